"""The cancellation and reinstatement family (lif) follows policies/10_cancellation_reinstatement.md:
each task's outcome, dates and amounts are recomputed here from the task's data and the
caller's facts (state windows, earliest cancellation dates, return premium by
rating.return_premium, past-due payments, lapse) and compared with what the reference
solution leaves and what it declares the agent must state."""
from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import Decimal

import pytest

from thinkingbox.testing import load_domain, new_world, reference_states
from thinkingbox_auto_insurance import rating
from thinkingbox_auto_insurance.models import (
    Arrangement, Customer, Document, Driver, Invoice, LienholderNotice, Payment, Policy, Ticket, Vehicle,
)

DOMAIN = "auto_insurance"
TODAY = date(2026, 3, 16)
EARLIEST_CANCEL = {"AZ": 1, "GA": 0, "IL": 1, "PA": 0}
REINSTATE_WINDOW = {"AZ": 30, "GA": 15, "IL": 20, "PA": 10}
MODELS = (Policy, Customer, Driver, Vehicle, Invoice, Arrangement, Payment, Document, LienholderNotice, Ticket)
LIF = sorted(tid for tid, t in load_domain(DOMAIN).tasks.items() if t.family == "cancel_reinstate")


def _run(task_id):
    return reference_states(load_domain(DOMAIN), task_id, MODELS)


def _money(value):
    return Decimal(str(value)).quantize(Decimal("0.01"))


def _stated(task):
    money = {_money(c.money) for c in task.says.states if c.money is not None}
    dates = {c.date for c in task.says.states if c.date} | {d for c in task.says.states if c.date_range
                                                           for d in c.date_range}
    ranges = [tuple(c.date_range) for c in task.says.states if c.date_range]
    return money, dates, ranges


def test_family_size():
    assert len(LIF) >= 16


@pytest.mark.parametrize("task_id", LIF)
def test_lif_outcome_follows_the_written_rules(task_id):
    task, before, after = _run(task_id)
    tickets = [t for k, t in after[Ticket].items() if k not in before[Ticket]]
    assert len(tickets) == 1, "one request, one ticket (payments to reinstate included)"
    ticket = tickets[0]
    caller = next(c for c in before[Customer].values() if c["email"] == task.user_facts["email"])
    pol = before[Policy][ticket["policy_id"]]
    new_pol = after[Policy][pol["id"]]
    verified = (task.user_facts.get("date of birth") == caller["date_of_birth"]
                and caller["tax_id_last4"] in task.user_facts.get("tax id", ""))
    named = pol["named_insured_id"] == caller["id"]
    money, dates, ranges = _stated(task)
    unchanged = all(before[m] == after[m] for m in MODELS if m is not Ticket)

    if any(d.answer == "no" for d in task.user_decisions):
        # 01 agreement before acting: the caller does not agree once told -> nothing but the ticket
        assert unchanged and ticket["outcome"] == "declined" and task.says.states_before
        return
    category = ticket["category"]
    assert category in ("cancellation", "reinstatement")
    assert ticket["priority"] == ("high" if pol["status"] in ("pending_cancellation", "cancelled") else "normal")
    assert ticket["type"] == "task"

    if not verified:
        assert ticket["outcome"] == "not_verified" and unchanged
        return
    if not named:
        assert ticket["outcome"] == "declined" and unchanged, "only the named insured may cancel or reinstate"
        return

    if category == "cancellation":
        if pol["status"] != "active":
            assert ticket["outcome"] == "declined" and unchanged, "only an active policy can be cancelled"
            return
        asked = re.search(r"\d{4}-\d{2}-\d{2}", str(task.user_facts.get("cancellation date", "")))
        earliest = TODAY + timedelta(days=EARLIEST_CANCEL[pol["state"]])
        cancel = max(date.fromisoformat(asked.group()), earliest) if asked else earliest
        assert pol["term_start"] <= cancel.isoformat() <= pol["term_end"]
        refund = rating.return_premium(Decimal(str(pol["premium"])), pol["term_start"], pol["term_end"],
                                       cancel.isoformat())
        assert new_pol["status"] == "pending_cancellation" and new_pol["cancellation_date"] == cancel.isoformat()
        assert _money(new_pol["return_premium"]) == refund
        assert cancel.isoformat() in dates and refund in money
        financed = {v["id"] for v in before[Vehicle].values()
                    if v["policy_id"] == pol["id"] and v["status"] == "active" and v["lienholder"]}
        notices = {(n["vehicle_id"], n["reason"], n["effective_date"])
                   for k, n in after[LienholderNotice].items() if k not in before[LienholderNotice]}
        assert notices == {(v, "policy_cancelled", cancel.isoformat()) for v in financed}
        assert ticket["outcome"] == "completed"
        return

    # reinstatement: withdraw a pending cancellation, or reinstate a cancelled policy
    past_due = {k: i for k, i in before[Invoice].items() if i["policy_id"] == pol["id"] and i["status"] == "past_due"}
    owed = {k: _money(Decimal(str(i["amount"])) + (Decimal(str(i["late_fee"])) if not i["late_fee_waived_on"] else 0))
            for k, i in past_due.items()}
    if pol["status"] == "pending_cancellation":
        allowed, lapse = True, None
        assert pol["cancellation_date"] in dates, "the cancellation date that no longer applies is stated"
    elif pol["status"] == "cancelled":
        day = (TODAY - date.fromisoformat(pol["cancellation_date"])).days
        allowed = pol["cancellation_reason"] == "nonpayment" and day <= REINSTATE_WINDOW[pol["state"]]
        lapse = (pol["cancellation_date"], (TODAY - timedelta(days=1)).isoformat())
    else:
        allowed, lapse = False, None
    if not allowed:
        assert ticket["outcome"] == "declined" and unchanged, "a refused reinstatement changes only the ticket"
        return
    if pol["cancellation_reason"] == "nonpayment":
        paid = {p["invoice_id"]: _money(p["amount"]) for k, p in after[Payment].items() if k not in before[Payment]}
        assert paid == owed, "every past-due invoice, and only those, is paid in full"
        assert set(owed.values()) <= money
    else:
        assert not [k for k in after[Payment] if k not in before[Payment]], "no payment for an insured's own cancellation"
    assert new_pol["status"] == "active" and new_pol["reinstated_on"] == TODAY.isoformat()
    if pol["status"] == "pending_cancellation":
        # a withdrawn cancellation leaves no date, reason or return premium on the policy (10, lif-010)
        assert (new_pol["cancellation_date"], new_pol["cancellation_reason"], new_pol["return_premium"]) == (None,) * 3
    if lapse:
        assert (new_pol["lapse_start"], new_pol["lapse_end"]) == lapse and lapse in ranges
    else:
        assert new_pol["lapse_start"] is None
    due = {k for k, i in before[Invoice].items() if i["policy_id"] == pol["id"] and i["status"] == "due"}
    assert all(after[Invoice][k]["status"] == "due" for k in due), "invoices not yet due stay as they are"
    assert ticket["outcome"] == "completed"


def test_family_covers_each_state_boundary():
    """Reinstatement tasks sit on the last day of a window and one day past it; cancellations
    cover a state that allows today and one that gives tomorrow."""
    domain = load_domain(DOMAIN)
    days = set()
    for tid in LIF:
        world = new_world(domain, tid)
        try:
            for pol in world.rows(Policy):
                if pol.status == "cancelled" and pol.cancellation_reason == "nonpayment":
                    days.add((pol.state, (TODAY - date.fromisoformat(pol.cancellation_date)).days
                              - REINSTATE_WINDOW[pol.state]))
        finally:
            world.close()
    assert {0, 1} <= {offset for _, offset in days}
    assert len({state for state, _ in days}) >= 3
