"""Id formats: how one kind of record is numbered, declared once.

    ORDER_ID = IdFormat("ORD-", 90001)        # ORD-90001, ORD-90002, ...
    order = world.insert(Order(id=ORDER_ID.next(world, Order), ...))
    ORDER_ID.normalize(" ord-90001 ")         # "ORD-90001": what an agent typed, as stored

Numbers come from a counter kept inside the world (`World.new_id`), so they are
deterministic, skip ids that task rows already use, and reset with the world.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from thinkingbox.contract.world import World


@dataclass(frozen=True)
class IdFormat:
    prefix: str       # e.g. "TCK-"; letters, digits and '-'
    first: int = 1    # the number of the first record created during an episode

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9-]*", self.prefix):
            raise ValueError(f"id prefix {self.prefix!r}: use letters, digits and '-', starting with a letter")

    def next(self, world: World, model: type[Any]) -> str:
        """The next free id of this format for `model`'s table."""
        return world.new_id(model, self.prefix, self.first)

    def normalize(self, value: str) -> str:
        """An id as an agent or customer may type it (spaces, lower case), as it is stored."""
        text = value.strip()
        if text.upper().startswith(self.prefix.upper()):
            text = self.prefix + text[len(self.prefix):]
        return text

    def matches(self, value: str) -> bool:
        """Whether `value` has this format: the prefix followed by a number."""
        return bool(re.fullmatch(re.escape(self.prefix) + r"\d+", value))


# The help-desk kit's formats (see kit.ticketing).
TICKET_ID = IdFormat("TCK-", 5001)
COMMENT_ID = IdFormat("CMT-", 1)
USER_ID = IdFormat("U-", 9001)
ORGANIZATION_ID = IdFormat("ORG-", 9001)
