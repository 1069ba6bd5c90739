"""A minimal external agent for `tb eval --agent command:...` (docs/external-agents.md):
it replays a list of actions through the MCP URL it is given, then ends.

    python tests/replay_agent.py ACTIONS.json

ACTIONS.json holds a list of steps, each {"tool": NAME, "args": {...}} (a tool call on the
trial's world) or {"say": TEXT} (a message to the user, whose reply is read and dropped),
and optionally a final {"final": TEXT} (the last message; <DONE> is added). Without a file
(`-`), the task's reference solution is replayed: the harness's start message names the
domain and task. `run_replayed` runs it through `tb eval` for tests (the cross-framework
test plays the same actions everywhere).
"""
import asyncio
import json
import sys
from pathlib import Path


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def receive() -> dict:
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)  # the harness closed the conversation
    return json.loads(line)


def reference_steps(domain_name: str, task_id: str) -> list[dict]:
    from thinkingbox.engine.discovery import PluginHost

    task = PluginHost().load_domains([domain_name])[0].task(task_id)
    steps = [{"say": s.say} if s.say else {"tool": s.tool, "args": dict(s.args)} for s in task.solution]
    return [*steps, {"final": task.final_message}]


async def replay(start: dict, steps: list[dict]) -> None:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    http = httpx2.AsyncClient(headers=start["mcp_headers"], timeout=60)
    async with Client(streamable_http_client(start["mcp_url"], http_client=http)) as client:
        for step in steps:
            if "tool" in step:
                await client.call_tool(step["tool"], step.get("args", {}))
            elif "say" in step:
                send({"type": "message", "content": step["say"]})
                if receive()["type"] == "end":
                    return
    await http.aclose()
    final = next((s["final"] for s in steps if "final" in s), "Done.")
    send({"type": "message", "content": f"{final} <DONE>"})
    receive()


def run_replayed(domain: str, task: str, actions: list[dict], output: Path, *extra: str) -> dict:
    """For tests: run `tb eval --agent command:` this script on one task, replaying
    `actions` (written next to `output`), and return the trial's record."""
    from thinkingbox.interfaces.cli import main as tb

    path = output.with_suffix(".actions.json")
    path.write_text(json.dumps(actions))
    tb(["eval", "--domains", domain, "--tasks", task, "--agent", f"command:{sys.executable} {__file__} {path}",
        "--output", str(output), *extra])
    (record,) = [r for r in map(json.loads, output.read_text().splitlines()) if "run_header" not in r]
    return record


def main() -> None:
    start = receive()
    assert start["type"] == "start", start
    path = sys.argv[1] if len(sys.argv) > 1 else "-"
    steps = reference_steps(start["domain"], start["task"]) if path == "-" else json.load(open(path))
    asyncio.run(replay(start, steps))


if __name__ == "__main__":
    main()
