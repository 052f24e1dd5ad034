package web

import (
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// BoardPage is the outcome board's page: this instance's venues, then the
// boards imported from instances its operator trusts, apart.
type BoardPage struct {
	Window   string
	At       string
	Venues   []BoardRow
	Groups   []BoardRow // per venue, pair and bracket
	Imported []ImportedBoard
}

// ImportedBoard is another instance's board as the page shows it.
type ImportedBoard struct {
	Instance, Key, At, Window string
	Venues, Groups            []BoardRow
}

// BoardRow is one venue's line.
type BoardRow struct {
	Venue, Name                                                  string
	Swaps, Finished, Refunded, Failed, Open, Held, Late, Expired int
	Median, P90                                                  string // deposit to payout; empty without timed swaps
	OnChain                                                      int
	Delivered, P10                                               string // percent delivered on chain; empty without payouts seen
	ShortOnChain, Unverified, VenueWord                          int
	// Pair ("BTC → ETH") and Bracket ("$1k-10k") name a group's line;
	// empty on a venue's.
	Pair, Bracket string
}

// NewBoardRows turns a board's lines into the page's, venues named.
func NewBoardRows(vs []swapscout.VenueBoard, names map[string]string) []BoardRow {
	out := make([]BoardRow, 0, len(vs))
	for _, v := range vs {
		r := BoardRow{Venue: v.Venue, Name: nameOf(names, v.Venue), Swaps: v.Swaps, Finished: v.Finished, Refunded: v.Refunded,
			Failed: v.Failed, Open: v.Open, Held: v.Held, Late: v.Late, Expired: v.Expired, OnChain: v.OnChain,
			ShortOnChain: v.ShortOnChain, Unverified: v.Unverified, VenueWord: v.VenueWord}
		if v.Timed > 0 {
			r.Median, r.P90 = Duration(v.MedianTime), Duration(v.P90Time)
		}
		if v.OnChain > 0 {
			r.Delivered, r.P10 = ratioPercent(v.MedianDelivered), ratioPercent(v.P10Delivered)
		}
		out = append(out, r)
	}
	return out
}

// NewBoardGroupRows turns a board's groups into the page's lines.
func NewBoardGroupRows(gs []swapscout.BoardGroup, names map[string]string) []BoardRow {
	out := make([]BoardRow, 0, len(gs))
	for _, g := range gs {
		r := NewBoardRows([]swapscout.VenueBoard{g.VenueBoard}, names)[0]
		r.Pair = strings.ToUpper(g.From.Ticker) + " (" + g.From.Network + ") → " + strings.ToUpper(g.To.Ticker) + " (" + g.To.Network + ")"
		r.Bracket = "$" + string(g.Bracket)
		out = append(out, r)
	}
	return out
}

func ratioPercent(ratio swapscout.Amount) string {
	return ratio.Mul(swapscout.AmountFromInt(100)).Round(2, swapscout.RoundHalfEven).String()
}

// When formats a board's time for the page (UTC).
func When(t time.Time) string { return t.UTC().Format("2006-01-02 15:04") + " UTC" }

// OfferOutcome is the line the quote page shows beside an offer: its
// venue's record here, in words ("here over 30 days: 18 of 20 swaps
// finished, delivered 97.5 % of the promise on chain (median of 12), 1
// held, 2 late, payout 25 min after the deposit (median)"); empty when the
// venue has none.
func OfferOutcome(oc *swapscout.OfferOutcome) string {
	if oc == nil || oc.Swaps == 0 {
		return ""
	}
	v := oc.VenueBoard
	s := "here over " + Duration(oc.Window) + ": " + strconv.Itoa(v.Finished) + " of " + strconv.Itoa(v.Swaps) + " swaps finished"
	if v.OnChain > 0 {
		s += ", delivered " + ratioPercent(v.MedianDelivered) + " % of the promise on chain (median of " + strconv.Itoa(v.OnChain) + ")"
	} else if v.Finished > 0 {
		s += ", no payout checked on chain yet"
	}
	if v.Held > 0 {
		s += ", " + strconv.Itoa(v.Held) + " held"
	}
	if v.Late > 0 {
		s += ", " + strconv.Itoa(v.Late) + " late"
	}
	if v.Unverified > 0 {
		s += ", " + strconv.Itoa(v.Unverified) + " paid per the venue but not on chain"
	}
	if v.Timed > 0 {
		s += ", payout " + Duration(v.MedianTime) + " after the deposit (median)"
	}
	return s
}
