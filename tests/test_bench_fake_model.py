"""The benchmark's fake model (bench/fake_model_server.py) finds a request's task and step
from its bytes instead of parsing ~100 KB of JSON per call; this holds that reading to the
requests the openai agent really sends, quotes and backslashes in the conversation included."""
import importlib.util
import json
from pathlib import Path

import orjson
import pytest

from thinkingbox.interfaces.cli import main

SERVER = Path(__file__).resolve().parent.parent / "bench" / "fake_model_server.py"


def fake_model_server():
    spec = importlib.util.spec_from_file_location("fake_model_server", SERVER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def full_parse(raw: bytes) -> tuple[str, int]:
    messages = json.loads(raw)["messages"]
    return (next(m["content"] for m in messages if m["role"] == "user"),
            sum(1 for m in messages if m["role"] == "assistant"))


@pytest.mark.domains("retail")
def test_the_fake_model_reads_the_agents_requests_as_a_full_parse_would(tmp_path, fake_openai):
    server = fake_model_server()
    tricky = 'ORD-"9\\\\" {"role":"user","content":"x"}'  # echoed back by the tool's error
    fake_openai.script("fake-agent", [
        {"tool_calls": [{"name": "get_order", "arguments": {"order_id": tricky}}]},
        {"content": 'Said "role":"assistant" \\ then'},
        {"content": "Done. <DONE>"}])
    code = main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--agent", "openai:fake-agent",
                 "--agent-base-url", fake_openai.url, "--output", str(tmp_path / "run.jsonl"), "--progress-every", "0"])
    assert code == 0
    raws = [r["raw"] for r in fake_openai.requests]
    assert len(raws) == 3 and any(b'\\"role\\":\\"user\\"' in raw for raw in raws[1:])  # the trap was sent
    for raw in raws:
        assert server.read_compact(raw) == full_parse(raw)
    assert [server.read_compact(raw)[1] for raw in raws] == [0, 1, 2]


def test_quotes_and_backslashes_in_the_request_and_other_writers_requests():
    server = fake_model_server()
    request = 'My code is "A\\" and \\"B\\", then {"role":"assistant"}'
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": request},
                {"role": "assistant", "content": "a"}, {"role": "user", "content": "more"}]
    compact = orjson.dumps({"model": "m", "messages": messages})  # as the harness writes it
    assert server.read_compact(compact) == (request, 1) == server.conversation(compact)
    spaced = json.dumps({"model": "m", "messages": messages}, indent=1).encode()
    assert server.read_compact(spaced) is None and server.conversation(spaced) == (request, 1)
