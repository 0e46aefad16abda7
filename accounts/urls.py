from __future__ import annotations

from django.urls import path

from accounts import views

urlpatterns = [
    path("profile/", views.profile_edit, name="profile_edit"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
