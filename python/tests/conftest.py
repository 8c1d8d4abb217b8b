"""Shared fixtures: the command line built from the same workspace (to compare answers with),
and small tablebases solved once per test session."""

import os
import pathlib
import subprocess

import pytest

import mancala_tb

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def mancala_bin() -> pathlib.Path:
    """The `mancala` binary: $MANCALA_BIN, else the workspace's test-profile build (the build
    `cargo test` made; built here if missing)."""
    given = os.environ.get("MANCALA_BIN")
    if given:
        return pathlib.Path(given)
    path = REPO / "target" / "debug" / "mancala"
    if not path.exists():
        subprocess.run(
            ["cargo", "build", "--profile", "test", "--bin", "mancala"],
            cwd=REPO,
            check=True,
        )
    return path


def run_cli(mancala_bin, *args, check=True):
    """Runs the command line; returns the completed process (text)."""
    return subprocess.run(
        [str(mancala_bin), *args], capture_output=True, text=True, check=check
    )


@pytest.fixture(scope="session")
def rk_file(tmp_path_factory, mancala_bin) -> pathlib.Path:
    """Rio Kadalis solved to 8 seeds by the command line, and Kalah (4 pits) to 6."""
    path = tmp_path_factory.mktemp("tables") / "small.db"
    run_cli(mancala_bin, "solve", "rio-kadalis", "--max-seeds", "8", "--db", str(path))
    run_cli(mancala_bin, "solve", "kalah-4", "--max-seeds", "6", "--db", str(path))
    return path


@pytest.fixture(scope="session")
def hawalis_file(tmp_path_factory, mancala_bin) -> pathlib.Path:
    """Hawalis solved to 4 seeds (a win/draw/loss game)."""
    path = tmp_path_factory.mktemp("tables") / "hawalis.db"
    run_cli(mancala_bin, "solve", "hawalis", "--max-seeds", "4", "--db", str(path))
    return path


@pytest.fixture(scope="session")
def rk(rk_file) -> mancala_tb.Tablebase:
    """`rk_file` opened for reading."""
    return mancala_tb.Tablebase(rk_file)
