// Tests of a run's batch: its shard's games, the games of an interrupted run resumed and
// checked as a merge checks them, and the two put back together in order.
package selfplay_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"chimera/engine/records"
	"chimera/engine/selfplay"
)

func indices(specs []selfplay.Spec) []int {
	var out []int
	for _, s := range specs {
		out = append(out, s.Index)
	}
	return out
}

func gameIndices(games []selfplay.Game) []int {
	var out []int
	for _, g := range games {
		out = append(out, g.Index)
	}
	return out
}

func TestBatchResume(t *testing.T) {
	rs := open(t, "gardner")
	specs := selfplay.Specs(8, []selfplay.Start{{FEN: rs.SetupAt(0).FEN}}, 2, 7)
	h := selfplay.Header{Chimera: "selfplay", Variant: "gardner", Games: 8, Seed: 7, MaxPlies: smallOpt.MaxPlies}
	whole := selfplay.NewBatch(h, specs, 0, 0)
	if whole.Header.Shard != "" || !reflect.DeepEqual(indices(whole.Todo), []int{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Fatalf("the whole run: shard %q, todo %v", whole.Header.Shard, indices(whole.Todo))
	}
	// Shard 1 of 2 holds the pairs k with k mod 2 = 1: games 2, 3, 6 and 7.
	b := selfplay.NewBatch(h, specs, 1, 2)
	if b.Header.Shard != "1/2" || !reflect.DeepEqual(indices(b.Specs), []int{2, 3, 6, 7}) {
		t.Fatalf("shard %q, specs %v", b.Header.Shard, indices(b.Specs))
	}
	// An interrupted run of the shard wrote games 6 and 3 (in that order) and stopped.
	games, err := selfplay.Run(rs, []selfplay.Spec{specs[6], specs[3], specs[0]}, smallOpt, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	played, game0 := games[:2], games[2]
	file := func(hd selfplay.Header, games ...selfplay.Game) *selfplay.Records {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := records.Write(f, hd, games); err != nil {
			t.Fatal(err)
		}
		f.Close()
		recs, err := selfplay.ReadRecords(path, true)
		if err != nil {
			t.Fatal(err)
		}
		return recs
	}
	if err := b.Resume(rs, file(b.Header, played...), "r.jsonl"); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gameIndices(b.Kept), []int{6, 3}) || !reflect.DeepEqual(indices(b.Todo), []int{2, 7}) {
		t.Fatalf("kept %v, todo %v", gameIndices(b.Kept), indices(b.Todo))
	}
	// The rest, played and put back: in order, and marked partial only when stopped.
	rest, err := selfplay.Run(rs, b.Todo[:1], smallOpt, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Finish(rest, "terminated")
	if !reflect.DeepEqual(gameIndices(b.Games), []int{2, 3, 6}) || !reflect.DeepEqual(gameIndices(b.Played), []int{2}) ||
		b.Header.Partial != "interrupted (terminated) after 3 of 4 games" {
		t.Fatalf("games %v, played %v, partial %q", gameIndices(b.Games), gameIndices(b.Played), b.Header.Partial)
	}
	done := selfplay.NewBatch(h, specs, 1, 2)
	done.Finish(played, "")
	if done.Header.Partial != "" || !reflect.DeepEqual(gameIndices(done.Games), []int{6, 3}) {
		t.Fatalf("a run not stopped: partial %q, games %v", done.Header.Partial, gameIndices(done.Games))
	}

	// Records a merge would refuse are refused, with the file and line.
	edited := played[0]
	edited.Result = map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}[edited.Result]
	other := b.Header
	other.Seed = 8
	otherShard := b.Header
	otherShard.Shard = "0/2"
	for _, c := range []struct {
		name string
		recs *selfplay.Records
		want string
	}{
		{"another run", file(other, played...), "r.jsonl: its records come from another run or shard"},
		{"another shard", file(otherShard), "r.jsonl: its records come from another run or shard"},
		{"a game twice", file(b.Header, played[0], played[1], played[0]), "r.jsonl:4: game 6 again (first at r.jsonl:2)"},
		{"a game of another shard", file(b.Header, game0), "r.jsonl:2: game number 0 is not a game of this run's shard 1/2"},
		{"an edited result", file(b.Header, edited), "r.jsonl:2: game 6: "},
	} {
		nb := selfplay.NewBatch(h, specs, 1, 2)
		err := nb.Resume(rs, c.recs, "r.jsonl")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
