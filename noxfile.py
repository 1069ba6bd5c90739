"""Developer sessions. `uv run nox -l` lists them; `uv run nox -s tests` runs one."""
import nox

nox.options.default_venv_backend = "uv"
nox.options.sessions = ["tests", "plugins"]

PLUGINS = ["retail", "booking", "neobank", "auto_insurance", "consulting"]


@nox.session
def tests(session: nox.Session) -> None:
    """The whole suite against the whole workspace."""
    editable = [arg for plugin in PLUGINS for arg in ("-e", f"plugins/{plugin}")]
    session.install("-e", "core", *editable, "pytest", "hypothesis")
    session.run("pytest", *session.posargs)


@nox.session
def core(session: nox.Session) -> None:
    """The core's own tests with the core and the example domain (examples/minimal_domain) only:
    tests that need a benchmark domain (`pytest.mark.domains(...)`) are skipped, with the reason."""
    session.install("-e", "core", "-e", "examples/minimal_domain", "pytest", "hypothesis")
    session.run("tb", "domains", "--quick")
    session.run("pytest", "tests", "examples/minimal_domain/tests", "-p", "no:cacheprovider", "-rs", *session.posargs)


@nox.session
@nox.parametrize("plugin", PLUGINS)
def plugins(session: nox.Session, plugin: str) -> None:
    """Each plugin's own tests with only the core and that plugin installed."""
    session.install("-e", "core", "-e", f"plugins/{plugin}", "pytest")
    session.run("tb", "domains")
    session.run("pytest", f"plugins/{plugin}", "-p", "no:cacheprovider", *session.posargs)


@nox.session
def build(session: nox.Session) -> None:
    """One wheel and sdist per package, into dist/."""
    session.install("uv")
    session.run("uv", "build", "--all-packages", "--out-dir", "dist", external=True)


@nox.session
def bench(session: nox.Session) -> None:
    """Harness benchmarks (CPU per trial, reset, tool call, fake-model runs, memory)."""
    editable = [arg for plugin in PLUGINS for arg in ("-e", f"plugins/{plugin}")]
    session.install("-e", "core", *editable)
    session.run("python", "bench/bench.py", *session.posargs)


@nox.session
def soak(session: nox.Session) -> None:
    """The fault soak (not a timed test): 10,000 trials against a faulty fake model with worker
    processes and tool servers killed at random, then resumed and checked. Shorter:
    `uv run nox -s soak -- --trials 300 --stdio 40`."""
    editable = [arg for plugin in PLUGINS for arg in ("-e", f"plugins/{plugin}")]
    session.install("-e", "core", *editable)
    session.run("python", "bench/soak.py", *session.posargs)


@nox.session
def ray(session: nox.Session) -> None:
    """thinkingbox-ray with the core and two domains only (its tests start a local Ray
    instance on 127.0.0.1); `-- --trials 5000` etc. after `bench` runs bench/ray_bench.py."""
    session.install("-e", "core", "-e", "plugins/retail", "-e", "plugins/booking", "-e", "executors/ray", "pytest")
    if session.posargs[:1] == ["bench"]:
        session.run("python", "bench/ray_bench.py", *session.posargs[1:])
    else:
        session.run("pytest", "executors/ray/tests", "-p", "no:cacheprovider", *session.posargs)


# The public plugin API: what a domain author imports and implements.
PUBLIC_API = ["contract", "testing.py", "kit", "trials.py"]


@nox.session
def lint(session: nox.Session) -> None:
    """Pyflakes-level checks (unused imports, undefined names) with ruff, the layer contracts
    with import-linter (docs/architecture.md), and mypy over the public plugin API."""
    session.install("ruff", "mypy", "import-linter", "-e", "core", "-e", "integrations/inspect", "-e", "executors/ray",
                    "pytest")
    session.run("lint-imports")
    session.run("ruff", "check", "--select", "F,E9", "core", "plugins", "integrations", "executors", "tests", "bench",
                "examples")
    session.run("mypy", *(f"core/src/thinkingbox/{path}" for path in PUBLIC_API))
