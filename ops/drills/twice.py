"""The Celery app with every message delivered twice: `celery -A ops.drills.twice worker`.

Each time a task message is published (by a producer or by a stage handing work to the next),
the same task with the same arguments is published once more under a new task id. Workers and
the drill's own producer use it, so every message of every chain arrives twice.
"""

from __future__ import annotations

import threading
from typing import Any

from celery.signals import after_task_publish

from celery_app.app import app

__all__ = ["app", "duplicate_every_message"]

_local = threading.local()


@after_task_publish.connect
def duplicate_every_message(sender: str | None = None, body: Any = None, routing_key: str | None = None,
                            **_: Any) -> None:
    if getattr(_local, "copying", False) or sender is None:
        return  # the copy itself is not copied again
    args, kwargs = (body[0], body[1]) if isinstance(body, list | tuple) else ((), {})
    _local.copying = True
    try:
        app.send_task(sender, args=args, kwargs=kwargs, queue=routing_key)
    finally:
        _local.copying = False
