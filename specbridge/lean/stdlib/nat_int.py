"""Nat, Int, Float, UInt8 and Char: Lean's definitions (Init/Data/{Nat,Int,Float,UInt,Char})."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from specbridge.errors import EvaluationLimit
from specbridge.lean.arith import (
    float_to_string,
    int_ediv,
    int_emod,
    int_fdiv,
    int_fmod,
    int_tdiv,
    int_tmod,
    nat_div,
    nat_mod,
    nat_sub,
)
from specbridge.lean.limits import ELEMENTS_PER_STEP, build, charge
from specbridge.lean.stdlib import builtin
from specbridge.lean.values import Some

# -- Nat --------------------------------------------------------------------------------------------------------


@builtin("Nat.succ", "(n : Nat) : Nat")
def nat_succ(n: int) -> int:
    return n + 1


@builtin("Nat.pred", "(n : Nat) : Nat")
def nat_pred(n: int) -> int:
    return n - 1 if n > 0 else 0


@builtin("Nat.add", "(a : Nat) (b : Nat) : Nat")
def nat_add(a: int, b: int) -> int:
    return a + b


# Truncated subtraction has one implementation, specbridge.lean.arith.nat_sub, shared with the `-` operator.
builtin("Nat.sub", "(a : Nat) (b : Nat) : Nat")(nat_sub)


@builtin("Nat.mul", "(a : Nat) (b : Nat) : Nat")
def nat_mul(a: int, b: int) -> int:
    return a * b


@builtin("Nat.div", "(a : Nat) (b : Nat) : Nat")
def _nat_div(a: int, b: int) -> int:
    return nat_div(a, b)


@builtin("Nat.mod", "(a : Nat) (b : Nat) : Nat")
def _nat_mod(a: int, b: int) -> int:
    return nat_mod(a, b)


@builtin("Nat.pow", "(a : Nat) (b : Nat) : Nat")
def nat_pow(a: int, b: int) -> int:
    if a > 1 and b * a.bit_length() > 1 << 20:
        raise EvaluationLimit("integer size", f"{a} ^ {b}")
    return a**b


@builtin("Nat.min", "(a : Nat) (b : Nat) : Nat")
def nat_min(a: int, b: int) -> int:
    return min(a, b)


@builtin("Nat.max", "(a : Nat) (b : Nat) : Nat")
def nat_max(a: int, b: int) -> int:
    return max(a, b)


@builtin("Nat.gcd", "(a : Nat) (b : Nat) : Nat")
def nat_gcd(a: int, b: int) -> int:
    return math.gcd(a, b)


@builtin("Nat.lcm", "(a : Nat) (b : Nat) : Nat")
def nat_lcm(a: int, b: int) -> int:
    return a * b // math.gcd(a, b) if a and b else 0


@builtin("Nat.log2", "(n : Nat) : Nat")
def nat_log2(n: int) -> int:
    return n.bit_length() - 1 if n > 0 else 0


@builtin("Nat.log", "(b : Nat) (n : Nat) : Nat")
def nat_log(b: int, n: int) -> int:
    if b <= 1 or n < b:
        return 0
    k = 0
    while n >= b:
        n //= b
        k += 1
    return k


@builtin("Nat.sqrt", "(n : Nat) : Nat")
def nat_sqrt(n: int) -> int:
    return math.isqrt(n)


@builtin("Int.sqrt", "(z : Int) : Int")
def int_sqrt(z: int) -> int:
    # Mathlib: Int.sqrt z = Nat.sqrt z.toNat
    return math.isqrt(max(z, 0))


@builtin("Nat.factorial", "(n : Nat) : Nat")
def nat_factorial(n: int) -> int:
    if n > 5000:
        raise EvaluationLimit("integer size", f"{n}!")
    return math.factorial(n)


@builtin("Nat.choose", "(n : Nat) (k : Nat) : Nat")
def nat_choose(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


@builtin("Nat.toFloat", "(n : Nat) : Float", aliases=("Float.ofNat",))
def nat_tofloat(n: int) -> float:
    try:
        return float(n)
    except OverflowError:
        return math.inf


@builtin("Nat.toUInt8", "(n : Nat) : UInt8", aliases=("UInt8.ofNat",))
def nat_touint8(n: int) -> int:
    return n & 0xFF


@builtin("Nat.cast", "(n : Nat) : Int", aliases=("Int.ofNat", "Int.natCast"))
def nat_cast(n: int) -> int:
    return n


@builtin("Nat.digits", "(b : Nat) (n : Nat) : List Nat")
def nat_digits(b: int, n: int) -> tuple:
    # Mathlib: little-endian digits; base 0 gives [n], base 1 gives n ones
    if n == 0:
        return ()
    if b == 0:
        return (n,)
    if b == 1:
        if n > 10**6:
            raise EvaluationLimit("size", "Nat.digits 1 of a large number")
        return (1,) * n
    out = []
    while n:
        out.append(n % b)
        n //= b
    return tuple(out)


@builtin("Nat.repr", "(n : Nat) : String", aliases=("Nat.toString",))
def nat_repr(n: int) -> str:
    return str(n)


def digit_char(d: int) -> str:
    # Init/Data/Repr.lean: `Nat.digitChar`: '0'…'9', 'a'…'f' up to 15, otherwise '*'
    return "0123456789abcdef"[d] if d < 16 else "*"


@builtin("Nat.digitChar", "(n : Nat) : Char")
def nat_digit_char(n: int) -> str:
    return digit_char(n)


@builtin("Nat.toDigits", "(b : Nat) (n : Nat) : List Char")
def nat_todigits(b: int, n: int) -> tuple:
    # Init/Data/Repr.lean: `toDigits base n = toDigitsCore base (n+1) n []`, which stops when the quotient is 0
    # or the fuel runs out. So base 0 gives `[digitChar n]` (n / 0 = 0) and base 1 never reaches quotient 0:
    # n + 1 fuel steps of '0' (just ['0'] for n = 0).
    if b == 1:
        build(n + 1, f"Nat.toDigits 1 {n}")  # refused above the size limit before it is allocated
        return ("0",) * (n + 1)
    out = []
    while True:  # with b ≥ 2 the quotient reaches 0 long before the fuel (n + 1 steps) runs out
        charge(1)  # one step per digit
        d, n = nat_mod(n, b), nat_div(n, b)
        out.append(digit_char(d))
        if n == 0:
            return tuple(reversed(out))


@builtin("Nat.beq", "(a : Nat) (b : Nat) : Bool")
def nat_beq(a: int, b: int) -> bool:
    return a == b


@builtin("Nat.ble", "(a : Nat) (b : Nat) : Bool")
def nat_ble(a: int, b: int) -> bool:
    return a <= b


@builtin("Nat.blt", "(a : Nat) (b : Nat) : Bool")
def nat_blt(a: int, b: int) -> bool:
    return a < b


@builtin("Nat.land", "(a : Nat) (b : Nat) : Nat")
def nat_land(a: int, b: int) -> int:
    return a & b


@builtin("Nat.lor", "(a : Nat) (b : Nat) : Nat")
def nat_lor(a: int, b: int) -> int:
    return a | b


@builtin("Nat.xor", "(a : Nat) (b : Nat) : Nat")
def nat_xor(a: int, b: int) -> int:
    return a ^ b


@builtin("Nat.shiftLeft", "(a : Nat) (b : Nat) : Nat")
def nat_shl(a: int, b: int) -> int:
    if b > 1 << 16:
        raise EvaluationLimit("integer size", "shiftLeft")
    return a << b


@builtin("Nat.shiftRight", "(a : Nat) (b : Nat) : Nat")
def nat_shr(a: int, b: int) -> int:
    return a >> b


@builtin("Nat.testBit", "(a : Nat) (i : Nat) : Bool")
def nat_testbit(a: int, i: int) -> bool:
    return bool((a >> i) & 1)


@builtin("Nat.isPowerOfTwo", "(n : Nat) : Prop")
def nat_ispow2(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


@builtin("Nat.bodd", "(n : Nat) : Bool")
def nat_bodd(n: int) -> bool:
    return n % 2 == 1


@builtin("Nat.Even", "(n : Nat) : Prop", aliases=("Even",))
def nat_even(n: int) -> bool:
    return n % 2 == 0


@builtin("Nat.Odd", "(n : Nat) : Prop", aliases=("Odd",))
def nat_odd(n: int) -> bool:
    return n % 2 == 1


@builtin("Nat.dvd", "(a : Nat) (b : Nat) : Prop", aliases=("Dvd.dvd",))
def nat_dvd(a: int, b: int) -> bool:
    return b == 0 if a == 0 else b % a == 0


@builtin(
    "Nat.Coprime",
    "(a : Nat) (b : Nat) : Prop",
)
def nat_coprime(a: int, b: int) -> bool:
    return math.gcd(a, b) == 1


# Init/Data/Nat/Fold: `Nat.fold (n : Nat) (f : (i : Nat) → i < n → α → α) (init : α)`, likewise foldRev, any, all;
# the bound proof `i < n` is passed as `True` (a function written without it is applied to the index alone)


def _with_bound(f: Any, k: int) -> Callable[..., Any]:
    from specbridge.lean.values import Fn, apply

    if isinstance(f, Fn) and f.arity == k - 1:
        return lambda i, *rest: apply(f, (i, *rest))
    return lambda i, *rest: apply(f, (i, True, *rest))


@builtin("Nat.fold", "(n : Nat) (f : Nat → Prop → α → α) (init : α) : α")
def nat_fold(n: int, f: Any, init: Any) -> Any:
    charge(n // ELEMENTS_PER_STEP)  # the callback may be a built-in, which charges nothing
    g = _with_bound(f, 3)
    acc = init
    for i in range(n):
        acc = g(i, acc)
    return acc


@builtin("Nat.foldRev", "(n : Nat) (f : Nat → Prop → α → α) (init : α) : α")
def nat_fold_rev(n: int, f: Any, init: Any) -> Any:
    charge(n // ELEMENTS_PER_STEP)
    g = _with_bound(f, 3)
    acc = init
    for i in reversed(range(n)):
        acc = g(i, acc)
    return acc


@builtin("Nat.repeat", "(f : α → α) (n : Nat) (a : α) : α")
def nat_repeat(f: Any, n: int, a: Any) -> Any:
    charge(n // ELEMENTS_PER_STEP)
    from specbridge.lean.values import fn1

    g = fn1(f)
    for _ in range(n):
        a = g(a)
    return a


@builtin("Nat.all", "(n : Nat) (p : Nat → Prop → Bool) : Bool")
def nat_all(n: int, p: Any) -> bool:
    g = _with_bound(p, 2)
    return all(g(i) for i in range(n))


@builtin("Nat.any", "(n : Nat) (p : Nat → Prop → Bool) : Bool")
def nat_any(n: int, p: Any) -> bool:
    g = _with_bound(p, 2)
    return any(g(i) for i in range(n))


# `Fin n` values are Nats here: Fin.foldl/foldr iterate 0 … n-1, `i.val` is the number itself
@builtin("Fin.foldl", "(n : Nat) (f : α → Nat → α) (init : α) : α")
def fin_foldl(n: int, f: Any, init: Any) -> Any:
    charge(n // ELEMENTS_PER_STEP)
    from specbridge.lean.values import fn2

    g = fn2(f)
    acc = init
    for i in range(n):
        acc = g(acc, i)
    return acc


@builtin("Fin.foldr", "(n : Nat) (f : Nat → α → α) (init : α) : α")
def fin_foldr(n: int, f: Any, init: Any) -> Any:
    charge(n // ELEMENTS_PER_STEP)
    from specbridge.lean.values import fn2

    g = fn2(f)
    acc = init
    for i in reversed(range(n)):
        acc = g(i, acc)
    return acc


@builtin("Nat.val", "(i : Nat) : Nat", aliases=("Fin.val",))
def fin_val(i: int) -> int:
    return i


# -- Int --------------------------------------------------------------------------------------------------------


@builtin("Int.toNat", "(i : Int) : Nat")
def int_tonat(i: int) -> int:
    return i if i > 0 else 0


@builtin("Int.natAbs", "(i : Int) : Nat")
def int_natabs(i: int) -> int:
    return abs(i)


@builtin("Int.abs", "(i : Int) : Int", aliases=("abs",))
def int_abs(i: Any) -> Any:
    return abs(i)


@builtin("Int.neg", "(i : Int) : Int", aliases=("Neg.neg",))
def int_neg(i: Any) -> Any:
    return -i


@builtin("Int.sign", "(i : Int) : Int")
def int_sign(i: int) -> int:
    return (i > 0) - (i < 0)


@builtin("Int.negSucc", "(n : Nat) : Int")
def int_negsucc(n: int) -> int:
    return -n - 1


@builtin("Int.add", "(a : Int) (b : Int) : Int")
def int_add(a: int, b: int) -> int:
    return a + b


@builtin("Int.sub", "(a : Int) (b : Int) : Int")
def int_sub(a: int, b: int) -> int:
    return a - b


@builtin("Int.mul", "(a : Int) (b : Int) : Int")
def int_mul(a: int, b: int) -> int:
    return a * b


# `/` and `%` on Int are Int.ediv/Int.emod. v4.18 has no `Int.div`/`Int.mod`: they were T-rounding, renamed
# Int.tdiv/Int.tmod (lean4 #5301) and their deprecated aliases removed (lean4 #6322, Dec 2024), so a spec using them
# does not elaborate — better a named unknown than a Euclidean verdict
@builtin("Int.ediv", "(a : Int) (b : Int) : Int", aliases=("HDiv.hDiv",))
def _int_div(a: int, b: int) -> int:
    return int_ediv(a, b)


@builtin("Int.emod", "(a : Int) (b : Int) : Int", aliases=("HMod.hMod",))
def _int_mod(a: int, b: int) -> int:
    return int_emod(a, b)


@builtin("Int.tdiv", "(a : Int) (b : Int) : Int", aliases=("Int.quot",))
def _int_tdiv(a: int, b: int) -> int:
    return int_tdiv(a, b)


@builtin("Int.tmod", "(a : Int) (b : Int) : Int", aliases=("Int.rem",))
def _int_tmod(a: int, b: int) -> int:
    return int_tmod(a, b)


@builtin("Int.fdiv", "(a : Int) (b : Int) : Int")
def _int_fdiv(a: int, b: int) -> int:
    return int_fdiv(a, b)


@builtin("Int.fmod", "(a : Int) (b : Int) : Int")
def _int_fmod(a: int, b: int) -> int:
    return int_fmod(a, b)


@builtin("Int.pow", "(a : Int) (b : Nat) : Int")
def int_pow(a: int, b: int) -> int:
    if abs(a) > 1 and b * abs(a).bit_length() > 1 << 20:
        raise EvaluationLimit("integer size", f"{a} ^ {b}")
    return a**b


@builtin("Int.gcd", "(a : Int) (b : Int) : Nat")
def int_gcd(a: int, b: int) -> int:
    return math.gcd(a, b)


@builtin("Int.lcm", "(a : Int) (b : Int) : Nat")
def int_lcm(a: int, b: int) -> int:
    return abs(a * b) // math.gcd(a, b) if a and b else 0


@builtin("Int.min", "(a : Int) (b : Int) : Int")
def int_min(a: int, b: int) -> int:
    return min(a, b)


@builtin("Int.max", "(a : Int) (b : Int) : Int")
def int_max(a: int, b: int) -> int:
    return max(a, b)


@builtin("Int.toFloat", "(i : Int) : Float", aliases=("Float.ofInt",))
def int_tofloat(i: int) -> float:
    try:
        return float(i)
    except OverflowError:
        return math.inf if i > 0 else -math.inf


@builtin("Int.repr", "(i : Int) : String", aliases=("Int.toString",))
def int_repr(i: int) -> str:
    return str(i)


@builtin("Int.dvd", "(a : Int) (b : Int) : Prop")
def int_dvd(a: int, b: int) -> bool:
    return b == 0 if a == 0 else b % a == 0


@builtin("Int.Even", "(a : Int) : Prop")
def int_even(a: int) -> bool:
    return a % 2 == 0


@builtin("Int.Odd", "(a : Int) : Prop")
def int_odd(a: int) -> bool:
    return a % 2 != 0


@builtin("Int.bmod", "(x : Int) (m : Nat) : Int")
def int_bmod(x: int, m: int) -> int:
    if m == 0:
        return x
    r = x % m
    return r - m if r >= (m + 1) // 2 else r


# -- Float ------------------------------------------------------------------------------------------------------


def _float1(name: str, fn: Any) -> None:
    builtin(f"Float.{name}", "(x : Float) : Float")(fn)


def _safe(f: Any) -> Any:
    def g(x: float) -> float:
        try:
            return f(x)
        except (ValueError, OverflowError):
            return math.nan

    return g


for _n, _f in {
    "sqrt": _safe(math.sqrt),
    "exp": _safe(math.exp),
    "log": _safe(math.log),
    "sin": math.sin,
    "cos": math.cos,
    "tan": math.tan,
    "abs": abs,
    "neg": lambda x: -x,
    "floor": lambda x: float(math.floor(x)) if math.isfinite(x) else x,
    "ceil": lambda x: float(math.ceil(x)) if math.isfinite(x) else x,
    "round": lambda x: float(math.floor(abs(x) + 0.5)) * (1 if x >= 0 else -1) if math.isfinite(x) else x,
}.items():
    _float1(_n, _f)


@builtin("Float.nan", ": Float")
def float_nan() -> float:
    return math.nan


@builtin("Float.inf", ": Float")
def float_inf() -> float:
    return math.inf


@builtin("Float.isNaN", "(x : Float) : Bool")
def float_isnan(x: float) -> bool:
    return math.isnan(x)


@builtin("Float.isInf", "(x : Float) : Bool")
def float_isinf(x: float) -> bool:
    return math.isinf(x)


@builtin("Float.isFinite", "(x : Float) : Bool")
def float_isfinite(x: float) -> bool:
    return math.isfinite(x)


@builtin("Float.toUInt64", "(x : Float) : Nat", aliases=("Float.toUSize", "Float.toNat"))
def float_touint64(x: float) -> int:
    # Lean saturates: NaN and negatives give 0, too large gives the maximum
    if math.isnan(x) or x <= 0:
        return 0
    if x >= 2.0**64:
        return 2**64 - 1
    return int(x)


@builtin("Float.toUInt8", "(x : Float) : UInt8")
def float_touint8(x: float) -> int:
    if math.isnan(x) or x <= 0:
        return 0
    return min(int(x), 255)


@builtin("Float.pow", "(x : Float) (y : Float) : Float")
def float_pow(x: float, y: float) -> float:
    try:
        return math.pow(x, y)
    except (OverflowError, ValueError):
        return math.nan


@builtin("Float.min", "(x : Float) (y : Float) : Float")
def float_min(x: float, y: float) -> float:
    return x if x <= y else y


@builtin("Float.max", "(x : Float) (y : Float) : Float")
def float_max(x: float, y: float) -> float:
    return y if x <= y else x


@builtin("Float.ofScientific", "(m : Nat) (s : Bool) (e : Nat) : Float")
def float_ofsci(m: int, s: bool, e: int) -> float:
    return float(m) / (10**e) if s else float(m) * (10**e)


@builtin("Float.toString", "(x : Float) : String")
def float_tostring(x: float) -> str:
    return float_to_string(x)


# -- UInt8 ------------------------------------------------------------------------------------------------------


@builtin("UInt8.toNat", "(x : UInt8) : Nat")
def uint8_tonat(x: int) -> int:
    return x


@builtin("UInt8.xor", "(a : UInt8) (b : UInt8) : UInt8")
def uint8_xor(a: int, b: int) -> int:
    return a ^ b


@builtin("UInt8.land", "(a : UInt8) (b : UInt8) : UInt8")
def uint8_land(a: int, b: int) -> int:
    return a & b


@builtin("UInt8.lor", "(a : UInt8) (b : UInt8) : UInt8")
def uint8_lor(a: int, b: int) -> int:
    return a | b


# -- Char -------------------------------------------------------------------------------------------------------


@builtin("Char.toNat", "(c : Char) : Nat", aliases=("Char.val",))
def char_tonat(c: str) -> int:
    return ord(c)


@builtin("Char.ofNat", "(n : Nat) : Char")
def char_ofnat(n: int) -> str:
    # Lean: an invalid code point (a surrogate or above 0x10FFFF) gives '\0'
    if n < 0xD800 or 0xDFFF < n < 0x110000:
        return chr(n)
    return "\0"


@builtin("Char.isDigit", "(c : Char) : Bool")
def char_isdigit(c: str) -> bool:
    return "0" <= c <= "9"


@builtin("Char.isAlpha", "(c : Char) : Bool")
def char_isalpha(c: str) -> bool:
    return "a" <= c <= "z" or "A" <= c <= "Z"


@builtin("Char.isUpper", "(c : Char) : Bool")
def char_isupper(c: str) -> bool:
    return "A" <= c <= "Z"


@builtin("Char.isLower", "(c : Char) : Bool")
def char_islower(c: str) -> bool:
    return "a" <= c <= "z"


@builtin(
    "Char.isAlphanum",
    "(c : Char) : Bool",
)
def char_isalnum(c: str) -> bool:
    return char_isalpha(c) or char_isdigit(c)


@builtin("Char.isWhitespace", "(c : Char) : Bool")
def char_isws(c: str) -> bool:
    # Lean: c = ' ' || c = '\t' || c = '\r' || c = '\n'
    return c in " \t\r\n"


@builtin("Char.toLower", "(c : Char) : Char")
def char_tolower(c: str) -> str:
    return chr(ord(c) + 32) if "A" <= c <= "Z" else c


@builtin("Char.toUpper", "(c : Char) : Char")
def char_toupper(c: str) -> str:
    return chr(ord(c) - 32) if "a" <= c <= "z" else c


@builtin("Char.toString", "(c : Char) : String", aliases=("String.singleton",))
def char_tostring(c: str) -> str:
    return c


@builtin("Char.toUInt8", "(c : Char) : UInt8")
def char_touint8(c: str) -> int:
    return ord(c) & 0xFF


@builtin("Char.isPunctuation", "(c : Char) : Bool")
def char_ispunct(c: str) -> bool:
    return c in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"


def _opt_nat(s: str) -> Some | None:
    if s and all("0" <= ch <= "9" or ch == "_" for ch in s) and s[0] != "_":
        return Some(int(s.replace("_", "")))
    return None


__all__ = ["_opt_nat", "int_fmod", "int_fdiv"]
