"""The game registry and the base class every game implements.

A game lives in ``explorer/games/<id>/`` and registers one :class:`Game` subclass instance with
:func:`register`. The core (``State``) calls only the methods below; nothing else is special-cased.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import os
import pkgutil
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from pathlib import Path
from typing import Any, NamedTuple

from . import actions, events
from .actions import Action, OpenNumber, act
from .bot import RandomBot
from .errors import NOT_LEGAL_NOW, DataError, IllegalAction, VariantError
from .events import Emitter, Event
from .registers import Assumption, Clause, Option, load_assumptions, load_clauses, switch_options

_GAMES: dict[str, Game] = {}
_BROKEN: dict[str, DataError] = {}  # a game whose content files do not load: its DataError, raised when used


@dataclass(frozen=True)
class Scenario:
    """A ready-made position to start from (a tutorial's table, one step before an attack, …)."""

    name: str
    en: str
    zh: str
    make: Callable[[], Any]  # () -> State

    def label(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en

Path_ = tuple  # a path into the full view: ("players", 2, "hand")


class Bound(NamedTuple):
    """A number's range in a position by the game's rules (``Game.start_bounds``): ``lo`` and ``hi`` are whole
    numbers, the name of another whole-number field of the same record (``"max_hp"``), or None (no bound of the
    game's own on that side); ``clause`` is the rule's id in rules.toml."""

    lo: int | str | None
    hi: int | str | None
    clause: str


@dataclass(frozen=True)
class GameInfo:
    """What a game is, declared once in its ``game.py`` (as OpenSpiel's ``GameType``/``GameInfo``): read by the core,
    the widgets, the OpenSpiel bridge, the balance lab, the tests and the bench instead of tables of their own.

    ``min_players`` is the smallest table the rules allow (``players_clause`` says where); ``clause_prefix`` starts
    every clause id of the game's registers; chance is always explicit (dice and draws are CHANCE nodes whose
    outcomes are actions); ``hidden_information`` says whether a seat's view hides anything (hands, the deck, roles);
    ``simulation_limits`` are the opt-in switches that bound a game of bots alone (never a person's default: the
    assumptions register names each)."""

    id: str
    name_en: str
    name_zh: str
    min_players: int
    max_players: int
    clause_prefix: str
    players_clause: str = ""  # the clause (or assumption) that states the player count, named when refused
    seed_file: str = ""
    hidden_information: bool = True
    simulation_limits: Mapping[str, Any] = field(default_factory=dict, hash=False)
    zero_sum: str = ""  # how the winners rule reads as a zero-sum stake (OpenSpiel), with its clause; "": general-sum

    def name(self, lang: str) -> str:
        return self.name_zh if lang == "zh" else self.name_en


INFO_FIELDS = ("id", "name_en", "name_zh", "seed_file", "min_players", "max_players", "players_clause")


class Game(ABC):
    """One game's rules: its :class:`GameInfo` as ``info`` and the hooks below. The abstract ones every game writes;
    every other hook has a documented default (docs/DESIGN.md lists them all).

    Data passed in is never changed: ``apply`` returns new data (use ``@record`` and ``evolve``).
    """

    info: GameInfo
    # copied from ``info`` when a subclass declares it (read on every step: a plain attribute, not a property)
    id: str = ""
    name_en: str = ""
    name_zh: str = ""
    seed_file: str = ""
    min_players: int = 2
    max_players: int = 2
    players_clause: str = ""  # the clause (or assumption) that states the player count, named when refused
    folder: Path | None = None  # holds rules.toml and assumptions.toml
    # every kind of event the game emits: kind -> (English, 中文), the legend of the event chains and the log's words
    # (a kind not listed reads as its own words); OpenSpiel's memory tensor counts events by these kinds
    event_kinds: Mapping[str, tuple[str, str]] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        info = cls.__dict__.get("info")
        if info is not None:
            for name in INFO_FIELDS:
                setattr(cls, name, getattr(info, name))

    @property
    def package(self) -> str:
        """The package the game lives in: its class's module's package (the module itself when it is a package).
        A game's own modules are found there by name: ``spiel`` and ``tensor`` (OpenSpiel), its records (saves)."""
        home = type(self).__module__
        if not hasattr(sys.modules.get(home), "__path__"):  # the game class lives in a module, not its package
            home = home.rpartition(".")[0] or home
        return home

    def own_module(self, name: str) -> Any:
        """The game's module ``<package>.<name>`` (imported), or None when the game has none."""
        module = f"{self.package}.{name}"
        return importlib.import_module(module) if importlib.util.find_spec(module) is not None else None

    # --- registers and variant ---------------------------------------------------------------
    @cached_property
    def clauses(self) -> tuple[Clause, ...]:
        return load_clauses(self.folder / "rules.toml") if self.folder else ()

    @cached_property
    def assumptions(self) -> tuple[Assumption, ...]:
        return load_assumptions(self.folder / "assumptions.toml") if self.folder else ()

    @cached_property
    def clause_index(self) -> dict[str, Clause]:
        return {c.id: c for c in self.clauses}

    def extra_options(self) -> Iterable[Option]:
        """Variant switches that are rules of the seed (e.g. Ruler mode settings), not assumptions."""
        return ()

    @cached_property
    def options(self) -> dict[str, Option]:
        opts = switch_options(self.assumptions)
        for o in self.extra_options():
            opts[o.name] = o
        return opts

    def resolve_variant(self, variant: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; unknown keys and out-of-range values raise VariantError."""
        if variant is not None and not isinstance(variant, Mapping):
            raise VariantError(self.id, "variant", f"expected switch names and values, got {type(variant).__name__}")
        variant = dict(variant or {})
        for key, value in variant.items():
            if key not in self.options:
                raise VariantError(self.id, key, f"no such switch (known: {', '.join(sorted(self.options))})")
            problem = self.options[key].check(value)
            if problem:
                raise VariantError(self.id, key, problem, self.options[key].source or None)
        self.check_variant(variant)
        return {name: variant.get(name, o.default) for name, o in sorted(self.options.items())}

    def check_variant(self, variant: Mapping[str, Any]) -> None:
        """Cross-field checks of a variant (raise VariantError). Default: none."""
        return None

    # --- the rules ---------------------------------------------------------------------------
    @abstractmethod
    def initial(self, players: int, variant: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    @abstractmethod
    def current_player(self, data: Any) -> int:
        raise NotImplementedError

    @abstractmethod
    def legal_actions(self, data: Any) -> tuple[Action, ...]:
        """The choices of the player to move (not called at CHANCE or TERMINAL)."""
        raise NotImplementedError

    def open_number(self, data: Any) -> OpenNumber | None:
        """The current decision's parameter that takes any whole number the document allows, with no upper end
        (``legal_actions`` lists a menu of it): the MOBA's winning score. Default: none."""
        return None

    @abstractmethod
    def chance_outcomes(self, data: Any) -> tuple[tuple[Action, Fraction], ...]:
        """At a CHANCE node: each outcome with its exact probability; they sum to 1."""
        raise NotImplementedError

    @abstractmethod
    def apply(self, data: Any, action: Action, emit: Emitter) -> Any:
        """New data after a legal ``action``; events go through ``emit.emit``."""
        raise NotImplementedError

    def why_illegal(self, data: Any, action: Action) -> IllegalAction:
        """Why ``action`` is not legal now, naming the clause. Games refine this per kind."""
        return IllegalAction(self.decision_clause(data), NOT_LEGAL_NOW, action)

    @abstractmethod
    def decision_clause(self, data: Any) -> str:
        """The clause that governs the current decision (used when nothing more precise applies)."""
        raise NotImplementedError

    @abstractmethod
    def winners(self, data: Any) -> tuple[int, ...]:
        raise NotImplementedError

    @abstractmethod
    def max_steps(self, players: int, variant: Mapping[str, Any]) -> int | None:
        """A stated bound: every game with random bots reaches TERMINAL within this many actions, or
        None when ``variant`` leaves the game unbounded (the document's own game may never end)."""
        raise NotImplementedError

    def simulation_limits(self, players: int) -> dict[str, Any]:
        """The opt-in switches that bound a game played by bots alone (a round limit, an action cap…).

        A person's game never gets them by default: the rule document has no such limit. Bots,
        simulations, benchmarks and the conformance suite pass them explicitly, and then
        ``max_steps(players, variant)`` is a stated bound. Default: ``info.simulation_limits``.
        """
        return dict(self.info.simulation_limits) if hasattr(self, "info") else {}

    def bounded_variant(self, players: int, variant: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """``variant`` with this game's simulation limits filled in where it does not set them."""
        return {**self.simulation_limits(players), **dict(variant or {})}

    # --- what people see ---------------------------------------------------------------------
    @abstractmethod
    def full_view(self, data: Any) -> dict[str, Any]:
        """Everything, as JSON-able data (the omniscient view)."""
        raise NotImplementedError

    def private_paths(self, data: Any, player: int) -> Iterable[Path_]:
        """Paths into the full view that only ``player`` may see (hand, face-down cards, role)."""
        return ()

    def hidden_paths(self, data: Any) -> Iterable[Path_]:
        """Paths nobody may see (the deck's composition)."""
        return ()

    def describe_action(self, action: Action, lang: str) -> str:
        return str(action)

    def describe_event(self, event: Event, lang: str) -> str:
        clause = self.clause_index.get(event.clause)
        return f"{event.kind} [{event.clause}]" + (f" {clause.text(lang)}" if clause else "")

    def seat_facts(self, state: Any) -> list[dict[str, str]]:
        """What a balance study records about each seat (its character, hero, bloodline, identity…), one dict
        per seat of plain strings (``balance`` writes them as ``<fact>_<seat>`` columns). Default: none."""
        return [{} for _ in range(state.players)]

    def fact_label(self, fact: str, value: str, lang: str = "en") -> str:
        """How a person reads a value of :meth:`seat_facts` (a name in ``lang``, never a catalogue id)."""
        return value

    def turn_order(self, state: Any) -> Sequence[int] | None:
        """The seats in the order they take turns, as the game drew it at setup (who moves first, then…), for
        balance studies; None when the game does not say (then seat order is assumed)."""
        return None

    def switch_acts(self, key: str, value: Any, players: int) -> bool | None:
        """Can the switch ``key=value`` change play at ``players`` seats? None when the game does not say (the
        assumptions register's ``players_from`` then decides); a what-if warns before it runs when it cannot."""
        return None

    def bots(self) -> dict[str, type]:
        """Bot classes offered for this game, by name (the board's seat menu reads this)."""
        return {"random": RandomBot}

    def scenarios(self) -> dict[str, Scenario]:
        """Ready-made starting positions offered by boards and tutorials, by name. Default: none."""
        return {}

    def determinise(self, state: Any, seat: int, rng) -> Any:
        """A state ``seat`` cannot tell apart from ``state``: everything hidden from it redrawn at random with ``rng``
        (the strong bot's search and OpenSpiel's ``resample_from_infostate`` start here). Default: ``state`` itself
        when the game hides nothing (``info.hidden_information`` false); a game that hides something writes its own,
        and without one it cannot be searched (NotImplementedError)."""
        if hasattr(self, "info") and not self.info.hidden_information:
            return state
        raise NotImplementedError(f"{self.id} has no determinise(state, seat, rng): its hidden information cannot be "
                                  f"redrawn, so no search can start from a seat's view")

    def turn_pass(self, data: Any) -> Action | None:
        """The action by which the player to move ends an optional phase of their own turn (the Play tab's "end
        turn" and its "…, then end the phase" choices), or None at a mandatory choice. Default: None (the game names
        none)."""
        return None

    def start_bounds(self, data: Any, players: int) -> Mapping[str, Bound]:
        """The ranges the rules give the numbers of a position set up by hand (a save's or a link's ``start``,
        decoded into ``data``), by ``"Record.field"`` (a record's class name and field; a tuple of whole numbers
        is bounded item by item): checked when it loads (explorer/saves.py, ``within_bounds``), the refusal
        naming the field and the clause. Default: none, so only the generic bound of every save applies (whole
        numbers within ±10^6, bag counts 1 to 10^6)."""
        return {}

    # --- helpers for subclasses ------------------------------------------------------------
    def action(self, kind: str, player: int, /, **params: Any) -> Action:
        return act(self.id, kind, player, **params)


def register(game: Game) -> Game:
    if not game.id:
        raise ValueError("a game needs an id")
    _GAMES[game.id] = game
    return game


GAMES_PACKAGE = f"{__package__}.games"  # found by its folder: the registry imports no game (games import it)
PLUGINS_ENV = "RULES_EXPLORER_PLUGINS"  # folders of plug-in games, separated like PATH
ENTRY_POINTS = "rules_explorer.games"  # installed plug-in games: each entry point names a module that registers one
_PLUGIN_FOLDERS: list[Path] = []


def use_plugins(folder: str | Path) -> None:
    """Add a folder of plug-in games: each package in it (a folder with ``__init__.py``) is imported as a top-level
    package when games are discovered, and registers its game with :func:`register` (docs/adding-a-game.md). The
    same as naming the folder in ``$RULES_EXPLORER_PLUGINS``, for this process only."""
    path = Path(folder).resolve()
    if path not in _PLUGIN_FOLDERS:
        _PLUGIN_FOLDERS.append(path)


@cache
def _packages_in(folder: str) -> tuple[str, ...]:
    """The packages in a plug-in folder (read once per process)."""
    return tuple(info.name for info in pkgutil.iter_modules([folder]) if info.ispkg)


@cache
def _entry_point_modules() -> tuple[str, ...]:
    """The modules the installed distributions name in the ``rules_explorer.games`` group (read once per process)."""
    return tuple(ep.value.partition(":")[0] for ep in importlib.metadata.entry_points(group=ENTRY_POINTS))


def _plugin_modules() -> list[tuple[str, Path | None]]:
    """(module name, its folder) of every plug-in: the packages in the plug-in folders, then the entry points."""
    folders = [*_PLUGIN_FOLDERS, *(Path(p) for p in os.environ.get(PLUGINS_ENV, "").split(os.pathsep) if p)]
    out = [(name, folder) for folder in dict.fromkeys(folders) for name in _packages_in(str(folder))]
    return out + [(module, None) for module in _entry_point_modules()]


def _discover() -> None:
    modules = [(f"{GAMES_PACKAGE}.{info.name}", info.name)  # (module, its key in _BROKEN): shipped, then plug-ins
               for info in pkgutil.iter_modules([str(Path(__file__).parent / "games")]) if info.ispkg]
    for module, folder in _plugin_modules():
        if folder is not None and str(folder) not in sys.path:
            sys.path.append(str(folder))  # last: a plug-in never shadows a package of the project
        modules.append((module, module))
    for module, key in modules:
        if key in _BROKEN or module in sys.modules:
            continue
        try:
            importlib.import_module(module)
        except DataError as exc:  # one game's broken content file never stops the others
            _BROKEN[key] = exc


def get_game(game_id: str) -> Game:
    """The registered game; a game whose content files do not load raises their DataError."""
    if game_id not in _GAMES:
        _discover()
    if game_id in _BROKEN and game_id not in _GAMES:
        raise _BROKEN[game_id]
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r}; registered: {', '.join(sorted(_GAMES))}") from None


def broken_games() -> dict[str, DataError]:
    """Shipped games that could not be registered because a content file is broken, with the error."""
    _discover()
    return dict(_BROKEN)


def game_ids() -> tuple[str, ...]:
    """Every registered game (the games shipped in explorer/games, plus any registered at run time);
    a game whose content does not load is left out (``broken_games()`` says which and why)."""
    _discover()
    return tuple(sorted(_GAMES))


def rules(game_id: str) -> tuple[Clause, ...]:
    """The clause register of a game."""
    return get_game(game_id).clauses


def assumptions(game_id: str) -> tuple[Assumption, ...]:
    """The assumptions register of a game."""
    return get_game(game_id).assumptions


# The sentences of actions and events come from their game: actions.py and events.py hold the hooks, filled in here.
actions.DESCRIBE = lambda action, lang: get_game(action.game).describe_action(action, lang)
events.DESCRIBE = lambda event, lang: get_game(event.game).describe_event(event, lang)
