"""List and Array library functions against Lean's definitions (argument order, edge cases, defaults)."""

from __future__ import annotations

import pytest
from lean_helpers import ev

from specbridge.lean.values import LArray, Pair, Some


@pytest.mark.parametrize(
    ("term", "type_text", "value"),
    [
        ("List.range 4", "List Nat", (0, 1, 2, 3)),
        ("List.range' 2 3", "List Nat", (2, 3, 4)),
        ("List.replicate 3 'a'", "List Char", ("a", "a", "a")),
        ("List.take 2 [1, 2, 3]", "List Nat", (1, 2)),  # take (n) (l)
        ("[1, 2, 3].drop 5", "List Nat", ()),
        ("[1, 2, 3].foldl (fun acc x => acc * 10 + x) 0", "Nat", 123),
        ("[1, 2, 3].foldr (fun x acc => acc * 10 + x) 0", "Nat", 321),
        ("[3, 1, 2].zipIdx", "List (Nat × Nat)", (Pair(3, 0), Pair(1, 1), Pair(2, 2))),
        ("[3, 1].enum", "List (Nat × Nat)", (Pair(0, 3), Pair(1, 1))),
        ("[1, 2, 1, 3].count 1", "Nat", 2),
        ("[1, 2, 3].find? (· > 1)", "Option Nat", Some(2)),
        ("[1, 2, 3].findIdx? (· > 5)", "Option Nat", None),
        ("[5, 6].idxOf 7", "Nat", 2),  # not found: the length
        ("[1, 2, 1].eraseDups", "List Nat", (1, 2)),
        ("[1, 0, 2, 2, 1].dedup", "List Nat", (0, 2, 1)),  # Mathlib: pwFilter (· ≠ ·) keeps the last occurrence
        ("[1, 0, 2, 2, 1].eraseDup", "List Nat", (0, 2, 1)),  # Batteries: the same definition
        ("[1, 2, 3].eraseIdx 1", "List Nat", (1, 3)),
        ("[1, 2, 3].erase 2", "List Nat", (1, 3)),
        ("[1, 2, 3].rotateLeft 1", "List Nat", (2, 3, 1)),
        ("[1, 2, 3].rotateRight 1", "List Nat", (3, 1, 2)),
        ("[1, 2].sublists", "List (List Nat)", ((), (1,), (2,), (1, 2))),
        ("[3, 1, 2].mergeSort", "List Nat", (1, 2, 3)),
        (
            "[(2, 'b'), (1, 'a'), (2, 'a')].mergeSort (fun a b => a.1 ≤ b.1)",
            "List (Nat × Char)",
            (Pair(1, "a"), Pair(2, "b"), Pair(2, "a")),
        ),  # stable
        ("[1, 2, 3].filterMap (fun x => if x > 1 then some (x * 2) else none)", "List Nat", (4, 6)),
        ("[[1], [2, 3]].flatten", "List Nat", (1, 2, 3)),
        ("[1, 2].flatMap (fun x => [x, x])", "List Nat", (1, 1, 2, 2)),
        ("[1, 2, 3].getLast!", "Nat", 3),
        ("([] : List Int).getLast!", "Int", 0),
        ("([] : List Int).head?", "Option Int", None),
        ("[4, 9, 2].maximum?", "Option Nat", Some(9)),
        ("[4, 9, 2].min?", "Option Nat", Some(2)),
        ("[1, -2, 3].sum", "Int", 2),
        ("[1, 2] ++ [3]", "List Nat", (1, 2, 3)),
        ("[1, 2, 3].isPerm [3, 2, 1]", "Bool", True),
        ("List.Nodup [1, 2, 1]", "Bool", False),
        ("List.Sorted (· ≤ ·) [1, 1, 2]", "Bool", True),
        ("[1, 2].zip [3, 4, 5]", "List (Nat × Nat)", (Pair(1, 3), Pair(2, 4))),
        ("[1, 2, 3].splitAt 1", "List Nat × List Nat", Pair((1,), (2, 3))),
        ("[1, 2, 3].all (· > 0) && [1, 2].any (· = 2)", "Bool", True),
        ("#[1, 2, 3].size", "Nat", 3),
        ("#[1, 2, 3].push 4", "Array Nat", LArray((1, 2, 3, 4))),
        ("#[1, 2, 3].extract 1 3", "Array Nat", LArray((2, 3))),
        ("#[3, 1, 2].toList", "List Nat", (3, 1, 2)),
        ("#[1, 2].map (· + 1)", "Array Nat", LArray((2, 3))),
        ("#[1, 2, 3].set! 1 9", "Array Nat", LArray((1, 9, 3))),
        ("#[1, 2, 3].foldl (· + ·) 0", "Nat", 6),
        ("(#[1, 2, 3].toList.reverse).toArray", "Array Nat", LArray((3, 2, 1))),
    ],
)
def test_list_and_array(term: str, type_text: str, value: object) -> None:
    assert ev(term, type_text) == value


def test_array_and_list_results_keep_their_kind() -> None:
    assert isinstance(ev("#[1, 2].reverse", "Array Nat"), LArray)
    assert not isinstance(ev("[1, 2].reverse", "List Nat"), LArray)


@pytest.mark.parametrize(
    ("term", "type_text", "value"),
    [
        # Init/Data/Array/Basic: `idxOf (a : α) : Array α → Nat := findIdx (· == a)` — the size when absent
        ('#["carrot", "potato", "broccoli"].idxOf "broccoli"', "Nat", 2),
        ('#["carrot", "potato", "broccoli"].idxOf "tomato"', "Nat", 3),
        ("#[7, 6, 5].idxOf? 5", "Option Nat", Some(2)),
        ("#[7, 6, 5, 8, 1, 2, 6].findRev? (· < 5)", "Option Nat", Some(2)),
        ("#[7, 6, 5, 8].findSome? (fun x => if x < 6 then some (10 * x) else none)", "Option Nat", Some(50)),
        ('#["red", "green", "blue"].getMax? (·.length < ·.length)', "Option String", Some("green")),
        ("#[1, 2, 5, 2, 7, 7].partition (· > 2)", "Array Nat × Array Nat", Pair(LArray((5, 7, 7)), LArray((1, 2, 2)))),
        ("#[(1, 'a'), (2, 'b')].unzip", "Array Nat × Array Char", Pair(LArray((1, 2)), LArray(("a", "b")))),
        ("#[0, 1, 2, 3, 4].popWhile (· > 2)", "Array Nat", LArray((0, 1, 2))),
        ("#[1, 2, 3, 2].replace 2 5", "Array Nat", LArray((1, 5, 3, 2))),
        ("#[1, 2, 3].leftpad 5 0", "Array Nat", LArray((0, 0, 1, 2, 3))),
        ("#[1, 2, 3].insertIdxIfInBounds 4 9", "Array Nat", LArray((1, 2, 3))),
        ("#[1, 2, 3].insertIdx 1 9", "Array Nat", LArray((1, 9, 2, 3))),
        ("#[0, 1, 2, 3, 4].getEvenElems", "Array Nat", LArray((0, 2, 4))),
        ('#["red", "green", "red"].allDiff', "Bool", False),
        ("#[2, 4, 5, 6].any (· % 2 = 1) (start := 3)", "Bool", False),
        ("#[2, 4, 5, 6].all (· % 2 = 0) 0 2", "Bool", True),
        ("Array.Pairwise (· < ·) #[1, 2, 3]", "Bool", True),
        ("#[1, 2, 3].Perm #[3, 1, 2]", "Bool", True),
        ("Array.range' 3 4 2", "Array Nat", LArray((3, 5, 7, 9))),
    ],
)
def test_array_library(term: str, type_text: str, value: object) -> None:
    assert ev(term, type_text) == value


@pytest.mark.parametrize(
    ("term", "value"),
    [
        # Init/Data/List/Basic notations: `<+` Sublist, `<+:` IsPrefix, `<:+` IsSuffix, `<:+:` IsInfix
        ("[1, 2] <+ [1, 3, 2]", True),
        ("[2, 1] <+ [1, 3, 2]", False),
        ("[1, 2] <+: [1, 2, 3]", True),
        ("[2, 3] <+: [1, 2, 3]", False),
        ("[2, 3] <:+ [1, 2, 3]", True),
        ("[2, 3] <:+: [1, 2, 3, 4]", True),
        ("[1, 3] <:+: [1, 2, 3]", False),
        ("[1, 2] <+ [1, 2] ∧ [] <+: [5]", True),
    ],
)
def test_sublist_notations(term: str, value: bool) -> None:
    assert ev(term) is value


def test_array_zip_with_takes_the_function_first() -> None:
    # Init/Data/Array/Basic: `zipWith (f : α → β → γ) (as : Array α) (bs : Array β)`; stops at the shorter
    assert ev("#[1, 2, 3].zipWith (· + ·) #[10, 20]", "Array Nat") == LArray((11, 22))
    assert ev("Array.zipWith (fun a b => a * b) #[2, 3] #[4, 5]", "Array Nat") == LArray((8, 15))
    assert ev("[1, 2, 3].modifyHead (· * 10)", "List Nat") == (10, 2, 3)


def test_attach_elements_are_the_values_with_a_membership_proof() -> None:
    # `l.attach : List {x // x ∈ l}`; ⟨x, hx⟩ destructures, `.val` / `.1` is the value
    assert ev("([1, 2, 3].attach.map (fun ⟨x, _⟩ => x * 2)).sum", "Nat") == 12
    assert ev("([1, 2, 3].attach.map (fun x => x.val + 1)).sum", "Nat") == 9
    assert ev("(#[4, 5].attach.map (fun ⟨x, _hx⟩ => x)).toList", "List Nat") == (4, 5)


def test_insert_idx_iterate_rightpad() -> None:
    assert ev("[1, 2, 3].insertIdx 1 9", "List Nat") == (1, 9, 2, 3)
    assert ev("[1, 2, 3].insertIdx 5 9", "List Nat") == (1, 2, 3)  # past the end: unchanged
    assert ev("List.iterate (· * 2) 1 4", "List Nat") == (1, 2, 4, 8)
    assert ev("[1].rightpad 3 0", "List Nat") == (1, 0, 0)
