"""Thinkingbox core: task worlds, tools over MCP, judging, agents, runner and CLI.

Layers, top to bottom (docs/architecture.md; enforced by the import contracts in
pyproject.toml): interfaces/ and testing (the CLI, `tb serve`, play, the viewer, gym) ->
trials (the public trial facade: RunSettings, run_one, run_many) -> engine/ (discovery, the
domain runtime, trials, judging, scheduling, workers, quality gate) -> reporting/ (records,
metrics, reports) -> models/ (model calls, agents, simulated users, the model judge) ->
readers/ (what messages assert) -> kit/ (optional domain helpers) -> contract/ (what a
domain plugin touches: DomainSpec, hooks, World, tools, tasks, checks, vocabulary).

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
    "TaskError": "contract.errors", "ThinkingboxError": "contract.errors", "ToolError": "contract.errors",
    "PluginError": "contract.errors",
    "hookimpl": "contract.hookspecs",
    "Check": "contract.checks", "CheckResult": "contract.checks", "Difference": "contract.checks",
    "TrialOutcome": "contract.checks",
    "DomainInfo": "contract.spec", "DomainSpec": "contract.spec", "table_base": "contract.spec",
    "tables_of": "contract.spec", "FactKind": "contract.facts",
    "read_tool": "contract.tools", "write_tool": "contract.tools",
    "Vocabulary": "contract.vocabulary", "DecisionKind": "contract.vocabulary", "NeverTell": "contract.vocabulary",
    "CORE_VOCABULARY": "contract.vocabulary",
    "FreeText": "contract.world", "World": "contract.world", "iso": "contract.world", "parse_time": "contract.world",
    "PluginHost": "engine.discovery",
}
__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'thinkingbox' has no attribute {name!r}")
