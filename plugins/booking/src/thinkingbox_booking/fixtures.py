"""Base rows of every booking task: hotels and their rates, corporate accounts, help-desk
staff and a few unrelated customers and bookings."""
from __future__ import annotations

from decimal import Decimal

from thinkingbox.contract.money import money

from .models import BOARD_TYPES, HELPDESK, ROOM_TYPES, Booking, CorporateAccount, Customer, Hotel, RoomRate, Transaction

HOTELS = [
    # id, name, city, tier, commission, pets, accessible, parking
    ("HTL-101", "Seabright Grand", "Harbor City", "premium", 0.18, False, True, True),
    ("HTL-102", "Maple Court Hotel", "Harbor City", "standard", 0.15, True, True, False),
    ("HTL-103", "Eastgate Roadside Inn", "Harbor City", "budget", 0.12, True, False, True),
    ("HTL-104", "Alpine Crest Lodge", "Pine Ridge", "premium", 0.20, True, True, True),
    ("HTL-105", "Lakeside Value Suites", "Pine Ridge", "budget", 0.10, False, True, True),
    ("HTL-106", "Riverwalk Hotel", "Pine Ridge", "standard", 0.15, False, False, True),
]
BASE_PRICE = {"premium": 260.0, "standard": 160.0, "budget": 90.0}
ROOM_FACTOR = {"standard_room": 1.0, "superior_room": 1.2, "deluxe_room": 1.5, "family_room": 1.4,
               "accessible_room": 1.0, "junior_suite": 1.9, "suite": 2.5}
BOARD_EXTRA = {"room_only": 0.0, "breakfast": 20.0, "half_board": 45.0, "full_board": 70.0, "all_inclusive": 110.0}


def nightly(tier: str, room: str, board: str) -> Decimal:
    # The room price is rounded to whole dollars (Python's round; no ties occur here).
    return money(round(BASE_PRICE[tier] * ROOM_FACTOR[room]) + BOARD_EXTRA[board])


def base_rows() -> list:
    rows: list = []
    for hid, name, city, tier, commission, pets, accessible, parking in HOTELS:
        rows.append(Hotel(id=hid, name=name, city=city, partner_tier=tier, commission_rate=commission, pets_allowed=pets,
                          accessible_rooms=accessible, parking=parking,
                          contact_email=f"partners@{name.lower().replace(' ', '')}.example"))
        for room in ROOM_TYPES:
            if room == "accessible_room" and not accessible:
                continue
            for board in BOARD_TYPES:
                rows.append(RoomRate(id=f"RATE-{hid[4:]}-{room}-{board}", hotel_id=hid, room_type=room, board_type=board,
                                     start_date="2025-09-01", end_date="2026-03-01",
                                     nightly_price=nightly(tier, room, board), rooms_left=6))
    rows += [
        CorporateAccount(id="CORP-11", name="Northwind Logistics", tier="enterprise", status="active",
                         contract_end="2026-06-30", billing_email="travel@northwind.example"),
        CorporateAccount(id="CORP-12", name="Bluefin Analytics", tier="mid_market", status="active",
                         contract_end="2026-01-31", billing_email="ap@bluefin.example"),
        CorporateAccount(id="CORP-13", name="Cobalt Design Studio", tier="small_business", status="expired",
                         contract_end="2025-08-31", billing_email="office@cobalt.example"),
    ]
    rows += HELPDESK.staff_rows(customers="Harborlight Stays customers", assistant="Harborlight support assistant",
                                email_domain="harborlight.example")
    for cid, name, email, tier, uid in (
        ("CUS-1001", "Olivia Brennan", "olivia.brennan@example.com", "standard", "U-1001"),
        ("CUS-1002", "Marcus Oyelaran", "marcus.oyelaran@example.com", "vip", "U-1002"),
        ("CUS-1003", "Ines Carvalho", "ines.carvalho@example.com", "platinum", "U-1003"),
    ):
        rows.append(Customer(id=cid, name=name, email=email, vip_tier=tier, helpdesk_user_id=uid))
        rows.append(HELPDESK.customer_user(uid, name, email, created_at="2024-05-01T00:00:00Z"))
    rows += [
        Booking(booking_reference="HB-100001", customer_id="CUS-1001", hotel_id="HTL-102", check_in="2025-10-20T15:00:00Z",
                check_out="2025-10-22T11:00:00Z", room_type="standard_room", board_type="breakfast", value=360.0,
                nights=[{"date": "2025-10-20", "price": 180.0}, {"date": "2025-10-21", "price": 180.0}],
                created_at="2025-09-02T10:00:00Z"),
        Transaction(id="TXN-00100001", booking_reference="HB-100001", kind="charge", amount=360.0, category="other",
                    note="booking payment", created_at="2025-09-02T10:00:00Z"),
        Booking(booking_reference="HB-100002", customer_id="CUS-1002", hotel_id="HTL-101", check_in="2025-10-03T15:00:00Z",
                check_out="2025-10-05T11:00:00Z", room_type="deluxe_room", board_type="half_board", value=870.0,
                nights=[{"date": "2025-10-03", "price": 435.0}, {"date": "2025-10-04", "price": 435.0}],
                created_at="2025-08-20T09:00:00Z"),
        Transaction(id="TXN-00100002", booking_reference="HB-100002", kind="charge", amount=870.0, category="other",
                    note="booking payment", created_at="2025-08-20T09:00:00Z"),
    ]
    return rows
