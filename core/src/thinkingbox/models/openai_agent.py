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
    messages: list[dict[str, Any]] = []
    for event in trajectory:
        role = event["role"]
        if role == "user":
            messages.append({"role": "user", "content": event["content"]})
        elif role == "assistant":
            message: dict[str, Any] = {"role": "assistant", "content": event.get("content") or None}
            if event.get("tool_calls"):
                message["tool_calls"] = [
                    {"id": c["id"], "type": "function",
                     "function": {"name": c["name"], "arguments": c["arguments"] if isinstance(c["arguments"], str)
                                  else orjson.dumps(c["arguments"]).decode()}}
                    for c in event["tool_calls"]]
            if keep_reasoning and event.get("reasoning"):
                message["reasoning_content"] = event["reasoning"]
            messages.append(message)
        elif role == "tool":
            messages.append({"role": "tool", "tool_call_id": event["tool_call_id"], "content": event["content"]})
    return messages


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

    def __init__(self, config: ModelConfig, keep_reasoning: bool = True):
        self.config = config
        self.keep_reasoning = keep_reasoning
        self.system: list[dict[str, Any]] = []
        self.tools: list[dict[str, Any]] = []
        self.usage = llm.empty_usage()  # every call of the trial, failed ones included

    async def start(self, context: EpisodeContext) -> None:
        self.system = [{"role": "system", "content": prompt} for prompt in context.system_prompts if prompt]
        self.tools = [function_schema(t) for t in context.tools]

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn:
        messages = self.system + to_messages(trajectory, self.keep_reasoning)
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
