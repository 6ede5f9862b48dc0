"""SpecBridge: natural-language requirements to Lean 4 specifications, evaluated in three layers."""

__version__ = "0.1.0"
