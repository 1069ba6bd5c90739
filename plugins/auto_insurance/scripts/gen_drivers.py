"""The drivers family (drv), the listed-driver limits family (ldr) and a second two-part
request (mul): adding drivers by age band and record, underwriting review, removing and
excluding drivers by state and open claims, a driver who becomes ineligible, the policy's
status, verification, and what a listed driver or an excluded driver may ask for. The
samples (drv_samples.json, ldr_samples.json, mul_samples.json) stay as they are; these
tasks continue their ids. Run: uv run python plugins/auto_insurance/scripts/gen_drivers.py"""
from __future__ import annotations

from decimal import Decimal

from taskkit import (
    DECLINED, ESCALATED, NOT_VERIFIED, TODAY, Person, agree, decision, driver, m, merge, policy, ticket, vehicle, write,
)
from thinkingbox_auto_insurance.rating import age_on, driver_surcharge, dui_within_5_years, return_premium

ZIP = {"AZ": "85004", "GA": "30303", "IL": "60601", "PA": "19103"}
EXCLUSIONS = {"GA", "PA"}
CAR = ("1NGSED24A0R100001", 2024, "Toyota", "Camry", "sedan", 280.0)
REVIEW = decision("underwriting will review the driver", ESCALATED)
NEW_DRIVER = "DRV-7001"


def household(num: int, name: str, dob: str, tax: str, state: str, tier: str, term: tuple[str, str], premium: float,
              **policy_extra):
    p = Person(num, name, dob, tax)
    pid = f"NG-{state}-{num}01"
    vin, year, make, model, body, sur = CAR
    rows = merge(p.rows(), policy(pid, state, tier, p, term[0], term[1], premium, **policy_extra),
                 driver(f"DRV-{num}", pid, p, f"{state}-D{num}001", p.name, p.dob, "named_insured", 110.0, state=state),
                 vehicle(f"VEH-{num}", pid, vin, year, make, model, body, state, ZIP[state], sur))
    return p, pid, rows


def record(license_number: str, name: str, dob: str, state: str, **extra) -> dict:
    return {"driving_records": [{"license_number": license_number, "name": name, "date_of_birth": dob,
                                 "license_state": state, **extra}]}


def never(p: Person, *ids: str, tickets: int = 1) -> list[dict]:
    return [*p.never(), *({"id": i, "label": "internal id"} for i in ids),
            *({"id": f"TCK-{5001 + k}", "label": "ticket id"} for k in range(tickets))]


def drv_ticket(p: Person, pid: str, outcome: str, role: str = "named_insured", priority: str = "normal",
               subject: str = "Driver change") -> dict:
    return ticket(p, pid, "drivers", role, "task", priority, outcome, subject, f"Driver request; outcome {outcome}.")


def add_decision(rec: dict, tier: str) -> str:
    """07_drivers.md, adding a driver, rule 2: the first line that applies."""
    if rec.get("license_status", "valid") in ("suspended", "revoked"):
        return "decline"
    if dui_within_5_years(rec.get("dui_date"), TODAY):
        return "decline" if tier == "essential" else "review"
    if rec.get("minor_violations", 0) >= 3 or rec.get("at_fault_accidents", 0) >= 2:
        return "review"
    return "add"


def add_task(tid: str, title: str, request: str, caller: tuple, state: str, tier: str, term: tuple[str, str],
             premium: float, new: dict, relationship: str, facts: dict, notes: str, expect: str,
             policy_extra: dict | None = None, priority: str = "normal", wrong: tuple = ()) -> dict:
    """A named insured asks to add a driver; the outcome and the amounts are recomputed here from
    the record (07_drivers.md) and checked against `expect` (add, review or decline)."""
    num, name, dob, tax = caller
    p, pid, rows = household(num, name, dob, tax, state, tier, term, premium, **(policy_extra or {}))
    lic = new["license_number"]
    rows = merge(rows, {"driving_records": [new]})
    outcome = add_decision(new, tier)
    assert outcome == expect, (tid, outcome)
    first = new["name"].split()[0]
    lookups = [*p.lookups(pid), {"tool": "get_driving_record", "args": {"license_number": lic}}]
    base = {"id": tid, "family": "drv", "title": title, "request": request,
            "user_facts": {**p.facts(), "policy number": pid, **facts}}
    age = age_on(new["date_of_birth"], TODAY)
    if outcome == "decline":
        base.update({
            "user_behavior": [f"If {first} cannot be added, accept the explanation and do not ask for anything else."],
            "rows": rows,
            "solution": [*lookups, drv_ticket(p, pid, "declined", priority=priority, subject="Add driver")],
            "final_message": f"I'm sorry, but I can't add {first} to policy {pid}. {notes.split(' | ')[0]} Nothing on your policy has changed.",
            "says": {"states": [decision("decision: declined", DECLINED)], "never_states": never(p)},
            "notes": f"Rule: 07_drivers adding. {notes.split(' | ')[-1]} Only the ticket changes: drivers/task/{priority}/declined/solved.",
        })
        return base
    sur = driver_surcharge(new["date_of_birth"], new.get("minor_violations", 0), new.get("at_fault_accidents", 0),
                           new.get("dui_date"), TODAY)
    total = Decimal(str(premium)) + sur
    review = outcome == "review"
    review_text = f" Because of {first}'s record, underwriting will review {first} after the addition." if review else ""
    says_states = [{"money": m(sur), "label": "surcharge"}, {"money": m(total), "label": "new premium"}]
    if review:
        says_states.append(REVIEW)
    wrong_claims = [{"money": m(w), "label": "a wrong amount for this record (another age band or the DUI surcharge)"} for w in wrong]
    for w in wrong:
        assert Decimal(str(w)) not in (sur, total), tid
    result = "referred" if review else "completed"
    base.update({
        "user_behavior": ["Agree to the addition once the premium change has been explained."],
        "user_decisions": agree(f"add {first} to the policy", after=["$"]),
        "rows": rows,
        "solution": [*lookups,
                     {"say": f"Adding {first} adds ${m(sur)} to your term premium, which becomes ${m(total)}, effective today.{review_text} Shall I add {first}?"},
                     {"tool": "add_driver", "args": {"policy_id": pid, "license_number": lic, "relationship": relationship,
                                                     "underwriting_review": review}},
                     drv_ticket(p, pid, result, priority=priority, subject="Add driver")],
        "final_message": f"{first} is now a listed driver on policy {pid}, effective today. The surcharge is ${m(sur)}, so your term premium is now ${m(total)}.{review_text}",
        "says": {"states": says_states,
                 "states_before": [{"money": m(sur), "before": "add_driver", "label": "surcharge"}],
                 "never_states": [*never(p, NEW_DRIVER), *wrong_claims]},
        "notes": f"Rule: 07_drivers adding. {notes} Age {age} on {TODAY}; surcharge {m(sur)}; premium {premium:.2f} + {m(sur)} = "
                 f"{m(total)}; relationship {relationship}; underwriting_review {str(review).lower()}. Ticket drivers/task/"
                 f"{priority}/{result}/{'hold' if review else 'solved'}.",
    })
    return base


def change_task(tid: str, title: str, request: str, p: Person, pid: str, rows: dict, premium: float, target: dict,
                tool: str, facts: dict, notes: str, behavior: list[str] | None = None, say_extra: str = "") -> dict:
    """A removal or an exclusion the rules allow: the driver's recorded surcharge comes off."""
    sur = Decimal(str(target["surcharge"]))
    total = Decimal(str(premium)) - sur
    first = target["name"].split()[0]
    verb = "removing" if tool == "remove_driver" else "excluding"
    done = "removed from" if tool == "remove_driver" else "excluded from"
    return {
        "id": tid, "family": "drv", "title": title, "request": request,
        "user_facts": {**p.facts(), "policy number": pid, **facts},
        "user_behavior": behavior or ["Agree once the premium change has been explained."],
        "user_decisions": agree(f"{verb} {first}", after=["$"]),
        "rows": rows,
        "solution": [*p.lookups(pid), {"tool": "get_claims", "args": {"policy_id": pid}},
                     {"say": f"{say_extra}{verb.capitalize()} {first} takes effect today and takes ${m(sur)} off your term premium, which becomes ${m(total)}. Shall I go ahead?"},
                     {"tool": tool, "args": {"driver_id": target["id"]}},
                     drv_ticket(p, pid, "completed", subject="Driver change")],
        "final_message": f"Done: {first} is {done} policy {pid} as of today. Your term premium goes down by ${m(sur)} to ${m(total)}.",
        "says": {"states": [{"money": m(sur), "label": "premium reduction"}, {"money": m(total), "label": "new premium"}],
                 "states_before": [{"money": m(sur), "before": tool, "label": "premium reduction"}],
                 "never_states": never(p, target["id"])},
        "notes": f"{notes} Premium {premium:.2f} - {m(sur)} = {m(total)}. Ticket drivers/task/normal/completed/solved.",
    }


def declined_task(tid: str, title: str, request: str, p: Person, pid: str, rows: dict, final: str, notes: str,
                  facts: dict, family: str = "drv", category: str = "drivers", role: str = "named_insured",
                  priority: str = "normal", type_: str = "task", lookups: list | None = None,
                  behavior: list[str] | None = None, extra_never: list | None = None) -> dict:
    return {
        "id": tid, "family": family, "title": title, "request": request,
        "user_facts": {**p.facts(), "policy number": pid, **facts},
        "user_behavior": behavior or ["If it cannot be done, accept the explanation and do not ask for anything else."],
        "rows": rows,
        "solution": [*(lookups if lookups is not None else p.lookups(pid)),
                     ticket(p, pid, category, role, type_, priority, "declined", "Request declined",
                            f"{category} request declined.")],
        "final_message": final,
        "says": {"states": [decision("decision: declined", DECLINED)], "never_states": [*never(p), *(extra_never or [])]},
        "notes": f"{notes} Only the ticket changes: {category}/{type_}/{priority}/declined/solved, caller_role {role}.",
    }


def claim(cid: str, pid: str, vid: str, did: str | None, reporter: Person, loss: str, status: str,
          loss_type: str = "collision_vehicle") -> dict:
    return {"claims": [{"id": cid, "policy_id": pid, "vehicle_id": vid, "driver_id": did, "reported_by": reporter.id,
                        "loss_date": loss, "loss_type": loss_type, "coverage": "collision", "deductible": 500.0,
                        "status": status, "description": "Earlier loss.", "created_at": f"{loss}T12:00:00Z"}]}


def drv_tasks() -> list[dict]:
    out = []
    # ---- adding: age bands on their boundaries ---------------------------------------
    out.append(add_task(
        "drv-003", "Georgia policyholder adds her nephew, whose 21st birthday is today and who has one speeding ticket",
        "Hi, my nephew is going to be driving my car from now on. Can you put him on my insurance?",
        (3703, "Philippa Draycott", "1970-06-11", "2284"), "GA", "essential", ("2026-01-20", "2026-07-20"), 860.0,
        {"license_number": "GA-D3703002", "name": "Dario Draycott", "date_of_birth": "2005-03-16", "license_state": "GA",
         "minor_violations": 1},
        "relative", {"license number": "His license number is GA-D3703002.", "relationship": "He is my nephew.",
                     "nephew": "Dario Draycott.", "northgate customer": "No, he has nothing with Northgate himself."},
        "Born 2005-03-16: 21 today (the 21-24 band includes the birthday) -> 260 + 60 x 1 violation; valid licence, no "
        "DUI, 1 violation < 3 -> add without review. Nephew -> relative (closed list).", "add",
        wrong=(Decimal("1340"),)))
    out.append(add_task(
        "drv-004", "Illinois policyholder adds his daughter, who turns 25 tomorrow, with a clean record",
        "Hello, my daughter is moving back home for a while and will use the family car. I'd like her added.",
        (3704, "Lionel Achterberg", "1968-10-02", "6075"), "IL", "plus", ("2026-02-03", "2026-08-03"), 1120.0,
        {"license_number": "IL-D3704002", "name": "Saskia Achterberg", "date_of_birth": "2001-03-17",
         "license_state": "IL"},
        "child", {"license number": "Her license number is IL-D3704002.", "relationship": "She is my daughter.",
                  "daughter": "Saskia Achterberg.", "northgate customer": "No, she isn't a Northgate customer."},
        "Born 2001-03-17: she turns 25 tomorrow, so she is 24 in full years today -> 21-24 band 260 (not 110); clean "
        "record -> add without review.", "add", wrong=(Decimal("1230"),)))
    out.append(add_task(
        "drv-005", "Arizona elite policyholder adds his father, whose 65th birthday is today",
        "Hi, my dad will be borrowing my car a lot now that he's retired. Can he be added as a driver?",
        (3705, "Bartholomew Ngata", "1990-01-30", "4418"), "AZ", "elite", ("2025-12-15", "2026-06-15"), 1275.0,
        {"license_number": "AZ-D3705002", "name": "Hemi Ngata", "date_of_birth": "1961-03-16", "license_state": "AZ"},
        "relative", {"license number": "His license number is AZ-D3705002.", "relationship": "He is my father.",
                     "father": "Hemi Ngata.", "northgate customer": "No, he isn't a Northgate customer."},
        "Born 1961-03-16: 65 today (65 or older includes the birthday) -> 150 (not 110); clean -> add without review. "
        "Father -> relative.", "add", wrong=(Decimal("1385"),)))
    # ---- adding: DUI on the 5-year boundary, violations and accidents ---------------
    out.append(add_task(
        "drv-006", "Pennsylvania plus policyholder adds her husband, whose DUI conviction was exactly five years ago today",
        "Hi, I need to add my husband to my car insurance policy please.",
        (3706, "Imogen Castellane", "1982-09-19", "7350"), "PA", "plus", ("2026-01-10", "2026-07-10"), 1045.0,
        {"license_number": "PA-D3706002", "name": "Rufus Castellane", "date_of_birth": "1980-07-04",
         "license_state": "PA", "dui_date": "2021-03-16"},
        "spouse", {"license number": "His license number is PA-D3706002.", "relationship": "He is my husband.",
                   "husband": "Rufus Castellane.", "northgate customer": "No, he isn't a Northgate customer."},
        "DUI 2021-03-16 is exactly 5 years before 2026-03-16 (that day included) -> line 2; plus tier -> add with "
        "underwriting review; surcharge 110 (age 45) + 500 DUI. Outcome referred, status hold.", "review",
        wrong=(Decimal("1155"),)))
    out.append(add_task(
        "drv-007", "Georgia essential policyholder adds his wife, whose DUI conviction was five years and one day ago",
        "Hello, I want to add my wife to my auto policy.",
        (3707, "Desmond Ferreira", "1977-02-14", "9146"), "GA", "essential", ("2026-02-01", "2026-08-01"), 780.0,
        {"license_number": "GA-D3707002", "name": "Valeria Ferreira", "date_of_birth": "1979-05-23",
         "license_state": "GA", "dui_date": "2021-03-15"},
        "spouse", {"license number": "Her license number is GA-D3707002.", "relationship": "She is my wife.",
                   "wife": "Valeria Ferreira.", "northgate customer": "No, she isn't a Northgate customer."},
        "DUI 2021-03-15 is 5 years and 1 day before today, outside the 5-year window (limit 2021-03-16) -> line 2 does "
        "not apply, no DUI surcharge; no violations -> add without review, 110 (age 46). Contrast drv-s02 (essential, "
        "DUI within 5 years: declined) and drv-006.", "add", wrong=(Decimal("610"), Decimal("1390"))))
    out.append(add_task(
        "drv-008", "Illinois essential policyholder adds his roommate, who has three speeding tickets",
        "Hi, my roommate needs to drive my car sometimes. Can you add him to my insurance?",
        (3708, "Ezekiel Prudhomme", "1994-04-08", "3827"), "IL", "essential", ("2026-01-25", "2026-07-25"), 910.0,
        {"license_number": "IL-D3708002", "name": "Caspian Mirelli", "date_of_birth": "1995-11-30",
         "license_state": "IL", "minor_violations": 3},
        "other", {"license number": "His license number is IL-D3708002.", "relationship": "He's my roommate.",
                  "roommate": "Caspian Mirelli.", "northgate customer": "No, he isn't a Northgate customer."},
        "Valid licence, no DUI; 3 minor violations (3 or more) -> line 3: add with underwriting review, whatever the "
        "tier; surcharge 110 (age 30) + 60 x 3. Roommate -> other. Outcome referred, status hold.", "review",
        wrong=(Decimal("1020"),)))
    out.append(add_task(
        "drv-009", "Arizona plus policyholder adds her 19-year-old son, who has two tickets and one at-fault accident",
        "Hi, my son is home from college and wants to drive my car. Please add him to my policy.",
        (3709, "Marguerite Solano", "1976-12-01", "5562"), "AZ", "plus", ("2026-01-05", "2026-07-05"), 980.0,
        {"license_number": "AZ-D3709002", "name": "Tomas Solano", "date_of_birth": "2006-08-21", "license_state": "AZ",
         "minor_violations": 2, "at_fault_accidents": 1},
        "child", {"license number": "His license number is AZ-D3709002.", "relationship": "He's my son.",
                  "son": "Tomas Solano.", "northgate customer": "No, he isn't a Northgate customer."},
        "2 minor violations (< 3) and 1 at-fault accident (< 2) -> line 4: add without review; surcharge 420 (age 19) "
        "+ 60 x 2 + 180 x 1.", "add", wrong=(Decimal("1540"),)))
    out.append(add_task(
        "drv-010", "Pennsylvania essential policyholder asks to add her daughter, whose licence record shows a suspension",
        "Hi, I'd like to add my daughter as a driver on my policy.",
        (3710, "Rosalind Oyelaran", "1972-03-03", "8021"), "PA", "essential", ("2025-12-20", "2026-06-20"), 890.0,
        {"license_number": "PA-D3710002", "name": "Temi Oyelaran", "date_of_birth": "2003-10-12", "license_state": "PA",
         "license_status": "suspended"},
        "child", {"license number": "Her license number is PA-D3710002.", "relationship": "She is my daughter.",
                  "daughter": "Temi Oyelaran.", "northgate customer": "No, she isn't a Northgate customer."},
        "Her driving record shows that her licence is currently suspended, and we can't list a driver whose licence is "
        "suspended. | Line 1: licence suspended -> decline (first line that applies; the record is otherwise clean).",
        "decline"))
    out.append(add_task(
        "drv-011", "Georgia elite policyholder adds his brother, who has two at-fault accidents",
        "Good afternoon, my brother is staying with me and will drive my car. I'd like to add him.",
        (3711, "Augustus Brennan-Lowe", "1985-08-17", "2639"), "GA", "elite", ("2026-02-10", "2026-08-10"), 1310.0,
        {"license_number": "GA-D3711002", "name": "Jasper Brennan-Lowe", "date_of_birth": "1988-01-09",
         "license_state": "GA", "at_fault_accidents": 2},
        "relative", {"license number": "His license number is GA-D3711002.", "relationship": "He's my brother.",
                     "brother": "Jasper Brennan-Lowe.", "northgate customer": "No, he isn't a Northgate customer."},
        "Valid licence, no DUI, 0 violations; 2 at-fault accidents (2 or more) -> line 3: add with underwriting review; "
        "surcharge 110 (age 38) + 180 x 2. Brother -> relative. Outcome referred, status hold. Contrast drv-009 (1 "
        "accident: no review).", "review"))
    out.append(add_task(
        "drv-012", "Illinois policyholder whose cancellation is scheduled for next month adds his stepson",
        "Hi, my stepson just moved in with us and will be driving the car. Can you add him?",
        (3712, "Cyprian Waldegrave", "1971-05-27", "4703"), "IL", "plus", ("2026-01-15", "2026-07-15"), 1190.0,
        {"license_number": "IL-D3712002", "name": "Noah Pemberton", "date_of_birth": "2003-11-04", "license_state": "IL"},
        "child", {"license number": "His license number is IL-D3712002.", "relationship": "He is my stepson.",
                  "stepson": "Noah Pemberton.", "northgate customer": "No, he isn't a Northgate customer."},
        "The policy is pending_cancellation (cancellation he asked for, on 2026-04-10): driver changes are allowed on an "
        "active or pending_cancellation policy; priority high (pending_cancellation when calling). Stepson -> child "
        "(stepchildren included). Clean record, age 22 -> 260, no review.", "add",
        policy_extra={"status": "pending_cancellation", "cancellation_date": "2026-04-10",
                      "cancellation_reason": "insured_request",
                      "return_premium": float(return_premium(Decimal("1190"), "2026-01-15", "2026-07-15", "2026-04-10"))},
        priority="high"))
    # the cancelled-policy refusal
    p, pid, rows = household(3718, "Winifred Achebe", "1966-07-07", "1590", "GA", "plus", ("2025-12-01", "2026-06-01"),
                             940.0, status="cancelled", cancellation_date="2026-02-16", cancellation_reason="nonpayment")
    rows = merge(rows, record("GA-D3718002", "Obi Achebe", "1999-02-02", "GA"))
    out.append(declined_task(
        "drv-018", "Georgia policyholder whose policy was cancelled for nonpayment last month asks to add her son",
        "Hello, I'd like to add my son as a driver to my car insurance.", p, pid, rows,
        f"I'm sorry, but I can't add your son: policy {pid} was cancelled on 2026-02-16, and drivers can be added "
        "only while a policy is in force or pending cancellation. Nothing on the policy has changed.",
        "Rule: 07_drivers: driver changes only on an active or pending_cancellation policy; the policy is cancelled "
        "(nonpayment, 2026-02-16) -> decline; priority high (cancelled when calling). Contrast drv-012 (pending: added).",
        {"license number": "His license number is GA-D3718002.", "relationship": "He's my son.", "son": "Obi Achebe."},
        priority="high",
        behavior=["Only ask about adding your son. If he cannot be added, accept the explanation and do not ask about "
                  "reinstating or paying."]))
    # ---- removing ------------------------------------------------------------------
    p, pid, rows = household(3713, "Leopold Haverkamp", "1969-11-23", "6618", "AZ", "plus", ("2026-01-08", "2026-07-08"),
                             1460.0)
    son = {"id": "DRV-3713002", "name": "Felix Haverkamp", "surcharge": 480.0}
    rows = merge(rows, driver(son["id"], pid, None, "AZ-D3713002", son["name"], "2006-01-14", "child", son["surcharge"]),
                 claim("CLM-3713", pid, "VEH-3713", son["id"], p, "2026-01-29", "closed"))
    out.append(change_task(
        "drv-013", "Arizona policyholder removes his son, who moved abroad; the son's earlier claim has been closed",
        "Hi, my son has moved overseas for work, so he won't be driving my car anymore. Please take him off my policy.",
        p, pid, rows, 1460.0, son, "remove_driver", {"son": "Felix Haverkamp."},
        "Rule: 07_drivers removing: Felix is a listed driver, not the named insured; his claim CLM-3713 (loss "
        "2026-01-29) is closed, so rule 2 does not hold him back -> remove, his recorded surcharge 480.00 comes off. "
        "Contrast drv-014 (open claim: declined)."))
    p, pid, rows = household(3714, "Gwendolyn Asante", "1979-04-30", "3045", "GA", "plus", ("2026-02-05", "2026-08-05"),
                             1180.0)
    rows = merge(rows, driver("DRV-3714002", pid, None, "GA-D3714002", "Kofi Asante", "1977-09-12", "spouse", 110.0,
                              state="GA"),
                 claim("CLM-3714", pid, "VEH-3714", "DRV-3714002", p, "2026-03-02", "open"))
    out.append(declined_task(
        "drv-014", "Georgia policyholder asks to remove her husband, who was driving in a crash two weeks ago",
        "Hi, I want to take my husband off my car insurance. We're separating and he has his own car now.", p, pid, rows,
        "I'm sorry, but I can't remove Kofi from the policy right now: he was driving in the loss of 2026-03-02, and its "
        "claim is still open. A driver can't be removed until that claim closes; you're welcome to call back then.",
        "Rule: 07_drivers removing, rule 2: Kofi (listed spouse) was driving in the loss of 2026-03-02 whose claim is "
        "still open -> decline until it closes.",
        {"husband": "Kofi Asante."}, lookups=[*p.lookups(pid), {"tool": "get_claims", "args": {"policy_id": pid}}],
        behavior=["If he cannot be removed now, accept the explanation; do not ask for an exclusion or anything else."]))
    p, pid, rows = household(3715, "Henrietta Mbatha", "1958-12-19", "7724", "PA", "essential", ("2026-01-28", "2026-07-28"),
                             820.0)
    rows = merge(rows, driver("DRV-3715002", pid, None, "PA-D3715002", "Sipho Mbatha", "1956-06-06", "spouse", 110.0,
                              state="PA"))
    out.append(declined_task(
        "drv-015", "Pennsylvania policyholder asks to take herself off her own policy so only her husband is listed",
        "Hi, I've stopped driving, so I'd like to take myself off the car insurance and leave just my husband on it.",
        p, pid, rows,
        f"I'm sorry, but I can't remove you from policy {pid}: you are its named insured, and the named insured can't "
        "be removed from their own policy. Your husband stays listed and nothing has changed.",
        "Rule: 07_drivers removing, rule 1: the named insured cannot be removed from their own policy -> decline.",
        {"husband": "Sipho Mbatha."},
        behavior=["If you cannot be taken off, accept the explanation; do not ask to cancel the policy or for anything else."]))
    # ---- excluding -----------------------------------------------------------------
    p, pid, rows = household(3716, "Cornelia Vasquez", "1971-01-17", "5280", "PA", "plus", ("2026-02-15", "2026-08-15"),
                             1625.0)
    son = {"id": "DRV-3716002", "name": "Mateo Vasquez", "surcharge": 660.0}
    rows = merge(rows, driver(son["id"], pid, None, "PA-D3716002", son["name"], "2005-02-11", "child", son["surcharge"],
                              state="PA", record={"minor_violations": 4}))
    out.append(change_task(
        "drv-016", "Pennsylvania policyholder wants her son, who has his own car, excluded from her policy",
        "Hi, my son bought his own car and insures it himself. I want him excluded from my policy so he's never covered on mine.",
        p, pid, rows, 1625.0, son, "exclude_driver", {"son": "Mateo Vasquez."},
        "Rule: 07_drivers excluding: PA allows exclusions (04 state rules); Mateo is listed, not the named insured, and "
        "has no open claim -> exclude; his recorded surcharge 660.00 comes off. Contrast drv-017 (AZ: not allowed)."))
    p, pid, rows = household(3717, "Alastair Penhaligon", "1983-06-25", "9907", "AZ", "essential", ("2026-01-12", "2026-07-12"),
                             990.0)
    rows = merge(rows, driver("DRV-3717002", pid, None, "AZ-D3717002", "Beatrix Penhaligon", "1985-10-03", "spouse", 110.0))
    out.append(declined_task(
        "drv-017", "Arizona policyholder asks to exclude his wife, who now has her own car",
        "Hello, my wife has her own car now. I'd like her excluded from my policy so she's not covered on it.", p, pid, rows,
        "I'm sorry, but Arizona doesn't allow a driver to be excluded from a policy, so I can't exclude Beatrix. The "
        "alternative would be removing her; since you'd rather keep her listed, nothing has changed on your policy.",
        "Rule: 07_drivers excluding, rule 1: exclusions only where 04 allows them (GA, PA); AZ -> decline; removal is "
        "offered as the choice there, and the caller does not want it. Contrast drv-016 (PA: excluded) and drv-020.",
        {"wife": "Beatrix Penhaligon."},
        behavior=["If she cannot be excluded, do not have her removed instead: you would rather keep her listed. Accept "
                  "the explanation and end the call."]))
    # ---- a driver who becomes ineligible ---------------------------------------------
    p, pid, rows = household(3719, "Thelonius Okwuosa", "1967-03-29", "2450", "GA", "essential", ("2026-02-20", "2026-08-20"),
                             1300.0)
    kid = {"id": "DRV-3719002", "name": "Adanna Okwuosa", "surcharge": 480.0}
    rows = merge(rows, driver(kid["id"], pid, None, "GA-D3719002", kid["name"], "2006-05-05", "child", kid["surcharge"],
                              state="GA", record={"license_status": "suspended", "minor_violations": 1}))
    out.append(change_task(
        "drv-019", "Georgia policyholder reports that his daughter's licence has been suspended",
        "Hi, I have to tell you my daughter's driver's license was suspended last week. What do we need to do about my insurance?",
        p, pid, rows, 1300.0, kid, "exclude_driver",
        {"daughter": "Adanna Okwuosa.", "suspended": "Her license was suspended on 2026-03-09 for six months.",
         "excluded": "I'd like her excluded, so she is never covered on my car."},
        "Rule: 07_drivers, a driver who becomes ineligible: a suspended licence means she may not stay listed; GA allows "
        "exclusions and the named insured chooses exclusion -> exclude; no open claim; recorded surcharge 480.00 comes off.",
        behavior=["You want her excluded, so she is never covered on your car: say so when asked whether to remove or "
                  "exclude her, and if only removal is offered, ask whether she can be excluded instead. Agree to the "
                  "exclusion once the premium change has been explained."],
        say_extra="Since her licence is suspended she can't stay listed; in Georgia she can be either removed or excluded. "))
    p, pid, rows = household(3720, "Marisela Quintero", "1974-09-09", "6133", "IL", "plus", ("2026-01-30", "2026-07-30"),
                             1350.0)
    hub = {"id": "DRV-3720002", "name": "Ignacio Quintero", "surcharge": 290.0}
    rows = merge(rows, driver(hub["id"], pid, None, "IL-D3720002", hub["name"], "1972-02-20", "spouse", hub["surcharge"],
                              state="IL", record={"license_status": "revoked", "minor_violations": 3}))
    t = change_task(
        "drv-020", "Illinois policyholder reports her husband's licence was revoked and asks for him to be excluded",
        "Hello, my husband's driving license has been revoked. I want him excluded from my car insurance.",
        p, pid, rows, 1350.0, hub, "remove_driver",
        {"husband": "Ignacio Quintero.", "revoked": "It was revoked on 2026-03-04."},
        "Rule: 07_drivers, a driver who becomes ineligible: revoked licence -> he may not stay listed; IL does not allow "
        "exclusions (04), so removal is the only choice; the caller accepts it -> remove; no open claim; recorded "
        "surcharge 290.00 comes off. Outcome completed (what she then asked, the removal, was done). Contrast drv-019 "
        "(GA: excluded) and drv-017.",
        behavior=["If he cannot be excluded, agree to have him removed instead once the premium change has been explained."],
        say_extra="Illinois doesn't allow exclusions, so I can't exclude Ignacio; as his licence is revoked he can't stay listed, so he has to be removed. ")
    out.append(t)
    # ---- verification ----------------------------------------------------------------
    p, pid, rows = household(3721, "Evander Holloway", "1980-02-08", "4476", "PA", "plus", ("2026-02-25", "2026-08-25"),
                             1090.0)
    rows = merge(rows, driver("DRV-3721002", pid, None, "PA-D3721002", "Clementine Holloway", "2004-07-19", "child", 260.0,
                              state="PA"))
    out.append({
        "id": "drv-021", "family": "drv",
        "title": "Caller asking to remove his daughter gives his date of birth but will not give his tax id digits",
        "request": "Hi, my daughter has moved out and taken her car with her, so please remove her from my auto policy.",
        "user_facts": {**p.facts(), "policy number": pid, "daughter": "Clementine Holloway.",
                       "tax id": "I'm not comfortable giving out any part of my tax id over the phone."},
        "user_behavior": ["Give your e-mail address, date of birth and policy number when asked, but never any digits of "
                          "your tax id, even if told it is required. Accept that nothing can be done today."],
        "rows": rows,
        "solution": [{"tool": "get_customer", "args": {"email": p.email}},
                     drv_ticket(p, pid, "not_verified", subject="Remove driver")],
        "final_message": "I'm sorry, but without both your date of birth and the last four digits of your tax id I can't "
                         "verify your identity, so I can't discuss or change anything on the policy. You're welcome to "
                         "call back when you're able to give both.",
        "says": {"states": [decision("decision: not verified", NOT_VERIFIED)],
                 "never_states": [*never(p, "DRV-3721002"), {"money": "260.00", "label": "her surcharge"},
                                  {"money": "830.00", "label": "premium after removal"}]},
        "notes": "Rule: 02 verification: both date of birth and the tax id's last four digits are needed; the caller will "
                 "not give the digits -> not verified: nothing disclosed or changed; ticket drivers/task/normal/"
                 "not_verified/solved.",
    })
    return out


def ldr_tasks() -> list[dict]:
    out = []
    # ldr-002: listed spouse asks to add her sister as a driver
    ins = Person(3802, "Reginald Ashdown", "1970-05-05", "1182")
    sp = Person(3803, "Ottilie Ashdown", "1973-12-12", "6647")
    pid = "NG-GA-380201"
    rows = merge(ins.rows(), sp.rows(), policy(pid, "GA", "plus", ins, "2026-01-18", "2026-07-18", 1240.0),
                 driver("DRV-3802", pid, ins, "GA-D3802001", ins.name, ins.dob, "named_insured", 110.0, state="GA"),
                 driver("DRV-3803", pid, sp, "GA-D3802002", sp.name, sp.dob, "spouse", 110.0, state="GA"),
                 vehicle("VEH-3802", pid, *CAR[:5], "GA", ZIP["GA"], CAR[5]),
                 record("GA-D3802003", "Perpetua Lindgren", "1976-03-01", "GA"))
    out.append(declined_task(
        "ldr-002", "A listed driver asks to add her sister as a driver on her husband's policy",
        "Hi, I'm a driver on our family's car insurance. My sister is visiting for a month and I'd like to add her as a driver.",
        sp, pid, rows,
        f"I'm sorry, but as a listed driver on policy {pid} you can't add a driver: driver changes must be requested by "
        "the named insured, your husband Reginald. He's welcome to contact us.",
        "Rule: 02 who may ask: a listed driver may only report a loss or ask for an ID card; adding a driver -> declined "
        "(07: named insured only).",
        {"sister": "Perpetua Lindgren; her license number is GA-D3802003.",
         "husband": "Reginald Ashdown is the policyholder."},
        family="ldr", role="listed_driver",
        behavior=["If you cannot add her, accept that your husband has to call; do not ask for anything else."]))
    # ldr-003: excluded son asks for an ID card
    ins = Person(3804, "Florentyna Kowalczyk", "1969-08-08", "3390")
    son = Person(3805, "Bartosz Kowalczyk", "2002-04-14", "7215")
    pid = "NG-PA-380401"
    rows = merge(ins.rows(), son.rows(), policy(pid, "PA", "plus", ins, "2026-02-02", "2026-08-02", 1015.0),
                 driver("DRV-3804", pid, ins, "PA-D3804001", ins.name, ins.dob, "named_insured", 110.0, state="PA"),
                 driver("DRV-3805", pid, son, "PA-D3804002", son.name, son.dob, "child", 260.0, status="excluded", state="PA"),
                 vehicle("VEH-3804", pid, "1NGSUV23A0R200003", 2023, "Kia", "Sorento", "suv", "PA", ZIP["PA"], 340.0))
    out.append(declined_task(
        "ldr-003", "A driver excluded from his mother's policy asks for an insurance card for her SUV",
        "Hi, I need an insurance card for my mom's Kia Sorento, I'm borrowing it this weekend. Can you e-mail me one?",
        son, pid, rows,
        f"I'm sorry, but I can't send you an ID card for policy {pid}: you're not a listed driver on it, so only the "
        "named insured, your mother, can make requests about it.",
        "Rule: 02 caller roles: an excluded driver is `other`, who may make no request (only a listed driver may ask for "
        "an ID card) -> declined; category documents. Contrast doc-002 (a listed spouse gets her card).",
        {"vehicle": "My mom's 2023 Kia Sorento.", "mother": "Florentyna Kowalczyk is the policyholder."},
        family="ldr", category="documents", role="other",
        behavior=["If you cannot get a card, accept the explanation; do not ask for anything else."]))
    # ldr-004: listed son reports hitting a deer -> claim filed
    ins = Person(3806, "Ambrose Delahunt", "1964-02-27", "5503")
    son = Person(3807, "Caleb Delahunt", "1999-09-30", "8864")
    pid = "NG-IL-380601"
    loss = "2026-03-14"
    rows = merge(ins.rows(), son.rows(), policy(pid, "IL", "elite", ins, "2026-01-09", "2026-07-09", 1410.0),
                 driver("DRV-3806", pid, ins, "IL-D3806001", ins.name, ins.dob, "named_insured", 110.0, state="IL"),
                 driver("DRV-3807", pid, son, "IL-D3806002", son.name, son.dob, "child", 110.0, state="IL"),
                 vehicle("VEH-3806", pid, "1NGTRK24A0R300002", 2024, "Ram", "1500", "truck", "IL", ZIP["IL"], 330.0,
                         collision_deductible=1000.0, comprehensive_deductible=500.0))
    out.append({
        "id": "ldr-004", "family": "ldr",
        "title": "A listed driver reports hitting a deer in his father's pickup on a country road",
        "request": "Hey, I hit a deer with my dad's pickup the other night and the front end is smashed. I need to report it.",
        "user_facts": {**son.facts(), "policy number": pid, "date": f"It happened on {loss}, around 9 pm.",
                       "driving": "I was driving.", "injured": "No, I'm fine, nobody was hurt.",
                       "police report": "No police report.", "vehicle": "Dad's 2024 Ram 1500.",
                       "father": "Ambrose Delahunt is the policyholder."},
        "rows": rows,
        "solution": [*son.lookups(pid),
                     {"tool": "file_claim", "args": {"policy_id": pid, "vehicle_id": "VEH-3806", "reported_by": son.id,
                                                     "loss_date": loss, "loss_type": "animal", "coverage": "comprehensive",
                                                     "deductible": 500.0, "description": "Struck a deer on a country road; front end damaged.",
                                                     "injuries": False, "driver_id": "DRV-3807"}},
                     ticket(son, pid, "claims", "listed_driver", "incident", "high", "completed", "Deer strike",
                            "Listed driver struck a deer; claim opened.")],
        "final_message": f"I've opened claim CLM-9001 for the deer strike on {loss}. Hitting an animal falls under the comprehensive coverage, with a $500.00 deductible. An adjuster will contact you.",
        "says": {"states": [{"id": "CLM-9001", "label": "claim number"}, {"money": "500.00", "label": "deductible"}],
                 "never_states": never(son, "DRV-3807", "VEH-3806")},
        "notes": "Rules: 02 a listed driver may report a loss; 09 coverage: loss in the current term, a listed driver "
                 "driving -> covered; loss type animal (struck an animal) -> comprehensive, deductible 500 (not the 1000 "
                 "collision deductible). Ticket claims/incident/high/completed, caller_role listed_driver.",
    })
    # ldr-005: listed daughter asks to cancel the policy
    ins = Person(3808, "Eulalia Marchetti", "1962-10-10", "2227")
    kid = Person(3809, "Serafina Marchetti", "1997-06-21", "4098")
    pid = "NG-AZ-380801"
    rows = merge(ins.rows(), kid.rows(), policy(pid, "AZ", "essential", ins, "2026-02-12", "2026-08-12", 905.0),
                 driver("DRV-3808", pid, ins, "AZ-D3808001", ins.name, ins.dob, "named_insured", 110.0),
                 driver("DRV-3809", pid, kid, "AZ-D3808002", kid.name, kid.dob, "child", 110.0),
                 vehicle("VEH-3808", pid, *CAR[:5], "AZ", ZIP["AZ"], CAR[5]))
    out.append(declined_task(
        "ldr-005", "A listed driver asks to cancel her mother's policy after the family car was sold",
        "Hi, we sold my mom's car last week, so we don't need the car insurance anymore. Can you cancel it?",
        kid, pid, rows,
        f"I'm sorry, but I can't cancel policy {pid} at your request: as a listed driver you can only report a loss or "
        "ask for an ID card. A cancellation must be requested by the named insured, your mother.",
        "Rule: 02 who may ask: a listed driver may not ask for a cancellation (10: named insured only) -> declined; "
        "category cancellation.",
        {"mother": "Eulalia Marchetti is the policyholder; she asked me to call."},
        family="ldr", category="cancellation", role="listed_driver",
        behavior=["If you cannot cancel it, accept that your mother has to call; do not ask for anything else."]))
    return out


def mul_tasks() -> list[dict]:
    p, pid, rows = household(3902, "Octavia Rensselaer", "1978-07-14", "3561", "GA", "plus", ("2026-02-08", "2026-08-08"),
                             1030.0)
    new = {"license_number": "GA-D3902002", "name": "Lydia Rensselaer", "date_of_birth": "2008-11-03", "license_state": "GA"}
    rows = merge(rows, {"driving_records": [new]})
    assert add_decision(new, "plus") == "add"
    sur = driver_surcharge(new["date_of_birth"], 0, 0, None, TODAY)
    total = Decimal("1030.00") + sur
    return [{
        "id": "mul-002", "family": "mul",
        "title": "Policyholder adds her newly licensed daughter and then wants an updated declarations page",
        "request": "Hi, two things: my daughter just passed her driving test so she needs to go on my policy, and then I'll need an updated declarations page for my records.",
        "user_facts": {**p.facts(), "policy number": pid, "license number": "Her license number is GA-D3902002.",
                       "relationship": "She is my daughter.", "daughter": "Lydia Rensselaer.",
                       "northgate customer": "No, she isn't a Northgate customer."},
        "user_behavior": ["Agree to adding your daughter once the premium change has been explained.",
                          "Have the declarations page e-mailed to you."],
        "user_decisions": agree("add Lydia to the policy", after=["$"]),
        "rows": rows,
        "solution": [*p.lookups(pid), {"tool": "get_driving_record", "args": {"license_number": "GA-D3902002"}},
                     {"say": f"Adding Lydia adds ${m(sur)} to your term premium, which becomes ${m(total)}, effective today. Shall I add her?"},
                     {"tool": "add_driver", "args": {"policy_id": pid, "license_number": "GA-D3902002", "relationship": "child",
                                                     "underwriting_review": False}},
                     drv_ticket(p, pid, "completed", subject="Add driver"),
                     {"tool": "issue_document", "args": {"policy_id": pid, "kind": "declarations",
                                                         "recipient_customer_id": p.id}},
                     ticket(p, pid, "documents", "named_insured", "task", "normal", "completed", "Declarations page",
                            "Updated declarations page e-mailed.")],
        "final_message": f"First, Lydia is now a listed driver on policy {pid}, effective today: her surcharge is ${m(sur)} and your term premium is now ${m(total)}. Second, I've e-mailed an updated declarations page, showing her as a driver, to {p.email}.",
        "says": {"states": [{"money": m(sur), "label": "surcharge"}, {"money": m(total), "label": "new premium"},
                            decision("declarations page sent", "sent", about=["declarations"])],
                 "states_before": [{"money": m(sur), "before": "add_driver", "label": "surcharge"}],
                 "never_states": [*never(p, NEW_DRIVER, "DOC-3001", tickets=2)]},
        "notes": f"Rules: 03 two categories -> two tickets in the order asked (drivers, then documents). 07 adding: valid "
                 f"licence, clean record, age {age_on(new['date_of_birth'], TODAY)} -> 420, no review; premium 1030.00 + "
                 f"{m(sur)} = {m(total)}. 06: declarations e-mailed to the caller, issued after the addition so it shows "
                 "her. Tickets drivers/task/normal/completed and documents/task/normal/completed.",
    }, mul_declined_part()]


def mul_declined_part() -> dict:
    """Two requests, the first done and the second declined: an ID card, then an exclusion in a
    state that does not allow exclusions (so 'everything completed' cannot pass the family)."""
    p, pid, rows = household(3903, "Rosalind Achterberg", "1976-09-02", "4417", "IL", "elite",
                             ("2026-01-28", "2026-07-28"), 1110.0)
    assert "IL" not in EXCLUSIONS
    rows = merge(rows, driver("DRV-3903002", pid, None, "IL-D3903002", "Bartholomew Achterberg", "1974-12-11",
                              "spouse", 110.0, state="IL"))
    return {
        "id": "mul-003", "family": "mul",
        "title": "Illinois policyholder wants a new ID card for her Camry and her husband excluded from the policy",
        "request": "Hello, I need a new insurance card for my Camry, and also my husband has his own insurance now, "
                   "so I want him excluded from my policy.",
        "user_facts": {**p.facts(), "policy number": pid, "husband": "Bartholomew Achterberg.",
                       "vehicle": "The 2024 Toyota Camry."},
        "user_behavior": ["Have the ID card e-mailed to you.",
                          "If your husband cannot be excluded, do not have him removed instead: you would rather keep "
                          "him listed. Accept the explanation."],
        "rows": rows,
        "solution": [*p.lookups(pid),
                     {"tool": "issue_document", "args": {"policy_id": pid, "kind": "id_card", "vehicle_id": "VEH-3903",
                                                         "recipient_customer_id": p.id}},
                     ticket(p, pid, "documents", "named_insured", "task", "normal", "completed", "ID card",
                            "New ID card for the Camry e-mailed."),
                     drv_ticket(p, pid, "declined", subject="Exclude driver")],
        "final_message": f"First, I've e-mailed a new ID card for your 2024 Toyota Camry to {p.email}; it is valid until "
                         "2026-07-28. Second, I'm sorry, but Illinois doesn't allow a driver to be excluded from a "
                         "policy, so I can't exclude Bartholomew. Since you'd rather keep him listed than remove him, "
                         "nothing else has changed on your policy.",
        "says": {"states": [{"date": "2026-07-28", "label": "ID card valid until"},
                            decision("exclusion declined", DECLINED, about=["exclude"])],
                 "never_states": [*never(p, "DRV-3903002", "DOC-3001", tickets=2)]},
        "notes": "Rules: 03 two categories -> two tickets in the order asked (documents, then drivers). 06: ID card for "
                 "the active Camry, e-mailed to the caller, valid to term_end 2026-07-28. 07 excluding, rule 1 with 04: "
                 "IL does not allow exclusions -> decline; removal is the alternative and the caller does not want it. "
                 "Tickets documents/task/normal/completed and drivers/task/normal/declined.",
    }


if __name__ == "__main__":
    write("drivers", "drv", "Drivers: adding by age band and record, underwriting review, removing and excluding by "
          "state and open claims, a driver who becomes ineligible, the policy's status and verification.",
          sorted(drv_tasks(), key=lambda t: t["id"]))
    write("listed_driver_limits", "ldr", "What a listed driver, or an excluded driver, may and may not ask for.",
          ldr_tasks())
    write("multi_part", "mul", "A caller with two requests in different categories.", mul_tasks())
