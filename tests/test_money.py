"""contract.money: exact decimal money with one rounding rule (half up to cents), stored as
two-place text by the world and shown to agents as JSON numbers."""
from decimal import Decimal
from typing import Optional

import orjson
import pytest
from pydantic import BaseModel, ValidationError
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from helpers import run
from thinkingbox import ToolError
from thinkingbox.contract.money import CENT, Money, MoneyField, money
from thinkingbox.kit.odata import compile_filter
from thinkingbox.contract.tools import invoke, to_json_text
from thinkingbox.contract.world import Schema, World

pytestmark = pytest.mark.domains("retail", "booking")


class MoneyTable(SQLModel, registry=registry()):
    """A registry of its own, so these tables stay out of every domain's metadata."""


class Till(MoneyTable, table=True):
    __tablename__ = "tills"
    id: str = Field(primary_key=True)
    price: Money = MoneyField()
    refunded: Money = MoneyField(0)
    fee: Optional[Money] = MoneyField(None)
    weight: float = 0.0  # a float that is not money stays a float


class Priced(BaseModel):
    price: Money


def till_world() -> World:
    world = World(Schema(), "2025-10-01T13:00:00Z")
    world.create_tables([Till])
    return world


# ---- the rounding rule ---------------------------------------------------------------

@pytest.mark.parametrize("value, cents", [
    (0.005, "0.01"), (2.675, "2.68"), (1.005, "1.01"), (0.125, "0.13"), (0.015, "0.02"),
    (-0.005, "-0.01"), (-2.675, "-2.68"), (0.004, "0.00"), (2.6749, "2.67"),
    ("2.675", "2.68"), (Decimal("1.005"), "1.01"), (Decimal("0.0049999"), "0.00"),
])
def test_half_cents_round_up(value, cents):
    assert str(money(value)) == cents


def test_float_round_gets_the_half_cents_wrong_and_money_does_not():
    # Why money() exists: these floats sit just below the half cent in binary.
    assert (round(2.675, 2), round(1.005, 2)) == (2.67, 1.0)
    assert (money(2.675), money(1.005)) == (Decimal("2.68"), Decimal("1.01"))


@pytest.mark.parametrize("value, cents", [
    (0.1 + 0.2, "0.30"), (0.1, "0.10"), (129, "129.00"), (129.0, "129.00"), (649.99, "649.99"),
    (" 12.5 ", "12.50"), (Decimal("7"), "7.00"), (-0.001, "0.00"), (1234567.891, "1234567.89"),
])
def test_inputs_become_two_place_decimals(value, cents):
    result = money(value)
    assert isinstance(result, Decimal)
    assert str(result) == cents
    assert result.as_tuple().exponent == -2
    assert result == result.quantize(CENT)


@pytest.mark.parametrize("value", [
    float("inf"), float("-inf"), float("nan"), "inf", "NaN", "abc", "", "12,50", None, True, [1], 1e30,
    Decimal("Infinity"),
])
def test_non_finite_and_junk_raise_a_tool_error(value):
    with pytest.raises(ToolError, match="must be a finite number of dollars"):
        money(value)


def test_the_error_names_the_amount_for_the_agent():
    with pytest.raises(ToolError) as info:
        money(float("inf"), label="refund_amount")
    assert str(info.value) == "refund_amount must be a finite number of dollars, got inf"
    with pytest.raises(ToolError, match=r"^amount must be a finite number of dollars, got 'ten'$"):
        money("ten")


# ---- the Money annotation and MoneyField ---------------------------------------------

def test_money_fields_validate_to_cents_and_dump_as_json_numbers():
    priced = Priced.model_validate({"price": 2.675})
    assert priced.price == Decimal("2.68") and isinstance(priced.price, Decimal)
    assert priced.model_dump() == {"price": Decimal("2.68")}
    assert priced.model_dump(mode="json") == {"price": 2.68}
    assert priced.model_dump_json() == '{"price":2.68}'
    for bad in ("inf", float("nan"), "abc"):
        with pytest.raises(ValidationError):
            Priced.model_validate({"price": bad})


def test_money_field_defaults_are_money():
    till = Till(id="T1", price=Decimal("5.00"))
    assert str(till.refunded) == "0.00" and till.fee is None
    assert Till.model_validate({"id": "T1", "price": "1.005"}).price == Decimal("1.01")


# ---- the world -----------------------------------------------------------------------

def test_world_knows_its_money_columns():
    world = till_world()
    info = world.schema.tables["tills"]
    assert info.money_columns == {"price", "refunded", "fee"}
    assert "price VARCHAR NOT NULL" in info.ddl  # text affinity: stored as written


def test_world_round_trip_is_exact():
    world = till_world()
    world.insert(Till(id="T1", price=Decimal("649.99"), weight=1.5))
    world.insert(Till(id="T2", price=129, refunded=0.1 + 0.2, fee=2.675))
    raw = dict(world.conn.execute("SELECT id, price FROM tills").fetchall())
    assert raw == {"T1": "649.99", "T2": "129.00"}

    t2 = world.get(Till, "T2")
    assert (t2.price, t2.refunded, t2.fee) == (Decimal("129.00"), Decimal("0.30"), Decimal("2.68"))
    assert str(t2.price) == "129.00"
    assert world.get(Till, "T1").fee is None and world.get(Till, "T1").weight == 1.5
    assert [t.id for t in world.find(Till, price=129)] == ["T2"]
    assert [t.id for t in world.find(Till, price=Decimal("649.990"))] == ["T1"]

    world.update(t2, refunded=t2.refunded + Decimal("0.01"))
    snap = world.snapshot()
    columns = world.schema.tables["tills"].columns
    assert dict(zip(columns, snap["tills"]["T2"])) == {
        "id": "T2", "price": "129.00", "refunded": "0.31", "fee": "2.68", "weight": 0.0}
    assert dict(zip(columns, snap["tills"]["T1"]))["price"] == "649.99"


def test_world_refuses_money_that_is_not_a_number():
    world = till_world()
    with pytest.raises(ToolError, match="price must be a finite number of dollars"):
        world.insert(Till(id="T1", price=float("inf")))
    assert world.get(Till, "T1") is None


# ---- what the agent sees -------------------------------------------------------------

def test_tool_json_shows_money_as_numbers():
    assert to_json_text({"a": Decimal("649.99"), "b": Decimal("129.00"), "c": [Decimal("0.30")]}) == \
        '{"a":649.99,"b":129.0,"c":[0.3]}'


def test_retail_tool_output_shows_prices_as_numbers(retail):
    tw = run(retail.prepare(next(iter(retail.tasks.values()))))
    world = retail.new_world(tw)
    tv = invoke(retail.tools["get_product_details"], world, {"sku": "SKU-TV55"})
    speaker = invoke(retail.tools["get_product_details"], world, {"sku": "SKU-SPK1"})
    assert '"price":649.99' in tv and '"price":129.0' in speaker
    assert orjson.loads(tv)["price"] == 649.99
    with pytest.raises(ToolError, match="amount must be a finite number"):
        invoke(retail.tools["charge_customer"], world,
               {"customer_id": "CUS-1001", "amount": float("nan"), "purpose": "other"})


def test_helpdesk_money_field_is_a_number_to_filter_on(host):
    (booking,) = host.load_domains(["booking"])
    tw = run(booking.prepare(next(iter(booking.tasks.values()))))
    world = booking.new_world(tw)
    created = orjson.loads(invoke(booking.tools["helpdesk_create_item"], world, {
        "table": "tickets", "item": {"subject": "refund", "requester_id": "U-1001", "refund_amount": 0.1}}))
    assert created["item"]["refund_amount"] == 0.1
    ticket_id = created["item"]["id"]

    def ids(filter_text):
        found = orjson.loads(invoke(booking.tools["helpdesk_get_items"], world,
                                    {"table": "tickets", "filter": filter_text}))
        return [item["id"] for item in found["items"]]

    assert ids("refund_amount eq 0.1") == [ticket_id]
    assert ids("refund_amount gt 0.09 and refund_amount lt 0.11") == [ticket_id]
    with pytest.raises(ToolError, match="holds number values"):
        ids("refund_amount eq '0.1'")


def test_filters_compare_decimals_as_the_numbers_shown():
    matches = compile_filter("amount eq 0.1", {"amount": "number"})
    assert matches({"amount": Decimal("0.10")})
    assert not matches({"amount": Decimal("0.11")})
