"""Layers 2 and 3 answer the same obligations; where both are definite (pass/fail) they must agree."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from specbridge.obligations import Status

DEFINITE = frozenset({Status.PASS, Status.FAIL})


@dataclass(frozen=True)
class Disagreement:
    """Two layers gave different definite verdicts on one obligation: a bug in one of them."""

    task_id: str
    key: str  # the obligation key, e.g. `post_rejects_2_1`
    statuses: tuple[tuple[str, Status], ...]  # (layer, status), sorted by layer

    def __str__(self) -> str:
        said = ", ".join(f"{layer}={status.value}" for layer, status in self.statuses)
        return f"{self.task_id} {self.key}: {said}"


Row = tuple[str, str, str, str] | Mapping[str, str]


def _fields(row: Row) -> tuple[str, str, str, Status]:
    if isinstance(row, Mapping):
        task_id, key, layer, status = row["task_id"], row["key"], row["layer"], row["status"]
    else:
        task_id, key, layer, status = row
    return str(task_id), str(key), str(layer), Status(status)


def find_disagreements(rows: Iterable[Row], layers: tuple[str, str] = ("computable", "proof")) -> list[Disagreement]:
    """Obligations on which `layers` both gave pass/fail and disagree, sorted by task and key.

    Rows are `(task_id, obligation key, layer, status)` tuples or mappings with those keys; rows of other
    layers and non-definite statuses (unknown, error, unavailable) are ignored.
    """
    seen: dict[tuple[str, str], dict[str, Status]] = {}
    for row in rows:
        task_id, key, layer, status = _fields(row)
        if layer in layers and status in DEFINITE:
            seen.setdefault((task_id, key), {})[layer] = status
    out = []
    for (task_id, key), by_layer in sorted(seen.items()):
        if len(by_layer) == len(layers) and len(set(by_layer.values())) > 1:
            out.append(Disagreement(task_id, key, tuple(sorted(by_layer.items()))))
    return out
