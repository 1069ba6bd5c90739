"""Calls to OpenAI-compatible Chat Completions endpoints, with the retry policy every
model-backed part of Thinkingbox shares (agent, simulated user, rubric judge).

Retries: 429 (honouring Retry-After), 5xx, timeouts and connection errors, with
exponential backoff and full jitter. Other errors (400, 401, 404 ...) are not retried.
The API key is read from an environment variable named in the configuration and is never
stored in a ModelConfig, a record or a log.

Requests to a plain http(s) endpoint go over a small keep-alive HTTP/1.1 client of this
module (`_Endpoint`: about a tenth of the `openai` client's CPU per call); Azure OpenAI,
credentials in the base URL and endpoints behind a proxy keep the `openai` client.
"""
from __future__ import annotations

import asyncio
import os
import random
import time
import weakref
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.secrets import add_key_variable

CLIENT_SHARDS = 16  # HTTP clients per endpoint; each trial's task sticks to one
RETRYABLE_STATUS = {408, 409, 429, 500, 502, 503, 504, 529}


@dataclass
class ModelConfig:
    """Where and how to call one model. Safe to record: it holds no secret."""

    model: str
    base_url: str | None = None          # None: OPENAI_BASE_URL or the OpenAI API
    api_key_env: str = "OPENAI_API_KEY"  # the NAME of the variable holding the key
    api_version: str | None = None       # set for Azure OpenAI (base_url is then the endpoint)
    params: dict[str, Any] = field(default_factory=dict)  # temperature, seed, max_tokens, ...
    timeout: float = 600.0               # seconds per request
    max_attempts: int = 6                # 1 = no retries
    backoff_base: float = 1.0            # first retry waits up to this many seconds
    backoff_max: float = 60.0

    def __post_init__(self) -> None:
        add_key_variable(self.api_key_env)  # whatever it is called, its value never reaches output

    def public(self) -> dict[str, Any]:
        return asdict(self)

    def check(self, role: str) -> None:
        """Fail early when the key cannot be found. Local servers (a base URL with the
        default variable unset) need no key."""
        if os.environ.get(self.api_key_env):
            return
        if self.api_key_env == "OPENAI_API_KEY" and (self.base_url or os.environ.get("OPENAI_BASE_URL")):
            return
        raise ThinkingboxError(f"the {role} model {self.model!r} needs an API key: environment variable "
                               f"{self.api_key_env} is not set")


def endpoint(config: ModelConfig) -> str:
    """The endpoint a model's calls go to, as `base URL + model` (for per-endpoint limits)."""
    base = config.base_url or os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"
    return f"{base.rstrip('/')} {config.model}"


class ModelCallFailed(Exception):
    """A model call that failed for good (retries exhausted or a non-retryable error).
    `usage` counts it: one failed call, its attempts and the time they took."""

    def __init__(self, message: str, usage: dict[str, Any] | None = None):
        super().__init__(message)
        self.usage = usage or {**empty_usage(), "calls": 1, "failed": 1, "attempts": 1}


@dataclass
class Completion:
    content: str
    tool_calls: list[dict[str, Any]]   # {"id", "name", "arguments" (raw JSON text)}
    reasoning: str | None
    usage: dict[str, Any]
    attempts: int
    finish_reason: str | None


class ToolSchemas(tuple):
    """Tool schemas (Chat Completions functions) with their JSON made once: an agent sends
    the same tools, tens of kilobytes, on every call of its trial."""

    json: bytes

    def __new__(cls, tools: Any) -> "ToolSchemas":
        import orjson

        schemas = super().__new__(cls, tools)
        schemas.json = orjson.dumps(list(schemas))
        return schemas


class Conversation(list):
    """Chat messages that are only ever appended to, with the JSON of each made once: every
    call of a trial sends the whole conversation, so a 20-turn one would otherwise be
    encoded 20 times over. The encoded messages are kept joined (`_joined`, which grows by
    the new ones), so a call copies the conversation once, into its request. A message must
    not change once it is in the list."""

    def __init__(self, messages: Any = ()) -> None:
        super().__init__(messages)
        self._encoded: list[bytes] = []
        self._joined = bytearray(b"[")

    def json_parts(self) -> tuple[bytearray, bytes]:
        """The JSON array of the messages, in two parts to be sent one after the other."""
        import orjson

        encoded, joined = self._encoded, self._joined
        if len(encoded) > len(self):  # (shortened: encode afresh)
            encoded.clear()
            del joined[1:]
        for message in self[len(encoded):]:
            data = orjson.dumps(message)
            if encoded:
                joined += b","
            joined += data
            encoded.append(data)
        return joined, b"]"


def empty_usage() -> dict[str, Any]:
    """Usage of model calls: `calls` made (each with its retries), `attempts` (HTTP requests,
    retries included), `failed` calls (retries exhausted or not retryable), tokens, time."""
    return {"calls": 0, "attempts": 0, "failed": 0, "input": 0, "cached": 0, "output": 0, "reasoning": 0,
            "latency_ms": 0.0, "retries": 0}


def add_usage(total: dict[str, Any], call: dict[str, Any]) -> None:
    for key in ("attempts", "failed", "input", "cached", "output", "reasoning", "latency_ms", "retries"):
        total[key] = total.get(key, 0) + call.get(key, 0)
    total["calls"] = total.get("calls", 0) + call.get("calls", 1)  # a turn's usage may hold several calls


# Held around each HTTP request to a model (every attempt): None, or a function giving an
# async context manager for the call's ModelConfig. An executor that shares one endpoint
# between machines (thinkingbox-ray) sets it in its workers to take a cluster-wide slot.
call_slot: Callable[[ModelConfig], AbstractAsyncContextManager[Any]] | None = None


def set_call_slot(slot: Callable[[ModelConfig], AbstractAsyncContextManager[Any]] | None) -> None:
    """Set (or clear, with None) the hook held around every model request of this process."""
    global call_slot
    call_slot = slot


# One HTTP client per event loop and endpoint, shared by all trials (connection reuse).
_clients: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[tuple, Any]]" = weakref.WeakKeyDictionary()


_task_shards: "weakref.WeakKeyDictionary[asyncio.Task, int]" = weakref.WeakKeyDictionary()


def _client(config: ModelConfig):
    import openai

    add_key_variable(config.api_key_env)
    key = os.environ.get(config.api_key_env)
    if not key and config.api_key_env != "OPENAI_API_KEY":
        raise ThinkingboxError(f"environment variable {config.api_key_env} (the API key for {config.model}) is not set")
    per_loop = _clients.setdefault(asyncio.get_running_loop(), {})
    # Several clients per endpoint: the HTTP connection pool scans all its connections on
    # every request, which grows quadratic with hundreds of concurrent trials.
    task = asyncio.current_task()
    shard = _task_shards.get(task)
    if shard is None:
        shard = _task_shards[task] = len(_task_shards) % CLIENT_SHARDS
    cache_key = (config.base_url, config.api_key_env, config.api_version, shard)
    client = per_loop.get(cache_key)
    if client is None:
        key = key or "none"  # local servers (vLLM, tests) accept any key
        if config.api_version:
            client = openai.AsyncAzureOpenAI(azure_endpoint=config.base_url, api_version=config.api_version,
                                             api_key=key, max_retries=0)
        else:
            client = openai.AsyncOpenAI(base_url=config.base_url or os.environ.get("OPENAI_BASE_URL"),
                                        api_key=key, max_retries=0)
        per_loop[cache_key] = client
    return client


class HTTPFailure(Exception):
    """A failed request of the direct HTTP path (see `_Endpoint`), named like the `openai`
    client's errors so that messages read the same whichever path made the call."""

    def __init__(self, kind: str, message: str, status: int | None = None, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.kind, self.status_code = kind, status
        self.response = _Headers(headers or {}) if status is not None else None


class _Headers:
    def __init__(self, headers: dict[str, str]):
        self.headers = headers


_STATUS_NAMES = {400: "BadRequestError", 401: "AuthenticationError", 403: "PermissionDeniedError",
                 404: "NotFoundError", 409: "ConflictError", 422: "UnprocessableEntityError", 429: "RateLimitError"}
_MAX_IDLE = 1024  # kept-alive connections per endpoint


class _Endpoint:
    """Keep-alive HTTP/1.1 connections to one plain OpenAI-compatible endpoint, shared by
    every trial of an event loop: an idle connection is taken and given back in O(1).

    The `openai` client (and the httpx2 stack under it) spends milliseconds of CPU per call
    building, sending and reading a request of tens of kilobytes, and its pool scans all
    its connections per request; at hundreds of concurrent trials that made the harness,
    not the model, the bound. This sends the same request (the body already JSON) with
    one write and reads the reply with the stream reader. Only plain endpoints take this
    path (`_direct`): Azure, credentials in the URL and proxies keep the `openai` client.
    """

    def __init__(self, base_url: str):
        from urllib.parse import urlsplit

        parts = urlsplit(base_url)
        self.tls = parts.scheme == "https"
        self.host = parts.hostname or ""
        self.port = parts.port or (443 if self.tls else 80)
        default_port = parts.port is None or parts.port == (443 if self.tls else 80)
        host = f"[{self.host}]" if ":" in self.host else self.host
        self.host_header = host if default_port else f"{host}:{self.port}"
        self.path = (parts.path.rstrip("/") + "/chat/completions").encode()
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        self._ssl: Any = None

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self.tls and self._ssl is None:
            import ssl

            self._ssl = ssl.create_default_context()
        return await asyncio.open_connection(self.host, self.port, ssl=self._ssl if self.tls else None,
                                             limit=2**20)

    def _take(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        while self.idle:
            reader, writer = self.idle.pop()
            if reader.at_eof() or writer.is_closing():  # the server closed it while idle
                writer.close()
                continue
            return reader, writer
        return None

    async def post(self, head: bytes, body: list[bytes | bytearray]) -> tuple[int, dict[str, str], bytes]:
        """One request (`head`: the header lines after the request line; `body`: its parts,
        joined once here with the head, so that tens of kilobytes are copied once). A
        connection is kept only when its reply was read whole and the server lets it live; a
        reused connection that the server had closed (no reply at all) is retried once afresh."""
        length = sum(len(part) for part in body)
        request = b"".join([b"POST ", self.path, b" HTTP/1.1\r\nHost: ", self.host_header.encode(), b"\r\n", head,
                            b"Content-Length: ", str(length).encode(), b"\r\n\r\n", *body])
        for fresh in (False, True):
            conn = None if fresh else self._take()
            reused = conn is not None
            reader, writer = conn or await self._connect()
            keep = False
            try:
                writer.write(request)
                try:
                    line = await reader.readuntil(b"\r\n")
                except (asyncio.IncompleteReadError, ConnectionError):
                    if reused:
                        continue  # stale keep-alive connection: nothing was answered
                    raise
                status, headers, data, keep = await self._reply(line, reader)
                return status, headers, data
            finally:
                if keep and len(self.idle) < _MAX_IDLE:
                    self.idle.append((reader, writer))
                else:
                    writer.close()
        raise ConnectionError("the connection closed before a reply")

    @staticmethod
    async def _reply(line: bytes, reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes, bool]:
        version, _, rest = line.decode("latin-1").partition(" ")
        status = int(rest[:3])
        block = await reader.readuntil(b"\r\n\r\n")
        headers: dict[str, str] = {}
        for raw in block.decode("latin-1").split("\r\n"):
            name, sep, value = raw.partition(":")
            if sep:
                headers[name.strip().lower()] = value.strip()
        keep = version == "HTTP/1.1" and headers.get("connection", "").lower() != "close"
        if "chunked" in headers.get("transfer-encoding", "").lower():
            parts = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0], 16)
                if size == 0:
                    while (await reader.readuntil(b"\r\n")) != b"\r\n":  # trailers
                        pass
                    break
                parts.append(await reader.readexactly(size + 2))
            data = b"".join(p[:-2] for p in parts)
        elif "content-length" in headers:
            data = await reader.readexactly(int(headers["content-length"]))
        else:  # the body ends with the connection
            data, keep = await reader.read(), False
        encoding = headers.get("content-encoding", "").lower()
        if encoding in ("gzip", "deflate"):
            import zlib

            data = zlib.decompress(data, 31 if encoding == "gzip" else 15)
        return status, headers, data, keep


# One _Endpoint per event loop and base URL; None where the openai client is used instead.
_endpoints: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, _Endpoint | None]]" = (
    weakref.WeakKeyDictionary())


def _direct(config: ModelConfig) -> _Endpoint | None:
    """The direct HTTP path for a plain http(s) endpoint without Azure routing, URL
    credentials or a proxy; None: the openai client."""
    base = config.base_url or os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"
    per_loop = _endpoints.setdefault(asyncio.get_running_loop(), {})
    if base in per_loop:
        return per_loop[base]
    from urllib.parse import urlsplit
    from urllib.request import getproxies, proxy_bypass

    endpoint_: _Endpoint | None = None
    try:
        parts = urlsplit(base)
        proxies = getproxies()
        proxied = bool(proxies.get(parts.scheme) or proxies.get("all")) and not proxy_bypass(parts.hostname or "")
        if (parts.scheme in ("http", "https") and parts.hostname and not parts.username and not parts.password
                and not parts.query and not proxied and config.api_version is None):
            endpoint_ = _Endpoint(base)
    except ValueError:
        endpoint_ = None
    per_loop[base] = endpoint_
    return endpoint_


def _headers(config: ModelConfig) -> bytes:
    key = os.environ.get(config.api_key_env)
    if not key and config.api_key_env != "OPENAI_API_KEY":
        raise ThinkingboxError(f"environment variable {config.api_key_env} (the API key for {config.model}) is not set")
    lines = [("Authorization", f"Bearer {key or 'none'}"),  # local servers (vLLM, tests) accept any key
             ("Content-Type", "application/json"), ("Accept", "application/json"),
             ("Accept-Encoding", "gzip, deflate"), ("User-Agent", "thinkingbox")]
    for variable, header in (("OPENAI_ORG_ID", "OpenAI-Organization"), ("OPENAI_PROJECT_ID", "OpenAI-Project")):
        if os.environ.get(variable):
            lines.append((header, os.environ[variable]))
    if any("\r" in value or "\n" in value for _, value in lines):
        raise ThinkingboxError(f"the value of {config.api_key_env} (or OPENAI_ORG_ID, OPENAI_PROJECT_ID) holds a "
                               "line break: set the variable to the value alone")
    return "".join(f"{name}: {value}\r\n" for name, value in lines).encode("latin-1", "replace")


async def _post_direct(endpoint_: _Endpoint, config: ModelConfig, head: bytes, body: list[bytes | bytearray]) -> bytes:
    """One attempt over the direct path: the reply's body, or HTTPFailure."""
    try:
        async with asyncio.timeout(config.timeout):
            status, headers, data = await endpoint_.post(head, body)
    except TimeoutError:
        raise HTTPFailure("APITimeoutError", "Request timed out.") from None
    except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as exc:
        raise HTTPFailure("APIConnectionError", f"Connection error ({type(exc).__name__}: {exc}).") from None
    if 200 <= status < 300:
        return data
    import orjson

    try:  # as the openai client words it
        detail: Any = orjson.loads(data)
    except orjson.JSONDecodeError:
        detail = data.decode("utf-8", "replace").strip()
    kind = _STATUS_NAMES.get(status, "InternalServerError" if status >= 500 else "APIStatusError")
    raise HTTPFailure(kind, f"Error code: {status} - {detail}" if detail else f"Error code: {status}", status,
                      headers)


def _retry_after(exc: Exception) -> float | None:
    response = getattr(exc, "response", None)
    value = response.headers.get("retry-after") if response is not None else None
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


def _retryable(exc: Exception) -> bool:
    import openai

    if isinstance(exc, HTTPFailure):
        return exc.status_code is None or exc.status_code in RETRYABLE_STATUS
    if isinstance(exc, (openai.APITimeoutError, openai.APIConnectionError)):
        return True
    return isinstance(exc, openai.APIStatusError) and exc.status_code in RETRYABLE_STATUS


def _describe(exc: Exception) -> str:
    status = getattr(exc, "status_code", None)
    return f"{getattr(exc, 'kind', type(exc).__name__)}" + (f" (HTTP {status})" if status else "") + f": {str(exc)[:300]}"


def _body_parts(body: dict[str, Any], messages: list[dict[str, Any]], tools: Any) -> list[bytes | bytearray]:
    """A request body's JSON in parts: the JSON made once (the tools') or message by message
    (the conversation's) spliced after the rest of the body, which always holds "model"."""
    import orjson

    if not (isinstance(messages, Conversation) or isinstance(tools, ToolSchemas)):
        return [orjson.dumps(body)]
    rest = {k: v for k, v in body.items() if k not in ("messages", "tools")}
    parts: list[bytes | bytearray] = [orjson.dumps(rest)[:-1], b',"messages":',
                                      *(messages.json_parts() if isinstance(messages, Conversation)
                                        else (orjson.dumps(messages),))]
    if tools:
        parts += [b',"tools":', tools.json if isinstance(tools, ToolSchemas) else orjson.dumps(list(tools))]
    parts.append(b"}")
    return parts


async def complete(config: ModelConfig, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                   **overrides: Any) -> Completion:
    """One chat completion with retries. Raises ModelCallFailed when it cannot succeed."""
    import httpx2
    import orjson

    direct = _direct(config)
    client = _client(config) if direct is None else None
    head = _headers(config) if direct is not None else b""
    # Sent as orjson-encoded bytes and read back as plain JSON: the SDK's typed create()
    # re-walks every message and tool schema on each call (milliseconds at tens of
    # kilobytes), which would make the harness, not the model, the bottleneck at high
    # concurrency. Every parameter, standard or server-specific (top_k, ...), goes into the
    # body as it is. Azure routes by deployment from the parsed body, so it keeps `body=`.
    body: dict[str, Any] = {**config.params, **overrides, "model": config.model, "messages": messages}
    if tools:
        body["tools"] = list(tools)
    parts: list[bytes | bytearray] = [] if config.api_version else _body_parts(body, messages, tools)
    payload: dict[str, Any] = {"content": b"".join(parts)} if parts and direct is None else {"body": body}
    options: dict[str, Any] = {"timeout": config.timeout, "headers": {"Content-Type": "application/json"}}
    attempt, retries = 0, 0
    started = time.perf_counter()

    def failed(reason: str) -> ModelCallFailed:
        usage = {**empty_usage(), "calls": 1, "attempts": attempt, "failed": 1, "retries": retries,
                 "latency_ms": round((time.perf_counter() - started) * 1000, 3)}
        return ModelCallFailed(f"{config.model}: {reason}", usage)

    while True:
        attempt += 1
        try:
            async with call_slot(config) if call_slot is not None else nullcontext():
                if direct is not None:
                    content = await _post_direct(direct, config, head, parts)
                else:
                    content = (await client.post("/chat/completions", cast_to=httpx2.Response, options=options,
                                                 **payload)).content
            response = orjson.loads(content)
            break
        except orjson.JSONDecodeError:
            raise failed("the response is not JSON") from None
        except Exception as exc:
            if not _retryable(exc) or attempt >= config.max_attempts:
                raise failed(f"{_describe(exc)} after {attempt} attempt(s)") from None
            wait = _retry_after(exc)
            if wait is None:
                wait = random.uniform(0, min(config.backoff_max, config.backoff_base * 2 ** (attempt - 1)))
            retries += 1
            await asyncio.sleep(min(wait, config.backoff_max))
    choices = response.get("choices") if isinstance(response, dict) else None
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict) \
            or not isinstance(choices[0].get("message"), dict):
        raise failed("the response has no message")
    choice = choices[0]
    message = choice["message"]
    reasoning = message.get("reasoning_content") or message.get("reasoning")
    calls = [{"id": c.get("id") or "", "name": c["function"].get("name") or "",
              "arguments": c["function"].get("arguments") or ""}
             for c in (message.get("tool_calls") or []) if isinstance(c.get("function"), dict)]
    usage = _usage(response.get("usage"))
    usage["latency_ms"] = round((time.perf_counter() - started) * 1000, 3)
    usage.update(calls=1, attempts=attempt, failed=0, retries=retries)
    content = message.get("content")
    return Completion(content if isinstance(content, str) else "", calls,
                      reasoning if isinstance(reasoning, str) else None, usage, attempt, choice.get("finish_reason"))


def _usage(usage: dict[str, Any] | None) -> dict[str, Any]:
    usage = usage or {}
    prompt_details = usage.get("prompt_tokens_details") or {}
    completion_details = usage.get("completion_tokens_details") or {}
    return {
        "input": usage.get("prompt_tokens") or 0,
        "cached": prompt_details.get("cached_tokens") or 0,
        "output": usage.get("completion_tokens") or 0,
        "reasoning": completion_details.get("reasoning_tokens") or 0,
    }
