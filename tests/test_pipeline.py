"""Pipeline pieces: automatic parallelism, and generation that refuses untrusted specs before any layer."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from specbridge.errors import SpecBridgeError
from specbridge.generate import GenerationContext
from specbridge.pipeline import auto_workers, generate_checked
from specbridge.settings import LeanSettings, LLMSettings, Settings
from specbridge.tasks import Param, ReferenceSpec, Signature, Task


def proof_layer(available: bool):
    return SimpleNamespace(name="proof", status=SimpleNamespace(available=available))


def test_auto_workers():
    settings = Settings(lean=LeanSettings(workers=3), llm=LLMSettings(concurrency=5))
    assert auto_workers("reference", settings, [proof_layer(False)]) == 1
    assert auto_workers("reference", settings, [proof_layer(True)]) == 3
    assert auto_workers("specbridge", settings, [proof_layer(False)]) == 5


def test_untrusted_reference_spec_is_refused():
    task = Task(
        id="t",
        requirement="r",
        signature=Signature(name="f", params=(Param(name="x", type="Nat"),), return_type="Nat"),
        reference=ReferenceSpec(postcond="result = x", aux='#eval IO.println "hi"'),
    )
    generation = generate_checked(task, "reference", GenerationContext(settings=Settings()))
    assert generation.error is not None and generation.error.startswith("refused untrusted spec")
    assert "#eval" in generation.error


def test_a_crashing_layer_or_generator_does_not_stop_the_task(monkeypatch):
    from specbridge.generate import Generation
    from specbridge.obligations import Status
    from specbridge.pipeline import evaluate_task
    from specbridge.tasks import TestCase

    class Broken:
        name = "computable"

        def evaluate(self, task, spec_text, obligations):
            raise ZeroDivisionError("bug")

    task = Task(
        id="t",
        requirement="r",
        signature=Signature(name="f", params=(Param(name="x", type="Nat"),), return_type="Nat"),
        tests=(TestCase(inputs={"x": "1"}, expected="1"),),
    )
    outcome = evaluate_task(task, Generation(generator="g", spec_text="x"), [Broken()])
    assert [r.verdict.status for r in outcome.evaluations] == [Status.UNKNOWN, Status.UNKNOWN]
    assert "internal error in the computable layer: ZeroDivisionError" in outcome.evaluations[0].verdict.message

    class Short:  # a layer bug that returns too few verdicts used to crash the batch in zip(strict=True)
        name = "proof"

        def evaluate(self, task, spec_text, obligations):
            return []

    outcome = evaluate_task(task, Generation(generator="g", spec_text="x"), [Short()])
    assert [r.verdict.status for r in outcome.evaluations] == [Status.UNKNOWN, Status.UNKNOWN]
    assert "0 verdicts for 2 obligations" in outcome.evaluations[0].verdict.message

    class Crashing:
        name = "offline"

        def generate(self, task, context):
            raise KeyError("oops")

    monkeypatch.setattr("specbridge.pipeline.get_generator", lambda name: Crashing())
    generation = generate_checked(task, "offline", GenerationContext(settings=Settings()))
    assert generation.error.startswith("internal error in the generator: KeyError")


def test_several_corpora_are_loaded_and_named_in_the_fingerprint(tmp_path: Path) -> None:
    from specbridge.generate.single import load_corpus
    from specbridge.pipeline import run_fingerprint
    from specbridge.resources import default_corpus_dir

    examples = default_corpus_dir()
    one = load_corpus(examples)
    assert len(load_corpus([examples, examples])) == 2 * len(one)
    with pytest.raises(SpecBridgeError, match="nowhere"):
        load_corpus([examples, tmp_path / "nowhere"])
    settings = Settings()
    single = run_fingerprint(examples, "offline", settings, 0, 0, examples)
    assert run_fingerprint(examples, "offline", settings, 0, 0, [examples]) == single  # old runs still resume
    assert run_fingerprint(examples, "offline", settings, 0, 0, [examples, tmp_path]) != single
    assert run_fingerprint(examples, "offline", settings, 0, 0, examples, patterns=tmp_path / "p.json") != single


def test_a_library_alone_brings_its_own_corpus(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001 - fixture
    """`run --patterns FILE` without `--corpus` retrieves from (and mines terms of) the corpus the library was
    mined from, when it is still on disk, not from the default examples."""
    import shutil

    from specbridge.generate.single import library_corpus
    from specbridge.mining.library import load_library, mine
    from specbridge.pipeline import RunOptions, prepare_run
    from specbridge.resources import default_corpus_dir

    corpus = tmp_path / "corpus"
    shutil.copytree(default_corpus_dir(), corpus)
    for extra in sorted(corpus.iterdir())[3:]:
        extra.unlink()  # a corpus of three tasks, unlike the default's
    monkeypatch.chdir(tmp_path)
    library = tmp_path / "lib.json"
    library.write_text(mine(["corpus"]).library.to_json(), encoding="utf-8")
    assert library_corpus(load_library(library), library) == [tmp_path / "corpus"]
    prepared = prepare_run(RunOptions(dataset=corpus, patterns=library, db=tmp_path / "r.db"), Settings())
    from specbridge.generate.single import load_corpus

    mine_corpus = load_corpus(corpus)
    assert 0 < len(mine_corpus) < len(load_corpus(default_corpus_dir()))
    assert [t.id for t in prepared.context.corpus] == [t.id for t in mine_corpus]
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")  # the sources resolve beside the library file too
    assert library_corpus(load_library(library), library) == [tmp_path / "corpus"]
    shutil.rmtree(corpus)
    assert library_corpus(load_library(library), library) == []  # gone: the default corpus, as before
