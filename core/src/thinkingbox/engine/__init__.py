"""The engine: plugin discovery, the domain runtime, one trial (episode, transports, judging),
the scheduler and worker processes, the quality gate and replays."""
