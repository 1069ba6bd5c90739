"""Identifying a customer by id or by email: one rule for every domain.

An id is looked up as given; an email is matched case-insensitively (stored emails are
lower case). Whatever fails is a tool error the agent can read.
"""
from __future__ import annotations

from typing import TypeVar

from thinkingbox.contract.errors import ToolError
from thinkingbox.contract.world import World

M = TypeVar("M")


def find_customer(world: World, model: type[M], customer_id: str | None = None, email: str | None = None,
                  label: str = "customer") -> M:
    """The `model` row named by `customer_id`, or else the one whose `email` matches."""
    if customer_id:
        return world.require(model, customer_id, label)
    if email:
        found = world.find(model, email=email.strip().lower())
        if not found:
            raise ToolError(f"no {label} with email {email!r}")
        return found[0]
    raise ToolError(f"give a {label}_id or an email")
