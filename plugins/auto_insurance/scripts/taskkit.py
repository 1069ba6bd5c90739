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

from thinkingbox_auto_insurance import rating  # noqa: F401  (re-exported for generators)

TASKS = Path(__file__).resolve().parents[1] / "src" / "thinkingbox_auto_insurance" / "tasks"
TODAY = date(2026, 3, 16)
AGENT = "U-0002"

# writes the caller must agree to first (01_service_desk.md, "Agreement before acting")
AGREED_FIRST = ("pay_invoice", "grant_extension", "create_installment_plan", "add_driver", "remove_driver",
                "exclude_driver", "add_vehicle", "remove_vehicle", "schedule_cancellation", "reinstate_policy")

DECLINED = [r"\b(?:can(?:no|')t|can not|unable|not able|not possible|isn't possible|not eligible|isn't eligible|"
            r"not allowed|isn't allowed|(?:have|has) to decline|must decline|won't be able|not available|"
            r"isn't available|no longer (?:possible|available)|only the named insured|must (?:come from|be made by) "
            r"the named insured|need(?:s)? to (?:come from|be made by) the named insured|not covered)\b"]
NOT_VERIFIED = [r"\b(?:could ?n[o']t|cannot|can't|unable to|wasn't able to|not able to) (?:verify|confirm)\b",
                r"\b(?:verification|identity)\b[^.!?\n]{0,60}\b(?:fail|did not|didn't|not match|doesn't match|unsuccessful)",
                r"\bnot (?:been )?verified\b", r"\bwithout (?:verifying|verification)\b"]


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
        return [{"id": self.id, "label": "customer id"}, {"id": self.uid, "label": "help-desk user id"},
                {"id": self.tax, "label": "tax id digits"}]


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


def decision(label: str, patterns: list[str]) -> dict:
    return {"phrase": patterns, "label": label}


def agree(about: str, reply: str = "Yes, please go ahead.", after: list[str] | None = None) -> list[dict]:
    item = {"about": about, "answer": "yes", "reply": reply}
    if after:
        item["after"] = after
    return [item]


# the descriptive family of each task-id prefix; generators may pass either
FAMILIES = {"bil": "billing", "doc": "documents", "drv": "drivers", "veh": "vehicles", "lif": "cancel_reinstate",
            "fnol": "claims", "ldr": "listed_driver_limits", "mul": "two_part_requests"}

# internal record ids the agent must never give a caller (01_service_desk.md, "What you may say")
INTERNAL_ID = re.compile(r"^(?:CUS|U|TCK|DRV|VEH|ARR|PAY|DOC|LHN)-\d+$")


def _internal_ids(value) -> list[str]:
    if isinstance(value, dict):
        return [i for v in value.values() for i in _internal_ids(v)]
    if isinstance(value, list):
        return [i for v in value for i in _internal_ids(v)]
    return [value] if isinstance(value, str) and INTERNAL_ID.match(value) else []


def declare_internal_ids(task: dict) -> dict:
    """Every internal id the reference solution passes to a tool is declared never to be said."""
    says = task.setdefault("says", {})
    never = says.setdefault("never_states", [])
    known = {c.get("id") for c in never}
    for step in task.get("solution", []):
        for ident in _internal_ids(step.get("args", {})):
            if ident not in known and ident != AGENT:
                never.append({"id": ident, "label": "internal id"})
                known.add(ident)
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
        declare_internal_ids(task)
        declare_phrasings(task)
    path = TASKS / f"{name}.json"
    path.write_text(json.dumps({"family": family, "description": description, "tasks": tasks}, indent=2,
                               ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(tasks)} tasks to {path.name}")
