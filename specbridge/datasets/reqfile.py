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

from specbridge.datasets import leancheck
from specbridge.datasets.files import parse_yaml, read_text
from specbridge.datasets.values import yaml_to_lean
from specbridge.errors import TaskFormatError
from specbridge.tasks import Param, ReferenceSpec, RejectInput, Signature, Task, TestCase, Visibility

FRONT_MATTER_FENCE = "---"

# The fields of each mapping of the format; any other key is an error naming it (a misspelt `testz:` would
# otherwise give a task with no tests). A new field is added here and read in task_from_mapping.
FIELDS = ("id", "signature", "reference", "tests", "reject_inputs")
JSONL_FIELDS = (*FIELDS, "requirement")  # a JSONL line carries its requirement as a field
SIGNATURE_FIELDS = ("name", "params", "return_type")
PARAM_FIELDS = ("name", "type")
REFERENCE_FIELDS = tuple(ReferenceSpec.model_fields)  # precond, postcond, aux, impl (the oracle) and any new one
TEST_FIELDS = ("inputs", "expected", "unexpected", "example")
REJECT_FIELDS = ("inputs", "example")


def split_front_matter(text: str, path: str) -> tuple[str, str, int]:
    """(front matter, body, line where the body starts); raises TaskFormatError when the fences are wrong."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != FRONT_MATTER_FENCE:
        raise TaskFormatError(path, "a requirement file starts with a '---' line opening its front matter", line=1)
    for i in range(1, len(lines)):
        if lines[i].strip() == FRONT_MATTER_FENCE:
            return "\n".join(lines[1:i]), "\n".join(lines[i + 1 :]), i + 2
    raise TaskFormatError(path, "the front matter is never closed by a '---' line", line=1)


def load_requirement_file(path: Path, *, root: Path | None = None, warnings: list[str] | None = None) -> Task:
    """One requirement file as a Task; errors name the file and the field or line.

    `root`: the folder the file must resolve inside (a dataset's folder: a symlink out of it is refused);
    `warnings`: collects what is legal but probably a mistake (an id that is not the file name, no tests).
    """
    where = str(path)
    text = read_text(path, root=root)
    front, body, _ = split_front_matter(text, where)
    meta = parse_yaml(front, where, line_offset=1)  # +1: the opening fence
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise TaskFormatError(where, "the front matter must be a mapping of fields")
    return task_from_mapping(meta, requirement=body.strip(), source=where, default_id=path.stem, warnings=warnings)


def task_from_mapping(
    meta: dict,
    *,
    requirement: str | None,
    source: str,
    default_id: str | None = None,
    warnings: list[str] | None = None,
) -> Task:
    """A Task from the requirement-file fields (also used for JSONL lines, which carry `requirement`)."""
    _known_keys(meta, FIELDS if requirement is not None else JSONL_FIELDS, source, None)
    task_id = leancheck.check_task_id(meta.get("id", default_id), source, allow_int=True)
    if default_id is not None and "id" in meta and task_id != default_id and warnings is not None:
        warnings.append(f"{source} [id]: the id {task_id!r} differs from the file name {default_id!r}")
    if requirement is None:
        requirement = meta.get("requirement")
        if not isinstance(requirement, str):
            raise TaskFormatError(source, "missing or not a string", field="requirement")
    if not requirement.strip():
        raise TaskFormatError(source, "the requirement text is empty", field="requirement")
    if "\x00" in requirement:
        raise TaskFormatError(source, "the requirement text contains a NUL character", field="requirement")
    signature = _signature(meta.get("signature"), source)
    types = {p.name: p.type for p in signature.params}

    reference = None
    if meta.get("reference") is not None:
        ref = meta["reference"]
        _known_keys(ref, REFERENCE_FIELDS, source, "reference")
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
        for key in REFERENCE_FIELDS:  # bounded before any parser sees it (deep `[[[…]]]` takes it minutes)
            if isinstance(ref.get(key), str):
                leancheck.check_lean_text(ref[key], source, f"reference.{key}")
    # types may name the structures the reference's aux declares, so they are checked once it is known
    _check_types(signature, source, leancheck.aux_type_names(reference.aux if reference is not None else ""))

    tests = []
    for i, case in enumerate(_list(meta.get("tests", []), source, "tests")):
        at = f"tests[{i}]"
        if not isinstance(case, dict):
            raise TaskFormatError(source, "expected a mapping", field=at)
        _known_keys(case, TEST_FIELDS, source, at)
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
        _known_keys(case, REJECT_FIELDS, source, at)
        rejects.append(
            RejectInput(inputs=_inputs(case.get("inputs"), types, source, at), visibility=_visibility(case, source, at))
        )
    if not tests and warnings is not None:
        warnings.append(f"{source} [tests]: no tests: only the judge can evaluate a spec of this task")
    return Task(
        id=task_id,
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
    _known_keys(raw, SIGNATURE_FIELDS, source, "signature")
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
        _known_keys(p, PARAM_FIELDS, source, at)
        params.append(Param(name=p["name"].strip(), type=p["type"].strip()))
        leancheck.check_identifier(params[-1].name, source, f"{at}.name", param=True)
        leancheck.check_lean_text(params[-1].type, source, f"{at}.type")
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise TaskFormatError(source, "parameter names repeat", field="signature.params")
    leancheck.check_identifier(name.strip(), source, "signature.name")
    leancheck.check_lean_text(ret.strip(), source, "signature.return_type")
    return Signature(name=name.strip(), params=tuple(params), return_type=ret.strip())


def _check_types(signature: Signature, source: str, known: set[str]) -> None:
    """Each parameter and the return type must be a Lean type over known names (`Lst Int` is refused)."""
    for i, p in enumerate(signature.params):
        leancheck.check_type(p.type, source, f"signature.params[{i}].type", known=known)
    leancheck.check_type(signature.return_type, source, "signature.return_type", known=known)


def _known_keys(mapping: dict, known: tuple[str, ...], source: str, at: str | None) -> None:
    """Refuse a key the format does not have, naming it and the nearest known one."""
    import difflib

    if not isinstance(mapping, dict):
        return  # the caller reports what it expected instead
    for key in mapping:
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1, cutoff=0.6)
            hint = f"did you mean {close[0]!r}? " if close else ""
            where = f"{at}.{key}" if at else str(key)
            raise TaskFormatError(source, f"unknown field {str(key)!r}: {hint}(known: {', '.join(known)})", field=where)


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
