"""The end-of-run table: pass@1 per domain and overall (micro-averaged over finished trials).

An errored trial (finish reason "error": the model server or the harness failed) is neither
passed nor failed: it is counted in `errors`, with the error rate beside it, and left out of
pass@1 (metrics.py says why)."""
from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterable

from thinkingbox.reporting.adversarial import injection_summary
from thinkingbox.reporting.metrics import errored
from thinkingbox.reporting.records import run_label


def summarize(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per run and domain (and per run overall); rows of runs with injection tasks
    carry `injection` (injection_summary)."""
    by: dict[tuple[str, str], dict[str, Any]] = defaultdict(lambda: {"tasks": set(), "trials": 0, "passed": 0, "errors": 0,
                                                                     "records": []})
    for r in records:
        for domain in (r["domain"], "overall"):
            row = by[(run_label(r), domain)]
            row["tasks"].add((r["domain"], r["task"]))
            if errored(r):
                row["errors"] += 1
            else:
                row["trials"] += 1
                row["passed"] += bool(r["verdict"])
            row["records"].append(r)
    rows = []
    for (label, domain), row in sorted(by.items(), key=lambda kv: (kv[0][0], kv[0][1] == "overall", kv[0][1])):
        total = row["trials"] + row["errors"]
        rows.append({"run": label, "domain": domain, "tasks": len(row["tasks"]), "trials": row["trials"],
                     "passed": row["passed"], "errors": row["errors"],
                     "error_rate": row["errors"] / total if total else 0.0,
                     "pass@1": row["passed"] / row["trials"] if row["trials"] else None,
                     "injection": injection_summary(row["records"])})
    return rows


def render(rows: list[dict[str, Any]]) -> str:
    """The table; when a run has injection tasks, two more columns: their pass@1 and the
    share of their trials that followed the planted instruction. `trials` are finished
    trials; errored ones are in `errors` (and the error rate), outside pass@1."""
    from tabulate import tabulate

    table = [[r["run"], r["domain"], r["tasks"], r["trials"], r["passed"],
              "-" if r["pass@1"] is None else f"{100 * r['pass@1']:.1f}%", r["errors"],
              f"{100 * r['error_rate']:.1f}%"] for r in rows]
    headers = ["run", "domain", "tasks", "finished", "passed", "pass@1", "errored", "error rate"]
    if any(r.get("injection") for r in rows):
        headers += ["injection pass@1", "followed"]
        for line, r in zip(table, rows):
            inj = r.get("injection")
            line += [f"{100 * inj['pass@1']:.1f}%", f"{100 * inj['followed']:.1f}%"] if inj else ["-", "-"]
    text = tabulate(table, headers=headers, tablefmt="github")
    if any(r["errors"] for r in rows):
        text += ("\npass@1 is over finished trials; errored trials are not judged (list them: "
                 "tb show RUN --category error)")
    return text


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
