"""A solved slice as NumPy arrays, row by row against `evaluate` and the slice numbering."""

import math
import random

import numpy as np
import pytest

import mancala_tb as m


def test_kalah_slice_row_by_row(rk):
    arrays = rk.slice_arrays("kalah-4", "5")
    boards, values, depths = arrays["boards"], arrays["values"], arrays["depths"]
    # 5 seeds over 8 pits: C(12, 7) = 792 positions, 8 cells a row.
    assert arrays["slice"] == "5"
    assert boards.shape == (792, 8) and boards.dtype == np.uint8
    assert values.shape == (792,) and values.dtype == np.int8
    assert depths.dtype == np.int32
    assert (boards.sum(axis=1) == 5).all()
    # Every board once.
    assert len({row.tobytes() for row in boards}) == 792
    for i, row in enumerate(boards):
        p = m.Position.from_board("kalah-4", row.tolist())
        assert p.slice == ("5", i)
        e = rk.evaluate(p)
        assert e.source == "tablebase"
        assert e.value.score == values[i]
        assert (e.value.depth if e.value.depth is not None else -1) == depths[i]


def test_rio_kadalis_slice_sampled(rk):
    arrays = rk.slice_arrays("rio-kadalis", 8)
    boards, values, depths = arrays["boards"], arrays["values"], arrays["depths"]
    # 8 seeds over 12 pits: C(19, 11) = 75,582 positions; more than one chunk of 65,536.
    assert boards.shape == (math.comb(19, 11), 12)
    rows = random.Random(7).sample(range(len(boards)), 300) + [0, 65535, 65536, len(boards) - 1]
    for i in rows:
        # Seen from North this time: the board is the mover's, whichever side that is.
        p = m.Position.from_board("rio-kadalis", boards[i].tolist(), "N", (20, 20))
        assert p.slice == ("8", i)
        e = rk.evaluate(p)
        assert e.value.score == values[i]
        assert (e.value.depth if e.value.depth is not None else -1) == depths[i]
    # Endless play (value 0) and only it has no depth.
    assert ((values == 0) == (depths == -1)).all()


def test_unstored_and_unknown_slices(rk):
    with pytest.raises(m.TablebaseError, match="not stored"):
        rk.slice_arrays("rio-kadalis", "12")
    with pytest.raises(m.PositionError, match="no slice"):
        # Rio Kadalis boards hold multiples of 4 seeds... but 9 is not one.
        rk.slice_arrays("rio-kadalis", 9)
    with pytest.raises(m.PositionError, match="not a slice name"):
        rk.slice_arrays("kalah-4", "five")
