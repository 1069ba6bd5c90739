"""The end-of-run table: pass@1 per domain and overall (micro-averaged over trials)."""
from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterable

from thinkingbox.reporting.records import run_label


def summarize(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    by: dict[tuple[str, str], dict[str, Any]] = defaultdict(lambda: {"tasks": set(), "trials": 0, "passed": 0, "errors": 0})
    for r in records:
        for domain in (r["domain"], "overall"):
            row = by[(run_label(r), domain)]
            row["tasks"].add((r["domain"], r["task"]))
            row["trials"] += 1
            row["passed"] += bool(r["verdict"])
            row["errors"] += r["finish_reason"] == "error"
    rows = []
    for (label, domain), row in sorted(by.items(), key=lambda kv: (kv[0][0], kv[0][1] == "overall", kv[0][1])):
        rows.append({"run": label, "domain": domain, "tasks": len(row["tasks"]), "trials": row["trials"],
                     "passed": row["passed"], "errors": row["errors"],
                     "pass@1": row["passed"] / row["trials"] if row["trials"] else 0.0})
    return rows


def render(rows: list[dict[str, Any]]) -> str:
    from tabulate import tabulate

    table = [[r["run"], r["domain"], r["tasks"], r["trials"], r["passed"], r["errors"], f"{100 * r['pass@1']:.1f}%"]
             for r in rows]
    return tabulate(table, headers=["run", "domain", "tasks", "trials", "passed", "errors", "pass@1"],
                    tablefmt="github")


def unjudged_questions(records: Iterable[dict[str, Any]]) -> tuple[list[str], set[tuple[str, str]]]:
    """Rubric questions a rules run did not judge (their rules are only approximate), and the
    (domain, task) pairs that ask them: those tasks' verdicts rest on their other checks."""
    questions: set[str] = set()
    tasks: set[tuple[str, str]] = set()
    for record in records:
        for check in record["checks"]:
            if check["name"] == "rubric" and isinstance(check.get("data"), list):
                asked = {a["question"] for a in check["data"] if isinstance(a, dict)
                         and (a.get("answer") == "not judged" or a.get("approximate"))}
                if asked:
                    questions |= asked
                    tasks.add((record.get("domain", ""), record.get("task", "")))
    return sorted(questions), tasks
