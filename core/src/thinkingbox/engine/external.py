"""External agents: `tb eval --agent command:CMD` runs an agent process per trial.

The process (CMD split as a shell would, but run without one) gets the MCP URL of its
trial's own world and talks to the simulated user through the harness, one JSON object
per line (docs/external-agents.md):

    harness -> agent (stdin)
      {"type": "start", "protocol": 1, "mcp_url": ..., "mcp_headers": {...},
       "system_prompt": ..., "message": <the opening request>, "domain": ..., "task": ..., "trial": N}
      {"type": "user", "message": <the user's reply>}
      {"type": "end", "reason": <finish reason>}
    agent -> harness (stdout)
      {"type": "message", "content": <to the user>, "end": false}   ("end": true = the end tool)
      {"type": "log", ...}                                           (ignored)

Its tool calls are recorded as the MCP server runs them (interfaces.serve.CallRecorder),
the conversation follows run_episode's rules (engine.episode.Conversation). A process
that stays silent longer than the timeout, exits before the conversation ends, or writes
something that is not the protocol ends the trial in an error that says so, with the end
of its stderr.
"""
from __future__ import annotations

import asyncio
import shlex
from typing import Any

import orjson

from thinkingbox.engine.episode import ERROR, Conversation, ConversationOver, EpisodeResult
from thinkingbox.errors import ThinkingboxError

PROTOCOL_VERSION = 1
STDERR_KEPT = 4000        # characters of the process's stderr kept for the record's error
LINE_LIMIT = 4_000_000    # bytes in one protocol line
EXIT_GRACE = 5.0          # seconds the process has to exit after {"type": "end"}


class CommandAgent:
    """An agent that is a process speaking the JSON-lines protocol above."""

    external = True  # run_trial gives it the MCP URL instead of tools to call

    def __init__(self, command: str, timeout: float = 600.0):
        try:
            self.argv = shlex.split(command)
        except ValueError as exc:
            raise ThinkingboxError(f"--agent command:CMD: cannot split {command!r}: {exc}") from None
        if not self.argv:
            raise ThinkingboxError("the command agent needs a command: --agent command:CMD")
        self.name = f"command:{command}"
        self.timeout = timeout

    async def run(self, conversation: Conversation, start: dict[str, Any]) -> EpisodeResult:
        """Run the process for one trial; it ends with the conversation, killed if need be."""
        try:
            process = await asyncio.create_subprocess_exec(
                *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, limit=LINE_LIMIT)
        except OSError as exc:
            conversation.finish(ERROR, f"agent process: cannot start {self.argv[0]!r}: {exc.strerror or exc}")
            return conversation.result()
        stderr = bytearray()
        stderr_task = asyncio.create_task(_collect(process.stderr, stderr))
        try:
            await self._talk(process, conversation, start, stderr)
        finally:
            await _stop(process)
            await asyncio.gather(stderr_task, return_exceptions=True)
        return conversation.result()

    async def _talk(self, process: Any, conversation: Conversation, start: dict[str, Any], stderr: bytearray) -> None:
        def fail(why: str) -> None:
            from thinkingbox.secrets import redact

            if process.returncode is None:  # a process that broke the protocol gets no grace period
                process.kill()
            tail = stderr.decode("utf-8", "replace")[-STDERR_KEPT:].strip()
            conversation.finish(ERROR, redact(f"agent process: {why}" + (f"; its stderr ends: {tail}" if tail else "")))

        if not await _send(process, {"type": "start", "protocol": PROTOCOL_VERSION, **start}):
            await process.wait()
            fail(f"exited with status {process.returncode} before reading its start message")
            return
        line_task: asyncio.Task | None = None
        ended = asyncio.create_task(conversation.ended.wait())
        try:
            while conversation.finish_reason is None:
                line_task = line_task or asyncio.create_task(process.stdout.readline())
                done, _ = await asyncio.wait({line_task, ended}, timeout=self.timeout,
                                             return_when=asyncio.FIRST_COMPLETED)
                if ended in done:   # ended at the tool server (the action cap)
                    break
                if not done:
                    fail(f"sent nothing for {self.timeout:g} s (timeout); it was killed")
                    return
                try:
                    line = line_task.result()
                except ValueError:  # over the line limit
                    fail(f"wrote a line over {LINE_LIMIT} bytes")
                    return
                line_task = None
                if not line:
                    await process.wait()
                    fail(f"exited with status {process.returncode} before the conversation ended")
                    return
                if not line.strip():
                    continue
                try:
                    message = orjson.loads(line)
                except orjson.JSONDecodeError:
                    fail(f"wrote a line that is not JSON: {line[:200].decode('utf-8', 'replace')!r}")
                    return
                kind = message.get("type") if isinstance(message, dict) else None
                if kind == "log":
                    continue
                content, end = (message.get("content"), message.get("end", False)) if kind == "message" else (0, 0)
                if not isinstance(content, str) or not isinstance(end, bool):
                    got = line[:200].decode("utf-8", "replace")
                    fail('wrote something that is not a protocol message: expected {"type": "message", '
                         f'"content": "..."}} or {{"type": "log"}}, got {got!r}')
                    return
                try:
                    reply = await conversation.agent_message(content, end)
                except ConversationOver:
                    break
                except Exception:  # the simulated user failed: the conversation holds the error
                    break
                if reply is not None:
                    await _send(process, {"type": "user", "message": reply})
            await _send(process, {"type": "end", "reason": conversation.finish_reason})
        finally:
            ended.cancel()
            if line_task is not None:
                line_task.cancel()


async def _send(process: Any, message: dict[str, Any]) -> bool:
    """Write one protocol line; False when the process no longer reads."""
    try:
        process.stdin.write(orjson.dumps(message) + b"\n")
        await process.stdin.drain()
        return True
    except (BrokenPipeError, ConnectionResetError):
        return False


async def _collect(stream: Any, into: bytearray) -> None:
    """Read the process's stderr as it comes (a full pipe would block it), keeping the end."""
    while chunk := await stream.read(65536):
        into += chunk
        del into[:max(0, len(into) - 4 * STDERR_KEPT)]


async def _stop(process: Any) -> None:
    """Let the process exit after the end message; kill it if it does not."""
    if process.returncode is None:
        try:
            process.stdin.close()
        except (BrokenPipeError, ConnectionResetError):
            pass
        try:
            await asyncio.wait_for(process.wait(), EXIT_GRACE)
        except asyncio.TimeoutError:
            process.kill()
            await process.wait()
