"""Booking domain: every task is sound, the reference solutions pass (rubric questions
judged offline by their rules), doing nothing fails, and the tools price and refuse as
the policies describe. Runs with only the core and this plugin installed."""
from collections import Counter

import pytest

from thinkingbox.testing import DomainTests

DOMAIN = "booking"


class TestBookingTasks(DomainTests):
    domain = DOMAIN


def test_size_families_and_rubrics(tb_domain):
    families = Counter(t.family for t in tb_domain.tasks.values())
    assert len(tb_domain.tasks) >= 104
    assert set(families) == {"bmd", "bpy", "cbi", "cbm", "ccn", "crf", "gbi", "gbm", "gsr", "hdr", "hpv", "psc", "pss", "injection"}
    rubric = [t for t in tb_domain.tasks.values() if t.rubric]
    assert len(rubric) >= 15
    assert all(item.rule is not None for t in rubric for item in t.rubric_items)  # answerable offline too


pytestmark = pytest.mark.tb_task("crf-001")


def test_pricing_and_modification(tb_call):
    result = tb_call("check_availability", hotel_id="HTL-102", check_in="2025-10-03", check_out="2025-10-05",
                     room_type="deluxe_room", board_type="room_only")
    assert not result.is_error and result.data["total"] == 580.0  # the task's seasonal rate (290) wins over the base
    result = tb_call("modify_booking", booking_reference="HB-200101", check_out="2025-10-06")
    assert not result.is_error and "difference" in result.data and result.data["modification_number"] == 1
    result = tb_call("get_booking", booking_reference="hb-200101")
    assert result.data["modification_count"] == 1 and result.data["check_out"] == "2025-10-06T11:00:00Z"
    # the history keeps the old and the new values; the booked nights follow the new stay
    assert result.data["modification_history"][-1]["changes"] == {"check_out": {"from": "2025-10-05", "to": "2025-10-06"}}
    assert [n["date"] for n in result.data["nights"]] == ["2025-10-03", "2025-10-04", "2025-10-05"]
    assert sum(n["price"] for n in result.data["nights"]) == result.data["value"]


def test_refusals_are_tool_errors(tb_call):
    result = tb_call("process_refund", booking_reference="HB-200101", amount=900, category="cancellation")
    assert result.is_error and "580.00" in result.text
    tb_call("cancel_booking", booking_reference="HB-200101")
    result = tb_call("modify_booking", booking_reference="HB-200101", adults=1)
    assert result.is_error and "only confirmed bookings" in result.text
    result = tb_call("check_availability", hotel_id="HTL-102", check_in="2025-10-05", check_out="2025-10-03",
                     room_type="suite", board_type="breakfast")
    assert not result.is_error and result.data["available"] is False


def test_public_hotel_search_hides_partner_data(tb_call):
    result = tb_call("search_hotels", city="Harbor City")
    assert not result.is_error and "Seabright Grand" in result.text
    assert "partner_tier" not in result.text and "commission" not in result.text


def test_one_argument_name_for_a_booking(tb_domain):
    """Every tool that takes a booking calls it booking_reference."""
    import inspect

    takes_booking = set()
    for name, tool in tb_domain.tools.items():
        params = set(inspect.signature(tool.fn).parameters)
        assert "reference" not in params, name
        if "booking_reference" in params:
            takes_booking.add(name)
    assert {"get_booking", "modify_booking", "cancel_booking", "add_special_request", "escalate_to_hotel",
            "get_transactions", "process_charge", "process_refund", "generate_invoice"} <= takes_booking


@pytest.mark.slow
def test_every_task_booking_prices_its_nights(tb_domain):
    """The booked nights cover the stay and add up to the booking's value, so every price a
    policy formula uses (last night, affected nights) is visible through get_booking."""
    from datetime import date, timedelta
    from decimal import Decimal

    from thinkingbox.testing import new_world
    from thinkingbox_booking.models import Booking

    for task_id in sorted(tb_domain.tasks):
        world = new_world(tb_domain, task_id)
        try:
            for b in world.rows(Booking):
                start, end = date.fromisoformat(b.check_in[:10]), date.fromisoformat(b.check_out[:10])
                days = [(start + timedelta(days=i)).isoformat() for i in range((end - start).days)]
                assert [n["date"] for n in b.nights] == days, (task_id, b.booking_reference)
                assert sum(Decimal(str(n["price"])) for n in b.nights) == b.value, (task_id, b.booking_reference)
        finally:
            world.close()


def test_escalations_carry_their_substance(tb_call, tb_world):
    from thinkingbox_booking.models import Escalation

    result = tb_call("escalate_to_hotel", booking_reference="HB-200101", reason="late_change", topic="dates",
                     details="move by a day", check_in="2025-10-04")
    assert result.is_error and "missing: check_out" in result.text
    result = tb_call("escalate_to_hotel", booking_reference="HB-200101", reason="late_change", topic="price",
                     details="x", amount=10)
    assert result.is_error and "topic dates or room_type or board_type" in result.text
    result = tb_call("escalate_to_hotel", booking_reference="HB-200101", reason="late_change", topic="dates",
                     details="move by a day", check_in="2025-10-04", check_out="2025-10-06")
    assert not result.is_error
    (row,) = tb_world.rows(Escalation)
    assert (row.hotel_id, row.topic, row.check_in, row.check_out) == ("HTL-102", "dates", "2025-10-04", "2025-10-06")


def test_an_invoice_is_recorded_with_its_recipient(tb_call, tb_world):
    from thinkingbox_booking.models import Invoice

    result = tb_call("generate_invoice", booking_reference="HB-200101")
    assert not result.is_error and result.data["sent_to"] == "daniel.okafor@example.com"
    (row,) = tb_world.rows(Invoice)
    assert (row.booking_reference, row.recipient) == ("HB-200101", "daniel.okafor@example.com")
