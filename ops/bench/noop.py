"""The LTM Celery app plus one task that does nothing: `celery -A ops.bench.noop worker`.

The write-path benchmark's baseline for what Celery and Redis cost on this machine, measured in
the same run as the pipeline: the same app configuration (late acks, prefetch 1, JSON, events),
the same worker processes, no database.
"""

from __future__ import annotations

from celery_app.celery import app

__all__ = ["app", "noop"]

NOOP_TASK = "bench.noop"


@app.task(name=NOOP_TASK)
def noop(marker: str) -> str:
    return marker
