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
        return "\n".join(out).strip() + "\n"


def _clause_md(c: Clause, *, bullet: str) -> str:
    return f"{bullet} {c.text}" + (f"\n   - shape: `{c.shape.strip('`')}`" if c.shape else "")


# Section names as models write them, mapped to the plan's fields. Order matters: the first match wins.
_SECTIONS: list[tuple[str, re.Pattern[str]]] = [
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
    )
    if not plan.clauses:
        raise PlanParseError("the plan's result section is empty: list the input/result relation as items")
    return plan


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
