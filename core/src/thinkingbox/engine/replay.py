"""Replaying recorded trials: `tb rejudge` re-runs the executable checks on recorded tool
calls against fresh worlds, and the `replay:<run file>` agent plays a recorded agent's
turns again (so checks or domains can be fixed without paying for models again)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import orjson

from thinkingbox.models.agents import AgentTurn, EpisodeContext, ToolCallRequest
from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.models.prompts import END_TOOL_NAME
from thinkingbox.reporting.records import read_records

if TYPE_CHECKING:
    from thinkingbox.engine.discovery import PluginHost


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


# What the judge reads of a record: the tool calls and what was said (the trajectory), and the
# final message. The finish reason is a word of tb's own, never redacted.
JUDGED_FIELDS = ("trajectory", "final_message")


def redacted_judged_text(record: dict[str, Any]) -> str | None:
    """Where redaction changed text the judge read when the record was written, in words;
    None when the record holds all of it. A record written by this version lists what was
    redacted (`redacted`); one written before that holds [REDACTED] where text was taken out."""
    from thinkingbox.secrets import REDACTED

    if "redacted" in record:
        paths = [p for p in record["redacted"] if p.split(".", 1)[0] in JUDGED_FIELDS]
        return f"redaction replaced text the judge read ({', '.join(paths[:5])}" \
               f"{', ...' if len(paths) > 5 else ''})" if paths else None
    if any(REDACTED in orjson.dumps(record.get(field)).decode() for field in JUDGED_FIELDS):
        return (f"the judged text holds {REDACTED} and the record does not list what was redacted "
                "(written by an older tb, or the agent wrote it)")
    return None


async def rejudge_record(host: PluginHost, record: dict[str, Any]) -> dict[str, Any]:
    """The record with its checks, diff, effects and verdict recomputed from its recorded
    tool calls. Checks that ask a model keep their recorded answers (no model is called).

    A record whose judged text was redacted when it was written is not judged again: the
    judge saw the text, the record holds [REDACTED] in its place, and checks run on that would
    judge something the agent never said or did. Its recorded verdict and checks stay, with
    `rejudged: false` and `not_rejudged` saying why."""
    from thinkingbox.engine.verdicts import apply_calls, judge_trial
    from thinkingbox.contract.tasks import ToolCall

    why = redacted_judged_text(record)
    if why is not None:
        return {**record, "rejudged": False, "previous_verdict": record["verdict"],
                "not_rejudged": f"not re-judged, the recorded verdict stands: {why}"}
    (domain,) = host.load_domains([record["domain"]])
    task = domain.task(record["task"])
    tw = await domain.prepare(task)
    arguments = {}
    for event in record["trajectory"]:
        for call in event.get("tool_calls", []) if event["role"] == "assistant" else []:
            arguments[call["id"]] = call["arguments"]
    from thinkingbox.engine.faults import not_applied, write_results
    from thinkingbox.models.prompts import CHECK_TOOL_NAME

    # write calls a tool fault stopped before they were carried out
    skipped = {id(event) for n, event in write_results(record["trajectory"]) if n in not_applied(record)}
    calls = [ToolCall(tool=event["name"], args=arguments[event["tool_call_id"]]) for event in record["trajectory"]
             if event["role"] == "tool" and event["name"] not in (END_TOOL_NAME, CHECK_TOOL_NAME)
             # invalid JSON arguments never reached a tool
             and isinstance(arguments.get(event["tool_call_id"]), dict) and id(event) not in skipped]
    world = domain.new_world(tw)
    try:
        await apply_calls(domain, world, calls)  # failed calls failed in the trial too; tools are atomic
        final = world.snapshot()
    finally:
        world.close()
    recorded = {c["name"]: c for c in record.get("checks", [])}
    verdict = await judge_trial(domain, tw, final, record["trajectory"], record.get("final_message", ""),
                                record.get("finish_reason", ""), recorded=recorded)
    from thinkingbox.engine.injection import injection_outcome

    checks = [c.to_json() for c in verdict.checks]
    return {**record, "verdict": verdict.passed, "checks": checks,
            "injection": injection_outcome(task, record["trajectory"], checks), "diff": verdict.diff, "effects": [e.to_json() for e in verdict.effects], "rejudged": True,
            "previous_verdict": record["verdict"], "domain_version": domain.version}


REJUDGED_SUFFIX = "(rejudged)"


def rejudge_run(host: PluginHost, run: Path, output: Path,
                progress: Callable[[int, int], Any] | None = None) -> list[dict[str, Any]]:
    """Re-judge every trial of a run file into `output` (which must not hold records yet).
    `progress(done, total)` is called as trials are re-judged, from (0, total) on."""
    import asyncio

    from thinkingbox.reporting.records import RecordWriter, read_run_header, run_label
    from thinkingbox.reporting.report import load_runs

    records = load_runs([run])
    if output.exists() and output.stat().st_size > 0:
        raise ThinkingboxError(f"{output} already exists; choose another --output")

    if progress is not None:
        progress(0, len(records))

    async def rejudge_all() -> list[dict[str, Any]]:
        done = []
        for record in records:
            done.append(await rejudge_record(host, record))
            if progress is not None:
                progress(len(done), len(records))
        return done

    rejudged = asyncio.run(rejudge_all())
    # A run of its own in reports, beside the one it re-judges (`tb report runs/*.jsonl`
    # reads both): its label says it was re-judged.
    for record in rejudged:
        record["config"] = {**record["config"], "label": f"{run_label(record)} {REJUDGED_SUFFIX}"}
    header = read_run_header(run)  # the same run, judged again: its header says so
    if header:
        header = {**header, "label": f"{header['label']} {REJUDGED_SUFFIX}", "rejudged_from": str(run),
                  "config": {**header["config"], "label": f"{header['config'].get('label', '')} {REJUDGED_SUFFIX}"}}
    writer = RecordWriter(output, header=header)
    for record in rejudged:
        writer.write(record)
    writer.close()
    return rejudged
