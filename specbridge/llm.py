"""The only module that talks to a language model.

`LLMClient` wraps the `openai` package's async client against OpenAI or any OpenAI-compatible server (vLLM,
llama.cpp server, Ollama, ...) chosen by base URL. It owns one background event loop, so synchronous callers
(generators run one task at a time, possibly from several threads) share one connection pool and one
concurrency limit. Every call is retried with exponential backoff on 429, 5xx, connection errors, timeouts and
malformed responses; answers are cached in SQLite keyed by model + messages + sampling parameters, so a re-run
costs nothing; tokens and latency are reported per call.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import json
import random
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openai

from specbridge.errors import LLMError
from specbridge.settings import LLMSettings

Message = dict[str, str]  # {"role": "system"|"user"|"assistant", "content": "..."}

NOT_CONFIGURED_HINT = (
    "no LLM configured: set SPECBRIDGE_MODEL and OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL "
    "(any OpenAI-compatible server), or the llm table of specbridge.toml; see docs/llm.md"
)


class LLMNotConfigured(LLMError):
    """No model is configured. Callers report this as `unavailable`, never as a pass or a fail."""

    def __init__(self, message: str = NOT_CONFIGURED_HINT):
        super().__init__(message)


@dataclass(frozen=True)
class Completion:
    """One model answer with its accounting. Cached answers report zero tokens and zero latency."""

    text: str
    model: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency: float = 0.0  # seconds waiting for the endpoint, retries and backoff included
    cached: bool = False
    attempts: int = 1


def cache_key(model: str, messages: Sequence[Message], params: dict[str, Any]) -> str:
    """A stable key for one request: sha256 of the model, the messages and the sampling parameters."""
    payload = json.dumps(
        {"model": model, "messages": list(messages), "params": params}, sort_keys=True, ensure_ascii=False
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class ResponseCache:
    """A persistent SQLite map from request key to answer; safe to share between threads."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        # Several clients (generators, the judge) and processes may share one cache file: wait, don't fail.
        self._db = sqlite3.connect(str(path), check_same_thread=False, timeout=30.0)
        if str(path) != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, model TEXT, text TEXT,"
            " prompt_tokens INTEGER, completion_tokens INTEGER, created REAL)"
        )
        self._db.commit()

    def get(self, key: str) -> Completion | None:
        with self._lock:
            row = self._db.execute(
                "SELECT model, text, prompt_tokens, completion_tokens FROM responses WHERE key = ?", (key,)
            ).fetchone()
        if row is None:
            return None
        return Completion(text=row[1], model=row[0], cached=True, attempts=0)

    def put(self, key: str, completion: Completion) -> None:
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?, ?, ?)",
                (
                    key,
                    completion.model,
                    completion.text,
                    completion.prompt_tokens,
                    completion.completion_tokens,
                    time.time(),
                ),
            )
            self._db.commit()

    def __len__(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM responses").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()


class _Retryable(Exception):
    def __init__(self, reason: str, retry_after: float | None = None):
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


class LLMClient:
    """A chat-completions client with a concurrency limit, retries, a response cache and accounting.

    Use `complete(messages)` from synchronous code (any thread) or `await acomplete(messages)` from any event
    loop; both run the request on the client's own loop. `backoff` is the first retry delay in seconds
    (doubled each retry, with jitter, capped at `max_backoff`); tests set it tiny.
    """

    def __init__(
        self,
        settings: LLMSettings,
        *,
        backoff: float = 1.0,
        max_backoff: float = 30.0,
        cache: ResponseCache | None | bool = True,
    ):
        if not settings.configured:
            raise LLMNotConfigured()
        self.settings = settings
        self.backoff = backoff
        self.max_backoff = max_backoff
        if cache is True:
            self.cache: ResponseCache | None = ResponseCache(settings.cache_path)
        elif cache is False or cache is None:
            self.cache = None
        else:
            self.cache = cache
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self._client: openai.AsyncOpenAI | None = None
        self._semaphore: asyncio.Semaphore | None = None

    # -- public API ---------------------------------------------------------------------------------------

    def complete(
        self, messages: Sequence[Message], *, temperature: float | None = None, max_tokens: int | None = None
    ) -> Completion:
        """Send one chat request and wait for the answer; raises LLMError after the retries are spent."""
        loop = self._ensure_loop()
        if threading.current_thread() is self._thread:
            raise LLMError("LLMClient.complete called from the client's own event loop; use acomplete")
        future = asyncio.run_coroutine_threadsafe(
            self._complete(list(messages), temperature=temperature, max_tokens=max_tokens), loop
        )
        return future.result()

    async def acomplete(
        self, messages: Sequence[Message], *, temperature: float | None = None, max_tokens: int | None = None
    ) -> Completion:
        """The awaitable form of `complete`, usable from any event loop."""
        loop = self._ensure_loop()
        future = asyncio.run_coroutine_threadsafe(
            self._complete(list(messages), temperature=temperature, max_tokens=max_tokens), loop
        )
        return await asyncio.wrap_future(future)

    def close(self) -> None:
        """Stop the background loop and close the HTTP client and the cache."""
        loop, thread = self._loop, self._thread
        if loop is not None and thread is not None:
            if self._client is not None:
                client = self._client
                try:
                    asyncio.run_coroutine_threadsafe(client.close(), loop).result(timeout=5)
                except (concurrent.futures.TimeoutError, RuntimeError):
                    pass
            loop.call_soon_threadsafe(loop.stop)
            thread.join(timeout=5)
            loop.close()
        self._loop = self._thread = self._client = None
        if self.cache is not None:
            self.cache.close()
            self.cache = None

    def __enter__(self) -> LLMClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals ----------------------------------------------------------------------------------------

    def _ensure_loop(self) -> asyncio.AbstractEventLoop:
        with self._start_lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                ready = threading.Event()

                def run() -> None:
                    asyncio.set_event_loop(loop)
                    loop.call_soon(ready.set)
                    loop.run_forever()

                thread = threading.Thread(target=run, name="specbridge-llm", daemon=True)
                thread.start()
                ready.wait()
                self._loop, self._thread = loop, thread
            return self._loop

    def _params(self, temperature: float | None, max_tokens: int | None) -> dict[str, Any]:
        s = self.settings
        params: dict[str, Any] = {
            "temperature": s.temperature if temperature is None else temperature,
            "max_tokens": s.max_tokens if max_tokens is None else max_tokens,
        }
        if s.seed is not None:
            params["seed"] = s.seed
        return params

    async def _complete(
        self, messages: list[Message], *, temperature: float | None, max_tokens: int | None
    ) -> Completion:
        model = self.settings.model or ""
        params = self._params(temperature, max_tokens)
        key = cache_key(model, messages, params)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                return hit
        if self._client is None:
            self._client = openai.AsyncOpenAI(
                api_key=self.settings.api_key or "sk-no-key-needed",
                base_url=self.settings.base_url or None,
                timeout=self.settings.timeout,
                max_retries=0,  # retries are ours: we control backoff and count attempts
            )
            self._semaphore = asyncio.Semaphore(max(1, self.settings.concurrency))
        assert self._semaphore is not None
        started = time.perf_counter()
        last_reason = ""
        attempts = 0
        for attempt in range(self.settings.max_retries + 1):
            attempts = attempt + 1
            try:
                async with self._semaphore:
                    completion = await self._one_call(model, messages, params)
            except _Retryable as exc:
                last_reason = exc.reason
                if attempt == self.settings.max_retries:
                    break
                delay = min(self.max_backoff, self.backoff * (2**attempt)) * (0.5 + random.random() / 2)
                if exc.retry_after is not None:
                    delay = min(self.max_backoff, max(delay, exc.retry_after))
                await asyncio.sleep(delay)
                continue
            completion = Completion(
                text=completion.text,
                model=completion.model,
                prompt_tokens=completion.prompt_tokens,
                completion_tokens=completion.completion_tokens,
                latency=time.perf_counter() - started,
                attempts=attempts,
            )
            if self.cache is not None:
                self.cache.put(key, completion)
            return completion
        raise LLMError(
            f"model {model!r} at {self.settings.base_url or 'api.openai.com'} failed after {attempts} "
            f"attempt(s): {last_reason}",
            transient=True,
        )

    async def _one_call(self, model: str, messages: list[Message], params: dict[str, Any]) -> Completion:
        assert self._client is not None
        try:
            response = await self._client.chat.completions.create(
                model=model,
                messages=messages,  # type: ignore[arg-type]
                **params,
            )
        except openai.APITimeoutError as exc:
            raise _Retryable(f"timeout after {self.settings.timeout:g}s") from exc
        except openai.APIConnectionError as exc:
            raise _Retryable(f"connection error: {exc}") from exc
        except openai.APIStatusError as exc:
            status = exc.status_code
            if status == 429 or status >= 500 or status == 408:
                raise _Retryable(f"HTTP {status}: {_short(exc.message)}", _retry_after(exc)) from exc
            raise LLMError(f"HTTP {status} from the model endpoint: {_short(exc.message)}") from exc
        except openai.APIResponseValidationError as exc:
            raise _Retryable(f"malformed response: {_short(str(exc))}") from exc
        except (json.JSONDecodeError, ValueError, TypeError, AttributeError) as exc:
            raise _Retryable(f"malformed response: {_short(str(exc))}") from exc
        return _parse_response(response, model)


def _parse_response(response: Any, model: str) -> Completion:
    """The text and token counts of a chat completion; malformed shapes are retryable errors."""
    if isinstance(response, str | bytes) or response is None:
        raise _Retryable(f"malformed response: not a chat completion ({_short(str(response))})")
    choices = getattr(response, "choices", None)
    if not choices:
        raise _Retryable("malformed response: no choices")
    message = getattr(choices[0], "message", None)
    text = getattr(message, "content", None)
    if not isinstance(text, str):
        raise _Retryable("malformed response: choice without text content")
    usage = getattr(response, "usage", None)
    prompt_tokens = int(getattr(usage, "prompt_tokens", 0) or 0) if usage is not None else 0
    completion_tokens = int(getattr(usage, "completion_tokens", 0) or 0) if usage is not None else 0
    return Completion(
        text=text,
        model=str(getattr(response, "model", None) or model),
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
    )


def _retry_after(exc: openai.APIStatusError) -> float | None:
    try:
        value = exc.response.headers.get("retry-after")
        return float(value) if value is not None else None
    except (AttributeError, ValueError):
        return None


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
