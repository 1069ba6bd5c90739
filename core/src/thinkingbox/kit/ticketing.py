"""A help-desk ticketing system (tickets, users, organizations, comments) with
get/create/update tools and OData-style queries.

A domain opts in with one call that declares the help-desk tables on its own table base
(with its own ticket class when tickets carry custom fields), and names the result as
its spec's `ticketing`, which adds the help-desk tools:

    class Ticket(TicketFields, ShopTable, table=True):
        __tablename__ = "tickets"
        order_id: str | None = None          # a custom field

    HELPDESK = Helpdesk.create(ShopTable, ticket=Ticket, allowed_values={...})

`HELPDESK.staff_rows(...)` and `HELPDESK.customer_user(...)` make the rows every help desk
starts with: the customers' organization, an administrator, the agent itself.
"""
from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Optional

from pydantic import ValidationError
from sqlalchemy import JSON
from sqlmodel import Field, SQLModel

from thinkingbox.contract.errors import ToolError
from thinkingbox.contract.tools import read_tool, write_tool
from thinkingbox.contract.world import FreeText, World
from .ids import COMMENT_ID, ORGANIZATION_ID, TICKET_ID, USER_ID, IdFormat
from .odata import FilterError, compile_filter, parse_orderby, parse_select, sort_rows

TICKET_STATUSES = ["new", "open", "pending", "hold", "solved", "closed"]
TICKET_PRIORITIES = ["low", "normal", "high", "urgent"]
TICKET_TYPES = ["problem", "incident", "question", "task"]
USER_ROLES = ["end-user", "agent", "admin"]
MAX_TOP = 1000
CUSTOMERS_ORG = "ORG-0001"


class TicketFields(SQLModel):
    id: str = Field(primary_key=True)
    subject: str = FreeText("")
    description: str = FreeText("")
    status: str = "open"
    priority: str = "normal"
    type: str = "incident"
    requester_id: Optional[str] = Field(default=None, foreign_key="users.id")
    assignee_id: Optional[str] = Field(default=None, foreign_key="users.id")
    organization_id: Optional[str] = Field(default=None, foreign_key="organizations.id")
    tags: list[str] = Field(default_factory=list, sa_type=JSON)
    created_at: str = ""
    updated_at: str = ""
    due_at: Optional[str] = None


class HelpdeskUserFields(SQLModel):
    id: str = Field(primary_key=True)
    name: str = ""
    email: str = ""
    role: str = "end-user"
    organization_id: Optional[str] = Field(default=None, foreign_key="organizations.id")
    phone: Optional[str] = None
    verified: bool = False
    active: bool = True
    notes: str = FreeText("")
    created_at: str = ""


class OrganizationFields(SQLModel):
    id: str = Field(primary_key=True)
    name: str = ""
    details: str = FreeText("")
    created_at: str = ""


class CommentFields(SQLModel):
    id: str = Field(primary_key=True)
    ticket_id: str = Field(foreign_key="tickets.id")
    author_id: Optional[str] = Field(default=None, foreign_key="users.id")
    body: str = FreeText("")
    public: bool = False
    created_at: str = ""


@dataclass
class Helpdesk:
    """A domain's ticketing configuration."""

    ticket: type[Any]
    user: type[Any]
    organization: type[Any]
    comment: type[Any]
    agent_id: str                      # the help-desk user id of the agent itself
    ticket_ids: IdFormat = TICKET_ID
    allowed_values: dict[str, list[str]] = field(default_factory=dict)  # custom ticket fields

    @classmethod
    def create(cls, base: type, ticket: type | None = None, *, agent_id: str = "U-0002",
               allowed_values: Mapping[str, Sequence[str]] | None = None,
               ticket_ids: IdFormat = TICKET_ID) -> "Helpdesk":
        """Declare the help-desk tables (users, organizations, comments, and tickets unless
        the domain gives its own `ticket` class) on the domain's table `base`.

        allowed_values: the values each custom ticket field may take (the tools refuse others).
        """
        def table(name: str, fields: type, tablename: str) -> type:
            namespace = {"__tablename__": tablename, "__module__": base.__module__}
            return types.new_class(name, (fields, base), {"table": True}, lambda ns: ns.update(namespace))

        if ticket is None:
            ticket = table("Ticket", TicketFields, "tickets")
        return cls(ticket=ticket, user=table("HelpdeskUser", HelpdeskUserFields, "users"),
                   organization=table("Organization", OrganizationFields, "organizations"),
                   comment=table("Comment", CommentFields, "comments"), agent_id=agent_id,
                   ticket_ids=ticket_ids,
                   allowed_values={k: list(v) for k, v in (allowed_values or {}).items()})

    def staff_rows(self, *, customers: str, assistant: str, email_domain: str,
                   since: str = "2024-01-01T00:00:00Z") -> list[Any]:
        """The rows every help desk starts with: the organization customers belong to
        (ORG-0001), an administrator (U-0001) and the agent's own user (`agent_id`)."""
        return [
            self.organization(id=CUSTOMERS_ORG, name=customers, created_at=since),
            self.user(id="U-0001", name="Help-desk administrator", email=f"admin@{email_domain}", role="admin",
                      verified=True, created_at=since),
            self.user(id=self.agent_id, name=assistant, email=f"assistant@{email_domain}", role="agent",
                      verified=True, created_at=since),
        ]

    def customer_user(self, id: str, name: str, email: str, created_at: str) -> Any:
        """A customer's help-desk user (verified, in the customers' organization)."""
        return self.user(id=id, name=name, email=email, organization_id=CUSTOMERS_ORG, verified=True,
                         created_at=created_at)

    def tables(self) -> dict[str, type[Any]]:
        return {"tickets": self.ticket, "users": self.user, "organizations": self.organization,
                "comments": self.comment}

    def tools(self) -> list:
        """The help-desk tools over these tables (what `DomainSpec(ticketing=...)` adds)."""
        return ticketing_tools(self)

    def ticket_values(self) -> dict[str, list[str]]:
        return {"status": TICKET_STATUSES, "priority": TICKET_PRIORITIES, "type": TICKET_TYPES,
                **self.allowed_values}

    def argument_choices(self, args: Mapping[str, Any]) -> list[tuple[tuple[str, ...], list[str]]]:
        """The choice arguments a call of its create or update tool sets that its JSON schema
        cannot show (the item is free-form): (argument path, allowed values), e.g.
        (("item", "priority"), [...]) for a ticket. `tb validate` tries the other values to
        show its author which choices a task really grades."""
        item = args.get("item")
        if args.get("table") != "tickets" or not isinstance(item, dict):
            return []
        return [(("item", key), list(values)) for key, values in self.ticket_values().items() if key in item]


def _kind(annotation: Any) -> str:
    """Field kinds for the filter: text, number, bool, list or any."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and args:
        annotation = args[0]
    if typing.get_origin(annotation) is typing.Annotated:  # e.g. Money
        annotation = typing.get_args(annotation)[0]
    origin = typing.get_origin(annotation) or annotation
    if origin in (list, tuple, set):
        return "list"
    if annotation is bool:
        return "bool"
    if annotation in (int, float, Decimal):
        return "number"
    if annotation is str:
        return "text"
    return "any"


def _fields(model: type[Any]) -> dict[str, str]:
    return {name: _kind(f.annotation) for name, f in model.model_fields.items()}


def _describe(helpdesk: Helpdesk) -> str:
    lines = []
    for name, model in helpdesk.tables().items():
        lines.append(f"- {name}: " + ", ".join(model.model_fields))
    values = "; ".join(f"{k}: {', '.join(v)}" for k, v in helpdesk.ticket_values().items())
    lines.append(f"Ticket values - {values}. User roles: {', '.join(USER_ROLES)}.")
    return "\n".join(lines)


_GET_ITEMS_DOC = """List help-desk records, optionally filtered, ordered and paged (OData style).

table: tickets, users, organizations or comments.
filter: e.g. "requester_id eq 'U-12' and (status eq 'open' or status eq 'hold')".
  Operators eq, ne, gt, ge, lt, le; and, or, not; parentheses. Quote text and dates.
orderby: e.g. "created_at desc". top: 1-1000 (default 100). skip: rows to skip.
select: comma-separated fields to return, e.g. "id,status,subject"."""

_CREATE_ITEM_DOC = """Create a ticket, user, organization or comment. Returns the new record with its id.

item: the fields to set; the id and timestamps are assigned. Tickets start with the
status you give (default "open") and the agent as assignee unless another is given.
Comments are permanent: they cannot be changed afterwards."""

_UPDATE_ITEM_DOC = """Change fields of a ticket, user or organization. Only the fields you include
change; include a field with null to clear it. Comments cannot be changed."""


def ticketing_tools(helpdesk: Helpdesk) -> list:
    """The help-desk tools for one domain's ticketing tables."""
    tables = helpdesk.tables()
    fields = {name: _fields(model) for name, model in tables.items()}
    table_list = ", ".join(tables)
    schema_text = _describe(helpdesk)

    def model_for(table: str) -> type[Any]:
        if table not in tables:
            raise ToolError(f"unknown table {table!r}; tables: {table_list}")
        return tables[table]

    def check_keys(table: str, item: dict[str, Any]) -> None:
        for key in ("id", "created_at", "updated_at"):
            if key in item:
                raise ToolError(f"{key} is set by the system; leave it out")
        unknown = sorted(set(item) - set(fields[table]))
        if unknown:
            raise ToolError(f"unknown {table} field(s): {', '.join(unknown)}")

    def check_values(table: str, item: dict[str, Any]) -> None:
        allowed = {"tickets": helpdesk.ticket_values(), "users": {"role": USER_ROLES}}.get(table, {})
        for key, options in allowed.items():
            if key in item and item[key] is not None and item[key] not in options:
                raise ToolError(f"{table}.{key} must be one of: {', '.join(options)} (got {item[key]!r})")

    def validated(model: type[Any], data: dict[str, Any], table: str) -> Any:
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise ToolError(f"invalid {table} field {where!r}: {err['msg']}") from None

    def check_references(world: World, table: str, item: dict[str, Any]) -> None:
        refs = {"requester_id": helpdesk.user, "assignee_id": helpdesk.user, "author_id": helpdesk.user,
                "organization_id": helpdesk.organization, "ticket_id": helpdesk.ticket}
        for key, target in refs.items():
            if item.get(key) is not None and key in fields[table] and world.get(target, item[key]) is None:
                raise ToolError(f"{key} {item[key]!r} does not exist")

    def described(fn_doc: str) -> str:
        """Each tool that takes a table also lists the tables and their fields."""
        return inspect.cleandoc(fn_doc) + "\n\nTables and fields:\n" + schema_text

    @read_tool(name="helpdesk_get_items", description=described(_GET_ITEMS_DOC))
    def get_items(world: World, table: str, filter: str | None = None, orderby: str | None = None,
                  top: int = 100, skip: int = 0, select: str | None = None) -> dict:
        model = model_for(table)
        if not 1 <= top <= MAX_TOP:
            raise ToolError(f"top must be between 1 and {MAX_TOP}")
        if skip < 0:
            raise ToolError("skip must be 0 or more")
        try:
            predicate = compile_filter(filter, fields[table]) if filter else None
            order = parse_orderby(orderby, fields[table]) if orderby else []
            chosen = parse_select(select, fields[table]) if select else None
        except FilterError as exc:
            raise ToolError(str(exc)) from None
        rows = [r.model_dump() for r in world.rows(model)]
        if predicate:
            rows = [r for r in rows if predicate(r)]
        rows = sort_rows(rows, order)
        total = len(rows)
        rows = rows[skip:skip + top]
        if chosen:
            rows = [{k: r[k] for k in chosen} for r in rows]
        return {"items": rows, "count": len(rows), "total": total}

    @read_tool(name="helpdesk_get_item")
    def get_item(world: World, table: str, id: str) -> dict:
        """Read one help-desk record (ticket, user, organization or comment) by id."""
        return world.require(model_for(table), id, f"{table[:-1]}").model_dump()

    @write_tool(name="helpdesk_create_item", description=described(_CREATE_ITEM_DOC))
    def create_item(world: World, table: str, item: dict[str, Any]) -> dict:
        model = model_for(table)
        check_keys(table, item)
        data = {k: v for k, v in item.items() if v is not None}
        if table == "tickets":
            if not data.get("requester_id"):
                raise ToolError("a ticket needs a requester_id (the customer's help-desk user id)")
            data.setdefault("assignee_id", helpdesk.agent_id)
            data["id"] = helpdesk.ticket_ids.next(world, model)
            data["updated_at"] = world.now_iso
        elif table == "comments":
            if not data.get("ticket_id"):
                raise ToolError("a comment needs a ticket_id")
            data.setdefault("author_id", helpdesk.agent_id)
            data["id"] = COMMENT_ID.next(world, model)
        else:
            data["id"] = {"users": USER_ID, "organizations": ORGANIZATION_ID}[table].next(world, model)
        data["created_at"] = world.now_iso
        check_values(table, data)
        check_references(world, table, data)
        row = world.insert(validated(model, data, table))
        return {"item": row.model_dump()}

    @write_tool(name="helpdesk_update_item", description=described(_UPDATE_ITEM_DOC))
    def update_item(world: World, table: str, id: str, item: dict[str, Any]) -> dict:
        model = model_for(table)
        if table == "comments":
            raise ToolError("comments cannot be changed once created; add a new comment instead")
        current = world.require(model, id, table[:-1])
        check_keys(table, item)
        check_values(table, item)
        check_references(world, table, item)
        merged = validated(model, {**current.model_dump(), **item}, table)
        changes = {k: getattr(merged, k) for k in item if getattr(merged, k) != getattr(current, k)}
        if changes and table == "tickets":
            changes["updated_at"] = world.now_iso
        world.update(current, **changes)
        return {"item": current.model_dump(), "changed": sorted(k for k in changes if k != "updated_at")}

    @read_tool(name="helpdesk_list_tables")
    def list_tables(world: World) -> dict:
        """The help-desk tables, their fields and the allowed ticket values."""
        return {"tables": schema_text}

    for write in (create_item, update_item):  # what `tb validate` may vary in their free-form item
        write.argument_choices = helpdesk.argument_choices
    return [list_tables, get_items, get_item, create_item, update_item]
