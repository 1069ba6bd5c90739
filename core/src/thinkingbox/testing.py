"""A test harness for domain authors; installed with the core as a pytest plugin.

Every task of a domain checked in two lines:

    from thinkingbox.testing import DomainTests

    class TestShopTasks(DomainTests):
        domain = "shop"

This gives three tests per task: it is sound (what `tb validate` checks), the oracle (the
reference solution and message) passes, and doing nothing fails. For tests of your own
tools, these fixtures read the domain's name from the test class's `domain` attribute or
the module's `DOMAIN` variable:

    tb_domain   the loaded domain
    tb_world    a fresh world of a task: the first task by id, or the one named with
                `@pytest.mark.tb_task("shop-001")`
    tb_call     tb_call("tool", **args) -> ToolResult(text, is_error, data), on tb_world

The same helpers work without pytest: `load_domain`, `new_world`, `call_tool`, `run_agent`.
Everything here goes through the public plugin path (entry points, MCP tool schemas,
the runner's trial), so a test sees what `tb eval` sees.
"""
from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator

import pytest

if TYPE_CHECKING:
    from thinkingbox.engine.domain import Domain
    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.world import World


@dataclass(frozen=True)
class ToolResult:
    """What a tool call gave: its text, whether it was an error, and the text as JSON
    (None when it is not JSON)."""

    text: str
    is_error: bool
    data: Any = None


@functools.cache
def _host() -> PluginHost:
    from thinkingbox.engine.discovery import PluginHost

    return PluginHost()


def load_domain(name: str) -> Domain:
    """An installed domain, loaded once per process (with every extension plugin)."""
    (domain,) = _host().load_domains([name])
    return domain


def new_world(domain: Domain, task_id: str | None = None) -> World:
    """A fresh private world of a task (default: the first task by id). Close it after use."""
    if task_id is None:
        if not domain.tasks:
            raise AssertionError(f"domain {domain.name!r} has no tasks")
        task_id = min(domain.tasks)
    task_world = asyncio.run(domain.prepare(domain.task(task_id)))
    return domain.new_world(task_world)


def call_tool(domain: Domain, world: World, tool: str, /, **args: Any) -> ToolResult:
    """Call one tool on `world` as an agent would (arguments validated against the tool's
    schema); a refusal comes back as `is_error`, never as an exception. The first three
    are positional only, so a tool argument may be called `domain`, `world` or `tool`."""
    import orjson

    from thinkingbox.engine.judging import apply_calls
    from thinkingbox.tasks import ToolCall

    if tool not in domain.tools:
        raise AssertionError(f"domain {domain.name!r} has no tool {tool!r}; tools: {', '.join(domain.tools)}")
    (result,) = asyncio.run(apply_calls(domain, world, [ToolCall(tool=tool, args=args)]))
    try:
        data = orjson.loads(result.text)
    except orjson.JSONDecodeError:
        data = None
    return ToolResult(result.text, result.is_error, data)


def run_agent(domain: Domain, task_id: str, agent: str = "oracle", user: str = "scripted",
              judge: str = "rules") -> dict[str, Any]:
    """One full trial of a task (the record `tb eval` would write), with rubric questions
    answered offline by their rules unless `judge` names a model."""
    from thinkingbox.engine.trial import EvalConfig, Job, resolve_factory, run_trial
    from thinkingbox.models.settings import RunSettings

    config = EvalConfig(agent=agent, user=user, settings=RunSettings(judge=judge))
    host = _host()
    agent_factory, agent_arg = resolve_factory(host.agent_factories(), agent, "agent")
    user_factory, user_arg = resolve_factory(host.user_factories(), user, "user")

    async def trial() -> dict[str, Any]:
        job = Job(domain, await domain.prepare(domain.task(task_id)), 1)
        return await run_trial(job, agent_factory, agent_arg, user_factory, user_arg, config)

    return asyncio.run(trial())


def _failed_checks(record: dict[str, Any]) -> list[Any]:
    return [c for c in record.get("checks", []) if not c.get("passed")] or [record.get("error")]


class DomainTests:
    """Subclass as `TestXxx` with `domain = "name"`: soundness, oracle and noop for every task."""

    domain: str = ""

    def test_task_is_sound(self, tb_domain: Domain, tb_task_id: str) -> None:
        from thinkingbox.engine.quality import check_task

        assert asyncio.run(check_task(tb_domain, tb_domain.tasks[tb_task_id])) == []

    def test_oracle_passes(self, tb_domain: Domain, tb_task_id: str) -> None:
        record = run_agent(tb_domain, tb_task_id, "oracle")
        assert record["verdict"], _failed_checks(record)

    def test_noop_fails(self, tb_domain: Domain, tb_task_id: str) -> None:
        record = run_agent(tb_domain, tb_task_id, "noop")
        assert not record["verdict"], f"{tb_task_id}: doing nothing passes"


# ---- the pytest plugin ----------------------------------------------------------------

def _domain_name(node: Any) -> str:
    cls = getattr(node, "cls", None)
    name = getattr(cls, "domain", None) or getattr(getattr(node, "module", None), "DOMAIN", None)
    if not name:
        raise pytest.UsageError("thinkingbox.testing: name the domain with a class attribute `domain = \"name\"` "
                                "or a module variable `DOMAIN = \"name\"`")
    return name


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "tb_task(task_id): the task whose world the tb_world fixture builds")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "tb_task_id" in metafunc.fixturenames:
        domain = load_domain(_domain_name(metafunc))
        metafunc.parametrize("tb_task_id", sorted(domain.tasks))


@pytest.fixture
def tb_domain(request: pytest.FixtureRequest) -> Domain:
    return load_domain(_domain_name(request))


@pytest.fixture
def tb_world(request: pytest.FixtureRequest, tb_domain: Domain) -> Iterator[World]:
    marker = request.node.get_closest_marker("tb_task")
    world = new_world(tb_domain, marker.args[0] if marker else None)
    yield world
    world.close()


@pytest.fixture
def tb_call(tb_domain: Domain, tb_world: World) -> Callable[..., ToolResult]:
    return functools.partial(call_tool, tb_domain, tb_world)
