package web

import (
	"time"

	"github.com/swapscout/swapscout"
)

// BoardPage is the outcome board's page: this instance's venues, then the
// boards imported from instances its operator trusts, apart.
type BoardPage struct {
	Window   string
	At       string
	Venues   []BoardRow
	Imported []ImportedBoard
}

// ImportedBoard is another instance's board as the page shows it.
type ImportedBoard struct {
	Instance, Key, At, Window string
	Venues                    []BoardRow
}

// BoardRow is one venue's line.
type BoardRow struct {
	Venue, Name                                                  string
	Swaps, Finished, Refunded, Failed, Open, Held, Late, Expired int
	Median, P90                                                  string // deposit to payout; empty without timed swaps
	OnChain                                                      int
	Delivered, P10                                               string // percent delivered on chain; empty without payouts seen
	ShortOnChain, Unverified, VenueWord                          int
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

func ratioPercent(ratio swapscout.Amount) string {
	return ratio.Mul(swapscout.AmountFromInt(100)).Round(2, swapscout.RoundHalfEven).String()
}

// When formats a board's time for the page (UTC).
func When(t time.Time) string { return t.UTC().Format("2006-01-02 15:04") + " UTC" }
