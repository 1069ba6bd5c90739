"""Tool faults (`tb eval --tool-faults SPEC`): seeded failures of write calls, to measure
whether an agent stays correct when a service fails.

SPEC is a comma list of KEY=VALUE, each key at most once:

    before=P   probability that a write call fails before it is carried out: nothing is
               applied, and the agent reads an error saying nothing changed (a retry is safe)
    after=P    probability that a write call's answer is lost after it was carried out: the
               write is applied, and the agent reads a timeout saying the outcome is unknown
               (a blind retry writes twice)
    seed=N     an integer (default 0) choosing the schedule

A lost answer names its request (REQ-n), and faulted runs list one more tool,
`check_request`, that tells whether a request was carried out: an agent can check instead
of guessing, as it would with a real service's request status. (Re-reading the records is
the other way; in some domains no read shows every write, e.g. a charge.)

P is a probability from 0 to 1; before + after is at most 1; one of them is above 0. For
example `before=0.1,after=0.05,seed=7`.

Only write tools are faulted (the domain marks them with `write_tool`; reads and the core's
reporting tool never fail). Whether the n-th write call of a trial fails, and how, depends on
the seed, the domain, the task, the trial number and n alone, so a run is reproducible and
two agents meet the same faults on the same calls. The faults are made on the harness's side
of the tool session, for every tool transport alike (memory, stdio, http); agents that call
their tools themselves (`--agent command:CMD`) are not supported. The golden state does not
change: an agent that checks the records before retrying still reaches it.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Awaitable, Callable

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.models.prompts import (CHECK_DONE_TEXT, CHECK_NOT_DONE_TEXT, CHECK_TOOL_NAME, CHECK_UNKNOWN_TEXT,
                                       FAULT_AFTER_TEXT, FAULT_BEFORE_TEXT)

BEFORE, AFTER = "before", "after"
FLAG = "--tool-faults"


@dataclass(frozen=True)
class FaultSpec:
    before: float = 0.0
    after: float = 0.0
    seed: int = 0

    def __str__(self) -> str:
        return f"before={self.before:g},after={self.after:g},seed={self.seed}"

    def kind(self, domain: str, task: str, trial: int, call: int) -> str | None:
        """How the `call`-th write call (from 1) of this trial fails: BEFORE, AFTER or None."""
        digest = hashlib.sha256(f"{self.seed}\x1f{domain}\x1f{task}\x1f{trial}\x1f{call}".encode()).digest()
        draw = int.from_bytes(digest[:8], "big") / 2**64
        if draw < self.before:
            return BEFORE
        if draw < self.before + self.after:
            return AFTER
        return None


@lru_cache(maxsize=64)
def parse_faults(text: str, flag: str = FLAG) -> FaultSpec:
    """A SPEC as the module's docstring describes it; a ThinkingboxError names the bad part."""
    values: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(",")):
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or key not in ("before", "after", "seed"):
            raise ThinkingboxError(f"{flag} {text!r}: {part!r} is not KEY=VALUE with KEY before, after or seed "
                                   "(e.g. before=0.1,after=0.05,seed=7)")
        if key in values:
            raise ThinkingboxError(f"{flag} {text!r}: {key} is given twice")
        if key == "seed":
            try:
                values[key] = int(value)
            except ValueError:
                raise ThinkingboxError(f"{flag} {text!r}: seed={value!r} is not an integer") from None
            continue
        try:
            probability = float(value)
        except ValueError:
            probability = -1.0
        if not 0 <= probability <= 1:
            raise ThinkingboxError(f"{flag} {text!r}: {key}={value!r} is not a probability from 0 to 1")
        values[key] = probability
    spec = FaultSpec(**values)
    if spec.before + spec.after > 1:
        raise ThinkingboxError(f"{flag} {text!r}: before + after is {spec.before + spec.after:g}; at most 1")
    if spec.before == spec.after == 0:
        raise ThinkingboxError(f"{flag} {text!r}: give before=P or after=P above 0 (or leave the flag out)")
    return spec


CHECK_TOOL_SCHEMA = {
    "name": CHECK_TOOL_NAME,
    "description": "Tell whether a request whose answer was lost (a timeout naming its request id) was carried "
                   "out. Changes nothing.",
    "input_schema": {"type": "object", "properties": {"request": {"type": "string", "description": "the request "
                     "id the timeout named, e.g. REQ-2"}}, "required": ["request"]},
    "read_only": True,
}

CallTool = Callable[[str, dict[str, Any]], Awaitable[tuple[str, bool]]]


@dataclass
class TrialFaults:
    """One trial's faults: wraps its tool calls and keeps which write calls it failed."""

    spec: FaultSpec
    domain: str
    task: str
    trial: int
    write_tools: frozenset[str]
    writes: int = 0
    calls: list[dict[str, Any]] = field(default_factory=list)
    lost: dict[str, tuple[str, bool]] = field(default_factory=dict)   # request id -> (tool, carried out)

    def wrap(self, call_tool: CallTool) -> CallTool:
        async def call(name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
            if name == CHECK_TOOL_NAME:
                return self.check(arguments)
            if name not in self.write_tools:
                return await call_tool(name, arguments)
            self.writes += 1
            kind = self.spec.kind(self.domain, self.task, self.trial, self.writes)
            if kind is None:
                return await call_tool(name, arguments)
            fault = {"call": self.writes, "tool": name, "kind": kind}
            self.calls.append(fault)
            if kind == BEFORE:
                return FAULT_BEFORE_TEXT.format(tool=name), True
            _, failed = await call_tool(name, arguments)   # carried out (unless the call itself failed); answer lost
            fault["applied"] = not failed
            request = f"REQ-{self.writes}"
            self.lost[request] = (name, not failed)
            return FAULT_AFTER_TEXT.format(tool=name, request=request), True

        return call

    def check(self, arguments: dict[str, Any]) -> tuple[str, bool]:
        """The check tool: whether a request whose answer was lost was carried out."""
        request = str(arguments.get("request", "")).strip()
        if request not in self.lost:
            return CHECK_UNKNOWN_TEXT.format(request=request or "(none given)"), True
        tool, done = self.lost[request]
        return (CHECK_DONE_TEXT if done else CHECK_NOT_DONE_TEXT).format(request=request, tool=tool), False

    def mark(self, trajectory: list[dict[str, Any]]) -> None:
        """Mark the tool results of write calls carried out though their answer was lost with
        `"applied": true`, so that judging treats them as the successful calls they were
        (the order of what was said and done: `states_before`, agreement)."""
        carried_out = {c["call"] for c in self.calls if c.get("applied")}
        for number, event in write_results(trajectory):
            if number in carried_out:
                event["applied"] = True

    def to_json(self) -> dict[str, Any]:
        return {"spec": str(self.spec), "calls": list(self.calls)}


def write_results(trajectory: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """(n, result event) of each write call that reached its tool, numbered from 1 as
    TrialFaults numbers them (a call whose arguments were not a JSON object never ran)."""
    arguments = {call.get("id"): call.get("arguments") for event in trajectory if event.get("role") == "assistant"
                 for call in event.get("tool_calls") or ()}
    found = []
    for event in trajectory:
        if event.get("role") == "tool" and event.get("write") and isinstance(arguments.get(event.get("tool_call_id")), dict):
            found.append((len(found) + 1, event))
    return found


def not_applied(record: dict[str, Any]) -> set[int]:
    """The write calls (numbered from 1, as `faults.calls` numbers them) a record's faults
    stopped before they were carried out, for replaying the record's calls (`tb rejudge`)."""
    return {c["call"] for c in (record.get("faults") or {}).get("calls", ()) if c.get("kind") == BEFORE}
