"""The progress of `tb eval`: counts of finished trials, the first error, the stop after too
many errors in a row, and their display. On a terminal that is a live `rich` progress bar;
otherwise (a log file, CI, nohup) a plain line every few seconds, which greps well."""
from __future__ import annotations

import sys
import threading
import time
from typing import Any, TextIO


def error_summary(text: str, limit: int = 300) -> str:
    """An error on one line of at most `limit` characters. A Python traceback in it is
    replaced by its exception line ("ValueError: bad input"), which is what a reader needs
    and which the traceback's frames would otherwise push past the cut."""
    from thinkingbox.engine.external import STDERR_MARK, TRACEBACK_HEAD, exception_line

    raised = exception_line(text)
    if raised is not None:
        told = text.find(STDERR_MARK)
        if 0 <= told and raised in text[:told]:  # a command agent's error names it before its stderr
            text = f"{text[:told]} (the traceback is in the record: tb show)"
        else:
            start = text.find(TRACEBACK_HEAD)  # (the first of chained tracebacks)
            start = start if start >= 0 else max(text.find('  File "'), 0)
            text = f"{text[:start].rstrip()} {raised}"
    text = " ".join(text.split())
    return text[:limit] + ("..." if len(text) > limit else "")


class Progress:
    """Called with each finished trial's record. Counts done, passed, errors, tokens and cost
    (with `prices`); prints the first error as soon as it happens; `stopped` turns true after
    `max_consecutive` errored trials in a row (0: never). `finish()` ends the display and is
    safe to call more than once (Ctrl-C, then the normal end)."""

    def __init__(self, total: int, max_consecutive: int = 0, every: float = 30.0,
                 prices: dict[str, tuple[float, float, float]] | None = None, stream: TextIO | None = None,
                 starting: str | None = None):
        self.starting = starting  # what happens before the first trial ends (worker processes start)
        self.total, self.done, self.passed, self.errors, self.tokens = total, 0, 0, 0, 0
        self.cost: float | None = 0.0 if prices else None
        self.prices = prices
        self.max_consecutive, self.consecutive, self.stopped = max_consecutive, 0, False
        self.first_error: str | None = None
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._ticker: threading.Thread | None = None
        self._bar: Any = None
        if total > 0 and self.stream.isatty():
            self._bar = _LiveBar(total, self.stream)
            if starting:
                self._bar.update(0, f"{starting}...", "")
        elif every > 0 and total > 0:
            if starting:
                print(f"tb: {starting}...", file=self.stream, flush=True)
            self._ticker = threading.Thread(target=self._tick, args=(every,), daemon=True, name="tb-progress")
            self._ticker.start()

    @property
    def live(self) -> bool:
        return self._bar is not None

    def __call__(self, record: dict) -> None:
        with self._lock:
            self.done += 1
            self.passed += record["verdict"]
            for usage in (record.get("usage") or {}).values():
                self.tokens += (usage or {}).get("input", 0) + (usage or {}).get("output", 0)
            if self.cost is not None and self.prices:
                from thinkingbox.reporting.analysis import _trial_cost

                cost = _trial_cost(record, self.prices)
                self.cost = None if cost is None else self.cost + cost
            if record["finish_reason"] == "error":
                self.errors += 1
                self.consecutive += 1
                if self.first_error is None:
                    self._first_error(record)
                if self.max_consecutive and self.consecutive >= self.max_consecutive:
                    self.stopped = True
            else:
                self.consecutive = 0
            if self._bar is not None:
                self._bar.update(self.done, self.rate(), self.stats())

    def _first_error(self, record: dict) -> None:
        from thinkingbox.secrets import for_terminal, redact

        self.first_error = for_terminal(redact(error_summary(str(record.get("error") or "unknown error"))))
        line = f"tb: first error ({record['domain']}/{record['task']} trial {record['trial']}): {self.first_error}"
        if self._bar is not None:
            self._bar.say(line)  # above the live bar, which stays at the bottom
        else:
            print(line, file=self.stream, flush=True)

    def rate(self) -> str:
        if not self.done and self.starting:
            return f"{self.starting}..."
        elapsed = max(time.monotonic() - self.started, 1e-9)
        return f"{self.done / elapsed:.1f} trials/s"

    def stats(self) -> str:
        """passed, errors, tokens and cost: what the bar itself does not show."""
        finished = self.done - self.errors  # the pass rate of trials that finished, errors aside
        rate = f" ({100 * self.passed / finished:.0f}% so far)" if finished else ""
        parts = [f"passed {self.passed}{rate}", f"errors {self.errors}"]
        if self.tokens:
            parts.append(f"{count(self.tokens)} tokens")
        if self.cost is not None and self.done:
            parts.append(f"${self.cost:.2f}")
        return " | ".join(parts)

    def line(self) -> str:
        """The plain progress line: [done/total] rate, time left | passed | errors | tokens | cost."""
        elapsed = max(time.monotonic() - self.started, 1e-9)
        speed = self.done / elapsed
        left = f", {duration((self.total - self.done) / speed)} left" if self.done and self.done < self.total else ""
        if not self.done and self.starting:
            left = f" ({duration(elapsed)})"
        return f"[{self.done}/{self.total}] {self.rate()}{left} | {self.stats()}"

    def _tick(self, every: float) -> None:
        while not self._closed.wait(every):
            with self._lock:
                print(f"tb: {self.line()}", file=self.stream, flush=True)

    def finish(self) -> None:
        if self._closed.is_set():
            return
        self._closed.set()
        if self._bar is not None:
            self._bar.stop()  # leaves the last state on screen and the cursor shown
        if self._ticker is not None:
            self._ticker.join(timeout=1)
            if self.done:
                print(f"tb: {self.line()}", file=self.stream, flush=True)


class _LiveBar:
    """The terminal display: one rich progress bar with done/total, rate, time left and stats."""

    def __init__(self, total: int, stream: TextIO):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
        from rich.progress import Progress as RichProgress
        from rich.table import Column

        # no markup or highlighting: the stats and error texts are shown as they are
        self.console = Console(file=stream, highlight=False)
        # The count keeps its width on a narrow terminal (the bar and the time left give way).
        count = MofNCompleteColumn(table_column=Column(no_wrap=True, min_width=2 * len(str(total)) + 1))
        self.bar = RichProgress(TextColumn("tb"), BarColumn(bar_width=20), count,
                                TextColumn("{task.fields[rate]}", markup=False), TextColumn("left"),
                                TimeRemainingColumn(),
                                TextColumn("{task.fields[stats]}", markup=False),
                                console=self.console, refresh_per_second=4, transient=False)
        self.task = self.bar.add_task("trials", total=total, rate="", stats="")
        self.bar.start()

    def update(self, done: int, rate: str, stats: str) -> None:
        self.bar.update(self.task, completed=done, rate=rate, stats=stats)

    def say(self, line: str) -> None:
        self.console.print(line, markup=False, soft_wrap=True)

    def stop(self) -> None:
        self.bar.stop()


def duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


def count(number: int) -> str:
    return f"{number / 1e6:.1f}M" if number >= 1e6 else f"{number / 1e3:.1f}k" if number >= 1e3 else str(number)


class Phase:
    """The progress of a phase other than a run's trials (checking tasks, reading run files,
    re-judging trials), so that no command is silent for more than 2 seconds: on a terminal a
    live bar (gone when the phase ends), otherwise a plain line once the phase has lasted
    `after` seconds and then every `every` seconds. `advance()` counts one item done."""

    def __init__(self, what: str, total: int, stream: TextIO | None = None, after: float = 2.0, every: float = 10.0):
        self.what, self.total, self.done = what, total, 0
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._bar: Any = None
        self._ticker: threading.Thread | None = None
        if self.stream.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as RichProgress

            self._bar = RichProgress(TextColumn(f"tb: {what}", markup=False), BarColumn(bar_width=20),
                                     MofNCompleteColumn(), TimeElapsedColumn(),
                                     console=Console(file=self.stream, highlight=False), transient=True)
            self._task = self._bar.add_task(what, total=total or None)
            self._bar.start()
        else:
            self._ticker = threading.Thread(target=self._tick, args=(after, every), daemon=True, name="tb-phase")
            self._ticker.start()

    def advance(self, *_: Any) -> None:
        with self._lock:
            self.done += 1
            if self._bar is not None:
                self._bar.update(self._task, completed=self.done)

    def line(self) -> str:
        elapsed = time.monotonic() - self.started
        return f"tb: {self.what} [{self.done}/{self.total}] {duration(elapsed)}"

    def _tick(self, after: float, every: float) -> None:
        wait = after
        while not self._closed.wait(wait):
            with self._lock:
                print(self.line(), file=self.stream, flush=True)
            wait = every

    def finish(self) -> None:
        if self._closed.is_set():
            return
        self._closed.set()
        if self._bar is not None:
            self._bar.stop()
        if self._ticker is not None:
            self._ticker.join(timeout=1)

    def __enter__(self) -> "Phase":
        return self

    def __exit__(self, *_: Any) -> None:
        self.finish()
