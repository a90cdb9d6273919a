// Cell sets: BB64 (a uint64) for boards of up to 64 cells, BB128 (two words) for up to 128 and BB256 (four words) for up to 256, with one method API.

package compiler

import "math/bits"

// The three set types have the same methods, so that code written once on BB256 (the
// interpreter's core) can be lowered to BB64 by renaming (internal/bbgen), the method calls
// becoming plain uint64 operators again, and to BB128 by renaming alone. BB128 and BB256
// are structs of words, not arrays: the Go compiler keeps the fields of small structs in
// registers, never the elements of an array longer than one.

// MaxCells64, MaxCells128 and MaxCells256 are the cells each set type holds.
const (
	MaxCells64  = 64
	MaxCells128 = 128
	MaxCells256 = 256
)

// BB64 is a set of cells of a board of at most 64 cells.
type BB64 uint64

// BB128 is a set of cells of a board of at most 128 cells: cell i is bit i%64 of word i/64.
type BB128 struct{ a, b uint64 }

// BB256 is a set of cells of a board of at most 256 cells: cell i is bit i%64 of word i/64.
type BB256 struct{ a, b, c, d uint64 }

// Bitboard is the set type of the public API: zones, Squares, the sets a position reports.
type Bitboard = BB256

// Bit is the set holding only sq.
func Bit(sq Square) Bitboard { return Bit256(sq) }

// ---- BB64 ----

// Bit64 is the set holding only sq.
func Bit64(sq Square) BB64 { return 1 << uint(sq) }

// Below64 is the set of cells lower than sq.
func Below64(sq Square) BB64 { return 1<<uint(sq) - 1 }

// Full64 is the set of every cell.
func Full64() BB64 { return ^BB64(0) }

// Has reports whether sq is in b.
func (b BB64) Has(sq Square) bool { return b>>uint(sq)&1 != 0 }

// Count is the number of cells in b.
func (b BB64) Count() int { return bits.OnesCount64(uint64(b)) }

// First is the lowest cell of b (b must not be empty).
func (b BB64) First() Square { return bits.TrailingZeros64(uint64(b)) }

// Last is the highest cell of b (b must not be empty).
func (b BB64) Last() Square { return 63 - bits.LeadingZeros64(uint64(b)) }

// Rest is b without its lowest cell.
func (b BB64) Rest() BB64 { return b & (b - 1) }

// Any reports whether b holds a cell.
func (b BB64) Any() bool { return b != 0 }

// Empty reports whether b holds no cell.
func (b BB64) Empty() bool { return b == 0 }

// Many reports whether b holds more than one cell.
func (b BB64) Many() bool { return b&(b-1) != 0 }

// Or is the union.
func (b BB64) Or(c BB64) BB64 { return b | c }

// And is the intersection.
func (b BB64) And(c BB64) BB64 { return b & c }

// AndNot is b without the cells of c.
func (b BB64) AndNot(c BB64) BB64 { return b &^ c }

// Xor is the symmetric difference.
func (b BB64) Xor(c BB64) BB64 { return b ^ c }

// Meets reports whether b and c share a cell.
func (b BB64) Meets(c BB64) bool { return b&c != 0 }

// With is b and sq.
func (b BB64) With(sq Square) BB64 { return b | 1<<uint(sq) }

// Without is b without sq.
func (b BB64) Without(sq Square) BB64 { return b &^ (1 << uint(sq)) }

// Wide is b as a BB256.
func (b BB64) Wide() BB256 { return BB256{a: uint64(b)} }

// Shift moves every cell n places up (n < 0: down); cells moved past either end are lost.
func (b BB64) Shift(n int) BB64 {
	if n >= 0 {
		return b << uint(n)
	}
	return b >> uint(-n)
}

// LineReach64 is the reach of a slider along both ways of a line: up and down are the
// line's cells above and below the slider (its two rays), occ the occupied cells; the
// cells up to the first man each way, that man included. (The difference of the lowest
// man above, doubled, and every cell from the highest man below gives the span between
// them in one subtraction.)
func LineReach64(up, down, occ BB64) BB64 {
	upper := uint64(up & occ)
	lower := uint64(down&occ) | 1
	span := 2*(upper&-upper) + ^uint64(0)<<uint(63-bits.LeadingZeros64(lower))
	return (up | down) & BB64(span)
}

// ---- BB128 ----

// The word-selecting methods of BB128 shift both words by the cell's offset from each: Go
// defines a shift by 64 or more (a negative offset converted to uint is one) as giving 0,
// so the word the cell is not in drops out without a branch.

// Bit128 is the set holding only sq.
func Bit128(sq Square) BB128 { return BB128{1 << uint(sq), 1 << uint(sq-64)} }

// Below128 is the set of cells lower than sq.
func Below128(sq Square) BB128 {
	if sq <= 64 {
		return BB128{a: 1<<uint(sq) - 1}
	}
	return BB128{^uint64(0), 1<<uint(sq-64) - 1}
}

// Full128 is the set of every cell.
func Full128() BB128 { return BB128{^uint64(0), ^uint64(0)} }

// Has reports whether sq is in x.
func (x BB128) Has(sq Square) bool {
	s, w := uint(sq), x.a
	if s >= 64 {
		w = x.b
	}
	return s < 128 && w>>(s&63)&1 != 0
}

// Count is the number of cells in x.
func (x BB128) Count() int { return bits.OnesCount64(x.a) + bits.OnesCount64(x.b) }

// First is the lowest cell of x (x must not be empty).
func (x BB128) First() Square {
	if x.a != 0 {
		return bits.TrailingZeros64(x.a)
	}
	return 64 + bits.TrailingZeros64(x.b)
}

// Last is the highest cell of x (x must not be empty).
func (x BB128) Last() Square {
	if x.b != 0 {
		return 127 - bits.LeadingZeros64(x.b)
	}
	return 63 - bits.LeadingZeros64(x.a)
}

// Rest is x without its lowest cell.
func (x BB128) Rest() BB128 {
	if x.a != 0 {
		x.a &= x.a - 1
	} else {
		x.b &= x.b - 1
	}
	return x
}

// Any reports whether x holds a cell.
func (x BB128) Any() bool { return x.a|x.b != 0 }

// Empty reports whether x holds no cell.
func (x BB128) Empty() bool { return x.a|x.b == 0 }

// Many reports whether x holds more than one cell.
func (x BB128) Many() bool { return x.Rest().Any() }

// Or is the union.
func (x BB128) Or(y BB128) BB128 { return BB128{x.a | y.a, x.b | y.b} }

// And is the intersection.
func (x BB128) And(y BB128) BB128 { return BB128{x.a & y.a, x.b & y.b} }

// AndNot is x without the cells of y.
func (x BB128) AndNot(y BB128) BB128 { return BB128{x.a &^ y.a, x.b &^ y.b} }

// Xor is the symmetric difference.
func (x BB128) Xor(y BB128) BB128 { return BB128{x.a ^ y.a, x.b ^ y.b} }

// Meets reports whether x and y share a cell.
func (x BB128) Meets(y BB128) bool { return x.a&y.a|x.b&y.b != 0 }

// With is x and sq.
func (x BB128) With(sq Square) BB128 { return x.Or(Bit128(sq)) }

// Without is x without sq.
func (x BB128) Without(sq Square) BB128 { return x.AndNot(Bit128(sq)) }

// Wide is x as a BB256.
func (x BB128) Wide() BB256 { return BB256{a: x.a, b: x.b} }

// Shift moves every cell n places up (n < 0: down); cells moved past either end are lost.
// (A shift by 64 or more gives 0 in Go, so the word crossings need no branch.)
func (x BB128) Shift(n int) BB128 {
	if n >= 0 {
		u := uint(n)
		if u >= 64 {
			return BB128{0, x.a << (u - 64)}
		}
		return BB128{x.a << u, x.b<<u | x.a>>(64-u)}
	}
	u := uint(-n)
	if u >= 64 {
		return BB128{x.b >> (u - 64), 0}
	}
	return BB128{x.a>>u | x.b<<(64-u), x.b >> u}
}

// String writes the set as BB256.String does.
func (x BB128) String() string { return x.Wide().String() }

// LineReach128 is LineReach64 on 128 cells, by the same subtraction over two words: the
// lowest man above, doubled, plus every cell from the highest man below (cell 0 standing
// in when there is none), the carry passed from the low word to the high one.
func LineReach128(up, down, occ BB128) BB128 {
	ua, ub := up.a&occ.a, up.b&occ.b
	var la, lb uint64 // the lowest man above, alone
	if ua != 0 {
		la = ua & -ua
	} else {
		lb = ub & -ub
	}
	da, db := down.a&occ.a|1, down.b&occ.b
	ma, mb := ^uint64(0)<<uint(63-bits.LeadingZeros64(da)), ^uint64(0) // every cell from the highest man below
	if db != 0 {
		ma, mb = 0, ^uint64(0)<<uint(63-bits.LeadingZeros64(db))
	}
	sa, carry := bits.Add64(la<<1, ma, 0)
	sb, _ := bits.Add64(lb<<1|la>>63, mb, carry)
	return BB128{(up.a | down.a) & sa, (up.b | down.b) & sb}
}

// ---- BB256 ----

// Bit256 is the set holding only sq.
func Bit256(sq Square) BB256 {
	v := uint64(1) << uint(sq&63)
	switch uint(sq) >> 6 {
	case 0:
		return BB256{a: v}
	case 1:
		return BB256{b: v}
	case 2:
		return BB256{c: v}
	case 3:
		return BB256{d: v}
	}
	return BB256{}
}

// Below256 is the set of cells lower than sq.
func Below256(sq Square) BB256 {
	const f = ^uint64(0)
	v := uint64(1)<<uint(sq&63) - 1
	switch uint(sq) >> 6 {
	case 0:
		return BB256{a: v}
	case 1:
		return BB256{f, v, 0, 0}
	case 2:
		return BB256{f, f, v, 0}
	case 3:
		return BB256{f, f, f, v}
	}
	return BB256{f, f, f, f}
}

// Full256 is the set of every cell.
func Full256() BB256 { return BB256{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)} }

// Has reports whether sq is in x.
func (x BB256) Has(sq Square) bool {
	var w uint64
	switch uint(sq) >> 6 {
	case 0:
		w = x.a
	case 1:
		w = x.b
	case 2:
		w = x.c
	case 3:
		w = x.d
	}
	return w>>uint(sq&63)&1 != 0
}

// Count is the number of cells in x.
func (x BB256) Count() int {
	return bits.OnesCount64(x.a) + bits.OnesCount64(x.b) + bits.OnesCount64(x.c) + bits.OnesCount64(x.d)
}

// First is the lowest cell of x (x must not be empty).
func (x BB256) First() Square {
	switch {
	case x.a != 0:
		return bits.TrailingZeros64(x.a)
	case x.b != 0:
		return 64 + bits.TrailingZeros64(x.b)
	case x.c != 0:
		return 128 + bits.TrailingZeros64(x.c)
	}
	return 192 + bits.TrailingZeros64(x.d)
}

// Last is the highest cell of x (x must not be empty).
func (x BB256) Last() Square {
	switch {
	case x.d != 0:
		return 255 - bits.LeadingZeros64(x.d)
	case x.c != 0:
		return 191 - bits.LeadingZeros64(x.c)
	case x.b != 0:
		return 127 - bits.LeadingZeros64(x.b)
	}
	return 63 - bits.LeadingZeros64(x.a)
}

// Rest is x without its lowest cell.
func (x BB256) Rest() BB256 {
	switch {
	case x.a != 0:
		x.a &= x.a - 1
	case x.b != 0:
		x.b &= x.b - 1
	case x.c != 0:
		x.c &= x.c - 1
	default:
		x.d &= x.d - 1
	}
	return x
}

// Any reports whether x holds a cell.
func (x BB256) Any() bool { return x.a|x.b|x.c|x.d != 0 }

// Empty reports whether x holds no cell.
func (x BB256) Empty() bool { return x.a|x.b|x.c|x.d == 0 }

// Many reports whether x holds more than one cell.
func (x BB256) Many() bool { return x.Rest().Any() }

// Or is the union.
func (x BB256) Or(y BB256) BB256 { return BB256{x.a | y.a, x.b | y.b, x.c | y.c, x.d | y.d} }

// And is the intersection.
func (x BB256) And(y BB256) BB256 { return BB256{x.a & y.a, x.b & y.b, x.c & y.c, x.d & y.d} }

// AndNot is x without the cells of y.
func (x BB256) AndNot(y BB256) BB256 {
	return BB256{x.a &^ y.a, x.b &^ y.b, x.c &^ y.c, x.d &^ y.d}
}

// Xor is the symmetric difference.
func (x BB256) Xor(y BB256) BB256 { return BB256{x.a ^ y.a, x.b ^ y.b, x.c ^ y.c, x.d ^ y.d} }

// Meets reports whether x and y share a cell.
func (x BB256) Meets(y BB256) bool { return x.a&y.a|x.b&y.b|x.c&y.c|x.d&y.d != 0 }

// With is x and sq.
func (x BB256) With(sq Square) BB256 { return x.Or(Bit256(sq)) }

// Without is x without sq.
func (x BB256) Without(sq Square) BB256 { return x.AndNot(Bit256(sq)) }

// Wide is x itself (the 64-cell set's Wide, for code written once for both).
func (x BB256) Wide() BB256 { return x }

// Shift moves every cell n places up (n < 0: down); cells moved past either end are lost.
func (x BB256) Shift(n int) BB256 {
	w := x.Words()
	var out [4]uint64
	if n >= 0 {
		q, r := n/64, uint(n%64)
		for i := 3; i >= q; i-- {
			out[i] = w[i-q] << r
			if i-q-1 >= 0 {
				out[i] |= w[i-q-1] >> (64 - r)
			}
		}
	} else {
		q, r := -n/64, uint(-n%64)
		for i := 0; i+q < 4; i++ {
			out[i] = w[i+q] >> r
			if i+q+1 < 4 {
				out[i] |= w[i+q+1] << (64 - r)
			}
		}
	}
	return FromWords(out)
}

// Narrow is the first 64 cells of x.
func (x BB256) Narrow() BB64 { return BB64(x.a) }

// Narrow128 is the first 128 cells of x.
func (x BB256) Narrow128() BB128 { return BB128{x.a, x.b} }

// Words is x as four words, cells 0-63 first.
func (x BB256) Words() [4]uint64 { return [4]uint64{x.a, x.b, x.c, x.d} }

// FromWords is the set of the four words (cells 0-63 first).
func FromWords(w [4]uint64) BB256 { return BB256{w[0], w[1], w[2], w[3]} }

// String writes the set as hexadecimal words, highest first, without leading zero words.
func (x BB256) String() string {
	const hex = "0123456789abcdef"
	w := x.Words()
	n := 3
	for n > 0 && w[n] == 0 {
		n--
	}
	var out []byte
	for i := n; i >= 0; i-- {
		for s := 60; s >= 0; s -= 4 {
			d := w[i] >> uint(s) & 15
			if i == n && len(out) == 0 && d == 0 && s > 0 {
				continue
			}
			out = append(out, hex[d])
		}
		if i > 0 {
			out = append(out, '_')
		}
	}
	return "0x" + string(out)
}

// LineReach256 is LineReach64 on 256 cells.
func LineReach256(up, down, occ BB256) BB256 {
	r := up.Or(down)
	if u := up.And(occ); u.Any() {
		r = r.And(Below256(u.First() + 1))
	}
	if l := down.And(occ); l.Any() {
		r = r.AndNot(Below256(l.Last()))
	}
	return r
}
