"""Elaborate, then evaluate: a spec Lean rejects gets one `ill-typed` error on every obligation, never a
verdict; a well-typed spec (coercions, decide, Bool bodies, helpers) is still accepted; unmodelled commands
make the spec `unknown`, never silently ignored."""

from __future__ import annotations

import re

import pytest

from specbridge.evaluate.computable import check_spec_text
from specbridge.obligations import Status, build_obligations
from specbridge.tasks import Param, RejectInput, Signature, Task
from specbridge.tasks import TestCase as Case

SIG = Signature(name="f", params=(Param(name="xs", type="List Nat"),), return_type="Nat")
TASK = Task(
    id="t_len",
    requirement="The length of the list.",
    signature=SIG,
    reference=None,
    tests=(
        Case(inputs={"xs": "[1, 2]"}, expected="2", unexpected=("3",)),
        Case(inputs={"xs": "[]"}, expected="0", unexpected=("1",)),
    ),
    reject_inputs=(RejectInput(inputs={"xs": "[7, 7, 7, 7, 7]"}),),
)
PRE = "def f_precond (xs : List Nat) : Prop := xs.length < 5\n"


def _spec(post: str, helpers: str = "") -> str:
    return (
        helpers
        + PRE
        + "def f_postcond (xs : List Nat) (result : Nat) (h_precond : f_precond xs) : Prop :=\n  "
        + post
        + "\n"
    )


def _verdicts(spec: str) -> list:
    return check_spec_text(TASK, spec, build_obligations(TASK))


def _assert_ill_typed(spec: str, fragment: str) -> str:
    vs = _verdicts(spec)
    assert {v.status for v in vs} == {Status.ERROR}, [(v.status, v.message) for v in vs]
    messages = {v.message for v in vs}
    assert len(messages) == 1, messages  # one message for the whole spec
    (msg,) = messages
    assert msg.startswith("ill-typed: ") and re.search(r" at \d+:\d+$", msg), msg
    assert fragment in msg, msg
    assert {v.cause for v in vs} == {"ill-typed"}
    return msg


@pytest.mark.parametrize(
    ("post", "fragment"),
    [
        ("[result, result]", "`[result, result]` has type (List Nat) but is expected to have type Prop"),
        ('"yes"', "has type String but is expected to have type Prop"),
        ("some result", "`some result` has type (Option Nat)"),
        ("result + 1", "`result + 1` has type Nat but is expected to have type Prop"),
        ("xs = result", "the sides of `xs = result` have types (List Nat) and Nat"),
        ("result = true", "have types Nat and Bool"),
        ("result = List.sum' xs", "unknown identifier `List.sum'` (did you mean `List.sum`?)"),
        ("Nat.add_comm result 0", "`Nat.add_comm` is a theorem"),
        ("result = List.length xs xs", "function expected"),
        ("result = xs.lenght", "invalid field `lenght`: the environment does not contain `List.lenght`"),
        ("result ∉ (3 : Int)", "failed to synthesize Membership"),
        ("result = result ++ 1", "failed to synthesize HAppend Nat Nat"),
        ("result = xs.foldl (fun a b => a ++ b) 0", "failed to synthesize HAppend Nat Nat"),
        # Lean's `List.get` takes a `Fin`, `String.get` a `String.Pos`: the interpreter reads both as Nat
        ("result = xs.get 0", "`0` is a number, and `get` takes a Fin"),
        ("result = (toString xs).length ∧ (toString xs).get result = 'a'", "`result` is a number, and `get` takes"),
        ("result = 0 ∧ (toString xs).get! (result + 1) = 'a'", "takes a String.Pos"),
        ("result = 0 ∧ 1", "failed to synthesize OfNat Prop 1"),
        ("result = reslt", "unknown identifier `reslt` (did you mean `result`?)"),
        ("result = [1] + 2", "mixes Nat with List"),
        ("if xs then True else False", "`xs` has type (List Nat) but is expected to have type Prop"),
        ("result = xs.length ∧ ¬ xs", "`xs` has type (List Nat)"),
        ("result = List.take 1 xs", "have types Nat and (List Nat)"),  # Lean's `List.take n xs`
        ("xs.head? = xs ∧ result = 0", "have types (Option Nat) and (List Nat)"),  # no `List Nat → Option Nat`
        ("xs = [true] ∧ result = 0", "`true` has type Bool but is expected to have type Nat"),
        ("xs.map (fun x => x = 2) = xs ∧ result = 0", "the sides of"),
        ("xs = xs.map (fun x => x = 2) ∧ result = 0", "`x = 2` has type Prop but is expected to have type Nat"),
    ],
)
def test_ill_typed_postcondition_is_an_error_on_every_obligation(post: str, fragment: str) -> None:
    _assert_ill_typed(_spec(post), fragment)


@pytest.mark.parametrize(
    "post",
    [
        "result = 0 ∧ (toString xs).get ⟨result⟩ = 'a'",
        "result = 0 ∧ (toString xs).get (String.Pos.mk result) = 'a'",
        "result = 0 ∧ (toString xs).get 0 = '['",  # `OfNat String.Pos 0`
        "result = 0 ∧ (toString xs).get ((toString xs).next 0) = '['",
        "result = xs.get! 0 ∧ xs.get? 1 = none",  # these take a Nat
        "result = 0 ∧ ∀ i : Fin xs.length, xs.get i ≥ 0",
    ],
)
def test_a_position_made_as_lean_makes_one_is_well_typed(post: str) -> None:
    assert {v.cause for v in _verdicts(_spec(post))} != {"ill-typed"}


def test_the_error_names_the_line_and_column_of_the_expression() -> None:
    msg = _assert_ill_typed(_spec("result = xs.length ∧\n    xs = result"), "`xs = result`")
    assert msg.endswith(" at 4:5"), msg  # the second line of the body, where `xs = result` starts


def test_an_ill_typed_helper_rejects_the_spec_even_if_unused() -> None:
    # Lean elaborates the whole file: a broken helper is an error of the spec, not of some obligations
    helpers = "def helper (n : Nat) : Nat := [n]\n"
    _assert_ill_typed(_spec("result = xs.length", helpers), "`[n]` has type (List Nat)")


@pytest.mark.parametrize(
    ("helper", "fragment"),
    [
        # nothing casts an Int down to a Nat: a variable whose type is written cannot go where a Nat is written
        ("def h (i : Int) : Nat := Nat.succ i\n", "`i` has type Int but is expected to have type Nat"),
        ("def h (ys : List Nat) (i : Int) : Nat := ys[i]!\n", "`i` has type Int"),
        ("def h (i : Int) : Nat := (i : Nat)\n", "`i` has type Int"),
        ("def h (ys : List Nat) : List Nat := ys.map (fun (i : Int) => Nat.succ i)\n", "`i` has type Int"),
    ],
)
def test_an_int_variable_where_a_nat_is_written_is_rejected(helper: str, fragment: str) -> None:
    _assert_ill_typed(_spec("result = xs.length", helper), fragment)


@pytest.mark.parametrize(
    "helper",
    [
        # the type of `lens` comes from a `map` Lean may elaborate after `contains`, casting each length up
        "def h (ys : List (List Nat)) (r : Int) : Bool :=\n  let lens := ys.map (·.length)\n  lens.contains r\n",
        # a binder's type inferred from its uses: Lean's order of elaboration may give it a Nat
        "def h (n : Nat) : Prop := ∃ m, n = m + 1 ∧ (0 : Int) ≤ m ∧ ∀ i, i < m → Nat.succ i > 0\n",
        "def h (i : Nat) : Nat := Nat.succ i + Int.toNat (i : Int)\n",
    ],
)
def test_an_int_whose_type_is_only_inferred_is_not_a_verdict(helper: str) -> None:
    vs = _verdicts(_spec("result = xs.length", helper))
    assert Status.ERROR not in {v.status for v in vs}, [(v.status, v.message) for v in vs]


def test_a_postcondition_that_is_not_a_proposition_is_rejected() -> None:
    spec = PRE + "def f_postcond (xs : List Nat) (result : Nat) : Nat := result\n"
    _assert_ill_typed(spec, "`f_postcond` has type Nat, but a postcond must be a Prop")


@pytest.mark.parametrize(
    ("post", "helpers"),
    [
        ("(result : Int) = (xs.length : Int)", ""),  # ↑ inserted on both sides
        ("(result : Int) - 1 < xs.length", ""),  # Nat→Int coercion of the right side
        ("(result - 1 + 1 = xs.length ∨ xs = []) ∧ result = xs.length", ""),  # truncated Nat subtraction
        ("decide (result = xs.length) = true", ""),
        ("result == xs.length", ""),  # a Bool body, coerced to Prop (`= true`)
        ("xs.length == result && true", ""),
        ("xs.head? = xs.head? ∧ result = xs.length", ""),
        ("(xs.head? = some 1 ∨ xs.head? ≠ some 1) ∧ result = xs.length", ""),
        (
            "result = len xs",
            "def len (l : List Nat) : Nat := go l 0\nwhere go : List Nat → Nat → Nat\n"
            "  | [], n => n\n  | _ :: t, n => go t (n + 1)\n",
        ),
        (
            "result = cnt xs",
            "def cnt (l : List Nat) : Nat :=\n  let rec loop (k : List Nat) : Nat :=\n"
            "    match k with\n    | [] => 0\n    | _ :: t => 1 + loop t\n  loop l\n",
        ),
        (
            "result = countDo xs",
            "def countDo (l : List Nat) : Nat := Id.run do\n  let mut c := 0\n"
            "  for _ in l do\n    c := c + 1\n  return c\n",
        ),
        ("result = (Box.mk xs.length).val", "structure Box where\n  val : Nat\n"),
        ("result = xs.length ∧ ∀ x ∈ xs, x ≥ 0", ""),
        ("if result = 0 then xs = [] else xs.length = result", ""),
        ("result = xs.foldl (fun acc _ => acc + 1) 0", ""),
        ("result = (xs.filter (fun x => x ≥ 0)).length + (xs.map (fun x => 2 * x)).length - xs.length", ""),
        ("[result] = [xs.length] ∧ xs.all (fun x => x ≥ 0)", ""),
        ("(xs.head? = result ∨ True) ∧ result = xs.length", ""),  # `↑result : Option Nat`
        ("result = Nat.sub (xs.length + 1) 1", ""),
        (
            "result = xs.length",
            "set_option maxHeartbeats 400000\nattribute [simp] List.length\n"
            "theorem helper_ok : 1 + 1 = 2 := by decide\n",
        ),
        (
            "result = sz xs",
            "def sz : List Nat → Nat\n  | [] => 0\n  | _ :: t => sz t + 1\ntermination_by l => l.length\n#check sz\n",
        ),
    ],
)
def test_well_typed_specs_are_still_accepted(post: str, helpers: str) -> None:
    vs = _verdicts(_spec(post, helpers))
    assert [v.status for v in vs] == [Status.PASS] * len(vs), [(v.status, v.message) for v in vs]


@pytest.mark.parametrize(
    "post",
    [
        "result = Frob.frobnicate xs",
        # real Lean/Mathlib names we do not model that extend a modelled one: variants, not misspellings
        "result = (List.zipWith3 (fun a _ _ => a) xs xs xs).length",
        "some result = xs.maximum",
    ],
)
def test_an_unknown_name_that_is_no_misspelling_is_unknown_not_an_error(post: str) -> None:
    # a Lean name we do not model is no reason to reject the spec
    vs = _verdicts(_spec(post))
    post_vs = [v for v in vs if v.status is not Status.PASS]
    assert post_vs and {v.status for v in post_vs} == {Status.UNKNOWN}, [(v.status, v.message) for v in vs]


@pytest.mark.parametrize(
    ("command", "word"),
    [
        ("variable (n : Nat)", "variable"),
        ("instance : Inhabited Nat := ⟨1⟩", "instance"),
        ('notation3 "ε" => (0 : Nat)', "notation3"),
        ("attribute [instance] Nat.decEq", "attribute"),
        ('syntax "frob" : term', "syntax"),
        ("frobnicate_command Foo", "frobnicate_command"),
        ("#exit", "#exit"),  # the rest of the file is not elaborated
    ],
)
def test_an_unmodelled_command_makes_the_spec_unknown(command: str, word: str) -> None:
    vs = _verdicts(_spec("result = xs.length", command + "\n"))
    assert {v.status for v in vs} == {Status.UNKNOWN}
    assert {v.cause for v in vs} == {f"unsupported command {word}"}


@pytest.mark.parametrize(
    "helpers",
    [
        # found by elaborating the vericoding corpus (Lean files that compile): String's anonymous constructor
        "def cnt : String → Nat\n  | ⟨[]⟩ => 0\n  | ⟨_ :: cs⟩ => 1 + cnt ⟨cs⟩\n",
        # `⟨…⟩` without an expected type is postponed by Lean until its use decides the structure
        "def firstTwo (s : String) : Bool :=\n  let t := ⟨s.data.take 2⟩\n  isShort t\n"
        "where isShort (u : String) : Bool := u.length ≤ 2\n",
    ],
)
def test_postponed_anonymous_constructors_are_not_rejected(helpers: str) -> None:
    vs = _verdicts(_spec("result = xs.length", helpers))
    assert Status.ERROR not in {v.status for v in vs}, [(v.status, v.message) for v in vs]


def test_the_elaboration_error_survives_pickling() -> None:
    # evaluation may run in a worker process: the spec's error must cross the boundary intact
    import pickle

    from specbridge.errors import IllTyped

    exc = pickle.loads(pickle.dumps(IllTyped("type mismatch: `x`", 3, 7)))
    assert str(exc) == "ill-typed: type mismatch: `x` at 3:7" and (exc.line, exc.column) == (3, 7)


def test_a_parameter_type_that_clashes_with_the_signature_is_an_error() -> None:
    # the task gives `xs : List Nat`; a precondition declaring `xs : Nat` cannot be applied to it in Lean
    spec = (
        "def f_precond (xs : Nat) : Prop := xs < 5\n"
        "def f_postcond (xs : List Nat) (result : Nat) : Prop := result = xs.length\n"
    )
    obs = build_obligations(TASK)
    by_kind = {(o.kind.value, v.status, v.message) for o, v in zip(obs, _verdicts(spec), strict=True)}
    pre = {(s, m) for k, s, m in by_kind if k.startswith("pre")}
    assert {s for s, _ in pre} == {Status.ERROR}
    assert all(
        "`f_precond` takes `xs : Nat`, but the signature gives it a value of type `List Nat`" in m for _, m in pre
    )
    assert {s for k, s, _ in by_kind if k.startswith("post")} == {Status.PASS}


def test_an_if_at_an_expected_number_type_has_that_type_with_each_branch_cast_up() -> None:
    from specbridge.lean import ast as A
    from specbridge.lean import types as ty
    from specbridge.lean.parser import parse_module
    from specbridge.lean.program import Program

    module = parse_module("def f (n : Nat) (i : Int) : Int :=\n  if n > 0 then n else i\n")
    program = Program(module, record_types=True)
    node = module.defs[0].body
    assert isinstance(node, A.If)
    assert ty.lean_text(program.type_of(node)) == "Int"  # not the then-branch's Nat
    assert program.call("f", [3, -1]) == 3 and program.call("f", [0, -1]) == -1
