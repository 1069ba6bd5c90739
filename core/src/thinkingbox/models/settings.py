"""Model settings: which models play agent, simulated user and judge, and how to reach them
(the part of a run's settings, engine.settings.RunSettings, that agent and user factories get).

Sources, strongest first: command-line flags, environment variables, a TOML file
(--config or TB_CONFIG), defaults. Secrets never pass through here: only the NAME of the
environment variable that holds an API key.

    [eval]                       # any `tb eval` option: domains, trials, concurrency, agent, user, judge
    agent = "openai:gpt-4.1"
    user = "llm:gpt-4.1-mini"
    judge = "gpt-4.1-mini"
    trials = 5

    [agent]                      # also [user] and [judge]
    base_url = "http://127.0.0.1:8000/v1"
    api_key_env = "MY_KEY_VARIABLE"
    api_version = "2024-05-01-preview"   # Azure OpenAI only
    timeout = 600
    max_attempts = 6
    params = { temperature = 0.2, seed = 7, reasoning_effort = "medium" }
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.models.llm import ModelConfig

ROLES = ("agent", "user", "judge")
DEFAULT_PARAMS = {"agent": {}, "user": {"temperature": 0.3}, "judge": {"temperature": 0.0}}
CONNECTION_KEYS = ("base_url", "api_key_env", "api_version", "timeout", "max_attempts", "backoff_base", "backoff_max")


@dataclass
class ModelSettings:
    """Model configurations for the roles that need one (None where a role uses no model)."""

    agent: ModelConfig | None = None
    user: ModelConfig | None = None
    judge: ModelConfig | str | None = None   # "rules": the offline rubric rules, no model
    persona: str = "cooperative"             # the LLM user's style (models.personas)
    agent_timeout: float | None = None       # command agents: seconds the process may go without a message
    agent_time_limit: float | None = None    # command agents: seconds one trial's process may run in all

    def public(self) -> dict[str, Any]:
        def public(value: Any) -> Any:
            return value.public() if isinstance(value, ModelConfig) else value

        return {role: public(getattr(self, role)) for role in ROLES}


def read_config_file(path: str | Path | None) -> dict[str, Any]:
    path = path or os.environ.get("TB_CONFIG")
    if not path:
        return {}
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise ThinkingboxError(f"config file {path} not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise ThinkingboxError(f"config file {path}: {exc}") from None
    unknown = set(data) - {"eval", *ROLES}
    if unknown:
        raise ThinkingboxError(f"config file {path}: unknown section [{sorted(unknown)[0]}]; "
                               f"sections: [eval], [agent], [user], [judge]")
    for role in ROLES:
        bad = set(data.get(role, {})) - {*CONNECTION_KEYS, "params"}
        if bad:
            raise ThinkingboxError(f"config file {path}: unknown key {sorted(bad)[0]!r} in [{role}]; "
                                   f"keys: {', '.join((*CONNECTION_KEYS, 'params'))}")
    return data


def parse_param(text: str, flag: str) -> tuple[str, Any]:
    """KEY=VALUE, the value read as JSON when it parses (numbers, true, null), else text."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise ThinkingboxError(f"{flag} expects KEY=VALUE, got {text!r}")
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError:
        value = raw
    return key.strip(), value


def model_config(role: str, model: str, file: dict[str, Any], flags: dict[str, Any]) -> ModelConfig:
    """Merge the role's file section, environment and flags into a ModelConfig."""
    section = file.get(role, {})
    values: dict[str, Any] = {k: section[k] for k in CONNECTION_KEYS if k in section}
    for key in ("base_url", "api_key_env", "api_version"):
        env = os.environ.get(f"TB_{role.upper()}_{key.upper()}")
        if env:
            values[key] = env
    values.update({k: v for k, v in flags.items() if k in CONNECTION_KEYS and v is not None})
    params = {**DEFAULT_PARAMS[role], **section.get("params", {}), **flags.get("params", {})}
    if role == "judge":
        params["temperature"] = 0.0  # the judge is always deterministic as far as the API allows
    return ModelConfig(model=model, params=params, **values)
