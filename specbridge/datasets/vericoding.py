"""Loader for Vericoding benchmark YAML specs (e.g. ../shared/corpora/vericoding-apps, MIT; see its NOTICE).

One YAML file per problem with the sections `vc-description` (the problem statement; absent from the APPS
files), `vc-preamble` (helper definitions and `solve_precond`), `vc-helpers`, `vc-definitions` (the function
signature, body `sorry`), `vc-theorems` (`solve_postcond` and the spec theorem) and `vc-postamble`.

A file becomes a `Task` without tests whose reference spec is the file's: the precondition is the body of
`<f>_precond`, the postcondition the body of `<f>_postcond`, the other preamble definitions the aux. Without a
`vc-description`, the requirement is made of the words of the definitions' names and comments (and says so), so
that retrieval and requirement phrases still have something to read. The corpus is read in place, never copied.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from specbridge.errors import TaskFormatError
from specbridge.generate.extract import rename_identifiers
from specbridge.retrieval import split_name
from specbridge.tasks import Param, ReferenceSpec, Signature, Task

SECTIONS = ("vc-description", "vc-preamble", "vc-helpers", "vc-definitions", "vc-theorems", "vc-postamble")
_DECL_START = re.compile(
    r"^(?:@\[[^\]]*\]\s*)?(?:noncomputable\s+|private\s+|partial\s+)*(def|theorem|lemma|abbrev)\s+([^\s(:]+)", re.M
)


def is_vericoding_file(path: Path) -> bool:
    """A `.yaml`/`.yml` file whose text has the `vc-definitions` section (cheap check on the text)."""
    if not (path.is_file() and path.suffix in (".yaml", ".yml")):
        return False
    try:
        head = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return re.search(r"^vc-definitions:", head, re.M) is not None


def _blocks(text: str) -> list[tuple[str, str, str]]:
    """Top-level declarations of a Lean section as (keyword, name, text); text starts at the column-0 line."""
    lines = text.splitlines()
    starts = [i for i, ln in enumerate(lines) if ln and not ln[0].isspace() and not ln.startswith("--")]
    out = []
    for k, i in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        chunk = "\n".join(lines[i:end]).rstrip()
        if lines[i].startswith("@[") and k + 1 < len(starts) and starts[k + 1] == i + 1:
            continue  # an attribute line: it belongs to the next declaration
        if k > 0 and lines[starts[k - 1]].startswith("@[") and starts[k - 1] == i - 1:
            chunk = lines[i - 1] + "\n" + chunk
        m = _DECL_START.match(chunk)
        out.append((m.group(1) if m else "", m.group(2) if m else "", chunk))
    return out


_BINDER = re.compile(r"\(([^():]+?)\s*:\s*((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)")


def _header(decl: str, path: str, field: str) -> tuple[list[tuple[str, str]], str, str]:
    """(explicit binders, the type after the binders, the body after `:=`) of a `def` text."""
    head, sep, body = decl.partition(":=")
    if not sep:
        raise TaskFormatError(path, "the definition has no `:=`", field=field)
    m = re.search(r"\bdef\s+\S+", head)
    if m is None:
        raise TaskFormatError(path, "no `def` found", field=field)
    rest = head[m.end() :]
    binders: list[tuple[str, str]] = []
    pos = 0
    while True:
        b = _BINDER.match(rest, pos=len(rest[:pos]) + (len(rest[pos:]) - len(rest[pos:].lstrip())))
        if b is None:
            break
        for name in b.group(1).split():
            binders.append((name, " ".join(b.group(2).split())))
        pos = b.end()
    tail = rest[pos:].strip()
    if not tail.startswith(":"):
        raise TaskFormatError(path, f"cannot read the binders of `{head.strip()[:80]}`", field=field)
    return binders, tail[1:].strip(), body


def _body(text: str) -> str:
    lines = text.strip("\n").splitlines()
    if not lines:
        return "True"
    indent = min((len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()), default=0)
    return "\n".join(ln[indent:] for ln in lines).strip() or "True"


def load_vericoding_task(path: Path) -> Task:
    """One Vericoding YAML file as a task without tests; TaskFormatError naming the file and section."""
    path = Path(path)
    src = str(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise TaskFormatError(src, f"invalid YAML: {exc}", line=mark.line + 1 if mark else None) from exc
    if not isinstance(data, dict):
        raise TaskFormatError(src, "expected a YAML mapping with vc-* sections")
    sections = {k: (data.get(k) or "") for k in SECTIONS}
    for k in SECTIONS:
        if not isinstance(sections[k], str):
            raise TaskFormatError(src, "expected a string", field=k)
    defs = [b for b in _blocks(sections["vc-definitions"]) if b[0] == "def"]
    if not defs:
        raise TaskFormatError(src, "no `def` of the function", field="vc-definitions")
    fname = defs[0][1]
    binders, ret, _ = _header(defs[0][2], src, "vc-definitions")
    # The precondition-proof binder (`h_precond : solve_precond x`, sometimes `_ : ...`) is not a parameter.
    params = [(n, t) for n, t in binders if f"{fname}_precond" not in t]
    if not params and not binders:
        raise TaskFormatError(src, f"`{fname}` has no parameters", field="vc-definitions")
    aux_parts: list[str] = []
    pre = post = None
    names = [n for n, _ in params]

    def renamed(text: str, section: str, extra: list[str]) -> str:
        """The body with the definition's own binder names replaced by the function's parameter names (and the
        result binder by `result`), by position: the rendered spec binds those names."""
        binders, _, body = _header(text, src, section)
        own = [n for n, t in binders if f"{fname}_precond" not in t]
        if len(own) != len(names) + len(extra):
            raise TaskFormatError(
                src, f"`{text.split(':=')[0].strip()[:60]}` does not match `{fname}`'s binders", field=section
            )
        return rename_identifiers(_body(body), dict(zip(own, [*names, *extra], strict=True)))

    for section in ("vc-preamble", "vc-helpers", "vc-theorems"):
        for kw, name, text in _blocks(sections[section]):
            if name == f"{fname}_precond":
                pre = renamed(text, section, [])
            elif name == f"{fname}_postcond":
                post = renamed(text, section, ["result"])
            elif kw in ("theorem", "lemma"):
                continue  # the spec theorem (proof `sorry`): not part of the spec
            elif text.strip():
                aux_parts.append(text.strip())
    if post is None:
        raise TaskFormatError(src, f"no `{fname}_postcond` definition", field="vc-theorems")
    description = sections["vc-description"].strip()
    if not description:
        words = []
        for part in aux_parts:
            for _, name, _ in [(None, n, None) for _, n, _ in _blocks(part)]:
                words += split_name(name)
            words += re.findall(r"--\s*(.+)", part)
        description = (
            "(no problem statement in the source file; words from its definitions' names and comments) "
            + " ".join(dict.fromkeys(w for w in words if w))
        )
    sig = Signature(name=fname, params=tuple(Param(name=n, type=t) for n, t in params), return_type=ret)
    return Task(
        id=path.stem,
        requirement=description,
        signature=sig,
        reference=ReferenceSpec(aux="\n\n".join(aux_parts), precond=pre or "True", postcond=post),
        source=src,
        metadata={"origin": "vericoding"},
    )
