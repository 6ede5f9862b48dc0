"""The allow-list sandbox (issue 9): every attack is refused with its construct and line:column.

Lean sources the rules follow (read with the search tool, toolchain v4.29):
- src/Lean/Parser/Basic.lean — whitespace/comments, string/char/raw-string/number literals, identifiers and the
  error recovery that makes a lexical error dangerous (Lean keeps parsing from the error position);
- src/Lean/Parser/StrInterpolation.lean — `interpolatedStrFn`: every `{…}` of an interpolated string is a term;
- src/Lean/Parser/Command.lean, Term.lean, Tactic.lean — which words begin commands, terms and tactics;
- src/Lean/Elab/Print.lean — `#print axioms` (the runner's last check).
"""

from __future__ import annotations

import pytest

from specbridge.errors import UntrustedSpecError
from specbridge.lean.sandbox import Trust, check, check_untrusted, find_violations

OK = "@[reducible, simp]\ndef f_precond (xs : List Int) : Prop :=\n  xs.length > 0\n"


def refused(text: str) -> list[str]:
    return [v.construct for v in find_violations(text)]


# --- the issue's examples: each must be refused --------------------------------------------------------------

ISSUE_ATTACKS = [
    ('def s := "\\q\n#eval IO.Process.exit 42\n-- "\n', "lexical error"),
    ("def s := '\\u{\n#eval IO.Process.exit 42\n-- '\n", "lexical error"),
    ("def s := «x\n#eval IO.Process.exit 42\n-- »\n", "«x"),  # one escaped name, up to the `»` in the comment
    ("def s := «x\n#eval IO.Process.exit 42\n", "lexical error"),  # unterminated `«`
    ('def x : Nat := throwErrorAt ref "{(by run_tac pure (); exact 0 : Nat)}"\n', "throwErrorAt"),
    ("variable (hyp : ∀ a b r h, f_postcond a b r h)\ninclude hyp\n", "variable"),
    (
        "namespace SpecBridge.Obligations\ndef f_postcond (x : Nat) : Prop := True\nend SpecBridge.Obligations\n",
        "namespace",
    ),
    ("instance (priority := high) : OfNat Int n := ⟨0⟩\n", "instance"),
    ('notation3 "∑ "(...)", "r:67:(scoped f => Finset.sum Finset.univ f) => r\n', "notation3"),
    ('binder_predicate x " > " y:term => `($x > $y)\n', "binder_predicate"),
    ('theorem t : True := by bv_check "/etc/passwd"\n', "bv_check"),
    ("theorem t : 1 = 2 := by stop\n  trivial\n", "stop"),
]


@pytest.mark.parametrize(("text", "construct"), ISSUE_ATTACKS, ids=[str(i) for i in range(len(ISSUE_ATTACKS))])
def test_the_issue_attacks_are_refused(text: str, construct: str) -> None:
    found = refused(text)
    assert any(construct in c for c in found), (text, found)
    with pytest.raises(UntrustedSpecError):
        check_untrusted(text)


# --- attacks of our own, one family per mechanism ------------------------------------------------------------

OWN_ATTACKS = [
    # Lean's comment rule: `/-` skips the next character unexamined, so `/-/- -/` is a whole comment and the
    # `#eval` after it is code (a naive nested scanner would think it is still inside). Basic.lean `whitespace`.
    ("/-/- -/ #eval IO.Process.exit 1 -/\ndef a := 1\n", "#eval"),
    # strings are not special inside comments: the quote does not protect the `#eval`
    ('/- " -/ #eval 1 -- "\ndef a := 1\n', "#eval"),
    # an invalid escape / non-ASCII digit / tab: lexical errors, so Lean recovers mid-literal
    ('def s := "\\0"\n', "lexical error"),
    ('def s := "\\u{41}"\n', "lexical error"),
    ("def n := 2²\n", "lexical error"),
    ("def n := ٣\n", "lexical error"),
    ("def n := 1\tdef m := 2\n", "lexical error"),
    ("def n := 1e\n", "lexical error"),
    ("def c := 'ab'\n#eval 1\n", "lexical error"),
    # a string that reads differently as an interpolated string (an unknown head may interpolate it)
    ('def s := f "{" ++ "} #eval 1 {"\n', '"{"'),
    ('def s := s!"{)}"\n', "{)}"),
    ('def s := s!"{}"\n', "{}"),
    ('def s := s!"{by exact 0}"\n', "{by exact 0}"),
    # scope and name attacks on the rendering
    ("def SpecBridge.Obligations.f_postcond (x : Nat) : Prop := True\n", "SpecBridge.Obligations.f_postcond"),
    ("def _root_.f_postcond (x : Nat) : Prop := True\n", "_root_.f_postcond"),
    ("open SpecBridge.Obligations\n", "open SpecBridge.Obligations"),
    ("open Lean Elab Command\n", "open Lean"),
    ("open Nat renaming succ → next\n", "open … renaming"),
    ("open Nat (succ)\n", "open … (…)"),
    ("def a := 1\nend\n", "end"),
    ("section\ndef a := 1\nend\n", "section"),
    ("export Nat (succ)\n", "export"),
    ("universe u\n", "universe"),
    ("omit hyp in\ndef a := 1\n", "omit"),
    ("private def f_postcond (x : Nat) : Prop := True\n", "private"),
    # instances and classes in every spelling
    ("@[instance] def i : OfNat Int 0 := ⟨1⟩\n", "@[instance]"),
    ("attribute [instance] foo\n", "@[instance]"),
    ("attribute [local instance] foo\n", "@[instance]"),
    ("@[simp, instance 100] def i : BEq Nat := ⟨fun _ _ => true⟩\n", "@[instance]"),
    ("@[ csimp ] theorem c : @f = @g := rfl\n", "@[csimp]"),
    ('@[scoped extern "f"] def k : Nat := 1\n', "@[extern]"),
    ("@[simp high] theorem t : True := trivial\n", "@[simp high]"),
    ("class Foo where\n  x : Nat\n", "class"),
    ("deriving instance BEq for Nat\n", "instance"),
    ("structure P where\n  x : Nat\nderiving Repr, ToJson\n", "deriving ToJson"),
    ("inductive T where\n  | a\n  deriving Hashable\n", "deriving Hashable"),
    # commands that change syntax or run code, in modifier variants
    ('local notation "x" => 1\n', "local"),
    ('scoped macro "x" : term => `(1)\n', "scoped"),
    ('@[simp] macro "x" : term => `(1)\n', "macro"),
    ('syntax "foo" : term\n', "syntax"),
    ('elab "foo" : term => pure (Lean.mkNatLit 1)\n', "elab"),
    ("initialize pure ()\n", "initialize"),
    ("unif_hint (n : Nat) where n =?= 0 ⊢ n + 0 =?= 0\n", "unif_hint"),
    ("declare_syntax_cat evil\n", "declare_syntax_cat"),
    ("register_option evil : Bool := {}\n", "register_option"),
    ("unsafe def u : Nat := 1\n", "unsafe"),
    ("opaque o : Nat\n", "opaque"),
    ("axiom a : False\n", "axiom"),
    ("example : True := trivial\n", "example"),
    ("mutual\ndef a := 1\n", "mutual"),
    # an unknown command keyword at the start of a line (Lean would read a command there)
    ("def a := 1\nsuppress_compilation\n", "suppress_compilation"),
    ("def a := 1\nfoo_bar_command x y\n", "foo_bar_command"),
    ("#eval 1\n", "#eval"),
    ("def a := 1 #print axioms a\n", "#print"),
    ("def q := `(1 + 1)\n", "`(…)"),
    ("def q := `Nat.add\n", "`Nat.add"),
    ("def q := binop% HAdd.hAdd 1 2\n", "binop%"),
    ("def x := «sorry»\n", "«sorry»"),
    ('def x := IO.FS.readFile "/etc/passwd"\n', "IO.FS.readFile"),
    ("def x := Lean.Elab.Command.elabCommand\n", "Lean.Elab.Command.elabCommand"),
    ('def x := include_str "/etc/passwd"\n', "include_str"),
    # tactics: the allow-list, configuration tricks and refused tactics, wherever a block begins
    ("theorem t : 2 + 2 = 4 := by native_decide\n", "native_decide"),
    ("theorem t : 2 + 2 = 4 := by decide +native\n", "decide +native"),
    ("theorem t : 2 + 2 = 4 := by decide (config := {kernel := false})\n", "decide (config := …)"),
    ("theorem t : 2 + 2 = 4 := by simp +ground\n", "simp +ground"),
    ("theorem t : 2 + 2 = 4 := by simp (config := {ground := true})\n", "simp (config := …)"),
    ("theorem t : True := by exact?\n", "exact?"),
    ("theorem t : True := by simp only [foo] (discharger := evil)\n", "(discharger := …)"),
    ("theorem t : True := by { evil_tac }\n", "evil_tac"),
    ("theorem t : True := by apply?\n", "apply?"),
    ("theorem t : True := by hint\n", "hint"),
    ("theorem t : True := by polyrith\n", "polyrith"),
    ("theorem t : True := by bv_decide\n", "bv_decide"),
    ("theorem t : True := by\n  trivial\n  show_term trivial\n", "show_term"),
    ("theorem t : True := by trivial <;> plausible\n", "plausible"),
    ("theorem t : True := by first | trivial | evil_tac\n", "evil_tac"),
    ("theorem t : True := by\n  · evil_tac\n", "evil_tac"),
    ("theorem t : True := by (evil_tac)\n", "evil_tac"),
    ("theorem t : True := by try evil_tac\n", "evil_tac"),
    ("def a := (by evil_tac : 1 = 1)\n", "evil_tac"),
    ("def g (n : Nat) : Nat := if h : n = 0 then 0 else g (n - 1)\ndecreasing_by evil_tac\n", "evil_tac"),
    ("def g (n : Nat) : Nat := g (n - 1)\ndecreasing_by all_goals sorry\n", "sorry"),
    ("theorem t : True := by\n  cases h with\n  | inl h => evil_tac\n  | inr h => trivial\n", "evil_tac"),
    ("theorem t : True := by admit\n", "admit"),
    ("theorem t : True := sorryAx True\n", "sorryAx"),
    ("theorem t : True := Lean.ofReduceBool a b rfl\n", "ofReduceBool"),
    ("def x := 1\u202e\n", "U+202E"),
    ("def x := (open Lean Elab in 1)\n", "open Lean"),  # `open … in` inside a term: the same list
    ("theorem t : True := by\n  open Lean in trivial\n", "open Lean"),
    ("def x := 1 -- fine\ndef y := 1\u00a0+ 1\n", "lexical error"),  # a no-break space is no Lean whitespace
    ("def x := 1\n\u2028#eval 1\n", "lexical error"),  # nor is a line separator
]


@pytest.mark.parametrize(("text", "construct"), OWN_ATTACKS, ids=[f"{i}-{c}" for i, (_, c) in enumerate(OWN_ATTACKS)])
def test_attacks_of_each_kind_are_refused(text: str, construct: str) -> None:
    found = refused(text)
    assert found, text
    assert any(construct in c for c in found), (text, found)


def test_a_refusal_names_the_construct_and_its_line_and_column() -> None:
    text = OK + "theorem t : True := by\n  trivial\n  evil_tac\n"
    with pytest.raises(UntrustedSpecError, match=r"6:3: `evil_tac`"):
        check_untrusted(text)


# --- ordinary specs pass -------------------------------------------------------------------------------------

ALLOWED = [
    OK,
    "/-- doc -/\n@[simp]\ndef a := 1\n/-! module doc -/\n",
    "@[inline, irreducible] def a := 1\nattribute [simp] a\nattribute [local simp] a\n@[scoped simp] def b := 2\n",
    "open Std\nopen List Nat in\ndef z := 1\n",
    "structure P where\n  x : Nat\n  y : Nat\nderiving Repr, DecidableEq, BEq, Inhabited\n",
    "inductive T where\n  | a\n  | b (n : Nat)\n  deriving Repr\n",
    "mutual\ndef ev : Nat → Bool\n  | 0 => true\n  | n+1 => od n\n"
    "def od : Nat → Bool\n  | 0 => false\n  | n+1 => ev n\nend\n",
    "def g (n : Nat) : Nat := if h : n = 0 then 0 else g (n - 1)\ntermination_by n\ndecreasing_by omega\n",
    "def g (xs : List Nat) : Nat :=\n  go xs 0\nwhere\n  go : List Nat → Nat → Nat\n"
    "    | [], a => a\n    | _ :: t, a => go t (a + 1)\n",
    "def f (n : Nat) : Nat :=\n  let rec loop : Nat → Nat\n    | 0 => 0\n    | k+1 => loop k\n  loop n\n",
    "theorem t (n : Nat) : n + 0 = n := by\n  simp\n  · omega\n",
    "theorem t (a b : Nat) (h : a < b) : a ≤ b := by\n  have h2 : a ≤ b := by omega\n  exact h2\n",
    "theorem t : 2 + 2 = 4 := by decide\nlemma u : True := by trivial\n",
    "theorem t (x : Nat) : x = x := by\n  cases x with\n  | zero => rfl\n  | succ n => simp +arith\n",
    "theorem t : True ∧ True := ⟨by trivial, by trivial⟩\n",
    "theorem t : True := by { trivial }\ntheorem u (f : (x : Nat) → x = x) : 1 = 1 := by exact f (x := 1)\n",
    'def s := s!"n = {n + 1}, m = {xs.length}"\ndef q := "} no brace opens here: " ++ toString \'{\'\n',
    'def s := "a\\x7Bb" ++ "\\u00e9\\t\\\\\\"\\\'"\n',
    "def stop (stop : Nat) : Nat := stop\ndef hint := 1\n",
    "def xs := [1, 2].map (· + 1)\ndef m := 10 % 3\ndef n := x⁻¹\n",
    "noncomputable def r : Nat := Classical.choice ⟨1⟩\n",
]


@pytest.mark.parametrize("text", ALLOWED, ids=[str(i) for i in range(len(ALLOWED))])
def test_ordinary_specs_are_not_refused(text: str) -> None:
    assert find_violations(text) == []


def test_test_values_are_checked_as_terms() -> None:
    assert find_violations("[1, 2, 3]", term=True) == []
    assert find_violations('("a", #[1])', term=True) == []
    assert [v.construct for v in find_violations("(by native_decide : Nat)", term=True)] == ["native_decide"]


def test_trusted_references_may_use_more_but_never_our_namespace() -> None:
    text = "set_option maxRecDepth 2000\nopen Lean in\ndef a := 1\n"
    assert find_violations(text, trust=Trust.TRUSTED) == []
    assert find_violations(text)  # untrusted: refused
    with pytest.raises(UntrustedSpecError, match="SpecBridge"):
        check("def SpecBridge.Obligations.x := 1\n", Trust.TRUSTED)
    with pytest.raises(UntrustedSpecError, match="lexical error"):
        check('def s := "\\q"\n', Trust.TRUSTED)
    for code in ("#eval 1\n", 'macro "x" : term => `(1)\n', "run_cmd pure ()\n", "initialize pure ()\n"):
        with pytest.raises(UntrustedSpecError):
            check(code, Trust.TRUSTED)


def test_examples_are_not_refused(examples_dir) -> None:  # type: ignore[no-untyped-def]
    from specbridge.datasets import load_dataset
    from specbridge.tasks import render_spec_source

    tasks = load_dataset(examples_dir).tasks
    assert len(tasks) >= 10
    for task in tasks:
        assert task.reference is not None
        assert find_violations(render_spec_source(task.signature, task.reference)) == [], task.id


@pytest.mark.parametrize("text", ['"{|}"', '["a{", "}b"]', 'def s : String := "{(by run_tac foo; exact 0 : Nat)}"'])
def test_a_string_that_no_name_precedes_is_a_plain_literal(text: str) -> None:
    # Lean/Parser/StrInterpolation.lean: only a parser that asks for `interpolatedStr` (after `s!`, `throwError`,
    # `trace[…]`, …) reads `{…}` as code; a literal after `:=`, `[`, `,` or at the start is an ordinary string
    assert find_violations(text, term=not text.startswith("def")) == []


def test_a_string_right_after_a_name_is_still_read_as_interpolated() -> None:
    assert find_violations('def s : String := f "{(by run_tac foo; exact 0 : Nat)}"')
    assert find_violations('def s : String := s!"{(by run_tac foo; exact 0 : Nat)}"')


def test_partial_def_is_allowed_as_it_adds_no_trust() -> None:
    # Lean/Elab/PreDefinition: a `partial def` becomes an opaque constant implemented by its compiled code; the
    # kernel knows nothing of its body, so it can make no obligation provable (corpora use it for loops)
    assert find_violations("partial def loop (n : Nat) : Nat := if n = 0 then 0 else loop (n - 1)\n") == []
    assert find_violations("@[implemented_by g] partial def h : Nat → Nat := fun n => n\n")
    assert find_violations("unsafe def u : Nat := 1\n")
