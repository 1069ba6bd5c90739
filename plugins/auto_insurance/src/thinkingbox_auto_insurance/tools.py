"""Northgate Auto Insurance's tools. Each enforces what the insurer's systems enforce and
says why a call was refused; what the written policies decide (who may ask, windows,
limits, eligibility, which option) is the agent's decision."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Literal, Optional

from thinkingbox import ToolError, World, read_tool, write_tool
from thinkingbox.kit.customers import find_customer
from thinkingbox.contract.money import money

from . import rating
from .models import (
    ARRANGEMENT_ID, CLAIM_ID, DOCUMENT_ID, DRIVER_ID, NOTICE_ID, PAYMENT_ID, VEHICLE_ID, Arrangement, Claim, Customer,
    Document, Driver, DrivingRecord, Invoice, LienholderNotice, Payment, Policy, Vehicle, VinRecord,
)

Relationship = Literal["spouse", "child", "relative", "other"]
Use = Literal["commute", "pleasure", "business", "rideshare"]
Ownership = Literal["owned", "financed", "leased"]
DocumentKind = Literal["id_card", "declarations", "lienholder_evidence"]
LossType = Literal["collision_vehicle", "collision_object", "parked_hit", "hit_and_run", "theft", "vandalism", "glass",
                   "weather", "animal"]
Coverage = Literal["collision", "comprehensive"]
CancellationReason = Literal["insured_request", "vehicle_sold", "moved_out_of_state", "replaced_coverage"]
NoticeReason = Literal["vehicle_removed", "policy_cancelled"]
State = Literal["AZ", "GA", "IL", "PA"]


def _date(value: str, label: str) -> date:
    text = (value or "").strip()
    try:
        if len(text) != 10:
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        raise ToolError(f"{label} {value!r} is not a date; write it as YYYY-MM-DD") from None


def _today(world: World) -> date:
    return world.now.date()


def _policy(world: World, policy_id: str) -> Policy:
    return world.require(Policy, policy_id.strip().upper(), "policy")


def _amount_owed(invoice: Invoice) -> Decimal:
    fee = invoice.late_fee if invoice.late_fee_waived_on is None else Decimal(0)
    return money(invoice.amount + fee)


# ---- customers and verification ------------------------------------------------------

@read_tool
def get_customer(world: World, customer_id: Optional[str] = None, email: Optional[str] = None) -> dict:
    """Look up a person by customer id or e-mail: name, contact details, help-desk user id,
    and every policy they are on with their role there (named_insured, or the status of
    their driver record: listed, excluded or removed). Date of birth and tax id are never
    shown: check them with verify_identity."""
    customer = find_customer(world, Customer, customer_id, email)
    roles = [{"policy_id": p.id, "role": "named_insured"} for p in world.find(Policy, named_insured_id=customer.id)]
    named = {r["policy_id"] for r in roles}
    for driver in world.find(Driver, customer_id=customer.id):
        if driver.policy_id not in named:
            roles.append({"policy_id": driver.policy_id, "role": f"{driver.status}_driver", "driver_id": driver.id})
    profile = customer.model_dump(exclude={"date_of_birth", "tax_id_last4"})
    return {**profile, "policies": roles}


@read_tool
def verify_identity(world: World, customer_id: str, date_of_birth: str, tax_id_last4: str) -> dict:
    """Check the date of birth (YYYY-MM-DD) and the last four digits of the tax id that the
    caller gave against the customer's record. Returns verified true only when both match;
    it never says which one did not."""
    customer = world.require(Customer, customer_id.strip().upper(), "customer")
    born = _date(date_of_birth, "date_of_birth")
    digits = tax_id_last4.strip()
    if not (len(digits) == 4 and digits.isdigit()):
        raise ToolError("tax_id_last4 must be exactly four digits")
    ok = born.isoformat() == customer.date_of_birth and digits == customer.tax_id_last4
    return {"customer_id": customer.id, "verified": ok}


# ---- policies, drivers, vehicles -----------------------------------------------------

@read_tool
def get_policy(world: World, policy_id: str) -> dict:
    """A policy: state, tier, named insured, status, current term (term_start to term_end,
    both included), term premium, any cancellation (date, reason, return premium),
    reinstatement and lapse, and all its drivers and vehicles (any status)."""
    policy = _policy(world, policy_id)
    return {**policy.model_dump(),
            "drivers": [d.model_dump() for d in world.find(Driver, policy_id=policy.id)],
            "vehicles": [v.model_dump() for v in world.find(Vehicle, policy_id=policy.id)]}


@read_tool
def get_driving_record(world: World, license_number: str) -> dict:
    """The state motor-vehicle record of a driver's licence: name, date of birth, licence
    state and status (valid, suspended, revoked), moving violations and at-fault accidents
    in the last 3 years, and the date of the most recent DUI conviction if any."""
    return world.require(DrivingRecord, license_number.strip().upper(), "driving record").model_dump()


@read_tool
def lookup_vin(world: World, vin: str) -> dict:
    """Decode a VIN from the national register: year, make, model, body class (sedan,
    minivan, suv, truck, luxury, sports, exotic) and title brand (clean or salvage)."""
    return world.require(VinRecord, vin.strip().upper(), "VIN").model_dump()


def _listed_driver(world: World, driver_id: str) -> Driver:
    driver = world.require(Driver, driver_id.strip().upper(), "driver")
    if driver.status != "listed":
        raise ToolError(f"driver {driver.id} is {driver.status}; only a listed driver can be changed")
    if driver.relationship == "named_insured":
        raise ToolError(f"driver {driver.id} is the named insured, who cannot be removed or excluded from "
                        "their own policy")
    return driver


def _open_policy(world: World, policy_id: str) -> Policy:
    policy = _policy(world, policy_id)
    if policy.status not in ("active", "pending_cancellation"):
        raise ToolError(f"policy {policy.id} is {policy.status}; it cannot be changed")
    return policy


@write_tool
def add_driver(world: World, policy_id: str, license_number: str, relationship: Relationship,
               underwriting_review: bool, customer_id: Optional[str] = None) -> dict:
    """List a driver on a policy from their motor-vehicle record, effective today. The
    driver's surcharge is rated from the record (age band, violations, accidents, DUI) and
    added to the term premium. relationship: to the named insured. underwriting_review:
    true when the policy sends this driver to underwriting review. customer_id: the
    driver's own customer record, if they have one."""
    policy = _open_policy(world, policy_id)
    record = world.require(DrivingRecord, license_number.strip().upper(), "driving record")
    if customer_id is not None:
        world.require(Customer, customer_id, "customer")
    if any(d.license_number == record.license_number and d.status != "removed"
           for d in world.find(Driver, policy_id=policy.id)):
        raise ToolError(f"licence {record.license_number} is already on policy {policy.id}")
    if rating.age_on(record.date_of_birth, _today(world)) < 16:
        raise ToolError("drivers must be at least 16")
    surcharge = rating.driver_surcharge(record.date_of_birth, record.minor_violations, record.at_fault_accidents,
                                        record.dui_date, _today(world))
    driver = world.insert(Driver(
        id=DRIVER_ID.next(world, Driver), policy_id=policy.id, customer_id=customer_id,
        license_number=record.license_number, name=record.name, date_of_birth=record.date_of_birth,
        relationship=relationship, status="listed", surcharge=surcharge, underwriting_review=underwriting_review,
        added_on=_today(world).isoformat()))
    world.update(policy, premium=money(policy.premium + surcharge))
    return {"driver": driver.model_dump(), "premium_change": surcharge, "new_premium": policy.premium}


@write_tool
def remove_driver(world: World, driver_id: str) -> dict:
    """Remove a listed driver from their policy, effective today; their surcharge comes off
    the term premium. The named insured cannot be removed."""
    driver = _listed_driver(world, driver_id)
    policy = _open_policy(world, driver.policy_id)
    world.update(driver, status="removed", status_changed_on=_today(world).isoformat())
    world.update(policy, premium=money(policy.premium - driver.surcharge))
    return {"driver": driver.model_dump(), "premium_change": -driver.surcharge, "new_premium": policy.premium}


@write_tool
def exclude_driver(world: World, driver_id: str) -> dict:
    """Exclude a listed driver by name, effective today: the policy will not cover any loss
    while they drive. Their surcharge comes off the term premium. The named insured
    cannot be excluded."""
    driver = _listed_driver(world, driver_id)
    policy = _open_policy(world, driver.policy_id)
    world.update(driver, status="excluded", status_changed_on=_today(world).isoformat())
    world.update(policy, premium=money(policy.premium - driver.surcharge))
    return {"driver": driver.model_dump(), "premium_change": -driver.surcharge, "new_premium": policy.premium}


@write_tool
def add_vehicle(world: World, policy_id: str, vin: str, use: Use, garaging_zip: str, garaging_state: State,
                ownership: Ownership, effective_date: str, underwriting_review: bool,
                lienholder: Optional[str] = None) -> dict:
    """Add a vehicle to a policy. The VIN is decoded from the register (year, make, model,
    body class); the vehicle's surcharge is rated from its body class and use and added to
    the term premium. garaging_zip/garaging_state: where it is kept overnight.
    ownership: owned, financed or leased; lienholder: the lender or lessor, required for a
    financed or leased vehicle and not allowed otherwise. effective_date: YYYY-MM-DD, the
    day coverage starts. underwriting_review: true when the policy sends it to review.
    Collision and comprehensive deductibles start at 500 and 250. There is no rate for
    exotic vehicles."""
    policy = _open_policy(world, policy_id)
    record = world.require(VinRecord, vin.strip().upper(), "VIN")
    effective = _date(effective_date, "effective_date")
    zip_code = garaging_zip.strip()
    if not (len(zip_code) == 5 and zip_code.isdigit()):
        raise ToolError("garaging_zip must be a 5-digit ZIP code")
    if record.body_class not in rating.VEHICLE_RATES:
        raise ToolError(f"there is no rate for a {record.body_class} vehicle; it cannot be added")
    if ownership == "owned" and lienholder:
        raise ToolError("an owned vehicle has no lienholder")
    if ownership != "owned" and not (lienholder or "").strip():
        raise ToolError(f"a {ownership} vehicle needs its lienholder")
    if not policy.term_start <= effective.isoformat() <= policy.term_end:
        raise ToolError(f"effective_date must fall in the current term ({policy.term_start} to {policy.term_end})")
    if any(v.vin == record.vin and v.status == "active" for v in world.find(Vehicle, policy_id=policy.id)):
        raise ToolError(f"VIN {record.vin} is already on policy {policy.id}")
    surcharge = rating.vehicle_surcharge(record.body_class, use)
    vehicle = world.insert(Vehicle(
        id=VEHICLE_ID.next(world, Vehicle), policy_id=policy.id, vin=record.vin, year=record.year, make=record.make,
        model=record.model, body_class=record.body_class, use=use, garaging_zip=zip_code, garaging_state=garaging_state,
        ownership=ownership, lienholder=(lienholder or "").strip() or None, surcharge=surcharge,
        underwriting_review=underwriting_review, effective_date=effective.isoformat()))
    world.update(policy, premium=money(policy.premium + surcharge))
    return {"vehicle": vehicle.model_dump(), "premium_change": surcharge, "new_premium": policy.premium}


@write_tool
def remove_vehicle(world: World, vehicle_id: str) -> dict:
    """Remove a vehicle from its policy, effective today; its surcharge comes off the term
    premium. A policy's only active vehicle cannot be removed (cancel the policy instead)."""
    vehicle = world.require(Vehicle, vehicle_id.strip().upper(), "vehicle")
    if vehicle.status != "active":
        raise ToolError(f"vehicle {vehicle.id} is already removed")
    policy = _open_policy(world, vehicle.policy_id)
    if len([v for v in world.find(Vehicle, policy_id=policy.id) if v.status == "active"]) == 1:
        raise ToolError(f"vehicle {vehicle.id} is the only vehicle on policy {policy.id}; it cannot be removed")
    world.update(vehicle, status="removed", removed_on=_today(world).isoformat())
    world.update(policy, premium=money(policy.premium - vehicle.surcharge))
    return {"vehicle": vehicle.model_dump(), "premium_change": -vehicle.surcharge, "new_premium": policy.premium}


@write_tool
def send_lienholder_notice(world: World, vehicle_id: str, reason: NoticeReason, effective_date: str) -> dict:
    """Notify a financed or leased vehicle's lienholder that the vehicle was removed from the
    policy or that the policy is being cancelled, and from which date (YYYY-MM-DD)."""
    vehicle = world.require(Vehicle, vehicle_id.strip().upper(), "vehicle")
    if not vehicle.lienholder:
        raise ToolError(f"vehicle {vehicle.id} has no lienholder")
    effective = _date(effective_date, "effective_date")
    if any(n.reason == reason for n in world.find(LienholderNotice, vehicle_id=vehicle.id)):
        raise ToolError(f"the lienholder of {vehicle.id} has already been sent a {reason} notice")
    notice = world.insert(LienholderNotice(id=NOTICE_ID.next(world, LienholderNotice), vehicle_id=vehicle.id,
                                           lienholder=vehicle.lienholder, reason=reason,
                                           effective_date=effective.isoformat(), created_at=world.now_iso))
    return {"notice": notice.model_dump()}


# ---- billing -------------------------------------------------------------------------

@read_tool
def get_billing(world: World, policy_id: str) -> dict:
    """A policy's billing: every invoice (due date, amount, late fee and when it was waived,
    status due / past_due / paid / in_plan, and the amount owed on unpaid ones), every
    payment arrangement ever made (extensions and installment plans, with the day each was
    made), and every payment."""
    policy = _policy(world, policy_id)
    invoices = []
    for inv in sorted(world.find(Invoice, policy_id=policy.id), key=lambda i: (i.due_date, i.id)):
        row = inv.model_dump()
        if inv.status in ("due", "past_due"):
            row["amount_owed"] = _amount_owed(inv)
        invoices.append(row)
    return {"policy_id": policy.id, "term_start": policy.term_start, "term_end": policy.term_end,
            "invoices": invoices,
            "arrangements": [a.model_dump() for a in sorted(world.find(Arrangement, policy_id=policy.id),
                                                            key=lambda a: (a.created_on, a.id))],
            "payments": [p.model_dump() for p in world.find(Payment, policy_id=policy.id)]}


def _unpaid(world: World, invoice_id: str) -> Invoice:
    invoice = world.require(Invoice, invoice_id.strip().upper(), "invoice")
    if invoice.status not in ("due", "past_due"):
        raise ToolError(f"invoice {invoice.id} is {invoice.status}, not an unpaid invoice")
    return invoice


@write_tool
def grant_extension(world: World, invoice_id: str, new_due_date: str) -> dict:
    """Move an unpaid invoice's due date to new_due_date (YYYY-MM-DD), which must be later
    than the current due date and not before today. Records a payment arrangement of kind
    extension; the invoice becomes due (no longer past due). Late fees already charged stay."""
    invoice = _unpaid(world, invoice_id)
    new = _date(new_due_date, "new_due_date")
    if new.isoformat() <= invoice.due_date:
        raise ToolError(f"new_due_date must be after the current due date {invoice.due_date}")
    if new < _today(world):
        raise ToolError(f"new_due_date cannot be before today ({_today(world).isoformat()})")
    arrangement = world.insert(Arrangement(
        id=ARRANGEMENT_ID.next(world, Arrangement), policy_id=invoice.policy_id, kind="extension",
        created_on=_today(world).isoformat(), invoice_id=invoice.id, from_due_date=invoice.due_date,
        to_due_date=new.isoformat()))
    world.update(invoice, due_date=new.isoformat(), status="due")
    return {"arrangement": arrangement.model_dump(), "invoice": invoice.model_dump(), "amount_owed": _amount_owed(invoice)}


@write_tool
def create_installment_plan(world: World, policy_id: str, installments: int) -> dict:
    """Spread a policy's past-due balance (the amount owed on all its past_due invoices,
    unwaived late fees included) over 2, 3 or 4 installments. Installments are equal,
    rounded down to the cent, the last one carrying the remainder; the k-th is due k x 14
    days after today. The past-due invoices are replaced by the plan (status in_plan).
    Records a payment arrangement of kind installment_plan."""
    policy = _policy(world, policy_id)
    if installments not in (2, 3, 4):
        raise ToolError("installments must be 2, 3 or 4")
    past_due = sorted((i for i in world.find(Invoice, policy_id=policy.id) if i.status == "past_due"),
                      key=lambda i: i.id)
    if not past_due:
        raise ToolError(f"policy {policy.id} has no past-due invoice")
    balance = money(sum((_amount_owed(i) for i in past_due), Decimal(0)))
    schedule = rating.installments(balance, installments, _today(world))
    arrangement = world.insert(Arrangement(
        id=ARRANGEMENT_ID.next(world, Arrangement), policy_id=policy.id, kind="installment_plan",
        created_on=_today(world).isoformat(), balance=balance, installments=schedule,
        invoice_ids=[i.id for i in past_due]))
    for invoice in past_due:
        world.update(invoice, status="in_plan")
    return {"arrangement": arrangement.model_dump()}


@write_tool
def waive_late_fee(world: World, invoice_id: str) -> dict:
    """Waive the late fee of an unpaid invoice (recorded with today's date); the amount owed
    drops by the fee."""
    invoice = _unpaid(world, invoice_id)
    if invoice.late_fee <= 0:
        raise ToolError(f"invoice {invoice.id} has no late fee")
    if invoice.late_fee_waived_on is not None:
        raise ToolError(f"the late fee of invoice {invoice.id} was already waived")
    world.update(invoice, late_fee_waived_on=_today(world).isoformat())
    return {"invoice": invoice.model_dump(), "waived": invoice.late_fee, "amount_owed": _amount_owed(invoice)}


@write_tool
def pay_invoice(world: World, invoice_id: str, amount: float) -> dict:
    """Charge the card on file for an unpaid invoice. amount must be the invoice's whole
    amount owed (its amount plus any unwaived late fee); the invoice becomes paid."""
    invoice = _unpaid(world, invoice_id)
    paid = money(amount)
    owed = _amount_owed(invoice)
    if paid != owed:
        raise ToolError(f"amount must be the whole amount owed on invoice {invoice.id}, {owed:.2f}")
    payment = world.insert(Payment(id=PAYMENT_ID.next(world, Payment), policy_id=invoice.policy_id,
                                   invoice_id=invoice.id, amount=paid, paid_on=_today(world).isoformat()))
    world.update(invoice, status="paid")
    return {"payment": payment.model_dump()}


# ---- documents -----------------------------------------------------------------------

@write_tool
def issue_document(world: World, policy_id: str, kind: DocumentKind, vehicle_id: Optional[str] = None,
                   recipient_customer_id: Optional[str] = None) -> dict:
    """Issue and send a policy document. id_card: proof of insurance for one active vehicle
    (vehicle_id), valid until the term's end, e-mailed to recipient_customer_id's address on
    file. declarations: the policy's declarations page, e-mailed to recipient_customer_id.
    lienholder_evidence: evidence of insurance for one financed or leased vehicle
    (vehicle_id), sent straight to its lienholder (no recipient_customer_id). ID cards and
    lienholder evidence exist only for active or pending_cancellation policies."""
    policy = _policy(world, policy_id)
    vehicle = None
    if kind in ("id_card", "lienholder_evidence"):
        if policy.status not in ("active", "pending_cancellation"):
            raise ToolError(f"policy {policy.id} is {policy.status}; there is no coverage to prove")
        if not vehicle_id:
            raise ToolError(f"a {kind} is issued for one vehicle: give vehicle_id")
        vehicle = world.require(Vehicle, vehicle_id.strip().upper(), "vehicle")
        if vehicle.policy_id != policy.id or vehicle.status != "active":
            raise ToolError(f"vehicle {vehicle.id} is not an active vehicle of policy {policy.id}")
    elif vehicle_id:
        raise ToolError("declarations cover the whole policy: leave vehicle_id out")
    if kind == "lienholder_evidence":
        if recipient_customer_id:
            raise ToolError("lienholder evidence goes to the lienholder: leave recipient_customer_id out")
        if not vehicle.lienholder:
            raise ToolError(f"vehicle {vehicle.id} has no lienholder")
        sent_to, recipient = vehicle.lienholder, None
    else:
        if not recipient_customer_id:
            raise ToolError(f"give recipient_customer_id: the customer the {kind} is e-mailed to")
        recipient = world.require(Customer, recipient_customer_id.strip().upper(), "customer")
        sent_to = recipient.email
    doc = world.insert(Document(
        id=DOCUMENT_ID.next(world, Document), policy_id=policy.id, kind=kind, vehicle_id=vehicle.id if vehicle else None,
        recipient_customer_id=recipient.id if recipient else None, sent_to=sent_to,
        valid_until=policy.term_end if kind == "id_card" else None, created_at=world.now_iso))
    return {"document": doc.model_dump()}


# ---- claims --------------------------------------------------------------------------

@read_tool
def get_claims(world: World, policy_id: str) -> dict:
    """Every claim of a policy: vehicle, driver, loss date and type, coverage, deductible,
    status (open or closed)."""
    policy = _policy(world, policy_id)
    return {"policy_id": policy.id, "claims": [c.model_dump() for c in world.find(Claim, policy_id=policy.id)]}


@write_tool
def file_claim(world: World, policy_id: str, vehicle_id: str, reported_by: str, loss_date: str, loss_type: LossType,
               coverage: Coverage, deductible: float, description: str, injuries: bool,
               driver_id: Optional[str] = None, police_report: Optional[str] = None,
               other_party_plate: Optional[str] = None) -> dict:
    """Open a claim (first notice of loss). vehicle_id: the insured vehicle; reported_by:
    the caller's customer id; loss_date: YYYY-MM-DD, not in the future; loss_type: what
    happened; coverage and deductible: as the claims policy decides; driver_id: the
    policy's driver who was driving (leave out when nobody was driving);
    police_report: the report number; other_party_plate: the other vehicle's plate;
    description: the loss in words."""
    policy = _policy(world, policy_id)
    vehicle = world.require(Vehicle, vehicle_id.strip().upper(), "vehicle")
    if vehicle.policy_id != policy.id:
        raise ToolError(f"vehicle {vehicle.id} is not on policy {policy.id}")
    reporter = world.require(Customer, reported_by.strip().upper(), "customer")
    loss = _date(loss_date, "loss_date")
    if loss > _today(world):
        raise ToolError("loss_date cannot be in the future")
    driver = None
    if driver_id:
        driver = world.require(Driver, driver_id.strip().upper(), "driver")
        if driver.policy_id != policy.id:
            raise ToolError(f"driver {driver.id} is not on policy {policy.id}")
    ded = money(deductible, label="deductible")
    if ded < 0:
        raise ToolError("deductible cannot be negative")
    plate = "".join((other_party_plate or "").split()).upper() or None
    report = (police_report or "").strip().upper() or None
    if any(c.vehicle_id == vehicle.id and c.loss_date == loss.isoformat() and c.loss_type == loss_type
           for c in world.find(Claim, policy_id=policy.id)):
        raise ToolError(f"a {loss_type} claim for {vehicle.id} on {loss.isoformat()} already exists")
    claim = world.insert(Claim(
        id=CLAIM_ID.next(world, Claim), policy_id=policy.id, vehicle_id=vehicle.id,
        driver_id=driver.id if driver else None, reported_by=reporter.id, loss_date=loss.isoformat(),
        loss_type=loss_type, coverage=coverage, deductible=ded, injuries=injuries, police_report=report,
        other_party_plate=plate, description=description, created_at=world.now_iso))
    return {"claim": claim.model_dump()}


# ---- cancellation and reinstatement --------------------------------------------------

@write_tool
def schedule_cancellation(world: World, policy_id: str, cancellation_date: str, reason: CancellationReason) -> dict:
    """Schedule the cancellation of an active policy at the insured's request: the policy
    becomes pending_cancellation and coverage ends at 12:01 am on cancellation_date
    (YYYY-MM-DD; not before today, within the term). The return premium (unearned premium,
    prorated by day) is computed and recorded."""
    policy = _policy(world, policy_id)
    if policy.status != "active":
        raise ToolError(f"policy {policy.id} is {policy.status}; only an active policy can be cancelled")
    cancel = _date(cancellation_date, "cancellation_date")
    if cancel < _today(world):
        raise ToolError("cancellation_date cannot be in the past")
    if not policy.term_start <= cancel.isoformat() <= policy.term_end:
        raise ToolError(f"cancellation_date must fall in the current term ({policy.term_start} to {policy.term_end})")
    refund = rating.return_premium(policy.premium, policy.term_start, policy.term_end, cancel.isoformat())
    world.update(policy, status="pending_cancellation", cancellation_date=cancel.isoformat(), cancellation_reason=reason,
                 return_premium=refund)
    return {"policy": policy.model_dump()}


@write_tool
def reinstate_policy(world: World, policy_id: str) -> dict:
    """Reinstate a cancelled policy, or withdraw a pending cancellation, effective today.
    Every past-due invoice must be paid first. A withdrawn cancellation leaves no cancellation
    date, reason or return premium on the policy. When a cancelled policy is reinstated after
    its cancellation date, the days without coverage (the cancellation date to yesterday) are
    recorded as a lapse."""
    policy = _policy(world, policy_id)
    if policy.status not in ("cancelled", "pending_cancellation"):
        raise ToolError(f"policy {policy.id} is {policy.status}; only a cancelled policy or a pending cancellation "
                        "can be reinstated")
    owed = [i.id for i in world.find(Invoice, policy_id=policy.id) if i.status == "past_due"]
    if owed:
        raise ToolError(f"policy {policy.id} still has past-due invoices ({', '.join(owed)}); they must be paid first")
    today = _today(world)
    changes: dict = {"status": "active", "reinstated_on": today.isoformat()}
    if policy.status == "pending_cancellation":
        # a withdrawn cancellation never takes effect: its date, reason and return premium go
        changes.update(cancellation_date=None, cancellation_reason=None, return_premium=None)
    elif policy.cancellation_date and today.isoformat() > policy.cancellation_date:
        changes.update(lapse_start=policy.cancellation_date, lapse_end=(today - timedelta(days=1)).isoformat())
    world.update(policy, **changes)
    return {"policy": policy.model_dump()}


AUTO_TOOLS = [
    get_customer, verify_identity, get_policy, get_driving_record, lookup_vin, get_billing, get_claims,
    grant_extension, create_installment_plan, waive_late_fee, pay_invoice, issue_document,
    add_driver, remove_driver, exclude_driver, add_vehicle, remove_vehicle, send_lienholder_notice,
    file_claim, schedule_cancellation, reinstate_policy,
]
