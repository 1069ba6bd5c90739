"""Every consulting task's typed communication checks (`says`) cover what the written rules
say the employee must be told (01_service_desk.md, "What the employee is told"), derived
here from the reference's writes:

- every approval request names its approver, stated by name;
- money that is approved or sent for approval is stated as an amount;
- a device assigned is stated by model; a device ordered by model and expected date;
- a decline, a rejection, a return or a wait states the decision as a phrase;
- no message states internal record ids or internal field names, and a conflict of
  interest never names the other client.
"""
from __future__ import annotations

import re
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


def _phrases(claims):
    return [p for c in claims if c.kind == "phrase" for p in c.value]


def _said(claims, text):
    """Whether a phrase claim among `claims` accepts `text` (a name as the reference writes it)."""
    return any(re.search(p, text, re.IGNORECASE) for p in _phrases(claims))


@pytest.mark.parametrize("task_id", TASKS)
def test_what_the_employee_is_told_follows_the_written_rules(task_id):
    task, before, after = _run(task_id)
    states = task.says.states
    money = {Decimal(str(c.value)) for c in states if c.kind == "money"}
    dates = {c.value for c in states if c.kind == "date"}
    labels = {c.label for c in states}
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
    if ticket["resolution"] in ("declined", "awaiting_approval", "ordered"):
        assert any(label.startswith("decision:") for label in labels), "the decision is not stated"
    never = {c.label for c in task.says.never_states}
    assert {"internal record ids", "internal field names"} <= never
    if "decision: conflict of interest" in labels:
        assert "the conflicting client" in never
