"""Finding a Lean toolchain, in one place: which binary to run, in which Lake project, and whether Mathlib is there.

Order: `LeanSettings.lean` (set from `SPECBRIDGE_LEAN` by `load_settings`) — a path to a `lake` binary (we run
`lake env lean --json FILE` in the project) or to a `lean` binary (we run `lean --json FILE`); else `lake` on
PATH; else `~/.elan/bin/lake`. With `lake`, Mathlib must be present in the project (`.lake/packages/mathlib`,
fetched by `lake exe cache get`), since every rendered file imports it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from specbridge.settings import LeanSettings

REPO_ROOT = Path(__file__).resolve().parents[2]

INSTALL_FIX = (
    "install elan (curl https://raw.githubusercontent.com/leanprover/elan/master/elan-init.sh -sSf | sh), "
    "then run `lake exe cache get` in {project}; or set SPECBRIDGE_LEAN to a `lean` or `lake` binary "
    "(see docs/lean.md)"
)


class LeanStatus(BaseModel):
    """Whether layer 3 can run, with what, and how to fix it when it cannot."""

    status: Literal["available", "unavailable"]
    mode: Literal["lake", "lean"] | None = None  # `lake env lean …` or a bare `lean …`
    lean: str | None = None  # the `lean` binary, in `lean` mode
    lake: str | None = None  # the `lake` binary, in `lake` mode
    project_dir: str
    mathlib: bool = False  # .lake/packages/mathlib exists in the project
    version: str | None = None  # `lean --version`, when probed
    fix: str = ""  # what to do when unavailable (empty when available)

    @property
    def available(self) -> bool:
        return self.status == "available"

    def command(self, lean_file: Path | str) -> list[str]:
        """The argv that checks `lean_file` and prints JSON messages (run it with cwd = project_dir)."""
        if self.mode == "lake" and self.lake:
            return [self.lake, "env", "lean", "--json", str(lean_file)]
        if self.mode == "lean" and self.lean:
            return [self.lean, "--json", str(lean_file)]
        raise RuntimeError(f"no Lean toolchain: {self.fix}")

    def environment(self) -> dict[str, str]:
        """Environment for the Lean process: in `lean` mode, LEAN_PATH gains the project's built packages."""
        env = dict(os.environ)
        if self.mode == "lean" and "LEAN_PATH" not in env:
            root = Path(self.project_dir) / ".lake"
            libs = [root / "build" / "lib" / "lean", root / "build" / "lib"]
            packages = root / "packages"
            if packages.is_dir():
                for pkg in sorted(packages.iterdir()):
                    libs += [pkg / ".lake" / "build" / "lib" / "lean", pkg / ".lake" / "build" / "lib"]
            existing = [str(p) for p in libs if p.is_dir()]
            if existing:
                env["LEAN_PATH"] = os.pathsep.join(existing)
        return env


def project_dir(settings: LeanSettings) -> Path:
    """The Lake project: `settings.project_dir`, else the repository root (where lakefile.lean lives)."""
    if settings.project_dir:
        return Path(settings.project_dir).expanduser().resolve()
    if (REPO_ROOT / "lakefile.lean").is_file():
        return REPO_ROOT
    return Path.cwd()


def _executable(path: str | Path) -> bool:
    p = Path(path)
    return p.is_file() and os.access(p, os.X_OK)


def find_binary(settings: LeanSettings) -> tuple[Literal["lake", "lean"], str] | None:
    """The configured or discovered binary and its mode, or None."""
    if settings.lean:
        configured = Path(settings.lean).expanduser()
        resolved = str(configured) if _executable(configured) else shutil.which(settings.lean)
        if resolved is None:
            return None
        mode: Literal["lake", "lean"] = "lake" if Path(resolved).name.startswith("lake") else "lean"
        return mode, resolved
    on_path = shutil.which("lake")
    if on_path:
        return "lake", on_path
    elan = Path.home() / ".elan" / "bin" / "lake"
    if _executable(elan):
        return "lake", str(elan)
    return None


def lean_status(settings: LeanSettings, *, probe_version: bool = True) -> LeanStatus:
    """Find the toolchain (never raises): `available` with the command to run, or `unavailable` with the fix."""
    project = project_dir(settings)
    mathlib = (project / ".lake" / "packages" / "mathlib").is_dir()
    found = find_binary(settings)
    if found is None:
        if settings.lean:
            fix = f"SPECBRIDGE_LEAN / lean.lean is set to {settings.lean!r}, which is not an executable file"
        else:
            fix = "no Lean toolchain found (no `lake` on PATH, no ~/.elan/bin/lake): " + INSTALL_FIX.format(
                project=project
            )
        return LeanStatus(status="unavailable", project_dir=str(project), mathlib=mathlib, fix=fix)
    mode, binary = found
    status = LeanStatus(
        status="available",
        mode=mode,
        lean=binary if mode == "lean" else None,
        lake=binary if mode == "lake" else None,
        project_dir=str(project),
        mathlib=mathlib,
    )
    if mode == "lake" and not (project / "lakefile.lean").is_file() and not (project / "lakefile.toml").is_file():
        return status.model_copy(
            update={"status": "unavailable", "fix": f"{project} is not a Lake project (no lakefile.lean)"}
        )
    if mode == "lake" and not mathlib:
        return status.model_copy(
            update={
                "status": "unavailable",
                "fix": f"Mathlib is not in {project}/.lake/packages: run `lake exe cache get` in {project}",
            }
        )
    if probe_version:
        argv = [binary, "env", "lean", "--version"] if mode == "lake" else [binary, "--version"]
        try:
            done = subprocess.run(
                argv, cwd=project, capture_output=True, text=True, timeout=60, env=status.environment()
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return status.model_copy(update={"status": "unavailable", "fix": f"`{' '.join(argv)}` failed: {exc}"})
        if done.returncode != 0:
            detail = (done.stderr or done.stdout).strip().splitlines()[-1:] or [f"exit code {done.returncode}"]
            return status.model_copy(update={"status": "unavailable", "fix": f"`{' '.join(argv)}` failed: {detail[0]}"})
        first = done.stdout.strip().splitlines()[0] if done.stdout.strip() else ""
        if not first.startswith("Lean (version"):
            # `SPECBRIDGE_LEAN=/usr/bin/true` exits 0 too: only Lean's own version line says it is Lean
            shown = repr(first[:80]) if first else "nothing"
            return status.model_copy(
                update={
                    "status": "unavailable",
                    "fix": f"`{' '.join(argv)}` printed {shown}, not Lean's `Lean (version …)` line: point "
                    "SPECBRIDGE_LEAN at a real `lean` or `lake` binary (see docs/lean.md)",
                }
            )
        status = status.model_copy(update={"version": first})
    return status
