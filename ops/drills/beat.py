"""One "beat" for the two-beats drill: `python -m ops.drills.beat --start T --ticks K --interval S`.

At each tick (T + k·S, the same moments in both processes) it runs the requeue and consolidate
jobs the way their tasks do — under the job's advisory lock, follow-up work published after the
commit — and prints one JSON line per job: whether this process ran it or found the lock taken.
`--hold` keeps the job's transaction (and so its lock) open a little longer, like a big batch
would, so that the two beats' runs overlap for certain instead of by luck.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import text
from sqlalchemy.orm import Session

from celery_app.celery import app  # noqa: F401  (tasks bind to the app before .delay)
from models.settings import Settings
from tasks.maintenance import consolidate_facts, requeue_stuck_fragments, run_locked
from tasks.pipeline import restart


def holding(core: Callable[[Session, Settings, datetime], Any], seconds: float) -> Callable[..., Any]:
    def run(session: Session, settings: Settings, now: datetime) -> Any:
        result = core(session, settings, now)
        session.execute(text("SELECT pg_sleep(:s)"), {"s": seconds})
        return result

    return run


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--start", type=float, required=True, help="epoch seconds of the first tick")
    parser.add_argument("--ticks", type=int, default=3)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--hold", type=float, default=0.5)
    parser.add_argument("--name", default="beat")
    args = parser.parse_args()
    for tick in range(args.ticks):
        # Each job has its own moment in the tick, so both beats reach the same job together.
        at = args.start + tick * args.interval
        time.sleep(max(0.0, at - time.time()))  # a tick is a moment in time, not a condition
        requeued = run_locked("requeue_stuck_fragments", holding(requeue_stuck_fragments, args.hold))
        for fragment_pk in requeued.restarted if requeued else ():
            restart(fragment_pk)  # after the commit, as the job's task does
        print(
            json.dumps(
                {
                    "beat": args.name,
                    "tick": tick,
                    "job": "requeue_stuck_fragments",
                    "ran": requeued is not None,
                    "at": round(time.time() - args.start, 3),
                    "changed": len(requeued.restarted) if requeued else 0,
                }
            ),
            flush=True,
        )
        time.sleep(max(0.0, at + args.interval / 2 - time.time()))
        merged = run_locked("consolidate_facts", holding(consolidate_facts, args.hold))
        print(
            json.dumps(
                {
                    "beat": args.name,
                    "tick": tick,
                    "job": "consolidate_facts",
                    "ran": merged is not None,
                    "at": round(time.time() - args.start, 3),
                    "changed": merged.changed if merged else 0,
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
