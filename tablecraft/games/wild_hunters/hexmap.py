"""The hex map: geometry (cells, neighbours, distances), the map generators and map validation.

The seed lays tiles "按照參考圖" (after a reference picture it does not include) and lets players design their own
maps; the six-sided base of the demon king implies hexagonal tiles (gap 3-4). **Our design:** pointy-top hexes in
axial coordinates ``(q, r)``; the six directions, counter-clockwise from east, are

=====  =========  ==========
 id    notation   axial step
=====  =========  ==========
 0     ``e``      (+1,  0)
 1     ``ne``     (+1, −1)
 2     ``nw``     ( 0, −1)
 3     ``w``      (−1,  0)
 4     ``sw``     (−1, +1)
 5     ``se``     ( 0, +1)
=====  =========  ==========

A *layout* is a set of map cells plus one camp cell per hero, each camp outside the map and touching its outer
edge (營地拼入地圖邊緣). Two generators make layouts of any size: ``reference_layout`` (the reference map: a
radius-3 hexagon of 37 cells with any further cells spread evenly round its rim, camps evenly spaced round the
outside) and ``random_layout`` (a compact random blob with camps spread round its edge).

>>> cells, camps = reference_layout(40, 5)
>>> len(cells), len(camps), is_connected(cells + camps), all(on_outer_edge(c, cells, camps) for c in camps)
(40, 5, True, True)
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Sequence
from functools import lru_cache

from tablecraft.core.rng import Rng

Coord = tuple[int, int]

DIRS: tuple[Coord, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Axial steps of the six directions (e, ne, nw, w, sw, se)."""
DIR_NAMES = ("e", "ne", "nw", "w", "sw", "se")
DIR_NAMES_ZH = ("東", "東北", "西北", "西", "西南", "東南")


def neighbours(c: Coord) -> list[Coord]:
    """The six neighbouring coordinates in direction order."""
    q, r = c
    return [(q + dq, r + dr) for dq, dr in DIRS]


def hex_distance(a: Coord, b: Coord) -> int:
    """Steps between two hexes on an unobstructed plane."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def direction_of(a: Coord, b: Coord) -> int:
    """The direction id from ``a`` to its neighbour ``b``; ``ValueError`` if they are not neighbours."""
    step = (b[0] - a[0], b[1] - a[1])
    if step not in DIRS:
        raise ValueError(f"{b} is not next to {a}")
    return DIRS.index(step)


def pixel(c: Coord) -> tuple[float, float]:
    """The centre of a pointy-top hex in the plane (x to the east, y to the south)."""
    q, r = c
    return q + r / 2, r * math.sqrt(3) / 2


def angle(c: Coord) -> float:
    """Angle of a cell's centre seen from the origin, in [0, 2π), counter-clockwise from east (screen y up)."""
    x, y = pixel(c)
    return math.atan2(-y, x) % (2 * math.pi)


def ring(radius: int) -> list[Coord]:
    """The cells at exactly ``radius`` from the origin, counter-clockwise starting east."""
    if radius == 0:
        return [(0, 0)]
    out = []
    q, r = radius, 0
    for d in (2, 3, 4, 5, 0, 1):  # walk the six sides: nw, w, sw, se, e, ne
        for _ in range(radius):
            out.append((q, r))
            q, r = q + DIRS[d][0], r + DIRS[d][1]
    return out


def hexagon(radius: int) -> list[Coord]:
    """Every cell within ``radius`` of the origin, ring by ring."""
    return [c for k in range(radius + 1) for c in ring(k)]


def is_connected(cells: Sequence[Coord]) -> bool:
    """True when every cell can reach every other by steps between neighbours."""
    if not cells:
        return False
    pool = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for n in neighbours(todo.pop()):
            if n in pool and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(pool)


def outside(cells: Iterable[Coord]) -> set[Coord]:
    """Empty positions reachable from far away without crossing a cell (the outer sea, not enclosed holes)."""
    taken = set(cells)
    if not taken:
        return set()
    qs = [c[0] for c in taken]
    rs = [c[1] for c in taken]
    lo_q, hi_q, lo_r, hi_r = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1

    def inside_box(c: Coord) -> bool:
        return lo_q <= c[0] <= hi_q and lo_r <= c[1] <= hi_r

    start = (lo_q, lo_r)
    sea = {start}
    todo = [start]
    while todo:
        for n in neighbours(todo.pop()):
            if inside_box(n) and n not in taken and n not in sea:
                sea.add(n)
                todo.append(n)
    return sea


def on_outer_edge(camp: Coord, cells: Sequence[Coord], camps: Sequence[Coord]) -> bool:
    """A camp is on the map's edge when it touches a map cell and also the open outside."""
    if camp in cells:
        return False
    sea = outside([*cells, *camps])
    ns = neighbours(camp)
    return any(n in sea for n in ns) and any(n in set(cells) for n in ns)


def _choose_camps(cells: list[Coord], count: int, start_angle: float) -> list[Coord]:
    """``count`` outside positions touching the map, as evenly spread in angle as possible and, where possible,
    not next to each other. The first is nearest to ``start_angle``; the rest follow clockwise."""
    taken = set(cells)
    sea = outside(cells)
    cand = sorted({n for c in cells for n in neighbours(c) if n not in taken and n in sea})
    chosen: list[Coord] = []
    for j in range(count):
        target = (start_angle - 2 * math.pi * j / count) % (2 * math.pi)

        def cost(c: Coord, target: float = target) -> tuple[int, float, Coord]:
            da = abs((angle(c) - target + math.pi) % (2 * math.pi) - math.pi)
            crowded = any(hex_distance(c, o) <= 1 for o in chosen)
            # near the wanted angle, and close to the centre: each ring further out weighs like 20° off
            return (1 if crowded else 0, round(da + 0.35 * hex_distance(c, (0, 0)), 6), c)

        free = [c for c in cand if c not in chosen]
        chosen.append(min(free, key=cost))
        # a later camp must stay on the edge: cells it seals off from the sea no longer qualify
        sea = outside([*cells, *chosen])
        cand = [c for c in cand if c not in chosen and c in sea]
    return chosen


def reference_layout(size: int, camps: int) -> tuple[list[Coord], list[Coord]]:
    """The reference map (ours): a hexagon of radius 3 (37 cells) — or the largest hexagon that fits — with the
    remaining cells spread evenly round the next ring, and the camps evenly spaced round the outside, the first
    at the top. Deterministic."""
    if size < 1:
        raise ValueError("a map needs at least one cell")
    radius = 0
    while len(hexagon(radius + 1)) <= size:
        radius += 1
    cells = hexagon(radius)
    extra = size - len(cells)
    outer = ring(radius + 1)
    if extra:
        step = len(outer) / extra
        # offset half a step so the bulges sit between the top and the first camps
        picks = sorted({int((i + 0.5) * step) % len(outer) for i in range(extra)})
        k = 0
        while len(picks) < extra:  # rounding collisions (never with the sizes used)
            if k not in picks:
                picks.append(k)
            k += 1
        cells += [outer[i] for i in sorted(picks)]
    return cells, _choose_camps(cells, camps, math.pi / 2)


def random_layout(size: int, camps: int, rng: Rng) -> tuple[list[Coord], list[Coord]]:
    """A random compact map (ours): grown from the origin, each new cell picked among the open neighbours with
    weight (map neighbours)³, so blobs stay round-ish; the camps are spread round its edge from a random angle."""
    if size < 1:
        raise ValueError("a map needs at least one cell")
    cells = [(0, 0)]
    taken = {(0, 0)}
    while len(cells) < size:
        frontier = sorted({n for c in cells for n in neighbours(c) if n not in taken})
        weights = [sum(1 for m in neighbours(f) if m in taken) ** 3 for f in frontier]
        pick = rng.below(sum(weights))
        for f, w in zip(frontier, weights, strict=True):
            if pick < w:
                cells.append(f)
                taken.add(f)
                break
            pick -= w
    start = rng.below(360) * math.pi / 180
    return cells, _choose_camps(cells, camps, start)


class Geometry:
    """The fixed shape of a map: cells (map cells first, then the camps), neighbours and distances.

    ``nb[c][d]`` is the cell in direction ``d`` from cell ``c`` or -1 (``steps[c]`` lists the existing ones as
    ``(d, cell)``); ``adj[c]`` is a bit mask of the neighbours;
    ``dist[a][b]`` the number of steps on the map (camps included); ``camp_of[h]`` the camp cell of the hero in
    seat ``h``. Immutable and shared by every state of a game.
    """

    __slots__ = ("coords", "index", "n", "num_map", "nb", "steps", "adj", "dist", "camp_of", "is_camp", "camp_mask")

    def __init__(self, map_cells: Sequence[Coord], camps: Sequence[Coord]) -> None:
        self.coords: tuple[Coord, ...] = tuple(map_cells) + tuple(camps)
        self.index: dict[Coord, int] = {c: i for i, c in enumerate(self.coords)}
        if len(self.index) != len(self.coords):
            raise ValueError("a cell is listed twice")
        self.n = len(self.coords)
        self.num_map = len(map_cells)
        self.camp_of: tuple[int, ...] = tuple(range(self.num_map, self.n))
        self.is_camp: tuple[bool, ...] = tuple(i >= self.num_map for i in range(self.n))
        self.camp_mask = sum(1 << c for c in self.camp_of)
        self.nb: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index.get(n, -1) for n in neighbours(c)) for c in self.coords
        )
        self.steps: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((d, m) for d, m in enumerate(row) if m >= 0) for row in self.nb
        )
        """``steps[c]``: ``(direction, cell)`` for each neighbour that exists."""
        self.adj: tuple[int, ...] = tuple(sum(1 << m for m in row if m >= 0) for row in self.nb)
        self.dist: tuple[tuple[int, ...], ...] = tuple(self._bfs(i) for i in range(self.n))

    def _bfs(self, start: int) -> tuple[int, ...]:
        far = 10**6
        d = [far] * self.n
        d[start] = 0
        todo = deque([start])
        while todo:
            c = todo.popleft()
            for m in self.nb[c]:
                if m >= 0 and d[m] == far:
                    d[m] = d[c] + 1
                    todo.append(m)
        return tuple(d)

    def central_cells(self) -> list[int]:
        """Map cells (not camps) of least eccentricity: the map's centre."""
        ecc = [max(self.dist[c][:self.num_map]) for c in range(self.num_map)]
        best = min(ecc)
        return [c for c in range(self.num_map) if ecc[c] == best]

    def direction(self, a: int, b: int) -> int:
        """Direction id from cell ``a`` to its neighbour ``b``."""
        return self.nb[a].index(b)


@lru_cache(maxsize=256)
def geometry(map_cells: tuple[Coord, ...], camps: tuple[Coord, ...]) -> Geometry:
    """The (shared, immutable) geometry of a layout, built once per layout."""
    return Geometry(map_cells, camps)


@lru_cache(maxsize=64)
def reference_geometry(size: int, camps: int) -> Geometry:
    """The geometry of the reference map for ``size`` map cells and ``camps`` heroes."""
    cells, camp_cells = reference_layout(size, camps)
    return geometry(tuple(cells), tuple(camp_cells))


@lru_cache(maxsize=256)
def _eccentricity(geo: Geometry) -> tuple[int, ...]:
    """Each map cell's eccentricity: its greatest distance, in steps, to any map cell."""
    return tuple(max(geo.dist[c][:geo.num_map]) for c in range(geo.num_map))


def king_start(geo: Geometry, heroes_at: Sequence[int]) -> int:
    """遊戲準備: the demon king "儘可能放置於地圖中心且遠離所有角色模型": among the map cells no hero stands on, the
    central-most (least eccentricity), and among those the one farthest from the nearest hero; ties go to the
    first in cell order. Our reading puts the centre first and distance second; "儘可能" lets him leave a centre
    a hero already holds (only a setup can put one there). -1 when heroes stand on every map cell."""
    ecc = _eccentricity(geo)
    taken = set(heroes_at)
    free = [c for c in range(geo.num_map) if c not in taken]
    if not free:
        return -1
    best = min(ecc[c] for c in free)
    cands = [c for c in free if ecc[c] == best]
    return max(cands, key=lambda c: (min((geo.dist[c][h] for h in heroes_at), default=0), -c))
