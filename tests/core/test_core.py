"""The shared engine: cards, RNG, events, options, registry and the checked apply."""

from __future__ import annotations

import pytest

import tablecraft
from tablecraft.core.api import OptionSpec
from tablecraft.core.cards import (
    BLACK_JOKER,
    RED_JOKER,
    Suit,
    card_str,
    card_symbol,
    make_card,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from tablecraft.core.errors import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
    SetupError,
    UnknownGameError,
)
from tablecraft.core.events import ALL_SEATS, SPECTATOR, Event, chain_from_list, chain_list, chain_since
from tablecraft.core.rng import Rng


def test_every_card_round_trips_through_notation() -> None:
    for c in range(54):
        assert parse_card(card_str(c)) == c
        assert parse_card(card_symbol(c)) == c


def test_card_notation_accepts_symbols_ten_and_lower_case() -> None:
    assert parse_card("A♠") == make_card(1, Suit.SPADES)
    assert parse_card("10♥") == parse_card("TH") == parse_card("10h") == make_card(10, Suit.HEARTS)
    assert parse_card("jkr") == RED_JOKER and parse_card("JKB") == BLACK_JOKER
    assert parse_cards("AS, 10H KD") == [make_card(1, Suit.SPADES), make_card(10, Suit.HEARTS), make_card(13, Suit.DIAMONDS)]


@pytest.mark.parametrize("bad", ["", "1", "ZS", "11S", "AX", "JK", "A♠♠"])
def test_unknown_card_text_is_rejected_with_the_accepted_forms(bad: str) -> None:
    with pytest.raises(SetupError, match="rank then suit"):
        parse_card(bad)


def test_jokers_have_no_suit_and_rank_zero() -> None:
    assert suit_of(RED_JOKER) is None and rank_of(BLACK_JOKER) == 0
    assert rank_of(parse_card("KD")) == 13 and suit_of(parse_card("KD")) is Suit.DIAMONDS


def test_rng_is_deterministic_and_its_state_is_one_int() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.below(100) for _ in range(50)] == [b.below(100) for _ in range(50)]
    assert isinstance(a.state, int)
    c = Rng(a.state)
    assert [a.next64() for _ in range(5)] == [c.next64() for _ in range(5)]


def test_rng_below_is_roughly_uniform_and_in_range() -> None:
    r = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.below(6)] += 1
    assert all(9_400 < n < 10_600 for n in counts), counts


def test_rng_shuffle_is_a_permutation() -> None:
    items = list(range(30))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))


def test_event_secret_part_is_seen_only_by_its_seats() -> None:
    e = Event("drew", {"seat": 1}, {"card": "AS"}, seen_by=0b010)
    assert e.for_seat(1) == {"kind": "drew", "seat": 1, "card": "AS"}
    assert e.for_seat(0) == e.for_seat(2) == e.for_seat(None) == {"kind": "drew", "seat": 1}
    assert Event("x", {}, {"c": 1}, SPECTATOR).for_seat(None) == {"kind": "x", "c": 1}
    assert Event("x", {}, {"c": 1}, ALL_SEATS).for_seat(2) == {"kind": "x", "c": 1}
    assert Event.from_json(e.to_json()) == e


def test_event_chain_shares_history_and_lists_in_order() -> None:
    events = [Event(str(i), {}) for i in range(4)]
    chain = chain_from_list(events[:2])
    longer = chain_from_list(events)
    assert [e.kind for e in chain_list(longer)] == ["0", "1", "2", "3"]
    head = (events[2], chain)
    assert [e.kind for e in chain_since((events[3], head), chain)] == ["2", "3"]


def test_options_are_validated_and_parsed_from_text() -> None:
    o = OptionSpec("hp", 100, "doc", min=1, max=200)
    assert o.coerce("120") == 120
    with pytest.raises(OptionError, match="outside"):
        o.coerce(500)
    with pytest.raises(OptionError, match="expected int"):
        o.coerce(True)
    b = OptionSpec("flag", False, "doc")
    assert b.coerce("yes") is True and b.coerce("off") is False
    with pytest.raises(OptionError):
        b.coerce("maybe")
    c = OptionSpec("mode", "a", "doc", choices=("a", "b"))
    with pytest.raises(OptionError, match="not one of a, b"):
        c.coerce("z")


def test_load_rejects_unknown_games_and_options_with_the_known_ones() -> None:
    with pytest.raises(UnknownGameError, match="wizard-towers"):
        tablecraft.load("chess")
    with pytest.raises(OptionError, match="wizard_hp"):
        tablecraft.load("wizard-towers", wizard_healthpoints=3)
    with pytest.raises(OptionError, match="3–3 seats"):
        tablecraft.load("wizard-towers", num_seats=4)


def test_games_lists_ids_names_and_seat_range() -> None:
    (spec,) = [g for g in tablecraft.games() if g.id == "wizard-towers"]
    assert spec.name_zh == "巫师塔" and spec.name_en == "Wizard Towers"
    assert (spec.min_seats, spec.max_seats) == (3, 3)
    assert spec.describe()["options"][0]["name"] == "warrior_hp"


def test_apply_accepts_objects_text_and_ids_and_returns_events() -> None:
    g = tablecraft.load("wizard-towers")
    s = g.new_initial_state(seed=1)
    first = s.legal_actions()[0]
    t = s.clone()
    u = s.clone()
    assert s.apply(first) and t.apply(str(first)) and u.apply(first.id)
    assert s.to_json() == t.to_json() == u.to_json()


def test_illegal_and_out_of_turn_and_after_the_end_actions_are_refused() -> None:
    g = tablecraft.load("wizard-towers", max_turns=1)
    s = g.new_initial_state(seed=1)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="discard AS"):
        s.apply("discard AS")
    with pytest.raises(NotYourTurnError):
        s.apply(s.legal_actions()[0], seat=2)
    with pytest.raises(InvalidActionError):
        s.apply("fly away")
    with pytest.raises(InvalidActionError):
        s.apply(99_999)
    assert s.to_json() == before
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    with pytest.raises(GameOverError):
        s.apply("pass")


def test_state_from_json_refuses_other_options() -> None:
    s = tablecraft.load("wizard-towers").new_initial_state(seed=2)
    with pytest.raises(OptionError, match="saved options"):
        tablecraft.load("wizard-towers", wizard_hp=99).state_from_json(s.to_json())


def test_a_state_with_a_long_log_pickles_and_comes_back_the_same() -> None:
    """The server sends states to its bot workers by pickle: a log of thousands of events (a long game) must not
    overflow the stack, as pickling the chain itself did from about a thousand events."""
    import pickle

    from tablecraft.core.events import Event, chain_from_list, chain_list

    s = tablecraft.load("xeno-faction").new_initial_state(seed=1)
    s._log = chain_from_list(chain_list(s._log) + [Event("drew", {"seat": k % 2}) for k in range(5000)])
    back = pickle.loads(pickle.dumps(s))
    assert type(back) is type(s) and back.to_json() == s.to_json()
    assert len(chain_list(back._log)) == len(chain_list(s._log)) > 5000
    assert back.legal_actions() == s.legal_actions()
