"""The MCP-over-HTTP tool app: task worlds per session, the control endpoints, and the
in-process HTTP tool server of `tb eval --tool-transport http` and command agents.

HTTP (streamable): every MCP session gets its own freshly reset world, created at its first
tool call and dropped when the session has been idle for `idle_timeout` seconds. An
external evaluator uses the control endpoints, which are not MCP tools and so never appear
in the agent's tool list. They answer only requests that carry the control token
(`Authorization: Bearer TOKEN`; generated at start and printed, or given), pass the same
Host/Origin checks as /mcp and stay within its body limit, since they hold what the agent
must never see (other sessions, the golden state). docs/security.md has the threat model;
docs/external-agents.md the user endpoints. `tb serve` (interfaces/serve.py) serves this app.

    GET  /control/task                         the served domain, its default task (--task) and task ids
    GET  /control/sessions                     open sessions with a world, each as POST answers it (less
                                               the token): session, domain, task, holder, request, ...
    POST /control/sessions                     {"task": ID, "domain": NAME, "holder": LABEL} (each optional;
                                               the task defaults to --task): a session with a fresh world
                                               of that task and a token scoped to it, and (with --user) a
                                               conversation with the simulated user
    GET  /control/sessions/{id}/opening        the opening request      } control token or
    POST /control/sessions/{id}/messages       {"content": ...} -> reply } the session's token
    POST /control/sessions/{id}/reset          replace the session's world with a fresh one
    GET  /control/sessions/{id}/effects        field-level side effects since the initial state
    GET|POST /control/sessions/{id}/verdict    checks against the golden state; POST
                                               {"final_message": "...", "trajectory": [...]} to judge
                                               what the agent said (rubric questions, typed
                                               checks; the order of messages and calls needs
                                               the trajectory, in the trial record's format); a
                                               session with a conversation is judged whole
"""
from __future__ import annotations

import asyncio
import hmac
import os
import re
import signal
import time
import uuid
from dataclasses import dataclass
from typing import Any, Callable

from thinkingbox.engine.domain import Domain, TaskWorld
from thinkingbox.engine.episode import Conversation, ConversationOver, Limits
from thinkingbox.contract.world import World

WORLD_HEADER = "x-thinkingbox-world"  # in-process runs bind a trial's world to its HTTP session
# Test hook, off by default: when set, SIGUSR1 aborts the in-process HTTP tool server of
# `tb eval --tool-transport http` (every one running in the process), as a crash would.
# Only bench/soak.py sets it.
ABORT_HOOK_ENV = "TB_TEST_ABORT_HTTP_ON_SIGUSR1"


@dataclass
class SessionWorld:
    world: World
    last_used: float
    token: str | None = None         # a session opened through the control plane: its scoped token
    conversation: Conversation | None = None
    task_world: TaskWorld | None = None   # the session's task (None: the server's default task)
    holder: str | None = None        # who holds it: the label given when it was opened


def bearer(headers: Any) -> str | None:
    """The token of an `Authorization: Bearer TOKEN` header (None without one)."""
    scheme, _, given = headers.get("authorization", "").partition(" ")
    return given.strip() if scheme.lower() == "bearer" and given.strip() else None


class SessionWorlds:
    """The worlds of served MCP sessions: one fresh world per session id.

    Plain MCP sessions get a world of the default task (`task_world`, tb serve's --task).
    Sessions opened through the control plane (`POST /control/sessions`) get a world of the
    task they name, any task of the domain, and a token scoped to the session: MCP requests
    that carry it (`Authorization: Bearer TOKEN`) reach that session's world, whatever their
    MCP session id. When the server has a simulated user (`new_user`, called with the task),
    such a session also holds a conversation with it, and its tool calls are recorded there."""

    def __init__(self, domain: Domain, task_world: TaskWorld | None, idle_timeout: float = 600.0,
                 max_worlds: int = 1000, new_user: Callable[[Any], Any] | None = None,
                 limits: Limits | None = None, served: bool = False):
        self.domain, self.task_world = domain, task_world
        self.served = served  # a `tb serve` process (not tb eval's in-process server): errors name its flags
        self.idle_timeout, self.max_worlds = idle_timeout, max_worlds
        self.new_user, self.limits = new_user, limits or Limits()
        self.sessions: dict[str, SessionWorld] = {}
        self.tokens: dict[str, str] = {}   # scoped token -> session id
        self.bound: dict[str, World] = {}  # token -> world, for in-process trials
        self.watched: dict[str, Conversation] = {}  # token -> conversation, for in-process external agents

    def _conversation(self, task_world: TaskWorld) -> Conversation:
        assert self.new_user is not None
        task = task_world.task
        return Conversation(self.new_user(task), task.request, self.limits, self.domain.write_tools)

    def task_world_of(self, entry: SessionWorld) -> TaskWorld | None:
        return entry.task_world or self.task_world

    def open_conversation(self, task_world: TaskWorld | None = None, holder: str | None = None
                          ) -> tuple[str, str] | None:
        """A new session with a fresh world of `task_world` (default: the server's task), a
        conversation when the server has a user, and a scoped token: (session id, token);
        None when the server holds its maximum of worlds."""
        import secrets

        self.cleanup()
        task_world = task_world or self.task_world
        if len(self.sessions) >= self.max_worlds or task_world is None:
            return None
        sid, token = uuid.uuid4().hex, secrets.token_urlsafe(32)
        conversation = self._conversation(task_world) if self.new_user is not None else None
        self.sessions[sid] = SessionWorld(self.domain.new_world(task_world), time.monotonic(), token,
                                          conversation, task_world, holder)
        self.tokens[token] = sid
        return sid, token

    def describe(self, sid: str) -> dict[str, Any]:
        """A session as POST /control/sessions answers it (without its token) and
        GET /control/sessions lists it: the same keys in both."""
        entry = self.sessions[sid]
        tw = self.task_world_of(entry)
        conversation = entry.conversation
        return {"session": sid, "domain": self.domain.name, "task": tw.task.id if tw else None,
                "holder": entry.holder, "request": tw.task.request if tw else None,
                "user": conversation is not None,
                "max_user_turns": self.limits.max_user_turns, "max_tool_calls": self.limits.max_tool_calls,
                "ended": conversation is not None and conversation.finish_reason is not None,
                "finish_reason": conversation.finish_reason if conversation is not None else None,
                "idle_seconds": round(time.monotonic() - entry.last_used, 1)}

    def scoped_session(self, token: str) -> str | None:
        """The session a scoped token belongs to (None: not a scoped token)."""
        for known, sid in self.tokens.items():
            if hmac.compare_digest(known.encode(), token.encode()):
                return sid
        return None

    def conversation_for(self, http_request: Any) -> Conversation | None:
        """The conversation an MCP request's tool calls belong to, if any."""
        headers = http_request.headers if http_request is not None else {}
        token = headers.get(WORLD_HEADER)
        if token is not None:
            return self.watched.get(token)
        given = bearer(headers)
        sid = self.scoped_session(given) if given else None
        entry = self.sessions.get(sid) if sid else None
        return entry.conversation if entry is not None else None

    def resolve(self, ctx: Any) -> World | None:
        http_request = ctx.request_context.request  # the Starlette request (None on stdio)
        headers = http_request.headers if http_request is not None else {}
        token = headers.get(WORLD_HEADER)
        if token is not None:
            return self.bound.get(token)
        given = bearer(headers)
        if given is not None:  # a scoped token (the guard refused any other)
            sid = self.scoped_session(given)
            entry = self.sessions.get(sid) if sid else None
            if entry is None:
                return None
            entry.last_used = time.monotonic()
            return entry.world
        sid = headers.get("mcp-session-id")
        if sid is None:
            return None
        if self.task_world is None and sid not in self.sessions:
            if not self.served:
                return None  # the tool call fails with "no world is bound to this session"
            from mcp.server.mcpserver.exceptions import ToolError as MCPToolError

            raise MCPToolError("this server has no default task (tb serve --task): open a session of a task with "
                               'POST /control/sessions {"task": ID} and send its token as Authorization: Bearer TOKEN')
        entry = self.sessions.get(sid)
        if entry is None:
            assert self.task_world is not None
            self.cleanup()
            if len(self.sessions) >= self.max_worlds:
                return None  # the tool call fails with "no world"; other sessions are untouched
            entry = self.sessions[sid] = SessionWorld(self.domain.new_world(self.task_world), time.monotonic())
        entry.last_used = time.monotonic()
        return entry.world

    def cleanup(self) -> None:
        cutoff = time.monotonic() - self.idle_timeout
        for sid in [s for s, e in self.sessions.items() if e.last_used < cutoff]:
            entry = self.sessions.pop(sid)
            entry.world.close()
            if entry.token is not None:
                self.tokens.pop(entry.token, None)

    def reset(self, sid: str) -> bool:
        """A fresh world for the session (and a new conversation, if it holds one)."""
        entry = self.sessions.get(sid)
        tw = self.task_world_of(entry) if entry is not None else None
        if entry is None or tw is None:
            return False
        entry.world.close()
        conversation = self._conversation(tw) if entry.conversation is not None else None
        self.sessions[sid] = SessionWorld(self.domain.new_world(tw), time.monotonic(), entry.token,
                                          conversation, entry.task_world, entry.holder)
        return True

    def effects(self, sid: str) -> list[dict] | None:
        entry = self.sessions.get(sid)
        tw = self.task_world_of(entry) if entry is not None else None
        if entry is None or tw is None:
            return None
        return [e.to_json() for e in self.domain.side_effects(tw.initial, entry.world.snapshot(tw.initial))]

    async def verdict(self, sid: str, final_message: str | None, judge: Any,
                      trajectory: list[dict[str, Any]] | None = None) -> dict | None:
        entry = self.sessions.get(sid)
        tw = self.task_world_of(entry) if entry is not None else None
        if entry is None or tw is None:
            return None
        conversation = entry.conversation
        if conversation is None or final_message is not None or trajectory is not None:
            return await judge_world(self.domain, tw, entry.world, final_message, judge, trajectory)
        # a conversation with the served user: judged whole, as tb eval judges a trial
        result = await judge_world(self.domain, tw, entry.world, conversation.final_message, judge,
                                   conversation.trajectory, conversation.finish_reason or "open")
        result.update({"ended": conversation.finish_reason is not None, "finish_reason": conversation.finish_reason,
                       "error": conversation.error, "final_message": conversation.final_message,
                       "counts": {"user_turns": conversation.user_turns, "tool_calls": conversation.tool_calls},
                       "trajectory": conversation.trajectory})
        return result


async def judge_world(domain: Domain, tw: TaskWorld, world: World, final_message: str | None, judge: Any,
                      trajectory: list[dict[str, Any]] | None = None, finish_reason: str = "done") -> dict:
    """Run the task's checks on a world; checks on the final message need it to be sent,
    and checks on the order of messages and calls need the conversation (`trajectory`, in
    the trial record's format)."""
    from thinkingbox.engine.verdicts import judge_trial

    verdict = await judge_trial(domain, tw, world.snapshot(tw.initial), trajectory or [], final_message,
                                finish_reason, judge=judge)
    return {"task": tw.task.id, "verdict": verdict.passed, "checks": [c.to_json() for c in verdict.checks]}


class CallRecorder:
    """MCP server middleware: the tool calls of a session that holds a conversation are
    admitted by it (the action cap) and recorded in it with their results, as the server
    returns them: argument errors and unknown tools included."""

    def __init__(self, worlds: SessionWorlds):
        self.worlds = worlds

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        if ctx.method != "tools/call":
            return await call_next(ctx)
        conversation = self.worlds.conversation_for(ctx.request)
        if conversation is None:
            return await call_next(ctx)
        params = ctx.params or {}
        name, arguments = str(params.get("name", "")), params.get("arguments") or {}
        refusal = conversation.admit_call(name, arguments)
        if refusal is not None:
            return {"content": [{"type": "text", "text": refusal}], "isError": True}
        try:
            result = await call_next(ctx)
        except Exception as exc:  # a protocol error: the agent saw an error, so does the record
            conversation.record_call(name, arguments, f"Error: {exc}", True)
            raise
        data = result.model_dump(by_alias=True) if hasattr(result, "model_dump") else (result or {})
        text = "\n".join(c["text"] for c in data.get("content", []) if c.get("type") == "text")
        conversation.record_call(name, arguments, text, bool(data.get("isError")))
        return result


def control_routes(worlds: SessionWorlds, judge: Any) -> list:
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    def missing(sid: str) -> JSONResponse:
        return JSONResponse({"error": f"no session {sid!r} with a world (a world is created at its first tool call)"},
                            status_code=404)

    async def task(request: Request) -> JSONResponse:
        t = worlds.task_world.task if worlds.task_world is not None else None
        return JSONResponse({"domain": worlds.domain.name, "task": t.id if t else None,
                             "request": t.request if t else None, "domain_version": worlds.domain.version,
                             "tasks": sorted(worlds.domain.tasks)})

    async def sessions(request: Request) -> JSONResponse:
        return JSONResponse({"sessions": [worlds.describe(s) for s in list(worlds.sessions)]})

    async def reset(request: Request) -> JSONResponse:
        sid = request.path_params["sid"]
        return JSONResponse({"reset": True}) if worlds.reset(sid) else missing(sid)

    async def effects(request: Request) -> JSONResponse:
        sid = request.path_params["sid"]
        found = worlds.effects(sid)
        return JSONResponse({"effects": found}) if found is not None else missing(sid)

    async def open_session(request: Request) -> JSONResponse:
        body: Any = {}
        if await request.body():
            try:
                body = await request.json()
            except ValueError:
                body = None
        if not isinstance(body, dict) or any(body.get(k) is not None and (not isinstance(body[k], str)
                                                                          or len(body[k]) > 200)
                                             for k in ("task", "domain", "holder")):
            return JSONResponse({"error": 'the body must be empty or JSON: {"task": "TASK ID", "domain": "DOMAIN", '
                                 '"holder": "who holds the session (your agent\'s name)"}, each a string of at most '
                                 '200 characters and optional'}, status_code=400)
        domain_name = body.get("domain") or worlds.domain.name
        if domain_name != worlds.domain.name:
            return JSONResponse({"error": f"this server serves domain {worlds.domain.name!r}, not {domain_name!r}: "
                                 f"one tb serve process serves the tasks of one domain (start another with "
                                 f"--domain {domain_name})"}, status_code=404)
        task_id = body.get("task")
        if task_id:
            if task_id not in worlds.domain.tasks:
                return JSONResponse({"error": f"domain {worlds.domain.name!r} has no task {task_id!r} "
                                     "(GET /control/task lists them)"}, status_code=404)
            task_world = await worlds.domain.prepare(worlds.domain.task(task_id))
        elif worlds.task_world is not None:
            task_world = worlds.task_world
        else:
            return JSONResponse({"error": 'name the task: {"task": "TASK ID"} (this server has no default task, '
                                 "tb serve --task; GET /control/task lists the domain's tasks)"}, status_code=400)
        opened = worlds.open_conversation(task_world, body.get("holder") or None)
        if opened is None:
            return JSONResponse({"error": f"the server holds its maximum of {worlds.max_worlds} sessions"},
                                status_code=503)
        sid, token = opened
        return JSONResponse({**worlds.describe(sid), "token": token})

    def conversation_of(sid: str) -> tuple[Conversation | None, JSONResponse | None]:
        entry = worlds.sessions.get(sid)
        if entry is not None and entry.conversation is None and worlds.new_user is None:
            return None, JSONResponse({"error": "this server has no simulated user: start tb serve with "
                                       "--user scripted or --user llm:MODEL"}, status_code=409)
        if entry is None or entry.conversation is None:
            return None, JSONResponse({"error": f"no session {sid!r} with a conversation "
                                       "(open one with POST /control/sessions)"}, status_code=404)
        entry.last_used = time.monotonic()
        return entry.conversation, None

    async def opening(request: Request) -> JSONResponse:
        conversation, refused = conversation_of(request.path_params["sid"])
        if conversation is None:
            return refused
        return JSONResponse({"message": conversation.request})

    async def messages(request: Request) -> JSONResponse:
        conversation, refused = conversation_of(request.path_params["sid"])
        if conversation is None:
            return refused
        try:
            body = await request.json()
        except ValueError:
            body = None
        content = body.get("content") if isinstance(body, dict) else None
        end = body.get("end", False) if isinstance(body, dict) else False
        if not isinstance(content, str) or not isinstance(end, bool):
            return JSONResponse({"error": 'the body must be JSON: {"content": "your message to the user"} '
                                 '(and "end": true to end the conversation, as the end tool does)'}, status_code=400)
        try:
            reply = await conversation.agent_message(content, end)
        except ConversationOver as exc:
            return JSONResponse({"error": str(exc), "ended": True, "finish_reason": conversation.finish_reason},
                                status_code=409)
        except Exception as exc:  # the simulated user failed (its model): the conversation ends in an error
            from thinkingbox.secrets import redact

            return JSONResponse({"error": redact(f"the simulated user failed: {type(exc).__name__}: {exc}"),
                                 "ended": True, "finish_reason": conversation.finish_reason}, status_code=502)
        return JSONResponse({"reply": reply, "ended": reply is None, "finish_reason": conversation.finish_reason})

    async def verdict(request: Request) -> JSONResponse:
        sid = request.path_params["sid"]
        message, trajectory = None, None
        if request.method == "POST":
            try:
                body = await request.json()
            except ValueError:
                return JSONResponse({"error": "the body must be JSON: {\"final_message\": \"...\"}"}, status_code=400)
            message = body.get("final_message") if isinstance(body, dict) else None
            if message is not None and not isinstance(message, str):
                return JSONResponse({"error": "final_message must be a string"}, status_code=400)
            trajectory = body.get("trajectory") if isinstance(body, dict) else None
            if trajectory is not None and not (isinstance(trajectory, list)
                                               and all(isinstance(e, dict) for e in trajectory)):
                return JSONResponse({"error": "trajectory must be a list of events (objects)"}, status_code=400)
        result = await worlds.verdict(sid, message, judge, trajectory)
        return JSONResponse(result) if result is not None else missing(sid)

    return [
        Route("/control/task", task, methods=["GET"]),
        Route("/control/sessions", sessions, methods=["GET"]),
        Route("/control/sessions", open_session, methods=["POST"]),
        Route("/control/sessions/{sid}/opening", opening, methods=["GET"]),
        Route("/control/sessions/{sid}/messages", messages, methods=["POST"]),
        Route("/control/sessions/{sid}/reset", reset, methods=["POST"]),
        Route("/control/sessions/{sid}/effects", effects, methods=["GET"]),
        Route("/control/sessions/{sid}/verdict", verdict, methods=["GET", "POST"]),
    ]


LOOPBACK = ("127.0.0.1", "localhost", "::1")


# What a session's scoped token may reach under /control: its own user, nothing else.
SCOPED_PATH = re.compile(r"^/control/sessions/([^/]+)/(?:opening|messages)$")


class ControlGuard:
    """ASGI middleware for /control/*: the bearer token, DNS-rebinding protection (the Host
    and Origin checks /mcp applies) and the request body limit. The control token opens
    every endpoint; a session's scoped token only that session's user endpoints (and, on
    /mcp, its world). /mcp requests without a bearer token pass through as before."""

    def __init__(self, app: Any, token: str, host: str, max_body: int, worlds: SessionWorlds | None = None):
        self.app, self.token, self.max_body, self.worlds = app, token.encode(), max_body, worlds
        if host in LOOPBACK:  # the MCP SDK's own rule for loopback servers
            self.hosts: tuple[str, ...] | None = ("127.0.0.1", "localhost", "[::1]")
        else:  # bound to a routable address: only the token guards it (serve_http requires one given)
            self.hosts = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(("/control", "/mcp")):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if scope["path"].startswith("/mcp"):
            given = bearer(headers)
            if given is not None and (self.worlds is None or self.worlds.scoped_session(given) is None):
                await _refuse(send, 401, "unknown session token: use the token POST /control/sessions returned",
                              [(b"www-authenticate", b'Bearer realm="tb-session"')])
                return
            await self.app(scope, receive, send)
            return
        if self.hosts is not None:
            if _host_name(headers.get("host", "")) not in self.hosts:
                await _refuse(send, 421, "invalid Host header")
                return
            origin = headers.get("origin")
            if origin and _host_name(origin.partition("://")[2]) not in self.hosts:
                await _refuse(send, 403, "invalid Origin header")
                return
        given = bearer(headers) or ""
        scoped = self.worlds.scoped_session(given) if self.worlds is not None and given else None
        if scoped is not None and not hmac.compare_digest(given.encode(), self.token):
            match = SCOPED_PATH.match(scope["path"])
            if match is None or match.group(1) != scoped:
                await _refuse(send, 403, f"this token is scoped to session {scoped}: it reaches only "
                              f"/control/sessions/{scoped}/opening and /messages, and that session's tools")
                return
        elif not hmac.compare_digest(given.encode(), self.token):
            await _refuse(send, 401, "the control endpoints need the control token: "
                          "Authorization: Bearer TOKEN (printed by tb serve at start)",
                          [(b"www-authenticate", b'Bearer realm="tb-control"')])
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _refuse(send, 413, f"request body over {self.max_body} bytes")
            return
        received = 0

        async def limited_receive() -> Any:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.max_body:
                raise _BodyTooLarge
            return message

        try:
            await self.app(scope, limited_receive, send)
        except _BodyTooLarge:
            await _refuse(send, 413, f"request body over {self.max_body} bytes")


class _BodyTooLarge(Exception):
    pass


def _host_name(authority: str) -> str:
    """The host part of `host[:port]` or `[v6]:port`."""
    if authority.startswith("["):
        return authority[:authority.find("]") + 1]
    return authority.rsplit(":", 1)[0] if authority.count(":") == 1 else authority


async def _refuse(send: Any, status: int, message: str, headers: list | None = None) -> None:
    import orjson

    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), *(headers or [])]})
    await send({"type": "http.response.body", "body": orjson.dumps({"error": message})})


def sessions_only(app):
    """ASGI wrapper: answer requests of the stateless (2026-07-28) protocol era with a
    JSON-RPC error, so that clients fall back to the session handshake (2025-11-25). Worlds
    belong to MCP sessions, and stateless requests have none to belong to."""
    import orjson
    from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

    async def wrapped(scope, receive, send):
        if scope["type"] == "http" and scope["path"].startswith("/mcp"):
            version = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"mcp-protocol-version"), None)
            if version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS:
                body = b""
                while True:
                    message = await receive()
                    body += message.get("body", b"")
                    if not message.get("more_body") or len(body) > 1_000_000:
                        break
                try:
                    request_id = orjson.loads(body).get("id")
                except (orjson.JSONDecodeError, AttributeError):
                    request_id = None
                payload = orjson.dumps({"jsonrpc": "2.0", "id": request_id, "error": {
                    "code": -32601, "message": "this server gives each MCP session its own world: "
                    "use the session protocol (2025-11-25)"}})
                await send({"type": "http.response.start", "status": 200,
                            "headers": [(b"content-type", b"application/json")]})
                await send({"type": "http.response.body", "body": payload})
                return
        await app(scope, receive, send)

    return wrapped


def http_app(domain: Domain, worlds: SessionWorlds, judge: Any = None, host: str = "127.0.0.1",
             max_sessions: int = 1000, idle_timeout: float = 600.0, max_body: int = 1_000_000,
             control_token: str | None = None):
    """The Starlette app: MCP at /mcp, plus the control endpoints when a control token is
    given (an app without one has none)."""
    domain.binding.resolve = worlds.resolve
    # (one recorder per domain server, for the worlds served last, as with binding.resolve)
    middleware = domain.server.middleware
    middleware[:] = [m for m in middleware if not isinstance(m, CallRecorder)] + [CallRecorder(worlds)]
    app = domain.server.streamable_http_app(host=host, session_idle_timeout=idle_timeout, max_sessions=max_sessions,
                                            max_request_body_size=max_body, json_response=True)
    if control_token:
        for route in control_routes(worlds, judge):
            app.router.routes.append(route)
        app.add_middleware(ControlGuard, token=control_token, host=host, max_body=max_body, worlds=worlds)
    app.add_middleware(_SessionsOnly)
    return app


class _SessionsOnly:
    """Starlette middleware form of `sessions_only` (keeps the app's lifespan intact)."""

    def __init__(self, app):
        self.app = app
        self.wrapped = sessions_only(app)

    async def __call__(self, scope, receive, send):
        await self.wrapped(scope, receive, send)


class InProcessHTTP:
    """An HTTP MCP server for one domain inside the running event loop (tb eval
    --tool-transport http): real HTTP on 127.0.0.1, each trial's world bound to its session."""

    _running: set[InProcessHTTP] = set()  # for the abort hook (ABORT_HOOK_ENV) only

    def __init__(self, domain: Domain):
        self.domain = domain
        self.worlds = SessionWorlds(domain, None)
        self.server = None
        self.task: asyncio.Task | None = None
        self.url = ""
        self._http: dict[str, Any] = {}
        self._restarting = asyncio.Lock()

    async def start(self) -> None:
        import socket

        import uvicorn

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        app = http_app(self.domain, self.worlds, max_sessions=10_000)
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                                    lifespan="on"))
        self.task = asyncio.create_task(self.server.serve())
        while not self.server.started:
            await asyncio.sleep(0.01)
        self.url = f"http://127.0.0.1:{port}/mcp"
        if os.environ.get(ABORT_HOOK_ENV):
            InProcessHTTP._running.add(self)
            asyncio.get_running_loop().add_signal_handler(
                signal.SIGUSR1, lambda: [s.abort() for s in list(InProcessHTTP._running)])

    def abort(self) -> None:
        """Stop at once, as a crashed server would: the listener closed, open connections cut.
        (With TB_TEST_ABORT_HTTP_ON_SIGUSR1 set, SIGUSR1 calls this: the fault soak's hook.)"""
        server = self.server
        if server is None:
            return
        for listener in server.servers:
            listener.close()
        for connection in list(server.server_state.connections):
            connection.transport.abort()
        server.should_exit = True

    async def ensure_running(self) -> None:
        """Start the server again (on a new port) if it stopped: a crashed server fails only
        the trials that were using it, never the ones after."""
        async with self._restarting:
            if self.task is not None and (self.task.done() or self.server.should_exit):
                # (the trials that were using it have failed already: its end is not news)
                await asyncio.gather(self.task, return_exceptions=True)
                await self.start()

    def client(self, world: World):
        """An MCP client whose session sees `world` (and the token to release it)."""
        import httpx2
        from mcp import Client
        from mcp.client.streamable_http import streamable_http_client

        token = uuid.uuid4().hex
        self.worlds.bound[token] = world
        http = httpx2.AsyncClient(headers={WORLD_HEADER: token}, timeout=60)
        self._http[token] = http
        return Client(streamable_http_client(self.url, http_client=http)), token

    def watch(self, token: str, conversation: Conversation) -> None:
        """Record the tool calls of the session bound by `token` in `conversation` (an
        external agent's trial: its calls are seen only here)."""
        self.worlds.watched[token] = conversation

    async def release(self, token: str) -> None:
        self.worlds.bound.pop(token, None)
        self.worlds.watched.pop(token, None)
        http = self._http.pop(token, None)
        if http is not None:
            await http.aclose()

    async def stop(self) -> None:
        InProcessHTTP._running.discard(self)
        if self.server is not None:
            self.server.should_exit = True
            await self.task
