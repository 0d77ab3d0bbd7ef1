"""compile_cues (tasks/language/patterns.py): a cue list compiled with one word-boundary test per position must
match exactly what the pattern as written matches."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tasks.language.patterns import compile_cues, grouped_under_word_start, top_level_alternatives

CUES = r"\bу\s+меня\b|\bмучает|\bболит\s+(?P<part>\w+)|[,;]\s*температура|\bcough(?:s|ing)?|(?:^|\s)ache\b|\b[ab|]x"
WORDS = ["у", "меня", "мучает", "болит", "голова", ",", ";", "температура", "cough", "coughing", "ache", "bx", "|x"]


def test_runs_of_word_start_alternatives_share_one_boundary() -> None:
    assert grouped_under_word_start(r"\ba|\bb|c|\bd") == r"\b(?:a|b)|c|\bd"
    assert top_level_alternatives(r"\b(?:a|b)|[|]x|\|y") == [r"\b(?:a|b)", "[|]x", r"\|y"]
    assert compile_cues(r"(?i)\ba|\bb").pattern == r"(?i)\ba|\bb"  # global flags must stay first: as written


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join))
def test_the_matches_are_those_of_the_pattern_as_written(text: str) -> None:
    written, compiled = re.compile(CUES), compile_cues(CUES)
    assert [(m.span(), m.groupdict()) for m in compiled.finditer(text)] == [
        (m.span(), m.groupdict()) for m in written.finditer(text)
    ]
