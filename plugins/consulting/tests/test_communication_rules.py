"""Every consulting task's typed communication checks (`says`) cover what the written rules
say the employee must be told (01_service_desk.md, "What the employee is told"), derived
here from the reference's writes:

- every approval request names its approver, stated by name;
- money that is approved or sent for approval is stated as an amount;
- a device assigned is stated by model; a device ordered by model and expected date;
- a decline, a wait for approval or an order states the decision as a kind of the domain's
  vocabulary (no task keeps a regular expression);
- internal record ids are the vocabulary's never-tell data (every employee, approval and
  ticket id of the world); no message states internal field names, a conflict of interest
  never names the other client, and a colleague on leave is never named unless an approval
  of the task goes to them.
"""
from __future__ import annotations

from decimal import Decimal

import pytest

from thinkingbox.testing import call_tool, load_domain, new_world
from thinkingbox_consulting.models import Approval, Device, DeviceOrder, Employee, ExpenseClaim, Ticket

DOMAIN = "consulting"
TASKS = sorted(load_domain(DOMAIN).tasks)


def _rows(world, model):
    key = model.__table__.primary_key.columns.keys()[0]
    return {getattr(r, key): r.model_dump() for r in world.rows(model)}


def _run(task_id):
    domain = load_domain(DOMAIN)
    task = domain.task(task_id)
    world = new_world(domain, task_id)
    models = (Approval, Device, DeviceOrder, Employee, ExpenseClaim, Ticket)
    try:
        before = {m: _rows(world, m) for m in models}
        for step in task.solution:
            if step.tool:
                assert not call_tool(domain, world, step.tool, **step.args).is_error
        after = {m: _rows(world, m) for m in models}
    finally:
        world.close()
    return task, before, after


def _said(claims, text):
    """Whether a text claim among `claims` names `text` (a name as the reference writes it)."""
    return any(text.lower() in (a.lower() for a in c.value) for c in claims if c.kind == "text")


DECISION_OF = {"declined": {"declined"}, "awaiting_approval": {"pending_approval"}, "ordered": {"ordered"},
               "fulfilled": {"granted", "booked", "revoked"}}


@pytest.mark.parametrize("task_id", TASKS)
def test_what_the_employee_is_told_follows_the_written_rules(task_id):
    task, before, after = _run(task_id)
    states = task.says.states
    money = {Decimal(str(c.value)) for c in states if c.kind == "money"}
    dates = {c.value for c in states if c.kind == "date"}
    new_approvals = [a for k, a in after[Approval].items() if k not in before[Approval]]
    for a in new_approvals:
        approver = before[Employee][a["approver_id"]]["name"]
        assert _said(states, approver), f"the approver {approver} is not stated"
        if a["amount"] is not None:
            assert Decimal(str(a["amount"])) in money, "the amount sent for approval is not stated"
    for k, claim in after[ExpenseClaim].items():
        if before[ExpenseClaim][k] != claim and claim["status"] == "approved":
            assert Decimal(str(claim["approved_amount"])) in money, "the approved amount is not stated"
    for k, device in after[Device].items():
        if before[Device].get(k, {}).get("status") != "assigned" and device["status"] == "assigned":
            assert _said(states, device["model"]), "the model assigned is not stated"
    for k, order in after[DeviceOrder].items():
        if k not in before[DeviceOrder]:
            assert order["expected_on"] in dates and _said(states, order["model"]), "the order is not stated"
    ticket = next(t for k, t in after[Ticket].items() if k not in before[Ticket])
    kinds = {c.value for c in states if c.kind == "decision"}
    if ticket["resolution"] in DECISION_OF and not task.user_decisions and ticket["category"] != "onboarding":
        assert kinds & DECISION_OF[ticket["resolution"]], f"the decision ({ticket['resolution']}) is not stated"
    assert not [c for c in task.says.claims() if c.kind == "phrase"], "a regular expression where a kind can say it"
    never = {c.label for c in task.says.never_states}
    assert "internal field names" in never
    if any("conflict" in c.because for c in states if c.kind == "decision"):
        assert "the conflicting client" in never
    approvers = {a["approver_id"] for a in new_approvals}
    requester = ticket["requester_id"]
    on_leave = {e["name"] for k, e in before[Employee].items()
                if e["status"] == "on_leave" and k not in approvers and e["helpdesk_user_id"] != requester
                and k in repr(task.rows) + repr([s.args for s in task.solution])}
    named = {a for c in task.says.never_states if c.kind == "text" and c.label == "a colleague on leave"
             for a in c.value}
    assert on_leave <= named, f"colleagues on leave not declared never to name: {on_leave - named}"
    assert not any(n in task.final_message for n in on_leave), "the reference names a colleague on leave"
