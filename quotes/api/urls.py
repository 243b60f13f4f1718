"""The API's routes under /api/, its OpenAPI description at /api/schema/ and its docs at
/api/docs/ (Swagger UI served from our own static files, with no inline script)."""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from . import views

app_name = "api"

router = DefaultRouter()
router.register("quotes", views.QuoteViewSet, basename="quote")
router.register("people", views.PersonViewSet, basename="person")
router.register("units", views.UnitViewSet, basename="unit")
router.register("outlets", views.OutletViewSet, basename="outlet")
router.register("articles", views.ArticleViewSet, basename="article")

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    *router.urls,
]
