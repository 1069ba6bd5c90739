"""Helpers for scripts that write task files (plugins/<domain>/scripts)."""
from __future__ import annotations

from typing import Any


def lift_user_rules(task: dict[str, Any], speaks: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """`task` (a task file's dict) with its behaviour lines that have the customer speak
    moved to `user_rules`, right after `user_behavior` (which goes when nothing stays).

    `speaks` maps such a line to its scripted form: `when` and `say` (and optionally `unless`)
    as in a user_rules entry, `rule` (the words the LLM user reads; default: the line) and
    `keep` (the part that stays a behaviour line). `tb validate` flags a speaking line left
    in user_behavior, which the scripted user cannot play."""
    kept, rules = [], []
    for line in task.get("user_behavior", []):
        form = speaks.get(line)
        if form is None:
            kept.append(line)
            continue
        if form.get("keep"):
            kept.append(form["keep"])
        rule = {"when": form["when"], "say": form["say"], "rule": form.get("rule", line)}
        if form.get("unless"):
            rule["unless"] = form["unless"]
        rules.append(rule)
    if not rules:
        return task
    items = list(task.items())
    task.clear()
    for key, value in items:
        if key == "user_behavior":
            if kept:
                task["user_behavior"] = kept
            task["user_rules"] = [*task.get("user_rules", []), *rules]
        else:
            task[key] = value
    return task
