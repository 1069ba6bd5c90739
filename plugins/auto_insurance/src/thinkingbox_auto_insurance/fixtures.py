"""Base rows of every auto-insurance task: help-desk staff, the VIN register, a few
motor-vehicle records, and two unrelated policyholders whose records a careless agent
might touch. Each task adds the people and policies it is about."""
from __future__ import annotations

from .models import HELPDESK, Customer, Driver, DrivingRecord, Invoice, Policy, Vehicle, VinRecord

VINS = [
    # vin, year, make, model, body class, title
    ("1NGSED24A0R100001", 2024, "Toyota", "Camry", "sedan", "clean"),
    ("1NGSED22A0R100002", 2022, "Honda", "Civic", "sedan", "clean"),
    ("1NGSED19A0R100003", 2019, "Hyundai", "Elantra", "sedan", "clean"),
    ("1NGSUV25A0R200001", 2025, "Subaru", "Outback", "suv", "clean"),
    ("1NGSUV21A0R200002", 2021, "Ford", "Explorer", "suv", "clean"),
    ("1NGSUV23A0R200003", 2023, "Kia", "Sorento", "suv", "clean"),
    ("1NGTRK20A0R300001", 2020, "Ford", "F-150", "truck", "clean"),
    ("1NGTRK24A0R300002", 2024, "Ram", "1500", "truck", "clean"),
    ("1NGVAN22A0R400001", 2022, "Honda", "Odyssey", "minivan", "clean"),
    ("1NGLUX25A0R500001", 2025, "BMW", "540i", "luxury", "clean"),
    ("1NGLUX23A0R500002", 2023, "Lexus", "ES 350", "luxury", "clean"),
    ("1NGSPT24A0R600001", 2024, "Chevrolet", "Corvette", "sports", "clean"),
    ("1NGSPT21A0R600002", 2021, "Ford", "Mustang GT", "sports", "clean"),
    ("1NGEXO24A0R700001", 2024, "Lamborghini", "Huracan", "exotic", "clean"),
    ("1NGSED18A0R800001", 2018, "Nissan", "Altima", "sedan", "salvage"),
    ("1NGSUV17A0R800002", 2017, "Jeep", "Cherokee", "suv", "salvage"),
]

RECORDS = [
    # licence, name, date of birth, state, status, minor violations, at-fault accidents, DUI date
    ("AZ-D0100001", "Renata Solberg", "1981-05-14", "AZ", "valid", 0, 0, None),
    ("GA-D0100002", "Tobias Kwan", "1975-11-02", "GA", "valid", 1, 0, None),
]


def base_rows() -> list:
    rows: list = []
    rows += HELPDESK.staff_rows(customers="Northgate Auto Insurance policyholders",
                                assistant="Northgate service desk assistant", email_domain="northgate-auto.example")
    rows += [VinRecord(vin=v, year=y, make=mk, model=md, body_class=b, title=t) for v, y, mk, md, b, t in VINS]
    rows += [DrivingRecord(license_number=n, name=nm, date_of_birth=dob, license_state=st, license_status=s,
                           minor_violations=mv, at_fault_accidents=af, dui_date=dui)
             for n, nm, dob, st, s, mv, af, dui in RECORDS]
    for cid, uid, name, email, dob, tax in (
        ("CUS-1001", "U-1001", "Renata Solberg", "renata.solberg@example.com", "1981-05-14", "4417"),
        ("CUS-1002", "U-1002", "Tobias Kwan", "tobias.kwan@example.com", "1975-11-02", "9032"),
    ):
        rows.append(HELPDESK.customer_user(uid, name, email, created_at="2024-02-01T00:00:00Z"))
        rows.append(Customer(id=cid, name=name, email=email, date_of_birth=dob, tax_id_last4=tax, helpdesk_user_id=uid))
    rows += [
        Policy(id="NG-AZ-100001", state="AZ", tier="plus", named_insured_id="CUS-1001", term_start="2026-01-05",
               term_end="2026-07-05", premium=812),
        Driver(id="DRV-1001", policy_id="NG-AZ-100001", customer_id="CUS-1001", license_number="AZ-D0100001",
               name="Renata Solberg", date_of_birth="1981-05-14", relationship="named_insured", surcharge=110,
               added_on="2025-01-05"),
        Vehicle(id="VEH-1001", policy_id="NG-AZ-100001", vin="1NGSED22A0R100002", year=2022, make="Honda",
                model="Civic", body_class="sedan", use="commute", garaging_zip="85004", garaging_state="AZ",
                ownership="owned", surcharge=280, effective_date="2025-01-05"),
        Invoice(id="INV-1001", policy_id="NG-AZ-100001", due_date="2026-04-05", amount=135.34),
        Policy(id="NG-GA-100002", state="GA", tier="essential", named_insured_id="CUS-1002", term_start="2025-11-20",
               term_end="2026-05-20", premium=690),
        Driver(id="DRV-1002", policy_id="NG-GA-100002", customer_id="CUS-1002", license_number="GA-D0100002",
               name="Tobias Kwan", date_of_birth="1975-11-02", relationship="named_insured", surcharge=170,
               added_on="2024-11-20"),
        Vehicle(id="VEH-1002", policy_id="NG-GA-100002", vin="1NGTRK20A0R300001", year=2020, make="Ford",
                model="F-150", body_class="truck", use="pleasure", garaging_zip="30303", garaging_state="GA",
                ownership="financed", lienholder="Peachtree Auto Credit", surcharge=330, effective_date="2024-11-20"),
        Invoice(id="INV-1002", policy_id="NG-GA-100002", due_date="2026-03-20", amount=115.0),
    ]
    return rows
