"""Ways in: the `tb` command line, MCP serving, playing a task by hand, the domain scaffold."""
