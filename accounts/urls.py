from __future__ import annotations

from django.urls import path

from accounts import views

urlpatterns = [
    path("profile/", views.profile_edit, name="profile_edit"),
    path("profile/vacation/start", views.vacation_start, name="vacation_start"),
    path("profile/vacation/end", views.vacation_end, name="vacation_end"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
