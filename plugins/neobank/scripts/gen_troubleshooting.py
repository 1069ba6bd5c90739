"""The troubleshooting family (tasks/troubleshooting.json): troubleshoot first with hold, unlisted
issues escalated at once, follow-ups on a held ticket (fixed, escalated, device replaced under
"Hardware"), password situations (forgotten, locked, compromised with the verification method by
department) and requests that must be refused. The sample ts-001 stays in
troubleshooting_samples.json; ids continue at ts-002.

    uv run python plugins/neobank/scripts/gen_troubleshooting.py
"""
from __future__ import annotations

import copy

from build_hardware import ABOUT, AFTER, HAND_IN, STOCK_MODELS
from taskkit import (
    APPROVAL, DENIED, LOANER, ORDERED, assignment, create_ticket, decision, device, emp, identify, ids_never,
    old_ticket, phrase, rows_for, task, text, tool, update_ticket, write,
)

SECURITY = "EMP-1006"
ESCALATED = r"\bIT Op(?:eration)?s\b|\bescalat\w*"
HOLD = r"\bhold\b|\b(?:reply|write back|let (?:me|us) know|get back to)\b"

NOT_FIXED = {"question": "Does the message avoid claiming that the problem has already been fixed or resolved?",
             "rule": {"none": [r"\b(?:is|was|(?<!n't )(?<!not )been) (?:now )?"
                               r"(?:fixed|resolved|repaired|sorted|taken care of|dealt with)\b",
                               r"(?<!until )(?<!once )(?<!when )(?<!after )\b(?:I|we|they|IT Op(?:eration)?s)(?:'ve| have| has)? "
                               r"(?:now |already )?(?:fixed|resolved|repaired|sorted)\b",
                               r"\bshould now (?:be )?(?:working|fixed)\b", r"\bshould be (?:working|fixed) (?:again )?now\b",
                               r"\b(?:is|are) (?:now )?(?:working|syncing|connecting) (?:again|properly|normally|fine)\b",
                               r"\bworks (?:again )?now\b",
                               r"\b(?:closed|marked)\b[^.]{0,20}\bas (?:resolved|solved|fixed)\b",
                               r"(?:^|[.!?]\s+)(?:all )?(?:fixed|sorted|resolved)\s*[!.]"]}}
NO_NEW_DEVICE = {"question": "Does the message avoid saying that a new laptop has been given, ordered or approved?",
                 "rule": {"none": [r"(?:^|[.!?;:,])(?!\s*(?:(?:so|and|but) )?(?:no|nothing|none)\b)[^.!?;:,]*?"
                                   r"(?:\bhas|\bhave|'ve|'s) (?:now |already )?been "
                                   r"(?:assigned|shipped|ordered|dispatched|approved|reserved)\b",
                                   r"\b(?:I|we)(?:'ve| have)? (?:now |also |just |already )?"
                                   r"(?:assigned|ordered|shipped|dispatched|approved|requested|arranged)\b",
                                   r"\bnew laptop (?:is|will be) (?:on its way|ready)\b",
                                   r"\bis being (?:shipped|prepared|sent|set up|delivered)\b",
                                   r"\b(?:new laptop|replacement|new one) (?:ships|is shipping)\b",
                                   r"\bput in (?:an? )?(?:order|request)\b",
                                   r"\b(?:sending|shipping) you a (?:new|replacement)\b", r"\bis reserved for you\b"]}}
NOT_UNLOCKED = {"question": "Does the message avoid saying that the account has been unlocked or the password reset?",
                "rule": {"none": [r"(?:^|[.!?;:,])(?!\s*(?:once|when|after|until|if|as soon as)\b)[^.!?;:,]*?"
                                  r"(?:\b(?:is|was|are|has been|have been)|'s|'s been) (?:now |already )?unlocked\b",
                                  r"(?:^|[.!?;:,])(?!\s*(?:once|when|after|until|if|as soon as)\b)[^.!?;:,]*?"
                                  r"\b(?:I|we|they|IT Op(?:eration)?s)(?:'ve| have| has)? (?:now |already |just )?"
                                  r"(?:unlocked|reset)\b",
                                  r"(?:^|[.!?;:,])(?!\s*(?:once|when|after|until|if|as soon as)\b)[^.!?;:,]*?"
                                  r"\bpassword(?: has| was| is|'s) (?:now )?(?:been )?reset\b",
                                  r"\b(?:cleared|removed|lifted|released) the (?:lock|lockout)\b",
                                  r"(?:^|[.!?;:,])(?!\s*(?:once|when|after|until|if|as soon as)\b)[^.!?;:,]*?"
                                  r"\block(?:out)? (?:is|has been|was|'s) (?:now )?(?:cleared|lifted|removed|released)\b",
                                  r"(?:^|[.!?;:,])(?!\s*(?:once|when|after|until|if|as soon as)\b)[^.!?;:,]*?"
                                  r"\b(?:is|'s) (?:now )?active again\b", r"(?:^|[.!?]\s+)unlocked\s*[!.]"]}}
NOT_RESET = {"question": "Does the message avoid saying that the service desk reset the password itself?",
             "rule": {"none": [r"\b(?:I|we)(?:'ve| have)? (?:now |just |already |gone ahead and |went ahead and )?reset\b",
                               r"\bpassword(?: has| was| is|'s) (?:now |just )?(?:been )?reset\b",
                               r"\b(?:I|we)(?:'ve| have)? (?:sent|issued|texted|emailed|generated) (?:you |her |him )?(?:an? |the )?"
                               r"(?:new|temporary|one-time)\b[^.]{0,10}\bpassword\b",
                               r"(?:^|[.!?;:,])(?!\s*(?:(?:so|and|but) )?(?:no|nothing|none)\b)[^.!?;:,]*?"
                               r"\breset (?:is |'s |has been |was )?(?:now )?(?:done|complete|completed|carried out)\b",
                               r"\b(?:your|her|his|the) new password is\b"]}}
NO_PASSWORD_ASK = {"question": "Does the message avoid asking the employee to send or tell their password?",
                   "rule": {"none": [r"(?<!n't )(?<!never )(?<!not )(?<!no need to )(?<!'ll )(?<!will )\b(?:send|share|tell|give|"
                                     r"provide|reply|email|paste|let (?:me|us) (?:know|have))\b[^.!?\n]{0,30}\b(?:your|the) "
                                     r"(?:[\w-]+ )?password\b(?![^.!?\n]{0,40}\b(?:anyone|nobody|no one))",
                                     r"\b(?:what(?:'s| is| was) (?:your|the)|which) (?:[\w-]+ )?password\b",
                                     r"\b(?:I|we)(?:'ll| will)? need (?:your|the) (?:[\w-]+ )?password\b",
                                     r"\bconfirm\b[^.!?\n]{0,30}\bpassword\b[^.!?\n]{0,20}\b(?:reply|here|chat|message)\b"]}}
NO_LOANER = {"question": "Does the message avoid offering a loaner or other temporary stand-in device?",
             "rule": {"none": [r"(?<!no )\bloan(?:er|ed)?s?\b(?![^.]{0,20}\b(?:only|isn't|aren't)\b)", r"\b(?:lend|borrow)\b",
                               r"(?<!no )\b(?:temporary|spare|stand-?in|backup|interim|shared|pool|hot-?desk|courtesy) "
                               r"(?:laptop|device|monitor|headset|dock|replacement)",
                               r"\b(?:in the meantime|meanwhile)\b[^.]{0,60}\b(?:an?|one|another) (?:[\w-]+ )?"
                               r"(?:laptop|headset|monitor|dock|device)\b"]}}

STEPS = {
    "vpn": [phrase("restart the client", r"\brestart\w*"), phrase("date and time", r"date and time|clock")],
    "mail": [phrase("sign out", r"sign(?:ing)? out|log(?:ging)? out"), phrase("clear the cache", r"\bcache\b")],
    "slow": [phrase("restart", r"\brestart\w*|\breboot\w*"), phrase("updates", r"\bupdates?\b"),
             phrase("free disk", r"\b20 ?GB\b|twenty (?:GB|gigabytes)")],
    "monitor": [phrase("replug", r"\b(?:re-?plug|unplug)\w*"), phrase("dock firmware", r"\bfirmware\b")],
    "headset": [phrase("sound settings", r"sound settings|input and output|output and input|input/output")],
    "printer": [phrase("remove and add", r"\bremov\w*|\bdelet\w*"), phrase("test page", r"test page")],
}


def ts_fields(resolution: str, status: str, *, owner: str = "it_support", priority: str = "normal",
              **kw) -> dict:
    """A troubleshooting ticket by 01 and 08: incident, tag troubleshooting whatever the outcome."""
    return dict(type="incident", priority=priority, tags=["troubleshooting"], resolution=resolution, status=status,
                owner=owner, **kw)


def pw_fields(situation: str) -> dict:
    """A password ticket by 01 and 07."""
    return {"forgotten": dict(type="incident", priority="normal", tags=["password"], resolution="self_service",
                              status="solved"),
            "locked": dict(type="incident", priority="high", tags=["password"], resolution="escalated", status="open",
                           owner="it_ops"),
            "compromised": dict(type="incident", priority="urgent", tags=["password"], resolution="credentials_reset",
                                status="solved", owner="security"),
            "someone_else": dict(type="incident", priority="normal", tags=["password"], resolution="denied",
                                 status="solved")}[situation]


def held(ticket_id: str, p: dict, created: str, subject: str) -> dict:
    row = old_ticket(ticket_id, p, created, **ts_fields("troubleshooting", "hold"))
    row["subject"] = subject
    return row


def lap(aid: str, owner: dict, days: int, condition: str = "good", catalog=("CAT-LAP-2", "Orbit 13")) -> dict:
    return device(aid, catalog[0], "laptop", catalog[1], days, owner["id"], owner["employee"]["office"], condition)


def mon(aid: str, owner: dict, days: int, condition: str = "good") -> dict:
    return device(aid, "CAT-MON-1", "monitor", "ClearView 27", days, owner["id"], owner["employee"]["office"], condition)


def hs(aid: str, owner: dict, days: int, condition: str = "good") -> dict:
    return device(aid, "CAT-HS-1", "headset", "Quietline Pro", days, owner["id"], owner["employee"]["office"], condition)


def with_devices(p: dict, *devices: dict, tickets: list | None = None) -> dict:
    rows = rows_for(p, assets=list(devices),
                    asset_assignments=[assignment("ASG-" + d["id"][4:], d["id"], p["id"], 400) for d in devices])
    if tickets:
        rows["tickets"] = tickets
    return rows


def facts(p: dict, **more) -> dict:
    return {"name": p["name"], "email": p["email"], **more}


def tasks() -> list[dict]:
    out = []

    # ---- troubleshoot first: a documented issue, new ticket on hold ---------------------------------
    p = emp(4602, "Henrik Aalto", "Accountant", 3, "FIN", "toronto", "EMP-1043")
    out.append(task(
        "ts-002", "Accountant's calendar stopped syncing on the laptop",
        "Hi, my calendar hasn't synced since yesterday, meetings I accept on my phone don't show up on my laptop.",
        facts(p, **{"what you tried": "Nothing yet."}), rows_for(p),
        [*identify(p), create_ticket(p, "Calendar does not sync", "Mail and Calendar stopped syncing; documented "
                                     "steps given.", **ts_fields("troubleshooting", "hold"))],
        "Let's start with the standard fix: sign out of Mail and Calendar, clear the app's cache from its settings, "
        "then sign in again. I've put your request on hold; if it still doesn't sync afterwards, reply here and we'll "
        "take it further.",
        "Rule: Troubleshooting, troubleshoot first (e-mail or calendar does not sync is a listed issue): documented "
        "steps, ticket on hold. Ticket: incident, normal, [troubleshooting], troubleshooting, hold, it_support, no "
        "approval, no asset (08: asset empty unless replaced).",
        STEPS["mail"], ids_never("TCK-5001", p["id"]), rubric=[NOT_FIXED]))

    p = emp(4603, "Ines Carvalho", "Data Scientist", 3, "DATA", "toronto", "EMP-1021")
    old = lap("AST-6603", p, 610)
    out.append(task(
        "ts-003", "Data scientist with a 20-month-old laptop that has become slow wants a new one",
        "My laptop has become painfully slow and freezes when I run notebooks. Can I just get a new one?",
        facts(p, **{"what you tried": "Nothing, I'd rather just have a new laptop."}),
        with_devices(p, old),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]),
         create_ticket(p, "Laptop slow and freezing", "Laptop slow; condition good, documented steps given.",
                       **ts_fields("troubleshooting", "hold"))],
        "Your laptop shows no diagnosed fault, so we start with the documented steps: restart it, install any pending "
        "updates, and make sure at least 20 GB of disk space is free. I've put the request on hold; if it is still "
        "slow after that, reply here and we'll take it further.",
        "Rule: Hardware + Troubleshooting: a device the employee says is not working whose condition is neither "
        "faulty nor damaged is troubleshot first, not replaced (condition good; 610 days = 20 months, under the "
        "refresh threshold anyway). Ticket: incident, normal, [troubleshooting], troubleshooting, hold, asset empty.",
        STEPS["slow"], ids_never("TCK-5001", p["id"], "AST-6603"),
        behavior=["You would prefer a new laptop, but if the agent explains the steps must be tried first, accept "
                  "and say you'll try them."],
        rubric=[NO_NEW_DEVICE]))

    p = emp(4604, "Saoirse Byrne", "Product Designer", 3, "DSGN", "dublin", "EMP-1036")
    old = mon("AST-6604", p, 500)
    out.append(task(
        "ts-004", "Designer's external monitor shows no picture after a desk move",
        "Hello, since I moved desks my external monitor just says 'no signal'.",
        facts(p, **{"what you tried": "I switched it off and on."}), with_devices(p, old),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]),
         create_ticket(p, "Monitor shows no signal", "External monitor shows no picture; documented steps given.",
                       **ts_fields("troubleshooting", "hold"))],
        "Please try the documented steps: unplug and replug the monitor cable and the dock's power, then update the "
        "dock firmware from the Software Centre. I've put your request on hold; reply here if the monitor still shows "
        "no picture.",
        "Rule: Troubleshooting, troubleshoot first: switching the monitor off and on is not one of the documented "
        "steps, so the steps are given (08, only some steps done -> hold). Monitor condition good. Ticket: incident, "
        "normal, [troubleshooting], troubleshooting, hold, asset empty.",
        STEPS["monitor"], ids_never("TCK-5001", p["id"], "AST-6604"), rubric=[NOT_FIXED]))

    p = emp(4605, "Kofi Mensah", "Customer Support Specialist", 2, "SUPP", "austin", "EMP-1042")
    old = hs("AST-6605", p, 300)
    out.append(task(
        "ts-005", "Support specialist's callers cannot hear him through his headset",
        "Customers can't hear me on calls through my headset, it worked fine last week.",
        facts(p, **{"what you tried": "Nothing yet."}), with_devices(p, old),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]),
         create_ticket(p, "Headset microphone not heard", "Headset microphone not working; documented steps given.",
                       **ts_fields("troubleshooting", "hold"))],
        "Let's try the documented fix first: choose the headset as both the input and output device in your system "
        "sound settings and in the call app. I've put your request on hold; if callers still can't hear you, reply "
        "here and we'll take it further.",
        "Rule: Troubleshooting, troubleshoot first: headset or microphone not working (listed), headset condition "
        "good. Ticket: incident, normal, [troubleshooting], troubleshooting, hold, asset empty.",
        STEPS["headset"], ids_never("TCK-5001", p["id"], "AST-6605"), rubric=[NO_LOANER]))

    p = emp(4606, "Annika Berg", "People Partner", 4, "PPL", "toronto", "EMP-1061")
    out.append(task(
        "ts-006", "People partner's documents stopped printing on the office printer",
        "Hi, my documents go to the printer on the 3rd floor but nothing comes out any more.",
        facts(p, **{"what you tried": "Nothing yet."}), rows_for(p),
        [*identify(p), create_ticket(p, "Printer does not print", "Jobs sent to the printer do not print; documented "
                                     "steps given.", **ts_fields("troubleshooting", "hold"))],
        "Please try the documented steps: remove the printer from your laptop, add it again from the Software Centre, "
        "and print a test page. I've put your request on hold; if the test page doesn't print, reply here and we'll "
        "take it further.",
        "Rule: Troubleshooting, troubleshoot first: printer does not print (listed). Ticket: incident, normal, "
        "[troubleshooting], troubleshooting, hold.",
        STEPS["printer"], ids_never("TCK-5001", p["id"])))

    # ---- issues that are not listed: escalate at once ----------------------------------------------
    p = emp(4607, "Rafael Ibáñez", "Compliance Analyst", 3, "CMPL", "dublin", "EMP-1045")
    out.append(task(
        "ts-007", "Compliance analyst's laptop camera is no longer detected in video calls",
        "My laptop's camera stopped working, the call app says no camera found.",
        facts(p, **{"what you tried": "Restarted the call app."}), rows_for(p),
        [*identify(p), create_ticket(p, "Laptop camera not detected", "Built-in camera not detected; not a "
                                     "documented issue, escalated to IT Operations.",
                                     **ts_fields("escalated", "open", owner="it_ops"))],
        "A camera that isn't detected isn't one of the issues we have documented steps for, so I've passed it "
        "straight to IT Operations. They'll contact you to look into it.",
        "Rule: Troubleshooting: an issue not listed (camera) is escalated to IT Operations at once. Ticket: incident, "
        "normal, [troubleshooting] (08: whatever the outcome), owner it_ops, escalated, open.",
        [phrase("escalated", ESCALATED)], ids_never("TCK-5001", p["id"]), rubric=[NOT_FIXED]))

    p = emp(4608, "Yuki Sato", "Risk Analyst", 4, "RISK", "dublin", "EMP-1051")
    out.append(task(
        "ts-008", "Risk analyst's chat application closes as soon as it opens",
        "Wavelet Chat crashes every time I open it, it closes after a second.",
        facts(p, **{"what you tried": "Restarted the laptop."}), rows_for(p),
        [*identify(p), create_ticket(p, "Wavelet Chat crashes on launch", "Chat app crashes at start; not a "
                                     "documented issue, escalated to IT Operations.",
                                     **ts_fields("escalated", "open", owner="it_ops"))],
        "Wavelet Chat crashing on launch isn't an issue we have documented steps for, so I've escalated it to IT "
        "Operations; they'll be in touch to fix it with you.",
        "Rule: Troubleshooting: not listed (chat app crash; only e-mail or calendar sync is listed) -> escalate at "
        "once. Ticket: incident, normal, [troubleshooting], it_ops, escalated, open.",
        [phrase("escalated", ESCALATED)], ids_never("TCK-5001", p["id"])))

    # ---- first contact after every documented step -------------------------------------------------
    p = emp(4609, "Daniel Osei", "Backend Engineer", 4, "ENG", "austin", "EMP-1011")
    old = lap("AST-6609", p, 700)
    out.append(task(
        "ts-009", "Engineer whose VPN fails after he already went through the usual fixes",
        "The VPN won't connect on my laptop since this morning.",
        facts(p, **{"what you tried": "I quit and restarted the VPN client, checked the date and time are set "
                    "automatically, and signed in again. Still fails."}), with_devices(p, old),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]),
         create_ticket(p, "VPN does not connect", "Employee already did every documented VPN step; laptop condition "
                       "good; escalated to IT Operations.", **ts_fields("escalated", "open", owner="it_ops"))],
        "Thanks, since you've already done every documented step for the VPN and your laptop shows no hardware fault, "
        "I've escalated this to IT Operations. They'll follow up with you directly.",
        "Rule: Troubleshooting: an employee who already did every documented step on first contact is a follow-up "
        "whose steps failed; laptop condition good -> escalate. Ticket: incident, normal, [troubleshooting], it_ops, "
        "escalated, open, asset empty.",
        [phrase("escalated", ESCALATED)], ids_never("TCK-5001", p["id"], "AST-6609"), rubric=[NOT_FIXED]))

    p = emp(4610, "Marta Nowak", "Financial Analyst", 3, "FIN", "toronto", "EMP-1043")
    old = lap("AST-6610", p, 820)
    out.append(task(
        "ts-010", "Analyst's laptop freezes; she has restarted it but done nothing else",
        "My laptop keeps freezing during the month-end close. This is really urgent for me.",
        facts(p, **{"what you tried": "I restarted it a couple of times."}), with_devices(p, old),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]),
         create_ticket(p, "Laptop freezes", "Laptop freezing; only restarted so far; remaining documented steps "
                       "given.", **ts_fields("troubleshooting", "hold"))],
        "Restarting is the first step; please also install any pending updates and make sure at least 20 GB of disk "
        "space is free. I've put your request on hold; if it keeps freezing after that, reply here and we'll take it "
        "further straight away.",
        "Rule: Troubleshooting, only some of the documented steps done (restart, not updates or disk space) -> steps "
        "given, hold (08). Contrast ts-009 (every step done). Laptop condition good. Ticket: incident, normal, "
        "[troubleshooting], troubleshooting, hold.",
        STEPS["slow"][1:], ids_never("TCK-5001", p["id"], "AST-6610"), rubric=[NOT_FIXED]))

    p = emp(4611, "Lucas Ferreira", "Customer Support Specialist", 2, "SUPP", "austin", "EMP-1042")
    old = hs("AST-6611", p, 420, condition="faulty")
    out.append(task(
        "ts-011", "Support specialist's headset still silent after the usual checks; IT marked it faulty",
        "My headset mic stopped working. I already picked it as input and output in the sound settings and in "
        "the call app, still nothing.",
        facts(p, **{"what you tried": "Chose the headset as input and output in the system sound settings and in the "
                    "call app."}), with_devices(p, old),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]), tool("get_catalog", device_type="headset"),
         tool("check_inventory", device_type="headset", site="austin"),
         create_ticket(p, "Headset microphone not working", "Every documented step done; headset faulty; replaced "
                       "from Austin stock.", **ts_fields("device_assigned", "solved", priority="low",
                                                         asset_id="AST-5013")),
         tool("assign_device", asset_id="AST-5013", employee_id=p["id"], reason="failure"),
         tool("retire_device", asset_id="AST-6611")],
        "Since you've done every documented step and our records show your headset as faulty, I've replaced it: a "
        "new Quietline Pro is assigned to you at the Austin office, and the old one has been retired.",
        "Rule: Troubleshooting, every step done on first contact = follow-up that failed; headset condition faulty -> "
        "replaced under Hardware: failure, no approval, first ranked model in stock at Austin (AST-5013), retire the "
        "old one. Ticket: incident, low (headset), [troubleshooting], device_assigned, solved, asset AST-5013.",
        [phrase("device given", r"Quietline\sPro")], ids_never("TCK-5001", p["id"], "AST-6611", "AST-5013"),
        rubric=[NO_LOANER]))

    # ---- follow-ups on a held ticket -------------------------------------------------------------------
    p = emp(4612, "Chloé Martin", "Product Analyst", 3, "PROD", "austin", "EMP-1031")
    tk = held("TCK-4612", p, "2025-09-29T15:00:00Z", "VPN does not connect")
    out.append(task(
        "ts-012", "Product analyst returns after trying the VPN steps she was given",
        "Hi, I'm following up on my VPN problem from Monday.",
        facts(p, **{"did the steps work": "Yes, after restarting the client and fixing the clock it connects."}),
        rows_for(p, tickets=[tk]),
        [*identify(p), update_ticket("TCK-4612", **ts_fields("resolved_by_requester", "solved"))],
        "Great to hear the VPN connects again. I've closed your request as solved by the steps you took.",
        "Rule: Troubleshooting, follow-up on a held ticket: the steps fixed it -> same ticket solved, "
        "resolved_by_requester. No new ticket. Ticket: incident, normal, [troubleshooting], resolved_by_requester, "
        "solved.",
        [phrase("closed", r"\b(?:clos\w*|solved|resolved|fixed)\b")], ids_never("TCK-4612", p["id"])))

    p = emp(4613, "Pavel Horak", "Treasury Analyst", 3, "FIN", "toronto", "EMP-1043")
    old = lap("AST-6613", p, 900)
    tk = held("TCK-4613", p, "2025-09-30T10:00:00Z", "Mail does not sync")
    out.append(task(
        "ts-013", "Treasury analyst's mail still does not sync after the steps he was given",
        "Hello, I tried what you told me yesterday for my mail sync, it still doesn't work.",
        facts(p, **{"did the steps work": "No. I signed out, cleared the cache and signed in again; mail still does "
                    "not sync."}),
        with_devices(p, old, tickets=[tk]),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]),
         update_ticket("TCK-4613", **ts_fields("escalated", "open", owner="it_ops"))],
        "Thanks for trying the steps. As they didn't fix it and your laptop shows no hardware fault, I've escalated "
        "your request to IT Operations; they'll contact you.",
        "Rule: Troubleshooting, follow-up on a held ticket: steps did not fix it, laptop (the device of a mail issue) "
        "condition good -> escalate on the same ticket. Ticket: incident, normal, [troubleshooting], it_ops, "
        "escalated, open.",
        [phrase("escalated", ESCALATED)], ids_never("TCK-4613", p["id"], "AST-6613"), rubric=[NOT_FIXED]))

    p = emp(4614, "Aisling Walsh", "Data Engineer", 4, "DATA", "toronto", "EMP-1021")
    old = lap("AST-6614", p, 640, condition="faulty")
    tk = held("TCK-4614", p, "2025-09-26T11:00:00Z", "Laptop slow")
    out.append(task(
        "ts-014", "Data engineer's laptop still freezes after the steps; IT diagnosed a fault meanwhile",
        "Following up on my slow laptop: I did the restart, updates and freed disk space, it still freezes.",
        facts(p, **{"did the steps work": "No, it still freezes several times a day."}),
        with_devices(p, old, tickets=[tk]),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]), tool("get_catalog", device_type="laptop"),
         tool("check_inventory", device_type="laptop", site="toronto"),
         update_ticket("TCK-4614", **ts_fields("device_assigned", "solved", priority="high", asset_id="AST-5001")),
         tool("assign_device", asset_id="AST-5001", employee_id=p["id"], reason="failure"),
         tool("retire_device", asset_id="AST-6614")],
        "The steps didn't help and our records show a diagnosed fault on your laptop, so I've replaced it: a Vantage "
        "14 is assigned to you and ready at the Toronto office, and your old laptop has been retired.",
        "Rule: Troubleshooting follow-up, steps failed and the laptop is faulty -> replaced under Hardware on the same "
        "ticket: failure (no approval), first ranked standard model in stock at Toronto = Vantage 14 AST-5001 (lowest "
        "id), retire old. No loaner (from stock). Ticket: incident, high (laptop replaced for failure), "
        "[troubleshooting], device_assigned, solved, asset AST-5001.",
        [phrase("device given", r"Vantage\s14")], ids_never("TCK-4614", p["id"], "AST-6614", "AST-5001"),
        rubric=[NO_LOANER]))

    p = emp(4615, "Noah Fischer", "Mobile Engineer", 3, "ENG", "remote", "EMP-1012")
    old = lap("AST-6615", p, 760, condition="faulty")
    tk = held("TCK-4615", p, "2025-09-25T09:30:00Z", "Laptop slow")
    out.append(task(
        "ts-015", "Remote mobile engineer's faulty laptop still freezes after the documented steps",
        "Hi, back about my laptop that keeps freezing: I did all the steps, no change.",
        facts(p, **{"did the steps work": "No, still freezing."}),
        with_devices(p, old, tickets=[tk]),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]), tool("get_catalog", device_type="laptop"),
         tool("check_inventory", device_type="laptop"),
         update_ticket("TCK-4615", **ts_fields("device_ordered", "solved", priority="high", asset_id="AST-6615")),
         tool("create_order", employee_id=p["id"], ticket_id="TCK-4615", item_kind="hardware", catalog_id="CAT-LAP-1",
              reason="failure")],
        "The steps didn't help and your laptop has a diagnosed fault, so I've ordered a replacement Vantage 14, "
        "shipped to your home. Keep your current laptop until it arrives; meanwhile a loaner laptop can be sent to "
        "you by courier.",
        "Rule: Troubleshooting follow-up, faulty laptop -> Hardware failure: remote employees have no office stock -> "
        "order the rank-1 standard model (CAT-LAP-1), keep the old device (not retired), loaner by courier (laptop "
        "ordered for failure). Ticket: incident, high, [troubleshooting], device_ordered, solved, asset = old laptop.",
        [phrase("decision: ordered", ORDERED), phrase("model ordered", r"Vantage\s14"),
         phrase("loaner laptop offered", LOANER), phrase("by courier", r"courier")],
        ids_never("TCK-4615", p["id"], "AST-6615", "PO-7001")))

    p = emp(4616, "Tariq Hussain", "QA Engineer", 3, "ENG", "austin", "EMP-1011")
    old = lap("AST-6616", p, 980, condition="faulty", catalog=("CAT-LAP-1", "Vantage 14"))
    tk = held("TCK-4616", p, "2025-09-29T08:45:00Z", "Laptop slow")
    out.append(task(
        "ts-016", "Austin engineer's faulty laptop still slow after the steps; office stock differs from other sites",
        "Hello, the laptop steps you sent didn't fix anything, it's still crawling.",
        facts(p, **{"did the steps work": "No."}), with_devices(p, old, tickets=[tk]),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]), tool("get_catalog", device_type="laptop"),
         tool("check_inventory", device_type="laptop", site="austin"),
         update_ticket("TCK-4616", **ts_fields("device_assigned", "solved", priority="high", asset_id="AST-5004")),
         tool("assign_device", asset_id="AST-5004", employee_id=p["id"], reason="failure"),
         tool("retire_device", asset_id="AST-6616")],
        "Since the steps didn't help and your laptop has a diagnosed fault, I've replaced it from the Austin office "
        "stock: an Orbit 13 is assigned to you, and your old laptop has been retired.",
        "Rule: Troubleshooting follow-up, faulty laptop -> Hardware failure, fulfilment by office stock only: rank-1 "
        "Vantage 14 has no unit in Austin (Toronto and Dublin do, never used), rank-2 Orbit 13 does: lowest id "
        "AST-5004. Retire old. Ticket: incident, high, [troubleshooting], device_assigned, solved, asset AST-5004.",
        [phrase("device given", r"Orbit\s13")], ids_never("TCK-4616", p["id"], "AST-6616", "AST-5004"),
        rubric=[NO_LOANER]))

    p = emp(4617, "Emma Johansson", "Support Analyst", 3, "SUPP", "austin", "EMP-1042")
    old = mon("AST-6617", p, 700, condition="damaged")
    tk = held("TCK-4617", p, "2025-09-30T14:00:00Z", "Monitor no picture")
    out.append(task(
        "ts-017", "Support analyst's monitor still blank after the steps; the asset record shows it damaged",
        "Hi, following up: the monitor still shows nothing even after replugging and the dock update.",
        facts(p, **{"did the steps work": "No, still no picture."}), with_devices(p, old, tickets=[tk]),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]), tool("get_catalog", device_type="monitor"),
         tool("check_inventory", device_type="monitor", site="austin"),
         tool("find_approver", employee_id=p["id"], role="manager"),
         update_ticket("TCK-4617", **ts_fields("pending_approval", "pending", priority="low", approval_required=True,
                                               approval_status="pending", approver_id="EMP-1042",
                                               asset_id="AST-6617")),
         tool("create_approval_request", ticket_id="TCK-4617", requester_id=p["id"], approver_id="EMP-1042",
              approver_role="manager", step=1, target_kind="hardware", target_id="CAT-MON-2", urgency="low",
              justification="Damaged monitor; documented steps did not help.")],
        "The steps didn't help and our records show your monitor as damaged, so it needs replacing. A damaged device "
        "needs your manager's approval: I've sent the request to Grace Liu (Support Team Manager), and we'll give you "
        "the replacement once she approves.",
        "Rule: Troubleshooting follow-up, monitor damaged -> Hardware damage: manager approval always; the item is "
        "the one fulfilment would choose: Austin stock has no ClearView 27 (rank 1) but a ClearView 24 (rank 2) -> "
        "CAT-MON-2; urgency = priority low (monitor). Nothing given yet. Ticket: incident, low, [troubleshooting], "
        "pending_approval, pending, approver EMP-1042, asset = the damaged monitor.",
        [phrase("decision: waiting for approval", APPROVAL), phrase("approver", r"Grace Liu")],
        ids_never("TCK-4617", p["id"], "AST-6617", "APR-7001"), rubric=[NO_LOANER]))

    p = emp(4618, "Bruno Costa", "Customer Support Specialist", 2, "SUPP", "austin", "EMP-1042")
    old = hs("AST-6618", p, 380)
    tk = held("TCK-4618", p, "2025-09-30T16:20:00Z", "Headset not working")
    out.append(task(
        "ts-018", "Support specialist's headset still silent after the steps; its record shows no fault",
        "Hey, I'm back about my headset. I set it as input and output everywhere and callers still can't hear me.",
        facts(p, **{"did the steps work": "No."}), with_devices(p, old, tickets=[tk]),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]),
         update_ticket("TCK-4618", **ts_fields("escalated", "open", owner="it_ops"))],
        "Thanks for trying. Your headset has no diagnosed fault, so rather than replacing it I've escalated your "
        "request to IT Operations; they'll get in touch to look at it with you.",
        "Rule: Troubleshooting follow-up, steps failed, headset condition good (not faulty or damaged) -> escalate, "
        "not replace. Contrast ts-011 (faulty -> replaced). Ticket: incident, normal, [troubleshooting], it_ops, "
        "escalated, open, asset empty.",
        [phrase("escalated", ESCALATED)], ids_never("TCK-4618", p["id"], "AST-6618"),
        rubric=[NOT_FIXED, NO_LOANER]))

    p = emp(4619, "Olga Ivanova", "Compliance Officer", 5, "CMPL", "toronto", "EMP-1045")
    old = mon("AST-6619", p, 1500, condition="faulty")
    tk = held("TCK-4619", p, "2025-09-28T12:00:00Z", "Monitor no picture")
    out.append(task(
        "ts-019", "Compliance officer's faulty monitor still blank after the steps",
        "Hello, the monitor steps did not help, the screen stays black.",
        facts(p, **{"did the steps work": "No."}), with_devices(p, old, tickets=[tk]),
        [*identify(p), tool("get_employee_devices", employee_id=p["id"]), tool("get_catalog", device_type="monitor"),
         tool("check_inventory", device_type="monitor", site="toronto"),
         update_ticket("TCK-4619", **ts_fields("device_assigned", "solved", priority="low", asset_id="AST-5009")),
         tool("assign_device", asset_id="AST-5009", employee_id=p["id"], reason="failure"),
         tool("retire_device", asset_id="AST-6619")],
        "As the steps didn't help and your monitor has a diagnosed fault, I've replaced it: a ClearView 27 is "
        "assigned to you at the Toronto office, and the old monitor has been retired.",
        "Rule: Troubleshooting follow-up, monitor faulty -> Hardware failure: no approval (contrast ts-017 damaged -> "
        "manager); Toronto stock has the rank-1 ClearView 27 (AST-5009). Retire old. Ticket: incident, low "
        "(monitor), [troubleshooting], device_assigned, solved, asset AST-5009.",
        [phrase("device given", r"ClearView\s27")], ids_never("TCK-4619", p["id"], "AST-6619", "AST-5009"),
        rubric=[NO_LOANER]))

    p = emp(4620, "Femi Adebayo", "Product Manager", 4, "PROD", "austin", "EMP-1031")
    tk = held("TCK-4620", p, "2025-09-30T09:00:00Z", "VPN does not connect")
    out.append(task(
        "ts-020", "Product manager with a held VPN request now reports that printing fails",
        "Hi, different problem today: nothing I send to the printer comes out.",
        facts(p, **{"what you tried": "Nothing yet.", "the VPN problem": "I haven't had time to try those steps yet."}),
        rows_for(p, tickets=[tk]),
        [*identify(p), create_ticket(p, "Printer does not print", "New issue: printing fails; documented steps "
                                     "given.", **ts_fields("troubleshooting", "hold"))],
        "For the printer, please remove it from your laptop, add it again from the Software Centre, and print a test "
        "page. I've put this on hold as a separate request; reply if the test page doesn't print. Your VPN request "
        "stays open on hold until you've tried its steps.",
        "Rule: One ticket per conversation: reuse a held ticket only for a follow-up on it; a new issue gets a new "
        "ticket and the held VPN ticket stays untouched. Printer (listed) -> steps, hold. Ticket: incident, normal, "
        "[troubleshooting], troubleshooting, hold.",
        STEPS["printer"], ids_never("TCK-5001", "TCK-4620", p["id"])))

    p = emp(4621, "Grace O'Neill", "Payroll Specialist", 3, "FIN", "toronto", "EMP-1043")
    tk = old_ticket("TCK-4621", p, "2025-09-15T10:00:00Z", **ts_fields("resolved_by_requester", "solved"))
    tk["subject"] = "Mail does not sync"
    out.append(task(
        "ts-021", "Payroll specialist's mail sync problem is back after her earlier request was closed",
        "My email stopped syncing again. It happened a couple of weeks ago too and your steps fixed it then.",
        facts(p, **{"what you tried this time": "Nothing yet."}), rows_for(p, tickets=[tk]),
        [*identify(p), create_ticket(p, "Mail does not sync again", "Mail sync problem came back; documented steps "
                                     "given.", **ts_fields("troubleshooting", "hold"))],
        "Let's repeat the fix that worked last time: sign out of Mail and Calendar, clear the app's cache from its "
        "settings, and sign in again. I've opened a new request on hold; reply if it still doesn't sync.",
        "Rule: Troubleshooting (08): a problem that comes back after its ticket was solved is a new issue: new ticket, "
        "documented steps first; the solved ticket is not reused (01 reuses only hold or pending). Ticket: incident, "
        "normal, [troubleshooting], troubleshooting, hold.",
        STEPS["mail"], ids_never("TCK-5001", "TCK-4621", p["id"]), rubric=[NOT_FIXED]))

    # ---- passwords -----------------------------------------------------------------------------------
    p = emp(4622, "Lea Vogel", "UX Designer", 3, "DSGN", "dublin", "EMP-1036")
    out.append(task(
        "ts-022", "Designer back from holiday cannot remember her password",
        "Hi, I'm back from two weeks off and I can't remember my password.",
        facts(p), rows_for(p),
        [*identify(p), create_ticket(p, "Forgotten password", "Active account; employee forgot the password; sent to "
                                     "self-service reset.", **pw_fields("forgotten"))],
        "Welcome back! Your account is active, so you can set a new password yourself with the self-service password "
        "reset at passwords.tidewell.example.",
        "Rule: Passwords, forgotten password (account_status active, no sign of compromise): self-service reset, no "
        "security action. Ticket: incident, normal, [password], self_service, solved.",
        [phrase("self-service", r"passwords\.tidewell\.example")], ids_never("TCK-5001", p["id"]),
        rubric=[NOT_RESET, NO_PASSWORD_ASK]))

    p = emp(4623, "Arjun Patel", "Site Reliability Engineer", 4, "ENG", "toronto", "EMP-1010",
            account_status="locked")
    out.append(task(
        "ts-023", "Engineer who forgot his password is now shut out after several attempts",
        "I forgot my password and after a few tries now it won't let me sign in at all.",
        facts(p), rows_for(p),
        [*identify(p), create_ticket(p, "Account locked", "Account locked after failed attempts; escalated to IT "
                                     "Operations to unlock.", **pw_fields("locked"))],
        "Your account is locked, which the service desk can't undo itself, so I've escalated it to IT Operations. "
        "They'll unlock it after their own checks and contact you.",
        "Rule: Passwords, first situation that applies: the account is locked (before 'forgotten') -> escalate to IT "
        "Operations, change nothing else (no unlock, no reset). Contrast ts-022 (active account). Ticket: incident, "
        "high, [password], it_ops, escalated, open.",
        [phrase("escalated", ESCALATED)], ids_never("TCK-5001", p["id"]), rubric=[NOT_UNLOCKED]))

    def compromised(tid, p, title, request, what, method, method_words, notes, extra_facts=None):
        steps = [*identify(p),
                 create_ticket(p, "Compromised account", what, **pw_fields("compromised")),
                 tool("verify_identity", employee_id=p["id"], method=method),
                 tool("kill_sessions", employee_id=p["id"]),
                 tool("reset_password", employee_id=p["id"]),
                 tool("find_approver", employee_id=p["id"], role="security"),
                 tool("send_notification", recipient_id=SECURITY, kind="compromised_account",
                      about_employee_id=p["id"], subject="Compromised account secured",
                      body=what + " Sessions ended, password reset.")]
        final = (f"Thanks for telling us quickly. After verifying you by {method_words}, I've signed you out of every "
                 "session and reset your password; a one-time password is on its way to your registered phone. Our "
                 "Security Access Review Lead has been informed.")
        return task(tid, title, request, facts(p, **(extra_facts or {})), rows_for(p), steps, final,
                    notes + " Ticket: incident, urgent, [password], owner security, credentials_reset, solved.",
                    [phrase("sessions ended", r"sign(?:ed)? (?:you )?out|sessions?"), phrase("password reset", r"reset")],
                    ids_never("TCK-5001", p["id"], "AUD-7001", "NTF-7001"), rubric=[NO_PASSWORD_ASK])

    p = emp(4624, "Sven Larsen", "Platform Engineer", 4, "ENG", "austin", "EMP-1011")
    out.append(compromised(
        "ts-024", p, "Platform engineer sees sign-ins from a country he has never visited",
        "I got alerts about sign-ins to my account from Brazil overnight. That wasn't me.",
        "Sign-ins the employee did not make.", "hardware_key", "your hardware key",
        "Rule: Passwords, compromised (sign-ins they did not make): verify with the department's method (ENG -> "
        "hardware_key), end sessions, reset, notify the security approver EMP-1006."))

    p = emp(4625, "Mila Novak", "Data Analyst (contractor)", 3, "DATA", "toronto", "EMP-1021",
            employment_type="contractor", contract_end="2026-03-31")
    out.append(compromised(
        "ts-025", p, "Data contractor keeps getting sign-in approval prompts she did not start",
        "My phone keeps asking me to approve sign-ins I didn't start. Is someone in my account?",
        "MFA prompts the employee did not start.", "manager_callback", "a call-back from your manager",
        "Rule: Passwords, compromised (MFA prompts they did not start); verification: contractors, whatever their "
        "department, use manager_callback (DATA employees would use hardware_key)."))

    p = emp(4626, "Hannah Schmidt", "Product Owner", 4, "PROD", "austin", "EMP-1031")
    out.append(compromised(
        "ts-026", p, "Product owner who forgot her password also noticed unexpected sign-in prompts",
        "I can't remember my password, and weirdly I also got sign-in prompts on my phone last night that I didn't "
        "trigger.",
        "MFA prompts the employee did not start; also forgot the password.", "manager_callback",
        "a call-back from your manager",
        "Rule: Passwords, first situation that applies: compromised (prompts she did not start) comes before "
        "forgotten, so no self-service; PROD -> manager_callback."))

    p = emp(4627, "Victor Huang", "Support Team Lead", 5, "SUPP", "austin", "EMP-1042")
    out.append(task(
        "ts-027", "Team lead asks the desk to reset the password of an agent on holiday",
        "Hi, one of my agents is on holiday and forgot to hand over a queue. Can you reset her password so I can "
        "get into her mailbox?",
        facts(p, **{"the agent": "Rosa Delgado, Customer Support Specialist."}), rows_for(p),
        [*identify(p), create_ticket(p, "Password reset for another employee", "Team lead asked for a colleague's "
                                     "password to be reset; refused.", **pw_fields("someone_else"))],
        "I'm sorry, I can't reset or hand over another person's password, even as her team lead: she has to contact "
        "the service desk herself. I've recorded your request.",
        "Rule: Service Desk (act only for the employee identified) + Passwords, someone else's account: refused, only "
        "the ticket changes. Ticket (07): incident, normal, [password], it_support, denied, solved.",
        [decision("declined", "decision: refused", because=["herself", "himself", "themselves", "their own", "another person", "someone else"])],
        ids_never("TCK-5001", p["id"]), rubric=[NOT_RESET]))
    return out



PASSWORD_TASKS = ("ts-022", "ts-023", "ts-024", "ts-025", "ts-026", "ts-027")


def hand_in_first(t: dict) -> dict:
    """05 "The old device": a device replaced from stock is handed in, so the employee is told and agrees
    (a message before the ticket records the replacement, a user decision, the claims) before it is given."""
    steps = t["solution"]
    given = next((k for k, st in enumerate(steps) if st.get("tool") == "assign_device"), None)
    if given is None or not any(st.get("tool") == "retire_device" for st in steps):
        return t
    model = dict(STOCK_MODELS)[steps[given]["args"]["asset_id"]]
    retired = next(st["args"]["asset_id"] for st in steps if st.get("tool") == "retire_device")
    dtype = next(a["device_type"] for a in t["rows"]["assets"] if a["id"] == retired)
    office = t["rows"]["employees"][0]["office"]
    at = max(k for k, st in enumerate(steps[:given]) if st.get("tool", "").startswith("helpdesk_") and
             st["tool"] != "helpdesk_get_items")
    steps.insert(at, {"say": f"I can give you a {model} from stock at the {office.title()} IT desk. When you collect "
                             f"it, you hand in your old {dtype}, which is wiped and retired. Would you like me to go "
                             "ahead?"})
    decision_at = list(t).index("rows")
    items = list(t.items())
    items.insert(decision_at, ("user_decisions", [{"about": ABOUT, "answer": "yes", "after": AFTER,
                                                   "reply": "Yes, please go ahead."}]))
    t.clear()
    t.update(items)
    t["says"]["states_before"] = [{**HAND_IN, "before": "assign_device"}]
    t["says"]["agreement"] = [{"before": "assign_device"}]
    return t


def declined(t: dict, tid: str, title: str, final: str, rule: str) -> dict:
    """The same replacement turned down once the employee hears the old device is handed in: only the
    ticket records it, as denied with the old device (05 "The old device", 01 resolution_category)."""
    out = copy.deepcopy(t)
    steps = out["solution"]
    retired = next(st["args"]["asset_id"] for st in steps if st.get("tool") == "retire_device")
    model = dict(STOCK_MODELS)[next(st["args"]["asset_id"] for st in steps if st.get("tool") == "assign_device")]
    out["solution"] = [st for st in steps if st.get("tool") not in ("assign_device", "retire_device")]
    for st in out["solution"]:
        if st.get("tool", "").startswith("helpdesk_") and st["tool"] != "helpdesk_get_items":
            st["args"]["item"].update(resolution_category="denied", status="solved", asset_id=retired)
    dtype = next(a["device_type"] for a in out["rows"]["assets"] if a["id"] == retired)
    out.update(id=tid, title=title, final_message=final, notes=rule)
    out["user_decisions"] = [{"about": ABOUT, "answer": "no", "after": AFTER,
                              "reply": f"No, thanks: I'd rather keep my current {dtype} for now."}]
    out["says"] = {"states": [text("the model offered", model)],
                   "never_states": [*out["says"]["never_states"], decision("granted", "decision: a replacement given anyway")],
                   "states_before": out["says"]["states_before"]}
    return out


def with_password_family(tasks: list[dict]) -> list[dict]:
    """The password tasks belong to the account_access family (Passwords and Accounts, with aa-001)."""
    return [{"family": "account_access", **t} if t["id"] in PASSWORD_TASKS else t for t in tasks]


def with_hand_in(tasks: list[dict]) -> list[dict]:
    """Every replacement from stock asks first; three follow-ups in which the employee keeps the old device."""
    tasks = [hand_in_first(t) for t in tasks]
    by_id = {t["id"]: t for t in tasks}
    keep = "Understood: you keep your current {}, and the {} stays in stock; nothing is given or retired."
    tasks += [
        declined(by_id["ts-014"], "ts-028", "Data engineer with a faulty, freezing laptop hears the old one is handed in",
                 keep.format("laptop", "Vantage 14"),
                 "Rule: Troubleshooting follow-up, faulty laptop -> replaced under Hardware, with The old device: told the "
                 "old laptop is handed in, the employee keeps it; nothing given or retired. Ticket TCK-4614 reused: "
                 "incident, high, [troubleshooting], denied, solved, asset AST-6614 (the device the request is about)."),
        declined(by_id["ts-016"], "ts-029", "Austin engineer with a faulty laptop hears the old one is handed in",
                 keep.format("laptop", "Orbit 13"),
                 "Rule: Troubleshooting follow-up, faulty laptop -> Hardware (Austin stock: Orbit 13) with The old device: "
                 "the employee declines; nothing given or retired. Ticket TCK-4616 reused: incident, high, "
                 "[troubleshooting], denied, solved, asset AST-6616."),
        declined(by_id["ts-019"], "ts-030", "Compliance officer with a faulty monitor hears the old one is handed in",
                 keep.format("monitor", "ClearView 27"),
                 "Rule: Troubleshooting follow-up, faulty monitor -> Hardware failure with The old device: the employee "
                 "keeps the old monitor; nothing given or retired. Ticket TCK-4619 reused: incident, low, "
                 "[troubleshooting], denied, solved, asset AST-6619."),
    ]
    return tasks


if __name__ == "__main__":
    write("troubleshooting.json", "troubleshooting", "Troubleshooting (ts-002..021): documented steps with hold, "
          "unlisted issues escalated, follow-ups on held tickets (fixed, escalated, replaced under Hardware); and, as "
          "family account_access, passwords (ts-022..027): forgotten, locked and compromised accounts with the "
          "verification method by department, and someone else's account refused.", with_password_family(with_hand_in(tasks())))
