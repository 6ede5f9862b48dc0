"""Type-directed generation: boundary values first, seeded, every supported type; shrinking; filtering."""

from __future__ import annotations

import pytest

from specbridge.compare.inputs import (
    UnsupportedType,
    boundary_values,
    filter_inputs,
    generate_inputs,
    generate_values,
    render_value,
    shrink,
    type_of,
)
from specbridge.lean.program import Program

TYPES = [
    "Nat",
    "Int",
    "Bool",
    "Char",
    "String",
    "Float",
    "UInt8",
    "List Int",
    "Array Nat",
    "Option Int",
    "Nat × Int",
    "List (List Nat)",
    "Array (Array Int)",
    "Option (Nat × Nat)",
    "List (Char × Nat)",
    "List (Prod Int Int)",
]


@pytest.mark.parametrize("type_text", TYPES)
def test_generated_values_round_trip_through_the_lean_parser(type_text: str) -> None:
    t = type_of(type_text)
    lit = Program.from_source("")
    values = generate_values(t, 40, seed=3)
    assert len(values) == 40 or type_text == "Bool"
    for v in values:
        text = render_value(v, t)
        assert lit.value(text, type_text) == v, text


def test_boundary_values_come_first() -> None:
    ints = generate_values(type_of("Int"), 10)
    assert ints[:3] == [0, 1, -1]
    lists = generate_values(type_of("List Int"), 12)
    assert lists[0] == () and lists[1] == (0,)
    assert (1, 1) in lists  # duplicates
    assert (-1, 0, 2) in lists and (2, 0, -1) in lists  # sorted and reverse-sorted
    assert any(len(x) >= 10 for x in lists)  # long


def test_generation_is_seeded() -> None:
    t = [type_of("List Int"), type_of("Nat")]
    assert generate_inputs(t, 60, seed=1) == generate_inputs(t, 60, seed=1)
    assert generate_inputs(t, 60, seed=1) != generate_inputs(t, 60, seed=2)


def test_inputs_near_seeds_are_generated() -> None:
    t = [type_of("List Nat")]
    seed = ((7, 8, 9, 10, 11),)
    got = generate_inputs(t, 200, seed=0, seeds=[seed])
    assert any(args[0] != seed[0] and set(args[0]) >= {8, 9, 10} for args in got)


def test_unsupported_types_are_refused() -> None:
    with pytest.raises(UnsupportedType):
        type_of("Nat → Nat")
    with pytest.raises(UnsupportedType):
        type_of("MyStruct")


def test_shrinking_finds_a_minimal_failing_input() -> None:
    t = [type_of("List Int")]
    start = ((5, -3, 9, 12, 4, 7),)
    small = shrink(start, t, lambda a: len(a[0]) >= 3 and max(a[0]) > 2)
    assert small == ((0, 0, 3),)


def test_filtering_counts_kept_rejected_undecided() -> None:
    inputs = [(i,) for i in range(10)]
    f = filter_inputs(inputs, lambda a: None if a[0] == 3 else a[0] % 2 == 0)
    assert f.counts() == {"kept": 5, "rejected": 4, "undecided": 1}
    f = filter_inputs(inputs, lambda a: a[0] % 2 == 0, want=2)
    assert f.kept == [(0,), (2,)]


def test_bool_has_two_boundary_values() -> None:
    assert boundary_values(type_of("Bool")) == [False, True]
