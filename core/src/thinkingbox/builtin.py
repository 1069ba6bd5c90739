"""The core's own plugin: default side effects, the golden-state check, offline agents
and the scripted user. Registered before any domain; domains can add to or override it."""
from __future__ import annotations

from .agents import NoopAgent, OracleAgent
from .hookspecs import hookimpl
from .judge import Check, golden_state_check, side_effects
from .users import ScriptedUser


@hookimpl(trylast=True)
def tb_side_effects(domain, initial, final):
    return side_effects(initial, final, domain.schema)


@hookimpl
def tb_checks(domain, task):
    return [Check("golden_state", golden_state_check)]


@hookimpl
def tb_agents():
    return {
        "oracle": lambda spec, task, domain: OracleAgent(task),
        "noop": lambda spec, task, domain: NoopAgent(task),
    }


@hookimpl
def tb_users():
    return {"scripted": lambda task: ScriptedUser(task)}
