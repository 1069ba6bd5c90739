"""Base rows of every neobank task: Tidewell Bank's departments and leadership, the
applications and groups of the identity provider, the hardware catalogue and stock, the
software licences, open security incidents and the service desk's staff. Tasks add the
employee who asks and anything about them."""
from __future__ import annotations

from .models import (
    HELPDESK, Application, Asset, CatalogItem, Department, Employee, Group, License, SecurityIncident,
)

DEPARTMENTS = [
    # id, name, head
    ("EXEC", "Executive Office", "EMP-1001"),
    ("ENG", "Engineering", "EMP-1002"),
    ("DATA", "Data and Analytics", "EMP-1020"),
    ("PROD", "Product", "EMP-1030"),
    ("DSGN", "Design", "EMP-1035"),
    ("SUPP", "Customer Support", "EMP-1040"),
    ("FIN", "Finance", "EMP-1003"),
    ("CMPL", "Compliance", "EMP-1004"),
    ("RISK", "Risk", "EMP-1050"),
    ("SEC", "Security", "EMP-1005"),
    ("PPL", "People", "EMP-1060"),
]

LEADERS = [
    # id, name, title, level, department, office, manager
    ("EMP-1001", "Rosalind Achebe", "Chief Executive Officer", 10, "EXEC", "toronto", None),
    ("EMP-1002", "Tomasz Lindqvist", "Chief Technology Officer", 9, "ENG", "toronto", "EMP-1001"),
    ("EMP-1003", "Priyanka Desai", "Chief Financial Officer", 9, "FIN", "toronto", "EMP-1001"),
    ("EMP-1004", "Gideon Mbeki", "Chief Compliance Officer", 9, "CMPL", "dublin", "EMP-1001"),
    ("EMP-1005", "Ingrid Solberg", "Chief Information Security Officer", 9, "SEC", "austin", "EMP-1001"),
    ("EMP-1006", "Marcus Feld", "Security Access Review Lead", 6, "SEC", "austin", "EMP-1005"),
    ("EMP-1010", "Hana Okonkwo", "Director of Platform Engineering", 7, "ENG", "toronto", "EMP-1002"),
    ("EMP-1011", "Luis Ortega", "Engineering Manager, Payments", 6, "ENG", "austin", "EMP-1010"),
    ("EMP-1012", "Mei Tanaka", "Engineering Manager, Mobile", 6, "ENG", "dublin", "EMP-1010"),
    ("EMP-1013", "Samuel Adeyemi", "Director of Core Banking Engineering", 7, "ENG", "austin", "EMP-1002"),
    ("EMP-1020", "Elena Vasquez", "Head of Data", 8, "DATA", "toronto", "EMP-1001"),
    ("EMP-1021", "Oskar Brandt", "Analytics Manager", 6, "DATA", "toronto", "EMP-1022"),
    ("EMP-1022", "Farah Haddad", "Director of Analytics", 7, "DATA", "toronto", "EMP-1020"),
    ("EMP-1030", "Jonah Whitfield", "VP Product", 8, "PROD", "austin", "EMP-1001"),
    ("EMP-1031", "Clara Nilsen", "Group Product Manager", 6, "PROD", "austin", "EMP-1032"),
    ("EMP-1032", "Ravi Menon", "Director of Product", 7, "PROD", "austin", "EMP-1030"),
    ("EMP-1035", "Ayesha Khan", "Head of Design", 7, "DSGN", "dublin", "EMP-1030"),
    ("EMP-1036", "Theo Marchetti", "Design Manager", 6, "DSGN", "dublin", "EMP-1035"),
    ("EMP-1040", "Beatrice Owusu", "VP Customer Support", 8, "SUPP", "austin", "EMP-1001"),
    ("EMP-1041", "Daniel Kowalski", "Director of Support Operations", 7, "SUPP", "austin", "EMP-1040"),
    ("EMP-1042", "Grace Liu", "Support Team Manager", 6, "SUPP", "austin", "EMP-1041"),
    ("EMP-1043", "Ivan Petrov", "Finance Manager", 6, "FIN", "toronto", "EMP-1044"),
    ("EMP-1044", "Nadia Rahman", "Director of Financial Planning", 7, "FIN", "toronto", "EMP-1003"),
    ("EMP-1045", "Owen Gallagher", "Compliance Manager", 6, "CMPL", "dublin", "EMP-1004"),
    ("EMP-1050", "Sofia Reyes", "Chief Risk Officer", 9, "RISK", "dublin", "EMP-1001"),
    ("EMP-1051", "Kwame Asante", "Risk Manager", 6, "RISK", "dublin", "EMP-1050"),
    ("EMP-1060", "Lena Hoffmann", "VP People", 8, "PPL", "toronto", "EMP-1001"),
    ("EMP-1061", "Marco Bianchi", "People Partner Manager", 6, "PPL", "toronto", "EMP-1060"),
]

APPLICATIONS = [
    # id, name, group, levels
    ("APP-CHAT", "Wavelet Chat", "G1", ["write"]),
    ("APP-MAIL", "Mail and Calendar", "G1", ["write"]),
    ("APP-WIKI", "Tidewell Wiki", "G1", ["read", "write"]),
    ("APP-TRACK", "Trackline", "G2", ["read", "write"]),
    ("APP-SKETCH", "Sketchboard", "G2", ["read", "write"]),
    ("APP-CRM", "Harbor CRM", "G2", ["read", "write"]),
    ("APP-CODE", "Code Repository", "G3", ["read", "write", "admin"]),
    ("APP-LEDGER", "Ledger Reports", "G3", ["read", "write"]),
    ("APP-STUDIO", "Analytics Studio", "G3", ["read", "write"]),
    ("APP-ADMIN", "Customer Admin Panel", "G4", ["read", "write", "admin"]),
    ("APP-COREBANK", "Core Banking Console", "G4", ["read", "write"]),
    ("APP-CLOUD", "Cloud Console", "G5", ["read", "write", "admin"]),
    ("APP-PRODDB", "Production Database", "G5", ["read", "write"]),
    ("APP-VPN", "Engineering VPN", "G5", ["write"]),
    ("APP-SIEM", "Security Monitoring (SIEM)", "G5", ["read", "write"]),
]

GROUPS = [
    # id, name, kind, sensitivity, department
    ("GRP-ALL", "All staff", "team", None, None),
    ("GRP-ONCALL", "Engineering on-call", "team", None, "ENG"),
    ("GRP-DB-SUPPORT", "Support Queue Dashboard", "dashboard", "internal", "SUPP"),
    ("GRP-DB-PRODUCT", "Product Usage Dashboard", "dashboard", "confidential", "PROD"),
    ("GRP-DB-GROWTH", "Customer Growth Dashboard", "dashboard", "confidential", "DATA"),
    ("GRP-DB-REVENUE", "Revenue and Margin Dashboard", "dashboard", "financial", "FIN"),
    ("GRP-DB-TREASURY", "Treasury Liquidity Dashboard", "dashboard", "financial", "FIN"),
    ("GRP-DB-AML", "AML Alerts Dashboard", "dashboard", "compliance", "CMPL"),
    ("GRP-DB-COMPLAINTS", "Regulatory Complaints Dashboard", "dashboard", "compliance", "CMPL"),
    ("GRP-DB-PLATFORM", "Platform Reliability Dashboard", "dashboard", "internal", "ENG"),
]

CATALOG = [
    # id, type, model, tier, rank, price
    ("CAT-LAP-1", "laptop", "Vantage 14", "standard", 1, 1450.0),
    ("CAT-LAP-2", "laptop", "Orbit 13", "standard", 2, 1290.0),
    ("CAT-LAP-3", "laptop", "Vantage 16 Max", "premium", 1, 2890.0),
    ("CAT-DSK-1", "desktop", "Tower S2", "standard", 1, 1190.0),
    ("CAT-DSK-2", "desktop", "Tower W9 Studio", "premium", 1, 3350.0),
    ("CAT-MON-1", "monitor", "ClearView 27", "standard", 1, 340.0),
    ("CAT-MON-2", "monitor", "ClearView 24", "standard", 2, 230.0),
    ("CAT-MON-3", "monitor", "ClearView 34 Curve", "premium", 1, 780.0),
    ("CAT-DOCK-1", "dock", "PortHub 6", "standard", 1, 210.0),
    ("CAT-HS-1", "headset", "Quietline Pro", "standard", 1, 140.0),
    ("CAT-MOU-1", "mouse", "Glide M2", "standard", 1, 45.0),
    ("CAT-KEY-1", "keyboard", "Keyline K3", "standard", 1, 85.0),
]

# Stock on the shelves of the three offices (remote employees have no stock room).
STOCK = [
    # id, catalog, site, purchase date, condition
    ("AST-5001", "CAT-LAP-1", "toronto", "2025-08-20", "new"),
    ("AST-5002", "CAT-LAP-1", "toronto", "2025-08-20", "new"),
    ("AST-5003", "CAT-LAP-2", "toronto", "2025-07-11", "new"),
    ("AST-5004", "CAT-LAP-2", "austin", "2025-07-11", "new"),
    ("AST-5005", "CAT-LAP-2", "austin", "2025-07-11", "new"),
    ("AST-5006", "CAT-LAP-3", "toronto", "2025-09-02", "new"),
    ("AST-5007", "CAT-LAP-1", "dublin", "2025-08-20", "new"),
    ("AST-5008", "CAT-DSK-1", "austin", "2025-06-15", "new"),
    ("AST-5009", "CAT-MON-1", "toronto", "2025-05-05", "new"),
    ("AST-5010", "CAT-MON-2", "austin", "2025-05-05", "new"),
    ("AST-5011", "CAT-MON-1", "dublin", "2025-05-05", "new"),
    ("AST-5012", "CAT-DOCK-1", "toronto", "2025-05-05", "new"),
    ("AST-5013", "CAT-HS-1", "austin", "2025-04-01", "new"),
    ("AST-5014", "CAT-HS-1", "toronto", "2025-04-01", "new"),
    ("AST-5015", "CAT-MOU-1", "dublin", "2025-04-01", "new"),
    ("AST-5016", "CAT-KEY-1", "toronto", "2025-04-01", "new"),
    ("AST-5017", "CAT-MON-3", "austin", "2025-09-10", "new"),
]

LICENSES = [
    # id, product, type, seats total, seats used, price
    ("LIC-OFFICE", "Office Suite", "unlimited", None, 0, 0.0),
    ("LIC-DIAGRAM", "Flowchart Pro", "pooled", 40, 37, 96.0),
    ("LIC-IDE", "CodeForge IDE", "pooled", 60, 60, 240.0),
    ("LIC-STATS", "StatWorks Desktop", "pooled", 15, 15, 420.0),
    ("LIC-PDF", "PaperTrail PDF Editor", "pooled", 50, 12, 60.0),
    ("LIC-CAD", "ShapeCraft 3D", "individual", None, 0, 1380.0),
    ("LIC-TRANSCRIBE", "VoxScribe Transcription", "individual", None, 0, 480.0),
    ("LIC-SURVEY", "Pollster Research", "individual", None, 0, 500.0),
]

INCIDENTS = [
    # id, title, severity, status, impact, commander, opened
    ("INC-0411", "Card payments failing for all customers", "SEV1", "open", "outage", "EMP-1011", "2025-10-01T11:40:00Z"),
    ("INC-0412", "Mobile app login slow in Europe", "SEV2", "open", "degraded", "EMP-1012", "2025-10-01T09:15:00Z"),
    ("INC-0413", "Nightly statement export delayed", "SEV3", "open", "none", "EMP-1013", "2025-09-30T22:05:00Z"),
    ("INC-0414", "Typo in the savings rate help page", "SEV4", "open", "none", "EMP-1012", "2025-09-29T10:00:00Z"),
    ("INC-0405", "Transfer API timeouts", "SEV1", "resolved", "degraded", "EMP-1011", "2025-09-22T08:00:00Z"),
]


def _email(name: str) -> str:
    return name.lower().replace(" ", ".").replace("'", "") + "@tidewell.example"


def base_rows() -> list:
    rows: list = []
    rows += HELPDESK.staff_rows(customers="Tidewell Bank staff", assistant="Tidewell IT service desk assistant",
                                email_domain="tidewell.example")
    # Departments first without heads (the heads are employees of the departments).
    rows += [Department(id=d, name=n, head_id=h) for d, n, h in DEPARTMENTS]
    for eid, name, title, level, dept, office, manager in LEADERS:
        rows.append(Employee(id=eid, name=name, email=_email(name), title=title, level=level, department_id=dept,
                             office=office, manager_id=manager))
    rows += [Application(id=a, name=n, tool_group=g, access_levels=lv) for a, n, g, lv in APPLICATIONS]
    rows += [Group(id=g, name=n, kind=k, sensitivity=s, department_id=d) for g, n, k, s, d in GROUPS]
    rows += [CatalogItem(id=c, device_type=t, model=m, tier=tier, rank=r, unit_price=p)
             for c, t, m, tier, r, p in CATALOG]
    models = {c: (t, m) for c, t, m, *_ in CATALOG}
    for aid, cat, site, bought, condition in STOCK:
        device_type, model = models[cat]
        rows.append(Asset(id=aid, catalog_id=cat, device_type=device_type, model=model, serial="SN" + aid[4:],
                          purchase_date=bought, site=site, condition=condition))
    rows += [License(id=i, product=p, license_type=t, seats_total=s, seats_used=u, unit_price=price)
             for i, p, t, s, u, price in LICENSES]
    rows += [SecurityIncident(id=i, title=t, severity=s, status=st, customer_impact=imp, commander_id=c, opened_at=o)
             for i, t, s, st, imp, c, o in INCIDENTS]
    return rows
