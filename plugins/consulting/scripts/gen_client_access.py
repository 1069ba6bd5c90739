"""The client-access family (tasks/client_access.json); its decision helpers also serve the
document-folders family (scripts/gen_folders.py). Each scenario varies one decisive fact: the staffing's status, the
engagement's status, the NDA's status (none, sent, signed), an access record's status, a
conflicting client reached through staffing or through access, who manages the engagement
(the requester themselves), the approver's leave, the folder's classification and the level
asked for. The outcome is computed by `decide_system` and `decide_folder` from
04_client_access.md, 05_folders.md and 02_approvals.md over the base rows (fixtures.py) and the
task's rows (and recomputed independently in tests/test_rules_client_access.py and
tests/test_rules_folders.py).

    uv run python plugins/consulting/scripts/gen_client_access.py
"""
from __future__ import annotations

from thinkingbox_consulting import fixtures as F

from taskkit import (
    AWAITING, CONFLICT, DECLINED, GRANTED, call, decision, email_of, merge, name, person, staffing, task, text, ticket,
    why, write,
)

NDA_TOLD = decision("nda_sent", "decision: the NDA waits for signature")
SIGN = text(["sign", "signed", "signature", "e-signature"], "what the employee must do: sign")
ALREADY = decision("already_held", "decision: already held")
NOT_STAFFED = why(["staffed", "staffing", "released", "closed", "no longer", "engagement"],
                  "why: not staffed on the client")
REVOKED = decision("revoked", "decision: revoked", about=["lakeshore"])
KEPT = decision("kept", "decision: the other client access stays", about=["other", "corvid"])


# ---- the world the agent sees: base rows plus the task's rows ------------------------------

def view(rows: dict) -> dict:
    v = {
        "employees": {e[0]: {"id": e[0], "name": e[1], "grade": e[2], "manager_id": e[5], "delegate_id": e[6],
                             "status": e[8]} for e in F.EMPLOYEES},
        "clients": {c[0]: {"id": c[0], "name": c[1], "sensitivity": c[2], "conflicts_with": c[3]} for c in F.CLIENTS},
        "engagements": {e[0]: {"id": e[0], "client_id": e[1], "name": e[2], "status": e[3], "manager_id": e[6],
                               "partner_id": e[7]} for e in F.ENGAGEMENTS},
        "staffing": {"STF-" + e[0][4:] + "M": {"employee_id": e[6], "engagement_id": e[0],
                                               "status": "released" if e[3] == "closed" else "active" if e[3] == "active" else "booked"}
                     for e in F.ENGAGEMENTS},
        "client_systems": {s[0]: {"id": s[0], "client_id": s[1], "name": s[2]} for s in F.SYSTEMS},
        "folders": {f[0]: {"id": f[0], "name": f[1], "classification": f[2], "client_id": f[3], "owner_id": f[4]}
                    for f in F.FOLDERS},
        "ndas": {}, "system_access": {}, "folder_permissions": {},
    }
    for table, found in rows.items():
        if table in v:
            for r in found:
                v[table][r["id"]] = {**v[table].get(r["id"], {}), **r}
    return v


def staffed_on(v: dict, eid: str, client: str) -> list[dict]:
    """01_service_desk.md, Engagements and staffing: active/booked staffing on a planned/active engagement."""
    out = []
    for s in v["staffing"].values():
        eng = v["engagements"][s["engagement_id"]]
        if (s["employee_id"] == eid and s["status"] in ("active", "booked") and eng["status"] in ("planned", "active")
                and eng["client_id"] == client):
            out.append({**s, "engagement": eng})
    return out


def active_access(v: dict, eid: str) -> list[dict]:
    return [{**a, "id": k} for k, a in v["system_access"].items() if a["employee_id"] == eid and a["status"] == "active"]


def conflict(v: dict, eid: str, client: str) -> str | None:
    """04_client_access.md rule 2: the conflicting client the employee is staffed on or holds access to."""
    for other in v["clients"][client]["conflicts_with"]:
        if staffed_on(v, eid, other):
            return other
        if any(v["client_systems"][a["system_id"]]["client_id"] == other for a in active_access(v, eid)):
            return other
    return None


def nda_status(v: dict, eid: str, client: str) -> str | None:
    found = [n["status"] for n in v["ndas"].values() if n["employee_id"] == eid and n["client_id"] == client]
    return "signed" if "signed" in found else "sent" if "sent" in found else None


def approver(v: dict, named: str, requester: str) -> tuple[str | None, list[str]]:
    """02_approvals.md: the requester -> their manager; on leave -> the delegate; the delegate away -> None.
    Returns the approver and the people looked up on the way."""
    path = [named]
    if named == requester:
        named = v["employees"][requester]["manager_id"]
        path.append(named)
    if v["employees"][named]["status"] == "on_leave":
        delegate = v["employees"][named]["delegate_id"]
        if delegate is None:
            return None, path
        path.append(delegate)
        if v["employees"][delegate]["status"] == "on_leave":
            return None, path
        return delegate, path
    return named, path


def decide_system(v: dict, eid: str, system: str) -> dict:
    """04_client_access.md, Deciding a request: the first rule that applies."""
    client = v["client_systems"][system]["client_id"]
    staffed = staffed_on(v, eid, client)
    if not staffed:
        return {"outcome": "not_staffed", "client": client}
    other = conflict(v, eid, client)
    if other:
        return {"outcome": "conflict", "client": client, "other": other}
    if any(a["system_id"] == system for a in active_access(v, eid)):
        return {"outcome": "already", "client": client}
    eng = staffed[0] if len(staffed) == 1 else next(s for s in staffed if s["status"] == "active")
    eng = eng["engagement"]
    if v["clients"][client]["sensitivity"] == "restricted":
        nda = nda_status(v, eid, client)
        if nda is None:
            return {"outcome": "send_nda", "client": client}
        if nda == "sent":
            return {"outcome": "nda_waiting", "client": client}
        who, path = approver(v, eng["manager_id"], eid)
        return {"outcome": "approval" if who else "approver_away", "client": client, "engagement": eng["id"],
                "approver": who, "path": path}
    return {"outcome": "grant", "client": client, "engagement": eng["id"]}


def decide_folder(v: dict, eid: str, folder: str, level: str) -> dict:
    """05_folders.md, Deciding a request: the first rule that applies."""
    f = v["folders"][folder]
    held = [p["level"] for p in v["folder_permissions"].values() if p["employee_id"] == eid and p["folder_id"] == folder]
    if level in held or "edit" in held:
        return {"outcome": "already"}
    if f["classification"] == "client_confidential":
        client = f["client_id"]
        if not staffed_on(v, eid, client):
            return {"outcome": "not_staffed", "client": client}
        other = conflict(v, eid, client)
        if other:
            return {"outcome": "conflict", "client": client, "other": other}
        if v["clients"][client]["sensitivity"] == "restricted":
            nda = nda_status(v, eid, client)
            if nda is None:
                return {"outcome": "send_nda", "client": client}
            if nda == "sent":
                return {"outcome": "nda_waiting", "client": client}
    if level == "edit" or f["classification"] == "confidential":
        who, path = approver(v, f["owner_id"], eid)
        return {"outcome": "approval" if who else "approver_away", "approver": who, "path": path}
    return {"outcome": "grant"}


RESOLUTION = {"grant": "fulfilled", "not_staffed": "declined", "conflict": "declined", "already": "information",
              "send_nda": "waiting_on_employee", "nda_waiting": "waiting_on_employee", "approval": "awaiting_approval",
              "approver_away": "waiting_on_employee", "revoke": "fulfilled"}


def nda_row(nid: str, eid: str, client: str, status: str) -> dict:
    return {"ndas": [{"id": nid, "employee_id": eid, "client_id": client, "status": status,
                      "sent_at": "2026-02-24T09:00:00Z", "signed_on": "2026-02-25" if status == "signed" else None}]}


def access_row(aid: str, eid: str, system: str, engagement: str, status: str = "active") -> dict:
    return {"system_access": [{"id": aid, "employee_id": eid, "system_id": system, "engagement_id": engagement,
                               "status": status, "granted_at": "2025-12-01T10:00:00Z"}]}


def engagement_row(eng: str, client: str, title: str, status: str, manager: str, partner: str,
                   start: str = "2026-01-19", end: str = "2026-08-14") -> dict:
    return {"engagements": [{"id": eng, "client_id": client, "name": title, "status": status, "start_date": start,
                             "end_date": end, "manager_id": manager, "partner_id": partner}],
            "staffing": [{"id": "STF-" + eng[4:] + "M", "employee_id": manager, "engagement_id": eng,
                          "status": "active" if status == "active" else "booked", "start_date": start,
                          "end_date": end}]}


def names(v: dict) -> dict:
    return {k: e["name"] for k, e in v["employees"].items()}


# ---- client access ---------------------------------------------------------------------

# id, title, requester (id, name, grade, practice, office, manager), extra rows, system, request, behaviour, rule
CSA = [
    ("csa-003", "Technology analyst staffed on the bank migration asks for its sandbox with no NDA on file",
     ("EMP-4103", "Selin Arslan", "analyst", "technology", "chicago", "EMP-1106"),
     lambda e: staffing("STF-4103", e, "ENG-4106", start="2025-10-06", end="2026-08-28"),
     "SYS-601", "Hi, I need access to the Aurelia Core Sandbox for my work on the migration.", [],
     "Rule: Client Systems Access rule 4 (NDA missing): restricted client, no NDA on file, so the NDA is sent and nothing granted."),
    ("csa-004", "Consultant on the bank migration asks for its sandbox while the NDA sent last week is unsigned",
     ("EMP-4104", "Rhys Penhaligon", "consultant", "technology", "chicago", "EMP-1102"),
     lambda e: merge(staffing("STF-4104", e, "ENG-4106", start="2025-10-06", end="2026-08-28"),
                     nda_row("NDA-4104", e, "CLI-06", "sent")),
     "SYS-601", "Hello, can you open the Aurelia Core Sandbox for me? I'm on the migration team.",
     ["If asked about an NDA, say you remember getting an e-mail about one but have not got round to it."],
     "Rule: Client Systems Access rule 4, NDA already sent: nothing new is sent, nothing granted; only the ticket changes."),
    ("csa-005", "Senior consultant with a signed NDA asks for the bank migration sandbox",
     ("EMP-4105", "Lucia Ferraro", "senior_consultant", "technology", "chicago", "EMP-1106"),
     lambda e: merge(staffing("STF-4105", e, "ENG-4106", start="2025-10-06", end="2026-08-28"),
                     nda_row("NDA-4105", e, "CLI-06", "signed")),
     "SYS-601", "Hi, please give me access to the Aurelia Core Sandbox.", [],
     "Rule: Client Systems Access rule 5 (restricted client, NDA signed): the engagement manager approves; nothing granted yet."),
    ("csa-006", "Engagement manager asks for a restricted client's analytics system on the engagement she runs",
     None, lambda e: nda_row("NDA-4106", "EMP-1101", "CLI-01", "signed"),
     "SYS-102", "Hi, I need access to Northgate SAP Analytics for the supply chain review.", [],
     "Rule: Client Systems Access rule 5 with Approvals step 1: the engagement manager is the requester, so her own manager approves."),
    ("csa-007", "Manager running a second bank engagement asks for its sandbox while his own manager is on leave",
     ("EMP-4107", "Oluwaseun Adeyemi", "manager", "operations", "london", "EMP-1103"),
     lambda e: merge(engagement_row("ENG-4110", "CLI-06", "Aurelia branch network review", "active", e, "EMP-1003"),
                     nda_row("NDA-4107", e, "CLI-06", "signed")),
     "SYS-601", "Hello, I need access to the Aurelia Core Sandbox for the branch network review I'm running.", [],
     "Rule: Client Systems Access rule 5 with Approvals steps 1 and 2: the requester manages the engagement, so his manager "
     "approves; she is on leave, so her delegate does."),
    ("csa-008", "Consultant still listed on a finished retail engagement asks for the client's intranet",
     ("EMP-4108", "Tobias Lindgren", "consultant", "strategy", "chicago", "EMP-1107"),
     lambda e: staffing("STF-4108", e, "ENG-4107", start="2025-03-03", end="2025-09-26"),
     "SYS-302", "Hi, could you give me access to the Lakeshore Store Intranet?",
     ["If asked which project, say the Lakeshore loyalty relaunch.", "If told no, accept it."],
     "Rule: Client Systems Access rule 1 (not staffed): the only Lakeshore staffing is on a closed engagement, which does not count."),
    ("csa-009", "Analyst asks for a retail client's intranet that was opened to her in the autumn",
     ("EMP-4109", "Amara Nwosu", "analyst", "operations", "london", "EMP-1104"),
     lambda e: merge(staffing("STF-4109", e, "ENG-4103", start="2025-11-03", end="2026-04-24"),
                     access_row("ACC-4109", e, "SYS-302", "ENG-4103"),
                     access_row("ACC-4110", e, "SYS-301", "ENG-4103", status="revoked")),
     "SYS-302", "Hi, I need the Lakeshore Store Intranet for my project, can you set that up?",
     ["If told you already have it, say you will try logging in again."],
     "Rule: Client Systems Access rule 3 (already granted): active access to the system is on file; nothing changes but the ticket."),
    ("csa-010", "Consultant booked on a freight client still holds access to a logistics client's planner",
     ("EMP-4110", "Hugo Marchetti", "consultant", "operations", "boston", "EMP-1105"),
     lambda e: merge(staffing("STF-4110", e, "ENG-4104", status="released", start="2026-01-05", end="2026-02-20"),
                     staffing("STF-4111", e, "ENG-4105", status="booked", start="2026-04-06", end="2026-09-25"),
                     access_row("ACC-4111", e, "SYS-401", "ENG-4104")),
     "SYS-501", "Hi, I start on the Pellam fleet project in April and need the Pellam Fleet Portal.",
     ["If told access cannot be given, ask once why, then accept the answer."],
     "Rule: Client Systems Access rule 2 through access: released from Corvid but still holding active access to a "
     "Corvid system, which conflicts with Pellam; decline without naming the other client."),
    ("csa-011", "Consultant booked on a freight client whose logistics planner access was already removed",
     ("EMP-4111", "Elif Kaya", "senior_consultant", "operations", "boston", "EMP-1105"),
     lambda e: merge(staffing("STF-4112", e, "ENG-4104", status="released", start="2026-01-05", end="2026-02-20"),
                     staffing("STF-4113", e, "ENG-4105", status="booked", start="2026-04-06", end="2026-09-25"),
                     access_row("ACC-4112", e, "SYS-401", "ENG-4104", status="revoked")),
     "SYS-501", "Hello, I'm joining the Pellam fleet work in April. Could I get the Pellam Fleet Portal?", [],
     "Rule: Client Systems Access rules 2 and 6: the Corvid access is revoked and the Corvid staffing released, so no "
     "conflict; Pellam is standard, so grant tied to the booked Pellam engagement."),
    ("csa-012", "Consultant on two engagements of a pharmaceutical client asks for its data room",
     ("EMP-4112", "Mirela Popescu", "consultant", "strategy", "boston", "EMP-1101"),
     lambda e: merge(engagement_row("ENG-4111", "CLI-01", "Northgate regulatory readiness", "active", "EMP-1105", "EMP-1004"),
                     staffing("STF-4114", e, "ENG-4101", status="booked", start="2026-04-13", end="2026-06-30"),
                     staffing("STF-4115", e, "ENG-4111", start="2026-01-19", end="2026-08-14"),
                     nda_row("NDA-4112", e, "CLI-01", "signed")),
     "SYS-101", "Hi, I need access to the Northgate Data Room please.",
     ["If asked which project, say you work on Northgate work and do not know which engagement the room belongs to."],
     "Rule: Client Systems Access rule 5 with the engagement choice: staffed on two Northgate engagements, the active "
     "staffing's engagement decides whose approval (its manager), not the booked one's."),
]


def build_csa(sid, title, emp, extra, system, request, behaviour, rule):
    if emp is None:   # a base employee: Priya Raman manages ENG-4101
        eid, ename = "EMP-1101", "Priya Raman"
        rows = extra(eid)
        email, uid = "priya.raman@ashgrove.example", "U-1101"
    else:
        eid, ename, grade, practice, office, manager = emp
        rows = merge(person(eid, ename, grade, practice, office, manager), extra(eid))
        email, uid = email_of(rows, eid), "U-" + eid[4:]
    v = view(rows)
    who = names(v)
    sysname = v["client_systems"][system]["name"]
    d = decide_system(v, eid, system)
    client = v["clients"][d["client"]]
    facts = {"email": email, "name": ename, "system": sysname}
    steps = [call("find_employee", email=email), call("list_staffing", employee_id=eid),
             call("search_clients", name=client["name"].split()[0]), call("list_system_access", employee_id=eid)]
    never = []
    out = d["outcome"]
    if out == "not_staffed":
        final = (f"I'm sorry, I can't open {sysname} for you: you are not staffed on a current {client['name']} "
                 "engagement, and client systems are opened only for an engagement you are on. If you are staffed on "
                 "one, ask again and I'll set it up.")
        states = [DECLINED, NOT_STAFFED]
    elif out == "conflict":
        steps.append(call("get_client", client_id=d["other"]))
        final = (f"I'm sorry, I can't give you access to {sysname}: a conflict of interest with other client work "
                 "you hold prevents it. Your staffing lead can help if that changes.")
        states = [DECLINED, CONFLICT]
        never = [name(v["clients"][d["other"]]["name"].split()[0], "the conflicting client")]
    elif out == "already":
        final = (f"You already have active access to {sysname}, so there is nothing to add. If you can't get in, "
                 "try logging in again.")
        states = [ALREADY, name(sysname, "the system")]
    elif out in ("send_nda", "nda_waiting"):
        steps.append(call("list_ndas", employee_id=eid))
        if out == "send_nda":
            steps.append(call("send_nda", employee_id=eid, client_id=d["client"]))
            lead = f"{client['name']} is a restricted client, so you need to sign its NDA first. I've sent it to you for e-signature."
        else:
            lead = (f"{client['name']} is a restricted client, and the NDA we sent you is still waiting for your "
                    "signature, so I haven't sent a new one.")
        final = f"{lead} Please sign it and ask again once it is signed; {sysname} can't be opened until then."
        states = [NDA_TOLD, SIGN]
    elif out == "approval":
        steps.append(call("list_ndas", employee_id=eid))
        for p in d["path"]:
            if p != eid:
                steps.append(call("find_employee", employee_id=p))
        steps.append(call("request_approval", kind="client_access", requester_id=eid, approver_id=d["approver"],
                          subject_id=system, note=f"Access to {sysname} for {ename}"))
        apr = who[d["approver"]]
        why = f"{client['name']} is a restricted client, so access to {sysname} needs the engagement manager's approval."
        if d["path"][0] == eid:
            why += " As you manage the engagement yourself, the approval goes to your manager"
            if len(d["path"]) > 2:
                why += f": it went to {apr}."
            else:
                why += f", {apr}."
        else:
            why += f" I've sent the request to {apr}."
        final = f"{why} You'll get access once it is approved; nothing is opened until then."
        states = [AWAITING, name(apr, "the approver")]
    elif out == "grant":
        steps.append(call("grant_system_access", employee_id=eid, system_id=system, engagement_id=d["engagement"]))
        final = (f"Done: you now have access to {sysname}, tied to the "
                 f"{v['engagements'][d['engagement']]['name']} engagement.")
        states = [GRANTED, name(sysname, "the system granted")]
    else:
        raise ValueError(out)
    res = RESOLUTION[out]
    steps.append(ticket(uid, "client_access", "task", "normal", res, f"Access to {sysname}",
                        f"{client['sensitivity'].capitalize()} client; outcome {out}."))
    notes = (f"{rule} {ename} asks for {system} ({sysname}, client {d['client']} {client['sensitivity']}); "
             f"decision {out}" + (f", engagement {d['engagement']}" if d.get("engagement") else "")
             + (f", approver {d['approver']} (looked up {' -> '.join(d['path'])})" if d.get("approver") else "")
             + f". Ticket task/normal/{res}.")
    return task(sid, title, request, facts, behaviour, rows, steps, final, states, notes, never)


def revoke_task():
    eid, ename = "EMP-4113", "Declan Byrne"
    rows = merge(person(eid, ename, "consultant", "operations", "london", "EMP-1104"),
                 staffing("STF-4116", eid, "ENG-4103", status="released", start="2025-11-03", end="2026-02-27"),
                 staffing("STF-4117", eid, "ENG-4104", start="2026-03-02", end="2026-07-31"),
                 access_row("ACC-4113", eid, "SYS-301", "ENG-4103"), access_row("ACC-4114", eid, "SYS-302", "ENG-4103"),
                 access_row("ACC-4115", eid, "SYS-401", "ENG-4104"))
    v = view(rows)
    assert not staffed_on(v, eid, "CLI-03")   # released from his last Lakeshore engagement
    targets = [a["id"] for a in active_access(v, eid) if v["client_systems"][a["system_id"]]["client_id"] == "CLI-03"]
    assert targets == ["ACC-4113", "ACC-4114"]
    email = email_of(rows, eid)
    return task(
        "csa-013", "Consultant rolled off a retail client asks for his access to its systems to be removed",
        "Hi, I've rolled off the Lakeshore project. Can you remove my access to their systems?",
        {"email": email, "name": ename, "client": "Lakeshore Retail Group"},
        ["If asked whether to keep any Lakeshore system, say no, remove them all."], rows,
        [call("find_employee", email=email), call("list_staffing", employee_id=eid),
         call("list_system_access", employee_id=eid),
         *[call("revoke_system_access", access_id=t) for t in targets],
         ticket("U-4113", "client_access", "task", "normal", "fulfilled", "Remove Lakeshore system access",
                "Released from the last Lakeshore engagement: both Lakeshore accesses revoked.")],
        "Done: your access to Lakeshore POS Analytics and Lakeshore Store Intranet has been removed. Your other "
        "client access is unchanged.",
        [REVOKED, name("Lakeshore POS Analytics", "first system removed"),
         name("Lakeshore Store Intranet", "second system removed"), KEPT],
        "Rule: Client Systems Access, Revoking: released from ENG-4103, his last Lakeshore engagement; revoke each "
        "active Lakeshore access (ACC-4113, ACC-4114); the Corvid access (ACC-4115) stays. Ticket "
        "task/normal/fulfilled/solved.")


if __name__ == "__main__":
    write("client_access.json", "client_access",
          "Client-system access: staffing, engagement status, conflicts through staffing or access, NDAs, approvers "
          "and revocation.", [build_csa(*s) for s in CSA] + [revoke_task()])
