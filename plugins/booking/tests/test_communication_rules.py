"""Every booking task's typed communication checks (`says`) follow the written rules,
derived here from the data and the reference's writes:

- money that moves is stated: each charge or refund the reference makes, as an amount;
- a cancellation's refund comes with its transaction id (04_cancellations.md);
- a booking or group whose dates change is told its new stay (a date range);
- what the customer must agree to first (01, "Agreement before acting": a change, a
  correction, a cancellation, a group move, a special request) is told before the write,
  and the reference says it in a message before that call;
- no message states the hotel's partner tier or commission or an internal field name
  (01, "Confidential information"), a post-stay customer's complaint count, or another
  customer's booking in the task's data;
- every task states something: a value, or the decision it reached.
"""
from __future__ import annotations

from decimal import Decimal

import pytest

from thinkingbox.testing import call_tool, load_domain, new_world
from thinkingbox_booking.models import Booking, Customer, Transaction

DOMAIN = "booking"
# writes the customer must agree to first, once told what they mean for them
AGREED_FIRST = ("cancel_booking", "modify_booking", "modify_group_booking", "add_special_request")


def _facts(task_id):
    domain = load_domain(DOMAIN)
    task = domain.task(task_id)
    world = new_world(domain, task_id)
    try:
        bookings = {b.booking_reference: b.model_dump() for b in world.rows(Booking)}
        customers = {c.id: c.model_dump() for c in world.rows(Customer)}
        known = {t.id for t in world.rows(Transaction)}
        for step in task.solution:
            if step.tool:
                assert not call_tool(domain, world, step.tool, **step.args).is_error
        after = {b.booking_reference: b.model_dump() for b in world.rows(Booking)}
        moved = [t.model_dump() for t in world.rows(Transaction) if t.id not in known and t.kind != "dispute"]
    finally:
        world.close()
    return task, bookings, after, customers, moved


def _claims(claims, kind):
    return [c.value for c in claims if c.kind == kind]


@pytest.mark.parametrize("task_id", sorted(load_domain(DOMAIN).tasks))
def test_what_the_customer_is_told_follows_the_written_rules(task_id):
    task, before, after, customers, moved = _facts(task_id)
    says = task.says
    writes = [s.tool for s in task.solution if s.tool]
    assert says.states, "every task states a value or its decision"
    assert not says.anywhere, "the final message states every value (so tb validate perturbs it)"

    stated_money = {Decimal(str(v)) for v in _claims(says.states, "money")}
    for t in moved:
        assert Decimal(str(t["amount"])) in stated_money, f"the {t['kind']} of ${t['amount']} is not stated"
    if "cancel_booking" in writes:
        assert any(c.kind == "decision" and c.decision == "cancelled" for c in says.states)
        for refund in moved:
            assert refund["id"] in _claims(says.states, "id"), "a cancellation's refund is told with its transaction id"

    ranges = [tuple(v) for v in _claims(says.states, "date_range")]
    main = next(s.args["booking_reference"] for s in task.solution if s.tool and "booking_reference" in s.args)
    old, new = before[main], after[main]
    if (old["check_in"], old["check_out"]) != (new["check_in"], new["check_out"]):
        assert (new["check_in"][:10], new["check_out"][:10]) in ranges, "the new stay is not stated"

    labels = {c.label for c in says.never_states}
    assert {"hotel's partner tier", "hotel's commission", "internal field names"} <= labels
    if task.family == "psc":
        assert "customer's complaint count" in labels
    requester = next((c["id"] for c in customers.values() if c["email"] == task.user_facts.get("email")), None)
    quoted = {s.args.get("booking_reference") for s in task.solution if s.tool}
    others = {b["booking_reference"] for b in task.rows.get("bookings", [])
              if b["customer_id"] != requester and b["booking_reference"] not in quoted}
    assert others <= set(_claims(says.never_states, "id")), "another customer's booking is not kept out"


@pytest.mark.parametrize("task_id", sorted(load_domain(DOMAIN).tasks))
def test_what_needs_agreement_is_told_first(task_id):
    task, before, after, customers, moved = _facts(task_id)
    says = task.says
    first = next((i for i, s in enumerate(task.solution) if s.tool in AGREED_FIRST), None)
    if first is not None:
        tool = task.solution[first].tool
        told = [c for c in says.states_before if c.before == tool]
        assert told, f"nothing is told before {tool}"
        assert any(s.say for s in task.solution[:first]), f"the reference does not tell the customer before {tool}"
        amounts = {Decimal(str(v)) for v in _claims(told, "money")}
        assert {Decimal(str(t["amount"])) for t in moved} <= amounts, "the amount to pay or get back is told first"
    assert all(c.before in AGREED_FIRST for c in says.states_before), "only what needs agreement is told first"

