"""An external agent for `tb eval --agent command:CMD`, built on the OpenAI Agents SDK
(`pip install openai-agents`) and its MCP client. docs/external-agents.md has the protocol.

    tb eval --domains retail --agent "command:python examples/openai_agents_adapter.py gpt-4.1"

The model is reached through chat completions at OPENAI_BASE_URL with OPENAI_API_KEY.
"""
import asyncio
import json
import sys

from agents import Agent, OpenAIChatCompletionsModel, Runner, set_tracing_disabled
from agents.mcp import MCPServerStreamableHttp
from openai import AsyncOpenAI


def send(message: dict) -> None:
    print(json.dumps(message), flush=True)


def receive() -> dict:
    return json.loads(sys.stdin.readline() or '{"type": "end"}')


async def main(model_name: str) -> None:
    set_tracing_disabled(True)  # no trace export: nothing leaves for OpenAI's tracing service
    start = receive()
    model = OpenAIChatCompletionsModel(model=model_name, openai_client=AsyncOpenAI())
    server = MCPServerStreamableHttp({"url": start["mcp_url"], "headers": start["mcp_headers"], "timeout": 60},
                                     client_session_timeout_seconds=60, cache_tools_list=True)
    async with server:
        agent = Agent(name="support", instructions=start["system_prompt"], model=model, mcp_servers=[server])
        conversation = [{"role": "user", "content": start["message"]}]
        while True:
            result = await Runner.run(agent, conversation, max_turns=100)
            send({"type": "message", "content": str(result.final_output)})
            incoming = receive()
            if incoming["type"] != "user":
                return
            conversation = result.to_input_list() + [{"role": "user", "content": incoming["message"]}]


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
