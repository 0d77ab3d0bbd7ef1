"""The one Celery app: JSON only, late acks, prefetch 1, one queue per kind of work.

Without LTM_BROKER_URL the same tasks run eagerly, in the caller's process (the embedded mode).
"""

from __future__ import annotations

from typing import Any

from celery import Celery
from celery.signals import worker_init
from kombu import Queue

from models.settings import get_settings

# Queue names are public API: operators start workers with -Q and watch them in Flower.
INGEST_QUEUE, EXTRACT_QUEUE, MAINTENANCE_QUEUE = "ltm.ingest", "ltm.extract", "ltm.maintenance"

TASK_ROUTES = {
    "ltm.ingest_fragment": {"queue": INGEST_QUEUE},
    "ltm.ingest_message": {"queue": INGEST_QUEUE},
    # Backend calls may be slow (an LLM): they get their own queue so writes never wait behind them.
    "ltm.classify_fragment": {"queue": EXTRACT_QUEUE},
    "ltm.extract_section": {"queue": EXTRACT_QUEUE},
    "ltm.validate_extraction": {"queue": INGEST_QUEUE},
    "ltm.reconcile_extraction": {"queue": INGEST_QUEUE},
    "ltm.flush_idle_buffers": {"queue": MAINTENANCE_QUEUE},
    "ltm.requeue_stuck_fragments": {"queue": MAINTENANCE_QUEUE},
    "ltm.consolidate_facts": {"queue": MAINTENANCE_QUEUE},
    "ltm.forget_facts": {"queue": MAINTENANCE_QUEUE},
}


def _transport(broker_url: str | None) -> str | None:
    """Redis gets kombu's transport with a guard against items that are not JSON (celery_app/broker.py); any
    other broker, the URL's own."""
    scheme = (broker_url or "").partition("://")[0]
    return "celery_app.broker:Transport" if scheme in ("redis", "rediss") else None


def create_app() -> Celery:
    settings = get_settings()
    app = Celery(
        "ltm",
        include=[
            "tasks.ingest",
            "tasks.classify",
            "tasks.extract",
            "tasks.validate",
            "tasks.reconcile",
            "tasks.maintenance",
        ],
    )
    app.conf.update(
        broker_url=settings.broker_url or "memory://",
        broker_transport=_transport(settings.broker_url),
        task_always_eager=settings.embedded,
        task_eager_propagates=True,
        task_ignore_result=True,
        task_serializer="json",
        result_serializer="json",
        accept_content=["json"],
        # A task is acknowledged only when it has finished, so a killed worker's task is redelivered;
        # fragments count their attempts, which caps redeliveries (see tasks.ingest.admit_fragment).
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        broker_connection_retry_on_startup=True,
        # A lost message is back once it is visibility_timeout old: workers scan for such every 10 s
        # (kombu's default throttle would make it every 100 s). models/settings.py: recovery.
        broker_transport_options={
            "visibility_timeout": settings.broker_visibility_timeout,
            "unacked_restore_interval": 10,
            "unacked_restore_throttle": 1,
        },
        task_queues=[Queue(INGEST_QUEUE), Queue(EXTRACT_QUEUE), Queue(MAINTENANCE_QUEUE)],
        task_default_queue=INGEST_QUEUE,
        task_routes=TASK_ROUTES,
        worker_send_task_events=True,
        task_send_sent_event=True,
        # Every job takes its own lock, so an overlapping tick is skipped, never run twice. A tick
        # expires when the next one is due: after an outage, workers drop the stale ticks unrun.
        beat_schedule={
            # Idle conversations wait at most buffer_idle_seconds (300 s) plus a minute.
            "flush-idle-buffers": {"task": "ltm.flush_idle_buffers", "schedule": 60.0, "options": {"expires": 60}},
            # A lost chain restarts within the stuck age (heartbeat silent 120 s) plus a minute.
            "requeue-stuck-fragments": {
                "task": "ltm.requeue_stuck_fragments",
                "schedule": 60.0,
                "options": {"expires": 60},
            },
            # Sweeps over all users, batch by batch: duplicates disappear within the hour;
            # decay is measured in months, so once a day is plenty.
            "consolidate-facts": {"task": "ltm.consolidate_facts", "schedule": 3600.0, "options": {"expires": 3600}},
            "forget-facts": {"task": "ltm.forget_facts", "schedule": 86400.0, "options": {"expires": 86400}},
        },
        timezone="UTC",
    )
    return app


app = create_app()
# Current in every thread, not only the importing one: a producer running in a web server's thread
# pool must publish through this app, never through Celery's unconfigured fallback.
app.set_default()


@worker_init.connect
def load_the_rules(**_: Any) -> None:
    """Before the pool forks: the first fragment after a start does not wait ~0.4 s for dictionaries."""
    from tasks.extractors import warm_up

    warm_up()
