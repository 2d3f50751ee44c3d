"""The strong bot's candidates and budget (issue 33): the moves its paired search plays are the tactical bot's best by
its own scores (``Bot.ranked``), not the first in the legal order, and the few decisions that shape a whole game (the
永恒之息 draft) get a larger budget. Tiny budgets: these test the mechanism, not strength (``bench/strength.py``)."""

from __future__ import annotations

import random

import explorer
from explorer.search import PairedRollouts

EB = explorer.get_game("eternal_breath")
MOBA = explorer.get_game("card_moba")


def tactical_states(game, players: int, keep, seeds=range(2), most: int = 6):
    """States of seeded games of tactical bots in every seat that ``keep`` accepts (at most ``most``)."""
    found = []
    for seed in seeds:
        start = explorer.new_game(game.id, players, game.bounded_variant(players))
        for state in explorer.play(start, game.bots()["tactical"](), seed=seed):
            if not state.is_terminal and state.current_player >= 0 and keep(state):
                found.append(state)
                if len(found) == most:
                    return found
    return found


def test_a_bot_ranks_its_own_choice_first_then_the_legal_order():
    """``Bot.ranked`` by default: the choice, then every other legal action in the legal order."""
    state = tactical_states(MOBA, 2, lambda s: len(s.legal_actions()) > 3, most=1)[0]
    ranked = MOBA.bots()["random"]().ranked(state, random.Random(4))
    legal = state.legal_actions()
    assert ranked[0] == legal[random.Random(4).randrange(len(legal))]
    assert ranked[1:] == [a for a in legal if a != ranked[0]]


def ranks_by(game, keep, scores) -> None:
    """For tactical-bot states that ``keep`` accepts: the tactical bot's ranking holds every legal action once, its
    own choice first (the same rng), then in the non-increasing order of ``scores(state, legal, rng seed, rest)``
    (a sort key per action it judges); and at least one ranking differs from the legal order (else this proves
    nothing)."""
    bot = game.bots()["tactical"]()
    states = tactical_states(game, 2, keep)
    assert len(states) >= 3
    reordered = 0
    for n, state in enumerate(states):
        legal = state.legal_actions()
        ranked = bot.ranked(state, random.Random(n))
        assert len(ranked) == len(legal) and set(ranked) == set(legal)
        assert ranked[0] == bot.choose(state, random.Random(n))
        keys = scores(state, legal, n, ranked[1:])
        assert keys == sorted(keys, reverse=True)
        reordered += ranked != [ranked[0], *(a for a in legal if a != ranked[0])]
    assert reordered


def test_the_eternal_breath_tactical_bot_ranks_the_play_phase_by_its_scores():
    """EB-1.2.4-play: after its own choice, the actions worth doing by (tier, worth) as ``choose`` scores them, then
    ending the phase, then the rest — where the legal order would have cut good moves at the search's width."""
    from explorer.games.eternal_breath import tactics

    def scores(state, legal, seed, rest):
        sight = tactics.Sight(state.data, state.current_player)
        worth = {a: tactics._play_worth(sight, a) for a in rest if a.kind != "end_play"}
        return [(1 if worth[a][1] > 0 else -1, *worth[a]) if a in worth else (0, 0, 0.0) for a in rest]

    ranks_by(EB, lambda s: s.data.tasks[0].kind == "play" and len(s.legal_actions()) > 8, scores)


def test_the_moba_tactical_bot_ranks_its_action_phase_by_the_lines_it_looked_at():
    """MB-turn-action: after its own choice, the actions by the worth of the best line each opens (``plan``'s look
    ahead with the same rng), ending the phase where the position's own worth falls, then the actions it cut."""
    from explorer.games.card_moba import tactics

    def scores(state, legal, seed, rest):
        roots, standing = tactics.lines_of(MOBA, state.data, legal, random.Random(seed))
        worth = {a: v for a, v, _ in roots}
        return [worth.get(a, standing) for a in rest if a in worth or a.kind == "end"]

    ranks_by(MOBA, lambda s: s.data.phase == "action" and len(s.legal_actions()) > 8, scores)


class _Backwards(explorer.Bot):
    """Chooses the last legal action and ranks the legal order backwards."""

    def choose(self, state, rng):
        return state.legal_actions()[-1]

    def ranked(self, state, rng):
        return list(reversed(state.legal_actions()))


def test_the_paired_search_plays_the_prior_bots_best_candidates():
    """``width`` candidates: the prior bot's ranking, not the legal order after the prior's move."""
    state = tactical_states(MOBA, 2, lambda s: s.data.phase == "action" and len(s.legal_actions()) > 5, most=1)[0]
    search = PairedRollouts(lambda d, n: [0.5] * n, None, iterations=12, rollout_steps=0, prior_bot=_Backwards(),
                            width=3)
    search.choose(state, random.Random(0))
    assert list(search.last["visits"]) == list(reversed(state.legal_actions()))[:3]


def _draft_and_play(most=1):
    pick = tactical_states(EB, 2, lambda s: s.data.tasks[0].kind.startswith("pick")
                           and len(s.legal_actions()) > 2, most=most)[0]
    play = tactical_states(EB, 2, lambda s: s.data.tasks[0].kind == "play" and len(s.legal_actions()) > 4,
                           most=most)[0]
    return pick, play


def test_a_draft_pick_gets_a_larger_budget_than_a_play_phase_move():
    """永恒之息's draft (EB-1.1.2-snake) shapes the whole game: the strong bot spends ``setup_iterations`` (scaled
    with its budget) there, and no more than its budget on a play-phase move."""
    pick, play = _draft_and_play()
    strong = EB.bots()["strong"](iterations=4, seconds=None)
    assert strong.setup(pick) and not strong.setup(play)
    strong.choose(play, random.Random(0))
    assert strong.search.last["iterations"] <= 4
    strong.choose(pick, random.Random(0))
    assert 4 < strong.setup_search.last["iterations"] <= strong.setup_search.iterations


def test_a_draft_pick_depends_only_on_the_view_the_seed_and_the_budget():
    pick, _ = _draft_and_play()

    def run(seed):
        strong = EB.bots()["strong"](iterations=3, seconds=None)
        return strong.choose(pick, random.Random(seed)), strong.setup_search.last

    first = run(7)
    run(8)
    assert run(7) == first
    assert pick.is_legal(first[0])


def test_a_rival_no_better_than_the_prior_after_half_the_budget_is_dropped():
    """Sequential halving plays two rounds at least: with two candidates (a defence, a draw bought or not) a rival
    that does no better than the prior's move in the first half of the worlds is dropped there, and the other half
    of the budget is not spent (one round spent it all, the costliest decisions of a 永恒之息 game)."""
    state = tactical_states(MOBA, 2, lambda s: s.data.phase == "action" and len(s.legal_actions()) > 5, most=1)[0]
    search = PairedRollouts(lambda d, n: [0.5] * n, None, iterations=12, rollout_steps=0,
                            prior_bot=MOBA.bots()["tactical"](), width=2)
    search.choose(state, random.Random(0))
    assert search.last["iterations"] == 6 and list(search.last["visits"].values()) == [3, 3]
