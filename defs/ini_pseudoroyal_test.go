package defs

import (
	"strings"
	"testing"
)

// extinctionPseudoRoyal where a side may have several men of a type (Fairy-Stockfish's
// current source: a side's men of each type protected while it has at most
// extinctionPieceCount + 1 of that type, each type counted on its own): with count 0,
// check-royals lone with a kind per type; refused where that is not the rule.
func TestINIPseudoRoyalByType(t *testing.T) {
	ini := `[two:chess]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = kq
extinctionPseudoRoyal = true
promotionPieceTypes = nb
startFen = qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1

[house:chess]
pieceDrops = true
capturesToHand = true
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = kr
extinctionPseudoRoyal = true
promotionPieceTypes = nb

[alone:chess]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = k
extinctionPseudoRoyal = true

[counted:two]
extinctionPieceCount = 1

[pawnsinto:chess]
king = -
commoner = k
castlingKingPiece = k
promotionPieceTypes = qk
extinctionValue = loss
extinctionPieceTypes = k
extinctionPseudoRoyal = true

[confined:house]
mobilityRegionWhiteRook = *1 *2 *3 *4

[every:chess]
extinctionValue = loss
extinctionPieceTypes = *
extinctionPseudoRoyal = true

[rank:chess]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = k
extinctionPseudoRoyal = true
flagPiece = k
promotionPieceTypes = -
promotedPieceType = q:k r:k b:k n:k p:k
mandatoryPiecePromotion = true
flagRegionWhite = *8
flagRegionBlack = *1
`
	for section, wants := range map[string][]string{
		// Seven queens a side at the start: queens and the king each a kind.
		"two": {"check-royals: lone", "royal-kind: K", "royal-kind: Q"},
		// Drops may give a side a second man of a type.
		"house": {"check-royals: lone", "royal-kind: K", "royal-kind: R"},
		// Men promote into the type (promotedPieceType): the promoted men count as it; the
		// flag goal counts the men that must promote into a flag type on the region.
		"rank": {"check-royals: lone", "royal-kind: K", "pieces: [K, +Q, +R, +B, +N, +P, Q, R, B, N, P]"},
	} {
		out, err := ImportINI("v.ini", []byte(ini), section)
		if err != nil {
			t.Errorf("[%s]: %v", section, err)
			continue
		}
		if _, err := Parse(section+".yaml", out); err != nil {
			t.Errorf("[%s]: the definition written does not load: %v", section, err)
		}
		for _, w := range wants {
			if !strings.Contains(string(out), w) {
				t.Errorf("[%s]: %q not in\n%s", section, w, out)
			}
		}
	}
	// One king a side, never another: plain royal men, no count.
	out, err := ImportINI("v.ini", []byte(ini), "alone")
	if err != nil || strings.Contains(string(out), "check-royals") || strings.Contains(string(out), "royal-kind") {
		t.Errorf("[alone]: %v\n%s", err, out)
	}
	for section, want := range map[string]string{
		"counted":   "v.ini:7:25: extinctionPseudoRoyal: not imported: a side may have more than extinctionPieceCount + 1 (2) men of a pseudo-royal type",
		"pawnsinto": "v.ini:40:25: extinctionPseudoRoyal: not imported: the Pawn promotes into a pseudo-royal type, which Fairy-Stockfish protects from that move on",
		"confined":  "v.ini:19:25: extinctionPseudoRoyal: not imported: a man with a mobility region attacks only inside it",
		"every":     "v.ini:48:25: extinctionPseudoRoyal: not imported: every man pseudo-royal",
	} {
		if _, err := ImportINI("v.ini", []byte(ini), section); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("[%s]: got %v, want %q", section, err, want)
		}
	}
}
