"""The site's URLs and /bench/bare/: the cheapest page Django can serve through the whole
middleware stack, the yardstick every page's throughput is divided by. The page cache leaves
it alone (neither looked up nor stored), so it costs what it cost before there was one."""

from django.http import HttpResponse
from django.urls import path

from verbatim import pagecache
from verbatim import urls as site_urls


# Out of the page cache's way: the yardstick is the middleware stack and a view, no more.
@pagecache.exempt
def bare(request):
    return HttpResponse("ok\n", content_type="text/plain")


urlpatterns = [path("bench/bare/", bare, name="bench-bare"), *site_urls.urlpatterns]
handler500 = site_urls.handler500
