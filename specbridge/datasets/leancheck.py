"""Checks of a task's Lean-facing text at load time: ids, signature names and types, spec and value text.

What passes here is pasted into rendered Lean (`def f (x : T) : R`, theorems over test values), into prompts
and into the results database, so a problem found later would be reported far from its cause (a parse error
at a position of the rendered spec, a type error in every obligation) or not at all (`Lst Int`).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Collection
from typing import Any

from specbridge.errors import TaskFormatError

MAX_ID_CHARS = 200
# Names the rendered spec binds itself: a parameter called `result` would be shadowed by the postcondition's
# result, one called `h_precond` by its precondition proof.
RESERVED_PARAM_NAMES = frozenset({"result", "h_precond"})

# Type names with the number of type arguments they take (None: any); what the interpreter
# (specbridge/lean/types.py) and Lean's core/Std/Mathlib give a signature.
TYPE_ARITY: dict[str, int | None] = {
    **dict.fromkeys(
        [
            "Nat",
            "ℕ",
            "Int",
            "ℤ",
            "Bool",
            "Prop",
            "Char",
            "String",
            "Float",
            "Float32",
            "Unit",
            "Rat",
            "ℚ",
            "Real",
            "ℝ",
            "UInt8",
            "UInt16",
            "UInt32",
            "UInt64",
            "USize",
            "Int8",
            "Int16",
            "Int32",
            "Int64",
            "Type",
            "Std.Format",
            "Substring",
            "PUnit",
        ],
        0,
    ),
    **dict.fromkeys(
        [
            "List",
            "Array",
            "Option",
            "Multiset",
            "Finset",
            "Set",
            "Std.HashSet",
            "HashSet",
            "Thunk",
            "Subarray",
            "Vector",
        ],
        1,
    ),
    **dict.fromkeys(["Prod", "Sum", "Except", "Std.HashMap", "HashMap", "Std.TreeMap", "Lean.RBMap"], 2),
    "Fin": None,  # `Fin n`: its argument is a number, not a type
    "Subtype": None,
}
_TYPE_VARIABLE = re.compile(r"^(?:[a-z]|[α-ωΑ-Ω][₀-₉']*)$")  # `α`, `β₁`, `a`: auto-bound implicit type names
_AUX_TYPE = re.compile(
    r"^(?:@\[[^\]]*\]\s*)?(?:private\s+|protected\s+|noncomputable\s+)*"
    r"(?:structure|inductive|class|abbrev|def)\s+([^\s(:{\[]+)",
    re.MULTILINE,
)

MAX_BRACKET_DEPTH = 10  # `[[[…]]]`: the parser is exponential in this until parser.py's `_try_range` is linear
# Parsing work a task's test values may cost together, in units of `literal_cost` (about 16 µs each with the
# exponential parser): a few thousand plain values or a few dozen 10-deep lists; real tasks use a few hundred.
MAX_LITERAL_WORK = 50_000
MAX_NESTING = 64  # all brackets together
MAX_LITERAL_CHARS = 100_000
MAX_LITERAL_DIGITS = 4300  # Python's int <-> str limit


def aux_type_names(aux: str) -> set[str]:
    """Names the auxiliary definitions declare (`structure Point`, `abbrev Grid`), usable as types."""
    return set(_AUX_TYPE.findall(aux or ""))


def check_task_id(raw: Any, source: str, *, field: str = "id", allow_int: bool = False) -> str:
    """The id as text: a non-empty string of printable characters (spaces, but no tabs, newlines, control or
    format characters, lone surrogates), at most MAX_ID_CHARS.

    Ids are keys of the results database, file names of exports, and shown in every report.
    """
    if isinstance(raw, bool) or not (isinstance(raw, str) or (allow_int and isinstance(raw, int))):
        raise TaskFormatError(source, f"expected a string, got {type(raw).__name__}", field=field)
    text = str(raw).strip()
    if not text:
        raise TaskFormatError(source, "missing or empty", field=field)
    if len(text) > MAX_ID_CHARS:
        raise TaskFormatError(source, f"{len(text)} characters; an id has at most {MAX_ID_CHARS}", field=field)
    for ch in text:
        category = unicodedata.category(ch)
        if category[0] == "C" or category in ("Zl", "Zp"):  # control, format, surrogate, unassigned, line breaks
            raise TaskFormatError(
                source, f"the id {text!r} contains {_char_name(ch)}; use letters, digits, '_', '-', '.'", field=field
            )
    return text


def check_identifier(text: str, source: str, field: str, *, param: bool = False) -> None:
    """A signature or parameter name must be one Lean identifier (and a parameter not a reserved name)."""
    from specbridge.lean import ast as A

    node = _parse(text, source, field)
    if not isinstance(node, A.Ident) or node.name.startswith("."):
        raise TaskFormatError(source, f"not a Lean identifier: {text!r}", field=field)
    if param and text in RESERVED_PARAM_NAMES:
        raise TaskFormatError(
            source, f"{text!r} is a name the rendered spec binds itself; rename the parameter", field=field
        )


def check_type(text: str, source: str, field: str, *, known: Collection[str] = ()) -> None:
    """A signature type must be a Lean type over known type names (or the task's own structures and type
    variables); `Lst Int` is refused with the position of `Lst` and the nearest known name."""
    from specbridge.lean import ast as A

    node = _parse(text, source, field)
    stack: list[A.Node] = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Ident):
            _check_type_name(n, 0, text, source, field, known)
        elif isinstance(n, A.App) and isinstance(n.fn, A.Ident) and not n.named:
            _check_type_name(n.fn, len(n.args), text, source, field, known)
            if TYPE_ARITY.get(n.fn.name, 0) is not None and n.fn.name not in known:
                stack.extend(n.args)
        elif isinstance(n, A.BinOp) and n.op in ("×", "→"):
            stack.extend((n.lhs, n.rhs))
        elif isinstance(n, A.Pi):
            stack.append(n.body)
            if n.binder.type is not None:
                stack.append(n.binder.type)
        elif isinstance(n, A.Subtype):
            stack.append(n.type)
        else:
            raise TaskFormatError(source, f"not a type: {text!r} at 1:{n.col}", field=field)


def _check_type_name(n: Any, nargs: int, text: str, source: str, field: str, known: Collection[str]) -> None:
    name = n.name
    if name in known or (nargs == 0 and _TYPE_VARIABLE.match(name)):
        return
    if name not in TYPE_ARITY:
        close = difflib.get_close_matches(name, [*TYPE_ARITY, *known], n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise TaskFormatError(source, f"unknown type {name!r} at 1:{n.col} in {text!r}{hint}", field=field)
    arity = TYPE_ARITY[name]
    if arity is not None and arity != nargs:
        raise TaskFormatError(
            source, f"{name!r} at 1:{n.col} takes {arity} type argument(s), given {nargs}, in {text!r}", field=field
        )


def check_lean_text(text: str, source: str, field: str) -> None:
    """Spec text (precondition, postcondition, aux) of bounded size and nesting, so that parsing it later cannot
    run for minutes; its syntax is checked when it is evaluated, with positions pointing here."""
    problem = text_problem(text)
    if problem:
        raise TaskFormatError(source, problem, field=field)


_OPENERS = frozenset({"(", "[", "#[", "%[", "@[", "{", "⟨", "⦃"})
_CLOSERS = frozenset({")", "]", "}", "⟩", "⦄"})
_LIST_OPENERS = frozenset({"[", "#[", "%[", "@["})


def text_problem(text: str) -> str | None:
    """Why `text` is too big for the parser (or Python's ints) to handle quickly, or None. Linear time: it counts
    the brackets among the lexer's tokens, so brackets inside string and char literals do not count."""
    from specbridge.errors import LeanParseError
    from specbridge.lean.lexer import NUM, SYM, tokenize

    if len(text) > MAX_LITERAL_CHARS:
        return f"{len(text)} characters; at most {MAX_LITERAL_CHARS}"
    if (
        len(text) <= MAX_LITERAL_DIGITS
        and text.count("[") <= MAX_BRACKET_DEPTH
        and sum(text.count(c) for c in "([{⟨⦃") <= MAX_NESTING
    ):
        return None  # the usual short value: even counting every character, no limit can be passed
    try:
        tokens = tokenize(text)
    except LeanParseError:
        return None  # not Lean at all: parsing it reports where, at once
    depth = brackets = max_depth = max_brackets = max_digits = 0
    lists: list[bool] = []  # per open bracket: is it a list bracket
    for tok in tokens:
        if tok.kind == NUM:
            max_digits = max(max_digits, len(tok.text))
        elif tok.kind != SYM:
            continue
        elif tok.text in _OPENERS:
            is_list = tok.text in _LIST_OPENERS
            lists.append(is_list)
            depth += 1
            brackets += is_list
            max_depth = max(max_depth, depth)
            max_brackets = max(max_brackets, brackets)
        elif tok.text in _CLOSERS and lists:
            brackets -= lists.pop()
            depth -= 1
    if max_brackets > MAX_BRACKET_DEPTH:
        return f"list brackets nested {max_brackets} deep; at most {MAX_BRACKET_DEPTH}"
    if max_depth > MAX_NESTING:
        return f"brackets nested {max_depth} deep; at most {MAX_NESTING}"
    if max_digits > MAX_LITERAL_DIGITS:
        return f"a number of {max_digits} digits; at most {MAX_LITERAL_DIGITS}"
    return None


def literal_cost(text: str) -> int:
    """The parsing work a value costs, in units: 4 + 2 ** its list-bracket depth (the parser backtracks once
    per level), an over-estimate when brackets sit inside string literals."""
    depth = deepest = 0
    for ch in text:
        if ch == "[":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == "]":
            depth = max(depth - 1, 0)
    return 4 + 2 ** min(deepest, MAX_BRACKET_DEPTH)


def _parse(text: str, source: str, field: str) -> Any:
    from specbridge.errors import LeanParseError
    from specbridge.lean import parse_term

    check_lean_text(text, source, field)
    try:
        return parse_term(text)
    except LeanParseError as exc:
        raise TaskFormatError(source, f"not Lean: {text!r}: {exc}", field=field) from exc


def _char_name(ch: str) -> str:
    try:
        return f"{unicodedata.name(ch)} (U+{ord(ch):04X})"
    except ValueError:
        return f"U+{ord(ch):04X}"
