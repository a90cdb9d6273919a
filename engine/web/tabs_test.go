// Tests of several tabs of the page on one server (#52 item 6): their engines do not queue behind each other, their definitions do not replace each other's.
package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestTabsThinkAtOnce: while one tab's engine thinks for 4 s, another tab's search of
// 0.5 s is answered within 2.5 s (on main it waited for the first: one search at a time).
// The first tab then goes away, which stops its search.
func TestTabsThinkAtOnce(t *testing.T) {
	_, srv := newServer(t, "chess")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	sendWith(t, ctx, cancel, "GET", srv.URL+"/api/search?variant=chess&movetime=4000", "")
	time.Sleep(300 * time.Millisecond)
	answeredWithin(t, srv.URL+"/api/search?variant=chess&movetime=500", 2500*time.Millisecond)
	if ctx.Err() != nil {
		t.Errorf("the 4 s search was answered (or timed out) before the 0.5 s one: %v", ctx.Err())
	}
}

// defineAs posts a definition from the tab of session and returns the status and the error.
func defineAs(t *testing.T, url, session, yaml string) (int, string) {
	t.Helper()
	body, _ := json.Marshal(definitionRequest{YAML: yaml})
	req, _ := http.NewRequest("POST", url+"/api/definition", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	if session != "" {
		req.Header.Set(sessionHeader, session)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out struct{ Error string }
	json.Unmarshal(data, &out)
	return resp.StatusCode, out.Error
}

// TestDefinitionsOfOtherTabs: a definition's name taken by another tab's definition is
// refused with a message that says so, unless the text is the same; the tab that wrote
// it may change it. (On main the second tab's rules silently replaced the first's.)
func TestDefinitionsOfOtherTabs(t *testing.T) {
	_, srv := newServer(t, "chess")
	mine, other := "extends: chess\nname: mine\ntitle: Mine\n", "extends: chess\nname: mine\ntitle: Theirs\n"
	if code, msg := defineAs(t, srv.URL, "tab-a", mine); code != 200 {
		t.Fatalf("tab A's definition: %d %s", code, msg)
	}
	if code, msg := defineAs(t, srv.URL, "tab-b", other); code != 400 || !strings.Contains(msg, "another tab") || !strings.Contains(msg, "mine") {
		t.Fatalf("tab B's definition of the same name: %d %q, want 400 saying another tab has it", code, msg)
	}
	var src definitionRequest
	resp, err := http.Get(srv.URL + "/api/definition?variant=mine")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&src)
	resp.Body.Close()
	if src.YAML != mine {
		t.Fatalf("the rules of mine are now %q, want tab A's", src.YAML)
	}
	if code, msg := defineAs(t, srv.URL, "tab-b", mine); code != 200 {
		t.Errorf("tab B opening tab A's definition (a shared link): %d %s", code, msg)
	}
	if code, msg := defineAs(t, srv.URL, "tab-a", other); code != 200 {
		t.Errorf("tab A changing its own definition: %d %s", code, msg)
	}
}
