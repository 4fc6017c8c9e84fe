"""The lab: play many games between agents and measure them, for players of the engine and designers of games.

- ``simulate``: one game's loop and its record, batches of games (what every backend runs), win-rate basics.
- ``tournament``: seatings (agents rotated through the seats) and the statistics of game records (``Tally``).
- ``stats``: rates with Wilson intervals, differences with Newcombe intervals and the two-proportion test.
- ``store``: runs, arms and games in a database through SQLAlchemy (SQLite by default, PostgreSQL by URL).
- ``backends``: where games are played — this process, a local process pool, or Ray tasks on a cluster.
- ``runner``: plans and plays runs, resumes and extends them, ``--until-ci``, comparisons, the balance search.
- ``balance``: the bisection over an integer parameter for a target win rate.
- ``report``: the self-contained HTML report (inline SVG plots) and its JSON.
- ``quality``: game-quality metrics after Browne and Ludii (lead changes, drama, decisiveness, branching …).
- ``cli``: the ``tablecraft lab`` commands; ``bench``: engine speed.

See docs/lab.md.
"""
