"""Our requirement-file format: Markdown with YAML front matter (signature, tests, reference spec).

```
---
id: clamp_value            # optional; default: the file name without .md
signature:
  name: clampValue
  params: [{name: x, type: Int}, {name: lo, type: Int}, {name: hi, type: Int}]
  return_type: Int
reference: {aux: "", precond: "lo ≤ hi", postcond: "..."}   # optional
tests:
  - {inputs: {x: "5", lo: "0", hi: "3"}, expected: "3", unexpected: ["5"], example: true}
reject_inputs:
  - {inputs: {x: "0", lo: "3", hi: "1"}}
---
The requirement, in prose.
```
Values are Lean literal text; plain YAML numbers and booleans are accepted and written as Lean literals.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from specbridge.datasets.values import yaml_to_lean
from specbridge.errors import TaskFormatError
from specbridge.tasks import Param, ReferenceSpec, RejectInput, Signature, Task, TestCase, Visibility

FRONT_MATTER_FENCE = "---"


def split_front_matter(text: str, path: str) -> tuple[str, str, int]:
    """(front matter, body, line where the body starts); raises TaskFormatError when the fences are wrong."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != FRONT_MATTER_FENCE:
        raise TaskFormatError(path, "a requirement file starts with a '---' line opening its front matter", line=1)
    for i in range(1, len(lines)):
        if lines[i].strip() == FRONT_MATTER_FENCE:
            return "\n".join(lines[1:i]), "\n".join(lines[i + 1 :]), i + 2
    raise TaskFormatError(path, "the front matter is never closed by a '---' line", line=1)


def load_requirement_file(path: Path) -> Task:
    """One requirement file as a Task; errors name the file and the field or line."""
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise TaskFormatError(where, f"not UTF-8 text ({exc.reason})") from exc
    front, body, _ = split_front_matter(text, where)
    try:
        meta = yaml.safe_load(front) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else None  # +1 for 1-based, +1 for the opening fence
        problem = getattr(exc, "problem", None) or str(exc)
        raise TaskFormatError(where, f"invalid YAML front matter: {problem}", line=line) from exc
    if not isinstance(meta, dict):
        raise TaskFormatError(where, "the front matter must be a mapping of fields")
    return task_from_mapping(meta, requirement=body.strip(), source=where, default_id=path.stem)


def task_from_mapping(meta: dict, *, requirement: str | None, source: str, default_id: str | None = None) -> Task:
    """A Task from the requirement-file fields (also used for JSONL lines, which carry `requirement`)."""
    task_id = meta.get("id", default_id)
    if not isinstance(task_id, str | int) or str(task_id).strip() == "":
        raise TaskFormatError(source, "missing or empty", field="id")
    if requirement is None:
        requirement = meta.get("requirement")
        if not isinstance(requirement, str):
            raise TaskFormatError(source, "missing or not a string", field="requirement")
    if not requirement.strip():
        raise TaskFormatError(source, "the requirement text is empty", field="requirement")
    signature = _signature(meta.get("signature"), source)
    types = {p.name: p.type for p in signature.params}

    reference = None
    if meta.get("reference") is not None:
        ref = meta["reference"]
        if not isinstance(ref, dict):
            raise TaskFormatError(source, "expected a mapping with precond/postcond/aux/impl", field="reference")
        if not isinstance(ref.get("postcond"), str) or not ref["postcond"].strip():
            raise TaskFormatError(source, "missing or empty", field="reference.postcond")
        for key in ("precond", "aux", "impl"):
            if ref.get(key) is not None and not isinstance(ref[key], str):
                raise TaskFormatError(source, "expected Lean text", field=f"reference.{key}")
        reference = ReferenceSpec(
            precond=(ref.get("precond") or "True").strip(),
            postcond=ref["postcond"].strip(),
            aux=ref.get("aux") or "",
            impl=ref.get("impl") or "",
        )

    tests = []
    for i, case in enumerate(_list(meta.get("tests", []), source, "tests")):
        at = f"tests[{i}]"
        if not isinstance(case, dict):
            raise TaskFormatError(source, "expected a mapping", field=at)
        if "expected" not in case:
            raise TaskFormatError(source, "missing field", field=f"{at}.expected")
        unexpected = _list(case.get("unexpected", []), source, f"{at}.unexpected")
        tests.append(
            TestCase(
                inputs=_inputs(case.get("inputs"), types, source, at),
                expected=_value(case["expected"], source, f"{at}.expected"),
                unexpected=tuple(_value(u, source, f"{at}.unexpected[{j}]") for j, u in enumerate(unexpected)),
                visibility=_visibility(case, source, at),
            )
        )
    rejects = []
    for i, case in enumerate(_list(meta.get("reject_inputs", []), source, "reject_inputs")):
        at = f"reject_inputs[{i}]"
        if not isinstance(case, dict):
            raise TaskFormatError(source, "expected a mapping", field=at)
        rejects.append(
            RejectInput(inputs=_inputs(case.get("inputs"), types, source, at), visibility=_visibility(case, source, at))
        )
    return Task(
        id=str(task_id),
        requirement=requirement.strip(),
        signature=signature,
        reference=reference,
        tests=tuple(tests),
        reject_inputs=tuple(rejects),
        source=source,
        metadata={"format": "requirement-file"},
    )


def dump_requirement_file(task: Task) -> str:
    """The requirement-file text of a task (front matter + requirement), the inverse of the loader."""
    meta = task_to_mapping(task)
    requirement = meta.pop("requirement")
    front = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, width=100)
    return f"{FRONT_MATTER_FENCE}\n{front}{FRONT_MATTER_FENCE}\n{requirement}\n"


def task_to_mapping(task: Task) -> dict[str, Any]:
    """The plain-data fields of a task in this format's vocabulary (also the JSONL line layout)."""
    meta: dict[str, Any] = {
        "id": task.id,
        "signature": {
            "name": task.signature.name,
            "params": [{"name": p.name, "type": p.type} for p in task.signature.params],
            "return_type": task.signature.return_type,
        },
    }
    if task.reference is not None:
        meta["reference"] = {
            "aux": task.reference.aux,
            "precond": task.reference.precond,
            "postcond": task.reference.postcond,
            **({"impl": task.reference.impl} if task.reference.impl else {}),
        }
    meta["tests"] = [
        {
            "inputs": dict(t.inputs),
            "expected": t.expected,
            "unexpected": list(t.unexpected),
            **({"example": True} if t.visibility is Visibility.EXAMPLE else {}),
        }
        for t in task.tests
    ]
    meta["reject_inputs"] = [
        {"inputs": dict(r.inputs), **({"example": True} if r.visibility is Visibility.EXAMPLE else {})}
        for r in task.reject_inputs
    ]
    meta["requirement"] = task.requirement
    return meta


def _signature(raw: Any, source: str) -> Signature:
    if not isinstance(raw, dict):
        raise TaskFormatError(source, "missing or not a mapping with name/params/return_type", field="signature")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise TaskFormatError(source, "missing or empty", field="signature.name")
    ret = raw.get("return_type")
    if not isinstance(ret, str) or not ret.strip():
        raise TaskFormatError(source, "missing or empty", field="signature.return_type")
    params = []
    for i, p in enumerate(_list(raw.get("params", []), source, "signature.params")):
        at = f"signature.params[{i}]"
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not isinstance(p.get("type"), str):
            raise TaskFormatError(source, "each parameter needs a string name and type", field=at)
        params.append(Param(name=p["name"].strip(), type=p["type"].strip()))
        _check_lean(params[-1].name, source, f"{at}.name", identifier=True)
        _check_lean(params[-1].type, source, f"{at}.type")
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise TaskFormatError(source, "parameter names repeat", field="signature.params")
    _check_lean(name.strip(), source, "signature.name", identifier=True)
    _check_lean(ret.strip(), source, "signature.return_type")
    return Signature(name=name.strip(), params=tuple(params), return_type=ret.strip())


def _check_lean(text: str, source: str, field: str, *, identifier: bool = False) -> None:
    """A signature name must be a Lean identifier and a type a Lean term; otherwise every obligation of the
    task would be a parse error pointing into the rendered spec rather than at the file's field."""
    from specbridge.errors import LeanParseError
    from specbridge.lean import ast as A
    from specbridge.lean import parse_term

    try:
        node = parse_term(text)
    except LeanParseError as exc:
        raise TaskFormatError(source, f"not Lean: {text!r}: {exc}", field=field) from exc
    if identifier and not isinstance(node, A.Ident):
        raise TaskFormatError(source, f"not a Lean identifier: {text!r}", field=field)


def _inputs(raw: Any, types: dict[str, str], source: str, at: str) -> dict[str, str]:
    if not isinstance(raw, dict):
        raise TaskFormatError(source, "missing or not a mapping", field=f"{at}.inputs")
    missing = [n for n in types if n not in raw]
    if missing:
        raise TaskFormatError(source, f"no value for parameter(s) {', '.join(missing)}", field=f"{at}.inputs")
    extra = [str(n) for n in raw if n not in types]
    if extra:
        raise TaskFormatError(source, f"unknown parameter(s) {', '.join(extra)}", field=f"{at}.inputs")
    return {n: _value(raw[n], source, f"{at}.inputs.{n}") for n in types}


def _value(value: Any, source: str, at: str) -> str:
    try:
        return yaml_to_lean(value)
    except ValueError as exc:
        raise TaskFormatError(source, str(exc), field=at) from exc


def _visibility(case: dict, source: str, at: str) -> Visibility:
    flag = case.get("example", False)
    if not isinstance(flag, bool):
        raise TaskFormatError(source, "expected true or false", field=f"{at}.example")
    return Visibility.EXAMPLE if flag else Visibility.HIDDEN


def _list(value: Any, source: str, field: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise TaskFormatError(source, "expected a list", field=field)
    return value
