"""Screenshots of `tb view`'s pages (the static export opened from disk), for the docs and for
looking at them: grid.png (the first page: run picker, leaderboard, failed trials, the task
grid sorted by difficulty), trial.png (a failed trial beside its task, a diff row's step
highlighted), errored.png (an errored trial: not judged), compare.png (one task's trials of
two runs side by side).

    uv run python bench/view_screenshots.py OUT_FOLDER

Small retail runs are made first (`make_runs`, which tests/test_view_explain.py uses too):
oracle (passes), noop (fails everything), "tampered" (oracle's run with two recorded calls
changed and re-judged: two wrong-state failures), "flaky server" (noop's trials, some of them
turned into errored trials as an HTTP 500 leaves them), "server down" (every trial errored),
and eight relabelled copies of oracle's run with long labels (13 runs: the page at scale).
Needs Debian's Chromium at /usr/bin/chromium (never a downloaded browser).
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

TB = str(Path(sys.executable).parent / "tb")
TASKS = "ret-fee-001,ret-fee-002,dly-001,ins-001"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


def tb(*args: object) -> None:
    subprocess.run([TB, *map(str, args)], check=True, capture_output=True, timeout=300)


ERROR = ("model call failed after 3 attempts: HTTP 500 Internal Server Error from http://127.0.0.1:9/v1\n"
         "Traceback (most recent call last): ...")
VARIANTS = 8


def make_runs(folder: Path, many: bool = True) -> list[Path]:
    """oracle, noop, a tampered copy of oracle's run (re-judged), and with `many` the errored
    runs and the relabelled copies (see the module's docstring)."""
    oracle, noop, tampered = folder / "oracle.jsonl", folder / "noop.jsonl", folder / "tampered.jsonl"
    tb("eval", "--domains", "retail", "--tasks", TASKS, "--trials", "3", "--output", oracle)
    tb("eval", "--domains", "retail", "--tasks", TASKS, "--trials", "3", "--agent", "noop", "--output", noop)
    tamper(oracle, folder / "edited.jsonl")
    tb("rejudge", folder / "edited.jsonl", "--output", tampered)
    if not many:
        return [oracle, noop, tampered]
    flaky, down = folder / "flaky.jsonl", folder / "down.jsonl"
    relabel(noop, flaky, "flaky server", errored=lambda r: r["task"] == "ins-001" or (r["task"], r["trial"]) == ("dly-001", 2))
    relabel(noop, down, "server down", errored=lambda r: True)
    variants = []
    for i in range(1, VARIANTS + 1):
        variants.append(folder / f"variant-{i}.jsonl")
        relabel(oracle, variants[-1], f"openai:gpt-variant-{i:02d} temperature=0.{i} top_p=0.9 seed=7")
    return [oracle, noop, tampered, flaky, down, *variants]


def relabel(run: Path, out: Path, label: str, errored=lambda record: False) -> None:
    """A copy of `run` under another label; the trials `errored` picks end as an HTTP 500 leaves
    a trial: finish reason "error", the error, no verdict (their checks stay as recorded, so a
    page that showed them as failed would be caught)."""
    lines = []
    for line in run.read_text().splitlines():
        record = json.loads(line)
        if "run_header" in record:
            record["label"] = label
        else:
            record["config"]["label"] = label
            if errored(record):
                record.update(finish_reason="error", error=ERROR, verdict=False)
        lines.append(json.dumps(record))
    out.write_text("\n".join(lines) + "\n")


def tamper(run: Path, out: Path) -> None:
    """ins-001 trials 1 and 2 reschedule to the wrong day, so re-judging fails them. The
    copy is a run of its own: labelled "oracle tampered" (a report keeps one label to one run)."""
    lines = []
    for line in run.read_text().splitlines():
        record = json.loads(line)
        if "run_header" in record:
            record["label"] = "oracle tampered"
        else:
            record["config"]["label"] = "oracle tampered"
        if record.get("task") == "ins-001" and record.get("trial") in (1, 2):
            for event in record["trajectory"]:
                for call in event.get("tool_calls", []):
                    if call["name"] == "reschedule_installation":
                        call["arguments"]["new_time"] = "2025-10-15T14:00:00Z"
        lines.append(json.dumps(record))
    out.write_text("\n".join(lines) + "\n")


def main(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        runs = make_runs(Path(tmp))
        tb("report", *runs, "--html", Path(tmp) / "site")
        url = (Path(tmp) / "site" / "index.html").as_uri()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(url)
            page.wait_for_selector("#grid")
            page.select_option("#sort", "difficulty")
            page.screenshot(path=str(out / "grid.png"), full_page=True)
            # a failed trial beside its task, the diff row's step highlighted
            page.locator('#grid tr[data-task="retail/ins-001"] button[data-run="2"]').click()
            page.wait_for_selector("#trial-page")
            page.locator("table.diff").scroll_into_view_if_needed()
            page.screenshot(path=str(out / "trial.png"))
            page.locator("a.step-link").first.click()
            page.screenshot(path=str(out / "step.png"))
            page.go_back()
            page.wait_for_selector("#grid")
            page.locator('#grid tr[data-task="retail/ins-001"] button[data-run="3"]').click()  # flaky server: errored
            page.wait_for_selector("#trial-page")
            page.screenshot(path=str(out / "errored.png"))
            page.go_back()
            page.wait_for_selector("#grid")
            page.locator('#grid tr[data-task="retail/ins-001"] button[data-run="2"]').click()
            page.wait_for_selector("#trial-page")
            page.locator("#compare-links a", has_text="oracle").first.click()
            page.wait_for_selector("#compare-page .side.b .trial")
            page.screenshot(path=str(out / "compare.png"))
            browser.close()
    print(f"wrote grid.png, trial.png, step.png, errored.png and compare.png to {out}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python bench/view_screenshots.py OUT_FOLDER")
    main(Path(sys.argv[1]))
