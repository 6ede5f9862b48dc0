"""Everything about Lean text: lexer, parser and AST, the interpreter and its standard library.

Public API: `parse_module`, `parse_term`, `parse_spec`, `tokenize` (cheap to import), and `Program`
(`Interpreter` is the same class): `Program.from_source(text, settings)` compiles a spec once;
`.call(name, args)` evaluates a definition, `.value(text, type_text)` evaluates a Lean literal at a type.
"""

from __future__ import annotations

from typing import Any

from specbridge.lean.lexer import tokenize
from specbridge.lean.parser import parse_module, parse_term


def parse_spec(spec_text: str):  # noqa: ANN201 - returns specbridge.lean.ast.Module
    """Parse a spec (full Lean text); returns the Module AST or raises LeanParseError with line:column."""
    return parse_module(spec_text)


def __getattr__(name: str) -> Any:
    # the interpreter (and its standard library) loads on first use, keeping `import specbridge.lean` light
    if name in ("Program", "Interpreter"):
        from specbridge.lean.program import Program

        return Program
    raise AttributeError(name)


__all__ = ["Interpreter", "Program", "parse_module", "parse_spec", "parse_term", "tokenize"]
