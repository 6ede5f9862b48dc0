"""Reconstruction: spec → Natural-Language Formalization Plan, and the plan decoded back into Lean.

One interface, `Reconstructor.reconstruct(task) -> Reconstruction`, two implementations:

* `RulesReconstructor` (no model): the reference spec is split into guards and result clauses
  (`clauses.split_body`), each clause's shape is recognised on the typed AST (`clauses.shape_of`) and written in
  words with the formal shape kept; the inputs' domains come from the guards that mention them, edge cases from
  the clause structure, the Lean vocabulary from the names used. `decode_plan` is its deterministic decoder.
* `LLMReconstructor`: a prompt shows the requirement, the signature and the spec and asks for the plan; a
  *separate* call that sees only the requirement, the signature and the plan writes the Lean (never the spec).
  Both calls go through `specbridge.llm.LLMClient` (cached, retried, accounted).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Protocol

from specbridge.errors import LLMError, SpecBridgeError
from specbridge.lean.parser import parse_term
from specbridge.mining.clauses import Span, shape_of, split_body
from specbridge.nlfp import Clause, InputDomain, Plan, gloss, parse_plan
from specbridge.tasks import ReferenceSpec, Task, render_spec_source


@dataclass(frozen=True)
class TypedClause:
    """A clause of a spec: which part (`pre`/`post`), its kind (`let`, `forall-index`, ...) and its Lean text."""

    part: str
    kind: str
    text: str
    span: Span


@dataclass
class Reconstruction:
    """What a reconstructor made of one task: the plan, the decoded spec, and the typed clauses it read."""

    task_id: str
    plan: Plan | None
    decoded: ReferenceSpec | None
    clauses: list[TypedClause] = field(default_factory=list)
    error: str = ""  # why no plan or no decoding came out
    calls: int = 0  # model calls made (llm)


class Reconstructor(Protocol):
    name: str

    def reconstruct(self, task: Task) -> Reconstruction: ...


# Words for each shape: how the plan introduces the clause before glossing it.
KIND_WORDS = {
    "let": "local definition",
    "membership": "membership",
    "non-membership": "non-membership",
    "forall-element": "bounded ∀ over the elements",
    "forall-index": "bounded ∀ over the indices",
    "forall": "∀ over a type",
    "exists-element": "∃ an element as witness",
    "exists-index": "∃ an index as witness",
    "exists": "∃ with a witness",
    "exists-unique": "∃! a unique witness",
    "index-minimality": "index result with minimality (nothing earlier qualifies)",
    "decision": "decision: the Boolean result is true exactly when the property holds",
    "decision-implication": "one direction of the decision",
    "counting": "counting equality",
    "folding": "summing/folding equality",
    "result-equation": "the result as an expression of the inputs",
    "equation": "an equation on the result",
    "relation": "a relation between the inputs",
    "bound": "a bound on the result",
    "order": "order",
    "permutation": "permutation (same elements, same counts)",
    "distinctness": "distinct elements",
    "option-cases": "Option cases (`none` / `some`)",
    "match-cases": "case analysis by pattern matching",
    "case-split": "if-then-else case split",
    "implication": "conditional demand",
    "equivalence": "equivalence",
    "disjunction": "alternatives",
    "conjunction": "conjunction",
    "negation": "negation",
    "trivial": "no demand",
    "other": "property",
}


def _prop_defs(aux: str) -> dict[str, tuple[list[str], str]]:
    """Prop-valued helper definitions of the aux: name -> (binder names, body text)."""
    from specbridge.datasets.vericoding import _blocks, _header

    out: dict[str, tuple[list[str], str]] = {}
    for kw, name, text in _blocks(aux):
        if kw != "def" or "where" in text or "termination_by" in text:
            continue
        try:
            binders, ret, body = _header(text, "aux", "aux")
        except SpecBridgeError:
            continue
        if ret.strip() == "Prop" and body.strip():
            out[name] = ([b for b, _ in binders], body)
    return out


_APP = re.compile(r"^([A-Za-z_][\w']*)((?:\s+[A-Za-z_][\w']*)*)$")


def _inline(text: str, defs: dict[str, tuple[list[str], str]]) -> str | None:
    """`ValidInput n xs` -> the helper's body with its binders renamed to the arguments; None when it is not such
    an application or the renaming could capture a bound name."""
    from specbridge.generate.extract import mentions, rename_identifiers

    m = _APP.match(text.strip())
    if m is None or m.group(1) not in defs:
        return None
    args = m.group(2).split()
    binders, body = defs[m.group(1)]
    if len(args) != len(binders):
        return None
    mapping = dict(zip(binders, args, strict=True))
    if any(a != b and mentions(body, a) for b, a in mapping.items()):
        return None
    return rename_identifiers(_dedent(body), mapping)


def _dedent(text: str) -> str:
    lines = text.strip("\n").splitlines()
    indent = min((len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()), default=0)
    return "\n".join(ln[indent:] for ln in lines).strip()


def typed_clauses(task: Task) -> list[TypedClause]:
    """The reference spec's clauses, precondition first, each with its shape; SpecBridgeError when unreadable.

    A clause that only applies a Prop-valued helper of the aux to parameters (`ValidInput n xs`, the Vericoding
    style) is unfolded into the helper's own clauses, so the plan says what the helper demands."""
    if task.reference is None:
        raise SpecBridgeError(f"{task.id}: no reference spec to reconstruct")
    defs = _prop_defs(task.reference.aux) if task.reference.aux.strip() else {}
    out: list[TypedClause] = []
    for part, body in (("pre", task.reference.precond), ("post", task.reference.postcond)):
        lets, conjuncts = split_body(body)
        out += [TypedClause(part, "let", s.text, s) for s in lets]
        queue = list(conjuncts)
        unfolded = 0
        while queue:
            s = queue.pop(0)
            inner = _inline(s.text, defs) if unfolded < 8 else None
            if inner is not None:
                unfolded += 1
                sub_lets, sub = split_body(inner)
                if not sub_lets:
                    queue = sub + queue
                    continue
            kind = shape_of(parse_term(s.text))
            if part == "pre" and kind == "trivial":
                continue
            out.append(TypedClause(part, kind, s.text, s))
    return out


def _words(c: TypedClause) -> str:
    if c.kind == "let":
        m = re.match(r"let\s+(.+?)\s*(?::[^=]*)?:=\s*(.+)$", c.text, re.S)
        if m:
            return f"{KIND_WORDS['let']}: write `{m.group(1)}` for `{m.group(2)}`"
    reading = gloss(c.text)
    return f"{KIND_WORDS.get(c.kind, 'property')}: {reading}"


def _seq_kind(t: str) -> str:
    t = " ".join(t.split()).strip("()")
    if t.startswith(("List ", "Array ")) or t == "String":
        return "seq"
    if t.startswith("Option "):
        return "option"
    return t


def _edge_cases(task: Task, clauses: list[TypedClause]) -> list[str]:
    """Edge cases read off the clause structure: empty sequences against ∀/∃ clauses, Option results, splits."""
    out: list[str] = []
    guards = " ".join(c.text for c in clauses if c.part == "pre")
    kinds = {c.kind for c in clauses if c.part == "post"}
    for p in task.signature.params:
        if _seq_kind(p.type) != "seq":
            continue
        if re.search(rf"\b{re.escape(p.name)}\b[^∧]*(≠ \[\]|≠ \"\"|> 0|≥ 1|≠ 0|!= 0)", guards):
            out.append(f"empty `{p.name}`: excluded by the guards")
        elif kinds & {"forall-element", "forall-index", "index-minimality"}:
            out.append(f"empty `{p.name}`: the ∀ clauses hold vacuously")
        elif kinds & {"exists-element", "exists-index", "membership"}:
            out.append(f"empty `{p.name}`: the ∃/membership clauses cannot hold, so no result satisfies them")
    if _seq_kind(task.signature.return_type) == "option":
        out.append("the `none` and `some` results are specified separately")
    if "case-split" in kinds:
        out.append("each branch of the `if` is its own case")
    return out


_VOCAB = re.compile(r"\b(?:List|Array|String|Nat|Int|Char|Option|Float)\.\w+|\.\w+\b")


def _vocabulary(clauses: list[TypedClause]) -> list[str]:
    names: list[str] = []
    for c in clauses:
        for m in _VOCAB.finditer(c.text):
            word = m.group(0)
            if word.startswith(".") and (len(word) < 3 or word[1:].isdigit()):
                continue
            names.append(word)
    return sorted(set(names))


def _shape(c: TypedClause) -> str:
    """The clause's formal shape as the plan shows it. A clause that is itself a `let … ; body` block is
    parenthesised, so that a shape starting with `let` is always a local definition of the body."""
    if c.kind != "let" and c.text.startswith("let "):
        return f"({c.text})"
    return c.text


def rules_plan(task: Task) -> tuple[Plan, list[TypedClause]]:
    """The plan the reference spec embodies, read by rules; SpecBridgeError (or LeanParseError) if unreadable."""
    clauses = typed_clauses(task)
    guards = [Clause(text=_words(c), shape=_shape(c)) for c in clauses if c.part == "pre"]
    result = [Clause(text=_words(c), shape=_shape(c)) for c in clauses if c.part == "post"]
    inputs = []
    for p in task.signature.params:
        mine = [c for c in clauses if c.part == "pre" and re.search(rf"\b{re.escape(p.name)}\b", c.text)]
        domain = "; ".join(gloss(c.text) for c in mine if c.kind != "let") or "any value of its type"
        inputs.append(InputDomain(name=p.name, type=p.type, domain=domain))
    inputs.append(InputDomain(name="result", type=task.signature.return_type, domain="the function's answer"))
    kinds = sorted({c.kind for c in clauses if c.part == "post" and c.kind != "let"})
    summary = f"`{task.signature.name}`: " + (", ".join(KIND_WORDS[k] for k in kinds) or "no demand on the result")
    aux = task.reference.aux.strip() if task.reference else ""
    plan = Plan(
        summary=summary,
        inputs=inputs,
        guards=guards,
        clauses=result or [Clause(text="no demand on the result", shape="True")],
        edge_cases=_edge_cases(task, clauses),
        vocabulary=_vocabulary(clauses),
        definitions=[aux] if aux else [],
    )
    return plan, clauses


def _body(clauses: list[Clause]) -> str:
    lets = [c.shape for c in clauses if c.shape.startswith("let ")]
    rest = [c.shape for c in clauses if not c.shape.startswith("let ") and c.shape]
    joined = " ∧\n".join(f"({s})" if len(rest) > 1 else s for s in rest) or "True"
    return "\n".join([*lets, joined])


def decode_plan(plan: Plan) -> ReferenceSpec:
    """The rules decoder: guards' shapes → precondition, result clauses' shapes → postcondition (leading `let`s
    first, the rest joined by `∧`), the plan's auxiliary definitions → aux. Deterministic; no spec seen."""
    return ReferenceSpec(aux="\n\n".join(plan.definitions), precond=_body(plan.guards), postcond=_body(plan.clauses))


class RulesReconstructor:
    """Plans by rules from the parsed, typed spec; decoded by `decode_plan` after a Markdown round trip."""

    name = "rules"

    def reconstruct(self, task: Task) -> Reconstruction:
        try:
            plan, clauses = rules_plan(task)
        except SpecBridgeError as exc:
            return Reconstruction(task.id, None, None, error=f"unreadable spec: {exc}")
        try:
            # Decode from the plan's text, as a reader would: what the Markdown loses, the round trip sees.
            decoded = decode_plan(parse_plan(plan.to_markdown()))
        except SpecBridgeError as exc:
            return Reconstruction(task.id, plan, None, clauses, error=f"plan could not be read back: {exc}")
        return Reconstruction(task.id, plan, decoded, clauses)


class LLMReconstructor:
    """Plan with the spec visible, then decode in a separate call that sees only requirement, signature, plan."""

    name = "llm"

    def __init__(self, client: object):
        self.client = client  # specbridge.llm.LLMClient (or anything with `complete(messages)`)

    def reconstruct(self, task: Task) -> Reconstruction:
        from specbridge.generate.extract import ExtractionError, extract_spec
        from specbridge.mining.prompts import decode_plan_messages, reconstruct_messages

        try:
            clauses = typed_clauses(task)
        except SpecBridgeError:
            clauses = []
        calls = 0
        try:
            raw_plan = self.client.complete(reconstruct_messages(task)).text  # type: ignore[attr-defined]
            calls += 1
            plan = parse_plan(raw_plan)
            raw = self.client.complete(decode_plan_messages(task, plan)).text  # type: ignore[attr-defined]
            calls += 1
            extracted = extract_spec(raw, task.signature)
        except (LLMError, ExtractionError, SpecBridgeError) as exc:
            return Reconstruction(task.id, None, None, clauses, error=f"llm reconstruction failed: {exc}", calls=calls)
        decoded = extracted.as_reference()
        return Reconstruction(task.id, plan, decoded, clauses, calls=calls)


def split_spec_source(spec_text: str, task: Task) -> ReferenceSpec:
    """A full spec source (aux + the two defs) back into parts, via the extractor's parser."""
    from specbridge.generate.extract import extract_spec

    return extract_spec(f"```lean\n{spec_text}\n```", task.signature).as_reference()


def decoded_source(task: Task, decoded: ReferenceSpec) -> str:
    return render_spec_source(task.signature, decoded)
