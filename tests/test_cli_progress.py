"""No silent phase over 2 seconds (issue 31, item 6): worker start-up, `tb validate`,
`tb rejudge`, `tb view` loading and `tb report` show progress, as a live bar on a terminal
and as plain lines otherwise."""
import io
import time

import pytest

from thinkingbox.interfaces.cli import main
from thinkingbox.interfaces.progress import Phase, Progress


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_phase_prints_plain_lines_once_it_has_lasted_and_stops_when_done():
    log = io.StringIO()
    with Phase("checking things", 3, stream=log, after=0.05, every=0.05) as phase:
        phase.advance()
        time.sleep(0.3)
    printed = log.getvalue()
    time.sleep(0.15)
    assert log.getvalue() == printed  # nothing after the end
    lines = printed.splitlines()
    assert lines and all(line.startswith("tb: checking things [") for line in lines)
    assert "[1/3]" in lines[-1] and "\x1b" not in printed


def test_a_quick_phase_prints_nothing():
    log = io.StringIO()
    with Phase("checking things", 1, stream=log) as phase:
        phase.advance()
    assert log.getvalue() == ""


def test_a_phase_on_a_terminal_draws_a_bar_and_gives_the_terminal_back():
    screen = _Terminal()
    with Phase("reading run files", 2, stream=screen) as phase:
        phase.advance()
        phase.advance()
    text = screen.getvalue()
    assert "tb: reading run files" in text and "\x1b[?25h" in text


def test_worker_start_up_is_shown_instead_of_a_zero_rate():
    log = io.StringIO()
    progress = Progress(4, every=30, stream=log, starting="starting 2 worker processes")
    assert log.getvalue() == "tb: starting 2 worker processes...\n"
    assert "starting 2 worker processes" in progress.line() and "0.0 trials/s" not in progress.line()
    progress({"verdict": True, "finish_reason": "done", "usage": {}})
    assert "trials/s" in progress.line() and "starting" not in progress.line()
    progress.finish()
    screen = _Terminal()
    live = Progress(4, stream=screen, starting="starting 2 worker processes")
    live.finish()
    assert "starting 2 worker processes..." in screen.getvalue()


@pytest.fixture
def eager_phases(monkeypatch):
    """Phases that print at once (not after 2 seconds), so a short test sees their lines."""
    monkeypatch.setattr(Phase.__init__, "__defaults__", (None, 0.0, 0.01))


@pytest.mark.slow
@pytest.mark.domains("retail")
def test_validate_report_rejudge_and_view_show_their_phases(tmp_path, capsys, eager_phases, monkeypatch):
    assert main(["validate", "--domains", "retail", "--tasks", "ret-fee-001"]) == 0
    assert "tb: validating tasks [" in capsys.readouterr().err
    run = tmp_path / "run.jsonl"
    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--output", str(run)]) == 0
    capsys.readouterr()
    assert main(["report", str(run)]) == 0
    err = capsys.readouterr().err
    assert "tb: reading run files [" in err and "tb: computing the report of 1 trials [" in err
    assert main(["rejudge", str(run)]) == 0
    assert "tb: re-judging trials [" in capsys.readouterr().err

    class Server:
        server_address = ("127.0.0.1", 1)

        def serve_forever(self):
            raise KeyboardInterrupt

        def server_close(self):
            pass

    monkeypatch.setattr("thinkingbox.interfaces.view.make_server", lambda *a: Server())
    assert main(["view", str(run)]) == 0
    err = capsys.readouterr().err
    assert "tb: reading run files [" in err and "tb: preparing the pages [" in err
