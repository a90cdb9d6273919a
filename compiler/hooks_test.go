// Tests of expr hooks: what compiles as a condition, and which hooks read `check`.
package compiler

import "testing"

func TestCompileHook(t *testing.T) {
	cases := []struct {
		src        string
		ok         bool
		readsCheck bool
	}{
		{"check", true, true},
		{"!check", true, true},
		{"check && ply > 2", true, true},
		{`count("Q", mover) > 0 || check`, true, true},
		{`ply > 3`, true, false},
		{`piece == "check"`, true, false}, // a string, not the variable
		{`count("Q", "white") == 0`, true, false},
		{`count("K", "black") < count("K", "white")`, true, false},
		{`mover == "white" && to == "e4" && from != to && captures > 0 && piece == "K"`, true, false},
		{"ply >", false, false},           // syntax
		{"ply + 1", false, false},         // a number, not a condition
		{`mover`, false, false},           // a string, not a condition
		{"turn > 3", false, false},        // unknown name
		{`mover > 3`, false, false},       // text compared with a number
		{`count("Q") == 1`, false, false}, // count takes a letter and a side
		{`count("Q", "white", 1) == 1`, false, false},
	}
	for i, c := range cases {
		prog, err := compileHook(c.src)
		if (err == nil) != c.ok {
			t.Errorf("#%d compileHook(%q) got error %v want ok %v", i, c.src, err, c.ok)
			continue
		}
		if err != nil {
			continue
		}
		if got := usesIdent(prog, "check"); got != c.readsCheck {
			t.Errorf("#%d usesIdent(%q, check) got %v want %v", i, c.src, got, c.readsCheck)
		}
	}
}

func TestGoalHookReadsCheck(t *testing.T) {
	rs := compileText(t, mini("{files: 4, ranks: 4}", "pieces:\n"+kingLine+
		"goals:\n  - {name: a, when: \"check && ply > 1\"}\n  - {name: b, when: \"count('K', mover) == 1\"}\n"+
		"  - {name: c, when: \"piece == 'check'\"}\n"))
	want := []bool{true, false, false}
	for i, w := range want {
		g := rs.goals[i]
		if g.Hook == nil || g.HookReadsCheck != w {
			t.Errorf("#%d goal %s got hook %v, reads check %v want hook, %v", i, g.Def.Name, g.Hook != nil, g.HookReadsCheck, w)
		}
	}
}
