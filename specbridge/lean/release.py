"""The one Lean release whose core, Batteries and Mathlib behaviour SpecBridge follows, and how to detect another.

Layer 2 (our interpreter) models the library of this release, and layer 3 (real Lean) runs it: `lean-toolchain`
and `lakefile.lean` at the repository root pin the same release (a test checks they agree with this module).
The default is the release VERINA's specs are written for. Where later releases changed a behaviour we model,
the interpreter follows this release; docs/EVALUATION.md lists the differences we know of.

A dataset may declare its own release with a `lean-toolchain` file (`leanprover/lean4:v4.24.0`) beside it or in
its folder; `dataset_release` reads it so that `doctor` and `validate` can warn when it is not ours.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from specbridge.settings import LeanSettings

LEAN_RELEASE = "v4.18.0"
LEAN_TOOLCHAIN = f"leanprover/lean4:{LEAN_RELEASE}"
# Mathlib and Batteries tag a release named after each Lean release they build with; Batteries comes with
# Mathlib (its lake-manifest pins the Batteries commit of the same tag).
MATHLIB_REV = LEAN_RELEASE
BATTERIES_REV = LEAN_RELEASE

_TOOLCHAIN_RE = re.compile(r"^\s*(?:(?P<origin>[\w.-]+/[\w.-]+):)?(?P<version>[^\s:]+)\s*$")


class DeclaredRelease(BaseModel):
    """The release a dataset declares in its `lean-toolchain`, compared with ours."""

    file: str  # the lean-toolchain file read
    toolchain: str  # its text, e.g. "leanprover/lean4:v4.24.0"
    release: str  # the version part, e.g. "v4.24.0"
    ours: str = LEAN_RELEASE

    @property
    def differs(self) -> bool:
        return self.release != self.ours

    def warning(self) -> str | None:
        """One line for the user when the dataset's release is not ours, else None."""
        if not self.differs:
            return None
        return (
            f"{self.file} declares Lean {self.release}, but SpecBridge's interpreter follows {self.ours} "
            "(docs/EVALUATION.md lists the behaviours that differ between releases)"
        )


def parse_toolchain(text: str) -> str | None:
    """The version of a `lean-toolchain` text (`leanprover/lean4:v4.18.0` -> `v4.18.0`), or None when malformed."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if len(lines) != 1:
        return None
    m = _TOOLCHAIN_RE.match(lines[0])
    if m is None:
        return None
    version = m.group("version")
    # a bare `4.18.0` names the same release as `v4.18.0`
    return version if not re.fullmatch(r"\d+\.\d+\.\d+(?:-rc\d+)?", version) else "v" + version


def dataset_release(path: Path | str) -> DeclaredRelease | None:
    """The release declared by the `lean-toolchain` beside a dataset file or inside a dataset folder, if any.

    A folder is checked first (`<dir>/lean-toolchain`), then the folder holding the path (a dataset file, or a
    task folder inside a benchmark). A file that cannot be read or parsed is reported as such, not ignored.
    """
    p = Path(path)
    candidates = [p / "lean-toolchain"] if p.is_dir() else []
    candidates.append(p.parent / "lean-toolchain")
    for cand in candidates:
        if not cand.is_file():
            continue
        try:
            text = cand.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            return DeclaredRelease(file=str(cand), toolchain=f"<unreadable: {exc}>", release="<unreadable>")
        version = parse_toolchain(text)
        return DeclaredRelease(file=str(cand), toolchain=text.strip(), release=version or "<malformed>")
    return None


_LAKEFILE_MATHLIB_RE = re.compile(r'require\s+«?mathlib»?\s+from\s+git\s+"[^"]*"\s*@\s*"(?P<rev>[^"]+)"')
_LEAN_VERSION_RE = re.compile(r"version (?P<version>\d+\.\d+\.\d+(?:-rc\d+)?)")


def release_warnings(settings: LeanSettings, installed: str | None = None) -> list[str]:
    """Where the Lake project (its `lean-toolchain`, its Mathlib tag) or the installed Lean is not our release.

    `installed` is the first line of `lean --version` when a toolchain was found (`Lean (version 4.18.0, …)`).
    """
    from specbridge.lean.toolchain import project_dir

    project = project_dir(settings)
    warnings: list[str] = []
    declared = dataset_release(project)
    if declared is not None and project / "lean-toolchain" == Path(declared.file) and declared.differs:
        warnings.append(
            f"{declared.file} pins Lean {declared.release}, but the interpreter follows {LEAN_RELEASE}: "
            "layers 2 and 3 would judge different languages"
        )
    lakefile = project / "lakefile.lean"
    if lakefile.is_file():
        m = _LAKEFILE_MATHLIB_RE.search(lakefile.read_text(encoding="utf-8", errors="replace"))
        if m is not None and m.group("rev") != MATHLIB_REV:
            warnings.append(f"{lakefile} requires Mathlib {m.group('rev')}, expected {MATHLIB_REV}")
    if installed:
        m = _LEAN_VERSION_RE.search(installed)
        if m is not None and "v" + m.group("version") != LEAN_RELEASE:
            warnings.append(f"the installed Lean is {m.group('version')}, the declared release is {LEAN_RELEASE}")
    return warnings


__all__ = [
    "BATTERIES_REV",
    "LEAN_RELEASE",
    "LEAN_TOOLCHAIN",
    "MATHLIB_REV",
    "DeclaredRelease",
    "dataset_release",
    "parse_toolchain",
    "release_warnings",
]
