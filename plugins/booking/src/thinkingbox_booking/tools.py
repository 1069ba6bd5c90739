"""Harborlight Stays' tools. They enforce what each system enforces and say why a call was
refused; which fee, refund or escalation the policy calls for is the agent's decision."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Literal, Optional

from thinkingbox import ToolError, World, read_tool, write_tool
from thinkingbox.kit.customers import find_customer
from thinkingbox.contract.money import money

from .models import (
    BOARD_TYPES, ESCALATION_TOPICS, ROOM_TYPES, TOPIC_FIELDS, Booking, CorporateAccount, Customer, Escalation,
    GroupBooking, Hotel, Invoice, RoomRate, SpecialRequest, Transaction,
)

RoomType = Literal["standard_room", "superior_room", "deluxe_room", "family_room", "accessible_room", "junior_suite", "suite"]
BoardType = Literal["room_only", "breakfast", "half_board", "full_board", "all_inclusive"]
Category = Literal["modification", "cancellation", "complaint", "overcharge", "extra_service", "group_change",
                   "duplicate_charge", "other"]
RequestKind = Literal["early_check_in", "late_check_out", "quiet_room", "high_floor", "accessibility", "crib", "pet",
                      "connecting_rooms", "dietary", "other"]
EscalationReason = Literal["late_change", "large_group", "complaint", "verification", "discrepancy"]
EscalationTopic = Literal["dates", "room_type", "board_type", "price", "booking_not_found", "service_issue",
                          "room_condition", "room_feature", "hotel_facility"]
assert len(ROOM_TYPES) == 7 and len(BOARD_TYPES) == 5
assert set(EscalationReason.__args__) == set(ESCALATION_TOPICS) and set(EscalationTopic.__args__) == set(TOPIC_FIELDS)


def _date(value: str, label: str) -> date:
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        raise ToolError(f"{label} {value!r} is not a date (YYYY-MM-DD)") from None


def nightly_prices(world: World, hotel_id: str, room_type: str, board_type: str, start: date, end: date) -> list[tuple[str, Decimal]]:
    """The price of each night from `start` (inclusive) to `end` (exclusive); errors when a
    night has no rate or no room left."""
    if end <= start:
        raise ToolError("check-out must be after check-in")
    if (end - start).days > 30:
        raise ToolError("stays are limited to 30 nights")
    rates = world.find(RoomRate, hotel_id=hotel_id, room_type=room_type, board_type=board_type)
    prices = []
    night = start
    while night < end:
        day = night.isoformat()
        covering = [r for r in rates if r.start_date <= day < r.end_date]
        # A narrower rate added later (a seasonal price) wins over the base rate.
        rate = max(covering, key=lambda r: (r.start_date, r.id)) if covering else None
        if rate is None:
            raise ToolError(f"no {room_type} with {board_type} is sold at {hotel_id} for the night of {day}")
        if rate.rooms_left < 1:
            raise ToolError(f"{room_type} with {board_type} at {hotel_id} is sold out for the night of {day}")
        prices.append((day, rate.nightly_price))
        night += timedelta(days=1)
    return prices


def _booking(world: World, booking_reference: str) -> Booking:
    return world.require(Booking, booking_reference.strip().upper(), "booking")


def _nights(prices: list[tuple[str, Decimal]]) -> list[dict]:
    # A JSON column: its money is stored as plain numbers.
    return [{"date": day, "price": float(price)} for day, price in prices]


def _history_entry(world: World, booking: Booking, changes: dict, new_value: Decimal) -> list[dict]:
    entry = {"at": world.now_iso, "changes": changes, "old_value": float(booking.value), "new_value": float(new_value)}
    return [*booking.modification_history, entry]


# ---- bookings ------------------------------------------------------------------------

@read_tool
def get_booking(world: World, booking_reference: str) -> dict:
    """A booking by its reference (e.g. HB-482913): customer, hotel, dates, room and board,
    guests, status, value and the price of each night as booked, corporate account, group,
    special requests, and every modification so far (each with the old and new values)."""
    booking = _booking(world, booking_reference)
    hotel = world.get(Hotel, booking.hotel_id)
    return {**booking.model_dump(), "hotel_name": hotel.name if hotel else None,
            "special_requests": [r.model_dump() for r in world.find(SpecialRequest, booking_reference=booking.booking_reference)]}


@read_tool
def find_bookings(world: World, email: Optional[str] = None, customer_id: Optional[str] = None) -> dict:
    """All bookings of a customer (by email or customer id), newest check-in first."""
    customer = find_customer(world, Customer, customer_id, email)
    bookings = sorted(world.find(Booking, customer_id=customer.id), key=lambda b: b.check_in, reverse=True)
    return {"customer_id": customer.id, "bookings": [
        {"booking_reference": b.booking_reference, "hotel_id": b.hotel_id, "check_in": b.check_in,
         "check_out": b.check_out, "status": b.status, "value": b.value} for b in bookings]}


@read_tool
def check_availability(world: World, hotel_id: str, check_in: str, check_out: str, room_type: RoomType,
                       board_type: BoardType) -> dict:
    """Nightly prices and the total for a stay (dates YYYY-MM-DD, check-out exclusive), or why
    it cannot be sold."""
    world.require(Hotel, hotel_id, "hotel")
    try:
        prices = nightly_prices(world, hotel_id, room_type, board_type, _date(check_in, "check_in"),
                                _date(check_out, "check_out"))
    except ToolError as exc:
        return {"available": False, "reason": str(exc)}
    return {"available": True, "nights": [{"date": d, "price": p} for d, p in prices],
            "total": money(sum(p for _, p in prices))}


@write_tool
def modify_booking(world: World, booking_reference: str, check_in: Optional[str] = None,
                   check_out: Optional[str] = None, room_type: Optional[RoomType] = None,
                   board_type: Optional[BoardType] = None, adults: Optional[int] = None,
                   children: Optional[int] = None) -> dict:
    """Change a confirmed booking's dates (YYYY-MM-DD), room type, board type or guests. The
    stay is repriced from the hotel's rates and the change (old and new values) is added to
    the booking's history. Returns the old and new value and the difference; nothing is
    charged or refunded by this call."""
    booking = _booking(world, booking_reference)
    if booking.status != "confirmed":
        raise ToolError(f"booking {booking.booking_reference} is {booking.status}; only confirmed bookings can be modified")
    return _modify(world, booking, check_in, check_out, room_type, board_type, adults, children)


def _modify(world: World, booking: Booking, check_in, check_out, room_type, board_type, adults, children) -> dict:
    changes = {}
    new_in = _date(check_in, "check_in") if check_in else _date(booking.check_in, "check_in")
    new_out = _date(check_out, "check_out") if check_out else _date(booking.check_out, "check_out")
    if check_in and new_in.isoformat() != booking.check_in[:10]:
        changes["check_in"] = {"from": booking.check_in[:10], "to": new_in.isoformat()}
    if check_out and new_out.isoformat() != booking.check_out[:10]:
        changes["check_out"] = {"from": booking.check_out[:10], "to": new_out.isoformat()}
    for key, value in (("room_type", room_type), ("board_type", board_type), ("adults", adults), ("children", children)):
        if value is not None and value != getattr(booking, key):
            changes[key] = {"from": getattr(booking, key), "to": value}
    if not changes:
        raise ToolError("nothing to change: the booking already has these values")
    if adults is not None and adults < 1 or children is not None and children < 0:
        raise ToolError("a booking needs at least one adult and no negative number of children")
    if new_in < world.now.date():
        raise ToolError("the new check-in date is in the past")
    prices = nightly_prices(world, booking.hotel_id, room_type or booking.room_type, board_type or booking.board_type,
                            new_in, new_out)
    new_value = money(sum(p for _, p in prices))
    old_value = booking.value
    world.update(booking,
                 check_in=new_in.isoformat() + booking.check_in[10:], check_out=new_out.isoformat() + booking.check_out[10:],
                 room_type=room_type or booking.room_type, board_type=board_type or booking.board_type,
                 adults=adults if adults is not None else booking.adults,
                 children=children if children is not None else booking.children,
                 value=new_value, nights=_nights(prices), modification_count=booking.modification_count + 1,
                 modification_history=_history_entry(world, booking, changes, new_value))
    return {"booking_reference": booking.booking_reference, "changes": changes, "old_value": old_value,
            "new_value": new_value, "difference": money(new_value - old_value),
            "modification_number": booking.modification_count}


@write_tool
def cancel_booking(world: World, booking_reference: str) -> dict:
    """Cancel a confirmed booking. Refunds are a separate step (process_refund)."""
    booking = _booking(world, booking_reference)
    if booking.status != "confirmed":
        raise ToolError(f"booking {booking.booking_reference} is {booking.status}; only confirmed bookings can be cancelled")
    world.update(booking, status="cancelled")
    return {"booking_reference": booking.booking_reference, "status": "cancelled", "value": booking.value}


@write_tool
def add_special_request(world: World, booking_reference: str, kind: RequestKind, detail: str, fee: float = 0.0) -> dict:
    """Record a special request on a booking (early check-in, late check-out, quiet room,
    accessibility, ...) with the fee the policy sets (0 when free); one request of each kind
    per booking, except `other`. The fee itself is charged with process_charge."""
    booking = _booking(world, booking_reference)
    if booking.status not in ("confirmed", "checked_in"):
        raise ToolError(f"booking {booking.booking_reference} is {booking.status}; requests need an active booking")
    fee = money(fee, label="fee")
    if fee < 0:
        raise ToolError("fee cannot be negative")
    if any(r.kind == kind and kind != "other" for r in world.find(SpecialRequest, booking_reference=booking.booking_reference)):
        raise ToolError(f"booking {booking.booking_reference} already has a {kind} request")
    request = world.insert(SpecialRequest(id=world.new_id(SpecialRequest, "SRQ-", 5001), booking_reference=booking.booking_reference,
                                          kind=kind, detail=detail, fee=fee, created_at=world.now_iso))
    return {"request": request.model_dump()}


@read_tool
def get_group_booking(world: World, group_id: str) -> dict:
    """A group booking with its member bookings (the first reference is the billing one)."""
    group = world.require(GroupBooking, group_id, "group booking")
    members = [world.get(Booking, ref) for ref in group.references]
    return {**group.model_dump(), "rooms": len(group.references),
            "members": [m.model_dump(exclude={"modification_history"}) for m in members if m is not None]}


@write_tool
def modify_group_booking(world: World, group_id: str, check_in: str, check_out: str, cascade: bool = True) -> dict:
    """Move a group's dates (YYYY-MM-DD). With cascade, every confirmed member booking is moved
    and repriced too (each gets a history entry). Returns each member's difference and the
    total; nothing is charged by this call."""
    group = world.require(GroupBooking, group_id, "group booking")
    new_in, new_out = _date(check_in, "check_in"), _date(check_out, "check_out")
    if new_out <= new_in:
        raise ToolError("check-out must be after check-in")
    results = []
    if cascade:
        for ref in group.references:
            member = world.get(Booking, ref)
            if member is not None and member.status == "confirmed":
                results.append(_modify(world, member, check_in, check_out, None, None, None, None))
    world.update(group, check_in=new_in.isoformat() + group.check_in[10:], check_out=new_out.isoformat() + group.check_out[10:])
    return {"group_id": group.id, "members": results, "total_difference": money(sum(r["difference"] for r in results))}


# ---- hotels --------------------------------------------------------------------------

@read_tool
def get_hotel(world: World, hotel_id: str) -> dict:
    """Internal hotel record: partner tier and commission (confidential: never share them),
    pets, accessible rooms, parking, contact."""
    return world.require(Hotel, hotel_id, "hotel").model_dump()


@read_tool
def search_hotels(world: World, city: str) -> dict:
    """Hotels in a city (public information only)."""
    hotels = [h for h in world.rows(Hotel) if h.city.lower() == city.strip().lower()]
    return {"hotels": [{"id": h.id, "name": h.name, "city": h.city, "pets_allowed": h.pets_allowed,
                        "accessible_rooms": h.accessible_rooms, "parking": h.parking} for h in hotels]}


@write_tool
def escalate_to_hotel(world: World, booking_reference: str, reason: EscalationReason, topic: EscalationTopic,
                      details: str, check_in: Optional[str] = None, check_out: Optional[str] = None,
                      room_type: Optional[RoomType] = None, board_type: Optional[BoardType] = None,
                      amount: Optional[float] = None) -> dict:
    """Send a case about a booking to its hotel. reason and topic say what the hotel is asked:
    late_change (topic dates, room_type or board_type), large_group (dates), complaint
    (service_issue or room_condition), verification (room_feature or hotel_facility),
    discrepancy (dates, room_type, board_type, price or booking_not_found). The topic's
    values are what the hotel is asked to hold: dates -> check_in and check_out (YYYY-MM-DD),
    room_type -> room_type, board_type -> board_type, price -> amount, room_feature ->
    room_type (the room asked about); other topics take none. details: the case in words.
    One open escalation per booking and reason."""
    booking = _booking(world, booking_reference)
    if topic not in ESCALATION_TOPICS[reason]:
        raise ToolError(f"a {reason} escalation has topic {' or '.join(ESCALATION_TOPICS[reason])}, not {topic}")
    given = {"check_in": check_in, "check_out": check_out, "room_type": room_type, "board_type": board_type,
             "amount": amount}
    needed = TOPIC_FIELDS[topic]
    missing = [name for name in needed if given[name] is None]
    extra = [name for name, value in given.items() if value is not None and name not in needed]
    if missing or extra:
        takes = ", ".join(needed) if needed else "no values"
        raise ToolError(f"topic {topic} takes {takes}" + (f"; missing: {', '.join(missing)}" if missing else "")
                        + (f"; not used: {', '.join(extra)}" if extra else ""))
    if check_in is not None:
        check_in = _date(check_in, "check_in").isoformat()
        check_out = _date(check_out, "check_out").isoformat()
        if check_out <= check_in:
            raise ToolError("check-out must be after check-in")
    if amount is not None:
        amount = money(amount, label="amount")
        if amount <= 0:
            raise ToolError("amount must be positive")
    if any(e.reason == reason and e.status == "open"
           for e in world.find(Escalation, booking_reference=booking.booking_reference)):
        raise ToolError(f"an open {reason} escalation already exists for {booking.booking_reference}")
    escalation = world.insert(Escalation(
        id=world.new_id(Escalation, "ESC-", 3001), hotel_id=booking.hotel_id, booking_reference=booking.booking_reference,
        reason=reason, topic=topic, check_in=check_in, check_out=check_out, room_type=room_type, board_type=board_type,
        amount=amount, details=details, created_at=world.now_iso))
    return {"escalation": escalation.model_dump()}


# ---- customers and corporate accounts ------------------------------------------------

@read_tool
def get_customer_profile(world: World, email: Optional[str] = None, customer_id: Optional[str] = None) -> dict:
    """A customer by email or id: VIP tier (internal), complaint count (internal),
    help-desk user id, preferences."""
    return find_customer(world, Customer, customer_id, email).model_dump()


@write_tool
def log_complaint(world: World, customer_id: str) -> dict:
    """Count one more complaint on the customer's record; returns the new count."""
    customer = world.require(Customer, customer_id, "customer")
    world.update(customer, complaint_count=customer.complaint_count + 1)
    return {"customer_id": customer.id, "complaint_count": customer.complaint_count}


@read_tool
def get_corporate_account(world: World, account_id: str) -> dict:
    """A corporate account: tier, status (active, expired, pending) and contract end."""
    return world.require(CorporateAccount, account_id, "corporate account").model_dump()


# ---- payments ------------------------------------------------------------------------

def _balance(world: World, reference: str) -> Decimal:
    paid = money(0)
    for t in world.find(Transaction, booking_reference=reference):
        if t.kind == "charge" and t.status == "completed":
            paid += t.amount
        elif t.kind == "refund":
            paid -= t.amount
    return money(paid)


@read_tool
def get_transactions(world: World, booking_reference: str) -> dict:
    """Charges, refunds and disputes of a booking, and the net amount paid."""
    booking = _booking(world, booking_reference)
    items = sorted(world.find(Transaction, booking_reference=booking.booking_reference), key=lambda t: (t.created_at, t.id))
    return {"booking_reference": booking.booking_reference, "transactions": [t.model_dump() for t in items],
            "net_paid": _balance(world, booking.booking_reference)}


@write_tool
def process_charge(world: World, booking_reference: str, amount: float, category: Category, note: str = "") -> dict:
    """Charge the card on file for a booking (fees, price increases, extras)."""
    booking = _booking(world, booking_reference)
    amount = money(amount)
    if not 0 < amount <= 20000:
        raise ToolError("amount must be between 0.01 and 20000")
    txn = world.insert(Transaction(id=world.new_id(Transaction, "TXN-", 10000001), booking_reference=booking.booking_reference,
                                   kind="charge", amount=amount, category=category, note=note, created_at=world.now_iso))
    return {"transaction": txn.model_dump()}


@write_tool
def process_refund(world: World, booking_reference: str, amount: float, category: Category, note: str = "") -> dict:
    """Refund money paid for a booking to the original card (never more than the net paid)."""
    booking = _booking(world, booking_reference)
    amount = money(amount)
    if amount <= 0:
        raise ToolError("amount must be positive")
    paid = _balance(world, booking.booking_reference)
    if amount > paid:
        raise ToolError(f"only {paid:.2f} has been paid for {booking.booking_reference} net of refunds")
    txn = world.insert(Transaction(id=world.new_id(Transaction, "TXN-", 10000001), booking_reference=booking.booking_reference,
                                   kind="refund", amount=amount, category=category, note=note, created_at=world.now_iso))
    return {"transaction": txn.model_dump(), "timeline": "processed in 3-5 business days, then 5-10 business days to reach the card"}


@write_tool
def open_charge_dispute(world: World, transaction_id: str, note: str) -> dict:
    """Open a dispute on a charge the customer does not recognise (reviewed by billing); the
    charge is pending until then. note: what the customer says, in words."""
    charge = world.require(Transaction, transaction_id.strip().upper(), "transaction")
    if charge.kind != "charge":
        raise ToolError(f"{charge.id} is a {charge.kind}; only charges can be disputed")
    if world.find(Transaction, disputed_transaction_id=charge.id):
        raise ToolError(f"{charge.id} is already disputed")
    dispute = world.insert(Transaction(id=world.new_id(Transaction, "TXN-", 10000001), booking_reference=charge.booking_reference,
                                       kind="dispute", amount=charge.amount, category=charge.category, note=note,
                                       status="open", disputed_transaction_id=charge.id, created_at=world.now_iso))
    world.update(charge, status="pending")
    return {"dispute": dispute.model_dump()}


def _billing_address(world: World, booking: Booking) -> str:
    if booking.corporate_account_id:
        account = world.get(CorporateAccount, booking.corporate_account_id)
        if account is not None and account.billing_email:
            return account.billing_email
    customer = world.get(Customer, booking.customer_id)
    return customer.email if customer else ""


@write_tool
def generate_invoice(world: World, booking_reference: str) -> dict:
    """Produce the invoice of a booking and e-mail it to the billing address on file (the
    corporate account's billing e-mail for a corporate booking, otherwise the customer's
    e-mail). The invoice is recorded; nothing else changes."""
    booking = _booking(world, booking_reference)
    customer = world.get(Customer, booking.customer_id)
    invoice = world.insert(Invoice(id=world.new_id(Invoice, "INV-", 7001), booking_reference=booking.booking_reference,
                                   recipient=_billing_address(world, booking), created_at=world.now_iso))
    return {"invoice_id": invoice.id, "booking_reference": booking.booking_reference,
            "bill_to": customer.name if customer else None, "sent_to": invoice.recipient,
            "stay": f"{booking.check_in[:10]} to {booking.check_out[:10]}", "value": booking.value,
            "net_paid": _balance(world, booking.booking_reference)}


BOOKING_TOOLS = [
    get_booking, find_bookings, check_availability, modify_booking, cancel_booking, add_special_request,
    get_group_booking, modify_group_booking, get_hotel, search_hotels, escalate_to_hotel, get_customer_profile,
    log_complaint, get_corporate_account, get_transactions, process_charge, process_refund, open_charge_dispute,
    generate_invoice,
]
