"""Array: Lean's `Array` functions (Init/Data/Array), mostly the List ones returning arrays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from specbridge.lean.stdlib import REGISTRY, Builtin, builtin
from specbridge.lean.stdlib import lists as L
from specbridge.lean.values import LArray, Some, fn1, fn2


def _arr(f: Callable[..., Any]) -> Callable[..., Any]:
    def g(*a: Any) -> LArray:
        return LArray(f(*a))

    return g


# `as.any p (start := 0) (stop := as.size)`: the stop default is the size (see `_span`)
_RANGED_PRED = "(a : Array α) (p : α → Bool) (start : Nat := 0) (stop : Nat := 0) : Bool"

# name -> (signature, implementation); `List` in a List builtin becomes `Array`
_SAME = {
    "size": ("(a : Array α) : Nat", len),
    "length": ("(a : Array α) : Nat", len),
    "isEmpty": ("(a : Array α) : Bool", lambda a: not a),
    "toList": ("(a : Array α) : List α", tuple),
    "data": ("(a : Array α) : List α", tuple),
    "contains": ("(a : Array α) (x : α) : Bool", L.contains),
    "elem": ("(x : α) (a : Array α) : Bool", L.elem),
    "all": (_RANGED_PRED, lambda a, p, *r: L.all_(_span(a, r), p)),
    "any": (_RANGED_PRED, lambda a, p, *r: L.any_(_span(a, r), p)),
    "count": ("(x : α) (a : Array α) : Nat", L.count),
    "countP": ("(p : α → Bool) (a : Array α) : Nat", L.count_p),
    "find?": ("(p : α → Bool) (a : Array α) : Option α", L.find_opt),
    "findIdx?": ("(p : α → Bool) (a : Array α) : Option Nat", L.find_idx_opt),
    "idxOf?": ("(a : Array α) (x : α) : Option Nat", lambda a, x: L.idx_of_opt(x, a)),
    "finIdxOf?": ("(a : Array α) (x : α) : Option Nat", lambda a, x: L.idx_of_opt(x, a)),
    # Array.idxOf (a : α) : Array α → Nat := findIdx (· == a): the size when absent
    "idxOf": ("(x : α) (a : Array α) : Nat", L.idx_of),
    "findSome?": ("(f : α → Option β) (a : Array α) : Option β", L.find_some),
    "findRev?": ("(p : α → Bool) (a : Array α) : Option α", lambda p, a: L.find_opt(p, tuple(reversed(a)))),
    "findSomeRev?": ("(f : α → Option β) (a : Array α) : Option β", lambda f, a: L.find_some(f, tuple(reversed(a)))),
    "findFinIdx?": ("(p : α → Bool) (a : Array α) : Option Nat", L.find_idx_opt),
    "getMax?": ("(a : Array α) (lt : α → α → Bool) : Option α", lambda a, lt: _get_max(a, lt)),
    "allDiff": ("(a : Array α) : Bool", L.nodup),
    "isEqv": ("(a : Array α) (b : Array α) (p : α → α → Bool) : Bool", lambda a, b, p: _is_eqv(a, b, p)),
    "toListAppend": ("(a : Array α) (l : List α) : List α", lambda a, m: tuple(a) + tuple(m)),
    "Pairwise": ("(r : α → α → Prop) (a : Array α) : Prop", L.pairwise),
    "Perm": ("(a : Array α) (b : Array α) : Prop", L.is_perm),
    "isPerm": ("(a : Array α) (b : Array α) : Bool", L.is_perm),
    "partition": ("(p : α → Bool) (a : Array α) : Prod (Array α) (Array α)", lambda p, a: _pair_arr(L.partition(p, a))),
    "unzip": ("(a : Array (Prod α β)) : Prod (Array α) (Array β)", lambda a: _pair_arr(L.unzip(a))),
    "indexOf?": ("(a : Array α) (x : α) : Option Nat", lambda a, x: L.idx_of_opt(x, a)),
    "getIdx?": ("(a : Array α) (x : α) : Option Nat", lambda a, x: L.idx_of_opt(x, a)),
    "foldl": ("(f : β → α → β) (init : β) (a : Array α) : β", L.foldl),
    "foldr": ("(f : α → β → β) (init : β) (a : Array α) : β", L.foldr),
    "get?": ("(a : Array α) (i : Nat) : Option α", L.get_opt),
    "getD": ("(a : Array α) (i : Nat) (d : α) : α", L.get_d),
    "back?": ("(a : Array α) : Option α", L.last_opt),
    "isPrefixOf": ("(a : Array α) (b : Array α) : Bool", L.is_prefix_of),
    "max?": ("(a : Array α) : Option α", L.maximum_opt),
    "min?": ("(a : Array α) : Option α", L.minimum_opt),
    "toListRev": ("(a : Array α) : List α", lambda a: tuple(reversed(a))),
}
_ARRAY_RESULT = {
    "map": ("(f : α → β) (a : Array α) : Array β", L.map_),
    "mapIdx": ("(a : Array α) (f : Nat → α → β) : Array β", lambda a, f: L.map_idx(f, a)),
    "filter": ("(p : α → Bool) (a : Array α) : Array α", L.filter_),
    "filterMap": ("(f : α → Option β) (a : Array α) : Array β", L.filter_map),
    "reverse": ("(a : Array α) : Array α", L.reverse),
    "take": ("(a : Array α) (n : Nat) : Array α", L.take),
    "drop": ("(a : Array α) (n : Nat) : Array α", L.drop),
    "extract": ("(a : Array α) (start : Nat := 0) (stop : Nat := a.size) : Array α", L.extract),
    "push": ("(a : Array α) (x : α) : Array α", L.concat),
    "pop": ("(a : Array α) : Array α", L.drop_last),
    "append": ("(a : Array α) (b : Array α) : Array α", L.append),
    "appendList": ("(a : Array α) (b : List α) : Array α", L.append),
    "zip": ("(a : Array α) (b : Array β) : Array (Prod α β)", L.zip_),
    # Lean ≥ 4.17: `Array.zipWith (f : α → β → γ) (as : Array α) (bs : Array β)`, so `as.zipWith f bs`
    "zipWith": ("(f : α → β → γ) (a : Array α) (b : Array β) : Array γ", L.zip_with),
    "zipWithIndex": ("(a : Array α) : Array (Prod α Nat)", L.zip_idx),
    "zipIdx": ("(a : Array α) : Array (Prod α Nat)", L.zip_idx),
    "eraseIdx": ("(a : Array α) (i : Nat) : Array α", L.erase_idx),
    # Init/Data/Array/Basic.lean: `if h : i < xs.size then xs.eraseIdx i h else panic! "invalid index"`, and a
    # panic's value is `default` (`#[]`), which is what the kernel (and so `decide`) computes
    "eraseIdx!": ("(a : Array α) (i : Nat) : Array α", lambda a, i: L.erase_idx(a, i) if i < len(a) else ()),
    "erase": ("(a : Array α) (x : α) : Array α", L.erase),
    "set!": ("(a : Array α) (i : Nat) (x : α) : Array α", L.set_),
    "set": ("(a : Array α) (i : Nat) (x : α) : Array α", L.set_),
    "setD": ("(a : Array α) (i : Nat) (x : α) : Array α", L.set_),
    "modify": ("(a : Array α) (i : Nat) (f : α → α) : Array α", L.modify),
    "flatten": ("(a : Array (Array α)) : Array α", L.flatten),
    "flatMap": ("(f : α → Array β) (a : Array α) : Array β", L.flat_map),
    "takeWhile": ("(p : α → Bool) (a : Array α) : Array α", L.take_while),
    "popWhile": ("(p : α → Bool) (a : Array α) : Array α", lambda p, a: _pop_while(p, a)),
    "eraseP": ("(a : Array α) (p : α → Bool) : Array α", lambda a, p: L.erase_p(p, a)),
    "eraseIdxIfInBounds": ("(a : Array α) (i : Nat) : Array α", L.erase_idx),
    "insertIdx": ("(a : Array α) (i : Nat) (x : α) : Array α", lambda a, i, x: _insert_idx(a, i, x)),
    "insertIdxIfInBounds": ("(a : Array α) (i : Nat) (x : α) : Array α", lambda a, i, x: _insert_idx(a, i, x)),
    "swapIfInBounds": ("(a : Array α) (i : Nat) (j : Nat) : Array α", lambda a, i, j: _swap(a, i, j)),
    "shrink": ("(a : Array α) (n : Nat) : Array α", L.take),
    "replace": ("(a : Array α) (x : α) (y : α) : Array α", lambda a, x, y: _replace_first(a, x, y)),
    "leftpad": ("(n : Nat) (x : α) (a : Array α) : Array α", lambda n, x, a: (x,) * max(n - len(a), 0) + tuple(a)),
    "rightpad": ("(n : Nat) (x : α) (a : Array α) : Array α", lambda n, x, a: tuple(a) + (x,) * max(n - len(a), 0)),
    "reduceOption": ("(a : Array (Option α)) : Array α", lambda a: tuple(x.val for x in a if x is not None)),
    "getEvenElems": ("(a : Array α) : Array α", lambda a: tuple(a[::2])),
    "range'": ("(start : Nat) (size : Nat) (step : Nat := 1) : Array Nat", L.range_prime),
    "attach": ("(a : Array α) : Array (Subtype α)", lambda a: a),
    "unattach": ("(a : Array (Subtype α)) : Array α", lambda a: a),
    "modifyOp": ("(a : Array α) (i : Nat) (f : α → α) : Array α", L.modify),
    "replicate": ("(n : Nat) (x : α) : Array α", L.replicate),
    "mkArray": ("(n : Nat) (x : α) : Array α", L.replicate),
    "range": ("(n : Nat) : Array Nat", L.range_),
    "insertionSort": (
        "(a : Array α) (lt : α → α → Bool := fun a b => a < b) : Array α",
        lambda a, lt=None: _sort_lt(a, lt),
    ),
    "qsort": (
        "(a : Array α) (lt : α → α → Bool := fun a b => a < b) (low : Nat := 0) (high : Nat := a.size - 1) : Array α",
        lambda a, lt=None, low=0, high=None: _qsort(a, lt, low, high),
    ),
    "eraseReps": ("(a : Array α) : Array α", lambda a: tuple(x for i, x in enumerate(a) if i == 0 or a[i - 1] != x)),
    "ofFn": ("(f : Nat → α) (n : Nat) : Array α", L.of_fn),
    # `insertIdx! as i a = if i ≤ as.size then insertIdx as i a else panic! …` (default `#[]`); `insertAt!` is
    # its deprecated alias (since 2024-11-20), still present at v4.18.0
    "insertAt!": (
        "(a : Array α) (i : Nat) (x : α) : Array α",
        lambda a, i, x: _insert_idx(a, i, x) if i <= len(a) else (),
    ),
    "insertIdx!": (
        "(a : Array α) (i : Nat) (x : α) : Array α",
        lambda a, i, x: _insert_idx(a, i, x) if i <= len(a) else (),
    ),
    "swap!": ("(a : Array α) (i : Nat) (j : Nat) : Array α", lambda a, i, j: _swap(a, i, j)),
    "swap": ("(a : Array α) (i : Nat) (j : Nat) : Array α", lambda a, i, j: _swap(a, i, j)),
}


def _span(a: tuple, r: tuple) -> tuple:
    # Array.any/all (start := 0) (stop := as.size): the elements from `start` to `min stop size`
    if not r:
        return a
    start = r[0]
    stop = r[1] if len(r) > 1 else len(a)
    return tuple(a[start : min(stop, len(a))]) if start < stop else ()


def _pair_arr(p: Any) -> Any:
    from specbridge.lean.values import Pair

    return Pair(LArray(p.fst), LArray(p.snd))


def _get_max(a: tuple, lt: Any) -> Some | None:
    # Array.getMax?: fold from a[0], replacing `best` by `x` when `lt best x`
    if not a:
        return None
    g = fn2(lt)
    best = a[0]
    for x in a[1:]:
        if g(best, x):
            best = x
    return Some(best)


def _is_eqv(a: tuple, b: tuple, p: Any) -> bool:
    g = fn2(p)
    return len(a) == len(b) and all(g(x, y) for x, y in zip(a, b, strict=True))


def _pop_while(p: Any, a: tuple) -> tuple:
    g = fn1(p)
    n = len(a)
    while n > 0 and g(a[n - 1]):
        n -= 1
    return tuple(a[:n])


def _insert_idx(a: tuple, i: int, x: Any) -> tuple:
    # insertIdx! panics and insertIdxIfInBounds returns the array unchanged when i > size
    return tuple(a[:i]) + (x,) + tuple(a[i:]) if 0 <= i <= len(a) else a


def _qsort(a: tuple, lt: Any, low: int, high: int | None) -> tuple:
    """Init/Data/Array/QSort.lean: median-of-three, then Lomuto partition around `as[hi]`; not stable, so equal
    elements end up where Lean puts them (`sort as low mid` then `sort as (mid+1) high`)."""
    g = fn2(lt) if lt is not None else (lambda x, y: x < y)
    xs = list(a)
    hi0 = max(len(xs) - 1, 0) if high is None else high

    def partition(lo: int, hi: int) -> int:
        mid = (lo + hi) // 2
        if g(xs[mid], xs[lo]):
            xs[lo], xs[mid] = xs[mid], xs[lo]
        if g(xs[hi], xs[lo]):
            xs[lo], xs[hi] = xs[hi], xs[lo]
        if g(xs[mid], xs[hi]):
            xs[mid], xs[hi] = xs[hi], xs[mid]
        pivot = xs[hi]
        i = lo
        for j in range(lo, hi):
            if g(xs[j], pivot):
                xs[i], xs[j] = xs[j], xs[i]
                i += 1
        xs[i], xs[hi] = xs[hi], xs[i]
        return i

    stack = [(low, hi0)]
    while stack:
        lo, hi = stack.pop()
        if lo < hi and hi < len(xs):
            mid = partition(lo, hi)
            if mid < hi:
                # `sort as low mid` runs first, then `sort as (mid+1) high`: a stack pops the pushed-last first
                stack.append((mid + 1, hi))
                stack.append((lo, mid))
    return tuple(xs)


def _replace_first(a: tuple, x: Any, y: Any) -> tuple:
    for i, v in enumerate(a):
        if v == x:
            return tuple(a[:i]) + (y,) + tuple(a[i + 1 :])
    return a


def _swap(a: tuple, i: int, j: int) -> tuple:
    if not (0 <= i < len(a) and 0 <= j < len(a)):
        return a
    lst = list(a)
    lst[i], lst[j] = lst[j], lst[i]
    return tuple(lst)


def _sort_lt(a: tuple, lt: Any) -> tuple:
    if lt is None:
        return tuple(sorted(a))
    return _insertion_sort_lt(a, lt)


def _insertion_sort_lt(a: tuple, lt: Any) -> tuple:
    # Array.insertionSort swaps while `lt a[j] a[j-1]` holds: stable
    g = fn2(lt)
    out = list(a)
    for i in range(1, len(out)):
        j = i
        while j > 0 and g(out[j], out[j - 1]):
            out[j], out[j - 1] = out[j - 1], out[j]
            j -= 1
    return tuple(out)


for _name, (_sig, _fn) in _SAME.items():
    REGISTRY[f"Array.{_name}"] = Builtin(f"Array.{_name}", _sig, _fn)
for _name, (_sig, _fn) in _ARRAY_RESULT.items():
    REGISTRY[f"Array.{_name}"] = Builtin(f"Array.{_name}", _sig, _arr(_fn))


@builtin("Array.get!", "(a : Array α) (i : Nat) : α", wants_default=True, aliases=("Array.get", "Array.getElem"))
def get_bang(d: Callable, a: tuple, i: int) -> Any:
    return a[i] if 0 <= i < len(a) else d()


@builtin("Array.back!", "(a : Array α) : α", wants_default=True, aliases=("Array.back",))
def back_bang(d: Callable, a: tuple) -> Any:
    return a[-1] if a else d()


@builtin("Array.sum", "(a : Array α) : α", wants_types=True)
def sum_(types: list, a: tuple) -> Any:
    return L.sum_(types, a)


@builtin("Array.sort", "(a : Array α) (lt : α → α → Bool := fun a b => a < b) : Array α")
def sort_(a: tuple, lt: Any = None) -> LArray:
    return LArray(_sort_lt(a, lt))


@builtin("Array.findIdx", "(p : α → Bool) (a : Array α) : Nat")
def find_idx(p: Any, a: tuple) -> int:
    return L.find_idx(p, a)


@builtin("Array.all₂", "(r : α → β → Bool) (a : Array α) (b : Array β) : Bool")
def all2(r: Any, a: tuple, b: tuple) -> bool:
    g = fn2(r)
    return len(a) == len(b) and all(g(x, y) for x, y in zip(a, b, strict=True))


@builtin("Array.singleton", "(x : α) : Array α")
def singleton(x: Any) -> LArray:
    return LArray((x,))


@builtin("Array.getLast?", "(a : Array α) : Option α")
def last_opt(a: tuple) -> Some | None:
    return Some(a[-1]) if a else None


@builtin("Array.foldlIdx", "(a : Array α) (f : Nat → β → α → β) (init : β) : β")
def foldl_idx(a: tuple, f: Any, init: Any) -> Any:
    from specbridge.lean.values import apply

    acc = init
    for i, x in enumerate(a):
        acc = apply(f, (i, acc, x))
    return acc


@builtin("Array.Mem", "(x : α) (a : Array α) : Prop")
def mem(x: Any, a: tuple) -> bool:
    return x in a


__all__ = ["fn1"]
