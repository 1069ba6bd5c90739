"""What the trial page shows beside a trajectory, from the installed domain: the task's title,
opening request, user facts and rules (what the simulated user knows), its reference solution
and final message, and the agent's system prompt.

Records hold the trajectory, not the task: this reads the task file of the domain installed
now (entry point group `thinkingbox.domains`), so a task edited since the run shows its new
text (the page says so). A domain that is not installed, or a task it no longer has, gives
None: the page then shows the trajectory alone.
"""
from __future__ import annotations

import importlib.metadata
from functools import lru_cache
from typing import Any

DOMAIN_GROUP = "thinkingbox.domains"


@lru_cache(maxsize=None)
def _domain(name: str) -> Any:
    for ep in importlib.metadata.entry_points(group=DOMAIN_GROUP):
        if ep.name == name:
            try:
                return ep.load()
            except Exception:  # a broken domain shows no task information, as an absent one
                return None
    return None


@lru_cache(maxsize=None)
def _tasks(name: str) -> dict[str, Any]:
    from thinkingbox.contract.tasks import load_tasks

    spec = _domain(name)
    if spec is None or not hasattr(spec, "tb_task_files"):
        return {}
    try:
        return load_tasks(list(spec.tb_task_files()))
    except Exception:
        return {}


@lru_cache(maxsize=None)
def system_prompt(name: str) -> str | None:
    """The agent's system prompt for the domain as installed (the shared prompt, then the
    domain's with its "now")."""
    from thinkingbox.contract.world import iso, parse_time
    from thinkingbox.models.prompts import SHARED_AGENT_PROMPT

    spec = _domain(name)
    if spec is None or not hasattr(spec, "tb_system_prompt") or not hasattr(spec, "tb_domain_info"):
        return None
    try:
        domain_prompt = spec.tb_system_prompt(now=iso(parse_time(spec.tb_domain_info().now)))
    except Exception:
        return None
    return f"{SHARED_AGENT_PROMPT}\n\n{domain_prompt}"


def task_info(domain: str, task_id: str) -> dict[str, Any] | None:
    """The task's text for people, or None when the domain or the task is not installed."""
    task = _tasks(domain).get(task_id)
    if task is None:
        return None
    rules = list(task.user_behavior) + [rule.text() for rule in task.user_rules] + \
        [decision.rule_text() for decision in task.user_decisions]
    return {
        "title": task.title, "request": task.request, "user_facts": dict(task.user_facts), "user_rules": rules,
        "solution": [step.model_dump(exclude_defaults=True) for step in task.solution],
        "final_message": task.final_message, "notes": task.notes, "system_prompt": system_prompt(domain),
        "source": "the task file of the installed domain (it may have changed since the run)",
    }
