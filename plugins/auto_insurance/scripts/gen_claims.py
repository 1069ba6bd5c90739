"""Claims intake tasks (family fnol) beyond the two samples: coverage by the driver's status
(excluded driver), a loss on the last day of a recorded lapse, loss types decided by the
first line that applies (hit-and-run with an injury, a parked car hit by a driver who left,
an animal strike, hail that broke only glass), deductibles by coverage and state, and a
caller who may not report a loss on the policy. Writes tasks/claims.json.
Run: uv run python plugins/auto_insurance/scripts/gen_claims.py"""
from __future__ import annotations

from taskkit import DECLINED, TODAY, Person, decision, driver, m, merge, plus, policy, ticket, vehicle, write

COVERAGE = {"parked_hit": "collision", "hit_and_run": "collision", "collision_vehicle": "collision",
            "collision_object": "collision", "animal": "comprehensive", "theft": "comprehensive",
            "vandalism": "comprehensive", "glass": "comprehensive", "weather": "comprehensive"}


def deductible(loss_type: str, state: str, collision: float, comprehensive: float) -> float:
    """09_claims.md "Coverage and deductible" with 04's glass rule."""
    if loss_type == "glass" and state == "AZ":
        return 0.0
    return collision if COVERAGE[loss_type] == "collision" else comprehensive


def never(p: Person, *extra: dict) -> list[dict]:
    return [*p.never(), *extra, {"id": "TCK-5001", "label": "ticket id"}]


def filed(tid: str, title: str, request: str, caller: Person, role: str, pid: str, rows: dict, facts: dict, *,
          vehicle_id: str, state: str, loss: str, loss_type: str, collision: float, comprehensive: float,
          injuries: bool, driver_id: str | None, police: str | None, plate: str | None, what: str, final: str,
          notes: str, extra_never: list[dict] | None = None, lookups: list[dict] | None = None) -> dict:
    ded = deductible(loss_type, state, collision, comprehensive)
    cov = COVERAGE[loss_type]
    args = {"policy_id": pid, "vehicle_id": vehicle_id, "reported_by": caller.id, "loss_date": loss,
            "loss_type": loss_type, "coverage": cov, "deductible": ded, "description": what, "injuries": injuries}
    if driver_id:
        args["driver_id"] = driver_id
    if police:
        args["police_report"] = police
    if plate:
        args["other_party_plate"] = plate
    priority = "urgent" if injuries else "high"
    return {
        "id": tid, "family": "fnol", "title": title, "request": request,
        "user_facts": {**caller.facts(), "policy number": pid, **facts},
        "rows": rows,
        "solution": [*(lookups or caller.lookups(pid)), {"tool": "file_claim", "args": args},
                     ticket(caller, pid, "claims", role, "incident", priority, "completed", "Loss report",
                            f"{loss_type.replace('_', ' ')} on {loss}; claim opened.")],
        "final_message": final,
        "says": {"states": [{"id": "CLM-9001", "label": "claim number"}, {"money": m(ded), "label": "deductible"}],
                 "never_states": never(caller, *(extra_never or []))},
        "notes": notes + f" Coverage {cov}, deductible {m(ded)}. Ticket claims/incident/{priority}/completed/solved, "
                         f"caller_role {role}.",
    }


def refused(tid: str, title: str, request: str, caller: Person, role: str, pid: str, rows: dict, facts: dict,
            lookups: list[dict], final: str, notes: str, behavior: list[str]) -> dict:
    return {
        "id": tid, "family": "fnol", "title": title, "request": request,
        "user_facts": {**caller.facts(), "policy number": pid, **facts},
        "user_behavior": behavior,
        "rows": rows,
        "solution": [*lookups, ticket(caller, pid, "claims", role, "incident", "high", "declined", "Loss report",
                                      "Loss report declined; no claim filed.")],
        "final_message": final,
        "says": {"states": [decision("decision: declined", DECLINED)],
                 "never_states": never(caller, {"id": "CLM-9001", "label": "claim number (none may be filed)"})},
        "notes": notes + f" Nothing is filed; only the ticket changes: claims/incident/high/declined/solved, caller_role "
                         f"{role}.",
    }


def tasks() -> list[dict]:
    out = []

    # fnol-003: GA, an excluded driver was driving -> not covered
    p = Person(5403, "Odalys Quintero", "1980-08-08", "6027")
    pid = "NG-GA-540300"
    loss = plus(TODAY, -2)
    rows = merge(p.rows(), policy(pid, "GA", "plus", p, "2026-01-18", "2026-07-18", 1095.0),
                 driver("DRV-5403", pid, p, "GA-D5403001", p.name, p.dob, "named_insured", 110.0, state="GA"),
                 driver("DRV-5404", pid, None, "GA-D5404001", "Dario Quintero", "1979-04-15", "relative", 0.0,
                        status="excluded", state="GA"),
                 vehicle("VEH-5403", pid, "1NGSUV23A0R200003", 2023, "Kia", "Sorento", "suv", "GA", "30316", 340.0,
                         collision_deductible=500.0, comprehensive_deductible=250.0))
    out.append(refused(
        "fnol-003", "Georgia policyholder reports a crash that happened while her brother-in-law was driving her SUV",
        "Hi, I need to report an accident with my Sorento. It got hit at an intersection two days ago.",
        p, "named_insured", pid, rows,
        {"date": f"It was on {loss}.", "driving": "My brother-in-law, Dario Quintero, was driving; I lent him the car.",
         "injured": "No one was hurt.", "police report": "Yes, report number ATL-26-55120.",
         "plate": "The other car's plate was GBR 7713."},
        [*p.lookups(pid)],
        "I'm sorry, but this loss is not covered, so I can't open a claim for it: Dario Quintero, who was driving, is an "
        "excluded driver on your policy, and the policy does not cover any loss while an excluded driver is driving.",
        "Rule: 09 coverage check 2: the driver was Dario Quintero, whose record on the policy is excluded -> not covered "
        "-> decline (the policy was in force on the date, which does not help).",
        ["If the loss is not covered, accept the explanation."]))

    # fnol-004: IL, loss on the last day of a recorded lapse -> not covered
    p = Person(5405, "Wendell Ashcombe", "1967-01-23", "1184")
    pid = "NG-IL-540500"
    lapse_start, lapse_end, reinstated = "2026-02-20", "2026-03-04", "2026-03-05"
    loss = lapse_end
    rows = merge(p.rows(), policy(pid, "IL", "essential", p, "2025-12-15", "2026-06-15", 815.0, status="active",
                                  cancellation_date=lapse_start, cancellation_reason="nonpayment",
                                  reinstated_on=reinstated, lapse_start=lapse_start, lapse_end=lapse_end),
                 driver("DRV-5405", pid, p, "IL-D5405001", p.name, p.dob, "named_insured", 150.0, state="IL"),
                 vehicle("VEH-5405", pid, "1NGSED24A0R100001", 2024, "Toyota", "Camry", "sedan", "IL", "60201", 280.0,
                         collision_deductible=500.0, comprehensive_deductible=250.0))
    out.append(refused(
        "fnol-004", "Illinois policyholder whose policy was reinstated reports storm damage from early March",
        "Hello, a big branch came down on my parked Camry during that windstorm earlier this month. I want to file a claim.",
        p, "named_insured", pid, rows,
        {"date": f"The storm was on {loss}.", "driving": "Nobody, it was parked in front of my house.",
         "injured": "No injuries.", "police report": "No police report.", "plate": "No other vehicle was involved."},
        [*p.lookups(pid)],
        f"I'm sorry, but this loss is not covered, so I can't open a claim: the storm damage happened on {loss}, which "
        f"falls within the lapse in your coverage from {lapse_start} to {lapse_end}, before the policy was reinstated on "
        f"{reinstated}.",
        f"Rule: 09 coverage check 1: the loss date {loss} is the last day of the recorded lapse ({lapse_start} to "
        f"{lapse_end}, both included) -> not in force -> decline. One day later ({reinstated}) it would be covered.",
        ["If the loss is not covered, accept the explanation."]))

    # fnol-005: AZ, listed son hit and the other driver fled, with an injury -> urgent
    ins = Person(5406, "Ottoline Reyes", "1972-03-17", "9950")
    son = Person(5407, "Caspian Reyes", "2004-06-30", "2731")
    pid = "NG-AZ-540600"
    loss = plus(TODAY, 0)
    rows = merge(ins.rows(), son.rows(), policy(pid, "AZ", "plus", ins, "2026-02-02", "2026-08-02", 1610.0),
                 driver("DRV-5406", pid, ins, "AZ-D5406001", ins.name, ins.dob, "named_insured", 110.0),
                 driver("DRV-5407", pid, son, "AZ-D5407001", son.name, son.dob, "child", 260.0),
                 vehicle("VEH-5406", pid, "1NGSUV21A0R200002", 2021, "Ford", "Explorer", "suv", "AZ", "85719", 340.0,
                         collision_deductible=500.0, comprehensive_deductible=250.0),
                 vehicle("VEH-5407", pid, "1NGSED19A0R100003", 2019, "Hyundai", "Elantra", "sedan", "AZ", "85719", 280.0,
                         collision_deductible=1000.0, comprehensive_deductible=500.0))
    out.append(filed(
        "fnol-005", "Listed son's Elantra is struck from the side by a driver who sped off; he hurt his wrist",
        "Hi, someone slammed into the side of my Elantra at an intersection this morning and just took off. I need to report it.",
        son, "listed_driver", pid, rows,
        {"date": f"This morning, {loss}.", "driving": "I was driving.",
         "injured": "Yes, I hurt my wrist; I got it checked at urgent care.",
         "police report": "Yes, the police report number is TPD-26-08841.",
         "plate": "I couldn't get the plate, they drove off too fast."},
        vehicle_id="VEH-5407", state="AZ", loss=loss, loss_type="hit_and_run", collision=1000.0, comprehensive=500.0,
        injuries=True, driver_id="DRV-5407", police="TPD-26-08841", plate=None,
        what="Struck from the side at an intersection while driving; the other driver fled. Driver's wrist injured.",
        final=f"I'm sorry about your wrist. I've opened claim CLM-9001 for the hit-and-run on {loss}: it falls under the "
              "collision coverage of the Elantra, with a $1000.00 deductible. An adjuster will contact you soon.",
        notes="Rules: 02 a listed driver may report a loss; 09 loss type: hit while being driven and the other vehicle "
              "drove off -> hit_and_run (line 2, before collision_vehicle); the Elantra's collision deductible (not the "
              "Explorer's). 03 priority urgent (someone injured).",
        extra_never=[]))

    # fnol-006: PA, parked car hit overnight, the driver left -> parked_hit, nobody driving
    p = Person(5408, "Hyacinth Delacourt", "1961-10-04", "4416")
    pid = "NG-PA-540800"
    loss = plus(TODAY, -1)
    rows = merge(p.rows(), policy(pid, "PA", "elite", p, "2025-10-30", "2026-04-30", 1275.0),
                 driver("DRV-5408", pid, p, "PA-D5408001", p.name, p.dob, "named_insured", 150.0, state="PA"),
                 vehicle("VEH-5408", pid, "1NGSUV25A0R200001", 2025, "Subaru", "Outback", "suv", "PA", "19146", 340.0,
                         collision_deductible=750.0, comprehensive_deductible=250.0))
    out.append(filed(
        "fnol-006", "Pennsylvania policyholder's parked Outback was hit overnight by a van that drove away",
        "Good morning. My neighbour saw a van back into my Subaru on the street last night and then drive away. What do I do?",
        p, "named_insured", pid, rows,
        {"date": f"Last night, {loss}.", "driving": "Nobody was in it; it was parked on the street outside my house.",
         "injured": "Nobody was hurt.", "police report": "Yes, I called the police; the report number is PPD-26-40417.",
         "plate": "My neighbour wrote down the van's plate: HVM 2290."},
        vehicle_id="VEH-5408", state="PA", loss=loss, loss_type="parked_hit", collision=750.0, comprehensive=250.0,
        injuries=False, driver_id=None, police="PPD-26-40417", plate="HVM2290",
        what="Parked on the street overnight; a van backed into it and drove away.",
        final=f"I've opened claim CLM-9001 for the damage to your parked Outback on {loss}. It falls under your collision "
              "coverage, with a $750.00 deductible. The police report and the van's plate are on the claim.",
        notes="Rules: 09 loss type line 1: parked and unattended, hit by another vehicle, also when that driver left -> "
              "parked_hit (not hit_and_run); nobody driving -> no driver_id; plate HVM2290, police report recorded. "
              "Priority high (no injury)."))

    # fnol-007: IL, struck a deer -> animal, comprehensive deductible (not collision)
    p = Person(5409, "Mortimer Saltonstall", "1970-07-12", "3302")
    kid = Person(5410, "Juniper Saltonstall", "2003-02-09", "8861")
    pid = "NG-IL-540900"
    loss = plus(TODAY, -3)
    rows = merge(p.rows(), kid.rows(), policy(pid, "IL", "plus", p, "2026-01-06", "2026-07-06", 1330.0),
                 driver("DRV-5409", pid, p, "IL-D5409001", p.name, p.dob, "named_insured", 110.0, state="IL"),
                 driver("DRV-5410", pid, kid, "IL-D5410001", kid.name, kid.dob, "child", 260.0, state="IL"),
                 vehicle("VEH-5409", pid, "1NGTRK20A0R300001", 2020, "Ford", "F-150", "truck", "IL", "61801", 330.0,
                         collision_deductible=1000.0, comprehensive_deductible=500.0))
    out.append(filed(
        "fnol-007", "Illinois policyholder reports that his listed daughter hit a deer with the family pickup",
        "Hi, my daughter hit a deer with our F-150 on a country road a few days ago. The front end is smashed. I need to file a claim.",
        p, "named_insured", pid, rows,
        {"date": f"It was on {loss}, in the evening.", "driving": "My daughter Juniper was driving.",
         "injured": "She's fine, nobody was hurt.", "police report": "No, we didn't call the police.",
         "plate": "No other vehicle was involved."},
        vehicle_id="VEH-5409", state="IL", loss=loss, loss_type="animal", collision=1000.0, comprehensive=500.0,
        injuries=False, driver_id="DRV-5410", police=None, plate=None,
        what="Struck a deer on a country road; front end damaged.",
        final=f"I've opened claim CLM-9001 for the deer strike on {loss}. Hitting an animal falls under your comprehensive "
              "coverage, so the deductible is $500.00.",
        notes="Rules: 09 loss type line 5: the insured vehicle struck an animal -> animal -> comprehensive, so the "
              "comprehensive deductible 500 applies (not the 1000 collision deductible); driver the listed daughter.",
        extra_never=[]))

    # fnol-008: the named insured's daughter, not on his policy (she has her own policy), reports a loss -> declined
    dad = Person(5411, "Barnaby Whitcombe", "1955-11-30", "6648")
    me = Person(5412, "Seraphina Whitcombe", "1989-05-21", "1597")
    pid = "NG-GA-541100"
    own = "NG-GA-541200"
    rows = merge(dad.rows(), me.rows(), policy(pid, "GA", "elite", dad, "2026-01-22", "2026-07-22", 1180.0),
                 driver("DRV-5411", pid, dad, "GA-D5411001", dad.name, dad.dob, "named_insured", 150.0, state="GA"),
                 vehicle("VEH-5411", pid, "1NGLUX23A0R500002", 2023, "Lexus", "ES 350", "luxury", "GA", "30305", 520.0),
                 policy(own, "GA", "plus", me, "2025-09-10", "2026-03-10", 760.0, status="expired"),
                 driver("DRV-5412", own, me, "GA-D5412001", me.name, me.dob, "named_insured", 110.0, state="GA"),
                 vehicle("VEH-5412", own, "1NGSED22A0R100002", 2022, "Honda", "Civic", "sedan", "GA", "30309", 280.0))
    out.append(refused(
        "fnol-008", "Policyholder's daughter, house-sitting, reports her father's parked Lexus was keyed",
        "Hi, I'm house-sitting for my dad and someone keyed his Lexus in the driveway last night. I want to report it "
        "for him; he's travelling.",
        me, "other", pid, rows,
        {"dad": "Barnaby Whitcombe; the policy is in his name.", "date": f"Last night, {plus(TODAY, -1)}.",
         "driving": "Nobody, it was parked.", "injured": "No one was hurt.", "police report": "Not yet.",
         "plate": "No other vehicle."},
        [*me.lookups()],
        "I'm sorry, but I can't take this loss report from you: a loss on your father's policy can be reported only by "
        "him, as the named insured, or by a driver listed on his policy, and you are not on it. He can contact us, even "
        "from his trip.",
        "Rules: 02 caller roles: the caller is named insured of her own (expired) policy but is not the named insured "
        "nor a listed driver of NG-GA-541100 -> role other; 09 a loss may be reported by the named insured or a listed "
        "driver -> decline, file nothing. Ticket policy_id is her father's policy.",
        ["If the loss cannot be reported by you, accept that your father has to call."]))

    # fnol-009: GA, hail broke only the windshield -> glass (before weather), GA glass deductible = comprehensive
    p = Person(5413, "Ambrose Kettering", "1963-04-04", "7229")
    pid = "NG-GA-541300"
    loss = plus(TODAY, -2)
    rows = merge(p.rows(), policy(pid, "GA", "essential", p, "2026-02-26", "2026-08-26", 790.0),
                 driver("DRV-5413", pid, p, "GA-D5413001", p.name, p.dob, "named_insured", 150.0, state="GA"),
                 vehicle("VEH-5413", pid, "1NGVAN22A0R400001", 2022, "Honda", "Odyssey", "minivan", "GA", "30501", 300.0,
                         collision_deductible=500.0, comprehensive_deductible=100.0))
    out.append(filed(
        "fnol-009", "Georgia policyholder's minivan windshield cracked in a hailstorm while parked at home",
        "Hello, that hailstorm on Saturday cracked the windshield on my Odyssey. Can I put in a claim?",
        p, "named_insured", pid, rows,
        {"date": f"It was on {loss}.", "driving": "Nobody, it was parked in my driveway.", "injured": "No injuries.",
         "damage": "Only the windshield is cracked; the body has no dents.", "police report": "No police report.",
         "plate": "No other vehicle was involved."},
        vehicle_id="VEH-5413", state="GA", loss=loss, loss_type="glass", collision=500.0, comprehensive=100.0,
        injuries=False, driver_id=None, police=None, plate=None,
        what="Hail cracked the windshield while parked; no other damage.",
        final=f"I've opened claim CLM-9001 for the cracked windshield on {loss}. It falls under your comprehensive "
              "coverage; in Georgia a glass-only claim carries your comprehensive deductible, $100.00.",
        notes="Rules: 09 loss type, first that applies: only glass damaged, by a cause not in lines 1-7 -> glass (line 8, "
              "ahead of weather); 04 GA glass deductible = the comprehensive deductible 100 (not 0 as in AZ)."))
    return out


if __name__ == "__main__":
    write("claims", "fnol", "Claims intake: coverage by the driver's status and the policy's dates, loss types, "
                            "deductibles by coverage and state, who may report a loss.", tasks())
