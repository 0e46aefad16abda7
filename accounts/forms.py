from __future__ import annotations

from django import forms

from accounts.models import Profile


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["display_name", "timezone", "notify"]
        labels = {
            "display_name": "Name shown to other players",
            "timezone": "Your time zone",
            "notify": "Turn notifications",
        }
        widgets = {"notify": forms.RadioSelect}

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data["display_name"]
        taken = Profile.objects.filter(display_name__iexact=name).exclude(pk=self.instance.pk).exists()
        if taken:
            raise forms.ValidationError("Another player already uses that name.")
        return name


class VacationForm(forms.Form):
    back_on = forms.DateField(
        label="Back on",
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="your clocks run again that day",
    )
