"""Checks and their results: what a domain's own checks (`tb_checks`) receive and return.

A check is a name and a function from the trial's outcome (`TrialOutcome`: the initial, final
and golden states, the trajectory, the final message) to a `CheckResult`; a `Difference` is one
field or row where two states disagree. Every check of a task must pass for the trial to pass.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from thinkingbox.contract.world import Schema, Snapshot


@dataclass
class Difference:
    """One field (or whole row, field=None) where two states disagree.

    kind, for judging against the golden state:
      wrong   - the value was changed, but not to the expected value
      missing - an expected change (or row) was not made
      extra   - a change (or row) was made that was not expected
    kind, for side effects against the initial state: created / deleted / changed.
    """

    kind: str
    table: str
    key: Any
    field: str | None = None
    expected: Any = None
    actual: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "table": self.table, "key": self.key, "field": self.field,
                "expected": self.expected, "actual": self.actual}

    def __str__(self) -> str:
        where = f"{self.table}[{self.key}]" + (f".{self.field}" if self.field else "")
        return f"{self.kind}: {where} expected {self.expected!r}, got {self.actual!r}"


@dataclass
class CheckResult:
    name: str
    passed: bool
    detail: str = ""
    data: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "passed": self.passed, "detail": self.detail, "data": self.data}


@dataclass
class TrialOutcome:
    """Everything a check may look at once the episode is over."""

    domain: Any
    task: Any
    world_schema: Schema
    initial: Snapshot
    final: Snapshot
    golden: Snapshot
    trajectory: list[dict[str, Any]]
    final_message: str
    finish_reason: str
    effects: list[Difference] = field(default_factory=list)
    judge: Any = None                                     # ModelConfig of the rubric judge, if any
    usage: dict[str, Any] = field(default_factory=dict)   # model usage of checks, by role


@dataclass
class Check:
    """An executable check: a name and a function from the outcome to a result.

    needs_message: it judges the final message, so it cannot run without one.
    uses_model: it asks a judge model (`outcome.judge`); it cannot run without one, and a
    re-judging keeps its recorded result instead of asking again.
    """

    name: str
    run: Callable[[TrialOutcome], CheckResult | Awaitable[CheckResult]]
    needs_message: bool = False
    uses_model: bool = False


async def run_check(check: Check, outcome: TrialOutcome) -> CheckResult:
    """Run one check, awaiting it if it is async; a check that crashes (or whose judge
    keeps failing) is a failed check that says why, never a crashed trial."""
    try:
        result = check.run(outcome)
        return await result if inspect.isawaitable(result) else result
    except Exception as exc:
        return CheckResult(check.name, False, f"check crashed: {type(exc).__name__}: {exc}")


GOLDEN_STATE = "golden_state"  # the core's state check; its data is the trial's diff
