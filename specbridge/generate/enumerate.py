"""Bottom-up enumeration of result terms over the corpus's operations, told apart by what they compute.

`term_candidates` offers mined terms filled for the task and one operation over them, chosen by words alone. A
task with a visible example can afford more: build terms bottom-up — the parameters and the requirement's
numbers, then the corpus's operations (`specbridge.mining.terms`) over them, then one more operation over the best
of those — run every term on the example inputs and on inputs made up from the signature, keep one term per
behaviour (the one the requirement accounts for best, a plainer spelling unless the words prefer the other by
far), and offer those that compute the example's expected output — or, when none does and there are several
examples, a case split of two that each compute some of them (`result_splits`). Observational equivalence is
what makes two levels affordable: `xs.map (fun x0 => 2 * x0)` and its dozen spellings are one behaviour, checked
once.

The terms are the corpus's, the choice among behaviours the lexicon's (the `score` the caller passes); nothing
here knows any task. Terms are elaborated and run by the interpreter (`Program`), never by Python.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from specbridge.generate.extract import mentions, split_top_level, unread_inputs
from specbridge.lean import arith
from specbridge.lean import types as ty
from specbridge.lean.values import Pair
from specbridge.mining.shapes import DIVIDES, EXCESS, ODD, listed_characters, stated_non_negative, stated_sets
from specbridge.tasks import Task, TestCase, Visibility

MADE_UP_INPUTS = 12  # inputs made up from the signature, besides the examples, that tell behaviours apart
BOUNDARY_INPUTS = 4  # of which the boundary values shared by all parameters (`0`, `[]`)
NEIGHBOUR_INPUTS = 4  # and neighbours of the examples' inputs (`made_up_inputs`); the rest are random
STATED_INPUTS = 3  # and an example's input with a number set to a constant the words write (`made_up_inputs`)
STATED_CHARACTERS = 5  # and with a character set to one of a set the words list
NEIGHBOUR_NUMBER_LIMIT = 1000  # no neighbours of an example with a larger number (see `made_up_inputs`)
LEVEL2_OPERANDS = 40  # best level-1 terms (by score) that the second level composes over
LEVEL2_BEST = 20  # of which the best whatever their operation; the rest round-robin over operations (`_diverse`)
LEVEL1_FILLS = 16  # instantiations of one operation over the parameters and literals (hole fills included)
STATED_SUBJECTS = 60  # best first-level numbers a decision compares as the words state (`compared`)
LEVEL2_FILLS = 4  # instantiations of one operation with one given level-1 operand
SUPPORT_WEIGHT = 0.02  # per unit of log support (corpus tasks using it): an operation's claim on the budget
LEVEL2_SUPPORT = 2  # the second level uses operations the corpus applies in at least this many tasks
LAMBDA_BODIES = 600  # lambda bodies tried for a hole, before keeping one per behaviour
HOLE_FILLS = 10  # distinct lambdas (by behaviour) offered to each kind of hole
COMPARED_PAIR_TESTS = 8  # tests of a number of a pair's two components against a number input (`_pair_holes`)
COMPOSED_FIRSTS = 40  # operations on an element (and on what they make) a composed lambda is made of
COMPOSED_LAMBDA_RUNS = 1_500  # composed lambdas tried against the element pairs (`composed_lambdas`)
POSITION_TESTS = 6  # tests of a position alone over a sequence beside its positions (`position_tests`)
COMPOSED_PAIR_TESTS = 4  # of them, tests of a number two operations deep (`Int.natAbs (x0.1 - x0.2) ≤ tol`)
PAIR_PARTS = 4  # best terms per component of a pair result, paired with each other
VIEW_FOLD_STEPS = 6  # steps offered to a fold over the digits of a number or the numbers up to it
SIBLING_PARTS = 40  # best terms per component of a pair result paired with their one-token siblings
SIBLING_PAIR_BONUS = 0.2  # for a pair of one operation's two uses: the words read the two components together
SPLIT_FILLS = 4  # case-splitting lambdas (`split_lambdas`) offered to a `map`-like hole
SPLIT_RESULTS = 4  # case splits of the result (`result_splits`) offered when no term computes every example
SPLIT_BRANCHES = 8  # of which the best-fitted branches per set of examples computed, tried in each split
VOCABULARY_BONUS = 0.1  # a Lean operation whose name is the requirement's words, against the lexicon's fit
SPELLING_COST = 0.05  # per token (`_tokens`), when two spellings compute one behaviour
UNREAD_COST = 0.1  # per input a term computing the examples leaves out (`unread`), beside the caller's score
GUARDED_SOMES = 2  # `some t` terms an Option result's guard (`_guarded`: `if T then some t else none`) is tried over
GUARD_TESTS = 6  # tests tried as that guard, best-fitted first
ALWAYS_SOME_COST = 0.2  # a `some t` for a requirement naming inputs with no result
LEVEL_COST = 0.05  # per operation level: of two terms computing the same, the simpler reads the requirement
MAX_TERMS = 10_000  # terms elaborated per task, at most (a bound on the time: about 0.4 ms each)
LEVEL1_TERMS = 6_000  # of which one operation over level 0, at most: the rest is the second level's
VIEW_TERMS = 1_500  # of which one operation over a sequence of pairs (`pair_views`), at most
RANGE_TERMS = 300  # of which one operation over the numbers up to a number input (`range_views`), or over its
# digits (`digit_views`), at most each
SIBLINGS = 3  # best-fitted numbers per operation paired by a binary operation (`_siblings`)
SIBLING_OPERATIONS = 12  # operations whose siblings are paired, best-fitted first
DEEPER_TERMS = 40  # formulas of the inputs and the words' numbers (`stated_formulas`) tried, at most
FORMULA_OPERATIONS = 3  # operations in such a formula, at most
FORMULA_VALUES = 300_000  # formulas evaluated on the examples (plain arithmetic: about a second), at most
FORMULA_FIRST_NUMBERS = 3  # numbers of a first, smaller formula search where the words give more (`stated_formulas`)
PAIRED_DECISIONS = 8  # best-fitted decisions of the first level, paired by `∧`, `∨` for a Bool result
IDLE_OPERATION_COST = 0.2  # a term meeting an example by an operation doing nothing there (`_idle_operation`)
NEGATIVE_COST = 0.2  # an Int term negative on some input where the words say the result never is
VIEW_OPERANDS = 8  # best level-1 terms over pairs that the second level composes over, besides LEVEL2_OPERANDS
OPTION_PAIRS = 12  # best-fitted searches finding a pair whose components an Option result is offered
OTHER_SPELLINGS = 3  # behaviours a second look on more inputs tells apart from one computing the examples, at most


@dataclass(frozen=True)
class Found:
    text: str
    type_text: str  # the Lean type the term elaborates to
    level: int  # 0: a parameter or literal; 1: one operation; 2: an operation over an operation
    fit: float  # the caller's score, less the cost of nesting
    op: str = ""  # the id of the outermost operation (a mined term), "" at level 0
    bonus: float = 0.0  # in `fit`: for a Lean operation the requirement names (see `vocabulary_operations`)


class _Runner:
    """Elaborates each term once (`expression_program`) and runs it on fixed inputs."""

    def __init__(self, params: Sequence[tuple[str, str]], inputs: Sequence[tuple[Any, ...]]):
        self.params = list(params)
        self.inputs = inputs
        self.elaborated = 0

    def run(self, text: str) -> tuple[str, tuple] | None:
        """(the term's type, its outputs on the inputs: ("ok", value) or ("err", kind)); None if ill-typed or
        naming something nobody defines (never a verdict)."""
        from specbridge.lean.program import EXPRESSION, expression_program

        self.elaborated += 1
        got = expression_program(self.params, text)
        type_text = ty.lean_text(got[1]) if got is not None else None
        if got is None or not type_text:
            return None
        program = got[0]
        outputs = []
        for args in self.inputs:
            try:
                outputs.append(("ok", program.call(EXPRESSION, list(args))))
            except Exception as exc:  # noqa: BLE001 - a runtime error or a limit is part of the behaviour
                outputs.append(("err", type(exc).__name__))
        return type_text, tuple(outputs)


def made_up_inputs(
    type_texts: Sequence[str],
    near: Sequence[tuple[Any, ...]] = (),
    seed: int = 0,
    constants: Sequence[int] = (),
    characters: Sequence[str] = (),
) -> list[tuple[Any, ...]]:
    """MADE_UP_INPUTS argument tuples: the first boundary values (where most behaviours already differ), then
    neighbours of the inputs `near` (an example's, one parameter changed: `"hELLO"` of `"Hello"`), then random
    ones. Boundary tuples alone give every parameter the same value (`(1, 1, 1)`), under which `min x hi` and
    `hi - lo % hi` agree everywhere; random ones look little like an example (`'a' ≤ s.back` and "only letters"
    agree on a dozen random texts). An example with a number above NEIGHBOUR_NUMBER_LIMIT has none: each would
    cost what the example costs in every term over the numbers up to it (`range_views`), and random numbers
    already vary a number. Besides, an example's input with one number parameter set to each of the `constants`
    the words write (up to STATED_INPUTS): at "60" of "minutes below 60", `m / 60` and `(m - 1) / 60` differ;
    and with one Char parameter set to each of the `characters` (up to STATED_CHARACTERS, spread over them)."""
    from specbridge.compare.inputs import generate_inputs, mutate_value, random_value
    from specbridge.lean.program import parse_type

    types = [parse_type(t) for t in type_texts]
    out = generate_inputs(types, BOUNDARY_INPUTS, seed=seed)
    rng = random.Random(seed)
    small = [args for args in near if all(_small(v) for v in args)]
    for i in range(20 * NEIGHBOUR_INPUTS if small and types else 0):
        if len(out) >= BOUNDARY_INPUTS + NEIGHBOUR_INPUTS:
            break
        base = small[i % len(small)]
        p = rng.randrange(len(types))
        changed = [v for v in mutate_value(base[p], types[p], rng) if _small(v)]
        args = tuple(rng.choice(changed) if q == p else v for q, v in enumerate(base)) if changed else base
        if args not in out and args not in near:
            out.append(args)
    for _ in range(20 * MADE_UP_INPUTS):
        if len(out) >= MADE_UP_INPUTS:
            break
        args = tuple(random_value(t, rng, 5) for t in types)
        if args not in out:
            out.append(args)
    if not small:
        return out
    numbers = [p for p, t in enumerate(type_texts) if " ".join(t.split()) in ("Nat", "Int")]
    stated = [tuple(k if q == p else v for q, v in enumerate(small[0])) for k in constants for p in numbers]
    out += [args for args in dict.fromkeys(stated) if args not in out and args not in near][:STATED_INPUTS]
    chars = [p for p, t in enumerate(type_texts) if t.strip() == "Char"]
    spread = characters[:: max(1, -(-len(characters) // STATED_CHARACTERS))]
    said = [tuple(k if q == p else v for q, v in enumerate(small[0])) for k in spread for p in chars]
    return out + [args for args in dict.fromkeys(said) if args not in out and args not in near]


def _small(value: Any) -> bool:
    return not isinstance(value, int) or abs(value) <= NEIGHBOUR_NUMBER_LIMIT


def answers_vary(task: Task, tests: Sequence[str]) -> dict[str, bool]:
    """Per test (a Bool or Prop term over the task's parameters): whether it holds on some of the examples' and
    made-up inputs and not on others. A test that does not elaborate, or fails to run everywhere, is left out.
    (The examples' own inputs count: made-up texts seldom begin with a digit, but "3 apples" does.)"""
    params = [(p.name, p.type) for p in task.signature.params]
    shown = [args for args, _ in example_values(task) or []]
    runner = _Runner(params, shown + made_up_inputs([t for _, t in params]))
    out: dict[str, bool] = {}
    for text in dict.fromkeys(tests):
        got = runner.run(text)
        if got is not None and got[0] in ("Bool", "Prop"):
            values = {v for kind, v in got[1] if kind == "ok"}
            if values:
                out[text] = len(values) > 1
    return out


def example_values(task: Task) -> list[tuple[tuple[Any, ...], Any]] | None:
    """The visible examples as runtime values (inputs, expected output); None if one cannot be read."""
    from specbridge.lean.program import read_literal

    params = [(p.name, p.type) for p in task.signature.params]
    try:
        return [
            (
                tuple(read_literal(case.inputs[n], t) for n, t in params),
                read_literal(case.expected, task.signature.return_type),
            )
            for case in task.tests
        ]
    except Exception:  # noqa: BLE001 - an unreadable example: no enumeration rather than a wrong one
        return None


def enumerate_results(
    task: Task,
    terms: list,
    score: Callable[[str], float],
    holes: dict[str, list[str]],
    literals: Sequence[str],
    element: str | None = None,
    compared: Sequence[tuple[str, str]] = (),
    formula_numbers: Sequence[str] = (),
) -> list[Found]:
    """Terms of the task's result type (or a Prop, for a Bool result) that compute every visible example's
    expected output, one per behaviour, best `score` first. [] when the task has no readable example.
    `element`: the element type of the task's sequence, a number type the literals may take. `compared`: the
    comparisons the words state (`stated_comparisons`), which a decision makes of any number the first level
    computes. `formula_numbers`: the numbers the words write or imply as constants, which a formula deeper than
    the second level may be made to read (`stated_formulas`)."""
    from specbridge.lean.program import parse_type
    from specbridge.mining.library import slot_shape
    from specbridge.mining.terms import element_generic, instantiations, is_operation, operand

    examples = example_values(task)
    if not examples:
        return []
    params = [(p.name, p.type) for p in task.signature.params]
    types = [t for _, t in params]
    near = [args for args, _ in examples]
    # the numbers the words write, as inputs: where a behaviour changes ("below 60") is where readings differ
    constants = [int(n) for n in literals if re.fullmatch(r"-?\d+", n) and 1 < abs(int(n)) <= NEIGHBOUR_NUMBER_LIMIT]
    # and the characters of a set the words list ("the vowels a, e, i, o or u"): a dozen made-up characters hold
    # few of them, and `c.toNat % 4 = 1` met the vowels on those
    listed = [item[1:-1] for item in listed_characters(task.requirement)]
    made_up = made_up_inputs(types, near=near, constants=constants, characters=listed)
    runner = _Runner(params, near + made_up)
    best: dict[tuple[str, tuple], Found] = {}  # (type, outputs) -> its best-scored spelling
    # A dozen made-up inputs may not tell two terms apart (`s.back ∈ s.toList.filter p` and `s ≠ "" ∧ s.all p`):
    # the other spellings of a behaviour that computes the examples get a second look on more inputs, and each
    # behaviour there keeps its best spelling (`second_look`).
    others: dict[tuple[str, tuple], dict[tuple | None, Found]] = {}
    looker = _Runner(params, [a for a in made_up_inputs(types, near, seed=1) if a not in made_up])
    shown = [expected for _, expected in examples]

    # what a term may compute of the examples: the result (or its list view: `result.toList = …`), or a component
    # of a pair result, which is enumerated component by component
    parts = [shown]
    if all(isinstance(v, Pair) for v in shown):
        parts += [[v.fst for v in shown], [v.snd for v in shown]]

    def computes_examples(outputs: tuple) -> bool:
        return any(
            all(o[0] == "ok" and _shows(o[1], want) for o, want in zip(outputs, part, strict=False)) for part in parts
        )

    budget = MAX_TERMS

    def keep_other(key: tuple[str, tuple], found: Found) -> None:
        if not computes_examples(key[1]):
            return
        kept = others.setdefault(key, {})
        seen = looker.run(found.text)
        old = kept.get(seen)
        if old is None or _spelled_better(found, old):
            kept[seen] = found

    def add(
        text: str, level: int, typed: str = "", op: str = "", bonus: float = 0.0, fresh: bool = False
    ) -> tuple | None:
        """Run `text` (or its `typed` spelling) and keep it if it is a new behaviour or a better spelling; only if
        new, when `fresh`. The behaviour, None if it is none."""
        if runner.elaborated >= budget:
            return None
        got = runner.run(typed or text)
        if got is None or all(kind == "err" for kind, _ in got[1]):
            return None
        fit = score(text) - LEVEL_COST * level + bonus
        old = best.get(got)
        found = Found(text, got[0], level, fit, op, bonus)
        if old is not None and whole_operand(old.text, text):
            return got  # an operation that changes nothing of its operand here (`String.Pos.mk n`) adds nothing
        if old is not None and fresh:
            keep_other(got, found)
            return got
        if old is None or whole_operand(text, old.text) or _spelled_better(found, old):
            best[got] = found
            if old is not None and not whole_operand(text, old.text):
                keep_other(got, old)
        elif old.text != text:
            keep_other(got, found)
        return got

    for name, _ in params:
        add(name, 0)
    # a numeral alone has no type: it takes each number type of the signature (`1 : Int` for an Int fold)
    numbers = {t for _, t in params} | {task.signature.return_type, element}
    for lit in literals:
        for type_text in sorted(numbers & {"Nat", "Int"}):
            add(lit, 0, typed=f"({lit} : {type_text})")
    quoted = quoted_characters(task.requirement)
    if "Char" in numbers:  # the characters the words quote ("the letter after 'z' is 'a'")
        for lit in quoted:
            add(lit, 0)
    if "String" in numbers:  # and as texts of one character ("ends with a full stop ('.')": `s.endsWith "."`)
        for lit in quoted:
            if lit != "'\"'":
                add(f'"{lit[1:-1]}"', 0)
        for lit in quoted_texts(task.requirement):  # the texts the words quote (`answer "pass" or "fail"`)
            add(lit, 0)
    for items in stated_sets(task.requirement):  # "one of the vowels a, e, i, o or u": a list to look in
        listed = f"[{', '.join(items)}]"
        if items[0].startswith("'"):
            if "Char" in numbers:
                add(listed, 0)
        else:
            for type_text in sorted(numbers & {"Nat", "Int"}):
                add(listed, 0, typed=f"({listed} : List {type_text})")
    if task.signature.return_type.startswith("Option "):  # the other branch of a search that may find nothing
        add("none", 0, typed=f"(none : {task.signature.return_type})")
    level0 = [(f.text, f.type_text) for f in best.values()]
    ops = [t for t in terms if is_operation(t)]
    # Every operation over level 0, the most promising first (the requirement's reading of the term, the
    # operation's support): a large corpus has more of them than the budget, which must not go to the first listed
    # and must leave room for the second level.
    level1_texts: dict[str, tuple[float, str, float]] = {}
    # Lean's sequence operations take any elements: one the corpus wrote over numbers (`find?`, `countP`) serves a
    # sequence of words or of pairs too, which the corpus may never have searched
    other_elements = any(_other_elements(t) for _, t in params)
    generic = [g for t in ops if (g := element_generic(t)) is not None]
    if not other_elements:  # and one it wrote over characters only (`findIdx`) serves a sequence of numbers
        over_numbers = {t.template for t in ops if any(_NUMBER_SEQUENCE.fullmatch(s) for s in t.shapes.values())}
        generic = [g for g in generic if g.template not in over_numbers]
    for term in ops + list({g.key: g for g in generic}.values()):
        # Lean's own operation named by the requirement's words (no corpus task: the lexicon cannot speak for it)
        bonus = VOCABULARY_BONUS if not term.tasks else 0.0
        support = SUPPORT_WEIGHT * math.log(max(1, len(term.tasks)))
        for text in instantiations(
            term, task, holes.get(term.hole, []), limit=LEVEL1_FILLS, values=level0, fills=LEVEL1_FILLS
        ):
            promise = score(text) + bonus + support
            if text not in level1_texts or level1_texts[text][0] < promise:
                level1_texts[text] = (promise, term.id, bonus)
    for text in sorted(level1_texts, key=lambda t: (-level1_texts[t][0], t))[:LEVEL1_TERMS]:
        add(text, 1, op=level1_texts[text][1], bonus=level1_texts[text][2])
    # Two sequences side by side and a sequence's neighbours, as sequences of pairs: the corpus's sequence
    # operations over them, with tests and values of both components in the holes.
    views = [(text, got[0]) for text in pair_views(params) if (got := runner.run(text)) is not None]
    generic_ops = [g for t in ops if (g := element_generic(t)) is not None] if views else []
    pair_holes = _pair_holes(task, ops, views, score, literals) if views else {}
    view_texts = _view_terms(task, generic_ops, views, pair_holes, level0, score)
    # (what a term over a view computes that a term over the inputs computes is that term: `xs.length`, not
    # `xs.zipIdx.length`)
    for text in sorted(view_texts, key=lambda t: (-view_texts[t][0], t))[:VIEW_TERMS]:
        add(text, 1, op=view_texts[text][1], bonus=view_texts[text][2], fresh=True)
    # The numbers up to a number input, and a number input's decimal digits, as sequences: a count, a sum, a
    # search or a test over each of them, each kind with its own budget.
    # And a sequence input's first or last element, as a list of at most one: what "begins with a digit" tests.
    sequence_views = (
        (range_views(params), _range_holes),
        (digit_views(task), _digit_holes),
        (end_views(task), lambda *_: holes),
    )
    for texts, view_holes in sequence_views:
        numbers = [(text, got[0]) for text in texts if (got := runner.run(text)) is not None]
        if numbers:
            number_texts = _view_terms(task, ops, numbers, view_holes(task, ops, score), level0, score)
            for text in sorted(number_texts, key=lambda t: (-number_texts[t][0], t))[:RANGE_TERMS]:
                add(text, 1, op=number_texts[text][1], bonus=number_texts[text][2], fresh=True)
    # An Option result may be one component of the pair a search finds (`(pairs.find? (fun x0 => x0.1 =
    # key)).map (fun x0 => x0.2)`, "the value stored with the key"): no corpus spec maps an Option, so no mined
    # operation makes it
    ret = " ".join(task.signature.return_type.split())
    if ret.startswith("Option "):
        found_pairs = [f for f in best.values() if f.level == 1 and _option_of_pair(f.type_text)]
        for f in sorted(found_pairs, key=lambda f: (-f.fit, f.text))[:OPTION_PAIRS]:
            for component in ("1", "2"):
                add(f"({f.text}).map (fun x0 => x0.{component})", 2, op=f.op, bonus=f.bonus)
    level1 = sorted((f for f in best.values() if f.level == 1), key=lambda f: (-f.fit, f.text))
    stated: set[tuple] = set()  # behaviours the words state whole, which no simpler term makes an addition of
    answers = stated_answers(task)
    if compared and (ret == "Bool" or answers):  # (a decision chooses between quoted answers)
        # "the total price is at most the budget": the words give the comparison and its limit, not what is compared;
        # a subject the lexicon ranks low (`prices.sum`) would not reach the second level's operands
        given = {name for name, _ in params}
        inputs = [f for f in best.values() if f.level == 0 and f.type_text in ("Nat", "Int") and f.text in given]
        subjects = inputs + [f for f in level1 if f.type_text in ("Nat", "Int")][:STATED_SUBJECTS]
        for f in subjects:
            made = [
                (op, stated_test(operand(f.text), op, limit))
                for op, limit in compared
                if op != EXCESS and not mentions(f.text, limit)
            ]
            for _, test in made:
                add(test, f.level + 1, op=f.op, bonus=f.bonus)
            divisible = [test for op, test in made if op == DIVIDES]
            if len(divisible) > 1:  # "divisible by both 3 and 5"
                both = " ∧ ".join(f"({t})" for t in divisible)
                if (behaviour := add(both, f.level + 2, op=f.op, bonus=f.bonus)) is not None:
                    stated.add(behaviour)
    chosen = _diverse(level1, LEVEL2_OPERANDS)
    # the pairs' own operands: the lexicon has never read a sequence of pairs, so their fit is no ranking
    over_pairs = [f for f in level1 if f not in chosen and any(whole_operand(v, f.text) for v, _ in views)]
    # (first, those whose elements' one component is each example's output: the pairs kept by a test of the
    # position, `xs.zipIdx.filter (fun x0 => x0.2 % 2 = 0)`, of "keep every other element")
    keys = {id(f): key for key, f in best.items()}
    over_pairs.sort(key=lambda f: not _projects_to(keys.get(id(f)), shown))
    chosen += over_pairs[:VIEW_OPERANDS]
    result_type = ty.prune(parse_type(task.signature.return_type))
    want = ty.lean_text(result_type)
    # a pair is made of two terms, each computing its component of the examples' outputs
    pair = isinstance(result_type, ty.T) and result_type.name == "Prod" and len(result_type.args) == 2
    components = [ty.lean_text(a) for a in result_type.args] if pair else []  # type: ignore[union-attr]
    allowed = set(components) if pair else ({want, "Prop"} if want == "Bool" else {want})
    operands = [(f.text, f.type_text) for f in chosen]
    # an Array or a String result may be computed as its list (`result.toList = a.toList.map f`)
    as_list = list_view(want)
    if as_list:
        allowed.add(as_list)
    # the last level must make the result: an operation known to make something else is not tried there
    final_heads = {_head(slot_shape(t)) for t in allowed}
    # (Lean's operations the requirement names, with no corpus task, are as good as well-supported ones here)
    final_ops = [
        t
        for t in ops
        if (len(t.tasks) >= LEVEL2_SUPPORT or not t.tasks) and (not t.shape or _head(t.shape) in final_heads)
    ]
    # an operation's promise: how well the requirement read its best level-1 use (one it never had: the worst)
    op_fit: dict[str, float] = {}
    for f in level1:
        op_fit[f.op] = max(op_fit.get(f.op, f.fit), f.fit)
    floor = min(op_fit.values(), default=0.0)
    # Every operation over every chosen operand, the most promising first (the operand's fit, the operation's
    # support): the budget goes to them in that order, not to the first operations listed.
    level2: dict[str, tuple[float, str, float]] = {}
    final_generic = [g for t in final_ops if (g := element_generic(t)) is not None]
    # the difference or the sum of two number inputs (`j - i`: how many from position i to position j), an
    # argument beside each sequence operand beyond the first few fills: the words rarely name the arithmetic of two
    # positions (not beside a number: `(height + width) * …` crowds out a perimeter's own arithmetic)
    number_inputs = {name for name, type_text in params if " ".join(type_text.split()) in ("Nat", "Int")}
    spans = [(f.text, f.type_text) for f in level1 if _of_two_inputs(f.text, number_inputs)]
    span_inputs = {name for text, _ in spans for name in text.split(" ")[::2]}
    # (beside every first-level sequence term reading a span's input, `xs.drop i`: the best forty by the lexicon
    # may leave it out)
    spanned_operands = [
        f
        for f in level1
        if f.type_text.startswith(("List ", "Array ", "String")) and any(mentions(f.text, n) for n in span_inputs)
    ]
    for f in list(dict.fromkeys([*chosen, *spanned_operands])):
        paired = pair_sequence(f.type_text)
        spanning, composing = f in spanned_operands, f in chosen  # (once per operand, not per operation)
        for term in final_generic if paired else final_ops:
            fills = pair_holes if paired else holes
            spanned = (
                instantiations(
                    term, task, [], limit=LEVEL2_FILLS, values=[(f.text, f.type_text), *spans], required={f.text}
                )
                if spanning
                else []
            )
            regular = (
                instantiations(
                    term,
                    task,
                    fills.get(term.hole, []),
                    limit=LEVEL2_FILLS,
                    values=level0 + operands,
                    required={f.text},
                )
                if composing
                else []
            )
            for text in spanned + regular:
                promise = f.fit + op_fit.get(term.id, floor) + SUPPORT_WEIGHT * math.log(max(1, len(term.tasks)))
                if text not in level2 or level2[text][0] < promise:
                    level2[text] = (promise, term.id, f.bonus)
    # The corpus's binary operations over pairs the fills above rarely make, the second operand seldom being among
    # the operands: one operation's two uses (`count 'U'`, `count 'D'`) and, for a decision, two decisions or
    # their negations ("only letters, and not empty"). A conjunct the examples do not need is what the words say
    # (the non-empty test alone computes `"Hello"` and `""`): no addition to a simpler term (`simplest`).
    binary = [t for t in final_ops if _BINARY.fullmatch(t.template)]
    pairs = [(a, b, False) for a, b in _siblings(level1, [name for name, _ in params], cast="Int" in allowed)]
    conjoined: set[str] = set()
    if want == "Bool":
        decisions = [f for f in level1 if f.type_text in ("Prop", "Bool")][:PAIRED_DECISIONS]
        negated = {
            f.text: replace(f, text=f"{_NOT[f.type_text]}{operand(f.text)}")
            for f in decisions
            if not f.text.startswith(tuple(_NOT.values()))  # (no `!!b`)
        }
        pairs += [
            (a, b, True)
            for a, b in itertools.combinations([*decisions, *negated.values()], 2)
            if negated.get(a.text) != b
        ]
    for a, b, decided in pairs:
        for term in binary:
            for text in instantiations(term, task, [], limit=2, values=[(a.text, a.type_text), (b.text, b.type_text)]):
                promise = (
                    min(a.fit, b.fit) + op_fit.get(term.id, floor) + SUPPORT_WEIGHT * math.log(len(term.tasks) or 1)
                )
                if text not in level2 or level2[text][0] < promise:
                    level2[text] = (promise, term.id, max(a.bonus, b.bonus))
                if decided:
                    conjoined.add(text)
    for text in sorted(level2, key=lambda t: (-level2[t][0], t)):
        behaviour = add(text, 2, op=level2[text][1], bonus=level2[text][2])
        if text in conjoined and behaviour is not None:
            stated.add(behaviour)

    def computing(allowed: set[str], outputs_of: Callable[[Any], Any]) -> list[Found]:
        out = [
            found
            for (type_text, outputs), found in best.items()
            if type_text in allowed
            and all(o == ("ok", outputs_of(expected)) for o, (_, expected) in zip(outputs, examples, strict=False))
        ]
        return sorted(out, key=lambda f: (-f.fit, f.text))

    def simplest(found: list[Found]) -> list[Found]:
        """Without the terms built over a simpler term that computes the examples too: what they add does nothing
        the examples show (`(s.map f).toList.drop 0`, `[] ++ xs.rotateLeft k`, and `(xs.filter p).eraseDups` of
        an example without duplicates, one mined operation though it is); see `adds_nothing`. What the words state
        is no addition (`(n % 3 = 0) ∧ (n % 5 = 0)` of "divisible by both 3 and 5")."""
        names = [name for name, _ in params]
        texts = [f.text for f in found]
        said = {f.text for key in stated for f in (best[key], *others.get(key, {}).values())}
        return [
            f for f in found if f.text in said or not any(g != f.text and adds_nothing(g, f.text, names) for g in texts)
        ]

    def second_look(found: list[Found]) -> list[Found]:
        """`found` and the other spellings of its behaviours that more made-up inputs tell apart from it, the
        best-fitted of each new behaviour."""
        key_of = {id(f): key for key, f in best.items()}
        out = list(found)
        for f in found:
            kept = others.get(key_of.get(id(f)), {})
            if kept:
                mine = looker.run(f.text)
                told_apart = [g for seen, g in kept.items() if seen is not None and seen != mine]
                out += sorted(told_apart, key=lambda g: (-g.fit, g.text))[:OTHER_SPELLINGS]
        return sorted(out, key=lambda f: (-f.fit, f.text))

    if want in ("Nat", "Int") and not pair:
        # Formulas deeper than the second level, only to read a number the words write that no term computing
        # the examples reads; each costs its operations as a level (their own budget: the levels above may have
        # spent theirs)
        solving = [f.text for f in computing({want}, lambda v: v)]
        deeper = stated_formulas(want, examples, params, formula_numbers, solving)
        budget = runner.elaborated + len(deeper)
        for text, size in deeper:
            add(text, size)

    if not pair:
        whole = second_look(computing(allowed - {as_list}, lambda v: v))
        listed = computing({as_list}, tuple) if as_list else []
        guarded: list[Found] = []
        if no_result_said(task):
            # the words name inputs with no result: `some t` everywhere cannot be it, a test must guard it
            somes = [f for f in whole if f.text.startswith("some ")][:GUARDED_SOMES]
            guarded = _guarded(somes, ["none"], best, len(examples), add, computing)
            whole = [replace(f, fit=f.fit - ALWAYS_SOME_COST) if f.text.startswith("some ") else f for f in whole]
        elif answers:
            # the words quote the answers: one of them everywhere cannot be it, a test must choose
            constants = [f for f in whole if f.text in answers][:GUARDED_SOMES]
            guarded = _guarded(constants, answers, best, len(examples), add, computing)
            whole, listed = (
                [replace(f, fit=f.fit - ALWAYS_SOME_COST) if _answers_one(f.text, answers) else f for f in found]
                for found in (whole, listed)
            )
        if whole or listed or len(examples) < 2 or want == "Bool":
            # of terms computing the examples, one that reads every input comes first
            names = [name for name, _ in params]
            # (an empty input leaves every count, sum and length 0, by necessity: no coincidence to see there)
            on_examples = _Runner(params, [args for args in near if not any(_empty(v) for v in args)] or near)
            signed = want == "Int" and stated_non_negative(task)
            read = [
                replace(
                    f,
                    fit=f.fit
                    - UNREAD_COST * unread_inputs(f.text, names)
                    - IDLE_OPERATION_COST * _idle_operation(f.text, on_examples)
                    - NEGATIVE_COST * (signed and _ever_negative(f.text, runner)),
                )
                for f in simplest(whole + listed) + guarded
            ]
            return sorted(read, key=lambda f: (-f.fit, f.text))
        # no one term computes the examples: a split of two that each compute some
        behaviours = [(type_text, outputs, f) for (type_text, outputs), f in best.items()]
        splits = [
            (restating, Found(text, want, level, score(text) - LEVEL_COST * level))
            for text, level, restating in result_splits(behaviours, examples, want, params)
        ]
        return [f for _, f in sorted(splits, key=lambda s: (s[0], -s[1].fit, s[1].text))][:SPLIT_RESULTS]
    firsts = simplest(second_look(computing({components[0]}, lambda v: v.fst)))
    seconds = simplest(second_look(computing({components[1]}, lambda v: v.snd)))
    combined = list(itertools.product(firsts[:PAIR_PARTS], seconds[:PAIR_PARTS]))
    # A pair's two components are often one operation's two uses, one token apart (`n / 60` and `n % 60` of
    # "hours and the minutes left over", `countP p` and `countP q`): such pairs are tried beyond the best few.
    siblings = [
        (a, b) for a in firsts[:SIBLING_PARTS] for b in seconds[:SIBLING_PARTS] if one_token_apart(a.text, b.text)
    ]
    combined += [ab for ab in siblings if ab not in combined]
    pairs = [  # scored whole: the requirement accounts for the two together (or not)
        Found(text, want, level, score(text) - LEVEL_COST * level + SIBLING_PAIR_BONUS * ((a, b) in siblings))
        for a, b in combined
        for text, level in [(f"({a.text}, {b.text})", max(a.level, b.level))]
    ]
    return sorted(pairs, key=lambda f: (-f.fit, f.text))


def stated_formulas(
    want: str,
    examples: Sequence[tuple[tuple[Any, ...], Any]],
    params: Sequence[tuple[str, str]],
    numbers: Sequence[str],
    solving: Sequence[str],
) -> list[tuple[str, int]]:
    """Formulas of the number inputs and the `numbers` the words write or imply (other than 0 and 1), up to
    FORMULA_OPERATIONS of Lean's `+ - * / %` (`arith`), that compute every example, read every input and write
    more of those numbers than any of the `solving` terms (computing the examples already) does: what the words
    give that no term reads (the 100 of "a percentage of an amount": `(amount * pct) / 100`, where the corpus's
    operations make `amount % 100` and a coincidence reading both inputs). (formula, its operations), the fewest
    operations first, DEEPER_TERMS at most; FORMULA_VALUES evaluations at most (eight inputs and numbers would
    make two million formulas of three operations)."""
    names = [name for name, _ in params]
    numbers = [n for n in dict.fromkeys(numbers) if re.fullmatch(r"-?\d+", n) and n not in ("0", "1", "-1")]
    numbers = [n for n in numbers if want == "Int" or not n.startswith("-")]
    if not numbers or any(t != want for _, t in params):
        return []

    def written(text: str) -> int:
        return sum(mentions(text, n) for n in numbers)

    covered = max((written(t) for t in solving if not unread_inputs(t, names)), default=0)
    if covered == len(numbers):
        return []
    expected = tuple(e for _, e in examples)
    operations = arith.BINARY_OPERATIONS[want]
    out: dict[str, tuple[int, int]] = {}  # formula -> (its pool, its operations)
    # the first few numbers alone first (the units' constants come first, `formula_numbers`): with many numbers
    # the search stops at FORMULA_VALUES before a formula of three reads the last of them (`c * 9 / 5 + 32`)
    pools = [numbers[:FORMULA_FIRST_NUMBERS], numbers] if len(numbers) > FORMULA_FIRST_NUMBERS else [numbers]
    for k_pool, pool in enumerate(pools):
        leaves = [(name, tuple(args[k] for args, _ in examples)) for k, name in enumerate(names)]
        leaves += [(n, (int(n),) * len(examples)) for n in pool]
        by_size: list[list[tuple[str, tuple]]] = [leaves]  # by_size[k]: the formulas of k operations
        evaluated = 0
        for size in range(1, FORMULA_OPERATIONS + 1):
            made: list[tuple[str, tuple]] = []
            for left_size in range(size):
                for (a, xs), (b, ys) in itertools.product(by_size[left_size], by_size[size - 1 - left_size]):
                    if not any(mentions(f"{a} {b}", name) for name in names):
                        continue  # an operation of two constants is another constant, no reading of the words
                    evaluated += len(operations)
                    if evaluated > FORMULA_VALUES:
                        break
                    for op, fn in operations.items():
                        if op in "+*" and left_size == size - 1 - left_size and a > b:
                            continue  # (one order of the two operands of `+` and `*`)
                        values = tuple(fn(x, y) for x, y in zip(xs, ys, strict=True))
                        left = a if left_size == 0 else f"({a})"
                        text = f"{left} {op} {b if size - 1 - left_size == 0 else f'({b})'}"
                        if size < FORMULA_OPERATIONS:  # (the largest formulas are operands of none)
                            made.append((text, values))
                        if values == expected and text not in out and written(text) > covered:
                            if not unread_inputs(text, names):
                                out[text] = (k_pool, size)
            by_size.append(made)
    return [(text, size) for text, (_, size) in sorted(out.items(), key=lambda item: (item[1], item[0]))][:DEEPER_TERMS]


# the words of a requirement that some inputs have no result ("any other character gives no result")
_NO_RESULT = re.compile(
    r"\b(?:nothing|none|no (?:result|value|answer|match|such|number|element|entry|item|character|word))\b", re.I
)


def no_result_said(task: Task) -> bool:
    """An Option result, and the words name inputs that have none ("any other character gives no result")."""
    return task.signature.return_type.strip().startswith("Option ") and _NO_RESULT.search(task.requirement) is not None


_QUOTED_TEXT = re.compile(r'(?<![\w"])"([^"\n]{1,20})"(?![\w"])')


def quoted_texts(requirement: str) -> list[str]:
    """The short texts the words quote (`answer "pass" or "fail"`), as Lean string literals."""
    return list(dict.fromkeys(f'"{m.group(1)}"' for m in _QUOTED_TEXT.finditer(requirement) if "\\" not in m.group(1)))


def quoted_characters(requirement: str) -> list[str]:
    """The characters the words quote (`'z'`, "give 'Y' or 'N'"), as Lean literals, in order."""
    return list(dict.fromkeys(re.findall(r"(?<![\w'])'[^'\\\n]'(?![\w'])", requirement)))


def stated_answers(task: Task) -> list[str]:
    """The answers the words quote for a String or Char result, two at least (`answer "pass" or "fail"`, "give 'Y'
    or 'N'"), as Lean literals; none otherwise."""
    result = " ".join(task.signature.return_type.split())
    if result == "String":
        answers = quoted_texts(task.requirement)
    elif result == "Char":
        answers = quoted_characters(task.requirement)
    else:
        return []
    return answers if len(answers) >= 2 else []


def _answers_one(text: str, answers: Sequence[str]) -> bool:
    """Whether a term makes its result of one quoted answer alone (`"pass"`, `"pass".take n`), choosing none."""
    return not text.startswith("if ") and any(a in text for a in answers)


def _guarded(
    thens: list[Found],
    otherwise: list[str],
    best: dict[tuple[str, tuple], Found],
    examples: int,
    add: Callable[..., None],
    computing: Callable[..., list[Found]],
) -> list[Found]:
    """`if T then t else o` for the terms `thens` computing the examples, each other answer `o` of `otherwise` and
    the best tests T that hold on every example and on some made-up inputs but not all, as far as they compute the
    examples."""
    tests = sorted(
        (
            f
            for (type_text, outputs), f in best.items()
            if type_text in ("Prop", "Bool")
            and all(o == ("ok", True) for o in outputs[:examples])
            # true on some made-up inputs (not the examples' alone: `c = '7'`) and not on all
            and any(o == ("ok", True) for o in outputs[examples:])
            and any(o != ("ok", True) for o in outputs[examples:])
        ),
        key=lambda f: (-f.fit, f.text),
    )[:GUARD_TESTS]
    from specbridge.mining.terms import operand

    texts = set()
    for then, test, other in itertools.product(thens, tests, otherwise):
        if other != then.text:
            text = f"if {test.text} then {operand(then.text)} else {other}"
            add(text, max(then.level, test.level) + 1)
            texts.add(text)
    return [f for f in computing({thens[0].type_text} if thens else set(), lambda v: v) if f.text in texts]


_NUMBER_SEQUENCE = re.compile(r"(?:List|Array) num")
_PAIRABLE = ("Nat", "Int", "Char", "Bool", "String")


def _other_elements(type_text: str) -> bool:
    """A List or Array parameter whose elements are not numbers (`List String`, `List (Nat × Nat)`)."""
    head, _, element = " ".join(type_text.split()).partition(" ")
    return head in ("List", "Array") and element not in ("Nat", "Int")


def pair_views(params: Sequence[tuple[str, str]]) -> list[str]:
    """The sequences of pairs a task's inputs make: two sequences side by side (`xs.zip ys`, compared or combined
    position by position), a sequence beside its own tail (`xs.zip xs.tail`: neighbours) and beside its positions
    (`xs.zipIdx`). Lean's `zip` names
    no word a requirement uses ("position by position", "next to each other"), so it is offered by the
    signature's shape; of simple elements only."""
    seqs = [
        (name, *got)
        for name, type_text in params
        if (got := _as_list(name, type_text)) is not None
        and (got[1] == "String" or type_text.partition(" ")[2] in _PAIRABLE)
    ]
    out = []
    for (a, la, ca), (b, lb, cb) in itertools.combinations(seqs, 2):
        out.append(f"{a}.zip {b}" if ca == cb != "String" else f"{la}.zip {lb}")
    out += [f"{la}.zip {la}.tail" for _, la, _ in seqs]
    # each element beside its position ("add to every number its own position", "the days on which …")
    out += [f"{la}.zipIdx" for _, la, container in seqs if container != "String"]
    return out


def _as_list(name: str, type_text: str) -> tuple[str, str] | None:
    """(the list a sequence parameter is read as, its container: `s.toList`, "String"; `xs`, "List"), None for a
    parameter of another type."""
    type_text = " ".join(type_text.split())
    if type_text == "String":
        return f"{name}.toList", "String"
    head = type_text.partition(" ")[0]
    if head in ("List", "Array"):
        return (name if head == "List" else f"{name}.toList"), head
    return None


def _view_terms(
    task: Task,
    ops: list,
    views: Sequence[tuple[str, str]],
    holes: dict[str, list[str]],
    level0: Sequence[tuple[str, str]],
    score: Callable[[str], float],
) -> dict[str, tuple[float, str, float]]:
    """The operations `ops` over the sequences `views` (each term reads one): term -> (its promise, the
    operation's id, its bonus), as for the first level."""
    from specbridge.mining.terms import instantiations

    out: dict[str, tuple[float, str, float]] = {}
    for term in ops:
        bonus = VOCABULARY_BONUS if not term.tasks else 0.0
        support = SUPPORT_WEIGHT * math.log(max(1, len(term.tasks)))
        # each view its own fills: the first view's must not use up a term's budget (`xs.zip xs.tail` before
        # `xs.zipIdx`)
        for view in views:
            for text in instantiations(
                term,
                task,
                holes.get(term.hole, []),
                limit=16,
                values=[*level0, *views],
                fills=16,
                required={view[0]},
            ):
                promise = score(text) + bonus + support
                if text not in out or out[text][0] < promise:
                    out[text] = (promise, term.id, bonus)
    return out


def range_views(params: Sequence[tuple[str, str]]) -> list[str]:
    """The numbers up to each Nat input as a sequence: `List.range' 1 n` (from 1 up to n) and `List.range (n + 1)`
    (from 0): what "how many numbers up to n divide it" counts and "the square of some number" searches. And the
    numbers from one Nat input to another, both included (`List.range' lo (hi + 1 - lo)`): "add up all whole
    numbers from lo to hi"."""
    names = [name for name, type_text in params if " ".join(type_text.split()) == "Nat"]
    views = [view for name in names for view in (f"List.range' 1 {name}", f"List.range ({name} + 1)")]
    return views + [f"List.range' {lo} ({hi} + 1 - {lo})" for lo in names for hi in names if lo != hi]


# "the sum of its digits", "how many digits", "each digit": a number read as its decimal digits (not "the last
# digit", one digit, which `n % 10` is)
_DIGITS = re.compile(r"\bdigits\b|\b(?:each|every|any|all)\s+(?:\w+\s+)?digit\b", re.I)


def digit_views(task: Task) -> list[str]:
    """Each number input as the list of its decimal digits (`Nat.digits 10 n`, the last digit first; an Int's
    without its sign), when the words speak of digits: what "the sum of its digits" adds up and "how many digits
    are even" counts. The corpus's specs spell digits through `toString`, which teaches no operation over them."""
    if not _DIGITS.search(task.requirement):
        return []
    types = {p.name: " ".join(p.type.split()) for p in task.signature.params}
    return [
        f"Nat.digits 10 {name}" if type_text == "Nat" else f"Nat.digits 10 {name}.natAbs"
        for name, type_text in types.items()
        if type_text in ("Nat", "Int")
    ]


def end_views(task: Task) -> list[str]:
    """Each sequence input's first element, or its last, as a list of at most one (`s.toList.take 1`,
    `xs.reverse.take 1`), for the ends the words say it begins or ends with (`stated_ends`): "begins with a digit"
    is a test of that list (`(s.toList.take 1).any (fun x0 => x0.isDigit)`), false for the empty text."""
    from specbridge.mining.shapes import stated_ends

    ends = stated_ends(task.requirement)
    out = []
    for p in task.signature.params:
        got = _as_list(p.name, p.type)
        if got is not None:
            out += [f"{got[0]}.take 1"] if "first" in ends else []
            out += [f"{got[0]}.reverse.take 1"] if "last" in ends else []
    return out


def _digit_holes(task: Task, ops: list, score: Callable[[str], float]) -> dict[str, list[str]]:
    """The tests and values of one digit `x0` a hole over the digits may hold: short operations of the digit
    alone (`x0 % 2 = 0`, `x0 * x0`), one per behaviour."""
    from specbridge.mining.terms import lambda_bodies

    def short(bodies: list[str]) -> list[str]:
        return [b for b in bodies if _tokens(b.removeprefix("fun x0 => ")) <= 5]

    preds = distinct_lambdas(task, short(lambda_bodies(ops, task, "Nat", pred=True, limit=1000)), "Nat", score)
    values = distinct_lambdas(task, short(lambda_bodies(ops, task, "Nat", pred=False, limit=1000)), "Nat", score)
    return {"pred": preds, "value": values, "value2": number_fold_steps(task, ops, score), "": preds[:5] + values[:3]}


def number_fold_steps(task: Task, ops: list, score: Callable[[str], float]) -> list[str]:
    """The steps of a fold of numbers into a number (`fun x0 x1 => x0 * x1`: the product of the digits, of the
    numbers up to n), the requirement's reading first."""
    from specbridge.mining.terms import fold_steps

    steps = fold_steps(ops, task, "Nat", "Nat", limit=4 * VIEW_FOLD_STEPS)
    return sorted(steps, key=lambda step: -score(step))[:VIEW_FOLD_STEPS]


def _range_holes(task: Task, ops: list, score: Callable[[str], float]) -> dict[str, list[str]]:
    """The tests a hole over the numbers up to an input may hold: one short operation relating the number `x0`
    to a number input (`n % x0 = 0`, `x0 * x0 = n`), one per behaviour; a test of `x0` alone would be a property
    of the numbers, not of the input."""
    from specbridge.mining.terms import lambda_bodies

    numbers = [p.name for p in task.signature.params if " ".join(p.type.split()) == "Nat"]
    bodies = [
        b
        for b in lambda_bodies(ops, task, "Nat", pred=True, limit=1000)
        if _tokens(b.removeprefix("fun x0 => ")) <= 5 and any(re.search(rf"\b{n}\b", b) for n in numbers)
    ]
    # a number made of `x0` alone that equals the input ("the square of some number": `x0 * x0 = n`)
    made = [
        b.removeprefix("fun x0 => ")
        for b in lambda_bodies(ops, task, "Nat", pred=False, limit=1000)
        if _tokens(b.removeprefix("fun x0 => ")) <= 3 and not any(re.search(rf"\b{n}\b", b) for n in numbers)
    ]
    bodies += [f"fun x0 => {value} = {n}" for value in made if value != "x0" for n in numbers]
    preds = distinct_lambdas(task, bodies, "Nat", score)
    return {"pred": preds, "value": [], "value2": number_fold_steps(task, ops, score), "": preds[:5]}


def _option_of_pair(type_text: str) -> bool:
    """Whether `type_text` is an Option of a pair (`Option (Nat × Nat)`)."""
    return re.fullmatch(r"Option \(.+ × .+\)", " ".join(type_text.split())) is not None


def pair_sequence(type_text: str) -> tuple[str, str] | None:
    """The component types of a sequence of pairs (`List (Int × Int)` -> (Int, Int)), else None."""
    m = re.fullmatch(r"(?:List|Array) \((\w+) × (\w+)\)", type_text)
    return (m.group(1), m.group(2)) if m else None


def _pair_holes(
    task: Task,
    ops: list,
    views: Sequence[tuple[str, str]],
    score: Callable[[str], float],
    literals: Sequence[str] = (),
) -> dict[str, list[str]]:
    """What a hole over the elements of the `pair_views` (text, type) may hold: tests and values over both
    components, one per behaviour (`distinct_lambdas`), by kind of hole; over a sequence beside its positions,
    tests of the position alone (`position_tests`), and the element or the position as a value."""
    from specbridge.mining.terms import in_turns, lambda_bodies, operand, pair_lambda_bodies

    preds: list[str] = []
    values: list[str] = []

    def bodies(components: tuple[str, str], pred: bool, most_tokens: int) -> list[str]:
        """One operation of the two components, of `most_tokens` at most (`x0.1 = x0.2`, `x0.2 - x0.1`): the
        lexicon has never read a pair, and would prefer the corpus's longer bodies (`(x0.1 % 2) ≠ (x0.2 % 2)`) by
        their words alone. Without the `fun x0 => `."""
        found = [
            b.removeprefix("fun x0 => ") for b in pair_lambda_bodies(ops, task, *components, pred=pred, limit=1000)
        ]
        return [b for b in found if _tokens(b) <= most_tokens]

    numbers = [p.name for p in task.signature.params if " ".join(p.type.split()) in ("Nat", "Int")]
    view_types = [t for _, t in views]
    for components in dict.fromkeys(p for t in view_types if (p := pair_sequence(t)) is not None):
        var_type = " × ".join(components)
        computed = bodies(components, False, 4)
        composed = (
            _of_computed(
                lambda_bodies(ops, task, components[0], pred=False, limit=1000),
                [b for b in computed if _tokens(b) == 3],
                components[0],
                [(p.name, p.type) for p in task.signature.params],
            )
            if components[0] == components[1] in ("Nat", "Int")
            else []
        )
        related = distinct_lambdas(task, [f"fun x0 => {b}" for b in bodies(components, True, 3)], var_type, score)
        values += distinct_lambdas(task, [f"fun x0 => {b}" for b in computed if _tokens(b) <= 3], var_type, score)

        def compared(found: list[str], var_type: str = var_type) -> list[str]:
            """A number of the two components against a number input: "the pair adds up to the target"."""
            tests = [f"fun x0 => {operand(v)} {op} {n}" for v in found for n in numbers for op in _COMPARISONS]
            return distinct_lambdas(task, tests, var_type, score)

        # the lexicon ranks a number two operations deep below one: in turns, neither crowds the other out
        # (and a component alone, in its own turn: "the entry after the target" finds the neighbours whose first is
        # the target, a test the lexicon ranks below those of both components)
        # (made-up pairs often hold one value twice, where a test of either component is one behaviour: not kept
        # one per behaviour, the equalities first)
        alone = [f"fun x0 => x0.{c} {op} {n}" for op in _COMPARISONS for n in numbers for c in "12"]
        alone = alone[:COMPOSED_PAIR_TESTS]
        made = compared(computed)[:COMPARED_PAIR_TESTS]
        preds += in_turns(related, made, alone, compared(composed)[:COMPOSED_PAIR_TESTS])
    positions = [t for text, t in views if text.endswith(".zipIdx")][:1]
    for view_type in positions:
        # in turns with the components' tests: a hole takes its first few fills only
        preds = in_turns(position_tests(task, ops, view_type, score, literals), preds)
        values = ["fun x0 => x0.1", "fun x0 => x0.2", *values]
    return {"pred": preds, "value": values, "": preds[:5] + values[:3]}


def _projects_to(key: tuple[str, tuple] | None, shown: Sequence[Any]) -> bool:
    """Whether a sequence of pairs (`key`: its type and outputs, the examples' first) holds, as one component of
    its elements, each example's output (`shown`)."""
    if key is None or pair_sequence(key[0]) is None or not shown:
        return False
    outputs = key[1][: len(shown)]
    for component in (0, 1):
        got = [
            tuple((v.fst, v.snd)[component] for v in value)
            if kind == "ok" and isinstance(value, tuple) and all(isinstance(v, Pair) for v in value)
            else None
            for kind, value in outputs
        ]
        if all(g is not None and _shows(g, want) for g, want in zip(got, shown, strict=True)):
            return True
    return False


def _shows(value: Any, want: Any) -> bool:
    """Whether a term's output is an example's output (a String or List result shown as its tuple of items)."""
    return value == want or (isinstance(want, (str, tuple)) and value == tuple(want))


def position_tests(
    task: Task, ops: list, view_type: str, score: Callable[[str], float], literals: Sequence[str]
) -> list[str]:
    """Tests of the position alone over a sequence beside its positions (`view_type`, `List (Int × Nat)` of
    `xs.zipIdx`): "keep the first, the third, the fifth…" is `x0.2 % 2 = 0`. The corpus's tests of a number,
    against numbers only (a position is nothing to look for among the sequences' elements) and those the words
    state or imply; not one that holds of every position or of none. At most POSITION_TESTS, one per behaviour."""
    from specbridge.mining.terms import lambda_bodies

    sequences = [p.name for p in task.signature.params if " ".join(p.type.split()) not in ("Nat", "Int")]
    shown = (example_values(task) or [((),)])[0][0]
    params = [("x0", "Nat")] + [(p.name, p.type) for p in task.signature.params]
    positions = _Runner(params, [(i, *shown) for i in range(6)])  # the first positions, the example's other inputs
    out = []
    for body in lambda_bodies(ops, task, "Nat", pred=True, limit=1000):
        body = body.removeprefix("fun x0 => ")
        if not _reads_once(body, sequences):
            continue
        if not set(re.findall(r"(?<![\w.])\d+(?![\w.])", body)) <= set(literals):
            continue
        got = positions.run(body)
        if got is not None and len(set(got[1])) > 1:
            out.append("fun x0 => " + re.sub(r"\bx0\b", "x0.2", body))
    var_type = " × ".join(pair_sequence(view_type) or ())
    return distinct_lambdas(task, out, var_type, score)[:POSITION_TESTS]


def _reads_once(body: str, names: Sequence[str]) -> bool:
    """Whether a lambda's `body` reads its variable `x0` once and none of `names`: an operation of `x0` alone
    (`x0.front`, `x0 % 2 = 0`, not `x0 * x0`), to apply to another term (`_applied`)."""
    return len(re.findall(r"\bx0\b", body)) == 1 and not any(mentions(body, name) for name in names)


def _applied(outer: str, inner: str) -> str:
    """The one-variable body `outer` over the term `inner` in place of its `x0`, parenthesized."""
    # (a function as the replacement: a term's text is no pattern of escapes)
    return re.sub(r"\bx0\b", lambda _: f"({inner})", outer)


def _of_computed(
    unary: Sequence[str], computed: Sequence[str], number: str, params: Sequence[tuple[str, str]]
) -> list[str]:
    """The corpus's one-operand operations from a `number` type to a number (`unary`: `fun x0 => Int.natAbs x0`)
    over what the two components compute (`x0.1 - x0.2`): "the two readings never differ by more than the
    tolerance" compares `Int.natAbs (x0.1 - x0.2)`, two operations deep, where `_pair_holes`' bodies are one."""
    from specbridge.lean.program import expression_type

    ops = []
    for body in unary:
        body = body.removeprefix("fun x0 => ")
        if _tokens(body) > 2 or not _reads_once(body, [p for p, _ in params]):
            continue
        got = expression_type([*params, ("x0", number)], body)
        if got is not None and ty.lean_text(got) in ("Nat", "Int"):
            ops.append(body)
    return [_applied(op, c) for op in ops for c in computed]


def _spelled_better(new: Found, old: Found) -> bool:
    """Of two spellings of one behaviour, whether `new` is the better: its fit, less SPELLING_COST per token."""
    return new.fit - SPELLING_COST * _tokens(new.text) > old.fit - SPELLING_COST * _tokens(old.text)


def one_token_apart(a: str, b: str) -> bool:
    """Whether two terms differ in exactly one name, number or operator, or in two swapped ones, their
    parentheses alike (`n / 60` and `n % 60`; `xs.foldl min 0` and `xs.foldl max 0`; `x0.2 < x0.1` and
    `x0.1 < x0.2`)."""
    ta, tb = _TERM_TOKEN.findall(a), _TERM_TOKEN.findall(b)
    if len(ta) != len(tb):
        return False
    differ = [i for i, (x, y) in enumerate(zip(ta, tb, strict=True)) if x != y]
    return len(differ) == 1 or (len(differ) == 2 and ta[differ[0]] == tb[differ[1]] and ta[differ[1]] == tb[differ[0]])


_TERM_TOKEN = re.compile(r"[\w.'!?]+|[()]|[^\s\w()]+")


def _tokens(text: str) -> int:
    """Names, numbers and operators of a term: of two spellings of one behaviour, the shorter says it plainly
    (`n / 2`, not `(3 % 2) * (n / 2)`)."""
    return len(re.findall(r"[\w.'!?]+|[^\s\w()]+", text))


def whole_operand(part: str, text: str) -> bool:
    """`part` is a whole operand of `text`: the receiver of its projection, a parenthesized argument, or an
    argument of the outermost application (`max xs.length 0`; not the `2` inside a lambda)."""
    return (
        text.startswith(part + ".")
        or f"({part})" in text
        or text.startswith(f"{part} ")
        or text.endswith(f" {part}")
        or part in split_top_level(text, " ")
    )


def stated_test(subject: str, op: str, limit: str) -> str:
    """The Lean test of a comparison the words state (`stated_comparisons`) with `subject` compared."""
    if op in (DIVIDES, ODD):
        return f"{subject} % {limit} = {0 if op == DIVIDES else 1}"
    return f"{subject} {op} {limit}"


def adds_nothing(part: str, text: str, names: Sequence[str]) -> bool:
    """`text` is an operation over its whole operand `part` (`whole_operand`) that reads no input `part` leaves
    out: where both compute the examples, the operation does nothing the examples show. One that reads another
    input does: `(24 * 60 * 60)` meets the example of one day as `days * (24 * 60 * 60)` does, but the requirement
    gives the days to be used."""
    return whole_operand(part, text) and all(mentions(part, n) for n in names if mentions(text, n))


def list_view(type_text: str) -> str | None:
    """The list type an Array or String type is viewed as by `.toList` (`List Int`, `List Char`), else None."""
    if type_text == "String":
        return "List Char"
    if type_text.startswith("Array "):
        return "List " + type_text.removeprefix("Array ")
    return None


def _head(shape: str) -> str:
    """The outer type constructor of a slot shape: `List` of `List num`, `num`, `(num` of a pair."""
    return shape.split(" ", 1)[0]


# an operation of two numbers or decisions and nothing else: `{s0} - {s1}`, `max {s0} {s1}`, `{s0} ∧ {s1}`; not
# `({s0} - {s1}) + 1`
_BINARY = re.compile(r"\{s\d\} (?:[-+*/%∧∨]|&&|\|\|) \{s\d\}|(?:max|min) \{s\d\} \{s\d\}")


_NOT = {"Prop": "¬", "Bool": "!"}


def _siblings(level1: list[Found], names: Sequence[str], cast: bool) -> list[tuple[Found, Found]]:
    """Pairs of numbers one operation computes over the same inputs and different constants or tests
    (`s.count 'U'`, `s.count 'D'`; not `a.toNat`, `b.toNat`), the best-fitted of each operation, cast to Int when
    `cast` (Lean coerces them so where an Int is wanted)."""
    by_op: dict[tuple, list[Found]] = {}
    for f in level1:
        key = (f.op, tuple(n for n in names if mentions(f.text, n)))
        if f.type_text in ("Nat", "Int") and len(by_op.setdefault(key, [])) < SIBLINGS:
            by_op[key].append(replace(f, text=f"({f.text} : Int)", type_text="Int") if cast else f)
    ranked = sorted(by_op.values(), key=lambda group: -group[0].fit)[:SIBLING_OPERATIONS]
    return [pair for group in ranked for pair in itertools.permutations(group, 2)]


_ARITHMETIC = re.compile(r" ([-+*/%]) ")
_OPERAND_NAME = re.compile(r"[\w.!?']+")
_LAMBDA_VARIABLE = re.compile(r"(?<![\w.])(x\d)\b")
_BINDER = re.compile(r"\bfun ((?:x\d\s+)+)=>")
_FILTER = re.compile(r"\.(?P<op>filter|dropWhile|takeWhile) ")  # (each may keep every element)


def _number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _operand_at(text: str, start: int, *, before: bool = False) -> str:
    """The operand of a binary operator just after `start` (or, `before`, just before it): a name, a number or a
    parenthesized term; "" for anything else."""
    from specbridge.mining.shapes import _close

    if not before:
        if text.startswith("(", start):
            end = _close(text, start)
            return text[start : end + 1] if end is not None else ""
        name = _OPERAND_NAME.match(text, start)
        return name.group(0) if name else ""
    if text[:start].endswith(")"):
        depth = 0
        for i in range(start - 1, -1, -1):
            depth += text[i] == ")"
            depth -= text[i] == "("
            if depth == 0:
                return text[i:start]
        return ""
    name = re.search(r"[\w.!?']+$", text[:start])
    return name.group(0) if name else ""


def _empty(value: Any) -> bool:
    """Whether a runtime value is an empty list, array or text."""
    return isinstance(value, (str, list, tuple)) and len(value) == 0


def _ever_negative(text: str, runner: _Runner) -> bool:
    """Whether a number term is negative on some input `runner` holds."""
    got = runner.run(text)
    return got is not None and any(kind == "ok" and _number(v) and v < 0 for kind, v in got[1])


def _of_two_inputs(text: str, names: set[str]) -> bool:
    """Whether `text` is the difference or the sum of two distinct number inputs among `names` (`j - i`)."""
    m = re.fullmatch(r"(\w+) [-+] (\w+)", text)
    return m is not None and m.group(1) != m.group(2) and {m.group(1), m.group(2)} <= names


def _idle_operation(text: str, on_examples: _Runner) -> bool:
    """Whether an operation of `text` does nothing on one of the examples (its operands run by `on_examples`, whose
    inputs are the examples'): adding or taking away 0, multiplying or dividing by 1, a zero divisor, a remainder
    equal to what it divides, a filter (a `dropWhile`, a `takeWhile`) keeping every element. What the term computes
    there, Lean's `x % 0 = x` and `3 % 5 = 3`, a count that is 0 or a filter that keeps all compute, not the words'
    reading (`hi % (x % lo)` meets `x = 5, lo = 0, hi = 3`; `(n - 1) - ws.countP p` meets 2 words of 3 letters when
    no word passes `p`). Adding an input the example gives as 0, or multiplying by one it gives as 1, is no
    operation doing nothing (dividing by it is); an operand with a lambda's variable free in it is not run."""
    inputs = {name for name, _ in on_examples.params}
    seen: dict[str, list[Any] | None] = {}

    def values(operand: str) -> list[Any] | None:
        if operand not in seen:
            bound = {v for m in _BINDER.finditer(operand) for v in m.group(1).split()}
            if not operand or set(_LAMBDA_VARIABLE.findall(operand)) - bound:  # a lambda's variable, free here
                seen[operand] = None
            else:
                got = on_examples.run(operand)
                seen[operand] = None if got is None else [v for kind, v in got[1] if kind == "ok"]
        return seen[operand]

    def neutral(operand: str, of: tuple[int, ...], divisor: bool) -> bool:
        # (an input the example gives as 0 or 1 is the example's choice, the words give it to be used; but no
        # words mean Lean's convention for a zero divisor)
        if operand in inputs and not divisor:
            return False
        return any(_number(v) and v in of for v in values(operand) or [])

    for m in _ARITHMETIC.finditer(text):
        op = m.group(1)
        right, left = _operand_at(text, m.end()), _operand_at(text, m.start(), before=True)
        idle = {"+": (0,), "-": (0,), "*": (1,), "/": (0, 1), "%": (0,)}[op]
        if neutral(right, idle, op in "/%") or (op in "+*" and neutral(left, idle, False)):
            return True
        dividends, divisors = (values(left), values(right)) if op == "%" else (None, None)
        numbers = [(a, b) for a, b in zip(dividends or [], divisors or [], strict=False) if _number(a) and _number(b)]
        if any(0 <= a < b for a, b in numbers):
            return True
    for m in _FILTER.finditer(text):  # a filter (or a `dropWhile`, a `takeWhile`) keeping every element
        kept = _operand_at(text, m.start(), before=True)
        test = _operand_at(text, m.end())
        whole, part = values(f"{kept}.{m.group('op')} {test}" if kept and test else ""), values(kept)
        if whole and part and any(a == b for a, b in zip(whole, part, strict=False)):
            return True
    return False


def _diverse(found: list[Found], size: int) -> list[Found]:
    """The best `size` of `found` (best first): the LEVEL2_BEST best, then the rest taken round-robin over their
    operations: one operation's many fillings (`hi % x`, `x % lo`…) must not crowd the others out of the next
    level, but the best operation's second filling may be the one the requirement means."""
    out: list[Found] = found[: min(size, LEVEL2_BEST)]
    by_op: dict[str, list[Found]] = {}
    for f in found[len(out) :]:
        by_op.setdefault(f.op, []).append(f)
    for rank in itertools.count():
        layer = [q[rank] for q in by_op.values() if rank < len(q)]
        if not layer:
            break
        out += sorted(layer, key=lambda f: (-f.fit, f.text))[: size - len(out)]
        if len(out) >= size:
            break
    return out


_COMPARISONS = ("=", "≠", "<", "≤", ">", "≥")


def comparison_lambdas(task: Task, element: str) -> list[str]:
    """Tests of an element against a number parameter of the task (`fun x0 => x0.length > n` over words,
    `fun x0 => x0.1 = key` over pairs, `fun x0 => x0 < pivot` over numbers): the commonest thing a requirement
    filters, counts or searches by, which the corpus's lambdas name only for the elements it had."""
    number_params = [p.name for p in task.signature.params if " ".join(p.type.split()) in ("Nat", "Int")]
    element = " ".join(element.split())
    parts = re.fullmatch(r"\(?(\w+) × (\w+)\)?", element)
    if element in ("Nat", "Int"):
        projections = ["x0"]
    elif element == "String":
        projections = ["x0.length"]
    elif parts:
        projections = [f"x0.{i}" for i, t in ((1, parts.group(1)), (2, parts.group(2))) if t in ("Nat", "Int")]
    else:
        projections = []
    # and against an end of the sequence the words compare with ("greater than the first entry")
    from specbridge.mining.shapes import ends_compared

    limits = number_params + list(dict.fromkeys(end for _, end in ends_compared(task)))
    out = [f"fun x0 => {x} {op} {p}" for x in projections for p in limits for op in _COMPARISONS]
    # between two parameters, in the signature's order (`lo`, `hi`): "between a lower and an upper bound"
    for low, high in itertools.combinations(number_params, 2):
        out += [f"fun x0 => {low} {op} {x} ∧ {x} {op} {high}" for x in projections for op in ("≤", "<")]
    return out


def distinct_lambdas(
    task: Task,
    bodies: list[str],
    var_type: str,
    score: Callable[[str], float],
    pairs: Sequence[tuple[tuple[Any, ...], Any]] = (),
) -> list[str]:
    """`bodies` (`fun x0 => …` over `x0 : var_type` and the parameters), one per behaviour on made-up values,
    at most HOLE_FILLS: those that compute every one of `pairs` (arguments `(x0, *parameters)`, expected value;
    see `element_pairs`) first, then by `score`."""
    params = [("x0", var_type)] + [(p.name, p.type) for p in task.signature.params]
    runner = _Runner(params, [args for args, _ in pairs] + made_up_inputs([t for _, t in params]))
    best: dict[tuple[str, tuple], tuple[bool, float, str]] = {}
    for body in itertools.islice(sorted(bodies, key=lambda b: (-score(b), len(b), b)), LAMBDA_BODIES):
        got = runner.run(body.removeprefix("fun x0 => "))
        if got is None:
            continue
        fits = bool(pairs) and all(o == ("ok", want) for o, (_, want) in zip(got[1], pairs, strict=False))
        s = score(body)
        if got not in best or (fits, s) > best[got][:2]:
            best[got] = (fits, s, body)
    ranked = sorted(best.values(), key=lambda x: (not x[0], -x[1], x[2]))
    return [body for _, _, body in ranked[:HOLE_FILLS]]


def split_lambdas(
    task: Task,
    tests: list[str],
    named: list[str],
    computed: list[str],
    var_type: str,
    pairs: Sequence[tuple[tuple[Any, ...], Any]],
    score: Callable[[str], float],
) -> list[str]:
    """`fun x0 => if T then A else B` that compute every one of `pairs` (see `element_pairs`), at most
    SPLIT_FILLS: two branches (bodies over `x0`: `named` values such as `x0`, a parameter or a number, or
    `computed` ones), each computing some of the pairs and together all of them, and one of `tests` true where
    only A computes the pair and false where only B does. This is how a map that changes some elements only
    (`if x0 < 0 then 0 else x0`) is found from one example. Splits with fewer computed branches come first, then
    by `score`."""
    params = [("x0", var_type)] + [(p.name, p.type) for p in task.signature.params]
    runner = _Runner(params, [args for args, _ in pairs])
    full = (1 << len(pairs)) - 1
    computes: dict[int, list[str]] = {}  # pairs computed (a bit set) -> the branches computing just those
    for body in itertools.islice(dict.fromkeys(named + computed), LAMBDA_BODIES):
        got = runner.run(body)
        if got is None:
            continue
        mask = _computed_cases(got[1], [want for _, want in pairs])
        if mask and mask != full:
            computes.setdefault(mask, []).append(body)
    holds: dict[int, list[str]] = {}  # pairs on whose arguments the test holds -> the tests
    for body in itertools.islice(dict.fromkeys(tests), LAMBDA_BODIES):
        got = runner.run(body)
        true = _true_cases(got[1]) if got is not None and got[0] in ("Bool", "Prop") else None
        if true is not None:
            holds.setdefault(true, []).append(body)

    found = {f"fun x0 => {text}": ab for text, ab in _splits(computes, holds, full).items()}
    # Of splits the examples cannot tell apart, the one whose branches name values (`0`, `x0`) before computed
    # ones, then the one reading more of the inputs: `if x0 = target then replacement else x0`, not a letter
    # range that happens to separate the example's characters.
    plain = set(named)
    cost = {f: sum(b not in plain for b in ab) for f, ab in found.items()}
    # (the sequence mapped is read by the map: a branch indexing it again reads nothing more)
    mapped = {f"List {var_type}", f"Array {var_type}"} | ({"String"} if var_type == "Char" else set())
    others = [p.name for p in task.signature.params if " ".join(p.type.split()) not in mapped]
    unread = {f: unread_inputs(f, others) for f in found}
    return sorted(found, key=lambda body: (cost[body], unread[body], -score(body), len(body), body))[:SPLIT_FILLS]


def _computed_cases(outputs: Sequence[tuple[str, Any]], wanted: Sequence[Any]) -> int:
    """The cases (a bit set) whose output is the wanted value."""
    return sum(1 << i for i, (o, want) in enumerate(zip(outputs, wanted, strict=True)) if o == ("ok", want))


def _true_cases(outputs: Sequence[tuple[str, Any]]) -> int | None:
    """The cases (a bit set) where a test holds; None when it fails to run on one of them."""
    if any(kind != "ok" for kind, _ in outputs):
        return None
    return sum(1 << i for i, (_, v) in enumerate(outputs) if v is True)


def _splits(
    computes: dict[int, list[str]], holds: dict[int, list[str]], full: int, tests: int = 3, branches: int = 3
) -> dict[str, tuple[str, str]]:
    """`if T then A else B` -> (A, B), for two branches that each compute some cases (`computes`: a bit set of
    the cases -> the branches computing just those, best first) and together all (`full`), and a test true where
    only A computes the case and false where only B does (`holds`: the cases where a test holds -> the tests)."""
    from specbridge.mining.terms import operand

    found: dict[str, tuple[str, str]] = {}
    for (a_mask, a_bodies), (b_mask, b_bodies) in itertools.permutations(computes.items(), 2):
        if a_mask | b_mask != full:
            continue
        only_a, only_b = full & ~b_mask, full & ~a_mask
        for t_mask, t_bodies in holds.items():
            if t_mask & only_a == only_a and not t_mask & only_b:
                for t, a, b in itertools.product(t_bodies[:tests], a_bodies[:branches], b_bodies[:branches]):
                    found.setdefault(f"if {t} then {operand(a)} else {operand(b)}", (a, b))
    return found


def result_splits(
    best: Sequence[tuple[str, tuple, Found]],
    examples: Sequence[tuple[tuple, Any]],
    want: str,
    task_params: Sequence[tuple[str, str]],
) -> list[tuple[str, int, int]]:
    """`if T then A else B` computing every example when no one term does: A and B enumerated terms of the
    result type `want` that compute some examples each, T an enumerated test that sends each example to a branch
    computing it (`if n % 2 = 0 then n / 2 else 3 * n + 1` from `6 -> 3` and `7 -> 22`, not `then 3`). (text,
    level, how many of its branches restate an example's output), the best-fitted branches and tests first;
    `best`: (type, outputs on the examples first, the term)."""
    full = (1 << len(examples)) - 1
    computes: dict[int, list[str]] = {}
    holds: dict[int, list[str]] = {}
    level = {}
    for type_text, outputs, found in sorted(best, key=lambda b: (-b[2].fit, b[2].text)):
        on_examples = outputs[: len(examples)]
        level[found.text] = found.level
        if type_text == want:
            covered = _computed_cases(on_examples, [expected for _, expected in examples])
            if covered and covered != full:
                computes.setdefault(covered, []).append(found.text)
        elif type_text in ("Prop", "Bool") and (true := _true_cases(on_examples)) is not None:
            holds.setdefault(true, []).append(found.text)
    cases = {t: covered for covered, texts in computes.items() for t in texts}
    names = [p for p, _ in task_params]

    def restates(branch: str) -> bool:
        """A branch computing one example only that is a constant, or writes that example's output as a literal
        (`3 % n` of `6 -> 3`): it restates the output, it explains nothing."""
        covered = cases[branch]
        if covered.bit_count() != 1:
            return False
        output = examples[covered.bit_length() - 1][1]
        written = (
            isinstance(output, int)
            and not isinstance(output, bool)
            and re.search(rf"(?<![\w.]){output}(?![\w.])", branch) is not None
        )
        return written or unread_inputs(branch, names) == len(names)

    return [
        (text, 1 + max(level[t] for t in (a, b)), restates(a) + restates(b))
        for text, (a, b) in _splits(computes, holds, full, tests=3, branches=SPLIT_BRANCHES).items()
    ]


_NUMBERS = r"-?\d+(?:\s*,\s*-?\d+)*"  # `6`, `3, -1, 2`
_QUOTED = r'"[^"\n]*"'  # `"abcd"`
_PAIR = r"\((?:[^()\n,]+),\s*(?:[^()\n,]+)\)"  # `(3, 12)`
# a value written out: text, character, list, pair, numbers
_WORKED = rf"{_QUOTED}|'[^'\n]'|\[[^\]\n]*\]|{_PAIR}|{_NUMBERS}"
# "gives <result>", the result ending there: not `1` of "gives 1 + 2 = 3"
_GIVES = (
    rf"\s+(?:gives?|becomes?|turns into|yields)\s+(?:the\s+(?P<gnoun>[a-z]+)\s+)?`?"
    rf"(?:-?\d+(?:\s*[-+*/×]\s*-?\d+)+\s*=\s*)?"  # "gives 2 + 5 = 7": the chain's last value
    rf"(?P<y>{_WORKED}|true|false|[A-Za-z](?=[\s.,;:!?`]|$))`?(?!\w|\.\d|\s*[-+*/=])"
)
_STATED_EXAMPLE = re.compile(rf"(?<![\w.])`?(?P<x>{_WORKED})`?{_GIVES}")


def _worked_literal(text: str, type_text: str) -> str | None:
    """The Lean literal of `type_text` a value written in a requirement's worked example stands for (`3, -1, 2`
    or `[3, -1, 2]` for a `List Int`, `c` or `'c'` for a `Char`, `"abc"` for a `String`); None if it is not one."""
    type_text = " ".join(type_text.split())
    text = text.strip()
    pair = re.fullmatch(r"\(?(\w+) × (\w+)\)?", type_text)
    if pair:  # `(3, 12)`: each component of its type
        parts = re.fullmatch(r"\(([^(),]+),([^(),]+)\)", text)
        if parts is None:
            return None
        first, second = (_worked_literal(parts.group(i), pair.group(i)) for i in (1, 2))
        return f"({first}, {second})" if first is not None and second is not None else None
    if type_text == "String":
        return text if text.startswith('"') else None
    if type_text == "Char":  # quoted, or a bare letter (a bare digit may be the number)
        letter = text.strip("'\"")
        quoted = len(text) == 3 and text[0] == text[-1]
        return f"'{letter}'" if len(letter) == 1 and (quoted or (len(text) == 1 and letter.isalpha())) else None
    if type_text == "Bool":
        return text if text in ("true", "false") else None
    if type_text.startswith("Option "):  # a value given is `some` of it
        inner = _worked_literal(text, type_text.removeprefix("Option ").strip("() "))
        if inner is None or (" " in inner and not inner.startswith(("(", '"', "["))):
            return None
        return f"some ({inner})" if inner.startswith("-") else f"some {inner}"
    items = [n.strip() for n in text.strip("[]").split(",")] if not text.startswith(('"', "'")) else []
    if not items or not all(re.fullmatch(r"-?\d+", n) for n in items):
        return None
    if type_text in ("Nat", "Int"):
        return items[0] if len(items) == 1 and not text.startswith("[") else None
    if type_text.startswith(("List ", "Array ")) and type_text.split(" ", 1)[1] in ("Nat", "Int"):
        if not text.startswith("[") and len(items) < 2:
            return None  # a number alone is no list
        return ("#[" if type_text.startswith("Array") else "[") + ", ".join(items) + "]"
    return None


def _read_worked(text: str, type_text: str) -> str | None:
    """`_worked_literal`, kept only when the interpreter reads it as `type_text` (not `-4` for a Nat)."""
    from specbridge.lean.program import read_literal

    value = _worked_literal(text, type_text)
    if value is None:
        return None
    try:
        read_literal(value, type_text)
    except Exception:  # noqa: BLE001 - a value of another kind
        return None
    return value


def stated_tests(task: Task) -> list[TestCase]:
    """The examples the requirement works through in words ("so 6 becomes 3", "-4, 7, 10 gives 6", `"abcd" gives
    c`, "the average of 4 and 7 is 5") as visible example tests. They are the user's words, not hidden tests. []
    when none reads as the signature's types; an input the words give two results for is left out."""
    found = [*_stated_tests_by_verb(task), *_stated_results(task), *_stated_decisions(task)]
    said: dict[tuple, set[str]] = {}
    for case in found:
        said.setdefault(tuple(sorted(case.inputs.items())), set()).add(case.expected)
    out: list[TestCase] = []
    for case in found:
        key = tuple(sorted(case.inputs.items()))
        if len(said.pop(key, ())) == 1:  # (popped: each input once)
            out.append(case)
    return out


def _stated_tests_by_verb(task: Task) -> list[TestCase]:
    """`stated_tests` read from "gives"/"becomes" (any task), and for a task of one input also from what the words
    say the function gives for a value."""
    if len(task.signature.params) > 1:
        return _stated_tests_of_several(task)
    if len(task.signature.params) != 1:
        return []
    (param,) = task.signature.params
    out = []
    nouns = _result_nouns(task)
    for m in _STATED_EXAMPLE.finditer(task.requirement):
        x = _read_worked(m.group("x"), param.type)
        y = _read_worked(m.group("y"), task.signature.return_type)
        if x is None or y is None or not _said_of(m.group("gnoun"), nouns):
            continue
        out.append(TestCase(inputs={param.name: x}, expected=y, visibility=Visibility.EXAMPLE))
    return out + _stated_values(task, param.name, param.type)


_WORKED_VALUE = rf"`?(?:{_QUOTED}|'[^'\n]'|\[[^\]\n]*\]|-?\d+)`?"
# "the letter after 'z' is 'a'", "for 0 the answer is 0", "12 has six divisors": what the function gives for a
# value, said of what its name calls the result (`nextLetter`: "letter") or of "the answer"
_STATED_VALUE = re.compile(
    rf"\b(?:the\s+)?(?P<what>(?:[a-z]+\s+){{1,3}})(?:of|after|before|for)\s+(?P<x>{_WORKED_VALUE})\s+is\s+"
    rf"(?P<y>{_WORKED_VALUE})(?=\s*(?:[.,;:)]|$|\band\b|\bbut\b))"
    rf"|\bfor\s+(?P<x2>{_WORKED_VALUE}),?\s+the\s+(?:answer|result|output)\s+is\s+(?P<y2>{_WORKED_VALUE})"
    rf"(?=\s*(?:[.,;:)]|$|\band\b|\bbut\b))"
    rf"|(?<![\w.])(?P<x3>{_WORKED_VALUE})\s+has\s+(?P<y3>\d+|[a-z]+)\s+(?P<what3>[a-z]+)\b",
    re.I,
)


def _stated_values(task: Task, name: str, type_text: str) -> list[TestCase]:
    """What the requirement says the function gives for a value, in words, as example tests of a one-input task
    ("the letter after 'z' is 'a'", "for 0 the answer is 0", "12 has six divisors"): said of the answer, or of a
    noun of the function's name (`nextLetter`, `countDivisors`); values that read as the signature's types only."""
    from specbridge.retrieval import NUMBER_WORDS, requirement_sentences, split_name

    named = {w.lower().rstrip("s") for w in split_name(task.signature.name)}
    ret = task.signature.return_type
    out = []
    for sentence in requirement_sentences(task.requirement):
        for m in _STATED_VALUE.finditer(sentence):
            if m.group("x3") is not None:  # "12 has six divisors": a count, of what the name counts
                count = str(NUMBER_WORDS.get(m.group("y3").lower(), m.group("y3")))
                said, x, y = m.group("what3"), m.group("x3"), count if count.isdigit() else ""
            elif m.group("x2") is not None:
                said, x, y = "answer", m.group("x2"), m.group("y2")
            else:
                said, x, y = m.group("what"), m.group("x"), m.group("y")
            words = {w.rstrip("s") for w in re.findall(r"[a-z]+", said.lower())}
            if not words & (named | {"answer", "result", "output"}):
                continue
            x_lit, y_lit = _read_worked(x.strip("`"), type_text), _read_worked(y.strip("`"), ret)
            if x_lit is not None and y_lit is not None:
                out.append(TestCase(inputs={name: x_lit}, expected=y_lit, visibility=Visibility.EXAMPLE))
    return out


# one value of an input in a worked example of several: a text, a character, a bracketed list, a number
_ONE_VALUE = re.compile(r'"[^"\n]*"|\'[^\'\n]\'|\[[^\]\n]*\]|(?<![\w.\d-])-?\d+(?![\w.\d])')
_SEVERAL_GIVE = re.compile(rf"(?P<lhs>[^.;:!?]*?){_GIVES}")


def _stated_tests_of_several(task: Task) -> list[TestCase]:
    """Worked examples of a task of several inputs ("with limit 5 the list [4, 9, 1, 12, 9] gives 3"): the values
    written last before the verb, one per input, each given to the one input whose type reads it (or in the
    signature's order when several could take it)."""
    from specbridge.retrieval import requirement_sentences

    params = [(p.name, " ".join(p.type.split())) for p in task.signature.params]
    ret = task.signature.return_type
    nouns = _result_nouns(task)
    out = []
    for sentence in requirement_sentences(task.requirement):
        for m in _SEVERAL_GIVE.finditer(sentence):
            values = [v.group(0) for v in _ONE_VALUE.finditer(m.group("lhs"))][-len(params) :]
            y = _read_worked(m.group("y"), ret)
            if len(values) != len(params) or y is None or not _said_of(m.group("gnoun"), nouns):
                continue
            inputs = _worked_inputs(values, params)
            if inputs is None:
                continue
            out.append(TestCase(inputs=inputs, expected=y, visibility=Visibility.EXAMPLE))
    return out


# "the average of 4 and 7 is 5", "10 items in boxes of 4 need 3 boxes", "a 3 by 5 rectangle has perimeter 16",
# "for [1, 2, 3] the answer is 1 + 3 = 4": the inputs' values written before a verb, the result after it (the last
# of an arithmetic chain), maybe after a noun
_SAID_RESULT = re.compile(
    rf"(?P<lhs>(?:{_QUOTED}|[^.;!?\"])*?)\b(?:is|are|has|have|needs?|comes\s+to|equals?|makes?)\s+"
    r"(?:(?:the|a|an)\s+)?(?:(?P<noun>[a-z]+)\s+)?(?:-?\d+(?:\s*[-+*/×]\s*-?\d+)+\s*=\s*)?"
    rf"(?P<y>{_QUOTED}|'[^'\n]'|\[[^\]\n]*\]|{_PAIR}|-?\d+|true|false|[a-z]+)"
    r"(?!\w|\.\d|\s*[-+*/=×])(?:\s+(?P<after>[a-z]+))?",
    re.I,
)
# what a statement of the result may be said of, besides a noun of the function's name
_RESULT_WORDS = {"answer", "result", "output", "total"}
# words of a name that say nothing of what it computes
_NAME_FILLERS = {"is", "has", "get", "check", "can", "of", "the", "a", "to", "in", "and", "or", "with", "by", "for"}
# nouns a worked example may put before its result ("gives the pair (1, 9)") without saying what it is of
_VALUE_NOUNS = {"pair", "value", "number"}


def _name_words(task: Task) -> set[str]:
    """The words of the function's name that say what it computes, singular (`isLeapYear`: leap, year)."""
    from specbridge.retrieval import split_name

    return {w.rstrip("s") for w in split_name(task.signature.name) if w not in _NAME_FILLERS}


def _result_nouns(task: Task) -> set[str]:
    """The nouns a statement of the result may be said of (singular): those of the function's name, "answer",
    "result", "output", "total", and the kinds of value."""
    return _name_words(task) | _RESULT_WORDS | _VALUE_NOUNS


def _said_of(noun: str | None, nouns: set[str]) -> bool:
    """Whether a noun a worked example puts before its result ("gives the pair (1, 9)"), if any, is one of `nouns`
    (`_result_nouns`): "gives the square 49" is another value's."""
    return not noun or noun.lower().rstrip("s") in nouns


def _stated_results(task: Task) -> list[TestCase]:
    """Results the words state in a worked example ("the average of 4 and 7 is 5", "10 items in boxes of 4 need 3
    boxes", "in [1, 1, 2] the longest stretch is 2"): one value written before the verb for each input (given to
    the input whose type reads it), said of a noun of the function's name or of "the answer"; not a quantity of
    several units ("135 minutes is 2 hours and 15 minutes")."""
    from specbridge.retrieval import NUMBER_WORDS, requirement_sentences, works_an_example

    params = [(p.name, " ".join(p.type.split())) for p in task.signature.params]
    ret = " ".join(task.signature.return_type.split())
    nouns = _result_nouns(task)
    named = nouns - _VALUE_NOUNS
    out = []
    for sentence in requirement_sentences(task.requirement):
        if not works_an_example(sentence):
            continue
        for m in _SAID_RESULT.finditer(sentence):
            y = m.group("y")
            if y.isalpha() and y.lower() not in ("true", "false"):
                if ret not in ("Nat", "Int") or y.lower() not in NUMBER_WORDS:
                    continue
                y = str(NUMBER_WORDS[y.lower()])
            noun = (m.group("noun") or "").lower()
            if not _said_of(noun, nouns):
                continue
            if y.lstrip("-").isdigit() and re.match(r"\s+(?:[a-z]+\s+)?and\s+-?\d", sentence[m.end("y") :], re.I):
                continue  # one quantity in several units
            said = {
                w.rstrip("s")
                for w in re.findall(r"[a-z]+", f"{m.group('lhs')} {noun} {m.group('after') or ''}".lower())
            }
            values = [v.group(0) for v in _ONE_VALUE.finditer(m.group("lhs"))]
            expected = _read_worked(y, ret)
            # a number or truth value may be anything's; a text, list or pair written in an example is the result's
            about_result = bool(said & named) or y[:1] in ('"', "'", "[", "(")
            if not about_result or len(values) != len(params) or expected is None:
                continue
            inputs = _worked_inputs(values, params)
            if inputs is not None:
                out.append(TestCase(inputs=inputs, expected=expected, visibility=Visibility.EXAMPLE))
    return out


def _worked_inputs(values: list[str], params: list[tuple[str, str]]) -> dict[str, str] | None:
    """A worked example's values (one per input) as the inputs' literals: in the signature's order when each reads
    as its input's type, else each given to the one input whose type reads it; None when neither works."""
    in_order = [_read_worked(v, t) for v, (_, t) in zip(values, params, strict=True)]
    if all(x is not None for x in in_order):
        return {name: v for (name, _), v in zip(params, in_order, strict=True)}
    takers = [[(name, r) for name, t in params if (r := _read_worked(v, t)) is not None] for v in values]
    if any(len(t) != 1 for t in takers) or len({t[0][0] for t in takers}) != len(params):
        return None
    return {t[0][0]: t[0][1] for t in takers}


# "1900 is not a leap year but 2000 is": a number, `is`, maybe `not`, what it is (or nothing, said just before)
_DECIDED_NUMBER = r"(?:-?\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten)"
# a value a decision is stated of: a number (or its word), a text, a character, a bracketed list; maybe in backticks
_DECIDED_BARE = rf"(?:{_DECIDED_NUMBER}|{_QUOTED}|'[^'\n]'|\[[^\]\n]*\])"
_DECIDED_VALUE = rf"(?:`{_DECIDED_BARE}`|{_DECIDED_BARE})"
# "1900 is not a leap year but 2000 is", "zero and one both count as squares", "[1, 5, 2] zigzags but [1, 2]
# does not"
_STATED_DECISION = re.compile(
    rf"(?<![\w.-])(?P<x>{_DECIDED_VALUE}(?:\s*(?:,|and)\s*{_DECIDED_VALUE})*)\s+(?:both\s+|all\s+)?"
    r"(?:(?:is|are|counts?\s+as)\b\s*(?P<neg>not\b\s*)?(?P<what>(?:an?\s+)?[a-z][a-z -]*?)?"
    r"|(?P<does_not>does\s+not|doesn't|do\s+not|don't)|(?P<verb>[a-z]+))"
    r"(?=\s*(?:[.,;:)]|$|\bbut\b|\band\b))",
    re.I,
)


def _stated_decisions(task: Task) -> list[TestCase]:
    """The decisions a requirement states of values ("so 1900 is not a leap year but 2000 is", "[1, 5, 2] zigzags
    but [1, 2, 3] does not", `"listen" and "silent" are anagrams`) as example tests of a Bool task: each value an
    example of a one-input task, the values together one of a task with as many inputs. What the values are said
    to be (or do) must be named by the function's name (`isLeapYear`: "leap", `isZigzag`: "zigzags"), or be left
    out right after such a statement ("but 2000 is", "but … does not"); "-2 is even" says nothing of `isOdd`."""
    from specbridge.retrieval import NUMBER_WORDS, requirement_sentences

    params = [(p.name, " ".join(p.type.split())) for p in task.signature.params]
    if not params or " ".join(task.signature.return_type.split()) != "Bool":
        return []

    named = _name_words(task)
    out = []
    for sentence in requirement_sentences(task.requirement):
        said = False  # a statement of the function's property just made in this sentence
        for m in _STATED_DECISION.finditer(" ".join(sentence.split())):
            written = [x.strip("`") for x in re.findall(_DECIDED_VALUE, m.group("x"), re.I)]
            written = [str(NUMBER_WORDS.get(x.lower(), x)) for x in written]
            if len(params) == 1:
                examples = [{params[0][0]: _read_worked(x, params[0][1])} for x in written]
            else:
                examples = [_worked_inputs(written, params) if len(written) == len(params) else None]
            verb = (m.group("verb") or "").lower()
            words = {w.rstrip("s") for w in re.findall(r"[a-z]+", (m.group("what") or "").lower())}
            if verb:
                words = {verb.removesuffix("es") if verb.endswith("hes") else verb.rstrip("s")}
            if any(e is None or None in e.values() for e in examples):
                said = False
            elif words & named or (not words and said):
                said = True
                truth = "false" if m.group("neg") or m.group("does_not") else "true"
                out += [TestCase(inputs=e, expected=truth, visibility=Visibility.EXAMPLE) for e in examples]
            else:
                said = False
    return out


# what a sentence about an empty input may say instead: it is no statement of the result there
_NOT_A_CASE = re.compile(
    r"non-?empty|\b(?:in)?valid\b|\bnever\b|guarantee|\bassum|\ballowed\b|\bpermitted\b"
    # "the list may be empty" says what is valid; "…, which gives the empty text" says what it gives as well
    r"|\b(?:may|can) be empty\b(?!,?\s+(?:which|in which case|and then)\s+(?:gives|yields|returns|is|the))",
    re.I,
)
_EMPTY = re.compile(r"\bempty\b", re.I)
_NEGATIVE = re.compile(r"\b(?:not|no|none|nothing|neither|never|fails?|doesn't|isn't|aren't)\b", re.I)
_POSITIVE = re.compile(r"\b(?:pass(?:es)?|counts? as|is|are)\b", re.I)
_NONE = re.compile(r"\b(?:none|nothing|no such|has no|have no|neither)\b", re.I)
_TRUTH = re.compile(r"\b(true|false)\b", re.I)


_SINGLE = re.compile(
    r"\b(?:single|one)[- ](?:element|item|entry|number|character|letter|word|value|measurement)s?\b", re.I
)
_UNCHANGED = re.compile(r"\bunchanged\b|\bas it is\b|\bitself\b", re.I)


def empty_case_tests(task: Task) -> list[TestCase]:
    """What the requirement says the result is on an empty input ("An empty list gives 0", "The empty text does
    not", "two empty lists give true", "The empty list yields the empty list") or on a one-element one ("a
    one-element list is returned unchanged"), as visible example tests: the sequence parameter(s) empty, or holding
    the first element of the visible example's; any other parameter as in that example (the statement holds for
    every value of it). Read only where the words leave one reading: a result the sentence names a value of (a
    number, true/false or a verb of either polarity, `none`, an empty sequence, the input unchanged); a sentence
    about valid inputs ("the list is never empty") is none. [] otherwise."""
    from specbridge.lean.program import read_literal
    from specbridge.retrieval import NUMBER_WORDS, requirement_sentences

    params = [(p.name, " ".join(p.type.split())) for p in task.signature.params]
    sequences = [n for n, t in params if t.startswith(("List ", "Array ")) or t == "String"]
    if not sequences:
        return []
    ret = " ".join(task.signature.return_type.split())
    shown = task.tests[0].inputs if task.tests else {}
    types = dict(params)
    empty = {n: "[]" if t.startswith("List ") else "#[]" if t.startswith("Array ") else '""' for n, t in params}
    single = {n: _singleton(shown.get(n, ""), types[n]) for n in sequences}
    kinds = {"empty": (_EMPTY, empty), "single": (_SINGLE, single)}
    out: list[TestCase] = []
    for sentence in requirement_sentences(task.requirement):
        if _NOT_A_CASE.search(sentence):
            continue
        meant = sequences
        if len(sequences) > 1 and not re.search(r"\b(?:both|two|all)\b", sentence, re.I):
            meant = _emptied_by_ordinal(sentence, sequences)
            if not meant:
                continue  # which of several sequences is meant, the words do not say
        for kind, (pattern, values) in kinds.items():
            m = pattern.search(sentence)
            if m is None or (kind != "empty" and meant != sequences):
                continue
            inputs = {n: values.get(n) or "" if n in meant else shown.get(n, "") for n, _ in params}
            if any(not v for v in inputs.values()):
                continue  # another input the statement leaves free, and no example to take it from
            expected = _empty_case_result(ret, sentence, sentence[m.end() :], NUMBER_WORDS)
            if kind == "single" and expected is None and _UNCHANGED.search(sentence) and len(sequences) == 1:
                expected = inputs[sequences[0]] if types[sequences[0]] == ret else None  # returned as it is
            if expected is None:
                continue
            try:
                for n, t in params:
                    read_literal(inputs[n], t)
                read_literal(expected, ret)
            except Exception:  # noqa: BLE001 - a value of the wrong kind is no statement about this task
                continue
            case = TestCase(inputs=inputs, expected=expected, visibility=Visibility.EXAMPLE)
            if all(case.inputs != c.inputs for c in (*task.tests, *out)):
                out.append(case)
    return out


_ORDINALS = ("first", "second", "third")
_SEQUENCE_NOUN = r"(?:list|array|string|text|sequence|word)s?"


def _emptied_by_ordinal(sentence: str, sequences: list[str]) -> list[str]:
    """The sequence parameters a sentence calls empty by their place ("an empty first list", "the second list is
    empty"), when it names no other one ("if the first list is empty, the result is the second list" is no
    statement of a result); [] otherwise."""
    named, emptied = set(), set()
    for i, word in enumerate(_ORDINALS):
        if re.search(rf"\b{word}\s+{_SEQUENCE_NOUN}\b", sentence, re.I):
            named.add(i)
        if re.search(rf"\bempty\s+{word}\b|\b{word}\s+{_SEQUENCE_NOUN}\s+(?:is|being)\s+empty\b", sentence, re.I):
            emptied.add(i)
    if not emptied or named - emptied or max(emptied) >= len(sequences):
        return []
    return [sequences[i] for i in sorted(emptied)]


def _singleton(literal: str, type_text: str) -> str | None:
    """The one-element sequence of the first element of the sequence literal `literal` (`[6]` of `[6, 12, 0]`),
    None when it is empty or unreadable."""
    from specbridge.lean.program import parse_type, read_literal
    from specbridge.lean.values import LArray, render

    try:
        value = read_literal(literal, type_text)
    except Exception:  # noqa: BLE001 - no example to take an element from
        return None
    if not value:
        return None
    first = value[:1]
    return render(LArray(first) if isinstance(value, LArray) else first, parse_type(type_text))


def _empty_case_result(ret: str, sentence: str, after: str, number_words: dict[str, int]) -> str | None:
    """The result a sentence about an empty input names, as a Lean literal of `ret`; None when it names none."""
    if ret == "Bool":
        truths = {w.lower() for w in _TRUTH.findall(sentence)}
        if truths:  # "true when no entry is odd (in particular for the empty list) and false …": both, no reading
            return truths.pop() if len(truths) == 1 else None
        if _NEGATIVE.search(after):
            return "false"
        return "true" if _POSITIVE.search(after) else None
    if ret.startswith("Option "):
        return "none" if _NONE.search(sentence) else None
    pair = re.fullmatch(r"\(?(Nat|Int) × (Nat|Int)\)?", ret)
    if pair and re.search(r"\bboth\b[^.;]*\b(?:zero|0)\b", sentence, re.I):
        return "(0, 0)"  # "for the empty list both counts are zero"
    if ret in ("Nat", "Int"):
        numeral = re.search(r"(?<![\w.-])(-?\d+|" + "|".join(number_words) + r")\b(?!-)", after, re.I)
        if numeral:
            word = numeral.group(1).lower()
            return str(number_words.get(word, word))
        return "0" if re.search(r"\b(?:contains|has|have) no\b", after, re.I) else None
    if ret.startswith(("List ", "Array ")) or ret == "String":
        if not _EMPTY.search(after):  # the result: empty, said after the input is named
            return None
        return "[]" if ret.startswith("List ") else "#[]" if ret.startswith("Array ") else '""'
    return None


def lambda_outputs(
    task: Task, var_type: str, body: str, inputs: Sequence[tuple[Any, ...]]
) -> list[tuple[str, Any]] | None:
    """The outputs of the lambda `body` (`fun x0 => …` over `x0 : var_type` and the task's parameters) on
    `inputs` (`(x0, *arguments)`); None when it does not elaborate."""
    params = [("x0", var_type)] + [(p.name, p.type) for p in task.signature.params]
    got = _Runner(params, inputs).run(body.removeprefix("fun x0 => "))
    return list(got[1]) if got is not None else None


def composed_lambdas(task: Task, ops: list, element: str, pairs: Sequence[tuple[tuple[Any, ...], Any]]) -> list[str]:
    """`fun x0 => g (f x0)` computing every one of the element `pairs` (`element_pairs`), for the corpus's
    operations f on an element and g on what f makes: "the first character of each word, in upper case" is
    `x0.front.toUpper`, two operations where a hole's bodies are one. Each element of an example is an example of
    the lambda, so a pair of operations that computes them all is rarely a coincidence. At most
    COMPOSED_LAMBDA_RUNS tried, the most used operations first."""
    from specbridge.lean.program import expression_type
    from specbridge.mining.terms import lambda_bodies

    if not pairs:
        return []
    params = [("x0", element)] + [(p.name, p.type) for p in task.signature.params]
    names = [p.name for p in task.signature.params]
    runner = _Runner(params, [args for args, _ in pairs])
    firsts: dict[str, list[str]] = {}  # by the type they make
    for body in lambda_bodies(ops, task, element, pred=False, limit=COMPOSED_FIRSTS):
        body = body.removeprefix("fun x0 => ")
        made = expression_type(params, body) if _reads_once(body, names) else None
        if made is not None and ty.lean_text(made) != element:  # (what keeps the type is one operation's work)
            firsts.setdefault(ty.lean_text(made), []).append(body)
    out: list[str] = []
    for made, bodies in firsts.items():
        seconds = [
            b.removeprefix("fun x0 => ")
            for b in lambda_bodies(ops, task, made, pred=False, limit=COMPOSED_FIRSTS)
            if _reads_once(b.removeprefix("fun x0 => "), names)
        ]
        for first, second in itertools.product(bodies, seconds):
            if runner.elaborated >= COMPOSED_LAMBDA_RUNS:
                return out
            text = _applied(second, first)
            got = runner.run(text)
            if got is not None and all(o == ("ok", want) for o, (_, want) in zip(got[1], pairs, strict=True)):
                out.append(f"fun x0 => {text}")
    return out


def element_pairs(task: Task, position: int) -> list[tuple[tuple[Any, ...], Any]]:
    """What the visible examples say of a lambda mapped over the task's sequence parameter at `position`, when the
    result is a sequence of the same length: `((x_i, *arguments), y_i)` for each element (`#[3, -1] -> #[3, 0]`
    gives `(3, …) -> 3` and `(-1, …) -> 0`). [] otherwise (not a sequence, or the lengths differ)."""
    out = []
    for args, expected in example_values(task) or []:
        xs, ys = args[position], expected
        if not isinstance(ys, (tuple, str)) or not isinstance(xs, (tuple, str)) or len(xs) != len(ys):
            return []
        out += [((x, *args), y) for x, y in zip(xs, ys, strict=True)]
    return out


__all__ = [
    "Found",
    "answers_vary",
    "composed_lambdas",
    "distinct_lambdas",
    "element_pairs",
    "empty_case_tests",
    "enumerate_results",
    "example_values",
    "lambda_outputs",
    "list_view",
    "pair_sequence",
    "pair_views",
    "split_lambdas",
    "stated_tests",
    "whole_operand",
]
