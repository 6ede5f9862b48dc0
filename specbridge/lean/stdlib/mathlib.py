"""Mathlib notions specs rely on: primes, Finset.range sums, divisibility helpers, `Finset` as a sorted list."""

from __future__ import annotations

import math
from typing import Any

from specbridge.errors import EvaluationLimit
from specbridge.lean.stdlib import builtin
from specbridge.lean.stdlib import lists as L
from specbridge.lean.values import fn1


@builtin("Nat.Prime", "(n : Nat) : Prop", aliases=("Nat.prime", "Prime", "Nat.isPrime"))
def nat_prime(n: int) -> bool:
    if n < 2:
        return False
    if n < 4:
        return True
    if n % 2 == 0:
        return False
    if n > 10**14:
        raise EvaluationLimit("size", f"primality of {n}")
    for d in range(3, math.isqrt(n) + 1, 2):
        if n % d == 0:
            return False
    return True


@builtin("Nat.minFac", "(n : Nat) : Nat")
def min_fac(n: int) -> int:
    if n == 1:
        return 1
    if n % 2 == 0:
        return 2
    for d in range(3, math.isqrt(n) + 1, 2):
        if n % d == 0:
            return d
    return n


@builtin("Nat.primeFactors", "(n : Nat) : Finset Nat")
def prime_factors(n: int) -> tuple:
    out = []
    d = 2
    while n > 1 and d * d <= n:
        if n % d == 0:
            out.append(d)
            while n % d == 0:
                n //= d
        d += 1
    if n > 1:
        out.append(n)
    return tuple(out)


@builtin("Nat.primeFactorsList", "(n : Nat) : List Nat", aliases=("Nat.factors",))
def prime_factors_list(n: int) -> tuple:
    out = []
    d = 2
    while n > 1 and d * d <= n:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    if n > 1:
        out.append(n)
    return tuple(out)


@builtin("Nat.divisors", "(n : Nat) : Finset Nat")
def divisors(n: int) -> tuple:
    if n > 10**7:
        raise EvaluationLimit("size", f"divisors of {n}")
    return tuple(d for d in range(1, n + 1) if n % d == 0)


@builtin("Nat.properDivisors", "(n : Nat) : Finset Nat")
def proper_divisors(n: int) -> tuple:
    if n > 10**7:
        raise EvaluationLimit("size", f"divisors of {n}")
    return tuple(d for d in range(1, n) if n % d == 0)


@builtin("Nat.fib", "(n : Nat) : Nat")
def fib(n: int) -> int:
    if n > 100000:
        raise EvaluationLimit("integer size", f"fib {n}")
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


# -- Finset (a duplicate-free list in a canonical order) -------------------------------------------------------


@builtin("Finset.range", "(n : Nat) : Finset Nat")
def finset_range(n: int) -> tuple:
    return L.range_(n)


@builtin("Finset.Icc", "(a : Nat) (b : Nat) : Finset Nat")
def finset_icc(a: int, b: int) -> tuple:
    return tuple(range(a, L._size(b + 1 - a, "Finset.Icc") + a)) if b >= a else ()


@builtin("Finset.Ico", "(a : Nat) (b : Nat) : Finset Nat")
def finset_ico(a: int, b: int) -> tuple:
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


@builtin("Finset.toList", "(s : Finset α) : List α")
def finset_tolist(s: tuple) -> tuple:
    return s


@builtin("Multiset.count", "(a : α) (s : List α) : Nat")
def multiset_count(a: Any, s: tuple) -> int:
    return L.count(a, s)


@builtin("List.sum'", "(xs : List Nat) : Nat")
def _sum(xs: tuple) -> int:
    return sum(xs)
