"""The form renderer (verbatim/forms.py) makes inputs and selects in Python: the same HTML,
escaping included, as Django's widget templates make."""

import datetime

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.translation import gettext_lazy, override

from verbatim.forms import FormRenderer


class Filters(forms.Form):
    q = forms.CharField(
        required=False, max_length=200, widget=forms.TextInput(attrs={"type": "search"})
    )
    who = forms.CharField(
        required=False, widget=forms.TextInput(attrs={"autofocus": True, "hidden": False})
    )
    day = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    outlets = forms.IntegerField(
        required=False, min_value=1, widget=forms.NumberInput(attrs={"min": 1})
    )
    speaker = forms.CharField(required=False, widget=forms.HiddenInput)
    language = forms.ChoiceField(
        required=False,
        choices=[
            ("", gettext_lazy("Any language")),
            ("uk", "Українська"),
            ("Odd <group>", [("a&b", "A & <b>"), ("c", "C")]),
        ],
    )


@pytest.mark.parametrize(
    "data",
    [
        {},
        {
            "q": '"quay" <b>& pier</b>',
            "who": "O'Brien",
            "day": "2031-03-05",
            "outlets": "3",
            "speaker": "olena-vartan",
            "language": "a&b",
        },
    ],
)
@pytest.mark.parametrize("language", ["en", "uk"])
def test_widgets_render_as_djangos_templates_render_them(data, language):
    """Every field's widget, empty and holding values that need escaping, bound or not,
    in English and Ukrainian."""
    with override(language):
        for form in (Filters(data), Filters(initial={"day": datetime.date(2031, 3, 5)})):
            ours = form.renderer
            assert isinstance(ours, FormRenderer)
            for field in form:
                form.renderer = ours
                built = field.as_widget()
                form.renderer = DjangoTemplates()
                assert str(built) == str(field.as_widget()), field.name


def test_the_site_uses_it():
    """The setting names it, so every form of the site is rendered by it."""
    from django.forms.renderers import get_default_renderer

    assert isinstance(get_default_renderer(), FormRenderer)
