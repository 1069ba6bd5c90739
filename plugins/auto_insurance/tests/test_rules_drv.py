"""The drivers (drv), listed-driver limits (ldr) and two-part request (mul) tasks follow the
written rules (policies/02_identity_and_callers.md, 03_tickets.md, 04_states_and_tiers.md,
07_drivers.md). Each task's outcome is recomputed here from its data and the caller's facts,
with this file's own arithmetic (not rating.py), and compared with what the reference
solution leaves and says."""
from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from thinkingbox.testing import load_domain, reference_run
from thinkingbox_auto_insurance.models import Claim, Customer, Driver, DrivingRecord, Policy, Ticket

DOMAIN = "auto_insurance"
TODAY = date(2026, 3, 16)
EXCLUSIONS = {"GA", "PA"}                                     # 04: excluding a driver allowed
BANDS = [(65, Decimal("150")), (25, Decimal("110")), (21, Decimal("260")), (16, Decimal("420"))]
RELATIONSHIP = {"husband": "spouse", "wife": "spouse", "son": "child", "daughter": "child", "stepson": "child",
                "stepdaughter": "child", "nephew": "relative", "niece": "relative", "father": "relative",
                "mother": "relative", "brother": "relative", "sister": "relative", "roommate": "other",
                "friend": "other"}
# who may ask for what (02): the categories a listed driver may ask in; `other` may ask nothing
LISTED_MAY = {"claims", "documents"}
FAMILIES = ("drivers", "listed_driver_limits", "two_part_requests")
TASK_IDS = sorted(t for t, task in load_domain(DOMAIN).tasks.items() if task.family in FAMILIES)


def _age(dob: str) -> int:
    born = date.fromisoformat(dob)
    return TODAY.year - born.year - ((TODAY.month, TODAY.day) < (born.month, born.day))


def _dui_recent(dui: str | None) -> bool:
    # at most 5 years before today, that day included: on or after 2021-03-16
    return dui is not None and dui >= "2021-03-16"


def _surcharge(rec) -> Decimal:
    band = next(amount for low, amount in BANDS if _age(rec.date_of_birth) >= low)
    return (band + 60 * rec.minor_violations + 180 * rec.at_fault_accidents
            + (500 if _dui_recent(rec.dui_date) else 0))


def _decision(rec, tier: str) -> str:
    if rec.license_status in ("suspended", "revoked"):
        return "decline"
    if _dui_recent(rec.dui_date):
        return "decline" if tier == "essential" else "review"
    if rec.minor_violations >= 3 or rec.at_fault_accidents >= 2:
        return "review"
    return "add"


def _run(task_id):
    task, before, after, results = reference_run(load_domain(DOMAIN), task_id, (
        Policy, Driver, Claim, Ticket, Customer, DrivingRecord))
    tickets = [row for key, row in after[Ticket].items() if key not in before[Ticket]]
    return task, before, results, tickets


def _money(claims):
    return {Decimal(str(c.money)) for c in claims if c.money is not None}


def _role(snap, caller_id, pid):
    if snap[Policy][pid]["named_insured_id"] == caller_id:
        return "named_insured"
    if any(d["customer_id"] == caller_id and d["policy_id"] == pid and d["status"] == "listed"
           for d in snap[Driver].values()):
        return "listed_driver"
    return "other"


def _decided(says, kind):
    return any(c.decision == kind for c in says.states)


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_driver_tasks_follow_the_written_rules(task_id):
    task, snap, results, tickets = _run(task_id)
    caller = next(c for c in snap[Customer].values() if c["email"] == task.user_facts["email"])
    verified = (task.user_facts.get("date of birth") == caller["date_of_birth"]
                and caller["tax_id_last4"] in task.user_facts.get("tax id", ""))
    pid = task.user_facts["policy number"]
    policy = snap[Policy][pid]
    role = _role(snap, caller["id"], pid)
    writes = [(tool, args, data) for tool, args, data in results
              if tool not in ("helpdesk_create_item",) and not tool.startswith("get_") and tool != "verify_identity"]
    stated = _money(task.says.states)
    before_add = _money([c for c in task.says.states_before if c.before in ("add_driver", "remove_driver", "exclude_driver")])
    drv_ticket = next((t for t in tickets if t["category"] == "drivers"), None)
    if any(d.answer == "no" for d in task.user_decisions):
        # 01 agreement before acting: the caller does not agree once told -> nothing but the ticket
        assert not writes and drv_ticket["outcome"] == "declined" and set(before_add) <= stated
        return

    # 02: verification first, then the caller's role
    if not verified:
        assert not writes and [t["outcome"] for t in tickets] == ["not_verified"]
        return
    for t in tickets:
        assert t["caller_role"] == role
        if role == "other":
            assert t["outcome"] == "declined"
        if role == "listed_driver" and t["category"] not in LISTED_MAY:
            assert t["outcome"] == "declined"
    if role != "named_insured":
        assert all(tool in ("file_claim", "issue_document") for tool, _, _ in writes)
        if role == "other":
            assert not writes
        return

    # 07: driver changes only on an active or pending_cancellation policy
    if policy["status"] not in ("active", "pending_cancellation"):
        assert not writes and drv_ticket["outcome"] == "declined" and drv_ticket["priority"] == "high"
        return

    looked_up = [args["license_number"] for tool, args, _ in results if tool == "get_driving_record"]
    adds = [(args, data) for tool, args, data in writes if tool == "add_driver"]
    changes = [(tool, args, data) for tool, args, data in writes if tool in ("remove_driver", "exclude_driver")]
    for lic in looked_up:
        rec = type("Rec", (), snap[DrivingRecord][lic])
        expected = _decision(rec, policy["tier"])
        added = [(a, d) for a, d in adds if a["license_number"] == lic]
        if expected == "decline":
            assert not added and drv_ticket["outcome"] == "declined"
            continue
        (args, data), = added
        sur = _surcharge(rec)
        new_premium = Decimal(str(policy["premium"])) + sur
        assert Decimal(str(data["premium_change"])) == sur and Decimal(str(data["new_premium"])) == new_premium
        assert {sur, new_premium} <= stated and sur in before_add
        assert args["underwriting_review"] == (expected == "review")
        assert drv_ticket["outcome"] == ("referred" if expected == "review" else "completed")
        assert drv_ticket["status"] == ("hold" if expected == "review" else "solved")
        if expected == "review":
            assert _decided(task.says, "escalated"), "the caller is told underwriting will review"
        said = task.user_facts["relationship"].lower()
        words = [w for w in RELATIONSHIP if f" {w}" in f" {said.strip('.').replace(chr(39), ' ')} "]
        assert words and args["relationship"] == RELATIONSHIP[words[-1]], (said, args["relationship"])
    for tool, args, data in changes:
        target = snap[Driver][args["driver_id"]]
        assert target["status"] == "listed" and target["relationship"] != "named_insured"
        assert not any(c["driver_id"] == target["id"] and c["status"] == "open" for c in snap[Claim].values())
        if tool == "exclude_driver":
            assert policy["state"] in EXCLUSIONS
        sur = Decimal(str(target["surcharge"]))
        assert {sur, Decimal(str(policy["premium"])) - sur} <= stated and sur in before_add
        assert drv_ticket["outcome"] == "completed"
    # the driver changes asked for and refused: a written reason holds in the data
    if drv_ticket and drv_ticket["outcome"] == "declined" and not looked_up:
        open_drivers = {c["driver_id"] for c in snap[Claim].values() if c["status"] == "open"}
        others = [d for d in snap[Driver].values() if d["policy_id"] == pid and d["relationship"] != "named_insured"
                  and d["status"] == "listed"]
        wants_self = "myself" in task.request.lower()
        wants_exclusion = "exclude" in task.request.lower()
        assert (wants_self or (wants_exclusion and policy["state"] not in EXCLUSIONS)
                or any(d["id"] in open_drivers for d in others)), task_id
    # 03: priority from the policy's status when the caller called
    for t in tickets:
        if t["category"] != "claims":
            high = policy["status"] in ("pending_cancellation", "cancelled")
            assert t["priority"] == ("high" if high else "normal")


def test_the_families_have_their_share():
    tasks = load_domain(DOMAIN).tasks.values()
    count = {f: sum(1 for t in tasks if t.family == f) for f in FAMILIES}
    assert count["drivers"] >= 20 and count["listed_driver_limits"] >= 5 and count["two_part_requests"] >= 2, count
