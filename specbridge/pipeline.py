"""The batch job: for each task, generate -> refuse untrusted specs -> evaluate with every layer -> store.

Resumable: a run is identified by a fingerprint of (dataset, generator, model, settings that change results);
running the same command again continues the newest run with that fingerprint and skips finished tasks.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from specbridge.comparison import AmplifiedCheck, DiffVerdict
from specbridge.datasets import InvalidTask, load_dataset
from specbridge.errors import SpecBridgeError, UntrustedSpecError
from specbridge.evaluate.base import Layer
from specbridge.evaluate.layers import build_layers
from specbridge.generate import Generation, GenerationContext, get_generator
from specbridge.obligations import Status, Verdict, build_obligations
from specbridge.settings import Settings
from specbridge.store import INTERNAL_ERROR, EvaluationRow, RunInfo, Store
from specbridge.tasks import Task

LLM_GENERATORS = ("specbridge", "baseline")
ProgressCallback = Callable[[str, int, int], None]  # (task_id, done, total)


@dataclass
class RunOptions:
    dataset: Path
    generator: str | None = None  # None: the settings' default (specbridge with an LLM, offline without)
    db: Path | None = None
    limit: int | None = None
    fresh: bool = False
    examples: int = 0
    corpus: Path | list[Path] | None = None  # retrieval corpus (one dataset or several); default datasets/examples
    repair_rounds: int | None = None
    workers: int = 0  # 0: automatic — CPU cores when Lean runs, the LLM concurrency for LLM generators, else 1
    amplify: int | None = None  # generated inputs for the amplified check; None: the settings' `amplify`
    retry_failed: bool = False  # resume: also redo tasks whose generation failed with a final answer
    patterns: Path | None = None  # a pattern library (`specbridge mine`); default: mined from the corpus


@dataclass
class RunResult:
    run: RunInfo
    resumed: bool
    skipped: int  # tasks already finished in an earlier invocation
    processed: int
    invalid: list[InvalidTask] = field(default_factory=list)
    total: int = 0  # tasks of this invocation (after --limit)


@dataclass
class TaskOutcome:
    task: Task
    generation: Generation
    evaluations: list[EvaluationRow]
    seconds: float
    amplified: AmplifiedCheck | None = None  # `--amplify N`: evaluation only, never seen by generators


def run_fingerprint(
    dataset: Path,
    generator: str,
    settings: Settings,
    examples: int,
    repair: int,
    corpus: Path | list[Path] | None = None,
    amplify: int = 0,
    patterns: Path | None = None,
) -> str:
    """Identifies 'the same command': what a resumed run must share with the run it continues."""
    material = {
        "dataset": str(Path(dataset).resolve()),
        "generator": generator,
        "model": settings.llm.model,
        "examples": examples,
        "repair": repair,
        "corpus": _corpus_material(corpus),
        # absent when unused: older runs keep their fingerprints
        **({"amplify": amplify} if amplify else {}),
        **({"patterns": str(Path(patterns).resolve())} if patterns is not None else {}),
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()[:16]


def _corpus_material(corpus: Path | list[Path] | None) -> str | list[str] | None:
    """One corpus as its path (the fingerprint of runs made before several were allowed), several as a list."""
    if corpus is None:
        return None
    paths = [corpus] if isinstance(corpus, str | Path) else list(corpus)
    resolved = [str(Path(p).resolve()) for p in paths]
    return resolved[0] if len(resolved) == 1 else resolved


def git_revision() -> str | None:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            cwd=Path(__file__).resolve().parent,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


def default_corpus_dir() -> Path:
    """The solved example tasks shipped with the package (package data, so a plain `pip install .` has them)."""
    from specbridge.resources import default_corpus_dir as packaged

    return packaged()


def evaluate_task(
    task: Task, generation: Generation, layers: list[Layer], *, started: float | None = None
) -> TaskOutcome:
    """Run every layer on a generated spec (all obligations, examples included; reports separate them)."""
    started = time.perf_counter() if started is None else started
    rows: list[EvaluationRow] = []
    if generation.error is None:
        obligations = build_obligations(task)
        for layer in layers:
            verdicts = _evaluate_layer(layer, task, generation.spec_text, obligations)
            if getattr(layer, "per_task", False):
                rows.extend(EvaluationRow(layer.name, None, v) for v in verdicts)
            else:
                rows.extend(EvaluationRow(layer.name, o, v) for o, v in zip(obligations, verdicts, strict=True))
    return TaskOutcome(task, generation, rows, time.perf_counter() - started)


def _evaluate_layer(layer: Layer, task: Task, spec_text: str, obligations: list) -> list[Verdict]:
    """A layer's verdicts; a crash inside a layer (a bug) becomes `unknown` for this task, and the batch goes on."""
    count = 1 if getattr(layer, "per_task", False) else len(obligations)
    try:
        verdicts = layer.evaluate(task, spec_text, obligations)
        if not getattr(layer, "per_task", False) and len(verdicts) != count:
            raise RuntimeError(f"{len(verdicts)} verdicts for {count} obligations")
        return verdicts
    except Exception as exc:  # noqa: BLE001 - one task's bug must not lose the other tasks' results
        message = f"internal error in the {layer.name} layer: {type(exc).__name__}: {exc}"
        return [Verdict(status=Status.UNKNOWN, message=message, cause=INTERNAL_ERROR) for _ in range(count)]


def generate_checked(task: Task, generator_name: str, context: GenerationContext) -> Generation:
    """Generate a spec from what the generator may see, then refuse it if it runs code or widens trust."""
    generator = get_generator(generator_name)
    visible = task if generator_name == "reference" else task.visible_view()
    try:
        generation = generator.generate(visible, context)
    except SpecBridgeError as exc:  # generators return errors rather than raise, but be safe
        return Generation(generator=generator_name, error=str(exc))
    except Exception as exc:  # noqa: BLE001 - a generator bug must not stop the batch
        return Generation(
            generator=generator_name,
            error=f"internal error in the generator: {type(exc).__name__}: {exc}",
            transient=True,  # a crash is no answer: a resumed run (perhaps with a fixed generator) tries again
        )
    if generation.error is None:
        if not generation.spec_text.strip():
            return generation.model_copy(update={"error": "the generator produced an empty spec"})
        try:
            check_untrusted(generation.spec_text)
        except UntrustedSpecError as exc:
            return generation.model_copy(update={"error": f"refused untrusted spec: {exc}"})
    return generation


def check_untrusted(spec_text: str) -> None:
    from specbridge.lean.sandbox import check_untrusted as sandbox_check

    sandbox_check(spec_text)


class RunInterrupted(Exception):  # noqa: N818 - not an error: the user stopped the run
    """Ctrl-C (or SIGTERM) during a run: finished tasks are stored; the same command resumes."""

    def __init__(self, run: RunInfo, done: int, total: int):
        self.run, self.done, self.total = run, done, total
        super().__init__(f"run {run.id}: {done} of {total} tasks finished; run the same command again to resume")


@dataclass
class PreparedRun:
    """A run checked and recorded, ready to execute: every usage error is raised before anything runs."""

    options: RunOptions
    settings: Settings
    store: Store
    run: RunInfo
    resumed: bool
    tasks: list[Task]
    todo: list[Task]
    generator: str
    context: GenerationContext
    invalid: list[InvalidTask]
    amplify: int = 0  # generated inputs for the amplified check (0: off)


def prepare_run(options: RunOptions, settings: Settings) -> PreparedRun:
    """Load the dataset, check the generator, corpus and database, and create or pick the run to resume."""
    loaded = load_dataset(options.dataset)
    if not loaded.tasks:  # nothing to run: say so rather than record an empty run that looks like a result
        reasons = "".join(f"\n  invalid: {bad.reason}" for bad in loaded.invalid)
        raise SpecBridgeError(
            f"{options.dataset}: no valid tasks to run (.md requirement files, VERINA task "
            f"folders or .jsonl files){reasons}"
        )
    generator_name = options.generator or settings.default_generator
    get_generator(generator_name)  # fail fast on an unknown name
    if generator_name in LLM_GENERATORS and not settings.llm.configured:
        raise SpecBridgeError(
            f"the {generator_name!r} generator needs an LLM and none is configured: set SPECBRIDGE_MODEL and "
            "OPENAI_API_KEY or OPENAI_BASE_URL (see docs/llm.md), or use --generator offline"
        )
    from specbridge.generate.single import corpus_paths, library_corpus, load_corpus

    named_corpus = corpus_paths(options.corpus)
    for path in named_corpus:
        if not path.exists():
            raise SpecBridgeError(f"{path}: no such corpus (a folder, a requirement file or a .jsonl file)")
    if options.patterns is not None and not Path(options.patterns).is_file():
        raise SpecBridgeError(f"{options.patterns}: no such pattern library (write one with `specbridge mine`)")
    library = None
    if options.patterns is not None:
        from specbridge.mining.library import load_library

        library = load_library(options.patterns)
        if not named_corpus:
            named_corpus = library_corpus(library, options.patterns)  # its own corpus, when still on disk
    repair = settings.repair_rounds if options.repair_rounds is None else options.repair_rounds
    tasks = [t.with_examples(options.examples) if options.examples else t for t in loaded.tasks]
    if options.limit is not None:
        tasks = tasks[: options.limit]

    store = Store(options.db or settings.db)  # refuses a foreign file before writing to it
    corpus_dirs = named_corpus or [default_corpus_dir()]
    amplify = amplify_inputs(options, settings)
    fingerprint = run_fingerprint(
        options.dataset, generator_name, settings, options.examples, repair, corpus_dirs, amplify, options.patterns
    )
    run = None if options.fresh else store.latest_run(fingerprint)
    resumed = run is not None
    if run is None:
        run = store.create_run(
            generator=generator_name,
            model=settings.llm.model if generator_name in LLM_GENERATORS else None,
            dataset=str(Path(options.dataset).resolve()),
            fingerprint=fingerprint,
            settings={**settings.model_dump(exclude={"llm": {"api_key"}}), "repair_rounds": repair, "amplify": amplify},
            git_revision=git_revision(),
            examples=options.examples,
        )
    store.start_run(run.id, len(tasks))
    finished = store.finished_task_ids(run.id, retry_failed=options.retry_failed)
    todo = [t for t in tasks if t.id not in finished]
    corpus = load_corpus(named_corpus or None) if generator_name not in ("reference",) else []
    context = GenerationContext(settings=settings, corpus=corpus, repair_rounds=repair)
    if library is not None:
        context.patterns = library
    return PreparedRun(
        options,
        settings,
        store,
        store.run(run.id),
        resumed,
        tasks,
        todo,
        generator_name,
        context,
        loaded.invalid,
        amplify,
    )


def run_batch(options: RunOptions, settings: Settings, *, progress: ProgressCallback | None = None) -> RunResult:
    """The batch job over a dataset; returns the run it wrote (new or resumed)."""
    return execute_run(prepare_run(options, settings), progress=progress)


def execute_run(prepared: PreparedRun, *, progress: ProgressCallback | None = None) -> RunResult:
    """Generate, evaluate and store every task still to do; raises RunInterrupted on Ctrl-C (work is kept)."""
    store, run, tasks, todo = prepared.store, prepared.run, prepared.tasks, prepared.todo
    skipped = len(tasks) - len(todo)
    layers = build_layers(prepared.settings)
    workers = prepared.options.workers or auto_workers(prepared.generator, prepared.settings, layers)

    def work(task: Task) -> TaskOutcome:
        started = time.perf_counter()
        generation = generate_checked(task, prepared.generator, prepared.context)
        outcome = evaluate_task(task, generation, layers, started=started)
        if prepared.amplify > 0 and generation.error is None:  # after generation and repair: nothing flows back
            outcome.amplified = amplified_check(task, generation.spec_text, prepared.amplify, prepared.settings)
            outcome.seconds = time.perf_counter() - started
        return outcome

    done = skipped
    processed = 0
    if progress:
        progress("", done, len(tasks))
    pool = ThreadPoolExecutor(max_workers=workers)
    try:
        pending: set[Future[TaskOutcome]] = set()
        queue = iter(todo)
        for task in queue:
            pending.add(pool.submit(work, task))
            if len(pending) >= workers * 2:
                break
        while pending:
            completed, pending = wait(pending, return_when=FIRST_COMPLETED)
            stop: BaseException | None = None
            for future in completed:
                if isinstance(future.exception(), KeyboardInterrupt):
                    stop = future.exception()  # store the other finished tasks first: their work is kept
                    continue
                outcome = future.result()
                _store_outcome(store, run.id, outcome)
                done += 1
                processed += 1
                if progress:
                    progress(outcome.task.id, done, len(tasks))
                nxt = next(queue, None)
                if nxt is not None:
                    pending.add(pool.submit(work, nxt))
            if stop is not None:
                raise stop
    except KeyboardInterrupt as exc:
        # queued tasks are dropped; the ones in flight finish in the background and are not stored
        pool.shutdown(wait=False, cancel_futures=True)
        raise RunInterrupted(store.run(run.id), done, len(tasks)) from exc
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    store.finish_run(run.id)
    return RunResult(
        run=store.run(run.id),
        resumed=prepared.resumed,
        skipped=skipped,
        processed=processed,
        invalid=prepared.invalid,
        total=len(tasks),
    )


def auto_workers(generator_name: str, settings: Settings, layers: list[Layer]) -> int:
    """Tasks in flight: Lean processes or model calls run in parallel; the interpreter alone gains nothing."""
    proof = next((layer for layer in layers if layer.name == "proof"), None)
    lean_runs = proof is not None and getattr(proof, "status", None) is not None and proof.status.available
    wanted = 1
    if lean_runs:
        wanted = settings.lean.workers or os.cpu_count() or 1
    if generator_name in LLM_GENERATORS:
        wanted = max(wanted, settings.llm.concurrency)
    return max(1, wanted)


def amplify_inputs(options: RunOptions, settings: Settings) -> int:
    """Generated inputs per task for the amplified check (`--amplify N`, else the settings' `amplify`)."""
    return settings.amplify if options.amplify is None else options.amplify


def amplified_check(task: Task, spec_text: str, inputs: int, settings: Settings) -> AmplifiedCheck | None:
    """The amplified check of one generated spec; a crash in it is recorded, the batch goes on."""
    from specbridge.compare.amplify import amplify_check
    from specbridge.compare.evaluator import diff_settings

    try:
        return amplify_check(task, spec_text, inputs=inputs, settings=diff_settings(settings.computable))
    except Exception as exc:  # noqa: BLE001 - one task's bug must not lose the other tasks' results
        message = f"internal error in the amplified check: {type(exc).__name__}: {exc}"
        return AmplifiedCheck(inputs=inputs, verdict=DiffVerdict.UNDECIDED, pairs=0, message=message)


def _store_outcome(store: Store, run_id: int, outcome: TaskOutcome) -> None:
    task = outcome.task
    store.write_task_result(
        run_id=run_id,
        task_id=task.id,
        source=task.source,
        signature=task.signature.lean_header(),
        requirement=task.requirement,
        generation=outcome.generation,
        evaluations=outcome.evaluations,
        seconds=outcome.seconds,
        amplified=outcome.amplified,
    )
