"""Compile the Lean AST of a spec module to Python closures, once, then evaluate pre/postconditions quickly.

The compiler performs a light elaboration: every expression gets a type (declared binder types, library
signatures, unification through lambdas, Lean's `binop%` rule that lifts a Nat/Int arithmetic tree to the
maximal leaf type). The type picks the semantics Lean would: Nat subtraction truncates, Int `/`/`%` are
`Int.ediv`/`Int.emod`, UInt8 wraps, Float is IEEE double. Spec text is only ever interpreted — no eval/exec.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from specbridge.errors import EvaluationLimit, LeanRuntimeError, UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import types as ty
from specbridge.lean.arith import (  # noqa: F401 - re-exported
    float_div,
    float_mod,
    int_ediv,
    int_emod,
    int_fdiv,
    int_fmod,
    int_tdiv,
    int_tmod,
    nat_div,
    nat_mod,
    nat_sub,
)
from specbridge.lean.stdlib import REGISTRY, Builtin
from specbridge.lean.values import (
    NONE,
    Ctor,
    Fn,
    LArray,
    LHashMap,
    LHashSet,
    Pair,
    Some,
    Struct,
    apply,
    default_of,
    mk_tuple,
    render,
)

Code = Callable[[list], Any]
CHUNK = 1024


class Undecided(EvaluationLimit):
    """A quantifier over an infinite domain whose bounded search found no witness / counterexample."""

    def __init__(self, detail: str):
        super().__init__("unbounded quantifier", detail)


class Budget:
    """Per-obligation resource limits: steps, recursion depth, wall-clock time, integer size."""

    __slots__ = ("n", "steps", "max_steps", "deadline", "timeout", "depth", "max_depth", "max_bits", "search_bound")

    def __init__(self, max_steps: int, max_depth: int, timeout: float, max_bits: int, search_bound: int):
        self.max_steps = max_steps
        self.max_depth = max_depth
        self.timeout = timeout
        self.max_bits = max_bits
        self.search_bound = search_bound
        self.reset()

    def reset(self) -> None:
        self.n = CHUNK
        self.steps = 0
        self.depth = 0
        self.deadline = time.perf_counter() + self.timeout

    def tick(self) -> None:
        self.steps += CHUNK
        self.n = CHUNK
        if self.steps > self.max_steps:
            raise EvaluationLimit("steps", f"more than {self.max_steps} evaluation steps")
        if time.perf_counter() > self.deadline:
            raise EvaluationLimit("time", f"more than {self.timeout:g} s")

    def check_int(self, v: int) -> int:
        if v.bit_length() > self.max_bits:
            raise EvaluationLimit("integer size", f"an integer above {self.max_bits} bits")
        return v


_UINT_BITS = {"UInt8": 8, "UInt16": 16, "UInt32": 32, "UInt64": 64, "USize": 64}


def _arith_fns(kind: str, budget: Budget) -> dict[str, Callable[[Any, Any], Any]]:
    check = budget.check_int

    def mul(a: Any, b: Any) -> Any:
        r = a * b
        if type(r) is int and r.bit_length() > 4096:
            check(r)
        return r

    def ipow(a: int, b: int) -> int:
        if b < 0:
            raise LeanRuntimeError("negative exponent")
        if abs(a) > 1 and b * max(1, abs(a).bit_length()) > budget.max_bits + 64:
            raise EvaluationLimit("integer size", f"{a} ^ {b}")
        return a**b

    if kind == "Nat":
        return {"+": lambda a, b: a + b, "-": nat_sub, "*": mul, "/": nat_div, "%": nat_mod, "^": ipow}
    if kind == "Int":
        return {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": mul, "/": int_ediv, "%": int_emod, "^": ipow}
    if kind == "Float":

        def fpow(a: float, b: float) -> float:
            try:
                return math.pow(a, b)
            except (OverflowError, ValueError):
                return math.inf if a > 0 else math.nan

        return {
            "+": lambda a, b: a + b,
            "-": lambda a, b: a - b,
            "*": lambda a, b: a * b,
            "/": float_div,
            "%": float_mod,
            "^": fpow,
        }
    if kind in _UINT_BITS:
        m = (1 << _UINT_BITS[kind]) - 1
        return {
            "+": lambda a, b: (a + b) & m,
            "-": lambda a, b: (a - b) & m,
            "*": lambda a, b: (a * b) & m,
            "/": nat_div,
            "%": nat_mod,
            "^": lambda a, b: pow(a, b, m + 1),
        }
    raise UnsupportedConstruct(f"arithmetic on {kind}")


ARITH = frozenset(["+", "-", "*", "/", "%"])
_BITOPS: dict[str, Callable[[int, int], int]] = {
    "&&&": lambda a, b: a & b,
    "|||": lambda a, b: a | b,
    "^^^": lambda a, b: a ^ b,
    "<<<": lambda a, b: a << b,
    ">>>": lambda a, b: a >> b,
}
RELS = frozenset(["=", "≠", "<", ">", "≤", "≥", "==", "!="])
PROP_OPS = frozenset(["∧", "∨", "→", "↔", "&&", "||"])


# -- compile-time scopes ---------------------------------------------------------------------------------------


class FrameInfo:
    __slots__ = ("depth", "nslots")

    def __init__(self, depth: int):
        self.depth = depth
        self.nslots = 1  # slot 0 holds the parent frame

    def alloc(self) -> int:
        s = self.nslots
        self.nslots += 1
        return s


class Var:
    __slots__ = ("frame", "slot", "type")

    def __init__(self, frame: FrameInfo, slot: int, type_: ty.Type):
        self.frame = frame
        self.slot = slot
        self.type = type_


class Scope:
    __slots__ = ("vars", "frame", "aliases")

    def __init__(self, vars_: dict[str, Var], frame: FrameInfo, aliases: dict[str, str] | None = None):
        self.vars = vars_
        self.frame = frame
        self.aliases = aliases or {}

    def bind(self, name: str, type_: ty.Type) -> tuple[Scope, int]:
        slot = self.frame.alloc()
        v = dict(self.vars)
        v[name] = Var(self.frame, slot, type_)
        return Scope(v, self.frame, self.aliases), slot

    def child_frame(self) -> Scope:
        return Scope(dict(self.vars), FrameInfo(self.frame.depth + 1), self.aliases)


def _getter(depth: int, slot: int) -> Code:
    if depth == 0:
        return lambda env: env[slot]
    if depth == 1:
        return lambda env: env[0][slot]
    if depth == 2:
        return lambda env: env[0][0][slot]

    def get(env: list) -> Any:
        for _ in range(depth):
            env = env[0]
        return env[slot]

    return get


def _raiser(exc: Exception) -> Code:
    def run(env: list) -> Any:
        raise exc

    return run


def _const(v: Any) -> Code:
    return lambda env: v


class GlobalFn:
    """A user definition from the spec file (or a `where` helper)."""

    __slots__ = ("name", "defn", "arity", "params", "result", "generic", "call", "compiled", "namespace")

    def __init__(self, name: str, defn: A.Def):
        self.name = name
        self.defn = defn
        self.arity = 0
        self.params: list[ty.Type] = []
        self.result: ty.Type = ty.TV()
        self.generic: list[ty.TV] = []
        self.call: Callable[..., Any] = self._not_compiled
        self.compiled = False
        self.namespace = name.rsplit(".", 1)[0] if "." in name else ""

    def _not_compiled(self, *args: Any) -> Any:
        raise LeanRuntimeError(f"{self.name} was not compiled")

    def param_names(self) -> list[str | None]:
        return [b.name for b in self.defn.binders if b.kind == "explicit"]

    def instantiate(self) -> tuple[list[ty.Type], ty.Type]:
        mapping = {v.id: ty.TV() for v in self.generic}
        return [ty.instantiate(p, mapping) for p in self.params], ty.instantiate(self.result, mapping)

    def receiver_index(self, namespace: str) -> int:
        for i, p in enumerate(self.params):
            if ty.head(p) == namespace:
                return i
        return 0


_TYPE_NAMESPACES = {
    "Nat": "Nat",
    "Int": "Int",
    "List": "List",
    "Array": "Array",
    "String": "String",
    "Char": "Char",
    "Option": "Option",
    "Prod": "Prod",
    "Float": "Float",
    "Bool": "Bool",
    "UInt8": "UInt8",
    "Finset": "Finset",
    "→": "Function",
    "Prop": "Prop",
}


def _runtime_namespace(v: Any) -> str:
    if isinstance(v, bool):
        return "Bool"
    if isinstance(v, int):
        return "Int" if v < 0 else "Nat"
    if isinstance(v, LArray):
        return "Array"
    if isinstance(v, LHashMap):
        return "HashMap"
    if isinstance(v, LHashSet):
        return "HashSet"
    if isinstance(v, tuple):
        return "List"
    if isinstance(v, str):
        return "String"
    if isinstance(v, float):
        return "Float"
    if isinstance(v, Pair):
        return "Prod"
    if v is None or isinstance(v, Some):
        return "Option"
    if isinstance(v, Fn):
        return "Function"
    if isinstance(v, Struct):
        return v.name
    if isinstance(v, Ctor):
        return v.type
    return "?"


def _is_lambda(node: A.Node) -> bool:
    return isinstance(node, (A.Lam, A.FunMatch))


def _type_from_context(node: A.Node) -> bool:
    """Whether Lean elaborating `node` with no expected type leaves its type open (a `match` postpones until
    it has one; a numeral waits for its default), so a relation's other side decides it."""
    if isinstance(node, A.Match | A.FunMatch | A.NumLit):
        return True
    if isinstance(node, A.If):
        return _type_from_context(node.then) and _type_from_context(node.orelse)
    if isinstance(node, A.Let):
        return _type_from_context(node.body)
    return False


def _is_type_alias(d: A.Def, known: set[str]) -> bool:
    """`abbrev Matrix := List (List Nat)` / `def Grid : Type := Array (Array Char)`: a name for a type."""
    if d.kind not in ("def", "abbrev") or d.binders or d.body is None or d.alts:
        return False
    if isinstance(d.type, A.Ident) and d.type.name == "Type":
        return True
    if d.type is not None:
        return False
    b = d.body
    return ty.is_type_expr(b) or (isinstance(b, A.Ident) and b.name in known)


def _succ_var(p: A.Node) -> str | None:
    """`k + 1` / `Nat.succ k` / `.succ k` as a pattern: k."""
    if isinstance(p, A.BinOp) and p.op == "+" and isinstance(p.lhs, A.Ident) and isinstance(p.rhs, A.NumLit):
        return p.lhs.name if p.rhs.value == 1 else None
    if isinstance(p, A.App) and isinstance(p.fn, A.Ident) and p.fn.name in ("Nat.succ", ".succ", "succ"):
        if len(p.args) == 1 and isinstance(p.args[0], A.Ident):
            return p.args[0].name
    return None


def _is_zero(p: A.Node) -> bool:
    return (isinstance(p, A.NumLit) and p.value == 0) or (isinstance(p, A.Ident) and p.name in ("Nat.zero", ".zero"))


def _power_step(rhs: A.Node, f: str, b: str | None, k: str) -> bool:
    """`b * f b k` or `f b k * b` (b a name; None: any name, checked by the caller through the pattern)."""
    if not (isinstance(rhs, A.BinOp) and rhs.op == "*"):
        return False
    for base, rec in ((rhs.lhs, rhs.rhs), (rhs.rhs, rhs.lhs)):
        if (
            isinstance(base, A.Ident)
            and base.name == b
            and isinstance(rec, A.App)
            and isinstance(rec.fn, A.Ident)
            and rec.fn.name == f
            and len(rec.args) == 2
            and isinstance(rec.args[0], A.Ident)
            and rec.args[0].name == b
            and isinstance(rec.args[1], A.Ident)
            and rec.args[1].name == k
        ):
            return True
    return False


def _power_function(d: A.Def) -> A.Node | None:
    """The numeric type T when `d` is the textbook power `f (b : T) : Nat → T` (f b 0 = 1, f b (k+1) = b * f b k),
    which is `b ^ e` by induction on e; None otherwise."""
    zero_one = lambda alt, i: _is_zero(alt.patterns[i]) and isinstance(alt.rhs, A.NumLit) and alt.rhs.value == 1  # noqa: E731
    explicit = [b for b in d.binders if b.kind == "explicit"]
    if len(explicit) == 2 and isinstance(d.body, A.Match) and not d.alts:
        bb, eb = explicit
        t = d.type
        if not (isinstance(t, A.Ident) and t.name in ("Nat", "Int") and isinstance(bb.type, A.Ident)):
            return None
        if bb.type.name != t.name or not (isinstance(eb.type, A.Ident) and eb.type.name == "Nat"):
            return None
        m = d.body
        if len(m.discrs) != 1 or not (isinstance(m.discrs[0], A.Ident) and m.discrs[0].name == eb.name):
            return None
        if len(m.alts) != 2 or any(len(a.patterns) != 1 for a in m.alts):
            return None
        for z, s in ((m.alts[0], m.alts[1]), (m.alts[1], m.alts[0])):
            k = _succ_var(s.patterns[0])
            if zero_one(z, 0) and k is not None and k not in (bb.name, eb.name):
                if _power_step(s.rhs, d.name, bb.name, k):
                    return t
        return None
    if not d.binders and d.alts and len(d.alts) == 2 and isinstance(d.type, A.BinOp) and d.type.op == "→":
        t1, rest = d.type.lhs, d.type.rhs
        if not (isinstance(rest, A.BinOp) and rest.op == "→"):
            return None
        t2, t3 = rest.lhs, rest.rhs
        if not all(isinstance(x, A.Ident) for x in (t1, t2, t3)):
            return None
        assert isinstance(t1, A.Ident) and isinstance(t2, A.Ident) and isinstance(t3, A.Ident)
        if t1.name not in ("Nat", "Int") or t3.name != t1.name or t2.name != "Nat":
            return None
        if any(len(a.patterns) != 2 for a in d.alts):
            return None
        for z, s in ((d.alts[0], d.alts[1]), (d.alts[1], d.alts[0])):
            k = _succ_var(s.patterns[1])
            bp = s.patterns[0]
            if not (isinstance(z.patterns[0], A.Hole | A.Ident) and zero_one(z, 1) and isinstance(bp, A.Ident)):
                continue
            if k is not None and k != bp.name and _power_step(s.rhs, d.name, bp.name, k):
                return t1
    return None


def _inline_power_functions(module: A.Module) -> None:
    """Calls of a user-defined power function become `b ^ e`, so quantifiers can solve `pow 2 x = n`."""
    powers = {d.name: t for d in module.defs if d.kind in ("def", "abbrev") and (t := _power_function(d)) is not None}
    if not powers:
        return

    def sub(n: A.Node) -> A.Node:
        if (
            isinstance(n, A.App)
            and isinstance(n.fn, A.Ident)
            and n.fn.name in powers
            and len(n.args) == 2
            and not n.named
        ):
            t = powers[n.fn.name]
            base = A.Ascribe(n.line, n.col, sub(n.args[0]), t)
            return A.Ascribe(n.line, n.col, A.BinOp(n.line, n.col, "^", base, sub(n.args[1])), t)
        for slot in getattr(type(n), "__slots__", ()):
            val = getattr(n, slot, None)
            if isinstance(val, A.Node):
                setattr(n, slot, sub(val))
            elif isinstance(val, list):
                for i, x in enumerate(val):
                    if isinstance(x, A.Node):
                        val[i] = sub(x)
                    elif isinstance(x, tuple):
                        val[i] = tuple(sub(y) if isinstance(y, A.Node) else y for y in x)
            elif isinstance(val, dict):
                for key, x in val.items():
                    if isinstance(x, A.Node):
                        val[key] = sub(x)
        return n

    for d in module.defs:
        if d.name not in powers:
            sub(d)


def _expand_type_aliases(module: A.Module) -> None:
    """Replace every use of a type alias by the type it names (in place), so `m.length` finds `List.length`."""
    known = {s.name for s in module.structures} | {i.name for i in module.inductives}
    aliases: dict[str, A.Node] = {}
    for d in module.defs:
        if _is_type_alias(d, known | set(aliases)):
            assert d.body is not None
            aliases[d.name] = d.body
            known.add(d.name)
    if not aliases:
        return
    module.defs = [d for d in module.defs if d.name not in aliases]

    def sub(n: A.Node, depth: int = 0) -> A.Node:
        if isinstance(n, A.Ident) and n.name in aliases and depth < 20:
            return sub(aliases[n.name], depth + 1)
        for slot in getattr(type(n), "__slots__", ()):
            val = getattr(n, slot, None)
            if isinstance(val, A.Node):
                setattr(n, slot, sub(val, depth))
            elif isinstance(val, list):
                for i, x in enumerate(val):
                    if isinstance(x, A.Node):
                        val[i] = sub(x, depth)
                    elif isinstance(x, tuple):
                        val[i] = tuple(sub(y, depth) if isinstance(y, A.Node) else y for y in x)
            elif isinstance(val, dict):
                for k, x in val.items():
                    if isinstance(x, A.Node):
                        val[k] = sub(x, depth)
        return n

    for d in module.defs:
        sub(d)
    for st in module.structures:
        sub(st)
    for ind in module.inductives:
        sub(ind)


class Compiler:
    """Compiles one module (a spec's definitions) into callable Python functions."""

    def __init__(self, module: A.Module, budget: Budget):
        _expand_type_aliases(module)
        _inline_power_functions(module)
        self.module = module
        self.budget = budget
        self.globals: dict[str, GlobalFn] = {}
        self.opens = list(module.opens)
        self._arith_cache: dict[str, dict[str, Callable[[Any, Any], Any]]] = {}
        self.structs: dict[str, A.Structure] = {s.name: s for s in module.structures}
        self.inductives: dict[str, A.Inductive] = {i.name: i for i in module.inductives}
        self.ctors: dict[str, tuple[A.Inductive, str, list[A.Node]]] = {
            f"{i.name}.{c}": (i, c, args) for i in module.inductives for c, args in i.ctors
        }
        for d in module.defs:
            if d.kind in ("def", "abbrev") and d.name:
                self._register(d.name, d)
                for w in d.where:
                    self._register(f"{d.name}.{w.name}", w)
        for g in list(self.globals.values()):
            self._signature(g)
        for g in list(self.globals.values()):
            self._compile_global(g)

    # -- globals ---------------------------------------------------------------------------------------------------
    def _register(self, name: str, d: A.Def) -> None:
        self.globals[name] = GlobalFn(name, d)

    def _signature(self, g: GlobalFn) -> None:
        d = g.defn
        tvars: dict[str, ty.TV] = {}
        params: list[ty.Type] = []
        for b in d.binders:
            if b.kind != "explicit":
                if b.name and b.type is not None and isinstance(b.type, A.Ident) and b.type.name in ("Type", "Sort"):
                    tvars[b.name] = ty.TV()
                elif b.name and b.type is None and b.kind == "implicit":
                    tvars[b.name] = ty.TV()
                continue
            params.append(ty.from_ast(b.type, tvars))
        result = ty.from_ast(d.type, tvars)
        if d.alts:
            # `def f : A → B → C | pats => ...`: the arrows give the remaining parameters
            n = len(d.alts[0].patterns)
            for _ in range(n):
                r = ty.prune(result)
                if isinstance(r, ty.T) and r.name == "→":
                    params.append(r.args[0])
                    result = r.args[1]
                else:
                    params.append(ty.TV())
        g.params = params
        g.result = result
        g.arity = len(params)
        g.generic = ty.free_vars(ty.fun_t(params, result))

    def _compile_global(self, g: GlobalFn) -> None:
        d = g.defn
        frame = FrameInfo(0)
        aliases = {}
        owner = g.name.rsplit(".", 1)[0] if g.name.count(".") else g.name
        for gname in self.globals:
            if gname.startswith(owner + ".") and gname != owner:
                aliases[gname[len(owner) + 1 :]] = gname
        if g.name in self.globals:
            for w in d.where:
                aliases[w.name] = f"{g.name}.{w.name}"
        scope = Scope({}, frame, aliases)
        slots_binders: list[tuple[int, A.Binder | None, ty.Type]] = []
        pi = 0
        for b in d.binders:
            if b.kind != "explicit":
                continue
            t = g.params[pi]
            pi += 1
            if b.name:
                scope, slot = scope.bind(b.name, t)
            else:
                slot = frame.alloc()
            slots_binders.append((slot, b, t))
        try:
            if d.alts:
                extra = g.params[pi:]
                eslots = [frame.alloc() for _ in extra]
                discr = [(_getter(0, s), t) for s, t in zip(eslots, extra, strict=True)]
                body = self._match_code(discr, d.alts, scope, g.result, d)
                arg_slots = [s for s, _, _ in slots_binders] + eslots
            else:
                assert d.body is not None
                body, bt = self.expr(d.body, scope, g.result)
                self._unify_result(g.result, bt)
                arg_slots = [s for s, _, _ in slots_binders]
                for _slot, b, _t in slots_binders:
                    if b is not None and b.pattern is not None:
                        raise UnsupportedConstruct("pattern binder in a def")
        except UnsupportedConstruct as exc:
            body = _raiser(exc)
            arg_slots = list(range(1, g.arity + 1))
        g.call = self._make_global_call(g, body, frame, arg_slots)
        g.compiled = True

    def _unify_result(self, expected: ty.Type, actual: ty.Type) -> None:
        ty.unify(expected, actual)

    def _make_global_call(self, g: GlobalFn, body: Code, frame: FrameInfo, arg_slots: list[int]) -> Callable:
        budget = self.budget
        n = frame.nslots
        name = g.name
        contiguous = arg_slots == list(range(1, len(arg_slots) + 1))

        def call(*args: Any) -> Any:
            if contiguous:
                env = [None, *args]
                if n > len(env):
                    env.extend([None] * (n - len(env)))
            else:
                env = [None] * n
                for s, a in zip(arg_slots, args, strict=False):
                    env[s] = a
            budget.depth += 1
            if budget.depth > budget.max_depth:
                budget.depth = 0
                raise EvaluationLimit("recursion depth", f"more than {budget.max_depth} nested calls ({name})")
            budget.n -= 1
            if budget.n <= 0:
                budget.tick()
            try:
                return body(env)
            finally:
                budget.depth -= 1

        return call

    def lookup_global(self, name: str, scope: Scope | None = None) -> GlobalFn | Builtin | None:
        if scope is not None and name in scope.aliases:
            return self.globals.get(scope.aliases[name])
        if name in self.globals:
            return self.globals[name]
        if name in REGISTRY:
            return REGISTRY[name]
        for ns in self.opens:
            full = f"{ns}.{name}"
            if full in self.globals:
                return self.globals[full]
            if full in REGISTRY:
                return REGISTRY[full]
        if name.startswith("Std.") or name.startswith("Mathlib."):
            return self.lookup_global(name.split(".", 1)[1], scope)
        return None

    def arith(self, kind: str) -> dict[str, Callable[[Any, Any], Any]]:
        fns = self._arith_cache.get(kind)
        if fns is None:
            fns = _arith_fns(kind, self.budget)
            self._arith_cache[kind] = fns
        return fns

    # -- expressions -----------------------------------------------------------------------------------------------
    def expr(self, node: A.Node, scope: Scope, expected: ty.Type | None = None) -> tuple[Code, ty.Type]:
        """Compile `node`; returns the code and its type. Unsupported parts compile to code that raises."""
        try:
            method = getattr(self, "c_" + type(node).__name__)
            return method(node, scope, expected)
        except UnsupportedConstruct as exc:
            return _raiser(exc), expected if expected is not None else ty.TV()

    def c_NumLit(self, node: A.NumLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        h = ty.head(expected) if expected is not None else None
        if h == "Float":
            return _const(float(node.value)), ty.FLOAT
        if h in ty.NUMERIC:
            return _const(node.value), expected  # type: ignore[return-value]
        if expected is not None and h is None:
            return _const(node.value), expected
        return _const(node.value), ty.TV()

    def c_FloatLit(self, node: A.FloatLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return _const(float(node.text)), ty.FLOAT

    def c_StrLit(self, node: A.StrLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return _const(node.value), ty.STRING

    def c_CharLit(self, node: A.CharLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return _const(node.value), ty.CHAR

    def c_Hole(self, node: A.Hole, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        raise UnsupportedConstruct("hole `_` in a term")

    def c_Sorry(self, node: A.Sorry, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        raise UnsupportedConstruct("sorry / tactic proof used as a value")

    def c_SetBuilder(self, node: A.SetBuilder, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        raise UnsupportedConstruct("set-builder or structure instance `{...}`")

    def c_Subtype(self, node: A.Subtype, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        raise UnsupportedConstruct("subtype `{x // p}` as a value")

    def c_Cdot(self, node: A.Cdot, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        raise UnsupportedConstruct("`·` outside a section")

    # identifiers --------------------------------------------------------------------------------------------------
    def c_Ident(self, node: A.Ident, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return self.ident_app(node, [], scope, expected)

    def _var(self, v: Var, scope: Scope) -> Code:
        return _getter(scope.frame.depth - v.frame.depth, v.slot)

    def ident_app(
        self,
        node: A.Ident,
        args: list[A.Node],
        scope: Scope,
        expected: ty.Type | None,
        named: dict[str, A.Node] | None = None,
    ) -> tuple[Code, ty.Type]:
        name = node.name
        v = scope.vars.get(name)
        if v is not None:
            return self.apply_value(self._var(v, scope), v.type, args, scope, expected)
        if name.startswith("."):
            h = ty.head(expected) if expected is not None else None
            if h is None:
                h = "Option" if name in (".some", ".none") else None
            if h is None:
                raise UnsupportedConstruct(f"leading-dot name {name} without a known type")
            node = A.Ident(node.line, node.col, f"{h}{name}")
            name = node.name
        if "." in name:
            first, rest = name.split(".", 1)
            v = scope.vars.get(first)
            if v is not None:
                code, t = self._var(v, scope), v.type
                parts = rest.split(".")
                for p in parts[:-1]:
                    code, t = self.method_call(code, t, p, [], scope, None, node)
                return self.method_call(code, t, parts[-1], args, scope, expected, node, named)
        if named:
            g0 = self.lookup_global(name, scope)
            if g0 is None:
                raise UnsupportedConstruct("named arguments to a local function")
        g = self.lookup_global(name, scope)
        if g is not None:
            return self.call_callee(g, [], args, scope, expected, node, named)
        if name in self.module.unsupported:
            raise UnsupportedConstruct(self.module.unsupported[name], f"used by `{name}`")
        special = self.special_ident(node, args, scope, expected)
        if special is not None:
            return special
        if "." in name:
            # `Foo.bar.baz`: a global followed by field accesses
            parts = name.split(".")
            for k in range(len(parts) - 1, 0, -1):
                head = ".".join(parts[:k])
                g = self.lookup_global(head, scope)
                if g is not None:
                    code, t = self.call_callee(g, [], [], scope, None, node)
                    for p in parts[k:-1]:
                        code, t = self.method_call(code, t, p, [], scope, None, node)
                    return self.method_call(code, t, parts[-1], args, scope, expected, node)
        raise UnsupportedConstruct(f"unknown identifier `{name}`")

    def special_ident(
        self, node: A.Ident, args: list[A.Node], scope: Scope, expected: ty.Type | None
    ) -> tuple[Code, ty.Type] | None:
        name = node.name
        if name == "default" or name == "Inhabited.default":
            if expected is None:
                raise UnsupportedConstruct("`default` without a known type")
            exp = expected

            def dflt(env: list) -> Any:
                return default_of(exp)

            return dflt, expected
        if name in ("inferInstance", "rfl", "trivial"):
            return _const(True), ty.PROP
        full = self.ctor_name(name)
        if full is not None:
            return self.ctor_value(full, args, scope, expected)
        if "." in name:
            sname, member = name.rsplit(".", 1)
            if sname in self.structs:
                return self.struct_member(sname, member, args, scope, expected)
        return None

    # inductive types -----------------------------------------------------------------------------------------------
    def ctor_name(self, name: str, t: ty.Type | None = None) -> str | None:
        """The full name `T.c` of a constructor written `T.c`, `.c` (with a known type) or `c` (with `open T`)."""
        if name in self.ctors:
            return name
        if name.startswith("."):
            h = ty.head(t) if t is not None else None
            return f"{h}{name}" if h is not None and f"{h}{name}" in self.ctors else None
        for o in self.opens:
            if f"{o}.{name}" in self.ctors:
                return f"{o}.{name}"
        return None

    def ind_type(self, ind: A.Inductive) -> tuple[ty.T, dict[str, ty.TV]]:
        tvars = {b.name: ty.TV() for b in ind.params if b.name and b.kind in ("explicit", "implicit")}
        return ty.T(ind.name, tuple(tvars.values())), tvars

    def ctor_sig(self, full: str) -> tuple[list[ty.Type], ty.T]:
        ind, _c, args = self.ctors[full]
        it, tvars = self.ind_type(ind)
        return [ty.from_ast(a, dict(tvars)) for a in args], it

    def ctor_value(self, full: str, args: list[A.Node], scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        ind, cname, _a = self.ctors[full]
        ftypes, it = self.ctor_sig(full)
        tname = ind.name
        if not ftypes:
            return _const(Ctor(tname, cname, ())), it
        n = len(ftypes)
        code = _const(Fn(n, lambda *vals: Ctor(tname, cname, tuple(vals)), full))
        return self.apply_value(code, ty.fun_t(ftypes, it), args, scope, expected)

    # structures ----------------------------------------------------------------------------------------------
    def _field_names(self, sname: str) -> list[str]:
        return [f for f, _ in self.structs[sname].fields]

    def struct_type(self, sname: str) -> ty.T:
        s = self.structs[sname]
        params = [b for b in s.params if b.kind in ("explicit", "implicit") and b.name]
        return ty.T(sname, tuple(ty.TV() for _ in params))

    def field_types(self, sname: str, t: ty.Type) -> list[ty.Type]:
        s = self.structs[sname]
        params = [b.name for b in s.params if b.kind in ("explicit", "implicit") and b.name]
        pt = ty.prune(t)
        args = list(pt.args) if isinstance(pt, ty.T) and pt.name == sname else []
        tvars: dict[str, ty.TV] = {}
        for i, p in enumerate(params):
            tv = ty.TV()
            if i < len(args):
                ty.unify(tv, args[i])
            tvars[p] = tv
        return [ty.from_ast(ftype, dict(tvars)) for _, ftype in s.fields]

    def construct(self, sname: str, elems: list[A.Node], scope: Scope, t: ty.Type | None) -> tuple[Code, ty.Type]:
        st = t if t is not None and ty.head(t) == sname else self.struct_type(sname)
        ftypes = self.field_types(sname, st)
        fields = tuple(self._field_names(sname))
        if len(elems) != len(fields):
            raise UnsupportedConstruct(f"{sname} takes {len(fields)} fields, got {len(elems)}")
        codes = []
        for e, ft in zip(elems, ftypes, strict=True):
            c, et = self.expr(e, scope, ft)
            codes.append(self.coerce(c, et, ft))
            ty.unify(ft, et)
        return (lambda env: Struct(sname, fields, tuple(c(env) for c in codes))), st

    def struct_member(
        self, sname: str, member: str, args: list[A.Node], scope: Scope, expected: ty.Type | None
    ) -> tuple[Code, ty.Type]:
        fields = self._field_names(sname)
        st = self.struct_type(sname)
        ftypes = self.field_types(sname, st)
        if member == "mk":
            fn_t = ty.fun_t(ftypes, st)
            names = tuple(fields)
            n = len(fields)
            code = _const(Fn(n, lambda *vals: Struct(sname, names, tuple(vals)), f"{sname}.mk"))
            return self.apply_value(code, fn_t, args, scope, expected)
        if member in fields:
            k = fields.index(member)
            code = _const(Fn(1, lambda v: v.vals[k], f"{sname}.{member}"))
            return self.apply_value(code, ty.fun_t([st], ftypes[k]), args, scope, expected)
        raise UnsupportedConstruct(f"{sname}.{member}")

    def c_StructInst(self, node: A.StructInst, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        h = ty.head(expected) if expected is not None else None
        names = {f for f, _ in node.fields}
        if h not in self.structs:
            cands = [s for s, info in self.structs.items() if names <= {f for f, _ in info.fields}]
            if len(cands) != 1:
                raise UnsupportedConstruct("structure instance `{ … }` of an unknown structure")
            h = cands[0]
        assert h is not None
        fields = self._field_names(h)
        st = expected if expected is not None and ty.head(expected) == h else self.struct_type(h)
        ftypes = self.field_types(h, st)
        given = dict(node.fields)
        base_code = None
        if node.base is not None:
            base_code, bt = self.expr(node.base, scope, st)
        else:
            dflts = self.structs[h].defaults if h in self.structs else {}
            missing = set(fields) - names - set(dflts)
            if missing:
                raise UnsupportedConstruct(f"structure instance without fields {sorted(missing)}")
            given = {f: given.get(f, dflts.get(f)) for f in fields}  # omitted fields take their default value
        codes: list[Code | None] = []
        for f, ft in zip(fields, ftypes, strict=True):
            if given.get(f) is not None:
                c, et = self.expr(given[f], scope, ft)
                codes.append(self.coerce(c, et, ft))
                ty.unify(ft, et)
            else:
                codes.append(None)
        names_t = tuple(fields)

        def inst(env: list) -> Struct:
            base = base_code(env) if base_code is not None else None
            vals = tuple(
                c(env) if c is not None else base.vals[i]  # type: ignore[union-attr]
                for i, c in enumerate(codes)
            )
            return Struct(h, names_t, vals)  # type: ignore[arg-type]

        return inst, st

    # applications ----------------------------------------------------------------------------------------------
    def c_App(self, node: A.App, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        fn = node.fn
        args = node.args
        if isinstance(fn, A.Ident):
            if fn.name == "@as":
                raise UnsupportedConstruct("as-pattern used as a term")
            if fn.name == "Id.run" and args and isinstance(args[0], A.Do):
                args[0].in_id = True
            return self.ident_app(fn, args, scope, expected, node.named or None)
        if isinstance(fn, A.Proj) and not fn.field.isdigit():
            rc, rt = self.expr(fn.expr, scope)
            return self.method_call(rc, rt, fn.field, args, scope, expected, node, node.named or None)
        code, t = self.expr(fn, scope)
        return self.apply_value(code, t, args, scope, expected)

    def apply_value(
        self, code: Code, t: ty.Type, args: list[A.Node], scope: Scope, expected: ty.Type | None
    ) -> tuple[Code, ty.Type]:
        """Apply a function-valued expression of type `t` to argument nodes."""
        if not args:
            if expected is not None:
                ty.unify(t, expected)
            return code, t
        arg_codes: list[Code] = []
        cur = t
        for a in args:
            pc = ty.prune(cur)
            if isinstance(pc, ty.TV):
                pt, rt = ty.TV(), ty.TV()
                ty.unify(pc, ty.T("→", (pt, rt)))
                pc = ty.prune(cur)
            if isinstance(pc, ty.T) and pc.name == "→":
                ac, at = self.expr(a, scope, pc.args[0])
                ac = self.coerce(ac, at, pc.args[0])
                ty.unify(pc.args[0], at)
                cur = pc.args[1]
            else:
                ac, at = self.expr(a, scope)
                cur = ty.TV()
            arg_codes.append(ac)
        if expected is not None:
            ty.unify(cur, expected)
        k = len(arg_codes)
        if k == 1:
            a0 = arg_codes[0]

            def app1(env: list) -> Any:
                f = code(env)
                if type(f) is Fn and f.arity == 1:
                    return f.call(a0(env))
                return apply(f, (a0(env),))

            return app1, cur
        if k == 2:
            a0, a1 = arg_codes

            def app2(env: list) -> Any:
                f = code(env)
                if type(f) is Fn and f.arity == 2:
                    return f.call(a0(env), a1(env))
                return apply(f, (a0(env), a1(env)))

            return app2, cur

        def appn(env: list) -> Any:
            return apply(code(env), [a(env) for a in arg_codes])

        return appn, cur

    def coerce(self, code: Code, src: ty.Type, dst: ty.Type) -> Code:
        """Lean's coercions that change the value: `a` to `Option a` (↑), nothing else changes the value."""
        s, d = ty.prune(src), ty.prune(dst)
        if isinstance(s, ty.T) and isinstance(d, ty.T):
            if d.name == "Option" and s.name != "Option":
                return lambda env: Some(code(env))
            if d.name == "Float" and s.name in ("Nat", "Int"):
                return lambda env: float(code(env))
        return code

    def call_callee(
        self,
        callee: GlobalFn | Builtin,
        pre: list[tuple[int, Code, ty.Type]],
        args: list[A.Node],
        scope: Scope,
        expected: ty.Type | None,
        node: A.Node,
        named: dict[str, A.Node] | None = None,
    ) -> tuple[Code, ty.Type]:
        """Call a global/builtin. `pre` holds already-compiled arguments at fixed positions (the receiver)."""
        params, result = callee.instantiate()
        if named:
            names = callee.param_names()
            pre = list(pre)
            for pname, pnode in named.items():
                if pname not in names:
                    raise UnsupportedConstruct(f"named argument ({pname} := …) of {callee.name}")
                pos = names.index(pname)
                pc, pt = self.expr(pnode, scope, params[pos])
                pre.append((pos, self.coerce(pc, pt, params[pos]), pt))
        n = len(params)
        total = len(pre) + len(args)
        slots: list[Code | None] = [None] * max(n, total)
        arg_types: list[ty.Type | None] = [None] * max(n, total)
        for pos, c, t in pre:
            if pos < n:
                ty.unify(params[pos], t)
                c = self.coerce(c, t, params[pos])
            slots[pos] = c
            arg_types[pos] = t
        free = [i for i in range(max(n, total)) if slots[i] is None]
        positions = free[: len(args)]
        # the result type of this (possibly partial) application, unified with the expected type early
        if total < n and not (isinstance(callee, Builtin) and callee.required <= total):
            missing = [params[i] for i in range(n) if i not in positions and slots[i] is None]
            app_t = ty.fun_t(missing, result)
        else:
            app_t = result
        if expected is not None and total <= n:
            ty.unify(app_t, expected)
        order = sorted(range(len(args)), key=lambda j: _is_lambda(args[j]))
        for j in order:
            pos = positions[j]
            pt = params[pos] if pos < n else None
            c, t = self.expr(args[j], scope, pt)
            if pt is not None:
                c = self.coerce(c, t, pt)
                ty.unify(pt, t)
            slots[pos] = c
            arg_types[pos] = t
        if isinstance(callee, Builtin):
            impl = callee.impl
            if callee.wants_default:
                res_t = result
                base = impl

                def impl(*a: Any, _b: Callable = base, _t: ty.Type = res_t) -> Any:
                    return _b(lambda: default_of(_t), *a)

            elif callee.wants_types:
                types_ = [*params, result]
                base2 = impl

                def impl(*a: Any, _b: Callable = base2, _ts: list = types_) -> Any:
                    return _b(_ts, *a)

            fname = callee.name
        else:
            g = callee

            def impl(*a: Any, _g: GlobalFn = g) -> Any:
                return _g.call(*a)

            fname = callee.name
        if isinstance(callee, Builtin) and callee.required <= total < n:
            # trailing optional parameters take their defaults (the Python implementation's defaults)
            n = total
        if total < n:
            # partial application: missing positions become parameters of a function value
            missing_pos = [i for i in range(n) if slots[i] is None]
            present = [(i, c) for i, c in enumerate(slots) if c is not None]
            m = len(missing_pos)

            def partial(env: list) -> Any:
                vals = [None] * n
                for i, c in present:
                    vals[i] = c(env)

                def call(*rest: Any) -> Any:
                    full = list(vals)
                    for i, r in zip(missing_pos, rest, strict=True):
                        full[i] = r
                    return impl(*full)

                return Fn(m, call, fname)

            return partial, app_t
        codes: list[Code] = [c for c in slots[:n] if c is not None]
        extra: list[Code] = [c for c in slots[n:] if c is not None]
        if n == 0:
            base_code: Code = lambda env: impl()  # noqa: E731
            if isinstance(callee, Builtin) and not callee.wants_default and not callee.wants_types:
                try:
                    v = callee.impl()
                    base_code = _const(v)
                except Exception:  # noqa: BLE001 - compute lazily instead
                    pass
        elif n == 1:
            (c0,) = codes
            base_code = lambda env: impl(c0(env))  # noqa: E731
        elif n == 2:
            c0, c1 = codes
            base_code = lambda env: impl(c0(env), c1(env))  # noqa: E731
        elif n == 3:
            c0, c1, c2 = codes
            base_code = lambda env: impl(c0(env), c1(env), c2(env))  # noqa: E731
        else:
            base_code = lambda env: impl(*[c(env) for c in codes])  # noqa: E731
        if not extra:
            return base_code, result
        # over-application: the result is a function
        cur = result
        for _ in extra:
            pc = ty.prune(cur)
            cur = pc.args[1] if isinstance(pc, ty.T) and pc.name == "→" else ty.TV()
        if expected is not None:
            ty.unify(cur, expected)
        return (lambda env: apply(base_code(env), [c(env) for c in extra])), cur

    def method_call(
        self,
        recv: Code,
        rtype: ty.Type,
        name: str,
        args: list[A.Node],
        scope: Scope,
        expected: ty.Type | None,
        node: A.Node,
        named: dict[str, A.Node] | None = None,
    ) -> tuple[Code, ty.Type]:
        """Generalized field notation `e.name args`."""
        rt = ty.prune(rtype)
        h = rt.name if isinstance(rt, ty.T) else None
        if name in ("1", "2", "fst", "snd") and (h == "Prod" or h is None):
            first = name in ("1", "fst")
            if h == "Prod":
                ft = rt.args[0] if first else rt.args[1]  # type: ignore[union-attr]
            else:
                a, b = ty.TV(), ty.TV()
                ty.unify(rt, ty.prod_t(a, b))
                ft = a if first else b
            code: Code = (lambda env: recv(env).fst) if first else (lambda env: recv(env).snd)
            return self.apply_value(code, ft, args, scope, expected)
        if h == "Subtype" and name in ("1", "2", "val", "property"):
            # `l.attach` elements `{x // x ∈ l}` are the values themselves; the proof component is `True`
            assert isinstance(rt, ty.T)
            if name in ("1", "val"):
                return self.apply_value(recv, rt.args[0], args, scope, expected)
            return self.apply_value(lambda env: True, ty.PROP, args, scope, expected)
        if h is not None and h in self.structs and name in self._field_names(h):
            ftypes = self.field_types(h, rt)
            k = self._field_names(h).index(name)
            code = lambda env: recv(env).vals[k]  # noqa: E731
            return self.apply_value(code, ftypes[k], args, scope, expected)
        if h is not None:
            ns = _TYPE_NAMESPACES.get(h, h)
            callee = self.lookup_method(ns, name)
            if callee is None and ns in ("Nat", "UInt8", "Fin"):
                callee = self.lookup_method("Nat", name)
            if callee is None:
                raise UnsupportedConstruct(f"{ns}.{name}")
            idx = callee.receiver_index(ns)
            return self.call_callee(callee, [(idx, recv, rtype)], args, scope, expected, node, named)
        # unknown receiver type: dispatch on the runtime value
        arg_codes = [self.expr(a, scope)[0] for a in args]
        lookup = self.lookup_method

        def dyn(env: list) -> Any:
            v = recv(env)
            ns = _runtime_namespace(v)
            callee = lookup(ns, name)
            if callee is None and ns == "Nat":
                callee = lookup("Int", name)
            if callee is None and ns == "String" and len(v) == 1:
                callee = lookup("Char", name)
            if callee is None:
                raise UnsupportedConstruct(f"{ns}.{name}")
            vals = [c(env) for c in arg_codes]
            idx = callee.receiver_index(ns)
            vals.insert(idx, v)
            if isinstance(callee, Builtin):
                if callee.wants_default or callee.wants_types:
                    raise UnsupportedConstruct(f"{ns}.{name} on a value of unknown type")
                return apply(Fn(callee.arity, callee.impl, callee.name), vals)
            return apply(Fn(callee.arity, callee.call, callee.name), vals)

        return dyn, expected if expected is not None else ty.TV()

    def lookup_method(self, ns: str, name: str) -> GlobalFn | Builtin | None:
        full = f"{ns}.{name}"
        if full in self.globals:
            return self.globals[full]
        return REGISTRY.get(full)

    def c_Proj(self, node: A.Proj, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        rc, rt = self.expr(node.expr, scope)
        return self.method_call(rc, rt, node.field, [], scope, expected, node)

    # operators ---------------------------------------------------------------------------------------------------
    def _leaves(self, node: A.Node, out: list[A.Node]) -> None:
        if isinstance(node, A.BinOp) and node.op in ARITH:
            self._leaves(node.lhs, out)
            self._leaves(node.rhs, out)
        elif isinstance(node, A.BinOp) and node.op == "^":
            self._leaves(node.lhs, out)
        elif isinstance(node, A.UnOp) and node.op == "-":
            self._leaves(node.arg, out)
        else:
            out.append(node)

    def _tree_type(
        self, leaves: list[A.Node], scope: Scope, expected: ty.Type | None
    ) -> tuple[dict[int, tuple[Code, ty.Type]], ty.Type]:
        """Lean's binop% elaboration: compile the leaves, find the maximal type, unify the unknown leaves."""
        compiled: dict[int, tuple[Code, ty.Type]] = {}
        heads: list[str] = []
        known: list[ty.Type] = []
        # a `match` leaf is postponed by Lean until the tree's type is known: elaborate it last, at that type
        deferred = [leaf for leaf in leaves if isinstance(leaf, A.Match | A.FunMatch)]
        for leaf in leaves:
            if isinstance(leaf, A.Match | A.FunMatch):
                continue
            c, t = self.expr(leaf, scope)
            compiled[id(leaf)] = (c, t)
            h = ty.head(t)
            if h is not None:
                heads.append(h)
                known.append(t)
        # Lean's binop% starts the maximal type at a known expected type (`(n - 1 : Int)` is `↑n - 1`)
        eh = ty.head(expected) if expected is not None else None
        if eh in ("Nat", "Int", "Float"):
            heads.append(eh)
            known.append(ty.prune(expected))
        if "Float" in heads:
            top: ty.Type = ty.FLOAT
        elif "Int" in heads:
            top = ty.INT
        elif heads:
            top = ty.prune(known[0])
            for h, t in zip(heads, known, strict=True):
                if h != "Nat":
                    top = ty.prune(t)
                    break
        elif expected is not None and ty.head(expected) in ty.NUMERIC:
            top = expected
        elif any(isinstance(leaf, A.UnOp) and leaf.op == "-" for leaf in leaves):
            top = ty.INT
        else:
            top = ty.TV()
        for leaf in deferred:
            compiled[id(leaf)] = self.expr(leaf, scope, top if ty.head(top) is not None else None)
        for _c, t in compiled.values():
            if isinstance(ty.prune(t), ty.TV):
                ty.unify(t, top)
        for leaf in leaves:
            c, t = compiled[id(leaf)]
            compiled[id(leaf)] = (self.coerce(c, t, top), t)
        return compiled, top

    def _build_tree(self, node: A.Node, compiled: dict[int, tuple[Code, ty.Type]], top: ty.Type, scope: Scope) -> Code:
        if id(node) in compiled:
            return compiled[id(node)][0]
        if isinstance(node, A.UnOp) and node.op == "-":
            a = self._build_tree(node.arg, compiled, top, scope)
            return self._neg(a, top)
        assert isinstance(node, A.BinOp)
        lhs = self._build_tree(node.lhs, compiled, top, scope)
        if node.op == "^":
            rc, rt = self.expr(node.rhs, scope, ty.FLOAT if ty.head(top) == "Float" else None)
            if ty.head(rt) is None:
                ty.unify(rt, ty.NAT)
            rhs = rc
        else:
            rhs = self._build_tree(node.rhs, compiled, top, scope)
        return self._binop_code(node.op, lhs, rhs, top)

    def _bitop(self, node: A.BinOp, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        """`&&& ||| ^^^ <<< >>>` on Nat / Int / UIntN (Int shifts by a Nat; `>>>` on Int rounds down)."""
        a, at = self.expr(node.lhs, scope, expected)
        shift = node.op in ("<<<", ">>>")
        if ty.head(at) is None:
            ty.unify(at, ty.NAT)
        h = ty.head(at)
        b, bt = self.expr(node.rhs, scope, ty.NAT if shift and h == "Int" else at)
        if ty.head(bt) is None:
            ty.unify(bt, ty.NAT)
        if h not in ("Nat", "Int") and h not in _UINT_BITS:
            raise UnsupportedConstruct(f"{node.op} on {h}")
        f = _BITOPS[node.op]
        if h in _UINT_BITS:
            m = (1 << _UINT_BITS[h]) - 1
            bits = _UINT_BITS[h]
            if shift:  # UIntN shifts take the amount modulo N
                return (lambda env: f(a(env), b(env) % bits) & m), at
            return (lambda env: f(a(env), b(env)) & m), at
        if node.op == "<<<":
            check = self.budget.check_int

            def shl(env: list) -> int:
                k = b(env)
                if k > self.budget.max_bits + 64:
                    raise EvaluationLimit("integer size", f"_ <<< {k}")
                r = a(env) << k
                check(r)
                return r

            return shl, at
        return (lambda env: f(a(env), b(env))), at

    def _neg(self, a: Code, t: ty.Type) -> Code:
        h = ty.head(t)
        if h == "Nat":
            raise UnsupportedConstruct("negation of a Nat (no `Neg Nat` instance)")
        if h in _UINT_BITS:
            m = (1 << _UINT_BITS[h]) - 1
            return lambda env: (-a(env)) & m
        return lambda env: -a(env)

    def _binop_code(self, op: str, lhs: Code, rhs: Code, t: ty.Type) -> Code:
        pt = ty.prune(t)
        if isinstance(pt, ty.TV):
            # decided at run time, once the whole module has been elaborated (default: Nat)
            cache: list = []
            arith = self.arith

            def late(env: list) -> Any:
                if not cache:
                    h = ty.head(pt) or "Nat"
                    cache.append(arith(h if h in ty.NUMERIC else "Nat")[op])
                return cache[0](lhs(env), rhs(env))

            return late
        h = pt.name
        if h not in ty.NUMERIC or h in ("Rat", "Fin"):
            if h == "String" and op == "+":
                return lambda env: lhs(env) + rhs(env)
            if h == "Fin":
                h = "Nat"
            else:
                raise UnsupportedConstruct(f"`{op}` on {ty.show(pt)}")
        f = self.arith(h)[op]
        if op == "+" and h in ("Nat", "Int"):
            return lambda env: lhs(env) + rhs(env)
        if op == "-" and h == "Int":
            return lambda env: lhs(env) - rhs(env)
        if op == "-" and h == "Nat":

            def nsub(env: list) -> int:
                a = lhs(env)
                b = rhs(env)
                return a - b if a > b else 0

            return nsub
        return lambda env: f(lhs(env), rhs(env))

    def arith_tree(self, node: A.Node, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        leaves: list[A.Node] = []
        self._leaves(node, leaves)
        compiled, top = self._tree_type(leaves, scope, expected)
        code = self._build_tree(node, compiled, top, scope)
        if expected is not None:
            ty.unify(top, expected)
        return code, top

    def c_UnOp(self, node: A.UnOp, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        op = node.op
        if op in ("¬", "!"):
            a, _ = self.expr(node.arg, scope, ty.BOOL if op == "!" else ty.PROP)
            return (lambda env: not a(env)), ty.BOOL if op == "!" else ty.PROP
        if op == "-":
            return self.arith_tree(node, scope, expected)
        if op == "↑":
            a, t = self.expr(node.arg, scope)
            if expected is not None:
                return self.coerce(a, t, expected), expected
            return a, ty.TV()
        raise UnsupportedConstruct(f"prefix operator {op}")

    def c_BinOp(self, node: A.BinOp, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        op = node.op
        if op in ARITH or op == "^":
            return self.arith_tree(node, scope, expected)
        if op in _BITOPS:
            return self._bitop(node, scope, expected)
        if op in RELS:
            return self.relation(node, scope)
        if op in PROP_OPS:
            want = ty.BOOL if op in ("&&", "||") else ty.PROP
            a, _ = self.expr(node.lhs, scope, want)
            b, _ = self.expr(node.rhs, scope, want)
            if op in ("∧", "&&"):
                return (lambda env: bool(a(env)) and bool(b(env))), want
            if op in ("∨", "||"):
                return (lambda env: bool(a(env)) or bool(b(env))), want
            if op == "→":
                return (lambda env: (not a(env)) or bool(b(env))), ty.PROP
            return (lambda env: bool(a(env)) == bool(b(env))), ty.PROP
        rhs_set = node.rhs
        set_t: ty.Type | None = None
        while isinstance(rhs_set, A.Ascribe) and rhs_set.type is not None:
            set_t = ty.from_ast(rhs_set.type, {})
            rhs_set = rhs_set.expr
        if op in ("∈", "∉") and isinstance(rhs_set, A.SetComp):
            # `a ∈ {x | p x}` is `p a` (and `a ∈ s` first for `{x ∈ s | p x}`)
            sb = rhs_set
            vt = ty.from_ast(sb.type, {}) if sb.type is not None else ty.TV()
            if set_t is not None and ty.head(set_t) in ("Set", "Finset"):
                ty.unify(vt, ty.arg(set_t))
            dc = None
            if sb.domain is not None:
                dc, dt = self.expr(sb.domain, scope)
                if ty.head(dt) in ("List", "Array", "Finset", "Set", "Multiset"):
                    ty.unify(vt, ty.arg(dt))
            xc, xt = self.expr(node.lhs, scope, vt if ty.head(vt) is not None else None)
            ty.unify(vt, xt)
            sc, slot = scope.bind(sb.name, vt)
            pc, _pt = self.expr(sb.pred, sc, ty.PROP)
            neg = op == "∉"

            def mem_set(env: list) -> bool:
                x = xc(env)
                if dc is not None and x not in dc(env):
                    return neg
                env[slot] = x
                return bool(pc(env)) != neg

            return mem_set, ty.PROP
        if op in ("∈", "∉"):
            cc, ct = self.expr(node.rhs, scope)
            el = ty.arg(ct) if ty.head(ct) in ("List", "Array", "Finset", "Set", "Multiset", "Option") else None
            h = ty.head(ct)
            if h == "HashMap":
                pt = ty.prune(ct)
                assert isinstance(pt, ty.T)
                el = pt.args[0]
            xc, xt = self.expr(node.lhs, scope, el)
            if el is not None:
                ty.unify(el, xt)
            neg = op == "∉"
            if h == "HashMap":
                # `k ∈ m` for a HashMap is key membership
                return (lambda env: any(p.fst == xc(env) for p in cc(env)) != neg), ty.PROP
            if h == "Option":
                return (lambda env: (Some(xc(env)) == cc(env)) != neg), ty.PROP
            if h == "String":
                raise UnsupportedConstruct("membership in a String")

            def mem(env: list) -> bool:
                c = cc(env)
                return (xc(env) in c) != neg

            return mem, ty.PROP
        if op == "::":
            hc, ht = self.expr(node.lhs, scope, ty.arg(expected) if ty.head(expected) == "List" else None)
            tc, tt = self.expr(node.rhs, scope, ty.list_t(ht))
            ty.unify(tt, ty.list_t(ht))
            return (lambda env: (hc(env), *tc(env))), tt
        if op == "++":
            a, at = self.expr(node.lhs, scope, expected)
            b, bt = self.expr(node.rhs, scope, at)
            ty.unify(at, bt)
            h = ty.head(at) or ty.head(bt)
            if h == "Array":
                return (lambda env: LArray(a(env) + b(env))), at
            if h == "List":
                return (lambda env: a(env) + tuple(b(env))), at

            def app(env: list) -> Any:
                x, y = a(env), b(env)
                r = x + tuple(y) if isinstance(x, tuple) and not isinstance(y, str) else x + y
                return LArray(r) if isinstance(x, LArray) else r

            return app, at
        if op == "∣":
            leaves: list[A.Node] = [node.lhs, node.rhs]
            compiled, top = self._tree_type(leaves, scope, None)
            a = compiled[id(node.lhs)][0]
            b = compiled[id(node.rhs)][0]

            def dvd(env: list) -> bool:
                x, y = a(env), b(env)
                return y == 0 if x == 0 else y % x == 0

            return dvd, ty.PROP
        if op == "∘":
            f, ft = self.expr(node.lhs, scope)
            g, gt = self.expr(node.rhs, scope)

            def comp(env: list) -> Fn:
                fv, gv = f(env), g(env)
                return Fn(1, lambda x: apply(fv, (apply(gv, (x,)),)), "comp")

            return comp, ty.TV()
        if op == "~":
            from specbridge.lean.stdlib.lists import is_perm

            a, at = self.expr(node.lhs, scope)
            b, bt = self.expr(node.rhs, scope, at)
            return (lambda env: is_perm(a(env), b(env))), ty.PROP
        if op in ("<+", "<+:", "<:+", "<:+:"):
            # Sublist, IsPrefix, IsSuffix, IsInfix (Init/Data/List/Basic notation)
            from specbridge.lean.stdlib import lists as L

            a, at = self.expr(node.lhs, scope)
            b, bt = self.expr(node.rhs, scope, at)
            rel = {"<+": L.sublist, "<+:": L.is_prefix, "<:+": L.is_suffix, "<:+:": L.is_infix}[op]
            return (lambda env: rel(a(env), b(env))), ty.PROP
        if op in ("∪", "∩", "\\", "⊆"):
            from specbridge.lean.stdlib import lists as L

            a, at = self.expr(node.lhs, scope)
            b, bt = self.expr(node.rhs, scope, at)
            f2 = {"∪": L.list_union, "∩": L.list_inter, "\\": L.list_diff, "⊆": L.list_subset}[op]
            return (lambda env: f2(a(env), b(env))), (ty.PROP if op == "⊆" else at)
        if op == "×":
            raise UnsupportedConstruct("a type (`×`) used as a value")
        if op == "<|>":
            a, at = self.expr(node.lhs, scope, expected)
            b, bt = self.expr(node.rhs, scope, at)
            return (lambda env: a(env) if a(env) is not None else b(env)), at
        if op == ">>=":
            a, at = self.expr(node.lhs, scope)
            f, ft = self.expr(node.rhs, scope, ty.T("→", (ty.arg(at), ty.TV())))

            def bind(env: list) -> Any:
                v = a(env)
                return None if v is None else apply(f(env), (v.val,))

            return bind, ty.TV()
        raise UnsupportedConstruct(f"operator {op}")

    def relation(self, node: A.BinOp, scope: Scope) -> tuple[Code, ty.Type]:
        op = node.op
        leaves: list[A.Node] = []
        self._leaves(node.lhs, leaves)
        nl = len(leaves)
        self._leaves(node.rhs, leaves)
        numeric_side = (
            any(isinstance(x, (A.NumLit, A.FloatLit)) or (isinstance(x, A.UnOp) and x.op == "-") for x in leaves)
            or nl > 1
            or len(leaves) - nl > 1
        )
        if numeric_side:
            compiled, top = self._tree_type(leaves, scope, None)
            a = self._build_tree(node.lhs, compiled, top, scope)
            b = self._build_tree(node.rhs, compiled, top, scope)
            at = bt = top
        else:
            a, at = self.expr(node.lhs, scope)
            b = None
            if ty.head(at) in ("Nat", "Int", "Float") and not _type_from_context(node.rhs):
                # binrel% elaborates each side without an expected type, then coerces to the maximal type:
                # `r = if c then a - 10 else 0` (r : Int, a : Nat) compares r with ↑(a - 10), a Nat difference
                b, bt = self.expr(node.rhs, scope)
                if ty.head(bt) not in ("Nat", "Int", "Float"):
                    b = None
            if b is None:
                b, bt = self.expr(node.rhs, scope, at if ty.head(at) is not None else None)
            pa, pb = ty.prune(at), ty.prune(bt)
            ha, hb = ty.head(pa), ty.head(pb)
            if ha == "Option" and hb is not None and hb != "Option":
                b = self.coerce(b, bt, at)
            elif hb == "Option" and ha is not None and ha != "Option":
                a = self.coerce(a, at, bt)
            elif ha == "Float" and hb in ("Nat", "Int"):
                b = self.coerce(b, bt, at)
            elif hb == "Float" and ha in ("Nat", "Int"):
                a = self.coerce(a, at, bt)
            elif not (ha in ("Nat", "Int") and hb in ("Nat", "Int")):
                ty.unify(at, bt)
        res_t = ty.BOOL if op in ("==", "!=") else ty.PROP
        if op in ("=", "==", "≠", "!="):
            heads = {ty.head(ty.prune(at)), ty.head(ty.prune(bt))}
            # Finset/Set values are duplicate-free tuples in no fixed order; a Multiset is a list up to permutation
            same = _set_eq if heads & {"Finset", "Set"} else _perm_eq if "Multiset" in heads else None
            if same is not None:
                if op in ("=", "=="):
                    return (lambda env: same(a(env), b(env))), res_t
                return (lambda env: not same(a(env), b(env))), res_t
        if op in ("=", "=="):
            return (lambda env: a(env) == b(env)), res_t
        if op in ("≠", "!="):
            return (lambda env: a(env) != b(env)), res_t
        if op == "<":
            return (lambda env: a(env) < b(env)), res_t
        if op == ">":
            return (lambda env: a(env) > b(env)), res_t
        if op == "≤":
            return (lambda env: a(env) <= b(env)), res_t
        return (lambda env: a(env) >= b(env)), res_t

    # structured terms ----------------------------------------------------------------------------------------------
    def c_Tuple(self, node: A.Tuple, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        elems = node.elems
        first, rest = elems[0], elems[1:]
        exp_a = exp_b = None
        if expected is not None and ty.head(expected) == "Prod":
            exp_a, exp_b = ty.arg(expected, 0), ty.arg(expected, 1)
        a, at = self.expr(first, scope, exp_a)
        if exp_a is not None:
            a = self.coerce(a, at, exp_a)
            ty.unify(exp_a, at)
            at = exp_a
        if len(rest) == 1:
            b, bt = self.expr(rest[0], scope, exp_b)
        else:
            b, bt = self.c_Tuple(A.Tuple(node.line, node.col, rest), scope, exp_b)
        if exp_b is not None:
            b = self.coerce(b, bt, exp_b)
            ty.unify(exp_b, bt)
            bt = exp_b
        return (lambda env: Pair(a(env), b(env))), ty.prod_t(at, bt)

    def c_Anon(self, node: A.Anon, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        h = ty.head(expected) if expected is not None else None
        elems = node.elems
        if h is not None and h in self.structs:
            return self.construct(h, elems, scope, expected)
        if h == "Prod" or (h is None and len(elems) == 2):
            return self.c_Tuple(A.Tuple(node.line, node.col, elems), scope, expected)
        if len(elems) >= 1 and h in (None, "Nat", "Int", "String.Pos", "Pos", "Char"):
            # Fin / Subtype / String.Pos: ⟨val, proof⟩ is the value
            return self.expr(elems[0], scope, expected)
        if h in ("List", "Array") and len(elems) == 1:
            return self.expr(elems[0], scope, expected)
        raise UnsupportedConstruct(f"anonymous constructor for {ty.show(expected) if expected else 'unknown type'}")

    # -- do-notation in the Id monad: statements run in order on the frame's slots -----------------------------------
    def c_Do(self, node: A.Do, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        # only the Id monad is modelled: a `do` whose type is Option/Except/IO/… binds and returns differently
        monad = ty.head(expected) if expected is not None else None
        if not node.in_id and monad in _OTHER_MONADS:
            raise UnsupportedConstruct(f"do-notation in the {monad} monad")
        rt: ty.Type = expected if expected is not None else ty.TV()
        code = self._do_seq(node.stmts, 0, scope, rt, True)

        def run(env: list) -> Any:
            try:
                return code(env)
            except _DoReturn as r:
                return r.value

        return run, rt

    def _do_seq(self, stmts: list[A.DoStmt], i: int, scope: Scope, rt: ty.Type, final: bool) -> Code:
        """Run stmts[i:]; the value is the last statement's (a `return` raises _DoReturn to the enclosing `do`)."""
        if i == len(stmts):
            return _const(())
        st = stmts[i]
        last = i == len(stmts) - 1
        k = st.kind
        if k in ("let", "let_mut"):
            decl = ty.from_ast(st.type, {}) if st.type is not None else None
            assert st.expr is not None
            vc, vt = self.expr(_unwrap_pure(st.expr), scope, decl)
            if decl is not None:
                vc = self.coerce(vc, vt, decl)
                ty.unify(decl, vt)
                vt = decl
            if st.pattern is not None:
                match, sc = self.pattern(st.pattern, scope, vt)
                rest = self._do_seq(stmts, i + 1, sc, rt, final)

                def let_pat(env: list) -> Any:
                    if not match(vc(env), env):
                        raise LeanRuntimeError("a `let` pattern in a do block did not match")
                    return rest(env)

                return let_pat
            if st.name is None or st.name == "_":
                rest = self._do_seq(stmts, i + 1, scope, rt, final)
                return lambda env: (vc(env), rest(env))[1]
            sc, slot = scope.bind(st.name, vt)
            rest = self._do_seq(stmts, i + 1, sc, rt, final)

            def let(env: list) -> Any:
                env[slot] = vc(env)
                return rest(env)

            return let
        if k == "assign":
            var = scope.vars.get(st.name or "")
            if var is None:
                raise UnsupportedConstruct(f"assignment to `{st.name}`, which is not a `let mut` variable")
            assert st.expr is not None
            vc, vt = self.expr(_unwrap_pure(st.expr), scope, var.type)
            vc = self.coerce(vc, vt, var.type)
            ty.unify(var.type, vt)
            setter = _setter(scope.frame.depth - var.frame.depth, var.slot)
            rest = self._do_seq(stmts, i + 1, scope, rt, final)

            def assign(env: list) -> Any:
                setter(env, vc(env))
                return rest(env)

            return assign
        if k == "for":
            assert st.expr is not None and st.body is not None
            cc, ct = self.expr(st.expr, scope)
            el = ty.arg(ct) if ty.head(ct) in ("List", "Array", "Finset", "Multiset") else ty.TV()
            if st.pattern is not None:
                match, bsc = self.pattern(st.pattern, scope, el)
                body = self._do_seq(st.body.stmts, 0, bsc, rt, False)

                def bind(env: list, x: Any) -> None:
                    if not match(x, env):
                        raise LeanRuntimeError("a `for` pattern did not match")

            else:
                bsc, slot = scope.bind(st.name or "_", el)
                body = self._do_seq(st.body.stmts, 0, bsc, rt, False)

                def bind(env: list, x: Any, slot: int = slot) -> None:
                    env[slot] = x

            rest = self._do_seq(stmts, i + 1, scope, rt, final)
            budget = self.budget

            def for_(env: list) -> Any:
                for x in cc(env):
                    budget.tick()
                    bind(env, x)
                    try:
                        body(env)
                    except _DoContinue:
                        continue
                    except _DoBreak:
                        break
                return rest(env)

            return for_
        if k == "while":
            assert st.expr is not None and st.body is not None
            cond, _t = self.expr(st.expr, scope, ty.BOOL)
            body = self._do_seq(st.body.stmts, 0, scope, rt, False)
            rest = self._do_seq(stmts, i + 1, scope, rt, final)
            budget = self.budget

            def while_(env: list) -> Any:
                while cond(env):
                    budget.tick()
                    try:
                        body(env)
                    except _DoContinue:
                        continue
                    except _DoBreak:
                        break
                return rest(env)

            return while_
        if k == "if":
            assert st.expr is not None and st.body is not None
            value_here = last and final
            if st.let_pattern is not None:
                sc_val, svt = self.expr(st.expr, scope)
                match, tsc = self.pattern(st.let_pattern, scope, svt)
                then = self._do_seq(st.body.stmts, 0, tsc, rt, value_here)

                def test(env: list) -> bool:
                    return bool(match(sc_val(env), env))

            else:
                cond, _t = self.expr(st.expr, scope, ty.PROP)
                then = self._do_seq(st.body.stmts, 0, scope, rt, value_here)

                def test(env: list) -> bool:
                    return bool(cond(env))

            orelse = self._do_seq(st.orelse.stmts, 0, scope, rt, value_here) if st.orelse else _const(())
            if last:
                return lambda env: then(env) if test(env) else orelse(env)
            rest = self._do_seq(stmts, i + 1, scope, rt, final)

            def if_(env: list) -> Any:
                if test(env):
                    then(env)
                else:
                    orelse(env)
                return rest(env)

            return if_
        if k == "match":
            assert isinstance(st.expr, A.Match)
            value_here = last and final
            discr = [self.expr(d, scope) for d in st.expr.discrs]
            arms: list[tuple[list[Callable[[Any, list], bool]], Code]] = []
            for alt in st.expr.alts:
                if len(alt.patterns) != len(discr):
                    raise UnsupportedConstruct("match alternative with a different number of patterns")
                sc = scope
                matchers = []
                for pat, (_c, t) in zip(alt.patterns, discr, strict=True):
                    m, sc = self.pattern(pat, sc, t)
                    matchers.append(m)
                assert isinstance(alt.rhs, A.Do)
                arms.append((matchers, self._do_seq(alt.rhs.stmts, 0, sc, rt, value_here)))
            dcodes = [c for c, _ in discr]
            rest = None if last else self._do_seq(stmts, i + 1, scope, rt, final)
            line = st.line

            def match_(env: list) -> Any:
                vs = [d(env) for d in dcodes]
                for ms, body in arms:
                    if all(m(v, env) for m, v in zip(ms, vs, strict=True)):
                        out = body(env)
                        return out if rest is None else rest(env)
                raise LeanRuntimeError(f"line {line}: no match alternative")

            return match_
        if k == "return":
            assert st.expr is not None
            vc, vt = self.expr(_unwrap_pure(st.expr), scope, rt)
            vc = self.coerce(vc, vt, rt)
            ty.unify(rt, vt)

            def ret(env: list) -> Any:
                raise _DoReturn(vc(env))

            return ret
        if k == "break":
            return _raiser(_DoBreak())
        if k == "continue":
            return _raiser(_DoContinue())
        if k == "skip":
            return self._do_seq(stmts, i + 1, scope, rt, final)
        assert st.expr is not None
        if last and final:
            vc, vt = self.expr(_unwrap_pure(st.expr), scope, rt)
            vc = self.coerce(vc, vt, rt)
            ty.unify(rt, vt)
            return vc
        vc, _vt = self.expr(_unwrap_pure(st.expr), scope)
        if last:
            return vc
        rest = self._do_seq(stmts, i + 1, scope, rt, final)
        return lambda env: (vc(env), rest(env))[1]

    def c_SetComp(self, node: A.SetComp, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        if node.domain is None:
            raise UnsupportedConstruct("set-builder {x | p} as a value (membership in it is decided)")
        # `{x ∈ s | p x}` is `s.filter p` (Mathlib's Finset/Set separation)
        dc, dt = self.expr(node.domain, scope)
        head = ty.head(dt)
        if head not in ("List", "Array", "Finset", "Set", "Multiset"):
            raise UnsupportedConstruct(f"separation {{x ∈ s | p}} over a {head}")
        sc, slot = scope.bind(node.name, ty.arg(dt))
        pc, _pt = self.expr(node.pred, sc, ty.PROP)

        def sep(env: list) -> tuple:
            out = []
            for x in dc(env):
                env[slot] = x
                if pc(env):
                    out.append(x)
            return tuple(out)

        return sep, ty.T("Finset" if head in ("List", "Array") else head, (ty.arg(dt),))

    def c_CollLit(self, node: A.CollLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        head = ty.head(expected) if expected is not None else None
        if head == "HashMap" and not node.elems:
            assert expected is not None
            return _const(LHashMap()), expected  # `{}` : EmptyCollection
        if head in self.structs and not node.elems:
            return self.c_StructInst(A.StructInst(node.line, node.col, []), scope, expected)  # `{}`: all defaults
        if head not in ("Finset", "Set", "Multiset", "List"):
            head = "Finset"
        el = ty.arg(expected) if expected is not None and ty.head(expected) == head else None
        codes, el = self._elems(node.elems, scope, el)

        def build(env: list) -> tuple:
            # `{a, b, c}` = insert a (insert b {c}); insert skips present elements except in a Multiset
            out: list = []
            for c in reversed(codes):
                x = c(env)
                if head == "Multiset" or x not in out:
                    out.insert(0, x)
            return tuple(out)

        return build, ty.T(head, (el,))

    def c_ListLit(self, node: A.ListLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        el = ty.arg(expected) if expected is not None and ty.head(expected) in ("List", "Finset") else None
        codes, el = self._elems(node.elems, scope, el)
        if not codes:
            return _const(()), ty.list_t(el)
        return (lambda env: tuple([c(env) for c in codes])), ty.list_t(el)

    def c_ArrayLit(self, node: A.ArrayLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        el = ty.arg(expected) if expected is not None and ty.head(expected) == "Array" else None
        codes, el = self._elems(node.elems, scope, el)
        return (lambda env: LArray([c(env) for c in codes])), ty.array_t(el)

    def _elems(self, elems: list[A.Node], scope: Scope, el: ty.Type | None) -> tuple[list[Code], ty.Type]:
        if el is None:
            # elaborate like a binop% tree so that `[1, -1]` is a List Int
            numeric = all(
                isinstance(e, (A.NumLit, A.FloatLit)) or (isinstance(e, A.UnOp) and e.op == "-") for e in elems
            )
            if numeric and elems:
                compiled, top = self._tree_type(list(elems), scope, None)
                return [compiled[id(e)][0] for e in elems], top
            el = ty.TV()
        codes = []
        for e in elems:
            c, t = self.expr(e, scope, el)
            c = self.coerce(c, t, el)
            ty.unify(el, t)
            codes.append(c)
        return codes, el

    def c_Index(self, node: A.Index, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        cc, ct = self.expr(node.coll, scope)
        h = ty.head(ct)
        if h == "HashMap":
            from specbridge.lean.stdlib.hashes import _map_get_d, _map_get_opt

            pt = ty.prune(ct)
            assert isinstance(pt, ty.T)
            kt, vt = pt.args
            kc, _kt = self.expr(node.index, scope, kt)
            if node.mode == "?":
                return (lambda env: _map_get_opt(cc(env), kc(env))), ty.option_t(vt)
            return (lambda env: _map_get_d(cc(env), kc(env), default_of(vt))), vt
        if h in ("List", "Array"):
            el = ty.arg(ct)
        elif h is None:
            el = ty.TV()
        else:
            raise UnsupportedConstruct(f"indexing a {h}")
        ic, it = self.expr(node.index, scope, ty.NAT)
        if node.mode == "?":
            if expected is not None:
                ty.unify(ty.option_t(el), expected)

            def get_opt(env: list) -> Any:
                c = cc(env)
                i = ic(env)
                if 0 <= i < len(c):
                    return Some(c[i])
                return NONE

            return get_opt, ty.option_t(el)
        if expected is not None:
            ty.unify(el, expected)
        elt = el

        def get(env: list) -> Any:
            c = cc(env)
            i = ic(env)
            if 0 <= i < len(c):
                return c[i]
            return default_of(elt)

        return get, el

    def c_Ascribe(self, node: A.Ascribe, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        if node.type is None:
            return self.expr(node.expr, scope)
        t = ty.from_ast(node.type, {})
        c, ct = self.expr(node.expr, scope, t)
        c = self.coerce(c, ct, t)
        ty.unify(t, ct)
        return c, t

    def c_If(self, node: A.If, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        if node.let_pattern is not None:
            alts = [
                A.MatchAlt(node.line, node.col, [node.let_pattern], node.then),
                A.MatchAlt(node.line, node.col, [A.Hole(node.line, node.col)], node.orelse),
            ]
            return self.c_Match(A.Match(node.line, node.col, [node.cond], alts), scope, expected)
        cond, _ = self.expr(node.cond, scope, ty.PROP)
        sc = scope
        if node.hyp:
            sc, _slot = scope.bind(node.hyp, ty.PROP)
        a, at = self.expr(node.then, sc, expected)
        b, bt = self.expr(node.orelse, sc, expected if expected is not None else at)
        ty.unify(at, bt)
        return (lambda env: a(env) if cond(env) else b(env)), at

    def c_Let(self, node: A.Let, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        value = node.value
        if node.binders:
            value = A.Lam(node.line, node.col, node.binders, value)
            decl_t: ty.Type | None = None
            if node.type is not None:
                rt = ty.from_ast(node.type, {})
                ps = [ty.from_ast(b.type, {}) for b in node.binders if b.kind == "explicit"]
                decl_t = ty.fun_t(ps, rt)
        else:
            decl_t = ty.from_ast(node.type, {}) if node.type is not None else None
        vc, vt = self.expr(value, scope, decl_t)
        if decl_t is not None:
            vc = self.coerce(vc, vt, decl_t)
            ty.unify(decl_t, vt)
            vt = decl_t
        if node.pattern is not None:
            alts = [A.MatchAlt(node.line, node.col, [node.pattern], node.body)]
            return self._match_code_compiled([(vc, vt)], alts, scope, expected, node)
        if node.name is None:
            return self.expr(node.body, scope, expected)
        sc, slot = scope.bind(node.name, vt)
        bc, bt = self.expr(node.body, sc, expected)

        def let(env: list) -> Any:
            env[slot] = vc(env)
            return bc(env)

        return let, bt

    def c_LetRec(self, node: A.LetRec, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        sc = scope
        slots = []
        types_ = []
        for d in node.defs:
            tvars: dict[str, ty.TV] = {}
            ps = [ty.from_ast(b.type, tvars) for b in d.binders if b.kind == "explicit"]
            rt = ty.from_ast(d.type, tvars)
            if d.alts:
                for _ in range(len(d.alts[0].patterns)):
                    r = ty.prune(rt)
                    if isinstance(r, ty.T) and r.name == "→":
                        ps.append(r.args[0])
                        rt = r.args[1]
                    else:
                        ps.append(ty.TV())
            ft = ty.fun_t(ps, rt)
            sc, slot = sc.bind(d.name, ft)
            slots.append(slot)
            types_.append(ft)
        makers = []
        for d, ft in zip(node.defs, types_, strict=True):
            explicit = [b for b in d.binders if b.kind == "explicit"]
            if d.alts:
                if explicit:
                    if any(b.name is None or b.pattern is not None for b in explicit):
                        raise UnsupportedConstruct("let rec with pattern binders and equations")
                    # `let rec f (a : T) : U → V | pats => …`: the binders become variable patterns
                    alts = [
                        A.MatchAlt(
                            alt.line,
                            alt.col,
                            [*(A.Ident(b.line, b.col, b.name or "_") for b in explicit), *alt.patterns],
                            alt.rhs,
                        )
                        for alt in d.alts
                    ]
                    lam: A.Node = A.FunMatch(d.line, d.col, alts)
                else:
                    lam = A.FunMatch(d.line, d.col, d.alts)
            else:
                assert d.body is not None
                if not explicit and not isinstance(d.body, (A.Lam, A.FunMatch)):
                    mc, _ = self.expr(d.body, sc, ft)
                    makers.append(mc)
                    continue
                lam = d.body if not explicit else A.Lam(d.line, d.col, explicit, d.body)
            assert isinstance(lam, (A.Lam, A.FunMatch))
            mc, _ = self.c_lambda(lam, sc, ft, counted=True)
            makers.append(mc)
        bc, bt = self.expr(node.body, sc, expected)

        def letrec(env: list) -> Any:
            for s, m in zip(slots, makers, strict=True):
                env[s] = m(env)
            return bc(env)

        return letrec, bt

    # functions ---------------------------------------------------------------------------------------------------
    def c_Lam(self, node: A.Lam, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return self.c_lambda(node, scope, expected)

    def c_FunMatch(self, node: A.FunMatch, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return self.c_lambda(node, scope, expected)

    def c_lambda(
        self, node: A.Lam | A.FunMatch, scope: Scope, expected: ty.Type | None, counted: bool = False
    ) -> tuple[Code, ty.Type]:
        inner = scope.child_frame()
        frame = inner.frame
        exp = ty.prune(expected) if expected is not None else None
        param_types: list[ty.Type] = []
        pattern_binders: list[tuple[int, A.Node, ty.Type]] = []
        if isinstance(node, A.Lam):
            binders = [b for b in node.binders if b.kind == "explicit"]
        else:
            binders = [A.Binder(node.line, node.col, None) for _ in node.alts[0].patterns]
        for b in binders:
            if isinstance(exp, ty.T) and exp.name == "→":
                pt: ty.Type = exp.args[0]
                exp = ty.prune(exp.args[1])
            else:
                pt = ty.TV()
                exp = None
            if b.type is not None:
                declared = ty.from_ast(b.type, {})
                ty.unify(pt, declared)
                pt = declared
            param_types.append(pt)
            if b.pattern is not None:
                slot = frame.alloc()
                pattern_binders.append((slot, b.pattern, pt))
            elif b.name:
                inner, _ = inner.bind(b.name, pt)
            else:
                frame.alloc()
        ret_exp = exp
        k = len(binders)
        if isinstance(node, A.FunMatch):
            discr = [(_getter(0, i + 1), t) for i, t in enumerate(param_types)]
            body, rt = self._match_code_compiled(discr, node.alts, inner, ret_exp, node)
        elif pattern_binders:
            # fun (a, b) => body  ==  fun x => match x with | (a, b) => body
            discr = [(_getter(0, s), t) for s, _p, t in pattern_binders]
            alt = A.MatchAlt(node.line, node.col, [p for _s, p, _t in pattern_binders], node.body)
            body, rt = self._match_code_compiled(discr, [alt], inner, ret_exp, node)
        else:
            body, rt = self.expr(node.body, inner, ret_exp)
        if ret_exp is not None:
            ty.unify(ret_exp, rt)
        fun_type = ty.fun_t(param_types, rt)
        budget = self.budget
        pad = frame.nslots - 1 - k

        if counted:

            def enter() -> None:
                budget.depth += 1
                if budget.depth > budget.max_depth:
                    budget.depth = 0
                    raise EvaluationLimit("recursion depth", f"more than {budget.max_depth} nested calls")

            def run(env: list) -> Any:
                enter()
                try:
                    return body(env)
                finally:
                    budget.depth -= 1

        else:
            run = body
        if k == 1:

            def mk1(env: list) -> Fn:
                def call(a: Any) -> Any:
                    budget.n -= 1
                    if budget.n <= 0:
                        budget.tick()
                    e = [env, a]
                    if pad:
                        e.extend([None] * pad)
                    return run(e)

                return Fn(1, call)

            return mk1, fun_type
        if k == 2:

            def mk2(env: list) -> Fn:
                def call(a: Any, b: Any) -> Any:
                    budget.n -= 1
                    if budget.n <= 0:
                        budget.tick()
                    e = [env, a, b]
                    if pad:
                        e.extend([None] * pad)
                    return run(e)

                return Fn(2, call)

            return mk2, fun_type

        def mkn(env: list) -> Fn:
            def call(*args: Any) -> Any:
                budget.n -= 1
                if budget.n <= 0:
                    budget.tick()
                e = [env, *args]
                if pad:
                    e.extend([None] * pad)
                return run(e)

            return Fn(k, call)

        if k == 0:
            return (lambda env: run([env] + [None] * pad)), rt
        return mkn, fun_type

    # pattern matching ----------------------------------------------------------------------------------------------
    def c_Match(self, node: A.Match, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        discr = [self.expr(d, scope) for d in node.discrs]
        sc = scope
        for h in node.hyps:
            if h:
                sc, _ = sc.bind(h, ty.PROP)
        return self._match_code_compiled(discr, node.alts, sc, expected, node)

    def _match_code(
        self,
        discr: list[tuple[Code, ty.Type]],
        alts: list[A.MatchAlt],
        scope: Scope,
        expected: ty.Type | None,
        node: A.Node,
    ) -> Code:
        code, rt = self._match_code_compiled(discr, alts, scope, expected, node)
        if expected is not None:
            ty.unify(expected, rt)
        return code

    def _match_code_compiled(
        self,
        discr: list[tuple[Code, ty.Type]],
        alts: list[A.MatchAlt],
        scope: Scope,
        expected: ty.Type | None,
        node: A.Node,
    ) -> tuple[Code, ty.Type]:
        compiled_alts: list[tuple[list[Callable[[Any, list], bool]], Code]] = []
        rt: ty.Type = expected if expected is not None else ty.TV()
        for alt in alts:
            if len(alt.patterns) != len(discr):
                raise UnsupportedConstruct("match alternative with a different number of patterns")
            sc = scope
            matchers = []
            for p, (_c, t) in zip(alt.patterns, discr, strict=True):
                m, sc = self.pattern(p, sc, t)
                matchers.append(m)
            rc, t2 = self.expr(alt.rhs, sc, rt)
            ty.unify(rt, t2)
            compiled_alts.append((matchers, rc))
        dcodes = [c for c, _ in discr]
        line = node.line
        if len(dcodes) == 1:
            d0 = dcodes[0]
            single = [(ms[0], rc) for ms, rc in compiled_alts]

            def match1(env: list) -> Any:
                v = d0(env)
                for m, rc in single:
                    if m(v, env):
                        return rc(env)
                raise LeanRuntimeError(f"line {line}: no match alternative for {render(v)}")

            return match1, rt

        def matchn(env: list) -> Any:
            vs = [d(env) for d in dcodes]
            for ms, rc in compiled_alts:
                if all(m(v, env) for m, v in zip(ms, vs, strict=True)):
                    return rc(env)
            raise LeanRuntimeError(f"line {line}: no match alternative")

        return matchn, rt

    def pattern(self, p: A.Node, scope: Scope, t: ty.Type) -> tuple[Callable[[Any, list], bool], Scope]:
        """Compile a pattern against a value of type `t`; binds variables in the current frame."""
        if isinstance(p, A.Hole):
            return (lambda v, env: True), scope
        if isinstance(p, A.Ascribe):
            if p.type is not None:
                ty.unify(t, ty.from_ast(p.type, {}))
            return self.pattern(p.expr, scope, t)
        if isinstance(p, A.Ident):
            c = self._ctor_const(p.name, t)
            if c is not _NO_CTOR:
                val = c
                if val is None:
                    return (lambda v, env: v is None), scope
                return (lambda v, env: v == val and type(v) is type(val)), scope
            if p.name.startswith(".") or "." in p.name:
                raise UnsupportedConstruct(f"constructor pattern {p.name}")
            sc, slot = scope.bind(p.name, t)

            def bind(v: Any, env: list) -> bool:
                env[slot] = v
                return True

            return bind, sc
        if isinstance(p, A.NumLit):
            val = p.value
            return (lambda v, env: v == val), scope
        if isinstance(p, A.UnOp) and p.op == "-" and isinstance(p.arg, A.NumLit):
            val = -p.arg.value
            return (lambda v, env: v == val), scope
        if isinstance(p, (A.StrLit, A.CharLit)):
            sval = p.value
            return (lambda v, env: v == sval), scope
        if isinstance(p, A.ListLit):
            et = ty.TV()
            ty.unify(t, ty.list_t(et))
            et = ty.arg(t) if ty.head(t) == "List" else et
            ms = []
            sc = scope
            for e in p.elems:
                m, sc = self.pattern(e, sc, et)
                ms.append(m)
            n = len(ms)

            def mlist(v: Any, env: list) -> bool:
                return len(v) == n and all(m(x, env) for m, x in zip(ms, v, strict=True))

            return mlist, sc
        if isinstance(p, A.ArrayLit):
            et = ty.TV()
            ty.unify(t, ty.array_t(et))
            ms = []
            sc = scope
            for e in p.elems:
                m, sc = self.pattern(e, sc, et)
                ms.append(m)
            n = len(ms)
            return (lambda v, env: len(v) == n and all(m(x, env) for m, x in zip(ms, v, strict=True))), sc
        if isinstance(p, A.BinOp) and p.op == "::":
            et = ty.TV()
            ty.unify(t, ty.list_t(et))
            et = ty.arg(t) if ty.head(t) == "List" else et
            mh, sc = self.pattern(p.lhs, scope, et)
            mt, sc = self.pattern(p.rhs, sc, t)

            def mcons(v: Any, env: list) -> bool:
                return len(v) > 0 and mh(v[0], env) and mt(v[1:], env)

            return mcons, sc
        if isinstance(p, A.BinOp) and p.op == "+" and isinstance(p.rhs, A.NumLit):
            k = p.rhs.value
            if ty.head(t) is None:
                ty.unify(t, ty.NAT)
            m, sc = self.pattern(p.lhs, scope, t)
            return (lambda v, env: v >= k and m(v - k, env)), sc
        if isinstance(p, (A.Anon, A.Tuple)) and ty.head(t) == "Subtype" and len(p.elems) == 2:
            # ⟨x, hx⟩ against an attached element: x is the value, hx its (unused) membership proof
            pt = ty.prune(t)
            assert isinstance(pt, ty.T)
            mv, sc = self.pattern(p.elems[0], scope, pt.args[0])
            mp, sc = self.pattern(p.elems[1], sc, ty.PROP)
            return (lambda v, env: mv(v, env) and mp(True, env)), sc
        if isinstance(p, A.Anon) and ty.head(t) in self.structs:
            sname = ty.head(t)
            assert sname is not None
            ftypes = self.field_types(sname, t)
            if len(p.elems) != len(ftypes):
                raise UnsupportedConstruct(f"pattern ⟨…⟩ for {sname} with {len(p.elems)} fields")
            ms = []
            sc = scope
            for e, ft in zip(p.elems, ftypes, strict=True):
                m, sc = self.pattern(e, sc, ft)
                ms.append(m)
            return (lambda v, env: all(m(x, env) for m, x in zip(ms, v.vals, strict=True))), sc
        if isinstance(p, (A.Tuple, A.Anon)):
            elems = p.elems
            if isinstance(p, A.Anon) and len(elems) != 2 and ty.head(t) != "Prod":
                if len(elems) >= 1:
                    return self.pattern(elems[0], scope, t)
            if len(elems) == 1:
                return self.pattern(elems[0], scope, t)
            a, b = ty.TV(), ty.TV()
            ty.unify(t, ty.prod_t(a, b))
            if ty.head(t) == "Prod":
                a, b = ty.arg(t, 0), ty.arg(t, 1)
            ma, sc = self.pattern(elems[0], scope, a)
            rest = elems[1] if len(elems) == 2 else A.Tuple(p.line, p.col, elems[1:])
            mb, sc = self.pattern(rest, sc, b)
            return (lambda v, env: ma(v.fst, env) and mb(v.snd, env)), sc
        if isinstance(p, A.App) and isinstance(p.fn, A.Ident):
            name = p.fn.name
            if name == "@as":
                var = p.args[0]
                assert isinstance(var, A.Ident)
                sc, slot = scope.bind(var.name, t)
                m, sc = self.pattern(p.args[1], sc, t)

                def mas(v: Any, env: list) -> bool:
                    env[slot] = v
                    return m(v, env)

                return mas, sc
            if name in ("some", ".some", "Option.some") and len(p.args) == 1:
                et = ty.TV()
                ty.unify(t, ty.option_t(et))
                et = ty.arg(t) if ty.head(t) == "Option" else et
                m, sc = self.pattern(p.args[0], scope, et)
                return (lambda v, env: v is not None and m(v.val, env)), sc
            if name in ("List.cons", ".cons") and len(p.args) == 2:
                return self.pattern(A.BinOp(p.line, p.col, "::", p.args[0], p.args[1]), scope, t)
            if name in ("Nat.succ", ".succ") and len(p.args) == 1:
                return self.pattern(A.BinOp(p.line, p.col, "+", p.args[0], A.NumLit(p.line, p.col, 1)), scope, t)
            if name in ("Prod.mk", ".mk") and len(p.args) == 2:
                return self.pattern(A.Tuple(p.line, p.col, p.args), scope, t)
            if name in ("Int.ofNat", ".ofNat") and len(p.args) == 1:
                m, sc = self.pattern(p.args[0], scope, ty.NAT)
                return (lambda v, env: v >= 0 and m(v, env)), sc
            if name in ("Int.negSucc", ".negSucc") and len(p.args) == 1:
                m, sc = self.pattern(p.args[0], scope, ty.NAT)
                return (lambda v, env: v < 0 and m(-v - 1, env)), sc
            full = self.ctor_name(name, t)
            if full is not None:
                ftypes, it = self.ctor_sig(full)
                ty.unify(t, it)
                if len(p.args) != len(ftypes):
                    raise UnsupportedConstruct(f"constructor pattern {name} with {len(p.args)} of {len(ftypes)} fields")
                ms = []
                sc = scope
                for e, ft in zip(p.args, ftypes, strict=True):
                    m, sc = self.pattern(e, sc, ft)
                    ms.append(m)
                cname = self.ctors[full][1]

                def mctor(v: Any, env: list) -> bool:
                    return (
                        isinstance(v, Ctor)
                        and v.ctor == cname
                        and all(m(x, env) for m, x in zip(ms, v.vals, strict=True))
                    )

                return mctor, sc
            raise UnsupportedConstruct(f"constructor pattern {name}")
        raise UnsupportedConstruct(f"pattern {type(p).__name__}")

    def _ctor_const(self, name: str, t: ty.Type) -> Any:
        if name in ("none", ".none", "Option.none"):
            ty.unify(t, ty.option_t(ty.TV()))
            return None
        if name in ("true", "Bool.true"):
            return True
        if name in ("false", "Bool.false"):
            return False
        if name in ("List.nil", ".nil"):
            return ()
        if name in ("Nat.zero", ".zero"):
            return 0
        if name in ("True",):
            return True
        if name in ("False",):
            return False
        full = self.ctor_name(name, t)
        if full is not None:
            ftypes, it = self.ctor_sig(full)
            if not ftypes:
                ty.unify(t, it)
                ind, cname, _a = self.ctors[full]
                return Ctor(ind.name, cname, ())
        for o in ("lt", "eq", "gt"):  # Ordering values are the strings "lt" / "eq" / "gt" (see stdlib.core)
            if name in (f"Ordering.{o}", f".{o}") and ty.head(t) in ("Ordering", None):
                ty.unify(t, ty.T("Ordering"))
                return o
        return _NO_CTOR

    # quantifiers ---------------------------------------------------------------------------------------------------
    def c_Pi(self, node: A.Pi, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        b = node.binder
        if b.type is not None and ty.is_type_expr(b.type):
            q = A.Quant(node.line, node.col, "forall", [b], node.body)
            return self.c_Quant(q, scope, expected)
        hyp, _ = self.expr(b.type, scope, ty.PROP) if b.type is not None else (_const(True), ty.PROP)
        sc = scope
        if b.name:
            sc, _slot = scope.bind(b.name, ty.PROP)
        body, _ = self.expr(node.body, sc, ty.PROP)
        return (lambda env: (not hyp(env)) or bool(body(env))), ty.PROP

    def c_Quant(self, node: A.Quant, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        from specbridge.lean.quant import compile_quantifier

        return compile_quantifier(self, node, scope)

    def c_BigOp(self, node: A.BigOp, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        b = node.binder
        bt = ty.from_ast(b.type, {}) if b.type is not None else ty.TV()
        if node.domain is not None:
            dc, dt = self.expr(node.domain, scope)
            ty.unify(bt, ty.arg(dt))
        elif node.bound is not None:
            ty.unify(bt, ty.NAT)
            bc, _ = self.expr(node.bound, scope, ty.NAT)
            incl = node.bound_op == "≤"
            dc = (lambda env: range(bc(env) + 1)) if incl else (lambda env: range(bc(env)))
        else:
            raise UnsupportedConstruct("big operator over a type")
        sc, slot = scope.bind(b.name or "_", bt)
        body, rt = self.expr(node.body, sc, expected)
        h = ty.head(rt)
        if h is None:
            ty.unify(rt, ty.NAT)
            h = "Nat"
        add = self.arith(h)["+"] if h in ty.NUMERIC else None
        mul = self.arith(h)["*"] if h in ty.NUMERIC else None
        if add is None or mul is None:
            raise UnsupportedConstruct(f"big operator over {h}")
        is_sum = node.op == "sum"
        budget = self.budget

        def big(env: list) -> Any:
            acc: Any = 0 if is_sum else 1
            if h == "Float":
                acc = float(acc)
            for x in dc(env):
                budget.n -= 1
                if budget.n <= 0:
                    budget.tick()
                env[slot] = x
                acc = add(acc, body(env)) if is_sum else mul(acc, body(env))
            return acc

        return big, rt


_NO_CTOR = object()


_OTHER_MONADS = frozenset(
    ["Option", "Except", "IO", "EIO", "StateM", "StateT", "ReaderT", "ExceptT", "EStateM", "List"]
)


class _DoReturn(Exception):  # noqa: N818 - control flow, not an error
    def __init__(self, value: Any):
        super().__init__()
        self.value = value


class _DoBreak(Exception):  # noqa: N818
    pass


class _DoContinue(Exception):  # noqa: N818
    pass


def _unwrap_pure(e: A.Node) -> A.Node:
    """`pure e` / `return e` in the Id monad is `e`."""
    if (
        isinstance(e, A.App)
        and isinstance(e.fn, A.Ident)
        and e.fn.name in ("pure", "return", "Pure.pure")
        and len(e.args) == 1
    ):
        return e.args[0]
    return e


def _setter(depth: int, slot: int) -> Callable[[list, Any], None]:
    def set_(env: list, v: Any) -> None:
        for _ in range(depth):
            env = env[0]
        env[slot] = v

    return set_


def _set_eq(x: Any, y: Any) -> bool:
    if isinstance(x, tuple) and isinstance(y, tuple):
        return all(v in y for v in x) and all(v in x for v in y)
    return x == y


def _perm_eq(x: Any, y: Any) -> bool:
    from specbridge.lean.stdlib.lists import is_perm

    if isinstance(x, tuple) and isinstance(y, tuple):
        return is_perm(x, y)
    return x == y


def mk_list_value(items: list) -> tuple:
    return tuple(items)


__all__ = ["Budget", "Compiler", "Undecided", "int_ediv", "int_emod", "mk_tuple"]
