"""The `offline` generator: a spec without any model, from solved tasks of a corpus and from mined patterns.

Two sources of candidates compete:

* corpus tasks, retrieved by requirement text (BM25, scored against the query's own ceiling) and signature
  shape, each one's spec adapted to the new signature — renaming the function and the parameters, and mapping
  types with `let` bindings (`Array`↔`List` via `.toArray`/`.toList`, `String`↔`List Char`, `Nat`↔`Int`, both at
  once) —;
* mined patterns (`specbridge.mining`: clause templates with typed slots, abstracted from the corpus's
  round-tripped plans), selected by the requirement phrases they go with and by whether the signature can fill
  their slots, instantiated for this signature and composed (single clauses, the clause set of a supporting
  task, pairs of the best clauses, with fitting guard patterns); they are also the fallback when no corpus task
  can be adapted. No pattern is written by hand: the mechanism is mining, the data is the corpus.

Variants are composed (another candidate's precondition, `True`, guards read from the requirement's wording such
as "non-empty" or "sorted"); a pattern and a corpus task that give the same spec reinforce each other. Ranking:

* with example tests: by the example obligations each candidate passes in the computable layer;
* without: by similarity (or pattern wording strength), then by whether the candidate parses and evaluates
  without error or `unknown` on inputs generated from the parameter types (made-up inputs, not the task's tests).

It never retrieves the task itself (same id or identical requirement text) and never sees hidden tests (it is
handed `task.visible_view()`, and calls `visible_view()` again itself). `Generation.notes` and the plan's summary
say plainly that the offline generator produced the spec and from what: corpus task id(s) or the pattern ids.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from specbridge.generate.base import Generation, GenerationContext
from specbridge.generate.extract import mentions, rename_identifiers, split_top_level, unread_inputs
from specbridge.generate.probes import probe_obligations
from specbridge.generate.repair import CheckResult, check_spec, check_untrusted, parse_spec
from specbridge.mining.shapes import (
    DIVIDES,
    EARLIER_NEIGHBOUR,
    EXCESS,
    LATER_NEIGHBOUR,
    ODD,
    arithmetic_unread,
    ends_unread,
    order_kept,
    quantifier_against,
    quantifier_wording,
    says_case_blind,
    sorts,
    stated_arithmetic,
    stated_ends,
)
from specbridge.nlfp import describe_spec
from specbridge.obligations import Obligation, Status
from specbridge.retrieval import Retriever
from specbridge.tasks import ReferenceSpec, Signature, Task, render_spec_source

TOP_K = 8  # corpus tasks adapted per task
MAX_PROBED = 16  # candidates evaluated on generated inputs (no example tests)
MAX_CHECKED = 128  # candidates checked on example tests (cheap beside the enumeration: 64 left right terms unchecked)
PATTERN_BASE = 0.0  # prior of a mined-pattern candidate: PATTERN_BASE + PATTERN_SCALE * its fit score
PATTERN_SCALE = 0.4
POST_FITS = 10  # result-clause patterns instantiated per task
ATOM_WEIGHT = 0.05  # prior per unit of requirement evidence for the predicate that fills a shape
SHAPE_FITS = 4  # result-clause shapes with predicate holes instantiated besides
PRE_FITS = 4  # guard patterns tried on the best pattern candidates
AGREEMENT_BONUS = 0.05  # a pattern and an adapted corpus spec that come out identical
GUARD_COST = 0.08  # a guard pattern narrows the inputs on the strength of phrases alone: not for free
UNUSED_PARAM_PENALTY = 0.08  # per parameter (two at most) that neither the pre- nor the postcondition mentions
HELPER_PENALTY = 0.1  # an adapted spec whose helpers' names have nothing to do with the requirement
RESTATED_OUTPUT_PENALTY = 0.1  # an adapted spec that writes a visible example's output the requirement does not
DETERMINACY_WEIGHT = 0.6  # cost of a postcondition admitting several results (or none) on made-up inputs
CONSENSUS_WEIGHT = 0.3  # for a candidate the other candidates agree with on every made-up input
MAX_TIED = 48  # candidates tied on the examples whose determinacy is measured
UNWRITTEN_CONSTANT_COST = 0.1  # per constant the words write (`written_constants`) that a tied spec leaves out
LENGTH_WEIGHT = 0.25  # cost of a 400-character postcondition against a short one (see `_length_cost`)
LENGTH_WEIGHT_BLIND = 0.05  # the same without examples, where the prior is all the evidence there is
RECALL_WEIGHT = 0.5  # a mined term's lexicon recall (the requirement words it accounts for) beside its precision


@dataclass
class Candidate:
    aux: str
    precond: str
    postcond: str
    sources: list[str]  # corpus task ids the parts came from
    prior: float  # retrieval similarity, adjusted by adaptation penalties and bonuses
    notes: list[str] = field(default_factory=list)
    check: CheckResult | None = None
    probe_penalty: float = 0.0
    answers: tuple = ()  # per made-up input, the one result the postcondition admits (None: none or several)
    pattern: str = ""  # the mined pattern id(s) the postcondition came from, if any
    primary: bool = False  # straight from a pattern or a corpus task (not a derived variant)
    agreed: bool = False  # a pattern and a corpus task both gave this spec
    support: tuple[str, ...] = ()  # for a pattern candidate: the corpus tasks its pattern(s) were mined from

    def spec(self) -> ReferenceSpec:
        return ReferenceSpec(aux=self.aux, precond=self.precond, postcond=self.postcond)

    def guarded(self, guard: tuple[str, str], bonus: float) -> Candidate:
        """A variant whose precondition also demands `guard` = (Lean condition, its wording for the notes)."""
        condition, wording = guard
        pre = condition if _norm_body(self.precond) == "True" else f"{condition} ∧ ({self.precond})"
        return self.with_precond(pre, bonus, f"added the guard: {wording}")

    def with_precond(self, precond: str, bonus: float, note: str) -> Candidate:
        """A variant with another precondition, its prior moved by `bonus`, and `note` said of it."""
        return Candidate(
            self.aux,
            precond,
            self.postcond,
            self.sources,
            self.prior + bonus,
            [*self.notes, note],
            pattern=self.pattern,
        )


@dataclass
class Ranking:
    """How the generator's last choice was made: every candidate (those checked on the examples have `check`),
    the ones tied best on the examples after the tie filters, and the one chosen. For measuring where a right
    spec sits (`benchmarks/offline_oracle.py`); nothing reads it back into a choice."""

    candidates: list[Candidate]
    tied: list[Candidate]
    chosen: Candidate


# ---------------------------------------------------------------------------------------------------------------
# Type mapping


def _norm(t: str) -> str:
    t = " ".join(t.replace("(", " ( ").replace(")", " ) ").split())
    t = re.sub(r"^\( (.*) \)$", r"\1", t)
    t = re.sub(r"Prod (\w+) (\w+)", r"\1 × \2", t)
    return t.replace("( ", "(").replace(" )", ")")


def _seq(t: str) -> tuple[str, str] | None:
    m = re.fullmatch(r"(Array|List) (.+)", _norm(t))
    if not m:
        return None
    return m.group(1), m.group(2)


def conversion(src_type: str, dst_type: str) -> tuple[str, float] | None:
    """How to turn a value `{v}` of `dst_type` into `src_type` (a Lean template, and a penalty), or None."""
    s, d = _norm(src_type), _norm(dst_type)
    if s == d:
        return "{v}", 0.0
    ss, ds = _seq(s), _seq(d)
    if ss and ds and ss[1] == ds[1]:
        return ("{v}.toArray" if ss[0] == "Array" else "{v}.toList"), 0.0
    if ss and ds and {ss[1], ds[1]} == {"Int", "Nat"}:  # element casts, then the container if it differs
        elem = "{v}.map (fun n => (n : Int))" if ss[1] == "Int" else "{v}.map Int.toNat"
        cost = 0.05 if ss[1] == "Int" else 0.15
        if ss[0] == ds[0]:
            return elem, cost
        return ("(" + elem + ").toArray" if ss[0] == "Array" else "(" + elem + ").toList"), cost + 0.02
    if s == "List Char" and d == "String":
        return "{v}.toList", 0.0
    if s == "Array Char" and d == "String":
        return "{v}.toList.toArray", 0.05
    if s == "String" and d == "List Char":
        return "String.mk {v}", 0.0
    opt = re.fullmatch(r"Option (.+)", s)
    if opt and _norm(opt.group(1)) == d:
        return "some {v}", 0.1
    if s == "Int" and d == "Nat":
        return "({v} : Int)", 0.05
    if s == "Nat" and d == "Int":
        return "{v}.toNat", 0.15  # lossy on negative values
    return None


def _compat(src_type: str, dst_type: str) -> float:
    """How well a source parameter type fits a target one: 3 equal, 2 convertible, 0.5 same shape, -1 not."""
    conv = conversion(src_type, dst_type)
    if conv is not None:
        return 3.0 if conv[0] == "{v}" else 2.0
    from specbridge.retrieval import type_shape

    return 0.5 if type_shape(src_type) == type_shape(dst_type) else -1.0


_NUMERIC = {"Nat", "Int", "UInt8", "UInt16", "UInt32", "UInt64", "Float", "Rat"}


def _retype_penalty(src_type: str, dst_type: str) -> float:
    """Reusing a body written for another type: cheap between number types (same operators), dearer otherwise."""
    a = set(re.findall(r"\w+", src_type)) - {"List", "Array", "Option", "Prod"}
    b = set(re.findall(r"\w+", dst_type)) - {"List", "Array", "Option", "Prod"}
    return 0.03 * max(len(a), 1) if (a | b) <= _NUMERIC else 0.2


def adapt(source: Task, target: Signature, *, prior: float) -> Candidate | None:
    """The source's reference spec rewritten for `target`; None when the shapes cannot be matched."""
    ref = source.reference
    if ref is None:
        return None
    src = source.signature
    n = len(src.params)
    if n != len(target.params) or n > 5:
        return None
    best: tuple[float, tuple[int, ...]] | None = None
    for perm in itertools.permutations(range(n)):
        score = 0.0
        for i, j in enumerate(perm):
            c = _compat(src.params[i].type, target.params[j].type)
            if c < 0:
                score = -1e9
                break
            score += c - (0.01 if i != j else 0.0)  # prefer the given order on ties
        if best is None or score > best[0]:
            best = (score, perm)
    if best is None or best[0] < 0:
        return None
    perm = best[1]
    notes: list[str] = []
    penalty = 0.0
    renames: dict[str, str] = {}
    lets: list[tuple[str, str, str]] = []  # (source name, target name, Lean `let` line)
    dst_names = {p.name for p in target.params}
    body_text = "\n".join((ref.precond, ref.postcond))
    for i, j in enumerate(perm):
        sp, dp = src.params[i], target.params[j]
        conv = conversion(sp.type, dp.type)
        if conv is None:  # same shape, no known conversion: reuse as written and let the probe judge it
            penalty += _retype_penalty(sp.type, dp.type)
            notes.append(f"reused `{sp.name} : {sp.type}` as `{dp.name} : {dp.type}` unchanged")
            template, cost = "{v}", 0.0
        else:
            template, cost = conv
        penalty += cost
        if template == "{v}":
            if sp.name != dp.name:
                renames[sp.name] = dp.name
        else:
            lets.append((sp.name, dp.name, f"let {sp.name} : {sp.type} := {template.format(v=dp.name)}"))
            notes.append(f"mapped `{dp.name} : {dp.type}` to `{sp.name} : {sp.type}`")
    # A rename must not capture a bound variable of the source body, nor collide with a let-bound name.
    let_names = {s for s, _, _ in lets}
    targets = set(renames.values())
    if (targets & let_names) or any(new not in renames and mentions(body_text, new) for new in targets):
        lets = [*((old, new, f"let {old} := {new}") for old, new in renames.items()), *lets]
        renames = {}
    if any(s in dst_names - {d} for s, d, _ in lets):
        return None  # a let would shadow another parameter: too tangled to adapt safely
    let_lines = [line for _, _, line in lets]
    result_conv = conversion(src.return_type, target.return_type)
    result_lets: list[str] = []
    if result_conv is None:
        if _compat(src.return_type, target.return_type) < 0:
            return None
        penalty += _retype_penalty(src.return_type, target.return_type)
        notes.append(f"reused the result type `{src.return_type}` as `{target.return_type}` unchanged")
    elif result_conv[0] != "{v}":
        penalty += result_conv[1]
        result_lets.append(f"let result : {src.return_type} := {result_conv[0].format(v='result')}")
        notes.append(f"mapped the result `{target.return_type}` to `{src.return_type}`")
    name_map = {src.precond_name: target.precond_name, src.postcond_name: target.postcond_name}
    if src.name != target.name:
        name_map[src.name] = target.name

    def rewrite(body: str, extra: list[str]) -> str:
        body = rename_identifiers(rename_identifiers(body, renames), name_map)
        prefix = [*let_lines, *extra]
        return "\n".join([*prefix, body.strip()]) if prefix else body.strip()

    pre = rewrite(ref.precond, [])
    post = rewrite(ref.postcond, result_lets)
    if _norm_body(ref.precond) == "True":
        pre = "True"
    aux = rename_identifiers(ref.aux, name_map) if ref.aux.strip() else ""
    return Candidate(aux=aux, precond=pre, postcond=post, sources=[source.id], prior=prior - penalty, notes=notes)


def _norm_body(body: str) -> str:
    return " ".join(body.split())


def _canonical(body: str) -> str:
    """A body's clauses, one line each, without the parentheses around top-level conjuncts: two candidates
    that differ only there are the same spec."""
    from specbridge.mining.clauses import split_body

    try:
        lets, parts = split_body(body)
    except Exception:  # noqa: BLE001 - text the lexer refuses: compare it as written
        return _norm_body(body)
    return " ∧ ".join([*(x.text for x in lets), *(x.text for x in parts)])


# ---------------------------------------------------------------------------------------------------------------
# Guards from the requirement's wording

_NON_EMPTY = re.compile(r"\bnon[- ]?empty\b|\bnot empty\b|\bat least one (element|item|number|character)", re.I)


_EMPTY_ALLOWED = re.compile(
    r"\b(can|may|could|might)\s+(also\s+)?be\s+empty|empty or non[- ]?empty|possibly empty"
    r"|\bempty (list|array|string|input|sequence)s? (is|are|returns?|should|yields?|gives?)\b"
    r"(?! not\b| never\b| invalid\b)"  # "an empty list is not a valid input" does not allow it
    r"|\bif\b[^.]{0,40}\b(is|are) empty"
    r"|\b(for|on|of) (the|an) empty (list|array|string|input|sequence)"
    r"|\ban empty (list|array|string|input|sequence) (has|gives|contains|yields|returns)\b",
    re.I,
)
# Said outright, the empty input is excluded, whatever else the text says of empty ones ("the maximum of an empty
# array is undefined and the empty array is not a valid input")
_EMPTY_FORBIDDEN = re.compile(
    r"\bempty (list|array|string|input|sequence)s? (is|are) (not (a )?valid|invalid|not allowed|never given)"
    r"|\b(must|should|will) (always )?(contain|have) at least one (element|item|number|character|value)"
    r"|\b(must|should|will|can) not be empty|\bcannot be empty|\bnever empty\b",
    re.I,
)
_STRICT = re.compile(r"\bdistinct\b|strictly increasing|no duplicates|without duplicates", re.I)


def wording_guard(task: Task) -> tuple[str, str] | None:
    """A guard the requirement states in words, as (Lean proposition, description); None when none is found.

    "non-empty" (or "at least one element") gives `p ≠ []` / `p.size > 0` / `p ≠ ""` on the first sequence
    parameter, unless the text also says empty inputs are allowed ("can be empty", "if the list is empty").
    """
    text = task.requirement
    if not _EMPTY_FORBIDDEN.search(text) and (not _NON_EMPTY.search(text) or _EMPTY_ALLOWED.search(text)):
        return None
    for p in task.signature.params:
        t = _norm(p.type)
        if t.startswith("List "):
            return f"{p.name} ≠ []", f"`{p.name}` is non-empty (from the requirement's wording)"
        if t.startswith("Array "):
            return f"{p.name}.size > 0", f"`{p.name}` is non-empty (from the requirement's wording)"
        if t == "String":
            return f'{p.name} ≠ ""', f"`{p.name}` is non-empty (from the requirement's wording)"
    return None


_SORTED_INPUT = re.compile(
    r"\bsorted (in )?((non-?decreasing|ascending|increasing) (order )?)?(array|list|sequence|input)"
    r"|\b(array|list|sequence|input)s? (is |are )?(assumed to be |must be |guaranteed to be |already |always |kept )?"
    r"sorted"
    r"|\b(array|list|sequence)s? (is |are )?(in |of )?(non-?decreasing|ascending|increasing) order"
    r"|\b(array|list|sequence)s? `\w+` (is|are) (already )?sorted",  # the parameter named in between
    re.I,
)
_SORTED_INPUT_STATED = re.compile(  # said of the input in so many words, whatever else the text says
    r"\b(assumed|guaranteed|must|required|expected) (to )?(be )?(already )?sorted|\bgiven (a |an )?sorted\b"
    r"|\binput (list|array|sequence)?\s?(is|are) (already )?sorted|\b(list|array|sequence) is always sorted",
    re.I,
)
_SORTING_TASK = re.compile(
    r"\b(whether|if|check|determine)s?\b[^.]{0,50}\bsorted|\bsort(s|ing)? (the|a|an|it|them)\b|\bsorted (copy|version)"
    r"|\b(return|produce|output|give|construct|build)(s|ed|ing)?\b[^.]{0,60}\b(sorted|ascending|descending|increasing)",
    re.I,
)


_CMP = {">": ">", "≥": "≥", ">=": "≥", "<": "<", "≤": "≤", "<=": "≤", "≠": "≠", "!=": "≠"}


_CONDITIONAL = re.compile(
    r"\b(if|when|whether|unless|otherwise|branch(es)?|case|either|returns?|result|output)\b", re.I
)


# a sentence naming what is not a valid input ("an empty interval (`lo > hi`) is not a valid input") states no bound
_EXCLUDED = re.compile(r"\b(not (a )?valid|invalid|not allowed|never (given|happens))\b", re.I)


def said_numbers(task: Task) -> set[str]:
    """The numbers a spec may write for `task` as its own: those the requirement states or implies, and 0 and 1."""
    from specbridge.mining.shapes import implied_numbers, requirement_numbers, stated_positions

    positions = {str(k) for k in stated_positions(task.requirement)}  # "the third item" is at index 2
    return set(requirement_numbers(task)) | set(implied_numbers(task)) | positions | {"0", "1"}


def unwritten_numbers(text: str, said: set[str], implied: Collection[str] = ()) -> set[str]:
    """The numerals of a Lean `text` not among `said` (`said_numbers`): constants of another task (`48` of
    `'0'.toNat`, `3000` of another task's input bounds). A number the words only imply (`implied`: the `2` of
    "even", the `60` of "minutes") is implied as an operand of `*`, `/`, `%` or an operation's argument
    (`x % 2`, `Nat.digits 10 n`), not as a number compared or looked for (`2 ≥ xs.countP p`, `2 ∈ xs`)."""
    out = set()
    for m in re.finditer(r"(?<![\w.'])\d+(?![\w'])", text):
        if m.group() not in said or (m.group() in implied and not _operand(text, m.start(), m.end())):
            out.add(m.group())
    return out


def _operand(text: str, start: int, end: int) -> bool:
    """Whether the numeral at `text[start:end]` is an operand of `*`, `/`, `%` or an operation's argument."""
    before, after = text[:start].rstrip(), text[end:].lstrip()
    return before.endswith(("*", "/", "%")) or after.startswith(("*", "/", "%")) or bool(re.search(r"[\w.]$", before))


def counted_members(text: str) -> int:
    """How many times a Lean `text` looks for a count or a length among a sequence's elements
    (`(xs.countP p) ∉ xs.filter q`, `(xs.length % 2) ∈ xs`): a number of things is no thing, though Lean types
    both as `Nat`."""
    found = 0
    for m in re.finditer(r"\s[∈∉]\s", text):
        before = text[: m.start()].rstrip()
        if before.endswith(")"):
            depth, i = 0, len(before) - 1
            while i >= 0:
                depth += {")": 1, "(": -1}.get(before[i], 0)
                if depth == 0:
                    break
                i -= 1
            left = before[i:]
        else:
            left = re.search(r"[\w.!?]*$", before).group()  # type: ignore[union-attr]
        found += bool(re.search(r"\.(?:countP|count|length|size)\b", left))
    return found


def unwritten_strings(text: str, requirement: str) -> set[str]:
    """The non-empty string literals of a Lean `text` the requirement never writes as a word or a sign of its own
    (`"..."` of another task's ellipsis, `"s"` of its plurals): another task's constants."""
    return {
        lit
        for lit in re.findall(r'"(?:[^"\\\n]|\\.)+"', text)
        if not re.search(rf"(?<!\w){re.escape(lit[1:-1])}(?!\w)", requirement)
    }


def unwritten_characters(text: str, mentioned: set[str]) -> set[str]:
    """The character literals of a Lean `text` not among `mentioned` (`mentioned_characters`): another task's
    constants (`'9'` compared in a task about numbers that never speaks of digits)."""
    return set(re.findall(r"(?<![\w'])'(?:[^'\\]|\\.)'", text)) - mentioned


def unstated_outputs(task: Task) -> set[str]:
    """The visible examples' number outputs (not 0 or 1) the requirement never states. A corpus spec that writes one
    as a literal (`restated_outputs`) meets that example through its own constant (another task's `-1` for "not
    found" meets the example whose smallest value is -1), not by what the words ask."""
    from specbridge.retrieval import without_example_numbers

    said = said_numbers(task)
    words = without_example_numbers(task.requirement)
    outputs = {"".join(case.expected.split()).strip("()") for case in task.tests}
    return {
        o
        for o in outputs
        if re.fullmatch(r"-?\d+", o) and o not in said and not re.search(rf"(?<![\w.]){re.escape(o)}(?![\w.])", words)
    }


def restated_outputs(task: Task, text: str, unstated: set[str] | None = None) -> list[str]:
    """The `unstated_outputs` of `task` (given, or read here) that a spec's `text` writes as literals."""
    unstated = unstated_outputs(task) if unstated is None else unstated
    written = {"".join(m.group(1).split()) for m in re.finditer(r"(?<![\w.'])(-\s*\d+|\d+)(?![\w.'])", text)}
    return sorted(unstated & written)


def stated_bounds(task: Task) -> tuple[str, str] | None:
    """Conditions on numeric parameters written out in the requirement (`d > 0`, `2 ≤ N`, "n is positive"), as
    one conjunction; None when none is stated. Sentences that describe cases or results ("if y ≠ 0", "returns
    true when n > 0") are not read as conditions on the input."""
    found, _ = _stated_bounds(task)
    if not found:
        return None
    return " ∧ ".join(found), f"{', '.join(f'`{f}`' for f in found)} (stated in the requirement)"


def result_text(task: Task) -> str:
    """The requirement without the sentences that state a bound on an input (`stated_bounds`): what it says of
    the result ("the divisor is always at least 1" asks for no `min`)."""
    _, sentences = _stated_bounds(task)
    text = task.requirement
    for sentence in sentences:
        text = text.replace(sentence, " ")
    return text


def _stated_bounds(task: Task) -> tuple[list[str], list[str]]:
    """The bounds `stated_bounds` reads, and the sentences it read them from."""
    from specbridge.mining.shapes import COMPARISON_PHRASE, abbreviates, comparison_of
    from specbridge.retrieval import NUMBER_WORDS, requirement_sentences

    params = {p.name: _norm(p.type) for p in task.signature.params}
    nums = sorted((n for n, t in params.items() if t in ("Nat", "Int")), key=len, reverse=True)
    if not nums:
        return [], []
    text = task.requirement.lower()
    # a parameter is also named by the word it abbreviates ("the quantity" for `qty`, "the lower end" for `lo`)
    spelled = {w: n for w in set(re.findall(r"[a-z]+", text)) for n in nums if abbreviates(n, w)}
    # a one-letter name stands for the noun a bound is said of ("the divisor is at least 1" for `d`) when no other
    # number parameter has that letter; a bound said of "which" is said of the one number parameter there is
    subjects = set(re.findall(r"\b([a-z]{4,})\s+(?:is|are)\s+(?:always\s+)?(?:at least|at most|positive)", text))
    for n in nums:
        if len(n) == 1 and sum(other[0] == n for other in nums) == 1:
            spelled.update({w: n for w in subjects if w[0] == n.lower() and w != "which"})
    if len(nums) == 1 and "which" in subjects:
        spelled["which"] = nums[0]

    def resolve(name: str) -> str:
        return name if name in params else spelled.get(name.lower(), name)

    nums = sorted([*nums, *spelled], key=len, reverse=True)
    names = "|".join(re.escape(n) for n in nums)
    numeral = "|".join(["-?\\d+", *NUMBER_WORDS])
    value = rf"(-?\d+|{names})(?!\.\d|[\w(\[^×*/])"
    found: list[str] = []
    sentences: list[str] = []
    for said in requirement_sentences(task.requirement):
        sentence = " ".join(said.split())  # "fewer\nthan 12"
        if _CONDITIONAL.search(sentence):
            continue
        if _EXCLUDED.search(sentence):
            if excluded := _excluded_range(sentence, params, spelled):
                found.append(excluded)
                sentences.append(said)
            continue
        before = len(found)
        for m in re.finditer(rf"(?<![\w.^])({names})\s*(>=|<=|!=|>|<|≥|≤|≠)\s*{value}", sentence):
            if m.group(3) != m.group(1):
                found.append(f"{m.group(1)} {_CMP[m.group(2)]} {m.group(3)}")
        flip = {"<": ">", "≤": "≥", "<=": "≥"}
        for m in re.finditer(rf"(?<![\w.^])(-?\d+)\s*(<=|<|≤)\s*({names})(?!\.\d|[\w(\[])", sentence):
            found.append(f"{m.group(3)} {flip[m.group(2)]} {m.group(1)}")
        for m in re.finditer(
            rf"(?<![\w.])(?P<x>{names})\b[^.;]{{0,25}}?\b(?:is|are|be)\s+(?:always\s+)?"
            rf"{COMPARISON_PHRASE}\s+(?P<limit>{numeral})\b",
            "" if _OF_RESULT.search(sentence) else sentence,
            re.I,
        ):
            limit = m.group("limit").lower()
            found.append(f"{resolve(m.group('x'))} {comparison_of(m)} {NUMBER_WORDS.get(limit, limit)}")
        # one parameter bounded by another in words: "lo is not larger than hi", "start is at most end"
        for m in re.finditer(
            rf"(?<![\w.])(?P<x>{names})\s+(?:is|are)\s+(?:always\s+)?{COMPARISON_PHRASE}\s+"
            rf"(?:the\s+)?(?P<y>{names})\b(?!\s*[-+*/])",
            sentence,
            re.I,
        ):
            if resolve(m.group("x")) != resolve(m.group("y")):
                found.append(f"{m.group('x')} {comparison_of(m)} {m.group('y')}")
        for m in re.finditer(
            rf"(?<![\w.])({names})\b[^.;]{{0,25}}?\b(is|are|be)\s+(assumed to be\s+|a\s+|strictly\s+)*"
            r"(positive|non-?negative|non-?zero|negative)",
            sentence,
            re.I,
        ):
            name, word = resolve(m.group(1)), m.group(4).lower().replace("-", "")
            bound = {"positive": "> 0", "nonnegative": "≥ 0", "nonzero": "≠ 0", "negative": "< 0"}[word]
            if not (params[name] == "Nat" and bound == "≥ 0"):
                found.append(f"{name} {bound}")
        if len(found) > before:
            sentences.append(said)
    found = [resolve(f.split()[0]) + f[len(f.split()[0]) :] for f in found]
    found = [f for f in dict.fromkeys(found) if not (params[f.split()[0]] == "Nat" and f.endswith(" ≥ 0"))]
    return found, sentences


# a sentence about what is returned ("returned as the pair (hours, minutes), where the left-over minutes are always
# below 60") bounds the result, not the input of the same name
_OF_RESULT = re.compile(r"\b(?:return|returns|returned|result|output|answer|left[- ]over|remainder)\b", re.I)


# the bound that excludes the inputs a range names: "scores above 100 are invalid" keeps `score ≤ 100`
_NEGATED = {">": "≤", "≥": "<", "<": "≥", "≤": ">", "=": "≠"}


def _excluded_range(sentence: str, params: dict[str, str], spelled: dict[str, str]) -> str | None:
    """The bound a sentence naming invalid inputs by one range of one number parameter states ("Scores above 100
    are invalid input" -> `score ≤ 100`, "Numbers from 7 upwards are not valid days" -> `day < 7`): the words
    before the range name the parameter (its name, a plural of it, a word it abbreviates), or the task has one
    number parameter. None for anything else (two ranges, a relation between parameters, an interval)."""
    from specbridge.generate.tables import range_conditions

    nums = [n for n, t in params.items() if t in ("Nat", "Int")]
    words = re.findall(r"[a-z]+", sentence.lower())
    named = {n for n in nums if n.lower() in words or f"{n.lower()}s" in words}
    named |= {spelled[w] for w in words if w in spelled}
    subject = next(iter(named)) if len(named) == 1 else nums[0] if len(nums) == 1 and not named else None
    if subject is None:
        return None
    conditions = range_conditions(sentence, subject, params[subject] == "Nat")
    if len(conditions) != 1:
        return None
    parts = conditions[0].split(" ")
    if len(parts) != 3 or parts[0] != subject or parts[1] not in _NEGATED:
        return None
    return f"{subject} {_NEGATED[parts[1]]} {parts[2]}"


_FLIPPED = {"<": ">", ">": "<", "≤": "≥", "≥": "≤", "=": "=", "≠": "≠"}  # `a < b` is `b > a`


def _comparisons_made(text: str, op: str, name: str) -> list[tuple[int, str]]:
    """Where and with which operator a Lean term compares something `op` the parameter `name`: `x0 < pivot` at
    ` <`, or `pivot > x0` at `pivot >`."""
    if op == DIVIDES:  # `n % 5 = 0`, `(n % 5) == 0`
        m = re.search(rf" % {re.escape(name)}\)? (?:=|==) 0(?![\w.])", text)
        return [(m.start(), "%")] if m else []
    if op == EXCESS:  # `x0 - cap`
        m = re.search(rf" - {re.escape(name)}(?![\w.])", text)  # (a constant before it: `_subject_is`)
        return [(m.start(), "-")] if m else []
    if op == ODD:  # `n % 2 = 1`, `(n % 2) ≠ 0`
        m = re.search(rf" % {re.escape(name)}\)? (?:(?:=|==) 1|(?:≠|!=) 0)(?![\w.])", text)
        return [(m.start(), "%")] if m else []
    flipped = _FLIPPED[op]
    spelled = [
        (re.search(rf"(?<![<>=≤≥≠]) {re.escape(op)} {re.escape(name)}(?![\w.])", text), op),
        (re.search(rf"(?<![\w.]){re.escape(name)} {re.escape(flipped)} (?![<>=])", text), flipped),
    ]
    return [(m.start(), symbol) for m, symbol in spelled if m is not None]


_CONSTANT = (r"-?\d+",)  # what `_subject_is` looks for: a numeral
_ELEMENT = (r"x0(?:\.[12])?",)  # an element, or a component of one


def _subject_is(text: str, position: int, symbol: str, subjects: Sequence[str]) -> bool:
    """Whether what the comparison `_comparisons_made` found at `position` compares is one of `subjects`
    (regexes): just before ` <symbol> `, or just after `<name> <symbol> `."""
    kinds = "|".join(subjects)
    before = re.search(rf"(?<![\w.])(?:{kinds})$", text[:position]) is not None
    after = re.match(rf"\S+ {re.escape(symbol)} (?:{kinds})(?![\w.])", text[position:]) is not None
    return before or after


# what a term over neighbouring pairs (`(xs.zip xs.tail).countP (fun x0 => x0.2 > x0.1)`) has for the lexicon
_NEIGHBOUR_FEATURES = frozenset({"id:zip", "id:tail", "id:fst", "id:snd", "op:[]"})
# what a term over two sequences side by side (`(xs.zip ys).countP (fun x0 => x0.1 = x0.2)`) has for the lexicon
_ALIGNED_FEATURES = frozenset({"id:zip", "id:fst", "id:snd", "op:[]"})
# what a term taking the amount between two numbers has for the lexicon (`stated_difference`)
_DIFFERENCE_FEATURES = frozenset({"op:-", "id:natAbs"})
# what a term taking an extreme the words ask for has for the lexicon (`stated_extremes`), and how it folds one
# over a sequence (`xs.foldl max 0`)
_EXTREME_FEATURES = {
    "max": frozenset({"id:max", "id:max?", "id:maximum?"}),
    "min": frozenset({"id:min", "id:min?", "id:minimum?"}),
}
_FOLDED_EXTREME = {"max": re.compile(r"\bfoldl? max\b"), "min": re.compile(r"\bfoldl? min\b")}
# what a term testing the beginning or the end the words say a sequence has (`stated_ends`) has for the lexicon, and
# its first or last element as a list (`s.toList.take 1`, `xs.reverse.take 1`: `end_views`)
_END_FEATURES = {
    "first": frozenset({"id:isPrefixOf", "id:startsWith", "id:IsPrefix", "id:isPrefix", "id:head?", "id:front"}),
    "last": frozenset({"id:isSuffixOf", "id:endsWith", "id:IsSuffix", "id:getLast?", "id:back"}),
}
# (read by an operation, `(xs.take 1).contains 0`; not compared whole, `xs ≠ xs.take 1`, which says no end)
_END_VIEW = {"first": re.compile(r"(?<!reverse)\.take 1\)\."), "last": re.compile(r"\.reverse\.take 1\)\.")}
_END_VIEW_FEATURES = {"first": frozenset({"id:take", "lit:1"}), "last": frozenset({"id:reverse", "id:take", "lit:1"})}
# Lean's last item of a sequence, for "the last even number" (`last_item_said`)
_LAST_ITEM_READ = re.compile(r"\.(?:getLast[?!D]?|back[?!]?)(?![\w?!])")
_LAST_ITEM_FEATURES = frozenset({"id:getLast?", "id:getLast!", "id:getLastD", "id:getLast", "id:back", "id:back?"})
# a number shifted by one: `n - 1`, `(a + b) + 1`, `1 + n` (not `x0.1`, `10`, `1.5`)
_SHIFT_BY_ONE = re.compile(r"[-+] 1(?![\w.])|(?<![\w.])1 [-+] ")
# a division and what it leaves, by the same divisor (`(days / 7, days % 7)`): the words' "left over"
_QUOTIENT_AND_REMAINDER = re.compile(
    r"/ (\w+|\([^()]*\))(?![\w(]).*% \1(?![\w(])|% (\w+|\([^()]*\))(?![\w(]).*/ \2(?![\w(])"
)
_ZIP_OF = re.compile(r"(?<![\w.])(\w+)(?:\.toList)?\.zip\s+(\w+)")


def zips_two(text: str) -> bool:
    """Whether a Lean term lines two different sequences up (`xs.zip ys`; not `xs.zip xs.tail`)."""
    return any(m.group(1) != m.group(2) for m in _ZIP_OF.finditer(text))


def stated_reading(
    text: str, compared: list[tuple[str, str]], totals: Collection[tuple[str, str]] = ()
) -> tuple[set[str], float]:
    """What the comparisons the words state (`stated_comparisons`, in their order) say of a Lean term, read in one
    pass: the lexicon features (`op:<`, `opl:> 10`) of those it makes as the words say them, which the words
    explain whatever the corpus paired with "above" (another comparison of the term, `countP (· ≤ budget) ≥
    budget`, is not explained by them); and the share of them it makes, halved when it makes them in another
    order ("count those below the pivot and those above it, in that order" is `(below, above)`). A comparison the
    words make of a total (`totals`) is not made of an element (`x0 ≤ budget`)."""
    features: set[str] = set()
    at: list[int] = []
    for op, name in compared:
        made = _comparisons_made(text, op, name)
        # a constant compared says nothing the words do (`51 ≤ budget`); nor an element, of a total they compare
        subjects = _CONSTANT + (_ELEMENT if (op, name) in totals else ())
        made = [(at_, symbol) for at_, symbol in made if not _subject_is(text, at_, symbol, subjects)]
        if made:
            at.append(min(position for position, _ in made))
        for _, symbol in made:
            if re.fullmatch(r"-?\d+", name):
                features.add(f"opl:{symbol} {name}")
            if symbol != "=":
                features.add(f"op:{symbol}")
            if op == DIVIDES:
                features.add("opl:= 0")
            if op == ODD:
                features |= {"opl:= 1", "opl:≠ 0", "op:≠"}
            if op == EXCESS:
                features.add("op:-")
            if name in (EARLIER_NEIGHBOUR, LATER_NEIGHBOUR):  # the words speak of neighbours: the pairs of them
                features |= _NEIGHBOUR_FEATURES
    share = len(at) / len(compared) * (1.0 if at == sorted(at) else 0.5) if at else 0.0
    return features, share


def sorted_guard(task: Task) -> tuple[str, str] | None:
    """`List.Pairwise (· ≤ ·)` on the sequence parameter(s) when the requirement says the input is sorted (and
    the task is not itself to sort or to check sortedness); strict when it also says the elements are distinct."""
    text = task.requirement
    if not _SORTED_INPUT_STATED.search(text) and (not _SORTED_INPUT.search(text) or _SORTING_TASK.search(text)):
        return None
    seqs = [p for p in task.signature.params if re.match(r"(List|Array) ", _norm(p.type))]
    if len(seqs) != 1 and not re.search(r"\b(two|both) (sorted|lists|arrays)", text, re.I):
        return None
    if not seqs:
        return None
    op = "<" if _STRICT.search(text) else "≤"
    parts = [f"List.Pairwise (· {op} ·) {p.name}{'.toList' if _norm(p.type).startswith('Array') else ''}" for p in seqs]
    names = ", ".join(f"`{p.name}`" for p in seqs)
    return " ∧ ".join(parts), f"{names} sorted (from the requirement's wording)"


_SAME_LENGTH = re.compile(
    r"\b(?:same|equal) (?:length|size|number of (?:elements|items|entries|values))s?\b|\blengths? (?:are|is) equal\b",
    re.I,
)


_TOGETHER = re.compile(r"\b(?:both|two|they|the (?:lists|arrays|strings|vectors|sequences|texts|inputs))\b", re.I)


def same_length_guard(task: Task) -> tuple[str, str] | None:
    """`xs.length = ys.length` when the requirement says, of a task's two sequence inputs, that they have the same
    length ("Both vectors must have the same length"); not a sentence that describes a case or the result ("if
    the lengths differ the answer is false", "return the array of that same length")."""
    from specbridge.retrieval import requirement_sentences

    seqs = [p for p in task.signature.params if _seq(p.type) is not None or _norm(p.type) == "String"]
    if len(seqs) != 2:
        return None

    def of_both(sentence: str) -> bool:
        """Said of the two inputs: both named, or spoken of together ("both vectors", "the arrays")."""
        named = all(re.search(rf"\b{re.escape(p.name)}\b", sentence) for p in seqs)
        return named or bool(_TOGETHER.search(sentence))

    if not any(
        _SAME_LENGTH.search(sentence) and not _CONDITIONAL.search(sentence) and of_both(sentence)
        for sentence in requirement_sentences(task.requirement)
    ):
        return None
    a, b = (f"{p.name}.{'size' if _norm(p.type).startswith('Array') else 'length'}" for p in seqs)
    return f"{a} = {b}", f"`{seqs[0].name}` and `{seqs[1].name}` of the same length (from the requirement's wording)"


# what the one character input is said to be ("Given a lower-case letter of the English alphabet"), and Lean's test
_GIVEN_CHAR = re.compile(
    r"\bgiven\s+(?:a|an|one)\s+(?:single\s+)?(?P<kind>lower[- ]?case letter|upper[- ]?case letter|capital letter"
    r"|(?:decimal\s+)?digit|letter)\b",
    re.I,
)
_CHAR_TESTS = {"lower": "isLower", "upper": "isUpper", "capital": "isUpper", "digit": "isDigit", "decimal": "isDigit"}


def char_kind_guard(task: Task) -> tuple[str, str] | None:
    """`c.isLower` (`isUpper`, `isDigit`, `isAlpha`) when the requirement says the one character input is given as
    such ("Given a lower-case letter …"); not "whether a character is a letter", which is what is decided."""
    from specbridge.retrieval import requirement_sentences

    chars = [p.name for p in task.signature.params if _norm(p.type) == "Char"]
    if len(chars) != 1:
        return None
    for sentence in requirement_sentences(task.requirement):
        flat = " ".join(sentence.split())
        m = _GIVEN_CHAR.search(flat)
        if m and not _CONDITIONAL.search(flat[: m.start()]):
            test = _CHAR_TESTS.get(m.group("kind").split()[0].split("-")[0].lower(), "isAlpha")
            return f"{chars[0]}.{test}", f"`{chars[0]}.{test}` (the requirement says what the character is given as)"
    return None


# "every word has at least one character", "no word is empty", "each string is non-empty": every element of a
# sequence of texts (or of lists) is non-empty
_ELEMENTS_NON_EMPTY = re.compile(
    r"\b(?:every|each|all)\s+(?:of\s+the\s+)?\w+\s+(?:has|have|contains?)\s+at\s+least\s+one\s+"
    r"(?:character|char|letter|element|item|entry|number|value)\b"
    r"|\b(?:no|none\s+of\s+the)\s+\w+\s+(?:is|are)\s+(?:ever\s+)?empty\b"
    r"|\b(?:every|each|all)\s+(?:of\s+the\s+)?\w+\s+(?:is|are)\s+(?:all\s+)?(?:non[- ]?empty|not\s+empty)\b",
    re.I,
)


def element_guard(task: Task) -> tuple[str, str] | None:
    """`∀ x ∈ words, x.length > 0` when the words say every element of the one sequence of texts (or of lists)
    is non-empty ("every word has at least one character")."""
    nested = [
        p for p in task.signature.params if re.fullmatch(r"(?:List|Array) (?:String|\(List \w+\))", _norm(p.type))
    ]
    if len(nested) != 1 or not _ELEMENTS_NON_EMPTY.search(task.requirement):
        return None
    name = nested[0].name
    members = name if _norm(nested[0].type).startswith("List") else f"{name}.toList"
    return f"∀ x ∈ {members}, x.length > 0", f"every element of `{name}` is non-empty (from the requirement's wording)"


def _already_guards(pre: str, param: str) -> bool:
    return mentions(pre, param) and _norm_body(pre) != "True"


# ---------------------------------------------------------------------------------------------------------------
# The generator


class OfflineGenerator:
    """Retrieval + adaptation + ranking; no model, no network. Used by default when no LLM is configured."""

    name = "offline"

    def __init__(self, *, top_k: int = TOP_K, use_patterns: bool = True):
        self.top_k = top_k
        self.use_patterns = use_patterns
        self.last_ranking: Ranking | None = None

    def _computable(self, context: GenerationContext) -> object | None:
        """The computable layer, built once per context (the batch runner makes a generator per task)."""
        cached = getattr(context, "_offline_layer", None)
        if cached is not None:
            return cached[0]
        try:
            from specbridge.evaluate.computable import ComputableLayer
        except ImportError:
            layer = None
        else:
            layer = ComputableLayer(context.settings.computable)
        context._offline_layer = (layer,)  # type: ignore[attr-defined]
        return layer

    def candidates(self, task: Task, context: GenerationContext) -> list[Candidate]:
        """Every candidate spec for `task`, best prior first (before any checking)."""
        corpus = [t for t in context.corpus if t.reference is not None]
        cache = getattr(context, "_offline_retriever", None)
        if cache is None or cache[0] is not context.corpus:
            cache = (context.corpus, Retriever(corpus))
            context._offline_retriever = cache  # type: ignore[attr-defined]
        from specbridge.mining.library import _doc_terms
        from specbridge.mining.shapes import helper_mismatch

        query = _doc_terms(task)
        unstated = unstated_outputs(task)  # once for every adapted candidate
        adapted: list[Candidate] = []
        for h in cache[1].search(task, len(corpus)):  # best first, until top_k adapt
            c = adapt(h.task, task.signature, prior=h.score)
            if c is not None:
                # Helpers of the source task carry its meaning: foreign unless their names speak of ours.
                # (Only a helper none of whose name's words occur: a corpus spec is a whole, tested reading.)
                if helper_mismatch(c.aux, c.precond + "\n" + c.postcond, query) >= 1.0:
                    c.prior -= HELPER_PENALTY
                if restated_outputs(task, c.aux + "\n" + c.postcond, unstated):
                    c.prior -= RESTATED_OUTPUT_PENALTY
                adapted.append(c)
                if len(adapted) >= self.top_k:
                    break
        if self.use_patterns:
            adapted += pattern_candidates(task, context)
            adapted += term_candidates(task, context)
        adapted += table_candidates(task)
        out: list[Candidate] = []
        seen: dict[tuple[str, str, str], Candidate] = {}

        def add(c: Candidate, primary: bool = False) -> None:
            key = (_norm_body(c.aux), _canonical(c.precond), _canonical(c.postcond))
            first = seen.get(key)
            if first is None:
                c.primary = primary
                seen[key] = c
                out.append(c)
                return
            # The same spec reached twice. From a pattern and from a corpus task, independently: more likely right.
            keep, other = (first, c) if first.prior >= c.prior else (c, first)
            both_primary = primary and first.primary
            pat, cor = (keep, other) if keep.pattern else (other, keep)
            # Independent only when the pattern was also mined from some task other than the adapted one.
            independent = bool(set(pat.support) - set(cor.sources))
            if both_primary and bool(keep.pattern) != bool(other.pattern) and independent and not keep.agreed:
                keep.prior += AGREEMENT_BONUS
                keep.agreed = True
                keep.notes = [*keep.notes, f"the same spec also comes from {_origin(other)}"]
            if keep is not first:
                out[out.index(first)] = keep
                seen[key] = keep

        guard = wording_guard(task)
        order = sorted_guard(task)
        bounds = stated_bounds(task)
        lengths = same_length_guard(task)
        kind = char_kind_guard(task)
        elements = element_guard(task)
        for c in adapted:
            add(c, primary=True)
            if elements and elements[0] not in c.precond:
                add(c.guarded(elements, 0.02))
            if kind and kind[0] not in c.precond:
                add(c.guarded(kind, 0.02))
            if lengths and lengths[0] not in c.precond:
                add(c.guarded(lengths, 0.02))
            if bounds and not all(part in _norm_body(c.precond) for part in bounds[0].split(" ∧ ")):
                add(c.guarded(bounds, 0.02))
            if order and "Pairwise" not in c.precond and "Sorted" not in c.precond:
                add(c.guarded(order, 0.03))
            if guard and not any(_already_guards(c.precond, p.name) for p in task.signature.params):
                add(c.guarded(guard, 0.02))
            if _norm_body(c.precond) != "True":
                # Empty inputs allowed in words while the source demanded non-emptiness: prefer no guard.
                empty_guard = re.search(r"≠ \[\]|≠ \"\"|\.(length|size) (> 0|≥ 1|!= 0|≠ 0)", c.precond)
                bonus = 0.12 if empty_guard and _EMPTY_ALLOWED.search(task.requirement) else -0.1
                add(
                    Candidate(
                        c.aux,
                        "True",
                        c.postcond,
                        c.sources,
                        c.prior + bonus,
                        [*c.notes, "precondition `True`"],
                        pattern=c.pattern,
                    )
                )
            if order and "(· ≤ ·)" in order[0] and "(· < ·)" in c.precond:
                # the words say sorted, not distinct: a source's strict order would refuse repeated values
                non_strict = c.precond.replace("(· < ·)", "(· ≤ ·)")
                add(c.with_precond(non_strict, 0.03, "non-strict order in the precondition (sorted, not distinct)"))
            if _STRICT.search(task.requirement) and "(· ≤ ·)" in c.precond:
                strict = c.precond.replace("(· ≤ ·)", "(· < ·)")
                add(c.with_precond(strict, 0.02, "strict order in the precondition (the requirement says distinct)"))
        # Compositions: one candidate's postcondition with another's precondition (both adapted to this task).
        corpus_adapted = [c for c in adapted if not c.pattern]
        for a, b in itertools.permutations(corpus_adapted[:4], 2):
            if _norm_body(b.precond) == "True":
                continue
            aux = "\n\n".join(x for x in (b.aux, a.aux) if x.strip()) if b.aux.strip() != a.aux.strip() else a.aux
            add(
                Candidate(
                    aux,
                    b.precond,
                    a.postcond,
                    [*a.sources, *b.sources],
                    (a.prior + b.prior) / 2 - 0.08,
                    [*a.notes, f"precondition from {_origin(b)}"],
                )
            )
        # A spec that never mentions one of the inputs ignores part of what it is given: rarely the reading meant.
        names = [p.name for p in task.signature.params]
        for c in out:
            c.prior -= UNUSED_PARAM_PENALTY * min(2, unread_inputs(c.precond + "\n" + c.postcond, names))
        out.sort(key=lambda c: -c.prior)
        return out

    def generate(self, task: Task, context: GenerationContext) -> Generation:
        """The best adapted corpus spec or pattern for `task`; an error when neither fits."""
        from specbridge.generate.enumerate import empty_case_tests, stated_tests

        task = task.visible_view()
        # the examples the requirement works through in words, and what it says of an empty input, count as the
        # visible ones do
        shown = {tuple(sorted(t.inputs.items())) for t in task.tests}
        said = [*stated_tests(task), *empty_case_tests(task)]
        stated = [t for t in said if tuple(sorted(t.inputs.items())) not in shown]
        shown_only = task
        task = task.model_copy(update={"tests": (*task.tests, *stated)})
        cands = self.candidates(task, context)
        if stated and not any(c.pattern == ENUMERATED for c in cands):
            # no term computes the words' examples as well: the terms computing the shown ones compete, ranked by
            # how many of them all they pass
            cands += [c for c in self.candidates(shown_only, context) if c.pattern == ENUMERATED]
        if not cands:
            return Generation(
                generator=self.name,
                error=f"offline: no corpus task could be adapted to `{task.signature.lean_header()}` "
                f"(corpus of {len(context.corpus)} task(s)) and no mined pattern fits its wording and "
                "signature; configure an LLM, or pass a corpus with a similar solved task (--corpus)",
            )
        layer = self._computable(context)
        has_examples = any(True for _ in task.tests) or any(True for _ in task.reject_inputs)
        chosen = self._rank(task, context, cands, layer, has_examples)
        spec_text = render_spec_source(task.signature, chosen.spec())
        src = ", ".join(dict.fromkeys(chosen.sources))
        if chosen.pattern == STATED_TABLE:
            origin = "the table or the ranges the requirement states in words (specbridge/generate/tables.py)"
            first = f"Produced by the offline generator (no LLM): {origin}; no corpus task."
        elif chosen.pattern == ENUMERATED:
            origin = "a term enumerated over the corpus's operations (specbridge/generate/enumerate.py)"
            first = (
                f"Produced by the offline generator (no LLM): {origin}, one that computes the visible examples, "
                "chosen by the requirement's words; no corpus task."
            )
        elif chosen.pattern:
            origin = f"the mined pattern(s) `{chosen.pattern}` (specbridge/mining, pattern library)"
            first = (
                f"Produced by the offline generator (no LLM): instantiated {origin}, chosen by the requirement's "
                "phrases and the signature's shape"
                + (f"; with clause(s) from corpus task(s) {src} (see below)." if src else "; no corpus task.")
            )
            origin += f" with clause(s) from {src}" if src else ""
        else:
            origin = src
            first = f"Produced by the offline generator (no LLM): adapted from corpus task(s) {src}."
        lines = [
            first,
            f"Ranked {len(cands)} candidate(s) "
            + (
                "by the example tests passed in the computable layer."
                if has_examples and layer is not None
                else "by requirement/signature similarity or pattern wording strength, and by evaluating cleanly "
                "on generated inputs "
                "(no example tests visible)."
            ),
        ]
        if chosen.check is not None and chosen.check.total:
            lines.append(f"Example obligations passed: {chosen.check.passed}/{chosen.check.total}.")
        lines += chosen.notes
        plan = describe_spec(
            [(p.name, p.type) for p in task.signature.params],
            task.signature.return_type,
            chosen.precond,
            chosen.postcond,
            summary=f"Read back from the spec the offline generator "
            f"{'built from' if chosen.pattern else 'adapted from'} {origin} (no model wrote this plan).",
        )
        return Generation(generator=self.name, spec_text=spec_text, plan=plan.to_markdown(), notes="\n".join(lines))

    def _rank(
        self, task: Task, context: GenerationContext, cands: list[Candidate], layer: object | None, has_examples: bool
    ) -> Candidate:
        checker = context.checker
        if has_examples and (layer is not None or checker is not None):
            pool = _pool(cands, MAX_CHECKED, share=0.5)  # the examples can afford to try more shapes
            for c in pool:
                text = render_spec_source(task.signature, c.spec())
                c.check = checker(task, text) if checker is not None else check_spec(task, text, layer)
            checked = [c for c in pool if c.check is not None]
            top = max(c.check.score() for c in checked)  # type: ignore[union-attr]
            tied = sorted((c for c in checked if c.check.score() == top), key=lambda c: -c.prior)  # type: ignore[union-attr]
            tied = _deciding(task, _reading_every_input(task, _without_additions(task, tied)))
            if len(tied) > 1 and layer is not None:
                # The examples cannot tell these apart: prefer a spec that pins the result down on made-up
                # inputs (determinacy), then the shorter one (the simpler reading of the same evidence).
                tied = tied[:MAX_TIED]
                pairs = determinacy_pairs(task, computed_by=tied)
                for c in tied:
                    text = render_spec_source(task.signature, c.spec())
                    share, c.answers = _determinacy(task, text, layer, pairs) if pairs else (0.0, ())
                    c.probe_penalty = DETERMINACY_WEIGHT * share
                agreement = consensus(tied, by_rarity=_decision(task))
                constants = written_constants(task)
                quantified = _quantifier_said(task)
                ends = _ends_said(task)
                arithmetic = stated_arithmetic(result_text(task))
                unsorted = order_kept(task.requirement)
                best = max(
                    tied,
                    key=lambda c: (
                        c.prior
                        - c.probe_penalty
                        - _length_cost(c)
                        + CONSENSUS_WEIGHT * agreement[id(c)]
                        - UNWRITTEN_CONSTANT_COST * len(left_out(constants, c.spec()))
                        - QUANTIFIER_COST * quantifier_against(quantified, c.postcond)
                        - END_COST * ends_unread(ends, c.aux + "\n" + c.postcond)
                        - ARITHMETIC_COST * arithmetic_unread(arithmetic, c.aux + "\n" + c.postcond)
                        - SORT_COST * (unsorted and sorts(c.aux + "\n" + c.postcond))
                    ),
                )
            else:
                best = tied[0]
            if best.check is not None and not best.check.ok and best.check.parsed:

                def run_check(c: Candidate) -> CheckResult:
                    text = render_spec_source(task.signature, c.spec())
                    return checker(task, text) if checker is not None else check_spec(task, text, layer)

                best = compose_clauses(best, checked, run_check)
            self.last_ranking = Ranking(cands, tied, best)
            return best
        probes = probe_obligations(task)
        pairs = determinacy_pairs(task)
        pool = _pool(cands, MAX_PROBED)
        for c in pool:
            text = render_spec_source(task.signature, c.spec())
            c.probe_penalty = _probe(task, text, layer, probes)
            if c.probe_penalty < 5.0 and layer is not None and pairs:
                c.probe_penalty += DETERMINACY_WEIGHT * _determinacy(task, text, layer, pairs)[0]
        # no consensus here: measured, without examples it lost a task (LOO 21 -> 20) and won none
        best = max(pool, key=lambda c: c.prior - c.probe_penalty - _length_cost(c, LENGTH_WEIGHT_BLIND))
        self.last_ranking = Ranking(cands, [best], best)
        return best


def _equated_term(postcond: str, *, through_list: bool = False) -> str | None:
    """The term of a result equation `result = <term>` (or `result.toList = <term>` when `through_list`); None
    for any other postcondition."""
    from specbridge.mining.shapes import _close

    m = re.fullmatch(r"result(\.toList)? = (.+)", postcond.strip(), re.S)
    if not m or (m.group(1) and not through_list):
        return None
    term = m.group(2)
    # the parentheses `result_equation` puts round a term of a looser operator are not the term's
    return term[1:-1] if term.startswith("(") and _close(term, 0) == len(term) - 1 else term


def _without_additions(task: Task, tied: list[Candidate]) -> list[Candidate]:
    """`tied` (all passing the same examples) without a result equation built over another one's term under the
    same precondition: what the outer operation adds (`(xs.filter p).eraseDups` over `xs.filter p`) is nothing
    the examples show."""
    from specbridge.generate.enumerate import adds_nothing, no_result_said

    # (a table the words state is read, not fitted: its rows' values are no additions to a constant term; nor is
    # the `none` of inputs the words say have no result)
    guarded = re.compile(r"if .+ then \(some .+\) else none") if no_result_said(task) else None
    names = [p.name for p in task.signature.params]
    terms = {
        id(c): None
        if c.pattern == STATED_TABLE or (guarded and guarded.fullmatch(_equated_term(c.postcond) or ""))
        else _equated_term(c.postcond, through_list=True)
        for c in tied
    }
    kept = [
        c
        for c in tied
        if terms[id(c)] is None
        or not any(
            terms[id(d)] not in (None, terms[id(c)])
            and _norm_body(d.precond) == _norm_body(c.precond)
            and adds_nothing(terms[id(d)], terms[id(c)], names)  # type: ignore[arg-type]
            for d in tied
        )
    ]
    return kept or tied


def _reading_every_input(task: Task, tied: list[Candidate]) -> list[Candidate]:
    """Of candidates the examples cannot tell apart, those that read every input, when there are some: an input
    the requirement gives is there to be used, and a reading that leaves it out (`xs.filter p` for two lists
    compared position by position) fits the examples by chance where another reading fits them using it."""
    names = [p.name for p in task.signature.params]
    every = [c for c in tied if not unread_inputs(c.aux + "\n" + c.precond + "\n" + c.postcond, names)]
    return every or tied


def _deciding(task: Task, tied: list[Candidate]) -> list[Candidate]:
    """Of decisions the examples cannot tell apart (`result = true ↔ P`), those whose test `P` gives both answers
    on made-up inputs, when there are some: a test true (or false) on every input decides nothing, it fits the
    examples by being constant (`∀ x ∈ xs, x < 10` over small made-up lists). Other postconditions stay."""
    from specbridge.generate.enumerate import answers_vary

    if _norm(task.signature.return_type) != "Bool":
        return tied
    tests = {id(c): _decided_test(c) for c in tied}
    varies = answers_vary(task, [t for t in tests.values() if t is not None])
    kept = [c for c in tied if tests[id(c)] is None or varies.get(tests[id(c)], True)]
    return kept or tied


def _decided_test(c: Candidate) -> str | None:
    """`P` of a decision `result = true ↔ P` (or `result = P`) written without helpers; None otherwise."""
    from specbridge.mining.shapes import _close

    if c.aux.strip():
        return None
    post = " ".join(c.postcond.split())
    while post.startswith("(") and _close(post, 0) == len(post) - 1:
        post = post[1:-1]
    term = _equated_term(post)
    return term.removeprefix("true ↔ ") if term is not None else None


def _quantifier_said(task: Task) -> str | None:
    """The quantifier a decision's words ask for (`quantifier_wording`): "made only of letters", all of them."""
    from specbridge.retrieval import without_example_numbers

    if _norm(task.signature.return_type) != "Bool":
        return None
    return quantifier_wording(without_example_numbers(result_text(task)))


def _ends_said(task: Task) -> frozenset[str]:
    """The ends a decision's words say a sequence begins or ends with (`stated_ends`): "whether the text begins
    with a digit". (Another result's words may say so of an edge case: "if it starts with a space, …".)"""
    if _norm(task.signature.return_type) != "Bool":
        return frozenset()
    return stated_ends(result_text(task))


def written_constants(task: Task) -> set[str]:
    """The constants the requirement writes as such, as Lean literals: its numerals other than 0 and 1 (not the
    data of a worked example, nor a name's version), the characters it quotes or names where it does not
    negate them, and those it lists as a set ("the vowels a, e, i, o or u": `stated_sets`)."""
    from specbridge.mining.shapes import listed_characters, requirement_numbers, stated_characters
    from specbridge.retrieval import without_example_numbers

    # a version in a name ("a Lean 4 function") is no constant of the task
    words = _VERSIONED_NAME.sub(r"\1", without_example_numbers(task.requirement))
    numerals = {
        n for n in requirement_numbers(task) if n not in ("0", "1") and re.search(rf"(?<![\w.]){n}(?![\w])", words)
    }
    return numerals | set(listed_characters(task.requirement)) | {c for chars in stated_characters(task) for c in chars}


def formula_numbers(task: Task) -> list[str]:
    """The numbers a formula of the inputs may be made to read (`enumerate.stated_formulas`): the numerals the
    words write as constants (`written_constants`) and the numbers they imply ("percent": 100), not the bounds of
    a range they state ("between 0 and 23", "the range 0 to 9": a domain, no operand)."""
    from specbridge.mining.shapes import implied_numbers, unit_factors

    bounds = {n for m in _RANGE.finditer(task.requirement) for n in m.groups() if n is not None}
    numerals = [k for k in sorted(written_constants(task)) if re.fullmatch(r"-?\d+", k) and k not in bounds]
    # the constants of the units the words name first: a conversion reads them all (`c * 9 / 5 + 32`)
    units = unit_factors(set(re.findall(r"[a-z]+", task.requirement.lower())))
    return list(dict.fromkeys(units + numerals + implied_numbers(task)))


_RANGE = re.compile(
    r"\b(?:between|from|range)\s+(?:of\s+)?(-?\d+)\s+(?:and|to|through)\s+(-?\d+)\b"
    r"|(?<![\w.-])(-?\d+)\s*[-–]\s*(-?\d+)\b"
)

_VERSIONED_NAME = re.compile(r"(?<=[a-z,;] )([A-Z][A-Za-z]*) \d+(?:\.\d+)*\b")


def left_out(constants: Collection[str], spec: ReferenceSpec) -> set[str]:
    """The `constants` (`written_constants`) a spec never writes: what the words give it that it does not use,
    as an input it leaves out (`unread_inputs`). A digit the words write is used as a character too ("a digit
    from 0 to 9": `c ≤ '9'`)."""
    text = f"{spec.precond}\n{spec.postcond}"
    return {
        k
        for k in constants
        if not re.search(rf"(?<![\w.']){re.escape(k)}(?![\w'])", text) and not (k.isdigit() and f"'{k}'" in text)
    }


def _length_cost(c: Candidate, weight: float = 0.0) -> float:
    """A small cost for long postconditions: between specs the evidence cannot separate, the simpler one."""
    return (weight or LENGTH_WEIGHT) * min(1.0, len(_norm_body(c.postcond)) / 400)


def _pool(cands: list[Candidate], size: int, share: float = 0.25) -> list[Candidate]:
    """The candidates to check: the best by prior, with a `share` of the places kept for the best mined-pattern
    candidates, so that the checks (examples, determinacy) rather than the prior alone decide between the two."""
    # Round-robin over the patterns (best prior first within each): one shape's many predicate fillings must
    # not crowd the other shapes out of the checks.
    by_pattern: dict[str, list[Candidate]] = {}
    for c in cands:
        if c.pattern:
            # enumerated terms are each their own shape (and already computed the examples)
            key = c.pattern if c.pattern != ENUMERATED else f"{ENUMERATED}:{c.postcond}"
            by_pattern.setdefault(key, []).append(c)
    reserved: list[Candidate] = []
    queues = list(by_pattern.values())
    while queues and len(reserved) < int(size * share):
        for q in queues:
            if q and len(reserved) < int(size * share):
                reserved.append(q.pop(0))
        queues = [q for q in queues if q]
    rest = [c for c in cands if c not in reserved][: size - len(reserved)]
    return sorted(rest + reserved, key=lambda c: -c.prior)


_TOP_LEVEL_BLOCKERS = ("∀", "∃", "fun ", "λ", "→", "↔", "∨", "if ", "match ", "let ", "¬", "=>", "where")


def split_conjuncts(body: str) -> tuple[list[str], list[str]] | None:
    """(leading single-line `let`s, top-level `∧` conjuncts) of a body, or None when splitting is not safe."""
    lines = body.strip().splitlines()
    lets = []
    while lines and lines[0].strip().startswith("let ") and ":=" in lines[0]:
        lets.append(lines.pop(0).strip())
    rest = " ".join(ln.strip() for ln in lines)
    parts = [p.strip() for p in split_top_level(rest, "∧")]
    depth = 0
    for part in parts:
        flat, depth = [], 0
        for ch in part:
            depth += ch in "([{⟨"
            depth -= ch in ")]}⟩"
            flat.append(ch if depth == 0 else " ")
        if any(b in "".join(flat) for b in _TOP_LEVEL_BLOCKERS):
            return None
    if depth != 0 or any(not p for p in parts):
        return None
    return lets, parts


def _join(lets: list[str], parts: list[str]) -> str:
    wrap = len(parts) > 1
    joined = " ∧\n".join(f"({p})" if wrap and " " in p and not p.startswith("(") else p for p in parts)
    return "\n".join([*lets, joined or "True"])


def compose_clauses(
    best: Candidate, others: list[Candidate], run_check: Callable[[Candidate], CheckResult], budget: int = 24
) -> Candidate:
    """Greedy clause edits on the best candidate, kept only when they pass more example obligations: drop a
    conjunct of its postcondition (too strong), or add one taken from another candidate (too weak)."""
    split = split_conjuncts(best.postcond)
    if split is None or best.check is None:
        return best
    lets, parts = split
    pool: list[tuple[str, Candidate]] = []
    for other in others:
        if other is best or other.aux.strip() != best.aux.strip():
            continue
        osplit = split_conjuncts(other.postcond)
        if osplit is None or osplit[0] != lets:
            continue
        pool += [(p, other) for p in osplit[1] if p not in parts]
    current, current_parts, tries = best, parts, 0
    improved = True
    while improved and tries < budget and not current.check.ok:  # type: ignore[union-attr]
        improved = False
        edits: list[tuple[list[str], str, Candidate | None]] = [
            ([q for j, q in enumerate(current_parts) if j != i], f"dropped the clause `{p}`", None)
            for i, p in enumerate(current_parts)
            if len(current_parts) > 1
        ]
        edits += [
            ([*current_parts, p], f"added the clause `{p}` from {_origin(src)}", src)
            for p, src in dict(pool).items()
            if p not in current_parts
        ]
        for new_parts, note, src in edits:
            if tries >= budget:
                break
            tries += 1
            trial = Candidate(
                current.aux,
                current.precond,
                _join(lets, new_parts),
                list(dict.fromkeys([*current.sources, *(src.sources if src is not None else [])])),
                current.prior,
                [*current.notes, note],
                pattern=current.pattern,
            )
            trial.check = run_check(trial)
            if trial.check.score() > current.check.score():  # type: ignore[union-attr]
                current, current_parts, improved = trial, new_parts, True
                break
    return current


def _origin(c: Candidate) -> str:
    """Where a candidate came from, in words: corpus task id(s) or the generic pattern's name."""
    if c.pattern in (STATED_TABLE, ENUMERATED):
        return f"the {c.pattern}"
    if c.pattern:
        return f"the mined pattern(s) `{c.pattern}`"
    return f"corpus task {', '.join(c.sources)}"


def _probe(task: Task, spec_text: str, layer: object | None, probes: list[Obligation]) -> float:
    """A penalty for a spec that is refused, does not parse, or errs / is unknown on made-up inputs."""
    try:
        check_untrusted(spec_text)
        parse_spec(spec_text)
    except Exception:  # noqa: BLE001 - any failure here disqualifies the candidate, whatever its kind
        return 10.0
    if layer is None or not probes:
        return 0.0
    try:
        verdicts = layer.evaluate(task, spec_text, probes)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001
        return 5.0
    bad = sum(v.status in (Status.ERROR, Status.UNKNOWN) for v in verdicts)
    errors = sum(v.status is Status.ERROR for v in verdicts)
    return 0.3 * bad / max(1, len(verdicts)) + (0.5 if errors == len(verdicts) else 0.0)


# ---------------------------------------------------------------------------------------------------------------
# Candidates from mined patterns


def _per_context(context: GenerationContext, attr: str, source: object, build: Callable[[], object]) -> object:
    """What `build` makes from `source` (the context's corpus or library), made once and kept on the context:
    the batch runner makes a generator per task, but the corpus of a batch is one."""
    cached = getattr(context, attr, None)
    if cached is not None and cached[0] is source:
        return cached[1]
    value = build()
    setattr(context, attr, (source, value))
    return value


def _index(context: GenerationContext):  # noqa: ANN202 - a PatternIndex or None
    from specbridge.mining.transfer import PatternIndex, default_library, library_for, merged

    lib = library_for(context)

    def build() -> PatternIndex | None:
        # The corpus's patterns plus those of our own example tasks (the shipped default library).
        default = default_library()
        full = merged(lib, default) if lib is not None else default
        return PatternIndex(full, [t for t in context.corpus if t.reference is not None]) if full is not None else None

    return _per_context(context, "_offline_patterns", lib, build)


def _lexicon(context: GenerationContext):  # noqa: ANN202 - a Lexicon or None
    """The lexicon of the context's corpus (requirement words and Lean vocabulary that go together)."""
    from specbridge.mining.lexicon import Lexicon

    corpus = context.corpus
    return _per_context(
        context,
        "_offline_lexicon",
        corpus,
        lambda: Lexicon.from_tasks(corpus) if any(t.reference for t in corpus) else None,
    )


def _merge_aux(*auxes: str) -> str | None:
    """The union of helper sources, or None when two define the same name differently (would not compile)."""
    parts = list(dict.fromkeys(a.strip() for a in auxes if a.strip()))
    names: list[str] = []
    for a in parts:
        names += re.findall(r"^(?:@\[[^\]]*\]\s*)?(?:def|abbrev|partial def)\s+([^\s(:]+)", a, re.M)
    if len(names) != len(set(names)):
        return None
    return "\n\n".join(parts)


def _conj(texts: list[str]) -> str:
    return " ∧\n".join(f"({t})" for t in texts) if len(texts) > 1 else texts[0]


def pattern_candidates(task: Task, context: GenerationContext) -> list[Candidate]:
    """Candidates built from the mined patterns that fit `task`: single result clauses, the clause sets of the
    patterns' supporting tasks re-instantiated here, pairs of the best clauses, each with fitting guards."""
    from specbridge.mining.transfer import instantiate as _instantiate

    index = _index(context)
    if index is None:
        return []
    post = index.fitting(task, part="post", k=POST_FITS)
    # Generic shapes (predicate holes filled from the requirement's atoms) compete even when their own
    # supporting tasks' phrases say little about this requirement.
    seen_ids = {f.pattern.id for f in post}
    post += [f for f in index.fitting(task, part="post", k=SHAPE_FITS, holed=True) if f.pattern.id not in seen_ids]
    pre = index.fitting(task, part="pre", k=PRE_FITS)
    # Predicate holes: the corpus atoms whose words the requirement shares (and the task's own parameters),
    # then the corpus predicates that fit by phrases.
    atoms = index.atom_model.atoms(task, limit=6)
    preds = [a for a, _ in atoms] + index.predicates_for(task)

    def atom_bonus(text: str) -> float:
        """Evidence from the requirement for the predicate a shape was filled with (see `AtomModel.atoms`)."""
        hits = [score for a, score in atoms if a.split("=>", 1)[1].strip() in text]
        return ATOM_WEIGHT * max(hits, default=0.0)

    def instantiate(p, task, limit):  # noqa: ANN001, ANN202 - the pattern instantiation with this task's predicates
        return _instantiate(p, task, limit=limit, predicates=preds)

    if not post:
        return []
    by_id = {p.id: p for p in index.patterns}
    out: list[Candidate] = []

    def make(ids: list[str], texts: list[str], auxes: list[str], score: float, note: str) -> None:
        aux = _merge_aux(*auxes)
        if aux is None or not texts:
            return
        support = sorted({t for i in ids for t in by_id[i].tasks if t != task.id})
        out.append(
            Candidate(
                aux=aux,
                precond="True",
                postcond=_conj(texts),
                sources=[],
                prior=PATTERN_BASE + PATTERN_SCALE * score,
                notes=[note],
                pattern=", ".join(ids),
                support=tuple(support),
            )
        )

    for f in post:
        holed = "{p" in f.pattern.template or "{q" in f.pattern.template
        for rank, text in enumerate(instantiate(f.pattern, task, 6 if holed else 2)):
            bonus = atom_bonus(text) / PATTERN_SCALE if holed else 0.0
            make([f.pattern.id], [text], [f.pattern.aux], f.score - 0.01 * rank + bonus, _note(f))
    # The clause set of a supporting task: its other result patterns that fit here, instantiated alike.
    for f in post[:4]:
        for tid in [t for t in f.pattern.tasks if t != task.id][:2]:
            group = [f.pattern] + [by_id[q] for q in f.pattern.with_patterns if q in by_id and tid in by_id[q].tasks]
            texts, ids, auxes = [], [], []
            for p in group:
                inst = instantiate(p, task, 1)
                if inst:
                    texts.append(inst[0])
                    ids.append(p.id)
                    auxes.append(p.aux)
            if len(texts) > 1:
                make(ids, texts, auxes, f.score + 0.1, _note(f) + f"; with the other clauses of {tid}")
    # Pairs of the best-fitting clauses.
    for a, b in itertools.combinations(post[:5], 2):
        ia, ib = instantiate(a.pattern, task, 1), instantiate(b.pattern, task, 1)
        if ia and ib and ia[0] != ib[0]:
            together = b.pattern.id in a.pattern.with_patterns
            score = (a.score + b.score) / 2 + (0.03 if together else -0.05)
            make([a.pattern.id, b.pattern.id], [ia[0], ib[0]], [a.pattern.aux, b.pattern.aux], score, _note(a, b))
    # Guards: the best-fitting guard patterns on the best candidates. A constant the requirement never writes
    # (`≤ 3000` of another task's input bounds) is that task's, as for terms.
    said = said_numbers(task)
    guards = [
        (g, t, LITERAL_COST * len(unwritten_numbers(t, said))) for g in pre for t in instantiate(g.pattern, task, 1)
    ]
    for c in sorted(out, key=lambda c: -c.prior)[:4]:
        for g, text, foreign in guards:
            aux = _merge_aux(c.aux, g.pattern.aux)
            if aux is None:
                continue
            out.append(
                Candidate(
                    aux,
                    text,
                    c.postcond,
                    [],
                    c.prior + 0.1 * g.score - GUARD_COST - foreign,
                    [*c.notes, f"guard from the mined pattern `{g.pattern.id}` ({g.pattern.kind})"],
                    pattern=c.pattern,
                    support=c.support,
                )
            )
    return out


TERM_FITS = 12  # mined terms offered as `result = <term>` per task
# A term's prior: TERM_BASE + TERM_SCALE * its lexicon fit. Below the other sources on purpose: measured, a term
# chosen on words alone loses more tasks than it wins, so terms mostly compete where example tests can tell.
TERM_BASE = -0.2
TERM_SCALE = 0.6


def _terms(context: GenerationContext) -> list:  # noqa: ANN202 - mined terms of the context's corpus
    from specbridge.mining.terms import mine_terms

    corpus = context.corpus
    return _per_context(context, "_offline_terms", corpus, lambda: mine_terms(corpus))


def term_candidates(task: Task, context: GenerationContext) -> list[Candidate]:
    """`result = <term>` for the mined terms (see `specbridge.mining.terms`) whose Lean vocabulary the
    requirement accounts for best, by the mined lexicon; the probes reject what does not type-check."""
    from specbridge.generate.enumerate import list_view
    from specbridge.lean import types as ty
    from specbridge.lean.program import expression_type
    from specbridge.mining.lexicon import requirement_terms, spec_features
    from specbridge.mining.shapes import (
        aligned_sequences,
        comparison_wording,
        comparisons_against,
        ends_compared,
        half_ranges,
        implied_numbers,
        last_item_said,
        listed_characters,
        mentioned_characters,
        neighbour_comparisons,
        requirement_numbers,
        shift_by_one_said,
        stated_characters,
        stated_difference,
        stated_extremes,
        stated_positions,
        stated_remainder,
        stated_with_totals,
        unit_products,
        unit_readings,
        unsaid_connective,
    )
    from specbridge.mining.terms import corpus_lambdas, instantiations, is_operation, lambda_bodies

    lexicon = _lexicon(context)
    terms = _terms(context)
    if lexicon is None or not terms:
        return []
    terms = [t for t in terms if any(x != task.id for x in t.tasks)]  # mined only from this task: left out
    index = _index(context)
    atoms = case_blind(task, index.atom_model.atoms(task, limit=6)) if index is not None else []
    said = result_text(task)  # a bound on an input says nothing of the result
    words = requirement_terms(task.model_copy(update={"requirement": said}))
    wording = comparison_wording(said)
    names = [p.name for p in task.signature.params]
    # an Array or String result may be stated through its list view (`result.toList = xs.filter p`)
    result_type = _norm(task.signature.return_type)
    result_list = list_view(result_type)
    result_seq = result_list is not None

    def atom_evidence(text: str) -> float:
        """The requirement's evidence for the predicate filling a term's hole (see `AtomModel.atoms`)."""
        return max((score for a, score in atoms if f"({a})" in text), default=0.0)

    # the numbers the words state or imply (`/ 2` of "halved"): no other task's constants, and the enumeration's
    implied = said_numbers(task)
    only_implied = set(implied_numbers(task)) - set(requirement_numbers(task))  # "even" 2, not written
    characters = mentioned_characters(task)
    quoted = {c for chars in stated_characters(task) for c in chars}  # quoted or named, not a kind's ("digits")
    compared, totals = stated_with_totals(task)
    neighbours = neighbour_comparisons(task) + ends_compared(task)  # (limits no parameter names, as neighbours)
    aligned = aligned_sequences(task)
    differenced = stated_difference(task)
    remainder = stated_remainder(task)
    by_one = shift_by_one_said(task)
    extremes = stated_extremes(said)
    ends = stated_ends(said)
    positions = stated_positions(said)
    last_item = last_item_said(said)
    # the characters of a set the words list are written by them, whatever the corpus paired them with ('U' of
    # "upper-case vowels count too", listed with the vowels); not numbers: "1, 2, 3, 4, 6 and 12" works an example
    listed = {f"lit:{c}" for c in listed_characters(task.requirement)}

    def score(text: str) -> float:
        explained, stated = stated_reading(text, compared + neighbours, totals)
        explained |= listed
        if aligned and zips_two(text):  # the words line the two sequences up: the pairs of them are their reading
            explained |= _ALIGNED_FEATURES
        if differenced:  # the words say a difference: the corpus's "differ" mostly says `≠`, and never `Int.natAbs`
            explained |= _DIFFERENCE_FEATURES
        if remainder and _QUOTIENT_AND_REMAINDER.search(text):  # "whole weeks and the days left over"
            explained |= {"op:/", "op:%"}
        read_units, misread_units = unit_readings(task, text)  # "the hours in the given days": `days * 24`
        explained |= read_units
        for kind in extremes:  # "the largest": the corpus pairs its `max` with whatever else its tasks said
            explained |= _EXTREME_FEATURES[kind] | ({"id:foldl"} if _FOLDED_EXTREME[kind].search(text) else set())
        for k in positions:  # "the second item": Lean reads it at index 1, whatever the corpus paired "second" with
            if re.search(rf"\[{k}\]", text):
                explained |= {"op:[]", f"lit:{k}"}
        if last_item and _LAST_ITEM_READ.search(text):  # "the last even number": `(xs.filter p).getLast?`
            explained |= _LAST_ITEM_FEATURES
        for end in ends:  # "begins with a digit": the corpus pairs "begins" with whatever else its tasks said
            explained |= _END_FEATURES[end] | (_END_VIEW_FEATURES[end] if _END_VIEW[end].search(text) else set())
        fit = lexicon.score(spec_features(text, names), words, task.id, explained) + TERM_ATOM_WEIGHT * atom_evidence(
            text
        )
        # a constant the requirement never writes (`48` of `'0'.toNat`, `10` of a digit loop) is another task's
        unwritten = (
            # (a unit's constant read as the units are: `f - 32` of Fahrenheit is no comparison with 32)
            len(unwritten_numbers(text, implied, only_implied - {f[4:] for f in read_units}))
            + len(unwritten_characters(text, characters))
            + len(unwritten_strings(text, task.requirement))
        )
        # and so is a 1 added or taken away where the words give no reason to (`shift_by_one_said`)
        unwritten += max(0, len(_SHIFT_BY_ONE.findall(text)) - by_one)  # (a reason is for one: `(n + 1) + 1` is two)
        unwritten += misread_units  # and so is a unit's constant put to another use (`f % 32` of Fahrenheit)
        # as for every candidate (`candidates`): a term that leaves an input out reads less of the requirement
        unused = min(2, unread_inputs(text, names))
        # a comparison of the other kind than the words say ("strictly smaller" and `≤`)
        against = comparisons_against(wording, text)
        # a number of things looked for among things (`counted_members`)
        miscounted = counted_members(text)
        return (
            fit
            + STATED_COMPARISON_WEIGHT * stated
            - TERM_LENGTH_WEIGHT * min(1.0, len(text) / 80)
            - LITERAL_COST * unwritten
            - UNUSED_PARAM_PENALTY * unused
            - WORDING_COST * min(1, against)
            - COUNT_AMONG_ELEMENTS_COST * min(1, miscounted)
            - HALF_RANGE_COST * min(1, half_ranges(text, quoted))
            - CONNECTIVE_COST * unsaid_connective(said, text)
        )

    lambdas = corpus_lambdas(terms)
    predicates = [a for a, _ in atoms] + lambdas[:6]
    # what a `map` over the task's elements may compute: the corpus's operations on one element, by the lexicon
    element = _element_type(task)
    bodies = lambda_bodies(terms, task, element, pred=False) if element else []
    values = sorted(bodies, key=lambda b: (-score(b), len(b), b))[:VALUE_FILLS] + lambdas[:4]
    holes = {
        "pred": predicates,
        "value": values,
        "value2": _fold_steps(task, terms, element, score),
        "pred2": _orders(terms),
        "": predicates[:6] + values[:4],
    }

    scored: list[tuple[float, str, str, object]] = []
    for term in terms:
        for text in instantiations(term, task, holes.get(term.hole, []), limit=8):
            fit = score(text)
            if fit > 0:
                scored.append((fit, term.id, text, term))
    params = [(p.name, p.type) for p in task.signature.params]
    types: dict[str, str | None] = {}

    def type_text(text: str) -> str | None:
        """The Lean type the term elaborates to; None when unknown (ill-typed, or a name nobody defines)."""
        if text not in types:
            t = expression_type(params, text)
            types[text] = ty.lean_text(t) if t is not None else None
        return types[text]

    # one operation over another: the best short terms, typed, become operands of the corpus's operations
    operands: list[tuple[str, str]] = []
    fits: dict[str, float] = {}
    for fit, _tid, text, _term in sorted(scored, key=lambda x: (-x[0], x[1], x[2])):
        if len(operands) >= OPERANDS:
            break
        shown = type_text(text) if len(text) <= 40 else None
        if shown is not None and (text, shown) not in operands:
            operands.append((text, shown))
            fits[text] = fit
    if operands:
        for term in terms:
            if not is_operation(term):
                continue
            for text in instantiations(
                term, task, holes.get(term.hole, []), limit=4, values=operands + params, required=set(fits)
            ):
                # the operation must earn its place: the requirement accounts for its vocabulary too
                base = max(f for o, f in fits.items() if o in text)
                fit = score(text) - COMPOSE_COST
                if fit > base + COMPOSE_GAIN:
                    scored.append((fit, term.id, text, term))
    scored.sort(key=lambda x: (-x[0], x[1], x[2]))
    typed: list[tuple[float, str, str, object, set[str]]] = []
    tried = 0
    seen: set[str] = set()
    for fit, tid, text, term in scored:
        if text in seen:
            continue  # two terms that fill to the same text (`xs.filter p` as a method and as `List.filter`)
        seen.add(text)
        if len(typed) >= 3 * TERM_FITS or tried >= MAX_TERM_CHECKS:
            break
        for as_list, want in [(None, result_type), (result_list, result_list)][: 1 + result_seq]:
            tried += 1
            # (a decision joining two, `a ∧ b`, is enclosed: `result = a ∧ b` reads `(result = a) ∧ b`; a comparison
            # `a = b` is not, as before: measured, offering the corpus's comparisons as whole results added chance
            # readings)
            post = f"result.toList = {text}" if as_list else f"result = {_enclosed(text, _CONNECTIVES)}"
            # a name the elaborator does not know (another task's helper) types as anything: never a verdict
            if _elaborates(task, post) and _same_kind(type_text(text), want):
                typed.append((fit, tid, post, term, spec_features(text, names)))
    union = set().union(*(x[4] for x in typed)) if typed else set()
    ranked = sorted(
        (
            (fit + RECALL_WEIGHT * lexicon.recall(f, words, union, task.id), tid, post, term)
            for fit, tid, post, term, f in typed
        ),
        key=lambda x: (-x[0], x[1], x[2]),
    )
    out: list[Candidate] = []
    per_term: dict[str, int] = {}
    for fit, tid, post, term in ranked:
        if len(out) >= TERM_FITS:
            break
        if per_term.get(tid, 0) >= TERM_PER_TERM:
            continue  # one term's many hole fillings must not crowd the other terms out
        per_term[tid] = per_term.get(tid, 0) + 1
        out.append(
            Candidate(
                aux="",
                precond="True",
                postcond=post,
                sources=[],
                prior=TERM_BASE + TERM_SCALE * fit,
                notes=[f"the mined term `{tid}` (from {', '.join(term.tasks[:3])}) as the result"],
                pattern=tid,
                support=tuple(t for t in term.tasks if t != task.id),
            )
        )
    if task.tests:  # a visible example tells behaviours apart: enumerate, see `enumerate`
        literals = sorted(implied) + unit_products(task)
        out += enumerated_candidates(task, terms, score, [a for a, _ in atoms] + lambdas[:4], literals, compared)
    return out


_LOWER_LETTER_TEST = re.compile(r"\bx0 (==|=) ('[a-z]')")


def case_blind(task: Task, atoms: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """`atoms` (predicate, evidence), where the words say a character test ignores case: each test of a character
    against lower-case letters preceded by its test of the character's lower case (`x0.toLower = 'a' ∨ …`), which
    takes its evidence; the test as it was keeps none, the words say it is not all."""
    if not says_case_blind(task.requirement):
        return atoms
    out: dict[str, float] = {}
    for p, evidence in atoms:
        if _LOWER_LETTER_TEST.search(p) and not re.search(r"\bx0 (==|=) '[^a-z]", p):
            out.setdefault(_LOWER_LETTER_TEST.sub(r"x0.toLower \1 \2", p), evidence)
            evidence = 0.0
        out.setdefault(p, evidence)
    return list(out.items())


def _same_kind(type_text: str | None, want: str | None) -> bool:
    """A term of type `type_text` states the result of type `want` itself, not through a coercion Lean might
    insert (`result = xs.length` for an `Option Int` result means `some ↑xs.length`: never what is asked): the
    same type (an `Option Int` is no `Option Nat`), two number types, or a Prop for a Bool (`decide`). Stricter
    than `typecheck.compatible` on purpose: that one refuses only what Lean certainly rejects, this one chooses
    what a spec would write."""
    from specbridge.lean import types as ty
    from specbridge.lean.program import parse_type

    if type_text is None or want is None:
        return False

    def same(a: ty.Type, b: ty.Type) -> bool:
        a, b = ty.prune(a), ty.prune(b)
        if not isinstance(a, ty.T) or not isinstance(b, ty.T):
            return True  # a type variable: the elaborator did not say
        return a.name == b.name and len(a.args) == len(b.args) and all(map(same, a.args, b.args))

    got, wanted = parse_type(type_text), parse_type(want)
    heads = {ty.head(got), ty.head(wanted)}
    return heads <= {"Nat", "Int"} or heads <= {"Bool", "Prop"} or same(got, wanted)


COMPARISON_FILLS = 8  # tests of an element against a parameter (`comparison_lambdas`) offered to a hole


def enumerated_candidates(
    task: Task,
    terms: list,
    score: Callable[[str], float],
    predicates: list[str],
    literals: list[str],
    stated: Sequence[tuple[str, str]] = (),
) -> list[Candidate]:
    """`result = <term>` for the enumerated terms that compute the visible examples (`enumerate_results`)."""
    from specbridge.generate.enumerate import comparison_lambdas, distinct_lambdas, enumerate_results, list_view
    from specbridge.mining.lexicon import requirement_terms
    from specbridge.mining.shapes import stated_extremes
    from specbridge.mining.terms import (
        end_operations,
        extreme_operations,
        in_turns,
        lambda_bodies,
        mirrored_operations,
        vocabulary_operations,
    )

    # what the corpus writes already has its support and its words (a `List Char` use does not fit `List Int`)
    known = {t.key for t in terms}
    said = result_text(task)
    named = (
        vocabulary_operations(requirement_terms(task))
        + extreme_operations(stated_extremes(said))
        + end_operations(stated_ends(said))
    )
    vocabulary = list({t.key: t for t in named if t.key not in known}.values())
    element = _element_type(task)
    preds: list[str] = []
    values: list[str] = []
    if element:  # (the few operations the requirement names first: the corpus's many are cut at a limit)
        elementwise = vocabulary + terms
        tests = lambda_bodies(elementwise, task, element, pred=True, limit=2000)
        # the comparisons with a parameter have their own places: the lexicon ranks the corpus's bodies by words
        compared = distinct_lambdas(task, comparison_lambdas(task, element), element, score)[:COMPARISON_FILLS]
        corpus_tests = distinct_lambdas(task, tests, element, score)
        # tests made of the operations the words name (`x0.endsWith suffix` of "ending with"): no corpus task
        # speaks for them, so the lexicon would rank them last
        named = lambda_bodies(vocabulary, task, element, pred=True, limit=200)
        named_tests = distinct_lambdas(task, named, element, score)[:COMPARISON_FILLS]
        # in turns: a hole takes the first few fills only, and no kind speaks for another
        preds = list(dict.fromkeys(in_turns(named_tests, corpus_tests, compared)))
        values = _map_values(task, elementwise, element, list(dict.fromkeys(predicates + tests)), literals, score)
    # the requirement's own predicates (the atoms) first: the corpus's lambdas are ranked by words alone
    holes = {
        "pred": list(dict.fromkeys(predicates + preds)),
        "value": values,
        "value2": _fold_steps(task, terms, element, score),
        "pred2": _orders(terms),
        "": preds[:5] + values[:3],
    }
    out = []
    numbers = formula_numbers(task)
    mirrored = [t for t in mirrored_operations(terms) if t.key not in known]
    found_terms = enumerate_results(
        task, terms + mirrored + vocabulary, score, holes, literals, element, stated, numbers
    )
    for found in found_terms[:ENUM_FITS]:
        post = result_equation(found.text, found.type_text, list_view(_norm(task.signature.return_type)))
        note = f"an enumerated term over the corpus's operations (level {found.level}) as the result"
        out.append(_enumerated(post, found.fit, note))
    return out + searched_candidates(task, score, numbers, stated)


def _enumerated(postcond: str, fit: float, note: str) -> Candidate:
    """A candidate built from the example rather than adapted (`ENUMERATED`), its prior from its reading `fit`."""
    return Candidate(
        aux="",
        precond="True",
        postcond=postcond,
        sources=[],
        prior=TERM_BASE + TERM_SCALE * fit + ENUM_BONUS,
        notes=[note],
        pattern=ENUMERATED,
    )


def searched_candidates(
    task: Task, score: Callable[[str], float], numbers: Sequence[str], stated: Sequence[tuple[str, str]]
) -> list[Candidate]:
    """The result as the first or last number passing a test of the inputs, where the words ask for a search
    ("the smallest divisor greater than 1", "the largest exponent"): see `searches`. A lower bound of the first
    is one the words state (`stated`, the caller's `stated_comparisons`: "greater than 1" gives 2)."""
    from specbridge.generate.enumerate import LEVEL_COST, example_values
    from specbridge.generate.searches import search_words, searched_results

    kinds = search_words(task.requirement)
    if not kinds or _norm(task.signature.return_type) != "Nat":
        return []
    examples = example_values(task)
    if not examples:
        return []
    bounds = {0}
    for op, limit in stated:
        if limit.isdigit() and op in (">", "≥") and int(limit) <= 10:
            bounds.add(int(limit) + (op == ">"))
    params = [(p.name, p.type) for p in task.signature.params]
    note = "the result as the first or last number passing a test of the inputs, as the words search"
    return [
        _enumerated(text, score(text) - LEVEL_COST * size, note)
        for text, size in searched_results(params, examples, numbers, kinds, sorted(bounds), score, stated)
    ]


_CONNECTIVES = frozenset({"&&", "||", "∧", "∨", "→", "↔"})
_LOOSE = _CONNECTIVES | {"=", "==", "≠"}  # every operator binding as loosely as `=` or looser


def _enclosed(term: str, loose: Collection[str] = _LOOSE) -> str:
    """`term` as the right side of an equation: parenthesized where an operator of `loose` at its top would take
    the equation as its operand (`result = a && b` reads `(result = a) && b`)."""
    return f"({term})" if set(split_top_level(term, " ")) & set(loose) else term


def result_equation(term: str, type_text: str, as_list: str | None) -> str:
    """The postcondition stating an enumerated term of `type_text` as the result: a decision for a Prop, through
    the result's list for its `as_list` type. An equation binds tighter than `&&`, `∧`, `→`…: `result = a && b`
    would read `(result = a) && b`, so such a term is parenthesized."""
    if type_text == "Prop":
        return f"(result = true ↔ {term})"
    if type_text == as_list:
        return f"result.toList = {term}"
    return f"result = {_enclosed(term)}"


STATED_TABLE = "stated table"  # the `pattern` of a candidate read from a table in the requirement's words
TABLE_PRIOR = 1.0  # above any term's: the words give the whole table, where a term only fits the examples


def table_candidates(task: Task) -> list[Candidate]:
    """`result = <the table>` when the requirement states one row by row (`tables.stated_table`), and
    `result = true ↔ <the ranges>` when it states the ranges a decision's inputs must lie in
    (`tables.stated_decision`)."""
    from specbridge.generate.tables import stated_decision, stated_table

    read: list[tuple[str, str]] = []  # (postcondition, what was read)
    table = stated_table(task)
    if table is not None:
        rows = f"a table of {len(table.rows) + 1} rows over `{table.param}` read from the requirement's words"
        read.append((f"result = {table.term()}", rows))
    decision = stated_decision(task)
    if decision is not None:
        ranges = "the ranges the requirement says the inputs must lie in, read from its words, as the decision"
        read.append((f"result = true ↔ ({decision})", ranges))
    return [
        Candidate(
            aux="", precond="True", postcond=post, sources=[], prior=TABLE_PRIOR, notes=[note], pattern=STATED_TABLE
        )
        for post, note in read
    ]


def _map_values(
    task: Task, ops: list, element: str, tests: list[str], literals: list[str], score: Callable[[str], float]
) -> list[str]:
    """What a `map`-like hole over the task's elements may compute: the operations on one element, and, when
    the examples say what each element becomes (`element_pairs`), the splits of a test between two of them
    (`if x0 < 0 then 0 else x0`: a map that changes some elements only). Those computing the pairs come first."""
    from specbridge.generate.enumerate import composed_lambdas, distinct_lambdas, element_pairs, split_lambdas
    from specbridge.mining.terms import lambda_bodies

    position = _sequence_parameter(task)
    pairs = element_pairs(task, position[0]) if position else []
    bodies = lambda_bodies(ops, task, element, pred=False, limit=2000)
    values = distinct_lambdas(task, bodies, element, score, pairs)
    if not pairs:
        return values
    if not values or not _computes_pairs(task, element, values[0], pairs):
        # no one operation makes what each element becomes: two, the second over what the first makes
        values = distinct_lambdas(task, composed_lambdas(task, ops, element, pairs), element, score, pairs) + values
    named = ["x0", *(p.name for p in task.signature.params)]
    named += [f"({n} : {element})" for n in literals if element in ("Nat", "Int")]
    computed = [b.removeprefix("fun x0 => ") for b in bodies]
    tests = [t.removeprefix("fun x0 => ") for t in tests]
    splits = split_lambdas(task, tests, named, computed, element, pairs, score)
    return values[: HOLE_VALUES - len(splits)] + splits


def _computes_pairs(task: Task, element: str, body: str, pairs: Sequence[tuple[tuple, object]]) -> bool:
    """Whether the lambda `body` over an `element` computes every element pair (`element_pairs`)."""
    from specbridge.generate.enumerate import lambda_outputs

    return lambda_outputs(task, element, body, [args for args, _ in pairs]) == [("ok", want) for _, want in pairs]


ENUMERATED = "enumerated"  # the `pattern` of an enumerated candidate (it has no pattern id)
HOLE_VALUES = 10  # values a `map`-like hole is filled with (case splits included)
ENUM_FITS = 8  # enumerated terms computing the visible examples offered per task
ENUM_BONUS = 0.1  # an enumerated term computes the visible examples by construction; an adapted spec may by chance
MAX_TERM_CHECKS = 400
TERM_PER_TERM = 3
VALUE_FILLS = 6  # lambdas made of the corpus's operations on one element, offered to a `map`-like hole
OPERANDS = 16  # best short terms composed under the corpus's operations (`qty * prices.sum`)
LITERAL_COST = 0.1  # per numeral of a term that the requirement does not write
COMPOSE_COST = 0.05  # a composed term against a mined one of the same fit
COMPOSE_GAIN = 0.05  # how much more of the requirement a composed term must account for than its operand
TERM_ATOM_WEIGHT = 0.1  # per unit of requirement evidence for the predicate that fills a term's hole
TERM_LENGTH_WEIGHT = 0.1  # cost of an 80-character term against a short one
WORDING_COST = 0.05  # a term comparing the other way than the words say (`comparison_wording`)
QUANTIFIER_COST = 0.1  # a decision quantifying the other way than the words say (`quantifier_wording`)
ARITHMETIC_COST = 0.1  # a spec making no operation of the kind the words name ("the sum of": `stated_arithmetic`)
SORT_COST = 0.2  # a spec stating its result sorted where the words keep the input's order (`order_kept`)
END_COST = 0.3  # a decision reading nothing of the end the words say a sequence begins or ends with (`stated_ends`)
CONNECTIVE_COST = 0.1  # a decision joining two decisions by `↔`, `→` the words do not say (`unsaid_connective`)
HALF_RANGE_COST = 0.1  # a term testing a character against one end of a class only (`half_ranges`)
COUNT_AMONG_ELEMENTS_COST = 0.1  # a term looking for a count among a sequence's elements (`counted_members`)
STATED_COMPARISON_WEIGHT = 0.1  # a term making a comparison with a parameter the words state (`stated_comparisons`)


FOLD_STEPS = 12  # steps (`fun x0 x1 => x0 * x1`) offered to a fold's hole


def _fold_steps(task: Task, terms: list, element: str | None, score: Callable[[str], float]) -> list[str]:
    """What a fold over the task's elements may do at each step, the requirement's reading first ("multiply":
    `x0 * x1`): the accumulator is of the result's type (a number or text built up) or of the elements'."""
    from specbridge.mining.terms import fold_steps

    if element is None:
        return []
    result = _norm(task.signature.return_type)
    steps = [
        s
        for acc in dict.fromkeys([result, element])
        for s in fold_steps(terms, task, acc, element, limit=4 * FOLD_STEPS)
    ]
    return sorted(dict.fromkeys(steps), key=lambda step: -score(step))[:FOLD_STEPS]  # (stable: ties keep order)


def _orders(terms: list) -> list[str]:
    """The tests of two elements the corpus wrote in a hole (`fun x0 x1 => x0 ≤ x1` of a sort, a `Pairwise`), for
    any such hole: one term's own are few."""
    from specbridge.mining.terms import corpus_lambdas

    return corpus_lambdas([t for t in terms if t.hole == "pred2"])[:FOLD_STEPS]


def _element_type(task: Task) -> str | None:
    """The element type of the task's first sequence parameter (Char for a String)."""
    found = _sequence_parameter(task)
    return found[1] if found else None


def _sequence_parameter(task: Task) -> tuple[int, str] | None:
    """The position of the task's first sequence parameter and its element type (Char for a String)."""
    for i, p in enumerate(task.signature.params):
        seq = _seq(p.type)
        if seq is not None:
            return i, seq[1]
        if _norm(p.type) == "String":
            return i, "Char"
    return None


def _elaborates(task: Task, postcond: str) -> bool:
    """Whether the spec with this postcondition parses and elaborates (no ill-typed term) in the computable layer."""
    try:
        from specbridge.lean.program import Program

        Program.from_source(render_spec_source(task.signature, ReferenceSpec(precond="True", postcond=postcond)))
    except Exception:  # noqa: BLE001 - any refusal (parse error, ill-typed, unsupported) rules the term out
        return False
    return True


def _note(*fits: object) -> str:
    parts = []
    for f in fits:
        p = f.pattern  # type: ignore[attr-defined]
        parts.append(
            f"`{p.id}` ({p.kind}, support {p.support}: {', '.join(p.tasks[:3])}; phrases {', '.join(f.matched[:4])})"  # type: ignore[attr-defined]
        )
    return "instantiated the mined pattern(s) " + " + ".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# Determinacy: a function's postcondition should admit one result per valid input


_INT = re.compile(r"-?\d+")


def _outputs(return_type: str, inputs: dict[str, str], task: Task) -> list[str]:
    """Made-up results to try for `inputs`: the type's sample values, small numbers, and values taken from the
    inputs (their elements, the inputs themselves when the types agree, reversed sequences)."""
    from specbridge.generate.probes import sample_values

    t = _norm(return_type)
    out = list(sample_values(t))
    if t in ("Nat", "Int"):
        nums = {int(x) for v in inputs.values() for x in _INT.findall(v)}
        nums |= set(range(0 if t == "Nat" else -2, 8))
        out += [str(n) if n >= 0 else f"({n})" for n in sorted(nums) if t == "Int" or n >= 0]
    same = [inputs[p.name] for p in task.signature.params if _norm(p.type) == t]
    out += same
    seq = _seq(t)
    if seq is not None:
        for v in same:
            m = re.fullmatch(r"(#?)\[(.*)\]", v.strip())
            if m and m.group(2).strip():
                items = [x.strip() for x in m.group(2).split(",")]
                out.append(f"{m.group(1)}[{', '.join(reversed(items))}]")
                out.append(f"{m.group(1)}[{', '.join(items[1:])}]")
    opt = re.fullmatch(r"Option (.+)", t)
    if opt:
        inner = _outputs(opt.group(1), inputs, task)
        out += ["none", *(f"some {x}" if not x.startswith("(") and " " not in x else f"some ({x})" for x in inner)]
    return list(dict.fromkeys(out))[:24]


def determinacy_pairs(
    task: Task, n_inputs: int = 5, computed_by: list[Candidate] | None = None
) -> list[tuple[Obligation, list[Obligation]]]:
    """(precondition probe, postcondition probes over candidate results) per made-up input; the results tried
    include those the candidates `computed_by` compute there (see `computed_results`)."""
    from specbridge.obligations import ObligationKind

    probes = [o for o in probe_obligations(task, limit=n_inputs) if o.kind is ObligationKind.PRE_ACCEPTS]
    extra = computed_results(task, computed_by, probes) if computed_by else []
    out = []
    for k, pre in enumerate(probes):
        outs = _outputs(task.signature.return_type, pre.inputs, task)
        if extra and extra[k]:
            outs = _distinct_values(task, outs + extra[k])
        posts = [
            Obligation(kind=ObligationKind.POST_ACCEPTS, task_id=task.id, index=k, sub=j, inputs=pre.inputs, output=o)
            for j, o in enumerate(outs)
        ]
        out.append((pre, posts))
    return out


def _determinacy(
    task: Task, spec_text: str, layer: object, pairs: list[tuple[Obligation, list[Obligation]]]
) -> tuple[float, tuple]:
    """(In [0, 1]: the share of admitted made-up inputs on which the postcondition holds for two or more of the
    candidate results (too weak to pin the result down), or — for a result type whose values were all tried,
    like `Bool` — for none of them (unsatisfiable); per input, the one result admitted, None if not one)."""
    flat = [o for pre, posts in pairs for o in (pre, *posts)]
    try:
        verdicts = layer.evaluate(task, spec_text, flat)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - the probe penalty already covers specs that fail to evaluate
        return 0.0, ()
    status = {id(o): v.status for o, v in zip(flat, verdicts, strict=False)}
    enumerable = _decision(task)
    admitted = bad = 0
    answers = []
    for pre, posts in pairs:
        if status.get(id(pre)) is not Status.PASS:
            answers.append(None)
            continue
        admitted += 1
        accepted = [o.output for o in posts if status.get(id(o)) is Status.PASS]
        answers.append(accepted[0] if len(accepted) == 1 else None)
        if len(accepted) >= 2 or (not accepted and enumerable):
            bad += 1
    return (bad / admitted if admitted else 0.0), tuple(answers)


def _decision(task: Task) -> bool:
    """A result of two answers or so (`Bool`, `Option Bool`): every value can be tried, and agreeing by chance is
    common."""
    return _norm(task.signature.return_type) in ("Bool", "Option Bool")


def _distinct_values(task: Task, literals: list[str]) -> list[str]:
    """`literals` of the result type, one per value (`-2` and `(-2)` are one result: trying both would make
    every spec look as if it admitted two)."""
    from specbridge.lean.program import read_literal

    seen: set = set()
    out = []
    for text in literals:
        try:
            key = read_literal(text, task.signature.return_type)
            hash(key)
        except Exception:  # noqa: BLE001 - unreadable or unhashable: compare as text
            key = ("text", text)
        if key not in seen:
            seen.add(key)
            out.append(text)
    return out


def computed_results(task: Task, cands: list[Candidate], probes: list[Obligation]) -> list[list[str]]:
    """Per probe (a made-up input), the results that the candidates of the form `result = <term>` compute
    there, as Lean literals: without them, the results `determinacy_pairs` tries are guesses (sample values,
    the inputs' numbers) and rarely the one a spec admits."""
    from specbridge.lean.program import EXPRESSION, expression_program
    from specbridge.lean.values import render

    params = [(p.name, p.type) for p in task.signature.params]
    out: list[list[str]] = [[] for _ in probes]
    for c in cands:
        term = _equated_term(c.postcond)
        if term is None or c.aux.strip() or mentions(term, "result"):
            continue
        got = expression_program(params, term)
        if got is None:
            continue
        program, t = got
        for k, probe in enumerate(probes):
            try:
                args = [program.value(probe.inputs[name], type_text) for name, type_text in params]
                value = render(program.call(EXPRESSION, args), t)
            except Exception:  # noqa: BLE001 - a term that fails here just adds no result to try
                continue
            if value not in out[k]:
                out[k].append(value)
    return out


def consensus(cands: list[Candidate], *, by_rarity: bool = False) -> dict[int, float]:
    """Per candidate (by id), in [0, 1]: how much the others agree with it on made-up inputs — the share of
    (other candidate, input) pairs where both admit one and the same result. A reading that several
    independent sources arrive at is likelier the meant one than a spec that fits the examples alone. `by_rarity`:
    each agreement weighed by how few readings give that answer (`_rarity`)."""
    origins: dict[str, list[Candidate]] = {}
    for c in cands:
        origins.setdefault(_origin_key(c), []).append(c)
    weight = _rarity(cands) if by_rarity else None
    out: dict[int, float] = {}
    for c in cands:
        mine = _origin_key(c)
        shares = []
        for key, group in origins.items():
            if key == mine:
                continue  # one pattern's many fillings, one corpus spec's variants: not independent
            shares.append(max(_agreement(c.answers, other.answers, weight) for other in group))
        out[id(c)] = sum(shares) / len(shares) if shares else 0.0
    # A guard is no reading of the result: where it leaves an input out the spec says nothing there, which is no
    # disagreement. One postcondition under several preconditions has the agreement of its best-agreed variant.
    best: dict[tuple[str, str], float] = {}
    for c in cands:
        key = (_norm_body(c.aux), _canonical(c.postcond))
        best[key] = max(best.get(key, 0.0), out[id(c)])
    return {id(c): best[(_norm_body(c.aux), _canonical(c.postcond))] for c in cands}


def _rarity(cands: list[Candidate]) -> list[dict]:
    """Per made-up input, per answer: the share of distinct readings giving another answer there. For a decision
    (`consensus(by_rarity=True)`: two answers, agreement by chance is common), agreeing on the answer most readings
    give (coincidental decisions are mostly `false` on small inputs) says less than agreeing on one few give. Not
    for a number: there many sources agreeing on one answer is the evidence (measured: weighted so, VERINA's binary
    search lost its count reading)."""
    readings = {(_norm_body(c.aux), _canonical(c.postcond)): c.answers for c in cands}
    out: list[dict] = []
    for k in range(max((len(a) for a in readings.values()), default=0)):
        said = Counter(a[k] for a in readings.values() if len(a) > k and a[k] is not None)
        total = sum(said.values())
        out.append({answer: 1.0 - n / total for answer, n in said.items()} if total else {})
    return out


def _origin_key(c: Candidate) -> str:
    return c.pattern or ",".join(sorted(set(c.sources)))


def _agreement(mine: tuple, theirs: tuple, weight: list[dict] | None = None) -> float:
    pairs = list(zip(mine, theirs, strict=False))
    if not pairs:
        return 0.0
    if weight is None:
        return sum(a is not None and a == b for a, b in pairs) / len(pairs)
    # (twice the weight: an answer half the readings give counts as one agreement, as unweighted)
    return sum(2 * weight[k].get(a, 0.0) for k, (a, b) in enumerate(pairs) if a is not None and a == b) / len(pairs)
