// Match statistics tests: Elo and its trinomial margin, LOS and the GSPRT against known values.
package match

import (
	"math"
	"testing"
	"time"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f", what, got, want)
	}
}

// The values were computed independently (Python, the formulas in the comments).
func TestEstimate(t *testing.T) {
	near(t, "EloOf(0.75)", EloOf(0.75), 190.848501887865, 1e-9)
	near(t, "ScoreOf(100)", ScoreOf(100), 0.6400649998028851, 1e-12)
	near(t, "ScoreOf(EloOf(0.3))", ScoreOf(EloOf(0.3)), 0.3, 1e-12)
	for _, c := range []struct {
		w, d, l                 int
		score, elo, margin, los float64
	}{
		{30, 40, 20, 0.5555555555555556, 38.76400520322261, 54.011912911561936, 0.9213503964748575},
		{12, 8, 20, 0.4, -70.4365036222725, 100.85302061536464, 0.07864960352514255},
		{100, 0, 100, 0.5, 0, 48.46311789285596, 0.5},
	} {
		e := NewEstimate(c.w, c.d, c.l)
		near(t, "score", e.Score, c.score, 1e-12)
		near(t, "elo", e.Elo, c.elo, 1e-9)
		near(t, "margin", e.Margin, c.margin, 1e-9)
		near(t, "los", e.LOS, c.los, 1e-12)
	}
	if e := NewEstimate(5, 0, 0); !math.IsInf(e.Elo, 1) || e.EloText() != "+inf" {
		t.Errorf("all won: Elo %v %q", e.Elo, e.EloText())
	}
	if e := NewEstimate(0, 0, 0); e.EloText() != "0.0 ± inf" {
		t.Errorf("no games: %q", e.EloText())
	}
	if got := NewEstimate(30, 40, 20).EloText(); got != "+38.8 ± 54.0" {
		t.Errorf("EloText %q", got)
	}
}

func TestSPRT(t *testing.T) {
	s, err := ParseSPRT("elo0=0,elo1=5")
	if err != nil || s.Alpha != 0.05 || s.Beta != 0.05 || s.Elo1 != 5 {
		t.Fatalf("ParseSPRT: %+v %v", s, err)
	}
	lo, hi := s.Bounds()
	near(t, "lower bound", lo, -2.9444389791664403, 1e-12)
	near(t, "upper bound", hi, 2.9444389791664403, 1e-12)
	near(t, "LLR(30,40,20)", s.LLR(30, 40, 20), 0.2477553959318251, 1e-9)
	near(t, "LLR(1000,1200,900)", s.LLR(1000, 1200, 900), 1.8272847827781544, 1e-9)
	near(t, "LLR(900,1200,1000)", s.LLR(900, 1200, 1000), -2.876438701846577, 1e-9)
	if d := s.Decision(900, 1200, 1000); d != "" {
		t.Errorf("decision at -2.88: %q", d)
	}
	s10, _ := ParseSPRT("elo0=0, elo1=10, alpha=0.05, beta=0.05")
	near(t, "LLR(300,400,200) elo1=10", s10.LLR(300, 400, 200), 4.611206494131257, 1e-9)
	if d := s10.Decision(300, 400, 200); d != "H1" {
		t.Errorf("decision %q, want H1", d)
	}
	if d := s10.Decision(200, 400, 300); d != "H0" {
		t.Errorf("decision %q, want H0", d)
	}
	if s.LLR(7, 0, 0) != 0 || s.LLR(0, 0, 0) != 0 {
		t.Errorf("LLR without variance must be 0")
	}
	for _, bad := range []string{"", "elo0=0", "elo0=5,elo1=0", "elo0=0,elo1=5,alpha=0.7", "elo0=0,elo1=x", "elo0=0,elo1=5,gamma=1"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) took it", bad)
		}
	}
}

func TestTimeControl(t *testing.T) {
	for _, c := range []struct {
		in   string
		want TimeControl
		pgn  string
	}{
		{"10+0.1", TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, "10+0.1"},
		{"40/60", TimeControl{Moves: 40, Base: time.Minute}, "40/60"},
		{"2:30+1", TimeControl{Base: 150 * time.Second, Inc: time.Second}, "150+1"},
		{"0.5", TimeControl{Base: 500 * time.Millisecond}, "0.5"},
	} {
		tc, err := ParseTimeControl(c.in)
		if err != nil || tc != c.want || tc.String() != c.pgn {
			t.Errorf("ParseTimeControl(%q) = %+v %q %v", c.in, tc, tc.String(), err)
		}
	}
	for _, bad := range []string{"", "x", "0", "10+", "/10", "1:75", "-1"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("ParseTimeControl(%q) took it", bad)
		}
	}
	if s := (TimeControl{MoveTime: 50 * time.Millisecond}).String(); s != "1/0.05" {
		t.Errorf("movetime: %q", s)
	}
	if got := xbBase(10 * time.Second); got != "0:10" {
		t.Errorf("xbBase 10s: %q", got)
	}
	if got := xbBase(2 * time.Minute); got != "2" {
		t.Errorf("xbBase 2m: %q", got)
	}
}

func TestParseEngine(t *testing.T) {
	for _, c := range []struct {
		in    string
		args  []string
		proto Protocol
	}{
		{"chimera uci", []string{"chimera", "uci"}, Detect},
		{"uci:/usr/games/fairy-stockfish", []string{"/usr/games/fairy-stockfish"}, UCI},
		{`xboard:/opt/my\ engine -x 'a b' "c \"d\""`, []string{"/opt/my engine", "-x", "a b", `c "d"`}, XBoard},
		{`  sh   -c  'exec sjaakii'  `, []string{"sh", "-c", "exec sjaakii"}, Detect},
	} {
		s, err := ParseEngine(c.in)
		if err != nil || s.Protocol != c.proto || len(s.Args) != len(c.args) {
			t.Errorf("ParseEngine(%q) = %+v, %v", c.in, s, err)
			continue
		}
		for i := range c.args {
			if s.Args[i] != c.args[i] {
				t.Errorf("ParseEngine(%q) arg %d = %q, want %q", c.in, i, s.Args[i], c.args[i])
			}
		}
	}
	for _, bad := range []string{"", "uci:", `a 'b`, `a "b`, `a\`} {
		if _, err := ParseEngine(bad); err == nil {
			t.Errorf("ParseEngine(%q) took it", bad)
		}
	}
}
