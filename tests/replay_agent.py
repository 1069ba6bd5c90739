"""A minimal external agent for `tb eval --agent command:...` (docs/external-agents.md):
it replays a list of actions through the MCP URL it is given, then ends.

    python tests/replay_agent.py ACTIONS.json

ACTIONS.json holds a list of actions in the form of `thinkingbox.trials.reference_actions`:
{"tool": NAME, "arguments": {...}} (a tool call on the trial's world) or {"message": TEXT}
(a message to the user, whose reply is read and dropped; a message with <DONE> ends the
conversation). When the actions run out before the conversation ends, a last message ends
it. Without a file (`-`), the task's reference solution is replayed: the harness's start
message names the domain and task. `run_replayed` runs it through `tb eval` for tests (the
cross-framework test plays the same actions everywhere).
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


async def replay(start: dict, actions: list[dict]) -> None:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    http = httpx2.AsyncClient(headers=start["mcp_headers"], timeout=60)
    async with Client(streamable_http_client(start["mcp_url"], http_client=http)) as client:
        for action in actions:
            if "tool" in action:
                await client.call_tool(action["tool"], action.get("arguments", {}))
            else:
                send({"type": "message", "content": action["message"]})
                if receive()["type"] == "end":
                    await http.aclose()
                    return
    await http.aclose()
    send({"type": "message", "content": "That is all. <DONE>"})
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
    if path == "-":
        from thinkingbox.trials import reference_actions

        actions = reference_actions(start["domain"], start["task"])
    else:
        actions = json.load(open(path))
    asyncio.run(replay(start, actions))


if __name__ == "__main__":
    main()
