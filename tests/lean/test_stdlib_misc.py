"""Nat/Int/Float/Option/Mathlib library functions."""

from __future__ import annotations

import math

import pytest
from lean_helpers import ev

from specbridge.lean.values import Some


@pytest.mark.parametrize(
    ("term", "type_text", "value"),
    [
        ("Nat.gcd 12 18", "Nat", 6),
        ("Nat.lcm 4 6", "Nat", 12),
        ("Nat.Prime 97 ∧ ¬ Nat.Prime 1", "Bool", True),
        ("Nat.succ 4 + Nat.pred 0", "Nat", 5),
        ("Nat.min 3 5 + Nat.max 3 5", "Nat", 8),
        ("Nat.sqrt 17", "Nat", 4),
        ("Nat.log2 1024", "Nat", 10),
        ("Nat.digits 10 123", "List Nat", (3, 2, 1)),
        ("Int.natAbs (-7) + Int.toNat 5", "Nat", 12),
        ("(-3 : Int).toNat", "Nat", 0),
        ("Int.sign (-3)", "Int", -1),
        ("min (3 : Int) (-1)", "Int", -1),
        ("(3 : Int) ∣ 12 ∧ ¬ (5 : Nat) ∣ 12", "Bool", True),
        ("(0 : Nat) ∣ 0", "Bool", True),
        ("(some 3).getD 0 + (none : Option Nat).getD 7", "Nat", 10),
        ("(some 3).map (· + 1)", "Option Nat", Some(4)),
        ("(none : Option Nat).isNone", "Bool", True),
        ("(some 2).get!", "Nat", 2),
        ("∑ i ∈ Finset.range 5, i", "Nat", 10),
        ("∑ i < 4, i * i", "Nat", 14),
        ("(Finset.range 5).sum (fun i => i)", "Nat", 10),
        ("Float.sqrt 16.0", "Float", 4.0),
        ("(2.5 : Float).floor", "Float", 2.0),
        ("(10 : Nat).toFloat / 4", "Float", 2.5),
        ("(3.0 : Float) == 3", "Bool", True),
        ("decide (2 < 3)", "Bool", True),
        ("if 2 < 3 then 1 else 0", "Nat", 1),
    ],
)
def test_numbers_options_mathlib(term: str, type_text: str, value: object) -> None:
    assert ev(term, type_text) == value


def test_float_edge_cases() -> None:
    assert math.isnan(ev("(0.0 : Float) / 0.0", "Float"))
    assert ev("(1.0 : Float) / 0.0", "Float") == math.inf
    assert ev("Float.nan.isNaN", "Bool") is True


def test_number_theory_is_exact_beyond_trial_division() -> None:
    # Miller-Rabin with the first 13 prime bases is exact below 3.3e24; Pollard's rho factors large numbers
    assert ev("Nat.Prime 1000000007 ∧ Nat.Prime (2 ^ 61 - 1) ∧ ¬ Nat.Prime 3215031751") is True  # a strong pseudoprime
    assert ev("Nat.primeFactorsList (2 ^ 55 * 3 ^ 55)", "List Nat") == (2,) * 55 + (3,) * 55
    assert ev("Nat.primeFactors 1000000000100000000002379", "Finset Nat") == (1000000000039, 1000000000061)
    assert ev("(Nat.divisors 360).card", "Nat") == 24
    # Mathlib's conventions at 0 and 1
    assert ev("Nat.divisors 0", "Finset Nat") == ()
    assert ev("Nat.minFac 0 + Nat.minFac 1", "Nat") == 3
    assert ev("Nat.properDivisors 12", "Finset Nat") == (1, 2, 3, 4, 6)


@pytest.mark.parametrize(
    ("term", "type_text", "value"),
    [
        # Init/Data/Nat/Fold (Lean ≥ 4.16): the function also receives the proof `i < n`
        ("Nat.fold 4 (fun i _ acc => acc + i) 0", "Nat", 6),
        ("Nat.fold 3 (fun i _ acc => acc ++ [i]) []", "List Nat", (0, 1, 2)),
        ("Nat.foldRev 3 (fun i _ acc => acc ++ [i]) []", "List Nat", (2, 1, 0)),
        ("Nat.all 5 (fun i _ => i < 5) && !Nat.any 5 (fun i _ => i = 7)", "Bool", True),
        ("Nat.any 0 (fun _ _ => true)", "Bool", False),
        ("Fin.foldl 4 (fun acc i => acc + i.val) 0", "Nat", 6),
        ("(List.finRange 3).map (fun i => i.val * 2)", "List Nat", (0, 2, 4)),
        ("Int.sqrt 17 + Int.sqrt (-4)", "Int", 4),
    ],
)
def test_folds_over_ranges_and_fin(term: str, type_text: str, value: object) -> None:
    assert ev(term, type_text) == value


@pytest.mark.parametrize(
    ("term", "value"),
    [
        # a Finset/Set is a set: equality ignores order and duplicates of the literal
        ("[1, 2].toFinset = [2, 1].toFinset", True),
        ("[1, 2, 3].toFinset = {3, 2, 1}", True),
        ("({1, 2, 2} : Finset Nat).card = 2", True),
        ("(2 : Nat) ∈ ({1, 2, 3} : Finset Nat)", True),
        ("Finset.card (Finset.filter (· > 2) {1, 2, 3, 4}) = 2", True),
        ("({1, 2} : Set Nat) = {2, 1}", True),
        ("({1, 2} : Finset Nat) ≠ {1, 3}", True),
        # a Multiset is a list up to permutation (Mathlib's quotient), duplicates count
        ("([1, 2, 2] : Multiset Nat) = [2, 1, 2]", True),
        ("([1, 2, 2] : Multiset Nat) = [2, 1, 1]", False),
        ("Multiset.ofList [3, 1, 3] = Multiset.ofList [3, 3, 1]", True),
        ("(Multiset.ofList [1, 2, 2]).count 2 = 2", True),
        ("({1, 1} : Multiset Nat).card = 2", True),
        # Mathlib: ofDigits b [d₀, d₁, …] is least-significant-digit first
        ("Nat.ofDigits 10 [3, 2, 1] = 123 ∧ Nat.ofDigits 10 (Nat.digits 10 4705) = 4705", True),
        # many digits: built by halves, the same number as digit by digit
        ("Nat.ofDigits 10 (List.replicate 200 7) = (10 ^ 200 - 1) / 9 * 7", True),
        ("Nat.ofDigits 2 (List.range 100) % 1000 = 850", True),
        ("Nat.totient 10 = 4 ∧ Nat.totient 1 = 1", True),
        ("[1, 2, 3].Forall (· > 0) ∧ List.Forall₂ (· < ·) [1, 2] [2, 3] ∧ List.Duplicate 1 [1, 2, 1]", True),
    ],
)
def test_finset_set_multiset_semantics(term: str, value: bool) -> None:
    assert ev(term) is value


HASH_DEFS = """
open Std
def countMap (xs : List Int) : HashMap Int Nat :=
  let step := fun m x =>
    let current := m.getD x 0
    m.insert x (current + 1)
  xs.foldl step (HashMap.emptyWithCapacity : HashMap Int Nat)

def countMap2 (xs : List Int) : HashMap Int Nat :=
  xs.foldl (fun m x => m.insert x (m.getD x 0 + 1)) {}

def distinct (xs : List Int) : Nat :=
  (xs.foldl (fun (s : HashSet Int) x => s.insert x) HashSet.empty).size
"""


def test_hash_maps_and_sets() -> None:
    # lookups, updates and sizes are exact; an untyped `fun m x => m.getD …` dispatches on the map at run time
    assert ev("(countMap [1, 2, 2, 3, 1]).getD 1 0", "Nat", defs=HASH_DEFS) == 2
    assert ev("(countMap2 [1, 2, 2])[2]?", "Option Nat", defs=HASH_DEFS) == Some(2)
    assert ev("(countMap2 [1])[5]!", "Nat", defs=HASH_DEFS) == 0
    assert ev("(countMap [4, 4]).size = 1 ∧ (countMap [4, 5]).contains 5", defs=HASH_DEFS) is True
    assert ev("distinct [1, 2, 2, 3, 1]", "Nat", defs=HASH_DEFS) == 3


def test_set_builder_membership_and_separation() -> None:
    # `a ∈ {x | p x}` is `p a`; `{x ∈ s | p x}` filters s
    assert ev("(2 : Nat) ∈ ({x | x < 5} : Set Nat)") is True
    assert ev("(7 : Nat) ∈ {x : Nat | x < 5}") is False
    assert ev("(-2 : Int) ∈ ({x | x * x = 4} : Set Int)") is True
    assert ev("(3 : Nat) ∉ {x ∈ [1, 2, 3] | x % 2 = 0}") is True
    assert ev("({x ∈ Finset.range 10 | x % 3 = 0} : Finset Nat).card", "Nat") == 4
    assert ev("∀ y ∈ [1, 2], y ∈ {x : Nat | x > 0}") is True
    # a HashMap's membership is key membership
    assert ev("(2 : Int) ∈ (Std.HashMap.ofList [((2 : Int), 5)] : Std.HashMap Int Nat)") is True


def test_structure_field_defaults_type_aliases_and_positions() -> None:
    defs = """abbrev Matrix := List (List Nat)
def Row : Type := Array Nat

structure Config where
  width : Nat := 3
  name : String := "x"

def trace (m : Matrix) : Nat := (List.range m.length).foldl (fun acc i => acc + (m[i]!)[i]!) 0
def rowSum (r : Row) : Nat := r.foldl (· + ·) 0
def cw (c : Config) : Nat := c.width + c.name.length
def at' (s : String) (i : Nat) : Char := s.get (String.Pos.mk i)
"""
    assert ev("trace [[1, 2], [3, 4]] = 5", defs=defs) is True
    assert ev("rowSum #[1, 2, 3] = 6", defs=defs) is True
    assert ev("cw {} = 4", defs=defs) is True  # omitted fields take their declared defaults
    assert ev("cw { width := 5 } = 6", defs=defs) is True
    assert ev('cw { name := "abc" } = 6', defs=defs) is True
    assert ev("at' \"abc\" 1 = 'b'", defs=defs) is True
    assert ev("(\"hello\".posOf 'l').byteIdx = 2") is True
