"""Files shipped inside the package (package data): found through importlib.resources, so that a plain
`pip install .` (not editable) has them as well as a source checkout."""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path


def package_path(name: str) -> Path:
    """A folder of package data, as a filesystem path (setuptools installs the package as plain files)."""
    return Path(str(files("specbridge") / name))


def default_corpus_dir() -> Path:
    """The solved example tasks (`specbridge/examples`, also reachable as `datasets/examples` in a checkout)."""
    return package_path("examples")


def prompts_dir() -> Path:
    """The jinja2 prompt templates: $SPECBRIDGE_PROMPTS when set, else `specbridge/prompts` in the package."""
    override = os.environ.get("SPECBRIDGE_PROMPTS")
    return Path(override) if override else package_path("prompts")
