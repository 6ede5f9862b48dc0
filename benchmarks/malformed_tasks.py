"""How the loaders meet malformed task files: each kind of tests/datasets/malformed.py beside 3 good tasks.

`python benchmarks/malformed_tasks.py [OUT]` builds one dataset folder per kind, loads each in a forked
process with a 10 s deadline and prints the kinds whose outcome is wrong (an exception escaped, a hang, a bad
file accepted or skipped, a reason that does not name the file/field), then the tally and the slowest load.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "datasets"))

import malformed  # noqa: E402 - the generator lives with the tests that use it

if __name__ == "__main__":
    malformed.main()
