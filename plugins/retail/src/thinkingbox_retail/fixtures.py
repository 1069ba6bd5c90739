"""Base rows every retail task starts from: the catalog, stock, promotions, the help-desk
staff, and a few unrelated customers whose records a careless agent might touch."""
from __future__ import annotations

from .models import HELPDESK, Customer, Inventory, LineItem, Order, Payment, Product, Promotion, Shipment, Ticket

PRODUCTS = [
    # sku, name, category, price, weight_lbs, refurbished
    ("SKU-TV55", "Lumen 55-inch 4K TV", "tv", 649.99, 38.0, False),
    ("SKU-TV65", "Lumen 65-inch OLED TV", "tv", 1499.00, 52.0, False),
    ("SKU-SPK1", "Cadence Bluetooth Speaker", "audio", 129.00, 2.5, False),
    ("SKU-HP01", "Cadence Noise-Cancelling Headphones", "audio", 249.00, 0.6, False),
    ("SKU-SB01", "Cadence 3.1 Soundbar", "audio", 399.00, 11.0, False),
    ("SKU-LT14", "Aster 14 Laptop", "computing", 1099.00, 3.1, False),
    ("SKU-LT14R", "Aster 14 Laptop (Refurbished)", "computing", 749.00, 3.1, True),
    ("SKU-MON27", "Aster 27-inch Monitor", "computing", 329.00, 14.0, False),
    ("SKU-GC01", "Nimbus Game Console", "gaming", 499.00, 9.0, False),
    ("SKU-GC01R", "Nimbus Game Console (Refurbished)", "gaming", 379.00, 9.0, True),
    ("SKU-SW01", "Pulse Smartwatch", "wearables", 279.00, 0.3, False),
    ("SKU-FR01", "Glacier French-Door Refrigerator", "major_appliance", 2199.00, 280.0, False),
    ("SKU-WM01", "Tidewell Front-Load Washer", "major_appliance", 899.00, 170.0, False),
    ("SKU-DW01", "Tidewell Dishwasher", "major_appliance", 749.00, 95.0, False),
    ("SKU-MW01", "Ember Countertop Microwave", "small_appliance", 189.00, 35.0, False),
    ("SKU-VC01", "Ember Robot Vacuum", "small_appliance", 349.00, 8.0, False),
    ("SKU-TH01", "Hearth Smart Thermostat", "smart_home", 179.00, 1.0, False),
    ("SKU-CAM1", "Hearth Video Doorbell", "smart_home", 149.00, 1.2, False),
    ("SKU-CBL1", "Strand HDMI 2.1 Cable (2 m)", "accessories", 24.99, 0.3, False),
]

STOCK = {  # sku: (available, restock date)
    "SKU-TV55": (14, None), "SKU-TV65": (3, None), "SKU-SPK1": (40, None), "SKU-HP01": (0, "2025-10-10"),
    "SKU-SB01": (9, None), "SKU-LT14": (6, None), "SKU-LT14R": (2, None), "SKU-MON27": (11, None),
    "SKU-GC01": (0, "2025-10-25"), "SKU-GC01R": (1, None), "SKU-SW01": (0, None), "SKU-FR01": (4, None),
    "SKU-WM01": (5, None), "SKU-DW01": (7, None), "SKU-MW01": (12, None), "SKU-VC01": (8, None),
    "SKU-TH01": (25, None), "SKU-CAM1": (30, None), "SKU-CBL1": (200, None),
}

PROMOTIONS = [
    Promotion(id="PRM-101", code="FALLTECH15", name="Fall tech event: 15% off computing and gaming",
              percent_off=15.0, categories=["computing", "gaming"], min_order=300.0,
              starts_at="2025-09-28", ends_at="2025-10-12"),
    Promotion(id="PRM-102", code="SOUND50", name="$50 off audio", amount_off=50.0, categories=["audio"],
              min_order=250.0, starts_at="2025-09-01", ends_at="2025-09-20"),
    Promotion(id="PRM-103", code="COOLHOME10", name="10% off major appliances", percent_off=10.0,
              categories=["major_appliance"], min_order=500.0, starts_at="2025-09-25", ends_at="2025-10-31"),
    Promotion(id="PRM-104", code="SMARTHOME20", name="$20 off smart home", amount_off=20.0,
              categories=["smart_home"], min_order=100.0, starts_at="2025-09-29", ends_at="2025-12-31"),
]


def base_rows() -> list:
    rows: list = [
        Product(sku=s, name=n, category=c, price=p, weight_lbs=w, is_refurbished=r) for s, n, c, p, w, r in PRODUCTS
    ]
    rows += [Inventory(sku=s, available=a, restock_date=d) for s, (a, d) in STOCK.items()]
    rows += PROMOTIONS
    rows += HELPDESK.staff_rows(customers="Voltaic Home retail customers", assistant="Voltaic support assistant",
                                email_domain="voltaichome.example")
    # Unrelated customers with their own orders and tickets.
    others = [
        ("CUS-1001", "Jordan Reyes", "jordan.reyes@example.com", "plus", 82, 6, "U-1001", "41 Alder Way, Portland, OR 97201"),
        ("CUS-1002", "Priya Natarajan", "priya.natarajan@example.com", "vip", 91, 23, "U-1002", "9 Harbor View Rd, Seattle, WA 98101"),
        ("CUS-1003", "Sam Whitaker", "sam.whitaker@example.com", "standard", 35, 2, "U-1003", "77 Mill St, Austin, TX 78701"),
    ]
    for cid, name, email, tier, score, orders, uid, address in others:
        rows.append(Customer(id=cid, name=name, email=email, tier=tier, score=score, total_orders=orders,
                             helpdesk_user_id=uid, address=address, account_created="2023-03-01"))
        rows.append(HELPDESK.customer_user(uid, name, email, created_at="2023-03-01T00:00:00Z"))
    rows += [
        Order(id="ORD-100001", customer_id="CUS-1001", status="delivered", placed_at="2025-09-02T15:20:00Z",
              subtotal=399.00, total=399.00, shipping_address="41 Alder Way, Portland, OR 97201",
              delivered_at="2025-09-08T17:02:00Z"),
        LineItem(id="LI-100001", order_id="ORD-100001", sku="SKU-SB01", unit_price=399.00, final_price=399.00),
        Shipment(id="SHP-100001", order_id="ORD-100001", carrier="Northline", tracking_number="NL4419020001",
                 status="delivered", shipped_at="2025-09-03T10:00:00Z", estimated_delivery="2025-09-08T20:00:00Z",
                 delivered_at="2025-09-08T17:02:00Z", address="41 Alder Way, Portland, OR 97201"),
        Payment(id="PAY-100001", customer_id="CUS-1001", order_id="ORD-100001", amount=399.00,
                created_at="2025-09-02T15:20:00Z"),
        Order(id="ORD-100002", customer_id="CUS-1002", status="processing", placed_at="2025-09-30T18:45:00Z",
              subtotal=1499.00, total=1499.00, shipping_address="9 Harbor View Rd, Seattle, WA 98101"),
        LineItem(id="LI-100002", order_id="ORD-100002", sku="SKU-TV65", unit_price=1499.00, final_price=1499.00),
        Payment(id="PAY-100002", customer_id="CUS-1002", order_id="ORD-100002", amount=1499.00,
                created_at="2025-09-30T18:45:00Z"),
        Order(id="ORD-100003", customer_id="CUS-1003", status="shipped", placed_at="2025-09-26T09:10:00Z",
              subtotal=179.00, total=179.00, shipping_address="77 Mill St, Austin, TX 78701"),
        LineItem(id="LI-100003", order_id="ORD-100003", sku="SKU-TH01", unit_price=179.00, final_price=179.00),
        Shipment(id="SHP-100003", order_id="ORD-100003", carrier="Swiftpost", tracking_number="SP88120003",
                 status="in_transit", shipped_at="2025-09-27T12:00:00Z", estimated_delivery="2025-10-02T20:00:00Z",
                 address="77 Mill St, Austin, TX 78701"),
        Payment(id="PAY-100003", customer_id="CUS-1003", order_id="ORD-100003", amount=179.00,
                created_at="2025-09-26T09:10:00Z"),
        Ticket(id="TCK-1001", subject="Soundbar remote pairing", description="Customer asked how to pair the remote.",
               status="solved", priority="low", type="incident", requester_id="U-1001", assignee_id="U-0002",
               created_at="2025-09-10T09:00:00Z", updated_at="2025-09-10T09:30:00Z", order_id="ORD-100001"),
        Ticket(id="TCK-1002", subject="Delivery window for TV", description="Customer asked about delivery timing.",
               status="open", priority="urgent", type="incident", requester_id="U-1002", assignee_id="U-0002",
               created_at="2025-09-30T19:00:00Z", updated_at="2025-09-30T19:00:00Z", order_id="ORD-100002"),
    ]
    return rows
