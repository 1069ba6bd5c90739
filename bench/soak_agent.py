"""The command agent of the fault soak (bench/soak.py): `tb eval --agent "command:python
bench/soak_agent.py FOLDER"`. On a trial's first attempt it misbehaves at random (seeded by
the trial): stays silent while a child it started holds its pipes, floods log lines, or
forks children that keep the pipes and exits; otherwise, and on every later attempt (a
marker file in FOLDER says the trial was seen), it replays the task's reference solution
from FOLDER/actions/DOMAIN/TASK.json (written by the soak). Every process it starts carries
FOLDER in its command line, so that the soak can find any left behind."""
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
KINDS = [("silent", 0.1), ("flood", 0.05), ("fork", 0.1)]  # the rest replays the reference solution


def main() -> None:
    folder = Path(sys.argv[1])
    start = json.loads(sys.stdin.readline())
    trial = f"{start['domain']}__{start['task']}__{start['trial']}"
    marker = folder / "seen" / trial
    kind = "replay"
    if not marker.exists():
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text("")
        x = int(hashlib.sha256(trial.encode()).hexdigest()[:8], 16) / 2**32
        for name, share in KINDS:
            if x < share:
                kind = name
                break
            x -= share
    sleeper = [sys.executable, "-c", "import time; time.sleep(600)", str(folder)]
    if kind == "silent":  # as `sh -c 'sleep 1000 & python silent.py'`
        subprocess.Popen(sleeper)
        os.execv(sys.executable, sleeper)
    if kind == "flood":
        line = json.dumps({"type": "log", "note": "still thinking"}) + "\n"
        while True:  # some 5,000 lines a second (tests/test_command_agent_processes.py floods at full speed)
            sys.stdout.write(line * 50)
            sys.stdout.flush()
            time.sleep(0.01)
    if kind == "fork":
        for _ in range(3):
            if os.fork() == 0:
                os.execv(sys.executable, sleeper)
        os._exit(0)
    sys.path.insert(0, str(HERE.parent / "tests"))
    import asyncio

    from replay_agent import replay

    steps = json.loads((folder / "actions" / start["domain"] / f"{start['task']}.json").read_text())
    asyncio.run(replay(start, steps))


if __name__ == "__main__":
    main()
