"""The hardware family (tasks/hardware.json): replacements for failure, damage, battery and
age, new devices, and the office stock order. Each scenario varies one decisive fact: the
device's age against 24, 30 and 36 months, the battery health against 80% and 90%, the reason,
the practice (which laptop model is standard), the office's stock, and the manager's leave.
The outcome is computed by `decide` from 07_hardware.md and 02_approvals.md (and recomputed
independently in tests/test_policy_rules.py).

    uv run python plugins/consulting/scripts/gen_hardware.py
"""
from __future__ import annotations

from datetime import date, timedelta

from thinkingbox_consulting.tools import age_months

from taskkit import (
    AWAITING, DECLINED, GRANTED, ORDERED, TODAY, call, decision, email_of, merge, months_ago, name, on_date, person,
    task, ticket, value, write,
    why as because,
)

STANDARD = {"phone": "iPhone 16", "monitor": "Dell U2724"}
LEAD_DAYS = {"laptop": 10, "phone": 5, "monitor": 3}
# in-stock devices of the base rows, by office, kind and model, lowest id first (fixtures.DEVICES)
STOCK = {
    ("boston", "laptop", "ThinkPad T14"): ["DEV-5001", "DEV-5002"], ("boston", "laptop", "MacBook Pro 14"): ["DEV-5003"],
    ("boston", "phone", "iPhone 16"): ["DEV-5004", "DEV-5006"], ("boston", "monitor", "Dell U2724"): ["DEV-5005"],
    ("chicago", "laptop", "MacBook Pro 14"): ["DEV-5101", "DEV-5102"], ("chicago", "laptop", "ThinkPad T14"): ["DEV-5103"],
    ("chicago", "phone", "iPhone 16"): ["DEV-5104"],
    ("london", "laptop", "ThinkPad T14"): ["DEV-5201"], ("london", "monitor", "Dell U2724"): ["DEV-5202"],
}
MANAGERS = {"EMP-1101": "Priya Raman", "EMP-1104": "Gareth Lloyd", "EMP-1105": "Camille Fournier",
            "EMP-1106": "Diego Alvarez", "EMP-1107": "Hannah Kowalczyk", "EMP-1108": "Samuel Osei",
            "EMP-1103": "Aisha Bello", "EMP-1102": "Tomasz Wierzbicki"}
ON_LEAVE = {"EMP-1103": "EMP-1104", "EMP-1108": "EMP-1105"}
WORD = {"failure": "failed", "damage": "damaged", "battery": "battery", "age": "age"}


def model_for(kind: str, practice: str) -> str:
    if kind == "laptop":
        return "MacBook Pro 14" if practice == "technology" else "ThinkPad T14"
    return STANDARD[kind]


def decide(kind: str, reason: str, age: int, battery: int | None) -> str:
    """replace | approval | decline (07_hardware.md, Replacing a device, rules 2-5)."""
    if reason == "failure":
        return "replace"
    if reason == "damage":
        return "approval" if age < 24 else "replace"
    if reason == "battery":
        return "replace" if battery <= 80 else "approval" if battery <= 89 else "decline"
    if reason == "age":
        if kind == "laptop":
            return "replace" if age >= 36 else "decline"
        if kind == "phone":
            return "replace" if age >= 30 else "decline"
        return "decline"
    raise ValueError(reason)


# id, employee (id, name, grade, practice, office, manager), device (kind, model, months old, extra days,
# battery), reason, what the employee says, title, rule
S = [
    ("hwr-001", ("EMP-3201", "Aaron Whitfield", "consultant", "strategy", "boston", "EMP-1101"),
     ("laptop", "ThinkPad T14", 36, 0, 71), "age", "Nothing is broken; I'd just like a newer laptop.",
     "Consultant's laptop turns exactly 36 months old today", "Rule: Hardware rule 5, bound included: laptops 36 months or older."),
    ("hwr-002", ("EMP-3202", "Beatriz Soto", "consultant", "strategy", "boston", "EMP-1101"),
     ("laptop", "ThinkPad T14", 36, 1, 74), "age", "Nothing is broken; I'd just like a newer laptop.",
     "Consultant's laptop one day short of 36 months old", "Rule: Hardware rule 5: a laptop younger than 36 months is not replaced for age."),
    ("hwr-003", ("EMP-3203", "Callum Reid", "analyst", "technology", "chicago", "EMP-1106"),
     ("laptop", "MacBook Pro 14", 8, 0, 96), "failure", "It won't power on at all since this morning.",
     "Technology analyst's eight-month-old laptop will not power on", "Rule: Hardware rule 2: a failed device is replaced at any age."),
    ("hwr-004", ("EMP-3204", "Daria Novak", "senior_consultant", "finance", "boston", "EMP-1105"),
     ("laptop", "ThinkPad T14", 23, 0, 88), "damage", "I dropped it and the screen is cracked, but it still works.",
     "Laptop with a cracked screen, 23 months old", "Rule: Hardware rule 3: damage under 24 months needs the manager's approval."),
    ("hwr-005", ("EMP-3205", "Emil Sorensen", "senior_consultant", "finance", "boston", "EMP-1105"),
     ("laptop", "ThinkPad T14", 24, 0, 85), "damage", "The hinge snapped; it works but the screen won't stay up.",
     "Laptop with a broken hinge, exactly 24 months old", "Rule: Hardware rule 3, bound included: damage at 24 months or older is replaced without approval."),
    ("hwr-006", ("EMP-3206", "Fatima Zahra", "consultant", "operations", "boston", "EMP-1105"),
     ("phone", "iPhone 14", 20, 0, 80), "battery", "The battery dies by lunchtime every day.",
     "Phone battery health at 80%", "Rule: Hardware rule 4, bound included: 80% or less is replaced without approval."),
    ("hwr-007", ("EMP-3207", "George Papadakis", "consultant", "operations", "boston", "EMP-1105"),
     ("phone", "iPhone 14", 20, 0, 81), "battery", "The battery dies by lunchtime every day.",
     "Phone battery health at 81%", "Rule: Hardware rule 4: 81% to 89% needs the manager's approval."),
    ("hwr-008", ("EMP-3208", "Hana Yoshida", "analyst", "finance", "boston", "EMP-1105"),
     ("phone", "iPhone 15", 14, 0, 90), "battery", "The battery doesn't last as long as it used to.",
     "Phone battery health at 90%", "Rule: Hardware rule 4: 90% or more is not eligible."),
    ("hwr-009", ("EMP-3209", "Ivan Petrenko", "consultant", "operations", "london", "EMP-1104"),
     ("phone", "iPhone 14", 26, 0, 74), "battery", "The battery barely lasts half a day.",
     "London consultant's phone battery at 74% while London holds only an older phone model", "Rule: Hardware, Fulfilling from stock: no standard model in the office's stock, so order one; the old phone is kept."),
    ("hwr-010", ("EMP-3210", "Julia Brenner", "senior_consultant", "technology", "london", "EMP-1104"),
     ("laptop", "MacBook Pro 14", 40, 0, 62), "age", "Nothing is broken; it's just old and I'd like a new one.",
     "Technology consultant in London with a 40-month-old laptop", "Rule: Hardware, standard model by practice and office stock: London has no MacBook Pro 14 in stock (a MacBook Air is not standard), so order."),
    ("hwr-011", ("EMP-3211", "Kofi Asante", "consultant", "strategy", "chicago", "EMP-1107"),
     ("laptop", "MacBook Pro 14", 37, 0, 66), "age", "Nothing is wrong with it; it's just old.",
     "Strategy consultant in Chicago holds an old laptop of a model that is not his practice's standard", "Rule: Hardware, Standard models: the replacement is the practice's standard (ThinkPad T14), whatever the old model."),
    ("hwr-012", ("EMP-3212", "Lena Hartmann", "analyst", "technology", "chicago", "EMP-1106"),
     ("phone", "iPhone 13", 30, 0, 86), "age", "Nothing is broken, it's just an old phone.",
     "Analyst's phone exactly 30 months old, no fault", "Rule: Hardware rule 5, bound included: phones 30 months or older are replaced for age."),
    ("hwr-013", ("EMP-3213", "Mateo Rossi", "analyst", "technology", "chicago", "EMP-1106"),
     ("phone", "iPhone 13", 29, 0, 86), "age", "Nothing is broken, it's just an old phone.",
     "Analyst's phone 29 months old, no fault", "Rule: Hardware rule 5: a phone younger than 30 months is not replaced for age."),
    ("hwr-014", ("EMP-3214", "Nora Kelly", "consultant", "strategy", "boston", "EMP-1108"),
     ("phone", "iPhone 15", 14, 0, 93), "damage", "The back glass is shattered, though it still works.",
     "Phone with shattered glass, 14 months old, while the manager is on leave", "Rule: Hardware rule 3 with Approvals step 2: manager on leave, so his delegate approves."),
    ("hwr-015", ("EMP-3215", "Oscar Lindholm", "manager", "technology", "chicago", "EMP-1102"),
     ("monitor", "Dell U2720", 50, 0, None), "failure", "It shows nothing at all any more, no signal.",
     "Manager's monitor in Chicago stops displaying anything", "Rule: Hardware rule 2 and Fulfilling from stock: Chicago has no monitor in stock, so order one."),
    ("hwr-019", ("EMP-3219", "Ursula Becker", "manager", "operations", "boston", "EMP-1105"),
     ("laptop", "ThinkPad T14", 40, 0, 58), "damage", "I spilled coffee on it; the keyboard is sticky but it still works.",
     "Forty-month-old laptop with liquid damage", "Rule: Hardware, first rule that applies: damage (rule 3) comes before age (rule 5); 24 months or older, replaced, retire reason damage."),
    ("hwr-016", ("EMP-3216", "Paula Jimenez", "consultant", "operations", "london", "EMP-1104"),
     ("monitor", "Dell U2720", 50, 0, None), "age", "It works, it's just an old model.",
     "Consultant asks to swap a working old monitor", "Rule: Hardware rule 5: monitors are not replaced for age."),
]


# 07_hardware.md, "Handing in the old device": a replacement from stock means handing the old device
# in, so the employee is told and agrees before the new one is assigned.
HAND_IN = {"text": ["hand in", "hand it in", "handed in", "handing in", "hand over", "return your old",
                    "return the old", "give back"], "label": "the old device is handed in"}
ABOUT = "replace the device and hand in the old one"
AFTER = ["handing in the old device", "hand in", "hand it in", "handed in", "return"]


def build(sid, emp, device, reason, says_user, title, rule, declines=False):
    eid, ename, grade, practice, office, manager = emp
    kind, old_model, months, extra, battery = device
    num = eid[4:]
    old_id = f"DEV-{num}"
    purchased = months_ago(months, extra)
    months = age_months(date.fromisoformat(purchased), TODAY)   # the age get_device shows
    rows = merge(person(eid, ename, grade, practice, office, manager), {"devices": [
        {"id": old_id, "kind": kind, "model": old_model, "office": office, "status": "assigned",
         "purchased_on": purchased, "battery_health": battery, "assigned_to": eid}]})
    if kind != "laptop":   # everyone also holds a laptop, which must stay untouched
        rows["devices"].append({"id": f"DEV-{num}L", "kind": "laptop", "model": model_for("laptop", practice),
                                "office": office, "status": "assigned", "purchased_on": "2025-05-12",
                                "battery_health": 97, "assigned_to": eid})
    email = email_of(rows, eid)
    word = {"laptop": "laptop", "phone": "phone", "monitor": "monitor"}[kind]
    request = {"failure": f"Hi, my {word} has stopped working. Can I get a replacement?",
               "damage": f"Hello, my {word} got damaged. Could I get it replaced?",
               "battery": f"Hi, the battery on my {word} is really bad now. Can you help?",
               "age": f"Hi, I'd like to get my {word} replaced, please."}[reason]
    facts = {"email": email, "name": ename, "problem": says_user}
    if reason == "age" and battery is not None and battery <= 89:
        # a worn battery (89% or less) would be a reason of its own (Hardware rule 4): the employee
        # asks for an age replacement, so asked about the battery it has no complaint
        facts["battery"] = "The battery is fine; it still lasts the working day."
    steps = [call("find_employee", email=email), call("list_devices", employee_id=eid)]
    outcome = decide(kind, reason, months, battery)
    model = model_for(kind, practice)
    uid = "U-" + num
    type_ = "incident" if reason in ("failure", "damage", "battery") else "task"
    priority = "high" if type_ == "incident" else "normal"
    never = []
    agree = False
    if outcome == "decline":
        resolution = "declined"
        why = {"battery": f"its battery health is {battery}%, and a worn battery qualifies only below 90%",
               "age": (f"it is {months} months old, and a {word} qualifies for an age replacement from "
                       f"{36 if kind == 'laptop' else 30} months" if kind != "monitor"
                       else "monitors are not replaced for age")}[reason]
        final = (f"I'm sorry, your {word} is not eligible for a replacement: {why}. If it develops a fault or gets "
                 "damaged, let us know.")
        states = [DECLINED]
        if kind == "monitor":
            states.append(because(["monitors are not replaced", "not replaced for age", "for age"],
                              "why: monitors are not replaced for age"))
        else:
            # the decisive fact of the reason given: the battery health for a battery request, the age (or the
            # age threshold it falls short of) for an age request
            limit = 36 if kind == "laptop" else 30
            states.append(value("percent", battery, "why: the battery health") if reason == "battery"
                          else value("duration", [months, "month"], "why: the device's age", "age"))
    elif outcome == "approval":
        approver = manager
        steps.append(call("find_employee", employee_id=approver))
        if approver in ON_LEAVE:
            approver = ON_LEAVE[approver]
            steps.append(call("find_employee", employee_id=approver))
        steps.append(call("request_approval", kind="hardware", requester_id=eid, approver_id=approver,
                          subject_id=old_id))
        resolution = "awaiting_approval"
        leave = (f" I have sent the request to {MANAGERS[approver]}."
                 if manager in ON_LEAVE else f" I have sent the request to {MANAGERS[approver]}.")
        why = (f"it is {months} months old and damaged" if reason == "damage"
               else f"its battery health is {battery}%")
        final = (f"Replacing your {word} needs your manager's approval because {why}.{leave} The replacement is arranged "
                 "when the approval comes in; nothing changes until then.")
        states = [AWAITING, name(MANAGERS[approver], "the approver")]
    else:
        steps.append(call("check_inventory", office=office, kind=kind))
        stock = STOCK.get((office, kind, model), [])
        if stock:
            new = stock[0]
            article = "an" if model[0] in "AEIOUi" else "a"
            steps.append({"say": f"I can give you {article} {model} from the {office.title()} office stock. When you "
                                 f"collect it, you hand in your old {word}, which is wiped and retired. Would you like "
                                 "me to go ahead?"})
            agree = True
            steps.append(call("assign_device", device_id=new, employee_id=eid))
            steps.append(call("retire_device", device_id=old_id, reason=reason))
            resolution = "fulfilled"
            final = (f"Your replacement {word}, {article} {model}, is assigned to you and ready to collect at the {office.title()} "
                     f"office; the old one has been retired.")
            states = [name(model, "the replacement model"), decision("granted", "decision: replaced from stock")]
        else:
            expected = (TODAY + timedelta(days=LEAD_DAYS[kind])).isoformat()
            steps.append(call("order_device", employee_id=eid, kind=kind, model=model, office=office))
            resolution = "ordered"
            final = (f"The {office.title()} office has no {model} in stock, so I have ordered one for you; it is "
                     f"expected on {expected}. Keep using your current {word} until the new one arrives.")
            states = [ORDERED, name(model, "the model ordered"), on_date(expected, "expected delivery")]
    if declines:
        assert agree, "a decline task needs a replacement from stock"
        steps = [st for st in steps if st.get("say") or st["tool"] in ("find_employee", "list_devices",
                                                                         "check_inventory")]
        resolution, outcome = "declined", "the employee keeps the old device after hearing it is handed in"
        final = (f"Understood: you keep your current {word} and nothing is assigned or retired. If you change your "
                 "mind, just ask again.")
        states = [name(model, "the replacement model offered")]
        never = [*never, decision("granted", "decision: a replacement assigned anyway")]
    steps.append(ticket(uid, "hardware", type_, priority, resolution, f"{word.capitalize()} replacement",
                        f"{reason} request for {old_id}: {outcome}."))
    notes = (f"{rule} {ename}: {grade}, {practice}, {office}. Old {kind} {old_model} bought {purchased}: "
             f"{months} months old on {TODAY}; battery {battery}. Reason {reason} -> {outcome}. Standard model {model}. "
             f"Ticket {type_}/{priority}/{resolution}.")
    out = task(sid, title, request, facts, ["Describe the problem as in your facts if asked."], rows, steps,
               final, states, notes, never)
    if agree:
        out["user_decisions"] = [{"about": ABOUT, "answer": "no", "after": AFTER,
                                  "reply": f"No, thanks: I'd rather keep my current {word} for now."} if declines else
                                 {"about": ABOUT, "answer": "yes", "after": AFTER, "reply": "Yes, please go ahead."}]
        out["says"]["states_before"] = [{**HAND_IN, "before": "assign_device"}]
        if not declines:
            out["says"]["agreement"] = [{"before": "assign_device"}]
    return out


def new_device_tasks():
    out = []
    eid, ename = "EMP-3217", "Rhea Kapoor"
    rows = merge(person(eid, ename, "analyst", "finance", "boston", "EMP-1105"), {"devices": [
        {"id": "DEV-3217L", "kind": "laptop", "model": "ThinkPad T14", "office": "boston", "status": "assigned",
         "purchased_on": "2025-08-04", "battery_health": 98, "assigned_to": eid}]})
    email = email_of(rows, eid)
    out.append(task(
        "hwr-017", "Analyst without a monitor asks for one",
        "Hi, could I get a monitor for my desk?", {"email": email, "name": ename}, [], rows,
        [call("find_employee", email=email), call("list_devices", employee_id=eid),
         call("check_inventory", office="boston", kind="monitor"),
         call("assign_device", device_id="DEV-5005", employee_id=eid),
         ticket("U-3217", "hardware", "task", "normal", "fulfilled", "New monitor", "No monitor held: standard monitor from Boston stock.")],
        "A Dell U2724 monitor is assigned to you and ready to collect at the Boston office.",
        [name("Dell U2724", "the monitor"), decision("granted", "decision: assigned")],
        "Rule: Hardware, New devices: no monitor held, so one standard Dell U2724 without approval; Boston's lowest "
        "in-stock monitor DEV-5005. Ticket task/normal/fulfilled/solved."))
    eid, ename = "EMP-3218", "Stefan Ivanov"
    rows = merge(person(eid, ename, "senior_consultant", "strategy", "london", "EMP-1104"), {"devices": [
        {"id": "DEV-3218L", "kind": "laptop", "model": "ThinkPad T14", "office": "london", "status": "assigned",
         "purchased_on": "2025-01-20", "battery_health": 90, "assigned_to": eid}]})
    email = email_of(rows, eid)
    out.append(task(
        "hwr-018", "Consultant who already has a laptop asks for a second one for client work",
        "Hi, I'd like a second laptop to keep for client work. Can you set one up?",
        {"email": email, "name": ename, "why": "It would be handy to keep client files on a separate machine."},
        ["If told no, accept it."], rows,
        [call("find_employee", email=email), call("list_devices", employee_id=eid),
         ticket("U-3218", "hardware", "task", "normal", "declined", "Second laptop", "Already holds a laptop: declined.")],
        "I'm sorry, I can't provide a second laptop: each employee holds one laptop, and you already hold yours. "
        "If it fails or is damaged, we will replace it.",
        [DECLINED, because(["already", "one laptop", "second"], "why: a laptop is held already")],
        "Rule: Hardware, New devices: a second device of a kind already held is declined; nothing reserved or "
        "assigned (London does have a ThinkPad T14 in stock). Ticket task/normal/declined/solved.",
        never=[decision("granted", "decision: a second laptop given")]))
    return out


# The same situations, in which the employee keeps the old device once told it is handed in
# (07_hardware.md, "Handing in the old device"; 03_tickets.md: declined, nothing provisioned).
DECLINES = [
    ("hwr-020", ("EMP-3220", "Vikram Shah", "consultant", "finance", "boston", "EMP-1105"),
     ("laptop", "ThinkPad T14", 38, 0, 70), "age", "Nothing is broken; I'd just like a newer laptop.",
     "Consultant with a 38-month-old laptop hears that the old one must be handed in",
     "Rule: Hardware rule 5 and Handing in the old device: the laptop qualifies for age and Boston has a ThinkPad "
     "T14, but the employee keeps the old one once told it is handed in: nothing assigned or retired."),
    ("hwr-021", ("EMP-3221", "Wendy Okafor", "analyst", "technology", "chicago", "EMP-1106"),
     ("phone", "iPhone 13", 31, 0, 84), "age", "Nothing is broken, it's just an old phone.",
     "Analyst with a 31-month-old phone hears that the old one must be handed in",
     "Rule: Hardware rule 5 and Handing in the old device: the phone qualifies for age and Chicago has an iPhone 16, "
     "but the employee declines once told the old phone is handed in."),
    ("hwr-022", ("EMP-3222", "Xavier Dumont", "senior_consultant", "strategy", "boston", "EMP-1101"),
     ("laptop", "ThinkPad T14", 30, 0, 77), "damage", "A corner of the case is cracked, but it works fine.",
     "Laptop with a cracked case, 30 months old, whose owner hears the old one must be handed in",
     "Rule: Hardware rule 3 (24 months or older: no approval) and Handing in the old device: the employee prefers "
     "to keep the working, damaged laptop: nothing assigned or retired; the ticket is still an incident."),
    ("hwr-023", ("EMP-3223", "Yusuf Demir", "consultant", "operations", "boston", "EMP-1105"),
     ("phone", "iPhone 14", 22, 0, 78), "battery", "The battery is flat by mid-afternoon.",
     "Phone battery health at 78%, owner hears the old phone must be handed in",
     "Rule: Hardware rule 4 (80% or less: no approval) and Handing in the old device: the employee declines once "
     "told the old phone is handed in: ticket only."),
]


if __name__ == "__main__":
    tasks = [build(*s) for s in S] + new_device_tasks() + [build(*s, declines=True) for s in DECLINES]
    write("hardware.json", "hardware", "Device replacements, new devices and office stock.", tasks)
