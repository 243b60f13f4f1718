"""The admin's forms for archiving one article from pasted text, an uploaded file or its URL.

The source first, then a preview of what it says about itself, corrected before it is
archived; a captured page awaiting review is corrected and archived the same way."""

import re
from dataclasses import dataclass
from pathlib import PurePath

from django import forms
from django.contrib.admin.widgets import AdminDateWidget
from django.core.cache import cache
from django.utils.functional import cached_property
from django.utils.html import format_html, format_html_join
from django.utils.text import Truncator

from . import queueing
from .capture import archive_reviewed
from .metadata import domain_of
from .models import Article, Outlet, validate_web_url
from .services import FORMATS, MAX_BYTES, ArticleRejected, archive_article, decode, read_source
from .signals import article_previewing
from .suggestions import suggestion_decisions, with_given

# An upload waits this long (seconds) on the server between its preview and its archiving.
UPLOAD_SECONDS = 60 * 60
# How much of the text the preview shows.
EXCERPT_CHARS = 600
SHA256 = re.compile(r"[0-9a-f]{64}")
# The suggestions the preview offers to correct, four fields each: the rest are shown only,
# so that a form never holds more fields than Django reads (DATA_UPLOAD_MAX_NUMBER_FIELDS).
EDITABLE = 200
# What the page says, in the preview's order: (label, the page's key).
PREVIEW_ROWS = [
    ("Title", "title"),
    ("Publication date", "published"),
    ("Outlet (site name)", "outlet"),
    ("Author", "author"),
    ("Language", "language"),
    ("Canonical URL", "canonical_url"),
    ("URL", "url"),
]


class WebURLField(forms.URLField):
    """A URL field that takes only http and https addresses, as the models store."""

    default_validators = [validate_web_url]
    # The field's own "invalid" message would replace the validator's, which says why.
    default_error_messages = {"invalid": validate_web_url.message}

    def __init__(self, **kwargs):
        super().__init__(**{"assume_scheme": "https", **kwargs})


class OutletNameInput(forms.TextInput):
    """A text box offering the existing outlets' names (an HTML datalist, no script), where a
    new name may be typed as well."""

    def __init__(self, attrs=None):
        super().__init__({"autocomplete": "off", "class": "vTextField", **(attrs or {})})

    def render(self, name, value, attrs=None, renderer=None):
        attrs = {"id": f"id_{name}", **(attrs or {})}
        attrs["list"] = f"{attrs['id']}-choices"
        names = Outlet.objects.order_by("name").values_list("name", flat=True)
        return format_html(
            '{}<datalist id="{}-choices">{}</datalist>',
            super().render(name, value, attrs, renderer),
            attrs["id"],
            format_html_join("", '<option value="{}">', ((n,) for n in names)),
        )


@dataclass(frozen=True)
class PagePreview:
    """What a source says about itself, as the preview step shows it: (label, value) rows,
    the outlet the article would be filed under, and the start of its text."""

    rows: list[tuple[str, str]]
    outlet: str
    excerpt: str
    length: int
    # What archiving would suggest from the text (article_previewing's receivers).
    suggestions: tuple = ()

    def shown_only(self) -> int:
        """How many suggestions the preview shows without fields to correct them (EDITABLE)."""
        return sum(1 for s in self.suggestions if not s.get("editable"))


def outlet_note(name: str | None, domain: str) -> str:
    """Which outlet archive_article would file an article under (archive.outlets.outlet_named: by
    name, else by domain, else a new one), in words, without creating it."""
    name = " ".join((name or "").split())[:200]
    if name and (outlet := Outlet.objects.filter(name__iexact=name).first()):
        return f"the existing outlet “{outlet.name}” (same name)"
    if domain and (outlet := Outlet.objects.filter(domain=domain).order_by("pk").first()):
        return f"the existing outlet “{outlet.name}” (same domain, {domain})"
    if name or domain:
        where = f" for {domain}" if domain else ""
        return f"a new outlet “{name or domain}”{where}, created when it is archived"
    return "none (neither an outlet nor a web address is known)"


class ArticleMetadataForm(forms.Form):
    """Where and when an article was published, and by whom: given by the archivist, or
    prefilled from what the page says and corrected."""

    outlet = forms.CharField(
        max_length=200,
        required=False,
        widget=OutletNameInput(),
        help_text="Choose an existing outlet or type a new name; "
        "for an HTML page left empty, the page's own site name is used.",
    )
    # The admin's own widths: a title or an address is corrected where it can be read whole.
    url = WebURLField(
        label="URL",
        max_length=1000,
        required=False,
        widget=forms.URLInput(attrs={"class": "vURLField"}),
    )
    title = forms.CharField(
        max_length=500, required=False, widget=forms.TextInput(attrs={"class": "vTextField"})
    )
    published = forms.DateField(label="Publication date", required=False, widget=AdminDateWidget())
    author = forms.CharField(
        max_length=300, required=False, widget=forms.TextInput(attrs={"class": "vTextField"})
    )

    @cached_property
    def decisions(self) -> list[dict] | None:
        """The archivist's decisions on the preview's suggestions (suggestion_decisions),
        marked by archiving where they could not be applied."""
        return suggestion_decisions(self.data) if self.is_bound else None

    def clean_outlet(self):
        name = " ".join(self.cleaned_data["outlet"].split())
        # Reuse the existing spelling, so that "the kustkrant" does not start a second outlet.
        existing = Outlet.objects.filter(name__iexact=name).values_list("name", flat=True).first()
        return existing or name

    def clean_url(self):
        url = self.cleaned_data["url"] or None
        if url:
            article = Article.objects.filter(url=url).first()
            if article:
                raise forms.ValidationError(
                    "This URL is already archived as “%(article)s” (article %(pk)s).",
                    code="duplicate_url",
                    params={"article": article, "pk": article.pk},
                )
        return url

    def preview(self, page: dict, body: str) -> PagePreview:
        """The preview of what `page` (the metadata read from the source) says, with the
        outlet the values in this form would file it under and the start of `body`."""
        rows = [(label, self._shown(key, page)) for label, key in PREVIEW_ROWS]
        # The domain archive_article matches the outlet by.
        url = self["url"].value() or page.get("canonical_url")
        title = self["title"].value() or page.get("title") or ""
        outlet = self["outlet"].value() or page.get("outlet") or ""
        answers = article_previewing.send(sender=type(self), body=body, title=title, outlet=outlet)
        found = [s for _, found in answers for s in (found or [])]
        given = list(self.decisions or ())
        given += [None] * (len(found) - len(given))
        shown = map(with_given, found, given)
        return PagePreview(
            rows=rows,
            outlet=outlet_note(self["outlet"].value(), domain_of(url)),
            excerpt=Truncator(body).chars(EXCERPT_CHARS),
            length=len(body),
            suggestions=tuple({**s, "editable": n < EDITABLE} for n, s in enumerate(shown)),
        )

    def _shown(self, key, page):
        """What the page says of `key`; where it says nothing but the archivist gave a value,
        that value, said so (never "not given" right above their own value)."""
        said = str(page.get(key) or "")
        typed = self[key].value() if key in self.fields else None
        if not said and typed:
            return f"{typed} (not in the page; as you gave it)"
        return said


class ArticleAddForm(ArticleMetadataForm):
    """Archive one article: its pasted text, an uploaded .txt/.html file, or the address of
    its page for the capture service to fetch. Nothing is archived from this form: a text or
    file is read for the preview (ArticlePreviewForm), a page is captured for review."""

    text = forms.CharField(
        label="Article text",
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 14, "cols": 80}),
        help_text="Paste the article's plain text here, or upload a file below; not both.",
    )
    file = forms.FileField(
        label="Or upload a file",
        required=False,
        help_text="A .txt file (UTF-8 or Windows-1252) or an .html page saved from the outlet.",
    )
    capture_url = WebURLField(
        label="Or archive a URL",
        max_length=1000,
        required=False,
        help_text="The address of the article's page: it is fetched and kept as a WARC file, "
        "and the article is read from it, with its outlet, title and date, shown for you to "
        "check before it is archived. "
        "A page already archived is captured again as a later version.",
    )
    publish = forms.BooleanField(
        label="Publish extracted quotes",
        required=False,
        help_text="Leave unticked to review the suggested quotes before they go public.",
    )

    def clean_file(self):
        upload = self.cleaned_data.get("file")
        if not upload:
            return upload
        suffix = PurePath(upload.name).suffix.lower()
        if suffix not in FORMATS:
            raise forms.ValidationError(
                "“%(name)s” is not a .txt or .html file.",
                code="extension",
                params={"name": upload.name},
            )
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(
                "The file is larger than %(mb)d MB.", code="size", params={"mb": MAX_BYTES >> 20}
            )
        raw = upload.read()
        try:
            decode(raw)
        except ArticleRejected as exc:
            raise forms.ValidationError(
                "“%(name)s” cannot be read as text: %(reason)s.",
                code="undecodable",
                params={"name": upload.name, "reason": exc},
            ) from None
        if not raw.strip():
            raise forms.ValidationError("The file is empty.", code="empty")
        upload.raw = raw
        return upload

    def clean(self):
        cleaned = super().clean()
        text, upload = cleaned.get("text", ""), cleaned.get("file")
        if "file" in self.errors or "capture_url" in self.errors:
            # The field says what is wrong with it; "give a text, a file or a URL" would not.
            return cleaned
        if text.strip() and upload:
            raise forms.ValidationError(
                "Give either the article text or a file, not both.", code="both"
            )
        if cleaned.get("capture_url"):
            return self.clean_capture(cleaned, text.strip() or upload)
        if upload:
            cleaned["raw"], cleaned["source_file"] = upload.raw, upload.name
            cleaned["raw_format"] = FORMATS[PurePath(upload.name).suffix.lower()]
        elif text.strip():
            # Browsers send pasted text with CRLF line ends; store what a .txt file would hold,
            # so the same text pasted and uploaded is recognised as one article.
            body = text.replace("\r\n", "\n").strip("\n")
            cleaned["raw"], cleaned["source_file"] = body.encode("utf-8"), ""
            cleaned["raw_format"] = Article.Format.TEXT
        else:
            raise forms.ValidationError(
                "Paste the article text or upload a .txt or .html file, "
                "or give the URL of a page to archive.",
                code="neither",
            )
        existing = Article.objects.filter(sha256=Article.digest(cleaned["raw"])).first()
        if existing:
            raise forms.ValidationError(
                "This article is already archived as “%(article)s” (article %(pk)s).",
                code="duplicate",
                params={"article": existing, "pk": existing.pk},
            )
        return cleaned

    def clean_capture(self, cleaned, content):
        """A URL to capture comes alone: the page gives the text and the facts about it."""
        if content:
            raise forms.ValidationError(
                "Give a URL to archive or the article's text or file, not both.",
                code="url_and_content",
            )
        given = [
            self.fields[name].label or name.capitalize()
            for name in ("outlet", "url", "title", "published", "author")
            if cleaned.get(name)
        ]
        if given:
            raise forms.ValidationError(
                "A page archived from its URL gives its own outlet, address, title and date: "
                "leave %(fields)s empty (they can be corrected once it is captured).",
                code="url_and_metadata",
                params={"fields": ", ".join(given)},
            )
        return cleaned

    def request_capture(self, user=None):
        """Ask the capture service to fetch the page at `capture_url`; returns the Capture,
        which waits for review (CaptureReviewForm) once captured. Raises CaptureRefused
        (nothing stored) for an address the service will not fetch."""
        data = self.cleaned_data
        return queueing.request_capture(
            data["capture_url"], publish=data["publish"], user=user, review=True
        )

    def read(self) -> dict:
        """What the pasted text or uploaded file says (services.read_source): its text and
        the metadata it carries. Raises ArticleRejected with a one-line reason."""
        data = self.cleaned_data
        return read_source(data["raw"], data["raw_format"], url=data["url"])

    def keep(self) -> str:
        """Hold the source on the server until it is archived (for UPLOAD_SECONDS), so that the
        preview's form need carry only its SHA-256, which is returned."""
        data = self.cleaned_data
        sha256 = Article.digest(data["raw"])
        source = {key: data[key] for key in ("raw", "source_file", "raw_format")}
        cache.set(f"upload:{sha256}", source, UPLOAD_SECONDS)
        return sha256

    def proposal(self, page: dict, sha256: str) -> dict:
        """The preview form's data: what the archivist typed, else what the page says."""
        data = self.cleaned_data
        published = data["published"] or page.get("published")
        return {
            "source_sha256": sha256,
            "outlet": data["outlet"] or page.get("outlet") or "",
            "url": data["url"] or page.get("url") or "",
            "title": data["title"].strip() or page.get("title") or "",
            "published": published.isoformat() if published else "",
            "author": data["author"].strip() or page.get("author") or "",
            "publish": "on" if data["publish"] else "",
        }


class ArticlePreviewForm(ArticleMetadataForm):
    """The second step for a pasted text or an uploaded file: what it says about itself,
    prefilled and corrected, archived together with the source held on the server since the
    first step (named by its SHA-256)."""

    # Not required: a missing hash is refused in clean_source_sha256 like an expired one.
    source_sha256 = forms.CharField(required=False, widget=forms.HiddenInput())
    publish = forms.BooleanField(
        label="Publish extracted quotes",
        required=False,
        help_text="Leave unticked to review the suggested quotes before they go public.",
    )

    def clean_source_sha256(self):
        sha256 = self.cleaned_data["source_sha256"].strip().lower()
        source = cache.get(f"upload:{sha256}") if SHA256.fullmatch(sha256) else None
        if source is None or Article.digest(source["raw"]) != sha256:
            raise forms.ValidationError(
                "The article is no longer held on the server (an upload waits an hour between "
                "its preview and its archiving): paste the text or upload the file again.",
                code="expired",
            )
        self.source = source
        return sha256

    def expired(self) -> bool:
        """Whether the source this form names is gone (or was never there)."""
        return self.has_error("source_sha256", "expired")

    def page(self) -> dict:
        """What the held source says (services.read_source), for showing the preview again."""
        url = self.cleaned_data.get("url")
        return read_source(self.source["raw"], self.source["raw_format"], url=url)

    def save(self, user=None):
        """Archive the article through the archive service; returns (article, created).
        Raises ArticleRejected with a one-line reason, leaving the database unchanged."""
        data = self.cleaned_data
        archived = archive_article(
            raw=self.source["raw"],
            source_file=self.source["source_file"],
            raw_format=self.source["raw_format"],
            outlet=data["outlet"] or None,
            url=data["url"],
            title=data["title"].strip(),
            published=data["published"],
            author=data["author"].strip(),
            publish=data["publish"],
            user=user,
            decisions=self.decisions,
        )
        cache.delete(f"upload:{data['source_sha256']}")
        return archived

    def enqueue(self, user=None, progress_key=""):
        """Hand the archiving to a background worker (archive.tasks.import_article, the same
        archive_article call): for production, where no web request does long work. Returns
        the task's result handle."""
        data = self.cleaned_data
        result = queueing.queue_import(
            raw=self.source["raw"],
            source_file=self.source["source_file"],
            raw_format=self.source["raw_format"],
            metadata={
                "outlet": data["outlet"] or None,
                "url": data["url"] or None,
                "title": data["title"].strip(),
                "published": data["published"].isoformat() if data["published"] else None,
                "author": data["author"].strip(),
                "decisions": self.decisions,
            },
            publish=data["publish"],
            user=user,
            progress_key=progress_key,
        )
        cache.delete(f"upload:{data['source_sha256']}")
        return result


class CaptureReviewForm(ArticleMetadataForm):
    """What a captured page says about itself (the capture's `proposed`), prefilled and
    corrected, archived through archive.capture.archive_reviewed."""

    def __init__(self, *args, capture, **kwargs):
        proposed = capture.proposed or {}
        initial = {name: proposed.get(name, "") for name in ("outlet", "title", "author")}
        initial["url"] = proposed.get("url") or capture.final_url
        initial["published"] = proposed.get("published") or None
        super().__init__(*args, initial={**initial, **kwargs.pop("initial", {})}, **kwargs)
        self.capture = capture

    def clean_url(self):
        url = self.cleaned_data["url"] or None
        # The page's own addresses may have been archived meanwhile (by another capture):
        # then archive_reviewed finds that article and the capture is a version of it.
        if url and url in {self.capture.final_url, self.capture.proposed.get("canonical_url")}:
            return url
        return super().clean_url()

    def save(self, user=None):
        """Archive the capture with these values; returns it, DONE. Raises CaptureRefused
        when it no longer awaits review, ArticleRejected when the archive refuses it."""
        data = self.cleaned_data
        return archive_reviewed(
            self.capture,
            title=data["title"].strip(),
            outlet=data["outlet"] or None,
            url=data["url"],
            published=data["published"],
            author=data["author"].strip(),
            user=user,
            decisions=self.decisions,
        )
