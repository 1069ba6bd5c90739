"""Executors: where the planned trials of `tb eval` run. `local` (built in) runs them in
this process, or in `--workers` processes of this machine; other executors come from the
`thinkingbox.executors` entry point group (`thinkingbox-ray` adds `ray`), so the core
depends on none of them.

An executor is a class built with its options (`--executor-option KEY=VALUE`, strings; it
refuses unknown keys with a ThinkingboxError) whose `run` takes the plan (domains, jobs,
config), the number of workers (None: the executor's default), the run file's writer and
the progress and stop callbacks, and returns the records, with the guarantees of
`engine.workers.run_in_processes`: only the driver writes, each record as it arrives; a
trial is recorded only once it finished on a worker, and never twice; trials a lost worker
had not sent back run again on a fresh worker; when `stop()` turns true no new trial
starts and unsent trials are not recorded (`--resume` runs them); KeyboardInterrupt reaches
the caller after the workers are ended."""
from __future__ import annotations

import asyncio
import importlib.metadata
from typing import TYPE_CHECKING, Any, Callable, Protocol

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.reporting.records import RecordWriter

if TYPE_CHECKING:
    from thinkingbox.engine.evaluation import EvaluationPlan

EXECUTOR_GROUP = "thinkingbox.executors"
# executors of this project, for the hint: the package and its folder in the repository (not on a
# package index yet: installed from a checkout or from its wheel)
KNOWN_PACKAGES = {"ray": ("thinkingbox-ray", "executors/ray")}


class Executor(Protocol):
    def run(self, plan: "EvaluationPlan", workers: int | None, writer: RecordWriter,
            progress: Callable[[dict[str, Any]], None] | None,
            stop: Callable[[], bool] | None) -> list[dict[str, Any]]: ...


class LocalExecutor:
    """This process (one event loop), or `workers` processes of this machine."""

    def __init__(self, options: dict[str, str]):
        if options:
            raise ThinkingboxError(f"--executor local takes no --executor-option (got {', '.join(sorted(options))})")

    def run(self, plan: "EvaluationPlan", workers: int | None, writer: RecordWriter,
            progress: Callable[[dict[str, Any]], None] | None = None,
            stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
        from thinkingbox.engine.scheduler import run_jobs
        from thinkingbox.engine.workers import run_in_processes

        workers = workers or 1
        if workers > 1 and len(plan.jobs) > 1:
            return run_in_processes(plan.names, plan.jobs, plan.config, workers, writer, progress, stop)
        return asyncio.run(run_jobs(plan.host, plan.jobs, plan.config, writer, progress, stop))


def installed_executors() -> dict[str, Any]:
    """Executor names -> entry points (or the class, for the built-in `local`). A name two
    packages publish, or a package publishing `local`, is an error naming both."""
    from thinkingbox.engine.discovery import unique_entry_points, clash_error, executor_source

    found: dict[str, Any] = dict(unique_entry_points(EXECUTOR_GROUP, "executor"))
    if "local" in found:
        raise clash_error("executor", "local", executor_source(LocalExecutor), executor_source(found["local"]))
    found["local"] = LocalExecutor
    return found


def load_executor(name: str, options: dict[str, str]) -> Executor:
    """The executor `name`, built with its options; a one-line error when it is not
    installed, fails to load or refuses an option."""
    found = installed_executors()
    if name not in found:
        hint = "".join(f"; {package} adds {executor} (`uv pip install ./{folder}` in a Thinkingbox checkout)"
                       for executor, (package, folder) in KNOWN_PACKAGES.items() if executor not in found)
        raise ThinkingboxError(f"unknown --executor {name!r}; installed: {', '.join(sorted(found))}{hint}")
    entry = found[name]
    if isinstance(entry, importlib.metadata.EntryPoint):
        try:
            entry = entry.load()
        except Exception as exc:
            raise ThinkingboxError(f"executor {name!r} ({entry.value}) failed to load: "
                                   f"{type(exc).__name__}: {exc}") from None
    return entry(options)
