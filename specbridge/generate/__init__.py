"""Generators behind one interface, looked up by name."""

from __future__ import annotations

import importlib

from specbridge.errors import SpecBridgeError
from specbridge.generate.base import Generation, GenerationContext, Generator, Round, Usage

__all__ = ["Generation", "GenerationContext", "Generator", "Round", "Usage", "get_generator", "GENERATORS"]

# name -> "module:Class"; modules are imported on first use so `reference` runs without optional pieces.
GENERATORS: dict[str, str] = {
    "reference": "specbridge.generate.reference:ReferenceGenerator",
    "offline": "specbridge.generate.offline:OfflineGenerator",
    "baseline": "specbridge.generate.llm_generators:BaselineGenerator",
    "specbridge": "specbridge.generate.llm_generators:SpecBridgeGenerator",
}


def get_generator(name: str) -> Generator:
    """The generator called `name`; raises SpecBridgeError naming the known ones otherwise."""
    if name not in GENERATORS:
        raise SpecBridgeError(f"unknown generator {name!r}; choose one of: {', '.join(GENERATORS)}")
    module_name, class_name = GENERATORS[name].split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise SpecBridgeError(f"generator {name!r} is not available in this build ({exc})") from exc
    return getattr(module, class_name)()
