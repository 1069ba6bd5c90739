"""What a run keeps from one trial to the next: in-memory MCP sessions (SessionPool) and
task worlds (WorldPool).

Opening a session to a domain's in-process MCP server (protocol negotiation, the tool
listing, and closing it again) costs about 2 ms of CPU, as much as all the tool calls of an
oracle trial. A run therefore keeps its sessions open and lends each to one trial at a time.

Nothing of a trial travels with a reused session:
- the world: the in-process MCP dispatch runs the server's tool handler in the calling
  trial's own task, where `bind_world` put that trial's world; the session holds none;
- the tool listing: each trial gets its own copy (see `Lease.tools`);
- a trial that raised: its session is closed, never lent again.

Worlds: see WorldPool.
"""
from __future__ import annotations

import asyncio
import contextvars
import logging
import sqlite3
from collections import OrderedDict
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, AsyncIterator

import orjson

if TYPE_CHECKING:
    from thinkingbox.engine.domain import Domain, TaskWorld
    from thinkingbox.contract.world import World

log = logging.getLogger("thinkingbox.sessions")


class _Context:
    """What the server's request handler gets to know about one inbound request: no
    transport metadata, no back-channel for server-initiated requests (the 2026 protocol
    has none); notifications go back to the client session."""

    __slots__ = ("request_id", "_dispatcher", "_on_progress", "_cancel")
    can_send_request = False
    message_metadata = None

    def __init__(self, dispatcher: _InProcessDispatcher, request_id: Any, on_progress: Any) -> None:
        self.request_id = request_id
        self._dispatcher = dispatcher
        self._on_progress = on_progress
        self._cancel: Any = None

    @property
    def transport(self) -> Any:
        return self._dispatcher.transport

    @property
    def cancel_requested(self) -> Any:
        import anyio

        if self._cancel is None:
            self._cancel = anyio.Event()
        return self._cancel

    async def send_raw_request(self, method: str, params: Any, opts: Any = None) -> dict[str, Any]:
        from mcp.shared.exceptions import NoBackChannelError

        raise NoBackChannelError(method)

    async def notify(self, method: str, params: Any, opts: Any = None) -> None:
        await self._dispatcher.deliver(method, params)

    async def progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        if self._on_progress is not None:
            await self._on_progress(progress, total, message)


class _InProcessDispatcher:
    """The client end of an in-process MCP connection (an mcp `Dispatcher`): each request
    goes to the server's handler for in-process 2026 connections (`modern_on_request`, the
    one `mcp.Client` uses), awaited in the calling task, with errors mapped as on the wire.

    mcp's own DirectDispatcher does the same but, per request, also opens a timeout scope,
    checks readiness, builds a context holding an event, and yields once to the event loop
    (a workaround for a coverage-tracer bug): about 40 µs a call, a tenth of the cost of an
    oracle trial's tool calls.
    """

    def __init__(self, on_request: Any) -> None:
        from mcp.shared.transport_context import TransportContext

        self.transport = TransportContext(kind="direct", can_send_request=False, headers=None)
        self._on_request = on_request
        self._on_notify: Any = None
        self._intercept: Any = None
        self._next_id = 0
        self._closed: asyncio.Event = asyncio.Event()

    async def send_raw_request(self, method: str, params: Any, opts: Any = None) -> dict[str, Any]:
        import anyio
        import mcp_types
        from mcp.shared.exceptions import MCPError
        from pydantic import ValidationError

        opts = opts or {}
        if self._closed.is_set():
            raise MCPError(code=mcp_types.CONNECTION_CLOSED, message="Connection closed")
        request_id = opts.get("request_id")
        if request_id is None:
            self._next_id += 1
            request_id = self._next_id
        context = _Context(self, request_id, opts.get("on_progress"))
        try:
            if opts.get("timeout") is None:
                return await self._on_request(context, method, params)
            with anyio.fail_after(opts["timeout"]):
                return await self._on_request(context, method, params)
        except MCPError:
            raise
        except ValidationError as exc:
            raise MCPError(code=mcp_types.INVALID_PARAMS, message="Invalid request parameters", data="") from exc
        except TimeoutError:
            raise MCPError(code=mcp_types.REQUEST_TIMEOUT,
                           message=f"Timed out after {opts['timeout']}s waiting for {method!r}") from None
        except Exception:
            log.exception("request handler raised")
            raise MCPError(code=mcp_types.INTERNAL_ERROR, message="Internal server error") from None

    async def notify(self, method: str, params: Any, opts: Any = None) -> None:
        pass  # the 2026 protocol has no client-to-server notifications

    async def deliver(self, method: str, params: Any) -> None:
        """A notification from the server, to the client session."""
        from mcp.shared.dispatcher import run_notify_intercept

        if self._on_notify is None or self._closed.is_set() or run_notify_intercept(self._intercept, method, params):
            return
        await self._on_notify(_Context(self, None, None), method, params)

    async def run(self, on_request: Any, on_notify: Any, on_notify_intercept: Any = None, *,
                  task_status: Any = None) -> None:
        # `on_request` is for server-initiated requests, which this connection never carries.
        self._on_notify, self._intercept = on_notify, on_notify_intercept
        if task_status is not None:
            task_status.started()
        try:
            await self._closed.wait()
        finally:
            self._closed.set()

    def close(self) -> None:
        self._closed.set()


class _Kept:
    """One open session, held by a task of its own, so that whichever trial's task uses it,
    it is opened and closed in one task (as the MCP client's task group requires)."""

    def __init__(self, domain: Domain, listings: dict[str, bytes]) -> None:
        self.domain = domain
        self._listings = listings
        self.client: Any = None
        self.tools_json = b""
        self._opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._closing = asyncio.Event()
        # An empty context: the keeper must not hold on to the world of the trial that
        # happened to open it (tool calls never run here anyway; see the module doc).
        self.task = asyncio.create_task(self._keep(), context=contextvars.Context())

    async def _keep(self) -> None:
        from thinkingbox.engine.domain import tool_dict

        import mcp_types
        from mcp.client.session import ClientSession
        from mcp.server.runner import modern_on_request
        from mcp_types.version import LATEST_MODERN_VERSION

        # The in-process connection mcp.Client makes for a server object, less the
        # per-request overhead of its DirectDispatcher (see _InProcessDispatcher).
        server = self.domain.server._lowlevel_server  # as mcp.Client unwraps an MCPServer
        try:
            async with server.lifespan(server) as lifespan_state:
                dispatcher = _InProcessDispatcher(modern_on_request(server, lifespan_state))
                async with ClientSession(dispatcher=dispatcher) as session:
                    discovered = await session.send_discover(LATEST_MODERN_VERSION)
                    session.adopt(mcp_types.DiscoverResult.model_validate(discovered))
                    # Listed by the first session of the pool only: every session talks to
                    # the domain's one server object, whose tools are fixed once built (and
                    # at high concurrency hundreds of sessions open, each listing tens of
                    # tools through the protocol's validation). One copy of the listing.
                    if self.domain.name not in self._listings:
                        listed = await session.list_tools()
                        self._listings[self.domain.name] = orjson.dumps([tool_dict(t) for t in listed.tools])
                        del listed  # (the typed listing is a few hundred KB)
                    self.tools_json = self._listings[self.domain.name]
                    del discovered
                    self.client = session
                    self._opened.set_result(None)
                    await self._closing.wait()
                    dispatcher.close()
        except BaseException as exc:
            if not self._opened.done():
                self._opened.set_exception(exc)
                return  # the error reaches the trial that asked for the session
            raise

    async def opened(self) -> _Kept:
        await self._opened
        return self

    def close(self) -> None:
        self._closing.set()


class Lease:
    """A session lent to one trial: the client, and the tools as the session listed them."""

    def __init__(self, kept: _Kept) -> None:
        self.client = kept.client
        self._kept = kept

    def tools(self) -> list[dict[str, Any]]:
        # A fresh copy per trial: an agent that changed its tool list or a schema in it
        # would otherwise change them for every later trial.
        return orjson.loads(self._kept.tools_json)


class SessionPool:
    """Open sessions to the domains' in-memory MCP servers, lent to one trial at a time.
    Use within one event loop, and `aclose` it at the end of the run."""

    def __init__(self) -> None:
        self._idle: dict[str, list[_Kept]] = {}
        self._open: set[_Kept] = set()
        self._listings: dict[str, bytes] = {}
        self.opened = 0  # sessions opened so far

    @asynccontextmanager
    async def lend(self, domain: Domain) -> AsyncIterator[Lease]:
        idle = self._idle.setdefault(domain.name, [])
        kept = idle.pop() if idle else None
        if kept is None:
            kept = _Kept(domain, self._listings)
            self._open.add(kept)
            kept.task.add_done_callback(lambda _: self._open.discard(kept))
            self.opened += 1
            try:
                await kept.opened()
            except BaseException:
                kept.close()
                raise
        try:
            yield Lease(kept)
        except BaseException:
            kept.close()  # a failed trial's session is never lent again
            raise
        idle.append(kept)

    async def aclose(self) -> None:
        """Close every session (those of failed trials are closing already)."""
        kept = list(self._open)
        for k in kept:
            k.close()
        self._idle.clear()
        await asyncio.gather(*(k.task for k in kept), return_exceptions=True)


class WorldPool:
    """SQLite connections kept for the worlds of later trials of the same domain.

    A trial's world is a byte-exact clone of its task's template, deserialized into a
    connection. Into a new connection this costs about 0.5 ms per trial (opening and
    closing it, and reading the schema and preparing each statement afresh); into a kept
    one of the same domain (same schema, so its prepared statements stay valid) almost
    nothing. The database is replaced whole, as on a new connection, so a world is as
    exact as before; a connection is kept only while nothing outside the database differs
    from a new one that the World API could have changed: no transaction left open, no
    temporary tables, the default Python-level settings. At most `max_idle` connections
    wait; the least recently returned are closed first. Few are needed (a trial that ends
    is followed at once by the next one of its worker), and a kept connection grows to a
    few MB (its statement and page caches fill with what many tasks used), so few are kept.
    """

    def __init__(self, max_idle: int = 4) -> None:
        self.max_idle = max_idle
        self._idle: OrderedDict[sqlite3.Connection, str] = OrderedDict()  # -> domain; oldest first
        self._by_domain: dict[str, list[sqlite3.Connection]] = {}
        self.reused = 0  # worlds made in a kept connection

    def take(self, domain: Domain, task_world: TaskWorld) -> World:
        from thinkingbox.contract.world import World

        idle = self._by_domain.get(domain.name)
        while idle:
            conn = idle.pop()
            del self._idle[conn]
            try:
                conn.deserialize(task_world.template)
            except sqlite3.Error:
                conn.close()
                continue
            self.reused += 1
            return World(domain.schema, domain.info.now, conn)
        return domain.new_world(task_world)

    def give_back(self, domain: Domain, world: World) -> None:
        """Take a trial's world back (after its final snapshot); never use it again."""
        conn = world.conn
        try:
            fit = (not conn.in_transaction and conn.row_factory is None and conn.text_factory is str
                   and conn.isolation_level is None
                   and conn.execute("SELECT count(*) FROM temp.sqlite_master").fetchone()[0] == 0)
        except sqlite3.Error:
            fit = False
        if not fit:
            conn.close()
            return
        self._by_domain.setdefault(domain.name, []).append(conn)
        self._idle[conn] = domain.name
        while len(self._idle) > self.max_idle:
            oldest, name = self._idle.popitem(last=False)
            self._by_domain[name].remove(oldest)
            oldest.close()

    def close(self) -> None:
        for conn in self._idle:
            conn.close()
        self._idle.clear()
        self._by_domain.clear()
