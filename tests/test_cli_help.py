"""`tb`'s own surface: help for everything, `tb` alone, --version, tables that fit 100 columns."""
import argparse

import pytest

from helpers import tb as run_tb
from thinkingbox.interfaces.cli import build_parser

pytestmark = pytest.mark.domains("retail", "booking", "auto_insurance")


def tb(*args):
    return run_tb(*args, check=False)   # these tests read the exit status themselves


def subparsers(parser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help for choice in action._choices_actions}
            for name, sub in action.choices.items():
                yield name, helps.get(name), sub


def test_every_subcommand_and_argument_has_help():
    parser = build_parser()
    missing = []
    for name, help_text, sub in subparsers(parser):
        if not help_text:
            missing.append(f"tb {name}")
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            if not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"tb {name} {'/'.join(action.option_strings) or action.dest}")
    for action in parser._actions:
        if not isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)) and not action.help:
            missing.append(f"tb {'/'.join(action.option_strings)}")
    assert not missing, missing


def test_tb_alone_prints_help_and_exits_0():
    proc = tb()
    assert proc.returncode == 0, proc.stderr
    assert "usage: tb" in proc.stdout and "eval" in proc.stdout


def test_version_names_the_core_and_each_installed_domain():
    proc = tb("--version")
    assert proc.returncode == 0, proc.stderr
    first, *domains = proc.stdout.splitlines()
    assert first.startswith("thinkingbox ")
    assert any(line.split()[0] == "retail" for line in domains), proc.stdout


@pytest.mark.slow
def test_tasks_table_fits_100_columns():
    for domain in ("retail", "booking"):
        out = tb("tasks", "--domain", domain).stdout
        assert out and max(len(line) for line in out.splitlines()) <= 100, domain


@pytest.mark.slow
def test_report_and_compare_fit_100_columns_and_compare_names_its_sides(tmp_path):
    from thinkingbox.engine.discovery import PluginHost

    first = [next(iter(d.tasks)) for d in PluginHost().default_domains()]
    for agent in ("oracle", "noop"):  # every installed domain: the widest leaderboard
        proc = tb("eval", "--agent", agent, "--tasks", ",".join(first), "--output", str(tmp_path / f"{agent}.jsonl"))
        assert proc.returncode == 0, proc.stderr
    out = tb("report", str(tmp_path / "oracle.jsonl"), str(tmp_path / "noop.jsonl")).stdout
    assert "auto_insurance" in out and "| oracle" in out and "pass@1 and pass^1 unbiased" in out
    assert max(len(line) for line in out.splitlines()) <= 100, out
    out = tb("compare", str(tmp_path / "noop.jsonl"), str(tmp_path / "oracle.jsonl")).stdout
    assert f"base: {tmp_path / 'noop.jsonl'}" in out and f"candidate: {tmp_path / 'oracle.jsonl'}" in out
    assert "uncorrected" in out and "multiple comparisons" in out
    assert max(len(line) for line in out.splitlines()) <= 100, out
