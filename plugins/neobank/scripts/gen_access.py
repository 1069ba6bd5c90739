"""The tool and dashboard access family (tasks/access.json, ac-002..), the incident production
access family (tasks/incident_access.json, ia-002..) and the compliance data access family
(tasks/compliance_access.json, cd-002..). The samples (ac-001, ia-001, cd-001) stay in their
*_samples.json files.

Every decision is computed here from the written rules (02_tool_access.md, 03_dashboards.md,
04_incident_access.md and the ticket fields of 01) applied to the task's employee row and the
request's facts; tests/test_rules_access.py recomputes them independently from each task's world.

    uv run python plugins/neobank/scripts/gen_access.py
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from taskkit import (
    APPROVAL, DENIED, create_ticket, decision, emp, identify, ids_never, old_ticket, phrase, rows_for, task, tool,
    update_ticket, write,
)
from thinkingbox_neobank.fixtures import APPLICATIONS, GROUPS, LEADERS

NOW = datetime(2025, 10, 1, 13, 0, tzinfo=timezone.utc)
APPS = {a: {"name": n, "group": g, "levels": lv} for a, n, g, lv in APPLICATIONS}
GROUP = {g: {"name": n, "kind": k, "sensitivity": s, "dept": d} for g, n, k, s, d in GROUPS}
PEOPLE = {e: {"name": n, "title": t, "level": lv, "dept": d, "manager": m} for e, n, t, lv, d, _o, m in LEADERS}
SECURITY = "EMP-1006"
MATRIX_COLS = ["APP-TRACK", "APP-SKETCH", "APP-CRM", "APP-CODE", "APP-LEDGER", "APP-STUDIO", "APP-ADMIN",
               "APP-COREBANK", "APP-CLOUD", "APP-PRODDB", "APP-VPN", "APP-SIEM"]
MATRIX_ROWS = {  # 02_tool_access.md, department matrix
    "ENG": "DMMDFMMMMMMM", "DATA": "DMMMMDFFMMMF", "PROD": "DDMMFMMFFFFF", "DSGN": "DDFMFFFFFFFF",
    "SUPP": "MFDFFMMMFFFF", "FIN": "MFMFDMFMFFFF", "CMPL": "MFMFMMMMFFFM", "RISK": "MFMFMDFMFFFM",
    "SEC": "DFFMFMMFMMMD", "PPL": "MMFFFMFFFFFF", "EXEC": "MMMFMMFFFFFF",
}
MATRIX = {d: dict(zip(MATRIX_COLS, row)) for d, row in MATRIX_ROWS.items()}

# 01: the employee is told what a refusal rests on: the reason's words, one of which the refusing
# message must give.
BECAUSE = {"status": ["on leave", "leaving", "departing", "last day", "leave"], "contractor": ["contractor"],
           "forbidden": ["department", "forbidden", "not available"],
           "no justification": ["justification", "business reason", "work reason", "reason"]}
GRANTED = decision("granted", "decision: granted")
NOT_YET = {"question": "Does the message avoid saying that the access has already been given?",
           "rule": {"none": [r"\byou(?:'ve got| (?:now |already )?(?:have|got)) (?:[\w-]+ )?access\b"
                             r"(?![^.;]{0,60}\b(?:once|as soon as|after|when)\b)",
                             r"(?:^|[.!?;:,])(?!\s*(?:(?:so|and|but) )?(?:no|nothing|none)\b)[^.!?;:,]*?"
                             r"(?:\bhas|\bhave|'ve|'s) (?:now |already )?been "
                             r"(?:granted|given|provisioned|added|upgraded|enabled|changed|switched)\b",
                             r"\b(?:I|we)(?:'ve| have) (?:now |also |just )?"
                             r"(?:granted|given|provisioned|set up|enabled|upgraded|added) "
                             r"(?:you\b|your (?:[\w-]+ )?access\b|(?:[\w-]+ )?access\b)",
                             r"\baccess\b[^.;]{0,40}\b(?:is|'s) (?:now )?(?:active|live|enabled|in place|set up)\b",
                             r"\bis now (?:available|active|live)\b",
                             r"\baccess granted\b", r"\byou can now (?:use|open|see|access|view|log in|sign in)\b"]}}
NO_APPROVAL_OFFER = {"question": "Does the message avoid suggesting that an approval could still unlock the request?",
                     "rule": {"none": [r"\b(?:I|we)(?:'ve| have) (?:sent|raised|created|submitted|requested)\b[^.]{0,40}"
                                       r"\b(?:approv|exception|review)",
                                       r"\b(?:once|when|after|as soon as|unless|if)\b[^.,;]{0,40}\b(?:approv|signs? off)",
                                       r"\bpending (?:the )?approv", r"\bwait(?:ing)? for\b[^.]{0,40}\bapprov",
                                       r"(?<!even )\bwith (?!no\b|any\b)(?:[\w'-]+ ){0,3}(?:approval|sign-?off)\b",
                                       r"(?<!nobody )(?<!no one )\b(?:could|can|may|might) (?:still )?approve\b",
                                       r"(?<!n't )(?<!not )\b(?:needs?|requires?) (?:an? |the |your )?(?:[\w'-]+ ){0,2}"
                                       r"(?:approval|sign-?off)\b",
                                       r"\bask\b[^.]{0,40}\bto approve\b",
                                       r"\bfor (?:his |her |their |your |an? )?(?:approval|sign-?off)\b",
                                       r"\b(?:get|obtain|secure|seek)\b[^.,;]{0,25}\bapproval\b",
                                       r"\bwould you like me to (?:request|raise|send|ask|submit|forward)\b"]}}


def iso(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def people(*rows: dict) -> dict:
    out = dict(PEOPLE)
    for r in rows:
        out[r["id"]] = {"name": r["name"], "title": r["title"], "level": r["level"], "dept": r["department_id"],
                        "manager": r["manager_id"]}
    return out


def director_of(emp_id: str, who: dict) -> str:
    current = who[emp_id]
    while current["manager"]:
        mid = current["manager"]
        current = who[mid]
        if current["level"] >= 7:
            return mid
    raise ValueError(emp_id)


def approver(role: str, emp_id: str, who: dict) -> str:
    if role == "manager":
        return who[emp_id]["manager"]
    if role == "director":
        return director_of(emp_id, who)
    if role == "security":
        return SECURITY
    return {"finance_head": "EMP-1003", "compliance_head": "EMP-1004"}[role]


def label(emp_id: str, who: dict) -> str:
    return f"{who[emp_id]['name']} ({who[emp_id]['title']})"


def contract_expiry(row: dict, period: timedelta | None) -> str | None:
    """02: access for a period expires at now + period; a contractor's G2/G3 access at the end of
    the contract end date (23:59:59Z) or the period's end, whichever is earlier."""
    ends = []
    if period is not None:
        ends.append(NOW + period)
    if row.get("employment_type") == "contractor":
        ends.append(datetime.fromisoformat(row["contract_end"] + "T23:59:59+00:00"))
    return iso(min(ends)) if ends else None


def decide_app(row: dict, app: str, period: timedelta | None, justification: bool, who: dict) -> tuple:
    """('denied', why) | ('grant', expiry) | ('pending', [(role, approver), ...]) by 02_tool_access.md."""
    group = APPS[app]["group"]
    if row.get("status", "active") in ("on_leave", "departing") and group != "G1":
        return ("denied", "status")
    contractor = row.get("employment_type") == "contractor"
    if contractor and group in ("G4", "G5"):
        return ("denied", "contractor")
    cell = "D" if group == "G1" else MATRIX[row["department_id"]][app]
    if cell == "F":
        return ("denied", "forbidden")
    if group in ("G4", "G5") and cell == "M" and not justification:
        return ("denied", "no justification")
    level = row["level"]
    chain: list[str] = []
    if cell == "M":
        if group == "G2":
            chain = ["manager"] if level <= 4 else []
        elif group == "G3":
            chain = ["manager", "security"] if level <= 4 else (["security"] if level <= 7 else [])
        else:
            chain = ["director", "security"] if level <= 5 else ["security"]
    if chain:
        return ("pending", [(r, approver(r, row["id"], who)) for r in chain])
    return ("grant", contract_expiry(row, period))


def decide_dashboard(row: dict, grp: str, who: dict) -> tuple:
    """('denied', why) | ('grant', None) | ('pending', [(role, approver)]) by 03_dashboards.md."""
    g = GROUP[grp]
    own = g["dept"] == row["department_id"]
    if row.get("status", "active") in ("on_leave", "departing"):
        return ("denied", "status")
    if row.get("employment_type") == "contractor" and g["sensitivity"] != "internal" and not own:
        return ("denied", "contractor")
    if own or g["sensitivity"] == "internal":
        return ("grant", None)
    if g["sensitivity"] == "compliance":
        return ("pending", [("compliance_head", approver("compliance_head", row["id"], who))])
    if row["level"] >= 8:
        return ("grant", None)
    role = "manager" if g["sensitivity"] == "confidential" else "finance_head"
    return ("pending", [(role, approver(role, row["id"], who))])


def say_date(ts: str) -> str:
    d = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    return f"{d.day} {d.strftime('%B %Y')} at {d.strftime('%H:%M')} UTC"


# ---- the application access tasks -------------------------------------------------------------

def app_task(tid: str, title: str, request: str, p: dict, facts: dict, *, app: str, level: str,
             period: timedelta | None = None, justification: str = "", final: str, notes: str,
             extra_rows: dict | None = None, extra_people: tuple = (), existing: dict | None = None,
             behavior: list | None = None, rubric: list | None = None, followup: dict | None = None,
             expect: str) -> dict:
    """existing: an active access record of the same application (a level change)."""
    who = people(p["employee"], *extra_people)
    rows = rows_for(p, **(extra_rows or {}))
    if existing:
        rows.setdefault("app_access", []).append(existing)
    outcome = decide_app(p["employee"], app, period, bool(justification), who)
    assert outcome[0] == expect, (tid, outcome)
    steps = [*identify(p), tool("check_access", employee_id=p["id"]), tool("list_applications")]
    states, never_ids = [], ["TCK-5001", p["id"]]
    tags = ["access"]
    if followup:
        chain = followup["chain"]
        ticket_id = followup["ticket"]
        never_ids = [ticket_id, p["id"], *[f"{followup['request']}-{i}" for i in range(1, len(chain) + 1)]]
        first = approver(chain[0], p["id"], who)
        rows.setdefault("tickets", []).append(old_ticket(
            ticket_id, p, followup["created"], type="task", priority="normal", tags=["access"],
            resolution="pending_approval", status="pending", approval_required=True, approval_status="pending",
            approver_id=first))
        for step, role in enumerate(chain, 1):
            rows.setdefault("approval_requests", []).append(
                {"id": f"{followup['request']}-{step}", "ticket_id": ticket_id, "requester_id": p["id"],
                 "approver_id": approver(role, p["id"], who), "approver_role": role, "step": step,
                 "target_kind": "application", "target_id": app, "access_level": level, "urgency": "normal",
                 "status": followup["statuses"][step - 1], "justification": "Earlier request.",
                 "created_at": followup["created"]})
        steps.append(tool("get_approval_requests", requester_id=p["id"]))
        assert all(s == "approved" for s in followup["statuses"])
        expiry = contract_expiry(p["employee"], period)
        if expiry:
            tags = ["access", "temporary_access"]
        steps.append(tool("provision_access", employee_id=p["id"], app_id=app, access_level=level,
                          **({"expires_at": expiry} if expiry else {})))
        steps.append(update_ticket(ticket_id, type="task", priority="normal", tags=tags, resolution="access_granted",
                                   status="solved", approval_required=True, approval_status="approved",
                                   approver_id=first, expiry=expiry))
        states.append(GRANTED)
        never_ids.append("ACC-7001")
    elif outcome[0] == "denied":
        steps.append(create_ticket(p, f"{APPS[app]['name']} {level} access", "Access request refused by policy.",
                                   justification, type="task", priority="normal", tags=tags, resolution="denied",
                                   status="solved"))
        states.append(decision("declined", "decision: refused", because=BECAUSE[outcome[1]]))
    elif outcome[0] == "pending":
        chain = outcome[1]
        for role, _ in chain:
            steps.append(tool("find_approver", employee_id=p["id"], role=role))
        steps.append(create_ticket(p, f"{APPS[app]['name']} {level} access", "Access request sent for approval.",
                                   justification, type="task", priority="normal", tags=tags,
                                   resolution="pending_approval", status="pending", approval_required=True,
                                   approval_status="pending", approver_id=chain[0][1]))
        for step, (role, aid) in enumerate(chain, 1):
            steps.append(tool("create_approval_request", ticket_id="TCK-5001", requester_id=p["id"], approver_id=aid,
                              approver_role=role, step=step, target_kind="application", target_id=app,
                              access_level=level, urgency="normal", justification=justification or "Access request."))
            states.append(phrase(f"approver step {step}", who[aid]["name"] if aid != SECURITY
                                 else r"Marcus Feld|Security Access Review"))
            never_ids.append(f"APR-{7000 + step}")
        states.insert(0, phrase("decision: waiting for approval", APPROVAL))
    else:
        expiry = outcome[1]
        if expiry:
            tags = ["access", "temporary_access"]
        if existing:
            steps.append(tool("revoke_access", access_id=existing["id"]))
            never_ids.append(existing["id"])
        steps.append(create_ticket(p, f"{APPS[app]['name']} {level} access", "Access granted.", justification,
                                   type="task", priority="normal", tags=tags, resolution="access_granted",
                                   status="solved", expiry=expiry))
        steps.append(tool("provision_access", employee_id=p["id"], app_id=app, access_level=level,
                          **({"expires_at": expiry} if expiry else {})))
        states.append(GRANTED)
        never_ids.append("ACC-7001")
        if expiry:
            states.append({"date": expiry[:10], "label": "access expiry"})
    if followup and followup.get("expiry_state"):
        states.append({"date": followup["expiry_state"], "label": "access expiry"})
    return task(tid, title, request, {"name": p["name"], "email": p["email"], **facts}, rows, steps, final, notes,
                states, ids_never(*never_ids), behavior=behavior, rubric=rubric)


def dash_task(tid: str, title: str, request: str, p: dict, facts: dict, *, grp: str, justification: str = "",
              final: str, notes: str, expect: str, extra_rows: dict | None = None, rubric: list | None = None,
              behavior: list | None = None) -> dict:
    who = people(p["employee"])
    rows = rows_for(p, **(extra_rows or {}))
    outcome = decide_dashboard(p["employee"], grp, who)
    assert outcome[0] == expect, (tid, outcome)
    tag = "compliance" if GROUP[grp]["sensitivity"] == "compliance" else "dashboard"
    steps = [*identify(p), tool("list_groups", kind="dashboard"), tool("get_user_groups", employee_id=p["id"])]
    never_ids, states = ["TCK-5001", p["id"]], []
    name = GROUP[grp]["name"]
    if outcome[0] == "denied":
        steps.append(create_ticket(p, name, "Dashboard request refused by policy.", justification, type="task",
                                   priority="normal", tags=[tag], resolution="denied", status="solved"))
        states.append(decision("declined", "decision: refused", because=BECAUSE[outcome[1]]))
    elif outcome[0] == "pending":
        (role, aid), = outcome[1]
        steps.append(tool("find_approver", employee_id=p["id"], role=role))
        steps.append(create_ticket(p, name, "Dashboard request sent for approval.", justification, type="task",
                                   priority="normal", tags=[tag], resolution="pending_approval", status="pending",
                                   approval_required=True, approval_status="pending", approver_id=aid))
        steps.append(tool("create_approval_request", ticket_id="TCK-5001", requester_id=p["id"], approver_id=aid,
                          approver_role=role, step=1, target_kind="group", target_id=grp, urgency="normal",
                          justification=justification or "Dashboard request."))
        states += [phrase("decision: waiting for approval", APPROVAL), phrase("approver", who[aid]["name"])]
        never_ids.append("APR-7001")
    else:
        steps.append(create_ticket(p, name, "Dashboard access given.", justification, type="task", priority="normal",
                                   tags=[tag], resolution="access_granted", status="solved"))
        steps.append(tool("add_to_group", employee_id=p["id"], group_id=grp))
        states.append(GRANTED)
        never_ids.append("GM-7001")
    return task(tid, title, request, {"name": p["name"], "email": p["email"], **facts}, rows, steps, final, notes,
                states, ids_never(*never_ids), behavior=behavior, rubric=rubric)


def access_tasks() -> list[dict]:
    out = []
    D = timedelta(days=1)

    p = emp(3102, "Signe Halvorsen", "Product Manager", 2, "PROD", "austin", "EMP-1031")
    out.append(app_task(
        "ac-002", "Product manager asks for write access to the design whiteboard tool",
        "Hi! Could you give me access to Sketchboard? I want to draw up the new onboarding flow.", p,
        {"access level": "write", "period": "No end date, I'll use it ongoing."},
        app="APP-SKETCH", level="write", expect="grant",
        final="Done: you now have write access to Sketchboard. It's a standard tool for Product, so no approval was "
              "needed, and the access has no end date.",
        notes="Rule: Application Access, department matrix PROD x Sketchboard = D (default: granted on request, no "
              "approval), no period -> permanent. Ticket: task, normal, [access], access_granted, solved, no approval."))

    p = emp(3103, "Dmitri Volkov", "Software Engineer", 4, "ENG", "toronto", "EMP-1011")
    out.append(app_task(
        "ac-003", "Level-4 engineer asks for read access to the CRM",
        "Hello, I'd like access to Harbor CRM so I can look up merchant accounts when debugging.", p,
        {"access level": "read", "business justification": "Looking up merchant configurations while debugging payment "
                                                            "failures."},
        app="APP-CRM", level="read", justification="Merchant configuration lookups while debugging payment failures.",
        expect="pending", rubric=[NOT_YET],
        final="Harbor CRM isn't a default tool for Engineering, so it needs your manager's approval. I've sent the "
              "request for read access to Luis Ortega (Engineering Manager, Payments); you'll have access as soon as "
              "he approves.",
        notes="Rule: Application Access, G2 chain: levels 1 to 4 -> the manager only. ENG x Harbor CRM = M; level 4 (the "
              "top of the band) -> one request to Luis Ortega (EMP-1011), step 1, urgency normal; nothing granted yet. "
              "Ticket: task, normal, [access], pending_approval, pending, approver EMP-1011."))

    p = emp(3104, "Aurelia Conti", "Lead Data Scientist", 5, "DATA", "toronto", "EMP-1021")
    out.append(app_task(
        "ac-004", "Lead data scientist (level 5) asks for read access to the CRM",
        "Hi, can I get Harbor CRM access? I need to check how customer segments are tagged.", p,
        {"access level": "read", "business justification": "Checking customer segment tags for the churn model.",
         "period": "No end date."},
        app="APP-CRM", level="read", justification="Customer segment tags for the churn model.", expect="grant",
        final="You now have read access to Harbor CRM, with no end date. At your level this tool doesn't need an "
              "approval.",
        notes="Rule: Application Access, G2 chain: level 5 and above -> no approval. DATA x Harbor CRM = M; level 5 is "
              "exactly the boundary -> granted at once, permanent. Ticket: task, normal, [access], access_granted, "
              "solved, no approval."))

    p = emp(3105, "Kenji Watanabe", "Lead Data Engineer", 5, "DATA", "toronto", "EMP-1021")
    out.append(app_task(
        "ac-005", "Lead data engineer (level 5) asks for write access to the code repository",
        "Hey, I need write access to the Code Repository for our pipeline code.", p,
        {"access level": "write", "business justification": "Maintaining the data pipeline code that moved into the "
                                                            "shared repository."},
        app="APP-CODE", level="write", justification="Maintaining the data pipeline code in the shared repository.",
        expect="pending", rubric=[NOT_YET],
        final="The Code Repository needs a security approval at your level. I've sent the request for write access to "
              "Marcus Feld, our Security Access Review Lead; no manager approval is needed. You'll have access once he "
              "approves.",
        notes="Rule: Application Access, G3 chain: levels 5 to 7 -> security only. DATA x Code Repository = M; level 5 "
              "(the bottom of the band; level 4 would add the manager) -> one request to Marcus Feld (EMP-1006), step 1. "
              "Ticket: task, normal, [access], pending_approval, pending, approver EMP-1006."))

    p = emp(3106, "Beatriz Almeida", "Director of Model Risk", 7, "RISK", "dublin", "EMP-1050")
    out.append(app_task(
        "ac-006", "Risk director (level 7) asks for read access to the ledger reporting tool",
        "Hello, please set me up on Ledger Reports.", p,
        {"access level": "read", "business justification": "Reviewing provisioning figures for the model risk report."},
        app="APP-LEDGER", level="read", justification="Provisioning figures for the model risk report.",
        expect="pending",
        final="Ledger Reports needs a security approval for you, so I've sent the request for read access to Marcus "
              "Feld, the Security Access Review Lead. You'll have access as soon as he approves.",
        notes="Rule: Application Access, G3 chain: levels 5 to 7 -> security only; 8 and above -> none. RISK x Ledger "
              "Reports = M; level 7 (the top of the band) -> one request to EMP-1006, step 1. Ticket: task, normal, "
              "[access], pending_approval, pending, approver EMP-1006."))

    p = emp(3107, "Harriet Quinn", "VP Strategy", 8, "EXEC", "toronto", "EMP-1001")
    out.append(app_task(
        "ac-007", "Executive (level 8) asks for read access to the analytics tool",
        "Hi, I'd like to use Analytics Studio for the board pack. Can you sort it?", p,
        {"access level": "read", "period": "No end date."},
        app="APP-STUDIO", level="read", expect="grant",
        final="You now have read access to Analytics Studio, with no end date; at your level no approval is needed.",
        notes="Rule: Application Access, G3 chain: level 8 and above -> no approval. EXEC x Analytics Studio = M; level "
              "8 exactly -> granted at once, permanent. Ticket: task, normal, [access], access_granted, solved."))

    p = emp(3108, "Nia Mensah", "Support Team Lead", 5, "SUPP", "austin", "EMP-1042")
    out.append(app_task(
        "ac-008", "Support team lead (level 5) asks for write access to the customer admin panel",
        "Hi, I need write access to the Customer Admin Panel.", p,
        {"access level": "write", "business justification": "My team handles card-freeze escalations and I need to "
                                                            "update customer flags myself."},
        app="APP-ADMIN", level="write", justification="Card-freeze escalations: updating customer flags.",
        expect="pending", rubric=[NOT_YET],
        final="The Customer Admin Panel needs two approvals for you: first Daniel Kowalski (Director of Support "
              "Operations), then Marcus Feld (Security Access Review Lead). I've sent both requests with your "
              "justification. Write access is set up when both approvals are in.",
        notes="Rule: Application Access, G4 chain: levels 1 to 5 -> director (step 1) then security (step 2), with a "
              "business justification. SUPP x Customer Admin Panel = M; level 5 (top of the band). Director = nearest "
              "level 7+ in the chain: Grace Liu (6) -> Daniel Kowalski (EMP-1041). Ticket: task, normal, [access], "
              "pending_approval, pending, approver EMP-1041."))

    p = emp(3109, "Farid Karimi", "Engineering Manager, Ledger", 6, "ENG", "austin", "EMP-1013")
    out.append(app_task(
        "ac-009", "Engineering manager (level 6) asks for read access to the cloud console",
        "Hi, I'd like read access to the Cloud Console please.", p,
        {"access level": "read", "business justification": "Reviewing capacity and cost dashboards for my team's "
                                                            "services before the budget cycle."},
        app="APP-CLOUD", level="read", justification="Capacity and cost review of the team's services.",
        expect="pending",
        final="Cloud Console is a production tool, so it needs a security approval. At your level that's the only one: "
              "I've sent the request for read access to Marcus Feld, the Security Access Review Lead, and you'll have "
              "access once he approves.",
        notes="Rule: Application Access, G5 chain: level 6 and above -> security only (levels 1-5 would need the "
              "director first). ENG x Cloud Console = M; justification given -> one request to EMP-1006, step 1. "
              "Ticket: task, normal, [access], pending_approval, pending, approver EMP-1006."))

    p = emp(3110, "Oliver Brandt", "Financial Analyst", 3, "FIN", "toronto", "EMP-1043")
    out.append(app_task(
        "ac-010", "Finance analyst asks to look around the core banking console",
        "Hi, could I get read access to the Core Banking Console?", p,
        {"access level": "read", "business justification": "I don't have a specific task for it, I'd just like to be "
                                                            "able to look around."},
        app="APP-COREBANK", level="read", expect="denied", rubric=[NO_APPROVAL_OFFER],
        final="I'm sorry, I can't request that. The Core Banking Console needs a business justification tied to your "
              "work, and without one the request can't go ahead. If a piece of work needs it later, contact us again "
              "with the reason.",
        notes="Rule: Application Access, G4/G5: a business justification is required; refuse when the employee has "
              "none. FIN x Core Banking Console = M, but no work reason -> denied; nothing but the ticket changes. "
              "Ticket: task, normal, [access], denied, solved, no approval."))

    p = emp(3111, "Yara Haddad", "Product Designer", 3, "DSGN", "dublin", "EMP-1036")
    out.append(app_task(
        "ac-011", "Product designer asks for access to the CRM to read customer feedback",
        "Hi, can I have access to Harbor CRM? I'd like to read customer feedback notes.", p,
        {"access level": "read", "business justification": "Reading customer feedback for the redesign research."},
        app="APP-CRM", level="read", justification="Customer feedback for redesign research.", expect="denied",
        rubric=[NO_APPROVAL_OFFER],
        final="I'm sorry, Harbor CRM isn't available to the Design department: it's on the list of tools Design can't "
              "be given, even with an approval, so I can't grant it.",
        notes="Rule: Application Access, department matrix: F = forbidden (refused). DSGN x Harbor CRM = F -> denied, "
              "no approval request. Ticket: task, normal, [access], denied, solved."))

    p = emp(3112, "Graham Oyelaran", "VP Product Operations", 8, "PROD", "austin", "EMP-1030")
    out.append(app_task(
        "ac-012", "Product vice-president asks for read access to the production database",
        "Hello, I need read access to the Production Database to pull some numbers myself.", p,
        {"access level": "read", "business justification": "Pulling weekly activation numbers directly for the "
                                                            "product review."},
        app="APP-PRODDB", level="read", justification="Weekly activation numbers.", expect="denied",
        final="I'm sorry, I can't give you Production Database access: it's a production tool that the Product "
              "department can't be given, whatever the level. The Data and Analytics team can help with those numbers.",
        notes="Rule: Application Access, department matrix: PROD x Production Database = F (forbidden) -> denied; the "
              "executive level does not lift a forbidden cell. Ticket: task, normal, [access], denied, solved."))

    p = emp(3113, "Ines Moreau", "Software Engineer", 3, "ENG", "toronto", "EMP-1011", status="on_leave")
    out.append(app_task(
        "ac-013", "Engineer currently on parental leave asks for the team's tracker",
        "Hi, I'd like to get Trackline access set up so I can follow my team's board.", p,
        {"access level": "read", "situation": "I'm on parental leave until January but want to keep an eye on things.",
         "business justification": "Keeping up with my team's board while I'm away."},
        app="APP-TRACK", level="read", expect="denied",
        final="I'm sorry, while you're on leave I can't give you access to Trackline; team and business tools are "
              "not given to employees on leave. You can ask again once you're back.",
        notes="Rule: Application Access, employment status limits (checked before the matrix): an employee on_leave "
              "gets nothing in G2 to G5. ENG x Trackline = D would otherwise be granted at once. Ticket: task, normal, "
              "[access], denied, solved."))

    p = emp(3114, "Marta Kowalczyk", "Customer Support Specialist", 4, "SUPP", "austin", "EMP-1042",
            status="departing", last_day="2025-10-17")
    out.append(app_task(
        "ac-014", "Support specialist leaving the bank this month asks for CRM write access",
        "Hello, I need write access to Harbor CRM to close out my open cases.", p,
        {"access level": "write", "last day": "17 October.",
         "business justification": "Closing out my open customer cases before I leave."},
        app="APP-CRM", level="write", expect="denied",
        final="I'm sorry, I can't give you Harbor CRM access: you're leaving the bank, and employees who are departing "
              "can't be given new access to team and business tools. Your manager can reassign your open cases.",
        notes="Rule: Application Access, employment status limits: an employee departing gets nothing in G2 to G5, "
              "checked before the matrix (SUPP x Harbor CRM = D would otherwise be granted). Ticket: task, normal, "
              "[access], denied, solved."))

    p = emp(3115, "Rohan Pillai", "Support Operations Analyst", 4, "SUPP", "austin", "EMP-1042",
            employment_type="contractor", contract_end="2026-03-31")
    out.append(app_task(
        "ac-015", "Support contractor asks for read access to the customer admin panel",
        "Hi, I need read access to the Customer Admin Panel for the refunds backlog.", p,
        {"access level": "read", "business justification": "Checking customer account states for the refunds backlog."},
        app="APP-ADMIN", level="read", justification="Refunds backlog.", expect="denied", rubric=[NO_APPROVAL_OFFER],
        final="I'm sorry, I can't give you access to the Customer Admin Panel: as a contractor you can't be given "
              "customer or production administration tools, even with a business reason. A Tidewell employee on your "
              "team can look up the accounts for you.",
        notes="Rule: Application Access, employment status limits: a contractor gets nothing in G4 or G5 (checked "
              "before the matrix, where SUPP x Customer Admin Panel = M). Justification does not help -> denied. "
              "Ticket: task, normal, [access], denied, solved."))

    p = emp(3116, "Lukas Novak", "Contract Software Engineer", 3, "ENG", "remote", "EMP-1012",
            employment_type="contractor", contract_end="2025-12-31")
    out.append(app_task(
        "ac-016", "Contract engineer asks for write access to the code repository without an end date",
        "Hi, I've just started on the mobile team. Can I get write access to the Code Repository?", p,
        {"access level": "write", "period": "For as long as I'm on the project; no particular end date."},
        app="APP-CODE", level="write", expect="grant",
        final="You now have write access to the Code Repository. As you're a contractor, it's temporary: it ends with "
              "your contract, on 31 December 2025 at 23:59:59 UTC.",
        notes="Rule: Application Access, contractor limits: G2/G3 access is temporary and ends at the end of the "
              "contract end date (23:59:59Z). ENG x Code Repository = D, no period -> 2025-12-31T23:59:59Z. Ticket: "
              "task, normal, [access, temporary_access], access_granted, solved, expiry."))

    p = emp(3117, "Chiara Romano", "Contract Data Analyst", 3, "DATA", "toronto", "EMP-1021",
            employment_type="contractor", contract_end="2025-10-20")
    exp17 = contract_expiry(p["employee"], 30 * D)
    out.append(app_task(
        "ac-017", "Contract analyst asks for the tracker for a month while the contract ends sooner",
        "Hello, could I get Trackline read access for the next 30 days?", p,
        {"access level": "read", "period": "30 days."},
        app="APP-TRACK", level="read", period=30 * D, expect="grant",
        final=f"You now have read access to Trackline. It is limited to the length of your contract, which ends on 20 October, so "
              f"the access ends on {say_date(exp17)} rather than after 30 days.",
        notes=f"Rule: Application Access, contractor limits: G2/G3 access ends at the contract end date (23:59:59Z) or "
              f"at the end of the period asked for if earlier. Period end 2025-10-31T13:00:00Z; contract end "
              f"2025-10-20T23:59:59Z is earlier -> {exp17}. DATA x Trackline = D. Ticket: task, normal, [access, "
              f"temporary_access], access_granted, solved, expiry {exp17}."))

    p = emp(3118, "Tomas Herrera", "Contract QA Engineer", 2, "ENG", "austin", "EMP-1011",
            employment_type="contractor", contract_end="2025-10-15")
    exp18 = contract_expiry(p["employee"], 14 * D)
    out.append(app_task(
        "ac-018", "Contract QA engineer asks for two weeks of tracker access, ending the day the contract ends",
        "Hi, can I get write access to Trackline for two weeks? I'm finishing a test cycle.", p,
        {"access level": "write", "period": "Two weeks."},
        app="APP-TRACK", level="write", period=14 * D, expect="grant",
        final=f"You now have write access to Trackline for two weeks, until {say_date(exp18)}. That's a little before "
              f"your contract ends at the end of that day, so the two weeks apply.",
        notes=f"Rule: Application Access, contractor limits: the earlier of the period's end and the contract end date "
              f"(23:59:59Z). 14 days from now = 2025-10-15T13:00:00Z; contract end 2025-10-15T23:59:59Z is later the "
              f"same day -> {exp18}. ENG x Trackline = D. Ticket: task, normal, [access, temporary_access], "
              f"access_granted, solved, expiry {exp18}.",
        ))
    out[-1]["says"]["states"].append(phrase("expiry time", r"\b13:00\b|\b1(?::00)? ?pm\b"))

    p = emp(3119, "Sana Iqbal", "Software Engineer", 3, "ENG", "dublin", "EMP-1012")
    exp19 = contract_expiry(p["employee"], 10 * D)
    out.append(app_task(
        "ac-019", "Engineer asks for tracker write access for ten days while covering another team",
        "Hi, I'm covering for the cards team for a bit. Can I get write access to Trackline?", p,
        {"access level": "write", "period": "Ten days, while I cover."},
        app="APP-TRACK", level="write", period=10 * D, expect="grant",
        final=f"You now have write access to Trackline for the ten days you asked for, until {say_date(exp19)}.",
        notes=f"Rule: Application Access, temporary access: expires at now + the period, to the second (10 days from "
              f"2025-10-01T13:00:00Z = {exp19}). ENG x Trackline = D, employee (not contractor). Ticket: task, normal, "
              f"[access, temporary_access], access_granted, solved, expiry {exp19}."))

    p = emp(3120, "Pavel Sokolov", "Software Engineer", 2, "ENG", "toronto", "EMP-1011")
    old = {"id": "ACC-3120", "employee_id": p["id"], "app_id": "APP-CODE", "access_level": "read", "temporary": False,
           "status": "active", "granted_at": "2025-03-03T10:00:00Z"}
    out.append(app_task(
        "ac-020", "Engineer with read access to the code repository asks for write",
        "Hi, I can only read the Code Repository. Could I get write access so I can push my changes?", p,
        {"access level": "write", "period": "No end date."},
        app="APP-CODE", level="write", existing=old, expect="grant",
        final="Done: you now have write access to the Code Repository in place of your read access, with no end date. The Code Repository "
              "is a standard Engineering tool, so no approval was needed.",
        notes="Rule: Application Access, changing a level goes through the application's chain as a new request; once "
              "granted, revoke the old record and provision the new level. ENG x Code Repository = D -> no approval: "
              "revoke ACC-3120 (read), provision write, permanent. Ticket: task, normal, [access], access_granted, "
              "solved."))

    p = emp(3121, "Lea Fischer", "Data Engineer", 4, "DATA", "toronto", "EMP-1021")
    old = {"id": "ACC-3121", "employee_id": p["id"], "app_id": "APP-CODE", "access_level": "read", "temporary": False,
           "status": "active", "granted_at": "2025-05-12T10:00:00Z"}
    out.append(app_task(
        "ac-021", "Data engineer with read access to the code repository asks for write",
        "Hello, I have read access on the Code Repository but I need write now. Can you upgrade it?", p,
        {"access level": "write", "business justification": "I'm taking over the ingestion jobs and need to merge "
                                                            "fixes."},
        app="APP-CODE", level="write", existing=old, justification="Taking over the ingestion jobs.",
        expect="pending", rubric=[NOT_YET],
        final="Write access to the Code Repository needs two approvals for you: first your manager, Oskar Brandt "
              "(Analytics Manager), then Marcus Feld (Security Access Review Lead). I've sent both; your read access "
              "stays as it is until they approve, and then it'll be switched to write.",
        notes="Rule: Application Access, changing a level is a new request through the chain; the old record is kept "
              "until the new level is granted. DATA x Code Repository = M, G3, level 4 -> manager Oskar Brandt "
              "(EMP-1021) step 1, security (EMP-1006) step 2. ACC-3121 is not revoked. Ticket: task, normal, [access], "
              "pending_approval, pending, approver EMP-1021."))
    out[-1]["says"]["never_states"] += ids_never("ACC-3121")

    p = emp(3122, "Abena Boateng", "Customer Support Specialist", 3, "SUPP", "austin", "EMP-1042")
    out.append(app_task(
        "ac-022", "Support specialist follows up on an analytics tool request",
        "Hi, I asked for Analytics Studio last week. Has it gone through yet?", p,
        {"access level": "read", "period": "No end date."},
        app="APP-STUDIO", level="read", expect="pending",
        followup={"ticket": "TCK-3122", "request": "APR-3122", "chain": ["manager", "security"],
                  "statuses": ["approved", "approved"], "created": "2025-09-24T15:00:00Z"},
        final="Good news: both your manager, Grace Liu, and the Security Access Review Lead have approved, so you now "
              "have read access to Analytics Studio, with no end date.",
        notes="Rule: Application Access, a follow-up that finds every request of the chain approved grants the access; "
              "One ticket per conversation: the pending ticket is reused. SUPP x Analytics Studio = M, G3, level 3 -> "
              "manager + security, both approved -> provision read, permanent. Ticket TCK-3122 updated: task, normal, "
              "[access], access_granted, solved, approval required, approved, approver EMP-1042 (step 1)."))

    # dashboards
    p = emp(3123, "Elif Sahin", "Contract Support Analyst", 3, "SUPP", "austin", "EMP-1042",
            employment_type="contractor", contract_end="2026-02-28")
    out.append(dash_task(
        "ac-023", "Support contractor asks for the platform reliability dashboard owned by Engineering",
        "Hi, can I see the Platform Reliability Dashboard? Customers keep asking about outages.", p, {},
        grp="GRP-DB-PLATFORM", expect="grant",
        final="Done: you've been added to the Platform Reliability Dashboard. It's an internal dashboard, so no "
              "approval was needed.",
        notes="Rule: BI Dashboards, first line that applies: a contractor is refused only dashboards that are neither "
              "internal nor of their own department; the Platform Reliability Dashboard is internal (ENG) -> rule 3, "
              "no approval. Ticket: task, normal, [dashboard], access_granted, solved."))

    p = emp(3124, "Victor Lindgren", "Director of Credit Risk", 7, "RISK", "dublin", "EMP-1050")
    out.append(dash_task(
        "ac-024", "Risk director (level 7) asks for the customer growth dashboard owned by Data",
        "Hello, please give me access to the Customer Growth Dashboard.", p,
        {"business justification": "Comparing credit limit growth with customer growth."},
        grp="GRP-DB-GROWTH", justification="Credit limit growth vs customer growth.", expect="pending",
        rubric=[NOT_YET],
        final="The Customer Growth Dashboard is confidential and belongs to Data and Analytics, so it needs your "
              "manager's approval. I've sent the request to Sofia Reyes (Chief Risk Officer); you'll be added once she "
              "approves.",
        notes="Rule: BI Dashboards: not own department, confidential, not an executive (level 7 < 8) -> the manager. "
              "Sofia Reyes (EMP-1050), step 1, target group, urgency normal. Ticket: task, normal, [dashboard], "
              "pending_approval, pending, approver EMP-1050."))

    p = emp(3125, "Helena Strand", "VP Talent", 8, "PPL", "toronto", "EMP-1060")
    out.append(dash_task(
        "ac-025", "People vice-president (level 8) asks for the product usage dashboard",
        "Hi, I'd like access to the Product Usage Dashboard.", p,
        {"business justification": "Linking feature adoption to team staffing plans."},
        grp="GRP-DB-PRODUCT", justification="Feature adoption vs staffing plans.", expect="grant",
        final="You've been added to the Product Usage Dashboard. It's a confidential dashboard, but at executive level "
              "no approval is needed.",
        notes="Rule: BI Dashboards, rule 5: an executive (level 8 and above) needs no approval for a dashboard that is "
              "not compliance. PROD confidential dashboard, PPL level 8 exactly -> add to GRP-DB-PRODUCT. Ticket: task, "
              "normal, [dashboard], access_granted, solved."))

    p = emp(3126, "Noah Fitzgerald", "Senior Product Manager", 4, "PROD", "austin", "EMP-1031")
    out.append(dash_task(
        "ac-026", "Product manager asks for the revenue and margin dashboard owned by Finance",
        "Hi, could I get access to the Revenue and Margin Dashboard?", p,
        {"business justification": "Sizing the revenue impact of the new premium plan."},
        grp="GRP-DB-REVENUE", justification="Revenue impact of the premium plan.", expect="pending", rubric=[NOT_YET],
        final="The Revenue and Margin Dashboard holds financial data, so it needs the approval of the head of finance, "
              "Priyanka Desai (Chief Financial Officer). I've sent her the request; you'll be added once she approves.",
        notes="Rule: BI Dashboards, rule 7: financial sensitivity -> the head of finance (find_approver finance_head). "
              "Not own department (FIN), not internal, level 4 (not an executive) -> Priyanka Desai (EMP-1003). "
              "Ticket: task, normal, [dashboard], pending_approval, pending, approver EMP-1003."))
    return out


# ---- incident production access --------------------------------------------------------------

INCIDENTS = {"INC-0411": ("SEV1", "outage"), "INC-0412": ("SEV2", "degraded"), "INC-0413": ("SEV3", "none"),
             "INC-0414": ("SEV4", "none")}
EXPIRY_24H = iso(NOW + timedelta(hours=24))


def incident_tasks() -> list[dict]:
    out = []
    prio = {"SEV1": "urgent", "SEV2": "urgent", "SEV3": "high", "SEV4": "normal"}

    # ia-002 SEV2, verbal approval, manager available
    p = emp(3202, "Ruth Adebayo", "Senior Mobile Engineer", 4, "ENG", "dublin", "EMP-1012")
    sev, impact = INCIDENTS["INC-0412"]
    steps = [*identify(p), tool("verify_incident", incident_id="INC-0412"), tool("check_access", employee_id=p["id"]),
             tool("find_approver", employee_id=p["id"], role="manager"),
             create_ticket(p, "Cloud Console read for INC-0412", "Production access for the SEV2 login incident; "
                           "manager approved verbally.", "Investigating login latency in Europe.",
                           type="incident", priority=prio[sev], tags=["production_access", "temporary_access"],
                           resolution="access_granted", status="solved", approval_required=True,
                           approval_status="approved", approver_id="EMP-1012", expiry=EXPIRY_24H, severity=sev,
                           impact=impact),
             tool("create_approval_request", ticket_id="TCK-5001", requester_id=p["id"], approver_id="EMP-1012",
                  approver_role="manager", step=1, target_kind="application", target_id="APP-CLOUD",
                  access_level="read", urgency=prio[sev], justification="SEV2 login latency; approved by voice.",
                  verbal=True),
             tool("provision_access", employee_id=p["id"], app_id="APP-CLOUD", access_level="read",
                  expires_at=EXPIRY_24H, basis="incident", incident_id="INC-0412")]
    out.append(task(
        "ia-002", "Mobile engineer on the European login incident says the manager approved on the call",
        "I'm working the mobile login slowness incident, INC-0412. I need Cloud Console access to look at the "
        "load balancers.",
        {"name": p["name"], "email": p["email"], "access level": "read",
         "manager approval": "Mei said yes on the bridge call a few minutes ago, by voice.",
         "business justification": "Checking the European load balancer metrics for the login latency."},
        rows_for(p), steps,
        f"Thanks. I've recorded Mei Tanaka's verbal approval and given you read access to the Cloud Console for the "
        f"incident. It lasts 24 hours, until {say_date(EXPIRY_24H)}.",
        "Rule: Production Access During Incidents, SEV2: the manager's approval may be verbal; manager available -> "
        "record it (create_approval_request step 1, manager, verbal) then grant 24 h, basis incident "
        f"({EXPIRY_24H}). ENG x Cloud Console = M. Ticket: incident, urgent (SEV2), [production_access, "
        "temporary_access], access_granted, solved, approval required + approved (verbal counts), approver EMP-1012, "
        "SEV2, degraded.",
        [GRANTED, {"date": EXPIRY_24H[:10], "label": "access expiry"}, phrase("24 hours", r"\b24\b|twenty-four")],
        ids_never("TCK-5001", p["id"], "APR-7001", "ACC-7001")))

    # ia-003 SEV2, manager unreachable -> break glass
    mgr = {"id": "EMP-3290", "name": "Declan Moore", "email": "declan.moore@tidewell.example",
           "title": "Engineering Manager, Identity", "level": 6, "department_id": "ENG", "office": "dublin",
           "manager_id": "EMP-1010", "availability": "unreachable"}
    p = emp(3203, "Ana Sousa", "Site Reliability Engineer", 3, "ENG", "dublin", "EMP-3290")
    steps = [*identify(p), tool("verify_incident", incident_id="INC-0412"), tool("check_access", employee_id=p["id"]),
             tool("find_approver", employee_id=p["id"], role="manager"),
             tool("find_approver", employee_id=p["id"], role="security"),
             create_ticket(p, "Production DB read for INC-0412", "Break-glass production access; manager unreachable.",
                           "Login latency investigation.", type="incident", priority=prio[sev],
                           tags=["production_access", "temporary_access"], resolution="access_granted",
                           status="solved", expiry=EXPIRY_24H, severity=sev, impact=impact),
             tool("provision_access", employee_id=p["id"], app_id="APP-PRODDB", access_level="read",
                  expires_at=EXPIRY_24H, basis="break_glass", incident_id="INC-0412"),
             tool("send_notification", recipient_id="EMP-1006", kind="break_glass_notice", about_employee_id=p["id"],
                  subject="Break-glass access", body="Production Database read for INC-0412, 24 hours; manager "
                  "unreachable."),
             tool("send_notification", recipient_id="EMP-3290", kind="break_glass_notice", about_employee_id=p["id"],
                  subject="Break-glass access", body="Production Database read for INC-0412, 24 hours.")]
    out.append(task(
        "ia-003", "Reliability engineer on the European login incident cannot reach the manager",
        "I'm on INC-0412, the login slowness. I need to query the production database and I can't get hold of my "
        "manager to approve it.",
        {"name": p["name"], "email": p["email"], "access level": "read",
         "manager approval": "I've called Declan twice and messaged him; no answer.",
         "business justification": "Checking session table locks behind the login latency."},
        {**rows_for(p), "employees": [mgr, p["employee"]]}, steps,
        f"Your manager can't be reached, so I've used the emergency break-glass procedure: you have read access to "
        f"the Production Database for 24 hours, until {say_date(EXPIRY_24H)}. Declan Moore and the Security Access "
        f"Review Lead have both been notified.",
        "Rule: Production Access During Incidents, SEV2 with the manager unreachable: break glass -> grant 24 h, "
        f"basis break_glass ({EXPIRY_24H}), break_glass_notice to the security approver (EMP-1006) and the manager "
        "(EMP-3290); no approval request. ENG x Production Database = M. Ticket: incident, urgent, [production_access, "
        "temporary_access], access_granted, solved, no approval (break-glass), expiry, SEV2, degraded.",
        [GRANTED, {"date": EXPIRY_24H[:10], "label": "access expiry"},
         phrase("break-glass named", r"break[- ]?(?:the[- ])?glass|emergency")],
        ids_never("TCK-5001", p["id"], "ACC-7001", "NTF-7001", "NTF-7002", "EMP-3290")))

    # ia-004 SEV2, manager available, no approval yet -> pending request
    p = emp(3204, "Maximilian Roth", "Backend Engineer", 3, "ENG", "dublin", "EMP-1012")
    steps = [*identify(p), tool("verify_incident", incident_id="INC-0412"), tool("check_access", employee_id=p["id"]),
             tool("find_approver", employee_id=p["id"], role="manager"),
             create_ticket(p, "Engineering VPN for INC-0412", "Production access for the SEV2 incident; waiting for "
                           "the manager.", "Login service investigation.", type="incident", priority=prio[sev],
                           tags=["production_access"], resolution="pending_approval", status="pending",
                           approval_required=True, approval_status="pending", approver_id="EMP-1012", severity=sev,
                           impact=impact),
             tool("create_approval_request", ticket_id="TCK-5001", requester_id=p["id"], approver_id="EMP-1012",
                  approver_role="manager", step=1, target_kind="application", target_id="APP-VPN",
                  access_level="write", urgency=prio[sev], justification="SEV2 login incident.")]
    out.append(task(
        "ia-004", "Backend engineer joining the European login incident has not asked the manager yet",
        "Hi, I've been pulled into INC-0412. Can you give me the Engineering VPN?",
        {"name": p["name"], "email": p["email"], "access level": "write",
         "manager approval": "I haven't asked Mei yet.",
         "business justification": "Reaching the login service hosts for the incident."},
        rows_for(p), steps,
        "For this incident the Engineering VPN needs your manager's approval, and it can be given by voice. I've "
        "sent an urgent request to Mei Tanaka (Engineering Manager, Mobile); as soon as she approves, you'll get "
        "24-hour access.",
        "Rule: Production Access During Incidents, SEV2 otherwise (manager available, no verbal approval given): "
        "create a pending request to the manager (step 1) and grant nothing. ENG x Engineering VPN = M. Urgency = "
        "ticket priority urgent. Ticket: incident, urgent, [production_access], pending_approval, pending, approver "
        "EMP-1012, SEV2, degraded.",
        [phrase("decision: waiting for approval", APPROVAL), phrase("approver", r"Mei Tanaka")],
        ids_never("TCK-5001", p["id"], "APR-7001"),
        rubric=[NOT_YET]))

    # ia-005 SEV3 -> normal chain (director + security), priority high
    p = emp(3205, "Priya Raman", "Software Engineer", 3, "ENG", "austin", "EMP-1013")
    sev3, imp3 = INCIDENTS["INC-0413"]
    steps = [*identify(p), tool("verify_incident", incident_id="INC-0413"), tool("check_access", employee_id=p["id"]),
             tool("find_approver", employee_id=p["id"], role="director"),
             tool("find_approver", employee_id=p["id"], role="security"),
             create_ticket(p, "Production DB read for INC-0413", "Production access for a SEV3 incident: normal chain.",
                           "Statement export delay investigation.", type="incident", priority=prio[sev3],
                           tags=["production_access"], resolution="pending_approval", status="pending",
                           approval_required=True, approval_status="pending", approver_id="EMP-1013",
                           severity=sev3, impact=imp3)]
    for step, (role, aid) in enumerate([("director", "EMP-1013"), ("security", "EMP-1006")], 1):
        steps.append(tool("create_approval_request", ticket_id="TCK-5001", requester_id=p["id"], approver_id=aid,
                          approver_role=role, step=step, target_kind="application", target_id="APP-PRODDB",
                          access_level="read", urgency=prio[sev3], justification="Statement export delay."))
    out.append(task(
        "ia-005", "Engineer asks for production database access for the delayed statement export incident",
        "Hi, I'm looking into INC-0413, the statement export delay. I need read access to the Production Database.",
        {"name": p["name"], "email": p["email"], "access level": "read",
         "business justification": "Checking which statement batches are stuck in the export queue.",
         "period": "No particular end date."},
        rows_for(p), steps,
        "INC-0413 is a SEV3 incident, so there's no emergency access: the Production Database goes through the usual "
        "approvals. I've sent the requests to Samuel Adeyemi (Director of Core Banking Engineering) first, then "
        "Marcus Feld (Security Access Review Lead); you'll get read access once both approve.",
        "Rule: Production Access During Incidents, SEV3 and SEV4: no incident access; the G5 chain of Application "
        "Access applies: levels 1-5 -> director (nearest level 7+: Samuel Adeyemi EMP-1013, the direct manager here) "
        "then security, with a justification. Urgency = priority high (SEV3). Ticket: incident, high, "
        "[production_access], pending_approval, pending, approver EMP-1013, SEV3, none.",
        [phrase("decision: waiting for approval", APPROVAL), phrase("first approver", r"Samuel Adeyemi"),
         phrase("second approver", r"Marcus Feld|Security Access Review")],
        ids_never("TCK-5001", p["id"], "APR-7001", "APR-7002"), rubric=[NOT_YET]))

    # ia-006 SEV1 but contractor -> refused
    p = emp(3206, "Jasper Lund", "Contract Payments Engineer", 4, "ENG", "austin", "EMP-1011",
            employment_type="contractor", contract_end="2026-01-31")
    sev1, imp1 = INCIDENTS["INC-0411"]
    steps = [*identify(p), tool("verify_incident", incident_id="INC-0411"),
             create_ticket(p, "Cloud Console for INC-0411", "Contractor asked for production access during the SEV1; "
                           "refused.", "Card payments outage.", type="incident", priority=prio[sev1],
                           tags=["production_access"], resolution="denied", status="solved", severity=sev1,
                           impact=imp1)]
    out.append(task(
        "ia-006", "Contract payments engineer on the card outage asks for the cloud console",
        "Card payments are down (INC-0411) and I need Cloud Console access to restart the payment workers. Quickly "
        "please!",
        {"name": p["name"], "email": p["email"], "access level": "write",
         "business justification": "Restarting the payment worker pool during the outage."},
        rows_for(p), steps,
        "I'm sorry, I can't give you Cloud Console access, even for this outage: production tools can't be given to "
        "contractors. Please ask Luis Ortega or another Tidewell engineer on the bridge to restart the workers.",
        "Rule: Production Access During Incidents, who may get it: the employment status limits still apply; a "
        "contractor gets nothing in G4 or G5, whatever the severity. SEV1 open, but refused; no notices. Ticket: "
        "incident, urgent (production access for a SEV1), [production_access], denied, solved, no approval, SEV1, "
        "outage.",
        [decision("declined", "decision: refused", because=BECAUSE["contractor"])], ids_never("TCK-5001", p["id"]),
        rubric=[NO_APPROVAL_OFFER]))
    return out


# ---- compliance data access --------------------------------------------------------------------

def compliance_tasks() -> list[dict]:
    p = emp(3502, "Moira Callahan", "Compliance Analyst", 3, "CMPL", "dublin", "EMP-1045")
    return [dash_task(
        "cd-002", "Compliance analyst asks for the regulatory complaints dashboard of her own department",
        "Hi, I need access to the Regulatory Complaints Dashboard, please.", p,
        {"business justification": "Preparing the quarterly complaints return."},
        grp="GRP-DB-COMPLAINTS", justification="Quarterly complaints return.", expect="grant",
        final="You've been added to the Regulatory Complaints Dashboard. It belongs to your own department, "
              "Compliance, so no approval was needed.",
        notes="Rule: BI Dashboards, first line that applies: rule 2 (a dashboard of the employee's own department: no "
              "approval) comes before rule 4 (compliance -> head of compliance). CMPL analyst, CMPL compliance "
              "dashboard -> add to GRP-DB-COMPLAINTS. Ticket: task, normal, [compliance], access_granted, solved."),
        compliance_exec()]


def compliance_exec() -> dict:
    p = emp(3503, "Edmund Carrow", "VP Treasury Risk", 8, "RISK", "dublin", "EMP-1050")
    return dash_task(
        "cd-003", "Risk vice-president (level 8) asks for the AML alerts dashboard owned by Compliance",
        "Hi, please add me to the AML Alerts Dashboard.", p,
        {"business justification": "Reviewing AML alert volumes for the board risk committee."},
        grp="GRP-DB-AML", justification="AML alert volumes for the board risk committee.", expect="pending",
        rubric=[NOT_YET],
        final="The AML Alerts Dashboard has compliance sensitivity, so it needs the approval of the head of "
              "compliance whatever the level. I've sent the request to Gideon Mbeki (Chief Compliance Officer); "
              "you'll be added once he approves.",
        notes="Rule: BI Dashboards, first line that applies: rule 4 (compliance -> head of compliance, for every level, "
              "executives included) comes before rule 5 (executives: no approval). RISK level 8, CMPL dashboard -> "
              "Gideon Mbeki (EMP-1004), step 1, target group, urgency normal. Contrast pq-010 / ac-025 (executive, "
              "non-compliance dashboard: no approval). Ticket: task, normal, [compliance], pending_approval, pending, "
              "approver EMP-1004.")



DASHBOARD_TASKS = ("ac-023", "ac-024", "ac-025", "ac-026")


def with_dashboard_family(tasks: list[dict]) -> list[dict]:
    """The dashboard tasks of access.json form their own family (BI Dashboards, not Application Access)."""
    return [{"family": "dashboard_access", **t} if t["id"] in DASHBOARD_TASKS else t for t in tasks]


if __name__ == "__main__":
    write("access.json", "tool_access", "Application access (ac-002..022) and, as family dashboard_access, BI dashboards "
          "(ac-023..026): the department matrix, approval chains by group and level (on each boundary), contractor "
          "and leave/departure limits, temporary expiry, level changes, follow-ups, dashboards by ownership, "
          "sensitivity and level.", with_dashboard_family(access_tasks()))
    write("incident_access.json", "incident_access", "Production access during incidents: SEV2 verbal approval, break-glass when "
          "the manager is unreachable, pending approval, SEV3 normal chain, contractors refused.", incident_tasks())
    write("compliance_access.json", "compliance_dashboards", "Compliance dashboards: ownership before the head of "
          "compliance.",
          compliance_tasks())
