"""The Python binding's call costs and memory (BENCHMARKS.md):

    go build -buildmode=c-shared -o python/chimera/libchimera.so ./python/libchimera
    PYTHONPATH=python python3 python/bench_chimera.py

Each figure is the best of 5 rounds of timeit, per call, in the process's CPU time (the
machine's other load counts less than in wall time).
"""

import os
import time
import timeit


def rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


before_import = rss_kib()
import chimera  # noqa: E402

after_import = rss_kib()
b = chimera.Board("chess")
after_board = rss_kib()


def per_call(label, stmt, n):
    best = min(timeit.repeat(stmt, number=n, repeat=5, timer=time.process_time, globals={"b": b, "chimera": chimera}))
    print("%-44s %7.1f us" % (label, best / n * 1e6))


per_call("Board('chess') and close()", "chimera.Board('chess').close()", 2000)
per_call("legal_moves() (20 moves)", "b.legal_moves()", 5000)
per_call("legal_moves_san() (20 moves)", "b.legal_moves_san()", 5000)
per_call("push('e2e4') and pop()", "b.push('e2e4'); b.pop()", 5000)
per_call("push('e4') and pop() (SAN)", "b.push('e4'); b.pop()", 5000)
per_call("san('g1f3')", "b.san('g1f3')", 5000)
per_call("fen()", "b.fen()", 5000)
per_call("result()", "b.result()", 5000)
per_call("validate_fen(the start)", "chimera.validate_fen(chimera.Variant.builtin('chess').start_fen)", 5000)
start = time.process_time()
nodes = b.perft(5)
print("perft(5) of chess: %d nodes in %.2f s" % (nodes, time.process_time() - start))
print("RSS: python3 %d KiB, after import chimera %d KiB, after Board('chess') %d KiB"
      % (before_import, after_import, after_board))
boards = [chimera.Board(v) for v in chimera.variants()]
print("RSS with a board of each of the %d built-ins: %d KiB" % (len(boards), rss_kib()))
