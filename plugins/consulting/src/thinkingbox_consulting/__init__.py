"""Ashgrove Advisory: internal IT and HR service desk: a Thinkingbox domain (see `plugin.py`)."""
