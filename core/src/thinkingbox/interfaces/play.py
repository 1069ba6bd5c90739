"""`tb play`: a person plays the agent in the terminal, against the simulated user and the
real tools of one task world, then sees the verdict and the diff."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Callable

import orjson

from thinkingbox.models.agents import AgentTurn, EpisodeContext, ToolCallRequest
from thinkingbox.models.prompts import DONE_MARKER

HELP = f"""Type a message to the customer and press Enter. Commands:
  /tools               list the tools          /tool NAME       show one tool's arguments
  /call NAME {{json}}    call a tool             /policy          show the domain prompt and policies
  /done [MESSAGE]      send a final message and end (same as ending a message with {DONE_MARKER})
  /quit                give up (the trial is still judged)       /help            this text"""


class QuitPlay(Exception):
    pass


class HumanAgent:
    name = "human"

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None], domain_prompt: str):
        self.read, self.write, self.domain_prompt = read, write, domain_prompt
        self.tools: dict[str, dict[str, Any]] = {}
        self.shown = 0
        self.calls = 0

    async def start(self, context: EpisodeContext) -> None:
        self.tools = {t["name"]: t for t in context.tools}
        self.write(HELP)

    def _show_new(self, trajectory: list[dict[str, Any]]) -> None:
        for event in trajectory[self.shown:]:
            if event["role"] == "user":
                self.write(f"\ncustomer> {event['content']}")
            elif event["role"] == "tool":
                mark = "ERROR " if event["is_error"] else ""
                self.write(f"{mark}{event['name']} -> {event['content']}")
        self.shown = len(trajectory)

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn:
        self._show_new(trajectory)
        while True:
            try:
                line = (await asyncio.to_thread(self.read, "you> ")).strip()
            except EOFError:
                line = "/quit"
            if not line:
                continue
            if not line.startswith("/"):
                return AgentTurn(message=line)
            command, _, rest = line.partition(" ")
            if command == "/help":
                self.write(HELP)
            elif command == "/tools":
                for tool in self.tools.values():
                    first = (tool["description"] or "").splitlines()[0] if tool["description"] else ""
                    self.write(f"  {tool['name']}: {first}")
            elif command == "/tool":
                tool = self.tools.get(rest.strip())
                self.write(orjson.dumps(tool["input_schema"], option=orjson.OPT_INDENT_2).decode()
                           if tool else f"no tool {rest.strip()!r}; /tools lists them")
            elif command == "/policy":
                self.write(self.domain_prompt)
            elif command == "/call":
                name, _, raw = rest.strip().partition(" ")
                if not name:
                    self.write("usage: /call NAME {json arguments}")
                    continue
                self.calls += 1
                try:
                    arguments: dict[str, Any] | str = orjson.loads(raw or "{}")
                except orjson.JSONDecodeError:
                    arguments = raw  # sent as is: the episode reports invalid JSON like it does for models
                return AgentTurn(tool_calls=[ToolCallRequest(f"human-{self.calls}", name, arguments)])
            elif command == "/done":
                return AgentTurn(message=f"{rest.strip() or 'Goodbye.'} {DONE_MARKER}")
            elif command == "/quit":
                return AgentTurn(tool_calls=[ToolCallRequest("human-quit", "end_conversation", {})])
            else:
                self.write(f"unknown command {command}; /help lists them")


def play_task(host: Any, domain: Any, task: Any, user: str, settings: Any, read: Callable[[str], str],
              write: Callable[[str], None], output: Path | None = None) -> dict[str, Any]:
    """Play one task as the agent (reading and writing the terminal), judge it like any
    trial, show the verdict, and append the record to `output` if given."""
    from thinkingbox.engine.trial import EvalConfig, Job, resolve_factory, run_trial
    from thinkingbox.reporting.records import RecordWriter
    from thinkingbox.reporting.show import summary

    user_factory, user_arg = resolve_factory(host.user_factories(), user, "user")
    config = EvalConfig(agent="human", user=user, settings=settings)
    human = HumanAgent(read, write, domain.system_prompt)
    write(f"{domain.info.title}: task {task.id}. You are the support agent.")
    write(f"\ncustomer> {task.request}")
    human.shown = 1

    async def play() -> dict[str, Any]:
        job = Job(domain, await domain.prepare(task), 1)
        return await run_trial(job, lambda *a: human, "", user_factory, user_arg, config)

    record = asyncio.run(play())
    write(summary(record))
    if output:
        writer = RecordWriter(output)
        writer.write(record)
        writer.close()
    return record
