"""The rule helpers shared by this folder's test files (neobank_rules.py) are imported by name."""
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent))   # after the root tests/ folder (its conftest, helpers)
