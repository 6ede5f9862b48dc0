"""The elaborator's rules: when a type clash or an unresolved name makes Lean reject a spec.

The typing itself is the compiler's (`expr` returns code *and* type, with unification in `types.py`), so the
checks and the semantics cannot drift apart; the compiler calls these rules where Lean's elaborator would
fail, and `specbridge.lean.elab` runs that typed pass over the whole module before any evaluation. The rules
are deliberately one-sided: a clash is reported only between types whose Lean elaboration we model completely
(numerals, Bool/Prop, lists, strings, …) and where Lean inserts no coercion. Anything else stays open (and,
when not evaluable, ends as a named `unknown`), so an `ill-typed` verdict is never a guess.
"""

from __future__ import annotations

from specbridge.errors import IllTyped, UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import types as ty

# Types whose values and instances we model completely: a clash between two of them is an elaboration error
# in Lean too (no coercion between them except the ones `compatible` allows).
_GROUND = frozenset(
    [
        "Nat",
        "Int",
        "Bool",
        "Prop",
        "String",
        "Char",
        "List",
        "Array",
        "Float",
        "Unit",
        "Prod",
        "Option",
        "Rat",
        "UInt8",
        "UInt16",
        "UInt32",
        "UInt64",
        "USize",
    ]
)
# Lean coerces between these numeric types (↑ Nat→Int, Nat/Int→Rat, …); `binrel%`/`binop%` insert the
# coercion at the maximal type, so no pair of them is reported.
_NUMERIC = frozenset(["Nat", "Int", "Rat", "Float", "UInt8", "UInt16", "UInt32", "UInt64", "USize"])
# Types with a `Membership` instance in core/Batteries/Mathlib, as far as we model them.
_SCALARS = frozenset(["Nat", "Int", "Bool", "Char", "Float", "Unit", "Rat", "Prop", "→"])


def compatible(
    a: ty.Type, b: ty.Type, user_types: frozenset[str] = frozenset(), *, either: bool = False, declared: bool = False
) -> bool:
    """False only when Lean certainly rejects a value of type `a` where `b` is expected (`either`: in either
    direction, as `binrel%` does for the two sides of `=`). `declared`: `b` is written in a signature, an index or
    an ascription, not inferred; Lean may elaborate an inferred type later than we do and insert a cast the other
    way (`ns.contains i` for `i : Int` when `ns` is a `map` still postponed), but a written Nat takes no Int."""
    a, b = ty.prune(a), ty.prune(b)
    if isinstance(a, ty.TV) or isinstance(b, ty.TV):
        return True
    ground = _GROUND | user_types
    if (a.name not in ground and a.name != "→") or (b.name not in ground and b.name != "→"):
        return True
    if a.name == b.name == "→":
        return True  # our typing of function values is not precise enough to reject one
    if a.name == b.name:
        if len(a.args) != len(b.args):
            return True
        return all(
            compatible(x, y, user_types, either=either, declared=declared) for x, y in zip(a.args, b.args, strict=True)
        )
    if a.name in _NUMERIC and b.name in _NUMERIC:
        # `↑` casts a Nat up to an Int, but nothing casts an Int down (`Nat.succ i` for `i : Int` is an error)
        return either or not declared or (a.name, b.name) != ("Int", "Nat")
    if {a.name, b.name} == {"Bool", "Prop"}:
        return True  # `decide p` / `b = true`
    if "→" in (a.name, b.name):
        # a function where a datum is expected (`Int.toNat f`); Prop/Bool stay open (∀ binders, predicates)
        other = b.name if a.name == "→" else a.name
        return other == "→" or other not in _GROUND or other in ("Prop", "Bool")
    if b.name == "Option" and b.args:
        return compatible(a, b.args[0], user_types, declared=declared)  # `x : α` coerces to `Option α` (never back)
    if either and a.name == "Option" and a.args:
        return compatible(b, a.args[0], user_types)
    return False


def show_expr(node: A.Node, depth: int = 0) -> str:
    """Compact Lean text of an expression, for error messages (not a pretty-printer: deep parts are `…`)."""
    if depth > 4:
        return "…"
    d = depth + 1
    if isinstance(node, A.Ident):
        return node.name
    if isinstance(node, A.NumLit):
        return str(node.value)
    if isinstance(node, A.FloatLit):
        return node.text
    if isinstance(node, A.StrLit):
        return '"' + node.value.replace('"', '\\"') + '"'
    if isinstance(node, A.CharLit):
        return repr(node.value)
    if isinstance(node, A.App):
        parts = [show_expr(node.fn, d), *(_atom(x, d) for x in node.args)]
        parts += [f"({k} := {show_expr(v, d)})" for k, v in node.named.items()]
        return " ".join(parts)
    if isinstance(node, A.BinOp):
        return f"{_atom(node.lhs, d)} {node.op} {_atom(node.rhs, d)}"
    if isinstance(node, A.UnOp):
        return f"{node.op}{_atom(node.arg, d)}"
    if isinstance(node, A.Proj):
        return f"{_atom(node.expr, d)}.{node.field}"
    if isinstance(node, A.ListLit):
        return "[" + ", ".join(show_expr(x, d) for x in node.elems) + "]"
    if isinstance(node, A.ArrayLit):
        return "#[" + ", ".join(show_expr(x, d) for x in node.elems) + "]"
    if isinstance(node, A.Tuple):
        return "(" + ", ".join(show_expr(x, d) for x in node.elems) + ")"
    if isinstance(node, A.Anon):
        return "⟨" + ", ".join(show_expr(x, d) for x in node.elems) + "⟩"
    if isinstance(node, A.Ascribe):
        return f"({show_expr(node.expr, d)} : {show_expr(node.type, d) if node.type is not None else ''})"
    if isinstance(node, A.Index):
        return f"{_atom(node.coll, d)}[{show_expr(node.index, d)}]{node.mode}"
    if isinstance(node, A.If):
        return f"if {show_expr(node.cond, d)} then {show_expr(node.then, d)} else {show_expr(node.orelse, d)}"
    if isinstance(node, A.Quant):
        sym = {"forall": "∀", "exists": "∃", "exists_unique": "∃!"}.get(node.kind, node.kind)
        names = " ".join(b.name or "_" for b in node.binders)
        return f"{sym} {names}, {show_expr(node.body, d)}"
    if isinstance(node, A.Lam):
        names = " ".join(b.name or "_" for b in node.binders)
        return f"fun {names} => {show_expr(node.body, d)}"
    return {"Match": "match …", "Do": "do …", "Let": "let …"}.get(type(node).__name__, type(node).__name__)


def _atom(node: A.Node, depth: int) -> str:
    s = show_expr(node, depth)
    simple = isinstance(node, A.Ident | A.NumLit | A.StrLit | A.CharLit | A.ListLit | A.Tuple | A.Anon | A.Proj)
    return s if simple else f"({s})"


def mismatch(node: A.Node, actual: ty.Type, expected: ty.Type) -> IllTyped:
    return IllTyped(
        f"type mismatch: `{show_expr(node)}` has type {ty.show(actual)} but is expected to have type "
        f"{ty.show(expected)}",
        *_at(node),
    )


def check_sides(node: A.Node, a: ty.Type, b: ty.Type, user_types: frozenset[str] = frozenset()) -> None:
    """The two sides of a relation must have one type up to a coercion of either side."""
    if not compatible(a, b, user_types, either=True):
        raise IllTyped(
            f"type mismatch: the sides of `{show_expr(node)}` have types {ty.show(a)} and {ty.show(b)}", *_at(node)
        )


def _is_numeral(node: A.Node) -> bool:
    return isinstance(node, A.NumLit | A.FloatLit) or (isinstance(node, A.UnOp) and _is_numeral(node.arg))


def check_mixed_tree(node: A.Node, leaves: list[A.Node], types: list[ty.Type], *, arithmetic: bool = False) -> None:
    """An arithmetic/relation tree mixing numbers (or numerals) with lists, strings, Bools, …: Lean finds no
    `HAdd`/`LT` instance, or no `OfNat` for the numeral at the tree's type (`"a" > 0`, `xs ≥ 8`)."""
    heads = {ty.head(t) for t in types} - {None}
    numeric = sorted(heads & _NUMERIC) or (["a numeral"] if any(_is_numeral(x) for x in leaves) else [])
    # an Option may stand beside a number in a relation (`xs.head? = 1` coerces); arithmetic on it has no instance
    other = heads & (_GROUND - _NUMERIC - (set() if arithmetic else {"Option"}))
    if numeric and other:
        raise IllTyped(
            f"type mismatch: `{show_expr(node)}` mixes {numeric[0]} with {sorted(other)[0]} "
            "(no instance combines them)",
            *_at(node),
        )
    # arithmetic on a list, a Bool, a Prop, an Option (`-[]`): no instance at all (Prod, String, Char are left
    # open: Mathlib adds componentwise Prod arithmetic, and we do not claim to know every instance of the others)
    no_arith = heads & (_GROUND - _NUMERIC - {"Prod", "String", "Char"}) if arithmetic else set()
    if no_arith:
        raise IllTyped(
            f"failed to synthesize an arithmetic instance for {sorted(no_arith)[0]} in `{show_expr(node)}`", *_at(node)
        )


def check(
    node: A.Node,
    actual: ty.Type,
    expected: ty.Type | None,
    user_types: frozenset[str] = frozenset(),
    *,
    declared: bool = False,
) -> None:
    """Raise `IllTyped` when `node : actual` certainly cannot stand where `expected` is wanted (`declared`: see
    `compatible`)."""
    if expected is not None and not compatible(actual, expected, user_types, declared=declared):
        raise mismatch(node, actual, expected)


def check_numeral(node: A.NumLit, expected: ty.Type | None) -> None:
    """`OfNat T n` exists for the numeric types only (among the types we model): `(1 : Prop)` is an error."""
    if expected is None:
        return
    h = ty.head(expected)
    if h is not None and h in _GROUND and h not in _NUMERIC and h != "Option":
        raise IllTyped(
            f"failed to synthesize OfNat {ty.show(expected)} {node.value} (numeral `{node.value}`)", *_at(node)
        )


def check_scientific(node: A.FloatLit, expected: ty.Type | None) -> None:
    """A decimal literal needs `OfScientific T`: Float and Rat have it, Nat, Int, strings, lists do not."""
    h = ty.head(expected) if expected is not None else None
    if h is not None and h in _GROUND and h not in ("Float", "Rat", "Option"):
        raise IllTyped(f"failed to synthesize OfScientific {ty.show(expected)} (literal `{node.text}`)", *_at(node))


def check_append(node: A.BinOp, operand: ty.Type) -> None:
    """`a ++ b` needs an `HAppend` instance: lists, arrays and strings have one; a number, a Bool, a Char… none."""
    if ty.head(operand) in _SCALARS:
        raise IllTyped(
            f"failed to synthesize HAppend {ty.show(operand)} {ty.show(operand)} ?: "
            f"`{show_expr(node)}` appends what is no sequence",
            *_at(node),
        )


# The position a Lean method takes (`s.get p`, `xs.get i`): a `String.Pos`, a `Fin` of the length. The interpreter
# reads both as Nat, as their values are; a number written there is ill-typed all the same (only the numeral 0 is
# a position, by `OfNat String.Pos 0`). By the builtin called and the name written (`xs.get! n` takes a Nat).
_POSITION_TAKERS = {
    ("String.get", "get"): "String.Pos",
    ("String.get", "get!"): "String.Pos",
    ("String.get?", "get?"): "String.Pos",
    ("List.get!", "get"): "Fin",
}
# what makes a position of a number (`⟨n⟩`, `String.Pos.mk n`) or computes one (`s.next p`, `s.endPos`)
_POSITION_MAKERS = frozenset(["mk", "next", "prev", "endPos", "posOf", "revPosOf", "find", "firstDiffPos", "ofNat"])


def check_position(callee: str, node: A.Node, arg: A.Node, arg_type: ty.Type) -> None:
    """`s.get n` with `n` a number: Lean's `String.get` wants a `String.Pos`, `List.get` a `Fin`; no coercion makes
    one of a Nat. `node` is the call (its written method name decides: `get!` of a list takes a Nat)."""
    fn = node.fn if isinstance(node, A.App) else node
    written = fn.field if isinstance(fn, A.Proj) else fn.name.rsplit(".", 1)[-1] if isinstance(fn, A.Ident) else ""
    kind = _POSITION_TAKERS.get((callee, written))
    if kind is None or ty.head(ty.prune(arg_type)) not in ("Nat", "Int") or _makes_position(arg):
        return
    if kind == "String.Pos" and isinstance(arg, A.NumLit) and arg.value == 0:
        return
    raise IllTyped(
        f"application type mismatch: `{show_expr(arg)}` is a number, and `{written}` takes a {kind}", *_at(arg)
    )


def _makes_position(node: A.Node) -> bool:
    if isinstance(node, A.Anon):
        return True
    if isinstance(node, A.App):
        return _makes_position(node.fn)
    if isinstance(node, A.Proj):
        return node.field in _POSITION_MAKERS
    if isinstance(node, A.Ident):
        return node.name.rsplit(".", 1)[-1] in _POSITION_MAKERS and "." in node.name
    if isinstance(node, A.BinOp):  # `s.endPos - ⟨1⟩`, `p + c`
        return _makes_position(node.lhs) or _makes_position(node.rhs)
    return False


def check_membership(node: A.BinOp, coll: ty.Type) -> None:
    """`a ∈ s` needs a `Membership` instance: none exists for a number, a Bool, a Char, …"""
    h = ty.head(coll)
    if h in _SCALARS or _is_numeral(node.rhs):
        raise IllTyped(
            f"failed to synthesize Membership _ {ty.show(coll)}: `{show_expr(node.rhs)}` is not a collection",
            *_at(node),
        )


def check_indexable(node: A.Index, coll: ty.Type) -> None:
    """`c[i]` needs a `GetElem` instance: none for numbers, Bools, chars, options, pairs."""
    h = ty.head(coll)
    if h in _SCALARS or h in ("Option", "Prod") or _is_numeral(node.coll):
        raise IllTyped(
            f"failed to synthesize GetElem {ty.show(coll)}: `{show_expr(node.coll)}` cannot be indexed", *_at(node)
        )


def check_applicable(node: A.Node, fn_type: ty.Type, nargs: int) -> None:
    """Applying a value that is certainly not a function (`List.length xs xs`) is an error."""
    t = ty.prune(fn_type)
    if isinstance(t, ty.T) and t.name in _GROUND:
        raise IllTyped(
            f"function expected: `{show_expr(node)}` has type {ty.show(t)} here, which is not a function, but is "
            f"applied to {nargs} more argument{'s' if nargs != 1 else ''}",
            *_at(node),
        )


def _at(node: A.Node) -> tuple[int, int]:
    """Where the expression starts (a binary operator's node sits at the operator)."""
    while True:
        if isinstance(node, A.BinOp):
            node = node.lhs
        elif isinstance(node, A.App):
            node = node.fn
        elif isinstance(node, A.Proj):
            node = node.expr
        elif isinstance(node, A.Index):
            node = node.coll
        else:
            return node.line, node.col


def is_theorem_name(name: str) -> bool:
    """Lean's naming convention: theorems are snake_case (`Nat.add_comm`, `List.length_append`), definitions
    lowerCamelCase (`List.foldl`, `Nat.toDigits`); a dotted name whose last component is snake_case with an
    underscore names a proof."""
    last = name.rsplit(".", 1)[-1]
    return "." in name and "_" in last.strip("_") and last[:1].islower() and last == last.lower()


def close_names(name: str, candidates: list[str]) -> list[str]:
    """Registered names a misspelling of `name` certainly meant: a primed copy of a known name (`sum'`), a
    different capitalisation (`isAlphaNum`), or one typo (a swapped, wrong, missing or extra letter: `lenght`).
    A name that extends a known one (`maximumD`, `zipWith3`, `findIdx?`) is a real Lean variant we may not
    model, never a misspelling."""
    base = name.rstrip("'")
    out = [c for c in candidates if c != name and ((base != name and c == base) or c.lower() == name.lower())]
    if out or len(name) < 5:
        return out
    stem = name.rstrip("?!")

    def variant(c: str) -> bool:  # `getLast!` / `getLast?` / `getLastD` are siblings, not typos
        cs = c.rstrip("?!")
        return cs.startswith(stem) or stem.startswith(cs)

    return [c for c in candidates if not variant(c) and _one_typo(name, c)]


def _one_typo(a: str, b: str) -> bool:
    """Optimal-string-alignment distance exactly 1 (a transposition counts as one edit)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        i, j = diff[0], diff[-1]
        return len(diff) == 2 and j == i + 1 and a[i] == b[j] and a[j] == b[i]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:k] + long_[k + 1 :] == short for k in range(len(long_)))


_NAMESPACE_INDEX: dict[str, list[str]] = {}


def names_in(ns: str, user: dict | None = None) -> list[str]:
    """Last components of the registered (stdlib) and user names directly in namespace `ns` ("" = root)."""
    from specbridge.lean.stdlib import REGISTRY

    if not _NAMESPACE_INDEX:
        for full in REGISTRY:
            head, _, last = full.rpartition(".")
            _NAMESPACE_INDEX.setdefault(head, []).append(last)
    out = list(_NAMESPACE_INDEX.get(ns, []))
    if user:
        prefix = ns + "." if ns else ""
        out += [g[len(prefix) :] for g in user if g.startswith(prefix) and "." not in g[len(prefix) :]]
    return out


def unknown_name(
    node: A.Node, name: str, candidates: list[str], expected: ty.Type | None, *, field_of: str | None = None
) -> Exception:
    """The error for a name nothing resolves: `IllTyped` when Lean certainly rejects it (a misspelling of a
    name we know, a theorem used as a value of a known type), else `UnsupportedConstruct` (a Lean name we do
    not model is not a reason to reject the spec)."""
    shown = f"{field_of}.{name}" if field_of else name
    near = close_names(name.rsplit(".", 1)[-1] if field_of is None else name, candidates)
    if near:
        what = f"invalid field `{name}`: the environment does not contain `{shown}`" if field_of else None
        what = what or f"unknown identifier `{shown}`"
        ns = field_of if field_of else name.rpartition(".")[0]
        return IllTyped(f"{what} (did you mean `{ns + '.' if ns else ''}{near[0]}`?)", *_at(node))
    if is_theorem_name(shown) and expected is not None and isinstance(ty.prune(expected), ty.T):
        return IllTyped(f"`{shown}` is a theorem (a proof), used as a value of type {ty.show(expected)}", *_at(node))
    return UnsupportedConstruct(f"unknown identifier `{shown}`" if field_of is None else shown)


__all__ = [
    "IllTyped",
    "check",
    "check_mixed_tree",
    "check_scientific",
    "check_sides",
    "check_applicable",
    "check_indexable",
    "check_membership",
    "check_numeral",
    "close_names",
    "compatible",
    "is_theorem_name",
    "mismatch",
    "names_in",
    "show_expr",
    "unknown_name",
]
