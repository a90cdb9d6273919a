// The distributed recipe of docs/distributed.md, tested: each sharded command (perft, selfplay, values, match) run in shards and merged gives its unsharded output.
package cli

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestShardedCommandsMerge runs each of the four sharded commands as three shards, merges
// the files and compares the result with the unsharded run's output (perft: --divide's,
// without its timing lines). Small runs, so that it stays fast.
func TestShardedCommandsMerge(t *testing.T) {
	t.Parallel() // touches no process-wide state
	e := selfEngine(t, "uci")
	timing := regexp.MustCompile(`(?m)^(Time|Nodes/s): .*\n`)
	for _, c := range []struct {
		name  string
		whole []string // the unsharded run
		args  []string // common to both
	}{
		{"perft", []string{"--divide"}, []string{"perft", "chess", "3", "--quiet"}},
		{"selfplay", nil, []string{"selfplay", "chess", "-n", "6", "--nodes", "300", "--max-plies", "30", "--random-plies", "2", "-q", "-j", "1"}},
		{"values", nil, []string{"values", "gardner", "-n", "2", "--nodes", "200", "--max-plies", "30", "--types", "N", "-q", "-j", "1"}},
		{"match", nil, []string{"match", "chess", "--engine", e, "--engine", e, "-n", "6", "--nodes", "1000", "--nodes", "300",
			"--random-plies", "2", "--max-plies", "60", "--sprt", "elo0=0,elo1=200"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, whole, errs := run(append(append([]string(nil), c.args...), c.whole...)...)
			if code != 0 {
				t.Fatalf("unsharded: exit %d\n%s", code, errs)
			}
			whole = timing.ReplaceAllString(whole, "")
			dir := t.TempDir()
			var files []string
			for i := 0; i < 3; i++ {
				f := filepath.Join(dir, fmt.Sprintf("%s-%d.jsonl", c.name, i))
				files = append(files, f)
				if code, out, errs := run(append(append([]string(nil), c.args...), "--shard", fmt.Sprintf("%d/3", i), "--out", f)...); code != 0 || out != "" {
					t.Fatalf("shard %d: exit %d\n%s\n%s", i, code, out, errs)
				}
			}
			code, merged, errs := run(append([]string{"merge"}, files...)...)
			if code != 0 || merged != whole {
				t.Errorf("merged: exit %d (%s)\n%s\nwant (unsharded)\n%s", code, errs, merged, whole)
			}
			if lines := strings.Count(merged, "\n"); lines < 3 {
				t.Errorf("a short output:\n%s", merged)
			}
		})
	}
}
