"""Thinkingbox core: task worlds, tools over MCP, judging, agents, runner and CLI.

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
    "TaskError": "errors", "ThinkingboxError": "errors", "ToolError": "errors",
    "hookimpl": "hookspecs",
    "Check": "judge", "CheckResult": "judge", "Difference": "judge", "TrialOutcome": "judge",
    "DomainInfo": "plugins", "PluginHost": "plugins", "PluginError": "plugins",
    "DomainSpec": "spec", "table_base": "spec", "tables_of": "spec",
    "read_tool": "tools", "write_tool": "tools",
    "FreeText": "world", "World": "world", "iso": "world", "parse_time": "world",
}
__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'thinkingbox' has no attribute {name!r}")
