"""Extraction of a Lean spec from model output.

Model output is untrusted text: the spec may sit in a fenced block or not, among prose, with definitions
repeated, with the function's name or its parameter names wrong. `extract_spec` recovers the auxiliary
definitions and the bodies of `<name>_precond` / `<name>_postcond` and re-renders them with exactly the task's
signature. What it repairs is listed in `ExtractedSpec.repairs`; what it cannot repair unambiguously raises
`ExtractionError` with a message written for the per-task error column (and for the repair prompt).
Nothing here evaluates the text.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field

from specbridge.errors import SpecBridgeError
from specbridge.tasks import ReferenceSpec, Signature, render_spec_source


class ExtractionError(SpecBridgeError):
    """No usable spec could be recovered from the model output; the message says why."""


@dataclass
class ExtractedSpec:
    aux: str
    precond: str
    postcond: str
    spec_text: str  # the normalized full source, rendered with the task's signature
    repairs: list[str] = field(default_factory=list)

    def as_reference(self) -> ReferenceSpec:
        return ReferenceSpec(aux=self.aux, precond=self.precond, postcond=self.postcond)


_FENCE = re.compile(r"^[ \t]*```+[ \t]*([\w+-]*)[^\n]*\n(.*?)^[ \t]*```+[ \t]*$", re.S | re.M)
_MODIFIERS = ("private", "protected", "noncomputable", "partial", "unsafe", "@[")
_DECL_KEYWORDS = (
    "def",
    "abbrev",
    "theorem",
    "lemma",
    "example",
    "instance",
    "structure",
    "inductive",
    "class",
    "opaque",
    "axiom",
)
_COMMANDS = ("import", "open", "namespace", "end", "section", "set_option", "variable", "universe", "#", "/--")
_CONTINUATION = ("|", "--", "where", "termination_by", "decreasing_by", "deriving", "/-", ")", "]", "}")
_NAME_CHARS = r"\w'₀-₉"  # the characters of a name; it may also end in `!` or `?` (`get!`, `head?`)
_IDENT_CHARS = _NAME_CHARS + "!?"


@dataclass
class _Decl:
    keyword: str  # def, theorem, open, ...
    name: str
    text: str


def lean_blocks(text: str) -> list[str]:
    """The contents of fenced code blocks, Lean-tagged or untagged ones first; the whole text when none."""
    blocks = [(lang.lower(), body) for lang, body in _FENCE.findall(text)]
    if not blocks:
        return [text]
    leanish = [b for lang, b in blocks if lang in ("lean", "lean4", "")]
    return leanish or [b for _, b in blocks]


def _is_decl_start(line: str) -> bool:
    stripped = line.lstrip()
    if line[:1].isspace() or not stripped:
        return False
    first = stripped.split(None, 1)[0]
    if stripped.startswith(_MODIFIERS) or first in _DECL_KEYWORDS:
        return True
    return any(stripped.startswith(c) for c in _COMMANDS) and (first in _COMMANDS or stripped.startswith("#"))


def _split_decls(code: str) -> list[_Decl]:
    """Top-level declarations of `code`; unindented prose lines between them are dropped."""
    decls: list[_Decl] = []
    current: list[str] | None = None
    pending_attr: list[str] = []

    def flush() -> None:
        nonlocal current
        if current:
            decls.append(_make_decl("\n".join(current).rstrip()))
        current = None

    for line in code.splitlines():
        stripped = line.strip()
        if line.startswith("--") and not stripped.startswith("-- !benchmark"):
            flush()  # a comment at column 0 introduces the next declaration
            pending_attr.append(line)
            continue
        if _is_decl_start(line):
            if stripped.startswith("@[") and re.fullmatch(r"@\[[^\]]*\]", stripped):
                flush()
                pending_attr.append(line)  # an attribute on its own line belongs to the next declaration
                continue
            flush()
            current = [*pending_attr, line]
            pending_attr = []
        elif current is not None and (not stripped or line[:1].isspace() or stripped.startswith(_CONTINUATION)):
            current.append(line)
        elif current is not None:
            flush()  # unindented prose ends the declaration
    flush()
    return decls


def _make_decl(text: str) -> _Decl:
    lines = text.lstrip().splitlines()
    while lines and lines[0].lstrip().startswith("--"):
        lines.pop(0)
    body = re.sub(r"^(@\[[^\]]*\]\s*)+", "", "\n".join(lines).lstrip()).lstrip()
    words = body.split()
    while words and words[0] in ("private", "protected", "noncomputable", "partial", "unsafe"):
        words.pop(0)
    keyword = words[0] if words else ""
    name = ""
    if keyword in _DECL_KEYWORDS and len(words) > 1:
        name = re.split(r"[\s({\[:]", words[1], maxsplit=1)[0]
    elif keyword.startswith("#"):
        keyword = "#"
    return _Decl(keyword=keyword, name=name, text=text)


def _top_level_assign(text: str) -> int:
    """Index of the first `:=` outside brackets, or -1."""
    depth = 0
    i = 0
    while i < len(text) - 1:
        ch = text[i]
        if ch in "([{⦃⟨":
            depth += 1
        elif ch in ")]}⦄⟩":
            depth = max(0, depth - 1)
        elif ch == ":" and text[i + 1] == "=" and depth == 0:
            return i
        i += 1
    return -1


_BINDER = re.compile(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)|\{[^{}]*\}|\[[^\[\]]*\]|⦃[^⦃⦄]*⦄")


def _parse_header(decl: _Decl) -> tuple[list[tuple[str, str]], str, str]:
    """(explicit binders as (name, type), the declared type, the body) of `def name binders : T := body`."""
    lines = decl.text.lstrip().splitlines()
    while lines and lines[0].lstrip().startswith("--"):
        lines.pop(0)
    text = re.sub(r"^(@\[[^\]]*\]\s*)+", "", "\n".join(lines).lstrip())
    at = _top_level_assign(text)
    if at < 0:
        raise ExtractionError(f"`{decl.name}` has no `:=` body (pattern-matching definitions are not supported)")
    header, body = text[:at], text[at + 2 :]
    rest = header.split(decl.name, 1)[1] if decl.name in header else header
    binders: list[tuple[str, str]] = []
    pos = 0
    rest = rest.strip()
    while True:
        m = _BINDER.match(rest, pos)
        if not m:
            break
        if m.group(1) is not None:  # explicit binder `(a b : T)`
            inner = m.group(1)
            if ":" not in inner:
                raise ExtractionError(f"`{decl.name}`: binder `({inner})` has no type")
            names, typ = inner.split(":", 1)
            for n in names.split():
                binders.append((n, " ".join(typ.split())))
        pos = m.end()
        while pos < len(rest) and rest[pos].isspace():
            pos += 1
    tail = rest[pos:].strip()
    declared = tail[1:].strip() if tail.startswith(":") else tail
    return binders, declared, _dedent_body(body)


def _dedent_body(body: str) -> str:
    lines = body.split("\n")
    first = lines[0].strip()
    rest = textwrap.dedent("\n".join(lines[1:])).strip("\n")
    lines_out = [ln for ln in (first, rest) if ln.strip()]
    cleaned = "\n".join(lines_out)
    cleaned = "\n".join(ln for ln in cleaned.splitlines() if not ln.strip().startswith("-- !benchmark"))
    return cleaned.strip("\n") or "True"


def _norm_type(t: str) -> str:
    t = t.replace("×", " × ")
    t = re.sub(r"Prod\s+(\w+)\s+(\w+)", r"\1 × \2", t)
    return re.sub(r"[\s()]", "", t)


def rename_identifiers(text: str, mapping: dict[str, str]) -> str:
    """Simultaneously rename whole identifiers (`x` but not `x2`, `List.x` or `x'`), e.g. parameter names."""
    mapping = {k: v for k, v in mapping.items() if k != v}
    if not mapping:
        return text
    pattern = re.compile(
        r"(?<!["
        + _IDENT_CHARS
        + r".])("
        + "|".join(re.escape(k) for k in sorted(mapping, key=len, reverse=True))
        + r")(?!["
        + _IDENT_CHARS
        + r"])"
    )
    return pattern.sub(lambda m: mapping[m.group(1)], text)


def split_top_level(text: str, separator: str) -> list[str]:
    """`text` cut at each `separator` character outside brackets (`()`, `[]`, `{}`, `⟨⟩`), the pieces unstripped:
    `max xs.length (f x)` at " " -> [max, xs.length, (f x)]."""
    pieces, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([{⟨":
            depth += 1
        elif ch in ")]}⟩":
            depth -= 1
        elif ch == separator and depth == 0:
            pieces.append(text[start:i])
            start = i + 1
    return [*pieces, text[start:]]


def mentions(text: str, name: str) -> bool:
    """Whether `name` occurs as a whole identifier in `text`. A `!` or `?` ends a name (`get!`) but begins none:
    `!s.isEmpty` reads `s`."""
    pattern = rf"(?<![{_NAME_CHARS}.])(?<![{_NAME_CHARS}][!?])" + re.escape(name) + rf"(?![{_IDENT_CHARS}])"
    return re.search(pattern, text) is not None


def unread_inputs(text: str, names: Iterable[str]) -> int:
    """How many of the inputs `names` the text never mentions: a spec or term that leaves one out reads less of
    the requirement."""
    return sum(not mentions(text, n) for n in names)


def _rename_params(
    body: str, got: list[tuple[str, str]], want: list[tuple[str, str]], what: str, repairs: list[str]
) -> str:
    if len(got) != len(want):
        raise ExtractionError(
            f"{what} takes {len(got)} explicit parameter(s) ({', '.join(n for n, _ in got) or 'none'}); "
            f"the signature needs {len(want)} ({', '.join(f'{n} : {t}' for n, t in want)})"
        )
    mapping: dict[str, str] = {}
    for (gname, gtype), (wname, wtype) in zip(got, want, strict=True):
        if _norm_type(gtype) != _norm_type(wtype):
            raise ExtractionError(
                f"{what}: parameter `{gname}` has type `{gtype}` but the signature says `{wname} : {wtype}`"
            )
        if gname != wname:
            mapping[gname] = wname
    if mapping:
        olds = set(mapping)
        for new in mapping.values():
            if new not in olds and mentions(body, new):
                raise ExtractionError(
                    f"{what}: cannot rename parameters {', '.join(f'{a}→{b}' for a, b in mapping.items())} "
                    f"because `{new}` is already used in the body"
                )
        repairs.append(f"{what}: renamed parameter(s) " + ", ".join(f"{a} → {b}" for a, b in mapping.items()))
        body = rename_identifiers(body, mapping)
    return body


def extract_spec(text: str, signature: Signature) -> ExtractedSpec:
    """Recover the spec for `signature` from model output; raises ExtractionError when it cannot."""
    if not text or not text.strip():
        raise ExtractionError("the model output is empty")
    repairs: list[str] = []
    decls: list[_Decl] = []
    for block in lean_blocks(text.replace("\r\n", "\n")):
        decls.extend(_split_decls(textwrap.dedent(block)))  # a block indented as a whole reads the same
    pre_name, post_name = signature.precond_name, signature.postcond_name

    # The last definition of each name wins; earlier ones are usually drafts or examples.
    by_name: dict[str, _Decl] = {}
    order: list[str] = []
    kept_other: list[_Decl] = []
    for d in decls:
        if d.keyword in ("def", "abbrev") and d.name:
            if d.name in by_name:
                repairs.append(f"dropped an earlier duplicate definition of `{d.name}`")
                order.remove(d.name)
            by_name[d.name] = d
            order.append(d.name)
        elif d.keyword in ("theorem", "lemma", "example", "#", "import", "set_option", "namespace", "end", "section"):
            if d.keyword in ("theorem", "lemma", "example"):
                repairs.append(f"dropped {d.keyword} `{d.name}`")
            elif d.keyword == "#":
                repairs.append(f"dropped the command `{d.text.strip().split()[0]}` (commands are never run)")
        elif d.keyword == "open" or d.keyword in ("structure", "inductive", "instance"):
            kept_other.append(d)
        elif d.keyword in ("axiom", "axioms", "opaque", "elab", "macro", "syntax", "notation", "run_cmd", "meta"):
            repairs.append(f"dropped `{d.keyword}{' ' + d.name if d.name else ''}` (not part of a spec)")

    def pick(suffix: str, wanted: str) -> str | None:
        if wanted in by_name:
            return wanted
        candidates = [n for n in order if n.endswith(suffix)]
        if len(candidates) == 1:
            repairs.append(f"renamed `{candidates[0]}` to `{wanted}`")
            return candidates[0]
        if len(candidates) > 1:
            raise ExtractionError(
                f"no `{wanted}` but several `*{suffix}` definitions ({', '.join(candidates)}); which one is meant "
                "is ambiguous"
            )
        return None

    post_key = pick("_postcond", post_name)
    if post_key is None:
        found = ", ".join(f"`{n}`" for n in order) or "no definitions at all"
        raise ExtractionError(f"no `{post_name}` definition found in the model output (found {found})")
    pre_key = pick("_precond", pre_name)
    renames = {}
    if post_key != post_name:
        renames[post_key] = post_name
    if pre_key is not None and pre_key != pre_name:
        renames[pre_key] = pre_name

    want = [(p.name, p.type) for p in signature.params]
    if pre_key is not None:
        pre_binders, pre_type, pre_body = _parse_header(by_name[pre_key])
        if pre_type and pre_type != "Prop":
            raise ExtractionError(f"`{pre_name}` must be a Prop, not `{pre_type}`")
        pre_body = _rename_params(pre_body, pre_binders, want, f"`{pre_name}`", repairs)
    else:
        pre_body = "True"
        repairs.append(f"no `{pre_name}` given: used `True`")

    post_binders, post_type, post_body = _parse_header(by_name[post_key])
    if post_type and post_type != "Prop":
        raise ExtractionError(f"`{post_name}` must be a Prop, not `{post_type}`")
    post_binders = [(n, t) for n, t in post_binders if not ("_precond" in t or (n.startswith("h") and "precond" in n))]
    post_body = _rename_params(
        post_body, post_binders, [*want, ("result", signature.return_type)], f"`{post_name}`", repairs
    )

    fn_name = signature.name
    aux_parts: list[str] = [d.text for d in kept_other]
    for n in order:
        if n in (pre_key, post_key):
            continue
        if n == fn_name:
            repairs.append(f"dropped the implementation `{fn_name}` (a spec must not define the function)")
            continue
        aux_parts.append(re.sub(r"\n?^[ \t]*-- !benchmark[^\n]*", "", by_name[n].text, flags=re.M).strip("\n"))
    aux = "\n\n".join(p for p in aux_parts if p.strip())
    if renames:
        aux = rename_identifiers(aux, renames)
        pre_body = rename_identifiers(pre_body, renames)
        post_body = rename_identifiers(post_body, renames)
    for body, what in ((pre_body, pre_name), (post_body, post_name)):
        if mentions(body, fn_name):
            raise ExtractionError(
                f"`{what}` refers to the function `{fn_name}` itself; a spec must describe the result, not call "
                "the implementation"
            )
    spec = ReferenceSpec(aux=aux, precond=pre_body, postcond=post_body)
    return ExtractedSpec(
        aux=aux,
        precond=pre_body,
        postcond=post_body,
        spec_text=render_spec_source(signature, spec),
        repairs=repairs,
    )
