"""Worker processes: a large run shared by several processes (each with its own event loop
and a share of the concurrency), so the harness can use more than one core; the parent
alone writes the run file.

Each worker sends its records to the parent over a pipe of its own. A worker that dies
(killed, out of memory) loses only the trials it had not sent: the parent starts a fresh
worker for them, and after `MAX_RESTARTS` workers in a row died without finishing a
trial, records the trials still left as errors, so that every trial ends up in the run file exactly once and
`--resume --retry-errors` can run them again."""
from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

from thinkingbox.engine.discovery import PluginHost
from thinkingbox.engine.episode import ERROR
from thinkingbox.engine.scheduler import run_jobs
from thinkingbox.engine.trial import EvalConfig, Job
from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.reporting.records import RecordWriter, trial_record

MAX_RESTARTS = 3  # fresh workers in a row for one share of the run that may die without finishing a trial


class _PipeWriter:
    """Stands in for RecordWriter inside a worker process: records go to the parent,
    which alone writes the run file."""

    def __init__(self, conn: Any):
        self.conn = conn

    def write(self, record: dict[str, Any]) -> None:
        self.conn.send(("record", record))


def _worker_main(domain_names: list[str], keys: list[tuple[str, str, int]], config: EvalConfig, conn: Any,
                 parent_pid: int, scratch: str) -> None:
    import os
    import tempfile
    import threading

    tempfile.tempdir = scratch  # (stdio trials' report files) the parent removes it, even if this process is killed

    def orphan_watch() -> None:
        # A parent killed without cleanup (SIGTERM, SIGKILL) must not leave workers running.
        # A thread, so that it also watches while the worker is still loading and preparing.
        while True:
            if os.getppid() != parent_pid:
                from thinkingbox.engine.external import kill_all_groups

                kill_all_groups()  # (command agents' processes: os._exit runs no atexit handler)
                os._exit(1)
            time.sleep(0.5)

    threading.Thread(target=orphan_watch, daemon=True, name="orphan-watch").start()

    from thinkingbox.engine.external import watch_groups

    # The parent kills these groups if this worker dies without ending them (SIGKILL runs no handler).
    watch_groups(lambda group, running: conn.send(("group", (group, running))))

    async def work() -> None:
        host = PluginHost()
        domains = {d.name: d for d in host.load_domains(domain_names)}
        jobs = [Job(domains[d], await domains[d].prepare(domains[d].task(t)), n) for d, t, n in keys]
        await run_jobs(host, jobs, config, _PipeWriter(conn))

    try:
        asyncio.run(work())
        conn.send(("done", None))
    except KeyboardInterrupt:
        conn.send(("interrupted", None))
    except BaseException as exc:  # reported by the parent; finished records are already sent
        conn.send(("error", f"{type(exc).__name__}: {exc}"))


def died_record(job: Job, config: EvalConfig, how: str) -> dict[str, Any]:
    """The error record of a trial whose workers kept dying (also used by other executors)."""
    task = job.task_world.task
    return trial_record(domain=job.domain.name, domain_version=job.domain.version, task=task.id, family=task.family,
                        trial=job.trial, config=config.public(), verdict=False, finish_reason=ERROR,
                        error=f"harness: its worker process died ({how}), {MAX_RESTARTS + 1} times in a row "
                              "without finishing a trial", initial_hash=job.task_world.initial_hash)


def run_in_processes(domain_names: list[str], jobs: list[Job], config: EvalConfig, workers: int,
                     writer: RecordWriter, progress: Callable[[dict[str, Any]], None] | None = None,
                     stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """Run the jobs in `workers` processes (each with its own event loop and a share of
    the concurrency), so that the harness can use more than one core. The parent writes
    every record as it arrives. When `stop()` turns true, the workers are ended: the
    trials they had not sent back are not recorded (`--resume` runs them)."""
    import math
    import multiprocessing
    import os
    import shutil
    import tempfile
    from dataclasses import replace
    from multiprocessing.connection import wait

    context = multiprocessing.get_context("spawn")
    shard_config = replace(config, concurrency=max(1, math.ceil(config.concurrency / workers)))
    by_key = {job.key: job for job in jobs}
    keys = list(by_key)

    class Share:
        def __init__(self, keys: list[tuple[str, str, int]]):
            self.pending = dict.fromkeys(keys)  # sent to its worker, no record back yet (ordered)
            self.restarts = 0  # workers started since one last sent a record
            self.process: Any = None
            self.groups: set[int] = set()  # its worker's command agents' process groups still running
            shares.append(self)

        def end_agents(self) -> None:
            from thinkingbox.engine.external import kill_groups

            kill_groups(self.groups)
            self.groups.clear()

        def start(self) -> Any:
            reader, sender = context.Pipe(duplex=False)
            scratches.append(tempfile.mkdtemp(prefix="tb-worker-"))  # its temporary files, removed at the end
            self.process = context.Process(target=_worker_main, daemon=True,
                                           args=(domain_names, list(self.pending), shard_config, sender, os.getpid(),
                                                 scratches[-1]))
            self.process.start()
            started.append(self.process)
            sender.close()  # the worker holds the only sending end: its death reads as end of file
            return reader

    started: list[Any] = []
    scratches: list[str] = []
    shares: list[Any] = []
    active = {}
    for i in range(workers):
        if keys[i::workers]:
            share = Share(keys[i::workers])
            active[share.start()] = share
    records: list[dict[str, Any]] = []
    errors: list[str] = []

    def record(item: dict[str, Any]) -> None:
        writer.write(item)
        records.append(item)
        if progress:
            progress(item)

    try:
        while active and not (stop is not None and stop()):
            for conn in wait(list(active), timeout=1.0):
                share = active[conn]
                try:
                    kind, item = conn.recv()
                except (EOFError, OSError):  # the worker died, perhaps in the middle of a message
                    kind, item = "died", None
                if kind == "group":  # a command agent's process group started (True) or ended (False)
                    group, running = item
                    (share.groups.add if running else share.groups.discard)(group)
                    continue
                if kind == "record":
                    key = (item["domain"], item["task"], item["trial"])
                    if key in share.pending:  # (never twice)
                        del share.pending[key]
                        share.restarts = 0
                        record(item)
                    continue
                del active[conn]
                conn.close()
                if kind == "interrupted":
                    raise KeyboardInterrupt
                if kind == "error":
                    errors.append(item)
                if kind != "done":  # (a worker killed outright ends none of its command agents itself)
                    share.end_agents()
                if kind != "died" or not share.pending:
                    continue
                share.process.join(timeout=5)
                code = share.process.exitcode
                how = f"signal {-code}" if code is not None and code < 0 else f"exit status {code}"
                if share.restarts < MAX_RESTARTS:
                    share.restarts += 1
                    active[share.start()] = share
                else:
                    for key in list(share.pending):
                        del share.pending[key]
                        record(died_record(by_key[key], config, how))
    finally:
        for conn in active:
            conn.close()
        for process in started:
            if process.is_alive():
                process.terminate()
            process.join(timeout=5)
        for share in shares:
            share.end_agents()
        for scratch in scratches:
            shutil.rmtree(scratch, ignore_errors=True)
    if errors:
        raise ThinkingboxError("a worker process failed: " + "; ".join(errors))
    return records
