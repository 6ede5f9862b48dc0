"""Lean's `--json` messages as typed records.

`lean --json FILE` prints one JSON object per line, the `ToJson` of `Lean.SerialMessage`
(src/Lean/Message.lean): `BaseMessage String` — `fileName`, `pos` {line, column}, optional `endPos`,
`keepFullRange`, `severity` ("information" | "warning" | "error"), `isSilent`, `caption`, `data` — plus
`kind`, the message's top-level tag (a `Name`). Older toolchains omit `keepFullRange`, `isSilent` and
`kind`, so those have defaults. Lines are 1-based; columns are 0-based codepoint offsets, as in Lean.

A line that is not such a JSON object (Lake's progress output, a crash trace) is kept as a `RawLine`,
never dropped silently and never a crash.
"""

from __future__ import annotations

import json
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, ValidationError


class Severity(StrEnum):
    """`Lean.MessageSeverity`, serialized by its derived `ToJson` as the constructor name."""

    INFORMATION = "information"
    WARNING = "warning"
    ERROR = "error"


class Position(BaseModel):
    """`Lean.Position`: `line` is 1-based, `column` is a 0-based codepoint offset."""

    model_config = ConfigDict(frozen=True, populate_by_name=True)

    line: int
    column: int


class LeanMessage(BaseModel):
    """One `Lean.SerialMessage` as printed by `lean --json`; field aliases are the wire names."""

    model_config = ConfigDict(frozen=True, populate_by_name=True, extra="ignore")

    file_name: str = Field(alias="fileName")
    """The file the message is about (as passed to `lean`)."""
    pos: Position
    """Where the message starts."""
    end_pos: Position | None = Field(default=None, alias="endPos")
    """Where it ends, when Lean knows (`none` is omitted or `null` on the wire)."""
    keep_full_range: bool = Field(default=False, alias="keepFullRange")
    """Whether an editor should show the range as given (newer toolchains only)."""
    severity: Severity = Severity.ERROR
    """information / warning / error."""
    is_silent: bool = Field(default=False, alias="isSilent")
    """Silent messages are for the language server only (newer toolchains only)."""
    caption: str = ""
    """A short caption, often empty."""
    data: str
    """The rendered message text."""
    kind: str = ""
    """The message's top-level tag (`Name`), e.g. `` `unsafe.exponentiation.warning ``; empty when untagged."""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @property
    def text(self) -> str:
        """The message as a human reads it: caption (if any) and data."""
        return f"{self.caption}:\n{self.data}" if self.caption else self.data

    def short(self, limit: int = 400) -> str:
        """`line:column: severity: text`, the text shortened to `limit` characters."""
        body = self.text.strip()
        if len(body) > limit:
            body = body[: limit - 1] + "…"
        return f"{self.pos.line}:{self.pos.column}: {self.severity.value}: {body}"


class RawLine(BaseModel):
    """Output that is not a Lean message (Lake's progress lines, a panic, a truncated line)."""

    model_config = ConfigDict(frozen=True)

    text: str
    reason: str


class ParsedOutput(BaseModel):
    """Everything one `lean --json` run printed, split into messages and anything else."""

    model_config = ConfigDict(frozen=True)

    messages: tuple[LeanMessage, ...] = ()
    raw: tuple[RawLine, ...] = ()

    @property
    def errors(self) -> tuple[LeanMessage, ...]:
        return tuple(m for m in self.messages if m.is_error)


def parse_message(line: str) -> LeanMessage | RawLine:
    """One output line as a `LeanMessage`, or a `RawLine` saying why it is not one."""
    stripped = line.strip()
    try:
        obj = json.loads(stripped)
    except json.JSONDecodeError as exc:
        return RawLine(text=line, reason=f"not JSON: {exc.msg}")
    if not isinstance(obj, dict):
        return RawLine(text=line, reason="JSON but not an object")
    try:
        return LeanMessage.model_validate(obj)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return RawLine(text=line, reason=f"not a Lean message: {where}: {first['msg']}")


def parse_output(stdout: str) -> ParsedOutput:
    """All of `lean --json`'s stdout: one message per non-empty line, in order."""
    messages: list[LeanMessage] = []
    raw: list[RawLine] = []
    for line in stdout.splitlines():
        if not line.strip():
            continue
        item = parse_message(line)
        if isinstance(item, LeanMessage):
            messages.append(item)
        else:
            raw.append(item)
    return ParsedOutput(messages=tuple(messages), raw=tuple(raw))
