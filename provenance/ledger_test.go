package provenance

import "testing"

func TestKeyHashAndNewLedgerLine(t *testing.T) {
	t.Parallel()
	if first, again := KeyHash("a b"), KeyHash("a b"); first != again || first == KeyHash("a  b") {
		t.Error("KeyHash is not a function of the key")
	}
	if KeyHash("") != -3750763034362895579 {
		t.Errorf("KeyHash changed: %d", KeyHash(""))
	}
	l := NewLedgerLine("\tx := compute()\r", 7)
	if l.Text != "\tx := compute()" || l.Key != "x := compute()" || l.Pos != 7 || l.Trivial {
		t.Errorf("line = %+v", l)
	}
	if !NewLedgerLine("}", 0).Trivial {
		t.Error("brace not trivial")
	}
}
