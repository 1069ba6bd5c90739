"""One evaluation run (`tb eval`): the domains and tasks selected, the run file resumed or
started, and the trials run by an executor (this process, worker processes, a cluster),
every record written as its trial ends."""
from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import orjson

from thinkingbox.engine.discovery import PluginHost
from thinkingbox.engine.domain import Domain
from thinkingbox.engine.executors import Executor, LocalExecutor
from thinkingbox.engine.scheduler import check_ready, prepare_jobs
from thinkingbox.engine.settings import RunSettings
from thinkingbox.engine.trial import Job
from thinkingbox.contract.errors import TaskError, ThinkingboxError
from thinkingbox.paths import output_file
from thinkingbox.secrets import redact_value
from thinkingbox.reporting.records import (RecordWriter, TrialRecord, changes_verdict, config_differences, read_records,
                                          read_run_header, run_header)


@dataclass
class EvaluationPlan:
    host: PluginHost
    domains: list[Domain]
    config: RunSettings
    task_ids: set[str] | None
    output: Path
    previous: list[TrialRecord] = field(default_factory=list)   # already in the run file (--resume)
    retried: int = 0                    # errored trials to run again (--retry-errors)
    command: list[str] = field(default_factory=list)  # the command line, for the run header
    header: dict[str, Any] = field(default_factory=dict)  # this run's header (records.run_header)
    writer: RecordWriter | None = None  # the run file, open and locked from planning on
    jobs: list[Job] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [d.name for d in self.domains]

    def selected(self, records: list[Any]) -> list[Any]:
        """The records of this run's selection, earlier ones in the file included."""
        names = set(self.names)
        return [r for r in self.previous + records
                if r["domain"] in names and (self.task_ids is None or r["task"] in self.task_ids)]


def plan_evaluation(host: PluginHost, names: list[str] | None, task_ids: set[str] | None, config: RunSettings,
                    output: Path | None, resume: bool, warn: Callable[[str], None] | None = None,
                    retry_errors: bool = False, command: list[str] | None = None,
                    tags: set[str] | None = None, force: bool = False) -> EvaluationPlan:
    """Select domains and tasks, check the configuration can run them, and read what the
    run file already holds; every problem is an error before any trial runs. `tags`: only
    the tasks (of `task_ids`, if given) carrying at least one of them. `force`: continue a run
    file even with settings that can change a verdict (the mix is recorded)."""
    domains = host.load_domains(names) if names else host.default_domains(warn=warn)
    if tags:
        tagged = {t.id for d in domains for t in d.tasks.values() if tags & set(t.tags)}
        chosen = tagged if task_ids is None else task_ids & tagged
        if not chosen:
            where = f"domain(s) {', '.join(d.name for d in domains)}" + (" among --tasks" if task_ids else "")
            raise ThinkingboxError(f"--tags {','.join(sorted(tags))}: no task of {where} carries "
                                   f"{'that tag' if len(tags) == 1 else 'any of those tags'} (a task's tags are in "
                                   "its `tags` field; `tb tasks --domain D --json` lists them)")
        task_ids = chosen
    if not names:
        # A domain nobody named whose selected task's reference fails is skipped, as a
        # broken plugin is, and its tasks with it; named, it stops the run with the task's
        # error (prepare_jobs).
        sound = _with_sound_references(domains, task_ids, warn)
        if task_ids is not None:
            task_ids = task_ids - {t for d in domains if d not in sound for t in d.tasks} or None
            if task_ids is None:
                raise ThinkingboxError("no task left to run: every selected task is in a broken domain")
        domains = sound
    if not domains:
        raise ThinkingboxError("no domains installed" if not names else "no domains to run")
    empty = [d.name for d in domains if not d.tasks]
    if empty:
        raise ThinkingboxError(f"domain(s) {', '.join(empty)} have no tasks")
    if task_ids:
        missing = sorted(task_ids - {t for d in domains for t in d.tasks})
        if missing:
            raise ThinkingboxError(f"unknown task(s) {', '.join(missing)} in domain(s) "
                                   f"{', '.join(d.name for d in domains)}")
    check_ready(host, [t for d in domains for t in d.tasks.values() if task_ids is None or t.id in task_ids], config)
    for d in domains:  # a check name two plugins both give stops the run here, not in every trial
        for t in d.tasks.values():
            if task_ids is None or t.id in task_ids:
                d.checks(t)
    output = output or Path("runs") / (f"{config.agent.replace(':', '_').replace('/', '_')}-"
                                       f"{'_'.join(d.name for d in domains)}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl")
    plan = EvaluationPlan(host, domains, config, task_ids, output, command=command or [])
    output_file(output, "--output")
    if output.exists() and output.stat().st_size > 0 and not resume:
        raise ThinkingboxError(f"{output} already has records; pass --resume to continue that run, "
                               "or choose another --output")
    try:
        # Opened (and locked) before reading, so that two runs resuming one file cannot both
        # count the same trials as missing and run them twice.
        plan.header = _header(plan)
        plan.writer = RecordWriter(output, header=plan.header)
    except OSError as exc:
        raise ThinkingboxError(f"cannot write --output {output}: {exc.strerror or exc}") from None
    try:
        plan.previous = _previous_records(plan, retry_errors, force)
        done = {(r["domain"], r["task"], r["trial"]) for r in plan.previous}
        plan.jobs = asyncio.run(prepare_jobs(domains, task_ids, config.trials, done))
    except BaseException:
        plan.writer.close()
        raise
    return plan


def _with_sound_references(domains: list[Domain], task_ids: set[str] | None,
                           warn: Callable[[str], None] | None) -> list[Domain]:
    sound = []
    for domain in domains:
        if task_ids is not None and not task_ids & set(domain.tasks):
            sound.append(domain)   # none of its tasks runs: nothing to check
            continue
        try:
            asyncio.run(domain.check_references(task_ids))
        except TaskError as exc:
            if warn is not None:
                warn(f"skipping broken domain {domain.name!r}: {exc}")
        else:
            sound.append(domain)
    return sound


def _header(plan: EvaluationPlan) -> dict[str, Any]:
    import shlex

    from thinkingbox import __version__

    config = plan.config.public()
    agent_model = config["models"].get("agent")
    seed = (agent_model.get("params") or {}).get("seed") if isinstance(agent_model, dict) else None
    return run_header(label=config["label"], config=config,
                      versions={"thinkingbox": __version__, **{d.name: d.version for d in plan.domains}},
                      seed=seed, command=shlex.join(plan.command))


def _check_same_run(plan: EvaluationPlan, previous: list[TrialRecord], force: bool = False) -> None:
    """A resumed run must be the run that is in the file: the same settings that can change a
    verdict (records.SETTING_CHANGES_VERDICT), the same versions. Settings that cannot (a
    timeout, retry attempts, the URL's spelling) may differ, and so may the others with
    `force`: either way the change is recorded in the file, as a header line of its own."""
    import time

    # As the file holds it: secrets (URL credentials, say) are redacted when written.
    current = redact_value(orjson.loads(orjson.dumps(plan.header["config"], default=str)))
    in_file = read_run_header(plan.output)
    recorded = in_file["config"] if in_file else (previous[0]["config"] if previous else None)
    if recorded is None:
        return
    if not in_file:  # a file from before run headers: its records have no label
        current = {k: v for k, v in current.items() if k != "label"}
        recorded = {k: v for k, v in recorded.items() if k in current}
    differences = config_differences(recorded, current)
    # The label last: it follows from the other settings, which say more about what differs.
    verdict = sorted((text for path, text in differences if changes_verdict(path)), key=lambda t: t.startswith("label:"))
    versions = in_file["versions"] if in_file else {}
    for name, version in plan.header["versions"].items():
        if name in versions and versions[name] != version:
            verdict.append(f"versions.{name}: {versions[name]} in the file, {version} now")
    if verdict and not force:
        setting = verdict[0].partition(":")[0]
        raise ThinkingboxError(f"cannot resume {plan.output}: a setting that can change verdicts differs "
                               f"({verdict[0]}); run with the file's {setting}, choose another --output, or pass "
                               "--force to continue anyway (reports then mark the run as mixed)")
    neutral = [text for path, text in differences if not changes_verdict(path)]
    if (neutral or verdict) and plan.writer is not None:
        plan.writer.write({"run_header": plan.header["run_header"], "resumed": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                           time.gmtime()), "command": plan.header["command"], "changes": neutral, "forced": verdict,
                           "config": plan.header["config"], "versions": plan.header["versions"]})


def _previous_records(plan: EvaluationPlan, retry_errors: bool, force: bool = False) -> list[TrialRecord]:
    """What the run file already holds (the latest attempt of each trial). With
    `retry_errors`, trials whose latest attempt ended in an error (not a failed verdict) are
    left out, so that they run again: the new attempt is appended, and the errored one stays
    in the file for audit (readers take the latest attempt)."""
    try:
        previous = read_records(plan.output)
    except ValueError as exc:
        raise ThinkingboxError(f"cannot resume: {exc}") from None
    _check_same_run(plan, previous, force)
    if retry_errors:
        plan.retried = sum(r["finish_reason"] == "error" for r in previous)
        previous = [r for r in previous if r["finish_reason"] != "error"]
    return previous


def run_evaluation(plan: EvaluationPlan, workers: int | None = None,
                   progress: Callable[[dict[str, Any]], None] | None = None,
                   stop: Callable[[], bool] | None = None, executor: Executor | None = None) -> list[Any]:
    """Run the planned trials with `executor` (default: this machine, see
    engine.executors), appending each record to the run file as it ends (Ctrl-C loses
    nothing that finished: KeyboardInterrupt reaches the caller after the file is closed).
    When `stop()` turns true no new trial starts (trials not recorded run on `--resume`)."""
    writer = plan.writer or RecordWriter(plan.output)
    try:
        return (executor or LocalExecutor({})).run(plan, workers, writer, progress, stop)
    finally:
        writer.close()
