"""Failure analysis and interaction statistics from trial records.

Each failed trial gets exactly one dominant category, by the first rule that applies
(the Thinkingbox paper, "One Success Isn't Reliability", Ko et al., section 5.4 and
appendix D.3, made deterministic):

1. error                  the trial ended with finish reason "error" (model calls kept
                          failing, or a harness failure): an infrastructure failure.
2. tool_usage             a tool call returned an error and the agent never called that
                          tool successfully afterwards (it did not recover).
3. no_state_change        no state-changing (write) tool call succeeded. (A trial whose
                          tool calls' kinds are unknown, see `is_write`, never gets it.)
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

Which calls were writes is what the domain declared (`write_tool` or `read_tool`): each tool
event of a trajectory carries it as `write`. The core names no domain's verbs.
"""
from __future__ import annotations

import importlib.metadata
from collections import Counter, defaultdict
from functools import lru_cache
from typing import Any, Iterable

from thinkingbox.reporting.records import run_label

CATEGORIES = ["tool_usage", "no_state_change", "incomplete_resolution", "communication", "response_rubric",
              "wrong_state", "error"]
# What a judged trial failed on: "error" is not one of them (an errored trial was not judged;
# `categories` leaves it out and reports count errored trials apart).
FAILURE_CATEGORIES = [c for c in CATEGORIES if c != "error"]
DOMAIN_GROUP = "thinkingbox.domains"


def _tools(record: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in record["trajectory"] if e["role"] == "tool"]


def is_write(event: dict[str, Any], domain: str | None = None) -> bool | None:
    """Whether a tool event was a call of a write tool. Tool events carry a `write` flag; for
    a record written before they did, the kinds of `domain`'s tools decide when that domain
    is installed; otherwise None: unknown (never guessed from the tool's name)."""
    if "write" in event:
        return bool(event["write"])
    writes = installed_write_tools(domain) if domain else None
    return None if writes is None else event.get("name") in writes


@lru_cache(maxsize=None)
def installed_write_tools(domain: str) -> frozenset[str] | None:
    """The names of an installed domain's write tools (its own declaration), or None when the
    domain is not installed or its tools cannot be read."""
    from thinkingbox.contract.tools import tool_spec

    for ep in importlib.metadata.entry_points(group=DOMAIN_GROUP):
        if ep.name == domain:
            try:
                specs = [tool_spec(fn) for fn in ep.load().tb_tools()]
            except Exception:  # a broken domain: its kinds are unknown, as an absent one's are
                return None
            return frozenset(s.name for s in specs if not s.read_only)
    return None


def _writes(record: dict[str, Any], tools: list[dict[str, Any]]) -> list[bool | None]:
    return [is_write(e, record.get("domain")) for e in tools]


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
    succeeded = [w for w, e in zip(_writes(record, tools), tools) if not e["is_error"]]
    if not any(succeeded) and None not in succeeded:
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
        if record["verdict"] or record["finish_reason"] == "error":
            continue
        counts["failed"] += 1
        last = _final_assistant(record)
        clean = bool(last.replace("<DONE>", "").strip()) and "<DONE>" in last and "?" not in last
        if not clean:
            continue
        counts["clean_termination"] += 1
        tools = _tools(record)
        if not any(_writes(record, tools)):  # unknown kinds count as no write: a lower bound
            continue
        counts["clean_and_write"] += 1
        if tools and not tools[-1]["is_error"]:
            counts["clean_write_no_final_error"] += 1
    return counts


def interaction_stats(records: list[dict[str, Any]], prices: dict[str, tuple[float, float, float]] | None = None
                      ) -> dict[str, Any]:
    """Mean counts per trial: messages, tool calls, write calls, tool errors, model turns,
    tokens per turn, seconds per trial, and cost when prices ($ per 1M tokens) are given.
    Write calls are None (unknown) when some tool call's kind is unknown (see `is_write`)."""
    if not records:
        return {}
    totals: Counter = Counter()
    cost = 0.0
    priced = True
    unknown_writes = False
    for record in records:
        trajectory = record["trajectory"]
        tools = [e for e in trajectory if e["role"] == "tool"]
        totals["messages"] += sum(1 for e in trajectory if e["role"] in ("user", "assistant") and e.get("content"))
        totals["tool_calls"] += len(tools)
        writes = _writes(record, tools)
        unknown_writes = unknown_writes or None in writes
        totals["write_calls"] += sum(bool(w) for w in writes)
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
    if unknown_writes:
        stats["write_calls"] = None
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
    """Failed (judged) trials by failure category; errored trials are not among them."""
    return Counter(c for c in (failure_category(r) for r in records) if c and c != "error")


def group(records: Iterable[dict[str, Any]]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """Records by (run label, domain)."""
    out: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        out[(run_label(record), record["domain"])].append(record)
    return out
