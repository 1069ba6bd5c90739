"""Thinkingbox domains as inspect tasks.

`thinkingbox_inspect/thinkingbox` takes the domain as a task argument (`-T domain=retail`);
each installed domain is also a task of its own name (`thinkingbox_inspect/retail`).
"""
from __future__ import annotations

from typing import Any

from inspect_ai import Task, task
from inspect_ai._util.error import PrerequisiteError
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import GenerateConfig

from thinkingbox import PluginHost
from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.trials import Limits, RunSettings, check_settings, installed_domains, load_domain

from thinkingbox_inspect.episode import thinkingbox_checks, thinkingbox_episode
from thinkingbox_inspect.offline import no_tokenizer_download

no_tokenizer_download()

# Inspect retries a failing model call without limit by default (an unreachable endpoint
# ran for minutes with nothing on screen). A Thinkingbox task bounds it: at most
# MAX_RETRIES retries, none started after TIMEOUT_S seconds of trying; then the sample
# errors. Inspect's `--max-retries` / `--timeout` (or `eval(..., max_retries=...)`) override
# these defaults.
MAX_RETRIES = 3
TIMEOUT_S = 60


def _settings(user: str, judge: str, limits: Limits) -> RunSettings:
    """The simulated user and the rubric judge, as `tb eval --user/--judge` reads them (a
    model's endpoint and key variable from TB_USER_BASE_URL, TB_USER_API_KEY_ENV, ...);
    the agent is inspect's model."""
    name, _, model = user.partition(":")
    if name == "llm" and not model:
        raise ThinkingboxError("task argument user: the llm user needs a model, user=llm:MODEL")
    return RunSettings(agent="inspect", user=user, judge=None if judge == "none" else judge, limits=limits)


def _samples(domain: Any, task_ids: list[str] | None) -> list[Sample]:
    unknown = sorted(set(task_ids or []) - set(domain.tasks))
    if unknown:
        raise ThinkingboxError(f"task argument tasks: domain {domain.name!r} has no task(s) {', '.join(unknown)}")
    return [Sample(id=t.id, input=t.request,
                   metadata={"domain": domain.name, "domain_version": domain.version, "family": t.family,
                             "title": t.title, "checks": [c.name for c in domain.checks(t)]})
            for t in domain.tasks.values() if task_ids is None or t.id in task_ids]


def _task_ids(tasks: str | list[str] | None) -> list[str] | None:
    if tasks is None or isinstance(tasks, list):
        return tasks
    return [t.strip() for t in tasks.split(",") if t.strip()]  # -T tasks=a,b on the command line


@task
def thinkingbox(domain: str = "retail", tasks: str | list[str] | None = None, user: str = "scripted",
                judge: str = "rules", max_user_turns: int = 10, max_tool_calls: int = 50) -> Task:
    """One Thinkingbox domain as an inspect task.

    Args:
        domain: an installed Thinkingbox domain (`tb domains` lists them).
        tasks: task ids to run (a list, or comma-separated); all of the domain's by default.
        user: the simulated user, `scripted` (offline, the default) or `llm:MODEL`.
        judge: rubric questions answered by the tasks' offline `rules` (the default), by a
            judge model (its name), or `none` (rubric checks then fail as not judged).
        max_user_turns: simulated-user follow-ups after the opening request.
        max_tool_calls: the agent-action cap, tool calls per sample.
    """
    try:
        host = PluginHost()
        loaded = load_domain(domain, host)
        settings = _settings(user, judge, Limits(max_user_turns, max_tool_calls))
        check_settings(settings, [], host, own_agent=True)  # an unknown user, a model without a key
        samples = _samples(loaded, _task_ids(tasks))
    except ThinkingboxError as exc:  # inspect prints a PrerequisiteError as one message, no traceback
        raise PrerequisiteError(f"thinkingbox: {exc}") from None
    return Task(
        dataset=MemoryDataset(samples, name=f"thinkingbox-{domain}"),
        solver=thinkingbox_episode(loaded, settings),
        scorer=thinkingbox_checks(),
        metadata={"thinkingbox_domain": domain, "thinkingbox_domain_version": loaded.version, "user": user,
                  "judge": judge},
        version=loaded.version,
        config=GenerateConfig(max_retries=MAX_RETRIES, timeout=TIMEOUT_S),
    )


def _domain_task(name: str) -> Any:
    """A task named after one installed domain, with the same arguments but the domain."""

    def domain_task(tasks: str | list[str] | None = None, user: str = "scripted", judge: str = "rules",
                    max_user_turns: int = 10, max_tool_calls: int = 50) -> Task:
        return thinkingbox(domain=name, tasks=tasks, user=user, judge=judge, max_user_turns=max_user_turns,
                           max_tool_calls=max_tool_calls)

    domain_task.__name__ = domain_task.__qualname__ = name
    domain_task.__doc__ = f"The Thinkingbox {name} domain as an inspect task (arguments: see `thinkingbox`)."
    return task(name=name)(domain_task)


# one task per installed domain (entry points only: no domain is loaded until its task is made)
DOMAIN_TASKS = {name: _domain_task(name) for name in sorted(installed_domains()) if name != "thinkingbox"}
