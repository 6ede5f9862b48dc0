"""A spec body as typed clauses: top-level `let`s and `∧`-conjuncts, each with its shape and its template.

The split works on Lean tokens (the lexer of layer 2), so comments, strings and nested brackets never confuse
it; each clause is also parsed to the typed AST (`specbridge.lean.parser.parse_term`) to recognise its shape
(membership, bounded ∀ over indices or elements, ∃ with a witness, `result = true ↔ P`, counting/summing
equalities, order, permutation, Option cases, case splits, index minimality, ...).

A clause's *template* is its token sequence with the parameters and `result` replaced by typed slots
(`{s0}`, `{result}`) — the first step of anti-unification: two clauses of different tasks with the same template
are the same formalization choice. `instantiate` fills a template back with names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from specbridge.errors import SpecBridgeError
from specbridge.lean import ast as A
from specbridge.lean.lexer import Token, tokenize

_OPEN = {"(", "[", "{", "⟨", "#[", "@[", "%[", "⦃"}
_CLOSE = {")", "]", "}", "⟩", "⦄"}
_BLOCK = {"∀", "∃", "∃!", "fun", "λ", "if", "match", "let", "have", "show"}
_WEAK = {"→", "↔", "∨", "->", "<->", "\\/"}
_AND = {"∧", "/\\"}


@dataclass(frozen=True)
class Span:
    """One clause: its Lean text on one line (comments dropped), and the tokens it is made of."""

    text: str
    tokens: tuple[Token, ...]


def _line_offsets(text: str) -> list[int]:
    out = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            out.append(i + 1)
    return out


def _join(tokens: list[Token] | tuple[Token, ...], texts: list[str] | None = None) -> str:
    """Tokens back to one line of Lean: spacing as written, newlines that end a `let` value become `;`.
    `texts` replaces each token's text in the output (a template's slots), the layout staying the same."""
    out: list[str] = []
    # Open `let`s: (bracket depth, column of the `let`, value started). Lean's layout rule: the let's body
    # starts on a new line at the let's column or left of it; on one line that boundary is a `;`.
    pending: list[tuple[int, int, bool]] = []
    depth = 0
    prev: Token | None = None
    for index, tok in enumerate(tokens):
        if tok.kind == "eof":
            break
        if prev is not None:
            newline = tok.line > prev.line
            while pending and newline and pending[-1][0] == depth and tok.col <= pending[-1][1]:
                if pending[-1][2] and tok.text != ";":
                    out.append(";")
                pending.pop()
            if newline or tok.ws_before:
                out.append(" ")
        out.append(tok.text if texts is None else texts[index])
        if tok.text in ("let", "have"):
            pending.append((depth, tok.col, False))
        elif tok.text == ":=" and pending and pending[-1][0] == depth:
            pending[-1] = (depth, pending[-1][1], True)
        elif tok.text == ";" and pending and pending[-1][0] == depth:
            pending.pop()
        if tok.text in _OPEN:
            depth += 1
        elif tok.text in _CLOSE:
            depth -= 1
            while pending and pending[-1][0] > depth:
                pending.pop()
        prev = tok
    return "".join(out).strip()


def split_body(body: str) -> tuple[list[Span], list[Span]]:
    """(leading `let`s, top-level conjuncts) of a spec body; LeanParseError on text the lexer refuses.

    A conjunct that starts a binder or a block (`∀`, `fun`, `match`, ...) extends to the end, and a body whose
    top level has `→`, `↔` or `∨` is one clause as a whole (`A ∧ B → C` is an implication).
    """
    return split_body_tokens([t for t in tokenize(body) if t.kind != "eof"])


def split_body_tokens(tokens: list[Token]) -> tuple[list[Span], list[Span]]:
    """`split_body` on tokens already read."""
    lets: list[Span] = []
    i = 0
    # Leading `let x := v` lines (or `let x := v;`): the value runs to the next line starting at column <= let's.
    while i < len(tokens) and tokens[i].text == "let":
        start = i
        depth, j = 0, i + 1
        while j < len(tokens):
            t = tokens[j]
            if depth == 0 and (t.text == ";" or (t.line > tokens[start].line and t.col <= tokens[start].col)):
                break
            if t.text in _OPEN:
                depth += 1
            elif t.text in _CLOSE:
                depth -= 1
            j += 1
        if j >= len(tokens):
            break  # a let whose body is on the same line: keep it inside one clause
        part = tokens[start:j]
        lets.append(Span(_join(part), tuple(part)))
        i = j + 1 if tokens[j].text == ";" else j
    rest = tokens[i:]
    parts: list[list[Token]] = []
    current: list[Token] = []
    depth = 0
    for k, tok in enumerate(rest):
        if depth == 0 and tok.text in _BLOCK:
            current.extend(rest[k:])
            break
        if depth == 0 and tok.text in _WEAK:
            parts, current = [], list(rest)
            break
        if depth == 0 and tok.text in _AND:
            parts.append(current)
            current = []
            continue
        if tok.text in _OPEN:
            depth += 1
        elif tok.text in _CLOSE:
            depth -= 1
        current.append(tok)
    parts.append(current)
    conjuncts: list[Span] = []
    for p in parts:
        if not p:
            continue
        inner = list(p)
        while len(inner) > 2 and inner[0].text == "(" and inner[-1].text == ")" and _wraps(_join(inner)):
            inner = inner[1:-1]
        if len(inner) < len(p) and inner[0].text != "let":
            sub_lets, sub = split_body_tokens(inner)
            if not sub_lets and len(sub) > 1:  # `(A ∧ B)` at the top level: two clauses
                conjuncts.extend(sub)
                continue
        conjuncts.append(Span(_strip_parens(_join(p)), tuple(inner)))
    return lets, conjuncts


def _strip_parens(text: str) -> str:
    while text.startswith("(") and text.endswith(")") and _wraps(text):
        text = text[1:-1].strip()
    return text


def _wraps(text: str) -> bool:
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0:
            return i == len(text) - 1
    return False


# ---------------------------------------------------------------------------------------------------------------
# Shapes, from the typed AST


def _mentions_result(node: A.Node) -> bool:
    return any(isinstance(n, A.Ident) and n.name.split(".")[0] == "result" for n in walk(node))


def walk(node: object):  # noqa: ANN201 - an iterator of AST nodes
    """Every AST node under `node` (pre-order)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Node):
            yield n
            for name in getattr(n, "__slots__", ()):
                value = getattr(n, name, None)
                if isinstance(value, A.Node):
                    stack.append(value)
                elif isinstance(value, list | tuple):
                    stack.extend(v for v in value if isinstance(v, A.Node))
                elif isinstance(value, dict):
                    stack.extend(v for v in value.values() if isinstance(v, A.Node))


def _names(node: A.Node) -> set[str]:
    return {n.name for n in walk(node) if isinstance(n, A.Ident)}


def _is_result(node: A.Node) -> bool:
    return isinstance(node, A.Ident) and node.name == "result"


def _is_bool_result(node: A.Node) -> bool:
    if _is_result(node):
        return True
    return (
        isinstance(node, A.BinOp)
        and node.op == "="
        and (_is_result(node.lhs) or _is_result(node.rhs))
        and any(isinstance(x, A.Ident) and x.name in ("true", "false") for x in (node.lhs, node.rhs))
    )


_COUNT = re.compile(r"\.(count|countP|length|size)\b|^(List|Array)\.(count|countP)$")
_FOLD = re.compile(r"\.(sum|foldl|foldr|prod)\b|^(List|Array)\.(sum|foldl|foldr)$")
_ORDER = re.compile(r"Pairwise|Sorted|Monotone|StrictMono")
_PERM = re.compile(r"Perm|isPerm")


def shape_of(node: A.Node) -> str:
    """The clause's shape: a short kind name (`forall-index`, `decision`, `option-cases`, ...)."""
    while isinstance(node, A.Let):
        node = node.body
    if isinstance(node, A.Match):
        heads = set().union(*(_names(a.patterns[0]) for a in node.alts if a.patterns))
        return "option-cases" if heads & {"some", "none", ".some", ".none", "Option.some"} else "match-cases"
    if isinstance(node, A.If):
        return "case-split"
    if isinstance(node, A.Quant):
        b = node.body
        bounded_elem = isinstance(b, A.BinOp) and b.op == "→" and isinstance(b.lhs, A.BinOp) and b.lhs.op == "∈"
        bounded_idx = (
            isinstance(b, A.BinOp)
            and b.op in ("→", "∧")
            and isinstance(b.lhs, A.BinOp)
            and b.lhs.op
            in (
                "<",
                "≤",
                "∧",
            )
        )
        kind = {"forall": "forall", "exists": "exists", "exists_unique": "exists-unique"}[node.kind]
        if any(b.type is not None and "∈" in _names(b.type) for b in node.binders) or bounded_elem:
            return f"{kind}-element"
        if bounded_idx:
            minimal = node.kind == "forall" and any(
                isinstance(x, A.BinOp) and x.op == "<" and _is_result(x.rhs) for x in walk(node.body)
            )
            return "index-minimality" if minimal else f"{kind}-index"
        return kind
    if isinstance(node, A.BinOp):
        if node.op == "↔":
            if _is_bool_result(node.lhs) or _is_bool_result(node.rhs):
                return "decision"
            return "equivalence"
        if node.op == "→":
            if _is_bool_result(node.lhs):
                return "decision-implication"
            return "implication"
        if node.op == "∨":
            return "disjunction"
        if node.op in ("∈", "∉"):
            return "membership" if node.op == "∈" else "non-membership"
        if node.op in ("~",):
            return "permutation"
        if node.op in ("=", "=="):
            other = node.rhs if _is_result(node.lhs) else node.lhs if _is_result(node.rhs) else None
            names = " ".join(sorted(_names(node)))
            if _PERM.search(names):
                return "permutation"
            if other is None:
                return "equation" if _mentions_result(node) else "relation"
            if _COUNT.search(" ".join(sorted(_names(other)))):
                return "counting"
            if _FOLD.search(" ".join(sorted(_names(other)))):
                return "folding"
            return "result-equation"
        if node.op in ("<", "≤", ">", "≥", "≠"):
            return "bound" if _mentions_result(node) else "relation"
    if isinstance(node, A.Ident) and node.name == "True":
        return "trivial"
    if isinstance(node, A.BinOp) and node.op == "∧":
        return "conjunction"
    names = " ".join(sorted(_names(node)))
    if re.search(r"\.contains\b|\belem\b", names):
        return "membership"
    if "Nodup" in names:
        return "distinctness"
    if _ORDER.search(names):
        return "order"
    if _PERM.search(names):
        return "permutation"
    if re.search(r"\.all\b", names):
        return "forall-element"
    if re.search(r"\.any\b", names):
        return "exists-element"
    if isinstance(node, A.UnOp) and node.op in ("¬", "!"):
        return "negation"
    return "other"


# ---------------------------------------------------------------------------------------------------------------
# Templates: tokens with the parameters and `result` as typed slots


@dataclass(frozen=True)
class Slot:
    """A slot of a template: its name in the template (`s0`, `result`) and the Lean type it was mined with."""

    name: str
    type: str


@dataclass(frozen=True)
class Template:
    """Lean text with `{slot}` holes (literal braces doubled), and the slots in order of first use."""

    text: str
    slots: tuple[Slot, ...] = field(default=())

    def instantiate(self, names: dict[str, str]) -> str:
        """The template with each slot replaced by `names[slot]`; KeyError names a slot left unfilled."""
        return self.text.format(**names)


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


_BINDERS = {"∀", "∃", "∃!", "fun", "λ", "let"}
_BINDER_END = {",", "=>", ":=", "∈", "<", "≤", ":", "↦", "|"}


def bound_names(tokens: tuple[Token, ...] | list[Token]) -> list[str]:
    """Names a clause binds (`∀ i j`, `fun (a, b) =>`, `let n :=`), in order of binding."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if tokens[i].text in _BINDERS:
            j = i + 1
            while j < len(tokens) and tokens[j].text not in _BINDER_END:
                t = tokens[j]
                if t.kind == "ident" and "." not in t.text and t.text != "_" and t.text not in out:
                    out.append(t.text)
                j += 1
            i = j
        else:
            i += 1
    return out


def abstract(
    span: Span, params: dict[str, str], return_type: str, *, literals: bool = False
) -> tuple[Template, list[str]]:
    """The template of a clause, and the literal values taken out of it.

    Parameters become slots `s0`, `s1`, ... (in order of first use) typed by the parameter's type, `result`
    becomes `{result}`; bound variables get canonical names (`x0`, `x1`, ...) so that `∀ i < n` and `∀ j < n`
    are the same template; with `literals`, number literals become `{c0}`, `{c1}`, ... and their values are
    returned (anti-unification decides later which stay constant). Helpers and other names stay as written."""
    order: dict[str, str] = {}
    slots: list[Slot] = []
    typed = {**params, "result": return_type}
    bound = {n: f"x{k}" for k, n in enumerate(b for b in bound_names(span.tokens) if b not in typed)}
    texts: list[str] = []
    values: list[str] = []
    for tok in span.tokens:
        text = _escape(tok.text)
        if tok.kind == "ident":
            head, _, tail = tok.text.partition(".")
            if head in typed:
                if head not in order:
                    order[head] = "result" if head == "result" else f"s{sum(n != 'result' for n in order)}"
                    slots.append(Slot(order[head], typed[head]))
                text = "{" + order[head] + "}" + (_escape("." + tail) if tail else "")
            elif head in bound:
                text = bound[head] + (_escape("." + tail) if tail else "")
        elif tok.kind == "num" and literals:
            text = "{c" + str(len(values)) + "}"
            values.append(tok.text)
        texts.append(text)
    return Template(_strip_parens(_join(span.tokens, texts)), tuple(slots)), values


def span_of(text: str) -> Span:
    """A one-line clause text as a Span (tokens read again)."""
    tokens = tuple(t for t in tokenize(text) if t.kind != "eof")
    return Span(text, tokens)


class ClauseError(SpecBridgeError):
    """A clause could not be read (lexer or parser refusal); the message says which clause."""
