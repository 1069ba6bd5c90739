"""One episode: the agent talks to the simulated user and calls tools until it ends.

Termination, as in the Thinkingbox paper ("One Success Isn't Reliability", Ko et al.),
appendix C.4: the agent's completion marker, the end-turn tool, the user-turn limit (10
follow-ups by default) or the agent-action cap. The reason is kept.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Awaitable, Callable

import orjson

from thinkingbox.engine.events import TrajectoryEvent
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


def _turn_event(turn: AgentTurn) -> TrajectoryEvent:
    return TrajectoryEvent.assistant(turn.message, turn.tool_calls, turn.reasoning, turn.usage)


# The end rules, shared by run_episode (our agents) and Conversation (agents driven from
# outside), so the two cannot drift apart.
END_TOOL_RESULT = "The conversation is over."


def final_text(message: str) -> str:
    """An agent message as the final message the checks read (without the done marker)."""
    return message.replace(DONE_MARKER, "").strip()


def message_ends(message: str, user_turns: int, limits: Limits) -> str | None:
    """How an agent's message to the user ends the conversation: DONE when it carries the
    done marker, USER_LIMIT when the user has had all its turns; None when the user replies."""
    if DONE_MARKER in message:
        return DONE
    if user_turns >= limits.max_user_turns:
        return USER_LIMIT
    return None


def call_allowed(tool_calls: int, limits: Limits) -> bool:
    """Whether one more tool call may run (the call past the cap ends the conversation)."""
    return tool_calls < limits.max_tool_calls


async def user_reply(user: User, trajectory: list[dict[str, Any]]) -> TrajectoryEvent:
    """The simulated user's reply to the conversation so far, as a trajectory event."""
    reply = await user.reply(visible_messages(trajectory))
    return TrajectoryEvent.user_reply(reply, getattr(user, "last_usage", None))  # (that call's tokens and latency)


async def run_episode(agent: Agent, user: User, request: str, call_tool: CallTool,
                      limits: Limits = Limits(), write_tools: frozenset[str] = frozenset()) -> EpisodeResult:
    """Run one episode. Tool events are marked `write` when the tool may change the world
    (`write_tools`), for failure analysis."""
    trajectory: list[dict[str, Any]] = [TrajectoryEvent.request(request)]
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
                        text, is_error = END_TOOL_RESULT, False
                    elif not call_allowed(tool_calls, limits):
                        return result(ACTION_LIMIT)
                    else:
                        tool_calls += 1
                        text, is_error = await _call(call_tool, call.name, call.arguments)
                    trajectory.append(TrajectoryEvent.tool_result(call.id, call.name, text, is_error,
                                                                  call.name in write_tools))
                if ended:
                    final_message = final_text(turn.message or "") or final_message
                    return result(END_TURN)
                continue
            message = turn.message or ""
            final_message = final_text(message)
            ending = message_ends(message, user_turns, limits)
            if ending:
                return result(ending)
            trajectory.append(await user_reply(user, trajectory))
            user_turns += 1
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


class ConversationOver(Exception):
    """A message or tool call arrived after the conversation ended."""


class Conversation:
    """An episode driven from outside: the agent lives elsewhere (`tb serve`'s user
    endpoint, `tb eval --agent command:CMD`), sends its messages one at a time, and calls
    tools on an MCP server that reports each call here as it runs it.

    The rules are run_episode's, through the same functions (message_ends, call_allowed,
    final_text, user_reply): a message with the completion marker ends it (done), so
    does a message sent with `end` (the end tool: end_turn); after `max_user_turns`
    follow-ups the next message ends it (user_limit); the call past `max_tool_calls` is
    refused and ends it (action_limit). The trajectory has the trial record's format.
    """

    def __init__(self, user: User, request: str, limits: Limits = Limits(),
                 write_tools: frozenset[str] = frozenset()):
        import asyncio

        self.user, self.limits, self.write_tools = user, limits, write_tools
        self.trajectory: list[dict[str, Any]] = [TrajectoryEvent.request(request)]
        self.finish_reason: str | None = None   # None while it goes on
        self.final_message = ""
        self.error: str | None = None
        self.user_turns = self.tool_calls = 0
        self.ended = asyncio.Event()
        self._speaking = asyncio.Lock()  # one message at a time: replies stay in order

    @property
    def request(self) -> str:
        return self.trajectory[0]["content"]

    def finish(self, reason: str, error: str | None = None) -> None:
        if self.finish_reason is None:
            self.finish_reason, self.error = reason, error
            self.ended.set()

    def admit_call(self, name: str, arguments: Any) -> str | None:
        """None when the tool call may run; otherwise why not (the text of its error result)."""
        if self.finish_reason is not None:
            return f"Error: the conversation is over ({self.finish_reason}); nothing was run."
        if not call_allowed(self.tool_calls, self.limits):
            # recorded as run_episode records the call past the cap: asked for, never run
            self.trajectory.append(TrajectoryEvent.tool_call(f"call-{self.tool_calls + 1}", name, arguments))
            self.finish(ACTION_LIMIT)
            return (f"Error: the limit of {self.limits.max_tool_calls} tool calls is reached; "
                    "the conversation is over and nothing was run.")
        self.tool_calls += 1
        return None

    def record_call(self, name: str, arguments: Any, text: str, is_error: bool) -> None:
        """A call admitted by `admit_call`, with its result, as the server returned it."""
        call_id = f"call-{self.tool_calls}"
        self.trajectory.append(TrajectoryEvent.tool_call(call_id, name, arguments))
        self.trajectory.append(TrajectoryEvent.tool_result(call_id, name, text, is_error, name in self.write_tools))

    async def agent_message(self, content: str, end: bool = False) -> str | None:
        """The agent's message to the user. Returns the user's reply, or None when the
        message ended the conversation (`finish_reason` says how). Raises
        ConversationOver after the end, and the user's error if the simulator fails (the
        conversation then ends in an error)."""
        async with self._speaking:
            if self.finish_reason is not None:
                raise ConversationOver(f"the conversation is over ({self.finish_reason})")
            final = final_text(content)
            if end:  # as the end tool in run_episode: the message (if any) keeps its place
                self.trajectory.append(TrajectoryEvent.tool_call("end", END_TOOL_NAME, {}, content))
                self.trajectory.append(TrajectoryEvent.tool_result("end", END_TOOL_NAME, END_TOOL_RESULT, False, False))
                self.final_message = final or self.final_message
                self.finish(END_TURN)
                return None
            self.trajectory.append(TrajectoryEvent.assistant(content))
            self.final_message = final
            ending = message_ends(content, self.user_turns, self.limits)
            if ending:
                self.finish(ending)
                return None
            try:
                reply_event = await user_reply(self.user, self.trajectory)
            except Exception as exc:
                self.finish(ERROR, f"user: {type(exc).__name__}: {exc}")
                raise
            self.user_turns += 1
            self.trajectory.append(reply_event)
            return reply_event["content"]

    def result(self) -> EpisodeResult:
        return EpisodeResult(self.trajectory, self.finish_reason or ERROR, self.final_message, self.error,
                             self.user_turns, self.tool_calls)
