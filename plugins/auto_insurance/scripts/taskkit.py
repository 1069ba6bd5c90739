"""Helpers to write auto_insurance task files: the rows of a person and a policy, the
usual look-ups, the ticket call and the typed communication checks. Amounts and dates
come from thinkingbox_auto_insurance.rating, the functions the tools use, so a task's
values are computed, never typed by hand. Run a family's generator with
`uv run python plugins/auto_insurance/scripts/gen_<family>.py`; it rewrites that
family's task file."""
from __future__ import annotations

import json
import re
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

from thinkingbox.kit.task_files import lift_user_rules

from thinkingbox_auto_insurance import rating  # noqa: F401  (re-exported for generators)

TASKS = Path(__file__).resolve().parents[1] / "src" / "thinkingbox_auto_insurance" / "tasks"
TODAY = date(2026, 3, 16)
AGENT = "U-0002"

# writes the caller must agree to first (01_service_desk.md, "Agreement before acting")
AGREED_FIRST = ("pay_invoice", "grant_extension", "create_installment_plan", "add_driver", "remove_driver",
                "exclude_driver", "add_vehicle", "remove_vehicle", "schedule_cancellation", "reinstate_policy")

# decision kinds of the domain's vocabulary (thinkingbox_auto_insurance.vocabulary)
DECLINED = "declined"
NOT_VERIFIED = "not_verified"
ESCALATED = "escalated"


def d(day: date | str) -> str:
    return day if isinstance(day, str) else day.isoformat()


def plus(day: date | str, days: int) -> str:
    return (date.fromisoformat(d(day)) + timedelta(days=days)).isoformat()


def m(value) -> str:
    return f"{Decimal(str(value)):.2f}"


class Person:
    def __init__(self, num: int, name: str, dob: str, tax: str, email: str | None = None):
        self.id = f"CUS-{num}"
        self.uid = f"U-{num}"
        self.name = name
        self.dob = dob
        self.tax = tax
        self.email = email or name.lower().replace(" ", ".").replace("'", "") + "@example.com"

    def rows(self) -> dict:
        return {
            "customers": [{"id": self.id, "name": self.name, "email": self.email, "date_of_birth": self.dob,
                           "tax_id_last4": self.tax, "helpdesk_user_id": self.uid}],
            "users": [{"id": self.uid, "name": self.name, "email": self.email, "organization_id": "ORG-0001",
                       "verified": True, "created_at": "2024-06-01T09:00:00Z"}],
        }

    def facts(self) -> dict:
        return {"name": self.name, "email": self.email, "date of birth": self.dob,
                "tax id": f"The last four digits are {self.tax}."}

    def lookups(self, policy_id: str | None = None) -> list[dict]:
        steps = [{"tool": "get_customer", "args": {"email": self.email}},
                 {"tool": "verify_identity", "args": {"customer_id": self.id, "date_of_birth": self.dob,
                                                       "tax_id_last4": self.tax}}]
        if policy_id:
            steps.append({"tool": "get_policy", "args": {"policy_id": policy_id}})
        return steps

    def never(self) -> list[dict]:
        """Nothing per task: the vocabulary's never_tell covers every customer and help-desk user
        id and every tax id's digits in the world (01_service_desk.md, "What you may say")."""
        return []


def merge(*parts: dict) -> dict:
    rows: dict = {}
    for part in parts:
        for table, items in part.items():
            rows.setdefault(table, []).extend(items)
    return rows


def policy(pid: str, state: str, tier: str, insured: Person, term_start: str, term_end: str, premium: float,
           **extra) -> dict:
    return {"policies": [{"id": pid, "state": state, "tier": tier, "named_insured_id": insured.id,
                          "term_start": term_start, "term_end": term_end, "premium": premium, **extra}]}


def driver(did: str, pid: str, person: Person | None, license_number: str, name: str, dob: str, relationship: str,
           surcharge: float, status: str = "listed", added_on: str = "2025-06-01", state: str = "AZ",
           record: dict | None = None) -> dict:
    rows = {"drivers": [{"id": did, "policy_id": pid, "customer_id": person.id if person else None,
                         "license_number": license_number, "name": name, "date_of_birth": dob,
                         "relationship": relationship, "status": status, "surcharge": surcharge,
                         "added_on": added_on}],
            "driving_records": [{"license_number": license_number, "name": name, "date_of_birth": dob,
                                 "license_state": state, **(record or {})}]}
    return rows


def vehicle(vid: str, pid: str, vin: str, year: int, make: str, model: str, body: str, state: str, zip_code: str,
            surcharge: float, ownership: str = "owned", lienholder: str | None = None, use: str = "commute",
            status: str = "active", effective: str = "2025-06-01", **extra) -> dict:
    return {"vehicles": [{"id": vid, "policy_id": pid, "vin": vin, "year": year, "make": make, "model": model,
                          "body_class": body, "use": use, "garaging_zip": zip_code, "garaging_state": state,
                          "ownership": ownership, "lienholder": lienholder, "status": status, "surcharge": surcharge,
                          "effective_date": effective, **extra}]}


def invoice(iid: str, pid: str, due: str, amount: float, status: str, late_fee: float = 0,
            waived_on: str | None = None) -> dict:
    return {"invoices": [{"id": iid, "policy_id": pid, "due_date": due, "amount": amount, "status": status,
                          "late_fee": late_fee, "late_fee_waived_on": waived_on}]}


def arrangement(aid: str, pid: str, kind: str, created_on: str, **extra) -> dict:
    return {"payment_arrangements": [{"id": aid, "policy_id": pid, "kind": kind, "created_on": created_on, **extra}]}


def ticket(person: Person, policy_id: str, category: str, role: str, type_: str, priority: str, outcome: str,
           subject: str, description: str) -> dict:
    status = "hold" if outcome == "referred" else "solved"
    return {"tool": "helpdesk_create_item", "args": {"table": "tickets", "item": {
        "subject": subject, "description": description, "type": type_, "priority": priority, "status": status,
        "requester_id": person.uid, "policy_id": policy_id, "category": category, "caller_role": role,
        "outcome": outcome}}}


def decision(label: str, kind: str, about: list[str] | None = None, because: list[str] | None = None) -> dict:
    """A decision of the vocabulary's kinds, asserted (not negated, asked or hypothetical)."""
    claim: dict = {"decision": kind, "label": label}
    if about:
        claim["about"] = about
    if because:
        claim["because"] = because
    return claim


def agree(about: str, reply: str = "Yes, please go ahead.", after: list[str] | None = None) -> list[dict]:
    item = {"about": about, "answer": "yes", "reply": reply}
    if after:
        item["after"] = after
    return [item]


# the descriptive family of each task-id prefix; generators may pass either
FAMILIES = {"bil": "billing", "doc": "documents", "drv": "drivers", "veh": "vehicles", "lif": "cancel_reinstate",
            "fnol": "claims", "ldr": "listed_driver_limits", "mul": "two_part_requests"}

# internal record ids the agent must never give a caller (01_service_desk.md, "What you may say"):
# the vocabulary's never_tell derives every one of them in the world, and every tax id's digits,
# so a task declares none of them itself.
INTERNAL_ID = re.compile(r"^(?:CUS|U|TCK|DRV|VEH|ARR|PAY|DOC|LHN)-\d+$")

# the role each value plays, by its label (the roles are the vocabulary's, from 01 "Agreement before
# acting": the amount to be charged, the new due date, each installment, the premium change and the
# new premium, the cancellation date and the return premium, the effective date; a cancellation's
# date is the date it takes effect)
ROLE_OF = {
    "new due date": "due_date", "due date": "due_date", "first due date": "due_date",
    "first installment": "installment", "last installment": "installment",
    "surcharge": "surcharge", "new premium": "premium",
    "premium reduction": "premium_reduction", "reduction": "premium_reduction",
    "return premium": "return_premium", "payment": "payment", "fee waived": "fee", "deductible": "deductible",
    "cancellation date": "effective_date", "withdrawn cancellation date": "effective_date",
    "effective date": "effective_date", "valid until": "valid_until", "ID card valid until": "valid_until",
    "a wrong amount for this record (another age band or the DUI surcharge)": "surcharge",
}


def settle_says(task: dict) -> dict:
    """The typed checks every task shares: no per-task never-state for what never_tell derives, each
    value's role from its label, and an agreement check before every write that needs the caller's
    agreement (01 "Agreement before acting") when the caller agrees."""
    says = task.setdefault("says", {})
    taxes = {c["tax_id_last4"] for c in task.get("rows", {}).get("customers", [])}
    says["never_states"] = [c for c in says.get("never_states", [])
                            if not ("id" in c and (INTERNAL_ID.match(c["id"]) or c["id"] in taxes))]
    for part in ("states", "states_before", "never_states"):
        for claim in says.get(part, []):
            role = ROLE_OF.get(claim.get("label", ""))
            if role and ("money" in claim or "date" in claim) and "role" not in claim:
                claim["role"] = role
    for step in task.get("solution", []):
        # 09_claims.md "Telling the caller": the claim number, the coverage and the deductible
        if step.get("tool") == "file_claim":
            coverage = step["args"]["coverage"]
            if not any(c.get("text") == [coverage] for c in says.get("states", [])):
                says.setdefault("states", []).append({"text": [coverage], "label": "coverage"})
    agreed = any(d.get("answer") == "yes" for d in task.get("user_decisions", []))
    tools = list(dict.fromkeys(s["tool"] for s in task.get("solution", []) if s.get("tool") in AGREED_FIRST))
    if agreed and tools:
        told = {c["before"] for c in says.get("states_before", [])}
        missing = [t for t in tools if t not in told]
        assert not missing, f"{task['id']}: nothing is told before {missing}"
        says["agreement"] = [{"before": t} for t in tools]
    if not says.get("never_states"):
        says.pop("never_states", None)
    return task


# Other ways an agent asks for a fact (the scripted user matches the word stems of a label or
# of one of its phrasings): declared for every task that has the label.
PHRASINGS = {
    "name": ["who am i speaking with"],
    "date of birth": ["dob", "birthday"],
    "tax id": ["ssn", "social security", "last four"],
    "policy number": ["policy id"],
    "vin": ["vehicle identification number"],
    "license number": ["licence number"],
    "relationship": ["related"],
    "kept": ["garaged", "parked"],
    "zip": ["postal code", "postcode"],
    "purchase date": ["when did you buy", "when did you purchase"],
    "financed": ["loan"],
    "new date": ["what date", "which date"],
    "cancellation date": ["effective date", "what date", "which date"],
    "driving": ["who was the driver", "behind the wheel"],
    "injured": ["hurt", "injury"],
    "police report": ["police"],
    "lienholder": ["lender"],
    "reason": ["why"],
}
# a relative's name under the relation's label ("daughter": "Saskia Achterberg.")
RELATIVE_NAME = ["driver's name", "their name"]
_A_NAME = re.compile(r"^[A-Z][\w'-]+(?: [A-Z][\w'-]+)+\.?$")


def declare_phrasings(task: dict) -> dict:
    """user_fact_phrasings for the task's facts, placed after user_facts."""
    facts = task.get("user_facts", {})
    phrasings = {label: PHRASINGS[label] for label in facts if label in PHRASINGS}
    phrasings.update({label: RELATIVE_NAME for label, value in facts.items()
                      if label not in PHRASINGS and label != "name" and _A_NAME.match(value)})
    if phrasings and "user_fact_phrasings" not in task:
        items = list(task.items())
        task.clear()
        for key, value in items:
            task[key] = value
            if key == "user_facts":
                task["user_fact_phrasings"] = phrasings
    return task


def write(name: str, family: str, description: str, tasks: list[dict]) -> None:
    family = FAMILIES.get(family, family)
    for task in tasks:
        if "family" in task:
            task["family"] = FAMILIES.get(task["family"], task["family"])
        lift_user_rules(task, SPEAKS)
        settle_says(task)
        declare_phrasings(task)
    path = TASKS / f"{name}.json"
    path.write_text(json.dumps({"family": family, "description": description, "tasks": tasks}, indent=2,
                               ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(tasks)} tasks to {path.name}")


# writes that change the policy, its billing or its documents (everything but the ticket)
POLICY_WRITES = (*AGREED_FIRST, "waive_late_fee", "issue_document", "send_lienholder_notice", "file_claim")
DECLINED_FINAL = ("Understood. I have left your policy exactly as it was, and your request is recorded with your "
                  "decision not to go ahead. You are welcome to call again if you change your mind.")


def declined_by_caller(source: dict, tid: str, family: str, title: str, behavior: str, reply: str,
                       never: list[dict]) -> dict:
    """The source task with a caller who does not agree once told what the change would mean for them
    (01 "Agreement before acting": change nothing; 03 outcome `declined`): the reference keeps its
    look-ups and the message that states the consequence and asks, then records only the ticket."""
    import copy
    t = copy.deepcopy(source)
    first = next(i for i, s in enumerate(t["solution"]) if s.get("tool") in AGREED_FIRST)
    assert not [s for s in t["solution"][:first] if s.get("tool") in POLICY_WRITES], tid
    assert any("say" in s for s in t["solution"][:first]), tid
    solution = t["solution"][:first]
    for step in t["solution"][first:]:
        if step.get("tool") == "helpdesk_create_item":
            item = step["args"]["item"]
            item.update(outcome="declined", status="solved",
                        description=f"{item['subject']}: the caller decided not to go ahead once told what it meant.")
            solution.append(step)
    decision_ = source["user_decisions"][0]
    told = t["says"].get("states_before", [])
    out = {"id": tid, "family": family, "title": title, "request": t["request"], "user_facts": t["user_facts"]}
    if "user_fact_phrasings" in t:
        out["user_fact_phrasings"] = t["user_fact_phrasings"]
    out.update({
        "user_behavior": [behavior],
        "user_decisions": [{"about": decision_["about"], "answer": "no", "reply": reply,
                            **({"after": decision_["after"]} if "after" in decision_ else {})}],
        "rows": t["rows"], "solution": solution, "final_message": DECLINED_FINAL,
        "says": {"states": [{k: v for k, v in c.items() if k != "before"} for c in told],
                 "states_before": told,
                 "never_states": [*(c for c in t["says"].get("never_states", []) if "id" not in c), *never]},
        "notes": f"Rule: 01 agreement before acting: what the change means is told first ({', '.join(c['label'] for c in told)}), "
                 f"and the caller does not agree -> change nothing; 03 outcome declined (status solved), the rest of the "
                 f"ticket as in {source['id']}, whose caller agrees. Acting without asking, or before the answer, fails.",
    })
    return out


# Behaviour lines that have the caller speak, with the form both simulated users play (a
# user_rules entry: once an agent message says one of `when`, the caller says `say`; no `when`:
# in its first reply). `keep`: what stays a behaviour line; `rule`: the words the LLM user reads
# (default: the line); thinkingbox.kit.task_files.lift_user_rules moves them when writing.
SPEAKS = {
    "You want her excluded, so she is never covered on your car: say so when asked whether to remove or exclude her, and if only removal is offered, ask whether she can be excluded instead. Agree to the exclusion once the premium change has been explained.":
        {"keep": "You want her excluded, so she is never covered on your car (your facts say so when you are asked whether to remove or exclude her). Agree to the exclusion once the premium change has been explained.", "rule": "If only removal is offered, ask whether she can be excluded instead.", "when": ["remove her", "removing her", "removal", "take her off"], "say": "Could she be excluded instead, so she is never covered on my car?"},
    "Say you can pay today what is owed if that helps. If reinstatement is not possible, accept the explanation and end the call; do not pay anything and do not ask for a new policy.":
        {"keep": "If reinstatement is not possible, accept the explanation and end the call; do not pay anything and do not ask for a new policy.", "rule": "Say you can pay today what is owed if that helps.", "when": [], "say": "I can pay what is owed today if that helps."},
    "Offer to pay with your own card if that helps. If it cannot be done, accept the explanation and end the call; do not ask for anything else.":
        {"keep": "If it cannot be done, accept the explanation and end the call; do not ask for anything else.", "rule": "Offer to pay with your own card if that helps.", "when": [], "say": "I could pay with my own card if that helps."},
    "If the car cannot be added because of the ride-hailing, say you will not stop driving for the app; accept the explanation.":
        {"when": ["cannot", "not able", "unable", "not possible", "not eligible", "unfortunately", "i am afraid", "not allowed", "will not be able", "declined", "no longer"], "say": "I will not stop driving for the app."},
    "If the car cannot be removed, do not cancel the policy today; say you will think about it.":
        {"when": ["cannot", "not able", "unable", "not possible", "not eligible", "unfortunately", "i am afraid", "not allowed", "will not be able", "declined", "no longer"], "say": "I will not cancel the policy today; I will think about it."},
}
