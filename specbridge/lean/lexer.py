"""Tokens of the Lean 4 used in specifications, with 1-based line:column positions.

Identifiers follow Lean's rules (letters, Greek, subscripts, `_`, and `'`, `!`, `?` after the first character);
a dotted name such as `List.map` or `s.toList` is one identifier token, as in Lean's own tokenizer.
"""

from __future__ import annotations

from dataclasses import dataclass

from specbridge.errors import LeanParseError

IDENT, NUM, FLOAT, STR, CHAR, SYM, KW, EOF = "ident", "num", "float", "str", "char", "sym", "kw", "eof"

KEYWORDS = frozenset(
    """def theorem lemma abbrev where let rec have show from fun λ match with if then else do by at in mutual end
    namespace section open variable universe set_option termination_by decreasing_by instance structure inductive
    deriving import private protected noncomputable partial unsafe example macro notation infix infixl infixr prefix
    postfix syntax macro_rules class attribute omit include""".split()
)

# Longest match first.
SYMBOLS = sorted(
    """:= => -> → ← <- ↔ <-> ∧ /\\ ∨ \\/ ¬ ≠ ≤ ≥ <= >= == != && || ++ :: |>. |> <| $ ∘ ∣ ∈ ∉ × ⟨ ⟩ #[ [ ] ( ) { } ,
    : ; .. . · | + - * / % ^ < > = ! ? @[ @ ↑ ∀ ∃ ∃! ∑ ∏ ∩ ∪ ⊆ ⊂ ≡ ‹ › \\ ~ ⁻¹ <$> >>= <|> ⦃ ⦄ ⌊ ⌋ ∅ ▸ ⊢ %[ ⋯ λ '
    ↦ // # <+ <+: <:+ <:+: <<< >>> &&& ||| ^^^""".split(),
    key=len,
    reverse=True,
)
_SYMBOL_FIRST = {s[0] for s in SYMBOLS}


@dataclass(slots=True)
class Token:
    kind: str
    text: str
    line: int
    col: int
    ws_before: bool  # whitespace (or a comment, or the start of input) right before the token
    value: object = None  # int / float / str for literals

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Token({self.kind}, {self.text!r}, {self.line}:{self.col})"


def _is_id_first(c: str) -> bool:
    if c.isalpha() or c == "_":
        return c not in "λΠΣ"
    o = ord(c)
    return 0x2100 <= o <= 0x214F or 0x1D49C <= o <= 0x1D59F  # letterlike (ℕ, ℤ, ...) and math script


def _is_id_rest(c: str) -> bool:
    if _is_id_first(c) or c.isdigit() or c in "'!?":
        return True
    o = ord(c)
    return 0x2080 <= o <= 0x209C or 0x1D62 <= o <= 0x1D6A or c == "ⱼ"  # subscripts


_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "r": "\r", "0": "\0"}


class Lexer:
    def __init__(self, text: str):
        self.text = text
        self.i = 0
        self.line = 1
        self.line_start = 0

    def error(self, message: str, token: str = "") -> LeanParseError:
        return LeanParseError(message, self.line, self.i - self.line_start + 1, token)

    def _newline(self, at: int) -> None:
        self.line += 1
        self.line_start = at + 1

    def _skip(self) -> bool:
        """Skip whitespace and comments; True when anything was skipped."""
        text, n = self.text, len(self.text)
        start = self.i
        while self.i < n:
            c = text[self.i]
            if c == "\n":
                self._newline(self.i)
                self.i += 1
            elif c in " \t\r":
                self.i += 1
            elif text.startswith("--", self.i):
                j = text.find("\n", self.i)
                self.i = n if j < 0 else j
            elif text.startswith("/-", self.i):
                depth, j = 1, self.i + 2
                while j < n and depth:
                    if text.startswith("/-", j):
                        depth += 1
                        j += 2
                    elif text.startswith("-/", j):
                        depth -= 1
                        j += 2
                    else:
                        if text[j] == "\n":
                            self._newline(j)
                        j += 1
                if depth:
                    raise self.error("unterminated comment")
                self.i = j
            else:
                break
        return self.i > start

    def _escape(self) -> str:
        text = self.text
        c = text[self.i]
        if c in _ESCAPES:
            self.i += 1
            return _ESCAPES[c]
        if c == "x":
            digits = text[self.i + 1 : self.i + 3]
            self.i += 3
            return chr(int(digits, 16))
        if c == "u" and text.startswith("{", self.i + 1):
            j = text.index("}", self.i)
            code = int(text[self.i + 2 : j], 16)
            self.i = j + 1
            return chr(code)
        raise self.error("unknown escape sequence", "\\" + c)

    def tokens(self) -> list[Token]:
        out: list[Token] = []
        text, n = self.text, len(self.text)
        while True:
            ws = self._skip() or not out
            if self.i >= n:
                out.append(Token(EOF, "", self.line, self.i - self.line_start + 1, True))
                return out
            line, col, start = self.line, self.i - self.line_start + 1, self.i
            c = text[self.i]
            if c.isdigit():
                out.append(self._number(line, col, ws))
            elif c == '"':
                self.i += 1
                buf = []
                while True:
                    if self.i >= n:
                        raise LeanParseError("unterminated string literal", line, col, '"')
                    ch = text[self.i]
                    if ch == '"':
                        self.i += 1
                        break
                    if ch == "\\":
                        self.i += 1
                        if self.i < n and text[self.i] == "\n":  # line continuation
                            self._newline(self.i)
                            self.i += 1
                            while self.i < n and text[self.i] in " \t":
                                self.i += 1
                            continue
                        buf.append(self._escape())
                        continue
                    if ch == "\n":
                        self._newline(self.i)
                    buf.append(ch)
                    self.i += 1
                s = "".join(buf)
                out.append(Token(STR, text[start : self.i], line, col, ws, s))
            elif c == "'" and self._char_ahead():
                self.i += 1
                if text[self.i] == "\\":
                    self.i += 1
                    ch = self._escape()
                else:
                    ch = text[self.i]
                    self.i += 1
                if self.i >= n or text[self.i] != "'":
                    raise LeanParseError("unterminated character literal", line, col, text[start : self.i])
                self.i += 1
                out.append(Token(CHAR, text[start : self.i], line, col, ws, ch))
            elif c == "«" or _is_id_first(c):
                out.append(self._ident(line, col, ws))
            elif c in _SYMBOL_FIRST:
                for s in SYMBOLS:
                    if text.startswith(s, self.i):
                        self.i += len(s)
                        out.append(Token(SYM, s, line, col, ws))
                        break
                else:  # pragma: no cover - _SYMBOL_FIRST guarantees a match
                    raise self.error("unexpected character", c)
            else:
                raise self.error("unexpected character", c)

    def _char_ahead(self) -> bool:
        text, i = self.text, self.i
        if i + 2 < len(text) and text[i + 1] == "\\":
            return True
        return i + 2 < len(text) + 0 and i + 2 <= len(text) - 1 and text[i + 2] == "'"

    def _ident(self, line: int, col: int, ws: bool) -> Token:
        text, n = self.text, len(self.text)
        start = self.i
        parts: list[str] = []
        while True:
            if self.i < n and text[self.i] == "«":
                j = text.find("»", self.i)
                if j < 0:
                    raise self.error("unterminated «identifier»")
                parts.append(text[self.i + 1 : j])
                self.i = j + 1
            else:
                j = self.i
                while j < n and _is_id_rest(text[j]):
                    j += 1
                parts.append(text[self.i : j])
                self.i = j
            # continue a dotted name only when an identifier character follows the dot
            if self.i + 1 < n and text[self.i] == "." and (_is_id_first(text[self.i + 1]) or text[self.i + 1] == "«"):
                self.i += 1
                continue
            break
        name = ".".join(parts)
        kind = KW if len(parts) == 1 and name in KEYWORDS else IDENT
        return Token(kind, text[start : self.i], line, col, ws, name)

    def _number(self, line: int, col: int, ws: bool) -> Token:
        text, n = self.text, len(self.text)
        start = self.i
        if text.startswith(("0x", "0X"), self.i):
            j = self.i + 2
            while j < n and (text[j] in "0123456789abcdefABCDEF_"):
                j += 1
            self.i = j
            return Token(NUM, text[start:j], line, col, ws, int(text[start + 2 : j].replace("_", ""), 16))
        if text.startswith(("0b", "0B"), self.i):
            j = self.i + 2
            while j < n and text[j] in "01_":
                j += 1
            self.i = j
            return Token(NUM, text[start:j], line, col, ws, int(text[start + 2 : j].replace("_", ""), 2))
        if text.startswith(("0o", "0O"), self.i):
            j = self.i + 2
            while j < n and text[j] in "01234567_":
                j += 1
            self.i = j
            return Token(NUM, text[start:j], line, col, ws, int(text[start + 2 : j].replace("_", ""), 8))
        j = self.i
        while j < n and (text[j].isdigit() or text[j] == "_"):
            j += 1
        is_float = False
        after_dot = start > 0 and text[start - 1] == "."  # `x.1.2` is two projections, not a float
        if not after_dot and j + 1 < n and text[j] == "." and text[j + 1].isdigit():
            is_float = True
            j += 1
            while j < n and text[j].isdigit():
                j += 1
        if not after_dot and j < n and text[j] in "eE":
            k = j + 1
            if k < n and text[k] in "+-":
                k += 1
            if k < n and text[k].isdigit():
                is_float = True
                j = k
                while j < n and text[j].isdigit():
                    j += 1
        self.i = j
        lit = text[start:j].replace("_", "")
        if is_float:
            return Token(FLOAT, text[start:j], line, col, ws, lit)
        return Token(NUM, text[start:j], line, col, ws, decimal_int(lit))


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


def tokenize(text: str) -> list[Token]:
    """The tokens of `text`, ending with an EOF token; raises LeanParseError with line:column on bad input."""
    try:
        return Lexer(text).tokens()
    except LeanParseError:
        raise
    except (ValueError, IndexError) as exc:
        raise LeanParseError(f"malformed literal ({exc})", 1, 1) from exc
