#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Trains alphabeta's network from gambit-datagen's positions (docs/network.md).

    train.py --data FILE [FILE ...] --out NET.nnue [--epochs N] [--wdl W] [--start NET0.nnue] ...
    train.py --evaluate NET.nnue FENS   (the network's centipawns for each FEN, as alphabeta computes them)

The network: 768 inputs per perspective -> HIDDEN (one first layer for both
perspectives) -> SCReLU -> one output of OUTPUT_BUCKETS, chosen by the number
of pieces. It learns sigmoid(output) against a blend of sigmoid(score / 400)
(the search's score) and the game's result, both from the side to move's view.
The weights are clipped while learning so that, quantised, they fit the
integers alphabeta computes with (ai_plugins/nnue/network.h); the file written
is the quantised network, with its provenance beside it (NET.nnue.json).

Data lines: "<FEN> | <score, White's view> | <result 1.0/0.5/0.0, White's view>",
and "# game N ..." after each game's positions; one game in VALIDATION_EVERY
is held out (by its number) and measured, never learned from.
"""

import argparse
import datetime
import hashlib
import json
import os
import subprocess
import sys
import time

import numpy as np

# The shape and the integers of ai_plugins/nnue/network.h: the two must agree.
INPUTS = 768
HIDDEN = 256
OUTPUT_BUCKETS = 8
QA = 255
QB = 256
SCALE = 400
MAX_OUTPUT_WEIGHT = 127
FILE_VERSION = 1
CLIP = 1.98  # |first layer weight| while learning: quantised, at most 1.98 * 255 = 505
OUTPUT_CLIP = MAX_OUTPUT_WEIGHT / QB - 0.005  # |output weight|: quantised, at most 127
VALIDATION_EVERY = 20

# FEN letter -> (colour 0 white / 1 black, piece type 0..5)
PIECES = {c: (0, i) for i, c in enumerate("PNBRQK")} | {c: (1, i) for i, c in enumerate("pnbrqk")}
EXPAND = {ord(str(n)): "." * n for n in range(1, 9)} | {ord("/"): None}


def fail(message):
    print(f"train.py: {message}", file=sys.stderr)
    sys.exit(2)


# ----------------------------------------------------------------------------- data

def board_codes(boards):
    """FEN placement fields -> uint8 [N, 64], by square a1 = 0: 0 empty, 1 + colour * 6 + type."""
    table = np.zeros(256, dtype=np.uint8)
    for letter, (colour, kind) in PIECES.items():
        table[ord(letter)] = 1 + colour * 6 + kind
    text = "".join(b.translate(EXPAND) for b in boards).encode("ascii")
    if len(text) != 64 * len(boards):
        bad = next(b for b in boards if len(b.translate(EXPAND)) != 64)
        fail(f"a FEN's board does not have 64 squares: {bad}")
    chars = np.frombuffer(text, dtype=np.uint8).reshape(len(boards), 8, 8)
    # FEN lists rank 8 first: flip the ranks so that index = rank * 8 + file.
    codes = table[chars[:, ::-1, :].reshape(len(boards), 64)]
    crowded = np.flatnonzero(np.count_nonzero(codes, axis=1) > 32)
    if len(crowded):
        fail(f"a position has more than 32 pieces: {boards[crowded[0]]}")
    return codes


def king_bucket(relative_square):
    """For the trial of king buckets (--king-buckets 4): our king on its back rank or not, on the a-d or e-h files."""
    return (relative_square >= 8) * 2 + (relative_square % 8 >= 4)


def features(codes, king_buckets=1):
    """uint8 [N, 64] -> the inputs seen by White and by Black, int16 [N, 32], padding (INPUTS * king_buckets)
    where no piece. With king buckets, each side's inputs are offset by its king's bucket times INPUTS."""
    pad = INPUTS * king_buckets
    white_out = np.empty((len(codes), 32), dtype=np.int16)
    black_out = np.empty((len(codes), 32), dtype=np.int16)
    square = np.arange(64, dtype=np.int32)[None, :]
    for start in range(0, len(codes), 262144):
        chunk = codes[start:start + 262144].astype(np.int32)
        occupied = chunk > 0
        colour, kind = (chunk - 1) // 6, (chunk - 1) % 6
        white_offset = black_offset = 0
        if king_buckets > 1:
            white_offset = INPUTS * king_bucket(np.argmax(chunk == 6, axis=1))[:, None]
            black_offset = INPUTS * king_bucket(np.argmax(chunk == 12, axis=1) ^ 56)[:, None]
        white = np.where(occupied, (colour * 6 + kind) * 64 + square + white_offset, pad)
        black = np.where(occupied, ((1 - colour) * 6 + kind) * 64 + (square ^ 56) + black_offset, pad)
        # Pieces first: at most 32 of them.
        white_out[start:start + len(chunk)] = np.sort(white, axis=1)[:, :32]
        black_out[start:start + len(chunk)] = np.sort(black, axis=1)[:, :32]
    return white_out, black_out


def held_out_game(number):
    """One game in VALIDATION_EVERY, spread over gambit-datagen's shards (which take games by pairs)."""
    return (number * 2654435761) % 4294967296 % VALIDATION_EVERY == 0


def read_data(paths):
    """Every position of the files: its board, side to move, score and result, whether it is held out, and
    whether neither side may castle."""
    boards, chunks, white_to_move, scores, results, held_out, no_castling = [], [], [], [], [], [], []
    for path in paths:
        pending = []
        try:
            handle = open(path, encoding="ascii")
        except OSError as e:
            fail(f"cannot read {path}: {e.strerror}")
        with handle:
            for number, line in enumerate(handle, 1):
                if not line.endswith("\n"):
                    break  # the last line, cut short: a game gambit-datagen is still writing
                if line.startswith("# game "):
                    game = int(line.split()[2])
                    hold = held_out_game(game)
                    for fen, score, result in pending:
                        fields = fen.split()
                        boards.append(fields[0])
                        white_to_move.append(fields[1] == "w")
                        scores.append(score)
                        results.append(result)
                        held_out.append(hold)
                        no_castling.append(len(fields) > 2 and fields[2] == "-")
                    if len(boards) >= 1000000:
                        chunks.append(board_codes(boards))
                        boards = []
                    pending = []
                    continue
                if line.startswith("#") or not line.strip():
                    continue
                parts = line.split("|")
                try:
                    if len(parts) != 3:
                        raise ValueError
                    fen, score, result = parts[0].strip(), int(parts[1]), float(parts[2])
                    if result not in (0.0, 0.5, 1.0) or len(fen.split()) < 2 or fen.split()[1] not in "wb":
                        raise ValueError
                except ValueError:
                    fail(f"{path}:{number}: not a line 'FEN | score | result': {line.strip()[:100]}")
                pending.append((fen, score, result))
        # Positions after the last "# game" line belong to an unfinished game: left out.
    if boards:
        chunks.append(board_codes(boards))
    if not chunks:
        fail("the data has no finished game")
    codes = np.concatenate(chunks)
    return (codes, np.array(white_to_move), np.array(scores, dtype=np.float32), np.array(results, dtype=np.float32),
            np.array(held_out), np.array(no_castling))


def buckets(codes):
    return np.minimum((np.count_nonzero(codes, axis=1) - 2) // 4, OUTPUT_BUCKETS - 1)


# ----------------------------------------------------------------------------- the network

def make_model(torch, hidden=HIDDEN, king_buckets=1):
    nn = torch.nn
    pad = INPUTS * king_buckets

    class Network(nn.Module):
        def __init__(self):
            super().__init__()
            self.inputs = nn.EmbeddingBag(pad + 1, hidden, mode="sum", padding_idx=pad)
            self.bias = nn.Parameter(torch.zeros(hidden))
            self.output = nn.Parameter(torch.zeros(OUTPUT_BUCKETS, 2 * hidden))
            self.output_bias = nn.Parameter(torch.zeros(OUTPUT_BUCKETS))
            with torch.no_grad():
                self.inputs.weight.uniform_(-0.1, 0.1)
                self.inputs.weight[pad].zero_()
                self.output.uniform_(-0.05, 0.05)

        def forward(self, ours, theirs, bucket):
            us = (self.inputs(ours) + self.bias).clamp(0, 1).square()
            them = (self.inputs(theirs) + self.bias).clamp(0, 1).square()
            weights = self.output[bucket]
            return (torch.cat([us, them], 1) * weights).sum(1) + self.output_bias[bucket]

        def clip(self):
            with torch.no_grad():
                self.inputs.weight.clamp_(-CLIP, CLIP)
                self.bias.clamp_(-CLIP, CLIP)
                self.output.clamp_(-OUTPUT_CLIP, OUTPUT_CLIP)

    return Network()


def quantised(model):
    """The network as alphabeta reads it: integer arrays in file order."""
    w = model.inputs.weight.detach().numpy()[:INPUTS]
    feature_weights = np.round(w * QA).astype(np.int16)
    feature_bias = np.round(model.bias.detach().numpy() * QA).astype(np.int16)
    output_weights = np.clip(np.round(model.output.detach().numpy() * QB), -MAX_OUTPUT_WEIGHT, MAX_OUTPUT_WEIGHT)
    output_bias = np.round(model.output_bias.detach().numpy() * QA * QB).astype(np.int32)
    return feature_weights, feature_bias, output_weights.astype(np.int16), output_bias


def fnv1a(data):
    """core/util/fnv1a.h's hash of the bytes."""
    h = 0xCBF29CE484222325
    for byte in memoryview(data).cast("B"):
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def network_bytes(arrays):
    feature_weights, feature_bias, output_weights, output_bias = arrays
    payload = b"".join(a.astype("<i2").tobytes() for a in (feature_weights, feature_bias, output_weights))
    payload += output_bias.astype("<i4").tobytes()
    header = b"GAMBITNN" + np.array([FILE_VERSION, INPUTS, HIDDEN, OUTPUT_BUCKETS, QA, QB, SCALE, 0],
                                    dtype="<u4").tobytes()
    return header + np.array([fnv1a(payload)], dtype="<u8").tobytes() + payload


def read_network(path):
    try:
        data = open(path, "rb").read()
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
    header = np.frombuffer(data[8:40], dtype="<u4") if len(data) >= 48 else None
    if data[:8] != b"GAMBITNN" or header is None or \
            list(header) != [FILE_VERSION, INPUTS, HIDDEN, OUTPUT_BUCKETS, QA, QB, SCALE, 0]:
        fail(f"{path} is not a network of this shape")
    payload = 2 * (INPUTS * HIDDEN + HIDDEN + OUTPUT_BUCKETS * 2 * HIDDEN) + 4 * OUTPUT_BUCKETS
    if len(data) != 48 + payload:
        fail(f"{path} has {len(data)} bytes where its header says {48 + payload}")
    if fnv1a(data[48:]) != int(np.frombuffer(data[40:48], dtype="<u8")[0]):
        fail(f"{path}: its contents do not match its checksum (the file is damaged)")
    offset = 48
    def take(dtype, count, shape):
        nonlocal offset
        a = np.frombuffer(data, dtype=dtype, count=count, offset=offset).reshape(shape)
        offset += a.nbytes
        return a.astype(np.int64)
    return (take("<i2", INPUTS * HIDDEN, (INPUTS, HIDDEN)), take("<i2", HIDDEN, (HIDDEN,)),
            take("<i2", OUTPUT_BUCKETS * 2 * HIDDEN, (OUTPUT_BUCKETS, 2 * HIDDEN)),
            take("<i4", OUTPUT_BUCKETS, (OUTPUT_BUCKETS,)))


def integer_evaluation(arrays, codes, white_to_move):
    """The centipawns alphabeta computes (ai_plugins/nnue/accumulator.cpp), side to move's view, in numpy."""
    feature_weights, feature_bias, output_weights, output_bias = arrays
    white, black = features(codes)
    white, black = white.astype(np.int64), black.astype(np.int64)
    padded = np.vstack([feature_weights, np.zeros((1, HIDDEN), dtype=np.int64)])
    acc_white = padded[white].sum(1) + feature_bias
    acc_black = padded[black].sum(1) + feature_bias
    us = np.where(white_to_move[:, None], acc_white, acc_black)
    them = np.where(white_to_move[:, None], acc_black, acc_white)
    x = np.clip(np.concatenate([us, them], 1), 0, QA)
    b = buckets(codes)
    total = (x * x * output_weights[b]).sum(1)
    # C++ divides toward zero.
    def div(a, d):
        return np.sign(a) * (np.abs(a) // d)
    output = div(total, QA) + output_bias[b]
    return div(output * SCALE, QA * QB)


# ----------------------------------------------------------------------------- training

def train(args):
    import torch
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    torch.set_num_threads(args.threads)
    started = time.time()
    codes, white_to_move, scores, results, held_out, no_castling = read_data(args.data)
    print(f"{len(codes)} positions ({held_out.sum()} held out) read in {time.time() - started:.0f} s", flush=True)
    data_positions, mirrored_positions = len(codes), 0
    if args.mirror:
        # Without castling rights the board's mirror image, files a and h swapped, is worth the same.
        twins = np.flatnonzero(~held_out & no_castling)
        mirrored = codes[twins].reshape(-1, 8, 8)[:, :, ::-1].reshape(-1, 64)
        codes = np.concatenate([codes, mirrored])
        white_to_move, scores, results = (np.concatenate([a, a[twins]]) for a in (white_to_move, scores, results))
        held_out = np.concatenate([held_out, np.zeros(len(twins), dtype=bool)])
        mirrored_positions = len(twins)
        print(f"{len(twins)} positions without castling rights also learned mirrored", flush=True)

    white, black = features(codes, args.king_buckets)
    stm_white = white_to_move
    ours = np.where(stm_white[:, None], white, black)
    theirs = np.where(stm_white[:, None], black, white)
    sign = np.where(stm_white, 1.0, -1.0).astype(np.float32)
    score = scores * sign
    result = np.where(stm_white, results, 1.0 - results).astype(np.float32)
    target = (1 - args.wdl) / (1 + np.exp(-score / SCALE)) + args.wdl * result
    bucket = buckets(codes)

    def tensors(mask):
        return (torch.from_numpy(ours[mask]), torch.from_numpy(theirs[mask]), torch.from_numpy(bucket[mask]),
                torch.from_numpy(target[mask].astype(np.float32)))

    def long(batch):
        o, t, b, y = batch
        return o.long(), t.long(), b, y

    train_set, valid_set = tensors(~held_out), tensors(held_out)
    n = len(train_set[0])
    model = make_model(torch, args.hidden, args.king_buckets)
    # Read before learning, so that a network or provenance that cannot be read stops the run before its work.
    start = None
    if args.start:
        load_network(torch, model, read_network(args.start))
        start = started_from(args.start)
    optimiser = torch.optim.Adam(model.parameters(), lr=args.rate)
    schedule = torch.optim.lr_scheduler.StepLR(optimiser, step_size=max(1, args.epochs // 3), gamma=0.3)

    def loss_of(batch):
        o, t, b, y = long(batch)
        return ((torch.sigmoid(model(o, t, b)) - y) ** 2).mean()

    def validation_loss():
        if len(valid_set[0]) == 0:
            return float("nan")
        with torch.no_grad():
            total = 0.0
            for i in range(0, len(valid_set[0]), 65536):
                batch = tuple(x[i:i + 65536] for x in valid_set)
                total += float(loss_of(batch)) * len(batch[0])
            return total / len(valid_set[0])

    # The network kept is the epoch whose held-out loss is lowest: later epochs may only learn the noise of the
    # positions learned from (without held-out positions, the last epoch).
    # A network started from (--start) is itself a candidate, epoch 0: a run that learns nothing better keeps it.
    history, best_epoch, best_held, best_state = [], 0, float("inf"), None
    start_held = validation_loss()
    print(f"epoch 0: held out {start_held:.6f}", flush=True)
    if args.start:
        best_held = start_held
        best_state = {k: v.clone() for k, v in model.state_dict().items()}
    for epoch in range(1, args.epochs + 1):
        order = torch.randperm(n)
        total = 0.0
        for i in range(0, n, args.batch):
            index = order[i:i + args.batch]
            batch = tuple(x[index] for x in train_set)
            optimiser.zero_grad()
            loss = loss_of(batch)
            loss.backward()
            optimiser.step()
            model.clip()
            total += float(loss) * len(index)
        schedule.step()
        held = validation_loss()
        history.append({"epoch": epoch, "loss": total / n, "held_out": held})
        print(f"epoch {epoch}: learned from {total / n:.6f}, held out {held:.6f} ({time.time() - started:.0f} s)",
              flush=True)
        if held < best_held or np.isnan(held):  # with nothing held out (NaN), the latest
            best_epoch, best_held = epoch, held
            best_state = {k: v.clone() for k, v in model.state_dict().items()}
    if best_state is not None:
        model.load_state_dict(best_state)
        print(f"kept epoch {best_epoch} (held out {best_held:.6f})", flush=True)

    playable = args.hidden == HIDDEN and args.king_buckets == 1
    data, quantisation = b"", None
    if playable:
        arrays = quantised(model)
        data = network_bytes(arrays)
        with open(args.out, "wb") as f:
            f.write(data)
        # How far the integers are from the floats, on held-out positions (centipawns).
        sample = np.flatnonzero(held_out)[:2000] if held_out.any() else np.arange(min(2000, len(codes)))
        with torch.no_grad():
            floats = model(torch.from_numpy(ours[sample].astype(np.int64)),
                           torch.from_numpy(theirs[sample].astype(np.int64)),
                           torch.from_numpy(bucket[sample])).numpy() * SCALE
        integers = integer_evaluation(arrays, codes[sample], white_to_move[sample])
        quantisation = round(float(np.abs(floats - integers).mean()), 3)
        print(f"quantisation: the integers differ from the floats by {quantisation:.2f} centipawns on average")
    else:
        print("a trial shape: alphabeta cannot read it, so only its provenance and losses are written")
    provenance = {
        "network": os.path.basename(args.out) if playable else None,
        "sha256": hashlib.sha256(data).hexdigest() if playable else None,
        "shape": f"{INPUTS}{f' x {args.king_buckets} king buckets' if args.king_buckets > 1 else ''} -> "
                 f"{args.hidden} (x2 perspectives, SCReLU) -> 1 of {OUTPUT_BUCKETS} buckets",
        "data": [{"file": os.path.basename(p), "bytes": os.path.getsize(p)} for p in args.data],
        "positions": int(data_positions),
        "mirrored": int(mirrored_positions),
        "held_out": int(held_out.sum()),
        # Files by name only: the provenance is kept in the repository, where a machine's paths mean nothing.
        "command": "train.py " + " ".join(os.path.basename(a) if os.path.isabs(a) else a for a in sys.argv[1:]),
        "commit": commit(),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "seconds": round(time.time() - started),
        "torch": torch.__version__,
        "options": {"epochs": args.epochs, "batch": args.batch, "rate": args.rate, "wdl": args.wdl, "seed": args.seed,
                    "mirror": args.mirror},
        "losses": history,
        "kept_epoch": best_epoch,
        "started_from": start | {"held_out": start_held} if start else None,
        "quantisation_cp": quantisation,
    }
    with open(args.out + ".json", "w") as f:
        json.dump(provenance, f, indent=1)
        f.write("\n")
    print(f"wrote {args.out + ' and ' if playable else ''}{args.out}.json")


def load_network(torch, model, arrays):
    """Sets the model's weights to a network file's (the integers back to floats, exactly: quantised again,
    they are the same integers)."""
    feature_weights, feature_bias, output_weights, output_bias = arrays
    with torch.no_grad():
        model.inputs.weight[:INPUTS] = torch.from_numpy(feature_weights / QA).float()
        model.bias[:] = torch.from_numpy(feature_bias / QA).float()
        model.output[:] = torch.from_numpy(output_weights / QB).float()
        model.output_bias[:] = torch.from_numpy(output_bias / (QA * QB)).float()


def started_from(path):
    """The provenance of the network a run starts from: its file, its hash, and its own provenance when it lies
    beside it (so the chain of networks is in one file); the run adds the network's error on its held-out
    positions."""
    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    parent = None
    if os.path.exists(path + ".json"):
        try:
            with open(path + ".json") as f:
                parent = json.load(f)
        except (OSError, ValueError) as e:
            fail(f"{path}.json, the provenance of the network started from, cannot be read: {e}")
    return {"network": os.path.basename(path), "sha256": digest, "provenance": parent}


def commit():
    try:
        here = os.path.dirname(os.path.abspath(__file__))
        return subprocess.run(["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def evaluate(args):
    arrays = read_network(args.evaluate[0])
    fens = [line.strip() for line in open(args.evaluate[1]) if line.strip() and not line.startswith("#")]
    codes = board_codes([f.split()[0] for f in fens])
    values = integer_evaluation(arrays, codes, np.array([f.split()[1] == "w" for f in fens]))
    for fen, v in zip(fens, values):
        print(f"{fen} | {int(v)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", nargs="+", help="gambit-datagen files")
    parser.add_argument("--out", help="the network file to write")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--rate", type=float, default=0.001, help="Adam's learning rate (cut to 0.3x thrice)")
    parser.add_argument("--wdl", type=float, default=0.0, help="the result's share of the target (0: scores only)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--mirror", action="store_true",
                        help="also learn each position without castling rights mirrored, files a and h swapped")
    parser.add_argument("--hidden", type=int, default=HIDDEN,
                        help=f"neurons per side; only {HIDDEN} makes a network alphabeta reads (others: a trial)")
    parser.add_argument("--king-buckets", type=int, choices=(1, 4), default=1,
                        help="4: a trial of inputs by where our king stands (alphabeta reads only 1)")
    parser.add_argument("--start", metavar="NET",
                        help="learn on from this network instead of random weights (kept if no epoch does better)")
    parser.add_argument("--evaluate", nargs=2, metavar=("NET", "FENS"))
    args = parser.parse_args()
    if args.evaluate:
        return evaluate(args)
    if not args.data or not args.out:
        parser.error("--data and --out are needed (or --evaluate NET FENS)")
    if not 0 <= args.wdl <= 1:
        parser.error("--wdl is a share, 0 to 1")
    if args.start and (args.hidden != HIDDEN or args.king_buckets != 1):
        parser.error(f"--start needs the shape alphabeta reads ({HIDDEN} neurons, no king buckets)")
    train(args)


if __name__ == "__main__":
    main()
