"""`tb serve`: a domain's task worlds as a real MCP server, over stdio or streamable HTTP;
`tb judge-world`: the checks on a world `tb serve --report` saved.

stdio: one world of one task for the connection; `--report FILE` writes the final world (an
SQLite database, labelled with its domain and task in a table of its own) when the
connection closes, which is how `tb eval --tool-transport stdio` judges it, and what
`tb judge-world FILE` reads. HTTP: the app of engine/http_tools.py (a fresh world per MCP
session, of the task --task names or of the task a control-plane session asks for).
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
                part.write_bytes(report_bytes(world, domain, task))
                os.replace(part, report)
            world.close()

    asyncio.run(stdio())


REPORT_TABLE = "thinkingbox_served_world"   # in a --report file: what it is a world of (key, value)
SQLITE_HEADER = b"SQLite format 3\x00"


def report_bytes(world: Any, domain: Domain, task: Any) -> bytes:
    """The world as an SQLite database, with a table saying which domain and task it is a
    world of (no domain table is touched: checks and snapshots read only those)."""
    import sqlite3

    conn = sqlite3.connect(":memory:")
    try:
        conn.deserialize(world.to_bytes())
        conn.execute(f"CREATE TABLE {REPORT_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.executemany(f"INSERT INTO {REPORT_TABLE} VALUES (?, ?)",
                         [("domain", domain.name), ("task", task.id), ("domain_version", str(domain.version))])
        conn.commit()
        return conn.serialize()
    finally:
        conn.close()


def read_report(path: Path) -> tuple[dict[str, str], bytes]:
    """A --report file: (its label: domain, task, domain_version; empty for an unlabelled
    one, as tb serve wrote before labelling), the database's bytes."""
    import sqlite3

    data = path.read_bytes()
    if not data.startswith(SQLITE_HEADER):
        what = "empty (the server was killed before it wrote the world?)" if not data else "not an SQLite database"
        raise ThinkingboxError(f"{path} is {what}: tb judge-world reads a world that "
                               "`tb serve --transport stdio --report FILE` wrote")
    conn = sqlite3.connect(":memory:")
    try:
        conn.deserialize(data)
        try:
            label = {str(k): str(v) for k, v in conn.execute(f"SELECT key, value FROM {REPORT_TABLE}")}
        except sqlite3.Error:
            label = {}
    finally:
        conn.close()
    return label, data


def judge_saved_world(path: Path, domain_name: str | None = None, task_id: str | None = None,
                      final_message: str | None = None, trajectory: list[dict[str, Any]] | None = None,
                      judge: Any = None, warn: Any = None) -> dict[str, Any]:
    """`tb judge-world`: the task's checks on a world saved by `tb serve --report`, as
    `tb eval` judges a trial's final world. The file says its domain and task; `domain_name`
    and `task_id` are for a file that does not (and must agree with one that does). Checks
    on what the agent said need `final_message` (and those on the order of messages and
    calls, `trajectory`); without them they fail as not judged. Returns the task, domain,
    verdict, checks and the field-level diff, as a trial record holds them."""
    import asyncio

    from thinkingbox.contract.checks import GOLDEN_STATE
    from thinkingbox.contract.world import World
    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.engine.verdicts import judge_trial

    label, data = read_report(path)
    for flag, given, key in (("--domain", domain_name, "domain"), ("--task", task_id, "task")):
        if given and label.get(key) and given != label[key]:
            raise ThinkingboxError(f"{path} is a world of {key} {label[key]!r}, not {given!r}: leave out {flag}")
    domain_name, task_id = domain_name or label.get("domain"), task_id or label.get("task")
    if not domain_name or not task_id:
        raise ThinkingboxError(f"{path} does not say which task it is a world of (tb serve wrote it before it "
                               "labelled its reports): give --domain DOMAIN --task TASK")
    (domain,) = PluginHost().load_domains([domain_name])
    if warn is not None and label.get("domain_version") not in (None, str(domain.version)):
        warn(f"{path} was written by {domain_name} {label['domain_version']}; judging with the installed "
             f"{domain.version}")
    task = domain.task(task_id)

    async def judged() -> dict[str, Any]:
        task_world = await domain.prepare(task)
        world = World.from_bytes(domain.schema, data, domain.info.now)
        try:
            final = world.snapshot()  # (written elsewhere: nothing is shared with the initial state)
        finally:
            world.close()
        verdict = await judge_trial(domain, task_world, final, trajectory or [], final_message, "done", judge=judge)
        checks = [c.to_json() for c in verdict.checks]
        diff = next((c.get("data") for c in checks if c["name"] == GOLDEN_STATE), None)
        return {"domain": domain.name, "task": task.id, "verdict": verdict.passed, "checks": checks,
                "diff": diff or [], "effects": [e.to_json() for e in verdict.effects]}

    return asyncio.run(judged())


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
    `task`: the default task (plain MCP sessions get its world; sessions opened with POST
    /control/sessions may name any task of the domain), or None for no default.
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
    task_world = asyncio.run(domain.prepare(task)) if task is not None else None
    new_user = None
    if user is not None:
        from thinkingbox.engine.discovery import PluginHost
        from thinkingbox.engine.trial import resolve_factory

        spec, settings = user
        factory, argument = resolve_factory(PluginHost().user_factories(), spec, "user")
        if settings.user is not None:
            settings.user.check("user")
        # a user that cannot be made fails now, not at the first session
        factory(argument, task if task is not None else domain.task(min(domain.tasks)), settings)

        def new_user(session_task: Any) -> Any:
            return factory(argument, session_task, settings)
    worlds = SessionWorlds(domain, task_world, idle_timeout=idle_timeout, max_worlds=max_sessions,
                           new_user=new_user, limits=limits, served=True)
    app = http_app(domain, worlds, judge, host=host, max_sessions=max_sessions, idle_timeout=idle_timeout,
                   control_token=token)
    served = f"{domain.name}/{task.id}" if task is not None else f"{domain.name} (any task: POST /control/sessions)"
    print(f"tb: serving {served} at http://{host}:{port}/mcp "
          f"(control: http://{host}:{port}/control/...)", file=sys.stderr)
    if generated:  # for the evaluator only: the agent under test must not be given it
        print(f"tb: control token: {token}", file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
