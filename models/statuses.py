"""The life cycles of a fragment and of an extraction, as stored in their `status` columns.

StrEnums, so a member is the very string the database holds and the JSON (`ltm stats`, the
drills) shows: `FragmentStatus.DONE == "done"`.
"""

from __future__ import annotations

from enum import StrEnum


class FragmentStatus(StrEnum):
    # pending → processing → done | skipped (junk) | held (waiting to be glued) → glued | failed
    PENDING = "pending"
    PROCESSING = "processing"
    DONE = "done"
    SKIPPED = "skipped"
    HELD = "held"
    GLUED = "glued"
    FAILED = "failed"


# A fragment in one of these still has a worker's attention coming (or lost): the requeue job watches them.
IN_FLIGHT = (FragmentStatus.PENDING, FragmentStatus.PROCESSING)
# Nothing more will happen to a fragment in one of these (held ones wait for the next piece or expire).
TERMINAL = (
    FragmentStatus.DONE,
    FragmentStatus.SKIPPED,
    FragmentStatus.HELD,
    FragmentStatus.GLUED,
    FragmentStatus.FAILED,
)


class ExtractionStatus(StrEnum):
    # pending → valid → applied | rejected
    PENDING = "pending"
    VALID = "valid"
    APPLIED = "applied"
    REJECTED = "rejected"


# An extraction in one of these has ended its section of the fragment.
ENDED = (ExtractionStatus.APPLIED, ExtractionStatus.REJECTED)
