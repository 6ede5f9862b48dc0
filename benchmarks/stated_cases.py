"""The edge cases a requirement states in words (an empty or one-element input: "An empty list gives 0") and the
examples it works through ("the average of 4 and 7 is 5", "[1, 5, 2] zigzags but [1, 5, 7] does not"), read as
visible examples by the offline generator (`specbridge.generate.enumerate.empty_case_tests`, `stated_tests`): how
many agree with the task's reference spec?

Each task is given exactly its first test as the visible example (the other inputs a statement leaves free are
taken from it), the statements are read, and each is checked as a test of the reference spec (its precondition
admits the input, its postcondition the stated result) in the computable layer. A disagreement is a misreading,
or a requirement its own reference contradicts.

    .venv/bin/python benchmarks/stated_cases.py [DATASET ...] [--json]

DATASET defaults to ../shared/verina-dev and the shipped development sets (not heldout5/heldout6: measure those
only with the generator, at the end).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from offline_leave_one_out import exactly_first  # noqa: E402

from specbridge.datasets import load_dataset  # noqa: E402
from specbridge.generate.enumerate import empty_case_tests, stated_tests  # noqa: E402
from specbridge.obligations import Status, build_obligations  # noqa: E402
from specbridge.settings import Settings  # noqa: E402
from specbridge.tasks import render_spec_source  # noqa: E402

DEFAULT = [
    REPO.parent / "shared" / "verina-dev",
    *(REPO / "datasets" / name for name in ("examples", "heldout", "heldout2", "heldout3", "heldout4", "heldout7")),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("datasets", nargs="*", default=[str(p) for p in DEFAULT])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    from specbridge.evaluate.computable import ComputableLayer

    layer = ComputableLayer(Settings().computable)
    rows = []
    for path in args.datasets:
        if not Path(path).exists():
            print(f"{path}: not found, skipped", file=sys.stderr)
            continue
        for task in load_dataset(Path(path)).tasks:
            if task.reference is None or not task.tests:
                continue
            shown = exactly_first(task, 1).visible_view()
            said = [("edge", c) for c in empty_case_tests(shown)] + [("worked", c) for c in stated_tests(shown)]
            for kind, case in said:
                alone = task.model_copy(update={"tests": (case,), "reject_inputs": ()})
                obligations = build_obligations(alone, include_examples=True)
                verdicts = layer.evaluate(alone, render_spec_source(alone.signature, task.reference), obligations)
                agrees = all(v.status is Status.PASS for v in verdicts)
                rows.append(
                    {"task": task.id, "kind": kind, "inputs": case.inputs, "stated": case.expected, "agrees": agrees}
                )
    agree = sum(r["agrees"] for r in rows)
    if args.json:
        print(json.dumps({"statements": len(rows), "agree": agree, "rows": rows}, ensure_ascii=False))
        return 0
    for r in rows:
        print(f"{'ok ' if r['agrees'] else 'NO '} {r['kind']:<6} {r['task']:<28} {r['inputs']} -> {r['stated']}")
    for kind in ("edge", "worked"):
        mine = [r for r in rows if r["kind"] == kind]
        ok = sum(r["agrees"] for r in mine)
        print(f"{len(mine)} stated {kind} cases read; {ok} agree with the reference spec, {len(mine) - ok} do not")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
