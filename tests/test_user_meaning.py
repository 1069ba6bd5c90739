"""The simulated customer understands people (issue 28): facts by meaning and by person, costs
stated in any money form, go-ahead without a decision, declining decisions, rules both users
play, personas that never change the answer key, and what `tb validate` says of the user side."""
import asyncio

import pytest

from thinkingbox.contract.errors import TaskError
from thinkingbox.contract.facts import FactKind, FactMatcher, FactVocabulary, fact_infos
from thinkingbox.models.users import GO_AHEAD, IDK, ScriptedUser
from thinkingbox.contract.tasks import Task


@pytest.fixture(scope="module")
def domains():
    from thinkingbox.engine.discovery import PluginHost

    return {d.name: d for d in PluginHost().load_domains(["retail", "booking", "auto_insurance", "neobank",
                                                            "consulting"])}


def ask(task, *messages, history=()):
    visible = [{"role": "user", "content": task.request}, *history,
               *({"role": "assistant", "content": m} for m in messages)]
    return asyncio.run(ScriptedUser(task).reply(visible))


def _task(**fields):
    base = {"id": "t-1", "family": "f", "request": "Hi, I need help.", "solution": [{"tool": "noop"}],
            "final_message": "Done."}
    return Task.model_validate({**base, **fields})


# ---- 1. facts by meaning and by person ------------------------------------------------------

@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_paraphrases_get_the_fact_by_its_kind(domains):
    fnol = domains["auto_insurance"].task("fnol-s01")
    assert ask(fnol, "When were you born?") == "date of birth: 1978-10-19"          # not the loss date too
    assert ask(fnol, "What day did the crash take place?") == "date: It happened yesterday, 2026-03-15."
    assert ask(fnol, "Was anybody hurt?") == "injured: No, nobody was hurt."
    hw = domains["neobank"].task("hw-007")
    assert ask(hw, "Could you give me your work e-mail?") == "email: sanne.de.vries@tidewell.example"
    assert "does it work" not in ask(hw, "What is your work email address?")
    for question in ("What's the best email to reach you on?", "Which mail address is on your account?",
                     "Can I have your E-Mail?"):
        assert ask(hw, question) == "email: sanne.de.vries@tidewell.example", question


@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_a_question_about_somebody_else_never_gets_the_callers_fact(domains):
    onb = domains["consulting"].task("onb-010")
    joiner = "joiner: Grace Okafor, grace.okafor@ashgrove.example"
    assert ask(onb, "What's the new hire's e-mail address?") == joiner
    assert ask(onb, "Who is joining, and what's their full name?") == joiner
    assert ask(onb, "And your own e-mail?") == "email: hannah.kowalczyk@ashgrove.example"
    drv = domains["auto_insurance"].task("drv-003")
    assert ask(drv, "What's their full name?") == "nephew: Dario Draycott."
    assert ask(drv, "What's the driver's licence number?") == "license number: His license number is GA-D3703002."
    assert ask(drv, "What's your full name?").startswith("name: ")
    # nobody else is known: "I don't know", not the caller's own e-mail
    retail_task = domains["retail"].task("dfw-001")
    assert ask(retail_task, "What's your manager's e-mail address?") == IDK
    veh = domains["auto_insurance"].task("veh-004")
    assert ask(veh, "Who is the lessor?") == "lienholder: The lessor is Schuylkill Lease Trust."


def test_facts_name_their_kind_and_person_inline_or_inferred():
    task = _task(user_facts={"name": "Ada Lovelace",
                             "boss mail": {"value": "grace@example.com", "kind": "email", "person": "manager"}})
    assert task.user_facts == {"name": "Ada Lovelace", "boss mail": "grace@example.com"}
    assert task.user_fact_kinds["boss mail"].person == "manager"
    infos = {f.label: f for f in fact_infos(task)}
    assert infos["name"].kinds == {"name"} and infos["name"].person == ""
    assert "email" in infos["boss mail"].kinds and infos["boss mail"].person == "manager"
    assert ask(task, "What is your manager's e-mail?") == "boss mail: grace@example.com"
    assert ask(task, "What is your e-mail?") == IDK                     # never the manager's for the caller's
    with pytest.raises(ValueError, match="without its \"value\""):
        _task(user_facts={"x": {"kind": "email"}})
    with pytest.raises(ValueError, match="not a label of user_facts"):
        _task(user_facts={"a": "b"}, user_fact_kinds={"c": {"kind": "email"}})


def test_a_domain_vocabulary_adds_kinds_and_an_unknown_kind_is_an_error(tmp_path):
    kinds = (FactKind("loyalty", labels=("card",), asks=(r"loyalty\s+(?:card|number)", r"member(?:ship)?\s+number")),)
    vocabulary = FactVocabulary.of(kinds)
    task = _task(user_facts={"card": "LC-1234"})
    task.bind_vocabulary(vocabulary)
    assert FactMatcher(task).match("what's your membership number?") == ["card"]
    with pytest.raises(ValueError, match="not a regular expression"):
        FactKind("bad", asks=("(",))


def test_a_third_party_domain_without_fact_kinds_uses_the_core_vocabulary(library):
    task = next(iter(library.tasks.values()))
    assert set(task.fact_vocabulary.kinds) >= {"name", "email", "date_of_birth"}


def test_an_unknown_fact_kind_names_the_file_task_and_field(library, tmp_path, monkeypatch):
    task = next(iter(library.tasks.values()))
    label = next(iter(task.user_facts))
    raw = task.model_dump(exclude={"source_file"})
    raw["user_fact_kinds"] = {label: {"kind": "shoe_size"}}
    path = tmp_path / "x.json"
    import json

    path.write_text(json.dumps({"family": task.family, "tasks": [raw]}))
    from thinkingbox.engine.domain import Domain

    domain = Domain(library.name, library.host, library.plugin)
    domain._call = lambda hook, **kw: [path] if hook == "tb_task_files" else Domain._call(domain, hook, **kw)
    with pytest.raises(TaskError, match="user_fact_kinds.*unknown fact kind 'shoe_size'"):
        Domain.tasks.func(domain)


# ---- 2. costs, go-ahead, declining ------------------------------------------------------------

@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_a_cost_is_explained_only_by_an_amount_in_any_money_form(domains):
    bil = domains["auto_insurance"].task("bil-025")
    for early in ("Shall I charge your card?", "There is a fee for this. Shall I charge your card?",
                  "A charge applies. Shall I go ahead and charge the card?"):
        reply = ask(bil, early)
        assert reply == "Before I decide, what will it cost me?", (early, reply)
    for stated in ("$128.40", "USD 128.40", "128.40 dollars", "one hundred twenty-eight dollars and forty cents"):
        assert ask(bil, f"It comes to {stated}. Shall I charge your card?") == "Yes, please go ahead.", stated


@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_free_of_charge_explains_the_cost(domains):
    pss = domains["booking"].task("pss-004")
    assert ask(pss, "Shall I add them?").startswith("Before I decide")
    assert ask(pss, "Both are free of charge. Shall I add them?") == pss.user_decisions[0].text()


@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_a_declining_customer_asks_first_then_declines_and_never_agrees(domains):
    crf = domains["booking"].task("crf-009")
    (decision,) = [d for d in crf.user_decisions if d.answer == "no"]
    early = ask(crf, "Shall I go ahead and cancel the booking?")
    assert early.startswith("Before I decide") and "no" not in early.lower().split()[:1]
    late = ask(crf, "You would get back $120.00. Shall I go ahead and cancel the booking?")
    assert late == decision.text() and not late.lower().startswith("yes")
    bil = domains["auto_insurance"].task("bil-025")
    assert ask(bil, "Would you like me to waive the late fee?").startswith("No")


@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_go_ahead_without_a_decision(domains):
    task = domains["neobank"].task("hw-007")
    assert not task.user_decisions
    assert ask(task, "I can put in the replacement request now. Shall I go ahead?") == GO_AHEAD
    # "work for" here is the proposal working, not the customer's employer
    assert ask(task, "A replacement costs nothing. Does that work for your schedule?") == GO_AHEAD
    assert ask(task, "I can order the replacement right now - want me to?") == GO_AHEAD
    assert ask(task, "While I'm at it, shall I also close your old tickets?").startswith("No")
    info_only = _task(user_behavior=["You only want to know the price; do not agree to book anything."])
    assert ask(info_only, "Shall I go ahead and book it?").startswith("No")


@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_a_fact_question_that_looks_like_a_proposal_is_a_fact_question(domains):
    task = domains["auto_insurance"].task("bil-001")
    assert ask(task, "What name should I put on this?").startswith("name: ")
    assert ask(task, "Could you confirm your DOB?").startswith("date of birth: ")


# ---- 3. rules both users play -----------------------------------------------------------------

@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_doc_004s_request_for_the_declarations_page_is_played(domains):
    doc = domains["auto_insurance"].task("doc-004")
    (rule,) = doc.user_rules
    assert "declarations page" not in ask(doc, "Could you give me your policy number?")
    refused = "Your policy was cancelled on 2026-03-01, so I can't issue an ID card."
    reply = ask(doc, refused)
    assert rule.say in reply
    again = ask(doc, refused, history=[{"role": "assistant", "content": refused}, {"role": "user", "content": reply}])
    assert rule.say not in again                                     # once
    assert rule.rule in doc.user_context()                           # the LLM user reads it as a rule


@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_converted_rules_are_played_when_their_condition_holds(domains):
    ins = domains["retail"].task("ins-008")      # asks to cancel the installation once compensation is refused
    refused = "I'm sorry, but no compensation is due for this delay under our policy."
    assert "cancel the installation" in ask(ins, refused)
    assert "cancel the installation" not in ask(ins, "Could you give me your order number?")
    rsp = domains["retail"].task("rsp-001")      # chooses the refund when offered a choice
    assert "refund" in ask(rsp, "Would you prefer a refund or an exchange for the speaker?").lower()
    csa = domains["consulting"].task("csa-010")  # asks once why, written "can't" by the agent
    assert "Why" in ask(csa, "I'm afraid I can't give you access to that system.")


def test_a_rule_without_a_condition_speaks_in_the_first_reply_beside_the_plain_answer():
    task = _task(user_rules=[{"say": "I could pay with my own card if that helps."}])
    reply = ask(task, "What is your favourite colour?")
    assert reply.startswith(IDK) and reply.endswith("own card if that helps.")
    assert ask(task, "All done.") == "I could pay with my own card if that helps."   # not "Thanks, that solves it."
    first = [{"role": "assistant", "content": "Hello?"}, {"role": "user", "content": reply}]
    assert "own card" not in ask(task, "What is your favourite colour?", history=first)   # once


def test_behaviour_lines_that_have_the_customer_speak_must_be_rules():
    from thinkingbox.engine.user_check import speaking_clauses, user_side_problems

    speaking = ["Ask for a refund at first.", "If told access cannot be given, ask once why, then accept the answer.",
                "Insist once that you paid for the extended warranty.", "If asked which project, say the Apollo work.",
                "Say the stay is on 12 October if asked.", "When points are offered, ask whether you could get money "
                "back instead; accept the points.", "If offered a choice, choose the refund.",
                "Point out once that it has only been a week; then accept."]
    playable = ["Accept the fee once it is quoted.", "Do not ask for anything else.", "Keep the HDMI cable.",
                "Give the booking reference and email only when asked.", "Once told the cost, say no and ask to leave "
                "the bill as it is.", "If the fee cannot be waived, accept it; ask for nothing else.",
                "You want a refund (your request says so)."]
    assert all(speaking_clauses(line) for line in speaking), [x for x in speaking if not speaking_clauses(x)]
    assert not [line for line in playable if speaking_clauses(line)]
    problems = user_side_problems(_task(user_behavior=["Ask once why, then accept the answer."]))
    assert len(problems) == 1 and "user_behavior[0]" in problems[0] and "user_rules" in problems[0]
    assert user_side_problems(_task(user_rules=[{"when": ["cannot"], "say": "Why not?",
                                                 "rule": "If told it cannot be done, ask once why."}])) == []


@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_the_user_context_has_no_empty_rules_and_marks_exact_values(domains):
    task = _task(user_facts={"name": "Ada Lovelace", "order": "ORD-1"})
    context = task.user_context()
    assert "Rules:" not in context and "- order: ORD-1 [exact]" in context and "- name: Ada Lovelace\n" in context + "\n"
    crf = domains["booking"].task("crf-009")
    line = next(x for x in crf.user_context().splitlines() if x.startswith("- When asked to agree") and "decline" in x)
    assert "never agree" in line and "neither agree nor decline" in line


def test_the_misremembering_persona_keeps_exact_values():
    from thinkingbox.models.personas import PERSONAS

    text = PERSONAS["misremembers"]
    assert "[exact]" in text and "number" in text and "duration" in text


# ---- 4. what tb validate says of the user side -------------------------------------------------

def test_user_side_problems():
    from thinkingbox.engine.user_check import user_side_problems

    bad = _task(user_behavior=["Accept the refund offered."],
                user_facts={"name": "Ada"},
                user_decisions=[{"about": "charge the card", "answer": "yes", "after": ["$"]}],
                user_rules=[{"when": ["cannot"], "say": "Then send it to ORD-999 instead."}],
                solution=[{"say": "There is a fee. Shall I charge your card?"}, {"tool": "charge"}])
    problems = user_side_problems(bad)
    assert any("user_behavior[0]" in p and "user_decisions" in p for p in problems)
    assert any("user_decisions[0]" in p and "never agree" in p for p in problems)
    assert any("user_rules[0]" in p and "ORD-999" in p for p in problems)
    good = _task(user_behavior=["Accept the refund once its amount is explained."],
                 user_decisions=[{"about": "charge the card", "answer": "yes", "after": ["$"]}],
                 solution=[{"say": "That is $12.00. Shall I charge your card?"}, {"tool": "charge"}])
    assert user_side_problems(good) == []


@pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")
def test_every_shipped_task_is_playable(domains):
    from thinkingbox.engine.user_check import user_side_problems

    assert [(t.id, p) for d in domains.values() for t in d.tasks.values() for p in user_side_problems(t)] == []
