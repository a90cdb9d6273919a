// The JavaScript API (chimera.js over chimera-api.wasm) against ffish.js, Fairy-Stockfish's JavaScript build, under Node.
package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ffishDir finds npm ffish as the cross-checks of engine/perft do: $CHIMERA_FFISH holds
// node_modules/ffish (.ci/run installs it; npm install --prefix DIR ffish@0.7.10). Without
// it the test is skipped, unless CI=true.
func ffishDir(t *testing.T) (node, dir string) {
	t.Helper()
	missing := func(msg string) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s; it is needed for the ffish cross-check and CI=true", msg)
		}
		t.Skipf("%s; ffish cross-check skipped (npm install --prefix DIR ffish@0.7.10, then CHIMERA_FFISH=DIR)", msg)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not installed")
	}
	dir = os.Getenv("CHIMERA_FFISH")
	if dir == "" {
		missing("CHIMERA_FFISH is not set")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ffish", "package.json")); err != nil {
		missing("CHIMERA_FFISH=" + dir + " holds no ffish")
	}
	return node, dir
}

// TestJSAPIAgainstFfish plays the same random games on chimera.js boards and ffish.js
// boards, side by side, and compares every call's answer at every position
// (testdata/jsapi/ffish_compare.js: legal moves, SAN and the other notations, FEN,
// isCapture, checkedPieces, isBikjang, results, pockets...), for built-in variants and for
// the sections of a variants.ini both load with loadVariantConfig; then the module's
// functions (validateFen's codes, readGamePGN, variationSan, pushSan in each notation,
// startingFen, new Board() as chess), bad input to every call, which must throw an Error
// and leave the process running, and boards dropped without delete() freed when collected
// (testdata/jsapi/api_compare.js).
func TestJSAPIAgainstFfish(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly modules (about 40 s the first time) and plays games under Node")
	}
	node, ffish := ffishDir(t)
	dir := t.TempDir()
	var out, errOut strings.Builder
	if code := Main([]string{"web", "--out", dir}, &out, &errOut); code != exitOK {
		t.Fatalf("chimera web: exit %d: %s", code, errOut.String())
	}
	run := func(script string, args ...string) string {
		t.Helper()
		cmd := exec.Command(node, append([]string{"--expose-gc", filepath.Join("testdata", "jsapi", script), dir, ffish}, args...)...)
		var stdout strings.Builder
		cmd.Stdout = &stdout
		cmd.Stderr = new(strings.Builder) // ffish writes its complaints there
		if err := cmd.Run(); err != nil {
			t.Fatalf("node %s: %v\n%s\n%s", script, err, stdout.String(), cmd.Stderr)
		}
		return stdout.String()
	}
	compared := regexp.MustCompile(`compared (\d+) positions, (\d+) calls, (\d+) differences`)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"built-ins", []string{"3", "60", "1", "chess", "crazyhouse", "shogi", "xiangqi", "atomic", "janggi", "kingofthehill", "makruk", "racingkings", "horde", "chess960"}},
		{"variants.ini", []string{"2", "40", "1", "--ini", filepath.Join("..", "testdata", "ini", "basic.ini"), "minichess", "nocastle-plus", "wide-drops", "flags", "cannons"}},
		{"variants.ini goals", []string{"2", "40", "1", "--ini", filepath.Join("..", "testdata", "ini", "goals.ini"), "kingless", "threechecks", "regions", "allgone"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := run("ffish_compare.js", tc.args...)
			m := compared.FindStringSubmatch(res)
			if m == nil {
				t.Fatalf("no summary line:\n%s", res)
			}
			positions, _ := strconv.Atoi(m[1])
			if positions < 100 || m[3] != "0" {
				t.Fatalf("%s positions, %s calls, %s differences:\n%s", m[1], m[2], m[3], res)
			}
			t.Logf("%s positions, %s calls compared with ffish, no difference", m[1], m[2])
		})
	}
	t.Run("module and bad input", func(t *testing.T) {
		if res := run("api_compare.js"); !strings.Contains(res, "all checks passed") {
			t.Fatalf("%s", res)
		}
	})
}

// TestJSAPIModuleLeavesOutThePage: chimera-api.wasm, the module chimera.js loads, is built
// from cli/jsapi, which links none of the page's server: no net/http (nor crypto, which it
// brings), no engine/web, no search. (On main chimera.js loaded the page's module, all of
// them in it, and paid their start-up: BENCHMARKS.md.)
func TestJSAPIModuleLeavesOutThePage(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	cmd := exec.Command(goTool, "list", "-deps", "chimera/cli/jsapi")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps chimera/cli/jsapi: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "chimera/engine/jsapi") {
		t.Fatalf("cli/jsapi does not link engine/jsapi: %q", deps)
	}
	for _, d := range deps {
		if d == "net/http" || strings.HasPrefix(d, "crypto/") || d == "chimera/engine/web" || d == "chimera/engine/search" {
			t.Errorf("the JavaScript API's module links %s", d)
		}
	}
}
