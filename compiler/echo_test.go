// Tests that a huge hook is not echoed whole in its errors.
package compiler

import (
	"strings"
	"testing"
)

// TestHugeHookErrorIsCapped: a hook of 20,000 terms with a fault gave an error of 654 KB
// (the expression, then expr's copy of it under a caret); every line is capped now. The
// hook is quoted by hookQuote, which marks its cut with "…"; other echoes are cut by
// defs.Clip, with "...".
func TestHugeHookErrorIsCapped(t *testing.T) {
	t.Parallel()
	for _, hook := range []string{
		strings.Repeat("ply + ", 20000) + "nosuchname > 1",               // an unknown name at the end
		strings.Repeat("ply > 1 && ", 20000) + `count("Z", "white") > 0`, // a constant argument checked at load
		strings.Repeat("ply + ", 500) + "nosuchname > 1",                 // within the node limit: the fault's snippet
		strings.Repeat("ply > 1 && ", 300) + `count("Z", "white") > 0`,   // within the node limit
	} {
		list := compileErrors(t, mini("{files: 4, ranks: 4}", "pieces:\n"+kingLine+"goals:\n  - {name: g, when: '"+hook+"'}\n"))
		if len(list) == 0 {
			t.Fatalf("no error for a hook of %d bytes", len(hook))
		}
		if n := len(list.Error()); n > 2000 {
			t.Errorf("an error of %d bytes for a hook of %d bytes: %.300s", n, len(hook), list.Error())
		}
		if !strings.HasPrefix(list.Error(), "t.yaml:6:21: hook \"ply ") || !strings.Contains(list.Error(), "…") {
			t.Errorf("got %.400s; want the hook's beginning, cut with …", list.Error())
		}
	}
}
