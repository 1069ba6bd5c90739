"""The public trial facade (thinkingbox.trials): one settings object, run_one with an agent
spec or an agent object, run_many writing a run file; the worker loop defined once and
shared by every kind of worker; trajectory events made only by TrajectoryEvent."""
import ast
import asyncio
from pathlib import Path

import pytest
from helpers import record_lines, run

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.engine.events import TrajectoryEvent
from thinkingbox.engine.scheduler import prepare_jobs
from thinkingbox.engine.workers import MAX_RESTARTS, Share, run_shares
from thinkingbox.trials import AgentTurn, RunSettings, ToolCallRequest, TrialResult, run_many, run_one, run_one_async

ROOT = Path(__file__).resolve().parent.parent


def test_run_one_with_an_agent_spec_is_the_trial_tb_eval_records(host, library):
    result = run_one(library, "lend-two", RunSettings(agent="oracle"), host=host)
    assert isinstance(result, TrialResult)
    assert result.passed and result.verdict and result.finish_reason == "done" and result.failed_checks == []
    record = result.record
    assert (record["domain"], record["task"], record["trial"], record["agent"]) == ("library", "lend-two", 1, "oracle")
    assert record["config"] == RunSettings(agent="oracle").public()
    assert record["config"]["models"] == {"agent": None, "user": None, "judge": "rules"}
    events = result.trajectory
    assert all(isinstance(e, TrajectoryEvent) for e in events)
    assert events[0].kind == "request" and events[0].content == library.task("lend-two").request
    assert [e.role for e in events].count("tool") == 2 and not any(e.is_error for e in events)

    noop = run_one(library, "lend-two", RunSettings(agent="noop"), trial=3, host=host)
    assert not noop.passed and noop.record["trial"] == 3 and "golden_state" in noop.failed_checks
    assert noop.detail.startswith("golden_state: ")


class Lends:
    """An agent object of the caller's: looks the tools up, lends both books, says so."""

    name = "lends"

    def __init__(self):
        self.tools, self.turns = [], 0

    async def start(self, context):
        self.tools = [t["name"] for t in context.tools]

    async def next_turn(self, trajectory):
        self.turns += 1
        steps = self.steps
        if self.turns <= len(steps):
            tool, args = steps[self.turns - 1]
            return AgentTurn(tool_calls=[ToolCallRequest(f"own-{self.turns}", tool, args)])
        return AgentTurn(message=f"{self.final} <DONE>")


def test_run_one_with_an_agent_object(host, library):
    task = library.task("lend-two")
    agent = Lends()
    agent.steps = [(s.tool, dict(s.args)) for s in task.solution]
    agent.final = task.final_message
    result = run(run_one_async("library", task, RunSettings(agent="my-agent"), agent=agent, host=host))
    assert result.passed, result.detail
    assert "end_conversation" in agent.tools and agent.turns == len(task.solution) + 1
    assert result.record["agent"] == "my-agent"  # the settings' name for it, in the record
    calls = [c["id"] for e in result.trajectory for c in e.tool_calls]
    assert calls == ["own-1", "own-2"]

    agent.steps, agent.turns = [], 0  # the same object, doing nothing this time: the verdict says so
    assert not run(run_one_async("library", "lend-two", RunSettings(agent="my-agent"), agent=agent, host=host)).passed


def test_run_one_checks_the_settings_first(host, library):
    with pytest.raises(ThinkingboxError, match="unknown agent 'nobody'"):
        run_one(library, "lend-two", RunSettings(agent="nobody"), host=host)
    with pytest.raises(ThinkingboxError, match="no judge is configured"):
        run_one(library, "lend-one-rubric", RunSettings(agent="oracle", judge=None), host=host)
    unjudged = run_one(library, "lend-one-rubric", RunSettings(agent="oracle", judge=None), host=host,
                       require_judge=False)
    assert not unjudged.passed and unjudged.failed_checks == ["rubric"] and "not judged" in unjudged.detail
    with pytest.raises(ThinkingboxError, match="unknown tool transport 'pigeon'"):
        run_one(library, "lend-two", RunSettings(tool_transport="pigeon"), host=host)

    async def inside_a_loop():
        return run_one(library, "lend-two", RunSettings(), host=host)

    with pytest.raises(ThinkingboxError, match="await run_one_async"):
        run(inside_a_loop())


def test_run_many_writes_a_run_file_and_resumes_it(host, library, tmp_path):
    out = tmp_path / "run.jsonl"
    seen = []
    settings = RunSettings(agent="oracle", trials=2, concurrency=2)
    first = run_many(settings, domains=["library"], tasks=["lend-two"], output=out, host=host, progress=seen.append,
                     stop=lambda: len(seen) >= 1)
    assert first.output == out and 1 <= len(first.records) < 2 + 1
    assert [(r["task"], r["trial"]) for r in record_lines(out)] == [(r["task"], r["trial"]) for r in first.records]
    rest = run_many(settings, domains=["library"], output=out, host=host, resume=True)
    assert len(rest.selected()) == 4 and all(r.passed for r in rest.results)
    assert sorted((r["task"], r["trial"]) for r in record_lines(out)) == [
        ("lend-one-rubric", 1), ("lend-one-rubric", 2), ("lend-two", 1), ("lend-two", 2)]
    assert record_lines(out)[0]["config"] == settings.public()
    with pytest.raises(ThinkingboxError, match="already has records; pass --resume"):
        run_many(settings, domains=["library"], output=out, host=host)


def test_the_settings_resolve_each_roles_model_from_its_spec(monkeypatch):
    from thinkingbox.trials import ModelConfig

    monkeypatch.setenv("TB_USER_BASE_URL", "http://127.0.0.1:9/v1")
    settings = RunSettings(agent="openai:gpt-x", user="llm:small", judge="judge-model",
                           models={"agent": ModelConfig("gpt-x", params={"seed": 7})})
    models = settings.model_settings()
    assert models.agent.params == {"seed": 7}
    assert (models.user.model, models.user.base_url, models.user.params) == ("small", "http://127.0.0.1:9/v1",
                                                                              {"temperature": 0.3})
    assert (models.judge.model, models.judge.params) == ("judge-model", {"temperature": 0.0})
    assert settings.default_label() == "openai:gpt-x user=llm:small seed=7 judge=judge-model"
    assert RunSettings(agent="replay:runs/a.jsonl").model_settings().agent is None  # (a file, not a model)
    assert RunSettings(agent="command:./bot --fast").model_settings().agent is None


# ---- the worker loop: one, for every kind of worker --------------------------------------

class FakeWorkers:
    """A transport whose workers live in this process: each runs its share's trials at once
    (as run_share's records), except that the first `deaths` workers die after sending
    `sent_before_death` records."""

    name = "fake worker"

    def __init__(self, jobs, deaths=0, sent_before_death=1):
        self.by_key = {job.key: job for job in jobs}
        self.deaths, self.sent_before_death = deaths, sent_before_death
        self.started, self.ended, self.events = 0, [], []

    def start(self, share, domain_names, config):
        from thinkingbox.reporting.records import trial_record

        self.started += 1
        share.worker = self.started
        keys = list(share.pending)
        dies = self.started <= self.deaths
        for key in keys[:self.sent_before_death] if dies else keys:
            job = self.by_key[key]
            self.events.append((share, "record", trial_record(
                domain=key[0], domain_version="1", task=key[1], family=job.task_world.task.family, trial=key[2],
                config=config.public(), verdict=True, finish_reason="done")))
        self.events.append((share, "died", "signal 9") if dies else (share, "done", None))

    def wait(self, shares, timeout):
        events, self.events = self.events, []
        return events

    def end(self, share, kind):
        self.ended.append((share.worker, kind))

    def close(self):
        self.closed = True


class Records(list):
    write = list.append


def test_the_worker_loop_restarts_lost_workers_and_records_each_trial_once(library):
    jobs = run(prepare_jobs([library], {"lend-two"}, 6, set()))
    transport, writer = FakeWorkers(jobs, deaths=2), Records()
    records = run_shares(["library"], jobs, RunSettings(concurrency=4), 2, transport, writer)
    assert records == writer and sorted((r["task"], r["trial"]) for r in records) == [("lend-two", n) for n in range(1, 7)]
    assert transport.started == 4 and transport.closed  # two shares, each worker of the first two lost once
    assert sorted(transport.ended) == [(1, "died"), (2, "died"), (3, "done"), (4, "done")]
    assert all(r["finish_reason"] == "done" and r["config"]["trials"] == 1 for r in records)


def test_a_share_whose_workers_keep_dying_ends_in_error_records(library):
    jobs = run(prepare_jobs([library], {"lend-two"}, 3, set()))
    transport = FakeWorkers(jobs, deaths=100, sent_before_death=0)
    records = run_shares(["library"], jobs, RunSettings(), 1, transport, Records())
    assert transport.started == MAX_RESTARTS + 1 and len(records) == 3
    assert all(r["finish_reason"] == "error" and not r["verdict"] for r in records)
    assert all(f"died (signal 9), {MAX_RESTARTS + 1} times in a row" in r["error"] for r in records)

    # a worker that finishes a trial before it dies starts the count again: nothing is lost
    transport = FakeWorkers(jobs, deaths=100, sent_before_death=1)
    records = run_shares(["library"], jobs, RunSettings(), 1, transport, Records())
    assert transport.started == 3 and all(r["finish_reason"] == "done" for r in records)


def test_a_failed_worker_fails_the_run_naming_the_transport(library):
    jobs = run(prepare_jobs([library], {"lend-two"}, 1, set()))

    class Fails(FakeWorkers):
        def start(self, share, domain_names, config):
            self.events.append((share, "error", "ValueError: no such domain"))

    with pytest.raises(ThinkingboxError, match="a fake worker failed: ValueError: no such domain"):
        run_shares(["library"], jobs, RunSettings(), 1, Fails(jobs), Records())
    assert Share([("a", "b", 1)]).pending == {("a", "b", 1): None}


def _calls(path: Path) -> set[str]:
    return {node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Call)}


def test_the_worker_loop_is_defined_once_and_ray_calls_it():
    """Ray supplies only the transport: its actor runs the engine's `run_share`, its driver the
    engine's `run_shares`; neither keeps restarts or died records of its own."""
    ray = ROOT / "executors" / "ray" / "src" / "thinkingbox_ray"
    assert "run_share" in _calls(ray / "actors.py")
    assert "run_shares" in _calls(ray / "executor.py")
    for path in (ray / "actors.py", ray / "executor.py"):
        text = path.read_text()
        assert "restarts" not in text and "died_record" not in text and "MAX_RESTARTS" not in text, path
        assert "load_domains" not in text and ".prepare(" not in text, path
    workers = ROOT / "core" / "src" / "thinkingbox" / "engine" / "workers.py"
    assert {"run_share", "run_shares"} <= _calls(workers)  # the local processes use the same two


# ---- trajectory events -----------------------------------------------------------------

def test_trajectory_events_have_the_record_format():
    assert TrajectoryEvent.request("Hi").to_json() == {"role": "user", "content": "Hi", "source": "task"}
    assert TrajectoryEvent.user_reply("Yes", {"calls": 1}).to_json() == {
        "role": "user", "content": "Yes", "source": "simulator", "usage": {"calls": 1}}
    assert TrajectoryEvent.assistant(None, [ToolCallRequest("c1", "get", {"id": 1})], "why", None).to_json() == {
        "role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": "get", "arguments": {"id": 1}}],
        "reasoning": "why"}
    assert TrajectoryEvent.tool_result("c1", "get", "{}", False, True).to_json() == {
        "role": "tool", "tool_call_id": "c1", "name": "get", "content": "{}", "is_error": False, "write": True}
    assert TrajectoryEvent.tool_call("end", "end_conversation", {}, "Bye").to_json() == {
        "role": "assistant", "content": "Bye", "tool_calls": [{"id": "end", "name": "end_conversation",
                                                               "arguments": {}}]}
    event = TrajectoryEvent.from_json({"role": "tool", "tool_call_id": "x", "name": "n", "content": "",
                                       "is_error": True, "write": False})
    assert event.kind == "tool" and event.is_error and type(event.to_json()) is dict


def test_no_module_but_events_builds_a_trajectory_event():
    """A dict literal with a role and a key only trajectory events have (source, is_error,
    write) is an event made outside engine/events.py."""
    core = ROOT / "core" / "src" / "thinkingbox"
    places = []
    for path in sorted(core.rglob("*.py")):
        if path.name == "events.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                if "role" in keys and keys & {"source", "is_error", "write", "tool_call_id"} - (
                        {"tool_call_id"} if path.name == "openai_agent.py" else set()):
                    places.append(f"{path.relative_to(core)}:{node.lineno}")
    assert places == []


def test_a_command_agents_conversation_is_made_of_events():
    from thinkingbox.engine.episode import Conversation

    class User:
        name = "u"

        async def reply(self, visible):
            return "ok"

    async def go():
        conversation = Conversation(User(), "Please help")
        conversation.admit_call("get", {"id": 1})
        conversation.record_call("get", {"id": 1}, "{}", False)
        await conversation.agent_message("Done", end=True)
        return conversation.trajectory

    trajectory = asyncio.run(go())
    assert all(isinstance(e, TrajectoryEvent) for e in trajectory)
    assert [e.kind for e in trajectory] == ["request", "assistant", "tool", "assistant", "tool"]


@pytest.mark.domains("retail")
@pytest.mark.slow
def test_the_architecture_guides_example_runs(tmp_path, monkeypatch, capsys):
    """docs/architecture.md's "Running trials from code" example, as written."""
    import re

    text = (ROOT / "docs" / "architecture.md").read_text()
    (example,) = re.findall(r"## Running trials from code.*?```python\n(.*?)```", text, re.S)
    monkeypatch.chdir(tmp_path)
    exec(compile(example, "architecture.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("True done []\nrequest ") and out.rstrip().endswith(" passed")
    assert (tmp_path / "runs" / "noop.jsonl").exists()
