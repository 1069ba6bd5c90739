"""The `openai:<model>` agent: Chat Completions with tools against any OpenAI-compatible
endpoint (OpenAI, Azure OpenAI, vLLM and other local servers)."""
from __future__ import annotations

from typing import Any

import orjson

from thinkingbox.models import llm
from thinkingbox.models.agents import AgentTurn, EpisodeContext, ToolCallRequest
from thinkingbox.models.llm import ModelConfig

EMPTY_RETRIES = 2  # an empty completion (no text, no tool call) is asked again this often


def function_schema(tool: dict[str, Any]) -> dict[str, Any]:
    """An MCP tool (name, description, JSON schema) as a Chat Completions function."""
    return {"type": "function", "function": {"name": tool["name"], "description": tool["description"],
                                             "parameters": tool["input_schema"] or {"type": "object", "properties": {}}}}


def to_messages(trajectory: list[dict[str, Any]], keep_reasoning: bool = True) -> list[dict[str, Any]]:
    """The episode so far as Chat Completions messages (system prompts not included)."""
    return [m for m in (_message(e, keep_reasoning) for e in trajectory) if m is not None]


def _message(event: dict[str, Any], keep_reasoning: bool) -> dict[str, Any] | None:
    """One trajectory event as a Chat Completions message (None: not one the model sees)."""
    role = event["role"]
    if role == "user":
        return {"role": "user", "content": event["content"]}
    if role == "assistant":
        message: dict[str, Any] = {"role": "assistant", "content": event.get("content") or None}
        if event.get("tool_calls"):
            message["tool_calls"] = [
                {"id": c["id"], "type": "function",
                 "function": {"name": c["name"], "arguments": c["arguments"] if isinstance(c["arguments"], str)
                              else orjson.dumps(c["arguments"]).decode()}}
                for c in event["tool_calls"]]
        if keep_reasoning and event.get("reasoning"):
            message["reasoning_content"] = event["reasoning"]
        return message
    if role == "tool":
        return {"role": "tool", "tool_call_id": event["tool_call_id"], "content": event["content"]}
    return None


def _arguments(raw: str) -> dict[str, Any] | str:
    """Parsed arguments, or the raw text when the model sent invalid JSON (the episode then
    returns a tool error to the model instead of running anything)."""
    try:
        value = orjson.loads(raw or "{}")
    except orjson.JSONDecodeError:
        return raw
    return value if isinstance(value, dict) else raw


class OpenAIAgent:
    name = "openai"
    reads_tools_only = True  # (function_schema builds new dicts around the listing's schemas)

    def __init__(self, config: ModelConfig, keep_reasoning: bool = True):
        self.config = config
        self.keep_reasoning = keep_reasoning
        self.system: list[dict[str, Any]] = []
        self.tools: llm.ToolSchemas = llm.ToolSchemas([])
        self.usage = llm.empty_usage()  # every call of the trial, failed ones included
        # The conversation as sent so far: the messages (system prompts first), made from
        # the first `_converted` events of the trajectory list `_source`. The episode only
        # appends to its trajectory, so each turn converts only the events that are new.
        self._messages = llm.Conversation()
        self._source: list[dict[str, Any]] | None = None
        self._converted = 0
        self._last: dict[str, Any] | None = None

    async def start(self, context: EpisodeContext) -> None:
        self.system = [{"role": "system", "content": prompt} for prompt in context.system_prompts if prompt]
        self.tools = llm.ToolSchemas([function_schema(t) for t in context.tools])  # serialised once
        self._source = None

    def _conversation(self, trajectory: list[dict[str, Any]]) -> list[dict[str, Any]]:
        done = self._converted
        if not (trajectory is self._source and len(trajectory) >= done
                and (done == 0 or trajectory[done - 1] is self._last)):
            self._messages, self._source, done = llm.Conversation(self.system), trajectory, 0  # another conversation
        for event in trajectory[done:]:
            message = _message(event, self.keep_reasoning)
            if message is not None:
                self._messages.append(message)
        self._converted = len(trajectory)
        self._last = trajectory[-1] if trajectory else None
        return self._messages

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn:
        messages = self._conversation(trajectory)
        usage = llm.empty_usage()
        for _ in range(1 + EMPTY_RETRIES):
            try:
                completion = await llm.complete(self.config, messages, self.tools or None)
            except llm.ModelCallFailed as exc:
                llm.add_usage(self.usage, exc.usage)
                raise
            llm.add_usage(usage, completion.usage)
            llm.add_usage(self.usage, completion.usage)
            if completion.content.strip() or completion.tool_calls:
                break
        calls = [ToolCallRequest(c["id"] or f"call_{len(trajectory)}_{i}", c["name"], _arguments(c["arguments"]))
                 for i, c in enumerate(completion.tool_calls)]
        return AgentTurn(message=completion.content, tool_calls=calls, usage=usage, reasoning=completion.reasoning)
