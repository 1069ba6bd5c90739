"""`tb eval --executor ray`: the run's trials on a Ray cluster. The worker loop is
thinkingbox's own (`thinkingbox.trials.run_shares` in the driver, `run_share` in each
actor), so the guarantees are those of the local worker processes: the driver alone writes
the run file, each record as it arrives; a trial is recorded only once it finished on a
worker, and never twice; the trials a lost worker (actor, process or node) had not sent
back run again on a fresh worker, from a fresh world. This package supplies only the
transport: actors, their polls and object references."""
from __future__ import annotations

import os
import secrets
import sys
import tempfile
from contextlib import contextmanager, nullcontext
from typing import Any, Callable, Iterator

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.trials import ModelConfig, Share, model_endpoint, run_shares

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


# Ray (2.60) binds its servers to every interface, whatever node IP it is given, unless
# it treats this machine as one that cannot be part of a cluster (its switch for Windows
# and macOS): then the node's address is 127.0.0.1 and every server binds to it alone.
CLUSTER_SWITCH = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
# The local instance's token: one per process, never written to a file (Ray's default for
# a new local instance writes ~/.ray/auth_token, which turns authentication on for every
# later `ray start --head` on the machine).
_LOCAL_TOKEN = secrets.token_hex(32)

AUTH_ADVICE = ("set RAY_AUTH_MODE=token and the cluster's token in RAY_AUTH_TOKEN (or a file named by "
               "RAY_AUTH_TOKEN_PATH, or ~/.ray/auth_token) where tb eval runs (docs/ray.md, \"Authentication\")")


@contextmanager
def local_instance() -> Iterator[None]:
    """The settings of a local Ray instance started for one run, restored afterwards: it
    binds to 127.0.0.1 only, and it requires a token that only this process and the
    instance's own processes know (unless RAY_AUTH_MODE=disabled is set)."""
    names = (CLUSTER_SWITCH, "RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")
    saved = {name: os.environ.get(name) for name in names}
    os.environ[CLUSTER_SWITCH] = "0"  # read by Ray's processes as they start
    if (os.environ.get("RAY_AUTH_MODE") or "").lower() != "disabled":
        os.environ["RAY_AUTH_TOKEN"] = _LOCAL_TOKEN
        os.environ.pop("RAY_AUTH_TOKEN_PATH", None)
    constants = sys.modules.get("ray._private.ray_constants")  # read when Ray was imported: this process
    switch = getattr(constants, "ENABLE_RAY_CLUSTER", None)
    if switch is not None:
        constants.ENABLE_RAY_CLUSTER = False  # type: ignore[union-attr]
    try:
        yield
    finally:
        if switch is not None:
            constants.ENABLE_RAY_CLUSTER = switch  # type: ignore[union-attr]
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextmanager
def captured_stderr() -> Iterator[list[str]]:
    """Everything written to file descriptor 2 meanwhile (Ray's C++ core logs there, a line a
    second while it retries a refused connection), kept in the list it yields instead."""
    kept: list[str] = []
    sys.stderr.flush()
    with tempfile.TemporaryFile(mode="w+b") as sink:
        saved = os.dup(2)
        os.dup2(sink.fileno(), 2)
        try:
            yield kept
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            kept.extend(sink.read().decode("utf-8", "replace").splitlines())


def connection_error(address: str, exc: BaseException, output: list[str]) -> ThinkingboxError:
    """One line for a failed connection to the cluster at `address`: an authentication
    failure says so and what to set; otherwise Ray's error and its last message."""
    text = f"{exc}\n" + "\n".join(output)
    if "InvalidAuthToken" in text or "Unauthenticated" in text or "AuthenticationError" in type(exc).__name__:
        return ThinkingboxError(f"the Ray cluster at {address} refused the connection: authentication failed (no token "
                                f"or a wrong one); {AUTH_ADVICE}")
    last = next((line.strip() for line in reversed(output) if line.strip()), "")
    detail = f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:200] if str(exc).strip() else ''}"
    return ThinkingboxError(f"cannot connect to the Ray cluster at {address}: {detail}"
                            + (f" (Ray said: {last[-200:]})" if last else ""))


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
        with local_instance() if started_here and self.address is None else nullcontext():
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
        """Start the local instance (on 127.0.0.1, see local_instance) or connect to the
        cluster at `address`. Ray's own messages meanwhile are kept back: a failure is one
        line (an authentication failure says so), a success prints nothing."""
        import logging

        common = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.WARNING,
                  "configure_logging": False}
        with captured_stderr() as output:
            try:
                if self.address is None:  # a new local instance, reachable from this machine only
                    ray.init(address="local", num_cpus=self.num_cpus, _node_ip_address="127.0.0.1", **common)
                else:
                    ray.init(address=self.address, **common)
                error = None
            except Exception as exc:
                error = exc
        if error is None:
            return
        ray.shutdown()  # (whatever the failed start left)
        if self.address is None:
            last = next((line.strip() for line in reversed(output) if line.strip()), "")
            raise ThinkingboxError(f"cannot start a local Ray instance: {type(error).__name__}: {str(error)[:300]}"
                                   + (f" (Ray said: {last[-200:]})" if last else ""))
        raise connection_error(self.address, error, output)

    def _run(self, ray: Any, plan: Any, workers: int | None, writer: Any,
             progress: Callable[[dict[str, Any]], None] | None,
             stop: Callable[[], bool] | None) -> list[dict[str, Any]]:
        from thinkingbox_ray.actors import ModelLimiter

        config = plan.config
        cpus = ray.cluster_resources().get("CPU", 1)
        workers = workers or max(1, int(cpus // self.worker_cpus))
        workers = min(workers, len(plan.jobs))
        if workers * self.worker_cpus > cpus:
            print(f"tb: warning: {workers} Ray workers of {self.worker_cpus:g} CPU each need more than the cluster's "
                  f"{cpus:g} CPUs; some start only when CPUs are free (fewer --workers, or --executor-option "
                  "worker_cpus=...)", file=sys.stderr)
        roles = config.model_settings()
        models = [m for m in (roles.agent, roles.user, roles.judge) if isinstance(m, ModelConfig)]
        # Only the variables the run's models name (their keys), and the default base URL;
        # given to each worker in its constructor, never through runtime_env (which Ray shows).
        names = {m.api_key_env for m in models} | {"OPENAI_BASE_URL"}
        environment = {name: os.environ[name] for name in sorted(names) if name in os.environ}
        limiters: dict[str, Any] = {}
        if self.max_model_concurrency or self.rpm:
            for endpoint in sorted({model_endpoint(m) for m in models}):
                limiters[endpoint] = ModelLimiter.options(max_concurrency=100_000, num_cpus=0).remote(
                    self.max_model_concurrency, self.rpm)
                self.limiters.append(limiters[endpoint])
        transport = RayActors(ray, self, environment, limiters)
        return run_shares(plan.names, plan.jobs, config, workers, transport, writer, progress, stop)


class RayActors:
    """The worker transport of a Ray cluster: a TrialWorker actor per share, heard from
    through its `next_records` polls (thinkingbox.trials.WorkerTransport)."""

    name = "Ray worker"

    def __init__(self, ray: Any, executor: RayExecutor, environment: dict[str, str], limiters: dict[str, Any]):
        self.ray, self.executor, self.environment, self.limiters = ray, executor, environment, limiters
        self.polls: dict[Any, Share] = {}   # each running worker's poll in flight
        self.holders: dict[int, str] = {}   # id(share) -> its worker's name at the limiters
        self.started = 0

    def start(self, share: Share, domain_names: list[str], config: Any) -> None:
        from thinkingbox_ray.actors import TrialWorker

        self.started += 1
        self.holders[id(share)] = holder = f"worker-{self.started}"
        share.worker = TrialWorker.options(num_cpus=self.executor.worker_cpus, max_concurrency=1000).remote(
            domain_names, config, self.environment, self.limiters, holder)
        share.worker.start.remote(list(share.pending))
        self.executor.actors.append(share.worker)
        self.polls[share.worker.next_records.remote()] = share

    def wait(self, shares: list[Share], timeout: float) -> list[tuple[Share, str, Any]]:
        ray = self.ray
        events: list[tuple[Share, str, Any]] = []
        ready, _ = ray.wait(list(self.polls), num_returns=1, timeout=timeout)
        for poll in ready:
            share = self.polls.pop(poll)
            try:
                items, state = ray.get(poll)
            except (ray.exceptions.RayError, OSError) as exc:  # the actor, its process or its node is lost
                items, state = [], f"died: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
            events += [(share, "record", item) for item in items]
            if state in ("idle", "running"):
                self.polls[share.worker.next_records.remote()] = share
            elif state == "done":
                events.append((share, "done", None))
            elif state.startswith("error"):
                events.append((share, "error", state.removeprefix("error: ")))
            else:
                events.append((share, "died", f"Ray worker lost: {state.removeprefix('died: ')}"))
        return events

    def end(self, share: Share, kind: str) -> None:
        self.executor.actors.remove(share.worker)
        self.ray.kill(share.worker)
        for limiter in self.executor.limiters:
            limiter.forget.remote(self.holders[id(share)])

    def close(self) -> None:
        pass  # (RayExecutor.run kills every actor and limiter left)
