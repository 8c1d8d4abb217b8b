"""The evaluator from Python: values worked out by hand (Kalah (4 pits), rows
`N4,N3,N2,N1/S1,S2,S3,S4`, South's pit k facing North's pit 5 - k) and the command line's
answers on the same positions and the same file."""

import json

import pytest

import mancala_tb as m

from conftest import run_cli


def test_hand_worked_values(rk):
    # S1's seed falls into the empty S2 and takes N3's 2 seeds with it: +3, the game over at
    # once (depth 1).
    e = rk.evaluate("kalah-4", "0,2,0,0/1,0,0,0 S")
    assert e.source == "tablebase" and e.exact
    assert (e.value.score, e.value.depth) == (3, 1)
    assert e.result == "win"
    assert e.best_moves == ["1"]
    # S2 (into S3, now 2): North's only move N2 falls into its empty N3, facing the emptied S2,
    # and takes its own seed alone; North's row is empty and South keeps its 2: +1 for South.
    # S3 (into the empty S4, facing the empty N1): South takes 1; then North's N2 takes itself
    # and S2's seed (2), both rows empty: 1 - 2 = -1.
    e = rk.evaluate(m.Position("kalah-4", "0,0,1,0/0,1,1,0 S"))
    assert [(mv.move, mv.value.score) for mv in e.moves] == [("2", 1), ("3", -1)]
    assert [mv.best for mv in e.moves] == [True, False]
    assert e.value.score == 1
    # Already over: North's row is empty, South adds its own 2 seeds.
    over = rk.evaluate("kalah-4", "0,0,0,0/0,0,2,0 S")
    assert over.game_over == (2, 0)
    assert over.moves == [] and over.value.score == 2 and over.result == "win"


def test_captured_seeds_decide_the_result_not_the_value(rk):
    # The same board as above, +1 still to win, but North has 3 more already: South loses.
    e = rk.evaluate("kalah-4", "0,0,1,0/0,1,1,0 S 0-3")
    assert e.value.score == 1
    assert e.result == "loss"


POSITIONS = [
    ("rio-kadalis", "0,0,1,0,2,1/1,0,0,3,0,0 S"),
    ("rio-kadalis", "0,0,0,0,0,4/0,0,0,0,0,4 N 20-20"),
    ("rio-kadalis", "1,1,1,1,0,0/0,0,1,1,1,1 S"),
    ("rio-kadalis", "2,0,0,2,0,0/0,2,0,0,2,0 N"),
    ("kalah-4", "1,0,1,0/0,1,0,1 S"),
    ("kalah-4", "2,0,0,0/0,0,2,2 N 3-1"),
    ("kalah-4", "0,0,1,0/0,1,1,0 S"),
]


@pytest.mark.parametrize("variant,text", POSITIONS)
def test_same_answer_as_the_command_line(rk, rk_file, mancala_bin, variant, text):
    python = rk.evaluate(variant, text).to_dict()
    cli = json.loads(
        run_cli(mancala_bin, "eval", variant, text, "--json", "--db", str(rk_file)).stdout
    )
    assert python == cli


def test_searched_positions_agree_with_the_command_line(rk, rk_file, mancala_bin):
    # Beyond the 8 seeds the file holds: a search, exact here (the engine proves it).
    text = "0,1,1,1,1,2/2,1,1,1,1,0 S"
    e = rk.evaluate("rio-kadalis", text, budget=2_000_000)
    assert e.source == "search"
    assert e.search["nodes"] > 0 and e.search["kept"] is False
    cli = json.loads(
        run_cli(
            mancala_bin, "eval", "rio-kadalis", text, "--json", "--budget", "2000000",
            "--db", str(rk_file),
        ).stdout
    )
    assert e.value.score == cli["value"]["score"]
    assert e.exact == cli["exact"]
    assert [mv.move for mv in e.moves] == [mv["move"] for mv in cli["moves"]]
    # Asked again: the kept answer, at once.
    again = rk.evaluate("rio-kadalis", text, budget=2_000_000)
    assert again.search["kept"] is True and again.value == e.value


def test_an_estimate_carries_what_its_search_proved(rk_file):
    # 16 seeds over the 8 the file holds, and a budget too small to prove the value; a fresh
    # evaluator, whose engines remember no proof of an earlier test. A complete table
    # (`mancala eval` on the default tablebase) gives the position +4, its moves 4 and 5 +4, its
    # moves 1 and 2 -4: the bounds proven here must hold of those.
    tb = m.Tablebase(rk_file)
    e = tb.evaluate("rio-kadalis", "3,5,1,0,1,1/4,2,0,2,1,0 S", budget=20_000)
    assert not e.exact and not e.value.exact
    assert e.value.at_least is not None and e.value.at_least <= 4
    assert e.value.at_most is None or e.value.at_most >= 4
    moves = {mv.move: mv.value for mv in e.moves}
    truth = {"1": -4, "2": -4, "4": 4, "5": 4}
    bounded = 0
    for move, value in moves.items():
        if value.exact:
            assert value.score == truth[move] and value.at_least is None, move
            continue
        assert value.at_least is None or value.at_least <= truth[move], move
        assert value.at_most is None or value.at_most >= truth[move], move
        bounded += value.at_least is not None or value.at_most is not None
    assert bounded >= 2
    # The same bounds as the JSON, which leaves them out where Python says None.
    json_moves = {mv["move"]: mv["value"] for mv in e.to_dict()["moves"]}
    for move, value in moves.items():
        assert json_moves[move].get("at_least") == value.at_least, move
        assert json_moves[move].get("at_most") == value.at_most, move
    assert "at_most=" in repr(moves["1"])
    # An exact value is its own bound: none given.
    exact = tb.evaluate("rio-kadalis", "0,0,1,0,2,1/1,0,0,3,0,0 S").value
    assert exact.exact and exact.at_least is None and exact.at_most is None


def test_a_win_draw_loss_bound_is_written_as_a_result(hawalis_file):
    # Hawalis with 12 seeds over a 4-seed table (the page's test of a proven bound): a search of
    # this budget proves South at least a draw, not the value (a complete table: a win).
    tb = m.Tablebase(hawalis_file)
    text = "1,1,0,1,0,1,1/2,1,0,2,2,0,0/1,0,0,0,0,1,0/1,0,0,0,0,0,1 S"
    value = tb.evaluate("hawalis", text, budget=100_000).value
    assert not value.exact and value.at_least == 0 and value.at_most is None, repr(value)
    # As the JSON and the page write it: a result, not the number standing for it.
    assert str(value).endswith(" [draw..]"), str(value)


def test_main_line_and_analysis_match_the_command_line(rk, rk_file, mancala_bin):
    text = "1,1,1,1,0,0/0,0,1,1,1,1 S"
    line = rk.main_line("rio-kadalis", text)
    cli = json.loads(
        run_cli(mancala_bin, "mainline", "rio-kadalis", text, "--json", "--db", str(rk_file)).stdout
    )
    assert line == cli
    # The record of the line's first three moves, analysed: every move best.
    moves = [step["move"] for step in line["steps"][:3]]
    analysis = rk.analyse(m.Position("rio-kadalis", text), moves)
    assert [mv["verdict"] for mv in analysis["moves"]] == ["best"] * len(moves)
    cli = json.loads(
        run_cli(
            mancala_bin, "analyse", "rio-kadalis", *moves, "--from", text, "--json",
            "--db", str(rk_file),
        ).stdout
    )
    assert analysis == cli


def test_analysis_names_the_illegal_move(rk):
    with pytest.raises(m.MoveError, match=r"moves\[1\]"):
        rk.analyse("kalah-4", ["1", "1"])


def test_missing_file_is_named(tmp_path):
    missing = tmp_path / "none.db"
    with pytest.raises(m.TablebaseError, match="none.db") as e:
        m.Tablebase(missing)
    assert "mancala solve all --db" in str(e.value)
    assert not missing.exists()


def test_missing_relative_file_names_the_directory_it_was_looked_for_in(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(m.TablebaseError) as e:
        m.Tablebase("mancala.db")
    words = str(e.value)
    assert f"current directory, {tmp_path}" in words, words
    assert "mancala solve all --db mancala.db" in words, words


def test_not_a_tablebase_is_refused(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all, just some bytes" * 100)
    with pytest.raises(m.TablebaseError, match="junk.db"):
        m.Tablebase(junk)


def test_solving_a_read_only_tablebase_is_refused(rk):
    with pytest.raises(m.TablebaseError, match="write=True"):
        rk.solve("kalah-4", 7)


def test_solve_in_memory_with_progress():
    tb = m.Tablebase()
    told = []
    groups = tb.solve("kalah-4", 4, progress=lambda step, done, total: told.append((step, done, total)))
    # Slices 0..4 seeds on the board: 1 + 8 + 36 + 120 + 330 = 495 positions (C(k+7, 7)).
    assert sum(g["positions"] for g in groups) == 495
    assert told and all(done <= total for _, done, total in told)
    assert tb.held_up_to("kalah-4") == 4
    assert tb.holds("kalah-4", "0,2,0,0/1,0,0,0 S")
    e = tb.evaluate("kalah-4", "0,2,0,0/1,0,0,0 S")
    assert e.source == "tablebase" and e.value.score == 3


def test_a_failing_progress_callback_is_raised():
    tb = m.Tablebase()

    def fail(step, done, total):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        tb.solve("kalah-4", 3, progress=fail)


def test_solve_into_a_file_is_read_back_by_the_command_line(tmp_path, mancala_bin):
    path = tmp_path / "k4.db"
    tb = m.Tablebase(path, write=True)
    tb.solve("kalah-4", 5)
    assert {s["slice"] for s in tb.slices("kalah-4")} == {"0", "1", "2", "3", "4", "5"}
    info = run_cli(mancala_bin, "db", "verify", "--db", str(path))
    assert info.returncode == 0
    cli = json.loads(
        run_cli(mancala_bin, "eval", "kalah-4", "0,0,1,0/0,1,1,0 S", "--json", "--db", str(path)).stdout
    )
    assert cli["source"] == "tablebase" and cli["value"]["score"] == 1


def test_bad_arguments():
    tb = m.Tablebase()
    with pytest.raises(m.PositionError, match="needs|expected a Position"):
        tb.evaluate("0,2,0,0/1,0,0,0 S")
    with pytest.raises(ValueError, match="budget"):
        tb.evaluate("kalah-4", "0,2,0,0/1,0,0,0 S", budget=0)
    with pytest.raises(ValueError, match="time"):
        tb.evaluate("kalah-4", "0,2,0,0/1,0,0,0 S", time=-1)
    with pytest.raises(m.PositionError, match="at most"):
        tb.solve("kalah-4", 1000)


def test_clockwise_is_read_from_the_mirrored_table(rk):
    # Clockwise Rio Kadalis: N6..N1 = 0,0,1,0,2,1 (N1 = 1, N2 = 2, N4 = 1), S1..S6 =
    # 1,0,0,3,0,0. Each row read from the other end (pit k as pit 7 - k): N1..N6 =
    # 0,0,1,0,2,1, drawn 1,2,0,1,0,0; S = 0,0,3,0,0,1. Eight seeds: in the table.
    cw = rk.evaluate("rio-kadalis-cw", "0,0,1,0,2,1/1,0,0,3,0,0 S")
    ccw = rk.evaluate("rio-kadalis", "1,2,0,1,0,0/0,0,3,0,0,1 S")
    assert cw.source == "tablebase" and cw.exact
    assert cw.value.score == ccw.value.score
    assert sorted((7 - int(mv.move), mv.value.score) for mv in cw.moves) == sorted(
        (int(mv.move), mv.value.score) for mv in ccw.moves
    )
    # S4's three seeds go down: S3, S2, S1 (now 2, the last: lifted), N6, N5 (empty: ends).
    after = m.Position("rio-kadalis-cw", "0,0,1,0,2,1/1,0,0,3,0,0 S").play(4).after
    assert str(after) == "1,1,1,0,2,1/0,1,1,0,0,0 N"
    with pytest.raises(m.PositionError, match="no slices of its own"):
        rk.slice_arrays("rio-kadalis-cw", 8)
