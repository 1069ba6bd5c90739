"""Lending library domain: books, members and loans."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from thinkingbox import DomainInfo, FreeText, ToolError, World, hookimpl, read_tool, write_tool

HERE = Path(__file__).parent


class LibraryTable(SQLModel, registry=registry()):
    pass


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


@read_tool
def get_book(world: World, book_id: str) -> dict:
    """Look up a book."""
    return world.require(Book, book_id, "book").model_dump()


@write_tool
def lend_book(world: World, book_id: str, member: str, note: Optional[str] = None) -> dict:
    """Lend an available book to a member for 14 days."""
    book = world.require(Book, book_id, "book")
    if not book.available:
        raise ToolError(f"book {book_id} is already on loan")
    world.update(book, available=False)
    loan = world.insert(Loan(id=world.new_id(Loan, "L-", 1), book_id=book_id, member=member,
                             due="2025-01-15", note=note or ""))
    return {"loan": loan.model_dump()}


@hookimpl
def tb_domain_info():
    return DomainInfo(name="library", version="0.3.0", title="Lending library (test domain)",
                      now="2025-01-01T09:00:00Z")


@hookimpl
def tb_seed_world(world):
    world.create_tables([Book, Loan])
    for book_id, title in (("B1", "Dune"), ("B2", "Emma"), ("B3", "Ulysses")):
        world.insert(Book(id=book_id, title=title))


@hookimpl
def tb_tools():
    return [get_book, lend_book]


@hookimpl
def tb_system_prompt(now):
    return f"You are a librarian. Now is {now}."


@hookimpl
def tb_task_files():
    return sorted((HERE / "tasks").glob("*.json"))
