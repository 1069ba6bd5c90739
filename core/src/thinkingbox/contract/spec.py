"""A domain declared as data: the `DomainSpec` a domain plugin publishes.

A domain is its data and its business rules; the glue between them and the core is the
same for every domain, so it lives here rather than in each plugin:

    LibraryTable = table_base("library")          # the domain's own table registry

    class Book(LibraryTable, table=True): ...

    SPEC = DomainSpec(
        name="library", title="Lending library", now="2025-01-01T09:00:00Z",
        package=__package__,                       # tasks/*.json and policies/*.md live here
        tables=LibraryTable, fixtures=base_rows, tools=[get_book, lend_book],
        prompt="You are a librarian. It is {now}.\\n\\n{policies}",
    )

and the package's entry point (`[project.entry-points."thinkingbox.domains"]`) names
`SPEC`. The spec implements the domain-descriptor hooks from its fields; a subclass may
override any hook method (`tb_tools`, `tb_system_prompt`, ...) to change one part. The
domain's version is its distribution's version, read from the package metadata.
"""
from __future__ import annotations

import string
import types
from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.contract.hookspecs import hookimpl

if TYPE_CHECKING:
    from thinkingbox.contract.policies import PolicyDocument
    from thinkingbox.kit.ticketing import Helpdesk
    from thinkingbox.contract.world import World

PROMPT_FIELDS = frozenset({"now", "policies"})


def table_base(domain: str) -> type:
    """The base class of one domain's tables, with a registry (and so a table namespace)
    of its own: two domains may both have a `tickets` table without colliding.

        ShopTable = table_base("shop")
        class Order(ShopTable, table=True): ...
    """
    from sqlalchemy.orm import registry
    from sqlmodel import SQLModel

    name = "".join(part.title() for part in domain.replace("-", "_").split("_")) + "Table"
    base = types.new_class(name, (SQLModel,), {"registry": registry()})
    base.__doc__ = f"Base of every table of the {domain!r} domain (its own SQLAlchemy registry)."
    base.__tb_domain__ = domain  # type: ignore[attr-defined]
    return base


def tables_of(base: type) -> list[type]:
    """The table classes declared on `base`, in declaration order."""
    registry = getattr(base, "_sa_registry", None)
    if registry is None:
        raise ThinkingboxError(f"{base.__name__} is not a table base: create it with thinkingbox.table_base(name)")
    by_table = {mapper.local_table: mapper.class_ for mapper in registry.mappers}
    return [by_table[table] for table in registry.metadata.tables.values() if table in by_table]


@dataclass(frozen=True)
class DomainInfo:
    """What `tb_domain_info` returns: the domain's name, title, clock and description."""

    name: str
    title: str
    now: str  # the world's clock, ISO-8601 UTC
    description: str = ""


@dataclass(eq=False)
class DomainSpec:
    """Everything the core needs to know about a domain.

    name          the domain's name; must equal its entry-point name
    title         one line for people (`tb domains`)
    now           the world's one clock, ISO-8601 UTC ("2025-10-01T13:00:00Z")
    package       the import name of the package holding `tasks/*.json` and `policies/*.md`
    tables        the domain's table base from `table_base(name)`: every table declared on
                  it is created, in declaration order
    fixtures      a function returning the rows every task starts from
    tools         the domain's tools (`read_tool` / `write_tool` functions)
    prompt        the agent's system prompt, a template with `{now}` and `{policies}`
    description   a sentence for people, shown by `tb domains`
    ticketing     a `kit.ticketing.Helpdesk` (or any object whose `tools()` returns tools): adds
                  the help-desk tools
    policy_search adds the `search_policy` tool over the policy documents (if there are any)
    vocabulary    the domain's `Vocabulary` for communication checks (decision kinds, roles of
                  values, counted nouns, data never to tell); default: the core's
    fact_kinds    the domain's own kinds of customer facts and how people ask for them
                  (`thinkingbox.contract.facts.FactKind`), on top of the core's (name, e-mail, phone,
                  date of birth, address, reason); the simulated users read questions with them

    To change one part beyond these fields, subclass and override that hook method,
    decorated with `@thinkingbox.hookimpl` like the methods below.
    """

    name: str
    title: str
    now: str
    package: str
    tables: type
    tools: Sequence[Callable[..., Any]]
    prompt: str
    fixtures: Callable[[], Iterable[Any]] = lambda: ()
    description: str = ""
    ticketing: Helpdesk | None = None
    policy_search: bool = True
    vocabulary: Any = None
    fact_kinds: Sequence[Any] = ()

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ThinkingboxError(f"domain spec {self.name!r}: the name must be a Python identifier "
                                   "(letters, digits, underscores)")
        unknown = {f for _, f, _, _ in string.Formatter().parse(self.prompt) if f} - PROMPT_FIELDS
        if unknown:
            raise ThinkingboxError(f"domain {self.name!r}: the prompt uses unknown placeholder(s) "
                                   f"{sorted(unknown)}; allowed: {{now}}, {{policies}} (double other braces)")

    def __repr__(self) -> str:
        return f"DomainSpec({self.name!r})"

    # -- where the package's files are --
    @property
    def root(self) -> Path:
        try:
            return Path(str(files(self.package)))
        except ModuleNotFoundError:
            raise ThinkingboxError(f"domain {self.name!r}: package {self.package!r} cannot be imported") from None

    @cached_property
    def policies(self) -> list[PolicyDocument]:
        """The policy documents (`policies/*.md` in the package, in name order)."""
        from thinkingbox.contract.policies import load_policy_dir

        return load_policy_dir(self.root / "policies")

    # -- the domain-descriptor hooks, answered from the fields above --
    @hookimpl
    def tb_domain_info(self) -> Any:
        return DomainInfo(name=self.name, title=self.title, now=self.now, description=self.description)

    @hookimpl
    def tb_seed_world(self, world: World) -> None:
        world.create_tables(tables_of(self.tables))
        for row in self.fixtures():
            world.insert(row)

    @hookimpl
    def tb_tools(self) -> list[Callable[..., Any]]:
        tools = list(self.tools)
        if self.ticketing is not None:
            tools += self.ticketing.tools()
        if self.policy_search and self.policies:
            from thinkingbox.contract.policies import policy_search_tool

            tools.append(policy_search_tool(self.policies))
        return tools

    @hookimpl
    def tb_system_prompt(self, now: str) -> str:
        policies = "\n\n".join(doc.text.strip() for doc in self.policies)
        return self.prompt.format(now=now, policies=policies)

    @hookimpl
    def tb_task_files(self) -> list[Path]:
        return sorted((self.root / "tasks").glob("*.json"))

    @hookimpl
    def tb_vocabulary(self) -> Any:
        from thinkingbox.contract.vocabulary import CORE_VOCABULARY

        return self.vocabulary or CORE_VOCABULARY

    def corpus_files(self) -> list[Path]:
        """The labelled conversations of `tb judge-check` (`corpus/*.json` in the package)."""
        return sorted((self.root / "corpus").glob("*.json"))
