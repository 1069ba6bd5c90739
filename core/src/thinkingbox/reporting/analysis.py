"""Failure analysis and interaction statistics from trial records.

Each failed trial gets exactly one dominant category, by the first rule that applies
(the Thinkingbox paper, "One Success Isn't Reliability", Ko et al., section 5.4 and
appendix D.3, made deterministic):

1. error                  the trial ended with finish reason "error" (model calls kept
                          failing, or a harness failure): an infrastructure failure.
2. tool_usage             a tool call returned an error and the agent never called that
                          tool successfully afterwards (it did not recover).
3. no_state_change        no state-changing (write) tool call succeeded.
4. incomplete_resolution  the episode did not end cleanly (user-turn or action limit), or
                          the final message is empty or still asks the user something ("?").
5. communication          the final state was right but what the agent told the customer
                          was not: a typed communication check failed (a value not
                          stated, a forbidden value stated, a cost announced too late).
6. response_rubric        the final state was right but a rubric question failed.
7. wrong_state            everything else: writes succeeded and the conversation ended,
                          but the final state is not the golden one.

The weak-proxy ablation (appendix D.2) counts failed trials that weaker evaluators would
have passed: clean termination (non-empty final message with the completion marker and no
question), plus at least one write call, plus a final tool response without error.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Any, Iterable

from thinkingbox.reporting.records import run_label

CATEGORIES = ["tool_usage", "no_state_change", "incomplete_resolution", "communication", "response_rubric",
              "wrong_state", "error"]
_WRITE_NAME = re.compile(r"(create|update|cancel|refund|charge|modify|reship|file|add|reschedule|schedule|"
                         r"escalate|provision|revoke|enroll|assign|reserve|retire|grant|delete|process|open)", re.I)


def _tools(record: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in record["trajectory"] if e["role"] == "tool"]


def is_write(event: dict[str, Any]) -> bool:
    """Tool events carry a `write` flag; older records fall back on the tool's name."""
    if "write" in event:
        return bool(event["write"])
    return bool(_WRITE_NAME.search(event.get("name", "")))


def _final_assistant(record: dict[str, Any]) -> str:
    for event in reversed(record["trajectory"]):
        if event["role"] == "assistant" and not event.get("tool_calls"):
            return event.get("content") or ""
    return ""


def failure_category(record: dict[str, Any]) -> str | None:
    """The dominant failure category of a trial, or None if it passed."""
    if record["verdict"]:
        return None
    if record["finish_reason"] == "error":
        return "error"
    tools = _tools(record)
    for i, event in enumerate(tools):
        if event["is_error"] and not any(e["name"] == event["name"] and not e["is_error"] for e in tools[i + 1:]):
            return "tool_usage"
    if not any(is_write(e) and not e["is_error"] for e in tools):
        return "no_state_change"
    final = record["final_message"]
    if record["finish_reason"] in ("user_limit", "action_limit") or not final.strip() or "?" in final:
        return "incomplete_resolution"
    checks = {c["name"]: c["passed"] for c in record["checks"]}
    if checks.get("golden_state") and checks.get("communication") is False:
        return "communication"
    if checks.get("golden_state") and not all(checks.values()):
        return "response_rubric"
    return "wrong_state"


def weak_proxies(records: Iterable[dict[str, Any]]) -> dict[str, int]:
    """How many failed trials each weak completion proxy would have passed."""
    counts = {"failed": 0, "clean_termination": 0, "clean_and_write": 0, "clean_write_no_final_error": 0}
    for record in records:
        if record["verdict"]:
            continue
        counts["failed"] += 1
        last = _final_assistant(record)
        clean = bool(last.replace("<DONE>", "").strip()) and "<DONE>" in last and "?" not in last
        if not clean:
            continue
        counts["clean_termination"] += 1
        tools = _tools(record)
        if not any(is_write(e) for e in tools):
            continue
        counts["clean_and_write"] += 1
        if tools and not tools[-1]["is_error"]:
            counts["clean_write_no_final_error"] += 1
    return counts


def interaction_stats(records: list[dict[str, Any]], prices: dict[str, tuple[float, float, float]] | None = None
                      ) -> dict[str, Any]:
    """Mean counts per trial: messages, tool calls, write calls, tool errors, model turns,
    tokens per turn, seconds per trial, and cost when prices ($ per 1M tokens) are given."""
    if not records:
        return {}
    totals: Counter = Counter()
    cost = 0.0
    priced = True
    for record in records:
        trajectory = record["trajectory"]
        tools = [e for e in trajectory if e["role"] == "tool"]
        totals["messages"] += sum(1 for e in trajectory if e["role"] in ("user", "assistant") and e.get("content"))
        totals["tool_calls"] += len(tools)
        totals["write_calls"] += sum(is_write(e) for e in tools)
        totals["tool_errors"] += sum(e["is_error"] for e in tools)
        totals["turns"] += sum(1 for e in trajectory if e["role"] == "assistant")
        usage = record["usage"].get("agent") or {}
        totals["agent_calls"] += usage.get("calls", 0)
        totals["agent_tokens"] += usage.get("input", 0) + usage.get("output", 0)
        totals["seconds"] += record["timings_ms"].get("total", 0) / 1000
        if prices is not None:
            trial_cost = _trial_cost(record, prices)
            priced = priced and trial_cost is not None
            cost += trial_cost or 0.0
    n = len(records)
    stats = {key: totals[key] / n for key in ("messages", "tool_calls", "write_calls", "tool_errors", "turns", "seconds")}
    stats["tokens_per_turn"] = totals["agent_tokens"] / totals["agent_calls"] if totals["agent_calls"] else 0.0
    if prices is not None:
        stats["cost_per_trial"] = cost / n if priced else None
    return stats


def _trial_cost(record: dict[str, Any], prices: dict[str, tuple[float, float, float]]) -> float | None:
    models = (record["config"].get("models") or {})
    total = 0.0
    for role, usage in record["usage"].items():
        if not usage or not usage.get("calls"):
            continue
        model = (models.get(role) or {}).get("model")
        if model not in prices:
            return None
        per_in, per_out, per_cached = prices[model]
        cached = usage.get("cached", 0)
        total += ((usage.get("input", 0) - cached) * per_in + cached * per_cached + usage.get("output", 0) * per_out) / 1e6
    return total


def categories(records: Iterable[dict[str, Any]]) -> Counter:
    return Counter(c for c in (failure_category(r) for r in records) if c)


def group(records: Iterable[dict[str, Any]]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """Records by (run label, domain)."""
    out: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        out[(run_label(record), record["domain"])].append(record)
    return out
