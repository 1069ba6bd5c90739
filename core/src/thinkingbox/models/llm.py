"""Calls to OpenAI-compatible Chat Completions endpoints, with the retry policy every
model-backed part of Thinkingbox shares (agent, simulated user, rubric judge).

Retries: 429 (honouring Retry-After), 5xx, timeouts and connection errors, with
exponential backoff and full jitter. Other errors (400, 401, 404 ...) are not retried.
The API key is read from an environment variable named in the configuration and is never
stored in a ModelConfig, a record or a log.
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

    if isinstance(exc, (openai.APITimeoutError, openai.APIConnectionError)):
        return True
    return isinstance(exc, openai.APIStatusError) and exc.status_code in RETRYABLE_STATUS


def _describe(exc: Exception) -> str:
    status = getattr(exc, "status_code", None)
    return f"{type(exc).__name__}" + (f" (HTTP {status})" if status else "") + f": {str(exc)[:300]}"


async def complete(config: ModelConfig, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                   **overrides: Any) -> Completion:
    """One chat completion with retries. Raises ModelCallFailed when it cannot succeed."""
    import httpx2
    import orjson

    client = _client(config)
    # Sent as orjson-encoded bytes and read back as plain JSON: the SDK's typed create()
    # re-walks every message and tool schema on each call (milliseconds at tens of
    # kilobytes), which would make the harness, not the model, the bottleneck at high
    # concurrency. Every parameter, standard or server-specific (top_k, ...), goes into the
    # body as it is. Azure routes by deployment from the parsed body, so it keeps `body=`.
    body: dict[str, Any] = {**config.params, **overrides, "model": config.model, "messages": messages}
    if tools:
        body["tools"] = tools
    if config.api_version:
        payload: dict[str, Any] = {"body": body}
    else:
        payload = {"content": orjson.dumps(body)}
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
                raw = await client.post("/chat/completions", cast_to=httpx2.Response, options=options, **payload)
            response = orjson.loads(raw.content)
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
    choices = response.get("choices") or []
    if not isinstance(response, dict) or not choices or not isinstance(choices[0].get("message"), dict):
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
