"""The review of one suggested quote after another, from the archivist's desk (quotes.desk):
publish, reject, change speaker or unit, merge, next; each decision through the lifecycle
services."""

from django.contrib import messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse

from ..models import Person, Quote, Unit
from ..services import lifecycle
from ..services.lifecycle import LifecycleError

# Review, one quote after another ------------------------------------------------------------


def next_suggested(after: Quote | None = None):
    """The oldest live suggested quote, or the first after `after` in that order."""
    queue = Quote.objects.suggested().order_by("created_at", "pk")
    if after is not None:
        later = queue.filter(created_at__gt=after.created_at)
        same_time = queue.filter(created_at=after.created_at, pk__gt=after.pk)
        queue = (later | same_time).order_by("created_at", "pk")
    return queue.select_related("person").first()


class QuoteReview:
    """The review page of QuoteAdmin, which mixes it in: one suggested quote at a time, oldest
    first, with what the machine says of it (its confidence and its doubt) and a form for
    each decision. Publish and reject post to the quote's curate view; the others here."""

    def review_view(self, request):
        if not self.has_view_or_change_permission(request):
            raise PermissionDenied
        after = None
        if request.GET.get("after", "").isdigit():
            after = Quote.objects.filter(pk=request.GET["after"]).first()
        if request.GET.get("quote", "").isdigit():
            quote = Quote.objects.suggested().filter(pk=request.GET["quote"]).first()
        else:
            quote = next_suggested(after)
        context = {
            **self.admin_site.each_context(request),
            "title": "Review suggested quotes",
            "quote": quote,
            "waiting": Quote.objects.suggested().count(),
            "opts": self.model._meta,
        }
        if quote is not None:
            context.update(self.review_context(request, quote))
        return TemplateResponse(request, "admin/quotes/review.html", context)

    def review_context(self, request, quote):
        printings = list(quote.printings.select_related("article__outlet", "person").order_by("pk"))
        review_url = reverse("admin:quotes_quote_review")
        following = next_suggested(quote)
        return {
            "printings": printings,
            "confidence": min((p.confidence for p in printings), default=None),
            "units": [m.unit for m in quote.person.memberships.select_related("unit")]
            if quote.person_id
            else [],
            "here": f"{review_url}?quote={quote.pk}",
            "next_url": f"{review_url}?after={quote.pk}",
            "has_next": following is not None,
            "may_publish": self.has_publish_permission(request),
            "may_merge": self.has_merge_permission(request),
            "may_change": self.has_change_permission(request, quote),
            "people": Person.objects.filter(merged_into=None).order_by("name")[:2000],
            "all_units": Unit.objects.order_by("name")[:2000],
            "publish_url": reverse("admin:quotes_quote_curate", args=[quote.pk, "publish"]),
            "reject_url": reverse("admin:quotes_quote_curate", args=[quote.pk, "reject"]),
            "decide_url": reverse("admin:quotes_quote_review_decide", args=[quote.pk]),
        }

    def review_decide_view(self, request, object_id):
        """Change speaker, add a unit or merge, from the review page; then the same quote
        again (or, once merged, the next one)."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        quote = self.get_object(request, unquote(object_id))
        if quote is None:
            raise Http404
        review_url = reverse("admin:quotes_quote_review")
        decision = request.POST.get("decision")
        note = request.POST.get("note", "")[:500]
        try:
            done = self.decide(request, quote, decision, note)
        except LifecycleError as error:
            self.message_user(request, str(error), messages.ERROR)
            return HttpResponseRedirect(f"{review_url}?quote={quote.pk}")
        self.message_user(request, done, messages.SUCCESS)
        if decision == "merge":
            return HttpResponseRedirect(f"{review_url}?after={quote.pk}")
        return HttpResponseRedirect(f"{review_url}?quote={quote.pk}")

    def decide(self, request, quote, decision, note):
        """One decision on `quote`; what was done, in a sentence. LifecycleError (or
        PermissionDenied) when it cannot be done."""
        if decision == "merge":
            if not self.has_merge_permission(request):
                raise PermissionDenied
            target = Quote.objects.filter(short_id=request.POST.get("target", "").strip()).first()
            if target is None:
                raise LifecycleError("No quote has that id: give the id of the quote to keep.")
            lifecycle.merge(source=quote, target=target, user=request.user, note=note)
            return f"Quote {quote.short_id} merged into {target.short_id}."
        if not self.has_change_permission(request, quote):
            raise PermissionDenied
        if decision == "speaker":
            person = _named(Person.objects.filter(merged_into=None), request.POST.get("person"))
            lifecycle.change_speaker(
                quote,
                person=person,
                move_units=request.POST.get("units") != "leave",
                user=request.user,
                note=note,
            )
            return f"Quote {quote.short_id} is now credited to {person.name}."
        if decision == "unit":
            if quote.person_id is None:
                raise LifecycleError("Only a named speaker can be given a unit.")
            unit = _named(Unit.objects.all(), request.POST.get("unit"))
            first = quote.printings.order_by("pk").first()
            lifecycle.add_membership(
                person=quote.person,
                unit=unit,
                article=first.article if first else None,
                user=request.user,
                note=note,
            )
            return f"{quote.person.name} is recorded in {unit.name}."
        raise Http404


def _named(queryset, name):
    """The one row of `queryset` of that exact name; LifecycleError otherwise."""
    found = list(queryset.filter(name=(name or "").strip())[:2])
    if len(found) != 1:
        raise LifecycleError(f"Choose a name from the list: “{name}” names no one record.")
    return found[0]
