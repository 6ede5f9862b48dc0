"""Charging built-ins' work to the evaluation budget, and refusing values too large to build.

The interpreter charges one step per call it makes; a built-in (`List.range`, `sublists`, `String.pushn`, `++`, …)
can do millions of elements of work in one call, so it charges that work here, in proportion, *before* doing it:
`charge(n)` takes n steps from the active budget (which checks the step limit and reads the clock as the
interpreter's own steps do), `check_size(n, what)` refuses to build a value of more than `max_size` elements or
characters (`EvaluationLimit("size")`), and `build(n, what)` does both for a value of n elements about to be
built. The active budget is the one last reset on this thread (each `Program.call` and test value resets its
own), so the stdlib needs no budget argument; with none active (a built-in called outside an evaluation) these
are no-ops.

The rate: an interpreter step costs about as much as copying `ELEMENTS_PER_STEP` elements in a built-in.
"""

from __future__ import annotations

import threading
from typing import Any

from specbridge.errors import EvaluationLimit

__all__ = [
    "DEFAULT_MAX_INT_BITS",
    "DEFAULT_MAX_SIZE",
    "ELEMENTS_PER_STEP",
    "activate",
    "build",
    "charge",
    "check_size",
    "max_int_bits",
    "max_size",
]

DEFAULT_MAX_SIZE = 5_000_000  # elements of a list/array, characters of a string, that one value may have
DEFAULT_MAX_INT_BITS = 1 << 16  # an integer's bits, with no evaluation active (settings.ComputableSettings' default)
ELEMENTS_PER_STEP = 8

_active = threading.local()


def activate(budget: Any) -> None:
    """Make `budget` (a runtime.Budget) the one built-ins on this thread charge."""
    _active.budget = budget


def _budget() -> Any:
    return getattr(_active, "budget", None)


def charge(steps: int) -> None:
    """Take `steps` evaluation steps from the active budget (raises EvaluationLimit on the step/time limit)."""
    b = getattr(_active, "budget", None)
    if b is not None and steps > 0:
        b.n -= steps
        if b.n <= 0:
            b.tick()


def max_size() -> int:
    b = _budget()
    return DEFAULT_MAX_SIZE if b is None else b.max_size


def max_int_bits() -> int:
    """The integer size limit in force (bits), as the interpreter's arithmetic checks it."""
    b = _budget()
    return DEFAULT_MAX_INT_BITS if b is None else b.max_bits


def check_size(n: int, what: str) -> int:
    """Refuse a value of `n` elements before it is allocated: `"a".pushn 'b' 10000000000` asks for 10 GB."""
    b = getattr(_active, "budget", None)
    limit = DEFAULT_MAX_SIZE if b is None else b.max_size
    if n > limit:
        raise EvaluationLimit("size", f"{what} of {n} elements (more than {limit})")
    return n


def build(n: int, what: str, budget: Any = None) -> int:
    """A built-in is about to build a value of `n` elements: refuse it when too large, charge the copying
    (to `budget` when the caller has it at hand, else to the active one)."""
    b = budget if budget is not None else getattr(_active, "budget", None)
    limit = DEFAULT_MAX_SIZE if b is None else b.max_size
    if n > limit:
        raise EvaluationLimit("size", f"{what} of {n} elements (more than {limit})")
    if b is not None and n >= ELEMENTS_PER_STEP:
        b.n -= n // ELEMENTS_PER_STEP
        if b.n <= 0:
            b.tick()
    return n
