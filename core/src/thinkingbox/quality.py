"""Task quality checks for authors: the reference solution passes, doing nothing fails,
and dropping any one write of the reference solution fails.

Solutions are applied straight to fresh worlds through the domain's MCP server (no
episode, no model), so every task of a domain is checked in well under a second.
"""
from __future__ import annotations

from typing import Any

from .judge import CheckResult, TrialOutcome, golden_state_check
from .plugins import Domain, TaskWorld
from .tasks import Task, ToolCall
from .tools import _current_world, bind_world
from .world import state_hash


async def apply_calls(domain: Domain, tw: TaskWorld, calls: list[ToolCall]) -> CheckResult:
    """Apply `calls` to a fresh world of the task; failed calls are skipped, as an agent's
    failed call would be. Returns the golden-state check's result."""
    world = domain.new_world(tw)
    token = bind_world(world)
    try:
        for call in calls:
            try:
                await domain.server.call_tool(call.tool, call.args)
            except Exception:
                pass  # the call changed nothing (tools are atomic); go on with the next
        final = world.snapshot()
    finally:
        _current_world.reset(token)
        world.close()
    outcome = TrialOutcome(domain, tw.task, domain.schema, tw.initial, final, tw.golden, [], "", "done")
    return golden_state_check(outcome)


def write_steps(domain: Domain, task: Task) -> list[int]:
    return [i for i, step in enumerate(task.solution) if not domain.tools[step.tool].read_only]


async def check_task(domain: Domain, task: Task) -> list[str]:
    """Problems with one task (empty when it is sound)."""
    problems: list[str] = []
    tw = await domain.prepare(task)
    fresh = domain.new_world(tw)
    if state_hash(fresh.snapshot()) != tw.initial_hash:
        problems.append("reset is not exact: a fresh world differs from the template")
    fresh.close()
    if tw.initial_hash == tw.golden_hash:
        problems.append("the reference solution changes nothing, so doing nothing would pass")
    result = await apply_calls(domain, tw, task.solution)
    if not result.passed:
        problems.append(f"the reference solution fails its own check: {result.detail}")
    writes = write_steps(domain, task)
    if not writes:
        problems.append("the reference solution has no write call")
    for i in writes:
        mutated = task.solution[:i] + task.solution[i + 1:]
        if (await apply_calls(domain, tw, mutated)).passed:
            problems.append(f"dropping solution[{i}] ({task.solution[i].tool}) still passes: that write is not checked")
    return problems


async def check_domain(domain: Domain) -> dict[str, list[str]]:
    report: dict[str, Any] = {}
    for task in domain.tasks.values():
        problems = await check_task(domain, task)
        if problems:
            report[task.id] = problems
    return report
