"""Fit the "hard" Reversi player's pattern weights (issue 35) and write them
into ``games/reversi/weights.py``.

1. ``bench/reversi_datagen.c`` plays the panel's depth-8 player
   (``bench/reversi_strong.c``) against itself at a small depth, from random
   openings with a few random moves, the end solved exactly; every position is
   kept with the game's final margin for the side to move.
2. ``bench/reversi_fit.c`` fits, per stage, one weight per configuration of
   each pattern class of ``games/reversi/patterns.py`` (the instances written
   for it into a C header from that module, so both read the same squares)
   plus the scalars, by least squares on the margin.
3. With ``--rounds N``, N times: ``bench/reversi_relabel.c`` labels every
   position again by TD(lambda) along its game, from the end back: ``1 - lambda``
   of a 2-ply search on the weights just fitted plus ``lambda`` of the next
   position's label (positions of SOLVE empty squares or fewer keep the exact
   margin), and the fit is made again on those labels.
4. The weights, in sixteenths of a disc, as 16-bit integers, zlib and base64,
   go into ``games/reversi/weights.py``.

Run: python -m bench.reversi_train [games per seed] [depth] [epochs] [--seed N]...
     [--solve 12] [--positions FILE]... (reuse positions already generated)
     [--rounds 0] [--td 0.7] [--td-depth 2]
The weights shipped: ``python -m bench.reversi_train 20000 4 12 --seed 1 --seed 2``
(40,000 games, 2.4 million positions; about 20 minutes of one core, the fit 30 s).
Everything heavy runs under ``nice``; the files go into the temporary directory.
"""

from __future__ import annotations

import argparse
import base64
import subprocess
import sys
import tempfile
import zlib
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.reversi import patterns

HERE = Path(__file__).resolve().parent
WEIGHTS = HERE.parent / "games" / "reversi" / "weights.py"
WORK = Path(tempfile.gettempdir()) / "reversi_train"


def header() -> str:
    """The pattern instances of :mod:`games.reversi.patterns` as C arrays."""
    classes = patterns.CLASSES
    found = patterns.instances()
    rows = [
        f"#define CLASSES {len(classes)}",
        f"static const int class_digits[CLASSES] = {{{', '.join(str(d) for _, d, _ in classes)}}};",
        "static const int class_mirror[CLASSES][10] = {"
        + ", ".join("{" + ", ".join(map(str, m)) + "}" for _, _, m in classes)
        + "};",
        f"#define INSTANCES {len(found)}",
        "static const int instance_class[INSTANCES] = {"
        + ", ".join(str(c) for c, _ in found)
        + "};",
        "static const int instance_squares[INSTANCES][10] = {"
        + ", ".join("{" + ", ".join(map(str, squares)) + "}" for _, squares in found)
        + "};",
        f"#define STAGES {patterns.STAGES}",
        f"#define STAGE_LOW(s) ((s) * {patterns.STAGE_WIDTH})",
        f"#define STAGE_HIGH(s) ((s) == STAGES - 1 ? 64 : (s) * {patterns.STAGE_WIDTH}"
        f" + {patterns.STAGE_WIDTH - 1})",
        f"#define SCALARS {len(patterns.SCALARS)}",
    ]
    return "\n".join(rows) + "\n"


def build(source: str, output: Path, *flags: str) -> None:
    subprocess.run(["cc", "-O2", *flags, "-o", str(output), str(HERE / source), "-lm"], check=True)


def fit(epochs: int, files: list[Path]) -> list[int]:
    """The weights fitted on the positions of ``files``, in sixteenths of a disc."""
    fitted = subprocess.run(
        ["nice", "-n", "10", str(WORK / "fit"), str(epochs), *map(str, files)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    sys.stderr.write(fitted.stderr)
    return [max(-32768, min(32767, round(float(v) * patterns.UNIT))) for v in fitted.stdout.split()]


def encode(values: list[int]) -> str:
    """The module text holding ``values`` (sixteenths of a disc)."""
    packed = array("h", values)
    if sys.byteorder != "little":
        packed.byteswap()
    text = base64.b64encode(zlib.compress(packed.tobytes(), 9)).decode()
    chunks = [text[i : i + 88] for i in range(0, len(text), 88)]
    body = "\n".join(f'    b"{chunk}"' for chunk in chunks)
    return (
        '"""The "hard" player\'s pattern weights, written by ``bench/reversi_train.py``\n'
        "(decoded once by :mod:`.patterns`): 16-bit integers, sixteenths of a disc,\n"
        'little-endian, zlib, base64. Do not edit by hand."""\n\n'
        f"DATA = (\n{body}\n)\n"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int, nargs="?", default=20000)
    parser.add_argument("depth", type=int, nargs="?", default=4)
    parser.add_argument("epochs", type=int, nargs="?", default=12)
    parser.add_argument("--seed", type=int, action="append")
    parser.add_argument("--solve", type=int, default=12)
    parser.add_argument("--positions", action="append", default=[])
    parser.add_argument("--rounds", type=int, default=0)
    parser.add_argument("--td", type=float, default=0.7)
    parser.add_argument("--td-depth", type=int, default=2)
    args = parser.parse_args()
    WORK.mkdir(exist_ok=True)
    (WORK / "reversi_patterns.h").write_text(header())
    files = [Path(p) for p in args.positions]
    if not files:
        build("reversi_datagen.c", WORK / "datagen", f"-DSOLVE={args.solve}")
        for seed in args.seed or [1, 2]:
            data = WORK / f"positions_{seed}.bin"
            with data.open("wb") as out:
                subprocess.run(
                    ["nice", "-n", "10", str(WORK / "datagen"), str(args.games), str(seed),
                     str(args.depth)], stdout=out, check=True,
                )  # fmt: skip
            files.append(data)
    build("reversi_fit.c", WORK / "fit", f"-I{WORK}")
    values = fit(args.epochs, files)
    if args.rounds:
        build("reversi_relabel.c", WORK / "relabel", f"-I{WORK}")
    for round_ in range(args.rounds):
        fitted = WORK / "weights.txt"
        fitted.write_text("".join(f"{v / patterns.UNIT}\n" for v in values))
        labelled = WORK / f"labelled_{round_ % 2}.bin"
        with labelled.open("wb") as out:
            subprocess.run(
                ["nice", "-n", "10", str(WORK / "relabel"), str(fitted), str(args.td),
                 str(args.td_depth), str(args.solve), *map(str, files)], stdout=out, check=True,
            )  # fmt: skip
        values = fit(args.epochs, [labelled])
    WEIGHTS.write_text(encode(values))
    print(f"wrote {WEIGHTS} ({WEIGHTS.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
