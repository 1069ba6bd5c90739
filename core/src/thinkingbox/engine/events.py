"""Trajectory events: what happened in a trial's conversation, in order. Every event is
made here, by one of TrajectoryEvent's constructors, so the record format has one author.

An event IS the dict a trial record holds (a `dict` subclass), so readers keep reading
`event["role"]` and a record written to a run file is unchanged; the constructors and the
typed properties are what this class adds. The kinds, as they appear in a record:

    request      {"role": "user", "content", "source": "task"}           the opening request
    user reply   {"role": "user", "content", "source": "simulator", "usage"?}
    assistant    {"role": "assistant", "content", "tool_calls"?, "reasoning"?, "usage"?}
                 (tool_calls: [{"id", "name", "arguments"}], arguments an object, or the text a
                 model sent that is not JSON)
    tool result  {"role": "tool", "tool_call_id", "name", "content", "is_error", "write", "applied"?}
                 (applied: true on a write carried out whose answer a tool fault lost; engine/faults.py)

Optional keys are left out when empty, as records always had them. The end of a trial
(finish reason, error) is kept in the record beside the trajectory, not as an event.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

TOOL_CALL_KEYS = ("id", "name", "arguments")


class TrajectoryEvent(dict):
    """One event of a trajectory (see the module's docstring for the kinds)."""

    __slots__ = ()

    # ---- constructors: the only places an event is made ------------------------------

    @classmethod
    def request(cls, text: str) -> TrajectoryEvent:
        """The task's opening request (the first event of every trial)."""
        return cls(role="user", content=text, source="task")

    @classmethod
    def user_reply(cls, text: str, usage: dict[str, Any] | None = None,
                   source: str | None = "simulator") -> TrajectoryEvent:
        """The simulated user's reply; `usage`: that simulator call's tokens and latency.
        `source=None` for a customer message that came from neither (a labelled corpus)."""
        event = cls(role="user", content=text)
        if source is not None:
            event["source"] = source
        if usage:
            event["usage"] = usage
        return event

    @classmethod
    def assistant(cls, message: str | None, tool_calls: Iterable[Any] = (), reasoning: str | None = None,
                  usage: dict[str, Any] | None = None) -> TrajectoryEvent:
        """An agent turn: its message (may be empty) and the tool calls it asked for, each
        an object with `id`, `name` and `arguments` (models.agents.ToolCallRequest) or a
        mapping with those keys."""
        event = cls(role="assistant", content=message or "")
        calls = [_call(c) for c in tool_calls]
        if calls:
            event["tool_calls"] = calls
        if reasoning:
            event["reasoning"] = reasoning
        if usage:
            event["usage"] = usage
        return event

    @classmethod
    def tool_call(cls, call_id: str, name: str, arguments: Any, message: str = "") -> TrajectoryEvent:
        """An agent turn of one tool call (as agents driven from outside and replayed steps make them)."""
        return cls.assistant(message, [{"id": call_id, "name": name, "arguments": arguments}])

    @classmethod
    def tool_result(cls, call_id: str, name: str, content: str, is_error: bool,
                    write: bool | None = None) -> TrajectoryEvent:
        """What a tool call returned. `write`: whether the tool may change the world (for
        failure analysis); None leaves the key out (a labelled corpus does not know)."""
        event = cls(role="tool", tool_call_id=call_id, name=name, content=content, is_error=is_error)
        if write is not None:
            event["write"] = write
        return event

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TrajectoryEvent:
        """An event as a run file holds it (a record read back, a trajectory sent to `tb serve`)."""
        return cls(data)

    def to_json(self) -> dict[str, Any]:
        """The event as a trial record holds it: a plain dict, exactly these keys."""
        return dict(self)

    # ---- typed reading -----------------------------------------------------------------

    @property
    def kind(self) -> str:
        """request, user, assistant or tool."""
        role = self.get("role", "")
        return "request" if role == "user" and self.get("source") == "task" else role

    @property
    def role(self) -> str:
        return self["role"]

    @property
    def content(self) -> str:
        return self.get("content") or ""

    @property
    def tool_calls(self) -> list[dict[str, Any]]:
        return self.get("tool_calls") or []

    @property
    def is_error(self) -> bool:
        return bool(self.get("is_error"))

    @property
    def usage(self) -> dict[str, Any] | None:
        return self.get("usage")


def _call(call: Any) -> dict[str, Any]:
    if isinstance(call, Mapping):
        return {key: call[key] for key in TOOL_CALL_KEYS}
    return {"id": call.id, "name": call.name, "arguments": call.arguments}


def as_events(trajectory: Iterable[Mapping[str, Any]]) -> list[TrajectoryEvent]:
    """A trajectory's events as TrajectoryEvents (those read from a file become one)."""
    return [e if isinstance(e, TrajectoryEvent) else TrajectoryEvent.from_json(e) for e in trajectory]
