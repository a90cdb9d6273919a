"""Chimera, the declarative chess-variant interpreter, for Python.

A thin ctypes layer over the shared library built from the Go code (see docs/python.md):

    go build -buildmode=c-shared -o python/chimera/libchimera.so ./python/libchimera

    import chimera
    board = chimera.Board("chess")
    board.push("e2e4")            # coordinates or SAN
    board.push("e5")
    board.legal_moves()           # ['a2a3', ...]
    board.fen(), board.result()   # ('*', '') while the game goes on

Variants are the built-ins (chimera.variants()) or definitions in YAML:
chimera.Variant.from_yaml(text), chimera.Variant.from_file(path). Bad input (an unknown
variant, a bad FEN, an illegal move, a closed board) raises ValueError with Chimera's
message; pop() at the start raises IndexError.

The library is looked for in CHIMERA_LIB (a path), else next to this file.
"""

import ctypes
import json
import os
import sys
import threading

__all__ = ["Board", "Variant", "variants", "validate_fen", "NOTATIONS"]

NOTATIONS = ("san", "wxf", "janggi", "hosking", "hodges", "hodges-number")

_EXCEPTIONS = {"ValueError": ValueError, "IndexError": IndexError, "RuntimeError": RuntimeError}


def _library_path():
    path = os.environ.get("CHIMERA_LIB")
    if path:
        return path
    name = "libchimera.dylib" if sys.platform == "darwin" else "libchimera.so"
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), name)


_lib = ctypes.CDLL(_library_path())

_h = ctypes.c_longlong
_s = ctypes.c_char_p
_FUNCS = {
    "chimera_variants": [],
    "chimera_variant_open": [_s, _h, _s, _h],
    "chimera_variant_close": [_h],
    "chimera_validate_fen": [_h, _s, _h],
    "chimera_board_new": [_h, ctypes.c_int, _s, _h, _s, _h],
    "chimera_board_close": [_h],
    "chimera_board_copy": [_h],
    "chimera_board_set_fen": [_h, _s, _h],
    "chimera_board_legal": [_h, ctypes.c_int],
    "chimera_board_push": [_h, _s, _h],
    "chimera_board_pop": [_h],
    "chimera_board_notate": [_h, _s, _h, _s, _h],
    "chimera_board_result": [_h],
    "chimera_board_info": [_h],
    "chimera_board_perft": [_h, _h],
    "chimera_open_count": [],
}
for _name, _args in _FUNCS.items():
    _f = getattr(_lib, _name)
    _f.argtypes = _args
    _f.restype = ctypes.c_void_p  # a malloc'd C string, freed by chimera_free
_lib.chimera_free.argtypes = [ctypes.c_void_p]
_lib.chimera_free.restype = None


def _text(s, what):
    """The UTF-8 bytes of a str argument, and their length."""
    if s is None:
        s = ""
    if not isinstance(s, str):
        raise TypeError("%s must be a str, not %s" % (what, type(s).__name__))
    b = s.encode("utf-8", "surrogatepass")
    return b, len(b)


def _int(h, what):
    if isinstance(h, bool) or not isinstance(h, int):
        raise TypeError("%s must be an int, not %s" % (what, type(h).__name__))
    if not -(1 << 63) <= h < (1 << 63):
        raise ValueError("%s %d is out of range" % (what, h))
    return h


def _call(name, *args):
    ptr = getattr(_lib, name)(*args)
    if not ptr:
        raise RuntimeError("chimera: %s returned nothing" % name)
    try:
        answer = json.loads(ctypes.string_at(ptr).decode("utf-8"))
    finally:
        _lib.chimera_free(ptr)
    if "error" in answer:
        raise _EXCEPTIONS.get(answer.get("type"), RuntimeError)(answer["error"])
    return answer.get("ok")


def variants():
    """The names of the built-in variants, sorted."""
    return _call("chimera_variants")


def _open_count():
    """How many variants and boards the library holds open, and how many of its answers
    are not freed yet (for tests)."""
    return _call("chimera_open_count")


class Variant:
    """A variant: a built-in by name, or a definition's YAML (from_yaml, from_file)."""

    _builtins = {}
    _builtins_lock = threading.Lock()

    def __init__(self, name):
        self._open("builtin", name)

    def _open(self, kind, text):
        self._handle = None
        info = _call("chimera_variant_open", *_text(kind, "kind"), *_text(text, "the variant"))
        self._handle = info["handle"]
        self.name = info["name"]
        self.title = info["title"]
        self.start_fen = info["startFen"]

    @classmethod
    def from_yaml(cls, text):
        """The variant a definition's YAML text describes (extends: reaches the built-ins)."""
        v = cls.__new__(cls)
        v._open("yaml", text)
        return v

    @classmethod
    def from_file(cls, path):
        """The variant of a definition file (.yaml)."""
        v = cls.__new__(cls)
        v._open("file", os.fspath(path))
        return v

    @classmethod
    def builtin(cls, name):
        """The built-in variant of that name, opened once and shared."""
        with cls._builtins_lock:
            v = cls._builtins.get(name)
            if v is None:
                v = cls._builtins[name] = cls(name)
            return v

    def validate_fen(self, fen):
        """None when fen is a position of the variant, else the reason it is not."""
        try:
            _call("chimera_validate_fen", self._handle, *_text(fen, "fen"))
        except ValueError as e:
            return str(e)
        return None

    def __del__(self):
        h = getattr(self, "_handle", None)
        if h is not None and _lib is not None:
            try:
                _call("chimera_variant_close", h)
            except Exception:
                pass
            self._handle = None

    def __repr__(self):
        return "chimera.Variant(%r)" % self.name


def _variant(v):
    if isinstance(v, Variant):
        return v
    if isinstance(v, str):
        return Variant.builtin(v)
    raise TypeError("variant must be a name or a chimera.Variant, not %s" % type(v).__name__)


def validate_fen(fen, variant="chess"):
    """None when fen is a position of the variant, else the reason it is not."""
    return _variant(variant).validate_fen(fen)


class Board:
    """A game of a variant, from a FEN or a setup (the default setup when neither is given)."""

    def __init__(self, variant="chess", fen=None, setup=None):
        self._handle = None
        self.variant = _variant(variant)
        self._handle = _call("chimera_board_new", self.variant._handle, int(fen is not None),
                             *_text(fen, "fen"), *_text(setup, "setup"))

    @classmethod
    def _wrap(cls, variant, handle):
        b = cls.__new__(cls)
        b.variant, b._handle = variant, handle
        return b

    def _h(self):
        if self._handle is None:
            raise ValueError("the board is closed")
        return self._handle

    def close(self):
        """Frees the board (also done when it is garbage collected)."""
        if self._handle is not None:
            h, self._handle = self._handle, None
            _call("chimera_board_close", h)

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def copy(self):
        """An independent board with the same start and moves."""
        return Board._wrap(self.variant, _call("chimera_board_copy", self._h()))

    def legal_moves(self):
        """The legal moves in coordinate notation (none when the game is over)."""
        return _call("chimera_board_legal", self._h(), 0)

    def legal_moves_san(self):
        """The legal moves in SAN, in the order of legal_moves()."""
        return _call("chimera_board_legal", self._h(), 1)

    def push(self, move):
        """Plays a legal move given in coordinates or SAN; returns its coordinates."""
        return _call("chimera_board_push", self._h(), *_text(move, "move"))["coord"]

    def push_san(self, move):
        """Plays a legal move given in coordinates or SAN; returns its SAN."""
        return _call("chimera_board_push", self._h(), *_text(move, "move"))["san"]

    def pop(self):
        """Takes the last move back and returns it (coordinates); IndexError at the start."""
        return _call("chimera_board_pop", self._h())

    def san(self, move, notation="san"):
        """A legal move (coordinates or SAN) in SAN, or in another of NOTATIONS."""
        return _call("chimera_board_notate", self._h(), *_text(move, "move"), *_text(notation, "notation"))

    def fen(self):
        return self._info()["fen"]

    def set_fen(self, fen):
        """Sets the board up from fen, forgetting its moves; ValueError for a bad FEN."""
        _call("chimera_board_set_fen", self._h(), *_text(fen, "fen"))

    def _info(self):
        return _call("chimera_board_info", self._h())

    def turn(self):
        """The side to move: "white" or "black"."""
        return self._info()["side"]

    def is_check(self):
        return self._info()["inCheck"]

    def move_stack(self):
        """The moves played since the start, in coordinates."""
        return self._info()["moves"]

    def result(self):
        """(score, reason): ("*", "") while the game goes on, else "1-0", "0-1" or
        "1/2-1/2" and why (checkmate, stalemate, ...)."""
        r = _call("chimera_board_result", self._h())
        return r["score"], r["reason"]

    def is_game_over(self):
        return self.result()[0] != "*"

    def perft(self, depth):
        """The number of leaves of the legal move tree of that depth."""
        return _call("chimera_board_perft", self._h(), _int(depth, "depth"))

    def __repr__(self):
        if self._handle is None:
            return "chimera.Board(closed)"
        return "chimera.Board(%r, fen=%r)" % (self.variant.name, self.fen())
