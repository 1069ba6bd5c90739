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
    """One worker process: runs its share of the trials with thinkingbox's own worker loop
    (`thinkingbox.trials.run_share`: domains loaded once, each task's world prepared once,
    the trials run concurrently in one event loop) and keeps the finished records until the
    driver fetches them with `next_records`. Only the transport is Ray's."""

    def __init__(self, domain_names: list[str], config: Any, environment: dict[str, str],
                 limiters: dict[str, Any], holder: str):
        from thinkingbox.trials import model_endpoint, set_call_slot

        os.environ.update(environment)  # the key variables the run's models name, from the driver
        self.domain_names, self.config = domain_names, config
        self.outbox: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.state: str = "idle"  # idle | running | done | error: ...
        self.runner: asyncio.Task | None = None
        if limiters:
            @asynccontextmanager
            async def slot(model: Any):
                limiter = limiters.get(model_endpoint(model))
                if limiter is None:
                    yield
                    return
                await limiter.acquire.remote(holder)
                try:
                    yield
                finally:
                    limiter.release.remote(holder)  # (no need to wait for it)

            set_call_slot(slot)

    async def start(self, keys: list[tuple[str, str, int]]) -> None:
        """Start running these trials (domain, task, trial) in the background."""
        if self.state != "idle":
            return
        self.state = "running"
        self.runner = asyncio.get_running_loop().create_task(self._run(keys))

    async def _run(self, keys: list[tuple[str, str, int]]) -> None:
        from thinkingbox.trials import run_share

        try:
            await run_share(self.domain_names, keys, self.config, self.write)
            self.state = "done"
        except BaseException as exc:  # reported by the driver; finished records are already kept
            self.state = f"error: {type(exc).__name__}: {exc}"
        self.arrived.set()

    def write(self, record: dict[str, Any]) -> None:
        """Where run_share hands each record: kept for the driver, which alone writes the run file."""
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
