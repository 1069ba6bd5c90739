"""Faults of the harness itself (issue 15's fault soak, bench/soak.py, found these): a
worker process or a tool server that dies loses no trial, counts none twice, and hangs
nothing."""
import pytest
import asyncio
import multiprocessing
import os
import signal
from collections import Counter

from helpers import run
from thinkingbox.engine.episode import Limits
from thinkingbox.engine.scheduler import prepare_jobs
from thinkingbox.trials import RunSettings
from thinkingbox.engine import workers
from thinkingbox.engine.workers import run_in_processes

pytestmark = pytest.mark.domains("retail")


class Records:
    def __init__(self):
        self.written = []

    def write(self, record):
        self.written.append(record)


@pytest.mark.slow
def test_a_killed_worker_process_loses_no_trial(retail):
    """A worker killed mid-run: a fresh worker runs the trials it had not sent back (before,
    the parent silently dropped them and the run ended with exit status 0)."""
    jobs = run(prepare_jobs([retail], {"ret-fee-001"}, 300, set()))
    writer, killed = Records(), []

    def progress(record):
        if len(writer.written) == 20 and not killed:
            victim = multiprocessing.active_children()[0]
            os.kill(victim.pid, signal.SIGKILL)
            killed.append(victim.pid)

    records = run_in_processes(["retail"], jobs, RunSettings(concurrency=4), 2, writer, progress)
    assert killed
    keys = Counter((r["task"], r["trial"]) for r in writer.written)
    assert len(keys) == 300 and set(keys.values()) == {1}
    assert records == writer.written and all(r["finish_reason"] != "error" for r in records)


class DiesOnArrival(Limits):
    """Unpickled in the worker as a hard exit: a worker that dies each time it starts."""

    def __reduce__(self):
        return (os._exit, (3,))


@pytest.mark.slow
def test_a_worker_that_keeps_dying_leaves_error_records_not_gaps(retail):
    jobs = run(prepare_jobs([retail], {"ret-fee-001", "dly-001"}, 3, set()))
    writer = Records()
    records = run_in_processes(["retail"], jobs, RunSettings(limits=DiesOnArrival()), 2, writer)
    assert sorted((r["task"], r["trial"]) for r in records) == sorted(j.key[1:] for j in jobs)
    assert all(r["finish_reason"] == "error" and not r["verdict"] for r in records)
    assert f"died (exit status 3), {workers.MAX_RESTARTS + 1} times in a row" in records[0]["error"]


@pytest.mark.slow
def test_a_dead_http_tool_server_fails_only_the_trials_using_it(retail, monkeypatch):
    """`--tool-transport http`: the in-process server dies mid-run. The trials using it end
    as errors naming the cause, the later ones get a fresh server (before, every later trial
    of the run failed with "ExceptionGroup: unhandled errors in a TaskGroup")."""
    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.engine.scheduler import run_jobs
    from thinkingbox.engine.http_tools import ABORT_HOOK_ENV, InProcessHTTP

    monkeypatch.setenv(ABORT_HOOK_ENV, "1")
    jobs = run(prepare_jobs([retail], {"ret-fee-001", "dly-001"}, 15, set()))
    writer, aborted = Records(), []

    def progress(record):
        if len(writer.written) == 6:
            (server,) = InProcessHTTP._running
            server.abort()
            aborted.append(server.url)

    records = run(asyncio.wait_for(run_jobs(PluginHost(), jobs, RunSettings(concurrency=4, tool_transport="http"),
                                            writer, progress), timeout=120))
    assert aborted and len(records) == 30 == len({(r["task"], r["trial"]) for r in records})
    errors = [r for r in records if r["finish_reason"] == "error"]
    assert len(errors) <= 4 and all("TaskGroup" not in r["error"] for r in errors), [r["error"] for r in errors]
    assert sum(r["verdict"] for r in records) >= 26


def test_a_stdio_server_killed_before_writing_its_world_is_a_clear_error(retail):
    """The trial's stdio server writes its final world when the connection closes; killed
    before that (or while writing: it renames the file into place), the file is empty, and
    the trial's error says so (before: "MemoryError" from reading empty SQLite bytes)."""
    import pytest
    from thinkingbox.engine.transports import TrialTools
    from thinkingbox.contract.errors import ThinkingboxError

    task = retail.task("ret-fee-001")
    tools = TrialTools(retail, task.id, retail.new_world(run(retail.prepare(task))), "stdio")
    try:
        with pytest.raises(ThinkingboxError, match="ended without writing its final world"):
            tools.served_world()
    finally:
        run(tools.release())


@pytest.mark.slow
def test_a_killed_stdio_worker_leaves_no_temporary_files(retail, tmp_path, monkeypatch):
    """Over stdio each trial's server writes its final world to a temporary file, which the
    trial removes; a worker killed mid-trial cannot, so its files live in a folder of its
    own that the parent removes (before, each trial in flight left a tb-stdio-*.db in /tmp)."""
    import tempfile

    monkeypatch.setenv("TMPDIR", str(tmp_path))  # the workers' temporary folder
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the parent's
    jobs = run(prepare_jobs([retail], {"ret-fee-001"}, 12, set()))
    writer, killed = Records(), []

    def progress(record):
        if len(writer.written) == 2 and not killed:
            victim = multiprocessing.active_children()[0]
            os.kill(victim.pid, signal.SIGKILL)
            killed.append(victim.pid)

    records = run_in_processes(["retail"], jobs, RunSettings(concurrency=8, tool_transport="stdio"), 2, writer,
                               progress)
    assert killed and len({r["trial"] for r in records}) == 12
    assert list(tmp_path.iterdir()) == []
