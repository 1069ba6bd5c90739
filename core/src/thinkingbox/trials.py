"""Running trials from code: the public trial facade.

One settings object, `RunSettings`, says who plays the agent, the user and the judge, on
which models, with which limits. `run_one` runs one trial of a task and gives its result;
`run_many` runs a whole evaluation into a run file, as `tb eval` does (it is what `tb eval`
runs). `tb play`, the gym environment, the inspect package, the Ray executor and the test
harness all run their trials through here.

    from thinkingbox.trials import RunSettings, run_one, run_many

    settings = RunSettings(agent="oracle", user="scripted", judge="rules")
    result = run_one(domain, task_id, settings)          # an installed domain's name, a task's id
    print(result.passed, result.finish_reason, len(result.trajectory))

    run = run_many(RunSettings(agent="noop", trials=2), domains=[domain], output="runs/noop.jsonl")
    print(sum(r.passed for r in run.results), "of", len(run.results))

A trial, in order: the task's world is cloned from its template; the agent (a spec from
the plugins' agents, or any object with `start(context)` and `next_turn(trajectory)`, see
`Agent`) and the simulated user talk, the agent calling the task's tools over MCP; the
episode ends by the rules of engine/episode.py; the final world is judged
(engine/verdicts.py) and one record is made (reporting/records.py). Packages outside the
core (integrations, executors) import from here, from `thinkingbox` and from
`thinkingbox.contract` only.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.contract.tasks import Task
from thinkingbox.engine.discovery import PluginHost, installed_domains
from thinkingbox.engine.domain import Domain
from thinkingbox.engine.episode import END_TOOL_SCHEMA, Limits
from thinkingbox.engine.evaluation import EvaluationPlan, plan_evaluation, run_evaluation
from thinkingbox.engine.events import TrajectoryEvent, as_events
from thinkingbox.engine.executors import Executor, load_executor
from thinkingbox.engine.scheduler import check_ready, tool_servers
from thinkingbox.engine.sessions import SessionPool, WorldPool
from thinkingbox.engine.settings import RunSettings
from thinkingbox.engine.trial import Job, run_trial
from thinkingbox.engine.workers import MAX_RESTARTS, Share, WorkerTransport, run_cpu_seconds, run_share, run_shares
from thinkingbox.models.agents import Agent, AgentTurn, EpisodeContext, ToolCallRequest
from thinkingbox.models.llm import ModelConfig, endpoint as model_endpoint, set_call_slot
from thinkingbox.models.prompts import DONE_MARKER, END_TOOL_NAME, SHARED_AGENT_PROMPT
from thinkingbox.secrets import redact, redact_value, secret_values

__all__ = [
    # settings and running
    "RunSettings", "Limits", "ModelConfig", "run_one", "run_one_async", "run_many", "plan_many", "Run",
    "TrialResult", "load_domain", "installed_domains", "check_settings", "reference_actions",
    # what an agent object sees and answers
    "Agent", "AgentTurn", "EpisodeContext", "ToolCallRequest", "TrajectoryEvent", "END_TOOL_SCHEMA",
    "END_TOOL_NAME", "DONE_MARKER", "SHARED_AGENT_PROMPT",
    # executors: the worker loop and where a run's trials go
    "Executor", "EvaluationPlan", "WorkerTransport", "Share", "run_share", "run_shares", "MAX_RESTARTS", "run_cpu_seconds",
    "model_endpoint", "set_call_slot",
    # integrations that write logs of their own
    "redact", "redact_value", "secret_values",
    # reuse between trials of one caller (the gym environment)
    "SessionPool", "WorldPool",
]


@dataclass
class TrialResult:
    """One trial's outcome: `record` is the trial record exactly as `tb eval` writes it to
    a run file; the properties read it."""

    record: dict[str, Any]

    @property
    def passed(self) -> bool:
        """The verdict: every check passed."""
        return bool(self.record["verdict"])

    verdict = passed

    @property
    def task(self) -> str:
        return self.record["task"]

    @property
    def finish_reason(self) -> str:
        """done, end_turn, user_limit, action_limit or error."""
        return self.record["finish_reason"]

    @property
    def error(self) -> str | None:
        return self.record["error"]

    @property
    def final_message(self) -> str:
        return self.record["final_message"]

    @property
    def checks(self) -> list[dict[str, Any]]:
        """Each check's result: name, passed, detail (and data)."""
        return self.record["checks"]

    @property
    def failed_checks(self) -> list[str]:
        return [c["name"] for c in self.checks if not c["passed"]]

    @property
    def detail(self) -> str:
        """What failed, one check after another (empty when every check passed)."""
        return "; ".join(f"{c['name']}: {c['detail']}" for c in self.checks if not c["passed"])

    @property
    def diff(self) -> list[dict[str, Any]] | None:
        """Field-level differences between the final and the golden state."""
        return self.record["diff"]

    @property
    def trajectory(self) -> list[TrajectoryEvent]:
        return as_events(self.record["trajectory"])


def load_domain(name: str, host: PluginHost | None = None) -> Domain:
    """An installed domain by name (`host`: a PluginHost to load it with, to share it)."""
    (domain,) = (host or PluginHost()).load_domains([name])
    return domain


_REFERENCE_DOMAINS: dict[str, Domain] = {}   # domains loaded for reference_actions, by name


def reference_actions(domain: str | Domain | None, task: str | Task, host: PluginHost | None = None
                      ) -> list[dict[str, Any]]:
    """A task's reference solution as the actions the `oracle` agent plays, in order:

        {"tool": NAME, "arguments": {...}}      a tool call
        {"message": TEXT}                       a message to the customer

    The last action is always the reference's final message, ending with the done marker
    (`<DONE>`), as the oracle sends it. Every way in takes this list as it is: the gym
    environment's `step` and `play`, the inspect package's `run_actions`, and the tests'
    replaying command agent.

    `domain`: an installed domain's name (or a loaded `Domain`); `task`: a task id of it (or
    a `Task`, when `domain` may be None). An unknown domain or task is a ThinkingboxError
    naming what is installed."""
    if isinstance(task, Task):
        the_task = task
    else:
        if domain is None:
            raise ThinkingboxError(f"reference_actions needs the domain of task {task!r}: reference_actions(DOMAIN, "
                                   f"{task!r}), DOMAIN one of the installed: {', '.join(sorted(installed_domains()))}")
        if isinstance(domain, str):
            loaded = _REFERENCE_DOMAINS.get(domain) if host is None else None
            if loaded is None:
                loaded = load_domain(domain, host)
                if host is None:
                    _REFERENCE_DOMAINS[domain] = loaded
            domain = loaded
        the_task = domain.task(task)
    actions: list[dict[str, Any]] = [{"message": step.say} if step.say else
                                     {"tool": step.tool, "arguments": dict(step.args)} for step in the_task.solution]
    final = the_task.final_message
    return [*actions, {"message": final if DONE_MARKER in final else f"{final} {DONE_MARKER}"}]


_OWN_AGENT: Any = object()  # stands for the caller's agent object in a check


def check_settings(settings: RunSettings, tasks: Iterable[Task] = (), host: PluginHost | None = None, *,
                   own_agent: bool = False) -> None:
    """Fail with a ThinkingboxError, before any trial runs, if `settings` cannot run these
    tasks (an unknown agent or user, a model without a key, rubric tasks without a judge).
    `own_agent`: the caller's agent object will play, not settings.agent."""
    check_ready(host or PluginHost(), list(tasks), settings, agent=_OWN_AGENT if own_agent else None)


async def run_one_async(domain: str | Domain, task: str | Task, settings: RunSettings | None = None,
                        trial: int = 1, *, agent: Agent | None = None, host: PluginHost | None = None,
                        sessions: SessionPool | None = None, worlds: WorldPool | None = None,
                        require_judge: bool = True) -> TrialResult:
    """One trial of `task` (an id or a Task of `domain`), played and judged as `tb eval`
    does. `agent`: an agent object to play instead of `settings.agent` (which then only
    names it in the record). `sessions`, `worlds`: in-memory MCP sessions and worlds to
    reuse across calls. `require_judge=False`: a rubric task runs even with `judge=None`,
    its rubric check failing as not judged (otherwise that is a ThinkingboxError, as in
    `tb eval`). A failure of the harness itself (not the agent's) is raised."""
    settings = settings or RunSettings()
    host = host or PluginHost()
    if isinstance(domain, str):
        domain = load_domain(domain, host)
    if isinstance(task, str):
        task = domain.task(task)
    players = check_ready(host, [task], settings, agent, require_judge)
    job = Job(domain, await domain.prepare(task), trial)
    async with tool_servers([domain], settings) as servers:
        record = await run_trial(job, settings, players, servers.get(domain.name), sessions, worlds)
    return TrialResult(record)


def run_one(domain: str | Domain, task: str | Task, settings: RunSettings | None = None, trial: int = 1, *,
            agent: Agent | None = None, host: PluginHost | None = None, require_judge: bool = True) -> TrialResult:
    """`run_one_async` for synchronous code (not from inside a running event loop)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(run_one_async(domain, task, settings, trial, agent=agent, host=host,
                                         require_judge=require_judge))
    raise ThinkingboxError("run_one cannot run inside a running event loop: await run_one_async(...) there")


@dataclass
class Run:
    """An evaluation run: its plan (the trials to run, the run file, open and locked), and
    once `execute`d, the records of the trials it ran."""

    plan: EvaluationPlan
    executor: Executor
    records: list[dict[str, Any]] = field(default_factory=list)

    @property
    def output(self) -> Path:
        return self.plan.output

    @property
    def jobs(self) -> list[Job]:
        """The trials still to run."""
        return self.plan.jobs

    def execute(self, workers: int | None = None, progress: Callable[[dict[str, Any]], None] | None = None,
                stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
        """Run the planned trials with the executor, appending each record to the run file
        as its trial ends; when `stop()` turns true no new trial starts. Ctrl-C loses
        nothing that finished (the file is closed before KeyboardInterrupt goes on)."""
        self.records = run_evaluation(self.plan, workers, progress, stop, self.executor)
        return self.records

    def selected(self) -> list[dict[str, Any]]:
        """The records of this run's selection, those already in the file (--resume) included."""
        return self.plan.selected(self.records)

    @property
    def results(self) -> list[TrialResult]:
        return [TrialResult(r) for r in self.selected()]


def plan_many(settings: RunSettings, domains: Iterable[str] | None = None, tasks: Iterable[str] | None = None,
              output: str | Path | None = None, *, executor: str | Executor = "local",
              executor_options: dict[str, str] | None = None, resume: bool = False, retry_errors: bool = False,
              host: PluginHost | None = None, warn: Callable[[str], None] | None = None,
              command: list[str] | None = None, tags: Iterable[str] | None = None, force: bool = False) -> Run:
    """The first half of `run_many`: select the domains (default: every installed one) and
    tasks, check the settings can run them, open the run file (`resume`: continue it), and
    plan the trials; every problem is a ThinkingboxError before any trial runs. `tags`: only
    the tasks carrying one of them (`tb eval --tags`)."""
    if isinstance(executor, str):
        executor = load_executor(executor, executor_options or {})
    plan = plan_evaluation(host or PluginHost(), list(domains) if domains else None, set(tasks) if tasks else None,
                           settings, Path(output) if output else None, resume, warn=warn,
                           retry_errors=retry_errors, command=command, tags=set(tags) if tags else None,
                           force=force)
    return Run(plan, executor)


def run_many(settings: RunSettings, domains: Iterable[str] | None = None, tasks: Iterable[str] | None = None,
             output: str | Path | None = None, *, workers: int | None = None, executor: str | Executor = "local",
             executor_options: dict[str, str] | None = None, resume: bool = False, retry_errors: bool = False,
             progress: Callable[[dict[str, Any]], None] | None = None, stop: Callable[[], bool] | None = None,
             host: PluginHost | None = None, tags: Iterable[str] | None = None) -> Run:
    """An evaluation run, as `tb eval`: `settings.trials` trials of every selected task,
    each record appended to `output` (default: runs/AGENT-DOMAINS-TIME.jsonl) as it ends,
    on `workers` workers of `executor` ("local": this process, or `workers` processes;
    "ray" with thinkingbox-ray). Returns the run, its records read."""
    run = plan_many(settings, domains, tasks, output, executor=executor, executor_options=executor_options,
                    resume=resume, retry_errors=retry_errors, host=host, tags=tags)
    run.execute(workers, progress, stop)
    return run
