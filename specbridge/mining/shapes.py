"""Generic shapes for transfer: patterns whose predicates become holes, and atoms to fill them.

A mined clause such as `{result} = ({s0}.filter (fun x0 => countLuckyDigits x0 ≤ {s1})).length` is one task's
predicate inside a reusable shape (count the elements that satisfy something). `generalize` turns every
closed single-variable lambda (`(fun x => BODY)`) and the body of a membership quantifier (`∀ x ∈ {s0}, BODY`)
of the library's templates into a predicate hole, and merges the templates that become equal: the shape keeps
the support of every task that used it, the predicates become its fills.

`AtomModel` supplies fillers for the holes of a new task: the atoms the corpus's specs write about one variable
(`x % 2 = 0`, `x > 0`, `x = 0`, `x.isDigit`, …, found by scanning the reference specs), each with the
requirement words over-represented in the tasks that use it (so "even" comes to mean `% 2 = 0` because the
corpus says so), plus comparisons of the element with the task's own scalar parameters of the same type and
with the numbers its requirement writes. Nothing here is written for a task: the vocabulary is the corpus's.

`helper_mismatch` measures how foreign a transferred text is: a helper defined for another task (in its aux)
carries that task's meaning, which fits a new task only when the helper's name speaks of the new requirement.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
import re
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable

from specbridge.mining.library import Pattern, _doc_terms
from specbridge.retrieval import (
    IMPLIED_NUMBERS,
    NUMBER_WORDS,
    SCALE_CONSTANTS,
    UNIT_CHAINS,
    split_name,
    tokenize,
    without_adverbial_even,
    without_example_numbers,
)
from specbridge.tasks import Task

_LAMBDA = re.compile(r"\(fun (x\d+) => ")
_MEMBER = re.compile(r"([∀∃]) (x\d+) ∈ (\{s\d+\}(?:\.toList)?), ")
_NUM_T = {"Nat", "Int"}
_DEF_NAME = re.compile(r"^(?:@\[[^\]]*\]\s*)?(?:def|abbrev|partial def)\s+([^\s(:]+)", re.M)
_NAMED_PRED = re.compile(
    r"^(?:def|abbrev)\s+(\w+)\s*\((\w+)\s*:\s*(Nat|Int|Char)\)\s*:\s*(Bool|Prop)\s*:="
    r"[ \t]*\n?[ \t]*(.+)$(?=\n\S|\n\s*\n|\s*\Z)",
    re.M,
)
_VAGUE = {"is", "valid", "input", "output", "result", "check", "can", "has", "get"}


def _close(text: str, start: int) -> int | None:
    """Index of the `)` closing the `(` at `start`, or None."""
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        if ch in "([{⟨":
            depth += 1
        elif ch in ")]}⟩":
            depth -= 1
            if depth == 0:
                return i if ch == ")" else None
    return None


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += ch in "([{⟨"
        depth -= ch in ")]}⟩"
        if depth < 0:
            return False
    return depth == 0


def _rename(body: str, var: str) -> str:
    from specbridge.generate.extract import rename_identifiers

    return rename_identifiers(body, {var: "x0"}) if var != "x0" else body


def _closed(body: str, var: str) -> bool:
    """`body` uses `var` and no other bound variable of the template (those are named `x<n>`)."""
    bound = set(re.findall(r"(?<![\w.])x\d+\b", body))
    return bound == {var}


def _next_hole(template: str) -> int:
    used = [int(n) for n in re.findall(r"\{[pq](\d+)", template)]
    return max(used, default=-1) + 1


def abstract_predicates(template: str) -> tuple[str, list[str]] | None:
    """`template` with its closed predicates made holes, and the predicates (as `fun x0 => …`); None if none."""
    fills: list[str] = []
    out = template
    pos = 0
    while True:
        m = _LAMBDA.search(out, pos)
        if m is None:
            break
        end = _close(out, m.start())
        body = out[m.end() : end] if end is not None else ""
        if end is None or "{result}" in body or not _closed(body, m.group(1)) or "fun " in body:
            pos = m.end()
            continue
        hole = f"p{_next_hole(out)}"
        # A predicate that used another slot (`x ≤ {s1}`) is still a predicate of this shape; only closed
        # ones are kept as fills, the others are re-made per task from its own parameters (atoms).
        fills.append("" if "{" in body else "fun x0 => " + _rename(body.strip(), m.group(1)))
        out = out[: m.start()] + "({" + hole + "})" + out[end + 1 :]
        pos = m.start() + len(hole) + 4
    m = _MEMBER.search(out)
    if m is not None:
        body = out[m.end() :]
        if body and "{result}" not in body and _balanced(body) and _closed(body, m.group(2)):
            hole = f"q{_next_hole(out)}_{m.group(2)}"
            fills.append("" if "{" in body else "fun x0 => " + _rename(body.strip(), m.group(2)))
            out = out[: m.end()] + "{" + hole + "}"
    return (out, fills) if fills else None


def _any_elements(shape: str) -> str:
    if shape == "String":
        return "String *"
    m = re.fullmatch(r"(List|Array) .+", shape)
    return f"{m.group(1)} *" if m else shape


def generalize(patterns: list[Pattern]) -> list[Pattern]:
    """Shape patterns: the library's templates with their predicates made holes, equal shapes merged."""
    groups: dict[tuple[str, str], list[tuple[Pattern, list[str]]]] = defaultdict(list)
    for p in patterns:
        got = abstract_predicates(p.template)
        if got is None:
            continue
        groups[(p.part, got[0])].append((p, got[1]))
    # The dual quantifier of a membership shape (`∀ x ∈ s, P` / `∃ x ∈ s, P`): the same shape read the other
    # way, which the corpus may simply not have needed; it keeps the support of the shape it comes from.
    for (part, template), members in list(groups.items()):
        m = _MEMBER.search(template)
        if m is None or not template[m.end() :].startswith("{q"):
            continue
        dual = template[: m.start()] + ("∃" if m.group(1) == "∀" else "∀") + template[m.start() + 1 :]
        if (part, dual) not in groups:
            groups[(part, dual)] = [(p, []) for p, _ in members]
    out: list[Pattern] = []
    for (part, template), members in sorted(groups.items()):
        first = members[0][0]
        tasks = sorted({t for p, _ in members for t in p.tasks})
        names = re.findall(r"^(?:@\[[^\]]*\]\s*)?(?:def|abbrev|partial def)\s+([^\s(:]+)", first.aux, re.M)
        aux = first.aux if any(re.search(rf"(?<![\w.]){re.escape(n)}\b", template) for n in names) else ""
        pid = "g" + hashlib.sha256(f"{part}\n{template}".encode()).hexdigest()[:10]
        used = set(re.findall(r"(?<!\{)\{(\w+)\}(?!\})", template))
        # The element type of a sequence slot was the predicate's business; the shape takes any elements.
        slots = [
            x.model_copy(update={"shape": _any_elements(x.shape)}) if x.name != "result" else x
            for x in first.slots
            if x.name in used
        ]
        constants = {c: v for c, v in first.constants.items() if c in used}
        if not any(x.name != "result" for x in slots):
            continue  # nothing of the new task's inputs would be left in it
        out.append(
            first.model_copy(
                update={
                    "id": pid,
                    "template": template,
                    "aux": aux,
                    "tasks": tasks,
                    "support": len(tasks),
                    "phrases": list(dict.fromkeys(ph for p, _ in members for ph in p.phrases))[:24],
                    "slots": slots,
                    "constants": constants,
                    "fills": [f for _, f in members if f and all(f)],
                    "with_patterns": [],
                    "kind": first.kind + "-shape",
                }
            )
        )
    return out


# ---------------------------------------------------------------------------------------------------------------
# Atoms: what the corpus says about one variable, and the words that go with it

_ATOM_NUM = re.compile(r"(?<![\w.\]!])([a-z]\w*)\s*(%\s*\d+\s*(?:=|≠)\s*\d+|(?:=|≠|<|>|≤|≥)\s*-?\d+)(?![\w.])")
_ATOM_CHR = re.compile(r"(?<![\w.])([a-z]\w*)(\.is[A-Z]\w*|\s*=\s*'[^'\\]')")


def _atom_keys(text: str) -> set[str]:
    """The one-variable atoms of a spec text, normalized to the variable `x0`."""
    keys = set()
    for m in _ATOM_NUM.finditer(text):
        keys.add("N:x0 " + " ".join(m.group(2).replace("%", "% ").split()).replace("% ", "% "))
    for m in _ATOM_CHR.finditer(text):
        keys.add("C:x0" + (m.group(2) if m.group(2).startswith(".") else " = " + m.group(2).split("=", 1)[1].strip()))
    return keys


def _op_key(key: str) -> str | None:
    m = re.match(r"N:x0 (=|≠|<|>|≤|≥) ", key)
    return f"O:{m.group(1)}" if m else None


class AtomModel:
    """Atoms seen in the corpus's reference specs and the requirement words over-represented with each."""

    MIN_TASKS = 2

    def __init__(self, corpus: list[Task]):
        self.n = len(corpus)
        self.terms = {t.id: _doc_terms(t) for t in corpus}
        self.df: Counter[str] = Counter()
        for ts in self.terms.values():
            self.df.update(ts)
        self.users: dict[str, set[str]] = defaultdict(set)
        for t in corpus:
            ref = t.reference
            if ref is None:
                continue
            for key in _atom_keys(ref.aux + "\n" + ref.precond + "\n" + ref.postcond):
                self.users[key].add(t.id)
                op = _op_key(key)
                if op:
                    self.users[op].add(t.id)
        self._assoc: dict[str, dict[str, float]] = {}
        # Per task: the ranked atoms, asked for by pattern fitting, pattern and term candidates alike.
        self._ranked: dict[tuple[str, str, str], list[tuple[str, float]]] = {}
        # Predicates the corpus defines and names (`def isEven (n : Int) : Bool := n % 2 = 0`): the name's
        # words say what the body means.
        self.named: dict[str, tuple[str, set[str]]] = {}
        for t in corpus:
            ref = t.reference
            if ref is None or not ref.aux.strip():
                continue
            defined = set(_DEF_NAME.findall(ref.aux))
            for m in _NAMED_PRED.finditer(ref.aux):
                name, var, typ, body = m.group(1), m.group(2), m.group(3).strip(), m.group(5).strip()
                words = set(tokenize(" ".join(split_name(name)))) - _VAGUE
                idents = set(re.findall(r"(?<![\w.'])[A-Za-z_]\w*", body))
                if not words or idents & defined or len(body) > 80 or not _balanced(body):
                    continue
                shape = "Char" if typ == "Char" else ("num" if typ in _NUM_T else "")
                if shape:
                    self.named.setdefault(f"{shape}:{_rename(body, var) if var != 'x0' else body}", (name, words))

    def assoc(self, key: str, exclude: str = "") -> dict[str, float]:
        """Word -> strength (log ratio, > 0) for atom `key`, from the tasks using it (without `exclude`)."""
        cache_key = f"{key}\n{exclude}"
        if cache_key in self._assoc:
            return self._assoc[cache_key]
        users = [u for u in self.users.get(key, ()) if u != exclude]
        out: dict[str, float] = {}
        if len(users) >= self.MIN_TASKS:
            k: Counter[str] = Counter()
            for u in users:
                k.update(self.terms.get(u, ()))
            s = len(users)
            for w, c in k.items():
                if c < 2:
                    continue
                # Pessimistic (one use fewer): a word two users happen to share is weak evidence.
                ratio = math.log((c - 1) / (s + 1)) - math.log((self.df[w] + 0.5) / (self.n + 1))
                if ratio > 0.5:
                    out[w] = ratio
        self._assoc[cache_key] = out
        return out

    def _score(self, key: str, query: set[str], exclude: str) -> float:
        a = self.assoc(key, exclude)
        return sum(sorted((a[w] for w in query if w in a), reverse=True)[:2])

    def atoms(self, task: Task, *, limit: int = 8) -> list[tuple[str, float]]:
        """Predicates `fun x0 => …` over the elements of the task's sequences, best first, with a score."""
        key = (task.id, task.requirement, task.signature.lean_header())
        ranked = self._ranked.get(key)
        if ranked is None:
            ranked = self._ranked[key] = self._rank_atoms(task)
        return [(f"fun x0 => {body}", round(score, 4)) for body, score in ranked[:limit] if score > 0]

    def _rank_atoms(self, task: Task) -> list[tuple[str, float]]:
        """Every atom body for `task` with its score, best first (`atoms` keeps the positive ones)."""
        query = _doc_terms(task)
        elems = set()
        for p in task.signature.params:
            t = " ".join(p.type.replace("(", " ").replace(")", " ").split())
            m = re.fullmatch(r"(?:List|Array) (\w+)", t)
            if m:
                elems.add(m.group(1))
            elif t == "String":
                elems.add("Char")
        numeric = bool(elems & _NUM_T)
        numbers = requirement_numbers(task)
        implied = implied_numbers(task)
        scored: dict[str, float] = {}
        for key in self.users:
            if key.startswith("N:") and numeric:
                body = key[2:]
                if re.search(r"-\d", body) and "Int" not in elems:
                    continue
                s = self._score(key, query, task.id) + 0.3 * self._score(_op_key(key) or "", query, task.id)
                # A constant the requirement never writes is weaker evidence than one it does.
                if not set(re.findall(r"\d+", body)) <= set(numbers):
                    s *= 0.4
                scored[body] = s
            elif key.startswith("C:") and "Char" in elems:
                s = self._score(key, query, task.id)
                lit = re.search(r"'(.)'", key)
                if lit and f"'{lit.group(1)}'" not in task.requirement and f'"{lit.group(1)}"' not in task.requirement:
                    s *= 0.4  # a character the requirement never quotes
                scored[key[2:]] = s
        for key, (_name, words) in sorted(self.named.items()):
            shape, body = key.split(":", 1)
            if (shape == "num" and numeric) or (shape == "Char" and "Char" in elems):
                if words <= query:  # every word of the helper's name is in the requirement
                    named = 2.5 + 0.1 * len(words)
                    # unless it bounds by constants the words never give: `ValidPosition` is `0 ≤ x ∧ x ≤ 2` of
                    # one corpus task's board, not what "position" means elsewhere
                    if not set(re.findall(r"(?<![\w'.])\d+(?![\w'])", body)) <= {*numbers, *implied, "0", "1"}:
                        named *= 0.4
                    scored[body] = max(scored.get(body, 0.0), named)
        # Comparisons with the task's own scalar parameters of the element type, and the requirement's numbers.
        for p in task.signature.params:
            pt = p.type.strip()
            if (pt in _NUM_T and numeric) or (pt == "Char" and "Char" in elems):
                ops = ("=", "≠", "<", "≤", ">", "≥") if pt in _NUM_T else ("=", "≠")
                for op in ops:
                    s = self._score(f"O:{op}", query, task.id) if pt in _NUM_T else 0.0
                    scored[f"x0 {op} {p.name}"] = 0.9 + 0.3 * s + (0.3 if op == "=" else 0.0)
        if numeric:
            for n in numbers:
                for op in ("=", "<", ">", "≤", "≥"):
                    body = f"x0 {op} {n}"
                    prior = 1.0 + 0.3 * self._score(f"O:{op}", query, task.id)
                    scored[body] = max(scored.get(body, 0.0), scored.get(body, 0.0) * 0.5 + prior)
        if "Char" in elems:  # the characters the words quote or name, each, and those of a sentence together
            for chars in stated_characters(task):
                for c in chars:
                    scored[f"x0 = {c}"] = max(scored.get(f"x0 = {c}", 0.0), 1.0) + STATED_ATOM_BONUS
                if len(chars) > 1:  # all of them: above each one alone
                    scored[" ∨ ".join(f"x0 = {c}" for c in chars)] = 1.0 + STATED_ATOM_BONUS + 0.1 * len(chars)
        # a comparison the words state in so many words ("equal to zero", "below the pivot") is the atom they mean
        compared, totals = stated_with_totals(task)  # (those said of a total are not said of each element)
        for op, value in compared:
            if (op, value) in totals:
                continue
            if op in (DIVIDES, ODD) and numeric:
                body = f"x0 % {value} = {0 if op == DIVIDES else 1}"
                scored[body] = max(scored.get(body, 0.0), 1.0) + STATED_ATOM_BONUS
            elif f"x0 {op} {value}" in scored:
                scored[f"x0 {op} {value}"] += STATED_ATOM_BONUS
        return sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))


STATED_ATOM_BONUS = 0.5  # an atom the requirement states (`stated_comparisons`), against the corpus's evidence


def requirement_numbers(task: Task) -> list[str]:
    """The numbers a requirement states, in digits or as a word (`two` -> `2`), in order of appearance; not the
    data of its worked examples (`without_example_numbers`) nor the count of its inputs (`without_input_counts`)."""
    text = without_input_counts(without_example_numbers(task.requirement), task)
    words = re.findall(r"[a-z]+", text.lower())
    spelled = [str(NUMBER_WORDS[w]) for w in words if w in NUMBER_WORDS]
    return list(dict.fromkeys([*re.findall(r"(?<![\w.])(\d{1,4})(?!\w|\.\d)", text), *spelled]))


# "two lists", "three side lengths": a number and the plural noun it counts (up to two words between them); "the
# two largest entries" picks that many, it counts no inputs
_COUNTED_NOUN_GAP = (
    r"(?:(?!(?:and|or|of|is|are|the|an?|to|in|than|times|by|with|first|last|most|least)\b|[a-z]+est\b)[a-z-]+\s+)"
    r"{0,2}?"
)
_INPUT_COUNT = re.compile(
    r"\b(?P<n>[2-9]|"
    + "|".join(w for w in NUMBER_WORDS if 2 <= NUMBER_WORDS[w] <= 12)
    + r")\s+"
    + _COUNTED_NOUN_GAP
    + r"[a-z]{2,}[^s\W]s\b",
    re.I,
)
# an average divides by how many things it averages: "the average of two integers" states its 2
_AVERAGING = re.compile(r"\b(?:average|mean|midpoint)\b", re.I)


def without_input_counts(text: str, task: Task) -> str:
    """`text` with the numbers that count the task's inputs blanked ("two lists" of two list parameters, "three
    side lengths" of three): they say how many things are given, not a constant of the computation. Of 70 such
    phrases in the corpus and our sets, 6 specs write the number; an average keeps it (`_AVERAGING`)."""
    if _AVERAGING.search(text):
        return text
    kinds = Counter(" ".join(p.type.split()) for p in task.signature.params)
    counts = {len(task.signature.params), *kinds.values()}

    def blank(m: re.Match[str]) -> str:
        word = m.group("n").lower()
        value = int(word) if word.isdigit() else NUMBER_WORDS[word]
        return " " * len(m.group("n")) + m.group(0)[len(m.group("n")) :] if value in counts else m.group(0)

    return _INPUT_COUNT.sub(blank, text)


# "24 hours of 60 minutes of 60 seconds": a chain of units, each a number of the next
_UNIT_CHAIN = re.compile(r"(?<![\w.])\d+\s+[a-z]+(?:\s+of\s+\d+\s+[a-z]+)+", re.I)


def unit_products(task: Task) -> list[str]:
    """The factors of the unit chains the requirement states (`(24 * 60 * 60)` of "a day as 24 hours of 60 minutes
    of 60 seconds"), as constants: what converts the first unit into the last, a product no one number states."""
    text = without_example_numbers(task.requirement)
    chains = [re.findall(r"\d+", m.group(0)) for m in _UNIT_CHAIN.finditer(text)]
    return list(dict.fromkeys("(" + " * ".join(nums) + ")" for nums in chains))


def implied_numbers(task: Task) -> list[str]:
    """The numbers a requirement's words imply without writing them (`halved` -> `2`, see `IMPLIED_NUMBERS`): a
    constant a spec may use though the requirement never writes it."""
    words = re.findall(r"[a-z]+", without_adverbial_even(task.requirement).lower())
    found = [str(IMPLIED_NUMBERS[w]) for w in words if w in IMPLIED_NUMBERS]
    if _ALTERNATE.search(task.requirement):
        found.append("2")
    return list(dict.fromkeys(found + unit_factors(set(words))))


def unit_factors(words: set[str]) -> list[str]:
    """The numbers converting between the units the `words` name (`UNIT_CHAINS`: "days" and "hours" give 24,
    "seconds" and "hours" 3600) and the constants of a scale they name (`SCALE_CONSTANTS`: "Fahrenheit" gives 9, 5
    and 32), smaller units first: constants no one writes, as every reader knows them."""
    return list(dict.fromkeys(_chain_factors(words) + _scale_constants(words)))


def _chain_factors(words: set[str]) -> list[str]:
    found = []
    for chain in UNIT_CHAINS:
        named = [k for k, (names, _) in enumerate(chain) if words & set(names)]
        for low, high in itertools.combinations(named, 2):
            found.append(str(math.prod(factor for _, factor in chain[low:high])))
    return found


def _scale_constants(words: set[str]) -> list[str]:
    return [str(c) for names, constants in SCALE_CONSTANTS if words & set(names) for c in constants]


def unit_readings(task: Task, text: str) -> tuple[set[str], int]:
    """The lexicon features (`spec_features`) of `text` that the units the words name account for: a constant of
    theirs (`unit_factors`) and the arithmetic applied with it (`days * 24` of "hours in the given days", `amount %
    100` of "the cents left over"); and how many of those constants `text` applies otherwise (a scale's constants
    are multiplied, divided, added or taken away: `f % 32` reads no Fahrenheit). The corpus seldom converted units,
    so its pairings cannot speak for them."""
    explained: set[str] = set()
    misread = 0
    for factor, ops, applied in _unit_constants(task.requirement):
        used = [a or b for a, b in applied.findall(text)]
        if used and all(op in ops for op in used):
            explained |= {f"lit:{factor}"} | {f"op:{op}" for op in used}
        elif used:
            misread += 1
    return explained, misread


@functools.lru_cache(maxsize=256)
def _unit_constants(requirement: str) -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """The constants of the units `requirement` names, each with the operations that apply it as the units do and
    the pattern of an operation next to it: read once per requirement, as `unit_readings` runs on every scored
    term."""
    words = set(re.findall(r"[a-z]+", requirement.lower()))
    out = []
    for factors, ops in ((_chain_factors(words), "*/%"), (_scale_constants(words), "*/+-")):
        for factor in dict.fromkeys(factors):
            # (the operation next to the constant itself: in `4 * (25 - q)` the 25 is taken away from, not multiplied)
            applied = re.compile(rf"([-+*/%]) {factor}(?![\w.])|(?<![\w.']){factor} ([-+*/%])")
            out.append((factor, ops, applied))
    return tuple(out)


# "every other element", "every second one", "alternating": one in two (`i % 2`)
_ALTERNATE = re.compile(r"\bevery\s+(?:other|second)\b|\balternat(?:e|es|ing|ely)\b", re.I)


def abbreviates(name: str, word: str) -> bool:
    """Whether the parameter `name` abbreviates the English `word`: same first letter, its letters in order, the
    word longer (`qty` for quantity, `lo` for lower); one-letter names abbreviate nothing."""
    if len(name) < 2 or len(word) <= len(name) or not name.isalpha() or name[0] != word[0]:
        return False
    rest = iter(word)
    return all(ch in rest for ch in name.lower())


# English comparisons with a named thing, longest phrase first, and the Lean comparison of `x <op> thing`
_COMPARISON_PHRASES: list[tuple[str, str]] = [
    (r"(?:less|smaller|lower|fewer) than or equal to|at most|no (?:more|greater|larger|higher) than", "≤"),
    (r"not (?:more|greater|larger|higher) than|not above", "≤"),
    (r"(?:greater|larger|more|higher|bigger) than or equal to|at least|no (?:less|smaller|fewer|lower) than", "≥"),
    (r"not (?:less|smaller|fewer|lower) than|not below", "≥"),
    (r"equal to|equals|exactly", "="),
    (r"(?:strictly )?(?:below|under|less than|smaller than|lower than|fewer than)", "<"),
    (r"(?:strictly )?(?:above|over|greater than|more than|larger than|higher than|bigger than|exceed(?:s|ing)?)", ">"),
]
# any of them, its kind in the group that matched (`comparison_of`)
COMPARISON_PHRASE = "(?:" + "|".join(f"(?P<c{i}>\\b(?:{p}))" for i, (p, _) in enumerate(_COMPARISON_PHRASES)) + ")"


def comparison_of(m: re.Match[str]) -> str:
    """The Lean comparison (`<`, `≤`, …) of the `COMPARISON_PHRASE` that `m` matched."""
    return _COMPARISON_PHRASES[next(i for i in range(len(_COMPARISON_PHRASES)) if m.group(f"c{i}"))][1]


_COMPARISON_PHRASE = re.compile(
    COMPARISON_PHRASE + r"\s+(?:the\s+|a\s+|an\s+|that\s+|this\s+|given\s+)*(?P<word>-?\d+|[a-z]+)\b(?!\s+(?:of|or)\b)",
    re.I,
)


def stated_comparisons(task: Task) -> list[tuple[str, str]]:
    """(Lean comparison, number parameter or numeral) for each comparison the requirement words ("strictly below
    the pivot" -> (`<`, `pivot`), "at least k" -> (`≥`, `k`), "equal to zero" -> (`=`, `0`)): the word after the
    phrase is a numeral, or the parameter's name, its plural, or a word it abbreviates ("the lower bound" for
    `lo`). Not in a sentence that negates ("entries equal to the pivot are in neither count"), and not "at least
    one", which counts. In the order the words state them."""
    return stated_with_totals(task)[0]


def totals_compared(task: Task) -> set[tuple[str, str]]:
    """The `stated_comparisons` the words make of a total or a count ("the total price is at most the budget",
    "lists with fewer than two entries"): no comparison of each element (`x0 ≤ budget`) makes them."""
    return stated_with_totals(task)[1]


# what the words compare is a total or a count, not each element
# (a total that the clause says is something: "the total price is at most", not "the number of entries above")
_TOTAL = re.compile(
    r"\b(?:total|sum|altogether|combined|overall|amount of)\b.*\b(?:is|are|was|were|be|stays?"
    r"|remains?|comes? to)\s*$",
    re.I,
)


# parity said of a count or a total, not of each thing: "an even number of items", "of odd length", "the number of
# negative values is odd" (not "an odd number", which is the number itself)
_PARITY_OF_A_COUNT = re.compile(
    r"\b(?:even|odd)\s+(?:number|count|amount)\s+of\b|\b(?:even|odd)\s+(?:length|total|sum|size)\b"
    r"|\b(?:number|count|length|total|sum|size)\s+of\b[^.;,]*?\b(?:is|are|be)\s+(?:even|odd)\b",
    re.I,
)


_COUNTED_NOUNS = (
    r"entries|elements|items|characters|chars|letters|words|digits|numbers|values|members|symbols"
    r"|times|occurrences|vowels|consonants|lines|sentences|names|strings|pairs"
)
_COUNTED = re.compile(rf"\s+(?:\w+\s+)?(?:{_COUNTED_NOUNS})\b", re.I)


# "three times the input": a multiple, not a number of occurrences
_MULTIPLE_OF = re.compile(r"\s+times\s+(?:the|a|an|as|its|their|that|this)\b", re.I)


def _clause_before(sentence: str, end: int) -> str:
    """The clause of `sentence` that ends at `end`: from the last comma, semicolon or relative word before it."""
    head = sentence[:end]
    starts = [m.end() for m in re.finditer(r"[,;:]|\b(?:that|which|whose|where|when|if|and|or)\b", head)]
    return head[max(starts, default=0) :]


# a negation just before a comparison phrase, a few words of the same clause between them
_DENIED_COMPARISON = re.compile(
    r"(?P<neg>\bnot|\bnever|n't)\s+(?:(?:ever|does|do|did|differs?|by|go|goes|gets?|rises?|falls?|drops?|is|are|be)\s+)"
    r"{0,3}$",
    re.I,
)
_DENIED = {">": "≤", "≥": "<", "<": "≥", "≤": ">"}  # what a denied comparison says


# "more letters than", "fewer items than": a count compared ("more than" with the things counted in between)
_COUNT_THAN = re.compile(rf"\b(?P<cmp>more|fewer|less)\s+(?:\w+\s+)?(?:{_COUNTED_NOUNS})\s+than\b", re.I)
# what a number input may be called when the words name no parameter ("more letters than the limit")
_LIMIT_NOUNS = frozenset({"limit", "threshold", "cutoff", "cap", "bound"})


def _counts_compared(sentence: str) -> tuple[str, set[int]]:
    """`sentence` with each count compared (`_COUNT_THAN`) said as a comparison ("more letters than" -> "more
    than"), and where those comparisons start in it."""
    out, starts, at = [], set(), 0
    for m in _COUNT_THAN.finditer(sentence):
        out.append(sentence[at : m.start()])
        starts.add(sum(map(len, out)))
        out.append(m.group("cmp") + " than")
        at = m.end()
    out.append(sentence[at:])
    return "".join(out), starts


# a bound written after its number: "a score of 50 or more", "3 or fewer items" ("one or more" counts)
_POSTFIX_COMPARISON = re.compile(
    r"(?<![\w.-])(?P<word>-?\d+|[a-z]+)\s+(?:or|and)\s+(?:(?P<more>more|above|higher|greater|over|upwards)"
    r"|(?P<less>less|fewer|below|lower|under|smaller))\b(?!\s+than)",
    re.I,
)


def _of_a_total(sentence: str, start: int, end: int) -> bool:
    """Whether the comparison at `sentence[start:end]` is said of a total ("the total price is at most …") or of a
    count ("fewer than two entries", "more than 3 letters", "3 or more letters": the entries are counted)."""
    return _TOTAL.search(_clause_before(sentence, start)) is not None or bool(_COUNTED.match(sentence, end))


def stated_with_totals(task: Task) -> tuple[list[tuple[str, str]], set[tuple[str, str]]]:
    """`stated_comparisons`, and those of them said of a total (`totals_compared`)."""
    from specbridge.retrieval import requirement_sentences

    nums = [p.name for p in task.signature.params if " ".join(p.type.split()) in ("Nat", "Int")]
    out: dict[tuple[str, str], None] = {}
    totals: set[tuple[str, str]] = set()  # of them, those said of a total ("the total price is at most the budget")
    for said in requirement_sentences(task.requirement):
        last = ""
        sentence, counted = _counts_compared(said)
        excess = list(_EXCESS_PHRASE.finditer(sentence))  # "how much … over the cap" is an amount
        for m in _COMPARISON_PHRASE.finditer(sentence):
            if any(e.start() <= m.start() < e.end() for e in excess):
                continue
            before = sentence[: m.start()]
            # "never differ by more than the tolerance", "does not exceed the budget": the negation of a comparison
            # is the other comparison (`≤`)
            denial = _DENIED_COMPARISON.search(before)
            if denial is not None:
                before = before[: denial.start()] + " " + before[denial.start() + len(denial.group("neg")) :]
            rest = before + " " + sentence[m.end() :]
            if _NEGATION.search(rest):
                continue
            op = comparison_of(m)
            if m.group(0).lower().startswith("exactly") and (
                not _COUNTED.match(sentence, m.end()) or _MULTIPLE_OF.match(sentence, m.end())
            ):
                continue  # "exactly four characters" is a count; "exactly 80 is a B", "exactly three times x" not
            if denial is not None:
                if op not in _DENIED:
                    continue
                op = _DENIED[op]
            word = m.group("word").lower()
            number = _numeral(word)
            total = _of_a_total(sentence, m.start(), m.end()) or m.start() in counted
            if number is not None:
                if not (number == "1" and op in ("≥", "≤")):
                    out[(op, number)] = None
                    if total:
                        totals.add((op, number))
                continue
            named = names_param(word, nums)
            if word in _LIMIT_NOUNS and len(nums) == 1:
                named = nums  # "more letters than the limit": the one number the task is given
            if word == "given" and _GIVEN_NOUN.match(sentence, m.end()) and len(nums) == 1:
                named = nums  # "more than a given number of characters": the one number the task is given
            if word == "it" and last:  # "below the pivot and above it": the parameter just named
                named = [last]
            if len(named) == 1:
                out[(op, named[0])] = None
                last = named[0]
                if total:
                    totals.add((op, named[0]))
        for m in _POSTFIX_COMPARISON.finditer(sentence):  # "a score of 50 or more": the phrase after its number
            number = _numeral(m.group("word").lower())
            op = "≥" if m.group("more") else "≤"
            if number is not None and number not in ("0", "1") and not _NEGATION.search(sentence):
                out[(op, number)] = None
                if _of_a_total(sentence, m.start(), m.end()):
                    totals.add((op, number))
        for m in _DIVISIBLE.finditer(sentence):
            if not _denied(sentence, m.start()):  # "is not divisible by 3"
                for word in (m.group("a"), m.group("b")):
                    value = _number_or_param(word, nums)
                    if value is not None:
                        out[(DIVIDES, value)] = None
        for parity, relation in ((_EVEN, DIVIDES), (_ODD, ODD)):  # "if the amount is even", "the odd numbers"
            for m in parity.finditer(sentence):
                if not _denied(sentence, m.start()) and not _BOTH_PARITIES.search(sentence):
                    out[(relation, "2")] = None
                    if _PARITY_OF_A_COUNT.search(sentence):  # "an even number of items": the count is even
                        totals.add((relation, "2"))
        for m in excess:  # "add up how much the usage went over the cap"
            named = names_param(m.group("word").lower(), nums)
            if len(named) == 1 and not _denied(sentence, m.start()):
                out[(EXCESS, named[0])] = None
        if len(nums) == 1 and _EXACTLY_GIVEN.search(sentence) and not _NEGATION.search(sentence):
            out[("=", nums[0])] = None  # "words of exactly the given number of letters"
        for low, high in _between(sentence, nums):
            strict = bool(_STRICT_WORDING.search(sentence)) and not _LOOSE_WORDING.search(sentence)
            out[(">" if strict else "≥", low)] = None
            out[("<" if strict else "≤", high)] = None
    return list(out), totals


# what English calls the marks a text may hold, as Lean characters
CHARACTER_NAMES = {
    "full stop": ".",
    "period": ".",
    "dot": ".",
    "comma": ",",
    "question mark": "?",
    "exclamation mark": "!",
    "exclamation point": "!",
    "colon": ":",
    "semicolon": ";",
    "hyphen": "-",
    "dash": "-",
    "space": " ",
    "underscore": "_",
    "slash": "/",
    "asterisk": "*",
    "hash": "#",
    "at sign": "@",
    "plus sign": "+",
}
_CHARACTER = re.compile(
    r"(?<![\w'])'(?P<quoted>[^'\\\n])'(?![\w'])|\b(?P<named>"
    + "|".join(name.replace(" ", r"\s+") for name in sorted(CHARACTER_NAMES, key=len, reverse=True))
    + r")(?:s|es)?\b",
    re.I,
)


def _character(m: re.Match[str]) -> str:
    """The character a `_CHARACTER` match quotes or names."""
    named = m.group("named")
    return m.group("quoted") if named is None else CHARACTER_NAMES[" ".join(named.lower().split())]


# the characters a kind of character the words name is made of, or bounded by
_CHARACTER_KINDS = {
    "digit": "0123456789",
    "letter": "azAZ",
    "alphabet": "azAZ",
    "case": "azAZ",
    "vowel": "aeiouAEIOU",
    "consonant": "aeiouAEIOU",
    "word": " ",
    "blank": " ",
    "whitespace": " ",
}


def mentioned_characters(task: Task) -> set[str]:
    """Every character the requirement quotes or names anywhere, and those its kinds of character are made of or
    bounded by (`'0'`…`'9'` of "digits", `'a'`, `'z'` of "letters"), as Lean literals: the character constants a
    spec may write for it."""
    out = {_character(m) for m in _CHARACTER.finditer(task.requirement)}
    words = {w.rstrip("s") for w in re.findall(r"[a-z]+", task.requirement.lower())}
    for kind, chars in _CHARACTER_KINDS.items():
        if kind in words:
            out.update(chars)
    if says_case_blind(task.requirement):  # "upper-case vowels count too": 'A' is said with 'a'
        out |= {c.swapcase() for c in out}
    return {f"'{c}'" for c in out}


_SET_ITEM = r"(?:'[^'\\\n]'|\b[A-Za-z]\b|-?\b\d+\b)"
_STATED_SET = re.compile(rf"{_SET_ITEM}(?:, {_SET_ITEM})+,? (?:and|or) {_SET_ITEM}")


# the words say a character test ignores case ("in upper or lower case", "upper-case vowels count too")
_CASE_BLIND = re.compile(
    r"\b(?:upper or lower|lower or upper|either) case\b|\bcase[- ]insensitive\b|\b(?:ignoring|regardless of)"
    r" (?:the )?case\b|\bupper[- ]?case \w+ (?:count|counts|also count|are counted) too\b"
    r"|\b(?:their|its) (?:upper|capital)[- ]?(?:case )?(?:forms?|letters?|versions?)\b",
    re.I,
)


def says_case_blind(requirement: str) -> bool:
    """Whether the words say a test of a character ignores its case."""
    return bool(_CASE_BLIND.search(" ".join(requirement.split())))


def stated_sets(requirement: str) -> list[list[str]]:
    """The sets of characters or numbers the words list ("the vowels a, e, i, o or u", "1, 2 or 3"), three items at
    least, as Lean literals: a bare letter is a character (`'a'`). Where the words say case does not matter
    ("upper-case vowels count too"), a set of lower-case letters lists their upper-case forms as well."""
    blind = says_case_blind(requirement)
    out = []
    for m in _STATED_SET.finditer(requirement):
        items = re.findall(_SET_ITEM, m.group(0))
        chars = [i if i.startswith("'") else f"'{i}'" for i in items if not re.fullmatch(r"-?\d+", i)]
        numbers = [i for i in items if re.fullmatch(r"-?\d+", i)]
        if len(items) >= 3 and (len(chars) == len(items) or len(numbers) == len(items)):
            listed = chars or numbers
            if blind and chars and all(re.fullmatch(r"'[a-z]'", c) for c in chars):
                listed = [*chars, *(c.upper() for c in chars)]
            if listed not in out:
                out.append(listed)
    return out


def listed_characters(requirement: str) -> list[str]:
    """The characters of the sets the words list (`stated_sets`), as Lean literals in the order written."""
    return list(dict.fromkeys(item for items in stated_sets(requirement) for item in items if item.startswith("'")))


def stated_characters(task: Task) -> list[list[str]]:
    """The characters each sentence of the requirement quotes ('U') or names ("full stops, question marks"), as
    Lean literals in the order written; not in a sentence that negates ("commas do not count") or works an example
    ("for example, each dash of "a-b" …")."""
    from specbridge.retrieval import requirement_sentences, works_an_example

    out: list[list[str]] = []
    for sentence in requirement_sentences(task.requirement):
        if _NEGATION.search(sentence) or works_an_example(sentence):
            continue
        chars = [f"'{_character(m)}'" for m in _CHARACTER.finditer(sentence)]
        if chars:
            out.append(list(dict.fromkeys(chars)))
    return out


# A neighbour in a sequence of neighbouring pairs (`xs.zip xs.tail`, whose lambdas read `x0.1` then `x0.2`): what a
# comparison with "the day before" compares against, and one with "the next entry"
EARLIER_NEIGHBOUR, LATER_NEIGHBOUR = "x0.1", "x0.2"
_MORE = r"warmer|hotter|higher|larger|bigger|greater|more|taller|longer|heavier|later|older|faster|stronger|dearer"
_LESS = r"colder|cooler|lower|smaller|less|fewer|shorter|lighter|earlier|younger|slower|weaker|cheaper"
# a value moving against its neighbour: "went up compared with the day before", "fell from the previous one"
_UP = r"(?:went|goes|go|gone|moved?|moves)\s+up|rose|rises|risen|increased|increases|grew|grows|climbed|climbs"
_DOWN = r"(?:went|goes|go|gone|moved?|moves)\s+down|fell|falls|fallen|dropped|drops|decreased|decreases|sank|sinks"
# "strictly warmer than the day before", "differs from the one before it", "less than or equal to the entry right
# after it": a comparison (`COMPARISON_PHRASE`, a comparative, a difference or a sameness) with a neighbour
_NEIGHBOUR_COMPARISON = re.compile(
    rf"(?:{COMPARISON_PHRASE}|\b(?:strictly\s+)?(?P<more>{_MORE})\s+than|\b(?:strictly\s+)?(?P<less>{_LESS})\s+than"
    r"|\b(?P<differ>differ(?:s|ent)?|unequal)\s+(?:from|to)|\b(?P<same>the\s+same)\s+as"
    rf"|\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\s+(?:compared\s+(?:with|to)|from|since|over|on))"
    r"\s+(?:the\s+|its\s+|their\s+)?"
    r"(?:(?:one|day|entry|element|item|number|value|reading|price|score|term|year|month|week|step|character|letter)"
    r"\s+(?:(?:right|just|immediately|directly)\s+)?(?P<side>before|after)\b"
    r"|(?P<which>previous|preceding|prior|predecessor|next|following|successor)\b)",
    re.I,
)


# the groups besides `COMPARISON_PHRASE`'s
_NEIGHBOUR_KINDS = {"more": ">", "less": "<", "differ": "≠", "same": "=", "up": ">", "down": "<"}
# "two neighbouring positions hold the same value", "adjacent entries differ": neighbours named as a pair, and a
# sameness or a difference between them (symmetric, so which neighbour comes first does not matter)
_NEIGHBOUR_PAIR = re.compile(
    r"\b(?:neighbou?r(?:ing|s)|adjacent|consecutive|successive|next\s+to\s+each\s+other|side\s+by\s+side)\b", re.I
)
_PAIR_RELATIONS = (
    (re.compile(r"\b(?:the\s+same|same\s+value|equal|identical|repeated|duplicates?)\b", re.I), "="),
    (re.compile(r"\b(?:differ\w*|different|distinct|unequal)\b", re.I), "≠"),
)


def neighbour_comparisons(task: Task) -> list[tuple[str, str]]:
    """(Lean comparison, neighbour) for each comparison the words state of an entry with its neighbour ("warmer than
    the day before" -> (`>`, `EARLIER_NEIGHBOUR`): in the pair of neighbours the later is greater, `x0.2 > x0.1`).
    Not in a sentence that negates. In the order the words state them."""
    from specbridge.retrieval import requirement_sentences

    out: dict[tuple[str, str], None] = {}
    for sentence in requirement_sentences(task.requirement):
        for m in _NEIGHBOUR_COMPARISON.finditer(sentence):
            if _NEGATION.search(sentence[: m.start()] + " " + sentence[m.end() :]):
                continue
            op = next((o for kind, o in _NEIGHBOUR_KINDS.items() if m.group(kind)), None) or comparison_of(m)
            later = (m.group("side") or "").lower() == "after" or (m.group("which") or "").lower() in (
                "next",
                "following",
                "successor",
            )
            out[(op, LATER_NEIGHBOUR if later else EARLIER_NEIGHBOUR)] = None
        if _NEIGHBOUR_PAIR.search(sentence) and not _NEGATION.search(sentence):
            for relation, op in _PAIR_RELATIONS:
                if relation.search(sentence):
                    out[(op, EARLIER_NEIGHBOUR)] = None
    return list(out)


# "position by position", "element by element", "at the same position", "in the same game": the words line two
# sequences up and speak of the entries they pair
_ALIGNED = re.compile(
    r"\b(?:(?:position|element|entry|item|index)\s+(?:by|for)\s+(?:position|element|entry|item|index)"
    r"|element-?wise|side\s+by\s+side|corresponding"
    r"|(?:at|in|for|on)\s+the\s+same\s+(?:position|index|place|slot|spot|game|match|round|day|moment|time|step|turn)s?)\b",
    re.I,
)


def aligned_sequences(task: Task) -> bool:
    """Whether the words pair up the entries of two sequence inputs by their position ("compare two lists position
    by position", "the points its opponent scored in the same game"): a task with two sequences at least."""
    sequences = [p for p in task.signature.params if re.match(r"(?:List|Array)\b|String$", " ".join(p.type.split()))]
    return len(sequences) >= 2 and _ALIGNED.search(task.requirement) is not None


# "never differ by more than the tolerance", "the absolute difference between", "how far apart": an amount between
# two numbers, a subtraction (of which Lean's distance is `Int.natAbs (a - b)`); not "differs from" (`≠`)
_DIFFERENCE = re.compile(
    r"\b(?:differ(?:s|ed|ing)?\s+by|differences?\s+(?:between|of)|absolute\s+difference|distance|apart)\b", re.I
)


def stated_difference(task: Task) -> bool:
    """Whether the words speak of the amount by which two numbers differ (`_DIFFERENCE`)."""
    return _DIFFERENCE.search(task.requirement) is not None


# "the distance of x from zero", "the absolute difference", "never negative": a result no input makes negative
_NON_NEGATIVE = re.compile(r"\b(?:distance|absolute|magnitude|how\s+far|non-?negative|never\s+negative)\b", re.I)


def stated_non_negative(task: Task) -> bool:
    """Whether the words say the result is never negative (`_NON_NEGATIVE`)."""
    return _NON_NEGATIVE.search(task.requirement) is not None


# Words that may make a spec shift a number by one: a one or a count from one, a neighbour ("the next", "the one
# before"), a place ("the position", "the last"), a bound ("up to", "at least", "below", "inclusive", "from 1 to n";
# not "from" alone: "a rectangle from its width and height"), a parity
# ("odd": `2 * k + 1`), a rounding up ("started", "partly", "rounded up")
_BY_ONE = re.compile(
    r"\b(?:1|one|once|single|first|last|next|previous|preceding|following|before|after|successor|predecessor"
    r"|increment\w*|decrement\w*|more|less|fewer|greater|smaller|larger|longer|shorter|above|below|under|over"
    r"|least|most|up\s+to|until|till|through|inclusive|exclusive|including|excluding|between|position\w*"
    r"|from\s+[\w'-]+\s+(?:up\s+)?to|index\w*|indices|place\w*|rank\w*|step\w*|odd|consecutive|adjacent"
    r"|neighbou?r\w*|round\w*|partly"
    r"|partial\w*|started|ceiling|off|final|end|ends|ending|tail)\b",
    re.I,
)


def shift_by_one_said(task: Task) -> bool:
    """Whether the words give a reason to shift a number by one (`_BY_ONE`): a spec adding or taking away 1 where
    they do not (`days * 86400` read as `(86400 + days) - 1` of one day) fits an example by its choice of input."""
    return _BY_ONE.search(without_example_numbers(task.requirement)) is not None


# "the days left over", "with nothing left over", "the remainder": what a division leaves, Lean's `%`
_REMAINDER = re.compile(r"\b(?:left[\s-]+over|leftovers?|remainders?)\b", re.I)


def stated_remainder(task: Task) -> bool:
    """Whether the words speak of what a division leaves over (`_REMAINDER`)."""
    return _REMAINDER.search(task.requirement) is not None


# the extreme of two, said by a comparative compared with nothing ("whichever is bigger", "the larger of the two";
# not "bigger than the pivot")
_OF_TWO = r"\b(?:whichever|which)\b[^.;]*?\b(?:{0})\b(?!\s+than)|\bthe\s+(?:{0})\s+(?:one\s+)?of\b"
# "the largest size of any element", "the smallest positive entry", "the longest run": the extreme of some
# numbers, Lean's `max`/`min` (folded over a sequence: `xs.foldl max 0`); not "at least"/"at most" (comparisons)
_EXTREMES = {
    "max": re.compile(
        r"\b(?:largest|biggest|greatest|highest|maximum|maximal|longest)\b|"
        + _OF_TWO.format("bigger|larger|greater|higher"),
        re.I,
    ),
    "min": re.compile(
        r"\b(?:smallest|lowest|minimum|minimal|shortest|fewest|(?<!at )least)\b|" + _OF_TWO.format("smaller|lower"),
        re.I,
    ),
}


def stated_extremes(text: str) -> frozenset[str]:
    """Which extremes ("max", "min") the words `text` ask for (`_EXTREMES`)."""
    return _readings_said(text, _EXTREMES)


def _readings_said(text: str, readings: dict[str, re.Pattern[str]]) -> frozenset[str]:
    """Which of `readings` (a name -> the words saying it) the words `text` say, across its line breaks."""
    said = " ".join(text.split())
    return frozenset(name for name, words in readings.items() if words.search(said))


# "begins with a digit", "starts with the first list", "a prefix of": what a sequence has first; "ends in a vowel",
# "a suffix of": what it has last
_ENDS = {
    "first": re.compile(r"\b(?:begins?|began|beginning|starts?|starting)\s+(?:with|in)\b|\bprefix(?:es)?\b", re.I),
    "last": re.compile(r"\b(?:ends?|ending)\s+(?:with|in)\b|\bsuffix(?:es)?\b", re.I),
}


# a comparison with one end of a sequence: "greater than the first entry", "equal to its last element"
_END_COMPARED = re.compile(
    COMPARISON_PHRASE + r"\s+(?:the\s+|its\s+|their\s+)?(?P<end>first|last|final|opening)\s+"
    r"(?:entry|element|item|number|value|one|reading|score|price|term)\b",
    re.I,
)


def ends_compared(task: Task) -> list[tuple[str, str]]:
    """(Lean comparison, end) for each comparison the words make with an end of the task's one sequence of numbers
    ("count the entries greater than the first entry" -> (`>`, `xs[0]!`)): a limit no parameter names, the
    sequence's own end. Not in a sentence that negates."""
    from specbridge.retrieval import requirement_sentences

    sequences = [p.name for p in task.signature.params if " ".join(p.type.split()) in ("List Nat", "List Int")]
    if len(sequences) != 1:
        return []
    seq = sequences[0]
    out: dict[tuple[str, str], None] = {}
    for sentence in requirement_sentences(task.requirement):
        for m in _END_COMPARED.finditer(sentence):
            if not _NEGATION.search(sentence[: m.start()] + " " + sentence[m.end() :]):
                first = m.group("end").lower() in ("first", "opening")
                out[(comparison_of(m), f"{seq}[0]!" if first else f"{seq}.getLast!")] = None
    return list(out)


# "the second item", "its third character": a position the words count to, as the 0-based index Lean reads it at
_ORDINALS = {"second": 1, "third": 2, "fourth": 3, "fifth": 4}
# what one item of a sequence is called, after at most one word that describes it ("the second odd number")
_ITEM_NOUNS = r"item|element|entry|character|letter|word|number|value|digit|one"
_STATED_POSITION = re.compile(
    r"\b(?P<ordinal>" + "|".join(_ORDINALS) + r")(?:\s+(?:to\s+last|from\s+(?:the\s+)?(?:start|front|left)))?\s+"
    rf"(?:(?!(?:and|or|of)\b|[a-z]+est\b)[a-z-]+\s+)?(?:{_ITEM_NOUNS})s?\b",
    re.I,
)


def stated_positions(text: str) -> list[int]:
    """The 0-based positions of a sequence the words `text` name by their order ("the second item" -> 1); not
    "second to last", which counts from the end, "every second item" (one in two), nor "the second largest value"
    (an order of the values)."""
    out = []
    for m in _STATED_POSITION.finditer(text):
        if "last" in m.group(0).lower() or re.search(r"\bevery\s+$", text[: m.start()], re.I):
            continue
        out.append(_ORDINALS[m.group("ordinal").lower()])
    return list(dict.fromkeys(out))


# "the last even number", "its final entry": the last of a sequence (of those passing a test), not a comparison
# with it ("greater than the last entry", `_END_COMPARED`)
_LAST_ITEM = re.compile(
    r"\b(?:the|its|their)\s+(?:very\s+)?(?:last|final)\s+(?:(?!(?:and|or|of)\b)[a-z-]+\s+)?"
    rf"(?:{_ITEM_NOUNS}|occurrence)s?\b",
    re.I,
)


def last_item_said(text: str) -> bool:
    """Whether the words `text` ask for the last item of a sequence ("return the last even number"), and not in a
    comparison with it ("greater than the last entry")."""
    return any(not _END_COMPARED.search(text[max(0, m.start() - 40) : m.end()]) for m in _LAST_ITEM.finditer(text))


def stated_ends(text: str) -> frozenset[str]:
    """Which ends of a sequence ("first", "last") the words `text` say it begins or ends with (`_ENDS`)."""
    return _readings_said(text, _ENDS)


# Lean that reads what a sequence has first (`take`, `head?`, `front`, `isPrefixOf`, an index) or last
_READS_END = {
    "first": re.compile(
        r"\b(?:take|takeWhile|drop|dropWhile|head[?!]?|front|isPrefixOf|IsPrefix|isPrefix|startsWith|get)\b|\[\w+\]"
    ),
    "last": re.compile(
        r"\b(?:take|drop|dropLast|reverse|getLast[?!]?|back|last|isSuffixOf|IsSuffix|endsWith|get)\b|\[[^\]]+\]"
    ),
}


def ends_unread(ends: Collection[str], text: str) -> int:
    """How many of the ends the words say a sequence begins or ends with (`stated_ends`) a Lean text reads
    nothing of (`s.toList.any p` for "begins with a digit": a test of every character)."""
    return sum(_READS_END[end].search(text) is None for end in ends)


# words keeping a sequence's own order or denying a sort ("in the order in which they first appear", "the result
# is not sorted", "keeping their order"): the result is no sorted sequence
_ORDER_KEPT = re.compile(
    r"\b(?:not|never|need\s+not\s+be|needn't\s+be)\s+sorted\b|\bunsorted\b|\b(?:original|same|relative|given)\s+order\b"
    r"|\bin\s+the\s+order\s+(?:in\s+which\s+)?(?:they|it|the\w*)\b"
    r"|\b(?:keep|keeps|keeping|kept|preserve|preserves|preserving)\s+(?:the(?:ir)?|its)\s+"
    r"(?:(?!ascending|descending|increasing|decreasing|sorted)\w+\s+)?order\b",
    re.I,
)
# a sentence about which inputs are valid ("inputs that are not sorted are not valid") says nothing of the result
_ABOUT_VALID_INPUTS = re.compile(r"\b(?:in)?valid\b|\bassum|\bguarantee", re.I)
# Lean stating a result sorted: ordered pairwise, `Sorted`, or a sort of the input
_SORTS = re.compile(
    r"\bPairwise\s*\((?:·\s*[<≤>≥]\s*·|fun\s+\w+\s+\w+\s*=>\s*\w+\s*[<≤>≥]\s*\w+)\)|\bSorted\b|\b(?:merge|insertion)Sort\b"
)


def order_kept(text: str) -> bool:
    """Whether the words `text` keep a sequence's own order or deny that the result is sorted (`_ORDER_KEPT`), in
    a sentence that is not about which inputs are valid."""
    from specbridge.retrieval import requirement_sentences

    sentences = (" ".join(x.split()) for x in requirement_sentences(text))
    return any(_ORDER_KEPT.search(x) and not _ABOUT_VALID_INPUTS.search(x) for x in sentences)


def sorts(text: str) -> bool:
    """Whether a Lean text states something sorted (`List.Pairwise (· ≤ ·) result`, `mergeSort`)."""
    return _SORTS.search(text) is not None


# "the sum of", "the product of", "the difference between": an arithmetic operation the words name (not "plus",
# "add", "total": "hours plus the minutes left over", "no separators are added", "the total number of" name none)
_ARITHMETIC_WORDS = {
    "+": re.compile(r"\b(?:sum|sums|summed|summing)\b", re.I),
    "*": re.compile(r"\b(?:product|products|multiply|multiplies|multiplied|multiplying)\b", re.I),
    "-": re.compile(r"\b(?:difference|differences|subtract|subtracts|subtracted|subtracting|minus)\b", re.I),
}
# Lean that makes each: the operator or its inverse (a difference stated as `result + lo = hi`), or an operation
# built on it (`List.sum`, a fold, `Int.natAbs` of a difference)
_READS_ARITHMETIC = {
    "+": re.compile(r" [-+] |[-+]\)|\bsum\b|\bfold[lr]?\b"),
    "*": re.compile(r" [*/] |[*/]\)|\bprod\b|\bfold[lr]?\b"),
    "-": re.compile(r" [-+] |[-+]\)|\bnatAbs\b|\bsub\b|\bdist\b"),
}


def stated_arithmetic(text: str) -> frozenset[str]:
    """Which arithmetic operations (`+`, `*`, `-`) the words `text` name (`_ARITHMETIC_WORDS`)."""
    return _readings_said(text, _ARITHMETIC_WORDS)


def arithmetic_unread(operations: Collection[str], text: str) -> int:
    """How many of the operations the words name (`stated_arithmetic`) a Lean text never makes (`(b % a) % 2 = 0`
    for "whether the sum of two numbers is even")."""
    return sum(_READS_ARITHMETIC[op].search(text) is None for op in operations)


DIVIDES = "∣"  # the stated relation "divisible by d" (`x % d = 0`) among `stated_comparisons`
ODD = "∤"  # the stated relation "odd" (`x % 2 = 1`), with limit 2
EXCESS = "−"  # the stated amount "how much over the cap" (`x - cap`)
# "how much the usage went over the cap", "by how much it exceeds the limit", "the amount above the threshold"
_EXCESS_PHRASE = re.compile(
    r"\b(?:how\s+(?:much|far)|the\s+amount|the\s+excess)\b[^.;:]*?\b(?:over|above|beyond|exceeds?|more\s+than)\s+"
    r"(?:the\s+|a\s+|its\s+|their\s+)?(?P<word>[a-z]+)\b",
    re.I,
)
# "divisible by 3", "divisible by both 3 and 5", "a multiple of k", "divides evenly by d"
_DIVISIBLE = re.compile(
    r"\b(?:divisible|divides(?:\s+evenly)?|multiples?)\s+(?:by|of)\s+(?:both\s+|either\s+|the\s+|an?\s+|given\s+)*"
    r"(?P<a>-?\w+)"
    r"(?:\s*(?:,|and|or)\s+(?:by\s+)?(?P<b>-?\w+))?",
    re.I,
)


# "even" of parity ("is even", "the even numbers"), not the adverb ("even when", "even against"); not said
# with "odd" (`_BOTH_PARITIES`: "lists of even and odd length" are both kinds)
def _parity(word: str) -> re.Pattern[str]:
    """The adjective `word` ("even", "odd") said of a number: after a copula or article, or before a noun."""
    return re.compile(
        rf"\b(?:is|are|be|an|the|all|only|both|and|or|of|as)\s+{word}\b"
        rf"|\b{word}\s+(?:numbers?|integers?|values?|entries|entry|elements?|positions?|ind(?:ex|ices)|lengths?"
        r"|digits?|amounts?|sums?|counts?|items?|ones?)\b",
        re.I,
    )


_EVEN, _ODD = _parity("even"), _parity("odd")

# what the words leave out: "ignoring the even ones", "except multiples of 3"
_EXCLUDING = re.compile(
    r"\b(?:ignor\w*|except|excluding|skip\w*|without|drop\w*|remov\w*|discard\w*|leav\w* out|other than)\b", re.I
)


def _denied(sentence: str, at: int) -> bool:
    """Whether the words just before `at` negate or leave out what follows ("is not divisible by", "ignoring the
    even ones")."""
    window = sentence[max(0, at - 20) : at]
    return _NEGATION.search(window) is not None or _EXCLUDING.search(window) is not None


_BOTH_PARITIES = re.compile(r"\beven\s+(?:and|or)\s+odd\b|\bodd\s+(?:and|or)\s+even\b", re.I)


def _numeral(word: str) -> str | None:
    """The number a lower-case word writes, in digits or as a number word (`two` -> `2`); None for any other."""
    return str(NUMBER_WORDS.get(word, word)) if re.fullmatch(r"-?\d+", word) or word in NUMBER_WORDS else None


def names_param(word: str, params: Iterable[str]) -> list[str]:
    """The parameters of `params` a lower-case English `word` names: by its name, a plural of it, or a word the
    name abbreviates (`lower` for `lo`)."""
    return [n for n in params if word in (n.lower(), f"{n.lower()}s") or abbreviates(n, word)]


def _number_or_param(word: str | None, nums: list[str]) -> str | None:
    """A numeral (digits or a number word) or the number parameter `word` names (`names_param`); None for
    anything else."""
    if word is None:
        return None
    word = word.lower()
    number = _numeral(word)
    if number is not None:
        return number
    named = names_param(word, nums) or letter_names(word, nums)
    return named[0] if len(named) == 1 else None


def letter_names(noun: str, params: Iterable[str]) -> list[str]:
    """The one-letter parameter a lower-case `noun` of its letter stands for ("divisor" for `d`, "hour" for `h`),
    when no other parameter of `params` starts with that letter."""
    params = list(params)
    return [n for n in params if len(n) == 1 and noun[:1] == n and sum(o[0] == n for o in params) == 1]


def _between(sentence: str, nums: list[str]) -> list[tuple[str, str]]:
    """The two number parameters a sentence puts something between ("between lo and hi"; "between a lower and an
    upper bound" of the only two, in the signature's order), lower first; none in a negated sentence."""
    m = re.search(
        r"\bbetween\s+(?:the\s+|a\s+|an\s+)?(\w+)(?:\s+\w+)?\s+and\s+(?:the\s+|a\s+|an\s+)?(\w+)", sentence, re.I
    )
    if m is None or _NEGATION.search(sentence):
        return []
    named = [n for w in m.groups() for n in nums if w.lower() == n.lower() or abbreviates(n, w.lower())]
    if len(named) == 2 and named[0] != named[1]:
        return [(named[0], named[1])]
    return [(nums[0], nums[1])] if len(nums) == 2 else []


# "… than a given number of letters", "… the given amount": an input, named by what it is rather than by its name
_GIVEN_NOUN = re.compile(r"\s+(?:number|amount|count|length|value|limit|size)\b", re.I)
_EXACTLY_GIVEN = re.compile(r"\bexactly\s+(?:a|the)\s+given" + _GIVEN_NOUN.pattern, re.I)
_NEGATION = re.compile(r"\b(?:not|no|neither|nor|never|none|nothing)\b|n't\b", re.I)


# How English says which comparison it means: "strictly smaller" excludes the limit, "or equal", "at most",
# "inclusive" include it ("at least one" counts things, it compares nothing)
_STRICT_WORDING = re.compile(
    r"\bstrictly\b|\b(?:not|never|nor) (?:equal|the same)\b|\bexcluding\b|\bexclusive\b|\bnot including\b", re.I
)
_LOOSE_WORDING = re.compile(
    r"\bor (?:equal|more|less|above|below|higher|lower|greater|smaller|bigger|fewer)\b|\binclusive\b|\bincluded\b"
    r"|\bno (?:more|less|fewer|greater|smaller|bigger) than\b|\bnot (?:exceed|more than|less than)|\bat (?:most|least)"
    r"(?! one\b| 1\b)",
    re.I,
)


def comparison_wording(text: str) -> str | None:
    """ "strict" when the text says a comparison excludes its limit, "loose" when it says it includes it, None
    when it says neither or both."""
    strict, loose = bool(_STRICT_WORDING.search(text)), bool(_LOOSE_WORDING.search(text))
    return "strict" if strict and not loose else "loose" if loose and not strict else None


# the comparisons each wording speaks against: `≤` for "strictly", `<` (not `<=`, `->`, `<+`) for "or equal"
_AGAINST = {"strict": re.compile(r"[≤≥]|<=|>="), "loose": re.compile(r"(?<![<>=-])[<>](?![=>+-])")}


def comparisons_against(wording: str | None, text: str) -> int:
    """How many comparisons of a Lean text are of the other kind than `comparison_wording` said."""
    return len(_AGAINST[wording].findall(text)) if wording else 0


# English for two conditions that hold together or not at all, or one only under the other: what `a ↔ b` and
# `a → b` between two decisions say (the words join conditions with "and", "or" far more often)
_EQUIVALENCE_WORDING = re.compile(
    r"\b(?:if and only if|iff|exactly when|precisely when|just when|only if|implies|whenever|both or neither)\b", re.I
)


# English for one condition of several sufficing: what `a ∨ b` between two decisions says
_DISJUNCTION_WORDING = re.compile(r"\b(?:or|either|unless|otherwise|any of|at least one)\b", re.I)


def unsaid_connective(wording: str, text: str) -> bool:
    """Whether a Lean text joins two decisions by `↔` or `→` at its top (`(s.length = 4) ↔ (s.all p)`) where the
    words say neither (`_EQUIVALENCE_WORDING`): "valid when it has four characters and every one is a digit" is
    `∧`; an equivalence passes every example where both or neither hold. Or by `∨` where they say no "or"
    (`_DISJUNCTION_WORDING`): a second condition joined so passes every example the first passes."""
    from specbridge.generate.extract import split_top_level

    body = text.strip()
    while body.startswith("(") and body.endswith(")") and len(split_top_level(body, " ")) == 1:
        body = body[1:-1].strip()  # one parenthesized whole
    tokens = set(split_top_level(body, " "))
    if tokens & {"↔", "→"}:
        return not _EQUIVALENCE_WORDING.search(wording)
    return bool(tokens & {"∨", "||"}) and not _DISJUNCTION_WORDING.search(wording)


# The ends of the ASCII character classes Lean's `Char.isDigit`, `isLower`, `isUpper` test (both ends each)
_CLASS_ENDS = {"'0'": "'9'", "'9'": "'0'", "'a'": "'z'", "'z'": "'a'", "'A'": "'Z'", "'Z'": "'A'"}
_COMPARED_END = re.compile(r"(?:[<>]=?|[≤≥])\s*('[09azAZ]')|('[09azAZ]')\s*(?:[<>]=?|[≤≥])")


# a character tested equal or unequal to an end of a class (`c ≠ '0'`), not an order comparison (`<=`, `>=`)
_EQUATED_END = re.compile(r"(?<![<>!=])(?:==?|≠|!=)\s*('[09azAZ]')|('[09azAZ]')\s*(?:==?|≠|!=)(?!=)")


def half_ranges(text: str, said: Collection[str] = ()) -> int:
    """How many ends of a character class a Lean text compares a character with but not the other end (`c ≤ '9'`
    alone): a digit, a letter is a range of both ends; one end passes the examples by chance (`' ' ≤ '9'`). So
    does a test of one end for equality, unless the words quote or name that character (`said`): `c ≠ '0'`
    passes "when it is a decimal digit" for the example '7'."""
    ends = {m.group(1) or m.group(2) for m in _COMPARED_END.finditer(text)}
    equated = {m.group(1) or m.group(2) for m in _EQUATED_END.finditer(text)} - set(said) - ends
    return sum(_CLASS_ENDS[e] not in ends for e in ends) + len(equated)


# How English says which quantifier a decision makes: "made only of letters", "every entry is" ask for all of
# them; "contains any digit", "at least one" for some ("each other" is no quantifier)
_UNIVERSAL_WORDING = re.compile(r"\b(?:only|every|each(?! other)|all)\b", re.I)
_NOT_UNIVERSAL = re.compile(r"\bnot (?:all|every|each)\b", re.I)
_EXISTENTIAL_WORDING = re.compile(r"\b(?:any|some|at least one|contains?|there is|exists?)\b", re.I)
_QUANTIFIERS = {"∀": re.compile(r"\.all\b|∀"), "∃": re.compile(r"\.any\b|∃")}


def quantifier_wording(text: str) -> str | None:
    """ "∀" when the text asks whether all things are so, "∃" when whether some thing is, None when it says
    neither or both."""
    universal = _UNIVERSAL_WORDING.search(text) is not None and _NOT_UNIVERSAL.search(text) is None
    existential = _EXISTENTIAL_WORDING.search(text) is not None
    return "∀" if universal and not existential else "∃" if existential and not universal else None


def quantifier_against(wording: str | None, text: str) -> bool:
    """Whether a Lean text quantifies only the other way than `quantifier_wording` said (`s.any p` for "made
    only of letters")."""
    if wording is None:
        return False
    other = "∃" if wording == "∀" else "∀"
    return _QUANTIFIERS[other].search(text) is not None and _QUANTIFIERS[wording].search(text) is None


def helper_mismatch(aux: str, text: str, query: set[str]) -> float:
    """In [0, 1]: how little the names of the helpers `text` uses (defined in `aux`) speak of the requirement
    (its terms `query`); 0 when no helper is used."""
    names = re.findall(r"^(?:@\[[^\]]*\]\s*)?(?:def|abbrev|partial def)\s+([^\s(:]+)", aux, re.M)
    used = [n for n in names if re.search(rf"(?<![\w.]){re.escape(n)}\b", text)]
    if not used:
        return 0.0
    worst = 0.0
    for n in used:
        words = set(tokenize(" ".join(split_name(n.split(".")[-1]))))
        if not words:
            continue
        worst = max(worst, 1.0 - len(words & query) / len(words))
    return worst
