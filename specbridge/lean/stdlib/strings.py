"""String: Lean's `String` functions (Init/Data/String). Positions (`String.Pos`) are UTF-8 byte offsets."""

from __future__ import annotations

from typing import Any

from specbridge.lean.limits import build, charge
from specbridge.lean.stdlib import builtin
from specbridge.lean.values import Some, apply, fn1, fn2

DEFAULT_CHAR = "A"  # `instance : Inhabited Char := ⟨'A'⟩`


def _utf8_len(c: str) -> int:
    o = ord(c)
    return 1 if o < 0x80 else 2 if o < 0x800 else 3 if o < 0x10000 else 4


def byte_to_index(s: str, pos: int) -> int | None:
    """The character index at UTF-8 byte offset `pos`, or None when `pos` is not a character boundary."""
    if s.isascii():
        return pos if 0 <= pos <= len(s) else None
    b = 0
    for i, c in enumerate(s):
        if b == pos:
            return i
        b += _utf8_len(c)
    return len(s) if b == pos else None


@builtin("String.length", "(s : String) : Nat")
def length(s: str) -> int:
    return len(s)


@builtin("String.utf8ByteSize", "(s : String) : Nat", aliases=("String.endPos",))
def byte_size(s: str) -> int:
    return len(s.encode("utf-8"))


@builtin("String.toList", "(s : String) : List Char", aliases=("String.data",))
def to_list(s: str) -> tuple:
    build(len(s), "String.toList")
    return tuple(s)


@builtin("String.isEmpty", "(s : String) : Bool")
def is_empty(s: str) -> bool:
    return not s


@builtin("String.get", "(s : String) (p : Nat) : Char", aliases=("String.get!",))
def get(s: str, p: int) -> str:
    i = byte_to_index(s, p)
    return s[i] if i is not None and i < len(s) else DEFAULT_CHAR


@builtin("String.get?", "(s : String) (p : Nat) : Option Char")
def get_opt(s: str, p: int) -> Some | None:
    i = byte_to_index(s, p)
    return Some(s[i]) if i is not None and i < len(s) else None


@builtin("String.front", "(s : String) : Char")
def front(s: str) -> str:
    return s[0] if s else DEFAULT_CHAR


@builtin("String.back", "(s : String) : Char")
def back(s: str) -> str:
    return s[-1] if s else DEFAULT_CHAR


@builtin("String.append", "(s : String) (t : String) : String")
def append(s: str, t: str) -> str:
    build(len(s) + len(t), "String.append")
    return s + t


@builtin("String.push", "(s : String) (c : Char) : String")
def push(s: str, c: str) -> str:
    build(len(s) + 1, "String.push")
    return s + c


@builtin("String.pushn", "(s : String) (c : Char) (n : Nat) : String")
def pushn(s: str, c: str, n: int) -> str:
    build(len(s) + n, "String.pushn")
    return s + c * n


@builtin("String.isPrefixOf", "(p : String) (s : String) : Bool")
def is_prefix_of(p: str, s: str) -> bool:
    return s.startswith(p)


@builtin("String.startsWith", "(s : String) (p : String) : Bool")
def starts_with(s: str, p: str) -> bool:
    return s.startswith(p)


@builtin("String.endsWith", "(s : String) (p : String) : Bool")
def ends_with(s: str, p: str) -> bool:
    return s.endswith(p)


@builtin("String.splitOn", '(s : String) (sep : String := " ") : List String')
def split_on(s: str, sep: str = " ") -> tuple:
    build(len(s), "String.splitOn")
    if sep == "":
        return (s,)
    return tuple(s.split(sep))


@builtin("String.split", "(s : String) (p : Char → Bool) : List String")
def split(s: str, p: Any) -> tuple:
    build(len(s), "String.split")
    g = fn1(p)
    out, cur = [], []
    for c in s:
        if g(c):
            out.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    out.append("".join(cur))
    return tuple(out)


@builtin("String.map", "(f : Char → Char) (s : String) : String")
def map_(f: Any, s: str) -> str:
    build(len(s), "String.map")
    g = fn1(f)
    return "".join(g(c) for c in s)


@builtin("String.foldl", "(f : α → Char → α) (init : α) (s : String) : α")
def foldl(f: Any, init: Any, s: str) -> Any:
    g = fn2(f)
    acc = init
    for c in s:
        acc = g(acc, c)
    return acc


@builtin("String.foldr", "(f : Char → α → α) (init : α) (s : String) : α")
def foldr(f: Any, init: Any, s: str) -> Any:
    g = fn2(f)
    acc = init
    for c in reversed(s):
        acc = g(c, acc)
    return acc


@builtin("String.all", "(s : String) (p : Char → Bool) : Bool")
def all_(s: str, p: Any) -> bool:
    g = fn1(p)
    return all(g(c) for c in s)


@builtin("String.any", "(s : String) (p : Char → Bool) : Bool")
def any_(s: str, p: Any) -> bool:
    g = fn1(p)
    return any(g(c) for c in s)


@builtin("String.contains", "(s : String) (c : Char) : Bool")
def contains(s: str, c: str) -> bool:
    return c in s


@builtin(
    "String.take",
    "(s : String) (n : Nat) : String",
)
def take(s: str, n: int) -> str:
    return s[:n]


@builtin("String.drop", "(s : String) (n : Nat) : String")
def drop(s: str, n: int) -> str:
    return s[n:]


@builtin(
    "String.takeRight",
    "(s : String) (n : Nat) : String",
)
def take_right(s: str, n: int) -> str:
    return s[len(s) - n :] if n < len(s) else s


@builtin("String.dropRight", "(s : String) (n : Nat) : String")
def drop_right(s: str, n: int) -> str:
    return s[: len(s) - n] if n < len(s) else ""


@builtin("String.takeWhile", "(s : String) (p : Char → Bool) : String")
def take_while(s: str, p: Any) -> str:
    g = fn1(p)
    i = 0
    while i < len(s) and g(s[i]):
        i += 1
    return s[:i]


@builtin("String.dropWhile", "(s : String) (p : Char → Bool) : String")
def drop_while(s: str, p: Any) -> str:
    g = fn1(p)
    i = 0
    while i < len(s) and g(s[i]):
        i += 1
    return s[i:]


@builtin("String.takeRightWhile", "(s : String) (p : Char → Bool) : String")
def take_right_while(s: str, p: Any) -> str:
    g = fn1(p)
    i = len(s)
    while i > 0 and g(s[i - 1]):
        i -= 1
    return s[i:]


@builtin("String.dropRightWhile", "(s : String) (p : Char → Bool) : String")
def drop_right_while(s: str, p: Any) -> str:
    g = fn1(p)
    i = len(s)
    while i > 0 and g(s[i - 1]):
        i -= 1
    return s[:i]


_WS = " \t\r\n"


@builtin("String.trim", "(s : String) : String")
def trim(s: str) -> str:
    return s.strip(_WS)


@builtin("String.trimLeft", "(s : String) : String")
def trim_left(s: str) -> str:
    return s.lstrip(_WS)


@builtin("String.trimRight", "(s : String) : String")
def trim_right(s: str) -> str:
    return s.rstrip(_WS)


@builtin("String.toUpper", "(s : String) : String")
def to_upper(s: str) -> str:
    build(len(s), "String.toUpper")
    return "".join(chr(ord(c) - 32) if "a" <= c <= "z" else c for c in s)


@builtin("String.toLower", "(s : String) : String")
def to_lower(s: str) -> str:
    build(len(s), "String.toLower")
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in s)


@builtin("String.capitalize", "(s : String) : String")
def capitalize(s: str) -> str:
    return to_upper(s[:1]) + s[1:]


@builtin("String.decapitalize", "(s : String) : String")
def decapitalize(s: str) -> str:
    return to_lower(s[:1]) + s[1:]


@builtin("String.join", "(xs : List String) : String")
def join(xs: tuple) -> str:
    build(sum(len(x) for x in xs), "String.join")
    return "".join(xs)


@builtin("String.intercalate", "(sep : String) (xs : List String) : String")
def intercalate(sep: str, xs: tuple) -> str:
    build(sum(len(x) for x in xs) + len(sep) * max(len(xs) - 1, 0), "String.intercalate")
    return sep.join(xs)


@builtin("String.replace", "(s : String) (pat : String) (rep : String) : String")
def replace(s: str, pat: str, rep: str) -> str:
    build(len(s) + (s.count(pat) * (len(rep) - len(pat)) if pat else 0), "String.replace")
    return s if pat == "" else s.replace(pat, rep)


@builtin("String.extract", "(s : String) (b : Nat) (e : Nat) : String")
def extract(s: str, b: int, e: int) -> str:
    i, j = byte_to_index(s, b), byte_to_index(s, e)
    if i is None or j is None or i >= j:
        return ""
    return s[i:j]


@builtin("String.posOf", "(s : String) (c : Char) : Nat")
def pos_of(s: str, c: str) -> int:
    i = s.find(c)
    if i < 0:
        return byte_size(s)
    return byte_size(s[:i])


@builtin("String.revPosOf", "(s : String) (c : Char) : Option Nat")
def rev_pos_of(s: str, c: str) -> Some | None:
    i = s.rfind(c)
    return Some(byte_size(s[:i])) if i >= 0 else None


@builtin("String.isNat", "(s : String) : Bool")
def is_nat(s: str) -> bool:
    return bool(s) and all("0" <= c <= "9" for c in s)


@builtin("String.toNat?", "(s : String) : Option Nat")
def to_nat_opt(s: str) -> Some | None:
    return Some(int(s)) if is_nat(s) else None


@builtin("String.toNat!", "(s : String) : Nat")
def to_nat_bang(s: str) -> int:
    return int(s) if is_nat(s) else 0


@builtin("String.isInt", "(s : String) : Bool")
def is_int(s: str) -> bool:
    return is_nat(s[1:]) if s.startswith("-") else is_nat(s)


@builtin("String.toInt?", "(s : String) : Option Int")
def to_int_opt(s: str) -> Some | None:
    return Some(int(s)) if is_int(s) else None


@builtin("String.toInt!", "(s : String) : Int")
def to_int_bang(s: str) -> int:
    return int(s) if is_int(s) else 0


@builtin("String.reverse", "(s : String) : String")
def reverse(s: str) -> str:
    build(len(s), "String.reverse")
    return s[::-1]


@builtin("String.replicate", "(n : Nat) (c : Char) : String")
def replicate(n: int, c: str) -> str:
    from specbridge.lean.stdlib.lists import _size

    return c * _size(n, "String.replicate")


@builtin("String.count", "(s : String) (c : Char) : Nat")
def count(s: str, c: str) -> int:
    return s.count(c)


@builtin("String.toString", "(s : String) : String")
def to_string(s: str) -> str:
    return s


# String.Iterator ⟨s, i⟩ (Init/Data/String/Basic): the pair (s, byte position)
@builtin("String.iter", "(s : String) : String.Iterator", aliases=("String.mkIterator",))
def _iter(s: str) -> tuple:
    return (s, 0)


@builtin("String.Iterator.curr", "(it : String.Iterator) : Char")
def _it_curr(it: tuple) -> str:
    return get(it[0], it[1])


@builtin("String.Iterator.next", "(it : String.Iterator) : String.Iterator")
def _it_next(it: tuple) -> tuple:
    return (it[0], next_(it[0], it[1]))


@builtin("String.Iterator.prev", "(it : String.Iterator) : String.Iterator")
def _it_prev(it: tuple) -> tuple:
    return (it[0], prev(it[0], it[1]))


@builtin("String.Iterator.forward", "(it : String.Iterator) (n : Nat) : String.Iterator")
def _it_forward(it: tuple, n: int) -> tuple:
    charge(n)
    s, p = it
    for _ in range(n):
        p = next_(s, p)
    return (s, p)


@builtin("String.Iterator.hasNext", "(it : String.Iterator) : Bool")
def _it_has_next(it: tuple) -> bool:
    return it[1] < byte_size(it[0])


@builtin("String.Iterator.atEnd", "(it : String.Iterator) : Bool")
def _it_at_end(it: tuple) -> bool:
    return it[1] >= byte_size(it[0])


@builtin("String.Iterator.hasPrev", "(it : String.Iterator) : Bool")
def _it_has_prev(it: tuple) -> bool:
    return it[1] > 0


@builtin("String.Iterator.pos", "(it : String.Iterator) : Nat", aliases=("String.Iterator.i",))
def _it_pos(it: tuple) -> int:
    return it[1]


@builtin("String.Iterator.toString", "(it : String.Iterator) : String", aliases=("String.Iterator.s",))
def _it_string(it: tuple) -> str:
    return it[0]


@builtin("String.Iterator.remainingToString", "(it : String.Iterator) : String")
def _it_rest(it: tuple) -> str:
    return extract(it[0], it[1], byte_size(it[0]))


@builtin("String.Iterator.remainingBytes", "(it : String.Iterator) : Nat")
def _it_remaining_bytes(it: tuple) -> int:
    return max(0, byte_size(it[0]) - it[1])


@builtin("String.prev", "(s : String) (p : Nat) : Nat")
def prev(s: str, p: int) -> int:
    """The start of the character before byte position p (0 stays 0)."""
    best = 0
    off = 0
    for c in s:
        if off >= p:
            break
        best = off
        off += _utf8_len(c)
    return best


@builtin("String.firstDiffPos", "(a : String) (b : String) : Nat")
def first_diff_pos(a: str, b: str) -> int:
    i = 0
    while i < len(a) and i < len(b) and a[i] == b[i]:
        i += 1
    return byte_size(a[:i])


@builtin("String.Pos.byteIdx", "(p : Nat) : Nat", aliases=("Nat.byteIdx", "String.Pos.mk"))
def pos_byte_idx(p: int) -> int:
    return p


@builtin("String.next", "(s : String) (p : Nat) : Nat")
def next_(s: str, p: int) -> int:
    i = byte_to_index(s, p)
    if i is None or i >= len(s):
        return p + 1
    return p + _utf8_len(s[i])


def lean_to_string(a: Any) -> str:
    """Lean's `ToString` instances (Init/Data/ToString/Basic): strings and chars unquoted, `(some x)`, `[a, b]`."""
    from specbridge.lean.values import LArray, Pair, Some, render

    if a is True:
        return "true"
    if a is False:
        return "false"
    if a is None:
        return "none"
    if isinstance(a, str):
        return a
    if isinstance(a, LArray):
        return "#" + lean_to_string(tuple(a))
    if isinstance(a, (tuple, list)):
        return "[" + ", ".join(lean_to_string(x) for x in a) + "]"
    if isinstance(a, Some):
        return "(some " + _add_paren_heuristic(lean_to_string(a.val)) + ")"
    if isinstance(a, Pair):
        return "(" + lean_to_string(a.fst) + ", " + lean_to_string(a.snd) + ")"
    if isinstance(a, float):
        from specbridge.lean.arith import float_to_string

        return float_to_string(a)
    return render(a)


def _add_paren_heuristic(s: str) -> str:
    if s.startswith(("(", "[", "{", "#[")) or not any(c.isspace() for c in s):
        return s
    return "(" + s + ")"


@builtin("toString", "(a : α) : String", aliases=("ToString.toString",))
def to_string_any(a: Any) -> str:
    return lean_to_string(a)


@builtin("repr", "(a : α) : String", aliases=("Repr.repr", "reprStr"), wants_types=True)
def repr_any(types: list, a: Any) -> str:
    # `Repr`: literal-like text (strings quoted, chars in single quotes), which `render` produces from the type
    from specbridge.lean.values import render

    return render(a, types[0])


__all__ = ["apply"]


@builtin("String.find", "(s : String) (p : Char → Bool) : Nat")
def find(s: str, p: Any) -> int:
    """The position of the first character satisfying p, or `s.endPos`."""
    f = fn1(p)
    for i, c in enumerate(s):
        if f(c):
            return byte_size(s[:i])
    return byte_size(s)


@builtin("String.revFind", "(s : String) (p : Char → Bool) : Option Nat")
def rev_find(s: str, p: Any) -> Some | None:
    f = fn1(p)
    for i in range(len(s) - 1, -1, -1):
        if f(s[i]):
            return Some(byte_size(s[:i]))
    return None
