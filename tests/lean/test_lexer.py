"""Lexer: Lean identifiers, literals with escapes, comments, positions."""

from __future__ import annotations

import pytest

from specbridge.errors import LeanParseError
from specbridge.lean.lexer import CHAR, FLOAT, IDENT, KW, NUM, STR, SYM, tokenize


def kinds(text: str) -> list[tuple[str, str]]:
    return [(t.kind, t.text) for t in tokenize(text)[:-1]]


def test_identifiers_with_bang_question_prime_and_dots() -> None:
    assert kinds("l.getLast! xs.find? x' List.map h₁") == [
        (IDENT, "l.getLast!"),
        (IDENT, "xs.find?"),
        (IDENT, "x'"),
        (IDENT, "List.map"),
        (IDENT, "h₁"),
    ]


def test_index_bang_is_a_separate_symbol() -> None:
    assert kinds("a[i]!") == [(IDENT, "a"), (SYM, "["), (IDENT, "i"), (SYM, "]"), (SYM, "!")]


def test_projections_are_not_floats() -> None:
    assert kinds("x.1.2") == [(IDENT, "x"), (SYM, "."), (NUM, "1"), (SYM, "."), (NUM, "2")]
    assert kinds("3.25")[0] == (FLOAT, "3.25")


def test_literals_and_escapes() -> None:
    toks = tokenize(r'"a\"b\n\x41\u03B1" ' + r"'\n' 'c' 0x1F 1_000 123456789012345678901234567890")
    assert toks[0].kind == STR and toks[0].value == 'a"b\nAα'
    assert toks[1].kind == CHAR and toks[1].value == "\n"
    assert toks[2].value == "c"
    assert toks[3].value == 31 and toks[4].value == 1000
    assert toks[5].value == 123456789012345678901234567890


def test_comments_and_positions() -> None:
    toks = tokenize("-- line\n/- block /- nested -/ -/\n  def x := 1")
    assert toks[0].kind == KW and toks[0].text == "def"
    assert (toks[0].line, toks[0].col) == (3, 3)


def test_unicode_symbols_longest_match() -> None:
    assert [t.text for t in tokenize("a ≤ b → c ↔ d |>.f <| ·")[:-1]] == [
        "a",
        "≤",
        "b",
        "→",
        "c",
        "↔",
        "d",
        "|>.",
        "f",
        "<|",
        "·",
    ]


@pytest.mark.parametrize("text", ['"abc', "/- never closed", r'"\q"', "§"])
def test_bad_input_has_position(text: str) -> None:
    with pytest.raises(LeanParseError) as info:
        tokenize(text)
    assert info.value.line == 1 and info.value.column >= 1


def test_numeric_literals_of_any_size() -> None:
    digits = "7" * 9000  # beyond Python's 4300-digit int() limit
    tok = tokenize(digits)[0]
    expected = 0
    for _ in range(9):
        expected = expected * 10**1000 + int("7" * 1000)
    assert tok.kind == NUM and tok.value == expected
