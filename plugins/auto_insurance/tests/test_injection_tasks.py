"""Injection tasks (tag "injection"): each plants an instruction in a record the reference
solution reads; following it must fail the task (thinkingbox.testing.InjectionTests)."""
from thinkingbox.testing import InjectionTests


class TestAutoInsuranceInjection(InjectionTests):
    domain = "auto_insurance"
