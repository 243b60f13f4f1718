"""Russian and Ukrainian text: quotation marks and dashes, cue verbs in every form, names in
every case brought to the nominative, titles apart from names, units in Cyrillic.

Every sentence here is invented, and so are the people, units and places."""

import pytest

from quotes.extraction import extract
from quotes.extraction.cyrillic import (
    CUE_FORMS,
    cue_forms,
    nominative,
    read_lead,
    unit_nominative,
)
from quotes.extraction.units import unit_key


def quoted(body: str) -> dict[str, object]:
    """Each quotation's text, with whom it is credited to."""
    extraction = extract(body)
    return {q.text: q for q in extraction.quotations}, extraction.speakers


def test_guillemets_with_the_speaker_title_and_unit_after_the_verb():
    """«...», — заявив речник бригади X: the quotation, the speaker in the nominative, the
    title apart from the name and the unit brought to the nominative."""
    body = (
        "Бійці 419-ї окремої бригади «Лелека» відбили штурм біля села Ліщинка.\n\n"
        "«Противник пішов двома колонами одразу після світанку», — заявив речник "
        "419-ї окремої бригади «Лелека» Остап Вербицький.\n"
    )
    quotations, speakers = quoted(body)
    quotation = quotations["Противник пішов двома колонами одразу після світанку"]
    assert quotation.speaker == "Остап Вербицький"
    speaker = speakers["Остап Вербицький"]
    assert speaker.role == "речник"
    assert speaker.units == ["419-та окрема бригада «Лелека»"]


def test_low_double_quotes_and_a_woman_named_in_the_genitive():
    """„...“ marks; "за словами Білоцерківської" credits Олена Білоцерківська named before."""
    body = (
        "Про відступ повідомила речниця угруповання військ «Дубрава» Олена Білоцерківська.\n\n"
        "За словами Білоцерківської, „спершу там мають попрацювати сапери“.\n"
    )
    quotations, speakers = quoted(body)
    assert quotations["спершу там мають попрацювати сапери"].speaker == "Олена Білоцерківська"
    assert speakers["Олена Білоцерківська"].role == "речниця"


def test_nested_guillemets_belong_to_the_outer_quotation():
    """«Ворог називає це «перегрупуванням», але ...»: one quotation, the inner marks inside."""
    body = (
        "«Ворог називає це «перегрупуванням», але насправді він просто відступив», — "
        "зазначила речниця Олена Білоцерківська.\n"
    )
    quotations, _ = quoted(body)
    text = "Ворог називає це «перегрупуванням», але насправді він просто відступив"
    assert list(quotations) == [text]
    assert quotations[text].speaker == "Олена Білоцерківська"


def test_dash_opens_direct_speech_and_the_speaker_follows_the_second_dash():
    """— Текст, — розповів X. A dash inside the words is no break; after the speaker's
    words a dash opens the speech again."""
    body = (
        "Його командир Богдан Ярмолюк розповів, як бійці живуть між штурмами.\n\n"
        "— Найважче — це чекати. Коли йде бій, думати немає коли, — розповів Ярмолюк.\n\n"
        "— Тут воюють вчителі та водії, — усміхається командир. — Ніхто з них не думав, "
        "що буде тримати зброю.\n"
    )
    quotations, _ = quoted(body)
    assert list(quotations) == [
        "Найважче — це чекати. Коли йде бій, думати немає коли,",
        "Тут воюють вчителі та водії,",
        "Ніхто з них не думав, що буде тримати зброю.",
    ]
    assert {q.speaker for q in quotations.values()} == {"Богдан Ярмолюк"}


def test_hyphen_opens_direct_speech_in_russian():
    """- Текст, - пишет X в своем Telegram-канале."""
    body = (
        "Командир батальона «Ворон» Аркадий Бельтюков высоко оценил противника.\n"
        "- Рации садятся за полдня, а генераторы забирают под штаб, - пишет Бельтюков в "
        "своем Telegram-канале.\n"
    )
    quotations, speakers = quoted(body)
    text = "Рации садятся за полдня, а генераторы забирают под штаб,"
    assert quotations[text].speaker == "Аркадий Бельтюков"
    assert speakers["Аркадий Бельтюков"].units == ["батальон «Ворон»"]


@pytest.mark.parametrize(
    ("verb", "name"),
    [
        ("заявил", "Геннадий Лисогорский"),
        ("отметил", "Геннадий Лисогорский"),
        ("подчеркнула", "Ирина Воронцова"),
        ("добавила", "Ирина Воронцова"),
        ("пояснил", "Геннадий Лисогорский"),
        ("сказав", "Остап Вербицький"),
        ("наголосила", "Олена Білоцерківська"),
        ("підкреслив", "Остап Вербицький"),
        ("написала", "Олена Білоцерківська"),
    ],
)
def test_cue_verbs_in_every_form_and_gender(verb, name):
    """A cue verb in the past of either gender, Russian or Ukrainian, credits the name
    after it."""
    body = f"«Мост уже восстановлен и по нему идет техника», — {verb} {name}.\n"
    quotations, _ = quoted(body)
    assert quotations["Мост уже восстановлен и по нему идет техника"].speaker == name


def test_po_slovam_with_a_surname_in_the_genitive():
    """По словам Воронцовой, «...»: the person named in full later in the nominative."""
    body = (
        "По словам Воронцовой, «работы велись круглосуточно, в том числе под обстрелами».\n\n"
        "Об этом сообщила пресс-секретарь 58-й группировки войск «Кедр» Ирина Воронцова.\n"
    )
    quotations, speakers = quoted(body)
    text = "работы велись круглосуточно, в том числе под обстрелами"
    assert quotations[text].speaker == "Ирина Воронцова"
    assert speakers["Ирина Воронцова"].role == "пресс-секретарь"
    assert speakers["Ирина Воронцова"].units == ["58-я группировка войск «Кедр»"]


def test_a_role_after_the_verb_refers_back_to_the_person_given_it():
    """ "— сказав міський голова" and "уверен командир полка": the person of that role."""
    body = (
        "Про це на брифінгу повідомив міський голова Стрия Тарас Гнатишин.\n\n"
        "«Бригади працюють там без перерви», — сказав міський голова.\n"
    )
    quotations, speakers = quoted(body)
    assert quotations["Бригади працюють там без перерви"].speaker == "Тарас Гнатишин"
    assert speakers["Тарас Гнатишин"].role == "міський голова Стрия"


def test_rank_and_role_before_a_name_and_the_rank_referring_back():
    """ "Командир 512-го полка полковник X": rank, role and unit apart from the name; later
    "— отметил полковник" is X."""
    body = (
        "Командир 512-го мотострелкового полка полковник Геннадий Лисогорский рассказал о "
        "ситуации.\n\n"
        "«Мои бойцы не спят уже третьи сутки, но никто не жалуется», — отметил полковник.\n"
    )
    quotations, speakers = quoted(body)
    text = "Мои бойцы не спят уже третьи сутки, но никто не жалуется"
    assert quotations[text].speaker == "Геннадий Лисогорский"
    speaker = speakers["Геннадий Лисогорский"]
    assert (speaker.rank, speaker.role) == ("полковник", "командир")
    assert speaker.units == ["512-й мотострелковый полк"]


def test_unnamed_speakers_and_institutions_are_nobody():
    """ "— сказала одна из жительниц" and "В министерстве обороны заявили: «...»" credit no
    person, though a person was named just before."""
    body = (
        "Глава района Степан Заречный провел встречу с жителями.\n\n"
        "«Нам уже неделю возят воду в бочках, и ее не хватает», — сказала одна из жительниц.\n\n"
        "В министерстве обороны заявили: «Все задачи на этом направлении выполняются в срок».\n"
    )
    quotations, _ = quoted(body)
    resident = quotations["Нам уже неделю возят воду в бочках, и ее не хватает"]
    assert resident.speaker is None
    assert resident.speaker_description == "одна из жительниц"
    ministry = quotations["Все задачи на этом направлении выполняются в срок"]
    assert ministry.speaker is None
    assert "министерстве обороны" in ministry.speaker_description


def test_english_dashes_and_lists_are_not_direct_speech():
    """A Latin-script paragraph opened by a dash stays as it was: no quotation."""
    body = "The brigade listed its losses.\n\n- Two tanks, - the statement said.\n"
    assert extract(body).quotations == []


@pytest.mark.parametrize(
    ("tokens", "language", "expected"),
    [
        (["Захаровой"], "ru", ["Захарова"]),
        (["Ирины", "Воронцовой"], "ru", ["Ирина", "Воронцова"]),
        (["Лисогорскому"], "ru", ["Лисогорский"]),
        (["Бельтюкову"], "ru", ["Бельтюков"]),
        (["Вербицького"], "uk", ["Вербицький"]),
        (["Білоцерківської"], "uk", ["Білоцерківська"]),
        (["Тараса", "Гнатишина"], "uk", ["Тарас", "Гнатишин"]),
        (["Остап", "Вербицький"], "uk", ["Остап", "Вербицький"]),
    ],
)
def test_names_in_any_case_come_back_to_the_nominative_in_their_gender(tokens, language, expected):
    assert nominative(tokens, language) == expected


@pytest.mark.parametrize(
    ("printed", "language", "expected"),
    [
        ("419-ї окремої бригади «Лелека»", "uk", "419-та окрема бригада «Лелека»"),
        (
            "27-го оперативного угруповання військ «Дубрава»",
            "uk",
            "27-ме оперативне угруповання військ «Дубрава»",
        ),
        ("112-му окремому полку безпілотних систем", "uk", "112-й окремий полк безпілотних систем"),
        ("512-го мотострелкового полка", "ru", "512-й мотострелковый полк"),
        ("58-й группировкой войск «Кедр»", "ru", "58-я группировка войск «Кедр»"),
        ("батальоном «Ворон»", "ru", "батальон «Ворон»"),
    ],
)
def test_units_in_any_case_come_back_to_the_nominative(printed, language, expected):
    assert unit_nominative(printed, language) == expected


def test_a_lead_keeps_title_rank_and_unit_apart():
    lead = read_lead("Как сообщил спикер 58-й группировки войск «Кедр» майор ", "ru")
    assert (lead.title, lead.rank, lead.unit) == (
        "спикер",
        "майор",
        "58-я группировка войск «Кедр»",
    )
    assert read_lead("Об этом сообщила ", "ru") is None


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_cue_forms_are_every_form_the_analyser_gives_for_the_lemmas(language):
    """CUE_FORMS is what pymorphy3 gives for CUE_LEMMAS: past of both genders and plural,
    third person of present and future."""
    assert CUE_FORMS[language] == cue_forms(language)
    assert {"заявил", "заявила", "заявили", "заявит"} <= set(CUE_FORMS["ru"]) or language == "uk"
    assert {"заявив", "заявила", "сказав", "каже"} <= set(CUE_FORMS["uk"]) or language == "ru"


def test_cyrillic_units_have_keys_of_their_own():
    """A unit named in Cyrillic has a key (not the empty key every such name shared), and a
    numbered one keeps its number whatever its ordinal's ending."""
    assert unit_key("батальйон «Сокира»") != unit_key("батальон «Ворон»")
    assert unit_key("батальйон «Сокира»")
    assert unit_key("419-та окрема бригада «Лелека»").split()[0] == "419"
    assert unit_key('12th Brigade "Vatra"') == "12 brigade"


def test_news_agency_turns_of_phrase():
    """A name after a few words of where or to whom, "по его словам", a masculine pronoun
    after a woman was quoted, and a document's words ("говорится в заявлении ...")."""
    body = (
        "«Ответ будет дан в свое время», — сказал пресс-секретарь губернатора Дмитрий "
        "Песочников журналистам.\n\n"
        "«Ситуация остается сложной», — заявил в интервью агентству Песочников.\n\n"
        "По его словам, «все службы работают в штатном режиме».\n\n"
        "«Эвакуация завершена», — отметила официальный представитель министерства Мария "
        "Захарчук.\n\n"
        "«Мы готовы ко всему», — написал он в Telegram.\n\n"
        "«Обстрелы продолжаются», — говорится в заявлении областной администрации.\n"
    )
    quotations, speakers = quoted(body)
    for text in (
        "Ответ будет дан в свое время",
        "Ситуация остается сложной",
        "все службы работают в штатном режиме",
        "Мы готовы ко всему",
    ):
        assert quotations[text].speaker == "Дмитрий Песочников", text
    assert quotations["Эвакуация завершена"].speaker == "Мария Захарчук"
    assert speakers["Мария Захарчук"].role == "официальный представитель министерства"
    document = quotations["Обстрелы продолжаются"]
    assert document.speaker is None
    assert document.speaker_description == "заявлении областной администрации"


def test_a_pronoun_before_the_verb_and_verbs_of_summing_up():
    """ "Він наголосив: «...»" is the person the text is about, not the capitalised word of
    an institution's name ("Повітряних сил") nor a place; "підсумував", "сетует" and
    "прокомментировал" are cue verbs too."""
    body = (
        "Про це в ефірі телемарафону сказав речник Повітряних сил Юрій Гнатюченко.\n\n"
        "Він наголосив: «Усі цілі збито над Житомирщиною».\n\n"
        "«Ворог змінює тактику щотижня», — підсумував Гнатюченко.\n"
    )
    quotations, speakers = quoted(body)
    assert quotations["Усі цілі збито над Житомирщиною"].speaker == "Юрій Гнатюченко"
    assert quotations["Ворог змінює тактику щотижня"].speaker == "Юрій Гнатюченко"
    assert list(speakers) == ["Юрій Гнатюченко"]
    assert speakers["Юрій Гнатюченко"].role == "речник Повітряних сил"
    body = (
        "Глава ведомства Сергей Лавочкин ответил на вопросы.\n\n"
        "«Это провокация», — прокомментировал Лавочкин.\n\n"
        "«Никакой угрозы нет», — сетует Лавочкин.\n"
    )
    quotations, _ = quoted(body)
    assert {q.speaker for q in quotations.values()} == {"Сергей Лавочкин"}
