"""Ashgrove Advisory's internal systems as sqlmodel tables (this domain's own registry).

Every list that decides an outcome is closed here and named in the policies."""
from __future__ import annotations

from typing import Optional

from sqlalchemy import JSON
from sqlmodel import Field

from thinkingbox import FreeText, table_base
from thinkingbox.kit.ids import IdFormat
from thinkingbox.contract.money import Money, MoneyField
from thinkingbox.kit.ticketing import Helpdesk, TicketFields

GRADES = ["analyst", "consultant", "senior_consultant", "manager", "senior_manager", "partner"]
# Grade bands used by the policies' tables.
BAND = {"analyst": "associate", "consultant": "associate", "senior_consultant": "associate",
        "manager": "manager", "senior_manager": "manager", "partner": "partner"}
PRACTICES = ["strategy", "operations", "technology", "finance"]
OFFICES = ["boston", "chicago", "london"]
EMPLOYEE_STATUSES = ["active", "on_leave", "onboarding", "departed"]

EXPENSE_CATEGORIES = ["meals", "lodging", "ground_transport", "client_entertainment"]
RECEIPTS = ["none", "basic", "itemized"]
DEVICE_KINDS = ["laptop", "phone", "monitor"]
APPROVAL_KINDS = ["client_access", "folder_access", "expense", "hardware", "software", "training", "travel"]
CABINS = ["economy", "premium_economy", "business"]
ONBOARDING_ITEMS = ["accounts", "badge", "laptop", "mandatory_courses", "expense_tool", "crm_access"]

TICKET_CATEGORIES = ["client_access", "folders", "expenses", "hardware", "onboarding", "software", "training", "travel"]
TICKET_RESOLUTIONS = ["fulfilled", "ordered", "awaiting_approval", "waiting_on_employee", "declined", "information"]

EMPLOYEE_ID = IdFormat("EMP-", 9001)
ACCESS_ID = IdFormat("ACC-", 7001)
NDA_ID = IdFormat("NDA-", 6001)
PERMISSION_ID = IdFormat("PRM-", 4001)
APPROVAL_ID = IdFormat("APR-", 3001)
ORDER_ID = IdFormat("PO-", 8001)
LICENCE_ID = IdFormat("LIC-", 2001)
ENROLMENT_ID = IdFormat("ENR-", 5501)
TRAVEL_ID = IdFormat("TRV-", 1201)

ConsultingTable = table_base("consulting")


class Employee(ConsultingTable, table=True):
    """The employee directory (the HR system of record)."""
    __tablename__ = "employees"
    id: str = Field(primary_key=True)                  # EMP-####
    name: str
    email: str                                         # lower case
    grade: str                                         # GRADES
    practice: str                                      # PRACTICES
    office: str                                        # OFFICES
    manager_id: Optional[str] = Field(default=None, foreign_key="employees.id")
    delegate_id: Optional[str] = Field(default=None, foreign_key="employees.id")  # approves while on leave
    start_date: str                                    # YYYY-MM-DD
    status: str = "active"                             # EMPLOYEE_STATUSES
    helpdesk_user_id: Optional[str] = Field(default=None, foreign_key="users.id")


class Client(ConsultingTable, table=True):
    __tablename__ = "clients"
    id: str = Field(primary_key=True)                  # CLI-##
    name: str
    sensitivity: str = "standard"                      # standard | restricted
    conflicts_with: list[str] = Field(default_factory=list, sa_type=JSON)  # client ids (confidential)


class Engagement(ConsultingTable, table=True):
    __tablename__ = "engagements"
    id: str = Field(primary_key=True)                  # ENG-####
    client_id: str = Field(foreign_key="clients.id")
    name: str
    status: str = "active"                             # planned | active | closed
    start_date: str
    end_date: str
    manager_id: str = Field(foreign_key="employees.id")   # the engagement manager
    partner_id: str = Field(foreign_key="employees.id")   # the engagement partner


class Staffing(ConsultingTable, table=True):
    """Who is staffed on which engagement. active: working on it now; booked: starts later;
    released: no longer on it."""
    __tablename__ = "staffing"
    id: str = Field(primary_key=True)                  # STF-####
    employee_id: str = Field(foreign_key="employees.id")
    engagement_id: str = Field(foreign_key="engagements.id")
    status: str = "active"                             # active | booked | released
    start_date: str
    end_date: str


class ClientSystem(ConsultingTable, table=True):
    __tablename__ = "client_systems"
    id: str = Field(primary_key=True)                  # SYS-###
    client_id: str = Field(foreign_key="clients.id")
    name: str


class SystemAccess(ConsultingTable, table=True):
    __tablename__ = "system_access"
    id: str = Field(primary_key=True)                  # ACC-####
    employee_id: str = Field(foreign_key="employees.id")
    system_id: str = Field(foreign_key="client_systems.id")
    engagement_id: str = Field(foreign_key="engagements.id")
    status: str = "active"                             # active | revoked
    granted_at: str = ""


class Nda(ConsultingTable, table=True):
    __tablename__ = "ndas"
    id: str = Field(primary_key=True)                  # NDA-####
    employee_id: str = Field(foreign_key="employees.id")
    client_id: str = Field(foreign_key="clients.id")
    status: str = "signed"                             # sent | signed
    sent_at: str = ""
    signed_on: Optional[str] = None


class Folder(ConsultingTable, table=True):
    __tablename__ = "folders"
    id: str = Field(primary_key=True)                  # FLD-###
    name: str
    classification: str                                # public | internal | confidential | client_confidential
    client_id: Optional[str] = Field(default=None, foreign_key="clients.id")
    owner_id: str = Field(foreign_key="employees.id")


class FolderPermission(ConsultingTable, table=True):
    __tablename__ = "folder_permissions"
    id: str = Field(primary_key=True)                  # PRM-####
    folder_id: str = Field(foreign_key="folders.id")
    employee_id: str = Field(foreign_key="employees.id")
    level: str                                         # read | edit
    granted_at: str = ""


class ExpenseClaim(ConsultingTable, table=True):
    __tablename__ = "expense_claims"
    id: str = Field(primary_key=True)                  # EXP-#####
    employee_id: str = Field(foreign_key="employees.id")
    engagement_id: Optional[str] = Field(default=None, foreign_key="engagements.id")
    category: str                                      # EXPENSE_CATEGORIES
    description: str = FreeText("")
    amount: Money = MoneyField()
    nights: int = 0                                    # lodging only: nights the claim covers
    incurred_on: str                                   # YYYY-MM-DD
    submitted_on: str                                  # YYYY-MM-DD
    receipt: str = "none"                              # RECEIPTS
    status: str = "submitted"                          # submitted | approved | rejected | returned
    approved_amount: Optional[Money] = MoneyField(None)
    decision_reason: Optional[str] = None              # late | missing_receipt | receipt_not_itemized
    decided_at: Optional[str] = None


class Device(ConsultingTable, table=True):
    __tablename__ = "devices"
    id: str = Field(primary_key=True)                  # DEV-####
    kind: str                                          # DEVICE_KINDS
    model: str
    office: str                                        # OFFICES
    status: str = "in_stock"                           # in_stock | reserved | assigned | retired
    purchased_on: str                                  # YYYY-MM-DD
    battery_health: Optional[int] = None               # percent, phones and laptops
    assigned_to: Optional[str] = Field(default=None, foreign_key="employees.id")
    reserved_for: Optional[str] = Field(default=None, foreign_key="employees.id")
    retired_reason: Optional[str] = None               # age | failure | damage | battery


class DeviceOrder(ConsultingTable, table=True):
    """A purchase order for a device the office does not have in stock."""
    __tablename__ = "device_orders"
    id: str = Field(primary_key=True)                  # PO-####
    employee_id: str = Field(foreign_key="employees.id")
    kind: str
    model: str
    office: str
    expected_on: str                                   # YYYY-MM-DD
    created_at: str = ""


class OnboardingItem(ConsultingTable, table=True):
    __tablename__ = "onboarding_items"
    id: str = Field(primary_key=True)                  # ONB-####
    employee_id: str = Field(foreign_key="employees.id")
    item: str                                          # ONBOARDING_ITEMS
    status: str = "pending"                            # pending | done
    completed_at: Optional[str] = None


class Software(ConsultingTable, table=True):
    __tablename__ = "software"
    id: str = Field(primary_key=True)                  # SW-###
    name: str
    annual_cost: Money = MoneyField()                  # per seat
    seats_total: int = 10


class Licence(ConsultingTable, table=True):
    __tablename__ = "licences"
    id: str = Field(primary_key=True)                  # LIC-####
    software_id: str = Field(foreign_key="software.id")
    employee_id: str = Field(foreign_key="employees.id")
    engagement_id: Optional[str] = Field(default=None, foreign_key="engagements.id")  # charged to
    status: str = "active"                             # active | revoked
    assigned_at: str = ""


class Course(ConsultingTable, table=True):
    __tablename__ = "courses"
    id: str = Field(primary_key=True)                  # CRS-###
    title: str
    kind: str                                          # mandatory | internal | external | conference
    cost: Money = MoneyField(0)
    start_date: str
    end_date: str
    seats_left: int = 10
    prerequisite_id: Optional[str] = Field(default=None, foreign_key="courses.id")


class Enrolment(ConsultingTable, table=True):
    __tablename__ = "enrolments"
    id: str = Field(primary_key=True)                  # ENR-####
    employee_id: str = Field(foreign_key="employees.id")
    course_id: str = Field(foreign_key="courses.id")
    status: str = "enrolled"                           # enrolled | completed | cancelled
    enrolled_at: str = ""


class TrainingBudget(ConsultingTable, table=True):
    __tablename__ = "training_budgets"
    id: str = Field(primary_key=True)                  # TB-EMP-####-YYYY
    employee_id: str = Field(foreign_key="employees.id")
    year: int
    allowance: Money = MoneyField()
    spent: Money = MoneyField(0)


class TravelRequest(ConsultingTable, table=True):
    __tablename__ = "travel_requests"
    id: str = Field(primary_key=True)                  # TRV-####
    employee_id: str = Field(foreign_key="employees.id")
    engagement_id: Optional[str] = Field(default=None, foreign_key="engagements.id")
    origin: str
    destination: str
    depart_on: str                                     # YYYY-MM-DD
    return_on: str                                     # YYYY-MM-DD
    cabin: str                                         # CABINS
    flight_hours: float
    hotel_nightly_rate: Money = MoneyField()
    status: str = "booked"                             # booked | awaiting_approval | cancelled
    created_at: str = ""


class Approval(ConsultingTable, table=True):
    """One approval request sent to one approver. subject_id: the record it is about (a claim,
    device, client system, folder, software title, course or travel request)."""
    __tablename__ = "approvals"
    id: str = Field(primary_key=True)                  # APR-####
    kind: str                                          # APPROVAL_KINDS
    requester_id: str = Field(foreign_key="employees.id")
    approver_id: str = Field(foreign_key="employees.id")
    subject_id: str
    amount: Optional[Money] = MoneyField(None)
    status: str = "pending"                            # pending | approved | rejected
    note: str = FreeText("")
    created_at: str = ""


class Ticket(TicketFields, ConsultingTable, table=True):
    __tablename__ = "tickets"
    category: Optional[str] = None                     # TICKET_CATEGORIES
    resolution: Optional[str] = None                   # TICKET_RESOLUTIONS


HELPDESK = Helpdesk.create(ConsultingTable, ticket=Ticket, allowed_values={
    "category": TICKET_CATEGORIES,
    "resolution": TICKET_RESOLUTIONS,
})
