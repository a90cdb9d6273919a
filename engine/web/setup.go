// The position editor: a FEN rewritten with one square changed, or the other side to move, then checked by the interpreter.

package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// setupRequest changes a position: Square gets Piece (a FEN letter, with "~" for a
// promoted piece; "*" a wall, in rulesets with walls; "" empties it), or, with Side, the
// side to move changes.
type setupRequest struct {
	Variant string `json:"variant"`
	FEN     string `json:"fen"`
	Square  string `json:"square"`
	Piece   string `json:"piece"`
	Side    string `json:"side"` // "white" or "black"
	Flip    bool   `json:"flip"`
}

// setup answers POST /api/setup: the state of the position changed (no moves played).
func (s *Server) setup(w http.ResponseWriter, r *http.Request) {
	ctx, done, ok := s.replayTurn(w, r)
	if !ok {
		return
	}
	defer done()
	var req setupRequest
	rs := s.decodeFor(w, r, &req, func() string { return req.Variant }, "the position editor")
	if rs == nil {
		return
	}
	fen := strings.TrimSpace(req.FEN)
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		badRequest(w, err)
		return
	}
	if interpreter.IsSFEN(rs, fen) {
		fen = p.FEN() // edited as the FEN it reads as: an SFEN's fields mean other things
	}
	switch {
	case req.Side != "":
		fen, err = setSide(fen, req.Side)
	case req.Square != "":
		fen, err = setSquare(rs, fen, req.Square, req.Piece)
		var bad *interpreter.FENError
		if errors.As(err, &bad) { // the FEN given was read: the edited one is refused
			err = fmt.Errorf("the position would not be legal: %w", err)
		}
	default:
		err = errors.New(`give "square" (and "piece") or "side"`)
	}
	if err != nil {
		badRequest(w, err)
		return
	}
	g, err := s.replay(ctx, &gameRequest{Variant: req.Variant, FEN: fen}, false)
	if err != nil {
		badRequest(w, fmt.Errorf("the position would not be legal: %w", err))
		return
	}
	writeJSON(w, s.state(g, req.Flip))
}

// setSide puts side to move in fen's second field.
func setSide(fen, side string) (string, error) {
	letter := map[string]string{"white": "w", "black": "b"}[side]
	if letter == "" {
		return "", fmt.Errorf(`"side" is "white" or "black", found %s`, defs.Quote(side))
	}
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return "", errors.New("the FEN has no side to move")
	}
	fields[1] = letter
	return strings.Join(fields, " "), nil
}

// setSquare is fen with square holding piece (a FEN letter, with "~" for a promoted
// man; "*" a wall; "" empty), as interpreter.EditFEN writes it.
func setSquare(rs *compiler.Ruleset, fen, square, piece string) (string, error) {
	sq, ok := rs.ParseCell(square)
	if !ok {
		return "", fmt.Errorf("no square %s on this board", defs.Quote(square))
	}
	return interpreter.EditFEN(rs, fen, sq, piece)
}
