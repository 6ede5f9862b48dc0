"""The three evaluation layers, built from Settings in one place."""

from __future__ import annotations

from specbridge.evaluate.base import Layer
from specbridge.evaluate.judge import JudgeLayer
from specbridge.settings import Settings

LAYER_NAMES = ("judge", "computable", "proof")


def build_layers(settings: Settings) -> list[Layer]:
    """Judge (layer 1), computable validation (layer 2) and proof validation (layer 3), in that order."""
    from specbridge.evaluate.computable import ComputableLayer
    from specbridge.evaluate.proof import ProofLayer

    return [JudgeLayer(settings), ComputableLayer(settings.computable), ProofLayer(settings.lean)]
