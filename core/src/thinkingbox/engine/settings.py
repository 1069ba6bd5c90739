"""A run's settings: one object for everything that decides how trials run (who plays the
agent, the user and the judge, on which models, with which limits, how many times). Built
in code as it is (`RunSettings(agent="openai:gpt-4.1", judge="rules")`); `tb eval` builds it
from its flags, the environment and the config file (interfaces/run_options.py). Exported
by the public facade, `thinkingbox.trials`.

The agent and user factories of plugins get `model_settings()`: each role's model
configuration (models.settings.ModelSettings), as the hook specifications describe.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from thinkingbox.engine.episode import Limits
from thinkingbox.models.llm import ModelConfig
from thinkingbox.models.prompts import AGENT_PROMPT_VERSION
from thinkingbox.models.rubric import JUDGE_PROMPT_VERSION
from thinkingbox.models.settings import DEFAULT_PARAMS, ModelSettings, model_config
from thinkingbox.models.users import USER_PROMPT_VERSION

TOOL_TRANSPORTS = ("direct", "memory", "stdio", "http")
IN_PROCESS_TRANSPORTS = ("direct", "memory")  # the world lives in this process (and can be pooled)
NO_MODEL_AGENTS = ("replay", "command")  # agents whose argument is a file or a command, not a model


@dataclass
class RunSettings:
    """How a run's trials are played and judged.

    agent, user: specs as `tb eval --agent/--user` takes them (`oracle`, `openai:MODEL`,
    `scripted`, `llm:MODEL`, a plugin's `NAME:ARG`). judge: how rubric questions are
    answered: "rules" (offline, from each question's rule), a model name, a ModelConfig, or
    None (rubric checks then fail as not judged, and runs with rubric tasks are refused).
    models: a role's model endpoint and parameters ("agent", "user", "judge" ->
    ModelConfig); a role whose spec names a model and is not given here gets that model
    with the defaults and the TB_<ROLE>_* environment variables.
    """

    agent: str = "oracle"
    user: str = "scripted"
    judge: str | ModelConfig | None = "rules"
    models: dict[str, ModelConfig] = field(default_factory=dict)
    persona: str = "cooperative"             # the LLM user's style (models.personas)
    limits: Limits = field(default_factory=Limits)
    tool_transport: str = "direct"           # direct | memory | stdio | http: how trials reach their tools
    trials: int = 1                          # trials per task (run_many)
    concurrency: int = 16                    # trials in flight at once (run_many)
    label: str = ""                          # the run's name in reports; "" = default_label()
    agent_timeout: float | None = None       # command agents: seconds the process may go without a message
    agent_time_limit: float | None = None    # command agents: seconds one trial's process may run in all
    tool_faults: str = ""                    # faults injected into write calls (engine.faults); "" = none

    def __post_init__(self) -> None:
        if self.tool_faults:  # checked and normalized at once, not in every trial
            from thinkingbox.engine.faults import parse_faults

            self.tool_faults = str(parse_faults(self.tool_faults, "tool_faults"))

    def model_settings(self) -> ModelSettings:
        """Each role's model configuration (what agent and user factories are given), from
        the specs, `judge` and `models`."""
        return ModelSettings(agent=self._model("agent", self.agent), user=self._model("user", self.user),
                             judge=self._judge(), persona=self.persona, agent_timeout=self.agent_timeout,
                             agent_time_limit=self.agent_time_limit)

    def _model(self, role: str, spec: str) -> ModelConfig | None:
        if role in self.models:
            return self.models[role]
        name, _, model = spec.partition(":")
        if not model or (role == "agent" and name in NO_MODEL_AGENTS):
            return None
        return model_config(role, model, {}, {})

    def _judge(self) -> ModelConfig | str | None:
        if self.judge is None or self.judge == "rules" or isinstance(self.judge, ModelConfig):
            return self.judge
        return self.models.get("judge") or model_config("judge", self.judge, {}, {})

    def default_label(self) -> str:
        """The agent, followed by whatever else sets this run apart from a plain run of it
        (user simulator, persona, model parameters, judge, limits), so that two runs of one
        model with different settings are two rows in a report."""
        parts = [self.agent]
        if self.user != "scripted":
            parts.append(f"user={self.user}")
        if self.persona != "cooperative":
            parts.append(f"persona={self.persona}")
        models = self.model_settings().public()
        for role in ("agent", "user"):
            model = models.get(role)
            if isinstance(model, dict):
                prefix = "" if role == "agent" else "user."
                parts += [f"{prefix}{key}={value}" for key, value in sorted((model.get("params") or {}).items())
                          if role == "agent" or DEFAULT_PARAMS[role].get(key) != value]
        judge = models.get("judge")
        if isinstance(judge, dict):
            parts.append(f"judge={judge['model']}")
        if self.tool_faults:
            parts.append(f"faults={self.tool_faults}")
        defaults = Limits()
        if self.limits.max_user_turns != defaults.max_user_turns:
            parts.append(f"max_user_turns={self.limits.max_user_turns}")
        if self.limits.max_tool_calls != defaults.max_tool_calls:
            parts.append(f"max_tool_calls={self.limits.max_tool_calls}")
        return " ".join(parts)

    def public(self) -> dict[str, Any]:
        """What a record keeps about the run's configuration (no secrets)."""
        from thinkingbox.models.personas import PERSONA_VERSION

        public = {"label": self.label or self.default_label(), "agent": self.agent, "user": self.user,
                  "persona": self.persona, "trials": self.trials, "tool_transport": self.tool_transport,
                  "max_user_turns": self.limits.max_user_turns, "max_tool_calls": self.limits.max_tool_calls,
                  "models": self.model_settings().public(),
                  "prompt_versions": {"agent": AGENT_PROMPT_VERSION, "user": USER_PROMPT_VERSION,
                                      "judge": JUDGE_PROMPT_VERSION, "persona": PERSONA_VERSION}}
        if self.tool_faults:  # (left out without faults: run files from before faults resume as they were)
            public["tool_faults"] = self.tool_faults
        return public
