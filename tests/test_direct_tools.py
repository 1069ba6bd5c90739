"""The direct tool path (`--tool-transport direct`, the default) against an in-memory MCP
session (`memory`): the same tool listing, the same observation (text and error flag) and
the same change to the world for every call, on reference calls and on malformed ones.

The default tier checks every tool of the retail domain on malformed arguments and three
tasks' references; the slow tier does so for every domain, and replays every task's
reference solution both ways."""
from __future__ import annotations

import asyncio

import pytest

from thinkingbox.contract.tools import bind_world, unbind_world
from thinkingbox.engine.sessions import SessionPool
from thinkingbox.engine.transports import _session_call

DOMAINS = ["retail", "booking", "auto_insurance", "neobank", "consulting"]

# What an agent (or a plugin agent, which hands Python values) may put in one argument.
ODD_VALUES = [None, "abc", "", 1.5, -3, 0, True, [1, "x"], {"a": 1}, 2**70, float("nan"), float("inf"),
              "2026-13-45", "  ", "\u0000", "\ud800"]


def _domains(names):
    from thinkingbox.engine.discovery import PluginHost

    return PluginHost().load_domains(names)


class Both:
    """A domain's tools called both ways, each on its own world cloned from one template."""

    def __init__(self, domain, task_world, pool):
        self.domain, self.tw, self.pool = domain, task_world, pool

    async def __aenter__(self):
        self.worlds = (self.domain.new_world(self.tw), self.domain.new_world(self.tw))
        self._lease_cm = self.pool.lend(self.domain)
        self.lease = await self._lease_cm.__aenter__()
        self.calls = (self.domain.call_tool, _session_call(self.lease.client))
        return self

    async def __aexit__(self, *exc):
        await self._lease_cm.__aexit__(*exc)
        for w in self.worlds:
            w.close()

    async def call(self, name, arguments):
        """Both observations (direct, session), or the exception each raised."""
        out = []
        for call, world in zip(self.calls, self.worlds):
            token = bind_world(world)
            try:
                out.append(await call(name, arguments))
            except Exception as exc:  # noqa: BLE001 - compared, not hidden
                out.append(("raised", type(exc).__name__, str(exc)))
            finally:
                unbind_world(token)
        return out

    def same_worlds(self):
        a, b = (w.snapshot(None) for w in self.worlds)
        return a == b


def _variants(tool_schema, example):
    """Malformed and odd argument sets for one tool: nothing at all, an unknown argument,
    and each parameter given each odd value (the others as in `example`)."""
    props = (tool_schema.get("input_schema") or {}).get("properties") or {}
    yield {}
    yield {**example, "no_such_argument": 1}
    for name in props:
        for value in ODD_VALUES:
            yield {**example, name: value}
        rest = dict(example)
        rest.pop(name, None)
        yield rest


def _same(got, what):
    (direct, session) = got
    if direct != session:
        pytest.fail(f"{what}: direct {direct!r} != session {session!r}")


async def _check_domain(domain, tasks, variants: bool):
    pool = SessionPool()
    try:
        # the listing the agent gets
        async with pool.lend(domain) as lease:
            import orjson

            assert orjson.loads(await domain.tool_listing_json()) == lease.tools()
        listing = {t["name"]: t for t in orjson.loads(await domain.tool_listing_json())}
        examples: dict[str, dict] = {}
        checked = 0
        for task in tasks:
            tw = await domain.prepare(task)
            async with Both(domain, tw, pool) as both:
                for step in task.solution:
                    if not step.tool:
                        continue
                    examples.setdefault(step.tool, dict(step.args))
                    _same(await both.call(step.tool, dict(step.args)), f"{domain.name} {task.id} {step.tool}")
                    assert both.same_worlds(), f"{domain.name} {task.id}: worlds differ after {step.tool}"
                    checked += 1
        if variants:
            tw = await domain.prepare(tasks[0])
            async with Both(domain, tw, pool) as both:
                for name in ["", "No_such_tool", "get", *listing]:
                    schema = listing.get(name, {})
                    for args in _variants(schema, examples.get(name, {})):
                        _same(await both.call(name, args), f"{domain.name} {name}({args!r})")
                        checked += 1
                assert both.same_worlds(), f"{domain.name}: worlds differ after the malformed calls"
        return checked
    finally:
        await pool.aclose()


@pytest.mark.parametrize("name", [pytest.param(d, marks=() if d == "retail" else pytest.mark.slow) for d in DOMAINS])
def test_direct_calls_observe_what_an_mcp_session_observes(name):
    """Every tool, malformed arguments included, and three tasks' reference calls."""
    (domain,) = _domains([name])
    tasks = list(domain.tasks.values())[:3]
    checked = asyncio.run(_check_domain(domain, tasks, variants=True))
    assert checked > 100  # (the variants ran: tens of tools, many values each)


@pytest.mark.slow
@pytest.mark.parametrize("name", DOMAINS)
def test_every_reference_solution_runs_alike_both_ways(name):
    (domain,) = _domains([name])
    checked = asyncio.run(_check_domain(domain, list(domain.tasks.values()), variants=False))
    assert checked >= len(domain.tasks)


def test_a_call_that_cannot_be_encoded_raises_on_both_paths(retail):
    """A plugin agent's argument that JSON cannot hold fails the call the same way: an
    exception (the trial's error), not an observation."""
    task = next(iter(retail.tasks.values()))

    async def go():
        pool = SessionPool()
        try:
            async with Both(retail, await retail.prepare(task), pool) as both:
                return await both.call("get_order", {"order_id": object()})
        finally:
            await pool.aclose()

    direct, session = asyncio.run(go())
    assert direct[0] == session[0] == "raised"


def test_the_default_transport_is_direct_and_memory_stays_available():
    from thinkingbox.engine.settings import TOOL_TRANSPORTS, RunSettings

    assert RunSettings().tool_transport == "direct"
    assert "memory" in TOOL_TRANSPORTS
