// FEN validation with ffish.js's codes, and PGN games read as ffish.js's readGamePGN reads them.

package jsapi

import (
	"errors"
	"fmt"
	"strings"

	"chimera/defs"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// ffish.js's validateFen codes (Fairy-Stockfish's FEN::FenValidation).
const (
	FENInvalidNbParts     = -11
	FENInvalidChar        = -10
	FENInvalidGeometry    = -8
	FENInvalidPocket      = -7
	FENInvalidSide        = -6
	FENInvalidCastling    = -5
	FENInvalidEnPassant   = -4
	FENInvalidKings       = -3
	FENInvalidHalfmove    = -2
	FENInvalidMoveCounter = -1
	FENEmpty              = 0
	FENOK                 = 1
)

// fieldCodes are the codes of a bad FEN field after the board, by index.
var fieldCodes = []int{1: FENInvalidSide, 2: FENInvalidCastling, 3: FENInvalidEnPassant, 4: FENInvalidHalfmove, 5: FENInvalidMoveCounter}

// ValidateFEN checks fen as a position of variant and answers with ffish.js's codes: 1
// for a FEN Chimera reads, 0 for an empty one, else the code of the field at fault. The
// field is found by putting the default setup's field in its place: the first whose
// replacement makes the FEN read is the one reported; a board field is told apart by what
// is wrong with it (a letter no piece has, the pool, the royal men, else its geometry).
func (m *Module) ValidateFEN(fen, variant string) (int, error) {
	rs, err := m.Ruleset(variant)
	if err != nil {
		return 0, err
	}
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return FENEmpty, nil
	}
	_, ferr := interpreter.FromFEN(rs, fen)
	if ferr == nil {
		return FENOK, nil
	}
	start, err := m.StartingFEN(variant)
	if err != nil {
		return 0, err
	}
	good := strings.Fields(start)
	if len(fields) > len(good)+1 {
		return FENInvalidNbParts, nil
	}
	for i := 1; i < len(fields) && i < len(good) && i < len(fieldCodes); i++ {
		try := append([]string{}, fields...)
		try[i] = good[i]
		if _, err := interpreter.FromFEN(rs, strings.Join(try, " ")); err == nil {
			return fieldCodes[i], nil
		}
	}
	board := fields[0]
	for _, r := range board {
		if r < 0x80 && (r >= '0' && r <= '9' || strings.ContainsRune("/[]+~*-", r)) {
			continue
		}
		if r >= 0x80 || rs.TypeOfText(strings.ToUpper(string(r))) < 0 {
			return FENInvalidChar, nil
		}
	}
	var fe *interpreter.FENError
	msg := ferr.Error()
	if errors.As(ferr, &fe) {
		msg = fe.Msg
	}
	switch {
	case strings.Contains(board, "[") && (strings.Contains(msg, "pool") || strings.Contains(msg, "']'") || strings.Contains(msg, "'['")):
		return FENInvalidPocket, nil
	case strings.Contains(msg, "royal"):
		return FENInvalidKings, nil
	}
	return FENInvalidGeometry, nil
}

// maxGameBytes bounds the PGN text that the games a module keeps were read from
// together (what they hold is less).
var maxGameBytes = 64 << 20

// Game is a PGN game read by ReadGamePGN: its tags and its moves.
type Game struct {
	m       *Module
	size    int // the text's length, counted in the module's gameBytes
	keys    []string
	headers map[string]string
	moves   []string // in coordinates
}

// ReadGamePGN reads the first game of a PGN text: its tags, and its moves played from its
// [FEN] tag or the default setup of its [Variant] (fallback when it has none or says
// "Standard", PGN's word for the usual game; a name ending in 960 that names no variant is
// read without it, as ffish.js does). A move that cannot be played is an error.
func (m *Module) ReadGamePGN(pgn, fallback string) (*Game, error) {
	if len(pgn) > defs.MaxFileSize {
		return nil, fmt.Errorf("the PGN has %d bytes, over the limit of %d", len(pgn), defs.MaxFileSize)
	}
	games, err := gametext.ReadPGN(pgn)
	if err != nil {
		return nil, fmt.Errorf("PGN: %w", err)
	}
	if len(games) == 0 {
		return nil, errors.New("PGN: no game in the text")
	}
	if m.gameBytes.Load()+int64(len(pgn)) > int64(maxGameBytes) {
		return nil, fmt.Errorf("the games read hold %d bytes of PGN, near the module's limit of %d: delete() those no longer used", m.gameBytes.Load(), maxGameBytes)
	}
	pg := games[0]
	g := &Game{m: m, size: len(pgn), headers: map[string]string{}}
	for _, t := range pg.Tags {
		if _, dup := g.headers[t.Name]; !dup {
			g.keys = append(g.keys, t.Name)
		}
		g.headers[t.Name] = t.Value
	}
	variant := strings.ToLower(g.headers["Variant"])
	if variant == "" || variant == "standard" {
		variant = fallback
	}
	is960 := false
	if _, err := m.Ruleset(variant); err != nil && strings.HasSuffix(variant, "960") {
		variant, is960 = strings.TrimSuffix(variant, "960"), true
	}
	b, err := m.NewBoard(variant, g.headers["FEN"], is960)
	if err != nil {
		return nil, fmt.Errorf("PGN: %w", err)
	}
	rep := gametext.ReplayGame(b.p.Clone(), pg.Text) // plays on the clone; b.p writes each move
	if rep.Stop != nil {
		return nil, fmt.Errorf("PGN: %w", rep.Stop)
	}
	for _, pl := range rep.Moves {
		g.moves = append(g.moves, b.p.Coord(pl.Move))
		b.p.Make(pl.Move)
	}
	m.gameBytes.Add(int64(g.size))
	return g, nil
}

// Close gives the game's size back to the module's bound.
func (g *Game) Close() {
	g.m.gameBytes.Add(-int64(g.size))
	g.size = 0
}

// HeaderKeys are the tags' names, in the order of the text, separated by spaces.
func (g *Game) HeaderKeys() string { return strings.Join(g.keys, " ") }

// Header is a tag's value ("" when the game has no such tag).
func (g *Game) Header(name string) string { return g.headers[name] }

// MainlineMoves are the game's moves in coordinates, separated by spaces.
func (g *Game) MainlineMoves() string { return strings.Join(g.moves, " ") }
