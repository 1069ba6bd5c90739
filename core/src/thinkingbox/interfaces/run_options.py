"""`tb eval` and `tb serve` options read into run settings: flags first, then environment
variables, then the config file (models/settings.py reads it), then defaults."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.models.settings import ModelSettings, model_config, parse_param, read_config_file


OFFLINE_AGENTS = ("oracle", "noop", "follower", "blind-retry", "careful")


def offline_agent(agent: str) -> bool:
    """An agent that calls no model (oracle, noop, the reference agents follower, blind-retry
    and careful, replay:RUN): its runs default to `--judge rules`."""
    return agent in OFFLINE_AGENTS or agent == "replay" or agent.startswith("replay:")


def eval_config(args: Any, base: dict[str, Any] | None = None
                ) -> tuple[Any, list[str] | None, set[str] | None, Path | None]:
    """The run's configuration from `tb eval`'s flags (an argparse namespace), then the
    environment, then the config file, then defaults: (RunSettings, domains, task ids,
    output path). `base`: a run file's recorded configuration (`tb eval --resume RUN`), which
    comes right after the flags, before the environment and the config file."""
    from thinkingbox.trials import Limits, RunSettings

    file = {} if base is not None else read_config_file(args.config)
    base = base or {}
    base_models = base.get("models") or {}
    if base:
        judged = base_models.get("judge")
        base = {**base, "judge": judged["model"] if isinstance(judged, dict) else judged}
    section = file.get("eval", {})
    known = {"domains", "tasks", "agent", "user", "judge", "trials", "concurrency", "output",
             "max_user_turns", "max_tool_calls", "persona", "label", "tool_faults"}
    if set(section) - known:
        raise ThinkingboxError(f"config file: unknown key {sorted(set(section) - known)[0]!r} in [eval]; "
                               f"keys: {', '.join(sorted(known))}")

    def pick(name: str, env: str | None = None, default=None):
        flag = getattr(args, name)
        if flag is not None:
            return flag
        if name in base:
            return base[name]
        if env and os.environ.get(env):
            return os.environ[env]
        return section.get(name, default)

    agent = pick("agent", "TB_AGENT", "oracle")
    user = pick("user", "TB_USER", "scripted")
    judge = pick("judge", "TB_JUDGE")
    if judge is None and offline_agent(agent):
        judge = "rules"  # no model anywhere in the run: answer rubric questions from the offline rules
    models: dict[str, Any] = {}
    for role, spec in (("agent", agent), ("user", user), ("judge", judge)):
        flags = {key: getattr(args, f"{role}_{key}") for key in
                 ("base_url", "api_key_env", "api_version", "timeout", "max_attempts")}
        flags["params"] = dict(parse_param(p, f"--{role}-param") for p in getattr(args, f"{role}_param"))
        model = spec if role == "judge" else (spec.partition(":")[2] if spec else "")
        recorded = base_models.get(role)
        if isinstance(recorded, dict) and recorded.get("model") == model:  # as the run file has it, then flags
            flags = {**{k: v for k, v in recorded.items() if k != "model"},
                     **{k: v for k, v in flags.items() if v is not None and k != "params"},
                     "params": {**(recorded.get("params") or {}), **flags["params"]}}
        if role == "judge" and model == "rules":
            continue  # answer rubric questions from the tasks' offline rules
        if model and not (role == "agent" and spec.startswith(("replay:", "command:"))):
            models[role] = model_config(role, model, file, flags)  # (their argument is a file, a command)
    if agent == "openai" or agent.startswith("openai:") and "agent" not in models:
        raise ThinkingboxError("--agent openai needs a model: --agent openai:MODEL")
    if agent == "replay" or agent.startswith("replay:") and not Path(agent.partition(":")[2]).is_file():
        raise ThinkingboxError(f"--agent replay:RUN needs an existing run file (got {agent!r})")
    if agent.startswith("replay:"):
        from thinkingbox.reporting.records import read_records

        try:  # a file that is not a run file fails here, not as an error in every trial
            for _ in read_records(Path(agent.partition(":")[2])):
                pass
        except ValueError as exc:
            raise ThinkingboxError(f"--agent {agent}: {exc}") from None
    tool_transport = pick("tool_transport", None, "direct")
    agent_timeout = agent_time_limit = None
    if agent == "command" or agent.startswith("command:"):
        from thinkingbox.engine.external import CommandAgent

        CommandAgent(agent.partition(":")[2])  # a command that cannot be split fails here, not in every trial
        if tool_transport == "stdio":
            raise ThinkingboxError("--agent command:CMD reaches its tools over HTTP: use --tool-transport http "
                                   "(the default for command agents)")
        tool_transport = "http"  # the process gets the MCP URL of its trial's world
        agent_timeout, agent_time_limit = args.agent_timeout, getattr(args, "agent_time_limit", None)
    tool_faults = pick("tool_faults")
    if tool_faults:
        from thinkingbox.engine.faults import parse_faults

        tool_faults = str(parse_faults(str(tool_faults)))   # normalized: one spelling per schedule
        if agent == "command" or agent.startswith("command:"):
            raise ThinkingboxError("--tool-faults: a command agent calls its tools itself, so no fault can be "
                                   "injected; run it without --tool-faults")
    if user == "llm" or user.startswith("llm:") and "user" not in models:
        raise ThinkingboxError("--user llm needs a model: --user llm:MODEL")
    from thinkingbox.models.personas import check_persona

    persona = check_persona(pick("persona", "TB_PERSONA"))
    if persona != "cooperative" and user == "scripted":
        raise ThinkingboxError("--persona applies to the LLM user: add --user llm:MODEL")
    config = RunSettings(agent=agent, user=user, judge=judge, models=models, persona=persona,
                         limits=Limits(int(pick("max_user_turns", None, 10)), int(pick("max_tool_calls", None, 50))),
                         tool_transport=tool_transport, trials=int(pick("trials", None, 1)),
                         concurrency=int(pick("concurrency", None, 16)),
                         label=str(pick("label", None, "") or "").strip(),
                         agent_timeout=agent_timeout, agent_time_limit=agent_time_limit,
                         tool_faults=tool_faults or "")
    domains = pick("domains")
    tasks = pick("tasks")
    output = pick("output")
    return config, (list(domains) if domains else None), (set(tasks) if tasks else None), \
        (Path(output) if output else None)


def recorded_run(path: Path) -> dict[str, Any]:
    """The run header of the run file `tb eval --resume RUN` continues."""
    from thinkingbox.reporting.records import read_run_header

    if not path.is_file():
        raise ThinkingboxError(f"--resume {path}: no such run file; check the path (run files are in runs/)")
    header = read_run_header(path)
    if header is None:
        raise ThinkingboxError(f"--resume {path}: the file has no run header (an old or foreign file); continue it "
                               f"with the command that made it plus --output {path} --resume")
    return header


def served_user(args: Any) -> tuple[str, ModelSettings] | None:
    """`tb serve --user`: the simulated user's spec and settings, configured as `tb eval`'s
    user is (the --user-* flags, then TB_USER_* variables, then the config file's [user]).
    None without --user."""
    if not args.user:
        return None
    from thinkingbox.models.personas import check_persona

    file = read_config_file(args.config)
    settings = ModelSettings()
    name, _, model = args.user.partition(":")
    if model:
        flags = {key: getattr(args, f"user_{key}") for key in
                 ("base_url", "api_key_env", "api_version", "timeout", "max_attempts")}
        flags["params"] = dict(parse_param(p, "--user-param") for p in args.user_param)
        settings.user = model_config("user", model, file, flags)
    elif name == "llm":
        raise ThinkingboxError("--user llm needs a model: --user llm:MODEL")
    settings.persona = check_persona(args.persona)
    if settings.persona != "cooperative" and name != "llm":
        raise ThinkingboxError("--persona applies to the LLM user: --user llm:MODEL")
    return args.user, settings
