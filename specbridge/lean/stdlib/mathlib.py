"""Mathlib notions specs rely on: primes, Finset.range sums, divisibility helpers, `Finset` as a sorted list."""

from __future__ import annotations

import math
from typing import Any

from specbridge.errors import EvaluationLimit
from specbridge.lean.arith import int_emod, nat_mod
from specbridge.lean.limits import ELEMENTS_PER_STEP, build, charge, max_int_bits
from specbridge.lean.stdlib import builtin
from specbridge.lean.stdlib import lists as L
from specbridge.lean.values import fn1

# -- primes and factorizations: Miller-Rabin (deterministic below 3.3e24) and Pollard's rho ---------------------

_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_MR_LIMIT = 3_317_044_064_679_887_385_961_981  # the first 13 primes as bases decide every n below this
_MAX_DIVISORS = 1_000_000


def is_prime(n: int) -> bool:
    """Exact primality for n < 3.3e24 (strong probable-prime test to the first 13 prime bases, a proven bound)."""
    if n < 2:
        return False
    for p in _SMALL_PRIMES:
        if n % p == 0:
            return n == p
    if n >= _MR_LIMIT:
        raise EvaluationLimit("size", f"primality of {n}")
    d, r = n - 1, 0
    while d % 2 == 0:
        d //= 2
        r += 1
    for a in _SMALL_PRIMES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _rho(n: int) -> int:
    """A non-trivial factor of the odd composite n (Pollard-Brent)."""
    for c in range(1, 200):
        y, m, g, r, q = 2, 128, 1, 1, 1
        x = ys = 2
        while g == 1:
            x = y
            charge(r // 4)  # r doubles each round: a large semiprime runs out of budget, not forever
            for _ in range(r):
                y = (y * y + c) % n
            k = 0
            while k < r and g == 1:
                ys = y
                for _ in range(min(m, r - k)):
                    y = (y * y + c) % n
                    q = q * abs(x - y) % n
                g = math.gcd(q, n)
                k += m
            r *= 2
        if g == n:
            g = 1
            while g == 1:
                ys = (ys * ys + c) % n
                g = math.gcd(abs(x - ys), n)
        if g != n:
            return g
    raise EvaluationLimit("size", f"factorization of {n}")


def factorization(n: int) -> dict[int, int]:
    """The prime factorization of n ≥ 1 as {prime: exponent}."""
    out: dict[int, int] = {}
    if n < 1:
        raise ValueError("factorization of a non-positive number")
    for p in (2, 3, 5, 7, 11, 13):
        while n % p == 0:
            out[p] = out.get(p, 0) + 1
            n //= p
    d = 17
    while n > 1 and d * d <= n and d < 10_000:
        while n % d == 0:
            out[d] = out.get(d, 0) + 1
            n //= d
        d += 2
    stack = [n] if n > 1 else []
    while stack:
        m = stack.pop()
        if m < d * d or is_prime(m):
            out[m] = out.get(m, 0) + 1
            continue
        f = _rho(m)
        stack.extend((f, m // f))
    return dict(sorted(out.items()))


def divisor_list(n: int) -> list[int]:
    """The positive divisors of n ≥ 1, ascending."""
    divs = [1]
    for p, e in factorization(n).items():
        divs = [d * p**k for d in divs for k in range(e + 1)]
        if len(divs) > _MAX_DIVISORS:
            raise EvaluationLimit("size", f"divisors of {n}")
    return sorted(divs)


@builtin("Nat.Prime", "(n : Nat) : Prop", aliases=("Prime",))
def nat_prime(n: int) -> bool:
    return is_prime(n)


@builtin("Nat.minFac", "(n : Nat) : Nat")
def min_fac(n: int) -> int:
    # Mathlib: minFac 0 = 2, minFac 1 = 1
    if n == 0:
        return 2
    if n == 1:
        return 1
    return next(iter(factorization(n)))


@builtin("Nat.primeFactors", "(n : Nat) : Finset Nat")
def prime_factors(n: int) -> tuple:
    return tuple(factorization(n)) if n > 0 else ()


@builtin("Nat.primeFactorsList", "(n : Nat) : List Nat", aliases=("Nat.factors",))
def prime_factors_list(n: int) -> tuple:
    if n == 0:
        return ()
    return tuple(p for p, e in factorization(n).items() for _ in range(e))


@builtin("Nat.divisors", "(n : Nat) : Finset Nat")
def divisors(n: int) -> tuple:
    return tuple(divisor_list(n)) if n > 0 else ()  # Mathlib: divisors 0 = ∅


@builtin("Nat.properDivisors", "(n : Nat) : Finset Nat")
def proper_divisors(n: int) -> tuple:
    return tuple(divisor_list(n)[:-1]) if n > 0 else ()


@builtin("Nat.fib", "(n : Nat) : Nat")
def fib(n: int) -> int:
    if n > 100000:
        raise EvaluationLimit("integer size", f"fib {n}")
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


# -- congruences: `a ≡ b [MOD n]` / `[ZMOD n]` (the parser builds these calls from Mathlib's notation) --------


@builtin("Nat.ModEq", "(n : Nat) (a : Nat) (b : Nat) : Prop")
def nat_modeq(n: int, a: int, b: int) -> bool:
    # Mathlib/Data/Nat/ModEq.lean: `def Nat.ModEq (n a b : ℕ) := a % n = b % n` (so `[MOD 0]` is equality)
    return nat_mod(a, n) == nat_mod(b, n)


@builtin("Int.ModEq", "(n : Int) (a : Int) (b : Int) : Prop")
def int_modeq(n: int, a: int, b: int) -> bool:
    # Mathlib/Data/Int/ModEq.lean: `def Int.ModEq (n a b : ℤ) := a % n = b % n`, `%` being `Int.emod`
    return int_emod(a, n) == int_emod(b, n)


# -- Finset (a duplicate-free list in a canonical order) -------------------------------------------------------


@builtin("Finset.range", "(n : Nat) : Finset Nat")
def finset_range(n: int) -> tuple:
    return L.range_(n)


@builtin("Finset.Icc", "(a : Nat) (b : Nat) : Finset Nat")
def finset_icc(a: int, b: int) -> tuple:
    return tuple(range(a, L._size(b + 1 - a, "Finset.Icc") + a)) if b >= a else ()


@builtin("Finset.Ico", "(a : Nat) (b : Nat) : Finset Nat")
def finset_ico(a: int, b: int) -> tuple:
    build(max(b - a, 0), "Finset.Ico")
    return tuple(range(a, b))


@builtin("Finset.card", "(s : Finset α) : Nat")
def finset_card(s: tuple) -> int:
    return len(s)


@builtin("Finset.sum", "(s : Finset α) (f : α → β) : β")
def finset_sum(s: tuple, f: Any) -> Any:
    g = fn1(f)
    total: Any = 0
    for x in s:
        total = total + g(x)
    return total


@builtin("Finset.prod", "(s : Finset α) (f : α → β) : β")
def finset_prod(s: tuple, f: Any) -> Any:
    g = fn1(f)
    total: Any = 1
    for x in s:
        total = total * g(x)
    return total


@builtin("Finset.filter", "(p : α → Prop) (s : Finset α) : Finset α")
def finset_filter(p: Any, s: tuple) -> tuple:
    return L.filter_(p, s)


@builtin("Finset.image", "(f : α → β) (s : Finset α) : Finset β")
def finset_image(f: Any, s: tuple) -> tuple:
    return L.erase_dups(L.map_(f, s))


@builtin("List.Ico", "(n : Nat) (m : Nat) : List Nat")
def list_ico(n: int, m: int) -> tuple:
    # Mathlib/Data/List/Intervals.lean: `def Ico (n m : ℕ) : List ℕ := range' n (m - n)`
    return tuple(range(n, n + L._size(max(m - n, 0), "List.Ico")))


@builtin("Set.toFinset", "(s : Set α) : Finset α")
def set_to_finset(s: tuple) -> tuple:
    # a Set value is only ever built finite (an enumerated set-builder or a literal); see quant.set_builder_members
    return s


@builtin("Set.ncard", "(s : Set α) : Nat")
def set_ncard(s: tuple) -> int:
    return len(s)


@builtin("Finset.toList", "(s : Finset α) : List α")
def finset_tolist(s: tuple) -> tuple:
    return s


# -- Multiset: a list up to permutation (equality is `~`, see Compiler.relation) ----------------------------------


@builtin("Multiset.ofList", "(xs : List α) : Multiset α", aliases=("Multiset.mk",))
def multiset_of_list(xs: tuple) -> tuple:
    return tuple(xs)


@builtin("Multiset.count", "(a : α) (s : Multiset α) : Nat")
def multiset_count(a: Any, s: tuple) -> int:
    return L.count(a, s)


@builtin("Multiset.countP", "(p : α → Bool) (s : Multiset α) : Nat")
def multiset_count_p(p: Any, s: tuple) -> int:
    return L.count_p(p, s)


@builtin("Multiset.card", "(s : Multiset α) : Nat")
def multiset_card(s: tuple) -> int:
    return len(s)


@builtin("Multiset.map", "(f : α → β) (s : Multiset α) : Multiset β")
def multiset_map(f: Any, s: tuple) -> tuple:
    return L.map_(f, s)


@builtin("Multiset.filter", "(p : α → Prop) (s : Multiset α) : Multiset α")
def multiset_filter(p: Any, s: tuple) -> tuple:
    return L.filter_(p, s)


@builtin("Multiset.sum", "(s : Multiset α) : α")
def multiset_sum(s: tuple) -> Any:
    total: Any = 0
    for x in s:
        total = total + x
    return total


@builtin("Multiset.Nodup", "(s : Multiset α) : Prop")
def multiset_nodup(s: tuple) -> bool:
    return L.nodup(s)


@builtin("Multiset.toFinset", "(s : Multiset α) : Finset α")
def multiset_to_finset(s: tuple) -> tuple:
    return L.erase_dups(s)


# -- digits and small number-theory helpers ------------------------------------------------------------------------


@builtin("Nat.ofDigits", "(b : Nat) (ds : List Nat) : Nat")
def nat_of_digits(b: int, ds: tuple) -> int:
    # Mathlib: ofDigits b [d₀, d₁, …] = d₀ + b * (d₁ + b * …) — least significant digit first. At least
    # b ^ (len - 1): refused before it is built when that is above the integer size limit, as arithmetic's results are
    if b > 1 and len(ds) > 1 and (len(ds) - 1) * (b.bit_length() - 1) > max_int_bits():
        raise EvaluationLimit("integer size", f"Nat.ofDigits {b} of {len(ds)} digits")
    charge(len(ds) // ELEMENTS_PER_STEP)
    return _of_digits(b, ds)


def _of_digits(b: int, ds: tuple) -> int:
    """`Nat.ofDigits` by halves (low digits + b^k * high digits): Python multiplies large numbers in less than
    quadratic time, where the digit-by-digit loop is quadratic in the number of digits."""
    if len(ds) <= 64:
        n = 0
        for d in reversed(ds):
            n = d + b * n
        return n
    k = len(ds) // 2
    return _of_digits(b, ds[:k]) + b**k * _of_digits(b, ds[k:])


@builtin(
    "Nat.totient",
    "(n : Nat) : Nat",
)
def nat_totient(n: int) -> int:
    if n == 0:
        return 0
    out = n
    for p in factorization(n):
        out = out // p * (p - 1)
    return out


@builtin("List.Forall", "(p : α → Prop) (xs : List α) : Prop")
def list_forall(p: Any, xs: tuple) -> bool:
    return L.all_(xs, p)


@builtin("List.Forall₂", "(r : α → β → Prop) (xs : List α) (ys : List β) : Prop")
def list_forall2(r: Any, xs: tuple, ys: tuple) -> bool:
    from specbridge.lean.values import fn2

    g = fn2(r)
    return len(xs) == len(ys) and all(g(x, y) for x, y in zip(xs, ys, strict=True))


@builtin("List.Duplicate", "(a : α) (xs : List α) : Prop")
def list_duplicate(a: Any, xs: tuple) -> bool:
    return L.count(a, xs) >= 2
