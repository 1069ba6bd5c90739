"""The policy-question family (tasks/policy_questions.json): information-only answers, stated
to the employee and recorded on a question ticket; nothing else changes. Several answers depend
on the employee's own data (department, contract end, device age, level). The sample pq-001
stays in policy_questions_samples.json; ids continue at pq-002.

    uv run python plugins/neobank/scripts/gen_policy_questions.py
"""
from __future__ import annotations

from taskkit import create_ticket, decision, device, emp, identify, ids_never, rows_for, task, text, tool, write

JUST_ASKING = "You only want to know; if the agent offers to request or change anything, decline: not now."
NOTHING_DONE = {"question": "Does the message avoid saying that something was requested, ordered, granted or added "
                            "for the employee?",
                "rule": {"none": [r"\b(?:I|we)(?:'ve| have)? (?:now |also |just |already |gone ahead and |went ahead and )?"
                                  r"(?:requested|ordered|granted|added|sent|raised|submitted|put in|set (?:(?:one|it) )?up|asked)\b",
                                  r"\b(?:I|we)(?:'ve| have)? (?:logged|started|opened|created) (?:an? |the )?(?:[\w-]+ )?"
                                  r"(?:request|refresh|order)\b",
                                  r"(?:^|[.!?;:,])(?!\s*(?:(?:so|and|but) )?(?:no|nothing|none)\b)[^.!?;:,]*?"
                                  r"(?:\bhas|\bhave|'ve|'s) (?:now |already )?been "
                                  r"(?:requested|ordered|granted|added|approved|raised|submitted|created|logged|started)\b",
                                  r"\byou(?:'ve got| (?:now |already )?(?:have|got)) (?:[\w-]+ )?access\b"]}}


def question(p: dict, subject: str) -> dict:
    return create_ticket(p, subject, "Policy question answered; nothing else done.", type="question", priority="low",
                         tags=["policy_question"], resolution="info_provided", status="solved")


def q(tid, title, p, request, reads, subject, final, notes, states, extra_never=(), rows=None, rubric=None,
      facts=None, never=()):
    return task(tid, title, request, {"name": p["name"], "email": p["email"], **(facts or {})}, rows or rows_for(p),
                [*identify(p), *reads, question(p, subject)], final,
                notes + " Question only. Ticket: question, low, [policy_question], info_provided, solved.",
                states, [*ids_never("TCK-5001", p["id"], *extra_never), *never], behavior=[JUST_ASKING], rubric=rubric)


def tasks() -> list[dict]:
    out = []
    p = emp(4702, "Ewa Kowalczyk", "Credit Risk Analyst", 3, "RISK", "dublin", "EMP-1051")
    out.append(q(
        "pq-002", "Risk analyst asks how her identity would be checked if her account were compromised", p,
        "Out of curiosity: if my account ever got hacked, how would you check it's really me before fixing it?",
        [], "Identity verification method",
        "If your account were compromised, we'd verify your identity by video call, which is the method for the Risk "
        "department, before ending your sessions and resetting your password.",
        "Rule: Passwords, verification method by department: RISK -> video_call.",
        [text("method", "video call", "video")]))

    p = emp(4703, "Jonas Weber", "Product Designer (contractor)", 3, "PROD", "austin", "EMP-1031",
            employment_type="contractor", contract_end="2025-12-19")
    out.append(q(
        "pq-003", "Product contractor asks how long task-tracker access would last for him", p,
        "Hi, if I get access to Trackline, how long would it last?",
        [tool("list_applications")], "Trackline access length for a contractor",
        "As a contractor, your Trackline access would be temporary and end with your contract: it would expire at the "
        "end of 19 December 2025 (23:59:59 UTC), unless you asked for a shorter period.",
        "Rule: Application Access, employment status limits: a contractor's G2 access is temporary and expires at the "
        "end of the contract end date (2025-12-19 from HR), or earlier if a shorter period is asked (none asked). "
        "PROD x Trackline = D (no approval).",
        [{"date": "2025-12-19", "label": "expiry = contract end", "role": "expiry"}]))

    p = emp(4704, "Kenji Mori", "Site Reliability Engineer", 4, "ENG", "dublin", "EMP-1012")
    out.append(q(
        "pq-004", "Engineer asks what happens during a SEV2 if his manager cannot be reached", p,
        "Quick one: during a SEV2, if I need production access and my manager can't be reached, what happens?",
        [], "Incident access when the manager is unreachable",
        "For a SEV2, if your manager is unreachable or out of office, we break the glass: you get the access at once "
        "for 24 hours, and the Security Access Review Lead and your manager are notified afterwards. If your manager "
        "is available, their approval (verbal is fine) comes first.",
        "Rule: Production Access During Incidents, SEV2 with the manager unreachable or out of office: break-glass, "
        "24 hours, break_glass_notice to the security approver and the manager.",
        [{"duration": [24, "hour"], "label": "24 hours of access"},
         text("break-glass", "break-glass", "break glass", "breaking the glass", "break the glass", "emergency access")]))

    p = emp(4705, "Laura Bianchi", "Product Manager", 4, "PROD", "toronto", "EMP-1031")
    lap = device("AST-6705", "CAT-LAP-2", "laptop", "Orbit 13", 1080, p["id"], "toronto")
    out.append(q(
        "pq-005", "Product manager asks whether her laptop, bought 1,080 days ago, is old enough for a refresh", p,
        "Is my laptop old enough to be replaced yet?",
        [tool("get_employee_devices", employee_id=p["id"])], "Laptop refresh eligibility",
        "Yes: your Orbit 13 is 36 months old (whole 30-day months since purchase), and laptops can be refreshed from "
        "36 months, so it is eligible for a refresh whenever you want one.",
        "Rule: Hardware, refresh threshold included: 1080 days -> floor(1080/30) = 36 months >= 36 -> eligible.",
        [{"duration": [36, "month"], "label": "the laptop's age", "role": "age"},
         decision("granted", "decision: eligible", answer=True)],
        extra_never=["AST-6705"], rows=rows_for(p, assets=[lap]), rubric=[NOTHING_DONE]))

    p = emp(4706, "Omar Farouk", "Business Analyst", 3, "PROD", "toronto", "EMP-1031")
    lap = device("AST-6706", "CAT-LAP-2", "laptop", "Orbit 13", 1079, p["id"], "toronto")
    out.append(q(
        "pq-006", "Business analyst asks whether his laptop, bought 1,079 days ago, is old enough for a refresh", p,
        "Is my laptop old enough to be swapped for a new one?",
        [tool("get_employee_devices", employee_id=p["id"])], "Laptop refresh eligibility",
        "Not yet: your Orbit 13 is 35 months old (whole 30-day months since purchase), and laptops are refreshed from "
        "36 months. Before then, a refresh needs your manager's approval, with a business justification.",
        "Rule: Hardware, refresh threshold: 1079 days -> floor(1079/30) = 35 months < 36 -> not yet (justification + "
        "manager otherwise). Contrast pq-005 (1080 days).",
        [{"duration": [35, "month"], "label": "the laptop's age", "role": "age"},
         {"duration": [36, "month"], "label": "the refresh threshold", "role": "threshold"},
         decision("pending_approval", "decision: only with a justification and the manager's approval", answer=True)],
        extra_never=["AST-6706"], rows=rows_for(p, assets=[lap]), rubric=[NOTHING_DONE]))

    p = emp(4707, "Sara Lindholm", "UX Researcher", 3, "PROD", "austin", "EMP-1031")
    out.append(q(
        "pq-007", "Researcher asks who would have to approve a transcription tool bought per person", p,
        "Who would need to approve VoxScribe Transcription for me, if I asked for it?",
        [tool("list_licenses"), tool("find_approver", employee_id=p["id"], role="manager")],
        "Approval for VoxScribe Transcription",
        "VoxScribe Transcription is bought per person at $480.00 a year, which is $500 or less, so only your manager, "
        "Clara Nilsen (Group Product Manager), would need to approve it.",
        "Rule: Software Licences, individual: $500 or less -> the manager only (480 <= 500); manager EMP-1031.",
        [text("approver", "Clara Nilsen"), {"money": "480.00", "label": "price per year", "role": "price"}],
        extra_never=["EMP-1031"]))

    p = emp(4708, "Nils Andersson", "Lead Data Scientist", 5, "DATA", "toronto", "EMP-1021")
    out.append(q(
        "pq-008", "Lead data scientist asks which approvals write access to the code repository would take", p,
        "What approvals would I need to get write access to the Code Repository?",
        [tool("list_applications"), tool("find_approver", employee_id=p["id"], role="security")],
        "Approvals for Code Repository write",
        "For you the Code Repository can be requested with approval, and at your level it needs only the security "
        "approval, from Marcus Feld, our Security Access Review Lead; your manager's approval isn't needed.",
        "Rule: Application Access: DATA x Code Repository = M (G3); G3 chain for levels 5 to 7 = security only -> "
        "Marcus Feld (EMP-1006). Level 5 is the lower bound of that band (levels 1-4 would add the manager).",
        [text("approver", "Marcus Feld", "Security Access Review Lead")],
        never=[text("not an approver here: the manager", "Oskar Brandt")]))

    p = emp(4709, "Zoe Carter", "Product Manager", 4, "PROD", "austin", "EMP-1031")
    out.append(q(
        "pq-009", "Product manager asks whether she could ever get production database access", p,
        "Could I ever get read access to the Production Database in my role? Just asking for a planning doc.",
        [tool("list_applications")], "Production Database for Product",
        "No: the Production Database is forbidden for the Product department, at any level, so you can't get it, "
        "with or without approval.",
        "Rule: Application Access, department matrix: PROD x Production Database = F (forbidden, refused).",
        [decision("declined", "decision: not allowed", answer=True)]))

    p = emp(4710, "Helena Brooks", "VP People Operations", 8, "PPL", "toronto", "EMP-1060")
    out.append(q(
        "pq-010", "Level-8 people executive asks whether the revenue dashboard would need an approval", p,
        "Would I need anyone's approval to see the Revenue and Margin Dashboard?",
        [tool("list_groups", kind="dashboard")], "Approval for the Revenue and Margin Dashboard",
        "No: as an executive you would get the Revenue and Margin Dashboard without approval. It holds financial "
        "data, and that rule applies only to employees below executive level.",
        "Rule: BI Dashboards, first line that applies: not own department (FIN), not internal, not compliance; "
        "executive (level 8) -> no approval, before the financial line (head of finance).",
        [decision("no_approval_needed", "decision: no approval", answer=True)], rubric=[NOTHING_DONE]))
    return out


if __name__ == "__main__":
    write("policy_questions.json", "policy_questions", "Policy questions: information-only answers from the written policy and "
          "the employee's own data, stated and recorded on a question ticket.", tasks())
