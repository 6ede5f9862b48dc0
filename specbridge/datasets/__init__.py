"""Dataset loaders: VERINA task folders, requirement files (Markdown + YAML front matter), JSONL, Vericoding YAML.

A dataset is a folder (of VERINA task folders and/or requirement files), a single requirement file, a single
VERINA task folder, or a `.jsonl` file. A malformed task is reported with its file and field or line, and the
rest of the dataset still loads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from specbridge.datasets.reqfile import (
    dump_requirement_file,
    load_requirement_file,
    task_from_mapping,
    task_to_mapping,
)
from specbridge.datasets.vericoding import is_vericoding_file, load_vericoding_task
from specbridge.datasets.verina import is_verina_dir, load_verina_task
from specbridge.errors import SpecBridgeError, TaskFormatError
from specbridge.tasks import Task

__all__ = [
    "InvalidTask",
    "LoadResult",
    "dump_requirement_file",
    "export_jsonl",
    "load_dataset",
    "load_task",
]


@dataclass(frozen=True)
class InvalidTask:
    path: str
    reason: str


@dataclass
class LoadResult:
    tasks: list[Task] = field(default_factory=list)
    invalid: list[InvalidTask] = field(default_factory=list)


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
    """Every task under `path`, in a stable order (sorted by path); bad tasks go to `invalid` with the reason."""
    path = Path(path)
    result = LoadResult()
    if not path.exists():
        raise SpecBridgeError(f"{path}: no such dataset (a folder, a requirement file or a .jsonl file)")
    if path.is_file() and path.suffix == ".jsonl":
        _load_jsonl(path, result)
    elif path.is_file() or is_verina_dir(path):
        _add(result, path)
    else:
        entries = sorted(path.iterdir(), key=lambda p: _natural_key(p.name))
        for entry in entries:
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


def _add(result: LoadResult, path: Path) -> None:
    try:
        result.tasks.append(load_task(path))
    except TaskFormatError as exc:
        result.invalid.append(InvalidTask(str(path), str(exc)))


def _load_jsonl(path: Path, result: LoadResult) -> None:
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        source = f"{path}:{lineno}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            result.invalid.append(InvalidTask(source, f"{source}: invalid JSON: {exc.msg} (column {exc.colno})"))
            continue
        if not isinstance(data, dict):
            result.invalid.append(InvalidTask(source, f"{source}: expected a JSON object"))
            continue
        try:
            result.tasks.append(task_from_mapping(data, requirement=None, source=source))
        except TaskFormatError as exc:
            result.invalid.append(InvalidTask(source, str(exc)))


def _natural_key(name: str) -> list:
    """verina_basic_2 before verina_basic_10."""
    import re

    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]
