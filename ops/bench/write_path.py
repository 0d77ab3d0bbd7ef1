"""Benchmark: the write path end to end through Redis and Celery, against the same stages in-process.

    .venv/bin/python -m ops.bench.write_path [--fragments N] [--quick] [--profile]

Every fragment is one user saying three things the rules extractor understands (a name, a drug
with its dose, an allergy: ops/drills/workload.py), so it runs 11 tasks: ingest, classify and
three × (extract, validate, reconcile). In one run, on the same PostgreSQL:

1. in-process: the embedded mode (no broker, every stage eagerly in this process), one fragment
   after another; the time spent inside the rules backend is measured apart, and the rest divided
   by the fragments is the per-fragment pipeline overhead (the target is about this number);
2. Celery with 1 and with 2 worker processes (concurrency 1 each, a private Redis): all fragments
   published at once, fragments/s from the first publish to the last fragment done;
3. latency: with 2 workers, fragments published at a steady rate below capacity; fragment →
   visible is publish time → the fragment's `updated_at` when it turned `done` (that happens in
   the transaction that applied its last facts, so they are visible from then on);
4. storage: bytes of the benchmark users' fact and fact-event rows (pg_column_size), per fact.

Writes a table to stdout and a plot to docs/write_path.png. The database is LTM_DATABASE_URL,
else LTM_TEST_DATABASE_URL, and must be PostgreSQL; the benchmark users are erased at the end.
The broker is a private redis-server (the shared one is never touched).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PLOT = ROOT / "docs" / "write_path.png"
TARGET_RATE, TARGET_P50_MS, TARGET_OVERHEAD_MS, TARGET_BYTES = 150.0, 500.0, 10.0, 1024.0
# Fragments each Celery run waits for at most this long; a healthy run takes a few seconds.
RUN_TIMEOUT = 300.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# --- phase 1: in-process (run in a child process: settings are read once, without a broker) -----


def run_inprocess(tag: str, count: int, profile: bool) -> dict[str, Any]:
    from celery_app.producer import publish_fragment
    from ops.drills.workload import one_user_per_fragment
    from tasks.extractors import get_backend

    backend = get_backend()
    spent = [0.0]

    def timed(method: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                spent[0] += time.perf_counter() - started

        return call

    # Instance attributes shadow the methods: the stages call get_backend().classify/extract.
    backend.classify = timed(backend.classify)  # type: ignore[method-assign]
    backend.extract = timed(backend.extract)  # type: ignore[method-assign]
    plan = one_user_per_fragment(tag, count)
    publish_fragment(plan.fragments[0])  # warm-up: imports, lexicons, the connection pool
    spent[0] = 0.0
    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    started = time.perf_counter()
    for fragment in plan.fragments[1:]:
        publish_fragment(fragment)
    wall = time.perf_counter() - started
    if profiler is not None:
        import io
        import pstats

        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(40)
        print(out.getvalue(), file=sys.stderr)
    done = count - 1
    return {
        "fragments": done,
        "wall_s": wall,
        "rate": done / wall,
        "backend_ms": 1000 * spent[0] / done,
        "overhead_ms": 1000 * (wall - spent[0]) / done,
        "users": plan.users,
    }


# --- phase 5: LLM cost, the remote path against the fake OpenAI server (in a child process too) ----

# Junk among the fragments: each must cost no call at all.
JUNK = ("!!!", "ок", "ыва", "???", "12345")


def run_llm_cost(tag: str, count: int) -> dict[str, Any]:
    """The remote (openai) path in-process against tests/fake_openai.py: calls, tokens and time per fragment.

    The fake replays, per fragment and prompt, what the rules backend answers for the same text (so
    the answers are valid and name real sections); its usage counts ~4 characters a token, of our
    real prompts. One junk fragment in ten.
    """
    from tests.fake_openai import FakeOpenAI

    fake = FakeOpenAI().start()
    os.environ.update(
        LTM_LLM_BACKEND="openai", LTM_LLM_BASE_URL=fake.base_url, LTM_LLM_MODEL="fake", OPENAI_API_KEY="sk-bench"
    )
    from sqlalchemy import func, select

    from celery_app.producer import publish_fragment
    from models.db import session_scope
    from models.tables import Extraction, Fragment
    from ops.drills.workload import one_user_per_fragment
    from tasks.extractors import Dialogue
    from tasks.extractors.rules import RulesBackend

    plan = one_user_per_fragment(tag, count)
    rules = RulesBackend()
    for i, fragment in enumerate(list(plan.fragments)):
        text = fragment["messages"][0]["content"]
        marker = text.split("Я принимаю ")[1].split(".")[0]  # "<drug> <dose> мг": unique per fragment
        dialogue = Dialogue.of(fragment["messages"])
        fake.answers[("classify", marker)] = rules.classify(dialogue).raw_output
        for section in json.loads(fake.answers[("classify", marker)])["sections"]:  # type: ignore[arg-type]
            fake.answers[(section, marker)] = rules.extract(dialogue, section).raw_output
        if i % 10 == 9:
            plan.fragments.append(
                {
                    **fragment,
                    "fragment_id": f"{fragment['fragment_id']}-junk",
                    "messages": [{"role": "user", "content": JUNK[i % len(JUNK)]}],
                }
            )
    started = time.perf_counter()
    for fragment in plan.fragments:
        publish_fragment(fragment)
    wall = time.perf_counter() - started
    fake.stop()
    users = plan.users
    junk_ids = {f["fragment_id"] for f in plan.fragments if f["fragment_id"].endswith("-junk")}
    calls_by_fragment: dict[str, int] = {}
    for body in fake.requests:
        text = " ".join(str(m.get("content")) for m in body["messages"] if m.get("role") == "user")
        for fragment in plan.fragments:
            if fragment["messages"][0]["content"] in text:
                calls_by_fragment[fragment["fragment_id"]] = calls_by_fragment.get(fragment["fragment_id"], 0) + 1
                break
    with session_scope() as session:
        rows = session.execute(
            select(Fragment.fragment_id, Fragment.sections, Fragment.classifier_call).where(Fragment.user_id.in_(users))
        ).all()
        extracted = session.execute(
            select(
                func.coalesce(func.sum(Extraction.tokens_in), 0),
                func.coalesce(func.sum(Extraction.tokens_out), 0),
                func.coalesce(func.sum(Extraction.latency_ms), 0.0),
            ).where(Extraction.user_id.in_(users))
        ).one()
    content = [r for r in rows if r.fragment_id not in junk_ids]
    classifier_in = sum((r.classifier_call or {}).get("tokens_in", 0) for r in content)
    classifier_out = sum((r.classifier_call or {}).get("tokens_out", 0) for r in content)
    # Time inside the backend as each call recorded it (the HTTP round trip to the fake included).
    backend_ms = extracted[2] + sum((r.classifier_call or {}).get("latency_ms", 0.0) for r in content)
    named = sum(len(r.sections or []) for r in content)
    n = len(content)
    return {
        "fragments": n,
        "junk": len(junk_ids),
        "calls": len(fake.requests) / n,
        "calls_bound": 1 + named / n,  # one classify + one extract per named section
        "junk_calls": sum(calls_by_fragment.get(f, 0) for f in junk_ids),
        "tokens_in": (classifier_in + extracted[0]) / n,
        "tokens_out": (classifier_out + extracted[1]) / n,
        "backend_ms": backend_ms / n,
        "outside_ms": (1000 * wall - backend_ms) / len(plan.fragments),
        "users": users,
    }


# --- phase 2 and 3: Celery ------------------------------------------------------------------------


def done_times(keys: list[tuple[str, str]]) -> dict[tuple[str, str], datetime]:
    from sqlalchemy import select, tuple_

    from models.db import session_scope
    from models.statuses import FragmentStatus
    from models.tables import Fragment

    with session_scope() as session:
        rows = session.execute(
            select(Fragment.user_id, Fragment.fragment_id, Fragment.updated_at).where(
                tuple_(Fragment.user_id, Fragment.fragment_id).in_(keys), Fragment.status == FragmentStatus.DONE
            )
        ).all()
    return {(u, f): at for u, f, at in rows}


def wait_all_done(keys: list[tuple[str, str]], timeout: float) -> dict[tuple[str, str], datetime]:
    deadline = time.monotonic() + timeout
    while True:
        finished = done_times(keys)
        if len(finished) == len(keys) or time.monotonic() > deadline:
            return finished
        time.sleep(0.05)


def run_celery(
    tag: str, count: int, workers: int, env: dict[str, str], log_dir: Path, rate: float | None = None
) -> dict[str, Any]:
    """Publish `count` fragments (all at once, or `rate` a second) to `workers` fresh workers."""
    from celery_app.producer import publish_fragment
    from ops.drills.workers import start_workers, stop_workers
    from ops.drills.workload import one_user_per_fragment

    plan = one_user_per_fragment(tag, count)
    started_workers = start_workers(workers, env, log_dir)
    try:
        published: dict[tuple[str, str], float] = {}
        first = time.time()
        for n, fragment in enumerate(plan.fragments):
            if rate:
                time.sleep(max(0.0, first + n / rate - time.time()))  # a steady pace, not a burst
            published[(fragment["user_id"], fragment["fragment_id"])] = time.time()
            publish_fragment(fragment)
        finished = wait_all_done(plan.keys, RUN_TIMEOUT)
    finally:
        stop_workers(started_workers)
    if len(finished) < count:
        raise RuntimeError(f"{count - len(finished)} of {count} fragments not done after {RUN_TIMEOUT:.0f} s")
    last = max(at.timestamp() for at in finished.values())
    latencies = [1000 * (finished[key].timestamp() - published[key]) for key in plan.keys]
    return {
        "workers": workers,
        "fragments": count,
        "wall_s": last - first,
        "rate": count / (last - first),
        "p50_ms": percentile(latencies, 0.5),
        "p99_ms": percentile(latencies, 0.99),
        "latencies_ms": latencies,
        "users": plan.users,
    }


def run_noop(count: int, workers: int, env: dict[str, str], log_dir: Path, broker_url: str) -> dict[str, Any]:
    """Baseline: `count` no-op tasks through the same app, broker and worker processes; tasks/s."""
    import redis

    from ops.bench.noop import noop
    from ops.drills.workers import start_workers, stop_workers

    client = redis.Redis.from_url(broker_url)
    started_workers = start_workers(workers, env, log_dir, app="ops.bench.noop")
    try:
        first = time.time()
        for n in range(count):
            noop.delay(str(n))
        deadline = time.monotonic() + RUN_TIMEOUT
        while client.llen("ltm.ingest") or client.hlen("unacked"):
            if time.monotonic() > deadline:
                raise RuntimeError("no-op tasks not drained")
            time.sleep(0.01)
        wall = time.time() - first
    finally:
        stop_workers(started_workers)
    return {"workers": workers, "tasks": count, "rate": count / wall}


def run_upsert(count: int) -> dict[str, Any]:
    """Baseline: one single-row upsert per transaction, each in its own session (as a task opens one)."""
    from sqlalchemy import text

    from models.db import session_scope

    user = f"bench-upsert-{uuid.uuid4().hex[:6]}"
    statement = text(
        "INSERT INTO associations (user_id, concept, section, weight, updated_at) VALUES (:u, 'c', 's', 1, now()) "
        "ON CONFLICT (user_id, concept, section) DO UPDATE SET weight = associations.weight + 1"
    )
    started = time.perf_counter()
    for _ in range(count):
        with session_scope() as session:
            session.execute(statement, {"u": user})
    wall = time.perf_counter() - started
    with session_scope() as session:
        session.execute(text("DELETE FROM associations WHERE user_id = :u"), {"u": user})
    return {"rate": count / wall, "ms": 1000 * wall / count}


def bytes_per_fact(users: list[str]) -> dict[str, float]:
    from sqlalchemy import text

    from models.db import session_scope

    with session_scope() as session:
        facts, fact_bytes = session.execute(
            text("SELECT count(*), coalesce(sum(pg_column_size(f.*)), 0) FROM facts f WHERE user_id = ANY(:u)"),
            {"u": users},
        ).one()
        events, event_bytes = session.execute(
            text("SELECT count(*), coalesce(sum(pg_column_size(e.*)), 0) FROM fact_events e WHERE user_id = ANY(:u)"),
            {"u": users},
        ).one()
    # Each heap row also costs a 4-byte line pointer; indexes are not counted (see the README).
    total = fact_bytes + event_bytes + 4 * (facts + events)
    return {
        "facts": facts,
        "events": events,
        "bytes_per_fact": total / max(facts, 1),
        "fact_row": fact_bytes / max(facts, 1),
        "event_row": event_bytes / max(events, 1),
    }


def erase(users: list[str]) -> None:
    from models.db import session_scope
    from tasks.erase import forget_user

    with session_scope() as session:
        for user_id in users:
            forget_user(session, user_id)


# --- report -----------------------------------------------------------------------------------------


def verdict(ok: bool) -> str:
    return "meets" if ok else "MISSES"


def report(
    inproc: dict[str, Any],
    runs: list[dict[str, Any]],
    paced: dict[str, Any],
    storage: dict[str, float],
    baselines: dict[str, Any],
    llm: dict[str, Any],
) -> str:
    two = next(r for r in runs if r["workers"] == 2)
    noop, upsert = baselines["noop"], baselines["upsert"]
    lines = [
        "| measure | value | target | |",
        "|---|---|---|---|",
        f"| in-process (embedded eager, 1 process), fragments/s | {inproc['rate']:.0f} | | |",
        *(
            f"| Celery + Redis, {r['workers']} worker process"
            + "es" * (r["workers"] > 1)
            + f", fragments/s | {r['rate']:.0f} | "
            + ("≥ 150" if r["workers"] == 2 else "")
            + " | "
            + (verdict(r["rate"] >= TARGET_RATE) if r["workers"] == 2 else "")
            + " |"
            for r in runs
        ),
        f"| baseline: Celery no-op task, 2 worker processes, tasks/s | {noop['rate']:.0f} | | same run |",
        f"| Celery, 2 workers: fragments/s ÷ no-op tasks/s | {two['rate'] / noop['rate']:.2f} | | |",
        f"| fragment → visible p50 / p99, paced {paced['pace']:.0f}/s, 2 workers, ms | "
        f"{paced['p50_ms']:.0f} / {paced['p99_ms']:.0f} | p50 ≤ 500 | {verdict(paced['p50_ms'] <= TARGET_P50_MS)} |",
        f"| fragment → visible p50 / p99, burst of {two['fragments']}, 2 workers, ms | "
        f"{two['p50_ms']:.0f} / {two['p99_ms']:.0f} | | |",
        f"| pipeline overhead outside the backend, in-process, ms/fragment | {inproc['overhead_ms']:.1f} | ≤ 10 | "
        f"{verdict(inproc['overhead_ms'] <= TARGET_OVERHEAD_MS)} |",
        f"| baseline: one single-row upsert + commit in its own session, ms | {upsert['ms']:.2f} | | same run |",
        f"| overhead ÷ one upsert transaction | {inproc['overhead_ms'] / upsert['ms']:.1f} | | |",
        f"| rules backend (classify + 3 extracts), ms/fragment | {inproc['backend_ms']:.1f} | | |",
        f"| worker time per fragment through Celery (2 workers ÷ rate), ms | {2000 / two['rate']:.1f} | | |",
        f"| bytes per fact incl. history ({storage['events'] / max(storage['facts'], 1):.2f} events/fact) | "
        f"{storage['bytes_per_fact']:.0f} | ≤ 1024 | {verdict(storage['bytes_per_fact'] <= TARGET_BYTES)} |",
        f"| LLM path (fake OpenAI): calls per fragment ({llm['fragments']} fragments) | {llm['calls']:.2f} | "
        f"≤ 1 + sections = {llm['calls_bound']:.2f} | {verdict(llm['calls'] <= llm['calls_bound'])} |",
        f"| LLM path: calls for {llm['junk']} junk fragments | {llm['junk_calls']} | 0 | "
        f"{verdict(llm['junk_calls'] == 0)} |",
        f"| LLM path: tokens in / out per fragment | {llm['tokens_in']:.0f} / {llm['tokens_out']:.0f} | | |",
        f"| LLM path: time outside the backend (in-process), ms/fragment | {llm['outside_ms']:.1f} | | |",
    ]
    return "\n".join(lines)


def plot(result: dict[str, Any], path: Path, before: dict[str, Any] | None = None) -> None:
    """Throughput bars (this run, and `before` beside it when given) and the paced latency curves."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11.5, 4.4))
    labels = ["in-process\n(no broker)", "Celery\n1 worker", "Celery\n2 workers", "no-op tasks\n2 workers ÷ 10"]

    def rates(r: dict[str, Any]) -> list[float]:
        return [r["inproc"]["rate"], *(run["rate"] for run in r["runs"]), r["baselines"]["noop"]["rate"] / 10]

    width = 0.4 if before else 0.6
    xs = list(range(len(labels)))
    series = ([("before", before, "#bbbbbb", -width / 2)] if before else []) + [
        ("after" if before else "this run", result, "#4c72b0", width / 2 if before else 0.0)
    ]
    for name, r, color, shift in series:
        bars = left.bar([x + shift for x in xs], rates(r), width, color=color, label=name)
        left.bar_label(bars, fmt="%.0f", fontsize=8)
    left.set_xticks(xs, labels)
    left.axhline(TARGET_RATE, color="#c44e52", linestyle="--", label="target 150/s (2 cores)")
    left.set_ylabel("fragments / s")
    left.set_title("Write-path throughput (rules backend), same machine and load")
    left.legend(loc="upper left", fontsize=8)
    left.set_ylim(0, max(*(max(rates(r)) for _, r, _, _ in series), TARGET_RATE) * 1.25)

    for name, r, color, _ in series:
        latencies = sorted(r["paced"]["latencies_ms"])
        share = [(i + 1) / len(latencies) for i in range(len(latencies))]
        paced = r["paced"]
        right.plot(
            latencies,
            share,
            color=color if name != "before" else "#888888",
            label=f"{name}: paced {paced['pace']:.0f}/s, p50 {paced['p50_ms']:.0f} ms",
        )
    right.axvline(TARGET_P50_MS, color="#c44e52", linestyle="--", label="target p50 0.5 s")
    right.axhline(0.5, color="#999999", linewidth=0.8)
    right.set_xscale("log")
    right.set_xlabel("publish → facts visible, ms (log)")
    right.set_ylabel("share of fragments")
    right.set_title("Latency, 2 workers, paced below capacity")
    right.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def run_child(phase: str, count: int, tag: str, env: dict[str, str], profile: bool) -> dict[str, Any]:
    """A phase in a child process: settings are read once per process, and these run without a broker."""
    child = subprocess.run(
        [sys.executable, "-m", "ops.bench.write_path", "--phase", phase, "--fragments", str(count), "--tag", tag]
        + (["--profile"] if profile else []),
        env=env,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        cwd=ROOT,
    )
    if child.returncode != 0:
        raise RuntimeError(f"{phase} run failed:\n{child.stderr[-3000:]}")
    if profile:
        print(child.stderr, file=sys.stderr)
    result: dict[str, Any] = json.loads(child.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ops.bench.write_path", description=__doc__.split("\n\n")[0])
    parser.add_argument("--fragments", type=int, default=200, help="fragments per throughput run (default 200)")
    parser.add_argument("--quick", action="store_true", help="100 fragments a run: a smoke test, not a measurement")
    parser.add_argument(
        "--profile", action="store_true", help="cProfile the in-process run (top 40 by cumulative time, on stderr)"
    )
    parser.add_argument("--phase", choices=["inprocess", "llm"], help=argparse.SUPPRESS)  # a child process
    parser.add_argument("--tag", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--plot", type=Path, default=PLOT, help=f"where the plot goes (default {PLOT})")
    parser.add_argument("--save", type=Path, help="write this run's figures to a JSON file")
    parser.add_argument("--before", type=Path, help="a run saved with --save, drawn beside this one in the plot")
    args = parser.parse_args(argv)
    count = 100 if args.quick else args.fragments
    if not 10 <= count <= 10_000:
        parser.error("--fragments must be between 10 and 10000")
    database_url = os.environ.get("LTM_DATABASE_URL") or os.environ.get("LTM_TEST_DATABASE_URL")
    if not database_url or not database_url.startswith("postgresql"):
        parser.error("set LTM_DATABASE_URL (or LTM_TEST_DATABASE_URL) to a PostgreSQL URL")

    if args.phase == "inprocess":
        print(json.dumps(run_inprocess(args.tag or "bench", count, args.profile)))
        return 0
    if args.phase == "llm":
        print(json.dumps(run_llm_cost(args.tag or "bench", count)))
        return 0

    from ops.drills.services import PrivateRedis
    from ops.drills.workers import worker_env

    tag = f"bench-{uuid.uuid4().hex[:6]}"
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("LTM_")}
    users: list[str] = []
    with tempfile.TemporaryDirectory(prefix="ltm-bench-") as tmp:
        redis_server = PrivateRedis(Path(tmp))
        redis_server.start()
        try:
            # Settings are read once per process: this one talks to the broker, the child has none.
            os.environ.update(LTM_DATABASE_URL=database_url, LTM_BROKER_URL=redis_server.url, LTM_LLM_BACKEND="rules")
            child_env = {**base_env, "LTM_DATABASE_URL": database_url, "LTM_LLM_BACKEND": "rules"}
            inproc = run_child("inprocess", count, f"{tag}-inproc", child_env, args.profile)
            users += inproc["users"]
            # The LLM path is slower (an HTTP call per stage): a third of the fragments is plenty.
            llm = run_child("llm", max(10, count // 3), f"{tag}-llm", child_env, False)
            users += llm["users"]
            baselines: dict[str, Any] = {"upsert": run_upsert(count)}
            env = worker_env(database_url, redis_server.url)
            log_dir = Path(tmp)
            baselines["noop"] = run_noop(count * 2, 2, env, log_dir, redis_server.url)
            runs = []
            for workers in (1, 2):
                runs.append(run_celery(f"{tag}-w{workers}", count, workers, env, log_dir))
                users += runs[-1]["users"]
            # Paced at about a third of the 2-worker capacity: latency without a queue building up.
            pace = max(5.0, min(50.0, runs[-1]["rate"] / 3))
            paced = run_celery(f"{tag}-paced", max(30, count // 4), 2, env, log_dir, rate=pace)
            paced["pace"] = pace
            users += paced["users"]
            storage = bytes_per_fact(users)
        finally:
            redis_server.stop()
            if users:
                erase(users)
    print(report(inproc, runs, paced, storage, baselines, llm))
    result = {"inproc": inproc, "runs": runs, "paced": paced, "storage": storage, "baselines": baselines, "llm": llm}
    if args.save:
        args.save.write_text(json.dumps(result))
    plot(result, args.plot, json.loads(args.before.read_text()) if args.before else None)
    print(f"\nplot: {args.plot}; {count} fragments a run, 3 facts each, database {database_url.split('@')[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
