"""A gymnasium-style environment over Thinkingbox tasks, for RL and for agents that bring
their own loop. No gymnasium dependency: the API has gymnasium's shape (reset, step,
close; a vectorised form). With gymnasium installed (the `gymnasium` extra), importing this
module registers every domain as the gymnasium environment `thinkingbox/<domain>-v0`
(interfaces/gymnasium_env.py: text observations and actions). See docs/gym.md.

The caller's policy plays the agent of an ordinary trial. Each episode is the public
facade's `run_one_async` (thinkingbox/trials.py) with the policy as its agent object: the
same private world cloned from the
task's template, the same tools over MCP, the same simulated user, the same termination
rules (engine/episode.py run_episode) and the same judging (engine/verdicts.py). The
episode runs as a task of its own that waits for the policy's next action in the agent's
`next_turn`; `step` hands it an action and waits until the episode asks for the next one
or ends. Nothing of the rules is written twice.
"""
from __future__ import annotations

import asyncio
import itertools
from typing import Any, Iterator

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.contract.world import state_hash
from thinkingbox.engine.episode import ACTION_LIMIT, USER_LIMIT
from thinkingbox.trials import (END_TOOL_NAME, AgentTurn, EpisodeContext, Limits, ModelConfig,
                                RunSettings, SessionPool, ToolCallRequest, WorldPool, check_settings,
                                installed_domains, load_domain, run_one_async)
from thinkingbox.trials import reference_actions as public_reference_actions
from thinkingbox.contract.tasks import Task
from thinkingbox import PluginHost

Action = dict[str, Any]
Observation = dict[str, Any]

TRUNCATING = (USER_LIMIT, ACTION_LIMIT)  # finish reasons reported as truncated, not terminated


class _Policy:
    """The agent of a gym episode: its turns are the actions given to `step`."""

    name = "gym"

    def __init__(self) -> None:
        self.context: EpisodeContext | None = None
        self.trajectory: list[dict[str, Any]] = []   # the episode's own list, seen at each turn
        self.asked = asyncio.Event()                  # set while the episode waits for an action
        self._turn: asyncio.Future[AgentTurn] | None = None

    async def start(self, context: EpisodeContext) -> None:
        self.context = context

    async def next_turn(self, trajectory: list[dict[str, Any]]) -> AgentTurn:
        self.trajectory = trajectory
        self._turn = asyncio.get_running_loop().create_future()
        self.asked.set()
        return await self._turn

    def act(self, turn: AgentTurn) -> None:
        assert self._turn is not None
        self.asked.clear()
        self._turn.set_result(turn)
        self._turn = None


class _OwnWorld(WorldPool):
    """The env's one world connection (reused across resets: each reset deserializes the
    task's template into it, byte-exact), and the world of the episode in progress."""

    def __init__(self) -> None:
        super().__init__(max_idle=1)
        self.current: Any = None

    def take(self, domain: Any, task_world: Any) -> Any:
        self.current = super().take(domain, task_world)
        return self.current

    def give_back(self, domain: Any, world: Any) -> None:
        self.current = None
        super().give_back(domain, world)


def to_turn(action: Action, number: int) -> AgentTurn:
    """An action as the agent turn it stands for; a malformed action is a ThinkingboxError."""
    if not isinstance(action, dict):
        raise ThinkingboxError(f"action must be a dict with a 'type' ('message' or 'tool_call'), "
                               f"not {type(action).__name__}")
    if "type" not in action:  # the short form reference_actions gives: {"tool", "arguments"} or {"message"}
        if "tool" in action:
            action = {"type": "tool_call", "name": action["tool"], "arguments": action.get("arguments", {}),
                      **({"content": action["message"]} if "message" in action else {}),
                      **({"id": action["id"]} if "id" in action else {})}
        elif "message" in action:
            action = {"type": "message", "content": action["message"]}
    kind = action.get("type")
    content = action.get("content")
    if content is not None and not isinstance(content, str):
        raise ThinkingboxError("action 'content' must be a string")
    if kind == "message":
        if content is None:
            raise ThinkingboxError("a message action needs 'content' (the text for the user)")
        return AgentTurn(message=content)
    if kind == "tool_call":
        name = action.get("name")
        if not isinstance(name, str) or not name:
            raise ThinkingboxError("a tool_call action needs 'name' (a tool of the observation's 'tools')")
        arguments = action.get("arguments", {})
        if not isinstance(arguments, (dict, str)):  # a string is parsed as JSON, as a model's would be
            raise ThinkingboxError("tool_call 'arguments' must be an object (or its JSON text)")
        call_id = str(action.get("id") or f"gym-{number}")
        return AgentTurn(message=content, tool_calls=[ToolCallRequest(call_id, name, arguments)])
    raise ThinkingboxError(f"unknown action type {kind!r}: use 'message' or 'tool_call' (or the short forms "
                           "{'tool': NAME, 'arguments': {...}} and {'message': TEXT})")


def _observation(events: list[dict[str, Any]]) -> Observation:
    """What the policy sees after its action: the tool's result, the user's reply, or the end."""
    for event in events:
        if event["role"] == "tool":
            return {"type": "tool_result", "name": event["name"], "content": event["content"],
                    "is_error": bool(event["is_error"])}
        if event["role"] == "user":
            return {"type": "user_message", "content": event["content"]}
    return {"type": "end", "content": ""}


def final_info(record: dict[str, Any]) -> dict[str, Any]:
    """The end of an episode in `info`: verdict, per-check rewards (name -> 1/0), the
    field-level diff, the failed communication claims, and the whole trial record."""
    failed_claims = [problem for c in record["checks"] if c["name"] == "communication" and not c["passed"]
                     for problem in (c.get("data") or [c.get("detail", "")])]
    return {"task": record["task"], "finish_reason": record["finish_reason"], "verdict": record["verdict"],
            "checks": {c["name"]: int(c["passed"]) for c in record["checks"]},
            "check_details": {c["name"]: c.get("detail", "") for c in record["checks"]},
            "diff": record["diff"], "failed_claims": failed_claims, "error": record["error"],
            "record": record}


class AsyncThinkingboxEnv:
    """One environment: one domain, one private world, one episode at a time.

    domain: an installed domain's name. user: "scripted" or "llm:MODEL" (as tb eval's
    --user). judge: "rules" (offline rubric rules, the default), a model name, a ModelConfig,
    or None. limits: the user-turn and tool-call limits (tb eval's defaults). persona: the
    LLM user's style. host: a PluginHost to share between envs (domains load once).
    """

    def __init__(self, domain: str, user: str = "scripted", judge: str | ModelConfig | None = "rules",
                 limits: Limits | None = None, persona: str = "cooperative", host: PluginHost | None = None):
        self.host = host or PluginHost()
        self.domain = load_domain(domain, self.host)
        self.settings = RunSettings(agent="gym", user=user, judge=judge, persona=persona, limits=limits or Limits())
        if user.partition(":")[0] == "llm" and not user.partition(":")[2]:
            raise ThinkingboxError("user='llm:MODEL' needs a model name")
        check_settings(self.settings, [], self.host, own_agent=True)  # (an unknown user fails here)
        self._sessions = SessionPool()
        self._world = _OwnWorld()
        self._policy: _Policy | None = None
        self._episode: asyncio.Task[dict[str, Any]] | None = None
        self._episodes = 0
        self._actions = 0
        self._task_order: Iterator[str] = itertools.cycle(sorted(self.domain.tasks))

    @property
    def task_ids(self) -> list[str]:
        return sorted(self.domain.tasks)

    async def reset(self, task: str | None = None, *, seed: int | None = None,
                    options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Start an episode of `task` (or options["task"]; neither: the domain's next task in
        id order) on a fresh clone of its world. Returns (observation, info); the observation
        holds the system prompts, the tools (MCP schemas, the end tool included) and the
        user's opening request. `seed` is accepted for gymnasium's sake: tasks are
        deterministic, and the scripted user too."""
        await self._stop_episode()
        task_id = task or (options or {}).get("task") or next(self._task_order)
        the_task = self.domain.task(task_id)
        policy = _Policy()
        task_world = await self.domain.prepare(the_task)
        self._episodes += 1
        self._actions = 0
        self._policy = policy
        self._episode = asyncio.create_task(self._play(the_task, policy))
        await self._until_asked_or_over()
        if self._episode.done():  # it ended before its first turn: a harness error
            self._episode.result()
            raise ThinkingboxError(f"the episode of {task_id} ended before the agent's first turn")
        context = policy.context
        assert context is not None
        observation = {"type": "start", "system_prompts": list(context.system_prompts),
                       "prompt": "\n\n".join(p for p in context.system_prompts if p),
                       "tools": context.tools, "request": context.request}
        return observation, {"task": task_id, "domain": self.domain.name, "initial_hash": task_world.initial_hash}

    async def step(self, action: Action) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Take one action (a message to the user or one tool call). Returns (observation,
        reward, terminated, truncated, info); the reward is 0.0 until the episode ends, then
        the verdict (1.0 or 0.0), with the per-check rewards in info["checks"]."""
        policy = self._policy
        if policy is None or self._episode is None or self._episode.done():
            raise ThinkingboxError("no episode in progress: call reset() first (and again after one ends)")
        self._actions += 1
        turn = to_turn(action, self._actions)
        start = len(policy.trajectory)   # the assistant event goes here, what answers it after
        policy.act(turn)
        await self._until_asked_or_over()
        observation = _observation(policy.trajectory[start + 1:])
        if not self._episode.done():
            return observation, 0.0, False, False, {"task": self._task_id()}
        record = self._episode.result()  # a harness error (not an agent's) is raised here
        self._policy = None
        truncated = record["finish_reason"] in TRUNCATING
        return observation, float(record["verdict"]), not truncated, truncated, final_info(record)

    async def _play(self, task: Any, policy: _Policy) -> dict[str, Any]:
        result = await run_one_async(self.domain, task, self.settings, self._episodes, agent=policy, host=self.host,
                                     sessions=self._sessions, worlds=self._world)
        return result.record

    def reference_actions(self, task: str) -> list[Action]:
        """The reference solution of one of this env's tasks, as actions for `step` (see
        thinkingbox.trials.reference_actions)."""
        return public_reference_actions(self.domain, task)

    def state_hash(self) -> str | None:
        """The hash of the world as it stands in the episode in progress (None between
        episodes); equal to the task's initial hash right after reset()."""
        world = self._world.current
        return None if world is None else state_hash(world.snapshot())

    async def close(self) -> None:
        await self._stop_episode()
        await self._sessions.aclose()
        self._world.close()

    def _task_id(self) -> str:
        assert self._policy is not None and self._policy.context is not None
        return self._policy.context.task_id

    async def _until_asked_or_over(self) -> None:
        assert self._policy is not None and self._episode is not None
        asked = asyncio.ensure_future(self._policy.asked.wait())
        await asyncio.wait({asked, self._episode}, return_when=asyncio.FIRST_COMPLETED)
        asked.cancel()

    async def _stop_episode(self) -> None:
        """Abandon an unfinished episode (its world goes back, its session closes)."""
        episode, self._episode, self._policy = self._episode, None, None
        if episode is not None and not episode.done():
            episode.cancel()
            await asyncio.gather(episode, return_exceptions=True)


def _run(loop: asyncio.AbstractEventLoop, coroutine: Any) -> Any:
    """Run a coroutine on a synchronous wrapper's own loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return loop.run_until_complete(coroutine)
    coroutine.close()
    raise ThinkingboxError("the synchronous envs cannot run inside a running event loop; "
                           "use AsyncThinkingboxEnv / AsyncVectorEnv there")


class ThinkingboxEnv:
    """AsyncThinkingboxEnv for synchronous code: it runs on an event loop of its own (so it
    cannot be used from inside a running loop; use AsyncThinkingboxEnv there)."""

    def __init__(self, domain: str, **kwargs: Any):
        self._loop = asyncio.new_event_loop()
        self.env = AsyncThinkingboxEnv(domain, **kwargs)

    @property
    def task_ids(self) -> list[str]:
        return self.env.task_ids

    def reset(self, task: str | None = None, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        return _run(self._loop, self.env.reset(task, seed=seed, options=options))

    def step(self, action: Action) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        return _run(self._loop, self.env.step(action))

    def reference_actions(self, task: str) -> list[Action]:
        return self.env.reference_actions(task)

    def play(self, task: str, actions: list[Action]) -> tuple[float, dict[str, Any]]:
        """One whole episode with a fixed list of actions (see `play`)."""
        return _run(self._loop, play(self.env, task, actions))

    def state_hash(self) -> str | None:
        return self.env.state_hash()

    def close(self) -> None:
        if not self._loop.is_closed():
            self._loop.run_until_complete(self.env.close())
            self._loop.close()

    def __enter__(self) -> ThinkingboxEnv:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class AsyncVectorEnv:
    """N environments stepped together in one event loop (asyncio.gather), each with its
    own world and episode. With `autoreset`, an env whose episode ends starts the next
    task of `tasks` (default: its domain's tasks, cycled) in the same step: its observation
    is the new episode's first, and info holds "final_observation" and "final_info" of the
    one that ended (gymnasium's convention)."""

    def __init__(self, envs: list[AsyncThinkingboxEnv], autoreset: bool = False, tasks: list[str] | None = None):
        if not envs:
            raise ThinkingboxError("a vector env needs at least one env")
        self.envs = envs
        self.autoreset = autoreset
        self._tasks = itertools.cycle(tasks or envs[0].task_ids)

    @classmethod
    def make(cls, n: int, domain: str, autoreset: bool = False, tasks: list[str] | None = None,
             **kwargs: Any) -> AsyncVectorEnv:
        host = kwargs.pop("host", None) or PluginHost()
        return cls([AsyncThinkingboxEnv(domain, host=host, **kwargs) for _ in range(n)], autoreset, tasks)

    async def reset(self, tasks: list[str | None] | None = None) -> tuple[list[Observation], list[dict[str, Any]]]:
        """Reset every env: env i gets tasks[i] (None or no list: the next of the task cycle)."""
        chosen = [t or next(self._tasks) for t in (tasks or [None] * len(self.envs))]
        if len(chosen) != len(self.envs):
            raise ThinkingboxError(f"reset got {len(chosen)} tasks for {len(self.envs)} envs")
        results = await asyncio.gather(*(env.reset(t) for env, t in zip(self.envs, chosen)))
        return [r[0] for r in results], [r[1] for r in results]

    async def step(self, actions: list[Action | None]) -> tuple[list[Observation | None], list[float], list[bool],
                                                                 list[bool], list[dict[str, Any]]]:
        """One action per env (None: leave that env as it is; its row is None, 0.0, False,
        False, {})."""
        if len(actions) != len(self.envs):
            raise ThinkingboxError(f"step got {len(actions)} actions for {len(self.envs)} envs")
        rows = await asyncio.gather(*(self._step_one(env, a) for env, a in zip(self.envs, actions)))
        return tuple(list(column) for column in zip(*rows))  # type: ignore[return-value]

    async def _step_one(self, env: AsyncThinkingboxEnv, action: Action | None) -> tuple[Any, float, bool, bool, dict]:
        if action is None:
            return None, 0.0, False, False, {}
        observation, reward, terminated, truncated, info = await env.step(action)
        if self.autoreset and (terminated or truncated):
            final_observation, final = observation, info
            observation, info = await env.reset(next(self._tasks))
            info = {**info, "final_observation": final_observation, "final_info": final}
        return observation, reward, terminated, truncated, info

    async def close(self) -> None:
        await asyncio.gather(*(env.close() for env in self.envs))


class VectorEnv:
    """AsyncVectorEnv for synchronous code, on an event loop of its own."""

    def __init__(self, n: int, domain: str, autoreset: bool = False, tasks: list[str] | None = None,
                 **kwargs: Any):
        self._loop = asyncio.new_event_loop()
        self.env = AsyncVectorEnv.make(n, domain, autoreset, tasks, **kwargs)

    @property
    def num_envs(self) -> int:
        return len(self.env.envs)

    def reset(self, tasks: list[str | None] | None = None) -> tuple[list[Observation], list[dict[str, Any]]]:
        return _run(self._loop, self.env.reset(tasks))

    def step(self, actions: list[Action | None]):
        return _run(self._loop, self.env.step(actions))

    def close(self) -> None:
        if not self._loop.is_closed():
            self._loop.run_until_complete(self.env.close())
            self._loop.close()

    def __enter__(self) -> VectorEnv:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def make_vec(n: int, domain: str, autoreset: bool = False, tasks: list[str] | None = None,
             **kwargs: Any) -> VectorEnv:
    """N synchronous envs of one domain stepped together (see AsyncVectorEnv)."""
    return VectorEnv(n, domain, autoreset, tasks, **kwargs)


def reference_actions(domain: Any, task: Any = None) -> list[Action]:
    """The task's reference solution as the oracle agent plays it: the public
    `thinkingbox.trials.reference_actions(domain, task)` ({"tool", "arguments"} calls and
    {"message"} messages, the final message last), which `step` and `play` take as they
    are. `reference_actions(task)` with a Task works too; with only a task id, use the env's
    `env.reference_actions(task_id)`, which knows its domain."""
    if task is None:
        if isinstance(domain, Task):
            return public_reference_actions(None, domain)
        raise ThinkingboxError(f"reference_actions needs the domain too: reference_actions(DOMAIN, {domain!r}) with "
                               f"DOMAIN one of the installed ({', '.join(sorted(installed_domains()))}), or "
                               f"env.reference_actions({domain!r}) on an environment of that domain")
    return public_reference_actions(domain, task)


def actions_from_trajectory(trajectory: list[dict[str, Any]]) -> list[Action]:
    """A recorded trial's assistant turns as actions (to replay a `tb eval` record through
    the env). A turn with several tool calls becomes one action per call, its text going
    with the last one (where an end tool's final message is read)."""
    actions: list[Action] = []
    for event in trajectory:
        if event["role"] != "assistant":
            continue
        calls = event.get("tool_calls") or []
        if not calls:
            actions.append({"type": "message", "content": event.get("content") or ""})
        for i, call in enumerate(calls):
            action = {"type": "tool_call", "name": call["name"], "arguments": call["arguments"]}
            if i == len(calls) - 1 and event.get("content"):
                action["content"] = event["content"]
            actions.append(action)
    return actions


async def play(env: AsyncThinkingboxEnv, task: str, actions: list[Action]) -> tuple[float, dict[str, Any]]:
    """Run one episode of `task` with a fixed list of actions; (reward, final info). When the
    actions run out first, the conversation is ended with the end tool (as the replay agent
    does); actions left when the episode ends are not used."""
    await env.reset(task)
    for action in [*actions, {"type": "tool_call", "name": END_TOOL_NAME, "arguments": {}}]:
        _, reward, terminated, truncated, info = await env.step(action)
        if terminated or truncated:
            return reward, info
    raise AssertionError("unreachable: the end tool always ends the episode")


def replay_verdict(domain: str, task: str, actions: list[Action], **kwargs: Any) -> bool:
    """The verdict of one task played with the given actions (env options as for
    ThinkingboxEnv: user, judge, limits), for comparing frameworks on the same actions."""
    with ThinkingboxEnv(domain, **kwargs) as env:
        _, info = env.play(task, actions)
    return bool(info["verdict"])


GYMNASIUM_ID = "thinkingbox/{domain}-v0"


def register_gymnasium_envs() -> list[str]:
    """Register every installed domain with gymnasium as `thinkingbox/<domain>-v0` (a
    TextEnv of thinkingbox.interfaces.gymnasium_env), when gymnasium is installed (the
    `gymnasium` extra); the ids, or [] without gymnasium. Idempotent; this module's import
    calls it, so `gymnasium.make("thinkingbox/DOMAIN-v0")` works once it is imported."""
    try:
        import gymnasium
    except ImportError:
        return []
    ids = []
    for name in sorted(installed_domains()):
        env_id = GYMNASIUM_ID.format(domain=name)
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="thinkingbox.interfaces.gymnasium_env:TextEnv",
                               kwargs={"domain": name})
        ids.append(env_id)
    return ids


register_gymnasium_envs()
