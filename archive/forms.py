"""The admin's form for archiving one article from pasted text, an uploaded file or its URL."""

from pathlib import PurePath

from django import forms
from django.contrib.admin.widgets import AdminDateWidget
from django.utils.html import format_html, format_html_join

from . import capture as capture_service
from .models import Article, Outlet, validate_web_url
from .services import FORMATS, MAX_BYTES, ArticleRejected, archive_article, decode


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


class ArticleAddForm(forms.Form):
    """Archive one article: its pasted text, an uploaded .txt/.html file, or the address of
    its page for the capture service to fetch."""

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
        "and the article is read from it, with its outlet, title and date. "
        "A page already archived is captured again as a later version.",
    )
    outlet = forms.CharField(
        max_length=200,
        required=False,
        widget=OutletNameInput(),
        help_text="Choose an existing outlet or type a new name; "
        "for an HTML page left empty, the page's own site name is used.",
    )
    url = WebURLField(label="URL", max_length=1000, required=False)
    title = forms.CharField(max_length=500, required=False)
    published = forms.DateField(label="Publication date", required=False, widget=AdminDateWidget())
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

    def clean(self):
        cleaned = super().clean()
        text, upload = cleaned.get("text", ""), cleaned.get("file")
        if "file" in self.errors:
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
            for name in ("outlet", "url", "title", "published")
            if cleaned.get(name)
        ]
        if given:
            raise forms.ValidationError(
                "A page archived from its URL gives its own outlet, address, title and date: "
                "leave %(fields)s empty (they can be corrected on the article afterwards).",
                code="url_and_metadata",
                params={"fields": ", ".join(given)},
            )
        return cleaned

    def request_capture(self, user=None):
        """Ask the capture service to fetch the page at `capture_url`; returns the Capture,
        which archives the article when it is done. Raises CaptureRefused (nothing stored)
        for an address the service will not fetch."""
        data = self.cleaned_data
        return capture_service.request_capture(
            data["capture_url"], publish=data["publish"], user=user
        )

    def save(self, user=None):
        """Archive the article through the archive service; returns (article, created).
        Raises ArticleRejected with a one-line reason, leaving the database unchanged."""
        data = self.cleaned_data
        return archive_article(
            raw=data["raw"],
            source_file=data["source_file"],
            raw_format=data["raw_format"],
            outlet=data["outlet"] or None,
            url=data["url"],
            title=data["title"].strip(),
            published=data["published"],
            publish=data["publish"],
            user=user,
        )
