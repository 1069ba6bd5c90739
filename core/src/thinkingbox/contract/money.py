"""Money: exact decimal dollars with one rounding rule.

Every amount is a `Decimal` quantized to cents, and there is one rounding rule: half up
to the cent (`ROUND_HALF_UP`, ties go away from zero), so 2.675 -> 2.68, 1.005 -> 1.01,
0.005 -> 0.01 and -0.005 -> -0.01. Floats are read through their shortest repr, so 0.1
is 0.1 (not 0.1000000000000000055...) and 0.1 + 0.2 is 0.30.

Domain tables declare money as `price: Money = MoneyField()`. The world stores such a
column as text with exactly two places ("649.99", "129.00"): exact, and readable in
judge diffs. In JSON (tool results, model_dump(mode="json")) money is a plain number.
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Annotated, Any

from pydantic import AfterValidator, PlainSerializer
from pydantic_core import PydanticUndefined
from sqlalchemy import String
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field

from .errors import ToolError

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


def money(value: Any, *, label: str = "amount") -> Decimal:
    """`value` (int, float, str or Decimal) as dollars rounded half up to cents.

    Non-finite or unparseable values raise a ToolError naming `label`, for the agent."""
    problem = f"{label} must be a finite number of dollars, got {value!r}"
    if isinstance(value, bool):  # an int subclass, but never an amount
        raise ToolError(problem)
    if isinstance(value, float):
        value = repr(value)  # the shortest repr: 0.1 stays 0.1
    if isinstance(value, str):
        value = value.strip()
    elif not isinstance(value, (int, Decimal)):
        raise ToolError(problem)
    try:
        amount = Decimal(value)
        if not amount.is_finite():
            raise ToolError(problem)
        cents = amount.quantize(CENT, rounding=ROUND_HALF_UP)
    except InvalidOperation:  # junk text, or too many digits to hold in cents
        raise ToolError(problem) from None
    return cents if cents else ZERO  # no "-0.00"


Money = Annotated[
    Decimal,
    AfterValidator(money),
    PlainSerializer(float, return_type=float, when_used="json"),
]
"""The annotation of a table field holding money (use with MoneyField)."""


class MoneyType(TypeDecorator):
    """SQL column type of money: the canonical two-place decimal string. The world
    recognises money columns by this type."""

    impl = String  # TEXT affinity in SQLite, so "129.00" is kept as written
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Any) -> str | None:
        return None if value is None else str(money(value))

    def process_result_value(self, value: Any, dialect: Any) -> Decimal | None:
        return None if value is None else Decimal(value)


def MoneyField(default: Any = PydanticUndefined, **kwargs: Any) -> Any:
    """A sqlmodel field holding money, stored as a MoneyType column.

    Table models are built without validation, so a default is converted here: a
    default of 0 then still reads back as the number 0.0, not 0."""
    if default is not PydanticUndefined and default is not None:
        default = money(default)
    return Field(default, sa_type=MoneyType, **kwargs)
