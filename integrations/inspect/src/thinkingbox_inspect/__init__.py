"""Thinkingbox domains as inspect_ai tasks (see docs/inspect.md)."""
from thinkingbox_inspect.replay import reference_actions, run_actions
from thinkingbox_inspect.tasks import thinkingbox

__all__ = ["reference_actions", "run_actions", "thinkingbox"]
