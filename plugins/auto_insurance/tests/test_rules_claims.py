"""The claims family (fnol) recomputed from the written rules, independently of the reference:
from the world's rows and the caller's facts, decide verification and who may report a loss
(02, 09), the coverage check (09: the loss date in the term, not in a recorded lapse, both ends
included, not on or after a cancellation; the driver listed, or nobody driving), the coverage
of the loss type and the deductible (09 with 04's glass rule by state), the driver recorded,
and the ticket's priority (03); then compare with what the reference files and states.

The loss type is the one reading of the caller's story that is not arithmetic; LOSS_TYPE
records it per task with the line of 09's list that decides it."""
from __future__ import annotations

import re
from decimal import Decimal

import pytest

from thinkingbox.testing import load_domain, reference_states
from thinkingbox_auto_insurance.models import Claim, Customer, Driver, Policy, Ticket, Vehicle

DOMAIN = "auto_insurance"
TASK_IDS = sorted(t for t, task in load_domain(DOMAIN).tasks.items() if task.family == "claims")
COVERAGE = {"parked_hit": "collision", "hit_and_run": "collision", "collision_vehicle": "collision",
            "collision_object": "collision", "animal": "comprehensive", "theft": "comprehensive",
            "vandalism": "comprehensive", "glass": "comprehensive", "weather": "comprehensive"}
LOSS_TYPE = {
    "fnol-s01": "collision_vehicle",  # line 3: rear-ended by another vehicle, which stayed
    "fnol-s02": "glass",              # line 8: a stone cracked only the windshield; no vehicle hit the car
    "fnol-003": "collision_vehicle",  # line 3: hit by another vehicle at an intersection
    "fnol-004": "weather",            # line 9: a branch fell in a windstorm on the parked car
    "fnol-005": "hit_and_run",        # line 2: hit while being driven; the other driver took off
    "fnol-006": "parked_hit",         # line 1: parked and unattended, hit by a van that left
    "fnol-007": "animal",             # line 5: struck a deer
    "fnol-008": "vandalism",          # line 7: keyed in the driveway
    "fnol-009": "glass",              # line 8: hail broke only the windshield (ahead of weather, line 9)
}


def _run(task_id):
    return reference_states(load_domain(DOMAIN), task_id, (Policy, Customer, Driver, Vehicle, Claim, Ticket))


def test_every_claims_task_has_its_loss_type_read():
    assert set(TASK_IDS) == set(LOSS_TYPE)


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_claims_task_follows_the_written_rules(task_id):
    task, before, after = _run(task_id)
    facts = task.user_facts
    caller = next(c for c in before[Customer].values() if c["email"] == facts["email"])
    pid = facts["policy number"]
    pol = before[Policy][pid]
    [ticket] = [t for k, t in after[Ticket].items() if k not in before[Ticket]]
    new_claims = [c for k, c in after[Claim].items() if k not in before[Claim]]
    assert ticket["category"] == "claims" and ticket["type"] == "incident" and ticket["policy_id"] == pid
    drivers = [d for d in before[Driver].values() if d["policy_id"] == pid]
    # 02: verified, then the named insured or a listed driver of this policy
    verified = facts["date of birth"] == caller["date_of_birth"] and caller["tax_id_last4"] in facts["tax id"]
    if pol["named_insured_id"] == caller["id"]:
        role = "named_insured"
    elif any(d["customer_id"] == caller["id"] and d["status"] == "listed" for d in drivers):
        role = "listed_driver"
    else:
        role = "other"
    assert ticket["caller_role"] == role
    injured = bool(re.match(r"\s*yes\b", facts["injured"].lower()))  # every fact that reports an injury opens with "Yes"
    assert ticket["priority"] == ("urgent" if injured else "high")
    if not verified or role == "other":
        assert not new_claims and ticket["outcome"] == ("not_verified" if not verified else "declined")
        return
    # 09 coverage check 1: in force on the loss date
    loss = re.search(r"\d{4}-\d{2}-\d{2}", facts["date"]).group()
    in_force = pol["term_start"] <= loss <= pol["term_end"]
    if pol["status"] == "cancelled" and loss >= pol["cancellation_date"]:
        in_force = False
    if pol["lapse_start"] and pol["lapse_start"] <= loss <= pol["lapse_end"]:
        in_force = False
    # 09 coverage check 2: who was driving
    said = facts["driving"].lower()
    if re.match(r"\s*nobody", said):
        driver = None
        covered_driver = True
    else:
        if re.search(r"\bi was driving\b", said):
            match = [d for d in drivers if d["customer_id"] == caller["id"]]
        else:
            match = [d for d in drivers if d["name"].split()[0].lower() in said]
        driver = match[0] if match else None
        covered_driver = driver is not None and driver["status"] == "listed"
    if not (in_force and covered_driver):
        assert not new_claims and ticket["outcome"] == "declined"
        return
    [claim] = new_claims
    loss_type = LOSS_TYPE[task.id]
    vehicle = before[Vehicle][claim["vehicle_id"]]
    assert vehicle["policy_id"] == pid and vehicle["status"] == "active"
    coverage = COVERAGE[loss_type]
    if loss_type == "glass" and pol["state"] == "AZ":
        deductible = Decimal(0)
    else:
        deductible = Decimal(str(vehicle[f"{coverage}_deductible"]))
    assert (claim["loss_date"], claim["loss_type"], claim["coverage"]) == (loss, loss_type, coverage)
    assert Decimal(str(claim["deductible"])) == deductible
    assert claim["driver_id"] == (driver["id"] if driver else None)
    assert claim["reported_by"] == caller["id"] and claim["injuries"] == injured
    report = re.search(r"\b[A-Z]{2,4}-\d{2}-\d{4,6}\b", facts["police report"])
    assert claim["police_report"] == (report.group() if report else None)
    plate = re.search(r"\b([A-Z]{3}) ?(\d{4})\b", facts["plate"])
    assert claim["other_party_plate"] == ("".join(plate.groups()) if plate else None)
    money = {Decimal(str(c.money)).quantize(Decimal("0.01")) for c in task.says.states if c.money is not None}
    assert deductible.quantize(Decimal("0.01")) in money
    assert claim["id"] in {c.id for c in task.says.states if c.id}
    assert ticket["outcome"] == "completed"
