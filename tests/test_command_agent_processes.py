"""Command agents (`tb eval --agent command:CMD`) cannot hang a run or leave processes behind
(issue 33): a silent agent whose child holds its pipes, an agent that floods log lines, an
agent that forks, one that runs past the trial's time limit, Ctrl-C in the middle of a trial,
a worker process killed under its agents. Each runs `tb eval` with a bound (in a thread, or
as a subprocess where signals are sent), so that a hang fails the test instead of hanging
it, and checks by pid that no process the agent started is left."""
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers import record_lines

from thinkingbox.interfaces.cli import main

PY = sys.executable
BOUND = 60  # seconds one `tb eval` may take here (a subprocess's start-up on a loaded machine included)
IN_PROCESS_BOUND = 60  # the same, run in this process (a hang: the trials' timeouts here are 1-2 s)
TRIAL_BOUND_MS = 8000  # one trial's time, from its world's reset to its record: timeout + grace periods

# The slow tier: real agent processes, timeouts and signals.
pytestmark = [pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX"), pytest.mark.slow, pytest.mark.domains("retail")]


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie, dead but not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True  # no /proc (macOS): kill(pid, 0) said it exists


def parent(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def wait_gone(pids: list[int], within: float = 5.0) -> list[int]:
    """The pids still running after `within` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if alive(p)]


def agent_script(tmp_path: Path, name: str, body: str) -> Path:
    """An agent process that reads its start message, writes its pid (and those of the
    processes it starts) to PIDS, then runs `body`."""
    path = tmp_path / name
    path.write_text("import json, os, subprocess, sys, time\n"
                    f"PIDS = {str(tmp_path / 'pids')!r}\n"
                    "def note(pid):\n"
                    "    with open(PIDS, 'a') as f:\n"
                    "        f.write(f'{pid}\\n')\n"
                    "start = json.loads(sys.stdin.readline())\n"
                    "note(os.getpid())\n" + body)
    return path


def pids(tmp_path: Path) -> list[int]:
    path = tmp_path / "pids"
    return [int(line) for line in path.read_text().split()] if path.exists() else []


def tb_eval(tmp_path: Path, agent: str, *extra: str, tasks: str = "ret-fee-001", output: str = "run.jsonl",
            bound: float = IN_PROCESS_BOUND) -> tuple[int, float]:
    """Run `tb eval` with a command agent in this process, in a thread so that a hang fails
    the test after `bound` seconds instead of hanging it; (exit status, seconds). Whatever
    the outcome, the processes the agent noted are killed afterwards."""
    args = ["eval", "--domains", "retail", "--tasks", tasks, "--agent", f"command:{agent}",
            "--output", str(tmp_path / output), *extra]
    result: list = []

    def run() -> None:
        try:
            result.append(main(args))
        except SystemExit as exc:  # argparse's usage errors
            result.append(exc.code)

    started = time.monotonic()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(bound)
    took = time.monotonic() - started
    for pid in pids(tmp_path):
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
    if thread.is_alive():
        pytest.fail(f"tb eval did not finish within {bound} s (a command agent hung the run)")
    return result[0], took


def only_record(tmp_path: Path, output: str = "run.jsonl") -> dict:
    (record,) = record_lines(tmp_path / output)
    return record


SLEEPER = "[sys.executable, '-c', 'import time; time.sleep(60)']"


def test_a_silent_agent_whose_child_holds_its_pipes_times_out_and_leaves_nothing(tmp_path):
    # as `sh -c 'sleep 1000 & python silent.py'`: a child inherits stdout and stderr and outlives the agent
    script = agent_script(tmp_path, "silent.py", f"note(subprocess.Popen({SLEEPER}).pid)\ntime.sleep(60)\n")
    code, took = tb_eval(tmp_path, f"{PY} {script}", "--agent-timeout", "1")
    record = only_record(tmp_path)
    assert code == 1 and record["timings_ms"]["total"] < TRIAL_BOUND_MS
    assert record["finish_reason"] == "error"
    assert "sent no message for 1 s (--agent-timeout)" in record["error"] and "killed" in record["error"]
    started = pids(tmp_path)
    assert len(started) == 2 and not wait_gone(started, 1.0), "the agent and its child are both ended"


def test_log_lines_do_not_keep_an_agent_alive(tmp_path):
    script = agent_script(tmp_path, "flood.py", "line = json.dumps({'type': 'log', 'note': 'still thinking'})\n"
                          "while True:\n    print(line, flush=True)\n")
    code, took = tb_eval(tmp_path, f"{PY} {script}", "--agent-timeout", "1")
    record = only_record(tmp_path)
    assert code == 1 and record["timings_ms"]["total"] < TRIAL_BOUND_MS
    assert record["finish_reason"] == "error"
    assert "sent no message for 1 s (--agent-timeout), log lines do not count" in record["error"]
    assert not wait_gone(pids(tmp_path), 1.0)


def test_a_forking_agent_whose_parent_exits_leaves_no_process(tmp_path):
    # the agent forks children that keep its pipes and stay silent; the parent itself exits at once
    body = ("for _ in range(3):\n"
            "    child = os.fork()\n"
            "    if child == 0:\n"
            "        time.sleep(60)\n"
            "        os._exit(0)\n"
            "    note(child)\n"
            "os._exit(0)\n")
    script = agent_script(tmp_path, "forker.py", body)
    code, took = tb_eval(tmp_path, f"{PY} {script}", "--agent-timeout", "1")
    record = only_record(tmp_path)
    assert code == 1 and record["timings_ms"]["total"] < TRIAL_BOUND_MS
    assert record["finish_reason"] == "error" and "sent no message for 1 s (--agent-timeout)" in record["error"]
    started = pids(tmp_path)
    assert len(started) == 4 and not wait_gone(started, 1.0)


def test_an_agent_that_keeps_talking_is_stopped_by_the_trials_time_limit(tmp_path):
    # every message resets the silence timeout; the time limit still ends the trial
    body = ("while True:\n"
            "    time.sleep(0.3)\n"
            "    print(json.dumps({'type': 'message', 'content': 'Could you tell me more?'}), flush=True)\n"
            "    if json.loads(sys.stdin.readline())['type'] == 'end':\n"
            "        break\n")
    script = agent_script(tmp_path, "talker.py", body)
    code, took = tb_eval(tmp_path, f"{PY} {script}", "--agent-timeout", "1", "--agent-time-limit", "2",
                              "--max-user-turns", "1000")
    record = only_record(tmp_path)
    assert code == 1 and record["timings_ms"]["total"] < TRIAL_BOUND_MS
    assert record["finish_reason"] == "error"
    assert "ran longer than the trial's time limit of 2 s (--agent-time-limit)" in record["error"]
    assert 1 <= record["counts"]["user_turns"] < 20
    assert not wait_gone(pids(tmp_path), 1.0)


def test_the_time_limit_is_a_positive_number_of_seconds(tmp_path, capsys):
    code, _ = tb_eval(tmp_path, f"{PY} -c pass", "--agent-time-limit", "0")
    assert code == 2 and not (tmp_path / "run.jsonl").exists()
    assert "--agent-time-limit: expected a positive number of seconds, got '0'" in capsys.readouterr().err


def test_ctrl_c_leaves_trials_in_flight_unrecorded_and_resume_runs_them(tmp_path):
    """Ctrl-C in a terminal sends SIGINT to the whole foreground group: the agents do not see
    it (they run in their own sessions), the trials in flight are not recorded, and their
    processes are ended."""
    quick = tmp_path / "quick"
    body = (f"if os.path.exists({str(quick)!r}):\n"
            "    print(json.dumps({'type': 'message', 'content': 'Done. <DONE>'}), flush=True)\n"
            "    sys.stdin.readline()\n"
            "    sys.exit(0)\n"
            f"note(subprocess.Popen({SLEEPER}).pid)\n"
            "time.sleep(60)\n")
    script = agent_script(tmp_path, "slow.py", body)
    args = [PY, "-m", "thinkingbox.interfaces.cli", "eval", "--domains", "retail", "--tasks", "ret-fee-001,dfw-001",
            "--agent", f"command:{PY} {script}", "--agent-timeout", "30", "--output", str(tmp_path / "run.jsonl")]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + BOUND
        while time.monotonic() < deadline and len(pids(tmp_path)) < 4:  # both trials' agents and their children
            time.sleep(0.1)
        assert len(pids(tmp_path)) == 4, "both trials should be in flight"
        os.killpg(proc.pid, signal.SIGINT)
        started = time.monotonic()
        _, err = proc.communicate(timeout=BOUND)
        assert time.monotonic() - started < 20
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("tb eval did not stop after Ctrl-C")
    finally:
        leftover = wait_gone(pids(tmp_path), 2.0)
        for pid in leftover:
            os.kill(pid, signal.SIGKILL)
    assert proc.returncode == 130 and "--resume" in err, err
    assert record_lines(tmp_path / "run.jsonl") == [], "trials in flight at Ctrl-C are not recorded"
    assert not leftover, "Ctrl-C ends every agent process and its children"
    quick.write_text("x")
    (tmp_path / "pids").unlink()
    resumed = subprocess.run([*args, "--resume"], capture_output=True, text=True, timeout=BOUND)
    assert "2 trials to run (0 already recorded)" in resumed.stderr, resumed.stderr
    records = record_lines(tmp_path / "run.jsonl")
    assert sorted(r["task"] for r in records) == ["dfw-001", "ret-fee-001"]
    assert all(r["finish_reason"] == "done" and r["error"] is None for r in records)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the agents' worker in /proc")
def test_a_killed_worker_process_takes_its_agents_with_it(tmp_path):
    """With --workers, a worker killed outright (SIGKILL: no handler runs) cannot end its
    agents; the parent, told of their process groups, kills them."""
    script = agent_script(tmp_path, "slow.py", f"note(subprocess.Popen({SLEEPER}).pid)\ntime.sleep(60)\n")
    args = [PY, "-m", "thinkingbox.interfaces.cli", "eval", "--domains", "retail", "--tasks", "ret-fee-001,dfw-001",
            "--workers", "2", "--agent", f"command:{PY} {script}", "--agent-timeout", "30",
            "--output", str(tmp_path / "run.jsonl")]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 2 * BOUND  # (two worker processes starting on a loaded machine)
        while time.monotonic() < deadline and len(pids(tmp_path)) < 4:
            time.sleep(0.1)
        started = pids(tmp_path)
        assert len(started) == 4, "both workers' trials should be in flight"
        agent = started[0]  # (an agent notes itself before its child)
        worker = parent(agent)
        assert worker not in (proc.pid, None)
        gone_with_it = [agent, *(p for p in started if parent(p) == agent)]
        os.kill(worker, signal.SIGKILL)
        assert len(gone_with_it) == 2 and not wait_gone(gone_with_it, 10.0), "the killed worker's agent and its child"
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.communicate(timeout=BOUND)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
        leftover = wait_gone(pids(tmp_path), 3.0)
        for pid in leftover:
            os.kill(pid, signal.SIGKILL)
    assert not leftover
