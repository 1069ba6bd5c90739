"""The hardware family (tasks/hardware.json): reason precedence, device age in whole 30-day
months, refresh thresholds, approvals (damage, premium, under-threshold refresh, monitors and
docks by department), fulfilment by office stock else order, retiring the old device, loaners.

    uv run python plugins/neobank/scripts/build_hardware.py
"""
from __future__ import annotations

from taskkit import (
    APPROVAL, DENIED, LOANER, ORDERED, create_ticket, decision, device, emp, identify, ids_never, old_ticket, phrase,
    rows_for, task, text, tool, update_ticket, write,
)

CAT = {"CAT-LAP-1": ("laptop", "Vantage 14"), "CAT-LAP-2": ("laptop", "Orbit 13"), "CAT-LAP-3": ("laptop", "Vantage 16 Max"),
       "CAT-DSK-1": ("desktop", "Tower S2"), "CAT-MON-1": ("monitor", "ClearView 27"), "CAT-MON-2": ("monitor", "ClearView 24"),
       "CAT-DOCK-1": ("dock", "PortHub 6"), "CAT-HS-1": ("headset", "Quietline Pro"), "CAT-MOU-1": ("mouse", "Glide M2"),
       "CAT-KEY-1": ("keyboard", "Keyline K3")}
MANAGERS = {"EMP-1043": "Ivan Petrov", "EMP-1036": "Theo Marchetti", "EMP-1061": "Marco Bianchi",
            "EMP-1003": "Priyanka Desai", "EMP-1031": "Clara Nilsen", "EMP-1042": "Grace Liu", "EMP-1010": "Hana Okonkwo",
            "EMP-1011": "Luis Ortega", "EMP-1021": "Oskar Brandt", "EMP-1051": "Kwame Asante", "EMP-1012": "Mei Tanaka",
            "EMP-1002": "Tomasz Lindqvist", "EMP-1001": "Rosalind Achebe", "EMP-1032": "Ravi Menon"}
BIG = ("laptop", "desktop")

NO_LOANER = {"question": "Does the message avoid offering a loaner or other temporary stand-in device?",
             "rule": {"none": [r"(?<!no )\bloan(?:er|ed)?s?\b(?![^.]{0,20}\b(?:only|isn't|aren't)\b)", r"\b(?:lend|borrow)\b",
                               r"(?<!no )\b(?:temporary|spare|stand-?in|backup|interim|shared|pool|hot-?desk|courtesy) "
                               r"(?:laptop|device|monitor|headset|dock|replacement)",
                               r"\b(?:in the meantime|meanwhile)\b[^.]{0,60}\b(?:an?|one|another) (?:[\w-]+ )?"
                               r"(?:laptop|headset|monitor|dock|device)\b"]}}
NOT_YET = {"question": "Does the message avoid saying that the new device has already been given, ordered or shipped?",
           "rule": {"none": [r"(?:^|[.!?;:,])(?!\s*(?:(?:so|and|but) )?(?:no|nothing|none)\b)[^.!?;:,]*?"
                             r"(?:\bhas|\bhave|'ve|'s) (?:now |already )?been "
                             r"(?:assigned|shipped|ordered|dispatched|allocated|set up|delivered)\b",
                             r"\b(?:I|we)(?:'ve| have) (?:now |also |just |already )?(?:assigned|ordered|shipped|dispatched|reserved|"
                             r"allocated)(?: (?:you|it|a|an|the|your|one))\b",
                             r"\band (?:have )?(?:assigned|ordered|shipped|dispatched|reserved) (?:you|it|a|an|the|your|one)\b",
                             r"\b(?:is|are|was|were) (?:now |already )?(?:shipped|dispatched|ordered|assigned to you)\b",
                             r"\bha(?:s|ve) (?:now |already )?shipped\b", r"\bis being (?:prepared|shipped|sent|set up|delivered)\b",
                             r"\b(?:placed|put in) (?:an? )?order\b", r"\b(?:is|are) (?:already |now )?waiting for you\b",
                             r"\bis (?:on (?:its|the) way|ready for (?:pick-?up|collection))\b",
                             r"\bready to (?:collect|pick up)\b"]}}


def fields(dtype: str, reason: str, outcome: str, *, approver: str | None = None, asset: str | None = None,
           approved: bool = False) -> dict:
    """The ticket's fields by 01_service_desk_and_tickets.md."""
    kind = "incident" if reason in ("damage", "failure") else "task"
    if dtype in BIG:
        priority = "high" if reason in ("damage", "failure") else "normal"
    else:
        priority = "low"
    resolution = {"assign": "device_assigned", "order": "device_ordered", "pending": "pending_approval",
                  "denied": "denied"}[outcome]
    status = "pending" if outcome == "pending" else "solved"
    needs = outcome == "pending" or approved
    return dict(type=kind, priority=priority, tags=["hardware"], resolution=resolution, status=status,
                approval_required=needs, approval_status="pending" if outcome == "pending" else
                ("approved" if approved else "not_required"), approver_id=approver if needs else None, asset_id=asset)


def hw(tid: str, title: str, request: str, p: dict, facts: dict, *, dtype: str, reason: str, outcome: str,
       old: dict | None = None, pick: str | None = None, catalog: str | None = None, final: str, notes: str,
       extra_rows: dict | None = None, rubric: list | None = None, behavior: list | None = None,
       justification: str = "", loaner: bool = False, followup: dict | None = None, declines: bool = False) -> dict:
    """pick: the in-stock asset given; catalog: the item ordered or asked for approval. A replacement given
    from stock is first explained and agreed ("The old device": it is handed in); with `declines` the
    employee keeps the old device once told, and only the ticket records the request (denied)."""
    rows = rows_for(p, **(extra_rows or {}))
    if old:
        rows.setdefault("assets", []).append(old)
    manager = p["employee"]["manager_id"]
    office = p["employee"]["office"]
    steps = [*identify(p), tool("get_employee_devices", employee_id=p["id"])]
    if old:
        steps.append(tool("get_device_details", asset_id=old["id"]))
    if outcome != "denied" or followup:
        steps.append(tool("get_catalog", device_type=dtype))
        steps.append(tool("check_inventory", device_type=dtype, **({} if office == "remote" else {"site": office})))
    hand_in = outcome == "assign" and bool(old) and reason in ("damage", "failure", "refresh")
    assert hand_in or not declines
    if declines:
        outcome = "denied"
    asset = pick if outcome == "assign" else (old["id"] if old else None)
    tfields = fields(dtype, reason, outcome, approver=manager, asset=asset, approved=bool(followup))
    ticket_id = followup["ticket"] if followup else "TCK-5001"
    if followup:
        steps.append(tool("get_approval_requests", requester_id=p["id"]))
        rows.setdefault("tickets", []).append(old_ticket(ticket_id, p, followup["created"], **{
            **tfields, "resolution": "pending_approval", "status": "pending", "approval_status": "pending",
            "asset_id": old["id"] if old else None}))
        rows.setdefault("approval_requests", []).append(
            {"id": followup["request"], "ticket_id": ticket_id, "requester_id": p["id"], "approver_id": manager,
             "approver_role": "manager", "step": 1, "target_kind": "hardware", "target_id": followup["target"],
             "urgency": tfields["priority"], "status": "approved", "justification": "Earlier request.",
             "created_at": followup["created"]})
    if outcome == "pending":
        steps.append(tool("find_approver", employee_id=p["id"], role="manager"))
    if hand_in:
        model = next(m for a, m in STOCK_MODELS if a == pick)
        where = "the IT desk" if office == "remote" else f"the {office.title()} IT desk"
        steps.append({"say": f"I can give you a {model} from stock at {where}. When you collect it, you hand in your "
                             f"old {dtype}, which is wiped and retired. Would you like me to go ahead?"})
    if followup:
        steps.append(update_ticket(ticket_id, **tfields))
    else:
        steps.append(create_ticket(p, f"{dtype.capitalize()} request", f"{reason} request for a {dtype}.",
                                   justification, **tfields))
    if outcome == "pending":
        steps.append(tool("create_approval_request", ticket_id=ticket_id, requester_id=p["id"], approver_id=manager,
                          approver_role="manager", step=1, target_kind="hardware", target_id=catalog,
                          urgency=tfields["priority"], justification=justification or f"{reason} of a {dtype}"))
    elif outcome == "assign":
        steps.append(tool("assign_device", asset_id=pick, employee_id=p["id"], reason=reason))
        if old and reason in ("damage", "failure", "refresh"):
            steps.append(tool("retire_device", asset_id=old["id"]))
    elif outcome == "order":
        steps.append(tool("create_order", employee_id=p["id"], ticket_id=ticket_id, item_kind="hardware",
                          catalog_id=catalog, reason=reason))
    states = []
    if declines:
        states.append(text("the model offered", model))
    elif outcome == "assign":
        model = next(m for a, m in STOCK_MODELS if a == pick)
        states.append(phrase("device given", model.replace(" ", r"\s")))
    elif outcome == "order":
        states += [phrase("decision: ordered", ORDERED), phrase("model ordered", CAT[catalog][1].replace(" ", r"\s"))]
    elif outcome == "pending":
        states += [phrase("decision: waiting for approval", APPROVAL), phrase("approver", MANAGERS[manager])]
    else:
        states.append(phrase("decision: refused", DENIED))
    if loaner:
        states.append(phrase("loaner laptop offered", LOANER))
    owned = [a["id"] for a in (extra_rows or {}).get("assets", []) if a.get("assigned_to") == p["id"]]
    never = ids_never(*[i for i in (ticket_id, p["id"], old["id"] if old else None, *owned, pick,
                                    followup["request"] if followup else None,
                                    "APR-7001" if outcome == "pending" else None,
                                    "PO-7001" if outcome == "order" else None) if i])
    facts = {"name": p["name"], "email": p["email"], **facts}
    decisions = None
    if hand_in:
        decisions = [{"about": ABOUT, "answer": "no" if declines else "yes", "after": AFTER,
                      "reply": f"No, thanks: I'd rather keep my current {dtype} for now." if declines
                      else "Yes, please go ahead."}]
        if declines:
            never = [*never, decision("granted", "decision: a replacement given anyway")]
    out = task(tid, title, request, facts, rows, steps, final, notes, states, never, behavior=behavior, rubric=rubric,
               decisions=decisions)
    if hand_in:
        out["says"]["states_before"] = [{**HAND_IN, "before": "assign_device"}]
        if not declines:
            out["says"]["agreement"] = [{"before": "assign_device"}]
    return out


# 05_hardware.md, "The old device": the employee hands the old device in when collecting one given
# from stock, so they are told and agree before it is assigned.
HAND_IN = {"text": ["hand in", "hand it in", "handed in", "handing in", "hand over", "return your old",
                    "return the old", "give back", "bring it along", "bring your old"], "label": "the old device is handed in"}
ABOUT = "replace the device and hand in the old one"
AFTER = ["handing in the old device", "hand in", "hand it in", "handed in", "return"]

STOCK_MODELS = [("AST-5001", "Vantage 14"), ("AST-5002", "Vantage 14"), ("AST-5003", "Orbit 13"), ("AST-5004", "Orbit 13"),
                ("AST-5005", "Orbit 13"), ("AST-5006", "Vantage 16 Max"), ("AST-5007", "Vantage 14"),
                ("AST-5008", "Tower S2"), ("AST-5009", "ClearView 27"), ("AST-5010", "ClearView 24"),
                ("AST-5011", "ClearView 27"), ("AST-5012", "PortHub 6"), ("AST-5013", "Quietline Pro"),
                ("AST-5014", "Quietline Pro"), ("AST-5015", "Glide M2"), ("AST-5016", "Keyline K3")]


def lap(aid, owner, days, site, condition="good"):
    return device(aid, "CAT-LAP-2", "laptop", "Orbit 13", days, owner, site, condition)


def tasks() -> list[dict]:
    out = []
    # 1 refresh at 44 months, Toronto: rank-1 model in stock
    p = emp(4101, "Chen Wei", "Software Engineer", 4, "ENG", "toronto", "EMP-1011")
    out.append(hw("hw-001", "Engineer in Toronto asks to replace a laptop bought about three and a half years ago",
                  "Hi, my laptop is getting really old. Can I get a new one?", p,
                  {"reason": "It's old; it still works, nothing is broken."}, dtype="laptop", reason="refresh", outcome="assign",
                  old=lap("AST-6101", p["id"], 1330, "toronto"), pick="AST-5001",
                  final="Your laptop is 44 months old, past the 36-month refresh age, so you're due a new one: a Vantage 14 "
                        "is ready for you at the Toronto IT desk. Your old laptop has been retired, so please hand it in "
                        "when you collect the new one.",
                  notes="Rule: Hardware, refresh at 36 months or more, no approval; fulfilment: first ranked standard model "
                        "in stock at the office. Age floor(1330/30) = 44. Toronto has Vantage 14 (rank 1): AST-5001 (lowest id). "
                        "Replacement from stock -> retire AST-6101. Ticket: task, normal, [hardware], device_assigned, solved, "
                        "asset AST-5001."))
    # 2 exactly 36 months, Austin: rank 1 only elsewhere, rank 2 at Austin
    p = emp(4102, "Maya Goldberg", "Support Specialist", 3, "SUPP", "austin", "EMP-1042")
    out.append(hw("hw-002", "Austin support specialist's laptop is exactly 1,080 days old",
                  "Hello! I'd like to get my laptop refreshed, is it due?", p, {"reason": "Routine refresh; it works."},
                  dtype="laptop", reason="refresh", outcome="assign", old=lap("AST-6102", p["id"], 1080, "austin"),
                  pick="AST-5004",
                  final="Yes: your laptop is 36 months old, which is exactly the refresh age. The Vantage 14 isn't in stock "
                        "in Austin, so you'll get an Orbit 13, ready at the Austin IT desk. Your old laptop has been retired; "
                        "please bring it along when you collect the new one.",
                  notes="Rule: Hardware, refresh threshold included (36 months) and fulfilment by office stock only. "
                        "1080 days -> 36 months -> eligible. Vantage 14 (rank 1) has no unit at Austin (Toronto and Dublin "
                        "stock is never used); Orbit 13 (rank 2) has AST-5004 and AST-5005 at Austin -> AST-5004. Retire "
                        "AST-6102. Ticket: task, normal, [hardware], device_assigned, solved, asset AST-5004."))
    # 3 35 months with justification -> manager approval
    p = emp(4103, "Rachel Osei", "Financial Analyst", 2, "FIN", "toronto", "EMP-1043")
    out.append(hw("hw-003", "Finance analyst's working laptop is 1,079 days old and short of memory for month-end models",
                  "Hi, can I get a new laptop? Mine doesn't have enough memory for our month-end models.", p,
                  {"business justification": "The month-end forecasting models need more memory than this laptop has."},
                  dtype="laptop", reason="refresh", outcome="pending", old=lap("AST-6103", p["id"], 1079, "toronto"),
                  catalog="CAT-LAP-1", justification="Month-end forecasting models need more memory than the current laptop has.",
                  final="Your laptop is 35 months old, one month short of the 36-month refresh age, so an early refresh "
                        "needs your manager's approval. I've sent the request with your justification to Ivan Petrov "
                        "(Finance Manager); once he approves, we'll arrange the new laptop.",
                  rubric=[NOT_YET],
                  notes="Rule: Hardware, refresh under the threshold: justification + manager approval. 1079 days -> "
                        "floor(35.97) = 35 months < 36. Justification given -> one request to Ivan Petrov (EMP-1043), step 1, "
                        "target the item fulfilment would pick (Toronto has Vantage 14 -> CAT-LAP-1), urgency normal. "
                        "Ticket: task, normal, [hardware], pending_approval, pending, approver EMP-1043, asset AST-6103."))
    # 4 35 months, no justification -> refused
    p = emp(4104, "Jonas Berg", "Product Designer", 3, "DSGN", "dublin", "EMP-1036")
    out.append(hw("hw-004", "Designer wants a new laptop a month before the refresh age, without a work reason",
                  "Hey, my laptop is nearly three years old. Could I swap it for a new one?", p,
                  {"business justification": "No particular work reason, I'd just like a newer one."},
                  dtype="laptop", reason="refresh", outcome="denied", old=lap("AST-6104", p["id"], 1060, "dublin"),
                  final="I'm sorry, I can't replace it yet. Your laptop is 35 months old and the refresh age is 36 months; "
                        "an earlier refresh needs a business reason, and without one it can't go ahead. You'll be "
                        "eligible from next month.",
                  notes="Rule: Hardware, refresh under the threshold without a justification is refused. 1060 days -> 35 "
                        "months. No work reason -> denied; only the ticket changes. Ticket: task, normal, [hardware], denied, "
                        "solved, no approval, asset AST-6104 (the device the request is about)."))
    # 5 remote, 38 months -> order, keep old, no loaner
    p = emp(4105, "Iris Halvorsen", "Product Manager", 4, "PROD", "remote", "EMP-1031")
    out.append(hw("hw-005", "Remote product manager asks to refresh a laptop bought over three years ago",
                  "Hi there, I work from home and my laptop is past three years old now. Can I get it refreshed?", p,
                  {"reason": "Routine refresh; it still works."}, dtype="laptop", reason="refresh", outcome="order",
                  old=lap("AST-6105", p["id"], 1150, "remote"), catalog="CAT-LAP-1", rubric=[NO_LOANER],
                  final="Your laptop is 38 months old, so it's due for a refresh. As you work remotely there's no office "
                        "stock to take from, so I've ordered a Vantage 14 to be shipped to your home. Keep using your "
                        "current laptop until the new one arrives.",
                  notes="Rule: Hardware, fulfilment: no office stock for remote employees -> order the rank-1 model; an "
                        "ordered replacement keeps the old device (not retired); loaners only for laptops ordered for "
                        "damage or failure. 1150 days -> 38 months >= 36. Order CAT-LAP-1, reason refresh. Ticket: task, "
                        "normal, [hardware], device_ordered, solved, asset AST-6105."))
    # 6 Austin laptop stock all taken; Toronto has stock -> order
    p = emp(4106, "Tariq Nasser", "Risk Analyst", 4, "RISK", "austin", "EMP-1051")
    taken = [{**device(a, "CAT-LAP-2", "laptop", "Orbit 13", 80, "EMP-1042", "austin"), "condition": "new"}
             for a in ("AST-5004", "AST-5005")]
    out.append(hw("hw-006", "Austin risk analyst asks for a laptop refresh while the Austin shelf has no laptops",
                  "Hi, my laptop is over three years old. Could I get a replacement?", p,
                  {"reason": "Routine refresh; it works fine."}, dtype="laptop", reason="refresh", outcome="order",
                  old=lap("AST-6106", p["id"], 1240, "austin"), catalog="CAT-LAP-1", extra_rows={"assets": taken},
                  final="Your laptop is 41 months old, so it's due for a refresh. There's no laptop in stock at the Austin "
                        "office right now, so I've ordered a Vantage 14, shipped to the Austin office. Keep your current "
                        "laptop until the new one arrives.",
                  notes="Rule: Hardware, fulfilment uses the employee's office stock only. 1240 days -> 41 months. Austin's "
                        "two Orbit 13 units are assigned in this task (AST-5004, AST-5005) and Austin has no Vantage 14; "
                        "Toronto's stock is not used -> order CAT-LAP-1 (rank 1), reason refresh; old laptop kept. Ticket: "
                        "task, normal, [hardware], device_ordered, solved, asset AST-6106."))
    # 7 desktop 45 months (desktop threshold 48) with justification -> approval
    p = emp(4107, "Sanne de Vries", "Payroll Specialist", 3, "FIN", "austin", "EMP-1043")
    out.append(hw("hw-007", "Payroll specialist's working desktop is 45 months old and short of memory for the payroll suite",
                  "Hi, my desktop computer is almost four years old. Can it be replaced?", p,
                  {"does it work": "Yes, it works.",
                   "business justification": "The new payroll suite needs more memory than this desktop has."}, dtype="desktop",
                  reason="refresh", outcome="pending",
                  old=device("AST-6107", "CAT-DSK-1", "desktop", "Tower S2", 1355, p["id"], "austin"),
                  catalog="CAT-DSK-1", justification="The new payroll suite needs more memory than the current desktop has.", rubric=[NOT_YET],
                  final="Desktops are refreshed at 48 months and yours is 45 months old, so an early replacement needs "
                        "your manager's approval. I've sent your request and reason to Ivan Petrov (Finance Manager); "
                        "we'll arrange the new desktop once he approves.",
                  notes="Rule: Hardware, desktop refresh threshold 48 months; under it: justification + manager. 1355 days "
                        "-> 45 months < 48 (a laptop would be eligible). Request to Ivan Petrov (EMP-1043), target CAT-DSK-1 "
                        "(in stock at Austin), urgency normal. Ticket: task, normal, [hardware], pending_approval, pending, "
                        "approver EMP-1043, asset AST-6107."))
    # 8 desktop 50 months, Austin stock
    p = emp(4108, "Kofi Mensah", "Support Specialist", 2, "SUPP", "austin", "EMP-1042")
    out.append(hw("hw-008", "Support specialist's desktop is just over four years old",
                  "Hello, my desktop is more than four years old. Is it time for a new one?", p,
                  {"reason": "Routine refresh; it works."}, dtype="desktop", reason="refresh", outcome="assign",
                  old=device("AST-6108", "CAT-DSK-1", "desktop", "Tower S2", 1510, p["id"], "austin"), pick="AST-5008",
                  final="Yes, your desktop is 50 months old, past the 48-month refresh age. A new Tower S2 is waiting for "
                        "you at the Austin IT desk, and your old one has been retired.",
                  notes="Rule: Hardware, desktop refresh at 48 months or more. 1510 days -> 50 months. Austin has Tower S2 "
                        "AST-5008 -> assign, retire AST-6108. Ticket: task, normal, [hardware], device_assigned, solved, "
                        "asset AST-5008."))
    # 9 laptop failure (faulty), 14 months, Toronto
    p = emp(4109, "Lea Fischer", "Data Engineer", 3, "ENG", "toronto", "EMP-1010")
    out.append(hw("hw-009", "Engineer's 14-month-old laptop was diagnosed with a faulty mainboard",
                  "IT Ops told me my laptop's mainboard is dead. What happens now?", p,
                  {"what happened": "It stopped booting; IT Operations diagnosed a mainboard fault yesterday."},
                  dtype="laptop", reason="failure", outcome="assign",
                  old=lap("AST-6109", p["id"], 430, "toronto", condition="faulty"), pick="AST-5001",
                  final="Sorry about that. Since the fault is confirmed, you get a replacement straight away: a Vantage 14 "
                        "is ready at the Toronto IT desk. The faulty laptop has been retired.",
                  notes="Rule: Hardware, failure (condition faulty): no approval, whatever the age. 430 days -> 14 months "
                        "(age does not matter for a failure). Toronto Vantage 14 -> AST-5001; retire AST-6109. Ticket: "
                        "incident, high, [hardware], device_assigned, solved, asset AST-5001."))
    # 10 laptop failure, remote -> order + loaner
    p = emp(4110, "Bruno Costa", "Data Scientist", 4, "DATA", "remote", "EMP-1021")
    out.append(hw("hw-010", "Remote data scientist's laptop has a diagnosed battery and board fault",
                  "My laptop died and IT Operations says it's a hardware fault. I work from home, what now?", p,
                  {"what happened": "It won't power on; IT Operations confirmed a hardware fault."}, dtype="laptop",
                  reason="failure", outcome="order", old=lap("AST-6110", p["id"], 600, "remote", condition="faulty"),
                  catalog="CAT-LAP-1", loaner=True,
                  final="Since the fault is confirmed, you get a replacement without any approval. There's no office stock "
                        "for remote staff, so I've ordered a Vantage 14 to your home, and a loaner laptop will be sent to "
                        "you by courier until it arrives. Keep the faulty laptop until then.",
                  notes="Rule: Hardware, failure without approval; remote -> order rank 1; an ordered laptop for failure "
                        "gets a loaner and the old device is kept. Order CAT-LAP-1, reason failure. Ticket: incident, high, "
                        "[hardware], device_ordered, solved, asset AST-6110."))
    # 11 damage of a refresh-eligible laptop -> approval (damage precedes refresh)
    p = emp(4111, "Hannah Brooks", "People Partner", 3, "PPL", "toronto", "EMP-1061")
    out.append(hw("hw-011", "People partner dropped a laptop that is also past the refresh age",
                  "I dropped my laptop on the stairs and the screen is cracked. It's pretty old anyway. Can I get a new one?",
                  p, {"what happened": "Dropped it on the stairs this morning; the screen is cracked."}, dtype="laptop",
                  reason="damage", outcome="pending", old=lap("AST-6111", p["id"], 1200, "toronto"), catalog="CAT-LAP-1",
                  justification="Laptop dropped; screen cracked.", rubric=[NOT_YET],
                  final="Sorry to hear that. A damaged device always needs your manager's approval before we replace it, "
                        "even though the laptop is also past its refresh age. I've sent the request to Marco Bianchi "
                        "(People Partner Manager); as soon as he approves, we'll get you a new laptop.",
                  notes="Rule: Hardware, reason precedence damage > failure > refresh; damage always needs the manager. "
                        "1200 days -> 40 months (refresh-eligible), but the reason is damage -> request to Marco Bianchi "
                        "(EMP-1061), target CAT-LAP-1 (in stock in Toronto), urgency high. Ticket: incident, high, "
                        "[hardware], pending_approval, pending, approver EMP-1061, asset AST-6111."))
    # 12 executive with damage -> still manager approval
    p = emp(4112, "Victor Almeida", "VP Treasury", 8, "FIN", "dublin", "EMP-1003")
    out.append(hw("hw-012", "Treasury vice-president spilled coffee on a 22-month-old laptop",
                  "I spilled coffee on my laptop and now the keyboard doesn't work. I need a replacement quickly.", p,
                  {"what happened": "Coffee spilled on it this morning; several keys are dead."}, dtype="laptop",
                  reason="damage", outcome="pending", old=lap("AST-6112", p["id"], 670, "dublin"), catalog="CAT-LAP-1",
                  justification="Liquid damage to the keyboard.", rubric=[NOT_YET],
                  final="I'm sorry about the spill. Replacing a damaged device needs your manager's approval at every "
                        "level, so I've sent the request to Priyanka Desai (Chief Financial Officer), marked high priority. "
                        "As soon as she approves, the replacement will be arranged.",
                  notes="Rule: Hardware, damage: manager approval always (whatever the level). Level 8 does not waive it. "
                        "Request to Priyanka Desai (EMP-1003), target CAT-LAP-1 (Dublin has Vantage 14), urgency high. "
                        "Ticket: incident, high, [hardware], pending_approval, pending, approver EMP-1003, asset AST-6112."))
    # 13 follow-up: damage approved -> fulfil
    p = emp(4113, "Omar Haddad", "Backend Engineer", 3, "ENG", "toronto", "EMP-1011")
    out.append(hw("hw-013", "Engineer follows up on his damaged-laptop request a day after his manager's decision",
                  "Hi, following up on my cracked laptop. My manager said he approved the replacement yesterday.", p,
                  {"what happened": "Cracked the lid in my bag last week."}, dtype="laptop", reason="damage",
                  outcome="assign", old=lap("AST-6113", p["id"], 760, "toronto", condition="damaged"), pick="AST-5001",
                  followup={"ticket": "TCK-4113", "request": "APR-4113", "target": "CAT-LAP-1",
                            "created": "2025-09-29T10:00:00Z"},
                  final="Thanks for following up. Your manager's approval is in, so a new Vantage 14 is ready for you at "
                        "the Toronto IT desk, and the damaged laptop has been retired.",
                  notes="Rule: Hardware, a follow-up that finds the approval given is fulfilled on the same ticket. "
                        "APR-4113 approved; Toronto Vantage 14 -> AST-5001, reason damage, retire AST-6113. Ticket TCK-4113 "
                        "reused: incident, high, [hardware], device_assigned, solved, approval required and approved, "
                        "approver EMP-1011, asset AST-5001."))
    # 14 premium laptop, non-executive -> manager approval
    p = emp(4114, "Eva Novak", "Senior Product Manager", 4, "PROD", "toronto", "EMP-1031")
    out.append(hw("hw-014", "Product manager due a refresh asks for the larger premium laptop",
                  "My laptop is over three years old. For the new one, could I get the big Vantage 16 Max?", p,
                  {"reason": "Routine refresh; I present a lot and want the bigger screen."}, dtype="laptop",
                  reason="refresh", outcome="pending", old=lap("AST-6114", p["id"], 1175, "toronto"), catalog="CAT-LAP-3",
                  justification="Presents often; wants the larger screen.", rubric=[NOT_YET],
                  final="Your laptop is due for a refresh. The Vantage 16 Max is a premium model, which needs your "
                        "manager's approval below executive level, so I've asked Clara Nilsen (Group Product Manager) to "
                        "approve it. Once she does, we'll arrange it.",
                  notes="Rule: Hardware, premium model below level 8: manager approval. 1175 days -> 39 months (refresh "
                        "due, but premium still needs approval). Request to Clara Nilsen (EMP-1031), target CAT-LAP-3 (in "
                        "stock in Toronto), urgency normal. Ticket: task, normal, [hardware], pending_approval, pending, "
                        "approver EMP-1031, asset AST-6114."))
    # 15 premium for executive, Toronto stock
    p = emp(4115, "Helena Sorensen", "VP Engineering Operations", 8, "ENG", "toronto", "EMP-1002")
    out.append(hw("hw-015", "Engineering vice-president due a refresh asks for the premium laptop",
                  "Hi, my laptop is past three years. I'd like the Vantage 16 Max this time.", p,
                  {"reason": "Routine refresh."}, dtype="laptop", reason="refresh", outcome="assign",
                  old=lap("AST-6115", p["id"], 1110, "toronto"), pick="AST-5006",
                  final="Your laptop is 37 months old, so it's due, and as an executive you can have the premium model "
                        "without approval. A Vantage 16 Max is ready at the Toronto IT desk; your old laptop has been retired.",
                  notes="Rule: Hardware, executives (level 8+) get a premium model without approval. 1110 days -> 37 "
                        "months. Toronto has Vantage 16 Max AST-5006 -> assign, retire AST-6115. Ticket: task, normal, "
                        "[hardware], device_assigned, solved, asset AST-5006."))
    # 16 premium for executive, Austin: no premium stock -> order
    p = emp(4116, "Daniel Reyes", "VP Customer Operations", 8, "SUPP", "austin", "EMP-1001")
    out.append(hw("hw-016", "Austin vice-president due a refresh asks for the premium laptop",
                  "Hello, I'm due a new laptop and would like the Vantage 16 Max.", p, {"reason": "Routine refresh."},
                  dtype="laptop", reason="refresh", outcome="order", old=lap("AST-6116", p["id"], 1205, "austin"),
                  catalog="CAT-LAP-3", rubric=[NO_LOANER],
                  final="Your laptop is 40 months old, so it's due, and the premium model needs no approval at your level. "
                        "There's no Vantage 16 Max in Austin, so I've ordered one, shipped to the Austin office. Keep your "
                        "current laptop until it arrives.",
                  notes="Rule: Hardware, executive premium without approval; fulfilment: no premium unit at Austin (the "
                        "only one is in Toronto) -> order CAT-LAP-3, reason refresh; old laptop kept. 1205 days -> 40 months. "
                        "Ticket: task, normal, [hardware], device_ordered, solved, asset AST-6116."))
    # 17 monitor, new equipment, ENG -> no approval
    p = emp(4117, "Aditya Rao", "Software Engineer", 2, "ENG", "toronto", "EMP-1012")
    out.append(hw("hw-017", "Engineer without a monitor asks for one",
                  "Hi! Could I get an external monitor for my desk?", p, {"current monitors": "None."}, dtype="monitor",
                  reason="new_equipment", outcome="assign", pick="AST-5009", rubric=[NO_LOANER],
                  final="Sure: engineers get monitors without approval. A ClearView 27 is ready for you at the Toronto IT desk.",
                  notes="Rule: Hardware, monitors as new equipment: no approval for ENG, DATA and DSGN. Toronto ClearView 27 "
                        "(rank 1) -> AST-5009, reason new_equipment. Ticket: task, low, [hardware], device_assigned, solved, "
                        "asset AST-5009."))
    # 18 monitor, FIN -> manager approval
    p = emp(4118, "Grace Mutua", "Accounts Payable Specialist", 2, "FIN", "toronto", "EMP-1043")
    out.append(hw("hw-018", "Finance specialist without a monitor asks for one",
                  "Hi, I'd like an external monitor please, working on one small screen is hard.", p,
                  {"current monitors": "None.", "business justification": "Reconciling two spreadsheets side by side."},
                  dtype="monitor", reason="new_equipment", outcome="pending", catalog="CAT-MON-1",
                  justification="Reconciles two spreadsheets side by side.", rubric=[NOT_YET],
                  final="Monitors for the Finance team need the manager's approval, so I've asked Ivan Petrov (Finance "
                        "Manager) to approve one for you. Once he does, we'll set it up.",
                  notes="Rule: Hardware, monitors for departments other than ENG, DATA, DSGN: manager approval. Request to "
                        "Ivan Petrov (EMP-1043), target CAT-MON-1 (in stock in Toronto), urgency low. Ticket: task, low, "
                        "[hardware], pending_approval, pending, approver EMP-1043, no asset."))
    # 19 a third monitor -> refused
    p = emp(4119, "Petra Kovac", "Data Analyst", 3, "DATA", "toronto", "EMP-1021")
    mons = [device("AST-6119", "CAT-MON-1", "monitor", "ClearView 27", 300, p["id"], "toronto"),
            device("AST-6120", "CAT-MON-2", "monitor", "ClearView 24", 300, p["id"], "toronto")]
    out.append(hw("hw-019", "Data analyst with two monitors asks for another one",
                  "Hey, could I get one more monitor? I'd love a three-screen setup.", p, {"current monitors": "Two."},
                  dtype="monitor", reason="new_equipment", outcome="denied", extra_rows={"assets": mons},
                  final="I'm sorry, I can't add a third monitor: each employee can have at most two, and you already have "
                        "a ClearView 27 and a ClearView 24.",
                  notes="Rule: Hardware, at most two monitors: a third is refused (even for DATA, who need no approval). "
                        "Only the ticket changes. Ticket: task, low, [hardware], denied, solved, no approval, no asset."))
    # 20 monitor, DSGN, Austin: rank 2 in stock
    p = emp(4120, "Lina Park", "UX Designer", 3, "DSGN", "austin", "EMP-1036")
    out.append(hw("hw-020", "Austin designer without a monitor asks for one",
                  "Hi, can I have a monitor for my desk in Austin?", p, {"current monitors": "None."}, dtype="monitor",
                  reason="new_equipment", outcome="assign", pick="AST-5010", rubric=[NO_LOANER],
                  final="Of course, designers get monitors without approval. The ClearView 27 isn't in stock in Austin, so "
                        "you'll get a ClearView 24, ready at the Austin IT desk.",
                  notes="Rule: Hardware, DSGN monitor without approval; fulfilment: ClearView 27 (rank 1) not at Austin, "
                        "ClearView 24 (rank 2) AST-5010 is -> assign. The premium ClearView 34 Curve at Austin is not "
                        "given (standard unless asked). Ticket: task, low, [hardware], device_assigned, solved, asset AST-5010."))
    # 21 dock, DATA, Dublin: none at Dublin -> order
    p = emp(4121, "Sean O'Brien", "Analytics Engineer", 3, "DATA", "dublin", "EMP-1021")
    out.append(hw("hw-021", "Dublin analytics engineer without a dock asks for one",
                  "Hi, I need a docking station for my desk please.", p, {"current dock": "None."}, dtype="dock",
                  reason="new_equipment", outcome="order", catalog="CAT-DOCK-1", rubric=[NO_LOANER],
                  final="Docks need no approval for Data and Analytics. There's none in stock in Dublin, so I've ordered a "
                        "PortHub 6, shipped to the Dublin office.",
                  notes="Rule: Hardware, docks without approval for DATA; no dock at Dublin (Toronto's AST-5012 is not "
                        "used) -> order CAT-DOCK-1, reason new_equipment. Ticket: task, low, [hardware], device_ordered, "
                        "solved, no asset."))
    # 22 dock, SUPP -> manager approval
    p = emp(4122, "Noah Williams", "Support Team Lead", 5, "SUPP", "toronto", "EMP-1042")
    out.append(hw("hw-022", "Support team lead without a dock asks for one",
                  "Hello, could I get a docking station? Plugging everything in each morning is a pain.", p,
                  {"current dock": "None.", "business justification": "Hot-desking between two floors daily."},
                  dtype="dock", reason="new_equipment", outcome="pending", catalog="CAT-DOCK-1",
                  justification="Hot-desks between two floors daily.",
                  final="Docks for Customer Support need the manager's approval, so I've sent the request to Grace Liu "
                        "(Support Team Manager). Once she approves, we'll set you up.",
                  notes="Rule: Hardware, docks outside ENG, DATA and DSGN: manager approval, whatever the level (5 here). "
                        "Request to Grace Liu (EMP-1042), target CAT-DOCK-1 (Toronto stock), urgency low. Ticket: task, "
                        "low, [hardware], pending_approval, pending, approver EMP-1042, no asset."))
    # 23 headset, no approval
    p = emp(4123, "Zoe Adams", "Support Specialist", 1, "SUPP", "austin", "EMP-1042")
    out.append(hw("hw-023", "New support specialist asks for a headset",
                  "Hi, I'm taking customer calls from next week and don't have a headset yet.", p,
                  {"current headset": "None."}, dtype="headset", reason="new_equipment", outcome="assign",
                  pick="AST-5013",
                  final="Headsets need no approval: a Quietline Pro is ready for you at the Austin IT desk.",
                  notes="Rule: Hardware, headsets, mice and keyboards: no approval. Austin Quietline Pro AST-5013. Ticket: "
                        "task, low, [hardware], device_assigned, solved, asset AST-5013."))
    # 24 keyboard refresh -> refused
    p = emp(4124, "Felix Wagner", "Compliance Analyst", 3, "CMPL", "dublin", "EMP-1045")
    kb = device("AST-6124", "CAT-KEY-1", "keyboard", "Keyline K3", 1500, p["id"], "dublin")
    out.append(hw("hw-024", "Compliance analyst asks to swap a working four-year-old keyboard for a new one",
                  "Hi, my keyboard is four years old and looks worn. Can I get a new one?", p,
                  {"does it work": "Yes, it works, it just looks tired."}, dtype="keyboard", reason="refresh",
                  outcome="denied", old=kb,
                  final="I'm sorry, I can't replace it: keyboards aren't refreshed for age, so a working one isn't swapped. If it stops "
                        "working or gets damaged, we'll replace it then.",
                  notes="Rule: Hardware, docks, headsets, mice and keyboards are never refreshed: a working one is refused. "
                        "Only the ticket changes. Ticket: task, low, [hardware], denied, solved, asset AST-6124."))
    # 25 damaged mouse -> manager approval
    p = emp(4125, "Ruth Tembo", "Risk Analyst", 2, "RISK", "dublin", "EMP-1051")
    mouse = device("AST-6125", "CAT-MOU-1", "mouse", "Glide M2", 200, p["id"], "dublin")
    out.append(hw("hw-025", "Risk analyst stepped on a mouse and broke it",
                  "I accidentally stepped on my mouse and cracked it. Could I get another?", p,
                  {"what happened": "Stepped on it; the shell is cracked and the scroll wheel is loose."}, dtype="mouse",
                  reason="damage", outcome="pending", old=mouse, catalog="CAT-MOU-1",
                  justification="Mouse cracked after being stepped on.",
                  final="Replacing a damaged device always needs your manager's approval, even for a mouse, so I've sent "
                        "the request to Kwame Asante (Risk Manager). We'll get you a new one as soon as he approves.",
                  notes="Rule: Hardware, damage: manager approval always, whatever the device (a mouse would otherwise need "
                        "none). Request to Kwame Asante (EMP-1051), target CAT-MOU-1 (Dublin stock), urgency low. Ticket: "
                        "incident, low, [hardware], pending_approval, pending, approver EMP-1051, asset AST-6125."))
    # 26 headset failure, remote -> order, no loaner
    p = emp(4126, "Marta Silva", "Support Specialist", 2, "SUPP", "remote", "EMP-1042")
    hs = device("AST-6126", "CAT-HS-1", "headset", "Quietline Pro", 400, p["id"], "remote", condition="faulty")
    out.append(hw("hw-026", "Remote support specialist's headset has a diagnosed fault",
                  "My headset's microphone died, IT Ops checked it and said it's faulty. I work from home.", p,
                  {"what happened": "Microphone stopped working; IT Operations confirmed the fault."}, dtype="headset",
                  reason="failure", outcome="order", old=hs, catalog="CAT-HS-1", rubric=[NO_LOANER],
                  final="Since the fault is confirmed, no approval is needed. There's no office stock for remote staff, so "
                        "I've ordered a new Quietline Pro to your home. Keep the old one until it arrives.",
                  notes="Rule: Hardware, failure without approval; remote -> order; no loaner except laptops. Order "
                        "CAT-HS-1, reason failure; old headset kept. Ticket: incident, low, [hardware], device_ordered, "
                        "solved, asset AST-6126."))
    # 27 monitor exactly 60 months
    p = emp(4127, "Ciaran Byrne", "Compliance Officer", 4, "CMPL", "dublin", "EMP-1045")
    mon = device("AST-6127", "CAT-MON-1", "monitor", "ClearView 27", 1800, p["id"], "dublin")
    out.append(hw("hw-027", "Compliance officer's monitor is exactly 1,800 days old",
                  "Hi, my monitor is five years old. Can it be refreshed?", p,
                  {"does it work": "Yes, it works."}, dtype="monitor", reason="refresh",
                  outcome="assign", old=mon, pick="AST-5011",
                  final="Yes: your monitor is 60 months old, which is exactly the refresh age for monitors. A new "
                        "ClearView 27 is ready at the Dublin IT desk, and the old one has been retired.",
                  notes="Rule: Hardware, monitor refresh at 60 months or more, threshold included. 1800 days -> 60. Dublin "
                        "ClearView 27 AST-5011 -> assign, retire AST-6127. Ticket: task, low, [hardware], device_assigned, "
                        "solved, asset AST-5011."))
    # 28 monitor 59 months with justification -> approval; target rank 2 at Austin
    p = emp(4128, "Ibrahim Diallo", "Financial Controller", 5, "FIN", "austin", "EMP-1043")
    mon = device("AST-6128", "CAT-MON-1", "monitor", "ClearView 27", 1790, p["id"], "austin")
    out.append(hw("hw-028", "Austin controller's working monitor is 1,790 days old and too small for month-end close",
                  "My monitor is almost five years old. Could I get a new one?", p,
                  {"does it work": "Yes, it works fine.",
                   "business justification": "The month-end reconciliation screens don't fit on it; I keep "
                                             "scrolling sideways."},
                  dtype="monitor", reason="refresh", outcome="pending", old=mon, catalog="CAT-MON-2",
                  justification="Month-end reconciliation screens do not fit on the current monitor.",
                  final="Monitors are refreshed at 60 months and yours is 59, so an early refresh needs your manager's "
                        "approval. I've sent the request with your reason to Ivan Petrov (Finance Manager).",
                  notes="Rule: Hardware, monitor under 60 months: justification + manager. 1790 days -> 59 months. "
                        "Fulfilment would pick ClearView 24 (ClearView 27 not at Austin) -> target CAT-MON-2; Ivan Petrov "
                        "(EMP-1043), urgency low. Ticket: task, low, [hardware], pending_approval, pending, approver "
                        "EMP-1043, asset AST-6128."))
    # 29 follow-up: approved premium, Austin -> order
    p = emp(4129, "Nora Lindahl", "Principal Product Manager", 5, "PROD", "austin", "EMP-1032")
    out.append(hw("hw-029", "Austin product lead follows up on her premium laptop request after the director's decision",
                  "Hi, checking on my request for the Vantage 16 Max; Ravi approved it this morning.", p,
                  {"reason": "Refresh of my 3-year-old laptop, premium model."}, dtype="laptop", reason="refresh",
                  outcome="order", old=lap("AST-6129", p["id"], 1130, "austin"), catalog="CAT-LAP-3",
                  followup={"ticket": "TCK-4129", "request": "APR-4129", "target": "CAT-LAP-3",
                            "created": "2025-09-30T15:00:00Z"}, rubric=[NO_LOANER],
                  final="Your manager's approval is in. There's no Vantage 16 Max in Austin, so I've ordered one, shipped "
                        "to the Austin office; keep your current laptop until it arrives.",
                  notes="Rule: Hardware, follow-up with the approval given -> fulfil; premium stock only in Toronto -> "
                        "order CAT-LAP-3, reason refresh, old kept, no loaner (refresh). Ticket TCK-4129 reused: task, "
                        "normal, [hardware], device_ordered, solved, approval required and approved, approver EMP-1032, "
                        "asset AST-6129."))
    # 30 desktop failure
    p = emp(4130, "Alba Romero", "Support Specialist", 2, "SUPP", "austin", "EMP-1042")
    out.append(hw("hw-030", "Support specialist's desktop has a diagnosed power-supply fault",
                  "My desktop won't turn on, IT Ops said the power supply is faulty. Can I get a replacement?", p,
                  {"what happened": "It stopped turning on; IT Operations found a power-supply fault."}, dtype="desktop",
                  reason="failure", outcome="assign",
                  old=device("AST-6130", "CAT-DSK-1", "desktop", "Tower S2", 900, p["id"], "austin", condition="faulty"),
                  pick="AST-5008",
                  final="Since the fault is confirmed, you get a replacement right away: a Tower S2 is ready at the Austin "
                        "IT desk, and the faulty desktop has been retired.",
                  notes="Rule: Hardware, failure: no approval. Austin Tower S2 AST-5008; retire AST-6130. Ticket: incident, "
                        "high, [hardware], device_assigned, solved, asset AST-5008."))
    # 31 failure + premium for level 3 -> approval
    p = emp(4131, "Kai Nakamura", "Mobile Engineer", 3, "ENG", "toronto", "EMP-1012")
    out.append(hw("hw-031", "Engineer with a diagnosed laptop fault asks for the premium model as the replacement",
                  "My laptop has a confirmed hardware fault. Since it needs replacing anyway, can I get the Vantage 16 Max?",
                  p, {"what happened": "Keyboard and trackpad died; IT Operations confirmed the fault."}, dtype="laptop",
                  reason="failure", outcome="pending", old=lap("AST-6131", p["id"], 500, "toronto", condition="faulty"),
                  catalog="CAT-LAP-3", justification="Faulty laptop; asks for the premium model.",
                  final="A replacement for a confirmed fault needs no approval, but the Vantage 16 Max is a premium model, "
                        "which needs your manager's approval below executive level. I've sent the request to Mei Tanaka "
                        "(Engineering Manager, Mobile); once she approves, we'll arrange it.",
                  notes="Rule: Hardware, premium below level 8 needs the manager even for a failure. Request to Mei Tanaka "
                        "(EMP-1012), target CAT-LAP-3 (Toronto stock), urgency high. Ticket: incident, high, [hardware], "
                        "pending_approval, pending, approver EMP-1012, asset AST-6131."))
    out += declines()
    return out


def declines() -> list[dict]:
    """Replacements from stock the employee turns down once told the old device is handed in
    ("The old device"): only the ticket records the request, as denied, with the old device."""
    out = []
    p = emp(4132, "Greta Lund", "QA Engineer", 3, "ENG", "toronto", "EMP-1011")
    out.append(hw("hw-032", "Engineer with a 40-month-old laptop hears the old one is handed in for a new one",
                  "Hi, my laptop is over three years old now. Could I get a new one?", p,
                  {"reason": "It's old; it still works."}, dtype="laptop", reason="refresh", outcome="assign",
                  old=lap("AST-6132", p["id"], 1210, "toronto"), pick="AST-5001", declines=True,
                  final="Understood: you keep your current laptop, and the Vantage 14 stays in stock; nothing is given "
                        "or retired. If you change your mind, just ask again.",
                  notes="Rule: Hardware, refresh at 36 months or more and The old device: 1210 days -> 40 months; Toronto "
                        "has a Vantage 14 (AST-5001), but the employee keeps the old laptop once told it is handed in. "
                        "Ticket: task, normal, [hardware], denied, solved, asset AST-6132 (the device the request is about)."))
    p = emp(4133, "Paulo Mendes", "Support Specialist", 3, "SUPP", "austin", "EMP-1042")
    out.append(hw("hw-033", "Austin support specialist's laptop is exactly at the refresh age and he hears about the hand-in",
                  "Hello, is my laptop due for a refresh yet?", p, {"reason": "Routine refresh; it works."},
                  dtype="laptop", reason="refresh", outcome="assign", old=lap("AST-6133", p["id"], 1085, "austin"),
                  pick="AST-5004", declines=True,
                  final="No problem: you keep your current laptop, and the Orbit 13 stays in stock at the Austin IT desk; "
                        "nothing is given or retired.",
                  notes="Rule: Hardware, refresh threshold included and office stock (Austin: Orbit 13 AST-5004, rank 2) "
                        "with The old device: the employee declines once told the old laptop is handed in. Ticket: task, "
                        "normal, [hardware], denied, solved, asset AST-6133."))
    p = emp(4134, "Ines Carvalho", "Payroll Specialist", 3, "FIN", "austin", "EMP-1043")
    out.append(hw("hw-034", "Payroll specialist with a 52-month-old desktop hears the old one is handed in",
                  "Hi, my desktop is over four years old. Can I have a new one?", p,
                  {"reason": "Routine refresh; it works."}, dtype="desktop", reason="refresh", outcome="assign",
                  old=device("AST-6134", "CAT-DSK-1", "desktop", "Tower S2", 1570, p["id"], "austin"), pick="AST-5008",
                  declines=True,
                  final="Understood: you keep your current desktop, and the Tower S2 stays in stock; nothing is given or "
                        "retired.",
                  notes="Rule: Hardware, desktop refresh at 48 months (1570 days -> 52) and The old device: Austin has a "
                        "Tower S2 (AST-5008), but the employee keeps the old desktop. Ticket: task, normal, [hardware], "
                        "denied, solved, asset AST-6134."))
    p = emp(4135, "Ronan Kelly", "Compliance Analyst", 3, "CMPL", "dublin", "EMP-1045")
    out.append(hw("hw-035", "Compliance analyst's monitor is past five years old and he hears about the hand-in",
                  "Hi, my monitor is over five years old. Could it be refreshed?", p, {"does it work": "Yes, it works."},
                  dtype="monitor", reason="refresh", outcome="assign",
                  old=device("AST-6135", "CAT-MON-1", "monitor", "ClearView 27", 1840, p["id"], "dublin"), pick="AST-5011",
                  declines=True,
                  final="Understood: you keep your current monitor, and the ClearView 27 stays in stock at the Dublin IT "
                        "desk; nothing is given or retired.",
                  notes="Rule: Hardware, monitor refresh at 60 months (1840 days -> 61) and The old device: Dublin has a "
                        "ClearView 27 (AST-5011), but the employee keeps the old monitor. Ticket: task, low, [hardware], "
                        "denied, solved, asset AST-6135."))
    p = emp(4136, "Amara Obi", "VP Platform Engineering", 8, "ENG", "toronto", "EMP-1002")
    out.append(hw("hw-036", "Engineering vice-president due a refresh asks for the premium laptop and hears about the hand-in",
                  "Hi, my laptop is over three years old; I'd like the Vantage 16 Max as its replacement.", p,
                  {"reason": "Routine refresh."}, dtype="laptop", reason="refresh", outcome="assign",
                  old=lap("AST-6136", p["id"], 1150, "toronto"), pick="AST-5006", declines=True,
                  final="Understood: you keep your current laptop for now, and the Vantage 16 Max stays in stock; nothing "
                        "is given or retired.",
                  notes="Rule: Hardware, executives get the premium model without approval (1150 days -> 38 months) and "
                        "The old device: Toronto has a Vantage 16 Max (AST-5006), but the employee keeps the old laptop. "
                        "Ticket: task, normal, [hardware], denied, solved, asset AST-6136."))
    return out


if __name__ == "__main__":
    write("hardware.json", "hardware", "Hardware refresh, replacement and accessories: reason precedence, age in whole "
          "30-day months, refresh thresholds, approvals, fulfilment from office stock or by order, retiring the "
          "old device, loaners.", tasks())
