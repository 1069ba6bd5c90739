"""Errors with messages meant for people (task authors, users) or for the agent."""


class ToolError(Exception):
    """A policy or precondition failure inside a domain tool.

    The message is returned to the agent as an error observation, so write it for the
    agent: say what was wrong and, where it helps, what would be valid.
    """


class ThinkingboxError(Exception):
    """A configuration or usage error shown to the person running `tb` (no traceback)."""


class TaskError(ThinkingboxError):
    """A task file that cannot be loaded, naming the file, the task and the field."""

    def __init__(self, file, task_id, field, message):
        self.file, self.task_id, self.field = str(file), task_id, field
        where = f"{self.file}: task {task_id!r}" if task_id else self.file
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")


class PluginError(ThinkingboxError):
    """A plugin that breaks the plugin contract; the message names the plugin."""
