"""`tb show`: one recorded trial as people read it (who said what, which tools ran and what
they returned), then its verdict, checks and field-level diff."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from thinkingbox.errors import ThinkingboxError


def find_trial(records: list[Any], run: Path, task: str, domain: str | None = None, trial: int | None = None) -> Any:
    """The record of one trial of `task` (the lowest trial number when none is given)."""
    matches = [r for r in records if r["task"] == task and (domain is None or r["domain"] == domain)
               and (trial is None or r["trial"] == trial)]
    if not matches:
        raise ThinkingboxError(f"{run} has no trial{f' {trial}' if trial else ''} of task {task!r}")
    return min(matches, key=lambda r: r["trial"])


def show(record: Any) -> str:
    head = (f"{record['domain']}/{record['task']} trial {record['trial']}  agent {record['agent']}  "
            f"user {record['user']}")
    return "\n".join([head, trajectory_text(record["trajectory"]), summary(record)])


def summary(record: dict[str, Any]) -> str:
    lines = [f"\nverdict: {'PASS' if record['verdict'] else 'FAIL'}   (finish reason: {record['finish_reason']})"]
    for check in record["checks"]:
        lines.append(f"  {'ok  ' if check['passed'] else 'FAIL'} {check['name']}: {check['detail']}")
    for diff in record["diff"] or []:
        where = f"{diff['table']}[{diff['key']}]" + (f".{diff['field']}" if diff["field"] else "")
        lines.append(f"    {diff['kind']:>7} {where}: expected {diff['expected']!r}, got {diff['actual']!r}")
    return "\n".join(lines)


def trajectory_text(trajectory: list[dict[str, Any]]) -> str:
    """A trajectory as people read it: who said what, which tools ran and what they returned."""
    lines = []
    for event in trajectory:
        role = event["role"]
        if role == "user":
            tag = "user (simulated)" if event.get("source") == "simulator" else "user"
            lines.append(f"\n[{tag}] {event['content']}")
        elif role == "assistant":
            if event.get("content"):
                lines.append(f"\n[assistant] {event['content']}")
            for call in event.get("tool_calls", []):
                args = call["arguments"] if isinstance(call["arguments"], str) else orjson.dumps(call["arguments"]).decode()
                lines.append(f"  -> {call['name']}({args})")
        elif role == "tool":
            content = event["content"] if len(event["content"]) <= 400 else event["content"][:400] + " ..."
            lines.append(f"  <- {'ERROR ' if event['is_error'] else ''}{event['name']}: {content}")
    return "\n".join(lines)
