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
again. `run_in_processes` is the transport of this machine's processes.

What a worker costs beyond its trials is kept small, so that N workers give ~N times the
trials per second: the trials are dealt in blocks of whole tasks (a task's world is
prepared by one worker, at most two, not by every worker); local workers receive the
task worlds the driver already prepared instead of preparing them again; they are forked
from one server process that imported the core and the domains' plugins once
(multiprocessing's forkserver, where the platform has it), not spawned and imported each;
and they send each record as its finished run-file line, which the driver writes as it
is."""
from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any, Callable, Protocol

import orjson

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
                    write: Callable[[dict[str, Any]], None],
                    prepared: dict[tuple[str, str], tuple] | None = None) -> None:
    """A worker's share of a run (local worker processes and cluster actors alike): load
    the domains, prepare each task's world once (or adopt the parts the driver `prepared`,
    see `prepared_parts`), run the trials concurrently and give each record to `write` as
    its trial ends."""
    from thinkingbox.engine import worker_preload

    preloaded = worker_preload.take(domain_names)  # (loaded by the fork server, see worker_preload)
    host = preloaded[0] if preloaded else PluginHost()
    domains = {d.name: d for d in (preloaded[1] if preloaded else host.load_domains(domain_names))}
    task_worlds: dict[tuple[str, str], Any] = {}
    jobs = []
    for domain_name, task_id, trial in keys:
        domain = domains[domain_name]
        key = (domain_name, task_id)
        if key not in task_worlds:
            parts = prepared.get(key) if prepared else None
            task_worlds[key] = (domain.adopt_prepared(task_id, parts) if parts is not None
                                else await domain.prepare(domain.task(task_id)))
        jobs.append(Job(domain, task_worlds[key], trial))
    await run_jobs(host, jobs, config, _Sink(write))


def prepared_parts(jobs: list[Job]) -> dict[tuple[str, str], tuple]:
    """The prepared task worlds of these jobs, as the plain parts a worker adopts
    (`Domain.adopt_prepared`): pickled together, so that the rows an initial and a golden
    state share stay shared (judging skips a table by identity)."""
    parts: dict[tuple[str, str], tuple] = {}
    for job in jobs:
        key = (job.domain.name, job.task_world.task.id)
        if key not in parts:
            tw = job.task_world
            parts[key] = (tw.template, tw.initial, tw.golden, tw.initial_hash, tw.golden_hash)
    return parts


def deal(keys: list[Key], workers: int) -> list[list[Key]]:
    """Split the trials into at most `workers` shares of (nearly) equal size, each task's
    trials kept together as far as the sizes allow, since each worker prepares the world of
    every task it runs; each share keeps the run's order."""
    order = {key: i for i, key in enumerate(keys)}
    by_task = sorted(keys, key=lambda key: (key[0], key[1], order[key]))
    blocks = [by_task[i * len(keys) // workers:(i + 1) * len(keys) // workers] for i in range(workers)]
    return [sorted(block, key=order.__getitem__) for block in blocks if block]


def _worker_main(domain_names: list[str], keys: list[Key], config: RunSettings, conn: Any,
                 driver_pid: int, scratch: str, environment: dict[str, str],
                 prepared_file: str | None = None) -> None:
    import os
    import pickle
    import tempfile
    import threading

    # A worker forked from the fork server has the server's environment, which is that of
    # the driver when the server started (multiprocessing sets the folder and sys.path).
    os.environ.clear()
    os.environ.update(environment)
    tempfile.tempdir = scratch  # (stdio trials' report files) the parent removes it, even if this process is killed
    started_under = os.getppid()  # the driver, or the fork server (which ends when the driver does)

    def driver_gone() -> bool:
        if os.getppid() != started_under:
            return True
        try:
            os.kill(driver_pid, 0)
        except (ProcessLookupError, PermissionError):  # (gone; or its pid reused by another user)
            return True
        return False

    def orphan_watch() -> None:
        # A parent killed without cleanup (SIGTERM, SIGKILL) must not leave workers running.
        # A thread, so that it also watches while the worker is still loading and preparing.
        while True:
            if driver_gone():
                from thinkingbox.engine.external import kill_all_groups

                kill_all_groups()  # (command agents' processes: os._exit runs no atexit handler)
                os._exit(1)
            time.sleep(0.5)

    threading.Thread(target=orphan_watch, daemon=True, name="orphan-watch").start()

    from thinkingbox.engine.external import watch_groups

    # The parent kills these groups if this worker dies without ending them (SIGKILL runs no handler).
    watch_groups(lambda group, running: conn.send(("group", (group, running))))

    from thinkingbox.reporting.records import record_line
    from thinkingbox.secrets import secret_values

    secrets = secret_values()

    def send(record: dict[str, Any]) -> None:
        # The finished run-file line (secrets redacted): the driver writes it as it is.
        conn.send(("record", record_line(record, secrets)))

    try:
        prepared = None
        if prepared_file is not None:
            with open(prepared_file, "rb") as file:
                prepared = pickle.load(file)
        asyncio.run(run_share(domain_names, keys, config, send, prepared))
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
    """One worker's part of a run: its trials sent and not yet back (in order), the
    prepared task worlds of its tasks (`prepared_parts`, for a transport that can hand them
    to its workers) and the transport's handle of the worker running them now."""

    def __init__(self, keys: list[Key], prepared: dict[tuple[str, str], tuple] | None = None):
        self.pending: dict[Key, None] = dict.fromkeys(keys)
        self.prepared = prepared
        self.restarts = 0      # workers started since one last sent a record
        self.worker: Any = None


class WorkerTransport(Protocol):
    """How the driver starts workers and hears from them (processes, cluster actors).
    Events, as (share, kind, item): ("record", record) as each trial ends (the record, or
    its finished run-file line as bytes); then one of ("done", None), ("error", text: the
    worker failed), ("died", how: it was lost) or ("interrupted", None: Ctrl-C reached it)."""

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
    active = [Share(keys, prepared_parts([by_key[key] for key in keys])) for keys in deal(list(by_key), workers)]
    records: list[dict[str, Any]] = []
    errors: list[str] = []

    write_line = getattr(writer, "write_line", None)  # (a RecordWriter; other sinks take records)

    def record(item: dict[str, Any], line: bytes | None = None) -> None:
        if line is None or write_line is None:
            writer.write(item)
        else:
            write_line(line)
        records.append(item)
        if progress:
            progress(item)

    try:
        for share in active:
            transport.start(share, domain_names, share_config)
        while active and not (stop is not None and stop()):
            for share, kind, item in transport.wait(list(active), 1.0):
                if kind == "record":
                    line = None
                    if isinstance(item, bytes):  # a finished run-file line (local workers)
                        line, item = item, orjson.loads(item)
                    key = (item["domain"], item["task"], item["trial"])
                    if key in share.pending:  # (never twice)
                        del share.pending[key]
                        share.restarts = 0
                        record(item, line)
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


def worker_context(preload: list[str]) -> Any:
    """How worker processes start: forked from multiprocessing's fork server, which imports
    `preload` once for every worker of this driver process (the core and the domains'
    plugins take seconds to import), where the platform has one; spawned otherwise. Never
    forked from the driver itself: it runs threads (progress), and a fork copies whatever
    lock they hold."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(preload)  # (used when the server starts, the first time)
    return context


# Libraries the core imports only when first used (inside functions), which every worker
# then needs: the MCP server that each domain's tools are built on (a second to import).
_LAZY_LIBRARIES = {"mcp", "mcp_types", "pydantic", "pydantic_core", "sqlmodel", "sqlalchemy", "orjson", "regex"}


def preload_modules() -> list[str]:
    """The modules a worker needs, as the driver has them loaded: the core's engine and
    models, the plugins' packages (by their top-level package), and the libraries of
    `_LAZY_LIBRARIES` (their client and transport parts left out)."""
    import sys

    from thinkingbox.engine.discovery import installed_domains

    packages = {"thinkingbox", *_LAZY_LIBRARIES}
    for entry in installed_domains().values():
        packages.add(entry.module.split(".")[0])
    modules = sorted(name for name in list(sys.modules) if name.split(".")[0] in packages
                     and not name.startswith(("thinkingbox.interfaces", "mcp.client", "thinkingbox.engine.worker_preload")))
    return [*modules, "thinkingbox.engine.worker_preload"]  # last: it loads the run's domains


def start_fork_server(context: Any, domain_names: list[str]) -> None:
    """Start the fork server of `context` (if it uses one and it is not running yet) with
    the run's domains named for `worker_preload` to load. The name travels in the
    server's environment only: workers take the driver's own environment."""
    import os

    if context.get_start_method() != "forkserver":
        return
    from multiprocessing import forkserver

    from thinkingbox.engine.worker_preload import PRELOAD_ENV

    before = os.environ.get(PRELOAD_ENV)
    os.environ[PRELOAD_ENV] = ",".join(domain_names)
    try:
        forkserver.ensure_running()
    finally:
        if before is None:
            os.environ.pop(PRELOAD_ENV, None)
        else:
            os.environ[PRELOAD_ENV] = before


def fork_server_cpu_seconds() -> float:
    """CPU time of the fork server and of the workers it forked that have ended: they are
    its children, not the driver's, so the driver's RUSAGE_CHILDREN misses them. 0 where it
    cannot be read (no fork server started, or no /proc)."""
    import os
    from multiprocessing import forkserver

    pid = getattr(forkserver._forkserver, "_forkserver_pid", None)  # (multiprocessing keeps no public handle)
    if not pid:
        return 0.0
    try:
        with open(f"/proc/{pid}/stat") as file:
            fields = file.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    utime, stime, children_utime, children_stime = (int(x) for x in fields[11:15])
    return (utime + stime + children_utime + children_stime) / os.sysconf("SC_CLK_TCK")


def run_cpu_seconds() -> float:
    """CPU time of this process and of its worker processes that have ended (its own
    children, or the fork server's): what a run cost, as `tb eval` reports it."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime + fork_server_cpu_seconds()


class LocalProcesses:
    """The transport of worker processes of this machine (see `worker_context`), each with a
    pipe of its own to the driver."""

    name = "worker process"

    def __init__(self) -> None:
        self.context = worker_context(preload_modules())
        self.readers: dict[Any, Share] = {}     # the pipe of each running worker
        self.groups: dict[int, set[int]] = {}   # id(share) -> its worker's command agents' process groups
        self.started: list[Any] = []
        self.scratches: list[str] = []          # the workers' temporary folders, removed at the end
        self.prepared_files: dict[int, str] = {}  # id(share) -> its prepared task worlds, pickled once

    def start(self, share: Share, domain_names: list[str], config: RunSettings) -> None:
        import os
        import tempfile

        if not self.started:
            start_fork_server(self.context, domain_names)
        reader, sender = self.context.Pipe(duplex=False)
        self.scratches.append(tempfile.mkdtemp(prefix="tb-worker-"))
        if share.prepared and id(share) not in self.prepared_files:
            # A file, not the process's arguments: a worker that dies while reading them
            # would break the driver's pipe; and a restarted worker reads the same file.
            import pickle

            path = os.path.join(self.scratches[-1], "prepared.pickle")
            with open(path, "wb") as file:
                pickle.dump(share.prepared, file, protocol=pickle.HIGHEST_PROTOCOL)
            self.prepared_files[id(share)] = path
        share.worker = self.context.Process(target=_worker_main, daemon=True,
                                            args=(domain_names, list(share.pending), config, sender, os.getpid(),
                                                  self.scratches[-1], dict(os.environ),
                                                  self.prepared_files.get(id(share))))
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
