"""The billing family (bil): extensions, installment plans, late-fee waivers, payments and
billing questions. Run: uv run python plugins/auto_insurance/scripts/gen_billing.py"""
from __future__ import annotations

from decimal import Decimal

from taskkit import (
    DECLINED, NOT_VERIFIED, TODAY, Person, agree, decision, driver, invoice, m, merge, plus, policy, arrangement,
    ticket, vehicle, write,
)
from thinkingbox_auto_insurance.rating import installment_count, installments

EXTENSION_DAYS = {"AZ": 10, "GA": 14, "IL": 21, "PA": 15}
ARRANGEMENTS = {"essential": 1, "plus": 2, "elite": 3}
WAIVERS = {"essential": 1, "plus": 1, "elite": 2}
ZIP = {"AZ": "85004", "GA": "30303", "IL": "60601", "PA": "19103"}
VEHICLE = ("1NGSED22A0R100002", 2022, "Honda", "Civic", "sedan", 280.0)


def household(num: int, name: str, dob: str, tax: str, state: str, tier: str, term_start: str, term_end: str,
              premium: float, **policy_extra):
    p = Person(num, name, dob, tax)
    pid = f"NG-{state}-{num}01"
    vin, year, make, model, body, sur = VEHICLE
    rows = merge(p.rows(), policy(pid, state, tier, p, term_start, term_end, premium, **policy_extra),
                 driver(f"DRV-{num}", pid, p, f"{state}-D{num}001", p.name, p.dob, "named_insured", 110.0, state=state),
                 vehicle(f"VEH-{num}", pid, vin, year, make, model, body, state, ZIP[state], sur))
    return p, pid, rows


def never(p: Person, *ids: str) -> list[dict]:
    return [*p.never(), *({"id": i, "label": "internal id"} for i in ids), {"id": "TCK-5001", "label": "ticket id"}]


def bil_ticket(p: Person, pid: str, outcome: str, priority: str = "normal", type_: str = "task",
               role: str = "named_insured", subject: str = "Billing request") -> dict:
    return ticket(p, pid, "billing", role, type_, priority, outcome, subject, f"Billing request; outcome {outcome}.")


def task(tid: str, title: str, request: str, p: Person, pid: str, rows: dict, solution: list, final: str, says: dict,
         notes: str, facts: dict | None = None, behavior: list[str] | None = None, decisions: list | None = None,
         lookups: list | None = None) -> dict:
    t = {"id": tid, "title": title, "request": request,
         "user_facts": {**p.facts(), "policy number": pid, **(facts or {})}}
    if behavior:
        t["user_behavior"] = behavior
    if decisions:
        t["user_decisions"] = decisions
    t["rows"] = rows
    t["solution"] = [*(lookups if lookups is not None else [*p.lookups(pid), {"tool": "get_billing", "args": {"policy_id": pid}}]),
                     *solution]
    t["final_message"] = final
    t["says"] = says
    t["notes"] = notes
    return t


def extension_granted(tid, title, request, num, name, dob, tax, state, tier, term, due, amount, fee, status, asked,
                      prior=(), extra_facts=None, notes_extra=""):
    """An extension that the rules allow: the new date is the asked date when within the state's
    limit, otherwise the latest allowed date."""
    p, pid, rows = household(num, name, dob, tax, state, tier, term[0], term[1], 900.0)
    inv = f"INV-{num}1"
    rows = merge(rows, invoice(inv, pid, due, amount, status, late_fee=fee))
    for k, created in enumerate(prior):
        rows = merge(rows, arrangement(f"ARR-{num}{k}", pid, "extension", created, invoice_id=None,
                                       from_due_date=plus(created, -3), to_due_date=plus(created, 5)))
    latest = plus(due, EXTENSION_DAYS[state])
    assert latest >= TODAY.isoformat(), tid
    in_term = [c for c in prior if term[0] <= c <= term[1]]
    assert len(in_term) < ARRANGEMENTS[tier], tid
    new = asked if asked and asked <= latest else latest
    owed = Decimal(str(amount)) + Decimal(str(fee))
    facts = {"new date": f"I'd like it moved to {asked}." if asked else "As late as you can allow.", **(extra_facts or {})}
    return task(
        tid, title, request, p, pid, rows,
        [{"say": f"I can move invoice {inv} to {new}; ${m(owed)} will then be due on that date. Shall I go ahead?"},
         {"tool": "grant_extension", "args": {"invoice_id": inv, "new_due_date": new}},
         bil_ticket(p, pid, "completed", priority="normal", subject="Payment extension")],
        f"Done: invoice {inv} is now due on {new}, and ${m(owed)} will be owed on that date.",
        {"states": [{"date": new, "label": "new due date"}, {"money": m(owed), "label": "amount owed"}],
         "states_before": [{"date": new, "before": "grant_extension", "label": "new due date"}],
         "never_states": never(p, "ARR-6001")},
        f"Rule: 05 extensions with 04 state/tier limits. {state} moves a due date at most {EXTENSION_DAYS[state]} days: "
        f"{due} + {EXTENSION_DAYS[state]} = {latest} (not before today {TODAY}). Caller asked "
        f"{asked or 'no date'} -> {new}. Arrangements this term ({term[0]} to {term[1]}): {len(in_term)} of "
        f"{ARRANGEMENTS[tier]} ({tier}). Owed {amount} + fee {fee} = {m(owed)}. {notes_extra}".strip(),
        facts=facts,
        behavior=["Accept the date you are offered once it is explained, and agree to the extension."],
        decisions=agree("extension due date", after=["$"]))


def declined(tid, title, request, p, pid, rows, final, notes, priority="normal", role="named_insured", facts=None,
             behavior=None, extra_never=(), lookups=None, subject="Billing request"):
    return task(tid, title, request, p, pid, rows,
                [bil_ticket(p, pid, "declined", priority=priority, role=role, subject=subject)], final,
                {"states": [decision("decision: declined", DECLINED)], "never_states": [*never(p), *extra_never]},
                notes, facts=facts, behavior=behavior or ["If it cannot be done, accept the explanation and end the call."],
                lookups=lookups)


def tasks() -> list[dict]:
    out = []
    # bil-001: AZ essential, 4 days past due, asks for a date inside the 10-day limit
    out.append(extension_granted(
        "bil-001", "Essential Arizona policyholder, invoice four days past due, asks to move it to a specific date",
        "Hi, I'm a little short this month. Could you push my car insurance payment back a bit?",
        2101, "Lorenzo Pike", "1986-02-11", "3082", "AZ", "essential", ("2026-01-10", "2026-07-10"),
        "2026-03-12", 142.5, 10.0, "past_due", "2026-03-20"))
    # bil-002: AZ essential, already had an extension this term -> declined
    p, pid, rows = household(2102, "Sunniva Achebe", "1991-07-03", "6145", "AZ", "essential", "2026-01-04", "2026-07-04",
                             880.0)
    rows = merge(rows, invoice("INV-21021", pid, "2026-03-13", 146.67, "past_due", late_fee=10.0),
                 invoice("INV-21020", pid, "2026-02-13", 146.67, "paid"),
                 arrangement("ARR-21020", pid, "extension", "2026-02-10", invoice_id="INV-21020",
                             from_due_date="2026-02-04", to_due_date="2026-02-13"))
    out.append(declined(
        "bil-002", "Essential Arizona policyholder who already had one extension this term asks for another",
        "Hello, can I get a few more days to pay my auto insurance bill?", p, pid, rows,
        "I'm sorry, but I can't extend this invoice: your policy allows one payment arrangement per term, and you already had an extension on 2026-02-10 this term. Invoice INV-21021 remains due.",
        "Rule: 05 arrangements limit; 04 essential = 1 per term. ARR-21020 created 2026-02-10 is within the term "
        "2026-01-04 to 2026-07-04 -> limit reached -> declined. Only the ticket changes: billing/task/normal/declined.",
        facts={"new date": "Maybe until the 20th?"}))
    return out


if __name__ == "__main__":
    write("billing", "bil", "Billing: extensions, installment plans, late-fee waivers, payments and billing questions.",
          tasks())
