// Long jobs keep their work: a closed terminal, an output that cannot be written, an output named twice, a full disk, two runs on one output and corrupt records to resume (#53).
package cli

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// running is chimera running as a process of its own.
type running struct {
	cmd  *exec.Cmd
	wait func() (code int, stdout, stderr string)
}

// startChimera starts this test binary as chimera (see TestMain) with args, and calls
// onLine with each line it writes on standard error. wait returns its exit status (-1
// when a signal killed it), standard output and standard error.
func startChimera(t *testing.T, onLine func(cmd *exec.Cmd, line string), args ...string) running {
	t.Helper()
	return startCommand(t, onLine, exec.Command(chimeraExe(t), args...))
}

// startCapped is startChimera with the process's memory capped at 2 GB.
func startCapped(t *testing.T, args ...string) running {
	t.Helper()
	return startCommand(t, nil, exec.Command("sh", append([]string{"-c", `ulimit -v 2000000 && exec "$0" "$@"`, chimeraExe(t)}, args...)...))
}

// chimeraExe is this test binary, which is chimera when CHIMERA_CLI_MAIN=1.
func chimeraExe(t *testing.T) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// startCommand starts cmd, chimera, as startChimera does.
func startCommand(t *testing.T, onLine func(cmd *exec.Cmd, line string), cmd *exec.Cmd) running {
	cmd.Env = append(os.Environ(), "CHIMERA_CLI_MAIN=1")
	var out bytes.Buffer
	cmd.Stdout = &out
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var errText strings.Builder
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		sc := bufio.NewScanner(errPipe)
		for sc.Scan() {
			errText.WriteString(sc.Text() + "\n")
			if onLine != nil {
				onLine(cmd, sc.Text())
			}
		}
		io.Copy(io.Discard, errPipe)
	}()
	timer := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
	return running{cmd, func() (int, string, string) {
		wg.Wait()
		cmd.Wait()
		timer.Stop()
		return cmd.ProcessState.ExitCode(), out.String(), errText.String()
	}}
}

// hangUpAfter sends SIGHUP to the command once a line of its standard error holds text.
func hangUpAfter(text string) func(*exec.Cmd, string) {
	var once sync.Once
	return func(cmd *exec.Cmd, line string) {
		if strings.Contains(line, text) {
			once.Do(func() { cmd.Process.Signal(syscall.SIGHUP) })
		}
	}
}

// TestHangUpWritesWhatFinished: SIGHUP (a closed terminal or ssh session) stops
// selfplay, values, tune and perft as SIGTERM does: what finished is written, marked
// partial, and the exit status is 129 (before, SIGHUP killed them with nothing written).
func TestHangUpWritesWhatFinished(t *testing.T) {
	t.Parallel() // touches no process-wide state
	dir := t.TempDir()
	game := []string{"gardner", "--nodes", "200", "--max-plies", "40", "--random-plies", "2", "-j", "1"}
	t.Run("selfplay", func(t *testing.T) {
		part := filepath.Join(dir, "s.jsonl")
		code, _, errs := startChimera(t, hangUpAfter("games 1/"), append([]string{"selfplay", "-n", "2000", "--shard", "0/1", "--out", part}, game...)...).wait()
		h, games, err := readRecords(part)
		if code != 129 || err != nil || len(games) == 0 || !strings.Contains(h.Partial, "interrupted (hangup)") {
			t.Errorf("exit %d, records %v, %d games, header %+v; stderr %s", code, err, len(games), h, errs)
		}
	})
	t.Run("values", func(t *testing.T) {
		code, out, errs := startChimera(t, hangUpAfter("games 1/"), append([]string{"values", "-n", "2000"}, game...)...).wait()
		if code != 129 || !strings.Contains(out, "PARTIAL: interrupted (hangup)") {
			t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errs)
		}
	})
	t.Run("tune", func(t *testing.T) {
		tuned := filepath.Join(dir, "gardner-tuned.yaml")
		code, out, errs := startChimera(t, hangUpAfter("games 1/"), append([]string{"tune", "-n", "2000", "--out", tuned, "--squares=false"}, game...)...).wait()
		if _, err := os.Stat(tuned); code != 129 || err != nil || !strings.Contains(out, "Wrote ") {
			t.Errorf("exit %d, %v\nstdout %s\nstderr %s", code, err, out, errs)
		}
	})
	t.Run("perft", func(t *testing.T) {
		code, out, errs := startChimera(t, hangUpAfter("perft depth 7"), "perft", "chess", "7", "--threads", "1").wait()
		if code != 129 || !strings.Contains(out, "Nodes searched (partial") {
			t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errs)
		}
	})
}

// TestOutputsCheckedFirst: an output that cannot be written is refused before any game
// is played or node counted (before, selfplay, values and tune played every game and
// perft counted every move, then failed with nothing written).
func TestOutputsCheckedFirst(t *testing.T) {
	nowhere := filepath.Join(t.TempDir(), "no such folder", "out")
	game := []string{"gardner", "--nodes", "200", "--max-plies", "40", "--random-plies", "2", "-j", "1"}
	for _, args := range [][]string{
		append([]string{"selfplay", "-n", "4", "--pgn", nowhere + ".pgn"}, game...),
		append([]string{"selfplay", "-n", "4", "--html", nowhere + ".html"}, game...),
		append([]string{"selfplay", "-n", "4", "--shard", "0/1", "--out", nowhere + ".jsonl"}, game...),
		append([]string{"values", "-n", "4", "--pgn", nowhere + ".pgn"}, game...),
		append([]string{"tune", "-n", "4", "--out", nowhere + ".yaml"}, game...),
		// Counted in full, this takes minutes: the test's limit would stop it.
		{"perft", "chess", "7", "--threads", "1", "--shard", "0/1", "--out", nowhere + ".jsonl"},
	} {
		start := time.Now()
		code, out, errs := startChimera(t, nil, args...).wait()
		if code != 2 || strings.Contains(errs, "games ") || !strings.Contains(errs, "no such folder") || time.Since(start) > 30*time.Second {
			t.Errorf("%v: exit %d after %v, want 2 at once\nstdout %s\nstderr %s", args, code, time.Since(start), out, errs)
		}
	}
}

// TestReportKeptWhenAFileFails: a PGN file that fails as it is written (a full disk) does
// not take the report along: it is printed, and the exit status is 1 (before, nothing).
func TestReportKeptWhenAFileFails(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	for _, cmd := range []string{"selfplay", "values"} {
		code, out, errs := run(cmd, "gardner", "-n", "2", "--nodes", "100", "-j", "1", "--max-plies", "20", "-q", "--pgn", "/dev/full")
		if code != 1 || !strings.Contains(out, "2 games") || !strings.Contains(errs, "writing /dev/full: ") {
			t.Errorf("%s: exit %d\nstdout %s\nstderr %s", cmd, code, out, errs)
		}
	}
}

// TestOutputIsNotAnInput: an output naming a file the run reads (the openings, the
// definition) is refused before anything is written, as is a file named by two outputs
// (before, --pgn equal to --openings overwrote the openings with exit 0).
func TestOutputIsNotAnInput(t *testing.T) {
	dir := t.TempDir()
	openings := filepath.Join(dir, "openings.txt")
	text := "e2e4\nd2d4\n"
	os.WriteFile(openings, []byte(text), 0o644)
	def := writeDef(t, "mine.yaml", "extends: chess\nname: mine\n")
	game := []string{"--nodes", "100", "--max-plies", "20", "-j", "1", "-q", "-n", "2"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append([]string{"selfplay", "chess", "--openings", openings, "--pgn", openings}, game...), "is also --openings"},
		{append([]string{"selfplay", "chess", "--openings", openings, "--html", openings}, game...), "is also --openings"},
		{append([]string{"selfplay", "chess", "--openings", filepath.Join(dir, ".", "openings.txt"), "--pgn", openings}, game...), "is also --openings"},
		{append([]string{"selfplay", def, "--pgn", def}, game...), "is also the variant's file"},
		{append([]string{"tune", def, "--out", def}, game...), "is also the variant's file"},
		{append([]string{"selfplay", "chess", "--pgn", filepath.Join(dir, "g"), "--html", filepath.Join(dir, "g")}, game...), "--pgn and --html both name"},
		{[]string{"match", "chess", "--engine", "no-such-engine-a", "--engine", "no-such-engine-b", "--openings", openings, "--pgn", openings}, "is also --openings"},
	} {
		code, _, errs := run(c.args...)
		data, _ := os.ReadFile(openings)
		if code != 2 || !strings.Contains(errs, c.want) || string(data) != text {
			t.Errorf("%v: exit %d, stderr %q; openings now %q", c.args, code, errs, data)
		}
		if _, err := os.Stat(filepath.Join(dir, "g")); err == nil {
			t.Errorf("%v: wrote g", c.args)
		}
	}
	if data, _ := os.ReadFile(def); string(data) != "extends: chess\nname: mine\n" {
		t.Errorf("the definition was overwritten: %q", data)
	}
	// Devices may be named twice: /dev/null discards both.
	if code, _, errs := run(append([]string{"selfplay", "chess", "--pgn", "/dev/null", "--html", "/dev/null"}, game...)...); code != 0 {
		t.Errorf("--pgn and --html /dev/null: exit %d, %s", code, errs)
	}
}

// TestOneRunPerOutput: a second run given the output a run is writing refuses to start,
// exit 2 (before, both exited 0 and one run's games were lost).
func TestOneRunPerOutput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "s.jsonl")
	game := []string{"gardner", "--nodes", "200", "--max-plies", "40", "--random-plies", "2", "-j", "1", "--shard", "0/1"}
	started := make(chan struct{})
	var once sync.Once
	first := startChimera(t, func(cmd *exec.Cmd, line string) {
		if strings.Contains(line, "games 1/") {
			once.Do(func() { close(started) })
		}
	}, append([]string{"selfplay", "-n", "2000", "--out", out, "--seed", "1"}, game...)...)
	<-started
	code, _, errs := run(append([]string{"selfplay", "-n", "2", "-q", "--out", out, "--seed", "2"}, game...)...)
	if code != 2 || !strings.Contains(errs, "another run is writing it") {
		t.Errorf("the second run: exit %d, stderr %q", code, errs)
	}
	// The first run keeps its games: stopped, it writes them.
	first.cmd.Process.Signal(syscall.SIGTERM)
	code, _, errs = first.wait()
	h, games, err := readRecords(out)
	if code != 143 || err != nil || h.Seed != 1 || len(games) == 0 {
		t.Errorf("the first run: exit %d, %v, seed %d, %d games; %s", code, err, h.Seed, len(games), errs)
	}
	if _, err := os.Stat(out + ".part"); err == nil {
		t.Errorf("%s.part left behind", out)
	}
	// Once it is done, the path is free.
	if code, _, errs := run(append([]string{"selfplay", "-n", "2", "-q", "--out", out, "--seed", "2"}, game...)...); code != 0 {
		t.Errorf("a run after: exit %d, %s", code, errs)
	}
}

// roomWriter writes to w until room bytes are written, then fails as a full disk does.
type roomWriter struct {
	w    io.Writer
	room int
}

func (r *roomWriter) Write(b []byte) (int, error) {
	if len(b) > r.room {
		n, _ := r.w.Write(b[:r.room])
		r.room = 0
		return n, syscall.ENOSPC
	}
	r.room -= len(b)
	return r.w.Write(b)
}

// nearlyFullFolder returns a folder with about room bytes free: a tmpfs mounted for the
// test and filled, where the test may mount one (as root); otherwise a temporary folder
// whose outputs are written through a roomWriter (the writer's failure is a full disk's).
func nearlyFullFolder(t *testing.T, room int) (dir string, how string) {
	t.Helper()
	dir = t.TempDir()
	if err := exec.Command("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", dir).Run(); err != nil {
		old := wrapOutput
		wrapOutput = func(f *os.File) io.Writer { return &roomWriter{f, room} }
		t.Cleanup(func() { wrapOutput = old })
		return dir, "an injected writer"
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 1024)
	size := 0
	for {
		n, err := f.Write(chunk)
		size += n
		if err != nil {
			break
		}
	}
	if err := f.Truncate(int64(max(size-room, 0))); err != nil {
		t.Fatal(err)
	}
	return dir, "a tmpfs"
}

// TestFullDiskKeepsTheFile: an output that does not fit leaves what the path held, and no
// temporary file (before, the records were cut mid-line, and --resume refused them).
func TestFullDiskKeepsTheFile(t *testing.T) {
	t.Parallel() // touches no process-wide state
	game := []string{"gardner", "--nodes", "200", "--max-plies", "40", "--random-plies", "2", "-j", "1", "-q", "--shard", "0/1"}
	code, before, errs := run(append([]string{"selfplay", "-n", "2"}, game...)...)
	if code != 0 {
		t.Fatalf("selfplay: exit %d, %s", code, errs)
	}
	dir, how := nearlyFullFolder(t, 8<<10)
	t.Logf("the disk is full by %s", how)
	path := filepath.Join(dir, "s.jsonl")
	if err := os.WriteFile(path, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = run(append([]string{"selfplay", "-n", "60", "--out", path}, game...)...)
	after, _ := os.ReadFile(path)
	if code != 1 || !strings.Contains(errs, "no space left on device") || string(after) != before {
		t.Errorf("on a full disk (%s): exit %d, stderr %q; the file now holds %d bytes, %d before", how, code, errs, len(after), len(before))
	}
	if _, err := os.Stat(path + ".part"); err == nil {
		t.Errorf("%s.part left behind", path)
	}
}

// TestResumeCheckedAsMerge: --resume keeps the complete lines of records cut short (the
// game of the cut line is played again, and the run merges to the whole run's report),
// and refuses a record merge refuses, with its file and line (before, a cut file was
// refused, and an edited game was kept).
func TestResumeCheckedAsMerge(t *testing.T) {
	dir := t.TempDir()
	common := []string{"gardner", "-n", "6", "--nodes", "300", "--max-plies", "40", "--random-plies", "2", "--seed", "3", "-q", "-j", "1", "--shard", "0/1"}
	full := filepath.Join(dir, "full.jsonl")
	if code, _, errs := run(append([]string{"selfplay", "--out", full}, common...)...); code != 0 {
		t.Fatalf("selfplay: exit %d, %s", code, errs)
	}
	_, whole, _ := run("merge", full)
	data, _ := os.ReadFile(full)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	t.Run("cut short", func(t *testing.T) {
		// Cut in the middle of the fourth game's line.
		cut := filepath.Join(dir, "cut.jsonl")
		text := strings.Join(lines[:4], "\n") + "\n" + lines[4][:len(lines[4])/2]
		os.WriteFile(cut, []byte(text), 0o644)
		resumed := filepath.Join(dir, "resumed.jsonl")
		code, _, errs := run(append([]string{"selfplay", "--resume", cut, "--out", resumed}, common...)...)
		if code != 0 || !strings.Contains(errs, "line 5 is cut short") || !strings.Contains(errs, "3 of 6 games kept, 3 to play") {
			t.Fatalf("--resume of a cut file: exit %d, %s", code, errs)
		}
		if code, merged, errs := run("merge", resumed); code != 0 || merged != whole {
			t.Errorf("the resumed run merged: exit %d (%s)\n%s\nwant\n%s", code, errs, merged, whole)
		}
		// A line that does not read, and is not the cut end, is an error.
		os.WriteFile(cut, []byte(text+"\n"), 0o644)
		if code, _, errs := run(append([]string{"selfplay", "--resume", cut}, common...)...); code != 2 || !strings.Contains(errs, "cut.jsonl:5") {
			t.Errorf("a bad line ending with a newline: exit %d, %s", code, errs)
		}
	})
	t.Run("as merge", func(t *testing.T) {
		// Records merge refuses are refused.
		flip := strings.NewReplacer(`"result":"1-0"`, `"result":"0-1"`, `"result":"0-1"`, `"result":"1-0"`, `"result":"1/2-1/2"`, `"result":"1-0"`)
		for _, c := range []struct{ name, line, want string }{
			{"an edited result", flip.Replace(lines[2]), "bad.jsonl:3: game 1: "},
			{"a game twice", lines[2] + "\n" + lines[2], "bad.jsonl:4: game 1 again"},
		} {
			bad := filepath.Join(dir, "bad.jsonl")
			os.WriteFile(bad, []byte(strings.Join(append(append(append([]string{}, lines[:2]...), c.line), lines[3:]...), "\n")+"\n"), 0o644)
			if code, _, errs := run("merge", bad); code != 2 {
				t.Errorf("%s: merge exits %d, %s", c.name, code, errs)
			}
			if code, _, errs := run(append([]string{"selfplay", "--resume", bad}, common...)...); code != 2 || !strings.Contains(errs, c.want) {
				t.Errorf("%s: --resume exits %d, stderr %q; want 2 and %q", c.name, code, errs, c.want)
			}
		}
	})
}

// TestEndlessInputsRefused: a device or a pipe given as --openings (selfplay, tune,
// match) or as the variants file to import is refused as not a regular file, as a
// definition is (before, /dev/zero was read until the process died for want of memory).
// The commands run with their memory capped at 2 GB, so that the test cannot take the
// machine's.
func TestEndlessInputsRefused(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	ini := filepath.Join(t.TempDir(), "zero.ini")
	if err := os.Symlink("/dev/zero", ini); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"selfplay", "chess", "--openings", "/dev/zero", "-n", "2"},
		{"tune", "chess", "--openings", "/dev/zero", "-n", "2"},
		{"match", "chess", "--engine", "no-such-engine", "--engine", "no-such-engine", "--openings", "/dev/zero"},
		{"import", ini},
	} {
		code, out, errs := startCapped(t, args...).wait()
		if code != 2 || !strings.Contains(errs, "not a regular file") {
			t.Errorf("%v: exit %d\nstdout %s\nstderr %.500s", args, code, out, errs)
		}
	}
}
