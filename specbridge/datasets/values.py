"""Turning data-file values into Lean literal text, the one form tests are kept in."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from specbridge.errors import LeanParseError

# What the values of the task being loaded may still cost to parse (leancheck.literal_cost units), when a loader
# set a budget: 20,000 plain values or 2,000 `[[[[[[[[[[1]]]]]]]]]]` would keep the exponential parser busy for
# minutes, each value being within its own limits.
_BUDGET: ContextVar[list[int] | None] = ContextVar("literal_budget", default=None)


@contextmanager
def literal_budget(units: int | None = None) -> Iterator[None]:
    """Within it, the test values checked together may cost at most `units` of parsing work."""
    from specbridge.datasets.leancheck import MAX_LITERAL_WORK

    token = _BUDGET.set([MAX_LITERAL_WORK if units is None else units])
    try:
        yield
    finally:
        _BUDGET.reset(token)


def lean_string(text: str) -> str:
    """A Lean string literal for `text`, escaping what Lean's string syntax requires."""
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def lean_char(ch: str) -> str:
    """A Lean char literal for the single character `ch`."""
    if len(ch) != 1:
        raise ValueError(f"a Char value must be one character, got {ch!r}")
    escapes = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\t": "\\t", "\r": "\\r"}
    return "'" + escapes.get(ch, ch) + "'"


def json_to_lean(value: Any, lean_type: str) -> str:
    """Lean literal text for a JSON value of a VERINA test file, given the Lean type it has.

    VERINA stores String and Char values raw and everything else as Lean text or a JSON scalar/list.
    """
    ty = lean_type.strip()
    while ty.startswith("(") and ty.endswith(")") and _balanced(ty[1:-1]):
        ty = ty[1:-1].strip()
    if ty == "String":
        if not isinstance(value, str):
            raise ValueError(f"expected a string for type String, got {type(value).__name__}")
        return lean_string(value)
    if ty == "Char":
        if not isinstance(value, str):
            raise ValueError(f"expected a one-character string for type Char, got {type(value).__name__}")
        return lean_char(value)
    return checked_literal(_scalar(value))


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        if not value.strip():
            raise ValueError("empty value where a Lean literal is required")
        return value.strip()
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if value is None:
        raise ValueError("null where a Lean literal is required")
    raise ValueError(f"cannot express a JSON {type(value).__name__} as a Lean literal")


def yaml_to_lean(value: Any) -> str:
    """Lean literal text for a value of a requirement file (already Lean text, or a YAML scalar)."""
    return checked_literal(_scalar(value))


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if depth < 0:
            return False
    return depth == 0


def checked_literal(text: str) -> str:
    """`text` when it parses as a Lean term; otherwise ValueError with Lean's line:column and the token."""
    from specbridge.datasets.leancheck import text_problem
    from specbridge.lean import parse_term
    from specbridge.lean.sandbox import find_violations

    problem = text_problem(text)  # before parsing: deep `[[[…]]]` would take the parser minutes
    if problem:
        raise ValueError(f"not a usable test value: {_short(text)}: {problem}")
    budget = _BUDGET.get()
    if budget is not None:
        from specbridge.datasets.leancheck import MAX_LITERAL_WORK, literal_cost

        budget[0] -= literal_cost(text)
        if budget[0] < 0:
            raise ValueError(
                f"the task's test values are too many or too deeply nested to parse in reasonable time (over "
                f"{MAX_LITERAL_WORK} units: a plain value costs 5, a list nested d deep 4 + 2^d)"
            )
    try:
        parse_term(text)
    except LeanParseError as exc:
        raise ValueError(f"not a Lean literal: {_short(text)}: {exc}") from exc
    # test values are pasted into the proof layer's theorems: the sandbox's refusals apply to them as to specs
    refused = find_violations(text, term=True)
    if refused:
        raise ValueError(f"not allowed in a test value: {_short(text)}: {refused[0]}")
    return text


def _short(text: str, limit: int = 80) -> str:
    """`text` quoted for a message, cut in the middle when long (a 10,000-character value helps nobody)."""
    if len(text) <= limit:
        return repr(text)
    return repr(text[: limit // 2]) + f" … ({len(text)} characters) … " + repr(text[-limit // 4 :])
