"""Mined terms and the requirement/Lean lexicon: what they extract, how they count, how they transfer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from specbridge.generate.base import GenerationContext
from specbridge.generate.offline import OfflineGenerator, term_candidates
from specbridge.lean import types as ty
from specbridge.lean.program import Program, expression_type
from specbridge.mining.lexicon import Lexicon, requirement_terms, spec_features
from specbridge.mining.terms import instantiations, lambda_bodies, mine_terms
from specbridge.settings import Settings
from specbridge.tasks import Param, ReferenceSpec, Signature, Task, TestCase, Visibility, render_spec_source

EXAMPLE = Visibility.EXAMPLE


def _task(
    tid: str, req: str, params: list[tuple[str, str]], ret: str, post: str, aux: str = "", source: str = ""
) -> Task:
    sig = Signature(name=tid, params=tuple(Param(name=n, type=t) for n, t in params), return_type=ret)
    return Task(
        id=tid,
        requirement=req,
        signature=sig,
        reference=ReferenceSpec(aux=aux, precond="True", postcond=post),
        source=source,
    )


def _offered(task: Task, corpus: list[Task]) -> list[str]:
    """The postconditions `term_candidates` offers for `task` over `corpus`, best first."""
    return [c.postcond for c in term_candidates(task, GenerationContext(settings=Settings(), corpus=corpus))]


# --- spec features -----------------------------------------------------------------------------------------------


def test_features_are_library_vocabulary_not_local_names() -> None:
    f = spec_features("result = (xs.map (fun y => y * y)).sum ∧ ∀ i < xs.length, xs[i]! % 2 = 0", ["xs"])
    assert {"id:map", "id:sum", "id:length", "op:*", "op:%", "opl:% 2", "opl:= 0", "op:∀"} <= f
    assert not {f for f in f if f.startswith("id:") and f[3:] in ("xs", "y", "i", "result")}


def test_features_of_unlexable_text_are_empty() -> None:
    assert spec_features('result = "unterminated') == set()


def test_requirement_terms_keep_quantifier_words() -> None:
    t = _task("allEven", "Decide whether every entry is even; none may be odd.", [("xs", "List Nat")], "Bool", "True")
    words = requirement_terms(t)
    assert {"every", "none", "even", "odd"} <= words  # "every"/"none" are stop words for retrieval, kept here


def test_even_as_an_adverb_is_no_parity() -> None:
    said = "Check that every entry of xs occurs in ys; an empty xs passes, even against an empty ys."
    t = _task("allIn", said, [("xs", "List Nat"), ("ys", "List Nat")], "Bool", "True")
    assert "even" not in requirement_terms(t)
    parity = _task(
        "allEven", "Check that the entries are even, even when xs is empty.", [("xs", "List Nat")], "Bool", "True"
    )
    assert "even" in requirement_terms(parity)
    one = _task("isEven", "Whether n is an even one.", [("n", "Nat")], "Bool", "True")
    assert "even" in requirement_terms(one)


# --- the lexicon ---------------------------------------------------------------------------------------------------


def _corpus() -> list[Task]:
    out = []
    for i in range(4):  # "sum" goes with `.sum`, "even" with `% 2`, in every task that says so
        out.append(
            _task(f"s{i}", f"Return the sum of the list variant{i}.", [("xs", "List Nat")], "Nat", "result = xs.sum")
        )
        out.append(
            _task(
                f"e{i}",
                f"Count the even entries variant{i}.",
                [("xs", "List Nat")],
                "Nat",
                "result = (xs.filter (fun x => x % 2 = 0)).length",
            )
        )
        out.append(
            _task(f"r{i}", f"Reverse the list variant{i}.", [("xs", "List Nat")], "List Nat", "result = xs.reverse")
        )
    return out


def test_lexicon_pairs_words_with_the_vocabulary_they_go_with() -> None:
    lex = Lexicon.from_tasks(_corpus())
    # observed 4 against 4/3 expected: log(5 / 2.33)
    assert lex.assoc("id:sum").get("sum", 0) == pytest.approx(0.762, abs=0.01)
    assert "sum" not in lex.assoc("id:reverse")
    assert lex.assoc("opl:% 2").get("even", 0) > 0.5
    sum_words = {"sum", "list"}
    assert lex.score({"id:sum"}, sum_words) > lex.score({"id:reverse"}, sum_words)


def test_a_feature_the_words_state_is_explained_whatever_the_corpus_paired_it_with() -> None:
    lex = Lexicon.from_tasks(_corpus())
    words = {"count", "entry", "abov", "pivot"}
    # no corpus task says "above" beside `>`: unexplained, the feature costs; stated by the words, it counts in full
    assert lex.score({"op:%", "id:length"}, words) < lex.score({"op:%", "id:length"}, words, stated={"op:%"})
    assert lex.score({"op:%"}, words, stated={"op:%"}) == pytest.approx(1.0)


def test_lexicon_leave_one_out_forgets_the_task() -> None:
    corpus = _corpus()[:6]  # two tasks per feature: without one, a pair is seen once, which is no evidence
    corpus = [t for t in corpus if t.id in ("s0", "s1", "e0", "e1")]
    lex = Lexicon.from_tasks(corpus)
    assert lex.assoc("id:sum").get("sum", 0) > 0
    assert "sum" not in lex.assoc("id:sum", exclude="s0")


def test_lexicon_compares_within_origin() -> None:
    # Origin A's requirements all say "widget" and its specs all use `.sum`; origin B never does either. Within
    # each origin the word tells nothing about the feature, so it must not seem to predict it.
    a = [
        _task(f"a{i}", f"widget thing{i}", [("xs", "List Nat")], "Nat", "result = xs.sum", source=f"A/a{i}.md")
        for i in range(4)
    ]
    b = [
        _task(f"b{i}", f"gadget thing{i}", [("xs", "List Nat")], "Nat", "result = xs.length", source=f"B/b{i}.md")
        for i in range(4)
    ]
    lex = Lexicon.from_tasks(a + b)
    assert "widget" not in lex.assoc("id:sum")
    pooled = Lexicon.from_tasks([t.model_copy(update={"source": ""}) for t in a + b])
    assert pooled.assoc("id:sum").get("widget", 0) > 0.3  # the confound the origins remove


def test_a_feature_common_in_one_origin_only_still_speaks_where_it_is_rare() -> None:
    # Origin A's verbose specs all use `>`; in origin B only the tasks that say "strictly" do. Pooled, `>` is in
    # most specs, but within B it goes with its word.
    a = [
        _task(f"a{i}", f"parse thing{i}", [("xs", "List Nat")], "Nat", "result > 0", source=f"A/a{i}.md")
        for i in range(8)
    ]
    b = [
        _task(f"b{i}", f"strictly more item{i}", [("xs", "List Nat")], "Nat", "result > 0", source=f"B/b{i}.md")
        for i in range(2)
    ] + [
        _task(f"c{i}", f"length thing{i}", [("xs", "List Nat")], "Nat", "result = xs.length", source=f"B/c{i}.md")
        for i in range(4)
    ]
    lex = Lexicon.from_tasks(a + b)
    assert lex.informative("op:>") and lex.assoc("op:>").get("strictly", 0) > 0.3, lex.assoc("op:>")
    assert "parse" not in lex.assoc("op:>")  # A's word: within A it tells nothing
    one = Lexicon.from_tasks([t.model_copy(update={"source": ""}) for t in a + b])
    assert not one.informative("op:>")  # one origin, in 10 of 14 specs: it says nothing


# --- terms ---------------------------------------------------------------------------------------------------------


def test_terms_are_subexpressions_over_parameters_with_typed_slots() -> None:
    t = _task("sq", "sum of squares", [("xs", "List Nat")], "Nat", "result = (xs.map (fun y => y * y)).sum")
    terms = {x.template: x for x in mine_terms([t])}
    assert "({s0}.map ({h0})).sum" in terms
    assert terms["({s0}.map ({h0})).sum"].fills == ["fun x0 => x0 * x0"]
    assert terms["({s0}.map ({h0})).sum"].shapes == {"s0": "List num"}
    assert not [k for k in terms if "result" in k]  # the result is what a term describes, never part of one


def test_a_hole_of_two_arguments_is_a_kind_of_its_own() -> None:
    sorted_ = _task(
        "up", "strictly increasing", [("xs", "List Nat")], "Bool", "result = true ↔ List.Pairwise (fun a b => a < b) xs"
    )
    fold = _task("tot", "total", [("xs", "List Nat")], "Nat", "result = xs.foldl (fun acc x => acc + x * x) 0")
    count = _task("ev", "evens", [("xs", "List Nat")], "Nat", "result = xs.countP (fun x => x % 2 = 0)")
    holes = {t.template: t.hole for t in mine_terms([sorted_, fold, count]) if "{h0}" in t.template}
    assert holes["List.Pairwise ({h0}) {s0}"] == "pred2"
    assert holes["{s0}.foldl ({h0}) 0"] == "value2"
    assert holes["{s0}.countP ({h0})"] == "pred"


def test_terms_come_from_helpers_too_but_never_name_a_helper() -> None:
    aux = "def total (ys : List Nat) : Nat := ys.foldr (· + ·) 0 + ys.length\n\ndef twice (n : Nat) : Nat := 2 * n"
    t = _task("h", "helpers", [("xs", "List Nat")], "Nat", "result = twice (total xs)", aux=aux)
    templates = {x.template for x in mine_terms([t])}
    assert "2 * {s0}" in templates  # from the helper's body, its parameter made a slot
    assert not [k for k in templates if "twice" in k or "total" in k]


def test_root_library_functions_are_operations_unless_the_spec_shadows_them() -> None:
    # `max`/`min` live in Lean's root namespace (lower-case, unlike `List.range`): still Lean's library
    t = _task("c", "clamp", [("x", "Int"), ("lo", "Int"), ("hi", "Int")], "Int", "result = max lo (min x hi)")
    templates = {x.template for x in mine_terms([t])}
    assert {"max {s0} {s1}", "min {s0} {s1}"} <= templates
    # a `let max := …` is the spec's own name: a term over it is not a library operation
    shadow = _task("s", "shadow", [("xs", "List Nat")], "Nat", "let max := xs.length\nresult = max + xs.sum")
    assert not [k for k in (x.template for x in mine_terms([shadow])) if "max" in k]


def test_lean_operations_named_by_the_requirement_s_words_are_offered_without_corpus_support() -> None:
    from specbridge.mining.terms import vocabulary_operations

    ops = {t.template: t for t in vocabulary_operations({"rotat", "left", "take", "array"})}
    assert ops["{s0}.rotateLeft {s1}"].shapes == {"s0": "List *", "s1": "num"}  # the optional count is a slot
    assert ops["{s0}.takeWhile ({h0})"].hole == "pred"
    assert all(not t.tasks for t in ops.values())  # Lean's, not the corpus's
    assert "{s0}.rotateRight {s1}" not in ops  # every word of the name must be the requirement's
    assert not [k for k in ops if k.startswith("{s0}.reverse")]  # one-word names are the corpus's to offer
    # a naming prefix (`get`, `is`, `to`) says what kind of operation, the rest what it is about
    last = {t.template for t in vocabulary_operations({"last", "element"})}
    assert "{s0}.getLast?" in last and "{s0}.getLast" not in last  # `List.getLast` takes a proof in Lean
    assert not [k for k in last if "getElem" in k]  # what `xs[i]?` unfolds to, not a name one writes
    # Lean's `Array.eraseIdx` takes a proof that `i < a.size`: not offered, though "erase … index" names it
    assert "{s0}.eraseIdx {s1}" not in {
        t.template for t in vocabulary_operations({"eras", "idx", "index"}) if t.shapes["s0"].startswith("Array")
    }


def test_lean_s_mirror_of_an_operation_the_corpus_writes_is_offered_with_its_support() -> None:
    from specbridge.mining.terms import mirrored_operations

    corpus = [
        _task("r", "shift", [("l", "List Int"), ("n", "Nat")], "List Int", "result = l.rotateRight n"),
        _task("p", "begins", [("s", "String"), ("t", "String")], "Bool", "result = s.startsWith t"),
        _task("q", "cut", [("s", "String"), ("t", "String")], "Bool", "result = s.endsWith t"),
    ]
    mirrors = {t.template: t for t in mirrored_operations(mine_terms(corpus))}
    assert mirrors["{s0}.rotateLeft {s1}"].tasks == ["r"]  # the support of what it mirrors: no vocabulary bonus
    assert not [k for k in mirrors if "With" in k]  # the corpus wrote both `startsWith` and `endsWith`
    assert not mirrored_operations(mine_terms(corpus[1:]))


def test_a_mirrored_operation_computes_an_example_its_corpus_original_meets_only_by_composition() -> None:
    params = [("l", "List Int"), ("n", "Nat")]
    corpus = [
        _task("r", "Shift the list right by n places.", params, "List Int", "result = l.rotateRight n"),
        _task(
            "r2", "Rotate to the right.", [("ys", "List Nat"), ("m", "Nat")], "List Nat", "result = ys.rotateRight m"
        ),
    ]
    task = _task(
        "moveFront", "Move the first k numbers to the end.", [("xs", "List Int"), ("k", "Nat")], "List Int", ""
    )
    shown = TestCase(inputs={"xs": "[1, 2, 3, 4, 5]", "k": "2"}, expected="[3, 4, 5, 1, 2]", visibility=EXAMPLE)
    offered = _offered(task.model_copy(update={"tests": (shown,)}), corpus)
    assert offered[0] == "result = xs.rotateLeft k"  # not `(xs.rotateRight k).rotateRight 1`, an example's accident


def test_the_letters_of_a_listed_set_are_the_words_own_in_either_case() -> None:
    corpus = [
        _task(
            f"m{i}",
            f"Is the letter among the given letters variant{i}?",
            [(v, "Char"), (w, "List Char")],
            "Bool",
            f"result = decide ({v} ∈ {w})",
        )
        for i, (v, w) in enumerate(["ab", "cd", "xy"])
    ]
    words = "Tell whether a character is one of the vowels a, e, i, o or u. Upper-case vowels count too."
    task = _task("isVowel", words, [("c", "Char")], "Bool", "")
    shown = TestCase(inputs={"c": "'e'"}, expected="true", visibility=EXAMPLE)
    offered = _offered(task.model_copy(update={"tests": (shown,)}), corpus)
    # the upper-case vowels the words never write are theirs all the same: not `c = 'e'`, which the example allows
    assert "∈ (['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U'])" in offered[0], offered[:3]


def test_a_name_word_may_head_a_compound_word_of_the_requirement() -> None:
    from specbridge.mining.terms import vocabulary_operations

    # "uppercase" says `upper` (`Char.toUpper`, `Char.isUpper`); a short word must be said whole
    ops = {t.template for t in vocabulary_operations({"uppercas", "letter"})}
    assert "{s0}.toUpper" in ops and "{s0}.isUpper" in ops
    assert "{s0}.toLower" not in ops


def test_instantiation_fills_slots_by_type_and_retargets_containers() -> None:
    t = _task("k", "keep", [("xs", "List Int")], "List Int", "result = xs.filter (fun x => x > 0)")
    (term,) = [x for x in mine_terms([t]) if x.template == "{s0}.filter ({h0})"]
    target = _task("d", "drop negatives", [("a", "Array Int"), ("n", "Nat")], "Array Int", "True")
    got = instantiations(term, target, ["fun x0 => x0 ≥ 0"])
    assert got[0] == "a.toList.filter (fun x0 => x0 ≥ 0)"
    assert "a.toList.filter (fun x0 => x0 > 0)" in got  # the corpus's own lambda comes after the given ones


def test_term_candidates_offer_a_typed_result_equation() -> None:
    corpus = [
        _task(
            "keepPos",
            "Keep only the positive entries of the list.",
            [("xs", "List Int")],
            "List Int",
            "result = xs.filter (fun x => x > 0)",
        ),
        _task(
            "keepBig",
            "Keep only the entries above ten of the list.",
            [("ys", "List Int")],
            "List Int",
            "result = ys.filter (fun y => y > 10)",
        ),
        _task("total", "Add up the entries of the list.", [("zs", "List Int")], "Int", "result = zs.sum"),
        _task("size", "How many entries the list has.", [("zs", "List Int")], "Nat", "result = zs.length"),
        _task("back", "The list backwards.", [("zs", "List Int")], "List Int", "result = zs.reverse"),
    ]
    task = _task("keepNeg", "Keep only the negative entries of the list.", [("v", "List Int")], "List Int", "True")
    context = GenerationContext(settings=Settings(), corpus=corpus)
    cands = term_candidates(task, context)
    posts = [c.postcond for c in cands]
    assert any(p.startswith("result = v.filter (fun x0 =>") for p in posts)
    assert "result = v.sum" not in posts  # `Int` is not the result type: the elaborator rules it out
    for c in cands:  # every offered candidate elaborates
        Program.from_source(render_spec_source(task.signature, ReferenceSpec(precond="True", postcond=c.postcond)))
    assert all(c.pattern.startswith("t") and c.notes for c in cands)


def test_examples_choose_a_term_the_corpus_has_no_whole_spec_for() -> None:
    # The filtering lives in helpers here: no corpus spec says `result = xs.filter …`, so neither an adapted spec
    # nor a clause pattern can; only the term mined from the helpers' bodies can.
    small = "def keepSmall (ys : List Int) : List Int := ys.filter (fun y => y < 5)"
    odd = "def keepOdd (ys : List Int) : List Int := ys.filter (fun y => y % 2 = 1)"
    corpus = [
        _task(
            "small",
            "Keep only the small entries of the list.",
            [("xs", "List Int")],
            "List Int",
            "result = keepSmall xs",
            aux=small,
        ),
        _task(
            "odd",
            "Keep only the odd entries of the list.",
            [("xs", "List Int")],
            "List Int",
            "result = keepOdd xs",
            aux=odd,
        ),
        _task(
            "negs",
            "Whether the list has a negative entry.",
            [("zs", "List Int")],
            "Bool",
            "result = zs.any (fun z => z < 0)",
        ),
        _task("size", "How many entries the list has.", [("zs", "List Int")], "Nat", "result = zs.length"),
        _task("back", "The list backwards.", [("zs", "List Int")], "List Int", "result = zs.reverse"),
    ]
    task = _task(
        "keepNeg", "Keep only the negative entries of the list, in order.", [("v", "List Int")], "List Int", "True"
    )
    task = task.model_copy(
        update={
            "tests": (
                TestCase(
                    inputs={"v": "[3, -1, 0, -5]"},
                    expected="[-1, -5]",
                    unexpected=("[3, 0]", "[-1]"),
                    visibility=EXAMPLE,
                ),
                TestCase(inputs={"v": "[2]"}, expected="[]", unexpected=("[2]",), visibility=EXAMPLE),
            )
        }
    )
    gen = OfflineGenerator().generate(task, GenerationContext(settings=Settings(), corpus=corpus))
    assert gen.error is None
    assert "v.filter (fun x0 => x0 < 0)" in gen.spec_text


@pytest.mark.skipif(
    not (Path(__file__).resolve().parents[3] / "shared" / "verina-dev").is_dir(),
    reason="../shared/verina-dev is absent",
)
def test_terms_of_the_dev_set_elaborate_where_offered() -> None:
    from specbridge.datasets import load_dataset

    dev = load_dataset(Path(__file__).resolve().parents[3] / "shared" / "verina-dev").tasks
    terms = mine_terms([t for t in dev if t.reference is not None])
    assert len(terms) > 100
    assert all("{s0}" in t.template for t in terms)  # every term is about some parameter


# --- typed operations and their composition ----------------------------------------------------------------------


def test_operations_are_mined_with_the_elaborated_types_of_their_operands() -> None:
    t = _task("sq", "squares", [("xs", "List Int")], "Int", "result = (xs.map (fun x => x * x)).sum")
    ops = {(x.template, tuple(sorted(x.shapes.items()))): x for x in mine_terms([t])}
    # the receiver of `.sum` is `xs.map …`, a List Int by elaboration, not a parameter: still a typed slot
    total = ops[("{s0}.sum", (("s0", "List num"),))]
    assert total.shape == "num"
    mapped = ops[("{s0}.map ({h0})", (("s0", "List num"),))]
    assert mapped.hole == "value" and mapped.fills == ["fun x0 => x0 * x0"]
    # one bound variable used twice is one slot; the lambda's own body is an operation too
    assert ("{s0} * {s0}", (("s0", "num"),)) in ops


def test_a_position_made_of_a_number_keeps_its_brackets_in_the_operation() -> None:
    # Lean's `String.get` takes a `String.Pos`: `s.get n` of a number is ill-typed, `s.get ⟨n⟩` is not
    t = _task("at", "the character at", [("s", "String"), ("i", "Nat")], "Char", "result = s.get ⟨i⟩")
    templates = {x.template for x in mine_terms([t])}
    assert "{s0}.get (⟨{s1}⟩)" in templates and "{s0}.get {s1}" not in templates, templates
    found = instantiations(next(x for x in mine_terms([t]) if x.template == "{s0}.get (⟨{s1}⟩)"), t, [], limit=4)
    assert "s.get (⟨i⟩)" in found, found


def test_a_predicate_hole_is_told_from_a_value_hole() -> None:
    t = _task("pos", "positives", [("xs", "List Int")], "List Int", "result = xs.filter (fun x => x > 0)")
    (op,) = [x for x in mine_terms([t]) if x.template == "{s0}.filter ({h0})"]
    assert op.hole == "pred"


def test_an_uppercase_variable_is_a_slot_not_a_library_constant() -> None:
    # APPS specs name parameters `N`, `A`: only a namespaced name (`Int.ofNat`) is a constant of the library
    t = _task("n", "n", [("N", "Int"), ("xs", "List Int")], "Int", "result = N - xs.length")
    templates = {x.template for x in mine_terms([t])}
    assert "{s0} - {s1}" in templates or "{s1} - {s0}" in templates
    assert not [k for k in templates if "N" in k]


def test_composition_fills_a_slot_with_another_term() -> None:
    t = _task("m", "product", [("a", "Int"), ("b", "Int")], "Int", "result = a * b")
    (times,) = [x for x in mine_terms([t]) if x.template == "{s0} * {s1}"]
    target = _task("price", "qty times the sum", [("prices", "List Nat"), ("qty", "Nat")], "Nat", "True")
    values = [("prices.sum", "Nat"), ("qty", "Nat"), ("prices", "List Nat")]
    got = instantiations(times, target, [], limit=10, values=values, required={"prices.sum"})
    assert "prices.sum * qty" in got and "qty * prices.sum" in got
    assert "qty * qty" not in got  # each value once, and the required operand in every one
    assert not [g for g in got if "prices.sum" not in g]
    compound = instantiations(times, target, [], values=[("(xs.map f).sum", "Nat"), ("qty", "Nat")], required=None)
    assert "(xs.map f).sum * qty" in compound  # an operand is parenthesized only when it must be
    assert "((xs.map f).sum) * qty" not in compound


def test_lambda_bodies_are_values_or_predicates_of_the_element() -> None:
    corpus = [
        _task("d", "double", [("n", "Int")], "Int", "result = 2 * n"),
        _task("p", "positive", [("n", "Int")], "Bool", "result = decide (n > 0)"),
    ]
    terms = mine_terms(corpus)
    target = _task("t", "t", [("xs", "List Int")], "List Int", "True")
    values = lambda_bodies(terms, target, "Int", pred=False)
    tests = lambda_bodies(terms, target, "Int", pred=True)
    assert "fun x0 => 2 * x0" in values and "fun x0 => x0 > 0" not in values
    assert "fun x0 => x0 > 0" in tests and "fun x0 => 2 * x0" not in tests


def test_expression_type_is_the_elaborated_type() -> None:
    params = [("xs", "List Int"), ("qty", "Nat")]
    assert ty.lean_text(expression_type(params, "xs.map (fun x => 2 * x)")) == "List Int"
    assert ty.lean_text(expression_type(params, "qty * xs.sum")) == "Int"  # binop% lifts to the maximal type
    assert ty.lean_text(expression_type(params, "xs.reverse.head?")) == "Option Int"
    assert ty.lean_text(expression_type(params, "xs.zip xs")) == "List (Int × Int)"
    assert expression_type(params, "xs + 1") is None  # ill-typed
    assert expression_type(params, "helper xs") is None  # unknown
    # a numeral nothing else types is a Nat, by Lean's default instance: the base of a power, a constant sum
    assert ty.lean_text(expression_type(params, "2 ^ qty")) == "Nat"
    assert ty.lean_text(expression_type(params, "(10 ^ qty) - 1")) == "Nat"
    assert ty.lean_text(expression_type(params, "2 + 3")) == "Nat"
    assert ty.lean_text(expression_type(params, "2 ^ xs.length + xs.sum")) == "Int"  # another operand types it


def test_inflections_share_a_stem() -> None:
    from specbridge.retrieval import tokenize

    assert len(set(tokenize("multiplied multiplies multiply"))) == 1
    assert len(set(tokenize("squares squared square"))) == 1


def test_a_map_is_filled_with_an_operation_the_corpus_applied_to_a_number() -> None:
    # Nobody in this corpus doubles the entries of a list: one spec maps, another doubles a number. The map's
    # hole is a value hole, filled with `2 * x0` made of the second spec's operation.
    corpus = [
        _task(
            "inc",
            "Add one to every entry of the list.",
            [("xs", "List Int")],
            "List Int",
            "result = xs.map (fun x => x + 1)",
        ),
        _task("twice", "Twice the number: multiply it by two.", [("n", "Int")], "Int", "result = 2 * n"),
        _task("twice2", "Two times the given number, doubled.", [("m", "Int")], "Int", "result = 2 * m"),
        _task(
            "keep",
            "Keep the positive entries of the list.",
            [("xs", "List Int")],
            "List Int",
            "result = xs.filter (fun x => x > 0)",
        ),
    ]
    task = _task("dbl", "Multiply every entry of the list by two.", [("v", "List Int")], "List Int", "True")
    posts = _offered(task, corpus)
    assert "result = v.map (fun x0 => 2 * x0)" in posts
    assert not [p for p in posts if p.startswith("result = v.map (fun x0 => x0 >")]  # no predicate in a value hole


def test_a_term_naming_what_the_elaborator_does_not_know_is_not_offered() -> None:
    # `Frob.count` is nobody's: a spec with it would elaborate (the name types as anything) but never get a verdict
    corpus = [
        _task("f1", "The length of the list, frobbed.", [("xs", "List Int")], "Nat", "result = Frob.count xs"),
        _task("f2", "The length of the list, frobbed again.", [("ys", "List Int")], "Nat", "result = Frob.count ys"),
        _task("l1", "The length of the list.", [("zs", "List Int")], "Nat", "result = zs.length"),
        _task("l2", "The length of the given list.", [("us", "List Int")], "Nat", "result = us.length"),
        _task("s1", "The sum of the entries.", [("zs", "List Int")], "Int", "result = zs.sum"),
        _task("s2", "The sum of all entries.", [("ws", "List Int")], "Int", "result = ws.sum"),
        _task("r1", "The entries backwards.", [("zs", "List Int")], "List Int", "result = zs.reverse"),
        _task("r2", "The entries reversed.", [("zs", "List Int")], "List Int", "result = zs.reverse"),
    ]
    task = _task("cnt", "The length of the list, frobbed.", [("v", "List Int")], "Nat", "True")
    posts = _offered(task, corpus)
    assert "result = v.length" in posts
    assert not [p for p in posts if "Frob" in p]


def test_a_term_is_offered_for_a_result_of_its_own_kind_not_through_a_coercion() -> None:
    # `result = v.sum` elaborates for an `Option Int` result (Lean may coerce to `some ↑…`), but it says nothing
    # of when there is no result: only a term of an Option type may state an Option result
    corpus = [
        _task("first", "The first entry of the list, if any.", [("xs", "List Int")], "Option Int", "result = xs.head?"),
        _task("first2", "The first entry, if there is one.", [("ys", "List Int")], "Option Int", "result = ys.head?"),
        _task("total", "Add up the entries of the list.", [("zs", "List Int")], "Int", "result = zs.sum"),
        _task("total2", "Add up all entries of the list.", [("ws", "List Int")], "Int", "result = ws.sum"),
        _task("size", "How many entries the list has.", [("zs", "List Int")], "Nat", "result = zs.length"),
        _task("size2", "How many entries there are.", [("us", "List Int")], "Nat", "result = us.length"),
    ]
    task = _task("firstOrSum", "The first entry of the list, added up.", [("v", "List Int")], "Option Int", "True")
    posts = _offered(task, corpus)
    assert "result = v.head?" in posts
    assert "result = v.sum" not in posts and "result = v.length" not in posts
    # a number type stands for another (`result = xs.length` for an Int result is Lean's `↑xs.length`)
    count = _task("cnt", "How many entries the list has.", [("v", "List Int")], "Int", "True")
    posts = _offered(count, corpus)
    assert "result = v.length" in posts
    from specbridge.generate.offline import _same_kind

    assert _same_kind("Prop", "Bool") and _same_kind("Nat × Nat", "(Nat × Nat)")  # `decide`; one type, two spellings
    assert not _same_kind("Nat", "(Nat × Nat)") and not _same_kind("Int", "Option Int")


def test_the_words_say_whether_a_comparison_includes_its_limit() -> None:
    from specbridge.mining.shapes import comparison_wording

    assert comparison_wording("Keep the numbers strictly below the limit.") == "strict"
    assert comparison_wording("Count the values up to the limit, inclusive.") == "loose"
    assert comparison_wording("Each is at most 10.") == "loose"
    assert comparison_wording("At least one entry is below it.") is None  # a count, not a comparison
    # the corpus writes `>` and `≥` with the same words: only "strictly" / "or equal" tell them apart
    corpus = [
        _task(
            f"s{i}", f"Keep the values above the limit case{i}.", [("xs", "List Int"), ("k", "Int")], "List Int", post
        )
        for i, post in enumerate(["result = xs.filter (fun x => x > k)", "result = xs.filter (fun x => x ≥ k)"] * 3)
    ]

    def first_comparison(req: str) -> str:
        task = _task("keep", req, [("v", "List Int"), ("limit", "Int")], "List Int", "True")
        return next(op for p in _offered(task, corpus) for op in re.findall(r"x0 ([<>≤≥]) limit", p))

    assert first_comparison("Keep the values strictly above the limit.") in "<>"
    assert first_comparison("Keep the values above the limit or equal to it.") in "≤≥"


def test_reading_by_position_is_one_feature_whether_indexed_or_zipped() -> None:
    indexed = spec_features("∀ i, i < xs.length → xs[i]! > ys[i]!", ["xs", "ys"])
    zipped = spec_features("(xs.zip ys).all (fun p => p.1 > p.2)", ["xs", "ys"])
    assert "op:[]" in indexed and "op:[]" in zipped
    assert "op:[]" not in spec_features("result = [1, 2] ++ xs", ["xs"])  # a list literal reads no position
    # a pair's component is no number the spec writes
    assert "lit:1" not in zipped and "lit:2" not in zipped and {"id:fst", "id:snd"} <= zipped


def _chosen_at_example(task: Task, inputs: dict[str, str], expected: str, corpus: list[Task]) -> str:
    """The spec the offline generator chooses for `task` from `corpus` when one example is visible."""
    from specbridge.pipeline import generate_checked

    example = TestCase(inputs=inputs, expected=expected, visibility=EXAMPLE)
    context = GenerationContext(settings=Settings(), corpus=corpus, repair_rounds=0)
    return generate_checked(task.model_copy(update={"tests": (example,)}), "offline", context).spec_text


def test_words_lining_two_lists_up_choose_their_pairs_over_a_coincidence() -> None:
    # no corpus spec zips two lists, so the lexicon alone cannot tell "position by position" means `xs.zip ys`;
    # on the example, counting the entries of xs found anywhere in ys gives the same 2
    corpus = [
        _task(
            "has",
            "Decide whether the list holds the same number as the key.",
            [("a", "List Nat"), ("k", "Nat")],
            "Bool",
            "result = true ↔ k ∈ a",
        ),
        _task("total", "Add up the entries of the list.", [("zs", "List Nat")], "Nat", "result = zs.sum"),
        _task("size", "How many entries the list has.", [("zs", "List Nat")], "Nat", "result = zs.length"),
        _task(
            "evens", "Count the even entries.", [("zs", "List Nat")], "Nat", "result = zs.countP (fun z => z % 2 = 0)"
        ),
    ]
    requirement = "Compare two lists position by position and count the positions where both hold the same number."
    task = _task("matches", requirement, [("xs", "List Nat"), ("ys", "List Nat")], "Nat", "True")
    chosen = _chosen_at_example(task, {"xs": "[1, 2, 3, 4]", "ys": "[1, 5, 3, 0]"}, "2", corpus)
    assert "result = (xs.zip ys).countP (fun x0 => x0.1 = x0.2)" in chosen


def test_words_asking_for_the_largest_choose_a_maximum_over_a_coincidence() -> None:
    # the corpus's maximum is "the top value" and its second item the entry of the words; on the example the
    # second entry is the largest too
    corpus = [
        _task("top", "Report the top value of the list.", [("zs", "List Nat")], "Nat", "result = zs.foldl max 0"),
        _task("top2", "The top value among the numbers.", [("ns", "List Nat")], "Nat", "result = ns.foldl max 0"),
        _task("at1", "Give back the second entry.", [("zs", "List Nat")], "Nat", "result = zs[1]!"),
        _task("total", "Add up the entries of the list.", [("zs", "List Nat")], "Nat", "result = zs.sum"),
    ]
    task = _task("biggest", "Return the largest entry of the list.", [("xs", "List Nat")], "Nat", "True")
    chosen = _chosen_at_example(task, {"xs": "[3, 8, 5]"}, "8", corpus)
    assert "result = xs.foldl max 0" in chosen, chosen


def test_words_asking_for_the_smallest_offer_lean_s_minimum_the_corpus_never_wrote() -> None:
    from specbridge.mining.terms import extreme_operations

    assert {t.template for t in extreme_operations({"min"})} == {"{s0}.min?"}
    corpus = [
        _task(
            "pos",
            "Keep the positive numbers.",
            [("zs", "List Int")],
            "List Int",
            "result = zs.filter (fun z => z > 0)",
        ),
        _task(
            "pos2", "The numbers above zero.", [("ns", "List Int")], "List Int", "result = ns.filter (fun n => n > 0)"
        ),
        _task("second", "The second entry, if any.", [("zs", "List Int")], "Option Int", "result = zs[1]?"),
        _task("second2", "Its second entry, if any.", [("ns", "List Int")], "Option Int", "result = ns[1]?"),
    ]
    requirement = "Return the smallest positive number of the list, or nothing when it has none."
    task = _task("least", requirement, [("xs", "List Int")], "Option Int", "True")
    chosen = _chosen_at_example(task, {"xs": "[5, -1, 3, 0, 8]"}, "some 3", corpus)
    assert "result = (xs.filter (fun x0 => x0 > 0)).min?" in chosen, chosen


def test_words_saying_a_list_starts_with_another_offer_lean_s_prefix_test() -> None:
    from specbridge.mining.terms import end_operations

    assert {t.template for t in end_operations({"last"})} == {"{s0}.isSuffixOf {s1}", "{s0}.endsWith {s1}"}
    # a beginning is also the longest run of items passing a test ("begins with how many digits")
    assert "{s0}.takeWhile ({h0})" in {t.template for t in end_operations({"first"})}
    # the corpus compares lists whole and tests membership; no spec of it tests a beginning
    corpus = [
        _task(
            "same",
            "Do the two lists hold the same numbers?",
            [("a", "List Nat"), ("b", "List Nat")],
            "Bool",
            "result = true ↔ a = b",
        ),
        _task(
            "within",
            "Is every number of a also in b?",
            [("a", "List Nat"), ("b", "List Nat")],
            "Bool",
            "result = a.all (fun x => x ∈ b)",
        ),
        _task(
            "within2",
            "Every entry of the first list occurs in the second.",
            [("a", "List Nat"), ("b", "List Nat")],
            "Bool",
            "result = a.all (fun x => x ∈ b)",
        ),
        _task("total", "Add up the entries of the list.", [("zs", "List Nat")], "Nat", "result = zs.sum"),
    ]
    requirement = "Tell whether the list xs starts with the list pre, entry for entry."
    task = _task("begins", requirement, [("pre", "List Nat"), ("xs", "List Nat")], "Bool", "True")
    chosen = _chosen_at_example(task, {"pre": "[1, 2]", "xs": "[1, 2, 3]"}, "true", corpus)
    assert "result = pre.isPrefixOf xs" in chosen, chosen


def test_words_of_what_a_division_leaves_over_choose_its_quotient_and_remainder() -> None:
    # the corpus divides and takes remainders in tasks that say other things; on the example 17 days, 17 / 5 is
    # the 3 days left over too
    two = [("a", "Nat"), ("b", "Nat")]
    corpus = [
        _task("share", "Share the sweets equally among the children.", two, "Nat", "result = a / b"),
        _task("share2", "How many sweets each child gets when shared equally.", two, "Nat", "result = a / b"),
        _task("ring", "The slot of a ring of b slots that step a lands on.", two, "Nat", "result = a % b"),
        _task("ring2", "Which seat of the round table the a-th guest takes.", two, "Nat", "result = a % b"),
        _task("five", "How many full hands of five fingers.", [("a", "Nat")], "Nat", "result = a / 5"),
    ]
    requirement = "Split a number of days into whole weeks and the days left over, weeks first."
    task = _task("weeks", requirement, [("days", "Nat")], "Nat × Nat", "True")
    chosen = _chosen_at_example(task, {"days": "17"}, "(2, 3)", corpus)
    assert "result = (days / 7, days % 7)" in chosen, chosen


def test_the_units_the_words_name_give_a_conversion_its_constant_and_its_arithmetic() -> None:
    # no corpus task converts units: its multiplications and divisions go with other words, and "hours" and "days"
    # write no 24; on the example 3 days, `days * 24` is 72, and so is `(days + 21) * 3` of some other task
    one = [("a", "Nat")]
    corpus = [
        _task("triple", "Triple the amount of flour in the recipe.", one, "Nat", "result = a * 3"),
        _task("share", "Share the sweets equally among the three children.", one, "Nat", "result = a / 3"),
        _task("seats", "How many seats are left after 21 guests arrive.", one, "Nat", "result = a + 21"),
        _task("slot", "The slot of a ring of 5 slots that step a lands on.", one, "Nat", "result = a % 5"),
        _task("seat", "Which seat of a round table of 7 seats guest a takes.", one, "Nat", "result = a % 7"),
    ]
    task = _task("hours", "How many hours are there in the given number of days?", [("days", "Nat")], "Nat", "True")
    chosen = _chosen_at_example(task, {"days": "3"}, "72", corpus)
    assert "result = 24 * days" in chosen or "result = days * 24" in chosen, chosen
    # a scale's three constants, in a formula of three operations the corpus never composes
    celsius = "A thermometer shows degrees Fahrenheit. Give the same temperature in whole degrees Celsius."
    task = _task("celsius", celsius, [("f", "Int")], "Int", "True")
    chosen = _chosen_at_example(task, {"f": "212"}, "100", corpus)
    assert "result = ((f - 32) * 5) / 9" in chosen, chosen


def test_a_term_joining_two_decisions_is_the_whole_result() -> None:
    # `result = a ∧ b` reads `(result = a) ∧ b`: the offered equation encloses the term
    corpus = [
        _task(
            "allPosNonEmpty",
            "Decide whether the list is non-empty and every entry is positive.",
            [("xs", "List Int")],
            "Bool",
            "result = true ↔ xs ≠ [] ∧ xs.all (fun x => x > 0)",
        ),
        _task(
            "allEven",
            "Decide whether every entry is even.",
            [("zs", "List Int")],
            "Bool",
            "result = zs.all (fun z => z % 2 = 0)",
        ),
    ]
    task = _task(
        "f", "Decide whether the list is non-empty and every entry is even.", [("v", "List Int")], "Bool", "True"
    )
    joined = [p for p in _offered(task, corpus) if "∧" in p]
    assert joined and all(p.startswith("result = ((v ≠ []) ∧") and p.endswith(")") for p in joined)
