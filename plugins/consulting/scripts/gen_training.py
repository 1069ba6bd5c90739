"""The training family (tasks/training.json; the sample trn-001 stays in training_samples.json):
course requests decided by 10_training.md and 02_approvals.md. Each scenario varies one
decisive fact: the budget left against the cost (exactly equal, one cent short, no budget
record), the seats left, a conference's dates against an active engagement's (ending the day
before, ending on the first day), a prerequisite (not taken, completed, enrolled but not
completed), the cost against the $1,500.00 line, the band (partner) and the approvers (the
requester who is the engagement manager). The outcome is computed by `decide` from the policy
(and recomputed independently in tests/test_rules_training.py).

    uv run python plugins/consulting/scripts/gen_training.py
"""
from __future__ import annotations

from datetime import date
from decimal import Decimal

from thinkingbox_consulting.fixtures import COURSES, ENGAGEMENTS

from gen_software import directory, joined, stand_in
from taskkit import (
    AWAITING, BAND, DECLINED, call, cents, decision, email_of, merge, money, name, person, staffing, task, ticket,
    why as reason, write,
)

CATALOGUE = {c[0]: {"title": c[1], "kind": c[2], "cost": cents(c[3]), "start": c[4], "end": c[5], "seats": c[6],
                    "prereq": c[7]} for c in COURSES}
BASE_ENG = {e[0]: {"id": e[0], "client_id": e[1], "name": e[2], "status": e[3], "start_date": e[4], "end_date": e[5],
                   "manager_id": e[6], "partner_id": e[7]} for e in ENGAGEMENTS}
THRESHOLD = Decimal("1500.00")
ENROLLED = decision("booked", "decision: enrolled")
ALREADY = decision("already_held", "decision: already enrolled or completed")
FULL = reason(["full", "fully booked", "no seats", "no places", "sold out"], "why: the course is full")
OVERLAP = reason(["overlap", "clash", "during", "same day"], "why: overlaps an engagement")
PREREQ = reason(["prerequisite", "requires", "first"], "why: the prerequisite")


def engagements(rows: dict) -> dict:
    out = dict(BASE_ENG)
    for e in rows.get("engagements", []):
        out[e["id"]] = e
    return out


def overlaps(a_start: str, a_end: str, b_start: str, b_end: str) -> bool:
    """10_training.md: dates overlap when they share at least one day."""
    return date.fromisoformat(a_start) <= date.fromisoformat(b_end) and date.fromisoformat(b_start) <= date.fromisoformat(a_end)


def budget_left(rows: dict, eid: str) -> Decimal:
    """What is left of this year's budget; no record for the year -> nothing left."""
    for b in rows.get("training_budgets", []):
        if b["employee_id"] == eid and b["year"] == 2026:
            return cents(Decimal(str(b["allowance"])) - Decimal(str(b["spent"])))
    return cents(0)


def decide(rows: dict, eid: str, cid: str) -> dict:
    """10_training.md, Deciding a request: the first rule that applies."""
    people = directory(rows)
    me = people[eid]
    course = CATALOGUE[cid]
    mine = {e["course_id"]: e["status"] for e in rows.get("enrolments", []) if e["employee_id"] == eid}
    if mine.get(cid) in ("enrolled", "completed"):
        return {"outcome": "information", "status": mine[cid]}
    if course["seats"] < 1:
        return {"outcome": "decline_full"}
    left = budget_left(rows, eid)
    if course["cost"] > left:
        return {"outcome": "decline_budget", "left": left}
    engs = engagements(rows)
    active = [engs[s["engagement_id"]] for s in rows.get("staffing", []) if s["employee_id"] == eid and s["status"] == "active"]
    during = [e for e in active if overlaps(course["start"], course["end"], e["start_date"], e["end_date"])]
    if course["kind"] == "conference" and during:
        return {"outcome": "decline_conference", "engagement": during[0]["id"]}
    pre = course["prereq"]
    if pre and mine.get(pre) != "completed":
        return {"outcome": "prerequisite", "prereq": pre, "enrol_prereq": mine.get(pre) != "enrolled"}
    if course["kind"] in ("external", "conference") and BAND[me["grade"]] != "partner":
        named = [me["manager_id"]]
        if course["cost"] >= THRESHOLD:
            named.append(people[me["manager_id"]]["manager_id"])
        if course["kind"] == "external":
            named += [e["manager_id"] for e in during]
        approvers: list = []
        for n in named:
            who = stand_in(people, n, eid)
            assert who is not None, "no task here has every approver away"
            if who not in approvers:
                approvers.append(who)
        return {"outcome": "approval", "named": named, "approvers": approvers, "left": left}
    return {"outcome": "enrol", "left": left}


def enrolment(eid: str, cid: str, status: str, n: int) -> dict:
    return {"enrolments": [{"id": f"ENR-{eid[4:]}{n}", "employee_id": eid, "course_id": cid, "status": status,
                            "enrolled_at": "2026-01-20T09:00:00Z"}]}


def engagement(eid: str, client: str, ename: str, start: str, end: str, manager: str, partner: str) -> dict:
    return {"engagements": [{"id": eid, "client_id": client, "name": ename, "status": "active", "start_date": start,
                             "end_date": end, "manager_id": manager, "partner_id": partner}]}


# id, employee (id, name, grade, practice, office, manager, budget), course, extra rows, request, behaviour,
# title, rule
S = [
    ("trn-002", ("EMP-6102", "Nikhil Rao", "consultant", "technology", "chicago", "EMP-1106", (4000, 800)), "CRS-202",
     staffing("STF-6102", "EMP-6102", "ENG-4103", start="2025-11-03", end="2026-04-24"),
     "Hi, I'd like to join the Executive Negotiation Programme in May.", [],
     "Consultant asks for an external course costing exactly what is left of her budget",
     "Rule: Training rule 3 bound (a cost exactly equal to what is left fits) then rule 6, $1,500.00 or more: the "
     "manager and the manager's own manager."),
    ("trn-003", ("EMP-6103", "Olivia Brooks", "senior_consultant", "strategy", "boston", "EMP-1101", (4000, 800.01)),
     "CRS-202", staffing("STF-6103", "EMP-6103", "ENG-4103", start="2025-11-03", end="2026-04-24"),
     "Hello, can you sign me up for the Executive Negotiation Programme?",
     ["If told you cannot be enrolled, accept it."],
     "Senior consultant asks for an external course costing one cent more than her budget left",
     "Rule: Training rule 3: the course costs more than the budget left ($3,199.99): decline."),
    ("trn-004", ("EMP-6104", "Pavel Horak", "analyst", "operations", "london", "EMP-1104", (2000, 0)), "CRS-103",
     {}, "Hi, please book me on Structured Problem Solving next week.",
     ["If told you cannot be enrolled, ask once whether there is another way, then accept the answer."],
     "Analyst asks for an internal course next week",
     "Rule: Training rule 2: the course has no seats left: decline (an internal course needs no budget or approval)."),
    ("trn-005", ("EMP-6105", "Rosa Delgado", "consultant", "strategy", "chicago", "EMP-1107", (5000, 1000)), "CRS-301",
     merge(engagement("ENG-4611", "CLI-03", "Lakeshore pricing diagnostic", "2026-01-12", "2026-04-19", "EMP-1104",
                      "EMP-1003"),
           staffing("STF-6105", "EMP-6105", "ENG-4611", start="2026-01-12", end="2026-04-19")),
     "Hi, I'd like to go to the Global Strategy Summit in April.", [],
     "Consultant whose active engagement ends the day before a conference asks to attend it",
     "Rule: Training rule 4 bound (no shared day: the engagement ends 2026-04-19, the summit starts 2026-04-20) then "
     "rule 6, $1,500.00 or more: the manager and the manager's own manager."),
    ("trn-006", ("EMP-6106", "Samir Haddad", "consultant", "operations", "london", "EMP-1104", (3000, 0)), "CRS-302",
     merge(engagement("ENG-4612", "CLI-06", "Aurelia branch network review", "2026-03-02", "2026-09-14", "EMP-1102",
                      "EMP-1002"),
           staffing("STF-6106", "EMP-6106", "ENG-4612", start="2026-03-02", end="2026-09-14")),
     "Hello, could you register me for the Supply Chain Leaders Forum in September?",
     ["If told you cannot attend, accept it."],
     "Consultant whose active engagement ends on a conference's first day asks to attend it",
     "Rule: Training rule 4 bound (sharing one day is an overlap: the engagement ends 2026-09-14, the forum's first "
     "day): decline."),
    ("trn-007", ("EMP-6107", "Tessa Moretti", "analyst", "finance", "boston", "EMP-1105", (2000, 0)), "CRS-102",
     {}, "Hi, I'd like to enrol in Advanced Financial Modelling in April.", [],
     "Analyst who has not taken a course's prerequisite asks for the course",
     "Rule: Training rule 5: prerequisite not completed and not enrolled: enrol in the prerequisite instead; the "
     "ticket waits on the employee."),
    ("trn-008", ("EMP-6108", "Umar Siddiqui", "senior_consultant", "operations", "london", "EMP-1104", (3500, 500)),
     "CRS-203", merge(staffing("STF-6108", "EMP-6108", "ENG-4103", start="2025-11-03", end="2026-04-24"),
                      enrolment("EMP-6108", "CRS-101", "completed", 1)),
     "Hi, can I sign up for the Applied Data Science Bootcamp in June?", [],
     "Senior consultant who completed the prerequisite asks for an external course priced exactly at the tier line",
     "Rule: Training rule 5 (prerequisite completed) then rule 6 bound included ($1,500.00: the manager and the "
     "manager's own manager); the engagement ends before the course, so no engagement manager."),
    ("trn-009", ("EMP-6109", "Vera Lindqvist", "consultant", "finance", "boston", "EMP-1105", (2500, 0)), "CRS-102",
     enrolment("EMP-6109", "CRS-101", "enrolled", 1),
     "Hello, please put me on Advanced Financial Modelling.", [],
     "Consultant enrolled in but not yet through a course's prerequisite asks for the course",
     "Rule: Training rule 5: prerequisite enrolled but not completed: nothing to enrol (already in the prerequisite), "
     "not the course; the ticket waits on the employee."),
    ("trn-010", ("EMP-6110", "Walter Pryce", "partner", "strategy", "london", None, (6000, 1200)), "CRS-202",
     staffing("STF-6110", "EMP-6110", "ENG-4101", start="2026-01-12", end="2026-06-30"),
     "Hi, I'd like a place on the Executive Negotiation Programme.", [],
     "Partner asks for an external course over the tier line",
     "Rule: Training rules 6-7: partners need none of the approvals: enrol, spending the cost from the budget."),
    ("trn-011", ("EMP-6111", "Yara Haddad", "consultant", "strategy", "boston", "EMP-1101", None), "CRS-201",
     {}, "Hi, can I do the Certified Scrum Product Owner course in April?",
     ["If told you cannot be enrolled, accept it."],
     "Consultant with no training budget record this year asks for an external course",
     "Rule: Training, first paragraph and rule 3: no budget record for the year means nothing left, so any paid "
     "course costs more than what is left: decline."),
    ("trn-012", ("EMP-6112", "Zoltan Kiss", "manager", "technology", "chicago", "EMP-1102", (5000, 0)), "CRS-201",
     merge(engagement("ENG-4613", "CLI-04", "Corvid customs digitisation", "2026-02-16", "2026-06-26", "EMP-6112",
                      "EMP-1002"),
           staffing("STF-6112", "EMP-6112", "ENG-4613", start="2026-02-16", end="2026-06-26")),
     "Hi, I want to take the Certified Scrum Product Owner course in April.", [],
     "Manager who runs the engagement overlapping an external course asks for the course",
     "Rule: Training rule 6 (under $1,500.00: the manager; during an active engagement: also its engagement "
     "manager) with Approvals step 1: he is the engagement manager, so that approval goes to his own manager, who "
     "is already asked: one request only."),
]


def span(c: dict) -> str:
    s, e = date.fromisoformat(c["start"]), date.fromisoformat(c["end"])
    return f"{s.strftime('%B')} {s.day}-{e.day}" if s.month == e.month else f"{s.isoformat()} to {e.isoformat()}"


# 10_training.md, "The employee's agreement": a paid course is taken from the employee's own budget,
# so its cost and what would be left are told, and the employee agrees, before any approval is
# requested or any enrolment made.
AGREE = {"about": "enrol in the course or request its approval", "answer": "yes", "reply": "Yes, please go ahead.",
         "after": ["$"]}
REFUSE = {"about": "enrol in the course or request its approval", "answer": "no",
          "reply": "No, thank you: I'd rather keep my training budget for something else, so please don't go ahead.",
          "after": ["$"]}


def ask_first(ctitle: str, when: str, cost, after) -> str:
    return (f"The {ctitle} ({when}) costs ${cost:,.2f}, which is taken from your training budget: ${after:,.2f} "
            "would be left for the year. Would you like me to go ahead?")


def build(sid, emp, cid, extra, request, behaviour, title, rule, declines=False):
    eid, ename, grade, practice, office, manager, budget = emp
    rows = merge(person(eid, ename, grade, practice, office, manager, budget=budget), extra)
    people = directory(rows)
    email = email_of(rows, eid)
    uid = "U-" + eid[4:]
    course = CATALOGUE[cid]
    ctitle, cost = course["title"], course["cost"]
    d = decide(rows, eid, cid)
    outcome = d["outcome"]
    steps = [call("find_employee", email=email), call("search_courses", title=" ".join(ctitle.split()[:2])),
             call("get_training_record", employee_id=eid)]
    facts = {"email": email, "name": ename}
    never = []
    when = span(course)
    if outcome == "information":
        resolution = "information"
        final = f"You are already {d['status']} in {ctitle}, so there is nothing to add."
        states = [ALREADY]
        summary = "already enrolled"
    elif outcome == "decline_full":
        resolution = "declined"
        final = (f"I'm sorry, I can't enrol you in {ctitle} ({when}): the course is full, with no seats left.")
        states = [DECLINED, FULL]
        if cost:
            left = budget_left(rows, eid)
            final += f" It costs ${cost:,.2f}; you have ${left:,.2f} left of this year's training budget."
            states += [money(cost, "course cost"), money(left, "budget left")]
        summary = "no seats left: declined"
    elif outcome == "decline_budget":
        resolution = "declined"
        left = d["left"]
        have = (f"you have ${left:,.2f} left of this year's training budget" if budget else
                "you have no training budget for this year, so nothing is left to spend")
        final = (f"I'm sorry, I can't enrol you in the {ctitle} course: it costs ${cost:,.2f} and {have}. A course has to "
                 "fit within what is left.")
        states = [DECLINED, money(cost, "course cost")] + ([money(left, "budget left")] if budget else
                                                           [reason(["no training budget", "no budget", "budget"], "why: no budget")])
        summary = f"cost {cost} over the {left} left: declined"
    else:
        steps.append(call("list_staffing", employee_id=eid))
        if outcome == "decline_conference":
            eng = engagements(rows)[d["engagement"]]
            resolution = "declined"
            final = (f"I'm sorry, I can't register you for the {ctitle}: it runs {when}, which overlaps your "
                     f"{eng['name']} engagement (it runs until {eng['end_date']}), and conferences during an active "
                     f"engagement are not approved. It costs ${cost:,.2f}; you have ${budget_left(rows, eid):,.2f} "
                     "left of this year's training budget.")
            states = [DECLINED, OVERLAP, money(cost, "course cost"), money(budget_left(rows, eid), "budget left")]
            summary = f"conference overlaps {eng['id']}: declined"
        elif outcome == "prerequisite":
            pre = CATALOGUE[d["prereq"]]
            if d["enrol_prereq"]:
                steps.append(call("enrol_in_course", employee_id=eid, course_id=d["prereq"]))
                final = (f"{ctitle} requires {pre['title']} first, which you haven't completed, so I have enrolled "
                         f"you in {pre['title']} ({span(pre)}) instead. Once you have completed it, ask again for "
                         f"{ctitle}.")
                states = [PREREQ, ENROLLED, name(pre["title"], "the prerequisite")]
                summary = f"prerequisite {d['prereq']} not completed: enrolled in it"
            else:
                final = (f"{ctitle} requires {pre['title']} first. You are enrolled in it but haven't completed it "
                         f"yet, so I can't enrol you in {ctitle} now. Once you have completed {pre['title']}, ask again.")
                states = [PREREQ, name(pre["title"], "the prerequisite")]
                summary = f"prerequisite {d['prereq']} enrolled, not completed: nothing enrolled"
            resolution = "waiting_on_employee"
        elif outcome == "approval":
            for n in dict.fromkeys(d["named"]):
                if n != eid:
                    steps.append(call("find_employee", employee_id=n))
            steps.append({"say": ask_first(ctitle, when, cost, cents(d["left"] - cost))})
            first_write = "request_approval"
            for a in d["approvers"]:
                steps.append(call("request_approval", kind="training", requester_id=eid, approver_id=a,
                                  subject_id=cid, amount=float(cost)))
            names = [people[a]["name"] for a in d["approvers"]]
            resolution = "awaiting_approval"
            why = []
            if cost >= THRESHOLD:
                why.append("your manager and your manager's own manager")
            else:
                why.append("your manager")
            note = ""
            if eid in d["named"]:
                note = (" You are the engagement manager of the engagement it falls during, so that approval goes to "
                        "your own manager, who already has the request.")
            final = (f"The {ctitle} ({when}) costs ${cost:,.2f}, which fits the ${d['left']:,.2f} left in your "
                     f"training budget. It needs the approval of {why[0]}, so I have sent the request to "
                     f"{joined(names)}.{note} I will enrol you once approved.")
            states = [AWAITING, money(cost, "course cost")] + [name(n, "approver") for n in names]
            if d["left"] != cost:
                states.insert(2, money(d["left"], "budget left"))
            summary = f"approval by {', '.join(d['approvers'])}"
        else:
            after = cents(d["left"] - cost)
            if cost:
                steps.append({"say": ask_first(ctitle, when, cost, after)})
                first_write = "enrol_in_course"
            steps.append(call("enrol_in_course", employee_id=eid, course_id=cid))
            resolution = "fulfilled"
            final = (f"You are enrolled in the {ctitle} ({when}). Its ${cost:,.2f} cost is taken from your training "
                     f"budget. You have ${after:,.2f} left for the year; no approval is needed at your grade.")
            states = [ENROLLED, money(cost, "course cost"), money(after, "budget left after")]
            summary = "enrolled"
    agreed = None
    if outcome in ("approval", "enrol") and cost:
        agreed = first_write
        after = cents(d["left"] - cost)
        told = [{**money(cost, "course cost"), "before": first_write},
                {**money(after, "budget left after"), "before": first_write}]
        if declines:   # the employee hears the cost and says no: only the ticket records the request
            steps = [st for st in steps if st.get("say") or st["tool"] in ("find_employee", "search_courses",
                                                                             "get_training_record", "list_staffing")]
            resolution = "declined"
            final = (f"Understood: I haven't enrolled you in the {ctitle} or asked for anyone's approval, so nothing "
                     "is taken from your training budget.")
            states = [money(cost, "course cost")]
            never = [decision("booked", "decision: enrolled anyway"),
                     decision("pending_approval", "decision: approval requested anyway")]
            summary = f"the employee declined after hearing the cost ({cost}) and the budget left: nothing done"
    steps.append(ticket(uid, "training", "task", "normal", resolution, ctitle, f"{ctitle} request: {summary}."))
    notes = (f"{rule} {ename}: {grade} ({BAND[grade]} band), manager {manager}. {ctitle} ({cid}, {course['kind']}) "
             f"${cost:,.2f}, {course['start']}..{course['end']}, seats {course['seats']}, prerequisite "
             f"{course['prereq']}. Budget left ${budget_left(rows, eid):,.2f}" + ("" if budget else " (no record)")
             + ". Staffing: " + (", ".join(f"{s['engagement_id']} {s['status']}" for s in rows.get("staffing", []))
                                  or "none")
             + f". Outcome: {outcome}" + (f", approvers {d['approvers']}" if outcome == "approval" else "")
             + f". Ticket task/normal/{resolution}.")
    out = task(sid, title, request, facts, behaviour, rows, steps, final, states, notes, never)
    if agreed:
        out["user_decisions"] = [REFUSE if declines else AGREE]
        out["says"]["states_before"] = told
        if not declines:
            out["says"]["agreement"] = [{"before": agreed}]
    return out


# The same situations, in which the employee declines once told the cost (10_training.md, "The
# employee's agreement"; 03_tickets.md: declined, nothing provisioned).
DECLINES = [
    ("trn-013", ("EMP-6113", "Ada Lovell", "partner", "finance", "boston", None, (5000, 500)), "CRS-202",
     {}, "Hi, could you put me on the Executive Negotiation Programme in May?", [],
     "Partner asks for an external course and hears what it would take from her budget",
     "Rule: Training rules 6-7 and The employee's agreement: a partner is enrolled without approval, but only once "
     "told the cost and the budget left; she declines, so nothing is enrolled and the ticket records it."),
    ("trn-014", ("EMP-6114", "Bruno Salas", "partner", "operations", "chicago", None, (3000, 0)), "CRS-302",
     {}, "Hello, I'd like to attend the Supply Chain Leaders Forum in September.", [],
     "Partner with no engagement asks to attend a conference and hears its cost",
     "Rule: Training rule 7 and The employee's agreement: nothing overlaps and partners need no approval; told the "
     "$900.00 cost and what would be left, he declines: ticket only."),
    ("trn-015", ("EMP-6115", "Chloe Vance", "consultant", "strategy", "boston", "EMP-1101", (4000, 0)), "CRS-201",
     {}, "Hi, I'm thinking about the Certified Scrum Product Owner course in April.", [],
     "Consultant asks for an external course that would need her manager's approval",
     "Rule: Training rule 6 and The employee's agreement: under $1,500.00 the manager approves, but the approval is "
     "requested only once the employee agrees to the cost; she declines, so no approval is sent."),
    ("trn-016", ("EMP-6116", "Dmitri Volkov", "senior_consultant", "technology", "chicago", "EMP-1102", (2500, 200)),
     "CRS-301", {}, "Hi, can I go to the Global Strategy Summit in April?", [],
     "Senior consultant with no engagement asks for a conference over the tier line",
     "Rule: Training rule 6 ($1,500.00 or more: manager and the manager's manager) and The employee's agreement: "
     "told the $2,100.00 cost and the $200.00 that would be left, he declines: no approval, ticket only."),
]


if __name__ == "__main__":
    write("training.json", "training", "Training requests: budgets, seats, conferences during engagements, "
          "prerequisites, approval tiers and partners.", [build(*s) for s in S] + [build(*s, declines=True) for s in DECLINES])
