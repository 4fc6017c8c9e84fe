"""The command-line tool: every command run through Typer's CliRunner, plus the lab's statistics."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import tablecraft
from tablecraft import agents, cli
from tablecraft.agents import make_agent, observe
from tablecraft.core.actions import Action
from tablecraft.games.wizard_towers.render import FACE_DOWN, render_view
from tablecraft.i18n import CATALOGUE, lang_from_env, t
from tablecraft.lab.simulate import RECORD_KEYS, play_game, run_games, summarise, wilson_interval

GAME = "wizard-towers"
# a wide terminal keeps long lines (damage explanations, errors) on one line for the assertions
ENV = {"COLUMNS": "250", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env=ENV)


def invoke(runner: CliRunner, *args: str, input: str | None = None) -> Result:
    return runner.invoke(cli.app, list(args), input=input)


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """20 games simulated in two processes: the JSONL file and the command's output."""
    out = tmp_path_factory.mktemp("sim") / "games.jsonl"
    result = CliRunner(env=ENV).invoke(
        cli.app, ["simulate", GAME, "-n", "20", "--jobs", "2", "--seed", "100", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    return out, result.output


# ------------------------------------------------------------------------------------------ games, rules
def test_games_lists_wizard_towers_with_names_seats_and_defaults(runner: CliRunner) -> None:
    result = invoke(runner, "games", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "wizard-towers" in result.output
    assert "巫师塔" in result.output and "Wizard Towers" in result.output
    assert "wizard_hp=150" in result.output


def test_games_speaks_chinese_when_the_locale_is_chinese() -> None:
    result = CliRunner(env={**ENV, "LC_ALL": "zh_CN.UTF-8"}).invoke(cli.app, ["games"])
    assert result.exit_code == 0, result.output
    assert "已注册的游戏" in result.output and "座位数" in result.output


def test_rules_design_prints_the_designers_record_heading(runner: CliRunner) -> None:
    path = cli.RULES_DIR / f"{GAME}.md"
    if not path.is_file():
        pytest.skip(f"{path} is not written yet")
    heading = next(line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#"))
    result = invoke(runner, "rules", GAME, "--design")
    assert result.exit_code == 0, result.output
    title = re.sub(r"[`*_]", "", heading.lstrip("# ").strip())  # Markdown shows code and emphasis unmarked
    assert title[:20] in result.output


def test_rules_of_an_unknown_game_exit_2_with_one_line(runner: CliRunner) -> None:
    result = invoke(runner, "rules", "no-such-game")
    assert result.exit_code == 2
    assert "unknown game 'no-such-game'" in result.output
    assert "Traceback" not in result.output


# ---------------------------------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["simulate", "chess", "-n", "2"], "unknown game 'chess'"),
        (["bench", "chess"], "unknown game 'chess'"),
        (["play", GAME, "--option", "wizard_hp=lots"], "option wizard_hp: 'lots' is not a int"),
        (["simulate", GAME, "-n", "2", "-o", "no_such=1"], "has no option 'no_such'"),
        (["simulate", GAME, "-n", "2", "-o", "wizard_hp"], "must look like key=value"),
        (["play", GAME, "-o", "substitute=both"], "is not one of joint, alone"),
        (["play", GAME, "--seat", "green"], "no seat 'green'"),
        (["simulate", GAME, "-n", "2", "--bots", "random,genius,random"], "unknown bot 'genius'"),
        (["simulate", GAME, "-n", "2", "--bots", "wizard=hard|warrior=genius"], "unknown bot 'wizard=hard|warrior=genius'"),
        (["simulate", GAME, "-n", "2", "--bots", "wizard=hard|wizard=normal"], "names role 'wizard' twice"),
        (["simulate", GAME, "-n", "0"], "-n must be at least 1"),
        (["play"], "name a GAME"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(runner: CliRunner, args: list[str], message: str) -> None:
    result = invoke(runner, *args, "--lang", "en")
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_malformed_setup_and_bad_json_files_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    bad_setup = tmp_path / "setup.json"
    bad_setup.write_text('{"hp": {"orange": 100}, "dragons": 3}', encoding="utf-8")
    result = invoke(runner, "play", GAME, "--setup", str(bad_setup))
    assert result.exit_code == 2 and "malformed setup" in result.output and "dragons" in result.output

    not_json = tmp_path / "broken.json"
    not_json.write_text("{hp: ", encoding="utf-8")
    result = invoke(runner, "play", GAME, "--setup", str(not_json))
    assert result.exit_code == 2 and "is not valid JSON" in result.output

    result = invoke(runner, "play", GAME, "--setup", str(tmp_path / "missing.json"))
    assert result.exit_code == 2 and "cannot read" in result.output

    result = invoke(runner, "replay", str(not_json))
    assert result.exit_code == 2 and "is not valid JSON" in result.output


# ------------------------------------------------------------------------------------------------ play
DAMAGE_LINE = re.compile(r"takes \d+ battle damage: .+ = \d+ \(HP -?\d+\)")


def test_play_choosing_the_first_action_each_time_reaches_a_result(runner: CliRunner) -> None:
    result = invoke(runner, "play", GAME, "--seed", "0", "--bots", "random", "--lang", "en", input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Your choices" in out and "draw orange" in out  # numbered legal actions with notation
    assert "Towers" in out and FACE_DOWN in out  # the board, with face-down tower cards
    assert DAMAGE_LINE.search(out), "no battle damage explanation was shown"
    tail = out[out.rindex("Result"):]
    assert "Winners: purple" in tail and "You lost." in tail


def test_play_in_chinese_shows_chinese_choices_and_result(runner: CliRunner) -> None:
    result = invoke(runner, "play", GAME, "--seed", "0", "--bots", "random", "--lang", "zh", input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    assert "你的选择" in result.output and "从橙袋抓一张" in result.output
    assert "获胜：紫" in result.output and "受到战斗伤害" in result.output


def test_garbled_and_illegal_input_reprompt_with_the_reason(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "g.save.json"
    script = "xyz\n99\nattack purple\ndraw blue\n"
    result = invoke(runner, "play", GAME, "--seed", "5", "--save", str(save), "--lang", "en", input=script)
    out = result.output
    assert "Not accepted: 'xyz' is not an action of this game" in out
    assert "Not accepted: 99 is not a choice: pick 1 to 4" in out
    # "attack purple" is a real action but not legal while drawing: the engine's reason is shown
    assert "Not accepted: illegal action attack purple" in out
    assert out.count("Choose (number or notation") >= 5
    # only the accepted input was played
    assert json.loads(save.read_text(encoding="utf-8"))["actions"] == ["draw blue"]


def test_play_accepts_notation_as_well_as_numbers(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "n.save.json"
    result = invoke(runner, "play", GAME, "--seed", "5", "--save", str(save), input="  draw   green \n")
    assert result.exit_code == cli.EXIT_INTERRUPTED
    # orange's first decision was the typed one (the bots may have moved after it)
    assert json.loads(save.read_text(encoding="utf-8"))["actions"][0] == "draw green"


def test_ctrl_c_saves_the_game_and_tells_how_to_resume(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["1", "1"])

    def prompt(*args: object, **kwargs: object) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(cli.typer, "prompt", prompt)
    monkeypatch.chdir(tmp_path)
    result = invoke(runner, "play", GAME, "--seed", "9", "--seat", "blue", "--lang", "en")
    assert result.exit_code == cli.EXIT_INTERRUPTED, result.output
    path = tmp_path / "tablecraft-wizard-towers-seed9.save.json"
    assert f"Game saved to {path}" in result.output
    assert f"--resume {path}" in result.output
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["game"] == GAME and saved["seed"] == 9 and saved["seat"] == 1 and saved["setup"] is None
    assert saved["bots"] == ["normal", None, "normal"]  # bots play at the normal level unless told otherwise
    assert saved["options"] == tablecraft.load(GAME).options
    # the record replays: every saved action is legal in order, and blue made exactly two of the decisions
    state = tablecraft.load(GAME).new_initial_state(9)
    deciders = []
    for action in saved["actions"]:
        deciders.append(state.current_player())
        state.apply(action)
    assert deciders.count(1) == 2
    assert state.current_player() == 1  # interrupted while blue was choosing


def test_save_and_load_session_rebuild_the_same_position(tmp_path: Path) -> None:
    game = tablecraft.load(GAME, wizard_hp=80)
    session = cli.PlaySession(game, seed=4, setup=None, human=2, bots=["random", "random", None], lang="en")
    session.start()
    assert session.state is not None
    rng = random.Random(1)
    for _ in range(40):
        action = rng.choice(session.state.legal_actions())
        session.state.apply(action)
        session.actions.append(str(action))
    path = cli.save_session(session, tmp_path / "deep" / "game.save.json")
    loaded = cli.load_session(path)
    loaded.start()
    assert loaded.state is not None
    assert loaded.game.options["wizard_hp"] == 80 and loaded.human == 2
    assert loaded.state.to_json() == session.state.to_json()


def test_resume_continues_a_saved_game_to_the_end(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "r.save.json"
    first = invoke(runner, "play", GAME, "--seed", "5", "--save", str(save), input="1\n1\n")
    assert first.exit_code == cli.EXIT_INTERRUPTED
    assert len(json.loads(save.read_text(encoding="utf-8"))["actions"]) >= 2
    result = invoke(runner, "play", "--resume", str(save), "--lang", "en", input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Winners:" in result.output or "A draw" in result.output


def test_resume_refuses_another_game_id(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "x.save.json"
    invoke(runner, "play", GAME, "--seed", "5", "--save", str(save), input="1\n")
    result = invoke(runner, "play", "chess", "--resume", str(save), "--lang", "en")
    assert result.exit_code == 2 and "the save file is for wizard-towers, not chess" in result.output


# -------------------------------------------------------------------------------------- simulate, replay
def test_simulate_writes_one_replayable_line_per_game_and_win_rates(simulated: tuple[Path, str]) -> None:
    path, output = simulated
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 20
    records = [json.loads(line) for line in lines]
    assert [r["seed"] for r in records] == list(range(100, 120))
    game = tablecraft.load(GAME)
    for r in records:
        assert set(RECORD_KEYS) <= set(r) and r["setup"] is None and r["decisions"] == len(r["actions"])
        state = game.replay(r["seed"], r["actions"])
        assert state.is_terminal() and state.winners() == r["winners"] and state.returns() == r["returns"]
    assert "win rate" in output and "95% CI (Wilson)" in output
    assert re.search(r"purple .* \[\d+\.\d%, \d+\.\d%\]", output)
    assert "Draws:" in output and "Length: mean" in output and "Turns: mean" in output


def test_simulate_is_the_same_in_one_process_and_in_two(
    runner: CliRunner, simulated: tuple[Path, str], tmp_path: Path
) -> None:
    out = tmp_path / "one.jsonl"
    result = invoke(runner, "simulate", GAME, "-n", "20", "--seed", "100", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == simulated[0].read_text(encoding="utf-8")


def test_replay_prints_every_action_and_the_result(runner: CliRunner, simulated: tuple[Path, str]) -> None:
    path, _ = simulated
    record = json.loads(path.read_text(encoding="utf-8").splitlines()[2])
    result = invoke(runner, "replay", str(path), "--game-index", "2", "--lang", "en")
    assert result.exit_code == 0, result.output
    out = result.output
    n = len(record["actions"])
    assert f"{n} actions, seen by a spectator" in out
    assert re.search(rf"^\s*{n}\. \w+: .*\[{re.escape(record['actions'][-1])}\]", out, re.M)
    assert "Game over" in out
    names = ", ".join(tablecraft.load(GAME).seat_name(w) for w in record["winners"])
    assert (f"Winners: {names}" if names else "A draw") in out


def test_replay_as_a_seat_hides_the_other_seats_choices(runner: CliRunner, simulated: tuple[Path, str]) -> None:
    path, _ = simulated
    record = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    result = invoke(runner, "replay", str(path), "--seat", "orange", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "seen by orange" in result.output and "(hidden)" in result.output
    # the wizard's first tower swap names his card; orange must not learn it from the replay
    secret = [a for a in record["actions"] if a.startswith("swap ") and not a.startswith("swap left#")]
    for action in secret:
        assert f"[{action}]" not in result.output


def test_replay_reads_a_saved_play_file(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "p.save.json"
    invoke(runner, "play", GAME, "--seed", "5", "--save", str(save), input="1\n1\n")
    result = invoke(runner, "replay", str(save), "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "draw orange" in result.output
    assert "The record stops before the end of the game." in result.output


def test_replay_rejects_an_out_of_range_index(runner: CliRunner, simulated: tuple[Path, str]) -> None:
    result = invoke(runner, "replay", str(simulated[0]), "--game-index", "20", "--lang", "en")
    assert result.exit_code == 2 and "--game-index 20 is out of range 0..19" in result.output


def test_replay_names_the_first_illegal_action(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"game": GAME, "seed": 1, "actions": ["stop", "attack left"]}) + "\n")
    result = invoke(runner, "replay", str(path), "--lang", "en")
    assert result.exit_code == 2
    assert "action 2 (attack left)" in result.output and "illegal action" in result.output


# ------------------------------------------------------------------------------------------------ bench
def test_bench_prints_speeds_as_a_table_and_as_json(runner: CliRunner) -> None:
    result = invoke(runner, "bench", GAME, "--games", "3", "--lang", "en")
    assert result.exit_code == 0, result.output
    for label in ("games/s", "decisions/s", "clone (µs, mid-game)"):
        assert label in result.output
    result = invoke(runner, "bench", GAME, "--games", "3", "--seed", "7", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 3 and data["seed"] == 7 and data["decisions"] > 0
    assert data["games_per_s"] > 0 and data["decisions_per_s"] > 0 and data["clone_us"] > 0


# ------------------------------------------------------------------------------------ lab, agents, i18n
def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson_interval(10, 10)
    assert lo == pytest.approx(0.7225, abs=1e-4) and hi == 1.0
    lo, hi = wilson_interval(81, 263)  # Wilson (1927)-style textbook example: 0.3080 [0.2553, 0.3662]
    assert lo == pytest.approx(0.2553, abs=1e-4) and hi == pytest.approx(0.3662, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_summary_counts_wins_draws_and_lengths() -> None:
    records = [
        {"winners": [2], "returns": [-1, -1, 1], "decisions": 10, "turns": 4},
        {"winners": [], "returns": [0, 0, 0], "decisions": 30, "turns": 9},
        {"winners": [0, 1], "returns": [1, 1, -1], "decisions": 20, "turns": 5},
        {"winners": [], "returns": [-1, -1, -1], "decisions": 20, "turns": 5},
    ]
    s = summarise(records, 3)
    assert s.wins == [1, 1, 1] and s.draws == 1 and s.losses == 1  # a shared defeat is no draw
    assert s.mean_decisions == 20 and s.max_decisions == 30 and s.max_turns == 9
    assert s.intervals[0] == wilson_interval(1, 4)


def test_play_game_gives_each_bot_its_own_seat_view_and_the_legal_actions() -> None:
    game = tablecraft.load(GAME)
    calls: list[tuple[int, list[str]]] = []

    class Spy:
        name = "spy"

        def act(self, obs: agents.Observation, rng: random.Random) -> Action:
            calls.append((obs.view["seat"], [str(a) for a in obs.legal_actions]))
            return obs.legal_actions[-1]

    agents.AGENTS["spy"] = lambda game, **params: Spy()
    try:
        record = play_game(game, seed=2, bots=("spy", "random", "spy"))
    finally:
        del agents.AGENTS["spy"]
    # replaying the record shows who decided each time and what was legal then; a forced step asks nobody
    state = game.new_initial_state(2)
    expected = []
    for text in record["actions"]:
        seat = state.current_player()
        legal = [str(a) for a in state.legal_actions()]
        if len(legal) == 1:
            assert text == legal[0]
        elif seat != 1:
            expected.append((seat, legal))
            assert text == legal[-1]
        state.apply(text)
    assert calls == expected
    assert record["bots"] == ["spy", "random", "spy"] and record["winners"] == state.winners()


def test_random_agent_picks_legal_actions_reproducibly() -> None:
    game = tablecraft.load(GAME)
    state = game.new_initial_state(seed=3)
    agent = make_agent("random", game)
    legal = state.legal_actions()
    picks = [agent.act(observe(state), random.Random(11)) for _ in range(3)]
    assert picks[0] in legal and picks == [picks[0]] * 3
    with pytest.raises(KeyError, match="unknown agent"):
        make_agent("oracle", game)


def test_language_comes_from_the_locale() -> None:
    assert lang_from_env({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert lang_from_env({"LC_ALL": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"}) == "zh"
    assert lang_from_env({"LC_ALL": "en_GB.UTF-8", "LANG": "zh_CN.UTF-8"}) == "en"
    assert lang_from_env({}) == "en"


def test_every_message_exists_in_both_languages() -> None:
    for key, entry in CATALOGUE.items():
        assert set(entry) == {"en", "zh"}, key
        assert entry["en"].count("{") == entry["zh"].count("{"), key
    assert t("winners", "zh", names="紫") == "获胜：紫"


# ----------------------------------------------------------------------------------------------- render
def test_renderer_is_found_by_game_id_and_missing_ones_fall_back_to_json() -> None:
    assert cli.renderer_module(GAME) is not None
    assert cli.renderer_module("no-such-game") is None
    game = tablecraft.load(GAME)
    assert cli.seat_label(game, 2, "zh") == "紫" and cli.seat_label(game, 2, "en") == "purple"
    assert cli.parse_seat("蓝", game) == 1 and cli.parse_seat("2", game) == 2


def _text(renderable: object) -> str:
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_board_shows_own_hand_hides_others_and_face_down_towers() -> None:
    game = tablecraft.load(GAME)
    setup = {"hands": {"orange": ["AS", "KD"], "blue": ["JKR"], "purple": ["7H", "7C"]},
             "towers": {"left": ["2S"], "right": ["3S"], "main": ["4S", "5S"]}, "junk": ["9D"]}
    state = game.new_initial_state(seed=1, setup=setup)
    text = _text(render_view(state.view(0), "en"))
    assert "A♠ K♦" in text and "JKR" not in text and "7♥" not in text
    assert f"{FACE_DOWN}×1" in text and f"{FACE_DOWN}×2" in text  # blue's and purple's hidden cards
    assert "2♠" not in text and text.count(FACE_DOWN) >= 4 + 2  # four face-down tower cards
    assert "9♦" in text  # the junk's known card
    zh = _text(render_view(state.view(2), "zh"))
    assert "巫师塔" in zh and "血量" in zh and "7♥ 7♣" in zh and "废品包裹" in zh


def test_statistics_only_runs_drop_the_action_lists() -> None:
    game = tablecraft.load(GAME)
    records = run_games(game, ["random"] * 3, [1, 2], keep_actions=False)
    assert [r["seed"] for r in records] == [1, 2] and all("actions" not in r for r in records)
    full = run_games(game, ["random"] * 3, [1, 2])
    assert [r["decisions"] for r in records] == [len(r["actions"]) for r in full]


def test_simulate_plays_every_game_from_a_setup_file_in_one_process_and_in_two(runner: CliRunner,
                                                                                 tmp_path: Path) -> None:
    setup = tmp_path / "position.json"
    setup.write_text(json.dumps({"hp": {"orange": 5, "blue": 5, "purple": 5}}), encoding="utf-8")
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"from-setup-{jobs}.jsonl"
        result = invoke(runner, "simulate", GAME, "-n", "6", "--jobs", jobs, "--setup", str(setup), "--out", str(out))
        assert result.exit_code == 0, result.output
        records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
        assert all(r["setup"] == {"hp": {"orange": 5, "blue": 5, "purple": 5}} for r in records)
        game = tablecraft.load(GAME)
        for r in records:  # every record replays from its setup
            assert game.replay(r["seed"], r["actions"], r["setup"]).winners() == r["winners"]
        outs.append(out.read_text(encoding="utf-8"))
    assert outs[0] == outs[1]


def test_simulate_refuses_a_malformed_setup_before_playing(runner: CliRunner, tmp_path: Path) -> None:
    setup = tmp_path / "bad.json"
    setup.write_text(json.dumps({"hands": {"orange": ["ZZ"]}}), encoding="utf-8")
    result = invoke(runner, "simulate", GAME, "-n", "3", "--setup", str(setup))
    assert result.exit_code == 2
    assert "ZZ" in result.output and "Traceback" not in result.output
