"""The local Ray instance `tb eval --executor ray` starts binds to 127.0.0.1 only and writes
no token file. `tb eval --executor ray --executor-option address=...` against a cluster with
token authentication: a head started here by `ray start --head` with a token, on 127.0.0.1 only.
With the token the run succeeds; without it, the failure is one line that says it is an
authentication failure and what to set. Each `tb eval` runs as a process of its own, as a
person runs it (Ray keeps its authentication settings per process)."""
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

pytest.importorskip("ray")
pytest.importorskip("thinkingbox_ray")
from thinkingbox_ray.executor import CLUSTER_SWITCH  # noqa: E402

pytestmark = pytest.mark.slow  # a Ray head of its own: tens of seconds on a loaded machine

BIN = Path(sys.executable).parent


def _unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture(scope="module")
def head():
    """A Ray head requiring a token, bound to 127.0.0.1 only, with a home folder of its own
    (nothing is written to the user's ~/.ray); stopped, with every process it started, at
    the end."""
    token = secrets.token_hex(32)
    folder = Path(tempfile.mkdtemp(prefix="tbray-"))  # (short: Ray's socket paths live under it)
    (folder / "home").mkdir()
    base = {**os.environ, "HOME": str(folder / "home"), "RAY_USAGE_STATS_ENABLED": "0", CLUSTER_SWITCH: "0"}
    for name in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH", "RAY_ADDRESS"):
        base.pop(name, None)
    log = (folder / "head.log").open("w")
    for attempt in (1, 2):  # (on a loaded machine the raylet may miss Ray's start-up deadline)
        port = _unused_port()
        process = subprocess.Popen(
            [str(BIN / "ray"), "start", "--head", "--block", "--port", str(port), "--node-ip-address", "127.0.0.1",
             "--include-dashboard", "false", "--num-cpus", "1", "--temp-dir", str(folder / "ray")],
            env={**base, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token}, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True)
        deadline = time.monotonic() + 120
        while process.poll() is None and not _listening(port) and time.monotonic() < deadline:
            time.sleep(0.5)
        if process.poll() is None and _listening(port):
            break
        _stop(process)
        if attempt == 2:
            pytest.fail(f"the Ray head did not start: {(folder / 'head.log').read_text()[-2000:]}")
    try:
        yield {"address": f"127.0.0.1:{port}", "token": token, "env": base, "folder": folder, "pid": process.pid}
    finally:
        _stop(process)
        log.close()
        shutil.rmtree(folder, ignore_errors=True)


def _stop(process: subprocess.Popen) -> None:
    """`ray start --block` stops what it started on SIGTERM; its process group (of its own:
    start_new_session) is killed after 30 s if anything is left."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def tb_eval(head, out: Path, **env: str) -> subprocess.CompletedProcess:
    # (CLUSTER_SWITCH=0: without it Ray rewrites 127.0.0.1 in an address to this machine's
    # network address, where this loopback-only head does not listen)
    return subprocess.run(
        [str(BIN / "tb"), "eval", "--domains", "retail", "--tasks", "ret-fee-001", "--agent", "oracle",
         "--executor", "ray", "--workers", "1", "--executor-option", f"address={head['address']}",
         "--output", str(out), "--progress-every", "0"],
        env={**head["env"], **env}, capture_output=True, text=True, timeout=300)


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads listening sockets from Linux's /proc")
def test_the_head_listens_on_loopback_only(head):
    addresses = _listening_addresses(_descendants(head["pid"]))
    assert addresses and addresses <= LOOPBACK, addresses


def test_a_run_with_the_token_succeeds(head, tmp_path):
    out = tmp_path / "run.jsonl"
    result = tb_eval(head, out, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=head["token"])
    assert result.returncode == 0, result.stderr[-3000:]
    records = [json.loads(line) for line in out.read_text().splitlines() if '"run_header"' not in line]
    assert [(r["task"], r["verdict"]) for r in records] == [("ret-fee-001", True)]


@pytest.mark.parametrize("token", [None, "not-the-token"])
def test_a_run_without_the_token_is_one_line_saying_so(head, tmp_path, token):
    out = tmp_path / "run.jsonl"
    env = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token} if token else {}
    result = tb_eval(head, out, **env)
    assert result.returncode == 2, result.stderr[-3000:]
    assert "InvalidAuthToken" not in result.stderr and "gcs_client" not in result.stderr  # Ray's retries kept back
    (line,) = [line for line in result.stderr.splitlines() if "Ray" in line]
    assert f"the Ray cluster at {head['address']} refused the connection: authentication failed" in line
    assert "RAY_AUTH_MODE=token" in line and "RAY_AUTH_TOKEN" in line
    assert not (head["folder"] / "home" / ".ray" / "auth_token").exists()  # nothing written for the user


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


LOOPBACK = {"0100007F", "0000000000000000FFFF00000100007F", "00000000000000000000000001000000"}


def _listening_addresses(pids: set[int]) -> set[str]:
    """The local addresses (hex, as /proc/net/tcp* has them) of the TCP sockets these
    processes listen on."""
    inodes = set()
    for pid in pids:
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
        except OSError:
            continue  # (a process that ended meanwhile)
    addresses = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # LISTEN
                addresses.add(fields[1].split(":")[0])
    return addresses


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads listening sockets from Linux's /proc")
def test_the_local_instance_binds_to_loopback_only_and_writes_no_token_file(monkeypatch, tmp_path):
    import ray

    from thinkingbox.trials import RunSettings, plan_many
    from thinkingbox_ray import RayExecutor

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for name in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH", "RAY_ADDRESS", CLUSTER_SWITCH):
        monkeypatch.delenv(name, raising=False)
    assert not ray.is_initialized()
    seen: list[set[str]] = []

    def progress(record):
        if not seen:  # while the instance runs: every socket its processes listen on
            seen.append(_listening_addresses(_descendants(os.getpid())))

    run = plan_many(RunSettings(agent="oracle", judge="rules"), ["retail"], ["ret-fee-001"], tmp_path / "run.jsonl",
                    executor=RayExecutor({"num_cpus": "1"}))
    records = run.execute(1, progress)
    assert [r["verdict"] for r in records] == [True]
    (addresses,) = seen
    assert addresses and addresses <= LOOPBACK, addresses  # gcs, raylet, workers: all on 127.0.0.1
    assert not (tmp_path / "home" / ".ray").exists()  # the instance's token was never written
    assert CLUSTER_SWITCH not in os.environ and "RAY_AUTH_TOKEN" not in os.environ  # restored after the run
