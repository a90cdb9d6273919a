// The mechanism table: its rows cover every bit once, name keys that exist, claim each key
// once, point at sections of docs/definitions.md that exist and at pair-matrix generators
// that exist.
package compiler

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"chimera/defs"
)

// TestMechanismRows: one row per bit, in bit order, each with a name, a way its bit is
// set (a predicate or the code named by setBy) and a reason for its safe list.
func TestMechanismRows(t *testing.T) {
	t.Parallel()
	if n := MechUnclassified.Len(); len(mechanismRows) != n || n != numMechanisms || n > maxMechanisms {
		t.Fatalf("%d rows for %d mechanisms", len(mechanismRows), n)
	}
	for i, row := range mechanismRows {
		if row.bit != mechanismBit(i) {
			t.Errorf("row %d (%s): bit %v, want mechanism %d (the rows are in bit order)", i, row.name, row.bit, i)
		}
		if (row.uses == nil) == (row.setBy == "") {
			t.Errorf("%s: want either a predicate (uses) or the code that sets it (setBy)", row.name)
		}
		if row.setBy != "" && row.setBy != byMoveTables && row.setBy != byDefinitions {
			t.Errorf("%s: setBy %q is neither %s nor %s", row.name, row.setBy, byMoveTables, byDefinitions)
		}
		if strings.TrimSpace(row.why) == "" {
			t.Errorf("%s: no reason (why) for its safe list", row.name)
		}
		if row.safe&^safeAll != 0 {
			t.Errorf("%s: safe with shortcuts that do not exist (%b)", row.name, row.safe)
		}
	}
}

// TestMechanismKeys: every key a row or unmechanisedKeys names is a key of the definition
// language, and none is claimed twice: a key is one row's keys, or the shared keys of two
// rows or more, or in one group of unmechanisedKeys.
func TestMechanismKeys(t *testing.T) {
	t.Parallel()
	exists := map[string]bool{}
	for _, k := range DefinitionKeys() {
		exists[k] = true
	}
	owner := map[string]string{}     // key -> the row or group that owns it alone
	sharers := map[string][]string{} // key -> the rows that share it
	claim := func(k, by string, shared bool) {
		if !exists[k] {
			t.Errorf("%s: key %q is not a definition key", by, k)
		}
		if shared {
			if slices.Contains(sharers[k], by) {
				t.Errorf("%s: shares %q twice", by, k)
			}
			sharers[k] = append(sharers[k], by)
		} else {
			if o, ok := owner[k]; ok {
				t.Errorf("key %q claimed by %s and by %s (mark it shared in both, or pick one)", k, o, by)
			}
			owner[k] = by
		}
	}
	for _, row := range mechanismRows {
		for _, k := range row.keys {
			claim(k, row.name, false)
		}
		for _, k := range row.shared {
			claim(k, row.name, true)
		}
	}
	for i, g := range unmechanisedKeys {
		if strings.TrimSpace(g.why) == "" {
			t.Errorf("unmechanisedKeys[%d]: no reason", i)
		}
		for _, k := range g.keys {
			claim(k, "unmechanisedKeys["+strconv.Itoa(i)+"]", false)
		}
	}
	for k, rows := range sharers {
		if o, ok := owner[k]; ok {
			t.Errorf("key %q is %s's alone and shared by %v", k, o, rows)
		}
		if len(rows) < 2 {
			t.Errorf("key %q shared by %v alone: make it that row's own key", k, rows)
		}
	}
}

// TestMechanismDocAnchors: every row's doc is the anchor of a heading of docs/definitions.md.
func TestMechanismDocAnchors(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../docs/definitions.md")
	if err != nil {
		t.Fatal(err)
	}
	anchors := markdownAnchors(string(data))
	for _, row := range mechanismRows {
		if !strings.HasPrefix(row.doc, "#") || !anchors[row.doc[1:]] {
			t.Errorf("%s: doc %q is no heading's anchor in docs/definitions.md", row.name, row.doc)
		}
	}
	if !anchors["adding-a-mechanism"] {
		t.Error("docs/definitions.md has no section \"Adding a mechanism\"")
	}
}

// markdownAnchors are the anchors GitHub gives the headings of a Markdown text (outside
// fenced code): lower case, punctuation dropped, spaces as hyphens, -1, -2... on repeats.
func markdownAnchors(text string) map[string]bool {
	out := map[string]bool{}
	fenced := false
	for _, ln := range strings.Split(text, "\n") {
		if strings.HasPrefix(ln, "```") {
			fenced = !fenced
			continue
		}
		title, ok := strings.CutPrefix(strings.TrimLeft(ln, "#"), " ")
		if fenced || !strings.HasPrefix(ln, "#") || !ok {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(title)) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		for i := 1; out[a]; i++ {
			a = b.String() + "-" + strconv.Itoa(i)
		}
		out[a] = true
	}
	return out
}

// TestMechanismPairGenerators: a row's pair-matrix generator is one that
// interpreter/pairs_test.go defines (read as text: the compiler does not import it).
func TestMechanismPairGenerators(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../interpreter/pairs_test.go")
	if err != nil {
		t.Skip(err)
	}
	for _, row := range mechanismRows {
		if row.pairs == "" {
			continue
		}
		if !regexp.MustCompile(`\{"` + regexp.QuoteMeta(row.pairs) + `",\s*func`).Match(data) {
			t.Errorf("%s: pair generator %q is not in interpreter/pairs_test.go's pairMechanisms", row.name, row.pairs)
		}
	}
}

// TestMoveTableScan: the scan of the move tables sets only the bits of the rows that say
// it does, on every built-in (and every such row is set by some built-in).
func TestMoveTableScan(t *testing.T) {
	t.Parallel()
	var want, seen Mechanism
	for _, row := range mechanismRows {
		if row.setBy == byMoveTables {
			want = want.Or(row.bit)
		}
	}
	for _, name := range defs.Builtins() {
		m := builtin(t, name).scanMoveTables()
		if m.AndNot(want).Any() {
			t.Errorf("%s: the scan sets %v, whose rows do not say so", name, m.AndNot(want))
		}
		seen = seen.Or(m)
	}
	if want.AndNot(seen).Any() {
		t.Logf("no built-in has %v", want.AndNot(seen))
	}
}
