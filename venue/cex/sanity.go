package cex

import (
	"fmt"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// A refreshed list replaces the last good one only if its values are
// plausible: a venue that answers a list of zeros or of nonsense (a cache
// of a broken deploy, a half-migrated API) must not lift itself up the
// ranking with free trades and withdrawals, nor refuse every order with an
// astronomical minimum, until the next refresh. A rejected list is an error
// (bad_response), so the last good list stays and the registry retries
// soon, with its short backoff, rather than after RefreshInterval.
//
// The rules look only at what the engine would use — markets between the
// tickers of Symbols and Bridges, networks of Symbols' codes — so a stray
// value on a market nobody quotes does not cost the whole list.
//
// Market list, rejected when:
//   - it is empty, or no market joins two of the venue's tickers;
//   - a minimum order (MinBase, MinQuote) is negative, unreadable or at
//     least absurdAmount (no asset's least order is that many units), or
//     worth more than venue.MaxMinimumUSD at the rough prices (a list
//     scaled ×10^12 stays under absurdAmount);
//   - a market's own taker fee is negative, unreadable or at least
//     absurdTakerFee;
//   - at least zeroQuorum markets carry their own fee and more than three
//     quarters of them are zero: a zero-fee promotion covers a few pairs,
//     never (nearly) all.
//
// Currency list, rejected when:
//   - it is empty, or it covers none of the networks Symbols maps;
//   - a withdrawal fee or deposit minimum is negative, unreadable or at
//     least absurdAmount, or the deposit minimum is worth more than
//     venue.MaxMinimumUSD;
//   - a withdrawal fee is more than absurdFeeRatio times the static
//     table's fee for the asset (when that is above zero): fees move (gas
//     spikes), but not by two orders of magnitude; a list scaled ×1000
//     would otherwise price every offer net of a fee worth more than it;
//   - at least zeroQuorum networks carry a fee and more than three quarters
//     of them are zero. One free network is legitimate (an exchange's own
//     chain, a promotion); a list of free withdrawals is not.
const (
	absurdFeeRatio = 100
	zeroQuorum     = 4
)

var (
	// absurdAmount is the bound, in units of the asset, past which a
	// minimum or a fee is taken for nonsense: 10^12.
	absurdAmount = swapscout.MustAmount("1000000000000")
	// absurdTakerFee is the bound past which a market's taker fee is taken
	// for nonsense: 10% (real taker fees are under 1%).
	absurdTakerFee = swapscout.MustAmount("0.1")
)

func absurdList(what, format string, args ...any) error {
	return swapscout.NewVenueError(swapscout.CodeBadResponse, "%s rejected: %s", what, fmt.Sprintf(format, args...))
}

// plausible reports whether a is a readable amount in [0, absurdAmount).
func plausible(a swapscout.Amount) bool {
	return a.Valid() && a.Sign() >= 0 && a.Cmp(absurdAmount) < 0
}

// mostlyZero reports whether at least zeroQuorum values were counted and
// more than three quarters of them are zero.
func mostlyZero(zero, total int) bool {
	return total >= zeroQuorum && 4*zero > 3*total
}

// feeTally counts the fees a list states and how many of them are zero:
// a list whose fees are mostly zero is absurd (see mostlyZero).
type feeTally struct{ stated, zero int }

func (t *feeTally) add(fee swapscout.Amount) {
	t.stated++
	if fee.Sign() == 0 {
		t.zero++
	}
}

// check is absurdList's error for a list (what) whose fees (named as the
// list calls them) are mostly zero, else nil.
func (t *feeTally) check(what, fees string) error {
	if mostlyZero(t.zero, t.stated) {
		return absurdList(what, "%d of its %d %s are zero", t.zero, t.stated, fees)
	}
	return nil
}

// checkMarkets applies the market list rules to the markets the engine
// kept (idx) of the n the venue listed.
func (s *Spec) checkMarkets(n int, idx *marketIndex) error {
	what := s.Name + " market list"
	switch {
	case n == 0:
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "%s is empty", what)
	case len(idx.byPair) == 0:
		return absurdList(what, "none of its %d markets joins two of the assets it maps", n)
	}
	var fees feeTally
	assets, _ := s.assetTickers()
	for _, m := range idx.byPair {
		if !plausible(m.MinBase) || !plausible(m.MinQuote) {
			return absurdList(what, "%s has the minimum order %s %s / %s %s", m.Symbol, m.MinBase, m.Base, m.MinQuote, m.Quote)
		}
		for _, min := range []struct {
			a      swapscout.Amount
			ticker string
		}{{m.MinBase, m.Base}, {m.MinQuote, m.Quote}} {
			if worth, absurd := venue.AbsurdMinimum(assets[min.ticker], min.a); absurd {
				return absurdList(what, "%s has the minimum order %s %s, worth about $%.2g", m.Symbol, min.a, min.ticker, worth)
			}
		}
		if m.TakerFee == nil {
			continue
		}
		f := *m.TakerFee
		if !f.Valid() || f.Sign() < 0 || f.Cmp(absurdTakerFee) >= 0 {
			return absurdList(what, "%s has the taker fee %s", m.Symbol, f)
		}
		fees.add(f)
	}
	return fees.check(what, "taker fees")
}

// checkNetworks applies the currency list rules to the networks the engine
// kept (those of Symbols) of the n the venue listed.
func (s *Spec) checkNetworks(n int, kept map[Code]Network) error {
	what := s.Name + " currency list"
	switch {
	case n == 0:
		return absurdList(what, "it is empty")
	case len(kept) == 0:
		return absurdList(what, "none of its %d networks is one the venue's assets map to", n)
	}
	var fees feeTally
	for a, code := range s.Symbols {
		net, ok := kept[code]
		if !ok {
			continue
		}
		if !plausible(net.DepositMin) {
			return absurdList(what, "%s on %s has the deposit minimum %s", code.Ticker, code.Network, net.DepositMin)
		}
		if worth, absurd := venue.AbsurdMinimum(a.Ticker, net.DepositMin); absurd {
			return absurdList(what, "%s on %s has the deposit minimum %s, worth about $%.2g", code.Ticker, code.Network, net.DepositMin, worth)
		}
		if !net.HasFee {
			continue
		}
		fee := net.WithdrawFee
		if !plausible(fee) {
			return absurdList(what, "%s on %s has the withdrawal fee %s", code.Ticker, code.Network, fee)
		}
		if static := s.WithdrawFees[a]; static.Sign() > 0 && fee.Cmp(static.Mul(swapscout.AmountFromInt(absurdFeeRatio))) > 0 {
			return absurdList(what, "%s on %s has the withdrawal fee %s, over %d times the %s on record",
				code.Ticker, code.Network, fee, absurdFeeRatio, static)
		}
		fees.add(fee)
	}
	return fees.check(what, "withdrawal fees")
}
