// The Move layout holds every field for boards of up to 256 cells.
package interpreter

import "testing"

func TestMoveFieldsUpTo256Cells(t *testing.T) {
	for _, c := range []struct{ from, to, c1, c2, aux, promo, kind int }{
		{0, 255, 254, 255, 253, 31, KindCastle},
		{255, 0, NoSquare, NoSquare, NoSquare, -1, KindNormal},
		{128, 129, 255, NoSquare, NoSquare, 0, KindEP},
		{77, 78, 0, 1, NoSquare, -1, KindNull},
	} {
		m := newMove(c.from, c.to).withKind(c.kind).withCaptures(c.c1, c.c2) | epFlag
		if c.aux != NoSquare {
			m = m.withAux(c.aux)
		}
		if c.promo >= 0 {
			m = m.withPromotion(c.promo)
		}
		if m.From() != c.from || m.To() != c.to || m.Cap1() != c.c1 || m.Cap2() != c.c2 || m.Aux() != c.aux ||
			m.Promotion() != c.promo || m.Kind() != c.kind || !m.MakesEP() {
			t.Errorf("%+v: got from %d to %d caps %d %d aux %d promo %d kind %d ep %v", c,
				m.From(), m.To(), m.Cap1(), m.Cap2(), m.Aux(), m.Promotion(), m.Kind(), m.MakesEP())
		}
	}
}
