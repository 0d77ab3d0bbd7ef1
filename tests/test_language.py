"""The shared language helpers: dictionary morphology rather than generated endings."""

import pytest

from tasks.language.morphology import any_reading_has, has_tag, lemma


@pytest.mark.parametrize(
    ("word", "expected"),
    [("таблетками", "таблетка"), ("Москве", "москва"), ("капаю", "капать"), ("дочерей", "дочь")],
)
def test_lemma_is_the_dictionary_form(word: str, expected: str) -> None:
    assert lemma(word) == expected


def test_places_and_names_carry_their_dictionary_tags() -> None:
    assert has_tag("Казани", "NOUN", "Geox")
    assert any_reading_has("Марина", "Name")
    assert not has_tag("таблетка", "Geox")
