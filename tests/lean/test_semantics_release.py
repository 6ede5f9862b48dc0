"""Semantic probes: small Lean terms whose truth value follows from the sources of the declared release (v4.18.0).

Each test names the file of leanprover/lean4, leanprover-community/batteries or leanprover-community/mathlib4 whose
definition gives the expected value. A wrong value here is a wrong verdict of layer 2.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from lean_helpers import call, ev

from specbridge.errors import LeanParseError, SpecBridgeError, UnsupportedConstruct

# -- ASCII binders -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("term", "value"),
    [
        # src/Lean/Parser/Term.lean: «forall» := leading_parser:leadPrec unicodeSymbol "∀" "forall" … ", " termParser
        ("forall x, x < 3 → x < 4", True),
        ("forall x, x < 2 → x < 1", False),
        ("forall (x : Nat) (y : Nat), x < 3 → y < 3 → x * y < 9", True),
        # the body extends as far as possible, like ∀: `(forall x, …) → False` needs the parentheses
        ("(forall x, x < 2 → x < 1) → False", True),
        # Init/Core.lean: macro "exists" xs:explicitBinders ", " b:term : term => expandExplicitBinders ``Exists xs b
        ("exists x, x < 3 ∧ x > 1", True),
        ("exists x y, x + y = 5 ∧ x = 2 ∧ y = 3", True),
        ("exists x : Int, x * x = 4 ∧ x < 0", True),
        ("(fun x ↦ x + 1) 2 = 3", True),
    ],
)
def test_ascii_binders(term: str, value: bool) -> None:
    assert ev(term) is value


def test_ascii_binders_take_no_binder_predicate() -> None:
    # Init/BinderPredicates.lean declares `∀ x < n, p` on the unicode symbols only
    with pytest.raises(LeanParseError, match="no binder predicate"):
        ev("forall x < 2, x < 1")


# -- Mathlib's congruence notations ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("term", "value"),
    [
        # Mathlib/Data/Nat/ModEq.lean: notation:50 a " ≡ " b " [MOD " n "]" => Nat.ModEq n a b; a % n = b % n
        ("7 ≡ 2 [MOD 5]", True),
        ("¬ 7 ≡ 3 [MOD 5] ∧ 7 ≡ 2 [MOD 5]", True),
        ("7 ≡ 7 [MOD 0] ∧ ¬ 7 ≡ 2 [MOD 0]", True),  # `n % 0 = n`: MOD 0 is equality
        ("∀ n < 10, n + 1 ≡ 11 + n [MOD 5]", True),
        ("Nat.ModEq 4 1 5", True),
        # Mathlib/Data/Int/ModEq.lean: notation:50 a " ≡ " b " [ZMOD " n "]" => Int.ModEq n a b; `%` is Int.emod
        ("(-3 : Int) ≡ 2 [ZMOD 5]", True),
        ("(-1 : Int) ≡ 4 [ZMOD -5]", True),  # modEq_neg
        ("(-1 : Int) ≡ 1 [ZMOD 3]", False),
        ("∀ n : Nat, n < 10 → (n : Int) ≡ n + 10 [ZMOD 5]", True),
    ],
)
def test_modeq_notations(term: str, value: bool) -> None:
    assert ev(term) is value


def test_other_modeq_notations_are_named() -> None:
    with pytest.raises(LeanParseError, match="PMOD"):
        ev("(1 : Int) ≡ 4 [PMOD 3]")


# -- Rat is exact, Float is IEEE -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("term", "value"),
    [
        # Batteries/Data/Rat/Basic.lean: `Rat.ofScientific` is exact, so decimal literals at ℚ are exact
        ("(0.1 : Rat) + 0.2 = 0.3", True),
        ("(0.1 : ℚ) + 0.2 = 0.3", True),
        ("((1 : ℚ) / 3) * 3 = 1", True),
        ("(1 : ℚ) / 3 < 0.34", True),
        ("(1 : ℚ) / 0 = 0", True),  # `Rat.inv 0 = 0`
        ("((3 : Rat) / 6).num = 1 ∧ ((3 : Rat) / 6).den = 2", True),  # normalized: coprime num/den, den > 0
        ("((-3 : Rat) / 6).num = -1", True),
        ("(2.5 : ℚ).floor = 2 ∧ (-2.5 : ℚ).floor = -3 ∧ (-2.5 : ℚ).ceil = -2", True),
        ("∀ n : Nat, n < 5 → ((n : ℚ) / 2) * 2 = n", True),
        # Init/Data/OfScientific.lean: `Float` is the default instance, IEEE binary64
        ("(0.1 : Float) + 0.2 = 0.3", False),
        ("0.1 + 0.2 = 0.3", False),
    ],
)
def test_rat_exact_float_ieee(term: str, value: bool) -> None:
    assert ev(term) is value


def test_rat_values_and_coercions() -> None:
    defs = """def half (n : Nat) : ℚ := n / 2
def avg (xs : List Int) : Rat := if xs.length = 0 then 0 else (xs.sum : ℚ) / xs.length
def avg_post (xs : List Int) (r : Rat) : Prop := r * xs.length = xs.sum
"""
    assert call(defs, "half", 7) == Fraction(7, 2)
    assert call(defs, "avg", (1, 2)) == Fraction(3, 2)
    assert ev("avg_post [1, 2] 1.5", defs=defs) is True
    assert ev("avg_post [1, 2] 1.4", defs=defs) is False
    assert ev("(1.5e2 : ℚ)", "Rat") == 150
    assert ev("((2 : ℚ) / 3) ^ 2", "Rat") == Fraction(4, 9)
    assert ev("[(0.5 : ℚ), 0.25].sum", "Rat") == Fraction(3, 4)
    with pytest.raises(UnsupportedConstruct, match="`%` on Rat"):
        ev("(1 : ℚ) % 2", "Rat")


# -- Option.orElse takes a thunk ---------------------------------------------------------------------------------------


def test_option_or_else_takes_a_thunk_and_or_is_strict() -> None:
    # Init/Data/Option/Basic.lean: `orElse : Option α → (Unit → Option α) → Option α`, `| none, b => b ()`;
    # `or : Option α → Option α → Option α`
    assert ev("(none : Option Nat).orElse (fun _ => some 3) = some 3") is True
    assert ev("(some 1).orElse (fun _ => some 3) = some 1") is True
    assert ev("(none : Option Nat).or (some 3) = some 3 ∧ (some 1).or none = some 1") is True
    assert ev("((none : Option Nat) <|> some 2) = some 2") is True


# -- sorting and permutations --------------------------------------------------------------------------------------


def test_merge_sort_follows_leans_merge_with_a_strict_comparator() -> None:
    # Init/Data/List/Sort/Basic.lean: halves of (n+1)/2 and n/2, `merge` takes the left element iff `le x y`;
    # with `<` on the keys, equal keys come out right-half first: [(1,0),(0,1)] ++ [(1,2)] merges to
    # [(0,1), (1,2), (1,0)], not the stable [(0,1), (1,0), (1,2)]
    assert ev("([(1,0),(0,1),(1,2)].mergeSort (fun a b => a.1 < b.1)).map (·.2)", "List Nat") == (1, 2, 0)
    # with `≤` (the default) it is stable
    assert ev("([(1,0),(0,1),(1,2)].mergeSort (fun a b => a.1 ≤ b.1)).map (·.2)", "List Nat") == (1, 0, 2)
    assert ev("[5, 3, 9, 1, 1, 7].mergeSort = [1, 1, 3, 5, 7, 9]") is True


def test_array_qsort_is_leans_unstable_quicksort() -> None:
    # Init/Data/Array/QSort.lean: median of three, Lomuto partition around `as[hi]`, then `sort low mid` and
    # `sort (mid+1) high`; equal keys are not kept in order
    term = "(#[(1,0),(0,1),(1,2),(0,3),(1,4)].qsort (fun a b => a.1 < b.1)).map (·.2)"
    assert ev(term, "Array Nat") == (3, 1, 4, 2, 0)
    assert ev("#[3, 1, 2, 5, 4].qsort (· < ·) = #[1, 2, 3, 4, 5]") is True


def test_permutations_in_mathlibs_order() -> None:
    # Mathlib/Data/List/Defs.lean: permutations l = l :: permutationsAux l []
    assert ev("[1, 2, 3].permutations", "List (List Nat)") == (
        (1, 2, 3),
        (2, 1, 3),
        (3, 2, 1),
        (2, 3, 1),
        (3, 1, 2),
        (1, 3, 2),
    )
    assert ev("[1, 2, 3].permutations.head? = some [1, 2, 3] ∧ ([] : List Nat).permutations = [[]]") is True
    assert ev("[1, 2, 3, 4].permutations.length = 24 ∧ [1, 2, 3, 4].permutations.Nodup") is True


# -- extract and the panicking `!` variants --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("term", "type_text", "value"),
    [
        # Init/Data/List/Basic.lean: extract (start := 0) (stop := l.length) = (l.drop start).take (stop - start)
        ("[0, 1, 2, 3, 4, 5].extract 2", "List Nat", (2, 3, 4, 5)),
        ("[0, 1, 2, 3, 4, 5].extract (stop := 2)", "List Nat", (0, 1)),
        ("[0, 1, 2, 3, 4, 5].extract 4 2", "List Nat", ()),
        ("#[0, 1, 2, 3].extract 1", "Array Nat", (1, 2, 3)),
        # Init/Data/Array/Basic.lean: `insertIdx! as i a = if i ≤ as.size then … else panic!`, and a panic is
        # `default` (#[]) in the kernel; `insertAt!` is its deprecated alias
        ("#[1, 2, 3].insertIdx! 3 9", "Array Nat", (1, 2, 3, 9)),
        ("#[1, 2, 3].insertIdx! 1 9", "Array Nat", (1, 9, 2, 3)),
        ("#[1, 2, 3].insertIdx! 10 9", "Array Nat", ()),
        ("#[1, 2, 3].insertAt! 10 9", "Array Nat", ()),
        ("#[1, 2, 3].insertIdxIfInBounds 10 9", "Array Nat", (1, 2, 3)),
        # `eraseIdx! xs i = if h : i < xs.size then xs.eraseIdx i h else panic! "invalid index"`
        ("#[1, 2, 3].eraseIdx! 1", "Array Nat", (1, 3)),
        ("#[1, 2, 3].eraseIdx! 3", "Array Nat", ()),
        ("#[1, 2, 3].eraseIdxIfInBounds 3", "Array Nat", (1, 2, 3)),
        # List.eraseIdx is total: out of range, the list is unchanged
        ("[1, 2, 3].eraseIdx 5", "List Nat", (1, 2, 3)),
    ],
)
def test_extract_and_panicking_variants(term: str, type_text: str, value: tuple) -> None:
    assert ev(term, type_text) == value


def test_list_has_no_panicking_insert_or_erase() -> None:
    # v4.18 has no List.insertIdx! / List.eraseIdx! (only Array's): an error or unknown naming it, never a value
    for term in ("[1, 2, 3].insertIdx! 10 5", "[1, 2, 3].eraseIdx! 10"):
        with pytest.raises(SpecBridgeError, match="eraseIdx!|insertIdx!"):
            ev(term, "List Nat")


# -- Nat.toDigits ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("term", "value"),
    [
        # Init/Data/Repr.lean: toDigits base n = toDigitsCore base (n+1) n [], stopping at quotient 0 or no fuel
        ("Nat.toDigits 10 255", ("2", "5", "5")),
        ("Nat.toDigits 16 0xcafe", ("c", "a", "f", "e")),
        ("Nat.toDigits 80 200", ("2", "*")),  # digitChar is '*' above 15
        ("Nat.toDigits 10 0", ("0",)),
        ("Nat.toDigits 0 5", ("5",)),  # n % 0 = n, n / 0 = 0
        ("Nat.toDigits 0 12", ("c",)),
        ("Nat.toDigits 0 20", ("*",)),
        ("Nat.toDigits 1 0", ("0",)),
        ("Nat.toDigits 1 3", ("0", "0", "0", "0")),  # the quotient stays 3: all n + 1 = 4 fuel steps
    ],
)
def test_to_digits(term: str, value: tuple) -> None:
    assert ev(term, "List Char") == value


def test_to_digits_base_one_on_a_huge_number_is_a_limit_not_a_hang() -> None:
    from specbridge.errors import EvaluationLimit

    with pytest.raises(EvaluationLimit):
        ev("Nat.toDigits 1 (10 ^ 12)", "List Char")


# -- relations passed as functions ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("term", "value"),
    [
        # Init/Prelude.lean: Nat.le (inductive), Nat.lt n m := Nat.le (n+1) m; LE.le, LT.lt; GE.ge a b := LE.le b a
        # Init/Data/Int/Basic.lean: Int.le a b := NonNeg (b - a), Int.lt a b := (a + 1) ≤ b
        ("List.Sorted Nat.le [1, 2, 2]", True),
        ("List.Sorted Nat.lt [1, 2, 2]", False),
        ("List.Pairwise Int.lt [-1, 2, 3]", True),
        ("List.Pairwise Int.le [3, -1]", False),
        ("List.Sorted (· ≤ ·) [1, 2, 2]", True),
        ("List.Sorted (· > ·) [3, 2, 1]", True),
        ("List.Pairwise GE.ge [3, 3, 1]", True),
        ("List.Pairwise GT.gt [3, 3, 1]", False),
        ("List.Chain' LT.lt [1, 2, 5]", True),
        ("List.Pairwise Ne [1, 2, 1]", False),
        ("List.Pairwise (fun a b => a ≠ b) [1, 2, 3]", True),
    ],
)
def test_relations_as_functions(term: str, value: bool) -> None:
    assert ev(term) is value


# -- Mathlib intervals, Finset.filter/card, set-builder ------------------------------------------------------------


@pytest.mark.parametrize(
    ("term", "type_text", "value"),
    [
        # Mathlib/Data/List/Intervals.lean: Ico n m = range' n (m - n)
        ("List.Ico 2 5", "List Nat", (2, 3, 4)),
        ("List.Ico 5 2", "List Nat", ()),
        ("((Finset.range 10).filter (fun x => x % 3 = 0)).card", "Nat", 4),
        ("(Finset.filter (fun x => x * x < 30) (Finset.range 100)).card", "Nat", 6),
        ("(Finset.Ico 3 7).card", "Nat", 4),
        # a set-builder whose guards bound the variable is finite: its toFinset is exact
        ("({x | x < 5 ∧ x % 2 = 0} : Set Nat).toFinset.card", "Nat", 3),
        ("{x : Nat | x ∣ 12}.toFinset.card", "Nat", 6),
        ("Set.ncard {x | x ∈ [1, 2, 2, 3]}", "Nat", 3),
        ("{b : Bool | b = true}.toFinset.card", "Nat", 1),
        ("{x | x < 4} = ({0, 1, 2, 3} : Set Nat)", "Bool", True),
        ("3 ∈ {x : Nat | x > 2}", "Bool", True),
    ],
)
def test_intervals_finsets_set_builder(term: str, type_text: str, value: object) -> None:
    assert ev(term, type_text) == value


def test_unbounded_set_builder_is_a_named_unknown() -> None:
    with pytest.raises(UnsupportedConstruct, match="no finite bound on x"):
        ev("{x : Nat | x > 5}.toFinset.card", "Nat")


# -- Fin n wraps modulo n --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("term", "value"),
    [
        # Init/Data/Fin/Basic.lean: add ⟨a, h⟩ ⟨b, _⟩ := ⟨(a + b) % n, …⟩, mul likewise, sub a b := (a + (n - b)) % n;
        # `OfNat (Fin (n+1)) i` is Fin.ofNat i = i % (n+1)
        ("(3 : Fin 5) + 4 = 2", True),
        ("(3 : Fin 5) * 4 = 2", True),
        ("(2 : Fin 5) - 4 = 3", True),
        ("(7 : Fin 5) = 2", True),
        ("(7 : Fin 5).val = 2", True),
        ("(4 : Fin 5) / 2 = 2", True),
        ("∀ i : Fin 4, i + 1 ≠ 0", False),  # 3 + 1 wraps to 0
        ("∀ i : Fin 3, [5, 6, 7][i]! > 4", True),
        ("((3 : Fin 5) : Nat) + 4 = 7", True),  # coerced to Nat first: no wrap
        ("(3 : Fin 5).val + 4 = 7", True),
    ],
)
def test_fin_wraps(term: str, value: bool) -> None:
    assert ev(term) is value


def test_fin_with_a_variable_modulus() -> None:
    defs = """def f (n : Nat) (i : Fin n) : Nat := i.val + 1
def g (i : Fin 4) : Fin 4 := i + 1
def h (xs : List Nat) : Prop := ∀ i : Fin xs.length, xs.get i ≤ 10
def k (n : Nat) (i : Fin n) : Fin n := i + i
"""
    assert call(defs, "f", 5, 4) == 5
    assert call(defs, "g", 3) == 0
    assert ev("h [1, 2, 3]", defs=defs) is True and ev("h [1, 20]", defs=defs) is False
    # Fin n arithmetic with a modulus known only at run time is a named unknown, never Nat arithmetic
    with pytest.raises(UnsupportedConstruct, match="not a literal"):
        call(defs, "k", 5, 4)


# -- inductive predicates, structures and inductive types in a spec's helpers ---------------------------------------

_PREDICATES = """inductive Ev : Nat → Prop where
  | zero : Ev 0
  | step (n : Nat) : Ev n → Ev (n + 2)

inductive Ev2 : Nat → Prop
  | zero : Ev2 0
  | step : ∀ n, Ev2 n → Ev2 (n + 2)

inductive Ev3 : Nat → Prop where
  | zero : Ev3 0
  | step {n : Nat} (h : Ev3 n) : Ev3 (n + 2)

inductive Sorted' : List Nat → Prop where
  | nil : Sorted' []
  | single (x : Nat) : Sorted' [x]
  | cons (x y : Nat) (rest : List Nat) : x ≤ y → Sorted' (y :: rest) → Sorted' (x :: y :: rest)

inductive Le' : Nat → Nat → Prop where
  | refl (n : Nat) : Le' n n
  | step (n m : Nat) : Le' n m → Le' n (m + 1)

inductive Palin : List Nat → Prop where
  | nil : Palin []
  | one (a : Nat) : Palin [a]
  | more (a : Nat) (l : List Nat) : Palin l → Palin (a :: (l ++ [a]))

inductive AllPos (l : List Int) : Prop where
  | mk : (∀ x ∈ l, x > 0) → AllPos l

inductive Sym : Nat → Nat → Prop where
  | base : Sym 1 2
  | swap (a b : Nat) : Sym a b → Sym b a

inductive Path : Nat → Nat → Prop where
  | edge : Path 0 1
  | trans (a b c : Nat) : Path a b → Path b c → Path a c

def parity_post (n : Nat) (r : Bool) : Prop := (r = true) ↔ Ev n
"""


@pytest.mark.parametrize(
    ("term", "value"),
    [
        # an inductive predicate is its least fixed point: `P v` iff some constructor concludes `P v` from premises
        # that hold (Lean reference: "Inductive Types", inductive families / Prop-valued inductives)
        ("Ev 4", True),
        ("Ev 7", False),
        ("∀ n < 12, Ev n ↔ n % 2 = 0", True),
        ("Ev2 6 ∧ ¬ Ev2 5", True),
        ("Ev3 8 ∧ ¬ Ev3 1", True),  # a hypothesis binder `(h : Ev3 n)` is a premise
        ("Sorted' [1, 2, 2, 5] ∧ ¬ Sorted' [1, 3, 2] ∧ Sorted' []", True),
        ("Le' 2 5 ∧ ¬ Le' 5 2", True),
        ("Palin [1, 2, 1] ∧ Palin [1, 2, 2, 1] ∧ ¬ Palin [1, 2, 3]", True),
        ("AllPos [1, 2] ∧ ¬ AllPos [1, -2]", True),
        ("Sym 2 1 ∧ ¬ Sym 2 3", True),  # `swap` loops back to its own goal: that branch fails, it does not hang
        ("parity_post 4 true ∧ parity_post 3 false ∧ ¬ parity_post 3 true", True),
    ],
)
def test_inductive_predicates(term: str, value: bool) -> None:
    assert ev(term, defs=_PREDICATES) is value


def test_undecidable_inductive_predicate_is_named() -> None:
    # `trans` has a middle point `b` that its conclusion does not fix: no bounded inversion, a named unknown
    assert ev("Path 0 1", defs=_PREDICATES) is True
    with pytest.raises(UnsupportedConstruct, match="inductive predicate Path: constructor trans"):
        ev("Path 0 2", defs=_PREDICATES)


def test_structures_and_inductive_types_in_helpers() -> None:
    defs = """structure Pt where
  x : Nat
  y : Nat

inductive Color where
  | red
  | green
  deriving Repr, DecidableEq

inductive Shape
  | circle (r : Nat)
  | rect (w h : Nat)

def good (c : Color) (p : Pt) : Prop := c = Color.red ∧ p.x < p.y
def area : Shape → Nat
  | .circle r => 3 * r * r
  | .rect w h => w * h
"""
    # constructors one per line, and a two-letter structure name (`Pt` is not an auto-bound type variable)
    assert ev("good Color.red ⟨1, 2⟩", defs=defs) is True
    assert ev("good .green { x := 1, y := 2 }", defs=defs) is False
    assert ev("good .red { x := 3, y := 2 }", defs=defs) is False
    assert ev("area (.rect 2 3) = 6 ∧ area (Shape.circle 1) = 3", defs=defs) is True


# -- names and printing as v4.18 has them ------------------------------------------------------------------------------


def test_int_div_and_mod_are_not_v418_names() -> None:
    # Init/Data/Int/DivMod/Basic.lean: T-rounding is Int.tdiv/Int.tmod (renamed in lean4 #5301); the deprecated
    # aliases Int.div/Int.mod were removed in lean4 #6322 (Dec 2024): rejected by name, never a Euclidean value
    assert ev("Int.tdiv (-7) 2 = -3 ∧ Int.tmod (-7) 2 = -1 ∧ Int.fdiv (-7) 2 = -4 ∧ (-7 : Int) / 2 = -4") is True
    assert ev("Int.ediv (-7) 2 = -4 ∧ Int.emod (-7) 2 = 1") is True
    for term in ("Int.div (-7) 2", "Int.mod (-7) 2"):
        with pytest.raises(SpecBridgeError, match="Int.div|Int.mod"):
            ev(term, "Int")


@pytest.mark.parametrize(
    ("term", "value"),
    [
        # src/runtime/object.cpp: lean_float_to_string is std::to_string (printf `%f`), NaN printed as "NaN"
        ("toString (1.0 : Float)", "1.000000"),
        ("(2.5 : Float).toString", "2.500000"),
        ('s!"{(1.5 : Float)}"', "1.500000"),
        ("toString ((1.0 : Float) / 0)", "inf"),
        ("toString ((0.0 : Float) / 0)", "NaN"),
        ("toString [1.5, 2]", "[1.500000, 2.000000]"),
        # Batteries/Data/Rat/Basic.lean: Rat's toString is `num/den`, or `num` for an integer
        ("toString ((1 : ℚ) / 2)", "1/2"),
        ("toString ((4 : ℚ) / 2)", "2"),
    ],
)
def test_to_string_of_numbers(term: str, value: str) -> None:
    assert ev(term, "String") == value


def test_anonymous_hypothesis_in_a_termination_proof_lexes() -> None:
    # `‹p›` (Init/Tactics.lean: `(by assumption : p)`) appears in decreasing_by proofs, which the parser skips
    defs = """def g (a b : Nat) : Nat :=
  if h : a = 0 then b else g (b % a) a
termination_by a
decreasing_by
  simp_wf
  exact Nat.mod_lt b (Nat.pos_of_ne_zero ‹a ≠ 0›)
"""
    assert call(defs, "g", 12, 18) == 6


def test_inductive_predicate_witness_search_is_bounded_and_one_sided() -> None:
    # a constructor variable its conclusion leaves open is searched below the search bound: a witness proves the
    # predicate, its absence proves nothing (unknown, naming the predicate and the variable)
    from specbridge.errors import EvaluationLimit

    defs = """inductive EvW : Nat → Prop where
  | mk (n k : Nat) : n = 2 * k → EvW n

inductive Sq : Int → Prop where
  | mk (x r : Int) : r * r = x → Sq x
"""
    assert ev("EvW 6 ∧ Sq 49 ∧ Sq 0", defs=defs) is True
    for term in ("EvW 7", "Sq 50"):
        with pytest.raises(EvaluationLimit, match=r"inductive predicate (EvW|Sq): constructor mk: no (k|r) below"):
            ev(term, defs=defs)
