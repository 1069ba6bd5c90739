"""Sample tasks of the families other authors extend: drivers, vehicles, cancel/reinstate,
claims, listed-driver limits and the two-part request. Each family's samples go to
tasks/<family>_samples.json. Run: uv run python plugins/auto_insurance/scripts/gen_samples.py"""
from __future__ import annotations

from taskkit import (
    DECLINED, TODAY, Person, agree, decision, driver, m, merge, plus, policy, rating, ticket, vehicle, write,
)
from thinkingbox_auto_insurance.rating import driver_surcharge, return_premium
from decimal import Decimal


def drv_samples() -> list[dict]:
    tasks = []
    # drv-s01: a teenage son with one violation, plus tier, GA -> added, no review
    p = Person(3101, "Marisol Vance", "1979-04-22", "5820")
    pid = "NG-GA-310001"
    sur = driver_surcharge("2008-09-02", 1, 0, None, TODAY)
    premium = Decimal("1040.00")
    new = premium + sur
    rows = merge(p.rows(), policy(pid, "GA", "plus", p, "2026-01-08", "2026-07-08", 1040.0),
                 driver("DRV-3101", pid, p, "GA-D3101001", p.name, p.dob, "named_insured", 110.0, state="GA"),
                 vehicle("VEH-3101", pid, "1NGSUV21A0R200002", 2021, "Ford", "Explorer", "suv", "GA", "30062", 340.0),
                 {"driving_records": [{"license_number": "GA-D3101002", "name": "Eli Vance", "date_of_birth": "2008-09-02",
                                       "license_state": "GA", "minor_violations": 1}]})
    tasks.append({
        "id": "drv-s01", "family": "drv",
        "title": "Named insured adds her newly licensed teenage son, who has one speeding ticket",
        "request": "Hi, my son just got his driver's license and I need to add him to my car insurance.",
        "user_facts": {**p.facts(), "policy number": pid, "license number": "His license number is GA-D3101002.",
                       "relationship": "He is my son.", "son": "Eli Vance, born 2 September 2008."},
        "user_behavior": ["Accept the premium increase once it is explained."],
        "user_decisions": agree("add my son to the policy", after=["$"]),
        "rows": rows,
        "solution": [*p.lookups(pid), {"tool": "get_driving_record", "args": {"license_number": "GA-D3101002"}},
                     {"say": f"Adding Eli adds ${m(sur)} to your term premium, which becomes ${m(new)}, effective today. Shall I add him?"},
                     {"tool": "add_driver", "args": {"policy_id": pid, "license_number": "GA-D3101002", "relationship": "child",
                                                     "underwriting_review": False}},
                     ticket(p, pid, "drivers", "named_insured", "task", "normal", "completed", "Add driver",
                            "Son added as a listed driver.")],
        "final_message": f"Eli is now a listed driver on policy {pid}, effective today. His surcharge is ${m(sur)}, so your term premium is now ${m(new)}.",
        "says": {"states": [{"money": m(sur), "label": "surcharge"}, {"money": m(new), "label": "new premium"}],
                 "states_before": [{"money": m(sur), "before": "add_driver", "label": "surcharge"}],
                 "never_states": [*p.never(), {"id": "DRV-7001", "label": "driver id"}, {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": f"Rule: 07_drivers adding (first line that applies: valid licence, no DUI, 1 violation < 3 -> add, review false). "
                 f"Age 17 -> 420 + 60 x 1 = {m(sur)}; premium 1040 + {m(sur)} = {m(new)}. Ticket drivers/task/normal/completed/solved.",
    })
    # drv-s02: spouse with a DUI 3.5 years ago on an essential AZ policy -> declined
    p = Person(3102, "Gideon Marsh", "1983-12-09", "0718")
    pid = "NG-AZ-310002"
    rows = merge(p.rows(), policy(pid, "AZ", "essential", p, "2025-12-01", "2026-06-01", 760.0),
                 driver("DRV-3102", pid, p, "AZ-D3102001", p.name, p.dob, "named_insured", 110.0),
                 vehicle("VEH-3102", pid, "1NGSED19A0R100003", 2019, "Hyundai", "Elantra", "sedan", "AZ", "85281", 280.0),
                 {"driving_records": [{"license_number": "AZ-D3102002", "name": "Lena Marsh", "date_of_birth": "1985-02-17",
                                       "license_state": "AZ", "dui_date": "2022-09-30"}]})
    tasks.append({
        "id": "drv-s02", "family": "drv",
        "title": "Named insured on an essential policy asks to add his wife, whose record shows a DUI in 2022",
        "request": "Hello, I'd like to add my wife as a driver on our auto policy.",
        "user_facts": {**p.facts(), "policy number": pid, "license number": "Her license number is AZ-D3102002.",
                       "relationship": "She is my wife.", "wife": "Lena Marsh."},
        "user_behavior": ["If she cannot be added, accept the explanation and do not ask for anything else."],
        "rows": rows,
        "solution": [*p.lookups(pid), {"tool": "get_driving_record", "args": {"license_number": "AZ-D3102002"}},
                     ticket(p, pid, "drivers", "named_insured", "task", "normal", "declined", "Add driver declined",
                            "Spouse has a DUI within 5 years; essential policy.")],
        "final_message": "I'm sorry, but I can't add Lena to your policy: her driving record shows a DUI conviction within the last five years, and your policy's plan does not accept drivers with a recent DUI. Nothing on your policy has changed.",
        "says": {"states": [decision("decision: declined", DECLINED)],
                 "never_states": [*p.never(), {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": "Rule: 07_drivers adding, line 2: DUI 2022-09-30 is at most 5 years before 2026-03-16 (limit 2021-03-16); essential tier -> decline. Only the ticket changes: drivers/task/normal/declined/solved.",
    })
    return tasks


def veh_samples() -> list[dict]:
    tasks = []
    # veh-s01: financed SUV bought 4 days ago on a GA plus policy -> effective on purchase date
    p = Person(3201, "Harlan Oduya", "1972-07-30", "3391")
    pid = "NG-GA-320001"
    sur = rating.vehicle_surcharge("suv", "commute")
    new = Decimal("980.00") + sur
    purchase = plus(TODAY, -4)
    rows = merge(p.rows(), policy(pid, "GA", "plus", p, "2026-02-01", "2026-08-01", 980.0),
                 driver("DRV-3201", pid, p, "GA-D3201001", p.name, p.dob, "named_insured", 110.0, state="GA"),
                 vehicle("VEH-3201", pid, "1NGSED22A0R100002", 2022, "Honda", "Civic", "sedan", "GA", "30309", 280.0))
    tasks.append({
        "id": "veh-s01", "family": "veh",
        "title": "Georgia policyholder adds a financed SUV bought four days ago",
        "request": "Hi there, I bought a new SUV a few days ago and need it on my policy.",
        "user_facts": {**p.facts(), "policy number": pid, "vin": "1NGSUV25A0R200001",
                       "use": "I drive it to work every day.", "kept": "It's parked at home overnight, ZIP 30309, Georgia.",
                       "zip": "30309, Georgia.", "financed": "It's financed through Magnolia Credit Union.",
                       "lienholder": "Magnolia Credit Union.", "purchase date": f"I bought it on {purchase}."},
        "user_behavior": ["Accept the premium increase once it is explained."],
        "user_decisions": agree("add the vehicle", after=["$"]),
        "rows": rows,
        "solution": [*p.lookups(pid), {"tool": "get_claims", "args": {"policy_id": pid}},
                     {"tool": "lookup_vin", "args": {"vin": "1NGSUV25A0R200001"}},
                     {"say": f"Your 2025 Subaru Outback adds ${m(sur)} to the term premium (new premium ${m(new)}), with coverage effective from the purchase date, {purchase}. Shall I add it?"},
                     {"tool": "add_vehicle", "args": {"policy_id": pid, "vin": "1NGSUV25A0R200001", "use": "commute",
                                                      "garaging_zip": "30309", "garaging_state": "GA", "ownership": "financed",
                                                      "lienholder": "Magnolia Credit Union", "effective_date": purchase,
                                                      "underwriting_review": False}},
                     ticket(p, pid, "vehicles", "named_insured", "task", "normal", "completed", "Add vehicle",
                            "Financed SUV added, backdated to purchase.")],
        "final_message": f"Your 2025 Subaru Outback is now on policy {pid}, covered from {purchase}, the day you bought it, with Magnolia Credit Union as lienholder. It adds ${m(sur)}, so your term premium is now ${m(new)}.",
        "says": {"states": [{"money": m(sur), "label": "surcharge"}, {"money": m(new), "label": "new premium"},
                            {"date": purchase, "label": "effective date"}],
                 "states_before": [{"money": m(sur), "before": "add_vehicle", "label": "surcharge"}],
                 "never_states": [*p.never(), {"id": "VEH-8001", "label": "vehicle id"}, {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": f"Rules: 08_vehicles. suv, clean title, commute, garaged in GA -> eligible; plus tier, no claims -> no review. GA backdating 7 days: purchase {purchase} is 4 days ago -> effective {purchase}. Surcharge suv 340; premium 980 + 340 = {m(new)}.",
    })
    # veh-s02: remove a financed truck from a two-vehicle PA policy -> lienholder notice
    p = Person(3202, "Colette Brandt", "1968-01-11", "6604")
    pid = "NG-PA-320002"
    new = Decimal("1410.00") - Decimal("330.00")
    rows = merge(p.rows(), policy(pid, "PA", "elite", p, "2025-10-15", "2026-04-15", 1410.0),
                 driver("DRV-3202", pid, p, "PA-D3202001", p.name, p.dob, "named_insured", 110.0, state="PA"),
                 vehicle("VEH-3202", pid, "1NGSUV23A0R200003", 2023, "Kia", "Sorento", "suv", "PA", "19103", 340.0),
                 vehicle("VEH-3203", pid, "1NGTRK24A0R300002", 2024, "Ram", "1500", "truck", "PA", "19103", 330.0,
                         ownership="financed", lienholder="Keystone Auto Finance"))
    tasks.append({
        "id": "veh-s02", "family": "veh",
        "title": "Policyholder with two vehicles asks to remove her financed pickup",
        "request": "Hello, please take the Ram pickup off my insurance, my brother is taking it over.",
        "user_facts": {**p.facts(), "policy number": pid},
        "user_behavior": ["Agree to the removal once the premium change is explained."],
        "user_decisions": agree("remove the truck", after=["$"]),
        "rows": rows,
        "solution": [*p.lookups(pid), {"tool": "get_claims", "args": {"policy_id": pid}},
                     {"say": f"Removing the 2024 Ram 1500 today takes $330.00 off your term premium, which becomes ${m(new)}. Shall I remove it?"},
                     {"tool": "remove_vehicle", "args": {"vehicle_id": "VEH-3203"}},
                     {"tool": "send_lienholder_notice", "args": {"vehicle_id": "VEH-3203", "reason": "vehicle_removed",
                                                                 "effective_date": TODAY.isoformat()}},
                     ticket(p, pid, "vehicles", "named_insured", "task", "normal", "completed", "Remove vehicle",
                            "Financed truck removed; lienholder notified.")],
        "final_message": f"The 2024 Ram 1500 is off policy {pid} as of today, and we've notified its lienholder, Keystone Auto Finance. Your term premium goes down by $330.00 to ${m(new)}.",
        "says": {"states": [{"money": "330.00", "label": "reduction"}, {"money": m(new), "label": "new premium"}],
                 "states_before": [{"money": "330.00", "before": "remove_vehicle", "label": "reduction"}],
                 "never_states": [*p.never(), {"id": "VEH-3203", "label": "vehicle id"}, {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": f"Rules: 08_vehicles removing: not the only active vehicle, no open claim -> remove today; surcharge 330 off: 1410 - 330 = {m(new)}; financed -> lienholder notice vehicle_removed effective today.",
    })
    return tasks


def lif_samples() -> list[dict]:
    tasks = []
    # lif-s01: IL cancellation asked for today -> tomorrow; financed car -> lienholder notice
    p = Person(3301, "Wendell Achterberg", "1990-03-03", "2287")
    pid = "NG-IL-330001"
    cancel = plus(TODAY, 1)
    refund = return_premium(Decimal("905.00"), "2026-01-20", "2026-07-20", cancel)
    rows = merge(p.rows(), policy(pid, "IL", "essential", p, "2026-01-20", "2026-07-20", 905.0),
                 driver("DRV-3301", pid, p, "IL-D3301001", p.name, p.dob, "named_insured", 260.0, state="IL"),
                 vehicle("VEH-3301", pid, "1NGSED24A0R100001", 2024, "Toyota", "Camry", "sedan", "IL", "60614", 280.0,
                         ownership="financed", lienholder="Lakeshore Bank"))
    tasks.append({
        "id": "lif-s01", "family": "lif",
        "title": "Illinois policyholder who bought a policy elsewhere asks to cancel effective today",
        "request": "Hi, I want to cancel my auto policy. Today, please.",
        "user_facts": {**p.facts(), "policy number": pid,
                       "reason": "I bought a policy with another insurer that starts today."},
        "user_behavior": ["Accept the cancellation date you are offered once it is explained, and agree to the cancellation once the amount you get back has been explained."],
        "user_decisions": agree("cancel the policy", after=["$"]),
        "rows": rows,
        "solution": [*p.lookups(pid),
                     {"say": f"In Illinois the earliest cancellation date is tomorrow, {cancel}. Cancelling then, you'd get ${m(refund)} back as unearned premium. Shall I schedule it?"},
                     {"tool": "schedule_cancellation", "args": {"policy_id": pid, "cancellation_date": cancel,
                                                                "reason": "replaced_coverage"}},
                     {"tool": "send_lienholder_notice", "args": {"vehicle_id": "VEH-3301", "reason": "policy_cancelled",
                                                                 "effective_date": cancel}},
                     ticket(p, pid, "cancellation", "named_insured", "task", "normal", "completed", "Cancellation",
                            "Replaced coverage; cancellation scheduled.")],
        "final_message": f"Policy {pid} is scheduled to cancel on {cancel} (the earliest date allowed in Illinois), and your return premium is ${m(refund)}. We've also notified Lakeshore Bank, the lienholder on your Camry.",
        "says": {"states": [{"date": cancel, "label": "cancellation date"}, {"money": m(refund), "label": "return premium"}],
                 "states_before": [{"money": m(refund), "before": "schedule_cancellation", "label": "return premium"}],
                 "never_states": [*p.never(), {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": f"Rules: 10 cancelling: reason replaced_coverage; IL earliest tomorrow -> {cancel}; return 905 x 125/181 = {m(refund)}; financed vehicle -> notice policy_cancelled effective {cancel}.",
    })
    # lif-s02: AZ nonpayment cancellation exactly 30 days ago -> pay then reinstate, lapse recorded
    p = Person(3302, "Priya Castellanos", "1987-08-25", "4150")
    pid = "NG-AZ-330002"
    cancelled = plus(TODAY, -30)
    rows = merge(p.rows(), policy(pid, "AZ", "plus", p, "2025-12-10", "2026-06-10", 1012.0, status="cancelled",
                                  cancellation_date=cancelled, cancellation_reason="nonpayment"),
                 driver("DRV-3302", pid, p, "AZ-D3302001", p.name, p.dob, "named_insured", 110.0),
                 vehicle("VEH-3302", pid, "1NGVAN22A0R400001", 2022, "Honda", "Odyssey", "minivan", "AZ", "85716", 300.0),
                 {"invoices": [{"id": "INV-3302", "policy_id": pid, "due_date": "2026-01-10", "amount": 151.2,
                                "late_fee": 10.0, "status": "past_due"}]})
    tasks.append({
        "id": "lif-s02", "family": "lif",
        "title": "Arizona policy cancelled for nonpayment exactly 30 days ago; the insured wants it back",
        "request": "My car insurance got cancelled because I missed a payment. Can I get it back? I can pay now.",
        "user_facts": {**p.facts(), "policy number": pid},
        "user_behavior": ["Agree to pay what is owed once the amount is explained, and agree to the reinstatement."],
        "user_decisions": agree("pay and reinstate", after=["$"]),
        "rows": rows,
        "solution": [*p.lookups(pid), {"tool": "get_billing", "args": {"policy_id": pid}},
                     {"say": f"You're still within Arizona's 30-day reinstatement window. You owe $161.20; once it's paid I can reinstate the policy today, but {cancelled} to {plus(TODAY, -1)} will remain a lapse with no coverage. Shall I charge your card and reinstate?"},
                     {"tool": "pay_invoice", "args": {"invoice_id": "INV-3302", "amount": 161.2}},
                     {"tool": "reinstate_policy", "args": {"policy_id": pid}},
                     ticket(p, pid, "reinstatement", "named_insured", "task", "high", "completed", "Reinstatement",
                            "Past due paid; policy reinstated with a lapse.")],
        "final_message": f"Done: I charged $161.20 to your card and policy {pid} is active again from today. The period from {cancelled} to {plus(TODAY, -1)} is a lapse with no coverage.",
        "says": {"states": [{"money": "161.20", "label": "payment"}, {"date_range": [cancelled, plus(TODAY, -1)], "label": "lapse"}],
                 "states_before": [{"money": "161.20", "before": "pay_invoice", "label": "payment"},
                                   {"date_range": [cancelled, plus(TODAY, -1)], "before": "reinstate_policy", "label": "lapse"}],
                 "never_states": [*p.never(), {"id": "PAY-4001", "label": "payment id"}, {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": f"Rules: 10 reinstating: nonpayment cancellation on {cancelled}; AZ window 30 days, today is day 30 (included) -> allowed. Pay 151.20 + 10.00 late fee = 161.20, reinstate; lapse {cancelled} to {plus(TODAY, -1)}. Priority high (cancelled when calling).",
    })
    return tasks


def fnol_samples() -> list[dict]:
    tasks = []
    # fnol-s01: listed spouse rear-ended yesterday in PA
    ins = Person(3401, "Anselm Fairweather", "1976-05-05", "8120")
    sp = Person(3402, "Joanna Fairweather", "1978-10-19", "2046")
    pid = "NG-PA-340001"
    loss = plus(TODAY, -1)
    rows = merge(ins.rows(), sp.rows(), policy(pid, "PA", "plus", ins, "2026-02-10", "2026-08-10", 1180.0),
                 driver("DRV-3401", pid, ins, "PA-D3401001", ins.name, ins.dob, "named_insured", 110.0, state="PA"),
                 driver("DRV-3402", pid, sp, "PA-D3401002", sp.name, sp.dob, "spouse", 110.0, state="PA"),
                 vehicle("VEH-3401", pid, "1NGSED22A0R100002", 2022, "Honda", "Civic", "sedan", "PA", "15213", 280.0,
                         collision_deductible=500.0, comprehensive_deductible=250.0))
    tasks.append({
        "id": "fnol-s01", "family": "fnol",
        "title": "Listed spouse reports being rear-ended at a red light yesterday",
        "request": "Hi, somebody ran into the back of our Civic yesterday while I was stopped at a light. I need to report it.",
        "user_facts": {**sp.facts(), "policy number": pid, "injured": "No, nobody was hurt.",
                       "police report": "Yes, the report number is PSP-26-11873.",
                       "plate": "The other car's plate was KLT 4821.", "driving": "I was driving.",
                       "date": f"It happened yesterday, {loss}."},
        "rows": rows,
        "solution": [*sp.lookups(pid),
                     {"tool": "file_claim", "args": {"policy_id": pid, "vehicle_id": "VEH-3401", "reported_by": sp.id,
                                                     "loss_date": loss, "loss_type": "collision_vehicle", "coverage": "collision",
                                                     "deductible": 500.0, "description": "Rear-ended while stopped at a red light.",
                                                     "injuries": False, "driver_id": "DRV-3402",
                                                     "police_report": "PSP-26-11873", "other_party_plate": "KLT 4821"}},
                     ticket(sp, pid, "claims", "listed_driver", "incident", "high", "completed", "Rear-end collision",
                            "Listed spouse rear-ended; claim opened.")],
        "final_message": f"I've opened claim CLM-9001 for the collision on {loss}. It falls under your collision coverage, with a $500.00 deductible. An adjuster will be in touch.",
        "says": {"states": [{"id": "CLM-9001", "label": "claim number"}, {"money": "500.00", "label": "deductible"}],
                 "never_states": [*sp.never(), {"id": "DRV-3402", "label": "driver id"}, {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": "Rules: 02 listed driver may report a loss; 09: policy in force, listed driver driving -> covered; collision_vehicle -> collision, deductible 500. Ticket incident, high (loss, no injury), listed_driver, completed.",
    })
    # fnol-s02: AZ glass -> deductible 0
    p = Person(3403, "Beatriz Okonkwo", "1969-02-28", "7781")
    pid = "NG-AZ-340002"
    loss = plus(TODAY, -2)
    rows = merge(p.rows(), policy(pid, "AZ", "elite", p, "2025-11-01", "2026-05-01", 1320.0),
                 driver("DRV-3403", pid, p, "AZ-D3403001", p.name, p.dob, "named_insured", 110.0),
                 vehicle("VEH-3403", pid, "1NGLUX23A0R500002", 2023, "Lexus", "ES 350", "luxury", "AZ", "85251", 520.0,
                         collision_deductible=1000.0, comprehensive_deductible=500.0))
    tasks.append({
        "id": "fnol-s02", "family": "fnol",
        "title": "Arizona policyholder's windshield cracked by a stone on the highway",
        "request": "A truck threw up a rock on the freeway and now my windshield has a big crack. How do I claim this?",
        "user_facts": {**p.facts(), "policy number": pid, "date": f"It was on {loss}.", "driving": "I was driving.",
                       "injured": "No injuries.", "damage": "Only the windshield is damaged.",
                       "police report": "No, I didn't call the police.", "plate": "I didn't get the truck's plate."},
        "rows": rows,
        "solution": [*p.lookups(pid),
                     {"tool": "file_claim", "args": {"policy_id": pid, "vehicle_id": "VEH-3403", "reported_by": p.id,
                                                     "loss_date": loss, "loss_type": "glass", "coverage": "comprehensive",
                                                     "deductible": 0, "description": "Windshield cracked by a stone thrown up on the freeway.",
                                                     "injuries": False, "driver_id": "DRV-3403"}},
                     ticket(p, pid, "claims", "named_insured", "incident", "high", "completed", "Windshield crack",
                            "Glass claim opened.")],
        "final_message": "I've opened claim CLM-9001 for your windshield. It falls under your comprehensive coverage, and in Arizona a glass-only claim has a $0 deductible, so you pay nothing towards the repair.",
        "says": {"states": [{"id": "CLM-9001", "label": "claim number"}, {"money": "0.00", "label": "deductible"}],
                 "never_states": [*p.never(), {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": "Rules: 09 loss type glass (only glass damaged; no other vehicle hit the car) -> comprehensive; 04 AZ glass deductible 0 (not the 500 comprehensive deductible). Ticket incident/high/completed.",
    })
    return tasks


def ldr_samples() -> list[dict]:
    ins = Person(3501, "Cornelius Abara", "1965-06-14", "3309")
    kid = Person(3502, "Adaeze Abara", "2001-01-27", "6671")
    pid = "NG-IL-350001"
    rows = merge(ins.rows(), kid.rows(), policy(pid, "IL", "plus", ins, "2026-01-02", "2026-07-02", 1490.0),
                 driver("DRV-3501", pid, ins, "IL-D3501001", ins.name, ins.dob, "named_insured", 110.0, state="IL"),
                 driver("DRV-3502", pid, kid, "IL-D3501002", kid.name, kid.dob, "child", 110.0, state="IL"),
                 vehicle("VEH-3501", pid, "1NGSUV21A0R200002", 2021, "Ford", "Explorer", "suv", "IL", "60540", 340.0))
    return [{
        "id": "ldr-s01", "family": "ldr",
        "title": "A listed driver asks to add the car she just bought to her parents' policy",
        "request": "Hi! I'm a driver on my dad's policy and I just bought my own car. Can you add it to the policy?",
        "user_facts": {**kid.facts(), "policy number": pid, "vin": "1NGSED22A0R100002",
                       "dad": "Cornelius Abara is the policyholder."},
        "user_behavior": ["If you cannot do it, accept that your father has to call."],
        "rows": rows,
        "solution": [*kid.lookups(pid),
                     ticket(kid, pid, "vehicles", "listed_driver", "task", "normal", "declined", "Add vehicle (listed driver)",
                            "Listed driver asked to add a vehicle; only the named insured may.")],
        "final_message": f"I'm sorry, but as a listed driver you can't add a vehicle to policy {pid}; only the named insured, your father, can make that change. He's welcome to contact us.",
        "says": {"states": [decision("decision: declined", DECLINED)],
                 "never_states": [*kid.never(), {"id": "TCK-5001", "label": "ticket id"}]},
        "notes": "Rule: 02 who may ask: a listed driver may only report a loss or ask for an ID card; adding a vehicle is declined. Only the ticket changes: vehicles/listed_driver/task/normal/declined.",
    }]


def mul_samples() -> list[dict]:
    p = Person(3601, "Thaddeus Lindqvist", "1958-09-09", "1475")
    pid = "NG-GA-360001"
    loss = plus(TODAY, -1)
    rows = merge(p.rows(), policy(pid, "GA", "elite", p, "2025-12-20", "2026-06-20", 1105.0),
                 driver("DRV-3601", pid, p, "GA-D3601001", p.name, p.dob, "named_insured", 150.0, state="GA"),
                 vehicle("VEH-3601", pid, "1NGSED24A0R100001", 2024, "Toyota", "Camry", "sedan", "GA", "30022", 280.0,
                         collision_deductible=750.0, comprehensive_deductible=250.0))
    return [{
        "id": "mul-s01", "family": "mul",
        "title": "Parked car dented in a grocery lot, and the owner also needs a new ID card",
        "request": "Two things: someone dented my parked Camry at the grocery store, and I also need a new insurance card for it.",
        "user_facts": {**p.facts(), "policy number": pid, "date": f"Yesterday, {loss}.",
                       "driving": "Nobody, the car was parked and I was in the store.", "injured": "No one was hurt.",
                       "plate": "The other driver left a note with their plate: RTX 5512.",
                       "police report": "No police report."},
        "rows": rows,
        "solution": [*p.lookups(pid),
                     {"tool": "file_claim", "args": {"policy_id": pid, "vehicle_id": "VEH-3601", "reported_by": p.id,
                                                     "loss_date": loss, "loss_type": "parked_hit", "coverage": "collision",
                                                     "deductible": 750.0, "description": "Parked car dented in a grocery lot.",
                                                     "injuries": False, "other_party_plate": "RTX5512"}},
                     ticket(p, pid, "claims", "named_insured", "incident", "high", "completed", "Parked car hit",
                            "Parked car dented; claim opened."),
                     {"tool": "issue_document", "args": {"policy_id": pid, "kind": "id_card", "vehicle_id": "VEH-3601",
                                                         "recipient_customer_id": p.id}},
                     ticket(p, pid, "documents", "named_insured", "task", "normal", "completed", "ID card",
                            "ID card for the Camry e-mailed.")],
        "final_message": f"First, I've opened claim CLM-9001 for the dent to your parked Camry on {loss}: it's a collision claim with a $750.00 deductible. Second, a new ID card for the Camry, valid until 2026-06-20, has been e-mailed to {p.email}.",
        "says": {"states": [{"id": "CLM-9001", "label": "claim number"}, {"money": "750.00", "label": "deductible"},
                            {"date": "2026-06-20", "label": "ID card valid until"}],
                 "never_states": [*p.never(), {"id": "DOC-3001", "label": "document id"}, {"id": "TCK-5001", "label": "ticket id"},
                                  {"id": "TCK-5002", "label": "ticket id"}]},
        "notes": "Rules: 03 two categories -> two tickets in the order asked (claims, then documents). 09: parked and unattended, hit by another vehicle -> parked_hit, collision, deductible 750, no driver. 06: ID card for the active vehicle to the caller's e-mail, valid until term end 2026-06-20.",
    }]


if __name__ == "__main__":
    write("drv_samples", "drv", "Adding, removing and excluding drivers (samples).", drv_samples())
    write("veh_samples", "veh", "Adding and removing vehicles (samples).", veh_samples())
    write("lif_samples", "lif", "Cancellation, withdrawal and reinstatement (samples).", lif_samples())
    write("fnol_samples", "fnol", "Claims intake: first notice of loss (samples).", fnol_samples())
    write("ldr_samples", "ldr", "What a listed driver may and may not ask for (samples).", ldr_samples())
    write("mul_samples", "mul", "A caller with two requests in different categories (samples).", mul_samples())
