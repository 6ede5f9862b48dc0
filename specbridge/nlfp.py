"""The Natural-Language Formalization Plan (NLFP): a readable record of the formalization choices.

A plan names the inputs and their domains, the guards (what the precondition demands), the relation between
inputs and result as clauses — each in words plus its formal shape (quantifiers, witnesses, bounds) —, the edge
cases, and the Lean vocabulary to use. It renders as JSON and as Markdown; `parse_plan` reads either back from
model output, tolerating missing or reordered sections, other heading styles and extra prose.
"""

from __future__ import annotations

import json
import re

from pydantic import BaseModel, Field, ValidationError

from specbridge.errors import SpecBridgeError


class PlanParseError(SpecBridgeError):
    """Model output could not be read as a plan; the message says what was missing."""


class InputDomain(BaseModel):
    """One parameter and the values it ranges over (`any list`, `non-negative`, `sorted ascending`, ...)."""

    name: str
    type: str = ""
    domain: str = ""


class Clause(BaseModel):
    """One demand in words, with its formal shape (`∀ i < xs.length, ...`, `∃ j, ...`, `result = ...`)."""

    text: str
    shape: str = ""


class Plan(BaseModel):
    """The plan. `clauses` (the input/result relation) is the one section that must not be empty."""

    summary: str = ""
    inputs: list[InputDomain] = Field(default_factory=list)
    guards: list[Clause] = Field(default_factory=list)
    clauses: list[Clause] = Field(default_factory=list)
    edge_cases: list[str] = Field(default_factory=list)
    vocabulary: list[str] = Field(default_factory=list)
    definitions: list[str] = Field(default_factory=list)  # auxiliary Lean definitions the clauses use, verbatim

    def to_json(self) -> str:
        return self.model_dump_json(indent=2)

    def to_markdown(self) -> str:
        """The plan as Markdown with the fixed section headings `parse_plan` reads back."""
        out: list[str] = []
        if self.summary:
            out += ["## Summary", self.summary, ""]
        out.append("## Inputs")
        out += [
            f"- `{i.name}" + (f" : {i.type}`" if i.type else "`") + (f" — {i.domain}" if i.domain else "")
            for i in self.inputs
        ] or ["- (none)"]
        out += ["", "## Guards"]
        out += [_clause_md(c, bullet="-") for c in self.guards] or ["- none (the precondition is `True`)"]
        out += ["", "## Result"]
        out += [_clause_md(c, bullet=f"{n}.") for n, c in enumerate(self.clauses, 1)]
        if self.edge_cases:
            out += ["", "## Edge cases"] + [f"- {e}" for e in self.edge_cases]
        if self.vocabulary:
            out += ["", "## Lean vocabulary"] + [f"- {v}" for v in self.vocabulary]
        if self.definitions:
            out += ["", "## Auxiliary definitions"]
            out += [f"```lean\n{d.strip()}\n```" for d in self.definitions]
        return "\n".join(out).strip() + "\n"


def _clause_md(c: Clause, *, bullet: str) -> str:
    return f"{bullet} {c.text}" + (f"\n   - shape: `{c.shape.strip('`')}`" if c.shape else "")


# Section names as models write them, mapped to the plan's fields. Order matters: the first match wins.
_SECTIONS: list[tuple[str, re.Pattern[str]]] = [
    ("definitions", re.compile(r"auxiliary def|helper def|definitions", re.I)),
    ("edge_cases", re.compile(r"edge|corner|special case", re.I)),
    ("vocabulary", re.compile(r"vocab|lean (functions|names|library|notions)|library|functions to use|mathlib", re.I)),
    ("guards", re.compile(r"guard|precond|assum|require|pre-cond|valid input|restriction", re.I)),
    ("clauses", re.compile(r"result|relation|postcond|clause|ensure|output|guarantee|post-cond|property", re.I)),
    ("inputs", re.compile(r"input|param|argument|domain", re.I)),
    ("summary", re.compile(r"summary|goal|overview|task|plan|intent", re.I)),
]
_HEADING = re.compile(r"^\s*(?:#{1,6}\s*(.+?)\s*#*\s*$|\*\*(.+?)\*\*:?\s*$|([A-Z][A-Za-z /-]{2,40}):\s*$)")
_ITEM = re.compile(r"^(\s*)(?:[-*+•]|\d+[.)]|\(\w\))\s+(.*)$")
_NONE = re.compile(r"^\(?(none|nothing|no guards?|n/a|true|—|-)\b.*", re.I)


def parse_plan(text: str) -> Plan:
    """Read a plan from model output: JSON (fenced or bare) or Markdown sections; raises PlanParseError."""
    if not text or not text.strip():
        raise PlanParseError("the plan is empty")
    from_json = _try_json(text)
    if from_json is not None:
        return from_json
    text, definitions = _definitions(text)
    sections = _sections(text)
    if "clauses" not in sections:
        found = ", ".join(sorted(k for k in sections if k != "_preamble")) or "no recognisable sections"
        raise PlanParseError(
            "the plan has no result clauses: expected a '## Result' section listing the input/result relation "
            f"(found {found})"
        )
    plan = Plan(
        summary=_prose(sections, "summary"),
        inputs=[_input(i) for i in _items(sections.get("inputs", []))],
        guards=[_clause(i) for i in _items(sections.get("guards", [])) if not _NONE.match(i.strip())],
        clauses=[_clause(i) for i in _items(sections.get("clauses", []))],
        edge_cases=[i.strip() for i in _items(sections.get("edge_cases", []))],
        vocabulary=[v for i in _items(sections.get("vocabulary", [])) for v in _vocab(i)],
        definitions=definitions,
    )
    if not plan.clauses:
        raise PlanParseError("the plan's result section is empty: list the input/result relation as items")
    return plan


_DEFS = re.compile(r"^#{1,6}\s*(auxiliary|helper) definitions\s*$", re.I | re.M)
_LEAN_FENCE = re.compile(r"```lean[ \t]*\n(.*?)\n```", re.S)


def _definitions(text: str) -> tuple[str, list[str]]:
    """The plan text without its `## Auxiliary definitions` section, and that section's Lean blocks verbatim
    (kept apart because the section reader joins lines, and Lean definitions need their layout)."""
    m = _DEFS.search(text)
    if m is None:
        return text, []
    rest = text[m.end() :]
    nxt = re.search(r"^#{1,6}\s", rest, re.M)
    # A `#` inside a Lean block is not a heading: only look for the next heading after the last fence.
    blocks = list(_LEAN_FENCE.finditer(rest))
    end = len(rest)
    if nxt is not None:
        after = blocks[-1].end() if blocks else 0
        later = re.search(r"^#{1,6}\s", rest[after:], re.M)
        end = after + later.start() if later else len(rest)
    section = rest[:end]
    defs = [b.group(1) for b in _LEAN_FENCE.finditer(section)]
    return text[: m.start()] + rest[end:], defs


def _try_json(text: str) -> Plan | None:
    candidates = [m.group(1) for m in re.finditer(r"```(?:json)?\s*\n(\{.*?\})\s*```", text, re.S)]
    stripped = text.strip()
    if stripped.startswith("{") and stripped.endswith("}"):
        candidates.append(stripped)
    for raw in candidates:
        try:
            data = json.loads(raw)
        except json.JSONDecodeError:
            continue
        if not isinstance(data, dict):
            continue
        data = {_json_field(k): v for k, v in data.items()}
        try:
            plan = Plan.model_validate({k: v for k, v in data.items() if k in Plan.model_fields})
        except ValidationError as exc:
            first = exc.errors()[0]
            raise PlanParseError(
                f"the JSON plan has a bad field {'.'.join(map(str, first['loc']))}: {first['msg']}"
            ) from exc
        if not plan.clauses:
            raise PlanParseError("the JSON plan has no `clauses` (the input/result relation)")
        return plan
    return None


def _json_field(key: str) -> str:
    for name, pattern in _SECTIONS:
        if key in Plan.model_fields:
            return key
        if pattern.search(key.replace("_", " ")):
            return name
    return key


def _sections(text: str) -> dict[str, list[str]]:
    text = re.sub(r"```[\w]*\n?", "", text)  # a plan wrapped in a fence reads the same
    sections: dict[str, list[str]] = {}
    current = "_preamble"
    for line in text.splitlines():
        m = _HEADING.match(line)
        if m and not _ITEM.match(line):
            title = next(g for g in m.groups() if g)
            name = next((n for n, p in _SECTIONS if p.search(title)), None)
            if name is not None:
                current = name
                sections.setdefault(current, [])
                continue
        sections.setdefault(current, []).append(line)
    return sections


def _prose(sections: dict[str, list[str]], key: str) -> str:
    lines = sections.get(key) or sections.get("_preamble", [])
    return " ".join(ln.strip() for ln in lines if ln.strip() and not _ITEM.match(ln))


def _items(lines: list[str]) -> list[str]:
    """Bullet or numbered items; indented lines and sub-bullets continue the current item."""
    items: list[str] = []
    base_indent: int | None = None
    for line in lines:
        if not line.strip():
            continue
        m = _ITEM.match(line)
        indent = len(line) - len(line.lstrip())
        if m and (base_indent is None or indent <= base_indent):
            base_indent = indent
            items.append(m.group(2).strip())
        elif items:
            items[-1] += "\n" + (m.group(2).strip() if m else line.strip())
        elif line.strip():
            items.append(line.strip())  # prose without bullets: one item per line
    return items


_SHAPE_SPLIT = re.compile(r"\s*(?:[—–-]+\s*)?\b(?:formal(?:ly)?|shape|lean|formal shape)\s*:\s*", re.I)


def _clause(item: str) -> Clause:
    parts = _SHAPE_SPLIT.split(item, maxsplit=1)
    if len(parts) == 2:
        words, shape = parts
    else:
        code = re.findall(r"`([^`]+)`", item)
        words, shape = item, (code[-1] if code else "")
    words = re.sub(r"\s+", " ", words).strip(" —–-:")
    shape = " ".join(shape.replace("\n", " ").split()).strip().strip("`").strip()
    return Clause(text=words or shape, shape=shape)


def _input(item: str) -> InputDomain:
    first_line = item.replace("\n", " ")
    m = re.match(r"`([^`:]+?)\s*:\s*([^`]+)`\s*[—–:-]*\s*(.*)", first_line)
    if m:
        return InputDomain(name=m.group(1).strip(), type=m.group(2).strip(), domain=m.group(3).strip())
    m = re.match(r"`?(\w+)`?\s*(?:\(([^)]*)\))?\s*[—–:-]+\s*(.*)", first_line)
    if m:
        return InputDomain(name=m.group(1), type=(m.group(2) or "").strip(), domain=m.group(3).strip())
    return InputDomain(name=first_line.split()[0].strip("`"), domain=first_line)


def _vocab(item: str) -> list[str]:
    names = re.findall(r"`([^`]+)`", item)
    if names:
        return [n.strip() for n in names]
    return [p.strip() for p in re.split(r",|;", item.replace("\n", " ")) if p.strip()]


# ---------------------------------------------------------------------------------------------------------------
# describe(spec) -> plan: a readable plan for a spec written without one (the offline generator, references)

_GLOSSES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^List\.Pairwise \(· ≤ ·\) (\S+)$"), "`{0}` is sorted in non-decreasing order"),
    (re.compile(r"^List\.Pairwise \(· < ·\) (\S+)$"), "`{0}` is strictly increasing"),
    (re.compile(r"^List\.(?:isPerm|Perm) (\S+) (\S+)$"), "`{0}` and `{1}` hold the same elements with the same counts"),
    (re.compile(r"^(\S+) ≠ \[\]$"), "`{0}` is non-empty"),
    (re.compile(r"^(\S+)\.(?:length|size) > 0$"), "`{0}` is non-empty"),
    (re.compile(r"^result ∈ (\S+)$"), "the result is an element of `{0}`"),
    (re.compile(r"^result = (true|false) → (.+)$", re.S), "if the result is `{0}`, then `{1}`"),
    (re.compile(r"^([^→()∀∃,]+?) → (.+)$", re.S), "if `{0}`, then `{1}`"),
    (re.compile(r"^result = (.+)$", re.S), "the result equals `{0}`"),
    (re.compile(r"^∀ (\w+) ∈ ([^,]+), (.+)$", re.S), "every element `{0}` of `{1}` satisfies `{2}`"),
    (re.compile(r"^∃ (\w+) ∈ ([^,]+), (.+)$", re.S), "some element `{0}` of `{1}` satisfies `{2}`"),
    (re.compile(r"^∀ (\w+) < ([^,]+), (.+)$", re.S), "for every index `{0}` below `{1}`: `{2}`"),
    (re.compile(r"^∀ (\w+)(?: : \w+)?, \1 < ([^→]+?) → (.+)$", re.S), "for every index `{0}` below `{1}`: `{2}`"),
    (re.compile(r"^∃ (\w+) < ([^,]+), (.+)$", re.S), "some index `{0}` below `{1}` has `{2}`"),
    (re.compile(r"^\(?result = true\)? ↔ (.+)$", re.S), "the result is `true` exactly when `{0}`"),
    (re.compile(r"^let (\w+)(?: : [^:=]+)? := (.+)$", re.S), "write `{0}` for `{1}`"),
]


def _top_level_conjuncts(body: str) -> list[str]:
    """Top-level `∧` conjuncts and leading `let` lines of a Lean body; the whole body when splitting is unsafe."""
    lines = [ln.strip() for ln in body.strip().splitlines() if ln.strip() and not ln.strip().startswith("--")]
    lets = []
    while lines and lines[0].startswith("let ") and ":=" in lines[0] and not lines[0].endswith(":="):
        lets.append(lines.pop(0))
    rest = " ".join(ln.split("--", 1)[0].strip() for ln in lines)
    parts, depth, start, i = [], 0, 0, 0
    while i < len(rest):
        ch = rest[i]
        if ch in "([{⟨":
            depth += 1
        elif ch in ")]}⟩":
            depth -= 1
        elif depth == 0:
            word = re.match(r"(∀|∃|fun\b|λ|if\b|match\b|let\b)", rest[i:])
            if word and (i == 0 or not (rest[i - 1].isalnum() or rest[i - 1] in "_.'")):
                break  # a binder or block extends to the end: the rest is one clause
            if ch in "→↔∨":
                return [*lets, rest]  # `A ∧ B → C` is an implication as a whole
            if ch == "∧":
                parts.append(rest[start:i].strip())
                start = i + 1
        i += 1
    parts.append(rest[start:].strip())
    return lets + [p for p in parts if p]


def _wraps(text: str) -> bool:
    """Whether the opening parenthesis of `text` closes at its very end."""
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0:
            return i == len(text) - 1
    return False


def gloss(clause: str) -> str:
    """A short English reading of a Lean clause, for plans; falls back to quoting it."""
    text = " ".join(clause.split())
    while text.startswith("(") and text.endswith(")") and _wraps(text):
        text = text[1:-1].strip()
    for pattern, template in _GLOSSES:
        m = pattern.match(text)
        if m:
            return template.format(*(g.strip() for g in m.groups()))
    return f"holds: `{text}`"


def describe_spec(
    params: list[tuple[str, str]], return_type: str, precond: str, postcond: str, *, summary: str = ""
) -> Plan:
    """A plan read back from a spec's text: guards from the precondition, clauses from the postcondition."""
    guards = [Clause(text=gloss(c), shape=c) for c in _top_level_conjuncts(precond) if c != "True"]
    clauses = [Clause(text=gloss(c), shape=c) for c in _top_level_conjuncts(postcond)] or [
        Clause(text="no constraint on the result", shape="True")
    ]
    mentioned = " ".join(g.shape for g in guards)
    inputs = [
        InputDomain(
            name=n,
            type=t,
            domain="constrained by the guards"
            if re.search(rf"\b{re.escape(n)}\b", mentioned)
            else "any value of its type",
        )
        for n, t in params
    ]
    inputs.append(InputDomain(name="result", type=return_type, domain="the function's answer"))
    vocab = sorted(set(re.findall(r"\b(?:List|Array|String|Nat|Int|Char|Option)\.\w+", precond + " " + postcond)))
    vocab += sorted(
        set(
            re.findall(
                r"\.(?:length|size|count|toList|toArray|sum|reverse|take|drop|all|any|"
                r"filter|map|foldl|contains|get!|getD|eraseDups)\b",
                precond + " " + postcond,
            )
        )
    )
    return Plan(summary=summary, inputs=inputs, guards=guards, clauses=clauses, vocabulary=vocab)
