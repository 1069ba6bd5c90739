"""The cancellation and reinstatement family (lif): cancellations at the insured's request by
state (earliest date, reason, return premium, lienholder notices), withdrawals of pending
cancellations, reinstatements inside and one day past each state's window, and refusals
(role, status, reason, verification) where only the ticket changes. The samples lif-s01 and
lif-s02 stay in lif_samples.json. Run: uv run python plugins/auto_insurance/scripts/gen_lif.py"""
from __future__ import annotations

from datetime import date
from decimal import Decimal

from taskkit import (
    DECLINED, NOT_VERIFIED, TODAY, Person, agree, decision, driver, invoice, m, merge, plus, policy, ticket, vehicle,
    write,
)
from thinkingbox_auto_insurance.rating import return_premium

EARLIEST_CANCEL = {"AZ": 1, "GA": 0, "IL": 1, "PA": 0}
REINSTATE_WINDOW = {"AZ": 30, "GA": 15, "IL": 20, "PA": 10}
STATE_NAME = {"AZ": "Arizona", "GA": "Georgia", "IL": "Illinois", "PA": "Pennsylvania"}
ZIP = {"AZ": "85004", "GA": "30303", "IL": "60601", "PA": "19103"}
CAR = {"sedan": ("1NGSED22A0R100002", 2022, "Honda", "Civic", 280.0),
       "suv": ("1NGSUV23A0R200003", 2023, "Kia", "Sorento", 340.0),
       "truck": ("1NGTRK24A0R300002", 2024, "Ram", "1500", 330.0),
       "minivan": ("1NGVAN22A0R400001", 2022, "Honda", "Odyssey", 300.0),
       "luxury": ("1NGLUX23A0R500002", 2023, "Lexus", "ES 350", 520.0)}
# a refusal, as the vocabulary's "declined" reads it (a closed window included)
LIF_DECLINED = DECLINED
DECLINE_BEHAVIOR = ("If it cannot be done, accept the explanation and end the call; do not pay anything and do not "
                    "ask for anything else.")


def car(vid: str, pid: str, body: str, state: str, **extra) -> dict:
    vin, year, make, model, sur = CAR[body]
    return vehicle(vid, pid, vin, year, make, model, body, state, ZIP[state], sur, **extra)


def household(num: int, name: str, dob: str, tax: str, state: str, tier: str, term: tuple[str, str], premium: float,
              cars: tuple[str, ...] = ("sedan",), **policy_extra):
    """A named insured, their policy, their own driver record and one vehicle per entry of cars."""
    p = Person(num, name, dob, tax)
    pid = f"NG-{state}-{num}01"
    rows = merge(p.rows(), policy(pid, state, tier, p, term[0], term[1], premium, **policy_extra),
                 driver(f"DRV-{num}", pid, p, f"{state}-D{num}001", p.name, p.dob, "named_insured", 110.0, state=state))
    for k, body in enumerate(cars):
        rows = merge(rows, car(f"VEH-{num}{k}", pid, body, state))
    return p, pid, rows


def never(p: Person, *ids: str) -> list[dict]:
    return [*p.never(), *({"id": i, "label": "internal id"} for i in ids), {"id": "TCK-5001", "label": "ticket id"}]


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
    t["solution"] = [*(lookups if lookups is not None else p.lookups(pid)), *solution]
    t["final_message"] = final
    t["says"] = says
    t["notes"] = notes
    return t


# ---- cancelling at the insured's request ------------------------------------------------

def cancellation(tid, title, request, num, name, dob, tax, state, tier, term, premium, asked, reason, reason_fact,
                 cars=(("sedan", "owned", None, "active"),), notes_extra=""):
    """A cancellation the rules allow. asked: the date the caller asks for (None: no date).
    cars: (body, ownership, lienholder, status) per vehicle; active financed or leased vehicles
    get a policy_cancelled notice effective on the cancellation date."""
    p = Person(num, name, dob, tax)
    pid = f"NG-{state}-{num}01"
    rows = merge(p.rows(), policy(pid, state, tier, p, term[0], term[1], premium),
                 driver(f"DRV-{num}", pid, p, f"{state}-D{num}001", p.name, p.dob, "named_insured", 110.0, state=state))
    notices = []
    for k, (body, ownership, lienholder, status) in enumerate(cars):
        vid = f"VEH-{num}{k}"
        extra = {"removed_on": "2026-02-02"} if status == "removed" else {}
        rows = merge(rows, car(vid, pid, body, state, ownership=ownership, lienholder=lienholder, status=status, **extra))
        if status == "active" and lienholder:
            notices.append((vid, lienholder, f"{CAR[body][2]} {CAR[body][3]}"))
    earliest = plus(TODAY, EARLIEST_CANCEL[state])
    cancel = asked if asked and asked >= earliest else earliest
    assert term[0] <= cancel <= term[1], tid
    refund = return_premium(Decimal(str(premium)), term[0], term[1], cancel)
    days_left = (date.fromisoformat(term[1]) - date.fromisoformat(cancel)).days
    days_term = (date.fromisoformat(term[1]) - date.fromisoformat(term[0])).days
    solution = [
        {"say": f"I can cancel policy {pid} effective {cancel}. The unearned premium returned to you would be "
                f"${m(refund)}. Shall I schedule the cancellation?"},
        {"tool": "schedule_cancellation", "args": {"policy_id": pid, "cancellation_date": cancel, "reason": reason}},
        *({"tool": "send_lienholder_notice", "args": {"vehicle_id": vid, "reason": "policy_cancelled",
                                                      "effective_date": cancel}} for vid, _, _ in notices),
        ticket(p, pid, "cancellation", "named_insured", "task", "normal", "completed", "Cancellation",
               f"Cancellation ({reason}) scheduled."),
    ]
    told = "".join(f" We've notified {lh}, the lienholder on your {model}." for _, lh, model in notices)
    final = (f"Policy {pid} is scheduled to cancel on {cancel}, and your return premium is ${m(refund)}.{told}")
    facts = {"reason": reason_fact,
             "cancellation date": (f"I'd like it to end on {asked}." if asked else "As soon as possible.")}
    return task(
        tid, title, request, p, pid, rows, solution, final,
        {"states": [{"date": cancel, "label": "cancellation date"}, {"money": m(refund), "label": "return premium"}],
         "states_before": [{"date": cancel, "before": "schedule_cancellation", "label": "cancellation date"},
                           {"money": m(refund), "before": "schedule_cancellation", "label": "return premium"}],
         "never_states": never(p, *(f"LHN-{2001 + k}" for k in range(len(notices))))},
        f"Rule: 10 cancelling at the insured's request. Reason from the caller's words -> {reason}. {state} earliest "
        f"date {'today' if EARLIEST_CANCEL[state] == 0 else 'tomorrow'} = {earliest}; caller asked {asked or 'no date'} "
        f"-> {cancel} (within the term {term[0]} to {term[1]}). Return premium {premium:.2f} x {days_left}/{days_term} = "
        f"{m(refund)} (rating.return_premium). Lienholder notices (active financed/leased only): "
        f"{[v for v, _, _ in notices] or 'none'}. Ticket cancellation/task/normal/completed. {notes_extra}".strip(),
        facts=facts,
        behavior=["Accept the cancellation date you are offered once it is explained, and agree to the cancellation "
                  "once the amount you get back has been explained."],
        decisions=agree("cancel the policy", after=["$"]))


def declined(tid, title, request, p, pid, rows, category, final, notes, priority, role="named_insured", facts=None,
             behavior=None, extra_never=(), lookups=None, subject="Request"):
    return task(tid, title, request, p, pid, rows,
                [ticket(p, pid, category, role, "task", priority, "declined", subject, f"{subject}; declined.")], final,
                {"states": [decision("decision: declined", LIF_DECLINED)], "never_states": [*never(p), *extra_never]},
                notes, facts=facts, behavior=behavior or [DECLINE_BEHAVIOR], lookups=lookups)


# ---- reinstating a cancelled policy -----------------------------------------------------

def reinstatement(tid, title, request, num, name, dob, tax, state, tier, term, premium, days_ago, invoices_,
                  notes_extra=""):
    """A nonpayment cancellation days_ago days before today, inside the state's window: pay every
    past-due invoice, then reinstate; invoices_: (due, amount, fee, waived_on, status)."""
    assert days_ago <= REINSTATE_WINDOW[state], tid
    cancelled = plus(TODAY, -days_ago)
    p, pid, rows = household(num, name, dob, tax, state, tier, term, premium, status="cancelled",
                             cancellation_date=cancelled, cancellation_reason="nonpayment")
    payments = []
    for k, (due, amount, fee, waived, status) in enumerate(invoices_):
        iid = f"INV-{num}{k + 1}"
        rows = merge(rows, invoice(iid, pid, due, amount, status, late_fee=fee, waived_on=waived))
        if status == "past_due":
            payments.append((iid, Decimal(str(amount)) + (Decimal(str(fee)) if not waived else 0)))
    lapse = (cancelled, plus(TODAY, -1))
    pays = " and ".join(f"${m(a)}" for _, a in payments)
    solution = [
        {"tool": "get_billing", "args": {"policy_id": pid}},
        {"say": f"Your policy can still be reinstated. First the past-due amounts must be paid: {pays}. I'd charge "
                f"them to your card on file and reinstate the policy today; {lapse[0]} to {lapse[1]} stays a lapse "
                f"with no coverage, and losses in that period are not covered. Shall I go ahead?"},
        *({"tool": "pay_invoice", "args": {"invoice_id": iid, "amount": float(a)}} for iid, a in payments),
        {"tool": "reinstate_policy", "args": {"policy_id": pid}},
        ticket(p, pid, "reinstatement", "named_insured", "task", "high", "completed", "Reinstatement",
               "Past-due invoices paid; policy reinstated with a lapse."),
    ]
    final = (f"Done: I charged {pays} to your card and policy {pid} is active again from today. The period from "
             f"{lapse[0]} to {lapse[1]} is a lapse with no coverage; losses in it are not covered.")
    return task(
        tid, title, request, p, pid, rows, solution, final,
        {"states": [*({"money": m(a), "label": "payment"} for _, a in payments),
                    {"date_range": list(lapse), "label": "lapse"}],
         "states_before": [{"money": m(payments[0][1]), "before": "pay_invoice", "label": "payment"},
                           {"date_range": list(lapse), "before": "reinstate_policy", "label": "lapse"}],
         "never_states": never(p, *(f"PAY-{4001 + k}" for k in range(len(payments))))},
        f"Rule: 10 reinstating a cancelled policy. Nonpayment cancellation on {cancelled}; {state} window "
        f"{REINSTATE_WINDOW[state]} days (that day included), today is day {days_ago} -> allowed. Pay every past-due "
        f"invoice in full ({', '.join(f'{i} {m(a)}' for i, a in payments)}), then reinstate; lapse {lapse[0]} to "
        f"{lapse[1]}. One reinstatement ticket, priority high (cancelled when calling). {notes_extra}".strip(),
        behavior=["Agree to pay what is owed and to the reinstatement once the amounts are explained. Pay the amounts as "
                  "they are: do not ask about late fees, decline any fee waiver or other arrangement offered, and do "
                  "not ask to pay anything else."],
        decisions=agree("pay and reinstate", after=["$"]))


def window_passed(tid, title, request, num, name, dob, tax, state, tier, term, premium, days_ago, amount, fee):
    assert days_ago > REINSTATE_WINDOW[state], tid
    cancelled = plus(TODAY, -days_ago)
    last = plus(cancelled, REINSTATE_WINDOW[state])
    p, pid, rows = household(num, name, dob, tax, state, tier, term, premium, status="cancelled",
                             cancellation_date=cancelled, cancellation_reason="nonpayment")
    rows = merge(rows, invoice(f"INV-{num}1", pid, plus(cancelled, -20), amount, "past_due", late_fee=fee))
    return declined(
        tid, title, request, p, pid, rows, "reinstatement",
        f"I'm sorry, but policy {pid} can no longer be reinstated: in {STATE_NAME[state]} a policy cancelled for "
        f"nonpayment can be reinstated within {REINSTATE_WINDOW[state]} days of the cancellation date, and that "
        f"window ended on {last}. A new policy would be needed.",
        f"Rule: 10 reinstating rule 2: nonpayment cancellation on {cancelled}; {state} window "
        f"{REINSTATE_WINDOW[state]} days -> last day {last}; today {TODAY} is day {days_ago}, one past -> declined. "
        "No payment is taken; only the ticket changes (reinstatement/task/high/declined).",
        "high", subject="Reinstatement request",
        lookups=[*p.lookups(pid), {"tool": "get_billing", "args": {"policy_id": pid}}],
        behavior=["Say you can pay today what is owed if that helps. If reinstatement is not possible, accept the "
                  "explanation and end the call; do not pay anything and do not ask for a new policy."])


def tasks() -> list[dict]:
    out = []
    # ---- cancellations --------------------------------------------------------------
    out.append(cancellation(
        "lif-003", "Georgia policyholder moving to Oregon asks to cancel starting today",
        "Hi, I'm moving away and need to cancel my car insurance.",
        3601, "Oksana Whitcombe", "1984-04-12", "5526", "GA", "plus", ("2026-01-25", "2026-07-25"), 1046.0,
        TODAY.isoformat(), "moved_out_of_state",
        "I'm moving to Portland, Oregon this week and I haven't arranged any other insurance yet.",
        notes_extra="Boundary: GA allows today, so the asked date (today) stands. Contrast lif-s01 (IL, today -> tomorrow)."))
    out.append(cancellation(
        "lif-004", "Arizona policyholder who sold his only car last week asks to cancel from the sale date",
        "Hello, I sold my car, so I don't need my auto policy anymore. Please cancel it.",
        3602, "Deshawn Albrecht", "1979-09-30", "8164", "AZ", "elite", ("2025-12-05", "2026-06-05"), 1288.0,
        "2026-03-12", "vehicle_sold",
        "I sold my Sorento on 2026-03-12; it was the only car on the policy. I have no other car.",
        cars=(("suv", "owned", None, "active"),),
        notes_extra="A past date is earlier than the earliest date: AZ gives tomorrow, not the sale date, not today."))
    out.append(cancellation(
        "lif-005", "Pennsylvania policyholder with a financed truck and a removed leased car cancels from a date next month",
        "Hi, I'd like to cancel my car insurance policy, starting next month.",
        3603, "Marisol Fenwick", "1990-11-08", "2741", "PA", "essential", ("2026-02-01", "2026-08-01"), 1130.0,
        "2026-04-01", "insured_request",
        "It's just too expensive for me right now. I still have my truck.",
        cars=(("truck", "financed", "Keystone Motor Finance", "active"), ("minivan", "leased", "Allegheny Lease Co", "removed")),
        notes_extra="Asked date 2026-04-01 is after the earliest (today) and in the term -> kept. Reason: none of the "
                    "listed ones -> insured_request. Only the active financed truck's lienholder is notified; the "
                    "leased minivan was removed in February."))
    out.append(cancellation(
        "lif-006", "Illinois policyholder with one financed and one leased car switched insurers and names an end date",
        "Hello, I've switched to another insurance company and want to cancel my Northgate policy.",
        3604, "Tobiah Renwick", "1973-06-17", "9083", "IL", "elite", ("2026-01-10", "2026-07-10"), 1574.0,
        "2026-03-31", "replaced_coverage",
        "I bought a policy with another company; it starts on 2026-03-31.",
        cars=(("luxury", "leased", "Prairie Lease Partners", "active"), ("sedan", "financed", "Lakeshore Bank", "active")),
        notes_extra="Two active vehicles with lienholders -> two notices, both effective 2026-03-31."))
    # lif-007: PA, asks for a past date -> today (contrast lif-004: AZ past date -> tomorrow)
    out.append(cancellation(
        "lif-007", "Pennsylvania policyholder whose new insurer started on Saturday asks to cancel back to that day",
        "Hi, I got insurance somewhere else and need to cancel this policy. It should end on the 14th.",
        3605, "Quentin Abernathy", "1995-01-23", "4408", "PA", "plus", ("2025-10-20", "2026-04-20"), 980.0,
        "2026-03-14", "replaced_coverage",
        "My new policy with another company started on 2026-03-14.",
        notes_extra="A past date is earlier than the earliest date: PA gives today (2026-03-16). Contrast lif-004 "
                    "(AZ, past date -> tomorrow)."))
    # ---- cancellation refusals --------------------------------------------------------
    p, pid, rows = household(3606, "Giselle Marchetti", "1982-02-19", "6630", "GA", "essential", ("2025-12-20", "2026-06-20"),
                             870.0, status="pending_cancellation", cancellation_date="2026-03-27",
                             cancellation_reason="nonpayment")
    rows = merge(rows, invoice("INV-36061", pid, "2026-02-20", 145.0, "past_due", late_fee=15.0))
    out.append(declined(
        "lif-008", "Georgia policy already pending cancellation for nonpayment; the insured asks to cancel it sooner",
        "Hi, I've got a new car insurance policy, so please just cancel my Northgate one right away.",
        p, pid, rows, "cancellation",
        f"I'm sorry, but I can't cancel policy {pid} at your request: it is already pending cancellation for "
        "nonpayment, effective 2026-03-27, and only an active policy can be cancelled that way.",
        "Rule: 10 cancelling rule 1 (only an active policy) and the withdrawal section (a pending_cancellation policy "
        "cannot be cancelled again at the insured's request, on another date): declined although GA would allow "
        "today. Ticket cancellation/task/high (pending_cancellation when calling)/declined. Only the ticket changes.",
        "high", subject="Cancellation request",
        facts={"reason": "I bought a policy with another company that started yesterday.",
               "cancellation date": "Today, if possible."},
        behavior=["If it cannot be done, accept the explanation and end the call; do not pay anything, do not ask to "
                  "keep the policy and do not ask for anything else."]))
    ins = Person(3607, "Cornelius Vandermeer", "1968-07-04", "1975")
    sp = Person(3608, "Hanne Vandermeer", "1970-12-12", "3392")
    pid = "NG-AZ-360701"
    rows = merge(ins.rows(), sp.rows(), policy(pid, "AZ", "plus", ins, "2026-01-15", "2026-07-15", 1210.0),
                 driver("DRV-3607", pid, ins, "AZ-D3607001", ins.name, ins.dob, "named_insured", 110.0),
                 driver("DRV-3608", pid, sp, "AZ-D3608001", sp.name, sp.dob, "spouse", 110.0),
                 car("VEH-36070", pid, "minivan", "AZ"))
    out.append(declined(
        "lif-009", "Listed spouse on her husband's Arizona policy asks to cancel it because they are moving",
        "Hi, my husband and I are moving to Colorado, so we need to cancel our car insurance.",
        sp, pid, rows, "cancellation",
        "I'm sorry, but I can't cancel this policy for you: a cancellation must be requested by the named insured, "
        "your husband Cornelius. He can call us to arrange it.",
        "Rule: 02 who may ask and 10 ('requested by the named insured only'): the caller is verified and is a listed "
        "driver on NG-AZ-360701, not its named insured -> declined. Ticket requester is the spouse, caller_role "
        "listed_driver, cancellation/task/normal/declined. Only the ticket changes.",
        "normal", role="listed_driver", subject="Cancellation request",
        facts={"reason": "We're moving to Denver, Colorado at the end of the month.",
               "cancellation date": "The 31st of March.", "husband": "Cornelius Vandermeer, the policyholder."},
        extra_never=[{"money": m(return_premium(Decimal("1210.00"), "2026-01-15", "2026-07-15", "2026-03-31")),
                      "label": "return premium (not to be worked out for a caller who may not cancel)"}]))
    # ---- withdrawals of a pending cancellation -----------------------------------------
    p, pid, rows = household(3609, "Leopoldine Strand", "1988-05-27", "7210", "IL", "plus", ("2026-01-05", "2026-07-05"),
                             1062.0, cars=("truck",), status="pending_cancellation", cancellation_date="2026-03-31",
                             cancellation_reason="replaced_coverage",
                             return_premium=float(return_premium(Decimal("1062.00"), "2026-01-05", "2026-07-05",
                                                                 "2026-03-31")))
    out.append(task(
        "lif-010", "Illinois policyholder who scheduled a cancellation for the end of the month wants to keep the policy",
        "Hi, a while ago I asked to cancel my car insurance, but the other company fell through. Can I keep my policy?",
        p, pid, rows,
        [{"say": "Your policy is set to cancel on 2026-03-31. I can withdraw that cancellation today, so the policy "
                 "simply stays active and that date no longer applies. Shall I do that?"},
         {"tool": "reinstate_policy", "args": {"policy_id": pid}},
         ticket(p, pid, "reinstatement", "named_insured", "task", "high", "completed", "Withdraw cancellation",
                "Insured-requested cancellation withdrawn.")],
        f"Done: the cancellation of policy {pid} that was set for 2026-03-31 is withdrawn, and your policy stays active.",
        {"states": [{"date": "2026-03-31", "label": "withdrawn cancellation date"}],
         "states_before": [{"date": "2026-03-31", "before": "reinstate_policy", "label": "withdrawn cancellation date"}],
         "never_states": never(p)},
        "Rule: 10 withdrawing a pending cancellation: the caller asked for it (replaced_coverage) -> withdraw at any "
        "time with reinstate_policy, no payment; tell the date that no longer applies first. Ticket "
        "reinstatement/task/high (pending_cancellation when calling)/completed. Contrast lif-011 (nonpayment: pay first).",
        behavior=["Agree to keep the policy once the agent explains what will happen."],
        decisions=agree("withdraw the cancellation", after=["2026-03-31", "March 31", "31"])))
    p, pid, rows = household(3610, "Florentin Achterberg", "1993-03-09", "5814", "PA", "elite", ("2025-12-01", "2026-06-01"),
                             1320.0, cars=("suv",), status="pending_cancellation", cancellation_date="2026-03-21",
                             cancellation_reason="nonpayment")
    rows = merge(rows, invoice("INV-36101", pid, "2026-02-01", 220.0, "past_due", late_fee=12.5),
                 invoice("INV-36102", pid, "2026-03-01", 220.0, "past_due", late_fee=12.5, waived_on="2026-03-04"))
    out.append(task(
        "lif-011", "Pennsylvania policy pending cancellation for nonpayment with two overdue bills; the insured wants to keep it",
        "Hello, I got a notice that my car insurance will be cancelled for nonpayment. I want to keep it. What do I do?",
        p, pid, rows,
        [{"tool": "get_billing", "args": {"policy_id": pid}},
         {"say": "Your policy is set to cancel on 2026-03-21 for nonpayment. To withdraw that, both past-due invoices "
                 "must be paid: $232.50 and $220.00. Once they are charged to your card on file, the cancellation "
                 "is withdrawn today and the policy stays active. Shall I go ahead?"},
         {"tool": "pay_invoice", "args": {"invoice_id": "INV-36101", "amount": 232.5}},
         {"tool": "pay_invoice", "args": {"invoice_id": "INV-36102", "amount": 220.0}},
         {"tool": "reinstate_policy", "args": {"policy_id": pid}},
         ticket(p, pid, "reinstatement", "named_insured", "task", "high", "completed", "Withdraw cancellation",
                "Past-due invoices paid; nonpayment cancellation withdrawn.")],
        f"Done: I charged $232.50 and $220.00 to your card, and the cancellation of policy {pid} set for 2026-03-21 is "
        "withdrawn. Your policy stays active.",
        {"states": [{"money": "232.50", "label": "payment"}, {"money": "220.00", "label": "payment"},
                    {"date": "2026-03-21", "label": "withdrawn cancellation date"}],
         "states_before": [{"money": "232.50", "before": "pay_invoice", "label": "payment"},
                           {"money": "220.00", "before": "pay_invoice", "label": "payment"},
                           {"date": "2026-03-21", "before": "reinstate_policy", "label": "withdrawn cancellation date"}],
         "never_states": never(p, "PAY-4001", "PAY-4002")},
        "Rule: 10 withdrawing a pending nonpayment cancellation: every past-due invoice paid first (INV-36101 220.00 + "
        "12.50 fee = 232.50; INV-36102 220.00, its fee was waived on 2026-03-04), then reinstate_policy today, no "
        "lapse (today is before the cancellation date). One reinstatement ticket (10, tickets), priority high.",
        behavior=["Agree to pay and keep the policy once the amounts are explained. Pay the amounts as they are: do not "
                  "ask about late fees and decline any fee waiver or other arrangement offered."],
        decisions=agree("pay and keep the policy", after=["$"])))
    # ---- reinstatements inside and past the window --------------------------------------
    out.append(reinstatement(
        "lif-012", "Georgia policy cancelled for nonpayment fifteen days ago; the insured asks to reinstate it",
        "My car insurance was cancelled earlier this month because I didn't pay. I'd like to get it back.",
        3611, "Ambrose Okafor", "1986-10-02", "6047", "GA", "essential", ("2025-11-25", "2026-05-25"), 930.0, 15,
        [("2026-02-10", 155.0, 15.0, "2026-02-20", "past_due")],
        notes_extra="Boundary: GA 15 days, day 15 included. The invoice's late fee was waived earlier, so 155.00 is owed."))
    out.append(window_passed(
        "lif-013", "Illinois policy cancelled for nonpayment twenty-one days ago; the insured wants it reinstated",
        "Hi, my auto policy was cancelled for a missed payment. I'm ready to pay now. Can you turn it back on?",
        3612, "Rosamund Ekwueme", "1977-08-14", "2398", "IL", "plus", ("2025-12-15", "2026-06-15"), 1090.0, 21,
        181.67, 12.0))
    out.append(reinstatement(
        "lif-014", "Pennsylvania policy cancelled for nonpayment ten days ago with two overdue bills and one upcoming bill",
        "Hello, my car insurance got cancelled for nonpayment. I want it reinstated, please.",
        3613, "Valentin Oduya", "1991-12-30", "8852", "PA", "plus", ("2025-12-18", "2026-06-18"), 1015.0, 10,
        [("2026-01-18", 169.17, 10.0, None, "past_due"), ("2026-02-18", 169.17, 10.0, None, "past_due"),
         ("2026-04-18", 169.17, 0.0, None, "due")],
        notes_extra="Boundary: PA 10 days, day 10 included. Only the two past_due invoices are paid; INV-36133 (due "
                    "2026-04-18) is not yet due and stays."))
    out.append(window_passed(
        "lif-015", "Arizona policy cancelled for nonpayment thirty-one days ago; the insured asks to reinstate it",
        "Hi, my car insurance was cancelled last month for nonpayment. Can I pay and have it reinstated?",
        3614, "Ignatius Pemberton", "1965-03-21", "4719", "AZ", "elite", ("2025-12-01", "2026-06-01"), 1260.0, 31,
        210.0, 10.0))
    # ---- reinstatement refusals ------------------------------------------------------------
    p, pid, rows = household(3615, "Perpetua Lindqvist", "1989-08-06", "3106", "GA", "plus", ("2026-01-08", "2026-07-08"),
                             990.0, status="cancelled", cancellation_date="2026-03-09",
                             cancellation_reason="replaced_coverage",
                             return_premium=float(return_premium(Decimal("990.00"), "2026-01-08", "2026-07-08",
                                                                 "2026-03-09")))
    out.append(declined(
        "lif-016", "Georgia policy cancelled last week at the insured's own request; she asks to reinstate it",
        "Hi, I cancelled my car insurance last week, but the new company didn't work out. Can you reinstate my policy?",
        p, pid, rows, "reinstatement",
        f"I'm sorry, but policy {pid} can't be reinstated: only a policy cancelled for nonpayment can be reinstated, "
        "and this one was cancelled at your request on 2026-03-09. A new policy would be needed.",
        "Rule: 10 reinstating rule 1: cancelled for replaced_coverage (the insured's request), not nonpayment -> "
        "declined, although 7 days is inside GA's 15-day window. Ticket reinstatement/task/high (cancelled)/declined. "
        "Only the ticket changes.",
        "high", subject="Reinstatement request",
        behavior=["If reinstatement is not possible, accept the explanation and end the call; do not ask for a new "
                  "policy or anything else."]))
    p, pid, rows = household(3616, "Barnaby Oyelaran", "1983-01-15", "9931", "IL", "essential", ("2026-01-02", "2026-07-02"),
                             880.0, status="cancelled", cancellation_date="2026-03-10", cancellation_reason="nonpayment")
    rows = merge(rows, invoice("INV-36161", pid, "2026-02-02", 146.67, "past_due", late_fee=12.0))
    wrong_dob = "1983-05-01"
    out.append(task(
        "lif-017", "Caller asking to reinstate a cancelled Illinois policy gives a date of birth that does not match",
        "Hi, my car insurance was cancelled and I want to pay and get it reinstated.", p, pid, rows,
        [ticket(p, pid, "reinstatement", "named_insured", "task", "high", "not_verified", "Reinstatement request",
                "Caller could not be verified.")],
        "I'm sorry, but I couldn't verify your identity with the details given, so I can't discuss or change anything "
        "on the policy. Please call back with the correct information.",
        {"states": [decision("decision: not verified", NOT_VERIFIED)],
         "never_states": [*never(p), {"money": "146.67", "label": "invoice amount"},
                          {"money": "158.67", "label": "amount owed"}, {"date": "2026-03-10", "label": "cancellation date"}]},
        f"Rule: 02 verification: one attempt; the date of birth given ({wrong_dob}) does not match -> not verified; "
        "nothing disclosed or changed. Ticket reinstatement/task/high (the policy was cancelled when the caller "
        "called)/not_verified/solved.",
        facts={"date of birth": wrong_dob},
        behavior=["If verification fails, do not offer other details; accept that nothing can be done today."],
        lookups=[{"tool": "get_customer", "args": {"email": p.email}},
                 {"tool": "verify_identity", "args": {"customer_id": p.id, "date_of_birth": wrong_dob,
                                                      "tax_id_last4": p.tax}}]))
    # lif-018: an excluded driver (role other) asks to reinstate a cancelled policy inside its window
    ins = Person(3617, "Winifred Castellane", "1959-09-09", "2864")
    son = Person(3618, "Lucian Castellane", "1997-04-22", "7051")
    pid = "NG-PA-361701"
    rows = merge(ins.rows(), son.rows(),
                 policy(pid, "PA", "plus", ins, "2026-01-20", "2026-07-20", 1150.0, status="cancelled",
                        cancellation_date="2026-03-11", cancellation_reason="nonpayment"),
                 driver("DRV-3617", pid, ins, "PA-D3617001", ins.name, ins.dob, "named_insured", 150.0, state="PA"),
                 driver("DRV-3618", pid, son, "PA-D3618001", son.name, son.dob, "child", 0.0, status="excluded",
                        state="PA"),
                 car("VEH-36170", pid, "sedan", "PA"),
                 invoice("INV-36171", pid, "2026-02-20", 191.67, "past_due", late_fee=10.0))
    out.append(declined(
        "lif-018", "Son excluded from his mother's Pennsylvania policy asks to pay and reinstate it after a nonpayment cancellation",
        "Hi, my mom's car insurance was cancelled because a payment was missed. I'd like to pay it and get the policy back.",
        son, pid, rows, "reinstatement",
        "I'm sorry, but I can't reinstate your mother's policy for you: a reinstatement must be requested by the named "
        "insured, your mother. She can call us to arrange it and pay what is owed.",
        "Rule: 02 caller roles ('other' includes an excluded driver) and 10 ('requested by the named insured only'): "
        "the caller is verified, his driver record on NG-PA-361701 is excluded -> role other -> declined, although "
        "day 5 is inside PA's 10-day window. No payment taken; ticket reinstatement/task/high (cancelled)/declined, "
        "requester the son.",
        "high", role="other", subject="Reinstatement request",
        facts={"policy number": pid, "mother": "Winifred Castellane, the policyholder."},
        extra_never=[{"money": "201.67", "label": "amount owed (policy data)"},
                     {"money": "191.67", "label": "invoice amount (policy data)"}],
        lookups=[*son.lookups(pid)],
        behavior=["Offer to pay with your own card if that helps. If it cannot be done, accept the explanation and end "
                  "the call; do not ask for anything else."]))
    return out


if __name__ == "__main__":
    write("lif", "lif", "Cancellation and reinstatement: cancellations by state, withdrawals, reinstatement windows, "
          "refusals.", tasks())
