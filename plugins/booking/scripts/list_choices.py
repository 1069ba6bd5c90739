"""List, for every booking task, the choices the judge compares: the ticket's status,
priority, type, request_type, resolution_action and escalation_reason as the reference
leaves them, and every enum argument of the reference's writes. Each value is followed by
the policy documents that name it in backticks; a value that no policy names is flagged
with "!". Room and board types are what the customer asks for (or our record holds), so
they are marked [request] instead. The rules that pick between values are checked by
tests/test_policy_rules.py.

    uv run python plugins/booking/scripts/list_choices.py [TASK-ID-PREFIX ...]
"""
from __future__ import annotations

import re
import sys
import typing
from collections import Counter, defaultdict

from thinkingbox.testing import call_tool, load_domain, new_world
from thinkingbox_booking.models import Ticket
from thinkingbox_booking.tools import BOOKING_TOOLS

TICKET_FIELDS = ("status", "priority", "type", "request_type", "resolution_action", "escalation_reason")


def enum_arguments() -> dict[str, set[str]]:
    """tool -> names of its arguments whose type is a closed list (Literal) or a bool."""
    found: dict[str, set[str]] = {}
    for tool in BOOKING_TOOLS:
        hints = typing.get_type_hints(tool)
        names = set()
        for name, hint in hints.items():
            args = typing.get_args(hint) or (hint,)
            if any(typing.get_origin(a) is typing.Literal for a in args) or typing.get_origin(hint) is typing.Literal \
                    or hint is bool:
                names.add(name)
        found[tool.__name__] = names
    return found


def policy_index() -> dict[str, list[str]]:
    """value -> policy documents (by number) that name it in backticks."""
    from thinkingbox_booking.plugin import SPEC

    index: dict[str, list[str]] = defaultdict(list)
    for doc in SPEC.policies:
        for value in sorted(set(re.findall(r"`([a-z_]+)`", doc.text))):
            index[value].append(doc.name.split("_")[0])
    return index


def main(prefixes: list[str]) -> None:
    domain = load_domain("booking")
    enums = enum_arguments()
    named = policy_index()
    counts: Counter = Counter()

    def show(value, from_request: bool = False) -> str:
        if value is None:
            return "-"
        text = str(value).lower() if isinstance(value, bool) else str(value)
        if from_request:
            return f"{text}[request]"
        docs = named.get(text)
        counts[(text, bool(docs))] += 1
        return f"{text}[{','.join(docs)}]" if docs else f"{text}[!]"

    for task_id in sorted(domain.tasks):
        if prefixes and not any(task_id.startswith(p) for p in prefixes):
            continue
        task = domain.task(task_id)
        world = new_world(domain, task_id)
        before = {t.id: t.model_dump() for t in world.rows(Ticket)}
        calls = [step for step in task.solution if step.tool]  # say steps are messages, not calls
        for step in calls:
            result = call_tool(domain, world, step.tool, **step.args)
            assert not result.is_error, (task_id, step.tool, result.text)
        tickets = [t.model_dump() for t in world.rows(Ticket) if before.get(t.id) != t.model_dump()]
        world.close()
        parts = [f"{field}={show(t[field])}" for t in tickets for field in TICKET_FIELDS]
        for step in calls:
            if domain.tools[step.tool].read_only:
                continue
            for name in sorted(enums.get(step.tool, ())):
                if name in step.args:
                    value = show(step.args[name], from_request=name in ("room_type", "board_type"))
                    parts.append(f"{step.tool}.{name}={value}")
        print(f"{task_id:8} " + " ".join(parts))
    unnamed = sorted({value for (value, ok) in counts if not ok})
    print("\nvalues no policy names:", ", ".join(unnamed) if unnamed else "none")


if __name__ == "__main__":
    main(sys.argv[1:])
