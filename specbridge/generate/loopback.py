"""A scripted OpenAI-compatible chat server on 127.0.0.1, for tests and benchmarks (no network involved).

`ScriptedLLMServer` serves `POST /v1/chat/completions` from a stdlib `http.server` in a background thread.
Each request takes the next `Reply` from the script, or asks the `responder` function once the script is used
up. Every request body is recorded, so a test can assert what the model was (and was not) shown.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Reply:
    """One scripted answer: a completion `text`, or an HTTP `status` error, or a `raw` body; after `delay` s."""

    text: str | None = None
    status: int = 200
    raw: str | None = None
    delay: float = 0.0
    headers: tuple[tuple[str, str], ...] = ()
    prompt_tokens: int = 11
    completion_tokens: int = 7


Responder = Callable[[dict[str, Any]], Reply]


class ScriptedLLMServer:
    """Start with `with ScriptedLLMServer(script=[...]) as server:`; point LLMSettings.base_url at `server.url`."""

    def __init__(self, script: list[Reply] | None = None, responder: Responder | None = None):
        self.script = list(script or [])
        self.responder = responder
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        assert self._httpd is not None, "server not started"
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    def prompts(self) -> list[str]:
        """The text of every message of every request received, in order."""
        return [m.get("content", "") for r in self.requests for m in r.get("messages", [])]

    def _next_reply(self, body: dict[str, Any]) -> Reply:
        with self._lock:
            self.requests.append(body)
            if self.script:
                return self.script.pop(0)
        if self.responder is not None:
            return self.responder(body)
        return Reply(status=500, raw='{"error": {"message": "script exhausted"}}')

    def start(self) -> ScriptedLLMServer:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def setup(self) -> None:
                super().setup()
                # Headers and body go out in two writes; without NODELAY, Nagle + delayed ACK adds ~40 ms.
                self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
                return

            def do_POST(self) -> None:  # noqa: N802 - stdlib naming
                length = int(self.headers.get("content-length") or 0)
                raw_body = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw_body or b"{}")
                except json.JSONDecodeError:
                    body = {"_invalid": raw_body.decode("utf-8", "replace")}
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, '{"error": {"message": "not found"}}')
                    return
                reply = server._next_reply(body)
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.raw is not None:
                    payload = reply.raw
                elif reply.status != 200:
                    payload = json.dumps({"error": {"message": f"scripted {reply.status}", "type": "scripted"}})
                else:
                    payload = json.dumps(_completion(body, reply))
                try:
                    self._send(reply.status, payload, reply.headers)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout test)
                    pass

            def _send(self, status: int, payload: str, headers: tuple[tuple[str, str], ...] = ()) -> None:
                data = payload.encode("utf-8")
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                for name, value in headers:
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        httpd = self._httpd
        self._thread = threading.Thread(
            target=lambda: httpd.serve_forever(poll_interval=0.02), name="scripted-llm", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._httpd = self._thread = None

    def __enter__(self) -> ScriptedLLMServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _completion(body: dict[str, Any], reply: Reply) -> dict[str, Any]:
    return {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "scripted"),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": reply.text or ""},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": reply.completion_tokens,
            "total_tokens": reply.prompt_tokens + reply.completion_tokens,
        },
    }
