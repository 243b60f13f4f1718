"""The history every archived record keeps in the admin: shown, never restored.

Who changed a record, when, why (a note on the change form) and what."""

from django import forms
from django.core.exceptions import PermissionDenied
from simple_history.admin import SimpleHistoryAdmin


def history_note():
    """The optional "why" of a change, which becomes its change reason in the history."""
    return forms.CharField(
        label="Why (recorded in the history)",
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
    )


class ChangeNoteForm(forms.ModelForm):
    """A change form with room to say why: the note is the change reason in the history."""

    note = history_note()


class HistoryAdmin(SimpleHistoryAdmin):
    """A model admin whose History page lists every version of a record: who changed it,
    when, why (the form's note) and what. Old versions are shown, never saved back: a revert
    would bypass the services that keep a record's state and derived data in step."""

    form = ChangeNoteForm
    object_history_list_template = "admin/history_list.html"

    @staticmethod
    def change_note(form):
        return form.cleaned_data.get("note", "") if form is not None else ""

    def save_model(self, request, obj, form, change):
        obj._change_reason = self.change_note(form) or None
        super().save_model(request, obj, form, change)

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if obj is not None and not self.has_change_permission(request, obj):
            # A page that only shows the record has nothing to explain.
            fieldsets = [
                (name, {**options, "fields": [f for f in options["fields"] if f != "note"]})
                for name, options in fieldsets
            ]
        return fieldsets

    def revert_disabled(self, request, obj=None):
        return True

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method == "POST":
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)
