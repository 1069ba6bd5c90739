"""`tb serve`: a task's world as a real MCP server, over stdio or streamable HTTP.

stdio: one world for the connection; `--report FILE` writes the final world (SQLite bytes)
when the connection closes, which is how `tb eval --tool-transport stdio` judges it.
HTTP: the app of engine/http_tools.py (a fresh world per MCP session, the control endpoints).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.engine.domain import Domain
from thinkingbox.engine.episode import Limits
from thinkingbox.engine.http_tools import LOOPBACK, SessionWorlds, http_app


def serve_stdio(domain: Domain, task: Any, report: Path | None = None) -> None:
    """`tb serve --transport stdio`: one world for the whole connection; with `report`,
    the final world (SQLite bytes) is written there when the client disconnects."""
    import asyncio
    import logging

    from thinkingbox.contract.tools import bind_world

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)

    async def stdio() -> None:
        world = domain.new_world(await domain.prepare(task))
        bind_world(world)
        try:
            await domain.server.run_stdio_async()
        finally:
            if report:  # whole or not at all: a server killed while writing leaves the file empty
                part = report.with_name(report.name + ".part")
                part.write_bytes(world.to_bytes())
                os.replace(part, report)
            world.close()

    asyncio.run(stdio())


CONTROL_TOKEN_ENV = "TB_CONTROL_TOKEN"


def control_token_for(host: str, given: str | None) -> tuple[str, bool]:
    """The control token and whether it was generated. Serving beyond loopback needs one
    given (flag or TB_CONTROL_TOKEN): a token printed on a console is no guard for a
    server that anyone on the network can reach before the evaluator reads it."""
    import os
    import secrets

    token = given or os.environ.get(CONTROL_TOKEN_ENV) or ""
    if token:
        if len(token) < 16:
            raise ThinkingboxError("the control token must be at least 16 characters")
        return token, False
    if host not in LOOPBACK:
        raise ThinkingboxError(f"--host {host} serves beyond this machine: give the control token with "
                               f"--control-token or {CONTROL_TOKEN_ENV} (at least 16 characters)")
    return secrets.token_urlsafe(32), True


def serve_http(domain: Domain, task: Any, host: str, port: int, judge_spec: str | None, idle_timeout: float,
               max_sessions: int, control_token: str | None = None, user: Any = None,
               limits: Limits | None = None) -> None:
    """`tb serve --transport http`: a fresh world per MCP session, plus the control endpoints.
    `user`: (user spec, ModelSettings) of the simulated user that answers agents through
    /control/sessions/{id}/messages (None: no user endpoint)."""
    import asyncio
    import logging

    import uvicorn

    token, generated = control_token_for(host, control_token)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    judge: Any = None
    if judge_spec:
        from thinkingbox.models.settings import model_config

        judge = "rules" if judge_spec == "rules" else model_config("judge", judge_spec, {}, {"params": {}})
    task_world = asyncio.run(domain.prepare(task))
    new_user = None
    if user is not None:
        from thinkingbox.engine.discovery import PluginHost
        from thinkingbox.engine.trial import resolve_factory

        spec, settings = user
        factory, argument = resolve_factory(PluginHost().user_factories(), spec, "user")
        if settings.user is not None:
            settings.user.check("user")
        factory(argument, task, settings)  # a user that cannot be made fails now, not at the first session

        def new_user() -> Any:
            return factory(argument, task, settings)
    worlds = SessionWorlds(domain, task_world, idle_timeout=idle_timeout, max_worlds=max_sessions,
                           new_user=new_user, limits=limits)
    app = http_app(domain, worlds, judge, host=host, max_sessions=max_sessions, idle_timeout=idle_timeout,
                   control_token=token)
    print(f"tb: serving {domain.name}/{task.id} at http://{host}:{port}/mcp "
          f"(control: http://{host}:{port}/control/...)", file=sys.stderr)
    if generated:  # for the evaluator only: the agent under test must not be given it
        print(f"tb: control token: {token}", file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
