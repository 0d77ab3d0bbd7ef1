"""The `openai` backend: any OpenAI-compatible chat-completions server (OpenAI, vLLM, llama.cpp, Ollama).

One call per question: `classify` sends the classifier prompt, `extract` only the rules of the one
section asked about. The model's text is returned verbatim, JSON or not: judging it is the job of
`tasks.validate`, which keeps what it rejects, so a broken answer never reads as "found nothing".
Nothing here retries: the client runs with `max_retries=0` and errors are sorted into transient
(retried by the Celery task with backoff and jitter) and terminal (recorded as a failed extraction).
"""

from __future__ import annotations

import json
import logging
import time
from functools import cached_property
from typing import Any

import openai
from openai.types.chat import ChatCompletion

from models.settings import Settings, get_settings
from tasks.extractors import BackendReply, Dialogue, TerminalBackendError, TransientBackendError
from tasks.extractors.prompts import CLASSIFY, Prompt, answer_schema, load_prompt

log = logging.getLogger(__name__)

# Local servers ignore the key, but the client refuses to start without one.
PLACEHOLDER_API_KEY = "not-needed"
# 408 and 429 say "not now"; 5xx says the server failed. Every other status is about the request.
TRANSIENT_STATUSES = frozenset({408, 429})


class OpenAIBackend:
    name = "openai"
    remote = True

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or get_settings()
        # Flipped once a server refuses JSON-schema output; this instance lives as long as the
        # process (get_backend caches it), so the refusal costs one extra request per process.
        self.json_mode_only = False

    @cached_property
    def client(self) -> openai.OpenAI:
        """Built on first use, so importing or constructing the backend opens no connection."""
        return openai.OpenAI(
            base_url=self.settings.llm_base_url,
            api_key=self._api_key or PLACEHOLDER_API_KEY,
            timeout=self.settings.llm_timeout,
            max_retries=0,  # retries belong to Celery, which backs off and survives a worker restart
        )

    @property
    def _api_key(self) -> str:
        key = self.settings.openai_api_key
        return key.get_secret_value() if key is not None else ""

    def classify(self, dialogue: Dialogue) -> BackendReply:
        return self._ask(load_prompt(CLASSIFY), dialogue)

    def extract(self, dialogue: Dialogue, section: str) -> BackendReply:
        return self._ask(load_prompt(section), dialogue)

    def _ask(self, prompt: Prompt, dialogue: Dialogue) -> BackendReply:
        client = self.client  # built before the clock starts: latency is the server's, not our setup
        started = time.perf_counter()
        try:
            response = self._complete(client, prompt, dialogue)
        except openai.APIError as exc:
            raise self._backend_error(prompt, exc) from None
        latency_ms = (time.perf_counter() - started) * 1000
        usage = response.usage if isinstance(response, ChatCompletion) else None
        reply = BackendReply(
            raw_output=content_of(prompt, response),
            prompt_id=prompt.id,
            prompt_version=prompt.version,
            model=response.model,
            tokens_in=usage.prompt_tokens if usage else 0,
            tokens_out=usage.completion_tokens if usage else 0,
            latency_ms=latency_ms,
        )
        log.info(
            "openai %s %s: model=%s tokens=%d/%d latency=%.0fms",
            prompt.id,
            prompt.version,
            reply.model,
            reply.tokens_in,
            reply.tokens_out,
            latency_ms,
        )
        return reply

    def _complete(self, client: openai.OpenAI, prompt: Prompt, dialogue: Dialogue) -> ChatCompletion:
        if not self.json_mode_only:
            try:
                return self._create(client, prompt, dialogue, json_schema=True)
            except openai.BadRequestError as exc:
                if not refuses_json_schema(exc):
                    raise
                log.warning(
                    "openai: %s refuses json_schema output; using JSON mode from now on", self.settings.llm_base_url
                )
                self.json_mode_only = True
        return self._create(client, prompt, dialogue, json_schema=False)

    def _create(
        self, client: openai.OpenAI, prompt: Prompt, dialogue: Dialogue, *, json_schema: bool
    ) -> ChatCompletion:
        schema = answer_schema(prompt.id)
        system = system_message(prompt)
        if json_schema:
            # strict=False: strict mode forbids optional fields and defaults, which ProposedEvent has.
            response_format: Any = {
                "type": "json_schema",
                "json_schema": {"name": f"{prompt.id}_answer", "schema": schema, "strict": False},
            }
        else:
            # JSON mode only promises some JSON object, so the schema travels in the prompt instead.
            response_format = {"type": "json_object"}
            system += "\n\nThe answer must be one JSON object matching this JSON schema:\n" + json.dumps(schema)
        return client.chat.completions.create(
            model=self.settings.llm_model,
            messages=[{"role": "system", "content": system}, {"role": "user", "content": dialogue_json(dialogue)}],
            response_format=response_format,
            temperature=0,
        )

    def _backend_error(self, prompt: Prompt, exc: openai.APIError) -> Exception:
        """Transient or terminal, with a message that is safe to log and to store."""
        status = exc.status_code if isinstance(exc, openai.APIStatusError) else None
        detail = self._redact(f"{type(exc).__name__}: {exc.message}")
        message = f"openai {prompt.id} {prompt.version}: {detail}"
        log.warning("%s", message)
        if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
            return TransientBackendError(message)
        if status is not None and (status in TRANSIENT_STATUSES or status >= 500):
            return TransientBackendError(message)
        return TerminalBackendError(message)

    def _redact(self, text: str) -> str:
        # Some servers echo the key they refused; error text ends up in logs and in the rejected table.
        key = self._api_key
        return text.replace(key, "***") if key else text


def content_of(prompt: Prompt, response: ChatCompletion) -> str:
    """The answer's text, verbatim. No text at all is terminal: a refusal is not "found nothing"."""
    if not isinstance(response, ChatCompletion):  # e.g. a proxy's HTML page sent with status 200
        problem = "the response is not a chat completion"
    elif not response.choices:
        problem = "the response has no choices"
    elif response.choices[0].message.content is None:
        problem = f"no content (refusal: {response.choices[0].message.refusal!r})"
    else:
        return response.choices[0].message.content
    message = f"openai {prompt.id} {prompt.version}: {problem}"
    log.warning("%s", message)
    raise TerminalBackendError(message)


def refuses_json_schema(exc: openai.BadRequestError) -> bool:
    """A 400 that is about the response_format itself, as servers without structured output answer."""
    text = f"{exc.message} {json.dumps(exc.body, default=str)}".lower()
    return "json_schema" in text or "response_format" in text


def system_message(prompt: Prompt) -> str:
    # The first line names the prompt, so recorded answers (and a person reading a trace) can tell
    # which rules the model was given.
    return f"prompt: {prompt.id} {prompt.version}\n\n{prompt.text}"


def dialogue_json(dialogue: Dialogue) -> str:
    messages = [m.model_dump(mode="json") for m in dialogue.messages]
    return json.dumps(messages, ensure_ascii=False)
