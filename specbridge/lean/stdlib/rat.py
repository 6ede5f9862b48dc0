"""Rat (ℚ): Batteries/Data/Rat/Basic.lean at v4.18.0 (Mathlib's `ℚ` is this type). Values are Python Fractions,
which are normalized like Lean's `Rat` (coprime `num`/`den`, `den > 0`), so `num`/`den` read them off directly."""

from __future__ import annotations

from fractions import Fraction

from specbridge.lean.arith import int_ediv, rat, rat_div
from specbridge.lean.stdlib import builtin


@builtin("Rat.num", "(q : Rat) : Int")
def rat_num(q: Fraction) -> int:
    return rat(q).numerator


@builtin("Rat.den", "(q : Rat) : Nat")
def rat_den(q: Fraction) -> int:
    return rat(q).denominator


@builtin("Rat.inv", "(q : Rat) : Rat")
def rat_inv(q: Fraction) -> Fraction:
    # `Rat.inv 0 = 0`
    return rat_div(1, q)


@builtin("Rat.div", "(a : Rat) (b : Rat) : Rat")
def rat_div_fn(a: Fraction, b: Fraction) -> Fraction:
    return rat_div(a, b)


@builtin("Rat.add", "(a : Rat) (b : Rat) : Rat")
def rat_add(a: Fraction, b: Fraction) -> Fraction:
    return rat(a) + b


@builtin("Rat.sub", "(a : Rat) (b : Rat) : Rat")
def rat_sub(a: Fraction, b: Fraction) -> Fraction:
    return rat(a) - b


@builtin("Rat.mul", "(a : Rat) (b : Rat) : Rat")
def rat_mul(a: Fraction, b: Fraction) -> Fraction:
    return rat(a) * b


@builtin("Rat.neg", "(a : Rat) : Rat")
def rat_neg(a: Fraction) -> Fraction:
    return -rat(a)


@builtin("Rat.floor", "(q : Rat) : Int")
def rat_floor(q: Fraction) -> int:
    # `if a.den = 1 then a.num else a.num / a.den` (Int division rounds down for a positive divisor)
    q = rat(q)
    return q.numerator if q.denominator == 1 else int_ediv(q.numerator, q.denominator)


@builtin("Rat.ceil", "(q : Rat) : Int")
def rat_ceil(q: Fraction) -> int:
    # `if a.den = 1 then a.num else a.num / a.den + 1`
    q = rat(q)
    return q.numerator if q.denominator == 1 else int_ediv(q.numerator, q.denominator) + 1


@builtin("Rat.isInt", "(q : Rat) : Bool")
def rat_is_int(q: Fraction) -> bool:
    return rat(q).denominator == 1


@builtin("mkRat", "(num : Int) (den : Nat) : Rat")
def mk_rat(num: int, den: int) -> Fraction:
    # `mkRat n 0 = 0`
    return Fraction(0) if den == 0 else Fraction(num, den)


@builtin("Rat.divInt", "(num : Int) (den : Int) : Rat")
def rat_div_int(num: int, den: int) -> Fraction:
    # `n /. d`: `0` when `d = 0`, the sign moves to the numerator
    return Fraction(0) if den == 0 else Fraction(num, den)


@builtin("Rat.ofInt", "(n : Int) : Rat")
def rat_of_int(n: int) -> Fraction:
    return Fraction(n)
