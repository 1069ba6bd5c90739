"""The hooks a Thinkingbox plugin implements (pluggy project name: "thinkingbox").

A domain plugin is a `thinkingbox.DomainSpec` (which implements the descriptor hooks
from its fields) or any object or module with `@hookimpl` functions, published under the
`thinkingbox.domains` entry-point group. The domain-descriptor hooks (`DOMAIN_HOOKS`:
info, world, tools, prompt, tasks) are answered by that domain's own plugin only, so no
other plugin can replace a domain's tools or tasks. The evaluation hooks (side effects,
checks, agents, users) are called on every loaded plugin, domains and extensions
(`thinkingbox.plugins` entry points) alike, with the domain passed in, so an extension
can add behaviour across domains. Every `tb_*` name a plugin defines must be one of the
hooks below: a misspelt hook is an error, never silently ignored.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

import pluggy

if TYPE_CHECKING:
    from thinkingbox.contract.checks import Check, Difference
    from thinkingbox.contract.spec import DomainInfo
    from thinkingbox.engine.domain import Domain
    from thinkingbox.contract.tasks import Task
    from thinkingbox.contract.world import Snapshot, World

hookspec = pluggy.HookspecMarker("thinkingbox")
hookimpl = pluggy.HookimplMarker("thinkingbox")


# ---- what a domain ships -------------------------------------------------------------

@hookspec(firstresult=True)
def tb_domain_info() -> DomainInfo:
    """Return a `thinkingbox.DomainInfo`: name, title, the world's "now", description.
    (The version is the distribution's, from the package metadata.)"""


@hookspec(firstresult=True)
def tb_seed_world(world: World) -> None:
    """World seeding: create the domain's tables and insert its base fixtures.

    Call `world.create_tables(models)` with the domain's sqlmodel table classes, then
    `world.insert(...)` for each base row. Runs once per process; each task's template
    is the seeded world plus the task's own rows.
    """


@hookspec(firstresult=True)
def tb_tools() -> list[Callable[..., Any]]:
    """Tool registration: return the domain's tools, functions decorated with
    `thinkingbox.read_tool` or `thinkingbox.write_tool` (first parameter: the world)."""


@hookspec(firstresult=True)
def tb_system_prompt(now: str) -> str:
    """Return the domain's agent system prompt (role, policies, ticket rules) for `now`,
    an ISO-8601 UTC timestamp string."""


@hookspec(firstresult=True)
def tb_task_files() -> list[Path]:
    """Return the paths of the domain's task files (JSON, see `thinkingbox.contract.tasks`)."""


@hookspec(firstresult=True)
def tb_vocabulary() -> Any:
    """Optional: return the domain's `thinkingbox.Vocabulary` (its decision kinds, the roles of
    its amounts and dates, the synonyms of what it counts, and the stored data its policy
    forbids telling the customer). Without it the core's vocabulary is used."""


# ---- what evaluation is made of ------------------------------------------------------

@hookspec(firstresult=True)
def tb_side_effects(domain: Domain, initial: Snapshot, final: Snapshot) -> list[Difference]:
    """Side-effect extraction: return the effects (a list of `Difference`) that turned
    the `initial` snapshot into the `final` one. The core's default is a field-level
    diff that leaves out nothing; a domain may narrow or enrich it."""


@hookspec
def tb_checks(domain: Domain, task: Task) -> list[Check]:
    """Return executable checks (`thinkingbox.Check`) for `task`. Every plugin may add
    some; the core always adds the golden-state check. The verdict is their conjunction."""


@hookspec
def tb_agents() -> Mapping[str, Callable[..., Any]]:
    """Return {name: factory} of agents this plugin adds. A factory is called as
    `factory(spec, task, domain, settings)` where spec is the text after "name:" (or "")
    and settings the run's model settings (`ModelSettings`: each role's model configuration)."""


@hookspec
def tb_users() -> Mapping[str, Callable[..., Any]]:
    """Return {name: factory} of simulated users this plugin adds, called as
    `factory(spec, task, settings)`."""


DOMAIN_HOOKS = ("tb_domain_info", "tb_seed_world", "tb_tools", "tb_system_prompt", "tb_task_files")
"""Hooks that describe one domain: answered by that domain's own plugin only."""
OPTIONAL_DOMAIN_HOOKS = ("tb_vocabulary",)
"""Domain hooks a domain may leave out (the core's default is used)."""
EVALUATION_HOOKS = ("tb_side_effects", "tb_checks", "tb_agents", "tb_users")
"""Hooks every loaded plugin may implement, for any domain."""
