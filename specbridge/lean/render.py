"""Render a task's obligations for one spec as a single Lean file, each obligation a named theorem.

Layout (one file per task, one `import Mathlib`, checked by one Lean process):

    import Mathlib                                  -- + the task's / a trusted reference's allowed imports
    set_option maxHeartbeats N                      -- only our rendering sets options
    section SpecBridgeSpec                          -- the spec's `open`s end with this section
    -- SpecBridge: spec begins                      -- the spec, verbatim (minus a trusted reference's imports)
    …
    -- SpecBridge: spec ends
    end SpecBridgeSpec
    namespace SpecBridge.Obligations                -- a namespace the sandbox lets no spec enter or name
    theorem obl_<key> :                             -- the obligation (¬ … for the reject kinds), naming the
        <statement>                                 -- spec's definitions `_root_.<f>_postcond`
        := by
      first
      | (decide; done)
      | …                                           -- the tactic cascade, one alternative per line
    #print axioms _root_.SpecBridge.Obligations.obl_<key>  -- completion marker + axiom audit
    theorem obl_<key>_neg : ¬ (<statement>) := …    -- proved ⇒ the obligation is disproved
    #print axioms _root_.SpecBridge.Obligations.obl_<key>_neg
    …
    end SpecBridge.Obligations

`render_obligations` is the one gate for layer 3: it refuses (`UntrustedSpecError`) any spec text, test value or
type the sandbox refuses (`sandbox.check` with the caller's `Trust`), so every path that renders a file for Lean
is checked; `check_rendered` re-checks a rendered file before `lean check` hands it to Lean.

Every line belongs to at most one region (`spec`, a theorem's `statement` or `proof`), so every Lean
message maps back to exactly one obligation (or to the spec). A VERINA-style postcondition takes the
precondition proof: it is discharged by the `pre_accepts` theorem of the same test input (or by a helper
theorem `pre_<i>` proved with the same cascade), so a postcondition obligation whose precondition was not
proved depends on `sorryAx` and is never reported as proved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from specbridge.errors import LeanParseError, TaskFormatError, UntrustedSpecError
from specbridge.lean.lexer import IDENT, KW, SYM, Token, lex
from specbridge.lean.sandbox import ALLOWED_IMPORT_ROOTS, Trust, Violation, check, find_violations
from specbridge.obligations import Obligation, ObligationKind
from specbridge.settings import LeanSettings
from specbridge.tasks import Task

NAMESPACE = "SpecBridge.Obligations"
SPEC_SECTION = "SpecBridgeSpec"
SPEC_BEGIN = "-- SpecBridge: spec begins"
SPEC_END = "-- SpecBridge: spec ends"


class Region(StrEnum):
    """What a line of the rendered file belongs to."""

    HEADER = "header"
    SPEC = "spec"
    STATEMENT = "statement"  # the theorem's name and statement: errors here mean it does not elaborate
    PROOF = "proof"  # the tactic cascade: errors here mean no tactic closed the goal
    AXIOMS = "axioms"  # the `#print axioms` line after the theorem


@dataclass(frozen=True)
class TheoremLines:
    """Where one theorem sits in the file (1-based, inclusive line numbers)."""

    name: str  # unqualified, e.g. `obl_pre_accepts_0_neg`
    start: int  # the `theorem` line
    proof_start: int  # the `:= by` line
    end: int  # the last line of the cascade
    axioms_line: int  # the `#print axioms` line

    def region(self, line: int) -> Region | None:
        if self.start <= line < self.proof_start:
            return Region.STATEMENT
        if self.proof_start <= line <= self.end:
            return Region.PROOF
        if line == self.axioms_line:
            return Region.AXIOMS
        return None


@dataclass(frozen=True)
class RenderedObligation:
    """The theorems stating one obligation: `positive` (it holds) and `negative` (its negation holds)."""

    key: str
    positive: TheoremLines
    negative: TheoremLines
    precondition_from: str | None = None  # theorem whose proof is passed as `h_precond`, if any


@dataclass(frozen=True)
class RenderedFile:
    """A rendered Lean file plus the map from lines back to the spec and to obligations."""

    task_id: str
    source: str
    spec_start: int  # first line of the spec (after the begin marker)
    spec_end: int  # last line of the spec
    obligations: dict[str, RenderedObligation] = field(default_factory=dict)
    helpers: dict[str, TheoremLines] = field(default_factory=dict)  # precondition helpers, by name
    native_decide: bool = False  # the cascade may use native_decide (the runner then accepts its axioms)

    def locate(self, line: int) -> tuple[str | None, str | None, Region]:
        """(obligation key, theorem name, region) for a message on `line`; key None for spec/header/helpers."""
        if self.spec_start <= line <= self.spec_end:
            return None, None, Region.SPEC
        for key, ob in self.obligations.items():
            for thm in (ob.positive, ob.negative):
                region = thm.region(line)
                if region is not None:
                    return key, thm.name, region
        for name, thm in self.helpers.items():
            region = thm.region(line)
            if region is not None:
                return None, name, region
        return None, None, Region.HEADER


# --- the tactic cascade --------------------------------------------------------------------------------


def cascade(settings: LeanSettings, definitions: Sequence[str]) -> list[str]:
    """The cascade's alternatives as Lean tactic text, each closing the goal or failing (`…; done`).

    Known names get the spec's definitions unfolded (`simp_all [f_precond, …]`); any other configured
    entry is used verbatim. `native_decide` comes last and only when `settings.native_decide` is set.
    """
    defs = ", ".join(root(d) for d in definitions)
    unfold = f"simp only [{defs}] at *" if defs else "skip"
    with_defs = f" [{defs}]" if defs else ""
    out: list[str] = []
    for tactic in settings.tactics:
        t = tactic.strip()
        if t == "decide":
            out += ["decide", f"({unfold}; try decide)"] if defs else ["decide"]
        elif t in ("simp", "simp_all", "norm_num"):
            out.append(f"{t}{with_defs}")
        elif t == "simp_arith":  # deprecated spelling; `simp +arith` is the current syntax
            out.append(f"simp +arith{with_defs}")
        elif t in ("omega", "aesop", "linarith", "positivity", "trivial", "tauto"):
            out.append(f"(try {unfold}); try {t}")
        elif t == "native_decide":
            continue  # only through the opt-in below
        elif t:
            out.append(t)
    if settings.native_decide:
        out.append("native_decide")
        if defs:
            out.append(f"({unfold}; try native_decide)")
    return [f"({alt}; done)" for alt in out]


def root(name: str) -> str:
    """`_root_.<name>`: the spec's definition itself, whatever the obligations' namespace contains."""
    return name if name.startswith("_root_.") else f"_root_.{name}"


# --- spec inspection (through the one lexer) ---------------------------------------------------------------


def _tokens(spec_text: str) -> list[Token]:
    try:
        return lex(spec_text)
    except LeanParseError as exc:  # the gate refuses such text first; a direct caller gets a clear error
        raise UntrustedSpecError(f"spec does not lex: {exc}") from exc


def _declarations(tokens: list[Token]) -> list[tuple[int, Token]]:
    """(index of the name token, the `def`/`abbrev` keyword) for each top-level definition."""
    out: list[tuple[int, Token]] = []
    depth = 0
    for i, t in enumerate(tokens):
        if t.kind == SYM and t.text in ("(", "[", "{", "⟨", "⦃", "#[", "@["):
            depth += 1
        elif t.kind == SYM and t.text in (")", "]", "}", "⟩", "⦄"):
            depth = max(0, depth - 1)
        elif depth == 0 and t.kind == KW and t.text in ("def", "abbrev") and i + 1 < len(tokens):
            if tokens[i + 1].kind == IDENT:
                out.append((i + 1, t))
    return out


def spec_definitions(spec_text: str) -> list[str]:
    """Names of the `def`/`abbrev`s a spec declares, in order (unfolded by the cascade's simp steps)."""
    tokens = _tokens(spec_text)
    names: list[str] = []
    for i, _ in _declarations(tokens):
        name = str(tokens[i].value)
        if name not in names:
            names.append(name)
    return names


def postcondition_takes_precondition(spec_text: str, postcond_name: str, precond_name: str) -> bool:
    """Whether `def <postcond> …` has a binder mentioning the precondition (VERINA's `h_precond`)."""
    tokens = _tokens(spec_text)
    for i, _ in _declarations(tokens):
        if tokens[i].value != postcond_name:
            continue
        for t in tokens[i + 1 :]:
            if t.kind == SYM and t.text == ":=":
                break
            if t.kind == IDENT and t.value == precond_name:
                return True
        return False
    return False


def _split_imports(text: str) -> tuple[list[str], str]:
    """A trusted reference's `import` lines (hoisted to the file's top) and the spec without them.

    Found through the lexer, so an `import` inside a comment or string stays where it is. (Untrusted text
    has none: the sandbox refuses `import`.)
    """
    tokens = _tokens(text)
    lines = text.split("\n")
    imports: list[str] = []
    drop: set[int] = set()
    for i, t in enumerate(tokens):
        if t.kind == KW and t.text == "import" and t.col == 1 and i + 1 < len(tokens) and tokens[i + 1].kind == IDENT:
            name = tokens[i + 1]
            rest = lines[t.line - 1][name.col - 1 + len(name.text) :].strip()
            if name.line == t.line and (not rest or rest.startswith("--")):
                imports.append(str(name.value))
                drop.add(t.line - 1)
    return imports, "\n".join("" if k in drop else ln for k, ln in enumerate(lines))


# --- values --------------------------------------------------------------------------------------------


def _arg(value: str, type_: str) -> str:
    """A test value as an argument: parenthesized and ascribed, `(([1, 2]) : List Int)`."""
    return f"(({value.strip()}) : {type_.strip()})"


def _inputs(task: Task, ob: Obligation) -> str:
    args = []
    for p in task.signature.params:
        if p.name not in ob.inputs:
            raise TaskFormatError(task.source or task.id, f"obligation {ob.key} has no value for `{p.name}`")
        args.append(_arg(ob.inputs[p.name], p.type))
    return " ".join(args)


# --- the file ------------------------------------------------------------------------------------------


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []

    @property
    def next_line(self) -> int:
        return len(self.lines) + 1

    def add(self, *lines: str) -> None:
        for chunk in lines:
            self.lines.extend(chunk.split("\n"))

    def theorem(self, name: str, statement: str, alternatives: list[str]) -> TheoremLines:
        start = self.next_line
        self.add(f"theorem {name} :", f"    {statement}")
        proof_start = self.next_line
        self.add("    := by", "  first")
        for alt in alternatives:
            self.add(f"  | {alt}")
        end = self.next_line - 1
        axioms_line = self.next_line
        self.add(f"#print axioms _root_.{NAMESPACE}.{name}", "")  # ours, whatever the spec declared
        return TheoremLines(name, start, proof_start, end, axioms_line)


def theorem_name(ob: Obligation, *, negated: bool = False) -> str:
    """`obl_<key>` (the obligation) or `obl_<key>_neg` (its negation)."""
    return f"obl_{ob.key}" + ("_neg" if negated else "")


def _gate_values(task: Task, obligations: Sequence[Obligation]) -> None:
    """Test values and signature types are pasted into the theorems: the sandbox checks them as terms."""
    found: list[tuple[str, Violation]] = []
    items = [(f"type of `{p.name}`", p.type) for p in task.signature.params]
    items.append(("return type", task.signature.return_type))
    for ob in obligations:
        items += [(f"{ob.key}: `{k}`", v) for k, v in ob.inputs.items()]
        if ob.output is not None:
            items.append((f"{ob.key}: output", ob.output))
    seen: set[str] = set()
    for what, text in items:
        if text in seen:
            continue
        seen.add(text)
        for v in find_violations(text, term=True):
            found.append((what, v))
    if found:
        lines = "\n".join(f"  {what}: {v}" for what, v in found[:10])
        raise UntrustedSpecError(f"{task.source or task.id}: test value or type refused:\n{lines}")


def _comment_safe(text: str) -> str:
    """`text` for a Lean comment: nothing that could close (or open) one."""
    return "".join(c if c.isalnum() or c in "_-. " else "_" for c in text).replace("-/", "_/").replace("/-", "/_")


def render_obligations(
    task: Task,
    spec_text: str,
    obligations: Sequence[Obligation],
    settings: LeanSettings | None = None,
    *,
    trust: Trust = Trust.UNTRUSTED,
) -> RenderedFile:
    """One Lean file stating every obligation (and its negation) for `spec_text`, with the line map.

    The gate: `spec_text` is checked by the sandbox (`sandbox.check`) with `trust` — `Trust.TRUSTED` only for a
    dataset's own reference — and the test values and types as terms; a refusal raises `UntrustedSpecError`.
    """
    settings = settings or LeanSettings()
    check(spec_text, trust)
    _gate_values(task, obligations)
    sig = task.signature
    spec_imports, body = _split_imports(spec_text)
    task_imports = [ln.split()[1] for ln in task.metadata.get("imports", "").splitlines() if ln.startswith("import ")]
    imports = ["Mathlib"]
    for name in (*task_imports, *spec_imports):
        if name not in imports and name.split(".")[0] in ALLOWED_IMPORT_ROOTS:
            imports.append(name)

    defs = [d for d in (sig.precond_name, sig.postcond_name) if d]
    for d in spec_definitions(body):
        if d not in defs:
            defs.append(d)
    alternatives = cascade(settings, defs)
    takes_h = postcondition_takes_precondition(body, sig.postcond_name, sig.precond_name)

    w = _Writer()
    w.add(*(f"import {name}" for name in imports))
    w.add("", f"/-! SpecBridge proof obligations for task {_comment_safe(task.id)} (generated; do not edit). -/", "")
    w.add(f"set_option maxHeartbeats {int(settings.max_heartbeats)}", "")
    w.add(f"section {SPEC_SECTION}", SPEC_BEGIN)
    spec_start = w.next_line
    w.add(body.strip("\n") or "-- (empty spec)")
    spec_end = w.next_line - 1
    w.add(SPEC_END, f"end {SPEC_SECTION}", "", f"namespace {NAMESPACE}", "")

    pre_theorem: dict[int, str] = {}  # test index -> a `pre_accepts` theorem rendered above
    helpers: dict[str, TheoremLines] = {}
    rendered: dict[str, RenderedObligation] = {}
    for ob in obligations:
        if ob.key in rendered:
            raise TaskFormatError(task.source or task.id, f"duplicate obligation {ob.key}")
        args = _inputs(task, ob)
        h_from: str | None = None
        if ob.kind in (ObligationKind.PRE_ACCEPTS, ObligationKind.PRE_REJECTS):
            core = f"{root(sig.precond_name)} {args}".strip()
        else:
            if ob.output is None:
                raise TaskFormatError(task.source or task.id, f"obligation {ob.key} has no output value")
            core = f"{root(sig.postcond_name)} {args} {_arg(ob.output, sig.return_type)}".replace("  ", " ")
            if takes_h:
                h_from = pre_theorem.get(ob.index)
                if h_from is None:
                    h_from = f"pre_{ob.index}"
                    if h_from not in helpers:
                        statement = f"{root(sig.precond_name)} {args}".strip()
                        helpers[h_from] = w.theorem(h_from, statement, alternatives)
                core = f"{core} {h_from}"
        statement = core if ob.expects_true else f"¬ {core}"
        positive = w.theorem(theorem_name(ob), statement, alternatives)
        negative = w.theorem(theorem_name(ob, negated=True), f"¬ ({statement})", alternatives)
        rendered[ob.key] = RenderedObligation(ob.key, positive, negative, h_from)
        if ob.kind is ObligationKind.PRE_ACCEPTS:
            pre_theorem.setdefault(ob.index, theorem_name(ob))
    w.add(f"end {NAMESPACE}", "")
    return RenderedFile(
        task_id=task.id,
        source="\n".join(w.lines),
        spec_start=spec_start,
        spec_end=spec_end,
        obligations=rendered,
        helpers=helpers,
        native_decide=settings.native_decide,
    )


# --- re-checking a rendered file (`lean check FILE.lean`) ---------------------------------------------------


def _header_line_ok(ln: str) -> bool:
    """A line `render_obligations` writes before the spec (imports, the doc line, the heartbeat option)."""
    words = ln.split()
    if ln in ("", f"section {SPEC_SECTION}"):
        return True
    if len(words) == 2 and words[0] == "import":
        return words[1].split(".")[0] in ALLOWED_IMPORT_ROOTS and all(c.isalnum() or c in "._" for c in words[1])
    if len(words) == 3 and words[:2] == ["set_option", "maxHeartbeats"]:
        return words[2].isdigit()
    head, tail = "/-! SpecBridge proof obligations for task ", " (generated; do not edit). -/"
    if ln.startswith(head) and ln.endswith(tail):
        middle = ln[len(head) : -len(tail)]
        return _comment_safe(middle) == middle
    return False


def check_rendered(source: str, settings: LeanSettings | None = None) -> list[Violation]:
    """What stops a `.lean` file from going to Lean: empty when it is a SpecBridge rendering whose spec, test
    values and tactic cascade all pass the sandbox (untrusted); otherwise each problem with its line:column.

    A file that is not laid out as `render_obligations` writes it is refused as a whole: `lean check` runs only
    files SpecBridge rendered (and then checks them again, since anyone may have edited them)."""
    settings = settings or LeanSettings()
    lines = source.split("\n")

    def bad(line: int, what: str, reason: str) -> list[Violation]:
        return [Violation(what, line, 1, reason)]

    layout = "not a file rendered by `specbridge lean render` (its layout is the only one `lean check` accepts)"
    try:
        begin, end = lines.index(SPEC_BEGIN), lines.index(SPEC_END)
        ns_start = lines.index(f"namespace {NAMESPACE}")
        ns_end = len(lines) - 1 - lines[::-1].index(f"end {NAMESPACE}")
    except ValueError:
        return bad(1, "layout", layout)
    if not (begin < end < ns_start < ns_end) or lines.count(SPEC_BEGIN) != 1 or lines.count(SPEC_END) != 1:
        return bad(1, "layout", layout)
    for k, ln in enumerate(lines[:begin]):
        if not _header_line_ok(ln):
            return bad(k + 1, ln[:40], "unexpected line before the spec: " + layout)
    for k in range(end + 1, ns_start):
        if lines[k] not in ("", f"end {SPEC_SECTION}"):
            return bad(k + 1, lines[k][:40], "unexpected line after the spec: " + layout)
    for k in range(ns_end + 1, len(lines)):
        if lines[k].strip():
            return bad(k + 1, lines[k][:40], "unexpected line after the obligations: " + layout)
    out = find_violations("\n" * (begin + 1) + "\n".join(lines[begin + 1 : end]))
    # the obligations: theorems (checked as untrusted declarations) and their `#print axioms` lines
    region: list[str] = [""] * (ns_start + 1)
    for k in range(ns_start + 1, ns_end):
        ln = lines[k]
        words = ln.split()
        qualified = f"_root_.{NAMESPACE}."
        if (
            ln.startswith("#print axioms " + qualified)
            and len(words) == 3
            and all(c.isalnum() or c == "_" for c in words[2][len(qualified) :])
        ):
            region.append("")
            continue
        # our statements name the spec's definitions `_root_.<name>`; the cascade may use native_decide if opted in
        ln = ln.replace("_root_.", "")
        if settings.native_decide:
            ln = ln.replace("native_decide", "decide")
        region.append(ln)
    out += find_violations("\n".join(region))
    return sorted(out, key=lambda v: (v.line, v.column))
