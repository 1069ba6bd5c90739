"""Loaded by inspect through the `inspect_ai` entry point: registers the tasks."""
from thinkingbox_inspect import tasks  # noqa: F401
