"""Northgate Auto Insurance: a personal auto insurer service desk (a Thinkingbox domain)."""
