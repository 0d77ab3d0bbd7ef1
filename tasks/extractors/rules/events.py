"""Things that happened (surgeries, injuries, vaccinations) and how the user lives (lifestyle, body)."""

from __future__ import annotations

import re
from functools import lru_cache

from tasks.extractors.rules.phrases import (
    DATE_RE,
    OTHER_PEOPLE_RE,
    clause_start,
    date_phrase,
    relative,
    said_of_writer,
)
from tasks.extractors.rules.sentence import Finding, Sentence
from tasks.language import dates, lexicon, morphology
from tasks.language.text import NUMBER_WORD_RE, Token, tokenize


def _event(section: str, s: Sentence, raw: str, normalized: str, action: str = "assert") -> Finding:
    attrs = {"name_raw": raw, "name_normalized": normalized}
    date = date_phrase(s)
    if date and action != "negate":
        attrs["date"] = dates.resolve(date, s.said_at) or date  # a calendar time when the phrase names one
    if action == "assert" and s.correcting:
        action = "correct"
    return Finding(section, attrs, s, action=action)


def _body_part_after(s: Sentence, start: int) -> tuple[lexicon.BodyPart, int, int] | None:
    """The body part named right after `start` (within its first words), where its name starts and ends."""
    parts_lex, records = lexicon.body_parts()
    tokens = [t for t in s.tokens if t.start >= start][:4]
    tokens = [t for t in tokens if t.text not in _BEFORE_A_PART][:3]
    for m in parts_lex.find(tokens):
        if m.first == 0:
            return records[m.term.normalized], m.end, m.start
    return None


# Words that may stand between a verb and the part of the body it acts on: «удалили мне левую почку».
_BEFORE_A_PART = frozenset(
    {
        "мне",
        "себе",
        "my",
        "the",
        "a",
        "левую",
        "правую",
        "left",
        "right",
        "левое",
        "правое",
        "левый",
        "правый",
        "два",
        "две",
        "три",
        "оба",
        "обе",
    }
)


# --- who the event happened to ----------------------------------------------------------------------

# Words that may stand between an English subject and its verb ("i just had", "i've recently had").
_BETWEEN_SUBJECT_AND_VERB = frozenset(
    {
        "just",
        "recently",
        "also",
        "finally",
        "already",
        "even",
        "once",
        "actually",
        "then",
        "have",
        "has",
        "had",
        "been",
        "was",
        "am",
        "did",
        "do",
        "eventually",
        "later",
        "fully",
        "both",
        "all",
        "now",
        "since",
    }
)
_WRITER = frozenset({"i", "me", "i'm", "im", "i've", "ive", "i'd"})
_SUBJECT_PRONOUNS = frozenset({"i", "i'm", "i've", "he", "she", "they", "we", "you", "he's", "she's", "they're"})
_CLAUSE_EDGE = frozenset(',;:.!?()"“”')
# "to anyone else who has had a bypass": the writer is among those the relative clause speaks of.
_ONE_OF_OTHERS_RE = re.compile(r"\b(?:(?:any|every|some)(?:one|body)\s+else|others|other\s+people)\s+who$")


def _writer_does(s: Sentence, verb_start: int) -> bool:
    """The writer is the subject of the English verb at `verb_start`: "i" before it, none at all (a clause said
    without one: "just got my flu shot"), or a causative's "me" ("they made me get vaccinated"). After "and" the
    subject is the one the sentence last named ("i fell and broke my wrist", "he tripped and broke a rib")."""
    words = re.findall(r"[\w'’]+|[^\w\s]", s.norm[:verb_start].replace("’", "'"))
    i = len(words) - 1
    while i >= 0 and words[i] in _BETWEEN_SUBJECT_AND_VERB:
        i -= 1
    if i < 0 or words[i] in _CLAUSE_EDGE or words[i] in _WRITER:
        return True
    if words[i] in ("and", "but"):
        named = next((w for w in reversed(words[:i]) if w in _SUBJECT_PRONOUNS), "i")
        return named in _WRITER
    return words[i] == "who" and bool(_ONE_OF_OTHERS_RE.search(" ".join(words[: i + 1])))


# A Russian impersonal plural («удалили», «сделали») names who it was done to in the dative: «мне» is the writer,
# another pronoun or a person («ей», «которым», «маме») is someone else.
_OTHERS_DATIVE = frozenset({"ему", "ей", "им", "нему", "ней", "ним", "которым", "которой", "которому", "тебе", "вам"})


def _done_to_someone_else(s: Sentence, verb_start: int) -> bool:
    before = [t.text for t in tokenize(s.norm[:verb_start])][-3:]
    return any(
        w in _OTHERS_DATIVE or (morphology.has_tag(w, "datv", "anim") and w not in ("мне", "себе")) for w in before
    )


def _body_part_en(s: Sentence, start: int, *, growths: bool = True) -> tuple[str, str, int] | None:
    """The English part of the body (or growth) named from `start` on, after its determiners and sides: its
    name as said, its normalized name and where it ends ("my left wrist", "two ribs", "the testicle")."""
    tokens = [t for t in s.tokens if t.start >= start][:6]
    while tokens and tokens[0].text in _PART_DETERMINERS:
        tokens = tokens[1:]
    for m in lexicon.body_parts_en().find(tokens[:3]):
        if m.first == 0 and (growths or m.term.kind != "growth"):
            return s.cut(m.start, m.end), m.term.normalized, m.end
    return None


_PART_DETERMINERS = frozenset(
    {
        "my",
        "a",
        "an",
        "the",
        "both",
        "two",
        "three",
        "several",
        "some",
        "left",
        "right",
        "lower",
        "upper",
        "all",
        "four",
        "of",
        "his",
        "her",
        "their",
    }
)


# --- surgeries ---------------------------------------------------------------------------------------

REMOVED_RE = re.compile(r"\b(?:удалили|вырезали|удаляли|убрали)\b")
# What surgery takes out that is not a part of the body, by lemma, with its genitive for the name of the
# operation; the inflamed appendix is taken out under the name of its illness («удалили аппендицит»).
RU_GROWTHS = {
    "киста": "кисты",
    "опухоль": "опухоли",
    "новообразование": "новообразования",
    "родинка": "родинки",
    "папиллома": "папилломы",
    "бородавка": "бородавки",
    "липома": "липомы",
    "атерома": "атеромы",
    "жировик": "жировика",
    "миома": "миомы",
    "фиброаденома": "фиброаденомы",
    "камень": "камней",
    "аппендицит": "аппендикса",
    "желчный": "желчного пузыря",
}
OPERATED_ON_RE = re.compile(r"\bопераци\w+\s+(?:мне\s+)?(?:на|по\s+поводу)\s+|\bпрооперировали\s+(?:мне\s+)?")
NAMED_SURGERIES = {
    "аппендэктомия": "аппендэктомия",
    "кесарево": "кесарево сечение",
    "шунтирование": "шунтирование",
    "стентирование": "стентирование",
    "холецистэктомия": "удаление желчного пузыря",
    "лапароскопия": "лапароскопия",
    "тонзиллэктомия": "удаление миндалин",
    "appendectomy": "appendectomy",
    "tonsillectomy": "tonsillectomy",
    "c-section": "c-section",
    "cholecystectomy": "gallbladder removal",
    "bypass": "bypass surgery",
    "mastectomy": "mastectomy",
    "hysterectomy": "hysterectomy",
    "lasik": "lasik",
}
NAMED_SURGERY_CUE_RE = re.compile(r"\b(?:сделали|делали|перен[её]с\w*|была|был|had|underwent|got)\b")
# "had my gallbladder out", "got two moles removed", "had it taken out": the object is found by _body_part_en.
EN_HAD_RE = re.compile(r"\b(?:had|got|have|get)\s+")
EN_REMOVED_AFTER_RE = re.compile(r"\s*(?:removed|taken\s+out|out|extracted|pulled|cut\s+out)\b")
EN_PRONOUN_OBJECT_RE = re.compile(r"(?:it|them)\s+(?:removed|taken\s+out|cut\s+out)\b")
EN_SURGERY_RE = re.compile(r"\b(?:had|underwent|got)\s+(?:an?\s+)?([a-z]+)\s+surgery\b|\bsurgery\s+on\s+my\s+([a-z]+)")
EN_REPLACEMENT_RE = re.compile(r"\b(knee|hip|shoulder)\s+replacement\b")


def _english_removal(s: Sentence) -> Finding | None:
    """The writer had a part of the body or a growth taken out; "it"/"them" stands for a growth named before
    ("a lump in my arm, and i got it removed"): never for a part, which a pronoun would rather point past."""
    for m in EN_HAD_RE.finditer(s.norm):
        if not _writer_does(s, m.start()):
            continue
        part = _body_part_en(s, m.end())
        removed = EN_REMOVED_AFTER_RE.match(s.norm, part[2]) if part else None
        if part and removed:
            return _event("surgeries", s, s.cut(m.start(), removed.end()), f"{part[1]} removal")
        if EN_PRONOUN_OBJECT_RE.match(s.norm, m.end()):
            named = lexicon.body_parts_en().find([t for t in s.tokens if t.end <= m.start()])
            growths = [x for x in named if x.term.kind == "growth"]
            if growths:
                return _event(
                    "surgeries", s, s.cut(growths[-1].start, growths[-1].end), f"{growths[-1].term.normalized} removal"
                )
    return None


# An operation named by what it took out: «операцию по удалению грыжи», «операция по удалению кисты».
REMOVAL_SURGERY_RE = re.compile(r"\bопераци\w+\s+(?:мне\s+)?по\s+удалению\s+")


def _removal_surgery_undergone(s: Sentence) -> re.Match[str] | None:
    """«Операция по удалению» said as undergone («сделали», «перенесла», «была»), not as a topic («рассказал про
    операцию по удалению»)."""
    m = REMOVAL_SURGERY_RE.search(s.norm)
    if m and NAMED_SURGERY_CUE_RE.search(s.norm, clause_start(s, m.start()), m.start()):
        return m
    return None


def _removed_after(s: Sentence, start: int) -> tuple[str, int] | None:
    """What surgery took out, named right after `start`: a part of the body or a growth, in the genitive the
    operation's name takes («желчного пузыря», «кисты»), and where its name ends."""
    part = _body_part_after(s, start)
    if part:
        return part[0].genitive, part[1]
    word = next((t for t in s.tokens if t.start >= start and t.text not in ("мне", "себе")), None)
    growth = RU_GROWTHS.get(morphology.noun_lemma(word.text)) if word else None
    return (growth, word.end) if word and growth else None


def surgeries(s: Sentence) -> list[Finding]:
    m = REMOVED_RE.search(s.norm) or _removal_surgery_undergone(s)
    if m and not _done_to_someone_else(s, m.start()):
        removed = _removed_after(s, m.end())
        if removed:
            return [_event("surgeries", s, s.cut(m.start(), removed[1]), f"удаление {removed[0]}")]
    m = OPERATED_ON_RE.search(s.norm)
    if m and not _done_to_someone_else(s, m.start()):
        part = _body_part_after(s, m.end())
        if part:
            return [_event("surgeries", s, s.cut(m.start(), part[1]), f"операция на {part[0].prepositional}")]
    for token in s.tokens:
        if token.text in NAMED_SURGERIES:
            cue = [c for c in NAMED_SURGERY_CUE_RE.finditer(s.norm) if c.start() < token.start]
            if cue and _writer_received(s, cue[-1].start()):
                return [_event("surgeries", s, s.cut(token.start, token.end), NAMED_SURGERIES[token.text])]
    removal = _english_removal(s)
    if removal:
        return [removal]
    for m in (EN_SURGERY_RE.search(s.norm), EN_REPLACEMENT_RE.search(s.norm)):
        if m and (m.group().startswith(("surgery", "knee", "hip", "shoulder")) or _writer_does(s, m.start())):
            what = next(g for g in m.groups() if g)
            name = f"{what} replacement" if "replacement" in m.group() else f"{what} surgery"
            return [_event("surgeries", s, m.group(), name)]
    return []


def _writer_received(s: Sentence, verb_start: int) -> bool:
    """The writer underwent what the verb at `verb_start` tells of, in either language."""
    return _writer_does(s, verb_start) if s.english else not _done_to_someone_else(s, verb_start)


DATE_WORD_RE = re.compile(r"^(?:в|во|на|год\w*|прошлом|этом|летом|зимой|весной|осенью|\d+)$")


# --- injuries ----------------------------------------------------------------------------------------

# A verb of damage in the past («сломала руку», «порвал связки на колене», «потянул спину») tells an injury the
# writer had, named by its lemma in any form; the infinitive is a fear or a plan («боюсь сломать ногу») and the
# future a supposition («если порвёшь связки»), so neither counts.
RU_INJURY_VERBS = {
    "сломать": "перелом",
    "ломать": "перелом",
    "переломать": "перелом",
    "вывихнуть": "вывих",
    "растянуть": "растяжение",
    "потянуть": "растяжение",
    "подвернуть": "растяжение",
    "порвать": "разрыв",
    "разорвать": "разрыв",
    "надорвать": "надрыв",
    "ушибить": "ушиб",
    "отбить": "ушиб",
    "травмировать": "травма",
    "повредить": "травма",
}
# A noun of injury names one only with the writer in the sentence («у меня перелом», «получила ушиб»), since alone
# it is as often a topic («лечение переломов»).
RU_INJURY_NOUNS = frozenset({"перелом", "вывих", "ушиб", "растяжение", "разрыв", "надрыв", "травма"})
# What a fracture can be of: the parts with a bone in them. «Сломал голову над задачей» and «ломаю голову» are
# figures of speech; a broken skull is said «перелом черепа».
RU_BONY_PARTS = frozenset(
    {
        "рука",
        "руки",
        "нога",
        "ноги",
        "ребро",
        "ребра",
        "ключица",
        "нос",
        "челюсть",
        "палец",
        "пальцы",
        "запястье",
        "лодыжка",
        "стопа",
        "бедро",
        "позвоночник",
        "кости",
        "зуб",
        "зубы",
        "зуб мудрости",
        "колено",
        "колени",
        "локоть",
        "плечо",
        "копчик",
        "позвонок",
        "голень",
        "предплечье",
        "голеностоп",
        "таз",
    }
)
# The soft tissue of a joint: «связки на колене», «связки голеностопа» name the joint too.
RU_TISSUES = frozenset({"связки", "связка", "сухожилие", "мышца", "мышцы", "мениск"})
_RU_SIDES = frozenset(
    {"на", "в", "левом", "правом", "левой", "правой", "левого", "правого", "обеих", "обоих", "обе", "оба"}
)
# Words that make a Russian clause a supposition: «если бы сломал», «вдруг порвала».
_RU_SUPPOSED_RE = re.compile(r"\b(?:если|вдруг|бы|б)\b")
RU_WRITER_RE = re.compile(r"\b(?:я|мне|меня|у\s+меня|мой|моя|мою|мое|моей|получил\w*)\b")
# "broke my wrist", "fractured two ribs", "tore my left acl": a part of the writer's body ("my"), or one the writer
# injured ("i cracked a rib"); "broke my glasses", "broke in", "he broke his arm" name none of them.
EN_INJURY_RE = re.compile(
    r"\b(broke|fractured|sprained|dislocated|tore|twisted|injured|cracked|bruised|hurt|pulled)\s+"
)
# Verbs that injure only when the writer does them to their own body: "the light hurt my eyes" is a symptom, "i
# pulled my finger out" no strain; a pulled part is a muscle or what a muscle holds ("pulled a hamstring").
EN_WRITER_ONLY_INJURIES = frozenset({"hurt", "pulled"})
EN_STRAINED_PARTS = frozenset(
    {"muscle", "hamstring", "groin", "quad", "calf", "back", "ligament", "tendon", "achilles"}
)
EN_INJURY_NAMES = {
    "broke": "broken",
    "fractured": "fractured",
    "sprained": "sprained",
    "dislocated": "dislocated",
    "tore": "torn",
    "twisted": "twisted",
    "injured": "injured",
    "cracked": "cracked",
    "bruised": "bruised",
    "hurt": "injured",
    "pulled": "pulled",
}
CONCUSSION_RE = re.compile(
    r"\b(?:had|got|suffered|sustained|have)\s+(?:(?:a|an|this|that|my|another|bad|mild|severe|minor|major|serious"
    r"|first|second|third)\s+){0,2}concussions?\b"
)


def _ru_person_named(word: str) -> bool | None:
    """Whether a Russian word names the writer (True), another person (False) or nobody (None): «я», «мне», «мой»
    are the writer; «он», «ты», «сын», «маше», «у сестры» someone else."""
    parse = morphology.best(word)
    grammemes = parse.tag.grammemes
    if parse.normal_form in ("я", "мы", "мой", "наш"):
        return True
    if parse.normal_form in ("себя", "свой"):
        return None
    if "NPRO" in grammemes and ("2per" in grammemes or "3per" in grammemes):
        return False
    if "NOUN" in grammemes and "anim" in grammemes and grammemes & {"nomn", "gent", "datv"}:
        return False
    return None


def _ru_writer_does(s: Sentence, verb_start: int) -> bool:
    """The writer is who the Russian verb at `verb_start` happened to: the last person the sentence names before it
    is the writer («я упала и сломала руку», «мне сломали нос»), or nobody is named («Порвала связки»). Not «сын
    сломал руку», «у мужа перелом», «Маша вывихнула ногу», «видела, как он потянул спину»."""
    for token in reversed([t for t in s.tokens if t.end <= verb_start]):
        named = _ru_person_named(token.text)
        if named is not None:
            return named
    return True


# A clause that denies the injury before its word: «не сломал», «чуть не порвал», «не было сотрясения», «никакого
# перелома нет».
_RU_NEGATED_BEFORE_RE = re.compile(r"\bне$|\bне\s+(?:был\w*|было)\b|\bнет\b|\bникак\w+\b")


def _ru_said_as_fact(s: Sentence, start: int) -> bool:
    """Not negated and not supposed («если бы сломал») in its clause."""
    before = s.norm[clause_start(s, start) : start].strip()
    return not _RU_NEGATED_BEFORE_RE.search(before) and not _RU_SUPPOSED_RE.search(before)


def _ru_past_verb(word: str) -> str | None:
    """The injury a past-tense (or past gerund) form of a verb of damage tells: «порвала» -> «разрыв»."""
    for parse in morphology.parses(word):
        if "past" in parse.tag.grammemes and parse.tag.POS in ("VERB", "GRND"):
            kind = RU_INJURY_VERBS.get(parse.normal_form.replace("ё", "е"))
            if kind:
                return kind
    return None


_RU_TOWARDS_RE = re.compile(r"\s+(?:к|ко|вверх|вперед|навстречу)\b")


@lru_cache(maxsize=1)
def _accusative_parts() -> frozenset[str]:
    """Every accusative a part of the body is named in: «руку», «ребра», «колено» (not the genitive «колена»)."""
    return frozenset(part.accusative for part in lexicon.body_parts()[1].values())


def _ru_injured_part(s: Sentence, start: int, *, object_case: bool) -> tuple[lexicon.BodyPart, str, int] | None:
    """The part of the body an injury word before `start` is of, named as the injury's genitive («руки», «связок
    колена»), and where it ends. After a verb the part is its object, in the accusative (`object_case`): «ушиб
    колено» is a verb, «ушиб колена» a noun."""
    found = _body_part_after(s, start)
    if found is None:
        return None
    part, end, part_start = found
    if object_case and s.norm[part_start:end] not in _accusative_parts():
        return None
    if object_case and _RU_TOWARDS_RE.match(s.norm, end):  # «потянула руку к чашке»: a reach, not a strain
        return None
    name = part.genitive
    if part.nominative in RU_TISSUES:  # «связки на колене», «мышцу спины»: the joint or region too
        after = [t for t in s.tokens if t.start >= end][:3]
        while after and after[0].text in _RU_SIDES:
            after = after[1:]
        joint = _body_part_after(s, after[0].start) if after else None
        if joint and joint[2] == after[0].start and joint[0].nominative not in RU_TISSUES:
            name, end = f"{name} {joint[0].genitive}", joint[1]
    return part, name, end


def _injury_word(token: Token, s: Sentence) -> tuple[str, bool] | None:
    """The injury a word tells and whether it is a noun: a verb of damage in the past («порвала»), or a noun of
    injury («перелом») when the writer is in the sentence."""
    kind = _ru_past_verb(token.text)
    if kind:
        return kind, False
    lemma = morphology.noun_lemma(token.text)
    return (lemma, True) if lemma in RU_INJURY_NOUNS and RU_WRITER_RE.search(s.norm) else None


def _ru_injured_whose(s: Sentence, verb: Token, part_end: int) -> bool:
    """The injured part is the writer's: «мне» right after the verb («ты сломал мне нос») makes it so whoever did it;
    a person in the dative right after the part («сломал руку коллеге») makes it another's."""
    after = [t.text for t in s.tokens if t.start >= verb.end][:1]
    if after == ["мне"]:
        return True
    following = next((t.text for t in s.tokens if t.start >= part_end), None)
    if following and _ru_person_named(following) is False and morphology.has_tag(following, "datv"):
        return False
    return _ru_writer_does(s, verb.start)


def _russian_injury(s: Sentence) -> Finding | None:
    if s.english:
        return None
    for token in s.tokens:
        said = _injury_word(token, s)
        if said is None:
            continue
        kind, noun = said
        injured = _ru_injured_part(s, token.end, object_case=not noun)
        start = token.start
        if injured is None and not noun:
            fronted = _ru_object_before(s, token)
            if fronted:
                injured, start = (fronted[0], fronted[0].genitive, token.end), fronted[1]
        if injured is None or not _ru_said_as_fact(s, start):
            continue
        part, name, end = injured
        if (kind == "перелом" and part.nominative not in RU_BONY_PARTS) or not _ru_injured_whose(s, token, end):
            continue
        return _event("injuries", s, s.cut(start, end), f"{kind} {name}")
    return None


def _ru_object_before(s: Sentence, verb: Token) -> tuple[lexicon.BodyPart, int] | None:
    """A part of the body put before its verb, in the accusative («руку сломала в детстве»), and where it starts."""
    previous = [t for t in s.tokens if t.end <= verb.start][-1:]
    if not previous or previous[0].text not in _accusative_parts():
        return None
    found = _body_part_after(s, previous[0].start)
    return (found[0], previous[0].start) if found and found[1] == previous[0].end else None


CONCUSSION_RU_RE = re.compile(r"\bсотрясени\w+\s+(?:головного\s+)?мозга")


def injuries(s: Sentence) -> list[Finding]:
    m = CONCUSSION_RU_RE.search(s.norm)
    if m and RU_WRITER_RE.search(s.norm) and _ru_writer_does(s, m.start()) and _ru_said_as_fact(s, m.start()):
        return [_event("injuries", s, "сотрясение мозга", "сотрясение мозга")]
    russian = _russian_injury(s)
    if russian:
        return [russian]
    for m in EN_INJURY_RE.finditer(s.norm):
        if s.hypothetical or _SUPPOSED_HABIT_RE.search(s.norm[: m.start()]):  # "if i broke my wrist, ..."
            continue
        injured = _body_part_en(s, m.end(), growths=False)
        owned = s.norm.startswith("my ", m.end())
        if m.group(1) in EN_WRITER_ONLY_INJURIES:
            owned = False
            if m.group(1) == "pulled" and injured and injured[1] not in EN_STRAINED_PARTS:
                continue
        if injured and (
            owned or (_writer_does(s, m.start()) and not s.norm.startswith(("his ", "her ", "their "), m.end()))
        ):
            name = f"{EN_INJURY_NAMES[m.group(1)]} {injured[1]}"
            return [_event("injuries", s, s.cut(m.start(), injured[2]), name)]
    m = CONCUSSION_RE.search(s.norm)
    if m and _writer_does(s, m.start()):
        return [_event("injuries", s, "concussion", "concussion")]
    return []


# --- vaccinations ----------------------------------------------------------------------------------

RU_VACCINE_RE = re.compile(
    r"\b(?:прививк\w*|вакцин\w*|привил\w*|привит\w*|ревакцинац\w*|укол\w*|вакцинировал\w*)"
    r"\s+(?:\w+\s+)?(?:от|против)\s+"
)
EN_VACCINE_RE = re.compile(
    r"\b([a-z-]+(?:\s+[a-z]+)?)\s+(?:shots?|vaccines?|vaccinations?|jabs?|boosters?)\b"
    r"|\bvaccinated\s+(?:against|for)\s+"
)
# The writer received it (a shot named in a headline, a study or a plan of someone else's is no event): a verb of
# receiving right before the name, with the writer as its subject ("i got my second covid shot", "just had the
# flu jab", "i haven't had the hpv vaccine"), or "vaccinated" said of the writer ("i'm fully vaccinated against
# measles", "they made me get vaccinated against yellow fever").
# The words between the verb and the name ("had my second", "got both").
EN_DOSE_WORDS = (
    r"my|the|a|an|both|all|\d+(?:st|nd|rd|th)|first|second|third|fourth|annual|yearly|latest|last|two|three|covid|flu"
)
EN_VACCINE_RECEIVED_RE = re.compile(
    r"\b(?:(?:never|not|haven't|have\s+not|didn't|did\s+not)\s+)?(?:got|get|gets|had|received|took|take)\s+"
    rf"(?:(?:{EN_DOSE_WORDS})\s+)*$"
    r"|\b(?:i'm|im|i\s+am|i\s+was|i've\s+been|i\s+have\s+been|got|get|been)\s+(?:(?:fully|already|now|also|just)\s+)*$"
)
RU_VACCINE_RECEIVED_RE = re.compile(
    r"\b(?:я|мне|меня)\b|\b(?:с|по|у)?(?:делал|ставил|колол)(?:а|и|ся|ась)?\b|\b(?:получил|привил|привит|вакцинировал)\w*"
)
# A vaccination planned or refused is none received («отказались от Превенара», "I declined the Shingrix shot").
VACCINE_PLANNED_RE = re.compile(
    r"\bсобира\w*|\bпланиру\w*|\bхочу\b|\bбуду\b|\bнадо\b|\bнужно\b|\bзапиш\w*|\bотказ\w*"
    r"|\bgoing\s+to\b|\bplan\w*\b|\bneed\s+to\b|\bshould\b|\bwill\b|\brefus\w*|\bdeclin\w*"
)
VACCINE_NEGATED_RE = re.compile(
    r"\bне\s+(?:делал\w*|привит\w*|ставил\w*|прививал\w*)|\bнет\s+прививк"
    r"|\bnever\s+(?:had|got)\b|\bnot\s+vaccinated|\bhaven't\s+(?:had|got)|\bdidn't\s+(?:get|have)\b"
)


def _vaccine_at(s: Sentence, start: int) -> tuple[str, str] | None:
    tokens = [t for t in s.tokens if t.start >= start][:3]
    for m in lexicon.vaccines().find(tokens):
        if m.first == 0:
            return s.cut(m.start, m.end), m.term.normalized
    if tokens and tokens[0].text.isalpha() and len(tokens[0].text) >= 4 and not tokens[0].text.isascii():
        return s.cut(tokens[0].start, tokens[0].end), morphology.noun_lemma(tokens[0].text)
    return None


# A vaccine named by its trade name rather than the illness: «привилась Спутником», «поставили прививку АКДС».
RU_VACCINE_BY_NAME_RE = re.compile(
    r"\b(?:прививк\w*|вакцин\w*|привил\w*|привива\w*|ревакцинац\w*|вакцинировал\w*)\s+(?:(?:мне|себе|мою|первую|вторую)\s+)*"
)
_VACCINE_AGAINST_RE = re.compile(r"^(?:вакцина\s+(?:против\s+)?|vaccine\s+against\s+)|\s+(?:вакцина|vaccine)$")


def _named_vaccine_at(s: Sentence, start: int) -> tuple[str, str] | None:
    """A vaccine's trade name from the drug list at `start` («Спутником», «Гардасил»), normalized to the illness it
    protects against when the list says so («вакцина против covid-19» -> covid-19)."""
    tokens = [t for t in s.tokens if t.start >= start][:3]
    for m in lexicon.vaccines().find(tokens):  # a brand the vaccine list itself names («Спутником»)
        if m.first == 0:
            return s.cut(m.start, m.end), m.term.normalized
    for m in lexicon.drugs().find(tokens):
        if m.first == 0 and _VACCINE_AGAINST_RE.search(m.term.normalized):
            illness = _VACCINE_AGAINST_RE.sub("", m.term.normalized)
            named = lexicon.vaccines().find(tokenize(illness))
            whole = len(named) == 1 and named[0].start == 0 and named[0].end == len(illness)
            return s.cut(m.start, m.end), named[0].term.normalized if whole else m.term.normalized
    return None


# A vaccine named by its trade name after a verb of injecting, doing, receiving or using: «мне укололи Превенар»,
# «делала Инфлювак», «в прошлом году делала Ваксигрип себе и ребенку», «поставили Пентаксим», «применяла Гриппол».
# Only a name that is nothing but a vaccine counts there: «поставили грипп» is a diagnosis, «сделала анализ» no shot.
# Up to three words may stand between (whom, when, which dose: «сделала себе в сентябре Ультрикс»), none of them a
# clause's edge.
RU_VACCINE_GIVEN_RE = re.compile(
    r"\b(?:с?делал|(?:по)?ставил|(?:у|в|про)?колол|получил|ввел|применял|использовал)(?:а|и|о)?\b"
)
VACCINE_NAME_REACH = 3
# The word right before the name that makes it no object of the verb («сделали укол после Превенара»).
NOT_THE_VERBS_OBJECT_RE = re.compile(r"\b(?:после|от|до|перед|из-за|без|вместо|на|про|об?|для|кроме)\s+$")
# English: a verb of receiving right before the trade name ("I got Shingrix last fall", "had my second Pfizer dose").
# A name that is also a company's or an everyday word ("Pfizer", «спутник») counts only where the message speaks of a
# vaccination, a shot or a dose.
SHOT_SAID_RE = re.compile(
    r"\b(?:vaccin\w*|boosters?|jabs?|shots?|doses?|covid\w*|immuni[sz]\w*|inoculat\w*"
    r"|привив\w*|привит\w*|привил\w*|вакцин\w*|укол\w*|доз[аеуыой]\w*|ковид\w*|коронавирус\w*)\b"
)
# People a Russian dative after the verb names as the ones vaccinated: «делала Инфлювак ребенку», «укололи дочке»;
# with «себе» or «мне» among them the writer is one of them («делала Ваксигрип себе и ребенку»).
_WRITER_DATIVE = frozenset({"мне", "себе"})
_WRITER_NAMED_RE = re.compile(r"\b(?:я|мне|меня|себе)\b")


def _vaccine_brand_at(s: Sentence, start: int) -> tuple[str, str] | None:
    """A vaccine's trade name at `start`: one the vaccine list marks as a brand (or an ambiguous name, where a shot is
    said), or one the drug list holds
    under a vaccine class; never an illness's name, which a verb of doing or putting makes a diagnosis."""
    tokens = [t for t in s.tokens if t.start >= start][:3]
    for m in lexicon.vaccines().find(tokens):
        if m.first == 0:
            if m.term.kind == "brand" or (m.term.kind == "ambiguous" and SHOT_SAID_RE.search(s.message or s.norm)):
                return s.cut(m.start, m.end), m.term.normalized
            return None
    return _named_vaccine_at(s, start)


# The words that join one more vaccine to the one the verb was said of: «делала Инфлювак и Превенар», "got Shingrix
# and Prevnar", «поставили Пентаксим, Превенар и Инфанрикс». Not "or", which names no vaccine for sure.
VACCINE_JOINER_RE = re.compile(r"\s*(?:,\s*)?(?:и|а\s+также|and|as\s+well\s+as|plus|&)\s+|\s*,\s*")
# A name joined by a comma only ends its list: «делала Инфлювак, Превенар не делала» says another clause.
LIST_GOES_ON_RE = re.compile(r"\s*(?:$|[.;!?)]|,|(?:и|and|а\s+также|as\s+well\s+as|plus|&)\s)")


def _coordinated_vaccines(s: Sentence, raw: str, start: int) -> list[tuple[str, str]]:
    """The vaccines named after the one (`raw`, said at or after `start`) the verb took, joined to it under the same
    verb."""
    found: list[tuple[str, str]] = []
    at = s.raw.find(raw, start)
    end = at + len(raw) if at >= 0 else -1
    while end >= 0:
        joiner = VACCINE_JOINER_RE.match(s.norm, end)
        if joiner is None:
            break
        named = _vaccine_brand_at(s, joiner.end())
        if named is None:
            break
        name_at = s.raw.find(named[0], joiner.end())
        if name_at != joiner.end():
            break
        end = name_at + len(named[0])
        comma_only = "," in joiner.group() and not re.search(r"\b(?:и|and)\b", joiner.group())
        if comma_only and not LIST_GOES_ON_RE.match(s.norm, end):
            break
        found.append(named)
    return found


def _given_to_someone_else_after(s: Sentence, start: int) -> bool:
    """A person in the dative after the verb, in its clause, and the writer not among them («делала X ребенку»)."""
    end = min((m.start() for m in re.finditer(r"[.;!?]|,\s+(?:но|а|и)\b", s.norm[start:])), default=len(s.norm))
    after = [t.text for t in s.tokens if start <= t.start < start + end]
    if any(w in _WRITER_DATIVE for w in after):
        return False
    return any(w in _OTHERS_DATIVE or morphology.has_tag(w, "datv", "anim") for w in after)


def _others_spoken_of(s: Sentence) -> bool:
    """The message speaks of a child, a relative or a friend («Сын часто болеет.»)."""
    message = s.message or s.norm
    return bool(OTHER_PEOPLE_RE.search(message)) or relative(Sentence.of(message)) is not None


def _russian_vaccine_by_brand(s: Sentence) -> list[Finding]:
    """Every vaccine the writer got by its trade name: «делала Инфлювак, а в этом году мне укололи Превенар»."""
    given: list[Finding] = []
    for verb in RU_VACCINE_GIVEN_RE.finditer(s.norm):
        found = next(
            (
                named
                for word in [t for t in s.tokens if t.start > verb.end()][: VACCINE_NAME_REACH + 1]
                if not CLAUSE_EDGE_RE.search(s.norm, verb.end(), word.start)
                and not NOT_THE_VERBS_OBJECT_RE.search(s.norm, 0, word.start)
                and (named := _vaccine_brand_at(s, word.start)) is not None
            ),
            None,
        )
        if found is None or not said_of_writer(s, verb.start()) or _done_to_someone_else(s, verb.start()):
            continue
        if verb.group().endswith("ли") and not _WRITER_NAMED_RE.search(s.norm) and _others_spoken_of(s):
            continue  # «Укололи Превенар» in a message about a child: whose shot an impersonal verb tells is a guess
        if not _given_to_someone_else_after(s, verb.end()):
            action = "negate" if RU_NOT_BEFORE_RE.search(s.norm, 0, verb.start()) else "assert"
            for raw, name in [found, *_coordinated_vaccines(s, found[0], verb.end())]:
                given.append(_event("vaccinations", s, raw, name, action))
    return given


EN_RECEIVING_VERB_RE = re.compile(r"\b(?:got|get|gets|had|received|took|take)\b")
# The verb of a trade name's shot denied right before it («не делала Ультрикс», "never got Shingrix"): a denial
# elsewhere in the sentence is another's («…легче, чем у тех, кто не прививался»).
RU_NOT_BEFORE_RE = re.compile(r"\bне\s+$")
EN_NOT_BEFORE_RE = re.compile(r"\b(?:never|not|haven't|have\s+not|didn't|did\s+not)\s+\w+$")
EN_DOSE_WORD_RE = re.compile(EN_DOSE_WORDS)


def _english_vaccine_by_brand(s: Sentence) -> list[Finding]:
    """Every vaccine the writer got by its trade name: "I got Shingrix in May and Prevnar in June"."""
    given: list[Finding] = []
    for verb in EN_RECEIVING_VERB_RE.finditer(s.norm):
        name = next((t for t in s.tokens if t.start > verb.end() and not EN_DOSE_WORD_RE.fullmatch(t.text)), None)
        if name is None or not _english_vaccine_received(s, name.start):
            continue
        found = _vaccine_brand_at(s, name.start)
        if found is not None:
            action = "negate" if EN_NOT_BEFORE_RE.search(s.norm, 0, verb.end()) else "assert"
            for raw, named in [found, *_coordinated_vaccines(s, found[0], name.start)]:
                given.append(_event("vaccinations", s, raw, named, action))
    return given


def _each_vaccine_once(found: list[Finding], s: Sentence) -> list[Finding]:
    """One finding per vaccine; with several in the sentence, a date belongs only to the vaccine of its clause
    («В прошлом году делала Инфлювак, а в этом мне укололи Превенар»: last year is Инфлювак's alone)."""
    distinct = list({f.attributes["name_normalized"]: f for f in reversed(found)}.values())[::-1]
    if len(distinct) < 2:
        return distinct
    dated = DATE_RE.search(s.norm)  # the phrase every finding's date was taken from (`date_phrase`)
    places = [s.norm.find(str(f.attributes["name_raw"]).casefold()) for f in distinct]
    heads = [_list_head(s, said, places) for said in places]
    for finding, head in zip(distinct, heads, strict=True):
        # A list's names share their clauses: "got Shingrix and Prevnar last year" dates both.
        clauses = {clause_start(s, said) for said, other in zip(places, heads, strict=True) if other == head}
        if "date" in finding.attributes and (
            head < 0 or dated is None or clause_start(s, dated.start()) not in clauses
        ):
            del finding.attributes["date"]
    return distinct


def _list_head(s: Sentence, said: int, places: list[int]) -> int:
    """Where the first vaccine of the list a name is joined to is said («делала Инфлювак и Превенар»: Превенар is in
    Инфлювак's clause, whose date is both's)."""
    while said > 0:
        before = [p for p in places if 0 <= p < said and _joined(s, p, said)]
        if not before:
            break
        said = max(before)
    return said


def _joined(s: Sentence, first: int, second: int) -> bool:
    """Only a joiner stands between the name said at `first` and the one at `second`."""
    first_end = next((t.end for t in s.tokens if t.start == first), -1)
    named = _vaccine_brand_at(s, first)
    if named is not None:
        first_end = first + len(named[0])
    joiner = VACCINE_JOINER_RE.match(s.norm, first_end) if first_end > 0 else None
    return joiner is not None and joiner.end() == second


CLAUSE_EDGE_RE = re.compile(r"[,;:.!?()—–]")
_SHOT_MODIFIERS = frozenset({"my", "the", "a", "annual", "yearly", "both", "all", "first", "second", "third", "latest"})


def _english_vaccine_received(s: Sentence, name_start: int) -> bool:
    verb = EN_VACCINE_RECEIVED_RE.search(s.norm[:name_start])
    return verb is not None and _writer_does(s, verb.start())


def vaccinations(s: Sentence) -> list[Finding]:
    if VACCINE_PLANNED_RE.search(s.norm):
        return []
    action = "negate" if VACCINE_NEGATED_RE.search(s.norm) else "assert"
    m = RU_VACCINE_RE.search(s.norm) or RU_VACCINE_BY_NAME_RE.search(s.norm)
    if m:
        if (
            not RU_VACCINE_RECEIVED_RE.search(s.norm)
            or _done_to_someone_else(s, m.start())
            or _given_to_someone_else_after(s, m.start())
        ):
            return []
        found = _vaccine_at(s, m.end()) if m.re is RU_VACCINE_RE else _named_vaccine_at(s, m.end())
        # Without a name there, «Ставила X, …, кто не прививался»: the word of vaccination names none.
        first = [_event("vaccinations", s, found[0], found[1], action)] if found else []
        return _each_vaccine_once(first + _russian_vaccine_by_brand(s), s)
    for m in EN_VACCINE_RE.finditer(s.norm):
        start = m.start(1) if m.group(1) else m.end()
        tokens = [t for t in s.tokens if t.start >= start and t.text not in _SHOT_MODIFIERS][:3]
        for match in lexicon.vaccines().find(tokens):
            if match.first == 0 and _english_vaccine_received(s, match.start if m.group(1) else m.start()):
                named = _event("vaccinations", s, s.cut(match.start, match.end), match.term.normalized, action)
                return _each_vaccine_once([named, *_english_vaccine_by_brand(s)], s)
    return _each_vaccine_once(_english_vaccine_by_brand(s) if s.english else _russian_vaccine_by_brand(s), s)


# --- lifestyle -----------------------------------------------------------------------------------

LIFESTYLE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (slot, re.compile(p))
    for slot, p in (
        (
            "smoking",
            r"\b(?:бросил\w*|перестал\w*)\s+курить|\bкурил\w*\b[^.;!]*\bбросил\w*"
            r"|\bне\s+курю|\bникогда\s+не\s+курил\w*|\bкурю\b[^,.;!]*"
            r"|\bзакурил\w*|\bi\s+(?:quit|stopped|gave\s+up)\s+smoking|\bi\s+(?:don't|do\s+not|never)\s+smoke\w*"
            r"|\ban?\s+(?:non-?|ex-?|former\s+)smoker\b|\bi\s+(?:(?:still|also|only|occasionally|sometimes|rarely|usually"
            r"|often|regularly|mostly)\s+)?smoke\b[^,.;!]*|\bi'm\s+(?:a\s+)?(?:heavy\s+|light\s+)?smoker"
            r"|\bi\s+(?:started|began)\s+smoking\b[^,.;!]*|\bi(?:'ve|\s+have)\s+been\s+smoking\s+(?:for|since)\b[^,.;!]*"
            r"|\bi\s+used\s+to\s+smoke\b|\bвейплю\b|\bпарю\s+(?:вейп|электронк)\w*|\bперешл?\w*\s+на\s+(?:вейп|электронк)\w*"
            r"|\bi\s+vape\b",
        ),
        (
            "alcohol",
            r"\bне\s+пью\s+(?:алкогол\w*|спиртно\w*)|\bне\s+пью(?:\s+(?:вообще|совсем))?(?=\s*(?:[,.;!]|$|и\b|а\b))"
            r"|\bбросил\w*\s+пить|\bпью\s+(?:только\s+)?(?:вино|пиво|водку|виски|алкоголь|коньяк)[^,.;!]*"
            r"|\bвыпиваю[^,.;!]*|\bi\s+(?:don't|do\s+not)\s+drink(?:\s+alcohol)?(?=\s*(?:[,.;!]|$|and\b))"
            r"|\bi\s+(?:quit|stopped|gave\s+up|started|began)\s+drinking"
            r"|\bi(?:'m|\s+am|'ve\s+been|\s+have\s+been)\s+(?:(?:\d+|[a-z]+)\s+(?:years?|months?|weeks?|days?)\s+)?sober\b"
            r"|\bi\s+(?:only\s+|occasionally\s+|rarely\s+)?drink\s+(?:(?:wine|beer|alcohol)\b[^,.;!]*"
            r"|(?:a|one|two|\d+)\s+(?:glass|glasses|bottle|pint|pints|beer|beers|drink|drinks)\b[^,.;!]*"
            r"|socially|occasionally|moderately|heavily)"
            r"|\bне\s+употребляю\s+алкогол\w*",
        ),
        (
            "exercise",
            r"\bбегаю\b[^,.;!]*|\bхожу\s+в\s+(?:спортзал|зал|бассейн|качалку)[^,.;!]*"
            r"|\bзанимаюсь\s+(?:спортом|йогой|бегом|плаванием|фитнесом|теннисом|пилатесом|кроссфитом|боксом)"
            r"[^,.;!]*|\bплаваю\b[^,.;!]*|\bi\s+(?:run|jog|swim|cycle|bike|work\s+out|exercise|go\s+to\s+the\s+gym"
            r"|do\s+yoga|lift|go\s+running|go\s+swimming)\b[^,.;!]*|\bне\s+занимаюсь\s+спортом"
            r"|\bi\s+(?:don't|do\s+not)\s+exercise",
        ),
        (
            "sleep",
            rf"\bсплю\s+(?:по\s+)?(?:(?:\d+|{NUMBER_WORD_RE})(?:-\d+)?\s+час\w*|часов\s+(?:\d+|{NUMBER_WORD_RE}))"
            r"|\bплохо\s+сплю\b|\bi\s+(?:only\s+|usually\s+|normally\s+|typically\s+|generally\s+)?sleep\s+"
            r"(?:about\s+|around\s+|only\s+)?\d+(?:-\d+)?\s+hours"
            r"|\bi\s+(?:only\s+|usually\s+|normally\s+)?get\s+(?:about\s+|around\s+|only\s+)?\d+(?:-\d+)?\s+hours\s+of\s+sleep",
        ),
        (
            "activity",
            r"\bсидяч\w+\s+(?:образ\s+жизни|работ\w*)|\bsedentary\s+(?:job|lifestyle)|\bхожу\s+пешком[^,.;!]*"
            r"|\bwalk\s+\d+[^,.;!]*steps",
        ),
    )
)
# A habit said under "if" is a supposition («если курю, то кашляю», "if i run i get shin splints"); a state under
# "when" as well ("when i'm sober i feel awful" tells the opposite), while a habit under "when" is still had
# ("when i smoke i cough"), unless it is an activity only framing a complaint (framing_a_complaint).
_SUPPOSED_HABIT_RE = re.compile(r"\b(?:if|unless|whether|если)\W+(?:\w+\W+){0,3}$")
SOBER_RE = re.compile(r"sober\b")

# An activity said only as the time or the condition of a complaint or a dislike is no habit or pastime stated: "my
# knees hurt when i climb stairs", "when i run my shins ache", "i hate it when i have to cook", «когда бегаю, болят
# колени». The sentence is about the pain or the dislike; how often, or whether by choice, it does not say. The same
# activity said on its own is one ("i run, though my knees hurt").
FRAMING_CLAUSE_RE = re.compile(
    r"\b(?:when|whenever|while|after|before|if|once|every\s+time|each\s+time|any\s*time|as\s+soon\s+as|когда|пока"
    r"|если|после\s+того,?\s+как|как\s+только)\s+(?:(?:i|we|я|мы)\s+)?(?:[\w']+\s+){0,2}$"
)
# A complaint: a pain or another discomfort of the body (the symptom lexicon adds the named ones), or a dislike.
COMPLAINT_RE = re.compile(
    r"\b(?:hurts?|hurting|aches?|ached|aching|sore|pains?|painful|cramps?|cramping|throb\w*|swell\w*|swollen|numb"
    r"|tingl\w*|dizzy|light-?headed|nause\w*|wheez\w*|cough\w*|out\s+of\s+breath|short\s+of\s+breath|breathless"
    r"|(?:can't|cannot|can\s+not)\s+breathe|itch\w*|bleed\w*|(?:kills?|killing|bothers?|bothering)\s+me"
    r"|hate|hates|dislike|detest|loathe|(?:can't|cannot)\s+stand|(?:don't|do\s+not)\s+(?:like|enjoy)"
    r"|бол(?:ит|ят|ел[аио]?|ели|еть)|но(?:ет|ют)|ломит|колет|сводит|жж[её]т|неме(?:ет|ют)|кружится|тошнит"
    r"|задыхаюсь|одышк\w*|кашля\w*|отека\w*|опуха\w*|ненавижу|не\s+люблю|терпеть\s+не\s+могу|бесит|раздражает)\b"
)


def framing_a_complaint(s: Sentence, start: int) -> bool:
    """The activity at `start` is said in a clause of time or condition, and the sentence complains or dislikes."""
    if not FRAMING_CLAUSE_RE.search(s.norm, clause_start(s, start), start):
        return False
    return bool(COMPLAINT_RE.search(s.norm)) or bool(lexicon.symptoms().find(s.tokens))


# "an ex-smoker" is the writer's only when the writer speaks of themselves ("i'm young and a non-smoker"), not in a
# headline's "lung cancer in non-smokers".
_WRITER_SPEAKS_RE = re.compile(r"\b(?:i|i'm|im|i've|me|my|as)\b")
# "run" is exercise said alone or with how, how far, how often or where ("i run 5k", "i run daily", "i run in the
# park"); with an object it is a business or a thing ("i run a shop", "i run my head into"), and with a particle
# another verb ("run out of", "run away", "run on coffee"). "lift" is exercise with weights or alone.
RUN_DISTANCE_RE = re.compile(
    r"(?:a\s+(?:couple|few|bit|little|lot|mile|marathon|half)|(?:\d+|a|one|two|three|four|five|ten|several|many)\s*"
    r"(?:k|km|miles?|kilometers?|kilometres?|laps?|marathons?|times|days)|track|marathons?|races?|trails?|laps?|sprints?"
    r"|\d+)\b"
)
RUN_PARTICLES = frozenset(
    {"out", "away", "into", "over", "off", "across", "through", "up", "down", "late", "low", "short", "errands"}
)
_DETERMINERS = frozenset(
    {"a", "an", "the", "my", "our", "his", "her", "their", "all", "this", "that", "these", "those", "its", "your"}
)
LIFT_AS_EXERCISE_RE = re.compile(
    r"\s*(?:[,.;!)]|$)|\s+(?:weights?|heavy|every|daily|at|regularly|often|a\s+lot|\d|and\b)"
)
RUN_OR_LIFT_RE = re.compile(r"\bi\s+(run|lift)\b")


def _run_or_lift_is_exercise(s: Sentence, m: re.Match[str]) -> bool:
    verb = RUN_OR_LIFT_RE.match(s.norm, m.start())
    if verb is None:
        return True
    after = s.norm[verb.end() :]
    if verb.group(1) == "lift":
        return bool(LIFT_AS_EXERCISE_RE.match(after))
    words = after.split()
    if not words or not words[0][0].isalnum():
        return True
    first = words[0].strip(",.;!?)")
    if RUN_DISTANCE_RE.match(after.lstrip()):
        return True
    if first in RUN_PARTICLES or first in _DETERMINERS:
        return False
    if first == "on":
        return len(words) > 1 and words[1] in ("the", "a")  # "on the treadmill", not "on coffee"
    return morphology.english_word_classes(first) != {"NOUN"}  # "i run errands", not "i run daily"


def _drinking_object_is_alcohol(s: Sentence, end: int) -> bool:
    """ "quit drinking" stops alcohol unless the words after it name another drink ("stopped drinking so much
    coffee", "started drinking green tea"): the first content word after it, past its adjectives, is an alcohol, or
    no object (a time, an adverb, the clause's end)."""
    for word in s.norm[end:].split()[:4]:
        word = word.strip(",.;!?)")
        if word in ("so", "as", "much", "many", "any", "the", "my", "too"):
            continue
        if word not in ALCOHOL_WORDS and "ADJ" in morphology.english_word_classes(word):
            continue  # a drink's kind or temperature ("green tea", "cold brew", "red wine"): the drink follows
        return (
            not word
            or word in ALCOHOL_WORDS
            or word in lexicon.function_words()
            or word.endswith("ly")
            or not word.isalpha()
            or morphology.english_word_classes(word) != {"NOUN"}
        )
    return True


ALCOHOL_WORDS = frozenset({"alcohol", "booze", "beer", "wine", "liquor", "spirits", "vodka", "whiskey", "whisky"})


def _names_a_medicine(s: Sentence) -> bool:
    """A listed drug or a word for medicines ("таблетки", "антидепрессанты") anywhere in the sentence."""
    return bool(lexicon.drugs().find(s.tokens)) or any(lexicon.is_generic_medicine(t.text) for t in s.tokens)


# A habit the writer says they would not call theirs ("i wouldn't say i'm a heavy smoker", «не сказал бы, что
# курю много»).
_DOUBTED_RE = re.compile(
    r"\b(?:(?:wouldn't|would\s+not|don't|do\s+not|didn't|can't)\s+(?:say|think|call\s+myself|consider\s+myself)"
    r"|не\s+(?:сказал\w*\s+бы|думаю|считаю))\W+(?:(?:that|что)\W+)?$"
)
# What is smoked or drunk said only as a pronoun ("every time i smoke it", «пью его») names no habit of its own.
_PRONOUN_OBJECT_RE = re.compile(r"\s+(?:it|them|that|this|его|ее|их|это)\b")
_QUOTES = '"“”«»'


def _quoted(s: Sentence, start: int) -> bool:
    """Inside quotation marks: another's words, or the writer's own quoted as a line ("yeah sure, i work out")."""
    return sum(s.norm.count(q, 0, start) for q in _QUOTES) % 2 == 1


def _lifestyle_said(s: Sentence, slot: str, m: re.Match[str]) -> bool:
    before = s.norm[: m.start()]
    if _SUPPOSED_HABIT_RE.search(before) or (SOBER_RE.search(m.group()) and not _said_as_fact(s, m.start())):
        return False
    if _DOUBTED_RE.search(before) or _quoted(s, m.start()) or _smoked_or_drunk_unnamed(s, m):
        return False
    if slot == "alcohol":
        if _names_a_medicine(s):  # "не пью Энап", «бросила пить антидепрессанты»
            return False
        return not m.group().endswith("drinking") or _drinking_object_is_alcohol(s, m.end())
    if slot == "smoking" and m.group().startswith(("a ", "an ")):
        return bool(_WRITER_SPEAKS_RE.search(before))
    if slot != "exercise":
        return True
    return _run_or_lift_is_exercise(s, m) and not _running_after_people(s, m) and not framing_a_complaint(s, m.start())


_RUSSIAN_RUN_RE = re.compile(r"бегаю\s+(?:(?:по|за|к|от)\s+)?(\w+)")


def _running_after_people(s: Sentence, m: re.Match[str]) -> bool:
    """«Бегаю по врачам», «бегаю за детьми»: running after people is a chore, not a sport."""
    run = _RUSSIAN_RUN_RE.match(s.norm, m.start())
    return run is not None and morphology.has_tag(run.group(1), "NOUN", "anim")


_SMOKE_OR_DRINK_VERB_RE = re.compile(r"\b(?:smoke|drink|курю|пью)\b")


def _smoked_or_drunk_unnamed(s: Sentence, m: re.Match[str]) -> bool:
    verb = _SMOKE_OR_DRINK_VERB_RE.search(m.group())
    return verb is not None and bool(_PRONOUN_OBJECT_RE.match(m.group(), verb.end()))


# Where a habit's value stops when its clause runs on without punctuation: a new subject ("i smoke weed to cope
# i have to hide it", "idk why", "and when i come home"), or «и»/«а»/«но» before another verb («курю и думаю, как
# быть»). A subject after a word that subordinates its clause to the habit ("since i was 16") is still the habit's.
_NEXT_CLAUSE_EN_RE = re.compile(
    r"(?<!\bsince)(?<!\bwhen)(?<!\bwhile)(?<!\bbecause)(?<!\bif)(?<!\bas)(?<!\buntil)(?<!\bbefore)(?<!\bafter)"
    r"(?<!\bthat)(?<!\bunless)\s+(?:(?:and|but|so|cause)\s+(?:(?:when|while|if|then)\s+)?)?(?:i|i'm|idk|you|he|she|they|we)\b"
)
_CONJUNCTION_RU_RE = re.compile(r"\s+(?:и|а|но)\s+(\w+)")


# Where the habit's own phrase ends inside its clause, so that the value says the habit and no more: another verb
# coordinated with it ("i lift weights and watch mma", "i work out then head home"), a clause of purpose, reason or
# time ("i run daily to stay young", "i go running so global warming is a concern", "while listening to podcasts"),
# or a new subject run on without a comma ("i do yoga its a love of mine"); not "every where", chat's "everywhere".
# Another exercise coordinated with it is the same habit ("i go to the gym and run twice a week").
_HABIT_PHRASE_END_RE = re.compile(
    r"\s+(?:(?:and|or)\s+(?!(?:also\s+)?(?:run|jog|swim|cycle|bike|lift|exercise|work\s+out|do\s+yoga"
    r"|go\s+(?:to\s+the\s+gym|running|swimming))\b)|(?:then|but|because|cause|cuz|though|although|while|whenever"
    r"|when|which|it|its|it's|that's|thats)\b|where\b(?<!every\swhere)(?<!any\swhere)(?<!some\swhere)"
    r"|so\s+(?!(?:much|many|often|hard|far|fast|well|long)\b)"
    r"|to\s+(?P<purpose>[a-z]+)\b)"
)

# The English nouns of institutions and places said without an article after "to" ("to work", "to school", "to
# bed"): the places one goes to, not verbs of a purpose.
BARE_PLACE_NOUNS = frozenset(
    {"work", "school", "college", "class", "church", "bed", "town", "camp", "court", "jail", "prison", "hospital",
     "market", "sea", "university", "uni", "practice", "training"}
)  # fmt: skip


def _habit_phrase_end(s: Sentence, start: int, end: int) -> int:
    """The end of the habit's phrase that begins at `start` (its subject and verb) and runs on to `end` at most."""
    for m in _HABIT_PHRASE_END_RE.finditer(s.norm, start, end):
        purpose = m.group("purpose")
        if purpose is None:
            return m.start()
        if purpose in _DETERMINERS or purpose in BARE_PLACE_NOUNS or m.start() == start:
            continue  # "to the gym", "to work"; right after the verb its own complement: "i used to smoke"
        if "VERB" in morphology.english_word_classes(purpose):
            return m.start()  # "to stay fit"
    return end


def _habit_value(s: Sentence, m: re.Match[str]) -> str:
    end = m.end()
    if s.english:
        following = _NEXT_CLAUSE_EN_RE.search(s.norm, m.start() + 2, end)  # past the habit's own "i"
        end = following.start() if following else end
        verb = re.match(r"\S+\s+\S+", s.norm[m.start() : end])  # the subject and its verb, never cut
        end = _habit_phrase_end(s, m.start() + verb.end(), end) if verb else end
    else:
        for conj in _CONJUNCTION_RU_RE.finditer(s.norm, m.start(), end):
            if morphology.pos(conj.group(1)) == "VERB":
                end = conj.start()
                break
    return s.cut(m.start(), end)[:80].rstrip(" ,-—")


def lifestyle(s: Sentence) -> list[Finding]:
    found = []
    for slot, pattern in LIFESTYLE_RULES:
        m = pattern.search(s.norm)
        if not m or not _lifestyle_said(s, slot, m):
            continue
        value = _habit_value(s, m)
        if slot == "smoking" and re.search(r"\bбросил", s.norm) and "курить" not in value:
            value = "бросил курить"
        found.append(
            Finding("lifestyle", {"value": value}, s, slot=slot, action="correct" if s.correcting else "assert")
        )
    return found


# --- demographics ----------------------------------------------------------------------------------

SEX_RE = re.compile(
    r"\bя\s+(?:—\s+)?(мужчина|женщина|парень|девушка)\b|\bi(?:'m|\s+am)\s+an?\s+(?:(?:\d+[\s-]*(?:years?|yrs?)[\s-]*old|\d+\s*yo)\s+)?(man|woman|guy|male"
    r"|female|girl)\b|\bмой\s+пол\s*[:—-]?\s*(мужской|женский)"
)
SEX_VALUES = {
    "мужчина": "male",
    "парень": "male",
    "мужской": "male",
    "man": "male",
    "guy": "male",
    "male": "male",
    "женщина": "female",
    "девушка": "female",
    "женский": "female",
    "woman": "female",
    "female": "female",
    "girl": "female",
}
HEIGHT_RE = re.compile(
    r"\bрост\w*\s*(?:у\s+меня\s+)?[:—-]?\s*(\d[.,]\d{1,2}|\d{2,3})\s*(см|м)?\b"
    r"|\b(\d{3})\s*cm\s+tall\b|\bi(?:'m|\s+am)\s+(\d{3})\s*cm\b|\bheight\s+(?:is\s+)?(\d{3})"
)
FEET_RE = re.compile(r"\bi(?:'m|\s+am)\s+(\d)\s*(?:'|ft|feet|foot)\s*(?:and\s+)?(\d{1,2})?")
WEIGHT_RE = re.compile(
    r"\bвешу\s+(?:около\s+)?(\d{2,3}(?:[.,]\d)?)"
    r"|\bвес\w*\s*(?:у\s+меня\s+)?[:—-]?\s*(\d{2,3}(?:[.,]\d)?)"
    r"\s*(?:кг)?\b|\bi\s+weigh\s+(?:about\s+)?(\d{2,3}(?:\.\d)?)\s*(kg|kilos|lbs|pounds)?"
)
BLOOD_RE = re.compile(
    r"\bгрупп\w+\s+крови\s*[:—-]?\s*(первая|вторая|третья|четвертая|[1-4]|iv|i{1,3})\b"
    r"(?:\s*(положительн\w*|отрицательн\w*|\+|-|резус\s*[+-]))?"
    r"|\bblood\s+type\s+(?:is\s+)?(ab|a|b|o)\s*(\+|-|positive|negative)?"
)
BLOOD_GROUPS = {
    "первая": "I",
    "вторая": "II",
    "третья": "III",
    "четвертая": "IV",
    "1": "I",
    "2": "II",
    "3": "III",
    "4": "IV",
    "i": "I",
    "ii": "II",
    "iii": "III",
    "iv": "IV",
}


def demographics(s: Sentence) -> list[Finding]:
    found = []

    def add(slot: str, value: object) -> None:
        found.append(
            Finding("demographics", {"value": value}, s, slot=slot, action="correct" if s.correcting else "assert")
        )

    m = SEX_RE.search(s.norm)
    if m:
        add("sex", SEX_VALUES[next(g for g in m.groups() if g)])
    m = HEIGHT_RE.search(s.norm)
    if m:
        raw = next(g for g in m.groups()[:1] + m.groups()[2:] if g).replace(",", ".")
        height = float(raw) * 100 if float(raw) < 3 else float(raw)
        if 40 <= height <= 260:
            add("height_cm", round(height))
    else:
        f = FEET_RE.search(s.norm)
        if f and re.search(r"tall|feet|ft|'", s.norm):
            add("height_cm", round((int(f.group(1)) * 12 + int(f.group(2) or 0)) * 2.54))
    m = WEIGHT_RE.search(s.norm)
    if m:
        weight = float(next(g for g in m.groups()[:3] if g).replace(",", "."))
        if m.group(4) in ("lbs", "pounds"):
            weight = round(weight * 0.4536, 1)
        if 2 <= weight <= 400:
            add("weight_kg", weight)
    m = BLOOD_RE.search(s.norm)
    if m:
        if m.group(1):
            rh = m.group(2) or ""
            sign = "+" if rh.startswith(("полож", "+")) or rh.endswith("+") else "-" if rh else ""
            add("blood_type", BLOOD_GROUPS[m.group(1)] + sign)
        else:
            rh = m.group(4) or ""
            sign = "+" if rh in ("+", "positive") else "-" if rh else ""
            add("blood_type", m.group(3).upper() + sign)
    return found


# --- demographics.pregnancy ------------------------------------------------------------------------
# Only the writer's own state, said as the present: "i'm 20 weeks pregnant", «я на 12 неделе беременности»,
# "i'm breastfeeding", «кормлю грудью», «я на ГВ». Another subject ("my wife is pregnant"), the past
# ("when i was pregnant", «я была беременна») and a question are not matched, and a condition before the
# subject ("if i'm pregnant", «если я беременна») stops it.

_I_AM = r"\bi(?:'m|\s+am|m)\s+(?:(?:now|currently|still|already|finally|also|again)\s+)?"
_WEEKS = r"(?:(?:about|almost|nearly|over)\s+)?[\w-]+\s+(?:weeks?|wks?|months?)"
_BABY = r"(?:my|our|a|the)\s+(?:[\w-]+\s+)?(?:baby|babies|son|daughter|newborn|infant|little\s+one|twins|child)"
PREGNANT_RE = re.compile(
    rf"{_I_AM}(?:{_WEEKS}\s+)?pregnant\b|{_I_AM}(?:{_WEEKS}\s+along|in\s+my\s+(?:first|second|third|last)\s+trimester)"
    rf"|{_I_AM}expecting\s+(?:{_BABY}|twins|a\s+(?:boy|girl)|my\s+(?:first|second|third))\b"
    r"|\bя\s+(?:(?:сейчас|уже|снова|опять|тоже|теперь)\s+)?(?:беременна|в\s+положении)\b"
    r"|\bя\s+(?:(?:сейчас|уже|теперь)\s+)?на\s+[\w-]+\s+(?:неделе|месяце)\s+беременности\b"
    r"|\bу\s+меня\s+(?:сейчас\s+)?(?:беременность|[\w-]+\s+(?:недел[ьи]|месяц\w*)\s+беременности)\b"
)
BREASTFEEDING_RE = re.compile(
    rf"{_I_AM}(?:exclusively\s+)?(?:breast-?\s?feeding|nursing\s+{_BABY}|a\s+(?:breastfeeding|nursing)\s+(?:mom|mum|mother))"
    rf"|\bi\s+(?:still\s+)?(?:breast-?\s?feed|nurse)\s+{_BABY}"
    r"|(?<!не )\b(?:я\s+)?(?:(?:сейчас|еще|пока|все\s+еще)\s+)?кормлю\s+(?:[\w-]+\s+)?грудью\b"
    r"|\bя\s+(?:(?:сейчас|еще|пока)\s+)?(?:на\s+(?:гв|грудном\s+вскармливании)|кормящая\s+(?:мама|мать))\b"
)
PREGNANCY_OVER_RE = re.compile(
    r"\bi(?:'m|\s+am|m)\s+(?:no\s+longer|not(?:\s+\w+)?)\s+pregnant\b|\bi\s+(?:just|recently)\s+(?:gave\s+birth|had\s+"
    rf"{_BABY})|\bi\s+gave\s+birth\s+(?:last|this|yesterday|a\s+few|two|three|\d)"
    r"|\bя\s+(?:уже\s+|больше\s+)?не\s+беременна\b|\bя\s+(?:недавно|только\s+что|на\s+днях|вчера)\s+родила\b"
    r"|\bродила\s+(?:неделю|две\s+недели|месяц|два\s+месяца|\d+\s+\w+)\s+назад\b"
)
BREASTFEEDING_OVER_RE = re.compile(
    r"\bi(?:'m|\s+am|m)\s+(?:no\s+longer|not)\s+(?:breast-?\s?feeding|nursing)\b|\bi\s+(?:have\s+|just\s+)?(?:stopped|quit)"
    r"\s+(?:breast-?\s?feeding|nursing)\b|\bi\s+(?:have\s+|just\s+)?weaned\b"
    r"|\b(?:уже\s+|больше\s+)не\s+кормлю\s+(?:[\w-]+\s+)?грудью\b"
    r"|\b(?:перестала|закончила|прекратила|бросила)\s+(?:кормить\s+(?:[\w-]+\s+)?грудью|гв|грудное\s+вскармливание)"
)
# A condition or a time clause before the subject makes the state a supposition or the past.
_SUPPOSED_BEFORE_RE = re.compile(
    r"\b(?:if|when|whether|in\s+case|once|unless|если|когда|вдруг|пока\s+не|как\s+только)\W+(?:\w+\W+){0,2}$"
)


def _said_as_fact(s: Sentence, start: int) -> bool:
    return not s.hypothetical and not _SUPPOSED_BEFORE_RE.search(s.norm[:start])


def pregnancy(s: Sentence) -> list[Finding]:
    """Pregnant or breastfeeding: one slot, since the second follows the first and both decide dosing.

    A state said is kept over one said to be over ("i had the baby and i'm breastfeeding now").
    """
    ended = None
    for value, state_re, over_re in (
        ("breastfeeding", BREASTFEEDING_RE, BREASTFEEDING_OVER_RE),
        ("pregnant", PREGNANT_RE, PREGNANCY_OVER_RE),
    ):
        over = over_re.search(s.norm)
        if over and _said_as_fact(s, over.start()):
            ended = ended or value
            continue
        m = state_re.search(s.norm)
        if m and _said_as_fact(s, m.start()):
            action = "correct" if s.correcting else "assert"
            return [Finding("demographics", {"value": value}, s, slot="pregnancy", action=action)]
    if ended:
        return [Finding("demographics", {"value": ended}, s, slot="pregnancy", action="negate")]
    return []
