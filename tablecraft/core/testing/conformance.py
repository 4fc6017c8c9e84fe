"""The conformance suite every registered game must pass (in the spirit of OpenSpiel's ``random_sim_test``).

Each check takes a ``Game`` and seeds, plays seeded random games through the public contract only, and raises
``AssertionError`` with a precise message on the first violation. ``tests/core/test_conformance.py`` runs them
over every registered game; a new game gets them for free by registering. Besides the contract (playouts,
clone/JSON, illegal actions, replay, determinism, leaks, resample), three checks hold a game to fair play:
``check_decision_shape`` (whether a seat is asked depends only on what the others may know),
``check_resample_keeps_sightings`` (a resampled world keeps every card where its seat was openly shown it) and
``check_prices_are_blind`` (the price told before a choice is the mover's own knowledge); the tests also put a
leak back into a game to show that each of them fails. ``check_cancel`` holds ``cancel`` to its promise: a build
taken back leaves no trace but the action history, and shows the others nothing while it lasts. The playouts of
the other checks choose among ``forward_actions`` (as agents do), so they never take a build back.

>>> import tablecraft
>>> check_random_playouts(tablecraft.load("wizard-towers"), seeds=range(2))
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from tablecraft.core.api import TERMINAL, Game, Json, State
from tablecraft.core.errors import GameOverError, IllegalActionError, InvalidActionError
from tablecraft.core.rng import Rng

MAX_DECISIONS = 100_000
"""A playout longer than this means the game cannot end: a failure in itself."""


Policy = Callable[[State[Any], random.Random], Any]
"""Chooses the action to play in a state (a bot's choice, for playouts that meet the states real play meets)."""


def random_playout(
    game: Game[Any], seed: int, visit: Callable[[State[Any]], None] | None = None, policy: Policy | None = None
) -> tuple[State[Any], list[Any]]:
    """Play one game with uniformly random legal actions (or ``policy``'s; choices seeded by ``seed``); ``visit``
    sees every state before each decision and the final state. Returns the final state and the actions played."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    actions: list[Any] = []
    for _ in range(MAX_DECISIONS):
        if visit is not None:
            visit(state)
        if state.is_terminal():
            return state, actions
        legal = state.forward_actions()
        assert legal, f"seed {seed}: no legal action in a non-terminal state"
        action = rng.choice(legal) if policy is None else policy(state, rng)
        actions.append(action)
        state.apply(action)
    raise AssertionError(f"seed {seed}: the game did not end within {MAX_DECISIONS} decisions")


def sample_states(
    game: Game[Any], seeds: Iterable[int], every: int = 7, policy: Policy | None = None
) -> Iterator[State[Any]]:
    """Clones of states met along random (or ``policy``) playouts (every ``every``-th decision, and the last)."""
    for seed in seeds:
        found: list[State[Any]] = []
        counter = [0]

        def keep(s: State[Any], counter: list[int] = counter, found: list[State[Any]] = found) -> None:
            counter[0] += 1
            if counter[0] % every == 0 or s.is_terminal():
                found.append(s.clone())

        random_playout(game, seed, keep, policy)
        yield from found


def check_random_playouts(game: Game[Any], seeds: Iterable[int]) -> None:
    """Games end; legal actions are sorted, unique, non-empty until the end and agree with the mask; the
    terminal state has no legal action, refuses moves, has bounded returns and well-formed content."""
    size = game.codec.size
    for seed in seeds:
        def visit(s: State[Any], seed: int = seed) -> None:
            if s.is_terminal():
                assert s.current_player() == TERMINAL
                assert s.legal_actions() == [], "a terminal state offers actions"
                return
            legal = s.legal_actions()
            ids = [a.id for a in legal]
            assert ids == sorted(ids), f"seed {seed}: legal actions not sorted: {legal}"
            assert len(set(ids)) == len(ids), f"seed {seed}: duplicate legal actions: {legal}"
            assert 0 <= s.current_player() < game.num_seats
            mask = s.legal_action_mask()
            assert len(mask) == size and [i for i, m in enumerate(mask) if m] == ids

        final, _ = random_playout(game, seed, visit)
        if game.event_kinds is not None:
            undeclared = {e.kind for e in final.events()} - set(game.event_kinds)
            assert not undeclared, f"seed {seed}: events of undeclared kinds {sorted(undeclared)}"
        returns = final.returns()
        assert len(returns) == game.num_seats
        assert all(-1.0 <= r <= 1.0 for r in returns), f"returns out of bounds: {returns}"
        assert set(final.winners()) <= set(range(game.num_seats))
        check_content_shape(final, seed)
        try:
            final.apply(game.codec.decode(0))
        except GameOverError:
            pass
        else:
            raise AssertionError("applying an action after the end did not raise GameOverError")


def check_content_shape(state: State[Any], seed: int) -> None:
    """``state.content()`` is ``{kind: one list of item names per seat}``, JSON-safe (what the lab's content
    impact reads from every game record)."""
    content = state.content()
    assert isinstance(content, dict), f"seed {seed}: content() is not a dict: {content!r}"
    for kind, per_seat in content.items():
        assert isinstance(kind, str) and isinstance(per_seat, list) and len(per_seat) == state.num_seats, (
            f"seed {seed}: content {kind!r} is not one list per seat: {per_seat!r}")
        for items in per_seat:
            assert isinstance(items, list) and all(isinstance(x, str) and x for x in items), (
                f"seed {seed}: content {kind!r} holds something other than item names: {items!r}")
    assert json.loads(json.dumps(content)) == content


def check_action_notation(game: Game[Any]) -> None:
    """``parse_action(str(a)) == a`` for every action of the codec; garbage text raises InvalidActionError."""
    for a in game.codec.actions:
        assert game.parse_action(str(a)) == a, f"{a!s} does not parse back"
        assert game.codec.decode(game.codec.encode(a)) == a
    for bad in ("", "no such action 42", "\x00"):
        try:
            game.parse_action(bad)
        except InvalidActionError:
            continue
        raise AssertionError(f"{bad!r} parsed as an action")


def check_clone_and_json(game: Game[Any], seeds: Iterable[int]) -> None:
    """Clones equal the original and are independent; ``to_json`` is JSON-safe and round-trips exactly, and a
    round-tripped state plays on identically."""
    for s in sample_states(game, seeds):
        data = s.to_json()
        json.dumps(data)
        c = s.clone()
        assert c.to_json() == data, "clone differs from its original"
        back = game.state_from_json(json.loads(json.dumps(data)))
        assert back.to_json() == data, "JSON round-trip changed the state"
        if not s.is_terminal():
            a = s.legal_actions()[-1]
            c.apply(a)
            assert s.to_json() == data, "applying to a clone changed the original"
            back.apply(a)
            assert back.to_json() == c.to_json(), "a state rebuilt from JSON played on differently"


def check_illegal_actions(game: Game[Any], seeds: Iterable[int], per_state: int = 5) -> None:
    """Every action outside ``legal_actions()`` raises ``IllegalActionError`` naming it and leaves the state as
    it was; so does acting for the wrong seat."""
    rng = random.Random(0)
    for s in sample_states(game, seeds, every=11):
        if s.is_terminal():
            continue
        legal = set(s.legal_actions())
        illegal = [a for a in game.codec.actions if a not in legal]
        before = s.to_json()
        for a in rng.sample(illegal, min(per_state, len(illegal))):
            try:
                s.apply(a)
            except IllegalActionError as e:
                assert str(a) in str(e), f"the error does not name the action: {e}"
            else:
                raise AssertionError(f"illegal action {a} was accepted")
            assert s.to_json() == before, f"a rejected action {a} changed the state"
        wrong = (s.current_player() + 1) % game.num_seats
        if game.num_seats > 1:
            try:
                s.apply(s.legal_actions()[0], seat=wrong)
            except IllegalActionError:
                pass
            else:
                raise AssertionError("an action for the wrong seat was accepted")
            assert s.to_json() == before


def check_replay(game: Game[Any], seeds: Iterable[int]) -> None:
    """Options + seed + action list reproduce the game exactly, event for event."""
    for seed in seeds:
        final, actions = random_playout(game, seed)
        again = game.replay(seed, [str(a) for a in actions])
        assert again.to_json() == final.to_json(), f"seed {seed}: replay differs"
        assert [e.to_json() for e in again.events()] == [e.to_json() for e in final.events()]


def check_resample(game: Game[Any], seeds: Iterable[int]) -> None:
    """``view(resample(s, p), p) == view(s, p)`` and the same for ``log`` for every seat; the seat to move keeps
    its legal actions; the resampled state is a playable full state."""
    rng = Rng(12345)
    for s in sample_states(game, seeds, every=5):
        for p in range(game.num_seats):
            r = s.resample(p, rng)
            assert r.view(p) == s.view(p), f"resample for seat {p} changed what it sees"
            assert r.log(p) == s.log(p), f"resample for seat {p} changed the event stream it saw"
            if not s.is_terminal() and s.current_player() == p:
                assert r.legal_actions() == s.legal_actions(), "resample changed the mover's legal actions"
            if not r.is_terminal():
                r.apply(r.legal_actions()[0])


def check_resample_is_blind(game: Game[Any], seeds: Iterable[int]) -> None:
    """``resample`` depends only on what the seat knows (and the rng): a state and a resample of it — which the
    seat cannot tell apart — resample to the same world for the same rng. Otherwise a search agent's choices
    could depend on the true hidden cards. (Sort the pool of hidden cards before shuffling it.)"""
    for s in sample_states(game, seeds, every=9):
        for p in range(game.num_seats):
            twin = s.resample(p, Rng(4242))
            a = s.resample(p, Rng(7)).to_json()
            b = twin.resample(p, Rng(7)).to_json()
            assert a == b, f"seat {p}: resampling two states it cannot tell apart gave different worlds"


Outcome = tuple[list[dict[str, Any]], dict[str, Any], bool]
"""What a seat observes of one action: the events it receives (redacted for it), its view afterwards, and whether
the game is over."""


def observe_action(state: State[Any], action: Any, seat: int, chance: int) -> Outcome:
    """What ``seat`` observes when ``action`` is played in (a clone of) ``state``, with chance seeded by ``chance``.

    Chance is coupled: both worlds a check compares get the same fresh RNG, so a draw whose outcome only the
    size of a pile decides (a spiral coin, the n-th card) comes out the same in both."""
    c = state.clone()
    c.rng = Rng(chance)
    events = c.apply(action)
    return [e.for_seat(seat) for e in events], c.view(seat), c.is_terminal()


ASKING = ("to_move", "phase", "decision")
"""View fields that say who is asked and for which decision (each game's view has some of them at the top)."""


def skeleton(obj: Any) -> Any:
    """A JSON value with every string and number replaced by its type: its shape without its contents."""
    if isinstance(obj, dict):
        return {k: skeleton(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [skeleton(v) for v in obj]
    if isinstance(obj, bool) or obj is None:
        return obj
    return type(obj).__name__


def same_to_seat(a: Outcome, b: Outcome) -> bool:
    """True when two outcomes look alike to the seat: the same events, then the same asking (who is to move, for
    which decision) in views of the same shape. Once an event both have at the same place differs in its data (a
    card shown, a die rolled), the seat was told something new and whatever follows from it may differ. An event
    one outcome has and the other lacks, events of different kinds, or equal events followed by another seat or
    decision being asked mean the shape of what happened depended on something the seat could not know."""
    ea, va, over_a = a
    eb, vb, over_b = b
    if over_a or over_b:
        return True  # the end is announced to all, with everything it shows (a win can turn on hidden roles)
    for x, y in zip(ea, eb, strict=False):
        if x != y:
            return bool(x["kind"] == y["kind"])
    if len(ea) != len(eb):
        return False
    if va == vb:
        return True
    return all(va.get(k) == vb.get(k) for k in ASKING) and skeleton(va) == skeleton(vb)


def announcement(o: Outcome) -> Any:
    """How an action shows itself to the seat: its first event, or for a silent action what the view shows after
    it apart from the asking (who is asked, for which decision) — a card laid on the table or the skill being
    started shows, a face-down choice does not."""
    if o[0]:
        return o[0][0]
    view = {k: v for k, v in o[1].items() if k not in ASKING}
    if isinstance(view.get("pending"), dict):  # keep what the prompt is about, not whom it asks for what step
        view["pending"] = {k: v for k, v in view["pending"].items() if k not in ("frame", "seat", "kind")}
    return json.dumps(view, sort_keys=True)


BUILD_PATHS = 24
"""How many ways of completing a build ``check_decision_shape`` follows from one first step (in action order)."""


def build_outcomes(state: State[Any], action: Any, seat: int, chance: int) -> list[Outcome] | None:
    """What ``seat`` observes of a play the mover begins to build with ``action`` (``cancel`` legal after it): its
    steps show the seat nothing, so it observes the ways the build is completed (up to ``BUILD_PATHS``, each
    followed by forward actions, chance coupled at the commit as in ``observe_action``). ``None`` when ``action``
    starts no build, or ``seat`` is the mover (who sees every step)."""
    if seat == state.current_player():
        return None
    c = state.clone()
    c.apply(action)
    if not c.can_cancel():
        return None
    out: list[Outcome] = []
    todo = [c]
    while todo and len(out) < BUILD_PATHS:
        x = todo.pop()
        for b in reversed(x.forward_actions()):
            y = x.clone()
            y.rng = Rng(chance)
            events = y.apply(b)
            if y.can_cancel():
                todo.append(y)
            else:
                out.append(([e.for_seat(seat) for e in events], y.view(seat), y.is_terminal()))
    return out


def _shape_mismatch(s: State[Any], w: State[Any], seat: int, chance: int) -> str | None:
    """The first action of the mover in ``s`` with no counterpart in ``w`` (see ``check_decision_shape``)."""
    legal_w = w.legal_actions()
    outcomes_w: dict[Any, Outcome] = {}
    every_w: list[Outcome] = []
    for a in legal_w:
        built = build_outcomes(w, a, seat, chance)
        if built is None:
            outcomes_w[a] = observe_action(w, a, seat, chance)
            every_w.append(outcomes_w[a])
        else:
            every_w += built
    for a in s.legal_actions():
        built = build_outcomes(s, a, seat, chance)
        for out in [observe_action(s, a, seat, chance)] if built is None else built:
            if built is None and a in outcomes_w:
                if not same_to_seat(out, outcomes_w[a]):
                    return _describe_mismatch(a, out, outcomes_w[a])
            elif not any(same_to_seat(out, o) for o in every_w):
                told = announcement(out)
                if any(announcement(o) == told for o in every_w):
                    return f"{a} (not legal there, and no action announced the same way looks the same): events " \
                           f"{out[0]}, to move {out[1].get('to_move')}, " \
                           f"phase {out[1].get('phase', out[1].get('decision'))}"
                # Announced as nothing in ``w`` could be (a card used face up): the mover's choice itself tells the
                # seat about its hand, which is no fault of the rules.
    return None


def _describe_mismatch(a: Any, x: Outcome, y: Outcome) -> str:
    keys = sorted(k for k in set(x[1]) | set(y[1]) if x[1].get(k) != y[1].get(k))
    return f"{a}: events {x[0]} vs {y[0]}; view fields differing: {keys} " \
           f"({ {k: x[1].get(k) for k in keys[:4]} } vs { {k: y[1].get(k) for k in keys[:4]} })"


def check_decision_shape(game: Game[Any], seeds: Iterable[int], every: int = 4, policy: Policy | None = None,
                         states: Iterable[State[Any]] | None = None) -> None:
    """Whether a seat is asked, and what the others see of the asking, depends only on what they may know.

    For sampled states ``s`` and every seat ``p``, a world ``w = s.resample(p, rng)`` is one ``p`` cannot tell
    from ``s``; so ``p`` must not be able to tell them apart after the next action either. The same seat is to
    move in both; and every action of the mover in ``s`` has a counterpart in ``w`` — the same action where it is
    legal in both, else (a choice ``p`` cannot see, such as which face-down card) any legal action — that ``p``
    observes identically (``same_to_seat``: the same events and then the same asking, unless an event shows ``p``
    something new or the game ends), and conversely. An action not legal in ``w`` whose announcement (its first
    event, or what a silent one shows: ``announcement``) no action of ``w`` shares needs no counterpart: the mover showed ``p`` a card or a choice that ``w``
    lacks, and a choice that tells about the chooser's hand is play, not a leak of the rules. The mover's own seat
    is checked too: its own action must not lead to a shape that depends on the others' hidden cards. Chance is
    coupled (``observe_action``); checking every sampled state checks the mover's whole sequence of steps.

    This catches a step skipped because of a hidden card (an "action card" step skipped when a face-down card is
    a Joker), a window opened only for a seat that holds the answer, a phase that ends early because of what a
    hand holds — and a resample that deals a world the seat's observations rule out (a hero who started paying
    three red cards dealt one).

    A play built in steps (``State.can_cancel`` after the first) shows the other seats nothing until it is
    committed: for them, a step of it is no action, and what they observe of it is each way of completing it
    (``build_outcomes``); in the middle of a build they know only the decision where it started (``cancel``
    restores it, and their views are its views), so that decision is compared with their worlds. The mover's
    own seat is compared as it stands, step by step, build and all (its worlds keep the build)."""
    rng = Rng(2024)
    pool = states if states is not None else sample_states(game, seeds, every=every, policy=policy)
    cancel = game.codec.cancel
    for s in pool:
        if s.is_terminal():
            continue
        chance = rng.next64()
        start = None
        if cancel is not None and s.can_cancel():
            start = s.clone()
            start.apply(cancel)
        for p in range(game.num_seats):
            w = s.resample(p, rng)
            assert w.current_player() == s.current_player(), \
                f"seat {p}: a world it cannot tell from this one has seat {w.current_player()} to move, not " \
                f"{s.current_player()}"
            known = start if start is not None and p != s.current_player() else s
            for x, y, which in ((known, w, "the true state"), (w, known, "a resampled world")):
                bad = _shape_mismatch(x, y, p, chance)
                assert bad is None, (
                    f"seat {p} can tell {which} from another it cannot tell it from, by what happens after "
                    f"seat {s.current_player()}'s action {bad}\nstate: {s.view(p)}")


def check_resample_keeps_sightings(game: Game[Any], seeds: Iterable[int], every: int = 3, worlds: int = 3,
                                   policy: Policy | None = None, states: Iterable[State[Any]] | None = None) -> None:
    """Every fact a seat was openly shown holds in every world resampled for it, until the card moves out of its
    sight: a card taken into a known hand, revealed and returned, looked at, placed face down by the seat itself.

    Each seat's facts come from ``game.sightings(seat)``, a tracker fed with that seat's own event stream along
    seeded playouts — an account independent of the knowledge masks that views and ``resample`` use. Every fact
    must be true of the real state (else the tracker misreads the log) and of ``worlds`` resampled worlds. Games
    without a tracker (``sightings`` returns ``None``) are not checked. With ``states`` (positions set up by a
    test) each given state is checked instead, its trackers fed with its whole log."""
    if game.sightings(0) is None:
        return
    rng = Rng(99)
    if states is not None:
        for k, given in enumerate(states):
            _check_sightings(given, _trackers_for(game, given), rng, worlds, f"given state {k}")
        return
    for seed in seeds:
        state = game.new_initial_state(seed)
        trackers = _trackers_for(game, state)
        pick = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                _check_sightings(state, trackers, rng, worlds, f"seed {seed}, step {step}")
            action = pick.choice(state.forward_actions()) if policy is None else policy(state, pick)
            events = state.apply(action)
            for p, t in enumerate(trackers):
                for e in events:
                    t.feed(e.for_seat(p))
                t.look(state.view(p))
            step += 1
            assert step < MAX_DECISIONS, f"seed {seed}: the game did not end"


def _trackers_for(game: Game[Any], state: State[Any]) -> list[Any]:
    """One sightings tracker per seat, fed with everything that seat's log shows of ``state`` so far."""
    trackers = [game.sightings(p) for p in range(game.num_seats)]
    for p, t in enumerate(trackers):
        assert t is not None
        for record in state.log(p):
            t.feed(record)
        t.look(state.view(p))
    return trackers


def _check_sightings(state: State[Any], trackers: list[Any], rng: Rng, worlds: int, where: str) -> None:
    places = state.card_places()
    assert places is not None, "the game has a sightings tracker but no card_places()"
    truth = Counter(places)
    for p, t in enumerate(trackers):
        facts = t.facts()
        wrong = facts - truth
        assert not wrong, f"{where}: seat {p}'s log is read as {sorted(wrong)}, which is false"
        for _ in range(worlds):
            w = state.resample(p, rng)
            lost = facts - Counter(w.card_places() or ())
            assert not lost, (
                f"{where}: seat {p} was shown {sorted(lost)}, but a world resampled for it puts "
                f"{'that card' if len(lost) == 1 else 'those cards'} elsewhere")


def strings_in(obj: Any) -> Iterator[str]:
    """Every string in a JSON-like value (dict keys included): what a leak scanner compares with secrets."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield str(k)
            yield from strings_in(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from strings_in(v)


def check_no_leaks(game: Game[Any], seeds: Iterable[int]) -> None:
    """No card a seat has never been shown appears in its view or its event stream (seats and spectators);
    views are JSON-safe."""
    for s in sample_states(game, seeds, every=3):
        for seat in [*range(game.num_seats), None]:
            secret = s.never_shown(seat)
            view = s.view(seat)
            json.dumps(view)
            leaked = secret.intersection(strings_in(view))
            assert not leaked, f"seat {seat} sees {sorted(leaked)} in its view"
            leaked = secret.intersection(strings_in(s.log(seat)))
            assert not leaked, f"seat {seat} sees {sorted(leaked)} in its event log"


def check_determinism(game: Game[Any], seeds: Iterable[int]) -> None:
    """The same seed and choices give the same game; different seeds give different deals."""
    finals = []
    for seed in seeds:
        a, _ = random_playout(game, seed)
        b, _ = random_playout(game, seed)
        assert a.to_json() == b.to_json(), f"seed {seed}: two identical runs differ"
        finals.append(json.dumps(a.view(None), sort_keys=True))
    if len(finals) > 2:
        assert len(set(finals)) > 1, "every seed produced the same game"


def check_prices_are_blind(game: Game[Any], seeds: Iterable[int]) -> None:
    """Every legal action's price (``Game.action_price``) is text or ``None``, and it reads the same, in each
    language, in a world the mover cannot tell from this one (``resample``): a price told to the player must come
    from what the player knows, or the price itself would leak the hidden cards."""
    rng = Rng(31337)
    for s in sample_states(game, seeds, every=3):
        if s.is_terminal():
            continue
        p = s.current_player()
        w = s.resample(p, rng)
        for a in s.legal_actions():
            for lang in ("en", "zh"):
                price = game.action_price(s, a, lang)
                assert price is None or isinstance(price, str) and price.strip(), \
                    f"the price of {a} is {price!r}: text or None"
                again = game.action_price(w, a, lang)
                assert price == again, (
                    f"seat {p}: the price of {a} ({lang}) is {price!r} here but {again!r} in a world it cannot tell "
                    f"from this one\nstate: {s.view(p)}")


CANCEL_RATE = 1 / 3
"""How often ``check_cancel``'s playouts take ``cancel`` where it is offered (at most ``CANCELS_PER_BUILD`` times
running from one start, so each build is also finished)."""
CANCELS_PER_BUILD = 2


def _without_history(state: State[Any]) -> Json:
    """Everything of ``state`` but its action history, as a copy (``to_json`` may share the state's lists)."""
    data: Json = json.loads(json.dumps(state.to_json()))
    del data["history"]
    return data


def _others_see(state: State[Any], mover: int) -> list[tuple[Any, Any]]:
    """Every other seat's (and a spectator's) view and log: what a build in progress must not change."""
    return [(state.view(p), state.log(p)) for p in [*range(state.num_seats), None] if p != mover]


def check_cancel(game: Game[Any], seeds: Iterable[int]) -> None:
    """``cancel`` (``ActionCodec.cancel``) takes a play still being built back to the decision where it started.

    Along seeded random playouts that take ``cancel`` a third of the times it is offered: it is legal only after an
    action that started a build by the same seat, and only while nothing of it was shown to anyone — every other
    seat's and a spectator's view and log are those of the start; applied, it gives exactly the state of the start
    (its JSON, log and RNG included, all but the action history), where it is not legal; and the playout, cancels
    and all, replays from its seed and action list. Games without ``cancel`` pass trivially."""
    cancel = game.codec.cancel
    if cancel is None:
        return
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        actions: list[Any] = []
        start: tuple[Json, int, list[tuple[Any, Any]]] | None = None  # the build's start: state, mover, others' sight
        before: State[Any] | None = None
        taken = 0
        for _ in range(MAX_DECISIONS):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            mover = state.current_player()
            building = legal[-1] is cancel
            if building:
                assert start is not None, f"seed {seed}: cancel is offered, but no action started a build"
                json0, mover0, sight0 = start
                assert mover == mover0, f"seed {seed}: seat {mover} may cancel the build seat {mover0} started"
                assert _others_see(state, mover) == sight0, \
                    f"seed {seed}: the others see seat {mover}'s build in progress ({actions[-1]})"
                back = state.clone()
                back.apply(cancel)
                assert _without_history(back) == json0, \
                    f"seed {seed}: cancel after {actions[-1]} does not give back the state where the build started"
                assert not back.can_cancel(), f"seed {seed}: cancel is still offered after cancelling"
            if building and taken < CANCELS_PER_BUILD and rng.random() < CANCEL_RATE:
                action = cancel
                taken += 1
            else:
                choices = state.forward_actions()
                action = rng.choice(choices)
            if not building:
                before = state.clone()
            actions.append(action)
            state.apply(action)
            if action == cancel:
                start = None
                continue
            if not state.can_cancel():
                start, taken = None, 0
            elif start is None:
                assert before is not None and not building, \
                    f"seed {seed}: {action} ended one build and began another without a decision between"
                start = (_without_history(before), mover, _others_see(before, mover))
        else:
            raise AssertionError(f"seed {seed}: the game did not end within {MAX_DECISIONS} decisions")
        again = game.replay(seed, [str(a) for a in actions])
        assert again.to_json() == state.to_json(), f"seed {seed}: a game with cancels does not replay"


ALL_CHECKS: dict[str, Callable[..., None]] = {
    "cancel": check_cancel,
    "random_playouts": check_random_playouts,
    "clone_and_json": check_clone_and_json,
    "illegal_actions": check_illegal_actions,
    "replay": check_replay,
    "resample": check_resample,
    "resample_is_blind": check_resample_is_blind,
    "decision_shape": check_decision_shape,
    "resample_keeps_sightings": check_resample_keeps_sightings,
    "no_leaks": check_no_leaks,
    "prices_are_blind": check_prices_are_blind,
    "determinism": check_determinism,
}
"""Checks that take ``(game, seeds)``; ``check_action_notation`` takes the game alone."""
