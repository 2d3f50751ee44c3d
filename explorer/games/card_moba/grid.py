"""The grid map and displacement (位移): move, charge, blink, knockback, pull, projectiles, blocking (BLK).

Positions are (x, y) cells. Obstacles (障碍物, MB-term-6-obstacle) are walls, the map's edge and solid
objects (heroes, MB-term-7-object). Walls never move (MB-map-walls-fixed).
"""

from __future__ import annotations

from functools import lru_cache

from explorer import SELF, replace_at

from .content import sample
from .records import Moba, with_heroes, with_pos

DIRECTIONS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def board_of(d: Moba):
    return sample().maps[d.map]


def distance(a: tuple, b: tuple, adjacency: int = 4) -> int:
    """Grid distance: 毗邻 is 4-neighbour (Manhattan) by default, 8-neighbour (Chebyshev) by MB-A05's switch."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dx + dy if adjacency == 4 else max(dx, dy)


@lru_cache(maxsize=1 << 12)
def cells_within(origin: tuple, reach: int, adjacency: int) -> frozenset:
    """Every cell, on the map or off it, within ``reach`` of ``origin`` (``origin`` included): who stands in range is
    then a set look-up instead of a distance per hero, asked at every choice (a bound)."""
    x, y = origin
    span = range(-reach, reach + 1)
    return frozenset((x + dx, y + dy) for dx in span for dy in span if distance((dx, dy), (0, 0), adjacency) <= reach)


def neighbours(cell: tuple, adjacency: int = 4) -> list[tuple]:
    x, y = cell
    out = [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]
    if adjacency == 8:
        out += [(x + 1, y - 1), (x + 1, y + 1), (x - 1, y + 1), (x - 1, y - 1)]
    return out


def on_map(board, cell: tuple) -> bool:
    return 0 <= cell[0] < board.width and 0 <= cell[1] < board.height


def occupant(d: Moba, cell: tuple, ignore: int = -1) -> int:
    """The seat of the hero (a solid object) on ``cell``, or -1."""
    for h in d.heroes:
        if h.pos == cell and h.seat != ignore:
            return h.seat
    return -1


def is_obstacle(d: Moba, board, cell: tuple, ignore: int = -1) -> bool:
    """MB-term-6-obstacle: a wall, outside the map's edge, or a solid object such as a hero."""
    return not on_map(board, cell) or cell in board.walls or occupant(d, cell, ignore) >= 0


def empty_cells_within(d: Moba, origin: tuple, reach: int) -> list[tuple]:
    """Empty cells (no wall, no solid object) within ``reach`` of ``origin`` (MB-term-9-blink targets)."""
    taken = {h.pos for h in d.heroes if h.pos is not None}
    return [c for c in open_cells_within(d.map, origin, reach, d.rules.adjacency) if c not in taken]


@lru_cache(maxsize=1 << 14)
def open_cells_within(map_id: str, origin: tuple, reach: int, adjacency: int) -> tuple:
    """The cells within ``reach`` of ``origin`` on the map that are no wall, row by row (``origin`` itself left out).
    Walls never move (MB-map-walls-fixed), so each is worked out once per map, cell, reach and adjacency (the
    legal choices of every blink ask again; a bound)."""
    board = sample().maps[map_id]
    return tuple((x, y) for y in range(max(0, origin[1] - reach), min(board.height, origin[1] + reach + 1))
                 for x in range(max(0, origin[0] - reach), min(board.width, origin[0] + reach + 1))
                 if (x, y) != origin and distance((x, y), origin, adjacency) <= reach and (x, y) not in board.walls)


def open_neighbours(map_id: str, cell: tuple, adjacency: int) -> tuple:
    """The neighbours of ``cell`` on the map that are no wall, in ``neighbours`` order: where a step may go unless a
    hero stands there (MB-term-6-obstacle: the map's edge, a wall or a solid object)."""
    board = sample().maps[map_id]
    return tuple(c for c in neighbours(cell, adjacency) if on_map(board, c) and c not in board.walls)


def place(d: Moba, seat: int, cell: tuple | None) -> Moba:
    """The hero of ``seat`` on ``cell``."""
    return with_heroes(d, replace_at(d.heroes, seat, with_pos(d.heroes[seat], cell)))


def step_cells(origin: tuple, direction: str, n: int) -> list[tuple]:
    dx, dy = DIRECTIONS[direction]
    return [(origin[0] + dx * i, origin[1] + dy * i) for i in range(1, n + 1)]


def charge_path(d: Moba, seat: int, direction: str, dist: int) -> list[tuple]:
    """MB-term-8-charge: a straight line cell by cell from the hero, through obstacles, inside the map."""
    board = board_of(d)
    path = step_cells(d.heroes[seat].pos, direction, dist)
    return path if all(on_map(board, c) for c in path) else []


def settle_blocking(d: Moba, seat: int, path: list[tuple], emit, cause) -> tuple[Moba, int]:
    """MB-event-BLK: after a charge ends in a cell shared with a solid object (or a wall), the mover is
    pushed back one cell toward where it came from, again until the cell is free. Returns (d, pushes)."""
    board = board_of(d)
    trail = [d.heroes[seat].pos, *path]
    i = len(trail) - 1
    pushes = 0
    replaced = cause  # each push-back stands in for where the charge (or the push before it) ended
    while i > 0 and (trail[i] in board.walls or occupant(d, trail[i], seat) >= 0):
        replaced = emit.emit("blocked", "MB-event-BLK", targets=(seat,), cause=cause, back_to=trail[i - 1],
                             cell=trail[i], links=[(SELF, "replaces", replaced)] if replaced is not None else ())
        i -= 1
        pushes += 1
    return place(d, seat, trail[i]), pushes


def forced_step(pos: tuple, source: tuple, away: bool) -> tuple:
    """The unit step of a knockback (away from the source) or a pull (toward it), MB-A21."""
    dx, dy = pos[0] - source[0], pos[1] - source[1]
    if abs(dx) >= abs(dy):
        step = ((dx > 0) - (dx < 0), 0)
    else:
        step = (0, (dy > 0) - (dy < 0))
    return step if away else (-step[0], -step[1])


def next_cell(cur: tuple, pos: tuple, source: tuple, away: bool) -> tuple:
    step = forced_step(pos, source, away)
    return (cur[0] + step[0], cur[1] + step[1])


def forced_path(d: Moba, seat: int, source: tuple, n: int, away: bool) -> list[tuple]:
    """MB-term-13-knockback (away from the source) / MB-term-14-pull (toward it): cell by cell, stopping
    before any obstacle — walls are never displaced (MB-map-walls-fixed); a pull stops next to the source."""
    board = board_of(d)
    pos = d.heroes[seat].pos
    step = forced_step(pos, source, away)
    if step == (0, 0):
        return []
    out, cur = [], pos
    for _ in range(n):
        nxt = (cur[0] + step[0], cur[1] + step[1])
        if nxt == source or is_obstacle(d, board, nxt, seat):
            break
        out.append(nxt)
        cur = nxt
    return out


def projectile_hit(d: Moba, seat: int, direction: str, reach: int) -> tuple[int, list[tuple]]:
    """MB-term-10-projectile: a solid object flying in a line; it stops at the first wall or the map's edge
    and hits the first solid object (hero) on its way. Returns (seat hit or -1, cells flown)."""
    board = board_of(d)
    flown = []
    for c in step_cells(d.heroes[seat].pos, direction, reach):
        if not on_map(board, c) or c in board.walls:
            break
        flown.append(c)
        hit = occupant(d, c)
        if hit >= 0:
            return hit, flown
    return -1, flown
