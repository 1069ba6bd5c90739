"""A fake OpenAI-compatible Chat Completions server on 127.0.0.1 for tests.

Each model name has its own script: a list of steps served in order. A step is
    {"content": "...", "tool_calls": [{"name": ..., "arguments": {...} or "raw"}],
     "reasoning": "...", "usage": {...}}          -> a 200 completion
    {"status": 429, "headers": {"Retry-After": "0.05"}}   -> an error response
    {"sleep": 0.5, ...}                           -> wait first (to trigger client timeouts)
    a callable(request_body) returning a step     -> computed per request
`repeat_last=True` keeps serving the last step forever. `fallback` (a step) answers every
model that has no script. Every request is recorded, and `peak` is the most requests it was
serving at once.

Run as a script, it serves one reply to every model on a port of its own, for trying an
integration without a key (docs/inspect.md):
    uv run python tests/fake_openai.py --port 8011 [--reply TEXT | --status 500]
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeOpenAI:
    def __init__(self, port: int = 0):
        self.scripts: dict[str, list[Any]] = {}
        self.repeat: dict[str, bool] = {}
        self.fallback: Any = None  # the step for a model without a script
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.active = 0  # requests being served now (read to the start of the reply)
        self.peak = 0    # the most served at once
        self.server = ThreadingHTTPServer(("127.0.0.1", port), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def script(self, model: str, steps: list[Any], repeat_last: bool = False) -> None:
        with self.lock:
            self.scripts[model] = list(steps)
            self.repeat[model] = repeat_last

    def requests_for(self, model: str) -> list[dict[str, Any]]:
        return [r["body"] for r in self.requests if r["body"].get("model") == model]

    def start(self) -> "FakeOpenAI":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _next(self, body: dict[str, Any]) -> Any:
        with self.lock:
            steps = self.scripts.get(body.get("model"), [])
            if not steps and self.fallback is not None:
                steps = [self.fallback]
            elif not steps:
                return {"status": 400, "error": f"fake server: no scripted reply left for model {body.get('model')!r}"}
            step = steps[0] if (len(steps) == 1 and self.repeat.get(body.get("model"))) else steps.pop(0)
        return step(body) if callable(step) else step

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output clean
                pass

            def do_POST(self):
                length = int(self.headers.get("content-length", 0))
                raw = self.rfile.read(length)
                body = json.loads(raw or b"{}")
                with fake.lock:
                    fake.requests.append({"path": self.path, "headers": dict(self.headers), "body": body, "raw": raw})
                with fake.lock:
                    fake.active += 1
                    fake.peak = max(fake.peak, fake.active)
                try:
                    step = fake._next(body)
                    if step.get("sleep"):
                        time.sleep(step["sleep"])
                finally:
                    # (before the reply is sent: a client that has its reply may send the next one)
                    with fake.lock:
                        fake.active -= 1
                status = step.get("status", 200)
                if status != 200:
                    payload = {"error": {"message": step.get("error", f"fake error {status}"), "type": "fake",
                                         "code": status}}
                    self._send(status, payload, step.get("headers", {}))
                    return
                self._send(200, completion(body, step))

            def _send(self, status, payload, headers=None):
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for key, value in (headers or {}).items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

        return Handler


def completion(request: dict[str, Any], step: dict[str, Any]) -> dict[str, Any]:
    calls = []
    for i, call in enumerate(step.get("tool_calls", [])):
        args = call.get("arguments", {})
        calls.append({"id": call.get("id", f"call_{len(request.get('messages', []))}_{i}"), "type": "function",
                      "function": {"name": call["name"],
                                   "arguments": args if isinstance(args, str) else json.dumps(args)}})
    message: dict[str, Any] = {"role": "assistant", "content": step.get("content")}
    if calls:
        message["tool_calls"] = calls
    if step.get("reasoning"):
        message["reasoning_content"] = step["reasoning"]
    usage = {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120,
             "prompt_tokens_details": {"cached_tokens": 40}, "completion_tokens_details": {"reasoning_tokens": 5}}
    usage.update(step.get("usage", {}))
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": request.get("model"),
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if calls else "stop"}],
            "usage": usage}


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="A fake OpenAI-compatible Chat Completions server on 127.0.0.1: "
                                                 "every model gets the same reply (tests/fake_openai.py).")
    parser.add_argument("--port", type=int, default=8011, help="port on 127.0.0.1 (default 8011)")
    parser.add_argument("--reply", default="I am a fake model and cannot help with that. <DONE>",
                        help="the assistant message of every completion")
    parser.add_argument("--status", type=int, default=200, help="answer every request with this HTTP status instead")
    args = parser.parse_args()
    fake = FakeOpenAI(args.port)
    fake.fallback = {"content": args.reply} if args.status == 200 else {"status": args.status}
    print(f"fake OpenAI-compatible server at {fake.url} (any model, any key); Ctrl-C stops it", flush=True)
    try:
        fake.server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        fake.server.server_close()


if __name__ == "__main__":
    main()
