"""The communication readers: what an agent's messages assert, read as a careful person reads
them (sentences: normalised sentences, stance, agreement; claims: the typed things a task's
`says` requires the agent to tell, and the checks of them)."""
