"""Generic shapes for transfer: predicates made holes, atoms from the corpus, foreign helpers."""

from __future__ import annotations

import re

from specbridge.mining.library import Pattern, SlotInfo
from specbridge.mining.shapes import AtomModel, abstract_predicates, generalize, helper_mismatch
from specbridge.mining.transfer import instantiate
from specbridge.retrieval import tokenize
from specbridge.tasks import Param, ReferenceSpec, Signature, Task


def _task(tid: str, req: str, params: list[tuple[str, str]], ret: str, post: str, aux: str = "") -> Task:
    sig = Signature(name=tid, params=tuple(Param(name=n, type=t) for n, t in params), return_type=ret)
    return Task(id=tid, requirement=req, signature=sig, reference=ReferenceSpec(aux=aux, precond="True", postcond=post))


def _pattern(pid: str, template: str, tasks: list[str], slots: list[SlotInfo], aux: str = "") -> Pattern:
    return Pattern(
        id=pid,
        part="post",
        kind="counting",
        template=template,
        wording="",
        slots=slots,
        aux=aux,
        fits=[],
        support=len(tasks),
        tasks=tasks,
        phrases=[],
    )


SEQ = SlotInfo(name="s0", shape="List num", types=["List Int"])
RES = SlotInfo(name="result", shape="num", types=["Nat"])


def test_closed_predicates_become_holes_and_open_ones_stay() -> None:
    got = abstract_predicates("{result} = ({s0}.filter (fun x1 => x1 > 3)).length")
    assert got == ("{result} = ({s0}.filter ({p0})).length", ["fun x0 => x1 > 3".replace("x1", "x0")])
    # A lambda that uses another bound variable of the template is not a predicate of its own.
    assert abstract_predicates("{s0}.foldl (fun x1 x2 => x1 ++ x1.map (fun x3 => x2 :: x3)) []") is None
    got = abstract_predicates("∀ x0 ∈ {s0}, x0 % 2 = 0")
    assert got == ("∀ x0 ∈ {s0}, {q0_x0}", ["fun x0 => x0 % 2 = 0"])


def test_generalize_merges_shapes_and_frees_the_element_type() -> None:
    a = _pattern("pa", "{result} = ({s0}.filter (fun x0 => x0 > 0)).length", ["t1"], [SEQ, RES])
    b = _pattern(
        "pb",
        "{result} = ({s0}.filter (fun x0 => isBig x0 ∧ x0 < {s1})).length",
        ["t2"],
        [SEQ, SlotInfo(name="s1", shape="num", types=["Int"]), RES],
        aux="def isBig (n : Int) : Bool := n > 9",
    )
    shapes = generalize([a, b])
    assert len(shapes) == 1
    shape = shapes[0]
    assert shape.template == "{result} = ({s0}.filter ({p0})).length"
    assert shape.tasks == ["t1", "t2"] and shape.support == 2
    assert shape.fills == [["fun x0 => x0 > 0"]]  # the predicate that used a slot is not a fill
    assert [s.name for s in shape.slots] == ["s0", "result"] and shape.slots[0].shape == "List *"
    assert shape.aux == ""  # no helper is left in the template
    task = _task("cc", "Count how often c occurs.", [("s", "String"), ("c", "Char")], "Nat", "True")
    texts = instantiate(shape, task, predicates=["fun x0 => x0 = c"])
    assert texts[0] == "result = (s.toList.filter (fun x0 => x0 = c)).length"


def test_atoms_come_from_named_corpus_helpers_numbers_and_parameters() -> None:
    corpus = [
        _task(
            "e1",
            "Say whether n is even.",
            [("n", "Int")],
            "Bool",
            "result ↔ isEven n",
            "def isEven (n : Int) : Bool := n % 2 = 0",
        ),
        _task(
            "e2",
            "Keep the numbers above three.",
            [("xs", "List Int")],
            "List Int",
            "result = xs.filter (fun x => x > 3)",
        ),
        _task("e3", "Drop numbers above three.", [("xs", "List Int")], "List Int", "∀ y ∈ result, y > 3"),
    ]
    model = AtomModel(corpus)
    even = _task("q", "Decide whether every entry of the list is even.", [("xs", "List Nat")], "Bool", "True")
    top, strength = model.atoms(even)[0]
    assert top == "fun x0 => x0 % 2 = 0" and strength >= 2.5  # its name's word; "even" implies the 2
    # a helper bounding by constants the words never give is one corpus task's domain, not what its name means
    board = _task(
        "p", "", [("x", "Int")], "Int", "True", "def ValidPosition (pos : Int) : Prop :=\n  0 ≤ pos ∧ pos ≤ 2"
    )
    position = _task("z", "Give the position of the first zero.", [("xs", "List Int")], "Option Nat", "True")
    assert dict(AtomModel([*corpus, board]).atoms(position, limit=40)).get("fun x0 => 0 ≤ x0 ∧ x0 ≤ 2", 0) < 1.1
    third = position.model_copy(update={"requirement": "Give the first position from 0 to 2 of the list."})
    assert dict(AtomModel([*corpus, board]).atoms(third, limit=40))["fun x0 => 0 ≤ x0 ∧ x0 ≤ 2"] >= 2.5
    below = _task(
        "b",
        "Keep the entries smaller than the limit or equal to 7.",
        [("xs", "List Int"), ("limit", "Int")],
        "List Int",
        "True",
    )
    bodies = [a for a, _ in model.atoms(below, limit=40)]
    assert "fun x0 => x0 < limit" in bodies and "fun x0 => x0 = 7" in bodies
    assert all("% 2" not in a for a in bodies)  # "even" is not in this requirement
    chars = _task("c", "Count the characters equal to c.", [("s", "String"), ("c", "Char")], "Nat", "True")
    assert model.atoms(chars)[0][0] == "fun x0 => x0 = c"


def test_helper_mismatch_reads_the_helpers_names_against_the_requirement() -> None:
    aux = "def countLuckyDigits (n : Nat) : Nat := n\n\ndef isPrime (n : Nat) : Bool := n > 1"
    lucky = set(tokenize("how many lucky digits does it count"))
    assert helper_mismatch(aux, "result = countLuckyDigits x", lucky) == 0.0
    assert helper_mismatch(aux, "result = countLuckyDigits x", set(tokenize("sum of a list"))) == 1.0
    assert helper_mismatch(aux, "result = x + 1", set(tokenize("sum"))) == 0.0  # no helper used


def test_a_membership_shape_also_comes_with_its_dual_quantifier() -> None:
    forall = _pattern("pf", "{result} = true ↔ ∀ x0 ∈ {s0}, x0 > 0", ["t1"], [SEQ, RES])
    templates = {p.template: p for p in generalize([forall])}
    assert set(templates) == {"{result} = true ↔ ∀ x0 ∈ {s0}, {q0_x0}", "{result} = true ↔ ∃ x0 ∈ {s0}, {q0_x0}"}
    assert templates["{result} = true ↔ ∃ x0 ∈ {s0}, {q0_x0}"].tasks == ["t1"]
    assert templates["{result} = true ↔ ∃ x0 ∈ {s0}, {q0_x0}"].fills == []  # t1's predicate was for ∀


def test_the_numbers_of_a_worked_example_are_not_the_requirement_s_constants() -> None:
    from specbridge.mining.shapes import requirement_numbers
    from specbridge.retrieval import without_example_numbers

    def numbers(text: str) -> list[str]:
        task = Task(
            id="t",
            requirement=text,
            signature=Signature(name="f", params=(Param(name="n", type="Nat"),), return_type="Nat"),
        )
        return requirement_numbers(task)

    # stated constants stay; the data of "so …", "for example …", "… gives …" and list literals go
    assert numbers("Children under 3 pay nothing and visitors of 65 or more pay 7.") == ["3", "65", "7"]
    assert numbers("Add the numbers, so -4, 7, 10 gives 6. Divisible by 4.") == ["4"]
    assert numbers("For example 1, 5, 8, 10, 3 has three values from 3 to 8; bounds are at least 1.") == ["1"]
    assert numbers("For `[10, 10, 9]` that is `9`. Years divisible by 100 (so 1900 is not) count.") == ["100"]
    assert numbers("The minutes left over are always below 60, e.g. 135 minutes is 2 hours.") == ["60"]
    assert "1900" not in without_example_numbers("unless divisible by 400 (so 1900 is not a leap year)")
    assert "400" in without_example_numbers("unless divisible by 400 (so 1900 is not a leap year)")
    # an example goes on through a parenthesis to the end of its sentence
    squares = without_example_numbers("For example, 49 is (it is 7 times 7) but 50 is not. At most 99 (or 98).")
    assert not re.search(r"49|7|50", squares) and "99" in squares and "98" in squares
    assert numbers("Return the last digit; there are twelve of them") == ["12"]
    # an example goes on after a colon, and a quoted text ends no clause
    assert numbers("Count them. For example, 12 has six divisors: 1, 2, 3, 4, 6 and 12. At most 9.") == ["9"]
    assert numbers('Each mark counts on its own, so "Wait..." has three; below 5.') == ["5"]
    assert numbers("The rule is this: below 5.") == ["5"]  # no example before the colon
    # "give" beginning its clause is an instruction, not an example's relation ("7 gives 49")
    assert numbers("Give the position, counting from 0, of the first zero.") == ["0"]
    assert numbers("Sort them. Then give how many are above 12.") == ["12"]
    assert numbers("Square it, so 7 gives 49; at most 9.") == ["9"]


def test_the_numbers_a_requirement_s_words_imply_are_read_apart_from_those_it_writes() -> None:
    from specbridge.mining.shapes import implied_numbers, requirement_numbers

    def task(text: str) -> Task:
        sig = Signature(name="f", params=(Param(name="n", type="Nat"),), return_type="Nat")
        return Task(id="t", requirement=text, signature=sig)

    collatz = task("An even number is halved, an odd one is tripled and increased by one.")
    assert implied_numbers(collatz) == ["2", "3"] and requirement_numbers(collatz) == ["1"]
    assert implied_numbers(task("Convert minutes to whole hours and the minutes left over.")) == ["60"]
    assert implied_numbers(task("The tax is a tenth of the income over the limit.")) == ["10"]
    assert implied_numbers(task("Return the last decimal digit of n.")) == ["10"]
    assert implied_numbers(task("Return the last digit of n, or nothing when n is odd.")) == ["2"]
    assert implied_numbers(task("Return n, even when n is zero.")) == []  # the adverb: no parity
    # one in two: "every other", "every second", "alternating"
    assert implied_numbers(task("Keep every other element, dropping every second one.")) == ["2"]
    assert implied_numbers(task("Signs alternate along the list.")) == ["2"]
    assert implied_numbers(task("Every element counts, the second one twice.")) == ["2"]  # "twice", not "second"


def test_two_units_the_words_name_imply_the_number_converting_one_into_the_other() -> None:
    from specbridge.mining.shapes import implied_numbers, unit_factors, unit_readings

    def task(text: str) -> Task:
        sig = Signature(name="f", params=(Param(name="n", type="Nat"),), return_type="Nat")
        return Task(id="t", requirement=text, signature=sig)

    assert "24" in implied_numbers(task("How many hours are there in the given number of days?"))
    assert implied_numbers(task("Split a price in cents into dollars and cents.")) == ["100"]
    assert implied_numbers(task("Which century is the year in?")) == ["100"]  # ten decades of ten years
    # units apart in their chain: the product of the factors between them, the smaller units first
    assert unit_factors({"seconds", "minutes", "hours"}) == ["60", "3600"]
    assert unit_factors({"inches", "yards"}) == ["36"]
    # one unit alone converts into nothing; a scale converted from is named alone
    assert unit_factors({"days"}) == [] and unit_factors({"celsius"}) == []
    assert unit_factors({"fahrenheit", "celsius"}) == ["9", "5", "32"]
    # the arithmetic the units account for: a conversion by their factor, and a scale's own arithmetic only
    days = task("How many hours are there in the given number of days?")
    assert unit_readings(days, "days * 24") == ({"lit:24", "op:*"}, 0)
    assert unit_readings(days, "(days / 24, days % 24)") == ({"lit:24", "op:/", "op:%"}, 0)
    assert unit_readings(days, "days * 60") == (set(), 0)
    assert unit_readings(days, "(24 * days) + (days * 24)") == ({"lit:24", "op:*"}, 0)
    assert unit_readings(days, "2 * (24 - days)") == (set(), 1)  # the 24 is taken away from, not multiplied
    scale = task("Give a temperature in degrees Fahrenheit in degrees Celsius.")
    assert unit_readings(scale, "((n - 32) * 5) / 9") == ({"lit:32", "lit:5", "lit:9", "op:-", "op:*", "op:/"}, 0)
    assert unit_readings(scale, "5 * (n % 32)") == ({"lit:5", "op:*"}, 1)  # no remainder of a scale's constant


def test_comparisons_the_words_state_name_a_parameter_or_a_number() -> None:
    from specbridge.mining.shapes import ODD, stated_comparisons

    sig = Signature(
        name="f", params=(Param(name="xs", type="List Int"), Param(name="pivot", type="Int")), return_type="Nat"
    )

    def said(text: str) -> list[tuple[str, str]]:
        return stated_comparisons(Task(id="a", requirement=text, signature=sig))

    assert said("Count the entries strictly below the pivot.") == [("<", "pivot")]
    assert said("Keep values that are at least the pivot.") == [("≥", "pivot")]
    # in the order the words state them
    assert said("Count the entries below the pivot and those above it.") == [("<", "pivot"), (">", "pivot")]
    assert said("Count the entries above the pivot and those below it.") == [(">", "pivot"), ("<", "pivot")]
    assert said("Whether some entry is equal to zero.") == [("=", "0")]
    assert said("Entries greater than 10 count twice.") == [(">", "10")]
    # a negated sentence states what the result does not compare; "at least one" counts; no parameter named
    assert said("Entries equal to the pivot are in neither count.") == []
    assert said("Return whether at least one entry is odd.") == [(ODD, "2")]  # odd, not `≥ 1`
    assert said("Count the items greater than the average.") == []
    # a comparison denied just before it is the other comparison
    assert said("The entries never differ by more than the pivot.") == [("≤", "pivot")]
    assert said("The total does not exceed the pivot.") == [("≤", "pivot")]
    assert said("The total doesn't go above the pivot.") == [("≤", "pivot")]
    assert said("It never goes below the pivot.") == [("≥", "pivot")]
    assert said("The entries are never equal to the pivot.") == []  # not equal: no comparison of an order
    assert said("No entry is above the pivot, and none is below zero.") == []  # a negation of another kind
    # a bound written after its number
    assert said("An exam is passed with a score of 50 or more.") == [("≥", "50")]
    assert said("Keep the words of 3 or fewer letters.") == [("≤", "3")]
    assert said("Count one or more digits.") == []  # "one or more" counts


def test_between_two_bounds_compares_with_both_lower_first() -> None:
    from specbridge.mining.shapes import stated_comparisons

    sig = Signature(
        name="f",
        params=(Param(name="a", type="Array Nat"), Param(name="lo", type="Nat"), Param(name="hi", type="Nat")),
        return_type="Nat",
    )

    def said(text: str) -> list[tuple[str, str]]:
        return stated_comparisons(Task(id="a", requirement=text, signature=sig))

    # the bounds named by words they abbreviate, or the only two number parameters in the signature's order
    assert said("Count the entries between a lower and an upper bound, both included.") == [("≥", "lo"), ("≤", "hi")]
    assert said("Count the entries strictly between hi and lo.") == [(">", "hi"), ("<", "lo")]
    assert said("Entries between the bounds are not counted.") == []


def test_a_given_number_is_the_one_number_input() -> None:
    from specbridge.mining.shapes import stated_comparisons

    sig = Signature(
        name="f", params=(Param(name="words", type="List String"), Param(name="n", type="Nat")), return_type="Nat"
    )

    def said(text: str) -> list[tuple[str, str]]:
        return stated_comparisons(Task(id="a", requirement=text, signature=sig))

    assert said("Return the first word with more than a given number of characters.") == [(">", "n")]
    assert said("Count the words of exactly the given length.") == [("=", "n")]
    assert said("Count the words with more than a number of vowels.") == []


def test_divisibility_the_words_state_is_a_stated_relation() -> None:
    from specbridge.mining.shapes import DIVIDES, stated_comparisons

    sig = Signature(name="f", params=(Param(name="n", type="Nat"), Param(name="d", type="Nat")), return_type="Bool")

    def said(text: str) -> list[tuple[str, str]]:
        return stated_comparisons(Task(id="a", requirement=text, signature=sig))

    assert said("Decide whether n is divisible by both 3 and 5.") == [(DIVIDES, "3"), (DIVIDES, "5")]
    # a one-letter name stands for a noun of its letter: "divisor" for `d`
    assert said("Whether n divides evenly by a given divisor, with nothing left over.") == [(DIVIDES, "d")]
    assert said("Whether n is a multiple of four.") == [(DIVIDES, "4")]
    assert said("Whether n is not divisible by 3.") == []


def test_comparisons_with_a_neighbour_compare_the_pair_of_neighbours() -> None:
    from specbridge.mining.shapes import EARLIER_NEIGHBOUR, LATER_NEIGHBOUR, neighbour_comparisons

    sig = Signature(name="f", params=(Param(name="temps", type="List Int"),), return_type="Nat")

    def said(text: str) -> list[tuple[str, str]]:
        return neighbour_comparisons(Task(id="a", requirement=text, signature=sig))

    # in a pair of neighbours `(earlier, later)`, "warmer than the day before" is `later > earlier`
    assert said("Count the days on which it was strictly warmer than the day before.") == [(">", EARLIER_NEIGHBOUR)]
    assert said("Count the readings smaller than the next one.") == [("<", LATER_NEIGHBOUR)]
    assert said("Every entry differs from the one before it.") == [("≠", EARLIER_NEIGHBOUR)]
    assert said("Count entries higher than their predecessor.") == [(">", EARLIER_NEIGHBOUR)]
    # neighbours named as a pair, and a sameness or a difference between them: symmetric
    assert said("Tell whether two neighbouring positions hold the same value.") == [("=", EARLIER_NEIGHBOUR)]
    assert said("Check that adjacent entries are all different.") == [("≠", EARLIER_NEIGHBOUR)]
    assert said("Equal values that are not next to each other do not count.") == []
    # negated, or no neighbour
    assert said("No day is colder than the day before.") == []
    assert said("Count the days warmer than the average.") == []
    # a value moving against its neighbour
    assert said("Count the days the price went up compared with the day before.") == [(">", EARLIER_NEIGHBOUR)]
    assert said("Count the readings that fell from the previous one.") == [("<", EARLIER_NEIGHBOUR)]
    assert said("The price went up.") == []


def test_words_pairing_two_sequences_by_position_line_them_up() -> None:
    from specbridge.generate.offline import zips_two
    from specbridge.mining.shapes import aligned_sequences

    two = (Param(name="ours", type="List Nat"), Param(name="theirs", type="Array Nat"))

    def aligned(text: str, params: tuple[Param, ...] = two) -> bool:
        return aligned_sequences(
            Task(id="a", requirement=text, signature=Signature(name="f", params=params, return_type="Nat"))
        )

    assert aligned("Compare two lists position by position and count the matches.")
    assert aligned("Return how many games the team won, given the points its opponent scored in the same game.")
    assert aligned("Add the arrays element by element.")
    assert not aligned("Count the entries of the first list found anywhere in the second.")
    # one sequence has nothing to line up with
    assert not aligned(
        "Compare position by position.", (Param(name="xs", type="List Nat"), Param(name="k", type="Nat"))
    )
    assert zips_two("(ours.zip theirs).countP (fun x0 => x0.1 > x0.2)")
    assert zips_two("(a.toList.zip b).all (fun x0 => x0.1 = x0.2)")
    assert not zips_two("(xs.zip xs.tail).any (fun x0 => x0.1 = x0.2)")


def test_words_of_an_amount_between_two_numbers_state_a_difference() -> None:
    from specbridge.mining.shapes import stated_difference

    sig = Signature(name="f", params=(Param(name="a", type="Int"), Param(name="b", type="Int")), return_type="Nat")

    def said(text: str) -> bool:
        return stated_difference(Task(id="a", requirement=text, signature=sig))

    assert said("Compute the distance between two integers on the number line.")
    assert said("The readings never differ by more than the tolerance.")
    assert said("Return the absolute difference of the two numbers.")
    assert said("How far apart are the two values?")
    # a difference that is an inequality, not an amount
    assert not said("Every entry differs from the one before it.")
    assert not said("Keep the entries that are different from zero.")


def test_words_of_the_largest_or_the_smallest_state_an_extreme() -> None:
    from specbridge.mining.shapes import stated_extremes

    assert stated_extremes("Report the largest size of any element, ignoring signs.") == {"max"}
    assert stated_extremes("the smallest positive entry, or the shortest\nword") == {"min"}
    assert stated_extremes("The minimum and the maximum of the list.") == {"min", "max"}
    assert stated_extremes("the one that scored least") == {"min"}
    # limits are comparisons, not extremes
    assert stated_extremes("Keep the words of at least three letters and at most ten.") == set()
    # the extreme of two, by a comparative compared with nothing
    assert stated_extremes("Return whichever of the two numbers is bigger.") == {"max"}
    assert stated_extremes("the smaller one of a and b") == {"min"}
    assert stated_extremes("Count the numbers bigger than k, which are the ones kept.") == set()


def test_words_of_what_a_sequence_begins_or_ends_with_state_its_ends() -> None:
    from specbridge.mining.shapes import stated_ends

    assert stated_ends("Check whether a piece of text begins with a decimal digit.") == {"first"}
    assert stated_ends("Tell whether the second list starts with the first one.") == {"first"}
    assert stated_ends("Keep the words ending in a vowel.") == {"last"}
    assert stated_ends("Is the first list a prefix of the second, or a suffix?") == {"first", "last"}
    # a place in time or in a list, not what a sequence holds first or last
    assert stated_ends("Starting from 0, add every entry; stop at the end of the list.") == set()


def test_words_of_what_a_division_leaves_state_a_remainder() -> None:
    from specbridge.mining.shapes import stated_remainder

    def said(text: str) -> bool:
        sig = Signature(name="f", params=(Param(name="n", type="Nat"),), return_type="Nat")
        return stated_remainder(Task(id="f", requirement=text, signature=sig))

    assert said("Convert minutes into whole hours plus the minutes left over.")
    assert said("Whether it divides evenly, with nothing left-over.") and said("Return the remainder.")
    assert not said("Keep the remaining entries of the list.")  # the rest of a list, not of a division


def test_words_of_a_distance_or_a_magnitude_say_the_result_is_never_negative() -> None:
    from specbridge.mining.shapes import stated_non_negative

    def said(text: str) -> bool:
        sig = Signature(name="f", params=(Param(name="x", type="Int"),), return_type="Int")
        return stated_non_negative(Task(id="f", requirement=text, signature=sig))

    assert said("Return the distance of x from zero.") and said("Give the absolute value of x.")
    assert said("How far is x from 10?") and said("The answer is never negative.")
    assert not said("Return x with its sign flipped.") and not said("Subtract 3 from x.")


def test_only_some_words_give_a_reason_to_shift_a_number_by_one() -> None:
    from specbridge.mining.shapes import shift_by_one_said

    def said(text: str) -> bool:
        sig = Signature(name="f", params=(Param(name="n", type="Nat"),), return_type="Nat")
        return shift_by_one_said(Task(id="f", requirement=text, signature=sig))

    assert not said("Convert a number of whole days into seconds, a day being 24 hours of 60 minutes of 60 seconds.")
    assert not said("Work out the perimeter of a rectangle from its width and height. For example 3 by 5 gives 16.")
    assert said("Add up the whole numbers from lo to hi.")
    assert said("Return the position of the last space.") and said("Add up the numbers up to n.")
    assert said("How many pages, a page partly used counting as one?") and said("Is n odd?")


def test_a_test_of_every_character_reads_nothing_of_the_end_the_words_say() -> None:
    from specbridge.mining.shapes import ends_unread

    assert ends_unread({"first"}, "s.toList.any (fun x0 => x0.isDigit)") == 1
    assert ends_unread({"first"}, "(s.toList.take 1).any (fun x0 => x0.isDigit)") == 0
    assert ends_unread({"first", "last"}, "pre.isPrefixOf xs") == 1
    assert ends_unread({"last"}, "xs[xs.length - 1]! = 0") == 0
    assert ends_unread(set(), "xs.any (fun x0 => x0 = 0)") == 0


def test_the_sum_product_or_difference_the_words_name_is_an_operation_a_spec_should_make() -> None:
    from specbridge.mining.shapes import arithmetic_unread, stated_arithmetic

    assert stated_arithmetic("Decide whether the sum of two whole numbers is even.") == {"+"}
    assert stated_arithmetic("Return the product of the digits.") == {"*"}
    assert stated_arithmetic("The difference between the largest and the smallest value.") == {"-"}
    # "plus", "added", "total": no operation named ("hours plus the minutes left over", "the total number of")
    assert stated_arithmetic("Whole hours plus the minutes left over; no separators are added in total.") == set()
    assert arithmetic_unread({"+"}, "(b % a) % 2 = 0") == 1
    assert arithmetic_unread({"+"}, "((a + b) % 2) = 0") == 0
    assert arithmetic_unread({"+", "*"}, "xs.sum * 2") == 0
    assert arithmetic_unread({"*"}, "(Nat.digits 10 n).foldl (fun x0 x1 => x0 * x1) 1") == 0
    assert arithmetic_unread({"-"}, "Int.natAbs (a.max - a.min)") == 0
    assert arithmetic_unread({"-"}, "result = -x") == 1  # a negation is no difference
    assert arithmetic_unread({"-"}, "result + xs.min = xs.max") == 0  # a difference stated by its inverse


def test_words_keeping_the_input_order_deny_a_sorted_result() -> None:
    from specbridge.mining.shapes import order_kept, sorts

    assert order_kept("Return its distinct values in the order in which they first appear.")
    assert order_kept("The input need not be sorted and the result is not sorted.")
    assert order_kept("Drop the negative numbers, keeping the others in their original order.")
    # an order that is a sort, and which inputs are valid, say nothing of it
    assert not order_kept("Merge them, preserving their ascending order.")
    assert not order_kept("Inputs that are not sorted in non-decreasing order are not valid.")
    assert not order_kept("Sort the list.")
    assert sorts("List.isPerm xs.eraseDups result ∧ List.Pairwise (· ≤ ·) result")
    assert sorts("result = xs.mergeSort")
    assert not sorts("List.Pairwise (· ≠ ·) result")  # distinct, not sorted


def test_a_number_counting_the_inputs_is_no_constant_of_the_computation() -> None:
    from specbridge.mining.shapes import requirement_numbers

    def numbers(text: str, types: tuple[str, ...]) -> list[str]:
        params = tuple(Param(name=f"p{i}", type=t) for i, t in enumerate(types))
        return requirement_numbers(
            Task(id="t", requirement=text, signature=Signature(name="f", params=params, return_type="Nat"))
        )

    assert numbers("Given two lists, count the matches.", ("List Nat", "List Nat")) == []
    assert numbers("Can three side lengths make a triangle?", ("Nat", "Nat", "Nat")) == []
    # two of the three inputs are lists: "two lists" counts them
    assert numbers("Given two lists and a bound, count the pairs above 7.", ("List Nat", "List Nat", "Nat")) == ["7"]
    # a count that is no count of the inputs, or a number stated otherwise, stays
    assert numbers("Given two lists, keep the two largest entries.", ("List Nat", "List Nat")) == ["2"]
    assert numbers("Of a list, return the three largest entries.", ("List Nat",)) == ["3"]
    assert numbers("Given two lists, multiply by two.", ("List Nat", "List Nat")) == ["2"]
    # an average divides by how many things it averages
    assert numbers("Return the average of two integers.", ("Int", "Int")) == ["2"]


def test_even_is_divisibility_by_two_but_not_the_adverb() -> None:
    from specbridge.mining.shapes import DIVIDES, ODD, stated_comparisons

    sig = Signature(name="f", params=(Param(name="n", type="Int"),), return_type="Option Int")

    def said(text: str) -> list[tuple[str, str]]:
        return stated_comparisons(Task(id="a", requirement=text, signature=sig))

    assert said("If the amount is even, give each share.") == [(DIVIDES, "2")]
    assert said("Sum the even numbers of the list.") == [(DIVIDES, "2")]
    assert said("An empty list passes, even against an empty one.") == []
    assert said("Return none even when n is large.") == []
    assert said("A list with no even number gives none.") == []  # negated
    assert said("Sum the odd numbers.") == [(ODD, "2")]
    assert said("Lists of even and odd length both work.") == []  # both parities: no relation


def test_a_comparison_said_of_a_total_is_not_said_of_each_element() -> None:
    from specbridge.mining.shapes import stated_comparisons, totals_compared

    sig = Signature(
        name="f", params=(Param(name="prices", type="List Nat"), Param(name="budget", type="Nat")), return_type="Bool"
    )

    def task(text: str) -> Task:
        return Task(id="a", requirement=text, signature=sig)

    fits = task("Decide whether the cart can be paid, meaning the total price is at most the budget.")
    assert stated_comparisons(fits) == [("≤", "budget")] and totals_compared(fits) == {("≤", "budget")}
    # a count of the elements compared: the comparison is each element's
    each = task("Return how many of the prices are at most the budget.")
    assert stated_comparisons(each) == [("≤", "budget")] and totals_compared(each) == set()
    # a number of things counted: "fewer than two entries" compares a count, "below 2" each element
    assert totals_compared(task("Lists with fewer than two entries qualify.")) == {("<", "2")}
    assert totals_compared(task("Keep the prices below 2.")) == set()


def test_parity_said_of_a_count_is_said_of_the_count_not_of_each_element() -> None:
    from specbridge.mining.shapes import DIVIDES, ODD, stated_comparisons, totals_compared

    sig = Signature(name="f", params=(Param(name="xs", type="List Int"),), return_type="Bool")

    def task(text: str) -> Task:
        return Task(id="a", requirement=text, signature=sig)

    # the count is even (`xs.length % 2 = 0`), not each item (`xs.countP (fun x0 => x0 % 2 = 0)`)
    for text in (
        "Check whether a list has an even number of items.",
        "Check whether the number of items in the list is even.",
    ):
        assert stated_comparisons(task(text)) == [(DIVIDES, "2")] and totals_compared(task(text)) == {(DIVIDES, "2")}
    assert totals_compared(task("Return true when the list has an odd number of negative values.")) == {(ODD, "2")}
    # the things themselves: "the even numbers", "n is an odd number"
    assert totals_compared(task("Count the even numbers in the list.")) == set()
    assert totals_compared(task("Return true when the first entry is an odd number.")) == set()


def test_the_characters_the_words_quote_or_name_are_atoms_of_a_text() -> None:
    from specbridge.mining.shapes import stated_characters

    sig = Signature(name="f", params=(Param(name="s", type="String"),), return_type="Nat")

    def said(text: str) -> list[list[str]]:
        return stated_characters(Task(id="a", requirement=text, signature=sig))

    assert said("Count the marks that end a sentence: full stops, question marks and exclamation marks.") == [
        ["'.'", "'?'", "'!'"]
    ]
    assert said("Each capital 'U' is one floor up. Spaces are kept.") == [["'U'"], ["' '"]]
    assert said("Commas do not count.") == []  # negated
    assert said('For example, each dash of "a-b" becomes an underscore.') == []  # a worked example
    from specbridge.mining.shapes import mentioned_characters

    # the characters a spec may write: quoted or named anywhere, and the bounds of the kinds named
    mentioned = mentioned_characters(Task(id="a", requirement="Commas do not count; digits do.", signature=sig))
    assert {"','", "'0'", "'9'"} <= mentioned and "'a'" not in mentioned
    model = AtomModel([])
    task = Task(id="a", requirement="Count the full stops, question marks and exclamation marks.", signature=sig)
    assert model.atoms(task)[0][0] == "fun x0 => x0 = '.' ∨ x0 = '?' ∨ x0 = '!'"


def test_how_much_a_value_goes_over_a_limit_is_an_amount_not_a_comparison() -> None:
    from specbridge.mining.shapes import EXCESS, stated_comparisons

    sig = Signature(
        name="f", params=(Param(name="xs", type="List Nat"), Param(name="cap", type="Nat")), return_type="Nat"
    )

    def said(text: str) -> list[tuple[str, str]]:
        return stated_comparisons(Task(id="a", requirement=text, signature=sig))

    assert said("Add up how much the usage went over the cap across all days.") == [(EXCESS, "cap")]
    assert said("Count the days over the cap.") == [(">", "cap")]


def test_a_chain_of_units_multiplies_out() -> None:
    from specbridge.mining.shapes import unit_products

    def task(text: str) -> Task:
        sig = Signature(name="f", params=(Param(name="days", type="Nat"),), return_type="Nat")
        return Task(id="a", requirement=text, signature=sig)

    assert unit_products(task("Count every day as 24 hours of 60 minutes of 60\nseconds.")) == ["(24 * 60 * 60)"]
    assert unit_products(task("A crate holds 12 boxes of 6 eggs.")) == ["(12 * 6)"]
    # one number, or numbers that are no chain of units, multiply nothing
    assert unit_products(task("Return the number of seconds in 3 days.")) == []
    assert unit_products(task("Add 5 to the total, then 7 more.")) == []


def test_a_comparison_the_words_state_is_the_atom_ranked_first() -> None:
    corpus = [
        Task(
            id=f"c{i}",
            requirement="Whether some value is smaller than one.",
            signature=Signature(name="c", params=(Param(name="ys", type="List Int"),), return_type="Bool"),
            reference=ReferenceSpec(precond="True", postcond="result = true ↔ ∃ y ∈ ys, y < 1"),
        )
        for i in range(3)
    ]
    model = AtomModel(corpus)
    sig = Signature(name="f", params=(Param(name="a", type="Array Int"),), return_type="Bool")
    task = Task(id="t", requirement="Whether at least one entry is equal to zero.", signature=sig)
    assert model.atoms(task)[0][0] == "fun x0 => x0 = 0"


def test_the_quantifier_a_decision_s_words_ask_for_speaks_against_the_other() -> None:
    from specbridge.mining.shapes import quantifier_against, quantifier_wording

    assert quantifier_wording("Check whether a name is made only of letters, with no digits.") == "∀"
    assert quantifier_wording("Tell whether every entry is positive.") == "∀"
    assert quantifier_wording("Tell whether the text contains any digit.") == "∃"
    assert quantifier_wording("Is there at least one negative number?") == "∃"
    # neither, both, a negated "all", and "each other" (no quantifier)
    assert quantifier_wording("Tell whether the number is prime.") is None
    assert quantifier_wording("Check that all entries are even and that some entry is zero.") is None
    assert quantifier_wording("Tell whether not all entries are equal.") is None
    assert quantifier_wording("Tell whether two values next to each other are equal.") is None
    assert quantifier_against("∀", "s.toList.any (fun x0 => x0.isDigit)")
    assert quantifier_against("∃", "result = true ↔ ∀ x ∈ xs, x > 0")
    assert not quantifier_against("∀", "xs.all (fun x0 => x0 > 0)")
    assert not quantifier_against("∀", "xs.all (fun x0 => ys.any (fun y => y = x0))")  # both: no telling
    assert not quantifier_against(None, "xs.any (fun x0 => x0 > 0)")


def test_exactly_a_number_of_things_is_an_equality_of_their_count() -> None:
    from specbridge.mining.shapes import stated_comparisons, totals_compared

    def task(text: str) -> Task:
        return _task("f", text, [("pin", "String")], "Bool", "True")

    four = task("A PIN is valid when it consists of exactly four characters, every one a digit.")
    assert stated_comparisons(four) == [("=", "4")] and totals_compared(four) == {("=", "4")}
    # a value, not a count; a multiple, not a number of occurrences
    assert stated_comparisons(task("Scores on a boundary go up, so exactly 80 is a B.")) == []
    assert stated_comparisons(task("The output is exactly three times the input value.")) == []
    assert stated_comparisons(task("The letter must occur exactly 3 times.")) == [("=", "3")]


def test_one_end_of_a_character_class_is_a_half_range() -> None:
    from specbridge.mining.shapes import half_ranges

    assert half_ranges("if c ≤ '9' then some (c.toNat - '0'.toNat) else none") == 1  # '0' is no bound there
    assert half_ranges("if '0' ≤ c ∧ c ≤ '9' then some 1 else none") == 0
    assert half_ranges("s.toList.countP (fun x0 => x0 ≥ 'a')") == 1
    assert half_ranges("s.toList.countP (fun x0 => ('A' ≤ x0) && (x0 ≤ 'Z'))") == 0
    assert half_ranges("s.toList.countP (fun x0 => x0.isDigit)") == 0
    # one end tested for equality is one member of the class, unless the words quote or name it
    assert half_ranges("if c ≠ '0' then some (c.toNat - '0'.toNat) else none") == 1  # "when it is a digit"
    assert half_ranges("s.toList.count '0'") == 0  # no test written: `count` is the words' reading
    assert half_ranges("s.toList.countP (fun x0 => x0 = '0')", said={"'0'"}) == 0  # "the '0' characters"
    assert half_ranges("(c <= '9') && (c >= '0')") == 0  # an order, both ends


def test_an_equivalence_of_two_decisions_needs_words_that_say_it() -> None:
    from specbridge.mining.shapes import unsaid_connective

    said = "A PIN is valid when it has four characters and every one of them is a digit."
    assert unsaid_connective(said, "((pin.length = 4) ↔ (pin.all (fun x0 => x0.isDigit)))")
    assert unsaid_connective(said, "(n % 3 = 0) → (n % 5 = 0)")
    assert not unsaid_connective(said, "((pin.length = 4) ∧ (pin.all (fun x0 => x0.isDigit)))")
    assert not unsaid_connective(said, "(a ↔ b) ∧ c")  # the top joins by `∧`
    assert not unsaid_connective("True if and only if both hold or neither does.", "a ↔ b")
    # a disjunction needs an "or": a second condition so joined passes whatever the first passes
    even = "Check whether a list has an even number of items."
    assert unsaid_connective(even, "(((xs.length % 2) = 0) ∨ ((xs.countP (fun x0 => x0 % 2 = 0)) ≤ 1))")
    assert unsaid_connective(even, "(xs.length % 2 = 0) || xs.isEmpty")
    assert not unsaid_connective("Even, or empty.", "(xs.length % 2 = 0) ∨ xs.isEmpty")


def test_more_things_than_a_limit_compares_their_count_with_the_one_number_input() -> None:
    from specbridge.mining.shapes import stated_comparisons, totals_compared

    def task(text: str) -> Task:
        return _task("f", text, [("words", "List String"), ("n", "Nat")], "Nat", "True")

    longer = task("Tell how many of the words have more letters than the limit.")
    assert stated_comparisons(longer) == [(">", "n")] and totals_compared(longer) == {(">", "n")}
    assert stated_comparisons(task("Keep the words with fewer letters than n.")) == [("<", "n")]
    # a limit the words never name is no parameter where there are two numbers to choose from
    two = _task("f", "More letters than the limit.", [("a", "Nat"), ("b", "Nat")], "Nat", "True")
    assert stated_comparisons(two) == []


def test_a_comparison_with_the_first_or_last_entry_compares_with_that_end() -> None:
    from specbridge.mining.shapes import ends_compared

    def said(text: str) -> list[tuple[str, str]]:
        return ends_compared(_task("f", text, [("xs", "List Int")], "Nat", "True"))

    assert said("Count the entries strictly greater than the first entry of the list.") == [(">", "xs[0]!")]
    assert said("Count the readings below the last reading.") == [("<", "xs.getLast!")]
    assert said("No entry is greater than the first entry.") == []  # negated
    assert said("Return the first entry greater than zero.") == []  # the first entry is the result, no limit


def test_the_positions_and_the_last_item_the_words_name() -> None:
    from specbridge.mining.shapes import last_item_said, stated_positions

    assert stated_positions("Return the second item of a list.") == [1]
    assert stated_positions("the third character of the word, then its fourth one") == [2, 3]
    # counted from the end, one in two, an order of the values: no position from the start
    assert stated_positions("the second to last item") == []
    assert stated_positions("keep every second element") == []
    assert stated_positions("the second largest value") == []
    assert last_item_said("Return the last even number of the list.")
    assert last_item_said("its final digit")
    assert not last_item_said("Count the entries greater than the last entry.")  # a comparison with it
    assert not last_item_said("the last time it rained")
