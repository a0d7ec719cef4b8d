"""packed_check.py POSITIONS SUMMARY GAME: checks a datagen positions file against the format
of docs/formats.md ("Training positions") and the run's summary.json, independently of the C
reader: the magic, version, record size, the game's name, the record count (summary.json's
"records"), the file size, the FNV-1a 64 hash of the records, and in every record the piece
codes agreeing with the occupancy, the side to move, the result, the flags, the reserved byte
and the game numbers nondecreasing. Exits 1 with the problem on stderr."""
import json
import struct
import sys

path, summary, game = sys.argv[1], sys.argv[2], sys.argv[3]
data = open(path, "rb").read()
records = json.load(open(summary))["records"]


def fail(why):
    sys.exit(f"{path}: {why}")


if data[:8] != b"MXTPACKD":
    fail("bad magic")
version, size = struct.unpack_from("<II", data, 8)
name = data[16:32].rstrip(b"\0").decode()
(n,) = struct.unpack_from("<Q", data, 32)
if version != 1 or size != 64 or name != game or any(data[40:64]):
    fail(f"header: version {version}, record size {size}, game {name!r}")
if n != records or len(data) != 64 + 64 * n + 8:
    fail(f"{n} records, {len(data)} bytes, summary.json says {records} records")
h = 0xCBF29CE484222325
for b in data[64 : 64 + 64 * n]:
    h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
if struct.unpack_from("<Q", data, 64 + 64 * n)[0] != h:
    fail("hash mismatch")
players = 4 if game == "martian4" else 2
last_game = 0
for i in range(n):
    r = data[64 + 64 * i : 128 + 64 * i]
    occupied = sum(bin(b).count("1") for b in r[:11])
    codes = r[12:48]
    if not 0 < occupied <= 36 or any(codes[occupied:]) or not all(codes[:occupied]):
        fail(f"record {i}: {occupied} squares and the piece codes disagree")
    g = struct.unpack_from("<I", r, 52)[0]
    if r[11] >= players or r[50] > 2 or r[51] > 3 or r[63] or g < last_game:
        fail(f"record {i}: side {r[11]}, result {r[50]}, flags {r[51]}, game {g}")
    last_game = g
