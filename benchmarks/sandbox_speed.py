"""Time the one lexer and the sandbox: per reference spec of ../shared/verina-dev, and on adversarial inputs.

Run: .venv/bin/python benchmarks/sandbox_speed.py [DATASET]
Prints ms per spec for `lex` and `find_violations`, the refusals among the references (should be 0), and the
seconds for inputs that make a non-linear lexer explode (each 60-100 KB).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from specbridge.datasets import load_dataset
from specbridge.errors import LeanParseError
from specbridge.lean.lexer import lex
from specbridge.lean.sandbox import find_violations
from specbridge.tasks import render_spec_source

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "verina-dev"
ADVERSARIAL = {
    '"{ x5': '"{' * 30000,
    "«x": "«" * 60000,
    "/- x": "/-" * 30000,
    "{x} pieces": '"' + "{x}" * 20000 + '"',
    '"{/- x': '"{/-' * 20000,
    "x² x": "x²" * 30000,
    "@[ ( x": "@[(" * 30000,
}


def main(argv: list[str]) -> int:
    dataset = Path(argv[1]) if len(argv) > 1 else DEFAULT
    if not dataset.exists():
        print(f"dataset not found: {dataset}", file=sys.stderr)
        return 2
    texts = [render_spec_source(t.signature, t.reference) for t in load_dataset(dataset).tasks if t.reference]
    rounds = 5
    start = time.perf_counter()
    for _ in range(rounds):
        for text in texts:
            lex(text)
    lex_ms = (time.perf_counter() - start) / rounds / len(texts) * 1000
    start = time.perf_counter()
    refused = 0
    for _ in range(rounds):
        refused = sum(1 for text in texts if find_violations(text))
    check_ms = (time.perf_counter() - start) / rounds / len(texts) * 1000
    print(f"dataset: {dataset} ({len(texts)} reference specs)")
    print(f"lex: {lex_ms:.2f} ms per spec; sandbox (lex + checks): {check_ms:.2f} ms per spec")
    print(f"references refused: {refused}")
    for name, text in ADVERSARIAL.items():
        start = time.perf_counter()
        try:
            lex(text)
        except LeanParseError:
            pass
        find_violations(text)
        print(f"adversarial {name!r} ({len(text)} chars): {time.perf_counter() - start:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
