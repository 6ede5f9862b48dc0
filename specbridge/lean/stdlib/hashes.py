"""Std.HashSet and Std.HashMap, as far as their results do not depend on hashing order.

A HashSet is a Finset here (a duplicate-free tuple, compared as a set); a HashMap is a tuple of key/value pairs
with distinct keys. Lookups, membership, sizes and updates are exact. `toList`/`fold` follow insertion order, which
Lean does not promise — a spec whose truth depends on that order is not meaningful in Lean either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from specbridge.lean.limits import ELEMENTS_PER_STEP, build, charge
from specbridge.lean.stdlib import REGISTRY, Builtin
from specbridge.lean.values import LHashMap, LHashSet, Pair, Some, apply


def _set_insert(s: tuple, x: Any) -> tuple:
    build(len(s) + 1, "Std.HashSet.insert")
    return LHashSet(s) if x in s else LHashSet((*s, x))


def _set_erase(s: tuple, x: Any) -> tuple:
    build(len(s), "Std.HashSet.erase")
    return LHashSet(y for y in s if y != x)


def _set_of_list(xs: tuple) -> tuple:
    out: tuple = LHashSet()
    for x in xs:
        out = _set_insert(out, x)
    return out


def _set_fold(f: Any, init: Any, s: tuple) -> Any:
    acc = init
    for x in s:
        acc = apply(f, (acc, x))
    return acc


_SET = {
    "empty": (": Finset α", lambda: LHashSet()),
    "emptyWithCapacity": ("(n : Nat := 8) : Finset α", lambda n=8: LHashSet()),
    "insert": ("(s : Finset α) (x : α) : Finset α", _set_insert),
    "erase": ("(s : Finset α) (x : α) : Finset α", _set_erase),
    "contains": ("(s : Finset α) (x : α) : Bool", lambda s, x: x in s),
    "size": ("(s : Finset α) : Nat", len),
    "isEmpty": ("(s : Finset α) : Bool", lambda s: not s),
    "toList": ("(s : Finset α) : List α", tuple),
    "ofList": ("(xs : List α) : Finset α", _set_of_list),
    "insertMany": ("(s : Finset α) (xs : List α) : Finset α", lambda s, xs: _set_of_list((*s, *xs))),
    "fold": ("(f : β → α → β) (init : β) (s : Finset α) : β", _set_fold),
}


def _find(m: tuple, k: Any) -> int:
    charge(len(m) // ELEMENTS_PER_STEP)  # a linear scan (no hashing here)
    for i, p in enumerate(m):
        if p.fst == k:
            return i
    return -1


def _map_insert(m: tuple, k: Any, v: Any) -> tuple:
    i = _find(m, k)
    if i < 0:
        return LHashMap((*m, Pair(k, v)))
    return LHashMap((*m[:i], Pair(k, v), *m[i + 1 :]))


def _map_get_opt(m: tuple, k: Any) -> Some | None:
    i = _find(m, k)
    return Some(m[i].snd) if i >= 0 else None


def _map_get_d(m: tuple, k: Any, d: Any) -> Any:
    i = _find(m, k)
    return m[i].snd if i >= 0 else d


def _map_get_bang(dflt: Callable[[], Any], m: tuple, k: Any) -> Any:
    i = _find(m, k)
    return m[i].snd if i >= 0 else dflt()


def _map_of_list(xs: tuple) -> tuple:
    out: tuple = LHashMap()
    for p in xs:
        out = _map_insert(out, p.fst, p.snd)
    return out


def _map_alter(m: tuple, k: Any, f: Any) -> tuple:
    r = apply(f, (_map_get_opt(m, k),))
    if r is None:
        return LHashMap(p for p in m if p.fst != k)
    return _map_insert(m, k, r.val)


def _map_modify(m: tuple, k: Any, f: Any) -> tuple:
    i = _find(m, k)
    if i < 0:
        return m
    return LHashMap((*m[:i], Pair(k, apply(f, (m[i].snd,))), *m[i + 1 :]))


def _map_fold(f: Any, init: Any, m: tuple) -> Any:
    acc = init
    for p in m:
        acc = apply(f, (acc, p.fst, p.snd))
    return acc


_MAP = {
    "empty": (": HashMap κ ν", lambda: LHashMap()),
    "emptyWithCapacity": ("(n : Nat := 8) : HashMap κ ν", lambda n=8: LHashMap()),
    "insert": ("(m : HashMap κ ν) (k : κ) (v : ν) : HashMap κ ν", _map_insert),
    "insertIfNew": (
        "(m : HashMap κ ν) (k : κ) (v : ν) : HashMap κ ν",
        lambda m, k, v: m if _find(m, k) >= 0 else LHashMap((*m, Pair(k, v))),
    ),
    "erase": ("(m : HashMap κ ν) (k : κ) : HashMap κ ν", lambda m, k: LHashMap(p for p in m if p.fst != k)),
    "get?": ("(m : HashMap κ ν) (k : κ) : Option ν", _map_get_opt),
    "getD": ("(m : HashMap κ ν) (k : κ) (d : ν) : ν", _map_get_d),
    "contains": ("(m : HashMap κ ν) (k : κ) : Bool", lambda m, k: _find(m, k) >= 0),
    "size": ("(m : HashMap κ ν) : Nat", len),
    "isEmpty": ("(m : HashMap κ ν) : Bool", lambda m: not m),
    "toList": ("(m : HashMap κ ν) : List (Prod κ ν)", tuple),
    "keys": ("(m : HashMap κ ν) : List κ", lambda m: tuple(p.fst for p in m)),
    "values": ("(m : HashMap κ ν) : List ν", lambda m: tuple(p.snd for p in m)),
    "ofList": ("(xs : List (Prod κ ν)) : HashMap κ ν", _map_of_list),
    "alter": ("(m : HashMap κ ν) (k : κ) (f : Option ν → Option ν) : HashMap κ ν", _map_alter),
    "modify": ("(m : HashMap κ ν) (k : κ) (f : ν → ν) : HashMap κ ν", _map_modify),
    "fold": ("(f : β → κ → ν → β) (init : β) (m : HashMap κ ν) : β", _map_fold),
}

for _ns in ("HashSet", "Std.HashSet", "Finset"):
    for _name, (_sig, _fn) in _SET.items():
        key = f"{_ns}.{_name}"
        if _ns == "Finset" and key in REGISTRY:
            continue
        REGISTRY[key] = Builtin(key, _sig, _fn)
for _ns in ("HashMap", "Std.HashMap"):
    for _name, (_sig, _fn) in _MAP.items():
        REGISTRY[f"{_ns}.{_name}"] = Builtin(f"{_ns}.{_name}", _sig, _fn)
for _ns in ("HashMap", "Std.HashMap"):
    REGISTRY[f"{_ns}.get!"] = Builtin(f"{_ns}.get!", "(m : HashMap κ ν) (k : κ) : ν", _map_get_bang, wants_default=True)

__all__ = ["_map_get_opt", "_map_get_d"]
