"""Mining a corpus: patterns by anti-unification, phrases, determinism, fingerprint; transfer to a new task."""

from __future__ import annotations

from specbridge.mining.library import extract_holes, load_library, mine
from specbridge.mining.transfer import PatternIndex, instantiate
from specbridge.tasks import Param, ReferenceSpec, Signature, Task


def _task(tid: str, req: str, params: list[tuple[str, str]], ret: str, pre: str, post: str) -> Task:
    sig = Signature(name=tid, params=tuple(Param(name=n, type=t) for n, t in params), return_type=ret)
    return Task(id=tid, requirement=req, signature=sig, reference=ReferenceSpec(precond=pre, postcond=post))


CORPUS = [
    _task(
        "cntPos",
        "Count the positive numbers of a list.",
        [("xs", "List Int")],
        "Nat",
        "True",
        "result = xs.countP (fun x => x > 0)",
    ),
    _task(
        "cntEven",
        "Count the even numbers in a list of naturals.",
        [("ns", "List Nat")],
        "Nat",
        "True",
        "result = ns.countP (fun n => n % 2 = 0)",
    ),
    _task(
        "bigAbove",
        "Return the largest element of a non-empty list; it is above 3.",
        [("ys", "List Int")],
        "Int",
        "ys ≠ []",
        "result ∈ ys ∧ (∀ y ∈ ys, y ≤ result) ∧ result > 3",
    ),
    _task(
        "bigAbove2",
        "Return the largest element, which exceeds 5, of a non-empty list.",
        [("zs", "List Int")],
        "Int",
        "zs ≠ []",
        "result ∈ zs ∧ (∀ z ∈ zs, z ≤ result) ∧ result > 5",
    ),
]


def test_mining_merges_same_template_clauses_and_anti_unifies_literals() -> None:
    lib = mine([], tasks=CORPUS, workers=1).library
    assert lib.specs == 4 and lib.round_trip_ok == 4 and not lib.failures
    by_template = {p.template: p for p in lib.patterns}
    member = by_template["{result} ∈ {s0}"]
    assert member.support == 2 and member.tasks == ["bigAbove", "bigAbove2"]
    assert {s.name: s.shape for s in member.slots} == {"result": "num", "s0": "List num"}
    assert member.fits == ["seq num -> num"]
    bound = by_template["{result} > {c0}"]  # 3 and 5 differ: a constant slot with the values seen
    assert bound.constants == {"c0": ["3", "5"]}
    count = by_template["{result} = {s0}.countP ({p0})"]  # the predicate is a hole, Int and Nat lists merge
    assert count.support == 2 and sorted(f[0] for f in count.fills) == ["fun x0 => x0 % 2 = 0", "fun x0 => x0 > 0"]
    assert "largest" in " ".join(member.phrases)
    assert {q.text for q in lib.predicates} == {"fun x0 => x0 % 2 = 0", "fun x0 => x0 > 0"}


def test_library_json_is_deterministic_and_loads_back(tmp_path) -> None:  # noqa: ANN001
    a = mine([], tasks=CORPUS, workers=1).library
    b = mine([], tasks=list(reversed(CORPUS)), workers=1).library
    assert a.to_json() == b.to_json() and len(a.fingerprint) == 64
    path = tmp_path / "lib.json"
    path.write_text(a.to_json(), encoding="utf-8")
    assert load_library(path).patterns == a.patterns
    changed = mine([], tasks=CORPUS[:3], workers=1).library
    assert changed.fingerprint != a.fingerprint


def test_transfer_fills_slots_by_type_and_predicate_holes_by_phrases() -> None:
    lib = mine([], tasks=CORPUS, workers=1).library
    new = _task(
        "cntEvenArr",
        "How many even numbers does the list contain? Count them.",
        [("vals", "List Int")],
        "Nat",
        "True",
        "True",
    ).model_copy(update={"reference": None})
    index = PatternIndex(lib, CORPUS)
    fits = index.fitting(new, part="post")
    assert fits and fits[0].pattern.template.startswith("{result} = {s0}.countP")
    preds = index.predicates_for(new)
    assert preds[0] == "fun x0 => x0 % 2 = 0"
    texts = instantiate(fits[0].pattern, new, predicates=preds)
    assert texts[0] == "result = vals.countP (fun x0 => x0 % 2 = 0)"


def test_a_pattern_mined_only_from_the_task_itself_is_not_offered() -> None:
    lib = mine([], tasks=CORPUS, workers=1).library
    index = PatternIndex(lib, CORPUS)
    assert all(f.pattern.tasks != ["cntPos"] for f in index.fitting(CORPUS[0]))


def test_extract_holes() -> None:
    assert extract_holes("∀ x0 ∈ {s0}, x0 > 0") == ("∀ x0 ∈ {s0}, {q0_x0}", ["fun x0 => x0 > 0"])
    assert extract_holes("∀ x0 ∈ {s0}, x0 ≤ {result}") == ("∀ x0 ∈ {s0}, x0 ≤ {result}", [])  # not closed


def test_a_sequence_pattern_is_rewritten_for_another_container() -> None:
    from specbridge.mining.transfer import _retarget

    assert _retarget("{result} = ({s0}.toList.filter ({p0})).length", "s0", "String", "List") == (
        "{result} = ({s0}.filter ({p0})).length"
    )
    assert _retarget("∀ x0 < {s0}.size, {s0}[x0]! ≤ {result}", "s0", "Array", "List") == (
        "∀ x0 < {s0}.length, {s0}[x0]! ≤ {result}"
    )
    assert _retarget("{result} ∈ {s0} ∧ {s0}.length > 0", "s0", "List", "Array") == (
        "{result} ∈ {s0}.toList ∧ {s0}.size > 0"
    )
    lib = mine([], tasks=CORPUS, workers=1).library
    on_array = _task(
        "bigArr", "Return the largest element of a non-empty array.", [("a", "Array Int")], "Int", "True", "True"
    ).model_copy(update={"reference": None})
    fit = next(f for f in PatternIndex(lib, CORPUS).fitting(on_array) if f.pattern.template == "{result} ∈ {s0}")
    assert instantiate(fit.pattern, on_array) == ["result ∈ a.toList"]
