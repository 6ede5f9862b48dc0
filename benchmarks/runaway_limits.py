"""Runaway obligations at the configured timeout: how each ends (verdict, cause) and how long it took.

Each kind is a postcondition whose `n = 0` branch runs away; the batch's next obligation (`n = 1`) must still pass.
Run: .venv/bin/python benchmarks/runaway_limits.py [TIMEOUT_SECONDS]
"""

from __future__ import annotations

import sys
import time

from specbridge.evaluate.computable import check_spec_text
from specbridge.obligations import Status, build_obligations
from specbridge.settings import ComputableSettings
from specbridge.tasks import Param, ReferenceSpec, Signature, Task
from specbridge.tasks import TestCase as Case

SIG = Signature(name="f", params=(Param(name="n", type="Nat"),), return_type="Nat")
TASK = Task(
    id="runaway",
    requirement="Returns its argument.",
    signature=SIG,
    reference=ReferenceSpec(precond="True", postcond="result = n"),
    tests=(Case(inputs={"n": "0"}, expected="0"), Case(inputs={"n": "1"}, expected="1")),
)
FIB = "def fib : Nat → Nat\n  | 0 => 0\n  | 1 => 1\n  | n+2 => fib n + fib (n+1)"
KINDS: dict[str, tuple[str, str]] = {
    "partial def recursion": ("spin 0 > 0", "partial def spin (k : Nat) : Nat := spin (k + 1) + 1"),
    "while true": (
        "loop 0 > 0",
        "def loop (k : Nat) : Nat := Id.run do\n  let mut i := k\n  while true do\n    i := i + 1\n  return i",
    ),
    "Nat.toDigits 1 5": ("(Nat.toDigits 1 5).length > 0", ""),
    "List.range 10^8": ("(List.range (10^8)).length > 0", ""),
    "2^(2^40)": ("2^(2^40) > 0", ""),
    "sublists of 40": ("(List.range 40).sublists.length > 0", ""),
    "∀ i < 2000, sublists of 20": ("∀ i < 2000, (List.range 20).sublists.length > i", ""),
    "10^8-char string": ("(\"a\".pushn 'b' 100000000).length > 0", ""),
    "pushn 10^10": ("(\"a\".pushn 'b' 10000000000).length > 0", ""),
    "replicate 10^10": ("(List.replicate (10^10) 0).length > 0", ""),
    "foldl over range 10^7": ("(List.range (10^7)).foldl (· + ·) 0 > 0", ""),
    "fib 40": ("fib 40 > 0", FIB),
    "permutations of 12": ("(List.range 12).permutations.length > 0", ""),
    "for i in [0:10^9]": (
        "cnt 0 > 0",
        "def cnt (k : Nat) : Nat := Id.run do\n  let mut s := k\n  for i in [0:10^9] do\n    s := s + i\n  return s",
    ),
    "3^(10^8), integer limit lifted": ("(3 ^ (10 ^ 8)) % 2 = 1", ""),
}


def main(argv: list[str]) -> int:
    timeout = float(argv[1]) if len(argv) > 1 else ComputableSettings().timeout
    obligations = [o for o in build_obligations(TASK) if o.key.startswith("post_accepts")]
    check_spec_text(TASK, "def f_precond (n : Nat) : Prop := True", obligations[:0])  # nothing to time
    worst = 0.0
    print(f"timeout {timeout:g} s; bound 2x = {2 * timeout:g} s")
    for kind, (body, aux) in KINDS.items():
        settings = ComputableSettings(timeout=timeout)
        if kind.startswith("3^"):
            settings = ComputableSettings(timeout=timeout, max_int_bits=1 << 28)
        text = (
            f"{aux}\n\ndef f_precond (n : Nat) : Prop := True\n\n"
            f"def f_postcond (n : Nat) (result : Nat) : Prop :=\n  if n = 0 then {body} else result = n\n"
        )
        start = time.perf_counter()
        runaway, after = check_spec_text(TASK, text, obligations, settings)
        batch = time.perf_counter() - start
        worst = max(worst, runaway.seconds)
        ok = runaway.status is Status.UNKNOWN and after.status is Status.PASS and runaway.seconds < 2 * timeout
        print(
            f"{'ok ' if ok else 'BAD'} {kind:32} {runaway.status.value:8} {runaway.cause or '':16} "
            f"{runaway.seconds:6.2f} s (batch {batch:5.2f} s, next obligation: {after.status.value})"
        )
    print(f"slowest runaway verdict: {worst:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
