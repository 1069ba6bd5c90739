"""The viewer at scale and explaining itself, in a real headless browser (Debian's Chromium):
13 runs (bench/view_screenshots.py's `make_runs`: oracle, noop, a tampered oracle run with
wrong-state failures, a run whose server failed on some trials, one whose every trial
errored, and eight relabelled copies with long labels), from the static export."""
import importlib.util
import re
from pathlib import Path

import pytest
from helpers import tb

# The slow tier (`uv run pytest -m slow`), like tests/test_view.py: browser pages over real runs.
pytestmark = [pytest.mark.slow, pytest.mark.domains("retail")]

BENCH = Path(__file__).resolve().parent.parent / "bench" / "view_screenshots.py"
TAMPERED = "oracle tampered (rejudged)"


def bench():
    spec = importlib.util.spec_from_file_location("view_screenshots", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    d = tmp_path_factory.mktemp("many")
    runs = bench().make_runs(d)
    tb("report", *runs, "--html", d / "site")
    return d / "site"


@pytest.fixture
def page(browser, site):
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: page.problems.append(f"page error: {e}"))
    page.home = (site / "index.html").as_uri()
    page.goto(page.home)
    page.wait_for_selector("#grid")
    yield page
    context.close()


def columns(page):
    return page.locator("#grid thead th.run").evaluate_all("hs => hs.map(h => h.title)")


def test_thirteen_runs_fit_a_picker_and_a_sticky_rotated_grid_header(page):
    assert page.locator("#run-picker li").count() == 13 and len(columns(page)) == 13
    header = page.locator("#grid thead th.run").first
    assert header.evaluate("h => getComputedStyle(h).position") == "sticky"
    box = header.bounding_box()
    assert box["width"] < 90 and box["height"] < 200   # rotated: never a label wrapped letter by letter
    assert header.locator(".rotated").evaluate("r => getComputedStyle(r).writingMode") == "vertical-rl"
    long = page.locator("#grid thead th.run").nth(5)
    assert long.get_attribute("title") == "openai:gpt-variant-01 temperature=0.1 top_p=0.9 seed=7"
    assert long.text_content() == "openai:gpt-variant-01 tem…"
    page.fill("#run-search", "variant")
    assert page.locator("#run-picker li").count() == 8
    page.click("#runs-none")                     # clears the eight shown, keeps the other five
    assert columns(page) == ["oracle", "noop", TAMPERED, "flaky server", "server down"]
    assert "runs=0,1,2,3,4" in page.url and "q=variant" in page.url
    page.fill("#run-search", "")
    page.locator('#run-picker input[data-index="1"]').uncheck()
    assert columns(page) == ["oracle", TAMPERED, "flaky server", "server down"]
    assert page.locator("#leaderboard-table tbody tr").count() == 4
    page.check("#failed-only")
    page.select_option("#sort", "difficulty")
    url = page.url
    page.locator("#grid tbody tr").first.locator("button.cell").first.click()
    page.wait_for_selector("#trial-page")
    page.go_back()                                # Back: the same runs, filters and sort
    page.wait_for_selector("#grid")
    assert page.url == url and columns(page) == ["oracle", TAMPERED, "flaky server", "server down"]
    assert page.is_checked("#failed-only") and page.input_value("#sort") == "difficulty"
    page.goto("about:blank")
    page.goto(url)                                # a shared link opens the same page
    page.wait_for_selector("#grid")
    assert columns(page) == ["oracle", TAMPERED, "flaky server", "server down"]
    assert page.problems == []


def test_the_failure_list_comes_before_the_grid(page):
    failures, grid = page.locator("#failures").bounding_box(), page.locator("#grid").bounding_box()
    assert failures["y"] < grid["y"]
    assert page.locator("#failures h3").text_content().startswith("Failed trials (38), 16 of them errored")


def test_errored_runs_and_trials_are_drawn_as_errored_not_failed(page):
    down = page.locator('#leaderboard-table tr[data-run="server down"]')
    assert down.locator("td.num strong").text_content() == "not judged"
    assert page.locator("svg.leaderboard rect.bar.errored").count() == 2   # all of "server down", a share of "flaky"
    cell = page.locator('#grid tr[data-task="retail/ins-001"] button[data-run="4"]')
    assert "errored" in cell.get_attribute("class") and cell.text_content() == "3 errored"
    some = page.locator('#grid tr[data-task="retail/dly-001"] button[data-run="3"]')
    assert some.text_content() == "0/2 +1⚠" and "1 errored (not judged)" in some.get_attribute("title")
    page.locator('#leaderboard-table tr[data-run="flaky server"] a.error-link').click()  # the count is a link
    page.wait_for_function("() => location.hash.includes('category=error')")
    listed = page.locator("#matches tbody tr").evaluate_all("rows => rows.map(r => [r.cells[0].textContent, r.cells[1].textContent, r.cells[2].textContent, r.cells[4].textContent])")
    assert listed == [["flaky server", "retail/dly-001", "2", "error (not judged)"]] + [
        ["flaky server", "retail/ins-001", str(n), "error (not judged)"] for n in (1, 2, 3)]
    assert columns(page) == ["flaky server"]
    page.locator("#matches a").first.click()
    trial = page.locator("#trial-page")
    trial.wait_for()
    assert trial.locator(".verdict").text_content() == "ERROR"
    results = trial.locator("table.checks tbody tr td:nth-child(2)").all_text_contents()
    assert results == ["not judged", "not judged"] and trial.locator("table.checks .badge.fail").count() == 0
    assert ("not judged: the trial ended in an error: model call failed after 3 attempts: HTTP 500 Internal Server Error"
            in trial.locator("table.checks").text_content())
    assert trial.locator("table.diff").count() == 0 and trial.locator("ul.claims").count() == 0
    assert page.problems == []


def test_a_diff_row_links_to_the_step_that_wrote_it(page):
    page.locator('#grid tr[data-task="retail/ins-001"] button[data-run="2"]').click()
    trial = page.locator("#trial-page")
    trial.wait_for()
    row = trial.locator("table.diff tbody tr").first
    assert row.locator("td.field").text_content() == "scheduled_for"
    link = row.locator("a.step-link")
    assert re.fullmatch(r"step \d+ \(reschedule_installation\)", link.text_content())
    link.click()
    step = trial.locator(".highlight")
    assert step.count() == 1 and step.get_attribute("data-step-number") == link.get_attribute("data-step")
    assert "reschedule_installation" in step.text_content() and "2025-10-15T14:00:00Z" in step.text_content()
    assert step.evaluate("s => { const b = s.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }")
    assert trial.locator(".conversation .who").first.text_content().startswith("1.")   # numbered steps
    legend = trial.locator(".diff-legend").text_content()
    assert "missing: the reference solution changes this and the agent did not" in legend and "wrong value" in legend
    # beside the trajectory: what the agent and the simulated user were given
    panel = trial.locator(".task-panel")
    assert "Daniela Ortega" in panel.locator(".user-facts").text_content()
    assert panel.locator(".request").text_content().startswith("Hi, this is Daniela Ortega")
    assert panel.locator("ol.reference li").count() >= 5 and "reschedule_installation" in panel.text_content()
    assert panel.locator(".system-prompt pre").text_content().startswith("You are a support agent")
    assert page.locator(".task-title").text_content().startswith("Plus customer moves a TV mounting")
    page.goto(page.home + "#/")
    page.wait_for_selector("#grid")
    page.locator('#grid tr[data-task="retail/ins-001"] button[data-run="1"]').click()   # noop: nothing written
    page.wait_for_selector("#trial-page table.diff")
    missing = page.locator("#trial-page a.ref-link").first
    assert missing.text_content().startswith("should have: reference action")
    missing.click()
    assert page.locator("#trial-page ol.reference li.highlight").count() == 1
    assert page.problems == []


def test_previous_and_next_failed_trial(page):
    page.locator("#matches a").first.click()
    page.wait_for_selector("#trial-page")
    assert page.locator("#prev-failed").evaluate("e => e.tagName") == "SPAN"   # the first has no previous one
    first = page.locator("#trial-page .trial").get_attribute("data-trial")
    page.click("#next-failed")
    page.wait_for_function("() => document.querySelector('#trial-page .trial') && "
                           "document.querySelector('.trial-nav').textContent.includes('failed trial 2 of')")
    assert page.locator("#trial-page .trial").get_attribute("data-task") == "retail/dly-001"
    page.click("#prev-failed")
    page.wait_for_function("() => document.querySelector('.trial-nav').textContent.includes('failed trial 1 of')")
    assert page.locator("#trial-page .trial").get_attribute("data-trial") == first
    assert page.problems == []


def test_pass_hat_k_is_labelled_with_its_one_k(page, site):
    import json

    head = page.locator("#leaderboard-table thead th").all_text_contents()
    assert "pass^2" in head and "pass@2" in head and not any(h == "pass^k" for h in head)  # k: flaky's 2 finished
    text = (site / "data" / "index.js").read_text()
    assert '"k":2' in text.replace(" ", "")
    oracle = page.locator('#leaderboard-table tr[data-run="oracle tampered (rejudged)"] td.pass-hat-k').text_content()
    # ins-001: 1 of 3 passed -> C(1,2)/C(3,2) = 0; the other three tasks 1: mean 75%
    assert oracle == "75.0%"
    assert json.dumps("pass^k_plugin") not in text
