"""The Ray actors of a run: trial workers (one per worker process) and one call limiter
per model endpoint. Imported only once Ray is up (it imports ray)."""
from __future__ import annotations

import asyncio
import collections
import os
import time
from contextlib import asynccontextmanager
from typing import Any

import ray


@ray.remote
class ModelLimiter:
    """Cluster-wide slots for one model endpoint: at most `max_concurrent` requests at
    once and, if `rpm` is set, at most `rpm` requests started in any 60 seconds. Slots are
    counted per holder (a worker), so that the slots of a worker that died can be freed."""

    def __init__(self, max_concurrent: int | None, rpm: int | None):
        self.max_concurrent, self.rpm = max_concurrent, rpm
        self.in_use = 0
        self.held: collections.Counter[str] = collections.Counter()
        self.started: collections.deque[float] = collections.deque()  # request starts of the last minute
        self.changed = asyncio.Condition()
        self.peak = 0

    async def acquire(self, holder: str) -> None:
        async with self.changed:
            while True:
                now = time.monotonic()
                while self.started and now - self.started[0] >= 60.0:
                    self.started.popleft()
                if self.max_concurrent is not None and self.in_use >= self.max_concurrent:
                    await self.changed.wait()
                elif self.rpm is not None and len(self.started) >= self.rpm:
                    # (woken by a release too, but only the clock frees a minute's slot)
                    try:
                        await asyncio.wait_for(self.changed.wait(), 60.0 - (now - self.started[0]))
                    except asyncio.TimeoutError:
                        pass
                else:
                    break
            self.in_use += 1
            self.held[holder] += 1
            self.peak = max(self.peak, self.in_use)
            if self.rpm is not None:
                self.started.append(now)

    async def release(self, holder: str, count: int = 1) -> None:
        async with self.changed:
            count = min(count, self.held[holder])
            self.held[holder] -= count
            self.in_use -= count
            self.changed.notify_all()

    async def forget(self, holder: str) -> None:
        """Free every slot a lost worker held."""
        await self.release(holder, self.held[holder])

    def stats(self) -> dict[str, int]:
        return {"in_use": self.in_use, "peak": self.peak}


@ray.remote
class TrialWorker:
    """One worker process: loads the domains once, prepares each task's world once and
    reuses it for every trial of that task, runs its trials concurrently in one event loop
    (thinkingbox's own scheduler) and keeps the finished records until the driver fetches
    them with `next_records`."""

    def __init__(self, domain_names: list[str], config: Any, environment: dict[str, str],
                 limiters: dict[str, Any], holder: str):
        from thinkingbox.engine.discovery import PluginHost
        from thinkingbox.models import llm

        os.environ.update(environment)  # the key variables the run's models name, from the driver
        self.config = config
        self.prepared: dict[tuple[str, str], Any] = {}
        self.outbox: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.state: str = "idle"  # idle | running | done | error: ...
        try:
            self.host = PluginHost()
            self.domains = {d.name: d for d in self.host.load_domains(domain_names)}
        except Exception as exc:  # (a domain missing on this node) reported by the driver
            self.state = f"error: {type(exc).__name__}: {exc}"
        self.runner: asyncio.Task | None = None
        if limiters:
            @asynccontextmanager
            async def slot(model: Any):
                limiter = limiters.get(llm.endpoint(model))
                if limiter is None:
                    yield
                    return
                await limiter.acquire.remote(holder)
                try:
                    yield
                finally:
                    limiter.release.remote(holder)  # (no need to wait for it)

            llm.set_call_slot(slot)

    async def start(self, keys: list[tuple[str, str, int]]) -> None:
        """Start running these trials (domain, task, trial); returns once they are prepared."""
        from thinkingbox.engine.trial import Job

        if self.state != "idle":
            return
        jobs = []
        try:
            for domain_name, task_id, trial in keys:
                domain = self.domains[domain_name]
                if (domain_name, task_id) not in self.prepared:
                    self.prepared[(domain_name, task_id)] = await domain.prepare(domain.task(task_id))
                jobs.append(Job(domain, self.prepared[(domain_name, task_id)], trial))
        except Exception as exc:  # reported by the driver through next_records
            self.state = f"error: {type(exc).__name__}: {exc}"
            self.arrived.set()
            return
        self.state = "running"
        self.runner = asyncio.get_running_loop().create_task(self._run(jobs))

    async def _run(self, jobs: list[Any]) -> None:
        from thinkingbox.engine.scheduler import run_jobs

        try:
            await run_jobs(self.host, jobs, self.config, self)
            self.state = "done"
        except BaseException as exc:  # reported by the driver; finished records are already kept
            self.state = f"error: {type(exc).__name__}: {exc}"
        self.arrived.set()

    def write(self, record: dict[str, Any]) -> None:
        """Stands in for the RecordWriter: the driver alone writes the run file."""
        self.outbox.append(record)
        self.arrived.set()

    async def next_records(self, wait_s: float = 1.0) -> tuple[list[dict[str, Any]], str]:
        """The records finished since the last call (waiting up to `wait_s` for one), and the
        worker's state."""
        if not self.outbox and self.state in ("idle", "running"):
            try:
                await asyncio.wait_for(self.arrived.wait(), wait_s)
            except asyncio.TimeoutError:
                pass
        self.arrived.clear()
        records, self.outbox = self.outbox, []
        return records, self.state
