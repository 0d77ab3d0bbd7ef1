"""Benchmark: the HTTP context endpoint against build_context called in-process, in the same run.

    .venv/bin/python -m ops.bench.api_context [--quick] [--users N] [--requests N] [--concurrency N]

Loads a few hundred users of about a dozen facts each into Postgres (one template user through
the in-process pipeline with the rules extractor, then copied row for row), starts `ltm serve` on
a loopback port, and measures the context endpoint's latency from a second process: once with
one client (the API's own overhead) and once with several concurrent clients (under load).
The same questions for the same users are answered by build_context in this process first.
The database is LTM_DATABASE_URL, else LTM_TEST_DATABASE_URL; it must be PostgreSQL. Everything
the run creates is removed at the end unless --keep.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from ops.drills.workers import stop_process_group

QUESTIONS = [
    "Что ты обо мне знаешь?",
    "Что выпить от головной боли?",
    "Какой у меня гемоглобин?",
    "Можно мне съесть пирожное с орехами?",
    "Как мне лучше отвечать?",
    "Куда сходить вечером в моём городе?",
]

TEMPLATE_DIALOGUE = [
    "Меня зовут Олег, мне 41 год, я живу в Казани и работаю инженером.",
    "У меня аллергия на орехи.",
    "Я принимаю метформин 500 мг два раза в день и эналаприл 10 мг утром.",
    "У меня сахарный диабет второго типа.",
    "Я вегетарианец, у меня есть кот.",
    "Пожалуйста, отвечай коротко.",
    "Запомни: по пятницам у меня бассейн.",
]

TEMPLATE_RECORDS = [
    {"kind": "lab_result", "title": "Гемоглобин", "date": "2026-02-10", "payload": {"value": 141, "unit": "г/л"}},
    {"kind": "lab_result", "title": "Глюкоза", "date": "2026-02-10", "payload": {"value": 6.4, "unit": "ммоль/л"}},
]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(latencies_ms: list[float], wall_s: float) -> dict[str, float]:
    return {
        "requests": len(latencies_ms),
        "p50": percentile(latencies_ms, 0.50),
        "p99": percentile(latencies_ms, 0.99),
        "mean": statistics.fmean(latencies_ms),
        "rps": len(latencies_ms) / wall_s if wall_s else 0.0,
    }


# --- the client process ----------------------------------------------------------------------------


def run_client(url: str, key: str, users: list[str], requests: int, concurrency: int, max_seconds: float) -> None:
    """Runs in its own process, so the load generator never competes with the server for the GIL.

    Prints one JSON line: every latency in ms, the errors and the wall time.
    """
    import httpx

    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    counter = iter(range(requests))
    deadline = time.monotonic() + max_seconds

    def worker() -> None:
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=30) as client:
            for warm in range(3):  # warm the connection and the server's statement cache
                client.get(f"/v1/users/{users[warm % len(users)]}/context", params={"query": QUESTIONS[warm]})
            while time.monotonic() < deadline:
                with lock:
                    taken = next(counter, None)
                if taken is None:
                    return
                n = taken
                started = time.perf_counter()
                response = client.get(
                    f"/v1/users/{users[n % len(users)]}/context", params={"query": QUESTIONS[n % len(QUESTIONS)]}
                )
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    if response.status_code == 200:
                        latencies.append(elapsed)
                    else:
                        errors.append(f"{response.status_code} {response.text[:200]}")

    started = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(
        json.dumps(
            {
                "latencies_ms": latencies,
                "errors": errors[:10],
                "error_count": len(errors),
                "wall_s": time.perf_counter() - started,
            }
        )
    )


# --- loading --------------------------------------------------------------------------------------


def load_users(prefix: str, count: int) -> list[str]:
    """A template user through the real pipeline, then `count` copies of its facts, coverage and records."""
    from sqlalchemy import text

    from celery_app.producer import publish_fragment
    from models.db import session_scope
    from tasks.records import add_records, parse_records

    template = f"{prefix}template"
    for n, line in enumerate(TEMPLATE_DIALOGUE):
        publish_fragment(
            {
                "user_id": template,
                "fragment_id": f"{template}-{n}",
                "conversation_id": "c1",
                "messages": [{"role": "user", "content": line, "ts": f"2026-03-0{n + 1}T10:00:00Z"}],
            }
        )
    with session_scope() as session:
        add_records(session, template, parse_records(TEMPLATE_RECORDS))
        params = {"template": template, "prefix": prefix, "count": count}
        copies = "FROM {table} t, generate_series(1, :count) g WHERE t.user_id = :template"
        session.execute(
            text(
                "INSERT INTO facts (user_id, section, key, status, attributes, source, confidence, first_seen,"
                " last_seen, mentions, updated_at) SELECT :prefix || g, t.section, t.key, t.status, t.attributes,"
                " t.source, t.confidence, t.first_seen, t.last_seen, t.mentions, t.updated_at "
                + copies.format(table="facts")
            ),
            params,
        )
        session.execute(
            text(
                "INSERT INTO coverage (user_id, section, state, updated_at) SELECT :prefix || g, t.section, t.state,"
                " t.updated_at " + copies.format(table="coverage")
            ),
            params,
        )
        session.execute(
            text(
                "INSERT INTO records (user_id, kind, title, date, payload, created_at) SELECT :prefix || g, t.kind,"
                " t.title, t.date, t.payload, t.created_at " + copies.format(table="records")
            ),
            params,
        )
        facts = session.execute(text("SELECT count(*) FROM facts WHERE user_id = :template"), params).scalar()
        session.execute(text("ANALYZE facts; ANALYZE coverage; ANALYZE records"))
    print(f"loaded {count} users × {facts} facts (+ coverage, {len(TEMPLATE_RECORDS)} records each)")
    return [f"{prefix}{n}" for n in range(1, count + 1)]


def remove_users(prefix: str) -> None:
    from sqlalchemy import delete

    from models.db import session_scope
    from models.tables import USER_TABLES

    with session_scope() as session:
        for table in USER_TABLES:
            session.execute(delete(table).where(table.user_id.startswith(prefix)))  # type: ignore[attr-defined]


# --- measuring ------------------------------------------------------------------------------------


def measure_in_process(users: list[str], requests: int) -> dict[str, float]:
    from retrieval import build_context

    for n in range(20):
        build_context(users[n % len(users)], QUESTIONS[n % len(QUESTIONS)])
    latencies = []
    started = time.perf_counter()
    for n in range(requests):
        t0 = time.perf_counter()
        build_context(users[n % len(users)], QUESTIONS[n % len(QUESTIONS)])
        latencies.append((time.perf_counter() - t0) * 1000)
    return summary(latencies, time.perf_counter() - started)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(database_url: str, key: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("LTM_")}
    env.update(LTM_DATABASE_URL=database_url, LTM_API_KEYS=key, LTM_LLM_BACKEND="rules")
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "ltm"),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
        ],
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    import httpx

    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return server, url
        except httpx.TransportError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            stop_process_group(server)
            raise SystemExit(f"`ltm serve` did not start:\n{log.read_text(errors='replace')[-2000:]}")
        time.sleep(0.1)


def measure_api(
    url: str, key: str, users: list[str], requests: int, concurrency: int, max_seconds: float
) -> dict[str, Any]:
    command = [
        sys.executable,
        "-m",
        "ops.bench.api_context",
        "--client",
        url,
        "--key",
        key,
        "--user-list",
        ",".join(users),
        "--requests",
        str(requests),
        "--concurrency",
        str(concurrency),
        "--max-seconds",
        str(max_seconds),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=max_seconds + 60, check=False)
    if result.returncode != 0:
        raise SystemExit(f"client failed: {result.stderr[-2000:]}")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    if report["error_count"]:
        raise SystemExit(f"{report['error_count']} requests failed, e.g. {report['errors'][:3]}")
    return {**summary(report["latencies_ms"], report["wall_s"]), "concurrency": concurrency}


def print_table(rows: list[tuple[str, dict[str, float]]], baseline: dict[str, float]) -> None:
    print(f"\n{'':<34}{'requests':>9}{'p50 ms':>9}{'p99 ms':>9}{'mean ms':>9}{'req/s':>9}{'p50 ×':>8}{'p99 ×':>8}")
    for name, row in rows:
        print(
            f"{name:<34}{row['requests']:>9.0f}{row['p50']:>9.2f}{row['p99']:>9.2f}{row['mean']:>9.2f}"
            f"{row['rps']:>9.0f}{row['p50'] / baseline['p50']:>8.1f}{row['p99'] / baseline['p99']:>8.1f}"
        )
    print("(× = ratio to build_context in-process; API latencies are measured by the client, loopback)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ops.bench.api_context", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="50 users, 500 requests per measurement")
    parser.add_argument("--users", type=int, default=300)
    parser.add_argument("--requests", type=int, default=3000, help="requests per measurement")
    parser.add_argument("--concurrency", type=int, default=8, help="client threads for the loaded measurement")
    parser.add_argument("--max-seconds", type=float, default=60.0, help="time cap of each API measurement")
    parser.add_argument("--keep", action="store_true", help="leave the loaded users in the database")
    parser.add_argument("--client", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--key", help=argparse.SUPPRESS)
    parser.add_argument("--user-list", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.client:
        run_client(args.client, args.key, args.user_list.split(","), args.requests, args.concurrency, args.max_seconds)
        return
    if args.quick:
        args.users, args.requests = 50, 500

    database_url = (
        os.environ.get("LTM_DATABASE_URL")
        or os.environ.get("LTM_TEST_DATABASE_URL")
        or "postgresql+psycopg2://postgres@127.0.0.1:5432/ltm_test"
    )
    if not database_url.startswith("postgresql"):
        raise SystemExit("this benchmark needs PostgreSQL: set LTM_DATABASE_URL (or LTM_TEST_DATABASE_URL)")
    # Settings are read once per process: fix them before anything imports models.
    os.environ["LTM_DATABASE_URL"] = database_url
    os.environ.pop("LTM_BROKER_URL", None)
    os.environ["LTM_LLM_BACKEND"] = "rules"
    from celery_app.migrate import upgrade

    upgrade(database_url)

    prefix = f"bench-{uuid.uuid4().hex[:8]}-"
    key = secrets.token_urlsafe(24)
    log = Path(f"/tmp/{prefix}server.log")
    server = None
    try:
        users = load_users(prefix, args.users)
        baseline = measure_in_process(users, args.requests)
        server, url = start_server(database_url, key, log)
        single = measure_api(url, key, users, args.requests, 1, args.max_seconds)
        loaded = measure_api(url, key, users, args.requests, args.concurrency, args.max_seconds)
        print_table(
            [
                ("build_context, in-process", baseline),
                ("GET /v1/.../context, 1 client", single),
                (f"GET /v1/.../context, {args.concurrency} clients", loaded),
            ],
            baseline,
        )
    finally:
        if server is not None:
            stop_process_group(server)
        if not args.keep:
            remove_users(prefix)
        log.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
