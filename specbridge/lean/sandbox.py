"""The gate in front of Lean: untrusted spec text may contain only an allow-listed subset of Lean.

Layer 3 hands spec text to a real Lean process, where elaboration can run arbitrary code. Untrusted text (a
model's answer, a corpus entry, a user's file) is read with SpecBridge's one lexer (`lexer.lex`, Lean's own
token rules) and may contain only (docs/security.md):

- declarations `def`, `abbrev`, `theorem`, `lemma` (optionally `noncomputable` or `partial`, a doc comment, allowed
  attributes), with `where`, `let rec`, `termination_by` and `decreasing_by` (allowed tactics only);
- `structure` and `inductive`, deriving only `Repr`, `DecidableEq`, `BEq`, `Inhabited`; `mutual … end`;
- the attributes `reducible`, `simp`, `inline`, `irreducible` (in `@[…]` or `attribute […]`, optionally
  `local`/`scoped`);
- `open` of a fixed list of library namespaces (`open Std`, `open List in …`);
- tactics from `ALLOWED_TACTICS` inside `by` and `decreasing_by`.

Everything else is refused with the construct and its line:column: every `#` command, `variable`, `include`,
`instance`, `namespace`, `section`, `notation`, `macro`, `syntax`, `elab`, `set_option`, `axiom`, `opaque`,
`unsafe`, `import`, other attributes and tactics, `sorry`, syntax quotations, escaped «names», and
any lexical error (Lean reports it and keeps reading from the error, so the rest of the text would not mean
what it seems). A string containing `{` must read the same as an interpolated string (`s!"…"`,
`throwError "…"`: every `{…}` is code), with only simple terms inside the braces.

Trusted text (a dataset's own reference spec) may shape its own scope (`open`, `namespace`, `set_option`,
`instance`, …) but must lex, run no code (`#` commands, `run_cmd`, `initialize`, …), extend no syntax
(`macro`, `elab`, `notation`, …) and name nothing under SpecBridge's namespace. The API makes the caller
choose (`Trust`); when unsure, callers pass `Trust.UNTRUSTED`.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from specbridge.errors import LeanParseError, UntrustedSpecError
from specbridge.lean.lexer import DOC, EOF, FLOAT, IDENT, KW, NAME, NUM, STR, SYM, Token, lex


class Trust(StrEnum):
    """Who wrote a spec text: the dataset's authors (`trusted`) or anyone else (`untrusted`)."""

    TRUSTED = "trusted"
    UNTRUSTED = "untrusted"


# --- the allow-lists --------------------------------------------------------------------------------------

DECLARATIONS = frozenset({"def", "abbrev", "theorem", "lemma", "structure", "inductive"})
ALLOWED_ATTRIBUTES = frozenset({"reducible", "simp", "inline", "irreducible"})
ALLOWED_DERIVING = frozenset({"Repr", "DecidableEq", "BEq", "Inhabited"})
# `open` of these (and their sub-namespaces); never SpecBridge's own namespace.
ALLOWED_OPENS = frozenset(
    {
        "Std", "List", "Array", "Nat", "Int", "String", "Char", "Option", "Prod", "Function", "Bool", "Fin",
        "Sum", "Classical", "BigOperators", "Finset", "Multiset", "Set", "Rat", "Real", "Float", "Vector",
    }
)  # fmt: skip
# `import`s of a trusted reference (or a task's metadata) that the rendering hoists; untrusted text imports nothing.
ALLOWED_IMPORT_ROOTS = frozenset({"Mathlib", "Std", "Batteries", "Init", "Aesop", "SpecBridge"})
# Clauses of a declaration that may start a line at column 1.
_CLAUSES = frozenset({"where", "termination_by", "decreasing_by", "deriving", "with", "extends", "|"})

ALLOWED_TACTICS = frozenset(
    """decide simp simp_all simpa dsimp simp_arith omega rfl exact intro intros constructor linarith nlinarith
    norm_num positivity trivial tauto assumption contradiction cases rcases obtain induction apply refine refine'
    use exists unfold rw rewrite rwa split by_cases exfalso left right subst show have let calc ring ring_nf
    aesop gcongr push_neg norm_cast exact_mod_cast push_cast ac_rfl funext ext congr specialize generalize change
    clear revert skip done next case match suffices injection symm trans decreasing_tactic decreasing_trivial
    decreasing_with simp_wf by_contra contrapose absurd nofun nomatch split_ifs interval_cases fin_cases
    field_simp zify qify bound subst_vars and_intros iterate if""".split()
)
# Tactics whose arguments are terms (where `(x := e)` is a named argument, not a configuration).
_TERM_TACTICS = frozenset(
    "exact apply refine refine' use exists show have let calc change specialize obtain rcases suffices".split()
)
_COMBINATORS = frozenset({"try", "repeat", "all_goals", "any_goals", "focus", "first", "iterate"})
_ALLOWED_FLAGS = frozenset({"arith", "contextual", "decide", "zetaDelta"})

# --- what is refused wherever it appears, with the reason -------------------------------------------------

_RUNS_CODE = "runs code while Lean elaborates the file"
_SYNTAX = "changes how Lean reads the rest of the file (and so what the rendered obligations mean)"
_SCOPE = "changes which names and instances the rendered obligations see"
_TRUST = "adds an unproved assumption or trusts unchecked code"
_META = "meta-programming, which a specification has no use for"

REFUSED_WORDS: dict[str, str] = {
    **dict.fromkeys(
        "run_cmd run_elab run_meta run_tac by_elab initialize builtin_initialize test_extern".split(), _RUNS_CODE
    ),
    **dict.fromkeys(
        """elab elab_rules macro macro_rules syntax declare_syntax_cat notation notation3 infix infixl infixr prefix
        postfix binder_predicate binder_predicates unif_hint simproc dsimproc simproc_decl dsimproc_decl
        builtin_simproc builtin_dsimproc register_option register_builtin_option register_simp_attr
        register_label_attr register_parser_alias declare_config_elab declare_command_config_elab
        declare_simp_like_tactic declare_aesop_rule_sets add_aesop_rules erase_aesop_rules grind_pattern
        initialize_simps_projections recommended_spelling""".split(),
        _SYNTAX,
    ),
    **dict.fromkeys(
        """namespace section variable include omit instance export universe set_option open_locale alias
        seal unseal local scoped class example irreducible_def recall variable?
        add_decl_doc library_note assert_not_exists assert_not_imported suppress_compilation
        unsuppress_compilation compile_inductive compile_def mk_iff_of_inductive_prop extend_docs
        count_heartbeats whatsnew gen_injective_theorems import""".split(),
        _SCOPE,
    ),
    **dict.fromkeys(
        """axiom opaque unsafe sorry admit sorryAx proof_wanted implemented_by extern csimp native_decide
        ofReduceBool ofReduceNat trustCompiler lcProof lcUnreachable unsafeCast unsafeIO unsafeBaseIO
        unsafeEIO ptrAddrUnsafe withPtrAddrUnsafe init_quot""".split(),
        _TRUST,
    ),
    **dict.fromkeys(
        """throwError throwErrorAt logInfo logInfoAt logWarning logWarningAt logError logErrorAt dbg_trace
        dbgTrace dbgTraceIfShared include_str meta nonrec public private protected""".split(),
        _META,
    ),
}
REFUSED_WORDS["private"] = REFUSED_WORDS["protected"] = "hides or renames a declaration the obligations refer to"
REFUSED_WORDS["native_decide"] = "trusts the compiler (only SpecBridge's rendering may opt in, via settings)"
REFUSED_WORDS["sorry"] = REFUSED_WORDS["admit"] = REFUSED_WORDS["sorryAx"] = "admits a goal without proof"
# Tactic names are not reserved words in Lean (`stop` can name a variable): these are refused as tactics only.
REFUSED_TACTICS: dict[str, str] = {
    **dict.fromkeys(
        "bv_decide bv_check bv_normalize bv_omega".split(),
        "trusts an external SAT checker's certificate or reads files",
    ),  # fmt: skip
    **dict.fromkeys("plausible slim_check".split(), "runs compiled spec code during elaboration"),
    **dict.fromkeys(
        "exact? apply? rw? hint polyrith".split(),
        "a search tactic (slow, prints suggestions; `polyrith` calls a web service)",
    ),  # fmt: skip
    "stop": "admits the rest of the proof without checking it",
    "native_decide": REFUSED_WORDS["native_decide"],
}
# Roots of namespaces whose code is meta-level or does IO; a spec refers to none of them.
REFUSED_NAMESPACES: dict[str, str] = {
    **dict.fromkeys(("IO", "EIO", "BaseIO", "System", "IO.FS", "IO.Process"), "does IO"),
    **dict.fromkeys(
        tuple(
            f"Lean.{m}"
            for m in "Elab Meta Compiler Environment Parser Syntax Macro Core IR Kernel Server Json Widget".split()
        ),
        _META,
    ),
    "SpecBridge": "SpecBridge's own namespace (where the rendered obligations live)",
    "_root_": "names a declaration outside the spec's scope",
}
_NAMESPACE_DEPTH = max(n.count(".") + 1 for n in REFUSED_NAMESPACES)
_ELAB_PERCENT = "an elaborator-level `name%` form"
_INVISIBLE = {
    "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad",
    "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
}  # fmt: skip
# Confusable letters that Lean accepts in identifiers (Greek; Cyrillic is not a Lean identifier character).
_CONFUSABLES = str.maketrans({"ο": "o", "α": "a", "ι": "i", "κ": "k", "τ": "t", "ν": "v", "ρ": "p", "ε": "e"})
_OPENERS = {"(": ")", "[": "]", "{": "}", "⟨": "⟩", "⦃": "⦄", "#[": "]", "@[": "]", "%[": "]", "⌊": "⌋", "‹": "›"}
_CLOSERS = frozenset(_OPENERS.values())
# Tokens allowed inside the `{…}` of a string (read as interpolated): simple terms only, so Lean parses them.
_PIECE_SYMBOLS = frozenset({".", "+", "-", "*", "/", "%", "(", ")"})


@dataclass(frozen=True)
class Violation:
    """One refused construct: what it is, where (1-based line:column), and why it is refused."""

    construct: str
    line: int
    column: int
    reason: str

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: `{self.construct}` is not allowed in a spec: {self.reason}"


@dataclass
class _Region:
    """A tactic block (`by …`, `decreasing_by …`): where its tactics start."""

    depth: int  # bracket depth at `by`; a closer below it, or a `,` at it, ends the block
    col: int = 0  # column of the block's first tactic (0: not seen yet)
    expect: bool = True  # the next token starts a tactic
    first_pipe: bool = False  # inside `first | … | …`
    tactic: str = ""  # the tactic whose arguments follow


def _short(construct: str, limit: int = 60) -> str:
    return construct if len(construct) <= limit else construct[: limit - 1] + "…"


def _skeleton(word: str) -> str:
    return unicodedata.normalize("NFKC", word).translate(_CONFUSABLES)


_SKELETONS = {_skeleton(w): w for w in REFUSED_WORDS}


class _Checker:
    def __init__(self, tokens: list[Token], out: list[Violation], *, term: bool) -> None:
        self.toks = [t for t in tokens if t.kind != EOF]
        self.out = out
        self.term = term
        self.parsed: dict[str, bool] = {}  # interpolation pieces already parsed

    def refuse(self, tok: Token, construct: str, reason: str) -> None:
        self.out.append(Violation(_short(construct), tok.line, tok.col, reason))

    def peek(self, k: int) -> Token | None:
        return self.toks[k] if k < len(self.toks) else None

    # -- per-token checks (any context) ------------------------------------------------------------------------

    def word(self, t: Token) -> None:
        name = str(t.value)
        if t.escaped:
            self.refuse(t, t.text, "escaped «names» can spell anything; a specification needs none")
        if name in REFUSED_WORDS:
            self.refuse(t, name, REFUSED_WORDS[name])
            return
        parts = name.split(".")
        for k in range(1, min(len(parts), _NAMESPACE_DEPTH) + 1):  # refused roots have at most 2 components
            prefix = ".".join(parts[:k])
            if prefix in REFUSED_NAMESPACES:
                self.refuse(t, name, REFUSED_NAMESPACES[prefix])
                return
        for part in parts:
            # a dotted name's keyword-like component is a field (`xs.prefix`); term-level names are refused
            if len(parts) > 1 and part in REFUSED_WORDS and REFUSED_WORDS[part] in (_TRUST, _RUNS_CODE):
                self.refuse(t, part, REFUSED_WORDS[part])
                return
            skel = _skeleton(part)
            if skel != part and skel in _SKELETONS:
                self.refuse(t, part, f"looks like `{_SKELETONS[skel]}` (lookalike characters)")
                return

    def string(self, t: Token, prev: Token | None) -> None:
        # only a string right after a name (`s!`, `throwError`, a library macro) or `trace[…]` can be read as an
        # interpolated string; after a bracket, a comma, an operator or at the start it is a plain literal
        if prev is None or not (prev.kind in (IDENT, KW) or (prev.kind == SYM and prev.text == "]")):
            return
        if t.conflict:
            self.refuse(t, t.text[:20], f"{t.conflict}; Lean may read it either way (write a literal '{{' as \\x7B)")
            return
        for piece in t.pieces:
            ok = 0 < len(piece) <= 64 and all(
                (p.kind in (IDENT, NUM, FLOAT)) or (p.kind == SYM and p.text in _PIECE_SYMBOLS) for p in piece
            )
            if ok:
                from specbridge.lean.parser import parse_term  # the parser imports nothing of the sandbox

                src = " ".join(p.text for p in piece)
                if src not in self.parsed:
                    try:
                        parse_term(src)
                        self.parsed[src] = True
                    except (LeanParseError, RecursionError):
                        self.parsed[src] = False
                ok = self.parsed[src]
            if not ok:
                where = piece[0] if piece else t
                self.refuse(
                    where,
                    _short("{" + " ".join(p.text for p in piece) + "}"),
                    "inside a string, `{…}` is code if Lean reads it as interpolated: only simple terms "
                    "(names, numbers, arithmetic) may appear there (write a literal '{' as \\x7B)",
                )
            for p in piece:
                if p.kind == IDENT:
                    self.word(p)

    def attributes(self, k: int) -> int:
        """`toks[k]` is the `[` / `@[` of an attribute list: every entry is `[local|scoped] <allowed name>`."""
        i = k + 1
        while i < len(self.toks):
            t = self.toks[i]
            if t.kind == SYM and t.text == "]":
                return i + 1
            if t.kind == SYM and t.text in _CLOSERS:  # a malformed list (Lean rejects it): stop here
                return i
            start = i
            j = i
            while j < len(self.toks) and self.toks[j].kind == IDENT and self.toks[j].value in ("local", "scoped"):
                j += 1
            name = self.toks[j] if j < len(self.toks) else t
            after = self.peek(j + 1)
            if name.kind not in (IDENT, KW) or name.value not in ALLOWED_ATTRIBUTES:
                reason = REFUSED_WORDS.get(str(name.value), "attribute outside the allow-list (" + ", ".join(
                    sorted(ALLOWED_ATTRIBUTES)) + ")")  # fmt: skip
                self.refuse(name, f"@[{name.text}]", reason)
            elif after is not None and not (after.kind == SYM and after.text in (",", "]")):
                self.refuse(after, f"@[{name.text} {after.text}]", "attribute arguments are not allowed")
            # skip to the next entry (refused entries may have arguments; they are checked as tokens anyway)
            depth = 0
            i = j
            while i < len(self.toks):
                u = self.toks[i]
                if u.kind == SYM and u.text in _OPENERS:
                    depth += 1
                elif u.kind == SYM and u.text in _CLOSERS:
                    if depth == 0:
                        break
                    depth -= 1
                elif u.kind == SYM and u.text == "," and depth == 0:
                    i += 1
                    break
                i += 1
            i = max(i, start + 1)  # every round consumes a token
        return i

    # -- the walk ------------------------------------------------------------------------------------------

    def run(self) -> None:
        toks = self.toks
        depth = 0
        regions: list[_Region] = []
        mutual_open: Token | None = None
        in_attribute = -1  # tokens before this index belong to an attribute list
        prev: Token | None = None
        i = 0
        while i < len(toks):
            t = toks[i]
            new_line = prev is None or t.line > prev.end_line
            # tactic blocks end at a closer below them, a `,` at their depth, a dedent, or a command
            while regions:
                r = regions[-1]
                closes = t.kind == SYM and t.text in _CLOSERS and depth - 1 < r.depth
                comma = t.kind == SYM and t.text == "," and depth == r.depth
                dedent = new_line and r.col and t.col < r.col
                command = depth == 0 and self._command_word(t)
                ends = t.kind == KW and t.text in ("then", "else", "from") and depth == r.depth
                if closes or comma or dedent or command or ends:
                    regions.pop()
                    continue
                break
            # per-token checks
            if t.kind in (IDENT, KW):
                if not (i < in_attribute and t.value in ("local", "scoped")):
                    self.word(t)
                nxt = self.peek(i + 1)
                if t.kind == IDENT and nxt is not None and nxt.kind == SYM and nxt.text == "%" and not nxt.ws_before:
                    after = self.peek(i + 2)
                    if after is None or after.ws_before or after.kind != NUM:
                        self.refuse(t, t.text + "%", _ELAB_PERCENT)
            elif t.kind == STR:
                self.string(t, prev)
            elif t.kind == NAME:
                self.refuse(t, t.text, "a Name literal: " + _META)
            elif t.kind == SYM and t.text == "`":
                self.refuse(t, "`(…)", "a syntax quotation: " + _META)
            elif t.kind == SYM and t.text == "#":
                nxt = self.peek(i + 1)
                cmd = "#" + nxt.text if nxt is not None and not nxt.ws_before and nxt.kind in (IDENT, KW) else "#"
                self.refuse(t, cmd, "`#` commands run or inspect code")
            if t.kind == KW and t.text == "open" and (depth > 0 or regions or self.term):
                self._open(i)  # `open … in` inside a term or a tactic block: the same fixed list
            # tactic positions
            if regions:
                self._tactic(regions, t, i, prev, depth, new_line)
            # command level
            if depth == 0 and not regions and not self.term:
                mutual_open = self._command(t, i, prev, new_line, mutual_open)
            if t.kind == KW and t.text == "by" or (t.kind == KW and t.text == "decreasing_by"):
                regions.append(_Region(depth))
            # (an attribute list is scanned once: one inside a list already scanned is an entry of that list)
            if (t.kind == SYM and t.text == "@[" or t.kind == KW and t.text == "attribute") and i >= in_attribute:
                j = i if t.text == "@[" else i + 1
                if j < len(toks) and toks[j].text in ("[", "@["):
                    in_attribute = max(in_attribute, self.attributes(j))
            if t.kind == SYM and t.text in _OPENERS:
                depth += 1
            elif t.kind == SYM and t.text in _CLOSERS:
                depth = max(0, depth - 1)
            prev = t
            i += 1
        if mutual_open is not None:
            self.refuse(mutual_open, "mutual", "`mutual` without its `end`")

    def _command_word(self, t: Token) -> bool:
        return (t.kind == KW and (t.text in DECLARATIONS or t.text in ("termination_by", "decreasing_by",
                "where", "deriving", "mutual", "end", "open", "attribute"))) or t.kind == DOC  # fmt: skip

    def _command(self, t: Token, i: int, prev: Token | None, new_line: bool, mutual_open: Token | None) -> Token | None:
        """Command-level checks of `t` (at depth 0, outside tactic blocks); returns the open `mutual`, if any."""
        starts_command = prev is None or (new_line and t.col == 1)
        if t.kind == KW and t.text == "mutual":
            if mutual_open is not None:
                self.refuse(t, "mutual", "nested `mutual` blocks")
            return t
        if t.kind == KW and t.text == "end":
            if mutual_open is None:
                self.refuse(t, "end", "closes a namespace or section the spec did not open (SpecBridge's own)")
                return None
            nxt = self.peek(i + 1)
            if nxt is not None and nxt.kind in (IDENT, KW) and nxt.line == t.line:
                self.refuse(nxt, f"end {nxt.text}", "`end` of a `mutual` block takes no name")
            return None
        if t.kind == KW and t.text == "open":
            self._open(i)
            return mutual_open
        if t.kind == KW and t.text == "deriving":
            self._deriving(i)
            return mutual_open
        if starts_command and t.kind != DOC:
            allowed = (
                (t.kind == KW and (t.text in DECLARATIONS or t.text in _CLAUSES or t.text in ("attribute", "open")))
                or (t.kind == IDENT and t.text == "lemma")
                or (t.kind == SYM and (t.text in ("@[", "|") or t.text in _CLOSERS))
                # `partial def` adds no axiom: the kernel sees an opaque constant, so an obligation about it can
                # only fail to be proved (native_decide, which trusts compiled code, is the settings' opt-in)
                or (t.kind == KW and t.text in ("noncomputable", "partial"))
            )
            if not allowed and t.text not in REFUSED_WORDS:
                where = "begins the text" if prev is None else "begins a line at column 1, where Lean reads a command"
                self.refuse(
                    t,
                    t.text,
                    f"it {where}; only declarations (def, abbrev, theorem, lemma, structure, inductive, mutual) "
                    "may begin one (indent continuation lines)",
                )
        return mutual_open

    def _open(self, i: int) -> None:
        t = self.toks[i]
        j = i + 1
        names = 0
        while j < len(self.toks):
            u = self.toks[j]
            if u.kind != IDENT:
                break
            if u.value in ("hiding", "renaming", "scoped"):
                self.refuse(u, f"open … {u.value}", "renaming, hiding or scoped opens can shadow names")
            elif str(u.value).split(".")[0] not in ALLOWED_OPENS:
                self.refuse(u, f"open {u.value}", "only " + ", ".join(sorted(ALLOWED_OPENS)) + " may be opened")
            names += 1
            j += 1
        u = self.peek(j)
        if u is not None and u.kind == SYM and u.text == "(":
            self.refuse(u, "open … (…)", "selective opens can shadow names")
        if names == 0:
            self.refuse(t, "open", "`open` needs a namespace from the allowed list")

    def _deriving(self, i: int) -> None:
        j = i + 1
        nxt = self.peek(j)
        if nxt is not None and nxt.kind == KW and nxt.text == "instance":
            return  # `instance` is refused as a word
        while j < len(self.toks):
            u = self.toks[j]
            if u.kind == IDENT:
                if u.value not in ALLOWED_DERIVING:
                    self.refuse(u, f"deriving {u.value}", "deriving handlers run meta code; only "
                                + ", ".join(sorted(ALLOWED_DERIVING)) + " are allowed")  # fmt: skip
            elif not (u.kind == SYM and u.text == ","):
                break
            j += 1

    def _tactic(self, regions: list[_Region], t: Token, i: int, prev: Token | None, depth: int, new_line: bool) -> None:
        r = regions[-1]
        if t.kind == KW and t.text in ("by", "decreasing_by") and not r.expect:
            return  # a nested block (pushed by the caller)
        at_depth = depth == r.depth
        start = r.expect
        if not start and prev is not None and at_depth:
            start = (
                (new_line and t.col == r.col)
                or (prev.kind == SYM and prev.text in (";", "<;>", "=>", "·"))
                or (prev.kind == SYM and prev.text == "|" and r.first_pipe)
            )
        if not start:
            self._tactic_argument(r, t, i, prev)
            return
        r.expect = False
        if not r.col:
            r.col = t.col
        if t.kind == SYM and t.text == "·":
            r.expect = True
            return
        if t.kind == SYM and t.text == "|":  # an alternative of `cases … with`, `induction`, `match`: `=>` follows
            r.tactic = ""
            return
        if t.kind == SYM and t.text in ("(", "{"):
            regions.append(_Region(depth + 1))  # `(tac; tac)`, `{ tac; tac }`: a block inside the brackets
            return
        name = str(t.value) if t.kind in (IDENT, KW) else t.text
        if t.kind in (IDENT, KW) and name in _COMBINATORS:
            r.expect = name != "iterate"
            r.first_pipe = r.first_pipe or name == "first"
            r.tactic = ""
            return
        if t.kind in (IDENT, KW) and name in ALLOWED_TACTICS:
            r.tactic = name
            return
        if name in REFUSED_WORDS:
            return  # already refused as a word
        if name in REFUSED_TACTICS:
            self.refuse(t, name, REFUSED_TACTICS[name])
        else:
            self.refuse(t, name, "tactic outside the allow-list (see docs/security.md)")
        r.tactic = ""

    def _tactic_argument(self, r: _Region, t: Token, i: int, prev: Token | None) -> None:
        if not r.tactic or prev is None:
            return
        nxt = self.peek(i + 1)
        if t.kind == SYM and t.text in ("+", "-") and nxt is not None and nxt.kind == IDENT and not nxt.ws_before:
            if prev.text == r.tactic or prev.kind == IDENT:
                if nxt.value not in _ALLOWED_FLAGS:
                    flags = ", ".join(sorted(_ALLOWED_FLAGS))
                    reason = f"tactic options change what a proof trusts or how long it runs; only {flags} are allowed"
                    self.refuse(t, f"{r.tactic} {t.text}{nxt.text}", reason)
        elif t.kind == SYM and t.text == "(" and (prev.text == r.tactic or r.tactic not in _TERM_TACTICS):
            after = self.peek(i + 2)
            if nxt is not None and nxt.kind == IDENT and after is not None and after.text == ":=":
                self.refuse(t, f"{r.tactic} ({nxt.text} := …)", "tactic configuration is not allowed")


def find_violations(spec_text: str, *, trust: Trust = Trust.UNTRUSTED, term: bool = False) -> list[Violation]:
    """Every refused construct in `spec_text`, in source order; empty when the text may go to Lean.

    `term=True` checks a single term (a test value) instead of a sequence of declarations.
    """
    out: list[Violation] = []
    for line_no, line in enumerate(spec_text.splitlines(), 1):
        for col, ch in enumerate(line, 1):
            if ch in _INVISIBLE:
                out.append(
                    Violation(
                        f"U+{ord(ch):04X}",
                        line_no,
                        col,
                        "invisible or bidi-control character (can make code read differently than it runs)",
                    )  # fmt: skip
                )
    try:
        tokens = lex(spec_text)
    except LeanParseError as exc:
        at = f" at {exc.token!r}" if exc.token else ""
        out.append(
            Violation(
                "lexical error",
                exc.line,
                exc.column,
                f"{exc.message}{at}; Lean reports this and keeps reading from here, so what follows would not "
                "mean what it seems",
            )
        )
        return _sorted(out)
    if trust is Trust.TRUSTED:
        _check_trusted(tokens, out)
    else:
        _Checker(tokens, out, term=term).run()
    return _sorted(out)


def _check_trusted(tokens: list[Token], out: list[Violation]) -> None:
    """A dataset's own reference may shape its own scope (`open`, `namespace`, `set_option`, `instance`, …), but
    it never runs code while Lean elaborates, never extends the syntax, and never names SpecBridge's namespace."""
    for t in tokens:
        if t.kind in (IDENT, KW) and str(t.value).split(".")[0] in ("SpecBridge", "_root_"):
            out.append(Violation(str(t.value), t.line, t.col, REFUSED_NAMESPACES["SpecBridge"]))
        elif t.kind in (IDENT, KW) and REFUSED_WORDS.get(str(t.value)) in (_RUNS_CODE, _SYNTAX) and not t.escaped:
            out.append(Violation(str(t.value), t.line, t.col, REFUSED_WORDS[str(t.value)]))
        elif t.kind == SYM and t.text in ("#", "`"):
            out.append(Violation(t.text, t.line, t.col, "`#` commands and quotations run or build code"))


def _sorted(out: list[Violation]) -> list[Violation]:
    out.sort(key=lambda v: (v.line, v.column))
    unique: list[Violation] = []
    for v in out:
        if not unique or (unique[-1].line, unique[-1].column) != (v.line, v.column):
            unique.append(v)
    return unique


def check(spec_text: str, trust: Trust) -> None:
    """The one gate before Lean: raise `UntrustedSpecError` naming each refused construct with its line:column."""
    violations = find_violations(spec_text, trust=trust)
    if not violations:
        return
    first = violations[0]
    more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
    lines = "\n".join(f"  {v}" for v in violations)
    err = UntrustedSpecError(f"spec refused: {first}{more}\n{lines}")
    err.violations = violations  # type: ignore[attr-defined]
    raise err


def check_untrusted(spec_text: str) -> None:
    """`check(spec_text, Trust.UNTRUSTED)`: the default for text a model, a corpus or a user wrote."""
    check(spec_text, Trust.UNTRUSTED)


__all__ = [
    "ALLOWED_ATTRIBUTES",
    "ALLOWED_DERIVING",
    "ALLOWED_OPENS",
    "ALLOWED_IMPORT_ROOTS",
    "ALLOWED_TACTICS",
    "Trust",
    "Violation",
    "check",
    "check_untrusted",
    "find_violations",
]
