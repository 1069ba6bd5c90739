"""The software family (tasks/software.json; the sample sw-001 stays in software_samples.json):
licence requests decided by 09_software.md and 02_approvals.md. Each scenario varies one
decisive fact: the annual cost against the $500.00 line (just under, exactly at, over), the
band, the seats in use (a full pool, a pool with a revoked licence), the staffing (none, booked
only, one or two active engagements), a licence already held, and the approvers (on leave, a
delegate on leave too, the manager who is also the engagement partner). The outcome is computed
by `decide` from the policy (and recomputed independently in tests/test_rules_software.py).

    uv run python plugins/consulting/scripts/gen_software.py
"""
from __future__ import annotations

from decimal import Decimal

from thinkingbox_consulting.fixtures import EMPLOYEES, ENGAGEMENTS, SOFTWARE

from taskkit import (
    AWAITING, BAND, DECLINED, call, cents, decision, email_of, merge, money, name, person, staffing, task, text, ticket,
    why, write,
)

CATALOGUE = {sid: {"name": n, "cost": cents(cost), "seats": seats} for sid, n, cost, seats in SOFTWARE}
ENG = {e[0]: {"name": e[2], "status": e[3], "manager": e[6], "partner": e[7]} for e in ENGAGEMENTS}
THRESHOLD = Decimal("500.00")
ASSIGNED = decision("granted", "decision: licence assigned")
ALREADY = decision("already_held", "decision: already licensed")
NO_SEATS = why(["seat", "seats", "waiting list"], "why: every seat is taken")
NO_ENGAGEMENT = why(["engagement", "project"], "why: no active engagement to charge")
NO_APPROVAL = decision("no_approval_needed", "decision: no approval needed")
ASK_AGAIN = text(["ask again", "again", "is back", "returns"], "what to do: ask again when the approver is back")


def directory(rows: dict) -> dict:
    """Every employee the task's world holds (base rows and the task's own), by id."""
    out = {eid: {"id": eid, "name": n, "grade": g, "manager_id": m, "delegate_id": d, "status": s}
           for eid, n, g, _p, _o, m, d, _st, s in EMPLOYEES}
    for e in rows.get("employees", []):
        out[e["id"]] = e
    return out


def stand_in(people: dict, named: str, requester: str) -> str | None:
    """02_approvals.md, Who stands in: the requester -> their manager; on leave -> the delegate;
    the delegate away or missing -> None (nothing is sent)."""
    if named == requester:
        named = people[requester]["manager_id"]
    if people[named]["status"] == "on_leave":
        delegate = people[named]["delegate_id"]
        if delegate is None or people[delegate]["status"] == "on_leave":
            return None
        return delegate
    return named


def decide(rows: dict, eid: str, sw_id: str, chosen: str | None) -> dict:
    """09_software.md, Deciding a request: the first rule that applies."""
    people = directory(rows)
    me = people[eid]
    sw = CATALOGUE[sw_id]
    licences = rows.get("licences", [])
    if any(l["employee_id"] == eid and l["software_id"] == sw_id and l["status"] == "active" for l in licences):
        return {"outcome": "information"}
    if sw["cost"] == 0:
        return {"outcome": "assign", "engagement": None}
    active = [s["engagement_id"] for s in rows.get("staffing", []) if s["employee_id"] == eid and s["status"] == "active"]
    if not active:
        return {"outcome": "decline_engagement"}
    used = len([l for l in licences if l["software_id"] == sw_id and l["status"] == "active"])
    if used >= sw["seats"]:
        return {"outcome": "decline_seats", "used": used}
    if len(active) > 1:
        assert chosen in active, "more than one active engagement: the user names one"
        eng = chosen
    else:
        eng = active[0]
    band = BAND[me["grade"]]
    named = {"associate": [me["manager_id"]] + ([ENG[eng]["partner"]] if sw["cost"] >= THRESHOLD else []),
             "manager": [ENG[eng]["partner"]] if sw["cost"] >= THRESHOLD else [],
             "partner": []}[band]
    if not named:
        return {"outcome": "assign", "engagement": eng}
    approvers: list = []
    for n in named:
        who = stand_in(people, n, eid)
        if who is None:
            return {"outcome": "waiting", "engagement": eng, "named": named}
        if who not in approvers:
            approvers.append(who)
    return {"outcome": "approval", "engagement": eng, "named": named, "approvers": approvers}


def holders(sw_id: str, n: int, revoked: int = 0, start: int = 1) -> dict:
    """`n` active licences (and `revoked` revoked ones) of a title held by base employees."""
    people = ["EMP-1101", "EMP-1102", "EMP-1104", "EMP-1105", "EMP-1106", "EMP-1107"]
    rows = []
    for i in range(n + revoked):
        rows.append({"id": f"LIC-6{sw_id[-2:]}{start + i}", "software_id": sw_id, "employee_id": people[i],
                     "engagement_id": "ENG-4104", "status": "active" if i < n else "revoked",
                     "assigned_at": "2026-01-12T09:00:00Z"})
    return {"licences": rows}


def joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# id, employee (id, name, grade, practice, office, manager), software id, extra rows, chosen engagement,
# request, extra facts, behaviour, title, rule
S = [
    ("sw-002", ("EMP-6002", "Amara Nwosu", "analyst", "finance", "boston", "EMP-1105"), "SW-109",
     staffing("STF-6002", "EMP-6002", "ENG-4106", start="2025-10-06", end="2026-08-28"), None,
     "Hi, could I get Power BI Pro? I need to build some dashboards.", {}, [],
     "Analyst on one active engagement asks for a title priced one cent under the tier line",
     "Rule: Software rule 5, associate band, under $500.00 ($499.99): the manager only."),
    ("sw-003", ("EMP-6003", "Bastien Girard", "manager", "operations", "london", "EMP-1104"), "SW-108",
     staffing("STF-6003", "EMP-6003", "ENG-4103", start="2025-11-03", end="2026-04-24"), None,
     "Hello, I'd like a Lucidchart Team seat for process mapping.", {}, [],
     "Manager asks for a title priced exactly at the tier line",
     "Rule: Software rule 5 bound included, manager band, $500.00 or more ($500.00 exactly): the engagement partner."),
    ("sw-004", ("EMP-6004", "Chiara Benedetti", "senior_manager", "technology", "chicago", "EMP-1002"), "SW-109",
     staffing("STF-6004", "EMP-6004", "ENG-4104"), None,
     "Hi, please set me up with Power BI Pro.", {}, [],
     "Senior manager on one active engagement asks for a title priced just under the tier line",
     "Rule: Software rules 5-6, manager band under $500.00: no approval, assign charged to the engagement."),
    ("sw-005", ("EMP-6005", "Declan Murphy", "partner", "finance", "boston", None), "SW-107",
     staffing("STF-6005", "EMP-6005", "ENG-4106", start="2025-10-06", end="2026-08-28"), None,
     "Hi, I need a Capital IQ Terminal for the bank work.", {}, [],
     "Partner asks for the most expensive title in the catalogue",
     "Rule: Software rules 5-6, partner band: no approval at any cost; assign charged to the engagement."),
    ("sw-006", ("EMP-6006", "Elif Demir", "consultant", "technology", "chicago", "EMP-1106"), "SW-103",
     merge(staffing("STF-6006", "EMP-6006", "ENG-4104"), holders("SW-103", 3)), None,
     "Hey, can I have an Alteryx Designer licence for my data prep work?", {},
     ["If told the licence cannot be given, ask once whether you can be put on a list, then accept the answer."],
     "Consultant asks for a title whose every seat is held",
     "Rule: Software rule 4: every seat taken by an active licence, no waiting list: decline before any approval."),
    ("sw-007", ("EMP-6007", "Felix Andersson", "senior_consultant", "finance", "boston", "EMP-1105"), "SW-105",
     merge(staffing("STF-6007", "EMP-6007", "ENG-4106", start="2025-10-06", end="2026-08-28"),
           holders("SW-105", 3, revoked=1)), None,
     "Hi, I need Stata SE for some regression work. Can you sort that out?", {}, [],
     "Senior consultant asks for a title with one seat held by a revoked licence",
     "Rule: Software rule 4 (only active licences take seats: 3 active of 4, one revoked) then rule 5, associate "
     "band under $500.00: the manager."),
    ("sw-008", ("EMP-6008", "Greta Holm", "consultant", "operations", "london", "EMP-1104"), "SW-104",
     staffing("STF-6008", "EMP-6008", "ENG-4108", status="booked", start="2026-05-04", end="2026-10-30"), None,
     "Hi, could I get think-cell? I'm starting on a new project soon.", {},
     ["If told the licence cannot be given now, accept it."],
     "Consultant whose only staffing is booked for a later engagement asks for a paid title",
     "Rule: Software rule 3: a paid title needs an engagement with active staffing; booked staffing does not count."),
    ("sw-009", ("EMP-6009", "Hugo Lefebvre", "analyst", "strategy", "boston", "EMP-1101"), "SW-101",
     {}, None,
     "Hi, can I get Miro Whiteboard? I'm between projects and want to run a workshop.", {}, [],
     "Analyst with no engagement asks for a free title",
     "Rule: Software rule 2: a $0.00 title is assigned directly, with no engagement and no approval."),
    ("sw-010", ("EMP-6010", "Isla Fraser", "consultant", "technology", "chicago", "EMP-1106"), "SW-102",
     merge(staffing("STF-6010", "EMP-6010", "ENG-4104"),
           {"licences": [{"id": "LIC-60101", "software_id": "SW-102", "employee_id": "EMP-6010",
                          "engagement_id": "ENG-4104", "status": "active", "assigned_at": "2026-01-19T10:00:00Z"}]}),
     None, "Hi, I'd like a Tableau Creator licence please.", {}, [],
     "Consultant asks for a title she already holds an active licence of",
     "Rule: Software rule 1: already licensed: tell her, change nothing (no approval, no second seat)."),
    ("sw-011", ("EMP-6011", "Jakub Nowak", "manager", "technology", "chicago", "EMP-1102"), "SW-102",
     merge(staffing("STF-6011", "EMP-6011", "ENG-4103", start="2025-11-03", end="2026-04-24"),
           staffing("STF-6012", "EMP-6011", "ENG-4101", start="2026-01-12", end="2026-06-30")), "ENG-4101",
     "Hello, I'll need a Tableau Creator licence, please.",
     {"engagement": "It's for the Northgate supply chain review."}, [],
     "Manager active on two engagements with different partners asks for a title over the tier line",
     "Rule: Software rule 3 (two active engagements: ask which) and rule 5, manager band, $500.00 or more: the "
     "partner of the engagement named."),
    ("sw-012", ("EMP-6012", "Kaia Lindgren", "consultant", "strategy", "boston", "EMP-1108"), "SW-104",
     staffing("STF-6013", "EMP-6012", "ENG-4101", start="2026-01-12", end="2026-06-30"), None,
     "Hi, can I get think-cell installed? I'm doing a lot of charts.", {}, [],
     "Consultant whose manager is on leave asks for a low-cost paid title",
     "Rule: Software rule 5 (associate, under $500.00: the manager) with Approvals step 2: the manager is on leave, "
     "so the request goes to his delegate."),
    ("sw-013", ("EMP-6013", "Liam O'Connor", "analyst", "operations", "london", "EMP-1003"), "SW-108",
     staffing("STF-6014", "EMP-6013", "ENG-4103", start="2025-11-03", end="2026-04-24"), None,
     "Hi, I'd like Lucidchart Team for mapping store processes.", {}, [],
     "Analyst whose manager is also the engagement partner asks for a title priced exactly at the tier line",
     "Rule: Software rule 5 bound included (associate, $500.00: manager and engagement partner) with Approvals: "
     "one person holds both roles, so one request only."),
    ("sw-014", ("EMP-6014", "Mei Chen", "consultant", "operations", "london", "EMP-6091"), "SW-105",
     merge(staffing("STF-6015", "EMP-6014", "ENG-4103", start="2025-11-03", end="2026-04-24"),
           person("EMP-6091", "Rowan Whitlock", "manager", "operations", "london", "EMP-1104", status="on_leave",
                  delegate="EMP-6092"),
           person("EMP-6092", "Selma Aydin", "manager", "operations", "london", "EMP-1104", status="on_leave",
                  delegate="EMP-1104")), None,
     "Hi, I need Stata SE for a survey analysis.", {},
     ["Once the assistant has explained what happens with your request, accept its answer."],
     "Consultant whose manager and the manager's delegate are both on leave asks for a paid title",
     "Rule: Software rule 5 (associate, under $500.00: the manager) with Approvals step 2: manager and delegate both "
     "on leave: send nothing; the ticket waits on the employee."),
]


def build(sid, emp, sw_id, extra, chosen, request, extra_facts, behaviour, title, rule):
    eid, ename, grade, practice, office, manager = emp
    rows = merge(person(eid, ename, grade, practice, office, manager), extra)
    people = directory(rows)
    email = email_of(rows, eid)
    uid = "U-" + eid[4:]
    sw = CATALOGUE[sw_id]
    title_name, cost = sw["name"], sw["cost"]
    d = decide(rows, eid, sw_id, chosen)
    outcome = d["outcome"]
    facts = {"email": email, "name": ename, **extra_facts}
    steps = [call("find_employee", email=email), call("search_software", name=title_name.split()[0]),
             call("list_licences", employee_id=eid)]
    never = []
    if outcome == "information":
        resolution = "information"
        final = (f"You already have an active {title_name} licence, so there is nothing to add; if it doesn't work "
                 "for you, let us know.")
        states = [ALREADY, name(title_name, "the title")]
        summary = "already licensed"
    elif outcome == "assign" and d["engagement"] is None:
        steps.append(call("assign_licence", employee_id=eid, software_id=sw_id))
        resolution = "fulfilled"
        final = f"Done: a {title_name} licence is assigned to you. It is free, so nothing is charged to an engagement."
        states = [ASSIGNED, name(title_name, "the title")]
        summary = "free title assigned"
    else:
        steps.append(call("list_staffing", employee_id=eid))
        eng = d.get("engagement")
        if outcome == "decline_engagement":
            resolution = "declined"
            final = (f"I'm sorry, I can't assign {title_name} yet: a paid title is charged to an engagement you are "
                     "actively working on, and you have none active today (a booked engagement that has not started "
                     "does not count). Ask again once you are active on the engagement.")
            states = [DECLINED, NO_ENGAGEMENT]
            summary = "no active engagement: declined"
        elif outcome == "decline_seats":
            resolution = "declined"
            final = (f"I'm sorry, I can't assign {title_name}: all {sw['seats']} seats are in use, and there is no "
                     "waiting list. You can ask again if a seat is freed.")
            states = [DECLINED, NO_SEATS]
            summary = f"all {sw['seats']} seats in use: declined"
        elif outcome == "assign":
            steps.append(call("assign_licence", employee_id=eid, software_id=sw_id, engagement_id=eng))
            resolution = "fulfilled"
            final = (f"Done: a {title_name} licence is assigned to you, charged to the {ENG[eng]['name']} engagement "
                     f"at ${cost:,.2f} a year. No approval is needed at your grade.")
            states = [ASSIGNED, name(title_name, "the title"), money(cost, "annual cost"), NO_APPROVAL]
            summary = f"no approval needed: assigned to {eng}"
        elif outcome == "waiting":
            for n in d["named"]:
                steps.append(call("find_employee", employee_id=n))
                if people[n]["delegate_id"]:
                    steps.append(call("find_employee", employee_id=people[n]["delegate_id"]))
            resolution = "waiting_on_employee"
            final = (f"{title_name} costs ${cost:,.2f} a year, so it needs your manager's approval. Neither your "
                     "manager nor the colleague who approves in their place can take it at the moment, so I could not "
                     "send the request and nothing is assigned. Please ask again when your manager is back.")
            states = [money(cost, "annual cost"), ASK_AGAIN]
            summary = "approvers on leave: nothing sent"
        else:
            for n in dict.fromkeys(d["named"]):
                if n != eid:
                    steps.append(call("find_employee", employee_id=n))
                if people[n]["status"] == "on_leave":
                    steps.append(call("find_employee", employee_id=people[n]["delegate_id"]))
            for a in d["approvers"]:
                steps.append(call("request_approval", kind="software", requester_id=eid, approver_id=a,
                                  subject_id=sw_id, amount=float(cost)))
            names = [people[a]["name"] for a in d["approvers"]]
            resolution = "awaiting_approval"
            roles = {"associate": "your manager" + (" and the engagement partner" if cost >= THRESHOLD else ""),
                     "manager": "the engagement partner"}[BAND[grade]]
            leave = ""
            if any(people[n]["status"] == "on_leave" for n in d["named"]):   # 01: the stand-in is named, not why
                leave = f" I have sent the request to {people[d['approvers'][0]]['name']}."
            same = " who holds both roles" if len(d["approvers"]) < len(d["named"]) else ""
            sent = leave or f" I have sent the request to {joined(names)}{same}."
            final = (f"{title_name} costs ${cost:,.2f} a year per seat, so it needs the approval of {roles}.{sent} "
                     f"The licence will be assigned, charged to the {ENG[eng]['name']} engagement, once approved.")
            states = [AWAITING, money(cost, "annual cost")] + [name(n, "approver") for n in names]
            summary = f"approval by {', '.join(d['approvers'])}"
    steps.append(ticket(uid, "software", "task", "normal", resolution, f"{title_name} licence",
                        f"{title_name} request: {summary}."))
    used = len([l for l in rows.get("licences", []) if l["software_id"] == sw_id and l["status"] == "active"])
    notes = (f"{rule} {ename}: {grade} ({BAND[grade]} band), manager {manager}. {title_name} ({sw_id}) ${cost:,.2f} "
             f"a year, seats {used}/{sw['seats']} in use. Staffing: "
             + (", ".join(f"{s['engagement_id']} {s['status']}" for s in rows.get("staffing", [])) or "none")
             + f". Outcome: {outcome}" + (f", approvers {d['approvers']}" if outcome == "approval" else "")
             + f". Ticket task/normal/{resolution}.")
    return task(sid, title, request, facts, behaviour, rows, steps, final, states, notes, never)


if __name__ == "__main__":
    write("software.json", "software", "Software licences: free titles, engagement, seats, approval tiers by band "
          "and cost, approvers on leave.", [build(*s) for s in S])
