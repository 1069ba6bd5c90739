"""Lending library: the smallest complete Thinkingbox domain (books and loans).

Copy this package to start a domain of your own: tables on the domain's own base, rows
every task starts from, two tools, a prompt, and the spec that ties them together. Task
files are in `tasks/`; a `policies/` folder would add policy documents and a search tool.
"""
from __future__ import annotations

from datetime import timedelta
from typing import Optional

from sqlmodel import Field

from thinkingbox import DomainSpec, FreeText, ToolError, World, read_tool, table_base, write_tool

LibraryTable = table_base("library")
LOAN_DAYS = 14


class Book(LibraryTable, table=True):
    __tablename__ = "books"
    id: str = Field(primary_key=True)
    title: str
    available: bool = True


class Loan(LibraryTable, table=True):
    __tablename__ = "loans"
    id: str = Field(primary_key=True)
    book_id: str = Field(foreign_key="books.id")
    member: str
    due: str
    note: str = FreeText("")


def base_rows() -> list:
    return [Book(id=book_id, title=title) for book_id, title in (("B1", "Dune"), ("B2", "Emma"), ("B3", "Ulysses"))]


@read_tool
def get_book(world: World, book_id: str) -> dict:
    """Look up a book: its title and whether it is available."""
    return world.require(Book, book_id, "book").model_dump()


@write_tool
def lend_book(world: World, book_id: str, member: str, note: Optional[str] = None) -> dict:
    """Lend an available book to a member for 14 days."""
    book = world.require(Book, book_id, "book")
    if not book.available:
        raise ToolError(f"book {book_id} is already on loan")
    world.update(book, available=False)
    due = (world.now + timedelta(days=LOAN_DAYS)).date().isoformat()
    loan = world.insert(Loan(id=world.new_id(Loan, "L-", 1), book_id=book_id, member=member, due=due,
                             note=note or ""))
    return {"loan": loan.model_dump()}


SPEC = DomainSpec(
    name="library",
    title="Lending library (example domain)",
    description="Members borrow books; the smallest complete domain, used as the template.",
    now="2025-01-01T09:00:00Z",
    package=__package__,
    tables=LibraryTable,
    fixtures=base_rows,
    tools=[get_book, lend_book],
    policy_search=False,
    prompt="You are a librarian. Now is {now}. Books are lent for 14 days.",
)
