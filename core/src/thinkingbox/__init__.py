"""Thinkingbox core: task worlds, tools over MCP, judging, agents, runner and CLI.

Layout: the public plugin API at the top (hookspecs, spec, tools, world, tasks, errors,
testing, kit/); engine/ (discovery, the domain runtime, a trial and its transports,
judging, the scheduler, worker processes, the quality gate, replays); models/ (model
calls, agents, users, the rubric judge, prompts, settings); reporting/ (records, metrics,
analysis, reports, comparisons, `tb show`); interfaces/ (the CLI, MCP serving, play).

What a domain plugin needs is importable from here. Names are imported lazily so that
`tb --help` does not pay for sqlmodel, pydantic or mcp.
"""
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version as _version

try:
    __version__ = _version("thinkingbox")
except PackageNotFoundError:  # running from a source tree without installation
    __version__ = "0+unknown"

_EXPORTS = {
    "TaskError": "errors", "ThinkingboxError": "errors", "ToolError": "errors", "PluginError": "errors",
    "hookimpl": "hookspecs",
    "Check": "engine.judge", "CheckResult": "engine.judge", "Difference": "engine.judge",
    "TrialOutcome": "engine.judge",
    "DomainInfo": "engine.domain", "PluginHost": "engine.discovery",
    "DomainSpec": "spec", "table_base": "spec", "tables_of": "spec", "FactKind": "facts",
    "read_tool": "tools", "write_tool": "tools",
    "Vocabulary": "engine.statements", "DecisionKind": "engine.statements", "NeverTell": "engine.statements",
    "CORE_VOCABULARY": "engine.statements",
    "FreeText": "world", "World": "world", "iso": "world", "parse_time": "world",
}
__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'thinkingbox' has no attribute {name!r}")
