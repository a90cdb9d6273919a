// Games under fog of war: a person plays one side against the engine, seeing only that
// side's view. The page never holds the game's moves: the server seals them (encrypted
// with a key of its own) and the page sends the seal back with each request.

package web

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// sealedGame is what a seal holds: the variant, the start, the moves played (coordinate
// notation) and the side the person plays.
type sealedGame struct {
	Variant string   `json:"v"`
	Start   string   `json:"s"`
	Moves   []string `json:"m"`
	Viewer  string   `json:"w"`
}

// sealAD binds a seal to its use.
var sealAD = []byte("chimera fog-of-war game")

// newSealer is an AES-GCM cipher under a key drawn for this run of the server.
func newSealer() cipher.AEAD {
	key := make([]byte, 32)
	rand.Read(key) // never fails (crypto/rand)
	block, err := aes.NewCipher(key)
	if err != nil {
		panic(err) // a 32-byte key is always an AES-256 key
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return aead
}

// seal writes game g (played under fog by viewer) as a seal: base64url of the nonce and
// the encrypted record.
func (s *Server) seal(g *replayed) string {
	b, _ := json.Marshal(sealedGame{Variant: g.rs.Name, Start: g.startFEN, Moves: g.coords, Viewer: interpreter.SideName(g.viewer)})
	nonce := make([]byte, s.sealer.NonceSize())
	rand.Read(nonce)
	return base64.RawURLEncoding.EncodeToString(s.sealer.Seal(nonce, nonce, b, sealAD))
}

// errSeal is a seal that does not read.
var errSeal = errors.New(`"sealed" does not read: it was sealed by another run of the server, or changed (start a new game)`)

// unseal reads a seal.
func (s *Server) unseal(text string) (*sealedGame, error) {
	b, err := base64.RawURLEncoding.DecodeString(text)
	n := s.sealer.NonceSize()
	if err != nil || len(b) < n {
		return nil, errSeal
	}
	plain, err := s.sealer.Open(nil, b[:n], b[n:], sealAD)
	if err != nil {
		return nil, errSeal
	}
	var sg sealedGame
	if json.Unmarshal(plain, &sg) != nil {
		return nil, errSeal
	}
	return &sg, nil
}

// fogStart reads a request's fog fields into req: a seal (the start, the moves and the
// viewer), or a viewer for a new game under fog. It answers the viewer, and false for a
// game in full view.
func (s *Server) fogStart(rs *compiler.Ruleset, req *gameRequest) (compiler.Color, bool, error) {
	if req.Sealed == "" && req.Viewer == "" {
		return 0, false, nil
	}
	if rs.Fog == nil {
		return 0, false, fmt.Errorf(`"sealed" and "viewer" are for a variant with fog: %s has none (every side sees the whole board)`, defs.Quote(rs.Name))
	}
	viewer := req.Viewer
	if req.Sealed != "" {
		if req.Viewer != "" || req.FEN != "" || req.Setup != "" || len(req.Moves) > 0 {
			return 0, false, errors.New(`give "sealed" alone: it holds the start, the moves and the side played`)
		}
		sg, err := s.unseal(req.Sealed)
		if err != nil {
			return 0, false, err
		}
		if sg.Variant != rs.Name {
			return 0, false, fmt.Errorf(`"sealed" is a game of %s, not of %s`, defs.Quote(sg.Variant), defs.Quote(rs.Name))
		}
		req.FEN, req.Moves, viewer = sg.Start, sg.Moves, sg.Viewer
	} else if len(req.Moves) > 0 {
		return 0, false, errors.New(`a game under fog ("viewer") starts from its start: give no "moves" (the server seals them as they are played)`)
	}
	switch viewer {
	case "white":
		return compiler.White, true, nil
	case "black":
		return compiler.Black, true, nil
	}
	return 0, false, fmt.Errorf(`"viewer" is the side the person plays, white or black; found %q`, viewer)
}

// fogState describes a game under fog as its viewer may know it, while it goes on: the
// viewer's view (its FEN with '?' cells, the board with those cells veiled and no man
// on them), the moves with the opponent's written "?", the marks of the last move where
// the viewer sees them, the viewer's legal moves on its turn (none on the engine's), no
// PGN, and the seal of the game.
func (s *Server) fogState(g *replayed, flip bool) *stateJSON {
	p, rs, viewer := g.p, g.rs, g.viewer
	view, err := p.View(viewer)
	if err != nil {
		// A view made from a position always reads (TestFogViewsAgainstNaive).
		panic(fmt.Sprintf("fog: the view of %s does not read: %v", p.FEN(), err))
	}
	st := &stateJSON{
		Variant: rs.Name, Title: rs.Title, StartFEN: g.startFEN,
		Moves: []string{}, SAN: []string{},
		FEN: view.FEN(), Side: interpreter.SideName(p.Side()), Turn: turnText(p), Labels: append([]string(nil), g.labels...),
		Result: "*", Legal: []moveJSON{}, Sealed: s.seal(g), Viewer: interpreter.SideName(viewer),
	}
	for i, c := range g.movers {
		coord, san := "?", "?"
		if c == viewer {
			coord, san = g.coords[i], g.sans[i]
		}
		st.Moves = append(st.Moves, coord)
		st.SAN = append(st.SAN, san)
	}
	seen, _ := p.Seen(viewer, nil)
	if p.Side() == viewer {
		for _, m := range legalMoves(p) {
			m.Captures = seenOnly(rs, m.Captures, seen)
			m.Affected = seenOnly(rs, m.Affected, seen)
			st.Legal = append(st.Legal, m)
		}
	}
	if n := len(g.moves); n > 0 {
		if g.movers[n-1] == viewer {
			st.Last = lastMarks(g)
		} else {
			st.Last = fogLastMarks(g, seen)
		}
	}
	if s.ViewBoard != nil {
		st.SVG = s.ViewBoard(view, flip)
	}
	st.Pools = pools(p)
	for name := range st.Pools[interpreter.SideName(viewer^1)] {
		st.Pools[interpreter.SideName(viewer^1)][name] = ""
	}
	return st
}

// seenOnly keeps the cells of names that seen holds.
func seenOnly(rs *compiler.Ruleset, names []string, seen compiler.Bitboard) []string {
	return slices.DeleteFunc(names, func(name string) bool {
		sq, ok := rs.ParseCell(name)
		return !ok || !seen.Has(sq)
	})
}

// fogLastMarks marks the opponent's last move of g as the viewer saw it: the cells it
// saw before the move and sees after it (seenAfter) whose man changed.
func fogLastMarks(g *replayed, seenAfter compiler.Bitboard) []string {
	p, rs := g.p, g.rs
	after := cells(p, nil)
	p.Unmake()
	seenBefore, _ := p.Seen(g.viewer, nil)
	before := cells(p, nil)
	p.Make(g.moves[len(g.moves)-1])
	var out []string
	for i, a := range after {
		if seenBefore.Has(a.sq) && seenAfter.Has(a.sq) && a.piece != before[i].piece {
			out = append(out, rs.CellName(a.sq))
		}
	}
	return out
}
