"""The vehicle family (veh) recomputed from the written rules, independently of the reference:
from the world's rows and the caller's facts, decide verification (02), the caller's role
(02), whether the vehicle is one we insure (08 rule 2, with the use read from what the caller
says), underwriting review (08 rule 3, claims on the 3-year boundary), the effective date (08
rule 4 with 04's backdating days, boundaries included), the surcharge and new premium (08 rule
5), and for removals the only-vehicle and open-claim rules and the lienholder notice; then
compare with what the reference leaves and states."""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

import pytest

from thinkingbox.testing import load_domain, reference_run
from thinkingbox_auto_insurance import rating
from thinkingbox_auto_insurance.models import (
    Claim, Customer, Driver, LienholderNotice, Policy, Ticket, Vehicle, VinRecord,
)

DOMAIN = "auto_insurance"
TODAY = date(2026, 3, 16)
BACKDATE = {"AZ": 0, "GA": 7, "IL": 0, "PA": 5}
STATE_NAMES = {"arizona": "AZ", "georgia": "GA", "illinois": "IL", "pennsylvania": "PA", "indiana": "IN"}
TASK_IDS = sorted(t for t, task in load_domain(DOMAIN).tasks.items() if task.family == "vehicles")


def use_of(text: str) -> str:
    """08 rule 1, the use, first that applies, from the caller's words."""
    text = re.sub(r"work from home|nobody drives it to work or school", "", text.lower())
    if re.search(r"ride-hailing|rideshare|ride-share|paying passengers", text):
        return "rideshare"
    if re.search(r"\bbusiness\b|customers|job sites?|tools", text):
        return "business"
    if re.search(r"\bwork\b|commut|office|classes|school", text):
        return "commute"
    return "pleasure"


def _run(task_id):
    task, before, after, results = reference_run(load_domain(DOMAIN), task_id, (
        Policy, Customer, Driver, Vehicle, VinRecord, Claim, LienholderNotice, Ticket))
    return task, before, after, results


def _stated(task, kind):
    return {str(getattr(c, kind)) for c in task.says.states if getattr(c, kind) is not None}


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_vehicle_task_follows_the_written_rules(task_id):
    task, before, after, results = _run(task_id)
    facts = task.user_facts
    caller = next(c for c in before[Customer].values() if c["email"] == facts["email"])
    pid = facts["policy number"]
    pol = before[Policy][pid]
    tickets = [t for k, t in after[Ticket].items() if k not in before[Ticket]]
    assert len(tickets) == 1 and tickets[0]["category"] == "vehicles" and tickets[0]["policy_id"] == pid
    writes = [(tool, args, data) for tool, args, data in results if tool != "helpdesk_create_item"
              and tool not in ("get_customer", "verify_identity", "get_policy", "get_claims", "lookup_vin")]
    verified = facts["date of birth"] == caller["date_of_birth"] and caller["tax_id_last4"] in facts["tax id"]
    if any(d.answer == "no" for d in task.user_decisions):
        # 01 agreement before acting: the caller does not agree once told -> nothing but the ticket
        assert verified and not writes and tickets[0]["outcome"] == "declined" and task.says.states_before
        return
    if not verified:
        assert tickets[0]["outcome"] == "not_verified" and not writes
        return
    if pol["named_insured_id"] != caller["id"]:
        assert tickets[0]["outcome"] == "declined" and not writes
        return
    claims = [c for c in before[Claim].values() if c["policy_id"] == pid]
    if "vin" in facts:  # adding a vehicle
        vin = before[VinRecord][facts["vin"]]
        use = use_of(facts["use"])
        kept = next(code for name, code in STATE_NAMES.items() if name in facts["kept"].lower())
        insurable = vin["body_class"] != "exotic" and vin["title"] != "salvage" and use != "rideshare" \
            and kept == pol["state"]
        if not insurable:
            assert tickets[0]["outcome"] == "declined" and not writes
            return
        purchase = date.fromisoformat(re.search(r"\d{4}-\d{2}-\d{2}", facts["purchase date"]).group())
        effective = purchase if (TODAY - purchase).days <= BACKDATE[pol["state"]] else TODAY
        recent = [c for c in claims if date.fromisoformat(c["loss_date"]) >= rating.years_before(TODAY, 3)]
        review = (pol["tier"] == "essential" and vin["body_class"] in ("luxury", "sports")) or len(recent) >= 2
        surcharge = rating.vehicle_surcharge(vin["body_class"], use)
        new_premium = Decimal(str(pol["premium"])) + surcharge
        [(tool, args, data)] = writes
        assert tool == "add_vehicle"
        assert args["use"] == use and args["garaging_state"] == kept
        assert args["effective_date"] == effective.isoformat()
        assert args["underwriting_review"] == review
        assert (args["ownership"] != "owned") == bool(args.get("lienholder"))
        assert Decimal(str(data["premium_change"])) == surcharge and Decimal(str(data["new_premium"])) == new_premium
        assert {f"{surcharge:.2f}", f"{new_premium:.2f}"} <= {f"{Decimal(v):.2f}" for v in _stated(task, "money")}
        if effective != TODAY:
            assert effective.isoformat() in _stated(task, "date")
        assert tickets[0]["outcome"] == ("referred" if review else "completed")
        assert tickets[0]["status"] == ("hold" if review else "solved")
        return
    # removing a vehicle: the one the caller names
    named = facts.get("vehicle", "") + " " + task.request
    active = [v for v in before[Vehicle].values() if v["policy_id"] == pid and v["status"] == "active"]
    [target] = [v for v in active if v["model"].split()[0].lower() in named.lower()
                or v["make"].lower() in named.lower()]
    open_claim = any(c["vehicle_id"] == target["id"] and c["status"] == "open" for c in claims)
    if len(active) == 1 or open_claim:
        assert tickets[0]["outcome"] == "declined" and not writes
        return
    tools = [tool for tool, _, _ in writes]
    assert tools[0] == "remove_vehicle" and writes[0][1]["vehicle_id"] == target["id"]
    reduction = Decimal(str(target["surcharge"]))
    assert Decimal(str(writes[0][2]["new_premium"])) == Decimal(str(pol["premium"])) - reduction
    notices = [n for k, n in after[LienholderNotice].items() if k not in before[LienholderNotice]]
    if target["lienholder"]:
        assert [(n["vehicle_id"], n["reason"], n["effective_date"]) for n in notices] == [
            (target["id"], "vehicle_removed", TODAY.isoformat())]
    else:
        assert not notices
    assert tickets[0]["outcome"] == "completed"


def test_the_family_reaches_every_outcome():
    """A fixed guess cannot pass the family: it has added, referred, declined and unverified
    requests."""
    domain = load_domain(DOMAIN)
    ids = set(TASK_IDS)
    assert len(ids) >= 18
    outcomes = set()
    for tid in ids:
        task = domain.task(tid)
        ticket = next(s for s in task.solution if s.tool == "helpdesk_create_item")
        outcomes.add(ticket.args["item"]["outcome"])
    assert outcomes == {"completed", "referred", "declined", "not_verified"}
