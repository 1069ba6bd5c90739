"""`tb sensitivity RUN...`: how much an agent's reliability depends on the user's persona.

Records are grouped by run label (`tb eval --label`, less its `persona=NAME` part, so the
default labels of one agent's runs under several personas are one group) and by the persona
recorded in their config (records from before personas existed count as "cooperative"). For each agent and persona: pass@1 with
its task-bootstrap interval, and pass^k (unbiased, reporting.metrics) for k = the smallest
trial count the agent has on any task under any persona (or --k). Each persona's pass^k is
compared with the cooperative persona's on the tasks both ran: the difference and a 95%
paired task-bootstrap interval (tasks resampled, each keeping both personas' trials); it
is beyond noise when the interval excludes zero.
"""
from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.models.personas import DEFAULT_PERSONA, PERSONAS
from thinkingbox.reporting.metrics import (TaskOutcomes, bootstrap_interval, outcomes_by_task, pass_at_1,
                                           pass_hat_k_unbiased)


def persona_of(record: dict[str, Any]) -> str:
    return (record.get("config") or {}).get("persona") or DEFAULT_PERSONA


def sensitivity_group(record: dict[str, Any]) -> str:
    """The run a record is compared within: its run label without the persona's part."""
    from thinkingbox.reporting.records import run_label

    persona = persona_of(record)
    return " ".join(word for word in run_label(record).split() if word != f"persona={persona}") or record["agent"]


def _pass_hat(tasks: list[TaskOutcomes], k: int) -> float:
    return sum(pass_hat_k_unbiased(t.n, t.c, k) for t in tasks) / len(tasks) if tasks else 0.0


def _paired_interval(base: dict[tuple[str, str], TaskOutcomes], other: dict[tuple[str, str], TaskOutcomes],
                     shared: list[tuple[str, str]], k: int, samples: int, seed: int) -> tuple[float, float]:
    if not shared:
        return (0.0, 0.0)
    rng = random.Random(seed)
    diffs = []
    for _ in range(samples):
        pick = [rng.choice(shared) for _ in shared]
        diffs.append(_pass_hat([other[key] for key in pick], k) - _pass_hat([base[key] for key in pick], k))
    diffs.sort()
    return diffs[int(0.025 * samples)], diffs[min(samples - 1, int(0.975 * samples))]


def sensitivity(records: list[dict[str, Any]], k: int | None = None, samples: int = 2000,
                seed: int = 0) -> dict[str, Any]:
    """Per agent, per persona: pass@1, pass^k and the pass^k difference from cooperative."""
    grouped: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for record in records:
        grouped[sensitivity_group(record)][persona_of(record)].append(record)
    order = {name: i for i, name in enumerate(PERSONAS)}
    agents = []
    for agent, by_persona in sorted(grouped.items()):
        # errored trials are not judged: a task's n counts finished trials, and a task with none is left out
        every = {p: outcomes_by_task(recs) for p, recs in by_persona.items()}
        outcomes = {p: {(t.domain, t.task): t for t in tasks if t.n} for p, tasks in every.items()}
        smallest = min((t.n for tasks in outcomes.values() for t in tasks.values()), default=1)
        agent_k = k or smallest
        if agent_k > smallest:
            raise ThinkingboxError(f"--k {agent_k} exceeds the trials of run {agent!r} on some task ({smallest})")
        base = outcomes.get(DEFAULT_PERSONA)
        rows = []
        for persona in sorted(outcomes, key=lambda p: (order.get(p, len(order)), p)):
            tasks = outcomes[persona]
            listed = list(tasks.values())
            row: dict[str, Any] = {
                "persona": persona, "tasks": len(listed), "trials": sum(t.n for t in listed),
                "errors": sum(t.errors for t in every[persona]),
                "pass@1": pass_at_1(listed), "pass@1_ci95": list(bootstrap_interval(listed, seed=seed)),
                f"pass^{agent_k}": _pass_hat(listed, agent_k),
            }
            if base is not None and persona != DEFAULT_PERSONA:
                shared = sorted(set(base) & set(tasks))
                low, high = _paired_interval(base, tasks, shared, agent_k, samples, seed)
                row.update({
                    "shared_tasks": len(shared),
                    "difference": (_pass_hat([tasks[key] for key in shared], agent_k)
                                   - _pass_hat([base[key] for key in shared], agent_k)) if shared else 0.0,
                    "difference_ci95": [low, high], "beyond_noise": bool(shared) and (low > 0 or high < 0),
                })
            rows.append(row)
        agents.append({"agent": agent, "k": agent_k, "personas": rows, "has_cooperative": base is not None})
    return {"agents": agents, "bootstrap": {"samples": samples, "seed": seed, "level": 0.95}}


def render(result: dict[str, Any]) -> str:
    from tabulate import tabulate

    def pct(x: float) -> str:
        return f"{100 * x:.1f}"

    out = []
    for agent in result["agents"]:
        k = agent["k"]
        table = []
        for row in agent["personas"]:
            diff = ""
            if "difference" in row:
                low, high = row["difference_ci95"]
                diff = (f"{100 * row['difference']:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}]"
                        f"{' *' if row['beyond_noise'] else ''}")
            low, high = row["pass@1_ci95"]
            table.append([row["persona"], row["tasks"], row["trials"], f"{pct(row['pass@1'])} [{pct(low)}, {pct(high)}]",
                          pct(row[f"pass^{k}"]), diff])
        out.append(f"Run {agent['agent']}: pass^{k} per persona (%)")
        out.append(tabulate(table, headers=["persona", "tasks", "trials", "pass@1 [95% CI]", f"pass^{k}",
                                            f"Δ pass^{k} vs cooperative [95% CI]"], tablefmt="github"))
        if not agent["has_cooperative"]:
            out.append("(no cooperative run under this label: no differences)")
        out.append("")
    out.append("Δ: pass^k minus the cooperative persona's, on the tasks both ran; interval: paired task bootstrap; "
               "* beyond noise (the interval excludes zero).")
    return "\n".join(out)
