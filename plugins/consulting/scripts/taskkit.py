"""The consulting task kit: builders for the rows, solution steps and communication checks
that every consulting task shares, and the writer of task files (one line per row, step and
check). The family generators (scripts/gen_*.py) use it:

    uv run python plugins/consulting/scripts/gen_expenses.py

Every amount and date a generator puts in a task is computed here or in the generator from
the policy's rules (and recomputed independently by tests/test_policy_rules.py)."""
from __future__ import annotations

import json
import re
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from thinkingbox.kit.task_files import lift_user_rules

from thinkingbox_consulting.fixtures import EMPLOYEES

TASKS_DIR = Path(__file__).resolve().parents[1] / "src" / "thinkingbox_consulting" / "tasks"
TODAY = date(2026, 3, 2)          # the domain's clock, 2026-03-02T14:00:00Z
NOW_ISO = "2026-03-02T14:00:00Z"
BAND = {"analyst": "associate", "consultant": "associate", "senior_consultant": "associate",
        "manager": "manager", "senior_manager": "manager", "partner": "partner"}


def cents(value) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def day(offset: int) -> str:
    """TODAY + offset days, as YYYY-MM-DD."""
    return (TODAY + timedelta(days=offset)).isoformat()


def months_ago(months: int, extra_days: int = 0) -> str:
    """The date `months` whole months before TODAY, plus `extra_days` (a later purchase)."""
    y, m = TODAY.year, TODAY.month - months
    while m <= 0:
        m += 12
        y -= 1
    return (date(y, m, TODAY.day) + timedelta(days=extra_days)).isoformat()


# ---- rows ----------------------------------------------------------------------------

def person(eid: str, name: str, grade: str, practice: str, office: str, manager: str | None,
           start: str = "2022-09-05", status: str = "active", delegate: str | None = None,
           budget: tuple[float, float] | None = None) -> dict:
    """Rows for one employee: the directory record, the help-desk user (U- + the number) and,
    when given, this year's training budget (allowance, spent)."""
    uid = "U-" + eid[4:]
    email = name.lower().replace(" ", ".").replace("'", "") + "@ashgrove.example"
    rows = {
        "users": [{"id": uid, "name": name, "email": email, "organization_id": "ORG-0001", "verified": True,
                   "created_at": "2024-01-01T00:00:00Z"}],
        "employees": [{"id": eid, "name": name, "email": email, "grade": grade, "practice": practice,
                       "office": office, "manager_id": manager, "delegate_id": delegate, "start_date": start,
                       "status": status, "helpdesk_user_id": uid}],
    }
    if budget is not None:
        rows["training_budgets"] = [{"id": f"TB-{eid}-2026", "employee_id": eid, "year": 2026,
                                     "allowance": budget[0], "spent": budget[1]}]
    return rows


def staffing(sid: str, eid: str, engagement: str, status: str = "active", start: str = "2026-01-05",
             end: str = "2026-07-31") -> dict:
    """A staffing row: `eid` on `engagement` (status active, booked or released)."""
    return {"staffing": [{"id": sid, "employee_id": eid, "engagement_id": engagement, "status": status,
                          "start_date": start, "end_date": end}]}


def merge(*parts: dict) -> dict:
    """Join row dicts table by table, in order."""
    out: dict = {}
    for part in parts:
        for table, rows in part.items():
            out.setdefault(table, []).extend(rows)
    return out


def email_of(rows: dict, eid: str) -> str:
    return next(e["email"] for e in rows["employees"] if e["id"] == eid)


# ---- solution steps --------------------------------------------------------------------

def call(tool: str, **args) -> dict:
    return {"tool": tool, "args": args}


def ticket(uid: str, category: str, type_: str, priority: str, resolution: str, subject: str, description: str) -> dict:
    """The one ticket of the conversation (03_tickets.md): status follows the resolution."""
    status = {"fulfilled": "solved", "declined": "solved", "information": "solved", "awaiting_approval": "pending",
              "ordered": "pending", "waiting_on_employee": "hold"}[resolution]
    return call("helpdesk_create_item", table="tickets", item={
        "subject": subject, "description": description, "type": type_, "priority": priority, "status": status,
        "requester_id": uid, "category": category, "resolution": resolution})


# ---- communication checks --------------------------------------------------------------

# The role of a value in the vocabulary (vocabulary.py ROLES), by what the value is: the value must
# be tied to it in its sentence.
ROLE_OF = {"amount approved": "reimbursement", "amount sent for approval": "reimbursement",
           "amount to be approved": "reimbursement", "annual cost": "cost", "course cost": "cost",
           "budget left": "budget_left", "budget left after": "budget_left", "expected delivery": "delivery",
           "travel dates": "travel_dates"}


def money(value, label: str, role: str | None = None) -> dict:
    out = {"money": f"{cents(value):.2f}", "label": label}
    role = ROLE_OF.get(label, "") if role is None else role
    return {**out, "role": role} if role else out


def on_date(value: str, label: str, role: str | None = None) -> dict:
    out = {"date": value, "label": label}
    role = ROLE_OF.get(label, "") if role is None else role
    return {**out, "role": role} if role else out


def date_range(first: str, last: str, label: str = "travel dates") -> dict:
    out = {"date_range": [first, last], "label": label}
    return {**out, "role": ROLE_OF[label]} if label in ROLE_OF else out


def phrase(patterns: list[str], label: str) -> dict:
    """A regular expression claim: kept for nothing new (every check below has a kind)."""
    return {"phrase": patterns, "label": label}


def text(alternatives: list[str], label: str) -> dict:
    """A name or term, any of these alternatives, matched as whole words ignoring case."""
    return {"text": list(alternatives), "label": label}


def name(value: str, label: str) -> dict:
    """A name (a person, a model, a system, a folder) stated as written."""
    return text([value], label)


def decision(kind: str, label: str, about: list[str] | None = None, because: list[str] | None = None) -> dict:
    """A decision of the consulting vocabulary (vocabulary.py): stated when asserted, not negated,
    asked or hypothetical; `about` names what it is about, `because` the words of its reason."""
    out = {"decision": kind, "label": label}
    if about:
        out["about"] = list(about)
    if because:
        out["because"] = list(because)
    return out


def why(words: list[str], label: str) -> dict:
    """The reason of the task's decision (01: "why the request is declined"): merged by `says` into
    the first decision claim as its `because` words, so the message asserting the decision gives it."""
    return {"why": list(words), "label": label}


def value(kind: str, amount, label: str, role: str = "") -> dict:
    out = {kind: amount, "label": label}
    if role:
        out["role"] = role
    return out


# One claim per kind of decision, the same in every task.
APPROVED = decision("granted", "decision: approved")
DECLINED = decision("declined", "decision: declined")
REJECTED = decision("declined", "decision: rejected")
RETURNED = decision("returned_for_correction", "decision: returned to the employee")
AWAITING = decision("pending_approval", "decision: waits for approval")
ORDERED = decision("ordered", "decision: ordered")
GRANTED = decision("granted", "decision: granted")
CONFLICT = why(["conflict"], "why: a conflict of interest")
RECEIPT = text(["receipt"], "the receipt asked for")
ITEMIZED = text(["itemized", "itemised"], "an itemized receipt")
LATE = why(["90 days", "ninety days", "late", "too long"], "why: submitted too late")
LIMIT = why(["limit", "cap", "capped", "maximum"], "why: the category limit")

# 01: internal field names are never quoted (the ids it names are the vocabulary's never_tell data).
INTERNAL_FIELDS = text(["conflicts_with", "delegate_id", "manager_id", "helpdesk_user_id", "submission_delay_days",
                        "decision_reason", "approved_amount", "battery_health", "retired_reason", "reserved_for",
                        "assigned_to"], "internal field names")


def says(states: list, never: list | None = None) -> dict:
    """The task's communication checks: reasons (`why`) become the `because` words of the first
    decision (or a term to state when the task states none)."""
    typed = [dict(c) for c in states if "why" not in c]
    decisions = [c for c in typed if "decision" in c]
    for c in states:
        if "why" not in c:
            continue
        if decisions:
            decisions[0]["because"] = [*decisions[0].get("because", []), *c["why"]]
        else:
            typed.append(text(c["why"], c["label"]))
    return {"states": typed, "never_states": [INTERNAL_FIELDS, *(never or [])]}


# ---- the task and the file -------------------------------------------------------------

def on_leave_colleagues(rows: dict, solution: list) -> list[dict]:
    """01 ("Do not discuss other employees' records, except the name of the person an approval
    waits for"): a colleague on leave whom the task touches (in its rows or the reference's
    calls) is never named, unless an approval of this task goes to them."""
    people = {e[0]: (e[1], e[8]) for e in EMPLOYEES}
    people.update({e["id"]: (e["name"], e["status"]) for e in rows.get("employees", [])})
    calls = [s for s in solution if s.get("tool")]
    requester = next((s["args"].get("employee_id") or s["args"].get("requester_id") for s in calls
                      if s["tool"] not in ("find_employee", "helpdesk_create_item")
                      and (s["args"].get("employee_id") or s["args"].get("requester_id"))), None)
    approvers = {s["args"]["approver_id"] for s in calls if s["tool"] == "request_approval"}
    touched = set(re.findall(r"\bEMP-\d+\b", json.dumps([rows, solution])))
    away = [name(people[e][0], "a colleague on leave") for e in sorted(touched)
            if e in people and people[e][1] == "on_leave" and e not in approvers and e != requester]
    # nor is anyone's leave said ("your manager is on leave"): their status is their record
    return [*away, text(["on leave", "on vacation", "on holiday"], "a colleague's leave status")] if away else []


# The decisions a message may not assert, by the outcome the ticket records (03_tickets.md): a
# contrary of the outcome said anywhere, even beside the right one, misleads the employee.
# ("granted" is left out where an approval is awaited: the core reads "once it is approved" as
# asserting it; "booked" and "granted" where declined: "travel is booked for an engagement you are
# staffed on", a rule, reads as asserted.)
NEVER_BY_OUTCOME = {
    "fulfilled": ("declined",), "ordered": ("declined", "from_stock"), "information": ("declined", "ordered"),
    "declined": ("ordered",), "waiting_on_employee": ("ordered",), "awaiting_approval": ("ordered", "declined"),
}


def outcome_never(solution: list) -> list[dict]:
    resolution = next((s["args"]["item"]["resolution"] for s in solution if s.get("tool") == "helpdesk_create_item"), None)
    return [decision(kind, f"a contrary outcome ({kind})") for kind in NEVER_BY_OUTCOME.get(resolution, ())]


def task(id: str, title: str, request: str, facts: dict, behavior: list[str], rows: dict, solution: list,
         final: str, states: list, notes: str, never: list | None = None) -> dict:
    stated = {c.get("decision") for c in states}
    never = [*(never or []), *on_leave_colleagues(rows, solution),
             *(c for c in outcome_never(solution) if c["decision"] not in stated)]
    return {"id": id, "title": title, "request": request, "user_facts": facts, "user_behavior": behavior,
            "rows": rows, "solution": solution, "final_message": final, "says": says(states, never), "notes": notes}


def _one(x) -> str:
    return json.dumps(x, ensure_ascii=False)


def _dump_task(t: dict, ind: str = "      ") -> str:
    out = []
    items = list(t.items())
    for i, (k, v) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if k == "user_facts" and v:
            inner = [f"{ind}  {_one(a)}: {_one(b)}" for a, b in v.items()]
            out.append(f"{ind}{_one(k)}: {{\n" + ",\n".join(inner) + f"\n{ind}}}{comma}")
        elif k in ("user_behavior", "user_rules", "solution") and isinstance(v, list) and v:
            inner = [f"{ind}  {_one(a)}" for a in v]
            out.append(f"{ind}{_one(k)}: [\n" + ",\n".join(inner) + f"\n{ind}]{comma}")
        elif k == "says" and v:
            parts = []
            for kind, claims in v.items():
                inner = [f"{ind}    {_one(c)}" for c in claims]
                parts.append(f"{ind}  {_one(kind)}: [\n" + ",\n".join(inner) + f"\n{ind}  ]")
            out.append(f"{ind}{_one(k)}: {{\n" + ",\n".join(parts) + f"\n{ind}}}{comma}")
        elif k == "rows" and v:
            tables = []
            for tbl, rows in v.items():
                inner = [f"{ind}    {_one(r)}" for r in rows]
                tables.append(f"{ind}  {_one(tbl)}: [\n" + ",\n".join(inner) + f"\n{ind}  ]")
            out.append(f"{ind}{_one(k)}: {{\n" + ",\n".join(tables) + f"\n{ind}}}{comma}")
        else:
            out.append(f"{ind}{_one(k)}: {_one(v)}{comma}")
    return "    {\n" + "\n".join(out) + "\n    }"


# Other ways an agent asks for a fact (the scripted user matches the word stems of a label or
# of one of its phrasings): declared for every task that has the label.
PHRASINGS = {
    "name": ["who am i speaking with"],
    "claim": ["which expense"],
    "problem": ["what is wrong", "what went wrong"],
    "system": ["which application", "which tool", "which platform"],
    "access level": ["what level", "which level", "what access", "which access"],
    "engagement": ["which project", "what project", "which client"],
    "joiner": ["new hire", "new starter", "who is joining", "who is starting"],
    "from": ["departure", "departing"],
    "dates": ["when you travel", "when is the trip"],
    "cabin": ["which class", "what class"],
    "team member": ["which colleague", "colleague's name"],
    "why": ["reason"],
}


def declare_phrasings(task: dict) -> dict:
    """user_fact_phrasings for the task's facts, placed after user_facts."""
    phrasings = {label: PHRASINGS[label] for label in task.get("user_facts", {}) if label in PHRASINGS}
    if phrasings and "user_fact_phrasings" not in task:
        items = list(task.items())
        task.clear()
        for key, value in items:
            task[key] = value
            if key == "user_facts":
                task["user_fact_phrasings"] = phrasings
    return task


def write(filename: str, family: str, description: str, tasks: list[dict]) -> Path:
    ids = [t["id"] for t in tasks]
    assert len(ids) == len(set(ids)), "duplicate task ids"
    for task in tasks:
        lift_user_rules(task, SPEAKS)
        declare_phrasings(task)
    text = ("{\n" + f'  "family": {_one(family)},\n  "description": {_one(description)},\n  "tasks": [\n'
            + ",\n".join(_dump_task(t) for t in tasks) + "\n  ]\n}\n")
    assert json.loads(text) == {"family": family, "description": description, "tasks": tasks}
    path = TASKS_DIR / filename
    path.write_text(text, encoding="utf-8")
    print(f"wrote {len(tasks)} tasks to {path}")
    return path


# Behaviour lines that have the caller speak, with the form both simulated users play (a
# user_rules entry: once an agent message says one of `when`, the caller says `say`; no `when`:
# in its first reply). `keep`: what stays a behaviour line; `rule`: the words the LLM user reads
# (default: the line); thinkingbox.kit.task_files.lift_user_rules moves them when writing.
SPEAKS = {
    "If asked about an NDA, say you remember getting an e-mail about one but have not got round to it.":
        {"when": ["nda", "non-disclosure"], "say": "I remember getting an e-mail about an NDA, but I have not got round to it."},
    "If asked which project, say the Lakeshore loyalty relaunch.":
        {"when": ["project", "engagement"], "say": "It is for the Lakeshore loyalty relaunch."},
    "If told you already have it, say you will try logging in again.":
        {"when": ["already have", "already has"], "say": "Then I will try logging in again."},
    "If told access cannot be given, ask once why, then accept the answer.":
        {"when": ["cannot", "not able", "unable", "not possible", "not eligible", "unfortunately", "i am afraid", "not allowed", "will not be able", "declined", "no longer", "not grant", "cannot grant"], "say": "Why can it not be given?"},
    "If asked which project, say you work on Northgate work and do not know which engagement the room belongs to.":
        {"when": ["project", "engagement"], "say": "I work on Northgate work and do not know which engagement the room belongs to."},
    "Say the work is for the Lakeshore store operations project if asked.":
        {"when": ["project", "what is it for", "what do you need it for", "why do you need", "purpose", "what for"], "say": "The work is for the Lakeshore store operations project."},
    "If told you already have access, say you will check your bookmarks.":
        {"when": ["already have", "already has"], "say": "Then I will check my bookmarks."},
    "If told you cannot request it, accept and say you will ask the joiner's manager.":
        {"when": ["cannot", "not able", "unable", "not possible", "not eligible", "unfortunately", "i am afraid", "not allowed", "will not be able", "declined", "no longer", "only the", "only their", "has to come from", "must come from", "needs to come from"], "say": "All right, I will ask the joiner's manager."},
    "If told the licence cannot be given, ask once whether you can be put on a list, then accept the answer.":
        {"when": ["cannot", "not able", "unable", "not possible", "not eligible", "unfortunately", "i am afraid", "not allowed", "will not be able", "declined", "no longer", "no licence", "no license", "none left", "no seats", "not available"], "say": "Could I be put on a list for one?"},
    "If told you cannot be enrolled, ask once whether there is another way, then accept the answer.":
        {"when": ["cannot", "not able", "unable", "not possible", "not eligible", "unfortunately", "i am afraid", "not allowed", "will not be able", "declined", "no longer"], "say": "Is there another way?"},
    "If told the trip cannot be booked, ask once why, then accept the answer.":
        {"when": ["cannot", "not able", "unable", "not possible", "not eligible", "unfortunately", "i am afraid", "not allowed", "will not be able", "declined", "no longer"], "say": "Why can the trip not be booked?"},
}
