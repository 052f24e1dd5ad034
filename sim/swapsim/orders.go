package swapsim

import (
	"errors"
	"fmt"
	"slices"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// Words is the word a venue shows for each stage of a simulated order.
type Words map[sim.Stage]string

// WordsOf reads a venue's words from its adapter's status table, the one
// source of truth: each stage takes the word the table maps to the stage's
// own status (sim.StageWaiting to swapscout.StatusWaiting, sim.StageHeld to
// swapscout.StatusHeld, …). Where the table has several such words, prefer
// names the one the venue shows; a stage whose status the table has no word
// for is left out (With names it). A word of prefer the table lacks, or a
// stage left with two words, is a mistake in the simulator: it panics.
func WordsOf(t venue.StatusTable, prefer ...string) Words {
	for _, p := range prefer {
		if _, ok := t[p]; !ok {
			panic(fmt.Sprintf("swapsim: preferred word %q is not in the status table", p))
		}
	}
	out := Words{}
	for _, st := range sim.Stages {
		status := swapscout.SwapStatus(st.String())
		var words []string
		for w, s := range t {
			if s == status {
				words = append(words, w)
			}
		}
		if len(words) > 1 {
			chosen := slices.DeleteFunc(slices.Clone(words), func(w string) bool { return !slices.Contains(prefer, w) })
			if len(chosen) != 1 {
				slices.Sort(words)
				panic(fmt.Sprintf("swapsim: stage %s has the words %q: prefer one", st, words))
			}
			words = chosen
		}
		if len(words) == 1 {
			out[st] = words[0]
		}
	}
	return out
}

// With returns w showing stage as word: a word the table maps to another
// status (StealthEX shows an unpaid order that lapsed as "failed"), or the
// simulator's own word for a stage no source names (Majestic Bank's
// endings).
func (w Words) With(stage sim.Stage, word string) Words {
	w[stage] = word
	return w
}

// Limits are the limits of spec's pair on the amount sent (max zero: none),
// read from the refusal of a quote for nothing; the error is the quote's
// for a pair the venue does not serve.
func Limits(x *sim.Exchange, spec sim.QuoteSpec) (min, max swapscout.Amount, err error) {
	spec.Amount, spec.Direction = swapscout.AmountFromInt(0), swapscout.Send
	_, err = x.Quote(spec)
	var le *sim.LimitError
	if errors.As(err, &le) {
		return le.Min, le.Max, nil
	}
	if err == nil {
		err = sim.ErrNoPair // nothing quoted for nothing: no limits to read
	}
	return min, max, err
}

// AtMin prices spec's pair at its least deposit, for what does not depend
// on the amount (the rate, the network fee, the limits in Min and Max);
// at twice the minimum when the minimum leaves nothing after the fee.
func AtMin(x *sim.Exchange, spec sim.QuoteSpec) (sim.QuoteResult, error) {
	min, _, err := Limits(x, spec)
	if err != nil {
		return sim.QuoteResult{}, err
	}
	spec.Amount, spec.Direction = min, swapscout.Send
	res, err := x.Quote(spec)
	var le *sim.LimitError
	if errors.As(err, &le) {
		spec.Amount = min.Add(min)
		res, err = x.Quote(spec)
	}
	return res, err
}

// Received is what sending amount of spec's pair pays out, or zero (for
// nothing, or an amount the venue refuses): a limit on the amount sent
// told as one on the amount received.
func Received(x *sim.Exchange, spec sim.QuoteSpec, amount swapscout.Amount) swapscout.Amount {
	if amount.IsZero() {
		return amount
	}
	spec.Amount, spec.Direction = amount, swapscout.Send
	res, err := x.Quote(spec)
	if err != nil {
		return swapscout.Amount{}
	}
	return res.AmountOut
}
