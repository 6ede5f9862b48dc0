"""Parsing is linear in nesting depth: brackets and braces are parsed once, never parsed, rewound and reparsed."""

from __future__ import annotations

import time

import pytest

from specbridge.errors import LeanParseError
from specbridge.lean import ast as A
from specbridge.lean.parser import parse_term

DEPTH = 25  # each level doubled the work before: 2^25 reparses never finished


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("[" * DEPTH + "1" + "]" * DEPTH, A.ListLit),
        ("{" * DEPTH + "1" + "}" * DEPTH, A.CollLit),
        ("[{" * DEPTH + "1, 2" + "}]" * DEPTH, A.ListLit),
        ("[0:" * DEPTH + "1" + "]" * DEPTH, A.App),
        ("{x ∈ " * DEPTH + "s | p x}" * DEPTH, A.SetComp),
        ("{x : Nat | " * DEPTH + "p x}" * DEPTH, A.SetComp),
    ],
)
def test_deep_nesting_parses_fast(text: str, kind: type) -> None:
    start = time.perf_counter()
    node = parse_term(text)
    assert time.perf_counter() - start < 0.5
    assert isinstance(node, kind)


@pytest.mark.parametrize("text", ["[" * DEPTH + "1 +" + "]" * DEPTH, "[" * DEPTH + "1, ," + "]" * DEPTH])
def test_deep_nesting_with_an_error_fails_fast(text: str) -> None:
    start = time.perf_counter()
    with pytest.raises(LeanParseError):
        parse_term(text)
    assert time.perf_counter() - start < 0.5


def test_very_deep_nesting_parses_or_is_a_parse_error() -> None:
    # the depth limit is Python's recursion limit (raised once the interpreter's big-stack thread exists)
    text = "[" * 400 + "1" + "]" * 400
    start = time.perf_counter()
    try:
        node = parse_term(text)
    except LeanParseError as exc:
        assert "nested too deeply" in str(exc)
    else:
        assert isinstance(node, A.ListLit)
    assert time.perf_counter() - start < 1.0


def test_bracket_forms_keep_their_meaning() -> None:
    lst = parse_term("[1, 2, 3]")
    assert isinstance(lst, A.ListLit) and len(lst.elems) == 3
    assert isinstance(parse_term("[]"), A.ListLit)
    rng = parse_term("[a:b:2]")
    assert isinstance(rng, A.App) and isinstance(rng.fn, A.Ident) and rng.fn.name == "Std.Range.toList"
    assert len(rng.args) == 3
    upto = parse_term("[:n]")
    assert isinstance(upto, A.App) and isinstance(upto.args[0], A.NumLit) and upto.args[0].value == 0
    coll = parse_term("{1, 2}")
    assert isinstance(coll, A.CollLit) and len(coll.elems) == 2
    inst = parse_term("{ s with x := 1 }")
    assert isinstance(inst, A.StructInst) and isinstance(inst.base, A.Ident)
    comp = parse_term("{x ∈ s | x > 0}")
    assert isinstance(comp, A.SetComp) and comp.name == "x" and isinstance(comp.domain, A.Ident)
