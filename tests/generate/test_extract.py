"""Extraction of Lean specs from messy model output."""

from __future__ import annotations

import pytest

from specbridge.generate.extract import ExtractionError, extract_spec, rename_identifiers
from specbridge.tasks import Param, Signature

SIG = Signature(
    name="maxOf",
    params=(Param(name="xs", type="List Int"), Param(name="k", type="Nat")),
    return_type="Int",
)


def test_fenced_block_among_prose() -> None:
    out = """Here is the spec. The list must be non-empty.

```lean
def maxOf_precond (xs : List Int) (k : Nat) : Prop :=
  xs ≠ []

def maxOf_postcond (xs : List Int) (k : Nat) (result : Int) (h_precond : maxOf_precond xs k) : Prop :=
  result ∈ xs ∧ ∀ x ∈ xs, x ≤ result
```
Hope this helps!"""
    spec = extract_spec(out, SIG)
    assert spec.precond == "xs ≠ []"
    assert spec.postcond == "result ∈ xs ∧ ∀ x ∈ xs, x ≤ result"
    assert spec.repairs == []
    assert "def maxOf_postcond (xs : List Int) (k : Nat) (result : Int)" in spec.spec_text
    assert "Hope" not in spec.spec_text


def test_unfenced_with_prose_and_aux() -> None:
    out = """Reasoning: we need a helper.
def isMax (m : Int) (xs : List Int) : Bool :=
  xs.all (fun x => x ≤ m)

Now the conditions:
def maxOf_precond (xs : List Int) (k : Nat) : Prop := True
def maxOf_postcond (xs : List Int) (k : Nat) (result : Int) : Prop :=
  isMax result xs = true
That's it."""
    spec = extract_spec(out, SIG)
    assert spec.aux.startswith("def isMax")
    assert "Now the conditions" not in spec.spec_text and "That's it" not in spec.spec_text
    assert spec.precond == "True"


def test_duplicate_definitions_keep_the_last() -> None:
    out = """```lean
def maxOf_postcond (xs : List Int) (k : Nat) (result : Int) : Prop := result = 0
```
Wait, that is wrong. Corrected:
```lean
def maxOf_postcond (xs : List Int) (k : Nat) (result : Int) : Prop := result ∈ xs
```"""
    spec = extract_spec(out, SIG)
    assert spec.postcond == "result ∈ xs"
    assert any("duplicate" in r for r in spec.repairs)
    assert any("True" in r for r in spec.repairs)  # no precondition given


def test_wrong_function_and_parameter_names_are_repaired() -> None:
    out = """```lean
@[reducible, simp]
def findMax_precond (l : List Int) (n : Nat) : Prop := l.length > n
@[reducible, simp]
def findMax_postcond (l : List Int) (n : Nat) (res : Int) (h : findMax_precond l n) : Prop :=
  res ∈ l ∧ n ≥ 0
```"""
    spec = extract_spec(out, SIG)
    assert spec.precond == "xs.length > k"
    assert spec.postcond == "result ∈ xs ∧ k ≥ 0"
    assert "findMax" not in spec.spec_text
    assert any("renamed `findMax_postcond`" in r for r in spec.repairs)


def test_swapped_parameter_names_rename_simultaneously() -> None:
    sig = Signature(name="f", params=(Param(name="a", type="Int"), Param(name="b", type="Int")), return_type="Int")
    out = "def f_postcond (b : Int) (a : Int) (result : Int) : Prop := result = b - a"
    assert extract_spec(out, sig).postcond == "result = a - b"


def test_wrong_types_are_an_error() -> None:
    out = "def maxOf_postcond (xs : Array Int) (k : Nat) (result : Int) : Prop := True"
    with pytest.raises(ExtractionError, match="type `Array Int`"):
        extract_spec(out, SIG)


def test_wrong_arity_is_an_error() -> None:
    out = "def maxOf_postcond (xs : List Int) (result : Int) : Prop := True"
    with pytest.raises(ExtractionError, match="takes 2 explicit parameter"):
        extract_spec(out, SIG)


def test_rename_capture_is_refused() -> None:
    out = "def maxOf_postcond (l : List Int) (k : Nat) (result : Int) : Prop := ∀ xs ∈ [l], result ∈ xs"
    with pytest.raises(ExtractionError, match="already used"):
        extract_spec(out, SIG)


def test_missing_postcondition_and_empty_output() -> None:
    with pytest.raises(ExtractionError, match="no `maxOf_postcond`"):
        extract_spec("I cannot do that.", SIG)
    with pytest.raises(ExtractionError, match="empty"):
        extract_spec("  ", SIG)


def test_theorems_and_implementation_are_dropped_and_calling_it_is_refused() -> None:
    out = """```lean
import Mathlib
def maxOf (xs : List Int) (k : Nat) : Int := 0
def maxOf_postcond (xs : List Int) (k : Nat) (result : Int) : Prop := result ∈ xs
theorem maxOf_spec : True := by trivial
```"""
    spec = extract_spec(out, SIG)
    assert "theorem" not in spec.spec_text and "import" not in spec.spec_text
    assert "def maxOf (" not in spec.spec_text
    bad = "def maxOf_postcond (xs : List Int) (k : Nat) (result : Int) : Prop := result = maxOf xs k"
    with pytest.raises(ExtractionError, match="refers to the function"):
        extract_spec(bad, SIG)


def test_rename_identifiers_respects_boundaries() -> None:
    text = "x + x2 + List.x + x' + x.length + (x)"
    assert rename_identifiers(text, {"x": "y"}) == "y + x2 + List.x + x' + y.length + (y)"


def test_every_verina_reference_spec_round_trips(verina_dev) -> None:
    from specbridge.datasets import load_dataset
    from specbridge.tasks import render_spec_source

    for task in load_dataset(verina_dev).tasks:
        source = render_spec_source(task.signature, task.reference)
        spec = extract_spec(source, task.signature)
        assert spec.spec_text.replace("\n\n", "\n") == source.replace("\n\n", "\n"), task.id


def test_indented_block_abbrev_and_crlf() -> None:
    out = (
        "Answer:\r\n```lean4\r\n    abbrev maxOf_precond (xs : List Int) (k : Nat) : Prop := True\r\n"
        "    noncomputable def maxOf_postcond (xs : List Int) (k : Nat) (result : Int) : Prop :=\r\n"
        "      result ∈ xs\r\n```\r\n"
    )
    spec = extract_spec(out, SIG)
    assert spec.precond == "True" and spec.postcond == "result ∈ xs"


def test_a_name_is_read_after_a_negation_but_not_as_part_of_another_name() -> None:
    from specbridge.generate.extract import mentions, unread_inputs

    assert mentions("!s.isEmpty", "s") and mentions('¬(s = "")', "s")
    assert not mentions("xs.get!", "xs.get") and not mentions("a.s", "s") and not mentions("xs", "s")
    assert unread_inputs("(!s.isEmpty) && t.isEmpty", ["s", "t"]) == 0
