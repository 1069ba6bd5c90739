"""Tests of the library domain: DomainTests checks every task (it is sound, its reference
solution passes, doing nothing fails); the functions below call the tools as an agent
would, on a fresh world of the domain's first task."""
from thinkingbox.testing import DomainTests

DOMAIN = "library"


class TestLibraryTasks(DomainTests):
    domain = DOMAIN


def test_a_book_on_loan_is_not_lent_again(tb_call, tb_world):
    lent = tb_call("lend_book", book_id="B3", member="M-1")
    assert not lent.is_error and lent.data["loan"]["due"] == "2025-01-15"
    before = tb_world.snapshot()
    again = tb_call("lend_book", book_id="B3", member="M-2")
    assert again.is_error and "already on loan" in again.text
    assert tb_world.snapshot() == before  # a refused call changes nothing


def test_an_unknown_book_is_an_error(tb_call):
    result = tb_call("get_book", book_id="B99")
    assert result.is_error and "not found" in result.text
