"""Reports from real `tb eval` runs: terminal, markdown, JSON, HTML (rendered in headless
Chromium), show, compare, rejudge and replay."""
import json
import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from helpers import record_lines, tb

pytestmark = pytest.mark.domains("retail")

TASKS = "ret-fee-001,ret-fee-002,dly-001,ins-001"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("runs")
    tb("eval", "--domains", "retail", "--tasks", TASKS, "--trials", "3", "--output", d / "oracle.jsonl")
    tb("eval", "--domains", "retail", "--tasks", TASKS, "--trials", "3", "--agent", "noop", "--output", d / "noop.jsonl")
    return d


@pytest.mark.slow
def test_report_in_all_formats(runs):
    out = tb("report", runs / "oracle.jsonl", runs / "noop.jsonl", "--markdown", runs / "r.md",
             "--json", runs / "r.json", "--html", runs / "site").stdout
    assert "| oracle " in out and "| noop " in out and "| pass^3 " in out and "no_state_change" in out
    assert "plug-in" not in out  # one pass^k: the unbiased estimator, labelled with its k
    data = json.loads((runs / "r.json").read_text())
    agents = {a["agent"]: a for a in data["agents"]}
    assert agents["oracle"]["overall"]["pass@1"] == 1.0 and agents["noop"]["overall"]["pass@1"] == 0.0
    assert agents["oracle"]["overall"]["pass@k"]["3"] == 1.0 and agents["noop"]["overall"]["never_passed"] == 4
    assert agents["noop"]["failure_categories"] == {"no_state_change": 12}
    assert agents["noop"]["weak_proxies"]["clean_termination"] == 12
    assert (runs / "r.md").read_text().startswith("# Thinkingbox report") and "|:" in (runs / "r.md").read_text()
    page = (runs / "site" / "report.html").read_text()  # the tables and plots, beside `tb view`'s pages
    assert "http://" not in page and "https://" not in page and "<script" not in page  # nothing to fetch
    assert (runs / "site" / "index.html").exists() and (runs / "site" / "data" / "index.js").exists()
    assert page.count("<svg") == 4 and 'id="task-table"' in page and "<pre" not in page
    assert '<a href="index.html#/trial/0/0">3/3</a>' in page   # each task cell opens its trials in the viewer


def _png_is_not_blank(path: Path) -> bool:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    pixels = zlib.decompress(idat)
    return len(set(pixels)) > 20


@pytest.mark.slow
def test_html_report_renders_in_headless_chromium(runs, tmp_path):
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed; .ci/run installs it")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    tb("report", runs / "oracle.jsonl", runs / "noop.jsonl", "--html", runs / "site")
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={tmp_path / 'profile'}"]
    url = (runs / "site" / "report.html").as_uri()
    dom = subprocess.run([CHROMIUM, *flags, "--dump-dom", url], capture_output=True, text=True, timeout=120).stdout
    assert dom.count("<svg") == 4 and "pass@k (unbiased)" in dom and "ret-fee-001" in dom and "Leaderboard" in dom
    shot = tmp_path / "report.png"
    subprocess.run([CHROMIUM, *flags, f"--screenshot={shot}", "--window-size=1280,2000", url],
                   capture_output=True, timeout=120)
    assert shot.exists() and _png_is_not_blank(shot)


def test_show_prints_one_trajectory(runs):
    out = tb("show", runs / "oracle.jsonl", "--task", "ret-fee-001", "--trial", "2").stdout
    assert "retail/ret-fee-001 trial 2" in out and "-> create_rma(" in out and "verdict: PASS" in out
    proc = tb("show", runs / "oracle.jsonl", "--task", "nope", check=False)
    assert proc.returncode == 2 and "no trial of task 'nope'" in proc.stderr


def test_compare_two_runs(runs):
    out = tb("compare", runs / "noop.jsonl", runs / "oracle.jsonl").stdout
    assert "0.0% -> 100.0%" in out and "beyond noise" in out and "ret-fee-002" in out


@pytest.mark.slow
def test_rejudge_reproduces_verdicts_exactly(runs, tmp_path):
    for name in ("oracle", "noop"):
        out = tb("rejudge", runs / f"{name}.jsonl", "--output", tmp_path / f"{name}.jsonl").stdout
        assert "0 verdict(s) changed" in out
        before = record_lines(runs / f"{name}.jsonl")
        after = record_lines(tmp_path / f"{name}.jsonl")
        assert [(r["task"], r["trial"], r["verdict"], r["diff"]) for r in before] == \
            [(r["task"], r["trial"], r["verdict"], r["diff"]) for r in after]


@pytest.mark.slow
def test_rejudge_replays_recorded_calls(runs, tmp_path):
    """Changing a recorded tool call changes the re-judged verdict: the calls are re-run."""
    records = record_lines(runs / "oracle.jsonl")
    # (a record whose update the change alters; records come in the order trials end in)
    record = next(r for r in records if any(c["name"] == "helpdesk_update_item" and c["arguments"]["item"].get("status", "solved")
                                            != "solved" for e in r["trajectory"] for c in e.get("tool_calls", [])))
    for event in record["trajectory"]:
        for call in event.get("tool_calls", []):
            if call["name"] == "helpdesk_update_item":
                call["arguments"]["item"]["status"] = "solved"
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    out = tb("rejudge", tampered, "--output", tmp_path / "t.jsonl").stdout
    assert "1 verdict(s) changed" in out


@pytest.mark.slow
def test_replay_agent_reproduces_a_run(runs, tmp_path):
    out = tb("eval", "--domains", "retail", "--tasks", TASKS, "--trials", "3",
             "--agent", f"replay:{runs / 'oracle.jsonl'}", "--output", tmp_path / "replay.jsonl").stdout
    assert "100.0%" in out
    proc = tb("eval", "--agent", "replay:/no/such/file.jsonl", check=False)
    assert proc.returncode == 2 and "existing run file" in proc.stderr


def test_the_report_shows_which_claim_failed_and_what_was_said():
    import html

    from thinkingbox.reporting.report import build, render_html

    said = "Your refund is <$40> & on its way."
    record = {"domain": "shop", "task": "t-1", "trial": 2, "agent": "a", "user": "scripted", "verdict": False,
              "finish_reason": "done", "error": None, "final_message": said, "trajectory": [], "usage": {},
              "timings_ms": {}, "config": {}, "counts": {}, "diff": [],
              "checks": [{"name": "golden_state", "passed": True, "detail": "", "data": []},
                         {"name": "communication", "passed": False, "detail": "does not state the refund $42.00",
                          "data": ["does not state the refund $42.00"]}]}
    report = build([record])
    (failure,) = report["agents"][0]["communication_failures"]
    assert failure == {"task": "shop/t-1", "trial": 2, "problems": ["expected the refund $42.00 to be stated"],
                       "said": said}
    page = render_html(report)
    assert "expected the refund $42.00 to be stated" in page and html.escape(said) in page and said not in page
    assert "<pre" not in page and '<table id="leaderboard">' in page


def test_report_html_says_curves_need_two_trials_and_links_into_the_viewer():
    from thinkingbox.reporting.report import Links, build, render_html

    def rec(task, trial, verdict, reason="done"):
        return {"domain": "shop", "task": task, "trial": trial, "agent": "a", "user": "scripted", "verdict": verdict,
                "finish_reason": reason, "error": "HTTP 500" if reason == "error" else None, "final_message": "",
                "trajectory": [], "usage": {}, "timings_ms": {}, "config": {"label": "one"}, "counts": {},
                "diff": [], "checks": []}
    report = build([rec("t-1", 1, True), rec("t-2", 1, False), rec("t-3", 1, False, "error")])
    assert report["k"] == 1 and report["agents"][0]["overall"]["errors"] == 1
    page = render_html(report, Links(["one"], ["shop/t-1", "shop/t-2", "shop/t-3"]))
    assert page.count("needs \u22652 trials per task") == 2 and "<svg class=\"chart\" role=\"img\" aria-label=\"pass" not in page
    assert '<a href="index.html#/?runs=0&amp;category=error">1 errored</a>' in page   # the error count is a link
    assert '<a href="index.html#/trial/0/1">0/1</a>' in page and "not judged</a>, 1 errored" in page
    assert "<th class=num>pass^1</th>" in page and "plug-in" not in page
