"""Failure categories and weak-proxy ablation on hand-made trajectories."""
from thinkingbox.reporting.analysis import failure_category, interaction_stats, weak_proxies


def trial(events, verdict=False, reason="done", final="All done.", checks=None):
    return {"domain": "d", "task": "t", "trial": 1, "agent": "a", "verdict": verdict, "finish_reason": reason,
            "final_message": final, "trajectory": [{"role": "user", "content": "hi"}, *events],
            "checks": checks or [{"name": "golden_state", "passed": verdict}]}


def call(name, error=False, write=False):
    return [{"role": "assistant", "content": "", "tool_calls": [{"id": "1", "name": name, "arguments": {}}]},
            {"role": "tool", "tool_call_id": "1", "name": name, "content": "x", "is_error": error, "write": write}]


def done(text="All done. <DONE>"):
    return [{"role": "assistant", "content": text}]


def test_each_category_by_precedence():
    assert failure_category(trial([], verdict=True)) is None
    assert failure_category(trial(call("w", write=True) + done(), reason="error")) == "error"
    assert failure_category(trial(call("get_x", error=True) + call("w", write=True) + done())) == "tool_usage"
    recovered = call("get_x", error=True) + call("get_x") + call("w", write=True) + done()
    assert failure_category(trial(recovered)) == "wrong_state"
    assert failure_category(trial(call("get_x") + done())) == "no_state_change"
    assert failure_category(trial(call("w", error=True, write=True) + call("get_x") + done())) == "tool_usage"
    assert failure_category(trial(call("w", write=True), reason="user_limit")) == "incomplete_resolution"
    assert failure_category(trial(call("w", write=True) + done("Anything else?"), final="Anything else?")) == \
        "incomplete_resolution"
    rubric = [{"name": "golden_state", "passed": True}, {"name": "rubric", "passed": False}]
    assert failure_category(trial(call("w", write=True) + done(), checks=rubric)) == "response_rubric"
    told = [{"name": "golden_state", "passed": True}, {"name": "communication", "passed": False},
            {"name": "rubric", "passed": False}]
    assert failure_category(trial(call("w", write=True) + done(), checks=told)) == "communication"
    told[0]["passed"] = False
    assert failure_category(trial(call("w", write=True) + done(), checks=told)) == "wrong_state"


def test_weak_proxies_count_what_they_would_wrongly_pass():
    records = [
        trial(call("get_x") + done()),                                   # clean end only
        trial(call("w", write=True) + done()),                           # clean + write + no final error
        trial(call("w", write=True, error=True) + done()),               # clean + write, final tool error
        trial(call("w", write=True) + done("Shall I go on?")),           # not clean: a question
        trial(call("w", write=True) + done("Done without marker")),      # not clean: no marker
        trial(call("w", write=True) + done(), verdict=True),             # passed: not counted
    ]
    assert weak_proxies(records) == {"failed": 5, "clean_termination": 3, "clean_and_write": 2,
                                     "clean_write_no_final_error": 1}


def test_interaction_stats_and_cost():
    record = trial(call("get_x") + call("w", write=True, error=True) + done())
    record["usage"] = {"agent": {"calls": 3, "input": 3000, "cached": 1000, "output": 300}}
    record["config"] = {"models": {"agent": {"model": "m"}}}
    record["timings_ms"] = {"total": 1500}
    stats = interaction_stats([record], {"m": (2.0, 8.0, 0.5)})
    assert stats["tool_calls"] == 2 and stats["write_calls"] == 1 and stats["tool_errors"] == 1
    assert stats["turns"] == 3 and stats["messages"] == 2 and stats["tokens_per_turn"] == 1100
    assert stats["seconds"] == 1.5
    assert abs(stats["cost_per_trial"] - (2000 * 2 + 1000 * 0.5 + 300 * 8) / 1e6) < 1e-12
    assert interaction_stats([record], {"other": (1, 1, 1)})["cost_per_trial"] is None


def old_call(name, error=False):
    """A tool call as records written before tool events carried `write` hold it."""
    events = call(name, error)
    del events[1]["write"]
    return events


def test_an_old_record_s_writes_come_from_its_installed_domain_s_tool_kinds():
    from thinkingbox.reporting.analysis import is_write

    record = trial(old_call("get_order") + old_call("create_rma") + done())
    record["domain"] = "retail"
    assert [is_write(e, "retail") for e in record["trajectory"] if e["role"] == "tool"] == [False, True]
    assert failure_category(record) == "wrong_state"
    retried = trial(old_call("get_order") + old_call("create_rma", error=True) + old_call("create_rma") + done())
    retried["domain"] = "retail"
    assert failure_category(retried) == "wrong_state"
    only_reads = trial(old_call("get_order") + done())
    only_reads["domain"] = "retail"
    assert failure_category(only_reads) == "no_state_change"
    assert weak_proxies([record, only_reads])["clean_and_write"] == 1


def test_without_the_domain_an_old_record_s_writes_are_unknown_never_guessed_by_name():
    from thinkingbox.reporting.analysis import is_write

    record = trial(old_call("get_thing") + done())  # a read by its name, but nobody can say
    record["domain"] = "not_installed_anywhere"
    assert is_write(record["trajectory"][2], "not_installed_anywhere") is None
    assert is_write(record["trajectory"][2]) is None
    assert failure_category(record) == "wrong_state"  # not no_state_change: that is not known
    assert weak_proxies([record])["clean_and_write"] == 0  # a lower bound: unknown is not counted
    record.update(usage={}, timings_ms={"total": 1000})
    assert interaction_stats([record])["write_calls"] is None and interaction_stats([record])["tool_calls"] == 1
    flagged = trial(call("refund_everything") + done())  # the flag decides, whatever the name says
    flagged.update(usage={}, timings_ms={"total": 1000})
    assert interaction_stats([flagged])["write_calls"] == 0 and failure_category(flagged) == "no_state_change"
