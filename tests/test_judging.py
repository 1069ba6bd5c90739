"""One judging function: every task of every domain gets the same verdict and the same check
list from eval, rejudge, serve's verdict endpoint and validate, with a plugin-added check
and rubric tasks (answered by their offline rules) among them."""
import pytest
from helpers import run
from thinkingbox.contract.hookspecs import hookimpl
from thinkingbox.contract.checks import Check, CheckResult
from thinkingbox.engine.verdicts import apply_calls
from thinkingbox.engine.quality import verdict_of
from thinkingbox.reporting.records import RecordWriter
from thinkingbox.engine.replay import rejudge_record
from thinkingbox.trials import RunSettings
from thinkingbox.engine.scheduler import prepare_jobs, run_jobs
from thinkingbox.engine.http_tools import judge_world
from thinkingbox.contract.tasks import ToolCall

pytestmark = pytest.mark.domains("retail", "booking")


class ShortMessages:
    """A plugin check on what the agent said: the final message must be under 600 characters."""

    @staticmethod
    @hookimpl
    def tb_checks(domain, task):
        def short(outcome):
            return CheckResult("short_message", len(outcome.final_message) < 600, f"{len(outcome.final_message)} chars")

        return [Check("short_message", short, needs_message=True)]


def summary(checks):
    return [(c["name"], c["passed"]) for c in checks]


@pytest.mark.slow
def test_eval_rejudge_serve_and_validate_agree_on_every_task(host, tmp_path):
    host.add_extension("short", ShortMessages())
    domains = host.load_domains(["retail", "booking"])
    assert any(t.rubric for d in domains for t in d.tasks.values())
    records = []
    for agent in ("oracle", "noop"):
        jobs = run(prepare_jobs(domains, None, 1, set()))
        writer = RecordWriter(tmp_path / f"{agent}.jsonl")
        records += run(run_jobs(host, jobs, RunSettings(agent=agent, judge="rules"), writer))
        writer.close()
    assert len(records) == 2 * sum(len(d.tasks) for d in domains)
    by_name = {d.name: d for d in domains}
    disagreements = []
    for record in records:
        domain, task = by_name[record["domain"]], by_name[record["domain"]].tasks[record["task"]]
        evaluated = (record["verdict"], summary(record["checks"]))
        assert "short_message" in [name for name, _ in evaluated[1]]

        rejudged = run(rejudge_record(host, record))
        task_world = run(domain.prepare(task))
        world = domain.new_world(task_world)
        calls = [ToolCall(tool=e["name"], args=call["arguments"]) for e in record["trajectory"] if e["role"] == "tool"
                 for a in record["trajectory"] if a["role"] == "assistant" for call in a.get("tool_calls", [])
                 if call["id"] == e["tool_call_id"] and e["name"] != "end_conversation"]
        run(apply_calls(domain, world, calls))
        served = run(judge_world(domain, task_world, world, record["final_message"], "rules", record["trajectory"]))
        world.close()
        views = {"rejudge": (rejudged["verdict"], summary(rejudged["checks"])),
                 "serve": (served["verdict"], summary(served["checks"]))}
        if record["agent"] == "oracle":  # validate judges the reference solution and message
            verdict = run(verdict_of(domain, task_world, task.solution))
            views["validate"] = (verdict.passed, [(c.name, c.passed) for c in verdict.checks])
        for command, view in views.items():
            if view != evaluated:
                disagreements.append((record["task"], record["agent"], command, view, evaluated))
    assert disagreements == []
    oracle = [r for r in records if r["agent"] == "oracle"]
    assert all(r["verdict"] == (len(r["final_message"]) < 600) for r in oracle)  # the plugin check decides
    assert 0 < sum(not r["verdict"] for r in oracle) < len(oracle) / 2
    assert not any(r["verdict"] for r in records if r["agent"] == "noop")
