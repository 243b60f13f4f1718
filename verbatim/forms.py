"""The form renderer: Django's, with its plain inputs and selects built in Python.

Django renders every widget from a template: an input is three (its type's, input.html and
attrs.html), a select one more for each option. The quote list's filters are a dozen widgets,
one a select of some forty languages, on a page that is otherwise mostly assembled in
Python; their templates cost more than the rows. These widgets' HTML is made here exactly as
Django's templates make it (django/forms/templates/django/forms/widgets/); any other
template, or a widget these do not expect, goes to the templates as before.
"""

from django.forms.renderers import DjangoTemplates
from django.utils.functional import Promise
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

WIDGETS = "django/forms/widgets/"
# The widget templates that are only {% include "django/forms/widgets/input.html" %}.
INPUTS = {
    f"{WIDGETS}{name}.html"
    for name in ("text", "search", "date", "datetime", "time", "number", "email", "url", "tel")
} | {f"{WIDGETS}hidden.html"}
SELECT = f"{WIDGETS}select.html"
OPTION = f"{WIDGETS}select_option.html"


def _attrs(attrs):
    """attrs.html: ` name="value"` for each attribute, ` name` for True, nothing for False."""
    return "".join(
        f" {conditional_escape(name)}"
        if value is True
        else f' {conditional_escape(name)}="{conditional_escape(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


def _input(widget):
    value = widget["value"]
    shown = "" if value is None else f' value="{conditional_escape(value)}"'
    return (
        f'<input type="{conditional_escape(widget["type"])}" '
        f'name="{conditional_escape(widget["name"])}"{shown}{_attrs(widget["attrs"])}>'
    )


def _select(widget):
    parts = [f'<select name="{conditional_escape(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, group_choices, _ in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{conditional_escape(group_name)}">')
        for option in group_choices:
            label = option["label"]
            if option["template_name"] != OPTION or not isinstance(label, str | Promise):
                return None  # an option of its own, or a label a template would localise
            parts.append(
                f'\n  <option value="{conditional_escape(option["value"])}"'
                f"{_attrs(option['attrs'])}>{conditional_escape(label)}</option>\n"
            )
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


BUILT = {name: _input for name in INPUTS} | {SELECT: _select}


class FormRenderer(DjangoTemplates):
    """Django's default renderer, but for the widgets of BUILT, made in Python."""

    def render(self, template_name, context, request=None):
        build = BUILT.get(template_name)
        widget = context.get("widget") if build else None
        if widget is not None:
            html = build(widget)
            if html is not None:
                # Every value escaped above, as the templates' autoescaping does.
                return mark_safe(html.strip())  # noqa: S308
        return super().render(template_name, context, request)
