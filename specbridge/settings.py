"""One Settings object, read from `specbridge.toml` and the environment, passed down explicitly."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from specbridge.errors import ConfigError

DEFAULT_CONFIG_NAME = "specbridge.toml"


class LLMSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")  # a misspelt key is an error, not silently ignored

    base_url: str | None = None  # OPENAI_BASE_URL; None means OpenAI's own endpoint when a key is set
    api_key: str | None = None  # OPENAI_API_KEY
    model: str | None = None  # SPECBRIDGE_MODEL
    temperature: float = 0.0
    seed: int | None = 0
    max_tokens: int = 4096
    timeout: float = 120.0  # seconds per call
    max_retries: int = 4
    concurrency: int = 4
    cache_path: str = ".specbridge/llm-cache.db"

    @property
    def configured(self) -> bool:
        """A model is usable when we know which model to call and where (a key or a custom base URL)."""
        return bool(self.model) and bool(self.api_key or self.base_url)


class LeanSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    lean: str | None = None  # SPECBRIDGE_LEAN: a `lean` binary or a `lake` binary to run `lake env lean`
    project_dir: str | None = None  # the Lake project with Mathlib; default: the repository root
    timeout: float = 300.0  # wall-clock seconds per task file
    max_heartbeats: int = 400000
    workers: int = 0  # 0 = number of CPU cores
    tactics: list[str] = Field(
        default_factory=lambda: ["decide", "rfl", "simp_all", "omega", "norm_num", "simp_arith", "aesop"]
    )
    native_decide: bool = False  # trusts the compiler; off unless the user opts in


class ComputableSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_steps: int = 2_000_000
    max_depth: int = 2_000
    timeout: float = 5.0  # seconds per obligation
    max_int_bits: int = 1 << 16
    search_bound: int = 64  # bounded search for genuinely unbounded quantifiers
    worker_process: bool = True  # evaluate in a worker process that is killed when an obligation overruns
    max_memory_mb: int = 2048  # address space a worker may add (RLIMIT_AS); 0 = no cap
    max_value_size: int = 5_000_000  # elements/characters one built list, array or string may have


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    db: str = "specbridge.db"
    generator: str | None = None  # None: `specbridge` when an LLM is configured, else `offline`
    repair_rounds: int = 2
    examples: int = 0  # K visible example tests per task
    llm: LLMSettings = Field(default_factory=LLMSettings)
    lean: LeanSettings = Field(default_factory=LeanSettings)
    computable: ComputableSettings = Field(default_factory=ComputableSettings)

    @property
    def default_generator(self) -> str:
        return self.generator or ("specbridge" if self.llm.configured else "offline")


def load_settings(config: Path | None = None, *, env: dict[str, str] | None = None) -> Settings:
    """Settings from `config` (or ./specbridge.toml when present), then environment variables on top."""
    env = dict(os.environ) if env is None else env
    data: dict = {}
    path = config if config is not None else Path(DEFAULT_CONFIG_NAME)
    if config is not None and not path.is_file():
        raise ConfigError(f"{path}: configuration file not found")
    if path.is_file():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path}: invalid TOML: {exc}") from exc
    llm = dict(data.get("llm", {}))
    lean = dict(data.get("lean", {}))
    for var, table, key in (
        ("OPENAI_API_KEY", llm, "api_key"),
        ("OPENAI_BASE_URL", llm, "base_url"),
        ("SPECBRIDGE_MODEL", llm, "model"),
        ("SPECBRIDGE_LEAN", lean, "lean"),
    ):
        if env.get(var):
            table[key] = env[var]
    data["llm"], data["lean"] = llm, lean
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        raise ConfigError(f"{path}: field {field}: {first['msg']}") from exc
