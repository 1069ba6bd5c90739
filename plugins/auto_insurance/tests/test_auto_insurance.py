"""auto_insurance domain: every task is sound, the reference solutions pass, doing nothing
fails, and the tools rate, refuse and validate as the policies and systems describe. Runs
with only the core and this plugin installed."""
from collections import Counter

import pytest

from thinkingbox.testing import DomainTests

DOMAIN = "auto_insurance"


class TestAutoInsuranceTasks(DomainTests):
    domain = DOMAIN


def test_families(tb_domain):
    families = Counter(t.family for t in tb_domain.tasks.values())
    assert {"billing", "documents", "drivers", "vehicles", "cancel_reinstate", "claims", "listed_driver_limits",
            "two_part_requests"} <= set(families)
    assert all(t.notes and t.title for t in tb_domain.tasks.values())


pytestmark = pytest.mark.tb_task("bil-001")


def test_customer_lookup_hides_verification_data(tb_call):
    result = tb_call("get_customer", email="Lorenzo.Pike@example.com ")
    assert not result.is_error
    assert "date_of_birth" not in result.data and "tax_id_last4" not in result.data
    assert result.data["policies"] == [{"policy_id": "NG-AZ-210101", "role": "named_insured"}]


def test_verification_needs_both_values(tb_call):
    ok = tb_call("verify_identity", customer_id="CUS-2101", date_of_birth="1986-02-11", tax_id_last4="3082")
    assert ok.data == {"customer_id": "CUS-2101", "verified": True}
    wrong = tb_call("verify_identity", customer_id="CUS-2101", date_of_birth="1986-02-11", tax_id_last4="3083")
    assert wrong.data["verified"] is False
    bad = tb_call("verify_identity", customer_id="CUS-2101", date_of_birth="11/02/1986", tax_id_last4="3082")
    assert bad.is_error and "YYYY-MM-DD" in bad.text
    short = tb_call("verify_identity", customer_id="CUS-2101", date_of_birth="1986-02-11", tax_id_last4="82")
    assert short.is_error and "four digits" in short.text


def test_extension_refusals_change_nothing(tb_call, tb_world):
    before = tb_world.snapshot()
    for args, message in (
        ({"invoice_id": "INV-21011", "new_due_date": "2026-03-12"}, "after the current due date"),
        ({"invoice_id": "INV-21011", "new_due_date": "2026-03-15"}, "before today"),
        ({"invoice_id": "INV-21011", "new_due_date": "next week"}, "not a date"),
        ({"invoice_id": "INV-999", "new_due_date": "2026-03-20"}, "not found"),
    ):
        result = tb_call("grant_extension", **args)
        assert result.is_error and message in result.text, (args, result.text)
    assert tb_world.snapshot() == before


def test_payment_must_be_the_whole_amount_owed(tb_call):
    for amount in (100, float("nan"), float("inf")):
        result = tb_call("pay_invoice", invoice_id="INV-21011", amount=amount)
        assert result.is_error
    result = tb_call("pay_invoice", invoice_id="INV-21011", amount=152.5)
    assert not result.is_error and result.data["payment"]["amount"] == 152.5
    again = tb_call("pay_invoice", invoice_id="INV-21011", amount=152.5)
    assert again.is_error and "paid" in again.text


def test_installment_plan_rounds_down_and_carries_the_remainder(tb_call):
    result = tb_call("create_installment_plan", policy_id="NG-AZ-210101", installments=3)
    assert not result.is_error
    plan = result.data["arrangement"]
    assert plan["balance"] == 152.5
    assert [i["amount"] for i in plan["installments"]] == [50.83, 50.83, 50.84]
    assert [i["due_date"] for i in plan["installments"]] == ["2026-03-30", "2026-04-13", "2026-04-27"]
    assert tb_call("create_installment_plan", policy_id="NG-AZ-210101", installments=2).is_error  # nothing past due now
    assert tb_call("create_installment_plan", policy_id="NG-AZ-210101", installments=5).is_error


def test_waiver_then_payment(tb_call):
    result = tb_call("waive_late_fee", invoice_id="INV-21011")
    assert not result.is_error and result.data["amount_owed"] == 142.5
    assert tb_call("waive_late_fee", invoice_id="INV-21011").is_error
    assert not tb_call("pay_invoice", invoice_id="INV-21011", amount=142.5).is_error


def test_vehicle_and_driver_rating(tb_call):
    exotic = tb_call("add_vehicle", policy_id="NG-AZ-210101", vin="1NGEXO24A0R700001", use="pleasure",
                     garaging_zip="85004", garaging_state="AZ", ownership="owned", effective_date="2026-03-16",
                     underwriting_review=False)
    assert exotic.is_error and "no rate" in exotic.text
    financed = tb_call("add_vehicle", policy_id="NG-AZ-210101", vin="1NGTRK24A0R300002", use="business",
                       garaging_zip="85004", garaging_state="AZ", ownership="financed", effective_date="2026-03-16",
                       underwriting_review=False)
    assert financed.is_error and "lienholder" in financed.text
    ok = tb_call("add_vehicle", policy_id="NG-AZ-210101", vin="1NGTRK24A0R300002", use="business",
                 garaging_zip="85004", garaging_state="AZ", ownership="financed", lienholder="Desert Bank",
                 effective_date="2026-03-16", underwriting_review=False)
    assert ok.data["premium_change"] == 420.0 and ok.data["new_premium"] == 1320.0
    only = tb_call("remove_vehicle", vehicle_id="VEH-2101")
    assert not only.is_error  # two vehicles now
    last = tb_call("remove_vehicle", vehicle_id=ok.data["vehicle"]["id"])
    assert last.is_error and "only vehicle" in last.text
    named = tb_call("remove_driver", driver_id="DRV-2101")
    assert named.is_error and "named insured" in named.text


def test_claims_and_cancellation_validate_dates(tb_call):
    future = tb_call("file_claim", policy_id="NG-AZ-210101", vehicle_id="VEH-2101", reported_by="CUS-2101",
                     loss_date="2026-03-17", loss_type="glass", coverage="comprehensive", deductible=0,
                     description="x", injuries=False)
    assert future.is_error and "future" in future.text
    nan = tb_call("file_claim", policy_id="NG-AZ-210101", vehicle_id="VEH-2101", reported_by="CUS-2101",
                  loss_date="2026-03-10", loss_type="glass", coverage="comprehensive", deductible=float("nan"),
                  description="x", injuries=False)
    assert nan.is_error
    past = tb_call("schedule_cancellation", policy_id="NG-AZ-210101", cancellation_date="2026-03-15",
                   reason="insured_request")
    assert past.is_error and "past" in past.text
    ok = tb_call("schedule_cancellation", policy_id="NG-AZ-210101", cancellation_date="2026-03-17",
                 reason="insured_request")
    assert ok.data["policy"]["return_premium"] == 571.82  # 900 x 115 / 181, half up
