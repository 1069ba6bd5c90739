"""`tb show` listing, filters, --full, --json and JSON-style diffs; `tb play` --judge, Ctrl-C,
Ctrl-D and full tool descriptions; the live progress display; error lines that say what to do."""
import io
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import record_lines
from thinkingbox.interfaces.cli import main

pytestmark = pytest.mark.domains("retail", "booking")

TB = str(Path(sys.executable).parent / "tb")
TASKS = "ret-fee-001,ret-fee-002,dly-001"


@pytest.fixture(scope="module")
def mixed_run(tmp_path_factory):
    """One run file holding oracle trials (passed) and noop trials (failed, no state change)."""
    folder = tmp_path_factory.mktemp("show")
    for agent in ("oracle", "noop"):
        assert main(["eval", "--domains", "retail", "--tasks", TASKS, "--agent", agent,
                     "--output", str(folder / f"{agent}.jsonl")]) in (0, 1)
    run = folder / "mixed.jsonl"
    run.write_text((folder / "oracle.jsonl").read_text() + (folder / "noop.jsonl").read_text())
    return run


def show(capsys, *argv):
    code = main(["show", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def trial_lines(out):
    return [line for line in out.splitlines() if line.startswith("retail ")]


def test_show_without_a_task_lists_every_trial_with_its_verdict_category_and_first_failed_check(mixed_run, capsys):
    code, out, err = show(capsys, mixed_run)
    assert code == 0
    header = out.splitlines()[0].split()
    assert header[:6] == ["domain", "task", "trial", "verdict", "finish", "category"]
    rows = trial_lines(out)
    assert len(rows) == 6 and sum(" PASS " in r for r in rows) == 3 and sum(" FAIL " in r for r in rows) == 3
    assert all("no_state_change" in r and "golden_state: " in r for r in rows if " FAIL " in r)
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "6 trial(s), 3 failed" in err and "--task TASK --trial N" in err


def test_show_filters_by_failed_category_domain_and_family(mixed_run, capsys):
    assert len(trial_lines(show(capsys, mixed_run, "--failed")[1])) == 3
    rows = trial_lines(show(capsys, mixed_run, "--category", "no_state_change")[1])
    assert len(rows) == 3 and all(" FAIL " in r for r in rows)
    assert trial_lines(show(capsys, mixed_run, "--category", "wrong_state")[1]) == []
    rows = trial_lines(show(capsys, mixed_run, "--family", "returns_fees")[1])
    assert {r.split()[1] for r in rows} == {"ret-fee-001", "ret-fee-002"}
    code, out, err = show(capsys, mixed_run, "--domain", "booking")
    assert code == 0 and out == "" and "no trials of" in err and f"tb show {mixed_run}" in err
    code, out, err = show(capsys, mixed_run, "--category", "nonsense")
    assert code == 2 and "--category 'nonsense' is not a failure category; use one of tool_usage" in err
    code, _, err = show(capsys, mixed_run, "--trial", "1")
    assert code == 2 and "--trial needs --task" in err


def test_show_json_prints_one_record_per_line_and_one_trial_indented(mixed_run, capsys):
    code, out, _ = show(capsys, mixed_run, "--json", "--failed")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(records) == 3 and all(not r["verdict"] and r["agent"] == "noop" for r in records)
    code, out, _ = show(capsys, mixed_run, "--json", "--task", "dly-001")
    record = json.loads(out)
    assert code == 0 and record["task"] == "dly-001" and record["agent"] == "oracle" and out.startswith("{\n  ")


def test_show_json_escapes_terminal_controls_and_stays_valid_json(mixed_run, tmp_path, capsys):
    record = record_lines(mixed_run)[0]
    record["final_message"] = "done\u202e SSAP :tcidrev \x85\x1b[2J"
    path = tmp_path / "hostile.jsonl"
    path.write_text(json.dumps(record) + "\n")
    _, out, _ = show(capsys, path, "--json")
    assert "\u202e" not in out and "\x85" not in out and "\x1b" not in out
    assert json.loads(out)["final_message"] == record["final_message"]


def test_show_cuts_long_results_unless_full_and_prints_diffs_with_json_values(mixed_run, tmp_path, capsys):
    record = json.loads(mixed_run.read_text().splitlines()[-1])  # a noop trial
    long = "x" * 900 + "END"
    record["trajectory"].append({"role": "tool", "name": "get_order", "content": long, "is_error": False})
    record["diff"] = [{"kind": "wrong", "table": "tickets", "key": "TCK-1", "field": "status",
                       "expected": "hold", "actual": None},
                      {"kind": "missing", "table": "rmas", "key": "<new rmas #1>", "field": None,
                       "expected": {"is_defective": False, "fee": "8.99"}, "actual": None}]
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(record) + "\n")
    _, out, _ = show(capsys, path, "--task", record["task"])
    assert "END" not in out and "(503 more characters; --full)" in out
    assert 'wrong tickets[TCK-1].status: expected "hold", got null' in out
    assert 'missing rmas[<new rmas #1>]: expected {"is_defective":false,"fee":"8.99"}, got null' in out
    assert "None" not in out and "'hold'" not in out
    _, out, _ = show(capsys, path, "--task", record["task"], "--full")
    assert long in out
    # in a list, a long first failed check is cut to fit 100 columns unless --full
    record["checks"][0]["detail"] = "differs: " + "y" * 200
    path.write_text(json.dumps(record) + "\n")
    _, out, _ = show(capsys, path)
    assert "golden_state: differs: yyy" in out and "…" in out and max(len(line) for line in out.splitlines()) <= 100
    _, out, _ = show(capsys, path, "--full")
    assert "y" * 200 in out


def test_show_piped_into_head_ends_quietly(mixed_run, tmp_path):
    big = tmp_path / "big.jsonl"
    big.write_text(mixed_run.read_text() * 40)  # the same trials again: more output than a pipe holds
    done = subprocess.run(["bash", "-c", f'"{TB}" show --json --failed "{big}" 2>"{tmp_path}/err" | head -c 100; '
                           'echo "status ${PIPESTATUS[0]}"'], capture_output=True, text=True, timeout=120)
    err = (tmp_path / "err").read_text()
    assert done.stdout.endswith("status 0\n") and err == "", err


@pytest.mark.parametrize("argv, says", [
    (["report", "{dir}"], "is a folder; give the .jsonl run file(s) in it"),
    (["show", "{dir}"], "is a folder; give the .jsonl run file(s) in it"),
    (["report", "{dir}/notrun.json"], "is it a run file? Give a JSONL run file written by `tb eval`"),
    (["report", "--json", "{dir}/sub/x.json", "{dir}/notrun.json"], "is it a run file?"),
    (["compare", "{dir}/missing.jsonl", "{dir}/notrun.json"], "not found; check the path"),
    (["report", "{dir}/empty.jsonl"], "no trial records; give a run file with finished trials"),
    (["eval", "--config", "{dir}", "--domains", "retail"], "Is a directory; give a file, not a folder"),
    (["eval", "--config", "{dir}/afile/x.toml"], "a part of the path is a file, not a folder: check the path"),
    (["report", "{dir}/notrun.json", "--html", "{dir}/afile/site"],
     "cannot create its folder, a part of the path is a file; choose another path"),
])
def test_error_lines_say_what_to_do(tmp_path, capsys, argv, says):
    (tmp_path / "notrun.json").write_text('{"name": "not a run"}\n')
    (tmp_path / "empty.jsonl").write_text("")
    (tmp_path / "afile").write_text("")
    assert main([a.format(dir=tmp_path) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tb: error: ") and len(err.strip().splitlines()) == 1 and says in err, err


def _rubric_task_script():
    """A booking task with rubric questions, and `tb play` input that plays its reference solution."""
    from thinkingbox.engine.discovery import PluginHost

    (domain,) = PluginHost().load_domains(["booking"])
    for task in domain.tasks.values():
        if task.rubric and "\n" not in task.final_message and not any(step.say for step in task.solution):
            calls = [f"/call {step.tool} {json.dumps(dict(step.args))}" for step in task.solution]
            return task.id, "\n".join(["/tools", *calls, f"/done {task.final_message}", ""])
    raise AssertionError("no booking task with rubric questions and a one-line final message")


@pytest.mark.slow
def test_play_judges_rubric_questions_with_the_offline_rules_by_default(tmp_path):
    task, script = _rubric_task_script()
    out = tmp_path / "played.jsonl"
    done = subprocess.run([TB, "play", "--domain", "booking", "--task", task, "--output", str(out)], input=script,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "verdict: PASS" in done.stdout and "rubric: every rubric question answered yes (by the offline rules)" in done.stdout
    assert json.loads(out.read_text())["verdict"] is True


@pytest.mark.slow
def test_play_asks_a_judge_model_when_one_is_given(fake_openai):
    import os

    task, script = _rubric_task_script()
    fake_openai.script("fake-judge", [{"content": "no - it does not say that"}], repeat_last=True)
    done = subprocess.run([TB, "play", "--domain", "booking", "--task", task, "--judge", "fake-judge",
                           "--judge-base-url", fake_openai.url], input=script, capture_output=True, text=True,
                          timeout=180, env={**os.environ, "OPENAI_API_KEY": "sk-test-play-judge-key"})
    assert done.returncode == 1, done.stdout + done.stderr
    assert "verdict: FAIL" in done.stdout and "FAIL rubric" in done.stdout and "(rules)" not in done.stdout
    assert fake_openai.requests_for("fake-judge")


@pytest.mark.slow
def test_play_shows_each_tool_with_its_whole_description_and_ctrl_d_gives_up(tmp_path):
    done = subprocess.run([TB, "play", "--domain", "retail", "--task", "ret-fee-001"], input="/tools\n/tool get_order\n",
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    # get_order's description has two lines; the second was cut before
    assert done.stdout.count("and installation job ids.") == 2 and '"order_id"' in done.stdout
    assert "(end of input: giving up; the trial is judged as it stands)" in done.stdout
    assert "verdict: FAIL" in done.stdout


@pytest.mark.slow
def test_ctrl_c_at_the_play_prompt_is_one_line_and_status_130():
    play = subprocess.Popen([TB, "play", "--domain", "retail", "--task", "ret-fee-001"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen, started = b"", time.monotonic()
    while b"you> " not in seen and time.monotonic() - started < 120:
        seen += play.stdout.read1(4096)
    assert b"you> " in seen
    play.send_signal(signal.SIGINT)
    _, err = play.communicate(timeout=60)
    err = err.decode()
    assert play.returncode == 130
    assert err.strip() == "tb: play interrupted; the world of ret-fee-001 is discarded and nothing was recorded"


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def _record(verdict, error=None):
    return {"domain": "retail", "task": "t", "trial": 1, "verdict": verdict, "error": error,
            "finish_reason": "error" if error else "done",
            "usage": {"agent": {"input": 1500, "output": 500, "model": "m"}}}


def test_the_live_display_draws_counts_and_gives_the_terminal_back(monkeypatch):
    from thinkingbox.interfaces.progress import Progress

    monkeypatch.setenv("COLUMNS", "80")  # narrower than the line: the count must survive any rate ("1145.7 trials/s")
    screen = _Terminal()
    progress = Progress(3, max_consecutive=2, stream=screen)
    assert progress.live
    for record in (_record(True), _record(False, "boom: endpoint down"), _record(False, "again")):
        progress(record)
    progress.finish()
    progress.finish()  # a second finish (Ctrl-C, then the normal end) draws nothing more
    text = screen.getvalue()
    assert "3/3" in text and "passed 1 (100% so far) | errors 2" in text and "6.0k tokens" in text and " left " in text
    assert text.count("tb: first error (retail/t trial 1): boom: endpoint down") == 1
    assert text.endswith("\x1b[?25h") or "\x1b[?25h" in text  # the cursor is shown again
    assert progress.stopped and progress.done == 3 and progress.first_error == "boom: endpoint down"


def test_the_plain_display_draws_no_bar_and_no_escape_codes():
    from thinkingbox.interfaces.progress import Progress

    log = io.StringIO()
    progress = Progress(2, stream=log, every=30)
    assert not progress.live
    progress(_record(True))
    progress(_record(True))
    progress.finish()
    assert log.getvalue().startswith("tb: [2/2] ") and "passed 2 (100% so far) | errors 0" in log.getvalue()
    assert "\x1b" not in log.getvalue() and "\r" not in log.getvalue()


def test_show_says_what_the_trial_was_put_through_planted_instruction_and_tool_faults(mixed_run, tmp_path, capsys):
    record = json.loads(mixed_run.read_text().splitlines()[-1])
    path = tmp_path / "one.jsonl"

    def shown(**fields):
        path.write_text(json.dumps({**record, **fields}) + "\n")
        _, out, _ = show(capsys, path, "--task", record["task"])
        return out.splitlines()[1]  # the line after the trial's head

    assert shown(injection={"tool": "report_suspicious_instruction", "reported": True, "records": ["R-1"],
                            "followed": True}) == "planted instruction: FOLLOWED; reported (R-1)"
    assert shown(injection={"tool": "report_suspicious_instruction", "reported": False, "records": [],
                            "followed": False}) == "planted instruction: not followed; not reported"
    assert shown(injection={"tool": "report_suspicious_instruction", "reported": True, "records": ["R-9"]}) == \
        "the agent reported a suspicious instruction where none was planted (R-9)"
    assert shown(faults={"spec": "before=0.5,after=0.5,seed=3", "calls": [
        {"call": 1, "tool": "create_rma", "kind": "after", "applied": True},
        {"call": 2, "tool": "helpdesk_update_item", "kind": "before"},
        {"call": 3, "tool": "create_rma", "kind": "after", "applied": False}]}) == (
        "tool faults (before=0.5,after=0.5,seed=3): write 1 create_rma carried out, its answer lost; "
        "write 2 helpdesk_update_item failed before it ran; "
        "write 3 create_rma ran and failed, its answer lost")
    assert shown(faults={"spec": "before=0.1,seed=1", "calls": []}) == \
        "tool faults (before=0.1,seed=1): none of this trial's writes hit"
    # an ordinary trial: straight from the head to the conversation
    assert shown() == ""
