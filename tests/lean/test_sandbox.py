"""The sandbox refuses every construct that runs code or widens trust, and nothing that merely looks like one."""

from __future__ import annotations

import pytest

from specbridge.errors import UntrustedSpecError
from specbridge.lean.sandbox import check_untrusted, find_violations

BASE = """@[reducible, simp]
def f_precond (xs : List Int) : Prop :=
  xs.length > 0

@[reducible, simp]
def f_postcond (xs : List Int) (result : Int) (h_precond : f_precond (xs)) : Prop :=
  result ∈ xs
"""

# (construct expected in the message, spec text) — one per item of the refusal list.
REFUSED = [
    ("#eval", '#eval IO.println "hi"\n'),
    ("#exit", "#exit\n"),
    ("#print", "#print axioms f_postcond\n"),
    ("#check", "#check f_precond\n"),
    ("#reduce", "#reduce 1 + 1\n"),
    ("#synth", "#synth Inhabited Nat\n"),
    ("#guard", "#guard 1 = 1\n"),
    ("#guard_msgs", "#guard_msgs in\ndef x := 1\n"),
    ("run_cmd", 'run_cmd Lean.logInfo "x"\n'),
    ("run_elab", "run_elab pure ()\n"),
    ("run_meta", "run_meta pure ()\n"),
    ("elab", 'elab "foo" : term => pure (Lean.mkNatLit 1)\n'),
    ("elab_rules", "elab_rules : term | `(foo) => pure (Lean.mkNatLit 1)\n"),
    ("macro", 'macro "foo" : term => `(1)\n'),
    ("macro_rules", "macro_rules | `(foo) => `(2)\n"),
    ("syntax", 'syntax "foo" : term\n'),
    ("notation", 'notation "¬" p => p\n'),
    ("infix", 'infix:50 " ≤ " => fun a b => True\n'),
    ("infixl", 'infixl:65 " + " => fun a b => a\n'),
    ("infixr", 'infixr:65 " ++ " => fun a b => a\n'),
    ("prefix", 'prefix:max "√" => Nat.sqrt\n'),
    ("postfix", 'postfix:max "!" => Nat.factorial\n'),
    ("initialize", 'initialize IO.println "x"\n'),
    ("builtin_initialize", 'builtin_initialize IO.println "x"\n'),
    ("unsafe", "unsafe def g : Nat := unsafeCast ()\n"),
    ("implemented_by", "@[implemented_by g] partial def h : Nat → Nat := fun n => n\n"),
    ("@[extern]", '@[extern "c_fn"] def k (n : Nat) : Nat := n\n'),
    ("@[implemented_by]", "@[implemented_by g]\ndef h (n : Nat) : Nat := n\n"),
    ("axiom", "axiom cheat : False\n"),
    ("sorry", "theorem t : 1 = 2 := sorry\n"),
    ("sorry", "def g (n : Nat) : Nat := n\ndecreasing_by sorry\n"),
    ("admit", "theorem t : 1 = 2 := by admit\n"),
    ("sorryAx", "theorem t : 1 = 2 := sorryAx _ false\n"),
    ("opaque", "opaque secret : Nat := 5\n"),
    ("set_option", "set_option maxHeartbeats 0\n"),
    ("set_option", "set_option debug.skipKernelTC true\n"),
    ("set_option", "set_option maxHeartbeats 0 in\ndef x := 1\n"),
    ("set_option", "set_option autoImplicit false\n"),
    ("open Evil", "namespace Evil\ndef f_precond (xs : List Int) : Prop := True\nend Evil\nopen Evil in\ndef y := 1\n"),
    ("open Evil", "open Evil\n"),
    ("export", "export Evil (f_precond)\n"),
    ("renaming", "open Nat renaming succ → next\n"),
    ("import", "import Lean\n"),
    ("import", "import Mathlib\n"),
    ("native_decide", "theorem t : 2 + 2 = 4 := by native_decide\n"),
    ("native", "theorem t : 2 + 2 = 4 := by decide +native\n"),
    ("ofReduceBool", "theorem t : True := Lean.ofReduceBool _ _ rfl\n"),
    ("unsafeIO", "def z : Nat := match unsafeIO (pure 1) with | _ => 0\n"),
    ("@[init]", "@[init foo] def bar : IO Unit := pure ()\n"),
    ("@[command_elab]", "@[command_elab foo] def bar := 1\n"),
    ("implemented_by", "attribute [implemented_by g] h\n"),
    ("simproc", "simproc foo (_) := fun _ => pure .continue\n"),
    ("run_tac", "theorem t : True := by run_tac pure ()\n"),
    ("by_elab", "def q : Nat := by_elab pure (Lean.mkNatLit 1)\n"),
]


@pytest.mark.parametrize(("construct", "snippet"), REFUSED, ids=[f"{c}-{i}" for i, (c, _) in enumerate(REFUSED)])
def test_each_refusal(construct: str, snippet: str) -> None:
    spec = BASE + "\n" + snippet
    with pytest.raises(UntrustedSpecError) as info:
        check_untrusted(spec)
    message = str(info.value)
    key = construct.split()[-1].strip("@[]")
    assert key in message
    # the position points into the snippet, after the 7 lines of BASE and the blank line
    violations = find_violations(spec)
    assert violations and violations[0].line >= 9


def test_clean_reference_spec_passes() -> None:
    check_untrusted(BASE)
    assert find_violations(BASE) == []


@pytest.mark.parametrize(
    "text",
    [
        "-- sorry, #eval and axiom in a line comment\ndef a := 1\n",
        "/- a block comment with #eval\n /- nested: sorry -/ still comment: axiom -/\ndef a := 1\n",
        "/-- doc comment: unsafe sorry -/\ndef a := 1\n",
        'def msg : String := "please do not sorry #eval axiom"\n',
        'def s : String := "escaped \\" quote then sorry"\n',
        "def c : Char := '#'\n",
        "def c : Char := '\\''\ndef d := \"sorry\"\n",
        'def r : String := r#"raw "sorry" #eval"#\n',
        "def sorryCount (n : Nat) : Nat := n\ndef axiomatic : Bool := true\n",
        "def isUnsafeList (xs : List Nat) : Bool := xs.isEmpty\n",
        "def arr : Array Nat := #[1, 2, 3]\n",
        "open List Nat in\ndef z := 1\n",
        "open Std\ndef z := 1\n",
        "@[simp] theorem foo : 1 + 1 = 2 := by decide\n",
        "def xs' : List Nat := [1]\ndef ys := xs'.length\n",
        "def h (x : Nat) (h : x > 0) : Nat := x\n",
        "def p (x : Nat) : Prop := x.succ > 2e3\n",
    ],
)
def test_harmless_text_passes(text: str) -> None:
    assert find_violations(text) == []


@pytest.mark.parametrize(
    ("text", "construct"),
    [
        ("def x := «sorry»\n", "sorry"),
        ("def «#eval» := 1\n", "#eval"),
        ("theorem t : 1 = 2 := by ѕorry\n", "lexical error"),  # Cyrillic ѕ is no Lean identifier character
        ("theorem t : 1 = 2 := by sοrry\n", "sοrry"),  # Greek ο is, and looks like `sorry`
        ("def x := 1\u202e -- \u2066sorry\n", "U+202E"),  # bidi control
        ('def s := s!"value {(sorry : Nat)}"\n', "sorry"),  # code inside an interpolated string
        ("def n := 2sorry\n", "sorry"),  # a number does not swallow what follows it
        ('def s : String := r"\\" #eval 1 -- "\n', "#eval"),  # a raw string has no escapes
        ("def c : Char := '\"' #eval 1 -- \"\n", "#eval"),  # a char literal quote does not open a string
        ("/- closed -/ #eval 1\n", "#eval"),
        ("theorem t : True := Lean.«ofReduceBool» _ _ rfl\n", "ofReduceBool"),
    ],
)
def test_tricks_are_refused(text: str, construct: str) -> None:
    violations = find_violations(text)
    assert violations, text
    assert any(construct in v.construct for v in violations)


def test_message_names_construct_and_position() -> None:
    spec = "def a := 1\n  def b := sorry\n"
    with pytest.raises(UntrustedSpecError, match=r"2:12: `sorry`"):
        check_untrusted(spec)


def test_all_violations_reported() -> None:
    spec = "#eval 1\naxiom x : False\ndef y := sorry\n"
    assert [v.construct for v in find_violations(spec)] == ["#eval", "axiom", "sorry"]
    assert [v.line for v in find_violations(spec)] == [1, 2, 3]


def test_open_takes_identifiers_up_to_the_next_command() -> None:
    assert find_violations("open Std\n@[reducible]\ndef a := 1\nopen List\ndef b := 2\n") == []
    assert [v.construct for v in find_violations("open Std\n  Evil\ndef a := 1\n")] == ["open Evil"]


def test_attribute_arguments_are_scanned() -> None:
    found = [v.construct for v in find_violations("@[simp, deprecated sorry] def a := 1\n")]
    assert found == ["@[deprecated]", "sorry"]
    assert [v.construct for v in find_violations('@[extern "f"] def a := 1\n')] == ["@[extern]"]


def test_verina_reference_specs_are_not_refused(verina_dev) -> None:  # type: ignore[no-untyped-def]
    from specbridge.datasets import load_dataset
    from specbridge.tasks import render_spec_source

    tasks = load_dataset(verina_dev).tasks
    assert tasks
    for task in tasks:
        assert task.reference is not None
        assert find_violations(render_spec_source(task.signature, task.reference)) == [], task.id
