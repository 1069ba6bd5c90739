"""Voltaic Home's tools. Each enforces its system's preconditions and says clearly why a
call was refused; deciding what policy calls for is the agent's job."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Literal, Optional

from thinkingbox import ToolError, World, iso, parse_time, read_tool, write_tool
from thinkingbox.kit.customers import find_customer
from thinkingbox.contract.money import money

from .models import (
    Customer, DiscountApplication, InstallationJob, Inventory, LineItem, Membership, Order, Payment,
    PointsAward, Product, Promotion, Refund, ReturnAuthorization, Shipment, TrackingEvent, WarrantyClaim,
    WarrantyContract,
)

SHIPPING_PRICES = {"standard": money(0), "expedited": money(15), "next_day": money("29.99")}
TRANSIT_DAYS = {"standard": 5, "expedited": 2, "next_day": 1}
MEMBERSHIP_FEE = money(99)
RESHIP_FEE = money(15)
CHANGE_WINDOW = timedelta(hours=2)
RefundReason = Literal[
    "late_delivery", "not_received", "cosmetic_defect", "installation_delay", "installation_cancelled",
    "price_adjustment", "order_cancelled", "membership_cancelled", "shipping_downgrade", "goodwill",
]
ChargePurpose = Literal["reship_fee", "delivery_fee", "shipping_upgrade", "other"]
InstallationCancelReason = Literal["item_returned", "installation_not_wanted"]


def _today(world: World):
    return world.now.date()


def _order_view(world: World, order: Order) -> dict:
    items = []
    for item in world.find(LineItem, order_id=order.id):
        product = world.get(Product, item.sku)
        items.append({**item.model_dump(), "product_name": product.name if product else None,
                      "category": product.category if product else None,
                      "weight_lbs": product.weight_lbs if product else None,
                      "is_refurbished": product.is_refurbished if product else None})
    return {
        **order.model_dump(),
        "line_items": items,
        "shipment_ids": [s.id for s in world.find(Shipment, order_id=order.id)],
        "installation_job_ids": [j.id for j in world.find(InstallationJob, order_id=order.id)],
    }


# ---- customers and membership --------------------------------------------------------

@read_tool
def get_customer_profile(world: World, customer_id: Optional[str] = None, email: Optional[str] = None) -> dict:
    """Look up a customer by id or by email: tier, internal score, order count, points balance
    and the points awarded so far (with the order each compensated), help-desk user id, and the
    date the account was opened (`account_created`; membership dates come from
    get_membership_details). The score is internal and must never be shared with the customer."""
    customer = find_customer(world, Customer, customer_id, email)
    awards = sorted(world.find(PointsAward, customer_id=customer.id), key=lambda a: (a.created_at, a.id))
    return {**customer.model_dump(), "points_awards": [a.model_dump() for a in awards]}


@read_tool
def get_membership_details(world: World, customer_id: str) -> dict:
    """The customer's Voltaic Plus memberships (newest first), with fee payment ids."""
    world.require(Customer, customer_id, "customer")
    memberships = sorted(world.find(Membership, customer_id=customer_id), key=lambda m: m.start_date, reverse=True)
    if not memberships:
        raise ToolError(f"customer {customer_id} has never had a membership")
    return {"memberships": [m.model_dump() for m in memberships]}


@write_tool
def update_membership_status(world: World, customer_id: str, action: Literal["upgrade", "cancel"]) -> dict:
    """Upgrade a standard customer to Voltaic Plus (charges the $99 annual fee and starts a
    one-year membership), or cancel an active membership (the customer returns to the
    standard tier; any fee refund is a separate step)."""
    customer = world.require(Customer, customer_id, "customer")
    today = _today(world)
    if action == "upgrade":
        if customer.tier != "standard":
            raise ToolError(f"customer is already on the {customer.tier} tier; only standard customers can upgrade")
        payment = world.insert(Payment(id=world.new_id(Payment, "PAY-", 70001), customer_id=customer.id, amount=MEMBERSHIP_FEE,
                                       purpose="membership_fee", created_at=world.now_iso))
        end = today.replace(year=today.year + 1)
        membership = world.insert(Membership(id=world.new_id(Membership, "MEM-", 30001), customer_id=customer.id,
                                             start_date=today.isoformat(), end_date=end.isoformat(),
                                             fee=MEMBERSHIP_FEE, payment_id=payment.id))
        world.update(customer, tier="plus")
        return {"membership": membership.model_dump(), "fee_payment_id": payment.id, "new_tier": "plus"}
    active = [m for m in world.find(Membership, customer_id=customer.id) if m.status == "active"]
    if not active:
        raise ToolError("the customer has no active membership to cancel")
    membership = world.update(active[0], status="cancelled", end_date=today.isoformat())
    if customer.tier == "plus":
        world.update(customer, tier="standard")
    return {"membership": membership.model_dump(), "new_tier": customer.tier}


@write_tool
def add_points_to_balance(world: World, customer_id: str, order_id: str, points: int) -> dict:
    """Award reward points (1 to 5000) to a customer as compensation for one of their orders
    (order_id: the order the points are for). The award is recorded with the order."""
    customer = world.require(Customer, customer_id, "customer")
    order = world.require(Order, order_id, "order")
    if order.customer_id != customer.id:
        raise ToolError(f"order {order_id} does not belong to customer {customer_id}")
    if not 1 <= points <= 5000:
        raise ToolError("points must be between 1 and 5000")
    world.update(customer, points_balance=customer.points_balance + points)
    award = world.insert(PointsAward(id=world.new_id(PointsAward, "PTS-", 10001), customer_id=customer.id,
                                     order_id=order.id, points=points, created_at=world.now_iso))
    return {"customer_id": customer.id, "points_balance": customer.points_balance, "award": award.model_dump()}


# ---- orders --------------------------------------------------------------------------

@read_tool
def get_order(world: World, order_id: str) -> dict:
    """An order with its line items (product, category, weight, price paid), shipment ids
    and installation job ids."""
    return _order_view(world, world.require(Order, order_id, "order"))


@read_tool
def list_customer_orders(world: World, customer_id: str) -> dict:
    """All orders of a customer (id, status, placed_at, total), newest first."""
    world.require(Customer, customer_id, "customer")
    orders = sorted(world.find(Order, customer_id=customer_id), key=lambda o: o.placed_at, reverse=True)
    return {"orders": [{"id": o.id, "status": o.status, "placed_at": o.placed_at, "total": o.total} for o in orders]}


@write_tool
def cancel_order(world: World, order_id: str, reason: str) -> dict:
    """Cancel an order that has not shipped (status pending_payment or processing).
    Captured order payments are refunded in full automatically."""
    order = world.require(Order, order_id, "order")
    if order.status not in ("pending_payment", "processing"):
        raise ToolError(f"order {order_id} is {order.status}; only pending_payment or processing orders can be cancelled")
    world.update(order, status="cancelled", cancelled_reason=reason)
    refunds = []
    for payment in world.find(Payment, order_id=order.id, purpose="order"):
        remaining = money(payment.amount - payment.refunded_amount)
        if payment.status in ("captured", "partially_refunded") and remaining > 0:
            refunds.append(_refund(world, payment, remaining, "order_cancelled").id)
    return {"order_id": order.id, "status": "cancelled", "refund_ids": refunds}


def _within_change_window(world: World, order: Order) -> None:
    if order.status != "processing":
        raise ToolError(f"order {order.id} is {order.status}; changes are only possible while it is processing")
    if world.now - parse_time(order.placed_at) > CHANGE_WINDOW:
        raise ToolError(f"order {order.id} was placed more than 2 hours ago; it can no longer be changed")


@write_tool
def update_order_address(world: World, order_id: str, address: str) -> dict:
    """Change the delivery address of a processing order placed at most 2 hours ago."""
    order = world.require(Order, order_id, "order")
    _within_change_window(world, order)
    if not address.strip():
        raise ToolError("address must not be empty")
    world.update(order, shipping_address=address.strip())
    for shipment in world.find(Shipment, order_id=order.id, status="label_created"):
        world.update(shipment, address=address.strip())
    return {"order_id": order.id, "shipping_address": order.shipping_address}


@write_tool
def update_shipping_speed(world: World, order_id: str, speed: Literal["standard", "expedited", "next_day"]) -> dict:
    """Change the shipping speed of a processing order placed at most 2 hours ago.
    Shipping is repriced (standard $0, expedited $15, next day $29.99); the result gives the
    price difference, which is not charged or refunded by this call."""
    order = world.require(Order, order_id, "order")
    _within_change_window(world, order)
    if speed == order.shipping_speed:
        raise ToolError(f"order {order_id} already ships {speed}")
    new_cost = SHIPPING_PRICES[speed]
    difference = money(new_cost - order.shipping_cost)
    world.update(order, shipping_speed=speed, shipping_cost=new_cost, total=money(order.total + difference))
    return {"order_id": order.id, "shipping_speed": speed, "shipping_cost": new_cost,
            "price_difference": difference, "total": order.total}


@write_tool
def create_replacement_order(world: World, order_id: str, line_item_id: str,
                             shipping_speed: Literal["standard", "expedited", "next_day"] = "standard") -> dict:
    """Send a free replacement of one line item: a $0 order for the same product to the
    original address. Takes one unit from stock; fails when the product is out of stock."""
    order = world.require(Order, order_id, "order")
    item = world.require(LineItem, line_item_id, "line item")
    if item.order_id != order.id:
        raise ToolError(f"line item {line_item_id} is not part of order {order_id}")
    stock = world.require(Inventory, item.sku, "inventory record")
    if stock.available < 1:
        when = f"; restock expected {stock.restock_date}" if stock.restock_date else "; no restock date"
        raise ToolError(f"{item.sku} is out of stock{when}")
    world.update(stock, available=stock.available - 1)
    new = world.insert(Order(id=world.new_id(Order, "ORD-", 90001), customer_id=order.customer_id, status="processing",
                             placed_at=world.now_iso, subtotal=money(0), shipping_cost=money(0), total=money(0),
                             shipping_address=order.shipping_address, shipping_speed=shipping_speed,
                             replaces_order_id=order.id))
    world.insert(LineItem(id=world.new_id(LineItem, "LI-", 90001), order_id=new.id, sku=item.sku, quantity=1,
                          unit_price=money(0), final_price=money(0)))
    return {"replacement_order_id": new.id, "sku": item.sku, "shipping_speed": shipping_speed}


# ---- shipping ------------------------------------------------------------------------

@read_tool
def get_shipment_tracking(world: World, order_id: str) -> dict:
    """Shipments of an order with carrier status, estimated and actual delivery, and the
    carrier's tracking events."""
    world.require(Order, order_id, "order")
    shipments = []
    for shipment in world.find(Shipment, order_id=order_id):
        events = sorted(world.find(TrackingEvent, shipment_id=shipment.id), key=lambda e: e.at)
        shipments.append({**shipment.model_dump(), "events": [e.model_dump() for e in events]})
    if not shipments:
        raise ToolError(f"order {order_id} has no shipments yet")
    return {"order_id": order_id, "shipments": shipments}


@write_tool
def open_carrier_investigation(world: World, shipment_id: str) -> dict:
    """Ask the carrier to investigate a parcel marked delivered that the customer did not get."""
    shipment = world.require(Shipment, shipment_id, "shipment")
    if shipment.status != "delivered":
        raise ToolError(f"shipment {shipment_id} is {shipment.status}; investigations are for parcels marked delivered")
    if shipment.investigation == "open":
        raise ToolError(f"an investigation for shipment {shipment_id} is already open")
    world.update(shipment, investigation="open")
    return {"shipment_id": shipment.id, "investigation": "open"}


@write_tool
def reship_order(world: World, order_id: str, customer_at_fault: bool, address: Optional[str] = None) -> dict:
    """Ship again an order whose parcel was returned to sender. Give the corrected address
    if the old one was wrong. When the customer was at fault the result shows a $15 fee
    due, which this call does not charge."""
    order = world.require(Order, order_id, "order")
    returned = world.find(Shipment, order_id=order.id, status="returned_to_sender")
    if not returned:
        raise ToolError(f"order {order_id} has no parcel returned to sender")
    if address is not None and address.strip():
        world.update(order, shipping_address=address.strip())
    fee = RESHIP_FEE if customer_at_fault else money(0)
    eta = world.now + timedelta(days=TRANSIT_DAYS[order.shipping_speed])
    shipment = world.insert(Shipment(id=world.new_id(Shipment, "SHP-", 80001), order_id=order.id, carrier=returned[0].carrier,
                                     tracking_number=f"VH{order.id[-6:]}R", status="label_created",
                                     estimated_delivery=iso(eta), address=order.shipping_address, reship_fee=fee))
    world.update(order, status="processing")
    return {"shipment_id": shipment.id, "address": shipment.address, "fee_due": fee}


# ---- payments ------------------------------------------------------------------------

@read_tool
def get_payment_status(world: World, order_id: Optional[str] = None, customer_id: Optional[str] = None) -> dict:
    """Payments of an order (or of a customer) with the refunds made against them."""
    if order_id:
        world.require(Order, order_id, "order")
        payments = world.find(Payment, order_id=order_id)
    elif customer_id:
        world.require(Customer, customer_id, "customer")
        payments = world.find(Payment, customer_id=customer_id)
    else:
        raise ToolError("give an order_id or a customer_id")
    return {"payments": [{**p.model_dump(), "refunds": [r.model_dump() for r in world.find(Refund, payment_id=p.id)]}
                         for p in payments]}


def _refund(world: World, payment: Payment, amount: Decimal, reason: str) -> Refund:
    refunded = money(payment.refunded_amount + amount)
    world.update(payment, refunded_amount=refunded,
                 status="refunded" if refunded >= payment.amount else "partially_refunded")
    return world.insert(Refund(id=world.new_id(Refund, "RFD-", 60001), payment_id=payment.id, order_id=payment.order_id,
                               amount=amount, reason=reason, created_at=world.now_iso))


@write_tool
def create_refund(world: World, payment_id: str, amount: float, reason: RefundReason) -> dict:
    """Refund part or all of a captured payment back to the original payment method."""
    payment = world.require(Payment, payment_id, "payment")
    amount = money(amount)
    if amount <= 0:
        raise ToolError("amount must be positive")
    if payment.status not in ("captured", "partially_refunded"):
        raise ToolError(f"payment {payment_id} is {payment.status} and cannot be refunded")
    remaining = money(payment.amount - payment.refunded_amount)
    if amount > remaining:
        raise ToolError(f"only {remaining:.2f} of payment {payment_id} is left to refund")
    refund = _refund(world, payment, amount, reason)
    return {"refund": refund.model_dump(), "payment_status": payment.status}


@write_tool
def charge_customer(world: World, customer_id: str, amount: float, purpose: ChargePurpose,
                    order_id: Optional[str] = None) -> dict:
    """Charge the customer's card on file (fees, shipping upgrades)."""
    world.require(Customer, customer_id, "customer")
    if order_id:
        order = world.require(Order, order_id, "order")
        if order.customer_id != customer_id:
            raise ToolError(f"order {order_id} does not belong to customer {customer_id}")
    amount = money(amount)
    if not 0 < amount <= 5000:
        raise ToolError("amount must be between 0.01 and 5000")
    payment = world.insert(Payment(id=world.new_id(Payment, "PAY-", 70001), customer_id=customer_id, order_id=order_id,
                                   amount=amount, purpose=purpose, created_at=world.now_iso))
    return {"payment": payment.model_dump()}


# ---- returns and warranty ------------------------------------------------------------

@write_tool
def create_rma(world: World, order_id: str, line_item_id: str,
               reason: Literal["changed_mind", "defective", "wrong_item", "damaged_in_transit", "not_as_described"],
               is_defective: bool, resolution: Literal["refund", "exchange"], refund_amount: float,
               restocking_fee: float = 0.0, return_shipping_fee: float = 0.0, removal_fee: float = 0.0) -> dict:
    """Authorize the return of one delivered line item. You set the refund and each fee;
    for a refund the amount must equal the price paid for the line minus the fees, and for
    an exchange the refund and fees are 0. One return per line item."""
    order = world.require(Order, order_id, "order")
    item = world.require(LineItem, line_item_id, "line item")
    if item.order_id != order.id:
        raise ToolError(f"line item {line_item_id} is not part of order {order_id}")
    if order.delivered_at is None:
        raise ToolError(f"order {order_id} has not been delivered; a return can only start after delivery")
    if world.find(ReturnAuthorization, line_item_id=line_item_id):
        raise ToolError(f"line item {line_item_id} already has a return authorization")
    fees = [money(restocking_fee, label="restocking_fee"), money(return_shipping_fee, label="return_shipping_fee"),
            money(removal_fee, label="removal_fee")]
    if min(fees) < 0 or refund_amount < 0:
        raise ToolError("the refund and fees cannot be negative")
    refund_amount = money(refund_amount, label="refund_amount")
    if resolution == "exchange" and (refund_amount or any(fees)):
        raise ToolError("an exchange has no refund and no fees; set them to 0")
    if resolution == "refund" and refund_amount != money(item.final_price - sum(fees)):
        raise ToolError(f"refund_amount must be the line's price {item.final_price:.2f} minus the fees "
                        f"({money(item.final_price - sum(fees)):.2f} with the fees given)")
    rma = world.insert(ReturnAuthorization(
        id=world.new_id(ReturnAuthorization, "RMA-", 20001), order_id=order.id, line_item_id=item.id, reason=reason,
        is_defective=is_defective, resolution=resolution, refund_amount=refund_amount, restocking_fee=fees[0],
        return_shipping_fee=fees[1], removal_fee=fees[2], created_at=world.now_iso))
    return {"rma": rma.model_dump()}


@read_tool
def get_rma_status(world: World, order_id: str) -> dict:
    """Return authorizations of an order."""
    world.require(Order, order_id, "order")
    return {"rmas": [r.model_dump() for r in world.find(ReturnAuthorization, order_id=order_id)]}


@read_tool
def check_warranty_coverage(world: World, line_item_id: str) -> dict:
    """Warranty contracts covering a line item, whether each is active today, whether it
    covers accidental damage (only protection plans do), and its claims under review (id,
    issue, filing date)."""
    world.require(LineItem, line_item_id, "line item")
    today = _today(world).isoformat()
    contracts = [{**c.model_dump(), "active": c.start_date <= today <= c.end_date,
                  "covers_accidental_damage": c.kind == "protection_plan",
                  "open_claims": [{"id": cl.id, "issue": cl.issue, "status": cl.status, "created_at": cl.created_at}
                                  for cl in world.find(WarrantyClaim, contract_id=c.id) if cl.status == "submitted"]}
                 for c in world.find(WarrantyContract, line_item_id=line_item_id)]
    return {"line_item_id": line_item_id, "contracts": contracts}


@write_tool
def file_warranty_claim(world: World, contract_id: str, issue: Literal["defect", "accidental_damage"],
                        description: str) -> dict:
    """File a claim on an active warranty contract. Accidental damage is accepted only on
    protection plans. One open claim per contract."""
    contract = world.require(WarrantyContract, contract_id, "warranty contract")
    today = _today(world).isoformat()
    if not contract.start_date <= today <= contract.end_date:
        raise ToolError(f"contract {contract_id} is not active (it ran {contract.start_date} to {contract.end_date})")
    if issue == "accidental_damage" and contract.kind != "protection_plan":
        raise ToolError(f"a {contract.kind} warranty does not cover accidental damage")
    if any(c.status == "submitted" for c in world.find(WarrantyClaim, contract_id=contract_id)):
        raise ToolError(f"contract {contract_id} already has an open claim")
    claim = world.insert(WarrantyClaim(id=world.new_id(WarrantyClaim, "WCL-", 40001), contract_id=contract.id, issue=issue,
                                       description=description, created_at=world.now_iso))
    return {"claim": claim.model_dump()}


# ---- installation --------------------------------------------------------------------

@read_tool
def get_installation_job(world: World, job_id: Optional[str] = None, order_id: Optional[str] = None) -> dict:
    """Installation jobs by id or by order: kind, status, dates, service cost and the end
    of the 90-day workmanship warranty."""
    if job_id:
        return {"jobs": [world.require(InstallationJob, job_id, "installation job").model_dump()]}
    if order_id:
        world.require(Order, order_id, "order")
        return {"jobs": [j.model_dump() for j in world.find(InstallationJob, order_id=order_id)]}
    raise ToolError("give a job_id or an order_id")


@write_tool
def reschedule_installation(world: World, job_id: str, new_time: str) -> dict:
    """Move a scheduled installation to a new start time (ISO 8601, e.g. 2025-10-08T09:00:00Z),
    at least 24 hours from now, between 08:00 and 18:00."""
    job = world.require(InstallationJob, job_id, "installation job")
    if job.status != "scheduled":
        raise ToolError(f"installation {job_id} is {job.status}; only scheduled jobs can be moved")
    try:
        when = parse_time(new_time)
    except ValueError:
        raise ToolError(f"new_time {new_time!r} is not an ISO 8601 date and time") from None
    if when - world.now < timedelta(hours=24):
        raise ToolError("the new time must be at least 24 hours from now")
    if not 8 <= when.hour < 18:
        raise ToolError("installations start between 08:00 and 18:00")
    world.update(job, scheduled_for=iso(when), originally_scheduled_for=job.originally_scheduled_for or job.scheduled_for,
                 rescheduled_by="customer")
    return {"job": job.model_dump()}


@write_tool
def cancel_installation(world: World, job_id: str, reason: InstallationCancelReason) -> dict:
    """Cancel a scheduled installation. reason: item_returned when the installed item is being
    returned, installation_not_wanted when the customer keeps the item without our installation.
    Refunds and fees are separate steps."""
    job = world.require(InstallationJob, job_id, "installation job")
    if job.status != "scheduled":
        raise ToolError(f"installation {job_id} is {job.status}; only scheduled jobs can be cancelled")
    world.update(job, status="cancelled", cancelled_reason=reason)
    order = world.get(Order, job.order_id)
    if order is not None and order.status == "installation_scheduled":
        world.update(order, status="delivered")
    return {"job": job.model_dump()}


@write_tool
def schedule_revisit(world: World, job_id: str, scheduled_for: str) -> dict:
    """Book a free return visit to fix the workmanship of a completed installation
    (ISO 8601 start time, at least 24 hours from now, between 08:00 and 18:00)."""
    job = world.require(InstallationJob, job_id, "installation job")
    if job.status != "completed":
        raise ToolError(f"installation {job_id} is {job.status}; revisits are for completed installations")
    try:
        when = parse_time(scheduled_for)
    except ValueError:
        raise ToolError(f"scheduled_for {scheduled_for!r} is not an ISO 8601 date and time") from None
    if when - world.now < timedelta(hours=24) or not 8 <= when.hour < 18:
        raise ToolError("visits start at least 24 hours from now, between 08:00 and 18:00")
    visit = world.insert(InstallationJob(id=world.new_id(InstallationJob, "INS-", 50001), order_id=job.order_id, kind=job.kind,
                                         status="scheduled", scheduled_for=iso(when), service_cost=money(0),
                                         revisit_of=job.id))
    return {"job": visit.model_dump()}


# ---- catalog and promotions ----------------------------------------------------------

@read_tool
def get_product_details(world: World, sku: str) -> dict:
    """A product: name, category, list price, weight, refurbished or not."""
    return world.require(Product, sku, "product").model_dump()


@read_tool
def check_inventory(world: World, sku: str) -> dict:
    """Units available now and the expected restock date when out of stock."""
    return world.require(Inventory, sku, "inventory record").model_dump()


@read_tool
def get_discount_applications(world: World, order_id: str) -> dict:
    """Promotions applied to an order and the amount each took off."""
    world.require(Order, order_id, "order")
    return {"discounts": [d.model_dump() for d in world.find(DiscountApplication, order_id=order_id)]}


@read_tool
def get_promotion_details(world: World, code: str) -> dict:
    """A promotion by its code (or id): discount, eligible categories, minimum order, dates."""
    by_code = world.find(Promotion, code=code.strip().upper())
    promotion = by_code[0] if by_code else world.get(Promotion, code.strip())
    if promotion is None:
        raise ToolError(f"no promotion with code {code!r}")
    return promotion.model_dump()


RETAIL_TOOLS = [
    get_customer_profile, get_membership_details, update_membership_status, add_points_to_balance,
    get_order, list_customer_orders, cancel_order, update_order_address, update_shipping_speed,
    create_replacement_order, get_shipment_tracking, open_carrier_investigation, reship_order,
    get_payment_status, create_refund, charge_customer, create_rma, get_rma_status,
    check_warranty_coverage, file_warranty_claim, get_installation_job, reschedule_installation,
    cancel_installation, schedule_revisit, get_product_details, check_inventory,
    get_discount_applications, get_promotion_details,
]
