"""Generate a spec for one task: the library side of `specbridge generate REQUIREMENT_FILE`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from specbridge.datasets import load_dataset, load_task
from specbridge.errors import SpecBridgeError
from specbridge.generate.base import Generation, GenerationContext
from specbridge.settings import Settings
from specbridge.tasks import Task

if TYPE_CHECKING:
    from specbridge.mining.library import Library


def default_corpus_dir() -> Path:
    """The package's own example dataset, the default retrieval corpus."""
    from specbridge.resources import default_corpus_dir as packaged

    return packaged()


def corpus_paths(corpus: Path | list[Path] | tuple[Path, ...] | None) -> list[Path]:
    """The corpus folders/files named (one or several), or [] for the default."""
    if corpus is None:
        return []
    return [Path(corpus)] if isinstance(corpus, str | Path) else [Path(c) for c in corpus]


def library_corpus(library: Library, path: Path) -> list[Path]:
    """The corpus a pattern library (read from `path`) was mined from: its `sources`, read from the working
    directory or else beside the library file, as far as they are still on disk. `--patterns FILE` without
    `--corpus` then means the same corpus for retrieval, terms and lexicon as the patterns came from, not the
    default examples."""
    out: list[Path] = []
    for source in library.sources:
        for base in (Path.cwd(), Path(path).resolve().parent):
            candidate = Path(source) if Path(source).is_absolute() else base / source
            if candidate.exists():
                out.append(candidate)
                break
    return out


def load_corpus(corpus: Path | list[Path] | tuple[Path, ...] | None) -> list[Task]:
    """Solved tasks to retrieve from: every dataset of `corpus` (one path or several), else datasets/examples;
    [] when the default folder is absent. A corpus the user names must exist: a typo must not silently leave the
    generator with nothing to retrieve."""
    paths = corpus_paths(corpus)
    for path in paths:
        if not path.exists():
            raise SpecBridgeError(f"{path}: no such corpus (a folder, a requirement file or a .jsonl file)")
    if not paths:
        folder = default_corpus_dir()
        paths = [folder] if folder.exists() else []
    return [t for path in paths for t in load_dataset(path).tasks if t.reference is not None]


def generate_for_task(
    task: Task,
    settings: Settings,
    *,
    generator: str | None = None,
    corpus: list[Task] | None = None,
    repair_rounds: int | None = None,
    context: GenerationContext | None = None,
) -> Generation:
    """One generation for `task` from what a generator may see, refused if untrusted (as in a batch run)."""
    from specbridge.pipeline import generate_checked

    name = generator or settings.default_generator
    if context is None:
        rounds = settings.repair_rounds if repair_rounds is None else repair_rounds
        context = GenerationContext(settings=settings, corpus=corpus or [], repair_rounds=rounds)
    return generate_checked(task, name, context)


def generate_for_file(
    path: Path,
    settings: Settings,
    *,
    generator: str | None = None,
    corpus_dir: Path | list[Path] | None = None,
    repair_rounds: int | None = None,
    patterns: Path | None = None,
) -> tuple[Task, Generation]:
    """Load one requirement file (or VERINA task folder) and generate its spec; the file's task is excluded
    from the corpus by id and by requirement text."""
    task = load_task(path)
    if patterns is None:
        corpus = load_corpus(corpus_dir)
        return task, generate_for_task(task, settings, generator=generator, corpus=corpus, repair_rounds=repair_rounds)
    # a library given by the user: the generators use it instead of the corpus's own
    from specbridge.mining.library import load_library

    library = load_library(patterns)
    if not corpus_paths(corpus_dir):
        corpus_dir = library_corpus(library, patterns) or None
    rounds = settings.repair_rounds if repair_rounds is None else repair_rounds
    context = GenerationContext(settings=settings, corpus=load_corpus(corpus_dir), repair_rounds=rounds)
    context.patterns = library
    return task, generate_for_task(task, settings, generator=generator, context=context)
