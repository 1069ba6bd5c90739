"""One episode: the agent talks to the simulated user and calls tools until it ends.

Termination, as in the Thinkingbox paper ("One Success Isn't Reliability", Ko et al.),
appendix C.4: the agent's completion marker, the end-turn tool, the user-turn limit (10
follow-ups by default) or the agent-action cap. The reason is kept.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Awaitable, Callable

import orjson

from thinkingbox.models.agents import Agent, AgentTurn
from thinkingbox.models.prompts import DONE_MARKER, END_TOOL_NAME
from thinkingbox.models.users import User

END_TOOL_SCHEMA = {
    "name": END_TOOL_NAME,
    "description": "End the conversation once the request is fully handled and nothing is "
    "awaited from the user. Equivalent to finishing your last message with " + DONE_MARKER + ".",
    "input_schema": {"type": "object", "properties": {}},
    "read_only": True,
}

# finish reasons
DONE, END_TURN, USER_LIMIT, ACTION_LIMIT, ERROR = "done", "end_turn", "user_limit", "action_limit", "error"


@dataclass
class Limits:
    max_user_turns: int = 10   # simulated-user follow-ups after the opening request
    max_tool_calls: int = 50   # agent-action cap: tool calls per episode


@dataclass
class EpisodeResult:
    trajectory: list[dict[str, Any]]
    finish_reason: str
    final_message: str
    error: str | None = None
    user_turns: int = 0
    tool_calls: int = 0


CallTool = Callable[[str, dict[str, Any]], Awaitable[tuple[str, bool]]]


def visible_messages(trajectory: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The user's view: user and assistant text only, no tool calls or results."""
    return [
        {"role": e["role"], "content": e["content"]}
        for e in trajectory
        if e["role"] in ("user", "assistant") and e.get("content")
    ]


def _turn_event(turn: AgentTurn) -> dict[str, Any]:
    event: dict[str, Any] = {"role": "assistant", "content": turn.message or ""}
    if turn.tool_calls:
        event["tool_calls"] = [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in turn.tool_calls]
    if turn.reasoning:
        event["reasoning"] = turn.reasoning
    if turn.usage:
        event["usage"] = turn.usage
    return event


async def run_episode(agent: Agent, user: User, request: str, call_tool: CallTool,
                      limits: Limits = Limits(), write_tools: frozenset[str] = frozenset()) -> EpisodeResult:
    """Run one episode. Tool events are marked `write` when the tool may change the world
    (`write_tools`), for failure analysis."""
    trajectory: list[dict[str, Any]] = [{"role": "user", "content": request, "source": "task"}]
    user_turns = tool_calls = 0
    final_message = ""

    def result(reason: str, error: str | None = None) -> EpisodeResult:
        return EpisodeResult(trajectory, reason, final_message, error, user_turns, tool_calls)

    try:
        while True:
            turn = await agent.next_turn(trajectory)
            trajectory.append(_turn_event(turn))
            if turn.tool_calls:
                ended = False
                for call in turn.tool_calls:
                    if call.name == END_TOOL_NAME:
                        ended = True
                        text, is_error = "The conversation is over.", False
                    elif tool_calls >= limits.max_tool_calls:
                        return result(ACTION_LIMIT)
                    else:
                        tool_calls += 1
                        text, is_error = await _call(call_tool, call.name, call.arguments)
                    trajectory.append({"role": "tool", "tool_call_id": call.id, "name": call.name,
                                       "content": text, "is_error": is_error, "write": call.name in write_tools})
                if ended:
                    final_message = (turn.message or "").replace(DONE_MARKER, "").strip() or final_message
                    return result(END_TURN)
                continue
            message = turn.message or ""
            final_message = message.replace(DONE_MARKER, "").strip()
            if DONE_MARKER in message:
                return result(DONE)
            if user_turns >= limits.max_user_turns:
                return result(USER_LIMIT)
            reply = await user.reply(visible_messages(trajectory))
            user_turns += 1
            event = {"role": "user", "content": reply, "source": "simulator"}
            if getattr(user, "last_usage", None):
                event["usage"] = user.last_usage  # this simulator call's tokens and latency
            trajectory.append(event)
    except Exception as exc:  # the agent or user failed: the trial counts as failed, the run goes on
        return result(ERROR, f"{type(exc).__name__}: {exc}")


async def _call(call_tool: CallTool, name: str, arguments: dict[str, Any] | str) -> tuple[str, bool]:
    if isinstance(arguments, str):
        try:
            arguments = orjson.loads(arguments or "{}")
        except orjson.JSONDecodeError as exc:
            return f"Error: the arguments of {name} are not valid JSON ({exc}); nothing was run.", True
    if not isinstance(arguments, dict):
        return f"Error: the arguments of {name} must be a JSON object; nothing was run.", True
    return await call_tool(name, arguments)
