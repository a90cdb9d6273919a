"""Tests of the Python binding, run by python/libchimera/python_test.go (which builds the
library and names it in CHIMERA_LIB):

    python3 -m unittest test_chimera      (in python/, with PYTHONPATH=python)

CHIMERA_FFISH_GAMES names a file of random games played by ffish (libchimera/testdata/ffish_games.mjs,
one JSON line a game): each is replayed here and every answer compared with ffish's.
CHIMERA_FUZZ_CALLS sets how many random calls the robustness test makes (10000).
"""

import gc
import json
import os
import random
import resource
import time
import unittest

import chimera


def rss_kib():
    """The process's resident memory now, in KiB (its peak where /proc is missing)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") // 1024
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


# The differences known between Chimera's built-ins and ffish 0.7.10 (a later Fairy-Stockfish
# than the 11.1 they follow), by variant: "marks", ffish's SAN has no check marks in atomic
# and no # for a move that wins at once (king of the hill), so SAN is compared without
# them; "halfmove", ffish resets the halfmove clock on a drop (11.1 does
# not), so the FENs are compared without it. In every variant, a draw by insufficient
# material is ffish's alone (Chimera's variants declare none).
KNOWN = {
    "atomic": {"marks"},
    "kingofthehill": {"marks"},
    "crazyhouse": {"halfmove"},
}


def without_marks(san):
    return san.rstrip("+#")


def without_halfmove(fen):
    f = fen.split(" ")
    if len(f) >= 6:
        del f[-2]
    return " ".join(f)


class TestAgainstFfish(unittest.TestCase):
    """Games played by ffish, replayed: the start, every position's legal moves, the SAN of
    the move played, the FEN after it, and the result at the end agree."""

    def test_games(self):
        path = os.environ.get("CHIMERA_FFISH_GAMES")
        if not path:
            self.skipTest("CHIMERA_FFISH_GAMES is not set")
        games = plies = 0
        with open(path) as f:
            lines = [l for l in f if l.strip()]
        self.assertTrue(lines, "no games in %s" % path)
        for n, line in enumerate(lines):
            g = json.loads(line)
            with self.subTest(variant=g["variant"], game=n):
                self.replay(g)
            games += 1
            plies += len(g["plies"])
        print("\nffish: %d games, %d plies compared" % (games, plies))

    def replay(self, g):
        variant = g["variant"]
        known = KNOWN.get(variant, set())
        fen = without_halfmove if "halfmove" in known else (lambda f: f)
        san = without_marks if "marks" in known else (lambda s: s)
        board = chimera.Board(variant)
        where = "%s game" % variant
        for i, ply in enumerate(g["plies"]):
            at = "%s, ply %d (%s)" % (where, i + 1, ply["fen"])
            self.assertEqual(fen(board.fen()), fen(ply["fen"]), at + ": FEN")
            self.assertEqual(board.result(), ("*", ""), at + ": the game is over for Chimera, not for ffish")
            legal = board.legal_moves()
            self.assertEqual(sorted(legal), ply["legal"], at + ": legal moves")
            self.assertEqual(san(board.san(ply["move"])), san(ply["san"]), at + ": SAN of " + ply["move"])
            sans = dict(zip(legal, board.legal_moves_san()))
            self.assertEqual(san(sans[ply["move"]]), san(ply["san"]), at + ": legal_moves_san's SAN of " + ply["move"])
            self.assertEqual(board.push(ply["move"]), ply["move"], at + ": push")
        self.assertEqual(fen(board.fen()), fen(g["fen"]), where + ": the last FEN")
        score, reason = board.result()
        if g["over"] and g["insufficient"] and score == "*":
            self.assertEqual(g["result"], "1/2-1/2", where + ": ffish's result by insufficient material")
            self.assertNotEqual(board.legal_moves(), [], where + ": Chimera has no legal moves")
        elif g["over"]:
            self.assertEqual(score, g["result"], "%s: result at %s (%s)" % (where, g["fen"], reason))
            self.assertEqual(board.legal_moves(), [], where + ": legal moves after the end")
        else:
            self.assertEqual(score, "*", "%s: Chimera ends the game at %s (%s), ffish does not" % (where, g["fen"], reason))
        # Take every move back: the start again.
        for ply in reversed(g["plies"]):
            self.assertEqual(board.pop(), ply["move"])
        if g["plies"]:
            self.assertEqual(board.fen(), g["plies"][0]["fen"], where + ": the start after taking every move back")
        with self.assertRaises(IndexError):
            board.pop()
        board.close()


class TestBinding(unittest.TestCase):
    """The calls a server makes, answered as Chimera's rules and notation say."""

    def test_scholars_mate(self):
        b = chimera.Board("chess")
        self.assertEqual(len(b.legal_moves()), 20)
        for m in ["e4", "e7e5", "Bc4", "Nc6", "Qh5", "Nf6"]:
            b.push(m)
        self.assertEqual(b.san("h5f7"), "Qxf7#")
        self.assertEqual(b.push_san("h5f7"), "Qxf7#")
        self.assertEqual(b.result(), ("1-0", "checkmate"))
        self.assertTrue(b.is_game_over())
        self.assertEqual(b.legal_moves(), [])
        with self.assertRaises(ValueError):
            b.push("a7a6")
        self.assertEqual(b.pop(), "h5f7")
        self.assertEqual(b.result(), ("*", ""))
        self.assertEqual(b.turn(), "white")

    def test_perft(self):
        # Chess's perft counts (the published ones).
        b = chimera.Board("chess")
        self.assertEqual([b.perft(d) for d in range(4)], [1, 20, 400, 8902])
        with self.assertRaises(ValueError):
            b.perft(-1)

    def test_fen_validation(self):
        self.assertIsNone(chimera.validate_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"))
        for bad in ["", "bad", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
                    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "4k3/9/8/8/8/8/8/4K3 w - - 0 1"]:
            self.assertIsInstance(chimera.validate_fen(bad), str, bad)
            with self.assertRaises(ValueError):
                chimera.Board("chess", fen=bad)
        b = chimera.Board("chess")
        with self.assertRaises(ValueError):
            b.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1")
        b.set_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        self.assertIn("e1g1", b.legal_moves())

    def test_yaml_variant(self):
        # nocastle's definition, from its file and as text under another name: chess's
        # position without castling.
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "defs", "nocastle.yaml")
        with open(path) as f:
            text = f.read().replace("name: nocastle", "name: nocastle-too", 1)
        fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
        self.assertIn("e1g1", chimera.Board("chess", fen=fen.replace(" - -", " K -")).legal_moves())
        for v in [chimera.Variant.from_file(path), chimera.Variant.from_yaml(text)]:
            b = chimera.Board(v, fen=fen)
            self.assertNotIn("e1g1", b.legal_moves())
            self.assertEqual(len(b.legal_moves()), 5 + 9)  # king 5, rook 7 up and 2 left
        self.assertEqual(v.name, "nocastle-too")
        with self.assertRaises(ValueError):
            chimera.Variant.from_yaml("name: [")
        with self.assertRaises(ValueError):
            chimera.Variant.from_yaml("extends: /etc/passwd\n")
        with self.assertRaises(ValueError):
            chimera.Variant.from_file("/nonexistent/variant.yaml")

    def test_closed_handles(self):
        b = chimera.Board("chess")
        c = b.copy()
        b.push("e4")
        b.close()
        with self.assertRaises(ValueError):
            b.fen()
        self.assertEqual(len(c.legal_moves()), 20)  # the copy lives on
        for h in [0, -1, 2**62, 123456789]:
            with self.assertRaises(ValueError):
                chimera.Board._wrap(c.variant, h).fen()


class TestThreads(unittest.TestCase):
    """ctypes lets go of the GIL in a call: threads sharing boards are served one call at a
    time per board, and each thread's push and pop pairs leave the board as it was."""

    def test_shared_boards(self):
        import threading
        shared = chimera.Board("chess")
        start = shared.fen()
        errors = []

        def work(seed):
            rng = random.Random(seed)
            own = chimera.Board(rng.choice(["chess", "crazyhouse", "xiangqi"]))
            try:
                for _ in range(300):
                    legal = own.legal_moves()
                    if legal:
                        own.push(rng.choice(legal))
                    shared.legal_moves()
                    try:
                        shared.push("e2e4")
                        shared.pop()
                    except ValueError:
                        pass  # another thread's e2e4 stands: e2 is empty
                for _ in own.move_stack():
                    own.pop()
                self.assertEqual(own.move_stack(), [])
            except Exception as e:  # noqa: BLE001 - reported by the main thread
                errors.append(e)
            finally:
                own.close()

        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        self.assertEqual(shared.fen(), start)


def random_text(rng):
    pieces = ["", "e2e4", "e4", "O-O", "Nf3", "e7e8q", "P@e4", "a1a1", "\x00", "é", "8/8",
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", " ", "[", "~", "/", "-1",
              "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "x" * 100]
    return "".join(rng.choice(pieces) for _ in range(rng.randint(0, 4)))


class TestRobustness(unittest.TestCase):
    """Random calls with random arguments: every one answers or raises ValueError or
    IndexError (never crashes the interpreter), and memory stays bounded."""

    def test_random_calls(self):
        calls = int(os.environ.get("CHIMERA_FUZZ_CALLS", "10000"))
        rng = random.Random(52)
        names = ["chess", "crazyhouse", "xiangqi", "shogi", "atomic", "duck", "nope", ""]
        boards = []

        def step():
            op = rng.randrange(12)
            if op == 0 or not boards:
                b = chimera.Board(rng.choice(names), fen=rng.choice([None, random_text(rng)]))
                boards.append(b)
                if len(boards) > 20:
                    boards.pop(0).close()
                return
            b = rng.choice(boards)
            if op == 1:
                legal = b.legal_moves()
                b.push(rng.choice(legal) if legal and rng.random() < 0.7 else random_text(rng))
            elif op == 2:
                b.pop()
            elif op == 3:
                b.set_fen(random_text(rng))
            elif op == 4:
                b.san(random_text(rng), rng.choice(chimera.NOTATIONS + ("nope",)))
            elif op == 5:
                b.result()
                b.fen()
            elif op == 6:
                h = rng.choice([0, -5, 2**63 - 1, rng.randrange(1 << 40)])
                if rng.random() < 0.5:
                    chimera.Board._wrap(b.variant, h).push("e4")
                else:
                    v = chimera.Variant.__new__(chimera.Variant)
                    v._handle = h
                    chimera.Board(v)
            elif op == 7:
                b.perft(rng.choice([-3, 0, 1, 31, 2**40]))
            elif op == 8:
                chimera.validate_fen(random_text(rng), rng.choice(names))
            elif op == 9:
                chimera.Variant.from_yaml(random_text(rng))
            elif op == 10:
                for _ in range(rng.randrange(5)):
                    b.pop()
            else:
                b.legal_moves_san()

        def run(n):
            raised = 0
            for _ in range(n):
                try:
                    step()
                except (ValueError, IndexError, TypeError):
                    raised += 1
            return raised

        run(calls // 5)  # warm up: the variants compiled, the Go heap grown
        gc.collect()
        before = rss_kib()
        start = time.perf_counter()
        raised = run(calls)
        took = time.perf_counter() - start
        for b in boards:
            b.close()
        boards.clear()
        gc.collect()
        after = rss_kib()
        counts = chimera._open_count()
        print("\nrandom calls: %d in %.2f s (%.0f us each), %d raised; RSS %d KiB before, %d KiB after (%+d KiB)"
              % (calls, took, took / calls * 1e6, raised, before, after, after - before))
        self.assertGreater(raised, calls // 10, "most random calls should be refused")
        self.assertLess(raised, calls, "some random calls should succeed")
        self.assertEqual(counts["boards"], 0, "boards left open on the Go side")
        self.assertEqual(counts["unfreed"], 0, "answers not freed")
        self.assertLess(after - before, 16 * 1024, "RSS grew by more than 16 MiB over %d calls" % calls)


if __name__ == "__main__":
    unittest.main()
