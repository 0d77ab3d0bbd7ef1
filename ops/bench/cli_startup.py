"""Benchmark: whole-process wall time of the read commands against bare interpreters, in the same run.

    .venv/bin/python -m ops.bench.cli_startup [--runs N] [--postgres URL]

Times `ltm facts --user U --json` and `ltm context --user U --query Q --json` from start to exit,
as an operator's shell sees them, next to two baselines measured in the same rounds: `python -c
pass` (the interpreter alone) and `python -c "import sqlalchemy.orm"` (the least any command that
reads the database must load). Each round runs every command once, in turn, so a busy machine
slows all of them alike. Wall time is what the target is about; CPU time (user + system of the
child, from getrusage) is printed beside it because it moves far less when other work shares the
cores. Two databases: an embedded SQLite file (migrated once, before timing) and PostgreSQL
(`--postgres`, else LTM_DATABASE_URL, else LTM_TEST_DATABASE_URL; skipped when none is a
postgresql URL). The user has a few facts, written by `ltm ingest` before timing. Target: ≤ 0.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
USER = "bench-cli-startup"
QUERY = "Что выпить от головной боли?"
FRAGMENT = {
    "user_id": USER,
    "fragment_id": "bench-cli-startup-1",
    "messages": [{"role": "user", "content": "Меня зовут Олег. Я принимаю эналаприл 10 мг. У меня аллергия на орехи."}],
}
TARGET_SECONDS = 0.5


def commands() -> dict[str, list[str]]:
    python, ltm = str(BIN / "python"), str(BIN / "ltm")
    return {
        "python -c pass": [python, "-c", "pass"],
        "python -c 'import sqlalchemy.orm'": [python, "-c", "import sqlalchemy.orm"],
        "ltm facts --json": [ltm, "facts", "--user", USER, "--json"],
        "ltm context --json": [ltm, "context", "--user", USER, "--query", QUERY, "--json"],
    }


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(argv: list[str], env: dict[str, str], stdin: str | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one process, start to exit."""
    cpu_before, started = cpu_of_children(), time.perf_counter()
    result = subprocess.run(argv, env=env, input=stdin, capture_output=True, text=True, check=False)
    elapsed, cpu = time.perf_counter() - started, cpu_of_children() - cpu_before
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({result.returncode}): {result.stderr[-2000:]}")
    return elapsed, cpu


def measure(database_url: str, runs: int) -> dict[str, list[tuple[float, float]]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LTM_")}
    env["LTM_DATABASE_URL"] = database_url
    # Not timed: migrate (SQLite migrates itself on first use) and write the user's facts.
    run([str(BIN / "ltm"), "db", "upgrade"], env)
    run([str(BIN / "ltm"), "ingest", "-", "--wait"], env, stdin=json.dumps(FRAGMENT, ensure_ascii=False))
    timings: dict[str, list[tuple[float, float]]] = {name: [] for name in commands()}
    for argv in commands().values():  # one warm-up each: the OS page cache, .pyc files
        run(argv, env)
    for _ in range(runs):
        for name, argv in commands().items():
            timings[name].append(run(argv, env))
    run([str(BIN / "ltm"), "forget-user", "--user", USER], env)
    return timings


def report(label: str, timings: dict[str, list[tuple[float, float]]]) -> None:
    baseline = statistics.median(wall for wall, _ in timings["python -c 'import sqlalchemy.orm'"])
    print(f"\n{label}: {len(next(iter(timings.values())))} rounds, seconds per process")
    print(f"{'command':<36} {'wall p50':>9} {'wall min':>9} {'cpu p50':>8} {'÷ sqlalchemy.orm':>17}")
    for name, values in timings.items():
        walls = [wall for wall, _ in values]
        median = statistics.median(walls)
        mark = ""
        if name.startswith("ltm"):
            mark = "  met" if median <= TARGET_SECONDS else f"  missed by {median - TARGET_SECONDS:.2f} s"
        cpu = statistics.median(c for _, c in values)
        print(f"{name:<36} {median:>9.3f} {min(walls):>9.3f} {cpu:>8.3f} {median / baseline:>16.2f}×{mark}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="rounds per database (default 15)")
    parser.add_argument("--postgres", help="PostgreSQL URL (default LTM_DATABASE_URL, else LTM_TEST_DATABASE_URL)")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="ltm-bench-cli-") as scratch:
        report("SQLite (embedded)", measure(f"sqlite:///{scratch}/ltm.sqlite3", args.runs))
    postgres = args.postgres or os.environ.get("LTM_DATABASE_URL") or os.environ.get("LTM_TEST_DATABASE_URL")
    if postgres and postgres.startswith("postgresql"):
        report("PostgreSQL", measure(postgres, args.runs))
    else:
        print("\nPostgreSQL: skipped (no postgresql URL in --postgres, LTM_DATABASE_URL or LTM_TEST_DATABASE_URL)")
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
