"""`tb user-check`: the simulated-user conformance suite, against the scripted user and
against fake models (a well-behaved one passes, one that misbehaves on purpose is caught)."""
import json

import pytest

from thinkingbox.engine.user_check import (BEHAVIOURS, SCRIPTED_NOT_APPLICABLE, build_probes, check_reply,
                                           identifiers, pick_tasks)
from thinkingbox.interfaces.cli import main


def _rows(path):
    return {row["behaviour"]: row for row in json.loads(path.read_text())["behaviours"]}


def test_the_scripted_user_passes_its_deterministic_part(tmp_path, capsys):
    out = tmp_path / "check.json"
    assert main(["user-check", "--user", "scripted", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "| behaviour" in printed and "rate" in printed
    rows = _rows(out)
    for behaviour, row in rows.items():
        if behaviour in SCRIPTED_NOT_APPLICABLE:
            assert row["rate"] is None and row["not_applicable"]
        else:
            assert row["rate"] == 1.0, (behaviour, row)
    # every behaviour is probed somewhere, and every installed domain is probed
    assert set(BEHAVIOURS) <= set(rows)
    probes = json.loads(out.read_text())["probes"]
    assert {p["domain"] for p in probes} >= {"retail", "booking", "neobank", "consulting", "auto_insurance"}


def test_probes_cover_each_fact_and_a_decision_with_after(retail):
    tasks = pick_tasks(list(retail.tasks.values()), 3)
    assert len(tasks) == 3
    probes = build_probes([retail], 3)
    first = tasks[0]
    assert first.user_decisions and first.user_decisions[0].after
    asked = [p for p in probes if p.task == first.id and p.behaviour == "gives_fact"]
    assert len(asked) == len(first.user_facts)
    before = next(p for p in probes if p.task == first.id and p.behaviour == "cost_before")
    assert not any(w.lower() in before.message.lower() for w in first.user_decisions[0].after)


def test_identifiers_and_deterministic_checks(retail):
    assert identifiers("Order ORD-510101, email a.b@example.com, $25.00 on 2026-03-20.") == {
        "ORD-510101", "a.b@example.com", "$25.00", "2026-03-20"}
    probes = build_probes([retail], 1)
    task = retail.task(probes[0].task)
    fact = next(p for p in probes if p.behaviour == "gives_fact" and "email" in p.expected["asked"])
    email = task.user_facts["email"]
    assert check_reply(fact, task, email) == []
    assert check_reply(fact, task, email.replace("@", "@@"))  # not copied exactly
    missing = next(p for p in probes if p.behaviour == "missing_fact")
    assert check_reply(missing, task, "I don't know.") == []
    assert check_reply(missing, task, "It is 555-0199.")  # invented, and no "I don't know"


# ---- against the fake model server --------------------------------------------------------

def _fake_user(probes, tasks, misbehave=False):
    """A fake user model: finds the probe in the request (by the task's request and the
    agent's message) and answers it well, or, with `misbehave`, leaks a fact and agrees
    before the cost is explained."""
    def answer(body):
        text = "\n".join(m["content"] for m in body["messages"] if isinstance(m.get("content"), str))
        probe = next(p for p in sorted(probes, key=lambda p: -len(p.message))
                     if tasks[p.task].request in text and p.message in text)
        task = tasks[probe.task]
        facts = task.user_facts
        if probe.behaviour == "gives_fact":
            reply = "; ".join(facts[label] for label in probe.expected["asked"])
            if misbehave:
                other = next((v for k, v in facts.items() if k not in probe.expected["asked"] and identifiers(v)
                              and not identifiers(v) & identifiers(reply)), "")
                reply += f" Also: {other}"
        elif probe.behaviour == "missing_fact":
            reply = "I don't know."
        elif probe.behaviour == "wrong_assumption":
            reply = f"No, that's not right: it is {probe.expected['correct']}."
        elif probe.behaviour == "cost_before":
            reply = "Yes, please go ahead." if misbehave else "Before I decide, what would it cost?"
        elif probe.behaviour == "cost_after":
            reply = task.user_decisions[0].text()
        elif probe.behaviour == "agent_work":
            reply = "Please handle that; you're the assistant."
        elif probe.behaviour == "please_wait":
            reply = "Sure, I'll wait."
        else:
            reply = "No, that's all, thanks."
        return {"content": reply}
    return answer


@pytest.mark.parametrize("misbehave", [False, True])
def test_a_fake_user_model_is_measured(fake_openai, retail, tmp_path, capsys, misbehave):
    probes = build_probes([retail], 2)
    fake_openai.script("fake-user", [_fake_user(probes, retail.tasks, misbehave)], repeat_last=True)
    fake_openai.script("fake-judge", [{"content": "yes"}], repeat_last=True)
    out = tmp_path / "check.json"
    code = main(["user-check", "--user", "llm:fake-user", "--user-base-url", fake_openai.url, "--domains", "retail",
                 "--tasks-per-domain", "2", "--judge", "fake-judge", "--judge-base-url", fake_openai.url,
                 "--json", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "judge yes" in printed
    rows = _rows(out)
    assert len(fake_openai.requests_for("fake-user")) == len(probes)
    assert all(row["rate"] is not None for row in rows.values())  # no n/a for a model
    if not misbehave:
        assert all(row["rate"] == 1.0 for row in rows.values()), rows
        assert rows["agent_work"]["judge_yes"] == 1.0
    else:
        assert rows["gives_fact"]["rate"] < 1.0 and rows["cost_before"]["rate"] == 0.0
        assert rows["missing_fact"]["rate"] == 1.0
        failed = [p for p in json.loads(out.read_text())["probes"] if not p["passed"]]
        assert any("leaked" in problem for p in failed for problem in p["problems"])
        assert any("agrees before the cost was explained" in p["problems"] for p in failed)
        assert "Failed probes" in printed


def test_user_check_flags(capsys):
    assert main(["user-check", "--user", "llm"]) == 2
    assert "needs a model" in capsys.readouterr().err
    assert main(["user-check", "--user", "scripted", "--persona", "terse"]) == 2
    assert "LLM user" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["user-check", "--user", "scripted", "--persona", "grumpy"])
