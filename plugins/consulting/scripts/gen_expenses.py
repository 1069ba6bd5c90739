"""The expenses family (tasks/expenses.json): an employee asks the desk to decide a submitted
claim (or asks about one already decided). Each scenario varies one decisive fact: the
amount against the receipt thresholds and the category limit of the employee's band, the
submission delay against 60 and 90 days, the band (partners need no approval), and the
manager's leave. The outcome is computed by `decide` from 06_expenses.md and 02_approvals.md
(and recomputed independently in tests/test_policy_rules.py).

    uv run python plugins/consulting/scripts/gen_expenses.py
"""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from taskkit import (
    APPROVED, AWAITING, BAND, DECLINED, ITEMIZED, LATE, LIMIT, RECEIPT, REJECTED, RETURNED, call, cents, day, email_of, merge,
    money, name, person, task, text, ticket, why, write,
)

LIMITS = {  # 06_expenses.md, per claim (lodging per night) by band
    "meals": {"associate": 60, "manager": 90, "partner": 120},
    "lodging": {"associate": 220, "manager": 280, "partner": 350},
    "ground_transport": {"associate": 80, "manager": 120, "partner": 150},
    "client_entertainment": {"associate": 150, "manager": 300, "partner": 500},
}
WORDS = {"meals": "meal", "lodging": "hotel stay", "ground_transport": "taxi fares",
         "client_entertainment": "client dinner"}
MANAGERS = {"EMP-1101": "Priya Raman", "EMP-1104": "Gareth Lloyd", "EMP-1105": "Camille Fournier",
            "EMP-1106": "Diego Alvarez", "EMP-1107": "Hannah Kowalczyk", "EMP-1108": "Samuel Osei",
            "EMP-1103": "Aisha Bello", "EMP-1001": "Helen Achterberg", "EMP-1004": "Marcus Tan"}
ON_LEAVE = {"EMP-1103": "EMP-1104", "EMP-1108": "EMP-1105"}   # base rows: manager on leave -> delegate


def limit_of(category: str, grade: str, nights: int) -> Decimal:
    base = cents(LIMITS[category][BAND[grade]])
    return cents(base * nights) if category == "lodging" else base


def decide(category: str, amount: Decimal, nights: int, delay: int, receipt: str, grade: str) -> tuple:
    """(action, value): reject late | return reason | approval amount | approve amount."""
    if delay > 90:
        return "reject", "late"
    if amount >= 25 and receipt == "none":
        return "return", "missing_receipt"
    if category in ("meals", "lodging") and amount > 75 and receipt != "itemized":
        return "return", "receipt_not_itemized"
    reimbursable = min(amount, limit_of(category, grade, nights))
    if BAND[grade] != "partner" and (reimbursable >= 500 or 61 <= delay <= 90):
        return "approval", reimbursable
    return "approve", reimbursable


# id, employee (id, name, grade, practice, office, manager), claim (category, amount, nights, delay, receipt,
# submitted days ago), extra rows, the employee's words, the notes' rule, title
S = [
    ("exp-001", ("EMP-3101", "Alina Petrova", "consultant", "strategy", "boston", "EMP-1101"),
     ("meals", "48.50", 0, 5, "basic", 2), "Consultant's working lunch well under the meals limit",
     "Rule: Expenses rule 4 (within limit, receipt present, on time)."),
    ("exp-002", ("EMP-3102", "Bruno Salgado", "analyst", "operations", "london", "EMP-1104"),
     ("meals", "60.00", 0, 10, "itemized", 3), "Analyst's meal claim exactly at the associate meals limit",
     "Rule: Expenses limits, bound included: a claim exactly at its limit is reimbursed in full."),
    ("exp-003", ("EMP-3103", "Chloe Nakamura", "senior_consultant", "finance", "boston", "EMP-1105"),
     ("meals", "82.40", 0, 3, "itemized", 1), "Senior consultant's team meal above the associate meals limit",
     "Rule: Expenses limits: the reimbursable amount is the lower of the claim and the band's limit."),
    ("exp-004", ("EMP-3104", "Dmitri Volkov", "manager", "finance", "boston", "EMP-1004"),
     ("meals", "82.40", 0, 3, "itemized", 1), "Manager's team meal of the same amount, within the manager limit",
     "Rule: Expenses limits by band: the manager band's meals limit is above the claim."),
    ("exp-005", ("EMP-3105", "Esther Mbeki", "consultant", "operations", "london", "EMP-1104"),
     ("lodging", "705.00", 3, 4, "itemized", 2), "Consultant's three-night hotel claim above the nightly limit",
     "Rule: Expenses rule 3 (reimbursable $500.00 or more: manager approval) after the per-night lodging limit."),
    ("exp-006", ("EMP-3106", "Felix Brandauer", "senior_consultant", "operations", "london", "EMP-1103"),
     ("lodging", "690.00", 3, 6, "itemized", 2), "Hotel claim needing approval while the manager and her delegate are both on leave",
     "Rule: Approvals step 2: the manager is on leave and so is her delegate, so no approval is sent."),
    ("exp-007", ("EMP-3107", "Grace Adeyemi", "analyst", "technology", "chicago", "EMP-1106"),
     ("ground_transport", "24.99", 0, 2, "none", 1), "Analyst's taxi claim just under the receipt threshold, no receipt",
     "Rule: Receipts bound: below $25.00 no receipt is needed."),
    ("exp-008", ("EMP-3108", "Hugo Lefevre", "analyst", "technology", "chicago", "EMP-1106"),
     ("ground_transport", "25.00", 0, 2, "none", 1), "Analyst's taxi claim exactly at the receipt threshold, no receipt",
     "Rule: Receipts bound: a claim of $25.00 or more needs a receipt."),
    ("exp-009", ("EMP-3109", "Isla Fernandes", "manager", "strategy", "chicago", "EMP-1101"),
     ("meals", "75.00", 0, 8, "basic", 2), "Manager's meal claim at the itemized-receipt threshold with a basic receipt",
     "Rule: Receipts bound: a meals claim of $75.00 or less is fine with a basic receipt."),
    ("exp-010", ("EMP-3110", "Jakob Lindgren", "manager", "strategy", "chicago", "EMP-1101"),
     ("meals", "75.01", 0, 8, "basic", 2), "Manager's meal claim one cent above the itemized-receipt threshold with a basic receipt",
     "Rule: Receipts: a meals claim above $75.00 needs an itemized receipt."),
    ("exp-011", ("EMP-3111", "Keira Doyle", "consultant", "finance", "boston", "EMP-1105"),
     ("client_entertainment", "140.00", 0, 90, "basic", 1), "Client dinner submitted 90 days after it took place",
     "Rule: Expenses rule 3, bound included: submitted 61 to 90 days after (day 90 included) needs manager approval."),
    ("exp-012", ("EMP-3112", "Luca Bianchi", "consultant", "finance", "boston", "EMP-1105"),
     ("client_entertainment", "140.00", 0, 91, "basic", 1), "Client dinner submitted 91 days after it took place",
     "Rule: Expenses rule 1: more than 90 days after the expense, the claim is rejected."),
    ("exp-013", ("EMP-3113", "Maya Goldberg", "senior_manager", "technology", "chicago", "EMP-1002"),
     ("ground_transport", "64.20", 0, 60, "basic", 4), "Senior manager's taxi claim submitted 60 days after the trip",
     "Rule: Expenses rule 3 bound: submitted within 60 days (day 60 included) needs no approval."),
    ("exp-014", ("EMP-3114", "Nikhil Rao", "manager", "operations", "london", "EMP-1003"),
     ("client_entertainment", "500.00", 0, 12, "basic", 2), "Manager's client entertainment claim of $500 against a lower limit",
     "Rule: Expenses rule 3 applies to the reimbursable amount: capped at the limit, it is under $500.00."),
    ("exp-015", ("EMP-3115", "Olivia Grant", "analyst", "strategy", "boston", "EMP-1108"),
     ("lodging", "600.00", 3, 7, "itemized", 1), "Analyst's hotel claim of $600 while her manager is on leave",
     "Rule: Expenses rule 3 with Approvals step 2 (manager on leave: his delegate approves)."),
    ("exp-018", ("EMP-3118", "Renata Kowal", "consultant", "operations", "london", "EMP-1104"),
     ("meals", "80.00", 0, 4, "none", 1), "Consultant's meal claim above the itemized threshold with no receipt at all",
     "Rule: Expenses rule 2: with no receipt at all the reason is missing_receipt, also when an itemized one would be needed."),
    ("exp-016", ("EMP-3116", "Pavel Horak", "partner", "operations", "london", None),
     ("client_entertainment", "620.00", 0, 70, "basic", 3), "Partner's client entertainment claim submitted 70 days late",
     "Rule: Expenses: partners' claims never need approval; the partner limit still caps the claim."),
]


def build(sid, emp, claim, title, rule, status_question=False):
    eid, ename, grade, practice, office, manager = emp
    category, amount, nights, delay, receipt, ago = claim
    amount = cents(amount)
    submitted = day(-ago)
    incurred = (date.fromisoformat(submitted) - timedelta(days=delay)).isoformat()
    num = eid[4:]
    claim_id = f"EXP-{num}1"
    rows = merge(person(eid, ename, grade, practice, office, manager), {"expense_claims": [
        {"id": f"EXP-{num}0", "employee_id": eid, "category": "ground_transport", "description": "Airport taxi",
         "amount": 38.0, "incurred_on": "2026-01-08", "submitted_on": "2026-01-12", "receipt": "basic",
         "status": "approved", "approved_amount": 38.0, "decided_at": "2026-01-14T10:00:00Z"},
        {"id": claim_id, "employee_id": eid, "category": category, "description": WORDS[category].capitalize(),
         "amount": float(amount), "nights": nights, "incurred_on": incurred, "submitted_on": submitted,
         "receipt": receipt, "status": "submitted"}]})
    if sid == "exp-006":   # the manager's delegate is on leave too in this task
        rows["employees"].append({"id": "EMP-1104", "name": "Gareth Lloyd", "email": "gareth.lloyd@ashgrove.example",
                                  "grade": "senior_manager", "practice": "operations", "office": "london",
                                  "manager_id": "EMP-1003", "delegate_id": "EMP-1103", "start_date": "2014-04-22",
                                  "status": "on_leave", "helpdesk_user_id": "U-1104"})
    email = email_of(rows, eid)
    what = WORDS[category]
    request = f"Hi, could you look at my expense claim for the {what}? It's still sitting there as submitted."
    facts = {"email": email, "name": ename, "claim": f"{claim_id}, the {what} on {incurred}"}
    steps = [call("find_employee", email=email), call("list_expense_claims", employee_id=eid),
             call("get_expense_claim", claim_id=claim_id)]
    action, value = decide(category, amount, nights, delay, receipt, grade)
    limit = limit_of(category, grade, nights)
    uid = "U-" + num
    states, never = [], []
    if action == "reject":
        steps.append(call("reject_expense", claim_id=claim_id, reason="late"))
        resolution, outcome = "declined", "rejected as submitted more than 90 days after the expense"
        final = (f"I'm sorry: your {what} claim {claim_id} was submitted {delay} days after the expense, more than "
                 f"the 90 days allowed, so it has been rejected and will not be reimbursed.")
        states = [REJECTED, LATE]
    elif action == "return":
        steps.append(call("return_expense", claim_id=claim_id, reason=value))
        resolution = "waiting_on_employee"
        if value == "missing_receipt":
            outcome = "returned: a receipt is needed from $25.00"
            final = (f"Your {what} claim {claim_id} for ${amount:,.2f} needs a receipt (one is required from $25.00), "
                     "so I have returned it to you. Please attach the receipt and resubmit it.")
            states = [RETURNED, RECEIPT]
        else:
            outcome = "returned: an itemized receipt is needed above $75.00"
            final = (f"Your {what} claim {claim_id} for ${amount:,.2f} needs an itemized receipt (required for meals "
                     "and lodging above $75.00), and the one attached is a basic receipt, so I have returned it to "
                     "you. Please attach the itemized receipt and resubmit it.")
            states = [RETURNED, ITEMIZED]
    elif action == "approval":
        approver = manager
        if approver in ON_LEAVE:
            steps.append(call("find_employee", employee_id=approver))
            delegate = ON_LEAVE[approver]
            steps.append(call("find_employee", employee_id=delegate))
            if sid == "exp-006":
                approver = None
            else:
                approver = delegate
        else:
            steps.append(call("find_employee", employee_id=approver))
        capped = value < amount
        if approver is None:
            resolution = "waiting_on_employee"
            outcome = "approval needed, but the manager and her delegate are both on leave: nothing sent"
            final = (f"Your {what} claim {claim_id} can be reimbursed at ${value:,.2f} (the lodging limit for your "
                     f"grade is ${limit:,.2f} for {nights} nights), and at that amount it needs your manager's "
                     "approval. Neither your manager nor the colleague who approves in her place can take it at the "
                     "moment, so I could not send it. Please ask again when your manager is back; the claim stays "
                     "submitted.")
            states = [money(value, "amount to be approved"),
                      text(["ask again", "again", "is back", "are back", "returns"], "what to do: ask again")]
        else:
            steps.append(call("request_approval", kind="expense", requester_id=eid, approver_id=approver,
                              subject_id=claim_id, amount=float(value)))
            resolution = "awaiting_approval"
            outcome = f"sent for manager approval at {value}"
            why = (f"{delay} days after the expense" if 61 <= delay <= 90 else f"${value:,.2f}, $500.00 or more")
            lim = f" (the limit for your grade is ${limit:,.2f}, so ${value:,.2f} is reimbursable)" if capped else ""
            leave = (f" It went to {MANAGERS[approver]}."
                     if manager in ON_LEAVE else f" It went to {MANAGERS[approver]}.")
            final = (f"Your {what} claim {claim_id} needs your manager's approval ({why}){lim}. I have sent it for "
                     f"approval of ${value:,.2f}.{leave} It will be paid once approved.")
            states = [AWAITING, money(value, "amount sent for approval"), name(MANAGERS[approver], "the approver")]
            if capped:
                states.append(LIMIT)
    else:
        steps.append(call("approve_expense", claim_id=claim_id, amount=float(value)))
        resolution = "fulfilled"
        capped = value < amount
        outcome = f"approved at {value}"
        if capped:
            final = (f"Your {what} claim {claim_id} is approved for ${value:,.2f}, the limit for your grade in this "
                     f"category; the other ${amount - value:,.2f} of the ${amount:,.2f} claimed is not paid.")
            states = [APPROVED, money(value, "amount approved"), LIMIT]
        else:
            final = f"I have approved your {what} claim {claim_id} in full: ${value:,.2f} will be reimbursed."
            states = [APPROVED, money(value, "amount approved")]
    steps.append(ticket(uid, "expenses", "task", "normal", resolution, f"Expense claim {claim_id}",
                        f"Submitted {what} claim {outcome}."))
    band = BAND[grade]
    notes = (f"{rule} {grade} ({band} band), {category} ${amount} ({nights} nights) " if nights else
             f"{rule} {grade} ({band} band), {category} ${amount} ") + (
        f"with a {receipt} receipt, incurred {incurred}, submitted {submitted}: delay {delay} days. Limit {limit}. "
        f"Outcome: {action} {value}. Ticket task/normal/{resolution}.")
    return task(sid, title, request, facts,
                ["Give the claim's id or date if asked.", "Accept the decision once it is explained."],
                rows, steps, final, states, notes, never)


def info_task():
    eid, ename = "EMP-3117", "Quentin Moreau"
    rows = merge(person(eid, ename, "consultant", "technology", "chicago", "EMP-1106"), {"expense_claims": [
        {"id": "EXP-31171", "employee_id": eid, "category": "meals", "description": "Team lunch", "amount": 71.3,
         "incurred_on": "2026-02-09", "submitted_on": "2026-02-10", "receipt": "itemized", "status": "approved",
         "approved_amount": 60.0, "decided_at": "2026-02-12T09:30:00Z"}]})
    email = email_of(rows, eid)
    return task(
        "exp-017", "Consultant asks what happened to a meal claim decided last month",
        "Hi, what's the status of my claim for the team lunch in February? I'm not sure how much I'm getting back.",
        {"email": email, "name": ename, "claim": "EXP-31171, the team lunch on 2026-02-09"},
        ["Only ask for the status; do not ask for any change."],
        rows,
        [call("find_employee", email=email), call("list_expense_claims", employee_id=eid),
         ticket("U-3117", "expenses", "question", "low", "information", "Status of claim EXP-31171",
                "Claim already approved at the limit; information only.")],
        "Your team lunch claim EXP-31171 was approved for $60.00 of the $71.30 claimed (the meals limit for your "
        "grade), so there is nothing further to do.",
        [APPROVED, money(60, "amount approved")],
        "Rule: Expenses: a claim that is no longer submitted has been decided; tell its status and amount and "
        "change nothing. Ticket question/low/information/solved.")


def colleague_task():
    eid, ename = "EMP-3119", "Sophie Laurent"
    rows = merge(person(eid, ename, "manager", "strategy", "boston", "EMP-1101"),
                 person("EMP-3120", "Tomas Herrera", "analyst", "strategy", "boston", eid),
                 {"expense_claims": [
                     {"id": "EXP-31201", "employee_id": "EMP-3120", "category": "ground_transport",
                      "description": "Taxi to client site", "amount": 46.0, "incurred_on": "2026-02-24",
                      "submitted_on": "2026-02-26", "receipt": "basic", "status": "submitted"}]})
    email = email_of(rows, eid)
    return task(
        "exp-019", "Manager asks the desk to approve a team member's taxi claim",
        "Hi, one of my analysts has a taxi claim waiting. Could you approve it for him so he gets paid?",
        {"email": email, "name": ename, "team member": "Tomas Herrera, tomas.herrera@ashgrove.example",
         "claim": "EXP-31201, his taxi on 2026-02-24"},
        ["If told the desk cannot decide it, accept that."],
        rows,
        [call("find_employee", email=email),
         ticket("U-3119", "expenses", "task", "normal", "declined", "Approve a team member's claim",
                "Manager asks the desk to decide a report's claim: not the requester's own claim; declined.")],
        "I'm sorry, I can't decide Tomas's claim for you: the desk only decides an employee's own claims when they "
        "ask. His claim stays as submitted; he can ask us about it himself.",
        [DECLINED, why(["own claims", "own claim", "themselves", "himself", "herself"], "why: only the employee's own claims")],
        "Rule: Expenses, first paragraph and Service Desk Basics 2: the desk acts only on the requester's own claims; "
        "a manager's request about a team member's claim is declined and the claim is left submitted (it would "
        "otherwise be approved: $46.00, basic receipt, delay 2 days). Ticket task/normal/declined/solved.",
        never=[])


if __name__ == "__main__":
    tasks = ([build(sid, emp, claim, title, rule) for sid, emp, claim, title, rule in S] + [info_task(), colleague_task()])
    write("expenses.json", "expenses", "Expense claims: limits by category and band, receipts, lateness, approvals.",
          tasks)
