package sim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
)

// Outcome is how every paid order of one venue ends, whatever the drawn
// rates say (Config.Outcomes): the way to show, end to end, a swap paid
// short, held for verification, or refunded.
type Outcome struct {
	Mode OutcomeMode
	// Short is, for OutcomeShort, the fraction of what its model says for
	// the deposit that the venue keeps back (0.2: it pays 80 %).
	Short float64
}

// OutcomeMode names an Outcome.
type OutcomeMode int

const (
	OutcomeNormal OutcomeMode = iota // the drawn rates decide, as for any venue
	// OutcomeShort: the order runs to finished and pays out Short less
	// than the venue's model says for the deposit.
	OutcomeShort
	// OutcomeHold: once the deposit is confirmed, the venue holds the order
	// for verification (StageHeld, its own word for it) and keeps it held.
	// Only a venue whose Profile.Holds may be set so.
	OutcomeHold
	// OutcomeRefund: the venue sends the deposit back instead of swapping
	// it, with the refund's transaction and amount (StageRefunded).
	OutcomeRefund
	// OutcomeNoPay: the order runs to finished and the venue reports a
	// payout (its transaction and amount) that it never makes: nothing
	// lands on the simulated chain (Config.Chain), which is what a chain
	// watcher catches.
	OutcomeNoPay
)

// DefaultShort is the fraction an OutcomeShort venue keeps back when the
// mode names none: 20 %.
const DefaultShort = 0.2

var outcomeNames = map[string]OutcomeMode{"normal": OutcomeNormal, "short": OutcomeShort, "hold": OutcomeHold, "refund": OutcomeRefund, "nopay": OutcomeNoPay}

// ParseOutcome reads an outcome as flags spell it: "normal", "hold",
// "refund", "nopay", "short" (DefaultShort) or "short:FRACTION" (e.g.
// "short:0.85").
func ParseOutcome(s string) (Outcome, error) {
	name, arg, hasArg := strings.Cut(strings.ToLower(strings.TrimSpace(s)), ":")
	mode, ok := outcomeNames[name]
	if !ok {
		return Outcome{}, fmt.Errorf("sim: outcome %q: want normal, short[:FRACTION], hold, refund or nopay", s)
	}
	o := Outcome{Mode: mode}
	switch {
	case mode == OutcomeShort && hasArg:
		f, err := strconv.ParseFloat(arg, 64)
		if err != nil {
			return Outcome{}, fmt.Errorf("sim: outcome %q: the fraction kept back must be a number", s)
		}
		o.Short = f
	case mode == OutcomeShort:
		o.Short = DefaultShort
	case hasArg:
		return Outcome{}, fmt.Errorf("sim: outcome %q: only short takes a fraction", s)
	}
	return o, o.validate()
}

func (o Outcome) String() string {
	for name, m := range outcomeNames {
		if m == o.Mode {
			if m == OutcomeShort {
				return name + ":" + strconv.FormatFloat(o.Short, 'g', -1, 64)
			}
			return name
		}
	}
	return fmt.Sprintf("Outcome(%d)", int(o.Mode))
}

func (o Outcome) validate() error {
	switch {
	case o.Mode < OutcomeNormal || o.Mode > OutcomeNoPay:
		return fmt.Errorf("sim: unknown outcome mode %d", int(o.Mode))
	case o.Mode == OutcomeShort && !(o.Short > 0 && o.Short < 1):
		return fmt.Errorf("sim: a short payment keeps back a fraction in (0, 1), not %v", o.Short)
	}
	return nil
}

// validateOutcomes checks Config.Outcomes against the venues served.
func (c *Config) validateOutcomes(venues map[string]Venue) error {
	for id, o := range c.Outcomes {
		v, ok := venues[id]
		switch {
		case !ok:
			return fmt.Errorf("sim: Outcomes names unknown venue %q", id)
		case v.Profile.Kind != swapscout.InstantSwap:
			return fmt.Errorf("sim: Outcomes: %s makes no swap orders", id)
		case o.Mode == OutcomeHold && !v.Profile.Holds:
			return fmt.Errorf("sim: Outcomes: %s documents no status for an order held for verification", id)
		}
		if err := o.validate(); err != nil {
			return fmt.Errorf("sim: Outcomes[%s]: %w", id, err)
		}
	}
	return nil
}

// applyOutcome sets rec's end by the venue's explicit outcome, if any.
func (b *orderBook) applyOutcome(venue string, rec *orderRec) {
	o, ok := b.cfg.Outcomes[venue]
	if !ok {
		return
	}
	switch o.Mode {
	case OutcomeShort:
		rec.outcome, rec.short = StageFinished, o.Short
	case OutcomeHold:
		rec.outcome = StageHeld
	case OutcomeRefund:
		rec.outcome = StageRefunded
	case OutcomeNoPay:
		rec.outcome, rec.nopay = StageFinished, true
	}
}
