"""`tb eval --executor ray`: the run's trials on a Ray cluster, with the guarantees of the
local worker processes (thinkingbox.engine.workers): the driver alone writes the run file,
each record as it arrives; a trial is recorded only once it finished on a worker, and
never twice; the trials a lost worker (actor, process or node) had not sent back run
again on a fresh worker, from a fresh world."""
from __future__ import annotations

import math
import os
import sys
from dataclasses import replace
from typing import Any, Callable

from thinkingbox.engine.workers import MAX_RESTARTS, died_record
from thinkingbox.contract.errors import ThinkingboxError

OPTIONS = {
    "address": "an existing cluster (HOST:PORT, ray://HOST:PORT or auto); default: start a local one on 127.0.0.1",
    "num_cpus": "CPUs of the local cluster started when no address is given (default: all)",
    "worker_cpus": "CPUs Ray reserves for each worker actor (default: 1)",
    "max_model_concurrency": "requests at once per model endpoint, over the whole cluster (default: no limit)",
    "rpm": "requests started per minute per model endpoint, over the whole cluster (default: no limit)",
}


def quiet_ray_environment() -> None:
    """Set before Ray is imported (it reads them then): no usage statistics sent anywhere,
    and workers use the cluster's own Python environment: under `uv run`, Ray would
    otherwise pack the working directory and build a new environment for its workers (slow,
    and it may reach a package index)."""
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    os.environ["RAY_ENABLE_UV_RUN_RUNTIME_ENV"] = "0"


def _number(options: dict[str, str], key: str, kind: type) -> Any:
    if key not in options:
        return None
    try:
        value = kind(options[key])
    except ValueError:
        value = None
    if value is None or value <= 0:
        raise ThinkingboxError(f"--executor-option {key} expects a positive number, got {options[key]!r}")
    return value


class RayExecutor:
    """Trials on a Ray cluster: `workers` TrialWorker actors (default: one per CPU of the
    cluster), each with its share of the trials and of `--concurrency`."""

    def __init__(self, options: dict[str, str]):
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise ThinkingboxError(f"unknown --executor-option {unknown[0]!r} for ray; known: "
                                   f"{', '.join(OPTIONS)} (see docs/ray.md)")
        self.address = options.get("address") or None
        self.num_cpus = _number(options, "num_cpus", int)
        self.worker_cpus = _number(options, "worker_cpus", float) or 1.0
        self.max_model_concurrency = _number(options, "max_model_concurrency", int)
        self.rpm = _number(options, "rpm", int)
        self.actors: list[Any] = []    # the live worker actors (tests kill one)
        self.limiters: list[Any] = []  # one per model endpoint, with a limit set

    def run(self, plan: Any, workers: int | None, writer: Any,
            progress: Callable[[dict[str, Any]], None] | None = None,
            stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
        if not plan.jobs:
            return []
        quiet_ray_environment()
        import ray

        started_here = not ray.is_initialized()
        if started_here:
            self._connect(ray)
        try:
            return self._run(ray, plan, workers, writer, progress, stop)
        finally:
            for actor in self.actors + self.limiters:
                ray.kill(actor)
            self.actors, self.limiters = [], []
            if started_here:
                ray.shutdown()

    def _connect(self, ray: Any) -> None:
        import logging

        common = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.WARNING,
                  "configure_logging": False}
        try:
            if self.address is None:  # a new local instance, reachable from this machine only
                ray.init(address="local", num_cpus=self.num_cpus, _node_ip_address="127.0.0.1", **common)
            else:
                ray.init(address=self.address, **common)
        except Exception as exc:
            where = self.address or "a local instance"
            raise ThinkingboxError(f"cannot start Ray ({where}): {type(exc).__name__}: {str(exc)[:300]}") from None

    def _run(self, ray: Any, plan: Any, workers: int | None, writer: Any,
             progress: Callable[[dict[str, Any]], None] | None,
             stop: Callable[[], bool] | None) -> list[dict[str, Any]]:
        from thinkingbox_ray.actors import ModelLimiter, TrialWorker

        from thinkingbox.models import llm

        config = plan.config
        cpus = ray.cluster_resources().get("CPU", 1)
        workers = workers or max(1, int(cpus // self.worker_cpus))
        workers = min(workers, len(plan.jobs))
        if workers * self.worker_cpus > cpus:
            print(f"tb: warning: {workers} Ray workers of {self.worker_cpus:g} CPU each need more than the cluster's "
                  f"{cpus:g} CPUs; some start only when CPUs are free (fewer --workers, or --executor-option "
                  "worker_cpus=...)", file=sys.stderr)
        share_config = replace(config, concurrency=max(1, math.ceil(config.concurrency / workers)))
        models = [m for m in (config.settings.agent, config.settings.user, config.settings.judge)
                  if isinstance(m, llm.ModelConfig)]
        # Only the variables the run's models name (their keys), and the default base URL;
        # given to each worker in its constructor, never through runtime_env (which Ray shows).
        names = {m.api_key_env for m in models} | {"OPENAI_BASE_URL"}
        environment = {name: os.environ[name] for name in sorted(names) if name in os.environ}
        limiters: dict[str, Any] = {}
        if self.max_model_concurrency or self.rpm:
            for endpoint in sorted({llm.endpoint(m) for m in models}):
                limiters[endpoint] = ModelLimiter.options(max_concurrency=100_000, num_cpus=0).remote(
                    self.max_model_concurrency, self.rpm)
                self.limiters.append(limiters[endpoint])
        by_key = {job.key: job for job in plan.jobs}
        keys = list(by_key)
        worker_cpus, actors, started = self.worker_cpus, self.actors, [0]

        class Share:
            """A worker's trials: sent to it and not yet back (ordered, like the local shares)."""

            def __init__(self, keys: list[tuple[str, str, int]]):
                self.pending = dict.fromkeys(keys)
                self.restarts = 0  # workers started since one last sent a record
                self.actor: Any = None
                self.holder = ""   # the worker's name at the limiters

            def start(self) -> Any:
                """A fresh worker for the pending trials; its first poll."""
                started[0] += 1
                self.holder = f"worker-{started[0]}"
                self.actor = TrialWorker.options(num_cpus=worker_cpus, max_concurrency=1000).remote(
                    plan.names, share_config, environment, limiters, self.holder)
                self.actor.start.remote(list(self.pending))
                actors.append(self.actor)
                return self.actor.next_records.remote()

        polls: dict[Any, Share] = {}
        for i in range(workers):
            share = Share(keys[i::workers])
            polls[share.start()] = share
        records: list[dict[str, Any]] = []
        errors: list[str] = []

        def record(item: dict[str, Any]) -> None:
            writer.write(item)
            records.append(item)
            if progress:
                progress(item)

        while polls and not (stop is not None and stop()):
            ready, _ = ray.wait(list(polls), num_returns=1, timeout=1.0)
            for poll in ready:
                share = polls.pop(poll)
                try:
                    items, state = ray.get(poll)
                except (ray.exceptions.RayError, OSError) as exc:  # the actor, its process or its node is lost
                    items, state = [], f"died: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
                for item in items:
                    key = (item["domain"], item["task"], item["trial"])
                    if key in share.pending:  # (never twice)
                        del share.pending[key]
                        share.restarts = 0
                        record(item)
                if state in ("idle", "running"):
                    polls[share.actor.next_records.remote()] = share
                    continue
                actors.remove(share.actor)
                ray.kill(share.actor)
                for limiter in self.limiters:
                    limiter.forget.remote(share.holder)
                if state.startswith("error"):
                    errors.append(state.removeprefix("error: "))
                if not state.startswith("died") or not share.pending:
                    continue
                if share.restarts < MAX_RESTARTS:
                    share.restarts += 1
                    polls[share.start()] = share
                else:
                    for key in list(share.pending):
                        del share.pending[key]
                        record(died_record(by_key[key], config, f"Ray worker lost: {state.removeprefix('died: ')}"))
        if errors:
            raise ThinkingboxError("a Ray worker failed: " + "; ".join(errors))
        return records
