"""Reusable parts that domains opt into: a ticketing system, a policy search tool and
exact decimal money."""
