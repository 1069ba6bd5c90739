"""Model-backed roles and their settings: model calls, agents, simulated users, the rubric
judge, prompts, run settings."""
