// The exported C functions: strings in, JSON answers out, every panic recovered into an error.

package main

/*
#include <stdlib.h>
*/
import "C"

import (
	"strings"
	"sync/atomic"
	"unsafe"
)

// unfreed counts the answers handed to C and not yet given back to chimera_free.
var unfreed atomic.Int64

// answer runs f and returns its answer (answerOf) as a C string, malloc'd.
func answer(f func() (any, error)) *C.char {
	s := answerOf(f)
	unfreed.Add(1)
	return C.CString(s)
}

// text is the n bytes at p as a string.
func text(what string, p *C.char, n C.longlong) (string, error) {
	switch {
	case n < 0:
		return "", badInput("%s of length %d", what, n)
	case n > maxText:
		return "", badInput("%s of %d bytes: at most %d", what, n, maxText)
	case n == 0 || p == nil:
		return "", nil
	}
	return C.GoStringN(p, C.int(n)), nil
}

//export chimera_free
func chimera_free(p *C.char) {
	if p != nil {
		unfreed.Add(-1)
		C.free(unsafe.Pointer(p))
	}
}

//export chimera_variants
func chimera_variants() *C.char {
	return answer(func() (any, error) { return variantNames(), nil })
}

//export chimera_variant_open
func chimera_variant_open(kind *C.char, kindLen C.longlong, def *C.char, defLen C.longlong) *C.char {
	return answer(func() (any, error) {
		k, err := text("a kind", kind, kindLen)
		if err != nil {
			return nil, err
		}
		d, err := text("a definition", def, defLen)
		if err != nil {
			return nil, err
		}
		return state.openVariant(k, d)
	})
}

//export chimera_variant_close
func chimera_variant_close(h C.longlong) *C.char {
	return answer(func() (any, error) { return nil, state.closeVariant(int64(h)) })
}

//export chimera_validate_fen
func chimera_validate_fen(v C.longlong, fen *C.char, fenLen C.longlong) *C.char {
	return answer(func() (any, error) {
		f, err := text("a FEN", fen, fenLen)
		if err != nil {
			return nil, err
		}
		return nil, state.validateFEN(int64(v), f)
	})
}

//export chimera_board_new
func chimera_board_new(v C.longlong, hasFEN C.int, fen *C.char, fenLen C.longlong, setup *C.char, setupLen C.longlong) *C.char {
	return answer(func() (any, error) {
		f, err := text("a FEN", fen, fenLen)
		if err != nil {
			return nil, err
		}
		s, err := text("a setup name", setup, setupLen)
		if err != nil {
			return nil, err
		}
		if hasFEN != 0 && strings.TrimSpace(f) == "" {
			return nil, badInput("empty FEN")
		}
		return state.newBoard(int64(v), f, s)
	})
}

//export chimera_board_close
func chimera_board_close(h C.longlong) *C.char {
	return answer(func() (any, error) { return nil, state.closeBoard(int64(h)) })
}

//export chimera_board_copy
func chimera_board_copy(h C.longlong) *C.char {
	return answer(func() (any, error) { return state.copyBoard(int64(h)) })
}

// onBoard answers with f's value on board h.
func onBoard(h C.longlong, f func(b *board) (any, error)) *C.char {
	return answer(func() (v any, err error) {
		err = state.withBoard(int64(h), func(b *board) error {
			v, err = f(b)
			return err
		})
		return v, err
	})
}

//export chimera_board_set_fen
func chimera_board_set_fen(h C.longlong, fen *C.char, fenLen C.longlong) *C.char {
	return onBoard(h, func(b *board) (any, error) {
		f, err := text("a FEN", fen, fenLen)
		if err != nil {
			return nil, err
		}
		if f == "" {
			return nil, badInput("empty FEN")
		}
		return nil, b.setFEN(f, "")
	})
}

//export chimera_board_legal
func chimera_board_legal(h C.longlong, san C.int) *C.char {
	return onBoard(h, func(b *board) (any, error) { return b.legal(san != 0), nil })
}

//export chimera_board_push
func chimera_board_push(h C.longlong, move *C.char, moveLen C.longlong) *C.char {
	return onBoard(h, func(b *board) (any, error) {
		m, err := text("a move", move, moveLen)
		if err != nil {
			return nil, err
		}
		return b.push(m)
	})
}

//export chimera_board_pop
func chimera_board_pop(h C.longlong) *C.char {
	return onBoard(h, func(b *board) (any, error) { return b.pop() })
}

//export chimera_board_notate
func chimera_board_notate(h C.longlong, move *C.char, moveLen C.longlong, notation *C.char, notationLen C.longlong) *C.char {
	return onBoard(h, func(b *board) (any, error) {
		m, err := text("a move", move, moveLen)
		if err != nil {
			return nil, err
		}
		n, err := text("a notation", notation, notationLen)
		if err != nil {
			return nil, err
		}
		return b.notate(m, n)
	})
}

//export chimera_board_result
func chimera_board_result(h C.longlong) *C.char {
	return onBoard(h, func(b *board) (any, error) { return b.result(), nil })
}

//export chimera_board_info
func chimera_board_info(h C.longlong) *C.char {
	return onBoard(h, func(b *board) (any, error) { return b.info(), nil })
}

//export chimera_board_perft
func chimera_board_perft(h C.longlong, depth C.longlong) *C.char {
	return onBoard(h, func(b *board) (any, error) { return b.perft(int(depth)) })
}

//export chimera_open_count
func chimera_open_count() *C.char {
	return answer(func() (any, error) {
		v, b := state.count()
		return map[string]int64{"variants": int64(v), "boards": int64(b), "unfreed": unfreed.Load()}, nil
	})
}
