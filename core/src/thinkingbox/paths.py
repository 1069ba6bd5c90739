"""Paths a command will write, checked before any work: a bad one must not cost a run or a
served session's world. Light (standard library only): the CLI imports it at start."""
from __future__ import annotations

import os
from pathlib import Path

from thinkingbox.contract.errors import ThinkingboxError


def output_file(path: Path | None, flag: str) -> Path | None:
    """`path` if the command can write it (its folder is created); a one-line error naming
    `flag` otherwise. None passes through (the option was not given)."""
    if path is None:
        return None
    if path.is_dir():
        raise ThinkingboxError(f"{flag} {path} is a directory; give the path of a file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a part of the folder path is a file
        raise ThinkingboxError(f"{flag} {path}: cannot create its folder, a part of the path is a file; "
                               "choose another path") from None
    except OSError as exc:
        raise ThinkingboxError(f"{flag} {path}: cannot create its folder ({exc.strerror or exc}); "
                               "choose another path") from None
    if not os.access(path.parent, os.W_OK) or path.exists() and not os.access(path, os.W_OK):
        raise ThinkingboxError(f"{flag} {path}: not writable; check its permissions or choose another path")
    return path
