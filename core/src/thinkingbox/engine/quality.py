"""Task quality checks for authors: the reference solution passes, doing nothing fails,
and mutated reference solutions fail: each write dropped in turn, each write done twice,
and each write aimed at another entity of the same kind.

Solutions are applied straight to fresh worlds through the domain's MCP server (no
episode, no model), so every task of a domain is checked in well under a second.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterator

import orjson

from thinkingbox.engine.verdicts import Verdict, apply_calls, judge_trial
from thinkingbox.engine.domain import Domain, TaskWorld
from thinkingbox.engine.events import TrajectoryEvent
from thinkingbox.models.rubric import RULES_JUDGE
from thinkingbox.contract.tasks import Task, ToolCall
from thinkingbox.contract.errors import TaskError
from thinkingbox.contract.world import Snapshot, state_hash


async def final_state(domain: Domain, tw: TaskWorld, calls: list[ToolCall]):
    """The snapshot after applying `calls` to a fresh world of the task; failed calls
    change nothing, as an agent's failed call would not (tools are atomic)."""
    return (await _run(domain, tw, calls))[0]


async def _run(domain: Domain, tw: TaskWorld, steps: list[ToolCall]) -> tuple[Snapshot, list[dict[str, Any]]]:
    """The final snapshot after the steps, and the trajectory they make (messages, the
    scripted customer's replies to them, and tool results, in order), as an agent playing
    them would leave."""
    from thinkingbox.engine.episode import visible_messages
    from thinkingbox.models.users import ScriptedUser

    world = domain.new_world(tw)
    user = ScriptedUser(tw.task)
    trajectory: list[dict[str, Any]] = [TrajectoryEvent.request(tw.task.request)]
    try:
        results = iter(await apply_calls(domain, world, steps))
        for n, step in enumerate(steps):
            if step.say:
                trajectory.append(TrajectoryEvent.assistant(step.say))
                trajectory.append(TrajectoryEvent.user_reply(await user.reply(visible_messages(trajectory)),
                                                             source=None))
                continue
            result = next(results)
            trajectory.append(TrajectoryEvent.tool_call(f"step-{n}", step.tool, dict(step.args)))
            trajectory.append(TrajectoryEvent.tool_result(f"step-{n}", step.tool, result.text, result.is_error,
                                                          step.tool in domain.write_tools))
        return world.snapshot(tw.initial), trajectory
    finally:
        world.close()


async def verdict_of(domain: Domain, tw: TaskWorld, calls: list[ToolCall], final_message: str | None = None) -> Verdict:
    """The verdict, judged as `tb eval` judges, after playing `calls` (and their messages)
    with the reference final message, or `final_message` (rubric questions answered by
    their offline rules)."""
    return (await _verdict_and_errors(domain, tw, calls, final_message))[0]


async def _verdict_and_errors(domain: Domain, tw: TaskWorld, calls: list[ToolCall],
                              final_message: str | None = None) -> tuple[Verdict, bool]:
    """`verdict_of`, and whether any of the calls came back as an error."""
    final, trajectory = await _run(domain, tw, calls)
    failed_call = any(e["role"] == "tool" and e["is_error"] for e in trajectory)
    message = tw.task.final_message if final_message is None else final_message
    trajectory.append(TrajectoryEvent.assistant(message))
    return await judge_trial(domain, tw, final, trajectory, message, "done", judge=RULES_JUDGE), failed_call


def write_steps(domain: Domain, task: Task) -> list[int]:
    return [i for i, step in enumerate(task.solution) if step.tool in domain.write_tools]


# Long messages a rubric rule meets before any run: repetition is what makes a backtracking
# pattern take exponential time (`^(\w+\s?)+$` on many words and a final "!").
_PROBE_PIECES = ("a", "word ", "1", "a,", "ab", " ", "yes no ", "$1.00 ", "\n- item ")


@lru_cache(maxsize=4096)
def _runs_past_bound(pattern: str, message: str = "") -> str:
    """The timeout's text when `pattern` runs past RULE_TIMEOUT on a probe (or `message`)."""
    from thinkingbox.contract.tasks import RubricRule, RubricRuleTimeout

    probes = [message] if message else [piece * (5_000 // len(piece)) + "!" for piece in _PROBE_PIECES]
    try:
        for probe in probes:
            RubricRule._search(pattern, probe)
    except RubricRuleTimeout as exc:
        return str(exc)
    return ""


def rubric_rule_problems(task: Task) -> list[str]:
    """Rubric rules that run past their time bound on long messages (RULE_TIMEOUT): the
    shared probes (each pattern once) and the task's final message repeated to 10,000 chars."""
    long_reference = (task.final_message + " ") * (10_000 // (len(task.final_message) + 1) + 1)
    problems = []
    for i, item in enumerate(task.rubric_items):
        for pattern in [*item.rule.all, *item.rule.none] if item.rule else []:
            slow = _runs_past_bound(pattern) or _runs_past_bound(pattern, long_reference)
            if slow:
                problems.append(f"rubric[{i}] {slow}")
    return problems


async def check_task(domain: Domain, task: Task) -> list[str]:
    """Problems with one task (empty when it is sound)."""
    from thinkingbox.engine.user_check import user_side_problems

    problems: list[str] = user_side_problems(task) + rubric_rule_problems(task)
    try:
        tw = await domain.prepare(task)
    except TaskError as exc:   # the reference itself fails: nothing else can be checked
        return [*problems, str(exc)]
    fresh = domain.new_world(tw)
    if state_hash(fresh.snapshot()) != tw.initial_hash:
        problems.append("reset is not exact: a fresh world differs from the template")
    fresh.close()
    if tw.initial_hash == tw.golden_hash:
        problems.append("the reference solution changes nothing, so doing nothing would pass")
    reference = await verdict_of(domain, tw, task.solution)
    if not reference.passed:
        problems.append(f"the reference solution fails its own check: {reference.detail}")
    problems += await _message_problems(domain, tw, task)
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
    for i, j in await _independent_pairs(domain, tw, task, writes):
        swapped = list(task.solution)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        verdict, failed_call = await _verdict_and_errors(domain, tw, swapped)
        if failed_call:
            continue  # the swap breaks a precondition: the order is part of the task
        if not verdict.passed:
            problems.append(f"swapping solution[{i}] ({task.solution[i].tool}) and solution[{j}] "
                            f"({task.solution[j].tool}), which do not depend on each other, fails: {verdict.detail}")
    for i, path, other in _retargeted(task, writes, tw):
        step = task.solution[i]
        mutated = list(task.solution)
        mutated[i] = ToolCall(tool=step.tool, args=_replace(step.args, path, other))
        if (await verdict_of(domain, tw, mutated)).passed:
            problems.append(f"solution[{i}] ({step.tool}) aimed at {other!r} instead of {_get(step.args, path)!r} "
                            f"still passes: the wrong entity is not caught")
    return problems


async def _message_problems(domain: Domain, tw: TaskWorld, task: Task) -> list[str]:
    """The typed checks must bite: an empty conversation fails, and so does the reference
    conversation with any value it must state changed to a near miss in every message."""
    from thinkingbox.readers.claims import claim_of, perturb

    if not task.says.states:
        return []
    problems = []
    silent = [step for step in task.solution if not step.say]
    if (await verdict_of(domain, tw, silent, final_message="")).passed:
        problems.append("an empty conversation still passes: the values it must state are not checked")
    for spec in task.says.states:
        claim = claim_of(spec)
        steps = [ToolCall(say=perturb(step.say, claim, domain.vocabulary) or "OK.") if step.say else step
                 for step in task.solution]
        changed = perturb(task.final_message, claim, domain.vocabulary)
        if (await verdict_of(domain, tw, steps, final_message=changed)).passed:
            problems.append(f"the conversation with its {spec} changed still passes ({changed!r})")
    return problems


def _scalars(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _scalars(item)
    elif isinstance(value, list):
        for item in value:
            yield from _scalars(item)
    elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
        yield value


async def _independent_pairs(domain: Domain, tw: TaskWorld, task: Task, writes: list[int]) -> list[tuple[int, int]]:
    """Pairs of reference writes (i < j) that do not depend on each other: call j uses no
    value that call i returned and the task's world did not already hold (a new id, say),
    and the two change no field in common (two updates of one ticket's status are ordered)."""
    world = domain.new_world(tw)
    results, touched = [], []
    try:
        before = world.snapshot(tw.initial)
        for step in task.solution:
            results += await apply_calls(domain, world, [step]) if step.tool else [None]
            after = world.snapshot(tw.initial)
            touched.append(_changed_cells(before, after))
            before = after
    finally:
        world.close()
    known = {v for rows in tw.initial.values() for row in rows.values() for v in row if isinstance(v, (str, int, float))}
    known |= {v for step in task.solution for v in _scalars(step.args)} - {None}
    returned = []
    for result in results:
        try:
            data = orjson.loads(result.text) if result is not None else None
        except orjson.JSONDecodeError:
            data = None
        returned.append({v for v in _scalars(data) if v not in known} if data is not None else set())
    pairs = []
    for a, i in enumerate(writes):
        for j in writes[a + 1:]:
            later_uses = set(_scalars(task.solution[j].args))
            told_between = any(step.say for step in task.solution[i:j])  # an announcement orders them
            if not told_between and not any(later_uses & returned[k] for k in range(i, j)) \
                    and not touched[i] & touched[j]:
                pairs.append((i, j))
    return pairs


def _changed_cells(before: Snapshot, after: Snapshot) -> set[tuple[str, Any, int]]:
    """(table, key, column index) of every field that differs; a row created or deleted
    counts as all its fields."""
    cells = set()
    for table, rows in after.items():
        old_rows = before.get(table, {})
        if rows is old_rows:
            continue  # an untouched table (snapshots share it)
        for key in rows.keys() | old_rows.keys():
            old, new = old_rows.get(key), rows.get(key)
            if old != new:
                width = len(old if new is None else new)
                cells.update((table, key, i) for i in range(width)
                             if old is None or new is None or old[i] != new[i])
    return cells


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


@dataclass(frozen=True)
class Alternative:
    """Another allowed value of a graded argument of a reference write that also passes."""

    step: int
    tool: str
    path: str        # the argument, e.g. "priority" or "item.status"
    reference: Any   # the reference solution's value
    value: Any
    declared: bool   # the task lists both values in `accepted`

    def __str__(self) -> str:
        note = "" if self.declared else " (not declared in the task's `accepted`: which one does the policy require?)"
        return f"solution[{self.step}] ({self.tool}) {self.path}: {self.value!r} passes as well as {self.reference!r}{note}"


async def passing_alternatives(domain: Domain, task: Task) -> list[Alternative]:
    """For every choice argument of each reference write (an enum, or a value the tool itself
    says has a fixed list, such as a help-desk ticket's priority), the other allowed values
    with which the task still passes although the final state differs: what the task really
    grades, for its author. (A value that a later write overwrites leaves the same state and
    is not listed.)"""
    try:
        tw = await domain.prepare(task)
    except TaskError:
        return []   # check_task reports the failing reference
    schemas = {t["name"]: t["input_schema"] for t in await domain.list_tool_schemas()}
    found = []
    for i in write_steps(domain, task):
        step = task.solution[i]
        for path, allowed in choice_arguments(domain, step, schemas.get(step.tool, {})):
            reference = _get(step.args, path)
            for value in allowed:
                if value == reference:
                    continue
                mutated = list(task.solution)
                mutated[i] = ToolCall(tool=step.tool, args=_replace(step.args, path, value))
                if (await verdict_of(domain, tw, mutated)).passed and await _changes_state(domain, tw, mutated,
                                                                                          task.solution):
                    declared = any(reference in values and value in values for values in task.accepted.values())
                    found.append(Alternative(i, step.tool, ".".join(path), reference, value, declared))
    return found


def choice_arguments(domain: Domain, step: ToolCall, schema: dict[str, Any]):
    """(argument path, allowed values) of the choice arguments a call sets: the enums of the
    tool's JSON schema, and whatever the tool's own `argument_choices(args)` names (a tool
    taking free-form objects says there which of their values come from a fixed list; the
    kit's help-desk tools do, for ticket fields)."""
    for name, prop in schema.get("properties", {}).items():
        options = prop.get("enum") or next((o["enum"] for o in prop.get("anyOf", []) if "enum" in o), None)
        if options and name in step.args:
            yield (name,), options
    tool = domain.tools.get(step.tool)
    own = getattr(tool.fn, "argument_choices", None) if tool is not None else None
    if own is not None:
        for path, values in own(step.args):
            yield tuple(path), list(values)


@dataclass
class ValidationReport:
    checked: int = 0
    problems: list[tuple[str, str, str]] = field(default_factory=list)          # (domain, task, problem)
    alternatives: list[tuple[str, str, Alternative]] = field(default_factory=list)


def validate(domains: list[Domain], task_ids: set[str] | None = None,
             progress: Callable[[str], None] | None = None) -> ValidationReport:
    """`tb validate`: every selected task's problems and passing alternatives. `progress` is
    called with each task's id once it is checked."""
    import asyncio

    async def run() -> ValidationReport:
        report = ValidationReport()
        for domain in domains:
            if not domain.tasks:
                report.problems.append((domain.name, "-", "the domain has no tasks "
                                        "(task files: <package>/tasks/*.json)"))
            for task in domain.tasks.values():
                if task_ids and task.id not in task_ids:
                    continue
                report.checked += 1
                report.problems += [(domain.name, task.id, p) for p in await check_task(domain, task)]
                report.alternatives += [(domain.name, task.id, a) for a in await passing_alternatives(domain, task)]
                if progress is not None:
                    progress(task.id)
        return report

    return asyncio.run(run())
