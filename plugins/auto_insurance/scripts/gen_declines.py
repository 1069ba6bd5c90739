"""Callers who decline once told what a change would mean for them (issue 27 item 6), one or more
per family where agreement matters: the reference states the cost or consequence and asks, the
caller says no, and only the ticket records the request (01 "Agreement before acting", 03 outcome
`declined`). Each is built from a task of its family whose caller agrees, with the same world.
Writes tasks/declines.json. Run: uv run python plugins/auto_insurance/scripts/gen_declines.py"""
from __future__ import annotations

import gen_billing
import gen_drivers
import gen_lif
import gen_vehicles
from taskkit import declined_by_caller, write

NOT_DONE = {"granted": {"decision": "granted", "label": "says the change was made"},
            "cancelled": {"decision": "cancelled", "label": "says the policy is cancelled"}}


def tasks() -> list[dict]:
    source = {t["id"]: t for t in [*gen_billing.tasks(), *gen_drivers.drv_tasks(), *gen_vehicles.tasks(),
                                   *gen_lif.tasks()]}
    specs = [
        ("bil-001", "bil-027", "billing", "Arizona policyholder asks for more time on a bill and hears the new due date",
         "Once the agent tells you the new due date and what you would owe then, decide against the extension: you "
         "would rather pay on the original date. Say no and ask to leave the bill as it is.",
         "No, thanks. I'd rather leave the due date as it is.", ["granted"]),
        ("bil-014", "bil-028", "billing", "Policyholder with two overdue bills asks about splitting them and hears the installments",
         "Once the agent tells you the installment amounts, decide against the plan: you will pay another way. Say no "
         "and ask to leave the bills as they are.",
         "No, I don't want a plan after all. Please leave it as it is.", ["granted"]),
        ("drv-003", "drv-022", "drivers", "Policyholder asks to add a relative as a driver and hears the premium change",
         "Once the agent tells you how much the premium would go up, decide it is too expensive: say no and ask to "
         "leave the policy as it is.",
         "No, that's more than I expected. Please don't add him.", ["granted"]),
        ("drv-013", "drv-023", "drivers", "Policyholder asks to remove a driver and hears what changes",
         "Once the agent explains the change, decide to keep the driver on the policy after all: say no and ask to "
         "leave the policy as it is.",
         "Actually, no. Let's keep him on the policy for now.", ["granted"]),
        ("veh-003", "veh-020", "vehicles", "Policyholder asks to add a car and hears the premium change",
         "Once the agent tells you how much the premium would go up, decide to wait: say no and ask to leave the "
         "policy as it is.",
         "No, I'll hold off for now. Please don't add it.", ["granted"]),
        ("veh-017", "veh-021", "vehicles", "Policyholder asks to take a leased car off the policy and hears what changes",
         "Once the agent explains the premium change, decide to keep the car insured for now: say no and ask to leave "
         "the policy as it is.",
         "No, on second thought I'll keep it on the policy for now.", ["granted"]),
        ("lif-003", "lif-019", "cancel_reinstate", "Georgia policyholder asks to cancel and hears the date and the return premium",
         "Once the agent tells you the cancellation date and what you would get back, decide to keep the policy: say "
         "no and ask to leave it as it is.",
         "No, I'll keep the policy then. Please don't cancel it.", ["cancelled"]),
        ("lif-005", "lif-020", "cancel_reinstate", "Pennsylvania policyholder with a financed truck asks to cancel and hears the terms",
         "Once the agent tells you the cancellation date and what you would get back, decide to keep the policy until "
         "you have talked to your lender: say no and ask to leave it as it is.",
         "No, not yet. I need to talk to my lender first, so leave the policy as it is.", ["cancelled"]),
        ("lif-012", "lif-021", "cancel_reinstate", "Policyholder whose policy was cancelled for nonpayment asks to get it back and hears what is owed",
         "Once the agent tells you what you would have to pay, decide you cannot pay it today: say no and ask to "
         "leave everything as it is.",
         "No, I can't pay that today. Please don't charge anything.", ["granted"]),
    ]
    return [declined_by_caller(source[src], tid, family, title, behavior, reply, [NOT_DONE[k] for k in kinds])
            for src, tid, family, title, behavior, reply, kinds in specs]


if __name__ == "__main__":
    write("declines", "billing", "Callers who decline a change once told what it would mean for them; each task names "
                                 "its own family.", tasks())
