package sim

import "github.com/swapscout/swapscout"

// Num is an Amount that marshals as a bare JSON number, for venues that send
// numbers where swapscout.Amount would write a string.
type Num swapscout.Amount

// MarshalJSON writes the decimal as a JSON number.
func (n Num) MarshalJSON() ([]byte, error) {
	a := swapscout.Amount(n)
	return a.AppendText(nil)
}

// NumPtr returns a *Num for a, or nil when a is zero (a JSON null).
func NumPtr(a swapscout.Amount) *Num {
	if a.IsZero() {
		return nil
	}
	n := Num(a)
	return &n
}
