"""How a trial reaches its world's tools: always through an MCP client session, over an
in-memory connection (the default: no process per trial), stdio (a `tb serve` process
per trial) or streamable HTTP (one in-process server per domain)."""
from __future__ import annotations

import sys
import tempfile
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

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


class TrialTools:
    """One trial's MCP client for its world, over the chosen transport."""

    def __init__(self, domain: Domain, task_id: str, world: World, transport: str, http_server: Any = None,
                 sessions: SessionPool | None = None):
        from mcp import Client

        self.domain, self.http_server, self.sessions = domain, http_server, sessions
        self.token: Any = None
        self.report: Path | None = None
        self.client: Any = None   # None: a session lent by the pool
        if transport == "http":
            self.client, self.token = http_server.client(world)
        elif transport == "stdio":
            self.report = Path(tempfile.mkstemp(prefix="tb-stdio-", suffix=".db")[1])
            self.client = stdio_client(domain, task_id, str(self.report))
        else:
            bind_world(world)  # this trial's context only: its MCP sessions see this world
            if sessions is None:
                self.client = Client(domain.server, cache=domain.client_cache())

    @asynccontextmanager
    async def session(self) -> AsyncIterator[tuple[Any, list[dict[str, Any]]]]:
        """(client, tool listing) for the trial: its own client's, or a pooled session's."""
        if self.client is None:
            assert self.sessions is not None
            async with self.sessions.lend(self.domain) as lease:
                yield lease.client, lease.tools()
            return
        async with self.client as client:
            listed = await client.list_tools()
            yield client, [tool_dict(t) for t in listed.tools]

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
