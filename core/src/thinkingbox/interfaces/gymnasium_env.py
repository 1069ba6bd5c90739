"""The gym environments as real gymnasium environments, with text observations and text
actions (the core's `gymnasium` extra: `uv sync` in the workspace, or
`pip install "./core[gymnasium]"` from this repository). See docs/gym.md.

Importing thinkingbox.interfaces.gym registers one environment per installed domain as
`thinkingbox/<domain>-v0` (gymnasium 1.x loads no plugins by itself, so the registration
happens on that import; `gymnasium.make("thinkingbox.interfaces.gym:thinkingbox/DOMAIN-v0")`
imports it for you). Each is a `TextEnv` over the dict environment `ThinkingboxEnv`: the
same episode, rules and verdict, with its observations written as JSON text and its actions
read from text.

    observation (str)   the dict observation as compact JSON, non-ASCII escaped
    action (str)        a JSON object: an action in either form the dict env takes
                        ({"tool": NAME, "arguments": {...}}, {"message": TEXT}, or the typed
                        {"type": "tool_call" | "message", ...}); any other text: a message
                        to the customer
    reset(seed=, options={"task": ID})   without a task, the seed picks one (the same seed,
                        the same task)
"""
from __future__ import annotations

import functools
import json
from typing import Any

import gymnasium
from gymnasium import spaces

from thinkingbox import PluginHost
from thinkingbox.interfaces.gym import ThinkingboxEnv

OBSERVATION_CHARSET = frozenset(chr(c) for c in range(32, 127))  # what json.dumps(ensure_ascii) writes
ACTION_CHARSET = frozenset(chr(c) for c in range(32, 127)) | frozenset("\n\t")
MAX_OBSERVATION = 1_000_000   # characters: the opening observation holds the prompts and every tool's schema
MAX_ACTION = 10_000           # characters of one action's text


def observation_text(observation: dict[str, Any]) -> str:
    """An observation of the dict env as the text a TextEnv gives."""
    return json.dumps(observation, ensure_ascii=True, separators=(",", ":"))


def parse_action(action: str) -> Any:
    """A text action as the dict env's action: a JSON object is an action as it stands, any
    other text is a message to the customer."""
    if not isinstance(action, str):
        raise TypeError(f"a TextEnv action is a str (a JSON action or a message), not {type(action).__name__}")
    if action.lstrip().startswith("{"):
        try:
            parsed = json.loads(action)
        except json.JSONDecodeError:
            parsed = None
        if isinstance(parsed, dict):
            return parsed
    return {"type": "message", "content": action}


@functools.cache
def _shared_host() -> PluginHost:
    return PluginHost()


class TextEnv(gymnasium.Env):
    """One domain's tasks as a gymnasium environment with `spaces.Text` observations and
    actions. Keyword arguments other than `domain` and `render_mode` go to ThinkingboxEnv
    (user, judge, limits, persona, host)."""

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(self, domain: str, render_mode: str | None = None, **options: Any):
        if render_mode is not None:
            raise ValueError(f"thinkingbox environments render nothing (render_mode={render_mode!r}): "
                             "read the observations, or the trial record in the final info")
        self.render_mode = None
        options.setdefault("host", _shared_host())  # domains load once per process, however many envs
        self.env = ThinkingboxEnv(domain, **options)
        self.observation_space = spaces.Text(max_length=MAX_OBSERVATION, charset=OBSERVATION_CHARSET)
        self.action_space = spaces.Text(max_length=MAX_ACTION, charset=ACTION_CHARSET)

    @property
    def task_ids(self) -> list[str]:
        return self.env.task_ids

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        """Start an episode of options["task"]; without one, of a task the random generator
        picks (seeded by `seed`: the same seed gives the same task)."""
        super().reset(seed=seed)
        task = (options or {}).get("task")
        if task is None:
            task = self.task_ids[int(self.np_random.integers(len(self.task_ids)))]
        observation, info = self.env.reset(task)
        return observation_text(observation), dict(info)

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.step(parse_action(action))
        return observation_text(observation), reward, terminated, truncated, info

    def reference_actions(self, task: str) -> list[str]:
        """The task's reference solution as text actions (see thinkingbox.trials.reference_actions)."""
        return [json.dumps(a) for a in self.env.reference_actions(task)]

    def close(self) -> None:
        self.env.close()
