// Package engine groups what plays and judges games over the rules of package interpreter: search (the engine), perft, selfplay (self-play, balance and piece values), match (the referee of engine matches), suite (a definition's own tests), usi and xbtext (protocol text), web (the browser app's server side).
package engine
