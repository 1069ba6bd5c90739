"""Continuing a run by naming its file (issue 31, item 1): `tb eval --resume RUN` takes the
settings the file's header records; flags that cannot change a verdict may differ (recorded
in the file), the others are refused unless --force, which reports then mark."""
import json

import pytest

from helpers import record_lines
from thinkingbox.interfaces.cli import main
from thinkingbox.reporting.records import read_records, read_run_changes, read_run_header

pytestmark = pytest.mark.domains("retail")

TASKS = ["--domains", "retail", "--tasks", "ret-fee-001,ret-fee-002"]
DOWN = {"status": 500, "error": "upstream exploded"}


def test_resume_run_alone_continues_the_file_with_its_recorded_settings(tmp_path, capsys, monkeypatch):
    out = tmp_path / "run.jsonl"
    assert main(["eval", *TASKS, "--trials", "2", "--max-user-turns", "4", "--label", "mine",
                 "--output", str(out)]) == 0
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:3]) + "\n")  # the header and two of the four trials, as after Ctrl-C
    monkeypatch.setenv("TB_AGENT", "noop")  # the file's settings win over the environment
    capsys.readouterr()
    assert main(["eval", "--resume", str(out)]) == 0
    err = capsys.readouterr().err
    assert "2 trials to run (2 already recorded)" in err and f"-> {out}" in err
    records = read_records(out)
    assert len(records) == 4 and {r["agent"] for r in records} == {"oracle"}
    assert {r["config"]["label"] for r in records} == {"mine"} and {r["config"]["max_user_turns"] for r in records} == {4}
    assert read_run_changes(out) == []  # nothing changed: nothing recorded
    assert main(["report", str(out)]) == 0


def test_resume_needs_the_file_and_force_needs_resume(tmp_path, capsys):
    assert main(["eval", *TASKS, "--resume"]) == 2
    assert "--resume needs the run file to continue: tb eval --resume RUN" in capsys.readouterr().err
    assert main(["eval", "--resume", str(tmp_path / "none.jsonl")]) == 2
    assert "no such run file" in capsys.readouterr().err
    assert main(["eval", *TASKS, "--force", "--output", str(tmp_path / "x.jsonl")]) == 2
    assert "--force needs --resume RUN" in capsys.readouterr().err


@pytest.mark.slow
def test_settings_that_cannot_change_a_verdict_may_differ_and_are_recorded(tmp_path, capsys, fake_openai,
                                                                           monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-0123456789")
    fake_openai.script("fake-agent", [DOWN], repeat_last=True)
    config = tmp_path / "tb.toml"
    config.write_text("[agent]\nbackoff_base = 0.01\n")
    out = tmp_path / "run.jsonl"
    code = main(["eval", "--config", str(config), "--domains", "retail", "--agent", "openai:fake-agent",
                 "--agent-base-url", fake_openai.url, "--agent-max-attempts", "1", "--concurrency", "1",
                 "--max-consecutive-errors", "2", "--output", str(out)])
    err = capsys.readouterr().err
    assert code == 3 and f"continue with: tb eval --resume {out} --retry-errors" in err
    first = len(record_lines(out))

    # Another spelling of the URL, a longer timeout, more attempts: the run continues.
    code = main(["eval", "--resume", str(out), "--agent-base-url", fake_openai.url + "/", "--agent-timeout", "30",
                 "--agent-max-attempts", "2", "--max-consecutive-errors", "2"])
    assert code == 3, capsys.readouterr().err
    assert len(record_lines(out)) > first
    (change,) = read_run_changes(out)
    assert [c.split(":")[0] for c in change["changes"]] == ["models.agent.max_attempts", "models.agent.timeout"]
    assert change["forced"] == [] and change["command"].startswith("tb eval --resume")
    assert record_lines(out)[-1]["config"]["models"]["agent"]["timeout"] == 30
    assert read_run_header(out)["config"]["models"]["agent"]["timeout"] == 600  # the header stays as it was
    capsys.readouterr()
    assert main(["report", str(out)]) == 0  # the two halves are one run

    # A setting that can change a verdict: refused, the setting named, nothing written.
    before = out.read_bytes()
    assert main(["eval", "--resume", str(out), "--agent-param", "temperature=0.9"]) == 2
    err = capsys.readouterr().err
    assert "cannot resume" in err and "models.agent.params.temperature" in err and "--force" in err
    assert out.read_bytes() == before


@pytest.mark.slow
def test_force_records_the_mix_and_reports_mark_the_run(tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    assert main(["eval", *TASKS, "--output", str(out)]) == 0
    assert main(["eval", "--resume", str(out), "--trials", "2", "--max-tool-calls", "9"]) == 2
    assert "max_tool_calls: 50 in the file, 9 now" in capsys.readouterr().err
    assert main(["eval", "--resume", str(out), "--trials", "2", "--max-tool-calls", "9", "--force"]) == 0
    (change,) = read_run_changes(out)
    assert change["forced"] == ["max_tool_calls: 50 in the file, 9 now"]
    capsys.readouterr()
    data = tmp_path / "r.json"
    assert main(["report", str(out), "--json", str(data)]) == 0
    assert "MIXED RUNS" in capsys.readouterr().out
    (row,) = json.loads(data.read_text())["agents"]
    assert row["mixed_settings"] == ["max_tool_calls: 50 in the file, 9 now"] and row["overall"]["trials"] == 4


@pytest.mark.slow
def test_resume_keeps_the_task_selection_of_the_runs_config_file(tmp_path, capsys):
    config = tmp_path / "tb.toml"
    config.write_text('[eval]\ndomains = ["retail"]\ntasks = ["ret-fee-001"]\ntrials = 2\n')
    out = tmp_path / "run.jsonl"
    assert main(["eval", "--config", str(config), "--output", str(out)]) == 0
    out.write_text("\n".join(out.read_text().splitlines()[:2]) + "\n")  # the header and one trial
    capsys.readouterr()
    assert main(["eval", "--resume", str(out)]) == 0
    assert "1 trials to run (1 already recorded)" in capsys.readouterr().err
    assert sorted((r["task"], r["trial"]) for r in read_records(out)) == [("ret-fee-001", 1), ("ret-fee-001", 2)]
