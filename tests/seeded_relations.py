"""The relations seeded random games of a game carry (issue 15: every game emits the relations its rules decide),
shared by each game's ``test_relations.py``."""

from __future__ import annotations

import networkx as nx

import explorer


def seeded_relations(game_id: str, seeds: int, players: int = 4) -> set[str]:
    """Every relation in the logs of ``seeds`` seeded games of random bots (the game's simulation limits), after
    checking that each link names a clause of the game's register and each event graph is a DAG."""
    game = explorer.get_game(game_id)
    clauses = {c.id for c in explorer.rules(game_id)}
    seen: set[str] = set()
    for seed in range(seeds):
        end = explorer.play_out(explorer.new_game(game_id, players, game.simulation_limits(players)), seed=seed)
        links = [link for e in end.log for link in e.links]
        assert {link[3] for link in links} <= clauses, sorted({link[3] for link in links} - clauses)
        assert nx.is_directed_acyclic_graph(explorer.event_graph(end.log, texts=False))
        seen |= {link[0] for link in links}
    return seen
