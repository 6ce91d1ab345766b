#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""End-to-end: a UCI dialogue with gambit-engine, as a chess GUI would hold it.
usage: engine_uci_test.py PATH/TO/gambit-engine
Every read has a timeout, so a hang is a failure, not a stuck test."""
import os, queue, re, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_dialogue import ENGINE, Engine, check, finish, run  # noqa: E402


def legal_in(engine, moves_so_far, move):
    """Asks the engine itself whether `move` is legal after `moves_so_far` (it refuses illegal positions)."""
    engine.send("position startpos moves " + " ".join(moves_so_far + [move]))
    engine.send("isready")
    return not any("position ignored" in line for line in engine.until("readyok"))


def handshake():
    e = Engine("--plugin", "random", "--option", "seed=7")
    e.send("uci")
    lines = e.until("uciok")
    check(any(l.startswith("id name Gambit ") for l in lines), f"no 'id name' line: {lines}")
    check("option name seed type spin default 0 min 0 max 9223372036854775807" in lines, f"no seed option: {lines}")
    e.send("isready")
    e.until("readyok")
    check(e.quit() == 0, "quit did not exit with status 0")


def search_answers_a_legal_move():
    e = Engine()  # the default plugin: alphabeta
    e.send("uci"); e.until("uciok")
    e.send("ucinewgame"); e.send("position startpos moves e2e4 e7e5"); e.send("go depth 4")
    lines = e.until("bestmove")
    check(any(re.match(r"info .*depth \d+.*score (cp|mate) -?\d+.* pv ", l) for l in lines), f"no info line: {lines}")
    best = lines[-1].split()[1]
    check(re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]?", best) is not None, f"bestmove {best!r} is not UCI")
    check(legal_in(e, ["e2e4", "e7e5"], best), f"bestmove {best} is illegal")
    e.quit()


def multipv_gives_the_lines_asked_for():
    e = Engine()
    e.send("uci")
    check("option name MultiPV type spin default 1 min 1 max 5" in e.until("uciok"), "no MultiPV option")
    e.send("setoption name MultiPV value 3"); e.send("position startpos"); e.send("go depth 5")
    lines = e.until("bestmove")
    at_depth_5 = [l for l in lines if l.startswith("info depth 5 ")]
    check([re.search(r" multipv (\d+) ", l).group(1) for l in at_depth_5] == ["1", "2", "3"],
          f"depth 5 should report lines 1, 2, 3: {at_depth_5}")
    firsts = {l.split(" pv ")[1].split()[0] for l in at_depth_5}
    check(len(firsts) == 3, f"three lines, three first moves: {at_depth_5}")
    e.send("setoption name MultiPV value 9"); e.send("isready")
    check(any("from 1 to 5" in l for l in e.until("readyok")), "MultiPV 9 should be refused in words")
    e.quit()


def mate_in_one_and_no_legal_move():
    e = Engine()
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"); e.send("go depth 5")
    lines = e.until("bestmove")
    check(lines[-1] == "bestmove a1a8", f"did not mate with Ra8#: {lines[-1]}")
    check(any("score mate 1" in l for l in lines), f"no 'score mate 1': {lines}")
    e.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"); e.send("go depth 3")
    check(e.until("bestmove")[-1] == "bestmove (none)", "a mated side must answer bestmove (none)")
    e.quit()


def three_check_through_uci_variant():
    e = Engine()
    e.send("uci")
    lines = e.until("uciok")
    check("option name UCI_Variant type combo default chess var chess var 3check var fischerandom var kingofthehill var racingkings" in lines,
          f"no UCI_Variant option: {lines}")
    check("option name UCI_Chess960 type check default false" in lines, f"no UCI_Chess960 option: {lines}")
    e.send("setoption name UCI_Variant value 3check")
    # One check to go for White: Qxe7+ wins at once (Fairy-Stockfish: mate 1, e2e7).
    e.send("position fen rnbqkbnr/p3pppp/2p5/3p4/8/8/PPPPQPPP/RNB1K1NR w KQkq - 1+3 0 4"); e.send("go depth 5")
    lines = e.until("bestmove")
    check(lines[-1] == "bestmove e2e7" and any("score mate 1" in l for l in lines),
          f"did not give the winning third check: {lines[-3:]}")
    e.send("setoption name UCI_Variant value crazyhouse"); e.send("isready")
    lines = e.until("readyok")
    check(any("UCI_Variant 'crazyhouse' is not played" in l for l in lines), f"crazyhouse not refused: {lines}")
    e.send("setoption name UCI_Variant value chess")
    e.send("position fen rnbqkbnr/p3pppp/2p5/3p4/8/8/PPPPQPPP/RNB1K1NR w KQkq - 0 4"); e.send("go depth 5")
    check(e.until("bestmove")[-1] != "bestmove e2e7", "in standard chess Qxe7+ only loses the queen")
    e.quit()


def stop_ends_infinite_search_and_isready_answers_while_thinking():
    e = Engine()
    e.send("position startpos"); e.send("go infinite")
    time.sleep(0.3)
    e.send("isready")
    lines = e.until("readyok", timeout=5)
    check(not any(l.startswith("bestmove") for l in lines), "bestmove before stop in an infinite search")
    t = time.time(); e.send("stop")
    e.until("bestmove", timeout=5)
    check(time.time() - t < 2.0, "stop took more than 2 s")
    e.quit()


def movetime_is_respected():
    e = Engine()
    e.send("position startpos"); t = time.time(); e.send("go movetime 300")
    e.until("bestmove", timeout=10)
    elapsed = time.time() - t
    check(elapsed < 1.5, f"go movetime 300 took {elapsed:.2f} s")
    e.send("position startpos"); e.send("go wtime 2000 btime 2000 winc 0 binc 0")
    e.until("bestmove", timeout=10)
    e.quit()


def bad_input_is_explained_and_ignored():
    e = Engine("--plugin", "random")
    for line, expected in [("position startpos moves e2e5", "not a legal move"),
                           ("flibbertigibbet", "unknown command"),
                           ("position fen 8/8/8 w - - 0 1", "FEN"),
                           ("setoption name seed value -4", "out of range"),
                           ("setoption name nosuch value 1", "unknown option 'nosuch'")]:
        e.send(line)
        e.send("isready")
        lines = e.until("readyok")
        check(any(l.startswith("info string") and expected in l for l in lines),
              f"{line!r} was not explained with {expected!r}: {lines}")
    e.send("go wtime abc movetime 10")
    lines = e.until("bestmove")
    check(any(l.startswith("info string") and "not an integer" in l for l in lines), f"bad go not explained: {lines}")
    e.send("\x00\xff garbage \x01")
    e.send("position startpos moves e2e4"); e.send("go depth 1")
    best = e.until("bestmove")[-1].split()[1]
    check(legal_in(e, ["e2e4"], best), "engine did not recover after bad input")
    check(e.quit() == 0, "quit after bad input did not exit 0")


def refusals_at_start():
    for args, expected in [(["--plugin", "nosuch"], "unknown player 'nosuch'"),
                           (["--plugin", "random", "--option", "seed=x"], "option 'seed'"),
                           (["--plugin", "random", "--option", "noequals"], "="),
                           (["--config", "/nonexistent/gambit.toml"], "/nonexistent/gambit.toml")]:
        p = subprocess.run([ENGINE, *args], input="", capture_output=True, text=True, timeout=20)
        err = p.stderr.strip().splitlines()
        check(p.returncode == 2, f"{args}: exit status {p.returncode}, expected 2")
        check(len(err) == 1 and expected in err[0], f"{args}: expected one line with {expected!r}, got {err}")


def list_plugins():
    p = subprocess.run([ENGINE, "--list-plugins"], capture_output=True, text=True, timeout=20)
    check(p.returncode == 0, f"--list-plugins exited with {p.returncode}")
    for plugin in ("alphabeta", "minimax", "random"):
        check(re.search(rf"^{plugin} \d+\.\d+\.\d+: ", p.stdout, re.M) is not None, f"{plugin} not listed: {p.stdout}")
    check("Options of alphabeta:" in p.stdout and "Levels:" in p.stdout, "options or levels not listed")
    check("(run-program, granted)" in p.stdout, "uci's permission to run its engine is not listed as granted")
    with tempfile.NamedTemporaryFile("w", suffix=".toml") as config:  # withdrawn in the configuration
        config.write("[plugins.permissions]\nuci = []\n")
        config.flush()
        p = subprocess.run([ENGINE, "--config", config.name, "--list-plugins"], capture_output=True, text=True,
                           timeout=20)
    check("(run-program, not granted)" in p.stdout, "uci's withdrawn permission is not listed as withdrawn")


def eof_is_quit():
    p = subprocess.run([ENGINE, "--plugin", "random"], input="uci\n", capture_output=True, text=True, timeout=20)
    check(p.returncode == 0 and "uciok" in p.stdout, "end of input did not end the engine cleanly")


for test in (handshake, search_answers_a_legal_move, multipv_gives_the_lines_asked_for, mate_in_one_and_no_legal_move, three_check_through_uci_variant,
             stop_ends_infinite_search_and_isready_answers_while_thinking, movetime_is_respected,
             bad_input_is_explained_and_ignored, refusals_at_start, list_plugins, eof_is_quit):
    run(test.__name__, test)

finish("gambit-engine end-to-end")
