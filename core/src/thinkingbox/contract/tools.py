"""Domain tools: plain typed functions that become MCP tools.

A domain writes `def get_order(world: World, order_id: str) -> dict` with a docstring and
decorates it with `@read_tool` or `@write_tool`. The core builds one MCP server per domain
per process (building costs tens of milliseconds, so never per trial) and binds each
trial's world to the session through a context variable, so concurrent sessions on the
same server never see each other's world.
"""
from __future__ import annotations

import contextvars
import enum
import inspect
import logging
import math
import typing
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Callable

import orjson

from thinkingbox.contract.errors import ThinkingboxError, ToolError
from thinkingbox.contract.world import World

log = logging.getLogger("thinkingbox.contract.tools")
_current_world: contextvars.ContextVar[World] = contextvars.ContextVar("thinkingbox_world")


@dataclass(frozen=True)
class ToolSpec:
    name: str
    fn: Callable[..., Any]
    read_only: bool
    description: str


def _decorate(read_only: bool, fn: Callable | None, name: str | None, description: str | None):
    def mark(f: Callable) -> Callable:
        params = list(inspect.signature(f).parameters)
        if not params or params[0] != "world":
            raise ThinkingboxError(f"tool {f.__name__}: the first parameter must be `world`")
        f.__tb_tool__ = ToolSpec(  # type: ignore[attr-defined]
            name=name or f.__name__,
            fn=f,
            read_only=read_only,
            description=description if description is not None else inspect.cleandoc(f.__doc__ or "").strip(),
        )
        return f

    return mark(fn) if fn is not None else mark


def read_tool(fn: Callable | None = None, *, name: str | None = None, description: str | None = None):
    """Mark a function as a tool that only reads the world. The agent sees `name` (default:
    the function's name) and `description` (default: the docstring; one is required)."""
    return _decorate(True, fn, name, description)


def write_tool(fn: Callable | None = None, *, name: str | None = None, description: str | None = None):
    """Mark a function as a tool that may change the world (see `read_tool`)."""
    return _decorate(False, fn, name, description)


def tool_spec(fn: Callable) -> ToolSpec:
    spec = getattr(fn, "__tb_tool__", None)
    if spec is None:
        raise ThinkingboxError(
            f"{getattr(fn, '__name__', fn)!r} is not a tool: decorate it with read_tool or write_tool"
        )
    return spec


def _json_default(obj: Any) -> Any:
    if isinstance(obj, Decimal):  # money: a JSON number, as agents saw it when it was float
        return float(obj)
    if hasattr(obj, "model_dump"):
        return obj.model_dump(mode="json")
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    raise TypeError(f"cannot serialise {type(obj).__name__}")


def to_json_text(value: Any) -> str:
    """Compact, deterministic JSON for tool results."""
    if isinstance(value, str):
        return value
    return orjson.dumps(value, default=_json_default, option=orjson.OPT_SORT_KEYS).decode()


def invoke(spec: ToolSpec, world: World, arguments: dict[str, Any]) -> str:
    """Run one tool call on a world atomically; the result is JSON text.

    Raises ToolError for anything the agent should see as an error observation.
    """
    _reject_unstorable_numbers(arguments)
    try:
        with world.atomic():
            return to_json_text(spec.fn(world, **arguments))
    except ToolError:
        raise
    except Exception as exc:  # a bug in domain code: log it, show the agent a plain error
        log.exception("tool %s crashed", spec.name)
        raise ToolError(f"internal error in {spec.name} ({type(exc).__name__}); the call changed nothing") from exc


_INT_RANGE = (-(2**63), 2**63 - 1)


def _reject_unstorable_numbers(value: Any, where: str = "") -> None:
    """JSON has no Infinity or NaN, but lenient parsers and the SDK's number coercion
    ("inf" -> float) let them through; no tool argument means either. Nor can a world
    (SQLite) or a tool result (orjson) hold an integer past 64 bits, so none gets in."""
    if isinstance(value, float) and not math.isfinite(value) or isinstance(value, Decimal) and not value.is_finite():
        raise ToolError(f"argument {where or 'value'} must be a finite number, not {value}")
    if isinstance(value, int) and not _INT_RANGE[0] <= value <= _INT_RANGE[1]:
        raise ToolError(f"argument {where or 'value'} is out of range: whole numbers must lie between "
                        f"{_INT_RANGE[0]} and {_INT_RANGE[1]}")
    if isinstance(value, dict):
        for key, item in value.items():
            _reject_unstorable_numbers(item, f"{where}.{key}" if where else str(key))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _reject_unstorable_numbers(item, f"{where}[{i}]")


class WorldBinding:
    """How a domain's MCP server finds the world of a request. In-process sessions use
    the context variable set by `bind_world`; served sessions (`tb serve`, HTTP tool
    transport) install a resolver that maps the request's MCP session to its world."""

    def __init__(self) -> None:
        self.resolve: Callable[[Any], World | None] | None = None

    def world_for(self, ctx: Any) -> World | None:
        world = _current_world.get(None)
        if world is None and self.resolve is not None:
            world = self.resolve(ctx)
        return world


def _mcp_callable(spec: ToolSpec, binding: WorldBinding) -> Callable[..., Any]:
    """An async function with the tool's signature minus `world` (plus the SDK's request
    context, which the SDK fills in and leaves out of the schema)."""
    from mcp.server.mcpserver import Context
    from mcp.server.mcpserver.exceptions import ToolError as MCPToolError

    # Resolve string annotations (from __future__ import annotations) in the tool's own
    # module, since the SDK would otherwise look them up in this one.
    hints = typing.get_type_hints(spec.fn, include_extras=True)
    sig = inspect.signature(spec.fn)
    params = [p.replace(annotation=hints.get(p.name, p.annotation)) for p in list(sig.parameters.values())[1:]]

    async def call(tb_context: Context, **arguments: Any) -> str:
        world = binding.world_for(tb_context)
        if world is None:
            raise MCPToolError("no world is bound to this session")
        try:
            return invoke(spec, world, arguments)
        except ToolError as exc:
            raise MCPToolError(str(exc)) from None

    context = inspect.Parameter("tb_context", inspect.Parameter.KEYWORD_ONLY, annotation=Context)
    call.__signature__ = sig.replace(parameters=[*params, context], return_annotation=str)  # type: ignore[attr-defined]
    call.__annotations__ = {**{p.name: p.annotation for p in params}, "tb_context": Context, "return": str}
    call.__name__ = spec.name
    call.__doc__ = spec.description
    return call


def build_server(name: str, version: str, specs: list[ToolSpec], binding: WorldBinding,
                 instructions: str | None = None):
    """One MCP server for a domain; worlds are bound per session (see WorldBinding)."""
    from mcp.server import MCPServer
    from mcp.types import ToolAnnotations

    # The SDK logs every tool error as a warning; they are ordinary observations here.
    logging.getLogger("mcp").setLevel(logging.ERROR)
    # log_level: the SDK configures root logging; keep it quiet (httpx request lines, ...)
    server = MCPServer(name=name, version=version, instructions=instructions, warn_on_duplicate_tools=False,
                       log_level="WARNING")
    if not _tracing_configured():
        # The SDK opens an OpenTelemetry span around every request. With no tracer
        # provider set, nothing records them, and they cost about 30 us a tool call (8% of
        # an oracle trial's CPU), so they are left out. A process that sets a provider
        # before it loads its domains keeps them.
        server.middleware[:] = [m for m in server.middleware if type(m).__name__ != "OpenTelemetryMiddleware"]
    for spec in specs:
        server.add_tool(
            _mcp_callable(spec, binding),
            name=spec.name,
            description=spec.description,
            annotations=ToolAnnotations(
                read_only_hint=spec.read_only,
                destructive_hint=not spec.read_only,
                idempotent_hint=spec.read_only,
                open_world_hint=False,
            ),
            structured_output=False,
        )
    return server


def _tracing_configured() -> bool:
    from opentelemetry import trace

    return not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)


def bind_world(world: World) -> contextvars.Token:
    """Bind `world` to MCP sessions opened from the current context (one trial)."""
    return _current_world.set(world)


def unbind_world(token: contextvars.Token) -> None:
    """Undo a `bind_world` (the world bound before it, if any, is bound again)."""
    _current_world.reset(token)
