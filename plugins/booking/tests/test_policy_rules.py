"""Every booking task's golden state follows the written rules (policies/02_tickets.md and the
documents it points to): the ticket's type, priority, tags, booking reference, resolution,
status, escalation reason and refund amount are derived here from the data and the
reference's writes, and compared with what the reference solution leaves. The request type
comes from the customer's words and cannot be derived; it is checked against the writes
where they decide it. A task whose golden contradicts the policy fails here by name."""
from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from thinkingbox.testing import call_tool, load_domain, new_world
from thinkingbox_booking.models import Booking, Escalation, GroupBooking, Invoice, SpecialRequest, Ticket, Transaction

DOMAIN = "booking"
NOW = datetime.fromisoformat("2025-10-01T13:00:00+00:00")

TYPE = {"modification": "task", "cancellation": "task", "group_change": "task", "special_request": "task",
        "complaint": "incident", "billing": "incident",
        "invoice": "question", "refund": "question", "verification": "question", "information": "question"}
# The request type a write implies (02_tickets.md, request_type).
REQUEST_OF_WRITE = {"cancel_booking": "cancellation", "modify_group_booking": "group_change",
                    "add_special_request": "special_request", "log_complaint": "complaint",
                    "generate_invoice": "invoice"}
# The transaction category each kind of change is charged or refunded in.
CATEGORY_OF_WRITE = {"cancel_booking": "cancellation", "modify_group_booking": "group_change",
                     "add_special_request": "extra_service", "log_complaint": "complaint",
                     "modify_booking": "modification"}


def _time(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def _rows(world, model):
    return {getattr(r, model.__table__.primary_key.columns.keys()[0]): r for r in world.rows(model)}


def _golden(task_id):
    domain = load_domain(DOMAIN)
    task = domain.task(task_id)
    world = new_world(domain, task_id)
    try:
        before = {m: {k: r.model_dump() for k, r in _rows(world, m).items()}
                  for m in (Booking, GroupBooking, Ticket, Transaction, Escalation, SpecialRequest, Invoice)}
        for step in task.solution:
            if not step.tool:
                continue  # a message to the customer (say), not a call
            result = call_tool(domain, world, step.tool, **step.args)
            assert not result.is_error, (step.tool, result.text)
        after = {m: {k: r.model_dump() for k, r in _rows(world, m).items()} for m in before}
    finally:
        world.close()
    return task, before, after


def _new(before, after, model):
    return [row for key, row in after[model].items() if key not in before[model]]


@pytest.mark.parametrize("task_id", sorted(load_domain(DOMAIN).tasks))
def test_golden_follows_the_written_rules(task_id):
    task, before, after = _golden(task_id)
    writes = [s.tool for s in task.solution if s.tool]
    changed = [t for k, t in after[Ticket].items() if before[Ticket].get(k) != t]
    assert len(changed) == 1, "exactly one ticket records the conversation"
    ticket = changed[0]

    # the booking and the segments, as they were when the customer wrote
    booking = before[Booking][ticket["booking_reference"]]
    group = before[GroupBooking].get(booking["group_id"]) if booking["group_id"] else None
    if group:
        assert ticket["booking_reference"] == group["references"][0], "a group's ticket is on its billing reference"
    user_type = "corporate" if booking["corporate_account_id"] else "group" if group else "b2c"
    check_in = _time((group or booking)["check_in"])
    check_out = _time((group or booking)["check_out"])
    if check_in.date() == NOW.date() or booking["status"] == "checked_in":
        timing = "same_day"
    elif check_out <= NOW:
        timing = "post_stay"
    else:
        assert check_in.date() > NOW.date()
        timing = "pre_stay"
    assert set(ticket["tags"]) == {user_type, timing} and len(ticket["tags"]) == 2

    # request type where the writes decide it
    for write, request in REQUEST_OF_WRITE.items():
        if write in writes:
            assert ticket["request_type"] == request, write
    if "modify_booking" in writes:
        assert ticket["request_type"] == "modification"

    # type: follows the request type; every discrepancy is an incident; a question about
    # what a charge was for is a question
    discrepancy = task.family == "hdr"
    money_moved = bool(_new(before, after, Transaction))
    if discrepancy:
        expected_type = "incident"
    elif ticket["request_type"] == "billing" and not money_moved and ticket["resolution_action"] == "info_provided":
        expected_type = "question"
    else:
        expected_type = TYPE[ticket["request_type"]]
    assert ticket["type"] == expected_type

    # priority: first rule that applies
    hours = (check_in - NOW) / timedelta(hours=1)
    if ticket["type"] == "question":
        priority = "low"
    elif timing == "same_day":
        priority = "urgent"
    elif 0 < hours < 48:
        priority = "high"
    else:
        priority = "normal"
    assert ticket["priority"] == priority

    # resolution: cancelled > modified > refunded > escalated; otherwise one of the outcomes
    # in which nothing was changed
    refunds = [t for t in _new(before, after, Transaction) if t["kind"] == "refund"]
    escalations = _new(before, after, Escalation)
    disputes = [t for t in _new(before, after, Transaction) if t["kind"] == "dispute"]
    if "cancel_booking" in writes:
        resolution = {"cancelled"}
    elif {"modify_booking", "modify_group_booking", "add_special_request"} & set(writes):
        resolution = {"modified"}
    elif refunds:
        resolution = {"refunded"}
    elif escalations or disputes:
        resolution = {"escalated"}
    else:
        resolution = {"declined", "info_provided", "pending_approval"}
    assert ticket["resolution_action"] in resolution

    # status, escalation reason, refund amount
    waits = bool(escalations or disputes or ticket["resolution_action"] == "pending_approval")
    assert ticket["status"] == ("hold" if waits else "solved")
    assert len(escalations) <= 1
    assert ticket["escalation_reason"] == (escalations[0]["reason"] if escalations else None)
    assert Decimal(str(ticket["refund_amount"])) == sum((Decimal(str(r["amount"])) for r in refunds), Decimal(0))

    # escalations carry their substance in compared fields; invoices only for invoice requests
    for esc in escalations:
        assert esc["booking_reference"] == ticket["booking_reference"]
        assert esc["topic"]
    assert bool(_new(before, after, Invoice)) == ("generate_invoice" in writes)

    # one transaction per change, in the change's category
    money = [t for t in _new(before, after, Transaction) if t["kind"] in ("charge", "refund")]
    for write, category in CATEGORY_OF_WRITE.items():
        if write in writes and write != "add_special_request":
            assert all(t["category"] == category for t in money), (write, money)
    if "add_special_request" in writes:
        assert all(t["category"] == "extra_service" and t["kind"] == "charge" for t in money)
    if group:
        assert all(t["booking_reference"] == group["references"][0] for t in money), "group money on the billing reference"
