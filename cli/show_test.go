// Tests of show --svg: the picture written to a file, and the errors of its flags.

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSVGFileAndErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "koopa.svg")
	if code, out, errs := run("show", "koopa", "--svg", file); code != 0 || out != "" || errs != "" {
		t.Fatalf("exit %d, %q, %q", code, out, errs)
	}
	data, err := os.ReadFile(file)
	if err != nil || !strings.HasPrefix(string(data), "<?xml") {
		t.Fatalf("%v %q", err, data)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"show", "chess", "--moves", "e4"}, "give --svg FILE too"},
		{[]string{"show", "chess", "--svg", "-", "--moves", "e4 e4"}, "1... e4: illegal move"},
		{[]string{"show", "chess", "--svg", filepath.Join(file, "x", "y.svg")}, "chimera show: "},
	} {
		code, _, errs := run(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}
