"""Tidewell Bank internal IT service desk (a Thinkingbox domain)."""
