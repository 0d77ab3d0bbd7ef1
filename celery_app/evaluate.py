"""`ltm eval`: run memory scenarios through the pipeline and report, stage by stage, what went right.

A scenario (the shared format, see ../shared/scenarios/README.md) is a list of steps: fragments
to publish, records to add, and checks on the resulting facts and context. The checks here mean
exactly what the reference runner (`run_scenarios.py`) means by them, so both count the same
passes and failures; the difference is that this runner works in-process through the Python API
and can therefore look inside the pipeline: what the classifier chose for each fragment, what
the extractor proposed, and how fast the offline rules backend is.

The check functions are pure (plain dicts in, `Check`s out) and tested without a database;
`run_scenarios` is the thin part that publishes, waits and reads.
"""

from __future__ import annotations

import json
import operator
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

# --- scenarios ---------------------------------------------------------------------------------------


# The comparisons `expect.active_count` may ask for: ["eq", 0], ["gte", 3], …
COUNT_OPERATORS: dict[str, Callable[[int, int], bool]] = {
    "eq": operator.eq,
    "gt": operator.gt,
    "lte": operator.le,
    "gte": operator.ge,
}


def load_scenarios(paths: Iterable[str | Path]) -> list[dict[str, Any]]:
    """Every scenario in the given files and directories (`*.json`, sorted); a file holds one or a list.

    `*.jsonl` files are labelled fragments (`load_labelled`), not scenarios."""
    scenarios: list[dict[str, Any]] = []
    for path in map(Path, paths):
        files = sorted(path.glob("*.json")) if path.is_dir() else [] if path.suffix == ".jsonl" else [path]
        for file in files:
            data = json.loads(file.read_text(encoding="utf-8"))
            for scenario in data if isinstance(data, list) else [data]:
                for index, step in enumerate(scenario.get("steps", [])):
                    count = (step.get("expect") or {}).get("active_count")
                    if count is not None and (len(count) != 2 or count[0] not in COUNT_OPERATORS):
                        raise ValueError(
                            f"{file.name}: {scenario.get('name')} step {index + 1}: expect.active_count must be"
                            f" [operator, n] with an operator of {sorted(COUNT_OPERATORS)}, not {count!r}"
                        )
                scenarios.append(scenario)
    return scenarios


def step_messages(step: dict[str, Any], index: int) -> list[dict[str, Any]]:
    """The step's fragment messages, each with the reference runner's default timestamp.

    Step i is said on day i (a month per 28 steps), message j at minute j: later steps are always
    newer, which the reconciler's "older statements never override newer ones" rule relies on.
    """
    messages = step.get("messages") or [{"role": "user", "content": step["say"]}]
    default = f"2026-0{1 + min(index // 28, 8)}-{1 + index % 28:02d}T10:{{minute:02d}}:00Z"
    return [{**m, "ts": m.get("ts", step.get("ts", default.format(minute=j % 60)))} for j, m in enumerate(messages)]


# --- checks --------------------------------------------------------------------------------------------


class Check(BaseModel):
    """One pass/fail outcome. `stage` says which part of the system the check is about."""

    stage: str  # ingest | state | retrieval
    passed: bool
    what: str


def norm(value: Any) -> str:
    return str(value).casefold().replace("ё", "е").replace("-", " ").strip()


def fact_texts(fact: dict[str, Any]) -> list[str]:
    """What a `match` may be found in: the key and the names or value of the fact."""
    attributes = fact.get("attributes") or {}
    values: list[Any] = [fact.get("key", "")]
    for name in ("value", "name_raw", "name_normalized", "name"):
        value = attributes.get(name)
        if value is not None:
            values.extend(value if isinstance(value, list) else [value])
    return [norm(v) for v in values]


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def find_facts(facts: Sequence[dict[str, Any]], spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The facts a spec names: within its sections, by exact key or by a substring either way."""
    wanted = norm(spec["match"])
    hits = []
    for fact in facts:
        if "section" in spec and fact.get("section") not in _as_list(spec["section"]):
            continue
        if "key" in spec:
            if norm(fact.get("key", "")) in [norm(k) for k in spec["key"]]:
                hits.append(fact)
            continue
        # Either way round: "эналаприл" finds "эналаприл", and "latex allergy" finds "latex".
        if any(wanted in text or (text and text in wanted and len(text) >= 3) for text in fact_texts(fact)):
            hits.append(fact)
    if "value" in spec:  # prefer the hit that carries the expected value
        hits.sort(key=lambda f: norm(spec["value"]) not in norm((f.get("attributes") or {}).get("value")))
    return hits


def _value_matches(expected: Any, got: Any) -> bool:
    if isinstance(expected, int | float) and not isinstance(expected, bool):
        try:
            return float(got) == float(expected)
        except (TypeError, ValueError):
            return False
    return got is not None and norm(expected) in norm(got)


def _fact_detail_checks(tag: str, fact: dict[str, Any], spec: dict[str, Any]) -> list[Check]:
    """The checks on one found fact: attributes, value, history, confidence, source."""
    label = repr(spec["match"])
    attributes = fact.get("attributes") or {}
    history = fact.get("history") or []
    checks = []

    def add(passed: bool, what: str) -> None:
        checks.append(Check(stage="state", passed=passed, what=f"{tag}: {what}"))

    for name, expected in (spec.get("attributes") or {}).items():
        got = attributes.get(name)
        add(got is not None and norm(expected) in norm(got), f"{label}.{name} expected ~{expected!r}, got {got!r}")
    if "value" in spec:
        got = attributes.get("value")
        add(_value_matches(spec["value"], got), f"{label} value expected {spec['value']!r}, got {got!r}")
    if "min_history" in spec:
        add(len(history) >= spec["min_history"], f"{label} history {len(history)} < {spec['min_history']}")
    if "history_contains" in spec:
        blob = norm(json.dumps(history, ensure_ascii=False, default=str))
        for needle in spec["history_contains"]:
            add(norm(needle) in blob, f"{label} history lacks {needle!r}")
    if "changes" in spec:
        changes = [h.get("change") for h in history]
        for change in spec["changes"]:
            add(change in changes, f"{label} history changes {changes} lack {change!r}")
    if "max_confidence" in spec:
        confidence = fact.get("confidence")
        add(
            confidence is not None and confidence <= spec["max_confidence"],
            f"{label} confidence {confidence} > {spec['max_confidence']}",
        )
    if "source" in spec:
        add(fact.get("source") == spec["source"], f"{label} source {fact.get('source')!r} != {spec['source']!r}")
    return checks


def check_facts(tag: str, data: dict[str, Any], expect: dict[str, Any]) -> list[Check]:
    """The `expect` checks on `ltm facts --all --json` output (facts, not_active, coverage, counts)."""
    facts = data.get("facts", [])
    active = [f for f in facts if f.get("status") == "active"]
    checks: list[Check] = []

    def add(passed: bool, what: str) -> None:
        checks.append(Check(stage="state", passed=passed, what=f"{tag}: {what}"))

    for spec in expect.get("facts", []):
        status = spec.get("status", "active")
        pool = facts if status == "any" else [f for f in facts if f.get("status") == status]
        hits = find_facts(pool, spec)
        have = [(f.get("section"), f.get("key"), f.get("status")) for f in facts][:12]
        add(
            bool(hits),
            f"expected {status} fact matching {spec['match']!r} in {spec.get('section', 'any section')}; have {have}",
        )
        if hits:  # the details of a fact that is missing are not counted, as in the reference runner
            checks.extend(_fact_detail_checks(tag, hits[0], spec))
    for spec in expect.get("not_active", []):
        hits = find_facts(active, spec)
        add(
            not hits,
            f"no active fact should match {spec['match']!r}; found {[(f.get('section'), f.get('key')) for f in hits]}",
        )
    for section, state in (expect.get("coverage") or {}).items():
        got = (data.get("coverage") or {}).get(section, "unknown")
        add(got == state, f"coverage[{section}] expected {state}, got {got}")
    if "active_count" in expect:
        op, n = expect["active_count"]
        count = len(active)
        add(COUNT_OPERATORS[op](count, n), f"active fact count {count} not {op} {n}")
    if "max_value_chars" in expect:
        limit = expect["max_value_chars"]
        for fact in facts:
            for name, value in (fact.get("attributes") or {}).items():
                if isinstance(value, str):
                    add(
                        len(value) <= limit,
                        f"{fact.get('section')}.{fact.get('key')}.{name} has {len(value)} chars > {limit}",
                    )
    return checks


def _block_text(ctx: dict[str, Any], kind: str) -> str:
    return norm(" ".join(b.get("text", "") for b in ctx.get("blocks") or [] if b.get("kind") == kind))


def check_context(tag: str, ctx: dict[str, Any], expect: dict[str, Any]) -> list[Check]:
    """The `context` checks on `ltm context --json` output for one question."""
    checks: list[Check] = []

    def add(passed: bool, what: str) -> None:
        checks.append(Check(stage="retrieval", passed=passed, what=f"{tag}: {what}"))

    text = norm(ctx.get("text", ""))
    for group in expect.get("contains", []):
        options = _as_list(group)
        add(any(norm(o) in text for o in options), f"context lacks any of {options}")
    for needle in expect.get("not_contains", []):
        add(norm(needle) not in text, f"context should not contain {needle!r}")
    sections = set(ctx.get("sections") or [])
    for section in expect.get("sections_include", []):
        add(section in sections, f"sections {sorted(sections)} lack {section}")
    for section in expect.get("sections_exclude", []):
        add(section not in sections, f"sections {sorted(sections)} should not include {section}")
    kinds = [b.get("kind") for b in ctx.get("blocks") or []]
    for kind in expect.get("blocks", []):
        add(kind in kinds, f"blocks {kinds} lack {kind}")
    for kind in expect.get("no_blocks", []):
        add(kind not in kinds, f"blocks {kinds} should not include {kind}")
    for kind, needles in (expect.get("block_text") or {}).items():
        block = _block_text(ctx, kind)
        for needle in needles:
            options = _as_list(needle)
            add(any(norm(o) in block for o in options), f"block {kind} lacks any of {options}")
    for kind, needles in (expect.get("block_lacks") or {}).items():
        block = _block_text(ctx, kind)
        for needle in needles:
            add(norm(needle) not in block, f"block {kind} should not mention {needle!r}")
    if "max_chars" in expect:
        size = len(ctx.get("text", ""))
        add(size <= expect["max_chars"], f"context {size} chars > {expect['max_chars']}")
    return checks


# --- per-stage figures ----------------------------------------------------------------------------------


class Ratio(BaseModel):
    """Precision and recall from counts; None where the denominator is zero."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    def add(self, other: Ratio) -> None:
        self.tp, self.fp, self.fn = self.tp + other.tp, self.fp + other.fp, self.fn + other.fn

    def summary(self) -> dict[str, Any]:
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "precision": _round(self.precision),
            "recall": _round(self.recall),
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def expected_units(step_fragment_id: str, data: dict[str, Any], expect: dict[str, Any]) -> list[dict[str, Any]]:
    """The step's fact expectations that are about this step's fragment.

    A scenario checks the whole memory after each step, so "expect Maria" after "I'm allergic to
    latex" is about an earlier step. A spec counts for this step when the fact it finds has a
    history event from this fragment, or when it finds nothing at all (then this step should have
    produced it). Specs that name no section and find nothing are left out: nothing to compare.
    """
    facts = data.get("facts", [])
    units = []
    for spec in expect.get("facts", []):
        status = spec.get("status", "active")
        pool = facts if status == "any" else [f for f in facts if f.get("status") == status]
        hits = find_facts(pool, spec)
        if hits:
            if not any(h.get("fragment_id") == step_fragment_id for h in hits[0].get("history") or []):
                continue
            sections = _as_list(spec.get("section", hits[0].get("section")))
        elif "section" in spec:
            sections = _as_list(spec["section"])
        else:
            continue
        units.append({"spec": spec, "sections": sections})
    return units


def classify_ratio(predicted: Sequence[str], units: Sequence[dict[str, Any]]) -> Ratio:
    """Sections the classifier chose vs the sections expected facts live in (any alternative counts)."""
    ratio = Ratio()
    expected: set[str] = set()
    for sections in {tuple(u["sections"]) for u in units}:
        expected.update(sections)
        if set(sections) & set(predicted):
            ratio.tp += 1
        else:
            ratio.fn += 1
    ratio.fp = len(set(predicted) - expected)
    return ratio


def event_as_fact(event: dict[str, Any]) -> dict[str, Any]:
    """A proposed event in the shape `find_facts` reads: the slot (or the name) stands for the key."""
    attributes = event.get("attributes") or {}
    return {
        "section": event.get("section"),
        "key": event.get("slot") or attributes.get("name_normalized", ""),
        "attributes": attributes,
    }


def extract_matches(events: Sequence[dict[str, Any]], units: Sequence[dict[str, Any]]) -> int:
    """How many expected facts have a proposed event that names them."""
    proposed = [event_as_fact(e) for e in events]
    matched = 0
    for unit in units:
        spec = {k: v for k, v in unit["spec"].items() if k in ("match", "key")} | {"section": unit["sections"]}
        matched += bool(find_facts(proposed, spec))
    return matched


def sections_ratio(ctx: dict[str, Any], expect: dict[str, Any]) -> Ratio:
    """Routing: an included section present is a hit, an excluded one present a false alarm."""
    sections = set(ctx.get("sections") or [])
    include, exclude = expect.get("sections_include", []), expect.get("sections_exclude", [])
    return Ratio(
        tp=sum(s in sections for s in include),
        fn=sum(s not in sections for s in include),
        fp=sum(s in sections for s in exclude),
    )


# --- speed of the rules backend ---------------------------------------------------------------------------


class Speed(BaseModel):
    fragments: int
    repeats: int
    seconds: float
    fragments_per_s: float | None
    ms_per_fragment: float | None


def measure_rules_speed(
    dialogues: Sequence[Sequence[dict[str, Any]]],
    *,
    min_seconds: float = 0.5,
    min_repeats: int = 3,
    max_repeats: int = 200,
) -> Speed:
    """Fragments per second of the pure rules backend: classify, then extract every section it names.

    The set is run at least `min_repeats` times and for at least `min_seconds`, so one slow first
    pass (lexicons loading, caches filling) does not dominate. The per-dialogue analysis cache is
    emptied before every pass: each fragment is analysed once per pass, as a worker would.
    """
    from tasks.extractors import Message, rules

    prepared = [[Message.model_validate(m) for m in messages] for messages in dialogues]
    if not prepared:
        return Speed(fragments=0, repeats=0, seconds=0.0, fragments_per_s=None, ms_per_fragment=None)
    rules.classify(prepared[0])  # lexicons are loaded once per process, not per fragment
    repeats, elapsed = 0, 0.0
    while repeats < max_repeats and (repeats < min_repeats or elapsed < min_seconds):
        rules.clear_cache()
        started = time.perf_counter()
        for messages in prepared:
            for section in rules.classify(messages):
                rules.extract(messages, section)
        elapsed += time.perf_counter() - started
        repeats += 1
    count = len(prepared) * repeats
    return Speed(
        fragments=len(prepared),
        repeats=repeats,
        seconds=round(elapsed, 4),
        fragments_per_s=round(count / elapsed, 1),
        ms_per_fragment=round(1000 * elapsed / count, 3),
    )


# --- the report --------------------------------------------------------------------------------------


CLASSIFY_NOTE = (
    "expectations are partial: a scenario names only some of the facts a fragment holds, so a "
    "section the classifier found but no check names counts against precision"
)


class ScenarioResult(BaseModel):
    name: str
    passed: int = 0
    failed: int = 0


class Report(BaseModel):
    mode: str  # embedded | workers
    scenarios: list[ScenarioResult] = Field(default_factory=list)
    checks: list[Check] = Field(default_factory=list)
    classify: Ratio = Field(default_factory=Ratio)
    classify_steps: int = 0
    extract_events: dict[str, int] = Field(default_factory=dict)
    extract_expected: int = 0
    extract_matched: int = 0
    routing: Ratio = Field(default_factory=Ratio)
    speed: Speed | None = None

    @property
    def ok(self) -> bool:
        return all(c.passed for c in self.checks)

    def stage_counts(self, stage: str) -> dict[str, int]:
        passed = sum(c.passed for c in self.checks if c.stage == stage)
        return {"passed": passed, "failed": sum(not c.passed for c in self.checks if c.stage == stage)}

    def summary(self) -> dict[str, Any]:
        passed = sum(c.passed for c in self.checks)
        return {
            "mode": self.mode,
            "stages": {
                "classify": {"steps": self.classify_steps, **self.classify.summary(), "note": CLASSIFY_NOTE},
                "extract": {
                    "events_by_section": dict(sorted(self.extract_events.items())),
                    "events": sum(self.extract_events.values()),
                    "expected_facts": self.extract_expected,
                    "matched": self.extract_matched,
                    "recall": _round(self.extract_matched / self.extract_expected if self.extract_expected else None),
                },
                "ingest": self.stage_counts("ingest"),
                "state": self.stage_counts("state"),
                "retrieval": {**self.stage_counts("retrieval"), "sections": self.routing.summary()},
                "end_to_end": {
                    "checks_passed": passed,
                    "checks_failed": len(self.checks) - passed,
                    "checks_total": len(self.checks),
                    "scenarios_passed": sum(s.failed == 0 for s in self.scenarios),
                    "scenarios_total": len(self.scenarios),
                },
                "rules_speed": self.speed.model_dump() if self.speed else None,
            },
            "scenarios": [s.model_dump() for s in self.scenarios],
            "failures": [c.what for c in self.checks if not c.passed],
            "ok": self.ok,
        }


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def render_report(summary: dict[str, Any]) -> str:
    """The human-readable report: failures first, then one line per stage."""
    stages = summary["stages"]
    lines = [f"FAIL {what}" for what in summary["failures"]]
    c, e, r, end = stages["classify"], stages["extract"], stages["retrieval"], stages["end_to_end"]
    lines.append(
        f"classify:  precision {_percent(c['precision'])}, recall {_percent(c['recall'])} over "
        f"{c['steps']} steps with fact expectations ({c['note']})"
    )
    per_section = ", ".join(f"{k} {v}" for k, v in e["events_by_section"].items()) or "none"
    lines.append(
        f"extract:   {e['events']} events ({per_section}); expected facts with a matching event "
        f"{e['matched']}/{e['expected_facts']} (recall {_percent(e['recall'])})"
    )
    lines.append(f"ingest:    {stages['ingest']['passed']} passed, {stages['ingest']['failed']} failed")
    lines.append(f"state:     {stages['state']['passed']} passed, {stages['state']['failed']} failed")
    lines.append(
        f"retrieval: {r['passed']} passed, {r['failed']} failed; sections precision "
        f"{_percent(r['sections']['precision'])}, recall {_percent(r['sections']['recall'])}"
    )
    speed = stages["rules_speed"]
    if speed and speed["fragments"]:
        lines.append(
            f"rules:     {speed['fragments_per_s']:.0f} fragments/s, "
            f"{speed['ms_per_fragment']:.2f} ms/fragment "
            f"(classify + extract, {speed['fragments']} fragments x {speed['repeats']})"
        )
    lines.append(
        f"end to end: checks {end['checks_passed']}/{end['checks_total']}, "
        f"scenarios {end['scenarios_passed']}/{end['scenarios_total']} fully passed"
    )
    return "\n".join(lines)


# --- the runner ------------------------------------------------------------------------------------------


@dataclass
class _Run:
    """State of one evaluation run: the report being filled and what the speed test will replay."""

    report: Report
    run_id: str
    wait_seconds: float
    dialogues: list[list[dict[str, Any]]] = field(default_factory=list)

    def uid(self, scenario: str, user: str) -> str:
        return f"{scenario}-{user}-{self.run_id}"


def run_scenarios(
    scenarios: Sequence[dict[str, Any]], *, wait_seconds: float = 120.0, measure_speed: bool = True
) -> Report:
    """Run every scenario with its own user ids against the configured database and broker."""
    from models.settings import get_settings

    run = _Run(Report(mode="embedded" if get_settings().embedded else "workers"), uuid.uuid4().hex[:8], wait_seconds)
    for scenario in scenarios:
        before = len(run.report.checks)
        _run_scenario(run, scenario)
        outcome = run.report.checks[before:]
        run.report.scenarios.append(
            ScenarioResult(
                name=scenario["name"], passed=sum(c.passed for c in outcome), failed=sum(not c.passed for c in outcome)
            )
        )
    if measure_speed:
        run.report.speed = measure_rules_speed(run.dialogues)
    return run.report


def _attempt(run: _Run, stage: str, what: str, action: Callable[[], Any]) -> Any:
    """Run one API call; a failure is a failed check (with its reason), never a crash of the run."""
    try:
        result = action()
    except Exception as exc:  # any error of the system under test is a finding, reported as such
        run.report.checks.append(Check(stage=stage, passed=False, what=f"{what}: {type(exc).__name__}: {exc}"))
        return None
    run.report.checks.append(Check(stage=stage, passed=True, what=what))
    return result


def _run_scenario(run: _Run, scenario: dict[str, Any]) -> None:
    name = scenario["name"]
    for index, step in enumerate(scenario["steps"]):
        user = run.uid(name, step.get("user", scenario.get("user", "u")))
        tag = f"{name}#{index + 1}"
        fragment_id = None
        if "say" in step or "messages" in step:
            fragment_id = _ingest_step(run, tag, user, step, index)
            if fragment_id is None:
                continue  # like the reference runner: a step whose fragment failed checks nothing more
        if "record" in step:
            _attempt(run, "ingest", f"{tag}: records add", partial(_add_record, user, step["record"]))
        if "expect" in step:
            data = _attempt(run, "state", f"{tag}: facts", partial(_facts, user))
            if data is not None:
                run.report.checks.extend(check_facts(tag, data, step["expect"]))
                if fragment_id is not None:
                    _score_stages(run, user, fragment_id, data, step["expect"])
        if "ask" in step:
            ctx = _attempt(run, "retrieval", f"{tag}: context", partial(_context, user, step["ask"]))
            if ctx is not None:
                run.report.checks.extend(check_context(tag, ctx, step.get("context", {})))
                run.report.routing.add(sections_ratio(ctx, step.get("context", {})))


def _ingest_step(run: _Run, tag: str, user: str, step: dict[str, Any], index: int) -> str | None:
    """Publish the step's fragment and wait for it; the fragment id, or None when ingest failed."""
    fragment = {
        "user_id": user,
        "conversation_id": step.get("conversation", "c1"),
        "messages": step_messages(step, index),
    }
    if step.get("fragment_id"):
        fragment["fragment_id"] = step["fragment_id"]
    before = _active_count(user) if step.get("facts_unchanged") else None
    fragment_id: str | None = _attempt(run, "ingest", f"{tag}: ingest", partial(_publish, fragment, run.wait_seconds))
    if fragment_id is None:
        return None
    if before is not None:
        after = _active_count(user)
        run.report.checks.append(
            Check(stage="state", passed=after == before, what=f"{tag}: junk changed active facts {before} -> {after}")
        )
    stored = _stored_fragment(user, fragment_id)
    if stored is not None and stored["sections"] is not None:  # it reached the classifier
        run.dialogues.append(stored["messages"])
        for events in stored["events"].values():
            for event in events:
                run.report.extract_events[event.get("section", "?")] = (
                    run.report.extract_events.get(event.get("section", "?"), 0) + 1
                )
    return fragment_id


def _score_stages(run: _Run, user: str, fragment_id: str, data: dict[str, Any], expect: dict[str, Any]) -> None:
    """Classifier precision/recall and extractor recall against the facts this step should have made."""
    units = expected_units(fragment_id, data, expect)
    if not units:
        return
    stored = _stored_fragment(user, fragment_id) or {"sections": [], "events": {}}
    run.report.classify_steps += 1
    run.report.classify.add(classify_ratio(stored["sections"] or [], units))
    events = [e for section_events in stored["events"].values() for e in section_events]
    run.report.extract_expected += len(units)
    run.report.extract_matched += extract_matches(events, units)


# --- the Python API, one call each ---------------------------------------------------------------------------


def _publish(fragment: dict[str, Any], wait_seconds: float) -> str:
    from celery_app.producer import publish_fragment, wait_for
    from models.schemas import FragmentIn

    fragment_id = publish_fragment(fragment)
    # Embedded: the chain already ran inside publish_fragment. With a broker: workers do the work.
    wait_for([FragmentIn.model_validate({**fragment, "fragment_id": fragment_id})], wait_seconds)
    return fragment_id


def _stored_fragment(user: str, fragment_id: str) -> dict[str, Any] | None:
    """What the pipeline made of a fragment: the messages it read, its sections, each extraction's events."""
    from sqlalchemy import select

    from models.db import session_scope
    from models.tables import Extraction, Fragment

    with session_scope() as session:
        row = session.scalars(
            select(Fragment).where(Fragment.user_id == user, Fragment.fragment_id == fragment_id)
        ).one_or_none()
        if row is None:
            return None
        extractions = session.scalars(select(Extraction).where(Extraction.fragment_pk == row.id)).all()
        return {
            "messages": list(row.messages),
            "sections": row.sections,
            "events": {x.section: _raw_events(x.raw_output) for x in extractions},
        }


def _raw_events(raw_output: str) -> list[dict[str, Any]]:
    """The events an extractor proposed, before validation; an unreadable answer proposed none."""
    try:
        events = json.loads(raw_output).get("events", [])
    except (json.JSONDecodeError, AttributeError):
        return []
    return [e for e in events if isinstance(e, dict)] if isinstance(events, list) else []


def _facts(user: str) -> dict[str, Any]:
    from retrieval import list_facts

    return list_facts(user, include_all=True).model_dump(mode="json")


def _active_count(user: str) -> int:
    from retrieval import list_facts

    return len(list_facts(user).facts)


def _context(user: str, query: str) -> dict[str, Any]:
    from retrieval import build_context

    return build_context(user, query).model_dump(mode="json")


def _add_record(user: str, record: Any) -> list[int]:
    from models.db import session_scope
    from tasks.records import add_records, parse_records

    with session_scope() as session:
        return add_records(session, user, parse_records(record))


# --- labelled real text: per-group precision and recall of what the extractor proposes ------------------
#
# A labelled set is a directory of `*.jsonl` files, one fragment a line (ops/eval/realtext.py
# writes them from public corpora):
#   {"id", "source", "lang", "messages": [...],
#    "expect": {group: {"facts": [{"name" | "value", "slot"?, "kind"?}], "ignore": [name], "exhaustive": bool}}}
# Each fragment goes through what the pipeline would run on it — the junk filter, the configured
# backend's classifier and extractor, the validator — and the accepted events are compared with
# the corpus labels. Memory state plays no part: this scores extraction, fragment by fragment.

# Which sections' events count for a scored group. A condition the corpus labels may be a
# chronic disease, a diagnosis or a symptom ("кашель"): the corpus does not say, so any of the three
# sections is accepted for it, and a proposal in any of them is judged against its labels.
GROUPS: dict[str, tuple[str, ...]] = {
    "medications": ("medications",),
    "conditions": ("chronic_conditions", "diagnoses", "symptoms"),
    "profile": ("profile",),
    "preferences": ("preferences",),
}
# A proposal names a fact unless it only says a whole section is empty or unknown.
NAMING_ACTIONS = ("assert", "correct", "negate")
NOT_MEASURED = (
    "facts from questions and hypotheticals: no corpus here labels the mood of a sentence (wishes are "
    "counted where a corpus labels them, as 'facts from wishes')"
)


def load_labelled(paths: Iterable[str | Path]) -> list[dict[str, Any]]:
    """Every labelled fragment in the given `*.jsonl` files and directories (sorted); other files are skipped."""
    items: list[dict[str, Any]] = []
    for path in map(Path, paths):
        files = sorted(path.glob("*.jsonl")) if path.is_dir() else [path] if path.suffix == ".jsonl" else []
        for file in files:
            # Lines end at "\n" only: str.splitlines() would also cut at U+2028 or U+0085, which JSON keeps
            # unescaped inside a string (real tweets carry them).
            for number, line in enumerate(file.read_text(encoding="utf-8").split("\n"), 1):
                if not line.strip():
                    continue
                try:
                    item = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{file}:{number}: not a JSON object: {exc}") from None
                if not isinstance(item, dict) or not isinstance(item.get("messages"), list):
                    raise ValueError(f"{file}:{number}: messages: expected a list of messages")
                if not isinstance(item.get("expect"), dict):
                    raise ValueError(f"{file}:{number}: expect: expected an object of groups")
                unknown = set(item["expect"]) - set(GROUPS)
                if unknown:
                    raise ValueError(f"{file}:{number}: expect: unknown group(s) {sorted(unknown)}")
                items.append(item)
    return items


# Case endings stripped from a Russian word the dictionary does not know ("Иммунала" -> "иммунал"), so a
# brand the corpus writes inflected still pairs with its nominative. Longest first; the stem keeps at
# least STEM_MIN letters so that short words are left to the dictionary.
RU_ENDINGS = (
    *("ами", "ями", "ого", "его", "ому", "ему", "ыми", "ими"),
    *("ов", "ев", "ей", "ом", "ем", "ой", "ою", "ах", "ях", "ам", "ям", "ую", "юю", "ая", "яя", "ое", "ее", "ые"),
    *("ие", "ый", "ий", "ых", "их", "ым", "им"),
    *("а", "я", "у", "ю", "е", "и", "ы", "о", "ь", "й"),
)
STEM_MIN = 4
# Letters two words must begin with alike to count as one root inside the sentence a fact came from:
# four keep "голова"/"головная" and "чихание"/"чихаю" together and "гол"/"голод" apart.
ROOT_MIN = 4


@lru_cache(maxsize=65536)
def word_readings(word: str) -> frozenset[str]:
    """What one written word may stand for: itself, its dictionary lemmas (pymorphy3 for Russian, lemminflect
    for English, without a possessive ending), a number word's digits ("two" ~ "2", «двое» ~ "2"), and (Russian)
    its stem without a case ending."""
    from tasks.language.morphology import english_lemmas, lemmas
    from tasks.language.numbers import ARTICLES, number_value

    word = word.replace("ё", "е")
    value = number_value(word) if word.isalpha() and word not in ARTICLES else None
    digits = (str(value),) if value is not None else ()
    if word.isascii():
        base = word.removesuffix("'s")
        return frozenset((word, base, *english_lemmas(base), *digits))
    forms = {word, *lemmas(word), *digits}
    ending = next((e for e in RU_ENDINGS if word.endswith(e) and len(word) - len(e) >= STEM_MIN), None)
    forms.add(word[: -len(ending)] if ending else word)
    return frozenset(forms)


def content_words(text: str) -> tuple[str, ...]:
    """A name's content words, normalised: "боль в горле" -> (боль, горле); numbers stay ("3 children")."""
    from tasks.language.lexicon import function_words
    from tasks.language.text import normalize, tokenize

    skip = function_words()
    words = (t.text for t in tokenize(normalize(text)))
    return tuple(w for w in words if (len(w) > 1 or w.isdigit()) and w not in skip)


def _words_within(shorter: Sequence[frozenset[str]], longer: Sequence[frozenset[str]]) -> bool:
    return bool(shorter) and all(any(word & other for other in longer) for word in shorter)


@dataclass(frozen=True)
class Name:
    """A name reduced for comparison: the readings of its content words and, where a lexicon of the
    group knows it, the readings of the lexicon's one name for it (a brand's international name)."""

    words: tuple[frozenset[str], ...]
    canonical: tuple[tuple[frozenset[str], ...], ...] = ()

    @classmethod
    def of(cls, text: str, group: str) -> Name:
        """A proposed fact's name: the lexicon name counts when the lexicon knows the whole name."""
        return _name(text, group, False)

    @classmethod
    def of_label(cls, text: str, group: str) -> Name:
        """A corpus label, whose span may carry more than the name ("Effexor XR", "таблетки Нурофен"):
        the lexicon name of any part of it counts."""
        return _name(text, group, True)

    def variants(self) -> list[tuple[frozenset[str], ...]]:
        return [v for v in (self.words, *self.canonical) if v]


# Longest label span whose parts are looked up in the lexicons; labels are a few words long.
MAX_LABEL_WORDS = 8


@lru_cache(maxsize=65536)
def _name(text: str, group: str, parts: bool) -> Name:
    from tasks.language.lexicon import canonical_name
    from tasks.language.text import normalize, tokenize

    words = [t.text for t in tokenize(normalize(text))][:MAX_LABEL_WORDS]
    spans = [" ".join(words[i : i + n]) for n in range(len(words), 0, -1) for i in range(len(words) - n + 1)]
    found = dict.fromkeys(
        c for span in (spans if parts else [text]) for section in GROUPS[group] if (c := canonical_name(section, span))
    )
    if group == "profile" and (place := _place_name(words)):  # "usa" ~ "United States", as a brand ~ its drug
        found[place] = None
    return Name(
        tuple(map(word_readings, content_words(text))),
        tuple(tuple(map(word_readings, content_words(c))) for c in found),
    )


def _place_name(words: list[str]) -> str | None:
    """The gazetteer's name of a place said in these words, all of them ("usa", "the states" → United States)."""
    from tasks.language import places

    the = words[:1] == ["the"]
    found = places.lookup(words[1:] if the else words, after_the=the)
    return found[0].name if found is not None and found[1] == len(words) - the else None


def names_match(a: Name, b: Name) -> bool:
    """Every content word of the shorter name has a reading in common with a word of the longer:
    "Нурофеном" ~ "Нурофен", "Иммунала" ~ "Иммунал", "боль" ~ "боль в горле", "Анаферон детский" ~
    "Анаферон"; and a brand ~ its international name when the drug lexicon maps it ("Нурофен" ~ "ибупрофен")."""
    for x in a.variants():
        for y in b.variants():
            shorter, longer = (x, y) if len(x) <= len(y) else (y, x)
            if _words_within(shorter, longer):
                return True
    return False


# Where a proposed fact's name is: the normalised name of an entity, the value of a slot.
IDENTITY_ATTRIBUTES = ("name_normalized", "value", "name_raw", "name")


def identity_name(event: dict[str, Any]) -> str:
    """The name a proposed fact is known by. The fact's identity only: a symptom's `name_raw` may be just the body
    part it was said with ("пальцы" for "боль в пальце"), which would match any label about fingers."""
    attributes = event.get("attributes") or {}
    return next(
        (
            str(v)
            for k in IDENTITY_ATTRIBUTES
            if (v := attributes.get(k)) not in (None, "") and not isinstance(v, dict | list)
        ),
        "",
    )


@dataclass
class Proposal:
    slot: str | None
    name: Name
    text: str  # for the details report
    evidence: list[str] = field(default_factory=list)  # the sentences it was said in, normalised
    said: tuple[frozenset[str], ...] = ()  # readings of the words it was said with (`name_raw`), if not body parts only


def proposals(events: Sequence[dict[str, Any]], group: str) -> list[Proposal]:
    """The group's naming events, one per distinct name (the reconciler would merge repeats)."""
    found: list[Proposal] = []
    for event in events:
        if event.get("section") not in GROUPS[group] or event.get("action", "assert") not in NAMING_ACTIONS:
            continue
        text = identity_name(event)
        name = Name.of(text, group)
        if not name.words:
            continue
        evidence = _normalized(str(event.get("evidence") or ""))
        repeat = next((p for p in found if p.slot == event.get("slot") and _same(p.name, name)), None)
        if repeat is None:
            found.append(Proposal(event.get("slot"), name, text, [evidence], _said_words(event)))
        else:
            repeat.evidence.append(evidence)
    return found


def _said_words(event: dict[str, Any]) -> tuple[frozenset[str], ...]:
    """The readings of the words a fact was said with, when they name more than a body part: a symptom
    "бессонница" said as "не могла спать" carries "спать"; one said with "пальцы" alone carries nothing,
    since fingers would match any label about fingers."""
    from tasks.language.lexicon import body_parts

    raw = (event.get("attributes") or {}).get("name_raw")
    words = content_words(str(raw)) if isinstance(raw, str) else ()
    parts, _ = body_parts()
    if all(parts.lookup(word) for word in words):
        return ()
    return tuple(map(word_readings, words))


def _normalized(text: str) -> str:
    from tasks.language.text import normalize

    return " ".join(normalize(text).split())


def _share_root(a: str, b: str) -> bool:
    """Two words of one root as a reader sees it: a common reading, or one word's first ROOT_MIN letters
    (all of it when shorter) begin the other ("чихание" ~ "чихаю", "голова" ~ "головная", "нос" ~ "носу")."""
    if word_readings(a) & word_readings(b):
        return True
    shorter, longer = sorted((a, b), key=len)
    return len(shorter) >= 3 and longer.startswith(shorter[:ROOT_MIN])


def _said_there(proposal: Proposal, label: str) -> bool:
    """The labelled words are in a sentence the proposal was taken from, and either share a root with its
    name ("болела голова" ~ "головная боль") or hold the words it was said with (the label "плохо спать"
    ~ "бессонница" said as "спать"): both are the reading of that mention."""
    wanted = _normalized(label)
    if not wanted or not any(wanted in sentence for sentence in proposal.evidence):
        return False
    label_words = content_words(label)
    if _words_within(proposal.said, tuple(map(word_readings, label_words))):
        return True
    name_words = [w for variant in proposal.name.variants() for w in variant]
    return any(any(_share_root(word, other) for other in _surfaces(name_words)) for word in label_words)


def _surfaces(readings: Sequence[frozenset[str]]) -> list[str]:
    return sorted({form for forms in readings for form in forms})


def _same(a: Name, b: Name) -> bool:
    """Two names for one fact: each within the other (a repeat, not a part: "боль" is not "боль в горле")."""
    return any(
        len(x) == len(y) and _words_within(x, y) and _words_within(y, x) for x in a.variants() for y in b.variants()
    )


def _label_text(label: dict[str, Any] | str) -> str:
    return label if isinstance(label, str) else str(label.get("name", label.get("value", "")))


# Words that say only that someone has children, whichever side says it: the label "children" of "i am a mother to
# 3 girls" or "mother" of "being a full mother", the fact "children" of "my fourth son ... my children".
HAVING_CHILDREN = frozenset({"child", "kid", "mother", "father", "mom", "dad", "mum", "parent"})


def _only_having_children(name: Name) -> bool:
    return bool(name.words) and all(word & HAVING_CHILDREN for word in name.words)


def _matches(proposal: Proposal, label: dict[str, Any] | str, group: str) -> bool:
    if isinstance(label, dict) and "slot" in label and proposal.slot not in _as_list(label["slot"]):
        return False
    text = _label_text(label)
    label_name = Name.of_label(text, group)
    if proposal.slot == "children" and (_only_having_children(proposal.name) or _only_having_children(label_name)):
        return True  # both say the writer has children; one of them says no more than that
    return names_match(proposal.name, label_name) or _said_there(proposal, text)


class GroupScore(BaseModel):
    """Counts for one group. Recall: expected facts found / expected. Precision: judged proposals
    that match an expected fact / judged proposals (only where the corpus labels every mention)."""

    fragments: int = 0
    expected: int = 0
    found: int = 0
    judged: int = 0
    correct: int = 0
    unjudged: int = 0  # proposals where the labels are not exhaustive: not counted either way
    ignored: int = 0  # proposals matching only an ignored label ("противовирусные")
    forbidden: int = 0  # wishes the corpus labels ("i want to be a nurse")
    forbidden_taken: int = 0  # of them, made into a fact
    by_kind: dict[str, list[int]] = Field(default_factory=dict)  # kind -> [expected, found]

    @property
    def recall(self) -> float | None:
        return self.found / self.expected if self.expected else None

    @property
    def precision(self) -> float | None:
        return self.correct / self.judged if self.judged else None

    def add(self, other: GroupScore) -> None:
        for name in (
            "fragments",
            "expected",
            "found",
            "judged",
            "correct",
            "unjudged",
            "ignored",
            "forbidden",
            "forbidden_taken",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for kind, (expected, found) in other.by_kind.items():
            mine = self.by_kind.setdefault(kind, [0, 0])
            mine[0], mine[1] = mine[0] + expected, mine[1] + found

    def summary(self) -> dict[str, Any]:
        return {
            **self.model_dump(exclude={"by_kind"}),
            "precision": _round(self.precision),
            "recall": _round(self.recall),
            "recall_by_kind": {
                kind: {"expected": e, "found": f, "recall": _round(f / e if e else None)}
                for kind, (e, f) in sorted(self.by_kind.items())
            },
        }


def distinct_labels(labels: Sequence[dict[str, Any] | str], group: str) -> list[dict[str, Any] | str]:
    """One label per fact: a corpus marks every mention ("глицина" … "Глицин"), memory keeps one fact."""
    kept: list[tuple[str, Name, dict[str, Any] | str]] = []
    for label in labels:
        slot = str(label.get("slot", "")) if isinstance(label, dict) else ""
        name = Name.of(_label_text(label), group)  # the whole name: a part of a span is not a repeat of it
        if not name.words:  # nothing a proposal could match ("в"): not a fact to look for
            continue
        if not any(slot == s and _same(name, n) for s, n, _ in kept):
            kept.append((slot, name, label))
    return [label for _, _, label in kept]


def _multi_valued(group: str, slot: str) -> bool:
    """A slot that holds many values at once (preferences.likes): one label does not make another value wrong."""
    from models.sections import SECTIONS

    return any(slot in SECTIONS[section].multi_slots for section in GROUPS[group] if section in SECTIONS)


def score_group(
    events: Sequence[dict[str, Any]], group: str, expect: dict[str, Any]
) -> tuple[GroupScore, dict[str, list[str]]]:
    """One fragment, one group: the counts, and the names missed and wrongly proposed.

    `exhaustive` says which proposals the labels can judge: all of them (true: every mention is
    labelled), none (false: only some are, so only recall is scored), or "labelled_slots": those in a
    single-valued slot the fragment has a label for (a corpus that labels one fact per sentence says
    what the city is when it labels a city, but not that a second liked thing is wrong, nor anything
    about the slots it did not label). `forbidden` labels are statements
    the corpus marks as wishes ("i want to be a nurse"): a fact made from one is wrong, and counted.
    """
    labels = distinct_labels([label for label in expect.get("facts", []) if _label_text(label).strip()], group)
    ignore = [label for label in expect.get("ignore", []) if _label_text(label).strip()]
    forbidden = [label for label in expect.get("forbidden", []) if _label_text(label).strip()]
    exhaustive = expect.get("exhaustive", True)
    labelled_slots = {
        slot
        for label in labels  # a wish says what the user is not (yet), not what they are
        if isinstance(label, dict)
        for slot in _as_list(label.get("slot", []))
        if not _multi_valued(group, slot)
    }
    proposed = proposals(events, group)
    score = GroupScore(fragments=1, expected=len(labels), forbidden=len(forbidden))
    missed, wrong = [], []
    for label in labels:
        hit = any(_matches(p, label, group) for p in proposed)
        score.found += hit
        kind = str(label.get("kind", "")) if isinstance(label, dict) else ""
        counts = score.by_kind.setdefault(kind or group, [0, 0])
        counts[0], counts[1] = counts[0] + 1, counts[1] + hit
        if not hit:
            missed.append(_label_text(label))
    score.forbidden_taken = sum(any(_matches(p, label, group) for p in proposed) for label in forbidden)
    for proposal in proposed:
        judged = exhaustive is True or (exhaustive == "labelled_slots" and proposal.slot in labelled_slots)
        shown = f"{proposal.slot}={proposal.text}" if proposal.slot else proposal.text
        if any(_matches(proposal, label, group) for label in forbidden):
            score.judged += 1
            wrong.append(f"{shown} (from a wish)")
        elif not judged:  # a right proposal counted without the wrong ones would flatter
            score.unjudged += 1
        elif any(_matches(proposal, label, group) for label in labels):
            score.judged += 1
            score.correct += 1
        elif any(_matches(proposal, label, group) for label in ignore):
            score.ignored += 1
        else:
            score.judged += 1
            wrong.append(shown)
    return score, {"missed": missed, "wrong": wrong}


def propose_events(messages: Sequence[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """What the pipeline would accept from one fragment: (validated events as dicts, rejected extractions)."""
    from models.settings import get_settings
    from tasks.classify import parse_sections
    from tasks.extractors import Dialogue, TerminalBackendError, get_backend
    from tasks.filter import is_junk_dialogue
    from tasks.validate import InvalidExtraction, validate_events

    dialogue = Dialogue.of(messages)
    if is_junk_dialogue(dialogue.messages):
        return [], 0
    backend, settings = get_backend(), get_settings()
    try:
        sections = parse_sections(backend.classify(dialogue))
    except TerminalBackendError:
        return [], 1
    events: list[dict[str, Any]] = []
    rejected = 0
    for section in sections:
        try:
            accepted = validate_events(backend.extract(dialogue, section).raw_output, section, settings)
        except (InvalidExtraction, TerminalBackendError):
            rejected += 1
            continue
        events.extend(e.model_dump(mode="json") for e in accepted)
    return events, rejected


class LabelledReport(BaseModel):
    backend: str
    fragments: int = 0
    rejected_extractions: int = 0
    seconds: float = 0.0
    groups: dict[str, GroupScore] = Field(default_factory=dict)
    by_source: dict[str, dict[str, GroupScore]] = Field(default_factory=dict)
    source_fragments: dict[str, int] = Field(default_factory=dict)
    details: list[dict[str, Any]] = Field(default_factory=list)

    def summary(self, with_details: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "mode": "labelled",
            "backend": self.backend,
            "fragments": self.fragments,
            "rejected_extractions": self.rejected_extractions,
            "ms_per_fragment": round(1000 * self.seconds / self.fragments, 3) if self.fragments else None,
            "groups": {g: s.summary() for g, s in self.groups.items()},
            "by_source": {
                source: {
                    "fragments": self.source_fragments[source],
                    "groups": {g: s.summary() for g, s in sorted(groups.items())},
                }
                for source, groups in sorted(self.by_source.items())
            },
            "sections_per_group": {g: list(s) for g, s in GROUPS.items()},
            "not_measured": NOT_MEASURED,
        }
        if with_details:
            out["details"] = self.details
        return out


def score_labelled(
    items: Sequence[dict[str, Any]],
    propose: Callable[[Sequence[dict[str, Any]]], tuple[list[dict[str, Any]], int]] = propose_events,
) -> LabelledReport:
    """Every fragment through `propose` (the configured backend by default), scored per group and per source."""
    from models.settings import get_settings

    report = LabelledReport(backend=get_settings().llm_backend)
    for item in items:
        started = time.perf_counter()
        events, rejected = propose(item["messages"])
        report.seconds += time.perf_counter() - started
        report.fragments += 1
        report.rejected_extractions += rejected
        source = str(item.get("source", "?"))
        report.source_fragments[source] = report.source_fragments.get(source, 0) + 1
        for group, expect in item["expect"].items():
            score, outcome = score_group(events, group, expect)
            report.groups.setdefault(group, GroupScore()).add(score)
            report.by_source.setdefault(source, {}).setdefault(group, GroupScore()).add(score)
            if outcome["missed"] or outcome["wrong"]:
                report.details.append({"id": item.get("id"), "group": group, **outcome})
    report.groups = dict(sorted(report.groups.items()))
    return report


def render_labelled(summary: dict[str, Any]) -> str:
    """One line per group, overall and per source: precision, recall and the counts behind them."""

    def line(name: str, s: dict[str, Any]) -> str:
        precision = (
            f"precision {_percent(s['precision'])} ({s['correct']}/{s['judged']})"
            if s["judged"]
            else "precision n/a (no proposal the labels can judge)"
        )
        wishes = f", facts from wishes {s['forbidden_taken']}/{s['forbidden']}" if s["forbidden"] else ""
        return f"  {name:<12} recall {_percent(s['recall'])} ({s['found']}/{s['expected']}), {precision}{wishes}"

    lines = [
        f"labelled fragments: {summary['fragments']} (backend {summary['backend']}, "
        f"{summary['ms_per_fragment']} ms/fragment, {summary['rejected_extractions']} rejected extractions)"
    ]
    lines += [line(group, s) for group, s in summary["groups"].items()]
    for source, data in summary["by_source"].items():
        lines.append(f"{source} ({data['fragments']} fragments):")
        lines += [line(group, s) for group, s in sorted(data["groups"].items())]
    lines.append(f"not measured: {summary['not_measured']}")
    return "\n".join(lines)
