"""Rules Explorer's step-through engine: one core, three games, every rule cited by clause id.

>>> import explorer
>>> s = explorer.new_game("eternal_breath", players=4)
>>> t = s.apply(s.legal_actions()[0])      # s is unchanged; t.events says what happened

Pure Python: no UI imports here (docs/DESIGN.md: the layers, the public surface, the Game contract).
"""

from .actions import CHANCE, TERMINAL, Action, OpenNumber, act
from .bag import Bag
from .chance import Draws, Weighted
from .errors import ContentWarning, DataError, IllegalAction, SaveError, VariantError, W
from .events import CANCELLED, RELATIONS, SELF, TOOK_EFFECT, Emitter, Event, event_graph, visible_log, why
from .names import seat_name
from .play import Bot, RandomBot, play, play_out, sample_chance
from .records import evolve, record, replace_at, setter
from .registers import Assumption, Clause, Option
from .registry import (
    Game,
    GameInfo,
    Scenario,
    assumptions,
    broken_games,
    game_ids,
    get_game,
    register,
    rules,
    use_plugins,
)
from .saves import from_json
from .state import HIDDEN, State, is_hidden, new_game, replay
from .transcript import transcript

__all__ = [
    "CANCELLED", "CHANCE", "HIDDEN", "RELATIONS", "SELF", "TERMINAL", "TOOK_EFFECT", "Action", "Assumption", "Bag",
    "Bot", "Clause", "ContentWarning", "DataError", "Draws", "Emitter", "Event", "Game", "GameInfo", "IllegalAction",
    "OpenNumber", "Option",
    "RandomBot", "SaveError", "Scenario", "State", "VariantError", "W",
    "Weighted", "act", "assumptions", "broken_games", "event_graph", "evolve", "from_json", "game_ids",
    "get_game", "is_hidden", "new_game", "play", "play_out", "record", "register", "replace_at", "replay", "rules",
    "sample_chance", "seat_name", "setter", "transcript", "use_plugins", "visible_log", "why",
]
