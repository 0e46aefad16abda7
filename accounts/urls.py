from __future__ import annotations

from django.urls import path

from accounts import views

urlpatterns = [
    path("language", views.set_language, name="set_language"),
    path("profile/", views.profile_edit, name="profile_edit"),
    path("profile/vacation/start", views.vacation_start, name="vacation_start"),
    path("profile/vacation/end", views.vacation_end, name="vacation_end"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
