#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Synthesise Gambit's sound effects.

This script is the source of the WAV files next to it: run it again to
regenerate them (the output is the same every time, the noise uses a fixed
seed). Python 3 standard library only.

Every file is 16-bit mono PCM at 44100 Hz, peak about -6 dBFS, with a short
fade-in and fade-out so it starts and stops without a click.

    move.wav      soft wooden "tock" (~80 ms)
    capture.wav   sharper, slightly louder double click (~120 ms)
    check.wav     two short rising tones (~250 ms)
    game_end.wav  three-note soft chime C5-E5-G5 (~900 ms)
    notify.wav    a single soft tone (~150 ms), used for hints

Licence: CC0-1.0 (made for Gambit).
"""

import math
import os
import random
import struct
import wave

RATE = 44100
PEAK_DBFS = -6.0
FADE_IN_S = 0.002
FADE_OUT_S = 0.010

HERE = os.path.dirname(os.path.abspath(__file__))


def n_samples(seconds):
    return int(round(seconds * RATE))


def silence(seconds):
    return [0.0] * n_samples(seconds)


def mix_into(dst, src, offset_s=0.0, gain=1.0):
    """Add src into dst starting at offset_s, growing dst if needed."""
    start = n_samples(offset_s)
    end = start + len(src)
    if end > len(dst):
        dst.extend([0.0] * (end - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += gain * v


def tone(freq, seconds, decay_s, harmonics=((1.0, 1.0),), attack_s=0.004,
         glide_to=None):
    """A sine tone (with optional harmonics) with a soft attack and
    exponential decay (decay_s is the time constant). glide_to, if given,
    slides the pitch linearly to that frequency over the tone."""
    out = []
    phase = [0.0] * len(harmonics)
    n = n_samples(seconds)
    for i in range(n):
        t = i / RATE
        f = freq if glide_to is None else freq + (glide_to - freq) * (i / n)
        env = math.exp(-t / decay_s)
        if t < attack_s:
            env *= 0.5 - 0.5 * math.cos(math.pi * t / attack_s)
        v = 0.0
        for k, (mult, amp) in enumerate(harmonics):
            phase[k] += 2.0 * math.pi * f * mult / RATE
            v += amp * math.sin(phase[k])
        out.append(env * v)
    return out


def noise_burst(rng, seconds, decay_s, lowpass_hz, highpass_hz=0.0):
    """White noise through a one-pole low-pass (and optional one-pole
    high-pass), with exponential decay: a woody knock or a click."""
    out = []
    a_lp = 1.0 - math.exp(-2.0 * math.pi * lowpass_hz / RATE)
    a_hp = math.exp(-2.0 * math.pi * highpass_hz / RATE) if highpass_hz else 0.0
    lp = 0.0
    hp_prev_in = 0.0
    hp = 0.0
    for i in range(n_samples(seconds)):
        t = i / RATE
        x = rng.uniform(-1.0, 1.0)
        lp += a_lp * (x - lp)
        y = lp
        if highpass_hz:
            hp = a_hp * (hp + y - hp_prev_in)
            hp_prev_in = y
            y = hp
        out.append(math.exp(-t / decay_s) * y)
    return out


def finish(samples, peak_dbfs=PEAK_DBFS):
    """Fade in/out, then normalise so the peak sits at peak_dbfs."""
    n = len(samples)
    fi = min(n_samples(FADE_IN_S), n // 2)
    fo = min(n_samples(FADE_OUT_S), n // 2)
    out = list(samples)
    for i in range(fi):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fi)
    for i in range(fo):
        out[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fo)
    peak = max(abs(v) for v in out) or 1.0
    target = 10.0 ** (peak_dbfs / 20.0)
    return [v * target / peak for v in out]


def write_wav(name, samples):
    path = os.path.join(HERE, name)
    frames = b"".join(
        struct.pack("<h", max(-32767, min(32767, int(round(v * 32767.0)))))
        for v in samples)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    peak = max(abs(v) for v in samples)
    print("%-13s %5d ms  %6d bytes  peak %.1f dBFS" % (
        name, round(1000 * len(samples) / RATE), os.path.getsize(path),
        20.0 * math.log10(peak)))


# --------------------------------------------------------------------------
# The sounds

def make_move(rng):
    """Soft wooden tock: filtered noise knock plus a low, fast-decaying body."""
    length = 0.080
    s = silence(length)
    mix_into(s, noise_burst(rng, length, 0.006, lowpass_hz=2500,
                            highpass_hz=200), gain=0.6)
    mix_into(s, tone(600, length, 0.014, harmonics=((1.0, 1.0), (2.01, 0.25)),
                     attack_s=0.001), gain=1.0)
    mix_into(s, tone(310, length, 0.020, attack_s=0.001), gain=0.35)
    return finish(s, PEAK_DBFS - 1.0)   # a touch quieter than capture


def make_capture(rng):
    """Sharper double click: two bright knocks 45 ms apart."""
    length = 0.120
    s = silence(length)
    for offset, gain in ((0.0, 1.0), (0.045, 0.8)):
        click = noise_burst(rng, 0.070, 0.004, lowpass_hz=5000,
                            highpass_hz=400)
        body = tone(820, 0.070, 0.016, harmonics=((1.0, 1.0), (2.3, 0.3)),
                    attack_s=0.0008)
        mix_into(s, click, offset, 0.5 * gain)
        mix_into(s, body, offset, 1.0 * gain)
    return finish(s[:n_samples(length)], PEAK_DBFS)


def make_check(rng):
    """Two short gentle rising tones (E5 then A5), soft sine with a little
    second harmonic."""
    del rng
    length = 0.250
    s = silence(length)
    harm = ((1.0, 1.0), (2.0, 0.15))
    mix_into(s, tone(659.26, 0.110, 0.045, harm, attack_s=0.006), 0.0)
    mix_into(s, tone(880.00, 0.130, 0.050, harm, attack_s=0.006), 0.115)
    return finish(s[:n_samples(length)], PEAK_DBFS - 1.0)


def make_game_end(rng):
    """Three-note soft chime C5-E5-G5, each note ringing on under the next."""
    del rng
    length = 0.900
    s = silence(length)
    bell = ((1.0, 1.0), (2.0, 0.22), (3.0, 0.06))
    for i, f in enumerate((523.25, 659.26, 783.99)):
        start = 0.150 * i
        mix_into(s, tone(f, length - start, 0.22, bell, attack_s=0.008),
                 start, 0.8)
    return finish(s[:n_samples(length)], PEAK_DBFS)


def make_notify(rng):
    """A single soft tone (A5 with a light octave) for hints."""
    del rng
    length = 0.150
    s = tone(880.0, length, 0.055, ((1.0, 1.0), (2.0, 0.12)), attack_s=0.008)
    return finish(s, PEAK_DBFS - 1.0)


def main():
    rng = random.Random(20240601)   # fixed seed: identical output every run
    write_wav("move.wav", make_move(rng))
    write_wav("capture.wav", make_capture(rng))
    write_wav("check.wav", make_check(rng))
    write_wav("game_end.wav", make_game_end(rng))
    write_wav("notify.wav", make_notify(rng))


if __name__ == "__main__":
    main()
