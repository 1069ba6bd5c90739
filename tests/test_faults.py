"""Faults of the harness itself (issue 15's fault soak, bench/soak.py, found these): a
worker process or a tool server that dies loses no trial, counts none twice, and hangs
nothing."""
import multiprocessing
import os
import signal
from collections import Counter

from helpers import run
from thinkingbox.engine.episode import Limits
from thinkingbox.engine.scheduler import prepare_jobs
from thinkingbox.engine.trial import EvalConfig
from thinkingbox.engine import workers
from thinkingbox.engine.workers import run_in_processes


class Records:
    def __init__(self):
        self.written = []

    def write(self, record):
        self.written.append(record)


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

    records = run_in_processes(["retail"], jobs, EvalConfig(concurrency=4), 2, writer, progress)
    assert killed
    keys = Counter((r["task"], r["trial"]) for r in writer.written)
    assert len(keys) == 300 and set(keys.values()) == {1}
    assert records == writer.written and all(r["finish_reason"] != "error" for r in records)


class DiesOnArrival(Limits):
    """Unpickled in the worker as a hard exit: a worker that dies each time it starts."""

    def __reduce__(self):
        return (os._exit, (3,))


def test_a_worker_that_keeps_dying_leaves_error_records_not_gaps(retail):
    jobs = run(prepare_jobs([retail], {"ret-fee-001", "dly-001"}, 3, set()))
    writer = Records()
    records = run_in_processes(["retail"], jobs, EvalConfig(limits=DiesOnArrival()), 2, writer)
    assert sorted((r["task"], r["trial"]) for r in records) == sorted(j.key[1:] for j in jobs)
    assert all(r["finish_reason"] == "error" and not r["verdict"] for r in records)
    assert f"died (exit status 3) {getattr(workers, 'MAX_RESTARTS', 0) + 1} times" in records[0]["error"]
