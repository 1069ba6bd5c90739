"""Shortcut agents: cheap strategies a benchmark must not reward. Each is played against a
task's reference (its calls, its messages, the scripted customer's replies) and judged as
`tb eval` judges, with the offline rules; a sound task fails every one of them.

    refuse        does nothing and refuses politely
    act_unasked   makes the reference calls without asking or telling anything first
    stuffed       makes the reference calls, and every message is one keyword-stuffed text
    no_wait       tells the cost or consequence, then acts before the customer answers

Used by `bench/shortcuts.py` and the tests: the share each passes per domain is the measure.
`act_unasked` and `no_wait` are measured on the tasks where asking matters: those whose policy
needs the customer's agreement (an agreement check); elsewhere acting without asking is what the
policy wants.
"""
from __future__ import annotations

from typing import Any

from thinkingbox.engine.verdicts import apply_calls, judge_trial
from thinkingbox.models.rubric import RULES_JUDGE

SHORTCUTS = ("refuse", "act_unasked", "stuffed", "no_wait")
REFUSAL = "I'm sorry, but I can't help with that under our policy."
STUFFED = ("Done: your request is approved, granted, pending approval, declined, refunded, cancelled, booked, "
           "ordered, escalated and recorded; no approval was needed, there is no fee and nothing to pay.")


async def shortcut_verdict(domain: Any, task_world: Any, shortcut: str) -> bool:
    """Whether the shortcut passes the task."""
    from thinkingbox.engine.episode import visible_messages
    from thinkingbox.engine.events import TrajectoryEvent
    from thinkingbox.models.users import ScriptedUser

    task = task_world.task
    world = domain.new_world(task_world)
    user = ScriptedUser(task)
    trajectory: list[dict[str, Any]] = [TrajectoryEvent.request(task.request)]

    async def say(text: str) -> None:
        trajectory.append(TrajectoryEvent.assistant(text))
        trajectory.append(TrajectoryEvent.user_reply(await user.reply(visible_messages(trajectory)), source=None))

    async def call(n: int, step: Any) -> None:
        (result,) = await apply_calls(domain, world, [step])
        trajectory.append(TrajectoryEvent.tool_call(f"s{n}", step.tool, dict(step.args)))
        trajectory.append(TrajectoryEvent.tool_result(f"s{n}", step.tool, result.text, result.is_error,
                                                      step.tool in domain.write_tools))

    try:
        final = task.final_message
        if shortcut == "refuse":
            final = REFUSAL
        elif shortcut == "no_wait":
            # The messages go out, but every call runs before the customer's answer comes.
            pending = []
            for n, step in enumerate(task.solution):
                if step.say:
                    trajectory.append(TrajectoryEvent.assistant(step.say))
                    pending.append(len(trajectory))
                else:
                    await call(n, step)
            for _ in pending:
                trajectory.append(TrajectoryEvent.user_reply(await user.reply(visible_messages(trajectory)),
                                                             source=None))
        else:
            for n, step in enumerate(task.solution):
                if step.say:
                    if shortcut == "stuffed":
                        await say(STUFFED)
                else:
                    await call(n, step)
            if shortcut == "stuffed":
                final = STUFFED
        trajectory.append(TrajectoryEvent.assistant(final))
        verdict = await judge_trial(domain, task_world, world.snapshot(task_world.initial), trajectory, final, "done",
                                    judge=RULES_JUDGE)
        return verdict.passed
    finally:
        world.close()


async def shortcut_rates(domain: Any, shortcuts: tuple[str, ...] = SHORTCUTS) -> dict[str, tuple[int, int, list[str]]]:
    """{shortcut: (tasks passed, tasks, ids passed)} over every task of the domain."""
    out: dict[str, tuple[int, int, list[str]]] = {}
    worlds = [await domain.prepare(task) for task in domain.tasks.values()]
    # Tasks where the customer agrees: in those where the customer declines, the reference never
    # makes the write, so acting without waiting fails their state check by construction.
    asking = [tw for tw in worlds if any(step.tool == a.before for a in tw.task.says.agreement
                                         for step in tw.task.solution)]
    for shortcut in shortcuts:
        measured = asking if shortcut in ("act_unasked", "no_wait") else worlds
        passed = [tw.task.id for tw in measured if await shortcut_verdict(domain, tw, shortcut)]
        out[shortcut] = (len(passed), len(measured), passed)
    return out
