import Lake
open Lake DSL

/-! SpecBridge's Lake package: Mathlib (at the release matching `lean-toolchain`) for layer 3, proof
validation, plus SpecBridge's own support modules in `lean_project/`. See docs/lean.md. -/

package specbridge

-- Keep this tag equal to the version in `lean-toolchain` (Mathlib tags a release per Lean release).
require mathlib from git
  "https://github.com/leanprover-community/mathlib4" @ "v4.29.0"

@[default_target]
lean_lib SpecBridge where
  srcDir := "lean_project"
