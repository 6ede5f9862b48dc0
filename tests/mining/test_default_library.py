"""The shipped default pattern library is the one the default corpus mines into (rebuild command in README)."""

from __future__ import annotations

import json
from pathlib import Path

from specbridge.mining.library import load_library, mine
from specbridge.mining.transfer import default_library_path

REPO = Path(__file__).resolve().parents[2]


def test_default_library_is_up_to_date(monkeypatch) -> None:  # noqa: ANN001 - pytest fixture
    monkeypatch.chdir(REPO)  # the library records its source as given: `datasets/examples`
    shipped = default_library_path()
    assert shipped.is_file(), "run: specbridge mine datasets/examples --out specbridge/data/patterns.json"
    fresh = mine(["datasets/examples"]).library
    assert json.loads(fresh.to_json()) == json.loads(shipped.read_text(encoding="utf-8")), (
        "the default library is stale: specbridge mine datasets/examples --out specbridge/data/patterns.json"
    )
    lib = load_library(shipped)
    assert lib.round_trip_ok == lib.specs and lib.patterns
