"""One test per Lean token rule the lexer follows, each naming the Lean source it follows, plus a property test.

Sources (leanprover/lean4, toolchain v4.29): src/Lean/Parser/Basic.lean (`whitespace`, `finishCommentBlock`,
`quotedCharCoreFn`, `stringGapFn`, `strLitFnAux`, `charLitFnAux`, `rawStrLitFnAux`, `takeDigitsFn`,
`decimalNumberFn`, `numberFnAux`, `identFnAux`, `tokenFnAux`, `fieldIdxFn`), src/Lean/Parser/StrInterpolation.lean
(`interpolatedStrFn`), src/Init/Meta/Defs.lean (`isIdFirst`, `isIdRest`, `isLetterLike`, `isSubScriptAlnum`),
src/Lean/Parser/Types.lean / `String.crlfToLf` (line endings).
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specbridge.errors import LeanParseError
from specbridge.lean.lexer import CHAR, DOC, EOF, FLOAT, IDENT, KW, NAME, NUM, STR, SYM, lex, tokenize
from specbridge.lean.sandbox import Trust, find_violations


def kinds(text: str) -> list[tuple[str, str]]:
    return [(t.kind, t.text) for t in lex(text) if t.kind != EOF]


def error(text: str) -> LeanParseError:
    with pytest.raises(LeanParseError) as info:
        lex(text)
    return info.value


# Basic.lean `quotedCharCoreFn` + `isQuotableCharDefault`: \\ \" \' \r \n \t, \xHH, \uHHHH; nothing else.
@pytest.mark.parametrize(
    ("escape", "value"),
    [("\\\\", "\\"), ('\\"', '"'), ("\\'", "'"), ("\\r", "\r"), ("\\n", "\n"), ("\\t", "\t"), ("\\x41", "A"),
     ("\\u03B1", "α"), ("\\uFFFF", "\uffff")],
)  # fmt: skip
def test_string_escapes_are_lean_s(escape: str, value: str) -> None:
    tok = lex(f'"{escape}"')[0]
    assert tok.kind == STR and tok.value == value


@pytest.mark.parametrize("bad", ["\\q", "\\0", "\\a", "\\u{41}", "\\u41", "\\x4", "\\xZZ", "\\{"])
def test_any_other_escape_is_an_error(bad: str) -> None:
    e = error(f'"{bad}"')
    assert e.line == 1 and e.column == 2  # at the backslash


def test_the_overflowing_unicode_escape_of_the_issue_is_a_lean_parse_error() -> None:
    e = error('"\\u{FFFFFFFFFFFFFFFFFFFF}"')
    assert "hexadecimal" in e.message


# Basic.lean `stringGapFn`: `\` newline, then whitespace holding exactly one newline, contributes nothing.
def test_string_gaps() -> None:
    assert lex('"ab\\\n    cd"')[0].value == "abcd"
    assert "additional newline" in error('"ab\\\n\n  cd"').message


# Basic.lean `strLitFnAux`: unterminated strings report the opening quote; newlines may appear inside.
def test_strings_may_span_lines_and_must_close() -> None:
    tok = lex('"a\nb" x')[0]
    assert tok.value == "a\nb" and tok.end_line == 2
    assert (error('x "abc').line, error('x "abc').column) == (1, 3)


# Basic.lean `charLitFnAux`: one character (or one escape, no gaps) and a closing quote.
def test_char_literals() -> None:
    assert [t.value for t in lex("'a' '\\n' '\\x41' '\"' '→'") if t.kind == CHAR] == ["a", "\n", "A", '"', "→"]
    assert "missing end of character literal" in error("'ab'").message
    assert "missing end of character literal" in error("'a").message


# Basic.lean `rawStrLitFnAux`: r"…", r#"…"#; no escapes inside; the closing quote needs as many #s.
def test_raw_strings() -> None:
    assert lex('r"a\\q"')[0].value == "a\\q"
    assert lex('r#"say "hi""#')[0].value == 'say "hi"'
    assert "unterminated raw string" in error('r#"abc"').message


# Basic.lean `whitespace` + `finishCommentBlock`: nested block comments; `/-` skips one character unexamined;
# strings are not special inside comments; `/--` and `/-!` are doc-comment tokens.
def test_block_comments_nest_and_skip_one_character() -> None:
    assert kinds("/- a /- b -/ c -/ x") == [(IDENT, "x")]
    assert kinds("/-/- -/ x") == [(IDENT, "x")]  # the `/` after `/-` is not an opener
    assert kinds('/- " -/ x -- "') == [(IDENT, "x")]
    assert "unterminated comment" in error("/- /- -/").message
    assert [k for k, _ in kinds("/-- doc -/ def /-! mod -/")] == [DOC, KW, DOC]
    assert kinds("/---/ x") == [(DOC, "/---/"), (IDENT, "x")]


# Basic.lean `whitespace`: tabs and isolated carriage returns are errors; CRLF is read as LF (`crlfToLf`).
def test_tabs_and_carriage_returns() -> None:
    assert "tabs are not allowed" in error("def\tx").message
    assert "carriage return" in error("a\rb").message
    assert [(t.text, t.line) for t in lex("a\r\nb")[:2]] == [("a", 1), ("b", 2)]
    assert lex('"a\tb"')[0].value == "a\tb"  # inside a string a tab is just a character


# Init/Meta/Defs.lean: `Char.isAlpha`/`isDigit` are ASCII; letter-like Greek, Latin-1/Extended-A, subscripts.
def test_identifier_characters_are_lean_s() -> None:
    assert kinds("α₁ ℕ café x' h! p? xⱼ") == [
        (IDENT, "α₁"), (IDENT, "ℕ"), (IDENT, "café"), (IDENT, "x'"), (IDENT, "h!"), (IDENT, "p?"), (IDENT, "xⱼ"),
    ]  # fmt: skip
    assert "unexpected character" in error("ж").message  # Cyrillic: not a Lean identifier character
    assert kinds("λ") == [(SYM, "λ")]  # λ, Π, Σ are excluded from letter-like


# Basic.lean `numberFnAux`: digits are ASCII only — `²`, `٣`, `¹` start no token (the old scanner looped).
@pytest.mark.parametrize("text", ["x²", "٣", "¹", "x ⁴"])
def test_non_ascii_digits_start_no_token(text: str) -> None:
    assert "unexpected character" in error(text).message


# Basic.lean `takeDigitsFn` / `decimalNumberFn` / `numberFnAux` / `fieldIdxFn`.
def test_numeric_literals() -> None:
    toks = [t for t in lex("0x1F 0b101 0o17 1_000 2.5 2. 1e3 1.5E-2 x.1.2") if t.kind != EOF]
    assert [(t.kind, t.value) for t in toks[:8]] == [
        (NUM, 31), (NUM, 5), (NUM, 15), (NUM, 1000), (FLOAT, "2.5"), (FLOAT, "2."), (FLOAT, "1e3"), (FLOAT, "1.5E-2"),
    ]  # fmt: skip
    assert [(t.kind, t.text) for t in toks[8:]] == [(IDENT, "x"), (SYM, "."), (NUM, "1"), (SYM, "."), (NUM, "2")]
    for bad in ("0x", "0b2", "1_", "2e", "1e+"):
        with pytest.raises(LeanParseError):
            lex(bad)


# Basic.lean `identFnAux`: «…» parts, dotted names, unterminated escapes are errors.
def test_escaped_and_dotted_identifiers() -> None:
    tok = lex("«a b».c.«d»")[0]
    assert (tok.kind, tok.value, tok.escaped) == (IDENT, "a b.c.d", True)
    assert lex("«def»")[0].kind == IDENT and lex("def")[0].kind == KW
    assert "unterminated identifier escape" in error("x «abc").message


# Basic.lean `tokenFnAux`: a backquote before a name is a Name literal.
def test_name_literals() -> None:
    assert kinds("`Nat.add ``List") == [(NAME, "`Nat.add"), (NAME, "``List")]


# StrInterpolation.lean `interpolatedStrFn`: `{…}` is a term; `\{` is an escape there (only there).
def test_interpolated_reading_of_strings() -> None:
    tok = lex('s!"a{x + 1}b{y}"')[1]
    assert [[p.text for p in piece] for piece in tok.pieces] == [["x", "+", "1"], ["y"]] and not tok.conflict
    assert lex('"{"')[0].conflict  # as an interpolated string it does not close at this quote
    assert lex('"{x -- }"')[0].conflict  # the comment swallows the closing brace
    assert not lex('"} {}"')[0].conflict


def test_the_parser_sees_the_lexers_tokens_without_doc_comments() -> None:
    text = "/-- d -/\ndef x := 1"
    assert [t.text for t in tokenize(text)] == [t.text for t in lex(text) if t.kind != DOC]
    assert tokenize(text)[0].ws_before


# --- the property test: random token soup ---------------------------------------------------------------

_PIECES = [
    "def", "theorem", "x", "xs.map", "«a»", "«", "»", " ", "\n", "\t", "\r", "\r\n", "--", "/-", "-/", "/--",
    "/-!", '"', "'", "\\", "\\n", "\\x4", "\\u00e9", "\\u{", "{", "}", "(", ")", "[", "]", "s!", "r#", "#", "r",
    "0x", "1", "2.", "e", "_", "²", "٣", "¹", "⁻¹", "#eval", "by", "simp", "sorry", "@[", "%", "`", "λ", "→", "·",
    ":=", "ж", "\u202e", ".", "1_", "0b", "é", "₁", "'a'",
]  # fmt: skip


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PIECES), max_size=60))
def test_token_soup_never_crashes_and_parser_and_sandbox_agree(pieces: list[str]) -> None:
    text = "".join(pieces)
    start = time.perf_counter()
    try:
        full = lex(text)
    except LeanParseError:
        full = None
    if full is None:
        with pytest.raises(LeanParseError):
            tokenize(text)
        assert find_violations(text)  # a lexical error (or an invisible character at the same place)
    else:
        parser_view = tokenize(text)
        assert [(t.kind, t.text, t.line, t.col) for t in parser_view] == [
            (t.kind, t.text, t.line, t.col) for t in full if t.kind != DOC
        ]
        find_violations(text)  # never raises
    assert time.perf_counter() - start < 3.0


@pytest.mark.parametrize(
    "text",
    [
        '"{' * 20000,
        "«" * 20000,
        "/-" * 20000,
        '"' + "{x}" * 20000 + '"',
        '"{/-' * 20000,
        "x²" * 20000,
        "@[(" * 20000,
        "attribute [" * 10000,
        "open Std " * 10000,
        "by (" * 10000,
        "deriving Repr, " * 10000,
        "a." * 30000 + "b",
    ],
)
def test_adversarial_inputs_take_linear_time(text: str) -> None:
    start = time.perf_counter()
    try:
        lex(text)
    except LeanParseError:
        pass
    find_violations(text)
    assert time.perf_counter() - start < 5.0  # linear; quadratic would take minutes here


_SANDBOX_PIECES = [
    "def", "theorem", "structure", "where", "deriving", "mutual", "end", "open", "in", "attribute", "@[", "]", "[",
    "simp", "local", "instance", ",", "by", "decreasing_by", "first", "|", "·", "<;>", ";", "=>", "(", ")", "{", "}",
    "⟨", "⟩", ":=", "x", "Std", "Lean", "s!", '"', "\n", " ", "--", "/-", "-/", "%", "binop", "`", "#", "+", "-",
    "arith", "config", "decide", "evil", "«", "»", "1", "noncomputable", "SpecBridge", "cases", "with", "then", "if",
]  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_SANDBOX_PIECES), max_size=80))
def test_sandbox_never_raises_or_hangs_on_command_soup(pieces: list[str]) -> None:
    text = "".join(pieces)
    start = time.perf_counter()
    for trust in Trust:
        find_violations(text, trust=trust)
    find_violations(text, term=True)
    assert time.perf_counter() - start < 3.0


def test_a_malformed_attribute_list_does_not_hang_the_sandbox() -> None:
    text = "(firsts!@[mutual',endarithby)whereStd  mutualcasesattributearith<;>)|simpmutual<;>deriving[attribute"
    assert find_violations(text)
