"""The inspect_ai integration, with inspect's mock model and the network unreachable: any
connection beyond 127.0.0.1 fails the test that made it."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("thinkingbox_inspect")  # an optional package: absent where only the core is installed

from inspect_ai import eval as inspect_eval  # noqa: E402
from inspect_ai._util.error import PrerequisiteError  # noqa: E402
from inspect_ai.log import read_eval_log  # noqa: E402

from thinkingbox_inspect import reference_actions, run_actions, thinkingbox  # noqa: E402

LOOPBACK = ("127.0.0.1", "::1", "localhost")


@pytest.fixture(autouse=True)
def offline(monkeypatch, tmp_path):
    """No connection leaves the machine, and inspect writes nothing under the home folder."""
    attempts: list[object] = []
    connect = socket.socket.connect

    def guarded(self, address):
        if self.family in (socket.AF_INET, socket.AF_INET6) and address[0] not in LOOPBACK:
            attempts.append(address)
            raise OSError(f"test is offline: no connection to {address}")
        return connect(self, address)

    monkeypatch.setattr(socket.socket, "connect", guarded)
    monkeypatch.setattr(socket, "getaddrinfo", _no_dns(socket.getaddrinfo, attempts))
    for variable in ("XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(variable, str(tmp_path / variable.lower()))
    monkeypatch.setenv("INSPECT_LOG_DIR", str(tmp_path / "logs"))
    yield
    assert attempts == [], f"something tried to reach the network: {attempts}"


def _no_dns(getaddrinfo, attempts):
    def lookup(host, *args, **kwargs):
        if host not in LOOPBACK and host is not None:
            attempts.append(host)
            raise socket.gaierror(f"test is offline: no lookup of {host}")
        return getaddrinfo(host, *args, **kwargs)

    return lookup


@pytest.mark.slow
def test_replaying_the_reference_solution_scores_correct():
    passed, checks = run_actions("retail", "dfw-001", reference_actions("retail", "dfw-001"))
    assert passed
    assert [c["name"] for c in checks] == ["golden_state", "communication"]
    assert all(c["passed"] for c in checks)


@pytest.mark.slow
def test_a_rubric_task_passes_by_the_offline_rules_and_is_not_judged_without_them():
    actions = reference_actions("booking", "crf-002")
    passed, checks = run_actions("booking", "crf-002", actions)
    assert passed and "rubric" in [c["name"] for c in checks]
    passed, checks = run_actions("booking", "crf-002", actions, judge="none")
    assert not passed
    (rubric,) = [c for c in checks if c["name"] == "rubric"]
    assert not rubric["passed"] and "not judged" in rubric["detail"]


@pytest.mark.slow
def test_one_wrong_action_fails_the_golden_state_check():
    actions = reference_actions("retail", "dfw-001")
    actions = [a for a in actions if a.get("tool") != "create_rma"]  # the return is never authorized
    passed, checks = run_actions("retail", "dfw-001", actions)
    assert not passed
    golden = checks[0]
    assert golden["name"] == "golden_state" and not golden["passed"]
    assert any(d["table"] == "rmas" and d["kind"] == "missing" for d in golden["data"])


@pytest.mark.slow
def test_a_mock_model_that_does_nothing_scores_incorrect_with_the_diff_and_failed_claims(tmp_path):
    (log,) = inspect_eval(thinkingbox(domain="retail", tasks="dfw-001", max_user_turns=2), model="mockllm/model",
                          log_dir=str(tmp_path), display="none", score_display=False)
    assert log.status == "success"
    (sample,) = log.samples
    assert sample.id == "dfw-001" and sample.metadata["domain"] == "retail"
    (score,) = sample.scores.values()
    assert score.value == "I"
    meta = score.metadata
    assert meta["finish_reason"] == "user_limit" and meta["counts"] == {"user_turns": 2, "tool_calls": 0}
    assert [d["kind"] for d in meta["diff"]] == ["missing"] * 5
    assert any("RMA-20001" in claim for claim in meta["failed_claims"])
    # the simulated user's replies are in the conversation inspect logged
    users = [m for m in sample.messages if m.role == "user"]
    assert len(users) == 3 and users[0].text.startswith("Hello, the robot vacuum")


@pytest.mark.slow
def test_tasks_are_found_by_name_through_the_entry_point(tmp_path):
    (log,) = inspect_eval("thinkingbox_inspect/thinkingbox", task_args={"domain": "neobank"}, limit=1,
                          model="mockllm/model", log_dir=str(tmp_path), display="none", score_display=False)
    assert log.status == "success" and log.eval.task == "thinkingbox_inspect/thinkingbox"
    assert log.samples[0].metadata["domain"] == "neobank"
    assert log.samples[0].scores["thinkingbox_checks"].value == "I"


@pytest.mark.slow
def test_the_inspect_command_runs_a_domain_task_offline(tmp_path):
    """`inspect eval thinkingbox_inspect/retail --model mockllm/model --limit 1` in a process
    of its own, whose every connection beyond 127.0.0.1 fails and is written down."""
    guard = tmp_path / "guard"
    guard.mkdir()
    attempts = tmp_path / "attempts.txt"
    (guard / "sitecustomize.py").write_text(textwrap.dedent(f"""
        import socket
        _connect, _lookup = socket.socket.connect, socket.getaddrinfo
        def _note(what):
            with open({str(attempts)!r}, "a") as f:
                f.write(repr(what) + "\\n")
        def connect(self, address):
            if self.family in (socket.AF_INET, socket.AF_INET6) and address[0] not in {LOOPBACK!r}:
                _note(address)
                raise OSError("offline")
            return _connect(self, address)
        def getaddrinfo(host, *args, **kwargs):
            if host is not None and host not in {LOOPBACK!r}:
                _note(host)
                raise socket.gaierror("offline")
            return _lookup(host, *args, **kwargs)
        socket.socket.connect, socket.getaddrinfo = connect, getaddrinfo
    """))
    env = {**os.environ, "PYTHONPATH": str(guard), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CACHE_HOME": str(tmp_path / "cache"), "INSPECT_LOG_DIR": str(tmp_path / "logs"), "NO_COLOR": "1"}
    inspect = Path(sys.executable).with_name("inspect")
    result = subprocess.run([str(inspect), "eval", "thinkingbox_inspect/retail", "--model", "mockllm/model",
                             "--limit", "1", "-T", "max_user_turns=1", "--display", "plain"],
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    (log_file,) = (tmp_path / "logs").glob("*.eval")
    log = read_eval_log(str(log_file))
    assert log.status == "success" and log.eval.task == "thinkingbox_inspect/retail"
    (score,) = log.samples[0].scores.values()
    assert score.value == "I" and score.metadata["finish_reason"] == "user_limit"  # not an error
    assert not attempts.exists(), attempts.read_text()


@pytest.mark.slow
def test_the_llm_user_answers_through_its_model_endpoint(monkeypatch, tmp_path):
    from fake_openai import FakeOpenAI

    key = "sk-test-not-a-real-key"

    server = FakeOpenAI().start()
    try:
        server.script("fake-user", [{"content": "Yes, please go ahead."}], repeat_last=True)
        monkeypatch.setenv("TB_USER_BASE_URL", server.url)
        monkeypatch.setenv("OPENAI_API_KEY", key)
        passed, _ = run_actions("retail", "dfw-001", reference_actions("retail", "dfw-001"), user="llm:fake-user",
                                log_dir=str(tmp_path / "logs"))
        asked = server.requests_for("fake-user")
    finally:
        server.stop()
    assert passed
    assert len(asked) == 1  # the reference asks the customer once ("Shall I go ahead?")
    assert "Shall I go ahead?" in json.dumps(asked[0]["messages"])
    (log_file,) = (tmp_path / "logs").glob("*.eval")
    with zipfile.ZipFile(log_file) as log:  # the key never reaches inspect's log
        contents = [log.read(name) for name in log.namelist()]
    assert any(b"dfw-001" in c for c in contents) and not any(key.encode() in c for c in contents)


@pytest.mark.slow
def test_a_user_model_error_quoting_the_key_is_a_sample_error_redacted(monkeypatch, tmp_path):
    """The simulated user's model fails (its endpoint echoes the key): the sample errors, as
    `tb eval` records an error trial, and the key reaches neither the error nor the log."""
    from fake_openai import FakeOpenAI
    from inspect_ai.model import get_model
    from thinkingbox_inspect.replay import MOCK, mock_outputs

    key = "sk-test-echoed-by-the-endpoint"
    server = FakeOpenAI().start()
    try:
        server.script("fake-user", [{"status": 400, "error": f"invalid key {key}"}], repeat_last=True)
        monkeypatch.setenv("TB_USER_BASE_URL", server.url)
        monkeypatch.setenv("OPENAI_API_KEY", key)
        outputs = mock_outputs(reference_actions("retail", "dfw-001"))
        model = get_model(MOCK, custom_outputs=lambda *_: outputs.pop(0), memoize=False)
        (log,) = inspect_eval(thinkingbox(domain="retail", tasks="dfw-001", user="llm:fake-user"), model=model,
                              log_dir=str(tmp_path), display="none", score_display=False)
    finally:
        server.stop()
    assert log.status == "error"
    (sample,) = log.samples
    assert not sample.scores and "TrialError" in sample.error.message
    assert "the trial ended in an error" in sample.error.message and "[REDACTED]" in sample.error.message
    (log_file,) = tmp_path.glob("*.eval")
    with zipfile.ZipFile(log_file) as archive:
        assert not any(key.encode() in archive.read(name) for name in archive.namelist())


def _unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["http 500", "unreachable"])
def test_a_failing_agent_model_is_a_sample_error_that_eval_retry_runs_again(fault, monkeypatch, tmp_path):
    """inspect's model (an OpenAI-compatible server, `openai-api/fake/...`) fails: after the
    retries allowed the sample errors (no score) and the log's status is "error"; once the
    server answers again, `inspect eval-retry` (eval_retry) finishes the sample."""
    from fake_openai import FakeOpenAI
    from inspect_ai import eval_retry

    server = FakeOpenAI().start()
    try:
        server.script("agent", [{"status": 500, "error": "the model is down"}], repeat_last=True)
        url = server.url if fault == "http 500" else f"http://127.0.0.1:{_unused_port()}/v1"
        monkeypatch.setenv("FAKE_BASE_URL", url)
        monkeypatch.setenv("FAKE_API_KEY", "not-a-key")
        # one retry of inspect's (3-6 s of backoff), none of the openai client's own
        (log,) = inspect_eval(thinkingbox(domain="retail", tasks="dfw-001", max_user_turns=1),
                              model="openai-api/fake/agent", model_args={"max_retries": 0}, max_retries=1,
                              log_dir=str(tmp_path), display="none", score_display=False)
        assert log.status == "error"
        (sample,) = log.samples
        assert not sample.scores and sample.error is not None
        message = sample.error.message
        assert "the agent model failed after its retries" in message
        if fault == "http 500":
            assert "InternalServerError" in message and "the model is down" in message
            assert len(server.requests_for("agent")) == 2  # the first try and one retry: bounded
        else:
            assert "APIConnectionError" in message and server.requests == []
            return  # (the log keeps the endpoint it resolved: a retry would reach the same closed port)

        server.script("agent", [{"content": "I cannot help with that. <DONE>"}], repeat_last=True)
        (retried,) = eval_retry(log, log_dir=str(tmp_path), display="none", score_display=False)
    finally:
        server.stop()
    assert retried.status == "success"
    (score,) = retried.samples[0].scores.values()
    assert score.value == "I" and score.metadata["finish_reason"] == "done"


def test_a_task_bounds_the_model_retries():
    """Inspect retries without limit by default; a Thinkingbox task allows a few retries for
    at most a minute (inspect's --max-retries / --timeout override both)."""
    from thinkingbox_inspect.tasks import MAX_RETRIES, TIMEOUT_S

    config = thinkingbox(domain="retail", tasks="dfw-001").config
    assert (config.max_retries, config.timeout) == (MAX_RETRIES, TIMEOUT_S)
    assert 0 < MAX_RETRIES <= 5 and 0 < TIMEOUT_S <= 120


def test_an_agent_model_failure_names_the_error_of_its_last_attempt(monkeypatch):
    from tenacity import RetryError
    from tenacity import Future as Attempt

    from thinkingbox_inspect.episode import TrialError, model_failure

    key = "sk-test-quoted-in-an-error-0123"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    attempt = Attempt(attempt_number=4)
    attempt.set_exception(ConnectionError(f"refused (key {key})"))
    error = model_failure(RetryError(attempt))
    assert isinstance(error, TrialError)
    assert "ConnectionError: refused (key [REDACTED])" in str(error) and key not in str(error)
    assert str(model_failure(ValueError("bad"))).endswith("ValueError: bad")


def test_a_key_the_model_repeats_is_judged_as_said_and_redacted_in_the_score(monkeypatch, tmp_path):  # issue 33
    key = "sk-test-repeated-by-the-model-0123"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    *reference, final = reference_actions("retail", "dfw-001")
    passed, _ = run_actions("retail", "dfw-001", [*reference, {**final, "message": f"{final['message']} (my key: {key})"}],
                            log_dir=str(tmp_path))
    assert passed  # judged on what was said
    (log_file,) = tmp_path.glob("*.eval")
    (score,) = read_eval_log(str(log_file)).samples[0].scores.values()
    assert "(my key: [REDACTED])" in score.answer and "RMA-20001" in score.answer
    assert key not in json.dumps([score.answer, score.explanation, score.metadata])


@pytest.mark.parametrize("args, message", [
    ({"domain": "nope"}, "thinkingbox: unknown domain 'nope'; installed domains: "),
    ({"tasks": "dfw-001,zzz"}, "thinkingbox: task argument tasks: domain 'retail' has no task(s) zzz"),
    ({"user": "llm"}, "thinkingbox: task argument user: the llm user needs a model, user=llm:MODEL"),
    ({"user": "robot"}, "thinkingbox: unknown user 'robot'; available: llm, scripted"),
])
def test_bad_task_arguments_are_one_line_errors(args, message):
    with pytest.raises(PrerequisiteError) as error:
        thinkingbox(**args)
    assert error.value.message.startswith(message) and "\n" not in error.value.message


def test_a_failed_tool_call_is_an_error_result_and_the_end_tool_ends_the_conversation(tmp_path):
    *reference, final = reference_actions("retail", "dfw-001")
    actions = [{"tool": "get_order", "arguments": {"order_id": "ORD-000000"}}, *reference,
               {"tool": "end_conversation", "arguments": {}, "message": final["message"]}]
    passed, _ = run_actions("retail", "dfw-001", actions, log_dir=str(tmp_path))
    assert passed  # a failed call changes nothing
    (log_file,) = tmp_path.glob("*.eval")
    (sample,) = read_eval_log(str(log_file)).samples
    assert sample.scores["thinkingbox_checks"].metadata["finish_reason"] == "end_turn"
    tools = [m for m in sample.messages if m.role == "tool"]
    assert tools[0].error is not None and "ORD-000000" in tools[0].text
    assert all(m.error is None for m in tools[1:])
    assert tools[-1].function == "end_conversation"
    assert sample.messages[-1].role == "tool"  # the end tool's result is in the conversation too


@pytest.mark.slow
def test_samples_run_concurrently_each_in_its_own_world(tmp_path):
    """Six retail tasks at once, the mock model replaying each one's reference: every sample
    passes only if no sample's calls reach another's world."""
    from inspect_ai.model import ModelOutput, get_model
    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox_inspect.replay import MOCK, mock_outputs

    (retail,) = PluginHost().load_domains(["retail"])
    # The mock model finds a sample by its opening request: tasks with a request of their own
    # (a decline variant opens as its source task does).
    requests = [task.request for task in retail.tasks.values()]
    unique = [t for t in sorted(retail.tasks) if requests.count(retail.tasks[t].request) == 1]
    ids = ["dfw-001", "ret-fee-001"] + [t for t in unique if t not in ("dfw-001", "ret-fee-001")][:4]
    replies = {retail.tasks[t].request: mock_outputs(reference_actions("retail", t)) for t in ids}

    def replay(messages, tools, tool_choice, config):
        outputs = replies[next(m.text for m in messages if m.role == "user")]
        turn = sum(m.role == "assistant" for m in messages)
        return outputs[turn] if turn < len(outputs) else ModelOutput.from_content(MOCK, "<DONE>")

    (log,) = inspect_eval(thinkingbox(domain="retail", tasks=ids), model=get_model(MOCK, custom_outputs=replay),
                          max_samples=len(ids), log_dir=str(tmp_path), display="none", score_display=False)
    assert {s.id: s.scores["thinkingbox_checks"].value for s in log.samples} == {t: "C" for t in ids}

