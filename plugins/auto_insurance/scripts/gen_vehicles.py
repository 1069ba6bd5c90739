"""Vehicle tasks (family veh) beyond the two samples: adding a vehicle (backdating by state and
on its boundaries, business use, ownership and lienholders, underwriting review by tier and by
recent claims on the 3-year boundary, the closed list of vehicles we do not insure) and
removing one (only vehicle, open claim, lienholder notice), plus a caller who may not ask and
one who cannot be verified. Writes tasks/vehicles.json.
Run: uv run python plugins/auto_insurance/scripts/gen_vehicles.py"""
from __future__ import annotations

from decimal import Decimal

from taskkit import (
    DECLINED, ESCALATED, NOT_VERIFIED, TODAY, Person, agree, d, decision, driver, m, merge, plus, policy, rating, ticket, vehicle,
    write,
)

# a vehicle's effective date stated as today (the typed date check does not read the word "today")
ZIP = {"AZ": "85018", "GA": "30308", "IL": "60614", "PA": "19103"}
VINS = {  # vin -> (year, make, model, body class, title), as the base fixtures' VIN register holds them
    "1NGSED24A0R100001": (2024, "Toyota", "Camry", "sedan"),
    "1NGSED22A0R100002": (2022, "Honda", "Civic", "sedan"),
    "1NGSED19A0R100003": (2019, "Hyundai", "Elantra", "sedan"),
    "1NGSUV25A0R200001": (2025, "Subaru", "Outback", "suv"),
    "1NGSUV21A0R200002": (2021, "Ford", "Explorer", "suv"),
    "1NGSUV23A0R200003": (2023, "Kia", "Sorento", "suv"),
    "1NGTRK20A0R300001": (2020, "Ford", "F-150", "truck"),
    "1NGTRK24A0R300002": (2024, "Ram", "1500", "truck"),
    "1NGVAN22A0R400001": (2022, "Honda", "Odyssey", "minivan"),
    "1NGLUX25A0R500001": (2025, "BMW", "540i", "luxury"),
    "1NGLUX23A0R500002": (2023, "Lexus", "ES 350", "luxury"),
    "1NGSPT24A0R600001": (2024, "Chevrolet", "Corvette", "sports"),
    "1NGSPT21A0R600002": (2021, "Ford", "Mustang GT", "sports"),
    "1NGEXO24A0R700001": (2024, "Lamborghini", "Huracan", "exotic"),
    "1NGSED18A0R800001": (2018, "Nissan", "Altima", "sedan"),
    "1NGSUV17A0R800002": (2017, "Jeep", "Cherokee", "suv"),
}
BACKDATE_DAYS = {"AZ": 0, "GA": 7, "IL": 0, "PA": 5}  # 04_states_and_tiers.md


def car(vid: str, pid: str, vin: str, state: str, **kw) -> dict:
    year, make, model, body = VINS[vin]
    return vehicle(vid, pid, vin, year, make, model, body, state, kw.pop("zip_code", ZIP[state]),
                   kw.pop("surcharge", float(rating.vehicle_surcharge(body, kw.get("use", "commute")))), **kw)


def claim_row(cid: str, pid: str, vid: str, loss: str, loss_type: str, status: str, reporter: Person,
              driver_id: str | None = None) -> dict:
    coverage = "collision" if loss_type in ("parked_hit", "hit_and_run", "collision_vehicle", "collision_object") \
        else "comprehensive"
    return {"claims": [{"id": cid, "policy_id": pid, "vehicle_id": vid, "driver_id": driver_id,
                        "reported_by": reporter.id, "loss_date": loss, "loss_type": loss_type, "coverage": coverage,
                        "deductible": 500.0 if coverage == "collision" else 250.0, "status": status,
                        "description": "Earlier loss.", "created_at": f"{loss}T12:00:00Z"}]}


def household(num: int, name: str, dob: str, tax: str, state: str, tier: str, term_start: str, term_end: str,
              premium: float, *cars: dict, **policy_extra) -> tuple[Person, str, dict]:
    p = Person(num, name, dob, tax)
    pid = f"NG-{state}-{num}00"
    rows = merge(p.rows(), policy(pid, state, tier, p, term_start, term_end, premium, **policy_extra),
                 driver(f"DRV-{num}", pid, p, f"{state}-D{num}001", p.name, p.dob, "named_insured", 110.0, state=state),
                 *[c(pid) if callable(c) else c for c in cars])
    return p, pid, rows


def never(p: Person, *extra: dict) -> list[dict]:
    return [*p.never(), *extra, {"id": "TCK-5001", "label": "ticket id"}]


def add_task(tid: str, title: str, request: str, p: Person, pid: str, rows: dict, premium: float, *, vin: str,
             use: str, state: str, zip_code: str, ownership: str, lienholder: str | None, purchase: str,
             tier: str, recent_claims: int, facts: dict, notes: str) -> dict:
    """A vehicle the policy accepts: surcharge, new premium, effective date and review computed
    from 08_vehicles.md and 04_states_and_tiers.md."""
    year, make, model, body = VINS[vin]
    sur = rating.vehicle_surcharge(body, use)
    new = Decimal(str(premium)) + sur
    backdated = (TODAY - __import__("datetime").date.fromisoformat(purchase)).days <= BACKDATE_DAYS[state]
    effective = purchase if backdated else d(TODAY)
    review = (tier == "essential" and body in ("luxury", "sports")) or recent_claims >= 2
    when = f"from {effective}, the purchase date" if backdated and effective != d(TODAY) else f"effective {effective}"
    uw = " Underwriting will also review the vehicle once it is added." if review else ""
    say = (f"Your {year} {make} {model} adds ${m(sur)} to your term premium, which becomes ${m(new)}, with coverage "
           f"{when}.{uw} Shall I add it?")
    outcome = "referred" if review else "completed"
    states = [{"money": m(sur), "label": "surcharge"}, {"money": m(new), "label": "new premium"}]
    states.append({"date": effective, "label": "effective date"})
    if review:
        states.append(decision("underwriting review", ESCALATED))
    final = (f"Your {year} {make} {model} is now on policy {pid}, covered {when}"
             + (f", with {lienholder} recorded as lienholder" if lienholder else "")
             + f". It adds ${m(sur)}, so your term premium is now ${m(new)}."
             + (" Underwriting will review the vehicle; it stays covered meanwhile." if review else ""))
    return {
        "id": tid, "family": "veh", "title": title, "request": request,
        "user_facts": {**p.facts(), "policy number": pid, "vin": vin, **facts},
        "user_behavior": ["Accept the premium increase once it is explained."],
        "user_decisions": agree("add the vehicle", after=["$"]),
        "rows": rows,
        "solution": [*p.lookups(pid), {"tool": "get_claims", "args": {"policy_id": pid}},
                     {"tool": "lookup_vin", "args": {"vin": vin}},
                     {"say": say},
                     {"tool": "add_vehicle", "args": {
                         "policy_id": pid, "vin": vin, "use": use, "garaging_zip": zip_code, "garaging_state": state,
                         "ownership": ownership, **({"lienholder": lienholder} if lienholder else {}),
                         "effective_date": effective, "underwriting_review": review}},
                     ticket(p, pid, "vehicles", "named_insured", "task", "normal", outcome, "Add vehicle",
                            f"{year} {make} {model} added" + ("; underwriting review." if review else "."))],
        "final_message": final,
        "says": {"states": states,
                 "states_before": [{"money": m(sur), "before": "add_vehicle", "label": "surcharge"}],
                 "never_states": never(p, {"id": "VEH-8001", "label": "vehicle id"})},
        "notes": notes + f" Surcharge {body} {m(rating.VEHICLE_RATES[body])}"
                 + (" + business 90.00" if use == "business" else "") + f" = {m(sur)}; premium {m(premium)} + {m(sur)} = "
                 f"{m(new)}; effective {effective}; underwriting_review {str(review).lower()}. Ticket vehicles/task/normal/"
                 f"{outcome}/{'hold' if review else 'solved'}.",
    }


def declined_task(tid: str, title: str, request: str, p: Person, pid: str, rows: dict, lookups: list[dict],
                  final: str, notes: str, facts: dict, behavior: list[str], role: str = "named_insured",
                  extra_never: list[dict] | None = None, summary: str = "Vehicle request declined.") -> dict:
    return {
        "id": tid, "family": "veh", "title": title, "request": request,
        "user_facts": {**p.facts(), "policy number": pid, **facts},
        "user_behavior": behavior,
        "rows": rows,
        "solution": [*lookups, ticket(p, pid, "vehicles", role, "task", "normal", "declined", "Vehicle request",
                                      summary)],
        "final_message": final,
        "says": {"states": [decision("decision: declined", DECLINED)], "never_states": never(p, *(extra_never or []))},
        "notes": notes,
    }


def tasks() -> list[dict]:
    out = []

    # veh-003: AZ allows no backdating -> effective today although bought 2 days ago
    purchase = plus(TODAY, -2)
    p, pid, rows = household(5203, "Quentin Abernathy", "1984-03-02", "2618", "AZ", "plus", "2026-01-15",
                             "2026-07-15", 905.0, lambda pid: car("VEH-5203", pid, "1NGSUV21A0R200002", "AZ"))
    out.append(add_task(
        "veh-003", "Arizona policyholder adds a sedan he bought two days ago and paid for in cash",
        "Hey, I picked up a used Camry this weekend. Can you put it on my insurance?", p, pid, rows, 905.0,
        vin="1NGSED24A0R100001", use="commute", state="AZ", zip_code="85018", ownership="owned", lienholder=None,
        purchase=purchase, tier="plus", recent_claims=0,
        facts={"use": "I'll drive it to work and back.", "kept": "In my driveway at home, ZIP 85018, Arizona.",
               "zip": "85018, Arizona.", "owned": "I paid cash, it's all mine, no loan.",
               "financed": "No, I paid cash.", "purchase date": f"I bought it on {purchase}."},
        notes=f"Rule: 08 adding, effective date; 04 AZ backdating not allowed (0 days): purchase {purchase} is 2 days "
              "ago -> effective today, not the purchase date. sedan, clean, commute, garaged in AZ -> eligible; plus, "
              "no claims -> no review."))

    # veh-004: PA, leased, bought exactly 5 days ago (boundary included) -> effective purchase date
    purchase = plus(TODAY, -5)
    p, pid, rows = household(5204, "Imogen Castellano", "1990-10-07", "8842", "PA", "elite", "2025-10-28",
                             "2026-04-28", 1215.0, lambda pid: car("VEH-5204", pid, "1NGSED19A0R100003", "PA"))
    out.append(add_task(
        "veh-004", "Pennsylvania policyholder adds a leased luxury sedan she took delivery of last week",
        "Hi, I leased a new car last week and the dealer says I need to add it to my policy.", p, pid, rows, 1215.0,
        vin="1NGLUX25A0R500001", use="commute", state="PA", zip_code="19103", ownership="leased",
        lienholder="Schuylkill Lease Trust", purchase=purchase, tier="elite", recent_claims=0,
        facts={"use": "Commuting to my office downtown.", "kept": "In my building's garage, ZIP 19103, Pennsylvania.",
               "zip": "19103, Pennsylvania.", "leased": "It's leased.", "financed": "It's a lease, not a loan.",
               "lienholder": "The lessor is Schuylkill Lease Trust.",
               "purchase date": f"I took delivery on {purchase}."},
        notes=f"Rule: 08 adding, effective date on the boundary; 04 PA backdating 5 days, day 5 included: delivery "
              f"{purchase} is exactly 5 days ago -> effective {purchase}. Leased -> lienholder recorded. luxury on elite "
              "-> no review."))

    # veh-005: PA, financed, bought 6 days ago (one day past the window) -> today
    purchase = plus(TODAY, -6)
    p, pid, rows = household(5205, "Desmond Achterberg", "1977-06-19", "3057", "PA", "essential", "2026-02-03",
                             "2026-08-03", 720.0, lambda pid: car("VEH-5205", pid, "1NGTRK20A0R300001", "PA",
                                                                  use="pleasure"))
    out.append(add_task(
        "veh-005", "Pennsylvania policyholder adds a financed sedan bought six days ago",
        "Good afternoon. I bought a car recently with a loan from my credit union and need to insure it.", p, pid, rows,
        720.0, vin="1NGSED22A0R100002", use="commute", state="PA", zip_code="15213", ownership="financed",
        lienholder="Allegheny Federal Credit Union", purchase=purchase, tier="essential", recent_claims=0,
        facts={"use": "Driving to work.", "kept": "At my house, ZIP 15213, Pennsylvania.",
               "zip": "15213, Pennsylvania.", "financed": "Yes, financed.",
               "lienholder": "Allegheny Federal Credit Union.", "purchase date": f"I bought it on {purchase}."},
        notes=f"Rule: 08 adding, effective date just past the boundary; 04 PA backdating 5 days: purchase {purchase} is "
              "6 days ago -> effective today. Financed -> lienholder recorded. sedan on essential -> no review."))

    # veh-006: GA, business use, bought exactly 7 days ago -> backdated, surcharge with business use
    purchase = plus(TODAY, -7)
    p, pid, rows = household(5206, "Leopoldo Ferreira", "1969-12-01", "4471", "GA", "plus", "2025-12-12",
                             "2026-06-12", 990.0, lambda pid: car("VEH-5206", pid, "1NGSUV23A0R200003", "GA"))
    out.append(add_task(
        "veh-006", "Georgia contractor adds the pickup he bought a week ago for his jobs",
        "Hi, I bought a pickup truck for my handyman work and need it covered.", p, pid, rows, 990.0,
        vin="1NGTRK24A0R300002", use="business", state="GA", zip_code="30308", ownership="owned", lienholder=None,
        purchase=purchase, tier="plus", recent_claims=0,
        facts={"use": "I use it for my handyman business: driving to customers' houses with my tools and materials.",
               "kept": "At home overnight, ZIP 30308, Georgia.", "zip": "30308, Georgia.",
               "owned": "I own it outright.", "financed": "No loan, I own it.",
               "purchase date": f"I bought it on {purchase}."},
        notes=f"Rules: 08 adding, use business (driven to job sites with tools); 04 GA backdating 7 days, day 7 "
              f"included: purchase {purchase} -> effective {purchase}. truck 330 + business 90."))

    # veh-007: IL essential + luxury -> underwriting review (referred)
    purchase = plus(TODAY, -1)
    p, pid, rows = household(5207, "Rosalind Okafor", "1986-02-14", "9124", "IL", "essential", "2026-01-09",
                             "2026-07-09", 780.0, lambda pid: car("VEH-5207", pid, "1NGSED19A0R100003", "IL"))
    out.append(add_task(
        "veh-007", "Illinois policyholder on the essential plan adds a financed Lexus",
        "Hello! I'm buying a Lexus and picked it up yesterday. Please add it to my auto policy.", p, pid, rows, 780.0,
        vin="1NGLUX23A0R500002", use="pleasure", state="IL", zip_code="60614", ownership="financed",
        lienholder="Lakeshore Auto Finance", purchase=purchase, tier="essential", recent_claims=0,
        facts={"use": "Just personal errands and weekend trips; I work from home.",
               "kept": "In my garage, ZIP 60614, Illinois.", "zip": "60614, Illinois.", "financed": "Yes, financed.",
               "lienholder": "Lakeshore Auto Finance.", "purchase date": f"Yesterday, {purchase}."},
        notes="Rules: 08 adding, underwriting review: essential tier and body class luxury -> review true, outcome "
              f"referred, status hold; 04 IL no backdating -> today (purchase {purchase}). Use pleasure (no commute)."))

    # veh-008: AZ elite + sports -> no review
    purchase = d(TODAY)
    p, pid, rows = household(5208, "Thorsten Lindgren", "1971-09-23", "5503", "AZ", "elite", "2025-11-18",
                             "2026-05-18", 1340.0, lambda pid: car("VEH-5208", pid, "1NGSUV25A0R200001", "AZ"))
    out.append(add_task(
        "veh-008", "Arizona policyholder on the elite plan adds a sports car bought this morning",
        "I just drove a Mustang off the lot this morning. I'd like it on my policy right away.", p, pid, rows, 1340.0,
        vin="1NGSPT21A0R600002", use="pleasure", state="AZ", zip_code="85254", ownership="owned", lienholder=None,
        purchase=purchase, tier="elite", recent_claims=0,
        facts={"use": "Weekend drives only, for fun.", "kept": "In my garage at home, ZIP 85254, Arizona.",
               "zip": "85254, Arizona.", "owned": "Paid in full.", "financed": "No, I paid in full.",
               "purchase date": f"Today, {purchase}."},
        notes="Rules: 08 adding, underwriting review: sports body class but the policy is elite (not essential), no "
              "recent claims -> review false, outcome completed; purchase today -> effective today."))

    # veh-009: GA exotic -> declined
    p, pid, rows = household(5209, "Valentina Moreau", "1975-04-30", "6286", "GA", "elite", "2026-02-20",
                             "2026-08-20", 1460.0, lambda pid: car("VEH-5209", pid, "1NGLUX25A0R500001", "GA"))
    out.append(declined_task(
        "veh-009", "Georgia policyholder on the elite plan wants to add a Lamborghini",
        "Hi, I've just bought my dream car and want it added to my policy.", p, pid, rows,
        [*p.lookups(pid), {"tool": "lookup_vin", "args": {"vin": "1NGEXO24A0R700001"}}],
        "I'm sorry, but I can't add the 2024 Lamborghini Huracan: it is an exotic vehicle, which Northgate does not insure, "
        "whatever the plan. Your policy is unchanged.",
        "Rule: 08 adding, closed list of vehicles we do not insure: the VIN decodes to body class exotic -> decline, "
        "whatever the tier (elite). Only the ticket changes: vehicles/task/normal/declined.",
        facts={"vin": "1NGEXO24A0R700001", "use": "Pleasure drives on weekends.",
               "kept": "In my garage, ZIP 30327, Georgia.", "zip": "30327, Georgia.", "owned": "I own it outright.",
               "financed": "No, I own it outright.", "purchase date": f"I bought it on {plus(TODAY, -3)}."},
        behavior=["If the car cannot be added, accept the explanation and ask for nothing else."],
        summary="Exotic vehicle; not insurable."))

    # veh-010: IL salvage title -> declined
    p, pid, rows = household(5210, "Bartholomew Nkemelu", "1993-07-08", "1839", "IL", "plus", "2026-01-25",
                             "2026-07-25", 860.0, lambda pid: car("VEH-5210", pid, "1NGSED22A0R100002", "IL"))
    out.append(declined_task(
        "veh-010", "Illinois policyholder adds a cheap used Jeep bought from an auction",
        "Hi, I got a great deal on a used Jeep at an auction and want to add it to my insurance.", p, pid, rows,
        [*p.lookups(pid), {"tool": "lookup_vin", "args": {"vin": "1NGSUV17A0R800002"}}],
        "I'm sorry, but I can't add the 2017 Jeep Cherokee: the VIN register shows it has a salvage title, and Northgate "
        "does not insure salvage-title vehicles. Nothing on your policy has changed.",
        "Rule: 08 adding, closed list: the VIN register shows a salvage title (body class suv, ordinarily insurable) -> "
        "decline. Only the ticket changes.",
        facts={"vin": "1NGSUV17A0R800002", "use": "Driving to work.", "kept": "Street parking at home, ZIP 60618, Illinois.",
               "zip": "60618, Illinois.", "owned": "I paid cash.", "financed": "No, cash.",
               "purchase date": f"I bought it on {plus(TODAY, -2)}."},
        behavior=["If the Jeep cannot be added, accept the explanation."], summary="Salvage title; not insurable."))

    # veh-011: AZ rideshare -> declined
    p, pid, rows = household(5211, "Fenella Obuya", "1988-11-11", "7370", "AZ", "plus", "2026-02-06",
                             "2026-08-06", 940.0, lambda pid: car("VEH-5211", pid, "1NGSED19A0R100003", "AZ"))
    out.append(declined_task(
        "veh-011", "Arizona policyholder adds a second sedan she will also drive for a ride-hailing app",
        "Hi, I bought a second car, a Civic, and want to add it to my policy.", p, pid, rows,
        [*p.lookups(pid), {"tool": "lookup_vin", "args": {"vin": "1NGSED22A0R100002"}}],
        "I'm sorry, but I can't add the Civic: it will carry paying passengers for a ride-hailing app, and Northgate does "
        "not insure vehicles used for rideshare. Nothing on your policy has changed.",
        "Rule: 08 adding, use: carrying paying passengers for a ride-hailing app at all -> rideshare (first that applies, "
        "ahead of commute) -> on the closed list -> decline. Only the ticket changes.",
        facts={"vin": "1NGSED22A0R100002",
               "use": "I'll drive it to work, and on weekends I'll drive passengers for a ride-hailing app.",
               "kept": "At home, ZIP 85281, Arizona.", "zip": "85281, Arizona.", "owned": "I own it.",
               "financed": "No, I own it.", "purchase date": f"I bought it on {plus(TODAY, -4)}."},
        behavior=["If the car cannot be added because of the ride-hailing, say you will not stop driving for the app; "
                  "accept the explanation."], summary="Rideshare use; not insurable."))

    # veh-012: GA policy, car kept overnight in IL -> declined
    p, pid, rows = household(5212, "Augustin Mbeki", "1966-05-27", "2094", "GA", "elite", "2025-12-01",
                             "2026-06-01", 1390.0, lambda pid: car("VEH-5212", pid, "1NGSUV21A0R200002", "GA"))
    out.append(declined_task(
        "veh-012", "Georgia policyholder adds a car for his son, who keeps it at his university in Illinois",
        "Hello, I bought a car for my son to use at university and I'd like to add it to my policy.", p, pid, rows,
        [*p.lookups(pid), {"tool": "lookup_vin", "args": {"vin": "1NGSED19A0R100003"}}],
        "I'm sorry, but I can't add the Elantra to your Georgia policy: it will be kept overnight in Illinois, and a "
        "vehicle kept overnight outside the policy's state is not one we insure on it. Nothing has changed on your policy.",
        "Rule: 08 adding, closed list: kept overnight in another state (IL) than the policy's state (GA) -> decline. "
        "Only the ticket changes.",
        facts={"vin": "1NGSED19A0R100003", "use": "My son drives it to classes.",
               "kept": "It stays with my son at his university in Champaign, Illinois, ZIP 61820.",
               "zip": "61820, Illinois.", "owned": "I own it.", "financed": "No, I paid for it.",
               "purchase date": f"I bought it on {plus(TODAY, -3)}."},
        behavior=["If the car cannot be added, accept the explanation."], summary="Garaged out of state; declined."))

    # veh-013: PA plus, 2 claims in 3 years, one exactly on the boundary -> review
    purchase = plus(TODAY, -3)
    p, pid, rows = household(5213, "Cordelia Haverford", "1979-01-05", "6615", "PA", "plus", "2026-01-30",
                             "2026-07-30", 1010.0, lambda pid: car("VEH-5213", pid, "1NGSED24A0R100001", "PA"))
    boundary = rating.years_before(TODAY, 3).isoformat()
    rows = merge(rows, claim_row("CLM-5213", pid, "VEH-5213", boundary, "collision_object", "closed", p, "DRV-5213"),
                 claim_row("CLM-5214", pid, "VEH-5213", "2025-08-22", "vandalism", "closed", p))
    out.append(add_task(
        "veh-013", "Pennsylvania policyholder with two past claims adds a minivan bought three days ago",
        "Hi, we bought a minivan for the family and I need to add it.", p, pid, rows, 1010.0,
        vin="1NGVAN22A0R400001", use="pleasure", state="PA", zip_code="19103", ownership="financed",
        lienholder="Liberty Bell Bank", purchase=purchase, tier="plus", recent_claims=2,
        facts={"use": "Family errands and weekend trips; nobody drives it to work or school.",
               "kept": "In our driveway, ZIP 19103, Pennsylvania.", "zip": "19103, Pennsylvania.",
               "financed": "Financed.", "lienholder": "Liberty Bell Bank.", "purchase date": f"On {purchase}."},
        notes=f"Rules: 08 adding, underwriting review by claims: claims with loss dates {boundary} (exactly 3 years "
              "before today, included) and 2025-08-22, both closed (status does not matter) -> 2 -> review, referred. "
              f"04 PA backdating 5 days: purchase {purchase} -> effective {purchase}."))

    # veh-014: IL plus, 2 claims but one 3 years + 1 day ago -> no review
    purchase = plus(TODAY, -1)
    p, pid, rows = household(5214, "Ignatius Pemberton", "1982-08-16", "3928", "IL", "plus", "2025-10-20",
                             "2026-04-20", 970.0, lambda pid: car("VEH-5214", pid, "1NGTRK20A0R300001", "IL"))
    outside = plus(rating.years_before(TODAY, 3), -1)
    rows = merge(rows, claim_row("CLM-5215", pid, "VEH-5214", outside, "collision_vehicle", "closed", p, "DRV-5214"),
                 claim_row("CLM-5216", pid, "VEH-5214", "2025-11-02", "weather", "open", p))
    out.append(add_task(
        "veh-014", "Illinois policyholder with two claims on file adds an SUV bought yesterday",
        "Hi there, I'd like to add the SUV I bought yesterday to my policy.", p, pid, rows, 970.0,
        vin="1NGSUV23A0R200003", use="commute", state="IL", zip_code="60614", ownership="owned", lienholder=None,
        purchase=purchase, tier="plus", recent_claims=1,
        facts={"use": "My daily commute.", "kept": "In my garage, ZIP 60614, Illinois.", "zip": "60614, Illinois.",
               "owned": "I own it.", "financed": "No, I own it.", "purchase date": f"Yesterday, {purchase}."},
        notes=f"Rules: 08 adding, underwriting review by claims: loss dates {outside} (3 years and 1 day before today, "
              "outside) and 2025-11-02 -> only 1 within 3 years -> review false, completed. 04 IL no backdating -> today."))

    # veh-015: remove the only active vehicle (another one was removed earlier) -> declined
    p, pid, rows = household(5215, "Marguerite Olawale", "1958-03-29", "4702", "GA", "plus", "2026-02-14",
                             "2026-08-14", 830.0,
                             lambda pid: car("VEH-5215", pid, "1NGSED22A0R100002", "GA", ownership="financed",
                                             lienholder="Peachtree Auto Credit"),
                             lambda pid: car("VEH-5216", pid, "1NGVAN22A0R400001", "GA", status="removed",
                                             removed_on="2026-02-20"))
    out.append(declined_task(
        "veh-015", "Georgia policyholder sold her Civic and asks to take it off her policy",
        "Hi, I sold my Honda Civic last week, so please take it off my insurance.", p, pid, rows,
        [*p.lookups(pid), {"tool": "get_claims", "args": {"policy_id": pid}}],
        "I'm sorry, but I can't remove the Civic: it is the only active vehicle on your policy, and a policy's only "
        "vehicle cannot be removed. If you no longer need the coverage, you can ask to cancel the policy instead.",
        "Rule: 08 removing, rule 1: the Civic is the policy's only active vehicle (the Odyssey was removed on 2026-02-20) "
        "-> decline; cancellation may be offered, the caller does not want it now. No lienholder notice (nothing "
        "removed). Only the ticket changes.",
        facts={"vehicle": "The 2022 Honda Civic."},
        behavior=["If the car cannot be removed, do not cancel the policy today; say you will think about it."],
        summary="Only active vehicle; removal declined."))

    # veh-016: remove a vehicle with an open claim -> declined
    p, pid, rows = household(5217, "Evander Kowalczyk", "1974-12-12", "8159", "PA", "elite", "2025-11-05",
                             "2026-05-05", 1560.0,
                             lambda pid: car("VEH-5217", pid, "1NGSUV21A0R200002", "PA"),
                             lambda pid: car("VEH-5218", pid, "1NGSED24A0R100001", "PA", ownership="financed",
                                             lienholder="Keystone Auto Finance"))
    rows = merge(rows, claim_row("CLM-5217", pid, "VEH-5218", "2026-03-02", "collision_object", "open", p, "DRV-5217"),
                 claim_row("CLM-5218", pid, "VEH-5217", "2025-12-19", "glass", "closed", p))
    out.append(declined_task(
        "veh-016", "Pennsylvania policyholder wants the Camry he crashed this month off his policy",
        "Hello, I want to take my Camry off my policy. I'm getting rid of it after the accident I had.", p, pid, rows,
        [*p.lookups(pid), {"tool": "get_claims", "args": {"policy_id": pid}}],
        "I'm sorry, but I can't remove the Camry yet: it has an open claim from the accident on 2026-03-02, and a vehicle "
        "with an open claim cannot be removed until the claim closes. Once it's closed, you can ask again.",
        "Rule: 08 removing, rule 2: the Camry has an open claim (2026-03-02) -> decline; the Explorer's closed glass claim "
        "is irrelevant, and the Camry is not the only active vehicle. Only the ticket changes (no notice to Keystone).",
        facts={"vehicle": "The 2024 Toyota Camry.", "accident": "I hit a guardrail on 2026-03-02."},
        behavior=["If the Camry cannot be removed now, accept the explanation."],
        summary="Open claim on the vehicle; removal declined."))

    # veh-017: remove a leased vehicle whose claim is closed -> removed + lienholder notice
    p, pid, rows = household(5219, "Philippa Arkwright", "1985-06-03", "2267", "IL", "essential", "2026-01-12",
                             "2026-07-12", 1240.0,
                             lambda pid: car("VEH-5219", pid, "1NGSED22A0R100002", "IL"),
                             lambda pid: car("VEH-5220", pid, "1NGSUV25A0R200001", "IL", ownership="leased",
                                             lienholder="Prairie State Leasing"))
    rows = merge(rows, claim_row("CLM-5219", pid, "VEH-5220", "2026-01-28", "animal", "closed", p, "DRV-5219"))
    reduction = rating.vehicle_surcharge("suv", "commute")
    new = Decimal("1240.00") - reduction
    out.append({
        "id": "veh-017", "family": "veh",
        "title": "Illinois policyholder returns her leased Outback, which had a deer claim in January",
        "request": "Hi, my lease on the Subaru is ending and I'm handing it back, so please take it off my policy.",
        "user_facts": {**p.facts(), "policy number": pid, "vehicle": "The 2025 Subaru Outback.",
                       "claim": "I hit a deer in January; that claim was settled."},
        "user_behavior": ["Agree to the removal once the premium change is explained."],
        "user_decisions": agree("remove the Outback", after=["$"]),
        "rows": rows,
        "solution": [*p.lookups(pid), {"tool": "get_claims", "args": {"policy_id": pid}},
                     {"say": f"Removing the 2025 Subaru Outback today takes ${m(reduction)} off your term premium, which "
                             f"becomes ${m(new)}. We'll also notify the lessor, Prairie State Leasing. Shall I remove it?"},
                     {"tool": "remove_vehicle", "args": {"vehicle_id": "VEH-5220"}},
                     {"tool": "send_lienholder_notice", "args": {"vehicle_id": "VEH-5220", "reason": "vehicle_removed",
                                                                 "effective_date": d(TODAY)}},
                     ticket(p, pid, "vehicles", "named_insured", "task", "normal", "completed", "Remove vehicle",
                            "Leased SUV removed; lessor notified.")],
        "final_message": f"The 2025 Subaru Outback is off policy {pid} as of today, and Prairie State Leasing has been "
                         f"notified. Your term premium goes down by ${m(reduction)} to ${m(new)}.",
        "says": {"states": [{"money": m(reduction), "label": "reduction"}, {"money": m(new), "label": "new premium"}],
                 "states_before": [{"money": m(reduction), "before": "remove_vehicle", "label": "reduction"}],
                 "never_states": never(p, {"id": "VEH-5220", "label": "vehicle id"},
                                       {"id": "LHN-2001", "label": "notice id"})},
        "notes": f"Rules: 08 removing: the Outback's only claim (2026-01-28) is closed, and it is not the only active "
                 f"vehicle -> remove today; surcharge 340 off: 1240.00 - {m(reduction)} = {m(new)}; leased -> lienholder "
                 "notice vehicle_removed effective today. Ticket vehicles/task/normal/completed.",
    })

    # veh-018: an excluded driver (role other) asks to remove a vehicle -> declined
    ins = Person(5221, "Clementine Vasquez", "1983-09-14", "5180")
    ex = Person(5222, "Rafael Vasquez", "1981-02-02", "7736")
    pid = "NG-GA-522100"
    rows = merge(ins.rows(), ex.rows(), policy(pid, "GA", "plus", ins, "2026-01-04", "2026-07-04", 1120.0),
                 driver("DRV-5221", pid, ins, "GA-D5221001", ins.name, ins.dob, "named_insured", 110.0, state="GA"),
                 driver("DRV-5222", pid, ex, "GA-D5222001", ex.name, ex.dob, "spouse", 110.0, status="excluded",
                        state="GA"),
                 car("VEH-5221", pid, "1NGSUV23A0R200003", "GA"),
                 car("VEH-5222", pid, "1NGTRK24A0R300002", "GA"))
    out.append(declined_task(
        "veh-018", "The named insured's husband, excluded from her policy, asks to take his pickup off it",
        "Hi, the Ram pickup on my wife's policy is mine and I'm insuring it myself now. Please remove it from her policy.",
        ex, pid, rows, [*ex.lookups(pid)],
        "I'm sorry, but I can't remove the pickup for you: vehicle changes must be requested by the policy's named "
        "insured, your wife, and you are not able to make them on her policy. She is welcome to contact us.",
        "Rule: 02 caller roles and who may ask: the caller's driver record on the policy is excluded -> role other -> "
        "may make no request; 08 vehicle requests by the named insured only -> decline. Only the ticket changes "
        "(requester the caller, caller_role other).",
        facts={"wife": "Clementine Vasquez is the policyholder.", "vehicle": "The 2024 Ram 1500."},
        behavior=["If you cannot do it, accept that your wife has to call."], role="other",
        summary="Excluded driver asked to remove a vehicle; only the named insured may."))

    # veh-019: caller cannot be verified (wrong date of birth) -> not_verified
    p, pid, rows = household(5223, "Lucian Abernethy", "1991-12-21", "3364", "AZ", "plus", "2026-02-25",
                             "2026-08-25", 880.0, lambda pid: car("VEH-5223", pid, "1NGSED19A0R100003", "AZ"))
    out.append({
        "id": "veh-019", "family": "veh",
        "title": "Caller asking to add a truck gives a date of birth that does not match the record",
        "request": "Hi, I need to add a pickup truck to my car insurance.",
        "user_facts": {**p.facts(), "date of birth": "1991-12-12", "policy number": pid, "vin": "1NGTRK20A0R300001",
                       "use": "Driving to work.", "kept": "At home, ZIP 85704, Arizona.", "zip": "85704, Arizona.",
                       "owned": "I own it.", "purchase date": f"{plus(TODAY, -1)}."},
        "user_behavior": ["If verification fails, do not offer other details; accept that nothing can be done today."],
        "rows": rows,
        "solution": [{"tool": "get_customer", "args": {"email": p.email}},
                     {"tool": "verify_identity", "args": {"customer_id": p.id, "date_of_birth": "1991-12-12",
                                                           "tax_id_last4": p.tax}},
                     ticket(p, pid, "vehicles", "named_insured", "task", "normal", "not_verified", "Add vehicle",
                            "Caller could not be verified.")],
        "final_message": "I'm sorry, but I couldn't verify your identity with the details given, so I can't discuss or "
                         "change anything on the policy. Please call back with the correct information.",
        "says": {"states": [decision("decision: not verified", NOT_VERIFIED)],
                 "never_states": never(p, {"money": "1210.00", "label": "new premium"},
                                       {"money": "880.00", "label": "term premium"})},
        "notes": "Rule: 02 verification: one attempt; the date of birth given (1991-12-12) does not match the record "
                 "(1991-12-21) -> not verified; nothing disclosed (no premium) or changed; ticket vehicles/task/normal/"
                 "not_verified/solved.",
    })
    return out


if __name__ == "__main__":
    write("vehicles", "veh", "Adding and removing vehicles: backdating by state, use, garaging, ownership and "
                             "lienholders, underwriting review, vehicles we do not insure, who may ask.", tasks())
