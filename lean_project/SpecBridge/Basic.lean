import Mathlib.Tactic

/-!
# SpecBridge support

SpecBridge's rendering (specbridge/lean/render.py) spells out its tactic cascade in every obligation, so the
files it writes only need Mathlib. `specbridge_cascade` is the same default cascade as one tactic, for
working on a rendered obligation by hand:

    theorem obl_pre_accepts_0 : f_precond ([1, 2] : List Int) := by
      simp only [f_precond]; specbridge_cascade
-/

namespace SpecBridge

/-- Try, in order, `decide`, `rfl`, `simp_all`, `omega`, `norm_num`, `aesop`; each must close the goal. -/
macro "specbridge_cascade" : tactic =>
  `(tactic| first
    | (decide; done)
    | (rfl; done)
    | (simp_all; done)
    | (omega; done)
    | (norm_num; done)
    | (aesop; done))

end SpecBridge
