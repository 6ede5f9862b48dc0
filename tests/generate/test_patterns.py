"""Generic spec patterns: selected by wording and signature, and their instantiated specs are right in layer 2."""

from __future__ import annotations

from specbridge.evaluate import computable
from specbridge.generate.base import GenerationContext
from specbridge.generate.offline import OfflineGenerator
from specbridge.generate.patterns import match_patterns
from specbridge.obligations import Obligation, ObligationKind, Status
from specbridge.settings import Settings
from specbridge.tasks import Param, ReferenceSpec, Signature, Task, render_spec_source


def _task(requirement: str, name: str, params: list[tuple[str, str]], ret: str) -> Task:
    sig = Signature(name=name, params=tuple(Param(name=n, type=t) for n, t in params), return_type=ret)
    return Task(id=f"t_{name}", requirement=requirement, signature=sig)


def _spec(task: Task, pattern: str) -> str:
    found = [p for p in match_patterns(task) if p.name == pattern]
    assert found, f"{pattern} not among {[p.name for p in match_patterns(task)]}"
    p = found[0]
    return render_spec_source(task.signature, ReferenceSpec(aux=p.aux, precond=p.precond, postcond=p.postcond))


def _holds(task: Task, text: str, kind: ObligationKind, inputs: dict[str, str], output: str | None = None) -> bool:
    ob = Obligation(kind=kind, task_id=task.id, index=0, inputs=inputs, output=output)
    (v,) = computable.check_spec_text(task, text, [ob])
    assert v.status in (Status.PASS, Status.FAIL), v.message
    return (v.status is Status.PASS) == ob.expects_true


def post(task: Task, text: str, inputs: dict[str, str], output: str) -> bool:
    return _holds(task, text, ObligationKind.POST_ACCEPTS, inputs, output)


def pre(task: Task, text: str, inputs: dict[str, str]) -> bool:
    return _holds(task, text, ObligationKind.PRE_ACCEPTS, inputs)


def test_maximum_of_a_non_empty_array() -> None:
    t = _task("Return the largest element of a non-empty array of integers.", "largest", [("a", "Array Int")], "Int")
    text = _spec(t, "max-of-sequence")
    assert post(t, text, {"a": "#[3, -1, 7]"}, "7")
    assert not post(t, text, {"a": "#[3, -1, 7]"}, "8")  # not an element
    assert not post(t, text, {"a": "#[3, -1, 7]"}, "3")  # not the largest
    assert not pre(t, text, {"a": "#[]"})


def test_minimum_wins_when_the_name_says_so() -> None:
    t = _task("Find the smallest value; the maximum is not wanted.", "minOfList", [("xs", "List Nat")], "Nat")
    names = [p.name for p in match_patterns(t)]
    assert names.index("min-of-sequence") < names.index("max-of-sequence")


def test_minimum_of_three_numbers() -> None:
    t = _task("Return the minimum of three integers.", "min3", [("a", "Int"), ("b", "Int"), ("c", "Int")], "Int")
    text = _spec(t, "min-of-3-numbers")
    assert post(t, text, {"a": "4", "b": "-2", "c": "9"}, "-2")
    assert not post(t, text, {"a": "4", "b": "-2", "c": "9"}, "-3")


def test_count_matching_a_threshold() -> None:
    t = _task(
        "Count how many numbers in the array are less than the threshold.",
        "countBelow",
        [("a", "Array Int"), ("t", "Int")],
        "Nat",
    )
    text = _spec(t, "count-less-than-t")
    assert post(t, text, {"a": "#[1, 5, 2, 9]", "t": "3"}, "2")
    assert not post(t, text, {"a": "#[1, 5, 2, 9]", "t": "3"}, "3")


def test_membership_and_all_digits() -> None:
    t = _task("Check whether the list contains the key.", "has", [("xs", "List Int"), ("k", "Int")], "Bool")
    text = _spec(t, "membership")
    assert post(t, text, {"xs": "[1, 2]", "k": "2"}, "true")
    assert not post(t, text, {"xs": "[1, 2]", "k": "2"}, "false")
    d = _task("Return true if all characters of the string are digits.", "allDigits", [("s", "String")], "Bool")
    text = _spec(d, "all-a-digit")
    assert post(d, text, {"s": '"123"'}, "true") and post(d, text, {"s": '"1a3"'}, "false")


def test_sorted_check_and_sort() -> None:
    t = _task(
        "Determine whether the array is sorted in non-decreasing order.", "isSorted", [("a", "Array Int")], "Bool"
    )
    text = _spec(t, "sorted-check")
    assert post(t, text, {"a": "#[1, 1, 3]"}, "true") and post(t, text, {"a": "#[2, 1]"}, "false")
    s = _task("Sort the list in ascending order.", "sortIt", [("l", "List Int")], "List Int")
    text = _spec(s, "sort")
    assert post(s, text, {"l": "[3, 1, 2]"}, "[1, 2, 3]")
    assert not post(s, text, {"l": "[3, 1, 2]"}, "[1, 2]")


def test_first_index_with_option_and_minus_one() -> None:
    t = _task("Find the index of the first odd number in the array.", "firstOdd", [("a", "Array Int")], "Option Nat")
    text = _spec(t, "first-index-odd")
    assert post(t, text, {"a": "#[2, 4, 5, 7]"}, "some 2")
    assert not post(t, text, {"a": "#[2, 4, 5, 7]"}, "some 3")
    assert post(t, text, {"a": "#[2, 4]"}, "none")
    u = _task(
        "Return the index of the first occurrence of the target, or -1 if absent.",
        "find",
        [("arr", "Array Int"), ("target", "Int")],
        "Int",
    )
    text = _spec(u, "first-index-equal-to-target")
    assert post(u, text, {"arr": "#[5, 3, 3]", "target": "3"}, "1")
    assert post(u, text, {"arr": "#[5, 3, 3]", "target": "4"}, "-1")
    assert not post(u, text, {"arr": "#[5, 3, 3]", "target": "3"}, "2")


def test_sequence_to_sequence_patterns() -> None:
    r = _task("Reverse the given string.", "rev", [("s", "String")], "String")
    assert post(r, _spec(r, "reverse"), {"s": '"abc"'}, '"cba"')
    u = _task("Convert every lowercase letter to uppercase.", "toUpper", [("s", "String")], "String")
    text = _spec(u, "upper-case")
    assert post(u, text, {"s": '"aB1"'}, '"AB1"') and not post(u, text, {"s": '"aB1"'}, '"ab1"')
    f = _task("Return only the even numbers of the list.", "evens", [("xs", "List Int")], "List Int")
    assert post(f, _spec(f, "keep-even"), {"xs": "[1, 2, 3, 4]"}, "[2, 4]")
    m = _task("Return an array where each element is cubed.", "cubes", [("a", "Array Int")], "Array Int")
    assert post(m, _spec(m, "map-cube"), {"a": "#[1, -2]"}, "#[1, -8]")
    z = _task(
        "Compute the element-wise sum of the two arrays.",
        "addArrays",
        [("a", "Array Int"), ("b", "Array Int")],
        "Array Int",
    )
    text = _spec(z, "elementwise-sum")
    assert post(z, text, {"a": "#[1, 2]", "b": "#[3, 4]"}, "#[4, 6]")
    assert not pre(z, text, {"a": "#[1]", "b": "#[3, 4]"})


def test_index_editing_patterns() -> None:
    s = _task(
        "Swap the elements at positions i and j.",
        "swapAt",
        [("a", "Array Int"), ("i", "Nat"), ("j", "Nat")],
        "Array Int",
    )
    text = _spec(s, "swap-at-indices")
    assert post(s, text, {"a": "#[1, 2, 3]", "i": "0", "j": "2"}, "#[3, 2, 1]")
    assert not post(s, text, {"a": "#[1, 2, 3]", "i": "0", "j": "2"}, "#[3, 1, 2]")
    assert not pre(s, text, {"a": "#[1, 2, 3]", "i": "0", "j": "3"})
    r = _task("Rotate the list to the right by n positions.", "rot", [("l", "List Int"), ("n", "Nat")], "List Int")
    assert post(r, _spec(r, "rotate-right"), {"l": "[1, 2, 3, 4]", "n": "1"}, "[4, 1, 2, 3]")


def test_number_patterns() -> None:
    a = _task("Return the absolute value of an integer.", "absVal", [("x", "Int")], "Int")
    text = _spec(a, "absolute-value")
    assert post(a, text, {"x": "-4"}, "4") and not post(a, text, {"x": "-4"}, "-4")
    f = _task("Compute the factorial of n.", "fact", [("n", "Nat")], "Nat")
    assert post(f, _spec(f, "factorial"), {"n": "5"}, "120")
    p = _task("Determine whether n is a prime number.", "isPrime", [("n", "Nat")], "Bool")
    text = _spec(p, "is-prime")
    assert (
        post(p, text, {"n": "7"}, "true") and post(p, text, {"n": "1"}, "false") and post(p, text, {"n": "9"}, "false")
    )
    d = _task("Return the sum of the digits of n.", "digitSum", [("n", "Nat")], "Nat")
    assert post(d, _spec(d, "digit-sum"), {"n": "402"}, "6")
    s = _task("Swap the two values.", "swap2", [("x", "Int"), ("y", "Int")], "Int × Int")
    assert post(s, _spec(s, "swap-pair"), {"x": "1", "y": "2"}, "(2, 1)")


def test_bound_names_never_capture_parameters() -> None:
    t = _task("Return the maximum element of the non-empty list.", "mx", [("x", "List Int")], "Int")
    text = _spec(t, "max-of-sequence")
    assert post(t, text, {"x": "[1, 9, 2]"}, "9") and not post(t, text, {"x": "[1, 9, 2]"}, "2")


def test_a_pattern_is_the_fallback_when_no_corpus_task_adapts_and_says_so() -> None:
    t = _task("Return the maximum of three integers.", "max3", [("a", "Int"), ("b", "Int"), ("c", "Int")], "Int")
    corpus = [
        Task(
            id="unrelated",
            requirement="Reverse a string.",
            signature=Signature(name="rev", params=(Param(name="s", type="String"),), return_type="String"),
            reference=ReferenceSpec(precond="True", postcond="result.toList = s.toList.reverse"),
        )
    ]
    gen = OfflineGenerator().generate(t, GenerationContext(settings=Settings(), corpus=corpus))
    assert gen.error is None
    assert "generic pattern `max-of-3-numbers`" in gen.notes and "no corpus task" in gen.notes
    assert "max-of-3-numbers" in gen.plan and "result ≥ a" in gen.spec_text


def test_nothing_matches_unfamiliar_wording() -> None:
    t = _task("Combine three strings.", "f", [("a", "String"), ("b", "String"), ("c", "String")], "String")
    assert match_patterns(t) == []


def test_what_the_inputs_may_contain_does_not_select_a_predicate() -> None:
    t = _task(
        "Count the elements equal to the key. The list may include negative numbers.",
        "countKey",
        [("xs", "List Int"), ("key", "Int")],
        "Nat",
    )
    assert [p.name for p in match_patterns(t)] == ["count-equal-to-key"]


def test_more_shapes_option_extremum_removal_and_arithmetic() -> None:
    t = _task(
        "Return the smallest number, or none for an empty array.", "findSmallest", [("s", "Array Nat")], "Option Nat"
    )
    text = _spec(t, "min-of-sequence-or-none")
    assert post(t, text, {"s": "#[4, 2, 9]"}, "some 2") and post(t, text, {"s": "#[]"}, "none")
    assert not post(t, text, {"s": "#[4, 2, 9]"}, "some 4") and not post(t, text, {"s": "#[4]"}, "none")
    # another parameter of the element type and no comparison named: equality is the reading
    r = _task("(no description)", "removeElement", [("lst", "List Nat"), ("target", "Nat")], "List Nat")
    text = _spec(r, "remove-equal-to-target")
    assert post(r, text, {"lst": "[1, 2, 1, 3]", "target": "1"}, "[2, 3]")
    m = _task("(no description)", "multiply", [("a", "Int"), ("b", "Int")], "Int")
    assert [p.name for p in match_patterns(m)][0] == "two-number-product"
    assert post(m, _spec(m, "two-number-product"), {"a": "-3", "b": "4"}, "-12")


def test_pair_results_and_predicate_parameters() -> None:
    t = _task("(no description)", "partitionEvensOdds", [("nums", "List Nat")], "(List Nat × List Nat)")
    text = _spec(t, "partition-even-odd")
    assert post(t, text, {"nums": "[1, 2, 3, 4]"}, "([2, 4], [1, 3])")
    assert not post(t, text, {"nums": "[1, 2, 3, 4]"}, "([1, 3], [2, 4])")
    s = _task("Search for the first element satisfying P.", "search", [("a", "Array Int"), ("P", "Int -> Bool")], "Nat")
    text = _spec(s, "first-index-satisfying-p")
    assert post(s, text, {"a": "#[1, 6, 8]", "P": "fun x => x > 5"}, "1")
    assert post(s, text, {"a": "#[1, 2]", "P": "fun x => x > 5"}, "2")  # none: the size
    assert not post(s, text, {"a": "#[1, 6, 8]", "P": "fun x => x > 5"}, "2")


def test_series_powers_ranges_and_single_occurrence() -> None:
    t = _task("Return the sum of the squares of the first n odd numbers.", "sumSq", [("n", "Nat")], "Nat")
    assert match_patterns(t)[0].name == "sum-of-first-n-odd-squares"  # not "the square of n"
    text = _spec(t, "sum-of-first-n-odd-squares")
    assert post(t, text, {"n": "3"}, "35") and not post(t, text, {"n": "3"}, "9")
    p = _task("(no description)", "isPowerOfFour", [("n", "Nat")], "Bool")
    text = _spec(p, "power-of-4")
    assert (
        post(p, text, {"n": "16"}, "true") and post(p, text, {"n": "8"}, "false") and post(p, text, {"n": "1"}, "true")
    )
    r = _task("Return the difference between the largest and smallest element.", "spread", [("a", "Array Int")], "Int")
    text = _spec(r, "max-minus-min")
    assert post(r, text, {"a": "#[3, -1, 7]"}, "8") and not post(r, text, {"a": "#[3, -1, 7]"}, "4")
    o = _task("Check that the key occurs exactly once.", "once", [("a", "Array Int"), ("key", "Int")], "Bool")
    text = _spec(o, "occurs-exactly-once")
    assert post(o, text, {"a": "#[1, 2, 1]", "key": "2"}, "true") and post(
        o, text, {"a": "#[1, 2, 1]", "key": "1"}, "false"
    )


def test_sublists_distinct_counts_conversions_and_ends() -> None:
    t = _task(
        "Check whether sub is a contiguous sublist of main.",
        "isSublist",
        [("sub", "List Int"), ("main", "List Int")],
        "Bool",
    )
    text = _spec(t, "contiguous-part")
    assert post(t, text, {"sub": "[2, 3]", "main": "[1, 2, 3]"}, "true")
    assert post(t, text, {"sub": "[1, 3]", "main": "[1, 2, 3]"}, "false")
    c = _task("Count the number of distinct elements.", "countUnique", [("xs", "List Int")], "Nat")
    assert post(c, _spec(c, "count-distinct"), {"xs": "[1, 2, 1]"}, "2")
    v = _task("(no description)", "ToArray", [("xs", "List Int")], "Array Int")
    assert post(v, _spec(v, "convert"), {"xs": "[1, 2]"}, "#[1, 2]")
    r = _task("(no description)", "remove_front", [("a", "Array Int")], "Array Int")
    text = _spec(r, "remove-first")
    assert post(r, text, {"a": "#[1, 2, 3]"}, "#[2, 3]") and not pre(r, text, {"a": "#[]"})
    m = _task("Return the index of the maximum element.", "argmax", [("a", "Array Int")], "Nat")
    text = _spec(m, "index-of-max")
    assert post(m, text, {"a": "#[1, 5, 5]"}, "1") and not post(m, text, {"a": "#[1, 5, 5]"}, "2")
    s = _task("Return the sum of the even numbers.", "sumEvens", [("xs", "List Int")], "Int")
    assert post(s, _spec(s, "sum-of-even"), {"xs": "[1, 2, 4]"}, "6")


KITCHEN_SINK = (
    "maximum minimum sum product count number of contains all every any sorted strictly palindrome ignoring case "
    "index first last reverse sort keep remove only even odd positive negative zero divisible by 3 greater than "
    "equal occurrences digit vowel uppercase double square element-wise corresponding append copy replace update "
    "set swap rotate right insert duplicates distinct exactly once absolute power factorial fibonacci gcd prime "
    "perfect square prefix substring common take prepend front partition difference convert to array search sublist"
)
SHAPES = [
    "Nat",
    "Int",
    "Bool",
    "Char",
    "String",
    "List Int",
    "Array Nat",
    "Option Nat",
    "Int × Int",
    "List Int × List Int",
]


def test_every_instantiation_parses_and_evaluates_on_made_up_inputs() -> None:
    """Whatever the wording selects, the instantiated spec parses and evaluates (no error, no `unknown`)."""
    from specbridge.generate.probes import probe_obligations
    from specbridge.generate.repair import check_untrusted, parse_spec

    seen: set[str] = set()
    checked = 0
    signatures = [[p] for p in SHAPES] + [[p, q] for p in SHAPES[:7] for q in SHAPES[:7]]
    signatures += [["Array Int", "Nat", "Nat"], ["List Int", "Nat", "Int"], ["Array Int", "Int -> Bool"]]
    for params in signatures:
        for ret in SHAPES:
            t = _task(KITCHEN_SINK, "f", list(zip("abc", params, strict=False)), ret)
            for p in match_patterns(t):
                if p.name in seen:  # one instance of each pattern keeps the test fast
                    continue
                seen.add(p.name)
                text = render_spec_source(t.signature, ReferenceSpec(aux=p.aux, precond=p.precond, postcond=p.postcond))
                check_untrusted(text)
                parse_spec(text)
                verdicts = computable.check_spec_text(t, text, probe_obligations(t))
                bad = [v.message for v in verdicts if v.status in (Status.ERROR, Status.UNKNOWN)]
                assert not bad, (p.name, t.signature.lean_header(), bad[0])
                checked += 1
    assert checked >= 60


def test_with_example_tests_a_pattern_is_checked_and_edited_like_any_candidate() -> None:
    from specbridge.tasks import TestCase, Visibility

    t = _task("Return the largest element of the list.", "largest", [("xs", "List Int")], "Int")
    t = t.model_copy(
        update={"tests": (TestCase(inputs={"xs": "[1, 3]"}, expected="3", visibility=Visibility.EXAMPLE),)}
    )
    corpus = [
        Task(
            id="other",
            requirement="Return an element of the list that is at least every element and at least zero.",
            signature=Signature(name="g", params=(Param(name="xs", type="List Int"),), return_type="Int"),
            reference=ReferenceSpec(precond="xs ≠ []", postcond="result ∈ xs ∧ result ≥ 0"),
        )
    ]
    gen = OfflineGenerator().generate(t, GenerationContext(settings=Settings(), corpus=corpus))
    assert gen.error is None and "Example obligations passed" in gen.notes
    assert "generic pattern `max-of-sequence`" in gen.notes.splitlines()[0]


def test_sort_unique_square_root_average_and_smallest_missing() -> None:
    u = _task(
        "Remove duplicates and return the list in ascending order.", "uniqueSorted", [("xs", "List Int")], "List Int"
    )
    assert match_patterns(u)[0].name == "sort-without-duplicates"
    text = _spec(u, "sort-without-duplicates")
    assert post(u, text, {"xs": "[3, 1, 3]"}, "[1, 3]") and not post(u, text, {"xs": "[3, 1, 3]"}, "[1, 3, 3]")
    r = _task("Compute the integer square root of N.", "isqrt", [("N", "Nat")], "Nat")
    assert match_patterns(r)[0].name == "integer-square-root"  # not "the square of N"
    assert post(r, _spec(r, "integer-square-root"), {"N": "17"}, "4")
    a = _task("Compute the average of two integers.", "avg", [("a", "Int"), ("b", "Int")], "Int")
    assert match_patterns(a)[0].name == "average-of-two"
    m = _task("Return the smallest natural number missing from the list.", "mex", [("s", "List Nat")], "Nat")
    text = _spec(m, "smallest-missing")
    assert post(m, text, {"s": "[0, 1, 3]"}, "2") and not post(m, text, {"s": "[0, 1, 3]"}, "4")


def test_single_element_signs_moves_and_insertion_points() -> None:
    o = _task("Return the element that appears only once.", "single", [("xs", "List Int")], "Int")
    assert post(o, _spec(o, "element-occurring-once"), {"xs": "[2, 5, 2]"}, "5")
    s = _task("Do a and b have opposite signs?", "opp", [("a", "Int"), ("b", "Int")], "Bool")
    text = _spec(s, "opposite-signs")
    assert post(s, text, {"a": "-1", "b": "2"}, "true") and post(s, text, {"a": "0", "b": "2"}, "false")
    m = _task("Move all zeros to the end, keeping the order of the rest.", "mz", [("a", "Array Int")], "Array Int")
    text = _spec(m, "move-zero-to-end")
    assert post(m, text, {"a": "#[0, 1, 0, 2]"}, "#[1, 2, 0, 0]") and not post(m, text, {"a": "#[0, 1]"}, "#[0, 1]")
    i = _task(
        "Return the index where the target would be inserted to keep the list sorted.",
        "ins",
        [("xs", "List Int"), ("t", "Int")],
        "Nat",
    )
    text = _spec(i, "insertion-index")
    assert post(i, text, {"xs": "[1, 3, 5]", "t": "4"}, "2") and not post(i, text, {"xs": "[1, 3, 5]", "t": "4"}, "3")
