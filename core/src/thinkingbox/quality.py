"""Task quality checks for authors: the reference solution passes, doing nothing fails,
and mutated reference solutions fail: each write dropped in turn, each write done twice,
and each write aimed at another entity of the same kind.

Solutions are applied straight to fresh worlds through the domain's MCP server (no
episode, no model), so every task of a domain is checked in well under a second.
"""
from __future__ import annotations

from typing import Any

from .judging import Verdict, apply_calls, judge_trial
from .plugins import Domain, TaskWorld
from .rubric import RULES_JUDGE
from .tasks import Task, ToolCall
from .world import state_hash


async def final_state(domain: Domain, tw: TaskWorld, calls: list[ToolCall]):
    """The snapshot after applying `calls` to a fresh world of the task; failed calls
    change nothing, as an agent's failed call would not (tools are atomic)."""
    world = domain.new_world(tw)
    try:
        await apply_calls(domain, world, calls)
        return world.snapshot(tw.initial)
    finally:
        world.close()


async def verdict_of(domain: Domain, tw: TaskWorld, calls: list[ToolCall]) -> Verdict:
    """The verdict, judged as `tb eval` judges, after applying `calls` with the reference
    final message (rubric questions answered by their offline rules)."""
    final = await final_state(domain, tw, calls)
    return await judge_trial(domain, tw, final, [], tw.task.final_message, "done", judge=RULES_JUDGE)


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
    reference = await verdict_of(domain, tw, task.solution)
    if not reference.passed:
        problems.append(f"the reference solution fails its own check: {reference.detail}")
    writes = write_steps(domain, task)
    if not writes:
        problems.append("the reference solution has no write call")
    for i in writes:
        mutated = task.solution[:i] + task.solution[i + 1:]
        if (await verdict_of(domain, tw, mutated)).passed:
            problems.append(f"dropping solution[{i}] ({task.solution[i].tool}) still passes: that write is not checked")
    for i in writes:
        mutated = task.solution[:i + 1] + [task.solution[i]] + task.solution[i + 1:]
        if (await verdict_of(domain, tw, mutated)).passed and await _changes_state(domain, tw, mutated, task.solution):
            problems.append(f"doing solution[{i}] ({task.solution[i].tool}) twice still passes: the extra write is not caught")
    for i, path, other in _retargeted(task, writes, tw):
        step = task.solution[i]
        mutated = list(task.solution)
        mutated[i] = ToolCall(tool=step.tool, args=_replace(step.args, path, other))
        if (await verdict_of(domain, tw, mutated)).passed:
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
