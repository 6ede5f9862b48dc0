"""Lean's arithmetic on Nat and Int (Init/Data/Nat/Basic.lean, Init/Data/Int/DivMod.lean), IEEE Float and exact Rat.

`/` and `%` on Int are `Int.ediv`/`Int.emod` (Euclidean: the remainder is never negative); `Int.tdiv`
rounds toward zero and `fdiv` toward negative infinity (v4.18 has no `Int.div`). Division by zero gives 0 and
`x % 0 = x`.
"""

from __future__ import annotations

import math
from fractions import Fraction


def int_ediv(a: int, b: int) -> int:
    """`Int.ediv` (Lean's `/` on Int): rounds so that the remainder is non-negative; x / 0 = 0."""
    if b == 0:
        return 0
    if b > 0:
        return a // b
    return -(a // -b)


def int_emod(a: int, b: int) -> int:
    """`Int.emod` (Lean's `%` on Int): always ≥ 0 for b ≠ 0; x % 0 = x."""
    if b == 0:
        return a
    return a - b * int_ediv(a, b)


def int_tdiv(a: int, b: int) -> int:
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def int_tmod(a: int, b: int) -> int:
    if b == 0:
        return a
    return a - b * int_tdiv(a, b)


def int_fdiv(a: int, b: int) -> int:
    return 0 if b == 0 else a // b


def int_fmod(a: int, b: int) -> int:
    return a if b == 0 else a % b


def nat_sub(a: int, b: int) -> int:
    return a - b if a > b else 0


def nat_div(a: int, b: int) -> int:
    return a // b if b else 0


def nat_mod(a: int, b: int) -> int:
    return a % b if b else a


# Lean's `+ - * / %` on each whole-number type, by operator: what formulas of numbers are evaluated with outside
# the interpreter (`generate.enumerate.stated_formulas`, `generate.searches`)
BINARY_OPERATIONS = {
    "Nat": {"+": lambda a, b: a + b, "-": nat_sub, "*": lambda a, b: a * b, "/": nat_div, "%": nat_mod},
    "Int": {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": int_ediv, "%": int_emod},
}


def float_div(a: float, b: float) -> float:
    try:
        return a / b
    except ZeroDivisionError:
        if a == 0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)


def float_to_string(x: float) -> str:
    """`Float.toString` (src/runtime/object.cpp, lean_float_to_string): C++ `std::to_string`, i.e. printf's `%f`
    (six decimals: `1.000000`, `inf`, `-inf`), and `NaN` for every NaN."""
    if math.isnan(x):
        return "NaN"
    return f"{x:f}"


def float_mod(a: float, b: float) -> float:
    try:
        return math.fmod(a, b)
    except (ValueError, ZeroDivisionError):
        return math.nan


# -- Rat (Batteries/Data/Rat/Basic.lean at v4.18.0): exact, always normalized (a Python Fraction) ---------------


def rat(x: int | Fraction) -> Fraction:
    """A Nat/Int/Rat value as a Rat (`Int.cast`/`NatCast`: exact)."""
    return x if type(x) is Fraction else Fraction(x)


def rat_div(a: int | Fraction, b: int | Fraction) -> Fraction:
    """`Rat.div a b = a * b.inv` and `Rat.inv 0 = 0`, so `a / 0 = 0`."""
    return Fraction(0) if b == 0 else rat(a) / b


def rat_of_scientific(text: str) -> Fraction:
    """A decimal/scientific literal at type Rat: `Rat.ofScientific m s e` is the exact `m * 10^∓e`."""
    return Fraction(text.replace("_", ""))
