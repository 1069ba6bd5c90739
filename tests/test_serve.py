"""Task worlds served over MCP (stdio and streamable HTTP) to the official `mcp` client,
the control endpoints, equal verdicts across tool transports, and hostile clients."""
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest
from mcp import Client, StdioServerParameters

from helpers import run, record_lines

TB = str(Path(sys.executable).parent / "tb")
TICKET = {"table": "tickets", "item": {"requester_id": "U-2001", "order_id": "ORD-200001", "priority": "normal"}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served(str):
    """The base URL of a `tb serve --transport http` process, with its control token."""
    token: str

    def control(self, method: str, path: str, **kwargs) -> httpx2.Response:
        headers = {"authorization": f"Bearer {self.token}"} if self.token else {}
        headers.update(kwargs.pop("headers", {}))
        return httpx2.request(method, f"{self}/control{path}", headers=headers, timeout=30, **kwargs)


def serve_http(*extra, env=None) -> tuple[subprocess.Popen, Served]:
    port = free_port()
    proc = subprocess.Popen([TB, "serve", "--domain", "retail", "--task", "ret-fee-001", "--transport", "http",
                             "--port", str(port), *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    base = Served(f"http://127.0.0.1:{port}")
    base.token = ""
    deadline = time.monotonic() + 60
    given = "--control-token" in extra or "TB_CONTROL_TOKEN" in (env or {})
    for line in iter(proc.stderr.readline, ""):  # a generated token is printed right after "serving"
        if line.startswith("tb: control token: "):
            base.token = line.split(": ", 2)[2].strip()
        if base.token or line.startswith("tb: serving") and given:
            break
    while time.monotonic() < deadline:
        try:
            if base.control("GET", "/task").status_code in (200, 401):  # up (401: the token is the test's)
                return proc, base
        except httpx2.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(proc.stderr.read())


@pytest.fixture
def http_server():
    proc, base = serve_http("--idle-timeout", "3", "--max-sessions", "40")
    yield base
    proc.terminate()
    proc.wait(timeout=10)


def text(result) -> str:
    return " ".join(c.text for c in result.content)


def test_stdio_with_the_official_client():
    async def go():
        params = StdioServerParameters(command=TB, args=["serve", "--domain", "retail", "--task", "ret-fee-001"])
        async with Client(params) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            rma = tools["create_rma"]
            assert rma.input_schema["properties"]["resolution"]["enum"] == ["refund", "exchange"]
            assert "line_item_id" in rma.input_schema["required"] and "tb_context" not in rma.input_schema["properties"]
            assert tools["get_order"].annotations.read_only_hint is True
            assert rma.annotations.read_only_hint is False and rma.annotations.destructive_hint is True
            assert "Authorize the return" in rma.description
            ok = await client.call_tool("get_order", {"order_id": "ORD-200001"})
            assert not ok.is_error and '"LI-200001"' in text(ok)
            missing = await client.call_tool("get_order", {"order_id": "ORD-9"})
            assert missing.is_error and "order 'ORD-9' not found" in text(missing)
            unknown = await client.call_tool("launch_rocket", {})
            assert unknown.is_error
            created = await client.call_tool("helpdesk_create_item", TICKET)
            assert '"TCK-5001"' in text(created)
            again = await client.call_tool("helpdesk_create_item", TICKET)  # same world for the connection
            assert '"TCK-5002"' in text(again)
    run(go())


def test_http_sessions_get_their_own_worlds_and_the_control_endpoints(http_server):
    url = f"{http_server}/mcp"

    async def go():
        async with Client(url) as a, Client(url) as b:
            created = await a.call_tool("helpdesk_create_item", TICKET)
            assert '"TCK-5001"' in text(created)
            seen_by_b = await b.call_tool("helpdesk_get_items", {"table": "tickets", "filter": "requester_id eq 'U-2001'"})
            assert '"count":0' in text(seen_by_b)  # b's world is fresh
            created_b = await b.call_tool("helpdesk_create_item", TICKET)
            assert '"TCK-5001"' in text(created_b)  # same deterministic id, separate world
    run(go())
    sessions = http_server.control("GET", "/sessions").json()["sessions"]
    assert len(sessions) == 2
    sid = sessions[0]["id"]
    effects = http_server.control("GET", f"/sessions/{sid}/effects").json()["effects"]
    assert [(e["kind"], e["table"]) for e in effects] == [("created", "tickets")]
    verdict = http_server.control("POST", f"/sessions/{sid}/verdict", json={"final_message": "done"}).json()
    assert verdict["task"] == "ret-fee-001" and verdict["verdict"] is False
    assert "missing" in verdict["checks"][0]["detail"]
    assert http_server.control("POST", f"/sessions/{sid}/reset").json() == {"reset": True}
    assert http_server.control("GET", f"/sessions/{sid}/effects").json()["effects"] == []
    assert http_server.control("GET", "/sessions/nope/effects").status_code == 404
    assert http_server.control("POST", f"/sessions/{sid}/verdict", content=b"{bad").status_code == 400
    time.sleep(3.5)  # idle sessions and their worlds are dropped
    http_server.control("GET", "/task")
    run(_touch(url))
    assert len(http_server.control("GET", "/sessions").json()["sessions"]) == 1


async def _touch(url):
    async with Client(url) as c:
        await c.call_tool("get_order", {"order_id": "ORD-200001"})


def test_the_same_trajectory_gets_the_same_verdict_over_every_transport(tmp_path):
    tasks = "ret-fee-001,dly-001,ins-005"
    results = {}
    for agent in ("oracle", "noop"):
        for transport in ("memory", "stdio", "http"):
            out = tmp_path / f"{agent}-{transport}.jsonl"
            proc = subprocess.run([TB, "eval", "--domains", "retail", "--tasks", tasks, "--agent", agent,
                                   "--tool-transport", transport, "--output", str(out)],
                                  capture_output=True, text=True, timeout=300)
            assert proc.returncode == 0, proc.stderr
            records = sorted(record_lines(out), key=lambda r: r["task"])
            results[(agent, transport)] = [(r["task"], r["verdict"], json.dumps(r["diff"]),
                                            [e["content"] for e in r["trajectory"] if e["role"] == "tool"])
                                           for r in records]
    for agent in ("oracle", "noop"):
        assert results[(agent, "memory")] == results[(agent, "stdio")] == results[(agent, "http")]
    assert all(v for _, v, _, _ in results[("oracle", "http")])


def raw_initialize(client: httpx2.Client, url: str) -> httpx2.Response:
    return client.post(url, headers={"accept": "application/json, text/event-stream"}, json={
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "h", "version": "0"}}})


def test_hostile_clients_cannot_crash_the_server_or_reach_other_worlds(http_server):
    url = f"{http_server}/mcp"
    started = time.monotonic()
    with httpx2.Client(timeout=10) as http:
        for body in (b"{not json", b"[]", b'{"jsonrpc": "2.0", "method": 5}', b"\x00" * 1000,
                     json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                                 "params": {"name": "get_order", "arguments": {"order_id": "x"}}}).encode()):
            response = http.post(url, content=body, headers={"content-type": "application/json",
                                                             "accept": "application/json, text/event-stream"})
            assert 400 <= response.status_code < 500
        huge = http.post(url, content=b'{"x": "' + b"a" * 3_000_000 + b'"}',
                         headers={"content-type": "application/json", "accept": "application/json, text/event-stream"})
        assert huge.status_code in (400, 413)
        statuses = [raw_initialize(http, url).status_code for _ in range(300)]  # many sessions, capped
        assert statuses.count(200) <= 40 and set(statuses) <= {200, 503, 429}
    assert time.monotonic() - started < 120

    time.sleep(3.5)  # the flood's sessions go idle and are dropped; the server is still there

    async def after():
        async with Client(url) as victim:
            await victim.call_tool("helpdesk_create_item", TICKET)
        async with Client(url) as c:
            unknown = await c.call_tool("drop_all_tables", {})
            assert unknown.is_error
            big = await c.call_tool("get_order", {"order_id": "x" * 200_000})
            assert big.is_error
            seen = await c.call_tool("helpdesk_get_items", {"table": "tickets", "filter": "requester_id eq 'U-2001'"})
            assert '"count":0' in text(seen)  # the victim's ticket is not visible here
    run(after())
    assert http_server.control("GET", "/task").status_code == 200


def test_the_control_endpoints_need_the_token_and_a_local_host_and_origin(http_server):  # F7, F5
    url = f"{http_server}/mcp"

    async def agent_session():
        async with Client(url) as agent:
            await agent.call_tool("helpdesk_create_item", TICKET)
    run(agent_session())
    (session,) = http_server.control("GET", "/sessions").json()["sessions"]
    endpoints = [("GET", "/task"), ("GET", "/sessions"), ("POST", f"/sessions/{session['id']}/reset"),
                 ("GET", f"/sessions/{session['id']}/effects"), ("GET", f"/sessions/{session['id']}/verdict"),
                 ("POST", f"/sessions/{session['id']}/verdict")]
    for method, path in endpoints:
        for headers in ({}, {"authorization": "Bearer wrong-token-of-some-length"},
                        {"authorization": http_server.token}, {"authorization": f"Basic {http_server.token}"}):
            response = httpx2.request(method, f"{http_server}/control{path}", headers=headers)
            assert response.status_code == 401, (method, path, headers)
            assert "control token" in response.json()["error"] and "golden" not in response.text
        rebound = http_server.control(method, path, headers={"host": "evil.example"})
        assert rebound.status_code == 421
        cross = http_server.control(method, path, headers={"origin": "http://evil.example"})
        assert cross.status_code == 403
    assert http_server.control("GET", "/task", headers={"origin": f"{http_server}"}).status_code == 200
    # nothing above reset or judged the session: its world still holds the agent's ticket
    effects = http_server.control("GET", f"/sessions/{session['id']}/effects").json()["effects"]
    assert [e["kind"] for e in effects] == ["created"]


def test_the_control_endpoints_refuse_a_body_over_the_limit_without_reading_it(http_server):  # F6
    run(_touch(f"{http_server}/mcp"))
    (session,) = http_server.control("GET", "/sessions").json()["sessions"]
    path = f"/sessions/{session['id']}/verdict"
    started = time.monotonic()
    big = http_server.control("POST", path, content=b'{"final_message": "' + b"a" * 30_000_000 + b'"}')
    assert big.status_code == 413 and "over 1000000 bytes" in big.json()["error"]

    def chunks():  # no content-length: the limit holds on the stream too
        for _ in range(40):
            yield b"a" * 100_000
    streamed = http_server.control("POST", path, content=chunks())
    assert streamed.status_code == 413
    assert time.monotonic() - started < 30
    assert http_server.control("POST", path, json={"final_message": "ok"}).status_code == 200


def test_a_given_token_is_used_and_serving_beyond_loopback_needs_one(tmp_path):
    import os

    env = {**os.environ, "TB_CONTROL_TOKEN": "from-the-environment-0123"}
    proc, base = serve_http(env=env)
    try:
        assert base.token == ""  # nothing printed: the evaluator gave it
        base.token = "from-the-environment-0123"
        assert base.control("GET", "/task").status_code == 200
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    env.pop("TB_CONTROL_TOKEN")
    refused = subprocess.run([TB, "serve", "--domain", "retail", "--task", "ret-fee-001", "--transport", "http",
                              "--host", "0.0.0.0", "--port", str(free_port())],
                             capture_output=True, text=True, timeout=60, env=env)
    assert refused.returncode == 2
    assert "--host 0.0.0.0 serves beyond this machine: give the control token with --control-token" in refused.stderr
    short = subprocess.run([TB, "serve", "--domain", "retail", "--task", "ret-fee-001", "--transport", "http",
                            "--control-token", "short"], capture_output=True, text=True, timeout=60, env=env)
    assert short.returncode == 2 and "at least 16 characters" in short.stderr
