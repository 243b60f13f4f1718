"""Public pages."""
from django.urls import path

app_name = "quotes"
urlpatterns: list = []
