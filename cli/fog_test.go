package cli

import (
	"strings"
	"testing"
)

// TestShowView: show --view draws one side's view under fog ('?' cells, the view's FEN and
// no full FEN), --svg with --view veils the fogged cells, and --view is refused (exit 2)
// without fog or with a side that is none.
func TestShowView(t *testing.T) {
	code, out, errs := run("show", "fogofwar", "--view", "black")
	if code != 0 {
		t.Fatalf("show fogofwar --view black: exit %d, %s", code, errs)
	}
	wantIn(t, out, "  1  ?  ?  ?  ?  ?  ?  ?  ?\n", "  7  p  p  p  p  p  p  p  p\n",
		"View: rnbqkbnr/pppppppp/8/8/????????/????????/????????/???????? w kq - ? 1 view=b", "'?' a cell", "Fog of war: each side sees")
	if strings.Contains(out, "RNBQKBNR") {
		t.Errorf("the view shows White's men:\n%s", out)
	}
	code, out, errs = run("show", "fogofwar", "--view", "white", "--svg", "-")
	if code != 0 {
		t.Fatalf("show --svg --view: exit %d, %s", code, errs)
	}
	if n := strings.Count(out, `class="fog"`); n != 32 {
		t.Errorf("show --svg --view white: %d fogged cells drawn; want 32", n)
	}
	for _, args := range [][]string{
		{"show", "chess", "--view", "white"},
		{"show", "fogofwar", "--view", "red"},
		{"show", "fogofwar", "--view", "white", "--betza"},
	} {
		if code, _, errs := run(args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, %q; want 2 and a reason", args, code, errs)
		}
	}
}

// TestPlayFog: under fog the human's side's view is drawn, the engine's move is not
// shown, and fen prints the view.
func TestPlayFog(t *testing.T) {
	code, out, errs := playScript(t, []string{"e4", "fen"}, "fogofwar", "--depth", "1")
	if code != 0 {
		t.Fatalf("play fogofwar: exit %d, %s", code, errs)
	}
	wantIn(t, out, "black (engine) has moved, in the fog", "view=w", "  8  ?  ?  ?  ?  ?  ?  ?  ?\n")
	if strings.Contains(out, "1... ") {
		t.Errorf("the engine's move is shown:\n%s", out)
	}
}
