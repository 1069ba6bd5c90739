"""A faulty fake OpenAI-compatible model for the fault soak (bench/soak.py).

It plays each task's reference solution exactly as bench/fake_model_server.py does, but
answers a seeded random share of requests with a fault instead:

    429       Too Many Requests, half of them with `Retry-After`
    5xx       500, 502 or 503
    timeout   the reply is delayed past the client's timeout (`--timeout-delay`)
    malformed 200 with a body that is not JSON, or JSON without `choices`
    drop      the connection is closed before the reply, or in the middle of its body

It is stateless: the reply depends only on the request (the task and the number of
assistant turns so far), so a retried request gets the same reply and can never make the
harness apply anything twice. `GET /stats` returns the requests served and faults injected
by kind, as JSON.

    python bench/fake_faulty_model.py PORT [--latency S] [--seed N] [--rate-429 P] ...
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sys
from collections import Counter
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_model_server import load_solutions, reply  # noqa: E402

KINDS = ("429", "5xx", "timeout", "malformed", "drop")


def response(status: str, body: bytes, *headers: str) -> bytes:
    head = [f"HTTP/1.1 {status}", "content-type: application/json", f"content-length: {len(body)}", *headers]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


async def main(args: argparse.Namespace) -> None:
    solutions = load_solutions()
    rng = random.Random(args.seed)
    rates = {kind: getattr(args, f"rate_{kind}") for kind in KINDS}
    stats: Counter = Counter()

    def pick() -> str | None:
        x = rng.random()
        for kind in KINDS:
            if x < rates[kind]:
                return kind
            x -= rates[kind]
        return None

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                length = 0
                for line in lines[1:]:
                    if line.lower().startswith("content-length:"):
                        length = int(line.split(":", 1)[1])
                raw = await reader.readexactly(length)
                if lines[0].startswith("GET /stats"):
                    writer.write(response("200 OK", orjson.dumps(dict(stats))))
                    await writer.drain()
                    continue
                stats["requests"] += 1
                kind = pick()
                if kind:
                    stats[kind] += 1
                await asyncio.sleep(args.latency)
                if kind == "429":
                    retry = ("retry-after: 0.05",) if rng.random() < 0.5 else ()
                    stats["429 with Retry-After"] += bool(retry)
                    writer.write(response("429 Too Many Requests", b'{"error": {"message": "slow down"}}', *retry))
                elif kind == "5xx":
                    code = rng.choice(["500 Internal Server Error", "502 Bad Gateway", "503 Service Unavailable"])
                    writer.write(response(code, b'{"error": {"message": "upstream trouble"}}'))
                elif kind == "malformed":
                    body = rng.choice([b"<html>upstream error</html>", b'{"id": "x", "object": "chat.completion"}'])
                    writer.write(response("200 OK", body))
                elif kind == "drop":
                    if rng.random() < 0.5:  # before any byte of the reply
                        writer.transport.abort()
                        return
                    data = orjson.dumps(reply(raw, solutions))
                    writer.write(response("200 OK", data)[: -len(data) // 2])  # half the body, then gone
                    await writer.drain()
                    writer.transport.abort()
                    return
                else:
                    if kind == "timeout":
                        await asyncio.sleep(args.timeout_delay)  # the client has given up by now
                    writer.write(response("200 OK", orjson.dumps(reply(raw, solutions))))
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", args.port, backlog=1024)
    print("ready", flush=True)
    async with server:
        await server.serve_forever()


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("port", type=int)
    parser.add_argument("--latency", type=float, default=0.01, help="seconds before each reply")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout-delay", type=float, default=2.0, help="a `timeout` reply waits this long")
    defaults = {"429": 0.03, "5xx": 0.03, "timeout": 0.003, "malformed": 0.004, "drop": 0.02}
    for kind in KINDS:
        parser.add_argument(f"--rate-{kind}", type=float, default=defaults[kind],
                            help=f"share of requests answered with a {kind} fault (default {defaults[kind]})")
    return parser.parse_args(argv)


if __name__ == "__main__":
    try:
        asyncio.run(main(parse()))
    except KeyboardInterrupt:
        pass
