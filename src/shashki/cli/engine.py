"""Engine commands: ``shashki analyse``, ``shashki hub``, ``shashki match``, ``shashki dxp``.

:func:`register` adds them to the main command's subparsers; :func:`main` runs them on
their own (``python -m shashki.cli.engine hub``). ``analyse`` streams one line per
iteration (depth, score, nodes, speed, time, principal variation) and ends with the best
move; moves are algebraic on 8x8 and numeric on 10x10 unless ``--notation`` says
otherwise. ``hub`` speaks the Hub protocol (see :mod:`shashki.engine.hub`) on
stdin/stdout. ``match`` plays engine matches (:mod:`shashki.engine.match`); ``dxp serve``
and ``dxp connect`` play 10x10 games over DXP (:mod:`shashki.engine.dxp`).
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from shashki.board import Board
from shashki.cli.base import Parser, fail, run
from shashki.engine.book import book_for
from shashki.engine.egdb import for_engine
from shashki.engine.engine import LEVELS, MAX_HASH_MB, Analysis, Engine
from shashki.engine.limits import Limit, check_depth
from shashki.engine.sprt import mean_and_margin
from shashki.i18n import _
from shashki.rules import VARIANTS

_fail = fail


def _finite(x: float) -> float | None:
    """A JSON number, or null for an infinite Elo or margin."""
    return None if math.isinf(x) else round(x, 1)


def register(subparsers: Any) -> None:
    """Add ``analyse`` and ``hub`` to ``subparsers`` (from ``add_subparsers``)."""
    variants = ", ".join(VARIANTS)
    a = subparsers.add_parser("analyse", help=_("search a position and stream what the engine "
                                                "thinks"), aliases=["analyze"])
    a.add_argument("--variant", default="russian", help=_("variant: {}").format(variants))
    a.add_argument("--fen", help=_("position as PDN FEN (default: the initial position)"))
    lim = a.add_mutually_exclusive_group()
    lim.add_argument("--depth", type=int, help=_("search depth in plies"))
    lim.add_argument("--time", type=float, help=_("search time in seconds"))
    lim.add_argument("--nodes", type=int, help=_("search at most this many nodes"))
    a.add_argument("--hash", type=int, default=64, metavar="MB", help=_("transposition table size "
                                                                        "in MB"))
    a.add_argument("--level", default="full", choices=list(LEVELS),
                   help=_("playing level: {}").format(", ".join(LEVELS)))
    a.add_argument("--notation", choices=["algebraic", "numeric"], help=_("move notation (default: "
                                                                          "algebraic on 8x8, "
                                                                          "numeric on 10x10)"))
    a.add_argument("--json", action="store_true", help=_("one JSON object per iteration"))
    a.add_argument("--egdb", default="auto", metavar="auto|off|DIR", help=_("endgame database: "
                                                                            "auto (the one "
                                                                            "'shashki egdb build' "
                                                                            "made, if any), off, "
                                                                            "or its directory"))
    a.set_defaults(func=cmd_analyse)

    h = subparsers.add_parser("hub", help=_("run the engine with the Hub protocol on stdin/stdout "
                                            "(Scan's protocol)"))
    h.add_argument("--variant", help=_("variant: {} (default: auto, by each position's size: 51 "
                                       "characters International as in Scan, 33 "
                                       "Russian)").format(variants))
    h.add_argument("--hash", type=int, default=64, metavar="MB", help=_("transposition table size "
                                                                        "in MB"))
    h.add_argument("--egdb", default="auto", metavar="auto|off|DIR", help=_("endgame database: "
                                                                            "auto (the one "
                                                                            "'shashki egdb build' "
                                                                            "made, if any), off, "
                                                                            "or its directory"))
    h.set_defaults(func=cmd_hub)
    _register_match(subparsers)
    _register_dxp(subparsers)


def _fmt_nodes(n: float) -> str:
    if n >= 1e6:
        return f"{n / 1e6:.2f}M"
    if n >= 1e3:
        return f"{n / 1e3:.1f}k"
    return f"{n:.0f}"


def cmd_analyse(args: argparse.Namespace) -> int:
    """Stream the iterations of one search of ``--fen``."""
    board = Board(args.variant, args.fen)
    if not board.legal_moves:
        print(_("no legal moves: the game is over"))
        return 0
    if args.depth is not None and args.depth < 1:
        _fail("--depth must be at least 1")
    if args.time is not None and args.time <= 0:
        _fail("--time must be positive")
    if args.nodes is not None and args.nodes < 1:
        _fail("--nodes must be at least 1")
    check_depth(args.depth)
    limit = Limit(depth=args.depth, time=args.time, nodes=args.nodes)
    if args.depth is None and args.time is None and args.nodes is None:
        limit = Limit(time=2.0)
    engine = Engine(board.variant, hash_mb=args.hash, level=args.level)
    engine.set_egdb(for_engine(board.variant, args.egdb))
    style = args.notation
    book = book_for(board.variant.name)
    known = book.moves(board) if book is not None else []
    if known:  # what the engine would play at once (shashki.engine.book), then the search
        texts = [(board.move_text(board.parse_move(m), style), s) for m, s in known]
        if args.json:
            print(json.dumps({"book": [{"move": m, "score": s} for m, s in texts]},
                             ensure_ascii=False), flush=True)
        else:
            print(_("opening book") + ": " + ", ".join(f"{m} {s / 100:+.2f}" for m, s in texts),
                  flush=True)

    def report(a: Analysis) -> None:
        pv = a.pv_text(board, style)
        if args.json:
            print(json.dumps({"depth": a.depth, "seldepth": a.seldepth, "score": a.score.value,
                              "wins_in": a.score.wins_in, "nodes": a.nodes,
                              "nps": round(a.nps), "time": round(a.time, 4), "pv": pv,
                              "complete": a.complete}, ensure_ascii=False), flush=True)
            return
        mark = "" if a.complete else " (partial)"
        print(f"depth {a.depth:2d}/{a.seldepth:<2d}  score {a.score!s:>7}  "
              f"nodes {_fmt_nodes(a.nodes):>8}  nps {_fmt_nodes(a.nps):>7}  "
              f"time {a.time:7.3f}  pv {' '.join(pv)}{mark}", flush=True)

    if args.level != "full":
        move = engine.play(board, limit, callback=report)
        info_move = move
    else:
        info = engine.analyse(board, limit=limit, callback=report)
        info_move = info.bestmove if info.bestmove is not None else board.legal_moves[0]
    text = board.move_text(info_move, style)
    if args.json:
        print(json.dumps({"bestmove": text}, ensure_ascii=False))
    else:
        print(_('best move') + f': {text}')
    return 0


def cmd_hub(args: argparse.Namespace) -> int:
    """The Hub engine loop on stdin/stdout."""
    from shashki.engine.hub import hub_loop

    if not 1 <= args.hash <= MAX_HASH_MB:
        _fail(f"--hash must be 1 to {MAX_HASH_MB} MB, not {args.hash}")
    variant = None
    if args.variant is not None:
        variant = Board(args.variant).variant.name  # UnknownVariant names the known ones
    if args.egdb not in ("auto", "off"):
        if variant is None:  # a database directory holds one variant: play that one
            from shashki.engine.egdb.tables import read_manifest

            doc = read_manifest(Path(args.egdb))
            variant = str(doc.get("variant")) if doc else None
        # a bad directory is refused before the loop
        for_engine(variant or "international", args.egdb)
    return hub_loop(variant=variant, hash_mb=args.hash, egdb=args.egdb)


def _register_match(subparsers: Any) -> None:
    from shashki.openings import TABLES

    variants = ", ".join(VARIANTS)
    engine_help = _("engine: shashki[@baseline-2026-12][:LEVEL][,k=v], hub:COMMAND, "
                    "dxp:HOST:PORT, py-draughts[:simple|turbo], random; odds=F gives it F "
                    "of the time")
    m = subparsers.add_parser("match", help=_("play an engine match: ballot openings with both "
                                              "colours, Elo with its margin, games as PDN"))
    m.add_argument("engine_a", metavar="ENGINE_A", help=engine_help)
    m.add_argument("engine_b", metavar="ENGINE_B", help=engine_help)
    m.add_argument("--variant", default="russian", help=_("variant: {}").format(variants))
    m.add_argument("--games", type=int, help=_("number of games (each opening twice, colours "
                                               "reversed; default 10); with --sprt the most "
                                               "games (default 1000)"))
    m.add_argument("--time", metavar="CONTROL", help=_("game clock for each side, e.g. 1m+1s, 30s, "
                                                       "5m/40 + 1m"))
    m.add_argument("--move-time", type=float, metavar="S", help=_("fixed seconds per move"))
    m.add_argument("--nodes", type=int, help=_("fixed nodes per move"))
    m.add_argument("--depth", type=int, help=_("fixed depth per move"))
    m.add_argument("--pdn", metavar="FILE", help=_("save the games to this PDN file"))
    m.add_argument("--concurrency", type=int, default=1, metavar="K",
                   help=_("games played at once (worker processes)"))
    m.add_argument("--openings", metavar="TABLE",
                   help=_("opening source: a ballot table ({}) or random (default: the FMJD table "
                          "on 8x8, random on 10x10)").format(", ".join(TABLES)))
    m.add_argument("--seed", type=int, default=1, help=_("seed of the opening draw"))
    m.add_argument("--ruleset", help=_("draw ruleset (code-2004, fmjd, cbd)"))
    m.add_argument("--max-plies", type=int, default=1000, help=_("adjudicate a draw after this "
                                                                 "many plies"))
    m.add_argument("--sprt", metavar="ELO0,ELO1[,ALPHA,BETA]",
                   help=_("stop when a sequential test on the pairs of games decides between "
                          "A being ELO0 and ELO1 Elo better (logistic; error rates 0.05 "
                          "unless given)"))
    m.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    m.set_defaults(func=cmd_match)


def cmd_match(args: argparse.Namespace) -> int:
    """Play the match with a live progress bar; print the result; save the games."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from shashki.engine import match as M

    variant = Board(args.variant).variant.name
    a, b = M.parse_spec(args.engine_a), M.parse_spec(args.engine_b)
    M.check_specs([a, b], variant)
    control = M.control_from(args.time, args.move_time, args.nodes, args.depth)
    sprt = M.Sprt.parse(args.sprt) if args.sprt is not None else None
    if args.games is None:
        args.games = 10 if sprt is None else 1000
    if not 1 <= args.games <= M.MAX_GAMES:
        _fail(f"--games must be 1 to {M.MAX_GAMES:,}, not {args.games:,}")
    if not 1 <= args.concurrency <= M.MAX_CONCURRENCY:
        _fail(f"--concurrency must be 1 to {M.MAX_CONCURRENCY}, not {args.concurrency}")
    if args.max_plies < 1:
        _fail(f"--max-plies must be at least 1, not {args.max_plies}")
    M.openings(variant, 1, args.seed, args.openings)  # a bad table fails before any game
    out = open(args.pdn, "w", encoding="utf-8") if args.pdn else None  # noqa: SIM115
    title = f"{a.name()} vs {b.name()}"
    console = Console(stderr=True)
    try:
        # the bar is for a terminal; piped stderr stays for the one-line errors
        with Progress(TextColumn("{task.description}"), BarColumn(),
                      TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                      console=console, transient=True,
                      disable=not console.is_terminal) as progress:
            task = progress.add_task(title, total=args.games)

            def on_game(res: M.MatchResult, rec: M.GameRecord) -> None:
                llr = f", LLR {res.llr:.2f}" if sprt is not None else ""
                progress.update(task, advance=1,
                                description=f"{title}: {res.standing.summary()}{llr}")
                if out is not None:
                    out.write(rec.pdn + "\n")
                    out.flush()

            result = M.run_match(a, b, variant, args.games, control, seed=args.seed,
                                 table=args.openings, ruleset=args.ruleset,
                                 concurrency=args.concurrency, max_plies=args.max_plies,
                                 on_game=on_game, sprt=sprt)
    finally:
        if out is not None:
            out.close()
    if args.pdn:  # in round order
        with open(args.pdn, "w", encoding="utf-8") as f:
            for text in M.iter_pdn(result):
                f.write(text + "\n")
    st = result.standing
    e, margin = st.elo()
    pairs = result.pentanomial()
    pe, pmargin = mean_and_margin(pairs)
    if args.json:
        doc: dict[str, Any] = {
            "a": result.a, "b": result.b, "variant": variant, "control": str(control),
            "games": st.games, "wins": st.wins, "draws": st.draws, "losses": st.losses,
            "score": st.score, "elo": _finite(e), "margin": _finite(margin),
            "pentanomial": pairs, "elo_pairs": _finite(pe), "margin_pairs": _finite(pmargin),
            "los": round(st.los(), 4), "terminations": result.terminations(),
            "seconds": round(result.seconds, 1)}
        if sprt is not None:
            doc["sprt"] = {"elo0": sprt.elo0, "elo1": sprt.elo1, "alpha": sprt.alpha,
                           "beta": sprt.beta, "decision": result.decision,
                           "llr": round(result.llr, 3), "lower": round(sprt.lower, 3),
                           "upper": round(sprt.upper, 3),
                           "decided_at": result.decided_at or None}
        print(json.dumps(doc, ensure_ascii=False))
        return 0
    print(_("{a} vs {b}: {v}, {c}, {n} games").format(a=result.a, b=result.b, v=variant, c=control,
                                    n=st.games))
    print(f'{st.summary()}, ' + _('likelihood of superiority') + f' {100 * st.los():.1f} %')
    if sum(pairs):
        print(_("pairs by A's points (0, ½, 1, 1½, 2): {counts}; Elo {elo}").format(
            counts=", ".join(map(str, pairs)), elo=M.elo_text(pe, pmargin)))
    if sprt is not None:
        test = _("SPRT elo0 {elo0:g}, elo1 {elo1:g}, α {alpha:g}, β {beta:g}").format(
            elo0=sprt.elo0, elo1=sprt.elo1, alpha=sprt.alpha, beta=sprt.beta)
        bounds = f"({sprt.lower:.2f}, {sprt.upper:.2f})"
        if result.decision is None:
            print(_("{test}: no decision after {n} games, LLR {llr} {bounds}").format(
                test=test, n=st.games, llr=f"{result.llr:.2f}", bounds=bounds))
        else:
            print(_("{test}: {h} accepted after {n} games, LLR {llr} {bounds}").format(
                test=test, h=result.decision, n=result.decided_at, llr=f"{result.llr:.2f}",
                bounds=bounds))
    ends = ", ".join(f"{k} {v}" for k, v in sorted(result.terminations().items(),
                                                    key=lambda kv: -kv[1]))
    print(_('endings') + f': {ends}')
    if args.pdn:
        print(_("games saved to {}").format(args.pdn))
    return 0


def _register_dxp(subparsers: Any) -> None:
    d = subparsers.add_parser("dxp", help=_("DXP (DamExchange) for 10x10 games between engines "
                                            "over TCP"))
    dsub = d.add_subparsers(dest="dxp_command", required=True, parser_class=Parser)
    s = dsub.add_parser("serve", help=_("wait for DXP games (follower) and play them with an "
                                        "engine"))
    s.add_argument("--host", default="127.0.0.1", help=_("address to listen on"))
    s.add_argument("--port", type=int, default=27531, help=_("TCP port (DXP's is 27531)"))
    s.add_argument("--engine", default="shashki", help=_("the engine that plays (see shashki "
                                                         "match)"))
    s.add_argument("--name", default="shashki", help=_("our name in GAMEREQ/GAMEACC"))
    s.add_argument("--once", action="store_true", help=_("stop after the first connection ends"))
    s.set_defaults(func=cmd_dxp_serve)
    c = dsub.add_parser("connect", help=_("start DXP games with a server (initiator) and play "
                                          "them"))
    c.add_argument("address", metavar="HOST:PORT", help=_("server address HOST:PORT"))
    c.add_argument("--engine", default="shashki", help=_("the engine that plays (see shashki "
                                                         "match)"))
    c.add_argument("--name", default="shashki", help=_("our name in GAMEREQ/GAMEACC"))
    c.add_argument("--games", type=int, default=2, help=_("games to play (colours alternate)"))
    c.add_argument("--minutes", type=int, default=5, help=_("thinking time per game in minutes "
                                                            "(GAMEREQ)"))
    c.add_argument("--moves", type=int, default=0, help=_("moves in that time (0 = the whole "
                                                          "game)"))
    c.add_argument("--color", choices=["white", "black"], default="white",
                   help=_("our colour in the first game"))
    c.add_argument("--pdn", metavar="FILE", help=_("save the games to this PDN file"))
    c.set_defaults(func=cmd_dxp_connect)


def cmd_dxp_serve(args: argparse.Namespace) -> int:
    """Serve DXP games until interrupted (or one connection with ``--once``)."""
    from shashki.engine import dxp
    from shashki.engine.match import make_player

    if not 0 <= args.port <= 65535:
        _fail(f"--port must be 0..65535, not {args.port}")
    player = make_player(args.engine, "international")
    try:
        server = dxp.DxpServer(player, host=args.host, port=args.port, name=args.name)
    except BaseException:
        player.close()
        raise
    print(f"DXP {server.host}:{server.port}", flush=True)
    try:
        for game in server.serve(once=args.once):
            print(f"{game.white} - {game.black}: {game.result} ({game.termination})",
                  flush=True)
    finally:
        server.close()
    return 0


def cmd_dxp_connect(args: argparse.Namespace) -> int:
    """Play ``--games`` DXP games with a server, colours alternating."""
    from shashki.color import BLACK, WHITE
    from shashki.engine import dxp
    from shashki.engine.match import make_player

    host, port = dxp.parse_address(args.address)
    if args.games < 1:
        _fail(f"--games must be at least 1, not {args.games}")
    if not 1 <= args.minutes <= 999 or not 0 <= args.moves <= 999:
        _fail("--minutes must be 1..999 and --moves 0..999 (DXP's three digits)")
    color = WHITE if args.color == "white" else BLACK
    out = open(args.pdn, "w", encoding="utf-8") if args.pdn else None  # noqa: SIM115
    try:
        with dxp.DxpClient(make_player(args.engine, "international"), host, port,
                           name=args.name) as client:
            for i in range(args.games):
                game = client.play(color if i % 2 == 0 else color.other, args.minutes,
                                   args.moves)
                print(f"{game.white} - {game.black}: {game.result} ({game.termination})",
                      flush=True)
                if out is not None:
                    out.write(game.pdn + "\n")
                    out.flush()
    finally:
        if out is not None:
            out.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The engine commands on their own: ``analyse``, ``hub``, ``match`` or ``dxp``."""
    p = Parser(prog="shashki")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    register(sub)
    return run(p, argv)


if __name__ == "__main__":
    raise SystemExit(main())
