"""The scripted user's figures on every task (issue 28, item 6).

    uv run python bench/user_figures.py [--domains a,b] [--json FILE] [--show N]

Asks the scripted user, on every task of the installed domains, for each fact in words of
this file: a second set of paraphrases, written apart from the fact vocabulary's own `asks`
and `probes` (which `tb user-check` uses), so that the figures say how the user does on
questions its vocabulary was not written against. It reports:

- facts answered on paraphrases: right (the fact, or another fact of the same kind and
  person), "I don't know", wrong (another fact, or the caller's own fact for somebody
  else's); facts whose kind has no paraphrase here are counted apart;
- agreement before the cost: a decision that waits for its cost, asked plainly, with a bare
  "fee", and with a cost word but no amount ("refund", "charge"): any yes or no counts;
- costs understood: the same decision once the cost is stated in each money form;
- go-ahead answered: "Shall I go ahead?" in a task without decisions (anything but
  "I don't know." counts as answered).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from collections import Counter

# Held-out questions, by fact kind. "your" becomes "their" for a fact about somebody else.
HELD_OUT: dict[str, tuple[str, ...]] = {
    "name": ("Can I take your name?", "Who am I chatting with today?", "What's your full legal name?",
             "And your surname is?"),
    "email": ("What email do you have on file with us?", "Which address do our emails reach you at?",
              "Could you type out your e-mail for me?", "What is your email address?", "Can I get your email?"),
    "phone": ("What's a good number for you?",),
    "date_of_birth": ("What year and day were you born?", "Please confirm your birth date.",
                      "For security, what's your date of birth?"),
    "address": ("What address should it go to?", "Can you confirm the street address?"),
    "reason": ("Can I ask why?", "What's the business need here?", "What's driving this request?",
               "Why would you like to do this?"),
    "problem": ("What's happening with it?", "Could you describe the fault?", "What's not working?",
                "Can you explain what the issue is?"),
    "photos": ("Have you got any photos of it?",),
    "order_number": ("What's the order number?", "Which order are we talking about?", "Do you have your order ID?"),
    "defective": ("Is there a fault with it?", "Is it working as it should?", "Is something wrong with the item?"),
    "damage": ("Has it been damaged in any way?", "Was there an accident with it, like a drop?"),
    "opened": ("Has the packaging been opened?", "Is it unopened?", "Did you take it out of the box?"),
    "return_choice": ("Would you like a refund or a replacement?", "Would you rather exchange it or get your money back?"),
    "item": ("Which product do you mean?", "What item is it?"),
    "delivery": ("When was it delivered to you?", "What date did you receive it?"),
    "appointment_time": ("What time works for you?", "When would suit you?"),
    "promotion_code": ("What promo code did you use?",),
    "delivery_speed": ("Which delivery speed do you want?",),
    "cancel_choice": ("Are you sure you want to cancel?",),
    "booking_reference": ("What's the booking reference?", "Can you give me your reservation code?",
                          "Which booking is this?"),
    "new_dates": ("What are the new dates?", "Which dates do you want to change to?"),
    "check_in_date": ("When is check-in on the booking?",),
    "stay_time": ("What time would you like?",),
    "company": ("Which company are you with?", "Who is your employer?"),
    "affected_nights": ("Which nights did this affect?",),
    "evidence": ("Do you have any evidence?", "Can you prove it somehow?"),
    "guests": ("How many guests?",),
    "room_type": ("Which room type?",),
    "board": ("Which board would you like?",),
    "pet": ("What pet is it?",),
    "confirmation": ("What did the confirmation say?",),
    "amount": ("How much was taken from your card?",),
    "price": ("What was the price?",),
    "policy_number": ("What's the policy number?", "Could I have the number of your policy?",
                      "Which policy do you hold with us?"),
    "tax_id": ("Can you confirm the last four of your Social Security number?", "What are the last four digits of your tax ID?"),
    "loss_date": ("What day did the accident happen?", "When did this take place?", "When was the loss?"),
    "prior_accidents": ("Any accidents in the past few years?",),
    "injuries": ("Did anyone get hurt?", "Was anybody injured?"),
    "police_report": ("Did you call the police?", "Is there a police report?"),
    "plate": ("Do you have the other car's licence plate?",),
    "driver_at_loss": ("Who was driving the car?",),
    "license": ("What's their driver's licence number?", "Could you give me the license number?"),
    "license_status": ("Has their license been suspended?",),
    "relationship": ("How is this person related to you?",),
    "northgate_customer": ("Are they already insured with us?",),
    "vin": ("What's the VIN?", "Can you read me the VIN of the car?"),
    "vehicle": ("What car is it?",),
    "purchase_date": ("When did you purchase the vehicle?",),
    "ownership": ("Is the car owned, financed or leased?",),
    "financing": ("Is there any financing on it?",),
    "lienholder": ("Who is the lender?", "Which company is the lienholder?"),
    "garaging": ("Where do you park it at night?",),
    "zip": ("What's the zip code?",),
    "vehicle_use": ("How will the car be used?",),
    "cancellation_date": ("When should the cancellation be effective?",),
    "new_date": ("What date would you like it moved to?",),
    "access_level": ("What access do you need?", "Read access or write access?"),
    "period": ("For how long do you need it?", "When should it end?"),
    "tried": ("What have you already tried?", "Have you tried anything yet?"),
    "steps_result": ("Did that fix it?", "Is it working now?"),
    "device_works": ("Does it still work?",),
    "current_equipment": ("What equipment do you have now?",),
    "last_day": ("What is your last day?",),
    "manager_approval": ("Has your manager approved it?",),
    "incident": ("What's the incident reference?",),
    "engagement": ("Which client engagement is this for?", "What project is this for?"),
    "origin": ("Where are you travelling from?", "What's your departure city?"),
    "travel_dates": ("What are your travel dates?", "When do you fly out and back?"),
    "flight_duration": ("How long is the flight each way?",),
    "cabin": ("What class would you like to fly?", "Economy or business class?"),
    "hotel_rate": ("What's the hotel rate per night?",),
    "expense_claim": ("Which expense claim is it?",),
    "system": ("Which system is it for?", "What application do you need?"),
}

# A third set, written after the vocabulary was tuned on the set above and measured once,
# untouched (its first figures are in the closing note of issue 28).
FRESH: dict[str, tuple[str, ...]] = {
    "name": ("Sorry, I didn't catch your name?", "Could I get the name the account is under?"),
    "email": ("What's your email on the account?", "Can you spell out your e-mail address for me?",
              "Which email should the confirmation go to?"),
    "date_of_birth": ("Can you verify your birthday for me?", "And what is your date of birth, please?"),
    "reason": ("What's the reason for this?", "May I ask what the purpose is?"),
    "problem": ("Can you tell me what's wrong?", "What issue are you running into?"),
    "order_number": ("Could you share the order number with me?", "What was the order ID on your confirmation?"),
    "defective": ("Does the item have a defect?", "Is it faulty?"),
    "opened": ("Is the box still sealed?", "Have you used the item?"),
    "return_choice": ("Do you want a refund, or would you prefer an exchange?",),
    "delivery": ("When did you get the delivery?",),
    "booking_reference": ("Could you give me your booking number?", "What is the reference on your booking?"),
    "new_dates": ("Which dates would you like to move to?",),
    "company": ("What company do you work for?",),
    "evidence": ("Do you have any documentation for this?",),
    "policy_number": ("Could you tell me your policy number?", "What number is on your insurance policy?"),
    "tax_id": ("What are the last four of your SSN?",),
    "loss_date": ("What date did this happen?", "When did the collision occur?"),
    "injuries": ("Was anyone injured in the accident?",),
    "police_report": ("Were the police involved?",),
    "vin": ("Can I have the vehicle's VIN?",),
    "purchase_date": ("What date did you buy the car?",),
    "lienholder": ("Who holds the loan?",),
    "garaging": ("Where will you keep the car overnight?",),
    "access_level": ("What permissions do you need?",),
    "period": ("How long will you need access?",),
    "tried": ("Have you tried any troubleshooting already?",),
    "engagement": ("Which client is the trip for?",),
    "origin": ("Which city are you departing from?",),
    "travel_dates": ("What dates are you travelling?",),
    "cabin": ("Which cabin class would you like?",),
    "system": ("Which application do you need access to?",),
}

COST_PLAIN = ("Shall I go ahead?", "I can do that now. Shall I proceed?", "There's a fee for this. Shall I go ahead?",
              "This comes with a charge. Would you like me to proceed?", "A refund applies here. Shall I go ahead?")
COST_FORMS = ("It costs ${a}. Shall I go ahead?", "The price is USD {a}. Shall I proceed?",
              "That comes to {a} dollars. Would you like me to go ahead?")
GO_AHEAD = ("Shall I go ahead?", "Would you like me to proceed with that?", "Is it OK if I go ahead now?")


def _their(question: str) -> str | None:
    return re.sub(r"\byour\b", "their", question) if re.search(r"\byour\b", question) else None


async def _ask(task, message: str) -> str:
    from thinkingbox.models.users import ScriptedUser

    return await ScriptedUser(task).reply([{"role": "user", "content": task.request},
                                           {"role": "assistant", "content": message}])


def _given(reply: str, task) -> set[str]:
    return {label for label, value in task.user_facts.items() if f"{label}: {value}" in reply}


def measure(domains, bank: dict[str, tuple[str, ...]] = HELD_OUT) -> dict:
    from thinkingbox.contract.facts import CALLER, fact_infos
    from thinkingbox.models.users import IDK

    figures: Counter = Counter()
    examples: dict[str, list] = {"idk": [], "wrong": [], "early": [], "cost_missed": [], "go_ahead": []}
    for domain in domains:
        for task in domain.tasks.values():
            infos = fact_infos(task)
            for info in infos:
                questions = [q for kind in sorted(info.kinds) for q in bank.get(kind, ())]
                if info.person != CALLER:
                    questions = [t for t in map(_their, questions) if t] + (
                        ["What's their full name?", "Who is the person?"] if "name" in info.kinds else [])
                if not questions:
                    figures["facts without a held-out paraphrase"] += 1
                    continue
                group = {f.label for f in infos if f.kinds & info.kinds
                         and (f.person == info.person or (info.person != CALLER and f.person != CALLER))}
                for question in questions:
                    reply = asyncio.run(_ask(task, question))
                    given = _given(reply, task)
                    figures["fact questions"] += 1
                    if given and given <= group:
                        figures["right"] += 1
                    elif given:
                        figures["wrong"] += 1
                        examples["wrong"].append((domain.name, task.id, info.label, question, reply))
                    else:
                        figures["I don't know"] += 1
                        examples["idk"].append((domain.name, task.id, info.label, question, reply))
            for decision in task.user_decisions:
                if decision.after and decision.needs_cost:
                    for message in COST_PLAIN:
                        reply = asyncio.run(_ask(task, message))
                        figures["decision asked before its cost"] += 1
                        if reply.startswith(decision.text()) or reply.startswith(("Yes", "No")):
                            figures["agreed or declined before the cost"] += 1
                            examples["early"].append((domain.name, task.id, message, reply))
                    for form in COST_FORMS:
                        reply = asyncio.run(_ask(task, form.format(a="152.50")))
                        figures["decision asked with the cost stated"] += 1
                        if decision.text() in reply:
                            figures["decided once the cost was stated"] += 1
                        else:
                            examples["cost_missed"].append((domain.name, task.id, form, reply))
            if not task.user_decisions:
                for message in GO_AHEAD:
                    reply = asyncio.run(_ask(task, message))
                    figures["go-ahead asked without a decision"] += 1
                    if reply != IDK:
                        figures["go-ahead answered"] += 1
                    else:
                        examples["go_ahead"].append((domain.name, task.id, message, reply))
            figures["tasks"] += 1
    return {"figures": dict(figures), "examples": examples}


def main(argv: list[str] | None = None) -> int:
    from thinkingbox.engine.discovery import PluginHost

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--domains", help="comma-separated domains (default: all installed)")
    parser.add_argument("--json", help="also write the figures and the failing examples as JSON")
    parser.add_argument("--fresh", action="store_true", help="ask the third set of paraphrases (FRESH) instead")
    parser.add_argument("--show", type=int, default=10, help="failing examples to print per kind (default 10)")
    args = parser.parse_args(argv)
    host = PluginHost()
    domains = host.load_domains(args.domains.split(",")) if args.domains else host.default_domains()
    result = measure(domains, FRESH if args.fresh else HELD_OUT)
    f = result["figures"]
    asked = f.get("fact questions", 0) or 1
    print(f"tasks: {f.get('tasks', 0)}")
    print(f"fact questions (held-out paraphrases): {f.get('fact questions', 0)}; right {f.get('right', 0)} "
          f"({100 * f.get('right', 0) / asked:.1f}%), I don't know {f.get(chr(73) + ' don' + chr(39) + 't know', 0)}, "
          f"wrong {f.get('wrong', 0)}; facts without a held-out paraphrase: "
          f"{f.get('facts without a held-out paraphrase', 0)}")
    print(f"decisions asked before their cost: {f.get('decision asked before its cost', 0)}; agreed or declined "
          f"before the cost: {f.get('agreed or declined before the cost', 0)}")
    print(f"decisions asked with the cost stated ($, USD, dollars): {f.get('decision asked with the cost stated', 0)}; "
          f"decided: {f.get('decided once the cost was stated', 0)}")
    print(f"'Shall I go ahead?' without a decision: {f.get('go-ahead asked without a decision', 0)}; answered: "
          f"{f.get('go-ahead answered', 0)}")
    for kind, rows in result["examples"].items():
        for row in rows[:args.show]:
            print(f"  [{kind}] " + " | ".join(map(str, row)))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(result, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
