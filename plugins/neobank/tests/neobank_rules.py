"""Rules of the neobank policies that several test files derive goldens from, written once."""
from thinkingbox_neobank.models import Asset, CatalogItem


def fulfil(world, device_type: str, tier: str, office: str):
    """(asset id or None, catalogue item) by the fulfilment rule: the first catalogue item of the
    type and tier, by rank, with a unit in stock at the employee's office (never for remote
    staff); none in stock: the first item, ordered."""
    items = sorted((c for c in world.rows(CatalogItem) if c.device_type == device_type and c.tier == tier),
                   key=lambda c: c.rank)
    for item in items:
        stock = sorted(a.id for a in world.find(Asset, catalog_id=item.id, status="in_stock") if a.site == office)
        if stock and office != "remote":
            return stock[0], item.id
    return None, items[0].id
