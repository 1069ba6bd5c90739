"""How a trial reaches its world's tools, all through the domain's MCP server:
- direct (the default): each call goes to the server's tool in this process, as an
  in-memory MCP session delivers it, less the session's JSON-RPC layers
  (`Domain.call_tool`);
- memory: an MCP client session over an in-memory connection (no process per trial);
- stdio: a `tb serve` process per trial;
- http: streamable HTTP, one in-process server per domain.
The agent sees the same tool listing and the same observations over each."""
from __future__ import annotations

import sys
import tempfile
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

import orjson

from thinkingbox.engine.domain import Domain, tool_dict
from thinkingbox.engine.sessions import SessionPool
from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.contract.tools import bind_world
from thinkingbox.contract.world import World


def stdio_client(domain: Domain, task_id: str, report: str) -> Any:
    """A client of a `tb serve` process for the task; it writes its final world to `report`."""
    from mcp import Client, StdioServerParameters

    args = ["-m", "thinkingbox.interfaces.cli", "serve", "--domain", domain.name, "--task", task_id,
            "--transport", "stdio", "--report", report]
    return Client(StdioServerParameters(command=sys.executable, args=args))


CallTool = Callable[[str, dict[str, Any]], Awaitable[tuple[str, bool]]]


class TrialTools:
    """One trial's tools for its world, over the chosen transport."""

    def __init__(self, domain: Domain, task_id: str, world: World, transport: str, http_server: Any = None,
                 sessions: SessionPool | None = None):
        self.domain, self.http_server, self.sessions = domain, http_server, sessions
        self.token: Any = None
        self.report: Path | None = None
        self.client: Any = None   # None: a session lent by the pool, or direct calls
        self.direct = transport == "direct"
        if transport == "http":
            self.client, self.token = http_server.client(world)
        elif transport == "stdio":
            self.report = Path(tempfile.mkstemp(prefix="tb-stdio-", suffix=".db")[1])
            self.client = stdio_client(domain, task_id, str(self.report))
        else:
            bind_world(world)  # this trial's context only: its tool calls see this world
            if sessions is None and not self.direct:
                from mcp import Client  # (imported only here: it takes a worker process a second)

                self.client = Client(domain.server, cache=domain.client_cache())

    @asynccontextmanager
    async def session(self, shared: bool = False) -> AsyncIterator[tuple[CallTool, list[dict[str, Any]]]]:
        """(call_tool, tool listing) for the trial: direct calls, its own client's, or a
        pooled session's. `call_tool(name, arguments)` gives (text, is_error). `shared`:
        the caller only reads the listing (direct calls then give the domain's own)."""
        if self.direct:
            # A fresh copy of the listing per trial unless the agent only reads it: one that
            # changed its tool list or a schema in it would change them for every later trial.
            if shared:
                listing = await self.domain.shared_tool_listing()
            else:
                listing = orjson.loads(await self.domain.tool_listing_json())
            yield self.domain.call_tool, listing
            return
        if self.client is None:
            assert self.sessions is not None
            async with self.sessions.lend(self.domain) as lease:
                yield _session_call(lease.client), lease.tools()
            return
        async with self.client as client:
            listed = await client.list_tools()
            yield _session_call(client), [tool_dict(t) for t in listed.tools]

    def served_world(self) -> World | None:
        """Over stdio, the final world the server wrote on exit (None otherwise)."""
        if self.report is None:
            return None
        data = self.report.read_bytes()  # written whole or not at all (serve_stdio renames it into place)
        if not data:
            raise ThinkingboxError("the stdio tool server ended without writing its final world (killed?)")
        return World.from_bytes(self.domain.schema, data, self.domain.info.now)

    async def release(self) -> None:
        if self.token is not None:
            await self.http_server.release(self.token)
        if self.report is not None:
            self.report.unlink(missing_ok=True)


def result_text(result: Any) -> str:
    """The text an agent sees of an MCP tool result: its text parts, one per line."""
    return "\n".join(getattr(c, "text", "") for c in result.content if getattr(c, "text", None) is not None)


def _session_call(client: Any) -> CallTool:
    async def call_tool(name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
        result = await client.call_tool(name, arguments)
        return result_text(result), bool(result.is_error)

    return call_tool
