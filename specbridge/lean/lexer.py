"""The one Lean 4 lexer: tokens with 1-based line:column positions, following Lean's own token rules.

The parser, the sandbox and the renderer all read Lean text through `lex` (the parser through `tokenize`,
which is `lex` without doc comments). The rules are Lean's, from `src/Lean/Parser/Basic.lean` (whitespace,
comments, string / char / raw-string / number literals, identifiers, `tokenFnAux`), `src/Lean/Parser/
StrInterpolation.lean` (interpolated strings) and `src/Init/Meta/Defs.lean` (`isIdFirst`, `isIdRest`,
`isLetterLike`, `isSubScriptAlnum`). Where Lean reports a lexical error, so does this lexer, with a
`LeanParseError` at the line:column Lean would report: Lean *recovers* from such an error and keeps parsing
from the error position, so text that this lexer would read as the inside of a literal can be code to
Lean; the sandbox therefore refuses any untrusted text that does not lex.

The lexer is total and linear: every input gives tokens or a `LeanParseError` (no other exception), and every
step consumes input. Differences from Lean's tokenizer, all on the safe side:

- The token table is SpecBridge's fixed `SYMBOLS` (Lean's grows with every `notation`, which specs may not
  use); a character that starts no known token is an error, not a guess.
- `a[i]'h` is one Lean token `]'`; it is emitted as `]` followed by `'` (no whitespace), as the parser reads it.
- A string literal is always lexed as Lean's plain `strLit`; when its text contains `{` the lexer also reads it
  as an interpolated string (`s!"…"`, `m!"…"`, `throwError "…"`: every `{…}` is code) within the same quotes
  and records the code pieces (`Token.pieces`) or that the two readings disagree (`Token.conflict`).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from specbridge.errors import LeanParseError

IDENT, NUM, FLOAT, STR, CHAR, SYM, KW, EOF = "ident", "num", "float", "str", "char", "sym", "kw", "eof"
DOC = "doc"  # `/-- … -/` and `/-! … -/`: real tokens in Lean (docComment / moduleDoc), skipped by the parser
NAME = "name"  # a Name literal `` `foo `` / ``` ``foo ``` (meta-level; the parser does not read it)

KEYWORDS = frozenset(
    """def theorem lemma abbrev where let rec have show from fun λ match with if then else do by at in mutual end
    namespace section open variable universe set_option termination_by decreasing_by instance structure inductive
    deriving import private protected noncomputable partial unsafe example macro notation infix infixl infixr prefix
    postfix syntax macro_rules class attribute omit include""".split()
)

# Longest match first.
SYMBOLS = sorted(
    """:= => -> → ← <- ↔ <-> ∧ /\\ ∨ \\/ ¬ ≠ ≤ ≥ <= >= == != && || ++ :: |>. |> <| $ ∘ ∣ ∈ ∉ × ⟨ ⟩ #[ [ ] ( ) { } ,
    : ; .. . · | + - * / % ^ < > = ! ? @[ @ ↑ ∀ ∃ ∃! ∑ ∏ ∩ ∪ ⊆ ⊂ ≡ \\ ~ ⁻¹ <$> >>= <|> ⦃ ⦄ ⌊ ⌋ ∅ ▸ ⊢ %[ ⋯ λ
    ↦ // # <+ <+: <:+ <:+: <<< >>> &&& ||| ^^^ <;> ` ‹ ›""".split(),
    key=len,
    reverse=True,
)
_SYMBOLS_BY_FIRST: dict[str, list[str]] = {}
for _s in SYMBOLS:
    _SYMBOLS_BY_FIRST.setdefault(_s[0], []).append(_s)

# Interpolated strings nest (`s!"{f s!"{x}"}"`); deeper than this is refused rather than recursed into.
MAX_INTERPOLATION_DEPTH = 8


@dataclass(slots=True)
class Token:
    kind: str
    text: str
    line: int
    col: int
    ws_before: bool  # whitespace (or a comment, or the start of input) right before the token
    value: object = None  # int / float / str for literals; the name (without «») for identifiers
    end_line: int = 0  # where the token's last character is (1-based), for multi-line literals
    escaped: bool = False  # an identifier with a «…» component
    # For a string literal whose text contains `{`: the `{…}` pieces read as code (Lean's interpolatedStr), or
    # `conflict` when that reading does not close at this literal's closing quote (or does not lex at all).
    pieces: tuple[tuple[Token, ...], ...] = ()
    conflict: str = ""

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Token({self.kind}, {self.text!r}, {self.line}:{self.col})"


# --- Lean's character classes (src/Init/Meta/Defs.lean; `Char.isAlpha`/`isDigit` are ASCII-only in Lean) -----


def is_letter_like(c: str) -> bool:
    o = ord(c)
    return (
        (0x3B1 <= o <= 0x3C9 and o != 0x3BB)  # lower Greek, but λ
        or (0x391 <= o <= 0x3A9 and o != 0x3A0 and o != 0x3A3)  # upper Greek, but Π and Σ
        or 0x3CA <= o <= 0x3FB  # Coptic
        or 0x1F00 <= o <= 0x1FFE  # polytonic Greek
        or 0x2100 <= o <= 0x214F  # letterlike block (ℕ, ℤ, …)
        or 0x1D49C <= o <= 0x1D59F  # script, double-struck, Fraktur
        or (0x00C0 <= o <= 0x00FF and o != 0x00D7 and o != 0x00F7)  # Latin-1 letters, but × and ÷
        or 0x0100 <= o <= 0x017F  # Latin Extended-A
    )


def is_subscript_alnum(c: str) -> bool:
    o = ord(c)
    return 0x2080 <= o <= 0x2089 or 0x2090 <= o <= 0x209C or 0x1D62 <= o <= 0x1D6A or o == 0x2C7C


def is_ascii_digit(c: str) -> bool:
    return "0" <= c <= "9"


def _is_ascii_alpha(c: str) -> bool:
    return "a" <= c <= "z" or "A" <= c <= "Z"


def is_id_first(c: str) -> bool:
    return _is_ascii_alpha(c) or c == "_" or is_letter_like(c)


def is_id_rest(c: str) -> bool:
    return _is_ascii_alpha(c) or is_ascii_digit(c) or c in "_'!?" or is_letter_like(c) or is_subscript_alnum(c)


def _is_hex(c: str) -> bool:
    return is_ascii_digit(c) or "a" <= c <= "f" or "A" <= c <= "F"


_QUOTABLE = {"\\": "\\", '"': '"', "'": "'", "r": "\r", "n": "\n", "t": "\t"}  # isQuotableCharDefault
_LEAN_WHITESPACE = " \t\r\n"  # Char.isWhitespace


class _Lexer:
    def __init__(self, text: str):
        self.text = text
        self.n = len(text)
        self._starts = [0]
        pos = text.find("\n")
        while pos >= 0:
            self._starts.append(pos + 1)
            pos = text.find("\n", pos + 1)

    # -- positions ---------------------------------------------------------------------------------------------

    def pos(self, i: int) -> tuple[int, int]:
        k = bisect.bisect_right(self._starts, i) - 1
        return k + 1, i - self._starts[k] + 1

    def error(self, message: str, i: int, token: str = "") -> LeanParseError:
        line, col = self.pos(min(i, self.n))
        return LeanParseError(message, line, col, token)

    def _char(self, i: int) -> str:
        return self.text[i] if i < self.n else ""

    # -- whitespace and comments (Basic.lean `whitespace`, `finishCommentBlock`) --------------------------------

    def skip(self, i: int, limit: int) -> int:
        """The position after Lean's `whitespace` from `i` (stops before a doc comment, which is a token)."""
        t, n = self.text, limit
        while i < n:
            c = t[i]
            if c == " " or c == "\n":
                i += 1
            elif c == "\t":
                raise self.error("tabs are not allowed; please configure your editor to expand them", i)
            elif c == "\r":
                raise self.error("isolated carriage returns are not allowed", i)
            elif c == "-" and self._char(i + 1) == "-":
                j = t.find("\n", i, n)
                i = n if j < 0 else j
            elif c == "/" and self._char(i + 1) == "-":
                if self._char(i + 2) in ("-", "!"):
                    return i  # "/--" and "/-!" doc comments are tokens
                # Lean skips the character after `/-` unexamined, then scans the body with nesting 1.
                i = self.finish_comment(i, i + 3, limit)
            else:
                return i
        return i

    def finish_comment(self, start: int, i: int, limit: int) -> int:
        """End of a block comment whose body starts at `i` (nesting 1); strings are not special inside."""
        t, n, depth = self.text, limit, 1
        while i < n:
            c = t[i]
            if c == "-" and i + 1 < n and t[i + 1] == "/":
                depth -= 1
                i += 2
                if depth == 0:
                    return i
            elif c == "/" and i + 1 < n and t[i + 1] == "-":
                depth += 1
                i += 2
            else:
                i += 1
        raise self.error("unterminated comment", start, t[start : start + 3])

    # -- escapes (Basic.lean `quotedCharCoreFn`, `stringGapFn`) --------------------------------------------------

    def escape(self, i: int, *, in_string: bool, interpolant: bool = False) -> tuple[int, str]:
        """`i` is just after a backslash: (position after the escape, the character(s) it stands for)."""
        t, n = self.text, self.n
        if i >= n:
            raise self.error("unexpected end of input after '\\'", i)
        c = t[i]
        if c in _QUOTABLE:
            return i + 1, _QUOTABLE[c]
        if interpolant and c == "{":  # isQuotableCharForStrInterpolant
            return i + 1, "{"
        if c == "x" or c == "u":
            k = 2 if c == "x" else 4
            digits = t[i + 1 : i + 1 + k]
            if len(digits) < k or not all(_is_hex(d) for d in digits):
                raise self.error("invalid hexadecimal numeral in escape sequence", i - 1, "\\" + t[i : i + 1 + k])
            return i + 1 + k, chr(int(digits, 16))  # at most 0xFFFF: always a valid code point
        if in_string and c == "\n":
            return self._string_gap(i), ""
        raise self.error("invalid escape sequence", i - 1, "\\" + c)

    def _string_gap(self, i: int) -> int:
        """`i` is at the newline of `\\⏎`: skip whitespace holding exactly one newline."""
        t, n = self.text, self.n
        seen = False
        while i < n:
            c = t[i]
            if c == "\n":
                if seen:
                    raise self.error("unexpected additional newline in string gap", i)
                seen = True
            elif c not in _LEAN_WHITESPACE:
                return i
            i += 1
        return i  # end of input: the string itself reports that it is unterminated

    # -- literals ----------------------------------------------------------------------------------------------

    def string(self, start: int) -> tuple[int, str]:
        """Lean's `strLitFnAux` from the opening quote at `start`: (position after the closing quote, value)."""
        t, n = self.text, self.n
        buf: list[str] = []
        i = start + 1
        while True:
            j = i
            while j < n and t[j] != '"' and t[j] != "\\":
                j += 1
            buf.append(t[i:j])
            if j >= n:
                raise self.error("unterminated string literal", start, '"')
            if t[j] == '"':
                return j + 1, "".join(buf)
            i, ch = self.escape(j + 1, in_string=True)
            buf.append(ch)

    def interpolated(self, start: int, limit: int, depth: int) -> tuple[int, list[tuple[Token, ...]]]:
        """Lean's `interpolatedStrFn` from the quote at `start`, reading no further than `limit`: (end, pieces)."""
        t = self.text
        pieces: list[tuple[Token, ...]] = []
        i = start + 1
        while True:
            if i >= limit:
                raise self.error("unterminated interpolated string", start, '"')
            c = t[i]
            if c == '"':
                return i + 1, pieces
            if c == "\\":
                i, _ = self.escape(i + 1, in_string=True, interpolant=True)
            elif c == "{":
                toks, i = self.code(i + 1, limit=limit, close_brace=True, depth=depth + 1)
                pieces.append(tuple(toks))
            else:
                i += 1

    def char(self, start: int) -> tuple[int, str]:
        """Lean's `charLitFnAux` after the opening quote at `start`."""
        i = start + 1
        if i >= self.n:
            raise self.error("unexpected end of input in character literal", start, "'")
        c = self.text[i]
        if c == "\\":
            i, ch = self.escape(i + 1, in_string=False)
        else:
            i, ch = i + 1, c
        if self._char(i) != "'":
            raise self.error("missing end of character literal", start, self.text[start : i + 1])
        return i + 1, ch

    def raw_string(self, start: int) -> int:
        """`r#…#"…"#…#` (Basic.lean `rawStrLitFnAux`) from the `r` at `start`: the position after it."""
        t = self.text
        i = start + 1
        while t[i] == "#":
            i += 1
        hashes = i - start - 1
        close = '"' + "#" * hashes
        j = t.find(close, i + 1)
        if j < 0:
            raise self.error("unterminated raw string literal", start, t[start : i + 1])
        return j + len(close)

    def _is_raw_start(self, i: int) -> bool:
        j = i + 1
        while j < self.n and self.text[j] == "#":
            j += 1
        return j < self.n and self.text[j] == '"'

    def _digits(self, i: int, ok: str, need: bool, what: str) -> int:
        """Lean's `takeDigitsFn`: digits and `_` separators; `_` (or `need`) demands a digit next."""
        t, n = self.text, self.n
        while True:
            c = t[i] if i < n else ""
            if c == "_":
                need = True
            elif c and c in ok:
                need = False
            elif need:
                raise self.error(f"unexpected character in {what}", i, c)
            else:
                return i
            i += 1

    def number(self, start: int, *, field_index: bool) -> tuple[str, int, object]:
        """Lean's `numberFnAux` (or `fieldIdxFn` right after a `.`): (kind, end, value)."""
        t = self.text
        dec = "0123456789"
        if field_index:
            j = start
            while j < self.n and is_ascii_digit(t[j]):
                j += 1
            return NUM, j, decimal_int(t[start:j])
        if t[start] == "0" and self._char(start + 1) in ("b", "B", "o", "O", "x", "X"):
            base, ok, what = {
                "b": (2, "01", "binary number"),
                "o": (8, "01234567", "octal number"),
                "x": (16, "0123456789abcdefABCDEF", "hexadecimal number"),
            }[t[start + 1].lower()]
            j = self._digits(start + 2, ok, True, what)
            return NUM, j, _int_base(t[start + 2 : j].replace("_", ""), base)
        j = self._digits(start + 1, dec, False, "decimal number")
        c = self._char(j)
        if c not in (".", "e", "E"):
            return NUM, j, decimal_int(t[start:j].replace("_", ""))
        if c == ".":  # parseOptDot: `2.` is a scientific literal too
            j += 1
            if is_ascii_digit(self._char(j)):
                j = self._digits(j, dec, False, "decimal number")
        if self._char(j) in ("e", "E"):  # parseOptExp
            k = j + 1
            if self._char(k) in ("+", "-"):
                k += 1
            if not is_ascii_digit(self._char(k)):
                raise self.error("missing exponent digits in scientific literal", k, t[start:k])
            j = self._digits(k, dec, False, "decimal number")
        return FLOAT, j, t[start:j].replace("_", "")

    def ident_end(self, i: int, limit: int) -> tuple[int, list[str], bool]:
        """Lean's `identFnAux` from `i` (at an id-first character or `«`): (end, components, escaped)."""
        t, n = self.text, limit
        parts: list[str] = []
        escaped = False
        while True:
            if t[i] == "«":
                j = t.find("»", i + 1, n)
                if j < 0:
                    raise self.error("unterminated identifier escape", i + 1, "«")
                parts.append(t[i + 1 : j])
                escaped = True
                i = j + 1
            else:
                j = i + 1
                while j < n and is_id_rest(t[j]):
                    j += 1
                parts.append(t[i:j])
                i = j
            if i + 1 < n and t[i] == "." and (is_id_first(t[i + 1]) or t[i + 1] == "«"):
                i += 1
                continue
            return i, parts, escaped

    def symbol_at(self, i: int) -> str:
        for s in _SYMBOLS_BY_FIRST.get(self.text[i], ()):
            if self.text.startswith(s, i):
                return s
        return ""

    # -- the token loop ----------------------------------------------------------------------------------------

    def code(self, i: int, *, limit: int, close_brace: bool, depth: int) -> tuple[list[Token], int]:
        """Tokens from `i`; with `close_brace`, up to the `}` closing an interpolation (returns the index after
        it). Nothing is read at or beyond `limit`: an interpolation must close inside its literal's quotes, so
        the interpolated reading of a literal costs no more than the literal's length."""
        if depth > MAX_INTERPOLATION_DEPTH:
            raise self.error("interpolated strings nested too deeply", i)
        t = self.text
        out: list[Token] = []
        braces = 0
        first = True
        while True:
            j = self.skip(i, limit)
            ws = j > i or (first and not close_brace)
            first = False
            i = j
            if i >= limit:
                if close_brace:
                    raise self.error("unterminated interpolation: expected '}'", i)
                line, col = self.pos(i)
                out.append(Token(EOF, "", line, col, True, end_line=line))
                return out, i
            start = i
            c = t[i]
            kind, value, escaped, pieces, conflict = SYM, None, False, (), ""
            if c == "/" and t.startswith(("/--", "/-!"), i):  # docComment / moduleDoc: a token
                kind = DOC
                i = self.finish_comment(start, start + 3, limit)
            elif c == '"':
                if close_brace:  # its closing quote can only be the enclosing literal's
                    raise self.error("string literal inside an interpolation", start, '"')
                kind = STR
                i, value = self.string(start)
                if "{" in t[start:i]:
                    try:
                        end, found = self.interpolated(start, i, depth)
                        if end != i:  # pragma: no cover - `interpolated` never reads past `i`
                            conflict = "read as an interpolated string it does not end at the same quote"
                        pieces = tuple(found)
                    except LeanParseError as exc:
                        conflict = f"read as an interpolated string (as after `s!`) it is not one: {exc}"
            elif c == "'" and self._char(i + 1) != "'":
                kind = CHAR
                i, value = self.char(start)
            elif is_ascii_digit(c):
                field = bool(out) and out[-1].text == "." and t[start - 1] == "." and c != "0"  # fieldIdxFn
                kind, i, value = self.number(start, field_index=field)
            elif c == "`" and i + 1 < self.n and (is_id_first(t[i + 1]) or t[i + 1] in "«`"):
                j = i + 2 if t[i + 1] == "`" else i + 1
                if j >= self.n or not (is_id_first(t[j]) or t[j] == "«"):
                    raise self.error("expected a name after '``'", j)
                i, parts, escaped = self.ident_end(j, limit)
                kind, value = NAME, ".".join(parts)
            elif c == "r" and self._is_raw_start(i):
                if close_brace:
                    raise self.error("raw string literal inside an interpolation", start)
                kind = STR
                i = self.raw_string(start)
                value = t[start:i].split('"', 1)[1].rsplit('"', 1)[0]
            elif c == "«" or is_id_first(c):
                i, parts, escaped = self.ident_end(i, limit)
                name = ".".join(parts)
                kind = KW if not escaped and len(parts) == 1 and name in KEYWORDS else IDENT
                value = name
            else:
                sym = self.symbol_at(i)
                if not sym:
                    raise self.error("unexpected character", i, c)
                i += len(sym)
                if close_brace and sym == "{":
                    braces += 1
                elif close_brace and sym == "}":
                    if braces == 0:
                        return out, i
                    braces -= 1
            if i > limit:
                raise self.error("token runs past the end of its interpolated string", start)
            line, col = self.pos(start)
            end_line = self.pos(i - 1)[0]
            out.append(Token(kind, t[start:i], line, col, ws, value, end_line, escaped, pieces, conflict))
            if kind == SYM and out[-1].text == "]" and i < limit and t[i] == "'":  # Lean's `]'` token
                out.append(Token(SYM, "'", line, col + 1, False, None, line))
                i += 1


def _int_base(digits: str, base: int) -> int:
    if base == 16 and len(digits) > 3000:  # chunked, like `decimal_int`, for huge literals
        value = 0
        for k in range(0, len(digits), 3000):
            chunk = digits[k : k + 3000]
            value = (value << (4 * len(chunk))) | int(chunk, 16)
        return value
    if base != 16 and len(digits) > 3000:
        value = 0
        for ch in digits:
            value = value * base + (ord(ch) - 48)
        return value
    return int(digits, base)


def decimal_int(digits: str) -> int:
    """`int(digits)` for literals of any size (Python refuses more than 4300 digits in one conversion)."""
    if len(digits) <= 4000:
        return int(digits)
    value = 0
    for k in range(0, len(digits), 4000):
        chunk = digits[k : k + 4000]
        value = value * 10 ** len(chunk) + int(chunk)
    return value


def decimal_str(value: int) -> str:
    """`str(value)` for integers of any size."""
    if value.bit_length() < 13000:
        return str(value)
    sign = "-" if value < 0 else ""
    value = abs(value)
    chunks = []
    base = 10**4000
    while value:
        value, r = divmod(value, base)
        chunks.append(r)
    return sign + str(chunks[-1]) + "".join(f"{c:04000d}" for c in reversed(chunks[:-1]))


def normalize_newlines(text: str) -> str:
    """Lean reads files through `String.crlfToLf`: every CRLF is one LF (an isolated CR stays, and is an error)."""
    return text.replace("\r\n", "\n") if "\r" in text else text


def lex(text: str) -> list[Token]:
    """Every token of `text` (doc comments included), ending with an EOF token.

    Raises `LeanParseError` with Lean's line:column for anything Lean's tokenizer rejects; never anything else.
    """
    text = normalize_newlines(text)
    lexer = _Lexer(text)
    try:
        tokens, _ = lexer.code(0, limit=len(text), close_brace=False, depth=0)
    except RecursionError as exc:  # pragma: no cover - bounded by MAX_INTERPOLATION_DEPTH
        raise LeanParseError("input nested too deeply", 1, 1) from exc
    return tokens


def tokenize(text: str) -> list[Token]:
    """The parser's view: `lex(text)` without doc comments (the parser treats them as comments, so the token
    after one counts as preceded by whitespace)."""
    out: list[Token] = []
    after_doc = False
    for t in lex(text):
        if t.kind == DOC:
            after_doc = True
            continue
        if after_doc and not t.ws_before:
            t.ws_before = True
        after_doc = False
        out.append(t)
    return out
