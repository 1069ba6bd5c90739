"""The `tb` command, run as a user runs it."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import TB, record_lines, tb

pytestmark = pytest.mark.domains("retail")


def lines(path):
    return record_lines(path)


@pytest.mark.slow
def test_help_and_domains_and_tasks():
    assert "eval" in tb("--help").stdout
    assert "--concurrency" in tb("eval", "--help").stdout
    out = tb("domains").stdout
    assert "retail" in out and "0.1.0" in out
    assert "ret-fee-001" in tb("tasks", "--domain", "retail").stdout


@pytest.mark.parametrize("args, message", [
    (["eval", "--domains", "nowhere"], "unknown domain 'nowhere'; installed domains:"),
    (["eval", "--domains", "retail", "--agent", "gpt"], "unknown agent 'gpt'; available:"),
    (["eval", "--domains", "retail", "--tasks", "no-such-task"], "unknown task(s) no-such-task"),
    (["eval", "--trials", "0"], "expected a positive integer"),
    (["tasks", "--domain", "nowhere"], "unknown domain"),
])
@pytest.mark.slow
def test_bad_input_gives_a_clear_error_and_no_traceback(args, message, tmp_path):
    proc = tb(*args, "--output", str(tmp_path / "x.jsonl"), check=False) if args[0] == "eval" else tb(*args, check=False)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.slow
def test_eval_oracle_passes_and_noop_fails_with_a_leaderboard(tmp_path):
    out = tb("eval", "--domains", "retail", "--agent", "oracle", "--trials", "2", "--output", str(tmp_path / "o.jsonl"))
    assert "| oracle | retail" in out.stdout and "100.0%" in out.stdout
    records = lines(tmp_path / "o.jsonl")
    assert records and all(r["verdict"] for r in records)
    out = tb("eval", "--domains", "retail", "--agent", "noop", "--output", str(tmp_path / "n.jsonl"))
    assert "0.0%" in out.stdout
    assert not any(r["verdict"] for r in lines(tmp_path / "n.jsonl"))


@pytest.mark.slow
def test_existing_output_is_never_overwritten_and_resume_completes_it(tmp_path):
    path = tmp_path / "run.jsonl"
    tb("eval", "--domains", "retail", "--tasks", "ret-fee-001", "--trials", "2", "--output", str(path))
    proc = tb("eval", "--domains", "retail", "--tasks", "ret-fee-001", "--trials", "2", "--output", str(path), check=False)
    assert proc.returncode == 2 and "--resume" in proc.stderr
    proc = tb("eval", "--domains", "retail", "--tasks", "ret-fee-001", "--trials", "5", "--output", str(path), "--resume")
    assert "3 trials to run (2 already recorded)" in proc.stderr
    assert sorted(r["trial"] for r in lines(path)) == [1, 2, 3, 4, 5]
    proc = tb("eval", "--domains", "retail", "--tasks", "ret-fee-001", "--agent", "noop", "--output", str(path),
              "--resume", check=False)
    assert proc.returncode == 2 and 'agent: "oracle" in the file, "noop" now' in proc.stderr


@pytest.mark.slow
def test_ctrl_c_loses_nothing_finished_and_resume_finishes_the_run(tmp_path):
    path = tmp_path / "run.jsonl"
    args = ["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--trials", "1000", "--concurrency", "4",
            "--output", str(path)]
    proc = subprocess.Popen([TB, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not path.exists() or path.read_bytes().count(b"\n") < 21):  # header + 20
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "--resume" in err
    saved = lines(path)  # every line is a complete record
    assert 20 <= len(saved) < 1000
    assert all(r["verdict"] for r in saved)
    tb(*args, "--resume")
    trials = [r["trial"] for r in lines(path)]
    assert sorted(trials) == list(range(1, 1001))


PLAY = """/tools
/tool create_rma
What is your email and your order number?
/call get_customer_profile {"email": "lena.morales@example.com"}
/call get_order {not json
/call helpdesk_create_item {"table": "tickets", "item": {"requester_id": "U-2001", "order_id": "ORD-200001"}}
The $8.99 return shipping fee applies, so your refund would be $120.01. Shall I go ahead?
/call create_rma {"order_id": "ORD-200001", "line_item_id": "LI-200001", "reason": "changed_mind", "is_defective": false, "resolution": "refund", "refund_amount": 120.01, "return_shipping_fee": 8.99}
/call helpdesk_update_item {"table": "tickets", "id": "TCK-5001", "item": {"status": "hold"}}
/done Your return RMA-20001 is authorized: $120.01 back after the $8.99 return shipping fee.
"""


@pytest.mark.slow
def test_play_a_task_in_the_terminal():
    proc = subprocess.run([TB, "play", "--domain", "retail", "--task", "ret-fee-001"], input=PLAY,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "customer> Hi, I bought a Bluetooth speaker" in out
    assert "customer> email: lena.morales@example.com; order number: ORD-200001" in out
    assert '"refund_amount"' in out and "ERROR get_order -> Error: the arguments of get_order are not valid JSON" in out
    assert "verdict: PASS" in out


@pytest.mark.slow
def test_play_shows_the_diff_when_the_work_is_wrong():
    wrong = PLAY.replace('"status": "hold"', '"status": "solved"')
    proc = subprocess.run([TB, "play", "--domain", "retail", "--task", "ret-fee-001"], input=wrong,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert "verdict: FAIL" in proc.stdout and 'wrong tickets[<new tickets #1>].status: expected "hold", got "solved"' in proc.stdout


@pytest.mark.slow
def test_worker_processes_share_a_run(tmp_path):
    path = tmp_path / "run.jsonl"
    out = tb("eval", "--domains", "retail", "--tasks", "ret-fee-001,dly-001,ins-005", "--trials", "4",
             "--workers", "2", "--output", str(path))
    assert "100.0%" in out.stdout
    keys = [(r["task"], r["trial"]) for r in lines(path)]
    assert len(keys) == 12 == len(set(keys))
    out = tb("eval", "--domains", "retail", "--tasks", "ret-fee-001,dly-001,ins-005", "--trials", "6",
             "--workers", "2", "--output", str(path), "--resume")
    assert "6 trials to run (12 already recorded)" in out.stderr
    assert len({(r["task"], r["trial"]) for r in lines(path)}) == 18


@pytest.mark.slow
def test_workers_stop_with_their_parent(tmp_path):
    """Ctrl-C (SIGINT to the group) saves what finished; a parent killed outright leaves no
    worker behind."""
    path = tmp_path / "run.jsonl"
    args = [TB, "eval", "--domains", "retail", "--tasks", "ret-fee-001", "--trials", "20000", "--workers", "2",
            "--output", str(path)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and (not path.exists() or path.read_bytes().count(b"\n") < 21):  # header + 20
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "--resume" in err
    saved = lines(path)
    assert 20 <= len(saved) < 20000 and len({r["trial"] for r in saved}) == len(saved)

    proc = subprocess.Popen(args[:-1] + [str(tmp_path / "killed.jsonl")], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    children: list[str] = []
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and len(children) < 2:  # a loaded machine may take seconds to start them
        time.sleep(0.2)
        children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert children, "the run should have started its workers"
    proc.kill()
    proc.wait()

    def alive():
        running = []
        for pid in children:
            try:
                if "zombie" not in Path(f"/proc/{pid}/status").read_text().lower():
                    running.append(pid)
            except FileNotFoundError:
                pass  # gone
        return running

    gone_by = time.monotonic() + 10  # each worker checks for its parent twice a second
    while alive() and time.monotonic() < gone_by:
        time.sleep(0.2)
    assert alive() == []


def test_help_imports_no_domain_or_model_code():
    probe = ("import sys\nfrom thinkingbox.interfaces.cli import main\ntry:\n    main(['--help'])\n"
             "except SystemExit:\n    pass\nprint(sorted(m for m in sys.modules if m.startswith(('thinkingbox', 'mcp', "
             "'openai', 'sqlmodel', 'pydantic', 'sqlalchemy'))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60).stdout
    loaded = eval(out.strip().splitlines()[-1])
    assert loaded and all(m in ("thinkingbox", "thinkingbox.contract", "thinkingbox.contract.errors", "thinkingbox.interfaces",
                                "thinkingbox.interfaces.cli", "thinkingbox.paths",  # stdlib only
                                # the persona names for --persona's choices: plain data, no imports
                                "thinkingbox.models", "thinkingbox.models.personas") for m in loaded), loaded


def test_the_cli_parses_and_dispatches_only():
    """No orchestration in cli.py: no event loop, no record writing, no trial machinery."""
    import ast

    source = (Path(__file__).resolve().parent.parent / "core/src/thinkingbox/interfaces/cli.py").read_text()
    imported = {node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Import)
                 for alias in node.names}
    forbidden = {"asyncio", "thinkingbox.engine.scheduler", "thinkingbox.engine.trial", "thinkingbox.engine.workers",
                 "thinkingbox.reporting.records", "thinkingbox.engine.replay.rejudge_record"}
    assert not imported & forbidden, imported & forbidden
    assert "asyncio.run(" not in source and "RecordWriter(" not in source
