"""Root-namespace functions, Bool, Prop helpers, Prod and Function."""

from __future__ import annotations

from typing import Any

from specbridge.lean.limits import build
from specbridge.lean.stdlib import builtin
from specbridge.lean.values import Fn, Pair, Some, apply


@builtin("Option.some", "(a : α) : Option α", aliases=("some",))
def _some(a: Any) -> Some:
    return Some(a)


@builtin("Option.none", ": Option α", aliases=("none",))
def _none() -> None:
    return None


@builtin("Bool.true", ": Bool", aliases=("true",))
def _true() -> bool:
    return True


@builtin("Bool.false", ": Bool", aliases=("false",))
def _false() -> bool:
    return False


@builtin("True", ": Prop")
def _ptrue() -> bool:
    return True


@builtin("False", ": Prop")
def _pfalse() -> bool:
    return False


@builtin("List.nil", ": List α")
def _nil() -> tuple:
    return ()


@builtin("Array.empty", ": Array α", aliases=("Array.mkEmpty", "#[]"))
def _aempty() -> tuple:
    from specbridge.lean.values import LArray

    return LArray()


@builtin("id", "(a : α) : α")
def _id(a: Any) -> Any:
    return a


@builtin("min", "(a : α) (b : α) : α", aliases=("Min.min",))
def _min(a: Any, b: Any) -> Any:
    # Lean: `min a b = if a ≤ b then a else b`
    return a if a <= b else b


@builtin("max", "(a : α) (b : α) : α", aliases=("Max.max",))
def _max(a: Any, b: Any) -> Any:
    # Lean: `max a b = if a ≤ b then b else a`
    return b if a <= b else a


@builtin("not", "(b : Bool) : Bool", aliases=("Bool.not", "Not"))
def _not(b: bool) -> bool:
    return not b


@builtin("and", "(a : Bool) (b : Bool) : Bool", aliases=("Bool.and", "And"))
def _and(a: bool, b: bool) -> bool:
    return a and b


@builtin("or", "(a : Bool) (b : Bool) : Bool", aliases=("Bool.or", "Or"))
def _or(a: bool, b: bool) -> bool:
    return a or b


@builtin("xor", "(a : Bool) (b : Bool) : Bool", aliases=("Bool.xor",))
def _xor(a: bool, b: bool) -> bool:
    return a != b


@builtin("decide", "(p : Prop) : Bool", aliases=("Decidable.decide",))
def _decide(p: bool) -> bool:
    return bool(p)


@builtin("Bool.toNat", "(b : Bool) : Nat")
def _bool_tonat(b: bool) -> int:
    return 1 if b else 0


@builtin("Bool.decide", "(b : Bool) : Bool")
def _bool_decide(b: bool) -> bool:
    return b


@builtin("cond", "(c : Bool) (a : α) (b : α) : α")
def _cond(c: bool, a: Any, b: Any) -> Any:
    return a if c else b


@builtin("ite", "(c : Prop) (a : α) (b : α) : α")
def _ite(c: bool, a: Any, b: Any) -> Any:
    return a if c else b


@builtin("Prod.mk", "(a : α) (b : β) : Prod α β")
def _mk(a: Any, b: Any) -> Pair:
    return Pair(a, b)


@builtin("Prod.fst", "(p : Prod α β) : α")
def _fst(p: Pair) -> Any:
    return p.fst


@builtin("Prod.snd", "(p : Prod α β) : β")
def _snd(p: Pair) -> Any:
    return p.snd


@builtin("Prod.swap", "(p : Prod α β) : Prod β α")
def _swap(p: Pair) -> Pair:
    return Pair(p.snd, p.fst)


@builtin("Prod.map", "(f : α → γ) (g : β → δ) (p : Prod α β) : Prod γ δ")
def _pmap(f: Any, g: Any, p: Pair) -> Pair:
    return Pair(apply(f, (p.fst,)), apply(g, (p.snd,)))


@builtin("Function.comp", "(f : β → γ) (g : α → β) : α → γ")
def _comp(f: Any, g: Any) -> Fn:
    return Fn(1, lambda x: apply(f, (apply(g, (x,)),)), "comp")


@builtin(
    "Function.const",
    "(b : β) (a : α) : β",
)
def _const(b: Any, a: Any) -> Any:
    return b


@builtin("flip", "(f : α → β → γ) (b : β) (a : α) : γ")
def _flip(f: Any, b: Any, a: Any) -> Any:
    return apply(f, (a, b))


@builtin("compare", "(a : α) (b : α) : Ordering")
def _compare(a: Any, b: Any) -> str:
    return "lt" if a < b else ("eq" if a == b else "gt")


@builtin("Ordering.lt", ": Ordering")
def _olt() -> str:
    return "lt"


@builtin("Ordering.eq", ": Ordering")
def _oeq() -> str:
    return "eq"


@builtin("Ordering.gt", ": Ordering")
def _ogt() -> str:
    return "gt"


@builtin("Unit.unit", ": Unit", aliases=("()",))
def _unit() -> tuple:
    return ()


@builtin("BEq.beq", "(a : α) (b : α) : Bool")
def _beq(a: Any, b: Any) -> bool:
    return a == b


@builtin("Eq", "(a : α) (b : α) : Prop")
def _eq(a: Any, b: Any) -> bool:
    return a == b


@builtin("Ne", "(a : α) (b : α) : Prop")
def _ne(a: Any, b: Any) -> bool:
    return a != b


# Relations named as functions (`List.Sorted Nat.le l`, `List.Pairwise Int.lt l`, `List.Chain' GE.ge l`): the
# order classes (Init/Prelude.lean: `LE.le`, `LT.lt`; `GE.ge a b := LE.le b a`, `GT.gt a b := LT.lt b a`), and
# Nat's and Int's own (Init/Prelude.lean: `Nat.le` inductive, `Nat.lt n m := Nat.le (n+1) m`; Init/Data/Int/
# Basic.lean: `Int.le a b := NonNeg (b - a)`, `Int.lt a b := (a + 1) ≤ b`), all decidable.
@builtin("LE.le", "(a : α) (b : α) : Prop")
def _le(a: Any, b: Any) -> bool:
    return a <= b


@builtin("LT.lt", "(a : α) (b : α) : Prop")
def _lt(a: Any, b: Any) -> bool:
    return a < b


@builtin("GE.ge", "(a : α) (b : α) : Prop")
def _ge(a: Any, b: Any) -> bool:
    return b <= a


@builtin("GT.gt", "(a : α) (b : α) : Prop")
def _gt(a: Any, b: Any) -> bool:
    return b < a


builtin("Nat.le", "(n : Nat) (m : Nat) : Prop")(_le)
builtin("Nat.lt", "(n : Nat) (m : Nat) : Prop")(_lt)
builtin("Int.le", "(a : Int) (b : Int) : Prop")(_le)
builtin("Int.lt", "(a : Int) (b : Int) : Prop")(_lt)


@builtin("Iff", "(a : Prop) (b : Prop) : Prop")
def _iff(a: bool, b: bool) -> bool:
    return bool(a) == bool(b)


@builtin("panic", "(msg : String) : α", aliases=("panic!", "unreachable!", "panicWithPos"), wants_default=True)
def _panic(default: Any, msg: str) -> Any:
    # compiled Lean prints the message and returns `default`; the logic treats it as `default`
    return default()


@builtin("dbg_trace", "(msg : String) (a : α) : α", aliases=("dbgTrace",))
def _dbg_trace(msg: str, a: Any) -> Any:
    return a


@builtin("Id.run", "(x : α) : α", aliases=("Id.mk",))
def id_run(x: Any) -> Any:
    # the Id monad's `do` blocks are evaluated directly; running one is the identity
    return x


@builtin("Std.Range.toList", "(start : Nat) (stop : Nat) (step : Nat := 1) : List Nat")
def range_to_list(start: int, stop: int, step: int = 1) -> tuple:
    build(len(range(start, stop, step)) if step > 0 else 0, "Std.Range.toList")
    # `[a:b:s]` in `for i in [a:b] do`: a, a+s, … below b (a step of 0 visits nothing)
    if step <= 0:
        return ()
    return tuple(range(start, stop, step))
