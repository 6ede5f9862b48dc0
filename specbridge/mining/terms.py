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
from dataclasses import dataclass, field

from specbridge.errors import LeanParseError
from specbridge.lean import ast as A
from specbridge.mining.clauses import walk
from specbridge.mining.library import slot_shape
from specbridge.tasks import Task, render_spec_source

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
    if isinstance(node, A.Lam):
        if len(node.binders) != 1 or not node.binders[0].name or node.binders[0].pattern is not None:
            raise _Unprintable
        var = node.binders[0].name
        inner = dict(names)
        inner[var] = var if re.fullmatch(r"[a-z]\w*", var) else "x"  # `(· * 2)` was parsed as `fun ·1 => …`
        return f"fun {inner[var]} => {_show(node.body, inner)}"
    raise _Unprintable


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


@dataclass
class Term:
    id: str
    template: str  # Lean with `{s0}`… for parameters and `{h0}` for a lambda hole
    shapes: dict[str, str]  # slot -> slot shape (`List num`, `num`, `String`…)
    fills: list[str] = field(default_factory=list)  # the lambda(s) the corpus wrote in the hole
    tasks: list[str] = field(default_factory=list)


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


def mine_terms(tasks: list[Task]) -> list[Term]:
    """The terms of every corpus spec and helper, merged across tasks (deterministic order)."""
    from specbridge.lean.parser import parse_module

    found: dict[str, Term] = {}
    for task in tasks:
        ref = task.reference
        if ref is None:
            continue
        try:
            module = parse_module(render_spec_source(task.signature, ref))
        except (LeanParseError, RecursionError):
            continue
        defined = {d.name for d in module.defs}
        for d in module.defs:
            if d.kind not in ("def", "abbrev") or d.body is None:
                continue
            params: dict[str, str] = {}
            for b in d.binders:
                t = _type_text(b.type)
                if b.name and t:
                    params[b.name] = slot_shape(t)
            params.pop("result", None)  # a term says what the result is made of, not the result
            params = {k: v for k, v in params.items() if not k.startswith("h_")}
            heads_of_apps = {id(n.fn) for n in walk(d.body) if isinstance(n, A.App)}
            for node in walk(d.body):
                if id(node) in heads_of_apps:
                    continue  # `xs.map` without its function: a part of a term, not one
                if not isinstance(node, _TERM_KINDS) or _size(node) > MAX_NODES:
                    continue
                heads = _free_heads(node)
                used = [h for h in heads if h in params]
                others = heads - set(used)
                if not used or len(used) > MAX_SLOTS or others & defined or "result" in heads:
                    continue
                if any(not _LIBRARY_HEADS.match(h) for h in others):
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
                key = text + "\n" + repr(sorted(shapes.items()))
                term = found.get(key)
                if term is None:
                    tid = "t" + hashlib.sha256(key.encode()).hexdigest()[:10]
                    term = found[key] = Term(tid, text, shapes)
                if task.id not in term.tasks:
                    term.tasks.append(task.id)
                if fill and fill not in term.fills:
                    term.fills.append(fill)
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


def instantiations(term: Term, task: Task, holes: list[str], limit: int = 6) -> list[str]:
    """`term` filled for `task`: slots by parameters of a compatible shape (each used once), the hole by `holes`
    then the term's own lambdas."""
    from specbridge.mining.transfer import _compatible, retarget_slots

    params = task.signature.params
    slots = sorted(term.shapes)
    options = []
    for s in slots:
        fit = [p.name for p in params if _compatible(term.shapes[s], p.type)]
        if not fit:
            return []
        options.append(fit)
    ptype = {p.name: p.type for p in params}
    fills = list(dict.fromkeys([*holes, *term.fills]))[:8] if "{h0}" in term.template else [""]
    out: list[str] = []
    for names in itertools.product(*options):
        if len(set(names)) != len(names):
            continue
        template = retarget_slots(
            term.template, [(s, term.shapes[s], ptype[n]) for s, n in zip(slots, names, strict=True)]
        )
        for fill in fills:
            values = {s: n for s, n in zip(slots, names, strict=True)}
            values["h0"] = fill
            try:
                text = template.format(**values)
            except (KeyError, IndexError, ValueError):
                continue
            if text not in out:
                out.append(text)
            if len(out) >= limit:
                return out
    return out


__all__ = ["Term", "corpus_lambdas", "instantiations", "mine_terms"]
