"""Thinkingbox retail domain: Voltaic Home."""
