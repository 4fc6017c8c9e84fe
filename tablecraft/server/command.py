"""The ``serve`` command: ``tablecraft serve`` (registered on the CLI's Typer app by ``tablecraft.server.cli``)
and ``python -m tablecraft.server`` (the same command alone, without loading the rest of the tool).

The server's own dependencies (FastAPI, Uvicorn, Alembic) are imported only when the command runs, so the
rest of the tool starts as fast as before and works without them.

Examples::

    tablecraft serve                                   # http://127.0.0.1:8000, SQLite file ./tablecraft.sqlite3
    tablecraft serve --db games.sqlite3 --port 9000
    tablecraft serve --db postgresql://user:secret@localhost:5432/tablecraft
"""

from __future__ import annotations

import logging
from typing import Annotated

import typer

from .config import DEFAULT_DATABASE


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
    bot_threads: Annotated[int, typer.Option(help="Threads for bot decisions. / 机器人线程数。")] = 2,
    ws_deflate: Annotated[bool, typer.Option(
        help="Compress WebSocket frames (permessage-deflate): less traffic, more server CPU. / 压缩帧。")] = False,
    log_level: Annotated[str, typer.Option(help="debug, info, warning, error. / 日志级别。")] = "info",
) -> None:
    """Run the game server: rooms, seats, bots, reconnects over WebSockets. / 启动对局服务器。"""
    try:
        import uvicorn

        from .app import create_app
        from .config import ServerSettings
    except ImportError as e:  # the optional server dependencies are missing
        typer.echo(f"error: the server needs its extra dependencies ({e.name}): pip install 'tablecraft[server]'",
                   err=True)
        raise typer.Exit(2) from None
    from pydantic import ValidationError

    try:
        settings = ServerSettings.model_validate({
            "database": db, "sqlite_sync": sqlite_sync, "host": host, "port": port, "public_url": public_url,
            "max_frame_bytes": max_frame, "rate_per_second": rate, "burst": burst, "resync_limit": resync_limit,
            "away_after": None if away_after < 0 else away_after, "bot_threads": bot_threads,
        })
    except ValidationError as e:
        flags = {"database": "db", "max_frame_bytes": "max-frame", "rate_per_second": "rate"}
        problems = "; ".join(
            f"--{flags.get(str(err['loc'][0]), str(err['loc'][0]).replace('_', '-'))}: {err['msg']}"
            for err in e.errors())
        typer.echo(f"error: {problems}", err=True)
        raise typer.Exit(2) from None
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    uvicorn.run(
        create_app(settings), host=host, port=port, log_level=log_level.lower(),
        # frames above our own limit still reach the app, which answers with a clear error before closing;
        # only absurd frames are cut off by the WebSocket layer itself
        ws_max_size=max(settings.max_frame_bytes * 16, 1 << 20),
        ws_ping_interval=20.0, ws_ping_timeout=20.0, lifespan="on",
        # compression costs about a fifth of the server's CPU per move for frames of a few kilobytes
        ws_per_message_deflate=ws_deflate,
    )
