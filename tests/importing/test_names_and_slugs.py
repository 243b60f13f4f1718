"""Names and titles are stored clean (NFC, no invisible characters) while the raw bytes keep
them; every outlet, person and unit gets a slug of its own in any script, even when two
imports create one at the same moment."""

import threading

import pytest
from django.db import connection, connections, transaction
from django.db.models import QuerySet

from archive.models import Article, Outlet
from archive.services import archive_article
from archive.text import clean_name
from quotes.extraction import Speaker
from quotes.models import Person, Unit
from quotes.services.people import person_for
from quotes.services.units import unit_for

from .conftest import PIER, write, write_lines

RLO, ZWSP, LRI, PDI = "\u202e", "\u200b", "\u2066", "\u2069"


def test_clean_name():
    """Bidirectional controls, zero-width characters and other control characters go;
    decomposed accents are composed (NFC); runs of whitespace become one space."""
    assert clean_name(f"{RLO}Le{ZWSP} Monde\u200d\ufeff\u2060") == "Le Monde"
    assert clean_name(f"{LRI}Harbour\u202a\u202b\u202c\u202d Gazette{PDI}") == "Harbour Gazette"
    assert clean_name("Cafe\u0301\tdu\n\x07Port ") == "Café du Port"
    assert clean_name(f"Cafe{ZWSP}\u0301") == "Café"
    assert clean_name(None) == ""


@pytest.mark.django_db
def test_outlet_and_title_are_stored_clean_and_the_raw_bytes_are_not():
    """An outlet name and a title with a right-to-left override and a zero-width space come
    out clean; the archived raw source keeps every byte."""
    raw = f"{RLO}Pier{ZWSP} to reopen\n\nThe harbour office said the pier will reopen.\n".encode()
    article, _ = archive_article(
        raw=raw, source_file="a.txt", outlet=f"Harbour{ZWSP} Gazette{RLO}", title=""
    )
    article = Article.objects.get(pk=article.pk)
    assert article.outlet.name == "Harbour Gazette"
    assert article.title == "Pier to reopen"
    assert article.read_raw() == raw


@pytest.mark.django_db
def test_person_and_unit_names_are_stored_clean():
    """A speaker's name and a unit's name with invisible characters in them come out clean."""
    person = person_for(Speaker(name=f"Ilse{ZWSP} Vantongeren{RLO}"))
    assert Person.objects.get(pk=person.pk).name == "Ilse Vantongeren"
    assert unit_for(f"3rd{ZWSP} coastal pilot brigade{PDI}").name == "3rd Coastal Pilot Brigade"


@pytest.mark.django_db
def test_outlet_slugs_in_any_script():
    """Names in Cyrillic, Chinese or symbols alone get a readable slug each, never a shared
    "outlet"."""
    names = ["Новая газета", "Известия", "人民日报", "📰", "!!!", "???"]
    slugs = [Outlet.objects.create(name=name).slug for name in names]
    assert slugs == ["novaya-gazeta", "izvestiya", "renminribao", "newspaper", "outlet", "outlet-2"]


@pytest.mark.django_db
def test_names_that_slugify_alike_are_different_outlets():
    """ "Le Monde" and "Le-Monde!" are two names, so two outlets: le-monde and le-monde-2."""
    first = Outlet.objects.create(name="Le Monde")
    second = Outlet.objects.create(name="Le-Monde!")
    assert (first.slug, second.slug) == ("le-monde", "le-monde-2")


@pytest.mark.django_db
def test_people_and_units_in_cyrillic_get_transliterated_slugs():
    """Two people of one Cyrillic name, and a unit named in Cyrillic, get slugs of their own."""
    first = Person.objects.create(name="Сергій Наєв")
    second = Person.objects.create(name="Сергій Наєв")
    unit = Unit.objects.create(name="47-я бригада")
    assert (first.slug, second.slug) == ("sergiy-naiev", "sergiy-naiev-2")
    assert unit.slug == "47-ya-brigada"


@pytest.mark.django_db
def test_import_of_non_latin_outlets(tmp_path, run):
    """Two outlets whose names have no Latin letters are both created by an import."""
    write(tmp_path, "a.txt", PIER)
    write(tmp_path, "b.txt", "Мэр сказал, что причал откроется в мае.\n")
    write_lines(
        tmp_path,
        "manifest.jsonl",
        [{"file": "a.txt", "outlet": "Новая газета"}, {"file": "b.txt", "outlet": "Известия"}],
    )
    assert run(tmp_path).archived == 2
    assert sorted(Outlet.objects.values_list("slug", flat=True)) == ["izvestiya", "novaya-gazeta"]


@pytest.mark.django_db
def test_slug_taken_between_look_up_and_insert_moves_on(monkeypatch):
    """When another import takes the slug after it was found free, the next one is used and
    the surrounding transaction goes on."""
    Outlet.objects.create(name="Rival", slug="le-monde")
    exists = QuerySet.exists
    looked = []

    def missed_once(queryset):
        # The first look-up misses the rival's row, as if it were committed just after.
        looked.append(queryset)
        return False if len(looked) == 1 else exists(queryset)

    monkeypatch.setattr(QuerySet, "exists", missed_once)
    with transaction.atomic():
        outlet = Outlet.objects.create(name="Le Monde")
        assert Outlet.objects.filter(name="Rival").exists()
    assert Outlet.objects.get(pk=outlet.pk).slug == "le-monde-2"


@pytest.mark.django_db
def test_conflict_on_another_field_is_not_hidden():
    """An insert that fails on another unique field (the outlet's name) is not retried
    under other slugs: the error reaches the caller."""
    Outlet.objects.create(name="Le Monde", slug="elsewhere")
    with pytest.raises(Exception, match="(?i)unique"), transaction.atomic():
        Outlet.objects.create(name="Le Monde")


@pytest.mark.django_db(transaction=True)
def test_two_imports_creating_one_slug_at_once():
    """Two connections creating a person of the same name at the same moment both succeed:
    the second, blocked by the first's uncommitted slug, takes the next one."""
    if connection.vendor != "postgresql":
        pytest.skip("needs concurrent writers (PostgreSQL: DATABASE_URL=postgres://...)")
    created, release = threading.Event(), threading.Event()
    errors = []

    def first():
        try:
            with transaction.atomic():
                Person.objects.create(name="Ilse Vantongeren")
                created.set()
                release.wait(10)
        except Exception as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)
        finally:
            created.set()
            connections.close_all()

    def second():
        created.wait(10)
        try:
            with transaction.atomic():
                Person.objects.create(name="Ilse Vantongeren")
        except Exception as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    created.wait(10)
    # Let the first commit only once the second is waiting on its uncommitted row.
    with connection.cursor() as cursor:
        for _ in range(200):
            cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
            if cursor.fetchone()[0]:
                break
            threading.Event().wait(0.05)
        else:
            pytest.fail("the second insert never waited for the first")
    release.set()
    for thread in threads:
        thread.join(20)
    assert not errors
    assert sorted(Person.objects.values_list("slug", flat=True)) == [
        "ilse-vantongeren",
        "ilse-vantongeren-2",
    ]
