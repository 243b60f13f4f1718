"""The searched words marked in Python (quotes.marks), as the PostgreSQL list shows them."""

from quotes.marks import highlighted
from quotes.search import Terms


def marked(text, query):
    return highlighted(text, Terms.parse(query).positive)


def test_a_word_is_marked_in_every_form_that_shares_its_stem():
    assert marked("Reopening the pier; it reopened, it will reopen.", "reopens") == (
        "<mark>Reopening</mark> the pier; it <mark>reopened</mark>, it will <mark>reopen</mark>."
    )


def test_only_whole_words_are_marked():
    """ "pier" is not marked inside "piers'" stem-mates it does not share, nor in "pierce"."""
    assert marked("Pierce walked the piers to the pier.", "pier") == (
        "Pierce walked the <mark>piers</mark> to the <mark>pier</mark>."
    )


def test_a_phrase_marks_each_of_its_words():
    assert marked("The pier will reopen, the pier said it will.", '"pier will"') == (
        "The <mark>pier</mark> <mark>will</mark> reopen, the <mark>pier</mark> said it "
        "<mark>will</mark>."
    )


def test_text_is_escaped_and_only_marks_are_added():
    assert marked('<b>harbour</b> & "harbours" <script>x</script>', "harbour") == (
        "&lt;b&gt;<mark>harbour</mark>&lt;/b&gt; &amp; &quot;<mark>harbours</mark>&quot; "
        "&lt;script&gt;x&lt;/script&gt;"
    )


def test_markup_in_the_query_marks_nothing_it_does_not_find():
    assert marked("The mark <mark> is text here.", "<mark>") == (
        "The <mark>mark</mark> &lt;<mark>mark</mark>&gt; is text here."
    )


def test_nothing_found_is_none():
    assert marked("Nothing about ferries.", "harbour") is None
    assert marked("Nothing about ferries.", "-ferries") is None


def test_apostrophes_and_underscores_split_words_as_postgresql_does():
    assert marked("The harbour's gate_keeper's log", "gate") == (
        "The harbour&#x27;s <mark>gate</mark>_keeper&#x27;s log"
    )


def test_cyrillic_words_are_marked_by_their_lemmas():
    assert marked("Маяк на острові, доглядач маяків.", "маяком") == (
        "<mark>Маяк</mark> на острові, доглядач <mark>маяків</mark>."
    )


def test_a_latin_name_marks_its_cyrillic_forms_and_a_cyrillic_one_its_romanisations():
    assert marked("Как сообщил Волошина, Voloshyn said.", "Voloshin") == (
        "Как сообщил <mark>Волошина</mark>, Voloshyn said."
    )
    assert marked("Voloshyn said so.", "Волошина") == "<mark>Voloshyn</mark> said so."
