"""Refuse untrusted specs: anything that runs code at elaboration time or widens what Lean trusts.

Specs come from a model. Before any layer sees one, `check_untrusted` scans its tokens — skipping comments
(`--`, nested `/- -/`) and string / char literals the way Lean's own scanner does — and refuses commands
(`#eval`, `run_cmd`, `elab`, `notation`, …), trust-widening declarations (`axiom`, `sorry`, `unsafe`,
`@[extern]`, `opaque`, …), `set_option` outside an allow-list, `open` of namespaces outside an allow-list
(a spec-defined namespace could shadow the names our rendering refers to) and `import` outside
Mathlib/Std/Batteries/our own modules.

The scanner is deliberately conservative: where it is unsure whether text is a comment or string it treats
it as code, so it can only refuse too much, never too little. Escaped identifiers (`«sorry»`), unicode
lookalikes of refused words (`ѕorry` with a Cyrillic `ѕ`) and invisible or bidi-control characters are
refused too. Positions are 1-based line and 1-based column (in characters).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from specbridge.errors import UntrustedSpecError

# --- what is refused, with the reason shown to the user -------------------------------------------------

_COMMANDS_THAT_RUN_CODE = {
    "run_cmd": "runs arbitrary meta code",
    "run_elab": "runs arbitrary meta code",
    "run_meta": "runs arbitrary meta code",
    "run_tac": "runs arbitrary tactic code",
    "by_elab": "runs arbitrary elaborator code",
    "elab": "defines an elaborator (meta code run at elaboration time)",
    "elab_rules": "defines an elaborator (meta code run at elaboration time)",
    "macro": "defines a macro (rewrites syntax, can shadow our rendering)",
    "macro_rules": "defines a macro (rewrites syntax, can shadow our rendering)",
    "syntax": "extends the grammar (can change what our rendering means)",
    "declare_syntax_cat": "extends the grammar",
    "notation": "redefines notation (can change what our rendering means)",
    "infix": "redefines notation (can change what our rendering means)",
    "infixl": "redefines notation (can change what our rendering means)",
    "infixr": "redefines notation (can change what our rendering means)",
    "prefix": "redefines notation (can change what our rendering means)",
    "postfix": "redefines notation (can change what our rendering means)",
    "binop%": "elaborator-level notation",
    "initialize": "runs IO when the module is initialized",
    "builtin_initialize": "runs IO when the module is initialized",
    "simproc": "defines a simplification procedure (meta code)",
    "dsimproc": "defines a simplification procedure (meta code)",
    "simproc_decl": "defines a simplification procedure (meta code)",
    "meta": "declares meta code",
    "export": "creates aliases that can shadow the names our rendering uses",
    "register_option": "registers options (meta code)",
    "register_simp_attr": "registers attributes (meta code)",
    "unsafe": "unsafe code escapes the kernel's checks",
    "implemented_by": "replaces checked code by unchecked code",
    "extern": "replaces checked code by foreign code",
    "axiom": "adds an unproved assumption",
    "sorry": "admits a goal without proof",
    "admit": "admits a goal without proof",
    "sorryAx": "admits a goal without proof",
    "opaque": "declares a constant whose body the kernel cannot see or check",
    "native_decide": "trusts the compiler (only SpecBridge's own rendering may opt in)",
    "ofReduceBool": "trusts the compiler",
    "ofReduceNat": "trusts the compiler",
    "trustCompiler": "trusts the compiler",
    "native": "asks a tactic to trust the compiler",
    "lcProof": "an unchecked proof term",
    "unsafeCast": "unsafe code escapes the kernel's checks",
    "unsafeIO": "runs IO from pure code",
    "unsafeBaseIO": "runs IO from pure code",
    "unsafeEIO": "runs IO from pure code",
    "ptrAddrUnsafe": "unsafe code escapes the kernel's checks",
    "withPtrAddrUnsafe": "unsafe code escapes the kernel's checks",
    "plausible": "runs compiled spec code during elaboration",
    "slim_check": "runs compiled spec code during elaboration",
    "debug.skipKernelTC": "skips the kernel's type checking",
}

# Attributes a spec may use; anything else (`extern`, `implemented_by`, `init`, `csimp`, `export`,
# `command_elab`, `tactic`, …) is refused.
ALLOWED_ATTRIBUTES = frozenset(
    {
        "simp", "reducible", "irreducible", "semireducible", "inline", "noinline", "macro_inline",
        "specialize", "instance", "default_instance", "local", "scoped", "ext", "match_pattern",
        "pp_nodot", "inherit_doc", "deprecated", "induction_eliminator", "cases_eliminator",
        "grind", "refl", "symm", "trans", "norm_cast", "push_cast", "simps", "aesop",
    }
)  # fmt: skip

ALLOWED_IMPORT_ROOTS = frozenset({"Mathlib", "Std", "Batteries", "Init", "Aesop", "SpecBridge"})

# `set_option NAME …` is allowed for these names (or names under these prefixes ending in ".").
ALLOWED_OPTIONS = frozenset({"autoImplicit", "relaxedAutoImplicit", "maxRecDepth"})
ALLOWED_OPTION_PREFIXES = ("pp.", "linter.")

# Namespaces a spec may `open` (also `open … in`); opening anything else could shadow our names.
ALLOWED_OPEN_ROOTS = frozenset(
    {
        "List", "Array", "Nat", "Int", "String", "Char", "Option", "Prod", "Function", "Std", "Finset",
        "Multiset", "Set", "Classical", "BigOperators", "Decidable", "Bool", "Fin", "Sum", "Rat", "Real",
        "Float", "Vector", "Subarray", "HashMap", "HashSet", "Batteries", "Mathlib",
    }
)  # fmt: skip

# Strings after these heads are interpolated: `{…}` inside them is code.
_INTERPOLATING_HEADS = frozenset(
    {"s!", "m!", "f!", "throwError", "throwErrorAt", "logInfo", "logWarning", "logError", "dbg_trace"}
)

_INVISIBLE = {
    "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad",
    "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
}  # fmt: skip

# A few confusable letters (Cyrillic/Greek lookalikes of Latin); with NFKC this catches `ѕorry`, `ｓｏｒｒｙ`.
_CONFUSABLES = str.maketrans(
    {
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "ѕ": "s", "і": "i", "ј": "j", "у": "y", "х": "x",
        "ԁ": "d", "һ": "h", "ӏ": "l", "ո": "n", "ν": "v", "ο": "o", "α": "a", "ι": "i", "κ": "k", "τ": "t",
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
        "Х": "X", "ɑ": "a", "ｓ": "s",
    }
)  # fmt: skip


@dataclass(frozen=True)
class Violation:
    """One refused construct: what it is, where (1-based line:column), and why it is refused."""

    construct: str
    line: int
    column: int
    reason: str

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: `{self.construct}` is not allowed in a spec: {self.reason}"


@dataclass(frozen=True)
class _Tok:
    kind: str  # "ident" | "hash" | "sym" | "str" | "char" | "num" | "bad"
    text: str  # for idents: the name with «» removed from each component
    raw: str
    line: int
    column: int


# --- the scanner ---------------------------------------------------------------------------------------


def _is_id_first(c: str) -> bool:
    return c.isalpha() or c == "_" or _is_letter_like(c)


def _is_id_rest(c: str) -> bool:
    return c.isalnum() or c in "_'!?" or _is_letter_like(c) or _is_subscript(c)


def _is_letter_like(c: str) -> bool:
    # Lean's `isLetterLike`: Greek (except λ Π Σ), Coptic, letterlike symbols, and a few more.
    o = ord(c)
    return (
        (0x3B1 <= o <= 0x3C9 and o != 0x3BB)
        or (0x391 <= o <= 0x3A9 and o not in (0x3A0, 0x3A3))
        or 0x3CA <= o <= 0x3FB
        or 0x1F00 <= o <= 0x1FFE
        or 0x2100 <= o <= 0x214F
        or 0x1D49C <= o <= 0x1D59F
    )


def _is_subscript(c: str) -> bool:
    o = ord(c)
    return 0x2080 <= o <= 0x2089 or 0x2090 <= o <= 0x209C or 0x1D62 <= o <= 0x1D6A


class _Scanner:
    """Splits Lean text into tokens, dropping comments and literal contents (except interpolated code)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[_Tok] = []
        self.invisible: list[Violation] = []
        # line starts, for offset -> (line, column)
        self._starts = [0]
        for i, ch in enumerate(text):
            if ch == "\n":
                self._starts.append(i + 1)

    def pos(self, i: int) -> tuple[int, int]:
        lo, hi = 0, len(self._starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._starts[mid] <= i:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, i - self._starts[lo] + 1

    def _emit(self, kind: str, text: str, start: int, end: int) -> None:
        line, col = self.pos(start)
        self.tokens.append(_Tok(kind, text, self.text[start:end], line, col))

    def scan(self) -> list[_Tok]:
        for i, ch in enumerate(self.text):
            if ch in _INVISIBLE:
                line, col = self.pos(i)
                self.invisible.append(
                    Violation(
                        f"U+{ord(ch):04X}",
                        line,
                        col,
                        "invisible or bidi-control character (can make code read differently than it runs)",
                    )
                )
        self._code(0, close_brace=False)
        return self.tokens

    def _code(self, i: int, *, close_brace: bool) -> int:
        """Scan code from `i`; with `close_brace`, stop after the `}` closing an interpolation."""
        t = self.text
        n = len(t)
        depth = 0
        while i < n:
            c = t[i]
            if c.isspace():
                i += 1
            elif t.startswith("--", i):
                j = t.find("\n", i)
                i = n if j < 0 else j + 1
            elif t.startswith("/-", i):
                i = self._block_comment(i)
            elif c == '"':
                prev = self.tokens[-1] if self.tokens else None
                interpolated = prev is not None and prev.kind == "ident" and prev.text in _INTERPOLATING_HEADS
                i = self._string(i, interpolated=interpolated)
            elif c == "r" and self._raw_string_end(i) is not None:
                end = self._raw_string_end(i)
                assert end is not None
                self._emit("str", "", i, end)
                i = end
            elif c == "'" and self._char_end(i) is not None:
                end = self._char_end(i)
                assert end is not None
                self._emit("char", "", i, end)
                i = end
            elif c == "«" or _is_id_first(c):
                i = self._ident(i)
            elif c == "#" and i + 1 < n and (_is_id_first(t[i + 1]) or t[i + 1] == "«"):
                j = i + 1
                while j < n and (_is_id_rest(t[j]) or t[j] == "."):
                    j += 1
                self._emit("hash", t[i:j], i, j)
                i = j
            elif c.isdigit():
                j = self._number_end(i)
                self._emit("num", t[i:j], i, j)
                i = j
            else:
                if close_brace and c == "{":
                    depth += 1
                elif close_brace and c == "}":
                    if depth == 0:
                        return i + 1
                    depth -= 1
                # `binop%`-style elaborator names: ident immediately followed by `%` handled in _ident.
                self._emit("sym", c, i, i + 1)
                i += 1
        return i

    def _number_end(self, i: int) -> int:
        """Lean's numeric literals: `0x1F`, `0b101`, `0o17`, `12`, `1.5`, `1e-3`; nothing else is swallowed."""
        t, n = self.text, len(self.text)
        digits = "0123456789_"
        if t.startswith(("0x", "0X"), i):
            digits, i = "0123456789abcdefABCDEF_", i + 2
        elif t.startswith(("0b", "0B"), i):
            digits, i = "01_", i + 2
        elif t.startswith(("0o", "0O"), i):
            digits, i = "01234567_", i + 2
        j = i
        while j < n and t[j] in digits:
            j += 1
        if digits != "0123456789_":
            return j
        if j + 1 < n and t[j] == "." and t[j + 1].isdigit():
            j += 1
            while j < n and t[j].isdigit():
                j += 1
        if j < n and t[j] in "eE":
            k = j + 1
            if k < n and t[k] in "+-":
                k += 1
            if k < n and t[k].isdigit():
                j = k
                while j < n and t[j].isdigit():
                    j += 1
        return j

    def _block_comment(self, i: int) -> int:
        t, n, depth = self.text, len(self.text), 0
        while i < n:
            if t.startswith("/-", i):
                depth += 1
                i += 2
            elif t.startswith("-/", i):
                depth -= 1
                i += 2
                if depth == 0:
                    return i
            else:
                i += 1
        return n  # unterminated: Lean refuses the file; nothing after it runs

    def _string(self, i: int, *, interpolated: bool) -> int:
        t, n = self.text, len(self.text)
        start = i
        i += 1
        while i < n:
            c = t[i]
            if c == "\\":
                i += 2
            elif c == '"':
                self._emit("str", "", start, i + 1)
                return i + 1
            elif interpolated and c == "{":
                i = self._code(i + 1, close_brace=True)
            else:
                i += 1
        self._emit("str", "", start, n)
        return n

    def _raw_string_end(self, i: int) -> int | None:
        """`r"…"` / `r#"…"#` starting at `i` (only at a token start), else None."""
        t, n = self.text, len(self.text)
        if i > 0 and _is_id_rest(t[i - 1]):
            return None
        j = i + 1
        hashes = 0
        while j < n and t[j] == "#":
            hashes += 1
            j += 1
        if j >= n or t[j] != '"':
            return None
        close = '"' + "#" * hashes
        k = t.find(close, j + 1)
        return n if k < 0 else k + len(close)

    def _char_end(self, i: int) -> int | None:
        """A char literal `'a'`, `'\\n'`, `'\\x41'`, `'\\u{41}'` starting at `i`, else None."""
        t, n = self.text, len(self.text)
        j = i + 1
        if j >= n or t[j] in "'\n":
            return None
        if t[j] == "\\":
            j += 1
            if j >= n:
                return None
            if t[j] == "x":
                j += 3
            elif t[j] == "u":
                if j + 1 < n and t[j + 1] == "{":
                    k = t.find("}", j)
                    if k < 0:
                        return None
                    j = k + 1
                else:
                    j += 5
            else:
                j += 1
        else:
            j += 1
        if j < n and t[j] == "'":
            return j + 1
        return None

    def _ident(self, i: int) -> int:
        t, n = self.text, len(self.text)
        start = i
        parts: list[str] = []
        while True:
            if i < n and t[i] == "«":
                k = t.find("»", i + 1)
                if k < 0:
                    parts.append(t[i + 1 :])
                    i = n
                    break
                parts.append(t[i + 1 : k])
                i = k + 1
            elif i < n and _is_id_first(t[i]):
                j = i
                while j < n and _is_id_rest(t[j]):
                    j += 1
                parts.append(t[i:j])
                i = j
            else:
                break
            if i + 1 < n and t[i] == "." and (t[i + 1] == "«" or _is_id_first(t[i + 1])):
                i += 1
                continue
            break
        if i < n and t[i] == "%":  # `binop%`, `eval%`: elaborator-level term syntax
            parts[-1] += "%"
            i += 1
        self._emit("ident", ".".join(parts), start, i)
        return i


# --- the checks ----------------------------------------------------------------------------------------


def _skeleton(word: str) -> str:
    return unicodedata.normalize("NFKC", word).translate(_CONFUSABLES)


_SKELETONS = {_skeleton(w): w for w in _COMMANDS_THAT_RUN_CODE}


def _check_ident(tok: _Tok) -> Violation | None:
    escaped = "«" in tok.raw
    name = tok.text
    if name in _COMMANDS_THAT_RUN_CODE:
        return Violation(name, tok.line, tok.column, _COMMANDS_THAT_RUN_CODE[name])
    for part in name.split("."):
        if part in _COMMANDS_THAT_RUN_CODE and (escaped or part not in _KEYWORD_ONLY):
            return Violation(part, tok.line, tok.column, _COMMANDS_THAT_RUN_CODE[part])
        if part.startswith("#"):
            return Violation(part, tok.line, tok.column, "looks like a `#` command (runs or inspects code)")
        skel = _skeleton(part)
        if skel != part and skel in _SKELETONS:
            return Violation(
                part, tok.line, tok.column, f"looks like `{_SKELETONS[skel]}` (unicode lookalike characters)"
            )
    return None


# Words that are keywords in Lean: a dotted identifier containing them as a component is harmless
# (`h.admit`, `xs.prefix` are field accesses), so only whole tokens (or «escaped» parts) are refused.
_KEYWORD_ONLY = frozenset(
    {
        "elab", "macro", "syntax", "notation", "infix", "infixl", "infixr", "prefix", "postfix",
        "initialize", "unsafe", "axiom", "sorry", "admit", "opaque", "export", "meta", "native",
        "extern", "plausible", "simproc", "dsimproc", "run_cmd", "run_elab", "run_meta", "elab_rules",
        "macro_rules", "builtin_initialize", "declare_syntax_cat", "run_tac", "by_elab", "slim_check",
        "register_option", "register_simp_attr", "simproc_decl", "implemented_by", "native_decide",
    }
)  # fmt: skip


def _dotted_name(tokens: list[_Tok], k: int) -> tuple[str, int]:
    """The identifier at `tokens[k]` (if any) and the index after it."""
    if k < len(tokens) and tokens[k].kind == "ident":
        return tokens[k].text, k + 1
    return "", k


def _check_attributes(tokens: list[_Tok], k: int) -> tuple[list[Violation], int]:
    """`tokens[k]` is the `[` of `@[…]` or `attribute […]`: every attribute name must be allowed."""
    out: list[Violation] = []
    depth = 0
    expect_name = True
    i = k
    while i < len(tokens):
        tok = tokens[i]
        if tok.kind == "sym" and tok.text in "[(":
            depth += 1
        elif tok.kind == "sym" and tok.text in "])":
            depth -= 1
            if depth == 0:
                return out, i + 1
        elif tok.kind == "sym" and tok.text == "," and depth == 1:
            expect_name = True
        elif expect_name and depth == 1:
            if tok.kind == "sym" and tok.text in "-":
                pass
            elif tok.kind == "ident" and tok.text in ("local", "scoped"):
                pass
            else:
                name = tok.text if tok.kind == "ident" else tok.raw
                if name not in ALLOWED_ATTRIBUTES:
                    reason = _COMMANDS_THAT_RUN_CODE.get(name, "attribute outside SpecBridge's allow-list")
                    out.append(Violation(f"@[{name}]", tok.line, tok.column, reason))
                expect_name = False
        i += 1
    return out, i


_COMMAND_KEYWORDS = frozenset(
    {
        "def", "theorem", "lemma", "abbrev", "instance", "structure", "inductive", "class", "namespace",
        "section", "end", "open", "variable", "universe", "noncomputable", "private", "protected", "partial",
        "mutual", "example", "attribute", "set_option", "in", "import", "deriving", "where", "axiom",
        "opaque", "unsafe",
    }
)  # fmt: skip


def _option_allowed(name: str) -> bool:
    return name in ALLOWED_OPTIONS or any(name.startswith(p) for p in ALLOWED_OPTION_PREFIXES)


def find_violations(spec_text: str) -> list[Violation]:
    """Every refused construct in `spec_text`, in source order; empty when the spec may enter the pipeline."""
    scanner = _Scanner(spec_text)
    tokens = scanner.scan()
    out: list[Violation] = list(scanner.invisible)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.kind == "hash":
            out.append(Violation(tok.raw, tok.line, tok.column, "`#` commands run or inspect code"))
        elif tok.kind == "sym" and tok.text == "@" and i + 1 < len(tokens) and tokens[i + 1].text == "[":
            found, _ = _check_attributes(tokens, i + 1)
            out.extend(found)  # and keep scanning inside: attribute arguments are code too
        elif tok.kind == "ident" and tok.text == "attribute" and i + 1 < len(tokens) and tokens[i + 1].text == "[":
            found, _ = _check_attributes(tokens, i + 1)
            out.extend(found)
        elif tok.kind == "ident" and tok.text == "set_option":
            name, _ = _dotted_name(tokens, i + 1)
            if not _option_allowed(name):
                out.append(
                    Violation(
                        f"set_option {name}".strip(),
                        tok.line,
                        tok.column,
                        "option outside the allow-list (limits and checks are set by SpecBridge's rendering)",
                    )
                )
        elif tok.kind == "ident" and tok.text == "import":
            name, _ = _dotted_name(tokens, i + 1)
            if name.split(".")[0] not in ALLOWED_IMPORT_ROOTS:
                out.append(
                    Violation(
                        f"import {name}".strip(),
                        tok.line,
                        tok.column,
                        "only Mathlib, Std, Batteries and SpecBridge modules may be imported",
                    )
                )
        elif tok.kind == "ident" and tok.text == "open":
            j = i + 1
            while j < len(tokens) and tokens[j].kind == "ident" and tokens[j].text in ("scoped", "private"):
                j += 1
            while j < len(tokens) and tokens[j].kind == "ident" and tokens[j].text != "in":
                if tokens[j].text in _COMMAND_KEYWORDS:
                    break  # the next command starts (Lean's `open` takes identifiers up to a keyword)
                ns = tokens[j].text
                if ns.split(".")[0] not in ALLOWED_OPEN_ROOTS:
                    out.append(
                        Violation(
                            f"open {ns}",
                            tokens[j].line,
                            tokens[j].column,
                            "opening this namespace could shadow the names SpecBridge's rendering uses",
                        )
                    )
                j += 1
            if j < len(tokens) and tokens[j].kind == "sym" and tokens[j].text in "(":
                out.append(
                    Violation(
                        "open … (…)",
                        tokens[j].line,
                        tokens[j].column,
                        "selective/renaming opens can shadow the names SpecBridge's rendering uses",
                    )
                )
        elif tok.kind == "ident" and tok.text in ("renaming", "hiding"):
            out.append(Violation(tok.text, tok.line, tok.column, "renaming/hiding opens can shadow our names"))
        elif tok.kind == "ident":
            v = _check_ident(tok)
            if v is not None:
                out.append(v)
        i += 1
    out.sort(key=lambda v: (v.line, v.column))  # stable: an attribute's violation before its name's
    unique: list[Violation] = []
    for v in out:
        if not unique or (unique[-1].line, unique[-1].column) != (v.line, v.column):
            unique.append(v)
    return unique


def check_untrusted(spec_text: str) -> None:
    """Raise `UntrustedSpecError` naming each refused construct with its line:column; return when clean."""
    violations = find_violations(spec_text)
    if not violations:
        return
    first = violations[0]
    more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
    lines = "\n".join(f"  {v}" for v in violations)
    err = UntrustedSpecError(f"spec refused: {first}{more}\n{lines}")
    err.violations = violations  # type: ignore[attr-defined]
    raise err
