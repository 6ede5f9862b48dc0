"""Option: Lean's `Option` functions (Init/Data/Option)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from specbridge.lean.stdlib import builtin
from specbridge.lean.values import Some, apply


@builtin("Option.isSome", "(o : Option α) : Bool")
def is_some(o: Any) -> bool:
    return o is not None


@builtin("Option.isNone", "(o : Option α) : Bool")
def is_none(o: Any) -> bool:
    return o is None


@builtin("Option.get!", "(o : Option α) : α", wants_default=True, aliases=("Option.get",))
def get_bang(d: Callable, o: Any) -> Any:
    return o.val if o is not None else d()


@builtin("Option.getD", "(o : Option α) (d : α) : α")
def get_d(o: Any, d: Any) -> Any:
    return o.val if o is not None else d


@builtin("Option.map", "(f : α → β) (o : Option α) : Option β")
def map_(f: Any, o: Any) -> Any:
    return Some(apply(f, (o.val,))) if o is not None else None


@builtin("Option.bind", "(o : Option α) (f : α → Option β) : Option β")
def bind(o: Any, f: Any) -> Any:
    return apply(f, (o.val,)) if o is not None else None


@builtin("Option.filter", "(p : α → Bool) (o : Option α) : Option α")
def filter_(p: Any, o: Any) -> Any:
    return o if o is not None and apply(p, (o.val,)) else None


@builtin("Option.all", "(p : α → Bool) (o : Option α) : Bool")
def all_(p: Any, o: Any) -> bool:
    return o is None or bool(apply(p, (o.val,)))


@builtin("Option.any", "(p : α → Bool) (o : Option α) : Bool")
def any_(p: Any, o: Any) -> bool:
    return o is not None and bool(apply(p, (o.val,)))


@builtin("Option.toList", "(o : Option α) : List α")
def to_list(o: Any) -> tuple:
    return (o.val,) if o is not None else ()


@builtin("Option.orElse", "(o : Option α) (f : Unit → Option α) : Option α")
def or_else(o: Any, f: Any) -> Any:
    # Init/Data/Option/Basic.lean: `orElse : Option α → (Unit → Option α) → Option α`, `| none, b => b ()`
    return o if o is not None else apply(f, ((),))


@builtin("Option.or", "(o : Option α) (p : Option α) : Option α")
def or_(o: Any, p: Any) -> Any:
    # Init/Data/Option/Basic.lean: `or : Option α → Option α → Option α`, strict in the second argument
    return o if o is not None else p


@builtin("Option.elim", "(o : Option α) (b : β) (f : α → β) : β")
def elim(o: Any, b: Any, f: Any) -> Any:
    return apply(f, (o.val,)) if o is not None else b


@builtin("Option.isEqSome", "(o : Option α) (a : α) : Bool")
def is_eq_some(o: Any, a: Any) -> bool:
    return o is not None and o.val == a
