"""The Celery app with every message delivered twice: `celery -A ops.drills.twice worker`.

Each task message published by a producer or by a stage handing work to the next is published
once more, with the same arguments, under a new task id. The copy is marked (a message header),
and work that a copy's run hands on is marked as well and not copied again: otherwise each
stage would double the one before it (2, 4, 8, … deliveries down a chain of five stages).
Workers and the drill's own producer load this module, so every message of every chain arrives
twice, and every duplicate run hands its own (idempotent) follow-up on as a real redelivery would.
"""

from __future__ import annotations

import threading
from typing import Any

from celery import current_task
from celery.signals import after_task_publish, before_task_publish

from celery_app.celery import app

__all__ = ["app", "duplicate_every_message", "mark_copies"]

COPY_HEADER = "ltm_drill_copy"
_local = threading.local()


def running_a_copy() -> bool:
    request = current_task.request if current_task else None
    if request is None:
        return False
    return bool(getattr(request, COPY_HEADER, None) or (getattr(request, "headers", None) or {}).get(COPY_HEADER))


@before_task_publish.connect
def mark_copies(headers: dict[str, Any] | None = None, **_: Any) -> None:
    """Work handed on by a copy's run is part of the copy: mark it, so it is not copied again."""
    if headers is not None and (getattr(_local, "copying", False) or running_a_copy()):
        headers[COPY_HEADER] = True


@after_task_publish.connect
def duplicate_every_message(
    sender: str | None = None,
    body: Any = None,
    routing_key: str | None = None,
    headers: dict[str, Any] | None = None,
    **_: Any,
) -> None:
    if sender is None or (headers or {}).get(COPY_HEADER) or getattr(_local, "copying", False):
        return
    args, kwargs = (body[0], body[1]) if isinstance(body, list | tuple) else ((), {})
    _local.copying = True
    try:
        app.send_task(sender, args=args, kwargs=kwargs, queue=routing_key)
    finally:
        _local.copying = False
