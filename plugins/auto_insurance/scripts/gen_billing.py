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
                notes, facts=facts, behavior=behavior or ["If it cannot be done, accept the explanation and end the call; do not accept any other arrangement, plan or payment offered instead."],
                lookups=lookups)


def plan_task(tid, title, request, num, name, dob, tax, state, tier, term, invoices_, prior=(), notes_extra=""):
    """An installment plan the rules allow, over the past-due invoices given as (due, amount, fee)."""
    p, pid, rows = household(num, name, dob, tax, state, tier, term[0], term[1], 940.0)
    for k, (due, amount, fee) in enumerate(invoices_):
        rows = merge(rows, invoice(f"INV-{num}{k + 1}", pid, due, amount, "past_due", late_fee=fee))
    for k, created in enumerate(prior):
        rows = merge(rows, arrangement(f"ARR-{num}{k}", pid, "extension", created))
    balance = sum((Decimal(str(a)) + Decimal(str(f)) for _, a, f in invoices_), Decimal(0))
    assert balance >= 150, tid
    assert len([c for c in prior if term[0] <= c <= term[1]]) < ARRANGEMENTS[tier], tid
    count = installment_count(balance)
    plan = installments(balance, count, TODAY)
    first, last = plan[0], plan[-1]
    return task(
        tid, title, request, p, pid, rows,
        [{"say": f"Your past-due balance is ${m(balance)}. I can split it into {count} installments: "
                 f"{', '.join('$' + m(i['amount']) + ' due ' + i['due_date'] for i in plan)}. Shall I set that up?"},
         {"tool": "create_installment_plan", "args": {"policy_id": pid, "installments": count}},
         bil_ticket(p, pid, "completed", subject="Installment plan")],
        f"Your installment plan is set up: your past-due balance of ${m(balance)} is split into {count} installments, "
        f"{', '.join('$' + m(i['amount']) + ' due ' + i['due_date'] for i in plan)}.",
        {"states": [{"count": count, "noun": "installment", "label": "number of installments"},
                    {"money": m(first["amount"]), "label": "first installment"},
                    {"money": m(last["amount"]), "label": "last installment"},
                    {"date": first["due_date"], "label": "first due date"}],
         "states_before": [{"money": m(first["amount"]), "before": "create_installment_plan", "label": "first installment"}],
         "never_states": never(p, "ARR-6001")},
        f"Rule: 05 installment plans. Past-due balance {' + '.join(f'{a} + fee {f}' for _, a, f in invoices_)} = "
        f"{m(balance)} (>= 150) -> {count} installments (under 400: 2; 400 to under 800: 3; 800+: 4). "
        f"Each rounded down, last carries the remainder: {[i['amount'] for i in plan]}, due every 14 days from "
        f"{first['due_date']}. Arrangements this term below the {tier} limit {ARRANGEMENTS[tier]}. {notes_extra}".strip(),
        behavior=["Agree to the installment plan once its amounts are explained."],
        decisions=agree("installment plan", after=["$"]))


def waiver_task(tid, title, request, num, name, dob, tax, state, tier, term, amount, fee, earlier_waivers, pay=False,
                notes_extra=""):
    """A late-fee waiver the rules allow (earlier_waivers: dates of waivers on other invoices)."""
    p, pid, rows = household(num, name, dob, tax, state, tier, term[0], term[1], 960.0)
    inv = f"INV-{num}1"
    rows = merge(rows, invoice(inv, pid, "2026-03-08", amount, "past_due", late_fee=fee))
    for k, day in enumerate(earlier_waivers):
        rows = merge(rows, invoice(f"INV-{num}0{k}", pid, plus(day, -5), amount, "paid", late_fee=fee, waived_on=day))
    in_term = [w for w in earlier_waivers if term[0] <= w <= term[1]]
    assert len(in_term) < WAIVERS[tier], tid
    owed = Decimal(str(amount))
    solution = [{"tool": "waive_late_fee", "args": {"invoice_id": inv}}]
    states = [{"money": m(fee), "label": "fee waived"}, {"money": m(owed), "label": "amount owed"}]
    says = {"states": states, "never_states": never(p, *(["PAY-4001"] if pay else []))}
    final = f"I've waived the ${m(fee)} late fee on invoice {inv}; ${m(owed)} is now owed."
    decisions = None
    behavior = ["Thank the agent once the fee is waived."]
    if pay:
        solution += [{"say": f"I've waived the ${m(fee)} late fee, so ${m(owed)} is now owed on invoice {inv}. Shall I charge ${m(owed)} to your card on file?"},
                     {"tool": "pay_invoice", "args": {"invoice_id": inv, "amount": float(owed)}}]
        says["states_before"] = [{"money": m(owed), "before": "pay_invoice", "label": "payment"}]
        final = f"I've waived the ${m(fee)} late fee on invoice {inv} and charged the remaining ${m(owed)} to your card; the invoice is paid."
        decisions = agree("charge the card", after=["$"])
        behavior = ["Once the fee question is settled, pay what is owed with the card on file; agree when the amount is explained."]
    return task(
        tid, title, request, p, pid, rows, [*solution, bil_ticket(p, pid, "completed", subject="Late fee waiver")],
        final, says,
        f"Rule: 05 late fees, 04 waivers per term ({tier}: {WAIVERS[tier]}). Waivers in the term {term[0]} to {term[1]}: "
        f"{len(in_term)} (earlier waivers on {list(earlier_waivers) or 'none'}) -> waive {fee}; owed {m(owed)}. {notes_extra}".strip(),
        behavior=behavior, decisions=decisions)


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
    out += more_tasks()
    return out


def more_tasks() -> list[dict]:
    out = []
    # ---- extensions ----------------------------------------------------------------
    out.append(extension_granted(
        "bil-003", "Georgia plus policyholder with one arrangement this term asks to delay a bill not yet due, no date in mind",
        "Hello, my next car insurance bill is due soon and I'd like more time. As much as you can give me.",
        2103, "Yusuf Brannigan", "1979-12-01", "7204", "GA", "plus", ("2026-01-05", "2026-07-05"),
        "2026-03-18", 128.0, 0.0, "due", None, prior=("2026-01-28",),
        notes_extra="Second arrangement of the term; plus allows 2."))
    out.append(extension_granted(
        "bil-004", "Elite Illinois policyholder with two arrangements this term asks to move a past-due bill almost a month",
        "Hi, I'm waiting on a paycheck. Could my overdue insurance payment be pushed to April 10?",
        2104, "Margarethe Osei", "1969-06-21", "1150", "IL", "elite", ("2026-01-12", "2026-07-12"),
        "2026-03-09", 139.9, 12.0, "past_due", "2026-04-10", prior=("2026-01-20", "2026-02-18"),
        notes_extra="Third arrangement of the term; elite allows 3. April 10 is past the latest date, so the latest is offered."))
    out.append(extension_granted(
        "bil-005", "Pennsylvania policyholder asks to move yesterday's missed payment to a date exactly fifteen days after it",
        "Hi there, I missed my payment yesterday. Could I have until March 30 to pay it?",
        2105, "Ines Whitlock", "1993-09-14", "8836", "PA", "plus", ("2025-12-20", "2026-06-20"),
        "2026-03-15", 117.25, 10.0, "past_due", "2026-03-30",
        notes_extra="Boundary: 2026-03-30 is exactly day 15, included."))
    p, pid, rows = household(2106, "Kasimir Duarte", "1988-04-30", "5067", "PA", "essential", "2026-01-15", "2026-07-15", 870.0)
    rows = merge(rows, invoice("INV-21061", pid, "2026-02-27", 145.0, "past_due", late_fee=10.0))
    out.append(declined(
        "bil-006", "Pennsylvania policyholder asks to extend an invoice that has been past due for seventeen days",
        "Hi, I still haven't paid last month's car insurance bill. Can you give me a couple more weeks?", p, pid, rows,
        "I'm sorry, but I can't extend invoice INV-21061: a due date can be moved at most 15 days, and that would have been 2026-03-14, which has already passed. The invoice remains past due.",
        "Rule: 05 extensions rule 3: PA latest date 2026-02-27 + 15 = 2026-03-14, before today 2026-03-16 -> cannot be "
        "extended, declined (no arrangement this term, so the limit is not what decides). Only the ticket changes.",
        facts={"new date": "Around the end of the month."}))
    out.append(extension_granted(
        "bil-007", "Arizona policyholder asks for two more weeks on an invoice exactly ten days past due",
        "Hello, can I have two more weeks to pay my overdue auto insurance invoice?",
        2107, "Philippa Nakamura", "1990-01-19", "2613", "AZ", "plus", ("2026-01-01", "2026-07-01"),
        "2026-03-06", 133.0, 10.0, "past_due", "2026-03-20",
        notes_extra="Boundary: latest date 2026-03-16 is today, which is allowed (not before today)."))
    out.append(extension_granted(
        "bil-008", "Essential Illinois policyholder whose only earlier extension was in the previous term asks for a new one",
        "Hi, I'd like to move the due date of my upcoming auto insurance bill, please.",
        2108, "Dorian Feld", "1984-08-08", "9451", "IL", "essential", ("2026-01-12", "2026-07-12"),
        "2026-03-20", 150.4, 0.0, "due", "2026-04-05", prior=("2026-01-05",),
        notes_extra="The earlier extension (2026-01-05) predates term_start 2026-01-12 and does not count."))
    p, pid, rows = household(2109, "Rosalind Mbeki", "1972-02-02", "3378", "GA", "elite", "2025-12-01", "2026-06-01", 1150.0,
                             status="pending_cancellation", cancellation_date="2026-03-25", cancellation_reason="nonpayment")
    rows = merge(rows, invoice("INV-21091", pid, "2026-02-20", 191.67, "past_due", late_fee=15.0))
    out.append(declined(
        "bil-009", "Elite Georgia policy pending cancellation for nonpayment; the insured asks for more time to pay",
        "I got a letter saying my policy will be cancelled for nonpayment. Can I get an extension on the bill?", p, pid, rows,
        "I'm sorry, but I can't set up an extension: payment arrangements aren't available once a policy is pending cancellation. To keep the policy, the past-due balance of $206.67 must be paid before 2026-03-25.",
        "Rule: 05 arrangements: not available on a pending_cancellation policy -> declined even though elite allows 3. "
        "Priority high (pending_cancellation when calling). Only the ticket changes.",
        priority="high", facts={"new date": "Two weeks from now would help."}))
    mom = Person(2110, "Henrietta Calloway", "1958-03-27", "4420")
    son = Person(2111, "Bastian Calloway", "1989-11-05", "6902")
    pid = "NG-AZ-211001"
    vin, year, make, model, body, sur = VEHICLE
    rows = merge(mom.rows(), son.rows(), policy(pid, "AZ", "plus", mom, "2026-01-20", "2026-07-20", 905.0),
                 driver("DRV-2110", pid, mom, "AZ-D2110001", mom.name, mom.dob, "named_insured", 150.0),
                 vehicle("VEH-2110", pid, vin, year, make, model, body, "AZ", ZIP["AZ"], sur),
                 invoice("INV-21101", pid, "2026-03-14", 150.83, "past_due", late_fee=10.0))
    out.append(declined(
        "bil-010", "A son who is not on his mother's policy asks for an extension on her bill",
        "Hi, I'm calling about my mom's car insurance. She's in hospital and her payment is late; can you give her more time?",
        son, pid, rows,
        "I'm sorry to hear about your mother. I can't arrange an extension on her policy for you, though: billing changes must be made by the named insured, your mother, and you are not on the policy. She or someone she adds can call us when she's able.",
        "Rule: 02 who may ask: the caller is verified but his role on NG-AZ-211001 is other (not named insured, not a "
        "listed driver) -> declined; 05 billing by the named insured only. Ticket requester is the son, caller_role other.",
        role="other", facts={"policy number": pid, "mother": "Henrietta Calloway."},
        lookups=[*son.lookups(pid)], extra_never=[{"money": "160.83", "label": "amount owed (policy data)"}]))
    p, pid, rows = household(2112, "Cormac Delacroix", "1982-05-16", "7791", "IL", "plus", "2026-02-01", "2026-08-01", 990.0)
    rows = merge(rows, invoice("INV-21121", pid, "2026-03-13", 165.0, "past_due", late_fee=12.0))
    t = task("bil-011", "Caller asking for an extension gives a date of birth that matches but the wrong tax id digits",
             "Hi, I need a few extra days to pay my car insurance, can you help?", p, pid, rows,
             [ticket(p, pid, "billing", "named_insured", "task", "normal", "not_verified", "Extension request",
                     "Caller could not be verified.")],
             "I'm sorry, but I couldn't verify your identity with the details given, so I can't discuss or change anything on the policy. Please call back with the correct information.",
             {"states": [decision("decision: not verified", NOT_VERIFIED)],
              "never_states": [*never(p), {"money": "165.00", "label": "invoice amount"},
                               {"money": "177.00", "label": "amount owed"}, {"date": "2026-03-13", "label": "due date"}]},
             "Rule: 02 verification: one attempt; the tax id digits given (7719) do not match -> not verified; "
             "nothing disclosed or changed; ticket billing/task/normal/not_verified/solved.",
             facts={"tax id": "The last four digits are 7719.", "new date": "The 20th."},
             behavior=["If verification fails, do not offer other details; accept that nothing can be done today."],
             lookups=[{"tool": "get_customer", "args": {"email": p.email}},
                      {"tool": "verify_identity", "args": {"customer_id": p.id, "date_of_birth": p.dob,
                                                           "tax_id_last4": "7719"}}])
    t["says"]["never_states"] = [c for c in t["says"]["never_states"] if c.get("id") != p.tax] + [
        {"id": p.tax, "label": "tax id digits"}]
    out.append(t)
    out.append(extension_granted(
        "bil-012", "Elite Pennsylvania policyholder who already had two extensions this term asks to delay the next bill",
        "Hello, could the bill coming up this week be pushed back? As late as possible, please.",
        2113, "Gwendolyn Iwu", "1961-10-30", "2058", "PA", "elite", ("2026-01-08", "2026-07-08"),
        "2026-03-19", 141.1, 0.0, "due", None, prior=("2026-01-22", "2026-02-25"),
        notes_extra="Two arrangements this term, elite allows 3 -> allowed."))
    p, pid, rows = household(2114, "Anatole Reyes", "1977-07-07", "8120", "GA", "plus", "2026-01-05", "2026-07-05", 1010.0)
    rows = merge(rows, invoice("INV-21141", pid, "2026-03-17", 168.33, "due"),
                 arrangement("ARR-21140", pid, "extension", "2026-01-26"),
                 arrangement("ARR-21141", pid, "installment_plan", "2026-02-23"))
    out.append(declined(
        "bil-013", "Plus Georgia policyholder who already has two arrangements this term asks to delay tomorrow's bill",
        "Hi, my bill is due tomorrow and I need a bit more time. Could you move it?", p, pid, rows,
        "I'm sorry, but I can't move this bill: your policy allows two payment arrangements per term and both have already been used this term (in January and February). The invoice is still due on 2026-03-17.",
        "Rule: 05 arrangements limit; 04 plus = 2 per term; ARR-21140 (2026-01-26) and ARR-21141 (2026-02-23) are in "
        "the term 2026-01-05 to 2026-07-05 -> limit reached, declined. Contrast bil-012 (elite, same count, allowed).",
        facts={"new date": "Next Friday."}))
    # ---- installment plans ------------------------------------------------------------
    out.append(plan_task(
        "bil-014", "Illinois policyholder with two past-due invoices asks to split the balance into payments",
        "Hi, I've fallen behind on my car insurance, two bills are overdue. Is there a way to pay it off in parts?",
        2115, "Leopold Sarkis", "1985-03-12", "4736", "IL", "plus", ("2026-01-10", "2026-07-10"),
        [("2026-02-10", 165.0, 12.0), ("2026-03-10", 180.0, 12.0)]))
    out.append(plan_task(
        "bil-015", "Georgia policyholder whose past-due balance is exactly four hundred dollars asks for a payment plan",
        "Hello, I owe you for two months and can't pay it all at once. Can I set up a payment plan?",
        2116, "Marguerite Abiodun", "1992-12-24", "3019", "GA", "essential", ("2026-01-02", "2026-07-02"),
        [("2026-02-05", 192.5, 15.0), ("2026-03-05", 177.5, 15.0)],
        notes_extra="Boundary: 400.00 exactly -> 3 installments (from $400.00)."))
    out.append(plan_task(
        "bil-016", "Elite Arizona policyholder with three past-due invoices asks to spread what is owed",
        "Hi, I'm three payments behind after a job loss. Can I spread out what I owe?",
        2117, "Evander Quist", "1970-01-30", "6611", "AZ", "elite", ("2025-11-15", "2026-05-15"),
        [("2026-01-15", 277.1, 10.0), ("2026-02-15", 277.1, 10.0), ("2026-03-15", 277.1, 10.0)]))
    p, pid, rows = household(2118, "Saoirse Lindgren", "1995-05-05", "1287", "PA", "plus", "2026-02-01", "2026-08-01", 940.0)
    rows = merge(rows, invoice("INV-21181", pid, "2026-03-01", 132.0, "past_due", late_fee=10.0))
    out.append(declined(
        "bil-017", "Pennsylvania policyholder with one small past-due invoice asks for an installment plan",
        "Hi, can I pay my overdue car insurance bill in installments?", p, pid, rows,
        "I'm sorry, but an installment plan isn't available for this: plans start at a past-due balance of $150.00, and yours is $142.00. The invoice can be paid in full at any time.",
        "Rule: 05 installment plans rule 1: past-due balance 132.00 + 10.00 = 142.00 < 150.00 -> declined. Only the ticket changes.",
        behavior=["If a plan is not possible, accept the explanation; do not pay today and do not accept an extension or any other arrangement instead."]))
    p, pid, rows = household(2119, "Thorsten Achebe", "1980-09-09", "5542", "AZ", "essential", "2026-01-06", "2026-07-06", 930.0)
    rows = merge(rows, invoice("INV-21191", pid, "2026-02-06", 215.0, "past_due", late_fee=10.0),
                 invoice("INV-21192", pid, "2026-03-06", 215.0, "past_due", late_fee=10.0),
                 arrangement("ARR-21190", pid, "extension", "2026-01-30", invoice_id="INV-21191",
                             from_due_date="2026-01-28", to_due_date="2026-02-06"))
    out.append(declined(
        "bil-018", "Essential Arizona policyholder who had an extension this term asks to put the overdue balance on a plan",
        "Hello, I'm behind on two car insurance bills. Could I pay them off in installments?", p, pid, rows,
        "I'm sorry, but I can't set up an installment plan: your policy allows one payment arrangement per term, and the extension in January used it. The past-due balance of $450.00 remains due.",
        "Rule: 05 arrangements limit; 04 essential = 1; ARR-21190 (2026-01-30) is in the term 2026-01-06 to 2026-07-06 -> "
        "declined, although the balance 450.00 would qualify for 3 installments. Only the ticket changes.",
        behavior=["If a plan is not possible, accept the explanation; do not pay today and do not accept an extension or any other arrangement instead."]))
    out.append(plan_task(
        "bil-019", "Elite Illinois policyholder owing just under eight hundred dollars asks for a payment plan",
        "Hi, I owe two car insurance payments. Can I break the total into installments?",
        2120, "Oriana Castellano", "1966-08-18", "7403", "IL", "elite", ("2025-12-15", "2026-06-15"),
        [("2026-02-15", 393.99, 12.0), ("2026-03-15", 382.0, 12.0)],
        notes_extra="Boundary: 799.99 is under 800 -> 3 installments, not 4."))
    out.append(plan_task(
        "bil-020", "Georgia policyholder whose past-due balance is exactly one hundred fifty dollars asks to split it",
        "Hello, could I split my overdue insurance payment into two smaller ones?",
        2121, "Benedikt Oyelowo", "1998-02-14", "2294", "GA", "plus", ("2026-02-10", "2026-08-10"),
        [("2026-03-10", 135.0, 15.0)],
        notes_extra="Boundary: 150.00 exactly is eligible (150.00 included)."))
    # ---- late fees ------------------------------------------------------------------
    out.append(waiver_task(
        "bil-021", "Georgia plus policyholder asks to waive her first late fee of the term",
        "Hi, I was charged a late fee on my auto insurance. Could you remove it? I'm usually on time.",
        2122, "Clementine Harrow", "1987-06-06", "9120", "GA", "plus", ("2026-01-04", "2026-07-04"), 126.4, 15.0, ()))
    p, pid, rows = household(2123, "Ignatius Boateng", "1975-04-04", "3367", "AZ", "essential", "2026-01-09", "2026-07-09", 910.0)
    rows = merge(rows, invoice("INV-21231", pid, "2026-03-08", 151.67, "past_due", late_fee=10.0),
                 invoice("INV-21230", pid, "2026-02-08", 151.67, "paid", late_fee=10.0, waived_on="2026-02-12"))
    out.append(declined(
        "bil-022", "Essential Arizona policyholder who had a late fee waived last month asks for another waiver",
        "Hi, there's another late fee on my car insurance bill. Can you take it off like last time?", p, pid, rows,
        "I'm sorry, but I can't waive this late fee: your policy allows one late-fee waiver per term, and it was used in February. Invoice INV-21231 still carries the $10.00 fee.",
        "Rule: 05 late fees; 04 essential = 1 waiver per term; INV-21230's fee was waived on 2026-02-12, within the term "
        "2026-01-09 to 2026-07-09 -> declined. Only the ticket changes.",
        behavior=["If the fee cannot be waived, accept it; do not pay today and ask for nothing else."]))
    out.append(waiver_task(
        "bil-023", "Elite Illinois policyholder who had one late fee waived this term asks to waive a second",
        "Hello, I see a late fee on my policy again. Could you waive it?",
        2124, "Ottavia Brennan", "1964-11-11", "5181", "IL", "elite", ("2026-01-12", "2026-07-12"), 144.8, 12.0,
        ("2026-02-16",), notes_extra="Elite allows 2 waivers per term; one used -> allowed. Contrast bil-022."))
    out.append(waiver_task(
        "bil-024", "Pennsylvania plus policyholder with a waiver in the previous term asks to drop a late fee and pay",
        "Hi, I'd like to pay my overdue car insurance bill, but can the late fee be removed first?",
        2125, "Florian Adeyemi", "1983-03-03", "8457", "PA", "plus", ("2026-01-03", "2026-07-03"), 121.6, 10.0,
        ("2025-12-02",), pay=True,
        notes_extra="The 2025-12-02 waiver predates term_start 2026-01-03 and does not count. Then the payment of 121.60 (no partial payments)."))
    # ---- payments and questions -----------------------------------------------------
    p, pid, rows = household(2126, "Wilhelmina Osei", "1990-10-10", "6740", "AZ", "plus", "2026-01-18", "2026-07-18", 930.0)
    rows = merge(rows, invoice("INV-21261", pid, "2026-03-10", 118.4, "past_due", late_fee=10.0),
                 invoice("INV-21262", pid, "2026-04-10", 118.4, "due"))
    out.append(task(
        "bil-025", "Arizona policyholder wants to pay her overdue bill in full by card",
        "Hi, I forgot to pay my car insurance this month. I'd like to pay the overdue bill now.", p, pid, rows,
        [{"say": "Invoice INV-21261 is past due: $118.40 plus a $10.00 late fee, $128.40 in total. Shall I charge $128.40 to your card on file?"},
         {"tool": "pay_invoice", "args": {"invoice_id": "INV-21261", "amount": 128.4}},
         bil_ticket(p, pid, "completed", subject="Payment")],
        "Thank you: $128.40 has been charged to your card and invoice INV-21261 is paid. Your next invoice, $118.40, is due on 2026-04-10.",
        {"states": [{"money": "128.40", "label": "payment"}],
         "states_before": [{"money": "128.40", "before": "pay_invoice", "label": "payment"}],
         "never_states": never(p, "PAY-4001")},
        "Rule: 05 payments: the whole amount owed, 118.40 + 10.00 late fee = 128.40 (no waiver asked); agreement first. "
        "Only the past-due invoice is paid (the caller asks for the overdue bill). The caller does not ask for a waiver and "
        "declines one if offered. Ticket billing/task/normal/completed.",
        behavior=["Pay only the overdue bill, late fee included; do not ask about the late fee."],
        # 05_billing: a waiver is made when the named insured asks for one; this caller does not, so an
        # offered waiver is declined and the golden (no waiver) stays the one outcome.
        decisions=[*agree("charge the card", after=["$"]),
                   {"about": "waive the late fee", "answer": "no", "reply": "No, that's fine; I'll pay the late fee too."}]))
    p, pid, rows = household(2127, "Aurelio Kingsley", "1968-07-25", "1936", "GA", "essential", "2025-12-28", "2026-06-28", 790.0)
    rows = merge(rows, invoice("INV-21271", pid, "2026-02-28", 131.75, "paid"),
                 invoice("INV-21272", pid, "2026-03-28", 131.75, "due"))
    out.append(task(
        "bil-026", "Georgia policyholder asks how much his next auto insurance bill is and when it is due",
        "Hi, how much is my next car insurance payment and when is it due?", p, pid, rows,
        [bil_ticket(p, pid, "info_provided", priority="low", type_="question", subject="Billing question")],
        "Your next invoice, INV-21272, is for $131.75 and is due on 2026-03-28. Nothing is overdue on your policy.",
        {"states": [{"money": "131.75", "label": "amount owed"}, {"date": "2026-03-28", "label": "due date"}],
         "never_states": never(p)},
        "Rule: 05 invoices: a question about what is owed is answered from get_billing after verification; the only unpaid "
        "invoice is INV-21272 (131.75, due 2026-03-28). Ticket billing/question/low/info_provided/solved.",
        behavior=["Only ask for the information; do not ask to pay."]))
    return out


if __name__ == "__main__":
    write("billing", "bil", "Billing: extensions, installment plans, late-fee waivers, payments and billing questions.",
          tasks())
