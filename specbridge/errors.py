"""One exception hierarchy: callers catch what they can handle and nothing else."""

from __future__ import annotations


class SpecBridgeError(Exception):
    """Base of every error SpecBridge raises on purpose."""


class TaskFormatError(SpecBridgeError):
    """A task file is malformed; the message names the file and the field or line."""

    def __init__(self, path: str, reason: str, *, field: str | None = None, line: int | None = None):
        self.path = path
        self.reason = reason
        self.field = field
        self.line = line
        where = path
        if line is not None:
            where += f":{line}"
        if field is not None:
            where += f" [{field}]"
        super().__init__(f"{where}: {reason}")


class LeanParseError(SpecBridgeError):
    """Lean text could not be parsed; carries the 1-based line:column and the offending token."""

    def __init__(self, message: str, line: int, column: int, token: str = ""):
        self.message = message
        self.line = line
        self.column = column
        self.token = token
        at = f" at {token!r}" if token else ""
        super().__init__(f"{line}:{column}: {message}{at}")


class EvaluationLimit(SpecBridgeError):
    """An evaluation hit a resource limit (steps, depth, time, integer size, search bound)."""

    def __init__(self, limit: str, detail: str = ""):
        self.limit = limit
        self.detail = detail
        super().__init__(f"limit reached: {limit}" + (f" ({detail})" if detail else ""))


class UnsupportedConstruct(SpecBridgeError):
    """The interpreter met a construct it does not implement; `construct` names it for reports."""

    def __init__(self, construct: str, detail: str = ""):
        self.construct = construct
        self.detail = detail
        super().__init__(f"unsupported: {construct}" + (f" ({detail})" if detail else ""))


class LeanRuntimeError(SpecBridgeError):
    """Evaluating a well-formed spec failed (unknown name, type mismatch, missing case)."""


class UntrustedSpecError(SpecBridgeError):
    """A spec contains a command that runs code or widens trust; it is refused before any layer."""


class LLMError(SpecBridgeError):
    """The model endpoint failed after retries, or its answer could not be used.

    `transient`: no answer came (connection, time-out, 429/5xx after the retries): trying later may work, so a
    resumed run tries again; a refusal or an unusable answer is final."""

    def __init__(self, message: str, *, transient: bool = False):
        super().__init__(message)
        self.transient = transient


class ConfigError(SpecBridgeError):
    """The configuration file or environment is invalid."""


class TestValueError(SpecBridgeError):
    """A test value (a Lean literal) does not have its declared type: `3.5` for an `Int`, `[1]` for a `Nat`."""

    __test__ = False  # not a pytest test class, despite the name
