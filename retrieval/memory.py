"""Reading one user's memory for a question in one round trip.

One statement returns the user's facts (archived ones only when asked for), coverage, the learned
associations of the question's concepts and the newest records; Python picks what the question
needs. On PostgreSQL the statement is prepared once per connection (`PREPARE`, then `EXECUTE`), so
it is neither compiled by SQLAlchemy nor planned by the server per call: planning the four-branch
UNION ALL cost 0.3–0.5 ms, more than executing it (ops/bench/read_path.py --explain). Prepared
statements live as long as the connection (they survive a rollback), so a flag in the pool entry's
`info` says whether this connection has it. Behind a transaction-pooling proxy (pgbouncer in
transaction mode) a session-level prepared statement is not available: use session pooling there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, Connection, String, and_, bindparam, literal, null, or_, select, union_all
from sqlalchemy.exc import DBAPIError

from models.db import get_read_engine
from models.tables import Association, Coverage, Fact, Record
from retrieval.associations import ASSOCIATION_THRESHOLD
from retrieval.documents import RecordView

# Newest records read; a host uploads tens of records per user, not thousands.
RECORD_SCAN_LIMIT = 200
# Bump when the statement changes: a connection prepared by an older process keeps the old text.
STATEMENT_NAME = "ltm_read_memory_v1"

# Rows: (kind, section, key, status, attributes, first_seen, at, source, weight). Coverage puts its
# state in `status`; records put kind/title/payload/date in section/key/attributes/at; associations
# the concept in `key` and the weight in `weight`.
_POSTGRES_SQL = f"""
SELECT 'fact'::text, section, key, status, attributes, first_seen, last_seen, source, NULL::integer
  FROM facts WHERE user_id = $1 AND (status <> 'archived' OR $3)
UNION ALL
SELECT 'coverage', section, NULL, state, NULL, NULL, updated_at, NULL, NULL FROM coverage WHERE user_id = $1
UNION ALL
SELECT 'association', section, concept, NULL, NULL, NULL, NULL, NULL, weight
  FROM associations WHERE user_id = $1 AND concept = ANY($2)
UNION ALL
(SELECT 'record', kind, title, NULL, payload, NULL, date, NULL, NULL
   FROM records WHERE user_id = $1 ORDER BY date DESC, id DESC LIMIT {RECORD_SCAN_LIMIT})
"""
PREPARE_STATEMENT = f"PREPARE {STATEMENT_NAME} (text, text[], boolean) AS {_POSTGRES_SQL}"
EXECUTE_STATEMENT = f"EXECUTE {STATEMENT_NAME} (%(user_id)s, %(concepts)s, %(archived)s)"


def _portable_statement() -> Any:
    """The same statement for other databases (the embedded SQLite mode), built once."""
    user_id = bindparam("user_id", type_=String())
    facts, coverage, associations, records = (t.__table__.c for t in (Fact, Coverage, Association, Record))
    newest = (
        select(records.kind, records.title, records.payload, records.date)
        .where(records.user_id == user_id)
        .order_by(records.date.desc(), records.id.desc())
        .limit(RECORD_SCAN_LIMIT)
        .subquery()
    )
    return union_all(
        select(
            literal("fact"),
            facts.section,
            facts.key,
            facts.status,
            facts.attributes,
            facts.first_seen,
            facts.last_seen,
            facts.source,
            null(),
        ).where(facts.user_id == user_id, or_(facts.status != "archived", bindparam("archived", type_=Boolean()))),
        select(
            literal("coverage"),
            coverage.section,
            null(),
            coverage.state,
            null(),
            null(),
            coverage.updated_at,
            null(),
            null(),
        ).where(coverage.user_id == user_id),
        select(
            literal("association"),
            associations.section,
            associations.concept,
            null(),
            null(),
            null(),
            null(),
            null(),
            associations.weight,
        ).where(and_(associations.user_id == user_id, associations.concept.in_(bindparam("concepts", expanding=True)))),
        select(
            literal("record"),
            newest.c.kind,
            newest.c.title,
            null(),
            newest.c.payload,
            null(),
            newest.c.date,
            null(),
            null(),
        ),
    )


_PORTABLE = _portable_statement()


@dataclass(frozen=True, slots=True)
class FactView:
    section: str
    key: str
    status: str
    attributes: dict[str, Any]
    first_seen: datetime
    last_seen: datetime
    source: str


@dataclass(slots=True)
class Memory:
    facts: list[FactView]  # newest first; archived only when asked for
    coverage: dict[str, tuple[str, datetime]]  # section → (state, updated_at)
    records: list[RecordView]  # newest first
    associated: frozenset[str]  # sections the user's learned weights tie to the question's concepts


def _rows(connection: Connection, user_id: str, concepts: list[str], archived: bool) -> Sequence[Any]:
    parameters = {"user_id": user_id, "concepts": concepts, "archived": archived}
    if connection.dialect.name != "postgresql":
        return connection.execute(_PORTABLE, parameters).all()
    info = connection.connection.info
    if not info.get(STATEMENT_NAME):
        connection.exec_driver_sql(PREPARE_STATEMENT)
        info[STATEMENT_NAME] = True
    return _execute_prepared(connection, parameters)


def _execute_prepared(connection: Connection, parameters: dict[str, Any]) -> Sequence[Any]:
    """EXECUTE on the driver's cursor: SQLAlchemy's result machinery cost ~0.1 ms a call for rows we
    unpack ourselves. Errors are raised as SQLAlchemy raises them (OperationalError → HTTP 503), a
    dropped connection invalidated first, so the pool replaces it."""
    dbapi_connection = connection.connection.dbapi_connection
    assert dbapi_connection is not None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(EXECUTE_STATEMENT, parameters)
        return cursor.fetchall()
    except connection.dialect.loaded_dbapi.Error as error:
        dropped = connection.dialect.is_disconnect(error, dbapi_connection, cursor)
        if dropped:
            connection.invalidate(error)
        raise DBAPIError.instance(
            EXECUTE_STATEMENT, parameters, error, connection.dialect.loaded_dbapi.Error, connection_invalidated=dropped
        ) from error
    finally:
        if not cursor.closed:
            cursor.close()


def read_memory(connection: Connection, user_id: str, concepts: list[str], *, archived: bool) -> Memory:
    memory = Memory(facts=[], coverage={}, records=[], associated=frozenset())
    weights: dict[str, int] = {}
    for kind, section, key, status, attributes, first_seen, at, source, weight in _rows(
        connection, user_id, concepts, archived
    ):
        if kind == "fact":
            memory.facts.append(FactView(section, key, status, attributes, first_seen, at, source))
        elif kind == "coverage":
            memory.coverage[section] = (status, at)
        elif kind == "association":
            weights[section] = weights.get(section, 0) + weight
        else:
            memory.records.append(RecordView(kind=section, title=key, date=at, payload=attributes or {}))
    memory.facts.sort(key=lambda fact: fact.last_seen, reverse=True)
    memory.records.sort(key=lambda record: record.date, reverse=True)
    memory.associated = frozenset(section for section, total in weights.items() if total >= ASSOCIATION_THRESHOLD)
    return memory


def read_memory_once(user_id: str, concepts: list[str], *, archived: bool, url: str | None = None) -> Memory:
    """On a connection of the read pool; a connection found dropped (server restart, idle kill) is
    replaced and the read retried once, in place of a pre-ping round trip on every call."""
    engine = get_read_engine(url)
    try:
        with engine.connect() as connection:
            return read_memory(connection, user_id, concepts, archived=archived)
    except DBAPIError as exc:
        if not exc.connection_invalidated:
            raise
    with engine.connect() as connection:
        return read_memory(connection, user_id, concepts, archived=archived)
