"""`tb user-check`: the simulated-user conformance suite, against the scripted user, against
two bad users every check must catch, and against fake models (a well-behaved one passes,
one that misbehaves on purpose is caught)."""
import asyncio
import json

import pytest

from thinkingbox.engine.user_check import (BEHAVIOURS, SCRIPTED_NOT_APPLICABLE, build_probes, check_reply,
                                           fact_probes, identifiers, pick_tasks, user_check)
from thinkingbox.interfaces.cli import main
from thinkingbox.models.settings import ModelSettings
from thinkingbox.models.users import sanitize, ScriptedUser

pytestmark = pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")


def _rows(path):
    return {row["behaviour"]: row for row in json.loads(path.read_text())["behaviours"]}


@pytest.mark.slow
def test_the_scripted_user_passes_on_every_task(tmp_path, capsys):
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
    # every behaviour is probed somewhere, and every task of every installed domain is probed
    assert set(BEHAVIOURS) <= set(rows)
    probes = json.loads(out.read_text())["probes"]
    assert {p["domain"] for p in probes} >= {"retail", "booking", "neobank", "consulting", "auto_insurance"}
    assert len({(p["domain"], p["task"]) for p in probes}) >= 527


def test_fact_probes_are_paraphrases_not_labels(retail, host):
    """Fact probes come from the vocabulary's paraphrases, never from the task's label; many
    share no word with the label at all ("When were you born?" for "date of birth")."""
    from thinkingbox.models.users import stems

    (auto_insurance,) = host.load_domains(["auto_insurance"])
    unlike = 0
    for domain in (retail, auto_insurance):
        for task in domain.tasks.values():
            vocabulary = task.fact_vocabulary
            declared = {q.lower() for k in vocabulary.kinds.values() for q in k.probes}
            declared |= {q.replace("your", "their") for q in declared}
            for label, question, group in fact_probes(task):
                assert label in group and question.lower() in declared, (task.id, label, question)
                unlike += not (stems(label) & stems(question))
    assert unlike > 500


class _YesUser:
    """Says yes to everything."""
    name = "yes"

    def __init__(self, task):
        pass

    async def reply(self, visible):
        return "Yes, please go ahead."


class _FirstFactUser:
    """Answers every message with its first fact."""
    name = "first-fact"

    def __init__(self, task):
        self.task = task

    async def reply(self, visible):
        label, value = next(iter(self.task.user_facts.items()))
        return f"{label}: {value}"


@pytest.mark.parametrize("bad", [_YesUser, _FirstFactUser])
@pytest.mark.slow
def test_every_check_fails_a_bad_user(bad):
    from thinkingbox.engine.discovery import PluginHost

    host = PluginHost()
    domains = host.load_domains(["retail", "booking", "auto_insurance", "neobank", "consulting"])
    rows, results = user_check(domains, bad.name, ModelSettings(), tasks_per_domain=4, concurrency=4,
                               factories={bad.name: lambda spec, task, settings: bad(task)})
    by = {row["behaviour"]: row for row in rows}
    assert set(BEHAVIOURS) <= set(by), set(BEHAVIOURS) - set(by)
    for behaviour in BEHAVIOURS:
        assert by[behaviour]["rate"] < 1.0, (bad.name, behaviour, by[behaviour])


def test_probe_selection_covers_the_hard_cases(retail):
    tasks = pick_tasks(list(retail.tasks.values()), 3)
    assert len(tasks) == 3
    assert any(d.answer == "no" for d in tasks[0].user_decisions)       # a declining customer first
    assert any(d.after for t in tasks for d in t.user_decisions)        # a decision that waits for the cost
    assert pick_tasks(list(retail.tasks.values()), None) == list(retail.tasks.values())
    probes = build_probes([retail], 3)
    first = next(t for t in tasks if any(d.after and "$" in d.after for d in t.user_decisions))
    before = [p for p in probes if p.task == first.id and p.behaviour == "cost_before"]
    assert before and not any("$" in p.message for p in before)
    after = [p.message for p in probes if p.task == first.id and p.behaviour == "cost_after"]
    assert any("USD " in m for m in after) and any(" dollars" in m for m in after) and any("$" in m for m in after)


def test_identifiers_and_deterministic_checks(retail):
    assert identifiers("Order ORD-510101, email a.b@example.com, $25.00 on 2026-03-20.") == {
        "ORD-510101", "a.b@example.com", "$25.00", "2026-03-20"}
    probes = build_probes([retail], 1)
    task = retail.task(probes[0].task)
    fact = next(p for p in probes if p.behaviour == "gives_fact" and p.expected["target"] == "email")
    email = task.user_facts["email"]
    assert check_reply(fact, task, email) == []
    assert check_reply(fact, task, email.replace("@", "@@"))  # not copied exactly
    assert check_reply(fact, task, "I don't have one.")        # not a don't-know for a fact it has
    missing = next(p for p in probes if p.behaviour == "missing_fact")
    assert check_reply(missing, task, "I don't know.") == []
    assert check_reply(missing, task, "It is 555-0199.")  # invented, and no "I don't know"
    other = next(p for p in probes if p.behaviour == "other_person" and "e-mail" in p.message)
    assert check_reply(other, task, f"It's {email}.")     # the caller's own e-mail for the manager's
    assert check_reply(other, task, "I don't know.") == []


# ---- against the fake model server --------------------------------------------------------

def _fake_user(probes, tasks, misbehave=False):
    """A fake user model: finds the probe in the request (by the task's request and the
    agent's messages) and answers it as the scripted user does, or, with `misbehave`, leaks a
    fact and agrees before the cost is explained."""
    def answer(body):
        text = "\n".join(m["content"] for m in body["messages"] if isinstance(m.get("content"), str))
        # Two tasks may open with the same request (a decline variant): the user context tells them apart.
        probe = next(p for p in sorted(probes, key=lambda p: -len(p.message) - sum(map(len, p.before))
                                       - sum(len(m["content"]) for m in p.history))
                     if tasks[p.task].request in text and p.message in text
                     and sanitize(tasks[p.task].user_context()) in text
                     and all(m in text for m in p.before) and all(m["content"] in text for m in p.history))
        task = tasks[probe.task]
        reply = asyncio.run(ScriptedUser(task).reply(probe.visible()))
        if probe.behaviour == "wrong_assumption":  # what the scripted user cannot do
            reply = f"No, that's not right: it is {probe.expected['correct']}."
        if misbehave and probe.behaviour == "gives_fact":
            other = next((v for k, v in task.user_facts.items() if k not in probe.expected["asked"]
                          and identifiers(v) and not identifiers(v) & identifiers(reply)), "")
            reply += f" Also: {other}"
        if misbehave and probe.behaviour == "cost_before":
            reply = "Yes, please go ahead."
        return {"content": reply}
    return answer


@pytest.mark.parametrize("misbehave", [False, True])
@pytest.mark.slow
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
        assert any("which was not asked for" in problem for p in failed for problem in p["problems"])
        assert any("agrees before the cost was explained" in p["problems"] for p in failed)
        assert "Failed probes" in printed


def test_user_check_flags(capsys):
    assert main(["user-check", "--user", "llm"]) == 2
    assert "needs a model" in capsys.readouterr().err
    assert main(["user-check", "--user", "scripted", "--persona", "terse"]) == 2
    assert "LLM user" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["user-check", "--user", "scripted", "--persona", "grumpy"])
