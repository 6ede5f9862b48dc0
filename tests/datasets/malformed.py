"""A generator of malformed task files, for the loader's robustness tests (and `python -m` for numbers).

Each `Case` writes one bad (or merely unusual) task into a dataset folder that also holds three good tasks
(`write_good_tasks`): two requirement files and one VERINA folder. `expect` says what the loader must do:
"invalid" (the task is listed in `invalid` with a reason naming `needle`, usually the file and field) or
"loads" (unusual but legal: a BOM, CRLF line ends, a file reference into a subfolder; `needle` is then a
warning the loader must give, or ""). Cases are written as data so that adding a kind is one line.
"""

from __future__ import annotations

import copy
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml


@dataclass(frozen=True)
class Case:
    name: str  # also the task id and the file/folder name of the bad task
    build: Callable[[Path, str], None]  # (dataset folder, name) -> writes the task
    expect: str = "invalid"  # "invalid" or "loads"
    needle: str = ""  # text the invalid reason (or, for "loads", a warning) must contain


GOOD_IDS = ("good_one", "good_two", "good_verina")

# ---------------------------------------------------------------- requirement files (Markdown + YAML)


def base_meta(name: str) -> dict[str, Any]:
    return {
        "id": name,
        "signature": {
            "name": "clampValue",
            "params": [{"name": "x", "type": "Int"}, {"name": "lo", "type": "Int"}, {"name": "hi", "type": "Int"}],
            "return_type": "Int",
        },
        "reference": {"precond": "lo ≤ hi", "postcond": "lo ≤ result ∧ result ≤ hi"},
        "tests": [
            {"inputs": {"x": "5", "lo": "0", "hi": "3"}, "expected": "3", "unexpected": ["5"], "example": True},
            {"inputs": {"x": "-7", "lo": "-2", "hi": "4"}, "expected": "-2"},
        ],
        "reject_inputs": [{"inputs": {"x": "0", "lo": "3", "hi": "1"}}],
    }


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's, when installed, is much faster


def md_text(meta: Any, body: str = "Clamp `x` into `[lo, hi]`.") -> str:
    front = yaml.dump(meta, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=100)
    return f"---\n{front}---\n{body}\n"


def write_good_tasks(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    for name in GOOD_IDS[:2]:
        (root / f"{name}.md").write_text(md_text(base_meta(name)), encoding="utf-8")
    write_verina(root / GOOD_IDS[2], verina_files(GOOD_IDS[2]))


def md_bytes(data: bytes) -> Callable[[Path, str], None]:
    def build(root: Path, name: str) -> None:
        (root / f"{name}.md").write_bytes(data)

    return build


def md_raw(transform: Callable[[str], str]) -> Callable[[Path, str], None]:
    """A requirement file whose text is the good one's text passed through `transform`."""

    def build(root: Path, name: str) -> None:
        (root / f"{name}.md").write_text(transform(md_text(base_meta(name))), encoding="utf-8", newline="")

    return build


def md_front(front: str, body: str = "The requirement.") -> Callable[[Path, str], None]:
    def build(root: Path, name: str) -> None:
        (root / f"{name}.md").write_text(f"---\n{front}\n---\n{body}\n", encoding="utf-8")

    return build


def md_edit(edit: Callable[[dict], Any]) -> Callable[[Path, str], None]:
    """A requirement file whose front matter is the good one's mapping after `edit` (which may return a new one)."""

    def build(root: Path, name: str) -> None:
        meta = base_meta(name)
        out = edit(meta)
        (root / f"{name}.md").write_text(md_text(meta if out is None else out), encoding="utf-8")

    return build


def set_path(path: str, value: Any) -> Callable[[dict], None]:
    """An edit that sets a dotted path (`tests.0.inputs.x`) of the front matter; `value` may be DELETE."""

    def edit(meta: dict) -> None:
        keys = [int(k) if k.isdigit() else k for k in path.split(".")]
        target: Any = meta
        for key in keys[:-1]:
            target = target[key]
        if value is DELETE:
            del target[keys[-1]]
        else:
            target[keys[-1]] = copy.deepcopy(value)

    return edit


DELETE = object()


def rename_key(path: str, new: str) -> Callable[[dict], None]:
    def edit(meta: dict) -> None:
        keys = [int(k) if k.isdigit() else k for k in path.split(".")]
        target: Any = meta
        for key in keys[:-1]:
            target = target[key]
        target[new] = target.pop(keys[-1])

    return edit


def md_text_value(path: str, lean_text: str) -> Callable[[Path, str], None]:
    return md_edit(set_path(path, lean_text))


def md_yaml_value(path: str, yaml_text: str) -> Callable[[Path, str], None]:
    """Put raw YAML text (an anchor bomb, a huge int, a `.nan`) at a field, bypassing yaml.safe_dump."""
    marker = "VALUEMARKER"

    def build(root: Path, name: str) -> None:
        meta = base_meta(name)
        set_path(path, marker)(meta)
        text = md_text(meta)
        (root / f"{name}.md").write_text(text.replace(marker, yaml_text, 1), encoding="utf-8")

    return build


def alias_bomb(levels: int = 12, width: int = 9) -> str:
    """YAML `billion laughs`: each anchor is a list of `width` aliases of the previous one (width**levels)."""
    parts = ['&a0 ["1"]']
    for i in range(1, levels):
        parts.append(f"&a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "[" + ", ".join(parts) + "]"


# ---------------------------------------------------------------- VERINA folders

VERINA_LEAN = """-- !benchmark @start import type=solution
import Mathlib
-- !benchmark @end import

-- !benchmark @start precond_aux
-- !benchmark @end precond_aux

def addOne_precond (x : Int) : Prop :=
  -- !benchmark @start precond
  True
  -- !benchmark @end precond

def addOne (x : Int) (h_precond : addOne_precond (x)) : Int :=
  -- !benchmark @start code
  x + 1
  -- !benchmark @end code

def addOne_postcond (x : Int) (result: Int) (h_precond : addOne_precond (x)) :=
  -- !benchmark @start postcond
  result = x + 1
  -- !benchmark @end postcond
"""


def verina_files(name: str) -> dict[str, Any]:
    """The files of a good VERINA task folder: JSON-able values for .json names, text for the others."""
    return {
        "task.json": {
            "id": name,
            "signature": {
                "name": "addOne",
                "parameters": [{"param_name": "x", "param_type": "Int"}],
                "return_type": "Int",
            },
            "description_file": "./description.txt",
            "lean_file": "./task.lean",
            "specification": {"preconditions": "none", "postconditions": "one more"},
            "metadata": {"upstream": {"name": "synthetic"}},
            "test_file": "./test.json",
            "reject_inputs_file": "./reject_inputs.json",
        },
        "description.txt": "Add one to `x`.\n",
        "task.lean": VERINA_LEAN,
        "test.json": [{"input": {"x": 1}, "expected": 2, "unexpected": [3]}, {"input": {"x": -1}, "expected": 0}],
        "reject_inputs.json": [],
    }


def write_verina(folder: Path, files: dict[str, Any]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for fname, content in files.items():
        path = folder / fname
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif fname.endswith(".json") and not isinstance(content, str):
            path.write_text(json.dumps(content, indent=2, ensure_ascii=False), encoding="utf-8")
        else:
            path.write_text(content, encoding="utf-8")


def verina(edit: Callable[[dict[str, Any]], Any]) -> Callable[[Path, str], None]:
    """A VERINA folder built from the good one's files after `edit` (on the dict of file name -> content)."""

    def build(root: Path, name: str) -> None:
        files = verina_files(name)
        edit(files)
        write_verina(root / name, files)

    return build


def verina_then(edit: Callable[[dict[str, Any]], Any], after: Callable[[Path], None]) -> Callable[[Path, str], None]:
    """As `verina`, then `after(folder)` for what a dict cannot say (symlinks, FIFOs, directories)."""

    def build(root: Path, name: str) -> None:
        verina(edit)(root, name)
        after(root / name)

    return build


def vset(fname: str, path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Set a dotted path inside a JSON file of the folder (`task.json`, `signature.name`); DELETE removes it."""

    def edit(files: dict[str, Any]) -> None:
        if path == "":
            files[fname] = value
            return
        keys = [int(k) if k.lstrip("-").isdigit() else k for k in path.split(".")]
        target: Any = files[fname]
        for key in keys[:-1]:
            target = target[key]
        if value is DELETE:
            del target[keys[-1]]
        else:
            target[keys[-1]] = copy.deepcopy(value)

    return edit


def vraw(fname: str, content: str | bytes) -> Callable[[dict[str, Any]], None]:
    def edit(files: dict[str, Any]) -> None:
        files[fname] = content

    return edit


def vjson_replace(fname: str, old: str, new: str) -> Callable[[dict[str, Any]], None]:
    """Edit a JSON file as text (for what json.dumps cannot write: duplicate keys, NaN, a 5,000-digit int)."""

    def edit(files: dict[str, Any]) -> None:
        text = json.dumps(files[fname], indent=2, ensure_ascii=False)
        assert old in text, (fname, old)
        files[fname] = text.replace(old, new, 1)

    return edit


def symlink(rel: str, target: str) -> Callable[[Path], None]:
    def after(folder: Path) -> None:
        path = folder / rel
        if path.exists() or path.is_symlink():
            path.unlink()
        os.symlink(target, path)

    return after


def fifo(rel: str) -> Callable[[Path], None]:
    def after(folder: Path) -> None:
        path = folder / rel
        path.unlink()
        os.mkfifo(path)

    return after


def directory(rel: str) -> Callable[[Path], None]:
    def after(folder: Path) -> None:
        path = folder / rel
        if path.exists():
            path.unlink()
        path.mkdir()

    return after


def nothing(_: dict[str, Any]) -> None:
    return None


# ---------------------------------------------------------------- JSONL


def jsonl_text(text: str | bytes) -> Callable[[Path, str], None]:
    def build(root: Path, name: str) -> None:
        data = text.encode("utf-8") if isinstance(text, str) else text
        (root / f"{name}.jsonl").write_bytes(data.replace(b"@@ID@@", name.encode()))

    return build


def jsonl_line(name: str, **changes: Any) -> str:
    from specbridge.datasets.reqfile import task_from_mapping, task_to_mapping

    task = task_from_mapping(base_meta(name), requirement="Clamp.", source="gen")
    mapping = task_to_mapping(task)
    mapping.update(changes)
    return json.dumps(mapping, ensure_ascii=False)


def jsonl_edit(transform: Callable[[str], str | bytes]) -> Callable[[Path, str], None]:
    def build(root: Path, name: str) -> None:
        line = transform(jsonl_line(name))
        data = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
        (root / f"{name}.jsonl").write_bytes(data + b"\n")

    return build


# ---------------------------------------------------------------- the cases

DEEP = 1000
HUGE_DIGITS = "7" * 5000
HUGE_FILE = 3 * 1024 * 1024  # beyond the loaders' per-file cap


def _requirement_cases() -> list[Case]:
    cases = [
        Case("md_empty", md_bytes(b""), needle=".md"),
        Case("md_blank", md_bytes(b"   \n\n"), needle=".md"),
        Case("md_only_fence", md_bytes(b"---\n"), needle=".md"),
        Case("md_unclosed", md_bytes(b"---\nid: x\n"), needle=".md"),
        Case("md_no_body", md_raw(lambda t: t[: t.rindex("---\n") + 4]), needle="requirement"),
        Case("md_nul_byte", md_raw(lambda t: t.replace("Clamp", "Cl\x00amp")), needle="NUL"),
        Case("md_nul_front", md_raw(lambda t: t.replace("clampValue", "clamp\x00Value")), needle=".md"),
        Case(
            "md_latin1",
            lambda r, n: (r / f"{n}.md").write_bytes(md_text(base_meta(n)).encode() + b"caf\xe9\n"),
            needle="UTF-8",
        ),
        Case(
            "md_utf16", lambda r, n: (r / f"{n}.md").write_bytes(md_text(base_meta(n)).encode("utf-16")), needle=".md"
        ),
        Case("md_bom", md_raw(lambda t: "\ufeff" + t), expect="loads"),
        Case("md_crlf", md_raw(lambda t: t.replace("\n", "\r\n")), expect="loads"),
        Case("md_cr_only", md_raw(lambda t: t.replace("\n", "\r")), expect="loads"),
        Case("md_huge_body", md_raw(lambda t: t + "x" * HUGE_FILE), needle="larger than"),
        Case("md_huge_line", md_raw(lambda t: t.replace("Clamp", "Clamp" + "y" * HUGE_FILE)), needle="larger than"),
        Case("md_front_list", md_front("- a\n- b"), needle="mapping"),
        Case("md_front_scalar", md_front("just text"), needle="mapping"),
        Case("md_front_empty", md_front(""), needle="signature"),
        Case("md_yaml_error", md_front("id: [x\nsignature: {"), needle="YAML"),
        Case("md_yaml_tab", md_front("id: x\n\tsignature: {}"), needle="YAML"),
        Case("md_deep_flow", md_front("id: x\nextra: " + "[" * DEEP + "]" * DEEP), needle=".md"),
        Case(
            "md_deep_block",
            md_front("id: x\nextra:\n" + "".join(" " * i + "-\n" for i in range(300))),
            needle=".md",
        ),
        Case("md_deep_value", md_yaml_value("tests.0.expected", "[" * DEEP + "1" + "]" * DEEP), needle="nesting"),
        Case("md_alias_bomb", md_yaml_value("tests.0.expected", alias_bomb()), needle="tests[0]"),
        Case("md_alias_bomb_unused", md_front("id: x\nextra: " + alias_bomb()), needle=".md"),
        Case("md_huge_int_yaml", md_yaml_value("tests.0.expected", HUGE_DIGITS), needle="4300 digits"),
        Case("md_huge_bin_yaml", md_yaml_value("tests.0.expected", "0b" + "1" * 20000), needle="tests[0].expected"),
        Case("md_huge_hex_yaml", md_yaml_value("tests.0.inputs.x", "0x" + "f" * 5000), needle="tests[0].inputs.x"),
        Case("md_sexagesimal", md_yaml_value("tests.0.expected", ":".join(["59"] * 3000)), needle="tests[0].expected"),
        Case("md_huge_int_text", md_text_value("tests.0.expected", HUGE_DIGITS), needle="tests[0].expected"),
        Case("md_nan", md_yaml_value("tests.0.expected", ".nan"), needle="tests[0].expected"),
        Case("md_inf", md_yaml_value("tests.0.expected", ".inf"), needle="tests[0].expected"),
        Case("md_date_value", md_yaml_value("tests.0.expected", "2024-01-31"), needle="tests[0].expected"),
        Case("md_binary_value", md_yaml_value("tests.0.expected", "!!binary aGVsbG8="), needle="tests[0].expected"),
        Case("md_set_value", md_yaml_value("tests.0.expected", "!!set {a, b}"), needle="tests[0].expected"),
        Case("md_python_tag", md_yaml_value("tests.0.expected", "!!python/object:os.system ls"), needle=".md"),
        Case("md_unhashable_key", md_front("id: x\n? [a, b]\n: 1"), needle=".md"),
        Case(
            "md_dup_top", md_raw(lambda t: t.replace("reject_inputs:", "tests: []\nreject_inputs:", 1)), needle="tests"
        ),
        Case("md_dup_id", md_raw(lambda t: t.replace("signature:", "id: other\nsignature:", 1)), needle="id"),
        Case("md_dup_input", md_yaml_value("tests.0.inputs", "{x: '1', x: '2', lo: '0', hi: '3'}"), needle="x"),
        Case("md_unknown_top", md_edit(rename_key("tests", "testz")), needle="testz"),
        Case("md_unknown_extra", md_edit(set_path("author", "me")), needle="author"),
        Case("md_unknown_sig", md_edit(set_path("signature.paramz", [])), needle="paramz"),
        Case("md_unknown_param_key", md_edit(set_path("signature.params.0.kind", "explicit")), needle="kind"),
        Case("md_unknown_ref", md_edit(rename_key("reference.postcond", "postcondition")), needle="reference"),
        Case("md_unknown_case", md_edit(set_path("tests.0.expectd", "3")), needle="expectd"),
        Case("md_unknown_reject", md_edit(set_path("reject_inputs.0.expected", "3")), needle="expected"),
        Case("md_missing_input", md_edit(set_path("tests.1.inputs.hi", DELETE)), needle="tests[1].inputs"),
        Case("md_extra_input", md_edit(set_path("tests.1.inputs.y", "1")), needle="tests[1].inputs"),
        Case(
            "md_reject_missing_input",
            md_edit(set_path("reject_inputs.0.inputs.x", DELETE)),
            needle="reject_inputs[0].inputs",
        ),
        Case("md_type_typo", md_edit(set_path("signature.params.0.type", "Lst Int")), needle="Lst"),
        Case("md_type_lower", md_edit(set_path("signature.params.0.type", "int")), needle="int"),
        Case("md_type_bare_list", md_edit(set_path("signature.return_type", "List")), needle="List"),
        Case("md_type_arity", md_edit(set_path("signature.return_type", "Int Nat")), needle="Int"),
        Case("md_type_paren", md_edit(set_path("signature.params.0.type", "List (Int")), needle="signature"),
        Case(
            "md_type_deep",
            md_edit(set_path("signature.return_type", "List (" * 100 + "Int" + ")" * 100)),
            needle="signature.return_type",
        ),
        Case("md_type_value", md_edit(set_path("signature.return_type", "3")), needle="signature.return_type"),
        Case("md_name_keyword", md_edit(set_path("signature.name", "def")), needle="signature.name"),
        Case("md_name_dash", md_edit(set_path("signature.name", "clamp-value")), needle="signature.name"),
        Case("md_param_result", md_edit(set_path("signature.params.0.name", "result")), needle="result"),
        Case("md_param_hprecond", md_edit(set_path("signature.params.0.name", "h_precond")), needle="h_precond"),
        Case("md_param_keyword", md_edit(set_path("signature.params.0.name", "fun")), needle="params[0].name"),
        Case("md_param_repeat", md_edit(set_path("signature.params.1.name", "x")), needle="repeat"),
        Case("md_id_surrogate", md_yaml_value("id", '"bad\\ud800id"'), needle="id"),
        Case("md_id_newline", md_edit(set_path("id", "a\nb")), needle="id"),
        Case("md_id_nul", md_yaml_value("id", '"a\\0b"'), needle="id"),
        Case("md_id_space", md_edit(set_path("id", "a b")), expect="loads", needle="file name"),
        Case("md_id_tab", md_edit(set_path("id", "a\tb")), needle="id"),
        Case("md_id_long", md_edit(set_path("id", "i" * 5000)), needle="id"),
        Case("md_id_bool", md_edit(set_path("id", True)), needle="id"),
        Case("md_id_float", md_edit(set_path("id", 1.5)), needle="id"),
        Case("md_id_other", md_edit(set_path("id", "some_other_id")), expect="loads", needle="file name"),
        Case("md_no_tests", md_edit(set_path("tests", [])), expect="loads", needle="no tests"),
        Case("md_surrogate_value", md_yaml_value("tests.0.expected", '"\\"a\\ud800\\""'), needle="Unicode"),
        Case("md_value_sorry", md_text_value("tests.0.expected", "by sorry"), needle="tests[0].expected"),
        Case("md_value_eval", md_text_value("tests.0.expected", "#eval 1"), needle="tests[0].expected"),
        Case(
            "md_value_deep_brackets",
            md_text_value("tests.0.expected", "[" * 30 + "1" + "]" * 30),
            needle="tests[0].expected",
        ),
        Case(
            "md_value_deep_parens",
            md_text_value("tests.0.expected", "(" * DEEP + "1" + ")" * DEEP),
            needle="tests[0].expected",
        ),
        Case(
            "md_value_huge_list", md_text_value("tests.0.expected", "[" + "1, " * 300000 + "1]"), needle="larger than"
        ),
        Case("md_value_empty", md_text_value("tests.0.expected", " "), needle="tests[0].expected"),
        Case("md_value_nul", md_text_value("tests.0.expected", "1\x00"), needle="tests[0].expected"),
        Case(
            "md_ref_deep",
            md_text_value("reference.postcond", "(" * 300 + "True" + ")" * 300),
            needle="reference.postcond",
        ),
        Case(
            "md_ref_deep_brackets",
            md_text_value("reference.postcond", "[" * 30 + "]" * 30 + " = []"),
            needle="reference.postcond",
        ),
        Case("md_fence_spaces", md_raw(lambda t: t.replace("---\n", "---  \n")), expect="loads"),
        Case("md_bom_crlf", md_raw(lambda t: "\ufeff" + t.replace("\n", "\r\n")), expect="loads"),
        Case("md_unicode_name", md_edit(set_path("signature.name", "clampValue₁")), expect="loads"),
        Case(
            "md_input_int_key",
            md_yaml_value("tests.0.inputs", "{1: '2', x: '1', lo: '0', hi: '3'}"),
            needle="tests[0].inputs",
        ),
        Case("md_ref_empty_postcond", md_edit(set_path("reference.postcond", "  ")), needle="reference.postcond"),
        Case("md_type_sorry", md_edit(set_path("signature.params.0.type", "by sorry")), needle="params[0].type"),
        Case(
            "md_bad_filename",
            lambda r, n: (r / f"{n}\udcff.md").write_bytes(md_text(base_meta(n)).encode()),
            needle="UTF-8",
        ),
        Case(
            "md_value_hidden_brackets",
            md_text_value("tests.0.expected", "['\"', " + "[" * 20 + "1" + "]" * 21),
            needle="tests[0].expected",
        ),
        Case("md_value_string_brackets", md_text_value("tests.0.expected", '"' + "[" * 40 + '"'), expect="loads"),
        Case("md_value_long_name", md_text_value("tests.0.expected", "x" * 200_000), needle="tests[0].expected"),
        Case("md_many_tests", md_edit(set_path("tests", [base_meta("x")["tests"][1]] * 2000)), expect="loads"),
    ]
    # wrong types for every field
    wrong_values: list[tuple[str, Any, str]] = []
    for path, needle in [
        ("signature", "signature"),
        ("signature.name", "signature.name"),
        ("signature.params", "signature.params"),
        ("signature.params.0", "signature.params[0]"),
        ("signature.params.0.name", "signature.params[0]"),
        ("signature.params.0.type", "signature.params[0]"),
        ("signature.return_type", "signature.return_type"),
        ("reference", "reference"),
        ("reference.postcond", "reference.postcond"),
        ("tests", "tests"),
        ("tests.0", "tests[0]"),
        ("tests.0.inputs", "tests[0].inputs"),
        ("reject_inputs", "reject_inputs"),
        ("reject_inputs.0", "reject_inputs[0]"),
        ("reject_inputs.0.inputs", "reject_inputs[0].inputs"),
    ]:
        for label, value in (("int", 3), ("list", [1]), ("map", {"a": 1}), ("bool", True), ("null", None)):
            if value is None and path in ("reference", "tests", "reject_inputs", "signature.params"):
                continue  # optional fields: null means absent
            if label == "list" and path in ("signature.params", "tests", "reject_inputs"):
                continue
            if label == "map" and path in ("signature", "reference", "tests.0", "reject_inputs.0"):
                continue
            if label == "map" and path.endswith("inputs"):
                continue
            wrong_values.append((path, value, needle))
    for path, needle in [
        ("reference.precond", "reference.precond"),
        ("reference.aux", "reference.aux"),
        ("tests.0.expected", "tests[0].expected"),
        ("tests.0.inputs.x", "tests[0].inputs.x"),
        ("tests.0.unexpected", "tests[0].unexpected"),
        ("tests.0.example", "tests[0].example"),
        ("reject_inputs.0.example", "reject_inputs[0].example"),
    ]:
        for value in ([[1], {"a": 1}], {"a": 1}, 3.5 if "example" in path else {"k": [1]}):
            wrong_values.append((path, value, needle))
    for i, (path, value, needle) in enumerate(wrong_values):
        cases.append(Case(f"md_wrong_{i}_{path.replace('.', '_')}", md_edit(set_path(path, value)), needle=needle))
    cases.append(Case("md_surrogate_body", _md_surrogate_body, needle=".md"))
    for frac in (0.1, 0.3, 0.5, 0.7):
        cases.append(Case(f"md_truncated_{int(frac * 100)}", _md_truncated(frac), needle=".md"))
    return cases


def _md_surrogate_body(root: Path, name: str) -> None:
    text = md_text(base_meta(name), body="a lone \ud800 surrogate")
    (root / f"{name}.md").write_bytes(text.encode("utf-8", "surrogatepass"))


def _md_truncated(frac: float) -> Callable[[Path, str], None]:
    def build(root: Path, name: str) -> None:
        data = md_text(base_meta(name)).encode("utf-8")
        end = data.index(b"\n---\n")  # cut inside the front matter
        (root / f"{name}.md").write_bytes(data[: int(end * frac)])

    return build


def _verina_cases() -> list[Case]:
    cases = [
        Case("v_task_empty", verina(vraw("task.json", "")), needle="task.json"),
        Case("v_task_not_json", verina(vraw("task.json", "{id: 1}")), needle="task.json"),
        Case("v_task_list", verina(vset("task.json", "", [1, 2])), needle="task.json"),
        Case("v_task_null", verina(vset("task.json", "", None)), needle="task.json"),
        Case("v_task_bom", verina(vjson_replace("task.json", "{", "\ufeff{")), expect="loads"),
        Case("v_task_crlf", verina(vjson_replace("task.json", "\n", "\r\n")), expect="loads"),
        Case("v_task_nul", verina(vjson_replace("task.json", '"metadata"', '"meta\x00data"')), needle="task.json"),
        Case("v_task_latin1", verina(vraw("task.json", b'{"id": "caf\xe9"}')), needle="task.json"),
        Case(
            "v_task_utf16",
            verina(lambda f: f.__setitem__("task.json", json.dumps(f["task.json"]).encode("utf-16"))),
            needle="task.json",
        ),
        Case(
            "v_task_huge",
            verina(vjson_replace("task.json", '"metadata": {', '"metadata": {"pad": "' + "p" * HUGE_FILE + '", ')),
            needle="larger than",
        ),
        Case(
            "v_task_deep_obj",
            verina(
                vjson_replace(
                    "task.json", '"metadata": {', '"metadata": {"d": ' + '{"a": ' * DEEP + "1" + "}" * DEEP + ", "
                )
            ),
            needle="task.json",
        ),
        Case(
            "v_task_deep_list",
            verina(vjson_replace("task.json", '"metadata": {', '"metadata": {"d": ' + "[" * DEEP + "]" * DEEP + ", ")),
            needle="task.json",
        ),
        Case(
            "v_task_huge_int",
            verina(vjson_replace("task.json", '"metadata": {', '"metadata": {"n": ' + HUGE_DIGITS + ", ")),
            needle="task.json",
        ),
        Case(
            "v_task_nan",
            verina(vjson_replace("task.json", '"metadata": {', '"metadata": {"n": NaN, ')),
            needle="task.json",
        ),
        Case(
            "v_task_dup_key",
            verina(vjson_replace("task.json", '"lean_file"', '"id": "dup",\n  "lean_file"')),
            needle="id",
        ),
        Case("v_task_unknown_key", verina(vset("task.json", "extra_field", 1)), expect="loads", needle="extra_field"),
        Case("v_missing_id", verina(vset("task.json", "id", DELETE)), needle="id"),
        Case("v_id_int", verina(vset("task.json", "id", 7)), needle="id"),
        Case("v_id_surrogate", _v_id_surrogate, needle="id"),
        Case("v_id_control", verina(lambda f: f["task.json"].__setitem__("id", "bad\u0007id")), needle="id"),
        Case("v_id_empty", verina(vset("task.json", "id", "")), needle="id"),
        Case("v_id_other", verina(vset("task.json", "id", "v_renamed")), expect="loads", needle="folder name"),
        Case("v_sig_missing", verina(vset("task.json", "signature", DELETE)), needle="signature"),
        Case("v_sig_list", verina(vset("task.json", "signature", [])), needle="signature"),
        Case("v_sig_name_int", verina(vset("task.json", "signature.name", 3)), needle="signature.name"),
        Case("v_sig_name_dash", verina(vset("task.json", "signature.name", "add-one")), needle="signature.name"),
        Case("v_sig_name_keyword", verina(vset("task.json", "signature.name", "theorem")), needle="signature.name"),
        Case("v_sig_params_obj", verina(vset("task.json", "signature.parameters", {})), needle="signature.parameters"),
        Case(
            "v_sig_param_str",
            verina(vset("task.json", "signature.parameters.0", "x")),
            needle="signature.parameters[0]",
        ),
        Case(
            "v_sig_param_noname",
            verina(vset("task.json", "signature.parameters.0.param_name", DELETE)),
            needle="signature.parameters[0]",
        ),
        Case(
            "v_sig_param_bad_name",
            verina(vset("task.json", "signature.parameters.0.param_name", "x y")),
            needle="signature.parameters[0]",
        ),
        Case(
            "v_sig_param_result",
            verina(vset("task.json", "signature.parameters.0.param_name", "result")),
            needle="result",
        ),
        Case(
            "v_sig_param_unknown_type",
            verina(vset("task.json", "signature.parameters.0.param_type", "Lst Int")),
            needle="Lst",
        ),
        Case(
            "v_sig_param_bad_type",
            verina(vset("task.json", "signature.parameters.0.param_type", "List (Int")),
            needle="signature.parameters[0]",
        ),
        Case("v_sig_return_unknown", verina(vset("task.json", "signature.return_type", "Integer")), needle="Integer"),
        Case("v_sig_return_int", verina(vset("task.json", "signature.return_type", 1)), needle="return_type"),
        Case(
            "v_sig_repeat",
            verina(
                vset(
                    "task.json",
                    "signature.parameters",
                    [{"param_name": "x", "param_type": "Int"}, {"param_name": "x", "param_type": "Int"}],
                )
            ),
            needle="repeat",
        ),
        Case(
            "v_sig_json_broken",
            verina(lambda f: (f["task.json"].pop("signature"), f.__setitem__("signature.json", "[1"))),
            needle="signature.json",
        ),
        Case("v_desc_empty", verina(vraw("description.txt", "  \n")), needle="description.txt"),
        Case("v_desc_missing", verina(lambda f: f.pop("description.txt")), needle="description.txt"),
        Case("v_desc_latin1", verina(vraw("description.txt", b"caf\xe9")), needle="description.txt"),
        Case("v_desc_nul", verina(vraw("description.txt", "a\x00b")), needle="description.txt"),
        Case("v_desc_huge", verina(vraw("description.txt", "d" * HUGE_FILE)), needle="larger than"),
        Case(
            "v_desc_surrogate",
            verina(vraw("description.txt", "a \ud800 b".encode("utf-8", "surrogatepass"))),
            needle="description.txt",
        ),
        Case(
            "v_desc_dev_zero", verina_then(nothing, symlink("description.txt", "/dev/zero")), needle="description.txt"
        ),
        Case("v_desc_fifo", verina_then(nothing, fifo("description.txt")), needle="description.txt"),
        Case("v_desc_dir", verina_then(nothing, directory("description.txt")), needle="description.txt"),
        Case(
            "v_desc_loop", verina_then(nothing, symlink("description.txt", "description.txt")), needle="description.txt"
        ),
        Case(
            "v_desc_dangling", verina_then(nothing, symlink("description.txt", "nowhere.txt")), needle="description.txt"
        ),
        Case(
            "v_desc_link_outside",
            verina_then(nothing, symlink("description.txt", "/etc/hostname")),
            needle="description.txt",
        ),
        Case(
            "v_desc_link_up",
            verina_then(nothing, symlink("description.txt", "../good_one.md")),
            needle="description.txt",
        ),
        Case(
            "v_desc_link_inside",
            verina_then(vraw("other.txt", "Add one to `x`."), symlink("description.txt", "other.txt")),
            expect="loads",
        ),
        Case(
            "v_desc_subdir",
            verina(
                lambda f: (
                    f.__setitem__("docs/d.txt", "Add one."),
                    f["task.json"].__setitem__("description_file", "docs/d.txt"),
                )
            ),
            expect="loads",
        ),
        Case("v_desc_abs", verina(vset("task.json", "description_file", "/etc/hostname")), needle="description_file"),
        Case("v_desc_up", verina(vset("task.json", "description_file", "../good_one.md")), needle="description_file"),
        Case("v_desc_dot", verina(vset("task.json", "description_file", ".")), needle="description_file"),
        Case("v_desc_emptyname", verina(vset("task.json", "description_file", "")), needle="description_file"),
        Case("v_desc_nul_name", verina(vset("task.json", "description_file", "a\x00b")), needle="description_file"),
        Case("v_desc_dev", verina(vset("task.json", "description_file", "/dev/zero")), needle="description_file"),
        Case("v_task_json_dir", _v_task_json_dir, needle="task.json"),
        Case("v_task_json_loop", _v_task_json_loop, needle="task.json"),
        Case("v_task_json_fifo", _v_task_json_fifo, needle="task.json"),
        Case(
            "v_type_sorry",
            verina(vset("task.json", "signature.parameters.0.param_type", "by sorry")),
            needle="signature.parameters[0]",
        ),
        Case("v_desc_bom_only", verina(vraw("description.txt", "\ufeff\n")), needle="description.txt"),
        Case("v_task_json_link_out", _v_task_json_link_out, needle="task.json"),
        Case("v_lean_crlf", verina(vraw("task.lean", VERINA_LEAN.replace("\n", "\r\n"))), expect="loads"),
        Case(
            "v_test_bom",
            verina(lambda f: f.__setitem__("test.json", "\ufeff" + json.dumps(f["test.json"]))),
            expect="loads",
        ),
        Case("v_lean_empty", verina(vraw("task.lean", "")), expect="loads"),
        Case(
            "v_lean_unclosed",
            verina(vraw("task.lean", VERINA_LEAN.replace("-- !benchmark @end postcond", ""))),
            needle="task.lean",
        ),
        Case(
            "v_lean_nested",
            verina(
                vraw("task.lean", VERINA_LEAN.replace("-- !benchmark @end precond", "-- !benchmark @start postcond"))
            ),
            needle="task.lean",
        ),
        Case("v_lean_latin1", verina(vraw("task.lean", VERINA_LEAN.encode() + b"\xff")), needle="task.lean"),
        Case("v_lean_fifo", verina_then(nothing, fifo("task.lean")), needle="task.lean"),
        Case(
            "v_lean_deep",
            verina(vraw("task.lean", VERINA_LEAN.replace("result = x + 1", "(" * 400 + "True" + ")" * 400))),
            needle="task.lean",
        ),
        Case("v_lean_huge", verina(vraw("task.lean", VERINA_LEAN + "-- " + "z" * HUGE_FILE)), needle="larger than"),
        Case("v_test_empty_file", verina(vraw("test.json", "")), needle="test.json"),
        Case("v_test_empty_list", verina(vset("test.json", "", [])), expect="loads", needle="no tests"),
        Case("v_test_obj", verina(vset("test.json", "", {"input": {"x": 1}})), needle="test.json"),
        Case("v_test_item_str", verina(vset("test.json", "0", "x")), needle="test.json"),
        Case("v_test_no_input", verina(vset("test.json", "0.input", DELETE)), needle="[0].input"),
        Case("v_test_input_list", verina(vset("test.json", "0.input", [1])), needle="[0].input"),
        Case("v_test_missing_param", verina(vset("test.json", "0.input", {})), needle="[0].input"),
        Case("v_test_extra_param", verina(vset("test.json", "0.input.y", 1)), needle="[0].input"),
        Case("v_test_no_expected", verina(vset("test.json", "0.expected", DELETE)), needle="[0].expected"),
        Case("v_test_expected_null", verina(vset("test.json", "0.expected", None)), needle="[0].expected"),
        Case("v_test_expected_obj", verina(vset("test.json", "0.expected", {"a": 1})), needle="[0].expected"),
        Case("v_test_unexpected_str", verina(vset("test.json", "0.unexpected", "3")), needle="[0].unexpected"),
        Case("v_test_unknown_key", verina(vset("test.json", "0.note", "hi")), expect="loads", needle="note"),
        Case(
            "v_test_deep_value",
            verina(vjson_replace("test.json", '"expected": 2', '"expected": ' + "[" * DEEP + "]" * DEEP)),
            needle="test.json",
        ),
        Case(
            "v_test_deep_15",
            verina(vset("test.json", "0.expected", json.loads("[" * 15 + "]" * 15))),
            needle="[0].expected",
        ),
        Case("v_test_deep_str", verina(vset("test.json", "0.expected", "[" * 25 + "]" * 25)), needle="[0].expected"),
        Case(
            "v_test_huge_int",
            verina(vjson_replace("test.json", '"expected": 2', '"expected": ' + HUGE_DIGITS)),
            needle="test.json",
        ),
        Case("v_test_huge_int_str", verina(vset("test.json", "0.expected", HUGE_DIGITS)), needle="[0].expected"),
        Case(
            "v_test_huge_float",
            verina(vjson_replace("test.json", '"expected": 2', '"expected": 1e999')),
            needle="test.json",
        ),
        Case("v_test_nan", verina(vjson_replace("test.json", '"expected": 2', '"expected": NaN')), needle="test.json"),
        Case(
            "v_test_infinity",
            verina(vjson_replace("test.json", '"expected": 2', '"expected": -Infinity')),
            needle="test.json",
        ),
        Case(
            "v_test_dup_key",
            verina(vjson_replace("test.json", '"expected": 2', '"expected": 2, "expected": 3')),
            needle="expected",
        ),
        Case(
            "v_test_surrogate",
            verina(vjson_replace("test.json", '"expected": 2', '"expected": "\\ud800"')),
            needle="test.json",
        ),
        Case("v_test_sorry", verina(vset("test.json", "0.expected", "by sorry")), needle="[0].expected"),
        Case(
            "v_test_truncated",
            verina(lambda f: f.__setitem__("test.json", json.dumps(f["test.json"])[:30])),
            needle="test.json",
        ),
        Case("v_test_dir", verina_then(nothing, directory("test.json")), needle="test.json"),
        Case("v_test_missing", verina(lambda f: f.pop("test.json")), needle="test.json"),
        Case("v_test_link_outside", verina_then(nothing, symlink("test.json", "/etc/hostname")), needle="test.json"),
        Case(
            "v_test_huge",
            verina(vraw("test.json", "[" + ", ".join(['{"input": {"x": 1}, "expected": 2}'] * 120000) + "]")),
            needle="larger than",
        ),
        Case("v_reject_dir", verina_then(nothing, directory("reject_inputs.json")), needle="reject_inputs.json"),
        Case("v_reject_obj", verina(vset("reject_inputs.json", "", {"input": {"x": 1}})), needle="reject_inputs.json"),
        Case(
            "v_reject_missing_param",
            verina(vset("reject_inputs.json", "", [{"input": {}}])),
            needle="reject_inputs.json",
        ),
        Case(
            "v_reject_loop",
            verina_then(nothing, symlink("reject_inputs.json", "reject_inputs.json")),
            needle="reject_inputs.json",
        ),
        Case("v_reject_fifo", verina_then(nothing, fifo("reject_inputs.json")), needle="reject_inputs.json"),
        Case(
            "v_reject_absent",
            verina(lambda f: (f.pop("reject_inputs.json"), f["task.json"].pop("reject_inputs_file"))),
            expect="loads",
        ),
    ]
    for key in ("description_file", "lean_file", "test_file", "reject_inputs_file"):
        for label, value in (("int", 3), ("null", None), ("list", ["a"]), ("obj", {"a": 1}), ("bool", False)):
            cases.append(Case(f"v_{key}_{label}", verina(vset("task.json", key, value)), needle=key))
        cases.append(Case(f"v_{key}_abs", verina(vset("task.json", key, "/etc/passwd")), needle=key))
        cases.append(Case(f"v_{key}_up", verina(vset("task.json", key, "../../x")), needle=key))
        cases.append(
            Case(
                f"v_{key}_dir",
                verina(lambda f, k=key: (f.__setitem__("sub/keep.txt", "x"), f["task.json"].__setitem__(k, "sub"))),
                needle=key,
            )
        )
    for label, value in (("int", 3), ("list", [1]), ("obj", {"a": 1}), ("null", None), ("bool", True)):
        cases.append(
            Case(
                f"v_param_type_{label}",
                verina(vset("task.json", "signature.parameters.0.param_type", value)),
                needle="signature.parameters[0]",
            )
        )
        cases.append(Case(f"v_input_string_{label}", _v_string_task(value), needle="[0].input.s"))
    cases.append(Case("v_string_brackets", _v_string_task("[" * 40), expect="loads"))
    deep = "[" * 10 + "1" + "]" * 10  # each value within its limits; 2,000 of them would parse for minutes
    cases.append(
        Case(
            "v_many_deep_values",
            verina(vraw("test.json", "[" + ",".join(['{"input": {"x": 1}, "expected": ' + deep + "}"] * 2000) + "]")),
            needle="too many or too deeply nested",
        )
    )
    cases.append(
        Case(
            "v_many_plain_values",
            verina(
                vraw(
                    "test.json",
                    "[" + ",".join(['{"input": {"x": 1}, "expected": 2, "unexpected": [3, 4, 5]}'] * 7000) + "]",
                )
            ),
            needle="too many or too deeply nested",
        )
    )
    cases.append(
        Case("v_desc_long_ref", verina(vset("task.json", "description_file", "d" * 5000)), needle="description_file")
    )
    cases.append(Case("v_char_two", _v_char_task("ab"), needle="[0].input.c"))
    cases.append(Case("v_char_empty", _v_char_task(""), needle="[0].input.c"))
    return cases


def _v_id_surrogate(root: Path, name: str) -> None:
    files = verina_files(name)
    text = json.dumps(files["task.json"]).replace(f'"id": "{name}"', '"id": "bad\\ud800id"')
    files["task.json"] = text
    write_verina(root / name, files)


def _v_task_json_dir(root: Path, name: str) -> None:
    write_verina(root / name, {k: v for k, v in verina_files(name).items() if k != "task.json"})
    (root / name / "task.json").mkdir()


def _v_task_json_loop(root: Path, name: str) -> None:
    write_verina(root / name, {k: v for k, v in verina_files(name).items() if k != "task.json"})
    os.symlink("task.json", root / name / "task.json")


def _v_task_json_link_out(root: Path, name: str) -> None:
    write_verina(root / name, {k: v for k, v in verina_files(name).items() if k != "task.json"})
    other = root / f"{name}_elsewhere"  # no task.json of its own: not a task, only the link's target
    other.mkdir()
    (other / "task.json").write_text(json.dumps(verina_files(name)["task.json"]), encoding="utf-8")
    (other / "task.json").rename(other / "real.json")
    os.symlink(other / "real.json", root / name / "task.json")


def _v_task_json_fifo(root: Path, name: str) -> None:
    write_verina(root / name, {k: v for k, v in verina_files(name).items() if k != "task.json"})
    os.mkfifo(root / name / "task.json")


def _v_string_task(value: Any) -> Callable[[Path, str], None]:
    def edit(files: dict[str, Any]) -> None:
        files["task.json"]["signature"]["parameters"] = [{"param_name": "s", "param_type": "String"}]
        files["test.json"] = [{"input": {"s": value}, "expected": 2}]

    return verina(edit)


def _v_char_task(value: str) -> Callable[[Path, str], None]:
    def edit(files: dict[str, Any]) -> None:
        files["task.json"]["signature"]["parameters"] = [{"param_name": "c", "param_type": "Char"}]
        files["test.json"] = [{"input": {"c": value}, "expected": 2}]

    return verina(edit)


def _jsonl_cases() -> list[Case]:
    return [
        Case("j_latin1", jsonl_text(b'{"id": "caf\xe9"}\n'), needle=".jsonl:1"),
        Case("j_not_json", jsonl_text("{not json\n"), needle=".jsonl:1"),
        Case("j_list", jsonl_text("[1, 2]\n"), needle=".jsonl:1"),
        Case("j_deep", jsonl_text("[" * DEEP + "]" * DEEP + "\n"), needle=".jsonl:1"),
        Case("j_deep_obj", jsonl_text('{"a": ' * DEEP + "1" + "}" * DEEP + "\n"), needle=".jsonl:1"),
        Case("j_huge_int", jsonl_text('{"id": ' + HUGE_DIGITS + "}\n"), needle=".jsonl:1"),
        Case("j_nan", jsonl_edit(lambda line: line.replace('"expected": "3"', '"expected": NaN')), needle=".jsonl:1"),
        Case(
            "j_surrogate_id",
            jsonl_edit(lambda line: line.replace('"id": "j_surrogate_id"', '"id": "\\udc00"')),
            needle=".jsonl:1",
        ),
        Case("j_raw_surrogate", jsonl_edit(lambda line: line.replace("Clamp.", "Cl\udc00amp.")), needle=".jsonl:1"),
        Case("j_nul", jsonl_edit(lambda line: line.replace("Clamp.", "Cl\\u0000amp.")), needle=".jsonl:1"),
        Case("j_dup_key", jsonl_edit(lambda line: line.replace('"signature"', '"id": "x", "signature"')), needle="id"),
        Case(
            "j_unknown_key",
            jsonl_edit(lambda line: line.replace('"signature"', '"testz": [], "signature"')),
            needle="testz",
        ),
        Case("j_bom", jsonl_edit(lambda line: "\ufeff" + line), expect="loads"),
        Case("j_crlf", jsonl_edit(lambda line: line + "\r"), expect="loads"),
        Case("j_huge_line", jsonl_edit(lambda line: line.replace("Clamp.", "C" * HUGE_FILE)), needle="larger than"),
        Case("j_truncated", jsonl_edit(lambda line: line[: len(line) // 2]), needle=".jsonl:1"),
        Case("j_nul_bytes", jsonl_text(b"\x00" * 100 + b"\n"), needle=".jsonl:1"),
        Case(
            "j_missing_sig",
            jsonl_edit(lambda line: json.dumps({k: v for k, v in json.loads(line).items() if k != "signature"})),
            needle="signature",
        ),
        Case("j_id_int", jsonl_edit(lambda line: line.replace('"id": "j_id_int"', '"id": 12')), expect="loads"),
        Case("j_dir", lambda r, n: (r / f"{n}.jsonl").mkdir(), needle=".jsonl"),
        Case("j_fifo", lambda r, n: os.mkfifo(r / f"{n}.jsonl"), needle=".jsonl"),
        Case("j_loop", lambda r, n: os.symlink(f"{n}.jsonl", r / f"{n}.jsonl"), needle=".jsonl"),
        Case("j_dev_zero", lambda r, n: os.symlink("/dev/zero", r / f"{n}.jsonl"), needle=".jsonl"),
        Case("md_dir", lambda r, n: (r / f"{n}.md").mkdir(), needle=".md"),
        Case("md_fifo", lambda r, n: os.mkfifo(r / f"{n}.md"), needle=".md"),
        Case("md_loop", lambda r, n: os.symlink(f"{n}.md", r / f"{n}.md"), needle=".md"),
        Case("md_dangling", lambda r, n: os.symlink("gone.md", r / f"{n}.md"), needle=".md"),
        Case("md_dev_zero", lambda r, n: os.symlink("/dev/zero", r / f"{n}.md"), needle=".md"),
        Case("md_link_outside", _md_link_outside, needle=".md"),
    ]


def _md_link_outside(root: Path, name: str) -> None:
    outside = root.parent / f"{root.name}-outside"
    outside.mkdir(exist_ok=True)
    (outside / "t.md").write_text(md_text(base_meta(name)), encoding="utf-8")
    os.symlink(outside / "t.md", root / f"{name}.md")


def all_cases() -> list[Case]:
    cases = _requirement_cases() + _verina_cases() + _jsonl_cases()
    names = [c.name for c in cases]
    assert len(names) == len(set(names)), "case names repeat"
    return cases


def build_case(case: Case, root: Path) -> Path:
    """The dataset folder `root/case.name` holding the case beside the three good tasks."""
    folder = root / case.name
    write_good_tasks(folder)
    case.build(folder, case.name)
    return folder


def _child(conn: Any, folder: str) -> None:
    import time
    import traceback

    from specbridge.datasets import load_dataset

    started = time.perf_counter()
    try:
        loaded = load_dataset(Path(folder))
        conn.send(
            {
                "tasks": [t.id for t in loaded.tasks],
                "invalid": [(i.path, i.reason) for i in loaded.invalid],
                "warnings": [w.message for w in getattr(loaded, "warnings", [])],
                "seconds": time.perf_counter() - started,
            }
        )
    except BaseException:  # noqa: BLE001 - the test reports whatever escaped, with its traceback
        conn.send({"error": traceback.format_exc(), "seconds": time.perf_counter() - started})


def load_in_child(folder: Path, timeout: float) -> dict[str, Any]:
    """`load_dataset(folder)` in a forked process, so that a hang is a result ("timeout") and not a stuck test."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, str(folder)))
    proc.start()
    child.close()
    try:
        if parent.poll(timeout):
            return parent.recv()
        return {"timeout": timeout}
    except EOFError:
        return {"error": f"the loader process died (exit code {proc.exitcode})"}
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        parent.close()


def check(case: Case, outcome: dict[str, Any]) -> str | None:
    """What is wrong with `outcome` for `case`, or None when the loader did what the case expects."""
    if "timeout" in outcome:
        return f"hang: no answer within {outcome['timeout']} s"
    if "error" in outcome:
        return "exception escaped load_dataset:\n" + outcome["error"]
    missing = [g for g in GOOD_IDS if g not in outcome["tasks"]]
    if missing:
        return f"good tasks did not load: {missing}; invalid: {outcome['invalid']}"
    mine = [(p, r) for p, r in outcome["invalid"] if case.name in p]
    others = [(p, r) for p, r in outcome["invalid"] if case.name not in p]
    if others:
        return f"reasons that name no file of the case: {others}"
    if case.expect == "loads":
        if mine:
            return f"expected to load, but invalid: {mine}"
        if len(outcome["tasks"]) != len(GOOD_IDS) + 1:
            return f"expected one more task than the good ones, got {outcome['tasks']}"
        if case.needle and not any(case.needle in w for w in outcome["warnings"]):
            return f"no warning containing {case.needle!r}: {outcome['warnings']}"
        return None
    if not mine:
        return f"silently accepted or skipped (tasks: {outcome['tasks']})"
    if not all(case.needle in r for _, r in mine):
        return f"reason does not contain {case.needle!r}: {mine}"
    if len(outcome["tasks"]) != len(GOOD_IDS):
        return f"a bad task loaded as well: {outcome['tasks']}"
    return None


def main() -> None:
    """`python tests/datasets/malformed.py [OUT]`: build every case and print what the loader does with each."""
    import collections
    import tempfile

    import specbridge.datasets  # noqa: F401 - imported once here, not in each forked loader process

    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="malformed-"))
    tally: collections.Counter[str] = collections.Counter()
    slowest = 0.0
    for case in all_cases():
        outcome = load_in_child(build_case(case, out), timeout=10.0)
        problem = check(case, outcome)
        kind = "ok" if problem is None else problem.split(":")[0].split(" ")[0]
        tally[kind] += 1
        slowest = max(slowest, outcome.get("seconds", 10.0))
        if problem is not None:
            print(f"{case.name}: {problem.splitlines()[-1] if 'exception' in problem else problem}"[:300])
    print(f"{sum(tally.values())} cases in {out}: {dict(tally)}; slowest load {slowest:.2f} s")


if __name__ == "__main__":
    main()
