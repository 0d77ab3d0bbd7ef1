"""Benchmark: build_context against a bare indexed SELECT of the same user's facts, in one run.

    .venv/bin/python -m ops.bench.read_path [--users N] [--facts-per-user M] [--quick] [--explain]

Loads N users × M facts (default 100,000 × 10 = 1M facts, each with one or two history events,
plus coverage, a few records and learned associations per user) into a dedicated PostgreSQL
database, `ltm_bench` on the server of LTM_DATABASE_URL (else LTM_TEST_DATABASE_URL, else
postgres@127.0.0.1), created and migrated here. The size loaded is written into the database's
comment, so a second run of the same size reuses it. Loading is CSV through COPY, 5,000 users a
batch, foreign-key triggers off (the generator writes consistent ids itself).

Then, for random users × a mix of questions, it times build_context and, right after it on the
same pool, `SELECT … FROM facts WHERE user_id = :u`, each in its own session as a request would
be, and prints p50/p99 of both, their ratio, and bytes per fact including history.
Targets (DESIGN.md): p50 ≤ 1 ms and ≤ 2× the bare SELECT, p99 ≤ 5 ms, per request p50 ≤ 1.5 ms,
storage ≤ 1 KB per fact.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import platform
import random
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

from celery_app.migrate import upgrade
from models.db import get_engine, get_read_engine, session_scope
from models.settings import get_settings
from retrieval.memory import PREPARE_STATEMENT

QUESTIONS = [
    "Что ты обо мне знаешь?",
    "Что выпить от головной боли?",
    "Какой у меня гемоглобин?",
    "Можно мне съесть пирожное с орехами?",
    "Как мне лучше отвечать?",
    "Посоветуй ресторан на вечер",
    "Как подготовиться к марафону?",
    "What should I take for a headache?",
    "Можно ли мне принимать Квелнокс с алкоголем?",
]
BARE_SELECT = text("SELECT section, key, status, attributes, last_seen, source FROM facts WHERE user_id = :u")
BATCH_USERS = 5_000
# DESIGN.md targets: in one session p50 ≤ 1 ms and ≤ 2× the bare SELECT; p99 ≤ 5 ms; per request p50 ≤ 1.5 ms.
P50_TARGET_MS = 1.0
P99_TARGET_MS = 5.0
RATIO_TARGET = 2.0
PER_REQUEST_P50_TARGET_MS = 1.5
T0 = datetime(2025, 1, 1, tzinfo=UTC)

# (section, key, attributes, status): what users typically tell; each user gets M distinct ones.
FACT_POOL: list[tuple[str, str, dict[str, Any], str]] = [
    ("profile", "name", {"value": "Олег"}, "active"),
    ("profile", "age", {"value": 41}, "active"),
    ("profile", "city", {"value": "Казань"}, "active"),
    ("profile", "profession", {"value": "инженер-конструктор"}, "active"),
    ("profile", "family_status", {"value": "женат"}, "active"),
    ("style", "format", {"value": "short"}, "active"),
    ("style", "address", {"value": "ты"}, "active"),
    ("style", "tone", {"value": "friendly"}, "active"),
    ("preferences", "diet", {"value": "вегетарианство"}, "active"),
    ("preferences", "likes:итальянская кухня", {"value": "итальянская кухня"}, "active"),
    ("preferences", "pets:кот", {"value": "кот"}, "active"),
    ("preferences", "hobbies:рыбалка", {"value": "рыбалка"}, "active"),
    ("instructions", "отвечай коротко и без воды", {"value": "Отвечай коротко и без воды"}, "active"),
    ("notes", "по пятницам у меня бассейн", {"value": "по пятницам у меня бассейн"}, "active"),
    (
        "medications",
        "метформин",
        {
            "name_raw": "Метформин",
            "name_normalized": "метформин",
            "dosage": "500 мг",
            "frequency": "2 раза в день",
            "status": "active",
            "indication": "диабет",
        },
        "active",
    ),
    (
        "medications",
        "эналаприл",
        {
            "name_raw": "эналаприл",
            "name_normalized": "эналаприл",
            "dosage": "10 мг",
            "frequency": "утром",
            "status": "active",
        },
        "active",
    ),
    (
        "medications",
        "ибупрофен",
        {
            "name_raw": "нурофен",
            "name_normalized": "ибупрофен",
            "dosage": "200 мг",
            "status": "stopped",
            "stopped": "в марте",
        },
        "inactive",
    ),
    (
        "allergies",
        "орехи",
        {
            "name_raw": "орехи",
            "name_normalized": "орехи",
            "kind": "food",
            "reaction": "крапивница",
            "severity": "moderate",
        },
        "active",
    ),
    (
        "allergies",
        "пенициллин",
        {"name_raw": "пенициллин", "name_normalized": "пенициллин", "kind": "drug", "reaction": "отёк"},
        "active",
    ),
    (
        "chronic_conditions",
        "сахарный диабет 2 типа",
        {
            "name_raw": "диабет второго типа",
            "name_normalized": "сахарный диабет 2 типа",
            "status": "current",
            "since": "2019",
        },
        "active",
    ),
    (
        "chronic_conditions",
        "гипертония",
        {"name_raw": "гипертония", "name_normalized": "гипертония", "status": "current"},
        "active",
    ),
    (
        "symptoms",
        "головная боль",
        {
            "name_raw": "голова болит",
            "name_normalized": "головная боль",
            "severity": "mild",
            "status": "current",
            "since": "неделю",
        },
        "active",
    ),
    ("symptoms", "кашель", {"name_raw": "кашель", "name_normalized": "кашель", "status": "resolved"}, "inactive"),
    ("lifestyle", "exercise", {"value": "бег по утрам три раза в неделю"}, "active"),
    ("lifestyle", "smoking", {"value": "не курит"}, "active"),
    ("lifestyle", "sleep", {"value": "6 часов"}, "active"),
    ("demographics", "height_cm", {"value": 182}, "active"),
    ("demographics", "weight_kg", {"value": 86.5}, "active"),
    (
        "surgeries",
        "аппендэктомия",
        {"name_raw": "удалили аппендицит", "name_normalized": "аппендэктомия", "date": "2015"},
        "active",
    ),
    (
        "vaccinations",
        "грипп",
        {"name_raw": "прививка от гриппа", "name_normalized": "грипп", "date": "2025-10"},
        "active",
    ),
    (
        "family_history",
        "мать:сахарный диабет",
        {"name_raw": "диабет", "name_normalized": "сахарный диабет", "relative": "мать"},
        "active",
    ),
    ("diagnoses", "гастрит", {"name_raw": "гастрит", "name_normalized": "гастрит", "status": "current"}, "active"),
    (
        "injuries",
        "перелом лучевой кости",
        {"name_raw": "сломал руку", "name_normalized": "перелом лучевой кости", "date": "2021"},
        "active",
    ),
]
RECORD = ("lab_result", "Гемоглобин", {"value": 141, "unit": "г/л", "reference": "130–160"})
LEARNED = [
    ("мараф", "lifestyle"),
    ("бегаю", "lifestyle"),
    ("готов", "lifestyle"),
    ("утрам", "lifestyle"),
    ("орехи", "allergies"),
    ("пирож", "allergies"),
    ("метфо", "medications"),
    ("диабе", "chronic_conditions"),
]


# --- the database --------------------------------------------------------------------------------


def bench_url(name: str) -> str:
    base = (
        os.environ.get("LTM_DATABASE_URL")
        or os.environ.get("LTM_TEST_DATABASE_URL")
        or "postgresql+psycopg2://postgres@127.0.0.1:5432/ltm"
    )
    url = make_url(base)
    if url.get_backend_name() != "postgresql":
        raise SystemExit(f"the read-path benchmark needs PostgreSQL, not {url.get_backend_name()}")
    return url.set(database=name).render_as_string(hide_password=False)


def ensure_database(url: str) -> None:
    name = make_url(url).database
    admin = create_engine(make_url(url).set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        if not connection.scalar(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}):
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    upgrade(url)


def loaded_size(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return connection.scalar(
            text("SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = current_database()")
        )


def size_label(users: int, facts_per_user: int) -> str:
    return f"ltm read_path bench: users={users} facts_per_user={facts_per_user}"


def load(engine: Engine, users: int, facts_per_user: int) -> float:
    """Truncate and load; seconds taken."""
    started = time.perf_counter()
    tables = "facts, fact_events, coverage, records, associations"
    with engine.begin() as connection:
        connection.execute(text(f"TRUNCATE {tables} RESTART IDENTITY"))
        connection.execute(text("COMMENT ON DATABASE " + engine.url.database + " IS NULL"))  # type: ignore[operator]
    rng = random.Random(42)
    fact_id = event_id = record_id = 0
    for first in range(0, users, BATCH_USERS):
        batch = Batch()
        for index in range(first, min(first + BATCH_USERS, users)):
            fact_id, event_id, record_id = batch.add_user(
                rng, f"bench-{index:06d}", facts_per_user, fact_id, event_id, record_id
            )
        batch.copy(engine)
        print(f"  loaded {min(first + BATCH_USERS, users):>7} users", end="\r", flush=True)
    with engine.begin() as connection:
        for table, last in (("facts", fact_id), ("fact_events", event_id), ("records", record_id)):
            connection.execute(text(f"SELECT setval('{table}_id_seq', {max(last, 1)})"))
        connection.execute(text(f"COMMENT ON DATABASE {engine.url.database} IS '{size_label(users, facts_per_user)}'"))
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text(f"VACUUM ANALYZE {tables}"))
    print()
    return time.perf_counter() - started


class Batch:
    """CSV buffers for one COPY per table."""

    COLUMNS: ClassVar[dict[str, str]] = {
        "facts": "id, user_id, section, key, status, attributes, source, confidence, first_seen, last_seen, "
        "mentions, updated_at",
        "fact_events": "id, fact_id, user_id, change, status, attributes, before, source, confidence, fragment_id, "
        "valid_at, recorded_at",
        "coverage": "user_id, section, state, updated_at",
        "records": "id, user_id, kind, title, date, payload, created_at",
        "associations": "user_id, concept, section, weight, updated_at",
    }

    def __init__(self) -> None:
        self.buffers = {table: io.StringIO() for table in self.COLUMNS}
        self.writers = {table: csv.writer(buffer) for table, buffer in self.buffers.items()}

    def add_user(
        self, rng: random.Random, user_id: str, facts_per_user: int, fact_id: int, event_id: int, record_id: int
    ) -> tuple[int, int, int]:
        sections: set[str] = set()
        for section, key, attributes, status in rng.sample(FACT_POOL, min(facts_per_user, len(FACT_POOL))):
            fact_id += 1
            first = T0 + timedelta(days=rng.randrange(300), seconds=rng.randrange(86_400))
            mentions = 1 + (rng.random() < 0.5)  # ~1.5 history events per fact
            last = first + timedelta(days=rng.randrange(1, 60)) if mentions > 1 else first
            payload = json.dumps(attributes, ensure_ascii=False)
            self.writers["facts"].writerow(
                [fact_id, user_id, section, key, status, payload, "conversation", 0.9, first, last, mentions, last]
            )
            self.writers["fact_events"].writerow(
                [
                    event_id + 1,
                    fact_id,
                    user_id,
                    "first_mention",
                    status,
                    payload,
                    None,
                    "conversation",
                    0.9,
                    f"frag-{fact_id}-1",
                    first,
                    first,
                ]
            )
            event_id += 1
            if mentions > 1:
                before = json.dumps({"status": status, "attributes": attributes}, ensure_ascii=False)
                self.writers["fact_events"].writerow(
                    [
                        event_id + 1,
                        fact_id,
                        user_id,
                        "reconfirmation",
                        status,
                        payload,
                        before,
                        "conversation",
                        0.9,
                        f"frag-{fact_id}-2",
                        last,
                        last,
                    ]
                )
                event_id += 1
            sections.add(section)
        for section in ("allergies", "chronic_conditions", "family_history"):
            if section in sections:
                self.writers["coverage"].writerow([user_id, section, "known", T0])
            elif rng.random() < 0.3:
                self.writers["coverage"].writerow([user_id, section, "confirmed_absent", T0])
        if rng.random() < 0.2:  # a fifth of users have documents uploaded by the host
            for months in (1, 7):
                record_id += 1
                self.writers["records"].writerow(
                    [
                        record_id,
                        user_id,
                        RECORD[0],
                        RECORD[1],
                        T0 + timedelta(days=30 * months),
                        json.dumps(RECORD[2], ensure_ascii=False),
                        T0,
                    ]
                )
        for concept, section in rng.sample(LEARNED, 4):
            self.writers["associations"].writerow([user_id, concept, section, rng.randrange(1, 4), T0])
        return fact_id, event_id, record_id

    def copy(self, engine: Engine) -> None:
        raw = engine.raw_connection()
        try:
            cursor = raw.cursor()
            # The generator keeps fact ids consistent itself; per-row foreign-key triggers would triple the time.
            cursor.execute("SET session_replication_role = replica")
            for table, buffer in self.buffers.items():
                buffer.seek(0)
                cursor.copy_expert(f"COPY {table} ({self.COLUMNS[table]}) FROM STDIN WITH (FORMAT csv)", buffer)
            cursor.execute("SET session_replication_role = DEFAULT")
            raw.commit()
        finally:
            raw.close()


# --- measuring -----------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def timed_pairs(url: str, users: list[str], *, per_request: bool) -> Iterator[tuple[float, float]]:
    """(build_context ms, bare SELECT ms) for each user × question.

    per_request: each call takes its own connection, as a request handler would: build_context
    without a session (the read pool: checkout without pre-ping, autocommit, one round trip), the
    bare SELECT on a connection of the same pool. Otherwise both run on one session already
    holding a connection, which isolates the read path's own cost.
    """
    from retrieval import build_context

    read_engine = get_read_engine(url)
    with session_scope(url) as shared:
        for user in users:
            for question in QUESTIONS:
                started = time.perf_counter()
                if per_request:
                    build_context(user, question)
                else:
                    build_context(user, question, session=shared)
                middle = time.perf_counter()
                if per_request:
                    with read_engine.connect() as connection:
                        connection.execute(BARE_SELECT, {"u": user}).all()
                else:
                    shared.connection().execute(BARE_SELECT, {"u": user}).all()
                yield (middle - started) * 1000, (time.perf_counter() - middle) * 1000


def measure(url: str, users: int, sample: int, *, per_request: bool) -> dict[str, float]:
    rng = random.Random(7)
    warm = [f"bench-{rng.randrange(users):06d}" for _ in range(min(200, sample))]
    for _ in timed_pairs(url, warm, per_request=per_request):
        pass
    chosen = [f"bench-{rng.randrange(users):06d}" for _ in range(sample)]
    pairs = list(timed_pairs(url, chosen, per_request=per_request))
    context = [c for c, _ in pairs]
    bare = [b for _, b in pairs]
    result = {
        "calls": float(len(pairs)),
        "context_p50_ms": percentile(context, 0.5),
        "context_p99_ms": percentile(context, 0.99),
        "bare_p50_ms": percentile(bare, 0.5),
        "bare_p99_ms": percentile(bare, 0.99),
    }
    result["ratio_p50"] = result["context_p50_ms"] / result["bare_p50_ms"]
    result["ratio_p99"] = result["context_p99_ms"] / result["bare_p99_ms"]
    return result


def report(title: str, timings: dict[str, float], *, p50_target: float, ratio_target: float | None) -> None:
    print(f"{title}: {timings['calls']:.0f} calls")
    print(
        f"  build_context  p50 {timings['context_p50_ms']:.2f} ms ({verdict(timings['context_p50_ms'], p50_target)})"
        f"   p99 {timings['context_p99_ms']:.2f} ms ({verdict(timings['context_p99_ms'], P99_TARGET_MS)})"
    )
    print(f"  bare SELECT    p50 {timings['bare_p50_ms']:.2f} ms   p99 {timings['bare_p99_ms']:.2f} ms")
    ratio = f" ({verdict(timings['ratio_p50'], ratio_target)})" if ratio_target else ""
    print(f"  ratio          p50 {timings['ratio_p50']:.2f}x{ratio}   p99 {timings['ratio_p99']:.2f}x")


def storage(engine: Engine) -> dict[str, float]:
    with engine.connect() as connection:
        facts = connection.scalar(text("SELECT count(*) FROM facts")) or 0
        events = connection.scalar(text("SELECT count(*) FROM fact_events")) or 0
        size = (
            connection.scalar(text("SELECT pg_total_relation_size('facts') + pg_total_relation_size('fact_events')"))
            or 0
        )
    return {
        "facts": float(facts),
        "events": float(events),
        "bytes": float(size),
        "bytes_per_fact": size / facts if facts else 0.0,
    }


def explain(url: str, user: str, question: str) -> str:
    """EXPLAIN ANALYZE of the prepared statement build_context executes for this question."""
    from models.concepts import word_stems
    from retrieval.memory import EXECUTE_STATEMENT, STATEMENT_NAME

    raw = get_engine(url).raw_connection()
    try:
        cursor = raw.cursor()
        cursor.execute("SELECT 1 FROM pg_prepared_statements WHERE name = %s", (STATEMENT_NAME,))
        if cursor.fetchone() is None:  # a pooled connection the read path has not used yet
            cursor.execute(PREPARE_STATEMENT)
        parameters = {"user_id": user, "concepts": sorted(word_stems(question)), "archived": False}
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + EXECUTE_STATEMENT, parameters)
        return "\n".join(row[0] for row in cursor.fetchall())
    finally:
        raw.close()


def verdict(value: float, target: float) -> str:
    return "ok" if value <= target else f"MISSED by {100 * (value / target - 1):.0f}%"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--users", type=int, default=100_000)
    parser.add_argument("--facts-per-user", type=int, default=10)
    parser.add_argument("--sample", type=int, default=2_000, help="random users measured (× every question)")
    parser.add_argument("--database", default="ltm_bench")
    parser.add_argument("--quick", action="store_true", help="2,000 users, 200 measured: a smoke run")
    parser.add_argument("--explain", action="store_true", help="print EXPLAIN ANALYZE of the read query")
    args = parser.parse_args(argv)
    if args.quick:
        args.users, args.sample = min(args.users, 2_000), min(args.sample, 200)

    url = bench_url(args.database)
    # build_context without a session reads the configured database: point it at the benchmark's.
    os.environ["LTM_DATABASE_URL"] = url
    get_settings.cache_clear()
    ensure_database(url)
    engine = get_engine(url)
    if loaded_size(engine) == size_label(args.users, args.facts_per_user):
        print(f"reusing {args.database}: {args.users} users × {args.facts_per_user} facts")
    else:
        print(f"loading {args.users} users × {args.facts_per_user} facts into {args.database} …")
        print(f"  loaded in {load(engine, args.users, args.facts_per_user):.0f} s")

    stored = storage(engine)
    in_session = measure(url, args.users, args.sample, per_request=False)
    per_request = measure(url, args.users, args.sample, per_request=True)
    with engine.connect() as connection:
        server = connection.scalar(text("SHOW server_version"))
    print(
        f"\nmachine: {os.cpu_count()} cores, {platform.platform()}, PostgreSQL {server}, "
        f"{datetime.now(UTC):%Y-%m-%d}, load average {os.getloadavg()[0]:.1f}"
    )
    print(f"data: {stored['facts']:.0f} facts, {stored['events']:.0f} history events, {args.users} users")
    print(f"sample: {args.sample} random users × {len(QUESTIONS)} questions")
    report("in one session (the read path itself)", in_session, p50_target=P50_TARGET_MS, ratio_target=RATIO_TARGET)
    report(
        "per request (own connection each call: read pool, no pre-ping, autocommit)",
        per_request,
        p50_target=PER_REQUEST_P50_TARGET_MS,
        ratio_target=None,
    )
    print(
        f"storage        {stored['bytes_per_fact']:.0f} bytes/fact incl. history "
        f"({stored['bytes'] / 2**20:.0f} MiB; {verdict(stored['bytes_per_fact'], 1024)})"
    )
    if args.explain:
        print("\n" + explain(url, "bench-000001", "Что выпить от головной боли?"))


if __name__ == "__main__":
    main()
