"""Task quality checks for authors: the reference solution passes, doing nothing fails,
and mutated reference solutions fail: each write dropped in turn, each write done twice,
and each write aimed at another entity of the same kind.

Solutions are applied straight to fresh worlds through the domain's MCP server (no
episode, no model), so every task of a domain is checked in well under a second.
"""
from __future__ import annotations

from typing import Any

from .judge import CheckResult, TrialOutcome, run_check
from .plugins import Domain, TaskWorld
from .tasks import Task, ToolCall
from .tools import _current_world, bind_world
from .world import state_hash


async def final_state(domain: Domain, tw: TaskWorld, calls: list[ToolCall]):
    """The snapshot after applying `calls` to a fresh world of the task; failed calls are
    skipped, as an agent's failed call would be (tools are atomic)."""
    world = domain.new_world(tw)
    token = bind_world(world)
    try:
        for call in calls:
            try:
                await domain.server.call_tool(call.tool, call.args)
            except Exception:
                pass  # the call changed nothing; go on with the next
        return world.snapshot(tw.initial)
    finally:
        _current_world.reset(token)
        world.close()


async def apply_calls(domain: Domain, tw: TaskWorld, calls: list[ToolCall]) -> CheckResult:
    """The verdict of the task's checks after applying `calls` to a fresh world, with the
    reference final message: the golden state and every check a plugin adds (rubric
    questions, which need a judge, excepted)."""
    final = await final_state(domain, tw, calls)
    outcome = TrialOutcome(domain, tw.task, domain.schema, tw.initial, final, tw.golden, [],
                           tw.task.final_message, "done")
    results = [await run_check(check, outcome) for check in domain.checks(tw.task) if check.name != "rubric"]
    failed = [r for r in results if not r.passed]
    diffs = next((r.data for r in results if r.name == "golden_state"), None) or []
    detail = "; ".join(f"{r.name}: {r.detail}" for r in failed)
    return CheckResult("checks", not failed, detail, diffs)


def write_steps(domain: Domain, task: Task) -> list[int]:
    return [i for i, step in enumerate(task.solution) if step.tool in domain.write_tools]


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
    for i in writes:
        mutated = task.solution[:i + 1] + [task.solution[i]] + task.solution[i + 1:]
        if (await apply_calls(domain, tw, mutated)).passed and await _changes_state(domain, tw, mutated, task.solution):
            problems.append(f"doing solution[{i}] ({task.solution[i].tool}) twice still passes: the extra write is not caught")
    for i, path, other in _retargeted(task, writes, tw):
        step = task.solution[i]
        mutated = list(task.solution)
        mutated[i] = ToolCall(tool=step.tool, args=_replace(step.args, path, other))
        if (await apply_calls(domain, tw, mutated)).passed:
            problems.append(f"solution[{i}] ({step.tool}) aimed at {other!r} instead of {_get(step.args, path)!r} "
                            f"still passes: the wrong entity is not caught")
    return problems


async def _changes_state(domain: Domain, tw: TaskWorld, calls: list[ToolCall], reference: list[ToolCall]) -> bool:
    """Whether `calls` leave a different final state than `reference` (a duplicate that
    fails or changes nothing is not an extra write)."""
    return await _final_hash(domain, tw, calls) != await _final_hash(domain, tw, reference)


async def _final_hash(domain: Domain, tw: TaskWorld, calls: list[ToolCall]) -> str:
    return state_hash(await final_state(domain, tw, calls))


def _paths(args: dict[str, Any]):
    """(path, value) of every text argument, one level into nested objects."""
    for key, value in args.items():
        if isinstance(value, str):
            yield (key,), value
        elif isinstance(value, dict):
            for inner, item in value.items():
                if isinstance(item, str):
                    yield (key, inner), item


def _get(args: dict[str, Any], path: tuple[str, ...]) -> Any:
    for part in path:
        args = args[part]
    return args


def _replace(args: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    head, *rest = path
    return {**args, head: _replace(args[head], tuple(rest), value) if rest else value}


def _retargeted(task: Task, writes: list[int], tw: TaskWorld):
    """For each id argument of each write that names an existing row, another row of the
    same table (the next key in order)."""
    tables: dict[str, list[Any]] = {name: sorted(rows, key=str) for name, rows in tw.initial.items() if rows}
    owner = {key: name for name, keys in tables.items() for key in keys if isinstance(key, str)}
    for i in writes:
        for path, value in _paths(task.solution[i].args):
            table = owner.get(value)
            if table is None or len(tables[table]) < 2:
                continue
            keys = tables[table]
            yield i, path, keys[(keys.index(value) + 1) % len(keys)]


async def check_domain(domain: Domain) -> dict[str, list[str]]:
    report: dict[str, Any] = {}
    for task in domain.tasks.values():
        problems = await check_task(domain, task)
        if problems:
            report[task.id] = problems
    return report
