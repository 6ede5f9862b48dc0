"""Pictures of runs with matplotlib (an optional extra: `pip install 'specbridge[plot]'`).

`plot_run`: verdicts per layer (hidden obligations) and the outcome of each task. `plot_comparison`: two runs
side by side, task by task, on the tasks both finished. PNG or SVG, chosen by the file's suffix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from specbridge.browse import COLOURS, task_outcome
from specbridge.errors import SpecBridgeError
from specbridge.store import RunInfo, Store

FORMATS = (".png", ".svg")
INSTALL_HINT = "matplotlib is not installed: pip install 'specbridge[plot]' (or pip install matplotlib)"
VERDICTS = ("pass", "fail", "unknown", "error", "unavailable")
OUTCOMES = ("sound & complete", "not sound & complete", "generation failed", "generation unavailable")


def _pyplot(path: Path) -> Any:
    if Path(path).suffix.lower() not in FORMATS:
        raise SpecBridgeError(f"{path}: a plot is written as .png or .svg (the file name says which)")
    try:
        import matplotlib
    except ImportError as exc:
        raise SpecBridgeError(INSTALL_HINT) from exc
    matplotlib.use("Agg")  # no display needed: we only write files
    import matplotlib.pyplot as plt

    return plt


def layer_counts(store: Store, run: RunInfo) -> dict[str, dict[str, int]]:
    counts: dict[str, dict[str, int]] = {}
    for row in store.evaluation_rows(run.id):
        if row["visibility"] == "example":
            continue
        counts.setdefault(row["layer"], dict.fromkeys(VERDICTS, 0))[row["verdict"]] += 1
    return counts


def task_outcomes(store: Store, run: RunInfo) -> dict[str, str]:
    """Each finished task's outcome, as the report counts it."""
    verdicts: dict[str, list[str]] = {}
    for row in store.evaluation_rows(run.id, "computable"):
        if row["visibility"] != "example":
            verdicts.setdefault(row["task_id"], []).append(row["verdict"])
    return {
        t["task_id"]: task_outcome(
            t["status"], bool(verdicts.get(t["task_id"])), all(v == "pass" for v in verdicts.get(t["task_id"], []))
        )
        for t in store.task_rows(run.id)
    }


def _save(plt: Any, fig: Any, path: Path) -> None:
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, bbox_inches="tight")
    except OSError as exc:
        raise SpecBridgeError(f"{path}: cannot write the plot ({exc.strerror or exc})") from exc
    finally:
        plt.close(fig)


def plot_run(store: Store, run: RunInfo, path: Path) -> None:
    """Left: stacked bars of verdicts per layer. Right: one bar per task, coloured by its outcome."""
    plt = _pyplot(path)
    counts = layer_counts(store, run)
    outcomes = task_outcomes(store, run)
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, max(3.0, 0.18 * len(outcomes) + 1.5)))
    layers = sorted(counts)
    # shares, not counts: the judge answers once per task, the other layers once per obligation
    totals = [sum(counts[layer].values()) or 1 for layer in layers]
    start = [0.0] * len(layers)
    for verdict in VERDICTS:
        widths = [100 * counts[layer][verdict] / t for layer, t in zip(layers, totals, strict=True)]
        left.barh(layers, widths, left=start, color=COLOURS[verdict], label=verdict)
        start = [s + w for s, w in zip(start, widths, strict=True)]
    left.set_yticks(range(len(layers)), [f"{layer}\n({t})" for layer, t in zip(layers, totals, strict=True)])
    left.set_xlim(0, 100)
    left.set_title(f"run {run.id} ({run.generator}): verdicts per layer, hidden obligations")
    left.set_xlabel("% of the layer's verdicts (count under the name; the judge: one per task)")
    left.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=5, fontsize="small")
    ids = list(outcomes)
    right.barh(ids, [1] * len(ids), color=[COLOURS[outcomes[t]] for t in ids])
    right.invert_yaxis()
    right.set_xticks([])
    right.tick_params(axis="y", labelsize=6)
    tally = {o: sum(1 for v in outcomes.values() if v == o) for o in OUTCOMES}
    shown = [o for o in OUTCOMES if tally[o]]
    handles = [plt.Rectangle((0, 0), 1, 1, color=COLOURS[o]) for o in shown]
    right.legend(handles, [f"{o} ({tally[o]})" for o in shown], loc="upper center", bbox_to_anchor=(0.5, -0.02))
    right.set_title("outcome per task")
    _save(plt, fig, path)


def plot_comparison(store: Store, first: RunInfo, second: RunInfo, path: Path) -> None:
    """The tasks both runs finished, one row each: the outcome in the first run beside the one in the second."""
    plt = _pyplot(path)
    a, b = task_outcomes(store, first), task_outcomes(store, second)
    common = [t for t in a if t in b]
    if not common:
        raise SpecBridgeError(f"runs {first.id} and {second.id} have no finished task in common: nothing to plot")
    fig, ax = plt.subplots(figsize=(7, max(3.0, 0.18 * len(common) + 1.5)))
    for column, outcomes in enumerate((a, b)):
        ax.barh(common, [0.9] * len(common), left=column, color=[COLOURS[outcomes[t]] for t in common])
    ax.invert_yaxis()
    ax.set_xticks([0.45, 1.45], [f"run {first.id} ({first.generator})", f"run {second.id} ({second.generator})"])
    ax.tick_params(axis="y", labelsize=6)
    handles = [plt.Rectangle((0, 0), 1, 1, color=COLOURS[o]) for o in OUTCOMES]
    ax.legend(handles, OUTCOMES, loc="upper center", bbox_to_anchor=(0.5, -0.04), ncol=2, fontsize="small")
    ax.set_title(f"{len(common)} common task(s): outcome per task")
    _save(plt, fig, path)
