"""Trial records: one JSON object per line, appended and flushed as each trial ends."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import orjson


class RecordWriter:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        _drop_partial_last_line(self.path)
        self._file = open(self.path, "ab")

    def write(self, record: dict[str, Any]) -> None:
        self._file.write(orjson.dumps(record, default=str) + b"\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def _drop_partial_last_line(path: Path) -> None:
    """A run killed mid-write can leave half a line; cut it so appends stay valid."""
    if not path.exists() or path.stat().st_size == 0:
        return
    with open(path, "rb+") as f:
        f.seek(-1, os.SEEK_END)
        if f.read(1) == b"\n":
            return
        data = path.read_bytes()
        f.truncate(data.rfind(b"\n") + 1)


def read_records(path: Path) -> Iterator[dict[str, Any]]:
    """Records of a run file; a partial last line (killed run) is skipped."""
    with open(path, "rb") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                yield orjson.loads(line)
            except orjson.JSONDecodeError:
                if not line.endswith(b"\n"):
                    return  # the unfinished last line of an interrupted run
                raise ValueError(f"{path}:{number}: not a JSON record") from None
