"""The hooks a Thinkingbox plugin implements (pluggy project name: "thinkingbox").

A domain plugin is a module or object with `@hookimpl` functions, published under the
`thinkingbox.domains` entry-point group. Hooks that describe one domain (info, world,
tools, prompt, policies, tasks) are called only on that domain's plugin. Hooks that
extend evaluation (side effects, checks, agents, users) are called on every loaded
plugin, with the domain passed in, so a plugin can add behaviour across domains.
"""
from __future__ import annotations

import pluggy

hookspec = pluggy.HookspecMarker("thinkingbox")
hookimpl = pluggy.HookimplMarker("thinkingbox")


# ---- what a domain ships -------------------------------------------------------------

@hookspec(firstresult=True)
def tb_domain_info():
    """Return a `thinkingbox.DomainInfo`: name, version, title, the world's "now"."""


@hookspec(firstresult=True)
def tb_seed_world(world):
    """World seeding: create the domain's tables and insert its base fixtures.

    Call `world.create_tables(models)` with the domain's sqlmodel table classes, then
    `world.insert(...)` for each base row. Runs once per process; each task's template
    is the seeded world plus the task's own rows.
    """


@hookspec(firstresult=True)
def tb_tools():
    """Tool registration: return the domain's tools, functions decorated with
    `thinkingbox.read_tool` or `thinkingbox.write_tool` (first parameter: the world)."""


@hookspec(firstresult=True)
def tb_system_prompt(now):
    """Return the domain's agent system prompt (role, policies, ticket rules) for `now`,
    an ISO-8601 UTC timestamp string."""


@hookspec(firstresult=True)
def tb_policies():
    """Return the domain's policy documents as a list of `thinkingbox.PolicyDocument`."""


@hookspec(firstresult=True)
def tb_task_files():
    """Return the paths of the domain's task files (JSON, see `thinkingbox.tasks`)."""


# ---- what evaluation is made of ------------------------------------------------------

@hookspec(firstresult=True)
def tb_side_effects(domain, initial, final):
    """Side-effect extraction: return the effects (a list of `Difference`) that turned
    the `initial` snapshot into the `final` one. The core's default is a field-level
    diff that leaves out nothing; a domain may narrow or enrich it."""


@hookspec
def tb_checks(domain, task):
    """Return executable checks (`thinkingbox.Check`) for `task`. Every plugin may add
    some; the core always adds the golden-state check. The verdict is their conjunction."""


@hookspec
def tb_agents():
    """Return {name: factory} of agents this plugin adds. A factory is called as
    `factory(spec, task, domain, settings)` where spec is the text after "name:" (or "")
    and settings the run's `RunSettings` (model configurations)."""


@hookspec
def tb_users():
    """Return {name: factory} of simulated users this plugin adds, called as
    `factory(spec, task, settings)`."""
