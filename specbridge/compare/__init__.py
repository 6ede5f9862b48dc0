"""Spec comparison and amplified evaluation: generated inputs, an oracle, counterexamples.

`diff_specs(task, spec_a, spec_b)` judges two specs on the same generated (input, output) pairs plus the task's
tests; `diff_on_pairs` on explicit pairs only. See `specbridge.comparison` for the result records.
"""

from specbridge.compare.diff import ExplicitPair, diff_on_pairs, diff_specs, verdict_of

__all__ = ["ExplicitPair", "diff_on_pairs", "diff_specs", "verdict_of"]
