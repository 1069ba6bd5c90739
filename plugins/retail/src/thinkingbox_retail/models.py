"""Voltaic Home's systems as sqlmodel tables (one registry for this domain)."""
from __future__ import annotations

from typing import Optional

from sqlalchemy import JSON
from sqlmodel import Field

from thinkingbox import FreeText, table_base
from thinkingbox.contract.money import Money, MoneyField
from thinkingbox.kit.ticketing import Helpdesk, TicketFields


RetailTable = table_base("retail")


# ---- customers and membership --------------------------------------------------------

class Customer(RetailTable, table=True):
    __tablename__ = "customers"
    id: str = Field(primary_key=True)                 # CUS-...
    name: str
    email: str
    phone: str = ""
    tier: str = "standard"                            # standard | plus | vip
    score: int = 70                                   # 0-100, internal: never disclosed
    total_orders: int = 0
    points_balance: int = 0
    helpdesk_user_id: Optional[str] = None
    address: str = ""
    account_created: str = ""                         # date the account was opened (Plus dates: memberships)


class Membership(RetailTable, table=True):
    __tablename__ = "memberships"
    id: str = Field(primary_key=True)                 # MEM-...
    customer_id: str = Field(foreign_key="customers.id")
    plan: str = "plus"
    status: str = "active"                            # active | cancelled | expired
    start_date: str
    end_date: str
    fee: Money = MoneyField(99)
    payment_id: Optional[str] = Field(default=None, foreign_key="payments.id")


# ---- catalog, inventory, promotions --------------------------------------------------

class Product(RetailTable, table=True):
    __tablename__ = "products"
    sku: str = Field(primary_key=True)
    name: str
    category: str            # tv | audio | computing | gaming | wearables | major_appliance | small_appliance | smart_home | accessories
    price: Money = MoneyField()
    weight_lbs: float
    is_refurbished: bool = False


class Inventory(RetailTable, table=True):
    __tablename__ = "inventory"
    sku: str = Field(primary_key=True, foreign_key="products.sku")
    available: int = 0
    restock_date: Optional[str] = None


class Promotion(RetailTable, table=True):
    __tablename__ = "promotions"
    id: str = Field(primary_key=True)                 # PRM-...
    code: str
    name: str
    percent_off: float = 0.0
    amount_off: Money = MoneyField(0)
    categories: list[str] = Field(default_factory=list, sa_type=JSON)
    min_order: Money = MoneyField(0)
    starts_at: str
    ends_at: str


class DiscountApplication(RetailTable, table=True):
    __tablename__ = "discount_applications"
    id: str = Field(primary_key=True)                 # DSA-...
    order_id: str = Field(foreign_key="orders.id")
    line_item_id: Optional[str] = Field(default=None, foreign_key="line_items.id")
    promotion_id: str = Field(foreign_key="promotions.id")
    amount: Money = MoneyField()
    applied_at: str


# ---- orders, shipping, payments ------------------------------------------------------

class Order(RetailTable, table=True):
    __tablename__ = "orders"
    id: str = Field(primary_key=True)                 # ORD-...
    customer_id: str = Field(foreign_key="customers.id")
    status: str              # pending_payment | processing | shipped | delivered | installation_scheduled | cancelled
    placed_at: str
    subtotal: Money = MoneyField()
    shipping_cost: Money = MoneyField(0)
    total: Money = MoneyField()
    shipping_address: str
    shipping_speed: str = "standard"                  # standard | expedited | next_day
    fulfillment: str = "warehouse"                    # warehouse | drop_ship
    delivered_at: Optional[str] = None
    replaces_order_id: Optional[str] = Field(default=None, foreign_key="orders.id")
    cancelled_reason: Optional[str] = FreeText(None)


class LineItem(RetailTable, table=True):
    __tablename__ = "line_items"
    id: str = Field(primary_key=True)                 # LI-...
    order_id: str = Field(foreign_key="orders.id")
    sku: str = Field(foreign_key="products.sku")
    quantity: int = 1
    unit_price: Money = MoneyField()
    final_price: Money = MoneyField()                 # what the customer paid for the line


class Shipment(RetailTable, table=True):
    __tablename__ = "shipments"
    id: str = Field(primary_key=True)                 # SHP-...
    order_id: str = Field(foreign_key="orders.id")
    carrier: str
    tracking_number: str
    status: str              # label_created | in_transit | delayed | delivered | exception | returned_to_sender
    shipped_at: Optional[str] = None
    estimated_delivery: str
    delivered_at: Optional[str] = None
    address: str
    return_reason: Optional[str] = None               # why a returned_to_sender parcel came back
    investigation: str = "none"                       # none | open
    reship_fee: Money = MoneyField(0)


class TrackingEvent(RetailTable, table=True):
    __tablename__ = "tracking_events"
    id: str = Field(primary_key=True)                 # TEV-...
    shipment_id: str = Field(foreign_key="shipments.id")
    at: str
    status: str
    detail: str = ""


class Payment(RetailTable, table=True):
    __tablename__ = "payments"
    id: str = Field(primary_key=True)                 # PAY-...
    customer_id: str = Field(foreign_key="customers.id")
    order_id: Optional[str] = Field(default=None, foreign_key="orders.id")
    amount: Money = MoneyField()
    method: str = "card"
    status: str = "captured"                          # captured | partially_refunded | refunded | failed | pending
    purpose: str = "order"                            # order | reship_fee | delivery_fee | shipping_upgrade | membership_fee | other
    refunded_amount: Money = MoneyField(0)
    created_at: str


class Refund(RetailTable, table=True):
    __tablename__ = "refunds"
    id: str = Field(primary_key=True)                 # RFD-...
    payment_id: str = Field(foreign_key="payments.id")
    order_id: Optional[str] = Field(default=None, foreign_key="orders.id")
    amount: Money = MoneyField()
    reason: str          # create_refund's reasons, or "return" when a returned item is refunded
    created_at: str


class PointsAward(RetailTable, table=True):
    __tablename__ = "points_awards"
    id: str = Field(primary_key=True)                 # PTS-...
    customer_id: str = Field(foreign_key="customers.id")
    order_id: str = Field(foreign_key="orders.id")    # the order the points compensate
    points: int
    created_at: str


# ---- returns, warranty, installation -------------------------------------------------

class ReturnAuthorization(RetailTable, table=True):
    __tablename__ = "rmas"
    id: str = Field(primary_key=True)                 # RMA-...
    order_id: str = Field(foreign_key="orders.id")
    line_item_id: str = Field(foreign_key="line_items.id")
    reason: str              # changed_mind | defective | wrong_item | damaged_in_transit | not_as_described
    is_defective: bool
    resolution: str          # refund | exchange
    refund_amount: Money = MoneyField()
    restocking_fee: Money = MoneyField(0)
    return_shipping_fee: Money = MoneyField(0)
    removal_fee: Money = MoneyField(0)
    status: str = "authorized"
    created_at: str


class WarrantyContract(RetailTable, table=True):
    __tablename__ = "warranty_contracts"
    id: str = Field(primary_key=True)                 # WTY-...
    customer_id: str = Field(foreign_key="customers.id")
    line_item_id: str = Field(foreign_key="line_items.id")
    kind: str                # manufacturer | extended | protection_plan
    start_date: str
    end_date: str


class WarrantyClaim(RetailTable, table=True):
    __tablename__ = "warranty_claims"
    id: str = Field(primary_key=True)                 # WCL-...
    contract_id: str = Field(foreign_key="warranty_contracts.id")
    issue: str               # defect | accidental_damage
    description: str = FreeText("")
    status: str = "submitted"
    created_at: str


class InstallationJob(RetailTable, table=True):
    __tablename__ = "installation_jobs"
    id: str = Field(primary_key=True)                 # INS-...
    order_id: str = Field(foreign_key="orders.id")
    kind: str                # basic | advanced | tv_mount
    status: str              # scheduled | completed | cancelled
    scheduled_for: str
    originally_scheduled_for: Optional[str] = None
    rescheduled_by: Optional[str] = None              # company | customer: who moved it last
    completed_at: Optional[str] = None
    service_cost: Money = MoneyField()
    workmanship_warranty_end: Optional[str] = None
    revisit_of: Optional[str] = Field(default=None, foreign_key="installation_jobs.id")
    cancelled_reason: Optional[str] = None            # item_returned | installation_not_wanted


# ---- help desk -----------------------------------------------------------------------

class Ticket(TicketFields, RetailTable, table=True):
    __tablename__ = "tickets"
    order_id: Optional[str] = Field(default=None, foreign_key="orders.id")  # what the ticket is about


HELPDESK = Helpdesk.create(RetailTable, ticket=Ticket)
