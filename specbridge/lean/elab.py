"""The elaboration stage: lexer → parser → **elaborate** → compiled closures → evaluation.

`elaborate(module, budget)` runs once per spec, before any obligation: every definition of the module is
elaborated eagerly (names resolved against locals, the spec's own definitions and the stdlib's Lean names;
types inferred with unification and checked with the rules of `specbridge.lean.typecheck`), and the spec's
`_precond`/`_postcond` must be propositions. The typed pass is the compiler's (`Compiler.expr` returns the
code together with the type, so typing and semantics cannot drift apart); what it produces is the compiled
module. A spec Lean would reject raises `IllTyped` (one message, line:column, the expression); a command we
do not model raises `UnsupportedConstruct("unsupported command <X>")`, since Lean would elaborate the file
differently and no verdict about it can be trusted.
"""

from __future__ import annotations

import functools

from specbridge.errors import IllTyped, UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import types as ty
from specbridge.lean.interp import Compiler
from specbridge.lean.runtime import Budget
from specbridge.lean.typecheck import compatible

# `_precond`/`_postcond` become propositions of the obligations: Prop, or Bool coerced by `= true` as Lean does.
_PROPOSITIONAL = frozenset(["Prop", "Bool"])


# Commands that cannot change what the file's definitions mean when evaluated: sections, imports, options,
# universes, derived instances (we compare every type structurally), and the `#`-queries.
# `termination_by`/`decreasing_by` written at column 1 still belong to the definition above (its termination
# proof). `#exit` is not here: it ends the file, so later definitions would not exist.
_IGNORABLE = frozenset(
    [
        "section",
        "import",
        "set_option",
        "universe",
        "deriving",
        "termination_by",
        "decreasing_by",
        "#check",
        "#print",
        "#eval",
        "#guard",
        "#guard_msgs",
        "#reduce",
        "#align",
        "#lint",
    ]
)


def _command_word(text: str) -> str:
    word = text.split(None, 1)[0] if text.split() else text
    if word == "#" and len(text.split()) > 1:  # the lexer's `#` then `eval`
        return "#" + text.split()[1]
    return word


def check_commands(module: A.Module) -> None:
    """Every command of the file is modelled, or the spec as a whole is `unknown` (never silently skipped):
    `variable` adds binders to later definitions, `instance`/`attribute [instance]` change instance search,
    `notation`/`macro`/`syntax` change the grammar, `axiom`/`opaque` add constants we cannot evaluate."""
    for text in module.skipped:
        word = _command_word(text)
        if word in _IGNORABLE:
            continue
        if word == "attribute" and "instance" not in text:
            continue  # `attribute [simp] f`: proof automation only
        raise UnsupportedConstruct(f"unsupported command {word}", text)
    for d in module.defs:
        if d.kind == "instance":
            raise UnsupportedConstruct("unsupported command instance", f"line {d.line}")


def check_spec_propositions(compiler: Compiler) -> None:
    """A definition named `<f>_precond`/`<f>_postcond` must denote a proposition (after its parameters)."""
    for name, g in compiler.globals.items():
        if not name.endswith(("_precond", "_postcond")):
            continue
        h = ty.head(g.result)
        if h is not None and h not in _PROPOSITIONAL and h != "→":
            d = g.defn
            raise IllTyped(
                f"`{name}` has type {ty.show(g.result)}, but a {name.rsplit('_', 1)[1]} must be a Prop", d.line, d.col
            )


@functools.lru_cache(maxsize=1024)
def _signature_type(text: str) -> ty.Type:
    # read-only use (compatible never unifies), so one parsed type per text may be shared
    from specbridge.lean.program import parse_type

    return parse_type(text)


def signature_mismatch(compiler: Compiler, name: str, param_types: list[str]) -> str | None:
    """Why the definition `name` cannot take arguments of the task signature's types (`None`: it can).

    Lean elaborates the obligation `name a₁ … aₙ` with the signature's argument types: a parameter of a
    clashing type (`digits : Nat` for a `List Nat` input) makes the obligation ill-typed."""
    g = compiler.globals.get(name)
    if g is None:
        return None
    for i, (want_text, have) in enumerate(zip(param_types, g.params, strict=False)):
        want = _signature_type(want_text)
        if not compatible(want, have, compiler.user_types):
            names = g.param_names()
            pname = names[i] if i < len(names) and names[i] else f"#{i + 1}"
            return (
                f"ill-typed: `{name}` takes `{pname} : {ty.show(have)}`, but the signature gives it a value of type "
                f"`{want_text}` at {g.defn.line}:{g.defn.col}"
            )
    return None


def elaborate(module: A.Module, budget: Budget, *, record_types: bool = False) -> Compiler:
    """Elaborate the whole module (raises IllTyped / UnsupportedConstruct for the spec); returns it compiled.
    `record_types`: keep every expression's elaborated type in `compiler.node_types` (by node id)."""
    check_commands(module)
    compiler = Compiler(module, budget, record_types=record_types)
    check_spec_propositions(compiler)
    return compiler


__all__ = ["IllTyped", "check_commands", "check_spec_propositions", "elaborate", "signature_mismatch"]
