"""The base classes of every component: a validated ``lang`` (all), a ``viewer`` checked against the
session's seats (components of a game session), a ``game_id`` checked against the registry (components
that show one game). Values can arrive from the browser, so every one is validated here, once."""

from __future__ import annotations

import ipywidgets as ipw
import traitlets

import explorer
from widgets.i18n import check_lang
from widgets.play.game_session import GameSession

SCOPES = GameSession.SCOPES


def clamped(proposal, low: int, high: int) -> int:
    """A traitlets ``Int`` proposal clamped into [low, high]; a bool is refused (``True`` is not the number 1
    here, and traitlets refuses non-integers itself). For validators of inputs a browser may send."""
    value, name = proposal["value"], proposal["trait"].name
    if isinstance(value, bool):
        raise traitlets.TraitError(f"{name} must be an integer, not {value!r}")
    return min(max(value, low), high)


def take_from_control(component, name: str, change) -> None:
    """A control moved (a browser message): its value goes through ``component``'s validation of trait ``name``;
    a refused value is undone on the control, a clamped one shown clamped."""
    try:
        setattr(component, name, change["new"])
    except traitlets.TraitError:
        pass
    if change["owner"].value != getattr(component, name):
        change["owner"].value = getattr(component, name)


_CONTAINERS = (list, tuple, set, frozenset, dict)


def _held(value, into: list, depth: int) -> None:
    """The widgets the container ``value`` holds, added to ``into``: those in its lists, tuples, sets and dicts,
    nested up to ``depth`` (a widget's trait values are a dict; a board may keep its buttons per seat and
    generation). A loop, not a generator per value: a picker closes hundreds of widgets of ~25 values a click."""
    for v in value.values() if isinstance(value, dict) else value:
        if isinstance(v, ipw.Widget):
            into.append(v)
        elif depth > 1 and isinstance(v, _CONTAINERS):
            _held(v, into, depth - 1)


def close_tree(*roots: ipw.Widget, keep: tuple[ipw.Widget, ...] = ()) -> int:
    """Close ``roots`` and every widget they hold, however deep: children, layouts and styles, and widgets kept
    in attributes (a picker's previous buttons); not ``keep`` nor what only ``keep`` holds. A replaced part of a
    page is closed with this, so the models of the kernel and of the browser do not grow with every new table.
    Returns how many widgets were closed."""
    seen, stack, closed = {id(w) for w in keep}, list(roots), 0
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        for value in vars(widget).values():  # the trait values are in one of them (_trait_values)
            if isinstance(value, ipw.Widget):
                stack.append(value)
            elif isinstance(value, _CONTAINERS):
                _held(value, stack, 4)
        if widget.comm is not None:
            widget.close()
            closed += 1
    return closed


def one_of(proposal, allowed) -> object:
    """A proposal that must be one of ``allowed``, else TraitError naming the trait and the choices."""
    if proposal["value"] not in allowed:
        raise traitlets.TraitError(f"{proposal['trait'].name} must be one of {list(allowed)}")
    return proposal["value"]


class Component(ipw.VBox):
    """A bilingual component: ``lang`` is "en" or "zh"."""

    lang = traitlets.Unicode("en")

    @traitlets.validate("lang")
    def _valid_lang(self, proposal):
        """Only "en" and "zh"."""
        return check_lang(proposal["value"])


class SessionComponent(Component):
    """A component of a game session (``self.session``): ``viewer`` is -1 (everything) or a seat."""

    viewer = traitlets.Int(-1)

    @traitlets.validate("viewer")
    def _valid_viewer(self, proposal):
        """-1 (everything) or a seat of this game."""
        return self.session.check_viewer(proposal["value"])


class ScopedComponent(SessionComponent):
    """A session component that shows events of one ``scope``: "step", "turn" or "game"."""

    scope = traitlets.Unicode("turn")

    @traitlets.validate("scope")
    def _valid_scope(self, proposal):
        """One of the session's scopes."""
        if proposal["value"] not in SCOPES:
            raise traitlets.TraitError(f"scope must be one of {SCOPES}")
        return proposal["value"]


class GameComponent(Component):
    """A component that shows one game: ``game_id`` is a registered game."""

    game_id = traitlets.Unicode("")

    @traitlets.validate("game_id")
    def _valid_game(self, proposal):
        """Only registered games (values can come from the browser)."""
        if proposal["value"] not in explorer.game_ids():
            raise traitlets.TraitError(f"unknown game {proposal['value']!r}")
        return proposal["value"]
