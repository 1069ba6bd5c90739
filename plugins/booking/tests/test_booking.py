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
    assert set(families) == {"bmd", "bpy", "cbi", "cbm", "ccn", "crf", "gbi", "gbm", "gsr", "hdr", "hpv", "psc", "pss"}
    rubric = [t for t in tb_domain.tasks.values() if t.rubric]
    assert len(rubric) >= 15
    assert all(item.rule is not None for t in rubric for item in t.rubric_items)  # answerable offline too


pytestmark = pytest.mark.tb_task("crf-001")


def test_pricing_and_modification(tb_call):
    result = tb_call("check_availability", hotel_id="HTL-102", check_in="2025-10-03", check_out="2025-10-05",
                     room_type="deluxe_room", board_type="room_only")
    assert not result.is_error and result.data["total"] == 580.0  # the task's seasonal rate (290) wins over the base
    result = tb_call("modify_booking", reference="HB-200101", check_out="2025-10-06")
    assert not result.is_error and "difference" in result.data and result.data["modification_number"] == 1
    result = tb_call("get_booking", reference="hb-200101")
    assert result.data["modification_count"] == 1 and result.data["check_out"] == "2025-10-06T11:00:00Z"


def test_refusals_are_tool_errors(tb_call):
    result = tb_call("process_refund", booking_reference="HB-200101", amount=900, category="cancellation")
    assert result.is_error and "580.00" in result.text
    tb_call("cancel_booking", reference="HB-200101", reason="x")
    result = tb_call("modify_booking", reference="HB-200101", adults=1)
    assert result.is_error and "only confirmed bookings" in result.text
    result = tb_call("check_availability", hotel_id="HTL-102", check_in="2025-10-05", check_out="2025-10-03",
                     room_type="suite", board_type="breakfast")
    assert not result.is_error and result.data["available"] is False


def test_public_hotel_search_hides_partner_data(tb_call):
    result = tb_call("search_hotels", city="Harbor City")
    assert not result.is_error and "Seabright Grand" in result.text
    assert "partner_tier" not in result.text and "commission" not in result.text
