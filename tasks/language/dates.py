"""Dates said in words ("месяц назад", "last week", "в 2015 году", "in September") as valid calendar times.

dateparser does the language work (relative phrases, month names, both languages). It is slow to import
(~0.8 s) and to call (1-15 ms, ~350 ms for the first phrase of a language), so it is imported on the first
phrase, only ever sees the short phrase a rule already found (never a whole message), and every answer is
cached per (phrase, day said): a dialogue repeats its dates and a worker sees the same few phrases again.
The answer keeps only the precision the phrase had: "в 2015 году" → "2015", "in September" → "2025-09",
"вчера" → "2026-02-28".
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any

# Words around a date that dateparser does not need and sometimes misreads ("в 2015 году" as year 11).
_FRAME_RE = re.compile(
    r"^(?:back\s+in|in|в|во|since|с|со)\s+(?=\d|[а-я]+е\b|[a-z]+\s+\d|[a-z]+$)|(?<=\d)\s+(?:году|года|г\.?)$"
)
_YEAR_ONLY_RE = re.compile(r"^(?:(?:летом|зимой|весной|осенью|summer|winter|spring|autumn|fall)\s+(?:of\s+)?)?(\d{4})$")
_MONTH_WORD_RE = re.compile(
    r"январ|феврал|март|апрел|ма[йяе]|июн|июл|август|сентябр|октябр|ноябр|декабр|месяц"
    r"|january|february|march|april|may|june|july|august|september|october|november|december|month"
)
_YEAR_WORD_RE = re.compile(r"\bгод|\bгода|\bлет\b|\byears?\b")
# dateparser misreads Russian month names in the prepositional case ("в марте"); give it the nominative.
_RU_MONTHS = {
    "январе": "январь",
    "феврале": "февраль",
    "марте": "март",
    "апреле": "апрель",
    "мае": "май",
    "июне": "июнь",
    "июле": "июль",
    "августе": "август",
    "сентябре": "сентябрь",
    "октябре": "октябрь",
    "ноябре": "ноябрь",
    "декабре": "декабрь",
}


def resolve(phrase: str, said_at: datetime | None = None) -> str | None:
    """The ISO date (YYYY, YYYY-MM or YYYY-MM-DD) a phrase names, relative to when it was said; None if unsure.

    `said_at` None (a message without a timestamp): only phrases with a year in them are resolved.
    """
    text = phrase.strip().lower().replace("ё", "е")
    if said_at is None:
        # Without knowing when it was said, "в прошлом году" names no calendar time; "в 2015 году" still does.
        if not re.search(r"\b\d{4}\b", text):
            return None
        said_at = datetime.now(UTC)
    return _resolve(text, said_at.date())


@lru_cache(maxsize=4096)
def _resolve(phrase: str, day: date) -> str | None:
    text = _FRAME_RE.sub("", phrase).strip()
    year_only = _YEAR_ONLY_RE.match(text)
    if year_only:
        year = int(year_only.group(1))
        return str(year) if 1900 <= year <= day.year else None
    text = " ".join(_RU_MONTHS.get(word, word) for word in text.split())
    found = _parse(text, day)
    if found is None or found.date() > day or found.year < 1900:
        return None
    if _MONTH_WORD_RE.search(text) and not re.search(r"\d+\s+\w*\s*назад|\bago\b", text) and "недел" not in text:
        return found.strftime("%Y-%m")
    if _YEAR_WORD_RE.search(text) and not _MONTH_WORD_RE.search(text):
        return found.strftime("%Y")
    return found.strftime("%Y-%m-%d")


def _parse(text: str, day: date) -> datetime | None:
    import dateparser  # 0.8 s to import: paid on the first date phrase, not at start-up

    languages = ["en"] if text.isascii() else ["ru"]
    settings: dict[str, Any] = {
        "RELATIVE_BASE": datetime(day.year, day.month, day.day),
        "PREFER_DATES_FROM": "past",
        "PREFER_DAY_OF_MONTH": "first",
    }
    return dateparser.parse(text, languages=languages, settings=settings)
