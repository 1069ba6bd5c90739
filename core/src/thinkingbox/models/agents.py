"""Agents: what decides the next assistant turn. Offline agents live here; model-backed
agents plug in through the `tb_agents` hook."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from thinkingbox.models.prompts import DONE_MARKER


@dataclass
class ToolCallRequest:
    id: str
    name: str
    arguments: dict[str, Any] | str  # a string when the model sent something unparsable


@dataclass
class AgentTurn:
    message: str | None = None
    tool_calls: list[ToolCallRequest] = field(default_factory=list)
    usage: dict[str, Any] | None = None   # model tokens and latency of this turn
    reasoning: str | None = None          # reasoning text, where the API returns it


@dataclass
class EpisodeContext:
    """What an agent is given at the start of an episode."""

    system_prompts: list[str]
    request: str
    tools: list[dict[str, Any]]  # name, description, input_schema, read_only
    domain: str = ""
    task_id: str = ""
    trial: int = 0


class Agent(Protocol):
    """An agent may also set `reads_tools_only = True`: it promises never to change
    `context.tools` or anything in it, and is then handed the domain's one listing instead of
    a copy of its own (tens of kilobytes and ~0.1 ms per trial)."""

    name: str

    async def start(self, context: EpisodeContext) -> None: ...

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn: ...


class OracleAgent:
    """Replays the task's reference solution, one call (or message) per turn, then its final message.
    It must pass every task: it proves each task is solvable."""

    name = "oracle"
    reads_tools_only = True

    def __init__(self, task: Any):
        self._steps = list(task.solution)
        self._final = task.final_message
        self._next = 0

    async def start(self, context: EpisodeContext) -> None:
        self._next = 0

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn:
        if self._next < len(self._steps):
            step = self._steps[self._next]
            self._next += 1
            if step.say:  # the reference tells the customer something between its calls
                return AgentTurn(message=step.say)
            return AgentTurn(tool_calls=[ToolCallRequest(f"oracle-{self._next}", step.tool, dict(step.args))])
        message = self._final if DONE_MARKER in self._final else f"{self._final} {DONE_MARKER}"
        return AgentTurn(message=message)


class NoopAgent:
    """Ends the conversation at once. It must fail every task: it proves that the checks
    reject doing nothing."""

    name = "noop"
    reads_tools_only = True

    def __init__(self, task: Any = None):
        pass

    async def start(self, context: EpisodeContext) -> None:
        pass

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn:
        return AgentTurn(message=f"Sorry, I cannot help with this request. {DONE_MARKER}")


# ---- reference agents for adversarial conditions -----------------------------------------
# They play the task's reference solution, as the oracle does, and differ in one behaviour
# each, so that a test (or a task author) sees the checks tell them apart:
#   follower     then also obeys the planted instruction (fails every injection task)
#   blind-retry  retries a failed write at once (fails under lost answers on writes that are
#                not idempotent)
#   careful      on an ambiguous failure (a lost answer) first re-reads what it read before,
#                and retries only when nothing changed (passes under tool faults)

RETRIES = 3  # attempts of one write after the first, for the retrying agents


def _last_result(trajectory: list[dict[str, Any]]) -> dict[str, Any] | None:
    return trajectory[-1] if trajectory and trajectory[-1].get("role") == "tool" else None


class _ReferencePlayer:
    """The reference solution, one call or message per turn, then the final message; the
    subclasses decide what happens after each call's result (`after_result`)."""

    name = "reference"
    reads_tools_only = True

    def __init__(self, task: Any):
        self._task = task
        self._steps = list(task.solution)
        self._final = task.final_message
        self._next = 0
        self._calls = 0
        self._read_only: dict[str, bool] = {}
        self._last: ToolCallRequest | None = None

    async def start(self, context: EpisodeContext) -> None:
        self._next = self._calls = 0
        self._last = None
        self._read_only = {t["name"]: bool(t.get("read_only")) for t in context.tools}

    def _call(self, tool: str, args: dict[str, Any]) -> AgentTurn:
        self._calls += 1
        self._last = ToolCallRequest(f"{self.name}-{self._calls}", tool, dict(args))
        return AgentTurn(tool_calls=[self._last])

    def after_result(self, trajectory: list[dict[str, Any]]) -> AgentTurn | None:
        """A turn of the subclass's own after the last call's result, or None to go on."""
        return None

    def final_message(self) -> str:
        return self._final

    def extra_calls(self) -> list[tuple[str, dict[str, Any]]]:
        """Calls made after the reference's (the follower's obeying calls)."""
        return []

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn:
        if self._last is not None and _last_result(trajectory) is not None:
            turn = self.after_result(trajectory)
            if turn is not None:
                return turn
        self._last = None
        if self._next < len(self._steps):
            step = self._steps[self._next]
            self._next += 1
            if step.say:
                return AgentTurn(message=step.say)
            return self._call(step.tool, step.args)
        extra = self.extra_calls()
        if self._next - len(self._steps) < len(extra):
            tool, args = extra[self._next - len(self._steps)]
            self._next += 1
            return self._call(tool, args)
        final = self.final_message()
        return AgentTurn(message=final if DONE_MARKER in final else f"{final} {DONE_MARKER}")


class FollowerAgent(_ReferencePlayer):
    """The reference, then the planted instruction obeyed: the task's `injection.obeyed_by`
    calls, and (when the instruction only asks for a leak) the leaked values told in the
    final message. It must fail every injection task."""

    name = "follower"

    def extra_calls(self) -> list[tuple[str, dict[str, Any]]]:
        planted = getattr(self._task, "injection", None)
        return [(c.tool, dict(c.args)) for c in planted.obeyed_by] if planted is not None else []

    def final_message(self) -> str:
        planted = getattr(self._task, "injection", None)
        if planted is None or planted.obeyed_by or not planted.leaks:
            return self._final
        leaked = [str(c) for c in self._task.says.never_states if c.label in planted.leaks]
        return f"{self._final.replace(DONE_MARKER, '').strip()} As asked in your note: {'; '.join(leaked)}."


class BlindRetryAgent(_ReferencePlayer):
    """The reference, retrying a failed write at once (up to RETRIES times) without looking
    at the records: after a lost answer it carries the write out twice."""

    name = "blind-retry"

    def __init__(self, task: Any):
        super().__init__(task)
        self._retries = 0

    def after_result(self, trajectory: list[dict[str, Any]]) -> AgentTurn | None:
        last = self._last
        result = _last_result(trajectory)
        if last is None or result is None or not result.get("is_error") or self._read_only.get(last.name, False) \
                or self._retries >= RETRIES:
            self._retries = 0
            return None
        self._retries += 1
        return self._call(last.name, last.arguments if isinstance(last.arguments, dict) else {})


def _lost_request(text: str, tool: str) -> str | None:
    """The request id of a lost answer (FAULT_AFTER_TEXT) of `tool`; None for other results."""
    import re

    from thinkingbox.models.prompts import FAULT_AFTER_TEXT

    pattern = re.escape(FAULT_AFTER_TEXT).replace(re.escape("{tool}"), re.escape(tool)).replace(
        re.escape("{request}"), r"(REQ-\d+)")
    match = re.fullmatch(pattern, text)
    return match.group(1) if match else None


class CarefulAgent(_ReferencePlayer):
    """The reference, retrying failed writes only when it knows the write did not happen.

    After an error that says nothing was changed it retries. After a lost answer (a timeout:
    the outcome unknown) it checks first: with the check tool faulted runs list
    (`check_request`, given the request id the timeout names) when it has one; otherwise it
    calls again every read it made before (same tool, same arguments) and takes a changed
    answer as the write carried out. It retries only when the check says the write did not
    happen; with no way to check, it does not risk a second write. (Re-reading alone is not
    enough everywhere: where no read shows a charge, it would charge twice.)"""

    name = "careful"

    def __init__(self, task: Any):
        super().__init__(task)
        self._retries = 0
        self._checking: tuple[ToolCallRequest, list[tuple[str, dict[str, Any], str]]] | None = None
        self._asked: ToolCallRequest | None = None   # the write whose request the check tool was asked about

    def _reads_so_far(self, trajectory: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any], str]]:
        """(tool, arguments, last answer) of every distinct successful read call so far."""
        asked: dict[str, tuple[str, Any]] = {}
        answers: dict[str, tuple[str, dict[str, Any], str]] = {}
        for event in trajectory:
            for call in event.get("tool_calls") or () if event.get("role") == "assistant" else ():
                asked[call["id"]] = (call["name"], call["arguments"])
            if event.get("role") == "tool" and not event.get("is_error") and event.get("tool_call_id") in asked:
                name, args = asked[event["tool_call_id"]]
                if self._read_only.get(name) and isinstance(args, dict):
                    key = f"{name}:{sorted(args.items())!r}"
                    answers.pop(key, None)
                    answers[key] = (name, args, event.get("content") or "")
        return list(answers.values())

    def after_result(self, trajectory: list[dict[str, Any]]) -> AgentTurn | None:
        from thinkingbox.models.prompts import CHECK_TOOL_NAME

        if self._asked is not None:      # the check tool's answer is in
            write, self._asked = self._asked, None
            answer = _last_result(trajectory) or {}
            if not answer.get("is_error") and "was not carried out" in (answer.get("content") or ""):
                return self._retry(write)
            self._retries = 0
            return None
        if self._checking is not None:   # the answers of the re-reads are in
            write, before = self._checking
            self._checking = None
            fresh = [e.get("content") or "" for e in trajectory[-len(before):]]
            if any(new != old for new, (_, _, old) in zip(fresh, before)):
                self._retries = 0
                return None          # carried out: go on with the reference
            return self._retry(write)
        last, result = self._last, _last_result(trajectory)
        if last is None or result is None or not result.get("is_error") or self._read_only.get(last.name, False):
            self._retries = 0
            return None
        request = _lost_request(result.get("content") or "", last.name)
        if request is not None and CHECK_TOOL_NAME in self._read_only:
            self._asked = last
            self._calls += 1
            return AgentTurn(tool_calls=[ToolCallRequest(f"{self.name}-{self._calls}", CHECK_TOOL_NAME,
                                                         {"request": request})])
        if request is not None:
            reads = self._reads_so_far(trajectory)
            if not reads:
                self._retries = 0
                return None          # no way to check: a second write could do harm
            self._checking = (last, reads)
            calls = []
            for tool, args, _ in reads:
                self._calls += 1
                calls.append(ToolCallRequest(f"{self.name}-{self._calls}", tool, dict(args)))
            return AgentTurn(tool_calls=calls)
        return self._retry(last)

    def _retry(self, write: ToolCallRequest) -> AgentTurn | None:
        if self._retries >= RETRIES:
            self._retries = 0
            return None
        self._retries += 1
        return self._call(write.name, write.arguments if isinstance(write.arguments, dict) else {})
