"""A Pratt parser for the Lean 4 of specifications, with Lean's precedences (src/Init/Notation.lean, Core.lean).

`parse_module(text)` reads commands (`def`, `abbrev`, `theorem`, `where`, `mutual`, attributes, `open`, ...);
`parse_term(text)` reads one term (also used for test values such as `#[1, 2]` or `some (0, 1)`).
Every failure is a `LeanParseError` with the line:column and the offending token.
"""

from __future__ import annotations

from specbridge.errors import LeanParseError
from specbridge.lean import ast as A
from specbridge.lean.lexer import CHAR, EOF, FLOAT, IDENT, KW, NUM, STR, SYM, Token, tokenize

MAX_PREC = 1024
ARG_PREC = 1023
LEAD_PREC = 1022
MIN_PREC = 10

# op -> (precedence, associativity: l / r / n)
TRAILING: dict[str, tuple[int, str]] = {
    "∘": (90, "r"),
    "^": (80, "r"),
    "<<<": (75, "l"),
    ">>>": (75, "l"),
    "&&&": (60, "l"),
    "^^^": (58, "l"),
    "|||": (55, "l"),
    "▸": (75, "r"),
    "*": (70, "l"),
    "/": (70, "l"),
    "%": (70, "l"),
    "∩": (70, "l"),
    "\\": (70, "l"),
    "+": (65, "l"),
    "-": (65, "l"),
    "++": (65, "l"),
    "∪": (65, "l"),
    "::": (67, "r"),
    "<$>": (100, "r"),
    ">>=": (55, "l"),
    "=": (50, "n"),
    "≠": (50, "n"),
    "<": (50, "n"),
    ">": (50, "n"),
    "≤": (50, "n"),
    "≥": (50, "n"),
    "<=": (50, "n"),
    ">=": (50, "n"),
    "==": (50, "n"),
    "!=": (50, "n"),
    "∣": (50, "n"),
    "∈": (50, "n"),
    "∉": (50, "n"),
    "⊆": (50, "n"),
    "⊂": (50, "n"),
    "≡": (50, "n"),
    "~": (50, "l"),
    "<+": (50, "l"),
    "<+:": (50, "l"),
    "<:+": (50, "l"),
    "<:+:": (50, "l"),
    "×": (35, "r"),
    "∧": (35, "r"),
    "/\\": (35, "r"),
    "&&": (35, "l"),
    "∨": (30, "r"),
    "\\/": (30, "r"),
    "||": (30, "l"),
    "→": (25, "r"),
    "->": (25, "r"),
    "↔": (20, "n"),
    "<->": (20, "n"),
    "<|>": (20, "r"),
    "|>": (MIN_PREC, "l"),
    "|>.": (MIN_PREC, "l"),
    "<|": (MIN_PREC, "r"),
    "$": (MIN_PREC, "r"),
}
NORMALISE = {"/\\": "∧", "\\/": "∨", "->": "→", "<=": "≤", ">=": "≥", "<->": "↔", "$": "<|"}

COMMAND_KWS = frozenset(
    """def theorem lemma abbrev instance example structure inductive class namespace section end open variable
    universe set_option mutual import attribute deriving macro notation infix infixl infixr prefix postfix syntax
    macro_rules private protected noncomputable partial unsafe omit include""".split()
)
MODIFIERS = frozenset("private protected noncomputable partial unsafe".split())
# Tokens that may begin an application argument.
_ARG_START_SYMS = frozenset(["(", "[", "#[", "⟨", "·", "↑", "@", "∅", "{"])
_BINDER_PRED_OPS = frozenset(["<", "≤", "<=", ">", "≥", ">=", "∈", "∉", "≠", "⊆"])
_CLOSERS = {"(": ")", "[": "]", "#[": "]", "⟨": "⟩", "{": "}", "⦃": "⦄", "@[": "]", "%[": "]"}


class UnsupportedSyntax(LeanParseError):
    """Valid Lean the parser does not model (do-notation); a definition using it is skipped, not an error."""


class Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks: list[Token] = tokenize(text)
        self.i = 0
        self.col_limit = 0  # application arguments must start at a column > col_limit (Lean's checkColGt)
        self._stop_at_do = False  # inside `for x in e do` / `while c do`: `do` ends the term
        self.cdots: list[list[A.Binder]] = []
        self._fresh = 0

    # -- token helpers -------------------------------------------------------------------------------------------
    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Token:
        j = min(self.i + k, len(self.toks) - 1)
        return self.toks[j]

    def advance(self) -> Token:
        t = self.toks[self.i]
        if t.kind != EOF:
            self.i += 1
        return t

    def is_sym(self, *syms: str) -> bool:
        t = self.tok
        return t.kind == SYM and t.text in syms

    def is_kw(self, *kws: str) -> bool:
        t = self.tok
        return t.kind == KW and t.text in kws

    def error(self, message: str, tok: Token | None = None) -> LeanParseError:
        t = tok or self.tok
        return LeanParseError(message, t.line, t.col, t.text if t.kind != EOF else "end of input")

    def expect_sym(self, sym: str) -> Token:
        if not self.is_sym(sym):
            raise self.error(f"expected '{sym}'")
        return self.advance()

    def expect_kw(self, kw: str) -> Token:
        if not self.is_kw(kw):
            raise self.error(f"expected '{kw}'")
        return self.advance()

    def expect_ident(self) -> Token:
        if self.tok.kind != IDENT:
            raise self.error("expected an identifier")
        return self.advance()

    # -- module level --------------------------------------------------------------------------------------------
    def parse_module(self) -> A.Module:
        defs: list[A.Def] = []
        opens: list[str] = []
        skipped: list[str] = []
        namespaces: list[str] = []
        unsupported: dict[str, str] = {}
        structures: list[A.Structure] = []
        inductives: list[A.Inductive] = []
        while self.tok.kind != EOF:
            t = self.tok
            attrs: list[str] = []
            mods: list[str] = []
            if self.is_sym("@["):
                attrs = self._attributes()
                continue_t = self.tok
                if continue_t.kind == EOF:
                    break
            while self.is_kw(*MODIFIERS):
                mods.append(self.advance().text)
            t = self.tok
            if t.kind == KW and t.text in ("def", "abbrev", "theorem", "lemma", "instance", "example"):
                try:
                    d = self._def(attrs, mods)
                except UnsupportedSyntax as exc:
                    # valid Lean we do not model: skip the definition, remember why (used -> unsupported)
                    name_tok = self.toks[self._index_after(t)]
                    unsupported[str(name_tok.value)] = exc.message
                    self._skip_command_rest(t)
                    continue
                if namespaces and d.kind in ("def", "abbrev"):
                    d.name = ".".join([*namespaces, d.name])
                defs.append(d)
            elif t.kind == KW and t.text == "structure":
                structures.append(self._structure())
            elif t.kind == KW and t.text == "inductive":
                try:
                    inductives.append(self._inductive())
                except LeanParseError as exc:
                    # a declaration we cannot read: using its name is a named unknown, not `unknown identifier`
                    name_tok = self.toks[self._index_after(t)]
                    if name_tok.kind == IDENT:
                        unsupported[str(name_tok.value)] = f"inductive {name_tok.value} ({exc.message})"
                    skipped.append("inductive")
                    self.i = self._index_after(t)
                    self._skip_command_rest(t)
            elif t.kind == KW and t.text == "mutual":
                self.advance()
            elif t.kind == KW and t.text == "end":
                self.advance()
                if self.tok.kind == IDENT and self.tok.line == t.line:
                    name = self.advance().value
                    if namespaces and namespaces[-1] == name:
                        namespaces.pop()
            elif t.kind == KW and t.text == "namespace":
                self.advance()
                namespaces.append(str(self.expect_ident().value))
            elif t.kind == KW and t.text == "open":
                self.advance()
                while self.tok.kind == IDENT and self.tok.line == t.line:
                    opens.append(str(self.advance().value))
                if self.is_kw("in"):
                    self.advance()
                self._skip_command_rest(t)
            elif t.kind == KW and t.text in ("section", "import", "set_option", "variable", "universe", "attribute"):
                skipped.append(self._command_text(t))  # the elaborator decides what it may ignore
                self.advance()
                self._skip_command_rest(t)
            elif t.col == 1 and (t.kind in (KW, IDENT) or (t.kind == SYM and t.text == "#")):
                # other commands (`#eval`, `axiom`, `notation`, ...): recorded for the elaborator, not parsed
                skipped.append(self._command_text(t))
                self.advance()
                self._skip_command_rest(t)
            else:
                raise self.error("expected a command (def, theorem, ...)")
        return A.Module(1, 1, defs, opens, skipped, unsupported, structures, inductives)

    def _command_text(self, t: Token) -> str:
        """The source text of the command starting at `t` (its first line, shortened) for messages."""
        line = self.text.splitlines()[t.line - 1][t.col - 1 :].strip()
        return line if len(line) <= 60 else line[:57] + "..."

    def _inductive(self) -> A.Inductive:
        kw = self.advance()
        name = str(self.expect_ident().value)
        saved = self.col_limit
        self.col_limit = kw.col
        try:
            params = self._binders(stop=("where", ":", "|", "deriving"))
            sort: A.Node | None = None
            if self.is_sym(":"):
                self.advance()
                sort = self.parse_expr(0)  # the sort (`Type`), or `α → … → Prop` for an inductive predicate
            if self.is_kw("where"):
                self.advance()
            ctors: list[tuple[str, list[A.Node]]] = []
            sigs: list[A.CtorSig] = []
            while self.is_sym("|"):
                bar = self.advance()
                cname = str(self.expect_ident().value)
                args: list[A.Node] = []
                binders = self._binders(stop=(":", "|", "deriving"))
                for b in binders:
                    if b.kind == "explicit":
                        args.append(b.type or A.Hole(b.line, b.col))
                full: A.Node | None = None
                if self.is_sym(":"):
                    self.advance()
                    typ = full = self.parse_expr(0)
                    while isinstance(typ, A.BinOp) and typ.op == "→":
                        args.append(typ.lhs)
                        typ = typ.rhs
                ctors.append((cname, args))
                sigs.append(A.CtorSig(bar.line, bar.col, cname, binders, full))
        finally:
            self.col_limit = saved
        if self.is_kw("deriving"):
            self._skip_command_rest(kw)
        return A.Inductive(kw.line, kw.col, name, params, ctors, sort, sigs)

    def _structure(self) -> A.Structure:
        kw = self.advance()
        name = str(self.expect_ident().value)
        saved = self.col_limit
        self.col_limit = kw.col
        params = self._binders(stop=("where", ":=", "extends", "deriving"))
        if self.tok.kind == IDENT and self.tok.text == "extends":
            raise UnsupportedSyntax("structure extends", self.tok.line, self.tok.col, "extends")
        fields: list[tuple[str, A.Node]] = []
        defaults: dict[str, A.Node] = {}
        if self.is_kw("where") or self.is_sym(":="):
            self.advance()
            if self.tok.kind == IDENT and self.peek().kind == SYM and self.peek().text == "::":
                self.advance()  # custom constructor name `mk ::`
                self.advance()
            while self.tok.kind != EOF and self.tok.col > kw.col and not self.is_kw("deriving"):
                if self.is_sym("("):
                    for b in self._bracket_binder():
                        fields.append((b.name or "_", b.type or A.Hole(b.line, b.col)))
                    continue
                field_tok = self.tok
                names = [str(self.expect_ident().value)]
                while self.tok.kind == IDENT:
                    names.append(str(self.advance().value))
                self.expect_sym(":")
                # a field's type ends where the next field begins (a line at the field's column)
                self.col_limit = field_tok.col
                typ = self.parse_expr(0)
                if self.is_sym(":="):
                    self.advance()
                    dflt = self.parse_expr(0)
                    for n in names:
                        defaults[n] = dflt
                self.col_limit = kw.col
                fields.extend((n, typ) for n in names)
        self.col_limit = saved
        if self.is_kw("deriving"):
            self._skip_command_rest(kw)
        return A.Structure(kw.line, kw.col, name, params, fields, defaults)

    def _index_after(self, kw: Token) -> int:
        """Index of the token right after `kw` (the definition's name)."""
        j = self.toks.index(kw)
        return min(j + 1, len(self.toks) - 1)

    def _skip_command_rest(self, start: Token) -> None:
        """Skip to the next token that begins a line at column 1 (the next command)."""
        while self.tok.kind != EOF and not (self.tok.col == 1 and self.tok.line > start.line):
            self.advance()

    def _attributes(self) -> list[str]:
        self.expect_sym("@[")
        names: list[str] = []
        depth = 1
        while self.tok.kind != EOF:
            t = self.advance()
            if t.kind == SYM and t.text in ("[", "@[", "#["):
                depth += 1
            elif t.kind == SYM and t.text == "]":
                depth -= 1
                if depth == 0:
                    return names
            elif t.kind in (IDENT, KW):
                names.append(t.text)
        raise self.error("unterminated attribute list")

    def _def(self, attrs: list[str], mods: list[str]) -> A.Def:
        kw = self.advance()
        if kw.text in ("instance", "example"):
            name = ""
            if self.tok.kind == IDENT and not self.is_sym(":"):
                name = str(self.advance().value)
            d = A.Def(kw.line, kw.col, kw.text, name, [], None, None)
            self._skip_command_rest(kw)
            return d
        name_tok = self.expect_ident()
        saved = self.col_limit
        self.col_limit = kw.col
        binders, typ, body, alts = self._decl_after_name(kw, "a definition", where_instance=True)
        self._skip_termination(kw.col)
        where: list[A.Def] = []
        if self.is_kw("where"):
            wt = self.advance()
            while self.tok.kind == IDENT and self.tok.col > kw.col:
                where.append(self._where_decl(wt))
            if where == [] and self.tok.kind != EOF and self.tok.col > kw.col:
                # structure-instance style `where field := value`: not supported, skip
                self._skip_command_rest(kw)
        self.col_limit = saved
        return A.Def(kw.line, kw.col, kw.text, str(name_tok.value), binders, typ, body, alts, where, attrs, mods)

    def _decl_after_name(
        self, anchor: Token, what: str, *, where_instance: bool
    ) -> tuple[list[A.Binder], A.Node | None, A.Node | None, list[A.MatchAlt]]:
        """Binders, optional type, then `:= body` or `| alternatives` of a declaration whose name was just read.

        With `where_instance`, a typed header followed by `where` (structure-instance style) is accepted with an
        opaque body.
        """
        stops = (":", ":=", "|", "where") if where_instance else (":", ":=", "|")
        binders = self._binders(stop=stops)
        typ = None
        if self.is_sym(":"):
            self.advance()
            typ = self.parse_expr(0)
        body: A.Node | None = None
        alts: list[A.MatchAlt] = []
        if self.is_sym(":="):
            self.advance()
            body = self._body_term(anchor)
        elif self.is_sym("|"):
            alts = self._alts()
        elif where_instance and self.is_kw("where") and typ is not None:
            body = A.Sorry(self.tok.line, self.tok.col)
        else:
            raise self.error(f"expected ':=' or '|' in {what}")
        return binders, typ, body, alts

    def _where_decl(self, anchor: Token) -> A.Def:
        name_tok = self.expect_ident()
        saved = self.col_limit
        # `where` decls line up at the name's column; a `let rec` body only has to stay right of the `let`
        self.col_limit = anchor.col if anchor.kind == KW and anchor.text == "let" else name_tok.col
        binders, typ, body, alts = self._decl_after_name(name_tok, "a where clause", where_instance=False)
        self._skip_termination(name_tok.col)
        self.col_limit = saved
        return A.Def(name_tok.line, name_tok.col, "def", str(name_tok.value), binders, typ, body, alts)

    def _body_term(self, anchor: Token) -> A.Node:
        if self.is_kw("by"):
            t = self.advance()
            self._skip_tactics(t, anchor.col)
            return A.Sorry(t.line, t.col)
        return self.parse_expr(0)

    def _skip_termination(self, col: int) -> None:
        while self.is_kw("termination_by", "decreasing_by"):
            t = self.advance()
            while self.tok.kind != EOF and (self.tok.line == t.line or self.tok.col > col):
                if self.tok.kind == KW and self.tok.text in ("where", "termination_by", "decreasing_by"):
                    break
                self.advance()

    def _skip_tactics(self, by_tok: Token, stop_col: int) -> None:
        """Skip a tactic block: tokens on the `by` line, and later lines indented past `stop_col`."""
        depth = 0
        while self.tok.kind != EOF:
            t = self.tok
            if depth == 0 and t.line > by_tok.line and t.col <= stop_col:
                return
            if t.kind == SYM and t.text in _CLOSERS:
                depth += 1
            elif t.kind == SYM and t.text in (")", "]", "⟩", "}", "⦄"):
                if depth == 0:
                    return
                depth -= 1
            elif depth == 0 and t.kind == KW and t.text in ("termination_by", "decreasing_by", "where"):
                return
            elif depth == 0 and t.kind == SYM and t.text == "," and t.line > by_tok.line:
                return
            self.advance()

    # -- binders -------------------------------------------------------------------------------------------------
    def _binders(self, stop: tuple[str, ...]) -> list[A.Binder]:
        out: list[A.Binder] = []
        while True:
            t = self.tok
            if t.kind == EOF or (t.kind in (SYM, KW) and t.text in stop) or t.col <= self.col_limit:
                # a token at or left of the enclosing command's column starts the next command
                return out
            if t.kind == SYM and t.text in ("(", "{", "[", "⦃", "⟨"):
                out.extend(self._bracket_binder())
            elif t.kind == IDENT:
                self.advance()
                name = str(t.value)
                out.append(A.Binder(t.line, t.col, None if name == "_" else name))
            else:
                raise self.error("expected a binder")

    def _bracket_binder(self) -> list[A.Binder]:
        open_tok = self.advance()
        kind = {"(": "explicit", "{": "implicit", "[": "inst", "⦃": "strict", "⟨": "explicit"}[open_tok.text]
        close = _CLOSERS[open_tok.text]
        if open_tok.text == "⟨":
            self.i -= 1
            pat = self.parse_arg()
            return [A.Binder(open_tok.line, open_tok.col, None, None, "explicit", pat)]
        if kind == "inst":
            # `[BEq α]` or `[inst : BEq α]`
            name = None
            if self.tok.kind == IDENT and self.peek().kind == SYM and self.peek().text == ":":
                name = str(self.advance().value)
                self.advance()
            typ = self.parse_expr(0)
            self.expect_sym(close)
            return [A.Binder(open_tok.line, open_tok.col, name, typ, "inst")]
        # names followed by `:` (typed binder) or `)` (untyped); otherwise a pattern `(a, b)`
        j = self.i
        names: list[Token] = []
        while self.toks[j].kind == IDENT:
            names.append(self.toks[j])
            j += 1
        nxt = self.toks[j]
        if names and nxt.kind == SYM and nxt.text in (":", close):
            self.i = j
            typ = None
            default = None
            if self.is_sym(":"):
                self.advance()
                typ = self.parse_expr(0)
                if self.is_sym(":="):  # optional parameter with a default value
                    self.advance()
                    default = self.parse_expr(0)
            self.expect_sym(close)
            return [
                A.Binder(n.line, n.col, None if n.value == "_" else str(n.value), typ, kind, None, default)
                for n in names
            ]
        if open_tok.text != "(":
            raise self.error("expected a binder name")
        self.i -= 1
        pat = self.parse_arg()
        return [A.Binder(open_tok.line, open_tok.col, None, None, "explicit", pat)]

    def _fun_binders(self) -> list[A.Binder]:
        out: list[A.Binder] = []
        while not self.is_sym("=>", "↦"):
            t = self.tok
            if t.kind == SYM and t.text == ":":
                self.advance()
                typ = self.parse_expr(0)
                for b in out:
                    if b.type is None and b.pattern is None:
                        b.type = typ
                continue
            if t.kind == SYM and t.text in ("(", "{", "[", "⦃"):
                out.extend(self._bracket_binder())
            elif t.kind == SYM and t.text == "⟨":
                pat = self.parse_arg()
                out.append(A.Binder(t.line, t.col, None, None, "explicit", pat))
            elif t.kind == IDENT:
                self.advance()
                name = str(t.value)
                out.append(A.Binder(t.line, t.col, None if name == "_" else name))
            else:
                raise self.error("expected a binder or '=>'")
        self.advance()
        return out

    def _quant_binders(self) -> tuple[list[A.Binder], list[tuple[str, A.Node]]]:
        """Binders of ∀/∃ up to the comma; also binder predicates like `x < n` / `x ∈ l`."""
        out: list[A.Binder] = []
        preds: list[tuple[str, A.Node]] = []
        while not self.is_sym(","):
            t = self.tok
            if t.kind == SYM and t.text in ("(", "{", "[", "⦃"):
                # `(x : T)` or `(x)` or `(x < n)` style? only typed binders here
                out.extend(self._bracket_binder())
            elif t.kind == IDENT:
                self.advance()
                name = str(t.value)
                out.append(A.Binder(t.line, t.col, None if name == "_" else name))
            elif t.kind == SYM and t.text == ":":
                self.advance()
                typ = self.parse_expr(0)
                for b in out:
                    if b.type is None:
                        b.type = typ
            elif t.kind == SYM and t.text in _BINDER_PRED_OPS:
                op = NORMALISE.get(self.advance().text, t.text)
                bound = self.parse_expr(51)
                preds.append((op, bound))
            else:
                raise self.error("expected a binder or ','")
        self.advance()
        return out, preds

    # -- terms ---------------------------------------------------------------------------------------------------
    def parse_expr(self, min_prec: int = 0) -> A.Node:
        left = self.parse_leading()
        while True:
            t = self.tok
            if t.kind != SYM:
                break
            info = TRAILING.get(t.text)
            if info is None:
                break
            prec, assoc = info
            if prec < min_prec:
                break
            self.advance()
            op = NORMALISE.get(t.text, t.text)
            if op == "|>.":
                name_tok = self.expect_ident()
                fn: A.Node = left
                for part in str(name_tok.value).split("."):
                    fn = A.Proj(name_tok.line, name_tok.col, fn, part)
                args, named = self._args()
                left = A.App(t.line, t.col, fn, args, named) if args or named else fn
                continue
            rhs = self.parse_expr(prec if assoc == "r" else prec + 1)
            if op == "≡":
                left = self._modeq(t, left, rhs)
            elif op == "|>":
                if isinstance(rhs, A.App):
                    left = A.App(t.line, t.col, rhs.fn, [*rhs.args, left], rhs.named)
                else:
                    left = A.App(t.line, t.col, rhs, [left])
            elif op == "<|":
                if isinstance(left, A.App):
                    left = A.App(t.line, t.col, left.fn, [*left.args, rhs], left.named)
                else:
                    left = A.App(t.line, t.col, left, [rhs])
            elif op == "▸":
                left = rhs
            else:
                left = A.BinOp(t.line, t.col, op, left, rhs)
            if assoc == "n" and prec >= min_prec:
                # non-associative: `a = b = c` is not Lean; stop chaining at the same level
                nt = self.tok
                if nt.kind == SYM and TRAILING.get(nt.text, (0, ""))[0] == prec:
                    raise self.error("ambiguous, possible non-associative operator chain")
        return left

    def _modeq_bracket(self) -> bool:
        nxt = self.peek()
        return nxt.kind == IDENT and not nxt.ws_before and nxt.text in ("MOD", "ZMOD", "PMOD", "SMOD")

    def _modeq(self, t: Token, lhs: A.Node, rhs: A.Node) -> A.Node:
        """Mathlib's `notation:50 a " ≡ " b " [MOD " n "]" => Nat.ModEq n a b` (Mathlib/Data/Nat/ModEq.lean) and
        `" [ZMOD " n "]" => Int.ModEq n a b` (Mathlib/Data/Int/ModEq.lean); other moduli (`[PMOD p]`,
        `[SMOD I]`) are valid Lean we do not model."""
        if not self.is_sym("[") or not self._modeq_bracket():
            raise self.error("expected `[MOD n]` or `[ZMOD n]` after `a ≡ b`")
        self.advance()
        kind = str(self.advance().value)
        fn = {"MOD": "Nat.ModEq", "ZMOD": "Int.ModEq"}.get(kind)
        if fn is None:
            raise UnsupportedSyntax(f"`a ≡ b [{kind} n]`", t.line, t.col, "≡")
        modulus = self.parse_expr(0)
        self.expect_sym("]")
        return A.App(t.line, t.col, A.Ident(t.line, t.col, fn), [modulus, lhs, rhs])

    def parse_leading(self) -> A.Node:
        t = self.tok
        if t.kind == IDENT and t.text in ("forall", "exists"):
            # Lean's ASCII spellings (reserved tokens): `forall` is `∀` (Lean/Parser/Term.lean, «forall»:
            # unicodeSymbol "∀" "forall"), `exists` is `∃` (Init/Core.lean: macro "exists" xs:explicitBinders)
            return self._quant()
        if t.kind == KW:
            kw = t.text
            if kw in ("fun", "λ"):
                return self._fun()
            if kw == "let":
                return self._let()
            if kw == "have":
                return self._have()
            if kw == "show":
                self.advance()
                self.parse_expr(0)
                if self.is_kw("from"):
                    self.advance()
                    return self.parse_expr(0)
                if self.is_kw("by"):
                    bt = self.advance()
                    self._skip_tactics(bt, t.col)
                    return A.Sorry(t.line, t.col)
                raise self.error("expected 'from' or 'by' after show")
            if kw == "if":
                return self._if()
            if kw == "match":
                return self._match()
            if kw == "by":
                self.advance()
                self._skip_tactics(t, max(self.col_limit, 0))
                return A.Sorry(t.line, t.col)
            if kw == "do":
                return self._do()
            raise self.error("unexpected keyword")
        if t.kind == SYM:
            s = t.text
            if s in ("∀", "∃", "∃!"):
                return self._quant()
            if s == "λ":
                return self._fun()
            if s == "¬":
                self.advance()
                return A.UnOp(t.line, t.col, "¬", self.parse_expr(40))
            if s == "!":
                self.advance()
                return A.UnOp(t.line, t.col, "!", self.parse_expr(40))
            if s == "-":
                self.advance()
                arg = self.parse_expr(75)
                if isinstance(arg, A.NumLit):
                    return A.UnOp(t.line, t.col, "-", arg)
                return A.UnOp(t.line, t.col, "-", arg)
            if s in ("∑", "∏"):
                return self._bigop()
        return self._app()

    def _app(self) -> A.Node:
        head = self.parse_arg()
        args, named = self._args()
        if args or named:
            return A.App(head.line, head.col, head, args, named)
        return head

    def _can_start_arg(self) -> bool:
        t = self.tok
        if t.col <= self.col_limit:
            return False
        if t.kind in (IDENT, NUM, FLOAT, STR, CHAR):
            return True
        if t.kind == KW:
            return t.text in ("fun", "λ") or (t.text == "do" and not self._stop_at_do)
        if t.kind == SYM:
            if t.text == "." and self.peek().kind == IDENT and not self.peek().ws_before:
                return True  # `.some x` as an argument
            if t.text == "[" and self._modeq_bracket():
                return False  # Mathlib's `[MOD` / `[ZMOD` tokens end `a ≡ b`, they start no list
            return t.text in _ARG_START_SYMS or t.text == "λ"
        return False

    def _args(self) -> tuple[list[A.Node], dict[str, A.Node]]:
        args: list[A.Node] = []
        named: dict[str, A.Node] = {}
        while self._can_start_arg():
            t = self.tok
            if (
                t.kind == SYM
                and t.text == "("
                and self.peek().kind == IDENT
                and self.peek(2).kind == SYM
                and self.peek(2).text == ":="
            ):
                self.advance()
                name = str(self.advance().value)
                self.advance()
                named[name] = self.parse_expr(0)
                self.expect_sym(")")
                continue
            if t.kind == KW and t.text == "do":
                args.append(self._do())
                break
            if t.kind == KW or (t.kind == SYM and t.text == "λ"):
                args.append(self._fun())
                break
            args.append(self.parse_arg())
        return args, named

    def parse_arg(self) -> A.Node:
        e = self._primary()
        return self._postfix(e)

    def _postfix(self, e: A.Node) -> A.Node:
        while True:
            t = self.tok
            if t.kind != SYM or t.ws_before:
                return e
            if t.text == ".":
                nt = self.peek()
                if nt.ws_before:
                    return e
                if nt.kind == IDENT:
                    self.advance()
                    self.advance()
                    for part in str(nt.value).split("."):
                        e = A.Proj(nt.line, nt.col, e, part)
                    continue
                if nt.kind == NUM:
                    self.advance()
                    self.advance()
                    e = A.Proj(nt.line, nt.col, e, str(nt.value))
                    continue
                return e
            if t.text == "[":
                self.advance()
                saved_limit = self.col_limit
                self.col_limit = 0
                idx = self.parse_expr(0)
                self.col_limit = saved_limit
                if self.is_sym(":"):
                    raise self.error("subarray slices `a[i:j]` are not supported")
                self.expect_sym("]")
                mode = ""
                if self.is_sym("!") and not self.tok.ws_before:
                    self.advance()
                    mode = "!"
                elif self.is_sym("?") and not self.tok.ws_before:
                    self.advance()
                    mode = "?"
                elif self.is_sym("'") and not self.tok.ws_before:
                    self.advance()
                    self.parse_arg()  # the proof term
                e = A.Index(t.line, t.col, e, idx, mode)
                continue
            if t.text == "⁻¹":
                self.advance()
                e = A.App(t.line, t.col, A.Ident(t.line, t.col, "Inv.inv"), [e])
                continue
            return e

    def _new_cdot(self, t: Token) -> A.Node:
        if not self.cdots:
            raise self.error("'·' outside parentheses", t)
        self._fresh += 1
        name = f"·{self._fresh}"
        self.cdots[-1].append(A.Binder(t.line, t.col, name))
        return A.Ident(t.line, t.col, name)

    def _primary(self) -> A.Node:
        t = self.tok
        k = t.kind
        if k == IDENT:
            self.advance()
            name = str(t.value)
            if name == "_":
                return A.Hole(t.line, t.col)
            if name == "s!" and self.tok.kind == STR and not self.tok.ws_before:
                return self._interpolated(t, self.advance())
            if name == "sorry":
                return A.Sorry(t.line, t.col)
            if self.is_sym("@") and not self.tok.ws_before:  # as-pattern `x@p`
                at = self.advance()
                pat = self.parse_arg()
                return A.App(at.line, at.col, A.Ident(at.line, at.col, "@as"), [A.Ident(t.line, t.col, name), pat])
            return A.Ident(t.line, t.col, name)
        if k == NUM:
            self.advance()
            return A.NumLit(t.line, t.col, int(t.value))  # type: ignore[arg-type]
        if k == FLOAT:
            self.advance()
            return A.FloatLit(t.line, t.col, str(t.value))
        if k == STR:
            self.advance()
            return A.StrLit(t.line, t.col, str(t.value))
        if k == CHAR:
            self.advance()
            return A.CharLit(t.line, t.col, str(t.value))
        if k == KW and t.text in ("fun", "λ"):
            return self._fun()
        if k == SYM:
            s = t.text
            if s == "(":
                return self._paren()
            if s == "[":
                return self._bracket()
            if s == "#[":
                self.advance()
                elems = self._comma_list("]")
                return A.ArrayLit(t.line, t.col, elems)
            if s == "⟨":
                self.advance()
                elems = self._comma_list("⟩")
                return A.Anon(t.line, t.col, elems)
            if s == "·":
                self.advance()
                return self._new_cdot(t)
            if s == "↑":
                self.advance()
                return A.UnOp(t.line, t.col, "↑", self.parse_arg())
            if s == "@":
                self.advance()
                return self._primary()
            if s == "∅":
                self.advance()
                return A.Ident(t.line, t.col, "∅")
            if s == "λ":
                return self._fun()
            if s == "." and self.peek().kind == IDENT and not self.peek().ws_before:
                self.advance()
                nt = self.advance()
                return A.Ident(t.line, t.col, "." + str(nt.value))
            if s == "{":
                return self._brace()
            if s == "|" and not self.peek().ws_before:
                # Mathlib's `|a|` (abs a): `macro:max atomic("|" noWs) a:term noWs "|"`
                self.advance()
                saved = self.col_limit
                self.col_limit = 0
                inner = self.parse_expr(0)
                self.col_limit = saved
                self.expect_sym("|")
                return A.App(t.line, t.col, A.Ident(t.line, t.col, "abs"), [inner])
            if s in ("¬", "!", "-", "∀", "∃", "∃!", "∑", "∏"):
                return self.parse_leading()
        if k == KW and t.text in ("let", "have", "if", "match", "show", "by"):
            return self.parse_leading()
        raise self.error("unexpected token")

    def _interpolated(self, t: Token, lit: Token) -> A.Node:
        """`s!"a{x}b"`: the pieces joined with `++`, each `{e}` as `toString e`."""
        text = str(lit.value)
        parts: list[A.Node] = []
        buf: list[str] = []
        i = 0
        while i < len(text):
            c = text[i]
            if c == "{":
                depth, j = 1, i + 1
                while j < len(text) and depth:
                    depth += {"{": 1, "}": -1}.get(text[j], 0)
                    j += 1
                if depth:
                    raise self.error("unterminated '{' in an interpolated string", lit)
                if buf:
                    parts.append(A.StrLit(lit.line, lit.col, "".join(buf)))
                    buf = []
                inner = parse_term(text[i + 1 : j - 1])
                parts.append(A.App(lit.line, lit.col, A.Ident(lit.line, lit.col, "toString"), [inner]))
                i = j
                continue
            buf.append(c)
            i += 1
        if buf or not parts:
            parts.append(A.StrLit(lit.line, lit.col, "".join(buf)))
        out = parts[0]
        if isinstance(out, A.App) and len(parts) == 1:
            return out
        if not isinstance(out, A.StrLit):
            out = A.BinOp(t.line, t.col, "++", A.StrLit(t.line, t.col, ""), out)
        for part in parts[1:]:
            out = A.BinOp(t.line, t.col, "++", out, part)
        return out

    def _comma_list(self, close: str) -> list[A.Node]:
        saved = self.col_limit
        self.col_limit = 0
        elems: list[A.Node] = []
        while not self.is_sym(close):
            elems.append(self.parse_expr(0))
            if self.is_sym(","):
                self.advance()
            elif not self.is_sym(close):
                raise self.error(f"expected ',' or '{close}'")
        self.advance()
        self.col_limit = saved
        return elems

    def _paren(self) -> A.Node:
        t = self.advance()
        saved = self.col_limit
        self.col_limit = 0
        self.cdots.append([])
        try:
            if self.is_sym(")"):
                self.advance()
                return A.Ident(t.line, t.col, "Unit.unit")
            first = self.parse_expr(0)
            if self.is_sym(":"):
                self.advance()
                typ = None if self.is_sym(")") else self.parse_expr(0)
                self.expect_sym(")")
                e: A.Node = A.Ascribe(t.line, t.col, first, typ)
            elif self.is_sym(","):
                elems = [first]
                while self.is_sym(","):
                    self.advance()
                    elems.append(self.parse_expr(0))
                self.expect_sym(")")
                e = A.Tuple(t.line, t.col, elems)
            else:
                self.expect_sym(")")
                e = first
        finally:
            binders = self.cdots.pop()
            self.col_limit = saved
        if binders:
            e = A.Lam(t.line, t.col, binders, e)
        # dependent arrow `(h : P) → Q` / `(x y : α) → β`
        if isinstance(e, A.Ascribe) and e.type is not None and self.is_sym("→", "->"):
            names = _ident_names(e.expr)
            if names is not None:
                self.advance()
                body = self.parse_expr(25)
                for n in reversed(names):
                    body = A.Pi(t.line, t.col, A.Binder(t.line, t.col, n, e.type), body)
                return body
        return e

    def _brace(self) -> A.Node:
        t = self.advance()
        # structure instance `{ f := v, ... }` / `{ s with f := v }`
        base = None
        first_fails = False  # the first term does not parse: `{a, b}` cannot either (no second attempt)
        set_comp_fails = False
        if not self.is_sym("}") and not (
            self.tok.kind == IDENT and self.peek().kind == SYM and self.peek().text in (":=", "//", ":", "|", ",")
        ):
            j, saved_limit = self.i, self.col_limit
            self.col_limit = 0
            try:
                base = self.parse_expr(0)
            except LeanParseError:
                base = None
                first_fails = True
            self.col_limit = saved_limit
            if isinstance(base, A.BinOp) and base.op == "∈" and isinstance(base.lhs, A.Ident) and self.is_sym("|"):
                # `{x ∈ s | p}` whose `x ∈ s` is parsed already (parsing `s` again doubles at each level)
                try:
                    self.advance()
                    self.col_limit = 0
                    pred = self.parse_expr(0)
                    self.expect_sym("}")
                    self.col_limit = saved_limit
                    return A.SetComp(t.line, t.col, base.lhs.name, None, base.rhs, pred)
                except LeanParseError:
                    self.col_limit = saved_limit
                    first_fails = set_comp_fails = True
                    base = None
            if base is not None and (self.is_sym(",") or self.is_sym("}")):
                # `{a, b, c}` whose first element is parsed already: parsing it again doubled the work at each
                # nesting level
                try:
                    elems = [base]
                    if self.is_sym(","):
                        self.advance()
                    elems.extend(self._comma_list("}"))
                    return A.CollLit(t.line, t.col, elems)
                except LeanParseError:
                    self.col_limit = saved_limit
                    first_fails = True  # skipped below, as the `{a, b}` attempt would
                    base = None
            if base is None or not self.is_kw("with"):
                self.i = j
                base = None
            else:
                self.advance()
        if self.tok.kind == IDENT and self.peek().kind == SYM and self.peek().text == ":=":
            fields: list[tuple[str, A.Node]] = []
            while not self.is_sym("}"):
                fname = str(self.expect_ident().value)
                self.expect_sym(":=")
                fields.append((fname, self.parse_expr(0)))
                if self.is_sym(","):
                    self.advance()
                elif not self.is_sym("}"):
                    raise self.error("expected ',' or '}'")
            self.advance()
            return A.StructInst(t.line, t.col, fields, base)
        # `{ x // p }` / `{ x : T // p }` subtype; anything else is recognised and skipped
        if self.tok.kind == IDENT and (
            (self.peek().kind == SYM and self.peek().text == "//")
            or (self.peek().kind == SYM and self.peek().text == ":")
        ):
            j = self.i
            name = str(self.advance().value)
            typ = None
            if self.is_sym(":"):
                self.advance()
                typ = self.parse_expr(0)
            if self.is_sym("//"):
                self.advance()
                pred = self.parse_expr(0)
                self.expect_sym("}")
                return A.Subtype(t.line, t.col, name, typ, pred)
            self.i = j
        # `{x | p}`, `{x : T | p}`, `{x ∈ s | p}`
        if (
            not set_comp_fails
            and self.tok.kind == IDENT
            and self.peek().kind == SYM
            and self.peek().text in ("|", ":", "∈")
        ):
            j, saved_limit = self.i, self.col_limit
            try:
                self.col_limit = 0
                name = str(self.advance().value)
                typ = dom = None
                if self.is_sym(":"):
                    self.advance()
                    typ = self.parse_expr(0)
                elif self.is_sym("∈"):
                    self.advance()
                    dom = self.parse_expr(0)
                self.expect_sym("|")
                pred = self.parse_expr(0)
                self.expect_sym("}")
                self.col_limit = saved_limit
                return A.SetComp(t.line, t.col, name, typ, dom, pred)
            except LeanParseError:
                self.i, self.col_limit = j, saved_limit
        # `{a, b, c}` (Insert/Singleton notation for Finset, Set, Multiset, List)
        j, saved_limit = self.i, self.col_limit
        try:
            if first_fails:
                raise self.error("not a `{a, b}` collection")
            elems = self._comma_list("}")
            return A.CollLit(t.line, t.col, elems)
        except LeanParseError:
            self.i, self.col_limit = j, saved_limit
        depth = 1
        start = self.i
        while self.tok.kind != EOF and depth:
            x = self.advance()
            if x.kind == SYM and x.text in _CLOSERS:
                depth += 1
            elif x.kind == SYM and x.text in (")", "]", "⟩", "}", "⦄"):
                depth -= 1
        if depth:
            raise self.error("unterminated '{'", t)
        text = " ".join(tok.text for tok in self.toks[start : self.i - 1])
        return A.SetBuilder(t.line, t.col, text)

    # -- do-notation (the Id monad: `Id.run do`, `:= do`) ------------------------------------------------------------
    def _do(self) -> A.Node:
        t = self.advance()
        saved = (self.col_limit, self._stop_at_do)
        try:
            return self._do_seq()
        except LeanParseError as exc:
            raise UnsupportedSyntax(f"do-notation ({exc.message})", t.line, t.col, "do") from exc
        finally:
            self.col_limit, self._stop_at_do = saved

    def _do_seq(self) -> A.Do:
        """Statements at the column of the first one, separated by newlines at that column or by `;`."""
        first = self.tok
        col = first.col
        saved = self.col_limit
        stmts: list[A.DoStmt] = []
        try:
            while self.tok.kind != EOF:
                self.col_limit = col
                stmts.append(self._do_stmt())
                if self.is_sym(";"):
                    self.advance()
                    continue
                nt = self.tok
                prev = self.toks[self.i - 1]
                if nt.kind == EOF or nt.col != col or nt.line == prev.line:
                    break
        finally:
            self.col_limit = saved
        return A.Do(first.line, first.col, stmts)

    def _do_cond(self) -> A.Node:
        saved = self._stop_at_do
        self._stop_at_do = True
        try:
            return self.parse_expr(0)
        finally:
            self._stop_at_do = saved

    def _do_stmt(self) -> A.DoStmt:
        t = self.tok
        line, col = t.line, t.col
        word = t.text if t.kind in (IDENT, KW) else None
        if word in ("let", "have"):
            self.advance()
            mutable = False
            if self.tok.kind == IDENT and self.tok.text == "mut":
                self.advance()
                mutable = True
            name = None
            pattern = None
            if self.tok.kind == IDENT and not (self.peek().kind == SYM and self.peek().text == "@"):
                name = str(self.advance().value)
            else:
                pattern = self.parse_arg()
            typ = None
            if self.is_sym(":"):
                self.advance()
                typ = self.parse_expr(0)
            if self.is_sym("←") or self.is_sym("<-"):
                self.advance()
            else:
                self.expect_sym(":=")
            value = self.parse_expr(0)
            if word == "have":
                return A.DoStmt(line, col, "skip")
            return A.DoStmt(line, col, "let_mut" if mutable else "let", name, pattern, value, type=typ)
        if t.kind == IDENT and self.peek().kind == SYM and self.peek().text in (":=", "←", "<-"):
            name = str(self.advance().value)
            self.advance()
            return A.DoStmt(line, col, "assign", name, None, self.parse_expr(0))
        if word == "for":
            self.advance()
            if self.tok.kind == IDENT and self.peek().kind == SYM and self.peek().text == ":":
                self.advance()  # `for h : x in xs` names the membership proof
                self.advance()
            saved = self._stop_at_do
            self._stop_at_do = True
            pat = self.parse_arg()
            self._stop_at_do = saved
            self.expect_kw("in")
            coll = self._for_collection()
            self.expect_kw("do")
            body = self._do_seq()
            name = pat.name if isinstance(pat, A.Ident) else None
            return A.DoStmt(line, col, "for", name, None if name else pat, coll, body)
        if word == "while":
            self.advance()
            cond = self._do_cond()
            self.expect_kw("do")
            return A.DoStmt(line, col, "while", expr=cond, body=self._do_seq())
        if word == "unless":
            self.advance()
            cond = self._do_cond()
            self.expect_kw("do")
            # `unless c do s` runs s when c is false
            return A.DoStmt(line, col, "if", expr=cond, body=A.Do(line, col, []), orelse=self._do_seq())
        if t.kind == KW and t.text == "if":
            return self._do_if()
        if t.kind == KW and t.text == "match":
            return self._do_match()
        if word == "return":
            self.advance()
            nt = self.tok
            if nt.kind == EOF or nt.line != t.line or self.is_sym(";") or self.is_kw("else"):
                return A.DoStmt(line, col, "return", expr=A.Ident(line, col, "Unit.unit"))
            return A.DoStmt(line, col, "return", expr=self.parse_expr(0))
        if word in ("break", "continue"):
            self.advance()
            return A.DoStmt(line, col, word)
        return A.DoStmt(line, col, "expr", expr=self.parse_expr(0))

    def _alt_pattern_groups(self) -> list[list[A.Node]]:
        """The patterns of one match alternative up to `=>`: `| p, q | r, s =>` gives [[p, q], [r, s]]."""
        groups: list[list[A.Node]] = []
        while True:
            pats = [self.parse_expr(0)]
            while self.is_sym(","):
                self.advance()
                pats.append(self.parse_expr(0))
            groups.append(pats)
            if not self.is_sym("|"):
                break
            self.advance()
        self.expect_sym("=>")
        return groups

    def _do_match(self) -> A.DoStmt:
        """`match e with | p => <statements> …` inside a do block: the arms are statement sequences."""
        t = self.advance()
        discrs: list[A.Node] = []
        while True:
            if self.tok.kind == IDENT and self.peek().kind == SYM and self.peek().text == ":":
                self.advance()
                self.advance()
            discrs.append(self.parse_expr(0))
            if self.is_sym(","):
                self.advance()
                continue
            break
        self.expect_kw("with")
        if not self.is_sym("|"):
            raise self.error("expected '|' to start a match alternative")
        first_col = self.tok.col
        alts: list[A.MatchAlt] = []
        while self.is_sym("|") and self.tok.col >= first_col:
            bar = self.advance()
            saved = self.col_limit
            self.col_limit = 0
            groups = self._alt_pattern_groups()
            self.col_limit = saved
            body = self._do_seq()
            for pats in groups:
                alts.append(A.MatchAlt(bar.line, bar.col, pats, body))
        return A.DoStmt(t.line, t.col, "match", expr=A.Match(t.line, t.col, discrs, alts, [None] * len(discrs)))

    def _do_if(self) -> A.DoStmt:
        t = self.advance()
        let_pat = None
        if self.is_kw("let"):
            self.advance()
            let_pat = self.parse_expr(0)
            self.expect_sym(":=")
        elif self.tok.kind == IDENT and self.peek().kind == SYM and self.peek().text == ":":
            self.advance()
            self.advance()
        cond = self.parse_expr(0)
        self.expect_kw("then")
        then = self._do_seq()
        orelse = None
        if self.is_kw("else"):
            self.advance()
            if self.is_kw("if"):
                nested = self._do_if()
                orelse = A.Do(nested.line, nested.col, [nested])
            else:
                orelse = self._do_seq()
        return A.DoStmt(t.line, t.col, "if", expr=cond, body=then, orelse=orelse, let_pattern=let_pat)

    def _for_collection(self) -> A.Node:
        """`[a:b]`, `[:b]`, `[a:b:s]` (Std.Range) or any term."""
        r = self._try_range()
        return r if r is not None else self._do_cond()

    def _try_range(self) -> A.Node | None:
        """`[a:b]`, `[:b]`, `[a:b:s]` (Std.Range, as the list of its values), or None (nothing consumed)."""
        if self.is_sym("["):
            j = self.i
            try:
                r = self._bracket()
            except LeanParseError:
                r = None
            if isinstance(r, A.App):
                return r
            self.i = j
        return None

    def _bracket(self) -> A.Node:
        """`[a, b]` (a list literal) or `[a:b]`, `[:b]`, `[a:b:s]` (a Std.Range, as the list of its values).
        The first element is parsed once, whichever it turns out to be: parsing it, rewinding and parsing it again
        doubled the work at each nesting level (25 nested brackets never finished)."""
        t = self.advance()
        saved = self.col_limit
        self.col_limit = 0
        try:
            first = None if self.is_sym(":") or self.is_sym("]") else self.parse_expr(0)
            if self.is_sym(":"):
                parts: list[A.Node | None] = [first]
                self.advance()
                cur: A.Node | None = None
                while True:
                    if self.is_sym(":"):
                        parts.append(cur)
                        cur = None
                        self.advance()
                    elif self.is_sym("]"):
                        parts.append(cur)
                        self.advance()
                        break
                    elif cur is None:
                        cur = self.parse_expr(0)
                    else:
                        raise self.error("expected ':' or ']'")
                start = parts[0] or A.NumLit(t.line, t.col, 0)
                args = [start, parts[1] or A.NumLit(t.line, t.col, 0)]
                if len(parts) > 2 and parts[2] is not None:
                    args.append(parts[2])
                return A.App(t.line, t.col, A.Ident(t.line, t.col, "Std.Range.toList"), args)
            elems: list[A.Node] = []
            if first is not None:
                elems.append(first)
                if self.is_sym(","):
                    self.advance()
                elif not self.is_sym("]"):
                    raise self.error("expected ',' or ']'")
            elems.extend(self._comma_list("]"))
            return A.ListLit(t.line, t.col, elems)
        finally:
            self.col_limit = saved

    def _fun(self) -> A.Node:
        t = self.advance()
        if self.is_sym("|"):
            alts = self._alts()
            return A.FunMatch(t.line, t.col, alts)
        binders = self._fun_binders()
        body = self.parse_expr(0)
        return A.Lam(t.line, t.col, binders, body)

    def _let(self) -> A.Node:
        t = self.advance()
        saved = self.col_limit
        self.col_limit = t.col
        if self.is_kw("rec"):
            self.advance()
            defs = [self._where_decl(t)]
            self.col_limit = saved
            if self.is_sym(";"):
                self.advance()
            body = self.parse_expr(0)
            return A.LetRec(t.line, t.col, defs, body)
        pattern = None
        name = None
        binders: list[A.Binder] = []
        if self.tok.kind == IDENT and not (self.peek().kind == SYM and self.peek().text == "@"):
            name_tok = self.advance()
            name = str(name_tok.value)
            if name == "_":
                name = None
            binders = self._binders(stop=(":", ":=", "|"))
        else:
            pattern = self.parse_arg()
        typ = None
        if self.is_sym(":"):
            self.advance()
            typ = self.parse_expr(0)
        if self.is_sym("|"):
            alts = self._alts()
            value: A.Node = A.FunMatch(t.line, t.col, alts)
        else:
            self.expect_sym(":=")
            value = self.parse_expr(0)
        self.col_limit = saved
        if self.is_sym(";"):
            self.advance()
        body = self.parse_expr(0)
        return A.Let(t.line, t.col, name, binders, typ, value, body, pattern)

    def _have(self) -> A.Node:
        t = self.advance()
        saved = self.col_limit
        self.col_limit = t.col
        if self.tok.kind == IDENT and not (self.peek().kind == SYM and self.peek().text in ("<", ">")):
            self.advance()
        self._binders(stop=(":", ":="))
        if self.is_sym(":"):
            self.advance()
            self.parse_expr(0)
        if self.is_sym(":="):
            self.advance()
            if self.is_kw("by"):
                bt = self.advance()
                self._skip_tactics(bt, t.col)
            else:
                self.parse_expr(0)
        self.col_limit = saved
        if self.is_sym(";"):
            self.advance()
        return self.parse_expr(0)

    def _if(self) -> A.Node:
        t = self.advance()
        hyp = None
        let_pat = None
        if self.is_kw("let"):
            self.advance()
            let_pat = self.parse_expr(0)
            self.expect_sym(":=")
        elif self.tok.kind == IDENT and self.peek().kind == SYM and self.peek().text == ":":
            hyp = str(self.advance().value)
            self.advance()
        cond = self.parse_expr(0)
        self.expect_kw("then")
        then = self.parse_expr(0)
        self.expect_kw("else")
        orelse = self.parse_expr(0)
        return A.If(t.line, t.col, cond, then, orelse, hyp, let_pat)

    def _match(self) -> A.Node:
        t = self.advance()
        discrs: list[A.Node] = []
        hyps: list[str | None] = []
        while True:
            h = None
            if self.tok.kind == IDENT and self.peek().kind == SYM and self.peek().text == ":":
                h = str(self.advance().value)
                self.advance()
            discrs.append(self.parse_expr(0))
            hyps.append(h)
            if self.is_sym(","):
                self.advance()
                continue
            break
        self.expect_kw("with")
        alts = self._alts()
        return A.Match(t.line, t.col, discrs, alts, hyps)

    def _alts(self) -> list[A.MatchAlt]:
        alts: list[A.MatchAlt] = []
        if not self.is_sym("|"):
            raise self.error("expected '|' to start a match alternative")
        saved = self.col_limit
        first_col = self.tok.col  # Lean's many1Indent: every alternative starts at a column ≥ the first one
        while self.is_sym("|") and self.tok.col >= first_col:
            bar = self.advance()
            self.col_limit = 0
            groups = self._alt_pattern_groups()
            # matchAlts is many1Indent (withPosition at the first `|`): arguments sit right of that column
            self.col_limit = max(saved, first_col)
            rhs = self.parse_expr(0)
            for pats in groups:
                alts.append(A.MatchAlt(bar.line, bar.col, pats, rhs))
        self.col_limit = saved
        return alts

    def _quant(self) -> A.Node:
        t = self.advance()
        kind = {"∀": "forall", "∃": "exists", "∃!": "exists_unique", "forall": "forall", "exists": "exists"}[t.text]
        binders, preds = self._quant_binders()
        if preds and t.text in ("forall", "exists"):
            # binder predicates (`∀ x < n, p`) are notations on the unicode symbols only (Init/BinderPredicates.lean)
            raise self.error(f"`{t.text}` takes no binder predicate (write `{'∀' if kind == 'forall' else '∃'}`)", t)
        body = self.parse_expr(0)
        if preds:
            for op, bound in reversed(preds):
                for b in reversed(binders):
                    var = A.Ident(b.line, b.col, b.name or "_")
                    guard = A.BinOp(b.line, b.col, op, var, bound)
                    body = A.BinOp(t.line, t.col, "→" if kind == "forall" else "∧", guard, body)
                    if kind != "forall":
                        break
            if kind == "exists" and len(binders) > 1:
                # each binder gets its own guard: ∃ x y ∈ l, p  ==  ∃ x ∈ l, ∃ y ∈ l, p
                pass
        return A.Quant(t.line, t.col, kind, binders, body)

    def _bigop(self) -> A.Node:
        t = self.advance()
        op = "sum" if t.text == "∑" else "prod"
        b = self.expect_ident()
        binder = A.Binder(b.line, b.col, str(b.value))
        if self.is_sym(":"):
            self.advance()
            binder.type = self.parse_expr(51)
        domain = bound = None
        bound_op = None
        if self.is_sym("∈") or self.is_kw("in"):
            self.advance()
            domain = self.parse_expr(51)
        elif self.is_sym("<", "≤", "<="):
            bound_op = NORMALISE.get(self.advance().text, "<")
            bound = self.parse_expr(51)
        self.expect_sym(",")
        body = self.parse_expr(67)
        return A.BigOp(t.line, t.col, op, binder, domain, bound_op, bound, body)

    def finish(self) -> None:
        if self.tok.kind != EOF:
            raise self.error("unexpected token after the end of the term")


def _ident_names(e: A.Node) -> list[str] | None:
    if isinstance(e, A.Ident) and "." not in e.name:
        return [e.name]
    if isinstance(e, A.Hole):
        return ["_"]
    if isinstance(e, A.App) and not e.named:
        out = _ident_names(e.fn)
        if out is None:
            return None
        for a in e.args:
            more = _ident_names(a)
            if more is None:
                return None
            out += more
        return out
    return None


def parse_module(text: str) -> A.Module:
    """Parse a Lean source (definitions, theorems, attributes, ...) into a Module; LeanParseError on bad input."""
    try:
        return Parser(text).parse_module()
    except RecursionError:
        raise LeanParseError("expression nested too deeply", 1, 1) from None
    except OverflowError as exc:  # e.g. the lexer's `"\u{FFFFFFFFFFFFFFFFFFFF}"`: a bad literal, not a crash
        raise LeanParseError(f"literal out of range ({exc})", 1, 1) from None


def parse_term(text: str) -> A.Node:
    """Parse one Lean term (a test value such as `#[1, 2]`, `some (0, 1)`, `fun x => x > 5`)."""
    try:
        p = Parser(text)
        e = p.parse_expr(0)
        p.finish()
        return e
    except RecursionError:
        raise LeanParseError("expression nested too deeply", 1, 1) from None
    except OverflowError as exc:  # e.g. the lexer's `"\u{FFFFFFFFFFFFFFFFFFFF}"`: a bad literal, not a crash
        raise LeanParseError(f"literal out of range ({exc})", 1, 1) from None
