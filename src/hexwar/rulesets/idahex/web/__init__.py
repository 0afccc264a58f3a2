"""IDAHEX in the web app (:mod:`hexwar.web.extensions`): the commander's forms and questions
beside the game page's map (:mod:`.panel`), with their template and static files (served under
``/static/rulesets/idahex/``).

The one part of the ruleset that imports :mod:`hexwar.web`; imported only when the web app is
built.
"""

from __future__ import annotations

from hexwar.web.extensions import Panel, WebExtension

__all__ = ["extension"]


def extension() -> WebExtension:
    """The console's routes and the commands panel in the game page's side column."""
    from hexwar.rulesets.idahex.web.panel import idahex_router

    return WebExtension(
        package=__name__, routers=(idahex_router,), panels=(Panel("panel.html", place="side"),)
    )
