"""A lexicon mined from the corpus: which requirement words go with which Lean vocabulary.

Every corpus task pairs a requirement with a reference spec. `spec_features` reads a spec as its Lean vocabulary
(library names such as `filter`, `sum`, `length`, `reverse`; operators; literals and an operator with its literal,
such as `% 2` or `> 0`; quantifiers; `none`/`some`), leaving out the names of parameters and bound variables.
`Lexicon` counts, over the corpus, how often each feature and each requirement term (`_doc_terms`) occur together,
and scores how well a requirement accounts for a candidate spec: each informative feature of the candidate should
be explained by some word of the requirement (precision), and each requirement word that strongly predicts some
feature should find it in the candidate (recall). "sum of the squares" then speaks for `.sum` and `x * x`, not
for `∀ x ∈ xs, x ≤ result` — because the corpus pairs them so, not because anything here says so.

Counts can leave one task out exactly (`exclude`): a leave-one-out run never learns from the task it generates.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable

from specbridge.errors import LeanParseError

# Operators that carry meaning on their own (brackets and separators do not).
_OPERATORS = {
    "%": "%",
    "+": "+",
    "-": "-",
    "*": "*",
    "/": "/",
    "^": "^",
    "<": "<",
    ">": ">",
    "≤": "≤",
    "<=": "≤",
    "≥": "≥",
    ">=": "≥",
    "≠": "≠",
    "!=": "≠",
    "∀": "∀",
    "∃": "∃",
    "↔": "↔",
    "¬": "¬",
    "∈": "∈",
    "∉": "∉",
    "∨": "∨",
    "||": "∨",
    "++": "++",
    "::": "::",
    "|": "|",
}
_NOISE = {"result", "h_precond", "fun", "x", "i", "j", "k", "n", "Nat", "Int", "List", "Array", "String", "Bool"}
_COMPARISONS = {"<", ">", "≤", "≥", "=", "≠"}
_INDEXING = "op:[]"  # a sequence read by position: `xs[i]!`, `a[i]?`, and a `zip` of two sequences


def spec_features(text: str, locals_: Iterable[str] = ()) -> set[str]:
    """The Lean vocabulary of a spec text: `id:<name component>`, `op:<operator>`, `lit:<literal>`,
    `opl:<operator> <literal>` (a comparison or `%` with its constant), `kw:<keyword>`."""
    from specbridge.lean.lexer import tokenize

    try:
        tokens = tokenize(text)
    except LeanParseError:
        return set()
    skip = set(locals_) | _NOISE
    bound: set[str] = set()
    out: set[str] = set()
    prev = ""
    for t in tokens:
        if t.kind == "ident":
            parts = str(t.text).split(".")
            if prev in ("fun", "∀", "∃", "λ", "let"):
                bound.add(parts[0])
            first_local = parts[0] in skip or parts[0] in bound or (len(parts[0]) <= 2 and parts[0].islower())
            for j, part in enumerate(parts):
                if j == 0 and first_local:
                    continue
                if part and not part.isdigit() and part not in _NOISE:
                    out.add("id:" + part)
                if part == "zip":  # two sequences read at the same positions: what `xs[i]! … ys[i]!` says
                    out.add(_INDEXING)
        elif t.kind == "kw":
            if t.text in ("if", "match", "let"):
                out.add("kw:" + t.text)
        elif t.kind == "sym":
            op = _OPERATORS.get(t.text)
            if op is not None:
                out.add("op:" + op)
            elif t.text == "[" and prev in ("ident", ")", "]"):  # `xs[i]!`, not the list literal `[1, 2]`
                out.add(_INDEXING)
        elif t.kind == "num" and prev == ".":  # `p.1`: a pair's component, no number
            out.add("id:fst" if t.text == "1" else "id:snd")
        elif t.kind in ("num", "char", "str"):
            lit = str(t.text)
            if t.kind == "num" and len(lit) > 3:
                lit = "big"
            if t.kind == "str" and len(lit) > 6:
                lit = "str"
            out.add("lit:" + lit)
            norm = _OPERATORS.get(prev, prev)
            if norm in _COMPARISONS or norm == "%":
                out.add(f"opl:{norm} {lit}")
        prev = t.text if t.kind != "ident" else "ident"
    return out


# English words that say which quantifier or polarity a clause has; the requirement tokenizer drops them as stop
# words, but here they are the evidence for `∀` against `∃` and for a condition against its negation.
_KEPT_WORDS = frozenset("all every each any some exist exists no none not only least most without".split())


def requirement_terms(task: object) -> set[str]:
    """The requirement's word stems (as `_doc_terms`, unigrams only) plus the quantifier and polarity words."""
    from specbridge.retrieval import (
        requirement_text,
        split_name,
        tokenize,
        without_adverbial_even,
        without_example_numbers,
    )

    text = without_adverbial_even(without_example_numbers(requirement_text(task)))  # type: ignore[arg-type]
    words = set(tokenize(text + " " + " ".join(split_name(task.signature.name))))  # type: ignore[attr-defined]
    return words | {w for w in re.findall(r"[a-z]+", text.lower()) if w in _KEPT_WORDS}


class Lexicon:
    """Co-occurrence of spec features and requirement words over a corpus, with exact leave-one-out.

    The corpus mixes origins whose requirements are written differently (VERINA's prose, Vericoding's names of
    definitions): a word common in one origin would seem to predict every feature that origin's specs use. So
    counts are kept per origin (the task's source folder) and a pair's observed count is compared with the count
    expected were word and feature independent within each origin."""

    MIN_PAIR = 2  # a word-feature pair seen in one task only is no evidence
    MAX_FEATURE_SHARE = 0.5  # features in more than half the specs of every origin (`=`, `∧`) say nothing
    PSEUDO = 1.0  # pseudo-count added to observed and expected co-occurrences

    def __init__(self, docs: dict[str, tuple[str, set[str], set[str]]]):
        """`docs`: task id -> (origin, requirement words, spec features)."""
        self.docs = docs
        self.n = len(docs)
        self.origin_n: Counter[str] = Counter()
        self.word_df: dict[str, Counter[str]] = defaultdict(Counter)  # origin -> word -> tasks
        self.feat_df: dict[str, Counter[str]] = defaultdict(Counter)  # origin -> feature -> tasks
        self.feat_total: Counter[str] = Counter()
        self.pair: dict[str, Counter[str]] = defaultdict(Counter)  # feature -> word -> tasks (all origins)
        for origin, terms, feats in docs.values():
            self.origin_n[origin] += 1
            self.word_df[origin].update(terms)
            self.feat_df[origin].update(feats)
            self.feat_total.update(feats)
            for f in feats:
                self.pair[f].update(terms)
        self._cache: dict[tuple[str, str], dict[str, float]] = {}

    @classmethod
    def from_tasks(cls, tasks: Iterable[object]) -> Lexicon:
        docs = {}
        for t in tasks:
            ref = t.reference  # type: ignore[attr-defined]
            if ref is None:
                continue
            names = [p.name for p in t.signature.params]  # type: ignore[attr-defined]
            feats = spec_features(ref.aux + "\n" + ref.precond + "\n" + ref.postcond, names)
            origin = str(t.source).rsplit("/", 1)[0] if t.source else ""  # type: ignore[attr-defined]
            docs[t.id] = (origin, requirement_terms(t), feats)  # type: ignore[attr-defined]
        return cls(docs)

    def _users(self, feature: str, exclude: str) -> int:
        ex = self.docs.get(exclude)
        return self.feat_total[feature] - (ex is not None and feature in ex[2])

    def informative(self, feature: str, exclude: str = "") -> bool:
        """Seen in two tasks at least, and in at most half the specs of some origin: one origin's verbose specs
        (Vericoding's input parsers use `≥`, `if`, `0` in most tasks) must not make a feature say nothing where
        another origin uses it with its words ("strictly bigger" and `>`)."""
        if self._users(feature, exclude) < self.MIN_PAIR:
            return False
        ex = self.docs.get(exclude)
        for origin, n in self.origin_n.items():
            mine = ex is not None and ex[0] == origin
            users = self.feat_df[origin][feature] - (mine and feature in ex[2])  # type: ignore[index]
            if n - mine >= 2 and users <= self.MAX_FEATURE_SHARE * (n - mine):
                return True
        return False

    def assoc(self, feature: str, exclude: str = "") -> dict[str, float]:
        """Word -> log of (observed + 1) / (expected + 1) co-occurrences with `feature`, when > 0."""
        key = (feature, exclude)
        got = self._cache.get(key)
        if got is not None:
            return got
        out: dict[str, float] = {}
        if self.informative(feature, exclude):
            ex = self.docs.get(exclude)
            mine = ex is not None and feature in ex[2]
            for w, c in self.pair[feature].items():
                c -= mine and w in ex[1]  # type: ignore[index]
                if c < self.MIN_PAIR:
                    continue
                expected = 0.0
                for origin, n in self.origin_n.items():
                    users = self.feat_df[origin][feature]
                    df = self.word_df[origin][w]
                    if ex is not None and ex[0] == origin:
                        n -= 1
                        users -= mine
                        df -= w in ex[1]
                    if n > 0:
                        expected += users * df / n
                lift = math.log((c + self.PSEUDO) / (expected + self.PSEUDO))
                if lift > 0.3:
                    out[w] = lift
        self._cache[key] = out
        return out

    def score(self, features: set[str], query: set[str], exclude: str = "", stated: Collection[str] = ()) -> float:
        """In about [-0.15, 1]: how well the requirement words `query` account for a spec's `features`: the mean,
        over its informative features, of the best lift a query word gives it (capped at 2), less a little for
        each feature that no query word explains. A feature among `stated` (`op:>` of "above the pivot", read from
        the words by the caller) is explained by the words themselves, whatever the corpus paired it with."""
        feats = [f for f in features if self.informative(f, exclude) or f in stated]
        if not feats:
            return 0.0
        explained = []
        for f in feats:
            if f in stated:
                explained.append(1.0)
                continue
            a = self.assoc(f, exclude)
            explained.append(min(max((a[w] for w in query if w in a), default=0.0), 2.0) / 2.0)
        return (sum(explained) - 0.15 * sum(e == 0.0 for e in explained)) / len(explained)

    def recall(self, features: set[str], query: set[str], candidates: Iterable[str], exclude: str = "") -> float:
        """The share (weighted by strength) of the features the requirement predicts strongly — among
        `candidates`, the features any candidate spec of the task has — that `features` contains."""
        want: dict[str, float] = {}
        for f in candidates:
            a = self.assoc(f, exclude)
            best = max((a[w] for w in query if w in a), default=0.0)
            if best >= 1.0:
                want[f] = min(best, 2.0)
        total = sum(want.values())
        return sum(v for f, v in want.items() if f in features) / total if total else 0.0


__all__ = ["Lexicon", "spec_features"]
