"""Lean's `--json` messages parse into typed records; anything else is kept as raw lines, never a crash."""

from __future__ import annotations

from pathlib import Path

from specbridge.lean.messages import LeanMessage, RawLine, Severity, parse_message, parse_output

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "lean"


def test_current_format_all_fields() -> None:
    out = parse_output((FIXTURES / "messages_v4_29.jsonl").read_text(encoding="utf-8"))
    assert out.raw == ()
    assert [m.severity for m in out.messages] == [
        Severity.ERROR,
        Severity.INFORMATION,
        Severity.WARNING,
        Severity.ERROR,
    ]
    first = out.messages[0]
    assert first.file_name == "/tmp/Obligations.lean"
    assert (first.pos.line, first.pos.column) == (12, 4)
    assert first.end_pos is not None and first.end_pos.column == 7
    assert first.data == "unknown identifier 'foo'"
    assert out.messages[1].end_pos is None
    assert out.messages[2].kind == "deprecated"
    assert len(out.errors) == 2
    assert "⊢ xs.length > 0" in out.messages[3].data


def test_legacy_format_without_kind_and_flags() -> None:
    out = parse_output((FIXTURES / "messages_legacy.jsonl").read_text(encoding="utf-8"))
    assert len(out.messages) == 2 and out.raw == ()
    assert out.messages[0].kind == "" and out.messages[0].is_silent is False
    assert out.messages[1].end_pos is None


def test_non_messages_are_kept_as_raw_lines() -> None:
    out = parse_output((FIXTURES / "mixed_output.txt").read_text(encoding="utf-8"))
    assert len(out.messages) == 1
    assert out.messages[0].data == "unknown module prefix 'Mathlib'"
    reasons = [r.reason for r in out.raw]
    assert len(out.raw) == 4  # progress line, panic, incomplete message, JSON list
    assert any("not JSON" in r for r in reasons)
    assert any("not a Lean message" in r for r in reasons)
    assert any("not an object" in r for r in reasons)


def test_aliases_are_wire_names_both_ways() -> None:
    item = parse_message('{"fileName":"a.lean","pos":{"line":1,"column":0},"severity":"warning","data":"x"}')
    assert isinstance(item, LeanMessage)
    dumped = item.model_dump(by_alias=True)
    assert {"fileName", "pos", "endPos", "keepFullRange", "isSilent", "severity", "caption", "data"} <= set(dumped)


def test_bad_severity_is_raw() -> None:
    item = parse_message('{"fileName":"a.lean","pos":{"line":1,"column":0},"severity":"fatal","data":"x"}')
    assert isinstance(item, RawLine) and "severity" in item.reason


def test_short_form_and_caption() -> None:
    m = LeanMessage.model_validate(
        {"fileName": "a", "pos": {"line": 3, "column": 2}, "severity": "error", "caption": "cap", "data": "x" * 500}
    )
    s = m.short(limit=50)
    assert s.startswith("3:2: error: cap:") and s.endswith("…") and len(s) < 80
