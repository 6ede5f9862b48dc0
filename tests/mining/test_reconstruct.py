"""Rules reconstruction: clauses and shapes from the typed spec, the plan, the decoder, the round trip."""

from __future__ import annotations

import pytest

from specbridge.lean.parser import parse_term
from specbridge.mining.clauses import abstract, span_of, split_body
from specbridge.mining.reconstruct import RulesReconstructor, decode_plan, rules_plan, typed_clauses
from specbridge.mining.roundtrip import check_round_trip
from specbridge.nlfp import parse_plan
from specbridge.tasks import Param, ReferenceSpec, Signature, Task
from specbridge.tasks import TestCase as Case

SIG = Signature(name="largest", params=(Param(name="xs", type="List Int"),), return_type="Int")
MAX = Task(
    id="max",
    requirement="Return the largest element of a non-empty list.",
    signature=SIG,
    reference=ReferenceSpec(precond="xs ≠ []", postcond="result ∈ xs ∧ ∀ x ∈ xs, x ≤ result"),
    tests=(Case(inputs={"xs": "[1, 5, 3]"}, expected="5", unexpected=("3", "7")),),
)


def test_split_body_keeps_lets_binders_and_comments_apart() -> None:
    body = "let n := xs.length -- the length\n(∀ i < n, xs[i]! ≤ result) ∧\n  result ∈ xs ∧ (a ∧ b)"
    lets, parts = split_body(body)
    assert [s.text for s in lets] == ["let n := xs.length"]
    assert [s.text for s in parts] == ["∀ i < n, xs[i]! ≤ result", "result ∈ xs", "a", "b"]
    lets, parts = split_body("A ∧ B → C")  # an implication as a whole is one clause
    assert [s.text for s in parts] == ["A ∧ B → C"]


def test_a_let_value_on_its_own_lines_gets_a_semicolon_only_where_lean_layout_ends_it() -> None:
    body = "(let c := f x\n c.length = 6 →\n   let a := c[0]!\n   a = result)"
    _, parts = split_body(body)
    assert parts[0].text == "let c := f x; c.length = 6 → let a := c[0]!; a = result"
    parse_term(parts[0].text)  # still Lean


@pytest.mark.parametrize(
    ("clause", "kind"),
    [
        ("result ∈ xs", "membership"),
        ("∀ x ∈ xs, x ≤ result", "forall-element"),
        ("∀ i, i < xs.length → xs[i]! ≤ result", "forall-index"),
        ("∃ i, i < xs.length ∧ xs[i]! = result", "exists-index"),
        ("result = true ↔ ∀ x ∈ xs, x > 0", "decision"),
        ("result = xs.countP (fun x => x > 0)", "counting"),
        ("result = xs.foldl (· + ·) 0", "folding"),
        ("List.Pairwise (· ≤ ·) result", "order"),
        ("List.isPerm xs result", "permutation"),
        ("match result with | none => True | some i => i < 3", "option-cases"),
        ("if xs = [] then result = 0 else result > 0", "case-split"),
        ("∀ j, j < result → xs[j]! ≠ 0", "index-minimality"),
        ("xs.length > 0", "relation"),
    ],
)
def test_clause_shapes(clause: str, kind: str) -> None:
    task = MAX.model_copy(update={"reference": ReferenceSpec(postcond=clause)})
    assert [c.kind for c in typed_clauses(task)] == [kind]


def test_plan_has_words_with_formal_shapes_domains_and_edge_cases() -> None:
    plan, _ = rules_plan(MAX)
    assert [g.shape for g in plan.guards] == ["xs ≠ []"]
    assert [c.shape for c in plan.clauses] == ["result ∈ xs", "∀ x ∈ xs, x ≤ result"]
    assert plan.clauses[1].text.startswith("bounded ∀ over the elements")
    assert plan.inputs[0].domain == "`xs` is non-empty"
    assert any("empty `xs`: excluded by the guards" in e for e in plan.edge_cases)
    assert decode_plan(parse_plan(plan.to_markdown())) == ReferenceSpec(
        precond="xs ≠ []", postcond="(result ∈ xs) ∧\n(∀ x ∈ xs, x ≤ result)"
    )


def test_helper_predicates_are_unfolded_and_aux_definitions_travel_in_the_plan() -> None:
    aux = "def ValidInput (ys : List Int) : Prop :=\n  ys ≠ [] ∧ ys.length < 100"
    task = MAX.model_copy(update={"reference": ReferenceSpec(aux=aux, precond="ValidInput xs", postcond="result ∈ xs")})
    plan, _ = rules_plan(task)
    assert [g.shape for g in plan.guards] == ["xs ≠ []", "xs.length < 100"]
    back = parse_plan(plan.to_markdown())
    assert back.definitions == [aux]
    rec = RulesReconstructor().reconstruct(task)
    assert rec.decoded is not None and rec.decoded.aux == aux


def test_round_trip_ok_and_a_wrong_decoding_is_caught_with_a_counterexample() -> None:
    rec = RulesReconstructor().reconstruct(MAX)
    assert check_round_trip(MAX, rec).ok
    rec.decoded = ReferenceSpec(precond="xs ≠ []", postcond="result ∈ xs")  # a lossy decoder
    bad = check_round_trip(MAX, rec)
    assert not bad.ok and bad.cause == "test-disagreement" and bad.counterexample is not None
    assert bad.counterexample["part"] == "postcond" and bad.counterexample["a_holds"] is False


def test_round_trip_without_tests_uses_generated_pairs() -> None:
    task = MAX.model_copy(update={"tests": ()})
    rec = RulesReconstructor().reconstruct(task)
    assert check_round_trip(task, rec, inputs=20).ok
    rec.decoded = ReferenceSpec(precond="xs ≠ []", postcond="result ∈ xs")
    bad = check_round_trip(task, rec, inputs=20)
    assert not bad.ok and bad.cause == "pair-disagreement"


def test_abstract_makes_typed_slots_and_canonical_bound_names() -> None:
    params = {"xs": "List Int", "k": "Nat"}
    a, _ = abstract(span_of("∀ i < xs.length, xs[i]! ≤ result + k"), params, "Int")
    b, _ = abstract(span_of("∀ j < xs.length, xs[j]! ≤ result + k"), params, "Int")
    assert a.text == b.text == "∀ x0 < {s0}.length, {s0}[x0]! ≤ {result} + {s1}"
    assert [(s.name, s.type) for s in a.slots] == [("s0", "List Int"), ("result", "Int"), ("s1", "Nat")]
    lit, values = abstract(span_of("result > 3"), params, "Int", literals=True)
    assert lit.text == "{result} > {c0}" and values == ["3"]
