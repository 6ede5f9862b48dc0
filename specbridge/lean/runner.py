"""Run Lean on a rendered obligations file and read each obligation's outcome from its JSON messages.

`run_lean_file` runs `lake env lean --json FILE` (or the configured `lean --json FILE`) in the Lake project
with a wall-clock timeout, killing the whole process group when it expires. `interpret` maps every message
to the spec or to one obligation's theorem through the `RenderedFile`'s line map and decides, per obligation:

- `proved`    — the obligation's theorem has no error and `#print axioms` lists nothing beyond the axioms the
  rendering allows (`propext`, `Classical.choice`, `Quot.sound`, plus `Lean.ofReduceBool` when native_decide is
  enabled): any other axiom, `sorryAx` included, means not proved, and the message names it;
- `disproved` — its negation `…_neg` was proved that way;
- `unknown`   — neither (no tactic closed either goal, a resource limit, or the precondition argument of a
  VERINA-style postcondition could not be discharged on this input);
- `error`     — the spec does not elaborate, or the obligation's statement does not (with Lean's message).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import tempfile
import time
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel

from specbridge.lean.messages import LeanMessage, ParsedOutput, parse_output
from specbridge.lean.render import NAMESPACE, Region, RenderedFile, TheoremLines
from specbridge.lean.toolchain import LeanStatus


class Outcome(StrEnum):
    PROVED = "proved"
    DISPROVED = "disproved"
    UNKNOWN = "unknown"
    ERROR = "error"


class ObligationResult(BaseModel):
    """Layer 3's raw answer for one obligation, before it becomes a `Verdict`."""

    key: str
    outcome: Outcome
    message: str = ""
    cause: str | None = None  # for unknown: "no tactic closed the goal" | "heartbeats" | "timeout" | …


class LeanRun(BaseModel):
    """One Lean process: its parsed stdout, stderr, exit code (None when killed) and wall time."""

    argv: list[str]
    returncode: int | None
    timed_out: bool = False
    seconds: float = 0.0
    output: ParsedOutput = ParsedOutput()
    stderr: str = ""


class TaskProofResult(BaseModel):
    """Every obligation's result for one task and spec, plus whether the spec alone elaborates."""

    task_id: str
    spec_elaborates: bool | None  # None when Lean never got that far (timeout, crash, setup error)
    spec_errors: list[str] = []
    results: dict[str, ObligationResult] = {}
    run: LeanRun | None = None


def run_lean_file(path: Path, status: LeanStatus, *, timeout: float) -> LeanRun:
    """Check `path` with the toolchain in `status`; never raises for Lean's own failures."""
    argv = status.command(path)
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            argv,
            cwd=status.project_dir,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            env=status.environment(),
            start_new_session=True,  # its own process group, so a timeout kills `lake` and `lean` together
        )
    except OSError as exc:
        return LeanRun(argv=argv, returncode=None, stderr=f"could not start {argv[0]}: {exc}")
    timed_out = False
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        stdout, stderr = proc.communicate()
    return LeanRun(
        argv=argv,
        returncode=None if timed_out else proc.returncode,
        timed_out=timed_out,
        seconds=time.monotonic() - start,
        output=parse_output(stdout or ""),
        stderr=stderr or "",
    )


def check_source(source: str, status: LeanStatus, *, timeout: float, name: str = "SpecBridgeCheck") -> LeanRun:
    """Write `source` to a temporary file and check it (see `run_lean_file`)."""
    with tempfile.TemporaryDirectory(prefix="specbridge-lean-") as tmp:
        path = Path(tmp) / f"{name}.lean"
        path.write_text(source, encoding="utf-8")
        return run_lean_file(path, status, timeout=timeout)


# --- interpretation ------------------------------------------------------------------------------------


def _is_kernel(msg: LeanMessage) -> bool:
    # Kernel exceptions are rendered "(kernel) …" (Lean.Kernel.Exception.toMessageData) and positioned at
    # the declaration, i.e. on the statement lines; they mean the proof was rejected, not the statement.
    return msg.data.lstrip().startswith("(kernel)")


def _mentions_heartbeats(msgs: list[LeanMessage]) -> bool:
    return any("maxHeartbeats" in m.data or "heartbeats" in m.data for m in msgs)


# `#print axioms` (src/Lean/Elab/Print.lean): "'N' depends on axioms: [a, b, …]" (the list may wrap over lines)
# or "'N' does not depend on any axioms".
_DEPENDS = re.compile(r"depends on axioms:\s*\[(?P<names>[^\]]*)\]", re.DOTALL)


def axioms_listed(message: str) -> list[str] | None:
    """The axioms a `#print axioms` message lists ([] for none), or None when the text is not such a message."""
    if "does not depend on any axioms" in message:
        return []
    m = _DEPENDS.search(message)
    if m is None:
        return None
    return [a for a in re.split(r"[\s,]+", m.group("names")) if a]


class AxiomPolicy:
    """Which axioms a proved obligation may depend on: Lean's three standard ones; with native_decide opted in,
    also what native evaluation adds — `Lean.ofReduceBool`/`Lean.trustCompiler` on older toolchains, and from
    Lean 4.29 one auxiliary axiom per computation (`<theorem>._native.native_decide.ax_…`, Meta/Native.lean),
    accepted only under SpecBridge's own namespace, where a spec cannot declare anything."""

    STANDARD = ("propext", "Classical.choice", "Quot.sound")
    NATIVE = ("Lean.ofReduceBool", "Lean.trustCompiler")

    def __init__(self, native_decide: bool = False, namespace: str = "SpecBridge.Obligations") -> None:
        self.native_decide = native_decide
        self.namespace = namespace

    def allows(self, axiom: str) -> bool:
        if axiom in self.STANDARD:
            return True
        if not self.native_decide:
            return False
        if axiom in self.NATIVE:
            return True
        parts = axiom.split(".")
        return (
            axiom.startswith(self.namespace + ".obl_")
            and "_native" in parts
            and parts[parts.index("_native") + 1 : parts.index("_native") + 2] in (["native_decide"], ["decide"])
        )

    def describe(self) -> str:
        return ", ".join(self.STANDARD + (self.NATIVE + ("native_decide's own axioms",) if self.native_decide else ()))


class _Theorem:
    def __init__(self) -> None:
        self.statement_errors: list[LeanMessage] = []
        self.proof_errors: list[LeanMessage] = []
        self.axioms: list[LeanMessage] = []

    def untrusted_axioms(self, allowed: AxiomPolicy) -> list[str]:
        """Axioms the theorem depends on beyond `allowed` (["?"] when `#print axioms` said nothing readable)."""
        bad: list[str] = []
        for m in self.axioms:
            listed = axioms_listed(m.data)
            if listed is None:
                return ["?"]
            bad += [a for a in listed if not allowed.allows(a) and a not in bad]
        return bad

    def proved(self, allowed: AxiomPolicy) -> bool:
        """No error, and `#print axioms` reported the theorem with only `allowed` axioms (no report: no proof)."""
        if self.statement_errors or self.proof_errors or not self.axioms:
            return False
        return not self.untrusted_axioms(allowed)

    def completed(self, finished: bool) -> bool:
        return bool(self.axioms) or bool(self.statement_errors or self.proof_errors) or finished


def interpret(rendered: RenderedFile, run: LeanRun) -> TaskProofResult:
    """Each obligation's outcome from the messages of `run` on `rendered` (see the module docstring)."""
    msgs = run.output.messages
    finished = not run.timed_out and run.returncode is not None
    allowed = AxiomPolicy(rendered.native_decide)
    theorems: dict[str, _Theorem] = {}
    spec_errors: list[LeanMessage] = []
    header_errors: list[LeanMessage] = []
    for m in msgs:
        key, name, region = rendered.locate(m.pos.line)
        if region is Region.SPEC:
            if m.is_error:
                spec_errors.append(m)
            continue
        if name is None:
            if m.is_error:
                header_errors.append(m)
            continue
        thm = theorems.setdefault(name, _Theorem())
        if region is Region.AXIOMS:
            if m.is_error:
                thm.proof_errors.append(m)
            elif f"'{NAMESPACE}.{name}'" in m.data:  # the audit of our theorem, not of a spec's namesake
                thm.axioms.append(m)
        elif m.is_error and region is Region.STATEMENT and not _is_kernel(m):
            thm.statement_errors.append(m)
        elif m.is_error:
            thm.proof_errors.append(m)

    keys = list(rendered.obligations)
    base = TaskProofResult(task_id=rendered.task_id, spec_elaborates=None, run=run)

    def all_with(outcome: Outcome, message: str, cause: str | None = None) -> dict[str, ObligationResult]:
        return {k: ObligationResult(key=k, outcome=outcome, message=message, cause=cause) for k in keys}

    if spec_errors:
        text = "spec does not elaborate: " + "; ".join(m.short() for m in spec_errors[:3])
        return base.model_copy(
            update={
                "spec_elaborates": False,
                "spec_errors": [m.short() for m in spec_errors],
                "results": all_with(Outcome.ERROR, text),
            }
        )
    setup_errors = [m for m in header_errors if m.pos.line < rendered.spec_start]
    if setup_errors:  # imports or options before the spec: the toolchain or project, not the spec
        text = "Lean could not process the file's header: " + "; ".join(m.short() for m in setup_errors[:3])
        return base.model_copy(update={"results": all_with(Outcome.ERROR, text, "setup")})
    if header_errors:  # after the spec, outside every theorem: e.g. the spec left a namespace open
        text = "error outside any obligation (does the spec leave a namespace or section open?): " + "; ".join(
            m.short() for m in header_errors[:3]
        )
        return base.model_copy(update={"spec_elaborates": False, "results": all_with(Outcome.ERROR, text)})
    if not msgs and not run.timed_out and run.returncode not in (0, None):
        tail = (run.stderr.strip().splitlines() or [""])[-1]
        text = f"Lean exited with code {run.returncode} without messages: {tail}".strip()
        return base.model_copy(update={"results": all_with(Outcome.ERROR, text, "crash")})
    if not msgs and run.returncode is None and not run.timed_out:
        text = f"Lean did not run: {run.stderr.strip()}"
        return base.model_copy(update={"results": all_with(Outcome.ERROR, text, "crash")})

    def theorem(lines: TheoremLines) -> _Theorem:
        return theorems.get(lines.name, _Theorem())

    results: dict[str, ObligationResult] = {}
    for key, ob in rendered.obligations.items():
        pos, neg = theorem(ob.positive), theorem(ob.negative)
        helper_lines = _precondition_lines(rendered, ob.precondition_from)
        helper = theorem(helper_lines) if helper_lines else None
        if pos.statement_errors:
            outcome, message, cause = (
                Outcome.ERROR,
                "statement does not elaborate: " + pos.statement_errors[0].short(),
                None,
            )
        elif helper is not None and helper.completed(finished) and not helper.proved(allowed):
            outcome = Outcome.UNKNOWN
            message = (
                f"the precondition proof argument (`{ob.precondition_from}`) could not be discharged on this "
                "input, so the postcondition cannot be stated"
            )
            cause = "precondition"
        elif pos.proved(allowed) and neg.proved(allowed):
            outcome, message, cause = Outcome.ERROR, "both the obligation and its negation were proved", None
        elif pos.proved(allowed):
            outcome, message, cause = Outcome.PROVED, "", None
        elif neg.proved(allowed):
            outcome, message, cause = Outcome.DISPROVED, "the negation was proved", None
        elif run.timed_out and not (pos.completed(False) and neg.completed(False)):
            outcome, message, cause = Outcome.UNKNOWN, "wall-clock timeout before Lean finished", "timeout"
        elif _mentions_heartbeats(pos.proof_errors + neg.proof_errors):
            heartbeat = next(m for m in pos.proof_errors + neg.proof_errors if "heartbeats" in m.data)
            outcome, message, cause = Outcome.UNKNOWN, heartbeat.short(), "heartbeats"
        elif pos.proof_errors:
            outcome, message = Outcome.UNKNOWN, "no tactic closed the goal: " + pos.proof_errors[-1].short()
            cause = "no tactic closed the goal"
        elif not finished or not pos.axioms:
            outcome, message, cause = Outcome.UNKNOWN, "Lean reported nothing for this obligation", "incomplete"
        else:
            bad = pos.untrusted_axioms(allowed) or neg.untrusted_axioms(allowed)
            names = ", ".join(f"`{a}`" for a in bad) if bad != ["?"] else "(unreadable `#print axioms` output)"
            outcome = Outcome.UNKNOWN
            message = f"not proved: the proof depends on {names}, beyond the trusted {allowed.describe()}"
            cause = "sorry" if "sorryAx" in bad else "axiom"
        results[key] = ObligationResult(key=key, outcome=outcome, message=message, cause=cause)
    return base.model_copy(update={"spec_elaborates": True if finished or theorems else None, "results": results})


def _precondition_lines(rendered: RenderedFile, name: str | None) -> TheoremLines | None:
    if name is None:
        return None
    if name in rendered.helpers:
        return rendered.helpers[name]
    for ob in rendered.obligations.values():
        if ob.positive.name == name:
            return ob.positive
    return None
