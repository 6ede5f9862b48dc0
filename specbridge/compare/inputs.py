"""Seeded, type-directed values for the interpreter's types: boundary values first, then random ones; shrinking.

Values are the interpreter's runtime values (see `specbridge.lean.values`): ints for Nat/Int/UInt8, str for Char
and String, tuples for List, `LArray` for Array, `None`/`Some` for Option, `Pair` for Prod. They are built
directly (no Lean text is parsed) and printed back as Lean literals with `render_value` for counterexamples.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from specbridge.lean import types as ty
from specbridge.lean.program import parse_type
from specbridge.lean.values import LArray, Pair, Some, render

__all__ = [
    "InputFilter",
    "UnsupportedType",
    "boundary_values",
    "generate_inputs",
    "generate_values",
    "iter_inputs",
    "random_value",
    "render_value",
    "shrink_value",
    "supported",
    "type_of",
    "value_size",
]

_UINT_MAX = {"UInt8": 255, "UInt16": 65535, "UInt32": 2**32 - 1, "UInt64": 2**64 - 1, "USize": 2**64 - 1}
_SCALARS = frozenset({"Nat", "Int", "Bool", "Char", "String", "Float", *_UINT_MAX})
_CONTAINERS = frozenset({"List", "Array", "Option"})
_CHARS = "abcAB0 z"


class UnsupportedType(ValueError):
    """A parameter or result type this generator cannot build values of (user structures, functions, …)."""


def type_of(type_text: str) -> ty.Type:
    t = ty.prune(parse_type(type_text))
    if not supported(t):
        raise UnsupportedType(f"no value generator for type `{type_text}`")
    return t


def supported(t: ty.Type) -> bool:
    t = ty.prune(t)
    if not isinstance(t, ty.T):
        return False
    if t.name in _SCALARS:
        return not t.args
    if t.name in _CONTAINERS:
        return len(t.args) == 1 and supported(t.args[0])
    if t.name == "Prod":
        return len(t.args) == 2 and all(supported(a) for a in t.args)
    return False


def render_value(v: Any, t: ty.Type) -> str:
    """A value as a Lean literal at its type (`'c'` for a Char, `"c"` for a String)."""
    return render(v, t)


def value_size(v: Any) -> int:
    """A rough size for ordering counterexamples smallest first: elements count, big numbers weigh more."""
    if isinstance(v, bool) or v is None:
        return 1
    if isinstance(v, int):
        return 1 + abs(v).bit_length() // 4
    if isinstance(v, float):
        return 2
    if isinstance(v, str):
        return 1 + len(v)
    if isinstance(v, tuple):  # List, Array
        return 1 + sum(value_size(x) for x in v)
    if isinstance(v, Some):
        return 1 + value_size(v.val)
    if isinstance(v, Pair):
        return value_size(v.fst) + value_size(v.snd)
    return 1


def _seq(t: ty.T, items: Sequence[Any]) -> Any:
    return LArray(items) if t.name == "Array" else tuple(items)


def boundary_values(t: ty.Type) -> list[Any]:
    """The values that break specs most often, smallest first: 0, ±1, empty, singleton, duplicates, sorted,
    reverse-sorted, negative-rich, long."""
    t = ty.prune(t)
    assert isinstance(t, ty.T)
    n = t.name
    if n == "Nat":
        return [0, 1, 2, 3, 5, 10, 100]
    if n in _UINT_MAX:
        return [0, 1, 2, _UINT_MAX[n], 7, 128 if n == "UInt8" else 1000]
    if n == "Int":
        return [0, 1, -1, 2, -2, 3, -5, 10, -100]
    if n == "Bool":
        return [False, True]
    if n == "Float":
        return [0.0, 1.0, -1.0, 0.5, 2.5, -3.25]
    if n == "Char":
        return ["a", "b", "A", "0", " ", "z"]
    if n == "String":
        return ["", "a", "ab", "aa", "ba", "abc", "aba", "Ab 1", "hello world"]
    if n in ("List", "Array"):
        et = ty.prune(t.args[0])
        elems = boundary_values(et)
        out: list[Any] = [_seq(t, ()), _seq(t, (elems[0],))]
        if len(elems) > 1:
            out.append(_seq(t, (elems[1],)))
        out.append(_seq(t, (elems[min(1, len(elems) - 1)],) * 2))  # duplicates
        ordered = _ordered(et)
        if ordered:
            out.append(_seq(t, tuple(ordered[:3])))  # sorted
            out.append(_seq(t, tuple(reversed(ordered[:3]))))  # reverse-sorted
        if isinstance(et, ty.T) and et.name == "Int":
            out.append(_seq(t, (-3, -1, -2)))  # negative-rich
            out.append(_seq(t, (2, -1, 2, 0, -1)))
        out.append(_seq(t, tuple(elems[i % len(elems)] for i in range(12))))  # long
        return distinct(out)
    if n == "Option":
        inner = boundary_values(t.args[0])
        return [None, *(Some(x) for x in inner[:3])]
    if n == "Prod":
        a, b = boundary_values(t.args[0]), boundary_values(t.args[1])
        k = max(len(a), len(b))
        return distinct([Pair(a[i % len(a)], b[i % len(b)]) for i in range(min(k, 6))])
    raise UnsupportedType(f"no value generator for type `{ty.show(t)}`")


def _ordered(t: ty.Type) -> list[Any]:
    """Three increasing values of a type with an order, for sorted and reverse-sorted boundary lists."""
    t = ty.prune(t)
    if not isinstance(t, ty.T):
        return []
    return {
        "Nat": [1, 2, 3],
        "Int": [-1, 0, 2],
        "Char": ["a", "b", "c"],
        "String": ["a", "ab", "b"],
        "Float": [-1.0, 0.5, 2.0],
        "Bool": [False, True],
    }.get(t.name, [])


def random_value(t: ty.Type, rng: random.Random, size: int = 6, atoms: dict[str, list[Any]] | None = None) -> Any:
    """A random value; `size` bounds lengths and magnitudes (small ranges make duplicates likely). With `atoms`
    (scalars by type, e.g. from a task's test inputs), scalars are mostly drawn from those: preconditions such as
    "every digit is 0 or 1" then hold far more often than on uniformly random values."""
    t = ty.prune(t)
    assert isinstance(t, ty.T)
    n = t.name
    size = max(size, 1)
    if atoms and n in _SCALARS and n != "String" and rng.random() < 0.85:
        pool = atoms.get(n)
        if pool:
            return rng.choice(pool)
    if n == "Nat":
        return rng.randint(0, size) if rng.random() < 0.85 else rng.randint(0, 20 * size)
    if n in _UINT_MAX:
        return rng.randint(0, min(_UINT_MAX[n], 4 * size if rng.random() < 0.8 else _UINT_MAX[n]))
    if n == "Int":
        m = size if rng.random() < 0.85 else 20 * size
        return rng.randint(-m, m)
    if n == "Bool":
        return rng.random() < 0.5
    if n == "Float":
        return round(rng.uniform(-size, size), 2)
    if n == "Char":
        return rng.choice(_CHARS) if rng.random() < 0.8 else chr(rng.randint(33, 126))
    if n == "String":
        k = rng.randint(0, size)
        return "".join(rng.choice(_CHARS) if rng.random() < 0.85 else chr(rng.randint(33, 126)) for _ in range(k))
    if n in ("List", "Array"):
        k = rng.randint(0, size)
        items = [random_value(t.args[0], rng, max(size // 2, 3), atoms) for _ in range(k)]
        r = rng.random()
        if r < 0.12:
            items.sort(key=_sort_key)
        elif r < 0.2:
            items.sort(key=_sort_key, reverse=True)
        return _seq(t, tuple(items))
    if n == "Option":
        return None if rng.random() < 0.25 else Some(random_value(t.args[0], rng, size, atoms))
    if n == "Prod":
        return Pair(random_value(t.args[0], rng, size, atoms), random_value(t.args[1], rng, size, atoms))
    raise UnsupportedType(f"no value generator for type `{ty.show(t)}`")


def _sort_key(v: Any) -> Any:
    try:
        return (0, v) if not isinstance(v, (Some, Pair)) else (1, render(v))
    except TypeError:
        return (2, render(v))


def distinct(values: Sequence[Any], exclude: Sequence[Any] = ()) -> list[Any]:
    """`values` without repeats (first occurrence kept) and without those in `exclude`. Values of one Lean type
    are one Python kind (no 1/True or 0/0.0 mix-ups), so a value is its own key: rendering it would cost more
    than the evaluation it saves."""
    seen: set[Any] = set(exclude)
    out = []
    for v in values:
        if v not in seen:
            seen.add(v)
            out.append(v)
    return out


def generate_values(t: ty.Type, n: int, seed: int = 0) -> list[Any]:
    """`n` distinct values of `t`: boundary values first, then random ones of growing size."""
    rng = random.Random(seed)
    out = distinct(boundary_values(t))[:n]
    seen = set(out)
    tries = 0
    while len(out) < n and tries < 20 * n:
        size = 2 + (tries * 10) // max(n, 1)
        v = random_value(t, rng, size)
        tries += 1
        if v not in seen:
            seen.add(v)
            out.append(v)
    return out


def generate_inputs(
    types: Sequence[ty.Type], n: int, seed: int = 0, seeds: Sequence[Sequence[Any]] = ()
) -> list[tuple[Any, ...]]:
    """Up to `n` distinct argument tuples (see `iter_inputs`)."""
    return list(itertools.islice(iter_inputs(types, seed, seeds, max_tries=20 * n), n))


def iter_inputs(
    types: Sequence[ty.Type], seed: int = 0, seeds: Sequence[Sequence[Any]] = (), *, max_tries: int = 20_000
) -> Iterator[tuple[Any, ...]]:
    """Distinct argument tuples, lazily (a caller filtering by a precondition stops when it has enough):
    boundary combinations first, then — mixed — random tuples built from the `seeds`' scalars, neighbours of the
    `seeds` (e.g. a task's test inputs, which satisfy restrictive preconditions), and random tuples of growing
    size."""
    rng = random.Random(seed)
    seen: set[Any] = set()

    def fresh(args: tuple[Any, ...]) -> bool:
        if args in seen:
            return False
        seen.add(args)
        return True

    if not types:
        yield ()
        return
    bounds = [boundary_values(t) for t in types]
    k = max(len(b) for b in bounds)
    for i in range(k):  # diagonal: every boundary value of every parameter appears once
        args = tuple(b[i % len(b)] for b in bounds)
        if fresh(args):
            yield args
    if len(types) > 1:
        for i in range(min(k, 6)):  # and the small ones against each other
            for j in range(min(k, 6)):
                args = tuple(b[(i if p == 0 else j) % len(b)] for p, b in enumerate(bounds))
                if fresh(args):
                    yield args
    pools = [_atoms(t, [s[p] for s in seeds]) for p, t in enumerate(types)]
    for tries in range(1, max_tries + 1):
        size = 2 + min(tries // 25, 12)
        r = rng.random()
        if seeds and r < 0.3:  # random, but built from the test inputs' scalars
            args = tuple(random_value(t, rng, size, pools[p]) for p, t in enumerate(types))
        elif seeds and r < 0.6:  # a neighbour of a test input
            base = seeds[rng.randrange(len(seeds))]
            p = rng.randrange(len(types))
            muts = mutate_value(base[p], types[p], rng)
            if not muts:
                continue
            args = tuple(rng.choice(muts) if q == p else base[q] for q in range(len(types)))
        else:
            args = tuple(random_value(t, rng, size) for t in types)
        if fresh(args):
            yield args


def _atoms(t: ty.Type, values: Sequence[Any]) -> dict[str, list[Any]]:
    """The scalars occurring in `values` (of type `t`), by scalar type name, without duplicates."""
    found: dict[str, dict[Any, Any]] = {}

    def walk(v: Any, t: ty.Type) -> None:
        t = ty.prune(t)
        if not isinstance(t, ty.T):
            return
        if t.name in _SCALARS:
            found.setdefault(t.name, {})[v] = v
        elif t.name in ("List", "Array") and isinstance(v, tuple):
            for x in v:
                walk(x, t.args[0])
        elif t.name == "Option" and isinstance(v, Some):
            walk(v.val, t.args[0])
        elif t.name == "Prod" and isinstance(v, Pair):
            walk(v.fst, t.args[0])
            walk(v.snd, t.args[1])

    for v in values:
        walk(v, t)
    return {k: list(d.values()) for k, d in found.items()}


def mutate_value(v: Any, t: ty.Type, rng: random.Random | None = None) -> list[Any]:
    """Structural neighbours of a value (used for inputs near a test's and for wrong outputs)."""
    from specbridge.compare.mutants import structural_mutants

    return structural_mutants(v, t, rng or random.Random(0))


def shrink_value(v: Any, t: ty.Type) -> Iterator[Any]:
    """Smaller values than `v`, most aggressive first (for minimising a counterexample)."""
    t = ty.prune(t)
    assert isinstance(t, ty.T)
    n = t.name
    if isinstance(v, bool):
        if v:
            yield False
        return
    if isinstance(v, int):
        if v == 0:
            return
        if v < 0:
            yield -v
        # QuickCheck's halving toward 0: v - v, v - v/2, v - v/4, …, v - 1 (so a large value shrinks quickly)
        sign, m = (1, v) if v > 0 else (-1, -v)
        d = m
        while d:
            yield sign * (m - d)
            d //= 2
        return
    if isinstance(v, float):
        if v != 0.0:
            yield 0.0
            if v != round(v):
                yield float(round(v))
        return
    if n == "Char":
        if v != "a":
            yield "a"
        return
    if isinstance(v, str):  # String
        if not v:
            return
        yield ""
        if len(v) > 2:
            yield v[: len(v) // 2]
            yield v[len(v) // 2 :]
        for i in range(len(v)):
            yield v[:i] + v[i + 1 :]
        return
    if n in ("List", "Array") and isinstance(v, tuple):
        if not v:
            return
        yield _seq(t, ())
        if len(v) > 2:
            yield _seq(t, v[: len(v) // 2])
            yield _seq(t, v[len(v) // 2 :])
        for i in range(len(v)):
            yield _seq(t, v[:i] + v[i + 1 :])
        for i, x in enumerate(v):
            for s in shrink_value(x, t.args[0]):
                yield _seq(t, (*v[:i], s, *v[i + 1 :]))
        return
    if n == "Option":
        if v is None:
            return
        yield None
        for s in shrink_value(v.val, t.args[0]):
            yield Some(s)
        return
    if n == "Prod" and isinstance(v, Pair):
        for s in shrink_value(v.fst, t.args[0]):
            yield Pair(s, v.snd)
        for s in shrink_value(v.snd, t.args[1]):
            yield Pair(v.fst, s)


def shrink(
    args: tuple[Any, ...],
    types: Sequence[ty.Type],
    still_fails: Callable[[tuple[Any, ...]], bool],
    max_tries: int = 300,
) -> tuple[Any, ...]:
    """Greedy shrinking: replace one argument by a smaller value while `still_fails` holds, until no step works."""
    tries = 0
    improved = True
    while improved and tries < max_tries:
        improved = False
        for p, t in enumerate(types):
            for s in shrink_value(args[p], t):
                tries += 1
                if tries > max_tries:
                    return args
                cand = (*args[:p], s, *args[p + 1 :])
                if still_fails(cand):
                    args = cand
                    improved = True
                    break
            if improved:
                break
    return args


@dataclass
class InputFilter:
    """Generated inputs sorted by a precondition: kept (decided true), rejected (false), undecided."""

    kept: list[tuple[Any, ...]] = field(default_factory=list)
    rejected: list[tuple[Any, ...]] = field(default_factory=list)
    undecided: list[tuple[Any, ...]] = field(default_factory=list)
    causes: dict[str, int] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        return {"kept": len(self.kept), "rejected": len(self.rejected), "undecided": len(self.undecided)}


def filter_inputs(
    inputs: Sequence[tuple[Any, ...]],
    precond: Callable[[tuple[Any, ...]], bool | None],
    want: int | None = None,
) -> InputFilter:
    """Sort `inputs` by `precond` (True / False / None = undecided); stop once `want` inputs are kept."""
    out = InputFilter()
    for args in inputs:
        if want is not None and len(out.kept) >= want:
            break
        verdict = precond(args)
        if verdict is True:
            out.kept.append(args)
        elif verdict is False:
            out.rejected.append(args)
        else:
            out.undecided.append(args)
    return out
