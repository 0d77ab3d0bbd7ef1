"""Engines and sessions. Nothing connects until a session is first opened."""

from __future__ import annotations

import time
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import Session, sessionmaker

from models.settings import get_settings


@lru_cache(maxsize=4)
def get_engine(url: str | None = None) -> Engine:
    url = url or get_settings().database_url
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    engine = create_engine(url, pool_size=5, max_overflow=5)
    event.listen(engine, "checkin", _note_checkin)
    event.listen(engine, "checkout", _ping_if_idle)
    return engine


# A connection back in the pool for longer than this is pinged before it is used again.
IDLE_PING_SECONDS = 2.0


def _note_checkin(_dbapi_connection: Any, record: Any) -> None:
    record.info["checked_in"] = time.monotonic()


def _ping_if_idle(dbapi_connection: Any, record: Any, proxy: Any) -> None:
    """Pre-ping, but only a connection that sat idle (SQLAlchemy's pool_pre_ping pings every checkout).

    A ping is a round trip, one in twelve of a fragment's when each fragment took its own
    connection. A connection used a moment ago is as good as its last statement; one that sat idle
    may have been closed by a server restart, and is replaced here before anyone sees the error.
    A server that goes away while connections are in use costs one OperationalError per process
    (SQLAlchemy then drops the whole pool): the stages retry it, and the API answers 503 once.
    """
    if time.monotonic() - record.info.get("checked_in", 0.0) < IDLE_PING_SECONDS:
        return
    try:
        proxy._pool._dialect.do_ping(dbapi_connection)
    except Exception as exc:
        raise DisconnectionError("connection lost while idle in the pool") from exc  # the pool reconnects


def get_read_engine(url: str | None = None) -> Engine:
    """The read path's own pool: autocommit and no pre-ping.

    A read needs no transaction, so BEGIN and COMMIT would be two round trips for nothing, and a
    pre-ping a third on every checkout; the reader retries once on a dropped connection instead
    (retrieval/memory.py). SQLite has no round trips: it shares the ordinary engine.
    """
    return _read_engine(url or get_settings().database_url)


@lru_cache(maxsize=4)
def _read_engine(url: str) -> Engine:  # keyed by the resolved URL: one pool whoever asks
    if make_url(url).get_backend_name() == "sqlite":
        return get_engine(url)
    return create_engine(url, isolation_level="AUTOCOMMIT", pool_size=5, max_overflow=5)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


@lru_cache(maxsize=4)
def _session_factory(url: str | None) -> sessionmaker[Session]:
    return sessionmaker(get_engine(url), expire_on_commit=False)


@contextmanager
def session_scope(url: str | None = None) -> Iterator[Session]:
    """One unit of work: commits on success, rolls back on any error."""
    session = _session_factory(url)()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


def lock_user(session: Session, user_id: str) -> None:
    """Serialise writes for one user until the transaction ends (Postgres advisory lock).

    SQLite needs none: it allows one writer at a time, and the embedded mode runs in one process.
    """
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": lock_key("user", user_id)})


# pg_advisory_xact_lock on each key in the array's order, in one round trip.
LOCK_KEYS = text("SELECT pg_advisory_xact_lock(k) FROM unnest(CAST(:keys AS bigint[])) AS k")


def lock_users(session: Session, user_ids: Iterable[str]) -> None:
    """`lock_user` for several users in one statement (a batch of fragments).

    The keys go in sorted order, so two batches that share users take their locks in the same
    order and never deadlock; a writer that holds one user's lock waits for nobody else's.
    """
    if session.get_bind().dialect.name == "postgresql":
        session.execute(LOCK_KEYS, {"keys": sorted({lock_key("user", user_id) for user_id in user_ids})})


def lock_key(namespace: str, name: str) -> int:
    # A stable signed 64-bit key: crc32 of the namespace in the high half, of the name in the low.
    high = zlib.crc32(namespace.encode()) & 0x7FFFFFFF
    return (high << 32) | zlib.crc32(name.encode())


def try_lock_job(session: Session, job: str) -> bool:
    """A transaction-scoped lock for a periodic job, so that two beats never run it at once."""
    if session.get_bind().dialect.name != "postgresql":
        return True
    return bool(session.execute(text("SELECT pg_try_advisory_xact_lock(:k)"), {"k": lock_key("job", job)}).scalar())
