"""Results that explain themselves, without a browser: check results in sentences, errored
trials as a third outcome in the leaderboard and `tb show`, one pass^k in the viewer's data,
and the link from each diff row to the step that wrote it."""
import pytest

from thinkingbox.reporting.explain import diff_links, explain, pattern_words, sentence, steps
from thinkingbox.reporting.leaderboard import render, summarize
from thinkingbox.reporting.show import first_failed_check, summary


@pytest.mark.parametrize("raw, readable", [
    ("does not state the a replacement is sent (sent) (it is never stated)",
     "expected the agent to say that a replacement is sent (sent); it never said so"),
    ("does not state the the return for a refund is declined (declined) (it is never stated)",
     "expected the agent to say that the return for a refund is declined (declined); it never said so"),
    ("does not state the refund $279.00; the agent said $237.15",
     "expected the refund $279.00 to be stated; the agent said $237.15"),
    ("does not state the loan period 14 before lend_book", "expected the loan period 14 to be stated before lend_book was called"),
    ("states the another member M-12, which it must not", "the agent told the customer another member M-12, which it must not"),
    ("does not state the phrase ['\\\\bfull\\\\s+refund\\\\b', '(?:money|cash) back']",
     'expected a phrase such as "full refund" or "money / cash back" to be stated'),
])
def test_check_details_read_as_sentences(raw, readable):
    assert sentence(raw) == readable
    assert "the the" not in sentence(raw) and "\\\\" not in sentence(raw)


def test_patterns_become_the_words_they_look_for():
    assert pattern_words(r"\b(?:full|whole)\s+refund\b") == "full / whole refund"
    assert pattern_words(r"(?<![\d.])refund(?:ed)?") == "refunded"


DIFF = [{"kind": "wrong", "table": "orders", "key": "O-1", "field": "refunded", "expected": "15.00", "actual": "12.00"},
        {"kind": "missing", "table": "tickets", "key": "<new tickets #1>", "field": None,
         "expected": {"id": "<new tickets #1>", "subject": "Refund for O-1", "order_id": "O-1"}, "actual": None}]


def record(**changes):
    base = {"domain": "shop", "task": "t-1", "trial": 1, "agent": "a", "user": "scripted", "verdict": False,
            "finish_reason": "done", "error": None, "final_message": "Done.", "usage": {}, "timings_ms": {},
            "config": {"label": "run"}, "counts": {}, "effects": [],
            "trajectory": [
                {"role": "user", "content": "Please refund order O-1.", "source": "task"},
                {"role": "assistant", "content": "Looking.", "tool_calls": [
                    {"id": "c1", "name": "get_order", "arguments": {"order_id": "O-1"}}]},
                {"role": "tool", "tool_call_id": "c1", "name": "get_order", "content": '{"id": "O-1"}', "is_error": False,
                 "write": False},
                {"role": "assistant", "content": "", "tool_calls": [
                    {"id": "c2", "name": "refund_order", "arguments": {"order_id": "O-1", "amount": "12.00"}}]},
                {"role": "tool", "tool_call_id": "c2", "name": "refund_order", "content": '{"refund": "R-9"}',
                 "is_error": False, "write": True},
                {"role": "assistant", "content": "Done."}],
            "diff": DIFF,
            "checks": [{"name": "golden_state", "passed": False, "detail": "1 wrong, 1 missing", "data": DIFF},
                       {"name": "communication", "passed": False, "detail": "does not state the refund $15.00",
                        "data": ["does not state the refund $15.00; the agent said $12.00"]},
                       {"name": "rubric", "passed": True, "detail": "all yes", "data": [
                           {"question": "Is it polite?", "answer": "yes", "raw": "rules", "parsed": True}]}]}
    return {**base, **changes}


def test_steps_are_numbered_as_the_page_numbers_them():
    assert [(n, i, j) for n, i, j in steps(record()["trajectory"])] == [
        (1, 0, None), (2, 1, None), (3, 1, 0), (4, 2, None), (5, 3, 0), (6, 4, None), (7, 5, None)]


def test_each_diff_row_links_to_the_call_that_wrote_it_or_the_reference_action():
    solution = [{"tool": "get_order", "args": {"order_id": "O-1"}},
                {"tool": "refund_order", "args": {"order_id": "O-1", "amount": "15.00"}},
                {"tool": "create_ticket", "args": {"subject": "Refund for O-1", "order_id": "O-1"}}]
    wrong, missing = diff_links(record(), solution)
    assert wrong == {"step": 5, "tool": "refund_order"}           # the write, not the read before it
    assert missing == {"reference": 2, "tool": "create_ticket"}    # never written: what should have written it
    assert diff_links(record(), None) == [{"step": 5, "tool": "refund_order"}, None]


def test_checks_explained_and_errored_trials_not_judged():
    golden, talk, rubric = explain(record())
    assert (golden["status"], talk["status"], rubric["status"]) == ("failed", "failed", "passed")
    assert golden["lines"][0] == "wrong value: orders O-1, field refunded is 12.00; expected 15.00"
    assert golden["lines"][1].startswith("missing: the row tickets <new tickets #1> should exist")
    assert talk["lines"] == ["expected the refund $15.00 to be stated; the agent said $12.00"]
    errored = record(finish_reason="error", error="HTTP 500 Internal Server Error\nTraceback ...")
    assert {c["status"] for c in explain(errored)} == {"not judged"}
    assert explain(errored)[0]["summary"] == "not judged: the trial ended in an error: HTTP 500 Internal Server Error"
    text = summary(errored)
    assert "verdict: ERROR, not judged" in text and "FAIL" not in text and "wrong value" not in text
    assert first_failed_check(errored) == "not judged, error: HTTP 500 Internal Server Error"
    assert first_failed_check(record()) == "golden_state: 1 wrong, 1 missing"


def test_the_leaderboard_counts_errored_trials_apart():
    records = [record(trial=1, verdict=True), record(trial=2), record(trial=3, finish_reason="error", error="HTTP 500"),
               record(task="t-2", trial=1, finish_reason="error", error="HTTP 500")]
    overall = next(r for r in summarize(records) if r["domain"] == "overall")
    assert (overall["trials"], overall["passed"], overall["errors"]) == (2, 1, 2)
    assert overall["pass@1"] == 0.5 and overall["error_rate"] == 0.5  # over finished trials; errors beside it
    text = render(summarize(records))
    assert " finished |" in text and " errored |" in text and " error rate " in text and "50.0%" in text
    assert "tb show RUN --category error" in text
    (down,) = [r for r in summarize([record(finish_reason="error", error="x")]) if r["domain"] == "overall"]
    assert down["pass@1"] is None and "| -  " in render([down])  # nothing judged: no 0%


def test_the_viewer_data_has_one_pass_hat_k_from_metrics(tmp_path):
    import json

    from thinkingbox.reporting import view_data
    from thinkingbox.reporting.metrics import outcomes_by_task, reliability

    runs = []
    for label, verdicts in (("a", [True, True, False, True]), ("b", [True, False, False])):
        path = tmp_path / f"{label}.jsonl"
        rows = [record(task=f"t-{i % 2}", trial=i, verdict=v, config={"label": label}) for i, v in enumerate(verdicts)]
        path.write_text("".join(json.dumps(r) + "\n" for r in rows))
        runs.append(path)
    site = view_data.Site(view_data.load(runs))
    # a: t-0 and t-1 have 2 trials each; b: t-0 has 2, t-1 has 1 -> one k for both rows: 1
    assert site.index["k"] == 1
    for row, run in zip(site.index["leaderboard"], site.runs):
        expected = reliability(outcomes_by_task(run.records)).pass_hat_k[1]
        assert row["pass_hat_k"] == expected and "pass_hat_k_plugin" not in row
    source = (view_data.asset("app.js")).decode()
    assert "Math.pow" not in source and "**" not in source  # the page shows the figures it is given
