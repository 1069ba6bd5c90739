"""The scheduler: every selected task prepared once, then its trials run concurrently in one
event loop, each record written as soon as its trial ends."""
from __future__ import annotations

import asyncio
import gc
from contextlib import asynccontextmanager, contextmanager
from typing import Any, AsyncIterator, Callable

from thinkingbox.engine.discovery import PluginHost
from thinkingbox.engine.domain import Domain
from thinkingbox.engine.episode import ERROR
from thinkingbox.engine.sessions import SessionPool, WorldPool
from thinkingbox.engine.settings import IN_PROCESS_TRANSPORTS, TOOL_TRANSPORTS, RunSettings
from thinkingbox.engine.trial import Job, Players, run_trial
from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.reporting.records import trial_record


def describe(exc: BaseException) -> str:
    """An error for a record: the first underlying error of an exception group (a task
    group's summary alone says nothing)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return f"{type(exc).__name__}: {exc}"


async def prepare_jobs(domains: list[Domain], task_ids: set[str] | None, trials: int,
                       done: set[tuple[str, str, int]]) -> list[Job]:
    """Seed every selected task and compute its golden state before any trial starts,
    so a broken task stops the run at once with a message naming it."""
    jobs: list[Job] = []
    for domain in domains:
        tasks = [t for t in domain.tasks.values() if task_ids is None or t.id in task_ids]
        for task in tasks:
            tw = await domain.prepare(task)
            jobs += [Job(domain, tw, n) for n in range(1, trials + 1) if (domain.name, task.id, n) not in done]
    return jobs


@contextmanager
def _long_lived_heap():
    """During a run, keep the cyclic garbage collector off the objects that live for the
    whole run (modules, domains, task templates) and let it run less often: with hundreds
    of trials in flight its full scans otherwise cost a third of the harness's CPU."""
    threshold = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def check_ready(host: PluginHost, tasks: list[Any], config: RunSettings, agent: Any = None,
                require_judge: bool = True) -> Players:
    """Fail before any trial runs if the settings cannot run these tasks (`agent`: an agent
    object that plays instead of config.agent; `require_judge=False`: rubric tasks may run
    without a judge, their rubric checks failing as not judged); the players they name."""
    from thinkingbox.models.personas import check_persona

    if config.tool_transport not in TOOL_TRANSPORTS:
        raise ThinkingboxError(f"unknown tool transport {config.tool_transport!r}: use {', '.join(TOOL_TRANSPORTS)}")
    check_persona(config.persona)
    players = Players.of(host, config, agent)
    check_settings(tasks if require_judge else [t for t in tasks if not t.rubric], players.models)
    return players


def check_settings(tasks: list[Any], settings: Any) -> None:
    """Fail if a role's model is not usable, or rubric tasks have no judge."""
    for role in ("agent", "user", "judge"):
        model = getattr(settings, role)
        if model is not None and not isinstance(model, str):
            model.check(role)
    rubric_tasks = sorted({t.id for t in tasks if t.rubric})
    if rubric_tasks and settings.judge is None:
        raise ThinkingboxError(f"{len(rubric_tasks)} selected task(s) have rubric questions "
                               f"({', '.join(rubric_tasks[:5])}{' ...' if len(rubric_tasks) > 5 else ''}) "
                               "but no judge is configured: pass --judge MODEL, or --judge rules to answer them "
                               "offline from each question's rule")


@asynccontextmanager
async def tool_servers(domains: list[Domain], config: RunSettings) -> AsyncIterator[dict[str, Any]]:
    """With the http tool transport, one in-process HTTP tool server per domain (by name),
    stopped at the end; without it, none."""
    servers: dict[str, Any] = {}
    try:
        if config.tool_transport == "http":
            from thinkingbox.engine.http_tools import InProcessHTTP

            for domain in {d.name: d for d in domains}.values():
                servers[domain.name] = InProcessHTTP(domain)
                await servers[domain.name].start()
        yield servers
    finally:
        for server in servers.values():
            await server.stop()


async def run_jobs(host: PluginHost, jobs: list[Job], config: RunSettings, writer: Any,
                   progress: Callable[[dict[str, Any]], None] | None = None,
                   stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """Run the jobs concurrently, each record given to `writer.write` as its trial ends.
    When `stop()` turns true, no new trial starts; the trials in flight finish and are
    recorded."""
    players = check_ready(host, [j.task_world.task for j in jobs], config)
    async with tool_servers([j.domain for j in jobs], config) as servers:
        return await _run_jobs(jobs, config, players, servers, writer, progress, stop)


async def _run_jobs(jobs: list[Job], config: RunSettings, players: Players, servers: dict[str, Any], writer: Any,
                    progress: Callable[[dict[str, Any]], None] | None,
                    stop: Callable[[], bool] | None) -> list[dict[str, Any]]:
    # Sessions to the in-memory MCP servers and task worlds, reused trial after trial
    # (see engine.sessions).
    sessions = SessionPool() if config.tool_transport == "memory" else None
    worlds = WorldPool() if config.tool_transport in IN_PROCESS_TRANSPORTS else None
    queue: asyncio.Queue[Job] = asyncio.Queue()
    for job in jobs:
        queue.put_nowait(job)
    records: list[dict[str, Any]] = []

    async def worker() -> None:
        while True:
            if stop is not None and stop():
                return
            try:
                job = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            try:
                server = servers.get(job.domain.name)
                if server is not None:
                    await server.ensure_running()
                record = await run_trial(job, config, players, server, sessions, worlds)
            except Exception as exc:  # harness failure in one trial: record it, keep going
                task = job.task_world.task
                record = trial_record(domain=job.domain.name, domain_version=job.domain.version, task=task.id,
                                      family=task.family, trial=job.trial, config=config.public(), verdict=False,
                                      finish_reason=ERROR, error=f"harness: {describe(exc)}",
                                      initial_hash=job.task_world.initial_hash)
            writer.write(record)
            records.append(record)
            if progress:
                progress(record)
            # An offline trial (oracle, scripted user, pooled session and world) may never
            # wait on anything: let the event loop's other tasks (progress, timeouts) run
            # between trials.
            await asyncio.sleep(0)

    workers = [asyncio.create_task(worker()) for _ in range(max(1, min(config.concurrency, len(jobs))))]
    try:
        with _long_lived_heap():
            await asyncio.gather(*workers)
    finally:
        for w in workers:
            w.cancel()
        if sessions is not None and worlds is not None:
            await sessions.aclose()
            worlds.close()
    return records


