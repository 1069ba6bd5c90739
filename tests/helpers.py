"""Small helpers shared by tests."""
import asyncio
import contextlib
import subprocess
import sys
from pathlib import Path

TB = str(Path(sys.executable).parent / "tb")   # the workspace's `tb` command
EXAMPLE_SRC = Path(__file__).resolve().parent.parent / "examples" / "minimal_domain" / "src"


def tb(*args, check=True, cwd=None, env=None):
    """Run `tb ARGS`; with `check`, a non-zero exit fails the test and shows the output."""
    proc = subprocess.run([TB, *map(str, args)], capture_output=True, text=True, cwd=cwd, env=env, timeout=300)
    if check and proc.returncode != 0:
        raise AssertionError(f"tb {' '.join(map(str, args))} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}")
    return proc


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


# Debian's Chromium, driven headless by playwright (never a downloaded browser build).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


@contextlib.contextmanager
def headless_chromium():
    """A playwright browser on Debian's Chromium; skips where it is not installed (fails in CI,
    whose .ci/run installs it)."""
    import os

    import pytest

    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed; .ci/run installs it")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
