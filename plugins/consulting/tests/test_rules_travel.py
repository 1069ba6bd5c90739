"""The travel family's golden states follow 11_travel.md, 02_approvals.md and 03_tickets.md.
Each reference solution is applied to a fresh world, and what it leaves is compared with what
this file derives on its own from the policy, the world's data before the conversation and the
user's facts: staffed or not, the cabin allowed by band and flight hours (and a lower one asked
for), notice by band (bound included), nights, the hotel cap, partners without approval, the
manager's leave, the ticket's resolution and what the employee is told."""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

import pytest

from thinkingbox.testing import load_domain, new_rows, reference_states
from thinkingbox_consulting.models import Approval, Employee, Engagement, Staffing, Ticket, TravelRequest

DOMAIN = "consulting"
TODAY = date(2026, 3, 2)
BAND = {"analyst": "associate", "consultant": "associate", "senior_consultant": "associate",
        "manager": "manager", "senior_manager": "manager", "partner": "partner"}
NOTICE = {"associate": 14, "manager": 7}
CAP = {"associate": Decimal("200.00"), "manager": Decimal("275.00"), "partner": Decimal("350.00")}
BUSINESS_ABOVE = {"manager": 6.0, "partner": 4.0}
MODELS = (Approval, Employee, Engagement, Staffing, Ticket, TravelRequest)
TASKS = sorted(t for t, task in load_domain(DOMAIN).tasks.items() if task.family == "travel")


def _apply(task_id):
    return reference_states(load_domain(DOMAIN), task_id, MODELS)


def _facts(task):
    f = task.user_facts
    depart, back = re.findall(r"\d{4}-\d{2}-\d{2}", f["dates"])
    hours = float(re.search(r"([\d.]+) hours", f["flight"]).group(1))
    rate = Decimal(re.search(r"\$([\d.]+)", f["hotel"]).group(1))
    cabin = f.get("cabin", f["flight"]).lower()   # the sample states the cabin with the flight
    asked = "business" if "business" in cabin else "premium_economy" if "premium" in cabin else "economy"
    return date.fromisoformat(depart), date.fromisoformat(back), hours, rate, asked


def test_the_family_has_its_tasks():
    assert len(TASKS) >= 9


@pytest.mark.parametrize("task_id", TASKS)
def test_travel_follows_the_travel_policy(task_id):
    task, before, after = _apply(task_id)
    employees = before[Employee]
    me = next(e for e in employees.values() if e["email"] == task.user_facts["email"])
    band = BAND[me["grade"]]
    ticket = new_rows(before, after, Ticket)[0]
    trips = new_rows(before, after, TravelRequest)
    approvals = new_rows(before, after, Approval)
    states = task.says.states
    labels = {c.label for c in states}
    staffed = [s["engagement_id"] for s in before[Staffing].values()
               if s["employee_id"] == me["id"] and s["status"] in ("active", "booked")
               and before[Engagement][s["engagement_id"]]["status"] in ("planned", "active")]
    assert ticket["type"] == "task" and ticket["priority"] == "normal"

    if not staffed:   # rule 1: decline, record nothing
        assert not trips and not approvals and ticket["resolution"] == "declined"
        assert "decision: declined" in labels
        return
    depart, back, hours, rate, asked = _facts(task)
    notice, nights = (depart - TODAY).days, (back - depart).days
    allowed = "business" if band in BUSINESS_ABOVE and hours > BUSINESS_ABOVE[band] else "economy"
    cabin = asked if asked == "economy" or (asked == "premium_economy" and allowed == "business") else allowed
    needs = band != "partner" and (notice < NOTICE[band] or nights >= 7 or rate > CAP[band])

    assert len(trips) == 1
    trip = trips[0]
    assert trip["engagement_id"] in staffed and trip["employee_id"] == me["id"]
    assert (trip["depart_on"], trip["return_on"]) == (depart.isoformat(), back.isoformat())
    assert trip["cabin"] == cabin and trip["flight_hours"] == hours and Decimal(str(trip["hotel_nightly_rate"])) == rate
    assert trip["status"] == ("awaiting_approval" if needs else "booked")
    ranges = [tuple(c.value) for c in states if c.kind == "date_range" and c.role == "travel_dates"]
    assert ranges == [(depart.isoformat(), back.isoformat())]
    assert any(c.kind == "text" and any(a.lower().startswith(cabin.replace("_", " ")) for a in c.value) for c in states)
    if needs:
        approver = me["manager_id"]
        if employees[approver]["status"] == "on_leave":
            approver = employees[approver]["delegate_id"]
            assert employees[approver]["status"] != "on_leave"
        assert [(a["kind"], a["approver_id"], a["subject_id"], a["amount"]) for a in approvals] == [
            ("travel", approver, trip["id"], None)]
        assert ticket["resolution"] == "awaiting_approval"
    else:
        assert not approvals and ticket["resolution"] == "fulfilled" and "decision: booked" in labels
