"""The travel family (tasks/travel.json): an employee asks the desk to book a business trip for
an engagement. Each scenario varies one decisive fact of 11_travel.md: the notice against the
band's window (exactly at it, one day inside it), the nights against the long-trip line (6 and
7), the hotel rate against the band's cap (at it, above it), the flight's duration against the
band's business line (exactly 6.0 hours, above 6 and above 4 hours), the cabin asked for (higher,
premium economy, lower), partners (never approved), the manager on leave (delegate), booked
staffing on a planned engagement, and no staffing at all. The outcome is computed by `decide`
(and recomputed independently in tests/test_rules_travel.py). The sample trv-001 stays in
travel_samples.json.

    uv run python plugins/consulting/scripts/gen_travel.py
"""
from __future__ import annotations

from datetime import date

from taskkit import (
    AWAITING, BAND, DECLINED, TODAY, call, date_range, day, decision, email_of, merge, name, person, staffing, task,
    text, ticket, write,
)

BOOKED = decision("booked", "decision: booked")
NOTICE = {"associate": 14, "manager": 7}
CAP = {"associate": 200, "manager": 275, "partner": 350}
RANK = {"economy": 0, "premium_economy": 1, "business": 2}
CABIN_WORDS = {"economy": "economy", "premium_economy": "premium economy", "business": "business class"}
CITY = {"boston": "Boston", "chicago": "Chicago", "london": "London", "new_york": "New York", "toronto": "Toronto",
        "dallas": "Dallas", "frankfurt": "Frankfurt", "san_francisco": "San Francisco"}
PEOPLE = {"EMP-1001": "Helen Achterberg", "EMP-1002": "Rafael Okonkwo", "EMP-1101": "Priya Raman",
          "EMP-1103": "Aisha Bello", "EMP-1104": "Gareth Lloyd", "EMP-1105": "Camille Fournier",
          "EMP-1106": "Diego Alvarez", "EMP-1107": "Hannah Kowalczyk"}
ON_LEAVE = {"EMP-1103": "EMP-1104", "EMP-1108": "EMP-1105"}   # base rows: manager on leave -> active delegate
ENGAGEMENT_NAMES = {"ENG-4101": "Northgate supply chain review", "ENG-4102": "Ravelle pricing strategy",
                    "ENG-4103": "Lakeshore store operations", "ENG-4104": "Corvid network redesign",
                    "ENG-4106": "Aurelia core banking migration", "ENG-4107": "Lakeshore loyalty relaunch",
                    "ENG-4108": "Corvid warehouse automation"}
CLOSED = {"ENG-4107"}   # fixtures.ENGAGEMENTS: status closed


def allowed_cabin(band: str, hours: float) -> str:
    """11_travel.md, Entitlements: business above the band's line (never for associates), else economy."""
    if band == "manager" and hours > 6:
        return "business"
    if band == "partner" and hours > 4:
        return "business"
    return "economy"


def decide(band: str, notice: int, nights: int, rate: float, hours: float, asked: str) -> tuple[str, bool, list[str]]:
    """(cabin recorded, needs approval, why) for a staffed employee."""
    allowed = allowed_cabin(band, hours)
    cabin = asked if RANK[asked] < RANK[allowed] else allowed
    why = []
    if band != "partner":
        if notice < NOTICE[band]:
            why.append("short notice")
        if nights >= 7:
            why.append("long trip")
        if rate > CAP[band]:
            why.append("hotel above the cap")
    return cabin, bool(why), why


# id, employee (id, name, grade, practice, office, manager), staffing (engagement, status), trip (origin, destination,
# days to departure, nights, flight hours, hotel rate, cabin asked), title, rule
S = [
    ("trv-002", ("EMP-5602", "Lucia Ferreira", "analyst", "finance", "boston", "EMP-1105"), ("ENG-4101", "active"),
     ("boston", "new_york", 13, 3, 1.5, 180, "economy"),
     "Analyst asks for a short client trip thirteen days ahead",
     "Rule: Travel rule 2, short notice: the associate band needs 14 days; 13 days is one day inside the window."),
    ("trv-003", ("EMP-5603", "Rohan Mehta", "senior_manager", "strategy", "boston", "EMP-1001"), ("ENG-4102", "active"),
     ("boston", "london", 10, 4, 6.0, 260, "business"),
     "Senior manager asks for business class on a flight of exactly six hours",
     "Rule: Travel Entitlements, cabin bound: the manager band flies business only above 6 hours (6.0 is economy); "
     "a higher cabin asked for is booked in the cabin allowed."),
    ("trv-004", ("EMP-5604", "Keiko Tanaka", "manager", "operations", "chicago", "EMP-1104"), ("ENG-4108", "booked"),
     ("chicago", "frankfurt", 7, 4, 8.5, 240, "business"),
     "Manager booked on a planned engagement asks for a long-haul trip exactly a week ahead",
     "Rule: Travel rule 2 notice bound for the manager band (7 days, day 7 has enough notice) with Entitlements "
     "(manager band, flight above 6 hours: business); booked staffing on a planned engagement counts as staffed."),
    ("trv-005", ("EMP-5605", "Bruno Carvalho", "manager", "strategy", "boston", "EMP-1101"), ("ENG-4101", "active"),
     ("boston", "toronto", 6, 2, 1.8, 230, "economy"),
     "Manager asks for a short trip six days ahead",
     "Rule: Travel rule 2, short notice: the manager band needs 7 days; 6 days is one day inside the window."),
    ("trv-006", ("EMP-5606", "Elena Petrova", "partner", "finance", "boston", None), ("ENG-4106", "active"),
     ("boston", "dallas", 3, 9, 4.5, 340, "business"),
     "Partner asks for a nine-night trip three days ahead with a 4.5-hour flight",
     "Rule: Travel rule 2, partners never need approval (short notice and a long trip do not apply) with "
     "Entitlements (partner band, flight above 4 hours: business; $340 is within the partner cap)."),
    ("trv-007", ("EMP-5607", "Tomas Lindgren", "consultant", "operations", "london", "EMP-1103"), ("ENG-4103", "active"),
     ("london", "boston", 21, 7, 7.5, 190, "premium_economy"),
     "London consultant asks for premium economy on a seven-night trip while his manager is on leave",
     "Rule: Travel rule 2, long trip bound (7 nights or more) with Approvals step 2 (the manager on leave: her "
     "delegate approves); premium economy is not an entitlement, the associate band flies economy."),
    ("trv-008", ("EMP-5608", "Amara Nwosu", "senior_consultant", "technology", "chicago", "EMP-1106"),
     ("ENG-4104", "active"), ("chicago", "boston", 15, 6, 2.5, 200, "economy"),
     "Senior consultant asks for a six-night trip with a hotel at $200 a night",
     "Rule: Travel rule 2 bounds: a hotel exactly at the associate cap is not above it, and 6 nights is not a long "
     "trip."),
    ("trv-009", ("EMP-5609", "Felix Brandt", "consultant", "strategy", "chicago", "EMP-1107"), ("ENG-4107", "released"),
     ("chicago", "boston", 20, 2, 2.5, 180, "economy"),
     "Consultant asks for a trip for a client engagement he was released from",
     "Rule: Travel rule 1: the trip must be for an engagement on which the employee is staffed; a released "
     "staffing on a closed engagement does not count. Decline and record nothing."),
    ("trv-010", ("EMP-5610", "Sofia Marino", "senior_manager", "technology", "chicago", "EMP-1002"),
     ("ENG-4106", "active"), ("chicago", "london", 15, 4, 8.0, 290, "economy"),
     "Senior manager asks for economy on an eight-hour flight with a hotel at $290 a night",
     "Rule: Travel rule 2, hotel above the cap (manager band $275.00) with Entitlements: a lower cabin than "
     "allowed is booked as asked."),
]


def build(sid, emp, stf, trip, title, rule):
    eid, ename, grade, practice, office, manager = emp
    engagement, stf_status = stf
    origin, dest, notice, nights, hours, rate, asked = trip
    num = eid[4:]
    uid = "U-" + num
    band = BAND[grade]
    depart, back = day(notice), day(notice + nights)
    extra = {"start": "2025-03-03", "end": "2025-09-26"} if engagement in CLOSED else (
        {"start": "2026-05-04", "end": "2026-10-30"} if stf_status == "booked" else {})
    rows = merge(person(eid, ename, grade, practice, office, manager),
                 staffing(f"STF-{num}", eid, engagement, status=stf_status, **extra))
    email = email_of(rows, eid)
    eng_name = ENGAGEMENT_NAMES[engagement]
    facts = {"email": email, "name": ename, "engagement": f"The {eng_name} engagement.",
             "from": CITY[origin], "dates": f"Leaving {depart}, back {back}.",
             "flight": f"The flight is {hours:g} hours each way.",
             "cabin": {"economy": "Economy is fine.", "premium_economy": "Premium economy, if possible.",
                       "business": "Business class, please."}[asked],
             "hotel": f"The hotel I'd like is ${rate} a night."}
    request = f"Hi, I need to travel to {CITY[dest]} for client work. Can you book it?"
    behavior = ["If told the trip needs approval, accept that it waits.",
                "If told you will fly a different cabin from the one you asked for, accept it."]
    steps = [call("find_employee", email=email), call("list_staffing", employee_id=eid)]

    if engagement in CLOSED or stf_status == "released":   # not staffed: decline, record nothing
        behavior = ["If told the trip cannot be booked, ask once why, then accept the answer."]
        steps.append(ticket(uid, "travel", "task", "normal", "declined", f"Trip to {CITY[dest]}",
                            "Not staffed on the engagement (released, engagement closed): declined, nothing recorded."))
        final = (f"I'm sorry, I can't book this trip: we book business travel only for engagements you are staffed on, "
                 f"and you are no longer staffed on the {eng_name} engagement, which has closed.")
        notes = (f"{rule} {ename} ({grade}): staffing {stf_status} on {engagement} (closed). No travel request, no "
                 "approval. Ticket task/normal/declined/solved.")
        declined = decision("declined", "decision: declined", because=["staffed", "staffing", "released", "closed",
                                                                      "no longer", "engagement"])
        return task(sid, title, request, facts, behavior, rows, steps, final, [declined], notes)

    cabin, needs, why = decide(band, notice, nights, rate, hours, asked)
    steps.append(call("create_travel_request", employee_id=eid, engagement_id=engagement, origin=origin,
                      destination=dest, depart_on=depart, return_on=back, cabin=cabin, flight_hours=hours,
                      hotel_nightly_rate=rate, needs_approval=needs))
    trip_words = (f"{CITY[origin]} to {CITY[dest]} in {CABIN_WORDS[cabin]}, leaving {depart} and returning {back}, "
                  f"with the hotel at ${rate:.2f} a night")
    cabin_note = ""
    if cabin != asked:
        cabin_note = (f" You asked for {CABIN_WORDS[asked]}, but your entitlement on this flight is "
                      f"{CABIN_WORDS[cabin]}, so that is what is recorded.")
    states = [text([CABIN_WORDS[cabin]], "cabin"), date_range(depart, back)]
    if needs:
        approver = manager
        steps.append(call("find_employee", employee_id=manager))
        if manager in ON_LEAVE:
            approver = ON_LEAVE[manager]
            steps.append(call("find_employee", employee_id=approver))
        steps.append(call("request_approval", kind="travel", requester_id=eid, approver_id=approver,
                          subject_id="TRV-1201"))
        resolution = "awaiting_approval"
        reason = {"short notice": f"it departs {notice} days from today, less notice than your grade needs",
                  "long trip": f"it is {nights} nights long",
                  "hotel above the cap": "the hotel rate is above the nightly cap for your grade"}[why[0]]
        leave = (f" I have sent the request to {PEOPLE[approver]}."
                 if manager in ON_LEAVE else f" I have sent the request to {PEOPLE[approver]}.")
        final = (f"I've recorded your trip: {trip_words}. It needs your manager's approval because {reason}, so it "
                 f"waits for approval and is not booked yet.{leave}{cabin_note}")
        states = [AWAITING, name(PEOPLE[approver], "the approver")] + states
    else:
        resolution = "fulfilled"
        final = f"Your trip is booked: {trip_words}.{cabin_note}"
        states = [BOOKED] + states
    steps.append(ticket(uid, "travel", "task", "normal", resolution, f"Trip to {CITY[dest]}",
                        f"{notice} days' notice, {nights} nights, {hours:g} h, ${rate}/night, {cabin}: "
                        + ("held for approval (" + ", ".join(why) + ")." if needs else "booked.")))
    notes = (f"{rule} {ename}: {grade} ({band} band), staffing {stf_status} on {engagement}. Depart {depart} = "
             f"{notice} days from {TODAY}, return {back} = {nights} nights; {hours:g} h flight, asked {asked} -> "
             f"cabin {cabin}; hotel ${rate} vs cap ${CAP[band]}. "
             + (f"Approval ({', '.join(why)}) to {approver} ({PEOPLE[approver]}), subject TRV-1201, no amount; "
                f"ticket task/normal/awaiting_approval/pending." if needs
                else "No approval: booked; ticket task/normal/fulfilled/solved."))
    return task(sid, title, request, facts, behavior, rows, steps, final, states, notes)


if __name__ == "__main__":
    assert all((date.fromisoformat(day(s[3][2])) - TODAY).days == s[3][2] for s in S)
    write("travel.json", "travel", "Business travel: engagement, cabin by band and flight, notice, length and hotel cap.",
          [build(*s) for s in S])
