"""Reading task files defensively: one malformed or hostile file makes one invalid task, never a crash or a hang.

A dataset may come from anywhere (a download, a generator, a fuzzer), so every file a loader reads goes
through `read_text` (a regular file inside the task's folder, at most `MAX_FILE_BYTES`, UTF-8 without NUL
bytes) and every JSON or YAML document through `parse_json` / `parse_yaml` + `check_data` (no duplicate keys,
no NaN, bounded nesting, bounded size after YAML aliases are expanded, integers Python can print, strings
that are valid Unicode). Each failure is a TaskFormatError naming the file and, when known, the field or line.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat
from pathlib import Path
from typing import Any

import yaml

from specbridge.errors import TaskFormatError

MAX_FILE_BYTES = 512 * 1024  # a task file (requirement file, task.json, test.json, ...): real ones are < 10 KB
MAX_JSONL_BYTES = 64 * 1024 * 1024  # a .jsonl dataset holds many tasks; each line is held to MAX_FILE_BYTES
MAX_DATA_DEPTH = 64  # nesting of a JSON/YAML document; VERINA's deepest is 4
MAX_DATA_NODES = 100_000  # values in one document, counting each use of a YAML alias (a "billion laughs")
MAX_INT_DIGITS = 4300  # Python's int <-> str limit (sys.get_int_max_str_digits): a longer one cannot be printed


def describe_size(n: int) -> str:
    """`n` bytes for a message: `3.0 MB`, `512.0 KB`."""
    return f"{n / (1024 * 1024):.1f} MB" if n >= 1024 * 1024 else f"{n / 1024:.1f} KB"


def check_file(path: Path, *, root: Path | None = None, limit: int = MAX_FILE_BYTES, field: str | None = None) -> Path:
    """The resolved `path` when it is a regular file of at most `limit` bytes resolving inside `root`.

    Refused with a TaskFormatError: a missing file, a dangling symlink or a symlink loop, a directory, a FIFO,
    socket or device (reading /dev/zero or a FIFO would never end), a file outside `root` (a symlink or a
    reference leading out of the task's folder), a file over the limit.
    """
    where = str(path)
    try:
        resolved = path.resolve(strict=True)
    except FileNotFoundError as exc:
        reason = "a symlink to a missing file" if path.is_symlink() else "file not found"
        raise TaskFormatError(where, reason, field=field) from exc
    except RuntimeError as exc:  # Python 3.11 reports a symlink loop so
        raise TaskFormatError(where, "a symlink loop", field=field) from exc
    except OSError as exc:
        reason = "a symlink loop" if exc.errno == errno.ELOOP else f"cannot be resolved: {_os_reason(exc)}"
        raise TaskFormatError(where, reason, field=field) from exc
    if root is not None:
        base = root.resolve()
        if resolved != base and not resolved.is_relative_to(base):
            raise TaskFormatError(
                where, f"leads outside {base} (to {resolved}); a task reads only its own files", field=field
            )
    try:
        info = os.stat(resolved)
    except OSError as exc:
        raise TaskFormatError(where, f"cannot be read: {_os_reason(exc)}", field=field) from exc
    if stat.S_ISDIR(info.st_mode):
        raise TaskFormatError(where, "a directory where a file is expected", field=field)
    if not stat.S_ISREG(info.st_mode):
        raise TaskFormatError(
            where, f"not a regular file ({_file_kind(info.st_mode)}); refused, reading it might never end", field=field
        )
    if info.st_size > limit:
        raise TaskFormatError(
            where,
            f"{describe_size(info.st_size)}: larger than the {describe_size(limit)} a task file may have",
            field=field,
        )
    return resolved


def read_bytes(path: Path, *, root: Path | None = None, limit: int = MAX_FILE_BYTES, field: str | None = None) -> bytes:
    """The bytes of `path`, after every check of `check_file`."""
    where = str(path)
    resolved = check_file(path, root=root, limit=limit, field=field)
    try:
        # O_NONBLOCK: should the file be swapped for a FIFO after the check, opening it still does not block
        fd = os.open(resolved, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise TaskFormatError(where, f"cannot be read: {_os_reason(exc)}", field=field) from exc
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise TaskFormatError(where, "not a regular file", field=field)
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise TaskFormatError(where, f"larger than the {describe_size(limit)} a task file may have", field=field)
    return data


def decode_text(data: bytes, where: str, *, field: str | None = None, line_offset: int = 0) -> str:
    """UTF-8 text without a leading BOM; refuses other encodings and NUL bytes (a binary file), with the line."""
    if data.startswith(b"\xef\xbb\xbf"):  # editors on Windows write one; it is not part of the text
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = line_offset + data[: exc.start].count(b"\n") + 1
        byte = data[exc.start : exc.start + 1].hex()
        raise TaskFormatError(where, f"not UTF-8 text ({exc.reason}: byte 0x{byte})", field=field, line=line) from exc
    nul = text.find("\x00")
    if nul >= 0:
        line = line_offset + text.count("\n", 0, nul) + 1
        raise TaskFormatError(where, "contains a NUL byte: a binary file, not text", field=field, line=line)
    return text


def read_text(path: Path, *, root: Path | None = None, limit: int = MAX_FILE_BYTES, field: str | None = None) -> str:
    """The UTF-8 text of a task file, with every check of `read_bytes` and `decode_text`."""
    return decode_text(read_bytes(path, root=root, limit=limit, field=field), str(path), field=field)


def inside(folder: Path, ref: Any, where: str, field: str) -> Path:
    """The file a task.json field names (`"description_file": "./description.txt"`), which must be a relative
    path to a file inside the task's folder: an absolute path or `..` would let a task file make the loader
    read, and a generator send to an LLM, any file of the machine."""
    if not isinstance(ref, str) or not ref.strip():
        raise TaskFormatError(
            where, f"expected a file name relative to the task folder, got {_json_kind(ref)}", field=field
        )
    if "\x00" in ref or has_surrogate(ref):
        raise TaskFormatError(where, f"not a usable file name: {ref!r}", field=field)
    rel = Path(ref)
    if rel.is_absolute() or ".." in rel.parts:
        raise TaskFormatError(where, f"{ref!r} is outside the task folder; use a path relative to it", field=field)
    target = folder / rel
    if os.path.normpath(ref) in (".", ""):
        raise TaskFormatError(where, f"{ref!r} names the task folder itself, not a file", field=field)
    return target


# ---------------------------------------------------------------- JSON and YAML documents


class _DataError(ValueError):
    """Raised from inside a JSON hook; carries a complete reason."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DataError(f"duplicate key {key!r} (JSON keeps only the last; say it once)")
        out[key] = value
    return out


def _json_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _DataError(f"an integer of {digits} digits; at most {MAX_INT_DIGITS} are supported")
    return int(text)


def _json_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _DataError(f"the number {_short(text)} is out of range (a float would be infinite)")
    return value


def _json_constant(name: str) -> Any:
    raise _DataError(f"{name} is not JSON (and not a test value)")


def parse_json(text: str, where: str, *, line_offset: int | None = 0) -> Any:
    """A JSON document, refusing duplicate keys, NaN/Infinity, unprintable integers and runaway nesting.

    `line_offset`: added to a syntax error's line; None for a one-line document whose `where` names the line.
    """
    try:
        data = json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_int=_json_int,
            parse_float=_json_float,
            parse_constant=_json_constant,
        )
    except json.JSONDecodeError as exc:
        line = None if line_offset is None else line_offset + exc.lineno
        raise TaskFormatError(where, f"invalid JSON: {exc.msg} (column {exc.colno})", line=line) from exc
    except _DataError as exc:
        raise TaskFormatError(where, f"invalid JSON: {exc}") from exc
    except RecursionError as exc:
        raise TaskFormatError(where, f"JSON nested too deeply (at most {MAX_DATA_DEPTH} levels)") from exc
    check_data(data, where)
    return data


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The safe YAML loader (libyaml's when installed: 5x faster, and it caps nesting itself), refusing
    duplicate keys: YAML would keep the last `tests:` of two and drop the first without a word."""


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    loader.flatten_mapping(node)
    out: dict = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            hash(key)
        except TypeError as exc:
            raise yaml.constructor.ConstructorError(
                None, None, "a key that is a list or mapping", key_node.start_mark
            ) from exc
        if key in out:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        out[key] = loader.construct_object(value_node, deep=deep)
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def parse_yaml(text: str, where: str, *, line_offset: int = 0) -> Any:
    """A YAML document (safe tags only), with the checks of `check_data`; errors carry the file's line."""
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        # libyaml puts an error at the end of the text one line past it: clamp to the document's last line
        line = line_offset + min(mark.line, text.count("\n")) + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise TaskFormatError(where, f"invalid YAML front matter: {problem}", line=line) from exc
    except RecursionError as exc:
        raise TaskFormatError(where, f"YAML nested too deeply (at most {MAX_DATA_DEPTH} levels)") from exc
    except ValueError as exc:  # a constructor's int() on a number Python refuses to convert
        if "integer string conversion" in str(exc):
            raise TaskFormatError(where, f"an integer of more than {MAX_INT_DIGITS} digits") from exc
        raise TaskFormatError(where, f"invalid YAML value: {_short(str(exc), 200)}") from exc
    check_data(data, where)
    return data


def check_data(data: Any, where: str) -> None:
    """Walk a parsed document once, without recursion: bounded depth and size (YAML aliases count each time
    they are used, so an alias bomb stops here instead of in every later loop), integers of at most
    MAX_INT_DIGITS digits, finite floats, strings that are valid Unicode (a lone surrogate from a `\\ud800`
    escape cannot be written to the results database or sent to an LLM). Errors name the field's path."""
    path: list[Any] = []  # keys of the containers being walked
    stack: list[Any] = []  # an iterator of (key, value) per container being walked
    nodes = 0
    pending: list[tuple[Any, Any]] = [(None, data)]
    while pending or stack:
        if pending:
            key, value = pending.pop()
        else:
            try:
                key, value = next(stack[-1])
            except StopIteration:
                stack.pop()
                if path:
                    path.pop()
                continue
        nodes += 1
        at = [*path, key] if key is not None else path
        if nodes > MAX_DATA_NODES:
            raise TaskFormatError(
                where, f"more than {MAX_DATA_NODES} values (YAML aliases count at each use)", field=_path(at)
            )
        if isinstance(value, dict | list | tuple):
            if len(stack) >= MAX_DATA_DEPTH:
                raise TaskFormatError(where, f"nested deeper than {MAX_DATA_DEPTH} levels", field=_path(at))
            if isinstance(value, dict):
                for k in value:
                    if isinstance(k, str) and has_surrogate(k):
                        raise TaskFormatError(where, "a key with a lone surrogate", field=_path(at))
                items = iter(value.items())
            else:
                items = enumerate(value)
            if key is not None:
                path.append(key)
            elif stack:  # a container reached as the document itself has no key
                path.append("?")
            stack.append(items)
        elif isinstance(value, str):
            if has_surrogate(value):
                raise TaskFormatError(
                    where, "a string with a lone surrogate (an invalid \\ud800-style escape)", field=_path(at)
                )
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if value.bit_length() > MAX_INT_DIGITS * 3.32:  # log2(10): more digits than Python prints
                raise TaskFormatError(where, f"an integer of more than {MAX_INT_DIGITS} digits", field=_path(at))
        elif isinstance(value, float) and not math.isfinite(value):
            raise TaskFormatError(where, f"the number {value} is not a finite value", field=_path(at))


def _path(path: list[Any] | tuple) -> str | None:
    if not path:
        return None
    out = ""
    if len(path) > 6:  # a 64-deep path helps nobody: its start says where
        path = (*path[:5], "…")
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def has_surrogate(text: str) -> bool:
    """Whether `text` holds a lone surrogate (a bad `\\ud800` escape, an undecodable file name byte)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return repr(value)


def _file_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def _os_reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit // 2] + f"…({len(text)} characters)"
