"""Changing a quote's state in the admin, each change through quotes.services.lifecycle: the
buttons of a quote's page and the views they post to (publish, reject, restore; withdraw after
a page choosing the reason), and the quote list's actions (publish, reject, withdraw, restore,
merge)."""

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.urls import reverse

from ..models import Quote
from ..services import lifecycle
from ..services.lifecycle import LifecycleError
from .common import Status, WithdrawForm, next_url, plural


class QuoteCuration:
    """The curation views and actions of QuoteAdmin, which mixes them in: they ask its
    permissions (common.CurationPermissions), render its confirmation pages
    (common.ConfirmationPages) and show its `speaker` column on them."""

    def curation_buttons(self, request, quote):
        """The changes of state this user may make to `quote` now, as its page offers them:
        (label, url, whether it is posted at once)."""
        if quote.merged_into_id:
            return []
        buttons = []

        def curate(decision):
            return reverse("admin:quotes_quote_curate", args=[quote.pk, decision])

        if self.has_publish_permission(request):
            if quote.status in (Status.SUGGESTED, Status.REJECTED):
                buttons.append(("Publish", curate("publish"), True))
            if quote.status == Status.SUGGESTED:
                buttons.append(("Reject", curate("reject"), True))
        if self.has_withdraw_permission(request):
            if quote.is_public:
                url = reverse("admin:quotes_quote_withdraw", args=[quote.pk])
                buttons.append(("Withdraw…", url, False))
            if quote.status == Status.WITHDRAWN:
                buttons.append(("Restore", curate("restore"), True))
        return buttons

    # One quote, from its page

    def curate_view(self, request, object_id, decision):
        """Publish, reject or restore one quote (a button on its page or an article's review
        list), then go back to the page the button was on."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        allowed = {
            "publish": self.has_publish_permission,
            "reject": self.has_publish_permission,
            "restore": self.has_withdraw_permission,
        }
        if decision not in allowed:
            raise Http404
        if not allowed[decision](request):
            raise PermissionDenied
        quote = self.get_object(request, unquote(object_id))
        if quote is None:
            raise Http404
        note = request.POST.get("note", "")[:500]
        past = {"publish": "published", "reject": "rejected", "restore": "restored"}[decision]
        try:
            if decision == "restore":
                lifecycle.restore(quote, user=request.user, note=note)
                done = True
            else:
                change = lifecycle.publish if decision == "publish" else lifecycle.reject
                done = change(quote, user=request.user, note=note) > 0
        except LifecycleError as error:
            self.message_user(request, str(error), messages.ERROR)
        else:
            if done:
                self.log_change(request, quote, f"{past.capitalize()}.")
                self.message_user(request, f"Quote {quote.short_id} {past}.", messages.SUCCESS)
            else:
                state = quote.get_status_display().lower()
                self.message_user(
                    request,
                    f"Quote {quote.short_id} is {state}; it was left as it was.",
                    messages.WARNING,
                )
        change_url = reverse("admin:quotes_quote_change", args=[quote.pk])
        return HttpResponseRedirect(next_url(request, change_url))

    def withdraw_view(self, request, object_id):
        """Withdraw one quote, after a page choosing the reason."""
        if not self.has_withdraw_permission(request):
            raise PermissionDenied
        quote = self.get_object(request, unquote(object_id))
        if quote is None:
            raise Http404
        change_url = reverse("admin:quotes_quote_change", args=[quote.pk])
        form = WithdrawForm(request.POST if request.method == "POST" else None)
        if form.is_bound and form.is_valid():
            if self.withdraw(request, [quote], **form.cleaned_data):
                return HttpResponseRedirect(change_url)
        return self.confirm_withdrawal(request, [quote], form, cancel_url=change_url)

    def withdraw(self, request, quotes, *, reason, note):
        done = []
        for quote in quotes:
            try:
                lifecycle.withdraw(quote, reason=reason, user=request.user, note=note)
            except LifecycleError as error:
                self.message_user(request, str(error), messages.ERROR)
                continue
            self.log_change(request, quote, "Withdrawn.")
            done.append(quote.short_id)
        if done:
            label = Quote.WithdrawalReason(reason).label.lower()
            self.message_user(
                request,
                f"{plural(len(done), 'quote')} withdrawn ({label}): {', '.join(done)}.",
                messages.SUCCESS,
            )
        return done

    def confirm_withdrawal(self, request, quotes, form, action=None, cancel_url=None):
        return self.render_confirmation(
            request,
            title=f"Withdraw {plural(len(quotes), 'quote')}",
            intro="A withdrawn quote leaves every public page; its permalink answers that it "
            "was withdrawn, with the reason and the date, and it can be restored later.",
            headers=["Quote", "Text", "Speaker"],
            rows=[[q.short_id, q.text, self.speaker(q)] for q in quotes],
            form=form,
            submit="Withdraw",
            action=action,
            objects=quotes if action else (),
            cancel_url=cancel_url,
        )

    # Actions on the list

    @admin.action(description="Publish selected quotes", permissions=["publish"])
    def publish_selected(self, request, queryset):
        selected = queryset.count()
        count = lifecycle.publish(queryset, user=request.user)
        self.message_user(request, f"{plural(count, 'quote')} published.", messages.SUCCESS)
        self.report_left(request, selected - count, "suggested or rejected")

    @admin.action(description="Reject selected quotes", permissions=["publish"])
    def reject_selected(self, request, queryset):
        selected = queryset.count()
        count = lifecycle.reject(queryset, user=request.user)
        self.message_user(request, f"{plural(count, 'quote')} rejected.", messages.SUCCESS)
        self.report_left(request, selected - count, "suggested")

    def report_left(self, request, count, what):
        if count:
            self.message_user(
                request,
                f"{plural(count, 'quote was', 'quotes were')} not {what} and left as "
                f"{'it was' if count == 1 else 'they were'}.",
                messages.WARNING,
            )

    @admin.action(description="Withdraw selected quotes…", permissions=["withdraw"])
    def withdraw_selected(self, request, queryset):
        quotes = list(queryset.select_related("person").order_by("created_at", "pk"))
        unpublished = [q.short_id for q in quotes if not q.is_public]
        if unpublished:
            self.message_user(
                request,
                f"Only published quotes are withdrawn: {', '.join(unpublished)} "
                f"{'is' if len(unpublished) == 1 else 'are'} not. A suggestion is rejected.",
                messages.ERROR,
            )
            return None
        form = WithdrawForm(request.POST if request.POST.get("post") else None)
        if form.is_bound and form.is_valid():
            self.withdraw(request, quotes, **form.cleaned_data)
            return None
        return self.confirm_withdrawal(request, quotes, form, action="withdraw_selected")

    @admin.action(description="Restore selected withdrawn quotes", permissions=["withdraw"])
    def restore_selected(self, request, queryset):
        done = []
        for quote in queryset.filter(status=Status.WITHDRAWN, merged_into=None):
            lifecycle.restore(quote, user=request.user)
            self.log_change(request, quote, "Restored.")
            done.append(quote.short_id)
        self.message_user(request, f"{plural(len(done), 'quote')} restored.", messages.SUCCESS)

    @admin.action(description="Merge selected quotes into one", permissions=["merge"])
    def merge_selected_quotes(self, request, queryset):
        quotes = list(queryset.order_by("created_at", "pk"))
        if len(quotes) < 2:
            self.message_user(request, "Select two or more quotes to merge.", messages.ERROR)
            return None
        merged = [q.short_id for q in quotes if q.merged_into_id]
        if merged:
            self.message_user(
                request,
                f"Already merged into another quote: {', '.join(merged)}. Select only live quotes.",
                messages.ERROR,
            )
            return None
        speakers = {q.person for q in quotes if q.person_id}
        if len(speakers) > 1:
            names = ", ".join(sorted(p.name for p in speakers))
            self.message_user(
                request,
                f"These quotes are attributed to different people ({names}); "
                "correct the speaker first.",
                messages.ERROR,
            )
            return None
        if request.POST.get("post") and self.merge_into_chosen(
            request, quotes, merge=lifecycle.merge, describe=lambda q: q.short_id
        ):
            return None
        default = max(quotes, key=lambda q: (q.status == Status.PUBLISHED, q.printing_count))
        return self.render_merge_confirmation(
            request,
            objects=quotes,
            action="merge_selected_quotes",
            headers=["Quote", "Text", "Speaker", "Status", "Printings"],
            rows=[
                [q.short_id, q.text, self.speaker(q), q.get_status_display(), q.printing_count]
                for q in quotes
            ],
            default=default,
        )
