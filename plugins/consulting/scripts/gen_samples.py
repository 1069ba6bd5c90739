"""Sample tasks of the families other helpers write in full (client access, folders,
onboarding, software, training, travel): each proves its family's tools and policy work end
to end. Writes tasks/<family>_samples.json.

    uv run python plugins/consulting/scripts/gen_samples.py
"""
from __future__ import annotations

from taskkit import (
    AWAITING, CONFLICT, DECLINED, GRANTED, call, date_range, day, decision, email_of, merge, money, name, on_date, person,
    staffing, task, ticket, write,
)

BOOKED = decision("booked", "decision: booked")


def client_access():
    out = []
    rows = merge(person("EMP-2101", "Nadia Hollis", "consultant", "operations", "london", "EMP-1104"),
                 staffing("STF-2101", "EMP-2101", "ENG-4103", start="2025-11-03", end="2026-04-24"))
    email = email_of(rows, "EMP-2101")
    out.append(task(
        "csa-001", "Consultant staffed on a standard client's engagement asks for one of its systems",
        "Hi, could you give me access to the Lakeshore POS Analytics system? I need it for my project.",
        {"email": email, "name": "Nadia Hollis", "system": "Lakeshore POS Analytics"},
        ["Say the work is for the Lakeshore store operations project if asked."],
        rows,
        [call("find_employee", email=email), call("list_staffing", employee_id="EMP-2101"),
         call("search_clients", name="Lakeshore"), call("list_system_access", employee_id="EMP-2101"),
         call("grant_system_access", employee_id="EMP-2101", system_id="SYS-301", engagement_id="ENG-4103"),
         ticket("U-2101", "client_access", "task", "normal", "fulfilled", "Access to Lakeshore POS Analytics",
                "Standard client, staffed active on the store operations engagement; access granted.")],
        "Done: you now have access to Lakeshore POS Analytics, tied to the Lakeshore store operations engagement.",
        [GRANTED, name("Lakeshore POS Analytics", "the system granted")],
        "Rule: Client Systems Access rule 6 (standard client). Staffed active on ENG-4103 (Lakeshore, standard, "
        "no conflict list), no access yet: grant SYS-301 tied to ENG-4103. Ticket task/normal/fulfilled/solved."))

    rows = merge(person("EMP-2102", "Owen Castellano", "senior_consultant", "strategy", "chicago", "EMP-1107"),
                 staffing("STF-2102", "EMP-2102", "ENG-4102", start="2026-02-02", end="2026-05-29"),
                 staffing("STF-2103", "EMP-2102", "ENG-4101", status="booked", start="2026-04-06", end="2026-06-30"),
                 {"ndas": [{"id": "NDA-2102", "employee_id": "EMP-2102", "client_id": "CLI-01", "status": "signed",
                            "sent_at": "2026-02-20T10:00:00Z", "signed_on": "2026-02-21"}]})
    email = email_of(rows, "EMP-2102")
    out.append(task(
        "csa-002", "Senior consultant booked on one pharmaceutical client while active on a rival asks for its data room",
        "Hello, I'm joining the Northgate work next month and need access to the Northgate Data Room.",
        {"email": email, "name": "Owen Castellano", "system": "Northgate Data Room"},
        ["If told access cannot be given, ask once why, then accept the answer."],
        rows,
        [call("find_employee", email=email), call("list_staffing", employee_id="EMP-2102"),
         call("search_clients", name="Northgate"), call("get_client", client_id="CLI-02"),
         ticket("U-2102", "client_access", "task", "normal", "declined", "Northgate Data Room access",
                "Conflict of interest with another client the employee is staffed on; declined.")],
        "I'm sorry, I can't give you access to the Northgate Data Room: a conflict of interest with other client "
        "work you are staffed on prevents it. Your staffing lead can help if that changes.",
        [DECLINED, CONFLICT],
        "Rule: Client Systems Access rule 2 (conflict of interest). Staffed (booked) on ENG-4101 (Northgate, CLI-01), "
        "so rule 1 passes; CLI-01 conflicts with CLI-02, on which he is staffed active (ENG-4102): decline without "
        "naming the other client, even though an NDA is signed. Nothing granted. Ticket task/normal/declined/solved.",
        never=[name("Ravelle", "the conflicting client")]))
    return out


def folders():
    out = []
    rows = person("EMP-2201", "Leah Brandt", "analyst", "strategy", "boston", "EMP-1101")
    email = email_of(rows, "EMP-2201")
    out.append(task(
        "fld-001", "Analyst asks to read an internal practice folder",
        "Hi! Can I get into the Strategy Practice Library folder?",
        {"email": email, "name": "Leah Brandt", "access level": "Read access is enough."},
        [], rows,
        [call("find_employee", email=email), call("search_folders", name="Strategy Practice"),
         call("get_folder", folder_id="FLD-102"),
         call("grant_folder_access", folder_id="FLD-102", employee_id="EMP-2201", level="read"),
         ticket("U-2201", "folders", "task", "normal", "fulfilled", "Read access to Strategy Practice Library",
                "Internal folder, read level: granted directly.")],
        "You now have read access to the Strategy Practice Library folder.",
        [GRANTED, name("read", "the level granted")],
        "Rule: Document Folders rule 5 (internal folder, read): grant read directly, no approval. "
        "Ticket task/normal/fulfilled/solved."))

    rows = merge(person("EMP-2202", "Marco Liang", "consultant", "strategy", "boston", "EMP-1101"),
                 {"folders": [{"id": "FLD-111", "name": "Strategy Proposal Archive", "classification": "internal",
                               "client_id": None, "owner_id": "EMP-1108"}]})
    email = email_of(rows, "EMP-2202")
    out.append(task(
        "fld-002", "Consultant asks to edit an internal folder whose owner is on leave",
        "Hi, I need to update some proposals in the Strategy Proposal Archive. Can you set me up?",
        {"email": email, "name": "Marco Liang", "access level": "I need to edit files there."},
        [], rows,
        [call("find_employee", email=email), call("search_folders", name="Proposal Archive"),
         call("get_folder", folder_id="FLD-111"), call("find_employee", employee_id="EMP-1108"),
         call("find_employee", employee_id="EMP-1105"),
         call("request_approval", kind="folder_access", requester_id="EMP-2202", approver_id="EMP-1105",
              subject_id="FLD-111", note="Edit access to Strategy Proposal Archive"),
         ticket("U-2202", "folders", "task", "normal", "awaiting_approval", "Edit access to Strategy Proposal Archive",
                "Edit needs the owner's approval; owner on leave, sent to the delegate.")],
        "Edit access to the Strategy Proposal Archive needs the folder owner's approval. I have sent the approval "
        "request to Camille Fournier; you will get access once she approves.",
        [AWAITING, name("Camille Fournier", "the approver")],
        "Rule: Document Folders rule 3 (edit needs the owner's approval) with Approvals step 2 (owner EMP-1108 is "
        "on leave; delegate EMP-1105 is active). One folder_access approval to EMP-1105, no amount; nothing granted. "
        "Ticket task/normal/awaiting_approval/pending."))
    return out


def onboarding():
    joiner = person("EMP-2301", "Freya Lindqvist", "analyst", "operations", "london", "EMP-1104",
                    start=day(4), status="onboarding")
    items = [{"id": f"ONB-2301{i}", "employee_id": "EMP-2301", "item": item, "status": "pending"}
             for i, item in enumerate(["accounts", "badge", "laptop", "mandatory_courses", "expense_tool",
                                       "crm_access"], start=1)]
    rows = merge(joiner, {"onboarding_items": items})
    email = "gareth.lloyd@ashgrove.example"
    return [task(
        "onb-001", "Manager asks to prepare a London analyst who starts in four days",
        "Hi, my new analyst Freya Lindqvist joins us shortly. Can you get her set up?",
        {"email": email, "name": "Gareth Lloyd", "joiner": "Freya Lindqvist, freya.lindqvist@ashgrove.example"},
        [], rows,
        [call("find_employee", email=email), call("find_employee", email="freya.lindqvist@ashgrove.example"),
         call("get_onboarding_checklist", employee_id="EMP-2301"),
         call("complete_onboarding_item", item_id="ONB-23011"), call("complete_onboarding_item", item_id="ONB-23012"),
         call("check_inventory", office="london", kind="laptop"),
         call("reserve_device", device_id="DEV-5201", employee_id="EMP-2301"),
         call("complete_onboarding_item", item_id="ONB-23013"),
         ticket("U-1104", "onboarding", "task", "normal", "fulfilled", "Onboarding of Freya Lindqvist",
                "Start in 4 days: accounts, badge, laptop reserved; courses from the start date.")],
        f"Freya's accounts and badge are ready and a ThinkPad T14 is reserved for her in London. Her mandatory "
        f"courses will be set up from her start date, {day(4)}, and the expense tool and CRM access from {day(11)}.",
        [name("ThinkPad T14", "the laptop reserved"), on_date(day(4), "courses from the start date"),
         on_date(day(11), "expense tool and CRM from day 7")],
        f"Rule: Onboarding windows. Start {day(4)} is 4 days away: accounts, badge and laptop are due (from day 5 "
        "before), mandatory courses from day 0, expense tool and CRM from day 7 after. Operations practice -> "
        "ThinkPad T14; London stock lowest id in stock DEV-5201: reserve (before the start). Requester is the "
        "manager (U-1104). Priority: 4 days away is more than 3 -> normal. Ticket task/normal/fulfilled/solved.")]


def software():
    rows = merge(person("EMP-2401", "Tariq Haddad", "consultant", "technology", "chicago", "EMP-1106"),
                 staffing("STF-2401", "EMP-2401", "ENG-4104"))
    email = email_of(rows, "EMP-2401")
    return [task(
        "sw-001", "Consultant on an active engagement asks for a paid analytics tool costing over the tier line",
        "Hey, I'd like a Tableau Creator licence for my client work please.",
        {"email": email, "name": "Tariq Haddad", "engagement": "The Corvid network redesign."},
        [], rows,
        [call("find_employee", email=email), call("search_software", name="Tableau"),
         call("list_licences", employee_id="EMP-2401"), call("list_staffing", employee_id="EMP-2401"),
         call("request_approval", kind="software", requester_id="EMP-2401", approver_id="EMP-1106",
              subject_id="SW-102", amount=900),
         call("request_approval", kind="software", requester_id="EMP-2401", approver_id="EMP-1002",
              subject_id="SW-102", amount=900),
         ticket("U-2401", "software", "task", "normal", "awaiting_approval", "Tableau Creator licence",
                "Associate band, $900 title: manager and engagement partner approvals.")],
        "Tableau Creator costs $900.00 a year, so it needs the approval of your manager, Diego Alvarez, and of "
        "the engagement partner, Rafael Okonkwo. I've sent both requests; the licence will be assigned once they approve.",
        [AWAITING, money(900, "annual cost"), name("Diego Alvarez", "first approver"), name("Rafael Okonkwo", "second approver")],
        "Rule: Software rule 5 (associate band, $500.00 or more: manager and engagement partner). Staffed active on "
        "ENG-4104 (partner EMP-1002); seats 0/5 used; manager EMP-1106. Two software approvals with amount 900; "
        "nothing assigned. Ticket task/normal/awaiting_approval/pending.")]


def training():
    rows = merge(person("EMP-2501", "Ines Moreau", "consultant", "technology", "chicago", "EMP-1107",
                        budget=(3000, 400)),
                 staffing("STF-2501", "EMP-2501", "ENG-4104"))
    email = email_of(rows, "EMP-2501")
    out = task(
        "trn-001", "Consultant on an active engagement asks for an external course during the engagement",
        "Hi, I'd like to sign up for the Certified Scrum Product Owner course in April.",
        {"email": email, "name": "Ines Moreau"},
        [], rows,
        [call("find_employee", email=email), call("search_courses", title="Scrum"),
         call("get_training_record", employee_id="EMP-2501"), call("list_staffing", employee_id="EMP-2501"),
         {"say": "The Certified Scrum Product Owner course (13-14 April) costs $1,450.00, which is taken from your "
                 "training budget: $1,150.00 would be left for the year. Would you like me to go ahead?"},
         call("request_approval", kind="training", requester_id="EMP-2501", approver_id="EMP-1107",
              subject_id="CRS-201", amount=1450),
         call("request_approval", kind="training", requester_id="EMP-2501", approver_id="EMP-1106",
              subject_id="CRS-201", amount=1450),
         ticket("U-2501", "training", "task", "normal", "awaiting_approval", "Certified Scrum Product Owner",
                "External course under $1,500 overlapping an active engagement: manager and engagement manager.")],
        "The Certified Scrum Product Owner course costs $1,450.00, which fits the $2,600.00 left in your budget. Because it is "
        "external and falls during your Corvid engagement, it needs approval from your manager, Hannah Kowalczyk, "
        "and the engagement manager, Diego Alvarez. I've sent both requests and will enrol you once they approve.",
        [AWAITING, money(1450, "course cost"), money(2600, "budget left"), name("Hannah Kowalczyk", "manager"),
         name("Diego Alvarez", "engagement manager")],
        "Rule: Training rule 6 (external course under $1,500.00: manager; overlapping an active engagement: also the "
        "engagement manager). CRS-201 2026-04-13..14 overlaps ENG-4104 (2026-01-05..2026-07-31, staffing active). "
        "Budget left 2600 >= 1450; seats 6; no prerequisite. Approvals to EMP-1107 and EMP-1106, amount 1450; not "
        "enrolled. The cost and the $1,150.00 that would be left are told, and the employee agrees, before the "
        "requests (Training, The employee's agreement). Ticket task/normal/awaiting_approval/pending.")
    out["user_decisions"] = [{"about": "enrol in the course or request its approval", "answer": "yes",
                              "reply": "Yes, please go ahead.", "after": ["$"]}]
    out["says"]["states_before"] = [{**money(1450, "course cost"), "before": "request_approval"},
                                    {**money(1150, "budget left after"), "before": "request_approval"}]
    out["says"]["agreement"] = [{"before": "request_approval"}]
    return [out]


def travel():
    rows = merge(person("EMP-2601", "Jonas Weber", "consultant", "technology", "boston", "EMP-1106"),
                 staffing("STF-2601", "EMP-2601", "ENG-4104"))
    email = email_of(rows, "EMP-2601")
    return [task(
        "trv-001", "Consultant asks for a short client trip exactly two weeks ahead",
        "Hi, please book my trip to Chicago for the Corvid work.",
        {"email": email, "name": "Jonas Weber", "dates": f"Leaving {day(14)}, back {day(17)}.",
         "flight": "About 2.5 hours each way, economy is fine.", "hotel": "The hotel near their office is $189 a night.",
         "from": "Boston"},
        [], rows,
        [call("find_employee", email=email), call("list_staffing", employee_id="EMP-2601"),
         call("create_travel_request", employee_id="EMP-2601", engagement_id="ENG-4104", origin="boston",
              destination="chicago", depart_on=day(14), return_on=day(17), cabin="economy", flight_hours=2.5,
              hotel_nightly_rate=189, needs_approval=False),
         ticket("U-2601", "travel", "task", "normal", "fulfilled", "Trip to Chicago for Corvid",
                "14 days' notice (enough for the associate band), 3 nights, economy, hotel under cap: booked.")],
        f"Your trip is booked: Boston to Chicago in economy, leaving {day(14)} and returning {day(17)}, with the "
        "hotel at $189.00 a night.",
        [BOOKED, date_range(day(14), day(17)), name("economy", "cabin")],
        f"Rule: Travel rule 2 boundary: departure {day(14)} is exactly 14 days away, enough notice for the associate "
        "band; 3 nights (< 7); $189 <= $200 cap; economy. Staffed active on ENG-4104: booked without approval. "
        "Ticket task/normal/fulfilled/solved.")]


if __name__ == "__main__":
    write("client_access_samples.json", "client_access", "Client-system access: staffing, conflicts, NDAs, approvals.",
          client_access())
    write("folders_samples.json", "folders", "Document folder permissions by classification.", folders())
    write("onboarding_samples.json", "onboarding", "Onboarding checklists by start date.", onboarding())
    write("software_samples.json", "software", "Software licences by cost, band, seats and engagement.", software())
    write("training_samples.json", "training", "Training enrolments, budgets, prerequisites and approvals.", training())
    write("travel_samples.json", "travel", "Business travel: cabin, hotel cap, notice and approval.", travel())
