"""Generic spec patterns for the offline generator, selected by the requirement's wording and the signature's shape.

Each pattern is a small template written for this project (not taken from any benchmark): the maximum of a
sequence is `result ∈ xs ∧ ∀ x ∈ xs, x ≤ result`, "contains" is `result = true ↔ t ∈ xs`, a sort is "ordered and a
permutation", and so on. A pattern fills its slots (the sequence, the target, the index, an element predicate
such as "even" or "is a digit") from the signature's parameters and the requirement's words, and yields
`PatternSpec`s that compete with adapted corpus specs in the offline generator's ranking.

`match_patterns(task)` lists every instantiation whose wording and shape fit, each with a strength in (0, 1]
(how specific the wording match is). Nothing here sees tests: only the requirement text and the signature.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from specbridge.retrieval import split_name
from specbridge.tasks import Task

_NUM = {"Nat", "Int"}


@dataclass(frozen=True)
class PatternSpec:
    name: str  # the pattern's name, e.g. `max-of-sequence`
    precond: str
    postcond: str
    strength: float  # how specific the wording match is, (0, 1]
    aux: str = ""
    notes: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------------------------------
# Views of the parameters and the result


def _norm(t: str) -> str:
    t = " ".join(t.replace("(", " ( ").replace(")", " ) ").split())
    while re.fullmatch(r"\( (.*) \)", t) and t.count("(") == 1:
        t = t[2:-2]
    t = re.sub(r"Prod (\w+) (\w+)", r"\1 × \2", t)
    return t.replace("( ", "(").replace(" )", ")")


@dataclass(frozen=True)
class View:
    """A parameter (or `result`) seen by kind: list / array / string (sequences), num, char, bool, pair, option."""

    name: str
    type: str
    kind: str
    elem: str = ""  # element type of a sequence (`Char` for a string), inner type of an option

    @property
    def seq(self) -> bool:
        return self.kind in ("list", "array", "string")

    @property
    def lst(self) -> str:
        """The value as a Lean `List`."""
        return self.name if self.kind == "list" else f"{self.name}.toList"

    @property
    def length(self) -> str:
        return f"{self.name}.size" if self.kind == "array" else f"{self.name}.length"

    def at(self, i: str) -> str:
        """Element `i` (with `!`: the element type's default out of range)."""
        base = f"{self.name}.toList" if self.kind == "string" else self.name
        return f"{base}[{i}]!"

    def non_empty(self) -> str:
        return {"list": f"{self.name} ≠ []", "array": f"{self.name}.size > 0", "string": f'{self.name} ≠ ""'}[self.kind]

    def equals_list(self, expr: str) -> str:
        """`self` (a sequence result) is the Lean list `expr`."""
        return f"{self.name} = {expr}" if self.kind == "list" else f"{self.name}.toList = {expr}"


def view(name: str, lean_type: str) -> View:
    t = _norm(lean_type)
    if t in _NUM:
        return View(name, t, "num")
    if t == "Char":
        return View(name, t, "char")
    if t == "Bool":
        return View(name, t, "bool")
    if t == "String":
        return View(name, t, "string", "Char")
    if len(_split_pair(t)) == 2:
        return View(name, t, "pair")
    m = re.fullmatch(r"(List|Array) (.+)", t)
    if m:
        return View(name, t, m.group(1).lower(), _norm(m.group(2)))
    m = re.fullmatch(r"Option (.+)", t)
    if m:
        return View(name, t, "option", _norm(m.group(1)))
    m = re.fullmatch(r"(\w+) (->|→) Bool", t)
    if m:
        return View(name, t, "predicate", m.group(1))  # a predicate parameter on `elem`
    if "×" in t:
        return View(name, t, "pair")
    return View(name, t, "other")


@dataclass
class Ctx:
    """What a pattern looks at: the requirement's wording (lower case) and the typed views."""

    text: str
    params: list[View]
    result: View
    name: str = ""  # the function's name, split into lower-case words
    full: str = ""  # the whole requirement (lower case), for guards ("can be empty")
    bound: set[str] = field(default_factory=set)

    def has(self, pattern: str) -> bool:
        return re.search(pattern, self.text) is not None or re.search(pattern, self.name) is not None

    def in_name(self, pattern: str) -> bool:
        return re.search(pattern, self.name) is not None

    def named(self, pattern: str, in_name: float, in_text: float) -> float:
        """`in_name` when the function's name says it, `in_text` when only the requirement does (0 if neither)."""
        return in_name if self.in_name(pattern) else (in_text if self.has(pattern) else 0.0)

    def prefer(self, mine: str, other: str, strong: float, weak: float) -> float:
        """`strong` unless the wording also names the alternative `other` (then the function's name decides)."""
        if not self.has(other):
            return strong
        if self.in_name(mine) and not self.in_name(other):
            return strong
        if self.in_name(other) and not self.in_name(mine):
            return weak * 0.5
        return weak

    def fresh(self, *prefer: str) -> str:
        taken = {p.name for p in self.params} | {"result"} | self.bound
        for name in (*prefer, "x", "y", "z", "e", "v", "w", "u"):
            if name not in taken:
                self.bound.add(name)
                return name
        raise ValueError("no fresh name")

    def seqs(self) -> list[View]:
        return [p for p in self.params if p.seq]

    def nums(self) -> list[View]:
        return [p for p in self.params if p.kind == "num"]

    def of_type(self, t: str, exclude: tuple[View, ...] = ()) -> list[View]:
        return [p for p in self.params if p.type == t and p not in exclude]


def _text(task: Task) -> str:
    text = re.sub(r"-{3,}\s*(description|input|output|note|example)s?\s*-{3,}", " ", task.requirement, flags=re.I)
    text = re.sub(r"\bnon[- ]empty\b", "nonempty", text, flags=re.I)
    return " ".join(text.lower().split())


# "which may include negative numbers": what the inputs may contain, not what the task is about.
_MAY_CONTAIN = re.compile(
    r"\b(which |that |it )?(may|can|might|could) (also )?(include|contain|have|be)\b[^.;:]*|\bincluding\b[^.;:]*"
)


def _gist(text: str) -> str:
    """The wording patterns are selected by: the text without clauses about what the inputs may contain."""
    return _MAY_CONTAIN.sub(" ", text)


# ---------------------------------------------------------------------------------------------------------------
# Element predicates named in the wording ("even", "a digit", "greater than the threshold")


@dataclass(frozen=True)
class Pred:
    body: Callable[[str], str]  # variable name -> Lean proposition
    label: str
    negated_words: bool = False


def _num_preds(ctx: Ctx, elem: str, others: list[View]) -> list[Pred]:
    out: list[Pred] = []
    words = [
        (r"\bevens?\b", lambda v: f"{v} % 2 = 0", "even"),
        (r"\bodds?\b", lambda v: f"{v} % 2 ≠ 0", "odd"),
        (r"\bpositive\b", lambda v: f"{v} > 0", "positive"),
        (r"\bnegative\b", lambda v: f"{v} < 0", "negative"),
        (r"\bnon-?negative\b", lambda v: f"{v} ≥ 0", "non-negative"),
        (r"\bzeros?\b", lambda v: f"{v} = 0", "zero"),
        (r"\bnon-?zero\b", lambda v: f"{v} ≠ 0", "non-zero"),
    ]
    for pat, body, label in words:
        if label == "negative" and ctx.has(r"\bnon-?negative\b") and not ctx.has(r"(?<!non-)(?<!non)negative"):
            continue
        if elem == "Nat" and label in ("negative", "non-negative"):
            continue
        if ctx.has(pat):
            out.append(Pred(body, label))
    m = re.search(r"divisible by (\d+)|multiples? of (\d+)", ctx.text)
    if m:
        k = m.group(1) or m.group(2)
        out.append(Pred(lambda v, k=k: f"{v} % {k} = 0", f"divisible by {k}"))
    for o in others:
        if o.kind != "num":
            continue
        n = o.name
        if ctx.has(r"(less|smaller|lower) than|below|under\b"):
            out.append(Pred(lambda v, n=n: f"{v} < {n}", f"less than `{n}`"))
        if ctx.has(r"(greater|larger|bigger|more|higher) than|exceed|above\b"):
            out.append(Pred(lambda v, n=n: f"{v} > {n}", f"greater than `{n}`"))
        if ctx.has(r"divisible by|multiples? of"):
            out.append(Pred(lambda v, n=n: f"{v} % {n} = 0", f"divisible by `{n}`"))
        if ctx.has(r"equal|occurrence|occurs|appears|times|frequency|instances"):
            out.append(Pred(lambda v, n=n: f"{v} = {n}", f"equal to `{n}`"))
    return out


_VOWELS = "['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']"


def _char_preds(ctx: Ctx, others: list[View]) -> list[Pred]:
    out: list[Pred] = []
    words = [
        (r"\bdigits?\b|\bnumeric\b|\bnumerals?\b", lambda v: f"{v}.isDigit", "a digit"),
        (r"\bvowels?\b", lambda v: f"{v} ∈ {_VOWELS}", "a vowel"),
        (r"\bupper-?case\b|\bcapital", lambda v: f"{v}.isUpper", "upper case"),
        (r"\blower-?case\b", lambda v: f"{v}.isLower", "lower case"),
        (r"\balphanumeric\b", lambda v: f"{v}.isAlphanum", "alphanumeric"),
        (r"\b(letters?|alphabetic(al)?)\b", lambda v: f"{v}.isAlpha", "a letter"),
        (r"\bwhite-?space", lambda v: f"{v}.isWhitespace", "white space"),
        (r"\bspaces?\b", lambda v: f"{v} = ' '", "a space"),
    ]
    for pat, body, label in words:
        if ctx.has(pat):
            out.append(Pred(body, label))
    for o in others:
        if o.kind == "char":
            out.append(Pred(lambda v, n=o.name: f"{v} = {n}", f"equal to `{o.name}`"))
    return out


def element_preds(ctx: Ctx, elem: str, others: list[View]) -> list[Pred]:
    """Predicates on one element named by the wording; with another parameter of the element's type and no
    comparison named, equality with it ("remove x from the list", "count x") as the default reading."""
    if elem in _NUM:
        preds = _num_preds(ctx, elem, others)
    elif elem == "Char":
        preds = _char_preds(ctx, others)
    else:
        preds = [Pred(lambda v, n=o.name: f"{v} = {n}", f"equal to `{o.name}`") for o in others if o.type == elem]
    for o in others:
        if o.type == elem and not any(o.name in p.body("v") for p in preds):
            preds.append(Pred(lambda v, n=o.name: f"{v} = {n}", f"equal to `{o.name}`"))
        if o.kind == "predicate" and o.elem == elem:
            preds = [Pred(lambda v, n=o.name: f"{n} {v} = true", f"satisfying `{o.name}`")]  # the task's own
    return preds


# ---------------------------------------------------------------------------------------------------------------
# The patterns

Pattern = Callable[[Ctx], Iterator[PatternSpec]]
PATTERNS: list[tuple[str, Pattern]] = []


def pattern(name: str) -> Callable[[Pattern], Pattern]:
    def register(fn: Pattern) -> Pattern:
        PATTERNS.append((name, fn))
        return fn

    return register


def _one_seq(ctx: Ctx) -> View | None:
    seqs = ctx.seqs()
    return seqs[0] if len(seqs) == 1 else None


def _guard(ctx: Ctx, s: View, needed: bool) -> str:
    """A non-emptiness guard when the operation needs one or the wording says so (and does not allow empty)."""
    allows_empty = re.search(
        r"(can|may|might|could) (also )?be empty|possibly empty|if (the )?(\w+ )?(list|array|string)"
        r" is empty|empty (list|array|string)s? (returns?|should|gives?|yields?)",
        ctx.full,
    )
    if allows_empty:
        return "True"
    if needed or re.search(r"\bnonempty\b|at least one (element|item|number)", ctx.full):
        return s.non_empty()
    return "True"


_EXTREMUM = {
    "max": r"\b(maximum|max|largest|biggest|greatest|highest)\b",
    "min": r"\b(minimum|min|smallest|least|lowest)\b",
}
_NOT_PLAIN_EXTREMUM = (
    r"\b(sum|subarray|substring|subsequence|profit|difference|length|number of|count|index|position|product|"
    r"distance|area|path|frequen|second|k-?th|window|consecutive|gap|prefix|cost|missing|not (in|present))"
)


@pattern("extremum-of-sequence")
def _extremum_seq(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or s.elem != ctx.result.type or s.elem not in (*_NUM, "Char") or len(ctx.params) != 1:
        return
    for which, words in _EXTREMUM.items():
        if not ctx.has(words):
            continue
        other = "min" if which == "max" else "max"
        strength = ctx.prefer(words, _EXTREMUM[other], 0.9, 0.5)
        if ctx.has(_NOT_PLAIN_EXTREMUM):
            strength -= 0.7
        x = ctx.fresh("x")
        rel = f"{x} ≤ result" if which == "max" else f"result ≤ {x}"
        yield PatternSpec(
            f"{which}-of-sequence",
            _guard(ctx, s, True),
            f"result ∈ {s.lst} ∧ ∀ {x} ∈ {s.lst}, {rel}",
            strength,
        )


@pattern("extremum-of-sequence-option")
def _extremum_option(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or r.kind != "option" or r.elem != s.elem or s.elem not in (*_NUM, "Char") or len(ctx.params) != 1:
        return
    for which, words in _EXTREMUM.items():
        if not ctx.has(words):
            continue
        other = "min" if which == "max" else "max"
        strength = ctx.prefer(words, _EXTREMUM[other], 0.85, 0.45)
        if ctx.has(_NOT_PLAIN_EXTREMUM):
            strength -= 0.7
        x, m = ctx.fresh("x"), ctx.fresh("m")
        rel = f"{x} ≤ {m}" if which == "max" else f"{m} ≤ {x}"
        yield PatternSpec(
            f"{which}-of-sequence-or-none",
            "True",
            f"match result with\n| none => {s.lst} = []\n| some {m} => {m} ∈ {s.lst} ∧ ∀ {x} ∈ {s.lst}, {rel}",
            strength,
        )


@pattern("first-or-last-element")
def _end_element(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 1 or ctx.result.type != s.elem:
        return
    verb = r"\b(return|get|find|retriev|extract)\w* the "
    item = r" (element|item|value|entry|number|character)"
    strength = 0.7 if ctx.in_name(r"^(get |find )?last( element)?$") else (0.5 if ctx.has(verb + "last" + item) else 0)
    if strength:
        yield PatternSpec("last-element", _guard(ctx, s, True), f"result = {s.at(f'{s.length} - 1')}", strength)
    strength = (
        0.7 if ctx.in_name(r"^(get |find )?first( element)?$") else (0.5 if ctx.has(verb + "first" + item) else 0)
    )
    if strength and not ctx.has(r"\b(even|odd|positive|negative|repeat|occurrence|index|position)"):
        yield PatternSpec("first-element", _guard(ctx, s, True), f"result = {s.at('0')}", strength)


@pattern("extremum-of-numbers")
def _extremum_nums(ctx: Ctx) -> Iterator[PatternSpec]:
    nums = ctx.nums()
    if len(nums) < 2 or len(nums) != len(ctx.params) or ctx.result.kind != "num":
        return
    if any(p.type != ctx.result.type for p in nums):
        return
    for which, words in _EXTREMUM.items():
        if not ctx.has(words):
            continue
        other = "min" if which == "max" else "max"
        strength = ctx.prefer(words, _EXTREMUM[other], 0.9, 0.5)
        rel = "≤" if which == "min" else "≥"
        member = " ∨ ".join(f"result = {p.name}" for p in nums)
        bounds = " ∧ ".join(f"result {rel} {p.name}" for p in nums)
        yield PatternSpec(f"{which}-of-{len(nums)}-numbers", "True", f"({member}) ∧ {bounds}", strength)


@pattern("sum-of-sequence")
def _sum(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 1 or ctx.result.kind != "num" or s.elem not in _NUM:
        return
    if ctx.has(r"\bsum\b|\btotal\b|add(s|ing)? up"):
        strength = 0.8 if not ctx.has(r"subarray|pair|two |prefix|digit|square|cube|power|even|odd|max|min") else 0.15
        body = f"{s.lst}.sum" if s.elem == ctx.result.type else f"({s.lst}.map (fun n => (n : Int))).sum"
        if s.elem == "Int" and ctx.result.type == "Nat":
            return
        yield PatternSpec("sum-of-sequence", "True", f"result = {body}", strength)
    if ctx.has(r"\bproduct\b|multipl(y|ies|ication) (of )?all"):
        strength = 0.7 if not ctx.has(r"subarray|pair|two |except|max|min|even|odd") else 0.15
        if s.elem == ctx.result.type:
            yield PatternSpec("product-of-sequence", "True", f"result = {s.lst}.prod", strength)


def _count_body(ctx: Ctx, s: View, pred: Pred) -> str:
    x = ctx.fresh("x")
    return f"({s.lst}.filter (fun {x} => decide ({pred.body(x)}))).length"


@pattern("count-matching")
def _count(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or ctx.result.kind != "num" or s.elem not in (*_NUM, "Char"):
        return
    if not ctx.has(r"\bcount|\bnumber of\b|how many|occurrences|frequency"):
        return
    others = [p for p in ctx.params if p is not s]
    if len(others) > 1:
        return
    for pred in element_preds(ctx, s.elem, others):
        body = _count_body(ctx, s, pred)
        if ctx.result.type == "Int":
            body = f"({body} : Int)"
        uses = not others or others[0].name in pred.body("v")
        yield PatternSpec(f"count-{_slug(pred.label)}", "True", f"result = {body}", 0.75 if uses else 0.2)


@pattern("length")
def _length(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 1 or ctx.result.type != "Nat":
        return
    if ctx.has(r"\b(length|size|number of (elements|characters|items))\b") and not ctx.has(
        r"longest|shortest|subarray|substring|subsequence|distinct|unique"
    ):
        yield PatternSpec("length", "True", f"result = {s.length}", 0.6)


@pattern("membership")
def _contains(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or ctx.result.kind != "bool" or len(ctx.params) != 2:
        return
    t = next(p for p in ctx.params if p is not s)
    if t.type != s.elem:
        return
    if ctx.has(r"contains?|is present|exists in|member|appears in|occurs in|is found|\bis in (the|a|an) |includ"):
        yield PatternSpec("membership", "True", f"(result = true ↔ {t.name} ∈ {s.lst})", 0.8)


@pattern("any-all-matching")
def _any_all(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or ctx.result.kind != "bool" or s.elem not in (*_NUM, "Char"):
        return
    others = [p for p in ctx.params if p is not s]
    if len(others) > 1:
        return
    all_words, any_words = r"\b(all|every|each|only)\b", r"\b(any|some|at least one|exists?|contains?|there is|has a)\b"
    alls, anys = ctx.has(all_words), ctx.has(any_words)
    for pred in element_preds(ctx, s.elem, others):
        x = ctx.fresh("x")
        uses = not others or others[0].name in pred.body("v")
        if alls:
            yield PatternSpec(
                f"all-{_slug(pred.label)}",
                "True",
                f"(result = true ↔ ∀ {x} ∈ {s.lst}, {pred.body(x)})",
                ctx.prefer(all_words, any_words, 0.75, 0.45) * (1 if uses else 0.3),
            )
        if anys:
            yield PatternSpec(
                f"any-{_slug(pred.label)}",
                "True",
                f"(result = true ↔ ∃ {x} ∈ {s.lst}, {pred.body(x)})",
                ctx.prefer(any_words, all_words, 0.75, 0.45) * (1 if uses else 0.3),
            )


@pattern("all-greater-or-less")
def _all_vs(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or ctx.result.kind != "bool" or len(ctx.params) != 2 or s.elem not in _NUM:
        return
    t = next(p for p in ctx.params if p is not s)
    if t.kind != "num":
        return
    x = ctx.fresh("x")
    if ctx.has(r"(greater|larger|bigger) than (all|every|each)|(all|every|each)[^.]{0,40}(less|smaller) than"):
        yield PatternSpec("greater-than-all", "True", f"(result = true ↔ ∀ {x} ∈ {s.lst}, {t.name} > {x})", 0.8)
    if ctx.has(r"(less|smaller) than (all|every|each)|(all|every|each)[^.]{0,40}(greater|larger) than"):
        yield PatternSpec("less-than-all", "True", f"(result = true ↔ ∀ {x} ∈ {s.lst}, {t.name} < {x})", 0.8)


@pattern("sorted-check")
def _is_sorted(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or ctx.result.kind != "bool" or len(ctx.params) != 1:
        return
    if not ctx.has(r"\bsorted|non-?decreasing|non-?increasing|ascending|descending|increasing|decreasing"):
        return
    desc = ctx.has(r"descending|non-?increasing|decreasing") and not ctx.has(r"ascending|non-?decreasing|increasing")
    strict = ctx.has(r"strictly")
    op = (">" if strict else "≥") if desc else ("<" if strict else "≤")
    yield PatternSpec("sorted-check", "True", f"(result = true ↔ List.Pairwise (· {op} ·) {s.lst})", 0.8)


@pattern("all-equal-or-distinct")
def _uniform(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or ctx.result.kind != "bool" or len(ctx.params) != 1:
        return
    x, y = ctx.fresh("x"), ctx.fresh("y")
    if ctx.has(r"\b(all|every|each)\b[^.]{0,40}\b(same|equal|identical)\b|one distinct"):
        yield PatternSpec("all-equal", "True", f"(result = true ↔ ∀ {x} ∈ {s.lst}, ∀ {y} ∈ {s.lst}, {x} = {y})", 0.7)
    if ctx.has(r"\b(distinct|unique|duplicates?|repeated|repeats?)\b"):
        no_dup = ctx.has(r"\b(all|are) (elements |characters )?(distinct|unique)|no (duplicate|repeat)")
        yield PatternSpec(
            "all-distinct" if no_dup else "has-duplicate",
            "True",
            f"(result = true ↔ {s.lst}.Nodup)" if no_dup else f"(result = true ↔ ¬ {s.lst}.Nodup)",
            0.7,
        )


@pattern("palindrome")
def _palindrome(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or ctx.result.kind != "bool" or len(ctx.params) != 1 or not ctx.has(r"palindrom"):
        return
    yield PatternSpec("palindrome", "True", f"(result = true ↔ {s.lst}.reverse = {s.lst})", 0.9)
    if s.elem == "Char" and ctx.has(r"ignor|only (alphanumeric|letters)|case-?insensitive"):
        clean = f"(({s.lst}.filter Char.isAlphanum).map Char.toLower)"
        yield PatternSpec(
            "palindrome-ignoring-case-and-punctuation", "True", f"(result = true ↔ {clean}.reverse = {clean})", 0.95
        )


@pattern("index-of")
def _index_of(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or not (r.type in ("Nat", "Int") or (r.kind == "option" and r.elem == "Nat")):
        return
    if not ctx.has(r"\b(index|position|location|where|search)\b") or ctx.has(r"\binsert"):
        return
    vague = not ctx.has(r"\b(index|position|location|where)\b")  # "search" alone
    others = [p for p in ctx.params if p is not s]
    if len(others) > 1:
        return
    last = ctx.has(r"\blast\b") and not ctx.has(r"\bfirst\b")
    j = ctx.fresh("j")
    n = s.length
    for pred in element_preds(ctx, s.elem, others):
        uses = not others or others[0].name in pred.body("v")
        strength = (0.75 if uses else 0.15) * (0.7 if vague else 1.0)

        def found(i: str, pred: Pred = pred) -> str:
            if last:
                later = f"∀ {j}, {i} < {j} → {j} < {n} → ¬ ({pred.body(s.at(j))})"
            else:
                later = f"∀ {j} < {i}, ¬ ({pred.body(s.at(j))})"
            return f"{i} < {n} ∧ ({pred.body(s.at(i))}) ∧ {later}"

        none = f"∀ {j} < {n}, ¬ ({pred.body(s.at(j))})"
        tag = ("last" if last else "first") + f"-index-{_slug(pred.label)}"
        if r.kind == "option":
            i = ctx.fresh("i")
            yield PatternSpec(tag, "True", f"match result with\n| none => {none}\n| some {i} => {found(i)}", strength)
        elif r.type == "Int":
            post = f"(result = -1 ∧ {none}) ∨ (0 ≤ result ∧ {found('result.toNat')})"
            yield PatternSpec(tag, "True", post, strength)
        else:
            yield PatternSpec(tag, "True", f"(result = {n} ∧ {none}) ∨ ({found('result')})", strength * 0.7)
            yield PatternSpec(
                tag + "-must-exist", f"∃ {j} < {n}, {pred.body(s.at(j))}", found("result"), strength * 0.6
            )


@pattern("element-at")
def _element_at(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 2 or ctx.result.type != s.elem:
        return
    k = next(p for p in ctx.params if p is not s)
    if k.type != "Nat" or not ctx.has(r"\b(index|position|k-?th|n-?th|element at)\b"):
        return
    one_based = ctx.has(r"1-(based|indexed)|one-(based|indexed)|k-?th|n-?th")
    if one_based:
        yield PatternSpec(
            "element-at-1-based", f"1 ≤ {k.name} ∧ {k.name} ≤ {s.length}", f"result = {s.at(f'{k.name} - 1')}", 0.6
        )
    yield PatternSpec("element-at", f"{k.name} < {s.length}", f"result = {s.at(k.name)}", 0.5)


@pattern("first-matching-element")
def _first_matching(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 1 or s.elem not in (*_NUM, "Char"):
        return
    r = ctx.result
    if not ctx.has(r"\bfirst\b") or ctx.has(r"\b(index|position)\b"):
        return
    i, j = ctx.fresh("i"), ctx.fresh("j")
    for pred in element_preds(ctx, s.elem, []):
        cond = f"{i} < {s.length} ∧ {s.at(i)} = {{v}} ∧ ({pred.body('{v}')}) ∧ ∀ {j} < {i}, ¬ ({pred.body(s.at(j))})"
        if r.type == s.elem:
            yield PatternSpec(
                f"first-{_slug(pred.label)}-element",
                f"∃ {i} < {s.length}, {pred.body(s.at(i))}",
                f"∃ {i}, " + cond.replace("{v}", "result"),
                0.6,
            )
        elif r.kind == "option" and r.elem == s.elem:
            none = f"∀ {j} < {s.length}, ¬ ({pred.body(s.at(j))})"
            some = f"∃ {i}, " + cond.replace("{v}", "v")
            yield PatternSpec(
                f"first-{_slug(pred.label)}-element",
                "True",
                f"match result with\n| none => {none}\n| some v => {some}",
                0.6,
            )


@pattern("reverse")
def _reverse(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 1 or ctx.result.type != s.type or not ctx.has(r"revers"):
        return
    yield PatternSpec(
        "reverse", "True", ctx.result.equals_list(f"{s.lst}.reverse"), 0.8 if not ctx.has(r"word") else 0.3
    )


@pattern("sort")
def _sort(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or len(ctx.params) != 1 or r.type != s.type or s.kind == "string":
        return
    if not ctx.has(r"\bsort|(ascending|descending|non-?decreasing|non-?increasing|increasing|decreasing) order"):
        return
    desc = ctx.has(r"descending|non-?increasing|decreasing") and not ctx.has(r"ascending|non-?decreasing|increasing")
    op = "≥" if desc else "≤"
    unique = ctx.has(r"duplicat|distinct|unique")
    yield PatternSpec(
        "sort", "True", f"List.Pairwise (· {op} ·) {r.lst} ∧ List.isPerm {s.lst} {r.lst}", 0.55 if unique else 0.8
    )
    if unique:
        x = ctx.fresh("x")
        strict = "<" if op == "≤" else ">"
        yield PatternSpec(
            "sort-without-duplicates",
            "True",
            f"List.Pairwise (· {strict} ·) {r.lst} ∧ (∀ {x} ∈ {r.lst}, {x} ∈ {s.lst}) ∧ ∀ {x} ∈ {s.lst}, {x} ∈ {r.lst}",
            0.8,
        )


@pattern("filter-matching")
def _filter(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or r.kind not in ("list", "array", "string") or r.elem != s.elem:
        return
    others = [p for p in ctx.params if p is not s]
    if len(others) > 1:
        return
    remove = ctx.has(r"\b(remove|delete|eliminat|exclud|discard|strip|filter out|without)")
    keep = ctx.has(r"\b(only|keep|filter|select|extract|retain|collect|find|return)\b")
    if not (remove or keep):
        return
    for pred in element_preds(ctx, s.elem, others):
        uses = not others or others[0].name in pred.body("v")
        x = ctx.fresh("x")
        if remove:
            yield PatternSpec(
                f"remove-{_slug(pred.label)}",
                "True",
                r.equals_list(f"{s.lst}.filter (fun {x} => ¬ ({pred.body(x)}))"),
                0.7 if uses else 0.2,
            )
        if keep:
            yield PatternSpec(
                f"keep-{_slug(pred.label)}",
                "True",
                r.equals_list(f"{s.lst}.filter (fun {x} => {pred.body(x)})"),
                (0.65 if not remove else 0.35) * (1 if uses else 0.3),
            )


_MAPS = [
    (r"\bdoubl|twice", lambda v: f"2 * {v}", "double"),
    (r"\btripl", lambda v: f"3 * {v}", "triple"),
    (r"\bsquar(e|es|ed|ing)\b(?! root)", lambda v: f"{v} * {v}", "square"),
    (r"\bcub(e|es|ed|ing)\b", lambda v: f"{v} * {v} * {v}", "cube"),
    (r"\bnegat", lambda v: f"-{v}", "negate"),
    (r"\bincrement|add(s|ing)? (one|1)\b|plus one", lambda v: f"{v} + 1", "increment"),
    (r"\blast digit", lambda v: f"{v} % 10", "last digit"),
]


@pattern("map-elements")
def _map(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or not r.seq or s.kind == "string" or s.elem not in _NUM:
        return
    others = [p for p in ctx.params if p is not s]
    i = ctx.fresh("i")
    n = s.length

    def spec(name: str, f: Callable[[str], str], strength: float) -> PatternSpec:
        return PatternSpec(
            name,
            "True",
            f"{r.length} = {n} ∧ ∀ {i} < {n}, {r.at(i)} = {f(s.at(i))}",
            strength,
        )

    if not ctx.has(r"\b(each|every|all|element-?wise)\b") and not ctx.in_name(r"\belements?\b"):
        return
    if not others and r.elem == s.elem:
        for pat, f, label in _MAPS:
            if ctx.has(pat) and not (label == "negate" and s.elem == "Nat"):
                yield spec(f"map-{_slug(label)}", f, 0.7)
    if len(others) == 1 and others[0].type == s.elem and r.elem == s.elem:
        k = others[0].name
        if ctx.has(r"multipl|times|scal"):
            yield spec("map-multiply", lambda v: f"{v} * {k}", 0.6)
        if ctx.has(r"\badd|plus|increas|shift"):
            yield spec("map-add", lambda v: f"{v} + {k}", 0.6)
        if ctx.has(r"subtract|minus|decreas"):
            yield spec("map-subtract", lambda v: f"{v} - {k}", 0.6)


_ZIP_OPS = [
    (r"\b(sum|add|addition|plus)\b", "+", "sum"),
    (r"\b(product|multipl\w*)\b", "*", "product"),
    (r"\b(difference|subtract\w*|minus)\b", "-", "difference"),
    (r"\b(modulo|modulus|remainder|mod)\b", "%", "modulo"),
    (r"\b(quotient|divi\w*)\b", "/", "quotient"),
]


@pattern("elementwise")
def _zip(ctx: Ctx) -> Iterator[PatternSpec]:
    seqs = ctx.seqs()
    r = ctx.result
    if len(seqs) != 2 or len(ctx.params) != 2 or not r.seq or seqs[0].elem not in _NUM:
        return
    a, b = seqs
    if (
        a.elem != b.elem
        or r.elem != a.elem
        or not ctx.has(r"element-?wise|corresponding|each (index|position)|pairwise")
    ):
        return
    i = ctx.fresh("i")
    for pat, op, label in _ZIP_OPS:
        if not ctx.has(pat):
            continue
        pre = f"{a.length} = {b.length}"
        if op in ("%", "/"):
            pre += f" ∧ ∀ {i} < {b.length}, {b.at(i)} ≠ 0"
        yield PatternSpec(
            f"elementwise-{label}",
            pre,
            f"{r.length} = {a.length} ∧ ∀ {i} < {a.length}, {r.at(i)} = {a.at(i)} {op} {b.at(i)}",
            0.75,
        )


@pattern("append")
def _append(ctx: Ctx) -> Iterator[PatternSpec]:
    r = ctx.result
    if not r.seq or len(ctx.params) != 2:
        return
    a, b = ctx.params
    if not ctx.has(r"\b(append|concatenat|join|combin|followed by)"):
        return
    if a.seq and b.seq and a.elem == b.elem == r.elem:
        yield PatternSpec("append", "True", r.equals_list(f"{a.lst} ++ {b.lst}"), 0.75)
    elif a.seq and b.type == a.elem == r.elem:
        yield PatternSpec("append-element", "True", r.equals_list(f"{a.lst} ++ [{b.name}]"), 0.7)


@pattern("copy")
def _copy(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 1 or ctx.result.type != s.type or not ctx.has(r"\bcop(y|ies)|clone"):
        return
    yield PatternSpec("copy", "True", f"result = {s.name}", 0.6)


def _index_params(ctx: Ctx, s: View) -> list[View]:
    return [p for p in ctx.params if p is not s and p.type in ("Nat", "Int")]


@pattern("update-at-index")
def _update_at(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or r.type != s.type or len(ctx.params) != 3:
        return
    if not ctx.has(r"\b(index|position)") or not ctx.has(r"replac|updat|\bset|modif|chang|assign"):
        return
    rest = [p for p in ctx.params if p is not s]
    for k, v in (rest, rest[::-1]):
        if k.type != "Nat" or v.type != s.elem or (k.type == v.type and k is not rest[0]):
            continue
        i = ctx.fresh("i")
        yield PatternSpec(
            "update-at-index",
            f"{k.name} < {s.length}",
            f"{r.length} = {s.length} ∧ ∀ {i} < {s.length}, {r.at(i)} = if {i} = {k.name} then {v.name} else {s.at(i)}",
            0.7,
        )


@pattern("swap-at-indices")
def _swap_at(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or r.type != s.type or not ctx.has(r"\bswap|exchang|interchang"):
        return
    idx = _index_params(ctx, s)
    i = ctx.fresh("k")
    n = s.length
    if len(ctx.params) == 3 and len(idx) == 2:
        p, q = idx
        pn, qn = (p.name, q.name) if p.type == "Nat" else (f"{p.name}.toNat", f"{q.name}.toNat")
        pre = f"{pn} < {n} ∧ {qn} < {n}"
        if p.type == "Int":
            pre = f"0 ≤ {p.name} ∧ 0 ≤ {q.name} ∧ {pre}"
        yield PatternSpec(
            "swap-at-indices",
            pre,
            f"{r.length} = {n} ∧ {r.at(pn)} = {s.at(qn)} ∧ {r.at(qn)} = {s.at(pn)} ∧ "
            f"∀ {i} < {n}, {i} ≠ {pn} → {i} ≠ {qn} → {r.at(i)} = {s.at(i)}",
            0.75,
        )
    if len(ctx.params) == 1 and ctx.has(r"\bfirst\b") and ctx.has(r"\blast\b"):
        last = f"{n} - 1"
        yield PatternSpec(
            "swap-first-last",
            _guard(ctx, s, True),
            f"{r.length} = {n} ∧ {r.at('0')} = {s.at(last)} ∧ {r.at(last)} = {s.at('0')} ∧ "
            f"∀ {i} < {n}, {i} ≠ 0 → {i} ≠ {last} → {r.at(i)} = {s.at(i)}",
            0.75,
        )


@pattern("remove-at-index")
def _remove_at(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or r.type != s.type or len(ctx.params) != 2:
        return
    k = next(p for p in ctx.params if p is not s)
    if k.type != "Nat" or not ctx.has(r"\b(remov|delet|eras|drop)") or not ctx.has(r"\b(index|position)"):
        return
    yield PatternSpec("remove-at-index", f"{k.name} < {s.length}", r.equals_list(f"{s.lst}.eraseIdx {k.name}"), 0.75)


@pattern("insert-at-index")
def _insert_at(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or r.type != s.type or len(ctx.params) != 3 or not ctx.has(r"\binsert"):
        return
    rest = [p for p in ctx.params if p is not s]
    for k, v in (rest, rest[::-1]):
        if k.type == "Nat" and v.type == s.elem and not (k.type == v.type and k is not rest[0]):
            yield PatternSpec(
                "insert-at-index",
                f"{k.name} ≤ {s.length}",
                r.equals_list(f"{s.lst}.take {k.name} ++ [{v.name}] ++ {s.lst}.drop {k.name}"),
                0.7,
            )


@pattern("rotate")
def _rotate(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or r.type != s.type or len(ctx.params) != 2 or not ctx.has(r"\brotat|circular|cyclic"):
        return
    k = next(p for p in ctx.params if p is not s)
    if k.type != "Nat":
        return
    i = ctx.fresh("i")
    n = s.length
    right = ctx.has(r"\bright\b") and not ctx.has(r"\bleft\b")
    src = f"({i} + {n} - {k.name} % {n}) % {n}" if right else f"({i} + {k.name}) % {n}"
    yield PatternSpec(
        "rotate-right" if right else "rotate-left",
        "True",
        f"{r.length} = {n} ∧ ∀ {i} < {n}, {r.at(i)} = {s.at(src)}",
        0.7,
    )


@pattern("remove-duplicates")
def _dedup(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or not r.seq or r.elem != s.elem or len(ctx.params) != 1:
        return
    if ctx.has(r"duplicat|distinct|unique|only once|first occurrence"):
        yield PatternSpec("remove-duplicates", "True", r.equals_list(f"{s.lst}.eraseDups"), 0.65)


@pattern("replace-value")
def _replace(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or r.type != s.type or not ctx.has(r"replac|substitut|chang") or ctx.has(r"\b(index|position)"):
        return
    vals = [p for p in ctx.params if p is not s and p.type == s.elem]
    if len(vals) != 2 or len(ctx.params) != 3:
        return
    old, new = vals
    i = ctx.fresh("i")
    n = s.length
    yield PatternSpec(
        "replace-value",
        "True",
        f"{r.length} = {n} ∧ ∀ {i} < {n}, {r.at(i)} = if {s.at(i)} = {old.name} then {new.name} else {s.at(i)}",
        0.75,
    )


@pattern("string-case")
def _case(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or s.elem != "Char" or r.type != s.type or len(ctx.params) != 1:
        return
    i = ctx.fresh("i")
    n = s.length
    for pat, fn, label in (
        (r"upper-?case|capital", "Char.toUpper", "upper-case"),
        (r"lower-?case", "Char.toLower", "lower-case"),
    ):
        if ctx.has(pat):
            other = r"lower-?case" if label == "upper-case" else r"upper-?case|capital"
            strength = ctx.prefer(pat, other, 0.8, 0.5)
            if ctx.has(r"toggle|swap|invert|opposite|first (letter|character)"):
                strength = 0.3
            yield PatternSpec(label, "True", f"{r.length} = {n} ∧ ∀ {i} < {n}, {r.at(i)} = {fn} {s.at(i)}", strength)


@pattern("absolute-value")
def _abs(ctx: Ctx) -> Iterator[PatternSpec]:
    if len(ctx.params) != 1 or ctx.params[0].type != "Int" or ctx.result.kind != "num" or not ctx.has(r"absolute"):
        return
    x = ctx.params[0].name
    if ctx.result.type == "Int":
        yield PatternSpec("absolute-value", "True", f"(0 ≤ {x} → result = {x}) ∧ ({x} < 0 → result = -{x})", 0.9)
    else:
        yield PatternSpec("absolute-value", "True", f"result = {x}.natAbs", 0.9)


@pattern("parity")
def _parity(ctx: Ctx) -> Iterator[PatternSpec]:
    if len(ctx.params) != 1 or ctx.params[0].kind != "num" or ctx.result.kind != "bool":
        return
    x = ctx.params[0].name
    if ctx.has(r"\beven\b") and not ctx.has(r"\bodd\b"):
        yield PatternSpec("is-even", "True", f"(result = true ↔ {x} % 2 = 0)", 0.8)
    if ctx.has(r"\bodd\b") and not ctx.has(r"\beven\b"):
        yield PatternSpec("is-odd", "True", f"(result = true ↔ {x} % 2 ≠ 0)", 0.8)
    m = re.search(r"divisible by (\d+)|multiple of (\d+)", ctx.text)
    if m:
        yield PatternSpec("divisible-by", "True", f"(result = true ↔ {x} % {m.group(1) or m.group(2)} = 0)", 0.8)


@pattern("divisibility")
def _divides(ctx: Ctx) -> Iterator[PatternSpec]:
    nums = ctx.nums()
    if len(nums) != 2 or len(ctx.params) != 2 or ctx.result.kind != "bool":
        return
    if ctx.has(r"divisible|divides|multiple of|factor of"):
        a, b = nums
        yield PatternSpec("divisible", "True", f"(result = true ↔ {a.name} % {b.name} = 0)", 0.6)


@pattern("compare-two")
def _compare(ctx: Ctx) -> Iterator[PatternSpec]:
    nums = ctx.nums()
    if len(nums) != 2 or len(ctx.params) != 2 or ctx.result.kind != "bool" or nums[0].type != nums[1].type:
        return
    a, b = nums[0].name, nums[1].name
    if ctx.has(r"(greater|larger|bigger) than") and not ctx.has(r"or equal"):
        yield PatternSpec("greater-than", "True", f"(result = true ↔ {a} > {b})", 0.6)
    if ctx.has(r"(less|smaller) than") and not ctx.has(r"or equal"):
        yield PatternSpec("less-than", "True", f"(result = true ↔ {a} < {b})", 0.6)
    if ctx.has(r"\b(equal|same)\b"):
        yield PatternSpec("equal", "True", f"(result = true ↔ {a} = {b})", 0.5)


@pattern("swap-pair")
def _swap_pair(ctx: Ctx) -> Iterator[PatternSpec]:
    if len(ctx.params) != 2 or ctx.result.kind != "pair" or not ctx.has(r"\bswap|exchang|interchang"):
        return
    a, b = ctx.params
    if _norm(ctx.result.type) == f"{b.type} × {a.type}":
        yield PatternSpec("swap-pair", "True", f"result = ({b.name}, {a.name})", 0.85)


@pattern("power")
def _power(ctx: Ctx) -> Iterator[PatternSpec]:
    nums = ctx.nums()
    if len(nums) != 2 or len(ctx.params) != 2 or ctx.result.kind != "num" or not ctx.has(r"\bpower|raised|exponent"):
        return
    base, exp = nums
    if exp.type != "Nat" and base.type == "Nat":
        base, exp = exp, base
    if exp.type == "Nat" and base.type == ctx.result.type:
        yield PatternSpec("power", "True", f"result = {base.name} ^ {exp.name}", 0.7)


_FACT = "def {f} : Nat → Nat\n  | 0 => 1\n  | n + 1 => (n + 1) * {f} n"
_FIB = "def {f} : Nat → Nat\n  | 0 => 0\n  | 1 => 1\n  | n + 2 => {f} n + {f} (n + 1)"


@pattern("recursive-sequence")
def _recursive(ctx: Ctx) -> Iterator[PatternSpec]:
    if len(ctx.params) != 1 or ctx.params[0].type != "Nat" or ctx.result.type != "Nat":
        return
    n = ctx.params[0].name
    if ctx.has(r"factorial"):
        yield PatternSpec("factorial", "True", f"result = specFactorial {n}", 0.9, _FACT.format(f="specFactorial"))
    if ctx.has(r"fibonacci"):
        yield PatternSpec("fibonacci", "True", f"result = specFib {n}", 0.9, _FIB.format(f="specFib"))


@pattern("gcd")
def _gcd(ctx: Ctx) -> Iterator[PatternSpec]:
    nums = ctx.nums()
    if len(nums) != 2 or len(ctx.params) != 2 or ctx.result.type not in _NUM:
        return
    a, b = nums
    if ctx.has(r"greatest common (divisor|factor)|\bgcd\b|highest common factor"):
        fn = "Nat.gcd" if a.type == b.type == "Nat" else "Int.gcd"
        body = f"{fn} {a.name} {b.name}" if ctx.result.type == "Nat" else f"({fn} {a.name} {b.name} : Int)"
        yield PatternSpec("gcd", "True", f"result = {body}", 0.85)
    if ctx.has(r"least common multiple|\blcm\b"):
        fn = "Nat.lcm" if a.type == b.type == "Nat" else "Int.lcm"
        body = f"{fn} {a.name} {b.name}" if ctx.result.type == "Nat" else f"({fn} {a.name} {b.name} : Int)"
        yield PatternSpec("lcm", "True", f"result = {body}", 0.85)


@pattern("number-property")
def _number_property(ctx: Ctx) -> Iterator[PatternSpec]:
    if len(ctx.params) != 1 or ctx.params[0].kind != "num" or ctx.result.kind != "bool":
        return
    x = ctx.params[0].name
    k = ctx.fresh("k")
    nat = x if ctx.params[0].type == "Nat" else f"{x}.toNat"
    if ctx.has(r"\bprime\b"):
        yield PatternSpec(
            "is-prime", "True", f"(result = true ↔ ({nat} ≥ 2 ∧ ∀ {k}, 2 ≤ {k} → {k} < {nat} → {nat} % {k} ≠ 0))", 0.85
        )
    if ctx.has(r"perfect square|square number"):
        pre = "True" if ctx.params[0].type == "Nat" else f"{x} ≥ 0"
        yield PatternSpec("is-perfect-square", pre, f"(result = true ↔ ∃ {k} ≤ {nat}, {k} * {k} = {nat})", 0.85)


@pattern("digits")
def _digits(ctx: Ctx) -> Iterator[PatternSpec]:
    if len(ctx.params) != 1 or ctx.params[0].type != "Nat" or ctx.result.type != "Nat" or not ctx.has(r"\bdigits?\b"):
        return
    n = ctx.params[0].name
    digits = f"(Nat.toDigits 10 {n})"
    c = ctx.fresh("c")
    if ctx.has(r"\bsum\b"):
        yield PatternSpec("digit-sum", "True", f"result = ({digits}.map (fun {c} => {c}.toNat - '0'.toNat)).sum", 0.8)
    if ctx.has(r"\b(count|number of|how many)\b") and not ctx.has(r"\bsum\b"):
        yield PatternSpec("digit-count", "True", f"result = {digits}.length", 0.7)
    if ctx.has(r"last digit|(rightmost|units?) digit"):
        yield PatternSpec("last-digit", "True", f"result = {n} % 10", 0.8)


@pattern("string-affix")
def _affix(ctx: Ctx) -> Iterator[PatternSpec]:
    if len(ctx.params) != 2 or ctx.result.kind != "bool" or not all(p.kind == "string" for p in ctx.params):
        return
    s, p = ctx.params
    i = ctx.fresh("i")
    if ctx.has(r"prefix|starts? with|begins? with"):
        yield PatternSpec("is-prefix", "True", f"(result = true ↔ {p.lst}.isPrefixOf {s.lst})", 0.7)
    if ctx.has(r"suffix|ends? with"):
        yield PatternSpec("is-suffix", "True", f"(result = true ↔ {p.lst}.reverse.isPrefixOf {s.lst}.reverse)", 0.7)
    if ctx.has(r"substring|contains|occurs in|appears in"):
        yield PatternSpec(
            "is-substring",
            "True",
            f"(result = true ↔ ∃ {i} ≤ {s.length}, ({s.lst}.drop {i}).take {p.length} = {p.lst})",
            0.6,
        )


@pattern("number-map")
def _number_map(ctx: Ctx) -> Iterator[PatternSpec]:
    if len(ctx.params) != 1 or ctx.params[0].kind != "num" or ctx.result.type != ctx.params[0].type:
        return
    x = ctx.params[0].name
    hits = [
        (pat, f, label)
        for pat, f, label in _MAPS
        if ctx.has(pat) and label != "last digit" and not (label == "negate" and ctx.params[0].type == "Nat")
    ]
    for pat, f, label in hits:
        strength = ctx.named(pat, 0.75, 0.6 if len(hits) == 1 else 0.3)
        if ctx.has(r"\b(sum|total|product|count|number of|series|sequence|first)\b"):
            strength *= 0.4  # an aggregate over many numbers, not one number mapped
        yield PatternSpec(f"number-{_slug(label)}", "True", f"result = {f(x)}", strength)


_ARITH = [
    (r"\b(sum|add|addition|plus)\b", "+", "sum"),
    (r"\b(product|multipl\w*|times)\b", "*", "product"),
    (r"\b(difference|subtract\w*|minus)\b", "-", "difference"),
    (r"\b(quotient|divi(de|sion))\b", "/", "quotient"),
    (r"\b(remainder|modulo|modulus|mod)\b", "%", "remainder"),
]


@pattern("two-number-arithmetic")
def _arith(ctx: Ctx) -> Iterator[PatternSpec]:
    nums = ctx.nums()
    if len(nums) != 2 or len(ctx.params) != 2 or ctx.result.kind != "num":
        return
    a, b = nums
    if not (a.type == b.type == ctx.result.type):
        return
    hits = [(pat, op, label) for pat, op, label in _ARITH if ctx.has(pat)]
    for pat, op, label in hits:
        pre = f"{b.name} ≠ 0" if op in ("/", "%") else "True"
        strength = ctx.named(pat, 0.7, 0.5 if len(hits) == 1 else 0.25)
        if ctx.has(r"\b(count|number of|how many|digits?|average|mean)\b"):
            strength *= 0.4  # not simply the two numbers combined
        yield PatternSpec(f"two-number-{label}", pre, f"result = {a.name} {op} {b.name}", strength)


@pattern("number-predicate")
def _number_pred(ctx: Ctx) -> Iterator[PatternSpec]:
    if len(ctx.params) != 1 or ctx.result.kind != "bool" or ctx.params[0].kind not in ("num", "char"):
        return
    p = ctx.params[0]
    preds = _num_preds(ctx, p.type, []) if p.kind == "num" else _char_preds(ctx, [])
    for pred in preds:
        if pred.label in ("even", "odd"):
            continue  # the parity pattern
        strength = 0.8 if pred.label.split()[-1][:5] in ctx.name else 0.4
        yield PatternSpec(f"is-{_slug(pred.label)}", "True", f"(result = true ↔ {pred.body(p.name)})", strength)


@pattern("common-element")
def _common(ctx: Ctx) -> Iterator[PatternSpec]:
    seqs = ctx.seqs()
    if len(seqs) != 2 or len(ctx.params) != 2 or ctx.result.kind != "bool" or seqs[0].elem != seqs[1].elem:
        return
    a, b = seqs
    x = ctx.fresh("x")
    if ctx.has(r"\bcommon|shared?\b|overlap|intersect"):
        yield PatternSpec("common-element", "True", f"(result = true ↔ ∃ {x} ∈ {a.lst}, {x} ∈ {b.lst})", 0.7)
    if ctx.has(r"disjoint|no common|nothing in common"):
        yield PatternSpec("disjoint", "True", f"(result = true ↔ ∀ {x} ∈ {a.lst}, {x} ∉ {b.lst})", 0.7)


@pattern("take-drop")
def _take_drop(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or r.type != s.type or len(ctx.params) != 2:
        return
    k = next(p for p in ctx.params if p is not s)
    if k.type != "Nat":
        return
    if ctx.has(r"\b(first|leading|prefix|take)\b") and not ctx.has(r"\b(remov|drop|skip|delet|without)"):
        yield PatternSpec("take-first", "True", r.equals_list(f"{s.lst}.take {k.name}"), 0.5)
    if ctx.has(r"\b(remov|drop|skip|delet|without)\w*\b[^.]{0,30}\bfirst\b"):
        yield PatternSpec("drop-first", "True", r.equals_list(f"{s.lst}.drop {k.name}"), 0.55)


@pattern("prepend")
def _prepend(ctx: Ctx) -> Iterator[PatternSpec]:
    r = ctx.result
    s = _one_seq(ctx)
    if s is None or r.type != s.type or len(ctx.params) != 2 or not ctx.has(r"prepend|(beginning|front|start|head)\b"):
        return
    v = next(p for p in ctx.params if p is not s)
    if v.type == s.elem and ctx.has(r"\b(add|insert|prepend|put|push)"):
        yield PatternSpec("prepend", "True", r.equals_list(f"{v.name} :: {s.lst}"), 0.6)


@pattern("partition")
def _partition(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or len(ctx.params) != 1 or r.kind != "pair" or s.elem not in (*_NUM, "Char"):
        return
    parts = [view("result.1", x) for x in _split_pair(r.type)]
    if len(parts) != 2 or any(not p.seq or p.elem != s.elem for p in parts):
        return
    preds = element_preds(ctx, s.elem, [])
    x = ctx.fresh("x")
    for a in preds:
        for b in preds:
            if a is b or {a.label, b.label} not in ({"even", "odd"}, {"positive", "negative"}, {"zero", "non-zero"}):
                continue
            first = view("result.1", parts[0].type)
            second = view("result.2", parts[1].type)
            yield PatternSpec(
                f"partition-{_slug(a.label)}-{_slug(b.label)}",
                "True",
                f"{first.equals_list(f'{s.lst}.filter (fun {x} => {a.body(x)})')} ∧ "
                f"{second.equals_list(f'{s.lst}.filter (fun {x} => {b.body(x)})')}",
                0.7 if ctx.text.find(a.label) < ctx.text.find(b.label) or ctx.name.find(a.label[:4]) >= 0 else 0.5,
            )
    if len(preds) == 1:
        a = preds[0]
        yield PatternSpec(
            f"partition-{_slug(a.label)}-rest",
            "True",
            f"{view('result.1', parts[0].type).equals_list(f'{s.lst}.filter (fun {x} => {a.body(x)})')} ∧ "
            f"{view('result.2', parts[1].type).equals_list(f'{s.lst}.filter (fun {x} => ¬ ({a.body(x)}))')}",
            0.5,
        )


def _split_pair(t: str) -> list[str]:
    t = _norm(t)
    depth = 0
    for i, ch in enumerate(t):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "×" and depth == 0:
            return [t[:i].strip(), t[i + 1 :].strip()]
    return [t]


_SERIES = [
    (r"\bsquares?\b", lambda i: f"{i} * {i}", "squares"),
    (r"\bcubes?\b", lambda i: f"{i} * {i} * {i}", "cubes"),
    (r"\bfourth powers?\b", lambda i: f"{i} ^ 4", "fourth powers"),
]


@pattern("sum-of-first-n")
def _series(ctx: Ctx) -> Iterator[PatternSpec]:
    """ "the sum of the first n (odd / even) numbers (squared, cubed)", as a sum over `List.range n`."""
    if len(ctx.params) != 1 or ctx.params[0].type != "Nat" or ctx.result.kind != "num":
        return
    if not ctx.has(r"\bsum\b") or not ctx.has(r"\bfirst\b|\b1 to\b|\bfrom 1\b|\bup to\b"):
        return
    n = ctx.params[0].name
    i = ctx.fresh("i")
    if ctx.has(r"\bodd\b"):
        term, kind = f"(2 * {i} + 1)", "odd"
    elif ctx.has(r"\beven\b"):
        term, kind = f"(2 * {i} + 2)", "even"
    else:
        term, kind = f"({i} + 1)", "natural"
    powers = [(f, label) for pat, f, label in _SERIES if ctx.has(pat)]
    f, label = powers[-1] if powers else ((lambda v: v), "")
    body = f"((List.range {n}).map (fun {i} => {f(term)})).sum"
    if ctx.result.type == "Int":
        body = f"({body} : Int)"
    name = f"sum-of-first-n-{kind}" + (f"-{_slug(label)}" if label else "")
    yield PatternSpec(name, "True", f"result = {body}", 0.7)


_BASES = {"two": "2", "three": "3", "four": "4", "five": "5", "ten": "10"}


@pattern("power-of")
def _power_of(ctx: Ctx) -> Iterator[PatternSpec]:
    if len(ctx.params) != 1 or ctx.params[0].kind != "num" or ctx.result.kind != "bool":
        return
    m = re.search(r"power of (two|three|four|five|ten|\d+)", f"{ctx.text} {ctx.name}")
    if not m:
        return
    b = _BASES.get(m.group(1), m.group(1))
    x = ctx.params[0].name
    k = ctx.fresh("k")
    if ctx.params[0].type == "Nat":
        post = f"(result = true ↔ ∃ {k} ≤ {x}, {b} ^ {k} = {x})"
    else:
        post = f"(result = true ↔ ({x} > 0 ∧ ∃ {k} ≤ {x}.toNat, {b} ^ {k} = {x}.toNat))"
    yield PatternSpec(f"power-of-{b}", "True", post, 0.85)


@pattern("range-of-sequence")
def _range(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 1 or ctx.result.type != s.elem or s.elem not in _NUM:
        return
    if not (ctx.has(_EXTREMUM["max"]) and ctx.has(_EXTREMUM["min"]) and ctx.has(r"differen|minus|subtract|range")):
        return
    x, hi, lo = ctx.fresh("x"), ctx.fresh("hi"), ctx.fresh("lo")
    yield PatternSpec(
        "max-minus-min",
        _guard(ctx, s, True),
        f"∃ {hi} ∈ {s.lst}, ∃ {lo} ∈ {s.lst}, result = {hi} - {lo} ∧ ∀ {x} ∈ {s.lst}, {lo} ≤ {x} ∧ {x} ≤ {hi}",
        0.8,
    )


@pattern("occurs-exactly-once")
def _once(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or ctx.result.kind != "bool" or len(ctx.params) != 2:
        return
    t = next(p for p in ctx.params if p is not s)
    if t.type == s.elem and ctx.has(r"\b(exactly|only) once\b|exactly one (time|occurrence)"):
        yield PatternSpec("occurs-exactly-once", "True", f"(result = true ↔ {s.lst}.count {t.name} = 1)", 0.8)


@pattern("sum-matching")
def _sum_matching(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or ctx.result.type != s.elem or s.elem not in _NUM or not ctx.has(r"\bsum\b|\btotal\b"):
        return
    others = [p for p in ctx.params if p is not s]
    if len(others) > 1:
        return
    x = ctx.fresh("x")
    for pred in element_preds(ctx, s.elem, others):
        uses = not others or others[0].name in pred.body("v")
        yield PatternSpec(
            f"sum-of-{_slug(pred.label)}",
            "True",
            f"result = ({s.lst}.filter (fun {x} => decide ({pred.body(x)}))).sum",
            0.7 if uses else 0.2,
        )


@pattern("count-distinct")
def _count_distinct(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 1 or ctx.result.type != "Nat":
        return
    if ctx.has(r"\b(distinct|unique|different)\b") and ctx.has(r"\bcount|number of|how many"):
        yield PatternSpec("count-distinct", "True", f"result = {s.lst}.eraseDups.length", 0.7)


@pattern("index-of-extremum")
def _index_of_extremum(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 1 or ctx.result.type != "Nat" or s.elem not in _NUM:
        return
    if not ctx.has(r"\b(index|position)\b"):
        return
    j = ctx.fresh("j")
    n = s.length
    for which, words in _EXTREMUM.items():
        if not ctx.has(words):
            continue
        better = (lambda a, b: f"{a} > {b}") if which == "max" else (lambda a, b: f"{a} < {b}")
        no_better = (lambda a, b: f"{a} ≤ {b}") if which == "max" else (lambda a, b: f"{a} ≥ {b}")
        yield PatternSpec(
            f"index-of-{which}",
            _guard(ctx, s, True),
            f"result < {n} ∧ (∀ {j} < {n}, {no_better(s.at(j), s.at('result'))}) ∧ "
            f"∀ {j} < result, {better(s.at('result'), s.at(j))}",  # the first such index
            0.75,
        )


@pattern("sequence-equality")
def _seq_eq(ctx: Ctx) -> Iterator[PatternSpec]:
    seqs = ctx.seqs()
    if len(seqs) != 2 or len(ctx.params) != 2 or ctx.result.kind != "bool" or seqs[0].elem != seqs[1].elem:
        return
    a, b = seqs
    if ctx.has(r"\b(equal|identical|same)\b") and not ctx.has(r"\b(length|size|sum|count)\b"):
        yield PatternSpec("sequences-equal", "True", f"(result = true ↔ {a.lst} = {b.lst})", 0.6)
    if ctx.has(r"sublist|subarray|substring|contiguous|consecutive"):
        i = ctx.fresh("i")
        for sub, main in ((a, b), (b, a)):
            yield PatternSpec(
                "contiguous-part",
                "True",
                f"(result = true ↔ ∃ {i} ≤ {main.length}, ({main.lst}.drop {i}).take {sub.length} = {sub.lst})",
                0.6 if sub is a else 0.4,
            )


@pattern("convert-container")
def _convert(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or len(ctx.params) != 1 or not r.seq or r.type == s.type or r.elem != s.elem:
        return
    if ctx.has(r"\bconvert|\bto (array|list|string)\b|\btransform|\bas (an? )?(array|list|string)\b"):
        yield PatternSpec("convert", "True", r.equals_list(s.lst), 0.7)


@pattern("remove-end")
def _remove_end(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or len(ctx.params) != 1 or r.type != s.type or not ctx.has(r"\b(remov|delet|drop|discard|strip)"):
        return
    if ctx.has(r"\b(first|front|head|leading)\b"):
        yield PatternSpec("remove-first", _guard(ctx, s, True), r.equals_list(f"{s.lst}.drop 1"), 0.65)
    if ctx.has(r"\b(last|back|tail|trailing)\b"):
        yield PatternSpec("remove-last", _guard(ctx, s, True), r.equals_list(f"{s.lst}.dropLast"), 0.65)


@pattern("average-of-two")
def _average(ctx: Ctx) -> Iterator[PatternSpec]:
    nums = ctx.nums()
    if (
        len(nums) != 2
        or len(ctx.params) != 2
        or ctx.result.kind != "num"
        or not ctx.has(r"\baverage|\bmean\b|midpoint")
    ):
        return
    a, b = nums
    if a.type == b.type == ctx.result.type:
        yield PatternSpec("average-of-two", "True", f"result = ({a.name} + {b.name}) / 2", 0.7)


@pattern("integer-square-root")
def _isqrt(ctx: Ctx) -> Iterator[PatternSpec]:
    if len(ctx.params) != 1 or ctx.params[0].type != "Nat" or ctx.result.type != "Nat":
        return
    if ctx.has(r"square root|\bsqrt\b"):
        n = ctx.params[0].name
        yield PatternSpec(
            "integer-square-root", "True", f"result * result ≤ {n} ∧ {n} < (result + 1) * (result + 1)", 0.85
        )


@pattern("smallest-missing")
def _missing(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 1 or s.elem != "Nat" or ctx.result.type != "Nat":
        return
    if ctx.has(r"missing|not (present|in|appear|occur)|absent|does not (appear|occur)") and ctx.has(
        r"smallest|first|least|minimum|lowest"
    ):
        k = ctx.fresh("k")
        yield PatternSpec("smallest-missing", "True", f"result ∉ {s.lst} ∧ ∀ {k} < result, {k} ∈ {s.lst}", 0.8)


@pattern("single-occurrence-element")
def _single(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 1 or ctx.result.type != s.elem:
        return
    if ctx.has(r"\b(exactly|only) once\b|\bsingle (number|element|one)|appears? once|\bunique (number|element)"):
        yield PatternSpec("element-occurring-once", "True", f"result ∈ {s.lst} ∧ {s.lst}.count result = 1", 0.75)


@pattern("opposite-signs")
def _opposite(ctx: Ctx) -> Iterator[PatternSpec]:
    nums = ctx.nums()
    if len(nums) != 2 or len(ctx.params) != 2 or ctx.result.kind != "bool" or not ctx.has(r"opposite signs?"):
        return
    a, b = nums[0].name, nums[1].name
    yield PatternSpec("opposite-signs", "True", f"(result = true ↔ (({a} < 0 ∧ {b} > 0) ∨ ({a} > 0 ∧ {b} < 0)))", 0.85)


@pattern("move-to-end")
def _move(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    r = ctx.result
    if s is None or len(ctx.params) != 1 or r.type != s.type or s.elem not in (*_NUM, "Char"):
        return
    to_end = ctx.has(r"\bmov\w*\b[^.]{0,40}\b(end|back|last)\b")
    to_front = ctx.has(r"\bmov\w*\b[^.]{0,40}\b(front|beginning|start)\b")
    if not (to_end or to_front):
        return
    x = ctx.fresh("x")
    for pred in element_preds(ctx, s.elem, []):
        keep = f"{s.lst}.filter (fun {x} => ¬ ({pred.body(x)}))"
        moved = f"{s.lst}.filter (fun {x} => {pred.body(x)})"
        order = f"{keep} ++ {moved}" if to_end else f"{moved} ++ {keep}"
        yield PatternSpec(
            f"move-{_slug(pred.label)}-to-{'end' if to_end else 'front'}", "True", r.equals_list(order), 0.75
        )


@pattern("insertion-index")
def _insertion(ctx: Ctx) -> Iterator[PatternSpec]:
    s = _one_seq(ctx)
    if s is None or len(ctx.params) != 2 or ctx.result.type != "Nat" or s.elem not in _NUM:
        return
    t = next(p for p in ctx.params if p is not s)
    if t.type != s.elem:
        return
    if ctx.has(
        r"insert(ed|ion)?\b[^.]{0,40}\b(index|position|point)|\b(index|position)\b[^.]{0,40}\binsert|lower bound"
    ):
        i = ctx.fresh("i")
        n = s.length
        yield PatternSpec(
            "insertion-index",
            "True",
            f"result ≤ {n} ∧ (∀ {i} < result, {s.at(i)} < {t.name}) ∧ ∀ {i}, result ≤ {i} → {i} < {n} → "
            f"{s.at(i)} ≥ {t.name}",
            0.75,
        )


def _slug(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


# ---------------------------------------------------------------------------------------------------------------


def match_patterns(task: Task) -> list[PatternSpec]:
    """Every pattern instantiation that fits the task's wording and signature, strongest first."""
    sig = task.signature
    params = [view(p.name, p.type) for p in sig.params]
    result = view("result", sig.return_type)
    text = _text(task)
    name = " ".join(split_name(sig.name))
    out: list[PatternSpec] = []
    seen: set[tuple[str, str]] = set()
    for _, fn in PATTERNS:
        ctx = Ctx(_gist(text), params, result, name, text)
        try:
            specs = list(fn(ctx))
        except Exception:  # noqa: BLE001 - a heuristic that trips on an odd signature offers nothing, never crashes
            continue
        for spec in specs:
            key = (" ".join(spec.precond.split()), " ".join(spec.postcond.split()))
            if spec.strength > 0 and key not in seen:
                seen.add(key)
                out.append(spec)
    out.sort(key=lambda s: -s.strength)
    return out
