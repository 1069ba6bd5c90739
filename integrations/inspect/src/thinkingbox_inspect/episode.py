"""The solver and the scorer: a Thinkingbox trial inside an inspect sample.

The solver runs one ordinary Thinkingbox trial through the public facade
(`thinkingbox.trials.run_one_async`) with inspect's model as the agent object: each turn,
inspect's model is called with the conversation so far and the task's tools (as tool
definitions only); its tool calls are executed by the trial over an in-memory MCP session
bound to the sample's private world, exactly as `tb eval` executes them, and the simulated
user answers its messages. So the end of the conversation (the done marker, the end tool,
the user-turn limit, the action cap) and the judging follow the same rules as `tb eval`.
The scorer reads the trial's verdict and checks.

A trial that ends in an error (inspect's model failing after its retries, the simulated
user's or the judge's model failing) is not an answer to score: the solver raises, so
inspect records the sample as errored (the log's status is "error" and `inspect eval-retry`
runs it again), as `tb eval` records an error trial rather than a failed one. Inspect's own
limits (messages, tokens, time) are not errors: inspect records them and the sample is
scored as the world stands.
"""
from __future__ import annotations

from typing import Any

from inspect_ai.model import ChatMessageSystem, ChatMessageTool, ChatMessageUser, get_model
from inspect_ai.scorer import CORRECT, INCORRECT, Score, Target, accuracy, scorer, stderr
from inspect_ai.solver import Generate, TaskState, solver
from inspect_ai.tool import ToolCallError, ToolInfo, ToolParams
from inspect_ai.util import LimitExceededError

from thinkingbox.trials import (AgentTurn, EpisodeContext, RunSettings, ToolCallRequest, TrialResult, redact,
                                redact_value, run_one_async, secret_values)

# Solver -> scorer hand-over, by sample uuid (the record's trajectory is not for inspect's
# store, which inspect logs); the scorer takes it out again.
_finished: dict[str, TrialResult] = {}


class TrialError(RuntimeError):
    """The sample's trial ended in an error that is not inspect's model's (the simulated
    user's or the judge's model failed, or the harness did): the sample errors."""


def model_failure(exc: Exception) -> TrialError:
    """The sample error for inspect's model failing: the error of its last attempt, by name
    (inspect wraps it in tenacity's RetryError, whose text names neither), redacted."""
    last = getattr(exc, "last_attempt", None)  # tenacity.RetryError
    cause = last.exception() if last is not None and last.failed else None
    inner = cause if isinstance(cause, Exception) else exc
    return TrialError(f"thinkingbox: the agent model failed after its retries (inspect's --max-retries, --timeout): "
                      f"{type(inner).__name__}: {redact(str(inner))}")


def tool_info(tool: dict[str, Any]) -> ToolInfo:
    """An MCP tool listing entry as an inspect tool definition (the model sees the same schema)."""
    schema = tool["input_schema"] or {"type": "object", "properties": {}}
    return ToolInfo(name=tool["name"], description=tool["description"], parameters=ToolParams.model_validate(schema))


class InspectModelAgent:
    """A Thinkingbox agent whose turns come from inspect's model. It keeps the sample's
    messages in step with the trial: the tool results and user replies that followed its
    last turn are appended before the model is called again."""

    name = "inspect"

    def __init__(self, state: TaskState):
        self.state = state
        self.tools: list[ToolInfo] = []
        self.seen = 1  # trajectory events already in state.messages (the opening request)
        self.failure: Exception | None = None  # what inspect's model raised, re-raised by the solver

    async def start(self, context: EpisodeContext) -> None:
        """The trial's system prompts become the sample's system message; its tools (the end
        tool included) the model's tool definitions."""
        self.tools = [tool_info(t) for t in context.tools]
        self.state.messages.insert(0, ChatMessageSystem(content="\n\n".join(p for p in context.system_prompts if p)))

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
        try:
            output = await get_model().generate(self.state.messages, tools=self.tools)
        except Exception as exc:  # the episode ends with finish reason error; the solver raises it again
            self.failure = exc
            raise
        self.state.output = output
        self.state.messages.append(output.message)
        self.seen = len(trajectory) + 1  # the episode appends this turn next
        calls = [ToolCallRequest(c.id, c.function, c.parse_error if c.parse_error else c.arguments)
                 for c in output.message.tool_calls or []]
        # (token usage is inspect's to count: it logs every model call)
        return AgentTurn(message=output.message.text or None, tool_calls=calls)


@solver
def thinkingbox_episode(domain: Any, settings: RunSettings):
    """One trial of the sample's task: a private world, inspect's model as the agent, the
    simulated user, the task's tools over MCP, the task's checks."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        agent = InspectModelAgent(state)
        # (judge=none: rubric checks fail as not judged, rather than the sample failing to run)
        result = await run_one_async(domain, str(state.sample_id), settings, agent=agent, require_judge=False)
        agent.catch_up(result.trajectory)  # the last tool results, e.g. end_conversation's
        if result.error:  # an error's text may quote an endpoint's credentials: not into inspect's log
            state.metadata["error"] = redact(result.error)
        state.metadata["finish_reason"] = result.finish_reason
        if isinstance(agent.failure, LimitExceededError):
            _finished[state.uuid] = result  # a limit of inspect's: recorded by inspect, the world is judged
            raise agent.failure
        if agent.failure is not None:  # inspect's model failed (after its retries): a sample error
            raise model_failure(agent.failure) from agent.failure
        if result.finish_reason == "error":  # the user's or judge's model, or the harness
            raise TrialError(f"thinkingbox: the trial ended in an error: {redact(result.error or 'unknown')}") from None
        _finished[state.uuid] = result
        state.completed = True
        return state

    return solve


@scorer(metrics=[accuracy(), stderr()])
def thinkingbox_checks():
    """CORRECT iff every check of the task passes (Thinkingbox's verdict); the checks, the
    field-level diff against the golden state, the side effects and the failed claims go
    into the score's metadata."""

    async def score(state: TaskState, target: Target) -> Score:
        result = _finished.pop(state.uuid, None)
        if result is None:
            return Score(value=INCORRECT, explanation="the episode did not finish (no final world to judge)")
        record = result.record
        failed_claims = [p for c in result.checks if c["name"] == "communication" and not c["passed"]
                         for p in c["data"] or []]
        # Judged on what was said; what goes into inspect's log is redacted (a key the model
        # repeats, a credential a check quotes).
        secrets = secret_values()
        return Score(
            value=CORRECT if result.passed else INCORRECT,
            answer=redact(result.final_message, secrets),
            explanation=redact(result.detail or "every check passed", secrets),
            metadata=redact_value({"checks": result.checks, "diff": result.diff, "failed_claims": failed_claims,
                                   "side_effects": record["effects"], "finish_reason": result.finish_reason,
                                   "error": result.error, "counts": record["counts"]},
                                  secrets))

    return score
