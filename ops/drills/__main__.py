"""`python -m ops.drills`: see ops/drills/__init__.py."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from ops.drills.services import private_services

DRILL_NAMES = ("kill-worker", "restart-redis", "restart-postgres", "deliver-twice", "same-user", "two-beats")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ops.drills", description="LTM reliability drills")
    parser.add_argument("--fragments", type=int, default=60, help="fragments per drill (default 60)")
    parser.add_argument("--only", action="append", choices=DRILL_NAMES, help="run only this drill (repeatable)")
    parser.add_argument(
        "--visibility-timeout",
        type=int,
        default=10,
        help="LTM_BROKER_VISIBILITY_TIMEOUT of the drill workers, seconds (default 10)",
    )
    parser.add_argument("--log-dir", type=Path, help="keep worker logs here (default: a temporary directory)")
    args = parser.parse_args(argv)
    if not 1 <= args.fragments <= 1000:
        parser.error("--fragments must be between 1 and 1000")

    started = time.monotonic()
    log_dir = args.log_dir or Path(tempfile.mkdtemp(prefix="ltm-drill-logs-"))
    log_dir.mkdir(parents=True, exist_ok=True)
    with private_services() as (redis_server, postgres):
        # Settings and the Celery app are read at first import: point them at the private services first.
        for key in [k for k in os.environ if k.startswith("LTM_")]:
            del os.environ[key]
        os.environ.update(
            LTM_DATABASE_URL=postgres.url,
            LTM_BROKER_URL=redis_server.url,
            LTM_LLM_BACKEND="rules",
            LTM_BROKER_VISIBILITY_TIMEOUT=str(args.visibility_timeout),
        )
        from celery_app.migrate import upgrade
        from ops.drills.runner import Context, recheck, run_drill, table

        upgrade(postgres.url)
        ctx = Context(redis_server, postgres, log_dir, args.fragments, args.visibility_timeout)
        results = []
        for name in args.only or DRILL_NAMES:
            print(f"drill {name} …", file=sys.stderr, flush=True)
            results.append(run_drill(ctx, name))
        print("recheck after the broker drained …", file=sys.stderr, flush=True)
        recheck(ctx, results)
    print(table(results))
    print(
        f"\n{sum(r.ok for r in results)}/{len(results)} drills passed in {time.monotonic() - started:.0f} s; "
        f"worker logs in {log_dir}"
    )
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
