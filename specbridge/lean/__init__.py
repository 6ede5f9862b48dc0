"""Everything about Lean text: lexer, parser and AST, the interpreter and its standard library.

Public API: `parse_module`, `parse_term`, `parse_spec`, `tokenize`, `Interpreter`.
"""

from __future__ import annotations

from specbridge.lean.lexer import tokenize
from specbridge.lean.parser import parse_module, parse_term


def parse_spec(spec_text: str):  # noqa: ANN201 - returns specbridge.lean.ast.Module
    """Parse a spec (full Lean text); returns the Module AST or raises LeanParseError with line:column."""
    return parse_module(spec_text)


__all__ = ["parse_module", "parse_spec", "parse_term", "tokenize"]
