"""Bottom-up enumeration of result terms: built from the corpus's operations, one term per behaviour, offered
only when it computes the visible examples."""

from __future__ import annotations

import re

from specbridge.generate.enumerate import (
    distinct_lambdas,
    element_pairs,
    enumerate_results,
    example_values,
    split_lambdas,
    stated_tests,
)
from specbridge.generate.offline import enumerated_candidates
from specbridge.mining.terms import mine_terms
from specbridge.tasks import Param, ReferenceSpec, Signature, Task, TestCase, Visibility


def _task(tid: str, params: list[tuple[str, str]], ret: str, post: str = "True", tests=()) -> Task:
    sig = Signature(name=tid, params=tuple(Param(name=n, type=t) for n, t in params), return_type=ret)
    return Task(
        id=tid,
        requirement=f"task {tid}",
        signature=sig,
        reference=ReferenceSpec(precond="True", postcond=post),
        tests=tuple(tests),
    )


def _example(inputs: dict[str, str], expected: str) -> TestCase:
    return TestCase(inputs=inputs, expected=expected, visibility=Visibility.EXAMPLE)


# Two corpus tasks, neither of which computes a product of a sum: one sums, one multiplies.
CORPUS = [
    _task("sumAll", [("xs", "List Nat")], "Nat", "result = xs.sum"),
    _task("sumAll2", [("ys", "List Nat")], "Nat", "result = ys.sum"),
    _task("times", [("a", "Nat"), ("b", "Nat")], "Nat", "result = a * b"),
    _task("times2", [("c", "Nat"), ("d", "Nat")], "Nat", "result = c * d"),
    _task("plus", [("a", "Nat"), ("b", "Nat")], "Nat", "result = a + b"),
    _task("plus2", [("c", "Nat"), ("d", "Nat")], "Nat", "result = c + d"),
]
PRICE = [("prices", "List Nat"), ("qty", "Nat")]


def _flat(text: str) -> float:
    return -len(text) / 100  # the shorter spelling of a behaviour wins


def test_a_composition_no_corpus_task_computes_is_found_from_the_example() -> None:
    task = _task("total", PRICE, "Nat", tests=[_example({"prices": "[3, 4]", "qty": "2"}, "14")])
    found = enumerate_results(task, mine_terms(CORPUS), _flat, {}, ["0", "1"])
    texts = [f.text for f in found]
    assert "qty * prices.sum" in texts or "prices.sum * qty" in texts
    assert all(f.type_text == "Nat" for f in found)
    assert "prices.sum" not in texts and "qty + prices.sum" not in texts  # 7 and 9, not 14
    level = {f.text: f.level for f in found}
    assert level.get("qty * prices.sum", level.get("prices.sum * qty")) == 2


def test_one_term_per_behaviour_the_best_scored_spelling() -> None:
    task = _task("total", PRICE, "Nat", tests=[_example({"prices": "[3, 4]", "qty": "2"}, "14")])
    prefer = {"prices.sum * qty": 1.0}
    found = enumerate_results(task, mine_terms(CORPUS), lambda t: prefer.get(t, 0.0), {}, [])
    texts = [f.text for f in found]
    assert "prices.sum * qty" in texts and "qty * prices.sum" not in texts  # same outputs everywhere: one kept
    assert texts[0] == "prices.sum * qty"


def test_nothing_is_enumerated_without_a_visible_example() -> None:
    task = _task("total", PRICE, "Nat")
    assert example_values(task) == []
    assert enumerate_results(task, mine_terms(CORPUS), _flat, {}, ["0"]) == []


def test_a_term_built_over_a_simpler_one_that_computes_the_examples_is_not_offered() -> None:
    # with qty = 1, `prices.sum` computes 7: an operation over it that reads nothing more shows nothing the example
    # shows; `qty * prices.sum` reads the input `prices.sum` leaves out, a reading of its own, which comes first
    task = _task("total", PRICE, "Nat", tests=[_example({"prices": "[3, 4]", "qty": "1"}, "7")])
    found = {f.text: f for f in enumerate_results(task, mine_terms(CORPUS), lambda t: 0.0, {}, [])}
    assert found["prices.sum"].level == 1
    assert not any("prices.sum" in text and "qty" not in text for text, f in found.items() if f.level == 2)
    texts = list(found)
    product = "qty * prices.sum" if "qty * prices.sum" in found else "prices.sum * qty"
    assert texts.index(product) < texts.index("prices.sum")


def test_lambdas_are_kept_one_per_behaviour() -> None:
    task = _task("t", [("xs", "List Int")], "List Int")
    bodies = ["fun x0 => 2 * x0", "fun x0 => x0 * 2", "fun x0 => x0 + x0", "fun x0 => x0 + 1", "fun x0 => nope x0"]
    got = distinct_lambdas(task, bodies, "Int", lambda b: -len(b))
    assert len(got) == 2 and "fun x0 => x0 + 1" in got  # doubling once, whatever its spelling; no unknown name
    assert got[0] in ("fun x0 => 2 * x0", "fun x0 => x0 * 2", "fun x0 => x0 + x0")


def test_enumerated_candidates_are_result_equations_or_a_decision_for_bool() -> None:
    corpus = [
        _task("mem", [("xs", "List Int"), ("v", "Int")], "Bool", "result = true ↔ v ∈ xs"),
        _task("mem2", [("ys", "List Int"), ("w", "Int")], "Bool", "result = true ↔ w ∈ ys"),
    ]
    task = _task(
        "hasZero",
        [("xs", "List Int"), ("z", "Int")],
        "Bool",
        tests=[_example({"xs": "[1, 0]", "z": "0"}, "true"), _example({"xs": "[1]", "z": "0"}, "false")],
    )
    posts = [c.postcond for c in enumerated_candidates(task, mine_terms(corpus), lambda t: 0.0, [], [])]
    assert "(result = true ↔ z ∈ xs)" in posts
    assert all(p.startswith(("result = ", "(result = true ↔ ")) for p in posts)


def test_an_unreadable_example_stops_the_enumeration_rather_than_misleading_it() -> None:
    task = _task("total", PRICE, "Nat", tests=[_example({"prices": "[3, 4]", "qty": '"two"'}, "14")])
    assert example_values(task) is None
    assert enumerate_results(task, mine_terms(CORPUS), _flat, {}, ["0"]) == []


def test_the_generator_says_when_its_spec_is_an_enumerated_term() -> None:
    from specbridge.generate.base import GenerationContext
    from specbridge.generate.offline import OfflineGenerator
    from specbridge.settings import Settings

    task = _task(
        "total",
        PRICE,
        "Nat",
        tests=[_example({"prices": "[3, 4]", "qty": "2"}, "14"), _example({"prices": "[5]", "qty": "3"}, "15")],
    )
    task = task.model_copy(update={"requirement": "qty times the sum of the prices", "reference": None})
    generation = OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=CORPUS))
    assert generation.spec_text and "qty * prices.sum" in generation.spec_text.replace(
        "prices.sum * qty", "qty * prices.sum"
    )
    assert "enumerated over the corpus's operations" in generation.notes
    assert "mined pattern(s) `enumerated`" not in generation.notes


def test_a_numeral_is_an_operand_at_the_signature_s_number_types() -> None:
    # `n + 1`: the corpus adds two numbers; the 1 is the requirement's, typed as the signature's `Nat`
    task = _task("succ", [("n", "Nat")], "Nat", tests=[_example({"n": "2"}, "3")])
    texts = [f.text for f in enumerate_results(task, mine_terms(CORPUS), _flat, {}, ["1"])]
    assert "n + 1" in texts or "1 + n" in texts
    assert not any(": Nat)" in t for t in texts)  # the ascription only typed the run, not the text


def test_a_pair_result_is_enumerated_component_by_component() -> None:
    corpus = [
        _task("sumAll", [("xs", "List Nat")], "Nat", "result = xs.sum"),
        _task("sumAll2", [("ys", "List Nat")], "Nat", "result = ys.sum"),
        _task("len", [("xs", "List Nat")], "Nat", "result = xs.length"),
        _task("len2", [("ys", "List Nat")], "Nat", "result = ys.length"),
    ]
    task = _task("sumLen", [("xs", "List Nat")], "(Nat × Nat)", tests=[_example({"xs": "[4, 5]"}, "(9, 2)")])
    found = enumerate_results(task, mine_terms(corpus), _flat, {}, [])
    texts = [f.text for f in found]
    assert "(xs.sum, xs.length)" in texts
    assert "(xs.length, xs.sum)" not in texts  # (2, 9): each component must compute its own part
    assert all(f.type_text == "(Nat × Nat)" for f in found)


def test_a_decision_makes_the_comparisons_and_divisibility_the_words_state_of_any_computed_number() -> None:
    from specbridge.mining.shapes import DIVIDES

    # the corpus never compares a sum with a parameter; the words say what the total is compared with
    budget = _task(
        "fits",
        [("prices", "List Nat"), ("budget", "Nat")],
        "Bool",
        tests=[_example({"prices": "[3, 4]", "budget": "9"}, "true")],
    )
    found = [f.text for f in enumerate_results(budget, mine_terms(CORPUS), _flat, {}, [], None, [("≤", "budget")])]
    assert "prices.sum ≤ budget" in found
    # "divisible by both 3 and 5": each test, and both together
    fizz = _task("fizz", [("n", "Nat")], "Bool", tests=[_example({"n": "45"}, "true")])
    found = [
        f.text
        for f in enumerate_results(fizz, mine_terms(CORPUS), _flat, {}, [], None, [(DIVIDES, "3"), (DIVIDES, "5")])
    ]
    assert "n % 3 = 0" in found and "(n % 3 = 0) ∧ (n % 5 = 0)" in found


def test_a_pair_of_one_operation_s_two_uses_is_tried_and_preferred_beyond_the_best_components() -> None:
    from specbridge.generate.enumerate import one_token_apart

    corpus = CORPUS + [
        _task("per", [("a", "Nat")], "Nat", "result = a / 60"),
        _task("per2", [("b", "Nat")], "Nat", "result = b / 60"),
        _task("rem", [("a", "Nat"), ("b", "Nat")], "Nat", "result = a % b"),
        _task("rem2", [("c", "Nat"), ("d", "Nat")], "Nat", "result = c % d"),
        _task("sub", [("a", "Nat"), ("b", "Nat")], "Nat", "result = a - b"),
        _task("sub2", [("c", "Nat"), ("d", "Nat")], "Nat", "result = c - d"),
    ]

    def division_unread(text: str) -> float:  # a lexicon that never read `/` or `%` prefers the other components
        return _flat(text) - 0.15 * ("%" in text or "/" in text)

    # "135 minutes are 2 hours and 15 minutes": many terms make 2 and 15, the pair of `/` and `%` reads both
    task = _task("split", [("m", "Nat")], "(Nat × Nat)", tests=[_example({"m": "135"}, "(2, 15)")])
    texts = [
        f.text for f in enumerate_results(task, mine_terms(corpus), division_unread, {}, ["0", "1", "2", "15", "60"])
    ]
    assert "(m / 60, m % 60)" in texts, texts
    reading_m = [t for t in texts if "m" in t]
    assert reading_m[0] == "(m / 60, m % 60)", texts
    assert one_token_apart("x0.2 < x0.1", "x0.1 < x0.2") and one_token_apart("xs.foldl min 0", "xs.foldl max 0")
    assert not one_token_apart("m / 60", "(m - 1) % 60") and not one_token_apart("a - b", "b + a")


def test_a_pair_s_components_take_the_comparisons_the_words_state_in_their_order() -> None:
    from specbridge.generate.offline import stated_reading

    stated = [("<", "pivot"), (">", "pivot")]  # "those below the pivot and those above it, in that order"
    below, above = "xs.countP (fun x0 => x0 < pivot)", "xs.countP (fun x0 => pivot < x0)"
    assert stated_reading(f"({below}, {above})", stated)[1] == 1.0
    assert stated_reading(f"({above}, {below})", stated)[1] == 0.5  # both made, in the other order
    assert stated_reading(f"({below}, xs.length)", stated)[1] == 0.5  # one of the two
    assert stated_reading("(xs.length, xs.sum)", stated)[1] == 0.0


def test_a_comparison_with_a_neighbour_is_made_over_the_pairs_of_neighbours() -> None:
    from specbridge.generate.offline import stated_reading
    from specbridge.mining.shapes import EARLIER_NEIGHBOUR

    warmer = [(">", EARLIER_NEIGHBOUR)]  # "warmer than the day before"
    features, share = stated_reading("(xs.zip xs.tail).countP (fun x0 => x0.1 < x0.2)", warmer)
    assert share == 1.0 and {"op:<", "id:zip", "id:tail"} <= features
    assert stated_reading("(xs.zip xs.tail).countP (fun x0 => x0.1 > x0.2)", warmer) == (set(), 0.0)
    # "differs from the one before it"
    assert stated_reading("(xs.zip xs.tail).all (fun x0 => x0.2 ≠ x0.1)", [("≠", EARLIER_NEIGHBOUR)])[1] == 1.0


def test_a_comparison_of_a_constant_or_of_an_element_for_a_total_is_not_the_one_the_words_state() -> None:
    from specbridge.generate.offline import stated_reading

    budget = [("≤", "budget")]  # "the total price is at most the budget"
    totals = {("≤", "budget")}
    assert stated_reading("prices.sum ≤ budget", budget, totals)[1] == 1.0
    assert stated_reading("budget ≥ prices.sum", budget, totals)[1] == 1.0
    assert stated_reading("prices.countP (fun x0 => x0 ≤ budget)", budget, totals)[1] == 0.0
    assert stated_reading("prices.countP (fun x0 => x0 ≤ budget)", budget)[1] == 1.0  # "the prices at most …"
    assert stated_reading("51 ≤ budget", budget)[1] == 0.0
    from specbridge.mining.shapes import EXCESS

    over = [(EXCESS, "cap")]  # "how much the usage went over the cap"
    assert stated_reading("(xs.map (fun x0 => x0 - cap)).sum", over) == ({"op:-"}, 1.0)
    assert stated_reading("(cap - 1) - xs.length", over)[1] == 0.0


def test_the_numbers_up_to_a_number_input_are_a_sequence_to_count_or_search() -> None:
    corpus = [
        _task("dv", [("xs", "List Nat"), ("d", "Nat")], "Nat", "result = xs.countP (fun x => d % x = 0)"),
        _task("dv2", [("ys", "List Nat"), ("e", "Nat")], "Nat", "result = ys.countP (fun y => e % y = 0)"),
        _task("sq", [("xs", "List Nat")], "List Nat", "result = xs.map (fun x => x * x)"),
        _task("sq2", [("ys", "List Nat")], "List Nat", "result = ys.map (fun y => y * y)"),
        _task("an", [("xs", "List Nat")], "Bool", "result = xs.any (fun x => x = 0)"),
        _task("an2", [("ys", "List Nat")], "Bool", "result = ys.any (fun y => y = 1)"),
    ]
    divisors = _task("divisors", [("n", "Nat")], "Nat", tests=[_example({"n": "12"}, "6"), _example({"n": "7"}, "2")])
    found = [f.text for f in enumerate_results(divisors, mine_terms(corpus), _flat, {}, [])]
    assert any(re.fullmatch(r"\(List\.range' 1 n\)\.countP \(fun (\w+) => \(n % \1\) = 0\)", t) for t in found)
    square = _task(
        "square", [("n", "Nat")], "Bool", tests=[_example({"n": "49"}, "true"), _example({"n": "50"}, "false")]
    )
    found = [f.text for f in enumerate_results(square, mine_terms(corpus), _flat, {}, [])]
    assert any(re.fullmatch(r"\(List\.range.*\)\.any \(fun x0 => x0 \* x0 = n\)", t) for t in found)


def test_a_term_of_a_looser_operator_than_the_equation_is_parenthesized() -> None:
    from specbridge.generate.offline import result_equation

    assert result_equation("(n % 3 = 0) && (n % 5 = 0)", "Bool", None) == "result = ((n % 3 = 0) && (n % 5 = 0))"
    assert result_equation("xs.sum", "Nat", None) == "result = xs.sum"
    assert result_equation("n % 3 = 0", "Prop", None) == "(result = true ↔ n % 3 = 0)"
    assert result_equation("xs.toList.reverse", "List Nat", "List Nat") == "result.toList = xs.toList.reverse"


def test_the_words_explain_the_comparisons_a_term_makes_as_they_state_them_and_no_other() -> None:
    from specbridge.generate.offline import stated_reading
    from specbridge.mining.shapes import DIVIDES

    at_most = [("≤", "budget")]  # "the total is at most the budget"
    assert stated_reading("prices.sum ≤ budget", at_most)[0] == {"op:≤"}
    assert stated_reading("budget ≥ prices.sum", at_most)[0] == {"op:≥"}  # the same comparison, flipped
    # the lambda's test is the stated one; `≥ budget` compares the other way and the words do not explain it
    assert stated_reading("(prices.countP (fun x0 => x0 ≤ budget)) ≥ budget", at_most)[0] == {"op:≤"}
    assert stated_reading("n % 5 = 0", [(DIVIDES, "5")])[0] == {"op:%", "opl:% 5", "opl:= 0"}
    assert stated_reading("n % 5", [(DIVIDES, "5")])[0] == set()


def test_a_product_of_stated_units_is_an_operand_and_an_input_it_leaves_out_is_no_addition() -> None:
    # one day is 86400 seconds: the constant alone computes the example, but `days *` reads the input it leaves out
    task = _task("daysToSeconds", [("days", "Nat")], "Nat", tests=[_example({"days": "1"}, "86400")])
    found = [f.text for f in enumerate_results(task, mine_terms(CORPUS), _flat, {}, ["0", "1", "(24 * 60 * 60)"])]
    assert "(24 * 60 * 60)" in found
    assert "days * (24 * 60 * 60)" in found or "(24 * 60 * 60) * days" in found


def test_made_up_inputs_tell_apart_functions_that_agree_when_all_arguments_are_equal() -> None:
    from specbridge.generate.enumerate import _Runner, made_up_inputs

    params = [("x", "Int"), ("lo", "Int"), ("hi", "Int")]
    runner = _Runner(params, made_up_inputs([t for _, t in params]))
    clamp, other = runner.run("max lo (min x hi)"), runner.run("hi - lo % hi")
    assert clamp is not None and other is not None and clamp != other
    assert len(set(made_up_inputs([t for _, t in params]))) == len(made_up_inputs([t for _, t in params]))


def test_a_lean_operation_the_requirement_names_is_enumerated_though_no_corpus_task_uses_it() -> None:
    from specbridge.generate.base import GenerationContext
    from specbridge.generate.offline import OfflineGenerator
    from specbridge.settings import Settings

    task = _task(
        "rotate",
        [("xs", "List Int"), ("k", "Nat")],
        "List Int",
        tests=[_example({"xs": "[1, 2, 3, 4, 5]", "k": "2"}, "[3, 4, 5, 1, 2]")],
    )
    task = task.model_copy(update={"requirement": "Rotate the list left by k positions.", "reference": None})
    context = GenerationContext(settings=Settings(), corpus=CORPUS)
    posts = [c.postcond for c in OfflineGenerator().candidates(task, context)]
    assert "result = xs.rotateLeft k" in posts  # no corpus task rotates; Lean's name says it


def test_a_test_made_of_a_lean_operation_the_requirement_names_fills_a_hole() -> None:
    from specbridge.generate.base import GenerationContext
    from specbridge.generate.offline import OfflineGenerator
    from specbridge.settings import Settings

    # the corpus searches lists of numbers; "ending with" names `String.endsWith`, which no corpus task uses
    search = [
        _task(f"firstBig{i}", [("xs", "List Nat")], "Option Nat", "result = xs.find? (fun x => x > 3)")
        for i in range(3)
    ]
    task = _task(
        "wordWithEnding",
        [("ws", "List String"), ("ending", "String")],
        "Option String",
        tests=[_example({"ws": '["walk", "jumped", "ran", "hopped"]', "ending": '"ed"'}, 'some "jumped"')],
    )
    task = task.model_copy(
        update={"requirement": "Find the first word that ends with the given ending.", "reference": None}
    )
    context = GenerationContext(settings=Settings(), corpus=CORPUS + search)
    posts = [c.postcond for c in OfflineGenerator().candidates(task, context)]
    assert "result = ws.find? (fun x0 => x0.endsWith ending)" in posts


def _zero(text: str) -> float:
    return 0.0


ZERO_OUT = _example({"a": "#[3, -1, 0, -7, 2]"}, "#[3, 0, 0, 0, 2]")


def test_the_example_says_what_a_map_does_to_each_element_when_lengths_agree() -> None:
    task = _task("z", [("a", "Array Int")], "Array Int", tests=[ZERO_OUT])
    pairs = element_pairs(task, 0)
    assert [(args[0], want) for args, want in pairs] == [(3, 3), (-1, 0), (0, 0), (-7, 0), (2, 2)]
    shorter = _task("f", [("xs", "List Int")], "List Int", tests=[_example({"xs": "[1, -2]"}, "[1]")])
    assert element_pairs(shorter, 0) == []  # a filter, not a map: nothing is said of each element
    assert element_pairs(_task("s", [("n", "Nat")], "Nat", tests=[_example({"n": "2"}, "4")]), 0) == []


def test_a_map_that_changes_some_elements_only_is_a_split_found_from_one_example() -> None:
    task = _task("z", [("a", "Array Int")], "Array Int", tests=[ZERO_OUT])
    tests = ["x0 < 0", "x0 > 0", "x0 = 0", "x0 % 2 = 0"]
    splits = split_lambdas(task, tests, ["x0", "(0 : Int)"], ["x0 + 1", "2 * x0"], "Int", element_pairs(task, 0), _zero)
    assert "fun x0 => if x0 < 0 then (0 : Int) else x0" in splits
    assert not any("x0 % 2 = 0" in s or "x0 = 0 " in s for s in splits)  # they do not separate -1 from 3
    # a lambda computing every pair is ranked before a better-worded one that does not
    bodies = ["fun x0 => x0 + 1", "fun x0 => if x0 < 0 then 0 else x0"]
    ranked = distinct_lambdas(task, bodies, "Int", lambda t: 1.0 if "+" in t else 0.0, element_pairs(task, 0))
    assert ranked[0] == "fun x0 => if x0 < 0 then 0 else x0"


def test_a_split_branch_reading_the_mapped_sequence_again_reads_nothing_more() -> None:
    task = _task("d", [("xs", "List Nat")], "List Nat", tests=[_example({"xs": "[1, 2, 3, 4]"}, "[1, 4, 3, 8]")])
    pairs = element_pairs(task, 0)
    computed = ["2 * (xs[x0 - 1]!)", "2 * x0"]  # the first indexes `xs` by chance: `xs[1]! = 2`, `xs[3]! = 4`
    splits = split_lambdas(task, ["x0 % 2 = 1"], ["x0"], computed, "Nat", pairs, _zero)
    assert splits[0] == "fun x0 => if x0 % 2 = 1 then x0 else (2 * x0)"


def test_an_array_result_may_be_computed_as_its_list() -> None:
    corpus = [
        _task("neg", [("xs", "List Int")], "List Int", "result = xs.map (fun x => -x)"),
        _task("neg2", [("ys", "List Int")], "List Int", "result = ys.map (fun y => -y)"),
    ]
    task = _task("n", [("a", "Array Int")], "Array Int", tests=[_example({"a": "#[1, -2]"}, "#[-1, 2]")])
    found = enumerate_results(task, mine_terms(corpus), _flat, {"value": ["fun x0 => -x0"]}, [])
    listed = [f for f in found if f.type_text == "List Int"]
    assert any(f.text == "a.toList.map (fun x0 => -x0)" for f in listed)
    (candidate,) = [
        c
        for c in enumerated_candidates(task, mine_terms(corpus), _flat, [], [])
        if "a.toList.map (fun x0 => -x0)" in c.postcond
    ]
    assert candidate.postcond == "result.toList = a.toList.map (fun x0 => -x0)"


def test_the_examples_a_requirement_works_through_in_words_are_read_as_tests() -> None:
    def stated(requirement: str, params: list[tuple[str, str]], ret: str) -> list[tuple[dict, str]]:
        task = _task("t", params, ret).model_copy(update={"requirement": requirement})
        return [(t.inputs, t.expected) for t in stated_tests(task)]

    assert stated("Halve an even number, so 6 becomes 3 and 7 becomes 22.", [("n", "Nat")], "Nat") == [
        ({"n": "6"}, "3"),
        ({"n": "7"}, "22"),
    ]
    assert stated("Negative ones count, so -4, 7, 10 gives 6.", [("xs", "List Int")], "Int") == [
        ({"xs": "[-4, 7, 10]"}, "6")
    ]
    assert stated("For example 3, -1, 2 becomes 3, 0, 2.", [("a", "Array Int")], "Array Int") == [
        ({"a": "#[3, -1, 2]"}, "#[3, 0, 2]")
    ]
    # a sum worked out gives its last value, not its first; not the signature's kind (`-47` for a Nat)
    assert stated("For example `12345` gives `1 + 2 + 3 + 4 + 5 = 15`.", [("n", "Nat")], "Nat") == [
        ({"n": "12345"}, "15")
    ]
    assert stated("For example `12345` gives `1 + 2 + 3 + 4 + 5`.", [("n", "Nat")], "Nat") == []
    assert stated("The sign goes, so -47 gives 7.", [("n", "Nat")], "Nat") == []
    # texts, characters, bracketed lists and truth values written out
    assert stated('The second middle one, so "abcd" gives c.', [("s", "String")], "Char") == [({"s": '"abcd"'}, "'c'")]
    assert stated('Reversed: "abc" becomes "cba".', [("s", "String")], "String") == [({"s": '"abc"'}, '"cba"')]
    assert stated("Squares: [1, -3, 4] becomes [1, 9, 16].", [("xs", "List Int")], "List Int") == [
        ({"xs": "[1, -3, 4]"}, "[1, 9, 16]")
    ]
    assert stated("So 7 gives true and 8 gives false.", [("n", "Nat")], "Bool") == [
        ({"n": "7"}, "true"),
        ({"n": "8"}, "false"),
    ]
    assert stated('So "abcd" gives cat.', [("s", "String")], "Char") == []  # a word is no character
    assert stated('So "ab" gives 2.', [("s", "String")], "Char") == []  # a number is no character
    assert stated("So [1, 2] gives 3.", [("n", "Nat")], "Nat") == []  # a list is no number
    assert stated("For example, [1, 2, 3] gives (1, 5).", [("xs", "List Nat")], "Nat × Nat") == [
        ({"xs": "[1, 2, 3]"}, "(1, 5)")
    ]
    assert stated("For example, [1, 2, 3] gives (1, -5).", [("xs", "List Nat")], "Nat × Nat") == []


def test_a_worked_example_of_several_inputs_gives_each_value_to_the_input_that_reads_it() -> None:
    def stated(requirement: str, params: list[tuple[str, str]], ret: str) -> list[tuple[dict, str]]:
        task = _task("t", params, ret).model_copy(update={"requirement": requirement})
        return [(t.inputs, t.expected) for t in stated_tests(task)]

    count = [("xs", "List Int"), ("limit", "Int")]
    assert stated("For example, with limit 5 the list [4, 9, 1, 12, 9] gives 3.", count, "Nat") == [
        ({"xs": "[4, 9, 1, 12, 9]", "limit": "5"}, "3")
    ]
    # two numbers: the signature's order; an Option result is `some` of the value given
    assert stated("For example 17 divided by 5 gives 3.", [("n", "Nat"), ("d", "Nat")], "Option Nat") == [
        ({"n": "17", "d": "5"}, "some 3")
    ]
    # one value for two inputs, or a value neither input reads: no example
    assert stated("Doubling 5 gives 10.", [("n", "Nat"), ("d", "Nat")], "Nat") == []
    assert stated('With "ab" and 2 gives 3.', [("n", "Nat"), ("d", "Nat")], "Nat") == []


def test_results_a_worked_example_states_after_a_verb_are_read_when_said_of_what_the_function_computes() -> None:
    def stated(requirement: str, name: str, params: list[tuple[str, str]], ret: str) -> list[tuple[dict, str]]:
        task = _task("t", params, ret).model_copy(update={"requirement": requirement})
        task = task.model_copy(update={"signature": task.signature.model_copy(update={"name": name})})
        return [(t.inputs, t.expected) for t in stated_tests(task)]

    two = [("a", "Nat"), ("b", "Nat")]
    assert stated("For example, the average of 4 and 7 is 5.", "floorAverage", two, "Nat") == [
        ({"a": "4", "b": "7"}, "5")
    ]
    # a noun of the name before the result or after it; the answer, worked out as a sum
    assert stated("For example, a 3 by 5 rectangle has perimeter 16.", "rectanglePerimeter", two, "Nat") == [
        ({"a": "3", "b": "5"}, "16")
    ]
    assert stated("For example, 3 years and 5 months is 41 months.", "totalMonths", two, "Nat") == [
        ({"a": "3", "b": "5"}, "41")
    ]
    xs = [("xs", "List Int")]
    assert stated("For example, for [1, 2, 3, 4, 5] the answer is 1 + 3 + 5 = 9.", "sumOfOdds", xs, "Int") == [
        ({"xs": "[1, 2, 3, 4, 5]"}, "9")
    ]
    assert stated("For example, in [1, 1, 2, 2, 2] the longest stretch is three.", "longestRun", xs, "Nat") == [
        ({"xs": "[1, 1, 2, 2, 2]"}, "3")
    ]
    # one value for each input, given to the input that reads it; an Option result is `some` of it
    after = [("xs", "List Int"), ("target", "Int")]
    assert stated("For example, in [4, 7, 2] the entry after the 7 is 2.", "valueAfter", after, "Option Int") == [
        ({"xs": "[4, 7, 2]", "target": "7"}, "some 2")
    ]
    # a text written as what a value is: the result, whatever it is said of
    label = [("t", "Int")]
    assert stated('For example, 18 degrees is "mild" and 25 is "hot".', "temperatureLabel", label, "String") == [
        ({"t": "18"}, '"mild"'),
        ({"t": "25"}, '"hot"'),
    ]
    # a number said of something the function does not name, a quantity in several units, a missing input
    assert stated("For example, the square of 7 is 49.", "sumOfDigits", [("n", "Nat")], "Nat") == []
    assert stated("For example, 135 minutes is 2 hours and 15 minutes.", "toHours", [("n", "Nat")], "Nat") == []
    assert stated("For example, the average of 4 is 5.", "floorAverage", two, "Nat") == []
    # "gives the pair …": a noun of a value before it; a noun the function does not name is another value's
    pair = "Option (Nat × Nat)"
    assert stated("For example, [4, 1, 9] gives the pair (1, 9).", "minAndMax", [("xs", "List Nat")], pair) == [
        ({"xs": "[4, 1, 9]"}, "some (1, 9)")
    ]
    assert stated("For example, 7 gives the square 49.", "sumOfDigits", [("n", "Nat")], "Nat") == []
    cap = [("xs", "List Nat"), ("cap", "Nat")]
    assert stated("For example, [5, 12, 15] with a cap of 10 give 2 + 5 = 7.", "excessOverCap", cap, "Nat") == [
        ({"xs": "[5, 12, 15]", "cap": "10"}, "7")
    ]
    # two results for one input: neither is an example
    assert stated("So 6 gives 3. For example the answer for 6 is 4.", "half", [("n", "Nat")], "Nat") == []


def test_what_the_words_say_numbers_are_is_read_as_decisions_of_the_property_the_function_names() -> None:
    def stated(requirement: str, name: str) -> list[tuple[dict, str]]:
        task = _task("t", [("n", "Int")], "Bool").model_copy(update={"requirement": requirement})
        task = task.model_copy(update={"signature": task.signature.model_copy(update={"name": name})})
        return [(t.inputs, t.expected) for t in stated_tests(task)]

    assert stated("Leap years (so 1900 is not a leap year but 2000 is).", "isLeapYear") == [
        ({"n": "1900"}, "false"),
        ({"n": "2000"}, "true"),
    ]
    # "-2 is even" says nothing of oddness; "7 is prime" nothing of being odd
    assert stated("Signs count, so -3 is odd and -2 is even; 7 is prime.", "isOdd") == [({"n": "-3"}, "true")]
    assert stated("Every hour beyond 40 is paid at twice the rate.", "isOvertime") == []
    # numbers in words, several at once, and "count as"; what they are may be plural
    assert stated("Zero and one both count as squares.", "isPerfectSquare") == [
        ({"n": "0"}, "true"),
        ({"n": "1"}, "true"),
    ]
    assert stated("Negative numbers and zero are not powers of two.", "isPowerOfTwo") == [({"n": "0"}, "false")]
    # in backticks, across a line break; not a number inside a worked product
    assert stated("`0` and `1` are not prime, `2` is the\nsmallest prime, `91 = 7 * 13` is not.", "isPrime") == [
        ({"n": "0"}, "false"),
        ({"n": "1"}, "false"),
        ({"n": "2"}, "true"),
    ]


def test_what_the_words_say_lists_do_is_read_as_decisions_of_the_verb_the_function_names() -> None:
    task = _task("t", [("xs", "List Int")], "Bool").model_copy(
        update={"requirement": "For example, [1, 5, 2, 8, 3] zigzags but [1, 5, 7, 2] does not."}
    )
    task = task.model_copy(update={"signature": task.signature.model_copy(update={"name": "isZigzag"})})
    assert [(t.inputs, t.expected) for t in stated_tests(task)] == [
        ({"xs": "[1, 5, 2, 8, 3]"}, "true"),
        ({"xs": "[1, 5, 7, 2]"}, "false"),
    ]
    other = task.model_copy(update={"signature": task.signature.model_copy(update={"name": "isSorted"})})
    assert stated_tests(other) == []


def test_a_decision_stated_of_as_many_values_as_inputs_is_one_example() -> None:
    task = _task("t", [("a", "String"), ("b", "String")], "Bool").model_copy(
        update={"requirement": 'For example, "listen" and "silent" are anagrams but "ab" and "abc" are not.'}
    )
    task = task.model_copy(update={"signature": task.signature.model_copy(update={"name": "areAnagrams"})})
    assert [(t.inputs, t.expected) for t in stated_tests(task)] == [
        ({"a": '"listen"', "b": '"silent"'}, "true"),
        ({"a": '"ab"', "b": '"abc"'}, "false"),
    ]
    # three values for two inputs: no example
    three = task.model_copy(update={"requirement": 'For example, "a", "b" and "c" are anagrams.'})
    assert stated_tests(three) == []


def test_what_the_words_say_the_function_gives_for_a_value_is_an_example() -> None:
    def stated(requirement: str, name: str, param: tuple[str, str], ret: str) -> list[tuple[dict, str]]:
        task = _task("t", [param], ret).model_copy(update={"requirement": requirement})
        task = task.model_copy(update={"signature": task.signature.model_copy(update={"name": name})})
        return [(t.inputs, t.expected) for t in stated_tests(task)]

    # said of a noun of the function's name, or of the answer
    assert stated("Wrap around, so that the letter after 'z' is 'a'.", "nextLetter", ("c", "Char"), "Char") == [
        ({"c": "'z'"}, "'a'")
    ]
    assert stated("For 0 the answer is 0.", "countDivisors", ("n", "Nat"), "Nat") == [({"n": "0"}, "0")]
    assert stated("For example, 12 has six divisors.", "countDivisors", ("n", "Nat"), "Nat") == [({"n": "12"}, "6")]
    # of something the function does not name, or values of other types
    assert stated("The square of 7 is 49.", "sumOfDigits", ("n", "Nat"), "Nat") == []
    assert stated("For example, 12 has six letters.", "countDivisors", ("n", "Nat"), "Nat") == []
    assert stated("The letter after 'z' is 'a'.", "nextLetter", ("c", "Char"), "Nat") == []


def test_a_character_the_words_quote_is_a_constant_of_a_case_split() -> None:
    from specbridge.generate.base import GenerationContext
    from specbridge.generate.offline import OfflineGenerator
    from specbridge.settings import Settings

    task = _task("next", [("c", "Char")], "Char", tests=[_example({"c": "'g'"}, "'h'")]).model_copy(
        update={
            "requirement": "Return the letter after a lower-case letter, wrapping so that the letter after 'z' is 'a'.",
            "reference": None,
            "signature": Signature(name="nextLetter", params=(Param(name="c", type="Char"),), return_type="Char"),
        }
    )
    corpus = [_task("succ", [("c", "Char")], "Char", "result = Char.ofNat (c.toNat + 1)")]
    generation = OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=corpus))
    assert "if 'z' = c then 'a' else" in generation.spec_text or "if c = 'z' then 'a' else" in generation.spec_text


def test_when_nothing_computes_the_words_examples_too_the_shown_ones_still_give_a_spec() -> None:
    from specbridge.generate.base import GenerationContext
    from specbridge.generate.offline import OfflineGenerator
    from specbridge.settings import Settings

    task = _task("next", [("n", "Nat")], "Nat", tests=[_example({"n": "4"}, "5")]).model_copy(
        update={"requirement": "The number after n, though 7 becomes 1000.", "reference": None}
    )
    generation = OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=CORPUS))
    assert generation.error is None and ("result = n + 1" in generation.spec_text or "1 + n" in generation.spec_text)


def test_a_worked_example_in_the_requirement_is_an_example_the_generator_can_enumerate_from() -> None:
    from specbridge.generate.base import GenerationContext
    from specbridge.generate.offline import OfflineGenerator
    from specbridge.settings import Settings

    task = _task("next", [("n", "Nat")], "Nat").model_copy(
        update={"requirement": "The number after n, so 4 becomes 5.", "reference": None}
    )
    assert not task.tests  # no visible example test: only the sentence's
    generation = OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=CORPUS))
    assert "enumerated" in generation.notes  # the words' example is enough to enumerate from
    assert "result = n + 1" in generation.spec_text or "result = 1 + n" in generation.spec_text


STEP_CORPUS = [  # halving, tripling plus one and evenness, each written by two tasks; no task does all three
    _task(f"{name}{i}", [(v, "Nat")], ret, f"{post.format(v=v)}")
    for i, v in enumerate(["a", "b"])
    for name, ret, post in [
        ("half", "Nat", "result = {v} / 2"),
        ("triple", "Nat", "result = 3 * {v} + 1"),
        ("even", "Bool", "result = true ↔ {v} % 2 = 0"),
    ]
]


def test_a_result_no_one_term_computes_is_a_case_split_between_two_that_each_compute_some_examples() -> None:
    from specbridge.generate.enumerate import _Runner

    task = _task("step", [("n", "Nat")], "Nat", tests=[_example({"n": "6"}, "3"), _example({"n": "7"}, "22")])
    found = enumerate_results(task, mine_terms(STEP_CORPUS), _flat, {}, ["1", "3"])
    splits = [f for f in found if f.text.startswith("if ")]
    assert splits and all(f.type_text == "Nat" for f in splits)
    runner = _Runner([("n", "Nat")], [(10,), (9,), (0,)])
    behaviours = {runner.run(f.text)[1] for f in splits}
    assert (("ok", 5), ("ok", 28), ("ok", 0)) in behaviours  # the split the requirement means, among them
    assert all(f.level >= 2 for f in splits)  # a split is an operation over its branches
    # `3` is shorter than `n / 2` and computes 6 -> 3 too, but a constant computing one example only restates it
    assert runner.run(splits[0].text)[1] == (("ok", 5), ("ok", 28), ("ok", 0))


def test_no_case_split_from_a_single_example() -> None:
    task = _task("step", [("n", "Nat")], "Nat", tests=[_example({"n": "6"}, "3")])
    found = enumerate_results(task, mine_terms(STEP_CORPUS), _flat, {}, ["1", "3"])
    assert found and not any(f.text.startswith("if ") for f in found)  # one example shows one branch only


def test_the_second_level_composes_over_the_best_operation_s_second_filling_too() -> None:
    from specbridge.generate import enumerate as E

    def found(text: str, op: str, fit: float) -> E.Found:
        return E.Found(text, "List Int", 1, fit, op)

    level1 = [
        found("xs.filter (fun x0 => x0 ≠ 0)", "filter", 0.9),
        found("xs.filter (fun x0 => x0 % 2 = 0)", "filter", 0.8),
        *(found(f"xs.op{i}", f"op{i}", 0.7 - i / 100) for i in range(50)),
    ]
    chosen = [f.text for f in E._diverse(level1, 10)]
    assert len(chosen) == 10 and "xs.filter (fun x0 => x0 % 2 = 0)" in chosen
    assert len({f.op for f in E._diverse(level1, 10)}) >= 9  # the rest still goes round the operations


def test_of_two_spellings_of_one_behaviour_the_plainer_is_kept_unless_the_words_prefer_the_other_by_far() -> None:
    corpus = [
        _task(f"d{i}", [(v, "Nat")], "Nat", post)
        for i, v in enumerate("ab")
        for post in [f"result = {v} + {v}", f"result = {v} * 3 - {v}", f"result = ({v} + {v}) * 1"]
    ]
    task = _task("twice", [("n", "Nat")], "Nat", tests=[_example({"n": "3"}, "6")])

    def kept(prefer: dict[str, float]) -> list[str]:
        return [f.text for f in enumerate_results(task, mine_terms(corpus), lambda t: prefer.get(t, 0.0), {}, ["3"])]

    longer = "(n * 3) - n"
    assert "n + n" in kept({longer: 0.05}) and longer not in kept({longer: 0.05})  # 2 more tokens for a little
    assert longer in kept({longer: 1.0}) and "n + n" not in kept({longer: 1.0})
    # an operation that changes nothing of its operand never takes its place, whatever the words
    assert "n + n" in kept({"(n + n) * 1": 1.0}) and "(n + n) * 1" not in kept({"(n + n) * 1": 1.0})


def test_one_mined_operation_over_a_term_that_computes_the_examples_already_is_not_offered() -> None:
    corpus = [
        _task(f"k{i}", [(v, "List Int")], "List Int", post.format(v=v))
        for i, v in enumerate(["xs", "ys"])
        for post in ["result = {v}.filter (fun x => x > 0)", "result = ({v}.filter (fun x => x > 0)).eraseDups"]
    ]
    task = _task("keep", [("zs", "List Int")], "List Int", tests=[_example({"zs": "[1, -2, 3]"}, "[1, 3]")])
    texts = [f.text for f in enumerate_results(task, mine_terms(corpus), _zero, {}, [])]
    assert "zs.filter (fun x0 => x0 > 0)" in texts
    assert not any("eraseDups" in t for t in texts)  # the example has no duplicate to erase


def test_of_terms_computing_the_examples_one_reading_every_input_comes_first() -> None:
    # prices [3, 4] and qty 2 with a total of 9: `2 + prices.sum` ignores qty, `qty + prices.sum` reads it
    task = _task("total", PRICE, "Nat", tests=[_example({"prices": "[3, 4]", "qty": "2"}, "9")])
    texts = [f.text for f in enumerate_results(task, mine_terms(CORPUS), _zero, {}, ["2"])]
    assert texts == ["qty + prices.sum", "2 + prices.sum"]  # the same words, level and length otherwise


def test_a_number_term_negative_somewhere_comes_after_one_that_never_is_when_the_words_say_a_distance() -> None:
    corpus = [
        _task("negate", [("x", "Int")], "Int", "result = -x"),
        _task("negate2", [("y", "Int")], "Int", "result = -y"),
        _task("size", [("x", "Int")], "Int", "result = Int.ofNat x.natAbs"),
        _task("size2", [("y", "Int")], "Int", "result = Int.ofNat y.natAbs"),
    ]

    def ranked(requirement: str) -> list[str]:
        task = _task("f", [("z", "Int")], "Int", tests=[_example({"z": "-7"}, "7")])
        task = task.model_copy(update={"requirement": requirement})
        return [f.text for f in enumerate_results(task, mine_terms(corpus), _zero, {}, [])]

    # -7 gives 7 either way; only a distance is never negative (`-z` is, of 3)
    assert ranked("Return the distance of z from zero.") == ["Int.ofNat z.natAbs", "-z"]
    assert ranked("Return z with its sign flipped.")[0] == "-z"  # the shorter, with no such words


def test_the_difference_of_two_position_inputs_is_an_argument_beside_a_sequence_operand(monkeypatch) -> None:
    import specbridge.generate.enumerate as enumerate_module

    corpus = [
        _task("skip", [("xs", "List Int"), ("n", "Nat")], "List Int", "result = xs.drop n"),
        _task("skip2", [("ys", "List Nat"), ("m", "Nat")], "List Nat", "result = ys.drop m"),
        _task("keep", [("xs", "List Int"), ("n", "Nat")], "List Int", "result = xs.take n"),
        _task("keep2", [("ys", "List Nat"), ("m", "Nat")], "List Nat", "result = ys.take m"),
        _task("sub", [("a", "Nat"), ("b", "Nat")], "Nat", "result = a - b"),
        _task("sub2", [("c", "Nat"), ("d", "Nat")], "Nat", "result = c - d"),
    ]
    # one operand for the second level, the one the words read best: `j - i` is not among the operands
    monkeypatch.setattr(enumerate_module, "LEVEL2_OPERANDS", 1)
    params = [("xs", "List Int"), ("i", "Nat"), ("j", "Nat")]
    task = _task(
        "slice", params, "List Int", tests=[_example({"xs": "[10, 20, 30, 40, 50]", "i": "1", "j": "3"}, "[20, 30]")]
    )
    found = enumerate_results(task, mine_terms(corpus), lambda text: float(text == "xs.drop i"), {}, [])
    assert [f.text for f in found] == ["(xs.drop i).take (j - i)"]
    # nor need `xs.drop i` be among them: it reads one of the two positions
    found = enumerate_results(task, mine_terms(corpus), lambda text: float(text == "j - i"), {}, [])
    assert "(xs.drop i).take (j - i)" in [f.text for f in found]


# Sequence operations and comparisons, none of them over two sequences side by side or over neighbours.
PAIRWISE_CORPUS = [
    _task("evens", [("xs", "List Nat")], "Nat", "result = (xs.filter (fun x => x % 2 = 0)).length"),
    _task("odds", [("ys", "List Nat")], "Nat", "result = (ys.filter (fun y => y % 2 = 1)).length"),
    _task("allPos", [("xs", "List Int")], "Bool", "result = xs.all (fun x => x > 0)"),
    _task("allNeg", [("ys", "List Int")], "Bool", "result = ys.all (fun y => y < 0)"),
    _task("same", [("a", "Nat"), ("b", "Nat")], "Bool", "result = true ↔ a = b"),
    _task("same2", [("c", "Nat"), ("d", "Nat")], "Bool", "result = true ↔ c = d"),
    _task("less", [("a", "Int"), ("b", "Int")], "Bool", "result = true ↔ a < b"),
    _task("less2", [("c", "Int"), ("d", "Int")], "Bool", "result = true ↔ c < d"),
]


def test_pair_views_put_two_sequences_side_by_side_and_a_sequence_beside_its_tail_or_its_positions() -> None:
    from specbridge.generate.enumerate import pair_sequence, pair_views

    assert pair_views([("xs", "List Int"), ("ys", "List Int")]) == [
        "xs.zip ys",
        "xs.zip xs.tail",
        "ys.zip ys.tail",
        "xs.zipIdx",
        "ys.zipIdx",
    ]
    assert pair_views([("a", "Array Nat")]) == ["a.toList.zip a.toList.tail", "a.toList.zipIdx"]
    assert pair_views([("a", "Array Nat"), ("b", "Array Nat")])[0] == "a.zip b"
    assert pair_views([("s", "String")]) == ["s.toList.zip s.toList.tail"]
    assert pair_views([("xs", "List Int"), ("a", "Array Int")])[0] == "xs.zip a.toList"  # containers differ
    assert pair_views([("n", "Nat")]) == [] and pair_views([("xss", "List (List Int)")]) == []
    assert pair_sequence("List (Int × Nat)") == ("Int", "Nat") and pair_sequence("List Int") is None


def test_a_position_by_position_count_no_corpus_task_writes_is_found_from_one_example() -> None:
    task = _task(
        "matches",
        [("xs", "List Nat"), ("ys", "List Nat")],
        "Nat",
        tests=[_example({"xs": "[1, 2, 3, 4]", "ys": "[1, 5, 3, 4]"}, "3")],
    )
    texts = [f.text for f in enumerate_results(task, mine_terms(PAIRWISE_CORPUS), _flat, {}, [])]
    same_place = [t for t in texts if "xs.zip ys" in t and "x0.1 = x0.2" in t]
    assert same_place, texts  # `((xs.zip ys).filter (fun x0 => x0.1 = x0.2)).length` or a spelling of it
    assert not any("x0.1 ≠ x0.2" in t for t in texts)  # 1, not 3


def test_a_relation_between_neighbours_is_found_over_a_sequence_beside_its_tail() -> None:
    task = _task("rising", [("xs", "List Int")], "Bool", tests=[_example({"xs": "[1, 3, 7]"}, "true")])
    found = enumerate_results(task, mine_terms(PAIRWISE_CORPUS), _flat, {}, [])
    assert "(xs.zip xs.tail).all (fun x0 => x0.1 < x0.2)" in [f.text for f in found]


def test_a_number_two_operations_deep_of_a_pair_is_compared_with_a_number_input() -> None:
    # "the readings at the same position never differ by more than the tolerance": the corpus has the subtraction
    # and `natAbs` apart, as one operation each
    corpus = [
        *PAIRWISE_CORPUS,
        _task("diff", [("a", "Int"), ("b", "Int")], "Int", "result = a - b"),
        _task("diff2", [("c", "Int"), ("d", "Int")], "Int", "result = c - d"),
        _task("size", [("a", "Int")], "Nat", "result = a.natAbs"),
        _task("size2", [("c", "Int")], "Nat", "result = c.natAbs"),
        _task("under", [("a", "Nat"), ("k", "Nat")], "Bool", "result = true ↔ a ≤ k"),
    ]
    example = _example({"xs": "[10, 20, 30]", "ys": "[12, 17, 31]", "tol": "3"}, "true")
    task = _task("close", [("xs", "List Int"), ("ys", "List Int"), ("tol", "Nat")], "Bool", tests=[example])

    def at_most(text: str) -> float:  # the words' "no more than" (`stated_comparisons` gives it in the generator)
        return 0.1 if "≤" in text else 0.0

    found = [f.text for f in enumerate_results(task, mine_terms(corpus), at_most, {}, [])]
    assert "(xs.zip ys).all (fun x0 => (x0.1 - x0.2).natAbs ≤ tol)" in found


def test_what_each_element_becomes_may_take_two_operations_one_over_the_other() -> None:
    from specbridge.generate.enumerate import composed_lambdas, element_pairs

    # the corpus has the first character and the upper case apart; "the initials" need the one over the other
    corpus = [
        _task("firstChar", [("s", "String")], "Char", "result = s.front"),
        _task("firstChar2", [("t", "String")], "Char", "result = t.front"),
        _task("upper", [("c", "Char")], "Char", "result = c.toUpper"),
        _task("upper2", [("d", "Char")], "Char", "result = d.toUpper"),
        _task("size", [("s", "String")], "Nat", "result = s.length"),
    ]
    example = _example({"words": '["grace", "brewster", "hopper"]'}, '"GBH"')
    task = _task("initials", [("words", "List String")], "String", tests=[example])
    pairs = element_pairs(task, 0)
    assert [want for _, want in pairs] == ["G", "B", "H"]  # one example, three elements of it
    assert composed_lambdas(task, mine_terms(corpus), "String", pairs) == ["fun x0 => (x0.front).toUpper"]
    corpus.append(_task("each", [("xs", "List Nat")], "List Nat", "result = xs.map (fun x => x + 1)"))
    posts = [c.postcond for c in enumerated_candidates(task, mine_terms(corpus), _flat, [], [])]
    assert "result.toList = words.map (fun x0 => (x0.front).toUpper)" in posts
    # an element whose pair no two operations compute: nothing
    odd = _task("t", [("words", "List String")], "String", tests=[_example({"words": '["ab", "cd"]'}, '"Zq"')])
    assert composed_lambdas(odd, mine_terms(corpus), "String", element_pairs(odd, 0)) == []


def test_a_test_of_the_position_alone_keeps_every_other_element() -> None:
    from specbridge.generate.enumerate import position_tests

    corpus = [
        *PAIRWISE_CORPUS,
        _task("evens2", [("ys", "List Nat")], "List Nat", "result = ys.filter (fun y => y % 2 = 0)"),
        _task("doubled", [("ys", "List Nat")], "List Nat", "result = ys.map (fun y => 2 * y)"),
        _task("tripled", [("zs", "List Nat")], "List Nat", "result = zs.map (fun z => 3 * z)"),
        _task("even", [("n", "Nat")], "Bool", "result = true ↔ n % 2 = 0"),
        _task("even2", [("m", "Nat")], "Bool", "result = true ↔ m % 2 = 0"),
    ]
    example = _example({"xs": "[10, 20, 30, 40, 50]"}, "[10, 30, 50]")
    task = _task("everyOther", [("xs", "List Int")], "List Int", tests=[example])
    tests = position_tests(task, mine_terms(corpus), "List (Int × Nat)", _flat, ["0", "1", "2"])
    assert "fun x0 => (x0.2 % 2) = 0" in tests
    assert not any("xs" in t for t in tests)  # a position is nothing to look for among the elements
    # a number the words neither write nor imply is no position's test
    assert not any("% 2" in t for t in position_tests(task, mine_terms(corpus), "List (Int × Nat)", _flat, ["0"]))
    found = [f.text for f in enumerate_results(task, mine_terms(corpus), _flat, {}, ["0", "1", "2"])]
    assert "(xs.zipIdx.filter (fun x0 => (x0.2 % 2) = 0)).map (fun x0 => x0.1)" in found


def test_sequence_operations_are_generic_in_their_elements_over_pairs() -> None:
    from specbridge.mining.terms import element_generic, pair_lambda_bodies

    terms = mine_terms(PAIRWISE_CORPUS)
    length = next(t for t in terms if "filter" in t.template and t.shapes == {"s0": "List num"})
    assert element_generic(length).shapes == {"s0": "List *"}
    compare = next(t for t in terms if t.template == "{s0} = {s1}")
    assert element_generic(compare) is None  # no sequence slot
    task = _task("t", [("xs", "List Nat")], "Nat")
    bodies = pair_lambda_bodies(terms, task, "Nat", "Nat", pred=True)
    assert "fun x0 => x0.1 = x0.2" in bodies
    assert all("x0.1" in b and "x0.2" in b for b in bodies)  # a relation of the two components, not one alone


def _said(requirement: str, params: list[tuple[str, str]], ret: str, tests=()) -> Task:
    return _task("t", params, ret, tests=tests).model_copy(update={"requirement": requirement, "reference": None})


def test_what_the_requirement_says_of_an_empty_input_is_an_example() -> None:
    from specbridge.generate.enumerate import empty_case_tests

    def read(requirement: str, params: list[tuple[str, str]], ret: str, tests=()) -> list[tuple[dict, str]]:
        return [(c.inputs, c.expected) for c in empty_case_tests(_said(requirement, params, ret, tests))]

    xs = [("xs", "List Int")]
    assert read("Count the odd entries. An empty list gives 0.", xs, "Nat") == [({"xs": "[]"}, "0")]
    assert read("Count the vowels; the empty string contains no vowels.", [("s", "String")], "Nat") == [
        ({"s": '""'}, "0")
    ]
    assert read("Check the first character. The empty text does not.", [("s", "String")], "Bool") == [
        ({"s": '""'}, "false")
    ]
    assert read("An empty list counts as even.", xs, "Bool") == [({"xs": "[]"}, "true")]
    assert read("Return nothing when the list is empty.", xs, "Option Int") == [({"xs": "[]"}, "none")]
    assert read("The empty list yields the empty list.", xs, "List Int") == [({"xs": "[]"}, "[]")]
    # what may be empty says what is valid, unless it also says what that gives
    assert read("The list may be empty.", xs, "List Int") == []
    words = [("words", "List String")]
    assert read("The list of words may be empty, which gives the empty text.", words, "String") == [
        ({"words": "[]"}, '""')
    ]
    assert read("For the empty list both counts are zero.", xs, "Nat × Nat") == [({"xs": "[]"}, "(0, 0)")]
    assert read("Two empty lists give true.", [*xs, ("ys", "List Int")], "Bool") == [({"xs": "[]", "ys": "[]"}, "true")]
    # a one-element input holds the visible example's first element
    shown = [_example({"xs": "[10, 20, 30]"}, "[10, 30]")]
    assert read(
        "An empty list gives an empty list, and a one-element list is returned unchanged.", xs, "List Int", shown
    ) == [
        ({"xs": "[]"}, "[]"),
        ({"xs": "[10]"}, "[10]"),
    ]
    assert read("A list with a single element has no neighbours, so the answer is false.", xs, "Bool", shown) == [
        ({"xs": "[10]"}, "false")
    ]
    # another input is taken from the visible example: the statement holds whatever it is
    example = [_example({"xs": "[6, 3]", "k": "3"}, "true")]
    assert read("An empty list passes.", [*xs, ("k", "Nat")], "Bool", example) == [({"xs": "[]", "k": "3"}, "true")]


def test_an_empty_sequence_named_by_its_place_among_several_is_an_example() -> None:
    from specbridge.generate.enumerate import empty_case_tests

    two = [("xs", "List Int"), ("ys", "List Int")]
    example = [_example({"xs": "[1, 3]", "ys": "[3, 2, 1]"}, "true")]

    def read(requirement: str, ret: str = "Bool") -> list[tuple[dict, str]]:
        return [(c.inputs, c.expected) for c in empty_case_tests(_said(requirement, two, ret, example))]

    # the other sequence is the example's: the statement holds whatever it is
    assert read("An empty first list trivially passes.") == [({"xs": "[]", "ys": "[3, 2, 1]"}, "true")]
    assert read("If the second list is empty, the answer is false.") == [({"xs": "[1, 3]", "ys": "[]"}, "false")]
    assert read("An empty first list passes, even against an empty second list.") == [
        ({"xs": "[]", "ys": "[]"}, "true")
    ]
    # a sentence that speaks of another sequence than the empty one states no result of its own
    assert read("If the first list is empty, the answer is whether the second list is sorted.") == []
    assert read("An empty third list gives false.") == []  # there is no third
    assert read("An empty list gives 0.", "Nat") == []  # which one, the words do not say


def test_a_sentence_that_names_no_result_of_an_empty_input_is_no_example() -> None:
    from specbridge.generate.enumerate import empty_case_tests

    xs = [("xs", "List Int")]
    for requirement, params, ret in [
        ("The list is never empty.", xs, "Int"),
        ("Return the largest entry of a non-empty list.", xs, "Int"),
        ("An empty list is not a valid input.", xs, "Bool"),
        ("An empty list is a valid input.", xs, "Bool"),  # what the inputs may be, not what the answer is
        ("The list may be empty, which is allowed.", xs, "Bool"),
        ("True when no entry is odd (in particular for the empty list) and false otherwise.", xs, "Bool"),
        ("An empty list gives 0.", [*xs, ("ys", "List Int")], "Nat"),  # which of the two lists?
        ("A text made only of spaces becomes empty.", [("s", "String")], "String"),  # the result is empty
        ("An empty list passes.", [*xs, ("k", "Nat")], "Bool"),  # `k` is free and no example gives it
        ("A single zero makes the whole product zero.", xs, "Int"),  # a value, not a one-element list
        ("A one-element list is returned unchanged.", xs, "List Int"),  # no example to take the element from
    ]:
        assert empty_case_tests(_said(requirement, params, ret)) == [], requirement


def test_the_empty_case_the_words_state_rules_out_a_reading_the_example_alone_allows() -> None:
    from specbridge.generate.base import GenerationContext
    from specbridge.generate.offline import OfflineGenerator
    from specbridge.settings import Settings

    corpus = [
        _task("anyPos", [("xs", "List Int")], "Bool", "result = xs.any (fun x => x > 0)"),
        _task("anyPos2", [("ys", "List Int")], "Bool", "result = ys.any (fun y => y > 0)"),
        _task("allPos", [("xs", "List Int")], "Bool", "result = xs.all (fun x => x > 0)"),
    ]
    example = [_example({"xs": "[4, 7]"}, "true")]
    task = _said(
        "Decide about the positive entries of the list. An empty list gives true.",
        [("xs", "List Int")],
        "Bool",
        example,
    )
    spec = OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=corpus)).spec_text
    assert "xs.all" in spec and "xs.any" not in spec  # `any` of [] is false


def test_the_quantifier_the_words_ask_for_decides_between_readings_the_example_allows() -> None:
    from specbridge.generate.base import GenerationContext
    from specbridge.generate.offline import OfflineGenerator
    from specbridge.settings import Settings

    # (task names that are no words: the corpus says nothing of which reading goes with which words)
    corpus = [
        _task(f"t{i}", [(v, "List Int")], "Bool", f"result = {v}.{q} (fun x => x > 0)")
        for i, (v, q) in enumerate([("xs", "any"), ("ys", "any"), ("zs", "any"), ("xs", "all"), ("ys", "all")])
    ]
    example = [_example({"xs": "[4, 7]"}, "true")]  # both readings give true

    def spec(requirement: str) -> str:
        task = _said(requirement, [("xs", "List Int")], "Bool", example)
        return OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=corpus)).spec_text

    assert "xs.all" in spec("Tell whether the list holds only positive numbers.")
    assert "xs.any" in spec("Tell whether the list holds at least one positive number.")


def test_words_saying_what_a_text_begins_with_decide_between_readings_the_example_allows() -> None:
    from specbridge.generate.base import GenerationContext
    from specbridge.generate.offline import OfflineGenerator
    from specbridge.settings import Settings

    # (task names that are no words) the corpus tests whether some character is a digit
    corpus = [
        _task(f"t{i}", [(v, "String")], "Bool", f"result = {v}.toList.any (fun c => c.isDigit)")
        for i, v in enumerate(["s", "t", "u", "w"])
    ]
    example = [_example({"s": '"3 apples"'}, "true")]  # a digit first, and a digit somewhere

    def spec(requirement: str) -> str:
        task = _said(requirement, [("s", "String")], "Bool", example)
        return OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=corpus)).spec_text

    assert "(s.toList.take 1).any (fun x0 => x0.isDigit)" in spec("Tell whether the text begins with a digit.")
    assert "take 1" not in spec("Tell whether the text holds a digit somewhere.")


def test_an_operation_doing_nothing_on_an_empty_input_is_no_coincidence() -> None:
    from specbridge.generate.enumerate import LEVEL_COST

    # "an empty list counts as even": on [] the length's remainder by 2 is the length, as any operation on nothing
    # is nothing; on [5, 1, 9, 2] it is not
    corpus = [
        _task("size", [("zs", "List Nat")], "Nat", "result = zs.length"),
        _task("size2", [("ns", "List Nat")], "Nat", "result = ns.length"),
        _task("even", [("a", "Nat")], "Bool", "result = true ↔ a % 2 = 0"),
        _task("even2", [("b", "Nat")], "Bool", "result = true ↔ b % 2 = 0"),
    ]
    shown = [_example({"xs": "[5, 1, 9, 2]"}, "true"), _example({"xs": "[]"}, "true")]
    task = _task("hasEvenLength", [("xs", "List Nat")], "Bool", tests=shown)
    found = {f.text: f for f in enumerate_results(task, mine_terms(corpus), _flat, {}, ["0", "1", "2"])}
    text = next(t for t in found if re.fullmatch(r"\(?xs\.length % 2\)? = 0", t))
    assert found[text].fit == _flat(text) - LEVEL_COST * found[text].level


def test_a_branch_that_writes_its_one_example_s_output_as_a_literal_restates_it() -> None:
    from specbridge.generate.enumerate import _Runner

    # `3 % n` computes 6 -> 3 by writing 3; `n / 2` computes it from n
    task = _task("step", [("n", "Nat")], "Nat", tests=[_example({"n": "6"}, "3"), _example({"n": "7"}, "22")])
    modulo = [_task(f"mod{i}", [(v, "Nat")], "Nat", f"result = 3 % {v}") for i, v in enumerate("ab")]
    found = enumerate_results(task, mine_terms(STEP_CORPUS + modulo), _flat, {}, ["1", "3", "2"])
    splits = [f for f in found if f.text.startswith("if ")]
    runner = _Runner([("n", "Nat")], [(10,), (9,)])
    assert splits and runner.run(splits[0].text)[1] == (("ok", 5), ("ok", 28))
    assert "3 % n" not in splits[0].text


def test_a_number_the_words_imply_is_an_operand_of_the_enumeration() -> None:
    from specbridge.generate.base import GenerationContext
    from specbridge.generate.offline import OfflineGenerator
    from specbridge.settings import Settings

    task = _task("half", [("n", "Nat")], "Nat", tests=[_example({"n": "10"}, "5")]).model_copy(
        update={"requirement": "The number n halved, rounding down.", "reference": None}
    )  # writes no 2: "halved" says it
    # the corpus divides by a parameter, never by 2: the 2 must come from the words
    divide = [
        _task(f"div{i}", [(a, "Nat"), (b, "Nat")], "Nat", f"result = {a} / {b}")
        for i, (a, b) in enumerate(["ab", "cd"])
    ]
    generation = OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=CORPUS + divide))
    assert "result = n / 2" in generation.spec_text


def test_tests_of_an_element_against_a_parameter_cover_words_pairs_and_ranges() -> None:
    from specbridge.generate.enumerate import comparison_lambdas

    words = _task("w", [("ws", "List String"), ("n", "Nat")], "Nat")
    assert "fun x0 => x0.length > n" in comparison_lambdas(words, "String")
    pairs = _task("p", [("ps", "List (Nat × Nat)"), ("key", "Nat")], "Nat")
    assert {"fun x0 => x0.1 = key", "fun x0 => x0.2 = key"} <= set(comparison_lambdas(pairs, "(Nat × Nat)"))
    bounds = _task("b", [("a", "Array Nat"), ("lo", "Nat"), ("hi", "Nat")], "Nat")
    assert "fun x0 => lo ≤ x0 ∧ x0 ≤ hi" in comparison_lambdas(bounds, "Nat")
    assert comparison_lambdas(_task("c", [("s", "String")], "Nat"), "Char") == []  # no number to compare with


def test_a_search_the_corpus_wrote_over_numbers_serves_a_list_of_words() -> None:
    # the corpus finds the first number above a bound; the task finds the first word longer than a bound
    corpus = [
        _task(f"firstAbove{i}", [(v, "List Nat"), ("t", "Nat")], "Option Nat", f"result = {v}.find? (fun x => x > t)")
        for i, v in enumerate(["xs", "ys"])
    ]
    task = _task(
        "firstLong",
        [("ws", "List String"), ("n", "Nat")],
        "Option String",
        tests=[_example({"ws": '["a", "tree", "is"]', "n": "3"}, 'some "tree"')],
    )
    holes = {"pred": ["fun x0 => x0.length > n"]}
    found = [f.text for f in enumerate_results(task, mine_terms(corpus), _flat, holes, ["0", "1"])]
    assert "ws.find? (fun x0 => x0.length > n)" in found


def test_an_operation_that_leaves_its_operand_unchanged_does_not_replace_its_spelling() -> None:
    # `max n 0` of a count changes nothing: the count keeps its own spelling, however much the words prefer the other
    corpus = [_task(f"c{i}", [(v, "List Int")], "Nat", f"result = {v}.length") for i, v in enumerate("ab")]
    corpus += [_task(f"m{i}", [(v, "Nat")], "Nat", f"result = max {v} 0") for i, v in enumerate("cd")]
    task = _task("len", [("xs", "List Int")], "Nat", tests=[_example({"xs": "[4, 5]"}, "2")])
    found = [f.text for f in enumerate_results(task, mine_terms(corpus), lambda t: len(t) / 10, {}, ["0"])]
    assert "xs.length" in found and "max xs.length 0" not in found


def test_an_option_result_whose_words_name_inputs_without_a_result_is_guarded_by_a_test() -> None:
    from specbridge.generate.enumerate import _Runner

    corpus = [_task(f"half{i}", [(v, "Nat")], "Option Nat", f"result = some ({v} / 2)") for i, v in enumerate("ab")] + [
        _task(f"even{i}", [(v, "Nat")], "Bool", f"result = true ↔ {v} % 2 = 0") for i, v in enumerate("cd")
    ]
    said = "Half of an even number; an odd number gives no result."
    task = _task("half", [("n", "Nat")], "Option Nat", tests=[_example({"n": "6"}, "some 3")])
    found = enumerate_results(
        task.model_copy(update={"requirement": said}), mine_terms(corpus), _zero, {}, ["0", "1", "2"]
    )
    runner = _Runner([("n", "Nat")], [(4,), (5,)])
    assert found and found[0].text.startswith("if ")  # `some (n / 2)` everywhere is not what the words say
    assert [str(v) for _, v in runner.run(found[0].text)[1]] == ["some 2", "None"]  # the even test guards it
    # without such words, `some (n / 2)` stands: nothing asks for a `none`
    plain = enumerate_results(task, mine_terms(corpus), _zero, {}, ["0", "1", "2"])
    assert plain[0].text == "some (n / 2)"


def test_a_difference_of_one_count_over_two_constants_is_an_int_for_an_int_result() -> None:
    # the corpus counts one character and subtracts Ints; it never subtracts two counts
    corpus = [
        _task("countC", [("s", "String"), ("c", "Char")], "Nat", "result = s.toList.count c"),
        _task("countC2", [("t", "String"), ("d", "Char")], "Nat", "result = t.toList.count d"),
        _task("minus", [("a", "Int"), ("b", "Int")], "Int", "result = a - b"),
        _task("minus2", [("c", "Int"), ("d", "Int")], "Int", "result = c - d"),
    ]
    task = _task("net", [("moves", "String")], "Int", tests=[_example({"moves": '"UUDUxU"'}, "3")])
    task = task.model_copy(update={"requirement": "Each 'U' is one floor up and each 'D' one floor down."})
    texts = [f.text for f in enumerate_results(task, mine_terms(corpus), _flat, {}, [], element="Char")]
    assert "(moves.toList.count 'U' : Int) - (moves.toList.count 'D' : Int)" in texts
    # a Nat difference is truncated at 0: not what an Int result of a difference is
    assert "moves.toList.count 'U' - moves.toList.count 'D'" not in texts


def test_siblings_are_one_operation_over_the_same_inputs_with_other_constants() -> None:
    from specbridge.generate.enumerate import Found, _siblings

    level1 = [
        Found("s.toList.count 'U'", "Nat", 1, 0.5, op="count"),
        Found("a.toNat", "Nat", 1, 0.5, op="toNat"),
        Found("s.toList.count 'D'", "Nat", 1, 0.4, op="count"),
        Found("b.toNat", "Nat", 1, 0.4, op="toNat"),
    ]
    pairs = {(a.text, b.text) for a, b in _siblings(level1, ["s", "a", "b"], cast=False)}
    assert pairs == {("s.toList.count 'U'", "s.toList.count 'D'"), ("s.toList.count 'D'", "s.toList.count 'U'")}
    cast = _siblings(level1, ["s", "a", "b"], cast=True)
    assert {a.text for a, _ in cast} == {"(s.toList.count 'U' : Int)", "(s.toList.count 'D' : Int)"}
    assert all(a.type_text == "Int" for a, _ in cast)


def test_a_conjunct_the_examples_do_not_need_is_kept_for_what_the_words_say() -> None:
    # "made only of letters, and not empty": the non-empty test alone computes both examples
    corpus = [
        _task("allLower", [("s", "String")], "Bool", "result = s.toList.all (fun c => c.isLower)"),
        _task("allLower2", [("t", "String")], "Bool", "result = t.toList.all (fun c => c.isLower)"),
        _task("nonEmpty", [("s", "String")], "Bool", "result = !s.isEmpty"),
        _task("nonEmpty2", [("t", "String")], "Bool", "result = !t.isEmpty"),
        _task("both", [("a", "Bool"), ("b", "Bool")], "Bool", "result = (a && b)"),
        _task("both2", [("c", "Bool"), ("d", "Bool")], "Bool", "result = (c && d)"),
    ]
    examples = [_example({"s": '"hello"'}, "true"), _example({"s": '""'}, "false")]
    task = _task("onlyLower", [("s", "String")], "Bool", tests=examples)

    def words(text: str) -> float:  # the words read "all lower case", and say nothing of a bare emptiness test
        return _flat(text) + (1.0 if "all (fun" in text else 0.0)

    found = enumerate_results(task, mine_terms(corpus), words, {}, [])
    texts = [f.text for f in found]
    together = [t for t in texts if "all (fun" in t and "isEmpty" in t]
    assert together, texts
    assert "!s.isEmpty" in texts  # which computes the examples alone
    assert found[0].text in together  # the words' reading first


def test_made_up_inputs_include_neighbours_of_the_examples() -> None:
    from specbridge.generate.enumerate import BOUNDARY_INPUTS, NEIGHBOUR_INPUTS, made_up_inputs

    near = [("Hello",)]
    inputs = made_up_inputs(["String"], near=near)
    neighbours = inputs[BOUNDARY_INPUTS : BOUNDARY_INPUTS + NEIGHBOUR_INPUTS]
    assert len(neighbours) == NEIGHBOUR_INPUTS and ("Hello",) not in inputs
    # each is the example changed a little: it shares most of its letters
    assert all(len(set(s.lower()) & set("hello")) >= 2 for (s,) in neighbours), neighbours
    assert made_up_inputs(["String"], near=near) == inputs  # deterministic


def test_an_example_with_a_large_number_has_no_neighbours() -> None:
    from specbridge.generate.enumerate import NEIGHBOUR_NUMBER_LIMIT, made_up_inputs

    # each neighbour of 12345 would run every term over `List.range n` at its size again
    inputs = made_up_inputs(["Nat", "String"], near=[(12345, "ab")])
    assert all(n <= NEIGHBOUR_NUMBER_LIMIT for n, _ in inputs), inputs
    small = made_up_inputs(["Nat"], near=[(15,)])
    assert any(abs(n - 15) <= 2 for (n,) in small if n != 15), small  # a small number has its neighbours


# `n + n` and `n * n`, each written by two tasks: they agree on 0 and 2
TWICE_OR_SQUARE = [
    _task(f"{op}{i}", [(v, "Nat")], "Nat", f"result = {v} {sym} {v}")
    for i, v in enumerate("ab")
    for op, sym in [("twice", "+"), ("square", "*")]
]


def _with_second_look(monkeypatch, task: Task, second_look: list[tuple[int]]) -> list[str]:  # noqa: ANN001
    """The terms enumerated for `task` over TWICE_OR_SQUARE when the made-up inputs are 0 and 2, on which `n + n`
    and `n * n` agree, and the second look's are `second_look`."""
    import specbridge.generate.enumerate as enumerate_module

    def inputs(type_texts, near=(), seed=0, constants=(), characters=()):  # noqa: ANN001, ANN202 - `made_up_inputs`
        return [(0,), (2,)] if seed == 0 else second_look

    monkeypatch.setattr(enumerate_module, "made_up_inputs", inputs)
    return [f.text for f in enumerate_results(task, mine_terms(TWICE_OR_SQUARE), _flat, {}, [])]


def test_spellings_the_made_up_inputs_cannot_tell_apart_get_a_second_look_on_more_inputs(monkeypatch) -> None:
    task = _task("grow", [("n", "Nat")], "Nat", tests=[_example({"n": "2"}, "4")])
    both = _with_second_look(monkeypatch, task, [(3,)])
    assert "n + n" in both and "n * n" in both, both
    alike = _with_second_look(monkeypatch, task, [(0,)])
    assert ("n + n" in alike) != ("n * n" in alike), alike  # one behaviour everywhere: one spelling


def test_a_set_the_words_list_is_a_list_literal_to_look_in() -> None:
    from specbridge.mining.shapes import stated_sets

    assert stated_sets("one of the English vowels a, e, i, o or u.") == [["'a'", "'e'", "'i'", "'o'", "'u'"]]
    assert stated_sets("the digits 1, 2, or 3 and the letters 'x', 'y' and 'z'") == [
        ["1", "2", "3"],
        ["'x'", "'y'", "'z'"],
    ]
    assert stated_sets("a 3 by 5 rectangle; 4 or 5 sides") == []  # two items are no listed set
    assert stated_sets("the values 1, b or 3") == []  # neither all characters nor all numbers
    corpus = [
        _task(f"member{i}", [(v, "Char"), (w, "List Char")], "Bool", f"result = decide ({v} ∈ {w})")
        for i, (v, w) in enumerate(["ab", "cd"])
    ]
    task = _task("isVowel", [("c", "Char")], "Bool", tests=[_example({"c": "'e'"}, "true")])
    task = task.model_copy(update={"requirement": "Is the character one of the vowels a, e, i, o or u?"})
    texts = [f.text for f in enumerate_results(task, mine_terms(corpus), _flat, {}, [])]
    assert any("['a', 'e', 'i', 'o', 'u']" in t and "c ∈" in t for t in texts), texts


def test_a_listed_set_of_letters_takes_the_upper_case_where_the_words_say_case_does_not_matter() -> None:
    from specbridge.mining.shapes import mentioned_characters, stated_sets

    blind = "Tell whether a character is one of the vowels a, e, i, o or u. Upper-case vowels count too."
    assert stated_sets(blind) == [["'a'", "'e'", "'i'", "'o'", "'u'", "'A'", "'E'", "'I'", "'O'", "'U'"]]
    assert stated_sets("one of the vowels a, e, i, o or u") == [["'a'", "'e'", "'i'", "'o'", "'u'"]]
    task = _task("isVowel", [("c", "Char")], "Bool", tests=[_example({"c": "'e'"}, "true")])
    either = "Is it one of the letters 'x', 'y' or 'z', in upper or lower case?"
    assert {"'X'", "'z'"} <= mentioned_characters(task.model_copy(update={"requirement": either}))
    assert "'X'" not in mentioned_characters(task.model_copy(update={"requirement": "one of 'x', 'y' or 'z'"}))


def test_the_characters_of_a_listed_set_are_made_up_inputs() -> None:
    from specbridge.generate.enumerate import STATED_CHARACTERS, made_up_inputs

    plain = made_up_inputs(["Char"], near=[("e",)])
    vowels = list("aeiouAEIOU")
    said = made_up_inputs(["Char"], near=[("e",)], characters=vowels)
    added = [c for (c,) in said[len(plain) :]]
    assert said[: len(plain)] == plain and 2 <= len(added) <= STATED_CHARACTERS
    assert set(added) <= set(vowels) - {"e"} and any(c.isupper() for c in added), added  # spread over the set
    # a dozen made-up characters hold few vowels: `c.toNat % 4 = 1` meets a, e, i, u, A and E, not o
    assert made_up_inputs(["Nat"], near=[(3,)], characters=vowels) == made_up_inputs(["Nat"], near=[(3,)])


def test_a_number_is_no_position_of_string_get() -> None:
    # Lean's `String.get` takes a `String.Pos`: the corpus's `s.get (s.next 0)` is an operation `{s0}.get {s1}`
    # whose slot the interpreter types Nat (as it reads positions), yet `s.get n` of a number is ill-typed
    corpus = [
        *(_task(f"second{i}", [(v, "String")], "Char", f"result = {v}.get ({v}.next 0)") for i, v in enumerate("st")),
        *(
            _task(f"at{i}", [(v, "String"), (w, "Nat")], "Char", f"result = {v}.get ⟨{w}⟩")
            for i, (v, w) in enumerate(["sk", "tj"])
        ),
    ]
    assert "{s0}.get {s1}" in {t.template for t in mine_terms(corpus)}
    task = _task("charAt", [("s", "String"), ("n", "Nat")], "Char", tests=[_example({"s": '"hello"', "n": "1"}, "'e'")])
    found = [f.text for f in enumerate_results(task, mine_terms(corpus), _flat, {}, [])]
    assert "s.get (⟨n⟩)" in found and not any(".get n" in t for t in found), found


def test_a_fold_s_step_is_made_of_the_corpus_s_two_operand_operations() -> None:
    from specbridge.mining.terms import fold_steps

    corpus = [
        _task("total", [("xs", "List Nat")], "Nat", "result = xs.foldl (fun acc x => acc + x) 0"),
        _task("total2", [("ys", "List Nat")], "Nat", "result = ys.foldl (fun acc y => acc + y) 0"),
        _task("start", [("xs", "List Nat"), ("s", "Nat")], "Nat", "result = xs.foldl (fun acc x => acc + x) s"),
        *CORPUS,
    ]
    terms = mine_terms(corpus)
    # the fold's lambda takes two arguments: no one-element test or value fills its hole
    assert {t.hole for t in terms if ".foldl ({h0})" in t.template} == {"value2"}
    product = _task("product", [("xs", "List Nat")], "Nat", tests=[_example({"xs": "[2, 3, 4]"}, "24")])
    steps = fold_steps(terms, product, "Nat", "Nat")
    assert "fun x0 x1 => x0 + x1" in steps and "fun x0 x1 => x0 * x1" in steps  # written in a fold; made of `a * b`
    assert "fun x0 x1 => x1 * x0" not in steps  # the accumulator first, as a step is written
    found = [f.text for f in enumerate_results(product, terms, _flat, {"value2": steps}, ["0", "1"])]
    assert "xs.foldl (fun x0 x1 => x0 * x1) 1" in found, found
    assert not any("x0 + x1" in t for t in found)  # 9, not 24


def test_the_numbers_from_one_input_to_another_are_a_sequence() -> None:
    from specbridge.generate.enumerate import range_views

    assert "List.range' lo (hi + 1 - lo)" in range_views([("lo", "Nat"), ("hi", "Nat")])
    assert not any("s" in v for v in range_views([("n", "Nat"), ("s", "String")]) if "range'" in v and "+ 1 -" in v)
    task = _task("between", [("lo", "Nat"), ("hi", "Nat")], "Nat", tests=[_example({"lo": "3", "hi": "6"}, "18")])
    found = [f.text for f in enumerate_results(task, mine_terms(CORPUS), _flat, {}, ["0", "1"])]
    assert "(List.range' lo (hi + 1 - lo)).sum" in found, found


def test_a_constant_the_words_write_is_an_input_where_readings_differ() -> None:
    from specbridge.generate.enumerate import STATED_INPUTS, made_up_inputs

    plain = made_up_inputs(["Nat"], near=[(135,)])
    stated = made_up_inputs(["Nat"], near=[(135,)], constants=[60, 7])
    assert (60,) not in plain and stated[: len(plain)] == plain
    assert (60,) in stated and (7,) in stated and len(stated) <= len(plain) + STATED_INPUTS
    # with two number inputs, one at a time, the other kept as the example has it
    pairs = made_up_inputs(["Nat", "Nat"], near=[(135, 4)], constants=[60])
    assert (60, 4) in pairs and (135, 60) in pairs
    # at 60, `m / 60` and `(m - 1) / 60` differ: the two readings are two behaviours
    corpus = [
        _task("per", [("a", "Nat")], "Nat", "result = a / 60"),
        _task("per2", [("b", "Nat")], "Nat", "result = b / 60"),
        _task("ceil", [("a", "Nat")], "Nat", "result = (a - 1) / 60"),
        _task("ceil2", [("b", "Nat")], "Nat", "result = (b - 1) / 60"),
    ]
    hours = _task("hours", [("m", "Nat")], "Nat", tests=[_example({"m": "135"}, "2")])
    found = [f.text for f in enumerate_results(hours, mine_terms(corpus), _flat, {}, ["0", "1", "60"])]
    assert "m / 60" in found and "(m - 1) / 60" in found, found


def test_a_pair_s_component_gets_the_second_look_too(monkeypatch) -> None:
    task = _task("grow", [("n", "Nat")], "(Nat × Nat)", tests=[_example({"n": "2"}, "(4, 2)")])
    found = _with_second_look(monkeypatch, task, [(3,)])  # only the second look tells `n + n` from `n * n`
    assert "(n + n, n)" in found and "(n * n, n)" in found, found


def test_a_number_of_a_pair_s_two_components_is_compared_with_a_number_input() -> None:
    corpus = [
        *PAIRWISE_CORPUS,
        _task("gap", [("a", "Int"), ("b", "Int")], "Nat", "result = Int.natAbs (a - b)"),
        _task("gap2", [("c", "Int"), ("d", "Int")], "Nat", "result = Int.natAbs (c - d)"),
    ]
    # "the readings at each position never differ by more than the tolerance"
    task = _task(
        "close",
        [("xs", "List Int"), ("ys", "List Int"), ("tol", "Nat")],
        "Bool",
        tests=[_example({"xs": "[1, 5, 3]", "ys": "[2, 3, 3]", "tol": "2"}, "true")],
    )

    def distance(text: str) -> float:  # the words speak of a distance ("differ by")
        return ("natAbs" in text) + _flat(text)

    texts = [f.text for f in enumerate_results(task, mine_terms(corpus), distance, {}, [])]
    assert "(xs.zip ys).all (fun x0 => (Int.natAbs (x0.1 - x0.2)) ≤ tol)" in texts, texts


def test_an_operation_that_does_nothing_on_an_example_is_how_it_meets_the_example_by_chance() -> None:
    from specbridge.generate.enumerate import _idle_operation, _Runner, example_values

    def idle(text: str, params: list[tuple[str, str]], inputs: dict[str, str], expected: str, ret="Int") -> bool:
        task = _task("t", params, ret, tests=[_example(inputs, expected)])
        runner = _Runner(params, [args for args, _ in example_values(task)])
        return _idle_operation(text, runner)

    clamp = ([("x", "Int"), ("lo", "Int"), ("hi", "Int")], {"x": "5", "lo": "0", "hi": "3"}, "3")
    assert idle("hi % (x % lo)", *clamp)  # a remainder by lo = 0 is x itself
    assert idle("(hi % lo) % x", *clamp) and idle("hi / (x % lo - x)", *clamp)
    assert idle("max lo (hi % x)", *clamp)  # 3 % 5 is 3: the remainder takes nothing away
    assert idle("hi - (lo * x)", *clamp) and idle("(x * lo) + hi", *clamp)  # a made 0 adds nothing
    # an input the example gives as 0 is the example's choice, given to be used; but not as a divisor
    assert not idle("x - lo", *clamp) and not idle("lo + hi", *clamp) and idle("hi / lo", *clamp)
    assert not idle("max lo (min hi x)", *clamp) and not idle("x % 2", *clamp) and not idle("x / 2", *clamp)
    assert not idle("x - hi", *clamp)
    assert not idle("xs.foldl (fun x0 x1 => x0 % x1) hi", *clamp)  # a lambda's variable is not run
    words = ([("ws", "List String"), ("n", "Nat")], {"ws": '["cat", "horse", "dog"]', "n": "3"}, "2")
    assert idle("(n - 1) - (ws.countP (fun x0 => 'A' ∈ x0.toList))", *words)  # no word has an 'A': 0 taken away
    assert not idle("ws.countP (fun x0 => x0.length = n)", *words)
    # a filter keeping every element of the example: no element equals its position in [5, 7]
    numbers = ([("xs", "List Nat")], {"xs": "[5, 7]"}, "[5, 8]", "List Nat")
    assert idle("(xs.zipIdx.filter (fun x0 => x0.1 ≠ x0.2)).map (fun x0 => x0.1 + x0.2)", *numbers)
    assert not idle("xs.filter (fun x0 => x0 > 5)", *numbers)
    assert not idle("(xs.filter (fun x0 => x0 > 5)) % xs.length", *numbers)  # a list is no number to compare
    # and so is a `dropWhile` dropping none, or a `takeWhile` taking all
    assert idle("(xs.dropWhile (fun x0 => x0 < 5)).map (fun x0 => x0 + 1)", *numbers)
    assert idle("(xs.takeWhile (fun x0 => x0 > 0)).map (fun x0 => x0 + 1)", *numbers)
    assert not idle("(xs.dropWhile (fun x0 => x0 < 6)).map (fun x0 => x0 + 1)", *numbers)


def test_a_number_the_words_read_digit_by_digit_is_viewed_as_its_decimal_digits() -> None:
    from specbridge.generate.enumerate import digit_views

    def task(requirement: str, params: list[tuple[str, str]]) -> Task:
        return _task("digits", params, "Nat").model_copy(update={"requirement": requirement})

    assert digit_views(task("Add up the digits of n.", [("n", "Nat"), ("xs", "List Nat")])) == ["Nat.digits 10 n"]
    assert digit_views(task("How many digits has x?", [("x", "Int")])) == ["Nat.digits 10 x.natAbs"]
    assert digit_views(task("Is every single digit of n odd?", [("n", "Nat")])) == ["Nat.digits 10 n"]
    assert digit_views(task("Add up the numbers up to n.", [("n", "Nat")])) == []  # no digits said
    assert digit_views(task("Return the last digit of n.", [("n", "Nat")])) == []  # one digit: `n % 10`
    # "the sum of its digits": no corpus spec sums digits, the corpus's sum does
    sum_digits = _task("digitSum", [("n", "Nat")], "Nat", tests=[_example({"n": "12345"}, "15")])
    sum_digits = sum_digits.model_copy(update={"requirement": "Return the sum of the decimal digits of n."})
    texts = [f.text for f in enumerate_results(sum_digits, mine_terms(CORPUS), _flat, {}, ["0", "1"])]
    assert "(Nat.digits 10 n).sum" in texts, texts


def test_a_sequence_the_words_say_begins_or_ends_with_something_is_viewed_at_that_end() -> None:
    from specbridge.generate.enumerate import end_views

    def task(requirement: str, params: list[tuple[str, str]]) -> Task:
        return _task("ends", params, "Bool").model_copy(update={"requirement": requirement})

    assert end_views(task("Does s begin with a digit?", [("s", "String"), ("n", "Nat")])) == ["s.toList.take 1"]
    assert end_views(task("Does the list end in a zero?", [("xs", "List Nat")])) == ["xs.reverse.take 1"]
    assert end_views(task("Is every entry even?", [("xs", "Array Int")])) == []
    # "begins with a digit": a test of the first character, false for the empty text, where the corpus's tests
    # look at every character
    begins = _task("beginsWithDigit", [("s", "String")], "Bool", tests=[_example({"s": '"3 apples"'}, "true")])
    begins = begins.model_copy(update={"requirement": "Check whether the text begins with a decimal digit."})
    corpus = [
        _task("anyA", [("cs", "List Char")], "Bool", "result = cs.any (fun c => c = 'a')"),
        _task("anySpace", [("ds", "List Char")], "Bool", "result = ds.any (fun d => d = ' ')"),
    ]
    holes = {"pred": ["fun x0 => x0.isDigit"]}
    texts = [f.text for f in enumerate_results(begins, mine_terms(corpus), _flat, holes, [])]
    assert "(s.toList.take 1).any (fun x0 => x0.isDigit)" in texts, texts


def test_a_character_the_words_quote_is_also_a_text_of_one_character() -> None:
    from specbridge.mining.terms import operand

    assert operand('"."') == '"."' and operand('"a" ++ s') == '("a" ++ s)'
    # "ends with a full stop ('.')": Lean's `endsWith` takes a text, the words quote a character
    corpus = [
        _task("hasSuffix", [("w", "String"), ("e", "String")], "Bool", "result = w.endsWith e"),
        _task("hasSuffix2", [("t", "String"), ("u", "String")], "Bool", "result = t.endsWith u"),
    ]
    ends = _task("endsWithStop", [("s", "String")], "Bool", tests=[_example({"s": '"It rains."'}, "true")])
    ends = ends.model_copy(update={"requirement": "Check whether a sentence ends with a full stop ('.')."})
    texts = [f.text for f in enumerate_results(ends, mine_terms(corpus), _flat, {}, [])]
    assert 's.endsWith "."' in texts, texts


def test_a_test_true_on_the_example_and_false_on_made_up_inputs_decides_something() -> None:
    from specbridge.generate.enumerate import answers_vary

    begins = _task("beginsWithDigit", [("s", "String")], "Bool", tests=[_example({"s": '"3 apples"'}, "true")])
    varies = answers_vary(begins, ["(s.toList.take 1).any (fun x0 => x0.isDigit)", "s.length < 100"])
    assert varies == {"(s.toList.take 1).any (fun x0 => x0.isDigit)": True, "s.length < 100": False}


def test_the_numbers_up_to_an_input_and_its_digits_are_folded_with_the_corpus_s_two_operand_steps() -> None:
    # the corpus folds a list from 1 with `max`, and multiplies two numbers: a product is the one with the other
    corpus = CORPUS + [
        _task("top", [("xs", "List Nat")], "Nat", "result = xs.foldl (fun a b => max a b) 1"),
        _task("top2", [("ys", "List Nat")], "Nat", "result = ys.foldl (fun a b => max a b) 1"),
    ]
    factorial = _task("factorial", [("n", "Nat")], "Nat", tests=[_example({"n": "5"}, "120")])
    texts = [f.text for f in enumerate_results(factorial, mine_terms(corpus), _flat, {}, ["0", "1"])]
    assert "(List.range' 1 n).foldl (fun x0 x1 => x0 * x1) 1" in texts, texts
    product = _task("digitProduct", [("n", "Nat")], "Nat", tests=[_example({"n": "234"}, "24")])
    product = product.model_copy(update={"requirement": "Multiply the digits of n together."})
    texts = [f.text for f in enumerate_results(product, mine_terms(corpus), _flat, {}, ["0", "1"])]
    assert "(Nat.digits 10 n).foldl (fun x0 x1 => x0 * x1) 1" in texts, texts


def test_a_formula_deeper_than_the_corpus_composes_is_made_to_read_the_numbers_the_words_write() -> None:
    from specbridge.generate.enumerate import stated_formulas

    params = [("amount", "Nat"), ("pct", "Nat")]
    example = [((250, 20), 50)]
    made = stated_formulas("Nat", example, params, ["0", "1", "100"], solving=[])
    assert made[0] == ("(amount * pct) / 100", 2), made[:3]
    texts = [t for t, _ in made]
    assert all(re.search(r"\bamount\b", t) and re.search(r"\bpct\b", t) and "100" in t for t in texts)
    assert [size for _, size in made] == sorted(size for _, size in made)  # the fewest operations first
    assert not any(re.search(r"\(?100 [-+*/%] 100\)?", t) for t in texts)  # no constant made of constants
    # three operations deep, with Lean's truncated subtraction: (22 + 24 - 3) % 24 = 19
    clock = stated_formulas("Nat", [((3, 22), 19)], [("start", "Nat"), ("stop", "Nat")], ["24"], solving=[])
    assert "((stop + 24) - start) % 24" in [t for t, _ in clock] or "((24 + stop) - start) % 24" in [
        t for t, _ in clock
    ]
    # with more numbers than a search of three operations reaches, the first ones (a scale's constants) alone
    # first: 100 and 212 (a boiling point the words give) would leave `((9 * c) / 5) + 32` unreached
    scale = stated_formulas("Int", [((100,), 212)], [("c", "Int")], ["9", "5", "32", "100", "212"], solving=[])
    assert scale[0] == ("((9 * c) / 5) + 32", 3), scale[:3]
    # nothing when a term computing the examples already writes every number the words write, or for a
    # signature of other types
    assert stated_formulas("Nat", example, params, ["100"], solving=["amount / 100 + pct"]) == []
    assert stated_formulas("Nat", [(([1, 2],), 3)], [("xs", "List Nat")], ["100"], solving=[]) == []


def test_a_stated_formula_is_offered_where_no_term_reads_the_words_numbers() -> None:
    percent = _task(
        "percentOf", [("amount", "Nat"), ("pct", "Nat")], "Nat", tests=[_example({"amount": "250", "pct": "20"}, "50")]
    )
    terms = mine_terms(CORPUS)
    found = {f.text: f for f in enumerate_results(percent, terms, _flat, {}, ["0", "1"], formula_numbers=["100"])}
    assert "(amount * pct) / 100" in found
    assert found["(amount * pct) / 100"].level == 2
    assert "(amount * pct) / 100" not in [f.text for f in enumerate_results(percent, terms, _flat, {}, ["0", "1"])]


def test_the_numbers_a_formula_reads_are_the_words_constants_not_a_range_s_bounds() -> None:
    from specbridge.generate.offline import formula_numbers

    def numbers(requirement: str) -> list[str]:
        return formula_numbers(_task("t", [("n", "Nat")], "Nat").model_copy(update={"requirement": requirement}))

    assert numbers("Return the given percentage of an amount, rounded down.") == ["100"]
    assert numbers("On a 24-hour clock, the hours from start to stop; both are between 0 and 23.")[0] == "24"
    assert "23" not in numbers("On a 24-hour clock; both are between 0 and 23.")
    assert numbers("Write a Lean 4 function: the last digit, in the range 0 to 9, is n % 10.") == ["10"]
    assert numbers("Each digit 0-9 counts 7 points.") == ["7"]


def test_an_option_result_may_be_one_component_of_the_pair_a_search_finds() -> None:
    corpus = [
        _task("firstPositive", [("xs", "List Nat")], "Option Nat", "result = xs.find? (fun x => x > 0)"),
        _task("firstBig", [("ys", "List Nat")], "Option Nat", "result = ys.find? (fun y => y > 9)"),
    ]
    params = [("pairs", "List (Nat × Nat)"), ("key", "Nat")]
    example = _example({"pairs": "[(1, 10), (2, 20), (3, 30)]", "key": "2"}, "some 20")
    task = _task("lookupKey", params, "Option Nat", tests=[example])
    found = enumerate_results(task, mine_terms(corpus), _flat, {"pred": ["fun x0 => x0.1 = key"]}, [])
    assert "(pairs.find? (fun x0 => x0.1 = key)).map (fun x0 => x0.2)" in [f.text for f in found]


def test_a_test_of_one_neighbour_against_an_input_is_a_hole_of_the_neighbours_view() -> None:
    from specbridge.generate.enumerate import _pair_holes

    task = _task("valueAfter", [("xs", "List Int"), ("target", "Int")], "Option Int")
    holes = _pair_holes(task, [], [("xs.zip xs.tail", "List (Int × Int)")], _flat)
    assert "fun x0 => x0.1 = target" in holes["pred"] and "fun x0 => x0.2 = target" in holes["pred"]


def test_an_element_may_be_compared_with_the_end_of_its_sequence_the_words_name() -> None:
    from specbridge.generate.enumerate import comparison_lambdas

    task = _task("aboveFirst", [("xs", "List Int")], "Nat")
    said = task.model_copy(update={"requirement": "Count the entries greater than the first entry."})
    assert "fun x0 => x0 > xs[0]!" in comparison_lambdas(said, "Int")
    assert not any("xs[0]!" in body for body in comparison_lambdas(task, "Int"))


def test_answers_the_words_quote_are_chosen_by_a_test_not_given_alone() -> None:
    from specbridge.generate.enumerate import _Runner, stated_answers

    corpus = [_task(f"small{i}", [(v, "Nat")], "Bool", f"result = true ↔ {v} < 10") for i, v in enumerate("ab")]
    said = 'An exam is passed with a score of 50 or more. Given a score, answer "pass" or "fail".'
    task = _task("grade", [("score", "Nat")], "String", tests=[_example({"score": "72"}, '"pass"')])
    task = task.model_copy(update={"requirement": said})
    assert stated_answers(task) == ['"pass"', '"fail"']
    found = enumerate_results(task, mine_terms(corpus), _zero, {}, ["0", "1", "50"], compared=[("≥", "50")])
    assert found and found[0].text.startswith("if ")  # `"pass"` everywhere is not what the words say
    outputs = [str(v) for _, v in _Runner([("score", "Nat")], [(50,), (49,)]).run(found[0].text)[1]]
    assert outputs == ["pass", "fail"]  # the comparison the words state chooses
    # one quoted answer is no choice between answers
    one = task.model_copy(update={"requirement": 'Answer "pass" whatever the score.'})
    assert stated_answers(one) == []
    assert enumerate_results(one, mine_terms(corpus), _zero, {}, [])[0].text == '"pass"'


def test_a_sequence_operation_mined_over_characters_only_serves_numbers_too() -> None:
    corpus = [
        _task(f"firstA{i}", [(v, "List Char")], "Nat", f"result = {v}.findIdx (fun c => c = 'a')")
        for i, v in enumerate(["cs", "ds"])
    ]
    task = _task("neg", [("xs", "List Int")], "Nat", tests=[_example({"xs": "[4, 0, 2, -1, 5]"}, "3")])
    found = enumerate_results(task, mine_terms(corpus), _flat, {"pred": ["fun x0 => x0 < 0"]}, [])
    assert "xs.findIdx (fun x0 => x0 < 0)" in [f.text for f in found]
