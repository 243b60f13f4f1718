"""Shared pieces of the quotes admin: links and snippets, the context of a quotation, the
permission and lifecycle mixins, the confirmation pages."""

import re

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db import transaction
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import Truncator

from archive.admin import history_note

from ..models import (
    Membership,
    Quote,
)
from ..services import lifecycle

# Article bodies and raw sources can be megabytes: rows that join an article never load them.
ARTICLE_TEXT = ["body", "raw"]

# At most this many characters of the article either side of a quotation under review.
CONTEXT_CHARS = 240
# Where a sentence or a paragraph ends: the quotation's context starts and stops there.
SENTENCE_END = re.compile(r"[.!?…][”\"’»)]*\s|\n")

Status = Quote.Status


def snippet(text, words=20):
    return Truncator(" ".join(text.split())).words(words, truncate=" …")


def change_link(obj, text=None):
    """A link to `obj`'s admin change page."""
    opts = obj._meta
    url = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
    return format_html('<a href="{}">{}</a>', url, text if text is not None else obj)


def speaker_link(person, description, empty="–"):
    """Whom a quote or a printing credits: a link to the person, else the description."""
    return change_link(person) if person is not None else description or empty


def plural(count, singular, many=None):
    return f"{count} {singular if count == 1 else (many or singular + 's')}"


def in_context(body, start, end, chars=CONTEXT_CHARS):
    """The quotation at body[start:end] within its sentence, as escaped HTML with the quoted
    words marked: from the start of the sentence or paragraph it opens in to the end of the
    one it closes in, at most `chars` characters either side."""
    before, after = body[max(0, start - chars) : start], body[end : end + chars]
    ends = list(SENTENCE_END.finditer(before))
    if ends:
        before = before[ends[-1].end() :]
    elif start > chars:
        before = "… " + before
    found = SENTENCE_END.search(after)
    if found:
        after = after[: found.end()]
    elif end + chars < len(body):
        after += " …"
    quoted = Truncator(body[start:end]).chars(600)
    return format_html(
        '{}<mark class="quoted">{}</mark>{}',
        " ".join(before.split()) + (" " if before[-1:].isspace() else ""),
        " ".join(quoted.split()),
        (" " if after[:1].isspace() else "") + " ".join(after.split()),
    )


def next_url(request, default):
    """Where to go after a button: the page that sent it, when it is one of ours."""
    url = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if url and safe else default


class MergedFilter(admin.SimpleListFilter):
    """Live records unless asked otherwise, or those merged into another (kept only so old
    links redirect): a merged record waits for nobody, so no list offers it by default."""

    title = "merged"
    parameter_name = "merged"

    def lookups(self, request, model_admin):
        return [("no", "Live"), ("yes", "Merged into another"), ("all", "All")]

    def choices(self, changelist):
        current = self.value() or "no"
        for value, label in self.lookup_choices:
            yield {
                "selected": current == value,
                "query_string": changelist.get_query_string({self.parameter_name: value}),
                "display": label,
            }

    def queryset(self, request, queryset):
        if self.value() == "all":
            return queryset
        if self.value() == "yes":
            return queryset.filter(merged_into__isnull=False)
        return queryset.filter(merged_into__isnull=True)


def view_on_site_if_public(obj, public_queryset):
    """The admin's "View on site" link for `obj`, only where its public page answers (it is
    in `public_queryset`); None, and no link, where the page would be a 404."""
    if obj is None or not public_queryset.filter(pk=obj.pk).exists():
        return None
    return reverse(
        "admin:view_on_site",
        kwargs={
            "content_type_id": admin.options.get_content_type_for_model(obj).pk,
            "object_id": obj.pk,
        },
    )


class CurationPermissions:
    """The editors' permissions, as the admin asks for them: an action declared with
    `@admin.action(permissions=["publish"])` is offered only where `has_publish_permission`
    says so, and the views and buttons below ask the same."""

    def has_publish_permission(self, request):
        return request.user.has_perm("quotes.publish_quote")

    def has_merge_permission(self, request):
        return request.user.has_perm("quotes.merge_quote")

    def has_withdraw_permission(self, request):
        return request.user.has_perm("quotes.withdraw_quote")


class LifecycleSaves:
    """For a change form saved through the lifecycle: a change the rules refuse
    (LifecycleError) is an error message on the same page, not a success (nor a 500)."""

    def refuse(self, request, error):
        self.message_user(request, str(error), messages.ERROR)
        request.lifecycle_refused = True

    def log_change(self, request, obj, message):
        if getattr(request, "lifecycle_refused", False):
            return None
        return super().log_change(request, obj, message)

    def response_change(self, request, obj):
        if getattr(request, "lifecycle_refused", False):
            return HttpResponseRedirect(request.path)
        return super().response_change(request, obj)


class NoteForm(forms.Form):
    note = history_note()


class WithdrawForm(forms.Form):
    reason = forms.ChoiceField(choices=Quote.WithdrawalReason.choices, widget=forms.RadioSelect)
    note = forms.CharField(
        label="Note (kept with the withdrawal and in the history)",
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("reason") == Quote.WithdrawalReason.OTHER and not cleaned.get("note"):
            self.add_error("note", "Say why, when the reason is “Other”.")
        return cleaned


class ConfirmationPages:
    """An action's or a button's intermediate page: what will change, and a form to confirm."""

    merge_template = "admin/quotes/merge_confirmation.html"
    confirmation_template = "admin/quotes/confirmation.html"

    def render_confirmation(
        self,
        request,
        *,
        title,
        intro,
        headers,
        rows,
        form,
        submit,
        action=None,
        objects=(),
        cancel_url=None,
    ):
        """`action` and `objects`: the changelist action (and its selection) that posts the
        confirmation back; without them the page posts to itself."""
        context = {
            **self.admin_site.each_context(request),
            "title": title,
            "subtitle": None,
            "opts": self.opts,
            "intro": intro,
            "headers": headers,
            "rows": rows,
            "form": form,
            "submit_label": submit,
            "cancel_url": cancel_url
            or reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_changelist"),
            "action": action,
            "selected": [obj.pk for obj in objects],
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "media": self.media + form.media,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, self.confirmation_template, context)

    def render_merge_confirmation(
        self, request, *, objects, action, headers, rows, default, warnings=(), notes=()
    ):
        context = {
            **self.admin_site.each_context(request),
            "title": f"Merge {len(objects)} {self.opts.verbose_name_plural}",
            "subtitle": None,
            "opts": self.opts,
            "headers": headers,
            "rows": list(zip(objects, rows, strict=True)),
            "default_survivor": default.pk,
            "action": action,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "warnings": warnings,
            "notes": notes,
            "note_form": NoteForm(),
            "media": self.media,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, self.merge_template, context)

    def chosen_survivor(self, request, objects):
        chosen = request.POST.get("survivor")
        return next((obj for obj in objects if str(obj.pk) == chosen), None)

    def merge_into_chosen(self, request, objects, *, merge, describe):
        """The confirmed merge: every selected record but the chosen survivor merged into it
        with `merge(source=, target=, user=, note=)` in one transaction, logged and reported.
        False when no survivor was chosen, so that the confirmation page is shown again."""
        survivor = self.chosen_survivor(request, objects)
        noun = self.opts.verbose_name
        if survivor is None:
            self.message_user(request, f"Choose the {noun} to keep.", messages.ERROR)
            return False
        note = request.POST.get("note", "")[:500]
        others = [obj for obj in objects if obj != survivor]
        try:
            with transaction.atomic():
                for obj in others:
                    merge(source=obj, target=survivor, user=request.user, note=note)
        except ValueError as exc:  # LifecycleError
            self.message_user(request, str(exc), messages.ERROR)
            return True
        names = ", ".join(describe(obj) for obj in others)
        self.log_change(request, survivor, f"Merged {names} into this {noun}.")
        self.message_user(request, f"Merged {names} into {describe(survivor)}.", messages.SUCCESS)
        return True


def is_autocomplete(request):
    return request.resolver_match is not None and request.resolver_match.url_name == "autocomplete"


# Memberships, edited on the person's and the unit's pages and on their own


def save_membership(membership, changed, *, user, note):
    """Write a membership an admin form changed (`changed`: the changed fields; None for a
    new one) through the lifecycle, which puts a unit's change on the public record."""
    if changed is not None and not set(changed) - {"note"}:
        return membership
    if changed is None or {"person", "article"} & set(changed):
        if changed is not None:
            stored = Membership.objects.select_related("person", "unit").get(pk=membership.pk)
            lifecycle.remove_membership(stored, user=user, note=note)
        saved = lifecycle.add_membership(
            person=membership.person,
            unit=membership.unit,
            article=membership.article,
            rank=membership.rank,
            role=membership.role,
            user=user,
            note=note,
        )
        membership.pk = saved.pk
        return saved
    return lifecycle.change_unit(
        membership,
        unit=membership.unit,
        rank=membership.rank,
        role=membership.role,
        user=user,
        note=note,
    )


class MembershipInlines:
    """A page with a membership inline saves it through the lifecycle, with the page's note."""

    def save_formset(self, request, form, formset, change):
        if formset.model is not Membership:
            return super().save_formset(request, form, formset, change)
        note, user = self.change_note(form), request.user
        formset.save(commit=False)
        for membership in formset.deleted_objects:
            lifecycle.remove_membership(membership, user=user, note=note)
        for membership, changed in formset.changed_objects:
            save_membership(membership, changed, user=user, note=note)
        for membership in formset.new_objects:
            save_membership(membership, None, user=user, note=note)
        return None


# People
