"""The insurer's rating and billing arithmetic, as policies/05_billing.md, 07_drivers.md,
08_vehicles.md and 10_cancellation_reinstatement.md state it. The tools use these
functions; the tests recompute every task's amounts and dates with them."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import ROUND_DOWN, Decimal
from typing import Optional

from thinkingbox.contract.money import money

# Driver surcharge by age band (full years on the day of the change): (lowest age, amount)
AGE_BANDS = [(16, Decimal("420")), (21, Decimal("260")), (25, Decimal("110")), (65, Decimal("150"))]
PER_MINOR_VIOLATION = Decimal("60")
PER_AT_FAULT_ACCIDENT = Decimal("180")
DUI_SURCHARGE = Decimal("500")
VEHICLE_RATES = {"sedan": Decimal("280"), "minivan": Decimal("300"), "suv": Decimal("340"), "truck": Decimal("330"),
                 "luxury": Decimal("520"), "sports": Decimal("590")}
BUSINESS_USE = Decimal("90")
INSTALLMENT_SPACING_DAYS = 14


def age_on(date_of_birth: str, day: date) -> int:
    born = date.fromisoformat(date_of_birth)
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def years_before(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


def dui_within_5_years(dui_date: Optional[str], today: date) -> bool:
    return dui_date is not None and date.fromisoformat(dui_date) >= years_before(today, 5)


def driver_surcharge(date_of_birth: str, minor_violations: int, at_fault_accidents: int, dui_date: Optional[str],
                     today: date) -> Decimal:
    age = age_on(date_of_birth, today)
    base = next(amount for low, amount in reversed(AGE_BANDS) if age >= low) if age >= 16 else AGE_BANDS[0][1]
    total = base + PER_MINOR_VIOLATION * minor_violations + PER_AT_FAULT_ACCIDENT * at_fault_accidents
    if dui_within_5_years(dui_date, today):
        total += DUI_SURCHARGE
    return money(total)


def vehicle_surcharge(body_class: str, use: str) -> Decimal:
    return money(VEHICLE_RATES[body_class] + (BUSINESS_USE if use == "business" else 0))


def installment_count(balance: Decimal) -> int:
    if balance < 400:
        return 2
    if balance < 800:
        return 3
    return 4


def installments(balance: Decimal, count: int, today: date) -> list[dict]:
    """Equal installments rounded down to the cent; the last one carries the remainder. The
    k-th is due k x 14 days after today."""
    each = (balance / count).quantize(Decimal("0.01"), rounding=ROUND_DOWN)
    amounts = [each] * (count - 1) + [money(balance - each * (count - 1))]
    return [{"number": k + 1, "due_date": (today + timedelta(days=INSTALLMENT_SPACING_DAYS * (k + 1))).isoformat(),
             "amount": float(amount)} for k, amount in enumerate(amounts)]


def return_premium(premium: Decimal, term_start: str, term_end: str, cancellation_date: str) -> Decimal:
    """Unearned premium: premium x days from the cancellation date to the term's end / days in the term."""
    start, end, cancel = (date.fromisoformat(d) for d in (term_start, term_end, cancellation_date))
    return money(premium * Decimal((end - cancel).days) / Decimal((end - start).days))
