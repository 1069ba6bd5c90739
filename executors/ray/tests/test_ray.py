"""`tb eval --executor ray` against one local Ray cluster on 127.0.0.1 for the whole module:
the same verdicts as the local executor, resume after a stop, a killed worker, and the
cluster-wide limit on one model endpoint."""
import json
import time

import pytest

pytest.importorskip("ray")
pytest.importorskip("thinkingbox_ray")
from thinkingbox_ray.executor import local_instance, quiet_ray_environment  # noqa: E402

quiet_ray_environment()
import ray  # noqa: E402

from fake_openai import FakeOpenAI  # noqa: E402

from thinkingbox.interfaces.cli import main  # noqa: E402
from thinkingbox import PluginHost  # noqa: E402
from thinkingbox.trials import ModelConfig, RunSettings, plan_many  # noqa: E402
from thinkingbox_ray import RayExecutor  # noqa: E402

# The slow tier (`uv run pytest -m slow`): a local Ray cluster per module.
pytestmark = pytest.mark.slow

TASKS = ["ret-fee-001", "ret-fee-002", "ret-fee-003", "ret-fee-004"]


@pytest.fixture(scope="module")
def cluster():
    """A local instance as `tb eval --executor ray` starts one (loopback only, a token of
    this process's own), shared by the module's tests."""
    with local_instance():
        for attempt in (1, 2):  # (on a loaded machine the raylet may miss Ray's 30 s start-up deadline)
            try:
                ray.init(address="local", num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1",
                         log_to_driver=False, configure_logging=False)
                break
            except Exception:
                ray.shutdown()
                if attempt == 2:
                    raise
        yield
        ray.shutdown()


@pytest.fixture
def fake():
    server = FakeOpenAI().start()
    yield server
    server.stop()


def model_run(fake, out, executor, trials=2, concurrency=2, workers=2, resume=False, progress=None, stop=None,
              reply_s=0.2, step=None):
    """A run of `openai:fake` (each reply takes `reply_s`, or `step` computes it) on TASKS;
    the plan and the records."""
    fake.script("fake", [step or {"sleep": reply_s, "content": "I cannot help with that. <DONE>"}], repeat_last=True)
    config = RunSettings(agent="openai:fake", trials=trials, concurrency=concurrency, judge="rules",
                         models={"agent": ModelConfig(model="fake", base_url=fake.url, max_attempts=1)})
    run = plan_many(config, ["retail"], TASKS, out, executor=executor, resume=resume)
    return run.plan, run.execute(workers, progress, stop)


def read(path):
    lines = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return [line for line in lines if "run_header" not in line]  # trial records only


@pytest.mark.slow
def test_verdicts_are_those_of_the_local_executor(cluster, tmp_path):
    tasks = "ret-fee-001,ord-001,ins-001,bpy-001,crf-001"
    for agent in ("oracle", "noop"):
        outcomes = {}
        for executor in ("local", "ray"):
            out = tmp_path / f"{agent}-{executor}.jsonl"
            code = main(["eval", "--domains", "retail,booking", "--tasks", tasks, "--agent", agent, "--trials", "2",
                         "--executor", executor, "--workers", "1", "--output", str(out)])
            assert code == 0
            outcomes[executor] = sorted((r["task"], r["trial"], r["verdict"], json.dumps(r["checks"], sort_keys=True))
                                        for r in read(out))
        assert len(outcomes["ray"]) == 10 and outcomes["ray"] == outcomes["local"]
        assert {verdict for _, _, verdict, _ in outcomes["ray"]} == {agent == "oracle"}


@pytest.mark.slow
def test_a_stopped_run_resumes_without_running_a_trial_twice(cluster, fake, tmp_path):
    out = tmp_path / "run.jsonl"
    seen = []
    plan, first = model_run(fake, out, RayExecutor({}), trials=3, workers=1, progress=seen.append,
                            stop=lambda: len(seen) >= 3)
    assert 3 <= len(first) < 12 and len(read(out)) == len(first)
    plan, rest = model_run(fake, out, RayExecutor({}), trials=3, workers=1, resume=True)
    assert len(plan.previous) == len(first) and len(rest) == 12 - len(first)
    keys = [(r["task"], r["trial"]) for r in read(out)]
    assert sorted(keys) == sorted({(t, n) for t in TASKS for n in (1, 2, 3)})  # each trial once


@pytest.mark.slow
def test_the_trials_of_a_killed_worker_run_again_and_are_recorded_once(cluster, fake, tmp_path):
    out = tmp_path / "run.jsonl"
    executor = RayExecutor({})
    killed = []

    def progress(record):
        if not killed:
            deadline = time.monotonic() + 10
            while not fake.active and time.monotonic() < deadline:  # a trial waiting for the model
                time.sleep(0.01)
            killed.extend(executor.actors)
            ray.kill(executor.actors[0])  # mid-run: trials left, one of them in flight

    plan, records = model_run(fake, out, executor, workers=1, progress=progress, step=open_one_ticket)
    assert killed
    keys = [(r["task"], r["trial"]) for r in read(out)]
    assert sorted(keys) == sorted({(t, n) for t in TASKS for n in (1, 2)})  # all, each once
    assert all(r["finish_reason"] != "error" for r in records)
    # the trial in flight on the killed worker called the model, but only its re-run is recorded
    assert len(fake.requests_for("fake")) > sum(r["usage"]["agent"]["calls"] for r in records)
    for record in read(out):  # each recorded trial ran its one write once, on a world of its own
        calls = [c for e in record["trajectory"] for c in e.get("tool_calls", [])]
        created = [e for e in record["effects"] if e.get("table") == "tickets"]
        assert [c["name"] for c in calls] == ["helpdesk_create_item"] and len(created) == 1, record["effects"]


REQUESTERS = {"ret-fee-001": "U-2001", "ret-fee-002": "U-4102", "ret-fee-003": "U-4103", "ret-fee-004": "U-4104"}


def open_one_ticket(body):
    """The fake model's turn: open one help-desk ticket for the task's customer, then, once
    the result is back, say it is done (after 0.3 s, so a trial is in flight to be killed)."""
    if any(m["role"] == "tool" for m in body["messages"]):
        return {"sleep": 0.3, "content": "I opened a ticket for you. <DONE>"}
    request = next(m["content"] for m in body["messages"] if m["role"] == "user")
    task = next(t for t in TASKS if _request(t) == request)
    item = {"subject": "Call back", "description": "The customer asked for a call back.", "status": "open",
            "priority": "low", "type": "question", "requester_id": REQUESTERS[task]}
    return {"sleep": 0.3, "tool_calls": [{"name": "helpdesk_create_item", "arguments": {"table": "tickets",
                                                                                        "item": item}}]}


def _request(task_id):
    return PluginHost().load_domains(["retail"])[0].task(task_id).request


@pytest.mark.slow
def test_the_endpoint_limit_holds_across_workers(cluster, fake, tmp_path):
    executor = RayExecutor({"max_model_concurrency": "3"})
    plan, records = model_run(fake, tmp_path / "run.jsonl", executor, trials=3, concurrency=8)
    assert len(records) == 12 and all(r["finish_reason"] != "error" for r in records)
    assert 1 < fake.peak <= 3


@pytest.mark.parametrize("options, message", [
    ({"adress": "x"}, "unknown --executor-option 'adress' for ray; known: address, num_cpus"),
    ({"max_model_concurrency": "many"}, "--executor-option max_model_concurrency expects a positive number"),
    ({"rpm": "0"}, "--executor-option rpm expects a positive number, got '0'"),
])
def test_executor_options_are_checked_before_ray_starts(options, message):
    from thinkingbox.contract.errors import ThinkingboxError

    with pytest.raises(ThinkingboxError, match=message):
        RayExecutor(options)
