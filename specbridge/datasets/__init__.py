"""Dataset loaders: VERINA task folders, requirement files (Markdown + YAML front matter), JSONL, Vericoding YAML.

A dataset is a folder (of VERINA task folders and/or requirement files), a single requirement file, a single
VERINA task folder, or a `.jsonl` file. A malformed task is reported with its file and field or line, and the
rest of the dataset still loads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from specbridge.datasets.files import (
    MAX_FILE_BYTES,
    MAX_JSONL_BYTES,
    check_data,
    check_file,
    decode_text,
    describe_size,
    has_surrogate,
    parse_json,
    read_bytes,
)
from specbridge.datasets.reqfile import (
    dump_requirement_file,
    load_requirement_file,
    task_from_mapping,
    task_to_mapping,
)
from specbridge.datasets.values import literal_budget
from specbridge.datasets.vericoding import is_vericoding_file, load_vericoding_task
from specbridge.datasets.verina import is_verina_dir, load_verina_task
from specbridge.errors import SpecBridgeError, TaskFormatError
from specbridge.tasks import Task

__all__ = [
    "InvalidTask",
    "LoadResult",
    "LoadWarning",
    "dump_requirement_file",
    "export_jsonl",
    "load_dataset",
    "load_task",
]


@dataclass(frozen=True)
class InvalidTask:
    path: str
    reason: str


@dataclass(frozen=True)
class LoadWarning:
    """Legal but probably a mistake (an id that is not the file name, a task without tests, an unknown key of a
    VERINA file); the task still loads."""

    path: str
    message: str


@dataclass
class LoadResult:
    tasks: list[Task] = field(default_factory=list)
    invalid: list[InvalidTask] = field(default_factory=list)
    warnings: list[LoadWarning] = field(default_factory=list)


def load_task(path: Path) -> Task:
    """One task: a requirement file (.md) or a VERINA task folder."""
    path = Path(path)
    if is_verina_dir(path):
        return load_verina_task(path)
    if path.is_file() and path.suffix == ".md":
        return load_requirement_file(path)
    if is_vericoding_file(path):
        return load_vericoding_task(path)
    if not path.exists():
        raise TaskFormatError(str(path), "no such file or folder")
    raise TaskFormatError(str(path), "not a task: expected a requirement file (.md) or a VERINA task folder")


def load_dataset(path: Path) -> LoadResult:
    """Every task under `path`, in a stable order (sorted by path); bad tasks go to `invalid` with the reason.

    No malformed task file raises or hangs: each is one entry of `invalid` naming its file and field or line.
    """
    path = Path(path)
    result = LoadResult()
    if not path.exists():
        raise SpecBridgeError(f"{path}: no such dataset (a folder, a requirement file or a .jsonl file)")
    if has_surrogate(str(path)):  # every task's source would carry it into reports and the results database
        shown = str(path).encode("utf-8", "backslashreplace").decode("utf-8")
        raise SpecBridgeError(f"{shown}: the dataset's path is not valid UTF-8; rename it")
    if path.is_file() and path.suffix == ".jsonl":
        _load_jsonl(path, result)
    elif path.is_file() or is_verina_dir(path):
        _add(result, path)
    elif not path.is_dir():  # a FIFO or device given as the dataset: iterating or reading it would never end
        raise SpecBridgeError(f"{path}: not a dataset: neither a regular file nor a folder")
    else:
        entries = sorted(path.iterdir(), key=lambda p: _natural_key(p.name))
        for entry in entries:
            if _screened_out(entry, path, result):
                continue
            if is_verina_dir(entry) or (entry.is_file() and entry.suffix == ".md" and entry.name != "README.md"):
                _add(result, entry)
            elif entry.is_file() and entry.suffix == ".jsonl":
                _load_jsonl(entry, result)
            elif entry.suffix in (".yaml", ".yml") and is_vericoding_file(entry):
                _add(result, entry)
    seen: dict[str, str] = {}
    unique = []
    for task in result.tasks:
        if task.id in seen:
            reason = f"{task.source} [id]: duplicate task id {task.id!r} (first in {seen[task.id]})"
            result.invalid.append(InvalidTask(task.source, reason))
            continue
        seen[task.id] = task.source
        unique.append(task)
    result.tasks = unique
    return result


def export_jsonl(tasks: list[Task], out: Path) -> int:
    """Write one JSON object per task (requirement-file fields + `requirement`); returns the count."""
    with Path(out).open("w", encoding="utf-8") as fh:
        for task in tasks:
            fh.write(json.dumps(task_to_mapping(task), ensure_ascii=False) + "\n")
    return len(tasks)


# What a loader may still raise on a file nobody foresaw; caught per task so that one file never takes the
# dataset down (the reason names the file and the error), while a bug elsewhere is not hidden.
_UNFORESEEN = (OSError, ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


# Suffixes of the files a dataset folder may hold as tasks; an entry with one that is not a regular file inside
# the folder (a directory, FIFO, device, broken or outward symlink) is reported rather than skipped or read.
_TASK_SUFFIXES = (".md", ".jsonl", ".yaml", ".yml")


def _screened_out(entry: Path, root: Path, result: LoadResult) -> bool:
    """Whether the scan passes over `entry`: hidden entries silently, unusable ones with their reason."""
    if entry.name.startswith("."):  # editor lock files (often dangling symlinks) and other hidden entries
        return True
    if has_surrogate(entry.name):  # undecodable bytes: the name could be neither printed nor stored
        shown = str(entry).encode("utf-8", "backslashreplace").decode("utf-8")
        result.invalid.append(InvalidTask(shown, f"{shown}: the file name is not valid UTF-8; rename it"))
        return True
    if entry.suffix in _TASK_SUFFIXES and entry.name != "README.md":
        try:
            check_file(entry, root=root, limit=MAX_JSONL_BYTES if entry.suffix == ".jsonl" else MAX_FILE_BYTES)
        except TaskFormatError as exc:
            result.invalid.append(InvalidTask(str(entry), str(exc)))
            return True
    return False


def _add(result: LoadResult, path: Path) -> None:
    warnings: list[str] = []
    try:
        with literal_budget():  # per task: many values, each within its limits, must not add up to minutes
            result.tasks.append(_load_collecting(path, warnings))
    except TaskFormatError as exc:
        result.invalid.append(InvalidTask(str(path), str(exc)))
        return
    except _UNFORESEEN as exc:
        result.invalid.append(InvalidTask(str(path), f"{path}: cannot be loaded: {type(exc).__name__}: {exc}"))
        return
    result.warnings.extend(LoadWarning(str(path), message) for message in warnings)


def _load_collecting(path: Path, warnings: list[str]) -> Task:
    """`load_task`, keeping the warnings of the formats that give them."""
    if is_verina_dir(path):
        return load_verina_task(path, warnings=warnings)
    if path.suffix == ".md":
        return load_requirement_file(path, warnings=warnings)
    return load_task(path)


def _load_jsonl(path: Path, result: LoadResult) -> None:
    """Each line a task; a bad line (not UTF-8, not JSON, too long, a bad task) is invalid, the others load."""
    try:
        data = read_bytes(path, limit=MAX_JSONL_BYTES)
    except TaskFormatError as exc:
        result.invalid.append(InvalidTask(str(path), str(exc)))
        return
    lines = data.split(b"\n")
    if not data.strip():
        result.warnings.append(LoadWarning(str(path), f"{path}: no task lines"))
    for lineno, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        source = f"{path}:{lineno}"
        try:
            if len(raw) > MAX_FILE_BYTES:
                raise TaskFormatError(
                    source,
                    f"a line of {describe_size(len(raw))}: larger than the {describe_size(MAX_FILE_BYTES)} "
                    "a task may have",
                )
            line = decode_text(raw, str(path), line_offset=lineno - 1)  # its reason says path:line
            task_data = parse_json(line, source, line_offset=None)
            if not isinstance(task_data, dict):
                raise TaskFormatError(source, "expected a JSON object")
            check_data(task_data, source)
            with literal_budget():
                result.tasks.append(task_from_mapping(task_data, requirement=None, source=source))
        except TaskFormatError as exc:
            result.invalid.append(InvalidTask(source, str(exc)))
        except _UNFORESEEN as exc:
            result.invalid.append(InvalidTask(source, f"{source}: cannot be loaded: {type(exc).__name__}: {exc}"))


def _natural_key(name: str) -> list:
    """verina_basic_2 before verina_basic_10."""
    import re

    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]
