"""kombu's Redis transport, with one guard: an item on a queue list that is not JSON is dropped
and logged instead of stopping the worker.

kombu decodes each popped item unguarded (`kombu/transport/redis.py`, `_brpop_read` and `_get`): bytes that are
not UTF-8 JSON raise out of the worker's event loop as an "Unrecoverable error", and the worker exits. Such an
item can only come from something other than a Celery producer writing to the list; the item is already popped
when the error is raised, so there is nothing to give back: the guard logs what happened and reads on.

The app uses this transport only for `redis://` and `rediss://` broker URLs (celery_app/celery.py).
"""

from __future__ import annotations

import json
import logging
from typing import Any

from kombu.transport import redis

logger = logging.getLogger(__name__)

# What kombu's decoding of a popped item raises, and nothing else (an error of the delivery itself still
# stops the worker): bytes that are not UTF-8, text that is not JSON. JSON that is not an envelope
# ('{"no": 1}') is decoded, delivered and rejected further on, by Celery (tests/test_hostile_input.py).
NOT_JSON = (UnicodeDecodeError, json.JSONDecodeError)


class GuardedChannel(redis.Channel):
    def _brpop_read(self, **options: Any) -> bool:
        try:
            return bool(super()._brpop_read(**options))
        except NOT_JSON as exc:
            _dropped(exc)
            return False

    def _get(self, queue: Any, timeout: Any = None) -> Any:
        while True:
            try:
                return super()._get(queue)
            except NOT_JSON as exc:
                _dropped(exc)


def _dropped(exc: Exception) -> None:
    logger.error("dropped an item of a broker queue that is not JSON (%s: %s)", type(exc).__name__, exc)


class Transport(redis.Transport):
    Channel = GuardedChannel
