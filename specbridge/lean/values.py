"""Runtime values of the interpreter and how they print as Lean literals.

Nat/Int/UInt8 are Python ints (the static type decides the arithmetic), Bool and decidable Prop are Python bools,
Char and String are Python str, Float is float, List is tuple, Array is `LArray` (a tuple subclass), Option is
`None` / `Some`, Prod is `Pair` (`(a, b, c)` = `(a, (b, c))` as in Lean), functions are `Fn`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from specbridge.lean import types as ty


class LArray(tuple):
    """A Lean `Array` value (immutable here; Lean arrays are values too)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "#" + render(list(self))


class LHashSet(tuple):
    """A `Std.HashSet` value: distinct elements (a Finset for typing; its own namespace at run time)."""

    __slots__ = ()


class LHashMap(tuple):
    """A `Std.HashMap` value: key/value pairs with distinct keys."""

    __slots__ = ()


class Some:
    __slots__ = ("val",)

    def __init__(self, val: Any):
        self.val = val

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Some) and self.val == other.val

    def __hash__(self) -> int:
        return hash(("some", self.val))

    def __lt__(self, other: object) -> bool:
        if other is None:
            return False
        if isinstance(other, Some):
            return self.val < other.val
        return NotImplemented

    def __le__(self, other: object) -> bool:
        return self == other or self < other

    def __gt__(self, other: object) -> bool:
        if other is None:
            return True
        if isinstance(other, Some):
            return self.val > other.val
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        return self == other or self > other

    def __repr__(self) -> str:
        return f"some {render_arg(self.val)}"


NONE = None


class Pair:
    __slots__ = ("fst", "snd")

    def __init__(self, fst: Any, snd: Any):
        self.fst = fst
        self.snd = snd

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pair) and self.fst == other.fst and self.snd == other.snd

    def __hash__(self) -> int:
        return hash((self.fst, self.snd))

    def _key(self) -> tuple:
        return (self.fst, self.snd)

    # Lean's `Prod` order is lexicographic
    def __lt__(self, other: Pair) -> bool:
        return self._key() < other._key()

    def __le__(self, other: Pair) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: Pair) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: Pair) -> bool:
        return self._key() >= other._key()

    def __repr__(self) -> str:
        return render(self)


class Struct:
    """A value of a user `structure`: its name, field names and field values (equality is structural)."""

    __slots__ = ("name", "fields", "vals")

    def __init__(self, name: str, fields: tuple[str, ...], vals: tuple):
        self.name = name
        self.fields = fields
        self.vals = vals

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Struct) and self.name == other.name and self.vals == other.vals

    def __hash__(self) -> int:
        return hash((self.name, self.vals))

    def get(self, field: str) -> Any:
        return self.vals[self.fields.index(field)]

    def __repr__(self) -> str:
        return render(self)


class Ctor:
    """A value of a user `inductive` type: the type's name, the constructor's name, the arguments."""

    __slots__ = ("type", "ctor", "vals")

    def __init__(self, type_: str, ctor: str, vals: tuple):
        self.type = type_
        self.ctor = ctor
        self.vals = vals

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Ctor) and self.type == other.type and self.ctor == other.ctor and self.vals == other.vals
        )

    def __hash__(self) -> int:
        return hash((self.type, self.ctor, self.vals))

    def __repr__(self) -> str:
        return render(self)


class Fn:
    """A function value: `call` takes exactly `arity` positional arguments (Lean functions are curried)."""

    __slots__ = ("arity", "call", "name")

    def __init__(self, arity: int, call: Callable[..., Any], name: str = "fun"):
        self.arity = arity
        self.call = call
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name}>"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return id(self)


def apply(f: Any, args: list | tuple) -> Any:
    """Apply a function value to arguments: exact, partial (a new Fn) or over-application."""
    while True:
        if not isinstance(f, Fn):
            from specbridge.errors import LeanRuntimeError

            raise LeanRuntimeError(f"cannot apply a non-function value {render(f)}")
        n = f.arity
        k = len(args)
        if k == n:
            return f.call(*args)
        if k < n:
            return _partial(f, tuple(args))
        f = f.call(*args[:n])
        args = args[n:]


def _partial(f: Fn, given: tuple) -> Fn:
    call = f.call
    return Fn(f.arity - len(given), lambda *rest: call(*given, *rest), f.name)


def fn1(f: Any) -> Callable[[Any], Any]:
    """A one-argument Python callable for a Lean function value."""
    if isinstance(f, Fn) and f.arity == 1:
        return f.call
    return lambda x: apply(f, (x,))


def fn2(f: Any) -> Callable[[Any, Any], Any]:
    if isinstance(f, Fn) and f.arity == 2:
        return f.call
    return lambda x, y: apply(f, (x, y))


def mk_tuple(items: list) -> Any:
    """`(a, b, c)` is `(a, (b, c))`."""
    out = items[-1]
    for x in reversed(items[:-1]):
        out = Pair(x, out)
    return out


def default_of(t: ty.Type) -> Any:
    """Lean's `default` (the `Inhabited` instance) for a type: 0, "", 'A', false, [], #[], none, (d, d)."""
    t = ty.prune(t)
    if isinstance(t, ty.TV):
        from specbridge.errors import UnsupportedConstruct

        raise UnsupportedConstruct("default of an unknown type")
    n = t.name
    if n in ("Nat", "Int", "UInt8", "UInt16", "UInt32", "UInt64", "USize", "Fin"):
        return 0
    if n == "Float":
        return 0.0
    if n == "Rat":
        return Fraction(0)
    if n in ("Bool", "Prop"):
        return False
    if n == "String":
        return ""
    if n == "Char":
        return "A"
    if n == "List":
        return ()
    if n == "Array":
        return LArray()
    if n == "Option":
        return None
    if n == "Prod":
        return Pair(default_of(t.args[0]), default_of(t.args[1]))
    if n == "Unit":
        return ()
    from specbridge.errors import UnsupportedConstruct

    raise UnsupportedConstruct(f"default of {ty.show(t)}")


_CHAR_ESC = {"\n": "\\n", "\t": "\\t", "\\": "\\\\", "\r": "\\r"}


def _esc(c: str, quote: str) -> str:
    if c == quote:
        return "\\" + c
    if c in _CHAR_ESC:
        return _CHAR_ESC[c]
    if ord(c) < 32:
        return f"\\x{ord(c):02x}"
    return c


def render(v: Any, t: ty.Type | None = None) -> str:
    """A value as Lean literal text (for messages): `#[1, 2]`, `some (0, 1)`, `"ab"`, `'c'`."""
    th = ty.head(t) if t is not None else None
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "none"
    if isinstance(v, float):
        if math.isnan(v):
            return "NaN"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, int):
        from specbridge.lean.lexer import decimal_str

        return decimal_str(v)
    if isinstance(v, Fraction):
        # Batteries' `Rat.toString`: `num` for an integer, else `num/den`
        return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"
    if isinstance(v, str):
        if th == "Char" or (th is None and len(v) == 1 and t is not None):
            return "'" + _esc(v, "'") + "'"
        return '"' + "".join(_esc(c, '"') for c in v) + '"'
    if isinstance(v, LArray):
        et = ty.arg(t) if t is not None else None
        return "#[" + ", ".join(render(x, et) for x in v) + "]"
    if isinstance(v, (tuple, list)):
        et = ty.arg(t) if t is not None else None
        return "[" + ", ".join(render(x, et) for x in v) + "]"
    if isinstance(v, Some):
        return "some " + render_arg(v.val, ty.arg(t) if t is not None else None)
    if isinstance(v, Pair):
        a = ty.arg(t, 0) if t is not None else None
        b = ty.arg(t, 1) if t is not None else None
        return f"({render(v.fst, a)}, {render(v.snd, b)})"
    if isinstance(v, Fn):
        return "<fun>"
    if isinstance(v, Struct):
        return "{ " + ", ".join(f"{f} := {render(x)}" for f, x in zip(v.fields, v.vals, strict=True)) + " }"
    if isinstance(v, Ctor):
        head = f"{v.type}.{v.ctor}"
        return head if not v.vals else f"({head} " + " ".join(render_arg(x) for x in v.vals) + ")"
    return repr(v)


def render_arg(v: Any, t: ty.Type | None = None) -> str:
    s = render(v, t)
    if isinstance(v, Some) or (isinstance(v, (int, float, Fraction)) and not isinstance(v, bool) and v < 0):
        return f"({s})"
    return s
