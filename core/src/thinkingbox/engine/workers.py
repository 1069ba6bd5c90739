"""Worker processes: a large run shared by several processes (each with its own event loop
and a share of the concurrency), so the harness can use more than one core; the parent
alone writes the run file."""
from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

from thinkingbox.engine.discovery import PluginHost
from thinkingbox.engine.scheduler import run_jobs
from thinkingbox.engine.trial import EvalConfig, Job
from thinkingbox.errors import ThinkingboxError
from thinkingbox.reporting.records import RecordWriter


class _QueueWriter:
    """Stands in for RecordWriter inside a worker process: records go to the parent,
    which alone writes the run file."""

    def __init__(self, queue: Any):
        self.queue = queue

    def write(self, record: dict[str, Any]) -> None:
        self.queue.put(record)


def _worker_main(domain_names: list[str], keys: list[tuple[str, str, int]], config: EvalConfig, queue: Any,
                 parent_pid: int) -> None:
    import os
    import threading

    def orphan_watch() -> None:
        # A parent killed without cleanup (SIGTERM, SIGKILL) must not leave workers running.
        # A thread, so that it also watches while the worker is still loading and preparing.
        while True:
            if os.getppid() != parent_pid:
                os._exit(1)
            time.sleep(0.5)

    threading.Thread(target=orphan_watch, daemon=True, name="orphan-watch").start()

    async def work() -> None:
        host = PluginHost()
        domains = {d.name: d for d in host.load_domains(domain_names)}
        jobs = [Job(domains[d], await domains[d].prepare(domains[d].task(t)), n) for d, t, n in keys]
        await run_jobs(host, jobs, config, _QueueWriter(queue))

    try:
        asyncio.run(work())
        queue.put(None)
    except KeyboardInterrupt:
        queue.put(None)
    except BaseException as exc:  # reported by the parent; finished records are already sent
        queue.put({"__worker_error__": f"{type(exc).__name__}: {exc}"})


def run_in_processes(domain_names: list[str], jobs: list[Job], config: EvalConfig, workers: int,
                     writer: RecordWriter, progress: Callable[[dict[str, Any]], None] | None = None
                     ) -> list[dict[str, Any]]:
    """Run the jobs in `workers` processes (each with its own event loop and a share of
    the concurrency), so that the harness can use more than one core. The parent writes
    every record as it arrives."""
    import math
    import multiprocessing
    import os
    import queue as queue_module
    from dataclasses import replace

    context = multiprocessing.get_context("spawn")
    records_queue = context.Queue()
    shard_config = replace(config, concurrency=max(1, math.ceil(config.concurrency / workers)))
    keys = [job.key for job in jobs]
    processes = [context.Process(target=_worker_main,
                                 args=(domain_names, keys[i::workers], shard_config, records_queue, os.getpid()),
                                 daemon=True) for i in range(workers) if keys[i::workers]]
    for process in processes:
        process.start()
    records: list[dict[str, Any]] = []
    finished, errors = 0, []
    try:
        while finished < len(processes):
            try:
                item = records_queue.get(timeout=0.5)
            except queue_module.Empty:
                if not any(p.is_alive() for p in processes) and records_queue.empty():
                    break  # a worker died without a word (killed)
                continue
            if item is None or "__worker_error__" in item:
                finished += 1
                if item is not None:
                    errors.append(item["__worker_error__"])
                continue
            writer.write(item)
            records.append(item)
            if progress:
                progress(item)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()
            process.join(timeout=5)
    if errors:
        raise ThinkingboxError("a worker process failed: " + "; ".join(errors))
    return records
