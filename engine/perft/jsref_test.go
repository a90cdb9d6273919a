// The rules libraries the cross-checks run under Node (chessops, shogiops): finding an installation, and running a script against it.
package perft_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// jsLibrary is a Node script (script) that runs the npm package name installed in dir.
type jsLibrary struct {
	name, script, node, dir string
}

// findJSLibrary finds Node and the installation of the npm package name that the
// environment variable env names (a directory whose node_modules holds it, as `npm install
// --prefix DIR name` leaves it). Without them the test is skipped, and fails when CI=true:
// CI installs both.
func findJSLibrary(t *testing.T, name, env, script string) jsLibrary {
	t.Helper()
	missing := func(format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf(format, args...)
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s; it is needed for the %s cross-check and CI=true", msg, name)
		}
		t.Skipf("%s; %s cross-check skipped (npm install --prefix DIR %s, then %s=DIR)", msg, name, name, env)
	}
	dir := os.Getenv(env)
	if dir == "" {
		missing("%s is not set", env)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", name, "package.json")); err != nil {
		missing("%s=%s holds no %s: %v", env, dir, name, err)
	}
	return jsLibrary{name: name, script: script, node: referenceProgram(t, "node"), dir: dir}
}

// run runs the script with args and stdin (the library's directory passed as --NAME DIR),
// returning its standard output.
func (l jsLibrary) run(stdin string, args ...string) ([]byte, error) {
	cmd := exec.Command(l.node, append([]string{l.script, "--" + l.name, l.dir}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node %s %s: %v\n%s", l.script, strings.Join(args, " "), err, stderr.String())
	}
	return out, nil
}
