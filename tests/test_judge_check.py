"""The labelled corpora of whole conversations (every domain's corpus/*.json) and the judges
of communication claims: the deterministic readers must agree with every label; a model judge
is asked one yes/no question per claim; `tb judge-check` reports agreement per kind."""
import json

import pytest

from helpers import run
from thinkingbox.engine.discovery import PluginHost
from thinkingbox.engine.judge_check import corpus_of, judge_check, judge_item, summarize
from thinkingbox.interfaces.cli import main


DOMAINS = ["retail", "booking", "auto_insurance", "neobank", "consulting"]
KINDS = {"value", "decision", "never", "agreement"}


@pytest.fixture(scope="module")
def domains():
    return PluginHost().load_domains(DOMAINS)


@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_every_domain_labels_each_claim_kind_ten_times_each_way(domains):
    for domain in domains:
        items = corpus_of(domain)
        ids = [i.id for i in items]
        assert len(ids) == len(set(ids)), f"{domain.name}: duplicate corpus ids"
        for kind in KINDS:
            right = sum(i.expected for i in items if i.kind == kind)
            wrong = sum(not i.expected for i in items if i.kind == kind)
            assert right >= 10 and wrong >= 10, (domain.name, kind, right, wrong)


@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_corpus_conversations_name_real_tools_kinds_and_roles(domains):
    for domain in domains:
        vocabulary = domain.vocabulary
        for item in corpus_of(domain):
            assert any(e["role"] == "assistant" and e["content"] for e in item.trajectory), item.id
            calls = {e["name"] for e in item.trajectory if e["role"] == "tool"}
            assert calls <= set(domain.tools), (item.id, calls - set(domain.tools))
            for claim in item.says.claims():
                assert claim.decision is None or claim.decision in vocabulary.decisions, (item.id, claim.decision)
                assert not claim.role or claim.role in vocabulary.roles, (item.id, claim.role)
                assert not claim.before or claim.before in domain.tools, (item.id, claim.before)
            assert all(a.before in domain.tools for a in item.says.agreement), item.id


@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_the_deterministic_readers_agree_with_every_label(domains):
    outcomes = judge_check(domains, "rules")
    wrong = [(o.item.id, o.item.expected, o.problems) for o in outcomes if not o.agrees]
    assert wrong == []
    assert {r["kind"] for r in summarize(outcomes)} >= KINDS


@pytest.mark.domains("retail")
def test_a_model_judge_answers_one_question_per_claim(domains, fake_openai):
    from thinkingbox.models.settings import model_config

    retail = domains[0]
    item = next(i for i in corpus_of(retail) if i.kind == "value" and i.expected and len(i.says.states) == 1)
    judge = model_config("judge", "judge-model", {}, {"base_url": fake_openai.url})
    fake_openai.script("judge-model", [{"content": "Yes."}, {"content": "no"}, {"content": "maybe"}])
    assert run(judge_item(retail, item, judge)).verdict is True
    asked = fake_openai.requests_for("judge-model")[0]["messages"][1]["content"]
    assert "QUESTION: Does the assistant tell the customer the" in asked and "[1] assistant:" in asked
    assert run(judge_item(retail, item, judge)).verdict is False
    unreadable = run(judge_item(retail, item, judge))
    assert unreadable.verdict is False and "could not be read" in unreadable.problems[0]


@pytest.mark.domains("retail")
def test_tb_judge_check_prints_agreement_per_kind(tmp_path, capsys):
    out = tmp_path / "verdicts.json"
    code = main(["judge-check", "--judge", "rules", "--domains", "retail", "--json", str(out)])
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "| retail" in printed and "agreement" in printed and "overall:" in printed
    rows = json.loads(out.read_text())
    assert rows and all(r["agrees"] for r in rows) and {r["kind"] for r in rows} >= KINDS


@pytest.mark.domains("booking")
def test_tb_judge_check_exits_1_when_a_label_disagrees(tmp_path, capsys, monkeypatch):
    """A corpus item labelled against what its conversation plainly says is reported."""
    from thinkingbox.engine import judge_check as module

    real = module.corpus_of

    def flipped(domain):
        items = real(domain)
        items[0].expected = not items[0].expected
        return items

    monkeypatch.setattr(module, "corpus_of", flipped)
    assert main(["judge-check", "--judge", "rules", "--domains", "booking"]) == 1
    assert "labelled" in capsys.readouterr().out


def test_rules_leave_an_approximate_rubric_question_unjudged(library):
    """A rule under 95% agreement on its corpus is declared approximate: a rules run does not
    judge its question (the verdict rests on the other checks) and the leaderboard says so."""
    from thinkingbox.engine.quality import verdict_of
    from thinkingbox.reporting.leaderboard import unjudged_questions
    from thinkingbox.contract.tasks import Task

    base = library.tasks["lend-one-rubric"]
    rubric = [{"question": base.rubric_items[0].question,
               "rule": {**base.rubric_items[0].rule.model_dump(), "approximate": True}}]
    task = Task.model_validate({**base.model_dump(), "id": "lend-one-approx", "rubric": rubric})
    tw = run(library.prepare(task))
    told = "Ulysses is yours until 15 January. Overdue fines are 10 cents a day."
    verdict = run(verdict_of(library, tw, task.solution, final_message=told))
    rubric_check = next(c for c in verdict.checks if c.name == "rubric")
    assert rubric_check.passed and rubric_check.data[0]["answer"] == "not judged"
    assert "1 not judged" in rubric_check.detail
    record = {"domain": "library", "task": task.id, "checks": [c.to_json() for c in verdict.checks]}
    assert unjudged_questions([record]) == ([task.rubric_items[0].question], {("library", task.id)})
    tw = run(library.prepare(base))
    assert not run(verdict_of(library, tw, base.solution, final_message=told)).passed   # judged: it fails
