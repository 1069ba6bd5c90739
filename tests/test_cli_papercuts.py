"""Papercuts of the command line (issue 31, item 7): one-line usage errors, both spellings of
the domain and task flags, `--judge` specs, help text, the start and end lines of a run,
`tb rejudge` beside `tb report`, `tb sensitivity` by label."""
import argparse
import json

import pytest

from helpers import tb
from thinkingbox.interfaces.cli import build_parser, main

ONE_TASK = ["--domains", "retail", "--tasks", "ret-fee-001"]


def test_a_bad_flag_is_one_line_that_says_where_help_is():
    proc = tb("eval", "--bogus", check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == ["tb eval: error: unrecognized arguments: --bogus "
                                                "(see `tb eval --help`)"]
    proc = tb("play", "--domain", "retail", check=False)  # a missing flag: one line too
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1 and "tb play --help" in proc.stderr


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


def test_no_help_text_shows_a_doubled_percent_sign():
    for name, sub in _subparsers().items():
        assert "%%" not in sub.format_help(), name
    assert "95% task-bootstrap" in _subparsers()["report"].format_help()


def test_every_subcommand_takes_both_spellings_of_the_domain_and_task_flags():
    missing = []
    for name, sub in _subparsers().items():
        flags = {s for a in sub._actions for s in a.option_strings}
        for one, many in (("--domain", "--domains"), ("--task", "--tasks")):
            if (one in flags) != (many in flags):
                missing.append(f"tb {name}: {one} / {many}")
    assert not missing, missing
    parser = build_parser()
    assert parser.parse_args(["eval", "--domain", "retail", "--task", "a,b"]).tasks == ["a", "b"]
    assert parser.parse_args(["validate", "--domain", "retail"]).domains == ["retail"]
    assert parser.parse_args(["play", "--domains", "retail", "--tasks", "t"]).domain == "retail"
    assert parser.parse_args(["tasks", "--domains", "retail"]).domain == "retail"


@pytest.mark.parametrize("spec, taken", [("rules", "rules"), ("gpt-4.1-mini", "gpt-4.1-mini"),
                                         ("openai:gpt-4.1-mini", "gpt-4.1-mini"), ("qwen3:8b", "qwen3:8b")])
def test_judge_takes_rules_or_a_model(spec, taken):
    assert build_parser().parse_args(["eval", "--judge", spec]).judge == taken


@pytest.mark.parametrize("command", [["eval"], ["judge-check"], ["play", "--domain", "d", "--task", "t"]])
def test_judge_refuses_a_misspelt_rules(command):
    proc = tb(*command, "--judge", "rulez", check=False)
    assert proc.returncode == 2
    assert "expected `rules` (offline rules) or a judge model" in proc.stderr and "'rulez'" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.domains("retail")
def test_a_run_says_what_it_runs_and_ends_naming_tb_view(tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    assert main(["eval", *ONE_TASK, "--output", str(out)]) == 0
    err = capsys.readouterr().err
    assert "1 trials to run (0 already recorded)" in err and "agent oracle, user scripted, judge rules" in err
    assert f"tb: next: tb view {out}" in err


@pytest.mark.domains("retail")
@pytest.mark.slow
def test_a_rejudged_run_is_a_row_of_its_own_in_reports(tmp_path, capsys):
    runs = tmp_path / "runs"
    assert main(["eval", *ONE_TASK, "--trials", "2", "--output", str(runs / "a.jsonl")]) == 0
    assert main(["rejudge", str(runs / "a.jsonl")]) == 0
    rejudged = runs / "a.rejudged.jsonl"
    assert json.loads(rejudged.read_text().splitlines()[0])["label"] == "oracle (rejudged)"
    capsys.readouterr()
    data = tmp_path / "r.json"
    assert main(["report", *map(str, sorted(runs.glob("*.jsonl"))), "--json", str(data)]) == 0
    rows = {row["run"]: row["overall"]["trials"] for row in json.loads(data.read_text())["agents"]}
    assert rows == {"oracle": 2, "oracle (rejudged)": 2}


@pytest.mark.domains("retail")
@pytest.mark.slow
def test_sensitivity_groups_by_label_not_agent(tmp_path, capsys):
    for label in ("first", "second"):
        assert main(["eval", *ONE_TASK, "--label", label, "--output", str(tmp_path / f"{label}.jsonl")]) == 0
    capsys.readouterr()
    data = tmp_path / "s.json"
    assert main(["sensitivity", str(tmp_path / "first.jsonl"), str(tmp_path / "second.jsonl"),
                 "--json", str(data)]) == 0
    assert [row["agent"] for row in json.loads(data.read_text())["agents"]] == ["first", "second"]
    out = capsys.readouterr().out
    assert "Run first: pass^1" in out and "Run second: pass^1" in out
