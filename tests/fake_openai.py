"""A local OpenAI-compatible server for tests: replays recorded answers and injects faults.

It is the one seam where tests replace the LLM: the real `openai` client talks HTTP to it, so
timeouts, status codes and the JSON-schema fallback run through the same code as in production.

Answers are keyed by the prompt id, read from the first line of the system message
(`prompt: medications v1`), optionally narrowed by a substring of the user message:

    fake_openai.answers["medications"] = {"events": []}
    fake_openai.answers[("medications", "Энап")] = '{"events": [...]}'   # str: sent verbatim

A prompt without a recorded answer gets a 400 naming it, so a missing recording fails loudly.
Faults: `fake_openai.fail_next("http_429", prompt="medications", when="Энап")`; every request body
is kept in `fake_openai.requests`. The `fake_openai` fixture below can be imported into a conftest;
a test module importing it directly trips ruff's F811, so test modules wrap `running_fake_openai`.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal, get_args

import pytest

FaultKind = Literal[
    "malformed_json",
    "wrong_schema",
    "refusal",
    "http_400",
    "http_401",
    "http_429",
    "http_500",
    "timeout",
    "json_schema_unsupported",
]
# Faults that still answer 200, with a bad message; the others answer with an HTTP error.
CONTENT_FAULTS = ("malformed_json", "wrong_schema", "refusal")
FAULT_KINDS: tuple[str, ...] = get_args(FaultKind)

# The model name the fake claims to serve: deliberately not the requested one, so tests can see that
# the backend records the model from the response.
SERVED_MODEL = "fake-model-2026-01-01"
PROMPT_LINE = re.compile(r"^prompt: (?P<id>\S+) (?P<version>\S+)")

Answer = str | dict[str, Any]


@dataclass(frozen=True)
class Fault:
    kind: str
    prompt: str | None = None  # only requests for this prompt id
    when: str | None = None  # only requests whose user message contains this

    def hits(self, body: dict[str, Any]) -> bool:
        if self.prompt is not None and self.prompt != prompt_of(body)[0]:
            return False
        if self.when is not None and self.when not in user_text(body):
            return False
        # A server without structured output refuses only the requests that ask for it.
        return self.kind != "json_schema_unsupported" or response_format_type(body) == "json_schema"


class FakeOpenAI:
    def __init__(self, *, timeout_delay: float = 3.0) -> None:
        self.answers: dict[str | tuple[str, str], Answer] = {}
        self.requests: list[dict[str, Any]] = []  # the JSON body of every request, in order
        self.timeout_delay = timeout_delay  # how long a "timeout" fault stalls; longer than the client waits
        self._faults: list[Fault] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        # A short poll interval: shutting the server down waits for one poll, once per test.
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-openai", daemon=True
        )

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def start(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes a request stalled by a "timeout" fault
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def fail_next(self, kind: FaultKind, times: int = 1, *, prompt: str | None = None, when: str | None = None) -> None:
        """The next `times` requests get this fault instead of their recorded answer.

        With `prompt`, only requests for that prompt id count; with `when`, only requests whose user
        message contains that text. So a fault can be aimed at one stage of one test's fragment in a
        pipeline that runs elsewhere, and work left over from another test cannot use it up.
        `json_schema_unsupported` only hits requests that ask for JSON-schema output, like a server
        without structured output would; other requests pass and do not use it up.
        """
        if kind not in FAULT_KINDS:
            raise ValueError(f"fail_next: unknown fault {kind!r}; known: {FAULT_KINDS}")
        with self._lock:
            self._faults.extend([Fault(kind, prompt, when)] * times)

    def prompt_ids(self) -> list[str]:
        """The prompt id of each request so far, in order."""
        return [prompt_of(body)[0] for body in self.requests]

    # The HTTP side.

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                fake._serve(self)

            def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
                pass

        return Handler

    def _serve(self, request: BaseHTTPRequestHandler) -> None:
        if request.path.rstrip("/") != "/v1/chat/completions":
            return send_error(request, 404, f"fake_openai: no route {request.path}")
        length = int(request.headers.get("Content-Length") or 0)
        body = json.loads(request.rfile.read(length) or b"{}")
        with self._lock:
            self.requests.append(body)
            fault = self._take_fault(body)
        prompt_id, _ = prompt_of(body)
        if fault == "timeout":
            self._stopping.wait(self.timeout_delay)
        elif fault is not None and fault not in CONTENT_FAULTS:
            return send_fault(request, fault, body)
        if fault == "refusal":  # the model declined: no content at all
            return send_completion(request, body, None, refusal="I can't help with that.")
        if fault == "malformed_json":
            return send_completion(request, body, '{"events": [{"section": "' + prompt_id + '", "act')
        if fault == "wrong_schema":
            return send_completion(request, body, json.dumps(wrong_schema_answer(prompt_id)))
        answer = self._answer_for(prompt_id, user_text(body))
        if answer is None:
            return send_error(request, 400, f"fake_openai: no recorded answer for prompt {prompt_id!r}")
        content = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
        send_completion(request, body, content)

    def _take_fault(self, body: dict[str, Any]) -> str | None:
        for i, fault in enumerate(self._faults):
            if fault.hits(body):
                del self._faults[i]
                return fault.kind
        return None

    def _answer_for(self, prompt_id: str, text: str) -> Answer | None:
        for key, answer in self.answers.items():
            if isinstance(key, tuple) and key[0] == prompt_id and key[1] in text:
                return answer
        return self.answers.get(prompt_id)


def prompt_of(body: dict[str, Any]) -> tuple[str, str]:
    """(prompt id, version) from the first line of the system message; ("?", "?") when absent."""
    for message in body.get("messages", []):
        if message.get("role") == "system":
            match = PROMPT_LINE.match(str(message.get("content", "")))
            if match:
                return match["id"], match["version"]
    return "?", "?"


def user_text(body: dict[str, Any]) -> str:
    return "\n".join(str(m.get("content", "")) for m in body.get("messages", []) if m.get("role") == "user")


def response_format_type(body: dict[str, Any]) -> str | None:
    response_format = body.get("response_format") or {}
    return response_format.get("type") if isinstance(response_format, dict) else None


def wrong_schema_answer(prompt_id: str) -> dict[str, Any]:
    """Valid JSON that breaks the answer schema in one named field: `action`."""
    if prompt_id == "classify":
        return {"sections": "medications"}
    return {"events": [{"section": prompt_id, "action": "maybe", "attributes": {}}]}


def send_completion(
    request: BaseHTTPRequestHandler, body: dict[str, Any], content: str | None, *, refusal: str | None = None
) -> None:
    prompt_chars = sum(len(str(m.get("content", ""))) for m in body.get("messages", []))
    answer_chars = len(content or refusal or "")
    send_json(
        request,
        200,
        {
            "id": f"chatcmpl-fake-{time.monotonic_ns()}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": SERVED_MODEL,
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "stop",
                    "logprobs": None,
                    "message": {"role": "assistant", "content": content, "refusal": refusal},
                }
            ],
            # Roughly four characters a token: deterministic, and enough to see the numbers travel.
            "usage": {
                "prompt_tokens": prompt_chars // 4 + 1,
                "completion_tokens": answer_chars // 4 + 1,
                "total_tokens": prompt_chars // 4 + answer_chars // 4 + 2,
            },
        },
    )


def send_fault(request: BaseHTTPRequestHandler, fault: str, body: dict[str, Any]) -> None:
    if fault == "json_schema_unsupported":
        return send_error(
            request, 400, "response_format type 'json_schema' is not supported by this server", param="response_format"
        )
    if fault == "http_401":
        # Like servers that echo the refused key: the backend must keep it out of logs and errors.
        key = request.headers.get("Authorization", "").removeprefix("Bearer ")
        return send_error(request, 401, f"Incorrect API key provided: {key}", kind="authentication_error")
    status = int(fault.removeprefix("http_"))
    messages = {
        400: "Invalid request: 'messages' is malformed",
        429: "Rate limit reached",
        500: "The server had an error while processing your request",
    }
    send_error(request, status, messages[status])


def send_error(
    request: BaseHTTPRequestHandler,
    status: int,
    message: str,
    *,
    kind: str = "invalid_request_error",
    param: str | None = None,
) -> None:
    send_json(request, status, {"error": {"message": message, "type": kind, "param": param, "code": None}})


def send_json(request: BaseHTTPRequestHandler, status: int, payload: dict[str, Any]) -> None:
    data = json.dumps(payload, ensure_ascii=False).encode()
    try:
        request.send_response(status)
        request.send_header("Content-Type", "application/json")
        request.send_header("Content-Length", str(len(data)))
        request.end_headers()
        request.wfile.write(data)
    except (BrokenPipeError, ConnectionResetError):  # the client gave up (a "timeout" fault): fine
        pass


@contextmanager
def running_fake_openai(**options: Any) -> Iterator[FakeOpenAI]:
    server = FakeOpenAI(**options).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture()
def fake_openai() -> Iterator[FakeOpenAI]:
    """A fresh fake server per test: its own port, answers, recorded requests and faults."""
    with running_fake_openai(timeout_delay=3.0) as server:
        yield server
