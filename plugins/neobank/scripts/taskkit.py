"""Helpers to write neobank tasks as Python and dump them as task files: employee rows, the
ticket create/update steps with every field, and the communication phrasings one kind of
decision uses in every task. Used by build_*.py scripts in this folder."""
from __future__ import annotations

import json
import re
import unicodedata
from datetime import date, timedelta
from pathlib import Path

from thinkingbox.kit.task_files import lift_user_rules

TASKS_DIR = Path(__file__).resolve().parents[1] / "src" / "thinkingbox_neobank" / "tasks"
TODAY = date(2025, 10, 1)
NOW = "2025-10-01T13:00:00Z"

# One phrasing per kind of decision, used in every task.
APPROVAL = r"\bapprov\w*"
DENIED = (r"\b(?:can(?:no|')t|cannot|unable|not (?:able|eligible|possible|allowed|permitted|entitled)|"
          r"not (?:available|permitted) (?:to|for)|(?:isn't|is not) (?:eligible|possible|allowed|available)|"
          r"won't be able|forbidden|not something we can|declin\w*|refus\w*|den(?:y|ied))\b")
ORDERED = r"\b(?:order(?:ed)?|purchas\w*|procur\w*)\b"
LOANER = r"\bloan(?:er)?\b"
WAITLIST = r"\bwait(?:ing)?[- ]?list\w*"
ALLOCATED = r"\b(?:allocat\w*|assign\w*|licen[cs]e (?:is )?(?:now )?(?:yours|active|ready))"


def purchase_date(days_ago: int) -> str:
    return (TODAY - timedelta(days=days_ago)).isoformat()


def emp(num: int, name: str, title: str, level: int, dept: str, office: str, manager: str, **extra) -> dict:
    eid, uid = f"EMP-{num}", f"U-{num}"
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    email = ascii_name.lower().replace(" ", ".").replace("'", "") + "@tidewell.example"
    row = {"id": eid, "name": name, "email": email, "title": title, "level": level, "department_id": dept,
           "office": office, "manager_id": manager, "helpdesk_user_id": uid, **extra}
    user = {"id": uid, "name": name, "email": email, "organization_id": "ORG-0001", "verified": True,
            "created_at": "2024-03-01T09:00:00Z"}
    return {"employee": row, "user": user, "id": eid, "uid": uid, "email": email, "name": name}


def device(asset_id: str, catalog_id: str, device_type: str, model: str, days_ago: int, owner: str, site: str,
           condition: str = "good") -> dict:
    return {"id": asset_id, "catalog_id": catalog_id, "device_type": device_type, "model": model,
            "serial": "SN" + asset_id[4:], "purchase_date": purchase_date(days_ago), "site": site,
            "condition": condition, "status": "assigned", "assigned_to": owner}


def assignment(asg_id: str, asset_id: str, owner: str, days_ago: int, reason: str = "new_equipment") -> dict:
    return {"id": asg_id, "asset_id": asset_id, "employee_id": owner, "reason": reason, "status": "active",
            "assigned_at": purchase_date(days_ago) + "T10:00:00Z"}


def rows_for(person: dict, **tables) -> dict:
    rows = {"employees": [person["employee"]], "users": [person["user"]]}
    for table, items in tables.items():
        rows.setdefault(table, []).extend(items)
    return rows


def ticket_fields(*, type: str, priority: str, tags: list[str], resolution: str, status: str,
                  owner: str = "it_support", approval_required: bool = False, approval_status: str = "not_required",
                  approver_id: str | None = None, asset_id: str | None = None, expiry: str | None = None,
                  severity: str | None = None, impact: str | None = None) -> dict:
    return {"status": status, "priority": priority, "type": type, "tags": tags, "owner": owner,
            "resolution_category": resolution, "approval_required": approval_required,
            "approval_status": approval_status, "approver_id": approver_id, "asset_id": asset_id,
            "access_expiry_date": expiry, "incident_severity": severity, "customer_impact": impact}


def create_ticket(person: dict, subject: str, description: str, justification: str = "", **fields) -> dict:
    item = {"subject": subject, "description": description, "requester_id": person["uid"], **ticket_fields(**fields)}
    if justification:
        item["business_justification"] = justification
    return {"tool": "helpdesk_create_item", "args": {"table": "tickets", "item": item}}


def update_ticket(ticket_id: str, **fields) -> dict:
    return {"tool": "helpdesk_update_item", "args": {"table": "tickets", "id": ticket_id, "item": ticket_fields(**fields)}}


def old_ticket(ticket_id: str, person: dict, created: str, **fields) -> dict:
    return {"id": ticket_id, "subject": "Earlier request", "description": "Earlier request of the employee.",
            "requester_id": person["uid"], "assignee_id": "U-0002", "created_at": created, "updated_at": created,
            **ticket_fields(**fields)}


def tool(name: str, **args) -> dict:
    return {"tool": name, "args": args}


def identify(person: dict) -> list[dict]:
    return [tool("get_employee", email=person["email"]),
            tool("helpdesk_get_items", table="tickets", filter=f"requester_id eq '{person['uid']}'")]


def decision(kind: str, label: str, about: list[str] | None = None, because: list[str] | None = None,
             answer: bool = False) -> dict:
    """A decision of the neobank vocabulary (vocabulary.py): stated when asserted (or, with `answer`,
    given as the answer to a question about policy), never when negated, asked or hypothetical."""
    out = {"decision": kind, "label": label}
    if about:
        out["about"] = list(about)
    if because:
        out["because"] = list(because)
    if answer:
        out["answer"] = True
    return out


def text(label: str, *alternatives: str) -> dict:
    """A name or term (any of the alternatives), matched as whole words ignoring case."""
    return {"text": list(alternatives), "label": label}


# What each phrasing the generators used to write as a regular expression says, as a typed claim.
_DECISION_OF = {APPROVAL: "pending_approval", DENIED: "declined", ORDERED: "ordered", LOANER: "loaner_offered",
                WAITLIST: "waitlisted", ALLOCATED: "granted"}
_TERMS = {
    r"\bIT Op(?:eration)?s\b|\bescalat\w*": ("decision", "escalated"),
    r"sign(?:ed)? (?:you )?out|sessions?": ("decision", "sessions_ended"),
    "reset": ("decision", "password_reset"),
    r"\b(?:clos\w*|solved|resolved|fixed)\b": ("decision", "fixed"),
    r"\b24\b|twenty-four": ("duration", [24, "hour"]),
    r"\b36\b|thirty-six": ("duration", [36, "month"]),
    r"\b35\b|thirty-five": ("duration", [35, "month"]),
    r"\b13:00\b|\b1(?::00)? ?pm\b": ("time", "13:00"),
    r"break[- ]?(?:the[- ])?glass|emergency": ("text", ["break-glass", "break glass", "breaking the glass",
                                                        "emergency access"]),
    r"\bloan(?:er)?\b": ("decision", "loaner_offered"),
    "Software Cent(?:re|er)": ("text", ["Software Centre"]),
    r"sign(?:ing)? out|log(?:ging)? out": ("text", ["sign out", "signing out", "log out", "logging out", "sign-out"]),
    r"\bcache\b": ("text", ["cache"]),
    r"\bupdates?\b": ("text", ["update", "updates"]),
    r"\b20 ?GB\b|twenty (?:GB|gigabytes)": ("text", ["20 GB", "20GB", "twenty GB", "twenty gigabytes"]),
    r"\bremov\w*|\bdelet\w*": ("text", ["remove", "removing", "delete", "deleting"]),
    "test page": ("text", ["test page"]),
    r"\brestart\w*|\breboot\w*": ("text", ["restart", "restarting", "reboot", "rebooting"]),
    r"\b(?:re-?plug|unplug)\w*": ("text", ["unplug", "unplugging", "replug", "re-plug", "plug it back"]),
    r"\bfirmware\b": ("text", ["firmware"]),
    "sound settings|input and output|output and input|input/output": ("text", ["sound settings", "input and output",
                                                                             "output and input", "input/output"]),
    "courier": ("text", ["courier"]),
    r"passwords\.tidewell\.example": ("text", ["passwords.tidewell.example"]),
    r"\brestart\w*": ("text", ["restart", "restarting", "reboot", "rebooting"]),
    "date and time|clock": ("text", ["date and time", "clock"]),
}
# The role of a value by what it is (vocabulary.py ROLES).
_ROLE_OF = {"threshold": "threshold", "age": "age", "expiry time": "expiry", "24 hours": "expiry"}
_NAME = re.compile(r"^[A-Z][A-Za-z0-9'\\ .-]*(?:\|[A-Z][A-Za-z0-9'\\ .-]*)*$")


def phrase(label: str, *patterns: str) -> dict:
    """The typed claim for what a generator says (a decision kind, a name or a term, a value with
    its role); a phrasing nothing types is an error, so no task keeps a regular expression."""
    pattern = "|".join(patterns)
    if pattern in _DECISION_OF:
        return decision(_DECISION_OF[pattern], label)
    if pattern in _TERMS:
        kind, value = _TERMS[pattern]
        if kind == "decision":
            return decision(value, label)
        out = {kind: value, "label": label}
        if label in _ROLE_OF and kind in ("duration", "time"):
            out["role"] = _ROLE_OF[label]
        return out
    if _NAME.match(pattern):   # names: "Vantage\s14", "Marcus Feld|Security Access Review"
        return text(label, *(p.replace("\\s", " ") for p in pattern.split("|")))
    raise ValueError(f"no typed claim for the phrasing {pattern!r} ({label}): write it as a decision, text or value")


# 01 "Never quote internal ids": the vocabulary's never-tell data (vocabulary.py NEVER_TELL) covers
# every id of these kinds in the world, so a task lists none of them itself.
NEVER_TOLD_PREFIXES = ("TCK-", "EMP-", "ACC-", "GM-", "APR-", "AST-", "ASG-", "PO-", "LA-", "AUD-", "NTF-")


def ids_never(*ids: str) -> list[dict]:
    """Ids a task must never state that the vocabulary's never-tell data does not already cover."""
    return [{"id": i, "label": "internal id"} for i in ids if not i.startswith(NEVER_TOLD_PREFIXES)]


# Rubric questions that a never-state of a decision kind says (vocabulary.py: a decision is
# stated only when asserted, so "no loaner is offered" or "once approved" pass); each agrees with
# the labelled rubric corpus (tests/test_rubric_corpus.py). Kept as rubric rules: "avoid offering a
# loaner" (an offer is a modal: "we can lend you one"), "avoid asking for the password" (no decision), "avoid suggesting that an approval could
# still unlock the request" (a hypothetical offer, which a decision never-state lets pass) and, for
# policy questions, "avoid saying something was requested, ordered, granted or added" (the answer
# itself may be "eligible" or "needs approval", which are those decisions given as answers).
RUBRIC_AS_NEVER = {
    "Does the message avoid saying that the access has already been given?":
        [decision("granted", "the access given already")],
    "Does the message avoid claiming that the problem has already been fixed or resolved?":
        [decision("fixed", "the problem fixed already")],
    "Does the message avoid saying that the new device has already been given, ordered or shipped?":
        [decision("granted", "a new device given already"), decision("ordered", "a new device ordered already")],
    "Does the message avoid claiming that the software has been installed on the employee's computer?":
        [decision("installed", "the software installed by the desk")],
    "Does the message avoid saying that the service desk reset the password itself?":
        [decision("password_reset", "the password reset by the desk")],
    "Does the message avoid saying that a new laptop has been given, ordered or approved?":
        [decision("granted", "a new laptop given or approved"), decision("ordered", "a new laptop ordered")],
    "Does the message avoid saying that the account has been unlocked or the password reset?":
        [decision("unlocked", "the account unlocked"), decision("password_reset", "the password reset")],
}


# The decisions a message may not assert, by the outcome the ticket records (01 resolution_category):
# a contrary of the outcome said anywhere, even beside the right one, misleads the employee. ("declined"
# is left out where the reference says what cannot be done for another reason: "your manager can't be
# reached"; "granted" where refused: "can't be given new access" reads as asserted.)
NEVER_BY_OUTCOME = {
    "device_assigned": ("declined", "ordered"), "device_ordered": ("declined", "from_stock"),
    "access_granted": ("pending_approval",), "license_allocated": ("declined", "waitlisted"),
    "license_ordered": ("declined",), "waitlisted": ("declined",), "pending_approval": ("granted", "declined", "ordered"),
    "denied": ("ordered", "pending_approval"), "escalated": ("fixed",),
    "troubleshooting": ("fixed", "escalated", "ordered"), "resolved_by_requester": ("escalated", "ordered"),
    "credentials_reset": ("declined",), "self_service": ("password_reset", "unlocked"),
    "info_provided": ("ordered", "escalated", "password_reset"),
}


def outcome_never(solution: list) -> list[dict]:
    items = [s["args"]["item"] for s in solution if s.get("tool") in ("helpdesk_create_item", "helpdesk_update_item")]
    resolution = items[-1].get("resolution_category") if items else None
    return [decision(kind, f"a contrary outcome ({kind})") for kind in NEVER_BY_OUTCOME.get(resolution, ())]


def task(id: str, title: str, request: str, facts: dict, rows: dict, solution: list, final: str, notes: str,
         states: list, never: list, behavior: list | None = None, decisions: list | None = None,
         rubric: list | None = None) -> dict:
    out = {"id": id, "title": title, "request": request, "user_facts": facts}
    if behavior:
        out["user_behavior"] = behavior
    if decisions:
        out["user_decisions"] = decisions
    never = [n for n in never if not str(n.get("id", "")).startswith(NEVER_TOLD_PREFIXES)]
    stated = {c.get("decision") for c in states}
    never += [c for c in outcome_never(solution) if c["decision"] not in stated and c not in never]
    # A rubric question a typed claim can say becomes that claim (a never-state of the decision it
    # forbids); the rest keep their rules.
    kept = []
    for item in rubric or []:
        question = item["question"] if isinstance(item, dict) else item
        if question in RUBRIC_AS_NEVER:
            never = [*never, *(c for c in RUBRIC_AS_NEVER[question] if c not in never)]
        else:
            kept.append(item)
    rubric = kept
    out.update({"rows": rows, "solution": solution, "final_message": final,
                "says": {"states": states, "never_states": never}})
    if rubric:
        # The regular expressions agree with the labelled corpus (tests/corpus/neobank_rubric.json)
        # but caught only 4 of 22 breaches in messages written after they were frozen: they
        # approximate their questions, and runs judged by rules say so.
        out["rubric"] = [{**item, "rule": {**item["rule"], "approximate": True}} if item.get("rule") else item
                         for item in rubric]
    out["notes"] = notes
    return out


# Other ways an agent asks for a fact (the scripted user matches the word stems of a label or
# of one of its phrasings): declared for every task that has the label.
PHRASINGS = {
    "name": ["who am i speaking with"],
    "business justification": ["why do you need", "what do you need it for", "reason"],
    "access level": ["what level", "which level", "read or write", "which role"],
    "what you tried": ["have you tried", "already tried"],
    "period": ["how long", "end date", "until when"],
    "what happened": ["what is wrong", "what went wrong", "describe the problem"],
    "reason": ["why"],
    "did the steps work": ["still happening", "is it fixed"],
    "current monitors": ["how many monitors"],
    "current dock": ["do you have a dock"],
    "current headset": ["do you have a headset"],
    "manager approval": ["manager approve"],
    "last day": ["when do you leave", "leaving"],
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


def write(filename: str, family: str, description: str, tasks: list[dict]) -> None:
    ids = [t["id"] for t in tasks]
    assert len(ids) == len(set(ids)), ids
    for task in tasks:
        lift_user_rules(task, SPEAKS)
        declare_phrasings(task)
    path = TASKS_DIR / filename
    path.write_text(json.dumps({"family": family, "description": description, "tasks": tasks}, indent=1,
                               ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(tasks)} tasks to {path.name}")


# Behaviour lines that have the caller speak, with the form both simulated users play (a
# user_rules entry: once an agent message says one of `when`, the caller says `say`; no `when`:
# in its first reply). `keep`: what stays a behaviour line; `rule`: the words the LLM user reads
# (default: the line); thinkingbox.kit.task_files.lift_user_rules moves them when writing.
SPEAKS = {
    "You would prefer a new laptop, but if the agent explains the steps must be tried first, accept and say you'll try them.":
        {"when": ["steps", "troubleshooting", "try these", "try the", "first try", "try a few", "try some"], "say": "All right, I will try them."},
}
