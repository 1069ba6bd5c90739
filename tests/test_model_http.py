"""The direct HTTP path of model calls (thinkingbox.models.llm._Endpoint): keep-alive
connections, the reply forms an OpenAI-compatible server may use, stale connections,
errors named as the openai client names them; which endpoints keep the openai client; the
tool schemas serialised once; the agent's conversation converted only where it grew."""
from __future__ import annotations

import asyncio
import gzip

import orjson
import pytest

from thinkingbox.models import llm
from thinkingbox.models.openai_agent import OpenAIAgent, to_messages

REPLY = {"choices": [{"message": {"role": "assistant", "content": "hello"}, "finish_reason": "stop"}],
         "usage": {"prompt_tokens": 7, "completion_tokens": 2}}


class Server:
    """A tiny HTTP/1.1 server: `respond(body) -> (status, headers, payload bytes)`, with
    `close_after` to drop each connection after that many replies (without saying so)."""

    def __init__(self, respond=None, close_after: int | None = None):
        self.respond = respond or (lambda body: (200, {}, orjson.dumps(REPLY)))
        self.close_after = close_after
        self.connections = 0
        self.bodies: list[bytes] = []

    async def __aenter__(self) -> "Server":
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}/v1"
        return self

    async def __aexit__(self, *exc) -> None:
        self.server.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        served = 0
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                assert head.startswith(b"POST /v1/chat/completions HTTP/1.1\r\n")
                length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                                  if line.lower().startswith(b"content-length")))
                body = await reader.readexactly(length)
                self.bodies.append(body)
                status, headers, payload = self.respond(orjson.loads(body))
                lines = [f"HTTP/1.1 {status} X", *(f"{k}: {v}" for k, v in headers.items())]
                if "transfer-encoding" not in {k.lower() for k in headers}:
                    lines.append(f"content-length: {len(payload)}")
                writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)
                await writer.drain()
                served += 1
                if self.close_after is not None and served >= self.close_after:
                    writer.close()
                    return
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()


def config(url: str, **kw) -> llm.ModelConfig:
    return llm.ModelConfig(model="m", base_url=url, backoff_base=0.01, **kw)


def ask(cfg: llm.ModelConfig, **kw):
    return llm.complete(cfg, [{"role": "user", "content": "hi"}], **kw)


def test_calls_share_one_kept_alive_connection_and_read_the_reply():
    async def go():
        async with Server() as server:
            results = [await ask(config(server.url)) for _ in range(3)]
            return server.connections, results

    connections, results = asyncio.run(go())
    assert connections == 1
    assert [r.content for r in results] == ["hello"] * 3 and results[0].usage["input"] == 7


def test_chunked_and_gzip_replies_are_read():
    def respond(body):
        data = gzip.compress(orjson.dumps(REPLY))
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(data[i:i + 10]), data[i:i + 10]) for i in range(0, len(data), 10))
        return 200, {"transfer-encoding": "chunked", "content-encoding": "gzip"}, chunks + b"0\r\n\r\n"

    async def go():
        async with Server(respond) as server:
            first = await ask(config(server.url))
            second = await ask(config(server.url))  # the connection stays usable after a chunked reply
            return server.connections, first, second

    connections, first, second = asyncio.run(go())
    assert first.content == second.content == "hello" and connections == 1


def test_a_connection_the_server_dropped_while_idle_is_replaced_not_an_error():
    async def go():
        async with Server(close_after=1) as server:
            results = []
            for _ in range(3):
                results.append(await ask(config(server.url, max_attempts=1)))
                await asyncio.sleep(0.05)
            return server.connections, results

    connections, results = asyncio.run(go())
    assert connections == 3 and all(r.content == "hello" and r.attempts == 1 for r in results)


def test_errors_are_named_as_the_openai_client_names_them_and_retry_after_is_honoured():
    replies = [(429, {"Retry-After": "0.01"}, b'{"error": {"message": "slow down"}}'),
               (200, {}, orjson.dumps(REPLY))]

    async def go():
        async with Server(lambda body: replies.pop(0) if replies else (401, {}, b'{"error": "bad key"}')) as server:
            ok = await ask(config(server.url))
            with pytest.raises(llm.ModelCallFailed) as failed:
                await ask(config(server.url))
            return ok, failed.value

    ok, failed = asyncio.run(go())
    assert ok.attempts == 2 and ok.usage["retries"] == 1
    assert str(failed).startswith("m: AuthenticationError (HTTP 401): Error code: 401 - ")
    assert "bad key" in str(failed) and "after 1 attempt(s)" in str(failed)  # 401 is not retried


def test_a_server_that_is_not_there_is_a_connection_error_after_the_attempts():
    async def go():
        async with Server() as server:
            url = server.url
        with pytest.raises(llm.ModelCallFailed) as failed:
            await ask(config(url, max_attempts=2))
        return failed.value

    failed = asyncio.run(go())
    assert "APIConnectionError" in str(failed) and "after 2 attempt(s)" in str(failed)
    assert failed.usage["attempts"] == 2 and failed.usage["failed"] == 1


def test_azure_url_credentials_and_proxies_keep_the_openai_client(monkeypatch):
    for variable in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy", "NO_PROXY",
                     "no_proxy"):
        monkeypatch.delenv(variable, raising=False)

    async def direct(cfg: llm.ModelConfig):
        return llm._direct(cfg)

    def fresh(cfg):
        llm._endpoints.clear()
        return asyncio.run(direct(cfg))

    assert fresh(config("http://127.0.0.1:9/v1")) is not None
    assert fresh(config("https://models.example/v1")).tls
    assert fresh(config("http://127.0.0.1:9", api_version="2024-05-01-preview")) is None
    assert fresh(config("http://user:secret@127.0.0.1:9/v1")) is None
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.example:3128")
    assert fresh(config("https://models.example/v1")) is None
    assert fresh(config("http://127.0.0.1:9/v1")) is not None  # the proxy is for https only
    monkeypatch.setenv("NO_PROXY", "models.example")
    assert fresh(config("https://models.example/v1")) is not None


def test_tool_schemas_are_sent_as_made_once_and_equal_to_the_plain_request():
    tools = [{"type": "function", "function": {"name": f"t{i}", "description": "é \u2028 \"q\"",
                                               "parameters": {"type": "object", "properties": {}}}} for i in range(3)]

    async def go():
        async with Server() as server:
            cfg = config(server.url, params={"temperature": 0})
            await ask(cfg, tools=tools)
            await ask(cfg, tools=llm.ToolSchemas(tools))
            return server.bodies

    plain, cached = asyncio.run(go())
    assert orjson.loads(plain) == orjson.loads(cached) and orjson.loads(cached)["tools"] == tools
    assert orjson.loads(cached)["temperature"] == 0


def test_a_conversation_is_encoded_message_by_message_and_sent_as_the_plain_request():
    tools = [{"type": "function", "function": {"name": "t", "parameters": {"type": "object", "properties": {}}}}]
    first = [{"role": "system", "content": "s \u2028"}, {"role": "user", "content": "hi é"}]
    later = {"role": "assistant", "content": "", "tool_calls": [{"id": "c", "type": "function",
                                                                 "function": {"name": "t", "arguments": "{}"}}]}

    async def go():
        conversation = llm.Conversation(first)
        async with Server() as server:
            cfg = config(server.url)
            await llm.complete(cfg, list(first), tools=tools)
            await llm.complete(cfg, conversation, tools=llm.ToolSchemas(tools))
            encoded = list(conversation._encoded)
            conversation.append(later)
            await llm.complete(cfg, [*first, later])
            await llm.complete(cfg, conversation)
            assert conversation._encoded[:2] == encoded  # the earlier messages were not encoded again
            return server.bodies

    bodies = asyncio.run(go())
    for body in bodies:  # each key once (a JSON parser would keep the last of two silently)
        assert body.count(b'"messages":') == 1 and body.count(b'"tools":') <= 1 and body.count(b'"model":') == 1
    plain, spliced, plain_later, spliced_later = (orjson.loads(b) for b in bodies)
    assert plain == spliced and spliced["messages"] == first and spliced["tools"] == tools
    assert plain_later == spliced_later and spliced_later["messages"] == [*first, later]


def test_the_agent_converts_only_new_events_and_starts_again_on_another_conversation():
    from thinkingbox.models.agents import EpisodeContext

    sent: list[list[dict]] = []

    async def fake_complete(cfg, messages, tools=None, **kw):
        sent.append([dict(m) for m in messages])
        return llm.Completion("ok", [], None, {**llm.empty_usage(), "calls": 1}, 1, "stop")

    agent = OpenAIAgent(llm.ModelConfig(model="m", base_url="http://127.0.0.1:9/v1"))
    original = llm.complete
    llm.complete = fake_complete
    try:
        async def go():
            await agent.start(EpisodeContext(["system"], "hi", [], "d", "t", 1))
            trajectory = [{"role": "user", "content": "hi"}]
            await agent.next_turn(trajectory)
            trajectory += [{"role": "assistant", "content": "",
                            "tool_calls": [{"id": "c1", "name": "f", "arguments": {"a": 1}}]},
                           {"role": "tool", "tool_call_id": "c1", "name": "f", "content": "done"}]
            await agent.next_turn(trajectory)
            other = [{"role": "user", "content": "another"}]
            await agent.next_turn(other)
            return trajectory, other

        trajectory, other = asyncio.run(go())
    finally:
        llm.complete = original
    system = [{"role": "system", "content": "system"}]
    assert sent[0] == system + to_messages(trajectory[:1])
    assert sent[1] == system + to_messages(trajectory)
    assert sent[2] == system + to_messages(other)
