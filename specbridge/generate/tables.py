"""Tables the requirement states row by row: a value for each range of one number ("Children under 3 get in free,
children from 3 up to and including 11 pay 5, visitors aged 65 or more pay 7, and everybody else pays 10";
"90 or more is A, 80 to 89 is B, … and anything below 60 is F"; "1 for a positive number, 0 for zero and -1 for a
negative number"). No corpus operation spells such a table and one example cannot pick it among the terms that
compute that example, but the words give it whole: each row is a range (read by the phrases below) and a value
of the result type.

Read only where the words leave one reading: a task of one number parameter and a Nat, Int, Char or String
result; a sentence whose rows each name one range and one value; two ranged rows at least."""

from __future__ import annotations

import re
from dataclasses import dataclass

from specbridge.tasks import Task

_N = r"(-?\d+)"
_UNIT = r"(?:\s+[a-z]+)?"  # `1000 g or more`, `65 years or more`
# (pattern, how its numbers bound the subject x): "<" x < N, "≤" x ≤ N, ">" x > N, "≥" x ≥ N, "=" x = N,
# "[]" N ≤ x ≤ M. Longer phrases first: "up to but not including" before "up to".
_RANGES: list[tuple[str, str]] = [
    (rf"\b(?:from|between)\s+{_N}{_UNIT}\s+(?:to|and|through|until)\s+{_N}\b(?!\s*(?:\w+\s+)?or\b)", "[]"),
    (rf"(?<![\w.-]){_N}\s*(?:to|through|-|–)\s*{_N}(?![\w.])(?!\s*(?:\w+\s+)?or\b)", "[]"),
    (rf"\bup to(?: but)? (?:not including|excluding)\s+{_N}", "<"),
    (rf"\b(?:up to and including|up to|at most|no more than|not more than|no higher than|until)\s+{_N}", "≤"),
    (
        r"\b(?:under|below|less than|lower than|smaller than|fewer than|younger than|shorter than|lighter than"
        rf"|cheaper than)\s+{_N}",
        "<",
    ),
    (
        r"\b(?:over|above|more than|greater than|higher than|larger than|heavier than|older than|longer than"
        rf"|exceeding|beyond)\s+{_N}",
        ">",
    ),
    (rf"\b(?:at least|no less than|not less than)\s+{_N}", "≥"),
    (rf"(?<![\w.-]){_N}{_UNIT}\s+or\s+(?:more|above|over|higher|greater|larger|older|up|upwards|beyond)\b", "≥"),
    (rf"(?<![\w.-]){_N}{_UNIT}\s+or\s+(?:less|fewer|below|under|lower|smaller|younger)\b", "≤"),
    (rf"(?<![\w.-]){_N}{_UNIT}\s+and\s+(?:above|over|up|upwards|more|beyond)\b", "≥"),
    (rf"\bfrom\s+{_N}\b", "≥"),
    (rf"\b(?:exactly|equal to|equals)\s+{_N}\b", "="),
    (r"(?<![\w-])positive\b", ">0"),
    (r"(?<![\w-])negative\b", "<0"),
    (r"\b(?:for|at|is|when|if|equal to|exactly)\s+(zero)\b", "=0"),
]
_RANGE = re.compile("|".join(f"(?P<r{i}>{p})" for i, (p, _) in enumerate(_RANGES)), re.I)
# a row that holds for whatever the other rows leave
_DEFAULT = re.compile(
    r"\b(?:else|otherwise|everybody|everyone|anything|anybody|other|others|rest|remaining|all other"
    r"|heavier|lighter|longer|shorter|larger|bigger|smaller|higher|lower|older|younger|beyond)\b",  # "heavier ones"
    re.I,
)
# where one row ends and the next begins (not inside a range phrase: "between 3 and 8", "up to and including")
_SEPARATOR = re.compile(r"[,;:]|\band\b|\bwhile\b|\bwhereas\b|\bbut\b", re.I)


@dataclass(frozen=True)
class StatedTable:
    """A table read from the requirement: `rows` of (Lean condition over `param`, Lean value), in the order the
    words give them, and the value of the inputs no row names (`default`: the last row's value when no row says
    "otherwise")."""

    param: str
    rows: tuple[tuple[str, str], ...]
    default: str

    def term(self) -> str:
        """The table as one Lean term: `if c1 then v1 else if c2 then v2 else d`."""
        text = self.default
        for condition, value in reversed(self.rows):
            text = f"if {condition} then {value} else {text}"
        return text


def stated_table(task: Task) -> StatedTable | None:
    """The table the requirement states for `task` (see the module's doc); None when it states none."""
    from specbridge.retrieval import requirement_sentences

    numbers = [p for p in task.signature.params if " ".join(p.type.split()) in ("Nat", "Int")]
    ret = " ".join(task.signature.return_type.split())
    if len(task.signature.params) != 1 or len(numbers) != 1 or ret not in ("Nat", "Int", "Char", "String"):
        return None
    (param,) = numbers
    natural = param.type.strip() == "Nat"
    best: StatedTable | None = None
    for sentence in requirement_sentences(task.requirement):
        table = _read_rows(" ".join(sentence.split()), param.name, natural, ret)
        if table is not None and (best is None or len(table.rows) > len(best.rows)):
            best = table
    return best


def _read_rows(sentence: str, name: str, natural: bool, ret: str) -> StatedTable | None:
    ranges = list(_RANGE.finditer(sentence))
    covered = [(m.start(), m.end()) for m in ranges]

    def outside(position: int) -> bool:
        return not any(a <= position < b for a, b in covered)

    cuts = [m.start() for m in _SEPARATOR.finditer(sentence) if outside(m.start())]
    bounds = [0, *cuts, len(sentence)]
    rows: list[tuple[str, str]] = []
    default: str | None = None
    pending: list[
        re.Match[str]
    ] = []  # ranges of a row whose value comes after a separator ("more than 2 and at most 5")
    for start, end in zip(bounds, bounds[1:], strict=False):
        inside = [m for m in ranges if start <= m.start() < end]
        value_text = sentence[start:end]
        for m in reversed(inside):  # the range's numbers are no values
            value_text = value_text[: m.start() - start] + " " * (m.end() - m.start()) + value_text[m.end() - start :]
        values = _values(value_text, ret)
        if not values:
            pending += inside
            continue
        if len(values) > 1:  # a row the words leave unclear: the table is not read there
            rows, default, pending = [], None, []
            continue
        (value,) = values
        inside, pending = pending + inside, []
        if not inside:
            if _DEFAULT.search(value_text) and rows and default is None:
                default = value
            continue
        conditions = [c for m in inside if (c := _condition(m, name, natural)) is not None]
        if len(conditions) != len(inside):
            return None
        rows.append((" ∧ ".join(conditions), value))
    if len(rows) < 2:
        return None
    if default is None:  # the last row holds for what the others leave
        default = rows[-1][1]
        rows = rows[:-1]
    return StatedTable(name, tuple(rows), default)


# a sentence that states what an input must meet ("the hour must be from 0 to 23 and the minute from 0 to 59")
_REQUIRED = re.compile(r"\b(?:must|should|has to|have to|needs? to)\s+(?:be|lie|stay)\b", re.I)


def stated_decision(task: Task) -> str | None:
    """The conjunction of the ranges a sentence says the number inputs must lie in, for a decision (a Bool
    result): "the hour must be from 0 to 23 and the minute from 0 to 59" is `h ≤ 23 ∧ m ≤ 59`. Each part of the
    sentence names its input: as `names_param` reads a word, or — for a one-letter
    name no other number input shares — a noun of that letter ("hour" for `h`). None when no sentence states a
    range of every part it names, or the task is no decision."""
    from specbridge.mining.shapes import letter_names, names_param
    from specbridge.retrieval import requirement_sentences

    if " ".join(task.signature.return_type.split()) != "Bool":
        return None
    numbers = {p.name: p.type.strip() == "Nat" for p in task.signature.params if p.type.strip() in ("Nat", "Int")}
    if not numbers:
        return None

    def named(part: str) -> str | None:
        words = re.findall(r"[a-z]+", part.lower())
        nouns = re.findall(r"\b(?:the|a|an|its|each)\s+([a-z]{4,})", part.lower())
        found = {n for w in words for n in names_param(w, numbers)} | {
            n for w in nouns for n in letter_names(w, numbers)
        }
        return next(iter(found)) if len(found) == 1 else None

    for said in requirement_sentences(task.requirement):
        sentence = " ".join(said.split())
        required = _REQUIRED.search(sentence)
        if required is None:
            continue
        ranges = list(_RANGE.finditer(sentence, required.start()))
        covered = [(m.start(), m.end()) for m in ranges]
        cuts = [m.start() for m in _SEPARATOR.finditer(sentence) if not any(a <= m.start() < b for a, b in covered)]
        conditions: list[str] = []
        unranged = None  # an input the part before names without a range: "the hour and the minute must be …"
        for start, end in zip([0, *cuts], [*cuts, len(sentence)], strict=True):
            inside = [m for m in ranges if start <= m.start() < end]
            subject = named(sentence[start:end])
            if not inside:
                unranged = subject
                continue
            if subject is None or unranged is not None:
                conditions = []
                break
            for m in inside:
                condition = _condition(m, subject, numbers[subject])  # type: ignore[arg-type, index]
                if condition is None:
                    return None
                # a Nat is at least 0 without saying so
                conditions += [c for c in condition.split(" ∧ ") if not (numbers[subject] and c == f"0 ≤ {subject}")]  # type: ignore[index]
        if conditions:
            return " ∧ ".join(dict.fromkeys(conditions))
    return None


def _condition(m: re.Match[str], name: str, natural: bool) -> str | None:
    """The Lean condition of a range phrase over the parameter `name`; None for a number a Nat cannot be."""
    index = int(m.lastgroup[1:])  # type: ignore[index]  # the alternative's group closes after its numbers
    kind = _RANGES[index][1]
    numbers = [g for g in m.groups()[m.re.groupindex[f"r{index}"] :] if g is not None and re.fullmatch(r"-?\d+", g)]
    if kind.endswith("0"):  # a sign word: positive, negative, zero
        return None if natural and kind == "<0" else f"{name} {kind[0]} 0"
    if natural and any(n.startswith("-") for n in numbers):
        return None
    if kind == "[]":
        low, high = numbers[:2]
        return f"{low} ≤ {name} ∧ {name} ≤ {high}"
    return f"{name} {kind} {_lean_number(numbers[0])}"


def range_conditions(text: str, name: str, natural: bool) -> list[str]:
    """The Lean conditions over `name` of the range phrases in `text` ("above 100" -> `name > 100`), in order; a
    phrase a Nat cannot meet is left out."""
    return [c for m in _RANGE.finditer(text) if (c := _condition(m, name, natural)) is not None]


def _lean_number(text: str) -> str:
    return f"({text})" if text.startswith("-") else text


def _values(text: str, ret: str) -> list[str]:
    """The values of result type `ret` a row's words name (its range phrases blanked)."""
    if ret == "String":
        return [f'"{s}"' for s in re.findall(r'"([^"\\]*)"', text)]
    if ret == "Char":
        quoted = re.findall(r"['\"](.)['\"]", text)
        letters = re.findall(r"(?<![\w'\"])([A-Z])(?![\w'\"])", text)
        return [f"'{c}'" for c in quoted or letters]
    found = re.findall(r"(?<![\w.])(-?\d+)(?!\w|\.\d)", text)
    if re.search(r"\bfree\b", text, re.I):
        found.append("0")
    if ret == "Nat" and any(n.startswith("-") for n in found):
        return []
    return [_lean_number(n) for n in found]


__all__ = ["StatedTable", "range_conditions", "stated_decision", "stated_table"]
