"""A typed AST for the Lean 4 of specifications. Every node carries its 1-based source `line` and `col`.

Terms and types share one node family (Lean's types are terms): `List Int` is `App(Ident("List"), [Ident("Int")])`.
Patterns are terms too; the interpreter reads them as patterns where a pattern is expected.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True, eq=False)
class Node:
    line: int
    col: int


@dataclass(slots=True, eq=False)
class Ident(Node):
    name: str  # possibly dotted: `List.map`, `s.toList`; a leading dot for `.some`


@dataclass(slots=True, eq=False)
class NumLit(Node):
    value: int


@dataclass(slots=True, eq=False)
class FloatLit(Node):
    text: str


@dataclass(slots=True, eq=False)
class StrLit(Node):
    value: str


@dataclass(slots=True, eq=False)
class CharLit(Node):
    value: str


@dataclass(slots=True, eq=False)
class Hole(Node):
    """`_` (in terms and patterns) and `?_`."""


@dataclass(slots=True, eq=False)
class Cdot(Node):
    """`·` inside a parenthesised section `(· + 1)`; the parser turns sections into `Lam`."""


@dataclass(slots=True, eq=False)
class Sorry(Node):
    """`sorry` or a `by ...` proof: a proof term we never evaluate."""


@dataclass(slots=True, eq=False)
class App(Node):
    fn: Node
    args: list[Node]
    named: dict[str, Node] = field(default_factory=dict)  # `(x := e)` arguments


@dataclass(slots=True, eq=False)
class BinOp(Node):
    op: str  # normalised: `∧ ∨ → ↔ = ≠ < ≤ > ≥ == != && || + - * / % ^ ++ :: ∘ ∣ ∈ ∉ ~ × |> <| ∪ ∩ ⊆`
    lhs: Node
    rhs: Node


@dataclass(slots=True, eq=False)
class UnOp(Node):
    op: str  # `¬`, `!`, `-`, `↑`
    arg: Node


@dataclass(slots=True, eq=False)
class Binder(Node):
    """One bound variable: a name (or a pattern for `fun (a, b) =>`), an optional type, its kind."""

    name: str | None
    type: Node | None = None
    kind: str = "explicit"  # explicit | implicit | inst | strict
    pattern: Node | None = None
    default: Node | None = None  # `(x : T := v)` optional parameter


@dataclass(slots=True, eq=False)
class Lam(Node):
    binders: list[Binder]
    body: Node


@dataclass(slots=True, eq=False)
class MatchAlt(Node):
    patterns: list[Node]
    rhs: Node


@dataclass(slots=True, eq=False)
class Match(Node):
    discrs: list[Node]
    alts: list[MatchAlt]
    hyps: list[str | None] = field(default_factory=list)  # `match h : e with`


@dataclass(slots=True, eq=False)
class FunMatch(Node):
    """`fun | p1 => e1 | p2 => e2` (arity = patterns per alternative)."""

    alts: list[MatchAlt]


@dataclass(slots=True, eq=False)
class Let(Node):
    name: str | None  # None when `pattern` is used: `let (a, b) := e`
    binders: list[Binder]  # `let f (x : Nat) := ...` declares a local function
    type: Node | None
    value: Node
    body: Node
    pattern: Node | None = None


@dataclass(slots=True, eq=False)
class LetRec(Node):
    defs: list[Def]
    body: Node


@dataclass(slots=True, eq=False)
class If(Node):
    cond: Node
    then: Node
    orelse: Node
    hyp: str | None = None  # `if h : c then ...`
    let_pattern: Node | None = None  # `if let p := e then ...` (cond holds e)


@dataclass(slots=True, eq=False)
class Quant(Node):
    kind: str  # forall | exists | exists_unique
    binders: list[Binder]
    body: Node


@dataclass(slots=True, eq=False)
class Pi(Node):
    """A dependent arrow `(h : P) → Q` or `∀`-free binder arrow; as a Prop it is an implication."""

    binder: Binder
    body: Node


@dataclass(slots=True, eq=False)
class Tuple(Node):
    elems: list[Node]  # at least two; `(a, b, c)` = `(a, (b, c))`


@dataclass(slots=True, eq=False)
class Anon(Node):
    """`⟨a, b⟩` anonymous constructor."""

    elems: list[Node]


@dataclass(slots=True, eq=False)
class ListLit(Node):
    elems: list[Node]


@dataclass(slots=True, eq=False)
class ArrayLit(Node):
    elems: list[Node]


@dataclass(slots=True, eq=False)
class DoStmt(Node):
    """A `do`-block statement (Id monad): let, assign, for, while, if, return, break, continue, expr."""

    kind: str
    name: str | None = None  # let / assign / for: the variable
    pattern: Node | None = None  # `let (a, b) := e`, `for (a, b) in xs`
    expr: Node | None = None  # value, condition, collection, returned or evaluated term
    body: Do | None = None  # for / while / if-then
    orelse: Do | None = None  # if-else
    type: Node | None = None  # `let x : T := e`
    let_pattern: Node | None = None  # `if let p := e then`


@dataclass(slots=True, eq=False)
class Do(Node):
    stmts: list[DoStmt]
    in_id: bool = False  # the argument of `Id.run`: certainly the Id monad


@dataclass(slots=True, eq=False)
class CollLit(Node):
    """`{a, b, c}`: `insert a (insert b (singleton c))` — a Finset/Set/Multiset/List by the expected type."""

    elems: list[Node]


@dataclass(slots=True, eq=False)
class SetComp(Node):
    """`{x | p x}`, `{x : T | p x}`, `{x ∈ s | p x}` (set-builder / separation)."""

    name: str
    type: Node | None
    domain: Node | None
    pred: Node


@dataclass(slots=True, eq=False)
class SetBuilder(Node):
    """`{x | p}` / `{a, b}` / structure instances `{ x := 1 }` — recognised but mostly unsupported."""

    text: str


@dataclass(slots=True, eq=False)
class Index(Node):
    coll: Node
    index: Node
    mode: str  # "!" | "?" | "" (proof-carrying `a[i]` or `a[i]'h`)


@dataclass(slots=True, eq=False)
class Proj(Node):
    """`e.1`, `e.fst`, `e.foo args` (generalized field notation), `x |>.f`."""

    expr: Node
    field: str  # a name or a decimal index


@dataclass(slots=True, eq=False)
class Ascribe(Node):
    expr: Node
    type: Node | None  # `(e :)` has no type


@dataclass(slots=True, eq=False)
class Subtype(Node):
    name: str
    type: Node | None
    pred: Node


@dataclass(slots=True, eq=False)
class BigOp(Node):
    """Mathlib big operators `∑ i ∈ s, f i` / `∏ i in s, f i` / `∑ i < n, f i`."""

    op: str  # "sum" | "prod"
    binder: Binder
    domain: Node | None  # `s` in `∈ s`
    bound_op: str | None  # `<` / `≤` in `∑ i < n`
    bound: Node | None
    body: Node


@dataclass(slots=True, eq=False)
class Def(Node):
    kind: str  # def | abbrev | theorem | lemma | instance | example
    name: str
    binders: list[Binder]
    type: Node | None
    body: Node | None  # None for `| pat => …` equations (see `alts`)
    alts: list[MatchAlt] = field(default_factory=list)
    where: list[Def] = field(default_factory=list)
    attrs: list[str] = field(default_factory=list)
    modifiers: list[str] = field(default_factory=list)


@dataclass(slots=True, eq=False)
class StructInst(Node):
    """`{ f := v, g := w }` or `{ s with f := v }`."""

    fields: list[tuple[str, Node]]
    base: Node | None = None


@dataclass(slots=True, eq=False)
class Structure(Node):
    """`structure Name (params) where field : T ...` (fields in order)."""

    name: str
    params: list[Binder]
    fields: list[tuple[str, Node]]
    defaults: dict[str, Node] = field(default_factory=dict)  # `width : Nat := 3`


@dataclass(slots=True, eq=False)
class Inductive(Node):
    """`inductive Name (params) where | ctor (a : T) … | ctor : T → U → Name` (constructors in order)."""

    name: str
    params: list[Binder]
    ctors: list[tuple[str, list[Node]]]  # constructor name, argument types
    type: Node | None = None  # the declared type after `:` (`Nat → Prop` for an inductive predicate)
    ctor_sigs: list[CtorSig] = field(default_factory=list)  # each constructor's binders and full type


@dataclass(slots=True, eq=False)
class CtorSig(Node):
    """`| name (binders) : type`: for an inductive predicate, the premises and conclusion are in `type`."""

    name: str
    binders: list[Binder]
    type: Node | None


@dataclass(slots=True, eq=False)
class Module(Node):
    defs: list[Def]
    opens: list[str] = field(default_factory=list)
    # commands the parser did not model, as source text (`set_option …`, `variable …`): the elaborator ignores
    # the ones that cannot change the meaning of the definitions and makes the spec `unknown` for the others
    skipped: list[str] = field(default_factory=list)
    # definitions written in valid Lean the parser does not model (do-notation): name -> reason
    unsupported: dict[str, str] = field(default_factory=dict)
    structures: list[Structure] = field(default_factory=list)
    inductives: list[Inductive] = field(default_factory=list)

    def get(self, name: str) -> Def | None:
        for d in self.defs:
            if d.name == name:
                return d
        return None
