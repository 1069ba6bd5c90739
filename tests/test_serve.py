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

pytestmark = pytest.mark.domains("retail", "booking")

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


def serve_http(*extra, env=None, domain="retail", task="ret-fee-001") -> tuple[subprocess.Popen, Served]:
    port = free_port()
    proc = subprocess.Popen([TB, "serve", "--domain", domain, *(("--task", task) if task else ()), "--transport",
                             "http", "--port", str(port), *extra],
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


@pytest.mark.slow
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


@pytest.mark.slow
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
    sid = sessions[0]["session"]
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_control_endpoints_need_the_token_and_a_local_host_and_origin(http_server):  # F7, F5
    url = f"{http_server}/mcp"

    async def agent_session():
        async with Client(url) as agent:
            await agent.call_tool("helpdesk_create_item", TICKET)
    run(agent_session())
    (session,) = http_server.control("GET", "/sessions").json()["sessions"]
    endpoints = [("GET", "/task"), ("GET", "/sessions"), ("POST", f"/sessions/{session['session']}/reset"),
                 ("GET", f"/sessions/{session['session']}/effects"), ("GET", f"/sessions/{session['session']}/verdict"),
                 ("POST", f"/sessions/{session['session']}/verdict")]
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
    effects = http_server.control("GET", f"/sessions/{session['session']}/effects").json()["effects"]
    assert [e["kind"] for e in effects] == ["created"]


def test_the_control_endpoints_refuse_a_body_over_the_limit_without_reading_it(http_server):  # F6
    run(_touch(f"{http_server}/mcp"))
    (session,) = http_server.control("GET", "/sessions").json()["sessions"]
    path = f"/sessions/{session['session']}/verdict"
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


@pytest.mark.slow
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


# ---- the simulated user over the control plane (issue 21, item 1) ---------------------

def session_client(base: Served, token: str):
    """An official MCP client whose requests carry a session's scoped token."""
    from mcp.client.streamable_http import streamable_http_client

    http = httpx2.AsyncClient(headers={"authorization": f"Bearer {token}"}, timeout=30)
    return Client(streamable_http_client(f"{base}/mcp", http_client=http))


def as_agent(base: Served, sid: str, token: str, method: str, path: str, **kwargs) -> httpx2.Response:
    return httpx2.request(method, f"{base}/control/sessions/{sid}{path}",
                          headers={"authorization": f"Bearer {token}"}, timeout=30, **kwargs)


def replay_oracle_over_http(base: Served, domain: str, task_id: str, body: dict | None = None
                            ) -> tuple[str, list[str]]:
    """Play the task's reference solution as an external agent would: its messages to the
    served user, its calls on the session's MCP tools. Returns the session and the replies.
    `body`: of the session's POST (None: none, the server's default task)."""
    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.trials import reference_actions

    task = PluginHost().load_domains([domain])[0].task(task_id)
    opened = base.control("POST", "/sessions", **({"json": body} if body is not None else {})).json()
    sid, token = opened["session"], opened["token"]
    assert opened["request"] == task.request and opened["task"] == task_id
    assert as_agent(base, sid, token, "GET", "/opening").json() == {"message": task.request}
    *steps, final = reference_actions(domain, task_id)
    replies = []

    async def go():
        async with session_client(base, token) as client:
            for step in steps:
                if "message" in step:
                    answer = as_agent(base, sid, token, "POST", "/messages", json={"content": step["message"]}).json()
                    assert answer["ended"] is False
                    replies.append(answer["reply"])
                else:
                    await client.call_tool(step["tool"], step["arguments"])
    run(go())
    last = as_agent(base, sid, token, "POST", "/messages", json={"content": final["message"]})
    assert last.json() == {"reply": None, "ended": True, "finish_reason": "done"}
    return sid, replies


@pytest.mark.parametrize("domain,task,judge", [("retail", "dfw-001", None), ("booking", "crf-002", "rules")])
@pytest.mark.slow
def test_a_conversation_over_http_gets_the_verdict_tb_eval_gives_the_oracle(tmp_path, domain, task, judge):
    out = tmp_path / "oracle.jsonl"
    evaluated = subprocess.run([TB, "eval", "--domains", domain, "--tasks", task, "--agent", "oracle",
                                "--output", str(out)], capture_output=True, text=True, timeout=300)
    assert evaluated.returncode == 0, evaluated.stderr
    (record,) = [json.loads(line) for line in out.read_text().splitlines() if '"run_header"' not in line]
    proc, base = serve_http("--user", "scripted", *(("--judge", judge) if judge else ()), domain=domain, task=task)
    try:
        sid, replies = replay_oracle_over_http(base, domain, task)
        recorded_replies = [e["content"] for e in record["trajectory"] if e.get("source") == "simulator"]
        assert replies == recorded_replies and replies  # the same user, saying the same
        verdict = base.control("GET", f"/sessions/{sid}/verdict").json()
        assert verdict["verdict"] is True and record["verdict"] is True
        assert [(c["name"], c["passed"]) for c in verdict["checks"]] == \
            [(c["name"], c["passed"]) for c in record["checks"]]
        assert {c["name"] for c in verdict["checks"]} >= {"communication"} | ({"rubric"} if judge else set())
        assert verdict["finish_reason"] == "done" and verdict["counts"]["tool_calls"] == record["counts"]["tool_calls"]
        tools = [(e["name"], e["content"]) for e in verdict["trajectory"] if e["role"] == "tool"]
        assert tools == [(e["name"], e["content"]) for e in record["trajectory"] if e["role"] == "tool"]
        # after the end, the user says no more (the control token may talk to any session's user)
        assert as_agent(base, sid, base.token, "POST", "/messages", json={"content": "one more thing"}).status_code == 409
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.slow
def test_a_session_token_reaches_its_own_user_and_tools_and_nothing_else():
    proc, base = serve_http("--user", "scripted", "--max-user-turns", "1", "--max-tool-calls", "1")
    try:
        first, second = base.control("POST", "/sessions").json(), base.control("POST", "/sessions").json()
        sid, token = first["session"], first["token"]
        other = second["session"]
        assert as_agent(base, sid, token, "GET", "/opening").status_code == 200
        for method, path in (("GET", f"/sessions/{other}/opening"), ("POST", f"/sessions/{other}/messages"),
                             ("GET", f"/sessions/{sid}/verdict"), ("POST", f"/sessions/{sid}/verdict"),
                             ("GET", f"/sessions/{sid}/effects"), ("POST", f"/sessions/{sid}/reset"),
                             ("GET", "/sessions"), ("POST", "/sessions"), ("GET", "/task")):
            refused = httpx2.request(method, f"{base}/control{path}", json={"content": "hi"},
                                     headers={"authorization": f"Bearer {token}"}, timeout=30)
            assert refused.status_code == 403, (method, path)
            assert "scoped to session" in refused.json()["error"]
        unknown = httpx2.post(f"{base}/mcp", headers={"authorization": "Bearer not-a-session-token-at-all"},
                              json={}, timeout=30)
        assert unknown.status_code == 401

        async def tools():
            async with session_client(base, token) as client:
                created = await client.call_tool("helpdesk_create_item", TICKET)
                assert '"TCK-5001"' in text(created)
                capped = await client.call_tool("get_order", {"order_id": "ORD-200001"})  # past --max-tool-calls 1
                assert capped.is_error and "limit of 1 tool calls" in text(capped)
            async with session_client(base, second["token"]) as client:  # the other session's world is fresh
                seen = await client.call_tool("helpdesk_get_items",
                                              {"table": "tickets", "filter": "requester_id eq 'U-2001'"})
                assert '"count":0' in text(seen)
        run(tools())
        effects = base.control("GET", f"/sessions/{sid}/effects").json()["effects"]
        assert [(e["kind"], e["table"]) for e in effects] == [("created", "tickets")]
        verdict = base.control("GET", f"/sessions/{sid}/verdict").json()
        assert verdict["finish_reason"] == "action_limit" and verdict["verdict"] is False
        # the user-turn limit: one follow-up, then the next message ends the conversation
        talk = second["session"], second["token"]
        assert as_agent(base, *talk, "POST", "/messages", json={"content": "What is your order number?"}).json()[
            "ended"] is False
        assert as_agent(base, *talk, "POST", "/messages", json={"content": "And your email?"}).json() == \
            {"reply": None, "ended": True, "finish_reason": "user_limit"}
        assert as_agent(base, *talk, "POST", "/messages", json={"text": 5}).status_code in (400, 409)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.slow
def test_serving_without_a_user_opens_sessions_without_a_conversation(http_server):
    opened = http_server.control("POST", "/sessions", json={"holder": "probe"}).json()
    assert opened["user"] is False and opened["task"] == "ret-fee-001" and opened["holder"] == "probe"
    refused = as_agent(http_server, opened["session"], opened["token"], "POST", "/messages", json={"content": "hi"})
    assert refused.status_code == 409 and "--user scripted" in refused.json()["error"]


@pytest.mark.slow
def test_the_served_llm_user_is_configured_as_tb_evals_and_answers_from_the_model(fake_openai):
    import os

    fake_openai.script("fake-user", [{"content": 'Customer: "My order is ORD-200001."'}])
    env = {**os.environ, "OPENAI_API_KEY": "sk-served-user-key-0123"}
    proc, base = serve_http("--user", "llm:fake-user", "--user-base-url", fake_openai.url,
                            "--user-param", "temperature=0.7", env=env)
    try:
        opened = base.control("POST", "/sessions").json()
        answer = as_agent(base, opened["session"], opened["token"], "POST", "/messages",
                          json={"content": "What is your order number?"}).json()
        assert answer == {"reply": "My order is ORD-200001.", "ended": False, "finish_reason": None}
        (request,) = fake_openai.requests_for("fake-user")
        assert request["temperature"] == 0.7 and "What is your order number?" in request["messages"][1]["content"]
        assert "USER_CONTEXT" in request["messages"][1]["content"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.parametrize("extra,message", [
    (("--user", "scripted"), "--user needs --transport http"),
    (("--transport", "http", "--user", "llm"), "--user llm needs a model"),
    (("--transport", "http", "--user", "scripted", "--persona", "terse"), "--persona applies to the LLM user"),
    (("--transport", "http", "--user", "robot"), "unknown user 'robot'"),
])
def test_a_served_user_that_cannot_be_made_is_a_one_line_error(capsys, extra, message):
    from thinkingbox.interfaces.cli import main

    assert main(["serve", "--domain", "retail", "--task", "ret-fee-001", "--port", str(free_port()), *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


# ---- one server, many tasks; judging a saved world (issue 32, item 5) -----------------

@pytest.mark.slow
def test_one_server_serves_many_tasks_and_lists_sessions_as_it_opens_them(tmp_path):
    proc, base = serve_http("--user", "scripted", "--judge", "rules", task=None)
    try:
        task = base.control("GET", "/task").json()
        assert task["task"] is None and {"dfw-001", "ret-fee-001"} <= set(task["tasks"])
        # each session names its task (and who holds it); the conversation is judged as tb eval judges
        sid, _ = replay_oracle_over_http(base, "retail", "dfw-001", {"task": "dfw-001", "holder": "agent-a"})
        other = base.control("POST", "/sessions", json={"domain": "retail", "task": "ret-fee-001",
                                                        "holder": "agent-b"}).json()
        verdict = base.control("GET", f"/sessions/{sid}/verdict").json()
        assert verdict["task"] == "dfw-001" and verdict["verdict"] is True, verdict["checks"]
        listed = {s["session"]: s for s in base.control("GET", "/sessions").json()["sessions"]}
        assert set(listed) == {sid, other["session"]}
        assert set(listed[other["session"]]) == set(other) - {"token"}   # the same shape, less the token
        assert {k: v for k, v in listed[other["session"]].items() if k != "idle_seconds"} == \
            {k: v for k, v in other.items() if k not in ("token", "idle_seconds")}
        assert (listed[sid]["holder"], listed[sid]["task"], listed[sid]["ended"]) == ("agent-a", "dfw-001", True)
        assert (listed[other["session"]]["holder"], listed[other["session"]]["task"]) == ("agent-b", "ret-fee-001")
        # what cannot be served is said, with what to do
        for body, status, words in (({}, 400, "name the task"), ({"task": "nope"}, 404, "has no task 'nope'"),
                                    ({"task": "dfw-001", "domain": "booking"}, 404, "--domain booking"),
                                    ({"task": 5}, 400, "the body must be")):
            refused = base.control("POST", "/sessions", json=body)
            assert refused.status_code == status and words in refused.json()["error"], body

        async def plain():  # a plain MCP session has no task to get a world of
            async with Client(f"{base}/mcp") as client:
                result = await client.call_tool("get_order", {"order_id": "ORD-200001"})
                assert result.is_error and 'POST /control/sessions {"task": ID}' in text(result)
        run(plain())
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _serve_stdio_and_call(report: Path, task: str, skip: str | None = None) -> None:
    from thinkingbox.trials import reference_actions

    async def go():
        params = StdioServerParameters(command=TB, args=["serve", "--domain", "retail", "--task", task,
                                                         "--report", str(report)])
        async with Client(params) as client:
            for action in reference_actions("retail", task):
                if "tool" in action and action["tool"] != skip:
                    assert not (await client.call_tool(action["tool"], action["arguments"])).is_error
    run(go())


@pytest.mark.slow
def test_a_world_saved_by_serve_report_is_judged_by_tb_judge_world(tmp_path, capsys):
    from thinkingbox.interfaces.cli import main
    from thinkingbox.trials import reference_actions

    final = reference_actions("retail", "dfw-001")[-1]["message"]
    done, partial = tmp_path / "done.db", tmp_path / "partial.db"
    _serve_stdio_and_call(done, "dfw-001")
    _serve_stdio_and_call(partial, "dfw-001", skip="create_rma")
    capsys.readouterr()

    assert main(["judge-world", str(done), "--final-message", final]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"retail/dfw-001  world {done}\nverdict: PASS\n") and "ok   golden_state" in out
    assert main(["judge-world", str(done)]) == 1   # what the agent said is not in the world
    captured = capsys.readouterr()
    assert "FAIL communication: not judged: no final message was given" in captured.out
    assert "give --final-message TEXT" in captured.err

    assert main(["judge-world", str(partial), "--final-message", final, "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert (result["task"], result["verdict"]) == ("dfw-001", False)
    assert [(d["kind"], d["table"]) for d in result["diff"]] == [("missing", "rmas")]
    assert main(["judge-world", str(partial), "--final-message", final]) == 1
    assert "    missing rmas[" in capsys.readouterr().out   # the diff, as tb show prints it

    record = tmp_path / "trial.json"   # a trial record as --trajectory gives the final message too
    record.write_text(json.dumps({"trajectory": [], "final_message": final}))
    assert main(["judge-world", str(done), "--trajectory", str(record)]) == 0
    capsys.readouterr()
    assert main(["judge-world", str(done), "--task", "dfw-002"]) == 2
    assert "is a world of task 'dfw-001', not 'dfw-002'" in capsys.readouterr().err
    (tmp_path / "junk.db").write_text("not a database")
    assert main(["judge-world", str(tmp_path / "junk.db")]) == 2
    assert "not an SQLite database" in capsys.readouterr().err


def test_serve_says_which_flags_go_with_which_transport(capsys):
    from thinkingbox.interfaces.cli import main

    assert main(["serve", "--domain", "retail"]) == 2
    assert "--transport stdio serves one task's world: give --task" in capsys.readouterr().err
    assert main(["serve", "--domain", "retail", "--transport", "http", "--report", "x.db",
                 "--port", str(free_port())]) == 2
    assert "--report applies to --transport stdio" in capsys.readouterr().err
