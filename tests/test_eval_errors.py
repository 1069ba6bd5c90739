"""`tb eval` when trials error: the first error shown, a stop after errors in a row, exit
statuses, and progress lines when stderr is not a terminal."""

import pytest

from thinkingbox.interfaces.cli import build_parser, main
from helpers import record_lines

pytestmark = pytest.mark.domains("retail")

SECRET = "sk-test-very-secret-0123456789"
DOWN = {"status": 500, "error": "upstream exploded"}


@pytest.fixture
def eval_run(tmp_path, fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    config = tmp_path / "tb.toml"
    config.write_text("[agent]\nbackoff_base = 0.01\n")
    out = tmp_path / "run.jsonl"

    def go(*extra, tasks=None):
        selection = ["--tasks", ",".join(tasks)] if tasks else []
        code = main(["eval", "--config", str(config), "--domains", "retail", *selection,
                     "--agent", "openai:fake-agent", "--agent-base-url", fake_openai.url,
                     "--agent-max-attempts", "1", "--concurrency", "1", "--output", str(out), *extra])
        records = record_lines(out) if out.exists() else []
        return code, records

    return go


@pytest.mark.slow
def test_consecutive_errors_stop_the_run_with_status_3(eval_run, fake_openai, capsys):
    fake_openai.script("fake-agent", [DOWN], repeat_last=True)
    code, records = eval_run("--max-consecutive-errors", "3")
    err = capsys.readouterr().err
    assert code == 3
    assert 3 <= len(records) < 10 and all(r["finish_reason"] == "error" for r in records)
    assert err.count("tb: first error") == 1 and "upstream exploded" in err.split("tb: first error")[1].split("\n")[0]
    assert "stopped after 3 trials in a row ended in an error" in err and "tb eval --resume " in err and " --retry-errors" in err
    assert SECRET not in err


@pytest.mark.slow
def test_errored_trials_give_status_1_and_say_how_to_rerun(eval_run, fake_openai, capsys):
    fake_openai.script("fake-agent", [DOWN], repeat_last=True)
    code, records = eval_run("--max-consecutive-errors", "0", tasks=["ret-fee-001", "ret-fee-002"])
    err = capsys.readouterr().err
    assert code == 1 and len(records) == 2
    assert "errors 2" in err and "2 of 2 trials ended in an error" in err and "tb eval --resume " in err and " --retry-errors" in err
    # once the endpoint is back, retrying the errored trials ends with status 0
    fake_openai.script("fake-agent", [{"content": "I cannot help. <DONE>"}], repeat_last=True)
    code, records = eval_run("--resume", "--retry-errors", tasks=["ret-fee-001", "ret-fee-002"])
    err = capsys.readouterr().err
    assert code == 0 and len(records) == 4
    assert "tb: next: tb report" in err and "tb: next: tb show" in err and "--task ret-fee-00" in err


@pytest.mark.slow
def test_a_finished_trial_resets_the_count_of_errors_in_a_row(eval_run, fake_openai, capsys):
    done = {"content": "I cannot help. <DONE>"}
    fake_openai.script("fake-agent", [DOWN, DOWN, done, DOWN, DOWN, done], repeat_last=True)
    code, records = eval_run("--max-consecutive-errors", "3",
                             tasks=["ret-fee-001", "ret-fee-002", "ret-fee-003", "ret-fee-004", "ret-fee-005"])
    assert code == 1 and len(records) == 5
    assert [r["finish_reason"] == "error" for r in records] == [True, True, False, True, True]


@pytest.mark.slow
def test_progress_lines_when_stderr_is_not_a_terminal(eval_run, fake_openai, capsys):
    fake_openai.script("fake-agent", [{"sleep": 0.3, "content": "I cannot help. <DONE>",
                                       "usage": {"prompt_tokens": 1000, "completion_tokens": 500}}],
                       repeat_last=True)
    code, records = eval_run("--progress-every", "0.1", "--price", "fake-agent=2,8",
                             tasks=["ret-fee-001", "ret-fee-002"])
    err = capsys.readouterr().err
    assert code == 0 and len(records) == 2
    lines = [line for line in err.splitlines() if line.startswith("tb: [")]
    assert len(lines) >= 3, err
    assert lines[-1].startswith("tb: [2/2]") and "passed 0" in lines[-1] and "errors 0" in lines[-1]
    assert "tokens" in lines[-1] and "$" in lines[-1] and "\r" not in err


@pytest.mark.slow
def test_no_progress_lines_with_progress_every_0(eval_run, fake_openai, capsys):
    fake_openai.script("fake-agent", [{"content": "I cannot help. <DONE>"}], repeat_last=True)
    code, _ = eval_run("--progress-every", "0", tasks=["ret-fee-001"])
    assert code == 0 and "tb: [" not in capsys.readouterr().err


def test_exit_statuses_are_documented_in_help():
    text = build_parser()._subparsers._group_actions[0].choices["eval"].format_help()
    for status in ("0 ", "1 ", "2 ", "3 ", "130"):
        assert f"\n  {status}" in text
    assert "--max-consecutive-errors" in text and "--progress-every" in text


@pytest.mark.slow
def test_consecutive_errors_stop_a_run_shared_by_worker_processes(eval_run, fake_openai, capsys):
    fake_openai.script("fake-agent", [DOWN], repeat_last=True)
    code, records = eval_run("--max-consecutive-errors", "2", "--workers", "2")
    assert code == 3 and 2 <= len(records) < 98
    assert len({(r["task"], r["trial"]) for r in records}) == len(records)  # never a trial twice
    assert "stopped after" in capsys.readouterr().err
