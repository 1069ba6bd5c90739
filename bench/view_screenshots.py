"""Screenshots of `tb view`'s pages (the static export opened from disk), for the docs and for
looking at them: grid.png (the task grid sorted by difficulty), trial.png (a failed trial),
compare.png (one task's trials of two runs side by side).

    uv run python bench/view_screenshots.py OUT_FOLDER

Three small retail runs are made first: oracle (passes), noop (fails everything) and
"tampered" (oracle's run with two recorded calls changed and re-judged: two wrong-state
failures). Needs Debian's Chromium at /usr/bin/chromium (never a downloaded browser).
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


def make_runs(folder: Path) -> list[Path]:
    """oracle, noop and a tampered copy of oracle's run, re-judged (the same runs the tests use)."""
    oracle, noop, tampered = folder / "oracle.jsonl", folder / "noop.jsonl", folder / "tampered.jsonl"
    tb("eval", "--domains", "retail", "--tasks", TASKS, "--trials", "3", "--output", oracle)
    tb("eval", "--domains", "retail", "--tasks", TASKS, "--trials", "3", "--agent", "noop", "--output", noop)
    tamper(oracle, folder / "edited.jsonl")
    tb("rejudge", folder / "edited.jsonl", "--output", tampered)
    return [oracle, noop, tampered]


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
            page.select_option("#sort", "difficulty")
            page.locator("#grid").scroll_into_view_if_needed()
            page.screenshot(path=str(out / "grid.png"), full_page=True)
            page.locator('#grid tr[data-task="retail/ins-001"] button[data-run="2"]').click()
            page.wait_for_selector("#trial-page")
            page.screenshot(path=str(out / "trial.png"))  # the top: verdict, checks, diff, conversation
            page.locator("#compare-links a", has_text="oracle").first.click()
            page.wait_for_selector("#compare-page .side.b .trial")
            page.screenshot(path=str(out / "compare.png"))
            browser.close()
    print(f"wrote grid.png, trial.png and compare.png to {out}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python bench/view_screenshots.py OUT_FOLDER")
    main(Path(sys.argv[1]))
