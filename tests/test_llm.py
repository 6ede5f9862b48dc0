"""The real openai client against a scripted loopback server: retries, timeouts, malformed answers, the cache."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from specbridge.errors import LLMError
from specbridge.generate.loopback import Reply, ScriptedLLMServer
from specbridge.llm import LLMClient, LLMNotConfigured, ResponseCache, cache_key
from specbridge.settings import LLMSettings

MESSAGES = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "say hi"}]


def _settings(server: ScriptedLLMServer, tmp_path: Path, **kw: object) -> LLMSettings:
    base = {
        "base_url": server.url,
        "model": "scripted-model",
        "timeout": 2.0,
        "max_retries": 2,
        "cache_path": str(tmp_path / "cache.db"),
    }
    base.update(kw)
    return LLMSettings(**base)


def _client(settings: LLMSettings, **kw: object) -> LLMClient:
    return LLMClient(settings, backoff=0.001, max_backoff=0.01, **kw)


def test_success_records_tokens_latency_and_parameters(tmp_path: Path) -> None:
    with ScriptedLLMServer([Reply(text="hi", prompt_tokens=5, completion_tokens=2)]) as server:
        with _client(_settings(server, tmp_path, temperature=0.3, seed=7, max_tokens=99)) as client:
            out = client.complete(MESSAGES)
    assert out.text == "hi"
    assert (out.prompt_tokens, out.completion_tokens, out.cached, out.attempts) == (5, 2, False, 1)
    assert out.latency > 0
    body = server.requests[0]
    assert body["model"] == "scripted-model"
    assert body["messages"] == MESSAGES
    assert body["temperature"] == 0.3 and body["seed"] == 7
    assert body.get("max_tokens", body.get("max_completion_tokens")) == 99


@pytest.mark.parametrize("status", [429, 500, 503])
def test_retryable_status_then_success(tmp_path: Path, status: int) -> None:
    script = [Reply(status=status), Reply(text="recovered")]
    with ScriptedLLMServer(script) as server, _client(_settings(server, tmp_path)) as client:
        out = client.complete(MESSAGES)
    assert out.text == "recovered"
    assert out.attempts == 2
    assert len(server.requests) == 2


def test_client_error_is_not_retried(tmp_path: Path) -> None:
    with ScriptedLLMServer([Reply(status=400), Reply(text="never")]) as server:
        with _client(_settings(server, tmp_path)) as client, pytest.raises(LLMError, match="HTTP 400"):
            client.complete(MESSAGES)
    assert len(server.requests) == 1


def test_timeout_is_retried_then_reported(tmp_path: Path) -> None:
    script = [Reply(text="late", delay=1.0)] * 2
    with ScriptedLLMServer(script) as server:
        settings = _settings(server, tmp_path, timeout=0.2, max_retries=1)
        with _client(settings) as client, pytest.raises(LLMError, match="timeout"):
            client.complete(MESSAGES)
    assert len(server.requests) == 2


def test_timeout_then_success(tmp_path: Path) -> None:
    script = [Reply(text="late", delay=1.0), Reply(text="on time")]
    with ScriptedLLMServer(script) as server:
        with _client(_settings(server, tmp_path, timeout=0.2)) as client:
            assert client.complete(MESSAGES).text == "on time"


@pytest.mark.parametrize(
    "raw",
    ["this is not json", '{"id": "x", "object": "chat.completion"}', '{"choices": [{"index": 0}]}'],
)
def test_malformed_response_is_a_clear_error(tmp_path: Path, raw: str) -> None:
    with ScriptedLLMServer([Reply(raw=raw)] * 3) as server:
        with _client(_settings(server, tmp_path)) as client, pytest.raises(LLMError, match="malformed"):
            client.complete(MESSAGES)
    assert len(server.requests) == 3  # max_retries=2: three attempts


def test_connection_refused_is_an_llm_error(tmp_path: Path) -> None:
    server = ScriptedLLMServer().start()
    url = server.url
    server.stop()
    settings = LLMSettings(base_url=url, model="m", max_retries=1, cache_path=str(tmp_path / "c.db"))
    with _client(settings) as client, pytest.raises(LLMError, match="connection"):
        client.complete(MESSAGES)


def test_cache_hit_on_rerun_costs_nothing(tmp_path: Path) -> None:
    with ScriptedLLMServer([Reply(text="first")]) as server:
        settings = _settings(server, tmp_path)
        with _client(settings) as client:
            first = client.complete(MESSAGES)
        with _client(settings) as client:  # a new process would see the same file
            again = client.complete(MESSAGES)
            other = None
            with pytest.raises(LLMError):
                other = client.complete(MESSAGES, temperature=0.9)  # different parameters: a new request
    assert first.text == again.text == "first"
    assert again.cached and again.prompt_tokens == 0 and again.latency == 0
    assert other is None
    assert len(server.requests) == 1 + 3  # the re-run did not reach the server; the t=0.9 call did


def test_concurrency_limit_is_respected(tmp_path: Path) -> None:
    active = 0
    peak = 0
    lock = threading.Lock()

    def responder(body: dict) -> Reply:
        nonlocal active, peak
        with lock:
            active += 1
            peak = max(peak, active)
        import time

        time.sleep(0.05)
        with lock:
            active -= 1
        return Reply(text=body["messages"][-1]["content"])

    with ScriptedLLMServer(responder=responder) as server:
        settings = _settings(server, tmp_path, concurrency=2)
        with _client(settings, cache=False) as client:

            async def many() -> list[str]:
                msgs = [[{"role": "user", "content": f"q{i}"}] for i in range(6)]
                outs = await asyncio.gather(*(client.acomplete(m) for m in msgs))
                return [o.text for o in outs]

            texts = asyncio.run(many())
    assert texts == [f"q{i}" for i in range(6)]
    assert peak == 2  # requests overlapped (so the limit was exercised) and never more than two at once


def test_not_configured_is_its_own_error() -> None:
    with pytest.raises(LLMNotConfigured, match="no LLM configured"):
        LLMClient(LLMSettings())


def test_cache_key_depends_on_every_part(tmp_path: Path) -> None:
    k = cache_key("m", MESSAGES, {"temperature": 0})
    assert k != cache_key("m2", MESSAGES, {"temperature": 0})
    assert k != cache_key("m", MESSAGES[:1], {"temperature": 0})
    assert k != cache_key("m", MESSAGES, {"temperature": 0.5})
    cache = ResponseCache(tmp_path / "x.db")
    assert cache.get(k) is None and len(cache) == 0
