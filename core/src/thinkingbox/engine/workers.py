"""Workers: a large run shared by several workers (processes of this machine, or actors of
a cluster through an executor package), each with its own event loop and a share of the
concurrency, so the harness can use more than one core; the driver alone writes the run
file.

The loop exists once, here, for every kind of worker:
- in a worker, `run_share` loads the domains, prepares each task's world once and runs its
  share of the trials (the scheduler's `run_jobs`), handing each record to `write`;
- in the driver, `run_shares` deals the trials out, starts the workers through a
  `WorkerTransport` (which alone knows how to start a worker and hear from it), records
  each record as it arrives, and keeps the promises below.

A worker that dies (killed, out of memory, its node lost) loses only the trials it had not
sent: the driver starts a fresh worker for them, and after `MAX_RESTARTS` workers in a row
died without finishing a trial, records the trials still left as errors, so that every
trial ends up in the run file exactly once and `--resume --retry-errors` can run them
again. `run_in_processes` is the transport of this machine's processes."""
from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any, Callable, Protocol

from thinkingbox.engine.discovery import PluginHost
from thinkingbox.engine.episode import ERROR
from thinkingbox.engine.scheduler import run_jobs
from thinkingbox.engine.settings import RunSettings
from thinkingbox.engine.trial import Job
from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.reporting.records import RecordWriter, trial_record

MAX_RESTARTS = 3  # fresh workers in a row for one share of the run that may die without finishing a trial


Key = tuple[str, str, int]  # (domain, task id, trial)


class _Sink:
    """Stands in for RecordWriter inside a worker: records go to the driver, which alone
    writes the run file."""

    def __init__(self, write: Callable[[dict[str, Any]], None]):
        self.write = write


async def run_share(domain_names: list[str], keys: list[Key], config: RunSettings,
                    write: Callable[[dict[str, Any]], None]) -> None:
    """A worker's share of a run (local worker processes and cluster actors alike): load
    the domains, prepare each task's world once, run the trials concurrently and give each
    record to `write` as its trial ends."""
    host = PluginHost()
    domains = {d.name: d for d in host.load_domains(domain_names)}
    prepared: dict[tuple[str, str], Any] = {}
    jobs = []
    for domain_name, task_id, trial in keys:
        domain = domains[domain_name]
        if (domain_name, task_id) not in prepared:
            prepared[(domain_name, task_id)] = await domain.prepare(domain.task(task_id))
        jobs.append(Job(domain, prepared[(domain_name, task_id)], trial))
    await run_jobs(host, jobs, config, _Sink(write))


def _worker_main(domain_names: list[str], keys: list[Key], config: RunSettings, conn: Any,
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

    try:
        asyncio.run(run_share(domain_names, keys, config, lambda record: conn.send(("record", record))))
        conn.send(("done", None))
    except KeyboardInterrupt:
        conn.send(("interrupted", None))
    except BaseException as exc:  # reported by the parent; finished records are already sent
        conn.send(("error", f"{type(exc).__name__}: {exc}"))


def died_record(job: Job, config: RunSettings, how: str) -> dict[str, Any]:
    """The error record of a trial whose workers kept dying."""
    task = job.task_world.task
    return trial_record(domain=job.domain.name, domain_version=job.domain.version, task=task.id, family=task.family,
                        trial=job.trial, config=config.public(), verdict=False, finish_reason=ERROR,
                        error=f"harness: its worker process died ({how}), {MAX_RESTARTS + 1} times in a row "
                              "without finishing a trial", initial_hash=job.task_world.initial_hash)


class Share:
    """One worker's part of a run: its trials sent and not yet back (in order), and the
    transport's handle of the worker running them now."""

    def __init__(self, keys: list[Key]):
        self.pending: dict[Key, None] = dict.fromkeys(keys)
        self.restarts = 0      # workers started since one last sent a record
        self.worker: Any = None


class WorkerTransport(Protocol):
    """How the driver starts workers and hears from them (processes, cluster actors).
    Events, as (share, kind, item): ("record", record) as each trial ends; then one of
    ("done", None), ("error", text: the worker failed), ("died", how: it was lost) or
    ("interrupted", None: Ctrl-C reached it)."""

    name: str  # what a worker is called in errors: "worker process", "Ray worker"

    def start(self, share: Share, domain_names: list[str], config: RunSettings) -> None:
        """Start a fresh worker running the share's pending trials with `config`."""

    def wait(self, shares: list[Share], timeout: float) -> list[tuple[Share, str, Any]]:
        """The events of these shares' workers that arrive within `timeout` seconds."""

    def end(self, share: Share, kind: str) -> None:
        """The share's worker ended (its last event's kind): let go of what it held."""

    def close(self) -> None:
        """End every worker still running and clean up (also after an error or Ctrl-C)."""


def run_shares(domain_names: list[str], jobs: list[Job], config: RunSettings, workers: int,
               transport: WorkerTransport, writer: Any,
               progress: Callable[[dict[str, Any]], None] | None = None,
               stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """Run the jobs on `workers` workers of `transport`, each with a share of the trials and
    of the concurrency; the driver writes every record as it arrives (never twice), starts
    a fresh worker for the trials a lost one had not sent, and after MAX_RESTARTS losses in
    a row records them as errors. When `stop()` turns true, the workers are ended: the
    trials they had not sent back are not recorded (`--resume` runs them)."""
    import math

    share_config = replace(config, concurrency=max(1, math.ceil(config.concurrency / workers)))
    by_key = {job.key: job for job in jobs}
    keys = list(by_key)
    active = [Share(keys[i::workers]) for i in range(workers) if keys[i::workers]]
    records: list[dict[str, Any]] = []
    errors: list[str] = []

    def record(item: dict[str, Any]) -> None:
        writer.write(item)
        records.append(item)
        if progress:
            progress(item)

    try:
        for share in active:
            transport.start(share, domain_names, share_config)
        while active and not (stop is not None and stop()):
            for share, kind, item in transport.wait(list(active), 1.0):
                if kind == "record":
                    key = (item["domain"], item["task"], item["trial"])
                    if key in share.pending:  # (never twice)
                        del share.pending[key]
                        share.restarts = 0
                        record(item)
                    continue
                active.remove(share)
                transport.end(share, kind)
                if kind == "interrupted":
                    raise KeyboardInterrupt
                if kind == "error":
                    errors.append(item)
                if kind != "died" or not share.pending:
                    continue
                if share.restarts < MAX_RESTARTS:
                    share.restarts += 1
                    transport.start(share, domain_names, share_config)
                    active.append(share)
                else:
                    for key in list(share.pending):
                        del share.pending[key]
                        record(died_record(by_key[key], config, item))
    finally:
        transport.close()
    if errors:
        raise ThinkingboxError(f"a {transport.name} failed: " + "; ".join(errors))
    return records


class LocalProcesses:
    """The transport of worker processes of this machine (spawned, each with a pipe of its
    own to the driver)."""

    name = "worker process"

    def __init__(self) -> None:
        import multiprocessing

        self.context = multiprocessing.get_context("spawn")
        self.readers: dict[Any, Share] = {}     # the pipe of each running worker
        self.groups: dict[int, set[int]] = {}   # id(share) -> its worker's command agents' process groups
        self.started: list[Any] = []
        self.scratches: list[str] = []          # the workers' temporary folders, removed at the end

    def start(self, share: Share, domain_names: list[str], config: RunSettings) -> None:
        import os
        import tempfile

        reader, sender = self.context.Pipe(duplex=False)
        self.scratches.append(tempfile.mkdtemp(prefix="tb-worker-"))
        share.worker = self.context.Process(target=_worker_main, daemon=True,
                                            args=(domain_names, list(share.pending), config, sender, os.getpid(),
                                                  self.scratches[-1]))
        share.worker.start()
        self.started.append(share.worker)
        sender.close()  # the worker holds the only sending end: its death reads as end of file
        self.readers[reader] = share

    def wait(self, shares: list[Share], timeout: float) -> list[tuple[Share, str, Any]]:
        from multiprocessing.connection import wait

        events = []
        for reader in wait(list(self.readers), timeout=timeout):
            share = self.readers[reader]
            try:
                kind, item = reader.recv()
            except (EOFError, OSError):  # the worker died, perhaps in the middle of a message
                share.worker.join(timeout=5)
                code = share.worker.exitcode
                kind, item = "died", f"signal {-code}" if code is not None and code < 0 else f"exit status {code}"
            if kind == "group":  # a command agent's process group started (True) or ended (False)
                group, running = item
                groups = self.groups.setdefault(id(share), set())
                (groups.add if running else groups.discard)(group)
                continue
            if kind != "record":
                del self.readers[reader]
                reader.close()
            events.append((share, kind, item))
        return events

    def end(self, share: Share, kind: str) -> None:
        if kind != "done":  # (a worker killed outright ends none of its command agents itself)
            self._end_agents(share)

    def _end_agents(self, share: Share) -> None:
        from thinkingbox.engine.external import kill_groups

        kill_groups(self.groups.pop(id(share), set()))

    def close(self) -> None:
        import shutil

        from thinkingbox.engine.external import kill_groups

        for reader in self.readers:
            reader.close()
        for process in self.started:
            if process.is_alive():
                process.terminate()
            process.join(timeout=5)
        for groups in self.groups.values():
            kill_groups(groups)
        self.groups.clear()
        for scratch in self.scratches:
            shutil.rmtree(scratch, ignore_errors=True)


def run_in_processes(domain_names: list[str], jobs: list[Job], config: RunSettings, workers: int,
                     writer: RecordWriter, progress: Callable[[dict[str, Any]], None] | None = None,
                     stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """Run the jobs in `workers` processes of this machine (each with its own event loop and
    a share of the concurrency), so that the harness can use more than one core; see
    run_shares."""
    return run_shares(domain_names, jobs, config, workers, LocalProcesses(), writer, progress, stop)
