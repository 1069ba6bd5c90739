"""Every consulting task's golden state follows the written rules. The reference solution is
applied to a fresh world, and what it leaves is compared with what this file derives on its
own from the policies (03_tickets.md for every task; 06_expenses.md, 07_hardware.md and
02_approvals.md for the expenses and hardware families), the world's data before the
conversation and the user's facts. Amounts and dates are recomputed here, not copied from
the generators. A task whose golden contradicts the policy fails here by name."""
from __future__ import annotations

import calendar
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

import pytest

from consulting_rules import BAND, stand_in
from thinkingbox.testing import changed_rows, load_domain, new_rows, reference_states
from thinkingbox_consulting.models import Approval, Device, DeviceOrder, Employee, ExpenseClaim, Ticket

DOMAIN = "consulting"
TODAY = date(2026, 3, 2)
STATUS = {"fulfilled": "solved", "declined": "solved", "information": "solved", "awaiting_approval": "pending",
          "ordered": "pending", "waiting_on_employee": "hold"}
TASKS = sorted(load_domain(DOMAIN).tasks)


def cents(x) -> Decimal:
    return Decimal(str(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _apply(task_id, *models):
    return reference_states(load_domain(DOMAIN), task_id, models)


def _requester(task, employees):
    return next(e for e in employees.values() if e["email"] == task.user_facts["email"])


# ---- every task: the one ticket ---------------------------------------------------------

@pytest.mark.parametrize("task_id", TASKS)
def test_the_ticket_follows_the_ticket_policy(task_id):
    task, before, after = _apply(task_id, Ticket, Employee, Approval)
    new = new_rows(before, after, Ticket)
    assert len(new) == 1 and not changed_rows(before, after, Ticket), "exactly one new ticket, no other ticket touched"
    t = new[0]
    employees = before[Employee]
    requester = _requester(task, employees)
    assert t["requester_id"] == requester["helpdesk_user_id"]
    assert t["category"] == task.family
    assert t["status"] == STATUS[t["resolution"]]
    assert not t["tags"] and t["organization_id"] is None and t["due_at"] is None
    approvals = new_rows(before, after, Approval)
    if approvals:
        assert t["resolution"] == "awaiting_approval", "an approval was sent"
    elif t["resolution"] == "awaiting_approval":
        pytest.fail("awaiting_approval without an approval request")
    if t["type"] == "question":
        assert t["priority"] == "low" and t["resolution"] == "information"
    elif t["type"] == "incident":
        assert t["priority"] == "high" and task.family == "hardware"
    elif task.family == "onboarding":
        joiner = next(e for e in employees.values() if e["status"] == "onboarding" and e["id"] != requester["id"])
        days = (date.fromisoformat(joiner["start_date"]) - TODAY).days
        assert t["priority"] == ("high" if days <= 3 else "normal")
    else:
        assert t["priority"] == "normal"


# ---- expenses ---------------------------------------------------------------------------

LIMITS = {"meals": (60, 90, 120), "lodging": (220, 280, 350), "ground_transport": (80, 120, 150),
          "client_entertainment": (150, 300, 500)}
BAND_COLUMN = {"associate": 0, "manager": 1, "partner": 2}
EXPENSES = [t for t in TASKS if load_domain(DOMAIN).task(t).family == "expenses"]


@pytest.mark.parametrize("task_id", EXPENSES)
def test_expense_decisions_follow_the_expense_policy(task_id):
    task, before, after = _apply(task_id, ExpenseClaim, Employee, Approval, Ticket)
    employees = before[Employee]
    requester = _requester(task, employees)
    claim_id = task.user_facts["claim"].split(",")[0].strip()
    claim = before[ExpenseClaim][claim_id]
    final = after[ExpenseClaim][claim_id]
    ticket = new_rows(before, after, Ticket)[0]
    others = {k for k in changed_rows(before, after, ExpenseClaim)} - {claim_id}
    assert not others, "only the claim asked about changes"
    approvals = new_rows(before, after, Approval)

    if claim["employee_id"] != requester["id"]:   # only the requester's own claims are decided
        assert final == claim and not approvals and ticket["resolution"] == "declined"
        return
    if claim["status"] != "submitted":
        assert final == claim and not approvals and ticket["resolution"] == "information"
        return
    amount = Decimal(str(claim["amount"]))
    delay = (date.fromisoformat(claim["submitted_on"]) - date.fromisoformat(claim["incurred_on"])).days
    band = BAND[requester["grade"]]
    limit = cents(LIMITS[claim["category"]][BAND_COLUMN[band]] * (claim["nights"] if claim["category"] == "lodging" else 1))
    reimbursable = min(amount, limit)

    if delay > 90:
        assert (final["status"], final["decision_reason"]) == ("rejected", "late")
        assert ticket["resolution"] == "declined" and not approvals
    elif amount >= 25 and claim["receipt"] == "none":
        assert (final["status"], final["decision_reason"]) == ("returned", "missing_receipt")
        assert ticket["resolution"] == "waiting_on_employee" and not approvals
    elif claim["category"] in ("meals", "lodging") and amount > 75 and claim["receipt"] != "itemized":
        assert (final["status"], final["decision_reason"]) == ("returned", "receipt_not_itemized")
        assert ticket["resolution"] == "waiting_on_employee" and not approvals
    elif band != "partner" and (reimbursable >= 500 or 61 <= delay <= 90):
        assert final == claim, "a claim waiting for approval stays submitted"
        approver = stand_in(employees, requester["manager_id"], requester["id"])
        if approver is None:
            assert not approvals and ticket["resolution"] == "waiting_on_employee"
        else:
            assert [(a["kind"], a["approver_id"], a["subject_id"], Decimal(str(a["amount"]))) for a in approvals] == [
                ("expense", approver, claim_id, reimbursable)]
            assert ticket["resolution"] == "awaiting_approval"
    else:
        assert final["status"] == "approved" and Decimal(str(final["approved_amount"])) == reimbursable
        assert ticket["resolution"] == "fulfilled" and not approvals
    assert ticket["type"] == "task"


# ---- hardware ---------------------------------------------------------------------------

HARDWARE = [t for t in TASKS if load_domain(DOMAIN).task(t).family == "hardware"]
STANDARD = {"phone": "iPhone 16", "monitor": "Dell U2724"}
LEAD = {"laptop": 10, "phone": 5, "monitor": 3}


def _months(bought: date, today: date) -> int:
    months = (today.year - bought.year) * 12 + today.month - bought.month
    if today.day < min(bought.day, calendar.monthrange(today.year, today.month)[1]):
        months -= 1
    return months


def _reason(problem: str) -> str:
    """The reason the employee reports (07_hardware.md), from their own words."""
    text = problem.lower()
    if "battery" in text:
        return "battery"
    if any(w in text for w in ("cracked", "snapped", "shattered", "dropped", "liquid", "spilled")):
        return "damage"
    if any(w in text for w in ("won't power", "shows nothing", "no signal", "stopped working")):
        return "failure"
    return "age"


@pytest.mark.parametrize("task_id", HARDWARE)
def test_hardware_outcomes_follow_the_hardware_policy(task_id):
    task, before, after = _apply(task_id, Device, DeviceOrder, Employee, Approval, Ticket)
    employees = before[Employee]
    me = _requester(task, employees)
    ticket = new_rows(before, after, Ticket)[0]
    approvals = new_rows(before, after, Approval)
    orders = new_rows(before, after, DeviceOrder)
    changed = changed_rows(before, after, Device)
    held = {d["kind"]: d for d in before[Device].values() if d["assigned_to"] == me["id"] and d["status"] == "assigned"}
    problem = task.user_facts.get("problem")

    if problem is None:   # a new device: one per kind
        kinds = [k for k in ("laptop", "phone", "monitor") if k in task.request.lower()]
        assert len(kinds) == 1
        kind = kinds[0]
        if kind in held:
            assert not changed and not orders and not approvals and ticket["resolution"] == "declined"
            return
        old, outcome, reason = None, "replace", None
    else:
        reason = _reason(problem)
        kind = next(k for k in ("laptop", "phone", "monitor") if k in task.request.lower())
        old = held[kind]
        age = _months(date.fromisoformat(old["purchased_on"]), TODAY)
        battery = old["battery_health"]
        if reason == "failure":
            outcome = "replace"
        elif reason == "damage":
            outcome = "approval" if age < 24 else "replace"
        elif reason == "battery":
            outcome = "replace" if battery <= 80 else "approval" if battery < 90 else "decline"
        else:
            outcome = {"laptop": "replace" if age >= 36 else "decline",
                       "phone": "replace" if age >= 30 else "decline", "monitor": "decline"}[kind]
        assert ticket["type"] == ("incident" if reason in ("failure", "damage", "battery") else "task")

    if outcome == "decline":
        assert not changed and not orders and not approvals and ticket["resolution"] == "declined"
    elif outcome == "approval":
        approver = stand_in(employees, me["manager_id"], me["id"])
        assert [(a["kind"], a["approver_id"], a["subject_id"], a["amount"]) for a in approvals] == [
            ("hardware", approver, old["id"], None)]
        assert not changed and not orders and ticket["resolution"] == "awaiting_approval"
    else:
        model = ("MacBook Pro 14" if me["practice"] == "technology" else "ThinkPad T14") if kind == "laptop" else STANDARD[kind]
        stock = sorted(k for k, d in before[Device].items() if d["office"] == me["office"] and d["kind"] == kind
                       and d["model"] == model and d["status"] == "in_stock")
        assert not approvals
        if stock and old:
            # "Handing in the old device": the employee is asked first, and says what the task decides.
            (decision,) = task.user_decisions
            hand_in = [c for c in task.says.states_before if c.before == "assign_device"]
            assert hand_in and hand_in[0].kind == "text"
            if decision.answer == "no":
                assert not changed and not orders and ticket["resolution"] == "declined"
                assert not task.says.agreement
                return
            assert [a.before for a in task.says.agreement] == ["assign_device"]
        if stock:
            new = stock[0]
            assert after[Device][new]["status"] == "assigned" and after[Device][new]["assigned_to"] == me["id"]
            expected = {new} | ({old["id"]} if old else set())
            assert set(changed) == expected
            if old:
                assert (after[Device][old["id"]]["status"], after[Device][old["id"]]["retired_reason"]) == ("retired", reason)
            assert not orders and ticket["resolution"] == "fulfilled"
        else:
            assert not changed, "nothing assigned or retired while a device is on order"
            assert [(o["kind"], o["model"], o["office"], o["employee_id"], o["expected_on"]) for o in orders] == [
                (kind, model, me["office"], me["id"], (TODAY + timedelta(days=LEAD[kind])).isoformat())]
            assert ticket["resolution"] == "ordered"
