"""Shared fixtures. Tests run against the real PostgreSQL and Redis; they fail, never skip, without them.

Isolation is by user id: every test makes its own users, so tests never see each other's rows.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

# Settings are read once per process: point them at the test services before anything imports them.
TEST_DATABASE_URL = os.environ.setdefault(
    "LTM_TEST_DATABASE_URL", "postgresql+psycopg2://postgres@127.0.0.1:5432/ltm_test"
)
TEST_BROKER_URL = os.environ.setdefault("LTM_TEST_BROKER_URL", "redis://127.0.0.1:6379/15")
os.environ["LTM_DATABASE_URL"] = TEST_DATABASE_URL
os.environ.pop("LTM_BROKER_URL", None)  # in-process unless a test starts real workers
os.environ["LTM_LLM_BACKEND"] = "rules"

from sqlalchemy import Engine  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402

from models.db import get_engine, session_scope  # noqa: E402


@pytest.fixture(scope="session")
def database_url() -> str:
    """The migrated test database. Fails loudly when PostgreSQL is not reachable."""
    from celery_app.migrate import upgrade

    try:
        upgrade(TEST_DATABASE_URL)
    except Exception as exc:  # the message must say what is missing, not a stack of driver frames
        pytest.fail(f"PostgreSQL at {TEST_DATABASE_URL} is not usable ({exc}); run `make services`", False)
    return TEST_DATABASE_URL


@pytest.fixture()
def session(database_url: str) -> Iterator[Session]:
    with session_scope(database_url) as s:
        yield s


@pytest.fixture()
def user_id() -> str:
    return f"test-{uuid.uuid4().hex[:12]}"


@pytest.fixture(scope="session")
def engine(database_url: str) -> Engine:
    return get_engine(database_url)
