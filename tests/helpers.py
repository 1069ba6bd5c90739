"""Small helpers shared by tests."""
import asyncio


def run(coro):
    return asyncio.run(coro)


def world_content(world) -> bytes:
    """A world's database bytes without the two header counters SQLite bumps on every
    write transaction, even one rolled back (file change counter, version-valid-for):
    equal before and after a call exactly when the call changed nothing."""
    data = bytearray(world.to_bytes())
    data[24:28] = data[92:96] = bytes(4)
    return bytes(data)


def record_lines(path) -> list[dict]:
    """Every trial record line of a run file as written (all attempts), without the run header."""
    import json
    from pathlib import Path

    lines = (json.loads(line) for line in Path(path).read_text().splitlines() if line.strip())
    return [line for line in lines if "run_header" not in line]
