"""The rules backend on the person facts people state: phrasing patterns, each with its own people,
places, pets and pastimes (none of them from the shared scenarios), and the sentences that must
yield nothing. Pure unit tests: no database, no Celery.
"""

from __future__ import annotations

from typing import Any

import pytest

from models.schemas import ProposedEvent
from models.sections import get_section
from tasks.extractors import Message
from tasks.extractors.rules import classify, extract
from tasks.language import numbers, places


def _events(text: str) -> list[ProposedEvent]:
    messages = (Message(role="user", content=text),)
    found = [e for section in classify(messages) for e in extract(messages, section)]
    for event in found:
        get_section(event.section).validate(event.attributes, event.slot)
    return found


def _has(found: list[ProposedEvent], section: str, slot: str | None, attrs: dict[str, Any], action: str) -> bool:
    return any(
        e.section == section
        and e.slot == slot
        and e.action == action
        and all(e.attributes.get(k) == v for k, v in attrs.items())
        for e in found
    )


Case = tuple[str, str, str, dict[str, Any]] | tuple[str, str, str, dict[str, Any], str]

FINDS: list[Case] = [
    # family status, RU and EN, as a state and as an event
    ("Я уже десять лет замужем.", "profile", "family_status", {"value": "замужем"}),
    ("Мы развелись прошлой зимой.", "profile", "family_status", {"value": "в разводе"}),
    ("Я разведен, живу один.", "profile", "family_status", {"value": "в разводе"}),
    ("Женился в мае.", "profile", "family_status", {"value": "женат"}),
    ("I'm happily married.", "profile", "family_status", {"value": "married"}),
    ("I got engaged on Saturday!", "profile", "family_status", {"value": "engaged"}),
    ("I am a widow.", "profile", "family_status", {"value": "widowed"}),
    ("I'm not married either.", "profile", "family_status", {"value": "not married"}),
    # children: counts in words and digits, collectives, sons and daughters, lists
    ("У нас трое детей.", "profile", "children", {"value": "3 ребенка"}),
    ("У меня двое сыновей и дочка.", "profile", "children", {"value": "2 сына, дочь"}),
    ("Замужем, четверо детей, работаю из дома.", "profile", "children", {"value": "4 ребенка"}),
    ("We have five kids.", "profile", "children", {"value": "5 children"}),
    ("I've got a daughter and two sons.", "profile", "children", {"value": "1 daughter, 2 sons"}),
    ("i am a father of three", "profile", "children", {"value": "3 children"}),
    ("We don't have any children.", "profile", "children", {"value": "none"}),
    # pets: species, count, breed, name
    (
        "Завели котёнка — сфинкс, зовут Кекс.",
        "preferences",
        "pets",
        {"value": "кот", "breed": "сфинкс", "name": "Кекс"},
    ),
    ("У нас живут две черепахи.", "preferences", "pets", {"value": "черепаха", "count": 2}),
    ("Взяли из приюта собаку породы такса.", "preferences", "pets", {"value": "собака", "breed": "такса"}),
    ("We rescued a kitten named Pickle.", "preferences", "pets", {"value": "cat", "name": "Pickle"}),
    ("we have three hamsters", "preferences", "pets", {"value": "hamster", "count": 3}),
    ("I also have a parrot.", "preferences", "pets", {"value": "parrot"}),
    ("Мы с мужем завели кролика.", "preferences", "pets", {"value": "кролик"}),
    # sports and hobbies said as habits
    ("По воскресеньям рубимся в баскетбол.", "preferences", "sports", {"value": "баскетбол"}),
    ("Уже год занимаюсь фехтованием.", "preferences", "sports", {"value": "фехтование"}),
    ("Хожу на бокс два раза в неделю.", "preferences", "sports", {"value": "бокс"}),
    ("Увлекаюсь резьбой по дереву.", "preferences", "hobbies", {"value": "резьба"}),
    ("Моё хобби — вышивка.", "preferences", "hobbies", {"value": "вышивка"}),
    ("I play badminton every Thursday.", "preferences", "sports", {"value": "badminton"}),
    ("I go bouldering with friends.", "preferences", "sports", {"value": "bouldering"}),
    ("i enjoy playing table tennis", "preferences", "sports", {"value": "table tennis"}),
    ("I love knitting.", "preferences", "hobbies", {"value": "knitting"}),
    ("In my spare time I bake.", "preferences", "hobbies", {"value": "bake"}),
    # jobs: a new one, and leaving one
    ("Раньше была бухгалтером, теперь работаю флористом.", "profile", "profession", {"value": "флорист"}),
    ("Уволилась из банка.", "profile", "profession", {"value": "банк"}, "negate"),
    ("I just quit my job.", "profile", "profession", {"value": "job"}, "negate"),
    ("Я вышел на пенсию.", "profile", "profession", {"value": "пенсионер"}),
    # moves, any case of a Russian place, lower-case places, countries and states
    ("Мы перебрались в Ярославль.", "profile", "city", {"value": "Ярославль"}),
    ("Переехали в Великий Новгород весной.", "profile", "city", {"value": "Великий Новгород"}),
    ("Живу в самаре.", "profile", "city", {"value": "Самара"}),
    ("Я родом из Иркутска.", "profile", "city", {"value": "Иркутск"}),
    ("Мы живём теперь в Германии.", "profile", "country", {"value": "Германия"}),
    ("We relocated to Halifax last year.", "profile", "city", {"value": "Halifax"}),
    ("i live in montreal", "profile", "city", {"value": "Montreal"}),
    ("I'm based in Utah.", "profile", "region", {"value": "Utah"}),
    ("I moved to finland in 2019.", "profile", "country", {"value": "Finland"}),
    # diet changes
    ("Я стала веганкой.", "preferences", "diet", {"value": "веганство"}),
    ("I became a vegetarian.", "preferences", "diet", {"value": "vegetarian"}),
    ("Отказался от мяса.", "preferences", "diet", {"value": "Отказался от мяса"}),
    # ages in words, and corrections
    ("Мне пятьдесят три года.", "profile", "age", {"value": 53}),
    ("Мне исполнилось двадцать девять.", "profile", "age", {"value": 29}),
    ("I'm sixty-four years old.", "profile", "age", {"value": 64}),
    ("I just turned thirty.", "profile", "age", {"value": 30}),
    ("Мне не 52, а 25.", "profile", "age", {"value": 25}),
    # tastes said in other words than "I like"
    ("my favourite season is autumn", "preferences", "likes", {"value": "autumn"}),
    ("Lasagna is definitely my favorite.", "preferences", "likes", {"value": "Lasagna"}),
    ("I'm a huge baseball fan.", "preferences", "likes", {"value": "baseball"}),
    ("I do not care for olives.", "preferences", "dislikes", {"value": "olives"}),
    ("i read mystery novels mostly", "preferences", "likes", {"value": "mystery novels"}),
    # names written in lower case: a given-name list in a frame that introduces the speaker
    ("hey there, i am priscilla and i knit", "profile", "name", {"value": "Priscilla"}),
    ("morning! i'm wendell, nice to meet you", "profile", "name", {"value": "Wendell"}),
    ("gregory is my name, by the way", "profile", "name", {"value": "Gregory"}),
    ("my first name is really harold", "profile", "name", {"value": "Harold"}),
    ("everyone at work calls me stan", "profile", "name", {"value": "Stan"}),
    ("my grandmother named me beatrice", "profile", "name", {"value": "Beatrice"}),
    ("my name is Theodore, but call me Teddy", "profile", "name", {"value": "Theodore (Teddy)"}),
    ("my given name is margaret, but i go by peggy", "profile", "name", {"value": "Margaret (Peggy)"}),
    ("привет, я даша, учусь в колледже", "profile", "name", {"value": "Даша"}),
    ("Меня зовут Евгения, но зовите меня Женей", "profile", "name", {"value": "Евгения (Женя)"}),
    # places: a city with its state, a home said in the clause, weaker cues that need the gazetteer
    ("we live in austin, texas now", "profile", "city", {"value": "Austin, Texas"}),
    ("i moved to tucson arizona last year", "profile", "city", {"value": "Tucson, Arizona"}),
    ("i live in some tiny village in vermont", "profile", "region", {"value": "Vermont"}),
    ("i rent a small flat with two friends in glasgow", "profile", "city", {"value": "Glasgow"}),
    ("our house in denver has a big yard", "profile", "city", {"value": "Denver"}),
    ("there is snow all winter in minnesota, where i live", "profile", "region", {"value": "Minnesota"}),
    ("greetings from norway!", "profile", "country", {"value": "Norway"}),
    ("i have never been outside of michigan", "profile", "region", {"value": "Michigan"}),
    ("i'm pretty new to japan", "profile", "country", {"value": "Japan"}),
    ("i am from a small town, tulsa", "profile", "city", {"value": "Tulsa"}),
    ("живу с мужем и собакой в твери", "profile", "city", {"value": "Тверь"}),
    ("у нас своя квартира в Казани", "profile", "city", {"value": "Казань"}),
    ("Привет из Новосибирска!", "profile", "city", {"value": "Новосибирск"}),
    ("we live in the northern part of norway", "profile", "country", {"value": "Norway"}),
    ("i'm from the suburbs of Atlanta", "profile", "city", {"value": "Atlanta"}),
    # children named with a possessive, words between them allowed
    ("my youngest daughter started ballet", "profile", "children", {"value": "daughter"}),
    ("we took our kids camping", "profile", "children", {"value": "kids"}),
    ("i have three wonderfully loud kids at home", "profile", "children", {"value": "3 children"}),
    ("my husband and four children are asleep", "profile", "children", {"value": "4 children"}),
    ("i have my grandkids every sunday", "profile", "children", {"value": "grandkids"}),
    ("мои младшие сыновья любят футбол", "profile", "children", {"value": "сыновья"}),
    # marriage history and how long
    (
        "been married twice, divorced 2 times",
        "profile",
        "family_status",
        {"value": "married 2 times, divorced 2 times"},
    ),
    ("i've been married three times", "profile", "family_status", {"value": "married 3 times"}),
    ("married eleven years this june.", "profile", "family_status", {"value": "married"}),
    # every taste of a sentence, dislikes said as exceptions or as "not a fan", favourites said first
    ("i adore sushi but hate wasabi", "preferences", "dislikes", {"value": "wasabi"}),
    ("i adore sushi but hate wasabi", "preferences", "likes", {"value": "sushi"}),
    ("я люблю джаз и не люблю рэп", "preferences", "dislikes", {"value": "рэп"}),
    ("honestly i'd eat anything except mushrooms", "preferences", "dislikes", {"value": "mushrooms"}),
    ("not a huge fan of opera, to be honest", "preferences", "dislikes", {"value": "opera"}),
    ("i'm a big fan of crosswords", "preferences", "likes", {"value": "crosswords"}),
    ("i despise traffic jams", "preferences", "dislikes", {"value": "traffic jams"}),
    ("we rewatched casablanca, my favorite film.", "preferences", "likes", {"value": "casablanca"}),
    ("i drink way too much green tea lately", "preferences", "likes", {"value": "green tea"}),
    ("pescatarian is my diet these days", "preferences", "diet", {"value": "pescatarian"}),
    ("my passion is woodworking", "preferences", "hobbies", {"value": "woodworking"}),
    ("i enjoy knitting and board games", "preferences", "hobbies", {"value": "board games"}),
    ("i like listening to daft punk", "preferences", "hobbies", {"value": "daft punk"}),
    ("i love going to the lake house", "preferences", "likes", {"value": "lake house"}),
    ("that's my favorite writer, agatha christie", "preferences", "likes", {"value": "agatha christie"}),
    ("i just saw my favorite band, the national", "preferences", "likes", {"value": "national"}),
    ("i brought my favorite snack, pretzels", "preferences", "likes", {"value": "pretzels"}),
    ("i do not drink soda at all", "preferences", "dislikes", {"value": "soda"}),
    ("i really do like the colour teal", "preferences", "likes", {"value": "teal"}),
    ("i'm a real movie buff", "preferences", "likes", {"value": "movie"}),
    ("it all comes from my love for old maps", "preferences", "likes", {"value": "old maps"}),
    ("board games are my passion", "preferences", "likes", {"value": "board games"}),
    ("we spend our weekends kayaking", "preferences", "sports", {"value": "kayaking"}),
    ("honestly, big fan of westerns myself", "preferences", "likes", {"value": "westerns"}),
    ("last spring i switched from vegetarian to vegan", "preferences", "diet", {"value": "vegan"}),
    # a list: every fact found, the allergy in allergies
    ("Vegetarian, based in Tallinn, allergic to sesame.", "preferences", "diet", {"value": "vegetarian"}),
    ("Vegetarian, based in Tallinn, allergic to sesame.", "profile", "city", {"value": "Tallinn"}),
    ("Vegetarian, based in Tallinn, allergic to sesame.", "allergies", "", {"name_raw": "sesame"}),
]


@pytest.mark.parametrize("case", FINDS, ids=[f"{c[0]}|{c[2]}" for c in FINDS])
def test_finds(case: Case) -> None:
    text, section, slot, attrs, *rest = case
    action = rest[0] if rest else "assert"
    found = _events(text)
    assert _has(found, section, slot or None, attrs, action), [e.model_dump(exclude={"said_at"}) for e in found]


def _person_events(text: str) -> list[ProposedEvent]:
    return [e for e in _events(text) if e.section in ("profile", "preferences")]


NOTHING: list[str] = [
    # wishes, plans, hypotheticals, questions
    "Хочу завести хомяка.",
    "Мечтаю переехать в Сочи.",
    "Думаю завести собаку.",
    "Should I take up fencing?",
    "If I had a ferret I'd call it Noodle.",
    "I'm thinking about moving to Denver.",
    "Может, мне заняться теннисом?",
    # other people's lives
    "У сестры три кошки.",
    "Мой брат живёт в Томске.",
    "My cousin has two parrots.",
    "My neighbour plays hockey every weekend.",
    "Подруга увлекается керамикой.",
    "Her husband is divorced.",
    "My sister's cat is called Luna.",
    # reported speech
    "Врач сказал, что я должна бегать.",
    "My mom says I'm married to my work.",
    # negations
    "I don't have any pets.",
    "У меня нет собаки.",
    "Я не играю в шахматы.",
    # errands, chores and common nouns are not pastimes or places
    "Хожу в магазин по субботам.",
    "Занимаюсь ремонтом квартиры.",
    "Я живу в доме у мамы.",
    "I live in the UK.",
    # lower-case words that a name list also holds are names only when they introduce the speaker
    "i am so tired of this",
    "i am frank with my boss",
    "i am in a hurry",
    "i'm will be late",
    # places and children that are not the user's
    "my sister lives in a flat in seattle",
    "i have never heard of boise",
    "if i had kids, my kids would ski",
    "i have taught kids for years",
    "i want my own kids someday",
    "my cousin's sons are twins",
    "my sister has been married 3 times",
    "my uncle is a big fan of polka",
    "Сестра живёт с мужем в Перми.",
    "i spend my time worrying",
    "my favorite thing, honestly, is hard to say",
    "i will paint it green next, my favorite colour",
    "especially in winter, it's my favorite",
    # pronouns, adverbs and sentence tails are never values
    "I love it.",
    "I play it by ear.",
    "I like to wear my old boots.",
    "Я увлекаюсь этим давно.",
    "Я люблю, когда тепло.",
]


@pytest.mark.parametrize("text", NOTHING)
def test_nothing_from(text: str) -> None:
    assert _person_events(text) == [], [e.model_dump(exclude={"said_at"}) for e in _person_events(text)]


@pytest.mark.parametrize(
    "text",
    [
        "My son plays football.",
        "Мой муж занимается боксом.",
        "my daughter has a hamster named Biscuit",
        "I love my daughter.",
    ],
)
def test_a_relatives_pastime_or_pet_is_not_the_users(text: str) -> None:
    found = [e for e in _events(text) if e.section == "preferences"]
    assert found == [], [e.model_dump(exclude={"said_at"}) for e in found]


def test_every_fact_keeps_its_sentence() -> None:
    text = "Привет! Мы перебрались в Вологду. У нас двое детей."
    found = _person_events(text)
    assert {e.evidence for e in found} == {"Мы перебрались в Вологду.", "У нас двое детей."}


@pytest.mark.parametrize(
    ("text", "value"),
    [("thirty-two", 32), ("сорок один", 41), ("двое", 2), ("троих", 3), ("ninety nine", 99), ("7", 7), ("кот", None)],
)
def test_number_words(text: str, value: int | None) -> None:
    assert numbers.number_value(text) == value


@pytest.mark.parametrize(
    ("words", "name", "kind"),
    [
        (["Нижнем", "Новгороде"], "Нижний Новгород", "city"),
        (["казани"], "Казань", "city"),
        (["Португалии"], "Португалия", "country"),
        (["new", "york"], "New York", "city"),
        (["USA"], "United States", "country"),
        (["oregon"], "Oregon", "state"),
    ],
)
def test_gazetteer_reads_any_case(words: list[str], name: str, kind: str) -> None:
    found = places.lookup(words)
    assert found is not None and found[0].name == name and found[0].kind == kind


@pytest.mark.parametrize("words", [["новую", "квартиру"], ["the", "country"], ["a", "small", "town"], ["центре"]])
def test_gazetteer_ignores_common_words(words: list[str]) -> None:
    assert places.lookup(words) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a count said anywhere in the dialogue is what is kept; a child named in passing adds nothing to it
        ("We have four kids. My youngest daughter paints.", "4 children"),
        ("My daughter paints every day. We have four kids.", "4 children"),
        ("У нас пятеро детей. Моя дочь рисует.", "5 детей"),
        # alone, a possessive is evidence of at least one child and is kept as said
        ("My daughter paints every day.", "daughter"),
        ("Моя дочь рисует.", "дочь"),
        # "only" is a count
        ("my only daughter paints", "1 daughter"),
    ],
)
def test_a_child_in_passing_never_replaces_a_count(text: str, value: str) -> None:
    found = [e for e in _events(text) if e.slot == "children"]
    assert [e.attributes["value"] for e in found] == [value]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("я была замужем трижды", "замужем 3 раза"),
        ("дважды был женат, теперь один", "женат 2 раза"),
        ("я был женат пять раз", "женат 5 раз"),
        ("i was forced to marry at seventeen", "married"),
        ("we had to get married quickly", "married"),
    ],
)
def test_marriage_history_and_unchosen_marriages(text: str, value: str) -> None:
    found = [e for e in _events(text) if e.slot == "family_status"]
    assert [e.attributes["value"] for e in found] == [value]


@pytest.mark.parametrize(
    "text", ["моя тетя была замужем трижды", "her mother was forced to marry at seventeen", "ты был женат дважды?"]
)
def test_no_marriage_of_someone_else(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "family_status"]


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        # "here in X" points at where the speaker is, whatever wish comes before it in the clause
        ("i wish it snowed more here in Denver", "city", "Denver"),
        # the state as what something makes of the user
        ("all this travelling keeps me single", "family_status", "single"),
        ("the accident left me widowed at thirty", "family_status", "widowed"),
        # "the kids" beside the user's spouse or the user are the family's
        ("my husband drove the kids to practice", "children", "kids"),
        ("me and the children baked bread", "children", "children"),
    ],
)
def test_deixis_object_complements_and_family_kids(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("i wish i lived in Denver", "city"),
        ("that would make me single again", "family_status"),
        ("it keeps my brother single", "family_status"),
        ("my neighbour drove the kids to practice", "children"),
        ("i coach the kids on saturdays", "children"),
    ],
)
def test_no_place_status_or_kids_when_not_the_users(text: str, slot: str) -> None:
    assert not [e for e in _events(text) if e.slot == slot]
