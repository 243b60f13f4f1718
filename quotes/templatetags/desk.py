"""The admin home's template tag: the archivist's desk (quotes.desk)."""

from django import template

from quotes.desk import desk_queues

register = template.Library()


@register.simple_tag(takes_context=True)
def desk(context):
    """{% desk as queues %}: the queues the signed-in user may see."""
    return desk_queues(context["request"].user)


# The apps an archivist works in; the others (accounts, login locks, task results) are the
# system's, shown apart and folded.
WORK_APPS = ("archive", "quotes")


@register.filter
def work_apps(app_list):
    return [app for app in app_list if app["app_label"] in WORK_APPS]


@register.filter
def system_apps(app_list):
    return [app for app in app_list if app["app_label"] not in WORK_APPS]
