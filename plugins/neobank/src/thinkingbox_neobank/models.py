"""Tidewell Bank's internal systems as sqlmodel tables (this domain's own registry): the HR
directory, the identity provider (applications, access, groups, security audit), approvals,
hardware assets and the catalogue, procurement, software licences, security incidents,
e-mail notifications, and the service desk's tickets."""
from __future__ import annotations

from typing import Optional

from sqlalchemy import JSON
from sqlmodel import Field

from thinkingbox import FreeText, table_base
from thinkingbox.kit.ids import IdFormat
from thinkingbox.contract.money import Money, MoneyField
from thinkingbox.kit.ticketing import Helpdesk, TicketFields

SITES = ["toronto", "austin", "dublin", "remote"]
TOOL_GROUPS = ["G1", "G2", "G3", "G4", "G5"]
ACCESS_LEVELS = ["read", "write", "admin"]
DEVICE_TYPES = ["laptop", "desktop", "monitor", "dock", "headset", "mouse", "keyboard"]
HARDWARE_REASONS = ["damage", "failure", "refresh", "new_equipment"]
APPROVER_ROLES = ["manager", "director", "security", "finance_head", "compliance_head"]
SECURITY_ACTIONS = ["verify_identity", "unlock_account", "reset_password", "kill_sessions", "reset_mfa", "mfa_bypass"]
VERIFICATION_METHODS = ["manager_callback", "video_call", "hardware_key", "security_questions"]
NOTIFICATION_KINDS = ["incident_access_notice", "break_glass_notice", "compromised_account", "access_granted"]

ACCESS_ID = IdFormat("ACC-", 7001)
MEMBERSHIP_ID = IdFormat("GM-", 7001)
AUDIT_ID = IdFormat("AUD-", 7001)
APPROVAL_ID = IdFormat("APR-", 7001)
ASSIGNMENT_ID = IdFormat("ASG-", 7001)
ORDER_ID = IdFormat("PO-", 7001)
ALLOCATION_ID = IdFormat("LA-", 7001)
NOTIFICATION_ID = IdFormat("NTF-", 7001)

NeobankTable = table_base("neobank")


class Department(NeobankTable, table=True):
    __tablename__ = "departments"
    id: str = Field(primary_key=True)                  # e.g. ENG
    name: str
    head_id: Optional[str] = Field(default=None, foreign_key="employees.id")


class Employee(NeobankTable, table=True):
    """The HR directory. level: 1-4 individual contributors, 5 leads, 6 managers, 7 directors,
    8 and above executives."""
    __tablename__ = "employees"
    id: str = Field(primary_key=True)                  # EMP-####
    name: str
    email: str
    title: str
    level: int
    department_id: str = Field(foreign_key="departments.id")
    office: str                                        # toronto | austin | dublin | remote
    employment_type: str = "employee"                  # employee | contractor
    status: str = "active"                             # active | on_leave | departing
    contract_end: Optional[str] = None                 # YYYY-MM-DD, contractors only
    last_day: Optional[str] = None                     # YYYY-MM-DD, departing employees only
    manager_id: Optional[str] = Field(default=None, foreign_key="employees.id")
    availability: str = "available"                    # available | out_of_office | unreachable
    helpdesk_user_id: Optional[str] = Field(default=None, foreign_key="users.id")
    # identity provider account
    account_status: str = "active"                     # active | locked | disabled
    active_sessions: int = 1
    password_changed_at: str = "2025-06-01T09:00:00Z"
    mfa_bypass_until: Optional[str] = None


class Application(NeobankTable, table=True):
    __tablename__ = "applications"
    id: str = Field(primary_key=True)                  # APP-...
    name: str
    tool_group: str                                    # G1 .. G5
    access_levels: list[str] = Field(default_factory=list, sa_type=JSON)


class AppAccess(NeobankTable, table=True):
    __tablename__ = "app_access"
    id: str = Field(primary_key=True)                  # ACC-...
    employee_id: str = Field(foreign_key="employees.id")
    app_id: str = Field(foreign_key="applications.id")
    access_level: str
    temporary: bool = False
    expires_at: Optional[str] = None
    basis: str = "standard"                            # standard | incident | break_glass
    status: str = "active"                             # active | revoked
    granted_at: str = ""
    incident_id: Optional[str] = Field(default=None, foreign_key="security_incidents.id")


class Group(NeobankTable, table=True):
    """Identity-provider groups. Dashboards are reached through dashboard groups."""
    __tablename__ = "idp_groups"
    id: str = Field(primary_key=True)                  # GRP-...
    name: str
    kind: str = "team"                                 # team | dashboard
    sensitivity: Optional[str] = None                  # dashboards: internal | confidential | financial | compliance
    department_id: Optional[str] = Field(default=None, foreign_key="departments.id")


class GroupMembership(NeobankTable, table=True):
    __tablename__ = "group_memberships"
    id: str = Field(primary_key=True)                  # GM-...
    employee_id: str = Field(foreign_key="employees.id")
    group_id: str = Field(foreign_key="idp_groups.id")
    added_at: str = ""


class SecurityAudit(NeobankTable, table=True):
    __tablename__ = "security_audit"
    id: str = Field(primary_key=True)                  # AUD-...
    employee_id: str = Field(foreign_key="employees.id")
    action: str                                        # see SECURITY_ACTIONS
    method: Optional[str] = None                       # verify_identity: the verification method
    hours: Optional[int] = None                        # mfa_bypass: its length
    created_at: str = ""


class SecurityIncident(NeobankTable, table=True):
    __tablename__ = "security_incidents"
    id: str = Field(primary_key=True)                  # INC-...
    title: str
    severity: str                                      # SEV1 .. SEV4
    status: str = "open"                               # open | resolved
    customer_impact: str = "none"                      # none | degraded | outage
    commander_id: Optional[str] = Field(default=None, foreign_key="employees.id")
    opened_at: str = ""


class ApprovalRequest(NeobankTable, table=True):
    __tablename__ = "approval_requests"
    id: str = Field(primary_key=True)                  # APR-...
    ticket_id: Optional[str] = Field(default=None, foreign_key="tickets.id")
    requester_id: str = Field(foreign_key="employees.id")
    approver_id: str = Field(foreign_key="employees.id")
    approver_role: str                                 # see APPROVER_ROLES
    step: int = 1                                      # position in the chain
    target_kind: str                                   # application | group | license | hardware
    target_id: str                                     # the application, group, licence or catalogue item
    access_level: Optional[str] = None
    urgency: str = "normal"                            # the ticket's priority
    status: str = "pending"                            # pending | approved | rejected
    verbal: bool = False
    justification: str = FreeText("")
    created_at: str = ""


class CatalogItem(NeobankTable, table=True):
    """The hardware catalogue: within a device type and tier, models in order of preference (rank 1 first)."""
    __tablename__ = "catalog_items"
    id: str = Field(primary_key=True)                  # CAT-...
    device_type: str
    model: str
    tier: str = "standard"                             # standard | premium
    rank: int = 1
    unit_price: Money = MoneyField()


class Asset(NeobankTable, table=True):
    __tablename__ = "assets"
    id: str = Field(primary_key=True)                  # AST-...
    catalog_id: str = Field(foreign_key="catalog_items.id")
    device_type: str
    model: str
    serial: str = ""
    purchase_date: str                                 # YYYY-MM-DD
    site: str                                          # toronto | austin | dublin (stock) or remote (with an employee)
    condition: str = "good"                            # new | good | faulty | damaged
    status: str = "in_stock"                           # in_stock | assigned | retired
    assigned_to: Optional[str] = Field(default=None, foreign_key="employees.id")


class AssetAssignment(NeobankTable, table=True):
    __tablename__ = "asset_assignments"
    id: str = Field(primary_key=True)                  # ASG-...
    asset_id: str = Field(foreign_key="assets.id")
    employee_id: str = Field(foreign_key="employees.id")
    reason: str                                        # damage | failure | refresh | new_equipment
    status: str = "active"                             # active | closed
    assigned_at: str = ""
    closed_at: Optional[str] = None


class ProcurementOrder(NeobankTable, table=True):
    __tablename__ = "procurement_orders"
    id: str = Field(primary_key=True)                  # PO-...
    employee_id: str = Field(foreign_key="employees.id")
    item_kind: str                                     # hardware | license
    catalog_id: Optional[str] = Field(default=None, foreign_key="catalog_items.id")
    license_id: Optional[str] = Field(default=None, foreign_key="licenses.id")
    reason: Optional[str] = None                       # hardware: damage | failure | refresh | new_equipment
    ship_to: Optional[str] = None                      # hardware: the employee's office (or remote)
    amount: Money = MoneyField()
    status: str = "ordered"
    ticket_id: Optional[str] = Field(default=None, foreign_key="tickets.id")
    created_at: str = ""


class License(NeobankTable, table=True):
    __tablename__ = "licenses"
    id: str = Field(primary_key=True)                  # LIC-...
    product: str
    license_type: str                                  # unlimited | pooled | individual
    seats_total: Optional[int] = None                  # pooled only
    seats_used: int = 0
    unit_price: Money = MoneyField(0)                  # per seat per year


class LicenseAllocation(NeobankTable, table=True):
    __tablename__ = "license_allocations"
    id: str = Field(primary_key=True)                  # LA-...
    license_id: str = Field(foreign_key="licenses.id")
    employee_id: str = Field(foreign_key="employees.id")
    status: str = "allocated"                          # allocated | waitlisted
    created_at: str = ""


class Notification(NeobankTable, table=True):
    __tablename__ = "notifications"
    id: str = Field(primary_key=True)                  # NTF-...
    recipient_id: str = Field(foreign_key="employees.id")
    kind: str                                          # see NOTIFICATION_KINDS
    about_employee_id: Optional[str] = Field(default=None, foreign_key="employees.id")
    subject: str = FreeText("")
    body: str = FreeText("")
    created_at: str = ""


class Ticket(TicketFields, NeobankTable, table=True):
    __tablename__ = "tickets"
    owner: Optional[str] = None
    resolution_category: Optional[str] = None
    access_expiry_date: Optional[str] = None
    approval_required: Optional[bool] = None
    approval_status: Optional[str] = None
    approver_id: Optional[str] = Field(default=None, foreign_key="employees.id")
    business_justification: str = FreeText("")
    incident_severity: Optional[str] = None
    customer_impact: Optional[str] = None
    asset_id: Optional[str] = Field(default=None, foreign_key="assets.id")


RESOLUTION_CATEGORIES = ["pending_approval", "escalated", "access_granted", "device_assigned", "device_ordered",
                         "license_allocated", "license_ordered", "waitlisted", "credentials_reset", "self_service",
                         "troubleshooting", "resolved_by_requester", "denied", "info_provided"]
TICKET_TAGS = ["access", "dashboard", "production_access", "temporary_access", "hardware", "license", "password",
               "troubleshooting", "policy_question", "compliance"]

HELPDESK = Helpdesk.create(NeobankTable, ticket=Ticket, allowed_values={
    "owner": ["it_support", "it_ops", "security"],
    "resolution_category": RESOLUTION_CATEGORIES,
    "approval_status": ["not_required", "pending", "approved"],
    "incident_severity": ["SEV1", "SEV2", "SEV3", "SEV4"],
    "customer_impact": ["none", "degraded", "outage"],
})
