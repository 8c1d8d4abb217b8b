"""Variants, positions and moves: the rules as Python sees them, against values worked out by
hand from docs/rules.md (Kalah (4 pits): rows `N4,N3,N2,N1/S1,S2,S3,S4`; South's pit k faces
North's pit 5 - k) and the command line's messages."""

import pytest

import mancala_tb as m

from conftest import run_cli


def test_variants_and_their_facts():
    ids = [v.id for v in m.variants()]
    assert ids == [
        "hawalis",
        "bao-la-kiarabu",
        "al-manqala",
        "anywoli",
        "rio-kadalis",
        "rio-kadalis-5",
        "rio-kadalis-cw",
        "rio-kadalis-5-cw",
        "kalah",
        "kalah-5",
        "kalah-4",
        "oware",
    ]
    rk = m.Variant("rio-kadalis")
    # Two rows of 6, four seeds a pit: 48 seeds; relay sowing, scored in seeds.
    assert (rk.rows, rk.pits_per_row, rk.pits_per_side) == (2, 6, 6)
    assert (rk.seeds_per_pit, rk.total_seeds, rk.scoring, rk.family) == (4, 48, "score", "relay")
    hawalis = m.Variant("hawalis")
    # Four rows of 7: each side owns 14 pits; 28 pits of two seeds, 56 in all; win/draw/loss.
    assert (hawalis.rows, hawalis.pits_per_side, hawalis.total_seeds) == (4, 14, 56)
    assert hawalis.scoring == "win-draw-loss"
    assert m.Variant("bao-la-kiarabu").direction == "clockwise"
    cw = m.Variant("rio-kadalis-cw")
    assert (cw.direction, cw.mirror_of, rk.mirror_of) == ("clockwise", "rio-kadalis", None)
    assert str(m.Position.start(rk)) == "4,4,4,4,4,4/4,4,4,4,4,4 S"


def test_unknown_variant_names_the_known_ones():
    with pytest.raises(m.PositionError, match="unknown variant `chess`: expected one of hawalis"):
        m.Variant("chess")


def test_positions_read_and_written_canonically():
    # The underscore form and an explicit 0-0 are written back canonically.
    p = m.Position("kalah-4", "0,2,0,0/1,0,0,0_S_0-0")
    assert str(p) == "0,2,0,0/1,0,0,0 S"
    assert p.side == "S"
    assert p.captured == (0, 0)
    assert p.seeds_on_board == 3
    # North's row is N4..N1 from South's left: N3 holds the 2 seeds.
    assert p.pits("N") == [0, 0, 2, 0]
    assert p.pits("S") == [1, 0, 0, 0]
    # Seen from the mover (South): S1..S4, then N1..N4.
    assert p.board == [1, 0, 0, 0, 0, 0, 2, 0]
    q = m.Position("kalah-4", "0,2,0,0/1,0,0,0 N 3-1")
    # Seen from North: its pits first.
    assert q.board == [0, 0, 2, 0, 1, 0, 0, 0]
    assert q.captured == (3, 1)
    assert p == m.Position("kalah-4", str(p)) and hash(p) == hash(m.Position("kalah-4", str(p)))


def test_from_board_maps_a_relative_board_back():
    q = m.Position("kalah-4", "0,2,0,0/1,0,0,0 N 3-1")
    assert m.Position.from_board("kalah-4", q.board, "N", (3, 1)) == q
    with pytest.raises(m.PositionError, match="has 8 pits"):
        m.Position.from_board("kalah-4", [1, 2, 3])


def test_bad_positions_raise_the_command_lines_message(mancala_bin):
    for variant, text in [
        ("rio-kadalis", "1,2 S"),
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 X"),
        ("kalah-4", "9,9,9,9/9,9,9,9 S"),
    ]:
        with pytest.raises(m.PositionError) as caught:
            m.Position(variant, text)
        assert isinstance(caught.value, ValueError)
        cli = run_cli(mancala_bin, "show", variant, text, check=False)
        assert cli.returncode != 0
        assert f"error: {caught.value}" in cli.stderr


def test_moves_and_what_they_do():
    # South's S1 seed falls into its empty S2, facing N3's 2 seeds: all 3 captured, South's row
    # is empty and the game ends (North's row is empty too).
    p = m.Position("kalah-4", "0,2,0,0/1,0,0,0 S")
    assert p.legal_moves() == ["1"]
    played = p.play(1)
    assert played.move == "1"
    assert played.captured == (3, 0)
    assert played.ends_game and not played.extra_turn
    assert played.after.game_over == (3, 0)
    # S4's one seed goes into South's store: South's row is empty, the game ends, and North
    # adds its N1 seed to its store.
    end = m.Position("kalah-4", "0,0,0,1/0,0,0,1 S").play("4")
    assert end.captured == (1, 1)
    assert end.ends_game
    assert end.after.game_over == (1, 1)
    # Kalah start: S3's 4 seeds reach S4, the store and N1, N2: not the store last.
    start = m.Position.start("kalah-4")
    assert [pl.move for pl in start.moves()] == ["1", "2", "3", "4"]
    after = start.play(1)
    # S1's 4 seeds: S2, S3, S4, store: an extra turn.
    assert after.extra_turn and after.captured == (1, 0)
    assert str(after.after) == "4,4,4,4/0,5,5,5 S 1-0"


def test_illegal_moves_name_the_legal_ones():
    p = m.Position("kalah-4", "0,2,0,0/1,0,0,0 S")
    with pytest.raises(m.MoveError, match=r"move `3` is not legal here; legal moves: 1"):
        p.play(3)
    with pytest.raises(m.MoveError):
        p.play("seven")


def test_play_record_names_the_bad_move():
    start = m.Position.start("kalah-4")
    # 1 (extra turn), then 2: South's pit 2 holds 5 seeds: S3, S4, store, N1, N2.
    assert str(start.play_record([1, "2"])) == "4,4,5,5/0,0,6,6 N 2-0"
    with pytest.raises(m.MoveError, match=r"move 2 of the record \(`1`"):
        start.play_record([1, 1])


def test_slice_and_row_of_a_position():
    # Kalah (4 pits) positions with 3 seeds on the board are slice "3", C(3 + 7, 7) = 120 rows,
    # ranked with fewer seeds in the first cell first: row 0 has all 3 in the last cell (the
    # opponent's pit 4, N4, drawn at the top left), the last row all 3 in the mover's pit 1.
    assert m.Position("kalah-4", "3,0,0,0/0,0,0,0 S").slice == ("3", 0)
    assert m.Position("kalah-4", "0,0,0,0/3,0,0,0 S").slice == ("3", 119)
    # Seen from North, North's pit 1 is the first cell.
    assert m.Position("kalah-4", "0,0,0,3/0,0,0,0 N").slice == ("3", 119)


def test_closed_pits_are_none_and_in_their_shape_tables_slice():
    # North's pits 5 and 6 closed (the top row lists N6 first). South plays S1 (4 seeds) on a
    # ring without N5, N6: S2..S5 -> 5, lift 5 from S5: S6, N1..N4 -> 5, lift 5 from N4: the
    # ring skips N5, N6: S1 (0 -> 1), S2..S4 -> 6, S5 (0 -> 1, last, empty): ends.
    p = m.Position("rio-kadalis", "x,x,4,4,4,4/4,4,4,4,4,4 S")
    assert p.has_closed_pits
    assert p.pits("N") == [4, 4, 4, 4, None, None]
    assert str(p.play(1).after) == "x,x,0,5,5,5/1,6,6,6,1,5 N"
    with pytest.raises(m.PositionError, match="closed pits"):
        p.board
    # One pit open a side, South's 5 with 4 seeds and North's 1 empty: slice 4@1+1, the open
    # pits' counts [4, 0] ranked among 04 13 22 31 40: row 4; the same from North's chair.
    assert m.Position("rio-kadalis-5", "x,x,x,x,0/x,x,x,x,4 S").slice == ("4@1+1", 4)
    assert m.Position("rio-kadalis-5", "x,x,x,x,4/x,x,x,x,0 N").slice == ("4@1+1", 4)
    assert not m.Position("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 S").has_closed_pits
    with pytest.raises(m.PositionError, match="oware has no closed pits"):
        m.Position("oware", "x,4,4,4,4,4/4,4,4,4,4,4 S")
