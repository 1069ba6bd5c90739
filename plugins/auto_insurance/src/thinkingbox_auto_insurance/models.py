"""Northgate Auto Insurance's systems as sqlmodel tables (this domain's own registry):
the customer register, policy administration (policies, drivers, vehicles), the state
motor-vehicle records and VIN register the insurer consults, billing, documents, claims,
lienholder notices and the help desk."""
from __future__ import annotations

from typing import Optional

from sqlalchemy import JSON
from sqlmodel import Field

from thinkingbox import FreeText, table_base
from thinkingbox.kit.ids import IdFormat
from thinkingbox.contract.money import Money, MoneyField
from thinkingbox.kit.ticketing import Helpdesk, TicketFields

STATES = ["AZ", "GA", "IL", "PA"]
TIERS = ["essential", "plus", "elite"]
POLICY_STATUSES = ["active", "pending_cancellation", "cancelled", "expired"]
CANCELLATION_REASONS = ["insured_request", "vehicle_sold", "moved_out_of_state", "replaced_coverage", "nonpayment"]
RELATIONSHIPS = ["named_insured", "spouse", "child", "relative", "other"]
DRIVER_STATUSES = ["listed", "excluded", "removed"]
BODY_CLASSES = ["sedan", "minivan", "suv", "truck", "luxury", "sports", "exotic"]
VEHICLE_USES = ["commute", "pleasure", "business", "rideshare"]
OWNERSHIP = ["owned", "financed", "leased"]
INVOICE_STATUSES = ["due", "past_due", "paid", "in_plan"]
DOCUMENT_KINDS = ["id_card", "declarations", "lienholder_evidence"]
LOSS_TYPES = ["collision_vehicle", "collision_object", "parked_hit", "hit_and_run", "theft", "vandalism", "glass",
              "weather", "animal"]
NOTICE_REASONS = ["vehicle_removed", "policy_cancelled"]

TICKET_CATEGORIES = ["billing", "documents", "drivers", "vehicles", "claims", "cancellation", "reinstatement", "general"]
CALLER_ROLES = ["named_insured", "listed_driver", "other"]
OUTCOMES = ["completed", "referred", "declined", "not_verified", "info_provided"]

DRIVER_ID = IdFormat("DRV-", 7001)
VEHICLE_ID = IdFormat("VEH-", 8001)
ARRANGEMENT_ID = IdFormat("ARR-", 6001)
PAYMENT_ID = IdFormat("PAY-", 4001)
DOCUMENT_ID = IdFormat("DOC-", 3001)
CLAIM_ID = IdFormat("CLM-", 9001)
NOTICE_ID = IdFormat("LHN-", 2001)

AutoTable = table_base("auto_insurance")


class Customer(AutoTable, table=True):
    """A person the insurer knows: a named insured, a listed driver or someone who has called."""
    __tablename__ = "customers"
    id: str = Field(primary_key=True)                  # CUS-...
    name: str
    email: str                                         # lower case
    phone: str = ""
    date_of_birth: str                                 # YYYY-MM-DD (verification only; never shown by get_customer)
    tax_id_last4: str                                  # verification only; never shown by get_customer
    helpdesk_user_id: Optional[str] = Field(default=None, foreign_key="users.id")


class Policy(AutoTable, table=True):
    __tablename__ = "policies"
    id: str = Field(primary_key=True)                  # e.g. NG-AZ-204417
    state: str                                         # AZ | GA | IL | PA
    tier: str                                          # essential | plus | elite
    named_insured_id: str = Field(foreign_key="customers.id")
    status: str = "active"                             # active | pending_cancellation | cancelled | expired
    term_start: str                                    # YYYY-MM-DD, first day of the current term
    term_end: str                                      # YYYY-MM-DD, the day the current term ends
    premium: Money = MoneyField()                      # the current term's premium
    cancellation_date: Optional[str] = None            # YYYY-MM-DD
    cancellation_reason: Optional[str] = None          # see CANCELLATION_REASONS
    return_premium: Optional[Money] = MoneyField(None)  # unearned premium owed back on a cancellation
    reinstated_on: Optional[str] = None
    lapse_start: Optional[str] = None                  # first day without coverage
    lapse_end: Optional[str] = None                    # last day without coverage


class DrivingRecord(AutoTable, table=True):
    """The state motor-vehicle record of a licence (violations and accidents in the last 3 years)."""
    __tablename__ = "driving_records"
    license_number: str = Field(primary_key=True)
    name: str
    date_of_birth: str
    license_state: str
    license_status: str = "valid"                      # valid | suspended | revoked
    minor_violations: int = 0                          # moving violations in the last 3 years
    at_fault_accidents: int = 0                        # at-fault accidents in the last 3 years
    dui_date: Optional[str] = None                     # date of the most recent DUI conviction


class Driver(AutoTable, table=True):
    __tablename__ = "drivers"
    id: str = Field(primary_key=True)                  # DRV-...
    policy_id: str = Field(foreign_key="policies.id")
    customer_id: Optional[str] = Field(default=None, foreign_key="customers.id")
    license_number: str = Field(foreign_key="driving_records.license_number")
    name: str
    date_of_birth: str
    relationship: str                                  # named_insured | spouse | child | relative | other
    status: str = "listed"                             # listed | excluded | removed
    surcharge: Money = MoneyField(0)                   # what the driver adds to the term premium
    underwriting_review: bool = False
    added_on: str = ""
    status_changed_on: Optional[str] = None            # when the driver was excluded or removed


class VinRecord(AutoTable, table=True):
    """The national VIN register: what a VIN decodes to and its title brand."""
    __tablename__ = "vin_records"
    vin: str = Field(primary_key=True)
    year: int
    make: str
    model: str
    body_class: str                                    # see BODY_CLASSES
    title: str = "clean"                               # clean | salvage


class Vehicle(AutoTable, table=True):
    __tablename__ = "vehicles"
    id: str = Field(primary_key=True)                  # VEH-...
    policy_id: str = Field(foreign_key="policies.id")
    vin: str = Field(foreign_key="vin_records.vin")
    year: int
    make: str
    model: str
    body_class: str
    use: str                                           # commute | pleasure | business | rideshare
    garaging_zip: str
    garaging_state: str
    ownership: str                                     # owned | financed | leased
    lienholder: Optional[str] = None                   # the lender or lessor of a financed or leased vehicle
    status: str = "active"                             # active | removed
    collision_deductible: Money = MoneyField(500)
    comprehensive_deductible: Money = MoneyField(250)
    surcharge: Money = MoneyField(0)                   # what the vehicle adds to the term premium
    underwriting_review: bool = False
    effective_date: str = ""
    removed_on: Optional[str] = None


class Invoice(AutoTable, table=True):
    __tablename__ = "invoices"
    id: str = Field(primary_key=True)                  # INV-...
    policy_id: str = Field(foreign_key="policies.id")
    due_date: str
    amount: Money = MoneyField()
    late_fee: Money = MoneyField(0)
    late_fee_waived_on: Optional[str] = None           # the date a late fee was waived
    status: str = "due"                                # due | past_due | paid | in_plan


class Arrangement(AutoTable, table=True):
    """A payment arrangement: a due-date extension of one invoice, or an installment plan
    that replaces the past-due invoices."""
    __tablename__ = "payment_arrangements"
    id: str = Field(primary_key=True)                  # ARR-...
    policy_id: str = Field(foreign_key="policies.id")
    kind: str                                          # extension | installment_plan
    created_on: str
    invoice_id: Optional[str] = Field(default=None, foreign_key="invoices.id")  # extensions
    from_due_date: Optional[str] = None                # extensions
    to_due_date: Optional[str] = None                  # extensions
    balance: Optional[Money] = MoneyField(None)        # installment plans: the past-due balance spread
    installments: list[dict] = Field(default_factory=list, sa_type=JSON)  # [{"number", "due_date", "amount"}]
    invoice_ids: list[str] = Field(default_factory=list, sa_type=JSON)    # invoices an installment plan replaces


class Payment(AutoTable, table=True):
    __tablename__ = "payments"
    id: str = Field(primary_key=True)                  # PAY-...
    policy_id: str = Field(foreign_key="policies.id")
    invoice_id: str = Field(foreign_key="invoices.id")
    amount: Money = MoneyField()
    paid_on: str


class Document(AutoTable, table=True):
    __tablename__ = "documents"
    id: str = Field(primary_key=True)                  # DOC-...
    policy_id: str = Field(foreign_key="policies.id")
    kind: str                                          # id_card | declarations | lienholder_evidence
    vehicle_id: Optional[str] = Field(default=None, foreign_key="vehicles.id")
    recipient_customer_id: Optional[str] = Field(default=None, foreign_key="customers.id")
    sent_to: str                                       # the e-mail address or the lienholder it was sent to
    valid_until: Optional[str] = None                  # ID cards: the last day they prove coverage
    created_at: str


class Claim(AutoTable, table=True):
    __tablename__ = "claims"
    id: str = Field(primary_key=True)                  # CLM-...
    policy_id: str = Field(foreign_key="policies.id")
    vehicle_id: str = Field(foreign_key="vehicles.id")
    driver_id: Optional[str] = Field(default=None, foreign_key="drivers.id")  # empty: nobody was driving
    reported_by: str = Field(foreign_key="customers.id")
    loss_date: str
    loss_type: str                                     # see LOSS_TYPES
    coverage: str                                      # collision | comprehensive
    deductible: Money = MoneyField()
    injuries: bool = False
    police_report: Optional[str] = None                # the report number
    other_party_plate: Optional[str] = None            # the other vehicle's plate, upper case without spaces
    status: str = "open"                               # open | closed
    description: str = FreeText("")
    created_at: str = ""


class LienholderNotice(AutoTable, table=True):
    __tablename__ = "lienholder_notices"
    id: str = Field(primary_key=True)                  # LHN-...
    vehicle_id: str = Field(foreign_key="vehicles.id")
    lienholder: str
    reason: str                                        # vehicle_removed | policy_cancelled
    effective_date: str
    created_at: str


class Ticket(TicketFields, AutoTable, table=True):
    __tablename__ = "tickets"
    policy_id: Optional[str] = Field(default=None, foreign_key="policies.id")
    category: Optional[str] = None
    caller_role: Optional[str] = None
    outcome: Optional[str] = None


HELPDESK = Helpdesk.create(AutoTable, ticket=Ticket, allowed_values={
    "category": TICKET_CATEGORIES,
    "caller_role": CALLER_ROLES,
    "outcome": OUTCOMES,
})
