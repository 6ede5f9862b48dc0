"""Parser: Lean precedences, layout, binders, patterns, errors with positions."""

from __future__ import annotations

import pytest

from specbridge.errors import LeanParseError
from specbridge.lean import ast as A
from specbridge.lean import parse_module, parse_term


def show(e: A.Node) -> str:
    """A compact fully-parenthesised rendering, for precedence tests."""
    if isinstance(e, A.Ident):
        return e.name
    if isinstance(e, A.NumLit):
        return str(e.value)
    if isinstance(e, A.BinOp):
        return f"({show(e.lhs)} {e.op} {show(e.rhs)})"
    if isinstance(e, A.UnOp):
        return f"({e.op}{show(e.arg)})"
    if isinstance(e, A.App):
        return "(" + " ".join(show(x) for x in [e.fn, *e.args]) + ")"
    if isinstance(e, A.Proj):
        return f"{show(e.expr)}.{e.field}"
    if isinstance(e, A.Index):
        return f"{show(e.coll)}[{show(e.index)}]{e.mode}"
    if isinstance(e, A.Lam):
        return "(fun " + " ".join(b.name or "_" for b in e.binders) + " => " + show(e.body) + ")"
    if isinstance(e, A.Quant):
        return f"({e.kind} " + " ".join(b.name or "_" for b in e.binders) + ", " + show(e.body) + ")"
    return type(e).__name__


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("a + b * c", "(a + (b * c))"),
        ("a - b - c", "((a - b) - c)"),
        ("a ^ b ^ c", "(a ^ (b ^ c))"),
        ("-x ^ 2", "(-(x ^ 2))"),
        ("-a * b", "((-a) * b)"),
        ("a ∧ b ∨ c", "((a ∧ b) ∨ c)"),
        ("a → b → c", "(a → (b → c))"),
        ("¬ a = b", "(¬(a = b))"),
        ("¬ a ∧ b", "((¬a) ∧ b)"),
        ("a ↔ b ∧ c", "(a ↔ (b ∧ c))"),
        ("x :: y :: l ++ m", "((x :: (y :: l)) ++ m)"),  # :: is 67, ++ is 65
        ("f x y + g z", "((f x y) + (g z))"),
        ("a && b || c", "((a && b) || c)"),
        ("!a && b", "((!a) && b)"),
        ("x ∈ l ∧ y ∉ l", "((x ∈ l) ∧ (y ∉ l))"),
        ("l.length - 1", "(l.length - 1)"),
        ("a[i]! + a[i+1]?", "(a[i]! + a[(i + 1)]?)"),
        ("xs |>.map f |>.filter g", "((xs.map f).filter g)"),
        ("f <| g <| x", "(f (g x))"),
        ("x |> f |> g", "(g (f x))"),
        ("(· + 1)", "(fun ·1 => (·1 + 1))"),
        ("∀ i < n, p i", "(forall i, ((i < n) → (p i)))"),
        ("∃ i j, i < j", "(exists i j, (i < j))"),
        ("f a.b (c).d", "(f a.b c.d)"),
        ("x.1.2", "x.1.2"),
    ],
)
def test_precedence(src: str, expected: str) -> None:
    assert show(parse_term(src)) == expected


def test_let_layout_ends_value_at_newline() -> None:
    e = parse_term("let x := f a\n  b\nx + 1")
    assert isinstance(e, A.Let) and show(e.value) == "(f a b)"
    e = parse_term("let x := f a\nx + 1")
    assert isinstance(e, A.Let) and show(e.value) == "(f a)" and show(e.body) == "(x + 1)"


def test_module_with_attrs_where_and_equations() -> None:
    src = """
@[reducible, simp]
def f (x : Nat) {α : Type} [BEq α] : Nat :=
  go x
where
  go : Nat → Nat
    | 0 => 0
    | n + 1 => go n
termination_by x

def listToNat : List Nat → Nat
| []       => 0
| d :: ds  => d + 10 * listToNat ds

theorem t (n : Nat) : n = n := by
  simp
"""
    m = parse_module(src)
    assert [d.name for d in m.defs] == ["f", "listToNat", "t"]
    f = m.defs[0]
    assert f.attrs == ["reducible", "simp"]
    assert [b.kind for b in f.binders] == ["explicit", "implicit", "inst"]
    assert f.where[0].name == "go" and len(f.where[0].alts) == 2
    assert len(m.defs[1].alts) == 2


def test_match_patterns_and_fun_patterns() -> None:
    e = parse_term("match l, k with\n| [], _ => 0\n| x :: xs, n + 1 => x\n| _, _ => 1")
    assert isinstance(e, A.Match) and len(e.alts) == 3 and len(e.discrs) == 2
    e = parse_term("fun (x, i) => x + i")
    assert isinstance(e, A.Lam) and e.binders[0].pattern is not None
    e = parse_term("fun | 0 => 1 | _ => 2")
    assert isinstance(e, A.FunMatch)


def test_literals() -> None:
    assert isinstance(parse_term('"a\\"b\\n"'), A.StrLit)
    assert parse_term('"a\\"b\\n"').value == 'a"b\n'  # type: ignore[attr-defined]
    assert parse_term("'\\''").value == "'"  # type: ignore[attr-defined]
    assert parse_term("123456789012345678901234567890").value == 123456789012345678901234567890  # type: ignore
    assert isinstance(parse_term("#[1, 2]"), A.ArrayLit)
    assert isinstance(parse_term("3.5"), A.FloatLit)
    t = parse_term("some (0, 1)")
    assert isinstance(t, A.App) and isinstance(t.args[0], A.Tuple)


def test_dependent_arrow_is_pi() -> None:
    e = parse_term("∀ i, (hi : i < a.size - 1) → a[i] ≤ a[i + 1]")
    assert isinstance(e, A.Quant) and isinstance(e.body, A.Pi)


@pytest.mark.parametrize("src", ["(a + ", "f (x", "def f : Nat := )", "let x := 1", "#[1, 2", '"abc'])
def test_errors_have_positions(src: str) -> None:
    with pytest.raises(LeanParseError) as info:
        parse_module(src) if src.startswith("def") else parse_term(src)
    assert info.value.line >= 1 and info.value.column >= 1
    assert ":" in str(info.value)
