"""Tables the requirement states row by row (`tables.stated_table`), and the offline generator's use of them."""

from __future__ import annotations

from specbridge.generate.tables import stated_table
from specbridge.tasks import Param, ReferenceSpec, Signature, Task, TestCase, Visibility


def _task(requirement: str, params: list[tuple[str, str]], ret: str, tests=(), reference: str = "True") -> Task:
    sig = Signature(name="f", params=tuple(Param(name=n, type=t) for n, t in params), return_type=ret)
    return Task(
        id="f",
        requirement=requirement,
        signature=sig,
        reference=ReferenceSpec(precond="True", postcond=reference),
        tests=tuple(tests),
    )


def _term(requirement: str, params: list[tuple[str, str]], ret: str) -> str | None:
    table = stated_table(_task(requirement, params, ret))
    return table.term() if table is not None else None


def test_a_price_list_with_an_otherwise_row_is_one_if_chain_in_the_stated_order() -> None:
    requirement = (
        "Work out the fare of a bus ride from the rider's age. Riders under 6 ride for free, riders from 6 up to "
        "and including 17 pay 2, riders aged 70 or more pay 1, and everybody else pays the full fare of 3."
    )
    assert _term(requirement, [("age", "Nat")], "Nat") == (
        "if age < 6 then 0 else if age ≥ 6 ∧ age ≤ 17 then 2 else if age ≥ 70 then 1 else 3"
    )


def test_a_table_wrapped_over_lines_reads_as_one_sentence() -> None:
    requirement = (
        'Name the wind by its speed: "calm" below 2, "breeze" from 2 up to but not\n'
        'including 40, and "gale" at 40 or above.'
    )
    assert _term(requirement, [("speed", "Int")], "String") == (
        'if speed < 2 then "calm" else if speed ≥ 2 ∧ speed < 40 then "breeze" else "gale"'
    )


def test_letters_ranges_and_sign_words_are_rows() -> None:
    letters = "Rate a score: 8 to 10 is G, 4 to 7 is M and anything below 4 is P."
    assert (
        _term(letters, [("s", "Nat")], "Char") == "if 8 ≤ s ∧ s ≤ 10 then 'G' else if 4 ≤ s ∧ s ≤ 7 then 'M' else 'P'"
    )
    signs = "Return 2 for a positive number, 0 for zero and -2 for a negative number."
    assert _term(signs, [("n", "Int")], "Int") == "if n > 0 then 2 else if n = 0 then 0 else (-2)"
    # a unit between the number and the phrase, and the last row's period
    parcel = "Parcels up to 500 g cost 3, parcels over 500 g up to and including 2000 g cost 7, heavier ones cost 11."
    assert _term(parcel, [("g", "Nat")], "Nat") == "if g ≤ 500 then 3 else if g > 500 ∧ g ≤ 2000 then 7 else 11"


def test_no_table_where_the_words_leave_more_than_one_reading() -> None:
    for requirement, params, ret in [
        ("Scores under 5 give 1 and scores of 5 or more give 2.", [("a", "Nat"), ("b", "Nat")], "Nat"),  # whose?
        ("Scores under 5 give 1.", [("a", "Nat")], "Nat"),  # one row is no table
        ("Scores under 5 give 1 or 3, scores of 5 or more give 2.", [("a", "Nat")], "Nat"),  # two values in a row
        ("Return -1 below 0, and 1 from 0 on.", [("a", "Nat")], "Nat"),  # -1 is no Nat
        ("Halve an even number, and triple an odd one and add 1.", [("n", "Nat")], "Nat"),
        ("Count the entries below 5, and the ones over 9.", [("xs", "List Nat")], "Nat"),  # not one number
        ("Below 5 it is small, from 5 it is large.", [("n", "Nat")], "Bool"),  # no value of the result type
    ]:
        assert _term(requirement, params, ret) is None, requirement


def test_the_offline_generator_takes_the_stated_table_over_terms_that_only_fit_the_example() -> None:
    from specbridge.evaluate.computable import ComputableLayer
    from specbridge.generate.base import GenerationContext
    from specbridge.generate.offline import OfflineGenerator
    from specbridge.obligations import Status, build_obligations
    from specbridge.settings import Settings

    requirement = (
        "Charge for parking by the hours parked: up to 2 hours costs 0, more than 2 and at most 5 hours cost 4, "
        "and anything longer costs 9."
    )
    example = TestCase(inputs={"hours": "3"}, expected="4", visibility=Visibility.EXAMPLE)
    corpus = [
        _task("Add one to a number.", [("n", "Nat")], "Nat", reference="result = n + 1"),
        _task("Double a number.", [("m", "Nat")], "Nat", reference="result = 2 * m"),
    ]
    task = _task(requirement, [("hours", "Nat")], "Nat", tests=[example]).model_copy(update={"reference": None})
    spec = OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=corpus)).spec_text
    assert "if hours ≤ 2 then 0 else if hours > 2 ∧ hours ≤ 5 then 4 else 9" in spec
    # and the spec it wrote holds of rows the example never showed
    hidden = [
        TestCase(inputs={"hours": h}, expected=r, unexpected=(u,), visibility=Visibility.HIDDEN)
        for h, r, u in [("0", "0", "4"), ("5", "4", "9"), ("6", "9", "4"), ("100", "9", "0")]
    ]
    checked = task.model_copy(update={"tests": tuple(hidden)})
    verdicts = ComputableLayer().evaluate(checked, spec, build_obligations(checked))
    assert verdicts and all(v.status is Status.PASS for v in verdicts)


def test_the_ranges_a_decision_s_inputs_must_lie_in_are_the_decision() -> None:
    from specbridge.generate.tables import stated_decision

    time = (
        "Decide whether an hour and a minute make a valid time: the hour must be from 0 to 23 and the minute from "
        "0 to 59."
    )
    params = [("h", "Nat"), ("m", "Nat")]
    # one-letter names stand for the nouns of their letter; a Nat's 0 ≤ goes without saying
    assert stated_decision(_task(time, params, "Bool")) == "h ≤ 23 ∧ m ≤ 59"
    assert stated_decision(_task(time, [("h", "Int"), ("m", "Int")], "Bool")) == "0 ≤ h ∧ h ≤ 23 ∧ 0 ≤ m ∧ m ≤ 59"
    # no decision, no range the inputs must meet, or a range whose input the words do not tell
    assert stated_decision(_task(time, params, "Nat")) is None
    assert stated_decision(_task("Decide whether the hour is from 0 to 11.", params, "Bool")) is None
    assert stated_decision(_task("The hour and the minute must be below 60.", params, "Bool")) is None
    score = "Decide whether a score passes: the score must be at least 50."
    assert stated_decision(_task(score, [("score", "Nat")], "Bool")) == "score ≥ 50"
