"""Small helpers shared by tests."""
import asyncio


def run(coro):
    return asyncio.run(coro)
