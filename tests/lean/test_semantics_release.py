"""Semantic probes: small Lean terms whose truth value follows from the sources of the declared release (v4.18.0).

Each test names the file of leanprover/lean4, leanprover-community/batteries or leanprover-community/mathlib4 whose
definition gives the expected value. A wrong value here is a wrong verdict of layer 2.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from lean_helpers import call, ev

from specbridge.errors import LeanParseError, UnsupportedConstruct

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
