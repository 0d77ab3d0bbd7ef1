"""One typed configuration, read from `LTM_*` environment variables (and OPENAI_API_KEY)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_database_url() -> str:
    """The embedded mode: a SQLite file in the user's data directory, so `ltm` works anywhere."""
    data_home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return f"sqlite:///{data_home / 'ltm' / 'ltm.sqlite3'}"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="LTM_", extra="ignore")

    database_url: str = Field(default_factory=default_database_url)
    # None means the embedded mode: every stage runs in-process, in the caller.
    broker_url: str | None = None
    # Recovery after a crash, three numbers that work together (the kill-worker drill measures them):
    # - broker_visibility_timeout: a message delivered to a worker that died (unacknowledged) is
    #   handed out again once it is this old; workers look for such messages every 10 s
    #   (celery_app/celery.py). It must exceed the longest a live worker keeps a message unacknowledged:
    #   a task's run (a backend call times out after llm_timeout, 30 s) and a retry's delay, which
    #   tasks/stage.py caps at 60 s. 120 s leaves room for either; a fragment whose worker died
    #   mid-task is done ~2 minutes later (with a local backend its claim and work are one
    #   transaction, so this redelivery, not the requeue job, is what brings it back).
    # - fragment_stuck_seconds: a fragment in flight whose heartbeat (written by every stage that takes
    #   it up, and on every retry) is this old has lost its message; the requeue job (every 60 s)
    #   starts it again. Longer than a retry's delay plus a backend call (60 + 30 s), so a live chain
    #   is never restarted; an operator whose LLM queue backs up for minutes raises it (a restart is
    #   harmless — every stage is idempotent — but counts an attempt).
    # Both bounds, plus the scan intervals, stay below the 5 minutes the design promises.
    # - ingest batches (below): a fragment message waits unacknowledged in its worker's buffer for at
    #   most ingest_batch_interval plus the batch ahead of it, then for its own batch to run (a batch
    #   of 32 with the rules backend takes well under a second); the timeout counts from delivery, so
    #   all of it must stay far below the timeout. A batch's retry (a dropped connection) is a new
    #   message with a countdown, held like any retry (below 60 s, see above).
    broker_visibility_timeout: int = 120

    # The ingest worker runs `ltm.ingest_fragment` for up to ingest_batch_size messages at once, in one
    # transaction, or for what it holds after ingest_batch_interval seconds (tasks/batches.py). A
    # Celery task costs more than a fragment's whole chain with the rules backend; 32 fragments make
    # 11 statements and one commit instead of ~11 statements and a commit each, and a batch of 32
    # takes ~0.05–0.3 s, so a fragment behind a full batch is still visible well within 0.5 s. In the
    # benchmark 8 → 1.95 ms a fragment, 16 → 1.84, 32 → 1.62, 64 → 1.58: larger batches gain little
    # and hold more messages unacknowledged per worker (README.md, write path).
    # 50 ms is what a lone fragment may wait for company: small against the 0.5 s visibility target.
    ingest_batch_size: int = Field(default=32, ge=1)
    ingest_batch_interval: float = Field(default=0.05, gt=0)

    llm_backend: Literal["rules", "openai"] = "rules"
    llm_base_url: str | None = None
    llm_model: str = "gpt-4o-mini"
    llm_timeout: float = 30.0
    openai_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("OPENAI_API_KEY", "LTM_OPENAI_API_KEY")
    )
    api_keys: str = ""
    # Larger request bodies get 413 before they are parsed. The largest fragment the schema accepts
    # (models/schemas.py: 200 messages of 20,000 characters) is 48,000,000 bytes of message text when
    # every character is one outside the Basic Multilingual Plane written as a JSON surrogate-pair
    # escape (12 bytes: what Python's json.dumps emits for an emoji), plus ~20 KB of keys, ids and
    # timestamps; 48 MiB (50,331,648) leaves room for indentation. tests/test_api.py measures it.
    api_max_body_bytes: int = Field(default=48 * 1024 * 1024, gt=0)

    # Quotas, from the companion-assistant seed.
    max_value_chars: int = 500
    max_key_chars: int = 100
    max_facts_per_user: int = 2000

    # Gluing short pieces of dialogue.
    glued_confidence: float = 0.6
    glue_buffer_max_messages: int = 8
    buffer_idle_seconds: int = 300

    # Fragments: how often a fragment may be claimed before it is parked as failed.
    max_fragment_attempts: int = 5
    # A fragment in pending/processing whose heartbeat is this old is started again (see above).
    fragment_stuck_seconds: int = 120

    # Read path.
    context_budget_chars: int = 4000
    context_section_cap: int = 15

    @property
    def embedded(self) -> bool:
        return self.broker_url is None

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
