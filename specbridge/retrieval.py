"""In-process retrieval of solved tasks: BM25 over requirement text plus signature-shape similarity.

Written with the standard library only (no model downloads). `Retriever.search(task)` never returns the task
itself: neither the same id nor a task with the same requirement text.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from specbridge.tasks import Signature, Task

_STOP = frozenset(
    """a an and are as at be by for from given has have if in into is it its of on or that the their then this
    to was were which while with without should must will would can each every any all task requires
    writing write lean method function implement implementation return returns returned value values
    input inputs output outputs problem goal description determine determines compute computes""".split()
)
_BOILERPLATE = re.compile(r"-{3,}\s*(description|input|output)\s*-{3,}", re.I)


def requirement_text(task: Task) -> str:
    """The requirement without VERINA's section banners."""
    return _BOILERPLATE.sub(" ", task.requirement)


# A clause that works an example through ("for example 17 divided by 5 gives 3", "so -4, 7, 10 gives 6"): its
# numbers are data of that example, not constants of the task. An introducing cue ("for example") starts the
# example mid-clause ("below 60, e.g. 135 minutes"); a relating one ("6 becomes 3") spans the whole clause.
_EXAMPLE_INTRO = re.compile(
    r"\b(?:for\s+example|for\s+instance|eg|such\s+as|as\s+with|as\s+in|like|the\s+way)\b|\bso\s+(?:[-`\[(]*\d|[\"'])",
    re.I,
)
_EXAMPLE_RELATION = re.compile(r"\b(?:gives?|becomes?)\b", re.I)
# an instruction begins its clause with the verb ("Give the position of the first zero", "then give back …")
_INSTRUCTION = re.compile(r"\s*(?:(?:then|and|also|finally|simply|just|please)\s+)*(?:gives?|becomes?)\b", re.I)
_CLAUSE_END = re.compile(r"[.;:()\u2014]")
_LIST_LITERAL = re.compile(r"\[[^\]]*\d[^\]]*\]")
# Numbers a requirement spells out ("greater than zero"): English, not any task's vocabulary.
NUMBER_WORDS = {
    **{w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())},
    "twenty": 20,
    "hundred": 100,
    "thousand": 1000,
}
# Words that state a number without writing it: "halved" is `/ 2`, "even" is `% 2`, "decimal digit" is `% 10`,
# "minutes" and "hours" are 60 of each other, "week" has 7 days. Not worked-example data, never blanked.
IMPLIED_NUMBERS = {
    **dict.fromkeys(["half", "halve", "halved", "halves", "halving", "twice", "double", "doubled", "doubles"], 2),
    **dict.fromkeys(["doubling", "even", "odd"], 2),
    **dict.fromkeys(["triple", "tripled", "triples", "tripling", "thrice"], 3),
    **dict.fromkeys(["quarter", "quarters"], 4),
    **dict.fromkeys(["tenth", "tenths"], 10),
    **dict.fromkeys(["dozen", "dozens"], 12),
    **dict.fromkeys(["decimal"], 10),
    **dict.fromkeys(["percent", "percentage"], 100),
    **dict.fromkeys(["minute", "minutes", "hour", "hours"], 60),
    **dict.fromkeys(["week", "weeks"], 7),
}
# Units the words may name two of, and how many of each make one of the next: "hours in the given days" is 24,
# "dollars and cents" 100. Each chain runs from the smallest unit up; two units of one chain imply the product of
# the factors between them ("seconds" and "hours": 3600). English measures, not any task's data.
UNIT_CHAINS: list[list[tuple[tuple[str, ...], int]]] = [
    [
        (("millisecond", "milliseconds"), 1000),
        (("second", "seconds"), 60),
        (("minute", "minutes"), 60),
        (("hour", "hours"), 24),
        (("day", "days"), 7),
        (("week", "weeks"), 0),
    ],
    [(("day", "days"), 365), (("year", "years"), 10), (("decade", "decades"), 10), (("century", "centuries"), 0)],
    [(("month", "months"), 12), (("year", "years"), 0)],
    [(("cent", "cents"), 100), (("dollar", "dollars", "euro", "euros"), 0)],
    [(("cent", "cents"), 5), (("nickel", "nickels"), 0)],
    [(("cent", "cents"), 10), (("dime", "dimes"), 0)],
    [(("cent", "cents"), 25), (("quarter", "quarters"), 0)],
    [(("penny", "pence", "pennies"), 100), (("pound", "pounds"), 0)],
    [
        (("millimeter", "millimeters", "millimetre", "millimetres", "mm"), 10),
        (("centimeter", "centimeters", "centimetre", "centimetres", "cm"), 100),
        (("meter", "meters", "metre", "metres"), 1000),
        (("kilometer", "kilometers", "kilometre", "kilometres", "km"), 0),
    ],
    [(("inch", "inches"), 12), (("foot", "feet"), 3), (("yard", "yards"), 1760), (("mile", "miles"), 0)],
    [(("gram", "grams"), 1000), (("kilogram", "kilograms", "kilo", "kilos", "kg"), 0)],
    [(("ounce", "ounces"), 16), (("pound", "pounds"), 0)],
    [(("bit", "bits"), 8), (("byte", "bytes"), 0)],
]
# The constants of a conversion of a temperature scale the words name ("Fahrenheit": `c * 9 / 5 + 32` from Celsius,
# "Kelvin": `c + 273`): those two are nearly always converted, Celsius alone is the scale of a reading ("below 0")
SCALE_CONSTANTS: list[tuple[tuple[str, ...], tuple[int, ...]]] = [(("fahrenheit",), (9, 5, 32)), (("kelvin",), (273,))]
# "even" as an adverb ("passes, even against an empty list", "even when"): no parity, no `% 2` ("an even one" is)
_ADVERBIAL_EVEN = re.compile(
    r"\beven(?=\s+(?:if|when|though|although|so|then|against|for|with|without|a|an|the|in|on|at|after|before|where"
    r"|more|less|fewer|zero|empty|negative|inside|within|across|this|that|these|those|its|their|it|they|there)\b)",
    re.I,
)


def without_adverbial_even(text: str) -> str:
    """`text` without the adverb "even" ("even when the list is empty"): the word otherwise stands for parity."""
    return _ADVERBIAL_EVEN.sub(" ", text)


_NUMERAL = re.compile(r"-?\d+|\b(?:" + "|".join(NUMBER_WORDS) + r")\b", re.I)


def requirement_sentences(text: str) -> list[str]:
    """The sentences of a requirement's prose. A line break ends a sentence only after punctuation or before a list
    line (`d: ...`, `- ...`): requirement files wrap their prose."""
    return re.split(r"(?<=[.;:])\s+|\n(?=\s*(?:[-*•]|\w+\s*:))", text)


def works_an_example(sentence: str) -> bool:
    """Whether a sentence of a requirement introduces a worked example ("for example", "such as", "so 6 …")."""
    return _EXAMPLE_INTRO.search(sentence) is not None


def _relates_values(clause: str) -> bool:
    """Whether a clause relates an example's value to its result ("the character 7 gives the number 7", "[1, 2]
    becomes 3"). "Give the position of the first zero" is an instruction: its zero is the requirement's own."""
    return bool(_EXAMPLE_RELATION.search(clause)) and not _INSTRUCTION.match(clause)


def without_example_numbers(text: str) -> str:
    """`text` with the numbers of its worked examples blanked (digits and number words: those of a clause with a
    list literal or a relating cue, those after an introducing cue): what is left are the numbers the
    requirement states (`under 3`, `divisible by 4`)."""
    text = re.sub(r"\be\.g\.|\bi\.e\.", lambda m: m.group(0).replace(".", ""), text)
    quoted = [m.span() for m in re.finditer(r'"[^"\n]*"', text)]  # `"Wait..."` ends no clause
    ends = [m.start() for m in _CLAUSE_END.finditer(text) if not any(a < m.start() < b for a, b in quoted)]
    out = []
    start = 0
    # an example introduced before a colon goes on after it ("six divisors: 1, 2, 3, 6"), and through a parenthesis
    # to the end of its sentence ("49 is (it is 7 times 7) but 50 is not")
    continued = False
    for end in [*ends, len(text)]:
        clause = text[start:end]
        intro = _EXAMPLE_INTRO.search(clause)
        worked = _relates_values(clause) or bool(_LIST_LITERAL.search(clause))
        if worked or continued:
            clause = _NUMERAL.sub(" ", clause)
        elif intro:
            clause = clause[: intro.start()] + _NUMERAL.sub(" ", clause[intro.start() :])
        continued = (worked or continued or intro is not None) and text[end : end + 1] in (":", "(", ")")
        out.append(clause + text[end : end + 1])
        start = end + 1
    return "".join(out)


def _stem(word: str) -> str:
    """A light suffix stripper whose inflections meet: `multiplied`/`multiplies`/`multiply`, and
    `squares`/`squared`/`square` (a final `e` goes, as `es` and `ed` take it)."""
    for suffix in ("ing", "ies", "ied", "es", "ed", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
    if len(word) > 4 and word.endswith("e"):
        return word[:-1]
    return word


# Abbreviations common in function names, spelled out so `maxOfList` meets "maximum" in a requirement.
ABBREVIATIONS = {
    "abs": "absolute",
    "max": "maximum",
    "min": "minimum",
    "idx": "index",
    "pos": "position",
    "cnt": "count",
    "num": "number",
    "nums": "numbers",
    "len": "length",
    "arr": "array",
    "str": "string",
    "lst": "list",
    "rev": "reverse",
    "avg": "average",
    "prod": "product",
    "elem": "element",
    "elems": "elements",
    "dup": "duplicate",
    "dups": "duplicates",
    "asc": "ascending",
    "desc": "descending",
    "fib": "fibonacci",
    "fact": "factorial",
    "gcd": "gcd",
    "sqrt": "square root",
    "freq": "frequency",
    "diff": "difference",
    "concat": "concatenate",
    "int": "integer",
    "ints": "integers",
    "char": "character",
    "chars": "characters",
}


def split_name(name: str) -> list[str]:
    """A function name as lower-case words: camelCase, snake_case and digits split, abbreviations spelled out."""
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    text = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", text)
    words = re.findall(r"[a-zA-Z]+|\d+", text.lower())
    return [x for w in words for x in ABBREVIATIONS.get(w, w).split()]


def tokenize(text: str) -> list[str]:
    """Lower-case word stems without stop words; camelCase and snake_case names are split."""
    text = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    words = re.findall(r"[a-zA-Z]+|\d+", text.lower())
    return [_stem(w) for w in words if w not in _STOP and len(w) > 1]


class BM25:
    """Okapi BM25 over pre-tokenized documents."""

    def __init__(self, docs: list[list[str]], *, k1: float = 1.5, b: float = 0.75):
        self.docs = [Counter(d) for d in docs]
        self.lengths = [len(d) for d in docs]
        self.avg = (sum(self.lengths) / len(docs)) if docs else 0.0
        df: Counter[str] = Counter()
        for d in self.docs:
            df.update(d.keys())
        n = len(docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self.k1, self.b = k1, b

    def self_score(self, query: list[str]) -> float:
        """The score the query would get against a document made of exactly its own words: the ceiling a
        corpus document can reach, so that scores divided by it mean the same whether or not such a document
        (the task itself, in a leave-one-out run) is in the corpus."""
        q = Counter(query)
        n = len(self.docs)
        norm = self.k1 * (1 - self.b + self.b * len(query) / (self.avg or 1))
        out = 0.0
        for term, qf in q.items():
            idf = self.idf.get(term, math.log(1 + (n + 0.5) / 0.5))
            out += idf * qf * (self.k1 + 1) / (qf + norm) * (1 + math.log(qf))
        return out

    def scores(self, query: list[str]) -> list[float]:
        q = Counter(query)
        out = []
        for doc, length in zip(self.docs, self.lengths, strict=True):
            s = 0.0
            norm = self.k1 * (1 - self.b + self.b * length / (self.avg or 1))
            for term, qf in q.items():
                f = doc.get(term)
                if f:
                    s += self.idf.get(term, 0.0) * f * (self.k1 + 1) / (f + norm) * (1 + math.log(qf))
            out.append(s)
        return out


def type_shape(lean_type: str) -> str:
    """A coarse shape of a Lean type: sequences, numbers, strings... (`Array Int` and `List Int` -> `seq num`)."""
    t = lean_type.replace("(", " ( ").replace(")", " ) ").replace("×", " × ")
    out = []
    for w in t.split():
        if w in ("Array", "List"):
            out.append("seq")
        elif w in ("Nat", "Int", "UInt8", "UInt16", "UInt32", "UInt64", "Float", "Rat"):
            out.append("num")
        elif w in ("String",):
            out.append("seq chr")
        elif w in ("Char",):
            out.append("chr")
        elif w in ("(", ")"):
            continue
        else:
            out.append(w.lower())
    return " ".join(out)


def signature_similarity(a: Signature, b: Signature) -> float:
    """1.0 for identical types, partial credit for the same arity and the same coarse shapes."""
    ta = [p.type for p in a.params] + ["->" + a.return_type]
    tb = [p.type for p in b.params] + ["->" + b.return_type]
    exact = sum(x == y for x, y in zip(ta, tb, strict=False)) / max(len(ta), len(tb))
    sa = [type_shape(p.type) for p in a.params]
    sb = [type_shape(p.type) for p in b.params]
    arity = 1.0 if len(sa) == len(sb) else 0.0
    shapes = Counter(sa) & Counter(sb)
    shape_score = sum(shapes.values()) / max(len(sa), len(sb), 1)
    ret = 1.0 if type_shape(a.return_type) == type_shape(b.return_type) else 0.0
    return 0.35 * exact + 0.2 * arity + 0.25 * shape_score + 0.2 * ret


@dataclass(frozen=True)
class Retrieved:
    task: Task
    score: float
    text_score: float  # BM25 divided by the query's own score against itself (see BM25.self_score), at most 1
    signature_score: float


class Retriever:
    """Ranks corpus tasks by requirement similarity (BM25) and signature shape."""

    def __init__(self, corpus: list[Task], *, text_weight: float = 0.75):
        self.corpus = list(corpus)
        self.text_weight = text_weight
        self._index = BM25(
            [tokenize(requirement_text(t) + " " + " ".join(split_name(t.signature.name))) for t in self.corpus]
        )

    def search(self, task: Task, k: int = 3) -> list[Retrieved]:
        """The `k` best corpus tasks for `task`, never the task itself (same id or same requirement text)."""
        query = tokenize(requirement_text(task) + " " + " ".join(split_name(task.signature.name)))
        raw = self._index.scores(query)
        best = max(max(raw, default=0.0), self._index.self_score(query)) or 1.0
        own_text = " ".join(task.requirement.split())
        hits = []
        for other, s in zip(self.corpus, raw, strict=True):
            if other.id == task.id or " ".join(other.requirement.split()) == own_text:
                continue
            text = s / best
            sig = signature_similarity(task.signature, other.signature)
            hits.append(Retrieved(other, self.text_weight * text + (1 - self.text_weight) * sig, text, sig))
        hits.sort(key=lambda r: (-r.score, r.task.id))
        return hits[:k]
