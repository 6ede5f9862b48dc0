"""Loading never takes the dataset down: every malformed file of tests/datasets/malformed.py, each beside three
good tasks, is one invalid task naming its file (or loads, when it is only unusual), within seconds."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from specbridge.datasets import load_dataset, load_task
from specbridge.errors import TaskFormatError

sys.path.insert(0, str(Path(__file__).parent))
import malformed  # noqa: E402 - the generator lives beside the tests

SECONDS_PER_LOAD = 5.0


class _Hang(Exception):
    pass


@contextmanager
def deadline(seconds: float):
    """Raise _Hang in this (main) thread after `seconds`: a hang fails the test instead of stalling the suite.
    SIGALRM also interrupts a blocking open() of a FIFO, the hang this guards against among others."""

    def on_alarm(signum, frame):  # noqa: ANN001, ARG001 - signal handler signature
        raise _Hang

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def outcome_of(folder: Path) -> dict:
    started = time.perf_counter()
    try:
        with deadline(SECONDS_PER_LOAD):
            loaded = load_dataset(folder)
    except _Hang:
        return {"timeout": SECONDS_PER_LOAD}
    except Exception as exc:  # noqa: BLE001 - whatever escapes is the failure being reported
        return {"error": f"{type(exc).__name__}: {exc}"}
    return {
        "tasks": [t.id for t in loaded.tasks],
        "invalid": [(i.path, i.reason) for i in loaded.invalid],
        "warnings": [w.message for w in loaded.warnings],
        "seconds": time.perf_counter() - started,
    }


def test_the_generator_covers_many_kinds():
    cases = malformed.all_cases()
    assert len(cases) >= 300
    assert sum(c.expect == "loads" for c in cases) >= 15  # unusual but legal input must keep loading


def test_every_malformed_file_is_one_invalid_task_beside_good_ones(tmp_path):
    problems = []
    slowest = 0.0
    for case in malformed.all_cases():
        outcome = outcome_of(malformed.build_case(case, tmp_path))
        slowest = max(slowest, outcome.get("seconds", SECONDS_PER_LOAD))
        problem = malformed.check(case, outcome)
        if problem is not None:
            problems.append(f"{case.name}: {problem}"[:400])
    assert problems == []
    assert slowest < SECONDS_PER_LOAD


# The kinds issue 12 lists, written into one folder: what `tasks`/`validate`/`run` meet on such a dataset.
LISTED_KINDS = (
    "v_description_file_int", "v_lean_file_list", "v_test_file_null", "v_desc_dir", "v_task_deep_obj",
    "md_deep_flow", "v_test_huge_int", "j_latin1", "v_desc_loop", "v_desc_dev_zero", "v_desc_fifo",
    "md_alias_bomb", "v_id_surrogate", "j_surrogate_id", "v_desc_abs", "v_desc_link_outside",
    "md_value_deep_brackets", "md_unknown_top", "md_type_typo",
)  # fmt: skip


def _listed_dataset(root: Path) -> Path:
    cases = {c.name: c for c in malformed.all_cases()}
    malformed.write_good_tasks(root)
    for name in LISTED_KINDS:
        cases[name].build(root, name)
    (root / "md_id_other.md").write_text(
        malformed.md_text(malformed.base_meta("renamed")), encoding="utf-8"
    )  # loads, with a warning
    return root


def test_one_folder_of_every_listed_kind_loads_its_good_tasks(tmp_path):
    folder = _listed_dataset(tmp_path / "ds")
    outcome = outcome_of(folder)
    assert "tasks" in outcome, outcome
    assert sorted(outcome["tasks"]) == sorted([*malformed.GOOD_IDS, "renamed"])
    named = {name for name in LISTED_KINDS if any(name in path for path, _ in outcome["invalid"])}
    assert named == set(LISTED_KINDS)
    assert len(outcome["invalid"]) == len(LISTED_KINDS)
    assert any("differs from the file name 'md_id_other'" in w for w in outcome["warnings"])


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "SPECBRIDGE_MODEL")}
    env["SPECBRIDGE_LEAN"] = "/nonexistent/lean"
    return subprocess.run(
        [sys.executable, "-m", "specbridge", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
        env=env,
    )


def test_cli_tasks_and_validate_survive_a_malformed_dataset(tmp_path):
    folder = _listed_dataset(tmp_path / "ds")
    listed = _cli("tasks", str(folder), "--json")
    assert "Traceback" not in listed.stderr
    data = json.loads(listed.stdout)
    assert data["tasks"] == len(malformed.GOOD_IDS) + 1
    assert len(data["invalid"]) == len(LISTED_KINDS)
    assert all(Path(item["path"]).name.split(".")[0].split(":")[0] in LISTED_KINDS for item in data["invalid"])
    assert any("testz" in item["reason"] and "did you mean 'tests'" in item["reason"] for item in data["invalid"])
    assert [w["message"] for w in data["warnings"] if "differs" in w["message"]]

    checked = _cli("validate", str(folder), "--json")
    assert "Traceback" not in checked.stderr
    summary = json.loads(checked.stdout)
    assert summary["tasks"] == len(malformed.GOOD_IDS) + 1
    assert summary["obligations"] > 0 and summary["error"] == 0 and summary["failed"] == 0

    db = tmp_path / "r.db"
    ran = _cli("run", str(folder), "--generator", "reference", "--db", str(db), "--json", cwd=tmp_path)
    assert "Traceback" not in ran.stderr
    reported = _cli("report", "--db", str(db), "--json", cwd=tmp_path)
    assert json.loads(reported.stdout)["tasks"] == len(malformed.GOOD_IDS) + 1, ran.stdout + ran.stderr


# ---------------------------------------------------------------- the fixes, one by one, with their messages


def test_a_misspelt_front_matter_key_is_an_error_naming_it(tmp_path):
    path = tmp_path / "t.md"
    meta = malformed.base_meta("t")
    meta["testz"] = meta.pop("tests")
    path.write_text(malformed.md_text(meta), encoding="utf-8")
    with pytest.raises(TaskFormatError) as info:
        load_task(path)
    assert "[testz]: unknown field 'testz': did you mean 'tests'?" in str(info.value)


def test_an_unknown_type_name_is_refused_with_its_position(tmp_path):
    path = tmp_path / "t.md"
    meta = malformed.base_meta("t")
    meta["signature"]["params"][1]["type"] = "List Lst"
    path.write_text(malformed.md_text(meta), encoding="utf-8")
    with pytest.raises(TaskFormatError) as info:
        load_task(path)
    assert "[signature.params[1].type]: unknown type 'Lst' at 1:6 in 'List Lst' (did you mean 'List'?)" in str(
        info.value
    )


def test_types_the_task_defines_and_type_variables_are_known(tmp_path):
    path = tmp_path / "t.md"
    meta = malformed.base_meta("t")
    meta["reference"]["aux"] = "structure Point where\n  x : Int\n"
    meta["signature"]["params"][0]["type"] = "List (Point × α)"
    meta["tests"] = []
    meta["reject_inputs"] = []
    path.write_text(malformed.md_text(meta), encoding="utf-8")
    assert load_task(path).signature.params[0].type == "List (Point × α)"


def test_verina_file_references_stay_inside_the_task_folder(tmp_path):
    folder = tmp_path / "t"
    files = malformed.verina_files("t")
    files["task.json"]["description_file"] = "/etc/hostname"
    malformed.write_verina(folder, files)
    with pytest.raises(TaskFormatError) as info:
        load_task(folder)
    assert "task.json [description_file]: '/etc/hostname' is outside the task folder" in str(info.value)


def test_a_fifo_description_is_refused_at_once(tmp_path):
    import os

    folder = tmp_path / "t"
    malformed.write_verina(folder, {k: v for k, v in malformed.verina_files("t").items() if k != "description.txt"})
    os.mkfifo(folder / "description.txt")
    with deadline(SECONDS_PER_LOAD), pytest.raises(TaskFormatError) as info:
        load_task(folder)
    assert "description.txt [description_file]: not a regular file (a FIFO)" in str(info.value)


def test_a_lone_surrogate_id_never_reaches_the_store(tmp_path):
    folder = tmp_path / "t"
    files = malformed.verina_files("t")
    files["task.json"] = json.dumps(files["task.json"]).replace('"id": "t"', '"id": "t\\ud800"')
    malformed.write_verina(folder, files)
    loaded = load_dataset(tmp_path)
    assert loaded.tasks == []
    assert "task.json [id]: a string with a lone surrogate" in loaded.invalid[0].reason


def test_a_deeply_nested_test_value_is_refused_before_the_parser(tmp_path):
    path = tmp_path / "t.md"
    meta = malformed.base_meta("t")
    meta["tests"][0]["expected"] = "[" * 25 + "]" * 25
    path.write_text(malformed.md_text(meta), encoding="utf-8")
    started = time.perf_counter()
    with pytest.raises(TaskFormatError) as info:
        load_task(path)
    assert time.perf_counter() - started < 1.0
    assert "[tests[0].expected]: not a usable test value" in str(info.value)
    assert "list brackets nested 25 deep; at most 10" in str(info.value)


def test_an_id_other_than_the_folder_name_is_a_warning(tmp_path):
    files = malformed.verina_files("other")
    malformed.write_verina(tmp_path / "t", files)
    loaded = load_dataset(tmp_path)
    assert [t.id for t in loaded.tasks] == ["other"]
    assert [w.message for w in loaded.warnings] == [
        f"{tmp_path / 't' / 'task.json'} [id]: the id 'other' differs from the folder name 't'"
    ]


# ---------------------------------------------------------------- random mutations (hypothesis)

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_GOOD_MD = malformed.md_text(malformed.base_meta("t")).encode("utf-8")
# SPECBRIDGE_FUZZ_EXAMPLES=5000 for a long hunt; the suite's default keeps it to a couple of seconds
_FUZZ = settings(
    max_examples=int(__import__("os").environ.get("SPECBRIDGE_FUZZ_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _load_one(write) -> None:  # noqa: ANN001 - a callable that writes into the folder
    """Write one task with `write(folder)`, load the folder: one task or one invalid entry, nothing raised."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write(folder)
        with deadline(SECONDS_PER_LOAD):
            loaded = load_dataset(folder)
        assert len(loaded.tasks) + len(loaded.invalid) == 1
        for bad in loaded.invalid:
            assert str(folder) in bad.reason


@_FUZZ
@given(edits=st.lists(st.tuples(st.integers(0, len(_GOOD_MD)), st.integers(0, 8), st.binary(max_size=4)), max_size=4))
def test_random_byte_edits_of_a_requirement_file_never_escape(edits):
    data = bytearray(_GOOD_MD)
    for at, cut, insert in edits:
        data[at : at + cut] = insert
    _load_one(lambda folder: (folder / "t.md").write_bytes(bytes(data)))


_MD_FIELDS = ["id", "signature", "signature.name", "signature.params", "signature.params.0", "signature.return_type",
              "reference", "reference.postcond", "tests", "tests.0", "tests.0.inputs", "tests.0.inputs.x",
              "tests.0.expected", "tests.0.unexpected", "tests.0.example", "reject_inputs.0.inputs"]  # fmt: skip


@_FUZZ
@given(path=st.sampled_from(_MD_FIELDS), value=_JSON)
def test_any_value_in_any_front_matter_field_never_escapes(path, value):
    def write(folder: Path) -> None:
        meta = malformed.base_meta("t")
        malformed.set_path(path, value)(meta)
        (folder / "t.md").write_text(malformed.md_text(meta), encoding="utf-8")

    _load_one(write)


_VERINA_FIELDS = [("task.json", k) for k in ("id", "signature", "signature.name", "signature.parameters",
                  "signature.parameters.0", "signature.parameters.0.param_type", "signature.return_type",
                  "description_file", "lean_file", "test_file", "reject_inputs_file", "metadata")] + [
    ("test.json", k) for k in ("", "0", "0.input", "0.input.x", "0.expected", "0.unexpected")
] + [("reject_inputs.json", "")]  # fmt: skip


@_FUZZ
@given(where=st.sampled_from(_VERINA_FIELDS), value=_JSON)
def test_any_value_in_any_verina_field_never_escapes(where, value):
    fname, path = where

    def write(folder: Path) -> None:
        files = malformed.verina_files("t")
        malformed.vset(fname, path, value)(files)
        malformed.write_verina(folder / "t", files)

    _load_one(write)


@_FUZZ
@given(front=st.text(alphabet=st.sampled_from(list("ab:-[]{}&*!|>'\"#\n \t?,%@`\\0.e") + ["\ud800", "\ufeff"]),
                     max_size=80))  # fmt: skip
def test_random_yaml_front_matter_never_escapes(front):
    data = f"---\n{front}\n---\nThe requirement.\n".encode("utf-8", "surrogatepass")
    _load_one(lambda folder: (folder / "t.md").write_bytes(data))


@_FUZZ
@given(line=st.binary(max_size=60) | _JSON.map(lambda v: json.dumps(v).encode()))
def test_random_jsonl_lines_never_escape(line):
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.jsonl"
        path.write_bytes(malformed.jsonl_line("good").encode() + b"\n" + line.replace(b"\n", b" ") + b"\n")
        with deadline(SECONDS_PER_LOAD):
            loaded = load_dataset(path)
        assert [t.id for t in loaded.tasks][:1] == ["good"]
        assert all(bad.reason.startswith(f"{path}:2") for bad in loaded.invalid)


def test_a_dataset_path_that_is_not_utf8_is_refused_up_front(tmp_path):
    from specbridge.errors import SpecBridgeError

    folder = tmp_path / "bad\udcffname"  # the byte 0xff, as Python decodes an undecodable file name
    malformed.write_good_tasks(folder)
    with pytest.raises(SpecBridgeError, match=r"bad\\udcffname: the dataset's path is not valid UTF-8"):
        load_dataset(folder)
