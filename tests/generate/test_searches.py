"""The results the words define by a search (`specbridge.generate.searches`): the first or the last number passing
a test of the inputs, checked on the examples and on inputs near them."""

from __future__ import annotations

from specbridge.generate.base import GenerationContext
from specbridge.generate.offline import OfflineGenerator
from specbridge.generate.searches import SEARCH_LIMIT, search_words, searched_results
from specbridge.settings import Settings
from specbridge.tasks import Param, ReferenceSpec, Signature, Task, TestCase, Visibility


def _flat(text: str) -> float:
    return 0.0


def test_the_words_say_which_search_they_ask_for() -> None:
    assert search_words("Find the smallest divisor of n") == ["first"]
    assert search_words("halve it until it reaches 1") == ["first"]
    assert search_words("the largest exponent k") == ["last"]
    # bounds of an input are no search
    assert search_words("n is at least 2 and at most 100") == []


def test_the_first_number_from_the_stated_bound_passing_a_test_is_found() -> None:
    got = [text for text, _ in searched_results([("n", "Nat")], [((15,), 3)], [], ["first"], [0, 2], _flat)]
    assert "2 ≤ result ∧ n % result = 0 ∧ ∀ k, 2 ≤ k → k < result → n % k ≠ 0" in got
    # from 0 the first divisor is 1, never 3: without the bound there is no such spec
    alone = [text for text, _ in searched_results([("n", "Nat")], [((15,), 3)], [], ["first"], [0], _flat)]
    assert not any("n % result = 0" in text for text in alone)


def test_the_last_number_passing_a_test_and_the_stated_comparison_first() -> None:
    params = [("n", "Nat"), ("b", "Nat")]
    got = searched_results(params, [((100, 3), 4)], [], ["last"], [0], _flat, [("≤", "n")])
    assert got[0] == ("b ^ result ≤ n ∧ b ^ (result + 1) > n", 1)
    # every test reads both inputs: `result - 1 ≤ b` meets the example too, reading b alone
    assert all("n" in text and "b" in text for text, _ in got)


def test_a_test_meeting_the_example_by_chance_finds_the_same_result_near_it_and_is_dropped() -> None:
    # `result % n > 2` is first met at 3 for 15, and for every larger n too: it does not read n
    got = [text for text, _ in searched_results([("n", "Nat")], [((15,), 3)], ["2"], ["first"], [0], _flat)]
    assert got and not any(text.startswith("result % n > 2") for text in got)


def test_no_search_without_its_words_beyond_the_limit_or_over_other_types() -> None:
    assert searched_results([("n", "Nat")], [((15,), 3)], [], [], [0, 2], _flat) == []
    big = SEARCH_LIMIT + 1
    assert searched_results([("n", "Nat")], [((2 * big,), big)], [], ["first"], [0, 2], _flat) == []
    assert searched_results([("n", "Int")], [((15,), 3)], [], ["first"], [0, 2], _flat) == []


def test_the_offline_generator_states_a_searched_result() -> None:
    task = Task(
        id="smallest_divisor",
        requirement="Find the smallest divisor of n that is greater than 1. The input n is at least 2.",
        signature=Signature(name="smallestDivisor", params=(Param(name="n", type="Nat"),), return_type="Nat"),
        tests=(TestCase(inputs={"n": "15"}, expected="3", visibility=Visibility.EXAMPLE),),
    )
    corpus = [
        Task(
            id="half",
            requirement="Half of n.",
            signature=Signature(name="half", params=(Param(name="n", type="Nat"),), return_type="Nat"),
            reference=ReferenceSpec(precond="True", postcond="result = n / 2"),
        )
    ]
    generation = OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=corpus))
    assert "n % result = 0 ∧ ∀ k, 2 ≤ k → k < result → n % k ≠ 0" in generation.spec_text
