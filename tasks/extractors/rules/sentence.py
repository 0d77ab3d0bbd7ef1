"""The unit the rules look at: one user sentence with the context that changes its meaning.

Only the user's words are sources of facts. An assistant message matters only as the question a
user reply answers ("Есть ли у вас аллергии?" → "Нет"), so it is carried as `prompt` on the
first user sentence after it. A correction marker ("я ошибся", "actually") in a message, or in
the user's message just before it, marks every sentence of that message as `correcting`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from tasks.language.text import Token, normalize, split_sentences, tokenize

CORRECTION_RE = re.compile(
    r"\bя\s+(?:ошибс?я|ошиблась|перепутал\w*|оговорил\w*|неправильно\s+сказал\w*)|\bна\s+самом\s+деле\b"
    r"|\bвернее\b|\bточнее\b|\bя\s+имел\w*\s+в\s+виду\b|\bопечатал\w*"
    r"|\bactually\b|\bmistake\b|\bi\s+was\s+wrong\b|\bi\s+meant\b|\bcorrection\b|\btypo\b|\bsorry,?\s+i\s+mean"
)
HEDGE_RE = re.compile(
    r"\bкажется\b|\bвроде\b|\bнаверное\b|\bвозможно\b|\bпо-моему\b|\bпохоже\b|\bне\s+уверен\w*,?\s+но\b"
    r"|\bi\s+think\b|\bmaybe\b|\bprobably\b|\bi\s+guess\b|\bpossibly\b|\bi\s+believe\b|\bnot\s+sure\s+but\b"
)
# Wishes, plans to try and hypotheticals: nothing said in them is a fact about the user ("хочу попробовать X",
# "если бы у меня был диабет", "should I try X", "I'm thinking about starting X").
HYPOTHETICAL_RE = re.compile(
    r"\bесли\s+бы\b|\bхо(?:чу|тел\w*|телось)\s+(?:бы\s+)?(?:попробовать|начать|перейти|завести|купить)"
    r"|\bдумаю\s+(?:попробовать|начать|перейти)|\bподумыва\w*|\bсобира\w*\s+(?:попробовать|начать)"
    r"|\bможет\s+(?:быть\s+)?(?:стоит|попробовать)|\bстоит\s+ли|\bмечта\w*"
    r"|\bif\s+i\s+(?:were|had|was|took|tried)\b|\b(?:want|wanted|would\s+like|planning|plan|thinking\s+about"
    r"|considering|wondering\s+(?:if|whether|about))\s+(?:to\s+)?(?:try|start|trying|starting|switch\w*|taking|getting)"
    r"|\bshould\s+i\b|\bwould\s+it\b|\bmight\s+try\b"
    r"|\bвдруг\s+(?:у\s+меня|это)\b|\bа\s+вдруг\b|\bwhat\s+if\b|\bcould\s+it\s+be\b|\bне\s+\w+\s+ли\s+у\s+меня\b"
)
# Words that make a comma-separated part of a question a question; the other parts are statements
# ("у меня болит голова, что выпить?" keeps "у меня болит голова").
QUESTION_RE = re.compile(
    r"\b(?:что|как|какой|какая|какие|каким|чем|можно|нужно|стоит|ли|где|когда|почему|зачем|сколько|посоветуй\w*"
    r"|what|how|which|can|could|should|is|are|do|does|when|where|why|would|will)\b"
)


class MessageLike(Protocol):
    @property
    def role(self) -> str: ...
    @property
    def content(self) -> str: ...
    @property
    def ts(self) -> datetime | None: ...


@dataclass(frozen=True)
class Sentence:
    raw: str  # as the user wrote it: evidence and raw names are cut from here
    norm: str  # `normalize(raw)`, same offsets
    tokens: tuple[Token, ...]
    said_at: datetime | None = None
    prompt: str = ""  # the normalised assistant message this sentence answers, if any
    correcting: bool = False
    hedged: bool = False
    hypothetical: bool = False
    first_in_message: bool = True

    @classmethod
    def of(cls, raw: str, **context: Any) -> Sentence:
        norm = normalize(raw)
        return cls(
            raw,
            norm,
            tuple(tokenize(norm)),
            hedged=bool(HEDGE_RE.search(norm)),
            hypothetical=bool(HYPOTHETICAL_RE.search(norm)),
            **context,
        )

    def cut(self, start: int, end: int) -> str:
        return self.raw[start:end].strip()


@dataclass(frozen=True)
class Finding:
    """One thing a sentence says, before it becomes a ProposedEvent."""

    section: str
    attributes: dict[str, Any]
    sentence: Sentence
    action: str = "assert"
    slot: str | None = None
    explicit: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def statement_part(raw: str) -> str:
    """A question sentence keeps only its comma-separated parts that are not themselves questions."""
    if not raw.rstrip().endswith("?"):
        return raw
    parts = re.split(r"(?<=[,;])\s+|\s+(?:—|-)\s+", raw.rstrip(" ?"))
    kept = [p for p in parts if not QUESTION_RE.search(normalize(p))]
    return " ".join(kept).rstrip(",; ")


def user_sentences(messages: Sequence[MessageLike]) -> list[Sentence]:
    """The user's sentences in order, each with the context its meaning depends on."""
    out: list[Sentence] = []
    prompt = ""
    previous_user_correcting = False
    for message in messages:
        if message.role != "user":
            prompt = normalize(message.content)
            continue
        correcting = bool(CORRECTION_RE.search(normalize(message.content)))
        for i, raw in enumerate(split_sentences(message.content)):
            text = statement_part(raw)
            if not text.strip():
                continue
            out.append(
                Sentence.of(
                    text,
                    said_at=message.ts,
                    prompt=prompt,
                    correcting=correcting or previous_user_correcting,
                    first_in_message=i == 0,
                )
            )
        previous_user_correcting = correcting
        prompt = ""
    return out
