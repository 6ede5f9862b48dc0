"""Term templates mined from the corpus: the expressions its specs and helpers compute from their parameters.

Many specs say what the result *is*: `result = (xs.map (fun x => x * x)).sum`, or, in the Vericoding corpus,
`result = Helper s` with `def Helper (s : List Nat) : Nat := s.foldl (· + ·) 0`. The clause patterns keep such a
clause whole, with the task's helper in it; this module mines the *terms*: every subexpression, of a spec body
or of a helper's body, whose free names are parameters of its definition (and Lean's library), with those
parameters made typed slots. `(xs.map (fun x => x * x)).sum` gives `({s0}.map (fun x0 => x0 * x0)).sum`,
`{s0}.sum`, `{s0}.map (fun x0 => x0 * x0)`; a closed one-variable lambda also becomes a hole that other tasks'
lambdas (and the atoms of `shapes.AtomModel`) can fill.

For a new task, `term_candidates` fills the slots of the terms whose Lean vocabulary the requirement accounts for
(`lexicon.Lexicon`), and offers `result = <term>` — the elaborator and the probes throw out what does not
type-check. Nothing here knows any task: the terms are the corpus's, the choice is the lexicon's.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from specbridge.errors import LeanParseError
from specbridge.lean import ast as A
from specbridge.lean import types as ty
from specbridge.mining.clauses import walk
from specbridge.mining.library import slot_shape
from specbridge.tasks import Task, render_spec_source

if TYPE_CHECKING:
    from specbridge.lean.stdlib import Builtin

MAX_NODES = 14  # larger terms are one task's computation, not a reusable one
MAX_SLOTS = 3
_SIMPLE = (A.Ident, A.NumLit, A.StrLit, A.CharLit, A.ListLit, A.ArrayLit, A.Tuple)
_TERM_KINDS = (A.App, A.BinOp, A.Proj, A.UnOp, A.Index)


class _Unprintable(Exception):
    pass


def _char(value: str) -> str:
    escapes = {"\n": "\\n", "\t": "\\t", "\\": "\\\\", "'": "\\'"}
    return "'" + escapes.get(value, value) + "'"


def _show(node: A.Node, names: dict[str, str]) -> str:
    """Lean text of a term, every compound subterm parenthesized; `names` renames identifiers' heads."""
    if isinstance(node, A.Ident):
        head, dot, rest = node.name.partition(".")
        return names.get(head, head) + dot + rest
    if isinstance(node, A.NumLit):
        return str(node.value)
    if isinstance(node, A.StrLit):
        if any(c in node.value for c in '"\\\n{'):
            raise _Unprintable
        return f'"{node.value}"'
    if isinstance(node, A.CharLit):
        return _char(node.value)
    if isinstance(node, A.App):
        if node.named:
            raise _Unprintable
        fn = _show(node.fn, names) if isinstance(node.fn, A.Ident) or _simple_chain(node.fn) else _atom(node.fn, names)
        if isinstance(node.fn, A.Proj) and not _simple_chain(node.fn):
            fn = f"{_atom(node.fn.expr, names)}.{node.fn.field}"  # `(e).map f`, not `((e).map) f`
        return " ".join([fn, *(_atom(x, names) for x in node.args)])
    if isinstance(node, A.BinOp):
        if node.op in ("|>", "<|", "∘"):
            raise _Unprintable
        return f"{_atom(node.lhs, names)} {node.op} {_atom(node.rhs, names)}"
    if isinstance(node, A.UnOp):
        return f"{node.op}{_atom(node.arg, names)}"
    if isinstance(node, A.Proj):
        return f"{_atom(node.expr, names)}.{node.field}"
    if isinstance(node, A.Index):
        return f"{_atom(node.coll, names)}[{_show(node.index, names)}]{node.mode}"
    if isinstance(node, A.ListLit):
        return "[" + ", ".join(_show(x, names) for x in node.elems) + "]"
    if isinstance(node, A.Anon):
        return "⟨" + ", ".join(_show(x, names) for x in node.elems) + "⟩"
    if isinstance(node, A.Lam):
        if not node.binders or any(not b.name or b.pattern is not None for b in node.binders):
            raise _Unprintable
        inner = dict(names)
        for i, b in enumerate(node.binders):
            fresh = "x" if len(node.binders) == 1 else f"x{i}"
            inner[b.name] = b.name if re.fullmatch(r"[a-z]\w*", b.name) else fresh  # `(· * 2)` is `fun ·1 => …`
        return f"fun {' '.join(inner[b.name] for b in node.binders)} => {_show(node.body, inner)}"
    raise _Unprintable


def _fill_text(lam: A.Lam) -> str:
    """A lambda as a hole's filling, its variables renamed `x0`, `x1`…: `fun x0 x1 => x0 + x1`."""
    if any(not b.name or b.pattern is not None for b in lam.binders):
        raise _Unprintable
    names = {b.name: f"x{i}" for i, b in enumerate(lam.binders)}
    return f"fun {' '.join(names.values())} => {_show(lam.body, names)}"


def _atom(node: A.Node, names: dict[str, str]) -> str:
    text = _show(node, names)
    return text if isinstance(node, _SIMPLE) or (isinstance(node, A.Proj) and _simple_chain(node)) else f"({text})"


def _simple_chain(node: A.Node) -> bool:
    while isinstance(node, A.Proj):
        node = node.expr
    return isinstance(node, A.Ident)


def _size(node: A.Node) -> int:
    return sum(1 for _ in walk(node))


def _free_heads(node: A.Node) -> set[str]:
    """Heads of the identifiers of `node` not bound inside it."""
    bound: set[str] = set()
    for n in walk(node):
        if isinstance(n, A.Lam | A.Quant):
            bound |= {b.name for b in n.binders if b.name}
    heads = set()
    for n in walk(node):
        if isinstance(n, A.Ident):
            head = n.name.split(".", 1)[0]
            if head and head not in bound:
                heads.add(head)
    return heads


def _type_text(node: A.Node | None) -> str | None:
    from specbridge.lean.typecheck import show_expr

    if node is None:
        return None
    text = show_expr(node)
    return None if "…" in text else text


_LIBRARY_HEADS = re.compile(r"^[A-Z]")  # `List.range`, `Nat.succ`: namespaces of Lean's library start upper-case


def _library(name: str, local: AbstractSet[str] = frozenset()) -> bool:
    """`name` is Lean's library: in an upper-case namespace, or a root function such as `max` that the
    interpreter defines (`REGISTRY`), and not shadowed by one of the spec's own names."""
    from specbridge.lean.stdlib import REGISTRY

    head = name.split(".", 1)[0]
    return head not in local and (bool(_LIBRARY_HEADS.match(head)) or ("." not in name and name in REGISTRY))


@dataclass
class Term:
    id: str
    template: str  # Lean with `{s0}`… for parameters and `{h0}` for a lambda hole
    shapes: dict[str, str]  # slot -> slot shape (`List num`, `num`, `String`…)
    fills: list[str] = field(default_factory=list)  # the lambda(s) the corpus wrote in the hole
    tasks: list[str] = field(default_factory=list)
    # what the hole's lambda returns: "pred" (Prop/Bool), "value" (data), "" (not known); "pred2", "value2" when it
    # takes two arguments (an order, a fold's step `fun acc x => …`)
    hole: str = ""
    shape: str = ""  # the slot shape of the term's own type (`num`, `List num`, `Prop`), "" if not known

    @property
    def key(self) -> str:
        """What makes two terms one: the template and its slots' shapes (`{s0}.getLast?` over `List Char` is not
        the one over any list)."""
        return _term_key(self.template, self.shapes)


def _term_key(template: str, shapes: dict[str, str]) -> str:
    return template + "\n" + repr(sorted(shapes.items()))


def _abstract_lambda(template: str) -> tuple[str, str] | None:
    """`template` with its one closed lambda `(fun x => BODY)` made the hole `{h0}`; None if it has none."""
    from specbridge.mining.shapes import _close, _rename

    m = re.search(r"\(fun (\w+) => ", template)
    if m is None or template.count("(fun ") != 1:
        return None
    end = _close(template, m.start())
    if end is None:
        return None
    body = template[m.end() : end]
    if "{" in body:
        return None
    return template[: m.start()] + "({h0})" + template[end + 1 :], "fun x0 => " + _rename(body, m.group(1))


_OPERAND_LITERALS = (A.NumLit, A.StrLit, A.CharLit)


def _operator(node: A.Node, type_of: Callable[[A.Node], ty.Type | None], local: set[str]):  # noqa: ANN202
    """`node` with its operands made typed slots (`{s0} * {s1}`, `{s0}.map ({h0})`, `{s0}[{s1}]!`): Lean's
    operation as the corpus used it, ready to be composed over another task's values. Literal operands are
    kept (`{s0} % 2`); one lambda operand becomes the hole. None if an operand's type is not known. `local`:
    the names of the spec's own definitions and of the enclosing one's parameters (never library constants)."""
    slots: dict[str, str] = {}
    shapes: dict[str, str] = {}
    holes: list[A.Node] = []

    def operand(c: A.Node) -> A.Node | None:
        if isinstance(c, _OPERAND_LITERALS) or (isinstance(c, A.UnOp) and isinstance(c.arg, A.NumLit)):
            return c
        if (
            isinstance(c, A.Ident)
            and "." in c.name
            and _LIBRARY_HEADS.match(c.name)
            and c.name.split(".")[0] not in local
        ):
            return c  # a library constant used as a value (`Int.ofNat` passed to `map`); `N` may be a variable
        if isinstance(c, A.Anon) and len(c.elems) == 1:
            # `s.get ⟨i⟩`: a position made of a number, which Lean's `String.get` takes; the number alone is no
            # position (the interpreter reads both as Nat), so the brackets stay in the operation
            inner = operand(c.elems[0])
            return None if inner is None else A.Anon(c.line, c.col, [inner])
        if isinstance(c, A.Lam):
            if holes:
                return None
            holes.append(c)
            return A.Ident(c.line, c.col, "__h0")
        t = type_of(c)
        text = ty.lean_text(t) if t is not None else None
        if text is None:
            return None
        key = c.name if isinstance(c, A.Ident) else f"#{id(c)}"  # one variable used twice is one slot
        if key not in slots:
            slots[key] = f"__s{len(slots)}"
            shapes[f"s{len(shapes)}"] = slot_shape(text)
        return A.Ident(c.line, c.col, slots[key])

    def operands(*children: A.Node) -> list[A.Node] | None:
        out = [operand(c) for c in children]
        return None if any(o is None for o in out) else out  # type: ignore[return-value]

    skeleton: A.Node | None = None
    if isinstance(node, A.App) and not node.named:
        fn = node.fn
        if isinstance(fn, A.Proj):
            got = operands(fn.expr, *node.args)
            if got is not None:
                skeleton = A.App(node.line, node.col, A.Proj(fn.line, fn.col, got[0], fn.field), got[1:])
        elif isinstance(fn, A.Ident) and _library(fn.name, local):
            got = operands(*node.args)
            if got is not None:
                skeleton = A.App(node.line, node.col, fn, got)
    elif isinstance(node, A.BinOp) and node.op not in ("|>", "<|", "∘"):
        got = operands(node.lhs, node.rhs)
        if got is not None:
            skeleton = A.BinOp(node.line, node.col, node.op, got[0], got[1])
    elif isinstance(node, A.UnOp) and not isinstance(node.arg, A.NumLit):
        got = operands(node.arg)
        if got is not None:
            skeleton = A.UnOp(node.line, node.col, node.op, got[0])
    elif isinstance(node, A.Proj) and not node.field.isdigit():
        got = operands(node.expr)
        if got is not None:
            skeleton = A.Proj(node.line, node.col, got[0], node.field)
    elif isinstance(node, A.Index):
        got = operands(node.coll, node.index)
        if got is not None:
            skeleton = A.Index(node.line, node.col, got[0], got[1], node.mode)
    if skeleton is None or not slots:
        return None
    names = {v: "{" + v[2:] + "}" for v in slots.values()} | {"__h0": "({h0})"}
    try:
        text = _show(skeleton, names)
    except _Unprintable:
        return None
    fill = kind = ""
    if holes:
        if not {h for h in _free_heads(holes[0]) if not _library(h, local)}:
            try:  # a closed lambda is a filling other tasks may reuse
                fill = _fill_text(holes[0])
            except _Unprintable:
                fill = ""
        ret = type_of(holes[0])
        arity = 0
        while ret is not None and isinstance(ret, ty.T) and ret.name == "→":
            ret = ty.prune(ret.args[1])
            arity += 1
        if ret is not None and isinstance(ret, ty.T):
            kind = "pred" if ret.name in ("Prop", "Bool") else "value"
            # a lambda of two arguments (a fold's step, an order) takes no one-element test or value
            kind += "2" if arity >= 2 else ""
    return text, shapes, fill, kind, _shape_of(node, type_of)


def _shape_of(node: A.Node, type_of: Callable[[A.Node], ty.Type | None]) -> str:
    t = type_of(node)
    text = ty.lean_text(t) if t is not None else None
    return slot_shape(text) if text is not None else ""


def _split_method_names(module: A.Module, defined: set[str]) -> None:
    """Rewrite `xs.map.foo` (one dotted name, as parsed) into projections of the variable `xs`, so that the
    elaborator types the receiver `xs` as a node of its own: the operation is then `{s0}.map`."""

    def split(node: A.Node) -> A.Node:
        if not isinstance(node, A.Ident) or "." not in node.name or node.name.startswith("."):
            return node
        head, *fields = node.name.split(".")
        if not head or _LIBRARY_HEADS.match(head) or head in defined or not all(fields):
            return node
        out: A.Node = A.Ident(node.line, node.col, head)
        for f in fields:
            out = A.Proj(node.line, node.col, out, f)
        return out

    for d in module.defs:
        if d.body is None:
            continue
        for n in list(walk(d.body)):
            for name in getattr(n, "__slots__", ()):
                value = getattr(n, name, None)
                if isinstance(value, A.Ident):
                    setattr(n, name, split(value))
                elif isinstance(value, list):
                    value[:] = [split(v) if isinstance(v, A.Ident) else v for v in value]
        d.body = split(d.body)


def _let_names(body: A.Node) -> set[str]:
    """Names a definition's body binds with `let` (they shadow Lean's `max`, `min`…)."""
    return {n.name for n in walk(body) if isinstance(n, A.Let) and n.name}


def _term_nodes(body: A.Node):  # noqa: ANN202 - an iterator of AST nodes
    """The nodes of `body` that may be terms: all but the heads of applications (`xs.map` without its function
    is a part of a term, not one)."""
    heads = {id(n.fn) for n in walk(body) if isinstance(n, A.App)}
    return (n for n in walk(body) if id(n) not in heads)


def mine_terms(tasks: list[Task]) -> list[Term]:
    """The terms of every corpus spec and helper, merged across tasks (deterministic order); besides, every
    operation the corpus applies, with its operands typed slots (see `_operator`)."""
    from specbridge.lean.parser import parse_module
    from specbridge.lean.program import Program

    found: dict[str, Term] = {}

    def record(task: Task, text: str, shapes: dict[str, str], fill: str, hole: str = "", shape: str = "") -> None:
        key = _term_key(text, shapes)
        term = found.get(key)
        if term is None:
            tid = "t" + hashlib.sha256(key.encode()).hexdigest()[:10]
            term = found[key] = Term(tid, text, shapes)
        term.hole = term.hole or hole
        term.shape = term.shape or shape
        if task.id not in term.tasks:
            term.tasks.append(task.id)
        if fill and fill not in term.fills:
            term.fills.append(fill)

    for task in tasks:
        ref = task.reference
        if ref is None:
            continue
        source = render_spec_source(task.signature, ref)
        try:
            module = parse_module(source)
        except (LeanParseError, RecursionError):
            continue
        defined = {d.name for d in module.defs}
        try:  # elaborated, the definitions carry their types; a spec our elaborator refuses still gives its terms
            _split_method_names(module, defined)
            program: Program | None = Program(module, record_types=True)
        except Exception:  # noqa: BLE001 - ill-typed or unsupported: no types to read
            program = None
            module = parse_module(source)  # as written: elaboration may have rewritten parts of it
        defs = [d for d in module.defs if d.kind in ("def", "abbrev") and d.body is not None]
        if program is not None:
            for d in defs:
                local = defined | {b.name for b in d.binders if b.name} | _let_names(d.body)
                for node in _term_nodes(d.body):
                    got = _operator(node, program.type_of, local)
                    if got is not None:
                        record(task, *got)
        type_of = program.type_of if program is not None else (lambda _node: None)
        for d in defs:
            params: dict[str, str] = {}
            for b in d.binders:
                t = _type_text(b.type)
                if b.name and t:
                    params[b.name] = slot_shape(t)
            params.pop("result", None)  # a term says what the result is made of, not the result
            params = {k: v for k, v in params.items() if not k.startswith("h_")}
            lets = _let_names(d.body)
            for node in _term_nodes(d.body):
                if not isinstance(node, _TERM_KINDS) or _size(node) > MAX_NODES:
                    continue
                heads = _free_heads(node)
                used = [h for h in heads if h in params]
                others = heads - set(used)
                if not used or len(used) > MAX_SLOTS or others & defined or "result" in heads:
                    continue
                if any(not _library(h, defined | lets) for h in others):
                    continue  # a variable bound outside the term (an outer ∀), or a local of the definition
                order = sorted(used, key=lambda h: (params[h], h))
                names = {h: f"{{s{i}}}" for i, h in enumerate(order)}
                try:
                    text = _show(node, names)
                except _Unprintable:
                    continue
                shapes = {f"s{i}": params[h] for i, h in enumerate(order)}
                fill = ""
                got = _abstract_lambda(text)
                if got is not None:
                    text, fill = got
                record(task, text, shapes, fill, shape=_shape_of(node, type_of))
    return sorted(found.values(), key=lambda t: (-len(t.tasks), t.template))


# ---------------------------------------------------------------------------------------------------------------
# Transfer


def corpus_lambdas(terms: list[Term]) -> list[str]:
    """Every lambda the corpus wrote in a term's hole (`fun x0 => x0 * x0`, `fun x0 => x0 < 0`), most used first."""
    count: dict[str, int] = defaultdict(int)
    for t in terms:
        for f in t.fills:
            count[f] += len(t.tasks)
    return [f for f, _ in sorted(count.items(), key=lambda kv: (-kv[1], kv[0]))]


def operand(text: str) -> str:
    """`text` as an operand of another term: names, projections and a parenthesized term's projections
    (`(xs.map f).sum`) and a string literal without a quote or escape in it (`"."`) stay, anything else is
    parenthesized."""
    from specbridge.mining.shapes import _close

    if re.fullmatch(r"[\w.'!?]+", text) or re.fullmatch(r'"[^"\\]*"', text):
        return text
    end = _close(text, 0) if text.startswith("(") else None
    if end is not None and re.fullmatch(r"(\.[\w'!?]+)*", text[end + 1 :]):
        return text
    return f"({text})"


def instantiations(
    term: Term,
    task: Task,
    holes: list[str],
    limit: int = 6,
    *,
    values: list[tuple[str, str]] | None = None,
    required: set[str] | None = None,
    fills: int = 8,
) -> list[str]:
    """`term` filled for `task`: slots by `values` (Lean text, its type; the task's parameters by default) of a
    compatible shape, each used once and at least one of them from `required` when given; the hole by `holes`
    then the term's own lambdas."""
    from specbridge.mining.transfer import _compatible, retarget_slots

    if values is None:
        values = [(p.name, p.type) for p in task.signature.params]
    slots = sorted(term.shapes)
    options = []
    for s in slots:
        fit = [v for v in values if _compatible(term.shapes[s], v[1])]
        if not fit:
            return []
        options.append(fit)
    fillings = list(dict.fromkeys([*holes, *term.fills]))[:fills] if "{h0}" in term.template else [""]
    out: list[str] = []
    for chosen in itertools.product(*options):
        texts = [v[0] for v in chosen]
        if len(set(texts)) != len(texts) or (required is not None and not required & set(texts)):
            continue
        template = retarget_slots(
            term.template, [(s, term.shapes[s], v[1]) for s, v in zip(slots, chosen, strict=True)]
        )
        filled = {s: operand(t) for s, t in zip(slots, texts, strict=True)}
        for fill in fillings:
            try:
                text = template.format(**filled, h0=fill)
            except (KeyError, IndexError, ValueError):
                continue
            if text not in out:
                out.append(text)
            if len(out) >= limit:
                return out
    return out


_VOCABULARY_NAMESPACES = ("List", "Array", "String", "Nat", "Int", "Char")
_NAMED = re.compile(r"[A-Za-z]+[?!]?")  # a name made of words: `rotateLeft`, `getLast?`; not `get!`
# Lean's naming prefixes (`isUpper`, `toUpper`, `getLast?`): what kind of operation, not what it is about
_NAME_PREFIXES = frozenset({"get", "is", "to"})
# Builtins whose Lean declarations take a proof the interpreter's signature leaves out (`Array.eraseIdx … (h : i <
# xs.size := by get_elem_tactic)`, `List.getLast l (h : l ≠ [])`): written without it, Lean may refuse them.
_NEEDS_PROOF = frozenset({"Array.eraseIdx", "Array.insertIdx", "List.getLast"})
# implementation variants (`toArrayAux`, `lengthTR`) and what `xs[i]` notation unfolds to (`getElem?`): not words
_INTERNAL = re.compile(r"(Aux|TR)$|^getElem")


def _vocabulary_shape(t: ty.Type) -> str | None:
    """The slot shape of a builtin's parameter or result type: numbers, text, characters, truth values and
    sequences of anything (`List *`); None for a bare type variable or anything else (too loose to fill)."""
    t = ty.prune(t)
    if not isinstance(t, ty.T):
        return None
    if t.name in ("Nat", "Int"):
        return "num"
    if t.name in ("String", "Char", "Bool") and not t.args:
        return t.name
    if t.name in ("List", "Array") and len(t.args) == 1:
        inner = ty.prune(t.args[0])
        if isinstance(inner, ty.TV):
            return f"{t.name} *"
        elem = _vocabulary_shape(inner)
        return f"{t.name} {elem}" if elem in ("num", "Char", "Bool", "String") else None
    return None


def vocabulary_operations(words: set[str]) -> list[Term]:
    """Lean's own operations (the interpreter's builtins, `specbridge.lean.stdlib`) whose every name word the
    requirement uses (`words`: its stems), as terms with no corpus support: `{s0}.rotateLeft {s1}` for "rotate
    … left", `{s0}.takeWhile ({h0})` for "take … while". The corpus may never have written them; Lean's names
    say what they do. A function argument becomes the hole when it takes one value."""
    from specbridge.lean.stdlib import REGISTRY
    from specbridge.retrieval import split_name, tokenize

    out: dict[str, Term] = {}
    for name, builtin in sorted(REGISTRY.items()):
        namespace, _, short = name.partition(".")
        if namespace not in _VOCABULARY_NAMESPACES or not _NAMED.fullmatch(short or "-") or _INTERNAL.search(short):
            continue
        if name in _NEEDS_PROOF:
            continue
        parts = split_name(short)
        stems = tokenize(" ".join(w for w in parts if w not in _NAME_PREFIXES))  # `takeWhile` -> `take`
        if len(parts) < 2 or not stems or not all(_said(stem, words) for stem in stems):
            continue  # a one-word name (`reverse`, `sum`) the corpus already uses; two words say what it does
        term = _builtin_term(name, builtin)
        if term is not None:
            out.setdefault(term.key, term)
    return list(out.values())


def extreme_operations(kinds: Collection[str]) -> list[Term]:
    """Lean's extremes of a sequence (`{s0}.max?`, `{s0}.min?`) for the extremes the words ask for (`kinds`,
    `stated_extremes`), as terms with no corpus support: their one-word names no requirement word spells."""
    return builtin_operations(f"{container}.{kind}?" for kind in sorted(kinds) for container in ("List", "Array"))


# Lean's tests of what a sequence begins or ends with, for the ends the words say (`stated_ends`), and its
# longest beginning of items passing a test ("begins with how many digits": `(s.toList.takeWhile p).length`)
_END_OPERATIONS = {
    "first": ("List.isPrefixOf", "Array.isPrefixOf", "String.startsWith", "List.takeWhile"),
    "last": ("List.isSuffixOf", "String.endsWith"),
}


def end_operations(ends: Collection[str]) -> list[Term]:
    """Lean's tests of a sequence's beginning or end (`{s0}.isPrefixOf {s1}`, `{s0}.endsWith {s1}`) for the ends
    the words say (`ends`, `stated_ends`): "begins with" names neither, and no corpus task may use them."""
    return builtin_operations(name for end in sorted(ends) for name in _END_OPERATIONS[end])


# Lean names its operations in mirrored pairs (`rotateLeft`/`rotateRight`, `isPrefixOf`/`isSuffixOf`,
# `takeWhile`/`dropWhile`, `min?`/`max?`): one word of the name swapped for its mirror
_MIRRORED_WORDS = {"Left": "Right", "Prefix": "Suffix", "starts": "ends", "take": "drop", "min": "max"}
_MIRRORED_WORDS |= {b: a for a, b in _MIRRORED_WORDS.items()}
_MIRRORED_WORD = re.compile(r"^(?:take|drop|min|max|starts|ends)(?![a-z])|(?:Left|Right|Prefix|Suffix)(?![a-z])")


def mirrored_operations(terms: Iterable[Term]) -> list[Term]:
    """Lean's mirror (`_MIRRORED_WORDS`) of each method the corpus's terms call on their first slot, as a term with
    the corpus support of the one it mirrors: a corpus that wrote `l.rotateRight k` has seldom written
    `l.rotateLeft k`, which Lean has beside it."""
    from specbridge.lean.stdlib import REGISTRY

    terms = list(terms)
    written = {m for t in terms for m in re.findall(r"\.([A-Za-z]+[?!]?)", t.template)}
    out: dict[str, Term] = {}
    for term in terms:
        m = re.fullmatch(r"\{s0\}\.([A-Za-z]+[?!]?)(?: .*)?", term.template)
        namespace = term.shapes.get("s0", "").split(" ")[0]
        if m is None or namespace not in _VOCABULARY_NAMESPACES:
            continue
        short = m.group(1)
        mirror = _MIRRORED_WORD.sub(lambda w: _MIRRORED_WORDS[w.group(0)], short, count=1)
        name = f"{namespace}.{mirror}"
        if mirror == short or mirror in written or name not in REGISTRY:  # (one the corpus wrote has its own)
            continue
        for mirrored in builtin_operations([name]):
            out.setdefault(mirrored.key, replace(mirrored, tasks=list(term.tasks)))
    return list(out.values())


def builtin_operations(names: Iterable[str]) -> list[Term]:
    """The interpreter's builtins `names` as terms with no corpus support (`_builtin_term`), those it has and
    whose signature the type reader takes."""
    from specbridge.lean.stdlib import REGISTRY

    out = []
    for name in names:
        term = _builtin_term(name, REGISTRY[name]) if name in REGISTRY else None
        if term is not None:
            out.append(term)
    return out


def _builtin_term(name: str, builtin: Builtin) -> Term | None:
    """The interpreter's builtin `name` as a vocabulary term (`_vocabulary_term`); None when its signature is not
    one the type reader takes."""
    namespace, _, short = name.partition(".")
    try:
        params, result = builtin.instantiate()
        receiver = builtin.receiver_index(namespace)
    except Exception:  # noqa: BLE001 - a signature the type reader does not take: not offered
        return None
    return _vocabulary_term(name, namespace, short, params, result, receiver)


def _said(stem: str, words: set[str]) -> bool:
    """The requirement says `stem`: as a word, or as the head of a compound (`upper` of "uppercase")."""
    return stem in words or (len(stem) >= 4 and any(w.startswith(stem) for w in words))


def _vocabulary_term(
    name: str, namespace: str, short: str, params: list[ty.Type], result: ty.Type, receiver: int
) -> Term | None:
    """The builtin `name` as a term over slots, with every explicit argument (`{s0}.rotateLeft {s1}`); None when
    an argument is neither a slot nor a one-variable hole, or the receiver is not of the namespace's type."""
    shapes: dict[str, str] = {}
    args: list[str] = []
    hole = ""
    for i, p in enumerate(params):
        p = ty.prune(p)
        if isinstance(p, ty.T) and p.name == "→":
            ret = ty.prune(p.args[1])
            if hole or (isinstance(ret, ty.T) and ret.name == "→"):
                return None  # two functions, or a function of two arguments: no one-variable hole fits
            hole = "pred" if isinstance(ret, ty.T) and ret.name == "Bool" else "value"
            args.append("({h0})")
            continue
        shape = _vocabulary_shape(p)
        if shape is None or (i == receiver and namespace not in ("Nat", "Int") and shape.split()[0] != namespace):
            return None
        slot = f"s{len(shapes)}"
        shapes[slot] = shape
        args.append("{" + slot + "}")
    if not shapes or len(shapes) > 2:
        return None
    if receiver < len(args) and args[receiver].startswith("{s"):
        rest = [a for j, a in enumerate(args) if j != receiver]
        template = f"{args[receiver]}.{short}" + "".join(f" {a}" for a in rest)
    else:
        template = f"{name} " + " ".join(args)
    tid = "v" + hashlib.sha256(_term_key(template, shapes).encode()).hexdigest()[:10]
    return Term(tid, template, shapes, hole=hole, shape=_vocabulary_shape(result) or "")


def is_operation(term: Term) -> bool:
    """A term small enough to be composed over other terms (one operation, not a task's computation)."""
    return len(term.template) <= 40 and len(term.shapes) <= 2


def lambda_bodies(terms: list[Term], task: Task, var_type: str, *, pred: bool, limit: int = 200) -> list[str]:
    """`fun x0 => <op>` for the corpus's operations applied to a variable `x0 : var_type` (and the task's
    parameters): the tests a `filter` (`pred`) or the values a `map` over `task`'s elements may compute. Most
    used first."""
    return _bodies(terms, task, [("x0", var_type)], pred=pred, limit=limit)


def pair_lambda_bodies(
    terms: list[Term], task: Task, first: str, second: str, *, pred: bool, limit: int = 200
) -> list[str]:
    """`fun x0 => <op>` for the corpus's operations over both components of a pair `x0 : first × second`
    (`x0.1 < x0.2`, `x0.1 * x0.2`): what a `filter` (`pred`) or a `map` over two sequences side by side, or over a
    sequence's neighbours, may test or compute. Most used first."""
    return _bodies(terms, task, [("x0.1", first), ("x0.2", second)], pred=pred, limit=limit)


def fold_steps(terms: list[Term], task: Task, acc_type: str, element: str, *, limit: int = 200) -> list[str]:
    """`fun x0 x1 => <op>` for the corpus's operations over an accumulator `x0 : acc_type` and an element
    `x1 : element` (`x0 * x1`, `max x0 x1`, `(x0 * 10) + x1`): what a fold's step may compute. The steps the
    corpus wrote in a fold and its two-operand operations, in turns, most used first."""
    written = corpus_lambdas([t for t in terms if t.hole == "value2"])
    made = _bodies(terms, task, [("x0", acc_type), ("x1", element)], pred=False, limit=limit, binders="x0 x1")
    # the accumulator first, as the corpus writes a step (`acc * x`): `x ^ acc` is no running result
    made = [b for b in made if _first_use(b, "x0") < _first_use(b, "x1")]
    return list(dict.fromkeys(in_turns(written, made)))[:limit]


def in_turns(*sources: Sequence[str]) -> list[str]:
    """The first of each source, then the second of each…: a hole takes its first few fills only, and no source
    of fills may crowd the others out."""
    return [item for row in itertools.zip_longest(*sources) for item in row if item is not None]


def _first_use(body: str, name: str) -> int:
    """Where the lambda `body` (`fun x0 x1 => …`) first uses the variable `name` after its binders."""
    found = re.search(rf"\b{name}\b", body.split("=>", 1)[1])
    return found.start() if found else len(body)


def _bodies(
    terms: list[Term], task: Task, variables: list[tuple[str, str]], *, pred: bool, limit: int, binders: str = "x0"
) -> list[str]:
    """`fun x0 => <op>` for the corpus's one-operation terms (tests when `pred`, else values) over every one of
    `variables` (what `x0` gives: itself, or a pair's components; or each of the lambda's `binders`) and the task's
    parameters."""
    values = variables + [(p.name, p.type) for p in task.signature.params]
    out: list[str] = []
    for term in terms:
        if not is_operation(term) or "{h0}" in term.template or not term.shape:
            continue
        if (term.shape in ("Prop", "Bool")) != pred:
            continue
        for text in instantiations(term, task, [], limit=4, values=values, required={variables[0][0]}):
            body = f"fun {binders} => " + text
            if all(v in text for v, _ in variables[1:]) and body not in out:
                out.append(body)
        if len(out) >= limit:
            break
    return out


_SEQUENCE_SHAPE = re.compile(r"(List|Array) (num|Char|Bool|String)")


def element_generic(term: Term) -> Term | None:
    """`term` with its one sequence slot taking any elements (`{s0}.length` mined on `List num` for a `List (num ×
    num)`), as Lean's sequence operations are generic; None without exactly one such slot. Elaboration refuses the
    uses that need the mined elements (`.sum` of pairs)."""
    sequences = [s for s, shape in term.shapes.items() if _SEQUENCE_SHAPE.fullmatch(shape)]
    if len(sequences) != 1:
        return None
    shapes = dict(term.shapes)
    shapes[sequences[0]] = shapes[sequences[0]].split(" ", 1)[0] + " *"
    return replace(term, shapes=shapes)


__all__ = [
    "Term",
    "corpus_lambdas",
    "element_generic",
    "instantiations",
    "is_operation",
    "lambda_bodies",
    "mine_terms",
    "operand",
    "pair_lambda_bodies",
    "vocabulary_operations",
]
