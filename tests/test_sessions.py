"""Pooled in-memory MCP sessions (`--tool-transport memory`) and the direct path (the
default): a session, a kept world connection or the domain's tool listing, used by trial
after trial, carries nothing of one trial into the next (world, tool listing, failures)."""
import pytest
import asyncio

from helpers import run
from thinkingbox.models.agents import AgentTurn, OracleAgent, ToolCallRequest
from thinkingbox.engine.trial import Job, Players, resolve_factory, run_trial
from thinkingbox.trials import RunSettings
from thinkingbox.engine.sessions import SessionPool, WorldPool

pytestmark = pytest.mark.domains("retail")

CONFIG = RunSettings(agent="oracle", judge="rules", tool_transport="memory")
# The default path (direct) in the default tier; the MCP sessions' pool in the slow tier too.
TRANSPORTS = pytest.mark.parametrize("transport", [pytest.param("memory", marks=pytest.mark.slow), "direct"])


class SlowOracle(OracleAgent):
    """The oracle, yielding to the other trials before every turn (so they interleave)."""

    async def next_turn(self, trajectory):
        await asyncio.sleep(0.001)
        return await super().next_turn(trajectory)


class WritesThenFails:
    """Makes the task's first write, then fails (the episode ends in an error)."""

    name = "writes-then-fails"

    def __init__(self, task, domain):
        self.step = next(s for s in task.solution if s.tool in domain.write_tools)
        self.calls = 0

    async def start(self, context):
        # A tool list changed by one agent must not reach the next trial's agent.
        context.tools[0]["input_schema"]["properties"]["injected"] = {"type": "string"}
        context.tools.clear()

    async def next_turn(self, trajectory):
        self.calls += 1
        if self.calls == 1:
            return AgentTurn(tool_calls=[ToolCallRequest("w1", self.step.tool, dict(self.step.args))])
        raise RuntimeError("the agent broke down")


class SeesTools(OracleAgent):
    seen = []

    async def start(self, context):
        self.seen.append(context.tools)
        await super().start(context)


class CannotStart(OracleAgent):
    async def start(self, context):
        raise RuntimeError("no start")


def _comparable(record):
    """A record less its timings and the tool transport it names (which differ by design)."""
    return {k: v if k != "config" else {**v, "tool_transport": "-"} for k, v in record.items() if k != "timings_ms"}


def _trials(host, retail, tasks, agent_factory, sessions, together=False, worlds=None, config=CONFIG):
    """Records of `tasks` (task id, trial), one after another, or all at once."""
    user, user_arg = resolve_factory(host.user_factories(), "scripted", "user")
    models = CONFIG.model_settings()
    players = Players(lambda task, domain: agent_factory("", task, domain, models),
                      lambda task: user(user_arg, task, models), models)

    async def go():
        jobs = [Job(retail, await retail.prepare(retail.task(t)), n) for t, n in tasks]
        trials = [run_trial(job, config, players, sessions=sessions, worlds=worlds) for job in jobs]
        if together:
            return await asyncio.gather(*trials)
        return [await trial for trial in trials]

    return go


@TRANSPORTS
def test_interleaved_trials_of_different_tasks_on_pooled_sessions_see_only_their_own_world(host, retail, transport):
    a, b = sorted(t for t, task in retail.tasks.items() if set(s.tool for s in task.solution) & retail.write_tools)[:2]
    tasks = [(a, 1), (b, 1), (a, 2), (b, 2), (a, 3), (b, 3)]
    slow = lambda spec, task, domain, settings: SlowOracle(task)  # noqa: E731
    config = RunSettings(agent="oracle", judge="rules", tool_transport=transport)
    sessions = transport == "memory"

    async def both():
        own = await _trials(host, retail, tasks, slow, None, config=config)()  # each trial on its own (session, world)
        pool, worlds = SessionPool(), WorldPool()
        one_by_one = await _trials(host, retail, tasks, slow, pool, worlds=worlds, config=config)()
        assert pool.opened == int(sessions)  # the one session served both tasks in turn ...
        assert worlds.reused == len(tasks) - 1  # ... in one connection, the world of each in turn
        together = await _trials(host, retail, tasks, slow, pool, together=True, worlds=worlds, config=config)()
        assert 1 < pool.opened <= 1 + len(tasks) if sessions else pool.opened == 0
        again = await _trials(host, retail, tasks, slow, pool, together=True, worlds=worlds, config=config)()
        opened = pool.opened
        await pool.aclose()
        worlds.close()
        return own, one_by_one, together, again, opened

    own, one_by_one, together, again, opened = run(both())
    assert all(r["verdict"] for r in own)
    for records in (one_by_one, together, again):
        assert [_comparable(r) for r in records] == [_comparable(r) for r in own]
    assert opened <= 1 + len(tasks)  # the second concurrent round reused the open sessions


@TRANSPORTS
def test_a_trial_after_a_failed_one_starts_clean(host, retail, transport):
    task = next(t for t, task in retail.tasks.items() if set(s.tool for s in task.solution) & retail.write_tools)
    config = RunSettings(agent="oracle", judge="rules", tool_transport=transport)
    SeesTools.seen = []
    oracle, _ = resolve_factory(host.agent_factories(), "oracle", "agent")
    failing = lambda spec, t, domain, settings: WritesThenFails(t, domain)  # noqa: E731
    cannot_start = lambda spec, t, domain, settings: CannotStart(t)  # noqa: E731
    sees_tools = lambda spec, t, domain, settings: SeesTools(t)  # noqa: E731

    async def go():
        (own,) = await _trials(host, retail, [(task, 2)], oracle, None)()
        pool, worlds = SessionPool(), WorldPool()
        await _trials(host, retail, [(task, 1)], sees_tools, None)()
        (failed,) = await _trials(host, retail, [(task, 1)], failing, pool, worlds=worlds, config=config)()
        (after_error,) = await _trials(host, retail, [(task, 2)], sees_tools, pool, worlds=worlds, config=config)()
        opened_after_error = pool.opened
        try:
            await _trials(host, retail, [(task, 1)], cannot_start, pool, worlds=worlds, config=config)()
        except RuntimeError:
            pass
        else:
            raise AssertionError("the trial should have raised")
        (after_crash,) = await _trials(host, retail, [(task, 2)], oracle, pool, worlds=worlds, config=config)()
        assert worlds.reused == 3
        opened = pool.opened
        await pool.aclose()
        worlds.close()
        return own, failed, after_error, opened_after_error, after_crash, opened

    own, failed, after_error, opened_after_error, after_crash, opened = run(go())
    assert failed["finish_reason"] == "error" and failed["trajectory"][2]["write"]
    assert not failed["trajectory"][2]["is_error"]  # the write was made, in that trial's world
    if transport == "memory":
        assert opened_after_error == 1  # an agent's error leaves the session fit for reuse ...
        assert opened == 2  # ... a trial that raised does not: its session was closed
    else:
        assert opened == 0
    assert own["verdict"]
    assert _comparable(after_error) == _comparable(own) == _comparable(after_crash)
    unpooled, pooled = SeesTools.seen
    assert pooled == unpooled and "injected" not in str(pooled)  # the failed trial's agent changed its copy only


def test_agents_that_only_read_the_tools_share_the_domains_listing_and_others_get_copies(host, retail):
    class CopiesTools(SeesTools):
        reads_tools_only = False  # (the oracle it plays declares it only reads them)

    task = next(iter(retail.tasks))
    config = RunSettings(agent="oracle", judge="rules", tool_transport="direct")
    for agent, shared in ((SeesTools, True), (CopiesTools, False)):
        SeesTools.seen = []
        factory = lambda spec, t, domain, settings, agent=agent: agent(t)  # noqa: E731
        run(_trials(host, retail, [(task, 1), (task, 2)], factory, None, config=config)())
        first, second = SeesTools.seen
        assert first == second and len(first) > 1
        assert (first[0] is second[0]) is shared, agent
        assert (first[0]["input_schema"] is second[0]["input_schema"]) is shared, agent


def test_a_pooled_session_answers_as_an_mcp_client_does(retail):
    """The pool's in-process connection (see sessions._InProcessDispatcher) against
    mcp.Client's own: the same results for calls that work and calls that fail."""
    from mcp import Client
    from thinkingbox.engine.domain import tool_dict
    from thinkingbox.contract.tools import bind_world, unbind_world

    calls = [("get_order", {"order_id": "nope"}), ("get_order", {}), ("get_order", {"order_id": 5}),
             ("no_such_tool", {}), ("get_order", {"order_id": "x", "extra": 1}),
             ("update_shipping_speed", {"order_id": "x", "speed": "warp"})]
    task, step = next((t, s) for t in retail.tasks.values() for s in t.solution if s.tool not in retail.write_tools)
    calls.append((step.tool, step.args))

    async def go():
        world = retail.new_world(await retail.prepare(task))
        token = bind_world(world)
        pool = SessionPool()
        try:
            async with Client(retail.server) as client, pool.lend(retail) as lease:
                listed = await client.list_tools()
                assert lease.tools() == [tool_dict(t) for t in listed.tools]
                for name, args in calls:
                    assert await lease.client.call_tool(name, dict(args)) == await client.call_tool(name, dict(args))
        finally:
            await pool.aclose()
            unbind_world(token)
            world.close()

    run(go())


def test_a_kept_connection_holds_the_next_world_exactly_or_is_closed(retail):
    """WorldPool: the next world in a kept connection is its task's template, byte for
    byte, whatever the last one wrote; a connection left in a state the next world would
    inherit (an open transaction, a temporary table, changed settings) is not kept."""
    tasks = sorted(retail.tasks)[:3]

    async def go():
        tws = [await retail.prepare(retail.task(t)) for t in tasks]
        worlds = WorldPool()
        world = worlds.take(retail, tws[0])
        assert worlds.reused == 0
        for table in world.schema.tables.values():  # empty every table, by the API
            for row in world.rows(table.model):
                world.delete(row)
        worlds.give_back(retail, world)
        for tw in tws[1:] + tws[:1]:
            world = worlds.take(retail, tw)
            assert world.to_bytes() == tw.template and world.snapshot() == tw.initial
            worlds.give_back(retail, world)
        assert worlds.reused == len(tws)
        for spoil in (lambda c: c.execute("BEGIN"), lambda c: c.execute("CREATE TEMP TABLE t (a)"),
                      lambda c: setattr(c, "row_factory", lambda cursor, row: row)):
            world = worlds.take(retail, tws[0])
            spoil(world.conn)
            worlds.give_back(retail, world)
            reused = worlds.reused
            fresh = worlds.take(retail, tws[0])
            assert worlds.reused == reused and fresh.conn is not world.conn  # it was closed, not kept
            worlds.give_back(retail, fresh)
        worlds.close()

    run(go())


def test_requests_are_traced_only_when_a_tracer_provider_is_set(monkeypatch):
    """The SDK's OpenTelemetry span per request is left out when nothing records spans."""
    from opentelemetry import trace
    from thinkingbox.contract.tools import WorldBinding, build_server

    def middleware():
        return [type(m).__name__ for m in build_server("t", "1", [], WorldBinding()).middleware]

    assert "OpenTelemetryMiddleware" not in middleware()
    monkeypatch.setattr(trace, "get_tracer_provider", lambda: trace.NoOpTracerProvider())
    assert "OpenTelemetryMiddleware" in middleware()
