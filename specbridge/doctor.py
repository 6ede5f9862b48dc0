"""`specbridge doctor`: what this machine can run — Python, the LLM endpoint, the Lean toolchain — and fixes."""

from __future__ import annotations

import platform
import re
import sys
from typing import Any

from pydantic import BaseModel

from specbridge.settings import Settings

GOOD = ("ok", "available", "reachable", "configured")


class Check(BaseModel):
    status: str
    detail: dict[str, Any] = {}
    fix: str | None = None

    @property
    def good(self) -> bool:
        return self.status in GOOD


def check_python() -> Check:
    ok = sys.version_info >= (3, 11)
    return Check(
        status="ok" if ok else "too old",
        detail={"version": platform.python_version(), "executable": sys.executable},
        fix=None if ok else "install Python 3.11 or newer",
    )


def check_llm(settings: Settings, *, probe: bool = True) -> Check:
    """Configured or not, and when configured whether the endpoint answers (a `models` listing, short timeout)."""
    llm = settings.llm
    detail: dict[str, Any] = {"base_url": llm.base_url or "https://api.openai.com/v1", "model": llm.model}
    if not llm.configured:
        return Check(
            status="not configured",
            detail=detail,
            fix="set SPECBRIDGE_MODEL and OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (any OpenAI-compatible "
            "server); without them `specbridge run` uses the offline generator and the judge is unavailable",
        )
    if not probe:
        return Check(status="configured", detail=detail)
    try:
        import openai

        client = openai.OpenAI(api_key=llm.api_key or "unused", base_url=llm.base_url, timeout=5.0, max_retries=0)
        client.models.list()
    except Exception as exc:  # any failure means "not reachable"; the message says which
        return Check(
            status="unreachable",
            detail={**detail, "error": f"{type(exc).__name__}: {exc}"[:300]},
            fix="check the endpoint URL, the key and the network; `specbridge run` will report LLM errors per task",
        )
    return Check(status="reachable", detail=detail)


def check_lean(settings: Settings) -> Check:
    from pathlib import Path

    from specbridge.lean.toolchain import lean_status

    status = lean_status(settings.lean)
    data = status.model_dump() if hasattr(status, "model_dump") else dict(status.__dict__)
    fix = data.pop("fix", None)
    if fix and not (Path(status.project_dir) / "lakefile.lean").is_file():
        # a plain `pip install .` has no Lake project beside it: `lake exe cache get` in the current directory
        # would not help, so say where the project is
        fix += (
            f"; {status.project_dir} is not SpecBridge's Lake project (lakefile.lean, lean-toolchain, "
            "lean_project/): they are in the SpecBridge source repository; set lean.project_dir (specbridge.toml) "
            "to a checkout of it"
        )
    return Check(status=data.pop("status"), detail=data, fix=fix)


def doctor(settings: Settings, *, probe_llm: bool = True) -> dict[str, Check]:
    """Every check, keyed as in `doctor --json`: python, llm, lean. Fixes name absolute paths, so that they work
    whatever the current directory (and say where a file is when the package was installed without sources)."""
    checks = {"python": check_python(), "llm": check_llm(settings, probe=probe_llm), "lean": check_lean(settings)}
    return {k: c.model_copy(update={"fix": anywhere(c.fix)}) if c.fix else c for k, c in checks.items()}


_DOC = re.compile(r"\bdocs/([\w.-]+\.md)\b")


def anywhere(fix: str) -> str:
    """`docs/lean.md` as an absolute path when the source repository is there, else said to be in it."""
    from specbridge.lean.toolchain import REPO_ROOT

    def place(match: re.Match[str]) -> str:
        path = REPO_ROOT / "docs" / match.group(1)
        return str(path) if path.is_file() else f"docs/{match.group(1)} in the SpecBridge source repository"

    return _DOC.sub(place, fix)
