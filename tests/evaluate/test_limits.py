"""Limits that always hold: every runaway obligation ends as `unknown` within twice its timeout, the batch goes on.

Each runaway kind is the postcondition's `n = 0` branch; the batch's second obligation (`n = 1`) must still pass,
in the same worker or in the fresh one that replaced a killed worker.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path

import pytest

from specbridge.evaluate.computable import check_spec_text
from specbridge.evaluate.worker import watchdog_seconds
from specbridge.obligations import Obligation, Status, Verdict, build_obligations
from specbridge.settings import ComputableSettings
from specbridge.tasks import Param, ReferenceSpec, Signature, Task
from specbridge.tasks import TestCase as Case

TIMEOUT = 0.5
SIG = Signature(name="f", params=(Param(name="n", type="Nat"),), return_type="Nat")
TASK = Task(
    id="t_limits",
    requirement="Returns its argument.",
    signature=SIG,
    reference=ReferenceSpec(precond="True", postcond="result = n"),
    tests=(Case(inputs={"n": "0"}, expected="0"), Case(inputs={"n": "1"}, expected="1")),
)
# post_accepts_0 (n = 0: the runaway branch), then post_accepts_1 (n = 1: `result = n`, must pass)
OBLIGATIONS = [o for o in build_obligations(TASK) if o.key.startswith("post_accepts")]


def spec(body: str, aux: str = "") -> str:
    return (
        f"{aux}\n\ndef f_precond (n : Nat) : Prop := True\n\n"
        f"def f_postcond (n : Nat) (result : Nat) : Prop :=\n  if n = 0 then {body} else result = n\n"
    )


def run(text: str, settings: ComputableSettings, obligations: list[Obligation] = OBLIGATIONS) -> list[Verdict]:
    return check_spec_text(TASK, text, obligations, settings)


@pytest.fixture(scope="module", autouse=True)
def warm_worker() -> None:
    # the first batch of a process waits for a worker to import the interpreter: not part of any timing below
    (v,) = run(spec("True"), ComputableSettings(timeout=TIMEOUT), OBLIGATIONS[1:])
    assert v.status is Status.PASS


RUNAWAYS = {
    "partial def recursion": ("spin 0 > 0", "partial def spin (k : Nat) : Nat := spin (k + 1) + 1"),
    "while true": (
        "loop 0 > 0",
        "def loop (k : Nat) : Nat := Id.run do\n  let mut i := k\n  while true do\n    i := i + 1\n  return i",
    ),
    # Lean's toDigits runs on fuel: base 1 gives n + 1 zeros, so only a huge n runs away (by size)
    "Nat.toDigits base 1": ("(Nat.toDigits 1 (10 ^ 12)).length > 0", ""),
    "List.range 10^8": ("(List.range (10^8)).length > 0", ""),
    "2^(2^40)": ("2^(2^40) > 0", ""),
    "sublists of 40": ("(List.range 40).sublists.length > 0", ""),
    "10^8-character string": ("(\"a\".pushn 'b' 100000000).length > 0", ""),
    "pushn 10 GB": ("(\"a\".pushn 'b' 10000000000).length > 0", ""),
    "replicate 10^10": ("(List.replicate (10^10) 0).length > 0", ""),
    "foldl over a huge range": ("(List.range (10^7)).foldl (· + ·) 0 > 0", ""),
    # the sublists depend on `i`, so no result-independent caching can share them between iterations
    "sublists in a forall": ("∀ i < 2000, (List.range (20 + i % 2)).sublists.length > i", ""),
    "exponential recursion": (
        "fib 40 > 0",
        "def fib : Nat → Nat\n  | 0 => 0\n  | 1 => 1\n  | n+2 => fib n + fib (n+1)",
    ),
    "permutations of 12": ("(List.range 12).permutations.length > 0", ""),
    "doubling with ++": (
        "(dbl 40 [1]).length > 0",
        "def dbl : Nat → List Nat → List Nat\n  | 0, l => l\n  | k+1, l => dbl k (l ++ l)",
    ),
    "doubling a string": (
        '(dbl 40 "a").length > 0',
        "def dbl : Nat → String → String\n  | 0, l => l\n  | k+1, l => dbl k (l ++ l)",
    ),
    "for over [0:10^9]": (
        "cnt 0 > 0",
        "def cnt (k : Nat) : Nat := Id.run do\n  let mut s := k\n  for i in [0:10^9] do\n    s := s + i\n  return s",
    ),
}


@pytest.mark.parametrize("kind", list(RUNAWAYS))
def test_runaway_ends_unknown_in_time_and_the_batch_goes_on(kind: str) -> None:
    body, aux = RUNAWAYS[kind]
    start = time.perf_counter()
    runaway, after = run(spec(body, aux), ComputableSettings(timeout=TIMEOUT))
    elapsed = time.perf_counter() - start
    assert runaway.status is Status.UNKNOWN, (kind, runaway)
    assert runaway.cause in {"time limit", "steps", "size limit", "integer size", "recursion depth"}, runaway
    assert runaway.seconds < 2 * TIMEOUT, (kind, runaway)
    # a killed worker (one built-in call that outlived the watchdog on a loaded machine) is replaced by a fresh
    # one for the next obligation, which costs a process start
    restart = 10.0 if "evaluation was stopped" in runaway.message else 0.5
    assert elapsed < 2 * TIMEOUT + restart, (kind, elapsed)
    assert after.status is Status.PASS, (kind, after)


def test_a_computation_the_interpreter_cannot_interrupt_is_preempted() -> None:
    # one C-level big-integer power (no step is charged while it runs): only the worker's watchdog can stop it
    settings = ComputableSettings(timeout=TIMEOUT, max_int_bits=1 << 28)
    text = spec("(3 ^ (10 ^ 8)) % 2 = 1")
    obligations = [OBLIGATIONS[1], OBLIGATIONS[0], OBLIGATIONS[1]]
    before, runaway, after = run(text, settings, obligations)
    assert before.status is Status.PASS
    assert runaway.status is Status.UNKNOWN and runaway.cause == "time limit", runaway
    assert "stopped" in runaway.message
    assert TIMEOUT <= runaway.seconds <= watchdog_seconds(TIMEOUT) + 0.2 < 2 * TIMEOUT + 0.2
    assert after.status is Status.PASS  # in a fresh worker


def test_an_allocation_above_the_memory_cap_is_a_memory_limit() -> None:
    # the size and step limits lifted, so that the 1 GB string reaches the worker's address-space cap
    settings = ComputableSettings(timeout=TIMEOUT, max_value_size=10**10, max_steps=10**12, max_memory_mb=256)
    runaway, after = run(spec("(\"a\".pushn 'b' (10^9)).length > 0"), settings)
    assert runaway.status is Status.UNKNOWN and runaway.cause == "memory limit", runaway
    assert after.status is Status.PASS


def test_deep_nesting_in_a_test_value_and_in_the_spec_is_fast() -> None:
    depth = 25
    nested_type = "List (" * (depth - 1) + "List Nat" + ")" * (depth - 1)
    value = "[" * depth + "1" + "]" * depth
    sig = Signature(name="g", params=(Param(name="xs", type=nested_type),), return_type="Nat")
    task = Task(
        id="t_nested",
        requirement="The number of outer elements.",
        signature=sig,
        reference=ReferenceSpec(precond="True", postcond="result = xs.length"),
        tests=(Case(inputs={"xs": value}, expected="1"),),
    )
    literal = "[" * depth + "0" + "]" * depth
    text = (
        f"def g_precond (xs : {nested_type}) : Prop := True\n\n"
        f"def g_postcond (xs : {nested_type}) (result : Nat) : Prop := result = xs.length ∧ {literal}.length = 1\n"
    )
    obligations = [o for o in build_obligations(task) if o.key.startswith("post_accepts")]
    start = time.perf_counter()
    (v,) = check_spec_text(task, text, obligations, ComputableSettings(timeout=TIMEOUT))
    assert time.perf_counter() - start < 2 * TIMEOUT
    assert v.status is Status.PASS, v


def test_concurrent_batches_from_threads_each_get_their_verdicts() -> None:
    settings = ComputableSettings(timeout=TIMEOUT)
    texts = [
        spec("(List.range 40).sublists.length > 0"),
        spec("True"),
        spec("fib 40 > 0", RUNAWAYS["exponential recursion"][1]),
    ]
    results: dict[int, list[Verdict]] = {}

    def work(i: int) -> None:
        results[i] = run(texts[i], settings)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(texts))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert [v.status for v in results[0]] == [Status.UNKNOWN, Status.PASS]
    assert [v.status for v in results[1]] == [Status.PASS, Status.PASS]
    assert [v.status for v in results[2]] == [Status.UNKNOWN, Status.PASS]


def test_no_zombie_worker_is_left_behind() -> None:
    proc = Path("/proc/self/task")
    if not proc.exists():
        pytest.skip("needs /proc to list child processes")
    # a killed worker is waited for: none of this process's children is a zombie
    zombies = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        state, ppid = fields[0], int(fields[1])
        if ppid == os.getpid() and state == "Z":
            zombies.append(stat.parent.name)
    assert zombies == []


def test_a_literal_out_of_range_is_a_parse_error() -> None:
    (v, _) = run(spec('"\\u{FFFFFFFFFFFFFFFFFFFF}".length > 0'), ComputableSettings(timeout=TIMEOUT))
    assert v.status is Status.ERROR and "parse error" in v.message


@pytest.mark.parametrize("forked", [False, True])
def test_workers_started_either_way_preempt_and_recover(forked: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # forking is used only when this process runs no other thread; a fresh interpreter otherwise
    from specbridge.evaluate import worker

    if forked and threading.active_count() > 1:
        pytest.skip("this test process runs other threads: forking it would not be safe")
    monkeypatch.setattr(worker, "fork_is_safe", lambda: forked)
    worker.shutdown_workers()
    settings = ComputableSettings(timeout=TIMEOUT, max_int_bits=1 << 28)
    runaway, after = run(spec("(3 ^ (10 ^ 8)) % 2 = 1"), settings)
    assert runaway.status is Status.UNKNOWN and runaway.cause == "time limit"
    assert after.status is Status.PASS
    idle = worker._POOL.idle
    assert idle and isinstance(idle[-1].proc, worker._Forked if forked else subprocess.Popen)
    worker.shutdown_workers()
