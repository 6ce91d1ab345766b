#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The network's pipeline end to end, small: gambit-datagen makes positions
(and a stopped run, rerun, makes the same file as one that was never stopped;
two shards make the same games as one run), train.py learns a network from
them, and alphabeta (gambit-alphabeta-bench --evaluate) computes the same
centipawns for it as the trainer's own integer arithmetic.

    network_training_test.py GAMBIT_DATAGEN GAMBIT_ALPHABETA_BENCH TRAIN_PY
"""

import json
import os
import subprocess
import sys
import tempfile

DATAGEN, BENCH, TRAIN = sys.argv[1:4]
FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL:", message)


def run(*command, expect=0):
    result = subprocess.run(list(command), capture_output=True, text=True, timeout=600)
    check(result.returncode == expect,
          f"{' '.join(command)} exited {result.returncode}, not {expect}:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return result


def datagen(out, games, *extra, expect=0):
    return run(DATAGEN, "--out", out, "--games", str(games), "--nodes", "400", "--seed", "5", *extra, expect=expect)


def game_numbers(path):
    with open(path) as f:
        return sorted(int(line.split()[2]) for line in f if line.startswith("# game "))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        whole = os.path.join(tmp, "whole.txt")
        datagen(whole, 12)
        with open(whole) as f:
            lines = f.read().splitlines()
        positions = [line for line in lines if not line.startswith("#")]
        check(game_numbers(whole) == list(range(1, 13)), f"games written: {game_numbers(whole)}")
        check(len(positions) > 200, f"only {len(positions)} positions from 12 games")
        for line in positions:
            fields = line.split(" | ")
            check(len(fields) == 3 and fields[2] in ("1.0", "0.5", "0.0") and abs(int(fields[1])) < 10000,
                  f"not a data line: {line}")

        # Stopped after 5 games, in the middle of writing the sixth: the rerun drops it and goes on.
        stopped = os.path.join(tmp, "stopped.txt")
        datagen(stopped, 5)
        with open(stopped, "a") as f:
            f.write("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 30 | \nrnbqkb")
        resumed = datagen(stopped, 12)
        check("has games up to 5" in resumed.stderr, f"the rerun did not say where it went on: {resumed.stderr}")
        with open(stopped) as a, open(whole) as b:
            check(a.read() == b.read(), "a stopped and rerun run differs from one never stopped")

        # Two shards: the same games between them.
        shards = [os.path.join(tmp, f"shard{i}.txt") for i in (1, 2)]
        for i, path in enumerate(shards, 1):
            datagen(path, 12, "--shard", f"{i}/2")
        check(sorted(game_numbers(shards[0]) + game_numbers(shards[1])) == list(range(1, 13)),
              "the shards do not hold each game once")
        check(not set(game_numbers(shards[0])) & set(game_numbers(shards[1])), "a game is in both shards")

        bad = run(DATAGEN, "--out", os.path.join(tmp, "x.txt"), "--games", "3", "--nodes", "many", expect=2)
        check("--nodes needs a whole number" in bad.stderr, f"a bad --nodes said: {bad.stderr}")
        check(lines[0] == "# gambit-datagen nodes=400 random-plies=8 max-opening-cp=400 seed=5 shard=1/1 book=none "
              "network=none", f"the first line names other settings: {lines[0]}")

        # Another seed onto the same file, or any file that is not such data: refused, the file left as it was.
        with open(whole) as f:
            before = f.read()
        other = run(DATAGEN, "--out", whole, "--games", "14", "--nodes", "400", "--seed", "6", expect=2)
        check("seed=5" in other.stderr and "seed=6" in other.stderr, f"another seed said: {other.stderr}")
        with open(whole) as f:
            check(f.read() == before, "a run with another seed changed the file")
        notes = os.path.join(tmp, "notes.txt")
        with open(notes, "w") as f:
            f.write("my notes\nnot data\n")
        refused = datagen(notes, 2, expect=2)
        check("is not gambit-datagen's data" in refused.stderr, f"a file of notes said: {refused.stderr}")
        with open(notes) as f:
            check(f.read() == "my notes\nnot data\n", "gambit-datagen changed a file that was not its data")

        # Training: the loss falls, the file and its provenance are written.
        net = os.path.join(tmp, "net.nnue")
        trained = run("/usr/bin/python3", TRAIN, "--data", whole, shards[0], "--out", net, "--epochs", "4",
                      "--batch", "256", "--rate", "0.01")
        check(os.path.exists(net), f"no network written: {trained.stdout} {trained.stderr}")
        if not os.path.exists(net):
            return
        with open(net + ".json") as f:
            provenance = json.load(f)
        losses = [epoch["loss"] for epoch in provenance["losses"]]
        check(len(losses) == 4 and losses[-1] < losses[0], f"the loss did not fall: {losses}")
        held = [epoch["held_out"] for epoch in provenance["losses"]]
        check(provenance["held_out"] > 0 and provenance["kept_epoch"] == 1 + held.index(min(held)),
              f"the network kept is not the epoch with the lowest held-out loss: {provenance['kept_epoch']}, {held}")
        check(provenance["positions"] == len(positions) + sum(
            1 for line in open(shards[0]) if not line.startswith("#")), "the provenance counts other positions")
        check(provenance["data"][0]["file"] == "whole.txt" and provenance["commit"], f"provenance: {provenance}")

        # Learning on from a network: with no epochs it is written again byte for byte; with some, the
        # network kept is never worse on the held-out positions than the one started from.
        with open(net, "rb") as f:
            net_bytes = f.read()
        again = os.path.join(tmp, "again.nnue")
        run("/usr/bin/python3", TRAIN, "--data", whole, "--out", again, "--start", net, "--epochs", "0")
        with open(again, "rb") as f:
            check(f.read() == net_bytes, "a network started from and learned nothing is not written as it was")
        onward = os.path.join(tmp, "onward.nnue")
        run("/usr/bin/python3", TRAIN, "--data", whole, shards[0], "--out", onward, "--start", net, "--epochs", "2",
            "--batch", "256", "--rate", "0.03")
        with open(onward + ".json") as f:
            learned_on = json.load(f)
        start = learned_on["started_from"]
        check(start["network"] == "net.nnue" and start["provenance"] == provenance,
              f"the provenance does not name the network started from: {start}")
        kept = learned_on["kept_epoch"]
        kept_held = start["held_out"] if kept == 0 else learned_on["losses"][kept - 1]["held_out"]
        check(kept_held <= start["held_out"] and all(kept_held <= e["held_out"] for e in learned_on["losses"]),
              f"kept epoch {kept} ({kept_held}) is not the best of {start['held_out']} and {learned_on['losses']}")
        if kept == 0:
            with open(onward, "rb") as f:
                check(f.read() == net_bytes, "epoch 0 was kept but another network was written")
        missing = run("/usr/bin/python3", TRAIN, "--data", whole, "--out", os.path.join(tmp, "no.nnue"), "--start",
                      os.path.join(tmp, "absent.nnue"), expect=2)
        check("cannot read" in missing.stderr and "absent.nnue" in missing.stderr,
              f"a network to start from that is not there said: {missing.stderr}")

        # The same centipawns in alphabeta as in the trainer's integers.
        fens = os.path.join(tmp, "fens.txt")
        with open(fens, "w") as f:
            for line in positions:
                f.write(line.split(" | ")[0] + "\n")
        ours = run(BENCH, "--network", net, "--evaluate", fens).stdout
        theirs = run("/usr/bin/python3", TRAIN, "--evaluate", net, fens).stdout
        check(ours.count("\n") == len(positions), f"alphabeta evaluated {ours.count(chr(10))} of {len(positions)}")
        check(ours == theirs, "alphabeta and the trainer compute different centipawns for the network")
        values = {int(line.rsplit("|", 1)[1]) for line in ours.splitlines()}
        check(len(values) > 20, f"the network gives only {len(values)} different values")

        # Bad input in words.
        broken = os.path.join(tmp, "broken.txt")
        with open(broken, "w") as f:
            f.write("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | ten | 0.5\n# game 1 0.5 1 1\n")
        refused = run("/usr/bin/python3", TRAIN, "--data", broken, "--out", os.path.join(tmp, "no.nnue"), expect=2)
        check("broken.txt:1: not a line 'FEN | score | result'" in refused.stderr, f"bad data said: {refused.stderr}")
        damaged = os.path.join(tmp, "damaged.nnue")
        with open(net, "rb") as f:
            data = bytearray(f.read())
        data[len(data) // 2] ^= 0x40
        with open(damaged, "wb") as f:
            f.write(bytes(data))
        said = run(BENCH, "--network", damaged, "--evaluate", fens, expect=2)
        check("checksum" in said.stderr and "damaged.nnue" in said.stderr, f"a damaged network said: {said.stderr}")
        said = run("/usr/bin/python3", TRAIN, "--evaluate", damaged, fens, expect=2)
        check("checksum" in said.stderr, f"train.py --evaluate of a damaged network said: {said.stderr}")

    if FAILURES:
        print(f"{len(FAILURES)} failed")
        sys.exit(1)
    print("network training: all checks passed")


main()
