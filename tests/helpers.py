"""Small helpers shared by tests."""
import asyncio
import contextlib


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


@contextlib.contextmanager
def served_view(runs):
    """`tb view RUNS` on a free port for the duration: yields the address of its index page."""
    import re
    import subprocess
    import sys
    from pathlib import Path

    tb = str(Path(sys.executable).parent / "tb")
    proc = subprocess.Popen([tb, "view", *map(str, runs), "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert match, f"tb view printed {line!r}; stderr: {proc.stderr.read() if proc.poll() is not None else ''}"
        yield match.group(0) + "index.html"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
