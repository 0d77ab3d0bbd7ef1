"""Operator figures for `ltm stats`: what the pipeline holds, what it refused, what it cost, what waits.

Every figure is one aggregate query (or one LLEN per queue); nothing here loads rows in bulk.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Literal

from pydantic import BaseModel
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from models.db import session_scope
from models.settings import Settings, get_settings
from models.tables import Extraction, Fact, Fragment, RejectedExtraction

RECENT_REJECTIONS = 5
# Kombu's Redis transport keeps a queue's prioritised messages in sibling lists named
# queue + "\x06\x16" + step; default steps are 0 (the bare name), 3, 6 and 9.
REDIS_PRIORITY_SUFFIXES = ("", "\x06\x163", "\x06\x166", "\x06\x169")


class Rejection(BaseModel):
    at: datetime
    user_id: str
    section: str | None
    reason: str


class Rejections(BaseModel):
    count: int
    recent: list[Rejection]  # newest first


class LlmUsage(BaseModel):
    extraction_calls: dict[str, int]  # by backend (rules calls cost no tokens)
    classifier_calls: int
    tokens_in: int  # extractions + classifier calls
    tokens_out: int


class Queues(BaseModel):
    mode: Literal["broker", "in-process"]
    lengths: dict[str, int]  # empty in-process: stages run in the caller, nothing waits


class Stats(BaseModel):
    fragments: dict[str, int]  # by status
    facts: dict[str, dict[str, int]]  # section → status → count
    rejected: Rejections
    llm: LlmUsage
    queues: Queues


def collect_stats(session: Session | None = None, settings: Settings | None = None) -> Stats:
    settings = settings or get_settings()
    if session is None:
        with session_scope() as own:
            return collect_stats(own, settings)
    return Stats(
        fragments=fragments_by_status(session),
        facts=facts_by_section(session),
        rejected=rejections(session),
        llm=llm_usage(session),
        queues=queue_lengths(settings.broker_url),
    )


def fragments_by_status(session: Session) -> dict[str, int]:
    rows = session.execute(select(Fragment.status, func.count()).group_by(Fragment.status)).all()
    return {status: count for status, count in sorted(rows)}


def facts_by_section(session: Session) -> dict[str, dict[str, int]]:
    rows = session.execute(select(Fact.section, Fact.status, func.count()).group_by(Fact.section, Fact.status)).all()
    out: dict[str, dict[str, int]] = defaultdict(dict)
    for section, status, count in sorted(rows):
        out[section][status] = count
    return dict(out)


def rejections(session: Session) -> Rejections:
    count = session.scalar(select(func.count()).select_from(RejectedExtraction)) or 0
    recent = session.scalars(
        select(RejectedExtraction)
        .order_by(RejectedExtraction.created_at.desc(), RejectedExtraction.id.desc())
        .limit(RECENT_REJECTIONS)
    ).all()
    return Rejections(
        count=count,
        recent=[Rejection(at=r.created_at, user_id=r.user_id, section=r.section, reason=r.reason) for r in recent],
    )


def llm_usage(session: Session) -> LlmUsage:
    by_backend = session.execute(
        select(
            Extraction.backend,
            func.count(),
            func.coalesce(func.sum(Extraction.tokens_in), 0),
            func.coalesce(func.sum(Extraction.tokens_out), 0),
        ).group_by(Extraction.backend)
    ).all()
    # The classifier call is a JSON column (BackendReply without its raw output); SQLAlchemy's JSON
    # paths compile to ->> on Postgres and json_extract on SQLite, so the sums stay in the database.
    call_in = Fragment.classifier_call["tokens_in"].as_integer()
    call_out = Fragment.classifier_call["tokens_out"].as_integer()
    calls, classifier_in, classifier_out = session.execute(
        select(func.count(call_in), func.coalesce(func.sum(call_in), 0), func.coalesce(func.sum(call_out), 0))
    ).one()
    return LlmUsage(
        extraction_calls={backend: count for backend, count, _, _ in sorted(by_backend)},
        classifier_calls=calls,
        tokens_in=classifier_in + sum(row[2] for row in by_backend),
        tokens_out=classifier_out + sum(row[3] for row in by_backend),
    )


def queue_lengths(broker_url: str | None) -> Queues:
    """LLEN of every queue the app defines, on the Redis broker; nothing waits in the embedded mode."""
    if broker_url is None:
        return Queues(mode="in-process", lengths={})
    import redis

    from celery_app.celery import app

    names = [queue.name for queue in app.conf.task_queues]
    with redis.Redis.from_url(broker_url) as client, client.pipeline(transaction=False) as pipe:
        for name in names:
            for suffix in REDIS_PRIORITY_SUFFIXES:
                pipe.llen(name + suffix)
        counts = pipe.execute()
    step = len(REDIS_PRIORITY_SUFFIXES)
    return Queues(mode="broker", lengths={name: sum(counts[i * step : (i + 1) * step]) for i, name in enumerate(names)})
