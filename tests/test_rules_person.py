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
    ("I'm not married either.", "profile", "family_status", {"value": "single"}),
    # children: counts in words and digits, collectives, sons and daughters, lists
    ("У нас трое детей.", "profile", "children", {"value": "3 ребенка"}),
    ("У меня двое сыновей и дочка.", "profile", "children", {"value": "2 сына, дочь"}),
    # what a question takes for granted: the children, spouse or pet it calls the user's
    ("How do I get my 2 kids to sleep?", "profile", "children", {"value": "2 children"}),
    ("What should I buy my wife for our anniversary?", "profile", "family_status", {"value": "married"}),
    ("Что подарить моему мужу на день рождения?", "profile", "family_status", {"value": "замужем"}),
    ("Как уложить моих двоих детей спать?", "profile", "children", {"value": "2 ребенка"}),
    ("Have you seen my dog Max?", "preferences", "pets", {"value": "dog"}),
    # who they are, said right after their count
    ("У нас двое детей: сын и дочка.", "profile", "children", {"value": "2 ребенка, сын, дочь"}),
    ("we have two kids, a boy and a girl", "profile", "children", {"value": "2 children, 1 son, 1 daughter"}),
    ("I have two kids: a son and a daughter", "profile", "children", {"value": "2 children, 1 son, 1 daughter"}),
    ("i have 2 kids, sons are the best", "profile", "children", {"value": "2 children"}),
    ("У меня двое детей, и сын мой в школе", "profile", "children", {"value": "2 ребенка"}),
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
    # an adverb between the owner and the verb
    ("i actually have two rabbits", "preferences", "pets", {"value": "rabbit", "count": 2}),
    ("we currently own four goldfish", "preferences", "pets", {"value": "goldfish", "count": 4}),
    ("i finally adopted a puppy", "preferences", "pets", {"value": "dog"}),
    # the user's own question names the animal, the answer counts theirs
    ("do you like parrots? i have two.", "preferences", "pets", {"value": "parrot", "count": 2}),
    ("do you have hamsters? i've got three", "preferences", "pets", {"value": "hamster", "count": 3}),
    ("do you love cats? yes i have one", "preferences", "pets", {"value": "cat"}),
    ("i love hamsters and have three of them", "preferences", "pets", {"value": "hamster", "count": 3}),
    ("i adore rabbits, i own two.", "preferences", "pets", {"value": "rabbit", "count": 2}),
    ("i really like turtles so i have four", "preferences", "pets", {"value": "turtle", "count": 4}),
    ("I also have a parrot.", "preferences", "pets", {"value": "parrot"}),
    ("Мы с мужем завели кролика.", "preferences", "pets", {"value": "кролик"}),
    # a breed said alone names the species; stored as listed
    ("We adopted a beagle named Max", "preferences", "pets", {"value": "dog", "breed": "beagle", "name": "Max"}),
    ("i have two german shepherds", "preferences", "pets", {"value": "dog", "count": 2, "breed": "german shepherd"}),
    ("we got a siamese last spring", "preferences", "pets", {"value": "cat", "breed": "siamese"}),
    ("Взяли таксу, зовут Дуся.", "preferences", "pets", {"value": "собака", "breed": "такса", "name": "Дуся"}),
    ("У меня немецкая овчарка.", "preferences", "pets", {"value": "собака", "breed": "немецкая овчарка"}),
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
    ("I quit my job as a teacher and now I drive for Uber", "profile", "profession", {"value": "teacher"}, "negate"),
    ("i lost my job as a software engineer", "profile", "profession", {"value": "software engineer"}, "negate"),
    ("I'm no longer a nurse, thank god", "profile", "profession", {"value": "nurse"}, "negate"),
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
    ("Отказался от мяса.", "preferences", "diet", {"value": "без мяса"}),
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
    ("this soup suits my paleo diet", "preferences", "diet", {"value": "paleo"}),
    ("friends tease me about my pescatarian lifestyle", "preferences", "diet", {"value": "pescatarian"}),
    ("i am totally and happily vegetarian", "preferences", "diet", {"value": "vegetarian"}),
    ("i'm a lifelong vegetarian", "preferences", "diet", {"value": "vegetarian"}),
    ("we only eat halal, so no pork", "preferences", "diet", {"value": "halal"}),
    ("my passion is woodworking", "preferences", "hobbies", {"value": "woodworking"}),
    ("i enjoy knitting and board games", "preferences", "hobbies", {"value": "board games"}),
    ("i like listening to daft punk", "preferences", "hobbies", {"value": "daft punk"}),
    ("i love going to the lake house", "preferences", "likes", {"value": "lake house"}),
    ("that's my favorite writer, agatha christie", "preferences", "likes", {"value": "agatha christie"}),
    ("i just saw my favorite band, the national", "preferences", "likes", {"value": "national"}),
    ("i brought my favorite snack, pretzels", "preferences", "likes", {"value": "pretzels"}),
    ("my favorite band metallica", "preferences", "likes", {"value": "metallica"}),
    # named between its kind and the copula, which then says what it does; a qualifier there names nothing
    ("my favorite band coldplay is touring", "preferences", "likes", {"value": "coldplay"}),
    ("my favourite author stephen king is writing a new one", "preferences", "likes", {"value": "stephen king"}),
    ("my fave team the packers are playing tonight", "preferences", "likes", {"value": "packers"}),
    ("my favorite food in the whole world is lasagna", "preferences", "likes", {"value": "lasagna"}),
    ("my favourite colour right now is mustard", "preferences", "likes", {"value": "mustard"}),
    ("my favorite snack growing up was popcorn", "preferences", "likes", {"value": "popcorn"}),
    ("my favourite drink ginger beer", "preferences", "likes", {"value": "ginger beer"}),
    ("my favourite album, Exhausted, is on repeat", "preferences", "likes", {"value": "Exhausted"}),
    ("i do not drink soda at all", "preferences", "dislikes", {"value": "soda"}),
    ("i really do like the colour teal", "preferences", "likes", {"value": "teal"}),
    ("i'm a real movie buff", "preferences", "likes", {"value": "movie"}),
    ("it all comes from my love for old maps", "preferences", "likes", {"value": "old maps"}),
    ("board games are my passion", "preferences", "likes", {"value": "board games"}),
    ("we spend our weekends kayaking", "preferences", "sports", {"value": "kayaking"}),
    ("honestly, big fan of westerns myself", "preferences", "likes", {"value": "westerns"}),
    ("last spring i switched from vegetarian to vegan", "preferences", "diet", {"value": "vegan"}),
    # a quantity before the thing ("a lot of" was cut as "a" + "lot of ...")
    ("i watch a lot of korean dramas", "preferences", "likes", {"value": "korean dramas"}),
    ("i read lots of poetry", "preferences", "likes", {"value": "poetry"}),
    ("i drink a lot of rooibos at home", "preferences", "likes", {"value": "rooibos"}),
    # going to do a pastime: the pastime
    ("i like to go bowling with my cousins", "preferences", "sports", {"value": "bowling"}),
    ("on sundays i love going birdwatching", "preferences", "hobbies", {"value": "birdwatching"}),
    ("i enjoy going sailing", "preferences", "sports", {"value": "sailing"}),
    # time spent on it
    ("i spend a lot of time quilting", "preferences", "hobbies", {"value": "quilting"}),
    ("i spend all of my free time fishing", "preferences", "hobbies", {"value": "fishing"}),
    ("we spend most of our weekends camping", "preferences", "hobbies", {"value": "camping"}),
    ("i love working out before work", "preferences", "hobbies", {"value": "working out"}),
    # the pastime named first
    ("bouldering is something i really enjoy", "preferences", "sports", {"value": "bouldering"}),
    ("woodcarving is what i love most", "preferences", "hobbies", {"value": "woodcarving"}),
    ("well, tennis is my life", "preferences", "sports", {"value": "tennis"}),
    ("baking is a great hobby for winter", "preferences", "hobbies", {"value": "baking"}),
    ("knitting is one of my favourite hobbies", "preferences", "hobbies", {"value": "knitting"}),
    ("gardening is my passion, honestly", "preferences", "hobbies", {"value": "gardening"}),
    ("rowing is my main hobby", "preferences", "sports", {"value": "rowing"}),
    # done much
    ("i do a lot of baking in winter", "preferences", "hobbies", {"value": "baking"}),
    ("we do a lot of camping up north", "preferences", "hobbies", {"value": "camping"}),
    ("in summer i do a lot of birdwatching", "preferences", "hobbies", {"value": "birdwatching"}),
    # "i like to <verb>": the verb, up to the end of its clause or a word that is no object
    ("i love to paint, it keeps me calm", "preferences", "hobbies", {"value": "paint"}),
    ("i like to sketch so i carry a pad", "preferences", "hobbies", {"value": "sketch"}),
    ("i really like to whittle more than anything", "preferences", "hobbies", {"value": "whittle"}),
    ("i like to listen to bluegrass", "preferences", "hobbies", {"value": "bluegrass"}),
    ("i like to play board games with friends", "preferences", "hobbies", {"value": "board games"}),
    ("i enjoy sketching, pottery and origami", "preferences", "hobbies", {"value": "sketching"}),
    ("i like baking, sewing and gardening", "preferences", "hobbies", {"value": "sewing"}),
    ("i like baking, sewing and gardening", "preferences", "hobbies", {"value": "gardening"}),
    # an instrument played (the prepositional)
    ("по вечерам играю на гитаре", "preferences", "hobbies", {"value": "гитара"}),
    ("я давно играю на виолончели", "preferences", "hobbies", {"value": "виолончель"}),
    ("мы с сыном играем на барабанах", "preferences", "hobbies", {"value": "барабан"}),
    # riding or going on a sport's equipment (the prepositional), a diet one is "on"
    ("по вечерам катаюсь на велосипеде", "preferences", "sports", {"value": "велосипед"}),
    ("зимой всей семьёй ходим на лыжах", "preferences", "sports", {"value": "лыжи"}),
    ("катаемся на коньках каждое воскресенье", "preferences", "sports", {"value": "коньки"}),
    ("я теперь на кето", "preferences", "diet", {"value": "кето"}),
    ("i'm on paleo these days", "preferences", "diet", {"value": "paleo"}),
    # a distaste said with a negation or as the least favourite
    ("i'm not really keen on spicy food", "preferences", "dislikes", {"value": "spicy food"}),
    ("honestly i am not into team sports", "preferences", "dislikes", {"value": "team sports"}),
    ("i have never liked olives", "preferences", "dislikes", {"value": "olives"}),
    ("my least favourite chore is ironing", "preferences", "dislikes", {"value": "ironing"}),
    ("november is my least favorite month", "preferences", "dislikes", {"value": "november"}),
    ("what's your least favorite food? mine is liver.", "preferences", "dislikes", {"value": "liver"}),
    # pets of any companion-animal group, however the having is put
    ("do you have pets? i have an iguana.", "preferences", "pets", {"value": "iguana"}),
    ("i only have a turtle", "preferences", "pets", {"value": "turtle"}),
    ("my parakeet wakes me up at six", "preferences", "pets", {"value": "parakeet"}),
    ("we currently have two hedgehogs", "preferences", "pets", {"value": "hedgehog", "count": 2}),
    ("у нас живёт игуана", "preferences", "pets", {"value": "игуана"}),
    # a passion for the thing
    ("i am really passionate about astronomy", "preferences", "likes", {"value": "astronomy"}),
    ("i'm obsessed with true crime podcasts", "preferences", "likes", {"value": "true crime podcasts"}),
    ("i have a real passion for vintage cars", "preferences", "likes", {"value": "vintage cars"}),
    ("i have a soft spot for jazz", "preferences", "likes", {"value": "jazz"}),
    # one favourite among several, said first; "alot", "its" end the thing
    ("teal is one of my favourite colours", "preferences", "likes", {"value": "teal"}),
    ("dumplings are one of my favorite foods", "preferences", "likes", {"value": "dumplings"}),
    ("i like hummus alot", "preferences", "likes", {"value": "hummus"}),
    ("i love the colour maroon its my fave", "preferences", "likes", {"value": "maroon"}),
    ("dune is my favourite book, like its perfect", "preferences", "likes", {"value": "dune"}),
    # in love with a thing, obsessed with it
    ("i'm in love with thai food", "preferences", "likes", {"value": "thai food"}),
    ("i am obsessed with crossword puzzles", "preferences", "likes", {"value": "crossword puzzles"}),
    ("i am fascinated by volcanoes", "preferences", "likes", {"value": "volcanoes"}),
    # the user's own question names the taste, the answer says it
    ("do you like olives? i love them", "preferences", "likes", {"value": "olives"}),
    ("do you enjoy opera? i do.", "preferences", "likes", {"value": "opera"}),
    ("do you like to knit? i do!", "preferences", "hobbies", {"value": "knit"}),
    ("do you play badminton? yes i really do", "preferences", "sports", {"value": "badminton"}),
    ("do you like mushrooms? i hate them", "preferences", "dislikes", {"value": "mushrooms"}),
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
    # a state or a light verb liked is no pastime
    "I love living in a big city",
    "I like being outdoors.",
    "I enjoy getting up early.",
    # a question takes nothing for granted that it does not call the user's, nor in an unreal case
    "If I had kids, would my kids like it?",
    "Do you have kids?",
    "What is my name again?",
    "Does your wife like dogs?",
    # a breed's name before another noun, or a breed wished for or someone else's
    "I have a greyhound ticket to Boston",
    "I want a beagle so badly",
    "my sister has a pug",
    # "no longer a" that names no job
    "I'm no longer a big fan of winter",
    "i am no longer a kid, you know",
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
    "i spend all my time working",
    "i spend a lot of time waiting for buses",
    "work is my life",
    "that is something i love",
    "my sister is obsessed with horses",
    "if i were passionate about art i would paint",
    "i am crazy about him",
    "i have chicken for dinner tonight",
    "езжу на работу на автобусе",
    "играю на бирже",
    "не играй на нервах",
    "хожу на работу пешком",
    "я на работе до шести",
    "my brother is not keen on dogs",
    "if i were not into sports i would read more",
    "my neighbour has a pony",
    "my favorite thing, honestly, is hard to say",
    "i will paint it green next, my favorite colour",
    "especially in winter, it's my favorite",
    # what a favourite did or when, said where its name might stand
    "i saw my favorite band last night",
    "my favorite team lost again",
    "my favourite singer went platinum",
    "we met my favorite author this morning",
    # pronouns, adverbs and sentence tails are never values
    "I love it.",
    "I play it by ear.",
    "I like to wear my old boots.",
    "i like to think that i am patient",
    "i like to keep the house tidy",
    "i love to eat, that is my problem",
    "i listen to a bit of everything",
    "i do a lot of thinking at night",
    # an answer to the user's own question that is no taste of a thing
    "do you like my new scarf? i love it",
    "do you like tea or coffee? i love it",
    "do you play golf? i do not",
    "do you like opera? i do not know",
    "do you like it here? i do",
    # an answer that counts something other than the animal asked about, or does not have it
    "do you like horses? i have two jobs",
    "do you like rabbits? i hardly have time",
    "i barely have time for pets",
    "i am not vegetarian",
    "my cousin is one of my favorite people",
    "his dog is one of my favourite things",
    "i'm really not a vegan",
    "my brother's keto diet drives me mad",
    "my aunt is a strict vegan",
    "i really have to say hamsters are cute",
    "my sister loves hamsters and has three of them",
    "we have to feed the neighbour's ducks",
    # in love with a person
    "i am in love with a man from my choir",
    "i'm in love with this guy at the bakery",
    "Я увлекаюсь этим давно.",
    "Я люблю, когда тепло.",
]


@pytest.mark.parametrize(
    "text",
    ["i love parrots and have two questions about them", "i like dogs and have two sons", "i love cats, have you?"],
)
def test_a_liked_animal_is_no_pet_without_its_count(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "pets"]


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
    ("words", "after_the", "name", "kind"),
    [
        (["usa"], False, "United States", "country"),
        (["u.s."], False, "United States", "country"),
        (["us"], True, "United States", "country"),
        (["states", "are"], True, "United States", "country"),
        (["uk"], False, "United Kingdom", "country"),
        (["wales"], False, "Wales", "country"),
        (["ontario"], False, "Ontario", "state"),
        (["british", "columbia"], False, "British Columbia", "state"),
        (["tasmania"], False, "Tasmania", "state"),
    ],
)
def test_gazetteer_knows_everyday_country_names_and_provinces(
    words: list[str], after_the: bool, name: str, kind: str
) -> None:
    found = places.lookup(words, after_the=after_the)
    assert found is not None and found[0].name == name and found[0].kind == kind


@pytest.mark.parametrize("words", [["us"], ["states"], ["the", "us"]])
def test_gazetteer_needs_the_article_before_us_and_states(words: list[str]) -> None:
    assert places.lookup(words) is None


@pytest.mark.parametrize(
    ("place", "larger", "within"),
    [
        ("Dublin", "Ireland", True),
        ("Portland, Maine", "Maine", True),
        ("Texas", "United States", True),
        ("Москва", "Россия", True),
        ("Smallville", "Italy", True),  # unknown: not told apart
        ("Cork", "Italy", False),
        ("Dallas", "Ohio", False),
        ("Ohio", "Dallas", False),
    ],
)
def test_a_place_may_lie_within_another(place: str, larger: str, within: bool) -> None:
    assert places.may_lie_within(place, larger) is within


def test_world_regions_and_the_states_of_a_town() -> None:
    assert places.is_world_region(["south", "america"]) and places.is_world_region(["latin", "america", "is"])
    assert not places.is_world_region(["america"])
    assert places.is_us_city_in(["las", "vegas"], "Nevada") and places.is_us_city_in(["Portland"], "Maine")
    assert not places.is_us_city_in(["ontario"], "Ontario")


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
        # a parent's role says only that there are children: the children named say which
        ("I'm a busy dad. My son just started karate.", "son"),
        ("As a mom I never sleep. My baby daughter is teething.", "daughter"),
        ("i am a grandma now. my grandson visits on fridays", "grandson"),
        # alone, the role is kept
        ("I'm a busy dad.", "children"),
        ("i am a grandma now", "grandchildren"),
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


# Constructions people use for profile facts in casual chat, three or more sentences each, none from a corpus.
PROFILE_CONSTRUCTIONS: list[tuple[str, str, str]] = [
    # Russian: the name before its verb, a workplace before the job, a compound job, a region by its adjective,
    # a wedding in the plural, children listed with the partner said
    ("Меня Оксана зовут, мне 41", "name", "Оксана"),
    ("меня тоже зовут Вика", "name", "Вика"),
    ("Работаю на заводе слесарем", "profession", "слесарь"),
    ("работаю в поликлинике медсестрой уже пять лет", "profession", "медсестра"),
    ("я врач-терапевт", "profession", "врач-терапевт"),
    ("работаю инженером-конструктором", "profession", "инженер-конструктор"),
    ("живём в Ставропольском крае", "region", "Ставропольский край"),
    ("переехали в Тверскую область", "region", "Тверская область"),
    ("мы с Игорем поженились весной", "family_status", "в браке"),
    ("у нас с женой дочь и сын", "children", "дочь, сын"),
    ("у меня есть сын и дочка", "children", "сын, дочь"),
    # name: a caller's "X here", "this is X" opening a message, "i'm called X", a bare "name is X", "im"/"i m"
    ("nina here, i love cats", "name", "Nina"),
    ("hey all, marco here. long time lurker", "name", "Marco"),
    ("hi there! jen here", "name", "Jen"),
    ("hi this is karen, how are you", "name", "Karen"),
    ("hello, this is dan and i fix cars", "name", "Dan"),
    ("hi it's megan, nice to meet you", "name", "Megan"),
    ("привет, это Ольга", "name", "Ольга"),
    ("i am called rosa by my friends", "name", "Rosa"),
    ("i'm named pete after my uncle", "name", "Pete"),
    ("name is bob, i work nights", "name", "Bob"),
    ("the name is ellen", "name", "Ellen"),
    ("mike is the name", "name", "Mike"),
    ("my names gus", "name", "Gus"),
    ("i am grace a nurse from ohio", "name", "Grace"),
    ("hi i am jake 25 years old", "name", "Jake"),
    ("im lisa and i paint", "name", "Lisa"),
    ("i m tim what s up", "name", "Tim"),
    # home: born and raised, natives and residents, the subject said once, "down in", "near", "call X home"
    ("i was born and raised in denver", "city", "Denver"),
    ("born and raised in ohio", "region", "Ohio"),
    ("texas born and raised, love bbq", "region", "Texas"),
    ("i'm a chicago native", "city", "Chicago"),
    ("a maine native here", "region", "Maine"),
    ("i am a native of peru", "country", "Peru"),
    ("i'm a resident of canada", "country", "Canada"),
    ("living in ohio now, it is cold", "region", "Ohio"),
    ("currently living in florida with my cat", "region", "Florida"),
    ("originally from mexico but live in texas now", "region", "Texas"),
    ("we're up in seattle", "city", "Seattle"),
    ("i'm down in florida for good", "region", "Florida"),
    ("im from kansas", "region", "Kansas"),
    ("i live just outside of boston", "city", "Boston"),
    ("we live near denver", "city", "Denver"),
    ("i call austin home", "city", "Austin"),
    ("austin is home for me", "city", "Austin"),
    ("toronto is where i live", "city", "Toronto"),
    ("denver is where i'm from", "city", "Denver"),
    ("my home state is montana", "region", "Montana"),
    ("my hometown of portland is rainy", "city", "Portland"),
    ("i live in the state of vermont", "region", "Vermont"),
    ("i'm in the great state of texas", "region", "Texas"),
    ("i've always lived in ohio", "region", "Ohio"),
    ("been living in utah for years", "region", "Utah"),
    ("we moved down to florida", "region", "Florida"),
    # addresses: a city and its state code, a town no gazetteer lists with its state
    ("i live in raleigh nc", "city", "Raleigh, North Carolina"),
    ("i'm from raleigh, nc", "city", "Raleigh, North Carolina"),
    ("i am from dallas, TX", "city", "Dallas, Texas"),
    ("i live in cape hatteras, nc", "city", "Cape Hatteras, North Carolina"),
    ("we live in millbrook, new york", "city", "Millbrook, New York"),
    ("i live in nc", "region", "North Carolina"),
    ("i'm from PA, you?", "region", "Pennsylvania"),
    ("i'm in ny and it's cold", "region", "New York"),
    # marriage: the spouse said with a possessive or "i have a", late and ex, fiancé(e)s
    ("my wife and i love hiking", "family_status", "married"),
    ("me and my husband went fishing", "family_status", "married"),
    ("my hubby cooks dinner every night", "family_status", "married"),
    ("i cook for my lovely wife on sundays", "family_status", "married"),
    ("i have a wonderful husband and two dogs", "family_status", "married"),
    ("my late husband loved jazz", "family_status", "widowed"),
    ("i lost my wife to cancer last year", "family_status", "widowed"),
    ("my husband passed away in march", "family_status", "widowed"),
    ("my ex-wife got the house", "family_status", "divorced"),
    ("my ex husband still calls", "family_status", "divorced"),
    ("my fiance is a chef", "family_status", "engaged"),
    ("my fiancee and i are saving up", "family_status", "engaged"),
    ("мы с мужем любим походы", "family_status", "замужем"),
    ("моя жена печёт пироги", "family_status", "женат"),
    ("живу с бывшим мужем в одном доме", "family_status", "в разводе"),
    ("у меня муж военный", "family_status", "замужем"),
    # marriage said in other words
    ("i'm getting married in june", "family_status", "engaged"),
    ("we are finally getting married", "family_status", "engaged"),
    ("we tied the knot last spring", "family_status", "married"),
    ("i got hitched in vegas", "family_status", "married"),
    ("we're newlyweds", "family_status", "married"),
    ("single mom of two here", "family_status", "single"),
    ("i'm a single dad", "family_status", "single"),
    ("as a divorced woman i travel alone", "family_status", "divorced"),
    ("never been married, never will", "family_status", "single"),
    ("i am a wife and a mother", "family_status", "married"),
    ("married with 3 kids", "family_status", "married"),
    ("since my divorce i travel more", "family_status", "divorced"),
    ("im single and ready to mingle", "family_status", "single"),
    ("my exes hated it, been married 4 times now", "family_status", "married 4 times"),
    # children: parents with and without a count, multiples, a child on the way, the subject left out
    ("mom of two here", "children", "2 children"),
    ("father of three, teacher", "children", "3 children"),
    ("i am a 41 year old mother of 4", "children", "4 children"),
    ("i'm a mom of twins", "children", "twins"),
    ("proud dad of triplets", "children", "triplets"),
    ("i am a stay at home mom", "children", "children"),
    ("as a dad i worry a lot", "children", "children"),
    ("i'm a proud grandpa", "children", "grandchildren"),
    ("we are expecting twins", "children", "expecting twins"),
    ("i'm pregnant with our first baby", "children", "expecting a baby"),
    ("we have a baby on the way", "children", "expecting a baby"),
    ("have three kids and a dog", "children", "3 children"),
    ("got 2 kids and a mortgage", "children", "2 children"),
    ("ive 3 kids", "children", "3 children"),
    ("i have 2 little girls", "children", "2 daughters"),
    ("my two boys love soccer", "children", "2 sons"),
    ("we have three little ones", "children", "3 children"),
    ("my kiddos are at camp", "children", "kiddos"),
    ("our little girl turned two", "children", "daughter"),
    ("my toddler keeps me busy", "children", "toddler"),
    ("i've got a baby girl", "children", "1 daughter"),
    ("my 3 year old daughter loves dolls", "children", "daughter"),
    ("i have a 5 year old son", "children", "1 son"),
    ("i raised 2 kids on my own", "children", "2 children"),
    ("i have raised four children", "children", "4 children"),
    ("we are raising three boys", "children", "3 sons"),
    ("single, no kids", "children", "none"),
    ("no kids for me, thanks", "children", "none"),
    # gender: "as a", "being a", "X here", parents and spouses, "im"
    ("as a guy, i like trucks", "gender", "male"),
    ("being a woman in tech is hard, i know", "gender", "female"),
    ("old guy here, retired", "gender", "male"),
    ("female here, 40", "gender", "female"),
    ("just a girl here, hi", "gender", "female"),
    ("im a man", "gender", "male"),
    ("i'm a 52 yr old guy", "gender", "male"),
    ("i am a mom of two", "gender", "female"),
    ("i am a father of three", "gender", "male"),
    ("being a girl dad is the best", "gender", "male"),
    ("я мама двоих детей", "gender", "female"),
    # age said as what the user is
    ("i'm a 35 year old teacher", "age", 35),
    ("i am a 52 yr old guy", "age", 52),
    ("im a 19 year-old student", "age", 19),
    # age now, after an age the user was
    ("when i was young i moved, now i am thirty", "age", 30),
    ("i am 45, since i was 5 i loved it", "age", 45),
    ("when i was a kid i lived in ohio. i'm 45", "age", 45),
    # profession: "my job is" with an article, or a known one
    ("my job is a nurse", "profession", "nurse"),
    ("my occupation is a welder", "profession", "welder"),
    ("my job is plumber", "profession", "plumber"),
    ("my profession is painter", "profession", "painter"),
    # age in chat's abbreviations: "y/o", "y.o.", "yo"
    ("i am 25 y/o", "age", 25),
    ("25 y/o male here", "age", 25),
    ("i'm 30 y.o. and tired", "age", 30),
    ("i'm a 33 y/o mom", "age", 33),
    # home: located, stationed, the subject said once with "am"
    ("i am located in vermont and i hike", "region", "Vermont"),
    ("we're located in denver", "city", "Denver"),
    ("i'm in the navy, stationed in japan", "country", "Japan"),
    ("i just turned 20 and am stationed in germany", "country", "Germany"),
    # home: a part or a side of a place, a settlement and then its name, a state said with "in"
    ("i am 29 and live in the suburbs of boston", "city", "Boston"),
    ("i'm from a small town in poland", "country", "Poland"),
    ("i am right outside of a big city, dallas", "city", "Dallas"),
    ("i live a little outside of denver", "city", "Denver"),
    ("i am in upstate new york", "city", "New York"),
    ("we live in northern california", "region", "California"),
    ("i moved to eastern oregon last year", "region", "Oregon"),
    ("i am from springfield in illinois", "city", "Springfield, Illinois"),
    ("i live in austin in texas", "city", "Austin, Texas"),
    # home: lived "on" a coast, one's native land, retiring somewhere, where the user usually is
    ("i live on the east coast, maryland", "region", "Maryland"),
    ("we're on the coast of maine", "region", "Maine"),
    ("i am currently living on the coast of oregon", "region", "Oregon"),
    ("hiking in my native colorado is the best", "region", "Colorado"),
    ("i miss the snow of my native norway", "country", "Norway"),
    ("i retired to arizona", "region", "Arizona"),
    ("we retired down to florida in 2010", "region", "Florida"),
    ("i am normally in ohio but i travel", "region", "Ohio"),
    ("i am all the way in australia", "country", "Australia"),
    # home: a known place before "where i live", "the state i live in", or said as a caller says a name
    ("i walk my dog around chicago where i live", "city", "Chicago"),
    ("in denver, where i live, it snows a lot", "city", "Denver"),
    ("colorado is the state i live in", "region", "Colorado"),
    ("where do you live? california here.", "region", "California"),
    ("ohio here, hi all", "region", "Ohio"),
    ("texas here too", "region", "Texas"),
    ("Chicago here, hi", "city", "Chicago"),
    ("i live in new york city, so i shop a lot", "city", "New York City"),
    ("i live in japan part of the year", "country", "Japan"),
    ("i live in the bronx and love it", "city", "Bronx"),
    ("we live in the woodlands now", "city", "Woodlands"),
    ("i live in reading, it is quiet", "city", "Reading"),
    # home: starting to live, a list with an interjection, school or service somewhere, "currently in X", a home
    # near a place
    ("i just started living in denver", "city", "Denver"),
    ("we began living in ohio last year", "region", "Ohio"),
    ("yeah, living in utah i ski a lot", "region", "Utah"),
    ("since living in texas i eat bbq", "region", "Texas"),
    ("i am in college in louisiana", "region", "Louisiana"),
    ("i'm in the navy in japan", "country", "Japan"),
    ("we are in school in boston", "city", "Boston"),
    ("i am in the army. currently in germany", "country", "Germany"),
    ("and now in ohio, i am happy", "region", "Ohio"),
    ("i live in my car just outside los angeles", "city", "Los Angeles"),
    ("we live in a trailer near denver", "city", "Denver"),
    ("i am currently living in my van near boston", "city", "Boston"),
    # an address split by its comma before the words that make it home
    ("portland, maine is my home", "city", "Portland, Maine"),
    ("austin, texas born and raised", "city", "Austin, Texas"),
    ("well, denver, colorado is where i live", "city", "Denver, Colorado"),
    # marriage: the state the user feels about, news with the subject left out, a status, degree words
    ("i love being married", "family_status", "married"),
    ("i hate being single, no one to walk with", "family_status", "single"),
    ("being single i get to work a lot", "family_status", "single"),
    ("just got engaged to my boyfriend", "family_status", "engaged"),
    ("pretty bad. just divorced.", "family_status", "divorced"),
    ("recently married and very happy", "family_status", "married"),
    ("single is my status", "family_status", "single"),
    ("my relationship status is married", "family_status", "married"),
    ("single i am and i like it", "family_status", "single"),
    ("i am very single", "family_status", "single"),
    ("i am a recent widow", "family_status", "widowed"),
    ("i'm a young widower", "family_status", "widowed"),
    ("i am a single girl with a lot of friends", "family_status", "single"),
    ("been married 10 years now", "family_status", "married"),
    ("awesome, been married 5 years and counting", "family_status", "married"),
    ("my husband has died, leaving me widowed", "family_status", "widowed"),
    ("my wife had passed away in 2019", "family_status", "widowed"),
    ("the divorce is leaving me single", "family_status", "single"),
    ("work all day and being divorced, i cook alone", "family_status", "divorced"),
    ("but being married makes travel hard", "family_status", "married"),
    ("i am happy to be single", "family_status", "single"),
    ("we are proud to be married 20 years", "family_status", "married"),
    ("broke up last year, so now single", "family_status", "single"),
    ("i moved out and now single", "family_status", "single"),
    ("i am unmarried", "family_status", "single"),
    ("i have no kids, and i still am unmarried", "family_status", "single"),
    ("we are unmarried but live together", "family_status", "single"),
    # marriage: "i am" answering the user's own question
    ("are you married? i am, with three kids.", "family_status", "married"),
    ("are you single? yes i am.", "family_status", "single"),
    ("are you divorced? i am too", "family_status", "divorced"),
    # children: "do have", "only have", "but have", "step children"
    ("i do have four children", "children", "4 children"),
    ("i only have one child", "children", "1 child"),
    ("i still have two kids at home", "children", "2 children"),
    ("i am single but have a son", "children", "1 son"),
    ("we already have step children", "children", "stepchildren"),
    ("my step kids are great", "children", "stepchildren"),
    ("my little ones are asleep", "children", "children"),
    ("we're married and are expecting twins", "children", "expecting twins"),
    # children: listed after what else the user has, what a parent or spouse is "with", an answer to one's question
    ("i have 2 dogs, a cat and 3 kids", "children", "3 children"),
    ("hanging out with my 3 dogs and 2 children", "children", "2 children"),
    ("we had two cats and one son", "children", "1 son"),
    ("i am married with children", "children", "children"),
    ("i'm a single mom with a two year old son", "children", "1 son"),
    ("divorced dad with 3 kids here", "children", "3 children"),
    ("do you have sons? i have two.", "children", "2 sons"),
    ("do you have kids? i have 3!", "children", "3 children"),
    ("do you have any children? yes, we have four", "children", "4 children"),
    ("having a daughter, i had to grow up fast", "children", "1 daughter"),
    ("having 3 kids, i never sleep", "children", "3 children"),
    ("well, having two sons i know football", "children", "2 sons"),
    # marriage: a spouse as what the user is; name: "my name, it's X"
    ("i am a stay at home spouse", "family_status", "married"),
    ("as a working wife i cook fast", "family_status", "married"),
    ("sorry i did not give my name, its tom", "name", "Tom"),
    ("oh, my name, it is carla", "name", "Carla"),
    ("i have 6 grand children", "children", "6 grandchildren"),
    ("my grand kids visit on sundays", "children", "grandchildren"),
    ("we have two grand kids", "children", "2 grandchildren"),
    # children on the way
    ("i just learned i am having twins", "children", "expecting twins"),
    ("we're having a baby in may", "children", "expecting a baby"),
    ("triplets and now twins on the way", "children", "expecting twins"),
    ("so tired, on top of carrying twins", "children", "expecting twins"),
    ("work is hard while carrying triplets", "children", "expecting triplets"),
    ("my back hurts from the twins i am carrying", "children", "expecting twins"),
    # name: "but X is the name", "a … named X", a clause-ending "thanks", "mine is X" after one's own question
    ("i won't say my age but george is the name", "name", "George"),
    ("and tina is my name", "name", "Tina"),
    ("i am a 10 year old named arnold", "name", "Arnold"),
    ("i'm a guy called bob", "name", "Bob"),
    ("i'm a retired nurse named linda", "name", "Linda"),
    ("i am albert thanks for asking", "name", "Albert"),
    ("im sara thank you", "name", "Sara"),
    ("what is your name? mine is gerald.", "name", "Gerald"),
    ("what's your name? mine's paula", "name", "Paula"),
    ("hi! what is your name? and mine is kevin", "name", "Kevin"),
    # where the user works, in a town the gazetteer knows, when nothing says where they live
    ("i work in denver these days", "city", "Denver"),
    ("i teach second grade in phoenix", "city", "Phoenix"),
    ("i am a nurse, in boston", "city", "Boston"),
    ("we work at a small bakery in austin", "city", "Austin"),
    ("i go to school in kentucky and love it", "region", "Kentucky"),
    ("i attend college in vermont", "region", "Vermont"),
    ("i study in boston these days", "city", "Boston"),
    # "where i am from" after its place
    ("so many wild fires in oregon where i am from", "region", "Oregon"),
    ("i love texas, where i'm from", "region", "Texas"),
    ("you should see denver where we are originally from", "city", "Denver"),
    # a known place after words that only describe it; a capitalised word belongs to the name
    ("we live in sunny arizona", "region", "Arizona"),
    ("i live in snowy denver with my cats", "city", "Denver"),
    ("i live in beautiful boise, idaho", "city", "Boise, Idaho"),
    ("i live in Big Sur", "city", "Big Sur"),
    # a farm or a ranch in a place
    ("i am on a small farm in kansas", "region", "Kansas"),
    ("we are on a ranch in wyoming", "region", "Wyoming"),
    ("i'm on a dairy farm in vermont", "region", "Vermont"),
    # "where i live" after its place, whatever the clause before it is
    ("you should visit portland, where i live", "city", "Portland"),
    ("you must come to maine where i live", "region", "Maine"),
    ("if you ever go to utah, where we live, call me", "region", "Utah"),
    # the subject said once for two verbs; keeping the state or its way of life
    ("i have two dogs and am happily married", "family_status", "married"),
    ("i have a job and am single", "family_status", "single"),
    ("i rent a flat and am recently divorced", "family_status", "divorced"),
    ("i am staying single for now", "family_status", "single"),
    ("i try to stay single", "family_status", "single"),
    ("loving the single life these days", "family_status", "single"),
    ("my single lifestyle suits me", "family_status", "single"),
    # a past state that still holds; make-believe words elsewhere do not stop a job
    ("i was divorced in 2015", "family_status", "divorced"),
    ("i have been single for two years", "family_status", "single"),
    ("i was widowed last spring", "family_status", "widowed"),
    ("i play fantasy football and i am a nurse", "profession", "nurse"),
    ("imagine dragons is my favorite band and i am a teacher", "profession", "teacher"),
    ("i am a nurse, imagine that", "profession", "nurse"),
    # "have got" before the count
    ("i have got 4 kids", "children", "4 children"),
    ("are you married? i have been for years so we both work", "family_status", "married"),
    ("are you single? i've been since may", "family_status", "single"),
    ("are you divorced? yes, i have been for a decade", "family_status", "divorced"),
    ("we've got three boys", "children", "3 sons"),
    ("i have got two daughters", "children", "2 daughters"),
    # an adjective is no count ("young kids", "twin daughters"); "i"/"we" after another person is the user again
    ("i have young kids but no time", "children", "kids"),
    ("we have grown children", "children", "children"),
    ("i have twin daughters", "children", "daughters"),
    ("my husband travels a lot and we do not have kids", "children", "none"),
    ("my sister visited and i have 2 kids", "children", "2 children"),
    ("my brother has 2 kids and we have 3 kids", "children", "3 children"),
    # where the user is from, the subject left out at the start or after an introduction
    ("from beijing.", "city", "Beijing"),
    ("originally, from cheyenne", "city", "Cheyenne"),
    ("i am jake, from denver", "city", "Denver"),
    ("hi, from ohio", "region", "Ohio"),
    # a place called X; my native land whatever the clause; "live in" with the subject left out; "my ohio farm"
    ("i live in a place called tulsa", "city", "Tulsa"),
    ("i am from a little place called Hope", "city", "Hope"),
    ("i am from a place called columbus", "city", "Columbus"),
    ("i plan a long trip through my native chile", "country", "Chile"),
    ("we hope to tour my native nevada", "region", "Nevada"),
    ("it is sad to leave my native peru", "country", "Peru"),
    ("names tom, live in denver with two cats", "city", "Denver"),
    ("33, living in ohio now", "region", "Ohio"),
    ("and live in utah", "region", "Utah"),
    ("i love my ohio farm", "region", "Ohio"),
    ("we just painted our denver condo", "city", "Denver"),
    ("i am cleaning my boston apartment today", "city", "Boston"),
]


@pytest.mark.parametrize(("text", "slot", "value"), PROFILE_CONSTRUCTIONS, ids=[c[0] for c in PROFILE_CONSTRUCTIONS])
def test_profile_constructions(text: str, slot: str, value: object) -> None:
    found = [e.attributes["value"] for e in _events(text) if e.section == "profile" and e.slot == slot]
    assert value in found, [e.model_dump(exclude={"said_at"}) for e in _events(text)]


# The same constructions where they must not fire: questions, wishes, someone else's life, hypotheticals, words
# that only look like a name, a place or a parent.
NOT_THE_USERS: list[tuple[str, str]] = [
    ("меня так зовут друзья", "name"),
    ("работаю в больнице", "profession"),
    ("живу в Москве, работаю в области дизайна", "region"),
    ("они поженились в мае", "family_status"),
    ("у них с мужем сын и дочь", "children"),
    ("this is great", "name"),
    ("it's sunny here", "name"),
    ("this is rich, coming from you", "name"),
    ("it's fine, thanks", "name"),
    ("hi this is my first time here", "name"),
    ("i was named after my grandmother", "name"),
    ("my friend is called rosa", "name"),
    ("his name is bob", "name"),
    ("summer here is hot", "name"),
    ("it's june already", "name"),
    ("i live in la", "region"),
    ("i live in me", "region"),
    ("i'm in or out", "region"),
    ("my sister lives in ohio", "region"),
    ("do you live in ohio?", "region"),
    ("i want to live in denver someday", "city"),
    ("if i lived in texas i would ride horses", "region"),
    ("my parents are from chicago", "city"),
    ("living in ohio must be fun", "region"),
    ("i lived in ohio as a kid", "region"),
    ("i live in a small house", "city"),
    ("boston is home to many colleges", "city"),
    ("a native speaker helped me", "city"),
    ("my sister is married", "family_status"),
    ("are you married?", "family_status"),
    ("i want to get married someday", "family_status"),
    ("if i were married i would stay home", "family_status"),
    ("my friend's wife is a nurse", "family_status"),
    ("my brother's wife cooks well", "family_status"),
    ("my future husband will love dogs", "family_status"),
    ("her husband is a chef", "family_status"),
    ("i hope to find a wife", "family_status"),
    ("do you have a husband?", "family_status"),
    ("my parents are divorced", "family_status"),
    ("мой брат женат", "family_status"),
    ("сестра с мужем живут в Перми", "family_status"),
    ("do you have kids?", "children"),
    ("i want kids someday", "children"),
    ("i hope to have a son one day", "children"),
    ("my sister has three kids", "children"),
    ("i am an only child", "children"),
    ("i teach kids to swim", "children"),
    ("when i have kids i will teach them", "children"),
    ("i'm a dog mom", "children"),
    ("no kids allowed in the pool", "children"),
    ("i was raised by my grandparents", "children"),
    ("i raised money for kids", "children"),
    ("being a mom must be exhausting", "children"),
    ("being a woman must be hard", "gender"),
    ("i'm the mom friend of our group", "children"),
    ("me and my boys watched the game", "children"),
    ("if i were a man i would grow a beard", "gender"),
    ("i am not a woman", "gender"),
    ("i dressed up as a girl for halloween", "gender"),
    ("i feel like a kid", "gender"),
    ("are you a guy or a girl?", "gender"),
    ("a guy here told me about it", "gender"),
    ("the girl here is nice", "gender"),
    ("i'm a boy scout leader", "gender"),
    ("i'm married and my husband is kind", "gender"),
    ("i am lucky my mother works at a clinic", "gender"),
    ("через 5 минут ребенок уснул", "children"),
    ("as a 10 year old i loved cartoons", "age"),
    ("i won when i was 6, 7, and 8 years old", "age"),
    ("since i was 5, 6 years old i loved it", "age"),
    ("my job is demanding", "profession"),
    ("my job is at a hospital for animals", "profession"),
    ("my job is my true love", "profession"),
    ("i am a good cook", "profession"),
    ("i am a pretty good cook", "profession"),
    ("i'm an amateur photographer", "profession"),
    ("my son is 30 y/o", "age"),
    ("i have a 5 y/o", "age"),
    ("my brother is stationed in japan", "country"),
    ("my parents are located in ohio", "region"),
    ("i live on a farm", "city"),
    ("i'm on the phone with my mom", "city"),
    ("my native language is english", "city"),
    ("i retired to my room early", "city"),
    ("i moved in May", "city"),
    ("we moved on Friday", "city"),
    ("the weather here is hot", "city"),
    ("a guy from texas here told me", "region"),
    ("you should visit ohio where i live someday", "region"),
    ("i live in chicago in the summer", "region"),
    ("same here, i love fishing", "city"),
    ("we are in the same boat then", "city"),
    ("i am in the reading room", "city"),
    ("i'm in the orange group at work", "city"),
    ("i am from the other side of the us, michigan", "city"),
    ("hello, tracy here", "city"),
    ("Chicago here, hi", "name"),
    ("having kids is hard", "children"),
    ("having kids, i think, is a gift", "children"),
    ("having a son must be fun", "children"),
    ("my name, it is a long story", "name"),
    ("i forgot his name, it's on the card", "name"),
    ("well, texas is my home", "city"),
    ("i have a grand piano and two cats", "children"),
    ("my sister is unmarried", "family_status"),
    ("unmarried couples can't adopt there", "family_status"),
    ("now in stock at target", "city"),
    ("i used to live in arizona", "region"),
    ("my brother is in college in ohio", "region"),
    ("i live in fear outside of work", "city"),
    ("i am in school in the morning", "city"),
    ("being married must be nice", "family_status"),
    ("my friend loves being single", "family_status"),
    ("i'd hate being single", "family_status"),
    ("just married couples get a discount", "family_status"),
    ("single women are strong", "family_status"),
    ("my parents have been married 30 years", "family_status"),
    ("i have seen dogs and 2 kids at the park", "children"),
    ("i have a dog and my sister has 3 kids", "children"),
    ("my sister is married with children", "children"),
    ("i went out with a friend and her 2 kids", "children"),
    ("i am having a baby shower for my sister", "children"),
    ("are you married? i am not", "family_status"),
    ("are you married? my sister is", "family_status"),
    ("i would be happy to be married", "family_status"),
    ("the idea of being married scares me", "family_status"),
    ("got single malt whisky for dad", "family_status"),
    ("i do have a question about kids", "children"),
    ("i only have one dog", "children"),
    ("what's your favorite color? mine is blue", "name"),
    ("what is your name? mine is weird", "name"),
    ("i am a fan of a band called queen", "name"),
    ("i'm a member of a club named rotary", "name"),
    ("frank is the name of my dog", "name"),
    ("i am frank about it", "name"),
    ("i used to work in chicago", "city"),
    ("i want to work in london", "city"),
    ("i work in mobile phone repair", "city"),
    ("i am a big fan in denver", "city"),
    ("my wife works in dallas", "city"),
    ("i go to the beach in florida", "region"),
    ("i used to go to school in ohio", "region"),
    ("my sister visited ohio where she is from", "region"),
    ("i wonder if texas is where i am from", "region"),
    ("i am in bad denver traffic", "city"),
    ("i am in big trouble", "city"),
    ("i grew up on a farm in iowa", "region"),
    ("my uncle is on a farm in idaho", "region"),
    ("my sister moved to ohio, where i used to live", "region"),
    ("i wish i lived in boston where i could live by the sea", "city"),
    ("my brother has kids and is married", "family_status"),
    ("the single life is not for everyone", "family_status"),
    ("you should stay single", "family_status"),
    ("my cousin is staying single", "family_status"),
    ("i was single for years before i met him", "family_status"),
    ("we were single back then", "family_status"),
    ("in my fantasy world i am a famous chef", "profession"),
    ("i like to pretend i am a pilot", "profession"),
    ("imagine i was a doctor", "profession"),
    ("my sister has got 3 kids", "children"),
    ("are you married? i have been twice", "family_status"),
    ("are you married? i have been to paris for work", "family_status"),
    ("i have got to pick up some kids from school", "children"),
    ("i have got 4 dogs", "children"),
    ("my sister is carrying twins", "children"),
    ("she is tired from carrying twins", "children"),
    ("carrying twins is hard for anyone", "children"),
    ("i have little time for kids", "children"),
    ("my sister has 2 young kids", "children"),
    ("she has kids and we have none", "children"),
    ("i got this rug, from turkey", "country"),
    ("from paris with love", "city"),
    ("my sister, from boston", "city"),
    ("do you like models? i married one. from italy", "country"),
    ("i am from a place called work", "city"),
    ("my friend is from a place called tulsa", "city"),
    ("my wife's native mexico is lovely", "country"),
    ("her native land is peru", "country"),
    ("live in the moment", "city"),
    ("my sister, live in boston", "city"),
    ("i love my mobile home", "city"),
    ("we sold our new york apartment", "city"),
    ("i miss my texas home", "region"),
    ("my florida vacation home is lovely", "region"),
]


@pytest.mark.parametrize(("text", "slot"), NOT_THE_USERS, ids=[c[0] for c in NOT_THE_USERS])
def test_no_profile_fact_from(text: str, slot: str) -> None:
    found = [e for e in _events(text) if e.section == "profile" and e.slot == slot]
    assert found == [], [e.model_dump(exclude={"said_at"}) for e in found]


# A pet's name said in a naming frame, in chat's lower case too; a closed-class word after the frame is none.
@pytest.mark.parametrize(
    ("text", "pet", "name"),
    [
        ("i have a dog called max", "dog", "Max"),
        ("my dog's name is buddy", "dog", "Buddy"),
        ("i have a cat, her name's mittens", "cat", "Mittens"),
        ("у меня кошка, зовут её Мурка", "кошка", "Мурка"),
        ("i have a dog named after my grandpa", "dog", None),
    ],
)
def test_a_pets_name_in_a_naming_frame(text: str, pet: str, name: str | None) -> None:
    (found,) = [e for e in _person_events(text) if e.slot == "pets"]
    assert found.attributes["value"] == pet and found.attributes.get("name") == name


@pytest.mark.parametrize("text", ["her name's Mittens", "my dog's name's Rex", "his name's Tom, he's my boss"])
def test_another_ones_name_is_not_the_users(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "name"]


@pytest.mark.parametrize("text", ["i am not really into football", "i'm not big into board games"])
def test_a_negated_pastime_is_a_distaste_not_a_hobby(text: str) -> None:
    assert [e.slot for e in _person_events(text)] == ["dislikes"]


# Near a town, the town is home, as "I live near Boston" is: the case each preposition governs reads the name.
@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("Живу под Москвой", "Москва"),
        ("Мы живём недалеко от Казани", "Казань"),
        ("Живу рядом с Тверью уже десять лет", "Тверь"),
        ("Живу под Звенигородом с семьей", "Звенигород"),
    ],
)
def test_a_home_near_a_town_is_that_town(text: str, city: str) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == "city"] == [city]


@pytest.mark.parametrize("text", ["Живу под одеялом в такие дни", "Живу около работы", "Живу рядом с морем"])
def test_a_home_near_a_thing_is_no_town(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "city"]


# Where the user lives, said in more ways: a describing word before the place ("old" too, though it is a function
# word for ages), a birthplace (an origin, as "i'm from" is), a homeland, a city's nickname stored by its name, and
# "here in X", which is where the writer is whoever the clause is about.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("we live in dear old ohio", "region", "Ohio"),
        ("i'm in jolly old london now", "city", "London"),
        ("i am back in good old boston", "city", "Boston"),
        ("i was born in peru", "country", "Peru"),
        ("born in kenya, i love running", "country", "Kenya"),
        ("we were born in norway", "country", "Norway"),
        ("lima is where i was born", "city", "Lima"),
        ("peru is my homeland", "country", "Peru"),
        ("montana is my birthplace", "region", "Montana"),
        ("i live in the windy city", "city", "Chicago"),
        ("we moved to philly last year", "city", "Philadelphia"),
        ("i live in the big apple", "city", "New York City"),
        ("i live in new york", "city", "New York"),
        ("my kids love the snow here in utah", "region", "Utah"),
        ("my boss here in denver is strict", "city", "Denver"),
    ],
)
def test_more_ways_to_say_a_home(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("i live in old town", "city"),
        ("i am in old clothes", "city"),
        ("i was born in may", "city"),
        ("my daughter was born in texas", "region"),
        ("i was born in a taxi", "city"),
        ("peru is her homeland", "country"),
        ("homeland is my favorite show", "city"),
        ("i ate a big apple", "city"),
        ("she said it is cold here in ohio", "region"),
        ('"it rains here in oregon," he wrote', "region"),
    ],
)
def test_no_home_from(text: str, slot: str) -> None:
    assert not [e for e in _events(text) if e.section == "profile" and e.slot == slot]


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        # a country by its everyday name, its article kept where the name needs it
        ("we live in the uk now", "country", "United Kingdom"),
        ("i'm from the states", "country", "United States"),
        ("we moved to the u.s. last year", "country", "United States"),
        ("i live in america with my cat", "country", "United States"),
        ("we live in holland", "country", "Netherlands"),
        ("i live in scotland", "country", "Scotland"),
        # a province of Canada or a state of Australia is a region, and qualifies a town
        ("i live in toronto, ontario", "city", "Toronto, Ontario"),
        ("we moved to alberta last year", "region", "Alberta"),
        ("i am from queensland", "region", "Queensland"),
        # a state code standing alone before "now"
        ("i'm in pa now", "region", "Pennsylvania"),
        ("we live in oh now and love it", "region", "Ohio"),
        # an address from the largest part: a town the gazetteer has in the state said before it
        ("i live in nevada, las vegas", "city", "Las Vegas, Nevada"),
        ("we live in texas houston", "city", "Houston, Texas"),
        ("i live in oregon portland oregon", "city", "Portland, Oregon"),
        # a town no gazetteer lists whose name begins with a known town's, said with its state
        ("we moved to panama city beach florida", "city", "Panama City Beach, Florida"),
        ("i moved to daytona beach shores, florida", "city", "Daytona Beach Shores, Florida"),
        ("i live in lake forest park washington", "city", "Lake Forest Park, Washington"),
        # where the writer is, said with how they are there
        ("i am too tired in ohio to go out", "region", "Ohio"),
        ("i'm always so cold in denver", "city", "Denver"),
        ("i am good, just freezing in maine", "region", "Maine"),
        ("i am happily retired in arizona", "region", "Arizona"),
        # how one is, then where one is from, with one subject
        ("i am fine, from ohio", "region", "Ohio"),
        ("im good from norway", "country", "Norway"),
        ("i am doing well and from texas", "region", "Texas"),
        # where one came or moved from, and where to
        ("i came from poland in 2005", "country", "Poland"),
        ("we moved here from brazil", "country", "Brazil"),
        ("i have just arrived from kenya", "country", "Kenya"),
        ("we moved from ohio to utah", "region", "Utah"),
        ("i relocated from boston to the uk", "country", "United Kingdom"),
        ("i came over from mexico to chicago", "city", "Chicago"),
        # a home described, then named
        ("i live where it never snows, florida", "region", "Florida"),
        ("we live in a state that has no sales tax, oregon", "region", "Oregon"),
        ("i reside somewhere that is always windy, chicago", "city", "Chicago"),
        # the exact place after a vaguer one, the state said first telling which town
        ("i'm from the west coast, seattle to be precise", "city", "Seattle"),
        ("i live up north. minnesota specifically", "region", "Minnesota"),
        ("i live in ohio. springfield to be exact", "city", "Springfield, Ohio"),
        ("i live in a big state, texas to be exact", "region", "Texas"),
        # a landmark named "near" the place said first is not the home
        ("hiking is great in norway, near oslo. that is where i live", "country", "Norway"),
        ("i love the lakes in michigan, close to detroit. i live there", "region", "Michigan"),
        ("skiing in colorado near denver is fun. that is where i live", "region", "Colorado"),
        # a home city said beside an origin keeps the origin's country
        ("i am from ireland. i live in cork", "country", "Ireland"),
        ("i'm from italy but i live in rome", "country", "Italy"),
        ("i'm from canada. i live in toronto, ontario", "country", "Canada"),
    ],
)
def test_homes_said_with_their_region_or_how_the_writer_is(text: str, slot: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _events(text) if e.section == "profile" and e.slot == slot]


@pytest.mark.parametrize(
    "text",
    [
        "i live in south america",
        "we moved to latin america",
        "i love the states",
        "captain america is my hero",
        "i work for bank of america",
        "i am going to be in paris next week",
        "i am in rome for a week",
        "i am in the us army",
        "we're in chicago this weekend",
        "i'm in denver tomorrow for a meeting",
        "i'm busy in denver this weekend",
        "i am heading in to boston later",
        "i am off to rome in 2 months",
        "i'm not in texas anymore",
        "i am interested in china",
        "i'm getting married in vegas",
        "i am hiking in colorado with friends",
        "i have tickets to a show in seattle soon",
        "if i were not in vermont i would be sad",
        "i'm far from ohio",
        "i am back from paris",
        "i came from work",
        "i just came from the gym",
        "my mom came from italy",
        "i wish i lived where it is warm, florida",
        "you live up north, minnesota specifically?",
        "i am planning on moving to denver",
        "i love cities. paris specifically",
        "i am moving to austin soon",
    ],
)
def test_no_home_from_trips_plans_or_world_regions(text: str) -> None:
    assert not [e for e in _events(text) if e.section == "profile" and e.slot in ("city", "region", "country")]


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("i am from ohio. i live in dallas now", "region"),
        ("i'm from italy but i live in cork", "country"),
        ("i was born in germany. we live in boston", "country"),
        ("i live in texas. i love cities, paris specifically", "city"),
    ],
)
def test_no_origin_or_other_place_beside_a_home_elsewhere(text: str, slot: str) -> None:
    assert not [e for e in _events(text) if e.section == "profile" and e.slot == slot]


# Where the user comes from gives way to where they live, said in the same dialogue, in the same slot.
@pytest.mark.parametrize(
    ("text", "slot", "values"),
    [
        ("i'm from utah. now i live in oregon", "region", ["Oregon"]),
        ("i was born in chile. i live in peru now", "country", ["Peru"]),
        ("i am from iowa. we moved to maine in june", "region", ["Maine"]),
        # alone, or in another slot, the origin is kept
        ("i was born in chile", "country", ["Chile"]),
        ("i am from ireland. i live in cork", "country", ["Ireland"]),
    ],
)
def test_an_origin_gives_way_to_a_home(text: str, slot: str, values: list[str]) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == slot] == values


# "i am too" after words that give the listener a state, in the message or the clause before.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("sounds like you are divorced. i am too, two years now", "divorced"),
        ("you're engaged? me too!", "engaged"),
        ("so you are single, i am as well", "single"),
    ],
)
def test_a_state_echoed_from_the_listener(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == "family_status"] == [value]


@pytest.mark.parametrize(
    "text",
    ["you're single, i am not", "are you married? i am also a teacher", "you are married and i'm too shy to ask"],
)
def test_no_state_echoed_without_the_echo(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "family_status"]


# A child named as the user's ("my son") is there in any clause but one that imagines having children; a generic
# "my children" beside a count adds nothing, a child of another kind does.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("if i can find a tutor for my daughter i will", "daughter"),
        ("one day i will show my son the ocean", "son"),
        ("you would have to feed my three kids", "3 children"),
        ("she is my only daughter", "1 daughter"),
        ("we have 4 children and a puppy that acts like my children", "4 children"),
        ("i have two daughters and my son is away", "2 daughters, son"),
    ],
)
def test_the_users_children_in_any_clause(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == "children"] == [value]


@pytest.mark.parametrize(
    "text",
    ["if i had kids, my kids would ski", "when we have children our children will speak spanish", "my future son"],
)
def test_no_children_where_they_are_imagined(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "children"]


# A home said with "here", "there" or "that is where" after its place was named in the message.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("have you seen denver? i live there", "city", "Denver"),
        ("norway, we just moved here", "country", "Norway"),
        ("ever been to utah? that is where i live", "region", "Utah"),
        ("kenya. i love it here", "country", "Kenya"),
        ("i learned to surf in peru, the place i was born", "country", "Peru"),
    ],
)
def test_a_home_said_after_its_place(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("i want to visit japan. i would love to live there", "country"),
        ("my mom lives in ohio. she loves it there", "region"),
        ("we went to paris. i lived there for years", "city"),
        ("i live there", "city"),
    ],
)
def test_no_home_from_a_proform_without_its_place(text: str, slot: str) -> None:
    assert not [e for e in _events(text) if e.section == "profile" and e.slot == slot]


# How long a state has held, said before it; seeing someone is "dating".
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i am almost three years widowed", "widowed"),
        ("we're ten years married this june", "married"),
        ("i'm going on a year separated", "separated"),
        ("i'm dating a firefighter", "dating"),
        ("my neighbour and i are dating", "dating"),
        ("i just started dating again", "dating"),
    ],
)
def test_a_state_with_its_length_and_dating(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == "family_status"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "my parents are 30 years married",
        "dating apps are awful",
        "i'm not dating anyone",
        "i am dating myself with that joke",
        "my cousin and her boyfriend are dating",
        "i was dating him in college",
    ],
)
def test_no_state_from_others_or_dating_talk(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "family_status"]


# Counted children said to be all of one kind; a child on the way after "and am", the user said once for both.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("we have two children, both boys", "2 sons"),
        ("i have 3 kids, all of them girls", "3 daughters"),
        ("i've got five kids, all daughters!", "5 daughters"),
        ("i have two sons and am expecting a girl", "2 sons, expecting a baby"),
        # not a kind: the count stays children
        ("i have 3 kids, all grown", "3 children"),
        ("i have two kids, both in school", "2 children"),
    ],
)
def test_children_all_alike_and_one_on_the_way(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == "children"] == [value]


@pytest.mark.parametrize("text", ["my sister has two kids and am expecting", "her kids, all boys, are loud"])
def test_no_children_alike_of_someone_else(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "children"]


# A state said with an adverb or a typo on the way ("re cently", "an" for "and", "am" without its "i"), negated
# (only "not married" says one: single), ending ("getting divorced"), worn ("an engagement ring"), shared with
# others "like me", or said to hold now after another.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i'm re cently married", "married"),
        ("i am old an widowed", "widowed"),
        ("i am broke and single", "single"),
        ("that is why am still single", "single"),
        ("maybe that is why i am still married", "married"),
        ("i have three dogs and married", "married"),
        ("engaged last year, now married", "married"),
        ("divorced in may and now single", "single"),
        ("i'm not married, never wanted to be", "single"),
        ("я не женат", "холост"),
        ("i am not single anymore", "in a relationship"),
        ("а я теперь не одинока", "в отношениях"),
        ("i am divorced a few years now, i married young", "divorced"),
        ("i am currently getting divorced", "divorced"),
        ("and i getting divorced this fall", "divorced"),
        ("i am going through a divorce", "divorced"),
        ("i'm wearing my engagement ring all day", "engaged"),
        ("it's tough for single dads like me", "single"),
        ("widowed women like me tend to keep busy", "widowed"),
        ("are you married? i am a single.", "single"),
        ("these days i am living the single, gamer life", "single"),
    ],
)
def test_a_state_through_adverbs_typos_and_changes(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == "family_status"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "i am not divorced",
        "i am not widowed",
        "my cousin is getting divorced",
        "she wears an engagement ring",
        "married people like me",
        "i am tired and single moms are heroes",
        "my sister has two kids and married",
        "i sell engagement rings",
        "my aunt is living the single city life",
        "i am not married to the idea",
        "i am single handedly fixing the roof",
        "i am getting divorce papers ready for a client",
    ],
)
def test_no_state_from_negations_others_or_kinds_of_people(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "family_status"]


# Children with chat's slips and shortcuts: a comma after "my", "got" for "have got", a degree word before the
# adjective, the count said alone or after a state, a birth ahead.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my, daughter is six", "daughter"),
        ("i have nearly grown kids", "kids"),
        ("my wife left and i have teenage sons", "sons"),
        ("only three kids, all loud", "3 children"),
        ("i got me three daughters", "3 daughters"),
        ("i got two boys", "2 sons"),
        ("widowed have two daughters", "2 daughters"),
        ("we will be birthing triplets in june", "expecting triplets"),
        ("i'm giving birth to twins next month", "expecting twins"),
    ],
)
def test_children_through_chat_shortcuts(text: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _events(text) if e.slot == "children"]


@pytest.mark.parametrize(
    "text",
    [
        "oh my, kids are loud",
        "my, my, children grow fast",
        "she is giving birth to twins",
        "just kids playing outside",
        "my sister will be birthing twins",
        "do you have kids?",
    ],
)
def test_no_children_from_exclamations_others_or_questions(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "children"]


# An age reached: "just turn" (a past typed without its ending), "turn 40 today", «стукнуло» with «мне» left out.
@pytest.mark.parametrize(
    ("text", "value"),
    [("i just turn 31", 31), ("i turn 40 today", 40), ("вчера стукнуло 45", 45), ("мне на днях стукнуло 30", 30)],
)
def test_an_age_just_reached(text: str, value: int) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == "age"] == [value]


@pytest.mark.parametrize(
    "text", ["i turn 30 next month", "компании стукнуло 10 лет", "дочке исполнилось 7", "my dog just turned 3"]
)
def test_no_age_ahead_or_of_another(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "age"]


# A name no list has, introduced before the user's next clause; a nickname others use kept beside the stated name.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i am zyvanna and i am 20", "Zyvanna"),
        ("hi, i am quorvin, i like chess", "Quorvin"),
        ("hello i am brynnlee and my dog is old", "Brynnlee"),
        ("oh i see, well i am taviyah and i bake", "Taviyah"),
        ("my name is robert. my buddies call me bobby", "Robert (Bobby)"),
        ("what's your name? mine is margaret. everyone calls me peggy", "Margaret (Peggy)"),
    ],
)
def test_an_unlisted_name_and_a_nickname(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == "name"][-1:] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "i am tired and i need coffee",
        "i am good and i like pizza",
        "i am hapy and i sing",
        "i am retird and i garden",
        "i am vegan and my wife too",
        "i'm unvaccinated and i worry",
        "i am soooo and i mean it",
        "he thinks i am zyvanna and i laughed",
    ],
)
def test_no_name_from_an_adjective_a_noun_or_a_slip(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "name"]


# Tastes listed after one verb: each a value of its own, two single things joined by "and" one name ("mac and cheese"),
# a kind narrowed with "especially" a taste too; a bare comma lists only things of one shape or a list closed by "and".
@pytest.mark.parametrize(
    ("text", "slot", "values"),
    [
        ("i like owls and foxes", "likes", ["owls", "foxes"]),
        ("i adore crosswords and poetry", "likes", ["crosswords", "poetry"]),
        ("i like tea, scones and jam", "likes", ["tea", "scones", "jam"]),
        ("i love soups, especially borscht", "likes", ["soups", "borscht"]),
        ("i hate wasps and mosquitoes", "dislikes", ["wasps", "mosquitoes"]),
        ("i love mac and cheese", "likes", ["mac and cheese"]),
        ("i like tea, thanks", "likes", ["tea"]),
        ("i like pizza and my brother likes pasta", "likes", ["pizza"]),
        ("i enjoy bread, bake it myself", "likes", ["bread"]),
        ("i like kiwis, lol", "likes", ["kiwis"]),
        ("i like owls, the sea and sailing", "likes", ["owls", "sea", "sailing"]),
        ("i hate teal, the color.", "dislikes", ["teal"]),
        ("i like stew and the way they cook it", "likes", ["stew"]),
        ("i love lentils and autumn is near", "likes", ["lentils"]),
    ],
)
def test_tastes_listed_after_one_verb(text: str, slot: str, values: list[str]) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == values


# A pastime said as a habit, the verb alone naming it, stored as its gerund.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("i quilt blankets for my nieces", "hobbies", "quilting"),
        ("we canoe every summer", "sports", "canoeing"),
        ("i also sketch when i have time", "hobbies", "sketching"),
        ("i swim laps at the y", "sports", "swimming"),
        ("i do work out most mornings", "hobbies", "working out"),
    ],
)
def test_a_pastime_said_as_a_habit(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "i hunt for bargains online",
        "i read that you moved",
        "i write to my aunt",
        "if i sail i get seasick",
        "my uncle knits scarves",
        "i read yesterday about the storm",
        "i work out the details later",
        "i sing jazz professionally",
        "i bake bread for a living",
        "waiting is something i hate",  # a distaste (dislikes), no pastime
    ],
)
def test_no_pastime_from_another_sense_or_person(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("hobbies", "sports")]


# What the user fears or is tired of is a distaste.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i am terrified of wasps", "wasps"),
        ("i'm really scared of thunderstorms", "thunderstorms"),
        ("i am so tired of winter", "winter"),
    ],
)
def test_a_fear_is_a_distaste(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "dislikes"] == [value]


@pytest.mark.parametrize(
    "text",
    ["i am not afraid of wasps", "i was scared of the dark", "my son is afraid of dogs", "i'm afraid of that"],
)
def test_no_distaste_from_a_fear_not_the_users(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "dislikes"]


# Favourites in more words: a plural "my favorites", "mine is currently X", "i do like to X".
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("pancakes are one of my favorites", "likes", "pancakes"),
        ("plums are my faves", "likes", "plums"),
        ("who is your favorite painter? mine is currently monet", "likes", "monet"),
        ("i do like to watch anime", "hobbies", "watch anime"),
    ],
)
def test_favourites_in_more_words(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "i do the dishes every night",
        "mine is currently broken",
        "my sister's favorites",
        "i ate out, one of my favorites is a diner",
    ],
)
def test_no_favourite_from(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("likes", "hobbies")]


# Pastime verbs listed after a first one, the subject said once.
@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("i knit and quilt", ["knitting", "quilting"]),
        ("on weekends i bake, sketch, and garden", ["baking", "sketching", "gardening"]),
        ("i love to paint and sew", ["sewing"]),
    ],
)
def test_pastime_verbs_listed(text: str, values: list[str]) -> None:
    found = [e.attributes["value"] for e in _person_events(text) if e.slot == "hobbies"]
    assert all(value in found for value in values), found


@pytest.mark.parametrize("text", ["i eat chips and fish", "she loves to bake and sew", "i want to travel and paint"])
def test_no_pastime_verbs_listed_without_the_users_habit(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("hobbies", "sports")]


# A favourite named as the object of a verb of tasting, or after "my favourite" with no kind and no copula.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i am drinking some chai, it is my favorite", "chai"),
        ("we are eating my favorite lasagna", "lasagna"),
        ("just drinking my favourite mint tea", "mint tea"),
    ],
)
def test_a_favourite_named_in_passing(text: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _person_events(text) if e.slot == "likes"]


@pytest.mark.parametrize(
    "text", ["my sister ate her favorite cake", "i am watching my favorite show", "i washed my favorite car"]
)
def test_no_favourite_of_someone_else_or_a_kind(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "likes"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Keep your replies brief, please.", "short"),
        ("please answer concisely", "short"),
        ("Just make the explanations shorter.", "short"),
        ("ok, reply in a couple of sentences", "short"),
        ("I like concise responses", "short"),
        ("Please go into more detail.", "detailed"),
        ("explain everything to me thoroughly", "detailed"),
        ("make your answers more detailed", "detailed"),
        ("I'd rather get in-depth explanations", "detailed"),
    ],
)
def test_an_english_wish_about_the_length_of_replies_is_a_style(text: str, value: str) -> None:
    assert _has(_events(text), "style", "format", {"value": value}, "assert")


@pytest.mark.parametrize(
    "text",
    [
        "my manager says his replies are always brief",
        "i answered the interviewer briefly",
        "she told me to keep it short at the wedding toast",
        "I described the accident in detail to the police",
        "we talked at length about the move",
    ],
)
def test_replies_described_or_reported_are_no_style(text: str) -> None:
    assert not [e for e in _events(text) if e.section == "style"]


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Отвечай мне по пунктам.", "format", "lists"),
        ("Распиши всё пошагово, пожалуйста", "format", "step_by_step"),
        ("давайте общаться по-дружески", "tone", "friendly"),
        ("Use a neutral tone, please.", "tone", "neutral"),
        ("and get straight to the point", "patience", "low"),
        ("Без предисловий, пожалуйста.", "patience", "low"),
        ("Пиши сдержанно.", "emotionality", "reserved"),
    ],
)
def test_a_request_about_replies_is_a_style(text: str, slot: str, value: str) -> None:
    assert _has(_events(text), "style", slot, {"value": value}, "assert")


# A home said through arriving to stay, a relative clause or a copula naming it, the weather "we" get there, being
# there as a second predicate, the home just after its place, and the writer's own reported words.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        # arriving to stay: settling verbs to any known place, "came" to a country with its time in one's life
        ("i immigrated to australia as a teenager", "country", "Australia"),
        ("my cousin helped me flee to germany", "country", "Germany"),
        ("we emigrated to new zealand in 2009", "country", "New Zealand"),
        ("life got better after i came to the uk", "country", "United Kingdom"),
        ("since we came to mexico the kids speak spanish", "country", "Mexico"),
        ("i came to brazil when i was six", "country", "Brazil"),
        # where the writer lived from the start and lives still; the home as the subject of a copula
        ("austin is where i grew up and still live", "city", "Austin"),
        ("kentucky, where i was born and now live, is humid", "region", "Kentucky"),
        ("the town where i live is tulsa", "city", "Tulsa"),
        ("the state we live in is nevada", "region", "Nevada"),
        ("The village I live in is called Ashby", "city", "Ashby"),
        # the weather "we" live with
        ("we get so much rain here in vancouver", "city", "Vancouver"),
        ("the humidity we have in louisiana is brutal", "region", "Louisiana"),
        ("my truck handles all the ice we get in fargo, north dakota", "city", "Fargo, North Dakota"),
        # being there said as the second of two things the writer is
        ("i am a baker and in denver", "city", "Denver"),
        ("i'm retired and now in arizona", "region", "Arizona"),
        ("i am an engineer and currently in norway", "country", "Norway"),
        # the home right after its place
        ("relaxing in phoenix in my apartment tonight", "city", "Phoenix"),
        ("we are in toledo, in our tiny house", "city", "Toledo"),
        ("just sitting in miami in my condo", "city", "Miami"),
        # the writer reporting their own words
        ("i'd be like no dad i still live in oregon", "region", "Oregon"),
        ("as i said, i live in dallas", "city", "Dallas"),
        ("i told my boss i live in houston now", "city", "Houston"),
    ],
)
def test_a_home_by_arrival_relative_weather_or_own_words(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("she fled to canada", "country"),
        ("i came to france last week", "country"),
        ("i came to italy to visit my aunt", "country"),
        ("we escaped to spain for a week", "country"),
        ("since i came to boston i eat more", "city"),
        ("the town where i used to live is tulsa", "city"),
        ("the town where i live is small", "city"),
        ("when we visit, we get lots of sun in florida", "region"),
        ("we get a lot of snow in aspen this week", "city"),
        ("i am a tourist and in rome", "city"),
        ("i am a fan and in boston they love baseball", "city"),
        ("i am leaving and in boston by noon", "city"),
        ("we had a party in boston in my old house", "city"),
        ("i miss being in paris in my flat", "city"),
        ("my sister lives in ohio in her house", "region"),
        ("he said i live in ohio", "region"),
        ("when i said i moved to panama i was joking", "country"),
        ("i told him my sister lives in utah", "region"),
    ],
)
def test_no_home_from_visits_births_others_or_their_words(text: str, slot: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == slot]


# Chat's own spouse with the article ("the hubby", "me and the wife"), the child beside them, and how long a marriage
# has lasted said with an approximation.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("grilling burgers with the hubby tonight", "family_status", "married"),
        ("the missus made soup", "family_status", "married"),
        ("me and the wife went hiking", "family_status", "married"),
        ("the husband and i love board games", "family_status", "married"),
        ("been married a little over 12 years", "family_status", "married"),
        ("we have been married just under a decade", "family_status", "married"),
        ("chilling with the hubby and daughter", "children", "daughter"),
        ("took the wife and kids camping", "children", "kids"),
        ("me and the hubs and the son watched a film", "children", "son"),
    ],
)
def test_a_spouse_and_child_with_the_article(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("the wife turns to her husband and says no", "family_status"),
        ("my cousin came over with the hubby", "family_status"),
        ("the husband and daughter in the film were sad", "children"),
        ("my neighbour brought the wife and kids", "children"),
        ("the wife and daughter of the mayor spoke", "children"),
    ],
)
def test_no_spouse_or_child_of_a_story_or_another(text: str, slot: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == slot]


# Where the user comes from, said through the people left there or the going back.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i still have cousins back in chile", "Chile"),
        ("my mom back in portugal is retired", "Portugal"),
        ("we fly back to ireland every summer", "Ireland"),
        ("i usually go back home to japan for new year", "Japan"),
    ],
)
def test_an_origin_through_people_left_there_or_going_back(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "country"] == [value]


@pytest.mark.parametrize(
    "text",
    ["she went back to peru", "we sat back in chile chairs", "my cousin drove back to chile", "i go back to work"],
)
def test_no_origin_from_anothers_return_or_a_word_back(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("country", "city", "region")]


# A plan or wish that takes the home for granted: leaving it, or another place wished for instead of it; never having
# travelled out of it.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("i am hoping to move away from tulsa soon", "city", "Tulsa"),
        ("we're moving out of vermont, it is too cold", "region", "Vermont"),
        ("i wish we lived in spain instead of norway", "country", "Norway"),
        ("if only i could live in hawaii rather than idaho", "region", "Idaho"),
        ("i have never travelled outside of wyoming", "region", "Wyoming"),
    ],
)
def test_a_home_taken_for_granted_by_a_plan_or_wish(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "TL;DR: the landlord kept the deposit and I moved out",  # a summary's heading
        "Перейду сразу к делу: купила крем в аптеке.",  # the writer's own narration
        "Эти эмоциональные качели меня вымотали.",
        "she answered in a perfectly friendly tone",
        "I only got half a bullet point done tonight",
        "Без воды эту капсулу не проглотить.",
        "i'm a senior in college and always tired",
        "I'm taking the recovery step by step.",
    ],
)
def test_the_words_of_a_style_in_a_story_are_no_request(text: str) -> None:
    assert not [e for e in _events(text) if e.section == "style"]


@pytest.mark.parametrize(
    "text",
    [
        "my brother wants to move away from tulsa",
        "he said i want to move out of vermont",
        "i wish i lived in a cabin instead of a flat",
        "she wishes she lived in spain rather than norway",
        "i want to stay in paris",
    ],
)
def test_no_home_from_anothers_plan_or_a_stay(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("country", "city", "region")]


@pytest.mark.parametrize(
    ("text", "section", "slot", "value"),
    [
        ("Could you keep your replies brief?", "style", "format", "short"),
        ("ok, can you please use bullet points?", "style", "format", "lists"),
        ("Можешь объяснять всё простыми словами?", "style", "tech_level", "novice"),
        ("Не могли бы вы отвечать подробнее?", "style", "format", "detailed"),
        ("would you never recommend supplements to me?", "instructions", None, "never recommend supplements to me"),
    ],
)
def test_a_request_put_as_a_question_is_a_wish_about_the_replies(
    text: str, section: str, slot: str | None, value: str
) -> None:
    assert _has(_events(text), section, slot, {"value": value}, "assert")


# A partner named beside the verb of a parting: the marriage or the couple ended, whatever the spouse alone would say.
@pytest.mark.parametrize(
    ("text", "value", "action"),
    [
        ("my husband and i separated in june", "separated", "assert"),
        ("My wife and I split up over the winter.", "separated", "assert"),
        ("my hubby and i are getting divorced", "divorced", "assert"),
        ("i split up with my husband after ten years", "separated", "assert"),
        ("i broke up with my boyfriend yesterday", "single", "assert"),
        ("my girlfriend dumped me last month", "single", "assert"),
        ("my wife left me for another man", "separated", "assert"),
        ("Мы с женой разошлись осенью.", "женат", "negate"),
        ("Я рассталась с мужем в апреле.", "замужем", "negate"),
        ("Я ушла от мужа.", "замужем", "negate"),
        ("Мы с мужем развелись в марте.", "в разводе", "assert"),
    ],
)
def test_a_parting_from_a_partner_ends_the_marriage(text: str, value: str, action: str) -> None:
    found = [e for e in _person_events(text) if e.slot == "family_status"]
    assert [(e.attributes["value"], e.action) for e in found] == [(value, action)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my wife and i split the bill at dinner", "married"),
        ("my husband left me at the airport this morning", "married"),
        ("my husband and i went to rome", "married"),
        ("my sister and her husband split up", None),
        ("if my wife and i split up, who keeps the cat?", None),
    ],
)
def test_no_parting_without_its_verb_or_of_another_couple(text: str, value: str | None) -> None:
    found = [e.attributes["value"] for e in _person_events(text) if e.slot == "family_status"]
    assert found == ([value] if value else [])


# The job said as the second verb or noun phrase of an "i" subject, as a new job, or through what one teaches.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I'm 34 and work as a paramedic.", "paramedic"),
        ("i live in leeds and work as a welder", "welder"),
        ("i'm 29, a nurse, and live near the coast", "nurse"),
        ("i am married and a pharmacist", "pharmacist"),
        ("I just started a new job as an electrician.", "electrician"),
        ("i got hired as a line cook", "line cook"),
        ("I'm a retired firefighter living in the hills.", "retired firefighter"),
        ("I am 40, married and teach math.", "math teacher"),
        ("i teach kindergarten", "kindergarten teacher"),
        ("i teach guitar lessons on weekends", "guitar teacher"),
        ("i teach at a community college", "teacher"),
        ("i teach kids to swim", "teacher"),
        # a companion between the "i" and the verb is no subject of its own
        ("I'm 52, live near Tucson with my two sons and work as a plumber.", "plumber"),
        ("i'm 41, moved to Porto with my husband and our cat, and work as a translator", "translator"),
        ("I live in Galway with my parents and work as a carpenter", "carpenter"),
    ],
)
def test_a_job_as_a_coordinated_verb_a_new_job_or_what_one_teaches(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "profession"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "Can you tell me what helps with a migraine attack?",
        "could you recommend a good novel about sailing?",
        "Можешь подсказать, где купить велосипед?",
    ],
)
def test_a_request_for_information_tells_nothing(text: str) -> None:
    assert not _events(text)


@pytest.mark.parametrize(
    "text",
    [
        "i'm 34 and my wife works as a paramedic",
        "she is 30 and works as a nurse",
        "i'm tired and a bit hungry",
        "i teach my dog new tricks",
        "i teach what i love",
        "i used to teach history",
        "i'd love to teach yoga someday",
        "he said i teach too much",
        "My brother is 28, lives in Bristol and works as a welder",
        "i'm 50, my wife is 47 and works as a dentist",
        "I live in Turku with my uncle, he works as a baker",
    ],
)
def test_no_job_of_another_subject_a_wish_or_a_pronoun_taught(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "profession"]


# The state with its subject left out, after how long it has lasted: the writer's when no one else is named.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Уже пять лет замужем, живем в Самаре", "замужем"),
        ("третий год женат и ни о чем не жалею", "женат"),
        ("Двое детей, давно разведена", "в разводе"),
        ("Been happily married for 12 years, three kids", "married"),
        ("two dogs, been divorced since 2019", "divorced"),
        ("Моя тетя уже десять лет замужем", None),
        ("Оля второй год замужем", None),
        ("my cousin has been married 6 years", None),
        ("he's been married twice", None),
        ("been single for a while before we met", None),
    ],
)
def test_a_state_without_its_subject_after_how_long(text: str, value: str | None) -> None:
    found = [e.attributes["value"] for e in _person_events(text) if e.slot == "family_status"]
    assert found == ([value] if value else [])


# Grandchildren, nephews and nieces are relatives: their illness is family history, their life is not the writer's.
@pytest.mark.parametrize(
    ("text", "relative"),
    [
        ("у внука нашли астму", "внук"),
        ("у моей племянницы мигрень", "племянница"),
        ("my nephew has asthma", "nephew"),
        ("my granddaughter was diagnosed with epilepsy", "granddaughter"),
    ],
)
def test_a_grandchilds_or_a_nephews_illness_is_family_history(text: str, relative: str) -> None:
    found = _events(text)
    assert [e.attributes["relative"] for e in found if e.section == "family_history"] == [relative]
    assert not [e for e in found if e.section == "conditions"]


@pytest.mark.parametrize(
    "text", ["моя внучка замужем", "у племянницы две кошки", "my niece works as a nurse", "my nephew is 34"]
)
def test_no_state_pet_or_job_of_a_grandchild_or_a_nephew(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("family_status", "pets", "profession", "age")]


# A number counts the noun it stands before: the children's count is not the pet's after «и», "and" or a comma.
@pytest.mark.parametrize(
    ("text", "pet", "count"),
    [
        ("У меня трое сыновей и хомяк", "хомяк", None),
        ("у нас двое внуков и черепаха", "черепаха", None),
        ("i have 3 daughters, a rabbit", "rabbit", None),
        ("у нас три черепахи", "черепаха", 3),
        ("У меня две серые крысы", "крыса", 2),
        ("we have four tiny hamsters", "hamster", 4),
    ],
)
def test_a_number_counts_only_its_own_noun(text: str, pet: str, count: int | None) -> None:
    pets = [e.attributes for e in _person_events(text) if e.slot == "pets"]
    assert [(a["value"], a.get("count")) for a in pets] == [(pet, count)]


# What the user has, listed after one verb: the spouse and the counted children are the user's, each item on its own.
@pytest.mark.parametrize(
    ("text", "status", "children"),
    [
        ("I've got a wife, three daughters and a tabby cat.", "married", "3 daughters"),
        ("i have a husband, two sons and a canary", "married", "2 sons"),
        ("We've got a husband, 4 kids and two goldfish", "married", "4 children"),
        ("I have a husband, she has two kids", "married", None),
        ("My cousin has a wife, two kids and a ferret", None, None),
        ("i have seen a husband, three kids and a pony in the park", None, None),
        ("we have 6 kids, four are in school, and a daughter at home", None, "6 children"),
    ],
)
def test_a_spouse_and_children_listed_after_one_verb(text: str, status: str | None, children: str | None) -> None:
    found = _person_events(text)
    assert [e.attributes["value"] for e in found if e.slot == "family_status"] == ([status] if status else [])
    assert [e.attributes["value"] for e in found if e.slot == "children"] == ([children] if children else [])


# Where the writer works, in Russian too, and where the person they say they are comes from or lives.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Я работаю медсестрой в Твери.", "city", "Тверь"),
        ("Работаю продавцом в Перми.", "city", "Пермь"),
        ("Я работаю в школе в Самаре.", "city", "Самара"),
        ("Я учительница в Калуге.", "city", "Калуга"),
        ("I got a job as a nurse in Boston.", "city", "Boston"),
        ("i'm a nurse at a hospital in leeds", "city", "Leeds"),
        ("I'm a teacher from Kazan.", "city", "Kazan"),
        ("i'm jake, a plumber from dallas", "city", "Dallas"),
        ("i am a 30 year old guy from seattle", "city", "Seattle"),
        ("i'm a mom of two from ohio", "region", "Ohio"),
        ("i'm a nurse living in denver", "city", "Denver"),
        ("Я студентка из Казани.", "city", "Казань"),
    ],
)
def test_a_place_of_work_or_of_who_i_am(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "Я работал в Казани раньше.",
        "Я ушла из Самары.",
        "Моя сестра работает медсестрой в Твери.",
        "i'm a long way from boston",
        "i'm a few miles from dallas",
        "i'm a huge fan of pizza from chicago",
        "my brother is a teacher from kazan",
    ],
)
def test_no_place_of_a_past_job_a_distance_or_anothers(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("city", "region", "country")]


# A pet's name written with a capital right after the animal, its breed said as what it is, and the name kept to
# its own animal in a list.
@pytest.mark.parametrize(
    ("text", "attrs"),
    [
        ("Our dog Biscuit is a golden retriever.", {"value": "dog", "name": "Biscuit", "breed": "golden retriever"}),
        ("My cat Pumpkin sleeps all day.", {"value": "cat", "name": "Pumpkin"}),
        ("Мой пёс Тузик любит гулять.", {"value": "собака", "name": "Тузик"}),
        ("my cat is a maine coon", {"value": "cat", "breed": "maine coon"}),
        ("I have a rabbit and a dog called Pip.", {"value": "dog", "name": "Pip"}),
    ],
)
def test_a_pet_named_after_the_animal_and_its_breed_as_what_it_is(text: str, attrs: dict[str, Any]) -> None:
    assert _has(_person_events(text), "preferences", "pets", attrs, "assert")


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("We got a puppy Monday.", "dog"),
        ("I have a rabbit and a dog called Pip.", "rabbit"),
        ("My dog I adore.", "dog"),
    ],
)
def test_no_pet_name_from_a_day_another_animal_or_a_pronoun(text: str, pet: str) -> None:
    found = [e for e in _person_events(text) if e.slot == "pets" and e.attributes["value"] == pet]
    assert found and "name" not in found[0].attributes


# A pet had after something else the writer has: the first thing is no pet, a later one in the list is.
@pytest.mark.parametrize(
    ("text", "attrs"),
    [
        ("I've got three sons and a dachshund named Otto.", {"value": "dog", "name": "Otto", "breed": "dachshund"}),
        ("We have a little girl and a hamster.", {"value": "hamster"}),
        ("У нас сын и кошка по кличке Муся.", {"value": "кошка", "name": "Муся"}),
        ("I have a husband, two kids and a parrot called Kiwi.", {"value": "parrot", "name": "Kiwi"}),
    ],
)
def test_a_pet_listed_after_other_things_the_writer_has(text: str, attrs: dict[str, Any]) -> None:
    assert _has(_person_events(text), "preferences", "pets", attrs, "assert")


@pytest.mark.parametrize(
    "text",
    [
        "I have a brother and his dog lives with us.",
        "У меня есть сестра и её кот.",
        "I have a son and no dog.",
        "У меня дочь и никаких кошек.",
        "I have taken my daughter to the lake and caught a fish.",
        "Our neighbours have a barn and barn cats.",
    ],
)
def test_no_pet_listed_as_another_s_or_as_none(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "pets"]


# The age the writer speaks as: «в свои 45», "as a 45-year-old"; a grown-up's, told in the present.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("As a 47-year-old I find hangovers last longer.", 47),
        ("being a 52 year old woman, i need more sleep", 52),
        ("В свои 38 я начала бегать.", 38),
    ],
)
def test_the_age_one_speaks_as(text: str, value: int) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "age"] == [value]


@pytest.mark.parametrize(
    "text",
    ["as a 12 year old i loved comics", "As a 30 year old I was reckless.", "as a 25 year old i partied a lot"],
)
def test_no_age_of_a_childhood_or_a_past_told(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "age"]


# A pastime taken up of late, said in the present perfect with a word that makes it recur.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("I've been knitting a lot lately.", "hobbies", "knitting"),
        ("we have been hiking every weekend", "hobbies", "hiking"),
        ("i have been swimming again these days", "sports", "swimming"),
    ],
)
def test_a_pastime_taken_up_of_late(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "i've been running late all week",
        "i have been reading since i got up",
        "my wife has been knitting a lot lately",
        "i've been reading about gout lately",
    ],
)
def test_no_pastime_of_late_from_one_occasion_or_another(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("hobbies", "sports")]


# A job said by what one does for it: the doer's noun made from the verb, its object before it.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I clean windows for a living.", "window cleaner"),
        ("i deliver mail for a living", "mail deliverer"),
        ("I cut hair for a living and love it", "hair cutter"),
        ("i'm 52 and drive a tow truck for a living", "tow truck driver"),
        ("I fix bikes for work.", "bike fixer"),
        ("I drive for Lyft on weekends", "driver"),
        ("i drive a forklift at work", "forklift driver"),
        ("I bake for a living", "baker"),
        ("i cook for a living, mostly breakfasts", "cook"),
    ],
)
def test_a_job_said_by_what_one_does_for_a_living(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "profession"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "I drive a minivan",
        "i drive a lot for work",
        "i need a new laptop for work",
        "i do nails for a living",
        "i eat sandwiches at work",
        "i read for work",
        "i sing for fun",
        "My uncle drives a tow truck for a living",
        "do you repair boilers for a living?",
        "i'd love to bake for a living",
        "I drove a ferry for a living back then",
    ],
)
def test_no_job_from_a_vehicle_a_light_verb_another_or_a_wish(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "profession"]


def test_a_new_job_said_by_what_one_does_keeps_the_job_left() -> None:
    found = [
        (e.attributes["value"], e.action) for e in _person_events("I left my job as a nurse and now I drive for Lyft")
    ]
    assert found == [("driver", "assert"), ("nurse", "negate")]


# A couple not married: how long it has lasted, or a home shared.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my partner and I have been together nine years", "in a relationship"),
        ("My boyfriend and I have been together for almost two years.", "in a relationship"),
        ("my girlfriend and i live together in a tiny flat", "in a relationship"),
        ("I've been with my girlfriend since college", "in a relationship"),
        ("i have been with my boyfriend for 4 years now", "in a relationship"),
        ("Мы с парнем вместе уже три года.", "в отношениях"),
        ("мы с девушкой живем вместе", "в отношениях"),
    ],
)
def test_a_couple_together_for_years_or_at_home(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "family_status"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "my brother and I have been together all weekend",
        "me and my buddy have been hanging out a lot",
        "my boyfriend and i have been together all afternoon",
        "my business partner and i have been together twelve years",
        "if my girlfriend and i lived together we would fight",
        "my cousin and her boyfriend live together",
        "Мы с сестрой живем вместе.",
    ],
)
def test_no_couple_from_a_day_together_a_sibling_or_a_business(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "family_status"]


# Parting at a place or an hour is no breakup: the spouse named still says the marriage.
@pytest.mark.parametrize(
    ("text", "value", "action"),
    [
        ("Мы с мужем расстались у кинотеатра.", "замужем", "assert"),
        ("мы с женой расстались на остановке", "женат", "assert"),
        ("Мы с мужем расстались утром, он уехал на работу.", "замужем", "assert"),
        ("мы с мужем расстались до вечера", "замужем", "assert"),
        ("my husband and i split up at the museum so he could see the cars", "married", "assert"),
        ("Мы с мужем расстались в прошлом году.", "замужем", "negate"),
        ("мы с женой расстались на прошлой неделе", "женат", "negate"),
        ("my wife and i separated in 2021", "separated", "assert"),
    ],
)
def test_a_parting_for_the_day_is_no_breakup(text: str, value: str, action: str) -> None:
    found = [(e.attributes["value"], e.action) for e in _person_events(text) if e.slot == "family_status"]
    assert found == [(value, action)]


def test_a_parting_said_without_a_partner_says_nothing() -> None:
    assert not [e for e in _person_events("we parted at the bus station") if e.slot == "family_status"]


# A diet said by what one left off eating, stored as what the diet is without.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Бросила есть мучное.", "без мучного"),
        ("я давно перестал есть свинину", "без свинины"),
        ("Отказалась от сахара месяц назад.", "без сахара"),
        ("я исключила молоко", "без молока"),
        ("I gave up beef last spring.", "no beef"),
        ("i stopped eating cheese", "no cheese"),
        ("I quit soda and feel great", "no soda"),
        ("i've cut out bread completely", "no bread"),
        ("i cut sugar out", "no sugar"),
        ("i don't eat chicken anymore", "no chicken"),
    ],
)
def test_a_diet_said_by_what_one_left_off(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "diet"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "did you stop eating pork?",
        "I really should stop eating sweets",
        "my husband gave up beef",
        "I gave up smoking in May",
        "I quit my gym last month",
        "i gave up on baking",
        "Муж бросил есть сладкое.",
        "я отказалась от поездки",
        "я не ем после шести",
        "хочу перестать есть мучное",
    ],
)
def test_no_diet_from_a_question_a_wish_another_or_a_habit_not_food(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "diet"]


# A pastime's object is its whole noun phrase, not cut after its first modifier; a taste's value ends before an adverb
# or a chat "cause" (because).
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("i love knitting wool mittens", "hobbies", "knitting wool mittens"),
        ("I like to restore antique clocks.", "hobbies", "restore antique clocks"),
        ("i enjoy watching nature documentaries with my dad", "hobbies", "watching nature documentaries"),
        ("i like to watch old war movies weekly", "hobbies", "watch old war movies"),
        ("i like to bake bread daily", "hobbies", "bake bread"),
        ("i detest olives intensely", "dislikes", "olives"),
        ("i like rainy days cause i can stay in", "likes", "rainy days"),
    ],
)
def test_a_pastimes_whole_object_and_a_taste_without_its_tail(text: str, slot: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _person_events(text) if e.slot == slot]


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("i love reading mystery novels love them", "hobbies", "reading mystery novels love"),
        ("i like to bake bread daily", "hobbies", "bake bread daily"),
        ("i detest olives intensely", "dislikes", "olives intensely"),
        ("i like rainy days cause i can stay in", "likes", "rainy days cause"),
    ],
)
def test_no_pastime_or_taste_with_a_verb_or_an_adverb_run_on(text: str, slot: str, value: str) -> None:
    assert value not in [e.attributes["value"] for e in _person_events(text) if e.slot == slot]


# A lower-case given name that is also an adjective, after a change or a degree, is a state: "now i am rich".
@pytest.mark.parametrize("text", ["we won the lottery, so now i am rich", "finally i am free", "i'm so rich lol"])
def test_no_name_from_a_state_become(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "name"]


@pytest.mark.parametrize(("text", "value"), [("hi, i am frank and i fix boats", "Frank"), ("hello i am rich", "Rich")])
def test_an_adjective_name_said_as_an_introduction(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "name"] == [value]


# A self-introduction's list: each verbless item after the writer's name is the writer's (an age, a place, a job, a
# family state), in the same sentence or in the short one right after it; a bare number is an age only there.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm Priya, 27, from Nebraska.", {"name": "Priya", "age": 27, "region": "Nebraska"}),
        ("Я Светлана, 38 лет, из Новосибирска.", {"name": "Светлана", "age": 38, "city": "Новосибирск"}),
        (
            "Меня зовут Артём, тридцать два, инженер, живу в Казани.",
            {"name": "Артём", "age": 32, "profession": "инженер", "city": "Казань"},
        ),
        (
            "my name is Marco, 61 y/o, retired teacher from Naples",
            {"name": "Marco", "age": 61, "profession": "retired teacher", "city": "Naples"},
        ),
        ("hi, im lucas, 19, denver, colorado", {"name": "Lucas", "age": 19, "city": "Denver, Colorado"}),
        ("im jake, 25, from austin texas, love hiking", {"age": 25, "city": "Austin, Texas"}),
        # a name opening the message, the list after it
        ("Megan, 41, pharmacist in Leicester.", {"name": "Megan", "age": 41, "profession": "pharmacist"}),
        ("Оксана, 57 лет, бухгалтер, Омск.", {"name": "Оксана", "age": 57, "profession": "бухгалтер", "city": "Омск"}),
        # the sentence after the introduction
        ("Hello! I'm Greta. 66, widowed, living in Bergen.", {"age": 66, "family_status": "widowed", "city": "Bergen"}),
        ("Я Денис. 33 года, сварщик.", {"name": "Денис", "age": 33, "profession": "сварщик"}),
    ],
)
def test_the_items_of_a_self_introduction_are_the_writers(text: str, expected: dict[str, object]) -> None:
    found = _person_events(text)
    for slot, value in expected.items():
        assert [e.attributes["value"] for e in found if e.slot == slot] == [value], slot


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        # someone else introduced, or a list that is the subject of a verb
        ("This is my daughter Mia, 9, from her class.", ("age", "name")),
        ("My husband Karl, 47, is a plumber", ("age", "profession")),
        ("Это моя жена Оля, 35 лет, врач.", ("age", "profession", "name")),
        ("Carlos, 30, is my cousin", ("age", "name")),
        # numbers that count or time something else
        ("I'm Hannah, 3 kids, 2 dogs", ("age",)),
        ("I'm Oscar, 5'11, 180 lbs", ("age",)),
        ("I'm Felix, 8 hours of sleep, 2 coffees", ("age",)),
        ("I'm Greta. 2 kids, 3 cats.", ("age",)),
        ("My name is Greta. 45 minutes later the bus came.", ("age",)),
        ("I'm exhausted, 36 hours no sleep", ("age", "name")),
        ("Hi Megan, 10 minutes late, sorry", ("age", "name")),
        # a name alone with one item is no introduction
        ("Megan, 34.", ("age", "name")),
    ],
)
def test_no_self_introduction_from_another_persons_list_or_numbers_in_other_roles(
    text: str, slots: tuple[str, ...]
) -> None:
    assert not [e for e in _person_events(text) if e.slot in slots]


def _answer_events(question: str, text: str) -> list[ProposedEvent]:
    messages = (Message(role="assistant", content=question), Message(role="user", content=text))
    return [e for section in classify(messages) for e in extract(messages, section)]


# A list opened by a bare name is the writer's only when nothing is asked, or who the writer is.
@pytest.mark.parametrize(
    ("question", "text", "introduced"),
    [
        ("Tell me a little about yourself.", "Carlos, 30, Lisbon.", True),
        ("Представьтесь, пожалуйста.", "Денис, 33 года, Пермь.", True),
        ("Tell me about your brother.", "Carlos, 30, Lisbon.", False),
        ("Who won the race?", "Carlos, 30, Lisbon.", False),
        ("Кто выиграл забег?", "Денис, 33 года, Пермь.", False),
    ],
)
def test_a_name_opened_list_answers_who_the_writer_is(question: str, text: str, introduced: bool) -> None:
    found = {e.slot for e in _answer_events(question, text)}
    assert ({"name", "age", "city"} <= found) is introduced
    assert introduced or not found & {"name", "age", "city"}


# Animals called one's children are no children: "my pets are my kids".
@pytest.mark.parametrize(
    "text", ["honestly my pets are my kids", "my parrot is basically my child", "our dogs are our babies"]
)
def test_no_children_from_pets_called_so(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "children"]


@pytest.mark.parametrize(
    ("text", "value"),
    [("my daughter is my best friend", "daughter"), ("i have 3 kids, and my cats are like my kids too", "3 children")],
)
def test_children_beside_pets_called_so(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "children"] == [value]


# A country's name that is also a US state's, called a state, is the state.
@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("we moved to the lovely state of georgia last year", "region"),
        ("I live in the state of Georgia.", "region"),
        ("i was born in georgia, the country", "country"),
    ],
)
def test_a_state_said_so_is_no_country(text: str, slot: str) -> None:
    assert "Georgia" in [e.attributes["value"] for e in _person_events(text) if e.slot == slot]


# A verb whose object points back to a thing said elsewhere names no pastime by itself.
@pytest.mark.parametrize(
    "text", ["i love wearing them every day", "i enjoy taking him to the park", "i like to take mine fishing"]
)
def test_no_pastime_from_a_verb_with_a_pronoun_object(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("hobbies", "sports")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i play tennis it is great exercise", "tennis"),
        ("i love swimming it relaxes me", "swimming"),
        ("i love reading her novels", "reading"),
    ],
)
def test_a_pastime_before_a_run_on_clause_or_a_possessive(text: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _person_events(text) if e.slot in ("hobbies", "sports")]


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("i am 30 years", 30),
        ("im 45 yrs, married with kids", 45),
        ("i'm 28 years old and sober", 28),
        ("I'm 61 years now.", 61),
    ],
)
def test_a_bare_years_ending_the_statement_is_an_age(text: str, age: int) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == "age"] == [age]


@pytest.mark.parametrize(
    "text",
    ["I'm three years sober", "I'm 2 years clean now", "I'm 5 years into my career", "i'm 10 years out of school"],
)
def test_years_counted_since_something_are_no_age(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "age"]


# Whom one is "married to" decides: a person is a marriage, a thing, an activity or an idea is an idiom.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I've been married to a firefighter for twelve years", "married"),
        ("i'm married to Priya, we met in college", "married"),
        ("we are married to each other and still happy", "married"),
        ("I'm married to an Australian", "married"),
        ("i'm married to her and we have a cat", "married"),
        ("the woman i'm married to teaches yoga", "married"),
        ("i got married to my childhood sweet heart", "married"),
        ("I'm married to a very patient guy", "married"),
        ("Я замужем за программистом", "замужем"),
        ("Я женат на Ольге уже шесть лет", "женат"),
    ],
)
def test_married_to_a_person_is_a_marriage(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _events(text) if e.slot == "family_status"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "I'm married to my laptop these days",
        "honestly i'm married to the office",
        "i am married to the mountains, always outside",
        "Я замужем за своим бизнесом",
        "Я женат на своей карьере",
    ],
)
def test_married_to_a_thing_is_an_idiom(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "family_status"]


# An activity said only as the time or the condition of a complaint or a dislike is no pastime.
@pytest.mark.parametrize(
    "text",
    [
        "My ankles swell whenever I hike",
        "I get dizzy when I swim",
        "my wrists ache after I knit",
        "Когда играю в футбол, ноет колено",
        "i hate it when i cycle into the wind",
    ],
)
def test_no_pastime_framing_a_complaint(text: str) -> None:
    assert not [e for e in _events(text) if e.slot in ("hobbies", "sports", "exercise")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I swim every morning even though my shoulder hurts", "swimming"),
        ("I knit, and my wrists ache afterwards", "knitting"),
        ("Играю в футбол по субботам, хотя ноет колено", "футбол"),
        ("When I have time I hike", "hiking"),
    ],
)
def test_a_pastime_said_beside_a_complaint_is_kept(text: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _events(text) if e.slot in ("hobbies", "sports")]


# A sport named with the ground it is done on is that ground's only: another object makes the verb another act.
@pytest.mark.parametrize(
    ("text", "value"),
    [("I climb every Sunday", "climbing"), ("we climb rocks in the summer", "climbing"), ("i swim laps", "swimming")],
)
def test_a_sport_said_alone_or_on_its_ground(text: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _person_events(text) if e.slot == "sports"]


@pytest.mark.parametrize("text", ["i climb ladders at my job", "we climb trees in the backyard", "i dive dumpsters"])
def test_no_sport_from_its_verb_with_another_object(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "sports"]


# Everyday activities are pastimes only when the writer says they like them or do them for fun.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I really enjoy cooking Thai food", "cooking thai food"),
        ("for fun I cook and paint", "cooking"),
        ("I love going shopping with friends", "shopping"),
        ("cleaning is my therapy", "cleaning"),
    ],
)
def test_an_everyday_activity_liked_is_a_pastime(text: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _person_events(text) if e.slot == "hobbies"]


@pytest.mark.parametrize(
    "text",
    [
        "we cook vegan since my husband went vegan",
        "I cook for my grandparents every sunday",
        "I go shopping with my mom on fridays",
        "i do a lot of cooking for the church",
        "I spend my evenings cleaning",
    ],
)
def test_an_everyday_activity_done_is_no_pastime(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "hobbies"]


# A job ended names the job the message names, else the workplace left; a word for any job names nothing.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Я медсестра. Ушла с работы в марте.", "медсестра"),
        ("I'm an electrician. I got laid off in May.", "electrician"),
        ("I no longer work at the bakery", "bakery"),
        ("Больше не работаю в библиотеке.", "библиотека"),
        ("Работал инженером, но уволился.", "инженер"),
    ],
)
def test_a_job_ended_names_the_job_or_the_workplace(text: str, value: str) -> None:
    ended = [e.attributes["value"] for e in _events(text) if e.slot == "profession" and e.action == "negate"]
    assert ended == [value]


@pytest.mark.parametrize(
    ("text", "value"),
    [("I got fired yesterday", "job"), ("Меня уволили с работы.", "работа"), ("I just quit my job.", "job")],
)
def test_a_job_ended_without_naming_it_still_ends_the_stored_job(text: str, value: str) -> None:
    # The profile's key is the slot: the negate ends whatever profession is stored, and says only "a job".
    ended = [e.attributes["value"] for e in _events(text) if e.slot == "profession"]
    assert ended == [value]


def test_a_job_ended_ends_the_stored_job_whatever_its_value() -> None:
    from datetime import UTC, datetime

    from tasks.reconcile import Decision, FactState, decide

    stored = FactState("active", {"value": "учительница"}, "conversation", 0.9)
    (event,) = [e for e in _events("Уволилась из школы.") if e.slot == "profession"]
    event = event.model_copy(update={"said_at": datetime(2026, 1, 1, tzinfo=UTC)})
    decision = decide(get_section("profile"), "profession", stored, event)
    assert isinstance(decision, Decision)
    assert (decision.change, decision.state.status, decision.state.attributes) == (
        "negation",
        "inactive",
        {"value": "учительница"},
    )


# A habit said with whom it is done: the companion goes along with the writer and is not the clause's subject.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("по четвергам гоняем с однокурсниками в баскетбол", "sports", "баскетбол"),
        ("Со старшим братом рубимся в шахматы", "hobbies", "шахматы"),
        ("Хожу с соседкой по вечерам на пилатес", "sports", "пилатес"),
        ("зимой катаемся всей семьей на коньках", "sports", "коньки"),
        ("Я с сестрой играю иногда в бадминтон", "sports", "бадминтон"),
        ("me and my cousins play hockey every winter", "sports", "hockey"),
        ("i actually play lacrosse with my roommates", "sports", "lacrosse"),
        ("Every Tuesday me and the guys play darts", "hobbies", "darts"),
    ],
)
def test_a_habit_shared_with_a_companion_is_the_writers(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "вчера сыграли с коллегами в волейбол",  # one match told, not a habit
        "Завтра играем с братом в теннис",  # a plan for a day
        "в эту субботу идем с подругой на йогу",
        "муж по пятницам играет с друзьями в хоккей",  # the husband's pastime
        "сосед с сыном ходят на бокс",
        "my dad and his buddies play golf on sundays",
        "we play squash tomorrow with my boss",
        "i rarely play chess with anyone",
    ],
)
def test_no_habit_from_one_occasion_or_a_companions_own(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("hobbies", "sports")]


# A food gone without for a time is a diet, as a food given up is: the time is said before «не ем» or after the food.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Я вот уже три недели не ем сахар", "без сахара"),
        ("пятый год не ем свинину, и не тянет", "без свинины"),
        ("С января не едим колбасу всей семьей", "без колбасы"),
        ("Полтора года не ем жареное", "без жареного"),
        ("i haven't eaten pork in about five years", "no pork"),
        ("We have not had gluten for a couple of months now", "no gluten"),
        ("i've been off dairy since march and feel great", "no dairy"),
        ("I haven't touched chocolate for several weeks", "no chocolate"),
        ("it's been three years since i last ate beef", "no beef"),
        ("Уже пять лет пескетарианка", "пескетарианство"),
        ("третий год на палео, полет нормальный", "палео"),
    ],
)
def test_a_food_gone_without_for_a_time_is_a_diet(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "diet"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "второй день не ем ничего, тошнит",  # days: a fast or an illness
        "Сестра уже год не ест мясо",  # someone else's diet
        "муж сидит на кето",  # the husband's diet (he says the writer is married, no more)
        "i haven't had tacos in ages",  # a food missed
        "i haven't eaten since lunch",
        "i've been off work for two weeks",  # no food
        "my roommate hasn't eaten beef in years",
        "I haven't had a vacation in three years",
        "it's been two days since i ate anything",  # a fast, not a diet
        "Подруга уже два года веганка",
    ],
)
def test_no_diet_from_a_fast_a_missed_food_or_anothers(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "diet"]


# A spouse named with no owner at all, at the head of a clause, is the writer's own.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Муж от этого пирога в полном восторге", "замужем"),
        ("а жене подарил сертификат в спа", "женат"),
        ("Вчера муж починил кран", "замужем"),
        ("Бывшая жена забрала собаку", "в разводе"),
        ("hubby says the new couch is perfect", "married"),
        ("so me and wifey booked a cabin", "married"),
        ("Муж должен был забрать детей, но задержался", "замужем"),
    ],
)
def test_a_spouse_with_no_owner_is_the_writers(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "family_status"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "Муж соседки работает в полиции",
        "жена моего брата печет торты",
        "Жена Олега звонила",
        "у коллеги муж уехал в командировку",
        "Муж и жена должны доверять друг другу",
        "жена должна готовить, считает он",
        "Жена, даже самая терпеливая, обязана однажды устать",
        "Бывает, что жена годами не уходит от мужа",
        "her hubby bought a boat",
        "my neighbour's hubby is loud",
    ],
)
def test_no_state_from_a_spouse_owned_by_another_or_spouses_at_large(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "family_status"]


# An activity disliked, said with its infinitive or its particle: stored as the activity, like a pastime.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("honestly i hate to iron shirts", "ironing"),
        ("i can't stand to wait in lines", "waiting"),
        ("i do not like to go camping", "camping"),
        ("i really hate working out in the morning", "working out"),
        ("i also do not enjoy crosswords", "crosswords"),
    ],
)
def test_an_activity_disliked_in_its_infinitive_or_with_its_particle(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "dislikes"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "i hate to interrupt, but dinner is ready",  # a courtesy, no activity
        "i hate to admit it",
        "i'd hate to miss the party",
        "my roommate hates to vacuum",
        "i hate having to scrub the pans",  # a chore that must be done, not a taste
        "i am scared of blacking out",  # a state feared, no activity
        "she does not enjoy hiking",
    ],
)
def test_no_distaste_from_a_courtesy_a_wish_or_anothers(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "dislikes"]


# A taste said in a cleft, or a distaste said of the thing first; a fear had is a distaste too.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("what i really can't stand is loud chewing", "dislikes", "loud chewing"),
        ("the one thing i love most is thunderstorms", "likes", "thunderstorms"),
        ("something i dislike is cilantro", "dislikes", "cilantro"),
        ("jogging is something i really hate", "dislikes", "jogging"),
        ("opera just isn't for me", "dislikes", "opera"),
        ("but reality shows are not my cup of tea", "dislikes", "reality shows"),
        ("i have a terrible fear of moths", "dislikes", "moths"),
        ("because of my phobia of needles i skip shots", "dislikes", "needles"),
    ],
)
def test_a_taste_in_a_cleft_or_said_of_the_thing_first(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "what my brother hates is rain",  # someone else's
        "the salad is not for me, it's for Nina",  # a thing given
        "that is not my thing",  # a pronoun
        "my aunt has a fear of bridges",
        "i have no fear of flying",
        "i finally got over my fear of spiders",
        "my childhood fear of the dark",
        "gardening is what i love to do during the summer",  # no thing after the light verb
        "my dad's music is not my thing",
    ],
)
def test_no_taste_from_anothers_cleft_a_thing_given_or_a_pronoun(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("likes", "dislikes")]


# A day named beside a taste does not make it one occasion: only a habit said as done can be a day's plan.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i like to swim and i swam a mile today", "swim"),
        ("i'm getting back into knitting, finished a scarf yesterday", "knitting"),
        ("i really enjoy baking and made bread today", "baking"),
    ],
)
def test_a_taste_stays_beside_a_day_named(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "hobbies"] == [value]


# "a sucker for" something is a taste for it.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i'm a total sucker for ghost stories", "ghost stories"),
        ("honestly i am such a sucker for gelato", "gelato"),
        ("I'm a sucker for old westerns", "old westerns"),
    ],
)
def test_a_sucker_for_a_thing_likes_it(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "likes"] == [value]


@pytest.mark.parametrize(
    "text", ["my cousin is a sucker for sad songs", "i must be a sucker for punishment", "are you a sucker for jazz?"]
)
def test_no_taste_from_anothers_sucker_or_the_idiom(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "likes"]


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        # every first-person verb of taste, the thing put in the nominative
        ("Терпеть не могу кинзу.", "dislikes", "кинза"),
        ("Я ненавижу холодную погоду", "dislikes", "холодная погода"),
        ("Не выношу шумные вечеринки", "dislikes", "шумные вечеринки"),
        ("Мне очень нравится старый джаз", "likes", "старый джаз"),
        ("Мне не нравятся фильмы ужасов", "dislikes", "фильмы ужасов"),
        ("Я без ума от итальянской кухни", "likes", "итальянская кухня"),
        ("Предпочитаю японскую кухню", "likes", "японская кухня"),
        ("Обожаю бездомных кошек", "likes", "бездомные кошки"),
        # a fan of the thing, in the genitive
        ("Я большой любитель рыбалки", "likes", "рыбалка"),
        ("я давняя поклонница хорошего кино", "likes", "хорошее кино"),
        ("Я не любитель шумных компаний", "dislikes", "шумные компании"),
        # whose it is, or all of it, is no part of the thing
        ("Люблю свою работу", "likes", "работа"),
        ("ненавижу всю бумажную волокиту", "dislikes", "бумажная волокита"),
        # a thing is a noun phrase, ended by a new clause typed without its comma; how much is no part of it
        ("обожаю Португалию там всегда тепло", "likes", "португалия"),
        ("ненавижу пробки даже не знаю почему", "dislikes", "пробки"),
        ("Горы люблю всей душой", "likes", "горы"),
        # the thing first, the verb closing its clause
        ("Грибы не люблю с детства", "dislikes", "грибы"),
        ("Чай пью редко, а кофе просто обожаю.", "likes", "кофе"),
        ("Оливки я терпеть не могу!", "dislikes", "оливки"),
    ],
)
def test_russian_tastes_in_every_verb_and_order(text: str, slot: str, value: str) -> None:
    assert value in [e.attributes["value"].lower() for e in _person_events(text) if e.slot == slot]


@pytest.mark.parametrize(
    "text",
    [
        "Ему нравится рок",  # someone else's taste
        "Сестра терпеть не может кинзу",
        "Маму я очень люблю",  # a person loved
        "Вот это я не люблю",  # a pronoun, no thing
        "Мне нравится, когда тепло",  # a clause, no thing
        "Хочу полюбить бег",  # a wish
        "Сестра большая любительница рыбалки",
        "Всех ненавижу",  # pronouns, no thing
        "Обожаю эту песню",  # a thing pointed at, not a kind of thing
        "Ненавижу тех, кто опаздывает",
        "Он фанат футбола",
    ],
)
def test_no_russian_taste_from_others_people_or_pronouns(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("likes", "dislikes")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I love vintage cameras so much but I’m broke", "vintage cameras"),
        ("I’m obsessed with vinyl records", "vinyl records"),
        ("I adore old westerns, I’m watching one now", "old westerns"),
    ],
)
def test_english_typed_with_a_curly_apostrophe_is_read_as_english(text: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _person_events(text) if e.slot == "likes"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i am obsessed with chai tea before bed", "chai tea"),
        ("i love long walks after dinner", "long walks"),
        ("i really like big cities like paris", "big cities"),
        ("i love folk rock or anything with a banjo", "folk rock"),
        ("i enjoy crossword puzzles while commuting", "crossword puzzles"),
    ],
)
def test_a_liked_thing_ends_where_a_time_an_example_or_an_alternative_begins(text: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _person_events(text) if e.slot in ("likes", "hobbies")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the best of a kind one has tastes in
        ("autumn is the best season", "autumn"),
        ("honestly, the beatles are the best band ever!", "beatles"),
        ("lisbon is the best city in the world.", "lisbon"),
        # a fan named by a longer name, and what one cannot get enough of
        ("i am a huge game of thrones fan.", "game of thrones"),
        ("i can't get enough of spicy food", "spicy food"),
        ("i cant get enough true crime podcasts", "true crime podcasts"),
        # the user's own question about favourites, asked of anyone
        ("any favorite shows? mine is the office.", "office"),
        ("what's the best season? mine is spring", "spring"),
    ],
)
def test_tastes_said_as_the_best_as_a_fan_or_as_never_enough(text: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _person_events(text) if e.slot == "likes"]


@pytest.mark.parametrize(
    "text",
    [
        "my dad is the best cook",  # a person, and no kind of taste
        "this is the best show ever",  # a pronoun
        "is pizza the best food?",  # a question
        "today is the best day",  # a moment judged
        "i'm a big fan",  # of something said before
        "my sister can't get enough of horror movies",
    ],
)
def test_no_taste_from_a_judged_moment_a_person_or_a_bare_fan(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "likes"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("я обожаю «Мастера и Маргариту»", "Мастера и Маргариту"),  # a title in quotes is kept whole
        ('Люблю "Пикник", особенно старые альбомы', "Пикник"),
        ("i am more of a beach kind of person", "beach"),
    ],
)
def test_a_quoted_title_and_a_kind_of_person(text: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _person_events(text) if e.slot == "likes"]


# A list governed by a verb that is not having or raising is what the verb did: the ones met, seen or helped.
@pytest.mark.parametrize(
    "text",
    [
        "i met a man, two kids and a dog at the park.",
        "yesterday i saw an old lady, three kids and a goat on the ferry",
        "i helped a woman with two kids carry her bags",
        "we photographed a bride, two children and a pony",
        "вчера видел почтальона, двух детей и кошку",
        "Сегодня встретила соседку, троих детей и собаку у подъезда.",
    ],
)
def test_no_children_or_pets_from_the_ones_a_verb_met(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("children", "pets")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i have a husband, two kids and a goldfish", "2 children"),
        ("i've got a wife, three kids and a dog", "3 children"),
        ("we are raising two kids and a cat", "2 children"),
        ("i live near boston with two kids and a cat", "2 children"),
        ("we ended up with four kids and a parrot", "4 children"),
        ("i settled down with three kids", "3 children"),
        ("i'm a nurse, two kids, one cat", "2 children"),
        ("я живу в Казани, двое детей, кошка", "2 ребенка"),
    ],
)
def test_children_listed_after_having_or_a_place_are_the_writers(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "children"] == [value]


# A state opening a clause of its own after a comma has the subject of the clause before: the writer who opens it.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("У меня двое сыновей, давно разведена.", "в разводе"),
        ("у нас трое детей, уже давно женат", "женат"),
        ("i have two kids, divorced now.", "divorced"),
        ("we have three daughters, married", "married"),
        ("four kids, widowed", "widowed"),
        ("у меня сын, давно разведена", "в разводе"),
        ("divorced now, two kids.", "divorced"),
    ],
)
def test_a_state_in_a_clause_of_its_own_is_the_writers(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "family_status"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "my cousin has two kids, divorced",  # the cousin's
        "у сестры двое детей, разведена",
        "i have a son, married",  # the son may be the one married
        "у меня дочь, замужем",
        "i have three daughters, all married",
    ],
)
def test_no_state_of_another_or_of_one_child_in_a_clause_of_its_own(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "family_status"]


# The couple the writer is one of: «мы … женаты».
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("мы женаты уже 10 лет", "в браке"),
        ("Мы с Олей женаты.", "в браке"),
        ("мы с мужем уже пять лет в браке", "в браке"),
        ("мы давно разведены, но общаемся", "в разводе"),
        ("мы помолвлены с весны", "помолвлены"),
    ],
)
def test_a_couple_the_writer_is_one_of(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "family_status"] == [value]


@pytest.mark.parametrize(
    "text", ["они женаты", "мои родители разведены", "мы не женаты", "брат и его жена давно женаты"]
)
def test_no_couple_state_of_others_or_negated(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "family_status"]


# A stepchild is a child of the household, however it is spelled.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my step-son lives with us", "stepson"),
        ("my step-daughters are twins", "stepdaughters"),
        ("мой пасынок учится в колледже", "пасынок"),
        ("у меня есть падчерица", "падчерица"),
        ("у нас два пасынка", "2 пасынка"),
    ],
)
def test_a_stepchild_is_a_child(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "children"] == [value]


@pytest.mark.parametrize("text", ["у соседки пасынок в армии", "her step-son plays drums", "a step-by-step guide"])
def test_no_stepchild_of_another(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "children"]


# Children named by their age alone after "i have": the age is the noun.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i have a 4 year old and a 9 year old", "2 children"),
        ("we have a two month old baby, so no sleep", "1 child"),
        ("i've got a 6-year-old who loves lego", "1 child"),
        ("i have a 3 year old, a 5 year old and a 7 year old", "3 children"),
    ],
)
def test_children_named_by_their_age(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "children"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "i have a 12 year old cat",
        "we have a 15 year old truck",
        "my neighbour has a 4 year old",
        "if i had a 2 year old i would never sleep",
    ],
)
def test_no_children_from_an_age_of_a_thing_or_of_anothers(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "children"]


# The job after an age said before it: "i'm a 32 year old teacher".
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i'm a 41 year old plumber", "plumber"),
        ("i am a 28-year-old nurse in denver", "nurse"),
        ("im a 55 yo electrician", "electrician"),
    ],
)
def test_a_job_after_the_writers_age(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "profession"] == [value]


@pytest.mark.parametrize(
    "text", ["i'm a 30 year old man", "i am a 62 year old grandma", "my son is a 20 year old student"]
)
def test_no_job_from_an_age_and_a_person(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "profession"]


# "turned 41" with the subject left out at the head of a clause is the writer's age.
@pytest.mark.parametrize(
    ("text", "value"),
    [("just turned 60 and loving it", 60), ("well, turned 35 yesterday", 35), ("turned 50 last month, feel great", 50)],
)
def test_an_age_turned_without_its_subject(text: str, value: int) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "age"] == [value]


@pytest.mark.parametrize("text", ["the oven turned 90 degrees", "my dad turned 70 today", "it turned 3 times"])
def test_no_age_turned_of_another_or_a_measure(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "age"]


# The present perfect of living somewhere, with a time that reaches now, is a home.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("i have lived in tucson for years", "city", "Tucson"),
        ("we've lived in oregon since 1998", "region", "Oregon"),
        ("i ve lived in dublin my whole life", "city", "Dublin"),
        ("i have lived in vermont for a long time", "region", "Vermont"),
    ],
)
def test_a_home_lived_in_up_to_now(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "i have lived in lisbon and madrid",  # places of a life, not said to be home now
        "i lived in tucson for ten years",
        "my aunt has lived in oregon for years",
        "if i had lived in dublin since birth i would know",
    ],
)
def test_no_home_from_a_past_or_anothers_living(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("city", "region", "country")]


# The children the writer and a partner have, said with both as the subject, and the children a writer raises.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("me and my husband have three boys", "3 sons"),
        ("the wife and me have 2 kids", "2 children"),
        ("me and my girlfriend have a daughter", "1 daughter"),
        ("воспитываю троих сыновей", "3 сына"),
        ("одна ращу дочку", "дочь"),
        ("мы с мужем вырастили четверых детей", "4 ребенка"),
    ],
)
def test_children_of_the_couple_or_raised(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "children"] == [value]


@pytest.mark.parametrize(
    "text", ["me and my cousin have two kids to babysit", "my neighbor and me have two dogs", "я воспитываю щенка"]
)
def test_no_children_of_a_sibling_pair_or_a_pet_raised(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "children"]


# A child named by its rank, the noun left out.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my oldest turned 16 last week", "children"),
        ("my youngest is in kindergarten", "children"),
        ("мой младший уже ходит в школу", "сын"),
        ("моя старшая учится в Казани", "дочь"),
    ],
)
def test_a_child_by_rank(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "children"] == [value]


@pytest.mark.parametrize(
    "text", ["my oldest friend moved away", "my youngest sister is 20", "моя старшая сестра врач", "his oldest is 12"]
)
def test_no_child_from_a_rank_before_another_noun_or_anothers(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "children"]


# A relationship said as one, or a partner the writer has.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i'm in a committed relationship", "in a relationship"),
        ("we are in a long-distance relationship", "in a relationship"),
        ("i've got a girlfriend back home", "in a relationship"),
        ("у меня есть молодой человек", "в отношениях"),
        ("я в отношениях уже год", "в отношениях"),
        ("я убежденный холостяк", "холост"),
    ],
)
def test_a_relationship_said_as_one(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "family_status"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "i'm in a relationship with pizza",
        "my cousin is in a relationship",
        "i don't have a boyfriend",
        "у брата есть девушка",
        "if i had a girlfriend i would cook more",
    ],
)
def test_no_relationship_of_a_thing_anothers_or_unreal(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "family_status"]


# A grandparent's count is of grandchildren; a parent with an owner, a time or a verb of her own is someone else.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i am a grandfather of seven", "7 grandchildren"),
        ("proud granny of 4 here", "4 grandchildren"),
        ("я дедушка пятерых внуков", "5 внуков"),
        ("i'm a grandma of 1", "1 grandchild"),
        ("i'm the dad of a 6 year old", "1 child"),
    ],
)
def test_a_grandparent_of_a_count(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "children"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "my grandpa of 80 years still drives",
        "a mother of four was rescued from the river",
        "my mom of two is visiting",
        "a grandfather of six said it was cold",
        "got my mum a new kettle",
    ],
)
def test_no_count_from_anothers_parent(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "children"]


# A state with the subject left out, after an adverb of time: "still single", «до сих пор не замужем».
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("still single and loving it", "single"),
        ("happily married, three kids", "married"),
        ("officially divorced as of monday", "divorced"),
        ("всё ещё не женат", "холост"),
        ("снова замужем, второй брак", "замужем"),
        ("теперь в разводе", "в разводе"),
    ],
)
def test_a_state_after_an_adverb_of_time(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == "family_status"] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "is your brother still single?",
        "she is still married to him",
        "моя подруга до сих пор не замужем",
        "still single moms work hard",
    ],
)
def test_no_state_after_an_adverb_of_anothers_or_of_a_group(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "family_status"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the writer's household listed after «у меня» / "i have" or after the partner: the partner is an item
        ("У меня муж, двое детей и собака.", "2 ребенка"),
        ("у меня есть жена и сын", "сын"),
        ("i love my husband, two kids and our dog", "2 children"),
        ("I've got a wife, three boys and a very old cat", "3 sons"),
    ],
)
def test_a_partner_listed_in_the_writers_household_is_no_new_subject(text: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _person_events(text) if e.slot == "children"]


@pytest.mark.parametrize(
    "text",
    [
        "У сестры муж и двое детей.",
        "My sister has a husband and two kids.",
        "У меня муж, он воспитывает двоих детей от первого брака.",
        "у меня есть машина и дача",
    ],
)
def test_no_children_from_anothers_household(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "children"]


@pytest.mark.parametrize(
    "text", ["two sisters, divorced", "my brothers, both married", "my aunts, divorced since 1990"]
)
def test_a_relative_named_in_the_plural_is_someone_else(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot == "family_status"]


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("i have two sisters and i'm divorced", "family_status", "divorced"),
        ("my uncles live in texas, i live in ohio", "region", "Ohio"),
    ],
)
def test_the_writer_named_after_plural_relatives_is_still_the_writer(text: str, slot: str, value: str) -> None:
    assert value in [e.attributes["value"] for e in _person_events(text) if e.slot == slot]


def _professions(text: str) -> list[str]:
    return [e.attributes["value"] for e in _person_events(text) if e.slot == "profession" and e.action != "negate"]


# Job titles from every major group of the occupational classifications (US SOC, ОКПДТР), titles of two words too.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i am a lab assistant in nashville", "lab assistant"),
        ("I'm a receptionist at a dental office", "receptionist"),
        ("i'm a police officer in ohio", "police officer"),
        ("i am a flight attendant, so i travel a lot", "flight attendant"),
        ("i'm a welder", "welder"),
        ("i am a bank teller", "bank teller"),
        ("i'm a pediatrician", "pediatrician"),
        ("I'm a claims adjuster for a big insurer", "claims adjuster"),
    ],
)
def test_a_job_title_from_every_occupational_group(text: str, value: str) -> None:
    assert _professions(text) == [value]


@pytest.mark.parametrize(
    "text",
    [
        "my dad is a welder",
        "i want to be a flight attendant",
        "am i a good receptionist?",
        "i'm not a police officer",
        "i used to be a bank teller",
        "i am a hard worker",
        "i'm a point guard on my team",
        "i'm a proud dog owner",
    ],
)
def test_no_job_title_of_another_a_wish_a_question_a_past_or_a_trait(text: str) -> None:
    assert not _professions(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("я лаборантка", "лаборантка"),
        ("я социальный работник", "социальный работник"),
        ("я старшая медсестра в больнице", "старшая медсестра"),
        ("я старший инженер", "старший инженер"),
        ("работаю социальным работником", "социальный работник"),
        ("работаю главной медсестрой", "главная медсестра"),
        ("я крановщица", "крановщица"),
    ],
)
def test_a_russian_title_in_the_nominative_or_the_instrumental(text: str, value: str) -> None:
    assert _professions(text) == [value]


# Being taken on says the job one has now: «устроилась бухгалтером», «меня взяли грузчиком».
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("устроилась бухгалтером", "бухгалтер"),
        ("недавно устроился на работу кладовщиком", "кладовщик"),
        ("меня взяли грузчиком на склад", "грузчик"),
        ("тружусь диспетчером", "диспетчер"),
    ],
)
def test_a_russian_job_one_was_taken_on_for(text: str, value: str) -> None:
    assert _professions(text) == [value]


@pytest.mark.parametrize(
    "text",
    [
        "сестра устроилась бухгалтером",
        "хочу устроиться кладовщиком",
        "мужа взяли водителем",
        "сейчас врач сказал, что всё хорошо",
        "теперь грузчики приедут только завтра",
    ],
)
def test_no_russian_job_of_another_a_wish_or_someone_there_now(text: str) -> None:
    assert not _professions(text)


# A noun in -ing before a job's noun belongs to the title; a participle after the job ends it.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i am a certified nursing assistant in boston", "certified nursing assistant"),
        ("i'm a senior marketing manager at a bank", "senior marketing manager"),
        ("i am a senior accounting clerk", "senior accounting clerk"),
        ("i'm a nurse working nights", "nurse"),
    ],
)
def test_an_ing_noun_inside_a_job_title(text: str, value: str) -> None:
    assert _professions(text) == [value]


@pytest.mark.parametrize(
    "text", ["i am a nursing home resident", "i'm a working mom", "my wife is a nursing assistant"]
)
def test_no_job_from_an_ing_word_before_a_non_job(text: str) -> None:
    assert not _professions(text)


# The writer's present surroundings named by their weather, their day or the writer's part of them; the Russian "here
# in" («у нас в Казани», «здесь в Самаре», and after the place: «в Перми у нас»); a move made "here" from a place.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("i am okay, but this arizona heat is brutal.", "region", "Arizona"),
        ("these minnesota winters are too long for me", "region", "Minnesota"),
        ("i am enjoying the florida sunshine with a book", "region", "Florida"),
        ("it is a cold night in ohio, so i am staying in.", "region", "Ohio"),
        ("what a beautiful morning in denver!", "city", "Denver"),
        ("in my corner of memphis people are friendly", "city", "Memphis"),
        ("folks in our part of maine love lobster", "region", "Maine"),
        ("since living in utah i ski a lot", "region", "Utah"),
        ("i grew up in canada and still live there", "country", "Canada"),
        ("у нас в Казани жара", "city", "Казань"),
        ("здесь в Самаре опять холодно", "city", "Самара"),
        ("в Перми у нас сегодня снег", "city", "Пермь"),
        ("у нас в России так не продают", "country", "Россия"),
        ("i decided to pack up and move here from germany.", "country", "Germany"),
        ("we came over here from poland in 1990", "country", "Poland"),
        ("i live in the u. s. now", "country", "United States"),
    ],
)
def test_a_place_of_the_present_surroundings(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "i miss the texas heat so much",  # left behind
        "i love this texas toast",  # the place describes a food
        "my sister hates this arizona heat",
        "it was a lovely day in paris last year",  # a day remembered
        "it is a lovely night in rome, we are on vacation",
        "my friend said it is a lovely night in texas",
        "in her corner of nashville people are friendly",
        "my side of the family is from ireland",
        "my parents grew up in canada and still live there",
        "my sister said that since moving to ohio she is happier",
        "у меня в Казани живет брат",
        "у сестры в Казани жара",
        "мама говорит, что у нас в Казани жара",
        "why did you move here from germany?",
    ],
)
def test_no_place_of_surroundings_left_reported_or_anothers(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("city", "region", "country")]


# A present "we" that speaks for the place said before it; the writer and company in a place; the writer as a person
# of the place.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("of course, but in alabama, we eat grits with everything.", "region", "Alabama"),
        ("yes. in norway we have long winters.", "country", "Norway"),
        ("in the uk we call it football", "country", "United Kingdom"),
        ("okay, my husky and i are in denver", "city", "Denver"),
        ("me and my kids are in oregon", "region", "Oregon"),
        ("i am just an iowa mom with two boys.", "region", "Iowa"),
        ("i'm a proud montana girl", "region", "Montana"),
    ],
)
def test_a_home_said_by_its_people(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "in paris we visited the louvre",
        "in rome we will eat pasta every day",
        "in italy we had the best pizza",
        "in lisbon we eat well on every trip",
        "in boston schools we learn history",
        "my sister and her kids are in chicago",
        "i am a country girl",
        "i was a texas girl before we moved",
        "my sister is a texas girl",
    ],
)
def test_no_home_from_a_past_we_a_trip_or_anothers_people(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("city", "region", "country")]


# The Russian "I'm in" said without a verb, the Russian "here, in", and a letter written from a place.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Я сейчас в Перми", "city", "Пермь"),
        ("Мы в Твери уже пять лет", "city", "Тверь"),
        ("Здесь, в Самаре, жара", "city", "Самара"),
        ("У нас в Германии так не принято", "country", "Германия"),
        ("Пишу из Новосибирска", "city", "Новосибирск"),
        ("i am writing from ohio, sorry for my english", "region", "Ohio"),
    ],
)
def test_a_place_said_without_a_verb_or_written_from(text: str, slot: str, value: str) -> None:
    assert [e.attributes["value"] for e in _person_events(text) if e.slot == slot] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "Я в Перми был в прошлом году",
        "Мы в Твери будем завтра",
        "Я в Перми на выходных",
        "Мы в Самаре проездом",
        "У нас в Перми друзья живут",
        "Я в шоке от цен",
        "я бы купила его, будь я в Перми",
        "i am writing from a hotel",
    ],
)
def test_no_russian_place_of_a_past_a_stay_or_others(text: str) -> None:
    assert not [e for e in _person_events(text) if e.slot in ("city", "region", "country")]
