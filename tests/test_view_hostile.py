"""Record text is data in `tb view` and the static export of `tb report --html`: hostile
strings in every field of a run file (task ids, domain names, messages, tool arguments and
results, rubric text, error texts, labels, the file's own name) run no code, served or opened
from disk, and show as the characters they are. Browser checks use Debian's Chromium through
playwright (as tests/test_view.py does) and skip where it is missing."""
import json
import re
import threading
import urllib.request
from pathlib import Path

import pytest
from helpers import tb
from test_view import DATA_LINE, js_string

# The slow tier (`uv run pytest -m slow`): browser pages (headless Chromium) with hostile runs.
pytestmark = [pytest.mark.slow, pytest.mark.domains("retail")]

APP_JS = Path(__file__).parents[1] / "core/src/thinkingbox/reporting/view_assets/app.js"
INDEX_HTML = APP_JS.with_name("index.html")

# The issue's probe: once redaction of the serialized text ate the backslash before the quote,
# the rest ran as script (it closes the run's object and list, then comments the line out).
ISSUE = "authorization=x\"+(document.title='PWNED')}]}//"
# Markup and string-literal breakouts; every one would change the title if it ran.
MARKUP = ("</script><script>document.title='PWNED'</script><img src=probe-img onerror=\"document.title='PWNED'\">"
          "<svg onload=\"document.title='PWNED'\"></svg>")
QUOTES = "\\\"'-(document.title='PWNED')-'`${document.title='PWNED'}`\u2028\u2029<!--"
HOSTILE = f"{MARKUP} {QUOTES} {ISSUE}"  # the issue's probe last: on old pages it ran from the first field
LABEL = "label " + HOSTILE
FILE_NAME = "run <img src=probe-file onerror=\"document.title='PWNED'\"> '\".jsonl"


def hostile(tag):
    return f"{tag} {HOSTILE}"


def poison(record, i, label):
    """A real trial record with hostile text in every field the pages show."""
    record["domain"] = hostile("domain")
    record["task"] = hostile(f"task{i}")
    record["family"] = hostile("family")
    record["agent"], record["user"] = hostile("agent"), hostile("user")
    record["domain_version"], record["core_version"] = hostile("dv"), hostile("cv")
    record["config"].update(label=label, persona=hostile("persona"), note=hostile("config"))
    record["verdict"] = False
    record["finish_reason"] = hostile("finish")
    record["error"] = hostile("error")
    record["final_message"] = ISSUE  # exactly the issue's run file
    record["checks"] = [
        {"name": hostile("check"), "passed": False, "detail": hostile("detail"), "data": [hostile("claim")]},
        {"name": "rubric", "passed": False, "detail": hostile("rubric"), "data": [
            {"question": hostile("question"), "answer": hostile("answer"), "raw": hostile("raw"), "parsed": False}]}]
    row = {"kind": hostile("kind"), "table": hostile("table"), "key": hostile("key"), "field": hostile("field"),
           "expected": hostile("expected"), "actual": {hostile("k"): hostile("actual")}}
    record["diff"] = [row]
    record["effects"] = [row]
    record["usage"][hostile("role")] = {"calls": 1, "input": 1, "note": hostile("usage")}
    record["timings_ms"] = {hostile("phase"): 1.5}
    record["trajectory"] = [
        {"role": "user", "content": hostile("said"), "source": "task"},
        {"role": "assistant", "content": hostile("reply"), "tool_calls": [
            {"id": "c1", "name": hostile("tool"), "arguments": {hostile("arg"): hostile("value")}},
            {"id": "c2", "name": hostile("tool2"), "arguments": hostile("raw-args")},
            {"id": "c3", "name": "t3", "arguments": json.dumps({"x": hostile("json-args")})}]},
        {"role": "tool", "tool_call_id": "c1", "name": hostile("tool"), "content": hostile("result"), "is_error": True},
        {"role": "tool", "tool_call_id": "c3", "name": "t3", "content": json.dumps({"r": hostile("json-result")}),
         "is_error": False},
        {"role": hostile("role"), "content": hostile("other")}]
    return record


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Two run files with hostile labels and hostile file names, each with two tasks under a
    hostile domain."""
    d = tmp_path_factory.mktemp("hostile")
    tb("eval", "--domains", "retail", "--tasks", "ins-001,dly-001", "--trials", "1", "--output", d / "real.jsonl")
    lines = [json.loads(line) for line in (d / "real.jsonl").read_text().splitlines()]
    header, records = lines[0], lines[1:]
    assert "run_header" in header
    paths = []
    for label, name in ((LABEL, FILE_NAME), ("second " + LABEL, "second " + FILE_NAME)):
        header.update(label=label, command=hostile("command"), started=hostile("started"), seed=hostile("seed"),
                      versions={hostile("pkg"): hostile("version")})
        header["config"].update(label=label, persona=hostile("persona"))
        lines = [header, *(poison(r, i, label) for i, r in enumerate(records))]
        paths.append(d / name)
        paths[-1].write_text("".join(json.dumps(r) + "\n" for r in lines))
    return paths


@pytest.fixture(params=["served", "static"])
def page(request, browser):
    """A fresh page on the first screen, recording page errors, console errors and every
    request (an <img src=probe-...> that loaded would show up as one)."""
    url = request.getfixturevalue("served_url" if request.param == "served" else "static_url")
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    page.problems, page.requests = [], []
    page.on("console", lambda m: m.type == "error" and page.problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: page.problems.append(f"page error: {e}"))
    page.on("request", lambda r: page.requests.append(r.url))
    page.url_at_start = url
    yield page
    context.close()


def ran_nothing(page, title):
    """Nothing hostile ran on the page shown now: its title is its own, no element of
    record text became markup, no probe was fetched."""
    assert page.title() == title
    assert page.evaluate("document.title") == title
    planted = page.evaluate("""() => document.querySelectorAll(
        '#app img, #app script, [onerror], [onload], a[href^="javascript:" i]').length""")
    assert planted == 0
    assert not [u for u in page.requests if "probe-" in u]


def first_screen(page):
    """The first screen, once it shows its grid or once hostile text changed its title."""
    page.goto(page.url_at_start)
    page.wait_for_function("() => document.querySelector('#grid') || document.title !== 'Thinkingbox runs'")
    ran_nothing(page, "Thinkingbox runs")


def test_the_issue_probe_and_markup_in_every_field_run_nothing(page):
    first_screen(page)
    runs_text = page.locator("#runs").text_content()
    assert LABEL.split(" authorization=")[0] in runs_text and FILE_NAME in runs_text  # shown as text
    assert "onerror=\"document.title='PWNED'\">" in runs_text and "command " + MARKUP in runs_text
    assert page.locator("#grid tbody tr").count() == 2
    page.locator("#grid tbody tr").first.locator("button.cell").first.click()
    trial = page.locator("#trial-page")
    trial.wait_for()
    ran_nothing(page, "Thinkingbox runs")
    assert "(document.title='PWNED')}]}//" in trial.locator(".text.final").text_content()
    assert ("said " + MARKUP) in trial.locator(".msg.user").text_content()
    for part in ("arg", "value", "raw-args", "json-args", "result", "json-result", "question", "detail", "expected",
                 "actual", "error", "phase", "other"):
        shown = f"{part} {MARKUP}"  # as text, or inside JSON shown as text (tool arguments, diff values)
        assert shown in trial.text_content() or json.dumps(shown)[1:-1] in trial.text_content(), part
    assert "\u2028" in trial.locator(".msg.user").text_content()  # line separators kept as text
    page.locator("#compare-links a").first.click()
    page.wait_for_selector("#compare-page .side.b .trial")
    ran_nothing(page, "Thinkingbox runs")
    page.goto(page.url.split("#")[0].replace("index.html", "report.html"))
    ran_nothing(page, "Thinkingbox report")
    assert "label " + MARKUP in page.locator("body").text_content()
    assert page.problems == []


def test_the_pages_refuse_inline_script(page):
    """The Content-Security-Policy (a header when served, a meta element on disk): even a
    script element some future bug let in would not run."""
    page.goto(page.url_at_start)
    page.wait_for_load_state("load")
    ran = page.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'window.inlineRan = true'; document.body.appendChild(s); return window.inlineRan === true; }""")
    assert ran is False
    handler = page.evaluate("""() => { const b = document.createElement('img');
        b.setAttribute('onerror', 'window.handlerRan = true'); b.src = 'data:,'; document.body.appendChild(b);
        return new Promise(r => setTimeout(() => r(window.handlerRan === true), 300)); }""")
    assert handler is False
    page.goto(page.url.split("#")[0].replace("index.html", "report.html"))
    assert page.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'window.inlineRan = true'; document.body.appendChild(s); return window.inlineRan === true; }""") is False


def test_served_pages_carry_the_policy_and_no_sniffing(runs):
    from thinkingbox.interfaces.view import make_server
    from thinkingbox.reporting import view_data

    server = make_server(view_data.Site(view_data.load(runs[:1])))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        host, port = server.server_address[:2]
        for path in ("index.html", "app.js", "style.css", "data/index.js", "data/r0/t0.js", "report.html"):
            with urllib.request.urlopen(f"http://{host}:{port}/{path}") as response:
                policy = response.headers["Content-Security-Policy"] or ""
                assert response.headers["X-Content-Type-Options"] == "nosniff", path
            directives = dict((d.strip().split(" ", 1) + [""])[:2] for d in policy.split(";") if d.strip())
            assert directives.get("default-src") == "'none'", (path, policy)
            assert "unsafe-inline" not in directives.get("script-src", "'none'"), (path, policy)
            assert "unsafe-eval" not in policy and directives.get("frame-ancestors") == "'none'", (path, policy)
            if path == "report.html":
                assert directives.get("script-src", "'none'") == "'none'"
    finally:
        server.shutdown()
        server.server_close()


def test_the_meta_policy_on_disk_matches_the_served_one():
    from thinkingbox.reporting import view_data

    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', INDEX_HTML.read_text())
    assert meta, "index.html has no Content-Security-Policy meta element"
    assert meta.group(1) == view_data.PAGE_META_POLICY
    assert view_data.PAGE_POLICY == view_data.PAGE_META_POLICY + "; frame-ancestors 'none'"  # ignored in a meta


def test_data_files_are_json_text_in_one_inert_string_literal(runs):
    """Each data file is one fixed statement around a string literal that holds the JSON text;
    the literal has no quote of its own kind, angle bracket, ampersand or line terminator, so
    nothing in it can end the literal or the script element."""
    from thinkingbox.reporting import view_data

    site = view_data.Site(view_data.load(runs))
    for path in site.data_paths():
        body = site.data_file(path).decode()
        match = DATA_LINE.fullmatch(body)
        assert match, (path, body[:200])
        literal = match.group(2)
        assert not set(literal) & set("<>&'`\u2028\u2029\n\r"), path
        data = json.loads(js_string(literal))
        if path == "data/index.js":
            assert data["runs"][0]["command"].startswith("command " + MARKUP + " " + QUOTES)
            assert data["tasks"][0]["domain"].startswith("domain " + MARKUP)
        elif re.fullmatch(r"data/d\d+\.js", path):  # a domain's system prompt: none for a domain not installed
            assert data["domain"].startswith("domain " + MARKUP) and data["system_prompt"] is None
        else:
            trial = data["trials"][0]
            assert trial["trajectory"][0]["content"].startswith("said " + MARKUP + " " + QUOTES)
            assert "(document.title='PWNED')}]}//" in trial["final_message"]


def test_redaction_that_breaks_the_json_text_still_gives_valid_data():
    """Redaction of the serialized text can eat the backslash of an escaped quote (the issue's
    probe): the file still holds valid JSON, redacted value by value, and secrets stay out."""
    from thinkingbox.reporting import view_data

    secret = "sk-test-0123456789abcdef"
    body = view_data.script("r0/t0", {"final_message": ISSUE, "said": f"key {secret}", "n": 3}, [secret]).decode()
    match = DATA_LINE.fullmatch(body)
    assert match and secret not in body
    data = json.loads(js_string(match.group(2)))
    assert data["said"] == "key [REDACTED]" and data["n"] == 3
    assert data["final_message"].endswith("\"+(document.title='PWNED')}]}//")


def test_app_js_puts_record_text_in_as_text_only():
    """No API that parses markup or evaluates strings, and no href or src built from records."""
    source = APP_JS.read_text()
    for api in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                "setTimeout(\"", "srcdoc", "createContextualFragment", "DOMParser"):
        assert api not in source, api
    for href in re.findall(r'href: ([^,}]+)', source):
        assert href.strip().startswith(('"#/', '"report.html"', "href(")), href  # href(n): "#/trial/..." from numbers
    assert 'name === "style") node.style.cssText' in source  # through CSSOM: the policy refuses style attributes


def test_a_browser_reads_back_every_character_as_written(browser):
    """The escapes, read by a real JavaScript engine: every ASCII character, line and
    paragraph separators, astral characters and the probes come back unchanged, as keys too."""
    from thinkingbox.reporting import view_data

    text = "".join(map(chr, range(128))) + "\u2028\u2029\u00e9\u4e2d\U0001f600 " + MARKUP + QUOTES + " \\\\' \\\" \\u0041"
    data = {"text": text, text: [text, {"n": 1.5, "none": None, "yes": True}]}
    body = view_data.script("r0/t0", data, []).decode()
    page = browser.new_page()
    try:
        page.goto("about:blank")
        read = page.evaluate("body => { (0, eval)(body); return window.TB_DATA['r0/t0']; }", body)
    finally:
        page.close()
    assert read == data
