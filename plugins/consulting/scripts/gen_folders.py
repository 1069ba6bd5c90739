"""The document-folders family (tasks/folders.json). Each scenario varies one decisive fact:
the level already held, the folder's classification, the staffing's status, a conflicting
client, the NDA, the level asked for, the owner being the requester, and the owner's and the
delegate's leave. The outcome is computed by `decide_folder` from 05_folders.md (with rules 1,
2 and 4 of 04_client_access.md) and 02_approvals.md (and recomputed independently in
tests/test_rules_folders.py).

    uv run python plugins/consulting/scripts/gen_folders.py
"""
from __future__ import annotations

from gen_client_access import (
    ALREADY, NDA_TOLD, NOT_STAFFED, RESOLUTION, SIGN, decide_folder, names, nda_row, view,
)
from taskkit import (
    AWAITING, CONFLICT, DECLINED, GRANTED, call, email_of, merge, name, person, staffing, task, text, ticket, write,
)

ASK_AGAIN = text(["ask again", "again", "is back", "returns"], "what to do: ask again when the approver is back")


# ---- folders ---------------------------------------------------------------------------

def perm(pid: str, folder: str, eid: str, level: str) -> dict:
    return {"folder_permissions": [{"id": pid, "folder_id": folder, "employee_id": eid, "level": level,
                                    "granted_at": "2025-11-10T09:00:00Z"}]}


def folder_row(fid: str, title: str, classification: str, owner: str, client: str | None = None) -> dict:
    return {"folders": [{"id": fid, "name": title, "classification": classification, "client_id": client,
                         "owner_id": owner}]}


LEVEL_FACT = {"read": "I only need to read the files.", "edit": "I need to edit files there."}

# id, title, requester, extra rows, folder, level, request, behaviour, rule
FLD = [
    ("fld-003", "Consultant asks to read a practice folder she can already edit",
     ("EMP-4203", "Yasmin Demir", "consultant", "operations", "london", "EMP-1104"),
     lambda e: perm("PRM-4203", "FLD-104", e, "edit"),
     "FLD-104", "read", "Hi, could you give me access to the Operations Benchmarks folder?",
     ["If told you already have access, say you will check your bookmarks."],
     "Rule: Document Folders rule 1 (already held): edit includes read; nothing changes but the ticket."),
    ("fld-004", "Senior consultant asks to read a confidential recruiting folder",
     ("EMP-4204", "Clara Whitman", "senior_consultant", "strategy", "boston", "EMP-1101"), lambda e: {},
     "FLD-108", "read", "Hello, I've been asked to help with case interviews. Can I get into the Recruiting Case Bank?", [],
     "Rule: Document Folders rule 4 (confidential read): the folder owner approves; nothing granted yet."),
    ("fld-005", "Analyst staffed on a retail engagement asks for its client folder",
     ("EMP-4205", "Mateus Oliveira", "analyst", "operations", "london", "EMP-1104"),
     lambda e: staffing("STF-4205", e, "ENG-4103", start="2025-11-03", end="2026-04-24"),
     "FLD-106", "read", "Hi, can I have access to the Lakeshore Workstreams folder?", [],
     "Rule: Document Folders rules 2 and 5: client folder of a standard client, staffed and no conflict: read granted directly."),
    ("fld-006", "Consultant released from a logistics engagement asks for its client folder",
     ("EMP-4206", "Nikolai Ivanov", "consultant", "technology", "chicago", "EMP-1106"),
     lambda e: staffing("STF-4206", e, "ENG-4104", status="released", start="2026-01-05", end="2026-02-13"),
     "FLD-107", "read", "Hi, I'd like to look at the Corvid Network Model folder again, please.",
     ["If told no, accept it."],
     "Rule: Document Folders rule 2 with Client Systems Access rule 1: the Corvid staffing is released, so not staffed: decline."),
    ("fld-007", "Consultant on a logistics engagement, also booked on a freight client, asks for the logistics folder",
     ("EMP-4207", "Harriet Quinn", "senior_consultant", "technology", "chicago", "EMP-1106"),
     lambda e: merge(staffing("STF-4207", e, "ENG-4104"),
                     staffing("STF-4208", e, "ENG-4105", status="booked", start="2026-04-06", end="2026-09-25")),
     "FLD-107", "read", "Hi, could you give me access to the Corvid Network Model folder?",
     ["If told access cannot be given, ask once why, then accept the answer."],
     "Rule: Document Folders rule 2 with Client Systems Access rule 2: staffed on a client the folder's client "
     "conflicts with: decline without naming it."),
    ("fld-008", "Analyst on a pharmaceutical engagement asks for its deliverables folder with no NDA on file",
     ("EMP-4208", "Jasper Holloway", "analyst", "strategy", "boston", "EMP-1101"),
     lambda e: staffing("STF-4209", e, "ENG-4101", start="2026-01-12", end="2026-06-30"),
     "FLD-105", "read", "Hi, I need the Northgate Deliverables folder for my project.", [],
     "Rule: Document Folders rule 2 with Client Systems Access rule 4: restricted client, no NDA: send it, grant nothing."),
    ("fld-009", "Consultant with a signed NDA asks to work in a bank client's folder",
     ("EMP-4209", "Anjali Mehta", "consultant", "technology", "chicago", "EMP-1106"),
     lambda e: merge(staffing("STF-4210", e, "ENG-4106", start="2025-10-06", end="2026-08-28"),
                     nda_row("NDA-4209", e, "CLI-06", "signed")),
     "FLD-109", "edit", "Hello, I need access to the Aurelia Migration Plans folder.", [],
     "Rule: Document Folders rule 3 (edit needs the owner's approval), after rule 2 passes (staffed, no conflict, NDA signed)."),
    ("fld-010", "Manager asks for access to a confidential folder she owns",
     ("EMP-4210", "Beatrix Hale", "manager", "finance", "boston", "EMP-1004"),
     lambda e: folder_row("FLD-112", "Finance Pricing Benchmarks", "confidential", e),
     "FLD-112", "edit",
     "Hi, I've been made owner of the Finance Pricing Benchmarks folder but I can't open it. Can you sort out my access?", [],
     "Rule: Document Folders rule 3 with Approvals step 1: the owner is the requester, so her own manager approves."),
    ("fld-011", "Consultant asks to read a confidential folder whose owner and the owner's delegate are both on leave",
     ("EMP-4211", "Gideon Farrow", "consultant", "operations", "london", "EMP-1104"),
     lambda e: merge(person("EMP-4291", "Rosalind Achebe", "senior_manager", "operations", "london", "EMP-1003",
                            status="on_leave", delegate="EMP-1103"),
                     folder_row("FLD-113", "Operations Client Case Studies", "confidential", "EMP-4291")),
     "FLD-113", "read", "Hi, can I get access to the Operations Client Case Studies folder?",
     ["If told to ask again later, accept it."],
     "Rule: Document Folders rule 4 with Approvals step 2: the owner is on leave and so is her delegate: no approval "
     "is sent; the ticket waits on the employee."),
    ("fld-012", "Senior consultant who reads a practice folder asks to edit it",
     ("EMP-4212", "Lorenzo Bianchi", "senior_consultant", "technology", "chicago", "EMP-1106"),
     lambda e: perm("PRM-4212", "FLD-110", e, "read"),
     "FLD-110", "edit", "Hi, I'd like to update some pages in the Technology Practice Playbooks folder.", [],
     "Rule: Document Folders rules 1 and 3: holding read does not count as holding edit; edit needs the owner's approval."),
]


def build_fld(sid, title, emp, extra, folder, level, request, behaviour, rule):
    eid, ename, grade, practice, office, manager = emp
    rows = merge(person(eid, ename, grade, practice, office, manager), extra(eid))
    email, uid = email_of(rows, eid), "U-" + eid[4:]
    v = view(rows)
    who = names(v)
    f = v["folders"][folder]
    fname = f["name"]
    d = decide_folder(v, eid, folder, level)
    facts = {"email": email, "name": ename, "access level": LEVEL_FACT[level]}
    steps = [call("find_employee", email=email), call("search_folders", name=" ".join(fname.split()[:2])),
             call("get_folder", folder_id=folder)]
    if f["classification"] == "client_confidential":
        steps.append(call("list_staffing", employee_id=eid))
        steps.append(call("get_client", client_id=f["client_id"]))
    never = []
    out = d["outcome"]
    if out == "already":
        final = (f"You already have edit access to the {fname} folder, which includes reading, so there is nothing "
                 "to add.")
        states = [ALREADY, name(fname, "the folder")]
    elif out == "not_staffed":
        client = v["clients"][d["client"]]["name"]
        final = (f"I'm sorry, I can't give you access to the {fname} folder: it holds {client} client material, and "
                 f"you are not staffed on a current {client} engagement.")
        states = [DECLINED, NOT_STAFFED]
    elif out == "conflict":
        final = (f"I'm sorry, I can't give you access to the {fname} folder: a conflict of interest with other "
                 "client work you are staffed on prevents it.")
        states = [DECLINED, CONFLICT]
        never = [name(v["clients"][d["other"]]["name"].split()[0], "the conflicting client")]
    elif out in ("send_nda", "nda_waiting"):
        client = v["clients"][d["client"]]["name"]
        steps.append(call("list_ndas", employee_id=eid))
        assert out == "send_nda", "no folder task has an NDA waiting"
        steps.append(call("send_nda", employee_id=eid, client_id=d["client"]))
        final = (f"{client} is a restricted client, so you need to sign its NDA before you can use the {fname} "
                 "folder. I've sent it to you for e-signature; please sign it and ask again once it is signed.")
        states = [NDA_TOLD, SIGN]
    elif out == "approval":
        for p in d["path"]:
            if p != eid:
                steps.append(call("find_employee", employee_id=p))
        steps.append(call("request_approval", kind="folder_access", requester_id=eid, approver_id=d["approver"],
                          subject_id=folder, note=f"{level.capitalize()} access to {fname}"))
        apr = who[d["approver"]]
        what = (f"Edit access to the {fname} folder" if level == "edit"
                else f"The {fname} folder is confidential, so read access to it")
        if d["path"][0] == eid:
            final = (f"{what} needs the folder owner's approval, and as you own it yourself, the approval goes to "
                     f"your manager, {apr}. I've sent the request; you'll get access once it is approved.")
        else:
            final = (f"{what} needs the approval of its owner, {apr}. I've sent the request; you'll get access once "
                     "it is approved.")
        states = [AWAITING, name(apr, "the approver")]
    elif out == "approver_away":
        for p in d["path"]:
            if p != eid:
                steps.append(call("find_employee", employee_id=p))
        final = (f"Read access to the {fname} folder needs its owner's approval, and neither the owner nor the "
                 "colleague who approves in their place can approve it right now. Please ask again when the owner "
                 "is back; nothing has been changed.")
        states = [ASK_AGAIN]
    elif out == "grant":
        steps.append(call("grant_folder_access", folder_id=folder, employee_id=eid, level=level))
        final = f"Done: you now have {level} access to the {fname} folder."
        states = [GRANTED, name(level, "the level granted")]
    else:
        raise ValueError(out)
    res = RESOLUTION[out]
    steps.append(ticket(uid, "folders", "task", "normal", res, f"{level.capitalize()} access to {fname}",
                        f"{f['classification']} folder, {level} asked; outcome {out}."))
    notes = (f"{rule} {ename} asks {level} on {folder} ({fname}, {f['classification']}, owner {f['owner_id']}); "
             f"decision {out}" + (f", approver {d['approver']}" if d.get("approver") else "")
             + (f" (looked up {' -> '.join(d['path'])})" if d.get("path") else "") + f". Ticket task/normal/{res}.")
    return task(sid, title, request, facts, behaviour, rows, steps, final, states, notes, never)


if __name__ == "__main__":
    write("folders.json", "folders",
          "Document folder permissions: levels held, client folders (staffing, conflicts, NDAs), owner approvals, "
          "owners who ask for their own folder and owners away.", [build_fld(*s) for s in FLD])
