"""The HTTP API (`ltm serve`): the CLI's contracts for services in any language.

Writes are validated here and published to the pipeline (202: the fragment is queued, or, in the
embedded mode, already processed); reads call retrieval/ directly, synchronously, with no broker
round trip. Every route under /v1 requires `Authorization: Bearer <key>` with a key from
LTM_API_KEYS; /health and the API's own description (/openapi.json, /docs) are open, because they
hold no user data. With no keys configured the app refuses to be created: an API that would
either answer everyone or no one is a misconfiguration, better reported at start.

A request is checked in this order: declared body size (413), key (401, before the body is
read), actual body size (413), fields (422, naming the field).
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any, Literal

import kombu.exceptions
import redis
import sqlalchemy.exc
from fastapi import Body, Depends, FastAPI, Path, Query, Request, Response, status
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field
from sqlalchemy import text
from starlette.types import ASGIApp, Receive, Scope, Send

from celery_app.producer import publish_fragment, publish_message
from models.clock import as_utc
from models.db import get_engine, session_scope
from models.schemas import (
    MAX_MESSAGE_CHARS,
    ContextPublic,
    FactsPublic,
    FragmentIn,
    RecordIn,
    SingleMessageIn,
)
from models.settings import Settings, get_settings
from retrieval import build_context, list_facts
from tasks.erase import forget_user
from tasks.records import add_records

log = logging.getLogger(__name__)

# Records arrive in batches from the host application; more than this belongs in several calls.
MAX_RECORDS_PER_CALL = 500

# The same bounds as a user id in a fragment (models.schemas.Id); control characters never occur
# in a real id and Postgres refuses NUL, so they are refused here rather than failing later.
UserId = Annotated[
    str,
    Path(min_length=1, max_length=128, pattern=r"^[^\x00-\x1f\x7f]+$", description="the user's id (1–128 chars)"),
]


class FragmentAccepted(BaseModel):
    fragment_id: str


class MessageAccepted(BaseModel):
    user_id: str
    conversation_id: str
    message_id: str | None


class RecordsAdded(BaseModel):
    user_id: str
    added: int
    ids: list[int]


class UserErased(BaseModel):
    user_id: str
    deleted: dict[str, int] = Field(description="rows deleted per table")


class Health(BaseModel):
    status: Literal["ok", "unavailable"]
    database: str
    broker: str


class ErrorDetail(BaseModel):
    detail: str


# What answers without a key: the health check and the API's description, which hold no user data.
OPEN_PATHS = frozenset({"/health", "/openapi.json", "/docs", "/docs/oauth2-redirect"})

# Declares the scheme in the OpenAPI document (the "Authorize" button in /docs); the check is ours.
bearer = HTTPBearer(auto_error=False, description="one of the keys in LTM_API_KEYS")


class ApiKeys:
    """The keys from LTM_API_KEYS (comma-separated; blanks ignored)."""

    def __init__(self, settings: Settings) -> None:
        self.keys = [key.strip().encode() for key in settings.api_keys.split(",") if key.strip()]
        if not self.keys:
            raise ValueError("no API keys configured: set LTM_API_KEYS to a comma-separated list of keys")

    def accepts(self, token: str | None) -> bool:
        offered = (token or "").encode()
        # Compare with every key, without stopping at a match, so timing tells nothing about which.
        matched = False
        for key in self.keys:
            matched |= hmac.compare_digest(offered, key)
        return matched and bool(offered)

    def accepts_header(self, authorization: str | None) -> bool:
        scheme, _, token = (authorization or "").partition(" ")
        return scheme.lower() == "bearer" and self.accepts(token.strip())


UNAUTHORIZED = JSONResponse(
    {"detail": "missing or invalid API key"},
    status_code=status.HTTP_401_UNAUTHORIZED,
    headers={"WWW-Authenticate": "Bearer"},
)


class RequireApiKey:
    """Deny by default: every path but OPEN_PATHS needs a key, checked before the body is read.

    The routes also declare the key as a dependency (so the OpenAPI document shows it, and a route
    is protected even if this middleware were removed); this makes a route added without it safe
    too, and means an anonymous client can make the server read and parse nothing.
    """

    def __init__(self, app: ASGIApp, keys: ApiKeys) -> None:
        self.app, self.keys = app, keys

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] not in OPEN_PATHS:
            authorization = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"authorization"), None)
            if not self.keys.accepts_header(authorization):
                await UNAUTHORIZED(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_api(settings: Settings | None = None, *, max_body_bytes: int | None = None) -> FastAPI:
    """The app. `settings` supplies the API keys, the body limit (LTM_API_MAX_BODY_BYTES, unless
    `max_body_bytes` overrides it) and the broker URL that /health pings.

    Reads and writes go through the process-wide settings (models.settings.get_settings), like the
    CLI's; pass the same object, or nothing, in production. Raises ValueError without keys.
    """
    settings = settings or get_settings()
    keys = ApiKeys(settings)

    def require_api_key(credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> None:
        if not keys.accepts(credentials.credentials if credentials else None):
            raise _Unauthorized

    api = FastAPI(
        title="LTM",
        summary="Long-term user memory for LLM assistants",
        version="1",
        redoc_url=None,
        max_body_size=settings.api_max_body_bytes if max_body_bytes is None else max_body_bytes,
        responses={413: {"model": ErrorDetail, "description": "request body too large"}},
    )
    api.state.require_api_key = require_api_key  # the route audit in tests looks for it
    api.add_middleware(RequireApiKey, keys=keys)
    install_error_handlers(api)

    protected: dict[str, Any] = {
        "dependencies": [Depends(require_api_key)],
        "responses": {
            401: {"model": ErrorDetail, "description": "missing or invalid API key"},
            503: {"model": ErrorDetail, "description": "database or broker unavailable"},
        },
    }
    route = api.add_api_route
    route("/v1/fragments", post_fragment, methods=["POST"], status_code=202, tags=["write"], **protected)
    route("/v1/messages", post_message, methods=["POST"], status_code=202, tags=["write"], **protected)
    route("/v1/users/{user_id}/records", post_records, methods=["POST"], status_code=201, tags=["write"], **protected)
    route("/v1/users/{user_id}", delete_user, methods=["DELETE"], tags=["write"], **protected)
    route("/v1/users/{user_id}/context", get_context, methods=["GET"], tags=["read"], **protected)
    route("/v1/users/{user_id}/facts", get_facts, methods=["GET"], tags=["read"], **protected)
    route("/health", health_check(settings), methods=["GET"], tags=["operations"], responses={503: {"model": Health}})
    return api


class _Unauthorized(Exception):
    """Raised by the key dependency; answered 401 with a WWW-Authenticate challenge."""


def install_error_handlers(api: FastAPI) -> None:
    @api.exception_handler(_Unauthorized)
    def unauthorized(_request: Request, _exc: _Unauthorized) -> JSONResponse:
        return UNAUTHORIZED

    @api.exception_handler(RequestValidationError)
    def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # The field first, then what is wrong; the offending input is not echoed back (it may be large).
        errors = [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in exc.errors()]
        message = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in errors[:5])
        return JSONResponse({"detail": errors, "message": message}, status_code=422)

    @api.exception_handler(sqlalchemy.exc.OperationalError)
    @api.exception_handler(kombu.exceptions.OperationalError)
    def unavailable(_request: Request, exc: Exception) -> JSONResponse:
        # Connection failures are the caller's cue to retry later; the URL (and its password) stays out.
        log.warning("service unavailable: %s", type(exc).__name__)
        return JSONResponse({"detail": "database or broker unavailable, retry later"}, status_code=503)


# --- writes: validated here, then published to the pipeline or written in one transaction ----------
# Plain `def` everywhere: FastAPI runs them in its thread pool, so a database round trip (or, in the
# embedded mode, the whole pipeline) blocks no other request.


def post_fragment(fragment: FragmentIn) -> FragmentAccepted:
    """Publish a dialogue fragment to the pipeline. Idempotent on `fragment_id` (derived from the
    content when absent): publishing the same fragment again changes nothing."""
    return FragmentAccepted(fragment_id=publish_fragment(fragment))


def post_message(message: SingleMessageIn) -> MessageAccepted:
    """One message into its conversation's buffer; glued into a fragment when the buffer fills or
    the conversation goes idle."""
    publish_message(message)
    return MessageAccepted(
        user_id=message.user_id, conversation_id=message.conversation_id, message_id=message.message_id
    )


RecordsBody = Annotated[
    RecordIn | Annotated[list[RecordIn], Field(min_length=1, max_length=MAX_RECORDS_PER_CALL)], Body()
]


def post_records(user_id: UserId, records: RecordsBody) -> RecordsAdded:
    """Documented data from the host application: one record or a list of them."""
    batch = records if isinstance(records, list) else [records]
    with session_scope() as session:
        ids = add_records(session, user_id, batch)
    return RecordsAdded(user_id=user_id, added=len(ids), ids=ids)


def delete_user(user_id: UserId) -> UserErased:
    """Erase everything stored about the user, history included."""
    with session_scope() as session:
        deleted = forget_user(session, user_id)
    return UserErased(user_id=user_id, deleted=deleted)


# --- reads: retrieval/ called directly, no broker round trip ---------------------------------------


def get_context(
    user_id: UserId,
    query: Annotated[str, Query(min_length=1, max_length=MAX_MESSAGE_CHARS, description="the user's question")],
) -> ContextPublic:
    """The labelled memory block for this question; `text` goes at the top of the prompt."""
    return build_context(user_id, query)


def get_facts(
    user_id: UserId,
    include_all: Annotated[bool, Query(alias="all", description="inactive and archived facts too")] = False,
    as_of: Annotated[datetime | None, Query(description="the state at this ISO-8601 moment (UTC if naive)")] = None,
) -> FactsPublic:
    """The user's facts with their history, and what is known about each tracked section."""
    return list_facts(user_id, include_all=include_all, as_of=as_of and in_utc(as_of, ("query", "as_of")))


def in_utc(moment: datetime, loc: tuple[str | int, ...]) -> datetime:
    """Naive means UTC. Postgres takes offsets only up to ±15:59, ISO-8601 up to ±23:59: convert first."""
    try:
        return as_utc(moment)
    except OverflowError:  # year 1 or 9999 pushed past the calendar's end by the offset
        raise RequestValidationError([{"loc": loc, "msg": "time out of range", "type": "value_error"}]) from None


# --- operations ----------------------------------------------------------------------------------


def health_check(settings: Settings) -> Callable[[Response], Health]:
    broker = (
        redis.Redis.from_url(settings.broker_url, socket_connect_timeout=2, socket_timeout=2)
        if settings.broker_url
        else None
    )

    def health(response: Response) -> Health:
        """Whether the database (and the broker, when one is configured) answers. Needs no key."""
        parts = {"database": "ok", "broker": "ok" if broker else "not configured"}
        try:
            with get_engine().connect() as connection:
                connection.execute(text("SELECT 1"))
        except Exception as exc:  # which part failed, never its URL: it may hold a password
            parts["database"] = f"unreachable ({type(exc).__name__})"
        if broker is not None:
            try:
                broker.ping()
            except Exception as exc:
                parts["broker"] = f"unreachable ({type(exc).__name__})"
        healthy = all(value in ("ok", "not configured") for value in parts.values())
        if not healthy:
            response.status_code = status.HTTP_503_SERVICE_UNAVAILABLE
        return Health(status="ok" if healthy else "unavailable", **parts)

    return health
