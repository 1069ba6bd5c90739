"""Every auto_insurance task's typed communication checks (`says`) follow the written rules,
derived here from the data and the reference's writes:

- money that moves or changes is stated: each payment, the premium change and new premium
  of a driver or vehicle change, a cancellation's return premium, each installment plan's
  first installment;
- every date the reference sets is stated: an extension's new due date, a cancellation
  date, a backdated vehicle's effective date, an ID card's valid-until date;
- a new claim's number is stated;
- what needs agreement first (01_service_desk.md) is told before the write, and the
  reference says it in a message before that call;
- internal ids never: every ticket, customer, help-desk user, driver, vehicle, arrangement,
  payment, document and notice id in the world, and every tax id's digits and date of birth
  (01, "What you may say"), derived by the vocabulary's never_tell, so no task repeats them;
- a caller who agrees is asked first: an agreement check before each write that needs it; a
  caller who does not agree changes nothing but the ticket (outcome declined);
- a caller who is not verified is told nothing about the policy's money;
- every task states something: a value or its decision.
"""
from __future__ import annotations

from decimal import Decimal

import pytest

import re

from thinkingbox.testing import call_tool, load_domain, new_world
from thinkingbox_auto_insurance.vocabulary import NEVER_TELL
from thinkingbox_auto_insurance.models import (
    Arrangement, Claim, Customer, Document, Driver, Invoice, Payment, Policy, Vehicle,
)

DOMAIN = "auto_insurance"
AGREED_FIRST = ("pay_invoice", "grant_extension", "create_installment_plan", "add_driver", "remove_driver",
                "exclude_driver", "add_vehicle", "remove_vehicle", "schedule_cancellation", "reinstate_policy")
INTERNAL_ID = re.compile(r"^(?:CUS|U|TCK|DRV|VEH|ARR|PAY|DOC|LHN)-\d+$")
WRITES = (*AGREED_FIRST, "waive_late_fee", "issue_document", "send_lienholder_notice", "file_claim",
          "helpdesk_create_item", "helpdesk_update_item")
MODELS = (Arrangement, Claim, Customer, Document, Driver, Invoice, Payment, Policy, Vehicle)


def _key(model):
    return model.__table__.primary_key.columns.keys()[0]


def _facts(task_id):
    domain = load_domain(DOMAIN)
    task = domain.task(task_id)
    world = new_world(domain, task_id)
    try:
        before = {m: {getattr(r, _key(m)): r.model_dump() for r in world.rows(m)} for m in MODELS}
        results = []
        for step in task.solution:
            if step.tool:
                result = call_tool(domain, world, step.tool, **step.args)
                assert not result.is_error
                results.append((step.tool, result.data))
        after = {m: {getattr(r, _key(m)): r.model_dump() for r in world.rows(m)} for m in MODELS}
    finally:
        world.close()
    return task, before, after, results


def _values(claims, kind):
    return [getattr(c, kind) for c in claims if getattr(c, kind) is not None]


def _money(claims):
    return {Decimal(str(v)) for v in _values(claims, "money")}


@pytest.mark.parametrize("task_id", sorted(load_domain(DOMAIN).tasks))
def test_what_the_caller_is_told_follows_the_written_rules(task_id):
    task, before, after, results = _facts(task_id)
    says = task.says
    assert says.states, "every task states a value or its decision"
    money = _money(says.states)
    dates = set(_values(says.states, "date")) | {d for r in _values(says.states, "date_range") for d in r}
    ids = set(_values(says.states, "id"))
    for tool, data in results:
        if tool == "pay_invoice":
            assert Decimal(str(data["payment"]["amount"])) in money, "payment not stated"
        if tool in ("add_driver", "add_vehicle", "remove_driver", "remove_vehicle", "exclude_driver"):
            assert abs(Decimal(str(data["premium_change"]))) in money and Decimal(str(data["new_premium"])) in money
        if tool == "add_vehicle" and data["vehicle"]["effective_date"] != "2026-03-16":
            assert data["vehicle"]["effective_date"] in dates
        if tool == "grant_extension":
            assert data["arrangement"]["to_due_date"] in dates
        if tool == "create_installment_plan":
            plan = data["arrangement"]["installments"]
            assert Decimal(str(plan[0]["amount"])) in money and plan[0]["due_date"] in dates
        if tool == "schedule_cancellation":
            assert data["policy"]["cancellation_date"] in dates
            assert Decimal(str(data["policy"]["return_premium"])) in money
        if tool == "file_claim":
            assert data["claim"]["id"] in ids and Decimal(str(data["claim"]["deductible"])) in money
        if tool == "issue_document" and data["document"]["kind"] == "id_card":
            assert data["document"]["valid_until"] in dates
    caller = next(c for c in before[Customer].values() if c["email"] == task.user_facts.get("email"))
    # internal ids and tax id digits are the vocabulary's never_tell, not per-task never-states
    assert not [i for i in _values(says.never_states, "id") if INTERNAL_ID.match(i) or i == caller["tax_id_last4"]]
    verified = (task.user_facts.get("date of birth") == caller["date_of_birth"]
                and caller["tax_id_last4"] in task.user_facts.get("tax id", ""))
    if not verified:
        mine = {k for k, pol in before[Policy].items() if pol["named_insured_id"] == caller["id"]}
        owed = {Decimal(str(i["amount"])) for i in before[Invoice].values() if i["policy_id"] in mine}
        assert owed <= _money(says.never_states), "an unverified caller hears no amounts"


@pytest.mark.parametrize("task_id", sorted(load_domain(DOMAIN).tasks))
def test_what_needs_agreement_is_told_first(task_id):
    task, before, after, results = _facts(task_id)
    first = next((i for i, s in enumerate(task.solution) if s.tool in AGREED_FIRST), None)
    if first is not None:
        tool = task.solution[first].tool
        assert [c for c in task.says.states_before if c.before == tool], f"nothing is told before {tool}"
        assert any(s.say for s in task.solution[:first]), f"the reference does not ask before {tool}"
        assert task.user_decisions, "the task says whether the caller agrees"
    assert all(c.before in AGREED_FIRST for c in task.says.states_before)
    writes = list(dict.fromkeys(s.tool for s in task.solution if s.tool in AGREED_FIRST))
    agreed = [d for d in task.user_decisions if d.answer == "yes"]
    assert [a.before for a in task.says.agreement] == (writes if agreed else [])
    if task.user_decisions and all(d.answer == "no" for d in task.user_decisions):
        # the caller declines once told: nothing but the ticket, outcome declined
        assert not writes and task.says.states_before and task.says.states
        tickets = [s for s in task.solution if s.tool == "helpdesk_create_item"]
        assert tickets and all(s.args["item"]["outcome"] == "declined" for s in tickets)
        assert [s.tool for s in task.solution if s.tool in WRITES] == ["helpdesk_create_item"] * len(tickets)


def test_never_tell_covers_the_policy_list():
    """01_service_desk.md "What you may say": every internal id kind and the verification data."""
    covered = {(n.table, n.column) for n in NEVER_TELL}
    assert {("tickets", "id"), ("users", "id"), ("customers", "id"), ("drivers", "id"), ("vehicles", "id"),
            ("payment_arrangements", "id"), ("payments", "id"), ("documents", "id"), ("lienholder_notices", "id"),
            ("customers", "date_of_birth"), ("drivers", "date_of_birth"), ("customers", "tax_id_last4")} <= covered
