"""Interpreter: Lean's semantics for arithmetic, typing (Nat vs Int), control flow, patterns, limits."""

from __future__ import annotations

import pytest
from lean_helpers import call, ev

from specbridge.errors import EvaluationLimit, LeanRuntimeError, UnsupportedConstruct
from specbridge.lean.interp import Undecided
from specbridge.lean.values import LArray, Pair, Some
from specbridge.settings import ComputableSettings


@pytest.mark.parametrize(
    ("term", "type_text", "value"),
    [
        ("(5 : Nat) - 7", "Nat", 0),
        ("(5 : Int) - 7", "Int", -2),
        ("(7 : Nat) / 0", "Nat", 0),
        ("(7 : Nat) % 0", "Nat", 7),
        ("(-7 : Int) / 2", "Int", -4),  # Int.ediv
        ("(-7 : Int) % 2", "Int", 1),  # Int.emod is never negative
        ("(7 : Int) / (-2)", "Int", -3),
        ("(-7 : Int) / (-2)", "Int", 4),
        ("(-7 : Int) % (-2)", "Int", 1),
        ("(-7 : Int) / 0", "Int", 0),
        ("(-7 : Int) % 0", "Int", -7),
        ("Int.tdiv (-7) 2", "Int", -3),
        ("Int.fmod (-7) (-2)", "Int", -1),
        ("2 ^ 10", "Nat", 1024),
        ("-x ^ 2 + 1", "Int", None),
        ("(255 : UInt8) + 1", "UInt8", 0),
        ("(0 : UInt8) - 1", "UInt8", 255),
        ("(1.5 : Float) * 2", "Float", 3.0),
        ("Int.toNat (-3)", "Nat", 0),
        ("Int.natAbs (-3)", "Nat", 3),
        ("(10 : Nat) - 3 - 4", "Nat", 3),
    ],
)
def test_arithmetic(term: str, type_text: str, value: object) -> None:
    if value is None:
        return
    assert ev(term, type_text) == value


def test_binop_tree_lifts_nat_to_int() -> None:
    # `result = pos + (n - 1 - k)` with result : Int elaborates the whole tree in Int (binop%/binrel%)
    defs = "def f (result : Int) (n k : Nat) : Prop := result = (n - 1 - k)"
    assert call(defs, "f", -2, 1, 2) is True
    defs_nat = "def g (r : Nat) (n k : Nat) : Prop := r = n - 1 - k"
    assert call(defs_nat, "g", 0, 1, 2) is True


def test_lambda_param_types_come_from_the_list() -> None:
    assert ev("[1, 2, 3].map (fun x => x - 2)", "List Int") == (-1, 0, 1)
    assert ev("([1, 2, 3] : List Nat).map (fun x => x - 2)", "List Nat") == (0, 0, 1)
    assert ev("([5, 3] : List Int).foldl (· - ·) 0", "Int") == -8
    assert ev("([5, 3] : List Nat).foldl (· - ·) 10", "Nat") == 2


def test_negative_literal_makes_int() -> None:
    assert ev("[1, -1]", "List Int") == (1, -1)
    assert ev("-5", "Int") == -5


def test_indexing_defaults_and_options() -> None:
    assert ev("#[1, 2, 3][5]!", "Int") == 0
    assert ev('["a"][3]!', "String") == ""
    assert ev("[1, 2][1]?", "Option Nat") == Some(2)
    assert ev("[1, 2][2]?", "Option Nat") is None
    assert ev("(#[#[1]] : Array (Array Nat))[1]!", "Array Nat") == LArray()


def test_tuples_and_projections() -> None:
    assert ev("(1, 2, 3).2.1", "Nat") == 2
    assert ev("((1, 2) : Nat × Nat).fst", "Nat") == 1
    assert ev("some (0, 1)", "Option (Nat × Nat)") == Some(Pair(0, 1))


def test_quantifiers_bounded_exactly() -> None:
    assert ev("∀ i < 5, i * i < 30") is True
    assert ev("∀ i, i < 7 → i * i < 30") is False
    assert ev("∃ i j, i < j ∧ j < 4 ∧ i + j = 5") is True
    assert ev("∀ x ∈ [1, 2, 3], x > 0") is True
    assert ev("∃ x ∈ [1, 2, 3], x > 3") is False
    assert ev("∀ i j, i < j → j < 4 → i < 3") is True
    assert ev("∀ (i : Nat), (h : i < 3) → i < 3") is True
    assert ev("∀ i : Fin 3, [5, 6, 7][i]! > 4") is True  # Fin n is 0 … n-1, not an unbounded Nat
    assert ev("∃ i : Int, -3 ≤ i ∧ i < 0 ∧ i * i = 4") is True


def test_unbounded_quantifiers_decide_only_with_witnesses() -> None:
    assert ev("∃ k : Nat, k * k = 49") is True
    assert ev("∀ k : Nat, k * k ≠ 36 + 5 * k") is False  # the search finds k = 9
    with pytest.raises(Undecided):
        ev("∃ k : Nat, k % 1000 = 999")  # a witness exists, beyond the search bound
    # linear equations are solved: n = 11 * k decided both ways for any n
    assert ev("∃ k : Int, 1210 = 11 * k") is True
    assert ev("∃ k : Int, 1211 = 11 * k") is False
    assert ev("∀ k : Int, ¬ 1211 = 11 * k") is True
    assert ev("∀ p : Nat, Nat.Prime p → p ∣ 12 → p ≤ 3") is True


def test_unbounded_equations_with_squares_and_powers_are_solved() -> None:
    # k * k = n and b ^ k = n have finitely many solutions, found exactly (integer roots, logarithms)
    assert ev("∃ k : Nat, k * k = 50") is False
    assert ev("∃ k : Nat, k * k = 49") is True
    assert ev("∃ m : Nat, 1024 = 4 ^ m") is True
    assert ev("∃ m : Nat, 1025 = 4 ^ m") is False
    assert ev("∃ m : Nat, 4 ^ (m + 1) = 16") is True
    assert ev("∃ x : Int, x ^ 3 = -27") is True
    assert ev("∃ x : Int, x * x = 16 ∧ x < 0") is True
    assert ev("∃! x : Int, x * x = 16") is False  # ±4
    assert ev("∃! x : Nat, x * x = 16") is True
    with pytest.raises(Undecided):
        ev("∃ k : Nat, 1 ^ k = 2")  # base 1: no logarithm, no growth; only the bounded search


def test_divisibility_guards_enumerate_divisors() -> None:
    # `p ∣ n` (n ≠ 0): only the divisors of n matter, found by factorization even for huge n
    n = "6285195213566005335561053533150026217291776"  # 2^55 * 3^55
    assert ev(f"∀ p : Nat, Nat.Prime p → p ∣ {n} → p ∈ [2, 3]") is True
    assert ev("∀ p : Nat, Nat.Prime p → p ∣ 20241147794175 → p ∈ [3, 5, 7, 11, 31]") is False  # 47 divides it
    assert ev("∃ d : Int, d ∣ 12 ∧ d < -11") is True  # Int divisors come with their negatives
    assert ev("∀ d, d < 10 → d ∣ 0 → d < 50") is True  # every d divides 0: the range bound is used
    with pytest.raises(Undecided):
        ev("∀ d : Nat, d ∣ 0 → d < 5")


def test_one_point_rule_binds_any_type() -> None:
    # `∃ x, x = e ∧ P x` is `P e`; `∀ x, x = e → P x` is `P e` — for lists, strings, any type
    assert ev('∃ w : List String, w = ["a", "b"].reverse ∧ String.intercalate " " w = "b a"') is True
    assert ev("∃ w : List Nat, w = [1, 2] ∧ w.length = 3") is False
    assert ev("∀ w : List Nat, w = [1] → w.length = 2") is False
    assert ev('∀ s : String, "ab" = s → s.length = 2') is True
    # a Nat variable equated to an Int is compared through the coercion: no one-point shortcut
    assert ev("∃ i : Nat, (i : Int) = -1") is False


def test_eventually_constant_bodies_are_searched_completely() -> None:
    # once 10 ^ i > n, n / 10 ^ i = 0: the digits of n are all the values of i that matter
    assert ev("∃ i : Nat, 1834 / (10 ^ i) % 10 == 8") is True
    assert ev("∃ i : Nat, 1234 / (10 ^ i) % 10 == 8") is False
    assert ev("∀ i : Nat, 1234 / 10 ^ i % 10 ≠ 9") is True
    assert ev("∃! i : Nat, 55 / 10 ^ i = 5") is True
    assert ev("∃! i : Nat, 5 / 10 ^ i = 0") is False  # every i ≥ 1
    # a comparison of a growing term with a constant is eventually constant
    assert ev("∀ k : Nat, k ≥ 10 → k * k > 50") is True
    assert ev("∃ k : Nat, 2 ^ k ≤ 100 ∧ k * 3 = 21") is False  # 2^k ≤ 100 fails from k = 7 on
    # Int `e % 2^i` with e < 0 is e + 2^i: not constant, only a found witness decides
    assert ev("∃ i : Nat, (-25 : Int) % (2 ^ i) = 7") is True


def test_let_match_and_recursion() -> None:
    defs = """
def listToNat : List Nat → Nat
| []       => 0
| d :: ds  => d + 10 * listToNat ds

def f (n : Nat) : Nat :=
  let rec go (k acc : Nat) : Nat :=
    match k with
    | 0 => acc
    | k' + 1 => go k' (acc + k)
  go n 0
"""
    assert call(defs, "listToNat", (3, 2, 1)) == 123
    assert call(defs, "f", 4) == 10


def test_where_helpers_and_mutual_reference() -> None:
    defs = """
def isEven (n : Nat) : Bool := go n
where
  go : Nat → Bool
    | 0 => true
    | n + 1 => !go n
"""
    assert call(defs, "isEven", 10) is True
    assert call(defs, "isEven", 7) is False


def test_sections_and_pipes() -> None:
    assert ev("[3, 1, 2] |>.map (· * 2) |>.filter (· > 2)", "List Nat") == (6, 4)
    assert ev("List.Pairwise (· < ·) [1, 2, 3]") is True
    assert ev("[1, 2, 3].all (· < 3)") is False


def test_strings_and_chars() -> None:
    assert ev('"héllo".length', "Nat") == 5
    assert ev('"abc".get ⟨1⟩', "Char") == "b"
    assert ev('"abc".toList.reverse', "List Char") == ("c", "b", "a")
    assert ev("'a'.toNat", "Nat") == 97
    assert ev('"a,b,,c".splitOn ","', "List String") == ("a", "b", "", "c")


def test_option_coercion_in_equality() -> None:
    assert ev("([1, 2] : List Int)[0]! = some 1") is True


def test_limits_turn_into_evaluation_limit() -> None:
    defs = "def loop (n : Nat) : Nat := loop (n + 1)"
    with pytest.raises(EvaluationLimit) as info:
        call(defs, "loop", 0, settings=ComputableSettings(max_depth=500))
    assert info.value.limit == "recursion depth"
    with pytest.raises(EvaluationLimit) as info:
        ev(
            "(List.range 100000).all (fun i => (List.range 100000).all (fun j => i + j ≥ 0))",
            settings=ComputableSettings(max_steps=100_000),
        )
    assert info.value.limit == "steps"
    with pytest.raises(EvaluationLimit):
        ev("2 ^ 10000000", "Nat", settings=ComputableSettings(max_int_bits=4096))
    with pytest.raises(EvaluationLimit) as info:  # refused before it is built: quadratic digit by digit
        ev("Nat.ofDigits 10 (List.range 100000)", "Nat", settings=ComputableSettings(max_int_bits=4096))
    assert info.value.limit == "integer size"


def test_unsupported_and_runtime_errors() -> None:
    with pytest.raises(UnsupportedConstruct):
        ev("frobnicate 3", "Nat")
    defs = "def f (n : Nat) : Nat := match n with | 0 => 1"
    with pytest.raises(LeanRuntimeError):
        call(defs, "f", 3)


def test_user_structures() -> None:
    defs = """
structure Map (K V : Type) [BEq K] where
  entries : List (K × V)
deriving Inhabited

def size' (m : Map Int Int) : Nat := m.entries.length
def keys (m : Map Int Int) : List Int := m.entries.map (·.1)
"""
    assert call(defs, "size'", ev("⟨[(1, 2), (3, 4)]⟩", "Map Int Int", defs=defs)) == 2
    m = ev("{ entries := [(5, 6)] }", "Map Int Int", defs=defs)
    assert call(defs, "keys", m) == (5,)
    assert ev("(⟨[(1, 2)]⟩ : Map Int Int) = Map.mk [(1, 2)]", defs=defs) is True


def test_abs_bars_and_multi_line_structures() -> None:
    # Mathlib's `|a|` is `abs a` (no space after the opening bar)
    assert ev("|(3 : Int) - 7| + |(2 : Int)|", "Int") == 6
    defs = """
structure Point where
  x : Int
  y : Int
deriving Repr, BEq

def dist (p : Point) : Int := |p.x| + |p.y|
def shift (p : Point) : Point := { p with x := p.x + 1 }
"""
    assert call(defs, "dist", ev("⟨-3, 4⟩", "Point", defs=defs)) == 7
    assert call(defs, "shift", ev("⟨1, 2⟩", "Point", defs=defs)) == ev("⟨2, 2⟩", "Point", defs=defs)


def test_expected_type_starts_the_binop_maximal_type() -> None:
    # Lean's binop% elaborator initialises the maximal type with a known expected type, so a Nat leaf is coerced
    # before subtracting: `(n - 10 : Int)` is `↑n - 10`, not `↑(n - 10)`
    assert call("def g (n : Nat) : Int := n - 10", "g", 3) == -7
    assert call("def g (n : Nat) : Int := (n - 10 : Int)", "g", 3) == -7
    assert call("def g (n : Nat) : Int := ((n - 10 : Nat) : Int)", "g", 3) == 0
    assert call("def h (x : Int) : Int := x\ndef g (n : Nat) : Int := h (n - 10)", "g", 3) == -7
    assert call("def g (n : Nat) : Int := let y : Int := n - 10; y", "g", 3) == -7
    assert call("def g (n : Nat) : Int := if n > 1 then n - 10 else 0", "g", 3) == -7
    assert call("def g (n : Nat) : Nat := n - 10", "g", 3) == 0


DO_DEFS = """
def sumTo (n : Nat) : Nat := Id.run do
  let mut s := 0
  for i in [0:n] do
    s := s + i
  return s

def firstNeg (xs : List Int) : Option Nat := Id.run do
  let mut i := 0
  for x in xs do
    if x < 0 then
      return some i
    i := i + 1
  return none

def collatz (n : Nat) : Nat := Id.run do
  let mut k := n
  let mut steps := 0
  while k > 1 do
    if k % 2 == 0 then
      k := k / 2
    else
      k := 3 * k + 1
    steps := steps + 1
  steps

def evens (xs : Array Int) : Array Int := Id.run <| do
  let mut out := #[]
  for x in xs do
    unless x % 2 == 0 do
      continue
    out := out.push x
  pure out

def pairs (xs : List (Nat × Nat)) : Nat := Id.run do
  let mut acc := 0
  for (a, b) in xs do
    if a > 10 then break
    acc := acc + a * b
  return acc

def stepRange (n : Nat) : List Nat := Id.run do
  let mut out := []
  for i in [0:n:3] do
    out := out ++ [i]
  return out

def bodyDo (n : Nat) : Nat := do
  let x ← pure (n + 1)
  return x * 2

def g (x : Nat) : Option Nat := if x > 2 then some x else none

def optionDo (x : Nat) : Option Nat := do
  let y ← g x
  return y + 1

def sumSome (xs : List (Option Nat)) : Nat := Id.run do
  let mut s := 0
  for x in xs do
    match x with
    | some v => s := s + v
    | none => pure ()
  return s

def classify (n : Int) : String := Id.run do
  match compare n 0 with
  | .lt => return "neg"
  | .eq => return "zero"
  | .gt =>
    let m := n * 2
    return s!"pos {m}"
"""


def test_do_notation_in_the_id_monad() -> None:
    # let mut / reassignment, for over lists, arrays and [a:b:s] ranges, while, early return, break, continue, unless
    assert call(DO_DEFS, "sumTo", 5) == 10
    assert call(DO_DEFS, "firstNeg", (1, 2, -3, 4)) == Some(2)
    assert call(DO_DEFS, "firstNeg", (1, 2)) is None
    assert call(DO_DEFS, "collatz", 6) == 8
    assert call(DO_DEFS, "evens", LArray((1, 2, 3, 4))) == LArray((2, 4))
    assert call(DO_DEFS, "pairs", ev("[(1, 2), (3, 4), (11, 1), (1, 1)]", "List (Nat × Nat)")) == 14
    assert call(DO_DEFS, "stepRange", 10) == (0, 3, 6, 9)
    assert call(DO_DEFS, "bodyDo", 4) == 10
    # `match` arms inside a do block are statement sequences; Ordering constructors as patterns
    assert call(DO_DEFS, "sumSome", ev("[some 1, none, some 5]", "List (Option Nat)")) == 6
    assert [call(DO_DEFS, "classify", n) for n in (-3, 0, 4)] == ["neg", "zero", "pos 8"]
    # `do` in another monad binds and returns differently (Option: `←` short-circuits on none): not modelled
    with pytest.raises(UnsupportedConstruct):
        call(DO_DEFS, "optionDo", 5)


def test_layout_of_let_rec_bodies_and_match_alternatives() -> None:
    # `let rec` is withPosition at `let`: its body's arguments only need to be right of the `let` column
    defs = """
def count (n : Nat) (d : Nat) : Nat :=
  let rec go (i acc : Nat) : Nat :=
    match i with
    | 0 => acc
    | i'+1 =>
      let acc' := if i' % d = 0 then acc + 1 else acc
      go i' acc'
  go n 0

def firstPair (nums : List Int) (target : Int) : Option (Nat × Nat) :=
  let rec outer (lst : List Int) (i : Nat)
            : Option (Nat × Nat) :=
        match lst with
        | [] =>
            none
        | x :: xs =>
            let rec inner (lst' : List Int) (j : Nat)
                    : Option Nat :=
                match lst' with
                | [] =>
                    none
                | y :: ys =>
                    if x + y = target then
                        some j
                    else
                        inner ys (j + 1)
            match inner xs (i + 1) with
            | some j =>
                some (i, j)
            | none =>
                outer xs (i + 1)
        outer nums 0
"""
    assert call(defs, "count", 10, 3) == 4  # 0, 3, 6, 9
    # matchAlts is withPosition at the first `|`: `outer nums 0` (left of it) is not an argument of the last arm
    assert call(defs, "firstPair", (2, 7, 11, 15), 9) == Some(Pair(0, 1))


INDUCTIVE_DEFS = """
inductive Color where
  | red | green | blue
deriving Repr, BEq, DecidableEq

inductive Tree (α : Type) where
  | leaf : Tree α
  | node : Tree α → α → Tree α → Tree α

def Tree.size {α : Type} : Tree α → Nat
  | .leaf => 0
  | .node l _ r => l.size + 1 + r.size

def Tree.toList {α : Type} : Tree α → List α
  | .leaf => []
  | .node l x r => l.toList ++ [x] ++ r.toList

def colorNum : Color → Nat
  | .red => 0
  | .green => 1
  | .blue => 2

def isRed (c : Color) : Bool := c == .red

def sample : Tree Nat := .node (.node .leaf 1 .leaf) 2 (Tree.node .leaf 3 .leaf)
"""


def test_inductive_types_construct_match_and_compare() -> None:
    assert call(INDUCTIVE_DEFS, "colorNum", ev("Color.blue", "Color", defs=INDUCTIVE_DEFS)) == 2
    assert call(INDUCTIVE_DEFS, "isRed", ev(".red", "Color", defs=INDUCTIVE_DEFS)) is True
    assert call(INDUCTIVE_DEFS, "isRed", ev(".green", "Color", defs=INDUCTIVE_DEFS)) is False
    t = call(INDUCTIVE_DEFS, "sample")
    assert call(INDUCTIVE_DEFS, "Tree.size", t) == 3
    assert call(INDUCTIVE_DEFS, "Tree.toList", t) == (1, 2, 3)
    assert ev("sample.size = 3 ∧ sample ≠ .leaf", defs=INDUCTIVE_DEFS) is True
    assert ev("(Tree.node .leaf 1 .leaf : Tree Nat) = .node .leaf 1 .leaf", defs=INDUCTIVE_DEFS) is True


def test_splits_of_a_known_list_bound_the_pieces() -> None:
    # `e = l₁ ++ [x] ++ l₂`: list pieces range over prefixes / suffixes / sublists of e, elements over e
    assert ev("∃ l1 l2 : List Nat, [1, 2, 3] = l1 ++ l2 ∧ l1.sum = 3") is True
    assert ev("∃ l1 l2 : List Nat, [1, 2, 3] = l1 ++ l2 ∧ l1.sum = 4") is False
    assert ev("∃ l1 x l2, [1, 5, 3] = l1 ++ x :: l2 ∧ x > 4 ∧ l1.length = 1") is True
    assert ev("∀ l1 l2 : List Nat, [3, 1, 2] = l1 ++ [1] ++ l2 → l1 = [3]") is True
    assert ev("∃ pre suf : List Int, [1, 2, 3, 4] = pre ++ [2, 3] ++ suf") is True
    assert ev("∃ l1 l2 : List Nat, [1, 2] = l1 ++ l2 ++ [3]") is False
    assert ev('∃ a b : String, "abc" = a ++ b ∧ a.length = 2 ∧ b = "c"') is True


def test_sublists_and_permutations_of_a_known_list_bound_a_list_variable() -> None:
    assert ev("∃ s : List Nat, s <+ [3, 1, 4, 1] ∧ s.sum = 8") is True
    assert ev("∃ s : List Nat, s <+ [3, 1, 4, 1] ∧ s.sum = 10") is False
    assert ev("∃ s, List.Sublist s [1, 2, 3] ∧ s.length = 2 ∧ s.sum = 4") is True
    assert ev("∃ p : List Nat, p ~ [3, 1, 2] ∧ List.Pairwise (· < ·) p") is True
    assert ev("∀ p : List Nat, p ~ [1, 2, 2] → p.sum = 5") is True
    assert ev("∃ p : List Int, p.Perm [2, 1] ∧ p.head? = some 1") is True
    assert ev("∃ q : List Nat, q <+: [1, 2, 3] ∧ q.sum = 3") is True


def test_proof_binders_in_quantifiers_are_hypotheses() -> None:
    # `∀ i (h : i < n), p` is `∀ i, i < n → p`; `∃ i (h : i < n), p` is `∃ i, i < n ∧ p` (the proof is irrelevant)
    assert ev("∀ i (h : i < [1,2,3].length), [1,2,3][i] > 0") is True
    assert ev("∀ (i : Nat) (h : i < [1,2,3].length), [1,2,3][i] > 1") is False
    assert ev("∀ i : Nat, ∀ h : i < 3, [1,2,3][i]! > 0") is True
    assert ev("∀ i j (hi : i < 3) (hj : j < i), [1,2,3][j]! < [1,2,3][i]!") is True
    assert ev("∀ i (hi : i < 3) j (hj : j < i), [1,2,1][j]! < [1,2,1][i]!") is False
    assert ev("∃ (i : Nat) (h : i < [1,2,3].length), [1,2,3][i] = 4") is False
    assert ev("∃! i, ∃ (h : i < 3), [1,2,2][i]! = 2") is False
    odd = "def isOdd (n : Nat) : Prop := n % 2 = 1\n"
    assert ev("∀ i (hi : i < 3) (h : isOdd i), i < 2", defs=odd) is True
    assert ev("∀ i (hi : i < 3) (h : isOdd i), i < 1", defs=odd) is False
    assert ev("∀ p (h : p < 10) (hp : Nat.Prime p), p % 2 = 1 ∨ p = 2") is True


def test_unbounded_variable_seen_only_through_membership_is_decided() -> None:
    # x meets only the listed values, the thresholds and one value per remaining region: those decide ∀ / ∃
    d = """def same (xs ys : List Int) : Prop := ∀ x, x ∈ xs ↔ x ∈ ys
def pos (xs ys : List Int) : Prop := ∀ x, x ∈ ys ↔ (x ∈ xs ∧ x > 0)
def cnt (xs ys : List Int) : Prop := ∀ x, xs.count x = ys.count x
def gap (xs : List Int) : Prop := ∃ x, x ∉ xs ∧ x > 5 ∧ x < 8
def chars (s r : String) : Prop := ∀ c, r.contains c ↔ s.contains c
def idx (xs ys : List Int) : Prop := ∀ x, x ∈ ys ↔ ∃ i, i < xs.length ∧ xs[i]! = x
def via (xs ys : List Int) : Prop := ∀ x, x ∈ ys ↔ ∃ y ∈ xs, y = x
def other (xs ys : List Int) : Prop := ∀ x, x ∈ ys ∨ (x + 1) * (x + 1) ≥ 0
"""
    assert call(d, "same", (1, 2), (2, 1)) is True
    assert call(d, "same", (1, 2), (2, 3)) is False
    assert call(d, "pos", (1, -2), (1,)) is True
    assert call(d, "pos", (1, -2), ()) is False
    assert call(d, "cnt", (1, 2), (2, 1)) is True
    assert call(d, "cnt", (1, 2), (2, 2)) is False
    assert call(d, "gap", (6, 7)) is False
    assert call(d, "gap", (6,)) is True
    assert call(d, "chars", "ab", "ba") is True
    assert call(d, "chars", "ab", "b") is False
    assert call(d, "idx", (1, 2), (2, 1)) is True
    assert call(d, "idx", (1, 2), (2, 1, 0)) is False
    assert call(d, "via", (1, 2), (2, 1)) is True
    with pytest.raises(Undecided):  # x also occurs inside arithmetic: no finite support
        call(d, "other", (1, 2), (2, 1))


def test_bitwise_operators_follow_lean_precedence() -> None:
    # Init/Prelude: infixl:55 |||, 58 ^^^, 60 &&&, 75 <<< >>> (above + at 65)
    assert ev("(5 : Nat) &&& 3 = 1") is True
    assert ev("(5 : Nat) ||| 2 = 7") is True
    assert ev("(5 : Nat) ^^^ 1 = 4") is True
    assert ev("1 <<< 3 + 1 = 9") is True  # (1 <<< 3) + 1
    assert ev("(6 ||| 1 &&& 3) = 7") is True  # 6 ||| (1 &&& 3)
    assert ev("(-8 : Int) >>> 1 = -4") is True  # Int.shiftRight rounds down
    assert ev("(-7 : Int) >>> 1 = -4") is True
    assert ev("(255 : UInt8) <<< 1 = 254") is True
    assert ev("∀ n < 8, n &&& (n - 1) = 0 ↔ n = 0 ∨ n = 1 ∨ n = 2 ∨ n = 4") is True


def test_range_literal_as_a_term() -> None:
    # `[a:b]` / `[:b]` / `[a:b:s]` (Std.Range) outside `for`: membership and iteration over its values
    assert ev("∀ i ∈ [0:3], i < 3") is True
    assert ev("∃ i ∈ [2:5], i * i = 16") is True
    assert ev("∃ i ∈ [:4], i = 4") is False
    assert ev("[[1, 2], [3]].length = 2") is True  # ordinary list literals are unaffected


def test_quantifier_membership_in_options_and_hash_maps() -> None:
    # `k ∈ some b ↔ k = b`, `k ∈ none` never; `k ∈ m` for a HashMap ranges over its keys
    d = """def o1 (o : Option Nat) (xs : List Nat) : Prop := ∀ k, k ∈ o → k ∈ xs
def m1 (xs : List Nat) : Prop :=
  ∀ k, k ∈ (xs.foldl (fun m x => m.insert x 1) (Std.HashMap.empty : Std.HashMap Nat Nat)) ↔ k ∈ xs
def m3 (xs : List Nat) : Prop :=
  ∃ k ∈ (xs.foldl (fun m x => m.insert x 1) (Std.HashMap.empty : Std.HashMap Nat Nat)), k = 2
"""
    assert call(d, "o1", None, (1,)) is True
    assert call(d, "o1", Some(1), (1,)) is True
    assert call(d, "o1", Some(2), (1,)) is False
    assert call(d, "m1", (1, 2)) is True
    assert call(d, "m3", (1, 2)) is True
    assert call(d, "m3", (1, 3)) is False


def test_equations_on_the_bound_variable_are_elaborated_at_the_relation_type() -> None:
    # binrel%: in `k = n - 7` with k : Int the right side is ↑n - 7 (Int), not the truncated Nat difference
    d = """def f17 (n : Nat) : Prop := ∃ k : Int, k * 2 = n - 7
def f19 (n : Nat) : Prop := ∃ k : Int, k = n - 7
def f22 (x : Int) : Prop := ∃ i : Nat, i - 3 = x
def f25 (n : Nat) : Prop := ∃ k : Int, k * 2 = ((n - 7 : Nat) : Int)
def f27 (n : Nat) : Prop := ∃ k : Nat, (k : Int) = n - 7
def f28 (n : Nat) : Prop := ∃ k : Nat, k = n - 7
def f30 (n : Nat) (xs : List Nat) : Prop := ∀ k : Nat, k ∈ xs ∨ (k : Int) ≥ n - 7
"""
    assert call(d, "f17", 3) is True  # k = -2
    assert call(d, "f19", 3) is True  # k = -4
    assert call(d, "f22", -3) is True  # ↑0 - 3
    assert call(d, "f22", -4) is False
    assert call(d, "f25", 3) is True  # 0 = k * 2
    assert call(d, "f25", 8) is False
    assert call(d, "f27", 3) is False
    assert call(d, "f27", 9) is True
    assert call(d, "f28", 3) is True  # Nat: 3 - 7 = 0
    assert call(d, "f30", 3, ()) is True
    assert call(d, "f30", 9, (0,)) is False
    assert call(d, "f30", 9, (0, 1)) is True


def test_int_variable_bounds_keep_negative_values_and_int_elaboration() -> None:
    # `-5 < i` starts an Int range at -4 (not clipped at 0); `n - 7 ≤ i` with i : Int is ↑n - 7 ≤ i
    d = """def g1 (n : Nat) : Prop := ∃ i : Int, n - 7 ≤ i ∧ i < 0
def g2 (n : Nat) : Prop := ∀ i : Int, n - 7 ≤ i → i < 0 → False
def g5 (n : Nat) : Prop := ∃ i : Int, i < n - 7 ∧ i > -6
def g6 (n : Nat) : Prop := ∃ i : Int, -5 < i ∧ i < 0
def g7 (n : Nat) : Prop := ∀ i : Int, -5 < i → i < 0 → i ≥ 0
"""
    assert call(d, "g1", 3) is True
    assert call(d, "g2", 3) is False
    assert call(d, "g5", 3) is True
    assert call(d, "g6", 3) is True
    assert call(d, "g7", 3) is False


def test_support_values_cover_every_region_of_a_nat_variable() -> None:
    # the only threshold (-11) lies below 0: a Nat variable still needs a value of its own region [0, ∞)
    d = """def q (xs : List Nat) (z : Int) : Prop := ∃ x : Nat, (xs.count x = 1) ↔ (x ∉ xs ∧ (x : Int) < z - 4)
def r (xs : List Nat) (z : Int) : Prop := ∀ x : Nat, x ∈ xs ∨ (x : Int) > z
"""
    assert call(d, "q", (), -7) is True
    assert call(d, "r", (), -7) is True
    assert call(d, "r", (1,), 0) is False  # x = 0
    assert call(d, "r", (0,), 0) is True


def test_index_only_variables_range_over_the_indices_plus_one_out_of_range() -> None:
    # `xs[i]!` is the same `default` for every i ≥ xs.length: the indices and one index beyond decide
    d = """def a1 (xs : List Nat) (n : Nat) : Prop := ∀ i : Nat, xs[i]! ≤ n
def a2 (xs : List Nat) : Prop := ∃ i j : Nat, xs[i]! < xs[j]!
def a3 (xs : List Nat) : Prop := ∀ i j : Nat, xs[i]! = xs[j]!
def a5 (xs : Array Int) : Prop := ∀ i : Nat, xs[i]! ≥ 0
"""
    assert call(d, "a1", (1, 5), 5) is True
    assert call(d, "a1", (1, 5), 4) is False
    assert call(d, "a2", (1, 1)) is True  # xs[2]! = 0 < 1
    assert call(d, "a2", (0, 0)) is False
    assert call(d, "a3", (1, 1)) is False
    assert call(d, "a3", (0, 0)) is True
    assert call(d, "a5", (1, 2)) is True
    assert call(d, "a5", (1, -2)) is False


def test_relation_sides_are_elaborated_without_expected_type_then_coerced() -> None:
    # binrel% (Lean Elab/Extra toTree): each side is a leaf elaborated with no expected type, then coerced to
    # the maximal type — an `if` / `min` / `foldl` over Nats stays a Nat (truncated) before ↑
    d = """def f2 (a : Nat) (r : Int) : Prop := r = if a > 5 then a - 10 else 0
def f4 (a : Nat) : Int := if a > 5 then a - 10 else 0
def f11 (a : Nat) (r : Int) : Prop := r = min (a - 10) 0
def f12 (xs : List Nat) (r : Int) : Prop := r = xs.foldl (fun acc x => acc - x) 0
def f13 (xs : List Nat) (r : Int) : Prop := r = xs.sum - 10
"""
    assert call(d, "f2", 7, 0) is True
    assert call(d, "f2", 7, -3) is False
    assert call(d, "f4", 7) == -3  # here the expected type Int reaches the branches
    assert call(d, "f11", 7, 0) is True
    assert call(d, "f12", (1, 2), 0) is True
    assert call(d, "f13", (1,), -9) is True  # a binop tree: ↑xs.sum - 10
    # a `match` postpones until it has an expected type (its leaf type stays unknown): it is elaborated at Int
    m = "def f10 (a : Nat) (r : Int) : Prop := r = (match a with | 0 => 0 | k + 1 => k - 10)\n"
    assert call(m, "f10", 3, -8) is True
    t = "def g (a : Nat) (r : Int) : Prop := r + 1 = (match a with | 0 => 0 | k + 1 => k - 10)\n"
    assert call(t, "g", 3, -9) is True  # inside an arithmetic tree too


def test_user_defined_power_functions_are_solved_like_pow() -> None:
    # f b 0 = 1, f b (k+1) = b * f b k is b ^ k (induction on k): `∃ x, f 2 x = n` gets pow's exact solver
    d = """def pow (base : Int) (exp : Nat) : Int :=
  match exp with
  | 0 => 1
  | n+1 => base * pow base n
def pw2 : Int → Nat → Int
  | _, 0 => 1
  | b, n + 1 => pw2 b n * b
def notpow (base : Int) (exp : Nat) : Int :=
  match exp with
  | 0 => 1
  | n+1 => base * notpow base n + 1
def p1 (n : Int) : Prop := ∃ x : Nat, pow 2 x = n ∧ n > 0
def p2 (n : Int) : Prop := ∃ x : Nat, pw2 2 x = n
def p3 (n : Int) : Prop := ∃ x : Nat, notpow 2 x = n
def p4 : Int := pow (-3) 3
"""
    assert call(d, "p1", 8) is True
    assert call(d, "p1", 12) is False
    assert call(d, "p2", 16) is True
    assert call(d, "p2", 17) is False
    assert call(d, "p4") == -27
    with pytest.raises(Undecided):  # not a power function: still only a bounded search
        call(d, "p3", 4)


def test_squares_of_an_unbounded_variable_flip_only_near_the_root() -> None:
    d = """def s1 (ys : List Int) (t : Int) : Prop := ∀ x : Int, x * x ≥ t ∨ x ∈ ys
def s2 (t : Nat) : Prop := ∃ x : Nat, x ^ 2 = t
def s3 (xs : List Nat) (n : Nat) : Prop := ∀ x : Nat, x * x < n → x ∈ xs
"""
    assert call(d, "s1", (-1, 0, 1), 4) is True
    assert call(d, "s1", (0, 1), 4) is False  # x = -1
    assert call(d, "s2", 49) is True
    assert call(d, "s2", 50) is False
    assert call(d, "s3", (0, 1, 2), 9) is True
    assert call(d, "s3", (0, 1, 2), 10) is False  # x = 3
