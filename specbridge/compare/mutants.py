"""Wrong-output candidates: structural mutants of a correct output, other outputs, random values of the type.

A candidate is only *likely* wrong: the caller asks the reference spec, and a candidate it accepts is a legitimate
alternative answer (relational tasks), not a wrong output.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from specbridge.compare.inputs import boundary_values, distinct, random_value
from specbridge.lean import types as ty
from specbridge.lean.values import LArray, Pair, Some

__all__ = ["candidate_outputs", "structural_mutants"]


def _seq(t: ty.T, items: Sequence[Any]) -> Any:
    return LArray(items) if t.name == "Array" else tuple(items)


def structural_mutants(v: Any, t: ty.Type, rng: random.Random) -> list[Any]:
    """Neighbours of `v` at type `t`: ±1, 0, negation, 2v; drop/duplicate/swap/reverse/append/sort an element;
    string edits; Option none/some; each component of a pair. Values outside the type are never produced."""
    t = ty.prune(t)
    if not isinstance(t, ty.T):
        return []
    n = t.name
    out: list[Any] = []
    if n == "Bool":
        out = [not v]
    elif n in ("Nat", "UInt8", "UInt16", "UInt32", "UInt64", "USize"):
        out = [v + 1, v - 1, 0, 2 * v, v + 2]
        out = [x for x in out if x >= 0 and (n != "UInt8" or x <= 255)]
    elif n == "Int":
        out = [v + 1, v - 1, 0, -v, 2 * v, v + 2, v - 2]
    elif n == "Float":
        out = [v + 1.0, v - 1.0, 0.0, -v, 2 * v, v + 0.5]
    elif n == "Char":
        out = [chr(ord(v) + 1) if ord(v) < 0x10FFFF else "a", v.swapcase(), "a", " "]
    elif n == "String":
        out = ["", v + "a", "a" + v, v[::-1], v + v]
        if v:
            out += [v[1:], v[:-1], v.swapcase(), v[:1] + v]
        if len(v) > 1:
            out.append(v[1] + v[0] + v[2:])
    elif n in ("List", "Array"):
        et = t.args[0]
        items = tuple(v)
        out = [_seq(t, ())]
        if items:
            out += [
                _seq(t, items[1:]),  # drop first
                _seq(t, items[:-1]),  # drop last
                _seq(t, items + items[-1:]),  # duplicate last
                _seq(t, items[:1] + items),  # duplicate first
                _seq(t, items[::-1]),  # reverse
            ]
            if len(items) > 2:
                mid = len(items) // 2
                out.append(_seq(t, items[:mid] + items[mid + 1 :]))
            if len(items) > 1:
                out.append(_seq(t, (items[1], items[0], *items[2:])))  # swap first two
                try:
                    out.append(_seq(t, tuple(sorted(items))))
                    out.append(_seq(t, tuple(sorted(items, reverse=True))))
                except TypeError:
                    pass
            # one element changed
            i = rng.randrange(len(items))
            for m in structural_mutants(items[i], et, rng)[:3]:
                out.append(_seq(t, (*items[:i], m, *items[i + 1 :])))
            out.append(_seq(t, (*items, items[0])))
        eb = boundary_values(et)
        out.append(_seq(t, (*items, eb[min(1, len(eb) - 1)])))  # append
        out.append(_seq(t, (eb[0],)))
    elif n == "Option":
        if v is None:
            out = [Some(x) for x in boundary_values(t.args[0])[:3]]
        else:
            out = [None, *(Some(m) for m in structural_mutants(v.val, t.args[0], rng)[:4])]
    elif n == "Prod" and isinstance(v, Pair):
        out = [Pair(m, v.snd) for m in structural_mutants(v.fst, t.args[0], rng)[:4]]
        out += [Pair(v.fst, m) for m in structural_mutants(v.snd, t.args[1], rng)[:4]]
        try:
            if ty.show(t.args[0]) == ty.show(t.args[1]):
                out.append(Pair(v.snd, v.fst))
        except Exception:  # noqa: BLE001 - only a bonus candidate
            pass
    return distinct(out, exclude=(v,))


def candidate_outputs(
    correct: Sequence[Any],
    t: ty.Type,
    rng: random.Random,
    *,
    others: Sequence[Any] = (),
    extra: Sequence[Any] = (),
    randoms: int = 3,
    limit: int = 24,
) -> list[Any]:
    """The outputs to try on one input: the correct ones first, then `extra` (a test's `unexpected` values),
    mutants of each correct output, outputs for other inputs (`others`), boundary and random values of `t`."""
    pool: list[Any] = [*correct, *extra]
    for c in correct:
        pool += structural_mutants(c, t, rng)
    pool += list(others)
    bounds = boundary_values(t)
    pool += bounds[:4]
    for _ in range(randoms):
        pool.append(random_value(t, rng, 5))
    return distinct(pool)[: max(limit, len(correct) + len(extra))]
