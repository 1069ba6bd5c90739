"""One trial (an episode and its judging, as in the Thinkingbox paper, "One Success Isn't
Reliability", Ko et al.): a private world cloned from the task's
template, the agent and the simulated user talking over the task's MCP tools, the final
state judged, and one record built."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

from thinkingbox.engine.domain import Domain, TaskWorld
from thinkingbox.engine.episode import END_TOOL_SCHEMA, run_episode
from thinkingbox.engine.faults import CHECK_TOOL_SCHEMA, TrialFaults, parse_faults
from thinkingbox.engine.injection import injection_outcome
from thinkingbox.engine.settings import IN_PROCESS_TRANSPORTS, RunSettings
from thinkingbox.engine.verdicts import Verdict, judge_trial
from thinkingbox.engine.sessions import SessionPool, WorldPool
from thinkingbox.engine.transports import TrialTools
from thinkingbox.contract.errors import TaskError, ThinkingboxError
from thinkingbox.models import llm
from thinkingbox.models.agents import Agent, EpisodeContext
from thinkingbox.models.settings import ModelSettings
from thinkingbox.models.prompts import SHARED_AGENT_PROMPT
from thinkingbox.models.users import User
from thinkingbox.reporting.records import trial_record


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


@dataclass
class Players:
    """Who plays a trial's agent and simulated user: a new one of each per trial, made for
    its task (an agent object given by the caller plays every trial it is used for)."""

    agent: Callable[[Any, Domain], Agent]   # (task, domain) -> agent
    user: Callable[[Any], User]             # task -> simulated user
    models: ModelSettings                   # each role's model, as the factories got them

    @classmethod
    def of(cls, host: Any, settings: RunSettings, agent: Agent | None = None) -> Players:
        """The players `settings` names (`agent`: this object instead of settings.agent),
        from the plugins' factories; an unknown name is a ThinkingboxError."""
        models = settings.model_settings()
        if agent is None:
            agent_factory, agent_arg = resolve_factory(host.agent_factories(), settings.agent, "agent")
        user_factory, user_arg = resolve_factory(host.user_factories(), settings.user, "user")

        def make_agent(task: Any, domain: Domain) -> Agent:
            return agent if agent is not None else agent_factory(agent_arg, task, domain, models)

        return cls(make_agent, lambda task: user_factory(user_arg, task, models), models)


def _usage_totals(trajectory: list[dict[str, Any]], user: Any, outcome_usage: dict[str, Any],
                  agent_model: Any = None) -> dict[str, Any]:
    """Usage per role. An agent that keeps its own total (`usage`, failed calls included)
    is taken at its word; otherwise its turns' usage is summed."""
    agent = getattr(agent_model, "usage", None)
    if not isinstance(agent, dict):
        agent = llm.empty_usage()
        for event in trajectory:
            if event["role"] == "assistant" and event.get("usage"):
                llm.add_usage(agent, event["usage"])
    return {"agent": agent, "user": getattr(user, "usage", None) or llm.empty_usage(),
            "judge": outcome_usage.get("judge") or llm.empty_usage()}


async def _run_external(agent: Any, user: Any, job: Job, config: RunSettings, http_server: Any,
                        token: str) -> Any:
    """An external agent's episode: it gets the MCP URL of the trial's world (the in-process
    HTTP server binds the world to `token`), and its tool calls are recorded there."""
    from thinkingbox.engine.episode import Conversation
    from thinkingbox.engine.http_tools import WORLD_HEADER

    if http_server is None or token is None:
        raise ThinkingboxError(f"the {agent.name} agent reaches its tools over HTTP: --tool-transport http")
    domain, task = job.domain, job.task_world.task
    conversation = Conversation(user, task.request, config.limits, domain.write_tools)
    http_server.watch(token, conversation)
    return await agent.run(conversation, {
        "mcp_url": http_server.url, "mcp_headers": {WORLD_HEADER: token},
        "system_prompt": f"{SHARED_AGENT_PROMPT}\n\n{domain.system_prompt}", "message": task.request,
        "domain": domain.name, "task": task.id, "trial": job.trial})


async def run_trial(job: Job, config: RunSettings, players: Players, http_server: Any = None,
                    sessions: SessionPool | None = None, worlds: WorldPool | None = None) -> dict[str, Any]:
    """One trial. `http_server`: the domain's in-process HTTP tool server (tool transport
    http). `sessions`, `worlds`: in-memory MCP sessions and task worlds to reuse (see
    engine.sessions); without them, the trial opens its own session and clones a world."""
    domain, tw, task = job.domain, job.task_world, job.task_world.task
    t_start = time.perf_counter()
    # (pooled worlds only for in-memory tools: the other transports hold the world elsewhere)
    pooled_world = worlds is not None and config.tool_transport in IN_PROCESS_TRANSPORTS
    world = worlds.take(domain, tw) if pooled_world and worlds is not None else domain.new_world(tw)
    t_reset = time.perf_counter()
    connection = TrialTools(domain, task.id, world, config.tool_transport, http_server, sessions)
    faults = TrialFaults(parse_faults(config.tool_faults), domain.name, task.id, job.trial, domain.write_tools) \
        if config.tool_faults else None
    agent = players.agent(task, domain)
    user = players.user(task)
    try:
        if getattr(agent, "external", False):  # an agent process: it calls the tools of its world itself
            if faults is not None:
                raise ThinkingboxError(f"--tool-faults: the {agent.name} agent calls its tools itself, so no fault "
                                       "can be injected; run it without --tool-faults")
            t_episode = time.perf_counter()
            episode = await _run_external(agent, user, job, config, http_server, connection.token)
            t_judge = time.perf_counter()
        else:
            async with connection.session(shared=getattr(agent, "reads_tools_only", False) is True) as (call_tool, listed):
                # The agent gets the tools as the domain's server lists them (its own copy,
                # unless it only reads them: see Agent).
                tools = [*listed, END_TOOL_SCHEMA, *([CHECK_TOOL_SCHEMA] if faults is not None else [])]
                await agent.start(EpisodeContext([SHARED_AGENT_PROMPT, domain.system_prompt], task.request, tools,
                                                 domain.name, task.id, job.trial))

                t_episode = time.perf_counter()
                episode = await run_episode(agent, user, task.request,
                                            call_tool if faults is None else faults.wrap(call_tool),
                                            config.limits, domain.write_tools)
                if faults is not None:
                    faults.mark(episode.trajectory)
                t_judge = time.perf_counter()
        served = connection.served_world()
        if served is not None:  # the world lived in a stdio server, which wrote it on exit
            world.close()
            world = served
        # (a world read back from a stdio server was written elsewhere: no reuse)
        final = world.snapshot(tw.initial if served is None else None)
    finally:
        if worlds is not None and pooled_world:
            worlds.give_back(domain, world)
        else:
            world.close()
        await connection.release()
    try:
        verdict = await judge_trial(domain, tw, final, episode.trajectory, episode.final_message,
                                    episode.finish_reason, judge=players.models.judge)
    except llm.ModelCallFailed as exc:  # the judge model failed for good: an errored trial, to re-run
        verdict = Verdict(False, [], [], {"judge": exc.usage})
        episode.finish_reason, episode.error = "error", f"judge: {exc}"
    except TaskError as exc:  # a task's rubric rule past its time bound: the task's fault, not a verdict
        verdict = Verdict(False, [], [], {})
        episode.finish_reason, episode.error = "error", f"judge: {exc}"
    t_end = time.perf_counter()
    checks = [c.to_json() for c in verdict.checks]
    return trial_record(
        domain=domain.name, domain_version=domain.version, task=task.id, family=task.family, trial=job.trial,
        config=config.public(), verdict=verdict.passed, finish_reason=episode.finish_reason, error=episode.error,
        checks=checks, diff=verdict.diff, injection=injection_outcome(task, episode.trajectory, checks),
        faults=faults.to_json() if faults is not None else None,
        effects=[e.to_json() for e in verdict.effects], final_message=episode.final_message,
        counts={"user_turns": episode.user_turns, "tool_calls": episode.tool_calls},
        usage=_usage_totals(episode.trajectory, user, verdict.usage, agent), initial_hash=tw.initial_hash,
        trajectory=episode.trajectory,
        timings_ms={
            "reset": round((t_reset - t_start) * 1000, 3),
            "setup": round((t_episode - t_start) * 1000, 3),
            "episode": round((t_judge - t_episode) * 1000, 3),
            "judge": round((t_end - t_judge) * 1000, 3),
            "total": round((t_end - t_start) * 1000, 3),
        },
    )


