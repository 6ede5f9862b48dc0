"""Typed records for a task: requirement, signature, reference spec, test cases and reject inputs.

Values (test inputs and outputs) are kept as Lean literal text (`#[1, 2]`, `"ab"`, `some 3`), exactly what a
Lean file would contain; layer 2 parses them with the same parser as specs, layer 3 pastes them into theorems.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Visibility(StrEnum):
    """Whether a generator may see a test (example) or only the evaluation may (hidden)."""

    EXAMPLE = "example"
    HIDDEN = "hidden"


class Param(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    type: str  # Lean type text, e.g. "List Int"


class Signature(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    params: tuple[Param, ...]
    return_type: str

    @property
    def precond_name(self) -> str:
        return f"{self.name}_precond"

    @property
    def postcond_name(self) -> str:
        return f"{self.name}_postcond"

    def binders(self) -> str:
        """The explicit binders as Lean text: `(xs : List Int) (k : Nat)`."""
        return " ".join(f"({p.name} : {p.type})" for p in self.params)

    def lean_header(self) -> str:
        """`def name (binders) : ReturnType` — the function's signature as Lean text, for prompts and docs."""
        return " ".join(x for x in ("def", self.name, self.binders(), ":", self.return_type) if x)


class ReferenceSpec(BaseModel):
    """A spec as its parts: the bodies of pre/postcondition plus the auxiliary definitions they use."""

    model_config = ConfigDict(frozen=True)

    precond: str = "True"
    postcond: str
    aux: str = ""  # Lean source of helper definitions, placed before the two defs
    # A reference implementation (VERINA's `code` section with its `code_aux`), the oracle of correct outputs
    # for amplified evaluation: either a full `def <name> …` (with any helpers before it) or just its body.
    # Never shown to a generator: `Task.visible_view` drops the whole reference.
    impl: str = ""


class TestCase(BaseModel):
    __test__ = False  # a record, not a pytest test class

    model_config = ConfigDict(frozen=True)

    inputs: dict[str, str]  # parameter name -> Lean literal
    expected: str
    unexpected: tuple[str, ...] = ()
    visibility: Visibility = Visibility.HIDDEN


class RejectInput(BaseModel):
    model_config = ConfigDict(frozen=True)

    inputs: dict[str, str]
    visibility: Visibility = Visibility.HIDDEN


class Task(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    requirement: str
    signature: Signature
    reference: ReferenceSpec | None = None
    tests: tuple[TestCase, ...] = ()
    reject_inputs: tuple[RejectInput, ...] = ()
    source: str = ""  # where the task was loaded from (file or folder), for error messages
    metadata: dict[str, str] = Field(default_factory=dict)

    def with_examples(self, k: int) -> Task:
        """The task with its first `k` test cases made visible examples (reject inputs stay hidden)."""
        tests = tuple(
            t.model_copy(update={"visibility": Visibility.EXAMPLE if i < k else t.visibility})
            for i, t in enumerate(self.tests)
        )
        return self.model_copy(update={"tests": tests})

    def visible_view(self) -> Task:
        """What a generator may see: the task without its hidden tests and without its reference spec."""
        return self.model_copy(
            update={
                "reference": None,
                "tests": tuple(t for t in self.tests if t.visibility is Visibility.EXAMPLE),
                "reject_inputs": tuple(r for r in self.reject_inputs if r.visibility is Visibility.EXAMPLE),
            }
        )


def render_spec_source(signature: Signature, spec: ReferenceSpec) -> str:
    """A spec given as parts, rendered as one Lean source: aux definitions, then `_precond`, then `_postcond`.

    The postcondition takes the precondition proof as VERINA's do, so a body may mention `h_precond`.
    """
    binders = signature.binders()
    pre_app = " ".join([signature.precond_name, *(f"({p.name})" for p in signature.params)])
    pre_head = " ".join(x for x in (signature.precond_name, binders) if x)
    post_head = " ".join(x for x in (signature.postcond_name, binders) if x)
    parts = []
    if spec.aux.strip():
        parts.append(spec.aux.strip("\n"))
    parts.append(f"@[reducible, simp]\ndef {pre_head} : Prop :=\n{_indent(spec.precond)}")
    parts.append(
        f"@[reducible, simp]\ndef {post_head} (result : {signature.return_type}) "
        f"(h_precond : {pre_app}) : Prop :=\n{_indent(spec.postcond)}"
    )
    return "\n\n".join(parts) + "\n"


def _indent(body: str) -> str:
    lines = body.strip("\n").splitlines() or ["True"]
    if all(not ln.strip() for ln in lines):
        return "  True"
    if lines[0].startswith("  "):
        return "\n".join(lines)
    return "\n".join("  " + ln if ln.strip() else ln for ln in lines)
