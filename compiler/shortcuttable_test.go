// The shortcut table: every built-in's mechanisms and legality shortcuts against testdata/shortcuts.txt.
package compiler

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"chimera/defs"
)

var updateShortcutTable = flag.Bool("update", false, "rewrite "+shortcutTableFile+" from the built-ins")

const shortcutTableFile = "testdata/shortcuts.txt"

// shortcutTableHeader opens the table: its role, then the meaning of its columns.
const shortcutTableHeader = "# Per built-in variant, the mechanisms its compiled form uses and the legality shortcuts it takes (TestShortcutTable).\n" +
	"# variant | mechanisms | shortcuts (- for none). Rewrite deliberately: go test ./compiler -run TestShortcutTable -update\n"

// shortcutRow is one line of the table: a variant's mechanisms and shortcuts, by name.
type shortcutRow struct{ mechanisms, shortcuts []string }

// rowOf reads a compiled ruleset's row: the mechanisms decideShortcuts found and the
// shortcuts Allows reports.
func rowOf(rs *Ruleset) shortcutRow {
	var row shortcutRow
	row.mechanisms = strings.Fields(rs.Mechanisms.String())
	for s := Shortcut(0); s < numShortcuts; s++ {
		if rs.Allows(s) {
			row.shortcuts = append(row.shortcuts, s.String())
		}
	}
	return row
}

func (row shortcutRow) line(name string) string {
	return name + " | " + joinOrDash(row.mechanisms) + " | " + joinOrDash(row.shortcuts)
}

func joinOrDash(names []string) string {
	if len(names) == 0 {
		return "-"
	}
	return strings.Join(names, " ")
}

// parseShortcutTable reads the table into rows by variant, failing on a malformed,
// duplicated or unsorted line (the -update output is sorted; a hand edit may not be).
func parseShortcutTable(t *testing.T, text string) (map[string]shortcutRow, []string) {
	t.Helper()
	rows := map[string]shortcutRow{}
	var order []string
	for i, ln := range strings.Split(text, "\n") {
		if ln = strings.TrimSpace(ln); ln == "" || strings.HasPrefix(ln, "#") {
			continue
		}
		f := strings.Split(ln, "|")
		if len(f) != 3 {
			t.Fatalf("%s:%d: want variant | mechanisms | shortcuts, got %q", shortcutTableFile, i+1, ln)
		}
		name := strings.TrimSpace(f[0])
		if _, dup := rows[name]; dup {
			t.Fatalf("%s:%d: %s listed twice", shortcutTableFile, i+1, name)
		}
		if len(order) > 0 && order[len(order)-1] > name {
			t.Fatalf("%s:%d: %s after %s: the table is sorted by variant", shortcutTableFile, i+1, name, order[len(order)-1])
		}
		order = append(order, name)
		rows[name] = shortcutRow{namesOf(f[1]), namesOf(f[2])}
	}
	return rows, order
}

func namesOf(field string) []string {
	names := strings.Fields(field)
	if len(names) == 1 && names[0] == "-" {
		return nil
	}
	return names
}

// diffNames is what want has that got lacks (lost) and what got has that want lacks (gained).
func diffNames(want, got []string) (lost, gained []string) {
	in := func(list []string, n string) bool {
		for _, x := range list {
			if x == n {
				return true
			}
		}
		return false
	}
	for _, n := range want {
		if !in(got, n) {
			lost = append(lost, n)
		}
	}
	for _, n := range got {
		if !in(want, n) {
			gained = append(gained, n)
		}
	}
	return lost, gained
}

// TestShortcutTable compiles every built-in and compares the mechanisms it uses and the
// shortcuts it takes with the checked-in table testdata/shortcuts.txt, one line per
// variant. A shortcut lost (a key left out of classifiedKeys makes a ruleset
// MechUnclassified and turns every shortcut off; an allow-list that shrinks) fails here,
// as does any change of mechanisms. When the change is meant, rewrite the table with
//
//	go test ./compiler -run TestShortcutTable -update
//
// and review its diff in the commit.
func TestShortcutTable(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(shortcutTableHeader)
	got := map[string]shortcutRow{}
	names := defs.Builtins()
	for _, name := range names {
		got[name] = rowOf(builtin(t, name))
		b.WriteString(got[name].line(name) + "\n")
	}
	if *updateShortcutTable {
		if err := os.MkdirAll(filepath.Dir(shortcutTableFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(shortcutTableFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d variants", shortcutTableFile, len(names))
		return
	}
	data, err := os.ReadFile(shortcutTableFile)
	if err != nil {
		t.Fatalf("%v (write it with -update)", err)
	}
	want, order := parseShortcutTable(t, string(data))
	for _, name := range order {
		if _, ok := got[name]; !ok {
			t.Errorf("%s: in %s but not a built-in (rewrite with -update)", name, shortcutTableFile)
		}
	}
	for _, name := range names {
		w, ok := want[name]
		g := got[name]
		if !ok {
			t.Errorf("%s: not in %s; now: %s (add it with -update)", name, shortcutTableFile, g.line(name))
			continue
		}
		if lost, gained := diffNames(w.shortcuts, g.shortcuts); len(lost)+len(gained) > 0 {
			msg := name + ":"
			if len(lost) > 0 {
				msg += " shortcuts lost: " + strings.Join(lost, ", ") + ";"
			}
			if len(gained) > 0 {
				msg += " shortcuts gained: " + strings.Join(gained, ", ") + ";"
			}
			t.Error(msg + " now: " + joinOrDash(g.shortcuts))
		}
		if lost, gained := diffNames(w.mechanisms, g.mechanisms); len(lost)+len(gained) > 0 {
			msg := name + ":"
			if len(gained) > 0 {
				msg += " mechanisms added: " + strings.Join(gained, ", ") + ";"
			}
			if len(lost) > 0 {
				msg += " mechanisms removed: " + strings.Join(lost, ", ") + ";"
			}
			t.Error(msg + " mechanisms now: " + joinOrDash(g.mechanisms))
		}
	}
}

// TestShortcutNames: every mechanism bit and every shortcut has a name of its own, so the
// table names each of them and reads back the same.
func TestShortcutNames(t *testing.T) {
	t.Parallel()
	if n := MechUnclassified.Len(); len(mechanismNames) != n {
		t.Errorf("%d mechanism names for %d mechanisms", len(mechanismNames), n)
	}
	seen := map[string]bool{}
	for i := 0; i < MechUnclassified.Len(); i++ {
		n := mechanismBit(i).String()
		if n == "" || strings.ContainsAny(n, " |#") || seen[n] {
			t.Errorf("mechanism bit %d: name %q empty, not one word or not unique", i, n)
		}
		seen[n] = true
	}
	if got := mechanismBit(numMechanisms).String(); got != "bit"+strconv.Itoa(numMechanisms) {
		t.Errorf("an unnamed mechanism bit reads %q", got)
	}
	seen = map[string]bool{}
	for s := Shortcut(0); s < numShortcuts; s++ {
		n := s.String()
		if n == "" || n == "-" || strings.ContainsAny(n, " |#") || seen[n] {
			t.Errorf("shortcut %d: name %q empty, not one word or not unique", s, n)
		}
		seen[n] = true
	}
}
