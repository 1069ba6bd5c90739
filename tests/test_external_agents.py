"""`tb eval --agent command:CMD`: an agent process per trial, given the MCP URL of its
trial's world, talking to the simulated user over JSON lines (docs/external-agents.md)."""
import json
import sys
import time
from pathlib import Path

import pytest

from thinkingbox.engine.discovery import PluginHost
from thinkingbox.interfaces.cli import main
from thinkingbox.trials import reference_actions

pytestmark = pytest.mark.domains("retail", "booking")

ROOT = Path(__file__).resolve().parents[1]
REPLAY_AGENT = ROOT / "tests" / "replay_agent.py"
ADAPTER = ROOT / "examples" / "openai_agents_adapter.py"
PY = sys.executable


def evaluate(tmp_path, agent: str, domain: str, task: str, *extra, status=0) -> dict:
    out = tmp_path / f"{len(list(tmp_path.glob('*.jsonl')))}.jsonl"
    assert main(["eval", "--domains", domain, "--tasks", task, "--agent", agent, "--output", str(out),
                 *extra]) == status
    (record,) = [r for r in map(json.loads, out.read_text().splitlines()) if "run_header" not in r]
    return record


def tool_events(record: dict) -> list[tuple]:
    return [(e["name"], e["content"], e["is_error"], e["write"]) for e in record["trajectory"] if e["role"] == "tool"]


@pytest.mark.parametrize("domain,task,extra", [("retail", "dfw-001", ()), ("booking", "crf-002", ("--judge", "rules"))])
@pytest.mark.slow
def test_a_replaying_process_gets_the_oracles_verdict_and_record(tmp_path, domain, task, extra):
    actions = tmp_path / "actions.json"
    actions.write_text(json.dumps(reference_actions(domain, task)))
    oracle = evaluate(tmp_path, "oracle", domain, task, *extra)
    external = evaluate(tmp_path, f"command:{PY} {REPLAY_AGENT} {actions}", domain, task, *extra)
    assert external["verdict"] is True and oracle["verdict"] is True, external["error"]
    assert external["finish_reason"] == "done" and external["error"] is None
    assert [(c["name"], c["passed"]) for c in external["checks"]] == [(c["name"], c["passed"]) for c in oracle["checks"]]
    assert external["counts"] == oracle["counts"]
    # the tool calls as the MCP server ran them, recorded as our own agents' are
    assert tool_events(external) == tool_events(oracle) and tool_events(external)
    said = [e["content"] for e in external["trajectory"] if e["role"] in ("user", "assistant") and e["content"]]
    assert said == [e["content"] for e in oracle["trajectory"] if e["role"] in ("user", "assistant") and e["content"]]
    assert external["config"]["tool_transport"] == "http"


@pytest.mark.slow
def test_doing_nothing_fails_as_noop_does(tmp_path):
    from replay_agent import run_replayed

    record = run_replayed("retail", "ret-fee-001", [{"message": "Sorry, I cannot help with this request. <DONE>"}],
                          tmp_path / "nothing.jsonl")
    assert record["verdict"] is False and record["finish_reason"] == "done" and record["error"] is None
    assert record["counts"] == {"user_turns": 0, "tool_calls": 0}


def script(tmp_path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("import json, sys, time\nstart = json.loads(sys.stdin.readline())\n" + body)
    return f"command:{PY} {path}"


@pytest.mark.slow
def test_a_crashing_process_is_an_error_trial_naming_its_status_and_stderr(tmp_path, monkeypatch):
    monkeypatch.setenv("SOME_API_KEY", "sk-never-in-a-record-42")
    agent = script(tmp_path, "crash.py", "print('boom: the adapter broke, key', 'sk-never-in-a-record-42', "
                   "file=sys.stderr)\nsys.exit(3)\n")
    record = evaluate(tmp_path, agent, "retail", "ret-fee-001", status=1)
    assert record["finish_reason"] == "error" and record["verdict"] is False
    assert "exited with status 3 before the conversation ended" in record["error"]
    assert "boom: the adapter broke" in record["error"] and "sk-never-in-a-record-42" not in json.dumps(record)


@pytest.mark.slow
def test_a_silent_process_times_out_cleanly_and_is_killed(tmp_path):
    marker = tmp_path / "still-alive"
    agent = script(tmp_path, "silent.py", f"time.sleep(60)\nopen({str(marker)!r}, 'w').write('x')\n")
    started = time.monotonic()
    record = evaluate(tmp_path, agent, "retail", "ret-fee-001", "--agent-timeout", "1", status=1)
    assert time.monotonic() - started < 30
    assert record["finish_reason"] == "error" and "killed" in record["error"]
    assert "sent no message for 1 s (--agent-timeout)" in record["error"]
    time.sleep(0.5)
    assert not marker.exists()


@pytest.mark.slow
def test_a_process_that_breaks_the_protocol_is_an_error_trial_that_says_so(tmp_path):
    agent = script(tmp_path, "chatty.py", "print('hello, I am not JSON', flush=True)\ntime.sleep(30)\n")
    record = evaluate(tmp_path, agent, "retail", "ret-fee-001", status=1)
    assert "wrote a line that is not JSON: 'hello, I am not JSON" in record["error"]
    agent = script(tmp_path, "wrong.py", "print(json.dumps({'type': 'shout'}), flush=True)\ntime.sleep(30)\n")
    record = evaluate(tmp_path, agent, "retail", "ret-fee-001", status=1)
    assert "not a protocol message" in record["error"]


def test_the_start_message_and_the_user_limit(tmp_path):
    seen = tmp_path / "start.json"
    agent = script(tmp_path, "asker.py", f"open({str(seen)!r}, 'w').write(json.dumps(start))\n"
                   "while True:\n"
                   "    print(json.dumps({'type': 'log', 'note': 'thinking'}), flush=True)\n"
                   "    print(json.dumps({'type': 'message', 'content': 'What is your order number?'}), flush=True)\n"
                   "    if json.loads(sys.stdin.readline())['type'] == 'end':\n"
                   "        break\n")
    record = evaluate(tmp_path, agent, "retail", "ret-fee-001", "--max-user-turns", "2")
    assert record["finish_reason"] == "user_limit" and record["counts"]["user_turns"] == 2
    start = json.loads(seen.read_text())
    task = PluginHost().load_domains(["retail"])[0].task("ret-fee-001")
    assert start["type"] == "start" and start["protocol"] == 1 and start["message"] == task.request
    assert start["mcp_url"].startswith("http://127.0.0.1:") and start["mcp_headers"]
    assert (start["domain"], start["task"], start["trial"]) == ("retail", "ret-fee-001", 1)
    assert "support agent" in start["system_prompt"]


@pytest.mark.slow
def test_the_openai_agents_sdk_adapter_solves_a_task_with_a_scripted_model(tmp_path, fake_openai, monkeypatch):
    pytest.importorskip("agents")  # the dev group installs openai-agents
    monkeypatch.setenv("OPENAI_BASE_URL", fake_openai.url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fake-key-for-the-fake-server")
    steps = []
    for action in reference_actions("retail", "dfw-001"):
        if "tool" in action:
            steps.append({"tool_calls": [{"name": action["tool"], "arguments": action["arguments"]}]})
        else:
            steps.append({"content": action["message"]})
    fake_openai.script("fake-sdk-model", steps)
    record = evaluate(tmp_path, f"command:{PY} {ADAPTER} fake-sdk-model", "retail", "dfw-001")
    assert record["verdict"] is True, record["error"]
    oracle = evaluate(tmp_path, "oracle", "retail", "dfw-001")
    assert tool_events(record) == tool_events(oracle)
    requests = fake_openai.requests_for("fake-sdk-model")
    assert len(requests) == len(steps)
    assert all(r.get("tools") for r in requests)  # chat completions with the MCP tools
    assert {t["function"]["name"] for t in requests[0]["tools"]} >= {a["tool"] for a in reference_actions(
        "retail", "dfw-001") if "tool" in a}
    assert all(req["path"].endswith("/chat/completions") for req in fake_openai.requests)


@pytest.mark.parametrize("agent,extra,message", [
    ("command:", (), "the command agent needs a command"),
    ("command:python 'unclosed", (), "cannot split"),
    ("command:python agent.py", ("--tool-transport", "stdio"), "reaches its tools over HTTP"),
])
def test_a_command_that_cannot_run_is_a_one_line_error_before_any_trial(tmp_path, capsys, agent, extra, message):
    out = tmp_path / "run.jsonl"
    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--agent", agent, "--output", str(out),
                 *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and not out.exists()


@pytest.mark.slow
def test_the_end_flag_and_the_action_cap_end_the_conversation_as_for_our_agents(tmp_path):
    from replay_agent import run_replayed

    ended = script(tmp_path, "ender.py", "print(json.dumps({'type': 'message', 'content': 'All set.', 'end': True}),"
                   " flush=True)\nassert json.loads(sys.stdin.readline())['type'] == 'end'\n")
    record = evaluate(tmp_path, ended, "retail", "ret-fee-001")
    assert record["finish_reason"] == "end_turn" and record["final_message"] == "All set."
    assert [e["name"] for e in record["trajectory"] if e["role"] == "tool"] == ["end_conversation"]
    lookups = [{"tool": "get_order", "arguments": {"order_id": "ORD-200001"}}] * 3
    capped = run_replayed("retail", "ret-fee-001", lookups, tmp_path / "capped.jsonl", "--max-tool-calls", "2")
    assert capped["finish_reason"] == "action_limit" and capped["counts"]["tool_calls"] == 2
    assert [e["is_error"] for e in capped["trajectory"] if e["role"] == "tool"] == [False, False]


@pytest.mark.slow
def test_a_command_agents_record_rejudges_to_the_same_verdict(tmp_path, capsys):
    from replay_agent import run_replayed

    run_replayed("retail", "dfw-001", reference_actions("retail", "dfw-001"), tmp_path / "run.jsonl")
    assert main(["rejudge", str(tmp_path / "run.jsonl"), "--output", str(tmp_path / "again.jsonl")]) == 0
    assert "0 verdict(s) changed" in capsys.readouterr().out
    (record,) = [r for r in map(json.loads, (tmp_path / "again.jsonl").read_text().splitlines())
                 if "run_header" not in r]
    assert record["verdict"] is True


@pytest.mark.slow
def test_the_first_error_line_of_a_crashing_python_agent_names_its_exception(tmp_path, capsys):
    """A traceback on stderr: the record's error and the first-error line keep the exception
    line ("ValueError: ..."), not only the "Traceback (most recent call last):" header."""
    frames = "\n".join(f"def f{i}(): return f{i + 1}()" for i in range(30))  # a deep stack: a long traceback
    agent = script(tmp_path, "raises.py", f"{frames}\ndef f30(): raise ValueError('the adapter got no tools')\n"
                   "f0()\n")
    record = evaluate(tmp_path, agent, "retail", "ret-fee-001", status=1)
    assert "ended (ValueError: the adapter got no tools); its stderr ends: " in record["error"]
    (line,) = [x for x in capsys.readouterr().err.splitlines() if x.startswith("tb: first error")]
    assert "ValueError: the adapter got no tools" in line and "File " not in line


def test_the_exception_line_of_a_traceback():
    from thinkingbox.engine.external import exception_line
    from thinkingbox.interfaces.progress import error_summary

    chained = ("starting\nTraceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n    x()\n"
               "KeyError: 'tools'\n\nDuring handling of the above exception, another exception occurred:\n\n"
               "Traceback (most recent call last):\n  File \"a.py\", line 3, in <module>\n    y()\n"
               "pkg.errors.AdapterError: no tools listed\nshutting down\n")
    assert exception_line(chained) == "pkg.errors.AdapterError: no tools listed"
    assert exception_line("Traceback (most recent call last):\n  File \"a.py\"\nKeyboardInterrupt\n") == \
        "KeyboardInterrupt"
    assert exception_line("no traceback here: ValueError: x") is None
    cut = '" line 9, in f\n    g()\n  File "b.py", line 2, in g\n    raise OSError(5)\nOSError: 5\n'
    assert exception_line(cut) == "OSError: 5"  # a long traceback's header cut off with the start of stderr
    summary = error_summary("agent process: exited with status 1; its stderr ends: " + chained)
    assert summary.endswith("AdapterError: no tools listed") and "File" not in summary
    assert error_summary("x" * 400) == "x" * 300 + "..."


@pytest.mark.slow
def test_the_docs_example_runs_a_rubric_task_with_the_judge_it_shows(tmp_path, capsys):
    """docs/external-agents.md shows a command agent on booking (rubric questions) with a
    judge; without one the run stops before it starts, naming `--judge rules`."""
    import shlex

    doc = (ROOT / "docs" / "external-agents.md").read_text()
    (line,) = [x.strip() for x in doc.splitlines() if x.strip().startswith("tb eval --domains booking --agent")]
    words = shlex.split(line)
    assert words[words.index("--judge") + 1] == "rules"
    agent = f"command:{PY} {REPLAY_AGENT} -"      # replays the task's reference solution
    args = [w if not w.startswith("command:") else agent for w in words[1:]]
    out = tmp_path / "run.jsonl"
    without = [a for i, a in enumerate(args) if a != "--judge" and (i == 0 or args[i - 1] != "--judge")]
    assert main([*without, "--tasks", "crf-002", "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert "rubric questions (crf-002)" in err and "--judge rules" in err and not out.exists()
    assert main([*args, "--tasks", "crf-002", "--output", str(out)]) == 0
    (record,) = [r for r in map(json.loads, out.read_text().splitlines()) if "run_header" not in r]
    assert record["verdict"] is True and "rubric" in {c["name"] for c in record["checks"]}, record["error"]
