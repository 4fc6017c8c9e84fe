"""The command-line tool's wording in English and Chinese: one small catalogue, looked up with ``t``.

Games word their own actions and events (``Game.describe_action`` / ``describe_event``); this catalogue holds
only what the tool itself says: headings, prompts, results and errors.

>>> t("winners", "en", names="orange")
'Winners: orange'
>>> t("winners", "zh", names="橙")
'获胜：橙'
>>> lang_from_env({"LANG": "zh_CN.UTF-8"}), lang_from_env({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"})
('zh', 'en')
"""

from __future__ import annotations

import os
from collections.abc import Mapping

LANGS = ("en", "zh")
"""The languages the tool speaks."""

CATALOGUE: dict[str, dict[str, str]] = {
    # games / rules
    "col_id": {"en": "id", "zh": "编号"},
    "col_name_zh": {"en": "中文名", "zh": "中文名"},
    "col_name_en": {"en": "English name", "zh": "英文名"},
    "col_seats": {"en": "seats", "zh": "座位数"},
    "col_options": {"en": "options (default)", "zh": "选项（默认值）"},
    "games_title": {"en": "Registered games", "zh": "已注册的游戏"},
    "no_rules": {"en": "no rules document for {game}: {path} does not exist",
                 "zh": "{game} 没有规则文档：{path} 不存在"},
    # play
    "you_play": {"en": "You play {seat}; seed {seed}. Bots: {bots}.",
                 "zh": "你执 {seat}；种子 {seed}。机器人：{bots}。"},
    "events": {"en": "What happened", "zh": "发生了什么"},
    "legal_title": {"en": "Your choices", "zh": "你的选择"},
    "col_no": {"en": "#", "zh": "#"},
    "col_action": {"en": "action", "zh": "行动"},
    "col_notation": {"en": "notation", "zh": "记法"},
    "col_price": {"en": "costs you", "zh": "代价"},
    "prompt": {"en": "Choose (number or notation; ? for help; Ctrl-C saves and quits)",
               "zh": "请选择（编号或记法；? 查看帮助；Ctrl-C 保存并退出）"},
    "help_title": {"en": "Help: this decision and the cards in view", "zh": "帮助：这一步的规则和你看得到的牌"},
    "no_help": {"en": "This game has no players' rules page.", "zh": "这个游戏没有玩家规则页。"},
    "illegal_now": {"en": "{action} is not allowed now; pick 1 to {n}",
                    "zh": "现在不能这样做：{action}。请从列出的 1 到 {n} 项中选择"},
    "illegal_not_yours": {"en": "it is {seat}'s decision now, not yours ({action})",
                          "zh": "现在轮到{seat}决定，不是你（{action}）"},
    "bad_input": {"en": "{text!r} is no choice; pick 1 to {n}", "zh": "看不懂“{text}”：请输入 1 到 {n} 的编号，或列表中的记法"},
    "empty_input": {"en": "type a number from 1 to {n} or an action's notation",
                    "zh": "请输入 1 到 {n} 的编号，或行动的记法"},
    "bad_number": {"en": "{n} is not a choice: pick 1 to {max}", "zh": "没有第 {n} 项：请选 1 到 {max}"},
    "try_again": {"en": "Not accepted: {reason}", "zh": "无效：{reason}"},
    "saved": {"en": "Game saved to {path}", "zh": "对局已保存到 {path}"},
    "resume_hint": {"en": "Resume with: tablecraft play --resume {path}",
                    "zh": "继续对局：tablecraft play --resume {path}"},
    "result": {"en": "Result", "zh": "结果"},
    "winners": {"en": "Winners: {names}", "zh": "获胜：{names}"},
    "draw": {"en": "A draw: nobody wins", "zh": "平局：无人获胜"},
    "all_lose": {"en": "Everyone loses", "zh": "全员落败"},
    "losses": {"en": "All lost: {k} ({rate})", "zh": "全员落败：{k}（{rate}）"},
    "you_won": {"en": "You won!", "zh": "你赢了！"},
    "you_lost": {"en": "You lost.", "zh": "你输了。"},
    "game_needed": {"en": "name a GAME, or give --resume FILE", "zh": "请指定游戏，或使用 --resume FILE"},
    "game_mismatch": {"en": "the save file is for {saved}, not {given}", "zh": "存档属于 {saved}，而不是 {given}"},
    "bad_seat": {"en": "no seat {seat!r}: seats are {seats}; type a name as shown (--seat \"{name}\") or an index "
                       "from 0 to {last} (--seat {index} for {name})",
                 "zh": "没有座位 {seat!r}：座位有 {seats}；请输入显示的名称（--seat \"{name}\"）或从 0 到 {last} 的编号"
                       "（{name}为 --seat {index}）"},
    "bad_bots": {"en": "--bots needs 1 or {n} names (comma-separated), got {count}",
                 "zh": "--bots 需要 1 个或 {n} 个名字（逗号分隔），实际为 {count} 个"},
    "unknown_bot": {"en": "unknown bot {name!r}; bots: {known}", "zh": "未知机器人 {name!r}；可用：{known}"},
    "bad_option": {"en": "--option {text!r} must look like key=value", "zh": "--option {text!r} 应写成 key=value"},
    "bad_file": {"en": "cannot read {path}: {reason}", "zh": "无法读取 {path}：{reason}"},
    "bad_json": {"en": "{path} is not valid JSON: {reason}", "zh": "{path} 不是有效的 JSON：{reason}"},
    "bad_save": {"en": "{path} is not a tablecraft game record: {reason}",
                 "zh": "{path} 不是 tablecraft 对局记录：{reason}"},
    "error": {"en": "error: {message}", "zh": "错误：{message}"},
    # simulate
    "simulating": {"en": "Simulating {n} games of {game}", "zh": "模拟 {game} {n} 局"},
    "col_seat": {"en": "seat", "zh": "座位"},
    "col_bot": {"en": "bot", "zh": "机器人"},
    "col_wins": {"en": "wins", "zh": "胜局"},
    "col_win_rate": {"en": "win rate", "zh": "胜率"},
    "col_ci": {"en": "95% CI (Wilson)", "zh": "95% 置信区间（Wilson）"},
    "sim_title": {"en": "{n} games of {game}", "zh": "{game} 共 {n} 局"},
    "draws": {"en": "Draws: {k} ({rate})", "zh": "平局：{k}（{rate}）"},
    "by_role": {"en": "Win rate by role", "zh": "各身份胜率"},
    "by_character": {"en": "Win rate by character", "zh": "各角色胜率"},
    "col_name": {"en": "name", "zh": "名称"},
    "col_games": {"en": "seats played", "zh": "出场"},
    "length": {"en": "Length: mean {mean:.1f}, max {max} decisions", "zh": "长度：平均 {mean:.1f}，最多 {max} 次决策"},
    "turns": {"en": "Turns: mean {mean:.1f}, max {max}", "zh": "回合：平均 {mean:.1f}，最多 {max}"},
    "wrote": {"en": "Wrote {n} games to {path}", "zh": "已写入 {n} 局到 {path}"},
    "bad_n": {"en": "-n must be at least 1", "zh": "-n 至少为 1"},
    "bad_jobs": {"en": "--jobs must be at least 1", "zh": "--jobs 至少为 1"},
    # replay
    "replay_head": {"en": "Replay of game {k}: {game}, seed {seed}, {n} actions, seen by {viewer}",
                    "zh": "回放第 {k} 局：{game}，种子 {seed}，{n} 步，视角：{viewer}"},
    "spectator": {"en": "a spectator", "zh": "旁观者"},
    "hidden_action": {"en": "(hidden)", "zh": "（不可见）"},
    "step_prompt": {"en": "Enter for the next action", "zh": "按回车看下一步"},
    "no_games": {"en": "{path} holds no games", "zh": "{path} 中没有对局"},
    "bad_index": {"en": "--game-index {k} is out of range 0..{max}", "zh": "--game-index {k} 超出范围 0..{max}"},
    "not_over": {"en": "The record stops before the end of the game.", "zh": "记录在对局结束前停止。"},
    # bench
    "bench_title": {"en": "Random playouts of {game} on one core", "zh": "{game} 单核随机对局"},
    "col_metric": {"en": "measure", "zh": "指标"},
    "col_value": {"en": "value", "zh": "数值"},
    "m_games": {"en": "games", "zh": "对局数"},
    "m_decisions": {"en": "decisions", "zh": "决策数"},
    "m_seconds": {"en": "seconds", "zh": "秒"},
    "m_games_s": {"en": "games/s", "zh": "局/秒"},
    "m_decisions_s": {"en": "decisions/s", "zh": "决策/秒"},
    "m_mean_len": {"en": "decisions per game", "zh": "每局决策数"},
    "m_clone": {"en": "clone (µs, mid-game)", "zh": "克隆（微秒，中局）"},
    "bad_games": {"en": "--games must be at least 1", "zh": "--games 至少为 1"},
}
"""Message key -> language -> text, with ``str.format`` fields."""


def t(key: str, lang: str, **fields: object) -> str:
    """The message ``key`` in ``lang`` (English when that language lacks it), with ``fields`` filled in."""
    entry = CATALOGUE[key]
    text = entry.get(lang) or entry["en"]
    return text.format(**fields) if fields else text


def lang_from_env(env: Mapping[str, str] | None = None) -> str:
    """``zh`` when the locale (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``) starts with ``zh``, else ``en``.

    The first variable that is set decides, as in POSIX locale lookup.
    """
    env = os.environ if env is None else env
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"
