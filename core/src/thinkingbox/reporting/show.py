"""`tb show`: the trials of a run, one line each and filtered (failed, failure category,
domain, family), or one trial as people read it (who said what, which tools ran and what
they returned), then its verdict, checks and field-level diff."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.reporting.analysis import CATEGORIES, failure_category
from thinkingbox.reporting.explain import explain, first_line, sentence

CUT = 400  # characters of a tool result or message shown without --full


def find_trial(records: list[Any], run: Path, task: str, domain: str | None = None, trial: int | None = None) -> Any:
    """The record of one trial of `task` (the lowest trial number when none is given)."""
    matches = [r for r in records if r["task"] == task and (domain is None or r["domain"] == domain)
               and (trial is None or r["trial"] == trial)]
    if not matches:
        raise ThinkingboxError(f"{run} has no trial{f' {trial}' if trial else ''} of task {task!r}; "
                               f"`tb show {run}` lists its trials")
    return min(matches, key=lambda r: r["trial"])


def select(records: list[Any], failed: bool = False, category: str | None = None, domain: str | None = None,
           family: str | None = None) -> list[Any]:
    """The records that pass every filter given, in run order."""
    if category is not None and category not in CATEGORIES:
        raise ThinkingboxError(f"--category {category!r} is not a failure category; use one of {', '.join(CATEGORIES)}")
    return [r for r in records
            if (not failed or not r["verdict"])
            and (category is None or failure_category(r) == category)
            and (domain is None or r["domain"] == domain)
            and (family is None or r["family"] == family)]


def first_failed_check(record: dict[str, Any]) -> str:
    """`name: detail` of the first failed check, or the error of an errored trial."""
    if record["finish_reason"] == "error":
        return f"not judged, error: {first_line(record.get('error'))}"
    for check in record["checks"]:
        if not check["passed"]:
            return f"{check['name']}: {sentence(check['detail'])}"
    return ""


def listing(records: list[Any], width: int | None = 100) -> str:
    """One line per trial: domain, task, trial, verdict, finish reason, failure category and
    the first failed check, cut so that the table fits `width` columns (None: never cut)."""
    from tabulate import tabulate

    headers = ["domain", "task", "trial", "verdict", "finish", "category", "first failed check"]
    rows = [[r["domain"], r["task"], r["trial"], "PASS" if r["verdict"] else "FAIL", r["finish_reason"],
             failure_category(r) or "", first_failed_check(r)] for r in records]
    table = tabulate(rows, headers=headers, tablefmt="simple")
    excess = 0 if width is None else max(len(line) for line in table.splitlines()) - width
    if excess > 0:  # the check's text gives up what the table has too much
        room = max(max(len(r[-1]) for r in rows) - excess, 20)
        rows = [[*r[:-1], _cut(r[-1], room)] for r in rows]
        table = tabulate(rows, headers=headers, tablefmt="simple")
    return table


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


def show(record: Any, full: bool = False) -> str:
    head = (f"{record['domain']}/{record['task']} trial {record['trial']}  agent {record['agent']}  "
            f"user {record['user']}")
    return "\n".join([head, *conditions(record), trajectory_text(record["trajectory"], full), summary(record)])


def _fault_kind(call: dict[str, Any]) -> str:
    if call.get("kind") == "before":
        return "failed before it ran"
    if call.get("kind") == "after":
        return "carried out, its answer lost" if call.get("applied", True) else "ran and failed, its answer lost"
    return str(call.get("kind"))


def conditions(record: dict[str, Any]) -> list[str]:
    """What this trial was put through beyond the task: the planted instruction (an injection
    task: followed or not, reported or not) and the tool faults (`tb eval --tool-faults`)."""
    lines = []
    injection = record.get("injection") or {}
    records = ", ".join(map(str, injection.get("records") or []))
    if "followed" in injection:
        lines.append(f"planted instruction: {'FOLLOWED' if injection['followed'] else 'not followed'}; "
                     + (f"reported ({records})" if injection.get("reported") else "not reported"))
    elif injection.get("reported"):
        lines.append(f"the agent reported a suspicious instruction where none was planted ({records})")
    faults = record.get("faults")
    if faults:
        calls = [f"write {c.get('call')} {c.get('tool')} {_fault_kind(c)}" for c in faults.get("calls") or []
                 if isinstance(c, dict)]
        lines.append(f"tool faults ({faults.get('spec')}): " + ("; ".join(calls) or "none of this trial's writes hit"))
    return lines


def _json(value: Any) -> str:
    return orjson.dumps(value, default=str).decode()


def record_json(record: dict[str, Any], indent: bool = False) -> str:
    """A record as JSON for the terminal or a pipe (redacted, control characters escaped)."""
    from thinkingbox.secrets import json_for_terminal

    return json_for_terminal(record, option=orjson.OPT_INDENT_2 if indent else 0)


def summary(record: dict[str, Any]) -> str:
    """The verdict, each check in sentences (an errored trial's checks: not judged), the diff."""
    if record["finish_reason"] == "error":
        lines = ["\nverdict: ERROR, not judged   (finish reason: error)"]
        if record.get("error"):
            lines.append(f"error: {record['error']}")
    else:
        lines = [f"\nverdict: {'PASS' if record['verdict'] else 'FAIL'}   (finish reason: {record['finish_reason']})"]
    marks = {"passed": "ok  ", "failed": "FAIL", "not judged": "--  "}
    for check in explain(record):
        lines.append(f"  {marks[check['status']]} {check['name']}: {check['summary']}")
        if check["name"] != "golden_state":
            lines += [f"         - {line}" for line in check["lines"] if line != check["summary"]]
    if record["finish_reason"] == "error":
        return "\n".join(lines)
    for diff in record["diff"] or []:
        where = f"{diff['table']}[{diff['key']}]" + (f".{diff['field']}" if diff["field"] else "")
        lines.append(f"    {diff['kind']:>7} {where}: expected {_json(diff['expected'])}, got {_json(diff['actual'])}")
    return "\n".join(lines)


def trajectory_text(trajectory: list[dict[str, Any]], full: bool = False) -> str:
    """A trajectory as people read it: who said what, which tools ran and what they returned;
    long messages and results are cut unless `full`."""
    def text(value: str) -> str:
        return value if full or len(value) <= CUT else value[:CUT] + f" ... ({len(value) - CUT} more characters; --full)"

    lines = []
    for event in trajectory:
        role = event["role"]
        if role == "user":
            tag = "user (simulated)" if event.get("source") == "simulator" else "user"
            lines.append(f"\n[{tag}] {text(event['content'])}")
        elif role == "assistant":
            if event.get("content"):
                lines.append(f"\n[assistant] {text(event['content'])}")
            for call in event.get("tool_calls", []):
                args = call["arguments"] if isinstance(call["arguments"], str) else _json(call["arguments"])
                lines.append(f"  -> {call['name']}({text(args)})")
        elif role == "tool":
            lines.append(f"  <- {'ERROR ' if event['is_error'] else ''}{event['name']}: {text(event['content'])}")
    return "\n".join(lines)
