"""The batching consumer behind `ltm.ingest_fragment`: celery-batches, with the guarantees we need.

The message stays one fragment (a public contract, DESIGN.md); the worker buffers the messages it
receives and runs the task once for up to `flush_every` of them, or for whatever it holds after
`flush_interval` seconds, so a lone fragment waits at most that long. celery-batches
(https://github.com/clokep/celery-batches) does the buffering; three things are added here:

- **Prefetch, for this task only.** With late acks and a prefetch multiplier of 1 a worker holds
  one unacknowledged message, so a batch would never grow past one. Each message received raises
  the worker's prefetch window by one (the way Celery's own strategy makes room for messages with
  an ETA) until its batch goes to the pool, so a worker holds at most flush_every + 1
  unacknowledged messages and fetches none while a batch runs (see `Strategy` for why not more).
  The other queues (extract, maintenance) keep prefetch 1.
- **Acknowledged after the batch, or given back.** The messages are acknowledged when the batch
  returned — and celery-batches acknowledges them even when it raised, logging the error; so
  the task never raises for a fragment (tasks/ingest.py handles errors fragment by fragment) and,
  should it raise anyway (a bug, or a republish that failed), returns None here, and the messages
  are rejected and requeued rather than lost. A pool process killed mid-batch requeues them too,
  as `task_reject_on_worker_lost` does for an ordinary task; a whole worker killed leaves them
  unacknowledged, and the broker hands them out again after the visibility timeout.
  Requeued or restored, they come back marked redelivered, and go one by one (attempts counted).
- **Settings, not constants.** `flush_every` and `flush_interval` come from
  `LTM_INGEST_BATCH_SIZE` and `LTM_INGEST_BATCH_INTERVAL` (models/settings.py).

In the embedded mode (eager) celery-batches runs the task at once for a batch of one.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from itertools import count
from queue import Queue
from typing import Any

from celery_batches import Batches, SimpleRequest
from celery_batches.trace import apply_batches_task

from models.settings import get_settings

log = logging.getLogger(__name__)


class FragmentBatches(Batches):
    """A batch task whose messages are never acknowledged unless the batch returned a result."""

    _tref: Any  # celery-batches' flush timer, None while nothing is buffered

    @property
    def flush_every(self) -> int:
        return get_settings().ingest_batch_size

    @property
    def flush_interval(self) -> float:
        return get_settings().ingest_batch_interval

    def Strategy(self, task: Any, app: Any, consumer: Any) -> Any:
        # Built again when the consumer restarts after losing its broker connection. The messages
        # buffered before went back to the broker with their channel (they will come again), and
        # the restart cleared the timer that flushed them: celery-batches would keep the dead timer
        # and flush only every flush_every messages from then on, so both are reset here.
        if self._tref is not None:
            self._tref.cancel()
        self._tref = None
        self._buffer: Queue[Any] = Queue()
        self._pending: Queue[Any] = Queue()
        self._count = count(1)
        buffer_message = super().Strategy(task, app, consumer)
        self._qos, self._raised, self._running = consumer.qos, 0, 0

        def on_message(*args: Any, **kwargs: Any) -> None:
            # Room for one more message while the buffer is short of a batch. Not more: a worker
            # that fetched the next batch while the pool writes this one would have a BRPOP
            # outstanding while its main process is busy (acknowledging, handing a batch over), and
            # kombu's Redis transport records a popped message as unacknowledged only once it reads
            # the reply: a SIGKILL in between loses the message (celery/celery#7950). Measured: one
            # fragment lost in 8 kills with that pipelining, none without (README, write path).
            if self._raised < self.flush_every:
                self._raised += 1
                consumer.qos.increment_eventually()
            buffer_message(*args, **kwargs)

        return on_message

    def _do_flush(self) -> None:
        # celery-batches' timer flushes whatever is buffered, so that a lone fragment never waits for
        # company. While the pool is busy with earlier batches, a partial batch would only queue
        # behind them, each costing a transaction: the buffer keeps filling instead, and goes when
        # a batch returns (`batch_done`) or once it is full.
        if self._running >= (getattr(self._pool, "limit", None) or 1) and self._buffer.qsize() < self.flush_every:
            return
        super()._do_flush()

    def batch_done(self) -> None:
        """A batch's messages were acknowledged or given back: what was buffered meanwhile goes now."""
        self._running -= 1
        if self._buffer.qsize():
            self._do_flush()

    def lower_window(self, done: int) -> None:
        """A batch went to the pool: the room its messages took in the prefetch window goes."""
        qos = getattr(self, "_qos", None)
        lowered = min(done, getattr(self, "_raised", 0))
        if qos is not None and lowered:
            self._raised -= lowered
            qos.decrement_eventually(lowered)

    def flush(self, requests: Collection[Any]) -> Any:
        self._running = getattr(self, "_running", 0) + 1
        # Handed over: the window closes behind the batch until its messages are acknowledged.
        self.lower_window(len(requests))
        late = [r for r in requests if r.task.acks_late]
        early = [r for r in requests if not r.task.acks_late]

        def on_accepted(pid: int, time_accepted: float) -> None:
            for request in early:
                request.acknowledge()

        def on_return(result: Any) -> None:
            if result is None:  # the task raised (celery_batches.trace logged it): nothing may be lost
                give_back(late, "the batch raised")
            else:
                for request in late:
                    request.acknowledge()
            self.batch_done()

        def on_error(exc_info: Any) -> None:  # the pool process died (SIGKILL, OOM) or timed out
            give_back(late, f"the pool process was lost: {getattr(exc_info, 'exception', exc_info)!r}")
            self.batch_done()

        return self._pool.apply_async(
            apply_batches_task,
            (self, ([SimpleRequest.from_request(r) for r in requests],), 0, None),
            accept_callback=on_accepted,
            callback=on_return,
            error_callback=on_error,
        )


def give_back(requests: list[Any], why: str) -> None:
    """Requeue unacknowledged messages; they return marked redelivered, so each counts an attempt."""
    log.error("%d ingest messages requeued: %s", len(requests), why)
    for request in requests:
        request.reject(requeue=True)
