"""Preemptible evaluation: obligations run in a worker process that the parent kills when one overruns.

The interpreter checks its own clock and step budget, but a built-in that runs long between two checks, a loop
that never reaches one, or a value that eats all memory would stall the whole batch. So a batch (one spec, its
obligations) is sent to a persistent worker process, which streams back one verdict per obligation. The parent
waits for each verdict at most `watchdog_seconds(timeout)` (under twice the timeout); when that passes, it kills
the worker, records `unknown (time limit)` for that obligation, and sends the remaining obligations to a fresh
worker. The worker's address space is capped (RLIMIT_AS), so a huge allocation raises MemoryError inside it
(`unknown (memory limit)`) instead of swapping the machine; a worker that dies anyway gives
`unknown (worker crashed)` for the obligation it was on, and the batch goes on.

A worker is a fresh `python -m specbridge.evaluate.worker` (not a fork: the parent runs tasks in threads, and
multiprocessing's spawn/forkserver would import the caller's main script again), talking pickles over two pipes.
It takes about a second to import the interpreter, so workers are kept: idle ones wait in a pool shared by all
threads (each batch has one to itself), `prestart_worker()` starts one while the caller loads its tasks, and one
is replaced only when it is killed. A worker exits when its parent's pipe closes or its parent dies; a killed
worker is always waited for (no zombies).
"""

from __future__ import annotations

import atexit
import functools
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from multiprocessing.connection import Connection
from typing import Any

from specbridge.obligations import Obligation, Status, Verdict
from specbridge.settings import ComputableSettings
from specbridge.tasks import Task

__all__ = [
    "WorkerUnavailable",
    "evaluate_in_worker",
    "prestart_worker",
    "shutdown_workers",
    "watchdog_seconds",
    "worker_main",
]

_MAX_IDLE = 4  # idle workers kept for reuse (the pipeline runs a few tasks at a time)


class WorkerUnavailable(RuntimeError):
    """No worker process can be started here (no fork/forkserver); the caller evaluates in-process."""


def watchdog_seconds(timeout: float) -> float:
    """How long the parent waits for one obligation's verdict before killing the worker: long enough for the
    interpreter's own time check (at `timeout`) to answer first, and under twice the timeout."""
    return min(1.5 * timeout + 0.1, 1.9 * timeout)


# -- the worker process (`python -m specbridge.evaluate.worker READ_FD WRITE_FD`) --------------------------------


def _address_space_bytes() -> int | None:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


class _MemoryCap:
    """The worker's RLIMIT_AS soft limit: what it already maps (stack thread, arenas) plus the allowed MB."""

    def __init__(self) -> None:
        self.base = _address_space_bytes()
        self.mb: int | None = None

    def apply(self, mb: int) -> None:
        if mb == self.mb or self.base is None:
            return
        try:
            import resource

            _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
            want = self.base + mb * 1024 * 1024 if mb > 0 else resource.RLIM_INFINITY
            if hard != resource.RLIM_INFINITY and (want == resource.RLIM_INFINITY or want > hard):
                want = hard
            resource.setrlimit(resource.RLIMIT_AS, (want, hard))
            self.mb = mb
        except (ImportError, ValueError, OSError):
            self.base = None  # no address-space limit on this platform: the watchdog still bounds time


def _exit_when_orphaned(parent: int) -> None:
    # a worker busy in a long evaluation notices its parent's death only here (an idle one gets EOF)
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(0)


def worker_main(read_fd: int, write_fd: int) -> None:
    """Serve batches from the parent until it closes the pipe."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it kills its workers
    inbox, outbox = Connection(read_fd, writable=False), Connection(write_fd, readable=False)
    threading.Thread(target=_exit_when_orphaned, args=(os.getppid(),), daemon=True).start()
    from specbridge.evaluate.computable import stream_verdicts
    from specbridge.lean.program import run_with_big_stack

    # Lean prints a Nat of any size; the integer size limit (max_int_bits) bounds the conversion's cost
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
    # the big-stack thread and its malloc arena exist before the address space is capped
    run_with_big_stack(lambda: None)
    cap = _MemoryCap()
    outbox.send(("ready", os.getpid()))
    while True:
        try:
            job = inbox.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        task, spec_text, obligations, settings = job
        cap.apply(settings.max_memory_mb)
        try:
            run_with_big_stack(functools.partial(stream_verdicts, task, spec_text, obligations, settings, outbox.send))
        except MemoryError:
            os._exit(3)  # not even the verdict could be built: the parent reports the obligation
        except OSError:  # the parent went away
            return


# -- the parent's side --------------------------------------------------------------------------------------------

_START_SECONDS = 120.0  # a fresh worker imports the interpreter; on a loaded machine that can take a while


class _Forked:
    """A child forked from this process, with the part of subprocess.Popen's interface _Worker uses."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                self.returncode = -1
                return self.returncode
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def kill(self) -> None:
        if self.poll() is None:
            os.kill(self.pid, 9)

    def wait(self, timeout: float | None = None) -> int:
        end = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if end is not None and time.monotonic() > end:
                raise subprocess.TimeoutExpired(f"pid {self.pid}", timeout or 0.0)
            time.sleep(0.005)
        assert self.returncode is not None
        return self.returncode


def fork_is_safe() -> bool:
    """Forking this process is safe, and much faster than starting an interpreter, when it runs no other thread
    (no lock can be held by a thread that the child would not have) and the interpreter is imported already."""
    return hasattr(os, "fork") and threading.active_count() == 1 and "specbridge.evaluate.computable" in sys.modules


def _forked_child(p2c_r: int, c2p_w: int) -> None:
    """In the child of os.fork(): leave the parent's session and descriptors, serve, never return."""
    code = 0
    try:
        os.setsid()
        keep = {0, 1, 2, p2c_r, c2p_w}
        for fd in os.listdir("/proc/self/fd") if os.path.isdir("/proc/self/fd") else []:
            if fd.isdigit() and int(fd) not in keep:
                try:
                    os.close(int(fd))
                except OSError:
                    pass
        worker_main(p2c_r, c2p_w)
    except BaseException:  # noqa: BLE001 - the child must never return into the parent's code
        code = 1
    finally:
        os._exit(code)


class _Worker:
    """A worker process and its two pipes: forked from this process when that is safe (see fork_is_safe), else a
    fresh `python -m specbridge.evaluate.worker` (a clean interpreter: nothing of the parent's threads, and the
    caller's main script is not imported again, unlike multiprocessing's spawn/forkserver)."""

    def __init__(self) -> None:
        p2c_r, p2c_w = os.pipe()
        c2p_r, c2p_w = os.pipe()
        self.proc: Any
        try:
            if fork_is_safe():
                pid = os.fork()
                if pid == 0:
                    os.close(p2c_w)
                    os.close(c2p_r)
                    _forked_child(p2c_r, c2p_w)
                self.proc = _Forked(pid)
            else:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "specbridge.evaluate.worker", str(p2c_r), str(c2p_w)],
                    pass_fds=(p2c_r, c2p_w),
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    start_new_session=True,  # the terminal's Ctrl-C goes to the parent, which stops its workers
                )
        except BaseException:
            for fd in (p2c_r, p2c_w, c2p_r, c2p_w):
                os.close(fd)
            raise
        os.close(p2c_r)
        os.close(c2p_w)
        self.outbox = Connection(p2c_w, readable=False)
        self.inbox = Connection(c2p_r, writable=False)
        self.ready = False

    def wait_ready(self) -> None:
        if self.ready:
            return
        try:
            if self.inbox.poll(_START_SECONDS):
                msg = self.inbox.recv()
                if msg[0] == "ready":
                    self.ready = True
                    return
        except (EOFError, OSError):
            pass
        self.kill()
        raise WorkerUnavailable(f"the evaluation worker did not start ({self.exit_description()})")

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        if self.proc.poll() is None:
            try:
                self.proc.kill()
            except OSError:
                pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            pass
        for conn in (self.inbox, self.outbox):
            try:
                conn.close()
            except OSError:
                pass

    def exit_description(self) -> str:
        try:
            code = self.proc.wait(1)
        except subprocess.TimeoutExpired:
            return "the worker stopped answering"
        if code < 0:
            import signal

            try:
                return f"the worker was killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"the worker was killed by signal {-code}"
        return f"the worker exited with status {code}"


class _Pool:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.idle: list[_Worker] = []
        self.failed: str | None = None

    def _start(self) -> _Worker:
        if self.failed is not None:
            raise WorkerUnavailable(self.failed)
        try:
            return _Worker()
        except OSError as exc:
            self.failed = f"{type(exc).__name__}: {exc}"
            raise WorkerUnavailable(self.failed) from exc

    def prestart(self) -> None:
        """Start a worker now (it imports the interpreter while the caller loads its tasks)."""
        with self.lock:
            if not self.idle and self.failed is None:
                try:
                    self.idle.append(_Worker())
                except OSError as exc:
                    self.failed = f"{type(exc).__name__}: {exc}"

    def acquire(self) -> _Worker:
        with self.lock:
            w = None
            while self.idle:
                cand = self.idle.pop()
                if cand.alive():
                    w = cand
                    break
                cand.kill()
            if w is None:
                w = self._start()
        try:
            w.wait_ready()
        except WorkerUnavailable as exc:
            with self.lock:
                self.failed = str(exc)
            raise
        return w

    def release(self, w: _Worker) -> None:
        with self.lock:
            if len(self.idle) < _MAX_IDLE and w.alive():
                self.idle.append(w)
                return
        w.kill()

    def shutdown(self) -> None:
        with self.lock:
            idle, self.idle = self.idle, []
        for w in idle:
            try:
                w.outbox.send(None)
            except OSError:
                pass
            w.kill()


_POOL = _Pool()
atexit.register(_POOL.shutdown)


def prestart_worker() -> None:
    """Start an idle worker in the background if there is none (the first batch then need not wait)."""
    _POOL.prestart()


def shutdown_workers() -> None:
    """Stop the idle workers (they are also stopped at exit); the next batch starts fresh ones."""
    _POOL.shutdown()


def _time_limit(timeout: float, waited: float, what: str) -> Verdict:
    return Verdict(
        status=Status.UNKNOWN,
        message=f"limit reached: time limit ({what} took more than {timeout:g} s; the evaluation was stopped)",
        seconds=waited,
        cause="time limit",
    )


def _crashed(description: str, waited: float) -> Verdict:
    return Verdict(
        status=Status.UNKNOWN,
        message=f"the evaluation process died ({description}), most likely out of memory",
        seconds=waited,
        cause="worker crashed",
    )


def evaluate_in_worker(
    task: Task, spec_text: str, obligations: list[Obligation], settings: ComputableSettings
) -> list[Verdict]:
    """One verdict per obligation, evaluated in a worker process that is killed and replaced when an
    obligation overruns its watchdog; raises WorkerUnavailable when no worker can be started at all."""
    if not obligations:
        return []
    verdicts: list[Verdict | None] = [None] * len(obligations)
    watchdog = watchdog_seconds(settings.timeout)
    done = 0
    while done < len(obligations):
        worker = _POOL.acquire()
        ok = False
        try:
            done = _run_on(worker, task, spec_text, obligations, done, settings, watchdog, verdicts)
            ok = done >= len(obligations)
        finally:
            if ok:
                _POOL.release(worker)
            else:
                worker.kill()
    return [v for v in verdicts if v is not None]


def _messages(conn: Connection, watchdog: float) -> Iterator[tuple | None]:
    """The worker's messages; None when one did not come within the watchdog; ends when the worker dies."""
    while True:
        try:
            if not conn.poll(watchdog):
                yield None
                return
            yield conn.recv()
        except (EOFError, OSError):
            return


def _run_on(
    worker: _Worker,
    task: Task,
    spec_text: str,
    obligations: list[Obligation],
    start: int,
    settings: ComputableSettings,
    watchdog: float,
    verdicts: list[Verdict | None],
) -> int:
    """Send obligations[start:] to `worker`, store the verdicts it sends back; return how many obligations are
    decided. On an overrun or a crash, the obligation in progress gets its unknown verdict, so the count grows
    by at least one each time and the caller goes on with a fresh worker."""
    rest = obligations[start:]
    t0 = time.perf_counter()
    try:
        worker.outbox.send((task, spec_text, rest, settings))
    except (OSError, BrokenPipeError):
        verdicts[start] = _crashed(worker.exit_description(), 0.0)
        return start + 1
    i = start
    compiled = False
    for msg in _messages(worker.inbox, watchdog):
        waited = time.perf_counter() - t0
        if msg is None:
            if not compiled:  # the spec itself did not compile in time: no obligation of it can be decided
                for j in range(i, len(obligations)):
                    verdicts[j] = _time_limit(settings.timeout, waited, "compiling the spec")
                return len(obligations)
            verdicts[i] = _time_limit(settings.timeout, waited, "this obligation")
            return i + 1
        kind = msg[0]
        if kind == "compiled":
            compiled = True
        elif kind == "verdict":
            verdicts[i] = msg[1]
            i += 1
            if i >= len(obligations):
                return i
        t0 = time.perf_counter()
    # the worker died without a verdict for obligation i
    crash = _crashed(worker.exit_description(), time.perf_counter() - t0)
    if not compiled:  # it could not even take the spec: a fresh worker would die the same way on each obligation
        for j in range(i, len(obligations)):
            verdicts[j] = crash
        return len(obligations)
    verdicts[i] = crash
    return i + 1


if __name__ == "__main__":
    worker_main(int(sys.argv[1]), int(sys.argv[2]))
