"""Mining: reconstruct every spec of a corpus, keep the plans that round-trip, abstract their clauses into
patterns, and write the pattern library (JSON, deterministic for a given corpus, with its fingerprint).

A pattern is one formalization choice seen in one or more tasks: a clause template with typed slots (the
parameters and the result), obtained by anti-unification — clauses of different tasks that differ only in the
names of parameters and bound variables are the same template; number literals that differ between the tasks
of a template become constant slots `{c0}` (with the values seen), literals they all share stay. A pattern
records the wording template of the plan's words, the signature shapes it fits, its support (tasks, count) and
the requirement phrases over-represented in its tasks' requirements against the whole corpus.
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
import re
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, Field

from specbridge.errors import SpecBridgeError
from specbridge.mining.clauses import abstract, span_of, split_body
from specbridge.mining.reconstruct import KIND_WORDS, Reconstructor, RulesReconstructor, TypedClause, typed_clauses
from specbridge.mining.roundtrip import RoundTrip, check_round_trip
from specbridge.retrieval import requirement_text, split_name, tokenize, type_shape
from specbridge.settings import ComputableSettings, Settings
from specbridge.tasks import Task

LIBRARY_VERSION = 1
MAX_PHRASES = 12
# Round-trip settings for mining: short per-obligation timeouts and a per-spec budget keep a 700-spec corpus
# under two minutes on two cores; a spec too slow to check in that budget counts as a failure (`undecided`).
MINING_COMPUTABLE = ComputableSettings(timeout=1.0)
MINING_INPUTS = 30
MINING_TIME_BUDGET = 2.0


class SlotInfo(BaseModel):
    name: str
    shape: str  # coarse type shape (`seq num`, `num`, ...), what a new parameter must match
    types: list[str]  # the Lean types seen in the supporting tasks


class Pattern(BaseModel):
    id: str
    part: str  # "pre" (a guard) or "post" (a result clause)
    kind: str  # the clause shape, e.g. `forall-index`
    template: str  # Lean with `{s0}`, `{result}`, `{c0}` slots (literal braces doubled)
    wording: str  # the plan's words for it, with the same slots
    slots: list[SlotInfo]
    constants: dict[str, list[str]] = Field(default_factory=dict)  # constant slot -> values seen
    aux: str = ""  # helper definitions the template uses (from its first supporting task)
    fits: list[str]  # signature shapes of the supporting tasks: `seq num, num -> num`
    support: int
    tasks: list[str]
    phrases: list[str]  # requirement words/bigrams over-represented in the supporting tasks
    with_patterns: list[str] = Field(default_factory=list)  # patterns seen in the same spec part
    fills: list[list[str]] = Field(default_factory=list)  # per supporting clause: its predicates for the holes


class Predicate(BaseModel):
    """A closed predicate seen in the corpus (`fun x0 => x0 % 2 = 0`), with the requirement phrases it goes with:
    what fills a predicate hole of a pattern for a new task."""

    id: str
    text: str
    support: int
    tasks: list[str]
    phrases: list[str]


class Failure(BaseModel):
    task_id: str
    cause: str
    message: str = ""
    counterexample: dict | None = None


class Library(BaseModel):
    version: int = LIBRARY_VERSION
    fingerprint: str
    sources: list[str]
    reconstructor: str
    specs: int
    round_trip_ok: int
    failure_counts: dict[str, int]
    patterns: list[Pattern]
    predicates: list[Predicate] = Field(default_factory=list)
    plans: dict[str, str] = Field(default_factory=dict)  # task id -> round-tripped plan (Markdown)
    failures: list[Failure] = Field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(self.model_dump(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"

    def search(self, text: str) -> list[Pattern]:
        """Patterns whose template, wording, kind or phrases contain every word of `text` (case-insensitive)."""
        words = text.lower().split()
        out = []
        for p in self.patterns:
            hay = " ".join([p.template, p.wording, p.kind, *p.phrases, *p.tasks]).lower()
            if all(w in hay for w in words):
                out.append(p)
        return out


def load_library(path: str | Path) -> Library:
    """A library JSON file; SpecBridgeError naming the file when it is not one."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Library.model_validate(data)
    except (OSError, json.JSONDecodeError, ValueError) as exc:
        raise SpecBridgeError(f"{path}: not a pattern library ({exc})") from exc


def corpus_fingerprint(tasks: Iterable[Task]) -> str:
    """sha256 over the tasks' ids, requirements, signatures and reference specs, in id order."""
    h = hashlib.sha256()
    for t in sorted(tasks, key=lambda t: t.id):
        ref = t.reference.model_dump() if t.reference else None
        payload = {"id": t.id, "req": t.requirement, "sig": t.signature.model_dump(mode="json"), "ref": ref}
        h.update(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode("utf-8"))
    return h.hexdigest()


# ---------------------------------------------------------------------------------------------------------------
# One task: reconstruct, round trip, abstract (runs in worker processes)


@dataclass
class _Mined:
    task_id: str
    trip: RoundTrip
    plan: str
    clauses: list[dict]  # {part, kind, template, wording, slots, literals, aux}


def _aux_names(aux: str) -> set[str]:
    found = re.findall(r"\b(?:def|abbrev|inductive|structure|instance|opaque)\s+([^\s(:]+)", aux)
    return {n for n in found if not n.startswith("_")}


def clause_records(task: Task, clauses: list[TypedClause]) -> list[dict]:
    """Each non-`let` clause abstracted: the lets it uses come first in its template, as `let …;`."""
    params = {p.name: p.type for p in task.signature.params}
    aux = task.reference.aux if task.reference else ""
    aux_names = _aux_names(aux)
    out = []
    for part in ("pre", "post"):
        lets = [
            (re.match(r"let\s+(?:rec\s+)?([^\s:(]+)", c.text), c) for c in clauses if c.part == part and c.kind == "let"
        ]
        named = [(m.group(1), c) for m, c in lets if m]
        for c in clauses:
            if c.part != part or c.kind in ("let", "trivial"):
                continue
            needed: list[TypedClause] = []
            frontier = c.text
            for name, lc in reversed(named):  # later lets may use earlier ones: walk back
                if re.search(rf"(?<![\w.']){re.escape(name)}(?![\w'])", frontier):
                    needed.insert(0, lc)
                    frontier += " " + lc.text
            text = "; ".join([*(lc.text for lc in needed), c.text]) if needed else c.text
            try:
                template, literals = abstract(span_of(text), params, task.signature.return_type, literals=True)
            except SpecBridgeError:
                continue
            uses_aux = any(re.search(rf"(?<![\w.']){re.escape(n)}(?![\w'])", frontier) for n in aux_names)
            record = {
                "part": part,
                "kind": c.kind,
                "template": template.text,
                "slots": [(s.name, s.type) for s in template.slots],
                "literals": literals,
                "wording": _wording(c, params),
                "aux": aux if uses_aux else "",
                "fills": [],
            }
            out.append(record)
            # The same clause with its closed predicates (`fun x => P x`, the body of `∀ x ∈ s, P x`) as holes:
            # `result = s.countP (fun x => x % 2 = 0)` is also `result = s.countP {p0}`, a predicate slot.
            plain, _ = abstract(span_of(text), params, task.signature.return_type, literals=False)
            general, fills = extract_holes(plain.text)
            if fills and not uses_aux:
                out.append({**record, "template": general, "literals": [], "fills": fills})
    return out


_LAMBDA = re.compile(r"\bfun (x\d+) => ")
_BOUNDED = re.compile(r"(∀|∃) (x\d+) ∈ ([^,]+), ")


def _closed(body: str, var: str) -> bool:
    """A predicate body that mentions only its own bound variable (no slot, no other bound name)."""
    if "{" in body.replace("{{", "").replace("}}", "") or not body.strip():
        return False
    others = set(re.findall(r"(?<![\w.'])x\d+(?![\w'])", body)) - {var}
    return not others and re.search(rf"(?<![\w.']){var}(?![\w'])", body) is not None


def _body_end(text: str, start: int) -> int:
    """Where a body starting at `start` ends: the first unmatched closing bracket, or the end."""
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        if ch in "([{⟨":
            depth += 1
        elif ch in ")]}⟩":
            if depth == 0:
                return i
            depth -= 1
    return len(text)


def extract_holes(template: str) -> tuple[str, list[str]]:
    """Closed predicates of a template replaced by holes: a whole `fun xk => B` by `{pN}`, the body of a
    bounded `∀/∃ xk ∈ s, B` by `{qN_xk}`. Returns the generalized text and the predicates as `fun x0 => B`."""
    from specbridge.generate.extract import rename_identifiers

    fills: list[str] = []
    out = template
    for regex, lam in ((_LAMBDA, True), (_BOUNDED, False)):
        pos = 0
        while True:
            m = regex.search(out, pos)
            if m is None:
                break
            var = m.group(1) if lam else m.group(2)
            end = _body_end(out, m.end())
            body = out[m.end() : end].strip()
            if not _closed(body, var):
                pos = m.end()
                continue
            fills.append("fun x0 => " + rename_identifiers(body, {var: "x0"}).replace("{{", "{").replace("}}", "}"))
            k = len(fills) - 1
            if lam:
                hole = "{p" + str(k) + "}"
                out = out[: m.start()] + hole + out[end:]
                pos = m.start() + len(hole)
            else:
                hole = "{q" + str(k) + "_" + var + "}"
                out = out[: m.end()] + hole + out[end:]
                pos = m.end() + len(hole)
    return out, fills


def _wording(c: TypedClause, params: dict[str, str]) -> str:
    from specbridge.generate.extract import rename_identifiers
    from specbridge.mining.reconstruct import _words

    order = {}
    for name in re.findall(r"[A-Za-z_][\w']*", c.text):
        if name in params and name not in order:
            order[name] = f"{{s{len(order)}}}"
    words = _words(c).replace("{", "{{").replace("}", "}}")
    return rename_identifiers(words, {**order, "result": "{result}"})


def mine_task(task: Task, reconstructor: Reconstructor | None = None, settings: Settings | None = None) -> _Mined:
    reconstructor = reconstructor or RulesReconstructor()
    settings = settings or Settings(computable=MINING_COMPUTABLE)
    rec = reconstructor.reconstruct(task)
    try:
        trip = check_round_trip(task, rec, settings=settings, inputs=MINING_INPUTS, time_budget=MINING_TIME_BUDGET)
    except (SpecBridgeError, RecursionError) as exc:
        trip = RoundTrip(task.id, False, "decode-error", f"round-trip check failed: {exc}")
    if not trip.ok or rec.plan is None:
        return _Mined(task.id, trip, "", [])
    try:
        clauses = rec.clauses or typed_clauses(task)
        records = clause_records(task, clauses)
    except SpecBridgeError:
        records = []
    return _Mined(task.id, trip, rec.plan.to_markdown(), records)


def _mine_json(payload: str) -> _Mined:
    return mine_task(Task.model_validate_json(payload))


# ---------------------------------------------------------------------------------------------------------------
# Abstraction across tasks


def slot_shape(lean_type: str) -> str:
    """The type a slot accepts: the Lean type with the number types merged (`List Int` ~ `List Nat`), the
    containers kept apart (`List` ≠ `Array` ≠ `String`: their operations differ)."""
    t = " ".join(lean_type.replace("(", " ( ").replace(")", " ) ").split())
    t = re.sub(r"\b(Nat|Int)\b", "num", t)
    return t.replace("( ", "(").replace(" )", ")")


def _signature_shape(task: Task) -> str:
    params = ", ".join(type_shape(p.type) for p in task.signature.params)
    return f"{params} -> {type_shape(task.signature.return_type)}"


def _doc_terms(task: Task) -> set[str]:
    words = tokenize(requirement_text(task) + " " + " ".join(split_name(task.signature.name)))
    return set(words) | {f"{a} {b}" for a, b in zip(words, words[1:], strict=False)}


def _phrases(support: list[str], terms: dict[str, set[str]], df: Counter[str], n: int) -> list[str]:
    """Terms over-represented in the supporting tasks' requirements against the corpus (smoothed log ratio)."""
    sdf: Counter[str] = Counter()
    for tid in support:
        sdf.update(terms.get(tid, set()))
    s = len(support)
    scored = []
    for term, k in sdf.items():
        if s >= 3 and k < 2:
            continue
        ratio = math.log((k + 0.5) / (s + 1)) - math.log((df[term] + 0.5) / (n + 1))
        if ratio > 0.2:
            scored.append((-(ratio * k), term))
    scored.sort()
    return [t for _, t in scored[:MAX_PHRASES]]


def abstract_patterns(tasks: list[Task], mined: list[_Mined]) -> list[Pattern]:
    """Merge the kept clauses of all tasks into patterns (deterministic: sorted keys, content-hashed ids)."""
    by_id = {t.id: t for t in tasks}
    terms = {t.id: _doc_terms(t) for t in tasks}
    df: Counter[str] = Counter()
    for ts in terms.values():
        df.update(ts)
    n = len(tasks)
    groups: dict[tuple, list[tuple[str, dict]]] = defaultdict(list)
    for m in mined:
        for rec in m.clauses:
            shapes = tuple((name, slot_shape(t)) for name, t in rec["slots"])
            groups[(rec["part"], rec["kind"], rec["template"], shapes)].append((m.task_id, rec))
    patterns: list[Pattern] = []
    members_of: dict[str, list[tuple[str, str]]] = {}
    for key in sorted(groups):
        part, kind, template, shapes = key
        members = groups[key]
        task_ids = sorted(dict.fromkeys(tid for tid, _ in members))
        # Anti-unification of the literals: a position with one value everywhere stays a constant.
        constants: dict[str, list[str]] = {}
        n_lit = len(members[0][1]["literals"])
        fill: dict[str, str] = {}
        for k in range(n_lit):
            vals = [rec["literals"][k] for _, rec in members if len(rec["literals"]) > k]
            distinct = sorted(set(vals), key=lambda v: (-vals.count(v), v))
            if len(distinct) == 1:
                fill[f"c{k}"] = distinct[0]
            else:
                constants[f"c{k}"] = distinct
                fill[f"c{k}"] = "{" + f"c{k}" + "}"
        text = _fill(template, fill)
        slot_infos = []
        for name, shape in shapes:
            seen = sorted({dict(rec["slots"]).get(name, "") for _, rec in members} - {""})
            slot_infos.append(SlotInfo(name=name, shape=shape, types=seen))
        first = members[0][1]
        pid = "p" + hashlib.sha1(f"{part}|{kind}|{text}|{shapes}".encode()).hexdigest()[:10]
        patterns.append(
            Pattern(
                id=pid,
                part=part,
                kind=kind,
                template=text,
                wording=first["wording"],
                slots=slot_infos,
                constants=constants,
                aux=first["aux"],
                fits=sorted({_signature_shape(by_id[t]) for t in task_ids if t in by_id}),
                support=len(task_ids),
                tasks=task_ids,
                phrases=_phrases(task_ids, terms, df, n),
                fills=sorted({tuple(rec["fills"]) for _, rec in members if rec["fills"]}),
            )
        )
        for tid in task_ids:
            members_of.setdefault(f"{tid}|{part}", []).append((pid, kind))
    by_pid = {p.id: p for p in patterns}
    for p in patterns:
        co: Counter[str] = Counter()
        for tid in p.tasks:
            co.update(q for q, _ in members_of.get(f"{tid}|{p.part}", []) if q != p.id)
        p.with_patterns = [q for q, _ in sorted(co.items(), key=lambda x: (-x[1], x[0]))[:8] if q in by_pid]
    patterns.sort(key=lambda p: (-p.support, p.part, p.id))
    return patterns


def abstract_predicates(tasks: list[Task], mined: list[_Mined]) -> list[Predicate]:
    """Every closed predicate of the kept clauses, merged by text, with its supporting tasks and phrases."""
    terms = {t.id: _doc_terms(t) for t in tasks}
    df: Counter[str] = Counter()
    for ts in terms.values():
        df.update(ts)
    seen: dict[str, set[str]] = defaultdict(set)
    for m in mined:
        for rec in m.clauses:
            for f in rec.get("fills", []):
                seen[f].add(m.task_id)
    out = []
    for text in sorted(seen):
        tids = sorted(seen[text])
        pid = "q" + hashlib.sha1(text.encode()).hexdigest()[:10]
        out.append(
            Predicate(id=pid, text=text, support=len(tids), tasks=tids, phrases=_phrases(tids, terms, df, len(tasks)))
        )
    out.sort(key=lambda p: (-p.support, p.id))
    return out


def _fill(template: str, values: dict[str, str]) -> str:
    """Fill only the `{cK}` slots, keeping the other slots and doubled braces as they are."""
    return re.sub(r"(?<!\{)\{(c\d+)\}(?!\})", lambda m: values.get(m.group(1), m.group(0)), template)


# ---------------------------------------------------------------------------------------------------------------
# The whole corpus


@dataclass
class MineReport:
    library: Library
    seconds: float

    def summary(self) -> dict:
        lib = self.library
        return {
            "specs": lib.specs,
            "round_trip_ok": lib.round_trip_ok,
            "patterns": len(lib.patterns),
            "seconds": round(self.seconds, 2),
            "failures": dict(sorted(lib.failure_counts.items())),
        }


def load_corpus(paths: Iterable[str | Path]) -> tuple[list[Task], list[str]]:
    """The tasks with a reference spec of every corpus path (datasets of any supported format), and the
    invalid ones' reasons."""
    from specbridge.datasets import load_dataset

    tasks: list[Task] = []
    invalid: list[str] = []
    seen: set[str] = set()
    for path in paths:
        result = load_dataset(Path(path))
        invalid += [i.reason for i in result.invalid]
        for t in result.tasks:
            if t.reference is not None and t.id not in seen:
                seen.add(t.id)
                tasks.append(t)
    return tasks, invalid


def mine(
    paths: list[str | Path],
    *,
    reconstructor: Reconstructor | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    keep_plans: bool = True,
    tasks: list[Task] | None = None,
) -> MineReport:
    """Mine a corpus into a library. `rules` runs in `workers` processes (default: the CPU count, at most 2);
    any other reconstructor (the LLM one) runs in this process, its client handling concurrency."""
    start = time.perf_counter()
    if tasks is None:
        tasks, _invalid = load_corpus(paths)
    tasks = sorted(tasks, key=lambda t: t.id)
    reconstructor = reconstructor or RulesReconstructor()
    mined: list[_Mined] = []
    total = len(tasks)
    if isinstance(reconstructor, RulesReconstructor) and total > 8 and (workers or min(2, os.cpu_count() or 1)) > 1:
        n = workers or min(2, os.cpu_count() or 1)
        # `spawn`, not `fork`: the caller may have threads (LLM client loop, big-stack executor) that a fork
        # would copy mid-lock.
        with ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn")) as pool:
            for i, m in enumerate(pool.map(_mine_json, [t.model_dump_json() for t in tasks], chunksize=4), 1):
                mined.append(m)
                if progress:
                    progress(i, total)
    else:
        for i, t in enumerate(tasks, 1):
            mined.append(mine_task(t, reconstructor))
            if progress:
                progress(i, total)
    kept = [m for m in mined if m.trip.ok]
    failures = [
        Failure(task_id=m.task_id, cause=m.trip.cause, message=m.trip.message, counterexample=m.trip.counterexample)
        for m in mined
        if not m.trip.ok
    ]
    library = Library(
        fingerprint=corpus_fingerprint(tasks),
        sources=[str(p) for p in paths],
        reconstructor=reconstructor.name,
        specs=total,
        round_trip_ok=len(kept),
        failure_counts=dict(Counter(f.cause for f in failures)),
        patterns=abstract_patterns(tasks, kept),
        predicates=abstract_predicates(tasks, kept),
        plans={m.task_id: m.plan for m in kept} if keep_plans else {},
        failures=failures,
    )
    return MineReport(library, time.perf_counter() - start)


def kind_words(kind: str) -> str:
    return KIND_WORDS.get(kind, kind)


__all__ = ["Library", "Pattern", "load_library", "mine", "corpus_fingerprint", "split_body"]
