"""Booking domain: every task is sound, the reference solutions pass (rubric questions
judged offline by their rules), doing nothing fails, and the tools price and refuse as
the policies describe. Runs with only the core and this plugin installed."""
import asyncio
import tempfile
from collections import Counter
from pathlib import Path

import pytest

from thinkingbox.plugins import PluginHost
from thinkingbox.quality import check_task
from thinkingbox.records import RecordWriter
from thinkingbox.runner import EvalConfig, prepare_jobs, run_jobs
from thinkingbox.settings import RunSettings
from thinkingbox.tools import bind_world


@pytest.fixture(scope="module")
def host_and_booking():
    host = PluginHost()
    (domain,) = host.load_domains(["booking"])
    return host, domain


@pytest.fixture(scope="module")
def booking(host_and_booking):
    return host_and_booking[1]


def task_ids():
    (domain,) = PluginHost().load_domains(["booking"])
    return sorted(domain.tasks)


def test_size_families_and_rubrics(booking):
    families = Counter(t.family for t in booking.tasks.values())
    assert len(booking.tasks) >= 104
    assert set(families) == {"bmd", "bpy", "cbi", "cbm", "ccn", "crf", "gbi", "gbm", "gsr", "hdr", "hpv", "psc", "pss"}
    rubric = [t for t in booking.tasks.values() if t.rubric]
    assert len(rubric) >= 15
    assert all(item.rule is not None for t in rubric for item in t.rubric_items)  # answerable offline too


@pytest.mark.parametrize("task_id", task_ids())
def test_task_is_sound(booking, task_id):
    assert asyncio.run(check_task(booking, booking.tasks[task_id])) == []


def test_oracle_passes_and_noop_fails_every_task(host_and_booking):
    host, booking = host_and_booking

    async def run(agent):
        jobs = await prepare_jobs([booking], None, 1, set())
        with tempfile.TemporaryDirectory() as tmp:
            writer = RecordWriter(Path(tmp) / "r.jsonl")
            records = await run_jobs(host, jobs, EvalConfig(agent=agent, settings=RunSettings(judge="rules")), writer)
            writer.close()
        return records

    oracle = asyncio.run(run("oracle"))
    assert [(r["task"], r["checks"]) for r in oracle if not r["verdict"]] == []
    assert [r["task"] for r in asyncio.run(run("noop")) if r["verdict"]] == []


def call(domain, world, tool, **args):
    async def go():
        bind_world(world)
        try:
            result = await domain.server.call_tool(tool, args)
        except Exception as exc:
            return str(exc), True
        return " ".join(c.text for c in result.content), False
    return asyncio.run(go())


@pytest.fixture
def world(booking):
    tw = asyncio.run(booking.prepare(booking.tasks["crf-001"]))
    world = booking.new_world(tw)
    yield world
    world.close()


def test_pricing_and_modification(booking, world):
    text, error = call(booking, world, "check_availability", hotel_id="HTL-102", check_in="2025-10-03",
                       check_out="2025-10-05", room_type="deluxe_room", board_type="room_only")
    assert not error and '"total":580.0' in text  # the task's seasonal rate (290) wins over the base rate
    text, error = call(booking, world, "modify_booking", reference="HB-200101", check_out="2025-10-06")
    assert not error and '"difference":' in text and '"modification_number":1' in text
    text, error = call(booking, world, "get_booking", reference="hb-200101")
    assert '"modification_count":1' in text and '"check_out":"2025-10-06T11:00:00Z"' in text


def test_refusals_are_tool_errors(booking, world):
    text, error = call(booking, world, "process_refund", booking_reference="HB-200101", amount=900, category="cancellation")
    assert error and "580.00" in text
    call(booking, world, "cancel_booking", reference="HB-200101", reason="x")
    text, error = call(booking, world, "modify_booking", reference="HB-200101", adults=1)
    assert error and "only confirmed bookings" in text
    text, error = call(booking, world, "check_availability", hotel_id="HTL-102", check_in="2025-10-05",
                       check_out="2025-10-03", room_type="suite", board_type="breakfast")
    assert not error and '"available":false' in text


def test_public_hotel_search_hides_partner_data(booking, world):
    text, error = call(booking, world, "search_hotels", city="Harbor City")
    assert not error and "Seabright Grand" in text and "partner_tier" not in text and "commission" not in text
