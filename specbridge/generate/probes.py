"""Inputs made up from the parameter types — never the task's tests — to see whether a spec evaluates at all.

A spec that raises a runtime error or hits an unsupported construct on ordinary inputs of the right types is
broken whatever the tests say; generators may use these probes to rank candidates and as repair feedback.
"""

from __future__ import annotations

import re

from specbridge.obligations import Obligation, ObligationKind
from specbridge.tasks import Task


def _norm(t: str) -> str:
    t = " ".join(t.replace("(", " ( ").replace(")", " ) ").split())
    t = re.sub(r"^\( (.*) \)$", r"\1", t)
    t = re.sub(r"Prod (\w+) (\w+)", r"\1 × \2", t)
    return t.replace("( ", "(").replace(" )", ")")


def sample_values(lean_type: str, depth: int = 0) -> list[str]:
    """A few Lean literals of `lean_type`: small, edge-case and typical values; [] for types we cannot build."""
    t = _norm(lean_type)
    if depth > 2:
        return []
    simple = {
        "Nat": ["0", "1", "3", "10"],
        "Int": ["0", "-2", "3", "7"],
        "Bool": ["true", "false"],
        "Char": ["'a'", "'Z'", "'3'"],
        "String": ['""', '"abca"', '"Hello World"'],
        "Float": ["0.0", "1.5", "-2.25"],
        "UInt8": ["0", "7", "255"],
        "UInt16": ["0", "7"],
        "UInt32": ["0", "7"],
        "UInt64": ["0", "7"],
    }
    if t in simple:
        return simple[t]
    m = re.fullmatch(r"(Array|List) (.+)", t)
    if m:
        inner = sample_values(m.group(2), depth + 1)
        if not inner:
            return []
        lists = [[], inner[:1], inner[:3], [inner[-1], inner[0], inner[-1]]]
        prefix = "#" if m.group(1) == "Array" else ""
        return [prefix + "[" + ", ".join(items) + "]" for items in lists]
    m = re.fullmatch(r"Option (.+)", t)
    if m:
        inner = sample_values(m.group(1), depth + 1)
        return ["none", *(f"some {_paren(v)}" for v in inner[:2])] if inner else []
    parts = _split_product(t)
    if len(parts) == 2:
        a, b = (sample_values(p, depth + 1) for p in parts)
        if a and b:
            return [f"({x}, {y})" for x, y in zip(a, b * 2, strict=False)][:3]
    return []


def _paren(v: str) -> str:
    return f"({v})" if (" " in v or v.startswith("-")) and not v.startswith(("(", "[", "#[", '"')) else v


def _split_product(t: str) -> list[str]:
    t = t.strip()
    if t.startswith("(") and t.endswith(")"):
        t = t[1:-1]
    depth = 0
    for i, ch in enumerate(t):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "×" and depth == 0:
            return [t[:i].strip(), t[i + 1 :].strip()]
    return [t]


def probe_obligations(task: Task, limit: int = 6) -> list[Obligation]:
    """pre_accepts and post_accepts obligations over made-up inputs, to see whether a spec evaluates at all."""
    pools = [sample_values(p.type) for p in task.signature.params]
    results = sample_values(task.signature.return_type)
    if any(not p for p in pools) or not results:
        return []
    out: list[Obligation] = []
    for k in range(limit):
        inputs = {
            p.name: pool[(k + i) % len(pool)]
            for i, (p, pool) in enumerate(zip(task.signature.params, pools, strict=True))
        }
        out.append(Obligation(kind=ObligationKind.PRE_ACCEPTS, task_id=task.id, index=k, inputs=inputs))
        out.append(
            Obligation(
                kind=ObligationKind.POST_ACCEPTS,
                task_id=task.id,
                index=k,
                inputs=inputs,
                output=results[k % len(results)],
            )
        )
    return out
