"""The onboarding family (tasks/onboarding.json): a joiner's manager (or someone else) asks the
desk to progress a joiner's checklist. Each scenario varies one decisive fact: the days from
today to the start date against the windows of 08_onboarding.md (5 days before, the start
date, 7 days after, each bound included) and the priority line of 03_tickets.md (3 days or
less, or already started), the joiner's practice and office (which laptop, reserved or
assigned, and whether the office has one in stock), items already done, a mandatory course
already completed, and who asks. The outcome is computed by `plan` (and recomputed
independently in tests/test_rules_onboarding.py). The sample onb-001 stays in
onboarding_samples.json.

    uv run python plugins/consulting/scripts/gen_onboarding.py
"""
from __future__ import annotations

from datetime import timedelta

from taskkit import (
    DECLINED, ORDERED, TODAY, call, day, merge, name, on_date, person, task, text, ticket, write,
)

ITEMS = ["accounts", "badge", "laptop", "mandatory_courses", "expense_tool", "crm_access"]
# the day (relative to the start date) from which each item is done, bound included
FROM = {"accounts": -5, "badge": -5, "laptop": -5, "mandatory_courses": 0, "expense_tool": 7, "crm_access": 7}
MANDATORY = ["CRS-001", "CRS-002", "CRS-003", "CRS-004"]   # fixtures.COURSES of kind mandatory
LAPTOP_LEAD_DAYS = 10
# in-stock laptops of the base rows by office and model, lowest id first (fixtures.DEVICES; DEV-5000 is reserved)
STOCK = {("boston", "ThinkPad T14"): ["DEV-5001", "DEV-5002"], ("boston", "MacBook Pro 14"): ["DEV-5003"],
         ("chicago", "MacBook Pro 14"): ["DEV-5101", "DEV-5102"], ("chicago", "ThinkPad T14"): ["DEV-5103"],
         ("london", "ThinkPad T14"): ["DEV-5201"]}
MANAGERS = {"EMP-1101": "Priya Raman", "EMP-1102": "Tomasz Wierzbicki", "EMP-1104": "Gareth Lloyd",
            "EMP-1105": "Camille Fournier", "EMP-1106": "Diego Alvarez", "EMP-1107": "Hannah Kowalczyk"}
WORDS = {"accounts": "accounts", "badge": "badge", "laptop": "laptop", "mandatory_courses": "mandatory courses",
         "expense_tool": "expense tool", "crm_access": "CRM access"}
SAID = {"accounts": ["accounts", "account"], "badge": ["badge"], "laptop": ["laptop"],
        "mandatory_courses": ["mandatory courses", "courses", "course"], "expense_tool": ["expense tool", "expense"],
        "crm_access": ["CRM"]}


def email(full_name: str) -> str:
    return full_name.lower().replace(" ", ".") + "@ashgrove.example"


def laptop_model(practice: str) -> str:
    return "MacBook Pro 14" if practice == "technology" else "ThinkPad T14"


def plan(days: int, done: set[str]) -> tuple[list[str], list[str]]:
    """(items due now and still pending, items still pending after) for a joiner `days` from the start."""
    due = [i for i in ITEMS if i not in done and -days >= FROM[i]]
    later = [i for i in ITEMS if i not in done and i not in due]
    return due, later


def fmt(items: list[str]) -> str:
    words = [WORDS[i] for i in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# id, joiner (id, name, grade, practice, office, manager), days to start, items already done, mandatory courses
# already completed, requester (employee id of a base manager, or a new employee row), title, rule
S = [
    ("onb-002", ("EMP-5302", "Kai Nakamura", "analyst", "technology", "chicago", "EMP-1106"), 3, set(), [], "EMP-1106",
     "Manager asks to prepare a Chicago technology analyst who starts in three days",
     "Rule: Tickets priority bound (start 3 days away or less is high, day 3 included) with the Onboarding "
     "pre-start window (day 5 before): the technology practice's laptop is reserved."),
    ("onb-003", ("EMP-5303", "Olivia Grant", "consultant", "strategy", "boston", "EMP-1101"), 5, set(), [], "EMP-1101",
     "Manager asks to prepare a Boston strategy consultant who starts in five days",
     "Rule: Onboarding window bound: accounts, badge and laptop are done from 5 days before the start, day 5 "
     "included; the lowest in-stock id of the standard model (a laptop reserved for someone else is not in stock)."),
    ("onb-004", ("EMP-5304", "Lars Eriksen", "senior_consultant", "finance", "boston", "EMP-1105"), 6, set(), [], "EMP-1105",
     "Manager asks to prepare a Boston finance joiner who starts in six days",
     "Rule: Onboarding, nothing due yet: a start more than 5 days away has no item due; tell the date from which "
     "the first items will be done (information)."),
    ("onb-005", ("EMP-5305", "Amelia Hart", "analyst", "operations", "london", "EMP-1104"), 0, set(), [], "EMP-1104",
     "Manager asks to set up a London analyst who starts today with nothing done yet",
     "Rule: Onboarding on the start date (day 0): the laptop is assigned, not reserved, and the mandatory courses "
     "are due from the start date."),
    ("onb-006", ("EMP-5306", "Noah Fischer", "consultant", "technology", "chicago", "EMP-1102"), -7,
     {"accounts", "badge", "laptop", "mandatory_courses"}, [], "EMP-1102",
     "Manager asks to progress the checklist of a joiner who started seven days ago",
     "Rule: Onboarding window bound: the expense tool and CRM access are done from 7 days after the start, day 7 "
     "included; items already done are left as they are."),
    ("onb-007", ("EMP-5307", "Zara Ahmed", "analyst", "finance", "boston", "EMP-1105"), -6,
     {"accounts", "badge", "laptop"}, ["CRS-003"], "EMP-1105",
     "Manager asks to progress the checklist of a joiner who started six days ago and already completed one mandatory course",
     "Rule: Onboarding: 6 days after the start the expense tool and CRM access are not due yet (day 7); the "
     "mandatory courses are, and a mandatory course already completed is left as it is."),
    ("onb-008", ("EMP-5308", "Ethan Brooks", "consultant", "technology", "london", "EMP-1104"), 2, set(), [], "EMP-1104",
     "Manager asks to prepare a London technology consultant who starts in two days",
     "Rule: Onboarding laptop by Hardware: the technology practice's standard laptop is not in the London stock "
     "(a MacBook Air is not standard), so it is ordered and the laptop item stays pending."),
    ("onb-009", ("EMP-5309", "Ravi Shankar", "analyst", "strategy", "boston", "EMP-1101"), 8, set(), [], "EMP-1107",
     "Another manager asks to set up a joiner who will work on her engagement",
     "Rule: Onboarding, who may ask: only the joiner or the manager named on the joiner's record; a request from "
     "another manager is declined and nothing is changed."),
    ("onb-010", ("EMP-5310", "Grace Okafor", "analyst", "strategy", "chicago", "EMP-1107"), -10, set(), [], "EMP-1107",
     "Manager asks to set up a Chicago joiner who started ten days ago with nothing done",
     "Rule: Onboarding, every pending item whose time has come: ten days after the start every item is due; the "
     "laptop is assigned (started) from the own office's stock."),
]


def build(sid, joiner, days, done, completed, requester, title, rule):
    jid, jname, grade, practice, office, manager = joiner
    num = jid[4:]
    start = day(days)
    rows = person(jid, jname, grade, practice, office, manager, start=start, status="onboarding")
    items = [{"id": f"ONB-{num}{i}", "employee_id": jid, "item": item, "status": "done" if item in done else "pending",
              **({"completed_at": "2026-02-20T09:00:00Z"} if item in done else {})}
             for i, item in enumerate(ITEMS, start=1)]
    item_id = {i["item"]: i["id"] for i in items}
    rows = merge(rows, {"onboarding_items": items})
    if completed:
        rows = merge(rows, {"enrolments": [
            {"id": f"ENR-{num}{k}", "employee_id": jid, "course_id": c, "status": "completed",
             "enrolled_at": "2026-02-24T10:00:00Z"} for k, c in enumerate(completed, start=1)]})
    remail = email(MANAGERS[requester])
    ruid = "U-" + requester[4:]
    jfirst = jname.split()[0]
    facts = {"email": remail, "name": MANAGERS[requester], "joiner": f"{jname}, {email(jname)}"}
    request = f"Hi, {jname} {'has joined' if days < 0 else 'is joining'} my team. Could you get the onboarding set up?"
    behavior = []
    steps = [call("find_employee", email=remail), call("find_employee", email=email(jname))]
    priority = "high" if days <= 3 else "normal"
    never = []

    if requester != manager:   # not the joiner's manager: declined, nothing changed
        request = (f"Hello, {jname} starts soon and will be working on my engagement. Can you get the onboarding "
                   f"done for him?")
        behavior = ["If told you cannot request it, accept and say you will ask the joiner's manager."]
        steps.append(ticket(ruid, "onboarding", "task", priority, "declined", f"Onboarding of {jname}",
                            "Requester is not the joiner's manager: declined, nothing changed."))
        final = (f"I'm sorry, I can't progress {jfirst}'s onboarding for you: only {jfirst} or the manager on "
                 f"{jfirst}'s record can ask for it. Please ask {MANAGERS[manager]} to contact us.")
        notes = (f"{rule} Joiner {jid} starts {start} ({days} days); manager on record {manager} "
                 f"({MANAGERS[manager]}); requester {requester} ({MANAGERS[requester]}) is not. Nothing changed. "
                 f"Ticket task/{priority}/declined/solved.")
        return task(sid, title, request, facts, behavior, rows, steps, final, [DECLINED], notes, never)

    steps.append(call("get_onboarding_checklist", employee_id=jid))
    due, later = plan(days, done)
    model = laptop_model(practice)
    ordered = None
    states = []
    for item in due:
        if item == "laptop":
            steps.append(call("check_inventory", office=office, kind="laptop"))
            stock = STOCK.get((office, model), [])
            if not stock:
                steps.append(call("order_device", employee_id=jid, kind="laptop", model=model, office=office))
                ordered = (TODAY + timedelta(days=LAPTOP_LEAD_DAYS)).isoformat()
                continue
            verb = "reserve_device" if days > 0 else "assign_device"
            steps.append(call(verb, device_id=stock[0], employee_id=jid))
            states.append(name(model, "the laptop " + ("reserved" if days > 0 else "assigned")))
        if item == "mandatory_courses":
            steps.append(call("search_courses", title=""))
            steps.append(call("get_training_record", employee_id=jid))
            for c in MANDATORY:
                if c not in completed:
                    steps.append(call("enrol_in_course", employee_id=jid, course_id=c))
        steps.append(call("complete_onboarding_item", item_id=item_id[item]))
    still = [i for i in later] + (["laptop"] if ordered else [])
    done_now = [i for i in due if not (i == "laptop" and ordered)]
    resolution = "information" if not due else "ordered" if ordered else "fulfilled"

    # what is told: items done, and the date from which each pending item will be done
    by_date: dict[str, list[str]] = {}
    for i in ITEMS:
        if i in still:
            when = ordered if (i == "laptop" and ordered) else (TODAY + timedelta(days=days + FROM[i])).isoformat()
            by_date.setdefault(when, []).append(i)
    parts = []
    if done_now:
        laptop_bit = ""
        if "laptop" in done_now:
            laptop_bit = (f" (a {model} is {'reserved for' if days > 0 else 'assigned to'} {jfirst} at the "
                          f"{office.title()} office)")
        parts.append(f"Done for {jfirst}: {fmt(done_now)}{laptop_bit}.")
        if "mandatory_courses" in done_now:
            extra = " (the one already completed is left as it is)" if completed else ""
            parts.append(f"{jfirst} is enrolled in the mandatory courses{extra}.")
        # the laptop item is said done by the word or by the model named (a "MacBook Pro 14 is reserved")
        states += [text(SAID[i] + ([model] if i == "laptop" else []),
                          f"done: {WORDS[i]}") for i in done_now]
    if ordered:
        parts.append(f"The {office.title()} office has no {model} in stock, so I have ordered one for {jfirst}; it is "
                     f"expected on {ordered}, and the laptop item will be done once it arrives.")
        states += [ORDERED, name(model, "the laptop ordered"), on_date(ordered, "expected delivery")]
    if not due:
        first = min(by_date)
        parts.append(f"Nothing is due yet: {jfirst} starts on {start}. The first items ({fmt(by_date[first])}) "
                     f"will be done from {first}.")
        states.append(on_date(first, "first items from"))
        rest = [d for d in sorted(by_date) if d != first]
    else:
        rest = [d for d in sorted(by_date) if d != ordered]
    for d in rest:
        parts.append(f"The {fmt(by_date[d])} will be done from {d}.")
        states.append(on_date(d, f"{fmt(by_date[d])} from"))
    if not still:
        parts.append("Every item of the checklist is now done.")
    final = " ".join(parts)
    desc = (f"Start {start} ({days} days): done {', '.join(done_now) or 'nothing'}"
            + (f"; laptop ordered, expected {ordered}" if ordered else "") + ".")
    steps.append(ticket(ruid, "onboarding", "task", priority, resolution, f"Onboarding of {jname}", desc))
    notes = (f"{rule} Joiner {jid} ({grade}, {practice}, {office}) starts {start}: {days} days from {TODAY}. "
             f"Already done: {', '.join(sorted(done)) or 'none'}. Due now: {', '.join(due) or 'none'}. "
             f"Pending after: {', '.join(f'{i} from {d}' for d, its in sorted(by_date.items()) for i in its) or 'none'}. "
             f"Laptop {model}" + (f" ordered for {office}, expected {ordered}" if ordered else "")
             + f". Requester {requester} is the joiner's manager ({ruid}). Priority: {days} days -> {priority}. "
             f"Ticket task/{priority}/{resolution}.")
    return task(sid, title, request, facts, behavior, rows, steps, final, states, notes, never)


if __name__ == "__main__":
    write("onboarding.json", "onboarding", "Onboarding checklists by start date, practice, office stock and requester.",
          [build(*s) for s in S])
