"""Shared fixtures. Tests that need ../shared/verina-dev skip with the reason when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
VERINA_DEV = REPO_ROOT.parent / "shared" / "verina-dev"
EXAMPLES = REPO_ROOT / "datasets" / "examples"


@pytest.fixture(scope="session")
def verina_dev() -> Path:
    """The VERINA development set beside the repository (never copied into it)."""
    if not VERINA_DEV.is_dir():
        pytest.skip(f"VERINA dev set not found at {VERINA_DEV} (../shared is absent)")
    return VERINA_DEV


@pytest.fixture(scope="session")
def examples_dir() -> Path:
    return EXAMPLES
