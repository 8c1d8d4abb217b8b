"""Two questions a researcher might ask of the tablebase, in a few lines each.

1. Where in Rio Kadalis is the only winning move a sacrifice? (The move gives the opponent
   seeds: fours made in the opponent's pits go to their owner, or the reply captures at once,
   and still it is the one move that keeps the win.)
2. How do the shares of won, drawn and lost positions change with the seeds on the board, in
   every variant? Plotted with matplotlib and saved as a PNG.

    python sacrifices.py [--db mancala.db] [--out outcomes.png] [--seeds 12] [--examples 8]

The tablebase is the default one (`mancala solve all`); the plot uses every slice it holds.
"""

import argparse
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import mancala_tb  # noqa: E402


def opponent_gain(position, played):
    """Seeds the move hands the opponent at once: in the move itself, plus the most the
    opponent's best-capturing reply takes (0 if the mover moves again or the game ends)."""
    mover = 0 if position.side == "S" else 1
    given = played.captured[1 - mover]
    taken = played.captured[mover]
    reply = 0
    if not played.ends_game and played.after.side != position.side:
        reply = max((r.captured[1 - mover] - r.captured[mover] for r in played.after.moves()), default=0)
    return given + reply - taken


def sacrifices(tb, seeds, wanted):
    """Positions of Rio Kadalis with `seeds` on the board whose only winning move (the one move
    that keeps a positive value) loses seeds at once; returns them with the move."""
    arrays = tb.slice_arrays("rio-kadalis", seeds)
    boards, values = arrays["boards"], arrays["values"]
    found = []
    # The NumPy arrays pick the candidates (won positions); the evaluator judges their moves.
    for i in np.flatnonzero(values > 0):
        position = mancala_tb.Position.from_board("rio-kadalis", boards[i].tolist())
        e = tb.evaluate(position)
        winning = [mv for mv in e.moves if mv.value.score > 0]
        if len(winning) != 1:
            continue
        played = position.play(winning[0].move)
        lost = opponent_gain(position, played)
        if lost > 0:
            found.append((position, winning[0], lost))
            if len(found) == wanted:
                break
    return found


def outcome_shares(tb):
    """For each variant: seeds on the board -> (won, drawn, lost) positions, over every slice
    the tablebase holds."""
    shares = {}
    for variant in mancala_tb.variants():
        by_seeds = defaultdict(lambda: np.zeros(3))
        for s in tb.slices(variant):
            if s["current"]:
                by_seeds[s["seeds"]] += (s["wins"], s["draws"], s["losses"])
        if by_seeds:
            shares[variant] = dict(sorted(by_seeds.items()))
    return shares


def plot(shares, out):
    """One panel a variant: the shares of won, drawn and lost positions for the side to move,
    stacked, by seeds on the board."""
    columns = 5
    rows = -(-len(shares) // columns)
    fig, axes = plt.subplots(rows, columns, figsize=(3.2 * columns, 2.6 * rows), squeeze=False)
    for ax in axes.flat[len(shares):]:
        ax.set_visible(False)
    for ax, (variant, by_seeds) in zip(axes.flat, shares.items()):
        seeds = np.array(list(by_seeds))
        counts = np.array(list(by_seeds.values()))
        share = counts / counts.sum(axis=1, keepdims=True)
        ax.stackplot(seeds, share.T, labels=["won", "drawn", "lost"],
                     colors=["#2e7d32", "#9e9e9e", "#c62828"])
        ax.set_title(variant.name, fontsize=10)
        ax.set_xlim(seeds.min(), seeds.max())
        ax.set_ylim(0, 1)
        ax.set_xlabel("seeds on the board", fontsize=8)
        ax.tick_params(labelsize=7)
    axes.flat[0].legend(loc="lower left", fontsize=7)
    fig.suptitle("Won, drawn and lost positions for the side to move, by seeds on the board")
    fig.tight_layout()
    fig.savefig(out, dpi=110)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default="mancala.db", help="the tablebase (default: mancala.db)")
    parser.add_argument("--out", default="outcomes.png", help="where to write the plot")
    parser.add_argument("--seeds", type=int, default=12, help="Rio Kadalis slice to search")
    parser.add_argument("--examples", type=int, default=8, help="sacrifices to find")
    args = parser.parse_args()

    tb = mancala_tb.Tablebase(args.db)
    found = sacrifices(tb, args.seeds, args.examples)
    print(f"Rio Kadalis, {args.seeds} seeds: {len(found)} positions whose only winning move "
          "gives seeds away at once")
    for position, move, lost in found:
        print(f"  {position}  {move.move}: {move.value} (down {lost} seed(s) after the reply)")
    plot(outcome_shares(tb), args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
