"""Property tests: the interpreter's arithmetic, string and list semantics pinned to Lean's definitions.

The reference functions below transcribe Lean's own definitions (Init/Data/Int/Basic.lean `Int.ediv`/`emod` by
cases on `ofNat`/`negSucc`, `Nat.sub`, `List.rotateRight`, `String.get` on UTF-8 byte positions).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from lean_helpers import Program, run_with_big_stack

DEFS = """
def natSub (a b : Nat) : Nat := a - b
def natDiv (a b : Nat) : Nat := a / b
def natMod (a b : Nat) : Nat := a % b
def intDiv (a b : Int) : Int := a / b
def intMod (a b : Int) : Int := a % b
def mixed (r : Int) (n k : Nat) : Int := r + (n - k)
def rotR (l : List Int) (n : Nat) : List Int := l.rotateRight n
def rotL (l : List Int) (n : Nat) : List Int := l.rotateLeft n
def takeDrop (l : List Int) (n : Nat) : Bool := l.take n ++ l.drop n == l
def perm (a b : List Int) : Bool := a.isPerm b
def dedup (l : List Int) : List Int := l.eraseDups
def slen (s : String) : Nat := s.length
def sget (s : String) (p : Nat) : Char := s.get ⟨p⟩
def split (s : String) : List String := s.splitOn ","
def allLe (l : List Int) (k : Int) : Bool := ∀ i, i < l.length → l[i]! ≤ k
def sortedQ (l : List Int) : Bool := ∀ i j, i < j → j < l.length → l[i]! ≤ l[j]!
def pairSum (l : List Int) (t : Int) : Bool := ∃ i j, i < j ∧ j < l.length ∧ l[i]! + l[j]! = t
def shifted (l : List Int) (d : Nat) : Bool := ∃ i, i + d < l.length ∧ l[i + d]! = 0
"""
PROG = Program.from_source(DEFS)
run_with_big_stack(lambda: None)  # start the worker (and raise the recursion limit) before hypothesis runs


def run(name: str, *args: object) -> object:
    return run_with_big_stack(lambda: PROG.call(name, list(args)))


# -- Lean's definitions, transcribed ---------------------------------------------------------------------------


def nat_div(m: int, n: int) -> int:
    return 0 if n == 0 else m // n


def lean_ediv(a: int, b: int) -> int:
    if a >= 0 and b >= 0:  # ofNat m, ofNat n => ofNat (m / n)
        return nat_div(a, b)
    if a >= 0 and b < 0:  # ofNat m, -[n+1] => -ofNat (m / succ n)
        n = -b - 1
        return -nat_div(a, n + 1)
    m = -a - 1
    if b == 0:  # -[_+1], 0 => 0
        return 0
    if b > 0:  # -[m+1], succ n => -[m / succ n +1]
        return -(nat_div(m, b) + 1)
    n = -b - 1  # -[m+1], -[n+1] => ofNat (succ (m / succ n))
    return nat_div(m, n + 1) + 1


def lean_emod(a: int, b: int) -> int:
    nb = abs(b)
    if a >= 0:  # ofNat m, n => ofNat (m % natAbs n)
        return a % nb if nb else a
    m = -a - 1  # -[m+1], n => subNatNat (natAbs n) (succ (m % natAbs n))
    r = (m % nb if nb else m) + 1
    return nb - r


ints = st.integers(min_value=-(10**30), max_value=10**30)
small = st.integers(min_value=-50, max_value=50)
nats = st.integers(min_value=0, max_value=10**30)


@given(ints, ints)
def test_int_div_mod_match_lean(a: int, b: int) -> None:
    assert run("intDiv", a, b) == lean_ediv(a, b)
    assert run("intMod", a, b) == lean_emod(a, b)
    # the Euclidean law Lean proves: b * (a / b) + a % b = a
    assert b * run("intDiv", a, b) + run("intMod", a, b) == a


@given(small, small)
def test_int_div_mod_small(a: int, b: int) -> None:
    assert run("intDiv", a, b) == lean_ediv(a, b)
    assert run("intMod", a, b) == lean_emod(a, b)


@given(nats, nats)
def test_nat_sub_div_mod(a: int, b: int) -> None:
    assert run("natSub", a, b) == (a - b if a >= b else 0)
    assert run("natDiv", a, b) == (a // b if b else 0)
    assert run("natMod", a, b) == (a % b if b else a)


@given(ints, nats, nats)
def test_nat_leaves_lift_to_int(r: int, n: int, k: int) -> None:
    # binop%: with an Int leaf the whole tree is Int, so n - k does not truncate
    assert run("mixed", r, n, k) == r + n - k


def lean_rotate_right(xs: tuple, n: int) -> tuple:
    if len(xs) <= 1:
        return xs
    n = len(xs) - n % len(xs)
    return xs[n:] + xs[:n]


lists = st.lists(st.integers(-5, 5), max_size=8).map(tuple)


@settings(deadline=None)  # several interpreter calls per example: on a loaded machine one can pass 200 ms
@given(lists, st.integers(0, 20))
def test_list_rotation_and_take_drop(xs: tuple, n: int) -> None:
    assert run("rotR", xs, n) == lean_rotate_right(xs, n)
    m = n % len(xs) if len(xs) > 1 else 0
    assert run("rotL", xs, n) == (xs[m:] + xs[:m] if len(xs) > 1 else xs)
    assert run("takeDrop", xs, n) is True


@given(lists, lists)
def test_perm_is_multiset_equality(a: tuple, b: tuple) -> None:
    assert run("perm", a, b) == (sorted(a) == sorted(b))
    assert run("perm", a, tuple(reversed(a))) is True


@given(lists)
def test_erase_dups_keeps_first_occurrences(xs: tuple) -> None:
    out = run("dedup", xs)
    assert len(set(out)) == len(out) and set(out) == set(xs)
    assert list(out) == sorted(set(xs), key=xs.index)


@settings(max_examples=60)
@given(st.text(max_size=12))
def test_string_length_counts_characters(s: str) -> None:
    assert run("slen", s) == len(s)


@settings(max_examples=60)
@given(st.text(max_size=8), st.integers(0, 40))
def test_string_get_takes_a_byte_position(s: str, p: int) -> None:
    # String.get walks the characters adding their UTF-8 sizes; a non-boundary or end position gives 'A'
    expected = "A"
    b = 0
    for c in s:
        if b == p:
            expected = c
            break
        b += len(c.encode("utf-8"))
    assert run("sget", s, p) == expected


@settings(max_examples=60)
@given(st.text(alphabet="ab,", max_size=10))
def test_split_on_joins_back(s: str) -> None:
    assert ",".join(run("split", s)) == s


@given(lists, st.integers(-5, 5))
def test_bounded_quantifiers_match_brute_force(xs: tuple, k: int) -> None:
    n = len(xs)
    assert run("allLe", xs, k) == all(x <= k for x in xs)
    assert run("sortedQ", xs) == all(xs[i] <= xs[j] for i in range(n) for j in range(i + 1, n))
    assert run("pairSum", xs, k) == any(xs[i] + xs[j] == k for i in range(n) for j in range(i + 1, n))
    d = abs(k)
    assert run("shifted", xs, d) == any(xs[i + d] == 0 for i in range(n) if i + d < n)
