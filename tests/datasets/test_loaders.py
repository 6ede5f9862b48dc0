"""Loaders: VERINA folders, requirement files, JSONL; bad input is reported with file and field or line."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from specbridge.datasets import dump_requirement_file, export_jsonl, load_dataset, load_task
from specbridge.datasets.values import json_to_lean, lean_char, lean_string
from specbridge.datasets.verina import benchmark_sections
from specbridge.errors import TaskFormatError
from specbridge.tasks import Visibility, render_spec_source

GOOD = """---
id: clamp
signature:
  name: clampValue
  params:
    - {name: x, type: Int}
    - {name: lo, type: Int}
    - {name: hi, type: Int}
  return_type: Int
reference:
  precond: "lo ≤ hi"
  postcond: |
    lo ≤ result ∧ result ≤ hi
tests:
  - inputs: {x: "5", lo: "0", hi: 3}
    expected: "3"
    unexpected: ["5", -1]
    example: true
  - inputs: {x: "-7", lo: "-2", hi: "4"}
    expected: "-2"
reject_inputs:
  - inputs: {x: "0", lo: "3", hi: "1"}
---
Clamp `x` into `[lo, hi]`.
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_requirement_file_loads_every_field(tmp_path):
    task = load_task(write(tmp_path, "clamp.md", GOOD))
    assert task.id == "clamp"
    assert task.signature.name == "clampValue"
    assert [p.type for p in task.signature.params] == ["Int", "Int", "Int"]
    assert task.requirement == "Clamp `x` into `[lo, hi]`."
    assert task.tests[0].inputs == {"x": "5", "lo": "0", "hi": "3"}  # YAML numbers become Lean literals
    assert task.tests[0].unexpected == ("5", "-1")
    assert task.tests[0].visibility is Visibility.EXAMPLE
    assert task.tests[1].visibility is Visibility.HIDDEN
    assert task.reject_inputs[0].inputs["lo"] == "3"
    assert task.reference is not None and task.reference.precond == "lo ≤ hi"


def test_requirement_file_round_trips_through_dump(tmp_path):
    task = load_task(write(tmp_path, "clamp.md", GOOD))
    again = load_task(write(tmp_path, "clamp2.md", dump_requirement_file(task)))
    assert again.model_dump(exclude={"source"}) == task.model_dump(exclude={"source"})


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (GOOD.replace("---\nid", "id", 1), ":1"),  # no opening fence
        (GOOD.replace("  return_type: Int\n", ""), "signature.return_type"),
        (GOOD.replace('    expected: "3"\n', ""), "tests[0].expected"),
        (GOOD.replace('{x: "-7", lo: "-2", hi: "4"}', '{x: "-7", lo: "-2"}'), "tests[1].inputs"),
        (GOOD.replace('{x: "0", lo: "3", hi: "1"}', '{x: "0", lo: "3", hi: "1", y: "2"}'), "reject_inputs[0].inputs"),
        (GOOD.replace("    example: true", "    example: maybe"), "tests[0].example"),
        (GOOD.replace("  precond:", "  precond: [oops\n  x:"), ":"),
    ],
)
def test_bad_requirement_file_names_file_and_field(tmp_path, text, needle):
    path = write(tmp_path, "bad.md", text)
    with pytest.raises(TaskFormatError) as info:
        load_task(path)
    assert str(path) in str(info.value)
    assert needle in str(info.value)


def test_yaml_error_reports_line(tmp_path):
    text = GOOD.replace("  return_type: Int", "  return_type: [Int")
    with pytest.raises(TaskFormatError) as info:
        load_task(write(tmp_path, "bad.md", text))
    assert info.value.line is not None and info.value.line > 1


def test_dataset_keeps_loading_after_a_bad_task(tmp_path):
    write(tmp_path, "a.md", GOOD.replace("id: clamp", "id: a"))
    write(tmp_path, "b.md", "no front matter here")
    write(tmp_path, "c.md", GOOD.replace("id: clamp", "id: c"))
    write(tmp_path, "README.md", "# not a task")
    loaded = load_dataset(tmp_path)
    assert [t.id for t in loaded.tasks] == ["a", "c"]
    assert len(loaded.invalid) == 1 and loaded.invalid[0].path.endswith("b.md")


def test_duplicate_ids_are_invalid(tmp_path):
    write(tmp_path, "a.md", GOOD)
    write(tmp_path, "b.md", GOOD)
    loaded = load_dataset(tmp_path)
    assert len(loaded.tasks) == 1
    assert "duplicate task id 'clamp'" in loaded.invalid[0].reason
    # the reason is what the CLI prints: it names the file that was left out, not only the one kept
    assert loaded.invalid[0].reason.startswith(f"{tmp_path / 'b.md'} [id]: ") and "a.md" in loaded.invalid[0].reason


def test_jsonl_round_trip_and_bad_lines(tmp_path):
    write(tmp_path, "a.md", GOOD)
    tasks = load_dataset(tmp_path).tasks
    out = tmp_path / "out.jsonl"
    assert export_jsonl(tasks, out) == 1
    text = out.read_text(encoding="utf-8")
    out.write_text(text + "{not json\n" + json.dumps({"id": "x"}) + "\n", encoding="utf-8")
    loaded = load_dataset(out)
    assert [t.id for t in loaded.tasks] == ["clamp"]
    assert loaded.tasks[0].model_dump(exclude={"source", "metadata"}) == tasks[0].model_dump(
        exclude={"source", "metadata"}
    )
    reasons = [i.reason for i in loaded.invalid]
    assert any(":2: invalid JSON" in r for r in reasons)
    assert any(":3" in r and "requirement" in r for r in reasons)


def test_values_are_lean_literals():
    assert json_to_lean('a "q" \\ b\n', "String") == '"a \\"q\\" \\\\ b\\n"'
    assert json_to_lean("x", "Char") == "'x'"
    assert json_to_lean(True, "Bool") == "true"
    assert json_to_lean([4, 5], "List Int") == "[4, 5]"
    assert json_to_lean("#[1, 2]", "Array Nat") == "#[1, 2]"
    assert json_to_lean(-3, "(Int)") == "-3"
    assert lean_string("") == '""'
    assert lean_char("'") == "'\\''"
    with pytest.raises(ValueError):
        json_to_lean(3, "String")
    with pytest.raises(ValueError):
        json_to_lean("", "Nat")


def test_benchmark_sections_errors_name_line():
    text = "-- !benchmark @start precond\nTrue\n-- !benchmark @start postcond\n"
    with pytest.raises(TaskFormatError) as info:
        benchmark_sections(text, "t.lean")
    assert info.value.line == 3


def test_verina_dev_loads_every_task(verina_dev):
    loaded = load_dataset(verina_dev)
    assert len(loaded.tasks) == 95
    assert loaded.invalid == []
    for task in loaded.tasks:
        assert task.reference is not None
        assert task.tests, task.id
        source = render_spec_source(task.signature, task.reference)
        assert f"def {task.signature.name}_precond" in source
        assert "!benchmark" not in source
        assert not re.search(r"^axiom\b", source, re.MULTILINE)  # proof-only axioms of task_aux stay out


def test_verina_value_rendering(verina_dev):
    tasks = {t.id: t for t in load_dataset(verina_dev).tasks}
    # a String parameter is quoted, a Bool result lower-cased, a JSON list printed as a Lean list
    string_task = next(t for t in tasks.values() if t.signature.params and t.signature.params[0].type == "String")
    assert string_task.tests[0].inputs[string_task.signature.params[0].name].startswith('"')
    bool_task = next(t for t in tasks.values() if t.signature.return_type == "Bool")
    assert bool_task.tests[0].expected in ("true", "false")


def test_broken_verina_task_is_reported_and_others_load(verina_dev, tmp_path):
    for name in ("verina_basic_1", "verina_basic_3"):
        shutil.copytree(verina_dev / name, tmp_path / name)
    (tmp_path / "verina_basic_3" / "test.json").write_text('[{"input": {}}]', encoding="utf-8")
    loaded = load_dataset(tmp_path)
    assert [t.id for t in loaded.tasks] == ["verina_basic_1"]
    assert "test.json" in loaded.invalid[0].reason and "[0].input" in loaded.invalid[0].reason


def test_verina_signature_json_fallback(verina_dev, tmp_path):
    folder = tmp_path / "verina_basic_1"
    shutil.copytree(verina_dev / "verina_basic_1", folder)
    meta = json.loads((folder / "task.json").read_text(encoding="utf-8"))
    signature = meta.pop("signature")
    (folder / "task.json").write_text(json.dumps(meta), encoding="utf-8")
    (folder / "signature.json").write_text(json.dumps(signature), encoding="utf-8")
    assert load_task(folder).signature.name == signature["name"]


def test_task_aux_definitions_kept_axioms_dropped():
    from specbridge.datasets.verina import without_axioms

    source = (
        "structure Pair where\n  a : Nat\n  b : Nat\n"
        "-- proof helpers\n-- about floats\n"
        "axiom Float.ok (x : Float) :\n    x = x\n"
        "@[simp] axiom other : True\n"
        "def twice (n : Nat) : Nat := 2 * n\n"
    )
    kept = without_axioms(source)
    assert "structure Pair" in kept and "def twice" in kept and "  b : Nat" in kept
    assert "axiom" not in kept and "x = x" not in kept and "proof helpers" not in kept


def test_unparseable_lean_literal_names_the_field(tmp_path):
    text = GOOD.replace('expected: "-2"', 'expected: "[1, 2"')
    path = write(tmp_path, "bad.md", text)
    with pytest.raises(TaskFormatError) as info:
        load_task(path)
    message = str(info.value)
    assert "tests[1].expected" in message and "not a Lean literal" in message and "1:" in message
    with pytest.raises(ValueError, match="not a Lean literal"):
        json_to_lean("#[1,, 2]", "Array Int")


def test_a_test_value_the_sandbox_refuses_is_an_invalid_task(tmp_path):
    # test values are pasted into Lean theorems by layer 3: `by sorry` or `unsafeCast` must not get that far
    write(tmp_path, "a.md", GOOD.replace("id: clamp", "id: a"))
    for name, value in (("s.md", "by sorry"), ("u.md", "unsafeCast 1")):
        text = GOOD.replace("id: clamp", f"id: {name[0]}")
        start = text.index("expected: ")
        end = text.index("\n", start)
        write(tmp_path, name, text[:start] + f'expected: "{value}"' + text[end:])
    loaded = load_dataset(tmp_path)
    assert [t.id for t in loaded.tasks] == ["a"]
    reasons = sorted(i.reason for i in loaded.invalid)
    assert "[tests[0].expected]: not allowed in a test value: 'by sorry'" in reasons[0]
    assert "[tests[0].expected]: not allowed in a test value: 'unsafeCast 1'" in reasons[1]


def test_signature_names_and_types_must_be_lean(tmp_path):
    # these used to load, then every obligation was a parse error at a position of the rendered spec
    write(tmp_path, "a.md", GOOD.replace("id: clamp", "id: a"))
    write(tmp_path, "b.md", GOOD.replace("id: clamp", "id: b").replace("name: clampValue", "name: clamp-value"))
    write(
        tmp_path,
        "c.md",
        GOOD.replace("id: clamp", "id: c").replace("{name: x, type: Int}", '{name: x, type: "List (Int"}'),
    )
    write(tmp_path, "d.md", GOOD.replace("id: clamp", "id: d").replace("return_type: Int", "return_type: ':'"))
    loaded = load_dataset(tmp_path)
    assert [t.id for t in loaded.tasks] == ["a"]
    reasons = sorted(i.reason for i in loaded.invalid)
    assert reasons[0].endswith("b.md [signature.name]: not a Lean identifier: 'clamp-value'")
    assert "c.md [signature.params[0].type]: not Lean: 'List (Int': 1:10:" in reasons[1]
    assert "d.md [signature.return_type]: not Lean: ':'" in reasons[2]


def test_validate_points_a_reference_parse_error_at_the_field(tmp_path):
    from specbridge.evaluate.computable import validate_dataset

    write(tmp_path, "a.md", GOOD.replace('precond: "lo ≤ hi"', 'precond: "lo ≤ (hi"'))
    summary = validate_dataset(load_dataset(tmp_path).tasks)
    assert summary.error == summary.obligations > 0
    message = summary.details[0][2].message
    assert message.startswith("parse error ") and f"(in {tmp_path / 'a.md'} [reference.precond] at 1:9:" in message


def test_a_huge_bad_literal_is_reported_briefly(tmp_path):
    huge = "[" + "1, " * 4000 + "2"  # 12,002 characters, never closed; the reason must not echo all of it
    write(tmp_path, "a.md", GOOD.replace('expected: "3"', f'expected: "{huge}"'))
    (bad,) = load_dataset(tmp_path).invalid
    assert "[tests[0].expected]: not a Lean literal: '[1, 1, " in bad.reason and "(12002 characters)" in bad.reason
    assert "expected ',' or ']'" in bad.reason and len(bad.reason) < 400
