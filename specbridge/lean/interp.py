"""Compile the Lean AST of a spec module to Python closures, once, then evaluate pre/postconditions quickly.

The compiler performs a light elaboration: every expression gets a type (declared binder types, library
signatures, unification through lambdas, Lean's `binop%` rule that lifts a Nat/Int arithmetic tree to the
maximal leaf type). The type picks the semantics Lean would: Nat subtraction truncates, Int `/`/`%` are
`Int.ediv`/`Int.emod`, UInt8 wraps, Float is IEEE double. Spec text is only ever interpreted — no eval/exec.

The compiler is split by concern into the mixins of `specbridge.lean.compile`; the types it shares with
`quant.py` (limits, frames, scopes) live in the lower module `specbridge.lean.runtime`.
"""

from __future__ import annotations

from specbridge.lean.arith import int_ediv, int_emod
from specbridge.lean.compile.binders import BindersMixin
from specbridge.lean.compile.calls import CallsMixin
from specbridge.lean.compile.collections import CollectionsMixin
from specbridge.lean.compile.core import CoreMixin
from specbridge.lean.compile.do import DoMixin
from specbridge.lean.compile.operators import OperatorsMixin
from specbridge.lean.compile.patterns import PatternsMixin
from specbridge.lean.compile.structures import StructuresMixin
from specbridge.lean.runtime import Budget, FrameInfo, GlobalFn, Scope, Undecided, Var
from specbridge.lean.values import mk_tuple


class Compiler(
    CoreMixin,
    CallsMixin,
    StructuresMixin,
    OperatorsMixin,
    CollectionsMixin,
    DoMixin,
    BindersMixin,
    PatternsMixin,
):
    """Compiles one module (a spec's definitions) into callable Python functions."""


__all__ = [
    "Budget",
    "Compiler",
    "FrameInfo",
    "GlobalFn",
    "Scope",
    "Undecided",
    "Var",
    "int_ediv",
    "int_emod",
    "mk_tuple",
]
