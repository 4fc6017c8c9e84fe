"""The ``serve`` command: ``tablecraft serve`` (registered on the CLI's Typer app by ``tablecraft.server.cli``)
and ``python -m tablecraft.server`` (the same command alone, without loading the rest of the tool).

The server's own dependencies (FastAPI, Uvicorn, Alembic) are imported only when the command runs, so the
rest of the tool starts as fast as before and works without them.

Examples::

    tablecraft serve                                   # http://127.0.0.1:8000, SQLite file ./tablecraft.sqlite3
    tablecraft serve --db games.sqlite3 --port 9000
    tablecraft serve --db postgresql://user:secret@localhost:5432/tablecraft
    tablecraft serve --host 0.0.0.0                    # other machines too: it prints the addresses to share
    tablecraft serve --host 0.0.0.0 --public-url https://games.example.org   # behind a proxy: links use it
"""

from __future__ import annotations

import logging
from typing import Annotated

import typer

from .config import DEFAULT_DATABASE, ServerSettings


def reach_lines(settings: ServerSettings, addresses: list[str] | None = None) -> list[str]:
    """What ``serve`` prints on start: where to open the server on this machine, and how another machine
    reaches it (and the room links work there) — the public URL, the machine's addresses when it listens on
    every interface, else the option that opens it up. ``addresses`` defaults to ``machine_addresses()``.

    >>> print("\\n".join(reach_lines(ServerSettings(port=9000), addresses=["192.168.1.5"])))
    tablecraft server: open http://127.0.0.1:9000/ in a browser on this machine / 在本机浏览器打开
      only this machine can reach it; to play from another machine: tablecraft serve --host 0.0.0.0 --port 9000, then share http://192.168.1.5:9000/ / 只有本机可访问；要让其他电脑加入，请用 --host 0.0.0.0 启动
    >>> print("\\n".join(reach_lines(ServerSettings(host="0.0.0.0"), addresses=["192.168.1.5"])))
    tablecraft server: open http://127.0.0.1:8000/ in a browser on this machine / 在本机浏览器打开
      from another machine / 其他电脑: http://192.168.1.5:8000/
      invite links use the address the room's creator opened: open one of the above to share rooms / 邀请链接使用创建者所用的地址
    """
    from .config import machine_addresses

    port = settings.port
    local = "127.0.0.1" if settings.listens_everywhere() else settings.host
    local = f"[{local}]" if ":" in local else local
    lines = [f"tablecraft server: open http://{local}:{port}/ in a browser on this machine / 在本机浏览器打开"]
    if settings.public_url:
        lines.append(f"  players open / 玩家打开: {settings.base_url()}/ (invite links use it / 邀请链接使用此地址)")
        return lines
    found = machine_addresses() if addresses is None else addresses
    if settings.listens_everywhere():
        if found:
            lines.extend(f"  from another machine / 其他电脑: http://{a}:{port}/" for a in found)
        else:
            lines.append(f"  from another machine / 其他电脑: http://<this machine's IP address>:{port}/")
        lines.append("  invite links use the address the room's creator opened: open one of the above to share rooms"
                     " / 邀请链接使用创建者所用的地址")
    elif local in ("127.0.0.1", "localhost", "[::1]"):
        share = f"http://{found[0]}:{port}/" if found else f"http://<this machine's IP address>:{port}/"
        lines.append(f"  only this machine can reach it; to play from another machine: tablecraft serve --host 0.0.0.0"
                     f"{'' if port == 8000 else f' --port {port}'}, then share {share} / 只有本机可访问；要让其他电脑加入，"
                     "请用 --host 0.0.0.0 启动")
    else:
        lines.append(f"  from another machine / 其他电脑: http://{local}:{port}/")
    return lines


def serve(
    host: Annotated[str, typer.Option(help="Interface to listen on. / 监听地址。")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port. / 端口。")] = 8000,
    db: Annotated[str, typer.Option(
        "--db", help="SQLite file path or database URL (postgresql://…). / 数据库文件或 URL。")] = DEFAULT_DATABASE,
    sqlite_sync: Annotated[str, typer.Option(
        help="SQLite: full = every move synced to disk before it is acknowledged (survives a power cut); normal = "
             "survives a server crash only, faster. / SQLite 同步级别。")] = "full",
    public_url: Annotated[str | None, typer.Option(
        help="Base URL in room links (default http://HOST:PORT). / 房间链接的地址。")] = None,
    max_frame: Annotated[int, typer.Option(help="Longest client frame, bytes. / 单帧上限（字节）。")] = 16384,
    rate: Annotated[float, typer.Option(help="Frames per second per connection. / 每连接每秒帧数。")] = 20.0,
    burst: Annotated[int, typer.Option(help="Frames allowed at once. / 突发帧数。")] = 60,
    resync_limit: Annotated[int, typer.Option(
        help="Missed events replayed on resume before a fresh view is sent instead. / 重连补发上限。")] = 1000,
    away_after: Annotated[float, typer.Option(
        help="Seconds after a player disconnects before a bot plays for them; negative: never. / 掉线托管秒数。"
    )] = 60.0,
    bot_workers: Annotated[int, typer.Option(
        "--bot-workers", "--bot-threads", help="Worker processes for bot decisions. / 机器人进程数。")] = 2,
    bot_deadline: Annotated[float, typer.Option(
        help="Seconds one bot decision may take before the fallback move is played. / 机器人单步时限。")] = 10.0,
    max_bot_iterations: Annotated[int, typer.Option(
        help="Largest search budget a bot spec may ask for (iterations=N). / 机器人搜索次数上限。")] = 20_000,
    max_bot_seconds: Annotated[float, typer.Option(
        help="Longest time budget a bot spec may ask for (seconds=S). / 机器人思考时间上限。")] = 5.0,
    http_rate: Annotated[float, typer.Option(
        help="HTTP requests (and socket handshakes) per second per client address. / 每地址每秒请求数。")] = 20.0,
    http_burst: Annotated[int, typer.Option(help="HTTP requests at once per client address. / 突发请求数。")] = 200,
    room_rate: Annotated[float, typer.Option(
        help="New rooms per second per client address. / 每地址每秒开房数。")] = 0.2,
    room_burst: Annotated[int, typer.Option(help="New rooms at once per client address. / 突发开房数。")] = 20,
    max_sockets: Annotated[int, typer.Option(
        help="WebSocket connections one client address may hold open. / 每地址连接数上限。")] = 32,
    max_body: Annotated[int, typer.Option(help="Longest HTTP request body, bytes. / 请求体上限（字节）。")] = 65536,
    waiting_expiry: Annotated[float, typer.Option(
        help="Seconds an idle waiting room (no seat change, nobody connected) is kept; negative: forever. / "
             "空闲等待房间保留秒数。")] = 3600.0,
    allowed_host: Annotated[list[str] | None, typer.Option(
        help="Another host name to answer to (repeatable; *.example.com for subdomains, * for any); localhost, "
             "--host and the --public-url host always are. / 允许的主机名。")] = None,
    reload_pause: Annotated[float, typer.Option(
        help="Seconds between rooms rebuilt in the background after a start. / 重启后后台重建房间的间隔。")] = 0.0,
    phrase_interval: Annotated[float, typer.Option(
        help="Seconds a seat waits between two quick phrases at the table. / 每个座位两次快捷语的最短间隔（秒）。")] = 3.0,
    ws_deflate: Annotated[bool, typer.Option(
        help="Compress WebSocket frames (permessage-deflate): less traffic, more server CPU. / 压缩帧。")] = False,
    log_level: Annotated[str, typer.Option(help="debug, info, warning, error. / 日志级别。")] = "info",
) -> None:
    """Run the game server: rooms, seats, bots, reconnects over WebSockets. / 启动对局服务器。"""
    try:
        import uvicorn

        from .app import create_app
    except ImportError as e:  # the optional server dependencies are missing
        typer.echo(f"error: the server needs its extra dependencies ({e.name}): pip install 'tablecraft[server]'",
                   err=True)
        raise typer.Exit(2) from None
    from pydantic import ValidationError

    try:
        settings = ServerSettings.model_validate({
            "database": db, "sqlite_sync": sqlite_sync, "host": host, "port": port, "public_url": public_url,
            "max_frame_bytes": max_frame, "rate_per_second": rate, "burst": burst, "resync_limit": resync_limit,
            "away_after": None if away_after < 0 else away_after, "bot_workers": bot_workers,
            "bot_deadline": bot_deadline, "max_bot_iterations": max_bot_iterations,
            "max_bot_seconds": max_bot_seconds, "http_rate": http_rate, "http_burst": http_burst,
            "room_rate": room_rate, "room_burst": room_burst, "max_sockets_per_client": max_sockets,
            "max_body_bytes": max_body, "waiting_expiry": None if waiting_expiry < 0 else waiting_expiry,
            "allowed_hosts": tuple(allowed_host or ()), "reload_pause": reload_pause,
            "phrase_interval": phrase_interval,
        })
    except ValidationError as e:
        flags = {"database": "db", "max_frame_bytes": "max-frame", "rate_per_second": "rate",
                 "max_sockets_per_client": "max-sockets", "max_body_bytes": "max-body", "allowed_hosts": "allowed-host"}
        problems = "; ".join(
            f"--{flags.get(str(err['loc'][0]), str(err['loc'][0]).replace('_', '-'))}: {err['msg']}"
            for err in e.errors())
        typer.echo(f"error: {problems}", err=True)
        raise typer.Exit(2) from None
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for line in reach_lines(settings):
        typer.echo(line)
    uvicorn.run(
        create_app(settings), host=host, port=port, log_level=log_level.lower(),
        # frames above our own limit still reach the app, which answers with a clear error before closing;
        # only absurd frames are cut off by the WebSocket layer itself
        ws_max_size=max(settings.max_frame_bytes * 16, 1 << 20),
        ws_ping_interval=20.0, ws_ping_timeout=20.0, lifespan="on",
        # compression costs about a fifth of the server's CPU per move for frames of a few kilobytes
        ws_per_message_deflate=ws_deflate,
    )


def verify_deal(
    records: Annotated[str, typer.Argument(
        help="A record (GET /api/rooms/ID/record) or JSON lines of them; - reads standard input. / 对局记录文件。")],
    commitment: Annotated[str | None, typer.Option(
        help="The commitment you were shown when the game started (welcome/update 'commitment'). / 开局时公布的承诺值。"
    )] = None,
) -> None:
    """Verify that finished server games were dealt from the seed committed to at their start. / 验证发牌公正。

    Exit status 0 when every record verifies, 1 otherwise. Example::

        curl -s http://127.0.0.1:8000/api/rooms/ROOM/record | tablecraft verify-deal - --commitment HEX
    """
    from .fairness import read_records, verify_record

    try:
        found = read_records(records)
    except (OSError, ValueError) as e:
        typer.echo(f"error: cannot read {records}: {e}", err=True)
        raise typer.Exit(2) from None
    if not found:
        typer.echo(f"error: {records} holds no record", err=True)
        raise typer.Exit(2)
    bad = 0
    for record in found:
        fair = record.get("fairness") if isinstance(record, dict) else None
        room = fair.get("room") if isinstance(fair, dict) else "?"
        problems = verify_record(record, expected=commitment if len(found) == 1 else None)
        if problems:
            bad += 1
            typer.echo(f"room {room}: NOT VERIFIED")
            for p in problems:
                typer.echo(f"  - {p}")
        else:
            typer.echo(f"room {room}: verified: seed {record['seed']} opens commitment {fair['commitment']}"  # type: ignore[index]
                       f" and deals the recorded game")
            if fair.get("practice"):  # type: ignore[union-attr]
                typer.echo("  note: a practice room — its creator chose the seed or the starting position")
    raise typer.Exit(1 if bad else 0)
