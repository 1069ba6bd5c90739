"""Base rows of every consulting task: the partners and managers who approve, clients and
their engagements and systems, folders, each office's device stock, the software catalogue,
the course catalogue and the help-desk staff. Each task adds its requester and their records."""
from __future__ import annotations

from .models import (
    HELPDESK, Client, ClientSystem, Course, Device, Employee, Engagement, Folder, Software, Staffing, TrainingBudget,
)

# id, name, grade, practice, office, manager, delegate, start, status
EMPLOYEES = [
    ("EMP-1001", "Helen Achterberg", "partner", "strategy", "boston", None, None, "2009-09-01", "active"),
    ("EMP-1002", "Rafael Okonkwo", "partner", "technology", "chicago", None, None, "2011-02-14", "active"),
    ("EMP-1003", "Ingrid Solberg", "partner", "operations", "london", None, None, "2008-06-02", "active"),
    ("EMP-1004", "Marcus Tan", "partner", "finance", "boston", None, None, "2012-01-09", "active"),
    ("EMP-1101", "Priya Raman", "senior_manager", "strategy", "boston", "EMP-1001", "EMP-1107", "2015-08-17", "active"),
    ("EMP-1102", "Tomasz Wierzbicki", "senior_manager", "technology", "chicago", "EMP-1002", "EMP-1106", "2016-03-07", "active"),
    ("EMP-1103", "Aisha Bello", "manager", "operations", "london", "EMP-1003", "EMP-1104", "2018-10-01", "on_leave"),
    ("EMP-1104", "Gareth Lloyd", "senior_manager", "operations", "london", "EMP-1003", "EMP-1103", "2014-04-22", "active"),
    ("EMP-1105", "Camille Fournier", "manager", "finance", "boston", "EMP-1004", "EMP-1101", "2019-01-14", "active"),
    ("EMP-1106", "Diego Alvarez", "manager", "technology", "chicago", "EMP-1102", "EMP-1102", "2019-06-03", "active"),
    ("EMP-1107", "Hannah Kowalczyk", "manager", "strategy", "chicago", "EMP-1101", "EMP-1101", "2020-02-10", "active"),
    ("EMP-1108", "Samuel Osei", "manager", "strategy", "boston", "EMP-1101", "EMP-1105", "2019-09-16", "on_leave"),
]

CLIENTS = [
    ("CLI-01", "Northgate Pharmaceuticals", "restricted", ["CLI-02"]),
    ("CLI-02", "Ravelle Biotech", "restricted", ["CLI-01"]),
    ("CLI-03", "Lakeshore Retail Group", "standard", []),
    ("CLI-04", "Corvid Logistics", "standard", ["CLI-05"]),
    ("CLI-05", "Pellam Freight", "standard", ["CLI-04"]),
    ("CLI-06", "Aurelia Bank", "restricted", []),
]

# id, client, name, status, start, end, manager, partner
ENGAGEMENTS = [
    ("ENG-4101", "CLI-01", "Northgate supply chain review", "active", "2026-01-12", "2026-06-30", "EMP-1101", "EMP-1001"),
    ("ENG-4102", "CLI-02", "Ravelle pricing strategy", "active", "2026-02-02", "2026-05-29", "EMP-1107", "EMP-1001"),
    ("ENG-4103", "CLI-03", "Lakeshore store operations", "active", "2025-11-03", "2026-04-24", "EMP-1104", "EMP-1003"),
    ("ENG-4104", "CLI-04", "Corvid network redesign", "active", "2026-01-05", "2026-07-31", "EMP-1106", "EMP-1002"),
    ("ENG-4105", "CLI-05", "Pellam fleet electrification", "planned", "2026-04-06", "2026-09-25", "EMP-1105", "EMP-1004"),
    ("ENG-4106", "CLI-06", "Aurelia core banking migration", "active", "2025-10-06", "2026-08-28", "EMP-1102", "EMP-1002"),
    ("ENG-4107", "CLI-03", "Lakeshore loyalty relaunch", "closed", "2025-03-03", "2025-09-26", "EMP-1107", "EMP-1001"),
    ("ENG-4108", "CLI-04", "Corvid warehouse automation", "planned", "2026-05-04", "2026-10-30", "EMP-1104", "EMP-1003"),
]

SYSTEMS = [
    ("SYS-101", "CLI-01", "Northgate Data Room"), ("SYS-102", "CLI-01", "Northgate SAP Analytics"),
    ("SYS-201", "CLI-02", "Ravelle Pricing Portal"), ("SYS-301", "CLI-03", "Lakeshore POS Analytics"),
    ("SYS-302", "CLI-03", "Lakeshore Store Intranet"), ("SYS-401", "CLI-04", "Corvid Transport Planner"),
    ("SYS-501", "CLI-05", "Pellam Fleet Portal"), ("SYS-601", "CLI-06", "Aurelia Core Sandbox"),
]

# id, name, classification, client, owner
FOLDERS = [
    ("FLD-101", "Firm Slide Templates", "public", None, "EMP-1101"),
    ("FLD-102", "Strategy Practice Library", "internal", None, "EMP-1101"),
    ("FLD-103", "Partner Pipeline Review", "confidential", None, "EMP-1001"),
    ("FLD-104", "Operations Benchmarks", "internal", None, "EMP-1104"),
    ("FLD-105", "Northgate Deliverables", "client_confidential", "CLI-01", "EMP-1101"),
    ("FLD-106", "Lakeshore Workstreams", "client_confidential", "CLI-03", "EMP-1104"),
    ("FLD-107", "Corvid Network Model", "client_confidential", "CLI-04", "EMP-1106"),
    ("FLD-108", "Recruiting Case Bank", "confidential", None, "EMP-1107"),
    ("FLD-109", "Aurelia Migration Plans", "client_confidential", "CLI-06", "EMP-1102"),
    ("FLD-110", "Technology Practice Playbooks", "internal", None, "EMP-1102"),
]

# id, kind, model, office, status, purchased, battery, assigned_to, reserved_for
DEVICES = [
    ("DEV-5000", "laptop", "ThinkPad T14", "boston", "reserved", "2026-01-20", 100, None, "EMP-1105"),
    ("DEV-5001", "laptop", "ThinkPad T14", "boston", "in_stock", "2026-01-20", 100, None, None),
    ("DEV-5002", "laptop", "ThinkPad T14", "boston", "in_stock", "2026-01-20", 100, None, None),
    ("DEV-5003", "laptop", "MacBook Pro 14", "boston", "in_stock", "2026-02-03", 100, None, None),
    ("DEV-5004", "phone", "iPhone 16", "boston", "in_stock", "2026-02-03", 100, None, None),
    ("DEV-5005", "monitor", "Dell U2724", "boston", "in_stock", "2025-12-01", None, None, None),
    ("DEV-5006", "phone", "iPhone 16", "boston", "in_stock", "2026-02-03", 100, None, None),
    ("DEV-5101", "laptop", "MacBook Pro 14", "chicago", "in_stock", "2026-02-03", 100, None, None),
    ("DEV-5102", "laptop", "MacBook Pro 14", "chicago", "in_stock", "2026-02-03", 100, None, None),
    ("DEV-5103", "laptop", "ThinkPad T14", "chicago", "in_stock", "2026-01-20", 100, None, None),
    ("DEV-5104", "phone", "iPhone 16", "chicago", "in_stock", "2026-02-03", 100, None, None),
    ("DEV-5105", "phone", "iPhone 15", "chicago", "in_stock", "2025-06-02", 97, None, None),
    ("DEV-5201", "laptop", "ThinkPad T14", "london", "in_stock", "2026-01-20", 100, None, None),
    ("DEV-5202", "monitor", "Dell U2724", "london", "in_stock", "2025-12-01", None, None, None),
    ("DEV-5203", "phone", "iPhone 15", "london", "in_stock", "2025-06-02", 98, None, None),
    ("DEV-5204", "laptop", "MacBook Air 13", "london", "in_stock", "2025-09-15", 100, None, None),
]

# id, name, annual cost, seats
SOFTWARE = [
    ("SW-101", "Miro Whiteboard", 0, 500), ("SW-102", "Tableau Creator", 900, 5), ("SW-103", "Alteryx Designer", 5200, 3),
    ("SW-104", "think-cell Charts", 240, 60), ("SW-105", "Stata SE", 480, 4), ("SW-106", "Python Workbench", 0, 500),
    ("SW-107", "Capital IQ Terminal", 12000, 2), ("SW-108", "Lucidchart Team", 500, 10),
    ("SW-109", "Power BI Pro", 499.99, 8),
]

# id, title, kind, cost, start, end, seats, prerequisite
COURSES = [
    ("CRS-001", "Information Security Essentials", "mandatory", 0, "2026-01-01", "2026-12-31", 500, None),
    ("CRS-002", "Professional Ethics and Independence", "mandatory", 0, "2026-01-01", "2026-12-31", 500, None),
    ("CRS-003", "Client Data Handling", "mandatory", 0, "2026-01-01", "2026-12-31", 500, None),
    ("CRS-004", "Firm Tools Primer", "mandatory", 0, "2026-01-01", "2026-12-31", 500, None),
    ("CRS-101", "Financial Modelling Foundations", "internal", 0, "2026-03-16", "2026-03-18", 20, None),
    ("CRS-102", "Advanced Financial Modelling", "internal", 0, "2026-04-20", "2026-04-22", 16, "CRS-101"),
    ("CRS-103", "Structured Problem Solving", "internal", 0, "2026-03-09", "2026-03-10", 0, None),
    ("CRS-201", "Certified Scrum Product Owner", "external", 1450, "2026-04-13", "2026-04-14", 6, None),
    ("CRS-202", "Executive Negotiation Programme", "external", 3200, "2026-05-18", "2026-05-20", 4, None),
    ("CRS-203", "Applied Data Science Bootcamp", "external", 1500, "2026-06-15", "2026-06-19", 8, "CRS-101"),
    ("CRS-301", "Global Strategy Summit", "conference", 2100, "2026-04-20", "2026-04-22", 30, None),
    ("CRS-302", "Supply Chain Leaders Forum", "conference", 900, "2026-09-14", "2026-09-15", 25, None),
]


def base_rows() -> list:
    rows: list = HELPDESK.staff_rows(customers="Ashgrove Advisory employees", assistant="People & Technology Desk assistant",
                                     email_domain="ashgrove.example")
    for eid, name, grade, practice, office, manager, delegate, start, status in EMPLOYEES:
        email = name.lower().replace(" ", ".") + "@ashgrove.example"
        uid = "U-" + eid[4:]
        rows.append(HELPDESK.customer_user(uid, name, email, created_at="2024-01-01T00:00:00Z"))
        rows.append(Employee(id=eid, name=name, email=email, grade=grade, practice=practice, office=office,
                             manager_id=manager, delegate_id=delegate, start_date=start, status=status,
                             helpdesk_user_id=uid))
        rows.append(TrainingBudget(id=f"TB-{eid}-2026", employee_id=eid, year=2026, allowance=5000, spent=0))
    for cid, name, sensitivity, conflicts in CLIENTS:
        rows.append(Client(id=cid, name=name, sensitivity=sensitivity, conflicts_with=conflicts))
    for eid, client, name, status, start, end, manager, partner in ENGAGEMENTS:
        rows.append(Engagement(id=eid, client_id=client, name=name, status=status, start_date=start, end_date=end,
                               manager_id=manager, partner_id=partner))
        rows.append(Staffing(id="STF-" + eid[4:] + "M", employee_id=manager, engagement_id=eid,
                             status="released" if status == "closed" else "active" if status == "active" else "booked",
                             start_date=start, end_date=end))
    for sid, client, name in SYSTEMS:
        rows.append(ClientSystem(id=sid, client_id=client, name=name))
    for fid, name, classification, client, owner in FOLDERS:
        rows.append(Folder(id=fid, name=name, classification=classification, client_id=client, owner_id=owner))
    for did, kind, model, office, status, purchased, battery, assigned, reserved in DEVICES:
        rows.append(Device(id=did, kind=kind, model=model, office=office, status=status, purchased_on=purchased,
                           battery_health=battery, assigned_to=assigned, reserved_for=reserved))
    for sid, name, cost, seats in SOFTWARE:
        rows.append(Software(id=sid, name=name, annual_cost=cost, seats_total=seats))
    for cid, title, kind, cost, start, end, seats, prereq in COURSES:
        rows.append(Course(id=cid, title=title, kind=kind, cost=cost, start_date=start, end_date=end, seats_left=seats,
                           prerequisite_id=prereq))
    return rows
