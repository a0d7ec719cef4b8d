#!/usr/bin/env python3
"""flaky.py: an engine that misbehaves at random, for scripts/soak.sh.

Usage: flaky.py RATE LOG PROGRAM ARGS...
Passes the protocol through to PROGRAM ARGS (e.g. bin/maxtune uci) and, at each `go`, with
probability RATE misbehaves in one of four ways, chosen at random: crash (exits 3 without an
answer), hang (never answers again; the runner must kill it), garbage (a line of control bytes
and a malformed bestmove), illegal (the real best move reversed, <to>-<from>, never legal).
Each fault is appended to LOG as one line "<pid> <kind>", so the soak can count what it
injected. The random stream is seeded by the process id: every run differs, as real faults do.
"""
import os
import random
import re
import subprocess
import sys
import time

KINDS = ("crash", "hang", "garbage", "illegal")


def main():
    rate, log = float(sys.argv[1]), sys.argv[2]
    eng = subprocess.Popen(sys.argv[3:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True, bufsize=1)
    rng = random.Random(os.getpid() ^ int(time.time() * 1000))

    def note(kind):
        with open(log, "a", encoding="ascii") as f:
            f.write(f"{os.getpid()} {kind}\n")

    def relay(prefix):
        """Forwards the engine's lines up to the first that starts with prefix; returns it."""
        for line in eng.stdout:
            if line.startswith(prefix):
                return line
            sys.stdout.write(line)
        sys.exit(4)

    for line in sys.stdin:
        eng.stdin.write(line)
        eng.stdin.flush()
        word = line.split()[0] if line.split() else ""
        if word == "uci":
            sys.stdout.write(relay("uciok"))
        elif word == "isready":
            sys.stdout.write(relay("readyok"))
        elif word == "go":
            answer = relay("bestmove")
            kind = rng.choice(KINDS) if rng.random() < rate else None
            if kind:
                note(kind)
            if kind == "crash":
                sys.stderr.write("flaky.py: crashing on purpose\n")
                sys.exit(3)
            elif kind == "hang":
                sys.stdout.flush()
                time.sleep(3600)
            elif kind == "garbage":
                sys.stdout.write("\x01\x02\x7f garbage \x1b[0m\n")
                sys.stdout.write("bestmove @@!!\n")
            elif kind == "illegal":
                move = answer.split()[1] if len(answer.split()) > 1 else "a0-a0"
                squares = re.findall(r"[a-h][0-9]+", move)[:2]
                sys.stdout.write(f"bestmove {'-'.join(reversed(squares))}\n")
            else:
                sys.stdout.write(answer)
        elif word == "quit":
            break
        sys.stdout.flush()
    eng.stdin.close()
    eng.wait()


if __name__ == "__main__":
    main()
