"""Harborlight Stays' systems as sqlmodel tables (this domain's own registry)."""
from __future__ import annotations

from typing import Optional

from sqlalchemy import JSON
from sqlmodel import Field

from thinkingbox import FreeText, table_base
from thinkingbox.contract.money import Money, MoneyField
from thinkingbox.kit.ticketing import Helpdesk, TicketFields

ROOM_TYPES = ["standard_room", "superior_room", "deluxe_room", "family_room", "accessible_room", "junior_suite", "suite"]
BOARD_TYPES = ["room_only", "breakfast", "half_board", "full_board", "all_inclusive"]
# What an escalation is about, by reason, and the fields each topic needs (the values the
# hotel is asked to hold).
ESCALATION_TOPICS = {
    "late_change": ["dates", "room_type", "board_type"],
    "large_group": ["dates"],
    "complaint": ["service_issue", "room_condition"],
    "verification": ["room_feature", "hotel_facility"],
    "discrepancy": ["dates", "room_type", "board_type", "price", "booking_not_found"],
}
TOPIC_FIELDS = {
    "dates": ["check_in", "check_out"], "room_type": ["room_type"], "board_type": ["board_type"], "price": ["amount"],
    "booking_not_found": [], "service_issue": [], "room_condition": [], "room_feature": ["room_type"],
    "hotel_facility": [],
}


BookingTable = table_base("booking")


class Hotel(BookingTable, table=True):
    __tablename__ = "hotels"
    id: str = Field(primary_key=True)                  # HTL-...
    name: str
    city: str
    partner_tier: str                                  # premium | standard | budget (confidential)
    commission_rate: float = 0.15                      # confidential
    pets_allowed: bool = False
    accessible_rooms: bool = False
    parking: bool = False
    contact_email: str = ""


class RoomRate(BookingTable, table=True):
    """Nightly price and rooms left for a room and board type over a range of nights
    (start_date inclusive, end_date exclusive)."""
    __tablename__ = "room_rates"
    id: str = Field(primary_key=True)                  # RATE-...
    hotel_id: str = Field(foreign_key="hotels.id")
    room_type: str
    board_type: str
    start_date: str
    end_date: str
    nightly_price: Money = MoneyField()
    rooms_left: int = 5


class Customer(BookingTable, table=True):
    __tablename__ = "customers"
    id: str = Field(primary_key=True)                  # CUS-...
    name: str
    email: str
    phone: str = ""
    vip_tier: str = "standard"                         # standard | vip | platinum
    complaint_count: int = 0
    helpdesk_user_id: Optional[str] = None
    preferences: str = FreeText("")


class CorporateAccount(BookingTable, table=True):
    __tablename__ = "corporate_accounts"
    id: str = Field(primary_key=True)                  # CORP-...
    name: str
    tier: str                                          # enterprise | mid_market | small_business
    status: str                                        # active | expired | pending
    contract_end: str
    billing_email: str = ""


class GroupBooking(BookingTable, table=True):
    __tablename__ = "group_bookings"
    id: str = Field(primary_key=True)                  # GRP-...
    name: str
    coordinator_id: str = Field(foreign_key="customers.id")
    hotel_id: str = Field(foreign_key="hotels.id")
    references: list[str] = Field(default_factory=list, sa_type=JSON)  # member bookings, first = billing
    check_in: str
    check_out: str


class Booking(BookingTable, table=True):
    __tablename__ = "bookings"
    booking_reference: str = Field(primary_key=True)   # HB-######
    customer_id: str = Field(foreign_key="customers.id")
    hotel_id: str = Field(foreign_key="hotels.id")
    check_in: str                                      # arrival, e.g. 2025-10-08T15:00:00Z
    check_out: str                                     # departure, e.g. 2025-10-10T11:00:00Z
    room_type: str
    board_type: str
    adults: int = 2
    children: int = 0
    status: str = "confirmed"                          # confirmed | cancelled | checked_in | checked_out
    value: Money = MoneyField()                        # sum of the nightly prices
    nights: list[dict] = Field(default_factory=list, sa_type=JSON)  # [{"date": "YYYY-MM-DD", "price": 212.0}], as booked
    corporate_account_id: Optional[str] = Field(default=None, foreign_key="corporate_accounts.id")
    group_id: Optional[str] = Field(default=None, foreign_key="group_bookings.id")
    modification_count: int = 0
    # Each change: {"at", "changes": {field: {"from": old, "to": new}}, "old_value", "new_value"}
    modification_history: list[dict] = Field(default_factory=list, sa_type=JSON)
    created_by_system_error: bool = False              # a booking our system created by mistake
    created_at: str = ""


class SpecialRequest(BookingTable, table=True):
    __tablename__ = "special_requests"
    id: str = Field(primary_key=True)                  # SRQ-...
    booking_reference: str = Field(foreign_key="bookings.booking_reference")
    kind: str            # early_check_in | late_check_out | quiet_room | high_floor | accessibility | crib | pet | connecting_rooms | dietary | other
    detail: str = FreeText("")
    fee: Money = MoneyField(0)
    status: str = "requested"
    created_at: str = ""


class Transaction(BookingTable, table=True):
    __tablename__ = "transactions"
    id: str = Field(primary_key=True)                  # TXN-########
    booking_reference: str = Field(foreign_key="bookings.booking_reference")
    kind: str                                          # charge | refund | dispute
    amount: Money = MoneyField()
    category: str        # booking | modification | cancellation | complaint | overcharge | extra_service | group_change | duplicate_charge | other
    note: str = FreeText("")
    status: str = "completed"                          # completed | pending | open
    disputed_transaction_id: Optional[str] = Field(default=None, foreign_key="transactions.id")  # disputes only
    created_at: str


class Escalation(BookingTable, table=True):
    """A case sent to a hotel. Its substance is in compared fields: the topic, and the values the
    hotel is asked to hold (requested dates or room, or our record's dates, room, board or price
    for a discrepancy). `details` is free text."""
    __tablename__ = "hotel_escalations"
    id: str = Field(primary_key=True)                  # ESC-...
    hotel_id: str = Field(foreign_key="hotels.id")
    booking_reference: Optional[str] = Field(default=None, foreign_key="bookings.booking_reference")
    reason: str          # late_change | large_group | complaint | verification | discrepancy
    topic: str           # see ESCALATION_TOPICS
    check_in: Optional[str] = None                     # YYYY-MM-DD
    check_out: Optional[str] = None                    # YYYY-MM-DD
    room_type: Optional[str] = None
    board_type: Optional[str] = None
    amount: Optional[Money] = MoneyField(None)
    details: str = FreeText("")
    status: str = "open"
    created_at: str


class Invoice(BookingTable, table=True):
    """An invoice produced for a booking and e-mailed to the billing address on file."""
    __tablename__ = "invoices"
    id: str = Field(primary_key=True)                  # INV-...
    booking_reference: str = Field(foreign_key="bookings.booking_reference")
    recipient: str                                     # the address it was sent to
    created_at: str


class Ticket(TicketFields, BookingTable, table=True):
    __tablename__ = "tickets"
    booking_reference: Optional[str] = Field(default=None, foreign_key="bookings.booking_reference")
    request_type: Optional[str] = None
    resolution_action: Optional[str] = None
    refund_amount: Optional[Money] = MoneyField(None)
    escalation_reason: Optional[str] = None


HELPDESK = Helpdesk.create(BookingTable, ticket=Ticket, allowed_values={
    "request_type": ["modification", "cancellation", "refund", "complaint", "special_request", "billing", "invoice",
                     "verification", "group_change", "information"],
    "resolution_action": ["modified", "cancelled", "refunded", "escalated", "declined", "info_provided",
                          "pending_approval"],
    "escalation_reason": ["late_change", "large_group", "complaint", "verification", "discrepancy"],
})
