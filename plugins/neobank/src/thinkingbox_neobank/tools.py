"""Tidewell Bank's internal systems as tools. Each enforces what the real system would
(an id must exist, a seat must be free, a device must be in stock, a password reset needs a
verified identity) and says why it refused; which approval, device or grant the policy calls
for is the agent's decision."""
from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Literal, Optional

from thinkingbox import ToolError, World, iso, parse_time, read_tool, write_tool
from thinkingbox.kit.customers import find_customer

from .models import (
    ACCESS_ID, ALLOCATION_ID, APPROVAL_ID, ASSIGNMENT_ID, AUDIT_ID, MEMBERSHIP_ID, NOTIFICATION_ID, ORDER_ID,
    AppAccess, Application, ApprovalRequest, Asset, AssetAssignment, CatalogItem, Department, Employee, Group,
    GroupMembership, License, LicenseAllocation, Notification, ProcurementOrder, SecurityAudit, SecurityIncident,
    Ticket,
)

AccessLevel = Literal["read", "write", "admin"]
DeviceType = Literal["laptop", "desktop", "monitor", "dock", "headset", "mouse", "keyboard"]
HardwareReason = Literal["damage", "failure", "refresh", "new_equipment"]
ApproverRole = Literal["manager", "director", "security", "finance_head", "compliance_head"]
TargetKind = Literal["application", "group", "license", "hardware"]
Urgency = Literal["low", "normal", "high", "urgent"]
Basis = Literal["standard", "incident", "break_glass"]
VerificationMethod = Literal["manager_callback", "video_call", "hardware_key", "security_questions"]
NotificationKind = Literal["incident_access_notice", "break_glass_notice", "compromised_account", "access_granted"]
SECURITY_APPROVER_TITLE = "Security Access Review Lead"


def _employee(world: World, employee_id: str) -> Employee:
    return world.require(Employee, employee_id.strip().upper(), "employee")


def _ticket(world: World, ticket_id: Optional[str]) -> Optional[str]:
    if ticket_id is None:
        return None
    return world.require(Ticket, ticket_id.strip().upper(), "ticket").id


def _today(world: World) -> date:
    return world.now.date()


def age_months(purchase_date: str, today: date) -> int:
    """Whole 30-day months since purchase: floor(days / 30)."""
    return (today - date.fromisoformat(purchase_date)).days // 30


def _summary(world: World, e: Employee) -> dict:
    return {"employee_id": e.id, "name": e.name, "title": e.title, "level": e.level,
            "department_id": e.department_id, "availability": e.availability, "email": e.email}


# ---- HR directory ---------------------------------------------------------------------------

@read_tool
def get_employee(world: World, employee_id: Optional[str] = None, email: Optional[str] = None) -> dict:
    """An employee's HR record by employee id or work e-mail: title, level (1-4 individual
    contributors, 5 leads, 6 managers, 7 directors, 8+ executives), department, office
    (toronto, austin, dublin or remote), employment type (employee or contractor), status
    (active, on_leave, departing), contract end or last day, manager, availability, and the
    identity-provider account (status, active sessions, MFA bypass)."""
    e = find_customer(world, Employee, employee_id.strip().upper() if employee_id else None, email, label="employee")
    manager = world.get(Employee, e.manager_id) if e.manager_id else None
    dept = world.get(Department, e.department_id)
    return {**e.model_dump(), "department_name": dept.name if dept else None,
            "manager": _summary(world, manager) if manager else None}


@read_tool
def get_manager_chain(world: World, employee_id: str) -> dict:
    """The employee's management chain, from their direct manager up to the chief executive,
    each with title, level and availability."""
    e = _employee(world, employee_id)
    chain, seen = [], {e.id}
    current = e
    while current.manager_id and current.manager_id not in seen:
        current = world.require(Employee, current.manager_id, "employee")
        seen.add(current.id)
        chain.append(_summary(world, current))
    return {"employee_id": e.id, "chain": chain}


@read_tool
def get_department(world: World, department_id: str) -> dict:
    """A department and its head (e.g. FIN: the head of finance; CMPL: the head of compliance)."""
    dept = world.require(Department, department_id.strip().upper(), "department")
    head = world.get(Employee, dept.head_id) if dept.head_id else None
    return {**dept.model_dump(), "head": _summary(world, head) if head else None}


# ---- identity provider ------------------------------------------------------------------------

@read_tool
def list_applications(world: World) -> list[dict]:
    """Every application with its tool group (G1 public to G5 production) and the access
    levels it offers."""
    return [a.model_dump() for a in world.rows(Application)]


@read_tool
def check_access(world: World, employee_id: str) -> dict:
    """The employee's application access records (active and revoked): application, level,
    whether temporary and when it expires, and the basis of the grant."""
    e = _employee(world, employee_id)
    return {"employee_id": e.id, "access": [a.model_dump() for a in world.find(AppAccess, employee_id=e.id)]}


@read_tool
def get_user_groups(world: World, employee_id: str) -> dict:
    """The identity-provider groups the employee belongs to (team groups and dashboard groups)."""
    e = _employee(world, employee_id)
    out = []
    for m in world.find(GroupMembership, employee_id=e.id):
        g = world.get(Group, m.group_id)
        out.append({**m.model_dump(), "group_name": g.name if g else None, "kind": g.kind if g else None})
    return {"employee_id": e.id, "groups": out}


@read_tool
def list_groups(world: World, kind: Optional[Literal["team", "dashboard"]] = None) -> list[dict]:
    """Identity-provider groups; dashboards are reached through dashboard groups, each with its
    sensitivity (internal, confidential, financial, compliance) and owning department."""
    rows = world.rows(Group)
    return [g.model_dump() for g in rows if kind is None or g.kind == kind]


def _expiry(world: World, value: str) -> str:
    text = value.strip()
    try:
        if len(text) == 10:
            moment = datetime.fromisoformat(text + "T23:59:59+00:00")
        else:
            moment = parse_time(text)
    except (ValueError, TypeError):
        raise ToolError(f"expires_at {value!r} is not a date (YYYY-MM-DD) or an ISO-8601 timestamp") from None
    if moment <= world.now:
        raise ToolError(f"expires_at {iso(moment)} is not in the future (now is {world.now_iso})")
    return iso(moment)


@write_tool
def provision_access(world: World, employee_id: str, app_id: str, access_level: AccessLevel,
                     expires_at: Optional[str] = None, basis: Basis = "standard",
                     incident_id: Optional[str] = None) -> dict:
    """Grant an employee access to an application at a level. expires_at makes the access
    temporary: an ISO-8601 UTC timestamp (e.g. 2025-10-02T13:00:00Z), or a date alone meaning
    the end of that day (23:59:59Z); leave it out for permanent access. basis: standard (the
    usual request), incident (production access for an incident) or break_glass (emergency
    access when the approver cannot be reached); incident and break_glass need incident_id and
    expires_at. Fails if the employee already has active access to the application (revoke it
    first to change the level)."""
    e = _employee(world, employee_id)
    app = world.require(Application, app_id.strip().upper(), "application")
    if access_level not in app.access_levels:
        raise ToolError(f"{app.name} offers the levels {', '.join(app.access_levels)}, not {access_level}")
    active = [a for a in world.find(AppAccess, employee_id=e.id, app_id=app.id) if a.status == "active"]
    if active:
        raise ToolError(f"{e.id} already has active {active[0].access_level} access to {app.name} ({active[0].id}); "
                        "revoke it first to change the level")
    incident = None
    if basis != "standard":
        if not incident_id or not expires_at:
            raise ToolError(f"a {basis} grant needs incident_id and expires_at")
    if incident_id:
        incident = world.require(SecurityIncident, incident_id.strip().upper(), "incident")
        if incident.status != "open":
            raise ToolError(f"incident {incident.id} is {incident.status}; access is only granted for open incidents")
    expiry = _expiry(world, expires_at) if expires_at else None
    row = world.insert(AppAccess(id=ACCESS_ID.next(world, AppAccess), employee_id=e.id, app_id=app.id,
                                 access_level=access_level, temporary=expiry is not None, expires_at=expiry,
                                 basis=basis, status="active", granted_at=world.now_iso,
                                 incident_id=incident.id if incident else None))
    return {"access": row.model_dump(), "application": app.name}


@write_tool
def revoke_access(world: World, access_id: str) -> dict:
    """Revoke an active access record (from check_access)."""
    row = world.require(AppAccess, access_id.strip().upper(), "access record")
    if row.status != "active":
        raise ToolError(f"access {row.id} is already {row.status}")
    world.update(row, status="revoked")
    return {"access": row.model_dump()}


@write_tool
def add_to_group(world: World, employee_id: str, group_id: str) -> dict:
    """Add an employee to an identity-provider group (a dashboard group gives the dashboard)."""
    e = _employee(world, employee_id)
    g = world.require(Group, group_id.strip().upper(), "group")
    if world.find(GroupMembership, employee_id=e.id, group_id=g.id):
        raise ToolError(f"{e.id} is already a member of {g.name}")
    m = world.insert(GroupMembership(id=MEMBERSHIP_ID.next(world, GroupMembership), employee_id=e.id, group_id=g.id,
                                     added_at=world.now_iso))
    return {"membership": m.model_dump(), "group_name": g.name}


# ---- security actions (each writes an audit row) ---------------------------------------------

def _audit(world: World, e: Employee, action: str, method: Optional[str] = None, hours: Optional[int] = None) -> dict:
    row = world.insert(SecurityAudit(id=AUDIT_ID.next(world, SecurityAudit), employee_id=e.id, action=action,
                                     method=method, hours=hours, created_at=world.now_iso))
    return row.model_dump()


def _require_verified(world: World, e: Employee, action: str) -> None:
    if not any(r.action == "verify_identity" and r.created_at == world.now_iso
               for r in world.find(SecurityAudit, employee_id=e.id)):
        raise ToolError(f"{action} needs the employee's identity verified first in this conversation (verify_identity)")


@write_tool
def verify_identity(world: World, employee_id: str, method: VerificationMethod) -> dict:
    """Record that the employee's identity was verified, and how (the method the password policy
    sets for their department). Writes a security audit row."""
    e = _employee(world, employee_id)
    return {"audit": _audit(world, e, "verify_identity", method=method)}


@write_tool
def unlock_account(world: World, employee_id: str) -> dict:
    """Unlock a locked identity-provider account. Writes a security audit row."""
    e = _employee(world, employee_id)
    if e.account_status != "locked":
        raise ToolError(f"the account of {e.id} is {e.account_status}, not locked")
    world.update(e, account_status="active")
    return {"audit": _audit(world, e, "unlock_account"), "account_status": "active"}


@write_tool
def reset_password(world: World, employee_id: str) -> dict:
    """Reset the employee's password (a one-time password goes to their registered phone). Needs
    the identity verified first. Writes a security audit row."""
    e = _employee(world, employee_id)
    _require_verified(world, e, "reset_password")
    world.update(e, password_changed_at=world.now_iso)
    return {"audit": _audit(world, e, "reset_password")}


@write_tool
def kill_sessions(world: World, employee_id: str) -> dict:
    """Sign the employee out of every active session. Writes a security audit row."""
    e = _employee(world, employee_id)
    world.update(e, active_sessions=0)
    return {"audit": _audit(world, e, "kill_sessions"), "active_sessions": 0}


@write_tool
def reset_mfa(world: World, employee_id: str) -> dict:
    """Remove the employee's MFA factors so they enrol again at next sign-in. Needs the identity
    verified first. Writes a security audit row."""
    e = _employee(world, employee_id)
    _require_verified(world, e, "reset_mfa")
    return {"audit": _audit(world, e, "reset_mfa")}


@write_tool
def grant_mfa_bypass(world: World, employee_id: str, hours: int) -> dict:
    """Let the employee sign in without MFA for 1 to 24 hours. Needs the identity verified first.
    Writes a security audit row."""
    e = _employee(world, employee_id)
    if not 1 <= hours <= 24:
        raise ToolError("an MFA bypass lasts 1 to 24 hours")
    _require_verified(world, e, "grant_mfa_bypass")
    world.update(e, mfa_bypass_until=iso(world.now + timedelta(hours=hours)))
    return {"audit": _audit(world, e, "mfa_bypass", hours=hours), "mfa_bypass_until": e.mfa_bypass_until}


# ---- approvals ---------------------------------------------------------------------------------

@read_tool
def find_approver(world: World, employee_id: str, role: ApproverRole) -> dict:
    """Who approves for this employee in a role, with their title and availability: manager (the
    direct manager), director (the nearest person in the manager chain at level 7 or above),
    security (the Security Access Review Lead), finance_head (head of the Finance department),
    compliance_head (head of the Compliance department)."""
    e = _employee(world, employee_id)
    approver = None
    if role == "manager":
        approver = world.get(Employee, e.manager_id) if e.manager_id else None
    elif role == "director":
        current, seen = e, {e.id}
        while current.manager_id and current.manager_id not in seen:
            current = world.require(Employee, current.manager_id, "employee")
            seen.add(current.id)
            if current.level >= 7:
                approver = current
                break
    elif role == "security":
        found = world.find(Employee, title=SECURITY_APPROVER_TITLE)
        approver = found[0] if found else None
    else:
        dept = world.get(Department, "FIN" if role == "finance_head" else "CMPL")
        approver = world.get(Employee, dept.head_id) if dept and dept.head_id else None
    if approver is None:
        raise ToolError(f"no {role} approver found for {e.id}")
    return {"role": role, "approver": _summary(world, approver)}


@write_tool
def create_approval_request(world: World, ticket_id: str, requester_id: str, approver_id: str,
                            approver_role: ApproverRole, step: int, target_kind: TargetKind, target_id: str,
                            urgency: Urgency, justification: str, access_level: Optional[AccessLevel] = None,
                            verbal: bool = False) -> dict:
    """Ask an approver to approve a request. step: the approver's position in the chain (1 for
    the first). target_kind/target_id: the application (APP-...), group (GRP-...), licence
    (LIC-...) or catalogue item (CAT-...) requested; access_level for applications. urgency:
    the ticket's priority. verbal=true records an approval the approver already gave by voice
    (the request is then approved at once); otherwise it waits as pending."""
    tid = _ticket(world, ticket_id)
    requester = _employee(world, requester_id)
    approver = _employee(world, approver_id)
    if approver.id == requester.id:
        raise ToolError("an employee cannot approve their own request")
    if step < 1:
        raise ToolError("step starts at 1")
    model = {"application": Application, "group": Group, "license": License, "hardware": CatalogItem}[target_kind]
    target = world.require(model, target_id.strip().upper(), target_kind)
    if target_kind == "application" and access_level is None:
        raise ToolError("an application request needs access_level")
    row = world.insert(ApprovalRequest(
        id=APPROVAL_ID.next(world, ApprovalRequest), ticket_id=tid, requester_id=requester.id, approver_id=approver.id,
        approver_role=approver_role, step=step, target_kind=target_kind, target_id=target.id,
        access_level=access_level if target_kind == "application" else None, urgency=urgency,
        status="approved" if verbal else "pending", verbal=verbal, justification=justification,
        created_at=world.now_iso))
    return {"approval_request": row.model_dump()}


@read_tool
def get_approval_requests(world: World, requester_id: str) -> dict:
    """The approval requests raised for an employee, with their approver, step and status."""
    e = _employee(world, requester_id)
    return {"requester_id": e.id, "requests": [r.model_dump() for r in world.find(ApprovalRequest, requester_id=e.id)]}


# ---- hardware ------------------------------------------------------------------------------------

@read_tool
def get_catalog(world: World, device_type: Optional[DeviceType] = None) -> list[dict]:
    """The hardware catalogue: for each device type and tier (standard or premium), the models in
    order of preference (rank 1 first), with their unit price."""
    rows = [c for c in world.rows(CatalogItem) if device_type is None or c.device_type == device_type]
    return [c.model_dump() for c in sorted(rows, key=lambda c: (c.device_type, c.tier, c.rank))]


def _device(world: World, a: Asset) -> dict:
    return {**a.model_dump(), "age_days": (_today(world) - date.fromisoformat(a.purchase_date)).days,
            "age_months": age_months(a.purchase_date, _today(world))}


@read_tool
def check_inventory(world: World, device_type: DeviceType, site: Optional[Literal["toronto", "austin", "dublin"]] = None) -> dict:
    """Unassigned devices in stock of one type, at one office or at all of them."""
    rows = [a for a in world.find(Asset, device_type=device_type, status="in_stock") if site is None or a.site == site]
    return {"device_type": device_type, "site": site, "in_stock": [_device(world, a) for a in rows]}


@read_tool
def get_device_details(world: World, asset_id: str) -> dict:
    """A device: model, catalogue item, purchase date, age (age_days, and age_months: whole 30-day
    months), office, condition (new, good, faulty: diagnosed hardware fault, damaged), status and
    who has it."""
    return _device(world, world.require(Asset, asset_id.strip().upper(), "asset"))


@read_tool
def get_employee_devices(world: World, employee_id: str) -> dict:
    """The devices assigned to an employee, with their age and condition."""
    e = _employee(world, employee_id)
    return {"employee_id": e.id, "devices": [_device(world, a) for a in world.find(Asset, assigned_to=e.id)
                                             if a.status == "assigned"]}


@write_tool
def assign_device(world: World, asset_id: str, employee_id: str, reason: HardwareReason) -> dict:
    """Give an in-stock device to an employee, recording why (damage, failure, refresh or
    new_equipment: a device they did not have)."""
    a = world.require(Asset, asset_id.strip().upper(), "asset")
    e = _employee(world, employee_id)
    if a.status != "in_stock":
        raise ToolError(f"asset {a.id} is {a.status}, not in stock")
    world.update(a, status="assigned", assigned_to=e.id)
    row = world.insert(AssetAssignment(id=ASSIGNMENT_ID.next(world, AssetAssignment), asset_id=a.id, employee_id=e.id,
                                       reason=reason, status="active", assigned_at=world.now_iso))
    return {"assignment": row.model_dump(), "model": a.model, "site": a.site}


@write_tool
def retire_device(world: World, asset_id: str) -> dict:
    """Retire a device: it leaves service and its active assignment is closed."""
    a = world.require(Asset, asset_id.strip().upper(), "asset")
    if a.status == "retired":
        raise ToolError(f"asset {a.id} is already retired")
    for asg in world.find(AssetAssignment, asset_id=a.id, status="active"):
        world.update(asg, status="closed", closed_at=world.now_iso)
    world.update(a, status="retired", assigned_to=None)
    return {"asset": a.model_dump()}


# ---- procurement ---------------------------------------------------------------------------------

@write_tool
def create_order(world: World, employee_id: str, ticket_id: str, item_kind: Literal["hardware", "license"],
                 catalog_id: Optional[str] = None, reason: Optional[HardwareReason] = None,
                 license_id: Optional[str] = None) -> dict:
    """Order an item for an employee from the supplier. Hardware: catalog_id and reason (damage,
    failure, refresh, new_equipment); it ships to the employee's office (or home, when remote).
    Licence: license_id of an individually bought product. The amount is the catalogue or
    licence price."""
    e = _employee(world, employee_id)
    tid = _ticket(world, ticket_id)
    if item_kind == "hardware":
        if not catalog_id or not reason or license_id:
            raise ToolError("a hardware order needs catalog_id and reason, and no license_id")
        item = world.require(CatalogItem, catalog_id.strip().upper(), "catalogue item")
        row = ProcurementOrder(id=ORDER_ID.next(world, ProcurementOrder), employee_id=e.id, item_kind="hardware",
                               catalog_id=item.id, reason=reason, ship_to=e.office, amount=item.unit_price,
                               ticket_id=tid, created_at=world.now_iso)
    else:
        if not license_id or catalog_id or reason:
            raise ToolError("a licence order needs license_id, and no catalog_id or reason")
        lic = world.require(License, license_id.strip().upper(), "licence")
        if lic.license_type != "individual":
            raise ToolError(f"{lic.product} is a {lic.license_type} licence: allocate a seat instead of buying one")
        row = ProcurementOrder(id=ORDER_ID.next(world, ProcurementOrder), employee_id=e.id, item_kind="license",
                               license_id=lic.id, amount=lic.unit_price, ticket_id=tid, created_at=world.now_iso)
    return {"order": world.insert(row).model_dump()}


@read_tool
def get_orders(world: World, employee_id: str) -> dict:
    """Procurement orders placed for an employee."""
    e = _employee(world, employee_id)
    return {"employee_id": e.id, "orders": [o.model_dump() for o in world.find(ProcurementOrder, employee_id=e.id)]}


# ---- licences ------------------------------------------------------------------------------------

def _license_view(lic: License) -> dict:
    free = None if lic.license_type != "pooled" else max((lic.seats_total or 0) - lic.seats_used, 0)
    return {**lic.model_dump(), "seats_free": free}


@read_tool
def list_licenses(world: World) -> list[dict]:
    """Every software product with its licence type (unlimited, pooled: a fixed number of seats,
    individual: bought per person), seats and free seats, and price per seat per year."""
    return [_license_view(lic) for lic in world.rows(License)]


@read_tool
def get_employee_licenses(world: World, employee_id: str) -> dict:
    """The licences allocated to an employee and the waitlists they are on."""
    e = _employee(world, employee_id)
    return {"employee_id": e.id, "licenses": [a.model_dump() for a in world.find(LicenseAllocation, employee_id=e.id)]}


@write_tool
def allocate_license(world: World, license_id: str, employee_id: str) -> dict:
    """Give an employee a seat of an unlimited or pooled licence (a pooled one needs a free seat).
    Only allocates the licence: installing the software is the employee's own step."""
    lic = world.require(License, license_id.strip().upper(), "licence")
    e = _employee(world, employee_id)
    if lic.license_type == "individual":
        raise ToolError(f"{lic.product} is bought per person: it needs a licence order, not an allocation")
    if any(a.status == "allocated" for a in world.find(LicenseAllocation, license_id=lic.id, employee_id=e.id)):
        raise ToolError(f"{e.id} already has a {lic.product} licence")
    if lic.license_type == "pooled" and lic.seats_used >= (lic.seats_total or 0):
        raise ToolError(f"{lic.product} has no free seat ({lic.seats_used} of {lic.seats_total} used)")
    world.update(lic, seats_used=lic.seats_used + 1)
    row = world.insert(LicenseAllocation(id=ALLOCATION_ID.next(world, LicenseAllocation), license_id=lic.id,
                                         employee_id=e.id, status="allocated", created_at=world.now_iso))
    return {"allocation": row.model_dump(), "product": lic.product}


@write_tool
def add_to_waitlist(world: World, license_id: str, employee_id: str) -> dict:
    """Put an employee on the waitlist of a pooled licence that has no free seat."""
    lic = world.require(License, license_id.strip().upper(), "licence")
    e = _employee(world, employee_id)
    if lic.license_type != "pooled":
        raise ToolError(f"{lic.product} is {lic.license_type}; only pooled licences have waitlists")
    if lic.seats_used < (lic.seats_total or 0):
        raise ToolError(f"{lic.product} has free seats; allocate one instead")
    if world.find(LicenseAllocation, license_id=lic.id, employee_id=e.id):
        raise ToolError(f"{e.id} already has or waits for {lic.product}")
    row = world.insert(LicenseAllocation(id=ALLOCATION_ID.next(world, LicenseAllocation), license_id=lic.id,
                                         employee_id=e.id, status="waitlisted", created_at=world.now_iso))
    return {"allocation": row.model_dump(), "product": lic.product}


# ---- incidents and notifications -----------------------------------------------------------------

@read_tool
def verify_incident(world: World, incident_id: str) -> dict:
    """A security or production incident: severity (SEV1 most severe to SEV4), status, customer
    impact and incident commander."""
    inc = world.require(SecurityIncident, incident_id.strip().upper(), "incident")
    commander = world.get(Employee, inc.commander_id) if inc.commander_id else None
    return {**inc.model_dump(), "commander": _summary(world, commander) if commander else None}


@write_tool
def send_notification(world: World, recipient_id: str, kind: NotificationKind, about_employee_id: str,
                      subject: str, body: str) -> dict:
    """E-mail an employee (a manager, the security approver, ...) about another employee:
    incident_access_notice (access given for an incident without prior approval),
    break_glass_notice (emergency access while the approver was unreachable),
    compromised_account (an account was secured after a compromise), access_granted."""
    r = _employee(world, recipient_id)
    about = _employee(world, about_employee_id)
    row = world.insert(Notification(id=NOTIFICATION_ID.next(world, Notification), recipient_id=r.id, kind=kind,
                                    about_employee_id=about.id, subject=subject, body=body, created_at=world.now_iso))
    return {"notification": row.model_dump()}


NEOBANK_TOOLS = [
    get_employee, get_manager_chain, get_department,
    list_applications, check_access, get_user_groups, list_groups, provision_access, revoke_access, add_to_group,
    verify_identity, unlock_account, reset_password, kill_sessions, reset_mfa, grant_mfa_bypass,
    find_approver, create_approval_request, get_approval_requests,
    get_catalog, check_inventory, get_device_details, get_employee_devices, assign_device, retire_device,
    create_order, get_orders,
    list_licenses, get_employee_licenses, allocate_license, add_to_waitlist,
    verify_incident, send_notification,
]
