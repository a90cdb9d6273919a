// Finding a reference program (Fairy-Stockfish) for cross-checks: skipped when absent, a failure under CI=true.
package perft_test

import (
	"os"
	"os/exec"
	"testing"
)

// referenceProgram returns the path of the program name, looked up on PATH and then in
// /usr/games (where Debian installs it, often outside root's PATH). When it is
// missing the test is skipped, unless the environment variable CI is "true": CI installs
// the reference programs, so there a missing one is a broken setup and the test fails.
func referenceProgram(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if path, err2 := exec.LookPath("/usr/games/" + name); err2 == nil {
		return path
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is needed for this cross-check and CI=true: %v (Debian installs it in /usr/games)", name, err)
	}
	t.Skipf("%s not found, cross-check skipped: %v (Debian installs it in /usr/games; add that to PATH)", name, err)
	return ""
}
