"""The flank battle in the web app (:mod:`hexwar.web.extensions`): the moderator's page
(``/moderator``, :mod:`.moderator`) and the game page's battlefield panel (:mod:`.panel`), with
their templates and static files (served under ``/static/rulesets/flankbattle/``).

The one part of the ruleset that imports :mod:`hexwar.web`; imported only when the web app is
built.
"""

from __future__ import annotations

from hexwar.web.extensions import Panel, WebExtension

__all__ = ["extension"]


def extension() -> WebExtension:
    """The moderator's page and API, the battlefield panel below the game page's map, and the
    lobby's line that links to the moderator."""
    from hexwar.rulesets.flankbattle.web.moderator import moderator_router
    from hexwar.rulesets.flankbattle.web.panel import flankbattle_router

    return WebExtension(
        package=__name__,
        routers=(moderator_router, flankbattle_router),
        panels=(Panel("panel.html", place="map"),),
        lobby="lobby.html",
    )
