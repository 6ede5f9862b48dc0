import Lake
open Lake DSL

/-! SpecBridge's Lake package: Mathlib (at the release matching `lean-toolchain`) for layer 3, proof
validation, plus SpecBridge's own support modules in `lean_project/`. See docs/lean.md. -/

package specbridge

-- Keep this tag equal to the version in `lean-toolchain` and to `LEAN_RELEASE` in specbridge/lean/release.py
-- (Mathlib tags a release per Lean release; Batteries comes pinned by Mathlib's manifest).
require mathlib from git
  "https://github.com/leanprover-community/mathlib4" @ "v4.18.0"

@[default_target]
lean_lib SpecBridge where
  srcDir := "lean_project"
