"""Small datasets for CLI tests: two `double` tasks, some of them with a wrong reference postcondition."""

from __future__ import annotations

from pathlib import Path

TASK = """---
id: {id}
signature:
  name: double
  params: [{{name: n, type: Nat}}]
  return_type: Nat
reference:
  precond: "n < 100"
  postcond: "{post}"
tests:
  - {{inputs: {{n: "3"}}, expected: "6", unexpected: ["5", "7"]}}
  - {{inputs: {{n: "0"}}, expected: "0", unexpected: ["1"]}}
reject_inputs:
  - {{inputs: {{n: "100"}}}}
---
Double a natural number below 100.
"""


def two_task_dataset(root: Path, *, wrong: tuple[str, ...] = ("t1",), name: str = "ds") -> Path:
    """t0 and t1; the tasks named in `wrong` have the postcondition `result = n`, which fails on n = 3."""
    folder = root / name
    folder.mkdir()
    for task_id in ("t0", "t1"):
        post = "result = n" if task_id in wrong else "result = 2 * n"
        (folder / f"{task_id}.md").write_text(TASK.format(id=task_id, post=post), encoding="utf-8")
    return folder
