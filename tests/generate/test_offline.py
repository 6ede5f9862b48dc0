"""The offline generator: retrieval, adaptation to the new signature, ranking, honest notes."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from specbridge.generate.base import GenerationContext
from specbridge.generate.offline import OfflineGenerator, adapt, conversion
from specbridge.generate.probes import probe_obligations, sample_values
from specbridge.generate.repair import CheckResult
from specbridge.settings import Settings
from specbridge.tasks import Param, ReferenceSpec, Signature, Task, Visibility, render_spec_source
from specbridge.tasks import TestCase as Case

SORT_ARRAY = Task(
    id="corpus-sort",
    requirement="Sort an array of integers in ascending order.",
    signature=Signature(name="sortArray", params=(Param(name="a", type="Array Int"),), return_type="Array Int"),
    reference=ReferenceSpec(
        precond="True", postcond="List.Pairwise (· ≤ ·) result.toList ∧ List.isPerm a.toList result.toList"
    ),
)
MAX_LIST = Task(
    id="corpus-max",
    requirement="Return the maximum of a non-empty list of integers.",
    signature=Signature(name="maxList", params=(Param(name="l", type="List Int"),), return_type="Int"),
    reference=ReferenceSpec(precond="l ≠ []", postcond="result ∈ l ∧ ∀ x ∈ l, x ≤ result"),
)
MIN_LIST = Task(
    id="corpus-min",
    requirement="Return the minimum of a non-empty list of integers.",
    signature=Signature(name="minList", params=(Param(name="l", type="List Int"),), return_type="Int"),
    reference=ReferenceSpec(precond="l ≠ []", postcond="result ∈ l ∧ ∀ x ∈ l, result ≤ x"),
)
CORPUS = [SORT_ARRAY, MAX_LIST, MIN_LIST]

TARGET = Task(
    id="target-sort",
    requirement="Sort the given list of integers into ascending order.",
    signature=Signature(name="sortList", params=(Param(name="xs", type="List Int"),), return_type="List Int"),
)


def _ctx(**kw: object) -> GenerationContext:
    return GenerationContext(settings=Settings(), corpus=CORPUS, **kw)


def test_adapt_maps_array_to_list_and_renames() -> None:
    c = adapt(SORT_ARRAY, TARGET.signature, prior=1.0)
    assert c is not None
    assert c.postcond.splitlines()[:2] == [
        "let a : Array Int := xs.toArray",
        "let result : Array Int := result.toArray",
    ]
    assert c.precond == "True" and c.sources == ["corpus-sort"]


def test_adapt_renames_parameters_without_capture() -> None:
    sig = Signature(name="biggest", params=(Param(name="x", type="List Int"),), return_type="Int")
    c = adapt(MAX_LIST, sig, prior=1.0)
    assert c is not None
    # `x` is bound inside the source body, so the parameter is let-bound instead of renamed.
    assert c.postcond.startswith("let l := x\n") and "∀ x ∈ l, x ≤ result" in c.postcond
    sig2 = Signature(name="biggest", params=(Param(name="nums", type="List Int"),), return_type="Int")
    c2 = adapt(MAX_LIST, sig2, prior=1.0)
    assert c2 is not None and c2.postcond == "result ∈ nums ∧ ∀ x ∈ nums, x ≤ result"
    assert c2.precond == "nums ≠ []"


def test_conversions() -> None:
    assert conversion("Array Int", "List Int") == ("{v}.toArray", 0.0)
    assert conversion("List Char", "String")[0] == "{v}.toList"
    assert conversion("Int", "Nat")[0] == "({v} : Int)"
    assert conversion("Option Int", "Int")[0] == "some {v}"
    assert conversion("String", "Int") is None
    # container and element type both differ: cast the elements, then change the container
    assert conversion("Array Int", "List Nat")[0] == "({v}.map (fun n => (n : Int))).toArray"


def test_generates_from_the_most_similar_task_with_honest_notes() -> None:
    gen = OfflineGenerator(use_patterns=False).generate(TARGET, _ctx())
    assert gen.error is None
    assert "def sortList_postcond (xs : List Int) (result : List Int)" in gen.spec_text
    assert "List.isPerm a.toList result.toList" in gen.spec_text
    assert "offline generator" in gen.notes and "corpus-sort" in gen.notes
    assert "## Result" in gen.plan and "List.isPerm a.toList result.toList" in gen.plan


def test_never_retrieves_the_task_itself() -> None:
    same_text = MAX_LIST.model_copy(update={"id": "renamed-copy"})
    gen = OfflineGenerator(use_patterns=False).generate(same_text, _ctx())
    assert "corpus-max" not in gen.notes  # identical requirement text is excluded, not just the same id
    gen2 = OfflineGenerator(use_patterns=False).generate(MAX_LIST, _ctx())
    assert "corpus-max" not in gen2.notes and "corpus-min" in gen2.notes


def test_example_tests_pick_the_candidate_that_passes() -> None:
    target = Task(
        id="target-max",
        requirement="Return the minimum or maximum of a non-empty list of integers.",
        signature=Signature(name="pick", params=(Param(name="ns", type="List Int"),), return_type="Int"),
        tests=(Case(inputs={"ns": "[1, 4]"}, expected="4", visibility=Visibility.EXAMPLE),),
    )

    def checker(task: Task, spec_text: str) -> CheckResult:
        assert [t.visibility for t in task.tests] == [Visibility.EXAMPLE]
        good = "x ≤ result" in spec_text
        return CheckResult(passed=2 if good else 1, total=2, problems=[] if good else ["wrong"])

    gen = OfflineGenerator().generate(target, _ctx(checker=checker))
    assert "∀ x ∈ ns, x ≤ result" in gen.spec_text
    assert "corpus-max" in gen.notes and "Example obligations passed: 2/2" in gen.notes


def test_no_adaptable_task_is_a_clear_error() -> None:
    odd = Task(
        id="odd",
        requirement="Combine three strings.",
        signature=Signature(name="f", params=tuple(Param(name=n, type="String") for n in "abc"), return_type="String"),
    )
    gen = OfflineGenerator().generate(odd, _ctx())
    assert gen.error is not None and "no corpus task could be adapted" in gen.error


def test_sample_values_and_probes() -> None:
    assert sample_values("Array Nat")[0] == "#[]"
    assert sample_values("List (Int × Nat)")[1].startswith("[(")
    assert sample_values("Option Int")[0] == "none"
    assert sample_values("Weird T") == []
    probes = probe_obligations(TARGET)
    assert probes and all(o.task_id == TARGET.id for o in probes)


def test_cli_generate_offline(tmp_path: Path) -> None:
    from specbridge.cli import app

    req = tmp_path / "req.md"
    req.write_text(
        "---\nid: my_sort\nsignature:\n  name: arrange\n  params:\n    - {name: xs, type: List Int}\n"
        "  return_type: List Int\n---\nPut the given list of integers in order, smallest first.\n",
        encoding="utf-8",
    )
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "sort.md").write_text(
        "---\nid: corpus_sort\nsignature:\n  name: sortArray\n  params:\n    - {name: a, type: Array Int}\n"
        '  return_type: Array Int\nreference:\n  precond: "True"\n'
        '  postcond: "List.Pairwise (· ≤ ·) result.toList ∧ List.isPerm a.toList result.toList"\n'
        "---\nSort an array of integers in ascending order.\n",
        encoding="utf-8",
    )
    out = tmp_path / "spec.lean"
    result = CliRunner().invoke(
        app, ["generate", str(req), "--generator", "offline", "--corpus", str(corpus), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "corpus_sort" in result.output  # wording no generic pattern knows: the corpus task is the source
    assert "def arrange_postcond" in out.read_text(encoding="utf-8")


def test_split_conjuncts_is_conservative() -> None:
    from specbridge.generate.offline import split_conjuncts

    assert split_conjuncts("let n := xs.length\na > 0 ∧ (b ∨ c) ∧ f (x ∧ y)") == (
        ["let n := xs.length"],
        ["a > 0", "(b ∨ c)", "f (x ∧ y)"],
    )
    assert split_conjuncts("∀ x ∈ xs, x ≤ result ∧ result ∈ xs") is None  # the ∧ is under the binder
    assert split_conjuncts("a ∧ b → c") is None


def test_clause_composition_drops_a_too_strong_clause_using_example_tests() -> None:
    from specbridge.generate.offline import Candidate, compose_clauses

    def run_check(c: Candidate) -> CheckResult:
        too_strong = "result > 100" in c.postcond
        return CheckResult(passed=1 if too_strong else 2, total=2, problems=["x"] if too_strong else [])

    best = Candidate("", "True", "result ∈ xs ∧ result > 100", ["a"], 1.0)
    best.check = run_check(best)
    other = Candidate("", "True", "result ∈ xs ∧ result ≥ 0", ["b"], 0.5)
    out = compose_clauses(best, [best, other], run_check)
    assert out.postcond == "result ∈ xs" and out.check.ok
    assert any("dropped the clause `result > 100`" in n for n in out.notes)


def test_wording_guards_respect_empty_inputs_allowed() -> None:
    from specbridge.generate.offline import wording_guard

    sig = Signature(name="f", params=(Param(name="xs", type="List Int"),), return_type="Int")
    non_empty = Task(id="a", requirement="Given a non-empty list of integers, return its maximum.", signature=sig)
    assert wording_guard(non_empty) == ("xs ≠ []", "`xs` is non-empty (from the requirement's wording)")
    either = Task(id="b", requirement="The list can be empty or non-empty.", signature=sig)
    assert wording_guard(either) is None
    returns_zero = Task(id="c", requirement="A non-empty list usually; if the list is empty, return 0.", signature=sig)
    assert wording_guard(returns_zero) is None
    # said outright, the exclusion wins over a loose mention ("the maximum of an empty list")
    excluded = Task(
        id="d",
        requirement="Return the maximum. The maximum of an empty list is undefined and the empty list is not a "
        "valid input.",
        signature=sig,
    )
    assert wording_guard(excluded) is not None and wording_guard(excluded)[0] == "xs ≠ []"
    must = Task(id="e", requirement="Return the maximum; the list must contain at least one element.", signature=sig)
    assert wording_guard(must) is not None


def test_a_sorted_input_named_in_the_sentence_is_a_guard_but_a_sortedness_check_is_not() -> None:
    from specbridge.generate.offline import sorted_guard

    sig = Signature(name="f", params=(Param(name="a", type="Array Int"),), return_type="Bool")
    named = Task(id="a", requirement="The array `a` is sorted in strictly increasing order.", signature=sig)
    assert sorted_guard(named) is not None and sorted_guard(named)[0] == "List.Pairwise (· < ·) a.toList"
    check = Task(id="b", requirement="Determine whether the array `a` is sorted.", signature=sig)
    assert sorted_guard(check) is None


def test_distinct_in_words_offers_a_strict_order() -> None:
    corpus = [
        Task(
            id="src",
            requirement="Find the insertion index of a target in a sorted list.",
            signature=Signature(
                name="ins", params=(Param(name="l", type="List Int"), Param(name="t", type="Int")), return_type="Nat"
            ),
            reference=ReferenceSpec(precond="List.Pairwise (· ≤ ·) l", postcond="result ≤ l.length"),
        )
    ]
    target = Task(
        id="dst",
        requirement="Given a sorted list of distinct integers, find the insertion index of a target.",
        signature=Signature(
            name="pos", params=(Param(name="xs", type="List Int"), Param(name="x", type="Int")), return_type="Nat"
        ),
    )
    gen = OfflineGenerator(use_patterns=False).generate(target, GenerationContext(settings=Settings(), corpus=corpus))
    assert "List.Pairwise (· < ·) xs" in gen.spec_text and "distinct" in gen.notes


def test_sorted_input_in_words_gives_an_order_guard() -> None:
    from specbridge.generate.offline import sorted_guard

    sig = Signature(
        name="find", params=(Param(name="arr", type="Array Int"), Param(name="t", type="Int")), return_type="Int"
    )
    given = Task(id="a", requirement="Find the first index of t in a sorted array of integers.", signature=sig)
    assert sorted_guard(given) == ("List.Pairwise (· ≤ ·) arr.toList", "`arr` sorted (from the requirement's wording)")
    check = Task(id="b", requirement="Determine whether the array is sorted.", signature=sig)
    assert sorted_guard(check) is None
    distinct = Task(
        id="c", requirement="The list is sorted in ascending order and has distinct elements.", signature=sig
    )
    assert sorted_guard(distinct) is not None and "(· < ·)" in sorted_guard(distinct)[0]


def test_a_mined_pattern_and_a_corpus_task_that_agree_win_together(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two corpus tasks formalise sorting the same way: the clause templates they share become patterns with
    # support 2, so the pattern instantiated for TARGET agrees with the spec adapted from either task.
    sort_list = Task(
        id="corpus-sort-list",
        requirement="Sort a list of integers in ascending order.",
        signature=Signature(name="sortL", params=(Param(name="l", type="List Int"),), return_type="List Int"),
        reference=ReferenceSpec(precond="True", postcond="List.Pairwise (· ≤ ·) result ∧ List.isPerm l result"),
    )
    order_list = Task(
        id="corpus-order-list",
        requirement="Put the integers of a list into ascending order (sort them).",
        signature=Signature(name="orderL", params=(Param(name="ys", type="List Int"),), return_type="List Int"),
        reference=ReferenceSpec(precond="True", postcond="List.Pairwise (· ≤ ·) result ∧ List.isPerm ys result"),
    )
    context = GenerationContext(settings=Settings(), corpus=[sort_list, order_list, MAX_LIST])
    gen = OfflineGenerator().generate(TARGET, context)
    assert "List.Pairwise (· ≤ ·) result ∧ List.isPerm xs result" in gen.spec_text
    assert "the same spec also comes from the mined pattern(s)" in gen.notes
    cands = OfflineGenerator().candidates(TARGET.visible_view(), context)
    assert cands[0].primary and cands[0].agreed
    # A pattern mined from the adapted task alone is no independent evidence: no agreement bonus (without the
    # shipped library of our own examples, whose sorting task would be independent support).
    monkeypatch.setattr("specbridge.mining.transfer.default_library", lambda: None)
    alone = OfflineGenerator().candidates(TARGET.visible_view(), GenerationContext(Settings(), corpus=[sort_list]))
    assert not any(c.agreed for c in alone)


def test_text_scores_mean_the_same_with_or_without_the_task_in_the_corpus() -> None:
    from specbridge.retrieval import Retriever

    with_self = Retriever([*CORPUS, TARGET.model_copy(update={"reference": SORT_ARRAY.reference})])
    without = Retriever(CORPUS)
    a = {h.task.id: h.text_score for h in with_self.search(TARGET, 5)}
    b = {h.task.id: h.text_score for h in without.search(TARGET, 5)}
    assert a == pytest.approx(b, abs=0.05)  # normalised by the query's own ceiling, not the best other hit
    assert max(b.values()) < 1.0


def test_clause_composition_takes_clauses_from_pattern_candidates_too() -> None:
    from specbridge.generate.offline import Candidate, compose_clauses

    def run_check(c: Candidate) -> CheckResult:
        good = "result > 2" in c.postcond
        return CheckResult(passed=2 if good else 1, total=2, problems=[] if good else ["too weak"])

    best = Candidate("", "True", "result ∈ xs ∧ result ≥ 0", ["corpus-a"], 1.0)
    best.check = run_check(best)
    pattern = Candidate("", "True", "result ∈ xs ∧ result > 2", [], 0.9, pattern="p0123456789")
    out = compose_clauses(best, [best, pattern], run_check)
    assert out.check.ok and any("from the mined pattern(s) `p0123456789`" in n for n in out.notes)


def test_a_sorted_result_is_not_a_sorted_input() -> None:
    from specbridge.generate.offline import sorted_guard

    sig = Signature(name="f", params=(Param(name="xs", type="List Int"),), return_type="List Int")
    out = Task(id="a", requirement="Remove duplicates and return the resulting list in ascending order.", signature=sig)
    assert sorted_guard(out) is None
    stated = Task(id="b", requirement="Return the smallest number missing from a given sorted list.", signature=sig)
    assert sorted_guard(stated) is not None  # "given a sorted list" is said of the input


def test_bounds_stated_in_the_requirement_become_a_guard() -> None:
    from specbridge.generate.offline import stated_bounds

    sig = Signature(name="f", params=(Param(name="n", type="Nat"), Param(name="d", type="Int")), return_type="Nat")
    said = Task(id="a", requirement="n: a Nat, 2 ≤ n ≤ 10^5.\nd: Int where d > 0.", signature=sig)
    assert stated_bounds(said) == ("n ≥ 2 ∧ d > 0", "`n ≥ 2`, `d > 0` (stated in the requirement)")
    cases = Task(id="b", requirement="If d > 0 return n, otherwise 0. The result is positive.", signature=sig)
    assert stated_bounds(cases) is None  # case splits and results are not conditions on the input
    words = Task(id="c", requirement="The value of d is assumed to be positive.", signature=sig)
    assert stated_bounds(words) == ("d > 0", "`d > 0` (stated in the requirement)")


def test_any_english_comparison_of_an_input_with_a_number_is_a_bound_but_not_one_said_of_the_result() -> None:
    from specbridge.generate.offline import stated_bounds

    sig = Signature(
        name="f", params=(Param(name="years", type="Nat"), Param(name="months", type="Nat")), return_type="Nat"
    )
    given = "An age is given as years plus extra months, where the extra months are always fewer\nthan 12."
    assert stated_bounds(Task(id="a", requirement=given, signature=sig)) == (
        "months < 12",
        "`months < 12` (stated in the requirement)",
    )
    returned = "Return the years and the months left over, where the left-over months are always below 12."
    assert stated_bounds(Task(id="b", requirement=returned, signature=sig)) is None


def test_where_the_words_say_case_does_not_matter_a_test_of_letters_reads_the_lower_case() -> None:
    from specbridge.generate.offline import case_blind

    sig = Signature(name="f", params=(Param(name="s", type="String"),), return_type="Nat")
    vowels = ("fun x0 => x0 = 'a' || x0 = 'e'", 1.5)
    digits = ("fun x0 => '0' ≤ x0 ∧ x0 ≤ '9'", 1.0)
    blind = Task(id="a", requirement="Count the vowels a and e, in upper or lower case.", signature=sig)
    assert case_blind(blind, [vowels, digits]) == [
        ("fun x0 => x0.toLower = 'a' || x0.toLower = 'e'", 1.5),
        ("fun x0 => x0 = 'a' || x0 = 'e'", 0.0),  # the words say it is not all
        digits,
    ]
    plain = Task(id="b", requirement="Count the vowels a and e.", signature=sig)
    assert case_blind(plain, [vowels, digits]) == [vowels, digits]


def test_what_the_one_character_input_is_given_as_is_a_guard() -> None:
    from specbridge.generate.offline import char_kind_guard

    sig = Signature(name="f", params=(Param(name="c", type="Char"),), return_type="Char")
    given = Task(id="a", requirement="Given a lower-case letter, return the next one.", signature=sig)
    assert char_kind_guard(given) == ("c.isLower", "`c.isLower` (the requirement says what the character is given as)")
    digit = Task(id="b", requirement="Given a decimal digit, return its value.", signature=sig)
    assert char_kind_guard(digit) is not None and char_kind_guard(digit)[0] == "c.isDigit"  # type: ignore[index]
    # what is decided is no guard
    decided = Task(id="c", requirement="Return whether the character given is a letter.", signature=sig)
    assert char_kind_guard(decided) is None


def test_every_element_said_to_be_non_empty_is_a_guard_on_the_elements() -> None:
    from specbridge.generate.offline import element_guard

    def guard(text: str, type_text: str = "List String") -> str | None:
        sig = Signature(name="f", params=(Param(name="words", type=type_text),), return_type="String")
        got = element_guard(Task(id="a", requirement=text, signature=sig))
        return got[0] if got else None

    assert guard("Every word has at least one character; the list may be empty.") == "∀ x ∈ words, x.length > 0"
    assert guard("No word is empty.") == "∀ x ∈ words, x.length > 0"
    assert guard("Each row is non-empty.", "Array (List Nat)") == "∀ x ∈ words.toList, x.length > 0"
    # the sequence itself, or elements that are no sequences
    assert guard("The list of words is never empty.") is None
    assert guard("Every number has at least one digit.", "List Nat") is None


def test_a_bound_said_of_the_word_a_parameter_abbreviates_is_a_guard_on_the_parameter() -> None:
    from specbridge.generate.offline import stated_bounds
    from specbridge.mining.shapes import abbreviates

    assert abbreviates("qty", "quantity") and abbreviates("lo", "lower") and abbreviates("cnt", "count")
    assert not abbreviates("n", "number") and not abbreviates("qty", "city") and not abbreviates("lo", "lo")
    sig = Signature(
        name="f", params=(Param(name="prices", type="List Nat"), Param(name="qty", type="Nat")), return_type="Nat"
    )
    said = Task(id="a", requirement="Quantity is at least one; zero is not a valid quantity.", signature=sig)
    assert stated_bounds(said) == ("qty ≥ 1", "`qty ≥ 1` (stated in the requirement)")
    most = Task(id="b", requirement="The qty is at most 10.", signature=sig)
    assert stated_bounds(most) == ("qty ≤ 10", "`qty ≤ 10` (stated in the requirement)")
    result = Task(id="c", requirement="The total is at least one when the cart is full.", signature=sig)
    assert stated_bounds(result) is None  # `total` names no parameter


def test_a_bound_said_of_the_noun_a_one_letter_parameter_stands_for_is_a_guard() -> None:
    from specbridge.generate.offline import stated_bounds

    sig = Signature(name="f", params=(Param(name="n", type="Nat"), Param(name="d", type="Nat")), return_type="Bool")
    said = Task(id="a", requirement="Divide by the divisor. The divisor is always at least 1.", signature=sig)
    assert stated_bounds(said) == ("d ≥ 1", "`d ≥ 1` (stated in the requirement)")
    # two number parameters with the letter: the noun names neither
    two = Signature(name="f", params=(Param(name="d", type="Nat"), Param(name="dd", type="Nat")), return_type="Nat")
    assert stated_bounds(Task(id="b", requirement="The divisor is at least 1.", signature=two)) is None
    only = Signature(
        name="f", params=(Param(name="xs", type="List Nat"), Param(name="k", type="Nat")), return_type="Bool"
    )
    boxes = Task(id="c", requirement="Orders go in boxes of a fixed size, which is at least 1.", signature=only)
    assert stated_bounds(boxes) == ("k ≥ 1", "`k ≥ 1` (stated in the requirement)")
    # a wrapped line goes on with its sentence; a sentence saying what is invalid states no bound
    wrapped = Task(
        id="e", requirement="The divisor is\nalways at least 1; `d < 1` is not a valid input.", signature=sig
    )
    assert stated_bounds(wrapped) == ("d ≥ 1", "`d ≥ 1` (stated in the requirement)")
    # "which" of two number parameters is neither of them
    assert stated_bounds(Task(id="d", requirement="A size, which is at least 1.", signature=sig)) is None


def test_without_examples_a_postcondition_that_pins_the_result_down_wins() -> None:
    from specbridge.evaluate.computable import ComputableLayer
    from specbridge.generate.offline import _determinacy, determinacy_pairs

    task = Task(
        id="t-max",
        requirement="Return the largest element of a list.",
        signature=Signature(name="largest", params=(Param(name="xs", type="List Int"),), return_type="Int"),
    )
    pairs = determinacy_pairs(task)
    layer = ComputableLayer()

    def spec(post: str) -> str:
        return render_spec_source(task.signature, ReferenceSpec(precond="xs ≠ []", postcond=post))

    weak, _ = _determinacy(task, spec("result ∈ xs"), layer, pairs)  # any element will do
    strong, answers = _determinacy(task, spec("result ∈ xs ∧ ∀ x ∈ xs, x ≤ result"), layer, pairs)
    assert weak > 0.5 and strong == 0.0
    decide = Task(
        id="d", requirement="", signature=Signature(name="f", params=task.signature.params, return_type="Bool")
    )
    never = render_spec_source(decide.signature, ReferenceSpec(postcond="result = true ∧ result = false"))
    assert _determinacy(decide, never, layer, determinacy_pairs(decide))[0] == 1.0  # no Bool result is admitted


# --- consensus among the candidates the examples cannot tell apart ------------------------------------------------


def _sum_task() -> Task:
    return Task(
        id="t-sum",
        requirement="Return the sum of the list.",
        signature=Signature(name="total", params=(Param(name="xs", type="List Int"),), return_type="Int"),
    )


def test_computed_results_are_what_result_equations_compute_on_the_made_up_inputs() -> None:
    from specbridge.generate.offline import Candidate, computed_results

    task = _sum_task()
    probes = [o for o in probe_obligations(task, limit=5) if o.kind.value == "pre_accepts"]
    got = computed_results(task, [Candidate("", "True", "result = xs.sum", [], 0.0)], probes)
    lists = [[int(x) for x in p.inputs["xs"].strip("[]").split(",") if x.strip()] for p in probes]
    assert [got[k] for k in range(len(probes))] == [[str(sum(v))] for v in lists]
    relational = Candidate("", "True", "∀ x ∈ xs, x ≤ result", [], 0.0)
    assert computed_results(task, [relational], probes) == [[] for _ in probes]  # the results tried stay guesses


def test_determinacy_reads_the_one_result_a_spec_admits_once_it_is_among_those_tried() -> None:
    from specbridge.evaluate.computable import ComputableLayer
    from specbridge.generate.offline import Candidate, _determinacy, computed_results, determinacy_pairs

    task = _sum_task()
    summing = [Candidate("", "True", "result = xs.sum", [], 0.0)]
    pairs = determinacy_pairs(task, computed_by=summing)
    extra = computed_results(task, summing, [pre for pre, _ in pairs])
    text = render_spec_source(task.signature, ReferenceSpec(postcond="result = xs.foldl (· + ·) 0"))
    share, answers = _determinacy(task, text, ComputableLayer(), pairs)
    assert share == 0.0 and len(answers) == len(pairs)
    assert all(a is not None and a in extra[k] for k, a in enumerate(answers))  # `-2` and `(-2)` are one result


def test_a_guarded_variant_has_the_agreement_of_its_postcondition() -> None:
    from specbridge.generate.offline import Candidate, consensus

    def cand(origin: str, pre: str, answers: tuple) -> Candidate:
        c = Candidate("", pre, "result = xs.findIdx? (fun x0 => x0 = t)", [origin], 0.0)
        c.answers = answers
        return c

    open_ = cand("a", "True", ("none", "some 1", "none"))
    guarded = cand("a", "List.Sorted (· < ·) xs", ("none", None, "none"))  # the guard leaves input 1 out
    witness = cand("b", "True", ("none", "some 1", "none"))
    other = Candidate("", "True", "result = none", ["c"], 0.0)
    other.answers = ("none", "none", "none")
    agreement = consensus([open_, guarded, witness, other])
    assert agreement[id(guarded)] == agreement[id(open_)] > agreement[id(other)]


def test_of_tied_result_equations_one_built_over_another_s_term_is_dropped() -> None:
    from specbridge.generate.offline import Candidate, _without_additions

    plain = Candidate("", "True", "result = xs.filter (fun x0 => x0 < n)", [], 0.1)
    more = Candidate("", "True", "result = (xs.filter (fun x0 => x0 < n)).eraseDups", [], 0.5)
    guarded = Candidate("", "xs ≠ []", "result = (xs.filter (fun x0 => x0 < n)).eraseDups", [], 0.5)
    other = Candidate("", "True", "result = xs.reverse", [], 0.2)
    sig = Signature(
        name="f", params=(Param(name="xs", type="List Nat"), Param(name="n", type="Nat")), return_type="Nat"
    )
    task = Task(id="t", requirement="Keep the values below n.", signature=sig)
    assert _without_additions(task, [more, guarded, plain, other]) == [guarded, plain, other]
    # the `none` of inputs the words say have no result is no addition to the `some` it guards
    half = Candidate("", "True", "result = some (n / 2)", [], 0.3)
    even = Candidate("", "True", "result = if n % 2 = 0 then (some (n / 2)) else none", [], 0.2)
    option = sig.model_copy(update={"return_type": "Option Nat"})
    said = Task(id="u", requirement="Half of an even n; an odd n gives no result.", signature=option)
    assert _without_additions(said, [half, even]) == [half, even]
    # as `result_equation` writes it, parenthesized (the condition's `=` binds looser than the equation's)
    written = Candidate("", "True", "result = (if (n % 2) = 0 then (some (n / 2)) else none)", [], 0.2)
    assert _without_additions(said, [half, written]) == [half, written]
    silent = said.model_copy(update={"requirement": "Half of n."})
    assert _without_additions(silent, [half, even]) == [half]


def test_consensus_counts_independent_sources_only() -> None:
    from specbridge.generate.offline import Candidate, consensus

    def cand(origin: str, answers: tuple) -> Candidate:
        # each its own postcondition (one postcondition has one agreement whatever its precondition)
        c = Candidate("", "True", f"result = {origin}_{'_'.join(map(str, answers))}", [origin], 0.0)
        c.answers = answers
        return c

    a = cand("corpus_a", ("1", "2", "3"))
    b = cand("corpus_b", ("1", "2", "3"))  # another source, the same behaviour
    lone = cand("corpus_c", ("1", "5", "9"))  # fits the example (input 0), nothing else agrees
    twin1, twin2 = cand("corpus_d", ("7", "8", "9")), cand("corpus_d", ("7", "8", "9"))  # one source twice
    agreement = consensus([a, b, lone, twin1, twin2])
    assert agreement[id(a)] == agreement[id(b)] > agreement[id(lone)]
    assert agreement[id(twin1)] < agreement[id(a)]  # its twin is no independent witness
    undecided = cand("corpus_e", (None, None, None))  # admits no single result: agrees with nobody
    assert consensus([undecided, cand("corpus_f", (None, None, None))])[id(undecided)] == 0.0


def test_of_candidates_the_examples_cannot_tell_apart_those_reading_every_input_are_kept() -> None:
    from specbridge.generate.offline import Candidate, _reading_every_input
    from specbridge.tasks import Param, Signature, Task

    sig = Signature(
        name="f", params=(Param(name="xs", type="List Nat"), Param(name="ys", type="List Nat")), return_type="Nat"
    )
    task = Task(id="f", requirement="count", signature=sig)
    one = Candidate("", "True", "result = xs.length", [], 0.9)
    both = Candidate("", "True", "result = (xs.zip ys).length", [], 0.1)
    guarded = Candidate("", "ys.length = xs.length", "result = xs.length", [], 0.5)  # the guard reads `ys`
    assert _reading_every_input(task, [one, both, guarded]) == [both, guarded]
    assert _reading_every_input(task, [one]) == [one]  # none reads both: the ties stay as they are


def test_of_decisions_the_examples_cannot_tell_apart_those_answering_the_same_everywhere_go() -> None:
    from specbridge.generate.offline import Candidate, _deciding
    from specbridge.tasks import Param, Signature, Task

    sig = Signature(name="f", params=(Param(name="xs", type="List Int"),), return_type="Bool")
    task = Task(id="f", requirement="decide", signature=sig)
    constant = Candidate("", "True", "result = true ↔ xs.length ≥ 0", [], 0.9)  # true on every input
    deciding = Candidate("", "True", "(result = true ↔ xs.length % 2 = 0)", [], 0.1)
    unread = Candidate("", "True", "match xs with\n| [] => result = true\n| _ => result = false", [], 0.5)
    assert _deciding(task, [constant, deciding, unread]) == [deciding, unread]  # a form it cannot read stays
    assert _deciding(task, [constant]) == [constant]  # nothing else: the ties stay as they are
    numbers = task.model_copy(update={"signature": sig.model_copy(update={"return_type": "Nat"})})
    assert _deciding(numbers, [constant, deciding]) == [constant, deciding]  # only decisions are judged so


def test_two_inputs_said_to_have_the_same_length_are_guarded_so() -> None:
    from specbridge.generate.offline import same_length_guard
    from specbridge.tasks import Param, Signature, Task

    def task(requirement: str, types: tuple[str, str] = ("List Int", "List Int")) -> Task:
        params = (Param(name="xs", type=types[0]), Param(name="ys", type=types[1]))
        return Task(id="f", requirement=requirement, signature=Signature(name="f", params=params, return_type="Int"))

    said = task("Multiply entries at the same position and add up. Both vectors must have the same length.")
    assert same_length_guard(said)[0] == "xs.length = ys.length"  # type: ignore[index]
    arrays = task("The arrays `xs` and `ys` have the same length.", ("Array Int", "Array Int"))
    assert same_length_guard(arrays)[0] == "xs.size = ys.size"  # type: ignore[index]
    for requirement in [
        "If the two lists have different lengths the answer is false; of the same length, compare them.",  # a case
        "Return the list of the same length as xs.",  # the result's length
        "An array of the same length as xs.",  # said of one input only
        "Add the two lists position by position.",  # nothing said
    ]:
        assert same_length_guard(task(requirement)) is None, requirement


def test_a_range_of_inputs_the_requirement_calls_invalid_is_excluded_by_a_guard() -> None:
    from specbridge.generate.offline import result_text, stated_bounds

    one = Signature(name="f", params=(Param(name="level", type="Nat"),), return_type="Char")
    above = Task(id="a", requirement="Map a level to a badge. Levels above 40 are invalid input.", signature=one)
    assert stated_bounds(above) == ("level ≤ 40", "`level ≤ 40` (stated in the requirement)")
    assert "40" not in result_text(above)  # the bound is no part of what the result is
    # the one number parameter, named by no word of the sentence; "from N upwards" excludes N too
    upwards = Task(id="b", requirement="Months from 13 upwards are not valid.", signature=one)
    assert stated_bounds(upwards) == ("level < 13", "`level < 13` (stated in the requirement)")
    two = Signature(name="f", params=(Param(name="w", type="Int"), Param(name="h", type="Int")), return_type="Int")
    # which of two parameters the sentence means is unsaid; two ranges, an interval: no reading
    assert stated_bounds(Task(id="c", requirement="Sizes below 0 are invalid.", signature=two)) is None
    assert stated_bounds(Task(id="d", requirement="A w below 0 or above 9 is invalid.", signature=two)) is None
    named = Task(id="e", requirement="Any h under 1 is not allowed.", signature=two)
    assert stated_bounds(named) == ("h ≥ 1", "`h ≥ 1` (stated in the requirement)")
    # a case of the result that says "invalid" is no bound on the input
    case = Task(id="f", requirement="Return 0 when level is above 40, it is invalid.", signature=one)
    assert stated_bounds(case) is None


def test_a_parameter_bounded_by_another_in_words_is_a_guard() -> None:
    from specbridge.generate.offline import stated_bounds

    sig = Signature(name="f", params=(Param(name="lo", type="Nat"), Param(name="hi", type="Nat")), return_type="Nat")

    def bounds(text: str) -> str | None:
        got = stated_bounds(Task(id="a", requirement=text, signature=sig))
        return got[0] if got else None

    assert bounds("Sum from lo to hi. The caller guarantees that lo is not larger than hi.") == "lo ≤ hi"
    assert bounds("Here hi is always at least lo.") == "hi ≥ lo"
    assert bounds("We know lo is smaller than the hi.") == "lo < hi"
    assert bounds("lo is never larger than hi.") is None  # a negation the reading does not take
    assert bounds("If lo is larger than hi, return 0.") is None  # a case, not a condition on the input
    assert bounds("lo is larger than hi + 1.") is None  # a relation to a sum, not to the parameter


def test_a_spec_writing_a_visible_example_s_output_the_requirement_never_states_restates_it() -> None:
    from specbridge.generate.offline import restated_outputs

    sig = Signature(name="f", params=(Param(name="xs", type="List Int"),), return_type="Int")
    example = Case(inputs={"xs": "[3, -1, 7]"}, expected="-1", visibility=Visibility.EXAMPLE)
    task = Task(id="a", requirement="The smallest value of a list.", signature=sig, tests=(example,))
    assert restated_outputs(task, "(result = -1 → xs = []) ∧ (result ≠ -1 → result ∈ xs)") == ["-1"]
    assert restated_outputs(task, "result ∈ xs ∧ ∀ x ∈ xs, result ≤ x") == []
    assert restated_outputs(task, "result = xs.length - 11") == []  # a longer number is no literal `-1`
    said = task.model_copy(update={"requirement": "The smallest value of a list, or -1 when it is empty."})
    assert restated_outputs(said, "(result = -1 → xs = [])") == []  # the words state it


def test_a_source_s_strict_order_becomes_non_strict_where_the_words_say_sorted_but_not_distinct() -> None:
    from specbridge.generate.offline import sorted_guard

    sig = Signature(
        name="f", params=(Param(name="xs", type="List Int"), Param(name="x", type="Int")), return_type="Nat"
    )
    said = "Return how many entries are below x. The given list is always sorted."
    assert sorted_guard(Task(id="a", requirement=said, signature=sig)) == (
        "List.Pairwise (· ≤ ·) xs",
        "`xs` sorted (from the requirement's wording)",
    )
    source = Task(
        id="src",
        requirement="Return how many entries are below x in a sorted list of distinct integers.",
        signature=sig,
        reference=ReferenceSpec(precond="List.Pairwise (· < ·) xs", postcond="result = (xs.filter (· < x)).length"),
    )
    task = Task(id="t", requirement=said, signature=sig)
    generation = OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=[source]))
    assert "List.Pairwise (· ≤ ·) xs" in generation.spec_text and "(· < ·) xs" not in generation.spec_text


def test_a_constant_the_words_neither_state_nor_imply_is_another_task_s() -> None:
    from specbridge.generate.offline import said_numbers, unwritten_numbers

    sig = Signature(name="f", params=(Param(name="xs", type="List Int"),), return_type="Nat")
    task = Task(id="a", requirement="Count the even values above 10 among the first three.", signature=sig)
    assert said_numbers(task) == {"0", "1", "2", "3", "10"}  # "even" implies 2, "three" is 3
    assert unwritten_numbers("∀ x ∈ xs, x ≤ 3000 ∧ x % 2 = 0 ∧ x > 10", said_numbers(task)) == {"3000"}
    assert unwritten_numbers("xs[2]! + x0.1 + 'a'.toNat", {"0"}) == {"2"}  # no projection, no character
    # the position an ordinal names ("the fifth item" is at index 4) is the words' own
    assert "4" in said_numbers(task.model_copy(update={"requirement": "Return the fifth item."}))


def test_a_text_the_words_never_write_is_another_task_s() -> None:
    from specbridge.generate.offline import unwritten_strings

    said = 'Answer "pass" or "fail"; a name ends in s or with a full stop (.)'
    assert unwritten_strings('if n ≥ 50 then "pass" else "fail"', said) == set()
    assert unwritten_strings('s.endsWith "s" || s.endsWith "."', said) == set()  # a word or a sign of its own
    assert unwritten_strings('(s ++ "/").toList ++ "es".toList', said) == {'"/"', '"es"'}


def test_the_constants_the_words_write_are_numerals_and_quoted_characters_not_example_data() -> None:
    from specbridge.generate.offline import written_constants

    def said(text: str) -> Task:
        sig = Signature(name="f", params=(Param(name="s", type="String"),), return_type="Int")
        return Task(id="f", requirement=text, signature=sig)

    assert written_constants(said("Shout on numbers divisible by both 3 and 5.")) == {"3", "5"}
    assert written_constants(said("Each 'U' is one floor up, each 'D' one down.")) == {"'U'", "'D'"}
    # 0 and 1 are everyone's; a worked example's data and a character the words negate are no constants to use
    assert written_constants(said("Return 0 or 1. For example, [4, 7] gives 11.")) == set()
    assert written_constants(said("Count the letters; commas ',' do not count.")) == set()
    # a name's version is no constant: "a Lean 4 method" that checks divisibility by 11 writes 11 only
    assert written_constants(said("Write a Lean 4 method: is n divisible by 11?")) == {"11"}
    assert written_constants(said("Return 4 when the list is empty.")) == {"4"}  # a sentence's first word
    # a set the words list letter by letter: each letter is a character to use
    assert written_constants(said("Is it one of the vowels a, e, i, o or u?")) == {"'a'", "'e'", "'i'", "'o'", "'u'"}


def test_a_tied_spec_that_leaves_out_a_constant_the_words_write_is_told_apart() -> None:
    from specbridge.generate.offline import left_out

    both = ReferenceSpec(precond="True", postcond="result = true ↔ n % 3 = 0 ∧ n % 5 = 0")
    one = ReferenceSpec(precond="True", postcond="result = true ↔ n % 3 = 0")
    assert left_out({"3", "5"}, both) == set()
    assert left_out({"3", "5"}, one) == {"5"}
    assert left_out({"3"}, ReferenceSpec(precond="True", postcond="result = n % 30")) == {"3"}  # not `30`
    assert left_out({"'U'"}, ReferenceSpec(precond="True", postcond="result = s.toList.count 'U'")) == set()
    # "a digit from 0 to 9": the words' 9 is the character '9' of a test of characters; 19 is no '9'
    digit = ReferenceSpec(precond="True", postcond="result = s.toList.any (fun c => '0' ≤ c ∧ c ≤ '9')")
    assert left_out({"9"}, digit) == set()
    assert left_out({"19"}, digit) == {"19"}


def test_a_number_the_words_only_imply_is_implied_as_an_operand_not_as_a_limit() -> None:
    from specbridge.generate.offline import unwritten_numbers

    said = {"0", "1", "2"}  # "even": 2 is implied, not written
    assert unwritten_numbers("(xs.length % 2) = 0", said, implied={"2"}) == set()
    assert unwritten_numbers("2 ≥ (xs.countP (fun x0 => x0 % 2 = 0))", said, implied={"2"}) == {"2"}
    assert unwritten_numbers("2 ∈ xs", said, implied={"2"}) == {"2"}
    assert unwritten_numbers("Nat.digits 10 n", {"10"}, implied={"10"}) == set()  # "decimal digits"
    assert unwritten_numbers("2 ≥ xs.length", said) == set()  # a written 2 may be compared


def test_a_count_looked_for_among_elements_is_counted() -> None:
    from specbridge.generate.offline import counted_members

    assert counted_members("(xs.countP (fun x0 => x0 % 2 = 0)) ∉ (xs.filter (fun x0 => x0 % 2 ≠ 0))") == 1
    assert counted_members("(xs.length % 2) ∈ xs") == 1
    assert counted_members("x ∈ xs") == 0
    assert counted_members("∀ x0 ∈ xs, x0 < xs.length") == 0  # a bound over the elements, no count looked for


def test_agreeing_on_the_answer_most_readings_give_says_less_than_agreeing_on_a_rare_one() -> None:
    from specbridge.generate.offline import Candidate, _agreement, consensus

    def cand(origin: str, answers: tuple) -> Candidate:
        c = Candidate("", "True", f"result = {origin}", [origin], 0.0)
        c.answers = answers
        return c

    # small made-up inputs: coincidental decisions say `false` everywhere and so agree with one another
    junk = [cand(f"junk{i}", ("false", "false", "false", "false")) for i in range(3)]
    meant = cand("meant", ("true", "false", "true", "false"))
    witness = cand("witness", ("true", "false", "true", "false"))  # another source of the meant reading
    every = [*junk, meant, witness]
    agreement = consensus(every, by_rarity=True)

    def plain(c: Candidate) -> float:  # the share of inputs agreed on, whatever the answer
        return sum(_agreement(c.answers, o.answers) for o in every if o is not c) / (len(every) - 1)

    lead = agreement[id(junk[0])] - agreement[id(meant)]
    assert lead < (plain(junk[0]) - plain(meant)) / 2
    unweighted = consensus(every)  # (for a number result: many sources agreeing on one answer is the evidence)
    assert unweighted[id(junk[0])] - unweighted[id(meant)] == plain(junk[0]) - plain(meant)
    # an answer every reading gives there tells nothing: no agreement is counted for it
    assert _agreement(("x",), ("x",), [{"x": 0.0}]) == 0.0 < _agreement(("x",), ("x",), [{"x": 0.5}])
