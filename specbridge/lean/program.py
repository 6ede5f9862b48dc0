"""A compiled spec module plus the machinery to evaluate calls safely (limits, big stack, no escaping errors)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from specbridge.errors import IllTyped, LeanParseError, LeanRuntimeError, TestValueError, UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import types as ty
from specbridge.lean.elab import elaborate
from specbridge.lean.interp import Budget, Compiler, FrameInfo, Scope
from specbridge.lean.parser import parse_module, parse_term
from specbridge.settings import ComputableSettings

R = TypeVar("R")

# Deep Lean recursion becomes deep Python recursion: evaluate in a thread with a large stack and a recursion
# limit well above what the depth limit (ComputableSettings.max_depth) can reach, so the depth limit trips first.
_STACK_BYTES = 512 * 1024 * 1024
_RECURSION_LIMIT = 200_000
_executor: ThreadPoolExecutor | None = None
_executor_lock = threading.Lock()
_worker_ident: set[int] = set()


def _get_executor() -> ThreadPoolExecutor:
    global _executor
    with _executor_lock:
        if _executor is None:
            if sys.getrecursionlimit() < _RECURSION_LIMIT:
                sys.setrecursionlimit(_RECURSION_LIMIT)
            old = threading.stack_size()
            try:
                threading.stack_size(_STACK_BYTES)
                ex = ThreadPoolExecutor(max_workers=1, thread_name_prefix="specbridge-lean")
                ex.submit(lambda: _worker_ident.add(threading.get_ident())).result()
            finally:
                threading.stack_size(old)
            _executor = ex
        return _executor


def run_with_big_stack(fn: Callable[[], R]) -> R:
    """Run `fn` on the interpreter's large-stack worker thread (directly when already on it)."""
    if threading.get_ident() in _worker_ident:
        return fn()
    return _get_executor().submit(fn).result()


class Program:
    """A parsed and compiled spec module: call its definitions, evaluate Lean literals at a type."""

    def __init__(self, module: A.Module, settings: ComputableSettings | None = None, *, record_types: bool = False):
        self.settings = settings or ComputableSettings()
        s = self.settings
        self.budget = Budget(s.max_steps, s.max_depth, s.timeout, s.max_int_bits, s.search_bound, s.max_value_size)
        self.module = module
        # the elaboration stage: raises IllTyped / UnsupportedConstruct for the whole spec, before any call
        self.compiler = elaborate(module, self.budget, record_types=record_types)
        self._values: dict[tuple[str, str], Any] = {}

    @classmethod
    def from_source(
        cls, text: str, settings: ComputableSettings | None = None, *, record_types: bool = False
    ) -> Program:
        return cls(parse_module(text), settings, record_types=record_types)

    def type_of(self, node: A.Node) -> ty.Type | None:
        """The elaborated type of an expression of the module (needs `record_types`); None if never elaborated."""
        t = (self.compiler.node_types or {}).get(id(node))
        return None if t is None else ty.prune(t)

    def has(self, name: str) -> bool:
        return name in self.compiler.globals

    def arity(self, name: str) -> int:
        return self.compiler.globals[name].arity

    def param_types(self, name: str) -> list[ty.Type]:
        return self.compiler.globals[name].params

    def call(self, name: str, args: list[Any]) -> Any:
        """Call a definition of the module (limits reset per call). Raises the interpreter's errors."""
        g = self.compiler.globals.get(name)
        if g is None:
            raise LeanRuntimeError(f"the spec does not define `{name}`")
        self.budget.reset()
        return g.call(*args)

    def value(self, text: str, type_text: str) -> Any:
        """Evaluate a Lean literal (`#[1, 2]`, `some (0, 1)`, `-5`) at the type given as Lean text (cached)."""
        key = (text, type_text)
        if key in self._values:
            return self._values[key]
        v = evaluate_literal(text, type_text, self.compiler)
        self._values[key] = v
        return v


EXPRESSION = "__expression"  # the definition `expression_program` wraps an expression in


def expression_program(params: list[tuple[str, str]], text: str) -> tuple[Program, ty.Type] | None:
    """The expression `text` over parameters (name, Lean type) as the definition `EXPRESSION` of a program, and
    the type Lean elaborates for it; None when it does not elaborate (ill-typed, unparsable, unsupported) or
    names something nobody defines (it then elaborates to "anything")."""
    binders = " ".join(f"({name} : {type_text})" for name, type_text in params)
    try:
        program = Program.from_source(f"def {EXPRESSION} {binders} :=\n  {text}\n")
    except Exception:  # noqa: BLE001 - any refusal means: no type
        return None
    t = ty.prune(program.compiler.globals[EXPRESSION].result)
    if isinstance(t, ty.TV) and _numeral_typed(text):
        # Lean's default instance types an otherwise undetermined numeral as Nat (`2 ^ n`, `2 + 3`)
        return expression_program(params, f"({text} : Nat)")
    return None if isinstance(t, ty.TV) else (program, t)


_ARITHMETIC = frozenset({"+", "-", "*", "/", "%", "^"})


def _numeral_typed(text: str) -> bool:
    """Whether the type of the expression `text` is the type of a numeral in it: arithmetic whose leftmost
    operand is a numeral (the base of `2 ^ n`, the first summand of `2 + 3`)."""
    try:
        node = parse_term(text)
    except LeanParseError:
        return False
    while isinstance(node, A.BinOp) and node.op in _ARITHMETIC:
        node = node.lhs
    return isinstance(node, A.NumLit)


def expression_type(params: list[tuple[str, str]], text: str) -> ty.Type | None:
    """The type Lean elaborates for the expression `text` (see `expression_program`)."""
    got = expression_program(params, text)
    return None if got is None else got[1]


_LITERALS = threading.local()  # one empty program per thread: its budget is reset by every read


def _literal_program() -> Program:
    program = getattr(_LITERALS, "program", None)
    if program is None:
        program = _LITERALS.program = Program.from_source("")
    return program


def read_literal(text: str, type_text: str) -> Any:
    """The runtime value of the Lean literal `text` at the type `type_text`, outside any spec (made-up inputs,
    example outputs); raises as `Program.value` does. Not cached: callers read ever new literals."""
    return evaluate_literal(text, type_text, _literal_program().compiler)


def parse_type(type_text: str) -> ty.Type:
    try:
        return ty.from_ast(parse_term(type_text), {})
    except LeanParseError:
        return ty.TV()


# Literal kinds no coercion turns into another of these types (Lean rejects `3.5 : Int`, `[1] : Int`, `"a" : Nat`)
_LITERAL_KINDS = frozenset({"Nat", "Int", "Bool", "String", "Char", "Float", "List", "Array", "Option", "Prod"})
_NUMERIC_LITERALS = frozenset({"Nat", "Int"})  # a numeral elaborates at Nat or Int; leave those to the interpreter


def _check_literal_type(text: str, type_text: str, got: ty.Type, expected: ty.Type) -> None:
    """Refuse a test value of the wrong kind for its declared type: a dataset error, not the spec's fail."""
    have, want = ty.head(got), ty.head(expected)
    if have is None or want is None or have == want or have not in _LITERAL_KINDS or want not in _LITERAL_KINDS:
        return
    if have in _NUMERIC_LITERALS and want in _NUMERIC_LITERALS:
        return
    raise TestValueError(f"test value `{text}` is not a value of type `{type_text}` (it reads as {ty.show(got)})")


def evaluate_literal(text: str, type_text: str, compiler: Compiler) -> Any:
    """Parse and evaluate a test value in the expected type; raises LeanParseError / interpreter errors."""
    node = parse_term(text)
    expected = parse_type(type_text)
    frame = FrameInfo(0)
    scope = Scope({}, frame)
    try:
        code, got = compiler.expr(node, scope, expected)
    except IllTyped as exc:  # a test value of the wrong type is the dataset's error, not the spec's
        try:
            reads = f" (it reads as {ty.show(compiler.expr(node, Scope({}, FrameInfo(0)))[1])})"
        except IllTyped:
            reads = ""
        raise TestValueError(f"test value `{text}` is not a value of type `{type_text}`{reads}: {exc.message}") from exc
    _check_literal_type(text, type_text, got, expected)
    env: list = [None] * max(frame.nslots, 1)
    compiler.budget.reset()
    return code(env)


__all__ = [
    "EXPRESSION",
    "Program",
    "UnsupportedConstruct",
    "evaluate_literal",
    "expression_program",
    "expression_type",
    "parse_type",
    "read_literal",
    "run_with_big_stack",
]
