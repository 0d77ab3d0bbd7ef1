"""End to end with the `openai` backend: real Celery workers (LTM_LLM_BACKEND=openai only in their
environment) call the fake OpenAI server running in this test process; the `ltm` CLI publishes and reads.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from models.sections import drug_name_key
from models.tables import Extraction, Fragment, RejectedExtraction
from tasks.extractors.prompts import load_prompt
from tests.fake_openai import SERVED_MODEL, FakeOpenAI, running_fake_openai
from tests.workers import ingest, ltm_json, purge_broker, running_workers

TS = "2026-03-01T09:00:00Z"


@pytest.fixture(scope="module")
def fake_openai() -> Iterator[FakeOpenAI]:
    with running_fake_openai(timeout_delay=3.0) as server:
        yield server


@pytest.fixture(scope="module")
def worker(database_url: str, fake_openai: FakeOpenAI, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    purge_broker()
    with running_workers(
        1,
        concurrency=2,
        log_dir=tmp_path_factory.mktemp("workers"),
        LTM_LLM_BACKEND="openai",
        LTM_LLM_BASE_URL=fake_openai.base_url,
        LTM_LLM_MODEL="fake-model",
        LTM_LLM_TIMEOUT="2",
        OPENAI_API_KEY="sk-test",
    ):
        yield


def say(user_id: str, text: str) -> dict[str, Any]:
    return {
        "user_id": user_id,
        "fragment_id": f"{user_id}-1",
        "messages": [{"role": "user", "content": text, "ts": TS}],
    }


def medication(marker: str) -> dict[str, Any]:
    """A recorded extractor answer; the marker (in the user's text) keeps tests' answers apart."""
    return {
        "events": [
            {
                "section": "medications",
                "attributes": {
                    "name_raw": f"Энап-{marker}",
                    "name_normalized": f"эналаприл-{marker}",
                    "dosage": "5 мг",
                },
                "said_at": TS,
                "evidence": "Пью Энап 5 мг",
            }
        ]
    }


def requests_about(fake: FakeOpenAI, marker: str) -> list[str]:
    return [
        prompt
        for prompt, body in zip(fake.prompt_ids(), fake.requests, strict=True)
        if any(marker in str(m.get("content")) for m in body["messages"])
    ]


def rejections(session: Session, user_id: str) -> list[RejectedExtraction]:
    return list(session.scalars(select(RejectedExtraction).where(RejectedExtraction.user_id == user_id)))


@pytest.fixture()
def marker() -> str:
    return uuid.uuid4().hex[:8]


def test_a_fragment_becomes_facts_with_one_call_per_stage(
    worker: None, fake_openai: FakeOpenAI, user_id: str, marker: str, session: Session
) -> None:
    fake_openai.answers[("classify", marker)] = {"sections": ["medications", "allergies"]}
    fake_openai.answers[("medications", marker)] = medication(marker)
    fake_openai.answers[("allergies", marker)] = {"events": [{"section": "allergies", "action": "absent"}]}

    result = ingest([say(user_id, f"Пью Энап 5 мг, аллергий нет ({marker})")])

    assert set(result["statuses"].values()) == {"done"}
    facts = ltm_json("facts", "--user", user_id)
    assert [f["attributes"]["name_normalized"] for f in facts["facts"]] == [f"эналаприл-{marker}"]
    assert facts["coverage"]["allergies"] == "confirmed_absent"
    assert sorted(requests_about(fake_openai, marker)) == ["allergies", "classify", "medications"]
    extraction = session.scalars(
        select(Extraction).where(Extraction.user_id == user_id, Extraction.section == "medications")
    ).one()
    assert (extraction.backend, extraction.prompt_id, extraction.prompt_version) == (
        "openai",
        "medications",
        load_prompt("medications").version,
    )
    assert extraction.model == SERVED_MODEL and extraction.tokens_in > 0
    fragment = session.scalars(select(Fragment).where(Fragment.user_id == user_id)).one()
    assert fragment.classifier_call is not None and fragment.classifier_call["prompt_id"] == "classify"


def test_malformed_output_is_rejected_with_the_raw_text_kept(
    worker: None, fake_openai: FakeOpenAI, user_id: str, marker: str, session: Session
) -> None:
    fake_openai.answers[("classify", marker)] = {"sections": ["medications"]}
    fake_openai.fail_next("malformed_json", prompt="medications", when=marker)

    ingest([say(user_id, f"Пью Энап 5 мг ({marker})")])

    [rejected] = rejections(session, user_id)
    assert rejected.section == "medications" and "not JSON" in rejected.reason
    assert rejected.raw.startswith('{"events": [{"section": "medications"')
    assert ltm_json("facts", "--user", user_id)["facts"] == []


def test_a_rate_limited_extraction_is_retried_by_celery(
    worker: None, fake_openai: FakeOpenAI, user_id: str, marker: str
) -> None:
    fake_openai.answers[("classify", marker)] = {"sections": ["medications"]}
    fake_openai.answers[("medications", marker)] = medication(marker)
    fake_openai.fail_next("http_429", prompt="medications", when=marker)

    result = ingest([say(user_id, f"Пью Энап 5 мг ({marker})")])

    assert set(result["statuses"].values()) == {"done"}
    assert [f["key"] for f in ltm_json("facts", "--user", user_id)["facts"]] == [drug_name_key(f"эналаприл-{marker}")]
    assert requests_about(fake_openai, marker) == ["classify", "medications", "medications"]


def test_a_bad_request_is_recorded_not_retried(
    worker: None, fake_openai: FakeOpenAI, user_id: str, marker: str, session: Session
) -> None:
    fake_openai.answers[("classify", marker)] = {"sections": ["medications"]}
    fake_openai.fail_next("http_400", prompt="medications", when=marker)

    ingest([say(user_id, f"Пью Энап 5 мг ({marker})")])

    [rejected] = rejections(session, user_id)
    assert rejected.section == "medications" and "BadRequestError" in rejected.raw
    assert requests_about(fake_openai, marker) == ["classify", "medications"]


def test_junk_costs_no_call_and_unnamed_sections_no_extraction(
    worker: None, fake_openai: FakeOpenAI, user_id: str, marker: str, session: Session
) -> None:
    # The text touches medications and allergies, but the classifier names medications only.
    fake_openai.answers[("classify", marker)] = {"sections": ["medications"]}
    fake_openai.answers[("medications", marker)] = medication(marker)
    junk = [
        {"user_id": user_id, "fragment_id": f"{user_id}-junk-{n}", "messages": [{"role": "user", "content": text}]}
        for n, text in enumerate(["!!!", "ок", "ыва"])
    ]
    before = len(fake_openai.requests)

    result = ingest([*junk, say(user_id, f"Пью Энап 5 мг, аллергия на пенициллин ({marker})")])

    assert sorted(result["statuses"].values()) == ["done", "skipped", "skipped", "skipped"]
    # Every request of this test is the content fragment's: one classify, one extract for the named section.
    assert len(fake_openai.requests) - before == 2
    assert requests_about(fake_openai, marker) == ["classify", "medications"]
    sections = session.scalars(select(Extraction.section).where(Extraction.user_id == user_id)).all()
    assert sections == ["medications"]
