"""Shortcut agents of issue 27 ("Checked by"), as scripted replays of each task's reference, run on
every task of the domains given; each must pass fewer than one task in ten.

    uv run python bench/shortcut_agents.py neobank consulting

- refuse: the reference's reads, then its ticket with a refusal's resolution, and a plain refusal;
- act_without_asking: the writes the request calls for (for a task in which the customer
  declines, the writes of the same task had they agreed), no question asked, the reference's
  closing message;
- keyword_stuffed: the reference's calls and messages, closing with its final message followed by
  every decision in the domain's words;
- cost_then_act: the cost or consequence told as a statement (no question), then the writes
  at once, whatever the customer answers.

The writes a declining customer would have agreed to come from the generators (the same scenario
built with the customer agreeing); they live in plugins/<domain>/scripts.
"""
from __future__ import annotations

import asyncio
import copy
import importlib
import json
import re
import sys
from pathlib import Path
from typing import Any

from thinkingbox.engine.discovery import PluginHost
from thinkingbox.engine.trial import EvalConfig, Job, resolve_factory, run_trial
from thinkingbox.models.agents import AgentTurn, ToolCallRequest
from thinkingbox.models.prompts import DONE_MARKER
from thinkingbox.models.settings import RunSettings

ROOT = Path(__file__).resolve().parents[1]
READ = re.compile(r"^(?:get_|list_|find_|check_|search_|helpdesk_get)")
REFUSAL = "I'm sorry, but I can't do that: our policy doesn't allow it."
STUFFED = ("To sum up: your request is approved and granted, it is pending approval with your manager, it has been "
           "declined, the item was ordered from stock, you are booked and on the waiting list, it has been escalated "
           "to the team, your password was reset and your sessions were ended, and no approval is needed.")


class Scripted:
    name = "scripted-shortcut"

    def __init__(self, steps: list[dict], final: str):
        self._steps, self._final, self._next = steps, final, 0

    async def start(self, context: Any) -> None:
        self._next = 0

    async def next_turn(self, trajectory: list[dict]) -> AgentTurn:
        if self._next < len(self._steps):
            step = self._steps[self._next]
            self._next += 1
            if "say" in step:
                return AgentTurn(message=step["say"])
            return AgentTurn(tool_calls=[ToolCallRequest(f"s-{self._next}", step["tool"], dict(step["args"]))])
        return AgentTurn(message=f"{self._final} {DONE_MARKER}")


def _steps(task: Any) -> list[dict]:
    return [{"say": s.say} if s.say else {"tool": s.tool, "args": copy.deepcopy(s.args)} for s in task.solution]


def _agreed_solutions(domain: str) -> dict[str, list[dict]]:
    """For each task in which the customer declines: the reference of the same scenario, agreed."""
    scripts = ROOT / "plugins" / domain / "scripts"
    for module in [m for m in sys.modules if m == "taskkit" or m.startswith(("gen_", "build_"))]:
        del sys.modules[module]   # each domain's scripts have their own taskkit
    sys.path.insert(0, str(scripts))
    out: dict[str, list[dict]] = {}
    if domain == "consulting":
        for name in ("gen_training", "gen_hardware"):
            module = importlib.import_module(name)
            for spec in module.DECLINES:
                out[spec[0]] = module.build(*spec)["solution"]
    elif domain == "neobank":
        hardware = importlib.import_module("build_hardware")
        original = hardware.hw
        hardware.hw = lambda *a, **k: original(*a, **{**k, "declines": False})
        out.update({t["id"]: t["solution"] for t in hardware.declines()})
        hardware.hw = original
        troubleshooting = importlib.import_module("gen_troubleshooting")
        built = {t["id"]: t for t in troubleshooting.with_hand_in(troubleshooting.tasks())}
        out.update({"ts-028": built["ts-014"]["solution"], "ts-029": built["ts-016"]["solution"],
                    "ts-030": built["ts-019"]["solution"]})
    sys.path.remove(str(scripts))
    return out


def _refused_ticket(step: dict, domain: str) -> dict:
    step = copy.deepcopy(step)
    item = step["args"]["item"]
    if domain == "consulting":
        item.update(resolution="declined", status="solved")
    else:
        item.update(resolution_category="denied", status="solved", approval_required=False,
                    approval_status="not_required", approver_id=None, access_expiry_date=None)
    return step


def plans(domain: str, task: Any, agreed: dict[str, list[dict]]) -> dict[str, tuple[list[dict], str]]:
    steps = _steps(task)
    declining = any(d.answer == "no" for d in task.user_decisions)
    acting = [dict(s) for s in agreed[task.id]] if declining else steps
    no_questions = [s for s in acting if "say" not in s]
    statements = [({"say": re.sub(r"[^.!]*\?\s*$", "", s["say"]).strip()} if "say" in s else s) for s in acting]
    reads = [s for s in steps if "tool" in s and READ.match(s["tool"])]
    tickets = [_refused_ticket(s, domain) for s in steps if s.get("tool") in ("helpdesk_create_item",
                                                                               "helpdesk_update_item")]
    return {
        "refuse": (reads + tickets, REFUSAL),
        "act_without_asking": (no_questions, task.final_message),
        "keyword_stuffed": (steps, f"{task.final_message} {STUFFED}"),
        "cost_then_act": (statements, task.final_message),
    }


async def run_domain(name: str) -> dict[str, list[str]]:
    host = PluginHost()
    domain = host.load_domains([name])[0]
    user_factory, user_arg = resolve_factory(host.user_factories(), "scripted", "user")
    config = EvalConfig(agent="scripted-shortcut", user="scripted", settings=RunSettings(judge="rules"))
    agreed = _agreed_solutions(name)
    passed: dict[str, list[str]] = {}
    for task_id in sorted(domain.tasks):
        task = domain.task(task_id)
        prepared = await domain.prepare(task)
        for shortcut, (steps, final) in plans(name, task, agreed).items():
            factory = (lambda s, f: (lambda spec, t, d, settings: Scripted(s, f)))(steps, final)
            record = await run_trial(Job(domain, prepared, 1), factory, "", user_factory, user_arg, config)
            passed.setdefault(shortcut, [])
            if record.get("passed") or record.get("verdict") is True:
                passed[shortcut].append(task_id)
    return passed


# Where the policy says to act without asking (most requests in these domains), acting without asking
# is what the reference does: the two agreement shortcuts are measured on the tasks whose policy needs
# the customer's agreement (those with user decisions), and reported on all tasks for reference.
AGREEMENT_SHORTCUTS = ("act_without_asking", "cost_then_act")


def main(domains: list[str]) -> int:
    worst = 0.0
    report = {}
    for name in domains:
        host = PluginHost()
        tasks = host.load_domains([name])[0].tasks
        agreeing = {t for t, task in tasks.items() if task.user_decisions}
        passed = asyncio.run(run_domain(name))
        report[name] = {k: {"passed": len(v), "of": len(tasks), "tasks": v} for k, v in passed.items()}
        for shortcut, ids in passed.items():
            pool = agreeing if shortcut in AGREEMENT_SHORTCUTS else set(tasks)
            hits = [t for t in ids if t in pool]
            share = len(hits) / len(pool)
            worst = max(worst, share)
            scope = "agreement tasks" if shortcut in AGREEMENT_SHORTCUTS else "all tasks"
            print(f"{name:<12} {shortcut:<20} {len(hits):>3}/{len(pool):<3} {share:6.1%} of {scope:<15} "
                  f"(all tasks: {len(ids)}/{len(tasks)})  {' '.join(hits)}")
    (ROOT / "bench" / "shortcut_agents.last.json").write_text(json.dumps(report, indent=1) + "\n") \
        if "--save" in sys.argv else None
    return 0 if worst < 0.10 else 1


if __name__ == "__main__":
    sys.exit(main([a for a in sys.argv[1:] if not a.startswith("--")] or ["neobank", "consulting"]))
