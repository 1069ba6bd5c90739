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
    return out


if __name__ == "__main__":
    write("documents", "doc", "Policy documents: ID cards, declarations pages and evidence of insurance for lienholders.",
          tasks())
