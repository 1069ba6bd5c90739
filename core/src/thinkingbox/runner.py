"""The runner: many trials, concurrently, each in its own world, each recorded at once."""
from __future__ import annotations

import asyncio
import gc
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable

from .agents import EpisodeContext
from . import llm
from .episode import ERROR, END_TOOL_SCHEMA, Limits, run_episode
from .errors import ThinkingboxError
from .judging import judge_trial
from .plugins import Domain, PluginHost, TaskWorld, tool_dict
from .prompts import AGENT_PROMPT_VERSION, SHARED_AGENT_PROMPT
from .records import RecordWriter, trial_record
from .rubric import JUDGE_PROMPT_VERSION
from .settings import RunSettings
from .tools import bind_world
from .users import USER_PROMPT_VERSION


@dataclass
class EvalConfig:
    agent: str = "oracle"
    user: str = "scripted"
    trials: int = 1
    concurrency: int = 16
    limits: Limits = field(default_factory=Limits)
    settings: RunSettings = field(default_factory=RunSettings)
    tool_transport: str = "memory"   # memory | stdio | http: how trials reach their tools

    def public(self) -> dict[str, Any]:
        """What a record keeps about the run's configuration (no secrets)."""
        return {"agent": self.agent, "user": self.user, "trials": self.trials, "tool_transport": self.tool_transport,
                "max_user_turns": self.limits.max_user_turns, "max_tool_calls": self.limits.max_tool_calls,
                "models": self.settings.public(),
                "prompt_versions": {"agent": AGENT_PROMPT_VERSION, "user": USER_PROMPT_VERSION,
                                    "judge": JUDGE_PROMPT_VERSION}}


@dataclass
class Job:
    domain: Domain
    task_world: TaskWorld
    trial: int

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.domain.name, self.task_world.task.id, self.trial)


def resolve_factory(factories: dict[str, Any], spec: str, what: str) -> tuple[Any, str]:
    """`name` or `name:argument` (e.g. openai:gpt-4.1) -> (factory, argument)."""
    name, _, argument = spec.partition(":")
    if name not in factories:
        raise ThinkingboxError(f"unknown {what} {name!r}; available: {', '.join(sorted(factories))}")
    return factories[name], argument


def _text(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content if getattr(c, "text", None) is not None)


def _usage_totals(trajectory: list[dict[str, Any]], user: Any, outcome_usage: dict[str, Any]) -> dict[str, Any]:
    agent = llm.empty_usage()
    for event in trajectory:
        if event["role"] == "assistant" and event.get("usage"):
            llm.add_usage(agent, event["usage"])
    return {"agent": agent, "user": getattr(user, "usage", None) or llm.empty_usage(),
            "judge": outcome_usage.get("judge") or llm.empty_usage()}


def _stdio_client(domain: Domain, task_id: str, report: str):
    import sys

    from mcp import Client, StdioServerParameters

    args = ["-m", "thinkingbox.cli", "serve", "--domain", domain.name, "--task", task_id, "--transport", "stdio",
            "--report", report]
    return Client(StdioServerParameters(command=sys.executable, args=args))


async def run_trial(job: Job, agent_factory: Any, agent_arg: str, user_factory: Any, user_arg: str,
                    config: EvalConfig, http_server: Any = None) -> dict[str, Any]:
    import tempfile
    from pathlib import Path

    from mcp import Client

    from .world import World

    domain, tw, task = job.domain, job.task_world, job.task_world.task
    t_start = time.perf_counter()
    world = domain.new_world(tw)
    t_reset = time.perf_counter()
    token = report = None
    if config.tool_transport == "http":
        client, token = http_server.client(world)
    elif config.tool_transport == "stdio":
        report = Path(tempfile.mkstemp(prefix="tb-stdio-", suffix=".db")[1])
        client = _stdio_client(domain, task.id, str(report))
    else:
        bind_world(world)  # this trial's context only: its MCP sessions see this world
        client = Client(domain.server, cache=domain.client_cache())
    agent = agent_factory(agent_arg, task, domain, config.settings)
    user = user_factory(user_arg, task, config.settings)
    try:
        async with client:
            # The agent gets the tools as this session lists them (the client also needs the
            # listing to check results, so it costs nothing extra).
            listed = await client.list_tools()
            tools = [*(tool_dict(t) for t in listed.tools), END_TOOL_SCHEMA]
            await agent.start(EpisodeContext([SHARED_AGENT_PROMPT, domain.system_prompt], task.request, tools,
                                             domain.name, task.id, job.trial))

            async def call_tool(name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
                result = await client.call_tool(name, arguments)
                return _text(result), bool(result.is_error)

            t_episode = time.perf_counter()
            episode = await run_episode(agent, user, task.request, call_tool, config.limits, domain.write_tools)
            t_judge = time.perf_counter()
        if report is not None:  # the served world lived in the stdio server; it wrote it on exit
            world.close()
            world = World.from_bytes(domain.schema, report.read_bytes(), domain.info.now)
        # (a world read back from a stdio server was written elsewhere: no reuse)
        final = world.snapshot(tw.initial if report is None else None)
    finally:
        world.close()
        if token is not None:
            await http_server.release(token)
        if report is not None:
            report.unlink(missing_ok=True)
    verdict = await judge_trial(domain, tw, final, episode.trajectory, episode.final_message,
                                episode.finish_reason, judge=config.settings.judge)
    t_end = time.perf_counter()
    return trial_record(
        domain=domain.name, domain_version=domain.version, task=task.id, family=task.family, trial=job.trial,
        config=config.public(), verdict=verdict.passed, finish_reason=episode.finish_reason, error=episode.error,
        checks=[c.to_json() for c in verdict.checks], diff=verdict.diff,
        effects=[e.to_json() for e in verdict.effects], final_message=episode.final_message,
        counts={"user_turns": episode.user_turns, "tool_calls": episode.tool_calls},
        usage=_usage_totals(episode.trajectory, user, verdict.usage), initial_hash=tw.initial_hash,
        trajectory=episode.trajectory,
        timings_ms={
            "reset": round((t_reset - t_start) * 1000, 3),
            "setup": round((t_episode - t_start) * 1000, 3),
            "episode": round((t_judge - t_episode) * 1000, 3),
            "judge": round((t_end - t_judge) * 1000, 3),
            "total": round((t_end - t_start) * 1000, 3),
        },
    )


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


def check_ready(host: PluginHost, tasks: list[Any], config: EvalConfig) -> None:
    """Fail before any trial runs if the configuration cannot run these tasks."""
    resolve_factory(host.agent_factories(), config.agent, "agent")
    resolve_factory(host.user_factories(), config.user, "user")
    for role in ("agent", "user", "judge"):
        model = getattr(config.settings, role)
        if model is not None and not isinstance(model, str):
            model.check(role)
    rubric_tasks = sorted({t.id for t in tasks if t.rubric})
    if rubric_tasks and config.settings.judge is None:
        raise ThinkingboxError(f"{len(rubric_tasks)} selected task(s) have rubric questions "
                               f"({', '.join(rubric_tasks[:5])}{' ...' if len(rubric_tasks) > 5 else ''}) "
                               "but no judge model is configured: pass --judge MODEL")


async def run_jobs(host: PluginHost, jobs: list[Job], config: EvalConfig, writer: RecordWriter,
                   progress: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    check_ready(host, [j.task_world.task for j in jobs], config)
    agent_factory, agent_arg = resolve_factory(host.agent_factories(), config.agent, "agent")
    user_factory, user_arg = resolve_factory(host.user_factories(), config.user, "user")
    servers: dict[str, Any] = {}
    if config.tool_transport == "http":
        from .serve import InProcessHTTP

        for domain in {j.domain.name: j.domain for j in jobs}.values():
            servers[domain.name] = InProcessHTTP(domain)
            await servers[domain.name].start()
    queue: asyncio.Queue[Job] = asyncio.Queue()
    for job in jobs:
        queue.put_nowait(job)
    records: list[dict[str, Any]] = []

    async def worker() -> None:
        while True:
            try:
                job = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            try:
                record = await run_trial(job, agent_factory, agent_arg, user_factory, user_arg, config,
                                         servers.get(job.domain.name))
            except Exception as exc:  # harness failure in one trial: record it, keep going
                task = job.task_world.task
                record = trial_record(domain=job.domain.name, domain_version=job.domain.version, task=task.id,
                                      family=task.family, trial=job.trial, config=config.public(), verdict=False,
                                      finish_reason=ERROR, error=f"harness: {type(exc).__name__}: {exc}",
                                      initial_hash=job.task_world.initial_hash)
            writer.write(record)
            records.append(record)
            if progress:
                progress(record)

    workers = [asyncio.create_task(worker()) for _ in range(max(1, min(config.concurrency, len(jobs))))]
    try:
        with _long_lived_heap():
            await asyncio.gather(*workers)
    finally:
        for w in workers:
            w.cancel()
        for server in servers.values():
            await server.stop()
    return records


# ---- several worker processes ---------------------------------------------------------

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

    async def orphan_watch() -> None:
        # A parent killed without cleanup (SIGTERM, SIGKILL) must not leave workers running.
        while True:
            if os.getppid() != parent_pid:
                os._exit(1)
            await asyncio.sleep(1.0)

    async def work() -> None:
        watch = asyncio.create_task(orphan_watch())
        host = PluginHost()
        domains = {d.name: d for d in host.load_domains(domain_names)}
        jobs = [Job(domains[d], await domains[d].prepare(domains[d].task(t)), n) for d, t, n in keys]
        await run_jobs(host, jobs, config, _QueueWriter(queue))
        watch.cancel()

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
