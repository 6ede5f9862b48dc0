"""Transfer: the mined patterns that fit a new task, and their instantiation for its signature.

* `PatternIndex.fitting(task)` scores every pattern by the requirement phrases it shares with the task and by
  whether its typed slots can be filled from the task's signature (a slot takes a parameter of the same coarse
  type shape; `{result}` needs the return type's shape). Support adds a little. A pattern mined only from the
  task itself (a leave-one-out run) is skipped, and phrases of a pattern the task supports are recomputed
  without it when the corpus is at hand.
* `instantiate(pattern, task)` fills the slots with type-compatible parameters (every injective assignment, a
  few at most) and the constant slots with the values seen in the corpus or numbers written in the requirement.
* `library_for(context)` finds the library for a generation context: the one given (`--patterns FILE`), the
  shipped default when the corpus is the default one, else one mined from the context's corpus and cached under
  `.specbridge/patterns/<fingerprint>.json`.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from specbridge.mining.library import (
    Library,
    Pattern,
    _doc_terms,
    _phrases,
    corpus_fingerprint,
    load_library,
    mine,
    slot_shape,
)
from specbridge.mining.shapes import requirement_numbers
from specbridge.tasks import Task

MAX_ASSIGNMENTS = 4
CACHE_DIR = Path(".specbridge") / "patterns"


@dataclass(frozen=True)
class Fit:
    pattern: Pattern
    score: float
    matched: tuple[str, ...]  # the requirement phrases the task shares with the pattern


@dataclass(frozen=True)
class Instance:
    pattern: Pattern
    text: str  # Lean
    aux: str
    score: float


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def _phrase_weight(ph: str) -> float:
    return 1.0 if " " in ph else 0.6


class PatternIndex:
    """Fitting patterns of a library for new tasks; `corpus` (the tasks mined) lets leave-one-out be exact."""

    def __init__(self, library: Library, corpus: list[Task] | None = None):
        from specbridge.mining.shapes import AtomModel, generalize

        self.library = library
        # The library's patterns plus their generic shapes (predicates made holes, filled per task by atoms).
        self.patterns = [*library.patterns, *generalize(library.patterns)]
        self.atom_model = AtomModel(corpus or [])
        self.terms = {t.id: _doc_terms(t) for t in corpus or []}
        self.df: Counter[str] = Counter()
        for ts in self.terms.values():
            self.df.update(ts)

    def _phrases_without(self, p: Pattern, task_id: str) -> list[str] | None:
        rest = [t for t in p.tasks if t != task_id]
        if not rest:
            return None
        if task_id not in p.tasks or not self.terms:
            return p.phrases
        df = self.df.copy()
        df.subtract(self.terms.get(task_id, set()))
        return _phrases(rest, self.terms, df, max(1, len(self.terms) - 1))

    def predicates_for(self, task: Task, k: int = 3) -> list[str]:
        """The corpus predicates whose requirement phrases the task shares (best first), as `fun x0 => …`."""
        query = _doc_terms(task)
        scored = []
        for q in self.library.predicates:
            if not [t for t in q.tasks if t != task.id]:
                continue
            matched = [ph for ph in q.phrases if ph in query]
            if matched:
                scored.append((-sum(_phrase_weight(ph) for ph in matched), -q.support, q.text))
        scored.sort()
        return [text for *_, text in scored[:k]]

    def fitting(self, task: Task, *, part: str | None = None, k: int = 12, holed: bool = False) -> list[Fit]:
        """The `k` best-fitting patterns (of `part` when given; only shapes with predicate holes when `holed`),
        best first; only fillable ones."""
        from specbridge.mining.shapes import helper_mismatch

        query = _doc_terms(task)
        atoms = self.atom_model.atoms(task, limit=1)
        atom_strength = min(1.0, atoms[0][1] / 2.0) if atoms else 0.0
        out: list[Fit] = []
        for p in self.patterns:
            if part is not None and p.part != part:
                continue
            if holed and not _HOLE.search(p.template):
                continue
            if not _fillable(p, task):
                continue
            phrases = self._phrases_without(p, task.id)
            if phrases is None:
                continue
            matched = tuple(ph for ph in phrases if ph in query)
            text = min(1.0, sum(_phrase_weight(ph) for ph in matched) / 2.5)
            # With the corpus at hand: also how close the task's words are to a supporting task's (Jaccard),
            # which still speaks when a small corpus has no over-represented phrase.
            sim = max((_jaccard(query, self.terms[t]) for t in p.tasks if t != task.id and t in self.terms), default=0)
            text = max(text, min(1.0, 2.0 * sim))
            support = len([t for t in p.tasks if t != task.id])
            exact = _exact_fit(p, task)
            if holed:  # a generic shape: its own tasks' words matter less than its spread and signature fit
                score = 0.4 * text + 0.3 * min(1.0, math.log1p(support) / math.log(10)) + 0.3 * exact
            else:
                score = 0.7 * text + 0.1 * min(1.0, math.log1p(support) / math.log(10)) + 0.2 * exact
            # Long templates (let chains, helper calls) are one task's idiosyncrasy more than a reusable shape.
            score -= 0.25 * min(1.0, max(0, len(p.template) - 50) / 150)
            # A helper of another task carries that task's meaning: it fits only when its name speaks of ours.
            score -= 0.3 * helper_mismatch(p.aux, p.template, query)
            has_hole = bool(_HOLE.search(p.template))
            if has_hole:
                score += 0.15 * atom_strength
            if matched or sim >= 0.15 or (has_hole and atom_strength > 0):
                out.append(Fit(p, round(score, 6), matched))
        out.sort(key=lambda f: (-f.score, -f.pattern.support, f.pattern.id))
        return out[:k]


def _shape(t: str) -> str:
    return slot_shape(t)


def _container(shape: str) -> tuple[str, str] | None:
    """(container, element shape) of a sequence slot shape: `List num` -> (List, num), `String` -> (String, Char);
    a generic shape's `String *` / `List *` takes any elements (`*`)."""
    if shape == "String":
        return "String", "Char"
    if shape == "String *":
        return "String", "*"
    m = re.fullmatch(r"(List|Array) (.+)", shape)
    return (m.group(1), m.group(2).strip("()")) if m else None


def _compatible(slot_shape: str, param_type: str) -> bool:
    """A parameter fits a slot of the same shape, or a sequence of the same elements in another container
    (the template is then rewritten for it, see `_retarget`)."""
    target = _shape(param_type)
    if target == slot_shape:
        return True
    a, b = _container(slot_shape), _container(target)
    return a is not None and b is not None and (a[1] == b[1] or "*" in (a[1], b[1]))


def _retarget(text: str, slot: str, src: str, dst: str) -> str:
    """Rewrite a template's uses of sequence slot `slot` mined on container `src` for a parameter of `dst`:
    the list view (`.toList` of an Array or String, the List itself) and the length (`.size` / `.length`)."""
    if src == dst:
        return text
    hole = "{" + slot + "}"
    length = ".size" if dst == "Array" else ".length"
    text = text.replace(hole + ".size", hole + length).replace(hole + ".length", hole + length)
    if src in ("Array", "String"):
        text = text.replace(hole + ".toList", hole if dst == "List" else hole + ".toList")
    if src == "List" and dst in ("Array", "String"):
        text = re.sub(re.escape(hole) + r"(?!\.(?:size|length|toList)\b)(?!\[)", hole + ".toList", text)
    if dst == "String" and re.search(re.escape(hole) + r"\[", text):
        text = text.replace(hole + "[", hole + ".toList[")
    return text


def retarget_slots(template: str, filled: list[tuple[str, str, str]]) -> str:
    """`template` rewritten for the parameters filling its sequence slots: `filled` holds (slot, slot shape,
    parameter type); each sequence slot mined on one container is retargeted to its parameter's (`_retarget`)."""
    for slot, shape, param_type in filled:
        a, b = _container(shape), _container(_shape(param_type))
        if a is not None and b is not None:
            template = _retarget(template, slot, a[0], b[0])
    return template


def _fillable(p: Pattern, task: Task) -> bool:
    for s in p.slots:
        if s.name == "result":
            if s.shape != _shape(task.signature.return_type):
                return False
        elif not any(_compatible(s.shape, x.type) for x in task.signature.params):
            return False
    return True


def _exact_fit(p: Pattern, task: Task) -> float:
    types = [" ".join(x.type.split()) for x in task.signature.params]
    hits = 0
    for s in p.slots:
        want = " ".join(task.signature.return_type.split()) if s.name == "result" else None
        if want is not None:
            hits += want in s.types
        else:
            hits += any(t in s.types for t in types)
    return hits / max(1, len(p.slots))


_HOLE = re.compile(r"(?<!\{)\{(p\d+|q\d+_x\d+)\}(?!\})")


def _render_fill(hole: str, lam: str) -> str:
    from specbridge.generate.extract import rename_identifiers

    if hole.startswith("p"):
        return lam
    var = hole.split("_", 1)[1]
    body = lam.split("=>", 1)[1].strip()
    return rename_identifiers(body, {"x0": var})


def instantiate(
    p: Pattern, task: Task, *, limit: int = MAX_ASSIGNMENTS, predicates: list[str] | tuple[str, ...] = ()
) -> list[str]:
    """Lean texts of `p` for `task`: slots filled by type-compatible parameters, constants by seen values or
    numbers of the requirement, predicate holes by `predicates` (those fitting the task) and then by the
    pattern's own. Exact type matches come first."""
    params = list(task.signature.params)
    slots = [s for s in p.slots if s.name != "result"]
    options: list[list[str]] = []
    for s in slots:
        exact = [x.name for x in params if " ".join(x.type.split()) in s.types]
        same = [x.name for x in params if _shape(x.type) == s.shape and x.name not in exact]
        other = [x.name for x in params if _compatible(s.shape, x.type) and x.name not in exact + same]
        options.append(exact + same + other)
    ptype = {x.name: x.type for x in params}
    numbers = requirement_numbers(task)[:2]
    const_opts = [list(dict.fromkeys([*vals[:2], *numbers]))[:3] for _, vals in sorted(p.constants.items())]
    holes = list(dict.fromkeys(_HOLE.findall(p.template)))
    hole_opts: list[list[str]] = []
    for h in holes:
        k = int(re.match(r"[pq](\d+)", h).group(1))  # type: ignore[union-attr]
        own = [f[k] for f in p.fills if len(f) > k]
        hole_opts.append(list(dict.fromkeys([*predicates, *own]))[:7])
    out: list[str] = []
    for names in itertools.product(*options) if options else [()]:
        if len(set(names)) != len(names):
            continue
        template = retarget_slots(p.template, [(s.name, s.shape, ptype[n]) for s, n in zip(slots, names, strict=True)])
        for consts in itertools.product(*const_opts) if const_opts else [()]:
            for preds in itertools.product(*hole_opts) if hole_opts else [()]:
                values = {s.name: n for s, n in zip(slots, names, strict=True)}
                values["result"] = "result"
                values.update({c: v for c, v in zip(sorted(p.constants), consts, strict=True)})
                values.update({h: _render_fill(h, lam) for h, lam in zip(holes, preds, strict=True)})
                try:
                    text = template.format(**values)
                except (KeyError, IndexError, ValueError):
                    continue
                if text not in out:
                    out.append(text)
                if len(out) >= limit:
                    return out
    return out


# ---------------------------------------------------------------------------------------------------------------
# Which library a context uses


def default_library_path() -> Path:
    return Path(str(resources.files("specbridge") / "data" / "patterns.json"))


def default_library() -> Library | None:
    path = default_library_path()
    return load_library(path) if path.is_file() else None


_CACHE: dict[str, Library] = {}


def library_for_corpus(corpus: list[Task], *, cache_dir: Path | None = None) -> Library | None:
    """The library of `corpus`: the shipped default when the fingerprints match, else a cached or freshly
    mined one (cached under `cache_dir`, default `.specbridge/patterns/`)."""
    tasks = [t for t in corpus if t.reference is not None]
    if not tasks:
        return None
    fp = corpus_fingerprint(tasks)
    key = f"{fp}-{miner_version()}"
    if key in _CACHE:
        return _CACHE[key]
    default = default_library()
    if default is not None and default.fingerprint == fp:
        _CACHE[key] = default
        return default
    folder = cache_dir or CACHE_DIR
    path = folder / f"{fp[:24]}-{miner_version()}.json"
    if path.is_file():
        try:
            lib = load_library(path)
        except Exception:  # noqa: BLE001 - a damaged cache entry is rebuilt
            lib = None
        if lib is not None and lib.fingerprint == fp:
            _CACHE[key] = lib
            return lib
    sources = sorted({t.source.rsplit("/", 1)[0] for t in tasks if t.source})[:4]
    lib = mine(sources, tasks=tasks, keep_plans=True).library
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(lib.to_json(), encoding="utf-8")
    except OSError:
        pass  # a read-only working directory: mine again next time
    _CACHE[key] = lib
    return lib


def miner_version() -> str:
    """A hash of the miner's own source: a cached library mined by other code is not reused."""
    import hashlib

    h = hashlib.sha256()
    for name in ("clauses.py", "reconstruct.py", "roundtrip.py", "library.py"):
        h.update((Path(__file__).parent / name).read_bytes())
    return h.hexdigest()[:12]


def library_for(context: object) -> Library | None:
    """The context's library: `context.patterns` when set, else the one of its corpus."""
    given = getattr(context, "patterns", None)
    if given is not None:
        return given
    corpus = getattr(context, "corpus", None) or []
    cached = getattr(context, "_mined_library", None)
    if cached is not None and cached[0] is corpus:
        return cached[1]
    lib = library_for_corpus(corpus)
    try:
        context._mined_library = (corpus, lib)  # type: ignore[attr-defined]
    except AttributeError:
        pass
    return lib


def merged(primary: Library, extra: Library | None) -> Library:
    """`primary` with the patterns and predicates of `extra` added (same id: supports and phrases united).
    The offline generator adds the shipped default library (mined from our own example tasks) to the library
    of whatever corpus it is given, so the common shapes of everyday requirements are always at hand."""
    if extra is None or extra.fingerprint == primary.fingerprint:
        return primary
    patterns = {p.id: p for p in primary.patterns}
    for p in extra.patterns:
        if p.id in patterns:
            q = patterns[p.id]
            tasks = sorted(set(q.tasks) | set(p.tasks))
            patterns[p.id] = q.model_copy(
                update={"tasks": tasks, "support": len(tasks), "phrases": list(dict.fromkeys(q.phrases + p.phrases))}
            )
        else:
            patterns[p.id] = p
    predicates = {q.id: q for q in primary.predicates}
    for q in extra.predicates:
        predicates.setdefault(q.id, q)
    return primary.model_copy(
        update={
            "patterns": sorted(patterns.values(), key=lambda p: (-p.support, p.part, p.id)),
            "predicates": sorted(predicates.values(), key=lambda q: (-q.support, q.id)),
            "plans": {**extra.plans, **primary.plans},
            "sources": [*primary.sources, *extra.sources],
        }
    )
