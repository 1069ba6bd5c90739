"""`tb view` and the static export of `tb report --html`, in a real headless browser (Debian's
Chromium driven by playwright; never a downloaded browser). Three real retail runs: oracle
(passes), noop (fails everything: no_state_change) and oracle's run with two recorded calls
changed and re-judged (two wrong_state failures on ins-001). Every page is checked twice:
served by `tb view` and opened from disk."""
import json
import os
import re
import threading
import urllib.request
from urllib.error import HTTPError

import pytest
from helpers import tb

# The slow tier (`uv run pytest -m slow`): browser pages (headless Chromium) over a whole run.
pytestmark = [pytest.mark.slow, pytest.mark.domains("retail")]

TASKS = "ret-fee-001,ret-fee-002,dly-001,ins-001"
INJECTED = '<img id="injected" src="nowhere.png">'  # agent text that must stay text
TAMPERED = "oracle tampered"
RUBRIC_NO = "Does the message give the day the customer asked for?"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("runs")
    tb("eval", "--domains", "retail", "--tasks", TASKS, "--trials", "3", "--output", d / "oracle.jsonl")
    tb("eval", "--domains", "retail", "--tasks", TASKS, "--trials", "3", "--agent", "noop", "--output", d / "noop.jsonl")
    records = [json.loads(line) for line in (d / "oracle.jsonl").read_text().splitlines()]
    for record in records:
        if record.get("task") == "ins-001" and record["trial"] in (1, 2):
            for event in record["trajectory"]:
                for call in event.get("tool_calls", []):
                    if call["name"] == "reschedule_installation":
                        call["arguments"]["new_time"] = "2025-10-15T14:00:00Z"  # the wrong day
            record["trajectory"][0]["content"] += " " + INJECTED
    (d / "edited.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    tb("rejudge", d / "edited.jsonl", "--output", d / "tampered.jsonl")
    records = [json.loads(line) for line in (d / "tampered.jsonl").read_text().splitlines()]
    for record in records:  # and a rubric answered no (retail tasks have no rubric: added by hand)
        # a run of its own in reports: the label of the header and of every record
        if "run_header" in record:
            record["label"] = TAMPERED
            continue
        record["config"]["label"] = TAMPERED
        if record["task"] == "ins-001" and record["trial"] == 2:
            record["checks"].append({"name": "rubric", "passed": False, "detail": "answered no: " + RUBRIC_NO, "data": [
                {"question": RUBRIC_NO, "answer": "no", "raw": "rules", "parsed": True},
                {"question": "Is the message polite?", "answer": "yes", "raw": "rules", "parsed": True}]})
    (d / "tampered.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    model_run(d / "model.jsonl")
    return [d / "oracle.jsonl", d / "noop.jsonl", d / "tampered.jsonl", d / "model.jsonl"]


def model_run(out):
    """One trial of a model agent (the fake OpenAI server): a tool call that fails, then it
    gives up, so the run has token counts, request parameters and a tool_usage failure."""
    from fake_openai import FakeOpenAI

    fake = FakeOpenAI().start()
    try:
        fake.script("fake-agent", [{"tool_calls": [{"name": "get_order", "arguments": {"order_id": "ORD-NOPE"}}]},
                                   {"content": "Sorry, I could not find it. <DONE>"}])
        tb("eval", "--domains", "retail", "--tasks", "ins-001", "--agent", "openai:fake-agent", "--agent-base-url",
           fake.url, "--agent-param", "temperature=0.2", "--output", out)
    finally:
        fake.stop()


@pytest.fixture(params=["served", "static"])
def page(request, browser):
    """A page at the first screen of `tb view` or of the export, recording console errors,
    page errors and any request that would leave the machine."""
    url = request.getfixturevalue("served_url" if request.param == "served" else "static_url")
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: page.problems.append(f"page error: {e}"))

    def outside(route):
        page.problems.append(f"request outside: {route.request.url}")
        route.abort()
    context.route(re.compile(r"^(?!file:|http://127\.0\.0\.1[:/]|data:).*"), outside)
    page.goto(url)
    page.wait_for_selector("#grid")
    yield page
    context.close()


# A data file: (window.TB_DATA=window.TB_DATA||{})['KEY']=JSON.parse('JSON TEXT WITH ESCAPES');
DATA_LINE = re.compile(r"\(window\.TB_DATA=window\.TB_DATA\|\|\{\}\)\['([a-z0-9/]+)'\]=JSON\.parse\('([^']*)'\);\n")


def js_string(literal):
    """The text of a string literal's body written with the escapes data files use."""
    assert not re.search(r"\\(?![xu\\])", literal.replace("\\\\", "")), "an escape data files do not write"
    return re.sub(r"\\(x[0-9a-f]{2}|u[0-9a-f]{4}|\\)",
                  lambda m: "\\" if m.group(1) == "\\" else chr(int(m.group(1)[1:], 16)), literal)


def data_of(body):
    """The data a data file stores: the JSON text inside its JSON.parse('...')."""
    match = DATA_LINE.fullmatch(body)
    assert match, body[:200]
    return json.loads(js_string(match.group(2)))


def rows(page):
    return page.locator("#grid tbody tr").evaluate_all("rows => rows.map(r => r.dataset.task)")


def test_every_page_loads_without_errors_or_fetches(page):
    assert page.locator("#runs tbody tr").count() == 4
    assert page.locator("#leaderboard svg line.whisker").count() == 12  # an interval and two caps per run
    model = page.locator('#runs tr[data-run="openai:fake-agent temperature=0.2"]').text_content()
    assert "agent: fake-agent at http://127.0.0.1:" in model and '"temperature": 0.2' in model
    page.locator('#grid tr[data-task="retail/ins-001"] button[data-run="2"]').click()
    page.wait_for_selector("#trial-page")
    page.locator("#compare-links a").first.click()
    page.wait_for_selector("#compare-page .side.b .trial")
    page.goto(page.url.split("#")[0].replace("index.html", "report.html"))
    assert page.locator("svg").count() == 4 and "Leaderboard" in page.content()  # one curve of each kind, 2 other plots
    assert "Not drawn, needs \u22652 trials per task: openai:fake-agent" in page.content()  # its one trial: no one-dot curve
    assert page.problems == []


def test_the_grid_sorts_by_difficulty_and_disagreement(page):
    assert rows(page) == ["retail/dly-001", "retail/ins-001", "retail/ret-fee-001", "retail/ret-fee-002"]
    page.select_option("#sort", "difficulty")  # ins-001: 4 of 9 passed, the others 6 of 9
    assert rows(page) == ["retail/ins-001", "retail/dly-001", "retail/ret-fee-001", "retail/ret-fee-002"]
    page.select_option("#domain", "retail")
    page.select_option("#family", "returns_fees")
    assert rows(page) == ["retail/ret-fee-001", "retail/ret-fee-002"]
    assert page.problems == []


def test_filtering_to_failed_trials_of_one_category_shows_exactly_those(page):
    page.check("#failed-only")
    page.select_option("#category", "wrong_state")
    assert rows(page) == ["retail/ins-001"]
    listed = page.locator("#matches tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert listed == [[TAMPERED, "retail/ins-001", "1", "fail", "wrong_state", "done"],
                      [TAMPERED, "retail/ins-001", "2", "fail", "wrong_state", "done"]]
    page.select_option("#category", "no_state_change")
    listed = page.locator("#matches tbody tr").evaluate_all(
        "rows => rows.map(r => [r.cells[0].textContent, r.cells[4].textContent])")
    assert len(listed) == 12 and set(map(tuple, listed)) == {("noop", "no_state_change")}
    assert page.problems == []


def test_a_failed_trial_opens_from_the_grid_with_its_calls_diff_and_checks(page):
    page.select_option("#sort", "difficulty")
    page.locator('#grid tr[data-task="retail/ins-001"] button[data-run="2"]').click()
    trial = page.locator("#trial-page")
    trial.wait_for()
    assert "retail/ins-001" in trial.locator("h1").text_content() and TAMPERED in trial.text_content()
    assert trial.locator(".verdict").text_content() == "FAIL"
    assert trial.locator(".category").text_content() == "wrong_state"
    diff = trial.locator("table.diff tbody tr").first
    assert diff.locator("td.field").text_content() == "scheduled_for"
    assert '"2025-10-14T14:00:00Z"' in diff.text_content() and '"2025-10-15T14:00:00Z"' in diff.text_content()
    assert trial.locator("table.checks tr.failed td").first.text_content() == "golden_state"
    calls = trial.locator(".msg.call").all_text_contents()
    assert any("reschedule_installation" in c and "2025-10-15T14:00:00Z" in c for c in calls)
    result = trial.locator(".msg.result pre").first.text_content()  # a full tool result, not cut
    assert '"helpdesk_user_id": "U-5201"' in result and '"total_orders": 5' in result
    assert INJECTED in trial.locator(".msg.user").first.text_content()  # shown as text, never as markup
    assert page.locator("#injected").count() == 0
    assert trial.locator("table.usage").count() == 1 and "total (ms)" in trial.locator("table.timings").text_content()
    trial.locator(".chooser a", has_text="#2").click()
    page.wait_for_selector('#trial-page .trial[data-trial="2"]')
    claims = page.locator("ul.claims li").all_text_contents()
    assert claims == [f"asked \u201c{RUBRIC_NO}\u201d: answered no"]  # the question answered yes is not a failed claim
    page.goto(page.url.split("#")[0] + "#/")
    page.locator('#grid tr[data-task="retail/ins-001"] button[data-run="1"]').click()  # noop: its failed claims
    page.wait_for_selector("#trial-page ul.claims")
    assert "expected the new installation date 2025-10-14 to be stated" in page.locator("ul.claims").text_content()
    assert page.problems == []


def test_a_model_trial_shows_its_tool_error_and_tokens(page):
    page.select_option("#category", "tool_usage")
    page.locator("#matches a").click()
    trial = page.locator("#trial-page")
    trial.wait_for()
    assert trial.locator(".category").text_content() == "tool_usage"
    assert "ORD-NOPE" in trial.locator(".msg.result.is-error").text_content()
    agent = trial.locator("table.usage tbody tr").first.locator("td").all_text_contents()
    assert agent[:4] == ["agent", "2", "200", "80"]  # role, calls, input, cached tokens (the fake's counts)
    assert page.problems == []


def test_two_runs_side_by_side_show_the_same_tasks_trials(page):
    page.locator('#grid tr[data-task="retail/ins-001"] button[data-run="2"]').click()
    page.locator("#compare-links a", has_text="oracle").click()
    page.wait_for_selector("#compare-page .side.b .trial")
    sides = page.locator("#compare-page .side")
    assert sides.evaluate_all("s => s.map(x => x.dataset.run)") == [TAMPERED, "oracle"]
    assert sides.locator(".trial").evaluate_all("t => t.map(x => [x.dataset.task, x.dataset.trial])") == \
        [["retail/ins-001", "1"], ["retail/ins-001", "1"]]
    assert sides.locator(".verdict").all_text_contents() == ["FAIL", "PASS"]
    page.select_option("#compare-b", "1")  # noop instead
    page.wait_for_selector('#compare-page .side.b[data-run="noop"] .trial')
    assert page.locator("#compare-page .side.b .category").text_content() == "no_state_change"
    assert page.problems == []


def test_the_export_is_data_files_per_run_and_task_and_redacts_keys(runs, tmp_path):
    secret = "sk-test-0123456789abcdef"
    edited = [json.loads(line) for line in runs[1].read_text().splitlines()]
    assert "run_header" in edited[0]
    edited[0]["command"] += f" --agent-param note={secret}"  # the header is redacted too
    edited[1]["final_message"] = f"my key is {secret}"
    run = tmp_path / "leaky.jsonl"
    run.write_text("".join(json.dumps(r) + "\n" for r in edited))
    env = {**os.environ, "SOME_API_KEY": secret}
    tb("report", run, "--html", tmp_path / "site", env=env)
    files = sorted(str(p.relative_to(tmp_path / "site")) for p in (tmp_path / "site").rglob("*") if p.is_file())
    assert files == ["app.js", "data/d0.js", "data/index.js", *[f"data/r0/t{i}.js" for i in range(4)], "index.html",
                     "report.html", "style.css"]
    text = "".join(p.read_text() for p in (tmp_path / "site").rglob("*") if p.is_file())
    assert secret not in text and "my key is [REDACTED]" in text
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text)  # nothing fetched from elsewhere


def test_html_takes_a_folder_and_view_says_what_is_wrong(runs, tmp_path):
    proc = tb("report", runs[0], "--html", tmp_path / "r.html", check=False)
    assert proc.returncode == 2 and proc.stderr.strip().count("\n") == 0
    assert "--html now takes a folder" in proc.stderr and "r.html" in proc.stderr
    (tmp_path / "file").write_text("")
    proc = tb("report", runs[0], "--html", tmp_path / "file", check=False)
    assert proc.returncode == 2 and "is a file; give a folder" in proc.stderr
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    proc = tb("report", runs[0], "--html", tmp_path / "mine", check=False)
    assert proc.returncode == 2 and "holds other files" in proc.stderr and (tmp_path / "mine" / "notes.txt").exists()
    tb("report", runs[0], "--html", tmp_path / "site")
    tb("report", runs[1], "--html", tmp_path / "site")  # an earlier export is replaced
    assert data_of((tmp_path / "site" / "data" / "index.js").read_text())["runs"][0]["name"] == "noop"
    proc = tb("view", tmp_path / "missing.jsonl", check=False)
    assert proc.returncode == 2 and "missing.jsonl not found" in proc.stderr and "Traceback" not in proc.stderr
    proc = tb("view", runs[0], "--port", "70000", check=False)
    assert proc.returncode == 2 and "port number" in proc.stderr


def test_the_server_answers_only_its_pages_and_data(runs):
    from thinkingbox.interfaces.view import make_server
    from thinkingbox.reporting import view_data

    server = make_server(view_data.Site(view_data.load(runs[:2])))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        host, port = server.server_address[:2]
        assert host == "127.0.0.1"
        base = f"http://{host}:{port}/"
        with urllib.request.urlopen(base + "data/r1/t2.js") as response:
            body = response.read().decode()
            assert response.headers["Content-Type"].startswith("text/javascript")
        assert body.startswith("(window.TB_DATA=window.TB_DATA||{})['r1/t2']=JSON.parse('")
        assert data_of(body)["key"] == "retail/ret-fee-001"
        for missing in ("data/r9/t0.js", "data/r0/t99.js", "../pyproject.toml", "data/index.json"):
            with pytest.raises(HTTPError) as error:
                urllib.request.urlopen(base + missing)
            assert error.value.code == 404
        with pytest.raises(HTTPError) as error:  # a rebound name (DNS rebinding) reads nothing
            urllib.request.urlopen(urllib.request.Request(base + "data/index.js", headers={"Host": f"evil.example:{port}"}))
        assert error.value.code == 403
    finally:
        server.shutdown()
        server.server_close()


def test_provenance_comes_from_the_run_header_when_the_file_has_one(runs):
    from thinkingbox.reporting import view_data

    (run,) = view_data.load(runs[:1])
    written = view_data.provenance(run)  # the header tb eval wrote
    assert written["has_header"] is True and written["command"].startswith("tb eval --domains retail")
    assert written["judge"] == "rules" and written["started"].endswith("Z")
    assert written["versions"] == {"thinkingbox": "0.1.0", "retail": "0.1.0"} and written["trials"] == 12
    run.header = None  # a file from before run headers: what its records say
    plain = view_data.provenance(run)
    assert plain["has_header"] is False and plain["command"] is None and plain["judge"] == "rules"
    assert plain["versions"] == {"thinkingbox": "0.1.0", "retail": "0.1.0"} and plain["trials"] == 12
    run.header = {"run_header": 1, "label": "gpt-x t=0.2", "seed": 7, "command": "tb eval --agent openai:gpt-x",
                  "started": "2026-11-30T12:00:00Z", "versions": {"thinkingbox": "0.1.0", "retail": "0.1.1"},
                  "config": {"agent": "openai:gpt-x", "models": {
                      "agent": {"model": "gpt-x", "base_url": "http://127.0.0.1:8000/v1", "api_key_env": "OPENAI_API_KEY",
                                "params": {"temperature": 0.2}},
                      "user": None, "judge": "rules"}}}
    headed = view_data.provenance(run)
    assert (headed["seed"], headed["command"], headed["started"]) == (7, "tb eval --agent openai:gpt-x",
                                                                      "2026-11-30T12:00:00Z")
    assert headed["versions"]["retail"] == "0.1.1" and headed["params"] == {"agent": {"temperature": 0.2}}
    assert headed["models"] == {"agent": "gpt-x", "judge": "rules"} and headed["judge"] == "rules"
    assert headed["endpoints"] == {"agent": "http://127.0.0.1:8000/v1"}


def test_the_grid_sorts_by_disagreement_between_runs(runs, browser, tmp_path):
    tb("report", runs[0], runs[2], "--html", tmp_path / "pair")  # oracle and tampered: they differ on ins-001 only
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((tmp_path / "pair" / "index.html").as_uri())
    page.wait_for_selector("#grid")
    page.select_option("#sort", "disagreement")
    assert rows(page) == ["retail/ins-001", "retail/dly-001", "retail/ret-fee-001", "retail/ret-fee-002"]
    assert page.locator('#grid tr[data-task="retail/ins-001"] td.num').all_text_contents() == ["66.7%", "66.7%"]
    page.close()
    assert errors == []
