"""Agents: what decides the next assistant turn. Offline agents live here; model-backed
agents plug in through the `tb_agents` hook."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from thinkingbox.models.prompts import DONE_MARKER


@dataclass
class ToolCallRequest:
    id: str
    name: str
    arguments: dict[str, Any] | str  # a string when the model sent something unparsable


@dataclass
class AgentTurn:
    message: str | None = None
    tool_calls: list[ToolCallRequest] = field(default_factory=list)
    usage: dict[str, Any] | None = None   # model tokens and latency of this turn
    reasoning: str | None = None          # reasoning text, where the API returns it


@dataclass
class EpisodeContext:
    """What an agent is given at the start of an episode."""

    system_prompts: list[str]
    request: str
    tools: list[dict[str, Any]]  # name, description, input_schema, read_only
    domain: str = ""
    task_id: str = ""
    trial: int = 0


class Agent(Protocol):
    name: str

    async def start(self, context: EpisodeContext) -> None: ...

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn: ...


class OracleAgent:
    """Replays the task's reference solution, one call (or message) per turn, then its final message.
    It must pass every task: it proves each task is solvable."""

    name = "oracle"

    def __init__(self, task: Any):
        self._steps = list(task.solution)
        self._final = task.final_message
        self._next = 0

    async def start(self, context: EpisodeContext) -> None:
        self._next = 0

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn:
        if self._next < len(self._steps):
            step = self._steps[self._next]
            self._next += 1
            if step.say:  # the reference tells the customer something between its calls
                return AgentTurn(message=step.say)
            return AgentTurn(tool_calls=[ToolCallRequest(f"oracle-{self._next}", step.tool, dict(step.args))])
        message = self._final if DONE_MARKER in self._final else f"{self._final} {DONE_MARKER}"
        return AgentTurn(message=message)


class NoopAgent:
    """Ends the conversation at once. It must fail every task: it proves that the checks
    reject doing nothing."""

    name = "noop"

    def __init__(self, task: Any = None):
        pass

    async def start(self, context: EpisodeContext) -> None:
        pass

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn:
        return AgentTurn(message=f"Sorry, I cannot help with this request. {DONE_MARKER}")
