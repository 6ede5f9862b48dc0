"""The interpreter's module structure: one Nat subtraction, no interp<->quant cycle, the façade still exports."""

from __future__ import annotations

import subprocess
import sys

import pytest
from lean_helpers import ev

from specbridge.lean import arith
from specbridge.lean.stdlib import REGISTRY


@pytest.mark.parametrize(
    ("term", "value"),
    [
        ("(3 : Nat) - 5", 0),
        ("(5 : Nat) - 3", 2),
        ("(5 : Nat) - 5", 0),
        ("Nat.sub 3 5", 0),
        ("Nat.sub 9 4", 5),
        ("(fun (a b : Nat) => a - b) 2 7", 0),  # a run-time typed tree
        ("[3, 1].map (· - 2)", None),
    ],
)
def test_nat_subtraction_truncates_through_every_path(term: str, value: int | None) -> None:
    if value is None:
        assert ev(term, "List Nat") == (1, 0)
    else:
        assert ev(term, "Nat") == value


def test_nat_sub_has_one_implementation() -> None:
    # the builtin `Nat.sub` is the very function the `-` operator uses
    assert REGISTRY["Nat.sub"].impl is arith.nat_sub
    assert arith.nat_sub(2, 7) == 0 and arith.nat_sub(7, 2) == 5


def test_quant_imports_without_interp() -> None:
    # quant.py depends on the lower runtime module only: importing it first must not pull in the compiler
    code = "import sys, specbridge.lean.quant; print('specbridge.lean.interp' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_interp_facade_exports() -> None:
    from specbridge.lean.interp import Budget, Compiler, FrameInfo, Scope, Undecided

    assert issubclass(Undecided, Exception)
    assert all(callable(x) for x in (Budget, Compiler, FrameInfo, Scope))


@pytest.mark.parametrize(
    "name",
    [
        "List.sum'",  # invented helper
        "Int.emod_emod_of_dvd",  # a theorem, not a function
        "Nat.cast_ofNat",
        "List.head'",  # Lean 3 names
        "List.nth",
        "Nat.fact",
        "Char.isAlphaNum",  # Lean's name is Char.isAlphanum
        "Option.getWithDefault",
    ],
)
def test_names_lean_does_not_have_are_not_in_the_stdlib(name: str) -> None:
    assert "List.sum" in REGISTRY and "Char.isAlphanum" in REGISTRY  # the registry is loaded
    assert name not in REGISTRY
