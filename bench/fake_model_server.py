"""A fake OpenAI-compatible model for benchmarks, run as its own process so that it does
not compete with the harness for the interpreter lock.

It plays each task's reference solution: the task is found by the conversation's first user
message, the step by the number of assistant messages so far. Every reply waits a fixed
latency first (default 1 s), like a real model would. With TURNS, a task's reference is
played after repeating its first read-only call until the trial makes TURNS model calls
(a realistic conversation length; reads change no state, so the verdict is the same).
    python bench/fake_model_server.py PORT LATENCY_SECONDS [TURNS]
"""
from __future__ import annotations

import asyncio
import json
import re
import sys

import orjson  # the server shares the machine's cores with the harness: keep it cheap

from thinkingbox.engine.discovery import PluginHost, installed_domains


def padded(domain, steps: list[dict], turns: int) -> list[dict]:
    """The steps after as many repeats of the first read-only call as make `turns` model
    calls in all (the final message is one); unchanged when there is no read-only call."""
    read = next((s for s in steps if s.get("tool") and domain.tools[s["tool"]].read_only), None)
    if read is None:
        return steps
    return [read] * max(0, turns - 1 - len(steps)) + steps


def load_solutions(turns: int = 0) -> dict[str, tuple[list, str]]:
    host = PluginHost()
    solutions = {}
    for domain in host.load_domains(sorted(installed_domains())):
        for task in domain.tasks.values():
            steps = [s.model_dump() for s in task.solution]
            solutions[task.request] = (padded(domain, steps, turns) if turns else steps, task.final_message)
    return solutions


_USER = b'{"role":"user","content":'
_ASSISTANT = b'"role":"assistant"'
_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')


def read_compact(raw: bytes) -> tuple[str, int] | None:
    """A request's first user message and how many assistant messages it holds, read
    without parsing the request; None if it is not written as the harness writes it.

    Parsing a whole request (a 20-turn conversation is ~100 KB of JSON) was over half of
    this server's CPU, which it takes from the cores it shares with the harness being
    measured. The harness writes compact JSON with "role" first, and a quote inside a JSON
    string is always escaped, so these byte patterns occur only as the keys and values
    they are (tests/test_bench_fake_model.py holds this to the agent's real requests)."""
    at = raw.find(_USER)
    string = _JSON_STRING.match(raw, at + len(_USER)) if at >= 0 else None
    return (orjson.loads(string.group()), raw.count(_ASSISTANT)) if string else None


def conversation(raw: bytes) -> tuple[str, int]:
    """(first user message, assistant messages so far); other writers' requests parsed whole."""
    found = read_compact(raw)
    if found:
        return found
    messages = orjson.loads(raw)["messages"]
    return (next(m["content"] for m in messages if m["role"] == "user"),
            sum(1 for m in messages if m["role"] == "assistant"))


def reply(raw: bytes, solutions: dict) -> dict:
    request, step = conversation(raw)
    steps, final = solutions[request]
    message: dict = {"role": "assistant", "content": None}
    if step < len(steps) and steps[step].get("say"):
        message["content"] = steps[step]["say"]  # the reference tells the customer something first
    elif step < len(steps):
        message["tool_calls"] = [{"id": f"call_{step}", "type": "function", "function": {
            "name": steps[step]["tool"], "arguments": json.dumps(steps[step]["args"])}}]
    else:
        message["content"] = final + " <DONE>"
    prompt_tokens = len(raw) // 4  # about 4 bytes a token
    return {"id": "bench", "object": "chat.completion", "created": 0, "model": "bench",
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": 30, "total_tokens": prompt_tokens + 30}}


async def main(port: int, latency: float, turns: int) -> None:
    solutions = load_solutions(turns)

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.decode("latin-1").split("\r\n"):
                    if line.lower().startswith("content-length:"):
                        length = int(line.split(":", 1)[1])
                raw = await reader.readexactly(length)
                await asyncio.sleep(latency)
                data = orjson.dumps(reply(raw, solutions))
                writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
                             b"content-length: " + str(len(data)).encode() + b"\r\n\r\n" + data)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", port, backlog=1024)
    print("ready", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 0))
