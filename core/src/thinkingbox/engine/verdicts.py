"""Judging a trial, one way for every command (`tb eval`, `tb rejudge`, `tb serve`'s verdict
endpoint, `tb validate`), and applying a list of tool calls to a world.

The verdict is the product of binary checks, as in the Thinkingbox paper ("One Success
Isn't Reliability", Ko et al.): a trial passes when it has at least one check, every
check passes, and it did not end in an error. Checks say what they need (the final
message, a judge model) instead of being recognised by name.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from thinkingbox.engine.episode import ERROR
from thinkingbox.contract.checks import GOLDEN_STATE, CheckResult, Difference, TrialOutcome, run_check

if TYPE_CHECKING:
    from thinkingbox.engine.domain import Domain, TaskWorld
    from thinkingbox.contract.tasks import ToolCall
    from thinkingbox.contract.world import Snapshot, World

@dataclass
class Verdict:
    passed: bool
    checks: list[CheckResult]
    effects: list[Difference]
    usage: dict[str, Any] = field(default_factory=dict)   # model usage of checks, by role

    @property
    def detail(self) -> str:
        """What failed, one check after another (empty when it passed)."""
        return "; ".join(f"{c.name}: {c.detail}" for c in self.checks if not c.passed)

    @property
    def diff(self) -> Any:
        """The golden-state check's field-level differences (None if it did not run)."""
        return next((c.data for c in self.checks if c.name == GOLDEN_STATE), None)


async def judge_trial(domain: Domain, task_world: TaskWorld, final: Snapshot, trajectory: list[dict[str, Any]],
                      final_message: str | None, finish_reason: str, judge: Any = None,
                      recorded: dict[str, dict[str, Any]] | None = None) -> Verdict:
    """Run every check of the task on a final state and decide the verdict.

    final_message: what the agent said last (None: not given; checks that need it fail
      as "not judged"). judge: the rubric judge (a model configuration or "rules"; None:
      checks that need a model fail as "not judged"). recorded: results of an earlier
      judging by check name; checks that call a model keep their recorded result, so a
      re-judging calls no model.
    """
    task = task_world.task
    effects = domain.side_effects(task_world.initial, final)
    outcome = TrialOutcome(domain, task, domain.schema, task_world.initial, final, task_world.golden, trajectory,
                           final_message or "", finish_reason, effects, judge=judge)
    results: list[CheckResult] = []
    for check in domain.checks(task):
        if check.uses_model and recorded and check.name in recorded:
            kept = recorded[check.name]
            results.append(CheckResult(check.name, bool(kept.get("passed")), kept.get("detail", ""), kept.get("data")))
        elif check.needs_message and final_message is None:
            results.append(CheckResult(check.name, False, "not judged: no final message was given"))
        elif check.uses_model and judge is None:
            results.append(CheckResult(check.name, False, "not judged: no judge is configured (--judge)"))
        else:
            results.append(await run_check(check, outcome))
    passed = bool(results) and all(r.passed for r in results) and finish_reason != ERROR
    return Verdict(passed, results, effects, outcome.usage)


@dataclass(frozen=True)
class CallResult:
    tool: str
    arguments: dict[str, Any]
    text: str
    is_error: bool


class CallFailed(Exception):
    """A call of a strict `apply_calls` came back as an error."""

    def __init__(self, index: int, result: CallResult):
        self.index, self.result = index, result
        super().__init__(f"call {index} ({result.tool}) failed: {result.text}")


async def apply_calls(domain: Domain, world: World, calls: list[ToolCall], strict: bool = False) -> list[CallResult]:
    """Apply tool calls to `world` through the domain's MCP server, in order.

    Each call is atomic: one that fails changes nothing, and its error is recorded in its
    result. Tolerant (the default), the next call runs anyway, as an agent's would;
    strict, the first failure raises `CallFailed`.
    """
    from thinkingbox.contract.tools import bind_world, unbind_world

    results: list[CallResult] = []
    token = bind_world(world)
    try:
        for index, call in enumerate(calls):
            if not call.tool:
                continue  # a message to the customer: nothing to apply
            try:
                response = await domain.server.call_tool(call.tool, call.args)
                text = " ".join(getattr(part, "text", "") for part in response.content)
                result = CallResult(call.tool, call.args, text, bool(getattr(response, "is_error", False)))
            except Exception as exc:  # called without a session, the server raises tool errors
                result = CallResult(call.tool, call.args, str(exc), True)
            if result.is_error and strict:
                raise CallFailed(index, result)
            results.append(result)
    finally:
        unbind_world(token)
    return results
