"""The interpreter's compiler, split by concern into mixins that `specbridge.lean.interp.Compiler` combines."""
