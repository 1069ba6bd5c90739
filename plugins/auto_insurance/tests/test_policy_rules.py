"""Every auto_insurance task's golden state follows the written rules: the ticket fields
(policies/03_tickets.md), who may ask (02), and each family's windows, limits and amounts
(04-10) are recomputed here from the task's data, the caller's facts and the reference's
writes, and compared with what the reference solution leaves. A task whose golden
contradicts the policy fails here by name."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest

from thinkingbox.testing import load_domain, new_rows, reference_states
from thinkingbox_auto_insurance import rating
from thinkingbox_auto_insurance.models import (
    Arrangement, Claim, Customer, Document, Driver, DrivingRecord, Invoice, LienholderNotice, Payment, Policy, Ticket,
    Vehicle,
)

DOMAIN = "auto_insurance"
TODAY = date(2026, 3, 16)
EXTENSION_DAYS = {"AZ": 10, "GA": 14, "IL": 21, "PA": 15}
EARLIEST_CANCEL = {"AZ": 1, "GA": 0, "IL": 1, "PA": 0}
REINSTATE_WINDOW = {"AZ": 30, "GA": 15, "IL": 20, "PA": 10}
BACKDATE = {"AZ": 0, "GA": 7, "IL": 0, "PA": 5}
EXCLUSIONS = {"GA", "PA"}
ARRANGEMENTS = {"essential": 1, "plus": 2, "elite": 3}
WAIVERS = {"essential": 1, "plus": 1, "elite": 2}
CATEGORY_OF_WRITE = {"grant_extension": "billing", "create_installment_plan": "billing", "waive_late_fee": "billing",
                     "pay_invoice": "billing", "issue_document": "documents", "add_driver": "drivers",
                     "remove_driver": "drivers", "exclude_driver": "drivers", "add_vehicle": "vehicles",
                     "remove_vehicle": "vehicles", "send_lienholder_notice": None, "file_claim": "claims",
                     "schedule_cancellation": "cancellation", "reinstate_policy": "reinstatement"}
COVERAGE = {"parked_hit": "collision", "hit_and_run": "collision", "collision_vehicle": "collision",
            "collision_object": "collision", "animal": "comprehensive", "theft": "comprehensive",
            "vandalism": "comprehensive", "glass": "comprehensive", "weather": "comprehensive"}
MODELS = (Policy, Customer, Driver, Vehicle, Invoice, Arrangement, Payment, Document, Claim, LienholderNotice, Ticket,
          DrivingRecord)


def _run(task_id):
    return reference_states(load_domain(DOMAIN), task_id, MODELS)


def _in_term(day, policy):
    return day is not None and policy["term_start"] <= day <= policy["term_end"]


def _d(text):
    return date.fromisoformat(text)


def _role(before, caller_id, policy_id):
    if before[Policy][policy_id]["named_insured_id"] == caller_id:
        return "named_insured"
    if any(d["customer_id"] == caller_id and d["policy_id"] == policy_id and d["status"] == "listed"
           for d in before[Driver].values()):
        return "listed_driver"
    return "other"


TASK_IDS = sorted(load_domain(DOMAIN).tasks)


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_ticket_follows_the_written_rules(task_id):
    task, before, after = _run(task_id)
    writes = [s for s in task.solution if s.tool and s.tool not in ("helpdesk_create_item",) and s.tool in CATEGORY_OF_WRITE]
    tickets = new_rows(before, after, Ticket)
    assert tickets, "every request is recorded in a new ticket"
    assert all(before[Ticket][k] == after[Ticket][k] for k in before[Ticket]), "earlier tickets are never changed"
    caller = next(c for c in before[Customer].values() if c["email"] == task.user_facts.get("email"))
    verified = (task.user_facts.get("date of birth") == caller["date_of_birth"]
                and caller["tax_id_last4"] in task.user_facts.get("tax id", ""))
    categories = {CATEGORY_OF_WRITE[s.tool] for s in writes} - {None}
    if "reinstatement" in categories:
        categories.discard("billing")  # payments taken to reinstate belong to the reinstatement
    if len(tickets) == 1 and categories:
        assert {tickets[0]["category"]} == categories
    else:
        assert categories <= {t["category"] for t in tickets}
    for t in tickets:
        assert t["requester_id"] == caller["helpdesk_user_id"]
        assert t["caller_role"] == _role(before, caller["id"], t["policy_id"])
        policy = before[Policy][t["policy_id"]]
        mine = [s for s in writes if CATEGORY_OF_WRITE[s.tool] in (t["category"], None)
                or (t["category"] == "reinstatement" and s.tool == "pay_invoice")]
        # outcome
        reviewed = any(r["underwriting_review"] for m in (Driver, Vehicle) for r in new_rows(before, after, m))
        if not verified:
            assert t["outcome"] == "not_verified" and not writes, "nothing changes for an unverified caller"
        elif reviewed and t["category"] in ("drivers", "vehicles"):
            assert t["outcome"] == "referred"
        elif mine:
            assert t["outcome"] == "completed"
        else:
            assert t["outcome"] in ("declined", "info_provided")
        # role limits (02): listed drivers only report losses or get ID cards; others nothing
        if verified and t["caller_role"] == "listed_driver":
            assert all(s.tool == "file_claim" or (s.tool == "issue_document" and s.args["kind"] == "id_card") for s in mine)
        if t["caller_role"] == "other":
            assert not mine and t["outcome"] in ("declined", "not_verified")
        # type, priority, status
        if t["category"] == "claims":
            assert t["type"] == "incident"
        elif t["outcome"] == "info_provided":
            assert t["type"] == "question"
        else:
            assert t["type"] == "task"
        injured = any(c["injuries"] for c in new_rows(before, after, Claim))
        if t["category"] == "claims" and injured:
            priority = "urgent"
        elif t["category"] == "claims" or policy["status"] in ("pending_cancellation", "cancelled"):
            priority = "high"
        elif t["type"] == "question":
            priority = "low"
        else:
            priority = "normal"
        assert t["priority"] == priority
        assert t["status"] == ("hold" if t["outcome"] == "referred" else "solved")
        assert not t["tags"] and t["organization_id"] is None and t["due_at"] is None


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_billing_follows_the_written_rules(task_id):
    task, before, after = _run(task_id)
    for arr in new_rows(before, after, Arrangement):
        policy = before[Policy][arr["policy_id"]]
        assert policy["status"] == "active", "no arrangement on a pending or cancelled policy"
        made = [a for a in before[Arrangement].values() if a["policy_id"] == policy["id"] and _in_term(a["created_on"], policy)]
        assert len(made) < ARRANGEMENTS[policy["tier"]], "the tier's arrangements per term"
        if arr["kind"] == "extension":
            latest = _d(arr["from_due_date"]) + timedelta(days=EXTENSION_DAYS[policy["state"]])
            assert TODAY <= _d(arr["to_due_date"]) <= latest
        else:
            balance = sum((Decimal(str(i["amount"])) + (Decimal(str(i["late_fee"])) if not i["late_fee_waived_on"] else 0)
                           for i in before[Invoice].values() if i["policy_id"] == policy["id"] and i["status"] == "past_due"),
                          Decimal(0))
            assert balance >= 150 and Decimal(str(arr["balance"])) == balance
            assert len(arr["installments"]) == rating.installment_count(balance)
            assert arr["installments"] == rating.installments(balance, len(arr["installments"]), TODAY)
    for key, inv in after[Invoice].items():
        old = before[Invoice].get(key)
        if old and inv["late_fee_waived_on"] and not old["late_fee_waived_on"]:
            policy = before[Policy][inv["policy_id"]]
            waived = [i for i in before[Invoice].values()
                      if i["policy_id"] == policy["id"] and _in_term(i["late_fee_waived_on"], policy)]
            assert len(waived) < WAIVERS[policy["tier"]], "the tier's waivers per term"
    for pay in new_rows(before, after, Payment):
        inv = before[Invoice][pay["invoice_id"]]
        owed = Decimal(str(inv["amount"])) + (Decimal(str(inv["late_fee"])) if not after[Invoice][inv["id"]]["late_fee_waived_on"] else 0)
        assert Decimal(str(pay["amount"])) == owed


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_policy_changes_follow_the_written_rules(task_id):
    task, before, after = _run(task_id)
    writes = [s.tool for s in task.solution if s.tool]
    for doc in new_rows(before, after, Document):
        policy = before[Policy][doc["policy_id"]]
        if doc["kind"] in ("id_card", "lienholder_evidence"):
            assert policy["status"] in ("active", "pending_cancellation")
        if doc["kind"] == "id_card":
            assert doc["valid_until"] == policy["term_end"]
        if doc["kind"] != "lienholder_evidence":
            assert after[Customer][doc["recipient_customer_id"]]["email"] == task.user_facts["email"]
    for drv in new_rows(before, after, Driver):
        policy = before[Policy][drv["policy_id"]]
        rec = before[DrivingRecord][drv["license_number"]]
        assert rec["license_status"] == "valid"
        dui = rating.dui_within_5_years(rec["dui_date"], TODAY)
        assert not (dui and policy["tier"] == "essential")
        review = dui or rec["minor_violations"] >= 3 or rec["at_fault_accidents"] >= 2
        assert drv["underwriting_review"] == review
        assert Decimal(str(drv["surcharge"])) == rating.driver_surcharge(
            rec["date_of_birth"], rec["minor_violations"], rec["at_fault_accidents"], rec["dui_date"], TODAY)
    for key, drv in after[Driver].items():
        old = before[Driver].get(key)
        if old and old["status"] == "listed" and drv["status"] in ("removed", "excluded"):
            policy = before[Policy][drv["policy_id"]]
            if drv["status"] == "excluded":
                assert policy["state"] in EXCLUSIONS
            assert not any(c["driver_id"] == key and c["status"] == "open" for c in before[Claim].values())
    for veh in new_rows(before, after, Vehicle):
        policy = before[Policy][veh["policy_id"]]
        assert veh["use"] != "rideshare" and veh["garaging_state"] == policy["state"]
        recent = [c for c in before[Claim].values() if c["policy_id"] == policy["id"]
                  and _d(c["loss_date"]) >= rating.years_before(TODAY, 3)]
        review = (policy["tier"] == "essential" and veh["body_class"] in ("luxury", "sports")) or len(recent) >= 2
        assert veh["underwriting_review"] == review
        eff = _d(veh["effective_date"])
        assert eff == TODAY or (TODAY - eff).days <= BACKDATE[policy["state"]]
    for key, veh in after[Vehicle].items():
        old = before[Vehicle].get(key)
        if old and old["status"] == "active" and veh["status"] == "removed":
            assert not any(c["vehicle_id"] == key and c["status"] == "open" for c in before[Claim].values())
            if veh["lienholder"]:
                assert any(n["vehicle_id"] == key and n["reason"] == "vehicle_removed"
                           for n in new_rows(before, after, LienholderNotice))
    for key, pol in after[Policy].items():
        old = before[Policy][key]
        if old["status"] == "active" and pol["status"] == "pending_cancellation":
            assert _d(pol["cancellation_date"]) >= TODAY + timedelta(days=EARLIEST_CANCEL[pol["state"]])
            assert Decimal(str(pol["return_premium"])) == rating.return_premium(
                Decimal(str(old["premium"])), old["term_start"], old["term_end"], pol["cancellation_date"])
            financed = [v for v in before[Vehicle].values() if v["policy_id"] == key and v["status"] == "active"
                        and v["lienholder"]]
            notices = {(n["vehicle_id"], n["effective_date"]) for n in new_rows(before, after, LienholderNotice)
                       if n["reason"] == "policy_cancelled"}
            assert notices == {(v["id"], pol["cancellation_date"]) for v in financed}
        if old["status"] in ("cancelled", "pending_cancellation") and pol["status"] == "active":
            if old["status"] == "cancelled":
                assert old["cancellation_reason"] == "nonpayment"
                assert (TODAY - _d(old["cancellation_date"])).days <= REINSTATE_WINDOW[old["state"]]
    for claim in new_rows(before, after, Claim):
        policy = before[Policy][claim["policy_id"]]
        veh = before[Vehicle][claim["vehicle_id"]]
        assert _in_term(claim["loss_date"], policy)
        assert not (policy["lapse_start"] and policy["lapse_start"] <= claim["loss_date"] <= policy["lapse_end"])
        if claim["driver_id"]:
            assert before[Driver][claim["driver_id"]]["status"] == "listed"
        assert claim["coverage"] == COVERAGE[claim["loss_type"]]
        if claim["loss_type"] == "glass" and policy["state"] == "AZ":
            expected = Decimal(0)
        else:
            expected = Decimal(str(veh[f"{claim['coverage']}_deductible"]))
        assert Decimal(str(claim["deductible"])) == expected
    assert writes  # at least the ticket
