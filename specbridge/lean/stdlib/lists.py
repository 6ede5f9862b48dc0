"""List: Lean core (Init/Data/List) and the Mathlib/Batteries functions specs commonly use."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

from specbridge.errors import EvaluationLimit
from specbridge.lean.limits import ELEMENTS_PER_STEP, build, charge
from specbridge.lean.stdlib import alias, builtin
from specbridge.lean.values import LArray, Pair, Some, apply, fn1, fn2


def _size(n: int, what: str) -> int:
    # a built value's size is checked before it is allocated, and its building charged (specbridge.lean.limits)
    return build(n, what)


def _hashable(xs: Any) -> bool:
    try:
        hash(xs[0]) if xs else None
        return True
    except TypeError:
        return False


# -- basic access -------------------------------------------------------------------------------------------------


@builtin("List.length", "(xs : List α) : Nat", aliases=("List.lengthTR",))
def length(xs: tuple) -> int:
    return len(xs)


@builtin("List.isEmpty", "(xs : List α) : Bool")
def is_empty(xs: tuple) -> bool:
    return not xs


@builtin("List.cons", "(a : α) (xs : List α) : List α")
def cons(a: Any, xs: tuple) -> tuple:
    build(len(xs) + 1, "List.cons")
    return (a, *xs)


@builtin("List.concat", "(xs : List α) (a : α) : List α")
def concat(xs: tuple, a: Any) -> tuple:
    build(len(xs) + 1, "List.concat")
    return (*xs, a)


@builtin("List.append", "(xs : List α) (m : List α) : List α", aliases=("HAppend.hAppend",))
def append(xs: tuple, m: tuple) -> tuple:
    build(len(xs) + len(m), "List.append")
    return tuple(xs) + tuple(m)


@builtin(
    "List.head?",
    "(xs : List α) : Option α",
)
def head_opt(xs: tuple) -> Some | None:
    return Some(xs[0]) if xs else None


@builtin("List.head!", "(xs : List α) : α", wants_default=True, aliases=("List.head",))
def head_bang(d: Callable, xs: tuple) -> Any:
    return xs[0] if xs else d()


@builtin("List.headD", "(xs : List α) (d : α) : α")
def head_d(xs: tuple, d: Any) -> Any:
    return xs[0] if xs else d


@builtin("List.tail", "(xs : List α) : List α", aliases=("List.tail!",))
def tail(xs: tuple) -> tuple:
    build(len(xs), "List.tail")
    return xs[1:]


@builtin("List.tail?", "(xs : List α) : Option (List α)")
def tail_opt(xs: tuple) -> Some | None:
    build(len(xs), "List.tail?")
    return Some(xs[1:]) if xs else None


@builtin(
    "List.getLast?",
    "(xs : List α) : Option α",
)
def last_opt(xs: tuple) -> Some | None:
    return Some(xs[-1]) if xs else None


@builtin("List.getLast!", "(xs : List α) : α", wants_default=True, aliases=("List.getLast", "List.last"))
def last_bang(d: Callable, xs: tuple) -> Any:
    return xs[-1] if xs else d()


@builtin("List.getLastD", "(xs : List α) (d : α) : α")
def last_d(xs: tuple, d: Any) -> Any:
    return xs[-1] if xs else d


@builtin(
    "List.dropLast",
    "(xs : List α) : List α",
)
def drop_last(xs: tuple) -> tuple:
    build(len(xs), "List.dropLast")
    return xs[:-1]


@builtin("List.get!", "(xs : List α) (i : Nat) : α", wants_default=True, aliases=("List.get", "List.getElem"))
def get_bang(d: Callable, xs: tuple, i: int) -> Any:
    return xs[i] if 0 <= i < len(xs) else d()


@builtin(
    "List.get?",
    "(xs : List α) (i : Nat) : Option α",
)
def get_opt(xs: tuple, i: int) -> Some | None:
    return Some(xs[i]) if 0 <= i < len(xs) else None


@builtin(
    "List.getD",
    "(xs : List α) (i : Nat) (d : α) : α",
)
def get_d(xs: tuple, i: int, d: Any) -> Any:
    return xs[i] if 0 <= i < len(xs) else d


@builtin("List.set", "(xs : List α) (i : Nat) (a : α) : List α")
def set_(xs: tuple, i: int, a: Any) -> tuple:
    build(len(xs), "List.set")
    if 0 <= i < len(xs):
        return xs[:i] + (a,) + xs[i + 1 :]
    return xs


@builtin("List.modify", "(xs : List α) (i : Nat) (f : α → α) : List α")
def modify(xs: tuple, i: int, f: Any) -> tuple:
    build(len(xs), "List.modify")
    if 0 <= i < len(xs):
        return xs[:i] + (apply(f, (xs[i],)),) + xs[i + 1 :]
    return xs


@builtin("List.modifyHead", "(f : α → α) (xs : List α) : List α")
def modify_head(f: Any, xs: tuple) -> tuple:
    return (apply(f, (xs[0],)), *xs[1:]) if xs else xs


# -- transformations ----------------------------------------------------------------------------------------------


@builtin("List.map", "(f : α → β) (xs : List α) : List β")
def map_(f: Any, xs: tuple) -> tuple:
    build(len(xs), "List.map")
    g = fn1(f)
    return tuple([g(x) for x in xs])


@builtin("List.mapIdx", "(f : Nat → α → β) (xs : List α) : List β")
def map_idx(f: Any, xs: tuple) -> tuple:
    build(len(xs), "List.mapIdx")
    g = fn2(f)
    return tuple([g(i, x) for i, x in enumerate(xs)])


@builtin("List.filter", "(p : α → Bool) (xs : List α) : List α")
def filter_(p: Any, xs: tuple) -> tuple:
    build(len(xs), "List.filter")
    g = fn1(p)
    return tuple([x for x in xs if g(x)])


@builtin("List.filterMap", "(f : α → Option β) (xs : List α) : List β")
def filter_map(f: Any, xs: tuple) -> tuple:
    build(len(xs), "List.filterMap")
    g = fn1(f)
    out = []
    for x in xs:
        r = g(x)
        if r is not None:
            out.append(r.val)
    return tuple(out)


@builtin("List.foldl", "(f : β → α → β) (init : β) (xs : List α) : β")
def foldl(f: Any, init: Any, xs: tuple) -> Any:
    g = fn2(f)
    acc = init
    for x in xs:
        acc = g(acc, x)
    return acc


@builtin("List.foldr", "(f : α → β → β) (init : β) (xs : List α) : β")
def foldr(f: Any, init: Any, xs: tuple) -> Any:
    g = fn2(f)
    acc = init
    for x in reversed(xs):
        acc = g(x, acc)
    return acc


@builtin("List.reverse", "(xs : List α) : List α")
def reverse(xs: tuple) -> tuple:
    build(len(xs), "List.reverse")
    return xs[::-1]


@builtin("List.flatten", "(xs : List (List α)) : List α", aliases=("List.join",))
def flatten(xs: tuple) -> tuple:
    build(sum(len(x) for x in xs), "List.flatten")
    return tuple(itertools.chain.from_iterable(xs))


@builtin("List.flatMap", "(f : α → List β) (xs : List α) : List β")
def flat_map(f: Any, xs: tuple) -> tuple:
    g = fn1(f)
    parts = [g(x) for x in xs]
    build(sum(len(x) for x in parts), "List.flatMap")
    return tuple(itertools.chain.from_iterable(parts))


@builtin("List.bind", "(xs : List α) (f : α → List β) : List β")
def bind(xs: tuple, f: Any) -> tuple:
    return flat_map(f, xs)


def take(xs: tuple, n: int) -> tuple:
    build(min(n, len(xs)), "List.take")
    return xs[:n]


def drop(xs: tuple, n: int) -> tuple:
    build(len(xs) - min(n, len(xs)), "List.drop")
    return xs[n:]


@builtin("List.take", "(n : Nat) (xs : List α) : List α")
def take_nl(n: int, xs: tuple) -> tuple:
    return xs[:n]


@builtin("List.drop", "(n : Nat) (xs : List α) : List α")
def drop_nl(n: int, xs: tuple) -> tuple:
    return xs[n:]


@builtin(
    "List.takeLast",
    "(xs : List α) (n : Nat) : List α",
)
def take_last(xs: tuple, n: int) -> tuple:
    return xs[len(xs) - n :] if n < len(xs) else xs


@builtin("List.takeWhile", "(p : α → Bool) (xs : List α) : List α")
def take_while(p: Any, xs: tuple) -> tuple:
    return tuple(itertools.takewhile(fn1(p), xs))


@builtin("List.dropWhile", "(p : α → Bool) (xs : List α) : List α")
def drop_while(p: Any, xs: tuple) -> tuple:
    return tuple(itertools.dropwhile(fn1(p), xs))


@builtin("List.splitAt", "(n : Nat) (xs : List α) : Prod (List α) (List α)")
def split_at(n: int, xs: tuple) -> Pair:
    build(len(xs), "List.splitAt")
    return Pair(xs[:n], xs[n:])


@builtin("List.span", "(p : α → Bool) (xs : List α) : Prod (List α) (List α)")
def span(p: Any, xs: tuple) -> Pair:
    build(len(xs), "List.span")
    g = fn1(p)
    i = 0
    while i < len(xs) and g(xs[i]):
        i += 1
    return Pair(xs[:i], xs[i:])


@builtin("List.partition", "(p : α → Bool) (xs : List α) : Prod (List α) (List α)")
def partition(p: Any, xs: tuple) -> Pair:
    build(len(xs), "List.partition")
    g = fn1(p)
    yes, no = [], []
    for x in xs:
        (yes if g(x) else no).append(x)
    return Pair(tuple(yes), tuple(no))


@builtin("List.extract", "(xs : List α) (start : Nat := 0) (stop : Nat := xs.length) : List α")
def extract(xs: tuple, start: int = 0, stop: int | None = None) -> tuple:
    # Init/Data/List/Basic.lean: `extract (l) (start := 0) (stop := l.length) = (l.drop start).take (stop - start)`
    stop = len(xs) if stop is None else stop
    build(len(xs), "List.extract")
    return xs[start:stop] if stop > start else ()


@builtin("List.rotateLeft", "(xs : List α) (n : Nat := 1) : List α")
def rotate_left(xs: tuple, n: int = 1) -> tuple:
    build(len(xs), "List.rotateLeft")
    # Lean: if xs.length ≤ 1 then xs else let n := n % xs.length; xs.drop n ++ xs.take n
    if len(xs) <= 1:
        return xs
    n %= len(xs)
    return xs[n:] + xs[:n]


@builtin("List.rotateRight", "(xs : List α) (n : Nat := 1) : List α")
def rotate_right(xs: tuple, n: int = 1) -> tuple:
    build(len(xs), "List.rotateRight")
    # Lean: if xs.length ≤ 1 then xs else let n := xs.length - n % xs.length; xs.drop n ++ xs.take n
    if len(xs) <= 1:
        return xs
    n = len(xs) - n % len(xs)
    return xs[n:] + xs[:n]


@builtin("List.zip", "(xs : List α) (m : List β) : List (Prod α β)")
def zip_(xs: tuple, m: tuple) -> tuple:
    build(min(len(xs), len(m)), "List.zip")
    return tuple(Pair(a, b) for a, b in zip(xs, m, strict=False))


@builtin("List.zipWith", "(f : α → β → γ) (xs : List α) (m : List β) : List γ")
def zip_with(f: Any, xs: tuple, m: tuple) -> tuple:
    build(min(len(xs), len(m)), "List.zipWith")
    g = fn2(f)
    return tuple(g(a, b) for a, b in zip(xs, m, strict=False))


@builtin("List.unzip", "(xs : List (Prod α β)) : Prod (List α) (List β)")
def unzip(xs: tuple) -> Pair:
    build(2 * len(xs), "List.unzip")
    return Pair(tuple(p.fst for p in xs), tuple(p.snd for p in xs))


@builtin("List.zipIdx", "(xs : List α) (n : Nat := 0) : List (Prod α Nat)")
def zip_idx(xs: tuple, start: int = 0) -> tuple:
    build(len(xs), "List.zipIdx")
    return tuple(Pair(x, i + start) for i, x in enumerate(xs))


@builtin("List.enum", "(xs : List α) : List (Prod Nat α)")
def enum(xs: tuple) -> tuple:
    build(len(xs), "List.enum")
    return tuple(Pair(i, x) for i, x in enumerate(xs))


@builtin("List.enumFrom", "(n : Nat) (xs : List α) : List (Prod Nat α)")
def enum_from(n: int, xs: tuple) -> tuple:
    build(len(xs), "List.enumFrom")
    return tuple(Pair(i + n, x) for i, x in enumerate(xs))


@builtin("List.intersperse", "(sep : α) (xs : List α) : List α")
def intersperse(sep: Any, xs: tuple) -> tuple:
    build(2 * len(xs), "List.intersperse")
    out: list = []
    for i, x in enumerate(xs):
        if i:
            out.append(sep)
        out.append(x)
    return tuple(out)


@builtin("List.intercalate", "(sep : List α) (xs : List (List α)) : List α")
def intercalate(sep: tuple, xs: tuple) -> tuple:
    build(sum(len(x) for x in xs) + len(sep) * max(len(xs) - 1, 0), "List.intercalate")
    out: list = []
    for i, x in enumerate(xs):
        if i:
            out.extend(sep)
        out.extend(x)
    return tuple(out)


@builtin("List.replicate", "(n : Nat) (a : α) : List α")
def replicate(n: int, a: Any) -> tuple:
    return (a,) * _size(n, "List.replicate")


@builtin("List.range", "(n : Nat) : List Nat")
def range_(n: int) -> tuple:
    return tuple(range(_size(n, "List.range")))


@builtin("List.range'", "(start : Nat) (len : Nat) (step : Nat := 1) : List Nat")
def range_prime(start: int, n: int, step: int = 1) -> tuple:
    return tuple(start + i * step for i in range(_size(n, "List.range'")))


@builtin("List.iota", "(n : Nat) : List Nat")
def iota(n: int) -> tuple:
    return tuple(range(_size(n, "List.iota"), 0, -1))


@builtin("List.finRange", "(n : Nat) : List Nat")
def fin_range(n: int) -> tuple:
    return tuple(range(_size(n, "List.finRange")))


@builtin("List.ofFn", "(f : Nat → α) (n : Nat) : List α")
def of_fn(f: Any, n: int) -> tuple:
    g = fn1(f)
    return tuple(g(i) for i in range(_size(n, "List.ofFn")))


@builtin(
    "List.singleton",
    "(a : α) : List α",
)
def singleton(a: Any) -> tuple:
    return (a,)


@builtin("List.toArray", "(xs : List α) : Array α", aliases=("Array.mk", "List.toArrayAux", "Array.ofList"))
def to_array(xs: tuple) -> LArray:
    build(len(xs), "List.toArray")
    return LArray(xs)


@builtin("List.asString", "(xs : List Char) : String", aliases=("String.mk",))
def as_string(xs: tuple) -> str:
    build(len(xs), "List.asString")
    return "".join(xs)


# -- searching and counting ---------------------------------------------------------------------------------------


@builtin("List.contains", "(xs : List α) (a : α) : Bool")
def contains(xs: tuple, a: Any) -> bool:
    charge(len(xs) // ELEMENTS_PER_STEP)
    return a in xs


@builtin("List.elem", "(a : α) (xs : List α) : Bool")
def elem(a: Any, xs: tuple) -> bool:
    charge(len(xs) // ELEMENTS_PER_STEP)
    return a in xs


@builtin("List.Mem", "(a : α) (xs : List α) : Prop", aliases=("Membership.mem",))
def mem(a: Any, xs: tuple) -> bool:
    charge(len(xs) // ELEMENTS_PER_STEP)
    return a in xs


@builtin("List.all", "(xs : List α) (p : α → Bool) : Bool")
def all_(xs: tuple, p: Any) -> bool:
    g = fn1(p)
    return all(g(x) for x in xs)


@builtin("List.any", "(xs : List α) (p : α → Bool) : Bool")
def any_(xs: tuple, p: Any) -> bool:
    g = fn1(p)
    return any(g(x) for x in xs)


@builtin("List.and", "(xs : List Bool) : Bool")
def and_(xs: tuple) -> bool:
    return all(xs)


@builtin("List.or", "(xs : List Bool) : Bool")
def or_(xs: tuple) -> bool:
    return any(xs)


@builtin("List.count", "(a : α) (xs : List α) : Nat")
def count(a: Any, xs: tuple) -> int:
    charge(len(xs) // ELEMENTS_PER_STEP)
    return sum(1 for x in xs if x == a)


@builtin("List.countP", "(p : α → Bool) (xs : List α) : Nat")
def count_p(p: Any, xs: tuple) -> int:
    g = fn1(p)
    return sum(1 for x in xs if g(x))


@builtin("List.find?", "(p : α → Bool) (xs : List α) : Option α")
def find_opt(p: Any, xs: tuple) -> Some | None:
    g = fn1(p)
    for x in xs:
        if g(x):
            return Some(x)
    return None


@builtin("List.findSome?", "(f : α → Option β) (xs : List α) : Option β")
def find_some(f: Any, xs: tuple) -> Some | None:
    g = fn1(f)
    for x in xs:
        r = g(x)
        if r is not None:
            return r
    return None


@builtin("List.findIdx", "(p : α → Bool) (xs : List α) : Nat")
def find_idx(p: Any, xs: tuple) -> int:
    g = fn1(p)
    for i, x in enumerate(xs):
        if g(x):
            return i
    return len(xs)


@builtin("List.findIdx?", "(p : α → Bool) (xs : List α) : Option Nat")
def find_idx_opt(p: Any, xs: tuple) -> Some | None:
    g = fn1(p)
    for i, x in enumerate(xs):
        if g(x):
            return Some(i)
    return None


@builtin("List.idxOf", "(a : α) (xs : List α) : Nat", aliases=("List.indexOf",))
def idx_of(a: Any, xs: tuple) -> int:
    for i, x in enumerate(xs):
        if x == a:
            return i
    return len(xs)


@builtin("List.idxOf?", "(a : α) (xs : List α) : Option Nat", aliases=("List.indexOf?",))
def idx_of_opt(a: Any, xs: tuple) -> Some | None:
    for i, x in enumerate(xs):
        if x == a:
            return Some(i)
    return None


@builtin("List.lookup", "(a : α) (xs : List (Prod α β)) : Option β")
def lookup(a: Any, xs: tuple) -> Some | None:
    for p in xs:
        if p.fst == a:
            return Some(p.snd)
    return None


@builtin("List.isPrefixOf", "(xs : List α) (m : List α) : Bool")
def is_prefix_of(xs: tuple, m: tuple) -> bool:
    return tuple(m[: len(xs)]) == tuple(xs)


@builtin("List.isSuffixOf", "(xs : List α) (m : List α) : Bool")
def is_suffix_of(xs: tuple, m: tuple) -> bool:
    return len(xs) <= len(m) and tuple(m[len(m) - len(xs) :]) == tuple(xs)


@builtin("List.IsPrefix", "(xs : List α) (m : List α) : Prop", aliases=("List.isPrefix",))
def is_prefix(xs: tuple, m: tuple) -> bool:
    return is_prefix_of(xs, m)


@builtin("List.IsSuffix", "(xs : List α) (m : List α) : Prop")
def is_suffix(xs: tuple, m: tuple) -> bool:
    return is_suffix_of(xs, m)


@builtin("List.IsInfix", "(xs : List α) (m : List α) : Prop", aliases=("List.isInfixOf",))
def is_infix(xs: tuple, m: tuple) -> bool:
    charge(len(xs) * len(m) // ELEMENTS_PER_STEP)
    n = len(xs)
    return any(tuple(m[i : i + n]) == tuple(xs) for i in range(len(m) - n + 1))


@builtin("List.Sublist", "(xs : List α) (m : List α) : Prop", aliases=("List.isSublist",))
def sublist(xs: tuple, m: tuple) -> bool:
    it = iter(m)
    return all(any(x == y for y in it) for x in xs)


@builtin("List.Subset", "(xs : List α) (m : List α) : Prop", aliases=("HasSubset.Subset",))
def list_subset(xs: tuple, m: tuple) -> bool:
    return all(x in m for x in xs)


# -- set-like operations ------------------------------------------------------------------------------------------


@builtin("List.erase", "(xs : List α) (a : α) : List α")
def erase(xs: tuple, a: Any) -> tuple:
    build(len(xs), "List.erase")
    for i, x in enumerate(xs):
        if x == a:
            return xs[:i] + xs[i + 1 :]
    return xs


@builtin("List.eraseIdx", "(xs : List α) (i : Nat) : List α", aliases=("List.removeNth",))
def erase_idx(xs: tuple, i: int) -> tuple:
    build(len(xs), "List.eraseIdx")
    return xs[:i] + xs[i + 1 :] if 0 <= i < len(xs) else xs


@builtin("List.dedup", "(xs : List α) : List α", aliases=("List.eraseDup",))
def dedup(xs: tuple) -> tuple:
    # Mathlib's dedup and Batteries' eraseDup are `pwFilter (· ≠ ·)`: a foldr that keeps an element only when it
    # differs from everything kept after it, i.e. the LAST occurrence: [1, 0, 2, 2, 1].dedup = [0, 2, 1]
    return tuple(reversed(erase_dups(tuple(reversed(xs)))))


@builtin("List.eraseP", "(p : α → Bool) (xs : List α) : List α")
def erase_p(p: Any, xs: tuple) -> tuple:
    build(len(xs), "List.eraseP")
    g = fn1(p)
    for i, x in enumerate(xs):
        if g(x):
            return xs[:i] + xs[i + 1 :]
    return xs


@builtin("List.eraseDups", "(xs : List α) : List α")
def erase_dups(xs: tuple) -> tuple:
    charge(len(xs) * (1 if _hashable(xs) else len(xs)) // ELEMENTS_PER_STEP)
    # keeps the first occurrence of each element (Lean core's eraseDups)
    out: list = []
    if _hashable(xs):
        seen: set = set()
        for x in xs:
            if x not in seen:
                seen.add(x)
                out.append(x)
        return tuple(out)
    for x in xs:
        if x not in out:
            out.append(x)
    return tuple(out)


@builtin("List.removeAll", "(xs : List α) (m : List α) : List α")
def remove_all(xs: tuple, m: tuple) -> tuple:
    charge(len(xs) * len(m) // ELEMENTS_PER_STEP)
    return tuple(x for x in xs if x not in m)


@builtin("List.insert", "(a : α) (xs : List α) : List α")
def insert(a: Any, xs: tuple) -> tuple:
    build(len(xs) + 1, "List.insert")
    return xs if a in xs else (a, *xs)


@builtin("List.union", "(xs : List α) (m : List α) : List α")
def list_union(xs: tuple, m: tuple) -> tuple:
    charge(len(xs) * len(m) // ELEMENTS_PER_STEP)
    # List.union xs₁ xs₂ = foldr .insert xs₂ xs₁
    acc = tuple(m)
    for x in reversed(xs):
        acc = insert(x, acc)
    return acc


@builtin("List.inter", "(xs : List α) (m : List α) : List α")
def list_inter(xs: tuple, m: tuple) -> tuple:
    charge(len(xs) * len(m) // ELEMENTS_PER_STEP)
    return tuple(x for x in xs if x in m)


@builtin("List.diff", "(xs : List α) (m : List α) : List α")
def list_diff(xs: tuple, m: tuple) -> tuple:
    charge(len(xs) * len(m) // ELEMENTS_PER_STEP)
    out = xs
    for x in m:
        out = erase(out, x)
    return out


@builtin("List.bagInter", "(xs : List α) (m : List α) : List α")
def bag_inter(xs: tuple, m: tuple) -> tuple:
    charge(len(xs) * len(m) // ELEMENTS_PER_STEP)
    out = []
    rest = list(m)
    for x in xs:
        if x in rest:
            rest.remove(x)
            out.append(x)
    return tuple(out)


# -- numeric folds ------------------------------------------------------------------------------------------------


@builtin("List.sum", "(xs : List α) : α", wants_types=True)
def sum_(types: list, xs: tuple) -> Any:
    charge(len(xs) // ELEMENTS_PER_STEP)
    from specbridge.lean import types as ty

    h = ty.head(types[-1])
    s: Any = 0.0 if h == "Float" else 0
    for x in xs:
        s = s + x
    if h == "UInt8":
        s &= 0xFF
    return s


@builtin("List.prod", "(xs : List α) : α", wants_types=True)
def prod_(types: list, xs: tuple) -> Any:
    charge(len(xs) // ELEMENTS_PER_STEP)
    from specbridge.lean import types as ty

    h = ty.head(types[-1])
    s: Any = 1.0 if h == "Float" else 1
    for x in xs:
        s = s * x
    return s


@builtin("List.maximum?", "(xs : List α) : Option α", aliases=("List.max?",))
def maximum_opt(xs: tuple) -> Some | None:
    if not xs:
        return None
    m = xs[0]
    for x in xs[1:]:
        m = x if m <= x else m  # max a b = if a ≤ b then b else a
    return Some(m)


@builtin("List.minimum?", "(xs : List α) : Option α", aliases=("List.min?",))
def minimum_opt(xs: tuple) -> Some | None:
    if not xs:
        return None
    m = xs[0]
    for x in xs[1:]:
        m = m if m <= x else x
    return Some(m)


@builtin("List.maximum!", "(xs : List α) : α", wants_default=True, aliases=("List.max!",))
def maximum_bang(d: Callable, xs: tuple) -> Any:
    r = maximum_opt(xs)
    return r.val if r is not None else d()


@builtin("List.minimum!", "(xs : List α) : α", wants_default=True, aliases=("List.min!",))
def minimum_bang(d: Callable, xs: tuple) -> Any:
    r = minimum_opt(xs)
    return r.val if r is not None else d()


@builtin("List.maximumD", "(xs : List α) (d : α) : α")
def maximum_d(xs: tuple, d: Any) -> Any:
    r = maximum_opt(xs)
    return r.val if r is not None else d


@builtin("List.minimumD", "(xs : List α) (d : α) : α")
def minimum_d(xs: tuple, d: Any) -> Any:
    r = minimum_opt(xs)
    return r.val if r is not None else d


# -- order, permutations, sublists ------------------------------------------------------------------------------


@builtin("List.Pairwise", "(r : α → α → Prop) (xs : List α) : Prop", aliases=("List.pairwise",))
def pairwise(r: Any, xs: tuple) -> bool:
    g = fn2(r)
    n = len(xs)
    if n > ELEMENTS_PER_STEP:  # n²/2 pairs (a built-in relation charges nothing itself)
        charge(n * n // (2 * ELEMENTS_PER_STEP))
    for i in range(n):
        a = xs[i]
        for j in range(i + 1, n):
            if not g(a, xs[j]):
                return False
    return True


@builtin("List.Sorted", "(r : α → α → Prop) (xs : List α) : Prop")
def sorted_(r: Any, xs: tuple) -> bool:
    # Mathlib: Sorted r xs = Pairwise r xs
    return pairwise(r, xs)


@builtin("List.Chain'", "(r : α → α → Prop) (xs : List α) : Prop", aliases=("List.IsChain",))
def chain_prime(r: Any, xs: tuple) -> bool:
    g = fn2(r)
    return all(g(xs[i], xs[i + 1]) for i in range(len(xs) - 1))


@builtin("List.Chain", "(r : α → α → Prop) (a : α) (xs : List α) : Prop")
def chain(r: Any, a: Any, xs: tuple) -> bool:
    return chain_prime(r, (a, *xs))


@builtin("List.Nodup", "(xs : List α) : Prop", aliases=("List.nodup",))
def nodup(xs: tuple) -> bool:
    charge(len(xs) * (1 if _hashable(xs) else len(xs)) // ELEMENTS_PER_STEP)
    if _hashable(xs):
        return len(set(xs)) == len(xs)
    return all(xs[i] not in xs[i + 1 :] for i in range(len(xs)))


@builtin("List.isPerm", "(xs : List α) (m : List α) : Bool", aliases=("List.Perm",))
def is_perm(xs: tuple, m: tuple) -> bool:
    charge(len(xs) * (1 if _hashable(xs) else len(xs)) // ELEMENTS_PER_STEP)
    if len(xs) != len(m):
        return False
    if _hashable(xs) and _hashable(m):
        from collections import Counter

        try:
            return Counter(xs) == Counter(m)
        except TypeError:
            pass
    rest = list(m)
    for x in xs:
        for i, y in enumerate(rest):
            if x == y:
                del rest[i]
                break
        else:
            return False
    return True


def _lean_lt(a: Any, b: Any) -> bool:
    return a < b


@builtin("List.mergeSort", "(xs : List α) (le : α → α → Bool := fun a b => a ≤ b) : List α")
def merge_sort(xs: tuple, le: Any = None) -> tuple:
    build(len(xs), "List.mergeSort")
    charge(len(xs) * len(xs).bit_length() // ELEMENTS_PER_STEP)
    # Init/Data/List/Sort/Basic.lean: split in two contiguous halves (the first (n+1)/2 long), sort each, and
    # `merge`, which takes the left element exactly when `le x y` — so a strict `le` is not stable, as in Lean
    g = fn2(le) if le is not None else (lambda a, b: a <= b)

    def merge(a: list, b: list) -> list:
        out: list = []
        i = j = 0
        while i < len(a) and j < len(b):
            if g(a[i], b[j]):
                out.append(a[i])
                i += 1
            else:
                out.append(b[j])
                j += 1
        return out + a[i:] + b[j:]

    def sort(part: list) -> list:
        if len(part) < 2:
            return part
        half = (len(part) + 1) // 2
        return merge(sort(part[:half]), sort(part[half:]))

    return tuple(sort(list(xs)))


@builtin("List.insertionSort", "(r : α → α → Bool) (xs : List α) : List α")
def insertion_sort(r: Any, xs: tuple) -> tuple:
    charge(len(xs) * len(xs) // ELEMENTS_PER_STEP)
    # Mathlib: insertionSort r (b :: xs) = orderedInsert r b (insertionSort r xs)
    g = fn2(r)
    out: list = []
    for b in reversed(xs):
        i = 0
        while i < len(out) and not g(b, out[i]):
            i += 1
        out.insert(i, b)
    return tuple(out)


@builtin("List.orderedInsert", "(r : α → α → Bool) (a : α) (xs : List α) : List α")
def ordered_insert(r: Any, a: Any, xs: tuple) -> tuple:
    build(len(xs) + 1, "List.orderedInsert")
    g = fn2(r)
    i = 0
    while i < len(xs) and not g(a, xs[i]):
        i += 1
    return xs[:i] + (a,) + xs[i:]


@builtin("List.sublists", "(xs : List α) : List (List α)")
def sublists(xs: tuple) -> tuple:
    # Mathlib order: sublists [a, b] = [[], [a], [b], [a, b]]
    # 2^n lists of n/2 elements on average: refused or charged before any is built
    build(1 << len(xs), "List.sublists")
    charge((len(xs) << len(xs)) // (2 * ELEMENTS_PER_STEP))
    out: list[tuple] = [()]
    for x in xs:
        out = out + [s + (x,) for s in out]
    return tuple(out)


def _permutations_aux2(t: Any, ts: tuple, r: list, ys: tuple, f: Callable[[tuple], Any]) -> tuple[tuple, list]:
    if not ys:
        return ts, r
    y = ys[0]
    us, zs = _permutations_aux2(t, ts, r, ys[1:], lambda x: f((y, *x)))
    return (y, *us), [f((t, y, *us)), *zs]


def _permutations_aux(ts: tuple, is_: tuple) -> list:
    if not ts:
        return []
    t, rest = ts[0], ts[1:]
    acc = _permutations_aux(rest, (t, *is_))
    for y in reversed([is_, *_permutations_aux(is_, ())]):
        acc = _permutations_aux2(t, rest, acc, y, lambda x: x)[1]
    return acc


@builtin("List.permutations", "(xs : List α) : List (List α)")
def permutations(xs: tuple) -> tuple:
    # Mathlib/Data/List/Defs.lean, in its order: `permutations l = l :: permutationsAux l []`, with
    # `permutationsAux (t :: ts) is = foldr (fun y r => (permutationsAux2 t ts r y id).2) (permutationsAux ts
    # (t :: is)) (is :: permutationsAux is [])` — [1, 2, 3] gives [1,2,3], [2,1,3], [3,2,1], [2,3,1], [3,1,2], [1,3,2]
    if len(xs) > 12:  # 13! is above any size limit; math.factorial of a long list's length is not free
        raise EvaluationLimit("size", f"permutations of a list of {len(xs)} elements")
    build(math.factorial(len(xs)), "List.permutations")
    charge(len(xs) * math.factorial(len(xs)) // ELEMENTS_PER_STEP)
    return (tuple(xs), *(tuple(p) for p in _permutations_aux(tuple(xs), ())))


@builtin("List.product", "(xs : List α) (m : List β) : List (Prod α β)")
def product(xs: tuple, m: tuple) -> tuple:
    build(len(xs) * len(m), "List.product")
    return tuple(Pair(a, b) for a in xs for b in m)


@builtin("List.groupBy", "(r : α → α → Bool) (xs : List α) : List (List α)", aliases=("List.splitBy",))
def group_by(r: Any, xs: tuple) -> tuple:
    build(len(xs), "List.groupBy")
    g = fn2(r)
    out: list[list] = []
    for x in xs:
        if out and g(out[-1][-1], x):
            out[-1].append(x)
        else:
            out.append([x])
    return tuple(tuple(x) for x in out)


@builtin("List.lex", "(xs : List α) (m : List α) : Bool")
def lex(xs: tuple, m: tuple) -> bool:
    return tuple(xs) < tuple(m)


@builtin("List.leftpad", "(n : Nat) (a : α) (xs : List α) : List α")
def leftpad(n: int, a: Any, xs: tuple) -> tuple:
    build(max(n, len(xs)), "List.leftpad")
    return (a,) * max(0, n - len(xs)) + tuple(xs)


@builtin("List.tails", "(xs : List α) : List (List α)")
def tails(xs: tuple) -> tuple:
    build(len(xs) + 1, "List.tails")
    charge(len(xs) * len(xs) // (2 * ELEMENTS_PER_STEP))
    return tuple(xs[i:] for i in range(len(xs) + 1))


@builtin("List.inits", "(xs : List α) : List (List α)")
def inits(xs: tuple) -> tuple:
    build(len(xs) + 1, "List.inits")
    charge(len(xs) * len(xs) // (2 * ELEMENTS_PER_STEP))
    return tuple(xs[:i] for i in range(len(xs) + 1))


@builtin("List.sigma", "(xs : List α) : List α")
def _sigma(xs: tuple) -> tuple:  # pragma: no cover - placeholder name, rarely used
    return xs


@builtin(
    "List.toFinset",
    "(xs : List α) : Finset α",
)
def to_finset(xs: tuple) -> tuple:
    charge(len(xs) * (1 if _hashable(xs) else len(xs)) // ELEMENTS_PER_STEP)
    return erase_dups(xs)


@builtin("List.insertIdx", "(xs : List α) (i : Nat) (a : α) : List α")
def insert_idx(xs: tuple, i: int, a: Any) -> tuple:
    build(len(xs) + 1, "List.insertIdx")
    # Init/Data/List/Basic: modifyTailIdx xs i (cons a) — unchanged when i > length
    return (*xs[:i], a, *xs[i:]) if 0 <= i <= len(xs) else xs


@builtin("List.iterate", "(f : α → α) (a : α) (n : Nat) : List α")
def iterate(f: Any, a: Any, n: int) -> tuple:
    out = []
    for _ in range(_size(n, "List.iterate")):
        out.append(a)
        a = apply(f, (a,))
    return tuple(out)


@builtin("List.rightpad", "(n : Nat) (a : α) (xs : List α) : List α")
def rightpad(n: int, a: Any, xs: tuple) -> tuple:
    build(max(n, len(xs)), "List.rightpad")
    return (*xs, *([a] * max(n - len(xs), 0)))


@builtin("List.attach", "(xs : List α) : List (Subtype α)", aliases=("List.attachWith",))
def attach(xs: tuple) -> tuple:
    # `{x // x ∈ xs}` values are represented by x itself (see Compiler.pattern / method_call for ⟨x, h⟩, .val)
    return xs


@builtin("List.unattach", "(xs : List (Subtype α)) : List α")
def unattach(xs: tuple) -> tuple:
    return xs


@builtin("List.toList", "(xs : List α) : List α")
def to_list(xs: tuple) -> tuple:
    return xs


alias("List.getElem!", "List.get!")
alias("List.getElem?", "List.get?")

__all__ = ["is_perm", "list_union", "list_inter", "list_diff", "list_subset", "LArray"]


@builtin("List.reduceOption", "(xs : List (Option α)) : List α")
def reduce_option(xs: tuple) -> tuple:
    """Mathlib: the values of the `some` entries, in order."""
    return tuple(x.val for x in xs if x is not None)
