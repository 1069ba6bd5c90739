"""The solver and the scorer: a Thinkingbox trial inside an inspect sample.

The solver runs Thinkingbox's own episode loop (engine.episode.run_episode), with inspect's
model as the agent: each turn, inspect's model is called with the conversation so far and
the task's tools (as tool definitions only); its tool calls are executed by the episode over
an in-memory MCP session bound to the sample's private world, exactly as `tb eval` executes
them, and the simulated user answers its messages. So the end of the conversation (the done
marker, the end tool, the user-turn limit, the action cap) follows the same rules as `tb eval`.
The scorer runs the task's checks on the final world (engine.verdicts.judge_trial).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inspect_ai.model import ChatMessageSystem, ChatMessageTool, ChatMessageUser, get_model
from inspect_ai.scorer import CORRECT, INCORRECT, Score, Target, accuracy, scorer, stderr
from inspect_ai.solver import Generate, TaskState, solver
from inspect_ai.tool import ToolCallError, ToolInfo, ToolParams

from thinkingbox.engine.domain import Domain, TaskWorld
from thinkingbox.engine.episode import END_TOOL_SCHEMA, EpisodeResult, Limits, run_episode
from thinkingbox.engine.verdicts import judge_trial
from thinkingbox.engine.transports import TrialTools
from thinkingbox.models.agents import AgentTurn, ToolCallRequest
from thinkingbox.models.prompts import SHARED_AGENT_PROMPT
from thinkingbox.models.settings import RunSettings
from thinkingbox.secrets import redact, redact_value, secret_values
from thinkingbox.contract.world import Snapshot


@dataclass
class Finished:
    """What the solver leaves for the scorer: the episode and the final world."""

    task_world: TaskWorld
    episode: EpisodeResult
    final: Snapshot


# Solver -> scorer hand-over, by sample uuid. The final world is not JSON, so it cannot ride in
# the sample's store (which inspect logs); the scorer takes it out again.
_finished: dict[str, Finished] = {}


def tool_info(tool: dict[str, Any]) -> ToolInfo:
    """An MCP tool listing entry as an inspect tool definition (the model sees the same schema)."""
    schema = tool["input_schema"] or {"type": "object", "properties": {}}
    return ToolInfo(name=tool["name"], description=tool["description"], parameters=ToolParams.model_validate(schema))


class InspectModelAgent:
    """A Thinkingbox agent whose turns come from inspect's model. It keeps the sample's
    messages in step with the episode: the tool results and user replies that followed its
    last turn are appended before the model is called again."""

    name = "inspect"

    def __init__(self, state: TaskState, tools: list[ToolInfo]):
        self.state, self.tools = state, tools
        self.seen = 1  # trajectory events already in state.messages (the opening request)

    async def start(self, context: Any) -> None:
        pass

    def catch_up(self, trajectory: list[dict[str, Any]]) -> None:
        """Append the tool results and user replies the messages do not have yet."""
        for event in trajectory[self.seen:]:
            if event["role"] == "tool":
                error = ToolCallError("unknown", event["content"]) if event["is_error"] else None
                self.state.messages.append(ChatMessageTool(content=event["content"], tool_call_id=event["tool_call_id"],
                                                           function=event["name"], error=error))
            elif event["role"] == "user":
                self.state.messages.append(ChatMessageUser(content=event["content"]))
        self.seen = len(trajectory)

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn:
        self.catch_up(trajectory)
        output = await get_model().generate(self.state.messages, tools=self.tools)
        self.state.output = output
        self.state.messages.append(output.message)
        self.seen = len(trajectory) + 1  # the episode appends this turn next
        calls = [ToolCallRequest(c.id, c.function, c.parse_error if c.parse_error else c.arguments)
                 for c in output.message.tool_calls or []]
        # (token usage is inspect's to count: it logs every model call)
        return AgentTurn(message=output.message.text or None, tool_calls=calls)


@solver
def thinkingbox_episode(domain: Domain, user_factory: Any, user_arg: str, settings: RunSettings, limits: Limits):
    """One trial of the sample's task: a private world, inspect's model as the agent, the
    simulated user, the task's tools over MCP."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        task = domain.task(str(state.sample_id))
        task_world = await domain.prepare(task)
        world = domain.new_world(task_world)
        try:
            connection = TrialTools(domain, task.id, world, "memory")  # binds the world to this sample
            async with connection.session() as (client, listed):
                tools = [tool_info(t) for t in [*listed, END_TOOL_SCHEMA]]
                state.messages.insert(0, ChatMessageSystem(content="\n\n".join(
                    p for p in (SHARED_AGENT_PROMPT, domain.system_prompt) if p)))
                agent = InspectModelAgent(state, tools)

                async def call_tool(name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
                    result = await client.call_tool(name, arguments)
                    text = "\n".join(c.text for c in result.content if getattr(c, "text", None) is not None)
                    return text, bool(result.is_error)

                user = user_factory(user_arg, task, settings)
                episode = await run_episode(agent, user, task.request, call_tool, limits, domain.write_tools)
                agent.catch_up(episode.trajectory)  # the last tool results, e.g. end_conversation's
            _finished[state.uuid] = Finished(task_world, episode, world.snapshot(task_world.initial))
        finally:
            world.close()
        if episode.error:  # an error's text may quote an endpoint's credentials: not into inspect's log
            episode.error = redact(episode.error)
            state.metadata["error"] = episode.error
        state.metadata["finish_reason"] = episode.finish_reason
        state.completed = True
        return state

    return solve


@scorer(metrics=[accuracy(), stderr()])
def thinkingbox_checks(domain: Domain, settings: RunSettings):
    """CORRECT iff every check of the task passes (Thinkingbox's verdict); the checks, the
    field-level diff against the golden state, the side effects and the failed claims go
    into the score's metadata."""

    async def score(state: TaskState, target: Target) -> Score:
        finished = _finished.pop(state.uuid, None)
        if finished is None:
            return Score(value=INCORRECT, explanation="the episode did not finish (no final world to judge)")
        episode = finished.episode
        verdict = await judge_trial(domain, finished.task_world, finished.final, episode.trajectory,
                                    episode.final_message, episode.finish_reason, judge=settings.judge)
        checks = [c.to_json() for c in verdict.checks]
        failed_claims = [p for c in verdict.checks if c.name == "communication" and not c.passed for p in c.data or []]
        # Judged above on what was said; what goes into inspect's log is redacted (a key the
        # model repeats, a credential a check quotes).
        secrets = secret_values()
        return Score(
            value=CORRECT if verdict.passed else INCORRECT,
            answer=redact(episode.final_message, secrets),
            explanation=redact(verdict.detail or "every check passed", secrets),
            metadata=redact_value({"checks": checks, "diff": verdict.diff, "failed_claims": failed_claims,
                                   "side_effects": [e.to_json() for e in verdict.effects],
                                   "finish_reason": episode.finish_reason, "error": episode.error,
                                   "counts": {"user_turns": episode.user_turns, "tool_calls": episode.tool_calls}},
                                  secrets))

    return score
