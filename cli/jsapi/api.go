// The JavaScript API's functions (chimera.js): engine/jsapi's module and boards bound to JavaScript, each board kept here between calls by a handle.
//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"syscall/js"

	"chimera/defs"
	"chimera/engine/jsapi"
)

// maxHandles bounds the boards and games alive at once (chimera.js frees them with
// delete(), and when JavaScript collects them).
const maxHandles = 20_000

// api holds the module and the boards and games by handle.
type api struct {
	m      *jsapi.Module
	boards map[int]*jsapi.Board
	games  map[int]*jsapi.Game
	next   int
	errCtr js.Value
}

// argError is a call's bad argument.
type argError struct{ msg string }

func (e *argError) Error() string { return e.msg }

// args reads a call's arguments by type, the first bad one kept as err.
type args struct {
	name string
	v    []js.Value
	err  error
}

func (a *args) bad(i int, what string) {
	if a.err == nil {
		got := "nothing"
		if i < len(a.v) {
			got = a.v[i].Type().String()
		}
		a.err = &argError{fmt.Sprintf("%s: argument %d must be %s, got %s", a.name, i+1, what, got)}
	}
}

// str is argument i, a string; optional ones may be left out or undefined (def).
func (a *args) str(i int, optional bool, def string) string {
	if i >= len(a.v) || a.v[i].IsUndefined() {
		if !optional {
			a.bad(i, "a string")
		}
		return def
	}
	if a.v[i].Type() != js.TypeString {
		a.bad(i, "a string")
		return def
	}
	return a.v[i].String()
}

func (a *args) boolean(i int, def bool) bool {
	if i >= len(a.v) || a.v[i].IsUndefined() {
		return def
	}
	if a.v[i].Type() != js.TypeBoolean {
		a.bad(i, "a boolean")
		return def
	}
	return a.v[i].Bool()
}

func (a *args) integer(i int, optional bool, def int) int {
	if i >= len(a.v) || a.v[i].IsUndefined() {
		if !optional {
			a.bad(i, "a number")
		}
		return def
	}
	if a.v[i].Type() != js.TypeNumber {
		a.bad(i, "a number")
		return def
	}
	f := a.v[i].Float()
	if f != float64(int(f)) {
		a.bad(i, "a whole number")
		return def
	}
	return int(f)
}

// notation is an optional Notation argument (a number of the enum), DEFAULT when left out.
func (a *args) notation(i int) jsapi.Notation {
	return jsapi.Notation(a.integer(i, true, int(jsapi.NotationDefault)))
}

// jsError makes a JavaScript Error of err, with its positioned errors (errors: [{file,
// line, col, message}]) and, for a variants.ini, the sections loaded (loaded).
func (p *api) jsError(err error) js.Value {
	e := p.errCtr.New(err.Error())
	var list defs.ErrorList
	var cerr *jsapi.ConfigError
	switch {
	case errors.As(err, &cerr):
		e.Set("loaded", strings.Join(cerr.Loaded, " "))
		e.Set("sections", strings.Join(cerr.Sections, " "))
	case errors.As(err, &list):
		out := make([]any, len(list))
		for i, x := range list {
			file := x.File
			if file == userFile {
				file = ""
			}
			out[i] = map[string]any{"file": file, "line": x.Line, "col": x.Col, "message": x.Msg}
		}
		e.Set("errors", out)
	}
	return e
}

// userFile names the text of loadVariant in its errors.
const userFile = "(loadVariant)"

// fn binds f: its error becomes a returned Error object (chimera.js throws it), and a
// panic too, so that no input ends the program.
func (p *api) fn(name string, f func(a *args) (any, error)) js.Func {
	return js.FuncOf(func(this js.Value, v []js.Value) (out any) {
		defer func() {
			if r := recover(); r != nil {
				out = p.errCtr.New(fmt.Sprintf("%s: internal error: %v", name, r))
			}
		}()
		a := &args{name: name, v: v}
		res, err := f(a)
		if a.err != nil {
			return p.jsError(a.err)
		}
		if err != nil {
			return p.jsError(err)
		}
		return res
	})
}

func (p *api) handle() (int, error) {
	if len(p.boards)+len(p.games) >= maxHandles {
		return 0, fmt.Errorf("%d boards and games are alive, the limit: delete() those no longer used", maxHandles)
	}
	p.next++
	return p.next, nil
}

// bind sets the global chimeraAPI: the module's functions, newBoard and board (a
// board's methods by name), readGamePGN and game, and free.
func bind() {
	p := &api{m: jsapi.NewModule(), boards: map[int]*jsapi.Board{}, games: map[int]*jsapi.Game{}, errCtr: js.Global().Get("Error")}
	o := js.Global().Get("Object").New()
	set := func(name string, f func(a *args) (any, error)) { o.Set(name, p.fn(name, f)) }
	set("variants", func(a *args) (any, error) { return p.m.Variants(), nil })
	set("info", func(a *args) (any, error) {
		return "Chimera, the rules and engine compiled to WebAssembly (" + runtime.Version() + ")", nil
	})
	set("loadVariant", func(a *args) (any, error) {
		yaml := a.str(0, false, "")
		if a.err != nil {
			return nil, nil
		}
		return p.m.LoadVariant(userFile, yaml)
	})
	set("loadVariantConfig", func(a *args) (any, error) {
		ini := a.str(0, false, "")
		if a.err != nil {
			return nil, nil
		}
		names, err := p.m.LoadVariantConfig(ini)
		return strings.Join(names, " "), err
	})
	set("variantYAML", func(a *args) (any, error) {
		name := a.str(0, false, "")
		if a.err != nil {
			return nil, nil
		}
		return p.m.VariantYAML(name)
	})
	set("startingFen", func(a *args) (any, error) {
		name := a.str(0, false, "")
		if a.err != nil {
			return nil, nil
		}
		return p.m.StartingFEN(name)
	})
	set("capturesToHand", func(a *args) (any, error) {
		name := a.str(0, false, "")
		if a.err != nil {
			return nil, nil
		}
		return p.m.CapturesToHand(name)
	})
	set("validateFen", func(a *args) (any, error) {
		fen, name := a.str(0, false, ""), a.str(1, false, "")
		a.boolean(2, false)
		if a.err != nil {
			return nil, nil
		}
		return p.m.ValidateFEN(fen, name)
	})
	set("newBoard", func(a *args) (any, error) {
		name, fen, is960 := a.str(0, false, ""), a.str(1, true, ""), a.boolean(2, false)
		if a.err != nil {
			return nil, nil
		}
		h, err := p.handle()
		if err != nil {
			return nil, err
		}
		b, err := p.m.NewBoard(name, fen, is960)
		if err != nil {
			return nil, err
		}
		p.boards[h] = b
		return h, nil
	})
	set("readGamePGN", func(a *args) (any, error) {
		text, fallback := a.str(0, false, ""), a.str(1, false, "")
		if a.err != nil {
			return nil, nil
		}
		h, err := p.handle()
		if err != nil {
			return nil, err
		}
		g, err := p.m.ReadGamePGN(text, fallback)
		if err != nil {
			return nil, err
		}
		p.games[h] = g
		return h, nil
	})
	set("free", func(a *args) (any, error) {
		h := a.integer(0, false, 0)
		if b := p.boards[h]; b != nil {
			b.Close()
		}
		if g := p.games[h]; g != nil {
			g.Close()
		}
		delete(p.boards, h)
		delete(p.games, h)
		return nil, nil
	})
	set("game", func(a *args) (any, error) {
		g, op := p.games[a.integer(0, false, 0)], a.str(1, false, "")
		if a.err != nil {
			return nil, nil
		}
		if g == nil {
			return nil, errors.New("the game has been deleted")
		}
		a.name = op
		a.v = a.v[2:]
		switch op {
		case "headerKeys":
			return g.HeaderKeys(), nil
		case "headers":
			return g.Header(a.str(0, false, "")), nil
		case "mainlineMoves":
			return g.MainlineMoves(), nil
		}
		return nil, fmt.Errorf("no game method %s", op)
	})
	set("board", func(a *args) (any, error) {
		b, op := p.boards[a.integer(0, false, 0)], a.str(1, false, "")
		if a.err != nil {
			return nil, nil
		}
		if b == nil {
			return nil, errors.New("the board has been deleted")
		}
		a.name = op
		a.v = a.v[2:]
		return boardCall(b, op, a)
	})
	js.Global().Set("chimeraAPI", o)
}

// boardCall runs a board's method op with its arguments (a.err set on a bad one).
func boardCall(b *jsapi.Board, op string, a *args) (any, error) {
	switch op {
	case "legalMoves":
		return b.LegalMoves(), nil
	case "legalMovesSan":
		n := a.notation(0)
		if a.err != nil {
			return nil, nil
		}
		return b.LegalMovesSAN(n)
	case "numberLegalMoves":
		return b.NumberLegalMoves(), nil
	case "push":
		m := a.str(0, false, "")
		if a.err != nil {
			return nil, nil
		}
		return b.Push(m)
	case "pushSan":
		m, n := a.str(0, false, ""), a.notation(1)
		if a.err != nil {
			return nil, nil
		}
		return b.PushSAN(m, n)
	case "pushMoves":
		m := a.str(0, false, "")
		if a.err != nil {
			return nil, nil
		}
		return nil, b.PushMoves(m)
	case "pushSanMoves":
		m, n := a.str(0, false, ""), a.notation(1)
		if a.err != nil {
			return nil, nil
		}
		return nil, b.PushSANMoves(m, n)
	case "pop":
		return b.Pop()
	case "reset":
		return nil, b.Reset()
	case "fen":
		a.boolean(0, false)
		a.integer(1, true, 0)
		return b.FEN(), nil
	case "setFen":
		f := a.str(0, false, "")
		if a.err != nil {
			return nil, nil
		}
		return nil, b.SetFEN(f)
	case "sanMove":
		m, n := a.str(0, false, ""), a.notation(1)
		if a.err != nil {
			return nil, nil
		}
		return b.SANMove(m, n)
	case "variationSan":
		m, n, numbers := a.str(0, false, ""), a.notation(1), a.boolean(2, true)
		if a.err != nil {
			return nil, nil
		}
		return b.VariationSAN(m, n, numbers)
	case "turn":
		return b.Turn(), nil
	case "fullmoveNumber":
		return b.FullmoveNumber(), nil
	case "halfmoveClock":
		return b.HalfmoveClock(), nil
	case "gamePly":
		return b.GamePly(), nil
	case "isGameOver":
		return b.IsGameOver(a.boolean(0, false)), nil
	case "result":
		return b.Result(a.boolean(0, false)), nil
	case "checkedPieces":
		return b.CheckedPieces(), nil
	case "isCheck":
		return b.IsCheck(), nil
	case "isBikjang":
		return b.RoyalsFace(), nil
	case "isCapture":
		m := a.str(0, false, "")
		if a.err != nil {
			return nil, nil
		}
		return b.IsCapture(m), nil
	case "moveStack":
		return b.MoveStack(), nil
	case "pocket":
		white := a.v
		if len(white) == 0 || white[0].Type() != js.TypeBoolean {
			a.bad(0, "a boolean")
			return nil, nil
		}
		pool := a.str(1, true, "")
		if a.err != nil {
			return nil, nil
		}
		return b.Pocket(white[0].Bool(), pool)
	case "toString":
		return b.String(), nil
	case "toVerboseString":
		return b.VerboseString(), nil
	case "variant":
		return b.Variant(), nil
	case "is960":
		return b.Is960(), nil
	case "perft":
		d := a.integer(0, false, 0)
		if a.err != nil {
			return nil, nil
		}
		n, err := b.Perft(d)
		return float64(n), err
	case "pgn":
		return b.PGN(), nil
	}
	return nil, fmt.Errorf("no board method %s", op)
}
