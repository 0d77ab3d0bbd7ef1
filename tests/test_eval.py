"""`ltm eval`: the check functions (pure, no database) and one end-to-end run of tests/scenarios."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from celery_app.evaluate import (
    Check,
    check_context,
    check_facts,
    classify_ratio,
    expected_units,
    extract_matches,
    find_facts,
    load_scenarios,
    measure_rules_speed,
    sections_ratio,
    step_messages,
)

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"


def fact(
    section: str, key: str, status: str = "active", history: list[dict[str, Any]] | None = None, **attributes: Any
) -> dict[str, Any]:
    return {
        "section": section,
        "key": key,
        "status": status,
        "attributes": attributes,
        "source": "conversation",
        "confidence": 0.9,
        "history": history or [],
    }


ENAP = fact(
    "medications",
    "эналаприл",
    name_raw="Энап",
    name_normalized="эналаприл",
    dosage="10 мг",
    history=[
        {"change": "first_mention", "attributes": {"dosage": "5 мг"}, "fragment_id": "f1"},
        {"change": "update", "attributes": {"dosage": "10 мг"}, "fragment_id": "f2"},
    ],
)
AGE = fact("profile", "age", value=34, history=[{"change": "first_mention", "fragment_id": "f1"}])
DATA = {
    "facts": [ENAP, AGE, fact("profile", "name", "inactive", value="Олег")],
    "coverage": {"allergies": "confirmed_absent"},
}


def outcome(checks: list[Check]) -> list[bool]:
    return [c.passed for c in checks]


# --- facts ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expect", "passed"),
    [
        (
            {
                "facts": [
                    {
                        "section": "medications",
                        "match": "эналаприл",
                        "attributes": {"dosage": "10 мг"},
                        "changes": ["update"],
                        "history_contains": ["5 мг"],
                        "min_history": 2,
                    }
                ]
            },
            [True] * 5,
        ),
        (
            {
                "facts": [
                    {
                        "section": "medications",
                        "match": "эналаприл",
                        "attributes": {"dosage": "5 мг"},
                        "changes": ["negation"],
                        "min_history": 3,
                    }
                ]
            },
            [True, False, False, False],
        ),
        ({"facts": [{"match": "age", "key": ["age"], "value": 34, "max_confidence": 0.95}]}, [True, True, True]),
        ({"facts": [{"match": "age", "key": ["age"], "value": 33, "source": "explicit"}]}, [True, False, False]),
        # A missing fact is one failure; its details are not counted (the reference runner's rule).
        ({"facts": [{"section": "allergies", "match": "латекс", "value": "x", "changes": ["update"]}]}, [False]),
        ({"facts": [{"match": "Олег", "status": "inactive"}]}, [True]),
        ({"facts": [{"match": "Олег", "status": "any"}]}, [True]),
        ({"not_active": [{"section": "profile", "match": "Олег"}]}, [True]),
        ({"not_active": [{"match": "Энап"}]}, [False]),
        ({"coverage": {"allergies": "confirmed_absent", "family_history": "unknown"}}, [True, True]),
        ({"coverage": {"allergies": "known"}}, [False]),
        ({"active_count": ["eq", 2]}, [True]),
        ({"active_count": ["gt", 2]}, [False]),
        ({"max_value_chars": 5}, [True, False, True, True]),  # "эналаприл" is too long; "Энап", "10 мг", "Олег" fit
    ],
)
def test_check_facts(expect: dict[str, Any], passed: list[bool]) -> None:
    assert outcome(check_facts("t#1", DATA, expect)) == passed


def test_failures_name_the_step_and_what_was_expected() -> None:
    [check] = check_facts("scen#3", DATA, {"coverage": {"allergies": "known"}})
    assert check.stage == "state"
    assert check.what == "scen#3: coverage[allergies] expected known, got confirmed_absent"


def test_match_is_a_substring_either_way_and_ignores_case_yo_and_hyphens() -> None:
    facts = [
        fact("allergies", "мед", name_raw="Мёд", name_normalized="мед"),
        fact("profile", "city", value="Ростов-на-Дону"),
    ]
    assert find_facts(facts, {"match": "аллергия на мёд"}) == [facts[0]]  # the fact's name inside the match
    assert find_facts(facts, {"match": "ростов на дону", "section": "profile"}) == [facts[1]]
    assert find_facts(facts, {"match": "мед", "section": ["profile"]}) == []


def test_a_value_spec_prefers_the_fact_with_that_value() -> None:
    facts = [fact("notes", "a", value="про кота"), fact("notes", "b", value="про собаку")]
    assert find_facts(facts, {"match": "про", "value": "собак"})[0] is facts[1]


# --- context -----------------------------------------------------------------------------------------------

CTX = {
    "sections": ["allergies", "medications", "profile"],
    "text": "Аллергии: пенициллин. Лекарства: Энап 10 мг",
    "blocks": [
        {"kind": "self_reported", "text": "Аллергии: пенициллин. Лекарства: Энап 10 мг"},
        {"kind": "profile", "text": "Имя: Анна"},
    ],
}


@pytest.mark.parametrize(
    ("expect", "passed"),
    [
        ({"contains": ["пенициллин", ["латекс", "энап"]], "not_contains": ["прививк"]}, [True, True, True]),
        ({"contains": ["латекс"], "not_contains": ["ЭНАП"]}, [False, False]),
        (
            {"sections_include": ["allergies", "vaccinations"], "sections_exclude": ["surgeries", "profile"]},
            [True, False, True, False],
        ),
        ({"blocks": ["profile"], "no_blocks": ["gaps", "self_reported"]}, [True, True, False]),
        ({"block_text": {"self_reported": [["allerg", "аллерг"]], "profile": ["пенициллин"]}}, [True, False]),
        ({"block_lacks": {"gaps": ["аллерг"], "self_reported": ["аллерг"]}}, [True, False]),
        ({"max_chars": 100}, [True]),
        ({"max_chars": 10}, [False]),
    ],
)
def test_check_context(expect: dict[str, Any], passed: list[bool]) -> None:
    checks = check_context("t#2", CTX, expect)
    assert outcome(checks) == passed
    assert {c.stage for c in checks} == {"retrieval"}


def test_sections_ratio_counts_included_hits_and_excluded_false_alarms() -> None:
    ratio = sections_ratio(
        CTX, {"sections_include": ["allergies", "vaccinations"], "sections_exclude": ["profile", "surgeries"]}
    )
    assert (ratio.tp, ratio.fn, ratio.fp) == (1, 1, 1)
    assert ratio.precision == ratio.recall == 0.5


# --- per-stage figures -------------------------------------------------------------------------------


def test_expected_units_keep_only_facts_this_fragment_touched_or_missing_ones() -> None:
    expect = {
        "facts": [
            {"match": "age", "key": ["age"]},  # said in f1: not about f2
            {"section": "medications", "match": "эналаприл"},  # updated by f2
            {"section": "allergies", "match": "латекс"},  # missing: f2 should have made it
            {"match": "nothing-with-no-section"},
        ]
    }
    units = expected_units("f2", DATA, expect)
    assert [u["sections"] for u in units] == [["medications"], ["allergies"]]


def test_classify_ratio_and_extract_matches() -> None:
    units = [
        {"spec": {"match": "эналаприл"}, "sections": ["medications"]},
        {"spec": {"match": "age", "key": ["age"]}, "sections": ["profile"]},
        {"spec": {"match": "диабет"}, "sections": ["chronic_conditions", "diagnoses"]},
    ]
    ratio = classify_ratio(["medications", "diagnoses", "style"], units)
    assert (ratio.tp, ratio.fp, ratio.fn) == (2, 1, 1)
    events = [
        {"section": "medications", "attributes": {"name_raw": "Энапа", "name_normalized": "эналаприл"}},
        {"section": "profile", "slot": "age", "attributes": {"value": 34}},
        {"section": "symptoms", "attributes": {"name_normalized": "диабет"}},
    ]  # wrong section: no match
    assert extract_matches(events, units) == 2


def test_step_messages_get_the_reference_runners_timestamps_without_mutating_the_step() -> None:
    step = {"messages": [{"role": "user", "content": "a"}, {"role": "user", "content": "b", "ts": "2025-01-01"}]}
    messages = step_messages(step, 29)
    assert [m["ts"] for m in messages] == ["2026-02-02T10:00:00Z", "2025-01-01"]
    assert "ts" not in step["messages"][0]
    assert step_messages({"say": "hi", "ts": "2024-05-05T00:00:00Z"}, 0)[0]["ts"] == "2024-05-05T00:00:00Z"


def test_rules_speed_is_measured_over_repeated_passes() -> None:
    dialogues = [
        [{"role": "user", "content": "Мне 34 года, живу в Казани."}],
        [{"role": "user", "content": "I take lisinopril 10 mg daily."}],
    ]
    speed = measure_rules_speed(dialogues, min_seconds=0.0, min_repeats=3)
    assert (speed.fragments, speed.repeats) == (2, 3)
    assert speed.fragments_per_s and speed.fragments_per_s > 0 and speed.ms_per_fragment
    assert measure_rules_speed([]).fragments_per_s is None


def test_load_scenarios_reads_files_and_directories() -> None:
    scenarios = load_scenarios([SCENARIOS])
    assert len(scenarios) >= 8
    assert all("name" in s and s["steps"] for s in scenarios)
    assert load_scenarios([SCENARIOS / "isolation.json"])[0]["name"] == "own-isolation"


@pytest.mark.parametrize("count", [["==", 0], ["eq"], "eq 0"])
def test_a_scenario_asking_an_unknown_count_is_refused_when_read_naming_the_field(
    tmp_path: Path, count: object
) -> None:
    step = {"say": "Мне 30 лет.", "expect": {"active_count": count}}
    (tmp_path / "bad.json").write_text(json.dumps({"name": "bad-count", "steps": [step]}), encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad-count step 1: expect\.active_count"):
        load_scenarios([tmp_path])


# --- the command, end to end -----------------------------------------------------------------------------


def test_ltm_eval_passes_every_check_of_our_scenarios_embedded(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LTM_") and k != "OPENAI_API_KEY"}
    env["XDG_DATA_HOME"] = str(tmp_path)  # a fresh embedded SQLite file
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    proc = subprocess.run(
        ["ltm", "eval", str(SCENARIOS), "--json"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )
    assert proc.stdout, proc.stderr[-2000:]
    summary = json.loads(proc.stdout)
    assert summary["mode"] == "embedded"
    assert summary["failures"] == []
    assert proc.returncode == 0, proc.stderr[-2000:]
    stages = summary["stages"]
    end = stages["end_to_end"]
    assert end["checks_failed"] == 0 and end["checks_total"] >= 80
    assert end["scenarios_passed"] == end["scenarios_total"] >= 8
    assert stages["classify"]["steps"] > 0 and stages["classify"]["recall"] is not None
    assert "partial" in stages["classify"]["note"]
    assert stages["extract"]["events"] > 0 and stages["extract"]["recall"] is not None
    assert stages["retrieval"]["sections"]["precision"] is not None
    assert stages["rules_speed"]["fragments_per_s"] > 0 and stages["rules_speed"]["ms_per_fragment"] > 0
