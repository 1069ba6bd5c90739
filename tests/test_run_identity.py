"""Run identity (issue 19): a run file's header, labels that keep runs apart in reports, and
`--resume` refusing a run file written with other settings."""
import json

import pytest

from helpers import record_lines
from thinkingbox.interfaces.cli import main
from thinkingbox.reporting.records import read_records, read_run_header

pytestmark = pytest.mark.domains("retail")

TASK = ["--domains", "retail", "--tasks", "ret-fee-001"]


def test_a_run_file_starts_with_its_header(tmp_path):
    out = tmp_path / "run.jsonl"
    assert main(["eval", *TASK, "--trials", "2", "--label", "baseline", "--output", str(out)]) == 0
    header = json.loads(out.read_text().splitlines()[0])
    assert header == read_run_header(out)
    assert header["run_header"] == 1 and header["label"] == "baseline"
    assert header["config"]["agent"] == "oracle" and header["config"]["models"]["judge"] == "rules"
    assert set(header["versions"]) == {"thinkingbox", "retail"}
    assert header["command"].startswith("tb eval") and "--label baseline" in header["command"]
    assert header["started"].endswith("Z")
    records = read_records(out)
    assert len(records) == 2 and all(r["config"]["label"] == "baseline" for r in records)
    assert len(record_lines(out)) == 2  # the header is not a record


@pytest.mark.slow
def test_the_default_label_names_the_agent_and_what_sets_the_run_apart(tmp_path):
    plain, limited = tmp_path / "plain.jsonl", tmp_path / "limited.jsonl"
    assert main(["eval", *TASK, "--output", str(plain)]) == 0
    assert main(["eval", *TASK, "--max-tool-calls", "7", "--output", str(limited)]) == 0
    assert read_run_header(plain)["label"] == "oracle"
    assert read_run_header(limited)["label"] == "oracle max_tool_calls=7"


@pytest.mark.parametrize("changed, named", [
    (["--max-user-turns", "3"], 'max_user_turns: 10 in the file, 3 now'),
    (["--agent", "noop"], 'agent: "oracle" in the file, "noop" now'),
    (["--label", "other"], 'label: "oracle" in the file, "other" now'),
])
@pytest.mark.slow
def test_resume_refuses_another_configuration_and_names_the_setting(tmp_path, capsys, changed, named):
    out = tmp_path / "run.jsonl"
    assert main(["eval", *TASK, "--output", str(out)]) == 0
    before = out.read_bytes()
    capsys.readouterr()
    assert main(["eval", *TASK, "--output", str(out), "--resume", *changed]) == 2
    err = capsys.readouterr().err
    assert f"cannot resume {out}: a setting that can change verdicts differs ({named})" in err
    assert out.read_bytes() == before  # nothing appended


@pytest.mark.slow
def test_resume_may_add_trials_and_keeps_one_header(tmp_path):
    out = tmp_path / "run.jsonl"
    assert main(["eval", *TASK, "--trials", "1", "--output", str(out)]) == 0
    assert main(["eval", *TASK, "--trials", "3", "--output", str(out), "--resume"]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sum("run_header" in line for line in lines) == 1
    assert sorted(r["trial"] for r in read_records(out)) == [1, 2, 3]


def test_resume_refuses_a_file_of_another_domain_version(tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    assert main(["eval", *TASK, "--output", str(out)]) == 0
    lines = out.read_text().splitlines()
    header = json.loads(lines[0])
    header["versions"]["retail"] = "0.0.1"
    out.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert main(["eval", *TASK, "--trials", "2", "--output", str(out), "--resume"]) == 2
    assert "versions.retail: 0.0.1 in the file" in capsys.readouterr().err


@pytest.mark.slow
def test_reports_keep_runs_apart_by_label_and_refuse_to_merge_one_label(tmp_path, capsys):
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    assert main(["eval", *TASK, "--trials", "2", "--label", "first", "--output", str(a)]) == 0
    assert main(["eval", *TASK, "--trials", "2", "--label", "second", "--output", str(b)]) == 0
    assert main(["eval", *TASK, "--trials", "2", "--label", "first", "--max-user-turns", "4",
                 "--output", str(c)]) == 0
    capsys.readouterr()
    data = tmp_path / "r.json"
    assert main(["report", str(a), str(b), "--json", str(data)]) == 0
    runs = {row["run"]: row for row in json.loads(data.read_text())["agents"]}
    assert set(runs) == {"first", "second"} and all(r["overall"]["trials"] == 2 for r in runs.values())
    out = capsys.readouterr().out
    assert "| first " in out and "| second " in out

    assert main(["report", str(a), str(c)]) == 2  # one label, two configurations
    err = capsys.readouterr().err
    assert "two configurations under the run label 'first'" in err and f"max_user_turns: 10 in {a}, 4 in {c}" in err
    same = tmp_path / "same.jsonl"
    same.write_bytes(a.read_bytes())
    assert main(["report", str(a), str(same)]) == 2  # one trial in two files under one label
    assert f"trial 1 of retail/ret-fee-001 is in both {a} and {same} under the run label 'first'" \
        in capsys.readouterr().err
    assert main(["report", str(a), str(c), "--by-file", "--json", str(data)]) == 0
    assert {row["run"] for row in json.loads(data.read_text())["agents"]} == {"a", "c"}


@pytest.mark.slow
def test_files_from_before_headers_still_report_and_resume(tmp_path):
    out = tmp_path / "old.jsonl"
    assert main(["eval", *TASK, "--output", str(out)]) == 0
    old = []
    for line in record_lines(out):  # as written before run headers and labels
        del line["config"]["label"]
        old.append(json.dumps(line))
    out.write_text("\n".join(old) + "\n")
    assert read_run_header(out) is None and [r["agent"] for r in read_records(out)] == ["oracle"]
    assert main(["report", str(out)]) == 0
    assert main(["eval", *TASK, "--trials", "2", "--output", str(out), "--resume"]) == 0
    assert sorted(r["trial"] for r in read_records(out)) == [1, 2]
