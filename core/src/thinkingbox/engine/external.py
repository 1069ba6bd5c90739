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

Its tool calls are recorded as the MCP server runs them (engine.http_tools.CallRecorder),
the conversation follows run_episode's rules (engine.episode.Conversation). A process
that sends no message for the silence timeout (log lines do not count), runs past the
trial's time limit, exits before the conversation ends, or writes something that is not
the protocol ends the trial in an error that says so, with the end of its stderr.

Processes (issue 33). The agent runs in a session of its own, so its process group holds
it and every child it starts (unless a child leaves the group on purpose, with setsid).
Whatever ends the trial (the conversation's end, a timeout, a protocol error, Ctrl-C or
any other cancellation), the whole group is ended: SIGTERM, a short grace, SIGKILL. The
harness never waits on the pipes for longer than a grace period (a grandchild may hold
them open after the agent is gone; asyncio's `Process.wait()` would wait for it, so exits
are watched through the return code instead). Groups still running when this process
exits (atexit) or is sent SIGTERM are killed too; a worker process (engine.workers) tells its
parent of each group, so that the parent kills them if the worker is killed outright. Ctrl-C in a terminal reaches only the
harness: the trials in flight are cancelled, not recorded, and run again on `--resume`.
"""
from __future__ import annotations

import asyncio
import atexit
import os
import shlex
import signal
import threading
from typing import Any, Callable, Iterable

import orjson

from thinkingbox.engine.episode import ERROR, Conversation, ConversationOver, EpisodeResult
from thinkingbox.contract.errors import ThinkingboxError

PROTOCOL_VERSION = 1
STDERR_KEPT = 4000        # characters of the process's stderr kept for the record's error
LINE_LIMIT = 4_000_000    # bytes in one protocol line
EXIT_GRACE = 5.0          # seconds the process has to exit after {"type": "end"}
TERM_GRACE = 1.0          # seconds the process group has between SIGTERM and SIGKILL
PIPE_GRACE = 1.0          # seconds the pipes are read once the process group is ended
DEFAULT_TIMEOUT = 600.0   # seconds without a message (--agent-timeout)
DEFAULT_TIME_LIMIT = 3600.0  # seconds one trial's agent may run in all (--agent-time-limit)

TRACEBACK_HEAD = "Traceback (most recent call last):"
STDERR_MARK = "; its stderr ends: "  # in a failed agent's error, what comes after is the end of its stderr


def exception_line(text: str) -> str | None:
    """The exception line of the last Python traceback in `text` ("ValueError: bad input"),
    or None when `text` holds none. A one-line summary of an error keeps this line, not the
    "Traceback (most recent call last):" that comes first. The frames are indented lines
    (`  File "...", line N`); the first line after them that is not indented is what was
    raised. A traceback whose header was cut off (the end of a long stderr) is found by its
    frames."""
    at = max(text.rfind(TRACEBACK_HEAD), text.rfind('\n  File "'))
    if at < 0:
        return None
    for line in text[at:].splitlines()[1:]:
        if line.strip() and not line[:1].isspace():
            return line.strip()[:300]
    return None


_groups: set[int] = set()     # process groups of agent processes this process has started and not ended
_groups_lock = threading.Lock()
_watchers: list[Callable[[int, bool], None]] = []


def watch_groups(watcher: Callable[[int, bool], None]) -> None:
    """Call `watcher(group, True)` when an agent's process group starts in this process and
    `watcher(group, False)` once it is ended: a worker process tells its parent, which kills
    the groups of a worker that died without ending them (engine.workers)."""
    _watchers.append(watcher)


def _tell(group: int, running: bool) -> None:
    for watcher in _watchers:
        try:
            watcher(group, running)
        except Exception:  # (a parent gone: nobody left to tell)
            pass


def kill_groups(groups: Iterable[int]) -> None:
    """SIGKILL these process groups (those still running)."""
    for group in groups:
        _signal_group(group, signal.SIGKILL)


def kill_all_groups() -> None:
    """SIGKILL every agent process group still running (at exit, on SIGTERM, when a worker
    process ends because its parent is gone)."""
    with _groups_lock:
        groups = list(_groups)
        _groups.clear()
    kill_groups(groups)


atexit.register(kill_all_groups)


def _on_sigterm(signum: int, frame: Any) -> None:
    kill_all_groups()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)  # then end as SIGTERM would have ended this process


def _guard_sigterm() -> None:
    """A process killed with SIGTERM (a worker ended by its parent, `kill PID`) runs no atexit
    handler: kill the agent groups first. Only where nothing else handles SIGTERM, and only
    from the main thread (elsewhere, e.g. in a Ray actor's thread, atexit is all there is)."""
    try:
        if signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, None):
            signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:  # not the main thread
        pass


def _signal_group(group: int, signum: int) -> bool:
    """Send a signal to a process group; False when no process is left in it."""
    try:
        os.killpg(group, signum)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:  # a member that changed its user: nothing more we can do
        return True


class CommandAgent:
    """An agent that is a process speaking the JSON-lines protocol above."""

    external = True  # run_trial gives it the MCP URL instead of tools to call

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT, time_limit: float = DEFAULT_TIME_LIMIT):
        try:
            self.argv = shlex.split(command)
        except ValueError as exc:
            raise ThinkingboxError(f"--agent command:CMD: cannot split {command!r}: {exc}") from None
        if not self.argv:
            raise ThinkingboxError("the command agent needs a command: --agent command:CMD")
        self.name = f"command:{command}"
        self.timeout = timeout
        self.time_limit = time_limit

    async def run(self, conversation: Conversation, start: dict[str, Any]) -> EpisodeResult:
        """Run the process for one trial; it ends with the conversation, its group killed if
        need be."""
        loop = asyncio.get_running_loop()
        try:
            process = await asyncio.create_subprocess_exec(
                *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, limit=LINE_LIMIT, start_new_session=True)
        except OSError as exc:
            conversation.finish(ERROR, f"agent process: cannot start {self.argv[0]!r}: {exc.strerror or exc}")
            return conversation.result()
        group = process.pid  # a session leader: its group's id is its pid
        with _groups_lock:
            _groups.add(group)
        _tell(group, True)
        _guard_sigterm()
        stderr = bytearray()
        stderr_task = asyncio.create_task(_collect(process.stderr, stderr))
        polite = False
        try:
            polite = await self._talk(process, conversation, start, stderr, loop.time() + self.time_limit)
        finally:
            await _end(process, group, stderr_task, polite)
        return conversation.result()

    async def _talk(self, process: Any, conversation: Conversation, start: dict[str, Any], stderr: bytearray,
                    limit_at: float) -> bool:
        """The conversation; True when it ended as the protocol says (the process gets the
        end message and time to exit), False when the process failed it (its group is ended
        at once, see _end)."""
        loop = asyncio.get_running_loop()

        def fail(why: str) -> bool:
            from thinkingbox.secrets import redact

            kept = stderr.decode("utf-8", "replace")
            tail = kept[-STDERR_KEPT:].strip()
            raised = exception_line(kept)
            if raised:  # what was raised first, where a one-line summary keeps it
                why = f"{why} ({raised})"
            conversation.finish(ERROR, redact(f"agent process: {why}" + (f"{STDERR_MARK}{tail}" if tail else "")))
            return False

        def over_time() -> bool:
            return fail(f"ran longer than the trial's time limit of {self.time_limit:g} s (--agent-time-limit); "
                        "its process group was killed")

        def silent() -> bool:
            return fail(f"sent no message for {self.timeout:g} s (--agent-timeout), log lines do not count; "
                        "its process group was killed")

        sent = await _send(process, {"type": "start", "protocol": PROTOCOL_VERSION, **start},
                           min(self.timeout, limit_at - loop.time()))
        if sent is None:
            return silent() if limit_at - loop.time() > self.timeout else over_time()
        if not sent:
            return fail(f"{await _exit_status(process)} before reading its start message")
        line_task: asyncio.Task | None = None
        ended = asyncio.create_task(conversation.ended.wait())
        try:
            waiting_since = loop.time()  # since the harness waits for a message (the user's time does not count)
            while conversation.finish_reason is None:
                silence_at = waiting_since + self.timeout
                left = min(silence_at, limit_at) - loop.time()
                if left <= 0:  # (checked before reading: a flood of log lines never reaches the wait below)
                    return silent() if silence_at < limit_at else over_time()
                line_task = line_task or asyncio.create_task(process.stdout.readline())
                done, _ = await asyncio.wait({line_task, ended}, timeout=left, return_when=asyncio.FIRST_COMPLETED)
                if ended in done:   # ended at the tool server (the action cap)
                    break
                if not done:
                    continue  # the deadline: the check above says which
                try:
                    line = line_task.result()
                except ValueError:  # over the line limit
                    return fail(f"wrote a line over {LINE_LIMIT} bytes")
                line_task = None
                if not line:
                    return fail(f"{await _exit_status(process)} before the conversation ended")
                if not line.strip():
                    continue
                try:
                    message = orjson.loads(line)
                except orjson.JSONDecodeError:
                    return fail(f"wrote a line that is not JSON: {line[:200].decode('utf-8', 'replace')!r}")
                kind = message.get("type") if isinstance(message, dict) else None
                if kind == "log":
                    continue  # (the silence timeout keeps running)
                content, end = (message.get("content"), message.get("end", False)) if kind == "message" else (0, 0)
                if not isinstance(content, str) or not isinstance(end, bool):
                    got = line[:200].decode("utf-8", "replace")
                    return fail('wrote something that is not a protocol message: expected {"type": "message", '
                                f'"content": "..."}} or {{"type": "log"}}, got {got!r}')
                try:
                    reply = await conversation.agent_message(content, end)
                except ConversationOver:
                    break
                except Exception:  # the simulated user failed: the conversation holds the error
                    break
                if reply is not None:
                    sent = await _send(process, {"type": "user", "message": reply},
                                       min(self.timeout, limit_at - loop.time()))
                    if sent is None:
                        return silent() if limit_at - loop.time() > self.timeout else over_time()
                    if not sent:
                        return fail(f"{await _exit_status(process)} before the conversation ended")
                waiting_since = loop.time()
            await _send(process, {"type": "end", "reason": conversation.finish_reason}, EXIT_GRACE)
            return True
        finally:
            ended.cancel()
            if line_task is not None:
                line_task.cancel()


async def _send(process: Any, message: dict[str, Any], timeout: float) -> bool | None:
    """Write one protocol line; False when the process no longer reads, None when it did not
    take the line within `timeout` seconds (a full pipe it does not read)."""
    try:
        process.stdin.write(orjson.dumps(message) + b"\n")
        await asyncio.wait_for(process.stdin.drain(), max(timeout, 0.001))
        return True
    except (BrokenPipeError, ConnectionResetError):
        return False
    except asyncio.TimeoutError:
        return None


async def _exited(process: Any, timeout: float) -> bool:
    """Wait up to `timeout` seconds for the process itself to exit. Its return code is set
    as soon as it is reaped; `process.wait()` would also wait until every process holding
    its pipes (a child it left behind) is gone."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while process.returncode is None and loop.time() < deadline:
        await asyncio.sleep(0.02)
    return process.returncode is not None


async def _exit_status(process: Any) -> str:
    """How the process ended, for an error: 'exited with status N', or that it closed its
    output while still running (or while a child of it holds the pipe)."""
    if await _exited(process, PIPE_GRACE):
        code = process.returncode
        return f"was killed by signal {-code}" if code < 0 else f"exited with status {code}"
    return "closed its input and output without exiting"


async def _collect(stream: Any, into: bytearray) -> None:
    """Read the process's stderr as it comes (a full pipe would block it), keeping the end."""
    while chunk := await stream.read(65536):
        into += chunk
        del into[:max(0, len(into) - 4 * STDERR_KEPT)]


async def _end(process: Any, group: int, stderr_task: asyncio.Task, polite: bool) -> None:
    """End the trial's processes: after the end message the process has EXIT_GRACE seconds
    to exit by itself; then whatever is left of its group gets SIGTERM, TERM_GRACE seconds
    and SIGKILL. The pipes are read for at most PIPE_GRACE seconds more, then closed.
    Also runs when the trial is cancelled (Ctrl-C), so it never waits long."""
    loop = asyncio.get_running_loop()
    try:
        if polite and process.returncode is None:
            try:
                process.stdin.close()
            except (BrokenPipeError, ConnectionResetError):
                pass
            await _exited(process, EXIT_GRACE)
        if _signal_group(group, signal.SIGTERM):
            deadline = loop.time() + TERM_GRACE
            while loop.time() < deadline and _signal_group(group, 0):
                await asyncio.sleep(0.02)
            _signal_group(group, signal.SIGKILL)
        await _exited(process, PIPE_GRACE)
        await asyncio.wait({stderr_task}, timeout=PIPE_GRACE)
    finally:
        _signal_group(group, signal.SIGKILL)  # (cancelled in the middle of the above: no grace left)
        with _groups_lock:
            _groups.discard(group)
        _tell(group, False)
        stderr_task.cancel()
        process._transport.close()  # the pipes, even if a process outside the group still holds them
