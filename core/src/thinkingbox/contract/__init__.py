"""The contract between the core and a domain plugin: everything a plugin author touches.

    spec        DomainSpec (a domain declared as data), DomainInfo, table_base, tables_of
    hookspecs   the pluggy hook specifications (tb_tools, tb_checks, tb_agents, ...), hookimpl
    world       the World API (one SQLite world per trial, its clock, snapshots), FreeText
    tools       read_tool / write_tool: a domain's tools and their MCP schemas
    tasks       the task schema (task JSON files) and its loader
    facts       kinds of customer facts the simulated users give
    checks      Check, CheckResult, Difference, TrialOutcome: a domain's own checks
    vocabulary  Vocabulary, DecisionKind, NeverTell, CORE_VOCABULARY: what communication checks read
    money       exact two-place amounts and their column type
    policies    the policy documents (policies/*.md) and the built-in policy search tool
    errors      ToolError (an agent-readable tool failure), TaskError, PluginError

This package imports nothing else of the core: the engine, the models, the reports and the
command line all depend on it, never the other way round (docs/architecture.md).
"""
