"""Thinkingbox booking domain: Harborlight Stays."""
