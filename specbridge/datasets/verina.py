"""Loader for VERINA-format task folders (task.json, description.txt, task.lean, test.json, reject_inputs.json).

The reference spec is cut out of task.lean by its `-- !benchmark @start X` / `@end X` markers: the precond and
postcond bodies, with task_aux + solution_aux + precond_aux + postcond_aux as auxiliary definitions (VERINA
postconditions may use helpers and structures from these). Axioms in task_aux only help proofs of the
implementation; they are dropped, because a spec must not add trust (and the sandbox would refuse it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from specbridge.datasets.values import json_to_lean
from specbridge.errors import TaskFormatError
from specbridge.tasks import Param, ReferenceSpec, RejectInput, Signature, Task, TestCase

_MARKER = re.compile(r"^\s*--\s*!benchmark\s+@(start|end)\s+(\S+)(?:\s+(\S.*))?$")
SPEC_AUX_SECTIONS = ("task_aux", "solution_aux", "precond_aux", "postcond_aux")
_DECL_START = re.compile(r"^\S")
_AXIOM = re.compile(r"^(?:@\[[^\]]*\]\s*)?(?:private\s+|protected\s+)?axiom\b")


def is_verina_dir(path: Path) -> bool:
    return path.is_dir() and (path / "task.json").is_file()


def benchmark_sections(source: str, path: str = "task.lean") -> dict[str, str]:
    """The text of every `@start X` … `@end X` section of a VERINA Lean file, keyed by X."""
    sections: dict[str, str] = {}
    open_name: str | None = None
    open_line = 0
    body: list[str] = []
    for lineno, line in enumerate(source.splitlines(), start=1):
        match = _MARKER.match(line)
        if not match:
            if open_name is not None:
                body.append(line)
            continue
        kind, name = match.group(1), match.group(2)
        if kind == "start":
            if open_name is not None:
                raise TaskFormatError(path, f"section {name!r} starts inside {open_name!r}", line=lineno)
            open_name, open_line, body = name, lineno, []
        else:
            if open_name != name:
                raise TaskFormatError(path, f"'@end {name}' does not close {open_name!r}", line=lineno)
            sections[name] = "\n".join(body)
            open_name = None
    if open_name is not None:
        raise TaskFormatError(path, f"section {open_name!r} is never closed", line=open_line)
    return sections


def load_verina_task(folder: Path) -> Task:
    """One VERINA task folder as a Task; raises TaskFormatError naming the file and field."""
    task_json = folder / "task.json"
    meta = _read_json(task_json)
    if not isinstance(meta, dict):
        raise TaskFormatError(str(task_json), "expected a JSON object")
    task_id = _field(meta, "id", str, task_json)
    if "signature" not in meta and (folder / "signature.json").is_file():  # older layout: a file of its own
        sig_path = folder / "signature.json"
        raw_sig = _read_json(sig_path)
        if not isinstance(raw_sig, dict):
            raise TaskFormatError(str(sig_path), "expected a JSON object")
        signature = _signature(raw_sig, sig_path)
    else:
        signature = _signature(_field(meta, "signature", dict, task_json), task_json)
    types = {p.name: p.type for p in signature.params}

    description = folder / meta.get("description_file", "description.txt")
    requirement = _read_text(description).strip()

    lean_path = folder / meta.get("lean_file", "task.lean")
    sections = benchmark_sections(_read_text(lean_path), str(lean_path))
    reference = None
    if "postcond" in sections:
        parts = (without_axioms(sections.get(name, "")) for name in SPEC_AUX_SECTIONS)
        aux = "\n\n".join(part.strip("\n") for part in parts if part.strip())
        reference = ReferenceSpec(
            precond=_dedent_body(sections.get("precond", "")) or "True",
            postcond=_dedent_body(sections["postcond"]),
            aux=aux,
            impl=_implementation(signature, sections),
        )

    test_path = folder / meta.get("test_file", "test.json")
    tests = []
    for i, case in enumerate(_list_of_objects(_read_json(test_path), test_path)):
        where = f"[{i}]"
        inputs = _inputs(case, types, test_path, where)
        if "expected" not in case:
            raise TaskFormatError(str(test_path), "missing field", field=f"{where}.expected")
        ret = signature.return_type
        expected = _value(case["expected"], ret, test_path, f"{where}.expected")
        unexpected = case.get("unexpected", [])
        if not isinstance(unexpected, list):
            raise TaskFormatError(str(test_path), "expected a list", field=f"{where}.unexpected")
        wrong = tuple(_value(u, ret, test_path, f"{where}.unexpected[{j}]") for j, u in enumerate(unexpected))
        tests.append(TestCase(inputs=inputs, expected=expected, unexpected=wrong))

    rejects = []
    reject_path = folder / meta.get("reject_inputs_file", "reject_inputs.json")
    if reject_path.is_file():
        for i, case in enumerate(_list_of_objects(_read_json(reject_path), reject_path)):
            rejects.append(RejectInput(inputs=_inputs(case, types, reject_path, f"[{i}]")))

    imports = sections.get("import", "").strip()
    return Task(
        id=task_id,
        requirement=requirement,
        signature=signature,
        reference=reference,
        tests=tuple(tests),
        reject_inputs=tuple(rejects),
        source=str(folder),
        metadata={"format": "verina", **({"imports": imports} if imports else {})},
    )


def _implementation(signature: Signature, sections: dict[str, str]) -> str:
    """VERINA's reference implementation as Lean text: `code_aux`, then the `code` body under the task's
    signature (which takes the precondition proof `h_precond`); empty when the task has no `code` section."""
    code = sections.get("code", "")
    if not code.strip():
        return ""
    pre_app = " ".join([signature.precond_name, *(f"({p.name})" for p in signature.params)])
    head = " ".join(x for x in ("def", signature.name, signature.binders()) if x)
    body = "\n".join("  " + ln if ln.strip() else "" for ln in _dedent_body(code).splitlines())
    parts = [without_axioms(sections.get("code_aux", "")).strip("\n")]
    parts.append(f"{head} (h_precond : {pre_app}) : {signature.return_type} :=\n{body}")
    return "\n\n".join(p for p in parts if p.strip())


def without_axioms(source: str) -> str:
    """`source` without its top-level `axiom` declarations and the comment lines just above them.

    A declaration runs until the next column-0 line; comment lines before a declaration belong to it.
    """
    kept: list[str] = []
    comments: list[str] = []  # column-0 comment lines waiting for the declaration they describe
    dropping = False
    for line in source.splitlines():
        if line.startswith("--"):
            comments.append(line)
            continue
        if _DECL_START.match(line):
            dropping = bool(_AXIOM.match(line))
        if not dropping:
            kept.extend(comments)
            kept.append(line)
        comments = []
    kept.extend(comments)
    return "\n".join(kept)


def _dedent_body(text: str) -> str:
    lines = text.strip("\n").splitlines()
    indents = [len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()]
    cut = min(indents, default=0)
    return "\n".join(ln[cut:] for ln in lines).strip()


def _signature(raw: dict, path: Path) -> Signature:
    name = _field(raw, "name", str, path, prefix="signature.")
    params_raw = _field(raw, "parameters", list, path, prefix="signature.")
    params = []
    for i, p in enumerate(params_raw):
        where = f"signature.parameters[{i}]"
        if not isinstance(p, dict):
            raise TaskFormatError(str(path), "expected an object", field=where)
        # VERINA uses param_name/param_type; a few signature.json files use name/type.
        pname = p.get("param_name", p.get("name"))
        ptype = p.get("param_type", p.get("type"))
        if not isinstance(pname, str) or not isinstance(ptype, str):
            raise TaskFormatError(str(path), "needs string param_name and param_type", field=where)
        params.append(Param(name=pname, type=ptype))
    ret = _field(raw, "return_type", str, path, prefix="signature.")
    return Signature(name=name, params=tuple(params), return_type=ret)


def _inputs(case: dict, types: dict[str, str], path: Path, where: str) -> dict[str, str]:
    raw = case.get("input")
    if not isinstance(raw, dict):
        raise TaskFormatError(str(path), "missing or not an object", field=f"{where}.input")
    missing = [n for n in types if n not in raw]
    if missing:
        raise TaskFormatError(str(path), f"no value for parameter(s) {', '.join(missing)}", field=f"{where}.input")
    extra = [n for n in raw if n not in types]
    if extra:
        raise TaskFormatError(str(path), f"unknown parameter(s) {', '.join(extra)}", field=f"{where}.input")
    return {n: _value(raw[n], types[n], path, f"{where}.input.{n}") for n in types}


def _value(value: Any, lean_type: str, path: Path, where: str) -> str:
    try:
        return json_to_lean(value, lean_type)
    except ValueError as exc:
        raise TaskFormatError(str(path), str(exc), field=where) from exc


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise TaskFormatError(str(path), "file not found") from exc
    except UnicodeDecodeError as exc:
        raise TaskFormatError(str(path), f"not UTF-8 text ({exc.reason})") from exc


def _read_json(path: Path) -> Any:
    text = _read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TaskFormatError(str(path), f"invalid JSON: {exc.msg} (column {exc.colno})", line=exc.lineno) from exc


def _list_of_objects(data: Any, path: Path) -> list[dict]:
    if not isinstance(data, list) or not all(isinstance(x, dict) for x in data):
        raise TaskFormatError(str(path), "expected a JSON list of objects")
    return data


def _field(obj: dict, name: str, kind: type, path: Path, prefix: str = "") -> Any:
    if name not in obj:
        raise TaskFormatError(str(path), "missing field", field=prefix + name)
    if not isinstance(obj[name], kind):
        raise TaskFormatError(str(path), f"expected {kind.__name__}", field=prefix + name)
    return obj[name]
