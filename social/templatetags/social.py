"""The social box of a player's profile: reliability, recent timeouts, follow, block, report."""

from __future__ import annotations

from typing import Any

from django import template

from games import registry
from social import reliability
from social.models import Block, Follow, Sanction

register = template.Library()


@register.inclusion_tag("social/_profile.html", takes_context=True)
def social_box(context: template.Context, player: Any) -> dict[str, Any]:
    request = context["request"]
    me = request.user
    found = reliability.of(player)
    titles = {slug: e.title for slug, e in registry.engines().items()}
    own = me.is_authenticated and me.pk == player.pk
    other = me.is_authenticated and not own
    return {
        "request": request,
        "player": player,
        "overall": found.overall,
        "per_game": [(titles.get(slug, slug), share) for slug, share in sorted(found.per_game.items())],
        "timeouts": reliability.recent_timeouts(player),
        "titles": titles,
        "follows": other and Follow.objects.filter(user=me, followed=player).exists(),
        "blocks": other and Block.objects.filter(user=me, blocked=player).exists(),
        "other": other,
        "own": own,
        # A player sees the warnings given to them; nobody else does.
        "warnings": list(Sanction.objects.filter(user=player, kind=Sanction.Kind.WARN)[:5]) if own else [],
    }
