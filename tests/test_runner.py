"""The runner: isolation of concurrent trials, records, resume."""
import pytest
import asyncio
import json

from helpers import run
from thinkingbox.models.agents import AgentTurn, ToolCallRequest
from thinkingbox.contract.hookspecs import hookimpl
from thinkingbox.reporting.records import RecordWriter, read_records, trial_record
from thinkingbox.trials import RunSettings
from thinkingbox.engine.scheduler import prepare_jobs, run_jobs


class Prober:
    """Lends book B1, yields to the other trials, then reads it back and finishes."""

    name = "prober"

    def __init__(self):
        self.step = 0

    async def start(self, context):
        self.tools = [t["name"] for t in context.tools]

    async def next_turn(self, trajectory):
        self.step += 1
        await asyncio.sleep(0.001)  # let the other trials run in between
        if self.step == 1:
            return AgentTurn(tool_calls=[ToolCallRequest("c1", "lend_book", {"book_id": "B1", "member": "M-77"})])
        if self.step == 2:
            return AgentTurn(tool_calls=[ToolCallRequest("c2", "get_book", {"book_id": "B1"}),
                                         ToolCallRequest("c3", "get_book", {"book_id": "nope"})])
        return AgentTurn(message="All done. <DONE>")


class ProberPlugin:
    @hookimpl
    def tb_agents(self):
        return {"prober": lambda spec, task, domain, settings: Prober()}


def test_concurrent_trials_never_see_each_others_writes(host, library, tmp_path):
    host.pm.register(ProberPlugin())
    jobs = run(prepare_jobs([library], {"lend-two"}, 12, set()))
    writer = RecordWriter(tmp_path / "run.jsonl")
    records = run(run_jobs(host, jobs, RunSettings(agent="prober", trials=12, concurrency=12), writer))
    writer.close()
    assert len(records) == 12
    for record in records:
        tool_results = [e for e in record["trajectory"] if e["role"] == "tool"]
        lend, read, missing = tool_results
        assert not lend["is_error"] and '"id":"L-1"' in lend["content"]  # every trial had a fresh world
        assert '"available":false' in read["content"]
        assert missing["is_error"] and "book 'nope' not found" in missing["content"]
        assert record["finish_reason"] == "done"
        assert record["initial_hash"] == records[0]["initial_hash"]
    assert len(list(read_records(tmp_path / "run.jsonl"))) == 12


@pytest.mark.domains("retail")
@pytest.mark.slow
def test_oracle_passes_and_noop_fails_every_retail_task(host, retail, tmp_path):
    jobs = run(prepare_jobs([retail], None, 2, set()))
    assert len(jobs) == 2 * len(retail.tasks) and len(retail.tasks) >= 1
    writer = RecordWriter(tmp_path / "oracle.jsonl")
    oracle = run(run_jobs(host, jobs, RunSettings(agent="oracle", trials=2), writer))
    writer.close()
    failed = [(r["task"], r["checks"]) for r in oracle if not r["verdict"]]
    assert not failed
    writer = RecordWriter(tmp_path / "noop.jsonl")
    noop = run(run_jobs(host, jobs, RunSettings(agent="noop", trials=2), writer))
    writer.close()
    assert not [r["task"] for r in noop if r["verdict"]]
    assert {r["finish_reason"] for r in oracle + noop} == {"done"}


def test_a_record_has_everything_needed_to_audit_the_trial(host, library, tmp_path):
    jobs = run(prepare_jobs([library], {"lend-two"}, 1, set()))
    writer = RecordWriter(tmp_path / "r.jsonl")
    (record,) = run(run_jobs(host, jobs, RunSettings(agent="oracle"), writer))
    writer.close()
    for key in ("domain", "domain_version", "core_version", "task", "trial", "agent", "user", "verdict",
                "finish_reason", "checks", "diff", "effects", "trajectory", "timings_ms", "initial_hash"):
        assert key in record, key
    assert record["verdict"] is True and record["domain_version"] == "0.3.0"
    assert [e["role"] for e in record["trajectory"]] == ["user", "assistant", "tool", "assistant", "tool", "assistant"]
    assert record["trajectory"][-1]["content"].endswith("<DONE>")
    assert {e["kind"] for e in record["effects"]} == {"created", "changed"}
    assert set(record["timings_ms"]) == {"reset", "setup", "episode", "judge", "total"}


def test_resume_skips_finished_trials(library):
    done = {("library", "lend-two", 1), ("library", "lend-two", 3)}
    jobs = run(prepare_jobs([library], {"lend-two"}, 4, done))
    assert [j.trial for j in jobs] == [2, 4]


@pytest.mark.domains("retail")
def test_a_partial_last_line_is_dropped_before_appending(tmp_path):
    def record(trial):
        return trial_record(domain="retail", domain_version="1", task="t", family="f", trial=trial,
                            config={"agent": "oracle", "user": "scripted"}, verdict=True, finish_reason="done")

    path = tmp_path / "run.jsonl"
    lines = [json.dumps(record(n)).encode() for n in (1, 2, 3)]
    path.write_bytes(lines[0] + b"\n" + lines[1] + b"\n" + lines[2][:40])
    assert [r["trial"] for r in read_records(path)] == [1, 2]
    writer = RecordWriter(path)
    writer.write(record(3))
    writer.close()
    assert [r["trial"] for r in read_records(path)] == [1, 2, 3]
