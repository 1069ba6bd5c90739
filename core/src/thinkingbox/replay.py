"""Replaying recorded trials: `tb rejudge` re-runs the executable checks on recorded tool
calls against fresh worlds, and the `replay:<run file>` agent plays a recorded agent's
turns again (so checks or domains can be fixed without paying for models again)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from .agents import AgentTurn, EpisodeContext, ToolCallRequest
from .errors import ThinkingboxError
from .judge import TrialOutcome, run_check
from .plugins import PluginHost
from .records import read_records
from .tools import _current_world, bind_world


@lru_cache(maxsize=8)
def _index(path: str) -> dict[tuple[str, str, int], dict[str, Any]]:
    if not Path(path).exists():
        raise ThinkingboxError(f"replay: run file {path} not found")
    return {(r["domain"], r["task"], r["trial"]): r for r in read_records(Path(path))}


class ReplayAgent:
    """Plays back the assistant turns of the recorded trial with the same domain, task
    and trial number; ends the conversation when the recording runs out."""

    name = "replay"

    def __init__(self, path: str):
        self.path = path
        self.turns: list[dict[str, Any]] = []

    async def start(self, context: EpisodeContext) -> None:
        record = _index(self.path).get((context.domain, context.task_id, context.trial))
        if record is None:
            raise ThinkingboxError(f"replay: {self.path} has no trial {context.trial} of {context.domain}/{context.task_id}")
        self.turns = [e for e in record["trajectory"] if e["role"] == "assistant"]

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn:
        if not self.turns:
            return AgentTurn(tool_calls=[ToolCallRequest("replay-end", "end_conversation", {})])
        event = self.turns.pop(0)
        calls = [ToolCallRequest(c["id"], c["name"], c["arguments"]) for c in event.get("tool_calls", [])]
        return AgentTurn(message=event.get("content") or "", tool_calls=calls, reasoning=event.get("reasoning"))


async def rejudge_record(host: PluginHost, record: dict[str, Any]) -> dict[str, Any]:
    """The record with its checks, diff, effects and verdict recomputed from its recorded
    tool calls. Recorded rubric answers are kept (no model is called)."""
    from .episode import ERROR

    (domain,) = host.load_domains([record["domain"]])
    task = domain.task(record["task"])
    tw = await domain.prepare(task)
    world = domain.new_world(tw)
    token = bind_world(world)
    arguments = {}
    for event in record["trajectory"]:
        for call in event.get("tool_calls", []) if event["role"] == "assistant" else []:
            arguments[call["id"]] = call["arguments"]
    try:
        for event in record["trajectory"]:
            if event["role"] != "tool" or event["name"] == "end_conversation":
                continue
            args = arguments.get(event["tool_call_id"])
            if not isinstance(args, dict):
                continue  # invalid JSON arguments never reached a tool
            try:
                await domain.server.call_tool(event["name"], args)
            except Exception:
                pass  # it failed in the trial too; tools are atomic
        final = world.snapshot()
    finally:
        _current_world.reset(token)
        world.close()
    effects = domain.side_effects(tw.initial, final)
    outcome = TrialOutcome(domain, task, domain.schema, tw.initial, final, tw.golden, record["trajectory"],
                           record.get("final_message", ""), record.get("finish_reason", ""), effects)
    recorded = {c["name"]: c for c in record.get("checks", [])}
    checks = []
    for check in domain.checks(task):
        if check.name == "rubric" and "rubric" in recorded:
            checks.append(recorded["rubric"])
            continue
        checks.append((await run_check(check, outcome)).to_json())
    verdict = bool(checks) and all(c["passed"] for c in checks) and record.get("finish_reason") != ERROR
    return {**record, "verdict": verdict, "checks": checks,
            "diff": next((c["data"] for c in checks if c["name"] == "golden_state"), None),
            "effects": [e.to_json() for e in effects], "rejudged": True,
            "previous_verdict": record["verdict"], "domain_version": domain.version}
