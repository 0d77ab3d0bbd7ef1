"""Associative recall, the read side: sections a question needs without naming them.

Two sources add up per section: a small global table shipped with the package
(retrieval/associations.tsv: "ресторан" → preferences, allergies) and the user's own weights,
learned from their fragments (tasks/associate.py, table `associations`). A section whose summed
weight over the question's concepts reaches ASSOCIATION_THRESHOLD joins the routed ones. Only the
set of sections grows: the status rules, caps and budget apply to them as to any routed section.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from models.concepts import word_stems
from models.sections import SECTIONS

GLOBAL_TABLE = Path(__file__).with_name("associations.tsv")
# One fragment in which the user tied a word to a section is evidence enough: the stop list has
# already dropped function words, a false association costs a few lines inside the size budget,
# and a missed one can hide an allergy. Global rows carry this full weight on their own. Raise it
# to demand repeated co-occurrence (weights of the question's concepts are summed per section).
ASSOCIATION_THRESHOLD = 1


@lru_cache(maxsize=1)
def global_associations() -> dict[str, frozenset[str]]:
    """concept → sections, from the shipped table; a malformed row fails loudly at first use."""
    table: dict[str, set[str]] = defaultdict(set)
    for number, line in enumerate(GLOBAL_TABLE.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        word, _, sections = line.partition("\t")
        concepts = word_stems(word)
        names = {name.strip() for name in sections.split(",") if name.strip()}
        if len(concepts) != 1 or not names or not names <= SECTIONS.keys():
            raise ValueError(f"{GLOBAL_TABLE.name}:{number}: expected 'word<TAB>known sections', got {line!r}")
        table[next(iter(concepts))].update(names)
    return {concept: frozenset(names) for concept, names in table.items()}


def global_sections(concepts: Iterable[str]) -> frozenset[str]:
    """Sections the shipped table associates with any of the concepts."""
    table = global_associations()
    return frozenset(name for concept in concepts for name in table.get(concept, ()))
