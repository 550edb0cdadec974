"""Privacy checks shared by the games' engine tests: what the engine tells one seat."""

from __future__ import annotations

import deepwood_kernel as dk


def seen_by(g: dk.Game, seat: int) -> tuple:
    """Everything the engine tells ``seat``: the chance outcomes as it reasons about them,
    its log, its view, its static HTML and, on its turn, its legal actions."""
    chance = ([(o.id, o.label, p) for o, p in g.chance_outcomes(seat=seat)]
              if g.is_chance else [])
    legal = list(g.legal_action_ids()) if g.current_player == seat else []
    return chance, g.log_for(seat), g.view(seat), g.render_html(seat), legal


def board_seen(w) -> str:
    """Everything the browser of board ``w`` receives (issue 23 §1): every synced trait
    but the static module and layout (``status`` holds the seed), the static HTML copy and
    the repr text a notebook saves beside it."""
    import json
    w.refresh()
    traits = {k: getattr(w, k) for k in w.keys if not k.startswith("_") and k != "layout"}
    return json.dumps(traits, sort_keys=True, default=repr) + w.static_html() + repr(w)


def common_ids(a: dk.Game, b: dk.Game) -> list[str]:
    """The ids legal in both twin games now (chance outcomes possible in both, or the
    actions legal in both), sorted: playing only these, nothing public tells them apart."""
    if a.is_chance:
        return sorted({o.id for o, _ in a.chance_outcomes()}
                      & {o.id for o, _ in b.chance_outcomes()})
    return sorted(set(a.legal_action_ids()) & set(b.legal_action_ids()))
