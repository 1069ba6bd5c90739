"""The onboarding family's golden states follow 08_onboarding.md, 07_hardware.md ("Standard
models", "Fulfilling from stock") and 03_tickets.md. Each reference solution is applied to a
fresh world, and what it leaves is compared with what this file derives on its own from the
policy, the world's data before the conversation and the user's facts: who may ask, which
items are due (5 days before the start, the start date, 7 days after, bounds included), the
laptop (model by practice, lowest in-stock id at the joiner's office, reserved before the
start and assigned from it, ordered when none is in stock, with its expected date), the
mandatory enrolments, the ticket's priority and resolution, and the dates the requester is
told."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from thinkingbox.testing import changed_rows, load_domain, new_rows, reference_states
from thinkingbox_consulting.models import (
    Approval, Course, Device, DeviceOrder, Employee, Enrolment, OnboardingItem, Ticket,
)

DOMAIN = "consulting"
TODAY = date(2026, 3, 2)
DUE_FROM = {"accounts": -5, "badge": -5, "laptop": -5, "mandatory_courses": 0, "expense_tool": 7, "crm_access": 7}
MODELS = (Approval, Course, Device, DeviceOrder, Employee, Enrolment, OnboardingItem, Ticket)
TASKS = sorted(t for t, task in load_domain(DOMAIN).tasks.items() if task.family == "onboarding")


def _apply(task_id):
    return reference_states(load_domain(DOMAIN), task_id, MODELS)


def test_the_family_has_its_tasks():
    assert len(TASKS) >= 10


@pytest.mark.parametrize("task_id", TASKS)
def test_onboarding_follows_the_onboarding_policy(task_id):
    task, before, after = _apply(task_id)
    employees = before[Employee]
    me = next(e for e in employees.values() if e["email"] == task.user_facts["email"])
    joiner_email = task.user_facts["joiner"].split(",")[1].strip()
    joiner = next(e for e in employees.values() if e["email"] == joiner_email)
    days = (date.fromisoformat(joiner["start_date"]) - TODAY).days
    ticket = new_rows(before, after, Ticket)[0]
    assert ticket["type"] == "task"
    assert ticket["priority"] == ("high" if days <= 3 else "normal")
    assert not new_rows(before, after, Approval), "onboarding needs no approval"
    items = {r["item"]: r for r in before[OnboardingItem].values() if r["employee_id"] == joiner["id"]}
    dates = {c.value for c in task.says.states if c.kind == "date"}

    if me["id"] not in (joiner["id"], joiner["manager_id"]):   # nobody else may ask
        for model in (Device, DeviceOrder, Enrolment, OnboardingItem, Course):
            assert not changed_rows(before, after, model) and not new_rows(before, after, model)
        assert ticket["resolution"] == "declined"
        return

    due = {i for i, r in items.items() if r["status"] == "pending" and -days >= DUE_FROM[i]}
    model = "MacBook Pro 14" if joiner["practice"] == "technology" else "ThinkPad T14"
    stock = sorted(k for k, d in before[Device].items() if d["office"] == joiner["office"] and d["kind"] == "laptop"
                   and d["model"] == model and d["status"] == "in_stock")
    orders = new_rows(before, after, DeviceOrder)
    changed_devices = set(changed_rows(before, after, Device))
    ordered = "laptop" in due and not stock
    if "laptop" in due and stock:
        d = after[Device][stock[0]]
        if days > 0:
            assert (d["status"], d["reserved_for"]) == ("reserved", joiner["id"])
        else:
            assert (d["status"], d["assigned_to"]) == ("assigned", joiner["id"])
        assert changed_devices == {stock[0]} and not orders
    elif ordered:
        expected = (TODAY + timedelta(days=10)).isoformat()
        assert [(o["kind"], o["model"], o["office"], o["employee_id"], o["expected_on"]) for o in orders] == [
            ("laptop", model, joiner["office"], joiner["id"], expected)]
        assert not changed_devices and expected in dates
    else:
        assert not changed_devices and not orders

    done_now = due - ({"laptop"} if ordered else set())
    for item, row in items.items():
        status = after[OnboardingItem][row["id"]]["status"]
        assert status == ("done" if item in done_now or row["status"] == "done" else "pending"), item

    mandatory = {k for k, c in before[Course].items() if c["kind"] == "mandatory"}
    held = {e["course_id"] for e in before[Enrolment].values()
            if e["employee_id"] == joiner["id"] and e["status"] in ("enrolled", "completed")}
    enrolled = {e["course_id"] for e in new_rows(before, after, Enrolment)}
    assert all(e["employee_id"] == joiner["id"] for e in new_rows(before, after, Enrolment))
    assert enrolled == ((mandatory - held) if "mandatory_courses" in due else set())

    resolution = "information" if not due else "ordered" if ordered else "fulfilled"
    assert ticket["resolution"] == resolution
    # the requester is told the date from which each item still pending will be done
    for item, row in items.items():
        if row["status"] == "pending" and item not in done_now and not (item == "laptop" and ordered):
            assert (date.fromisoformat(joiner["start_date"]) + timedelta(days=DUE_FROM[item])).isoformat() in dates, item
