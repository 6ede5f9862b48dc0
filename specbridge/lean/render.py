"""Render a task's obligations for one spec as a single Lean file, each obligation a named theorem.

Layout (one file per task, one `import Mathlib`, checked by one Lean process):

    import Mathlib                                  -- + the task's / spec's allowed imports
    set_option maxHeartbeats N                      -- only our rendering sets options
    -- SpecBridge: spec begins                      -- the spec, verbatim (minus its imports)
    …
    -- SpecBridge: spec ends
    namespace SpecBridge.Obligations
    theorem obl_<key> :                             -- the obligation (¬ … for the reject kinds)
        <statement>
        := by
      first
      | (decide; done)
      | …                                           -- the tactic cascade, one alternative per line
    #print axioms obl_<key>                         -- completion marker + audit (sorryAx = not proved)
    theorem obl_<key>_neg : ¬ (<statement>) := …    -- proved ⇒ the obligation is disproved
    #print axioms obl_<key>_neg
    …
    end SpecBridge.Obligations

Every line belongs to at most one region (`spec`, a theorem's `statement` or `proof`), so every Lean
message maps back to exactly one obligation (or to the spec). A VERINA-style postcondition takes the
precondition proof: it is discharged by the `pre_accepts` theorem of the same test input (or by a helper
theorem `pre_<i>` proved with the same cascade), so a postcondition obligation whose precondition was not
proved depends on `sorryAx` and is never reported as proved.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from specbridge.errors import TaskFormatError
from specbridge.lean.sandbox import ALLOWED_IMPORT_ROOTS
from specbridge.obligations import Obligation, ObligationKind
from specbridge.settings import LeanSettings
from specbridge.tasks import Task

NAMESPACE = "SpecBridge.Obligations"
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
    defs = ", ".join(definitions)
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


# --- spec inspection -----------------------------------------------------------------------------------

_DEF_RE = re.compile(
    r"^[ \t]*(?:@\[[^\]]*\][ \t\n]*)?(?:(?:private|protected|noncomputable|partial)[ \t]+)*"
    r"(?:def|abbrev)[ \t]+([^\s(:{\[]+)",
    re.MULTILINE,
)
_IMPORT_RE = re.compile(r"^[ \t]*import[ \t]+([^\s]+)[ \t]*$", re.MULTILINE)


def spec_definitions(spec_text: str) -> list[str]:
    """Names of the `def`/`abbrev`s a spec declares, in order (unfolded by the cascade's simp steps)."""
    names: list[str] = []
    for m in _DEF_RE.finditer(_strip_comments(spec_text)):
        if m.group(1) not in names:
            names.append(m.group(1))
    return names


def postcondition_takes_precondition(spec_text: str, postcond_name: str, precond_name: str) -> bool:
    """Whether `def <postcond> …` has a binder mentioning the precondition (VERINA's `h_precond`)."""
    text = _strip_comments(spec_text)
    m = re.search(rf"\bdef[ \t]+{re.escape(postcond_name)}\b(.*?):=", text, re.DOTALL)
    return bool(m) and re.search(rf"\b{re.escape(precond_name)}\b", m.group(1)) is not None


def _strip_comments(text: str) -> str:
    """Blank out `--` and nested `/- -/` comments (keeping line structure)."""
    out: list[str] = []
    i, n, depth = 0, len(text), 0
    in_string = False
    while i < n:
        c = text[i]
        if depth == 0 and not in_string and text.startswith("--", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif not in_string and text.startswith("/-", i):
            depth += 1
            out.append("  ")
            i += 2
        elif depth and text.startswith("-/", i):
            depth -= 1
            out.append("  ")
            i += 2
        elif depth:
            out.append("\n" if c == "\n" else " ")
            i += 1
        else:
            if c == '"' and (i == 0 or text[i - 1] != "\\"):
                in_string = not in_string
            out.append(c)
            i += 1
    return "".join(out)


def _split_imports(text: str) -> tuple[list[str], str]:
    """The spec's `import` lines (to hoist to the file's top) and the spec without them."""
    imports = _IMPORT_RE.findall(text)
    body = _IMPORT_RE.sub("", text)
    return imports, body


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
        self.add(f"#print axioms {name}", "")
        return TheoremLines(name, start, proof_start, end, axioms_line)


def theorem_name(ob: Obligation, *, negated: bool = False) -> str:
    """`obl_<key>` (the obligation) or `obl_<key>_neg` (its negation)."""
    return f"obl_{ob.key}" + ("_neg" if negated else "")


def render_obligations(
    task: Task, spec_text: str, obligations: Sequence[Obligation], settings: LeanSettings | None = None
) -> RenderedFile:
    """One Lean file stating every obligation (and its negation) for `spec_text`, with the line map.

    The spec is pasted verbatim; callers refuse untrusted specs first (`sandbox.check_untrusted`).
    """
    settings = settings or LeanSettings()
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
    w.add("", f"/-! SpecBridge proof obligations for task `{task.id}` (generated; do not edit). -/", "")
    w.add(f"set_option maxHeartbeats {int(settings.max_heartbeats)}", "")
    w.add(SPEC_BEGIN)
    spec_start = w.next_line
    w.add(body.strip("\n") or "-- (empty spec)")
    spec_end = w.next_line - 1
    w.add(SPEC_END, "", f"namespace {NAMESPACE}", "")

    pre_theorem: dict[int, str] = {}  # test index -> a `pre_accepts` theorem rendered above
    helpers: dict[str, TheoremLines] = {}
    rendered: dict[str, RenderedObligation] = {}
    for ob in obligations:
        if ob.key in rendered:
            raise TaskFormatError(task.source or task.id, f"duplicate obligation {ob.key}")
        args = _inputs(task, ob)
        h_from: str | None = None
        if ob.kind in (ObligationKind.PRE_ACCEPTS, ObligationKind.PRE_REJECTS):
            core = f"{sig.precond_name} {args}".strip()
        else:
            if ob.output is None:
                raise TaskFormatError(task.source or task.id, f"obligation {ob.key} has no output value")
            core = f"{sig.postcond_name} {args} {_arg(ob.output, sig.return_type)}".replace("  ", " ")
            if takes_h:
                h_from = pre_theorem.get(ob.index)
                if h_from is None:
                    h_from = f"pre_{ob.index}"
                    if h_from not in helpers:
                        helpers[h_from] = w.theorem(h_from, f"{sig.precond_name} {args}".strip(), alternatives)
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
    )
