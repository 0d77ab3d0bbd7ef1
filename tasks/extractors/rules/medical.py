"""Medications, allergies, and what the user says about whole sections ("аллергий нет", "не знаю").

A drug is recognised by the lexicon (brand or international name, any case form) and becomes a
medication only next to something about taking it: a verb, a dose, a schedule. An unknown word
counts as a drug only right next to a dose ("Ксилоформ 10 мг"), never on its own. A medicine named once and then
taken by a pronoun or a medicine's noun in a later sentence of the message is the writer's («Про Зорбекс. Пью его
месяц»), when the message named no other.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import lru_cache
from itertools import pairwise

from pymorphy3.tagset import OpencorporaTag

from tasks.extractors.rules.phrases import (
    DATE_RE,
    FIRST_PERSON_RE,
    WRITER_RE,
    about_someone_else,
    clause_start,
    date_phrase,
    is_content_word,
    relative,
    said_of_writer,
)
from tasks.extractors.rules.sentence import Finding, Sentence
from tasks.language import dates, given_names, lexicon, morphology, places
from tasks.language.lexicon import Match
from tasks.language.patterns import compile_cues
from tasks.language.text import Token, normalize, tokenize

# --- medications -----------------------------------------------------------------------------------

DOSE_RE = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*(мг|mg|мкг|mcg|µg|гр|г|g|мл|ml|ед|units?|iu|ме|(?:милли|микро)?грамм\w*|(?:milli|micro)?grams?|mgs"
    # Counted in tablets in any case ("5 таблеток", "3 таблеточки"). Not the shorthand "1 табл.", which is a
    # prescription's or an adviser's list more often than the writer's own count.
    r"|таблетк\w*|таблет(?:ок|очк\w*|очек)|tablets?|pills?|"
    r"капсул\w*|capsules?|капл\w*|drops|puffs?|вдох\w*)(?![\w])"
)
DOSE_CHANGE_TARGET_RE = re.compile(r"\b(?:до|to)\s+(\d+(?:[.,]\d+)?\s*(?:мг|mg|мкг|mcg|мл|ml|ед|units?|г|g)\b)")
MED_CUE_RE = re.compile(
    r"\b(?:принима\w*|приму|пью|пьет|пил[аи]?|пить|выпил\w*|начал\w*|стал[аи]?|назнач\w*|прописал\w*|выписал\w*"
    r"|посоветовал\w*|колю|колет|кололи|перестал\w*|бросил\w*|отменил\w*|прекратил\w*|закончил\w*|курс\w*|доз\w*"
    r"|таблетк\w*|капсул\w*|увеличил\w*|уменьшил\w*|снизил\w*|повысил\w*|сидит|сижу"
    r"|take|takes|taking|took|prescribed|started|stopped|quit|dose|dosage|pills?|tablets?|discontinued"
    r"|increased|reduced|lowered|raised"
    # Said from experience: the user used it ("Виферон помог", "пользуюсь", "it worked", "side effects").
    r"|не\s+помога\w*|помог(?!ут\b|ет\b)\w*|помога\w*|использ\w*|применя\w*|пользу\w*|пользовал\w*|лечил\w*|лечусь|пробовал\w*|попробовал\w*"
    r"|helped|helps|worked|used|using|tried|side\s+effects?"
    # The user calls it a medicine ("Chantix is a miracle drug", "препарат X мне не подошел").
    r"|drug|medicine|medication|meds|препарат\w*|лекарств\w*|купил[аи]?|приобрел[аи]?|bought)\b|\bi(?:'m|\s+am)\s+(?:now\s+|still\s+)?on\b|\bна\s+(?:\w+е|\w+ах)\b"
)
# The writer's experience of a medicine, with the drug as subject or object: its effect ("Виферон выручает",
# "X не подошел", "Imitrex was a life-saver", "gave me headaches"), its use in a form ("свечи", "капли", "a patch"),
# buying, trying or being given it ("перепробовала", "в аптеке", "my doctor switched me to"). A vaccination is none of
# these: it is an event (events.py), and its words cue no medicine.
# On these cues alone a drug some list knows counts, and an unknown one only as a capitalised name after its
# dosage form ("крем Evergetikon"); elsewhere an unknown word still needs a verb of taking.
EXPERIENCE_CUE_RE = re.compile(
    r"\b(?:(?:по)?нрав\w*|подош(?:ел|ла|ли|ло)|подход(?:ит|ят)|(?:по)?действ(?:ует|уют|овал\w*|ие|ия|ию|ием)"
    r"|эффект\w*|спас\w*|выруча\w*|выручил\w*|справля\w*|справил\w*|снима\w*|снял[аио]?|сбива\w*|сбил[аио]?"
    r"|облегч\w*|избав\w*|вылечи\w*|лечени\w*|побочн\w*|аптечк\w*|аптек\w*|попробова\w*|перепробова\w*"
    r"|испробова\w*|употребл\w*|употреби\w*|при[её]м\w*|применени\w*|(?:по)?рекоменд\w*|(?:по)?совет(?:у|ую|уем|ом|а)\b"
    r"|предлож\w*|прописыва\w*|выписыва\w*|навыписыва\w*|пропо\w*|пропить|попить|выпить|пачк\w*|упаковк\w*|пь(?:ем|ют|ете)|выпива\w*"
    r"|сделал\w*|делал\w*|(?:у|за|про)?кол(?:ю|ет|ем|ют|оть|ол[аи]?)|укол\w*|средств\w*|свеч\w*|капл\w*"
    r"|капел\w*|спре[йяю]\w*|сироп\w*|маз[ьиюея]\w*|крем\w*|настойк\w*|порош\w*|пастилк\w*|леденц\w*|отзыв\w*"
    r"|love[sd]?|hated?|life\s*-?savers?|saved|relief|relieved|works|working|effective|effects?|gave\s+me|caused?"
    r"|causing|made\s+me|makes\s+me|recommend\w*|switched\s+me|offered|advised|taken|inserted|placed|implants?"
    r"|removed|put\s+in|refill\w*|prescriptions?|doctor|review|experience|patch(?:es)?|injections?|shots?"
    r"|(?:days?|weeks?|months?|years?)\s+(?:\d+\s+)?(?:on|of)|day\s+\d+\s+of"
    # A verdict on it ("X — пустышка", "Prepopik was fantastic"): said by someone who took it.
    r"|пустышк\w*|бесполезн\w*|(?:мало|не)?эффективн\w*|(?:мало|не)?действенн\w*|слабеньк\w*|отличн\w*|прекрасн\w*|замечательн\w*|ужасн\w*"
    r"|fantastic|great|wonderful|amazing|awesome|terrible|awful|horrible|miracle|godsend|useless"
    # An errand for it ("сходила в аптеку за X", "пришел за X").
    r"|(?:пошл|пришл|зашл|сходил|сбегал|побежал|забежал|пошел|пришел|зашел)\w*\s+(?:в\s+аптеку\s+)?за"
    # Used to it or hooked on it ("привыкла к X", "подсел на X", "зависимость от X", "got used to X"); others'
    # habit ("люди привыкают") and the noun ("вызывает привыкание") say nothing of the writer.
    r"|привык(?:л[аи]?)?|привыкаю|подсел[аи]?|подсадил\w*|зависимост\w*|got\s+used\s+to|hooked\s+on|addicted"
    # Felt after it ("после X стало легче", "felt better within a day").
    r"|стал[оа]?\s+(?:\w+\s+)?(?:лучше|легче|хуже)|полегчал\w*|(?:felt|feel|feeling|got)\s+(?:\w+\s+)?(?:better|worse))\b"
)
# Cue words that say nothing of who uses the drug: a noun for any medicine, its dose, course, use or reviews ("препарат
# применяется для лечения", "поставка лекарственного препарата", "1800 доз симбикорта", "инструкция по применению,
# отзывы"), a passive or present-tense truth ("применяется", "помогает при"), being "on" it ("на ксанаксе").
# A news item, an advert or a general truth is written so; said by the writer of themselves they are a cue
# (`_writer_in`).
IMPERSONAL_CUE_RE = re.compile(
    r"препарат\w*|лекарств\w*|drugs?|medicines?|medications?|meds|доз\w*|помога(?:ет|ют)"
    r"|(?:применя|использу)(?:ется|ются)|при[её]м\w*|применени\w*|употреблени\w*|лечени\w*|отзыв\w*|эффект\w*"
    r"|аптек\w*|аптечк\w*|средств\w*|зависимост\w*|на\s+\w+"
    # What a leaflet or a news item tells of any drug: its side effects, what it is recommended for ("побочные эффекты
    # X", "рекомендованный ВОЗ X", "рекомендации ВОЗ", "рекомендуется при").
    r"|побочн\w*|рекомендова(?:н|нн)\w*|рекомендаци\w*|рекомендуется"
)
# The words of the writer: the Russian ones a verb serves ("мне", "нас"), the Russian subjects and owners ("я",
# "мой"), "наш" apart (news says it of a country or a team: "наши спортсмены"), and the English ones.
RU_WRITER_SERVED = r"мне|меня|мной|нам|нас|нами"
RU_WRITER_SELF = r"я|мы|мо[йяеи]|моей|моего|моему|моим|моих|мою"
RU_OUR = r"наш(?:а|е|и|у|его|ей|ем|ему|им|ими|их)?"
EN_WRITER_SELF = r"i|i'm|i've|i'd|me|my|we|we've|us"
# The writer speaking of themselves ("мне", "мы", "my", "we"): a listed drug in such a statement is one they
# know from use, unless they only heard or read of it.
SELF_RE = re.compile(rf"\b(?:{RU_WRITER_SELF}|{RU_WRITER_SERVED}|{RU_OUR}|{EN_WRITER_SELF}|we're|our)\b")
# The same without "наш"/"our": the writer in a message.
WRITER_WORD_RE = re.compile(rf"\b(?:{RU_WRITER_SELF}|{RU_WRITER_SERVED}|{EN_WRITER_SELF}|we're)\b")
HEARSAY_RE = re.compile(
    r"\b(?:слыш\w*|читал\w*|прочитал\w*|прочла|реклам\w*|по\s+телевизору|спрашива\w*|спросил\w*|боюсь"
    r"|heard|read|reading|ads?|commercials?|asked|ask|afraid|wonder(?:s|ed|ing)?)\b"
)
# A use that lapsed at a time: "I haven't taken X since May", «не пила X с весны», «не принимаю уже месяц». A stop,
# not a drug never taken.
LAPSED_USE = (
    r"\b(?:haven't|have\s+not|hasn't|has\s+not)\s+(?:\w+\s+)?(?:taken|used|had|been\s+on)\b(?=[^.!?;]*\bsince\b)"
    r"|\bне\s+(?:принима|пил|пью|колол|использова)\w*\b(?=[^.!?;]*\s(?:с|уже)\s)"
)
STOPPED_RE = re.compile(
    r"\bбольше\s+не\s+(?:принима|пью|пь)|\bне\s+(?:принимаю|пью)\b|\bперестал\w*|\bбросил\w*\s+(?:пить|принимать)"
    r"|\bотменил\w*|\bпрекратил\w*|\bзакончил\w*\s+(?:пить|принимать|курс)|\bstopped|\bno\s+longer"
    # Quitting a habit is what the drug was for ("Chantix ... I quit smoking"), not a stop of the drug.
    r"|\bquit\b(?!\s+(?:smoking|drinking|vaping|alcohol|cigarettes|nicotine|tobacco|chewing|dipping))"
    r"|\bdiscontinued|\b(?:not|don't|do\s+not)\s+take|\bnot\s+taking|\bgot\s+off|\bcame\s+off"
    r"|\bпропил\w*\s+курс|\bi\s+was\s+on\b|\bi\s+used\s+to\s+(?:take|be\s+on)|\bwent\s+off|\bweaned\s+off"
    # Said as over: "раньше принимала X", an implant "had it removed".
    r"|\b(?:раньше|когда-то)\s+(?:\w+\s+)?(?:принимал|пил|использовал|пользовал|колол|мазал)\w*"
    r"|\b(?:have|had|get|got|having)\s+(?:it|them|\w+)\s+(?:removed|taken\s+out)"
    # Given up with no object ("пила Новопассит, потом бросила"), being off it ("been off Cymbalta for 3 weeks"),
    # a trial told as over ("I tried Zoloft for a month": not "I've tried", which may go on).
    r"|\bбросил\w*(?=\s*(?:[,.;!?)]|$))"
    r"|\b(?:i'm|im|i\s+am|been|am)\s+(?:now\s+|completely\s+|totally\s+|fully\s+)?off\s+"
    r"(?!(?:to|work|duty|school|today|tomorrow|now|sick|home|for)\b)"
    r"|(?<!'ve\s)(?<!have\s)\btried\s+(?:[\w-]+\s+){1,3}?for\s+(?:about\s+|almost\s+|over\s+)?"
    r"(?:a|an|one|two|three|four|five|six|\d+|a\s+few|a\s+couple\s+of|several)\s+(?:days?|weeks?|months?|years?)\b"
    rf"|{LAPSED_USE}"
)
PRESCRIBED_RE = re.compile(
    r"\bназнач\w*|\bпрописал\w*|\bвыписал\w*|\bпосоветовал\w*|\b(?:по)?рекомендовал\w*|\bprescribed\b|\brecommended\b"
    r"|\bначну\b|\bwants?\s+me\s+to\s+(?:try|start|take|go\s+on)\b|\bwants?\s+to\s+(?:put|start)\s+me\s+on\b"
    r"|\bбуду\s+(?:принимать|пить)|\bwill\s+start|\bgoing\s+to\s+(?:start|take)"
)
ACTIVE_RE = re.compile(
    r"\bначал\w*|\bстал\w*\s+(?:пить|принимать)|\bпринимаю|\bпью\b|\bi\s+take|\btaking\b"
    r"|\bstarted\b|\bi(?:'m|\s+am)\s+(?:now\s+|still\s+)?on\b|\bi(?:'ve|\s+have)\s+(?:had|been\s+on)\b"
    # Switched by the doctor: the drug switched to is taken now ("switched me from X to Y", «перевел меня на Y»).
    r"|\b(?:switched|changed|moved)\s+(?:me|us)\s+(?:over\s+)?(?:from|to)\b|\bперевел[аи]?\s+(?:меня|нас)\s+(?:с|на)\b"
)
FREQUENCY_RE = re.compile(
    r"\b(?:по\s+утрам|по\s+вечерам|по\s+ночам|утром\s+и\s+вечером|утром|вечером|на\s+ночь|перед\s+сном"
    r"|перед\s+едой|после\s+еды|во\s+время\s+еды|натощак|каждый\s+день|каждое\s+утро|каждый\s+вечер|ежедневно"
    r"|через\s+день|(?:(?:\d+|один|два|три|четыре|пять)\s+)?раз(?:а)?\s+в\s+(?:день|сутки|неделю|месяц)"
    r"|дважды\s+в\s+(?:день|сутки|неделю)|трижды\s+в\s+(?:день|сутки)|по\s+необходимости|при\s+болях"
    r"|every\s+(?:morning|evening|night|day|other\s+day|\d+\s+hours)|once\s+a\s+(?:day|week)|twice\s+a\s+(?:day|week)"
    r"|(?:three|four|\d+)\s+times\s+a\s+(?:day|week)|(?:once|twice|three\s+times)\s+(?:daily|nightly)|daily|at\s+night|before\s+bed(?:time)?"
    r"|in\s+the\s+(?:morning|evening)|as\s+needed)\b"
)
INDICATION_RE = re.compile(r"\b(?:от|против|при)\s+(\w+(?:\s+\w+){0,2})|\bfor\s+(?:my\s+|the\s+)?(\w+(?:\s+\w+){0,2})")
# Words that sit next to a dose but are not a drug name ("по 5 мг", "дозу до 10 мг").
NOT_A_DRUG = frozenset(
    {
        "по",
        "до",
        "на",
        "в",
        "с",
        "и",
        "или",
        "дозу",
        "доза",
        "дозой",
        "дозировка",
        "мне",
        "меня",
        "принимаю",
        "пью",
        "пить",
        "начал",
        "начала",
        "назначил",
        "назначила",
        "врач",
        "раз",
        "от",
        "уже",
        "теперь",
        "of",
        "to",
        "take",
        "taking",
        "a",
        "the",
        "and",
        "i",
        "my",
        "dose",
        "about",
        "only",
        "mg",
        "таблетку",
        "таблетки",
        "капсулу",
        "капли",
        "увеличил",
        "уменьшил",
        "снизил",
        "повысил",
        "всего",
    }
)


def _dose_text(m: re.Match[str]) -> str:
    return f"{m.group(1)} {m.group(2)}"


# A contraceptive is taken for no illness: its purpose is the indication, named in the writer's language. Said
# as the purpose ("Sprintec for birth control", «Ярину от нежелательной беременности») or as the word just
# before the name («противозачаточные Джес», "the birth control pill Yaz").
CONTRACEPTION_PURPOSE_RE = re.compile(
    r"\bfor\s+(?:birth\s+control|contraception)\b|\b(?:для|как)\s+контрацепци\w*"
    r"|\bот\s+(?:нежелательной\s+)?беременност\w*|\bдля\s+предохранения\b"
)
CONTRACEPTIVE_BEFORE_RE = re.compile(
    r"\b(?:противозачаточн\w*|контрацептив\w*|birth\s+control|contraceptive)\s+(?:\w+\s+)?$"
)


def _contraception(text: str) -> str:
    return "contraception" if text.isascii() else "контрацепция"


def _indication(text: str) -> str | None:
    if CONTRACEPTION_PURPOSE_RE.search(text):
        return _contraception(text)
    m = INDICATION_RE.search(text)
    if not m:
        return None
    words = tokenize(m.group(1) or m.group(2))
    for lex in (lexicon.conditions(), lexicon.symptoms()):
        found = lex.find(words)
        if found and found[0].first == 0:
            return found[0].term.normalized
    first = words[0].text if words else ""
    # Russian: the genitive noun after "от" back to a dictionary form ("от назальных капель" names no indication)
    if m.group(1) and len(first) >= 4 and morphology.pos(first) == "NOUN":
        return morphology.noun_lemma(first)
    return None


# --- a drug the lexicon does not know, found by grammar ----------------------------------------------

# The verbs of taking a medicine; the drug's name is the object after them ("пропила курс Кагоцела",
# "колю Клексан", "I'm on Zorbex", "came off Xyzal"). "перешел на X" and "switched to X" too.
TAKE_CUE_RE = re.compile(
    r"\b(?:принима\w*|приму|принял[аи]?|принять|приняв|пь(?:ю|ет|ем|ют)|пила?|пили|пить|выпил\w*|выпива\w*|пропил\w*"
    r"|допил\w*|допива\w*|пропива\w*"
    # Rubbed in, dissolved in the mouth, breathed in, injected ("втираю X", "рассасываю X", "вдыхаю X", "вколола X"),
    # tried ("пробовала X"), got hooked on ("подсела на X").
    r"|втира\w*|втерл[аи]?|рассасыва\w*|вдыха(?:ю|ем|л[аи]?)|вдохнул[аи]?|дыш(?:у|ал[аи]?)|вкол\w*|вкалыва\w*|уколол\w*"
    r"|(?:по|пере|ис)?пробовал[аи]?|подсел[аи]?\s+на|подсажива(?:юсь|лась|лся)\s+на"
    # Stopped by the doctor ("отменили X": a stop, STOPPED_RE), or left for another ("перешла с X на Y").
    r"|отменил[аи]?|(?:перешел|перешла|перешли|перевели|перехожу|переходим)\s+(?:меня\s+)?со?"
    # The casual register: "закинулась Ксанаксом", "юзаю Ципролет", "глотаю Сиофор", "жру сероквель", and coming off
    # it, "слезла с венлафаксина" (a stop: STOPPED_RE).
    r"|закидыва\w*|закину\w*|(?:за)?юза\w*|глота\w*|проглоти\w*|проглотил\w*|жр(?:у|ем|ал[аи]?)|сожрал\w*|нажрал\w*"
    r"|нае(?:лся|лась|даюсь)|наглотал(?:ся|ась)"
    r"|(?:слез(?:ла|ли)?|слеза(?:ю|ет|ла|ли|ть)|соскочил\w*|соскакива\w*)\s+с"
    r"|назнач\w*|прописал\w*|выписал\w*|кол(?:ю|ет|ол[аи]?|оть)|кололи|проколол\w*|маж(?:у|ет|усь)|(?:на|по)?мазал\w*"
    # Eaten, as the casual register says of pills ("ем ципролет", "схавала X").
    r"|ем|едим|съел[аи]?|(?:с)?хава(?:ю|л[аи]?)|(?:с)?куша(?:ю|ем|л|ла)"
    r"|капа(?:ю|ет|л[аи]?)|закапыва\w*|закапал\w*|брызга\w*|пшика\w*|брызнул[аи]?|пшикнул[аи]?|прыска(?:ю|ем|л[аи]?)"
    r"|прыснул[аи]?|дыхнул[аи]?|(?:сижу|сидел\w*|сидит)\s+на"
    r"|(?:перешел|перешла|перешли|перевели|посадили|перехожу|переходим|перешел)\s+на|выпить|попить|пропить"
    # The instrumental object of using and treating ("пользуюсь Нафтизином", "лечилась Кагоцелом").
    r"|пользу(?:юсь|ется)|пользовал\w*|воспольз\w*|леч(?:усь|ился|илась|ились|иться)|спаса(?:юсь|лась|лся|лись)"
    # Used, decided to try, a course gone through ("использовала X", "решила попробовать X", "прошла курс X").
    r"|использ(?:ую|уем|овал[аи]?)|применя(?:ю|ем|л[аи]?)|решил[аи]?\s+попробовать|прош(?:ел|ла|ли)\s+курс"
    r"|бер(?:у|ем)|брал[аи]?|брать|взял[аи]?"
    # Bought for oneself ("купила Ингавирин"); "купила маме" is someone else's (OTHER_TAKER_RE).
    r"|купил[аи]?|приобрел[аи]?|bought|got\s+a\s+prescription\s+for"
    r"|i(?:'m|\s+am|'ve\s+been|\s+have\s+been|\s+was|\s+had\s+been|'d\s+been)\s+(?:now\s+|still\s+|currently\s+"
    r"|also\s+|only\s+)?(?:on|off|taking|using)|\bbeen\s+(?:on|off|taking)|\bi\s+(?:take|took|use|used(?!\s+to\b))"
    r"|\bi(?:'ve|\s+have|'d|\s+had)\s+(?:also\s+|only\s+)?(?:taken|used)|\bi\s+(?:was|got)\s+given"
    # A review's subjectless past, opening the sentence ("Took Zorbex for a month, no side effects").
    r"|^took"
    r"|(?:started|starting|stopped|stopping|quit|discontinued|began|restarted)\s+(?:taking\s+|on\s+|using\s+)?"
    r"|(?:came|got|went|weaned)\s+off|prescribed(?:\s+me)?|(?:got\s+)?put\s+(?:me\s+)?on"
    r"|(?:switched|changed|moved)\s+(?:me\s+|us\s+)?(?:over\s+)?(?:from|to)"
    r"|i\s+pop|popp(?:ed|ing)"  # the casual register: "popped a Xanax", "I pop Advil like candy"
    r"|(?:по)?рекомендовал\w*|посоветовал\w*|recommended(?:\s+me)?|gave\s+me(?:\s+a\s+shot\s+of)?|i\s+tried|i\s+added|replaced\s+\w+\s+with"
    r"|(?:after|since)\s+(?:starting|taking))\b"
)
# The new drug of a switch, past the old one: "перешла с X на Y", "switched (me) from X to Y" (X is the slot of
# "перешла с", "switched from" in TAKE_CUE_RE).
SWITCHED_TO_RE = re.compile(
    r"\b(?:перешел|перешла|перешли|перевел[аи]?|перехожу|переходим)\s+(?:меня\s+|нас\s+)?со?\s+[\w-]+\s+на\b"
    r"|\b(?:switched|changed|moved)\s+(?:me\s+|us\s+)?(?:over\s+)?from\s+[\w-]+\s+to\b"
)
# Verbs whose drug stands in the genitive: filled with it ("нажралась X", "наелась X", "наглоталась X") or left
# ("перешла с X", "слезла с X").
GENITIVE_CUE_RE = re.compile(r"^на\w+(?:ся|сь)$|\sсо?$")
# "ингаляции с X", "капельница с X": the name after the procedure and "с".
WITH_AFTER_FORM_RE = re.compile(r"\s+со?\s+(?=\w)")


# A course of a medicine, not said in the instrumental («пропила курсом X» takes X as the verb's object).
COURSE_RE = re.compile(r"курс(?:а|у|е|ы|ов|ам|ах)?")


def _after_a_dosage_word(s: Sentence, token: Token | None) -> bool:
    """The name after a pack, a bottle, a course or a counted dose stands in the genitive ("упаковку Зорбекса", «пропила
    курс Зорбекса», «2 таблетки Зорбекса»), and so does a lower-case one after a dosage form ("выпила таблетку
    зорбекса"); one written as a name after a form is in apposition, in the case the writer gave it ("капли
    Радуга")."""
    if token is None:
        return False
    kind = _kind_before(s, token)
    before = [t for t in s.tokens if t.end <= token.start][-1:]
    course = bool(before) and bool(COURSE_RE.fullmatch(before[0].text))
    counted = any(not s.norm[m.end() : token.start].strip() for m in DOSE_RE.finditer(s.norm, 0, token.start))
    return kind == "dosage" or course or counted or (kind == "generic" and not _written_as_name(s, token))


def _not_drug_kind(words: str) -> str | None:
    term = _not_drug_term(words.split()[0]) if words.split() else None
    return term.kind if term is not None else None


def _kind_before(s: Sentence, token: Token) -> str | None:
    """The kind of the listed non-drug word right before the token ("generic": a medicine or its form; "dosage": a
    pack, a bottle, a measure), if it is one."""
    before = [t for t in s.tokens if t.end <= token.start][-1:]
    term = _not_drug_term(before[0].text) if before else None
    return term.kind if term is not None else None


# Words whose object is a drug but that say nothing of whether the writer takes it now: the noun of taking
# ("после приема Зорбина", "курс лечения Зорбином", "при применении X") and the writer's recommendation
# ("рекомендую Зорбин", "I'd recommend Zorbex"). Only for a name in their slot.
OBJECT_CUE_RE = re.compile(
    r"\b(?:при[её]м[аеу]|применени[яеюи]|употреблени[яеюи]|лечени[яеюи]|(?P<recommend>(?:по)?рекомендую|(?:по)?советую"
    r"|i\s+(?:would\s+|'d\s+|highly\s+|definitely\s+|strongly\s+)*recommend))\b"
)
# The Russian words for a dosage form, in any case («таблетки», «каплями», «мазью», «укол»).
RU_DOSAGE_FORMS = (
    r"таблет(?:к|оч)\w*|капсул\w*|капл[иямею]\w*|капел\w*|свеч[иейам]\w*|сироп\w*|спре[йяю]\w*|мазь\w*|маз[иью]"
    r"|крем\w*|гел[ьяюе]\w*|укол\w*"
)
# Words for a medicine as such, or for a form it comes in beside those («препарат», «настойка»).
RU_MEDICINE_NOUNS = r"препарат\w*|лекарств\w*|бальзам\w*|настойк\w*|порош\w*|раствор\w*"
# Nouns a name follows: a course, a dose or a pack of it ("курс Кагоцела", "доза Корвалола"), or its dosage form
# ("свечи Виферон", "каплями Гриппферон", "крем Evergetikon"). Weaker than a verb: only a word written as a name.
FORM_CUE_RE = re.compile(
    rf"\b(?:курс\w*|доз[аеуыой]\w*|пачк\w*|упаковк\w*|{RU_DOSAGE_FORMS}|{RU_MEDICINE_NOUNS}"
    r"|суппозитори\w*|пастил\w*|леденц\w*|пластыр\w*"
    # A procedure made with it: "ингаляции с X", "капельница с X" (`_form_slot_start` passes the "с").
    r"|ингаляци\w*|капельниц\w*"
    # Its container: "флакон X", "тюбик X", "a bottle of X", "a course of X".
    r"|флакон\w*|тюбик\w*|баночк\w*|бутылочк\w*|пузыр[её]к\w*|ампул\w*|пакетик\w*|блистер\w*"
    r"|(?:bottles?|tubes?|packs?|box(?:es)?|vials?|courses?|rounds?)\s+of"
    r"|tablets?|capsules?|pills?|drops|cream|gel|lotion|spray|syrup|ointment|patch|suppositor(?:y|ies)|shots?)\b"
)
GENERIC_PRODUCT_RE = re.compile(r"препарат|лекарств")
MAX_QUOTED_WORDS = 3
# A product's name in quotes after its form, past its maker or a property ("мазь Лубныфарм «Оксолин»",
# "таблетки «Белая ночь»", "свечи ректальные «Зорбин»"): the quotes make even a lower-case word a name.
QUOTED_NAME_RE = re.compile(r"\s+((?:[\w-]+\s+){0,2})[\"«“„]\s*([\w][\w-]*(?:\s+[\w-]+){0,2})\s*[\"»”“]")
# Before the quotes, the maker ("мазь фирмы «Тева»", "таблетки от «Эвалар»"): the quoted word is a company.
MAKER_BEFORE_RE = re.compile(r"\b(?:фирм\w*|компани\w*|производств\w*|производител\w*|завод\w*|от|by|from)\s+$")
# Before the quotes, what the form is for ("капельницы для «поддержания»", "капли при «сухом глазе»"): a purpose.
PURPOSE_BEFORE_RE = re.compile(r"\b(?:для|при|против)\s+$")
# English puts the name before its form: "Zorbex tablets", "the lidocaine patches".
EN_FORM_AFTER_NAME_RE = re.compile(
    r"\b([a-z][\w-]+)\s+(?:tablets?|pills?|capsules?|cream|drops|spray|patch(?:es)?|injections?|shots?|gel|ointment"
    r"|syrup|lozenges?|suppositor(?:y|ies))\b"
)
# Words between the verb and the name that say nothing about the drug ("пью уже третий месяц таблетки X").
SLOT_FILLER = frozenset(
    [
        "мне",
        "себе",
        "врач",
        "врачи",
        "доктор",
        "уже",
        "сейчас",
        "теперь",
        "еще",
        "тоже",
        "также",
        "снова",
        "опять",
        "регулярно",
        "ежедневно",
        "постоянно",
        "иногда",
        "каждый",
        "каждое",
        "каждую",
        "день",
        "утром",
        "вечером",
        "на",
        "ночь",
        "по",
        "курс",
        "курсом",
        "курсы",
        "новый",
        "новые",
        "новое",
        "какие-то",
        "какой-то",
        "the",
        "my",
        "a",
        "an",
        "some",
        "also",
        "daily",
        "now",
        "still",
        "currently",
        "only",
        "regularly",
        "again",
        "low",
        "high",
        "dose",
        "of",
        "taking",
        "using",
        # A count or a share before the name ("took one Zorbex", "half a Zorbex") and "the use of".
        "one",
        "two",
        "half",
        "another",
        "use",
    ]
)
# Someone else takes it ("назначили маме", "she's on"): not the user's medication.
OTHER_TAKER_RE = re.compile(
    r"^\s*(?:ему|ей|им|маме|папе|мужу|жене|сыну|дочке|дочери|ребенку|бабушке|дедушке|him|her|them|my\s+\w+)\b"
)
# WHO INN stems (the "Guidance on the use of INNs for pharmaceutical substances" stem book): a word that
# ends like an international name is a drug's name even when neither list nor dictionary knows it.
INN_STEM_RE = re.compile(
    r"(?:pril|sartan|olol|statin|dipine|azole|prazole|floxacin|cillin|mycin|cycline|ciclovir|navir|previr"
    r"|buvir|mab|tinib|gliptin|gliflozin|glutide|azepam|azolam|triptan|setron|tidine|oxetine|triptyline"
    r"|pramine|profen|coxib|fenac|semide|thiazide|parin|xaban|gatran|olone|lukast|terol|tropium|afil|osin"
    r"|steride|dronate|barbital|conazole|fungin|platin|rubicin|taxel|peridone|apine|etamol|algin|ketamine"
    r"|прил|сартан|олол|статин|дипин|азол|празол|флоксацин|циллин|мицин|циклин|цикловир|навир|превир"
    r"|бувир|маб|тиниб|глиптин|глифлозин|глутид|азепам|азолам|триптан|сетрон|тидин|оксетин|триптилин"
    r"|прамин|профен|коксиб|фенак|семид|тиазид|парин|ксабан|гатран|олон|лукаст|терол|тропий|афил|озин"
    r"|стерид|дронат|барбитал|коназол|фунгин|платин|рубицин|таксел|перидон|апин|этамол|альгин)$"
)
# A strength or release suffix after a brand: "Effexor XR 75", "Кардикет ретард 40".
STRENGTH_RE = re.compile(
    r"^\s*(xr|sr|er|cr|xl|la|mr|od|cd|retard|forte|ретард|форте|лонг|long)?\s*(\d+(?:[.,]\d+)?)\b(?!\s*(?:%|лет|год|раз"
    r"|years?|times|days?|дн|недел|weeks?|месяц|months?|час|hours?|утра|вечера))"
)
# A strength said before the drug without its unit: "I'm on 150 of Effexor", "20 of Lexapro every morning".
UNITLESS_DOSE_BEFORE_RE = re.compile(r"\b(\d+(?:[.,]\d+)?)\s+of\s+(?:my\s+|the\s+)?$")
STRENGTH_CUE_RE = re.compile(r"\b(?:xr|sr|er|cr|xl|mr|retard|forte|ретард|форте)\s+\d+")
# A name with its release suffix and strength, no unit said: "Zorbex XR 75", «Зорбекс ретард 40».
NAME_WITH_STRENGTH_RE = re.compile(r"(?<![\w-])([\w-]+)\s+(?:xr|sr|er|cr|xl|mr|retard|forte|ретард|форте)\s+\d+")
RELEASE_SUFFIX_RE = re.compile(r"^\s*(xr|sr|er|cr|xl|la|mr|od|cd|retard|forte|ретард|форте|лонг|пролонг|long)\b")
SUFFIXED_NAME_RE = re.compile(r"\s(?:xr|sr|er|cr|xl|la|mr|od|cd|retard|forte|ретард|форте|лонг|пролонг|long)$")
PERSON_OR_PLACE_TAGS = ("Name", "Surn", "Patr", "Geox")
NON_NAME_POS = frozenset(
    {
        "ADJF",
        "ADJS",
        "VERB",
        "INFN",
        "GRND",
        "PRTF",
        "PRTS",
        "ADVB",
        "NPRO",
        "PREP",
        "CONJ",
        "PRCL",
        "INTJ",
        "NUMR",
        "COMP",
        "PRED",
    }
)
MONTHS_AND_DAYS = frozenset(
    [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
)
UNVERIFIED = {"verified": False}


def _allergen_kind(word: str) -> str | None:
    term = lexicon.allergens().lookup(word)
    return term.kind if term is not None else None


def _not_drug_term(word: str) -> lexicon.Term | None:
    """The listed non-drug a word is, also when "пол-" (half) is joined to it ("полтаблетки", "полпачки")."""
    term = lexicon.not_drugs().lookup(word)
    if term is None and word.startswith("пол") and len(word) > 6:
        term = lexicon.not_drugs().lookup(word.removeprefix("пол").lstrip("-"))
    return term


def _is_not_drug(word: str) -> bool:
    return (
        _not_drug_term(word) is not None
        or _allergen_kind(word) in ("food", "environmental")  # "пью молоко"; a drug allergen is still a drug
        or lexicon.conditions().lookup(word) is not None
        or lexicon.symptoms().lookup(word) is not None
        or lexicon.professions().lookup(word) is not None  # "посоветовал невролог"
        or word in lexicon.function_words()
    )


# What may stand before a sentence's or a line's first word, which is capitalised whatever it is: punctuation, quotes,
# emoji and the @handles a reply opens with ("@anna @bob Вопрос в том, ...").
OPENING_RE = re.compile(r"(?:[\W_]*@\w+)*[\W_]*")


def _written_as_name(s: Sentence, token: Token) -> bool:
    """Capitalised where a word need not be: not the first of its sentence or line (a list's lines open capitalised
    too: "Огурец ~10гр")."""
    line_before = s.raw[: token.start].rsplit("\n", 1)[-1]
    if _shouted(s):
        return False  # "Я ПИЛА ЗОРБЕКС ПА ПРИКОЛУ": in a sentence written in capitals, every word is capitalised
    return s.raw[token.start : token.start + 1].isupper() and not OPENING_RE.fullmatch(line_before)


def _shouted(s: Sentence) -> bool:
    """Most of the sentence's letters are capitals."""
    letters = [ch for ch in s.raw if ch.isalpha()]
    return sum(ch.isupper() for ch in letters) > len(letters) / 2


def _looks_like_name(
    s: Sentence,
    token: Token,
    *,
    written_as_name: bool = False,
    in_apposition: bool = False,
    unlisted_english: bool = False,
) -> bool:
    """Is this object of a taking verb a medicine's name? By its grammar, never by a list of sentences.

    `written_as_name`: accept only a capitalised word or one ending like an international name.
    `in_apposition`: the word follows its dosage form or a word for any medicine ("капли Слеза", "таблетки Белочка"),
    where even a word the dictionary knows is a product's name when written as one.
    `unlisted_english`: an English word in lower case may be the name when no dictionary knows it (`_unlisted_name`).
    """
    word = token.text.strip("-'")
    letters = re.sub(r"[\d-]", "", word)
    if len(letters) < 4 or not letters.isalpha() or _is_not_drug(word) or _ordinary_in_any_spelling(s, word):
        return False
    capitalised = _written_as_name(s, token)
    known_person_or_place = morphology.is_known(word) and any(morphology.has_tag(word, t) for t in PERSON_OR_PLACE_TAGS)
    if not word.isascii() and known_person_or_place:
        return False  # «оказался Петр», «купила в Москве»: a person or a place the dictionary knows
    if INN_STEM_RE.search(letters):
        return True
    if word.isascii() and _capital_says_nothing(s, word):
        return False
    if word.isascii() and capitalised and _english_word(word) and not DOSE_AFTER_NAME_RE.match(s.norm, token.end):
        # "still on Episode 6", "a shot of Scotch", "the Jester": a capital on a word English knows makes no name; its
        # dose right after it does ("Glycerin 5.4 grams").
        return False
    if not word.isascii() and morphology.is_known(word) and not in_apposition:
        # A word the dictionary knows is an everyday thing ("принимаю душ"), capitalised or not: a tweet or a food
        # diary capitalises as it likes ("Томат ~20гр Огурец ~10гр", "дозах Вывод:"). Only a dosage form before it
        # makes it a product's name.
        return False
    if written_as_name or (in_apposition and morphology.is_known(word)):
        # The part of speech of a word the dictionary does not know is only a guess from its ending
        # ("Септефрил" reads as a past-tense verb): a capitalised unknown word is a name.
        return (
            capitalised
            and word not in MONTHS_AND_DAYS
            and (not morphology.is_known(word) or morphology.pos(word) not in NON_NAME_POS)
        )
    if word.isascii():
        # English: no morphology to ask, so only a word written as a name; a lower-case word before a number
        # is as often an ordinary one ("on week 3", "started with 25 mg"), unless no dictionary knows it.
        if capitalised:
            return word not in MONTHS_AND_DAYS and not _person_or_place(word)  # "took Maria to", "took Boston by"
        return unlisted_english and _unlisted_name(s, token)
    # A word the dictionary does not know has parts of speech guessed from its ending: it may be a name when one
    # guess is a noun ("глицисед"), not when none is ("одномоментно": an adverb or a short adjective).
    if not morphology.is_known(word) and not any(p.tag.POS == "NOUN" for p in morphology.parses(word)):
        return False
    # Nor when it ends like a full adjective or participle ("имуномодулирующий", "противогерпесные"): a property.
    return morphology.is_known(word) or morphology.pos(word) not in ("ADJF", "PRTF")


DOSE_AFTER_NAME_RE = re.compile(rf"\s*{DOSE_RE.pattern}")


# English prepositions and conjunctions, and the abbreviations of chat, which lemminflect's dictionary of nouns, verbs,
# adjectives and adverbs lacks ("stopped because", "recommended against"): never a name.
EN_CLOSED_CLASS_RE = re.compile(
    r"(?:"
    r"about|above|across|after|against|along|amid|amidst|among|amongst|around|as|at|before|behind|below|beneath|"
    r"beside|besides|between|beyond|but|by|despite|during|except|for|from|in|inside|into|like|near|of|off|on|"
    r"onto|outside|over|past|per|since|than|through|throughout|till|to|toward|towards|under|underneath|unlike|"
    r"until|unto|up|upon|versus|via|with|within|without|and|or|nor|so|yet|because|although|though|while|whilst|"
    r"whereas|unless|whether|if|once|lest|cuz|coz|bc|tbh|imo|imho|omg|smh|ngl|idk|lol|lmao|gonna|gotta|wanna|"
    r"dunno|kinda|sorta|"
    # Determiners, quantifiers and modal verbs: a capital on them is the sentence's, never a name's.
    r"more|most|many|much|some|any|every|each|few|less|least|several|such|another|other|both|either|neither|all|"
    r"none|enough|might|must|shall|should|would|could|will|can|may"
    r")"
)


def _capital_says_nothing(s: Sentence, word: str) -> bool:
    """An English word whose capital is no name's: a determiner or a modal ("answer to addiction: More pills"), or a
    word English knows in a headline, which capitalises every word ("Vaccine Might Reduce Risk", "Pills Helped Me")."""
    return bool(EN_CLOSED_CLASS_RE.fullmatch(word)) or (_title_cased(s) and not morphology.unknown_english_word(word))


def _title_cased(s: Sentence) -> bool:
    """A headline: nearly every English word of four letters or more begins with a capital ("Flu Shot And Pneumonia
    Vaccine Might Reduce Alzheimer's Risk")."""
    words = re.findall(r"\b[A-Za-z]{4,}\b", s.raw)
    return len(words) >= 3 and sum(w[0].isupper() for w in words) > len(words) * 3 / 4


# An indefinite article: a lower-case word after it is a common noun the dictionary lacks ("gave me a handjob"); a brand
# after one is written as a name ("popped a Xanax").
INDEFINITE_ARTICLE_BEFORE_RE = re.compile(r"\b(?:a|an)\s+$")


def _unlisted_name(s: Sentence, token: Token) -> bool:
    """A lower-case English word that is a brand's name as reviews and chats write it ("i've been on zorbex")."""
    if not s.raw[token.start : token.end].islower() or INDEFINITE_ARTICLE_BEFORE_RE.search(s.norm, 0, token.start):
        return False
    return _unknown_to_english(token.text)


def _unknown_to_english(word: str) -> bool:
    """No English dictionary knows the word nor a word one slip from it ("tird" is tired), and it is no given name,
    place, sport or diet ("started crossfit", "on keto"): a brand's name."""
    return (
        not EN_CLOSED_CLASS_RE.fullmatch(word)
        and morphology.unknown_english_word(word)
        and not _person_or_place(word)
        and not _pastime_or_diet(word)
    )


def _english_word(word: str) -> bool:
    """A word the English dictionary knows as it is, or a plural of a noun it knows ("Starbursts")."""
    return bool(morphology.english_word_classes(word)) or (
        word.lower().endswith("s") and "NOUN" in morphology.english_word_classes(word[:-1])
    )


def _pastime_or_diet(word: str) -> bool:
    words = lexicon.person_words()
    return word in words["sports"] or word in words["diets"]


def _person_or_place(word: str) -> bool:
    return given_names.is_given_name(word) or places.lookup([word]) is not None


# Grammemes of words of the casual register that no product is named like: pymorphy3 guesses them for a word it does
# not know from the known words it ends like ("дохуя" like "нахуя").
SLANG_GRAMMEMES = frozenset({"Slng"})
# A letter held three times ("ГОООМИК", "дааа") or a laugh ("ахаха", "хехе"): expressive spelling, never a name.
EXPRESSIVE_SPELLING_RE = re.compile(r"(\w)\1\1|^(?:а?х[аеиы]+)+х?$|^(?:a?h[aei]+)+h?$")
# The roots of Russian obscene words (мат), which the dictionary leaves out, with the prefixes they take ("дохуя",
# "нихера", "заебись", "ебучий"): the casual register, no product's name.
OBSCENE_ROOT_RE = re.compile(
    r"ху[йяеёию]|пизд|бля(?:д|т|$)|(?:^|[аоеиуыяё-]|за|на|по|от|вы|до|раз|из|у)[её]б(?:а|у|ы|л|н|ш|ис|ат|ок)"
    r"|(?:^|ни|до|по|на)хер(?:а|у|о|ов|ня|ни)?$|^(?:ни|до|по)хрен"
)
# Suffixes that make a diminutive or an augmentative of a noun ("рулетики", "сиропчик", "алкашка", "адище"), ordered
# longest first; each with the ending the noun itself may have in its place (таблет-очка: таблет-ка).
EVALUATIVE_SUFFIXES = (
    ("очка", "ка"),
    ("ечка", "ка"),
    ("ушка", "а"),
    ("юшка", "я"),
    ("онька", "ка"),
    ("енька", "ка"),
    ("ишка", ""),
    ("ище", ""),
    ("чик", ""),
    ("ик", ""),
    ("ек", ""),
    ("ка", ""),
    ("ка", "а"),
)
COMMON_NOUN_EXCLUDED = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})


def _evaluative_of_a_noun(word: str) -> bool:
    """An unknown word that is a diminutive or an augmentative of a common noun the dictionary knows: an everyday
    thing said fondly or roughly ("купила рулетики", "пить сиропчики", "выпить алкашку"), no product's name (which
    the dictionary does not know: "Фенибутик" keeps its name's stem)."""
    # The guessed lemma of an unknown word may take a case ending for part of the suffix ("амебка" → "амебок"):
    # the word as written is tried too.
    for form in dict.fromkeys((morphology.noun_lemma(word), word.lower())):
        for suffix, ending in EVALUATIVE_SUFFIXES:
            stem = form.removesuffix(suffix)
            if stem == form or len(stem) < 3:
                continue
            # The stem's к turns into ч before the suffix ("сырник": "сырничек").
            stems = (stem, stem[:-1] + "к") if stem.endswith("ч") else (stem,)
            if any(_common_noun(base + ending) for base in stems):
                return True
    return False


def _common_noun(word: str) -> bool:
    """A noun the dictionary knows in this very form as its lemma, no name of a person, place or organisation."""
    return morphology.is_known(word) and any(
        p.tag.POS == "NOUN" and p.normal_form.replace("ё", "е") == word and not COMMON_NOUN_EXCLUDED & p.tag.grammemes
        for p in morphology.parses(word)
    )


# A count written straight into the Russian word it counts, no space or dash ("4хмесяцев", "2раза"); a name with a
# number joins it by a dash («5-НОК»).
COUNT_RUN_INTO_A_WORD_RE = re.compile(r"\d+[а-яё]")


def _ordinary_in_any_spelling(s: Sentence, word: str) -> bool:
    """An everyday word whatever its case or spelling: a laugh, a stretched word, slang or мат, an adverb
    ("единоразово": guessed from its ending), a diminutive of a known noun ("сиропчики"), a release suffix alone
    ("Лонг", "Форте"), ordinary words run together past a dash ("завтрак-это", "14-часовой"), a count run into its
    Russian noun ("4хмесяцев", "2раза"), or an English word in a Russian sentence ("Next", "Therapy")."""
    if EXPRESSIVE_SPELLING_RE.search(word.lower()) or RELEASE_SUFFIX_RE.fullmatch(word.lower()):
        return True
    if COUNT_RUN_INTO_A_WORD_RE.match(word):
        return True
    if word.isascii():
        return not s.english and bool(morphology.english_word_classes(word))
    if OBSCENE_ROOT_RE.search(word.lower()):
        return True
    if "-" in word:
        parts = [part for part in word.split("-") if part.isalpha()]
        return bool(parts) and all(morphology.is_known(part) for part in parts)
    best = morphology.best(word).tag
    if SLANG_GRAMMEMES & best.grammemes:
        return True
    # An ending in -о read as an adverb or a short neuter form ("единоразово", "ахуенно", "Американо" read as
    # "американо" from "америкать"): no noun, and few products are named so.
    if word.lower().endswith("о") and (
        best.POS == "ADVB" or (best.POS in ("ADJS", "PRTS") and "neut" in best.grammemes)
    ):
        return True
    return not morphology.is_known(word) and _evaluative_of_a_noun(word)


# What the object replaced, said between the verb and the object: "назначили вместо него X", "пью вместо Зорбина X".
INSTEAD_OF_BEFORE_OBJECT_RE = re.compile(r"\s*(?:мне\s+)?вместо\s+[\w-]+\s+(?=\w)")
# Punctuation that ends a phrase between a verb or a dosage form and the word after it: an opening bracket, a dash
# between spaces, a stop ("в форме порошка - Новости"). A colon may open the list of what is taken, a new line a list's
# next item, and ")" is as often a smile. A comma ends a dosage form's phrase ("дозах, превышающих ..."), not a
# verb's: a casual list of what is taken opens with one ("хаваю, X, Y, Z").
CLAUSE_BREAK_RE = re.compile(r"[.;!?(\[—–]|(?<!\n) -+ ")


def _slot_after(
    s: Sentence,
    start: int,
    *,
    written_as_name: bool = False,
    taken: frozenset[int] = frozenset(),
    past_adjectives: bool = False,
    in_apposition: bool = False,
    genitive_name: bool = False,
    unlisted_english: bool = False,
) -> Token | None:
    """The first content word after a taking verb, past fillers and generic words ("таблетки", "pills").

    `past_adjectives`: words that describe the medicine may come before its name ("свечи ректальные X", "пью
    противовирусный X"); an adjective is skipped there.
    `in_apposition`: `start` ends a dosage form, whose name follows it.
    `genitive_name`: a lower-case word the dictionary does not know may be the name in the genitive ("уколы зорбекса").
    `unlisted_english`: a lower-case English word no dictionary knows may be the name ("i take zorbex daily").
    """
    if OTHER_TAKER_RE.match(s.norm[start:]):
        return None
    instead = INSTEAD_OF_BEFORE_OBJECT_RE.match(s.norm, start)
    if instead is not None:
        start = instead.end()  # "назначила вместо него X": the object follows what it replaced
    after_generic = after_medicine_word = False
    previous_end = start
    following = [t for t in s.tokens if t.start >= start][:6]
    for i, token in enumerate(following):
        gap = s.norm[previous_end : token.start]
        if CLAUSE_BREAK_RE.search(gap) or ((in_apposition or after_generic) and "," in gap):
            return None  # the verb's or the form's phrase has ended
        if "," in gap and token.start not in taken and not LIST_JOINER_RE.match(s.norm, token.end):
            return None  # past a comma only a list goes on ("хаваю, X, Y"); one word there opens the next clause
        previous_end = token.end
        if token.text in SLOT_FILLER or token.text.isdigit() or DOSE_RE.fullmatch(token.text):
            continue
        if COUNT_RUN_INTO_A_WORD_RE.match(token.text):  # "пью 2раза X": a count with its noun
            continue
        if i and following[i - 1].start not in taken and _prepositional_phrase(following[i - 1], token, taken):
            continue  # «капаю в глаза X», «колю в живот X», «пью после еды X»: where, when or what for, then the object
        next_word = following[i + 1] if i + 1 < len(following) else None
        if not in_apposition and _prepositional_phrase(token, next_word, taken):
            continue
        if past_adjectives and token.start not in taken and _describes_form(token.text):
            continue
        generic = _not_drug_term(token.text)
        if generic is not None and generic.kind in ("generic", "dosage"):
            after_generic = True
            # A dosage form ("таблетку"), not a pack or a bottle of anything, nor a word for any medicine, which the
            # genitive of something else may follow ("препараты фторхинолонов", "препараты побочек не дают").
            after_medicine_word = generic.kind == "generic" and not GENERIC_PRODUCT_RE.match(token.text)
            continue
        if token.start in taken:  # a listed drug fills the slot (a list may go on after it)
            return token
        # After "таблетки", "препараты" the name is in apposition and written as one ("таблетки Зорбин"); a
        # lower-case word there is as often the next clause's subject ("принимать препараты невролог сказал").
        # After a dosage form, a lower-case word the dictionary does not know, in the genitive, is the product's name
        # ("выпила таблетку зорбекса"); any other word there must be written as a name ("таблетки Радуга"; "препараты
        # невролог сказал" is the next clause; a pack holds any goods: "пачку сижек").
        genitive_after_form = after_medicine_word and _unknown_in_genitive(token.text)
        strict = written_as_name or (after_generic and not genitive_after_form)
        if genitive_name and _unknown_in_genitive(token.text):
            strict = False
        apposition = in_apposition or after_generic
        named = _looks_like_name(
            s, token, written_as_name=strict, in_apposition=apposition, unlisted_english=unlisted_english
        )
        return token if named else None
    return None


def _prepositional_phrase(preposition: Token, noun: Token | None, taken: frozenset[int]) -> bool:
    """A Russian preposition and a noun of where on the body, when or what for («в глаза», «в живот», «после еды»,
    «по утрам», «от давления»): said between a verb of taking and its object, no drug. Other phrases may end the
    verb's («купил по программе X»: the programme's name)."""
    if noun is None or noun.start in taken or preposition.text.isascii() or noun.text.isascii():
        return False
    if morphology.pos(preposition.text) != "PREP":
        return False
    lemma = morphology.lemma(noun.text)
    return (
        lemma in TIME_UNIT_LEMMAS
        or lemma in DAY_PART_LEMMAS
        or lexicon.body_parts()[0].lookup(noun.text) is not None
        or lexicon.conditions().lookup(noun.text) is not None
        or lexicon.symptoms().lookup(noun.text) is not None
    )


def _unknown_in_genitive(word: str) -> bool:
    """A word the dictionary does not know, possibly a noun in the genitive ("зорбекса"; "тригексифенидила", which reads
    first as a past verb of a woman as many names do), not a plural verb ("закрнчились", a misspelt one)."""
    best = morphology.best(word).tag if not word.isascii() else None
    if best is None or morphology.is_known(word) or best.POS not in ("NOUN", "VERB") or "plur" in best.grammemes:
        return False
    return any(p.tag.POS == "NOUN" and "gent" in p.tag.grammemes for p in morphology.parses(word))


def _describes_form(word: str) -> bool:
    """A Russian adjective, as in "свечи ректальные", "пью противоотечный X": a reading the dictionary knows, or
    the best guess for a word it does not know ("противогерпесные")."""
    if word.isascii():
        return False
    if morphology.is_known(word):
        return any(p.tag.POS in ("ADJF", "PRTF") for p in morphology.parses(word))
    return morphology.pos(word) in ("ADJF", "PRTF")


def _quoted_name(s: Sentence, start: int) -> Match | None:
    """A name in quotes right after a dosage form ("таблетки «Белая ночь»"), kept as said, up to three words."""
    m = QUOTED_NAME_RE.match(s.norm, start)
    if m is None or MAKER_BEFORE_RE.search(m.group(1)) or PURPOSE_BEFORE_RE.search(m.group(1)):
        return None
    return _quoted_span(s, m.start(2), m.end(2))


def _quoted_span(s: Sentence, start: int, end: int) -> Match | None:
    """The words between quotes as one name, unless they are a function word or a word that is no drug."""
    tokens = [t for t in s.tokens if start <= t.start < end]
    if not tokens or len(tokens) > MAX_QUOTED_WORDS:
        return None
    head = tokens[0]
    letters = re.sub(r"[\d-]", "", head.text)
    if len(letters) < 3 or (len(tokens) == 1 and _is_not_drug(head.text)) or head.text in lexicon.function_words():
        return None
    if len(tokens) == 1:
        return _unknown_match(s, head)
    first, last = s.tokens.index(head), s.tokens.index(tokens[-1])
    name = " ".join(t.text for t in tokens)
    return Match(first, last, head.start, tokens[-1].end, lexicon.Term(name, name, "unknown"))


# Where a name's word begins. Each pattern below that reads a name as ([\w-]+) followed by a space or a dash could
# only ever match from the first letter of a word (from any later letter the name runs to the same end, and what
# follows fails alike); saying so spares the engine trying the rest of the pattern from every letter of every word.
NAME_START = r"(?<![\w-])"
PASSIVE_RE = re.compile(
    rf"{NAME_START}([\w-]+)\s+(?:(?:нам|мне)\s+)?(?:был[аио]?\s+|были\s+)?(?:назначен|прописан|выписан|рекомендован)\w*"
    # The object first ("Препарат X мне выписал невропатолог", "X мне посоветовали").
    rf"|{NAME_START}([\w-]+)[\"»”]?\s+(?:мне|нам)\s+(?:назначил|прописал|выписал|посоветовал|порекомендовал|предложил)\w*"
    rf"|{NAME_START}([\w-]+)\s+(?:was|were)\s+prescribed"
)
# An English name with the participle of its use and a regimen after it ("Zorbex taken twice a day is easing the
# swelling", "Zorbex applied nightly cleared my rash"): a medicine, subject of what follows.
EN_PARTICIPLE_AFTER_NAME_RE = re.compile(
    rf"{NAME_START}([a-z][\w-]+)\s+(?:taken|applied|used|injected|inhaled|rubbed\s+in)\s+"
    r"(?=once\b|twice\b|(?:three|four|\d+)\s+times\b|every\b|daily\b|nightly\b|at\s+night\b|in\s+the\s+morning\b"
    r"|before\s+bed|as\s+needed\b|\d+\s*(?:mg|mcg|ml)\b)"
)
# A name before the user's own verb of taking ("Два дня Септефрил принимала"): only a word written as a name.
# Up to two words may stand between ("Зорбекс я пью по утрам", "Зорбекс лично пила", checked in `_only_adverbs`). With
# the verb in the first person of the present ("Зорбекс пью") the word before it is no subject: a lower-case name
# counts there too.
VERB_AFTER_NAME_RE = re.compile(
    r"\b(?:принимал[аи]?|принял[аи]?|пил[аи]|выпил[аи]?|пропил[аи]?|колол[аи]?|проколол[аи]?|мазал[аи]?"
    r"|пользовал(?:ся|ась)|лечил(?:ся|ась)|(?P<present>принимаю|принимаем|пью|пьем|колю|мажу|капаю|пропиваю|пользуюсь|лечусь))\b"
)
MAX_WORDS_BEFORE_VERB = 2
# What stands between a name and its verb, or the words between: spaces, after the name a closing quote.
NAME_TO_VERB_GAP_RE = re.compile(r"[\"»”]?\s+")
# The writer, or a word saying when or how, between a name and the writer's verb of taking.
WRITER_BETWEEN = frozenset({"я", "мы", "лично", "сама", "сам", "сами"})
# A name defined as a product: "X — отличное средство", "X - это противовирусные свечи", "X является препаратом",
# "Zorbex is a great medicine". Only adjectives and adverbs may stand between (checked in `_named_as_product`).
NAME_IS_PRODUCT_RE = re.compile(
    rf"(?:[\"«“„]([^\"«»“”„]+)[\"»”“]|{NAME_START}([\w-]+))"
    r"(?:\s*[—–]\s*(?:это\s+)?|\s+-+\s*(?:это\s+)?|\s+это\s+|\s+является\s+|\s+(?:is|was)\s+(?:a|an|the)\s+)"
    r"((?:[\w-]+\s+){0,3}?)"
    r"(?:средств|препарат|лекарств|таблет|капсул|свеч|капл|сироп|маз[ьи]|спре[йя]|порош|бальзам|настойк"
    r"|drug|medicine|medication|pill|tablet|cream)\w*"
)
# Russian drops the copula: "X действительно эффективное средство" (`_name_before_product`).
PRODUCT_NOUN_RE = re.compile(r"\b(?:средство|препарат|лекарство)\b")
MAX_DESCRIBERS = 3
# A Russian name as the subject of its effect: "Зорбин мне сразу помог", "Квинтравел не подошел", "X справляется".
# Russian only: the dictionary tells a person's name ("Маша помогла") from an unknown product's.
NAME_EFFECT_RE = re.compile(
    r"([а-я][\w-]+)[\"»”]?\s+(?:(?:мне|нам|очень|сразу|реально|действительно|правда|не|быстро|хорошо|отлично|тоже"
    r"|также|всегда)\s+){0,2}(?:помог(?:ает|ли|ла|ло)?|подош(?:ел|ла|ло)|подходит|справл(?:яется|ялся|ялась)"
    r"|справил(?:ся|ась|ось)|спас(?:ает|ла|ло)?|выруча(?:ет|л|ла|ло)|(?:по)?действ(?:ует|овал|овала|овало)"
    r"|(?:по)?нрав(?:ится|ился|илась|илось))\b"
)
# The same with the name after its effect: "Мне помогает только Зорбин", "Спасает Квинтравел" (`_slot_after` skips
# "мне", "только" is a function word).
EFFECT_BEFORE_NAME_RE = re.compile(
    r"\b(?:помога(?:ет|ют)|помог(?:ла|ло|ли)?|спаса(?:ет|ют)|спас(?:ла|ло)?|выруча(?:ет|ют|л[аои]?)|подош(?:ел|ла|ло)"
    r"|подходит)(?:\s+(?:мне|нам|только|лишь|очень|реально|хорошо))*\b"
)
# The one that "turned out" to be the choice: "самым действенным оказался X", "это оказался «X»".
TURNED_OUT_RE = re.compile(r"\bоказал(?:ся|ась|ось|ись)\b")
PRODUCT_DESCRIBER_POS = frozenset({"ADJF", "PRTF", "ADVB", "PRCL"})


def _describes_product(word: str) -> bool:
    return morphology.is_known(word) and any(p.tag.POS in PRODUCT_DESCRIBER_POS for p in morphology.parses(word))


def _named_as_product(s: Sentence, m: re.Match[str]) -> bool:
    """Only words that describe the product stand between the name and its noun ("маленькие белые", "very good")."""
    between = m.group(3).split()
    if any(w.isascii() for w in between):
        return all(w.isascii() and w.isalpha() for w in between)  # English: "a very good", "an amazing"
    return all(_describes_product(w) for w in between)


def _name_before_product(s: Sentence, noun: re.Match[str]) -> Token | None:
    """The name before "(действительно) эффективное средство": adverbs and adjectives back from the noun, the last
    of them an adjective that agrees with it, then the name."""
    before = [t for t in s.tokens if t.end <= noun.start()][-(MAX_DESCRIBERS + 1) :]
    if not before or not _describes_form(before[-1].text):
        return None
    while before and _describes_product(before[-1].text):
        before.pop()
    if not before or s.norm[before[-1].end : noun.start()].strip(' "»”').count(",") or before[-1].text.isascii():
        return None
    return before[-1]


# What joins the names of a list: "кагоцел, цитовир и арбидол", "Энцефабол в комплексе с Киндинормом".
LIST_JOINER_RE = re.compile(
    r"\s*(?:,\s*(?:и|а\s+также|and)\b|,|\+|и\b|или\b|and\b|or\b|(?:в\s+комплексе|вместе|в\s+сочетании)\s+со?\b"
    r"|(?:together|along|combined)\s+with\b)\s*[-—]?\s*"
)


def _listed_after(s: Sentence, token: Token, taken: frozenset[int]) -> Token | None:
    """The next name of a list after a taking verb: "пили кагоцел, цитовир и арбидол"."""
    joiner = LIST_JOINER_RE.match(s.norm, token.end)
    if joiner is None:
        return None
    following = next((t for t in s.tokens if t.start == joiner.end()), None)
    if following is None:
        return None
    if following.start in taken:
        return following
    return following if _looks_like_name(s, following) and not _governs_an_infinitive(s, following) else None


def _governs_an_infinitive(s: Sentence, token: Token) -> bool:
    """A Russian infinitive right after the word: the word is a verb that governs it, misspelt or not («флуоксетин и
    зочу сдохнуть»), no name of a list."""
    after = next((t for t in s.tokens if t.start >= token.end), None)
    return after is not None and not after.text.isascii() and morphology.has_tag(after.text, "INFN")


# What a remedy does for the body: a name recommended for it may be a medicine.
RELIEF_RE = re.compile(r"\bпомог\w*|\bпомога\w*|\bподош(?:ел|ла|ло)\b|\bhelped\b|\bworked\s+for\b|\brelie(?:f|ved)\b")


# An English cue that ends in "on" ("I've been on", "put me on"), and words that tell a message is about medicines.
EN_ON_CUE_RE = re.compile(r"[a-z']\s+on$")
MEDICINE_WORDS_RE = re.compile(
    r"\b(?:\d+\s*(?:mg|mcg|ml)|doses?|dosage|pills?|tablets?|capsules?|meds|medications?|medicines?|prescri\w+"
    r"|doctor|dr|psychiatrist|gp|pharmac\w+|side\s+effects?|withdrawal|refill\w*|generic)\b"
)


# What follows the name, or the list it opens, tells a use: how long ("on Zorvex for two years", "on X and Y since
# May"), what for ("for my back"), how often ("daily", "twice a day") or how much ("20 mg").
USE_AFTER_RE = re.compile(
    r"(?:\s*(?:,|and|or|&)\s*[\w-]+){0,3}\s+(?:for\s+(?:my\b|about\s+|almost\s+|nearly\s+|over\s+|\d|a\b|an\b"
    r"|one|two|three|four|five|six|seven|eight|nine|ten|several|many)|since\b|daily|every|twice|once|\d)"
)


def _on_a_medicine(s: Sentence, token: Token) -> bool:
    """An unknown name after an English "on" is a drug when what follows it tells a use, or where the sentence or its
    message speaks of medicines."""
    if USE_AFTER_RE.match(s.norm, token.end):
        return True
    return _medicines_talked_of(s, [])


# The English verbs of the writer's own taking whose object may be a brand written in lower case: "take" ("took
# zorbex for a year"), being on or off it, starting, stopping, switching, a prescription. People also use, try, buy,
# recommend and are given many things besides medicines ("i use grammarly", "gave me a hug").
EN_OWN_TAKING_RE = re.compile(
    r"\b(?:take|took|taking|on|off|started|starting|stopped|stopping|quit|discontinued|began|restarted|given"
    r"|switched\s+(?:from|to)|prescribed(?:\s+me)?|gave\s+me)\s*$"
)
EN_TAKE_RE = re.compile(r"\b(?:take|took|taking)\s*$")


def _lower_case_name_fits(s: Sentence, cue: re.Match[str], known: list[Match]) -> bool:
    """May a lower-case English word no dictionary knows be the object of this verb of the writer's own taking: after
    "take" with a use said after the word, or in a message that speaks of medicines, health or a dose ("i've been on
    zorbex 20 mg"), or where the sentence names a listed drug (`known`: "switched to zorbex from lamictal")?"""
    if not (s.english and EN_OWN_TAKING_RE.search(cue.group())):
        return False
    if EN_TAKE_RE.search(cue.group()):
        after = next((t for t in s.tokens if t.start >= cue.end()), None)
        if after is not None and USE_AFTER_RE.match(s.norm, after.end):
            return True
    return _medicines_talked_of(s, known)


# The English verb "use", whose object is as often an app or a tool ("I use Photoshop daily"), a subjectless "took",
# as often a class, a ride or a trip ("Took Spanish in high school"), and a switch, as often of a provider or a phone
# ("switched from Comcast to Verizon").
EN_ANY_OBJECT_CUE_RE = re.compile(
    r"\b(?:use|used|using)\s*$|^took\s*$|\b(?:switched|changed|moved)\s+(?:me\s+|us\s+)?(?:over\s+)?(?:from|to)\b"
)


def _no_english_drug(s: Sentence, cue: re.Match[str], token: Token, known: list[Match]) -> bool:
    """An unknown English object of a verb that takes many things besides medicines, in a sentence and message that
    do not speak of them ("I use Photoshop daily", "I've used Excel since 2010"), or a word describing the noun after
    it ("taking Spanish classes")."""
    if not token.text.isascii():
        return False
    if EN_ANY_OBJECT_CUE_RE.search(cue.group()) and not _medicines_talked_of(s, known):
        return True
    return not INN_STEM_RE.search(token.text) and _modifies_a_noun(s, token)


def _medicines_talked_of(s: Sentence, known: list[Match]) -> bool:
    """The sentence names a listed drug, or its message (which holds the sentence) speaks of medicines, health or a
    dose."""
    return bool(known) or bool(MEDICINE_WORDS_RE.search(s.message or s.norm)) or _health_said(s)


# English nouns of time, which may follow a medicine's name ("stopped zorbex months ago", "zorbex morning and night").
EN_TIME_NOUNS = frozenset(
    {"minute", "hour", "day", "night", "morning", "evening", "afternoon", "week", "month", "year"}
)


EN_PRONOUN_RE = re.compile(r"i|me|my|we|us|you|he|him|she|her|it|they|them")


def _modifies_a_noun(s: Sentence, token: Token) -> bool:
    """A lower-case English word right before a word that is only a noun or a verb, no dosage form and no time
    ("christmas lights", "colorectal cancer", "the carnipaleo diet"), describes that noun: it is no medicine's name. A
    use after it ("zorbex for my back", "zorbex twice a day") or an adverb ("zorbex now", "zorbex last week") keeps
    it."""
    following = next((t for t in s.tokens if t.start >= token.end), None)
    if following is None or s.norm[token.end : following.start].strip() or USE_AFTER_RE.match(s.norm, token.end):
        return False
    if EN_PRONOUN_RE.fullmatch(following.text):
        return False  # "after taking Zorbex I felt": the next clause's subject ("I" is also a letter's name, a noun)
    classes = morphology.english_word_classes(following.text)
    if "NOUN" not in classes or classes - {"NOUN", "VERB"} or _not_drug_kind(following.text) in ("generic", "dosage"):
        return False
    return not EN_TIME_NOUNS.intersection(morphology.english_lemmas(following.text))


def _health_said(s: Sentence) -> bool:
    """The sentence names a dosage form, an illness, a complaint or relief: a name recommended in it may be a
    medicine."""
    return bool(
        FORM_CUE_RE.search(s.norm)
        or RELIEF_RE.search(s.norm)
        or lexicon.conditions().find(s.tokens)
        or lexicon.symptoms().find(s.tokens)
    )


def _unknown_drugs(s: Sentence, known: list[Match]) -> list[Match]:
    """Drugs no list knows, named as the object of a taking verb or right before their dose.

    `known`: listed drugs already found; a slot they fill is theirs (and costs no morphology).
    """
    found: dict[int, Match] = {m.start: m for m in known}
    taken = frozenset(found)
    for cue in [*TAKE_CUE_RE.finditer(s.norm), *SWITCHED_TO_RE.finditer(s.norm)]:
        unlisted = _lower_case_name_fits(s, cue, known)
        token = _slot_after(s, cue.end(), taken=taken, past_adjectives=True, unlisted_english=unlisted)
        if token is not None and EN_ON_CUE_RE.search(cue.group()) and not _on_a_medicine(s, token):
            continue  # "I was on Wikipedia", "put me on Spotify": English is "on" many things besides a drug
        if token is not None and token.start not in taken and _no_english_drug(s, cue, token, known):
            continue
        genitive = bool(GENITIVE_CUE_RE.search(cue.group())) or _after_a_dosage_word(s, token)
        while token is not None:
            if token.start not in found:
                found[token.start] = _unknown_match(s, token, genitive=genitive)
            token = _listed_after(s, token, taken)
    for cue in OBJECT_CUE_RE.finditer(s.norm):
        if cue.group("recommend") and not _health_said(s):
            continue  # "I highly recommend Zoom for meetings": people recommend films and apps too
        token = _slot_after(s, cue.end(), taken=taken, past_adjectives=True)
        if token is not None and token.start not in found:
            found[token.start] = _unknown_match(s, token)
    for cue in FORM_CUE_RE.finditer(s.norm):
        quoted = _quoted_name(s, cue.end())
        if quoted is not None:
            if quoted.start not in found:
                found[quoted.start] = quoted
            continue
        start = WITH_AFTER_FORM_RE.match(s.norm, cue.end())
        # A lower-case genitive name only after a medicine's form ("уколы зорбекса"): a pack holds any goods ("пачку
        # сижек"), and a course is also a rate or a year of study ("курс биткоина").
        token = _slot_after(
            s,
            start.end() if start else cue.end(),
            written_as_name=True,
            taken=taken,
            past_adjectives=True,
            in_apposition=True,
            genitive_name=_not_drug_kind(cue.group()) == "generic"
            and not cue.group().startswith("курс")
            and not GENERIC_PRODUCT_RE.match(cue.group()),
        )
        # A Russian word for any medicine ("препарат") is too often followed by other Latin text; a Latin name
        # after it counts only in quotes.
        latin_after_generic = token is not None and token.text.isascii() and GENERIC_PRODUCT_RE.match(cue.group())
        if token is not None and token.start not in found and not latin_after_generic:
            found[token.start] = _unknown_match(s, token, genitive=_after_a_dosage_word(s, token))
    for m in DOSE_RE.finditer(s.norm):  # "Ксилоформ 10 мг", "20 mg of Zorbex", "по 8 мг Кортексин"
        before = [t for t in s.tokens if t.end <= m.start()]
        after = [t for t in s.tokens if t.start >= m.end()]
        candidates = [(t, False, False) for t in before[-1:]]
        named_before = bool(before) and _english_name_opening(s, before[-1])  # "Zorbex 20 mg twice a day"
        if after[:1] and after[0].text == "of":
            candidates += [(t, False, False) for t in after[1:2]]
        else:
            # A name after its dose only when written as a name ("по 8 мг Кортексин", not "10 mg in the morning");
            # Russian puts the name there in the genitive ("200 мг кветирона", "2 таблетки зорбина"), where a word
            # the dictionary knows is still refused ("10 мг утром", "5 мл воды").
            candidates += [(t, t.text.isascii(), not t.text.isascii()) for t in after[:1]]
        for token, strict, genitive in candidates:
            new = token.start not in found and token.text not in NOT_A_DRUG
            opening = named_before and token is before[-1]
            if new and (opening or _looks_like_name(s, token, written_as_name=strict)):
                found[token.start] = _unknown_match(s, token, genitive=genitive)
    for m in NAME_WITH_STRENGTH_RE.finditer(s.norm):  # "Zorbex XR 75", «Зорбекс ретард 40»
        token = next((t for t in s.tokens if t.start == m.start(1)), None)
        if token is None or token.start in found:
            continue
        if _english_name_opening(s, token) or _looks_like_name(s, token):
            found[token.start] = _unknown_match(s, token)
    for m in PASSIVE_RE.finditer(s.norm):  # "Энцефабол нам был назначен": the name before the participle
        name_at = next(m.start(g) for g in range(1, 4) if m.group(g))
        token = next((t for t in s.tokens if t.start == name_at), None)
        if token is not None and token.start not in found and _looks_like_name(s, token):
            found[token.start] = _unknown_match(s, token)
    for m in EN_PARTICIPLE_AFTER_NAME_RE.finditer(s.norm):
        token = next((t for t in s.tokens if t.start == m.start(1)), None)
        if token is None or token.start in found:
            continue
        if _english_name_opening(s, token) or _looks_like_name(s, token):
            found[token.start] = _unknown_match(s, token)
    for m in EN_FORM_AFTER_NAME_RE.finditer(s.norm):
        token = next((t for t in s.tokens if t.start == m.start(1)), None)
        if token is not None and token.start not in found and _looks_like_name(s, token):
            found[token.start] = _unknown_match(s, token)
    for m in NAME_EFFECT_RE.finditer(s.norm):
        token = next((t for t in s.tokens if t.start == m.start(1)), None)
        if token is not None and token.start not in found and _looks_like_name(s, token):
            found[token.start] = _unknown_match(s, token)
    for m in EFFECT_BEFORE_NAME_RE.finditer(s.norm):
        token = _slot_after(s, m.end(), written_as_name=True, taken=taken)
        if token is not None and token.start not in found:
            found[token.start] = _unknown_match(s, token)
    for m in TURNED_OUT_RE.finditer(s.norm):
        token = _slot_after(s, m.end(), written_as_name=True, taken=taken)
        if token is not None and token.start not in found:
            found[token.start] = _unknown_match(s, token)
    for m in NAME_IS_PRODUCT_RE.finditer(s.norm):
        if not _named_as_product(s, m):
            continue
        if m.group(1):  # «"Зорбин Форте" — отличное средство»: the quoted words are the name
            quoted = _quoted_span(s, m.start(1), m.end(1))
            if quoted is not None and quoted.start not in found:
                found[quoted.start] = quoted
            continue
        token = next((t for t in s.tokens if t.start == m.start(2)), None)
        if token is not None and token.start not in found and _looks_like_name(s, token):
            found[token.start] = _unknown_match(s, token)
    for m in PRODUCT_NOUN_RE.finditer(s.norm):
        token = _name_before_product(s, m)
        if token is not None and token.start not in found and _looks_like_name(s, token):
            found[token.start] = _unknown_match(s, token)
    for m in VERB_AFTER_NAME_RE.finditer(s.norm):
        if _object_follows(s, m.end(), found):
            continue  # "Фрум принимал сальбутамол": the verb has its drug, the word before it is who took it
        for token in _names_before_verb(s, m.start()):
            if _after_a_preposition(s, token):
                continue  # "перехода в гипоманию я пью": the object of a preposition, not of the verb
            strict = not m.group("present") and not (
                _cannot_be_its_subject(m.group(), token.text) and not _verb_has_an_object(s, m.end())
            )
            if token.start not in found and _looks_like_name(s, token, written_as_name=strict):
                found[token.start] = _unknown_match(s, token)
    known_starts = {m.start for m in known}
    return [found[k] for k in sorted(found) if k not in known_starts]


def _english_name_opening(s: Sentence, token: Token) -> bool:
    """An English word capitalised where any word is (opening the sentence) that no English dictionary knows, nor the
    list of words that are no drug: a name ("Zorbex 20 mg twice a day")."""
    return (
        token.text.isascii()
        and s.raw[token.start : token.start + 1].isupper()
        and not _is_not_drug(token.text)
        and _unknown_to_english(token.text)
    )


def _names_before_verb(s: Sentence, verb_start: int) -> list[Token]:
    """The words that may be the name before a verb of taking: the word right before it, or one with only the writer
    or adverbs between ("Два дня Септефрил принимала", "Зорбекс я пью по утрам")."""
    before = [t for t in s.tokens if t.end <= verb_start][-(MAX_WORDS_BEFORE_VERB + 1) :]
    names = []
    for i in range(len(before) - 1, -1, -1):
        between = before[i + 1 :]
        ends = [t.start for t in between] + [verb_start]
        starts = [before[i].end] + [t.end for t in between]
        if not all(NAME_TO_VERB_GAP_RE.fullmatch(s.norm, a, b) for a, b in zip(starts, ends, strict=True)):
            break  # punctuation: the verb's phrase begins after it
        if _only_adverbs(" ".join(t.text for t in between)):
            names.append(before[i])
    return names


def _verb_has_an_object(s: Sentence, verb_end: int) -> bool:
    """A noun the dictionary knows after the verb, past adverbs, is the verb's own object ("пипец выпила немного
    вина"); a number of days or weeks is how long ("принимала две недели")."""
    for t in [t for t in s.tokens if t.start >= verb_end][:3]:
        if t.text.isascii() or not morphology.is_known(t.text):
            return False
        tag = morphology.best(t.text).tag
        if tag.POS in ("ADVB", "PRCL"):
            continue
        term = _not_drug_term(t.text)
        return tag.POS in ("NOUN", "NPRO") and (term is None or term.kind != "time")
    return False


def _cannot_be_its_subject(verb: str, word: str) -> bool:
    """A past verb of a woman or of many cannot have a masculine singular noun for its subject: "Зорбекс принимала две
    недели" is the drug taken (a name the dictionary does not know, read by the gender its ending gives)."""
    if morphology.is_known(word) or word.isascii():
        return False
    verb_tag = morphology.best(verb).tag
    noun = next((p.tag for p in morphology.parses(word) if p.tag.POS == "NOUN" and "nomn" in p.tag.grammemes), None)
    if noun is None or noun.number != "sing" or noun.gender != "masc":
        return False
    return verb_tag.gender == "femn" or verb_tag.number == "plur"


def _after_a_preposition(s: Sentence, token: Token) -> bool:
    before = [t for t in s.tokens if t.end <= token.start][-1:]
    return bool(before) and not before[0].text.isascii() and morphology.pos(before[0].text) == "PREP"


def _only_adverbs(between: str) -> bool:
    """The words between a name and the verb after it say only who ("я") or when and how ("уже", "по утрам")."""
    return all(
        w in WRITER_BETWEEN or w in SLOT_FILLER or (morphology.is_known(w) and morphology.pos(w) in ("ADVB", "PRCL"))
        for w in between.split()
    )


# Words that may stand between a verb of taking and its drug ("принял сразу две таблетки X").
OBJECT_REACH = 3
CONJUNCTIONS = frozenset({"и", "или", "а", "также", "тоже", "and", "or", "also"})


def _object_follows(s: Sentence, verb_end: int, drug_starts: Collection[int]) -> bool:
    """A drug within OBJECT_REACH words after the verb, no conjunction before it: the verb's object ("принимал
    сальбутамол"; in "X принимала и Y" the verb's object is X, and Y is added)."""
    previous_end = verb_end
    for t in [t for t in s.tokens if t.start >= verb_end][: OBJECT_REACH + 1]:
        if t.text in CONJUNCTIONS or s.norm[previous_end : t.start].strip():
            return False  # a conjunction or punctuation ends the verb's phrase
        if t.start in drug_starts:
            return True
        previous_end = t.end
    return False


def _name_lemma(word: str) -> str:
    """An unknown name's dictionary form when a noun reading gives one ("Ксилоформом" → ксилоформ); else the word
    as written ("Септефрил" reads only as a verb, whose infinitive is no name)."""
    if any(parse.tag.POS == "NOUN" for parse in morphology.parses(word)):
        return morphology.noun_lemma(word)
    return word


def _genitive_lemma(word: str) -> str:
    """A name in the genitive after its dose back to its dictionary form: a noun reading in the genitive when the
    dictionary guesses one ("кветирона" → кветирон), else the masculine ending -а off ("зорбина" → зорбин; a
    feminine genitive ends in -ы or -и)."""
    for parse in morphology.parses(word):
        # An indeclinable reading ("Fixd", guessed for many unknown words) keeps the word as it is: no lemma.
        if parse.tag.POS == "NOUN" and {"gent", "sing"} <= parse.tag.grammemes and "Fixd" not in parse.tag.grammemes:
            return str(parse.normal_form)
    if word.endswith("а") and len(word) > 4 and word[-2] not in "аеиоуыэюяь":
        return word[:-1]
    return _name_lemma(word)


def _unknown_match(s: Sentence, token: Token, *, genitive: bool = False) -> Match:
    """`genitive`: the name stands in the genitive ("200 мг кветирона")."""
    index = s.tokens.index(token)
    suffix = RELEASE_SUFFIX_RE.match(s.norm[token.end :])
    end = token.end + suffix.end() if suffix else token.end
    word = token.text
    normalized = word if word.isascii() else _genitive_lemma(word) if genitive else _name_lemma(word)
    return Match(index, index, token.start, end, lexicon.Term(word, normalized, "unknown"))


# --- a listed drug written differently: hyphens and spaces, a slip of one letter --------------------------

# A typo is read as a listed name only when both are long: one letter in seven or more leaves one name.
FUZZY_MIN_LEN = lexicon.MIN_MISSPELT_LEN


@lru_cache(maxsize=1)
def _slip_index() -> lexicon.SlipIndex:
    """Listed Russian names long enough for a slip to leave only one of them."""
    return lexicon.SlipIndex(
        name
        for name in lexicon.drugs().by_letters
        if len(name) >= FUZZY_MIN_LEN and name.isalpha() and not name.isascii()
    )


# Case endings a slip may carry ("фенозепамом"): tried off the word before asking the dictionary anything.
CASE_ENDING_LENGTHS = (0, 1, 2, 3)


def _misspelt_drug(word: str) -> lexicon.Term | None:
    """A Russian word the dictionary does not know, one letter off exactly one listed name ("амексин" ~ амиксин):
    a drug's name, kept as said (its lemma) and unverified: the slip may be a different product."""
    if len(word) < FUZZY_MIN_LEN or word.isascii() or not word.isalpha():
        return None
    # Cheap first: set lookups on the word without a case ending; no morphology unless some name is near.
    cuts = (word[: len(word) - cut] for cut in CASE_ENDING_LENGTHS)
    if not any(_slip_index().near(form) for form in cuts if len(form) >= FUZZY_MIN_LEN):
        return None
    if morphology.is_known(word) or lexicon.drugs().lookup(word) is not None:
        return None  # an ordinary word, or a listed name itself: no slip
    for form in dict.fromkeys((word, morphology.noun_lemma(word))):
        if len(_slip_index().near(form)) == 1:
            return lexicon.Term(word, _name_lemma(word), "misspelt")
    return None


def _variant_drugs(s: Sentence, listed: list[Match]) -> list[Match]:
    """Listed drugs the exact lookup missed: hyphen and space variants, compounds ("пустырник-валерианка"), typos."""
    covered = {i for m in listed for i in range(m.first, m.last + 1)}
    found: list[Match] = []
    tokens = s.tokens
    for i, token in enumerate(tokens):
        if i in covered or not token.text[:1].isalpha():
            continue
        nxt = tokens[i + 1] if i + 1 < len(tokens) and i + 1 not in covered else None
        # Two words with only a space or a hyphen between them: "ирс 19", "ново - пассит". English words
        # joined by a space are left alone: two ordinary words make a brand too easily ("the ones" ~ Theon).
        between = s.norm[token.end : nxt.start] if nxt is not None else ""
        if nxt is not None and re.fullmatch(r"\s*-?\s*", between) and ("-" in between or not token.text.isascii()):
            term = lexicon.drugs().spelled_otherwise(token.text + nxt.text)
            if term is not None:
                found.append(Match(i, i + 1, token.start, nxt.end, term))
                covered.update((i, i + 1))
                continue
        if "-" in token.text:
            term = lexicon.drugs().spelled_otherwise(token.text)
            if term is not None:
                found.append(Match(i, i, token.start, token.end, term))
                continue
            # A compound of names ("пустырник-валерианка-боярышник"): each listed part on its own.
            offset = token.start
            for part in token.text.split("-"):
                term = (lexicon.drugs().lookup(part) or _misspelt_drug(part)) if len(part) >= 4 else None
                if term is not None:
                    found.append(Match(i, i, offset, offset + len(part), term))
                offset += len(part) + 1
            continue
        term = _misspelt_drug(token.text)
        if term is not None:
            found.append(Match(i, i, token.start, token.end, term))
    return found


# A name after "non-" or "anti-" names a class that is not the drug: "non-aspirin NSAIDs", "non-steroid creams".
NOT_THE_DRUG_RE = re.compile(r"(?:non|anti)-")
# A medicine named as what another is like («аналог Кагоцела», «заменитель сибутрамина»): the one taken is the other.
ANALOGUE_OF_RE = re.compile(r"\b(?:аналог\w*|заменител\w*)\s+$")


def _named_drugs(s: Sentence, excluded: list[tuple[int, int]]) -> list[Match]:
    """Listed drugs, plus unknown ones in a taking-verb slot the list did not fill."""
    listed = lexicon.drugs().find(s.tokens)
    listed = sorted(listed + _variant_drugs(s, listed), key=lambda m: m.start)
    listed = [m for m in listed if not NOT_THE_DRUG_RE.match(s.tokens[m.first].text)]
    known = [d for d in listed if not any(a <= d.start < b for a, b in excluded)]
    unknown = [
        u
        for u in _unknown_drugs(s, listed)
        if not any(a <= u.start < b for a, b in excluded) and not any(k.first <= u.first <= k.last for k in listed)
    ]
    return sorted((d for d in known + unknown if not _analogue_of(s, d) and not _vaccine(s, d)), key=_start)


# --- a vaccine is no medicine: a vaccination is an event (events.py) ------------------------------------

# A listed name whose class is a vaccine (ATC J07: «вакцина против гриппа», "rabies vaccine").
VACCINE_CLASS_RE = re.compile(r"вакцин|\bvaccines?\b")
# The Russian words of vaccination, whose object or apposition is the vaccine: «привилась Спутником», «прививку
# Вактрикс», «вакциной Пентаксим», «вакцинировалась X», «ревакцинацию X».
RU_VACCINATION_WORD_RE = re.compile(r"привив\w*|привил(?:ся|ась|ось|ись|а|и)?|привит\w*|привь\w*|(?:ре)?вакцин\w*")
# A vaccination word that is only the time or the cause of what follows («после прививки пила X», «от вакцины»).
NOT_THE_VACCINES_HEAD_RE = re.compile(r"\b(?:после|от|до|перед|из-за|без|вместо)\s+$")
# How many words may stand between a vaccination word and the vaccine's name («привилась в марте Спутником»).
VACCINE_REACH = 3
# English: the vaccine before the word of vaccination ("the Zorbavax vaccine", "my Zorbavax booster", "a Zorbavax
# jab") or after "vaccinated with"; before "shot" only where the message speaks of vaccination, as a shot is as often
# a medicine's injection ("a Zorbex shot for my knee").
EN_VACCINE_AFTER_NAME_RE = re.compile(r"\s+(?:vaccines?|vaccinations?|jabs?|boosters?)\b")
EN_SHOT_AFTER_NAME_RE = re.compile(r"\s+shots?\b")
EN_VACCINATED_WITH_RE = re.compile(r"\b(?:vaccinated|immuni[sz]ed|inoculated)\s+with\s+(?:the\s+|a\s+)?$")
VACCINATION_SAID_RE = re.compile(r"\b(?:vaccin\w*|boosters?|jabs?|immuni[sz]\w*|inoculat\w*)\b")


def _vaccine(s: Sentence, drug: Match) -> bool:
    """A vaccine: a listed name of that class, a name the vaccine list knows («Спутник», "Moderna"), or a name no list
    knows in the slot of a word of vaccination («прививку Зорбавак», "the Zorbavax booster")."""
    if VACCINE_CLASS_RE.search(drug.term.normalized):
        return True
    named = lexicon.vaccines().find(s.tokens[drug.first : drug.last + 1])
    if named and named[0].first == 0:
        return True
    return drug.term.kind in ("unknown", "misspelt") and _in_a_vaccination_slot(s, drug)


def _in_a_vaccination_slot(s: Sentence, drug: Match) -> bool:
    """The name before an English word of vaccination or after "vaccinated with", or a few words after a Russian one
    with no verb between (which would make the name that verb's object)."""
    after = s.norm[drug.end :]
    if EN_VACCINE_AFTER_NAME_RE.match(after) or EN_VACCINATED_WITH_RE.search(s.norm, 0, drug.start):
        return True
    if EN_SHOT_AFTER_NAME_RE.match(after) and VACCINATION_SAID_RE.search(s.message or s.norm):
        return True
    clause = _clause_start(s, drug.start)
    words = [t for t in s.tokens if clause <= t.start and t.end <= drug.start][-(VACCINE_REACH + 1) :]
    for i in range(len(words) - 1, -1, -1):
        between = words[i + 1 :]
        if any(_finite_verb(t.text) or morphology.has_tag(t.text, "INFN") for t in between):
            return False  # «после прививки выпила Зорбекс»: the name is that verb's
        if RU_VACCINATION_WORD_RE.fullmatch(words[i].text):
            return not NOT_THE_VACCINES_HEAD_RE.search(s.norm, 0, words[i].start)
    return False


def _analogue_of(s: Sentence, drug: Match) -> bool:
    """The drug in the genitive after «аналог», «заменитель» («аналог ксанакса»): what the one taken is like. Said in
    its dictionary form it is in apposition, the analogue's own name («его аналог Номидекс»)."""
    return bool(ANALOGUE_OF_RE.search(s.norm, 0, drug.start)) and s.norm[drug.start : drug.end] != drug.term.name


def _taken_as_object(s: Sentence, drug: Match) -> bool:
    """Is the drug the object of a verb of taking ("пью Концерту") or right before its dose ("Концерта 18 мг")?"""
    taken = frozenset({drug.start})
    for cue in TAKE_CUE_RE.finditer(s.norm):
        slot = _slot_after(s, cue.end(), taken=taken)
        if slot is not None and slot.start == drug.start:
            return True
    return bool(DOSE_RE.match(s.norm[drug.end :].lstrip()) or STRENGTH_RE.match(s.norm[drug.end :]))


# A title in quotes after the work that bears it ("Мне понравилось видео «Сиофор и Глюкофаж для похудения»", "фильм
# «Нация прозака»", "the song "Xanax""): a drug named in it is the title's, not one the writer takes.
MEDIA_TITLE_RE = re.compile(
    r"\b(?:видео|ролик\w*|стать[яиюей]|статейк\w*|фильм\w*|сериал\w*|песн[яиюе]|песню|трек\w*|клип\w*|альбом\w*"
    r"|книг[аиуе]|книгу|пост(?:а|е|ом)?|подкаст\w*|video|song|film|movie|book|article|post|podcast)\s*[\"«“„]+"
)
QUOTE_CHARS = '"«»“”„'


def _titles(s: Sentence) -> list[tuple[int, int]]:
    """The char spans of quoted titles: from the opening quote to the last quote of the sentence (a title may hold
    quotes of its own) or, unclosed, to its end."""
    spans = []
    for m in MEDIA_TITLE_RE.finditer(s.norm):
        closing = max(s.norm.rfind(q, m.end()) for q in QUOTE_CHARS)
        spans.append((m.end(), closing if closing > m.end() else len(s.norm)))
    return spans


# On a medicine for a time, the verb left out as tweets do: «второй день на X», «вторую неделю на X», «год на X»; a
# span of time in any case («день», «недель», «месяца», «полгода») right before «на» and the drug.
TIME_SPAN = r"(?:день|дн(?:я|ей)|сутки|суток|недел(?:я|ю|и|ь)|месяц(?:а|ев)?|год(?:а)?|лет|полгода)"
TIME_ON_RE = re.compile(rf"\b{TIME_SPAN}\s+(?:уже\s+)?на\s+")
# What may stand before the span, besides the writer: how many, which one, already («вот уже вторую неделю»).
SPAN_COUNT_POS = frozenset({"ADJF", "NUMR", "ADVB", "PRCL", "CONJ"})


def _on_it_for_a_time(s: Sentence, excluded: list[tuple[int, int]]) -> bool:
    """A drug some list knows right after a span of time and «на»: someone is on it («Третий день на X»); not a
    participle's («мисс, сидевшая год на X», a person described), nor a span whose «на» is another's («года на данный
    момент»)."""
    spans = list(TIME_ON_RE.finditer(s.norm))
    if not spans:
        return False
    drug_starts = {d.start for d in _named_drugs(s, excluded) if d.term.kind not in ("unknown", "ordinary")}
    for span in spans:
        if span.end() not in drug_starts:
            continue
        before = [t for t in s.tokens if t.end <= span.start()]
        while before and (before[-1].text.isdigit() or morphology.pos(before[-1].text) in SPAN_COUNT_POS):
            before.pop()
        if not before or morphology.pos(before[-1].text) not in ("PRTF", "PRTS", "GRND"):
            return True
    return False


# A stage of the writer's regimen told without a verb of taking, as tweets tell a history of medicines: «сначала был X,
# потом Y, сейчас Z», «Теперь X и Y.», «До этого был X». The clause is the stage word, at most «был» and a particle,
# and the drug or its list, and nothing after; what is said of the drug besides is left to the other cues. A stage
# said as over («был X», «сначала X», «раньше X») is a medicine stopped; «потом», «сейчас» and «теперь» leave it on.
REGIMEN_STAGE_RE = re.compile(
    r"(?:(?:а|и|но|ну|да)\s+)?(?:сначала|сперва|потом|затем|сейчас|щас|теперь|до\s+этого|раньше|первым|первый"
    r"|первая|первое)\s+(?:(?:был[аио]?|вот|уже|только|же|снова|опять)\s+)*"
)
STAGE_CLAUSE_BREAK_RE = re.compile(r"[.;:!?,()—–]|\s-+\s|^")
STAGE_OVER_RE = re.compile(r"\b(?:был[аио]?|сначала|сперва|раньше|этого|перв\w+)\b")
STAGE_NOW_RE = re.compile(r"\b(?:сейчас|щас|теперь)\b")


def _instructed(s: Sentence, drug: Match) -> bool:
    """A name in the accusative, not as the lexicon lists it («сначала смекту, потом уголь»; «тамифлю» is listed so):
    the object of a taking left out, as instructions leave it, not a stage of the writer's regimen."""
    said = s.norm[drug.start : drug.end]
    return said.endswith(("у", "ю")) and said != drug.term.name


def _regimen_stages(s: Sentence, excluded: list[tuple[int, int]]) -> dict[int, bool]:
    """Where each list of a regimen's stages begins, and whether its stage is over."""
    stages: dict[int, bool] = {}
    if not REGIMEN_STAGE_RE.search(s.norm):
        return stages  # no stage word: spare every sentence the lookup of its drugs
    drugs = [d for d in _named_drugs(s, excluded) if d.term.kind not in ("unknown", "ordinary")]
    for i, drug in enumerate(drugs):
        if i and (joiner := LIST_JOINER_RE.match(s.norm, drugs[i - 1].end)) and joiner.end() == drug.start:
            continue  # inside a list: its first name decides
        opening = max((m.end() for m in STAGE_CLAUSE_BREAK_RE.finditer(s.norm, 0, drug.start)), default=0)
        stage = OPENING_RE.sub("", s.norm[opening : drug.start], count=1).strip() + " "
        if not REGIMEN_STAGE_RE.fullmatch(stage):
            continue
        if _instructed(s, drug):
            return {}  # the steps of an instruction, the others too («сначала смекту, потом нурофен»)
        list_end = _list_end(s, drugs, i)
        after = STAGE_CLAUSE_BREAK_RE.search(s.norm, list_end)
        if not s.norm[list_end : after.start() if after else len(s.norm)].strip(" " + QUOTE_CHARS):
            stages[drug.start] = bool(STAGE_OVER_RE.search(stage)) and not STAGE_NOW_RE.search(stage)
    return stages


UNDER_RE = re.compile(r"\bпод\s+$")


def _under_it(s: Sentence, excluded: list[tuple[int, int]]) -> bool:
    """A drug some list knows right after «под», under its effect («уснул в лифте под X», «могу общаться только под
    X»), when the writer speaks of themselves in the sentence: said of anyone else it is a joke or gossip («Лил Пип
    под X», «есть у меня товарищ. Уснул в лифте под X»)."""
    if "под " not in s.norm:
        return False
    drugs = [d for d in _named_drugs(s, excluded) if d.term.kind not in ("unknown", "ordinary")]
    if not any(UNDER_RE.search(s.norm, 0, d.start) for d in drugs):
        return False
    return bool(WRITER_WORD_RE.search(s.norm)) or _first_person_verb(s.norm, saying_counts=True)


def medications(s: Sentence, excluded: list[tuple[int, int]]) -> list[Finding]:
    """`excluded`: char spans other rules already own (allergens), never read as a drug taken."""
    excluded = excluded + _titles(s)
    stages = _regimen_stages(s, excluded)
    cued = (
        DOSE_RE.search(s.norm)
        or TAKE_CUE_RE.search(s.norm)
        or _cue_said(MED_CUE_RE, s)
        or _on_it_for_a_time(s, excluded)
        or stages
        or _under_it(s, excluded)
        or EN_PARTICIPLE_AFTER_NAME_RE.search(s.norm)
    )
    experienced = not cued and _experienced(s)
    # Nothing but a schedule: a regimen said without a verb ("Сейзар утром, финлепсин на ночь").
    scheduled_only = not cued and not experienced and not STRENGTH_CUE_RE.search(s.norm)
    if scheduled_only and not FREQUENCY_RE.search(s.norm):
        return []
    if s.hypothetical:
        return []
    # Without a taking verb or a dose an unknown name comes only from a dosage-form slot ("крем Evergetikon");
    # a listed name that is also an everyday word ("на экваторе", "концерты") only as the object of one.
    drugs = [d for d in _named_drugs(s, excluded) if d.term.kind != "ordinary" or _taken_as_object(s, d)]
    if scheduled_only:
        drugs = _with_their_schedule(s, drugs)
    if not drugs or _someone_else(s, drugs[0].start) or _advice_to_reader(s) or _price_listing(s) or _leaflet(s):
        return []
    if (experienced and _chanted_names(s, drugs)) or _rule_for_anyone(s):
        return []
    drugs = _without_aliases(s, drugs)
    drug_starts = frozenset(d.start for d in drugs)
    found = []
    list_start = 0
    for i, drug in enumerate(drugs):
        joiner = LIST_JOINER_RE.match(s.norm, drugs[i - 1].end) if i else None
        if joiner is None or joiner.end() != drug.start:
            list_start = drug.start
        if (
            _not_used(s, drug, list_start)
            or _another_subject_takes(s, drug, list_start, drug_starts)
            or _named_before_an_english_verb(s, drug, list_start)
            or _others_take_in_english(s, drug, list_start)
            or _classified(s, drug)
            or _not_the_writers_in_english(s, drug, list_start)
        ):
            continue
        # A drug's own details follow it up to the next drug; what precedes the first drug
        # ("Врач назначил мне", "I take 20 mg of") belongs to all of them.
        seg_end = drugs[i + 1].start if i + 1 < len(drugs) else len(s.norm)
        segment = s.norm[drug.start : seg_end]
        context = s.norm[: drugs[0].start] + " " + segment
        listed = (list_start, _list_end(s, drugs, i))
        taken = not experienced and not _only_bought(context)
        stage_over = stages.get(list_start, False)
        found.append(_medication(s, drug, segment, context, taken=taken, listed=listed, stage_over=stage_over))
    return found


# A drug defined by its class, as a leaflet, a lecture or the news defines it: «Ламотриджин — противоэпилептический
# препарат», «Метформин — препарат, используемый при диабете», «X - это лекарство от ожирения». A relative adjective
# («противовирусный», «российский», «рецептурный») classifies; a qualitative one («отличный», «слабый») is a verdict,
# said from use («Анаферон — слабый препарат»). The writer in the sentence («X — гормональный препарат, я его пью»),
# or telling a use of their own elsewhere in the message (a review opens so: «X — иммуномодулирующее средство. Принимаю
# его осенью»), makes it theirs.
CLASS_AFTER_NAME_RE = re.compile(
    r"[\"»”]?(?:\s*[—–]\s*(?:это\s+)?|\s+-+\s*(?:это\s+)?|\s+это\s+)((?:[\w-]+\s+){0,3}?)(?:средств|препарат|лекарств)\w*"
)
CLASSIFYING_POS = frozenset({"ADJF", "PRTF", "ADVB", "PRCL"})


def _classifies(word: str) -> bool:
    tag = morphology.best(word).tag
    return tag.POS in CLASSIFYING_POS and "Qual" not in tag


def _classified(s: Sentence, drug: Match) -> bool:
    defined = CLASS_AFTER_NAME_RE.match(s.norm, drug.end)
    if defined is None or not all(_classifies(w) for w in defined.group(1).split()):
        return False
    message = s.message or s.norm
    return not (
        WRITER_WORD_RE.search(s.norm) or _first_person_verb(s.norm) or (TAKE_CUE_RE.search(message) and _writer_in(s))
    )


# Buying a medicine: the writer has it, which tells nothing of whether they take it («Купила Нурофен», "I bought
# Advil"); a verb of taking, a word of its use or a schedule beside it does («Купила и пью», «купила X, и он
# помогает», "bought Zyrtec and take it daily").
BOUGHT_RE = re.compile(r"\b(?:(?:по)?купил[аи]?|покупа\w*|приобрел[аи]?|приобрета\w*|bought|buy|buying|purchased)\b")


def _only_bought(context: str) -> bool:
    if not BOUGHT_RE.search(context) or FREQUENCY_RE.search(context):
        return False
    cues = [*TAKE_CUE_RE.finditer(context), *MED_CUE_RE.finditer(context)]
    return all(BOUGHT_RE.fullmatch(m.group()) for m in cues)


def _list_end(s: Sentence, drugs: list[Match], i: int) -> int:
    """Where the list holding drugs[i] ends ("took Advil, Tylenol and Aleve last night": after Aleve)."""
    while (
        i + 1 < len(drugs)
        and (joiner := LIST_JOINER_RE.match(s.norm, drugs[i].end))
        and joiner.end() == drugs[i + 1].start
    ):
        i += 1
    return drugs[i].end


# A second name in brackets right after the first is the same medicine ("триттико (trazodone)", "пароксетин (паксил)").
ALIAS_OPENING_RE = re.compile(r"[\s\"«»“”„]*\(\s*[\"«“„]?\s*$")


def _without_aliases(s: Sentence, drugs: list[Match]) -> list[Match]:
    """One medicine for a name and its bracketed alias: the listed one of the two, the first when both are."""
    kept: list[Match] = []
    for drug in drugs:
        if kept and ALIAS_OPENING_RE.fullmatch(s.norm[kept[-1].end : drug.start]):
            if kept[-1].term.kind in ("unknown", "misspelt") and drug.term.kind not in ("unknown", "misspelt"):
                kept[-1] = drug
            continue
        kept.append(drug)
    return kept


# A price: a shop's or a seller's listing ("X 20 мг №28 — цена 1300 руб., купить в Москве").
PRICE_RE = compile_cues(r"\bцен[аы]\b|\d\s*(?:руб|р\.|₽)|\bкупить\s+в\b|\bprice\b|\$\s*\d")


def _price_listing(s: Sentence) -> bool:
    """A price said with no word of the writer's in the message: a listing, not a use."""
    return bool(PRICE_RE.search(s.norm)) and not _writer_in(s)


# The title of a drug's leaflet or review page: «X инструкция по применению», «Эутирокс: инструкция и аналоги»,
# «X отзывы форум», "X instructions for use". Without a verb of the writer's it tells of no use.
LEAFLET_RE = re.compile(
    r"\bинструкци[яию]\s+(?:по|к)\s+(?:медицинскому\s+)?применению\b|\bинструкци[яи]\s+и\s+аналоги\b"
    r"|\bотзывы\s+(?:форум|врачей|покупателей|пациентов)\b|\binstructions\s+for\s+use\b"
)


def _leaflet(s: Sentence) -> bool:
    return (
        bool(LEAFLET_RE.search(s.norm)) and not _first_person_verb(s.norm) and not EN_WRITER_SUBJECT_RE.search(s.norm)
    )


# What may stand between a drug's name and its schedule: a bracket, a comma, a colon ("тизерцин (на ночь)").
SCHEDULE_GAP_RE = re.compile(r"[\s,:()\-—–]*")


def _with_their_schedule(s: Sentence, drugs: list[Match]) -> list[Match]:
    """The drugs a schedule is said of, right after or right before their name or their list ("Сейзар утром",
    "аминазин и финлепсин вечером", "на ночь триттико"); a schedule elsewhere in the sentence says nothing of them."""
    kept: list[Match] = []
    run: list[Match] = []
    for i, drug in enumerate(drugs):
        run.append(drug)
        following = drugs[i + 1] if i + 1 < len(drugs) else None
        joiner = LIST_JOINER_RE.match(s.norm, drug.end)
        if following is not None and joiner is not None and joiner.end() == following.start:
            continue  # the list goes on
        gap = SCHEDULE_GAP_RE.match(s.norm, drug.end)  # matches the empty string at least
        after = FREQUENCY_RE.match(s.norm, gap.end() if gap else drug.end)
        lead = s.norm[: run[0].start].rstrip(" ,:()-—–")
        before = any(m.end() == len(lead) for m in FREQUENCY_RE.finditer(lead))
        if after or before:
            kept.extend(run)
        run = []
    return kept


# A stop that says the drug was taken before ("перестал", "came off"): first mention stores it inactive.
# "не принимаю X" only denies it, which matters only for a drug already on file.
DENIED_RE = re.compile(
    r"(?<!больше\s)(?<!уже\s)\bне\s+(?:принимаю|пью|колю)\b|\b(?:not|don't|do\s+not)\s+take|\bnot\s+taking"
)
# Right before the drug: what one switched or came off ("switched from X", "перешла с X", "слезла с X"), or was on
# in the past ("сидела на X", said like "I was on X"): a stop of that drug only.
SWITCHED_FROM_RE = compile_cues(
    r"(?:switched|changed|moved)\s+(?:me\s+|us\s+)?(?:over\s+)?from\s+$"
    r"|(?:перешел|перешла|перешли|перевел[аи]?|соскочил\w*)\s+(?:меня\s+|нас\s+)?с\s+$"
    r"|\b(?:слез(?:ла|ли)?|слеза(?:ю|ет|ла|ли))\s+с\s+$|\bсидел[аи]?\s+на\s+$"
)
STARTED_RE = re.compile(
    r"\bначал\w*|\bстал\w*\s+(?:пить|принимать)|\bstarted\b|\bbegan\b|\bswitched\s+to|\bперешл?\w*\s+на"
)
INSERTED_RE = re.compile(r"\b(?:inserted|placed|put\s+in|поставил\w*|установил\w*)\b")
# Someone else's medicine: a third-person subject and nothing about the user ("она пьет", "my wife is on").
OTHER_SUBJECT_RE = re.compile(
    r"\b(?:он|она|они|he|she|they|he's|she's|they're)\b"
    # The listener or anyone: "you take aspirin for headaches", "people use melatonin" (in Russian the verb's person
    # says it: «многие пьют X»; «люди» is too often in another clause: «слепну от Прозака, как люди так живут»).
    r"|\b(?:you|you're|people|folks|everyone|everybody|someone|somebody|anyone|anybody)\b"
    # Whoever it is, in a relative clause or unnamed: «всем, кто сидит на X», «кто-то пьет X».
    r"|\bкто(?:-то|-нибудь|-либо)?\b"
    r"|\bmy\s+(?:friend|boyfriend|girlfriend|partner|colleague|coworker|neighbou?r|roommate)\b"
    r"|\b(?:подруг\w*|друг|друга|другу|коллег\w*|сосед\w*)\b"
    # An English verb of taking in the third person ("my wife takes X", "he's been on X").
    r"|\b(?:takes|uses|is\s+(?:now\s+|still\s+)?(?:on|taking)|has\s+been\s+(?:on|taking))\b"
)


def _experienced(s: Sentence) -> bool:
    """Does the writer speak of a medicine they know from use: its effect, its form, themselves?"""
    if HEARSAY_RE.search(s.norm):
        return False
    return bool(SELF_RE.search(s.norm) or _cue_said(EXPERIENCE_CUE_RE, s) or _first_person_verb(s.norm))


# A condition put to anyone: «Если грипп — тамифлю в первые двое суток», «если аллергия, можно цетиризин», "if it's
# the flu, Tamiflu within 48 hours". Without the writer in the sentence it is a rule or advice, not their use («если
# болит голова, пью нурофен», «если X не поможет, буду просить Y» have the writer's verb). A Russian verb in the past
# tells what happened, not a rule («от X была изжога, если пить натощак», «прописали X (если терапия подойдет)»).
# «как если бы», «это как если…», "as if" compare; they set no condition.
CONDITION_RE = re.compile(r"(?<!\bкак\s)\bесли\b|\bin\s+case\b|\bв\s+случае\b|(?<!\bas\s)\bif\b")


def _rule_for_anyone(s: Sentence) -> bool:
    return bool(CONDITION_RE.search(s.norm)) and not (
        SELF_RE.search(s.norm)
        or _first_person_verb(s.norm, saying_counts=True)
        or any(not t.text.isascii() and morphology.has_tag(t.text, "VERB", "past") for t in s.tokens)
    )


# pymorphy3's parts of speech that are a verb: finite, infinitive, adverbial participle, short participle.
VERB_FORMS = frozenset({"VERB", "INFN", "GRND", "PRTS"})


def _chanted_names(s: Sentence, drugs: list[Match]) -> bool:
    """A list of names that opens the sentence, then a clause about the writer with no verb at all («Кодеин, трамадол,
    прегабалин, детка я в говно»): a chant, not the writer's medicines. A verb after the list («…, как же я скучала»,
    «…, и у меня был тремор»), the writer before it («Моя схема: X, Y», «мне X и Y») or a word of experience anywhere
    says they are theirs. English is left alone: its contractions ("I'm gone") hide the verb from the dictionary."""
    if len(drugs) < 2 or _cue_said(EXPERIENCE_CUE_RE, s) or _first_person_verb(s.norm):
        return False
    if re.search(r"[^\W\d_]", OPENING_RE.sub("", s.norm[: drugs[0].start], count=1)):
        return False  # something is said before the names
    if _list_end(s, drugs, 0) != drugs[-1].end:
        return False  # not one list
    rest = s.norm[drugs[-1].end :]
    if not SELF_RE.search(rest):
        return False
    words = [t.text for t in tokenize(rest) if re.search(r"[^\W\d_]", t.text)]
    return bool(words) and not any(w.isascii() or morphology.pos(w) in VERB_FORMS for w in words)


def _cue_said(cue_re: re.Pattern[str], s: Sentence) -> bool:
    """A cue of `cue_re` in the sentence; an impersonal one only when the writer speaks of themselves."""
    said = [m.group() for m in cue_re.finditer(s.norm)]
    if any(not IMPERSONAL_CUE_RE.fullmatch(cue) for cue in said):
        return True
    return bool(said) and _writer_in(s)


def _writer_in(s: Sentence) -> bool:
    """The writer speaks of themselves: a first-person word in the message (a review names the drug in one sentence
    and its use in the next), or a Russian verb in the first person there («жду», «пью»)."""
    text = s.message or s.norm
    if WRITER_WORD_RE.search(text):
        return True
    return _first_person_verb(text, saying_counts=True) or _subjectless_past(s.norm)


# First-person verbs that tell what the writer says, thinks, wants, reads or trades, not what they do with a drug:
# "точно тебе говорю", "хочу X", "надеюсь", "читаю про", "смотрю «Нацию прозака»", "могу достать", "обменяю на X".
SAYING_VERBS = frozenset(
    {
        "говорить",
        "сказать",
        "думать",
        "знать",
        "считать",
        "полагать",
        "понимать",
        "помнить",
        "верить",
        "хотеть",
        "захотеть",
        "надеяться",
        "мечтать",
        "желать",
        "читать",
        "смотреть",
        "пересмотреть",
        "слушать",
        "видеть",
        "мочь",
        "предлагать",
        "поздравлять",
        "цитировать",
        "голосовать",
        "соглашаться",
        "согласиться",
        "доверять",
        "продать",
        "продавать",
        "перепродать",
        "обменять",
        "отдать",
        "подарить",
        "быть",
    }
)


@lru_cache(maxsize=1024)
def _first_person_verb(text: str, *, saying_counts: bool = False) -> bool:
    """A Russian verb in the first person the dictionary knows («мешаю», «ем», «кайфую»; not a guess for an unknown
    name): the writer as its subject without «я». A verb of saying or thinking («точно тебе говорю») tells only that
    the writer speaks, not of what they do: it counts when `saying_counts`."""
    return any(
        not t.text.isascii()
        and len(t.text) > 1
        and morphology.is_known(t.text)
        and morphology.has_tag(t.text, "VERB", "1per")
        and (saying_counts or morphology.lemma(t.text) not in SAYING_VERBS)
        for t in tokenize(text)
    )


def _subjectless_past(text: str) -> bool:
    """A Russian past-tense verb of one man or woman with no subject before it ("Покупал в аптеке X", "спустя
    неделю решила прекратить прием X"): in a post, the writer, who leaves out «я»."""
    for t in tokenize(text):
        if t.text.isascii() or not t.text.isalpha():
            continue
        if not morphology.is_known(t.text):
            return False  # a name the dictionary does not know may be the subject: "Нурофен подорожал"
        tag = morphology.best(t.text).tag
        if tag.POS in ("NOUN", "NPRO") and "nomn" in tag.grammemes:
            return False  # a subject comes first: "Минздрав включил X", "она купила"
        if tag.POS == "VERB" and {"past", "sing"} <= tag.grammemes and tag.grammemes & {"masc", "femn"}:
            return True
    return False


# Said of a drug the writer does not take: never used, forbidden or avoided, or only heard of ("I have never tried
# X", «мне нельзя X», "my doctor said to avoid X", «врач сказал не пить X», "I read that X helps"). A stop or a
# denial of a drug on file ("перестала пить", "не принимаю") is not this: it ends a use and is handled as such.
NOT_USED_RE = re.compile(
    # Afraid to begin it, said in the present: not begun ("I'm scared to start X", «боюсь начинать X»; "I was scared
    # to start X, but" tells it was begun).
    r"\b(?:i'm|i\s+am|im)\s+(?:so\s+|really\s+|a\s+bit\s+|still\s+)?(?:scared|afraid|nervous|hesitant|terrified)"
    r"\s+(?:to|of)\s+(?:start|take|try|starting|taking|trying)\b"
    r"|\bбоюсь\s+(?:начинать|начать|пить|принимать|попробовать)\b"
    r"|\bnever\b|\b(?:haven't|have\s+not|hasn't|didn't|did\s+not)\s+(?:\w+\s+)?(?:tried|taken|used|take|try|use|been)"
    r"|\bavoid\w*|\b(?:shouldn't|should\s+not|can't|cannot|can\s+not|mustn't|must\s+not)\s+(?:\w+\s+)?(?:take|use|have)"
    r"|\bnot\s+(?:to|allowed\s+to)\s+(?:take|use)|\bnot\s+allowed|\brefuse\w*"
    # A question put as a statement ("I wonder whether X helps", «поможет ли X»).
    r"|\bwonder(?:s|ed|ing)?\s+(?:if|whether|about)\b|\b(?:поможет|помогает|подойдет|стоит)\s+ли\b"
    r"|\bникогда\b|\bнельзя\b|\bзапрещ\w*|\bпротивопоказ\w*|\bизбега\w*"
    r"|\bне\s+(?:пробовал\w*|принимал\w*|пил[аи]?|колол\w*|юзал\w*|пить|принимать|колоть|употреблять|глотать|закинуться"
    r"|стоит|надо|нужно|следует"
    r"|советую|рекомендую|рекомендовал\w*)\b|\bотказал\w*\s+от"
)
# A use put as a condition of anyone's ("если принять X и Y, человека разорвет", "если пить его долго"): no one's use,
# unless the writer says what it does to them ("если пить X по одной таблетке, я к вечеру спокойна").
CONDITIONAL_USE_RE = re.compile(
    r"\bесли\s+(?:\w+\s+){0,2}?(?:принять|принимать|пить|выпить|попить|колоть|смешать|мешать|запить|запивать)\b"
)


def _conditional_use(s: Sentence, lead: str, clause: int) -> bool:
    """A use put as a condition in the drug's clause, unless the writer speaks of themself outside the condition
    ("если пить X по таблетке, я к вечеру спокойна"; "если я буду пить X" is still a condition)."""
    condition = CONDITIONAL_USE_RE.search(lead, clause)
    if condition is None:
        return False
    return not any(not condition.start() <= m.start() < condition.end() for m in FIRST_PERSON_RE.finditer(s.norm))


# Reported speech reaches past the comma that opens what was reported ("Слышала, что X помогает").
HEARD_OF_RE = re.compile(
    r"\bheard|\bread\s+(?:that|about|somewhere)|\bслыш\w*|\b(?:на|про)?читал\w*|\bнаслыша\w*|\bговорят\b"
    # Reports of others ("много отзывов о том, что", «истории о том, как»).
    r"|\b(?:отзыв\w*|рассказ\w*|истори[йиюя]|слух\w*|новост\w*)\s+о\s+том\b"
)
# Others' reports of a medicine, right before it: «отзывы о X», «хвалебные отзывы о чудодействии X», "reviews of X",
# "good things about X". The writer's own review («мой отзыв о X», "my review of X") tells of their use.
REPORTS_OF_RE = re.compile(
    r"(?<!\bмой\s)(?<!\bmy\s)(?:\b\w+\s+)?\b(?:отзыв\w*|reviews?|(?:good|great|bad|horror)\s+(?:things|stories))"
    r"\s+(?:о|об|про|of|about|on)\s+(?:[\w-]+\s+){0,2}$"
)
# «больше» ends a use only with «не» («больше не пью», «не пью его больше»): alone it is "more" («нужно больше X»).
ENDED_USE_RE = re.compile(
    rf"\b(?:since|anymore|any\s+more|уже|больше\s+не)\b|\bне\s+\w+(?:\s+\w+)?\s+больше\b|{LAPSED_USE}"
)
# Right before the drug: what it is set against or replaced by ("я против X", "Y instead of X").
# Or what it is the topic, the name or the title of ("шучу про X", «история про X», "название лекарства «X»", "автор
# X"), the listener's or another's ("твой X", "your X"), or what the writer hands out or sells ("даю X", "продам X").
# "забыла про X" is a dose forgotten, said by one who takes it. A list after such a word shares it ("про X и Y").
NOT_USED_BEFORE_RE = re.compile(
    r"\b(?:против|вместо|instead\s+of|against|rather\s+than|(?<!забыл\s)(?<!забыла\s)(?<!забыли\s)про|(?:said|says)(?:\s+that)?"
    r"|названи\w*(?:\s+\w+)?|слов[оа]|автор\w*|песн[яиюе]|трек\w*|альбом\w*|фильм\w*|сериал\w*|книг[аиуе]"
    r"|тво(?:й|я|е|ё|и|его|ей|ему|им|их|ю)|ваш(?:а|е|и|его|ей|ему|им|их|у)?|your"
    r"|да(?:ю|ем|ём|м)|отда(?:ю|м|ем|ём)|(?:пере)?прода(?:ю|м|ем|ём|ется|ются)|обменя(?:ю|ем)|куплю|sell|selling"
    # Introduced as a thing that exists ("есть такое лекарство X", "there's a drug called X").
    r"|(?:есть|существует|бывает)\s+так(?:ое|ой|ая|ие)\s+(?:лекарство|средство|препарат|таблетки)"
    r"|(?:drug|medicine|medication|pill)\s+called)[\s\"«»“”„]*$"
)
# The drug in a likeness: "будто я под X", "трясёт, как от годового приёма X", "as if I was on X", "like after X".
SIMILE_BEFORE_RE = re.compile(
    r"\b(?:будто|словно|as\s+if|as\s+though)\b|\b(?:как|like)\s+(?:от|после|под|на|after|on)\s+(?:\w+\s+){0,3}$"
    # A person called a medicine: «ты мой флуоксетин», «ты мой личный сорт прозака», "you're my Xanax".
    r"|\b(?:ты|вы|you're|youre|you\s+are)\s+(?:мо[йяеи]|my)\s+(?:[\w-]+\s+){0,3}$"
)
# «о X» names a topic as «про X» does («песни о X», «говорила о X», «мечтаю о X», «дело о X»); a dose forgotten
# («забыла о X») is the writer's, and a review («мой отзыв о X», «отзывы о X») is left to REPORTS_OF_RE.
TOPIC_BEFORE_RE = re.compile(r"(?:(?<![\w-])([\w-]+)\s+)?\bо(?:б|бо)?[\s\"«»“”„]*$")
NOT_A_TOPIC_RE = re.compile(r"забы\w*|отзыв\w*")


def _topic(s: Sentence, list_start: int) -> bool:
    topic = TOPIC_BEFORE_RE.search(s.norm[:list_start])
    return topic is not None and not (topic.group(1) and NOT_A_TOPIC_RE.fullmatch(topic.group(1)))


# A likeness said with «как» right before the drug: «я их успокою, как прозак», «её голос для меня как прозак и
# мороженое», «Ламиктал мне уже как глицин». An example of a kind is not one («такие лекарства, как X», «таким
# лекарством как X», «типа как X», «так же, как X»), nor «как» that opens a clause of its own with its verb after the
# drug («как X начала пить, так и…», «посмотрим, как X сработает»).
LIKE_BEFORE_RE = re.compile(r"(?:(?<![\w-])([\w-]+)[\s,]*)?\bкак\s+$")
KIND_BEFORE_LIKE_RE = re.compile(
    r"так\w*|типа|же|вроде|лекарств\w*|препарат\w*|средств\w*|таблет\w*|\w*депрессант\w*|антибиотик\w*|нейролептик\w*"
    r"|транквилизатор\w*|колес\w*"
)


def _likened(s: Sentence, drug: Match, list_start: int) -> bool:
    like = LIKE_BEFORE_RE.search(s.norm[:list_start])
    if like is None or (like.group(1) and KIND_BEFORE_LIKE_RE.fullmatch(like.group(1))):
        return False
    rest = s.norm[drug.end : _clause_end(s, drug.end)]
    return not any(morphology.pos(t.text) in VERB_FORMS for t in tokenize(rest) if not t.text.isascii())


# The drug's clause names another owner ("у тебя X, у меня Y", "у них хороший препарат X").
OTHER_OWNER_RE = re.compile(r"\bу\s+(?:тебя|вас|него|нее|неё|них)\b")
# Not given to the writer: "X мне так и не дали", "мне не выписали X".
NOT_GIVEN_RE = re.compile(r"\bне\s+(?:дал[аи]?|назначил[аи]?|выписал[аи]?|прописал[аи]?|продал[аи]?)\b")
# The drug's clause starts after the last punctuation or contrast before it ("I never took X, but I take Y").
CLAUSE_START_RE = re.compile(r"[.;:!?,()]|\s(?:but|though|although|however|но|однако|зато|а)\s")


def _clause_start(s: Sentence, before: int) -> int:
    """Where the clause holding `before` starts: past the last clause break before it."""
    starts = [m.end() for m in CLAUSE_START_RE.finditer(s.norm[:before])]
    return starts[-1] if starts else 0


def _clause_end(s: Sentence, after: int) -> int:
    """Where the clause holding `after` ends: at the next clause break, or the sentence's end."""
    boundary = CLAUSE_START_RE.search(s.norm, after)
    return boundary.start() if boundary else len(s.norm)


# Advice to the reader: an imperative («Пейте X», «Попробуйте X», "Try X"), said by someone who may never have
# taken it; with the writer in the sentence («я пью и вам советую») it is theirs.
ADVICE_RE = re.compile(r"^(?:so\s+|please\s+|just\s+)?(?:take|try|use|get|ask\s+(?:your|a)\s+doctor\s+about)\b")
USE_VERBS = frozenset(
    {
        "пить",
        "выпить",
        "попить",
        "пропить",
        "принимать",
        "принять",
        "купить",
        "покупать",
        "попробовать",
        "пробовать",
        "использовать",
        "применять",
        "применить",
        "пользоваться",
        "воспользоваться",
        "колоть",
        "мазать",
        "капать",
        "закапывать",
        "брать",
        "взять",
        "юзать",
        "глотать",
        "закидываться",
        "закинуться",
    }
)


# Russian advice put as an infinitive of taking: right after a word that weighs options («лучше брать X», «можно
# выпить X», «стоит попробовать X», «следует колоть X», «как вариант — выпить X») or an imperative («давай начинай
# пить X»), or a few words after a predicative of need («надо пить X», «нужно сразу начинать принимать X»).
ADVISING_WORDS = frozenset({"лучше", "проще", "можно", "стоит", "следует", "вариант"})
ADVICE_REACH = 3


def _advice_to_reader(s: Sentence) -> bool:
    if FIRST_PERSON_RE.search(s.norm) or _writer_takes(s):
        return False
    tokens = s.tokens
    # A particle between the weighing word and the verb changes nothing: «лучше уж использовать X», «можно же пить X».
    words = [
        t for t in tokens if _advises(t.text) or t.text.isascii() or not morphology.any_reading_has(t.text, "PRCL")
    ]
    return (
        bool(ADVICE_RE.search(s.norm))
        or any(_imperative_of_use(t.text) for t in tokens)
        or any(_advises(before.text) and _infinitive_of_use(t.text) for before, t in pairwise(words))
        or (_need_to_take(tokens) and not _first_person_verb(s.norm))  # "надо выпить X, а то не усну": the writer's
    )


def _need_to_take(tokens: Sequence[Token]) -> bool:
    return any(
        _of_need(word.text) and any(_infinitive_of_use(t.text) for t in tokens[i + 1 : i + 1 + ADVICE_REACH])
        for i, word in enumerate(tokens)
    )


def _advises(word: str) -> bool:
    return word in ADVISING_WORDS or (not word.isascii() and morphology.has_tag(word, "VERB", "impr"))


# «нельзя» forbids, it advises nothing: a drug after it is refused as not used (NOT_USED_RE); one before it is the
# reason something else is forbidden ("из-за X нельзя пить").
FORBIDDING = frozenset({"нельзя"})


def _of_need(word: str) -> bool:
    """A predicative («надо», «нужно», «необходимо»): what must be done, by anyone."""
    return not word.isascii() and word not in FORBIDDING and morphology.has_tag(word, "PRED")


def _infinitive_of_use(word: str) -> bool:
    return not word.isascii() and morphology.has_tag(word, "INFN") and morphology.lemma(word) in USE_VERBS


def _imperative_of_use(word: str) -> bool:
    """«пейте», «принимайте», «попробуйте»: only an imperative reading ("пропили" is also a past tense)."""
    if word.isascii() or not morphology.has_tag(word, "VERB", "impr") or morphology.any_reading_has(word, "indc"):
        return False
    return morphology.lemma(word) in USE_VERBS


def _not_used(s: Sentence, drug: Match, list_start: int) -> bool:
    """Does the drug's clause, up to the drug, say the writer never used it, must not, or only heard of it?

    `list_start`: where the list the drug closes begins ("про X и Y": Y's list starts at X)."""
    lead = s.norm[: drug.start]
    clause = _clause_start(s, list_start)
    clause_end = _clause_end(s, drug.end)
    if (
        NOT_USED_BEFORE_RE.search(s.norm[:list_start])
        or OTHER_OWNER_RE.search(lead, clause)
        or SIMILE_BEFORE_RE.search(lead, clause)
        or _likened(s, drug, list_start)
        or _topic(s, list_start)
        or NOT_GIVEN_RE.search(s.norm, clause, clause_end)
    ):
        return True
    if ENDED_USE_RE.search(s.norm):
        return False  # "haven't taken X since May", «уже не пила»: a use that ended, a stop
    if _named_after_neither(s, drug, list_start) or _told_to_quit(s, clause, list_start):
        return True
    return bool(
        NOT_USED_RE.search(lead, clause)
        or HEARD_OF_RE.search(lead)
        or HEARD_OF_RE.search(s.norm, drug.end, clause_end)  # "Про Кагоцел только слышала"
        or _conditional_use(s, lead, clause)
        or _wished(s, drug, clause)
        or _wanted(s, drug, clause, list_start)
        or _wished_done(s, drug, clause)
    )


# «ни X, ни Y», "neither X nor Y": each name of the chain stands right after its «ни», "neither" or "nor".
NEITHER_BEFORE_RE = re.compile(r"\b(?:ни|neither|nor)\s+$")
CHAIN_HEAD_RE = re.compile(r"\b(?:ни|neither)\s")
SENTENCE_BREAK_RE = re.compile(r"[.;!?]")


def _named_after_neither(s: Sentence, drug: Match, list_start: int) -> bool:
    """The drug is in a «ни X, ни Y» / "neither X nor Y" chain that is the object of a verb said before it: «меня не
    интересует ни X, ни Y», "I take neither X nor Y" — no use, unless the writer tells a stop or a denial of what they
    took («больше не пью ни X, ни Y», "I don't take either X or Y": a stop, handled as one). A chain that is the
    subject («Ни X, ни Y мне не помогли») or the subject of an effect («мне не помогли ни X, ни Y») tells they were
    taken."""
    if not (NEITHER_BEFORE_RE.search(s.norm[: drug.start]) or NEITHER_BEFORE_RE.search(s.norm[:list_start])):
        return False
    heads = [
        m
        for m in CHAIN_HEAD_RE.finditer(s.norm, 0, drug.start)
        if not SENTENCE_BREAK_RE.search(s.norm, m.end(), drug.start)
    ]
    if not heads:
        return False
    before_chain = s.norm[_clause_start(s, heads[0].start()) : heads[0].start()]
    if not re.search(r"\w", before_chain) or RELIEF_RE.search(before_chain) or EXPERIENCE_CUE_RE.search(before_chain):
        return False
    return not STOPPED_RE.search(s.norm)


# Told to stop a medicine: a verb of advising or telling, then one of quitting, then the drug within a few words
# («врач посоветовал бросить X», «велел прекратить приём X», "my doctor told me to stop taking X", "advised me to come
# off X"). Advice to stop is no prescription and no stop: the writer's own stop said elsewhere in the sentence
# ("…, so I stopped", «и я бросила») is one.
TOLD_TO_QUIT_RE = re.compile(
    r"\b(?:(?:по)?совет\w*|(?:по)?рекомендова\w*|рекомендуют|сказал\w*|велел\w*|настаива\w*|настоял\w*|требу\w*"
    r"|told|tells|advised|advises|asked|suggested|recommended|said|says|wants?|wanted)"
    r"\s+(?:[\w']+\s+){0,3}?(?:to\s+)?(?P<quit>бросить|бросать|перестать|прекратить|прекращать|отменить|отказаться"
    r"|слезть|слезать|соскочить|завязать|stop|quit|discontinue|come\s+off|get\s+off|go\s+off|wean\s+off|cut\s+out)\b"
    # Between the quitting and the drug only what makes it the object: "stop taking my X", «прекратить приём X».
    r"(?:\s+(?:taking|using|the|my|all|of|on|при[её]м\w*|пить|принимать|употреблять|колоть|от|с|со|мо\w+|сво\w+|эт\w+)){0,3}"
    r"\s+$"
)


def _told_to_quit(s: Sentence, clause: int, list_start: int) -> bool:
    advice = TOLD_TO_QUIT_RE.search(s.norm[:list_start], clause)
    if advice is None:
        return False
    return not any(
        m.start() >= advice.end("quit") or m.end() <= advice.start("quit") for m in STOPPED_RE.finditer(s.norm)
    )


# A wish or "it's time to" with an infinitive of taking: «щас бы X-ом закинуться», «пора закинуться X-ом», «хочется
# выпить X». Not a use, unless the wish is to come off what one takes («хочу бросить пить X»); a wish denied («не хочу
# пить X», «не хочется принимать») is said of a drug one has.
# "может" with an infinitive is a possibility weighed, not a use ("может тоже X пить"); "можно" is as often what the
# writer is allowed and takes ("сейчас можно лечиться только X").
WISH_RE = re.compile(r"(?<!не\s)\b(?:бы|хоч(?:у|ется)|(?:за)?хотел(?:ось|а|и)?|пора|может)\b")
# Infinitives that also mean eating ("хочется жрать", «хочется съесть»): no cue to find a drug, but a wish to take one
# with them is one.
EATING_INFINITIVE_RE = re.compile(r"(?:со|на)?жрать(?:ся)?\b|(?:съ|по|на|объ)есть(?:ся)?\b")
# How many words after the wish its infinitive may stand ("хочу просто нажраться X-ом", "бы X-ом закинуться").
WISH_REACH = 3
QUIT_RE = re.compile(r"\b(?:бросить|перестать|слезть|соскочить|отказаться|завязать)\b")


def _wished(s: Sentence, drug: Match, clause_start: int) -> bool:
    """The drug's clause (`clause_start` to the next clause boundary) wishes for a taking it says in the infinitive
    within a few words of the wish ("щас бы X-ом закинуться", "хочется выпить X", "X я и хотела принимать"). An
    infinitive that also means eating counts only before the drug: "из-за X хочу сожрать торт" wishes for the cake."""
    end = _clause_end(s, drug.end)
    if QUIT_RE.search(s.norm, clause_start, end):
        return False
    for wish in WISH_RE.finditer(s.norm, clause_start, end):
        governed = [t for t in s.tokens if wish.end() <= t.start < end][:WISH_REACH]
        before_drug = wish.start() < drug.start
        if any(
            not t.text.isascii()
            and (TAKE_CUE_RE.match(s.norm, t.start) or (before_drug and EATING_INFINITIVE_RE.match(t.text)))
            and morphology.has_tag(t.text, "INFN")
            for t in governed
        ):
            return True
    return False


# «бы» or «чтобы» with a past-tense verb is the subjunctive: a wish or an aim, not a fact («хочу, чтобы мне выписали
# X», «лишь бы мне прописали X», «выпила бы X»). «чтобы» with an infinitive is an aim of the writer's own act («пью X,
# чтобы уснуть» has the drug before it).
SUBJUNCTIVE_PARTICLE_RE = re.compile(r"\b(?:бы|б|чтобы|чтоб)\b")
RECOMMENDING_RE = re.compile(r"(?:по)?(?:рекомендова|советова)")


SUBJUNCTIVE_REACH = 3


def _wished_done(s: Sentence, drug: Match, clause_start: int) -> bool:
    """The drug is the object of a past-tense verb in the subjunctive in its clause: the verb within a few words of
    «бы» (either side: «выпила бы X», «бы мне прописали X») or after «чтобы» («чтобы мне вставили X»), and the drug
    within a few words after the verb («чтоб вы понимали, ... сделали из X» is no wish for X). Not a verb of saying or
    recommending: «я бы сказала», «я бы порекомендовал X» is politeness about a medicine one knows."""
    tokens = [t for t in s.tokens if clause_start <= t.start and t.end <= drug.start]
    for i, particle in enumerate(tokens):
        if not SUBJUNCTIVE_PARTICLE_RE.fullmatch(particle.text):
            continue
        low = i - SUBJUNCTIVE_REACH if particle.text in ("бы", "б") else i + 1
        for j in range(max(low, 0), min(i + 1 + SUBJUNCTIVE_REACH, len(tokens))):
            verb = tokens[j].text
            if (
                j != i
                and len(tokens) - 1 - j <= VERB_TO_DRUG_REACH
                and morphology.has_tag(verb, "VERB", "past")
                and not RECOMMENDING_RE.match(verb)
                and morphology.lemma(verb) not in SAYING_VERBS
            ):
                return True
    return False


# A medicine wanted, needed or looked for, as the object of that word: «хочу феназепам», «мне нужен X», «мне бы сейчас
# X», «ищу X», «в поисках X», "I need some Xanax", "I want Xanax so bad", "looking for X". Having it
# is not said, let alone taking it. English "need" only with a quantity ("need some/more X"): "I need my X to sleep"
# tells of a medicine one takes.
WANTED_BEFORE_RE = re.compile(
    r"\b(?:хоч(?:у|ется)|(?:за)?хотел(?:ось|а|и)?|нуж(?:ен|на|но|ны)|бы|ищу|искал\w*|в\s+поисках"
    r"|want|wanted|wanna|crave|craving|looking\s+for|searching\s+for"
    r"|need(?:ed)?(?=\s+(?:some|more|any|a|an)\s))\b\s*((?:[\w'-]+\s+){0,3})$"
)
# A new subject between the wish and the drug begins a clause of its own ("I want you to know I take X").
SUBJECT_PRONOUNS = frozenset({"я", "ты", "он", "она", "мы", "вы", "они", "i", "you", "he", "she", "we", "they"})


# Getting a medicine, asked or put as an aim: «купи(те) мне X», «прикупи X», «привези X», «дайте мне X», «зашла в
# аптеку купить X», «X можно купить без рецепта». Buying, fetching or being given it is not taking it.
GETTING_LEMMAS = frozenset(
    {
        "купить",
        "прикупить",
        "покупать",
        "выкупить",
        "достать",
        "доставать",
        "найти",
        "заказать",
        "привезти",
        "принести",
        "дать",
    }
)
WANTED_REACH = 3


def _wanted(s: Sentence, drug: Match, clause_start: int, list_start: int) -> bool:
    """The drug is the object of wanting, needing, seeking or getting in its clause: the words between say no verb
    (which would make the drug that verb's: «хочу сказать, что пью X») and no possessive («нужен мой X» is a medicine
    one has). A use told after the drug makes it the writer's after all ("I needed some Advil so I took two",
    «хочу Нурофен, пью его всегда при мигрени»)."""
    # A list is wanted as a whole: «нужно больше X, Y и Z» wants Z as much as X.
    head = min(list_start, drug.start)
    m = WANTED_BEFORE_RE.search(s.norm, clause_start, head)
    if m is not None:
        between = m.group(1).split()
    else:
        near = [t for t in s.tokens if clause_start <= t.start and t.end <= head][-(WANTED_REACH + 1) :]
        getting = next((i for i in range(len(near) - 1, -1, -1) if _getting(near[i].text)), None)
        if getting is None or _advised_getting(s, near[getting], clause_start):
            return False
        between = [t.text for t in near[getting + 1 :]]
    governs = not any(
        word in SUBJECT_PRONOUNS
        or word == "to"  # "want to thank X": the drug is the object of that verb
        or OWN_MEDICINE_BEFORE_RE.search(word + " ")
        or _finite_verb(word)
        or morphology.has_tag(word, "INFN")
        for word in between
    )
    return governs and not _use_told_after(s, drug)


# How far before a getting infinitive its advising verb may stand: «посоветовала (мне) купить», «рекомендовал нам
# сразу купить».
ADVISED_GETTING_REACH = 2


def _advised_getting(s: Sentence, getting: Token, clause_start: int) -> bool:
    """The getting infinitive is what someone advised or prescribed («врач посоветовал купить X», «выписала купить
    X»): advice about the medicine, as «посоветовал X» is, not a wish for it. Advice not to get it («посоветовал не
    покупать X») stays no use."""
    before = [t for t in s.tokens if clause_start <= t.start and t.end <= getting.start][-ADVISED_GETTING_REACH:]
    negated = bool(before) and before[-1].text == "не"
    return not negated and any(ADVISED_RE.match(t.text) for t in before)


def _use_told_after(s: Sentence, drug: Match) -> bool:
    """A real use after the drug: a finite verb of taking, no buying and no subjunctive («купить X и пить», «купила
    йогурт», «без назначения врача», «меньше бы X жрали» tell no use)."""
    if SUBJUNCTIVE_PARTICLE_RE.search(s.norm, _clause_start(s, drug.start)):
        return False
    for cue in TAKE_CUE_RE.finditer(s.norm, drug.end):
        verb = cue.group().split()[0] if cue.group().strip() else ""
        if verb.isascii() or (_finite_verb(verb) and morphology.lemma(verb) not in GETTING_LEMMAS):
            return True
    return False


def _getting(word: str) -> bool:
    """An infinitive or an imperative of buying or fetching («купить», «купите», «привези»)."""
    return not word.isascii() and any(
        p.normal_form in GETTING_LEMMAS and ("INFN" in p.tag or "impr" in p.tag) for p in morphology.parses(word)
    )


# "We" includes the writer ("мы пьем", "we tried"), unless someone else is named; a doctor spoken of as
# "he/she" prescribes to the writer ("она нам выписала", "he then prescribed").
WE_RE = re.compile(r"\b(?:мы|нам|нас|we|we've|we're|us)\b")
PRESCRIBER_RE = re.compile(
    r"\b(?:он|она|he|she)\s+(?:\w+\s+)?(?:(?:мне|нам)\s+)?(?:назнач|прописа|выписа|порекомендова|посоветова|prescrib"
    r"|рекомендова|recommend|put\s+me|switched\s+me|gave\s+me|started\s+me)"
)


# Advising and prescribing: said by the writer of what they were given, unless the verb names its receiver
# ("посоветовала Назоферон" is advice to the writer; "прописал сыну" is the son's).
ADVISED_RE = re.compile(r"\b(?:назначил\w*|прописал\w*|выписал\w*|(?:по)?рекомендовал\w*|посоветовал\w*|предложил\w*)")


# Someone else as the receiver anywhere in the sentence ("ребенку назначили", "сыну врач прописал").
OTHER_RECEIVER_RE = re.compile(
    r"\b(?:ему|ей|им|маме|папе|мужу|жене|сыну|сыночку|дочке|дочери|доченьке|ребенку|малышу|малышке|детям|бабушке"
    r"|дедушке|подруге|другу|him|her|them)\b|\bmy\s+(?:son|daughter|child|kid|husband|wife|mom|mother|dad|father)\b"
)


def _advised_to_writer(s: Sentence) -> bool:
    return bool(ADVISED_RE.search(s.norm)) and not OTHER_RECEIVER_RE.search(s.norm)


# Another person as the one a drug was given to or worked on, said before it: «ему назначили X», «вам выписали X».
# "им"/"ей" are also the drug itself («пользовалась им месяц, X отличный»): they count only with a verb that gives
# or helps someone («ей прописали X», «им уже и X не помогает»).
OTHER_DATIVE_RE = re.compile(r"\b(?:ему|тебе|вам)\b")
SHARED_DATIVE_RE = re.compile(r"\b(?:ей|им)\b")
GIVING_VERB_RE = re.compile(r"\b(?:назнач|пропис|выпис|помог|помога|подош|подход|дал|дава|посовет|рекоменд)\w*")


def _given_to_another(s: Sentence, first_drug: int) -> bool:
    """Another person's dative before the drug: the drug was given to or worked on them."""
    return bool(
        OTHER_DATIVE_RE.search(s.norm, 0, first_drug)
        or (SHARED_DATIVE_RE.search(s.norm, 0, first_drug) and GIVING_VERB_RE.search(s.norm))
    )


# A Russian "он/она/они" after a drug's name is as likely the drug as a person ("купила Ацик, и он помог"); a «кто»
# after it is someone compared with the writer («пила Инфлювак, и болела легче тех, кто не прививался»).
RU_PRONOUN_RE = re.compile(r"\b(?:он|она|они|кто(?:-то|-нибудь|-либо)?)\b")


# The writer recommending from their own use («рекомендую», «советую»), unless they name who should take it.
RECOMMEND_RE = re.compile(r"(?:по)?(?:рекоменд|совету)")


def _writer_takes(s: Sentence) -> bool:
    """A Russian verb of taking or recommending in the first person singular («принимаю», «пью», «рекомендую»;
    «пропила» has no person)."""
    for t in s.tokens:
        if t.text.isascii() or not morphology.has_tag(t.text, "VERB", "1per", "sing"):
            continue
        if TAKE_CUE_RE.match(t.text) or (RECOMMEND_RE.match(t.text) and not OTHER_RECEIVER_RE.search(s.norm)):
            return True
    return False


# «у меня муж получает X», «у меня подруга на нем сидела»: "меня" only says whose the person is who takes it.
OWNER_OF_PERSON_RE = re.compile(r"\bу\s+меня\s+(?:есть\s+|был[аи]?\s+)?(?:тоже\s+)?([а-я]+)")
ACQUAINTANCE_RE = re.compile(r"знаком(?:ый|ая|ые)")


def _is_person(word: str) -> bool:
    """A noun for a person the dictionary knows ("муж", "подруга", "музыкант"). A doctor who prescribes is the
    writer's prescriber, but that is told before (`_advised_to_writer`)."""
    if ACQUAINTANCE_RE.fullmatch(word):
        return True
    return morphology.is_known(word) and morphology.has_tag(word, "NOUN", "anim", "nomn")


def _writer_only_owns_the_taker(s: Sentence) -> bool:
    """Every first-person word is the «меня» of «у меня <person>»: the sentence is about that person."""
    owned = [m.span() for m in OWNER_OF_PERSON_RE.finditer(s.norm) if _is_person(m.group(1))]
    if not owned:
        return False
    return all(any(a <= f.start() < b for a, b in owned) for f in FIRST_PERSON_RE.finditer(s.norm))


def _named_subject_took(s: Sentence, first_drug: int | None = None) -> bool:
    """A person named as the subject of a past verb of taking ("Дуров принял Прозак", "музыкант выпил X"): Russian
    past tense has no person, so only its subject tells it from the writer's own "принял". A word the dictionary does
    not know counts when written as a name before a verb whose drug follows ("Фрум принимал сальбутамол")."""
    tokens = s.tokens
    for i, token in enumerate(tokens):
        if i == 0 or token.text.isascii() or not TAKE_CUE_RE.match(s.norm, token.start):
            continue
        if not morphology.has_tag(token.text, "VERB", "past"):
            continue
        before = i - 1
        if before > 0 and morphology.pos(tokens[before].text) == "ADVB":  # "Дуров вчера принял"
            before -= 1
        if _is_person(tokens[before].text):
            return True
        subject = tokens[before]
        next_to_verb = not s.norm[subject.end : token.start].strip()
        drug_follows = first_drug is not None and _object_follows(s, token.end, (first_drug,))
        if drug_follows and next_to_verb and _written_as_name(s, subject) and not morphology.is_known(subject.text):
            return True
    return False


# The writer as the one the verb serves, anywhere in the drug's clause ("мне мама купила X", "врач меня колол X"), or
# as a subject or the drug's owner between the other subject and the drug ("Паша и я пьем X", "кот съел мой X").
WRITER_SERVED_RE = re.compile(rf"\b(?:{RU_WRITER_SERVED})\b")
WRITER_SUBJECT_RE = re.compile(rf"\b(?:{RU_WRITER_SELF}|{RU_OUR})\b")
# The writer as a place, not as whom a verb serves: «рядом со мной парень принял X», «передо мной».
BESIDE_THE_WRITER_RE = re.compile(r"\b(?:рядом\s+со|передо|надо|подо)\s+$")
# How many words before its verb a subject may stand ("Дуров вчера вечером принял"), and how many words may stand
# between the verb and the drug ("объебалась чем-то вроде X").
SUBJECT_REACH = 4
VERB_TO_DRUG_REACH = 4


def _another_subject_takes(s: Sentence, drug: Match, list_start: int, drug_starts: Collection[int]) -> bool:
    """The drug's own verb has another subject: the nearest finite Russian verb before the drug (or its list) in its
    clause is in the third person or the past, and a person or a name agreeing with it in number and gender stands
    before it as its subject ("Паша любит X", "моя девушка наглоталась X", "Фрум принимал X", "спортсмены принимали
    X"). Said by grammar, it holds even when the writer speaks elsewhere in the sentence; "Я, как и Фрум, принимаю X"
    stays the writer's (its verb is in the first person), and so does any clause with the writer in it ("врач мне
    колол X")."""
    clause = _clause_start(s, list_start)
    if any(
        not BESIDE_THE_WRITER_RE.search(s.norm, 0, served.start())
        for served in WRITER_SERVED_RE.finditer(s.norm, clause, _clause_end(s, drug.end))
    ):
        return False  # "Рома купил X, чтобы меня полечить" is for the writer
    words = [t for t in s.tokens if t.start >= clause and t.end <= list_start]
    verbs = [i for i, t in enumerate(words) if t.start not in drug_starts and _finite_verb(t.text)]
    verb_at = verbs[-1] if verbs else None
    if verb_at is None or len(words) - verb_at - 1 > VERB_TO_DRUG_REACH:
        return False
    verb = words[verb_at]
    tag = morphology.best(verb.text).tag
    if tag.person in ("1per", "2per") or not (tag.tense == "past" or tag.person == "3per"):
        return False
    if _verb_of_saying_or_giving(verb.text) or _infinitive_governed(words[verb_at + 1 :], verb.text):
        return False
    for word in reversed(words[max(0, verb_at - SUBJECT_REACH) : verb_at]):
        if word.start not in drug_starts and _person_agreeing(s, word, tag):
            # The writer between that subject and the drug: "сука, ору, покупала X" ("сука" is no subject there).
            after = [t for t in words if t.start > word.start]
            return not (
                WRITER_SUBJECT_RE.search(s.norm, word.start, drug.end) or any(_first_person(t.text) for t in after)
            )
    return False


# An English past verb of taking ("took", "was on"): its subject is said right before it ("Lil Peep took X").
EN_PAST_USE_RE = re.compile(r"\b(?:took|used|popped|snorted|overdosed\s+on|was\s+on|had\s+been\s+on)\s+")
EN_WRITER_RE = re.compile(rf"\b(?:{EN_WRITER_SELF}|our)\b")


def _named_before_an_english_verb(s: Sentence, drug: Match, list_start: int) -> bool:
    """A name as the subject of an English past verb of taking before the drug, within a few words of it, and no word
    of the writer's in the clause ("Lil Peep took X", "Elvis was on X"; "I took X", "then took X" are the writer's). A
    name is capitalised mid-sentence or a word the English dictionary does not know."""
    clause = _clause_start(s, list_start)
    if EN_WRITER_RE.search(s.norm, clause, drug.end):
        return False
    verbs = list(EN_PAST_USE_RE.finditer(s.norm, clause, list_start))
    if not verbs or len([t for t in s.tokens if verbs[-1].end() <= t.start < list_start]) > VERB_TO_DRUG_REACH:
        return False
    before = [t for t in s.tokens if clause <= t.start and t.end <= verbs[-1].start()]
    if not before or not before[-1].text.isascii() or not before[-1].text.isalpha():
        return False
    subject = before[-1]
    capitalised = s.raw[subject.start : subject.start + 1].isupper()
    return capitalised and (_written_as_name(s, subject) or not morphology.english_word_classes(subject.text))


# Other people as the subject of an English verb of taking: people at large («millions», "patients who had strokes",
# "most people") and people of the writer's life ("my friends", "her husband"). The writer as a subject ("I", "we")
# in the clause makes it theirs too ("my friends and I take X").
EN_OTHERS_RE = re.compile(
    r"\b(?:people|patients|persons|millions|thousands|users|researchers|scientists|women|men|adults|children"
    r"|kids|teens|teenagers|survivors|friends?|parents|mom|mum|mother|dad|father|husband|wife|boyfriend|girlfriend"
    r"|partner|son|daughter|brother|sister|grandma|grandpa|grandmother|grandfather|everyone|everybody|americans|folks)\b"
)
EN_WRITER_SUBJECT_RE = re.compile(r"\b(?:i|i'm|im|i've|ive|i'd|we|we're|we've|me|us)\b")
EN_TAKE_VERB_RE = re.compile(r"\b(?:take|takes|took|taking|use|uses|used|using|(?:is|are|was|were)\s+on|given)\s+")


def _others_take_in_english(s: Sentence, drug: Match, list_start: int) -> bool:
    """Other people are the subject of an English verb of taking the drug in its clause ("Millions already take
    Advair", "Patients who have had strokes can take aspirin", "My friends take Adderall", "survivors given X"), and the
    writer is no subject there."""
    clause = _clause_start(s, list_start)
    if EN_WRITER_SUBJECT_RE.search(s.norm, clause, _clause_end(s, drug.end)):
        return False
    verbs = list(EN_TAKE_VERB_RE.finditer(s.norm, clause, list_start))
    if not verbs or len([t for t in s.tokens if verbs[-1].end() <= t.start < list_start]) > VERB_TO_DRUG_REACH:
        return False
    return bool(EN_OTHERS_RE.search(s.norm, clause, verbs[-1].start()))


# The writer hands the drug to someone else, sells it or prescribes it: "gave him some aspirin", "offered her X", "I
# hadn't given him X", "wrote him a prescription for X", "started him on X", "gave X to a friend", "I sold X", "I'm
# prescribing X". Being given or prescribed it ("gave me X", "I was prescribed X") is the writer's.
EN_GIVING_VERB = r"(?:give|gives|gave|given|giving|offer(?:s|ed|ing)?|hand(?:s|ed|ing)?|wrote|write|writing)"
EN_OTHER_RECEIVER = rf"(?:him|her|them|(?:a|an|the|my|his|her|their|our)\s+(?:[\w-]+\s+)?{EN_OTHERS_RE.pattern})"
EN_GIVEN_TO_ANOTHER_RE = re.compile(
    rf"\b(?:{EN_GIVING_VERB}|prescrib(?:e|es|ed|ing))\s+{EN_OTHER_RECEIVER}"
    rf"|\b(?:start(?:s|ed|ing)?|put(?:s|ting)?)\s+{EN_OTHER_RECEIVER}\s+on\b"
    r"|\b(?:sold|sell|sells|selling)\b"
)
EN_GIVEN_BEFORE_RE = re.compile(rf"\b{EN_GIVING_VERB}\b")
# Given away to anyone: "gave X to a coworker", "handed my X to the nurse".
EN_TO_ANOTHER_AFTER_RE = re.compile(
    r"(?:\s+[\w-]+){0,3}?\s+to\s+(?:him|her|them|(?:a|an|the|my|his|her|their|our)\s+\w)"
)
EN_WRITER_PRESCRIBES_RE = re.compile(
    r"\b(?:i|we)(?:'m|'ve|\s+am|\s+have|\s+had|\s+usually|\s+often|\s+also|\s+then|\s+just)*\s+prescrib(?:e|ed|ing)\b"
)
# The listener's experience of the drug, asked for: "Tell me about your switch from X to Y", "share your experiences
# tapering off X", "how was your time on X".
EN_YOUR_USE_RE = re.compile(r"\byour\s+(?:[\w-]+\s+){0,2}?(?:from|to|of|with|on|off|about)\b")
# None of it: "I take 0 insulin", "Week 3: Lexapro 0" (a taper's end).
EN_ZERO_BEFORE_RE = re.compile(r"\b(?:0|zero)\s+$")
EN_ZERO_AFTER_RE = re.compile(r"\s+0\b(?![.,]\d)")
# A plan, however far before the drug in its sentence: "I plan on ..., taking a bunch of X".
EN_PLAN_RE = re.compile(r"\b(?:i|i'm|im|we|we're)\s+(?:am\s+|was\s+|are\s+)?(?:plan|planning|planned)\s+(?:on|to)\b")
# The writer's own subject left out, as a review leaves it: "Took it for a week", "Been on 50 mg", "Was given this".
EN_SUBJECTLESS_USE_RE = re.compile(
    r"^[\W_]*(?:(?:have|had|has)\s+)?(?:been\s+)?(?:on|off|took|taken|take|taking|tried|trying|used|using|started"
    r"|starting|stopped|switched|prescribed|given|was\s+(?:given|prescribed|put|started|switched)|got|after|since)\b"
)
# A message that speaks of patients is a clinician's ("my patients", "I had a patient", "the patient was"): a drug there
# is a patient's, unless the sentence makes the writer its taker ("I take", "I've been on", "I was prescribed", "gave
# me", "my meds"). One patient said alone may be the writer ("I'm a patient with ..."), and "be patient" is no one.
EN_PATIENTS_RE = re.compile(
    r"\bpatients\b|\b(?:had|have|saw|see|seeing|treated|treating|admitted)\s+(?:a|an|the|this|one|my)\s+(?:[\w-]+\s+)?"
    r"patient\b|\b(?:a|the|my|our|this)\s+patient\s+(?:said|says|told|asked|came|presented|was|is|had|has|who|that)\b"
)
EN_WRITER_TAKES_RE = re.compile(
    r"\b(?:i|i'm|im|i've|ive|i'd)\s+(?:[\w']+\s+){0,2}?(?:take|took|taking|taken|on|off|using|used|use|tried|try"
    r"|started|starting|stopped|popped)\b"
    r"|\bi\s+(?:was|were|got|have\s+been|'ve\s+been)\s+(?:\w+\s+)?(?:prescribed|given|put|started|switched)\b"
    r"|\b(?:gave|given|prescribed|put|started|switched)\s+me\b|\bmy\s+(?:own\s+)?(?:meds|medications?|prescriptions?|dose)\b"
)
# A report of research or of a regulator's word: what it says of a drug is no one's use ("Oral insulin proving
# successful in clinical trials", "X reduced Alzheimer's-like effects in mice", "Daily aspirin no longer recommended").
EN_REPORT_RE = re.compile(
    r"\b(?:stud(?:y|ies)|trials?|research|researchers?|scientists?|mice|rats|rodents?|fda|placebo|randomi[sz]ed|efficacy"
    r"|journal|according\s+to|(?:no\s+longer|not)\s+recommended|associated\s+with|linked\s+to)\b"
)
# The writer anywhere in a message, as chat spells it too ("im", "ive").
EN_WRITER_ANYWHERE_RE = re.compile(rf"{EN_WRITER_RE.pattern}|\b(?:im|ive|i'll|mine|myself|we're)\b")


def _not_the_writers_in_english(s: Sentence, drug: Match, list_start: int) -> bool:
    """An English drug that is not the writer's own: one they give, sell or prescribe to someone else, the listener's,
    none of it, a plan, a patient's in a clinician's message, or one named in a report of research where the writer
    never speaks of themselves, unless the sentence leaves out its subject as a review does ("Took it for a week")."""
    if not s.english:
        return False
    lead = s.norm[_clause_start(s, list_start) : list_start]
    if EN_GIVEN_TO_ANOTHER_RE.search(lead) or EN_WRITER_PRESCRIBES_RE.search(lead) or EN_YOUR_USE_RE.search(lead):
        return True
    if EN_GIVEN_BEFORE_RE.search(lead) and EN_TO_ANOTHER_AFTER_RE.match(s.norm, drug.end):
        return True
    if EN_ZERO_BEFORE_RE.search(s.norm, 0, list_start) or EN_ZERO_AFTER_RE.match(s.norm, drug.end):
        return True
    if EN_PLAN_RE.search(s.norm, 0, drug.start):
        return True
    message = s.message or s.norm
    if EN_PATIENTS_RE.search(message) and not (
        EN_WRITER_TAKES_RE.search(s.norm) or OWN_MEDICINE_BEFORE_RE.search(s.norm, 0, drug.start)
    ):
        return True
    return bool(
        EN_REPORT_RE.search(message)
        and not EN_WRITER_ANYWHERE_RE.search(message)
        and not EN_SUBJECTLESS_USE_RE.match(s.norm)
    )


def _finite_verb(word: str) -> bool:
    return not word.isascii() and word.isalpha() and morphology.best(word).tag.POS == "VERB"


def _first_person(word: str) -> bool:
    """A verb of the writer's in some reading ("ору" is also a noun's dative)."""
    return not word.isascii() and morphology.is_known(word) and morphology.any_reading_has(word, "VERB", "1per")


# A prescriber's acts on a regimen ("врач вернул 50 мг X", "невролог заменил X", "психиатр снизил дозу X"): said of the
# writer's drug by the one who treats them.
REGIMEN_CHANGE_RE = re.compile(
    r"(?:вернул|увелич|уменьш|сниз|сниж|подн|повыс|повыш|пониз|пониж|скорректир|поменя|замен|отмен|перевел|посадил|добав)\w*"
)


def _verb_of_saying_or_giving(verb: str) -> bool:
    """The subject tells, gives, prescribes or changes it, or is the drug: "врач сказал пить X", "подруга посоветовала
    X", "врач вернул X", "X мне помог"."""
    return morphology.lemma(verb) in SAYING_VERBS or any(
        r.match(verb) for r in (GIVING_VERB_RE, ADVISED_RE, REGIMEN_CHANGE_RE)
    )


def _infinitive_governed(between: list[Token], verb: str) -> bool:
    """An infinitive between the verb and the drug takes the drug ("велела пить X"): the subject then takes it only
    when the verb starts or stops the taking ("спортсмены начали принимать X")."""
    has_infinitive = any(not t.text.isascii() and morphology.has_tag(t.text, "INFN") for t in between)
    return has_infinitive and not (STARTED_RE.match(verb) or STOPPED_RE.match(verb))


def _person_agreeing(s: Sentence, token: Token, verb: OpencorporaTag) -> bool:
    """A nominative person the verb agrees with: a noun for a living being the dictionary knows ("девушка",
    "спортсмены", "Паша"), "он"/"она"/"они", or a capitalised word it does not know ("Фрум"), read as a name."""
    word = token.text
    if word.isascii() or not word.isalpha() or len(word) < 2:
        return False
    known = morphology.is_known(word)
    # An adjective that stands for people («больные», «знакомые», «беременные») is a subject as a noun is: standing
    # alone, not before the noun it describes («хвалебные отзывы»), and no pronoun («которые», «эти»).
    following = next((t.text for t in s.tokens if t.start > token.start), "")
    people_adjective = (
        known
        and morphology.pos(word) == "ADJF"
        and morphology.pos(following) not in ("NOUN", "ADJF")
        and any(
            {"plur", "nomn"} <= p.tag.grammemes
            and "Apro" not in p.tag
            and ("Subx" in p.tag or {"NOUN", "anim"} <= p.tag.grammemes)
            for p in morphology.parses(word)
        )
    )
    if morphology.pos(word) not in ("NOUN", "NPRO") and not people_adjective:
        return False  # "и" is also a letter's name, "Паша" a gerund, "Охуительный" a guessed noun: the likelier reading
    capitalised = s.raw[token.start : token.start + 1].isupper()
    for parse in morphology.parses(word):
        tag = parse.tag
        if "nomn" not in tag.grammemes or not _agrees(tag, verb):
            continue
        if tag.POS == "NPRO" and tag.person == "3per":
            return True
        if people_adjective and tag.POS == "ADJF" and "plur" in tag:
            return True
        if tag.POS == "NOUN" and (("anim" in tag.grammemes and known) or (not known and capitalised)):
            return True
    return False


def _agrees(noun: OpencorporaTag, verb: OpencorporaTag) -> bool:
    """Number, and in the past singular gender ("ms-f" names such as "Саша" go with either)."""
    if noun.number != verb.number:
        return False
    if verb.tense != "past" or verb.number != "sing":
        return True
    return noun.gender == verb.gender or "ms-f" in noun.grammemes


def _someone_else(s: Sentence, first_drug: int | None = None) -> bool:
    """`first_drug`: where the first drug is named; a Russian pronoun after it may stand for the drug."""
    owner_only = _writer_only_owns_the_taker(s)
    if (FIRST_PERSON_RE.search(s.norm) and not owner_only) or PRESCRIBER_RE.search(s.norm) or _advised_to_writer(s):
        return False
    if _writer_takes(s):  # «принимаю сама и даю мужу»: the verb's person names the writer without «я»
        return False
    if owner_only:
        return True
    if WE_RE.search(s.norm):  # "we" with a child or another person named is about them ("мы даем сыну")
        return about_someone_else(s)
    other = [
        m
        for m in OTHER_SUBJECT_RE.finditer(s.norm)
        if first_drug is None or m.start() < first_drug or not RU_PRONOUN_RE.fullmatch(m.group())
    ]
    if other or about_someone_else(s) or _given_to_another(s, len(s.norm) if first_drug is None else first_drug):
        return True
    # A present-tense verb of taking in the third or second person ("мама пьет", "принимает", "ты пьешь", "если вы
    # получаете") is about someone else or the listener, and so is a past one with a person as its subject.
    return any(_of_another_person(t.text) and TAKE_CUE_RE.match(t.text) for t in s.tokens) or _named_subject_took(
        s, first_drug
    )


def _names_the_drug(indication: str, said: str, term: lexicon.Term) -> bool:
    """ "Слепну от Прозака": «от» names what caused the complaint, the drug itself, not what it is taken for."""
    words = set(normalize(indication).split())
    return bool(words & {said, term.name, term.normalized})


def _of_another_person(word: str) -> bool:
    return morphology.has_tag(word, "VERB", "3per") or morphology.has_tag(word, "VERB", "2per")


def _when(s: Sentence, start: int = 0) -> str | None:
    """The date said in the sentence, from char `start` on ("inserted in 2019 and removed in May": the stop's)."""
    part = s if start == 0 else Sentence.of(s.raw[start:], said_at=s.said_at)
    # A date before the stop is the stop's ("в марте перестала"), unless a start was said there too.
    before = start and not STARTED_RE.search(s.norm[:start]) and not INSERTED_RE.search(s.norm[:start])
    phrase = date_phrase(part) or (date_phrase(s) if before else None)
    if phrase is None:
        return None
    return dates.resolve(phrase, s.said_at) or phrase


# A use told in the simple past ("I took", "was on", «принимала», «выпила»), not one that goes on ("I've been taking",
# "and I still take it", «и пью до сих пор»).
PAST_USE_RE = re.compile(
    r"\b(?:took|used|tried|popped|was\s+on|were\s+on)\b"
    r"|\b(?:принимал|пил|колол|мазал|капал|использовал|пользовал|выпил|принял|уколол|вколол|намазал|закапал)\w*"
)

# Said to go on, or told of today too («вчера пропустила X, сегодня выпила двойную»): a use up to the present.
GOES_ON_RE = re.compile(
    r"\b(?:still|now|до\s+сих\s+пор|по\s+сей\s+день|и\s+сейчас|и\s+теперь|снова|опять|again"
    r"|сегодня|today|tonight|this\s+(?:morning|evening))\b"
)
# The first dose of a course begins it ("took my first pill yesterday", «вчера выпила первую таблетку»): a start.
FIRST_DOSE_RE = re.compile(
    r"\bfirst\s+(?:dose|pill|tablet|capsule|shot|injection)|\bперв(?:ую|ый|ой|ые)\s+(?:таблетк|доз|укол|капсул)\w*"
)
# The writer's own medicine ("took my Zoloft yesterday", «свой Конкор»): a dose of a regimen, which goes on.
OWN_MEDICINE_BEFORE_RE = re.compile(r"\b(?:my|мо[йюиея]|моего|свой|свою|свои|своего)\s+$")


# An earlier time of life or a time long past, said without a date: "years ago", "back in '09", "back then", "in
# college", "as a teenager", "when I was younger".
EARLIER_TIME_RE = re.compile(
    r"\b(?:years|decades|ages|a\s+long\s+time)\s+ago\b|\bback\s+(?:then|when|in\s+(?:'\d\d|\d{4}|the\s+day))"
    r"|\b(?:in|during|through)\s+(?:college|uni|university|high\s+school|grad\s+school|my\s+(?:teens|twenties|youth))\b"
    r"|\bas\s+a\s+(?:kid|child|teen|teenager|student)\b|\bwhen\s+i\s+was\s+(?:younger|little|a\s+(?:kid|child|teen"
    r"|teenager|student))\b"
)
# A past time point the date phrases leave out, being no calendar date: "last night", "the other day", «прошлой ночью».
PAST_POINT_RE = re.compile(r"\b(?:last\s+night|the\s+other\s+day|прошлой\s+ночью)\b")
# A date phrase that is past by its words, resolved or not ("a few days ago", "last week", «на прошлой неделе»), and
# one that names when a use began or lapsed ("since May", «с 2019 года»), which is no time of the use itself.
PAST_WORDS_RE = re.compile(r"\b(?:ago|назад|last|прошл\w*|позапрошл\w*|вчера|позавчера|yesterday)\b")
SINCE_BEFORE_RE = re.compile(r"\b(?:since|from|с|со)\s+$")


def _past_time(s: Sentence, context: str) -> bool:
    """The drug's clause (`context`) dates what it tells to a time already over when it was said: before the day
    ("yesterday", "a few days ago"), the month ("last month", «в январе» said in March) or the year ("in 2019")."""
    if PAST_POINT_RE.search(context):
        return True
    m = DATE_RE.search(context)
    if m is None or m.group().startswith(("since", "с ")) or SINCE_BEFORE_RE.search(context[: m.start()]):
        return False
    if PAST_WORDS_RE.search(m.group()):
        return True
    when = dates.resolve(m.group(), s.said_at)
    if when is None:
        return False
    said = (s.said_at or datetime.now(UTC)).date().isoformat()
    return when < said[: len(when)]


def _clause_of(s: Sentence, span: tuple[int, int]) -> str:
    """The clause holding a span of the sentence (a drug, or the list of them)."""
    return s.norm[_clause_start(s, span[0]) : _clause_end(s, span[1])]


def _used_at_a_past_time(s: Sentence, drug: Match, segment: str, clause: str) -> bool:
    """A use told in the simple past and dated to a time already over: one dose or one course, not a medicine
    taken now ("I took ibuprofen last night", «на прошлой неделе пила но-шпу», "I took Valtrex back in 2011",
    «в 2019 году принимала X»), nor one told of a time of life long past ("years ago", "in college"). Not a start
    ("started it in 2019", "took my first pill yesterday"), a dose of the writer's own regimen ("took my Zoloft last
    night"), nor a use said to go on («пила в 2020 и пью до сих пор», "I've been taking it since last week").
    What is told of the drug is its clause and what follows it (`segment`, up to the next drug): the date must be the
    clause's, as «сейчас пью X, а два года назад пила Y» dates Y's use, not X's."""
    told = f"{clause} {segment}"
    if not PAST_USE_RE.search(told) or any(r.search(told) for r in (ACTIVE_RE, STARTED_RE, GOES_ON_RE, FIRST_DOSE_RE)):
        return False
    if OWN_MEDICINE_BEFORE_RE.search(s.norm[: drug.start]):
        return False
    return bool(EARLIER_TIME_RE.search(told)) or _past_time(s, clause)


# How long a use lasted: "for 3 months", "for a year", «полгода», «три недели», «месяц», «в течение года». A genitive
# span needs its count («два года»; «года» alone is a date's, «с прошлого года»).
EN_DURATION_RE = re.compile(
    r"\bfor\s+(?:about\s+|almost\s+|nearly\s+|over\s+|around\s+|roughly\s+)?(?:a|an|one|two|three|four|five|six|seven"
    r"|eight|nine|ten|twelve|\d+|a\s+few|a\s+couple(?:\s+of)?|several|many)\s+(?:days?|weeks?|months?|years?)\b"
)
RU_COUNT = r"\d+|один|одну|два|две|три|четыре|пять|шесть|семь|восемь|девять|десять|пару|несколько|полтора|полторы"
RU_DURATION_RE = re.compile(
    rf"(?<![\w-])(?:(?:{RU_COUNT})\s+(?:дн(?:я|ей)|недел[июь]|месяц(?:а|ев)?|год(?:а)?|лет)|недел[юи]|месяц|год|полгода"
    r"|полтора\s+года|в\s+течени[ие]\s+\w+(?:\s+\w+)?)\b(?!\s+назад)"
)
# Words before a span of time that make it a rate, a point or a delay, not how long a use lasted: «раз в неделю»,
# «каждый месяц», «через неделю», «за месяц», «на год», «с прошлого года», «вторую неделю».
NOT_A_DURATION_BEFORE_RE = re.compile(
    r"\b(?:в|во|каждый|каждую|каждое|через|за|на|с|со|до|после|раз|прошл\w*|позапрошл\w*|эт(?:от|у|ом)|следующ\w*"
    r"|последн\w*|перв\w*|втор\w*|трет\w*|целый|целую)\s+$"
)
# A use told in the simple past, or a course gone through («пропила X месяц»); not the perfect, which goes on ("I've
# used X for a year").
LASTED_USE_RE = re.compile(rf"{PAST_USE_RE.pattern}|\bпропил\w*")
PERFECT_RE = re.compile(r"\b(?:have|has|'ve|had)\s+(?:\w+\s+)?(?:taken|used|tried|been)\b")


def _use_lasted(clause: str) -> bool:
    """A use told in the simple past with how long it lasted is over: "I took Zorbex for 3 months", «Пила Зорбекс
    полгода», «Принимала Зорбекс два года» (one that goes on is told in the present: «принимаю два года»), unless the
    clause says it goes on or began ("and still take it", «и пью до сих пор»). A span with the use denied («несколько
    дней не пила») is a lapse, not its length."""
    use = LASTED_USE_RE.search(clause)
    if use is None or PERFECT_RE.search(clause) or NEGATED_VERB_RE.search(clause, 0, use.start()):
        return False
    if any(r.search(clause) for r in (ACTIVE_RE, STARTED_RE, GOES_ON_RE)):
        return False
    if EN_DURATION_RE.search(clause):
        return True
    return any(not NOT_A_DURATION_BEFORE_RE.search(clause, 0, m.start()) for m in RU_DURATION_RE.finditer(clause))


def _medication(
    s: Sentence,
    drug: Match,
    segment: str,
    context: str,
    *,
    taken: bool = True,
    listed: tuple[int, int] | None = None,
    told_at: tuple[int, int] | None = None,
    stage_over: bool = False,
) -> Finding:
    """`taken`: the sentence says the drug is taken (a verb, a dose); else it only speaks of it from
    experience ("Анаферон — пустышка"), which says nothing about whether it is taken now: no status.
    `listed`: where the list holding the drug begins and ends (its clause is the list's).
    `told_at`: where its use is told, when not where it is named: the pronoun that refers back to it («Купила X.
    Вчера выпила его»), whose clause dates the use.
    `stage_over`: named as a stage of the regimen that is over («сначала был X, сейчас Y»)."""
    attrs: dict[str, object] = {"name_raw": s.cut(drug.start, drug.end), "name_normalized": drug.term.normalized}
    suffix = RELEASE_SUFFIX_RE.match(s.norm[drug.end :]) if drug.term.kind != "unknown" else None
    if suffix:  # "Effexor XR": the release form is part of the name as said
        attrs["name_raw"] = s.cut(drug.start, drug.end + suffix.end())
    if drug.term.kind in ("unknown", "misspelt"):
        attrs.update(UNVERIFIED)
    change = DOSE_CHANGE_TARGET_RE.search(segment) or DOSE_CHANGE_TARGET_RE.search(context)
    dose = DOSE_RE.search(segment) or DOSE_RE.search(context)
    strength = STRENGTH_RE.match(s.norm[drug.end :])
    if change:
        attrs["dosage"] = re.sub(r"(\d)\s*([^\d\s.,])", r"\1 \2", change.group(1))
    elif dose:
        attrs["dosage"] = _dose_text(dose)
    elif strength and (strength.group(1) or SUFFIXED_NAME_RE.search(s.norm, drug.start, drug.end)):
        attrs["dosage"] = strength.group(2)  # "XR 75": a strength without its unit (an unknown name holds its "XR")
    elif unitless := UNITLESS_DOSE_BEFORE_RE.search(s.norm[: drug.start]):
        attrs["dosage"] = unitless.group(1)
    frequency = FREQUENCY_RE.search(segment) or FREQUENCY_RE.search(context)
    if frequency:
        attrs["frequency"] = frequency.group()
    before = s.norm[: drug.start]
    indication = (
        _contraception(s.norm)
        if CONTRACEPTIVE_BEFORE_RE.search(before)
        else _indication(segment) or _indication(context)
    )
    if indication and not _names_the_drug(indication, s.norm[drug.start : drug.end], drug.term):
        attrs["indication"] = indication
    switched_from = bool(SWITCHED_FROM_RE.search(s.norm[: drug.start]))
    if (
        switched_from
        or stage_over
        or STOPPED_RE.search(context)
        or _used_at_a_past_time(s, drug, segment, clause := _clause_of(s, told_at or listed or (drug.start, drug.end)))
        or _use_lasted(clause)
    ):
        if not switched_from and DENIED_RE.search(context):
            return Finding("medications", attrs, s, action="negate")
        attrs["status"] = "stopped"
        stop = STOPPED_RE.search(s.norm)
        when = _when(s, stop.start() if stop else 0)
        if when:
            attrs["stopped"] = when
        return Finding("medications", attrs, s, action="negate")
    if PRESCRIBED_RE.search(context) and not ACTIVE_RE.search(context):
        attrs["status"] = "prescribed"
    elif taken or ACTIVE_RE.search(context):
        attrs["status"] = "active"
        when = _when(s) if STARTED_RE.search(context) else None
        if when:
            attrs["started"] = when
    return Finding("medications", attrs, s, action="correct" if s.correcting else "assert")


# --- a medicine named once, then referred back to ------------------------------------------------------
# Reviews and chats name a medicine once, often in a sentence that says nothing of taking it (a title, «Препарат
# Зорбекс.», "Zorbex review:"), and then tell its use with a pronoun or a word for any medicine: «Пью его уже месяц»,
# «Принимала этот препарат две недели», "I've been taking it for three months". A sentence of the writer's own use
# with such a reference stands for the one medicine its message named before it.

# What stands for a medicine named before: an object pronoun, or a demonstrative with a word for a medicine or its
# dosage form («этот препарат», «эти таблетки», «данное средство», "this med").
REFERENCE_PRONOUN = r"(?:его|ее|их|него|нее|них|it|them)"
REFERENCE_NOUN_PHRASE = (
    r"(?:эт(?:от|о|и|ого|их|у|ой|ими?|им)|данн(?:ый|ое|ые|ого|ых|ую|ой|ым|ыми?))\s+"
    rf"(?:средств\w*|{RU_MEDICINE_NOUNS}|{RU_DOSAGE_FORMS})"
    r"|(?:this|that|these|those)\s+(?:meds?|drugs?|pills?|tablets?|capsules?|medications?|medicines?|stuff)"
)
REFERENCE_RE = re.compile(rf"\b(?:{REFERENCE_PRONOUN}|(?P<noun>{REFERENCE_NOUN_PHRASE}))\b")
# How far back a pronoun reaches (it stands for a noun just said); a medicine's noun reaches any distance.
PRONOUN_REACH = 2
# At most one word between the verb of taking and the reference, on either side: «пью его», «его уже пью», «мне его
# назначил», «эти таблетки пропила», "taking it", "put me on this med"; nothing more where the verb's cue took the space
# ("stopped taking it").
REFERENCE_GAP_RE = re.compile(r"(?:\s+|(?<=\s))(?:[\w'-]+\s+)?")


# A verb of taking denied: «не пью его», «его не принимала», "never took it", "didn't take them".
NEGATED_VERB_RE = re.compile(r"(?:\bне|\bни|\bnever|\bnot|n't)\s+(?:[\w']+\s+)?$")


@dataclass(frozen=True)
class Reference:
    """What stands for a medicine named before: its span (empty where the object is left unsaid), the Russian pronoun
    whose gender it must fit ("" for a medicine's noun or an unsaid object), whether it reaches any distance back (a
    medicine's noun does), and whether a verb says it is taken (a noun of taking, «после его приема», tells only that
    it was used)."""

    start: int
    end: int
    pronoun: str = ""
    noun: bool = False
    taken: bool = True


# A noun of taking whose owner is the medicine: «после его приема», «от их применения», «после приема этих таблеток».
USE_NOUN_RE = re.compile(r"(?:при[её]м|применени|употреблени|использовани)\w*")


def _reference_taken(s: Sentence) -> Reference | None:
    """A pronoun or a medicine's noun standing as the object of a verb of taking, within a word of it, or as the owner
    of a noun of taking («после его приема»); else a verb of taking whose object is left unsaid («Решила попробовать.»,
    «Купила и пью уже неделю»). None when the taking is denied (a use that ended, «больше не пью его», is a stop and
    counts)."""
    for ref in REFERENCE_RE.finditer(s.norm):
        noun = bool(ref.group("noun"))
        pronoun = "" if noun else ref.group()
        if not noun and _possessive(s, ref.end()):
            # «пью его таблетки»: his pills, not the medicine named before; «после его приема»: its use
            owned = next((t for t in s.tokens if t.start >= ref.end()), None)
            if owned is not None and USE_NOUN_RE.fullmatch(owned.text) and not _denied_before(s, ref.start()):
                return Reference(ref.start(), ref.end(), pronoun, taken=False)
            continue
        owner = [t for t in s.tokens if t.end <= ref.start()][-1:]
        if noun and owner and USE_NOUN_RE.fullmatch(owner[0].text) and not _denied_before(s, ref.start()):
            return Reference(ref.start(), ref.end(), noun=True, taken=False)
        for cue in TAKE_CUE_RE.finditer(s.norm):
            after = cue.end() <= ref.start() and REFERENCE_GAP_RE.fullmatch(s.norm, cue.end(), ref.start())
            before = ref.end() <= cue.start() and REFERENCE_GAP_RE.fullmatch(s.norm, ref.end(), cue.start())
            if not (after or before):
                continue
            if _denied_before(s, cue.start()):
                return None
            return Reference(ref.start(), ref.end(), pronoun, noun=noun)
    return _unsaid_object(s)


def _denied_before(s: Sentence, at: int) -> bool:
    return bool(NEGATED_VERB_RE.search(s.norm, 0, at)) and not ENDED_USE_RE.search(s.norm)


# What may follow a verb of taking whose object is left unsaid: how long, how often, how much, when («пью уже третий
# день», «принимала по две таблетки утром»), never a noun of its own («пью с друзьями», «купила хлеб»).
UNSAID_OBJECT_POS = frozenset({"ADVB", "PRCL", "CONJ", "PREP", "NUMR", "ADJF", "COMP", "PRED"})
# A verb whose object must follow it («сижу на», «перешла с»): never said without one.
NEEDS_ITS_OBJECT_RE = re.compile(r"\s(?:на|со?)$")
REFLEXIVE_RE = re.compile(r"(?:ся|сь)$")
# Verbs of taking that, with no object, mean eating or breathing («Ем три раза в день», «Лежу, дышу»).
EVERYDAY_WITHOUT_OBJECT_RE = re.compile(r"(?:ем|едим|съел[аи]?|с?хава\w*|жр\w*|сожрал\w*|дыш\w*|вдыха\w*|вдохнул\w*)")


def _unsaid_object(s: Sentence) -> Reference | None:
    """A Russian verb of taking whose object is left unsaid, as a review says it of the medicine it is about
    («Решила попробовать.», «Пропила курсом, эффекта ноль.»): nothing in its clause after it but words of time,
    manner or measure, and no noun before it in the clause."""
    for cue in TAKE_CUE_RE.finditer(s.norm):
        if cue.group().isascii() or NEEDS_ITS_OBJECT_RE.search(cue.group()) or _denied_before(s, cue.start()):
            continue
        if REFLEXIVE_RE.search(cue.group()) or EVERYDAY_WITHOUT_OBJECT_RE.fullmatch(cue.group()):
            continue  # «лечилась сама», «спасаюсь», «ем», «дышу»: said of the writer, with no object to leave unsaid
        if morphology.has_tag(cue.group().split()[0], "INFN") and not _after_a_finite_verb(s, cue.start()):
            continue  # «прежде чем принимать», «принимать курсом»: no one's act, a manner of use
        start, end = _clause_start(s, cue.start()), _clause_end(s, cue.end())
        around = [t for t in s.tokens if start <= t.start < end and not cue.start() <= t.start < cue.end()]
        if all(t.text.isdigit() or _leaves_the_object_unsaid(t.text) for t in around):
            return Reference(cue.end(), cue.end())
    return None


# When in the day a medicine is taken («утром», «на ночь», «перед сном», «после еды»).
DAY_PART_LEMMAS = frozenset({"утро", "вечер", "ночь", "сон", "еда"})


# How much of it: a dosage form, a course, a dose, a count («по две таблетки», «курсом», «штук шесть»); a word for
# a kind of medicine («средство», «антибиотик») is an object of its own.
MEASURE_RE = re.compile(rf"(?:{RU_DOSAGE_FORMS}|курс\w*|доз[аеуыой]\w*|штук\w*)")


def _leaves_the_object_unsaid(word: str) -> bool:
    """Can the word stand in the clause of a verb of taking whose object is unsaid: the writer as its subject, a word
    of time, manner or measure, another verb of taking («Купила и пью»)?"""
    if word.isascii():
        return False
    if word in WRITER_BETWEEN or WRITER_SERVED_RE.fullmatch(word) or TAKE_CUE_RE.fullmatch(word):
        return True
    lemma = morphology.lemma(word)
    if lemma in TIME_UNIT_LEMMAS or lemma in DAY_PART_LEMMAS or MEASURE_RE.fullmatch(word):
        return True
    return morphology.pos(word) in UNSAID_OBJECT_POS


def _after_a_finite_verb(s: Sentence, start: int) -> bool:
    """Is the word before `start` a finite verb that governs the infinitive there («начала применять», «стала
    пить»)?"""
    before = [t for t in s.tokens if t.end <= start][-1:]
    return bool(before) and _finite_verb(before[0].text)


# Units of time: after «пью его» they say for how long («пью его месяц», «принимаю их неделю»), not whose.
TIME_UNIT_LEMMAS = frozenset({"минута", "час", "день", "сутки", "неделя", "месяц", "год", "полгода", "раз"})


def _possessive(s: Sentence, end: int) -> bool:
    """Is a Russian «его/её/их» at `end` the possessive of the word after it («его таблетки», «их врач»)?"""
    following = next((t for t in s.tokens if t.start >= end), None)
    if following is None or following.text.isascii() or s.norm[end : following.start].strip():
        return False
    if morphology.lemma(following.text) in TIME_UNIT_LEMMAS:
        return False
    return morphology.pos(following.text) in ("NOUN", "ADJF", "PRTF")


@lru_cache(maxsize=1024)
def _medicines_named(s: Sentence) -> tuple[Match, ...]:
    """The medicines a sentence names: a listed one (not an everyday word), or an unknown one in a frame that names a
    medicine (its dosage form, quotes, a verb of taking); not an allergen, not a title's words."""
    excluded = allergies(s)[1] + _titles(s)
    return tuple(d for d in _named_drugs(s, excluded) if d.term.kind != "ordinary")


# A message's title naming what it is about, the first sentence or its lead before a colon: «Зорбекс.», «Про
# Зорбекс», «Отзыв о Зорбексе:», "Zorbex review:", "Review of Zorbex". English only with the word "review": a lone
# capitalised word opens many a post ("Update:", "Hello").
TITLE_RE = re.compile(
    rf"\W*(?:(?:отзыв\s+)?(?:про|о|об|на)\s+)?{NAME_START}(?P<ru>[а-я][\w-]*)(?:\s+(?:[-—–]\s+)?отзыв)?\W*"
    rf"|\W*(?:review\s+(?:of|on)\s+)?{NAME_START}(?P<en>[a-z][\w-]*)(?:\s+review)?\W*"
)


@lru_cache(maxsize=1024)
def _title_name(s: Sentence) -> Match | None:
    """The unknown name a message's title gives, capitalised and guessed a noun by its grammar («Про Кварцидол.»)."""
    if not s.first_in_message:
        return None
    colon = s.norm.find(":")
    title = TITLE_RE.fullmatch(s.norm, 0, colon if colon > 0 else len(s.norm))
    if title is None or (title.group("en") and "review" not in title.group()):
        return None
    start = title.start("ru") if title.group("ru") else title.start("en")
    token = next(t for t in s.tokens if t.start == start)
    if not s.raw[start].isupper() or _shouted(s) or token.text in MONTHS_AND_DAYS:
        return None
    return _unknown_match(s, token) if token.text.isascii() or _looks_like_name(s, token) else None


def _other_name_written(s: Sentence, than: Match) -> bool:
    """A capitalised word inside the sentence that may be another name («Потом про Зорбекс»): a title's unknown name
    then is not the only medicine the message may have named."""
    return any(
        t.start != than.start and _looks_like_name(s, t, written_as_name=True) for t in s.tokens if len(t.text) > 3
    )


def _start(m: Match) -> int:
    return m.start


# A name in quotes on its own («Ровалтин», "Dormivane"): a medicine only when a medicine's noun refers back to it.
BARE_QUOTED_RE = re.compile(r"[\"«“„]\s*([\w][\w-]*(?:\s+[\w-]+){0,2})\s*[\"»”“]")


@lru_cache(maxsize=1024)
def _quoted_names(s: Sentence) -> tuple[Match, ...]:
    """Words in quotes that can only be a name: a Russian word the dictionary does not know, or a capitalised Latin one
    (a quoted everyday word, «чудо», is a manner of speaking); not a title's."""
    titles = _titles(s)
    found = []
    for m in BARE_QUOTED_RE.finditer(s.norm):
        name = _quoted_span(s, m.start(1), m.end(1))
        if name is None or any(a <= name.start < b for a, b in titles):
            continue
        head = s.tokens[name.first].text
        if (head.isascii() and s.raw[name.start].isupper()) or (not head.isascii() and not morphology.is_known(head)):
            found.append(name)
    return tuple(found)


def _said_by_the_writer(s: Sentence, ref: Reference) -> bool:
    """The writer is in the sentence: a first-person word or verb, a past verb with no subject besides the
    reference, its object («Принимала его», «Эти таблетки пропила курсом»), or a past need with no one it served
    («Пришлось воспользоваться этой вакциной»); «Его колоть нет смысла» is a general truth."""
    if SELF_RE.search(s.norm) or _first_person_verb(s.norm) or any(map(_taking_in_the_first_person, s.tokens)):
        return True
    if EN_SUBJECTLESS_USE_RE.match(s.norm):
        return True
    rest = s.norm[: ref.start] + s.norm[ref.end :]
    return _subjectless_past(rest) or _past_need(rest)


# An English sentence opening with a past verb of use and no subject, as reviews and chats leave out "I" ("Took it
# yesterday", "Stopped it after a week").
EN_SUBJECTLESS_USE_RE = re.compile(r"^\W*(?:took|tried|started|stopped|quit|used|been\s+(?:on|taking|using))\b")


# Impersonal verbs of a need or a chance one met («пришлось», «довелось»): in the past, with no one named as whom it
# befell, it befell the writer.
IMPERSONAL_NEED_LEMMAS = frozenset({"прийтись", "приходиться", "довестись", "доводиться"})


def _past_need(text: str) -> bool:
    """A past impersonal need that governs an infinitive of use and has no dative of its own («Пришлось выпить»;
    «Маме пришлось выпить» is the mother's, and `_someone_else` tells it)."""
    tokens = tokenize(text)
    return any(
        not t.text.isascii()
        and morphology.has_tag(t.text, "VERB", "past", "neut")
        and morphology.lemma(t.text) in IMPERSONAL_NEED_LEMMAS
        and any(_infinitive_of_use(after.text) for after in tokens[i + 1 : i + 1 + ADVICE_REACH])
        for i, t in enumerate(tokens)
    )


# The gender or number a Russian object pronoun stands for.
PRONOUN_AGREEMENT = {
    "его": frozenset({"masc", "neut"}),
    "него": frozenset({"masc", "neut"}),
    "ее": frozenset({"femn"}),
    "нее": frozenset({"femn"}),
    "их": frozenset({"plur"}),
    "них": frozenset({"plur"}),
}


def _pronoun_fits(pronoun: str, naming: Sentence, drug: Match, *, forms: bool) -> bool:
    """Can the pronoun stand for the medicine: the name, or with `forms` a dosage form said in its sentence («таблетки
    Зорбекс. Пью их»), has a reading of the pronoun's gender or number? English and a medicine's noun always fit;
    so does a Latin name, which has no Russian gender."""
    wanted = PRONOUN_AGREEMENT.get(pronoun)
    if wanted is None:
        return True
    head = naming.tokens[drug.first].text
    if head.isascii() or _reads_as(head, wanted) or _ending_reads_as(drug.term.normalized, wanted):
        return True
    return forms and any(_reads_as(m.group(), wanted) for m in FORM_CUE_RE.finditer(naming.norm))


# The gender or number a Russian noun's dictionary form shows by its last letter: «Кварцидол», «ламотриджин» masculine,
# «Элицея» feminine, «средство» neuter, «капли» plural; a soft sign is either gender. For a name the dictionary does
# not know, whose readings pymorphy3 only guesses (it reads «ламотриджин» as a plural).
ENDING_GENDERS = (("ь", {"masc", "femn"}), ("ая", {"femn"}), ("оеё", {"neut"}), ("ыи", {"plur"}))


def _ending_reads_as(lemma: str, wanted: frozenset[str]) -> bool:
    last = lemma[-1:]
    if not last or last.isascii() or not last.isalpha():
        return False
    gender = next((g for letters, g in ENDING_GENDERS if last in letters), {"masc"})
    return bool(gender & wanted)


def _reads_as(word: str, wanted: frozenset[str]) -> bool:
    """Has the word a reading of that gender in the singular, or of the plural (pymorphy3 guesses both for a name it
    does not know: "Кварцидол" masculine, "Ровалтина" feminine)."""
    for parse in morphology.parses(word):
        grammemes = parse.tag.grammemes
        if "plur" in wanted and "plur" in grammemes:
            return True
        if "plur" not in grammemes and grammemes & wanted:
            return True
    return False


def _taking_in_the_first_person(t: Token) -> bool:
    """«колю», «пью»: a verb of taking with a first-person reading, even where another reading wins («колю» is also a
    form of «колья»)."""
    return not t.text.isascii() and bool(TAKE_CUE_RE.fullmatch(t.text)) and morphology.any_reading_has(t.text, "1per")


# What a medicine is made of («Состав: валериана, мята», «в составе есть интерферон», "ingredients"): the names there
# are its ingredients, never the medicine a later sentence refers back to.
COMPOSITION_RE = re.compile(r"\b(?:состав\w*|содерж\w*|ingredients?)\b")
# A child spoken of, not named as a relative: «ребенок», «малыш», «дети».
CHILD_RE = re.compile(r"\b(?:ребен\w*|реб[её]нк\w*|малыш\w*|дет(?:и|ей|ям|ьми|ях)|детк\w*)\b")


def _names_to_refer_to(s: Sentence, *, quoted: bool) -> list[Match]:
    """The medicines a sentence names, in order, and with `quoted` its quoted names; a name both listed and quoted
    ("Персен" in quotes) is the listed one, whatever order a set would give."""
    listed = _medicines_named(s)
    starts = {m.start for m in listed}
    extra = [m for m in (_quoted_names(s) if quoted else ()) if m.start not in starts]
    return sorted([*listed, *extra], key=_start)


# --- a list of medicines continued without its verb ------------------------------------------------------
# A sentence that goes on with the writer's list of medicines leaves the verb unsaid: "Also on amlodipine for blood
# pressure.", "And on metformin since March.", "Plus omeprazole every morning.", «Ещё на эналаприле от давления.»,
# «А также метформин с марта.» Its subject is the one the sentence before named: the writer, after their own use
# ("I take lisinopril. Also on amlodipine"), someone else after theirs ("My mom takes lisinopril. Also on
# amlodipine"). Said first in a message, it answers the assistant's question about medicines.

# The words that go on with a list, then "on" (being on a medicine, «на эналаприле») right before its name.
CONTINUATION_RE = re.compile(
    r"\W*(?P<joined>(?:(?:and|plus|also|as\s+well\s+as|along\s+with|besides|и|а|плюс|еще|также|тоже|кроме\s+того)"
    r"[\s,]+)*)(?:(?:still|now|currently|все\s+еще|сейчас)\s+)?(?P<on>(?:on|на)\s+)?"
)
# What may follow the list: nothing, or what a use is told by (what for, since when, how often, how much); never a
# verb of its own ("Also Advil works faster" speaks of the medicine, not of taking it), nor a dash or a colon that
# opens what is said of it («А кломипрамин — это другая группа»).
USE_DETAIL_AFTER_RE = re.compile(
    r"[\s,]*(?:$|[.!;()]|\d|(?:for|since|daily|every|twice|once|at|in|as|before|after|with|too|also|from"
    r"|от|при|против|для|с|со|по|утром|вечером|на|перед|после|каждый|каждое|ежедневно|раз|дважды|трижды|уже|тоже)\b)"
)
# The assistant asked about medicines: an answer made of a continued list is the writer's own.
ASKED_ABOUT_MEDICINES_RE = re.compile(
    r"\b(?:medications?|medicines?|meds|drugs?|pills?|prescri\w+|supplements?|taking|take|лекарств\w*|препарат\w*"
    r"|таблетк\w*|принимаете|принимаешь|пьете|пьешь)\b"
)


def _continued_use(s: Sentence, before: Sequence[Sentence]) -> list[Finding]:
    """The medicines of a list the sentence continues without a verb: the writer's when the sentence before told
    the writer's own use, or (with "on", or first in a message that answers a question about medicines) when
    nothing before it names another person."""
    opening = CONTINUATION_RE.match(s.norm)
    if opening is None or not (opening.group("joined") or opening.group("on")):
        return []
    first_words = [t for t in s.tokens if t.start >= opening.end()][:3]
    if not any(m.start == opening.end() for m in lexicon.drugs().find(first_words)):
        return []  # «А потом…», "And then…": most sentences so opened name no medicine first; the list is not read
    drugs = _named_drugs(s, [])
    if not drugs or drugs[0].start != opening.end():
        return []
    listed = [drugs[0]]
    for drug in drugs[1:]:
        joiner = LIST_JOINER_RE.match(s.norm, listed[-1].end)
        if joiner is None or joiner.end() != drug.start:
            break
        listed.append(drug)
    if not USE_DETAIL_AFTER_RE.match(s.norm, listed[-1].end):
        return []
    previous = before[-1] if before else None
    if previous is not None:
        # The sentence before speaks of the writer («Пью бисопролол.», "I'm 60 and have high blood pressure."): with
        # its own use, any continuation is theirs; else only "also on"/«ещё на», the ellipsis of "I'm also on".
        writer = bool(WRITER_WORD_RE.search(previous.norm) or _first_person_verb(previous.norm))
        own_use = writer and any(f.action != "negate" for f in medications(previous, []))
        also_on = bool(opening.group("joined") and opening.group("on"))
        if not own_use and not (also_on and writer and not _someone_else(previous)):
            return []
    elif not opening.group("on") and not ASKED_ABOUT_MEDICINES_RE.search(s.prompt):
        return []
    span = (listed[0].start, listed[-1].end)
    found = []
    for i, drug in enumerate(listed):
        if _not_used(s, drug, span[0]):
            continue
        segment = s.norm[drug.start : listed[i + 1].start if i + 1 < len(listed) else len(s.norm)]
        found.append(_medication(s, drug, segment, segment, listed=span))
    return found


def referred_back(s: Sentence, before: Sequence[Sentence]) -> list[Finding]:
    """The medicine a sentence of the writer's use refers back to («Пью его уже месяц»), when the sentences of its
    message `before` it named exactly one; the evidence is the naming sentence and this one together. A list
    continued without its verb («Ещё на эналаприле») refers back to the use the sentence before told."""
    if s.hypothetical:
        return []
    continued = _continued_use(s, before)
    if continued:
        return continued
    ref = _reference_taken(s)
    if ref is None or _medicines_named(s) or not _said_by_the_writer(s, ref):
        return []
    if ref.start == ref.end and any(relative(x) or CHILD_RE.search(x.norm) for x in [*before, s]):
        return []  # a message about a child or a husband: whose use an unsaid object tells is a guess
    noun = ref.noun
    reach = before if noun else before[-PRONOUN_REACH:]
    named = [
        (sentence, drug)
        for sentence in reach
        if not COMPOSITION_RE.search(sentence.norm)
        for drug in _names_to_refer_to(sentence, quoted=noun)
    ]
    head = before[0] if before else s
    title = _title_name(head)
    if title is not None and (head is not s or title.end < ref.start) and head in [*reach, s]:
        if any(_other_name_written(sentence, title) for sentence in {*reach, head}):
            return []
        if not any(drug.start == title.start for sentence, drug in named if sentence is head):
            named.insert(0, (head, title))
    pronoun = ref.pronoun
    if len({drug.term.normalized for _, drug in named}) > 1:
        # Several named: the pronoun's gender or number may fit only one name («Купила Зорбекс и мазь Ровалтина.
        # Мажу ее»); else a pronoun or an unsaid object stands for what the sentence just before it named («Пила
        # травы. Потом мне предложили Зорбекс. Я взяла его»), and two there leave it a guess. A medicine's noun
        # reaches further back, so which one it means stays a guess.
        named = [(sentence, drug) for sentence, drug in named if _pronoun_fits(pronoun, sentence, drug, forms=False)]
        if not noun:
            named = [(sentence, drug) for sentence, drug in named if sentence is named[-1][0]]
    if len({drug.term.normalized for _, drug in named}) != 1:
        return []
    if not _pronoun_fits(pronoun, *named[-1], forms=True):
        return []  # «Купила Зорбекс для детей. Я их беру на море»: «их» are not the one medicine named
    if _someone_else(s, ref.start) or _advice_to_reader(s):
        return []
    naming, drug = named[-1]
    if _not_used(s, Match(0, 0, ref.start, ref.end, drug.term), ref.start):
        return []
    if naming is s:  # "Zorbex review: I've been taking it"
        told = (ref.start, ref.end)
        return [_medication(s, drug, s.norm[drug.start :], s.norm[drug.start :], taken=ref.taken, told_at=told)]
    both = replace(
        Sentence.of(f"{naming.raw} {s.raw}", said_at=s.said_at, prompt=s.prompt, asked=s.asked, message=s.message),
        correcting=s.correcting,
        hedged=s.hedged,
        hypothetical=s.hypothetical,
        past=s.past,
        first_in_message=naming.first_in_message,
    )
    segment = both.norm[drug.start :]
    offset = len(naming.raw) + 1  # where this sentence begins in both
    told = (offset + ref.start, offset + ref.end)
    return [_medication(both, drug, segment, segment, taken=ref.taken, told_at=told)]


# --- allergies -------------------------------------------------------------------------------------

ALLERGY_CUE_RE = re.compile(
    r"\b(?:аллерги\w*|аллергическ\w+\s+реакци\w+)\s+(?:у\s+меня\s+)?(?:на|к)\s+|\bнепереносимост\w+\s+(?:к\s+)?"
    r"|\bне\s+переношу\s+|\ballergic\s+(?:reaction\s+)?to\s+|\ballerg(?:y|ies)\s+to\s+|\bintoleran(?:t|ce)\s+to\s+"
)
ALLERGY_WORD_RE = re.compile(r"аллерг|allerg|непереносим|не\s+переношу|intoleran")
EN_ALLERGY_BEFORE_RE = re.compile(r"\b([a-z]+(?:\s+[a-z]+)?)\s+(?:allergy|allergies|intolerance|intolerant)\b")
SAYS_ONLY_THE_ALLERGY_RE = re.compile(r"\s*(?:here|too|as\s+well)?\W*$")
# The allergen first, the word for allergy after it: "На сульфаниламиды у меня аллергия", "на мед — аллергия".
RU_ALLERGEN_FIRST_RE = re.compile(
    r"(?:^|[,;]\s*)на\s+(?P<items>[^—–:;.!?]+?)\s*(?:[—–-]\s*)?(?:у\s+меня\s+)?"
    r"(?:(?:сильная|жуткая|страшная)\s+)?(?:аллерги|непереносимост)"
)
ITEM_SPLIT_RE = re.compile(r"\s*(?:,|\bи\b|\bили\b|\band\b|\bor\b|\bа\s+также\b)\s*")
ITEM_STOP = frozenset(
    {
        "у",
        "меня",
        "нет",
        "есть",
        "с",
        "после",
        "когда",
        "уже",
        "тоже",
        "так",
        "since",
        "from",
        "which",
        "that",
        "but",
        "я",
        "i",
        "а",
        "но",
        "была",
        "был",
        "было",
        "оказалась",
        "and",
        "вроде",
        "кажется",
        "бывает",
        "сильная",
        "сильный",
        "severe",
        "mild",
        "too",
        "also",
    }
)
NEGATED_ALLERGY_RE = compile_cues(
    r"\bнет\s+(?:\w+\s+)?(?:аллерги|непереносим)|(?:аллерги|непереносим)[^,;]*?\bнет\b|(?:аллерги|непереносим)\w*[^,;]*"
    r"\bпрошл|\bбольше\s+нет\b|\bне\s+(?:оказалось|было)\b|\bnot\s+allergic|\bno\s+(?:longer\s+)?(?:\w+\s+)?allerg"
    r"|\b(?:don't|do\s+not)\s+have\s+(?:an?\s+|any\s+)?(?:\w+\s+)?allerg|\bnot\s+anymore|\bgrew\s+out\s+of|\boutgrew\b"
    r"|\bgot\s+over\s+my\b"
)
REACTIONS = (
    ("анафилакс", "анафилаксия"),
    ("отек квинке", "отек Квинке"),
    ("отек", "отек"),
    ("крапивниц", "крапивница"),
    ("сыпь", "сыпь"),
    ("сыпью", "сыпь"),
    ("зуд", "зуд"),
    ("чеса", "зуд"),
    ("покраснен", "покраснение"),
    ("чихан", "чихание"),
    ("насморк", "насморк"),
    ("слезотечен", "слезотечение"),
    ("удушь", "удушье"),
    ("задыха", "удушье"),
    ("тошнот", "тошнота"),
    ("anaphyla", "anaphylaxis"),
    ("hives", "hives"),
    ("rash", "rash"),
    ("swelling", "swelling"),
    ("itch", "itching"),
    ("sneez", "sneezing"),
    ("can't breathe", "difficulty breathing"),
)
SEVERE_RE = re.compile(r"анафилакс|квинке|сильн\w+\s+(?:аллерг|реакц)|severe|anaphyla|epipen|реанимац")


# Who is allergic, in English: the word before "allergic" (or "have an allergy to") past the verbs, modals, adverbs and
# articles between them. The writer ("I'm deathly allergic to", "I may be allergic to") says the writer's; a subject
# that is someone or something else says another's or a figure of speech: "my son is allergic", "this sub is allergic
# to good memes", "you're bulletproof, but allergic to lead", "vampires are allergic to garlic", "people who are
# allergic to". No subject in the clause ("not really, allergic to dogs", "after an allergic reaction to walnuts")
# leaves it to the person last named before.
ALLERGIC_SUBJECT_GAP = frozenset(
    [
        *("am", "is", "are", "was", "were", "be", "been", "become", "became", "becoming", "get", "got", "getting"),
        *("gotten", "have", "has", "had", "having", "developed", "develop", "can", "could", "may", "might", "must"),
        *("will", "would", "should", "also", "so", "too", "very", "still", "now", "just", "even", "not", "like"),
        *("kinda", "sorta", "super", "pretty", "quite", "a", "an", "the", "little", "bit", "fucking", "always"),
        *("severe", "mild", "bad", "serious", "slight", "major", "minor", "sudden", "food", "definitely", "both"),
        *("no", "longer", "never", "ever", "supposed", "to", "used", "gonna", "seem", "seems", "seemed"),
    ]
)
# Subjects that are no one's name but stand for another: pronouns, relatives, and "one" ("another one is an allergy
# to shellfish"); "that/who" relate the clause to a noun before ("a cat that was allergic to cats").
OTHER_SUBJECT_PRONOUNS = frozenset(
    [
        *("you", "u", "ya", "you're", "youre", "he", "he's", "she", "she's", "they", "they're", "it", "it's", "one"),
        *("this", "that", "these", "those", "who", "whos", "who's", "whose", "which", "everyone", "everybody"),
    ]
)
INDEFINITE_PEOPLE = frozenset(["someone", "somebody", "anyone", "anybody", "nobody", "people", "whoever"])
OTHER_PERSONS = frozenset(["you", "u", "you're", "youre", "he", "he's", "she", "she's", "they", "they're"])


def _writer_is_allergic(s: Sentence, cue_start: int) -> bool:
    if not s.english:
        return said_of_writer(s, cue_start)
    start = clause_start(s, cue_start)
    before = [t for t in s.tokens if t.end <= cue_start]
    for i in range(len(before) - 1, -1, -1):
        word = before[i].text
        if WRITER_RE.match(word):
            return True
        if before[i].start < start:
            # A clause with no subject shares the one before it: "you shit cat litter but are allergic to cats".
            if word in OTHER_PERSONS:
                return False
            continue
        if word == "being":  # "I don't like being allergic to dogs"; "being allergic to peanuts results in ..."
            return any(WRITER_RE.match(t.text) for t in before[:i])
        if word in ALLERGIC_SUBJECT_GAP or (word.endswith("ly") and len(word) > 4):
            continue
        if word in OTHER_SUBJECT_PRONOUNS or word in INDEFINITE_PEOPLE or not _closed_class_en(word):
            return False  # "Hitler was allergic to soy", "this sub is allergic to"
        return said_of_writer(s, cue_start)  # a preposition: "after an allergic reaction to walnuts"
    return True


def _closed_class_en(word: str) -> bool:
    return word in lexicon.person_words()["closed_class_en"] or word in lexicon.function_words()


# Said as a supposition, a wish, a pretence or a wondering, not as a fact: "if you're allergic to nuts", "I was
# looking up to see if you can be allergic to X", "i can't imagine being allergic to food", "I wish I was allergic
# to", "lied that I was allergic to", «если нет аллергии на пенициллин».
UNREAL_ALLERGY_RE = re.compile(
    r"\b(?:if|whether|imagine|imagining|wish|hope|hoping|pretend\w*|lied|lie|lying|joke[sd]?|joking|suppose"
    r"|supposing|assuming|wonder\w*|thought|если|вдруг|представ\w+|якобы)\b|\bbetter\s+not\b|\bin\s+case\b"
    r"|\bnot\s+that\b|\bused\s+to\s+think\b"
)
# An allergen no list has is kept only when the sentence speaks of the body or of medicine besides the word "allergic"
# (a reaction, a test, a doctor): an allergy is too serious to lose, and "I'm allergic to bullshit" too common to keep.
ALLERGY_HEALTH_CONTEXT_RE = re.compile(
    r"\b(?:hives|rash\w*|swell\w*|swollen|itch\w*|sneez\w*|wheez\w*|breath\w*|throat|tongue|lips?|skin|eyes?|nose"
    r"|runny|anaphyla\w*|epi-?pens?|allergist|doctors?|dr|tested|tests?|prick\w*|hospital\w*|er|ambulance"
    r"|diagnos\w*|symptoms?|sick|vomit\w*|throw(?:ing)?\s+up|nause\w*|stomach|migraines?|headaches?|cramps?|eczema"
    r"|dermatitis|blisters?|tingl\w*|hurts?|pain|reactions?|benadryl|antihistamines?"
    r"|сып\w*|отек\w*|зуд\w*|чеш\w*|чих\w*|кашл\w*|насморк\w*|нос|глаз\w*|горл\w*|кож\w*|задыха\w*|дыш\w*|врач\w*"
    r"|аллерголог\w*|анализ\w*|тест\w*|проб\w*|скор\w+|больниц\w*|реакци\w*|таблетк\w*|антигистамин\w*|пятн\w*"
    r"|покрасн\w*)\b"
)
# Heads of an unlisted "allergen" that name no substance: people, generic words, times and places said as adverbs
# ("allergic to people", "to almost everything", "to mornings", "to outside"); the most common abstract nouns with
# no abstract suffix ("life", "death", "sex", "work"). A suffix says the rest ("-ness", "-ity", "-tion", ...).
NOT_AN_ALLERGEN_EN = frozenset(
    [
        *("people", "person", "persons", "human", "humans", "man", "men", "woman", "women", "guy", "guys", "girl"),
        *("girls", "boy", "boys", "baby", "babies", "everyone", "everybody", "someone", "anyone", "food", "foods"),
        *("thing", "things", "stuff", "everything", "anything", "something", "nothing", "products", "product"),
        *("life", "death", "love", "hate", "sex", "work", "school", "class", "fun", "change", "reality", "karma"),
        *("bullshit", "shit", "crap", "bs", "drama", "morning", "mornings", "night", "nights", "evening", "evenings"),
        *("day", "days", "today", "monday", "mondays", "weekends", "outside", "outdoors", "inside", "air", "water"),
        *("weather", "fire", "light", "lights", "sun", "gravity", "math", "effort", "music", "money", "stupid"),
    ]
)
ABSTRACT_SUFFIX_RE = re.compile(r"(?:ness|ity|ities|isms?|tions?|sions?|ments?|ance|ence|ship|hood|dom)$")


def _may_be_unlisted_allergen(s: Sentence, words: list[Token], context: str, reacted: bool) -> bool:
    """Whether an unlisted noun phrase after "allergic to" may be kept as an allergen: a concrete noun (no person, no
    abstract noun, no time of day, no proper name), in a sentence that speaks of the body or of medicine."""
    head = words[-1].text
    if not reacted and not ALLERGY_HEALTH_CONTEXT_RE.search(context):
        return False
    if not head.isascii():
        # «на другого производителя»: a pronominal adjective opens no allergen.
        return "Apro" not in morphology.best(words[0].text).tag.grammemes and lexicon.professions().lookup(head) is None
    classes = morphology.english_word_classes(head)
    people = lexicon.person_words()
    forms = {head, *morphology.english_lemmas(head)}
    return not (
        forms & NOT_AN_ALLERGEN_EN
        or forms & people["other_people"]
        or any(form in people["relatives"] for form in forms)
        or lexicon.professions().lookup(head) is not None
        or ABSTRACT_SUFFIX_RE.search(head)
        or (head.endswith("ing") and "VERB" in classes)
        or (words[0].start > 0 and s.cut(words[0].start, words[0].end)[:1].isupper())  # a name: "allergic to Canada"
        or (classes and "NOUN" not in classes)  # "allergic to stupid"
    )


def _item_words(s: Sentence, tokens: list[Token]) -> list[Token]:
    """The words of one listed item: up to three, ending before a stop word, a closed-class word, or a capital after a
    lower-case word, where a post's title runs into its text ("allergic to alcohol Every time I drank")."""
    words: list[Token] = []
    for t in tokens[:3]:
        if t.text in ITEM_STOP or (words and not is_content_word(t.text)):
            break
        if words and s.cut(t.start, t.end)[:1].isupper() and not s.cut(words[-1].start, words[-1].end)[:1].isupper():
            break
        words.append(t)
    return words


def _allergy_items(s: Sentence, cue_start: int, start: int, known_only: bool = False) -> list[tuple[Match, str]]:
    """The allergens listed from `start` on, after the cue at `cue_start`: (match in sentence coordinates, kind).

    `known_only`: only lexicon allergens and drugs count, for cues that say less than "аллергия"
    ("не переношу жару" is about the weather, "не переношу ибупрофен" about a drug).
    """
    reacted = bool(re.search(r"reaction|реакци", s.norm[cue_start:start]))  # "an allergic reaction to X" was had
    end_m = re.compile(r"[—–(;:.!?]|\s-\s").search(s.norm, start)
    end = end_m.start() if end_m else len(s.norm)
    items: list[tuple[Match, str]] = []
    pos = start
    for part in ITEM_SPLIT_RE.split(s.norm[start:end]):
        part_start = s.norm.find(part, pos) if part else pos
        pos = part_start + len(part)
        shifted = [type(t)(t.text, t.start + part_start, t.end + part_start) for t in tokenize(part)]
        words = _item_words(s, shifted)
        if not words:
            if items:
                break
            continue
        found = lexicon.allergens().find(words) or lexicon.drugs().find(words)
        if found and found[0].first == 0:
            match = found[0]
            kind = match.term.kind
        elif (
            found
            and found[-1].last == len(words) - 1
            and words[0].text.isascii()
            and not any(_closed_class_en(w.text) for w in words[: found[-1].first])
        ):
            # A listed head with its modifiers: "raw celery", "blue cheese", "green apples" are celery, cheese, apples.
            match = Match(0, found[-1].last, words[0].start, words[-1].end, found[-1].term)
            kind = match.term.kind
        elif (
            not items
            and not known_only
            and is_content_word(words[0].text)
            and _may_be_unlisted_allergen(s, words, s.norm[:cue_start] + " " + s.norm[words[-1].end :], reacted)
        ):
            # The first item after "аллергия на" may be an allergen even if unlisted, unless a pronoun ("allergic to
            # it") or a figure of speech.
            head = words[0]
            normalized = " ".join([morphology.noun_lemma(head.text), *(w.text for w in words[1:])])
            match = Match(0, 0, head.start, words[-1].end, lexicon.Term(head.text, normalized))
            kind = "other"
        else:
            break
        items.append((match, kind))
    return items


def _writer_named_before(s: Sentence, start: int, end: int) -> bool:
    """The writer named in the clause before `start` as the last person there ("I have a lactose allergy"), not
    someone after them ("I don't recall anyone having nut allergies"); or nobody named in a sentence that says only
    the allergy ("bad peanut allergies here")."""
    begins = clause_start(s, start)
    for token in reversed([t for t in s.tokens if begins <= t.start and t.end <= start]):
        if WRITER_RE.match(token.text):
            return said_of_writer(s, start)
        if token.text in OTHER_PERSONS or token.text in INDEFINITE_PEOPLE:
            return False
    return bool(SAYS_ONLY_THE_ALLERGY_RE.match(s.norm, end)) and said_of_writer(s, start)


def allergies(s: Sentence) -> tuple[list[Finding], list[tuple[int, int]]]:
    """Allergy findings and the char spans of the allergens (so no rule reads them as drugs taken)."""
    if not ALLERGY_WORD_RE.search(s.norm):
        return [], []
    items: list[tuple[Match, str]] = []
    for cue in ALLERGY_CUE_RE.finditer(s.norm):
        if _writer_is_allergic(s, cue.start()) and not UNREAL_ALLERGY_RE.search(s.norm, 0, cue.start()):
            items.extend(_allergy_items(s, cue.start(), cue.end(), known_only=cue.group().startswith("не")))
    if not items:
        first = RU_ALLERGEN_FIRST_RE.search(s.norm)
        if first and said_of_writer(s, first.end()) and not UNREAL_ALLERGY_RE.search(s.norm, 0, first.end()):
            items.extend(_allergy_items(s, first.end(), first.start("items")))
    if not items:
        for m in EN_ALLERGY_BEFORE_RE.finditer(s.norm):
            words = tokenize(m.group(1))
            shifted = [type(t)(t.text, t.start + m.start(1), t.end + m.start(1)) for t in words]
            found = lexicon.allergens().find(shifted) or lexicon.drugs().find(shifted)
            # The allergen is the word right before "allergy" ("penicillin allergy"); "Zyrtec for allergies" names
            # the remedy. Whose it is must be said ("I have a nut allergy", "my peanut allergy"): a headline or a
            # chart ("peanut allergy vaccine shows promise", "a patient with penicillin allergy") names nobody's.
            if (
                found
                and found[-1].end == m.end(1)
                and _writer_named_before(s, found[-1].start, m.end())
                and not UNREAL_ALLERGY_RE.search(s.norm, 0, found[-1].start)
            ):
                items.append((found[-1], found[-1].term.kind or "drug"))
    negated = bool(NEGATED_ALLERGY_RE.search(s.norm))
    reaction = next((name for stem, name in REACTIONS if stem in s.norm), None)
    found_list = []
    for match, kind in items:
        attrs = {
            "name_raw": s.cut(match.start, match.end),
            "name_normalized": match.term.normalized,
            "kind": kind if kind in ("food", "drug", "environmental", "other") else "drug",
        }
        if negated:
            found_list.append(Finding("allergies", attrs, s, action="negate"))
            continue
        if reaction:
            attrs["reaction"] = reaction
        if SEVERE_RE.search(s.norm):
            attrs["severity"] = "severe"
        found_list.append(Finding("allergies", attrs, s, action="correct" if s.correcting else "assert"))
    return found_list, [(m.start, m.end) for m, _ in items]


# --- whole sections: none / not sure -------------------------------------------------------------

TOPIC_RES: dict[str, re.Pattern[str]] = {
    "allergies": re.compile(r"аллерг|allerg"),
    "chronic_conditions": re.compile(r"хронич|chronic"),
    "family_history": re.compile(
        r"\bв\s+(?:вашей\s+|твоей\s+)?семье|родственник|родител|наследствен|family|relatives"
        r"|hereditary"
    ),
}
ABSENT_RES: dict[str, re.Pattern[str]] = {
    "allergies": compile_cues(
        r"^(?:нет,?\s+)?(?:у\s+меня\s+)?(?:никаких\s+)?аллерги[йия]\s+(?:у\s+меня\s+)?(?:нет|нету|не\s+было|никогда\s+не\s+было)\b"
        r"|\bнет\s+(?:никаких\s+)?(?:у\s+меня\s+)?аллерги[йи]\b(?!\s+на)|\bни\s+на\s+что\s+(?:нет\s+аллергии|не\s+аллерг)"
        r"|\bне\s+аллергик|\bno\s+(?:known\s+)?allergies|\b(?:don't|do\s+not)\s+have\s+any\s+allergies"
        r"|\bnot\s+allergic\s+to\s+anything|\bnkda\b|\bне\s+страдаю\s+аллерги"
    ),
    "chronic_conditions": re.compile(
        r"\bхронических\s+(?:болезней|заболеваний|болячек|диагнозов)\s+(?:у\s+меня\s+)?(?:нет|нету|не\s+было)"
        r"|\bнет\s+(?:никаких\s+)?хронических|\bno\s+chronic\s+(?:conditions|diseases|illnesses|health\s+problems)"
        r"|\b(?:don't|do\s+not)\s+have\s+any\s+chronic"
    ),
    "family_history": re.compile(
        r"\bв\s+(?:моей\s+)?семье\s+(?:ни\s+у\s+кого\s+)?(?:(?:ничего|такого|подобного)\s+)*(?:не\s+было|нет)\b"
        r"|\bнаследственных\s+(?:болезней|заболеваний)\s+(?:нет|не\s+было)|\bno\s+family\s+history"
        r"|\bnobody\s+in\s+my\s+family\s+(?:has|had)|\bno\s+one\s+in\s+my\s+family\s+(?:has|had)"
    ),
}
UNSURE_RE = re.compile(
    r"\bне\s+знаю\b|\bне\s+уверен\w*|\bне\s+помню\b|\bне\s+в\s+курсе\b|\bне\s+проверял\w*"
    r"|\bпонятия\s+не\s+имею|\bхз\b|\bdon't\s+know\b|\bnot\s+sure\b|\bno\s+idea\b|\bnever\s+(?:been\s+)?"
    r"(?:tested|checked)|\bdon't\s+remember|\bunsure\b"
)
# How far (in characters) after the doubt its topic may be said.
UNSURE_REACH = 40
BARE_NO_RE = re.compile(r"^(?:нет|неа|нету|не\s+было|никаких|no|nope|none|not\s+that\s+i\s+know)\b")


def coverage(s: Sentence, has_items: set[str]) -> list[Finding]:
    """ "Аллергий нет" → absent; "не знаю" after a question on allergies → unsure.

    `has_items`: sections for which this sentence already names something (then "нет" negates
    that item and says nothing about the whole section).
    """
    found = []
    for section, absent_re in ABSENT_RES.items():
        if section not in has_items and absent_re.search(s.norm):
            found.append(Finding(section, {}, s, action="absent"))
    if found:
        return found
    asked = [sec for sec, topic in TOPIC_RES.items() if topic.search(s.prompt)] if s.prompt else []
    said = [sec for sec, topic in TOPIC_RES.items() if topic.search(s.norm)]
    unsure = UNSURE_RE.search(s.norm)
    if unsure:
        # Said, the topic follows the doubt closely ("i don't know my family history", «не знаю, болел ли кто-то в
        # семье»); a "don't know" elsewhere in a sentence that mentions a family is about something else.
        said = [sec for sec in said if TOPIC_RES[sec].search(s.norm, unsure.end(), unsure.end() + UNSURE_REACH)]
        for section in said or asked:
            if section not in has_items:
                found.append(Finding(section, {}, s, action="unsure"))
    elif asked and BARE_NO_RE.match(s.norm) and s.first_in_message:
        found.extend(Finding(sec, {}, s, action="absent") for sec in asked if sec not in has_items)
    return found
