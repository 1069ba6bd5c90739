"""`tb play`: a person plays the agent in the terminal, against the simulated user and the
real tools of one task world, then sees the verdict and the diff."""
from __future__ import annotations

import asyncio
import signal
import threading
from pathlib import Path
from typing import Any, Callable

import orjson

from thinkingbox.models.agents import AgentTurn, EpisodeContext, ToolCallRequest
from thinkingbox.models.prompts import DONE_MARKER

HELP = f"""Type a message to the customer and press Enter. Commands:
  /tools               the tools and what they do (as the model sees them)
  /tool NAME           one tool's description and arguments
  /call NAME {{json}}    call a tool             /policy          show the domain prompt and policies
  /done [MESSAGE]      send a final message and end (same as ending a message with {DONE_MARKER})
  /quit                give up (the trial is still judged)       /help            this text"""


COMMANDS = ["/tools", "/tool", "/call", "/policy", "/done", "/quit", "/help"]


def _ask(read: Callable[[str], str], prompt: str) -> str:
    """`read(prompt)` in the main thread, holding up the event loop while a person types: nothing
    else runs during the agent's turn, and only the main thread gets readline's line editing.
    Ctrl-C raises KeyboardInterrupt here at once (asyncio.run's own handler would only cancel
    the task and leave input() waiting)."""
    if threading.current_thread() is not threading.main_thread():
        return read(prompt)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return read(prompt)
    finally:
        signal.signal(signal.SIGINT, previous)


def tool_text(tool: dict[str, Any]) -> str:
    """A tool's name and its whole description, as the model is given it."""
    description = (tool.get("description") or "").strip()
    return f"  {tool['name']}\n" + "".join(f"      {line}\n" for line in description.splitlines()).rstrip("\n")


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
                line = _ask(self.read, "you> ").strip()
            except EOFError:  # Ctrl-D, or the end of piped input: give up; the trial is still judged
                self.write("\n(end of input: giving up; the trial is judged as it stands)")
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
                    self.write(tool_text(tool))
            elif command == "/tool":
                tool = self.tools.get(rest.strip())
                self.write(tool_text(tool) + "\n" + orjson.dumps(tool["input_schema"], option=orjson.OPT_INDENT_2).decode()
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


def line_editing(human: HumanAgent) -> bool:
    """Arrow keys, history and Tab completion of commands and tool names for `input()`, from
    the standard library's readline where the platform has it. False where it does not."""
    try:
        import readline
    except ImportError:  # Windows without pyreadline: plain input still works
        return False

    def complete(text: str, state: int) -> str | None:
        words = COMMANDS if readline.get_begidx() == 0 else list(human.tools)
        matches = [w for w in words if w.startswith(text)]
        return matches[state] if state < len(matches) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    # macOS's Python links libedit, which spells key bindings its own way
    readline.parse_and_bind("bind ^I rl_complete" if "libedit" in (readline.__doc__ or "") else "tab: complete")
    return True


def play_task(host: Any, domain: Any, task: Any, settings: Any, read: Callable[[str], str],
              write: Callable[[str], None], output: Path | None = None, edit_lines: bool = False) -> dict[str, Any]:
    """Play one task as the agent (reading and writing the terminal), judge it like any
    trial (`settings`: a RunSettings whose agent is "human"; its user and judge), show the
    verdict, and append the record to `output` if given. `edit_lines`: line editing and
    history (for a terminal)."""
    from thinkingbox.reporting.records import RecordWriter
    from thinkingbox.reporting.show import summary
    from thinkingbox.trials import check_settings, run_one_async

    human = HumanAgent(read, write, domain.system_prompt)
    check_settings(settings, [task], host, own_agent=True)  # (before the person starts typing)
    if edit_lines:
        line_editing(human)
    write(f"{domain.info.title}: task {task.id}. You are the support agent.")
    write(f"\ncustomer> {task.request}")
    human.shown = 1

    try:
        record = asyncio.run(run_one_async(domain, task, settings, agent=human, host=host)).record
    except BaseException as exc:  # Ctrl-C at the prompt reaches here inside the MCP session's exception group
        if isinstance(exc, BaseExceptionGroup) and exc.subgroup(KeyboardInterrupt) is not None:
            raise KeyboardInterrupt from None
        raise
    write(summary(record))
    if output:
        writer = RecordWriter(output)
        writer.write(record)
        writer.close()
    return record
