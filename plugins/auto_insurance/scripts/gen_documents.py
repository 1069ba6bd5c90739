"""The documents family (doc): ID cards, declarations pages and lienholder evidence.
Run: uv run python plugins/auto_insurance/scripts/gen_documents.py"""
from __future__ import annotations

from taskkit import DECLINED, Person, decision, driver, merge, policy, ticket, vehicle, write

ZIP = {"AZ": "85004", "GA": "30303", "IL": "60601", "PA": "19103"}


def doc_ticket(p: Person, pid: str, outcome: str, role: str = "named_insured", priority: str = "normal") -> dict:
    return ticket(p, pid, "documents", role, "task", priority, outcome, "Document request",
                  f"Document request; outcome {outcome}.")


def issue(pid: str, kind: str, vehicle_id: str | None = None, to: str | None = None) -> dict:
    args = {"policy_id": pid, "kind": kind}
    if vehicle_id:
        args["vehicle_id"] = vehicle_id
    if to:
        args["recipient_customer_id"] = to
    return {"tool": "issue_document", "args": args}


def tasks() -> list[dict]:
    out = []
    # doc-001: IL named insured wants cards for all cars: two active, one removed
    p = Person(2201, "Ottoline Greaves", "1974-10-08", "5513")
    pid = "NG-IL-220101"
    rows = merge(p.rows(), policy(pid, "IL", "plus", p, "2026-02-14", "2026-08-14", 1460.0),
                 driver("DRV-2201", pid, p, "IL-D2201001", p.name, p.dob, "named_insured", 110.0, state="IL"),
                 vehicle("VEH-2201", pid, "1NGSUV23A0R200003", 2023, "Kia", "Sorento", "suv", "IL", ZIP["IL"], 340.0),
                 vehicle("VEH-2202", pid, "1NGTRK20A0R300001", 2020, "Ford", "F-150", "truck", "IL", ZIP["IL"], 330.0),
                 vehicle("VEH-2203", pid, "1NGSED19A0R100003", 2019, "Hyundai", "Elantra", "sedan", "IL", ZIP["IL"], 280.0,
                         status="removed", removed_on="2026-02-20"))
    out.append({
        "id": "doc-001", "title": "Named insured asks for insurance cards for all her cars; one was removed last month",
        "request": "Hi, could you send me new insurance cards for all my cars? I can't find the old ones.",
        "user_facts": {**p.facts(), "policy number": pid},
        "rows": rows,
        "solution": [*p.lookups(pid), issue(pid, "id_card", "VEH-2201", p.id), issue(pid, "id_card", "VEH-2202", p.id),
                     doc_ticket(p, pid, "completed")],
        "final_message": f"I've e-mailed two ID cards to {p.email}: one for your 2023 Kia Sorento and one for your 2020 Ford F-150. Both are valid until 2026-08-14. The Hyundai Elantra was removed from the policy in February, so it has no card.",
        "says": {"states": [{"date": "2026-08-14", "label": "valid until"}, {"count": 2, "noun": "ID card", "label": "cards sent"}],
                 "never_states": [*p.never(), {"id": "VEH-2201", "label": "vehicle id"}, {"id": "DOC-3001", "label": "document id"},
                                  {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": "Rules: 06 rule 3 ('all my cars' = every active vehicle: VEH-2201, VEH-2202; VEH-2203 is removed), rule 2 (e-mailed to the caller), ID cards valid until term end 2026-08-14. Ticket documents/task/normal/completed.",
    })

    # doc-002: listed spouse asks for an ID card for the car she drives (GA) -> issued to her
    ins = Person(2202, "Raymond Okafor", "1971-01-21", "4402")
    sp = Person(2203, "Celestine Okafor", "1973-08-13", "9187")
    pid = "NG-GA-220201"
    rows = merge(ins.rows(), sp.rows(), policy(pid, "GA", "plus", ins, "2026-01-25", "2026-07-25", 1390.0),
                 driver("DRV-2202", pid, ins, "GA-D2202001", ins.name, ins.dob, "named_insured", 110.0, state="GA"),
                 driver("DRV-2203", pid, sp, "GA-D2202002", sp.name, sp.dob, "spouse", 110.0, state="GA"),
                 vehicle("VEH-2204", pid, "1NGSUV25A0R200001", 2025, "Subaru", "Outback", "suv", "GA", ZIP["GA"], 340.0),
                 vehicle("VEH-2205", pid, "1NGTRK24A0R300002", 2024, "Ram", "1500", "truck", "GA", ZIP["GA"], 330.0))
    out.append({
        "id": "doc-002", "title": "A listed driver asks for an insurance card for the SUV she drives on her husband's policy",
        "request": "Hi, I was pulled over and realised the insurance card in my Subaru is expired. Can you send me a new one?",
        "user_facts": {**sp.facts(), "policy number": pid, "vehicle": "The 2025 Subaru Outback.",
                       "husband": "My husband Raymond is the policyholder; I'm a driver on the policy."},
        "user_behavior": ["Only ask for the card for the Subaru."],
        "rows": rows,
        "solution": [*sp.lookups(pid), issue(pid, "id_card", "VEH-2204", sp.id),
                     doc_ticket(sp, pid, "completed", role="listed_driver")],
        "final_message": f"I've e-mailed a new ID card for the 2025 Subaru Outback to {sp.email}. It's valid until 2026-07-25.",
        "says": {"states": [{"date": "2026-07-25", "label": "valid until"},
                            {"text": ["celestine.okafor@example.com"], "label": "sent to her own e-mail"}],
                 "never_states": [*sp.never(), {"id": "DOC-3001", "label": "document id"}, {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": "Rules: 02 a listed driver may ask for an ID card for an active vehicle; 06 rule 2: e-mailed to the caller (the spouse), valid until term end 2026-07-25. Ticket documents/listed_driver/task/normal/completed.",
    })
    # doc-003: listed adult son asks for the declarations page (PA) -> declined
    ins = Person(2204, "Augustin Varga", "1960-02-09", "1148")
    son = Person(2205, "Matthias Varga", "1996-12-03", "5630")
    pid = "NG-PA-220401"
    rows = merge(ins.rows(), son.rows(), policy(pid, "PA", "elite", ins, "2025-12-05", "2026-06-05", 1515.0),
                 driver("DRV-2204", pid, ins, "PA-D2204001", ins.name, ins.dob, "named_insured", 150.0, state="PA"),
                 driver("DRV-2205", pid, son, "PA-D2204002", son.name, son.dob, "child", 110.0, state="PA"),
                 vehicle("VEH-2206", pid, "1NGSED24A0R100001", 2024, "Toyota", "Camry", "sedan", "PA", ZIP["PA"], 280.0))
    out.append({
        "id": "doc-003", "title": "A listed driver asks for the declarations page of his father's policy for a loan application",
        "request": "Hello, my bank wants the declarations page of the car insurance I'm on. Could you e-mail it to me?",
        "user_facts": {**son.facts(), "policy number": pid, "father": "My father Augustin is the policyholder."},
        "user_behavior": ["If you cannot get it, accept that your father has to ask; do not ask for anything else."],
        "rows": rows,
        "solution": [*son.lookups(pid), doc_ticket(son, pid, "declined", role="listed_driver")],
        "final_message": "I'm sorry, but I can't send the declarations page to you: as a listed driver you can only request ID cards. The named insured, your father, can request the declarations page.",
        "says": {"states": [decision("decision: declined", DECLINED)],
                 "never_states": [*son.never(), {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": "Rules: 02 and 06: a listed driver may ask only for an ID card; declarations -> declined. Only the ticket changes. Contrast doc-002 (ID card, issued).",
    })
    # doc-004: cancelled AZ policy; ID card declined, declarations sent instead
    p = Person(2206, "Lucinda Farrow", "1980-04-17", "7325")
    pid = "NG-AZ-220601"
    rows = merge(p.rows(), policy(pid, "AZ", "plus", p, "2026-01-15", "2026-07-15", 980.0, status="cancelled",
                                  cancellation_date="2026-03-01", cancellation_reason="insured_request", return_premium=736.35),
                 driver("DRV-2206", pid, p, "AZ-D2206001", p.name, p.dob, "named_insured", 110.0),
                 vehicle("VEH-2207", pid, "1NGSED22A0R100002", 2022, "Honda", "Civic", "sedan", "AZ", ZIP["AZ"], 280.0))
    out.append({
        "id": "doc-004", "title": "A policyholder whose policy was cancelled at her request two weeks ago asks for an ID card",
        "request": "Hi, I need a proof of insurance card for my Civic. Could you send one?",
        "user_facts": {**p.facts(), "policy number": pid},
        # a rule both users play: once the card is refused, the caller asks for the declarations page
        "user_rules": [{"when": ["not possible", "isn't possible", "can't issue", "cannot issue", "unable to issue",
                                 "not able to issue", "can't provide", "cannot provide", "can't send", "cannot send",
                                 "no current coverage", "no active coverage"],
                        "say": "In that case, could you e-mail me the declarations page of the policy instead?",
                        "rule": "If an ID card is not possible, ask instead for the declarations page of the policy "
                                "to be e-mailed to you."}],
        "rows": rows,
        "solution": [*p.lookups(pid), issue(pid, "declarations", None, p.id), doc_ticket(p, pid, "completed", priority="high")],
        "final_message": f"Your policy was cancelled on 2026-03-01, so I can't issue an ID card: there's no current coverage to prove. As you asked, I've e-mailed the policy's declarations page to {p.email}.",
        "says": {"states": [decision("decision: ID card declined", DECLINED, about=["ID card"]),
                            decision("declarations sent", "sent", about=["declarations"])],
                 "never_states": [*p.never(), {"id": "DOC-3001", "label": "document id"}, {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": "Rules: 06 rule 1: ID cards only for active or pending_cancellation policies; the policy is cancelled -> ID card declined; a declarations page can still go to the named insured, which the caller then asks for. One ticket (same category): completed (something asked was done); priority high (cancelled when calling).",
    })
    # doc-005: GA policy pending cancellation; lender wants evidence for the financed truck -> sent to lienholder
    p = Person(2207, "Barnaby Quartey", "1976-09-02", "2671")
    pid = "NG-GA-220701"
    rows = merge(p.rows(), policy(pid, "GA", "essential", p, "2026-01-01", "2026-07-01", 1060.0, status="pending_cancellation",
                                  cancellation_date="2026-03-31", cancellation_reason="insured_request", return_premium=538.78),
                 driver("DRV-2207", pid, p, "GA-D2207001", p.name, p.dob, "named_insured", 110.0, state="GA"),
                 vehicle("VEH-2208", pid, "1NGTRK20A0R300001", 2020, "Ford", "F-150", "truck", "GA", ZIP["GA"], 330.0,
                         ownership="financed", lienholder="Peach State Credit Union"),
                 vehicle("VEH-2209", pid, "1NGSED19A0R100003", 2019, "Hyundai", "Elantra", "sedan", "GA", ZIP["GA"], 280.0))
    out.append({
        "id": "doc-005", "title": "Policyholder with a cancellation scheduled for later this month asks for proof of insurance for his truck's lender",
        "request": "Hi, the credit union that financed my truck says they need proof that it's insured. Can you send it to them?",
        "user_facts": {**p.facts(), "policy number": pid, "truck": "The 2020 Ford F-150."},
        "user_behavior": ["Only ask for the proof for the truck's lender."],
        "rows": rows,
        "solution": [*p.lookups(pid), issue(pid, "lienholder_evidence", "VEH-2208"), doc_ticket(p, pid, "completed", priority="high")],
        "final_message": "I've sent evidence of insurance for your 2020 Ford F-150 directly to its lienholder, Peach State Credit Union. Note that it reflects the cancellation you've scheduled for 2026-03-31.",
        "says": {"states": [{"text": ["Peach State Credit Union"], "label": "sent to the lienholder"}],
                 "never_states": [*p.never(), {"id": "DOC-3001", "label": "document id"}, {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": "Rules: 06 rule 1 (pending_cancellation still has coverage to prove) and rule 4 (lienholder evidence only to the lienholder on record of a financed vehicle: VEH-2208). Priority high (pending_cancellation when calling). Contrast doc-004 (cancelled: declined).",
    })
    return out


if __name__ == "__main__":
    write("documents", "doc", "Policy documents: ID cards, declarations pages and evidence of insurance for lienholders.",
          tasks())
