"""The software licence family (tasks/software_licenses.json) and the account access family
(tasks/account_access.json).

    uv run python plugins/neobank/scripts/build_licenses_accounts.py
"""
from __future__ import annotations

from taskkit import (
    ALLOCATED, APPROVAL, DENIED, WAITLIST, create_ticket, decision, emp, identify, ids_never, phrase, rows_for, task, tool, write,
)

NOT_INSTALLED = {"question": "Does the message avoid claiming that the software has been installed on the employee's computer?",
                 "rule": {"none": [r"(?:\b(?:has|have|is|was)|'s) (?:now |been |already )*installed\b",
                                   r"\b(?:I|we)(?:'ve| have) (?:now )?installed\b",
                                   r"\binstalled (?:it )?(?:for you|on your)\b", r"(?:^|[.!?]\s+)installed\s*[!.]",
                                   r"\b(?:is|are|'s) (?:now |already |all )?(?:set up |installed )?on your "
                                   r"(?:laptop|computer|machine|desktop|device|workstation)\b",
                                   r"(?<!be )(?<!to )(?<!can )(?<!you )(?<!will )(?<!'ll )\b(?:put|set up|deployed|pushed)\b[^.]{0,30}"
                                   r"\b(?:on|to|onto) your (?:laptop|computer|machine|desktop|device|workstation)\b",
                                   r"\binstallation (?:is|has) (?:now |been )?(?:complete|completed|finished|done)\b",
                                   r"\bready (?:to use |for you )?on your (?:laptop|computer|machine|desktop|workstation)\b"]}}
NO_PASSWORD_ASK = {"question": "Does the message avoid asking the employee to send or tell their password?",
                   "rule": {"none": [r"(?<!n't )(?<!never )(?<!not )(?<!no need to )(?<!'ll )(?<!will )\b(?:send|share|tell|give|"
                                     r"provide|reply|email|paste|let (?:me|us) (?:know|have))\b[^.!?\n]{0,30}\b(?:your|the) "
                                     r"(?:[\w-]+ )?password\b(?![^.!?\n]{0,40}\b(?:anyone|nobody|no one))",
                                     r"\b(?:what(?:'s| is| was) (?:your|the)|which) (?:[\w-]+ )?password\b",
                                     r"\b(?:I|we)(?:'ll| will)? need (?:your|the) (?:[\w-]+ )?password\b",
                                     r"\bconfirm\b[^.!?\n]{0,30}\bpassword\b[^.!?\n]{0,20}\b(?:reply|here|chat|message)\b"]}}


def ticket_fields(**kw):
    base = dict(type="task", priority="normal", tags=["license"], status="solved", approval_required=False,
                approval_status="not_required")
    base.update(kw)
    return base


def licenses() -> list[dict]:
    out = []
    p = emp(4201, "Amelia Clarke", "Financial Analyst", 3, "FIN", "toronto", "EMP-1043")
    out.append(task(
        "sl-001", "Finance analyst asks for a PDF editor licence from a pool with free seats",
        "Hi, I need a PDF editor to mark up contracts. Can I get PaperTrail?",
        {"name": p["name"], "email": p["email"]}, rows_for(p),
        [*identify(p), tool("list_licenses"), tool("get_employee_licenses", employee_id=p["id"]),
         create_ticket(p, "PaperTrail PDF Editor", "Licence request.", **ticket_fields(resolution="license_allocated")),
         tool("allocate_license", license_id="LIC-PDF", employee_id=p["id"])],
        "A PaperTrail PDF Editor licence has been allocated to you. You can now install it yourself from the "
        "Software Centre and sign in with your work account.",
        "Rule: Software Licences, pooled with a free seat: allocate, no approval (12 of 50 used). Installation is the "
        "employee's step: never claim it is installed. Ticket: task, normal, [license], license_allocated, solved.",
        [phrase("decision: allocated", ALLOCATED), phrase("install it themselves", r"Software Cent(?:re|er)")],
        ids_never("TCK-5001", p["id"], "LA-7001"), rubric=[NOT_INSTALLED]))
    p = emp(4202, "Mateo Rossi", "Industrial Designer", 3, "DSGN", "dublin", "EMP-1036")
    out.append(task(
        "sl-002", "Designer asks for a 3D modelling product that is bought per person at over $500 a year",
        "Hello, I need ShapeCraft 3D for the new card design prototypes. Can you set me up?",
        {"name": p["name"], "email": p["email"],
         "business justification": "Prototyping the new metal card designs in 3D."},
        rows_for(p),
        [*identify(p), tool("list_licenses"), tool("find_approver", employee_id=p["id"], role="manager"),
         tool("find_approver", employee_id=p["id"], role="director"),
         create_ticket(p, "ShapeCraft 3D", "Individual licence purchase request.", "Metal card 3D prototypes.",
                       **ticket_fields(resolution="pending_approval", status="pending", approval_required=True,
                                       approval_status="pending", approver_id="EMP-1036")),
         tool("create_approval_request", ticket_id="TCK-5001", requester_id=p["id"], approver_id="EMP-1036",
              approver_role="manager", step=1, target_kind="license", target_id="LIC-CAD", urgency="normal",
              justification="Metal card 3D prototypes."),
         tool("create_approval_request", ticket_id="TCK-5001", requester_id=p["id"], approver_id="EMP-1035",
              approver_role="director", step=2, target_kind="license", target_id="LIC-CAD", urgency="normal",
              justification="Metal card 3D prototypes.")],
        "ShapeCraft 3D is bought per person at $1,380.00 a year, which is over $500, so it needs two approvals: your "
        "manager Theo Marchetti (Design Manager) first, then Ayesha Khan (Head of Design). I've sent both requests; "
        "the licence is ordered when both approvals are in.",
        "Rule: Software Licences, individual purchase over $500: manager (step 1) then director (step 2). 1380 > 500. "
        "Director = nearest in the chain at level 7+: Theo Marchetti (6) -> Ayesha Khan (7). Urgency normal. Nothing "
        "ordered yet. Ticket: task, normal, [license], pending_approval, pending, approver EMP-1036.",
        [phrase("decision: waiting for approval", APPROVAL), phrase("manager", r"Theo Marchetti"),
         phrase("director", r"Ayesha Khan"), {"money": "1380.00", "label": "price per year"}],
        ids_never("TCK-5001", p["id"], "APR-7001", "APR-7002"), rubric=[NOT_INSTALLED]))
    p = emp(4203, "Leon Schulz", "Software Engineer", 3, "ENG", "austin", "EMP-1011")
    out.append(task(
        "sl-003", "Engineer asks for an IDE licence from a pool whose seats are all in use",
        "Hi, could I get a CodeForge IDE licence?", {"name": p["name"], "email": p["email"]}, rows_for(p),
        [*identify(p), tool("list_licenses"), tool("get_employee_licenses", employee_id=p["id"]),
         create_ticket(p, "CodeForge IDE", "Licence request; pool full.",
                       **ticket_fields(resolution="waitlisted", status="hold")),
         tool("add_to_waitlist", license_id="LIC-IDE", employee_id=p["id"])],
        "All CodeForge IDE seats are in use right now, so I've put you on the waitlist; you'll get a seat as soon as "
        "one frees up.",
        "Rule: Software Licences, pooled without a free seat: waitlist (60 of 60 used). Ticket: task, normal, "
        "[license], waitlisted, hold.",
        [phrase("decision: waitlisted", WAITLIST)], ids_never("TCK-5001", p["id"], "LA-7001")))
    p = emp(4204, "Isla Morgan", "UX Researcher", 3, "PROD", "austin", "EMP-1031")
    out.append(task(
        "sl-004", "Researcher asks for a survey tool bought per person at exactly $500 a year",
        "Hi! I need Pollster Research for customer surveys, please.",
        {"name": p["name"], "email": p["email"], "business justification": "Running the quarterly customer survey."},
        rows_for(p),
        [*identify(p), tool("list_licenses"), tool("find_approver", employee_id=p["id"], role="manager"),
         create_ticket(p, "Pollster Research", "Individual licence purchase request.", "Quarterly customer survey.",
                       **ticket_fields(resolution="pending_approval", status="pending", approval_required=True,
                                       approval_status="pending", approver_id="EMP-1031")),
         tool("create_approval_request", ticket_id="TCK-5001", requester_id=p["id"], approver_id="EMP-1031",
              approver_role="manager", step=1, target_kind="license", target_id="LIC-SURVEY", urgency="normal",
              justification="Quarterly customer survey.")],
        "Pollster Research is bought per person at $500.00 a year, so it needs your manager's approval only. I've sent "
        "the request to Clara Nilsen (Group Product Manager); we'll order it once she approves.",
        "Rule: Software Licences, individual at $500 or less ($500 included): manager only. Clara Nilsen (EMP-1031), "
        "step 1, urgency normal; no director. Ticket: task, normal, [license], pending_approval, pending, approver "
        "EMP-1031.",
        [phrase("decision: waiting for approval", APPROVAL), phrase("manager", r"Clara Nilsen"),
         {"money": "500.00", "label": "price per year"}],
        ids_never("TCK-5001", p["id"], "APR-7001"), rubric=[NOT_INSTALLED]))
    # contractors: only unlimited licences; the licence type is the decisive fact (sl-005 refused, sl-006 allocated)
    p = emp(4205, "Kasper Lind", "Data Engineer (contractor)", 3, "DATA", "dublin", "EMP-1021",
            employment_type="contractor", contract_end="2026-03-31")
    out.append(task(
        "sl-005", "Data contractor asks for a flowchart tool from a pool with free seats",
        "Hi, could I get Flowchart Pro? I need to draw the pipeline diagrams for the handover.",
        {"name": p["name"], "email": p["email"], "business justification": "Pipeline diagrams for the handover pack."},
        rows_for(p),
        [*identify(p), tool("list_licenses"),
         create_ticket(p, "Flowchart Pro", "Pooled licence request from a contractor.",
                       **ticket_fields(resolution="denied"))],
        "I'm sorry, I can't give you Flowchart Pro: it is a pooled licence, and contractors can only get licences "
        "that are unlimited, such as the Office Suite. I've recorded your request.",
        "Rule: Software Licences, who may get a paid licence: contractors get only unlimited licences; a pooled one is "
        "refused even with free seats (3 of 40 free). Only the ticket changes. Ticket: task, normal, [license], "
        "denied, solved, no approval.",
        [decision("declined", "decision: refused", because=["contractor"])], ids_never("TCK-5001", p["id"])))
    p = emp(4206, "Mirela Dragan", "Support Agent (contractor)", 2, "SUPP", "toronto", "EMP-1042",
            employment_type="contractor", contract_end="2025-12-31")
    out.append(task(
        "sl-006", "Support contractor asks for the office suite",
        "Hello, I need the Office Suite to write up call summaries. Can I have it?",
        {"name": p["name"], "email": p["email"]}, rows_for(p),
        [*identify(p), tool("list_licenses"), tool("get_employee_licenses", employee_id=p["id"]),
         create_ticket(p, "Office Suite", "Licence request.", **ticket_fields(resolution="license_allocated")),
         tool("allocate_license", license_id="LIC-OFFICE", employee_id=p["id"])],
        "An Office Suite licence has been allocated to you. You can install it yourself from the Software Centre.",
        "Rule: Software Licences: unlimited -> allocate, no approval; contractors may get unlimited licences (contrast "
        "sl-005, pooled -> refused). Installation is the employee's step. Ticket: task, normal, [license], "
        "license_allocated, solved.",
        [phrase("decision: allocated", ALLOCATED), phrase("install it themselves", r"Software Cent(?:re|er)")],
        ids_never("TCK-5001", p["id"], "LA-7001"), rubric=[NOT_INSTALLED]))
    return out


def accounts() -> list[dict]:
    p = emp(4301, "Tobias Keller", "Treasury Analyst", 3, "FIN", "toronto", "EMP-1043")
    steps = [*identify(p),
             create_ticket(p, "Compromised account", "Employee entered credentials on a phishing page.",
                           type="incident", priority="urgent", tags=["password"], owner="security",
                           resolution="credentials_reset", status="solved", approval_required=False,
                           approval_status="not_required"),
             tool("verify_identity", employee_id=p["id"], method="video_call"),
             tool("kill_sessions", employee_id=p["id"]),
             tool("reset_password", employee_id=p["id"]),
             tool("find_approver", employee_id=p["id"], role="security"),
             tool("send_notification", recipient_id="EMP-1006", kind="compromised_account", about_employee_id=p["id"],
                  subject="Compromised account secured", body="Credentials entered on a phishing page; sessions ended, "
                  "password reset.")]
    t = task("aa-001", "Treasury analyst typed their password into a fake sign-in page",
             "Help! I think I just entered my password on a fake login page from an email.",
             {"name": p["name"], "email": p["email"],
              "what happened": "Clicked a link in an email about a payroll change and typed my password on the page."},
             rows_for(p, employees=[]), steps,
             "Thanks for reporting it straight away. After verifying you by video call, I've signed you out of every "
             "session and reset your password; a one-time password is on its way to your registered phone. Our security "
             "team has been told so they can look into the email.",
             "Rule: Passwords and Accounts, compromised account: verify by the department's method (FIN -> video_call), "
             "end sessions, reset password, notify the security approver (EMP-1006). Ticket: incident, urgent, "
             "[password], owner security, credentials_reset, solved, no approval.",
             [phrase("sessions ended", r"sign(?:ed)? (?:you )?out|sessions?"), phrase("password reset", r"reset")],
             ids_never("TCK-5001", p["id"], "AUD-7001", "NTF-7001"), rubric=[NO_PASSWORD_ASK])
    return [t]


if __name__ == "__main__":
    write("software_licenses.json", "software_licences", "Software licences: unlimited and pooled allocation, waitlists, individual "
          "purchases with approvals by price, and never claiming an installation.", licenses())
    write("account_access.json", "account_access", "Account access: a compromised account secured by the written "
          "steps (the other password tasks, ts-022..027, are in troubleshooting.json).", accounts())
