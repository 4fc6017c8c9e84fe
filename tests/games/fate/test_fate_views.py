"""What each seat may know (``view.py``, docs §12): a leak scan over many random games, and ``resample``."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fate_support import HARMLESS_TOP, act, close_dispels, deciding, hand, legal, start

import tablecraft
from tablecraft.core.rng import Rng
from tablecraft.core.testing.conformance import strings_in
from tablecraft.games.fate.content import CARD_NAME
from tablecraft.games.fate.spec import Identity

GAMES = [  # (seats, options, seeds)
    (4, {}, range(3)), (5, {}, range(4)), (6, {}, range(2)), (6, {"six_split": "3/3/0"}, range(1)),
    (7, {}, range(2)), (8, {}, range(2)), (2, {}, range(4)), (3, {}, range(3)), (4, {"mode": "2v2"}, range(3)),
    (5, {"texts": "thefate"}, range(2)),
]
CAP = 60
"""Turn cap for the scans (keeps each game short; the cap itself ends the game)."""


def hidden_from(s: Any, seat: int | None) -> set[str]:
    """Cards whose place ``seat`` cannot see: other hands, bombs and faith piles, cards set aside from other hands,
    cards set aside face down, the deck, cards looked at by another — except the cards it knows are there, which
    it must have been shown."""
    out: list[int] = list(s.deck) + list(s.aside)
    for p in range(s.n):
        if p != seat:
            out += s.hands[p] + s.bombs[p] + s.pile[p]
    out += [c for c, owner, _ in s.held if owner != seat]
    if s.looker != seat or seat is None:
        out += s.looked
    bit = (1 << 8) if seat is None else 1 << seat
    known = [c for c in out if s.known[c] & bit]
    assert all(s.seen[c] & bit for c in known), f"seat {seat} knows where a card is that it was never shown"
    return {CARD_NAME[c] for c in out if not s.known[c] & bit}


def allowed_identities(s: Any, seat: int | None, looked: set[int]) -> set[int]:
    """Seats whose identity ``seat`` may see: its own and its 下家's, the dead, a revealed Roshan, those it looked
    at as a killer, everyone at the end, and everyone in 2v2."""
    n = s.n
    mode = s.view(None)["mode"]
    if mode in ("1v1", "1v1v1"):
        return set()
    if mode == "2v2" or s.is_terminal():
        return set(range(n))
    out = {p for p in range(n) if not s.alive[p]} | looked
    if s.roshan >= 0:
        out.add(s.roshan)
    if seat is not None:
        out |= {seat, (seat + 1) % n}
    return out


def scan(n: int, options: dict[str, Any], seed: int) -> int:
    """Play one random game, checking every seat's view and every event it receives; returns the decisions."""
    game = tablecraft.load("fate", num_seats=n, max_turns=CAP, **options)
    s: Any = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    viewers: list[int | None] = [*range(n), None]
    looked: dict[int | None, set[int]] = {v: set() for v in viewers}
    events = list(s.events())
    steps = 0
    while True:
        hidden = {v: hidden_from(s, v) for v in viewers}
        for v in viewers:
            view = s.view(v)
            json.dumps(view)
            leaked = hidden[v] & set(strings_in(view))
            assert not leaked, f"seed {seed} step {steps}: seat {v} sees {sorted(leaked)} in its view"
            if view["players"][0]["hero"] is not None or view["mode"] == "1v1":
                shown = {p for p, pl in enumerate(view["players"]) if pl["identity"] is not None}
                extra = shown - allowed_identities(s, v, looked[v])
                assert not extra, f"seed {seed} step {steps}: seat {v} sees the identities of {sorted(extra)}"
        if s.is_terminal():
            return steps
        before = hidden
        events = s.apply(rng.choice(s.legal_actions()))
        steps += 1
        for v in viewers:
            after = hidden_from(s, v)
            bit = (1 << 8) if v is None else 1 << v
            for e in events:
                rec = e.for_seat(v)
                names = set(strings_in(rec)) & before[v] & after
                # a card that stays out of sight may show only if the engine records it as shown to this seat
                unseen = {c for c in names if not s.seen[CARD_NAME.index(c)] & bit}
                assert not unseen, f"seed {seed} step {steps}: seat {v} reads {sorted(unseen)} in {rec}"
                if e.kind == "identity" and "identity" in rec:
                    assert rec["seat"] == v, f"seat {v} is told another seat's identity: {rec}"
                if e.kind == "looked_identity":
                    assert ("identity" in rec) == (rec["seat"] == v), rec
                    if rec["seat"] == v:
                        looked[v].add(rec["target"])
                if e.kind in ("candidates", "picked", "kept") and v != rec["seat"]:
                    assert "heroes" not in rec and "hero" not in rec, rec


@pytest.mark.parametrize(("n", "options", "seeds"), GAMES,
                         ids=[f"{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for n, o, _ in GAMES])
def test_no_seat_ever_sees_a_hidden_card_or_an_identity_it_may_not_know(n: int, options: dict[str, Any],
                                                                          seeds: range) -> None:
    total = sum(scan(n, options, seed) for seed in seeds)
    assert total > 50 * len(seeds)


def test_the_identity_deal_tells_each_seat_its_own_and_its_next_seats_identity_only() -> None:
    s = tablecraft.load("fate", num_seats=6).new_initial_state(seed=3)
    while deciding(s)[1] == "pick_hero":
        s.apply(s.legal_actions()[0])
    ids = [["sentinel", "scourge", "neutral"].index(r) for r in s.roles()]
    for seat in range(6):
        told = [e for e in s.log(seat) if e["kind"] == "identity" and "identity" in e]
        assert told == [{"kind": "identity", "seat": seat, "identity": ids[seat], "next": ids[(seat + 1) % 6]}]
    assert [e for e in s.log(None) if e["kind"] == "identity" and "identity" in e] == []


def test_bombs_and_faith_cards_are_seen_only_by_their_owner() -> None:
    s = start(["goblin_techies", "guardian_knight", "lich", "elf_lily"], bombs=[["atk:AS"], [], [], []],
              hands=[["atk:2S"], [], [], []], hp=[3, 4, 3, 3])
    assert s.view(0)["players"][0]["bomb_cards"] == ["atk:AS"]
    for seat in (1, 2, 3, None):
        p = s.view(seat)["players"][0]
        assert (p["bombs"], p["bomb_cards"]) == (1, None)
        assert "atk:AS" not in set(strings_in(s.view(seat))) | set(strings_in(s.log(seat)))


def test_a_spectator_sees_no_hand_and_no_identity_of_the_living() -> None:
    s = tablecraft.load("fate", num_seats=5).new_initial_state(seed=8)
    while deciding(s)[1] == "pick_hero":
        s.apply(s.legal_actions()[0])
    v = s.view(None)
    assert all(p["hand"] is None and p["identity"] is None for p in v["players"])
    assert all(p["hand_size"] >= 4 for p in v["players"])
    assert v["candidates"] == [] and v["seat"] is None


# ------------------------------------------------------------------------------------------ resample
def random_states(n: int, options: dict[str, Any], seed: int, every: int = 9) -> Iterator[Any]:
    s = tablecraft.load("fate", num_seats=n, max_turns=CAP, **options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    k = 0
    while not s.is_terminal():
        if k % every == 0:
            yield s.clone()
        s.apply(rng.choice(s.legal_actions()))
        k += 1


RESAMPLE = [(5, {}, 1), (8, {}, 2), (2, {}, 3), (3, {}, 4), (4, {"mode": "2v2"}, 5), (6, {}, 6)]


@pytest.mark.parametrize(("n", "options", "seed"), RESAMPLE)
def test_resample_keeps_each_seats_view_and_redeals_the_rest(n: int, options: dict[str, Any], seed: int) -> None:
    rng = Rng(99)
    changed_hands = changed_identities = 0
    states = 0
    for s in random_states(n, options, seed):
        states += 1
        for p in range(n):
            r = s.resample(p, rng)
            assert r.view(p) == s.view(p)
            if s.current_player() == p:
                assert r.legal_actions() == s.legal_actions()
            others = [q for q in range(n) if q != p]
            changed_hands += any(sorted(r.hands[q]) != sorted(s.hands[q]) for q in others)
            changed_identities += r.identity != s.identity
            # what p sees stays: its hand, and every identity it knows
            assert sorted(r.hands[p]) == sorted(s.hands[p])
            for q, pl in enumerate(s.view(p)["players"]):
                if pl["identity"] is not None:
                    assert r.identity[q] == s.identity[q]
            if not r.is_terminal():
                r.apply(r.legal_actions()[0])  # a full, playable state
    assert states > 5 and changed_hands > states
    if n >= 5:
        assert changed_identities > 0


# ------------------------------------------------------------------------------------------ what a seat saw
SKADI_TABLE = ["centaur", "troll_warlord", "weaver", "dragon_knight"]


def _skadi_taken() -> Any:
    """Seat 0 takes 冰魄之眼 from seat 1's weapon zone into hand with a strengthened 缴械, in everyone's sight."""
    s = start(SKADI_TABLE, hands=[["disarm:4C", "atk:AS", "dodge:2D"], ["atk:2S"], ["salve:AH"], ["atk:3S"]],
              rage=[1, 0, 0, 0], weapon=[None, "skadi:JS", None, None])
    act(s, "use disarm:4C", "target 1", "yes")
    close_dispels(s)
    assert "skadi:JS" in hand(s, 0)
    return s


def test_a_card_everyone_saw_taken_into_a_hand_is_known_there_to_every_seat() -> None:
    s = _skadi_taken()
    for seat in (1, 2, 3, None):
        assert s.view(seat)["players"][0]["known_hand"] == ["skadi:JS"]


def test_a_card_everyone_saw_taken_into_a_hand_stays_there_in_every_world_resampled_for_another_seat() -> None:
    # issue 13: resampled for seat 2, 11 of 12 worlds used to put 冰魄之眼 elsewhere
    s = _skadi_taken()
    for k in range(12):
        w = s.resample(2, Rng(k))
        assert "skadi:JS" in [CARD_NAME[c] for c in w.hands[0]]


def test_a_hand_that_gives_a_card_face_down_is_known_no_more_to_those_who_did_not_see_which() -> None:
    s = start(SKADI_TABLE, hands=[["disarm:4C", "greed:7C", "atk:AS"], ["atk:2S"], ["salve:AH"], ["atk:3S"]],
              rage=[2, 0, 0, 0], weapon=[None, "skadi:JS", None, None])
    act(s, "use disarm:4C", "target 1", "yes")
    close_dispels(s)
    act(s, "use greed:7C", "target 1", "yes")  # strengthened 贪婪: seat 0 chooses the card it gives seat 1
    close_dispels(s)
    while deciding(s) != (0, "give_ask"):
        act(s, sorted(legal(s))[0])
    act(s, "pick atk:AS")
    assert s.view(2)["players"][0]["known_hand"] == []  # seat 2 cannot tell which card went
    # seat 1 took the card and saw it was not 冰魄之眼; the card 贪婪 took from it is known to it too
    assert s.view(1)["players"][0]["known_hand"] == ["atk:2S", "skadi:JS"]


def test_the_sightings_check_catches_a_resample_that_forgets_a_card_seen_taken_into_a_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The leak of issue 13 item 4, put back: resample redeals 冰魄之眼 although every seat saw it go into hand 0.
    from tablecraft.core.testing.conformance import check_resample_keeps_sightings
    from tablecraft.games.fate.content import CARD_BY_NAME
    from tablecraft.games.fate.state import FateState

    s = _skadi_taken()
    game = tablecraft.load("fate", num_seats=4)
    check_resample_keeps_sightings(game, (), states=[s])  # as the rules stand: every world keeps it
    real = FateState.resample
    skadi = CARD_BY_NAME["skadi:JS"]

    def forgetful(self: FateState, seat: int, rng: Rng) -> FateState:
        c = self.clone()
        c.known[skadi] = 1  # known to its holder, seat 0, alone: the others' sighting is forgotten
        return real(c, seat, rng)

    monkeypatch.setattr(FateState, "resample", forgetful)
    with pytest.raises(AssertionError, match=r"seat 1 was shown \[\('hand:0', 'skadi:JS'\)\], but a world resampled"):
        check_resample_keeps_sightings(game, (), states=[s], worlds=12)


@pytest.mark.parametrize(("n", "options", "seed"), [(5, {}, 0), (6, {}, 4)])
def test_no_resampled_world_is_one_where_a_hidden_identity_would_already_have_won(
        n: int, options: dict[str, Any], seed: int) -> None:
    # Every seat saw the game go on, so a world in which a neutral's fate is met (or a faction is wiped out) by
    # the identities it deals is not one the seat can be in.
    from tablecraft.games.fate.view import would_have_ended

    rng = Rng(7)
    for s in random_states(n, options, seed, every=2):
        if s.is_terminal():
            continue
        assert not would_have_ended(s)
        for p in range(n):
            assert not would_have_ended(s.resample(p, rng))


# ------------------------------------------------------------------------------------------ resample by belief
@pytest.mark.parametrize(("n", "options", "seed"), [(5, {}, 1), (6, {}, 6), (3, {}, 4)])
def test_worlds_resampled_by_belief_keep_each_seats_view_and_are_never_already_won(
        n: int, options: dict[str, Any], seed: int) -> None:
    from tablecraft.games.fate.view import would_have_ended

    rng = Rng(5)
    for s in random_states(n, options, seed, every=4):
        for p in range(n):
            r = s.resample_by_belief(p, rng)
            assert r.view(p) == s.view(p)
            if s.current_player() == p:
                assert r.legal_actions() == s.legal_actions()
            if not s.is_terminal():
                assert not would_have_ended(r)
                r.apply(r.legal_actions()[0])


def test_a_seat_that_attacked_my_known_teammate_is_an_enemy_in_more_worlds_resampled_by_belief() -> None:
    # Seat 0 (近卫) knows its 下家 seat 1 is 近卫 too; seats 2–4 hold two 天灾 and the neutral. Uniformly, seat 2 is
    # 天灾 in two worlds of three; once it has attacked seat 1 the belief worlds make it 天灾 as often as the
    # heuristic's posterior says (2·e^0.7 against e^0.175 for the neutral: 0.77).
    s = start(["lich", "chen", "ursa", "axe", "keeper"],
              identities=["sentinel", "sentinel", "scourge", "scourge", "neutral"], fate="plague",
              hands=[[], [], ["atk:4S"], [], []], turn_seat=2, deck=HARMLESS_TOP)
    s.apply("use atk:4S")
    s.apply("target 1")
    rng = Rng(11)
    worlds = 300
    uniform = sum(s.resample(0, rng).identity[2] == Identity.SCOURGE for _ in range(worlds)) / worlds
    believed = sum(s.resample_by_belief(0, rng).identity[2] == Identity.SCOURGE for _ in range(worlds)) / worlds
    assert 0.58 < uniform < 0.75
    assert 0.72 < believed < 0.86


def test_resample_by_belief_is_plain_resample_where_no_identity_is_hidden() -> None:
    s = tablecraft.load("fate", num_seats=2).new_initial_state(seed=8)
    assert s.resample_by_belief(0, Rng(3)).view(0) == s.resample(0, Rng(3)).view(0)
    assert s.resample_by_belief(0, Rng(3)).identity == s.resample(0, Rng(3)).identity
