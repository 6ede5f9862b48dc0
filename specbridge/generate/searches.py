"""Results the words define by a search over the numbers: the first number passing a test of the inputs ("the
smallest divisor of n greater than 1", "how many halvings until it reaches 1") or the last one before the test
fails ("the largest exponent k with b to the power k at most n"). Such a result is no term of the inputs the
enumerator could build (`enumerate.enumerate_results`), and its reference spec says what it is, not how to find it:

    2 ≤ result ∧ n % result = 0 ∧ ∀ k, 2 ≤ k → k < result → n % k ≠ 0      (the first from 2)
    b ^ result ≤ n ∧ b ^ (result + 1) > n                                 (the last)

The test compares a number made of the searched number and the inputs (and the numbers the words write or imply)
by at most two of Lean's `+ - * / % ^` with an input or such a number. Each test is evaluated in Python with Lean's
`Nat` arithmetic (`lean.arith`), on each number up to the example's result: the example must be the first (or the
last) number passing it. The specs come out as text for the offline generator to check and rank as it does any
enumerated term."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from typing import Any

from specbridge.lean import arith

SEARCH_LIMIT = 200  # an example's result above this is not searched: each number up to it is tested
SEARCH_OPERATIONS = 2  # operations in the number a test compares, at most
SEARCH_TESTS = 40_000  # tests tried per task, at most (each over every number up to each example's result)
SEARCHED = 6  # searched specs offered per task
POWER_LIMIT = 64  # an exponent above this makes no number a test of small inputs compares usefully

# the words of a search for the first number passing a test, and of one for the last
_FIRST = re.compile(
    r"\b(?:smallest|lowest|minimum|minimal|fewest|earliest|until)\b|(?<!\bat )\bleast\b|\bhow many times\b", re.I
)
_LAST = re.compile(r"\b(?:largest|greatest|biggest|highest|maximum|maximal)\b|(?<!\bat )\bmost\b", re.I)


def _power(a: int, b: int) -> int | None:
    if b > POWER_LIMIT and a > 1:
        return None
    return a**b


_OPERATIONS: dict[str, Callable[[int, int], int | None]] = {**arith.BINARY_OPERATIONS["Nat"], "^": _power}
_COMMUTATIVE = ("+", "*")
_IDLE_WITH_ONE = ("*", "/", "%", "^")  # an operation with 1 that does nothing or makes a constant
# each comparison and the one that is its negation
_COMPARISONS: dict[str, tuple[Callable[[int, int], bool], str]] = {
    "=": (lambda a, b: a == b, "≠"),
    "<": (lambda a, b: a < b, "≥"),
    "≤": (lambda a, b: a <= b, ">"),
    ">": (lambda a, b: a > b, "≤"),
    "≥": (lambda a, b: a >= b, "<"),
}

# comparisons of a Nat with 0 and 1 that another one spells (`< 1` is `= 0`) or that decide nothing (`≥ 0`)
_IDLE_COMPARISONS = {"0": ("<", "≤", "≥"), "1": ("<", "≥")}
# a number made of the searched number `{x}`: its text and its value from (the searched number, the inputs)
_Value = tuple[str, Callable[[int, tuple[int, ...]], int | None], int]


def search_words(text: str) -> list[str]:
    """The searches the words `text` ask for, in the order tried: "first", "last" or both."""
    said = " ".join(text.split())
    return [kind for kind, words in (("first", _FIRST), ("last", _LAST)) if words.search(said)]


def _leaves(names: Sequence[str], numbers: Sequence[str]) -> list[tuple[str, Callable[[tuple[int, ...]], int]]]:
    out: list[tuple[str, Callable[[tuple[int, ...]], int]]] = [
        (name, (lambda args, k=k: args[k])) for k, name in enumerate(names)
    ]
    return out + [(n, (lambda args, v=int(n): v)) for n in numbers]


def _values(leaves: list[tuple[str, Callable[[tuple[int, ...]], int]]]) -> list[_Value]:
    """The numbers made of `{x}` (once) and the leaves by up to SEARCH_OPERATIONS operations."""
    level: list[_Value] = [("{x}", lambda x, args: x, 0)]
    out = list(level)
    for size in range(1, SEARCH_OPERATIONS + 1):
        made: list[_Value] = []
        for (text, fn, _), (leaf, get) in itertools.product(level, leaves):
            inner = text if size == 1 else f"({text})"
            for op, apply in _OPERATIONS.items():
                if leaf == "1" and op in _IDLE_WITH_ONE:
                    continue
                for leaf_first in (False,) if op in _COMMUTATIVE else (False, True):

                    def value(
                        x: int, args: tuple[int, ...], fn=fn, get=get, apply=apply, swap=leaf_first
                    ) -> int | None:
                        v = fn(x, args)
                        if v is None:
                            return None
                        return apply(get(args), v) if swap else apply(v, get(args))

                    spelled = f"{leaf} {op} {inner}" if leaf_first else f"{inner} {op} {leaf}"
                    made.append((spelled, value, size))
        out += made
        level = made
    return out


def searched_results(
    task_params: Sequence[tuple[str, str]],
    examples: Sequence[tuple[tuple[Any, ...], Any]],
    numbers: Sequence[str],
    kinds: Sequence[str],
    lower_bounds: Sequence[int],
    score: Callable[[str], float],
    stated: Sequence[tuple[str, str]] = (),
) -> list[tuple[str, int]]:
    """Postconditions stating the result (a `Nat`) as the first number from a lower bound (`lower_bounds`, 0
    first) passing a test, or the last passing it, for the `kinds` of search the words ask for
    (`search_words`): (text, the test's operations), those meeting every example, the fewest operations and
    then the requirement's reading (`score`) first; SEARCHED at most. [] when an input or the result is no
    `Nat`, or an example's result is beyond SEARCH_LIMIT. A test reads every input; one making a comparison the
    words state (`stated`: ("≤", "n") of "at most n") comes before the others of its size."""
    names = [name for name, type_text in task_params]
    if not kinds or any(" ".join(t.split()) != "Nat" for _, t in task_params) or not examples:
        return []
    if any(not isinstance(r, int) or isinstance(r, bool) or r > SEARCH_LIMIT for _, r in examples):
        return []
    numbers = [n for n in dict.fromkeys(["1", *numbers]) if re.fullmatch(r"\d+", n) and int(n) <= 1000]
    leaves = _leaves(names, numbers)
    targets = [*leaves, ("0", lambda args: 0)]
    var = next(v for v in ("k", "j", "m", "i", "d") if v not in names)
    rows = [(tuple(args), r) for args, r in examples]
    found: dict[str, tuple[int, bool]] = {}
    tried = 0
    for text, value, size in _values(leaves):
        read = {n for n in names if re.search(rf"(?<![\w.]){re.escape(n)}(?![\w.])", text)}
        for (target, get), (cmp, (holds, negated)) in itertools.product(targets, _COMPARISONS.items()):
            if read | ({target} & set(names)) != set(names):
                continue  # a test leaving an input out, or a property of the numbers alone
            if target in _IDLE_COMPARISONS and cmp in _IDLE_COMPARISONS[target]:
                continue  # another spelling of `= 0`, `> 0`, or always or never true
            tried += 1
            if tried > SEARCH_TESTS:
                return _best(found, score)

            def passes(x: int, args: tuple[int, ...], value=value, get=get, holds=holds) -> bool | None:
                v = value(x, args)
                return None if v is None else holds(v, get(args))

            def test(at: str, text=text, cmp=cmp, target=target) -> str:
                return f"{text.replace('{x}', at)} {cmp} {target}"

            def fails(at: str, text=text, negated=negated, target=target) -> str:
                return f"{text.replace('{x}', at)} {negated} {target}"

            if "first" in kinds:
                for low in lower_bounds:
                    if _first_from(passes, rows, low) and _reads_the_input(passes, rows, low, "first"):
                        guard = f"{low} ≤ result ∧ " if low else ""
                        within = f"{low} ≤ {var} → " if low else ""
                        spec = f"{guard}{test('result')} ∧ ∀ {var}, {within}{var} < result → {fails(var)}"
                        found.setdefault(spec, (size, (cmp, target) in stated))
                        break  # (the lowest bound the example allows: a higher one adds nothing it shows)
            if "last" in kinds and _last(passes, rows) and _reads_the_input(passes, rows, 0, "last"):
                found.setdefault(f"{test('result')} ∧ {fails('(result + 1)')}", (size, (cmp, target) in stated))
    return _best(found, score)


def _first_from(passes: Callable[[int, tuple[int, ...]], bool | None], rows: list, low: int) -> bool:
    """Whether each example's result is the first number from `low` passing the test, and some example's result
    is above `low` (else the test need hold there only)."""
    for args, r in rows:
        if r < low or passes(r, args) is not True:
            return False
        if any(passes(k, args) is not False for k in range(low, r)):
            return False
    return any(r > low for _, r in rows)


def _last(passes: Callable[[int, tuple[int, ...]], bool | None], rows: list) -> bool:
    """Whether the test holds from 0 up to each example's result and fails just after it, and some example's result
    is above 0 (else any test failing at 1 would do)."""
    for args, r in rows:
        if any(passes(k, args) is not True for k in range(r + 1)) or passes(r + 1, args) is not False:
            return False
    return any(r > 0 for _, r in rows)


def _best(found: dict[str, tuple[int, bool]], score: Callable[[str], float]) -> list[tuple[str, int]]:
    # only the fewest operations meeting the examples: a test of more meets one example by chance more often
    fewest = min((size for size, _ in found.values()), default=0)
    ranked = sorted(
        ((text, key) for text, key in found.items() if key[0] == fewest),
        key=lambda item: (not item[1][1], -score(item[0]), item[0]),
    )
    return [(text, size) for text, (size, _) in ranked[:SEARCHED]]


def _searched(
    passes: Callable[[int, tuple[int, ...]], bool | None], args: tuple[int, ...], low: int, kind: str
) -> int | None:
    """The search's result on `args`: the first number from `low` passing the test, or the last before it fails
    (from 0, passing there); None when there is none up to SEARCH_LIMIT."""
    if kind == "last" and passes(0, args) is not True:
        return None
    for k in range(low, SEARCH_LIMIT + 1):
        got = passes(k, args)
        if kind == "first" and got is True:
            return k
        if kind == "last" and got is not True:
            return k - 1
    return None


def _reads_the_input(passes: Callable[[int, tuple[int, ...]], bool | None], rows: list, low: int, kind: str) -> bool:
    """Whether the search finds a result on other inputs near the examples' (each input made larger, the others
    kept), all but one of them, and not the same one everywhere: a test meeting the example by chance
    (`result % n > 2` of "the smallest divisor of 15") finds 3 for every larger input, or nothing."""
    near = [
        args[:k] + (bigger,) + args[k + 1 :]
        for args, _ in rows
        for k, a in enumerate(args)
        for bigger in (a + 1, 2 * a + 1, 3 * a + 2)
    ]
    found = [_searched(passes, args, low, kind) for args in near]
    results = {r for r in found if r is not None} | {r for _, r in rows}
    return sum(r is None for r in found) <= 1 and len(results) > 1
