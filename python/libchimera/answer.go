// Answers as JSON: a call's value, or its error with the Python exception to raise; a panic recovered into an error.

package main

import (
	"encoding/json"
	"errors"
	"fmt"
)

// answerJSON is an answer: OK's value, or Error with the Python exception Type to raise.
type answerJSON struct {
	OK    any    `json:"ok,omitempty"`
	Error string `json:"error,omitempty"`
	Type  string `json:"type,omitempty"`
}

// answerOf runs f and writes its value or error as JSON. Bad input is a ValueError, a
// take-back at the start an IndexError; anything else, a panic included (none may cross
// into C), a RuntimeError.
func answerOf(f func() (any, error)) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = encode(nil, fmt.Errorf("chimera: internal error: %v", r))
		}
	}()
	return encode(f())
}

func encode(v any, err error) string {
	a := answerJSON{OK: v}
	if v == nil {
		a.OK = json.RawMessage("null")
	}
	if err != nil {
		a = answerJSON{Error: err.Error(), Type: "RuntimeError"}
		var in *inputError
		var empty *emptyError
		switch {
		case errors.As(err, &in):
			a.Type = "ValueError"
		case errors.As(err, &empty):
			a.Type = "IndexError"
		}
	}
	b, jerr := json.Marshal(a)
	if jerr != nil {
		b, _ = json.Marshal(answerJSON{Error: "chimera: " + jerr.Error(), Type: "RuntimeError"})
	}
	return string(b)
}
