"""Reusable parts that domains opt into: a ticketing system and a policy search tool."""
