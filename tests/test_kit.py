"""Kit parts every domain may use: id formats, customer lookup, help-desk tables."""
import pytest

from helpers import run
from thinkingbox import ToolError, table_base, tables_of
from thinkingbox.kit.customers import find_customer
from thinkingbox.kit.ids import IdFormat
from thinkingbox.kit.ticketing import Helpdesk, TicketFields
from thinkingbox.contract.world import Schema, World


def test_id_formats_number_deterministically_and_normalize_what_agents_type(library):
    from tb_library.plugin import Book

    world = library.new_world(run(library.prepare(library.tasks["lend-two"])))
    shelf = IdFormat("B", 1)
    assert [shelf.next(world, Book) for _ in range(2)] == ["B4", "B5"]  # B1-B3 exist: skipped
    assert shelf.normalize(" b7 ") == "B7" and shelf.matches("B7") and not shelf.matches("B7x")
    with pytest.raises(ValueError, match="prefix"):
        IdFormat("7-")


@pytest.mark.domains("retail")
def test_find_customer_by_id_or_email_with_agent_readable_errors(retail):
    from thinkingbox_retail.models import Customer

    world = retail.new_world(run(retail.prepare(retail.tasks["ret-fee-001"])))
    assert find_customer(world, Customer, email=" PRIYA.Natarajan@example.com").id == "CUS-1002"
    assert find_customer(world, Customer, customer_id="CUS-1002", email="ignored@x").id == "CUS-1002"
    for kwargs, message in (({}, "give a customer_id or an email"), ({"email": "no@x"}, "no customer with email"),
                            ({"customer_id": "CUS-0"}, "customer 'CUS-0' not found")):
        with pytest.raises(ToolError, match=message):
            find_customer(world, Customer, **kwargs)


def test_helpdesk_create_declares_its_tables_on_the_domains_own_base():
    Base = table_base("kit_test")

    class Ticket(TicketFields, Base, table=True):
        __tablename__ = "tickets"
        topic: str | None = None

    helpdesk = Helpdesk.create(Base, ticket=Ticket, allowed_values={"topic": ["a", "b"]})
    assert [t.__tablename__ for t in tables_of(Base)] == ["tickets", "users", "organizations", "comments"]
    assert helpdesk.ticket_values()["topic"] == ["a", "b"]
    other = Helpdesk.create(table_base("kit_test_two"))  # same table names, another registry: no collision
    assert other.ticket.__tablename__ == "tickets" and other.ticket is not Ticket
    world = World(Schema(), "2025-01-01T00:00:00Z")
    world.create_tables(tables_of(Base))
    for row in helpdesk.staff_rows(customers="Kit customers", assistant="Kit assistant", email_domain="kit.example"):
        world.insert(row)
    world.insert(helpdesk.customer_user("U-7", "Ada", "ada@kit.example", created_at="2024-02-01T00:00:00Z"))
    users = {u.id: u for u in world.rows(helpdesk.user)}
    assert users["U-0002"].role == "agent" and users["U-0002"].email == "assistant@kit.example"
    assert users["U-7"].organization_id == "ORG-0001" and users["U-7"].verified
