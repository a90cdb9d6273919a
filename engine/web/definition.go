// Definitions written in the page: checked with positioned errors, compiled and served at once; the YAML of a served variant.

package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"slices"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// maxUserVariants bounds the definitions kept from the page; the oldest goes first.
const maxUserVariants = 32

// editorFile names a definition written in the page in its errors. Its directory does
// not exist, so that `extends:` reaches only the built-in variants, never a file of the
// machine serving the page.
const editorFile = "(page)/definition.yaml"

// definitionRequest is a definition's YAML.
type definitionRequest struct {
	YAML string `json:"yaml"`
}

// errorJSON is one positioned error of a definition.
type errorJSON struct {
	File    string `json:"file"` // "" for the definition sent; else the built-in it extends
	Line    int    `json:"line"`
	Col     int    `json:"col"` // 0 when unknown (YAML syntax errors)
	Message string `json:"message"`
}

// define answers POST /api/definition: the variant described, now served, or HTTP 400
// with {"error", "errors": [{"line", "col", "message"}]}.
func (s *Server) define(w http.ResponseWriter, r *http.Request) {
	_, done, ok := s.replayTurn(w, r) // compiled as replays run: as many at a time
	if !ok {
		return
	}
	defer done()
	var req definitionRequest
	if err := decode(w, r, &req); err != nil {
		badRequest(w, err)
		return
	}
	def, err := defs.Parse(editorFile, []byte(req.YAML))
	if err == nil {
		rs, berr := interpreter.Build(def)
		if berr == nil {
			if err := s.addUser(req.YAML, rs, session(r)); err != nil {
				badRequest(w, err)
				return
			}
			writeJSON(w, describeVariant(rs))
			return
		}
		err = berr
	}
	var list defs.ErrorList
	if !errors.As(err, &list) {
		badRequest(w, err)
		return
	}
	out := []errorJSON{}
	for _, e := range list {
		file := e.File
		if file == editorFile {
			file = ""
		}
		out = append(out, errorJSON{File: file, Line: e.Line, Col: e.Col, Message: e.Msg})
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	json.NewEncoder(w).Encode(map[string]any{"error": "the definition has errors:\n" + list.Error(), "errors": out})
}

// sessionHeader names the page's tab that sends a request (a random key the tab keeps
// while it is open): a definition of the page belongs to the tab that wrote it.
const sessionHeader = "X-Chimera-Session"

// session is the tab a request comes from, "" when it does not say (a tool such as curl).
func session(r *http.Request) string {
	return r.Header.Get(sessionHeader)
}

// addUser serves a definition from the page for the tab of session, replacing an
// earlier one of its name from that tab; a definition of the name from another tab is
// kept, and this one refused, unless they are the same text. Past maxUserVariants the
// oldest is forgotten.
func (s *Server) addUser(yaml string, rs *compiler.Ruleset, session string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	name := rs.Name
	_, served := s.rulesets[name]
	if _, builtin := s.pending[name]; builtin || served {
		text, mine := s.user[name]
		if !mine {
			return fmt.Errorf("name: %s is a variant this server plays already: give yours another name", defs.Quote(name))
		}
		if s.owner[name] != session {
			if text == yaml {
				return nil // the same rules, served already (a link to them): still the writer's
			}
			return fmt.Errorf("name: %s is the name of another definition, written in another tab of this server's page: give yours another name", defs.Quote(name))
		}
		s.userOrder = slices.DeleteFunc(s.userOrder, func(n string) bool { return n == name })
	} else {
		s.names = append(s.names, name)
	}
	s.rulesets[name], s.user[name], s.owner[name] = rs, yaml, session
	s.userOrder = append(s.userOrder, name)
	if len(s.userOrder) > maxUserVariants {
		old := s.userOrder[0]
		s.userOrder = s.userOrder[1:]
		delete(s.rulesets, old)
		delete(s.user, old)
		delete(s.owner, old)
		s.names = slices.DeleteFunc(s.names, func(n string) bool { return n == old })
	}
	return nil
}

// source answers GET /api/definition?variant=NAME: the YAML of a built-in variant or of
// a definition written in the page, as text.
func (s *Server) source(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("variant")
	text, file, ok, err := s.served(name)
	if err != nil {
		badRequest(w, err)
		return
	}
	if !ok {
		// A built-in (defs.Load names its file defs/NAME.yaml), or a file named on the
		// command line.
		b, builtin := defs.BuiltinSource(name)
		if !builtin || file != "defs/"+name+".yaml" {
			var err error
			if b, err = os.ReadFile(file); err != nil {
				badRequest(w, fmt.Errorf("the definition of %s: %v", defs.Quote(name), err))
				return
			}
		}
		text = string(b)
	}
	writeJSON(w, definitionRequest{YAML: text})
}

// served looks up a variant under one lock, as another request may evict a definition
// of the page at any time: its text if the page wrote it (ok), else the file it was
// loaded from.
func (s *Server) served(name string) (text, file string, ok bool, err error) {
	if _, err := s.ruleset(name); err != nil { // compiled if it was not yet
		return "", "", false, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	rs, found := s.rulesets[name]
	if !found {
		return "", "", false, s.unknown(name)
	}
	text, ok = s.user[name]
	return text, rs.Def.File, ok, nil
}
