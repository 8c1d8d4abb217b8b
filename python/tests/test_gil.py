"""Searches release the GIL: Python threads run while a search works, and two searches from
two threads overlap in time."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import mancala_tb as m

# Far beyond any tablebase: Oware's start needs the whole time limit.
OWARE_START = "4,4,4,4,4,4/4,4,4,4,4,4 S"


def test_python_runs_while_a_search_works():
    tb = m.Tablebase(searches=1)
    ticks = 0
    stop = threading.Event()

    def tick():
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            time.sleep(0.005)

    ticker = threading.Thread(target=tick)
    ticker.start()
    started = ticks
    e = tb.evaluate("oware", OWARE_START, budget=10**12, time=1.0)
    during = ticks - started
    stop.set()
    ticker.join()
    assert e.search["stopped_by"] == "time"
    # A second of searching: the ticker sleeps 5 ms a tick, so it ticks about 200 times when
    # the GIL is free; holding it, not once.
    assert during > 20, during


def test_two_searches_overlap():
    tb = m.Tablebase(searches=2)
    def search(i):
        # Different positions, so that neither is the other's kept answer.
        position = m.Position.start("oware").play(i + 1).after
        begun = time.monotonic()
        e = tb.evaluate(position, budget=10**12, time=1.0)
        return begun, time.monotonic(), e.search["seconds"]

    with ThreadPoolExecutor(2) as pool:
        (a0, a1, sa), (b0, b1, sb) = pool.map(search, range(2))
    # Each ran its full second; one after the other, the two would take two seconds.
    assert sa >= 0.9 and sb >= 0.9
    assert a0 < b1 and b0 < a1
    wall = max(a1, b1) - min(a0, b0)
    assert wall < 0.75 * (sa + sb), (wall, sa, sb)
