"""The NLFP schema, its renderings, and the tolerant parser of model output."""

from __future__ import annotations

import pytest

from specbridge.nlfp import Clause, InputDomain, Plan, PlanParseError, parse_plan

PLAN = Plan(
    summary="Find the maximum of a non-empty list.",
    inputs=[InputDomain(name="xs", type="List Int", domain="non-empty")],
    guards=[Clause(text="the list is not empty", shape="xs ≠ []")],
    clauses=[
        Clause(text="the result is an element of the list", shape="result ∈ xs"),
        Clause(text="no element exceeds the result", shape="∀ x ∈ xs, x ≤ result"),
    ],
    edge_cases=["a single-element list: the result is that element"],
    vocabulary=["List.Mem", "List.maximum?"],
)


def test_markdown_round_trip() -> None:
    assert parse_plan(PLAN.to_markdown()) == PLAN


def test_json_round_trip_fenced_and_bare() -> None:
    assert parse_plan(PLAN.to_json()) == PLAN
    assert parse_plan(f"Here is my plan:\n```json\n{PLAN.to_json()}\n```\nDone.") == PLAN


def test_reordered_sections_other_heading_styles_and_prose() -> None:
    text = """Let me think about this carefully before writing anything.

**Postconditions**
1. The result belongs to the input. Formal: result ∈ xs
2. Every element is at most the result
   - shape: `∀ x ∈ xs, x ≤ result`

### Parameters
- xs (List Int): any non-empty list

Preconditions:
* `xs ≠ []` — the list must not be empty

Some closing remark that belongs to no section.
"""
    plan = parse_plan(text)
    assert [c.shape for c in plan.clauses] == ["result ∈ xs", "∀ x ∈ xs, x ≤ result"]
    assert plan.clauses[1].text == "Every element is at most the result"
    assert plan.inputs == [InputDomain(name="xs", type="List Int", domain="any non-empty list")]
    assert plan.guards[0].shape == "xs ≠ []"
    assert plan.summary.startswith("Let me think")


def test_missing_optional_sections_and_none_guards() -> None:
    plan = parse_plan("## Guards\n- none\n\n## Result\n- result = a + b")
    assert plan.guards == [] and plan.inputs == [] and plan.vocabulary == []
    assert plan.clauses == [Clause(text="result = a + b", shape="")]


def test_clear_errors() -> None:
    with pytest.raises(PlanParseError, match="empty"):
        parse_plan("")
    with pytest.raises(PlanParseError, match="no result clauses.*inputs"):
        parse_plan("## Inputs\n- `x : Nat`\n")
    with pytest.raises(PlanParseError, match="result section is empty"):
        parse_plan("## Result\n\n## Inputs\n- x")
    with pytest.raises(PlanParseError, match="bad field"):
        parse_plan('{"clauses": "not a list"}')


def test_describe_spec_reads_a_plan_back_from_lean() -> None:
    from specbridge.nlfp import describe_spec

    plan = describe_spec(
        [("xs", "List Int")],
        "List Int",
        "xs ≠ []",
        "let n := xs.length\nList.Pairwise (· ≤ ·) result ∧ List.isPerm xs result ∧ ∀ x ∈ result, x ≥ 0 ∧ x < n",
    )
    assert [g.text for g in plan.guards] == ["`xs` is non-empty"]
    assert [c.shape for c in plan.clauses] == [
        "let n := xs.length",
        "List.Pairwise (· ≤ ·) result",
        "List.isPerm xs result",
        "∀ x ∈ result, x ≥ 0 ∧ x < n",  # the ∧ under the binder stays in its clause
    ]
    assert plan.clauses[1].text == "`result` is sorted in non-decreasing order"
    assert "List.isPerm" in plan.vocabulary
    assert parse_plan(plan.to_markdown()) == plan
    implication = describe_spec([("a", "Int")], "Bool", "True", "a > 0 ∧ b → c")
    assert [c.shape for c in implication.clauses] == ["a > 0 ∧ b → c"]
    flagged = describe_spec([], "Bool", "True", "(result = true → p) ∧ (result = false → ¬ p)")
    assert flagged.clauses[0].text == "if the result is `true`, then `p`"
