// Package selfplay plays the engine against itself on any compiled variant and reads the
// games as a designer would: outcome rates with confidence intervals, the first-move
// advantage in Elo, game lengths, how games end, first moves, warnings when a variant
// looks broken, and piece values measured by handicap games.
//
// Every game is described by a Spec before it is played, and everything random about it
// (its opening plies, the jitter of its node budget) comes from its own seed, derived from
// a run's seed and the game's index. A game therefore does not depend on which worker
// plays it or when: with a node limit, a run on any number of workers, or split in shards
// over many machines and merged, gives the same games.
package selfplay

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"sync"
	"time"

	"chimera/compiler"
	"chimera/engine/search"
	"chimera/interpreter"
)

// ReasonMoveCap is the reason of a game stopped at the move cap and adjudicated a draw.
const ReasonMoveCap = "move cap"

// Spec describes one game before it is played.
type Spec struct {
	Index int    // the game's number in its run, from 0
	FEN   string // the start position
	// Opening moves (any notation the interpreter reads) played before the engines take
	// over, then RandomPlies random legal moves drawn with OpeningSeed (the two games of a
	// pair share it, and so their opening). PlaySeed drives the jitter of the node budget.
	Opening     []string
	RandomPlies int
	OpeningSeed uint64
	PlaySeed    uint64
	// Pairing and Handicapped label handicap games (piece values): the handicap's name
	// and the side that plays without the piece.
	Pairing     string
	Handicapped string
}

// Options are the engines' settings, the same for every game.
type Options struct {
	Limits   search.Limits // per move; Nodes or MoveTime (or Depth)
	HashMB   int           // transposition table per engine (default 16)
	MaxPlies int           // the move cap: a game that reaches it is a draw (default 300)
	// Jitter varies the node budget of each move by up to this fraction either way (0.2:
	// 80 % to 120 %), drawn from the game's seed, so that games from one position differ
	// while staying reproducible. It applies to node limits only.
	Jitter float64
	// Stop, when closed, interrupts the run: no game starts after it, and a game in
	// progress stops (its search too) and is left out (Run returns ErrInterrupted with
	// the games that finished).
	Stop <-chan struct{}
}

// ErrInterrupted is Run's error when Options.Stop was closed before every game finished.
var ErrInterrupted = errors.New("interrupted")

func (o Options) withDefaults() Options {
	if o.HashMB <= 0 {
		o.HashMB = 16
	}
	if o.MaxPlies <= 0 {
		o.MaxPlies = 300
	}
	return o
}

// Game is the record of one played game. Records are written as JSON lines by sharded
// runs and read back by a merge; every field but Millis is the same whoever plays it
// (with a node or depth limit).
type Game struct {
	Index       int      `json:"index"`
	Pairing     string   `json:"pairing,omitempty"`
	Handicapped string   `json:"handicapped,omitempty"`
	FEN         string   `json:"fen"`
	Opening     int      `json:"opening"` // plies that were not searched (opening, random)
	Moves       []string `json:"moves"`   // coordinate notation
	SAN         []string `json:"san"`
	Result      string   `json:"result"` // 1-0, 0-1 or 1/2-1/2
	Reason      string   `json:"reason"` // checkmate, stalemate, a goal's name, fifty-move rule, repetition, move cap
	Goal        bool     `json:"goal,omitempty"`
	Moved       string   `json:"moved"` // letters of the piece types that moved (or were dropped), in type order
	Nodes       int64    `json:"nodes"`
	// Scores: the search's score of each move after the opening, in centipawns for the
	// side that made it (mates as the search scores them).
	Scores []int `json:"scores,omitempty"`
	Millis int64 `json:"ms"`
	// HookErrors are the goal hooks that failed as they ran in this game (each failed run
	// counted as false), as reports write them; Hooks the failures themselves.
	HookErrors []string                  `json:"hook_errors,omitempty"`
	Hooks      []interpreter.HookFailure `json:"-"`
}

// Plies is the game's length in plies.
func (g *Game) Plies() int { return len(g.Moves) }

// WhiteScore is White's score: 1, 0.5 or 0 (0.75 or 0.25 where the rules score so).
func (g *Game) WhiteScore() float64 {
	if w, ok := interpreter.WhitePoints(g.Result); ok {
		return w
	}
	return 0.5
}

// Seed derives the seed of item i (a game, a pair of games) from a run's seed: a
// splitmix64 step, so that neighbouring indices get unrelated streams.
func Seed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Play plays the game of spec with engine e (cleared first) on both sides; under fog of
// war each side plays from its own view alone (search.FogMove).
func Play(rs *compiler.Ruleset, e *search.Engine, spec Spec, opt Options) (Game, error) {
	opt = opt.withDefaults()
	start := time.Now()
	g := Game{Index: spec.Index, Pairing: spec.Pairing, Handicapped: spec.Handicapped, FEN: spec.FEN}
	p, err := interpreter.FromFEN(rs, spec.FEN)
	if err != nil {
		return g, fmt.Errorf("game %d: %w", spec.Index, err)
	}
	e.Clear()
	openRNG := rand.New(rand.NewPCG(spec.OpeningSeed, 1))
	rng := rand.New(rand.NewPCG(spec.PlaySeed, 2))
	moved := make([]bool, rs.NumPieces())
	play := func(m interpreter.Move) {
		g.Moves = append(g.Moves, p.Coord(m))
		g.SAN = append(g.SAN, p.SAN(m))
		if m.IsDrop() {
			moved[m.Dropped()] = true
		} else if pc := p.At(m.From()); pc != interpreter.NoPiece {
			moved[pc.Type()] = true
		}
		p.Make(m)
	}
	for _, text := range spec.Opening {
		if p.Result() != interpreter.Ongoing {
			return g, fmt.Errorf("game %d: the opening goes on after the game ended, at %q", spec.Index, text)
		}
		m, err := p.ParseMove(text)
		if err != nil {
			return g, fmt.Errorf("game %d: opening: %w", spec.Index, err)
		}
		play(m)
	}
	for i := 0; i < spec.RandomPlies && len(g.Moves) < opt.MaxPlies; i++ {
		m, ok := randomMove(p, openRNG)
		if !ok {
			break
		}
		play(m)
	}
	g.Opening = len(g.Moves)
	ctx, cancel := StopContext(opt.Stop)
	defer cancel()
	var buf []interpreter.Move
	for {
		r := p.Result()
		if r != interpreter.Ongoing {
			g.Result, g.Reason = r.Score, r.Reason
			g.Goal = p.Ended().Goal >= 0
			break
		}
		if len(g.Moves) >= opt.MaxPlies {
			g.Result, g.Reason = "1/2-1/2", ReasonMoveCap
			break
		}
		if ctx.Err() != nil {
			return g, ErrInterrupted
		}
		lim := opt.Limits
		if lim.Nodes > 0 && opt.Jitter > 0 {
			f := 1 + opt.Jitter*(2*rng.Float64()-1)
			lim.Nodes = max(1, int64(float64(lim.Nodes)*f))
		}
		var res search.Result
		if rs.Fog != nil {
			// Under fog each side plays from its own view (the fog player), with a seed
			// of the game's and the ply's: the same view gives the same move.
			res = e.FogMove(ctx, p, lim, search.FogSamples, spec.PlaySeed^uint64(len(g.Moves)))
		} else {
			res = e.Search(ctx, p, lim, nil)
		}
		if ctx.Err() != nil {
			return g, ErrInterrupted // the move of a stopped search is not played
		}
		g.Nodes += res.Nodes
		g.Scores = append(g.Scores, res.Score)
		m := res.Best
		if m == interpreter.NoMove || !p.IsLegal(m) {
			buf = p.LegalMoves(buf[:0])
			if len(buf) == 0 {
				return g, fmt.Errorf("game %d: the engine found no move in an ongoing game (%s)", spec.Index, p.FEN())
			}
			m = buf[0]
		}
		play(m)
	}
	for t, ok := range moved {
		if ok {
			g.Moved += rs.Piece(t).LetterText
		}
	}
	g.Millis = time.Since(start).Milliseconds()
	// The game's position and the engine's copies of it share one log of failed hooks.
	g.Hooks = p.HookFailures()
	for _, f := range g.Hooks {
		g.HookErrors = append(g.HookErrors, f.Message())
	}
	return g, nil
}

// randomMove draws a legal move of p after which the game goes on (so that an opening
// never decides a game), or reports false when there is none.
func randomMove(p *interpreter.Position, rng *rand.Rand) (interpreter.Move, bool) {
	moves := p.LegalMoves(nil)
	rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	for _, m := range moves {
		p.Make(m)
		over := p.Result() != interpreter.Ongoing
		p.Unmake()
		if !over {
			return m, true
		}
	}
	return interpreter.NoMove, false
}

// Run plays specs on jobs workers (one engine each) and returns the games in the order of
// specs. done, when not nil, is called after each game, from one goroutine at a time.
// The first error stops the run.
func Run(rs *compiler.Ruleset, specs []Spec, opt Options, jobs int, done func(Game)) ([]Game, error) {
	opt = opt.withDefaults()
	jobs = max(1, min(jobs, len(specs)))
	games := make([]Game, len(specs))
	finished := make([]bool, len(specs))
	next := make(chan int)
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := search.New(rs, opt.HashMB)
			for i := range next {
				g, err := Play(rs, e, specs[i], opt)
				mu.Lock()
				if err != nil && firstErr == nil && err != ErrInterrupted {
					firstErr = err
				}
				if err == nil {
					games[i], finished[i] = g, true
					if done != nil {
						done(g)
					}
				}
				mu.Unlock()
			}
		}()
	}
	interrupted := false
dispatch:
	for i := range specs {
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed {
			break
		}
		select {
		case next <- i:
		case <-opt.Stop:
			interrupted = true
			break dispatch
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	for _, ok := range finished {
		interrupted = interrupted || !ok // a game stopped by Stop, or never started
	}
	if !interrupted {
		return games, nil
	}
	var out []Game
	for i, g := range games {
		if finished[i] {
			out = append(out, g)
		}
	}
	return out, ErrInterrupted
}

// Shard keeps the specs of shard i of n: the pairs of games (indices 2k, 2k+1) with
// k mod n = i, so that each shard has both colours of its openings.
func Shard(specs []Spec, i, n int) []Spec {
	if n <= 1 {
		return specs
	}
	var out []Spec
	for _, s := range specs {
		if (s.Index/2)%n == i {
			out = append(out, s)
		}
	}
	return out
}

// Start is where the games of an opening pair begin: a position and moves from it.
type Start struct {
	FEN   string
	Moves []string
}

// Specs describes n self-play games: pair k (games 2k and 2k+1) starts from
// starts[k mod len(starts)], then randomPlies random plies drawn from Seed(seed, k);
// and game i's node jitter from Seed(^seed, i), a stream apart from the openings'.
func Specs(n int, starts []Start, randomPlies int, seed uint64) []Spec {
	specs := make([]Spec, n)
	for i := range specs {
		k := i / 2
		st := starts[k%len(starts)]
		specs[i] = Spec{Index: i, FEN: st.FEN, Opening: st.Moves, RandomPlies: randomPlies,
			OpeningSeed: Seed(seed, k), PlaySeed: Seed(^seed, i)}
	}
	return specs
}

// SortGames orders games by index.
func SortGames(games []Game) {
	sort.Slice(games, func(i, j int) bool { return games[i].Index < games[j].Index })
}

// Verify replays the record g of a run with move cap maxPlies by the rules rs: every move
// legal in turn and written as Chimera writes it (coordinates and SAN), the opening no
// longer than the game, and the result and reason those of the position the moves reach
// (a game at the move cap is a draw). It says what is wrong with an edited record.
func Verify(rs *compiler.Ruleset, g Game, maxPlies int) error {
	p, err := interpreter.FromFEN(rs, g.FEN)
	if err != nil {
		return err
	}
	if len(g.SAN) != len(g.Moves) {
		return fmt.Errorf("%d moves but %d SAN moves", len(g.Moves), len(g.SAN))
	}
	if g.Opening < 0 || g.Opening > len(g.Moves) {
		return fmt.Errorf("an opening of %d plies in a game of %d", g.Opening, len(g.Moves))
	}
	if len(g.Moves) > maxPlies {
		return fmt.Errorf("%d moves, beyond the run's move cap of %d", len(g.Moves), maxPlies)
	}
	for i, text := range g.Moves {
		if r := p.Result(); r != interpreter.Ongoing {
			return fmt.Errorf("move %d, %s: the game was over (%s, %s)", i+1, text, r.Score, r.Reason)
		}
		m, err := p.ParseMove(text)
		if err != nil {
			return fmt.Errorf("move %d: %v", i+1, err)
		}
		if c := p.Coord(m); c != text {
			return fmt.Errorf("move %d: %s is written %s", i+1, text, c)
		}
		if san := p.SAN(m); san != g.SAN[i] {
			return fmt.Errorf("move %d, %s: its SAN is %s, not %s", i+1, text, san, g.SAN[i])
		}
		p.Make(m)
	}
	r := p.Result()
	switch {
	case g.Reason == ReasonMoveCap:
		if r != interpreter.Ongoing || len(g.Moves) != maxPlies || g.Result != "1/2-1/2" {
			return fmt.Errorf("%s %s after %d plies: the position says %s (%s), the cap is %d", g.Result, g.Reason, len(g.Moves), r.Score, r.Reason, maxPlies)
		}
	case r == interpreter.Ongoing:
		return fmt.Errorf("the result %s (%s), but the game goes on after its %d moves", g.Result, g.Reason, len(g.Moves))
	case r.Score != g.Result || r.Reason != g.Reason:
		return fmt.Errorf("the result %s (%s), but the moves end in %s (%s)", g.Result, g.Reason, r.Score, r.Reason)
	}
	return nil
}

// StopContext is a context that ends when stop is closed (never, for a nil stop), and the
// function that releases it.
func StopContext(stop <-chan struct{}) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	if stop != nil {
		go func() {
			select {
			case <-stop:
				cancel()
			case <-ctx.Done():
			}
		}()
	}
	return ctx, cancel
}
