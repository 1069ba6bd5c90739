"""Sample tasks of the families other helpers extend (tasks/<family>_samples.json). Run once to
create the files; after that the JSON files are the source (this script refuses to overwrite)."""
from __future__ import annotations

import sys

from taskkit import (
    APPROVAL, TASKS_DIR, create_ticket, emp, identify, ids_never, phrase, rows_for, tool, write, task,
)


def access() -> list[dict]:
    p = emp(3101, "Nikolai Ferreira", "Software Engineer", 3, "ENG", "austin", "EMP-1011")
    solution = [*identify(p), tool("check_access", employee_id=p["id"]), tool("list_applications"),
                tool("find_approver", employee_id=p["id"], role="manager"),
                tool("find_approver", employee_id=p["id"], role="security"),
                create_ticket(p, "Analytics Studio write access", "Engineer asks for write access to Analytics Studio.",
                              "Builds payment-failure reports for the payments team.",
                              type="task", priority="normal", tags=["access"], resolution="pending_approval",
                              status="pending", approval_required=True, approval_status="pending",
                              approver_id="EMP-1011"),
                tool("create_approval_request", ticket_id="TCK-5001", requester_id=p["id"], approver_id="EMP-1011",
                     approver_role="manager", step=1, target_kind="application", target_id="APP-STUDIO",
                     access_level="write", urgency="normal", justification="Payment-failure reports."),
                tool("create_approval_request", ticket_id="TCK-5001", requester_id=p["id"], approver_id="EMP-1006",
                     approver_role="security", step=2, target_kind="application", target_id="APP-STUDIO",
                     access_level="write", urgency="normal", justification="Payment-failure reports.")]
    t1 = task("ac-001", "Level-3 engineer asks for write access to a G3 analytics tool",
              "Hi, could I get write access to Analytics Studio? I need to build some reports.",
              {"name": "Nikolai Ferreira", "email": "nikolai.ferreira@tidewell.example",
               "business justification": "I build the payment-failure reports for the payments team."},
              rows_for(p), solution,
              "I've requested write access to Analytics Studio for you. It needs two approvals: first your manager, "
              "Luis Ortega (Engineering Manager, Payments), then Marcus Feld, our Security Access Review Lead. "
              "You'll get access as soon as both have approved.",
              "Rule: Application Access, G3 chain for levels 1-4: manager (step 1) then security (step 2). ENG x "
              "Analytics Studio = M. Level 3 -> Luis Ortega (EMP-1011) then Marcus Feld (EMP-1006); urgency = ticket "
              "priority normal (task). Ticket: task, normal, [access], pending_approval, pending, approver step 1.",
              [phrase("decision: waiting for approval", APPROVAL), phrase("first approver", r"Luis Ortega"),
               phrase("second approver", r"Marcus Feld|Security Access Review")],
              ids_never("TCK-5001", p["id"], "APR-7001", "APR-7002"))
    return [t1]


def incident() -> list[dict]:
    p = emp(3201, "Amara Lindgren", "Senior Software Engineer", 4, "ENG", "austin", "EMP-1011")
    solution = [*identify(p), tool("verify_incident", incident_id="INC-0411"), tool("check_access", employee_id=p["id"]),
                create_ticket(p, "Production DB read for INC-0411", "Engineer needs production database read access "
                              "for the card payments outage.", type="incident", priority="urgent",
                              tags=["production_access", "temporary_access"], resolution="access_granted",
                              status="solved", expiry="2025-10-02T13:00:00Z", severity="SEV1", impact="outage"),
                tool("provision_access", employee_id=p["id"], app_id="APP-PRODDB", access_level="read",
                     expires_at="2025-10-02T13:00:00Z", basis="incident", incident_id="INC-0411"),
                tool("find_approver", employee_id=p["id"], role="manager"),
                tool("find_approver", employee_id=p["id"], role="security"),
                tool("send_notification", recipient_id="EMP-1011", kind="incident_access_notice",
                     about_employee_id=p["id"], subject="Incident access granted",
                     body="Production Database read access for INC-0411, 24 hours."),
                tool("send_notification", recipient_id="EMP-1006", kind="incident_access_notice",
                     about_employee_id=p["id"], subject="Incident access granted",
                     body="Production Database read access for INC-0411, 24 hours.")]
    t1 = task("ia-001", "Engineer on a SEV1 outage asks for read access to the production database",
              "I'm on the card payments outage bridge and I need read access to the production database right now.",
              {"name": "Amara Lindgren", "email": "amara.lindgren@tidewell.example", "incident": "INC-0411",
               "access level": "read"},
              rows_for(p), solution,
              "Done: you have read access to the Production Database for INC-0411 until 2 October 2025 at 13:00 UTC "
              "(24 hours). Your manager and the Security Access Review Lead have been notified.",
              "Rule: Production Access During Incidents, SEV1: grant at once for 24 h (2025-10-02T13:00:00Z, basis "
              "incident) and notify the manager and the security approver. ENG x Production Database = M. Ticket: "
              "incident, urgent, [production_access, temporary_access], access_granted, solved, no approval, expiry, "
              "SEV1, outage.",
              [{"date": "2025-10-02", "label": "access expiry"}, phrase("granted", r"\b(?:granted|have|has|given)\b")],
              ids_never("TCK-5001", p["id"], "ACC-7001"))
    return [t1]


def troubleshooting() -> list[dict]:
    p = emp(3301, "Yusuf Demir", "Customer Support Specialist", 2, "SUPP", "austin", "EMP-1042")
    solution = [*identify(p),
                create_ticket(p, "VPN does not connect", "VPN client fails to connect; documented steps given.",
                              type="incident", priority="normal", tags=["troubleshooting"], resolution="troubleshooting",
                              status="hold")]
    t1 = task("ts-001", "Support specialist's VPN stopped connecting this morning",
              "Hi, my VPN won't connect since this morning. Can you help?",
              {"name": "Yusuf Demir", "email": "yusuf.demir@tidewell.example",
               "what you tried": "Nothing yet."},
              rows_for(p), solution,
              "Let's try the standard fix first: quit and restart the VPN client, make sure your laptop's date and "
              "time are set automatically, then sign in again. I've put your request on hold; if it still doesn't "
              "connect, just reply and we'll take it further.",
              "Rule: Troubleshooting, troubleshoot first: documented VPN steps, ticket on hold (troubleshooting). "
              "Ticket: incident, normal, [troubleshooting], troubleshooting, hold, it_support, no approval.",
              [phrase("restart the client", r"\brestart\w*"), phrase("date and time", r"date and time|clock")],
              ids_never("TCK-5001", p["id"]))
    return [t1]


def questions() -> list[dict]:
    p = emp(3401, "Lucia Moreau", "Product Manager", 4, "PROD", "toronto", "EMP-1031")
    solution = [*identify(p),
                create_ticket(p, "Laptop refresh age", "Asked when a laptop can be refreshed.", type="question",
                              priority="low", tags=["policy_question"], resolution="info_provided", status="solved")]
    t1 = task("pq-001", "Product manager asks how old a laptop must be before it is refreshed",
              "Quick question: how old does my laptop have to be before I can get a new one?",
              {"name": "Lucia Moreau", "email": "lucia.moreau@tidewell.example"},
              rows_for(p), solution,
              "A laptop can be refreshed once it is 36 months old or more, counting whole 30-day months from its "
              "purchase date. Earlier than that, a refresh needs a business justification and your manager's approval.",
              "Rule: Hardware, refresh: laptops at 36 months or more. Question only. Ticket: question, low, "
              "[policy_question], info_provided, solved.",
              [phrase("threshold", r"\b36\b|thirty-six")], ids_never("TCK-5001", p["id"]))
    return [t1]


def compliance() -> list[dict]:
    p = emp(3501, "Hugo Lambert", "Senior Risk Analyst", 5, "RISK", "dublin", "EMP-1051")
    solution = [*identify(p), tool("list_groups", kind="dashboard"), tool("get_user_groups", employee_id=p["id"]),
                tool("find_approver", employee_id=p["id"], role="compliance_head"),
                create_ticket(p, "AML Alerts Dashboard", "Risk analyst asks for the AML Alerts Dashboard.",
                              "Model validation of AML alert thresholds.",
                              type="task", priority="normal", tags=["compliance"], resolution="pending_approval",
                              status="pending", approval_required=True, approval_status="pending",
                              approver_id="EMP-1004"),
                tool("create_approval_request", ticket_id="TCK-5001", requester_id=p["id"], approver_id="EMP-1004",
                     approver_role="compliance_head", step=1, target_kind="group", target_id="GRP-DB-AML",
                     urgency="normal", justification="AML threshold model validation.")]
    t1 = task("cd-001", "Risk analyst asks for the AML alerts dashboard owned by Compliance",
              "Hello, I need access to the AML Alerts Dashboard please.",
              {"name": "Hugo Lambert", "email": "hugo.lambert@tidewell.example",
               "business justification": "I'm validating the AML alert threshold model."},
              rows_for(p), solution,
              "The AML Alerts Dashboard holds compliance data, so it needs the approval of Gideon Mbeki, our Chief "
              "Compliance Officer. I've sent him the request; you'll be added as soon as he approves.",
              "Rule: BI Dashboards, compliance sensitivity: head of compliance for every level. RISK employee, "
              "dashboard owned by CMPL -> Gideon Mbeki (EMP-1004). Ticket: task, normal, [compliance], "
              "pending_approval, pending, approver EMP-1004.",
              [phrase("decision: waiting for approval", APPROVAL), phrase("approver", r"Gideon Mbeki|Chief Compliance")],
              ids_never("TCK-5001", p["id"], "APR-7001"))
    return [t1]


FILES = {"access_samples.json": ("tool_access", "Tool and dashboard access (samples).", access),
         "incident_access_samples.json": ("incident_access", "Production access during incidents (samples).",
                                          incident),
         "troubleshooting_samples.json": ("troubleshooting", "Troubleshooting (samples).", troubleshooting),
         "policy_questions_samples.json": ("policy_questions", "Policy questions (samples).", questions),
         "compliance_access_samples.json": ("compliance_dashboards", "Compliance data access (samples).",
                                            compliance)}

if __name__ == "__main__":
    force = "--force" in sys.argv
    for name, (family, description, build) in FILES.items():
        if (TASKS_DIR / name).exists() and not force:
            print(f"{name} exists; skipped")
            continue
        write(name, family, description, build())
