"""The about page."""

from django.views.generic import TemplateView


class AboutView(TemplateView):
    """What the archive is and is not, how to cite it and how to take its data away."""

    template_name = "quotes/about.html"
