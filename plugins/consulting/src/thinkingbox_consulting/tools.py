"""Ashgrove Advisory's desk tools. Each is one operation of one system; they enforce what that
system enforces (stock, seats, budget, record states) and say why a call was refused. Which
outcome the policy calls for (grant, approval, decline) is the agent's decision."""
from __future__ import annotations

import calendar
import math
from datetime import date, timedelta
from typing import Literal, Optional

from thinkingbox import ToolError, World, read_tool, write_tool
from thinkingbox.kit.customers import find_customer
from thinkingbox.contract.money import money

from .models import (
    ACCESS_ID, APPROVAL_ID, BAND, ENROLMENT_ID, LICENCE_ID, NDA_ID, ORDER_ID, PERMISSION_ID, TRAVEL_ID, Approval,
    Client, ClientSystem, Course, Device, DeviceOrder, Employee, Engagement, Enrolment, ExpenseClaim, Folder,
    FolderPermission, Licence, Nda, OnboardingItem, Software, Staffing, SystemAccess, TrainingBudget, TravelRequest,
)

STANDARD_MODELS = {"laptop": ["ThinkPad T14", "MacBook Pro 14"], "phone": ["iPhone 16"], "monitor": ["Dell U2724"]}
LEAD_DAYS = {"laptop": 10, "phone": 5, "monitor": 3}

ApprovalKind = Literal["client_access", "folder_access", "expense", "hardware", "software", "training", "travel"]
DeviceKind = Literal["laptop", "phone", "monitor"]
RetireReason = Literal["age", "failure", "damage", "battery"]
ReturnReason = Literal["missing_receipt", "receipt_not_itemized"]
Cabin = Literal["economy", "premium_economy", "business"]
Level = Literal["read", "edit"]
Office = Literal["boston", "chicago", "london"]
City = Literal["boston", "chicago", "london", "new_york", "san_francisco", "toronto", "frankfurt", "singapore", "dallas"]


# ---- helpers -------------------------------------------------------------------------

def _date(value: str, label: str) -> date:
    try:
        return date.fromisoformat(value.strip())
    except (ValueError, AttributeError):
        raise ToolError(f"{label} {value!r} is not a date (YYYY-MM-DD)") from None


def _id(value: str) -> str:
    return value.strip().upper()


def _employee(world: World, employee_id: str) -> Employee:
    return world.require(Employee, _id(employee_id), "employee")


def age_months(purchased: date, today: date) -> int:
    """Whole months from `purchased` to `today`; a month is complete on the same day of the
    month (or the month's last day when it has no such day)."""
    months = (today.year - purchased.year) * 12 + (today.month - purchased.month)
    last = calendar.monthrange(today.year, today.month)[1]
    if today.day < min(purchased.day, last):
        months -= 1
    return max(months, 0)


def _device_view(world: World, device: Device) -> dict:
    return {**device.model_dump(), "age_months": age_months(_date(device.purchased_on, "purchased_on"), world.now.date())}


def _staffing_view(world: World, s: Staffing) -> dict:
    eng = world.get(Engagement, s.engagement_id)
    return {**s.model_dump(), "engagement": eng.model_dump() if eng else None}


# ---- directory and engagements ---------------------------------------------------------

@read_tool
def find_employee(world: World, email: Optional[str] = None, employee_id: Optional[str] = None) -> dict:
    """An employee's directory record, by work e-mail or employee id: name, grade, band
    (associate, manager or partner), practice, office, manager_id, delegate_id (who approves
    for them while they are on leave), start date, status (active, on_leave, onboarding,
    departed) and help-desk user id. Use it for colleagues too (an approver's status)."""
    emp = find_customer(world, Employee, _id(employee_id) if employee_id else None, email, label="employee")
    return {**emp.model_dump(), "band": BAND.get(emp.grade)}


@read_tool
def list_staffing(world: World, employee_id: str) -> dict:
    """The engagements an employee is or was staffed on: each staffing's status (active,
    booked, released) and dates, with the engagement (client, status planned/active/closed,
    dates, engagement manager and engagement partner)."""
    emp = _employee(world, employee_id)
    return {"employee_id": emp.id, "staffing": [_staffing_view(world, s) for s in world.find(Staffing, employee_id=emp.id)]}


@read_tool
def get_engagement(world: World, engagement_id: str) -> dict:
    """An engagement by its code (ENG-####): client, status, dates, manager and partner."""
    return world.require(Engagement, _id(engagement_id), "engagement").model_dump()


# ---- approvals -----------------------------------------------------------------------

_SUBJECTS = {"client_access": (ClientSystem, "client system"), "folder_access": (Folder, "folder"),
             "expense": (ExpenseClaim, "expense claim"), "hardware": (Device, "device"),
             "software": (Software, "software title"), "training": (Course, "course"),
             "travel": (TravelRequest, "travel request")}
_WITH_AMOUNT = {"expense", "software", "training"}


@write_tool
def request_approval(world: World, kind: ApprovalKind, requester_id: str, approver_id: str, subject_id: str,
                     amount: Optional[float] = None, note: str = "") -> dict:
    """Send one approval request to one approver. kind: what is approved; subject_id: the
    record it is about (client system SYS-, folder FLD-, expense claim EXP-, the device being
    replaced DEV-, software title SW-, course CRS-, travel request TRV-). amount: only for
    expense (the amount to reimburse), software (annual cost) and training (course cost);
    leave it out for other kinds. note: free text for the approver."""
    requester = _employee(world, requester_id)
    approver = _employee(world, approver_id)
    if approver.id == requester.id:
        raise ToolError("an employee cannot approve their own request; see the approvals policy for who approves instead")
    if approver.status == "departed":
        raise ToolError(f"{approver.name} has left the firm and cannot approve")
    model, label = _SUBJECTS[kind]
    subject = world.require(model, _id(subject_id), label)
    if kind in _WITH_AMOUNT:
        if amount is None:
            raise ToolError(f"a {kind} approval needs the amount")
        amount = money(amount, label="amount")
        if amount <= 0:
            raise ToolError("amount must be positive")
    elif amount is not None:
        raise ToolError(f"a {kind} approval has no amount; leave it out")
    if any(a.status == "pending" and a.kind == kind and a.subject_id == subject.id and a.approver_id == approver.id
           for a in world.find(Approval, requester_id=requester.id)):
        raise ToolError(f"an approval of this {label} by {approver.name} is already pending")
    row = world.insert(Approval(id=APPROVAL_ID.next(world, Approval), kind=kind, requester_id=requester.id,
                                approver_id=approver.id, subject_id=subject.id, amount=amount, note=note,
                                created_at=world.now_iso))
    return {"approval": row.model_dump(), "approver_name": approver.name}


@read_tool
def list_approvals(world: World, employee_id: str) -> dict:
    """Approval requests made for an employee (as requester), with their status."""
    emp = _employee(world, employee_id)
    return {"approvals": [a.model_dump() for a in world.find(Approval, requester_id=emp.id)]}


# ---- client systems ------------------------------------------------------------------

@read_tool
def search_clients(world: World, name: str) -> dict:
    """Clients whose name contains `name`: sensitivity (standard or restricted), conflict
    list (confidential: client ids that conflict with this client) and their systems."""
    needle = name.strip().lower()
    if not needle:
        raise ToolError("give part of a client's name")
    found = [c for c in world.rows(Client) if needle in c.name.lower()]
    return {"clients": [{**c.model_dump(), "systems": [s.model_dump() for s in world.find(ClientSystem, client_id=c.id)]}
                        for c in found]}


@read_tool
def get_client(world: World, client_id: str) -> dict:
    """A client by id (CLI-##): sensitivity, conflict list (confidential) and systems."""
    c = world.require(Client, _id(client_id), "client")
    return {**c.model_dump(), "systems": [s.model_dump() for s in world.find(ClientSystem, client_id=c.id)]}


@read_tool
def list_system_access(world: World, employee_id: str) -> dict:
    """An employee's client-system access records (active or revoked), with each system's client."""
    emp = _employee(world, employee_id)
    out = []
    for a in world.find(SystemAccess, employee_id=emp.id):
        system = world.get(ClientSystem, a.system_id)
        out.append({**a.model_dump(), "system_name": system.name if system else None,
                    "client_id": system.client_id if system else None})
    return {"access": out}


@read_tool
def list_ndas(world: World, employee_id: str) -> dict:
    """An employee's client NDAs: status sent (waiting for their signature) or signed."""
    emp = _employee(world, employee_id)
    return {"ndas": [n.model_dump() for n in world.find(Nda, employee_id=emp.id)]}


@write_tool
def send_nda(world: World, employee_id: str, client_id: str) -> dict:
    """Send a restricted client's NDA to an employee for e-signature (status sent)."""
    emp = _employee(world, employee_id)
    client = world.require(Client, _id(client_id), "client")
    if client.sensitivity != "restricted":
        raise ToolError(f"{client.name} is not a restricted client; it has no NDA to sign")
    for n in world.find(Nda, employee_id=emp.id, client_id=client.id):
        raise ToolError(f"an NDA for {client.name} is already {n.status} for this employee")
    row = world.insert(Nda(id=NDA_ID.next(world, Nda), employee_id=emp.id, client_id=client.id, status="sent",
                           sent_at=world.now_iso))
    return {"nda": row.model_dump()}


@write_tool
def grant_system_access(world: World, employee_id: str, system_id: str, engagement_id: str) -> dict:
    """Open a client system to an employee, tied to the engagement (of that system's client)
    that justifies it."""
    emp = _employee(world, employee_id)
    system = world.require(ClientSystem, _id(system_id), "client system")
    eng = world.require(Engagement, _id(engagement_id), "engagement")
    if eng.client_id != system.client_id:
        raise ToolError(f"engagement {eng.id} is not for the client of {system.name}")
    if any(a.status == "active" for a in world.find(SystemAccess, employee_id=emp.id, system_id=system.id)):
        raise ToolError(f"{emp.name} already has active access to {system.name}")
    row = world.insert(SystemAccess(id=ACCESS_ID.next(world, SystemAccess), employee_id=emp.id, system_id=system.id,
                                    engagement_id=eng.id, granted_at=world.now_iso))
    return {"access": row.model_dump(), "system_name": system.name}


@write_tool
def revoke_system_access(world: World, access_id: str) -> dict:
    """Revoke an active client-system access record (ACC-####)."""
    access = world.require(SystemAccess, _id(access_id), "access record")
    if access.status != "active":
        raise ToolError(f"{access.id} is already {access.status}")
    world.update(access, status="revoked")
    return {"access": access.model_dump()}


# ---- folders -------------------------------------------------------------------------

@read_tool
def search_folders(world: World, name: str) -> dict:
    """Folders whose name contains `name`: classification, client and owner."""
    needle = name.strip().lower()
    if not needle:
        raise ToolError("give part of a folder's name")
    return {"folders": [f.model_dump() for f in world.rows(Folder) if needle in f.name.lower()]}


@read_tool
def get_folder(world: World, folder_id: str) -> dict:
    """A folder (FLD-###) with its classification, client, owner and current permissions."""
    folder = world.require(Folder, _id(folder_id), "folder")
    return {**folder.model_dump(), "permissions": [p.model_dump() for p in world.find(FolderPermission, folder_id=folder.id)]}


@write_tool
def grant_folder_access(world: World, folder_id: str, employee_id: str, level: Level) -> dict:
    """Give an employee read or edit permission on a folder (an existing read permission is
    raised to edit)."""
    folder = world.require(Folder, _id(folder_id), "folder")
    emp = _employee(world, employee_id)
    existing = world.find(FolderPermission, folder_id=folder.id, employee_id=emp.id)
    if existing:
        perm = existing[0]
        if perm.level == "edit" or perm.level == level:
            raise ToolError(f"{emp.name} already has {perm.level} permission on {folder.name}")
        world.update(perm, level=level, granted_at=world.now_iso)
        return {"permission": perm.model_dump()}
    perm = world.insert(FolderPermission(id=PERMISSION_ID.next(world, FolderPermission), folder_id=folder.id,
                                         employee_id=emp.id, level=level, granted_at=world.now_iso))
    return {"permission": perm.model_dump()}


# ---- expenses ------------------------------------------------------------------------

def _claim_view(claim: ExpenseClaim) -> dict:
    delay = (_date(claim.submitted_on, "submitted_on") - _date(claim.incurred_on, "incurred_on")).days
    return {**claim.model_dump(), "submission_delay_days": delay}


def _submitted_claim(world: World, claim_id: str) -> ExpenseClaim:
    claim = world.require(ExpenseClaim, _id(claim_id), "expense claim")
    if claim.status != "submitted":
        raise ToolError(f"claim {claim.id} is {claim.status}; only submitted claims can be decided")
    return claim


@read_tool
def list_expense_claims(world: World, employee_id: str) -> dict:
    """An employee's expense claims, newest submission first."""
    emp = _employee(world, employee_id)
    claims = sorted(world.find(ExpenseClaim, employee_id=emp.id), key=lambda c: (c.submitted_on, c.id), reverse=True)
    return {"claims": [_claim_view(c) for c in claims]}


@read_tool
def get_expense_claim(world: World, claim_id: str) -> dict:
    """An expense claim (EXP-#####): category, amount, nights (lodging), dates, receipt (none,
    basic, itemized), status and the submission delay in days (incurred to submitted)."""
    return _claim_view(world.require(ExpenseClaim, _id(claim_id), "expense claim"))


@write_tool
def approve_expense(world: World, claim_id: str, amount: float) -> dict:
    """Approve a submitted claim for reimbursement of `amount` (at most the amount claimed)."""
    claim = _submitted_claim(world, claim_id)
    amount = money(amount, label="amount")
    if amount <= 0 or amount > claim.amount:
        raise ToolError(f"the approved amount must be more than 0 and at most the {claim.amount:.2f} claimed")
    world.update(claim, status="approved", approved_amount=amount, decided_at=world.now_iso)
    return {"claim": _claim_view(claim)}


@write_tool
def reject_expense(world: World, claim_id: str, reason: Literal["late"]) -> dict:
    """Reject a submitted claim; nothing is reimbursed. reason: late (submitted too long after
    the expense)."""
    claim = _submitted_claim(world, claim_id)
    world.update(claim, status="rejected", approved_amount=money(0), decision_reason=reason, decided_at=world.now_iso)
    return {"claim": _claim_view(claim)}


@write_tool
def return_expense(world: World, claim_id: str, reason: ReturnReason) -> dict:
    """Send a submitted claim back to the employee to fix (status returned): missing_receipt
    or receipt_not_itemized. They resubmit it with the receipt."""
    claim = _submitted_claim(world, claim_id)
    world.update(claim, status="returned", decision_reason=reason, decided_at=world.now_iso)
    return {"claim": _claim_view(claim)}


# ---- hardware ------------------------------------------------------------------------

@read_tool
def list_devices(world: World, employee_id: str) -> dict:
    """Devices assigned to or reserved for an employee, with each one's age in months and
    battery health."""
    emp = _employee(world, employee_id)
    rows = [d for d in world.rows(Device) if d.status in ("assigned", "reserved")
            and (d.assigned_to == emp.id or d.reserved_for == emp.id)]
    return {"devices": [_device_view(world, d) for d in rows]}


@read_tool
def get_device(world: World, device_id: str) -> dict:
    """A device (DEV-####): kind, model, office, status, purchase date, age in whole months,
    battery health, and who holds it."""
    return _device_view(world, world.require(Device, _id(device_id), "device"))


@read_tool
def check_inventory(world: World, office: Office, kind: DeviceKind) -> dict:
    """The in-stock devices of one kind at one office, lowest id first."""
    rows = [d for d in world.find(Device, office=office, kind=kind) if d.status == "in_stock"]
    return {"office": office, "kind": kind, "in_stock": [_device_view(world, d) for d in rows]}


def _stock_device(world: World, device_id: str, employee: Employee) -> Device:
    device = world.require(Device, _id(device_id), "device")
    if device.office != employee.office:
        raise ToolError(f"{device.id} is in the {device.office} office; {employee.name} works in {employee.office}")
    return device


@write_tool
def assign_device(world: World, device_id: str, employee_id: str) -> dict:
    """Hand an in-stock device (or one reserved for this employee) of the employee's office
    to the employee (status assigned)."""
    emp = _employee(world, employee_id)
    device = _stock_device(world, device_id, emp)
    if not (device.status == "in_stock" or device.status == "reserved" and device.reserved_for == emp.id):
        raise ToolError(f"{device.id} is {device.status}" + (" for someone else" if device.status == "reserved" else ""))
    world.update(device, status="assigned", assigned_to=emp.id, reserved_for=None)
    return {"device": _device_view(world, device)}


@write_tool
def reserve_device(world: World, device_id: str, employee_id: str) -> dict:
    """Set an in-stock device of the employee's office aside for them (status reserved)."""
    emp = _employee(world, employee_id)
    device = _stock_device(world, device_id, emp)
    if device.status != "in_stock":
        raise ToolError(f"{device.id} is {device.status}, not in stock")
    world.update(device, status="reserved", reserved_for=emp.id)
    return {"device": _device_view(world, device)}


@write_tool
def retire_device(world: World, device_id: str, reason: RetireReason) -> dict:
    """Retire an assigned device that has been replaced: reason age, failure, damage or battery."""
    device = world.require(Device, _id(device_id), "device")
    if device.status != "assigned":
        raise ToolError(f"{device.id} is {device.status}; only assigned devices are retired")
    world.update(device, status="retired", retired_reason=reason)
    return {"device": _device_view(world, device)}


@write_tool
def order_device(world: World, employee_id: str, kind: DeviceKind, model: str, office: Office) -> dict:
    """Order a new device from the supplier for an office that has none of that model in
    stock. Standard models: laptop ThinkPad T14 or MacBook Pro 14, phone iPhone 16, monitor
    Dell U2724. Returns the expected delivery date."""
    emp = _employee(world, employee_id)
    if model not in STANDARD_MODELS[kind]:
        raise ToolError(f"{model!r} is not a standard {kind}; standard: {', '.join(STANDARD_MODELS[kind])}")
    stock = [d.id for d in world.find(Device, office=office, kind=kind) if d.model == model and d.status == "in_stock"]
    if stock:
        raise ToolError(f"the {office} office has {model} in stock ({stock[0]}); use it instead of ordering")
    expected = (world.now.date() + timedelta(days=LEAD_DAYS[kind])).isoformat()
    row = world.insert(DeviceOrder(id=ORDER_ID.next(world, DeviceOrder), employee_id=emp.id, kind=kind, model=model,
                                   office=office, expected_on=expected, created_at=world.now_iso))
    return {"order": row.model_dump()}


# ---- onboarding ----------------------------------------------------------------------

@read_tool
def get_onboarding_checklist(world: World, employee_id: str) -> dict:
    """A joiner's onboarding checklist: each item and its status, the start date and the
    days from today to it (negative once started)."""
    emp = _employee(world, employee_id)
    days = (_date(emp.start_date, "start_date") - world.now.date()).days
    return {"employee_id": emp.id, "start_date": emp.start_date, "days_until_start": days,
            "items": [i.model_dump() for i in world.find(OnboardingItem, employee_id=emp.id)]}


@write_tool
def complete_onboarding_item(world: World, item_id: str) -> dict:
    """Mark a pending onboarding checklist item (ONB-####) done."""
    item = world.require(OnboardingItem, _id(item_id), "onboarding item")
    if item.status == "done":
        raise ToolError(f"{item.id} is already done")
    world.update(item, status="done", completed_at=world.now_iso)
    return {"item": item.model_dump()}


# ---- software ------------------------------------------------------------------------

def _seats_used(world: World, software_id: str) -> int:
    return len([l for l in world.find(Licence, software_id=software_id) if l.status == "active"])


@read_tool
def search_software(world: World, name: str) -> dict:
    """Catalogue titles whose name contains `name`: annual cost per seat, seats in total and
    seats in use."""
    needle = name.strip().lower()
    if not needle:
        raise ToolError("give part of a title's name")
    return {"software": [{**s.model_dump(), "seats_used": _seats_used(world, s.id)}
                         for s in world.rows(Software) if needle in s.name.lower()]}


@read_tool
def list_licences(world: World, employee_id: str) -> dict:
    """An employee's software licences."""
    emp = _employee(world, employee_id)
    return {"licences": [l.model_dump() for l in world.find(Licence, employee_id=emp.id)]}


@write_tool
def assign_licence(world: World, employee_id: str, software_id: str, engagement_id: Optional[str] = None) -> dict:
    """Assign a seat of a title to an employee. engagement_id: the engagement a paid title is
    charged to (leave it out for free titles)."""
    emp = _employee(world, employee_id)
    sw = world.require(Software, _id(software_id), "software title")
    if sw.annual_cost > 0 and not engagement_id:
        raise ToolError(f"{sw.name} is paid; give the engagement it is charged to")
    if sw.annual_cost == 0 and engagement_id:
        raise ToolError(f"{sw.name} is free; it is not charged to an engagement")
    eng = world.require(Engagement, _id(engagement_id), "engagement") if engagement_id else None
    if any(l.status == "active" for l in world.find(Licence, software_id=sw.id, employee_id=emp.id)):
        raise ToolError(f"{emp.name} already has {sw.name}")
    if _seats_used(world, sw.id) >= sw.seats_total:
        raise ToolError(f"all {sw.seats_total} seats of {sw.name} are taken")
    row = world.insert(Licence(id=LICENCE_ID.next(world, Licence), software_id=sw.id, employee_id=emp.id,
                               engagement_id=eng.id if eng else None, assigned_at=world.now_iso))
    return {"licence": row.model_dump(), "software": sw.name}


# ---- training ------------------------------------------------------------------------

def _budget(world: World, employee_id: str) -> Optional[TrainingBudget]:
    found = world.find(TrainingBudget, employee_id=employee_id, year=world.now.year)
    return found[0] if found else None


@read_tool
def search_courses(world: World, title: str) -> dict:
    """Courses whose title contains `title`: kind (mandatory, internal, external,
    conference), cost, dates, seats left and prerequisite."""
    needle = title.strip().lower()
    return {"courses": [c.model_dump() for c in world.rows(Course) if needle in c.title.lower()]}


@read_tool
def get_training_record(world: World, employee_id: str) -> dict:
    """An employee's enrolments (enrolled, completed, cancelled) and this year's training
    budget: allowance, spent and left."""
    emp = _employee(world, employee_id)
    budget = _budget(world, emp.id)
    return {"enrolments": [e.model_dump() for e in world.find(Enrolment, employee_id=emp.id)],
            "budget": None if budget is None else {**budget.model_dump(), "left": money(budget.allowance - budget.spent)}}


@write_tool
def enrol_in_course(world: World, employee_id: str, course_id: str) -> dict:
    """Enrol an employee in a course; a paid course's cost is spent from this year's budget."""
    emp = _employee(world, employee_id)
    course = world.require(Course, _id(course_id), "course")
    if any(e.status in ("enrolled", "completed") for e in world.find(Enrolment, employee_id=emp.id, course_id=course.id)):
        raise ToolError(f"{emp.name} is already enrolled in or has completed {course.title}")
    if course.seats_left < 1:
        raise ToolError(f"{course.title} has no seats left")
    if course.cost > 0:
        budget = _budget(world, emp.id)
        left = money(budget.allowance - budget.spent) if budget else money(0)
        if course.cost > left:
            raise ToolError(f"{course.title} costs {course.cost:.2f}; only {left:.2f} of the training budget is left")
        world.update(budget, spent=money(budget.spent + course.cost))
    world.update(course, seats_left=course.seats_left - 1)
    row = world.insert(Enrolment(id=ENROLMENT_ID.next(world, Enrolment), employee_id=emp.id, course_id=course.id,
                                 enrolled_at=world.now_iso))
    return {"enrolment": row.model_dump(), "course": course.title}


# ---- travel --------------------------------------------------------------------------

@read_tool
def list_travel_requests(world: World, employee_id: str) -> dict:
    """An employee's travel requests."""
    emp = _employee(world, employee_id)
    return {"travel_requests": [t.model_dump() for t in world.find(TravelRequest, employee_id=emp.id)]}


@write_tool
def create_travel_request(world: World, employee_id: str, engagement_id: str, origin: City, destination: City,
                          depart_on: str, return_on: str, cabin: Cabin, flight_hours: float,
                          hotel_nightly_rate: float, needs_approval: bool) -> dict:
    """Record a business trip for an engagement: dates YYYY-MM-DD, the cabin booked, the
    longest flight's duration in hours, and the hotel's nightly rate. needs_approval: true
    holds the trip for the manager's approval (status awaiting_approval); false books it."""
    emp = _employee(world, employee_id)
    eng = world.require(Engagement, _id(engagement_id), "engagement")
    depart, back = _date(depart_on, "depart_on"), _date(return_on, "return_on")
    if depart <= world.now.date():
        raise ToolError("the departure must be after today")
    if back < depart:
        raise ToolError("the return cannot be before the departure")
    if not isinstance(flight_hours, (int, float)) or not math.isfinite(flight_hours) or not 0 < flight_hours <= 24:
        raise ToolError("flight_hours must be a number of hours between 0 and 24")
    rate = money(hotel_nightly_rate, label="hotel_nightly_rate")
    if rate < 0:
        raise ToolError("hotel_nightly_rate cannot be negative")
    if origin == destination:
        raise ToolError("the origin and the destination are the same city")
    row = world.insert(TravelRequest(
        id=TRAVEL_ID.next(world, TravelRequest), employee_id=emp.id, engagement_id=eng.id, origin=origin,
        destination=destination, depart_on=depart.isoformat(), return_on=back.isoformat(), cabin=cabin,
        flight_hours=float(flight_hours), hotel_nightly_rate=rate,
        status="awaiting_approval" if needs_approval else "booked", created_at=world.now_iso))
    return {"travel_request": row.model_dump()}


CONSULTING_TOOLS = [
    find_employee, list_staffing, get_engagement, request_approval, list_approvals,
    search_clients, get_client, list_system_access, list_ndas, send_nda, grant_system_access, revoke_system_access,
    search_folders, get_folder, grant_folder_access,
    list_expense_claims, get_expense_claim, approve_expense, reject_expense, return_expense,
    list_devices, get_device, check_inventory, assign_device, reserve_device, retire_device, order_device,
    get_onboarding_checklist, complete_onboarding_item,
    search_software, list_licences, assign_licence,
    search_courses, get_training_record, enrol_in_course,
    list_travel_requests, create_travel_request,
]
