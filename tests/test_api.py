"""The HTTP API, served by `ltm serve` in a subprocess and called over HTTP.

The server runs without a broker, so the pipeline runs in-process inside it, on the Postgres test
database: a fragment posted is processed by the time the 202 comes back.
"""

from __future__ import annotations

import json
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from starlette.routing import Route

from celery_app.api import OPEN_PATHS, create_api
from models.schemas import MAX_FRAGMENT_MESSAGES, MAX_MESSAGE_CHARS, FragmentIn
from models.settings import Settings
from ops.drills.workers import stop_process_group
from tests.workers import BIN, ltm_json, service_env

KEY = "test-key-5f1c"
# The module's server runs with a small body limit, set as an operator would (LTM_API_MAX_BODY_BYTES),
# so the tests around it send a megabyte, not the default's 48 MiB.
BODY_LIMIT = 1024 * 1024


def server_env(**extra: str) -> dict[str, str]:
    env = service_env(LTM_API_KEYS=KEY, LTM_API_MAX_BODY_BYTES=str(BODY_LIMIT), **extra)
    env.pop("LTM_BROKER_URL")  # the embedded pipeline, inside the server
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def base_url(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    log = tmp_path_factory.mktemp("api") / "server.log"
    server = subprocess.Popen(
        [str(BIN / "ltm"), "serve", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        env=server_env(),
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"`ltm serve` did not start:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.1)
        yield url
    finally:
        stop_process_group(server)


@pytest.fixture()
def api(base_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {KEY}"}, timeout=30) as client:
        yield client


def fragment(user_id: str, text: str, n: int = 1) -> dict[str, Any]:
    return {
        "fragment_id": f"{user_id}-{n}",
        "user_id": user_id,
        "conversation_id": "c1",
        "messages": [{"role": "user", "content": text, "ts": "2026-03-01T10:00:00Z"}],
    }


def facts_by_key(api: httpx.Client, user_id: str) -> dict[tuple[str, str], dict[str, Any]]:
    response = api.get(f"/v1/users/{user_id}/facts")
    assert response.status_code == 200, response.text
    return {(f["section"], f["key"]): f for f in response.json()["facts"]}


# --- writing and reading back ---------------------------------------------------------------------


def test_a_posted_fragment_becomes_facts_and_context(api: httpx.Client, user_id: str) -> None:
    body = fragment(user_id, "Меня зовут Олег, у меня аллергия на орехи.")
    response = api.post("/v1/fragments", json=body)
    assert response.status_code == 202, response.text
    assert response.json() == {"fragment_id": f"{user_id}-1"}
    assert api.post("/v1/fragments", json=body).status_code == 202  # idempotent on fragment_id

    facts = facts_by_key(api, user_id)
    assert facts[("profile", "name")]["attributes"]["value"] == "Олег"
    assert facts[("allergies", "орехи")]["status"] == "active"
    assert all(len(f["history"]) == 1 for f in facts.values())  # the replay added no event

    response = api.get(f"/v1/users/{user_id}/context", params={"query": "Что мне можно съесть на десерт?"})
    assert response.status_code == 200, response.text
    context = response.json()
    assert "орехи" in context["text"]
    # The same contract as `ltm context --json`, byte for byte once parsed.
    assert context == ltm_json(
        "context", "--user", user_id, "--query", "Что мне можно съесть на десерт?", env=server_env()
    )


def test_a_fragment_without_id_gets_one_derived_from_its_content(api: httpx.Client, user_id: str) -> None:
    body = fragment(user_id, "Я живу в Казани.")
    del body["fragment_id"]
    first, second = api.post("/v1/fragments", json=body), api.post("/v1/fragments", json=body)
    assert first.status_code == second.status_code == 202
    assert first.json()["fragment_id"].startswith("sha256:")
    assert first.json() == second.json()


def test_a_single_message_is_accepted_into_its_buffer(api: httpx.Client, user_id: str) -> None:
    message = {
        "user_id": user_id,
        "conversation_id": "c7",
        "role": "user",
        "content": "Я работаю врачом.",
        "message_id": "m1",
    }
    response = api.post("/v1/messages", json=message)
    assert response.status_code == 202, response.text
    assert response.json() == {"user_id": user_id, "conversation_id": "c7", "message_id": "m1"}


def test_records_are_documented_data_in_the_context_of_a_lab_question(api: httpx.Client, user_id: str) -> None:
    lab = {"kind": "lab_result", "title": "Гемоглобин", "date": "2026-02-10", "payload": {"value": 128, "unit": "г/л"}}
    response = api.post(f"/v1/users/{user_id}/records", json=[lab, {**lab, "date": "2025-08-01"}])
    assert response.status_code == 201, response.text
    added = response.json()
    assert added["user_id"] == user_id and added["added"] == 2 and len(added["ids"]) == 2

    one = api.post(f"/v1/users/{user_id}/records", json={"kind": "visit", "title": "Терапевт", "date": "2026-02-11"})
    assert one.status_code == 201 and one.json()["added"] == 1

    context = api.get(f"/v1/users/{user_id}/context", params={"query": "Какой у меня гемоглобин?"}).json()
    documented = [b for b in context["blocks"] if b["kind"] == "documented"]
    assert documented and "Гемоглобин" in documented[0]["text"] and "128" in documented[0]["text"]


def test_erasure_leaves_nothing(api: httpx.Client, user_id: str) -> None:
    api.post("/v1/fragments", json=fragment(user_id, "Меня зовут Олег, у меня аллергия на орехи."))
    api.post(f"/v1/users/{user_id}/records", json={"kind": "lab_result", "title": "Ферритин", "date": "2026-01-05"})
    assert facts_by_key(api, user_id)

    response = api.delete(f"/v1/users/{user_id}")
    assert response.status_code == 200, response.text
    deleted = response.json()["deleted"]
    assert deleted["facts"] >= 2 and deleted["fact_events"] >= 2 and deleted["fragments"] == 1
    assert deleted["records"] == 1

    after = api.get(f"/v1/users/{user_id}/facts", params={"all": "true"}).json()
    assert after["facts"] == []
    assert set(after["coverage"].values()) == {"unknown"}


def test_facts_as_of_a_moment_before_anything_was_said(api: httpx.Client, user_id: str) -> None:
    api.post("/v1/fragments", json=fragment(user_id, "Меня зовут Олег."))
    response = api.get(f"/v1/users/{user_id}/facts", params={"as_of": "2026-01-01T00:00:00", "all": "true"})
    assert response.status_code == 200, response.text
    assert response.json()["facts"] == []
    assert facts_by_key(api, user_id)  # and now it is known


# --- the edges: keys, input, size ------------------------------------------------------------------


def operations(base_url: str) -> list[tuple[str, str]]:
    """Every operation the OpenAPI document declares, with path parameters filled in."""
    document = httpx.get(f"{base_url}/openapi.json").json()
    return [
        (method.upper(), path.replace("{user_id}", "u1")) for path, item in document["paths"].items() for method in item
    ]


@pytest.mark.parametrize("authorization", [None, "Bearer wrong-key", f"Basic {KEY}", f"Bearer {KEY}x", "Bearer"])
def test_every_operation_but_health_refuses_a_missing_or_wrong_key(base_url: str, authorization: str | None) -> None:
    headers = {"Authorization": authorization} if authorization is not None else {}
    checked = 0
    for method, path in operations(base_url):
        response = httpx.request(method, f"{base_url}{path}", headers=headers, json={})
        if path == "/health":
            assert response.status_code == 200
            continue
        assert response.status_code == 401, (method, path, response.text)
        assert response.headers["www-authenticate"] == "Bearer"
        checked += 1
    assert checked == 6


def test_the_key_is_checked_before_the_body_is_read(base_url: str) -> None:
    json_type = {"Content-Type": "application/json"}
    assert httpx.post(f"{base_url}/v1/fragments", content=b"{not json", headers=json_type).status_code == 401
    # A declared length over the limit is refused first, whoever asks: nothing is read either way.
    too_big = b"[" + b" " * 2 * 1024 * 1024 + b"]"
    assert httpx.post(f"{base_url}/v1/fragments", content=too_big, headers=json_type).status_code == 413
    assert httpx.get(f"{base_url}/v1/no-such-thing").status_code == 401  # deny by default, even unknown paths


def test_only_health_and_the_api_description_are_open() -> None:
    """An audit of the app itself: a route that forgets the key dependency fails here."""
    app = create_api(Settings(api_keys=KEY))
    require_api_key = app.state.require_api_key

    def calls(dependant: Any) -> set[Any]:
        return {dependant.call, *(c for d in dependant.dependencies for c in calls(d))}

    routes = [(route.path, route) for route in app.routes if isinstance(route, APIRoute | Route)]
    assert len(routes) == len(app.routes), "a mounted app or included router would escape this audit"
    open_paths = {
        path
        for path, route in routes
        if not isinstance(route, APIRoute) or require_api_key not in calls(route.dependant)
    }
    assert open_paths == OPEN_PATHS == {"/health", "/openapi.json", "/docs", "/docs/oauth2-redirect"}


def test_without_keys_the_server_refuses_to_start(database_url: str) -> None:
    with pytest.raises(ValueError, match="LTM_API_KEYS"):
        create_api(Settings(api_keys=" , "))
    env = server_env()
    del env["LTM_API_KEYS"]
    result = subprocess.run(
        [str(BIN / "ltm"), "serve", "--port", str(free_port())], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "no API keys configured" in result.stderr


@pytest.mark.parametrize(
    ("method", "path", "body", "field"),
    [  # field: where the message names it
        (
            "POST",
            "/v1/fragments",
            {"user_id": "u1", "messages": [{"role": "bot", "content": "hi"}]},
            "body.messages.0.role",
        ),
        ("POST", "/v1/fragments", {"user_id": "u1", "messages": []}, "body.messages"),
        ("POST", "/v1/fragments", {"user_id": "", "messages": [{"role": "user", "content": "hi"}]}, "body.user_id"),
        (
            "POST",
            "/v1/fragments",
            {"user_id": "u1", "messages": [{"role": "user", "content": "hi"}], "extra": 1},
            "body.extra",
        ),
        ("POST", "/v1/messages", {"user_id": "u1", "role": "user", "content": "hi"}, "body.conversation_id"),
        # A records body is one record or a list: the message names the field in each reading of it.
        ("POST", "/v1/users/u1/records", {"kind": "lab_result", "date": "2026-01-01"}, "body.RecordIn.title"),
        (
            "POST",
            "/v1/users/u1/records",
            {"kind": "lab_result", "title": "x", "date": "yesterday"},
            "body.RecordIn.date",
        ),
        ("POST", "/v1/users/u1/records", [], "body.list[RecordIn]: List should have at least 1 item"),
        ("POST", "/v1/users/u1/records", [{"kind": "lab_result", "title": "x"}], "body.list[RecordIn].0.date"),
        ("GET", "/v1/users/u1/context", None, "query.query"),
        ("GET", "/v1/users/u1/facts?as_of=someday", None, "query.as_of"),
        ("GET", "/v1/users/u1/facts?all=maybe", None, "query.all"),
        ("GET", f"/v1/users/{'u' * 129}/facts", None, "path.user_id"),
        ("DELETE", "/v1/users/%00", None, "path.user_id"),
    ],
)
def test_bad_input_is_refused_naming_the_field(
    api: httpx.Client, method: str, path: str, body: Any, field: str
) -> None:
    response = api.request(method, path, json=body) if body is not None else api.request(method, path)
    assert response.status_code == 422, response.text
    answer = response.json()
    assert field in answer["message"], answer
    where = field.split(":")[0]
    assert any(".".join(str(p) for p in e["loc"]).startswith(where) for e in answer["detail"]), answer


def test_a_body_over_the_limit_is_refused_with_413(api: httpx.Client, user_id: str) -> None:
    big = fragment(user_id, "а" * 20_000)
    big["messages"] = big["messages"] * 30  # ~1.2 MB of UTF-8, each message within its own limit
    response = api.post("/v1/fragments", json=big)
    assert response.status_code == 413
    chunked = api.post(
        "/v1/fragments", content=iter([b"[" + b" " * 1024 * 1024, b"]"]), headers={"Content-Type": "application/json"}
    )
    assert chunked.status_code == 413
    assert api.get(f"/v1/users/{user_id}/facts").json()["facts"] == []


def padded(document: dict[str, Any], size: int) -> bytes:
    """The document as JSON, padded with trailing whitespace (still valid JSON) to exactly `size` bytes."""
    body = json.dumps(document, ensure_ascii=False).encode()
    assert len(body) <= size
    return body + b" " * (size - len(body))


def test_a_body_at_the_limit_is_accepted_and_one_byte_more_is_refused(api: httpx.Client, user_id: str) -> None:
    json_type = {"Content-Type": "application/json"}
    at_limit = padded(fragment(user_id, "У меня аллергия на арахис."), BODY_LIMIT)
    over = padded(fragment(user_id, "У меня аллергия на латекс.", n=2), BODY_LIMIT + 1)
    assert api.post("/v1/fragments", content=over, headers=json_type).status_code == 413
    accepted = api.post("/v1/fragments", content=at_limit, headers=json_type)
    assert accepted.status_code == 202, accepted.text
    assert set(facts_by_key(api, user_id)) == {("allergies", "арахис")}


def test_the_default_body_limit_fits_the_largest_fragment_the_schema_accepts() -> None:
    """200 messages of 20,000 characters, each outside the BMP (12 bytes as a JSON escape), the
    longest ids and timestamps, as Python's json.dumps writes them (escaped, with its spaces)."""
    astral = "\U0001f600"
    longest_id = astral * 128
    message = {"role": "assistant", "content": astral * MAX_MESSAGE_CHARS, "ts": "2026-03-01T10:00:00.123456+14:00"}
    largest = {
        "fragment_id": longest_id,
        "user_id": longest_id,
        "conversation_id": longest_id,
        "messages": [message] * MAX_FRAGMENT_MESSAGES,
    }
    FragmentIn.model_validate(largest)  # the schema accepts it
    size = len(json.dumps(largest).encode())
    assert size > MAX_FRAGMENT_MESSAGES * MAX_MESSAGE_CHARS * 12
    assert size <= Settings().api_max_body_bytes, f"largest fragment {size} bytes"
    assert Settings(api_max_body_bytes=BODY_LIMIT).api_max_body_bytes == BODY_LIMIT


# --- operations and description ------------------------------------------------------------------


def test_health_needs_no_key_and_names_each_part(base_url: str) -> None:
    response = httpx.get(f"{base_url}/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "not configured"}


def test_health_is_503_naming_the_broker_when_it_does_not_answer(database_url: str) -> None:
    app = create_api(Settings(api_keys=KEY, broker_url="redis://127.0.0.1:9/0"))
    response = TestClient(app).get("/health")
    assert response.status_code == 503
    answer = response.json()
    assert answer["status"] == "unavailable" and answer["database"] == "ok"
    assert answer["broker"].startswith("unreachable")


def test_the_openapi_document_and_docs_are_served(base_url: str) -> None:
    document = httpx.get(f"{base_url}/openapi.json").json()
    assert set(document["paths"]) == {
        "/v1/fragments",
        "/v1/messages",
        "/v1/users/{user_id}",
        "/v1/users/{user_id}/context",
        "/v1/users/{user_id}/facts",
        "/v1/users/{user_id}/records",
        "/health",
    }
    assert document["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
    assert "FragmentIn" in document["components"]["schemas"]
    docs = httpx.get(f"{base_url}/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()


def test_schemathesis_finds_no_server_error(base_url: str, tmp_path: Path) -> None:
    """Property-based requests generated from the OpenAPI document, bounded: 20 examples per operation."""
    log = tmp_path / "schemathesis.log"
    with log.open("w") as out:
        result = subprocess.run(
            [
                str(BIN / "st"),
                "run",
                f"{base_url}/openapi.json",
                "--header",
                f"Authorization: Bearer {KEY}",
                "--checks",
                "not_a_server_error",
                "--max-examples",
                "20",
                "--workers",
                "1",
                "--seed",
                "1",
                "--request-timeout",
                "30",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=tmp_path,
            timeout=240,
        )
    assert result.returncode == 0, log.read_text(errors="replace")[-6000:]
