"""String and Char library functions against Lean's definitions."""

from __future__ import annotations

import pytest
from lean_helpers import ev


@pytest.mark.parametrize(
    ("term", "type_text", "value"),
    [
        ('"héllo".length', "Nat", 5),
        ('"héllo".utf8ByteSize', "Nat", 6),
        ('"abc".data', "List Char", ("a", "b", "c")),
        ('"abc".front', "Char", "a"),
        ('"".front', "Char", "A"),  # default Char
        ('"abc".back', "Char", "c"),
        ('"héllo".get ⟨2⟩', "Char", "A"),  # byte 2 is inside 'é'
        ('"héllo".get ⟨3⟩', "Char", "l"),
        ('"ab".isPrefixOf "abc"', "Bool", True),
        ('"abc".startsWith "b"', "Bool", False),
        ('"a b  c".splitOn " "', "List String", ("a", "b", "", "c")),
        ('"abc".splitOn ""', "List String", ("abc",)),
        ('"abc".map Char.toUpper', "String", "ABC"),
        ('"Hello".toLower', "String", "hello"),
        ('"  x ".trim', "String", "x"),
        ('"abc".drop 1 ++ "abc".take 1', "String", "bca"),
        ('"abcdef".takeRight 2', "String", "ef"),
        ("String.mk ['a', 'b']", "String", "ab"),
        ("['a', 'b'].asString", "String", "ab"),
        ('"12".toNat!', "Nat", 12),
        ('"1x".toNat?', "Option Nat", None),
        ('"-12".toInt?.isSome', "Bool", True),
        ('"1a".isNat', "Bool", False),
        ("'a'.isAlpha && '1'.isDigit && ' '.isWhitespace", "Bool", True),
        ("'Z'.toLower", "Char", "z"),
        ("Char.ofNat 65", "Char", "A"),
        ("'é'.isAlpha", "Bool", False),  # ASCII letters only
        ('"b" < "ab"', "Bool", False),
        ("\"abc\".contains 'b'", "Bool", True),
        ('String.join ["a", "b"]', "String", "ab"),
        ('", ".intercalate ["a", "b"]', "String", "a, b"),
        ("toString 42", "String", "42"),
    ],
)
def test_string_and_char(term: str, type_text: str, value: object) -> None:
    assert ev(term, type_text) == value


@pytest.mark.parametrize(
    ("term", "value"),
    [
        # Init/Data/ToString/Basic: elements use their own ToString (strings, chars unquoted)
        ('toString ["a", "b"]', "[a, b]"),
        ("toString ['x', 'y']", "[x, y]"),
        ("toString #[1, 2]", "#[1, 2]"),
        ("toString (some 3)", "(some 3)"),
        ('toString (some "a b")', "(some (a b))"),  # addParenHeuristic
        ("toString (none : Option Nat)", "none"),
        ("toString (1, 2, 3)", "(1, (2, 3))"),  # the Prod instance nests
        ("toString (-3 : Int)", "-3"),
        # Repr: literal-like text
        ('repr "ab"', '"ab"'),
        ("repr 'a'", "'a'"),
        ("repr (some (-3 : Int))", "some (-3)"),
    ],
)
def test_to_string_and_repr_follow_lean_instances(term: str, value: str) -> None:
    assert ev(term, "String") == value


def test_string_interpolation() -> None:
    # s!"…{e}…" is `"…" ++ toString e ++ "…"`
    assert ev('s!"n={1 + 2}, l={[1, 2]}"', "String") == "n=3, l=[1, 2]"
    assert ev('s!"{(-5 : Int)}"', "String") == "-5"
    assert ev('s!"plain"', "String") == "plain"


def test_string_iterator_and_find() -> None:
    # String.Iterator ⟨s, i⟩: curr / next / atEnd / hasNext / remainingToString over byte positions
    defs = """def allDigits (s : String) : Bool :=
  let rec loop (it : String.Iterator) : Bool :=
    if it.atEnd then true
    else if !it.curr.isDigit then false
    else loop it.next
  loop s.iter
"""
    assert ev('allDigits "123"', defs=defs) is True
    assert ev('allDigits "1a3"', defs=defs) is False
    assert ev('allDigits ""', defs=defs) is True
    assert ev("\"héllo\".iter.next.next.curr = 'l'") is True  # é is two bytes
    assert ev('"abc".iter.next.remainingToString = "bc"') is True
    assert ev("(\"abc\".iter.forward 2).curr = 'c'") is True
    assert ev('"abc".iter.next.prev.pos = 0') is True
    assert ev('String.prev "héllo" 3 = 1') is True
    assert ev("(\"abc\".find (· == 'b')).byteIdx = 1") is True
    assert ev('"abc".find (· == \'z\') = "abc".endPos') is True
    assert ev("\"abca\".revFind (· == 'a') = some ⟨3⟩") is True
    assert ev("[some 1, none, some 3].reduceOption = [1, 3]") is True
