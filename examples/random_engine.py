#!/usr/bin/env python3
"""random_engine.py: the smallest engine maxtune can play, to copy when wrapping your own.

It speaks maxtune's UCI-style protocol (README.md, "The UCI-style protocol") on stdin/stdout
and plays a legal move chosen at random. The legal moves come from `maxtune moves FEN --moves
M...` (run as a program with its arguments, never through a shell); MAXTUNE names the binary
(default: bin/maxtune from the folder the engine runs in). The choice is seeded by the position
and the Seed option, so the same game is played every time: a fixed-node match that includes
this engine still reproduces bit for bit.

Try it: bin/maxtune run configs/my-engine.ini
"""
import hashlib
import os
import subprocess
import sys

MAXTUNE = os.environ.get("MAXTUNE", "bin/maxtune")


def legal_moves(fen, moves):
    """The legal moves after playing moves from fen ("start" for the initial position)."""
    out = subprocess.run([MAXTUNE, "moves", fen, "--moves", *moves],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise ValueError(out.stderr.strip())
    return out.stdout.split()


def parse_position(words):
    """(fen, moves) of a `position startpos|fen FEN [moves M...]` command's words."""
    moves = words.index("moves") if "moves" in words else len(words)
    if words[1] == "startpos":
        fen = "start"
    elif words[1] == "fen":
        fen = " ".join(words[2:moves])
    else:
        raise ValueError("position: expected startpos or fen")
    return fen, words[moves + 1:]


def main():
    seed = 0
    position = None  # (fen, moves) of the last good position command
    legal = []  # its legal moves
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "uci":
            print("id name random_engine.py")
            print("id author maxtune example")
            print("option name Seed type spin default 0 min 0 max 1000000")
            print("uciok")
        elif cmd == "isready":
            print("readyok")
        elif cmd == "setoption" and len(words) >= 5 and words[2] == "Seed":
            seed = int(words[4])
        elif cmd == "setoption":
            print("info string error: unknown option")
        elif cmd == "ucinewgame":
            pass
        elif cmd == "position":
            try:
                position = parse_position(words)
                legal = legal_moves(*position)
            except ValueError as err:
                position = None
                print(f"info string error: position: {err}")
        elif cmd == "go":
            if position is None:
                print("info string error: no valid position")
                print("bestmove 0000")
            elif not legal:
                print("bestmove (none)")
            else:
                key = f"{seed} {position[0]} {' '.join(position[1])}".encode()
                pick = int.from_bytes(hashlib.sha256(key).digest()[:8], "big") % len(legal)
                print(f"info depth 1 score cp 0 nodes {len(legal)} pv {legal[pick]}")
                print(f"bestmove {legal[pick]}")
        elif cmd == "stop":
            pass
        elif cmd == "quit":
            break
        else:
            print("info string error: unknown command")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
