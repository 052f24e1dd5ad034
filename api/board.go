package api

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/swapscout/swapscout"
)

// Board is the outcome board as the API answers it (GET /v1/board): this
// instance's own lines, and the boards imported from instances its operator
// trusts, shown apart.
type Board struct {
	Instance      string       `json:"instance,omitempty"`
	At            time.Time    `json:"at"`
	WindowSeconds int64        `json:"window_seconds"`
	Venues        []BoardVenue `json:"venues"`
	// Groups are the venues' lines per pair and amount bracket, for the
	// groups with enough swaps (swapscout.BoardGroupMin).
	Groups []BoardGroup `json:"groups"`
	// Imported are signed boards of other instances, verified, as their
	// publishers computed them (present when any was imported).
	Imported []ImportedBoard `json:"imported,omitempty"`
}

// ImportedBoard is another instance's board, verified against its key.
type ImportedBoard struct {
	Board
	PublicKey string `json:"public_key"` // base64 Ed25519 key it verified against
}

// BoardGroup is one venue's line for one pair and amount bracket
// (swapscout.BoardGroup): bracket "<100", "100-1k", "1k-10k" or ">10k", in
// US dollars.
type BoardGroup struct {
	From    BoardAsset `json:"from"`
	To      BoardAsset `json:"to"`
	Bracket string     `json:"bracket"`
	BoardVenue
}

// BoardAsset is an asset of a board group.
type BoardAsset struct {
	Ticker  string `json:"ticker"`
	Network string `json:"network"`
}

// BoardVenue is one venue's line (swapscout.VenueBoard).
type BoardVenue struct {
	Venue         string `json:"venue"`
	Swaps         int    `json:"swaps"`
	Finished      int    `json:"finished"`
	Refunded      int    `json:"refunded"`
	Failed        int    `json:"failed"`
	Expired       int    `json:"expired"`
	Open          int    `json:"open"`
	Held          int    `json:"held"`
	Late          int    `json:"late"`
	Timed         int    `json:"timed"`
	MedianSeconds *int64 `json:"median_seconds,omitempty"`
	P90Seconds    *int64 `json:"p90_seconds,omitempty"`
	OnChain       int    `json:"on_chain"`
	// MedianDelivered and P10Delivered: delivered on chain against
	// promised (1 is all of it), decimal strings; absent while no payout
	// was seen on chain.
	MedianDelivered string `json:"median_delivered,omitempty"`
	P10Delivered    string `json:"p10_delivered,omitempty"`
	ShortOnChain    int    `json:"short_on_chain"`
	Unverified      int    `json:"unverified"`
	VenueWord       int    `json:"venue_word"`
}

// NewBoard is the API's form of a board.
func NewBoard(b *swapscout.Board) Board {
	out := Board{Instance: b.Instance, At: b.At.UTC().Truncate(time.Millisecond), WindowSeconds: int64(b.Window / time.Second),
		Venues: []BoardVenue{}, Groups: []BoardGroup{}}
	for _, g := range b.Groups {
		out.Groups = append(out.Groups, BoardGroup{From: BoardAsset{g.From.Ticker, g.From.Network}, To: BoardAsset{g.To.Ticker, g.To.Network},
			Bracket: string(g.Bracket), BoardVenue: newBoardVenue(g.VenueBoard)})
	}
	for _, v := range b.Venues {
		out.Venues = append(out.Venues, newBoardVenue(v))
	}
	return out
}

// newBoardVenue is a board line in the API's form.
func newBoardVenue(v swapscout.VenueBoard) BoardVenue {
	bv := BoardVenue{Venue: v.Venue, Swaps: v.Swaps, Finished: v.Finished, Refunded: v.Refunded, Failed: v.Failed,
		Expired: v.Expired, Open: v.Open, Held: v.Held, Late: v.Late, Timed: v.Timed, OnChain: v.OnChain,
		ShortOnChain: v.ShortOnChain, Unverified: v.Unverified, VenueWord: v.VenueWord}
	if v.Timed > 0 {
		m, p := int64(v.MedianTime/time.Second), int64(v.P90Time/time.Second)
		bv.MedianSeconds, bv.P90Seconds = &m, &p
	}
	if v.OnChain > 0 {
		bv.MedianDelivered, bv.P10Delivered = v.MedianDelivered.String(), v.P10Delivered.String()
	}
	return bv
}

// Line returns the line of venue id.
func (b *Board) Line(id string) (BoardVenue, bool) {
	for _, v := range b.Venues {
		if v.Venue == id {
			return v, true
		}
	}
	return BoardVenue{}, false
}

// AppendBoard appends GET /v1/board's answer.
func AppendBoard(dst []byte, b Board) ([]byte, error) {
	if b.Venues == nil {
		b.Venues = []BoardVenue{}
	}
	if b.Groups == nil {
		b.Groups = []BoardGroup{}
	}
	if len(b.Imported) > 0 {
		b.Imported = append([]ImportedBoard(nil), b.Imported...) // the caller's stay as they are
		for i := range b.Imported {
			if b.Imported[i].Groups == nil {
				b.Imported[i].Groups = []BoardGroup{}
			}
		}
	}
	j, err := json.Marshal(b)
	if err != nil {
		return dst, err
	}
	return append(append(dst, j...), '\n'), nil
}

// DecodeBoard reads GET /v1/board's answer (or a board's signed content).
func DecodeBoard(body []byte) (*Board, error) {
	var b Board
	if err := json.Unmarshal(body, &b); err != nil {
		return nil, fmt.Errorf("decode board: %w", err)
	}
	if b.Venues == nil {
		return nil, fmt.Errorf("decode board: not a board (no venues): %.200s", body)
	}
	if b.Groups == nil {
		b.Groups = []BoardGroup{} // a board published before groups were
	}
	return &b, nil
}

// Board returns the server's outcome board (GET /v1/board).
func (c *Client) Board(ctx context.Context) (*Board, error) {
	b, err := c.get(ctx, "/v1/board")
	if err != nil {
		return nil, err
	}
	return decoded(DecodeBoard(b))
}

// Domain returns the board as the domain knows it (the inverse of
// NewBoard, to the second); a decimal it cannot read is left zero.
func (b *Board) Domain() swapscout.Board {
	out := swapscout.Board{Instance: b.Instance, At: b.At, Window: time.Duration(b.WindowSeconds) * time.Second}
	for _, g := range b.Groups {
		out.Groups = append(out.Groups, swapscout.BoardGroup{From: swapscout.Asset{Ticker: g.From.Ticker, Network: g.From.Network},
			To: swapscout.Asset{Ticker: g.To.Ticker, Network: g.To.Network}, Bracket: swapscout.Bracket(g.Bracket), VenueBoard: g.domain()})
	}
	for _, v := range b.Venues {
		out.Venues = append(out.Venues, v.domain())
	}
	return out
}

// domain is the line as the domain knows it; a decimal it cannot read
// is left zero.
func (v BoardVenue) domain() swapscout.VenueBoard {
	vb := swapscout.VenueBoard{Venue: v.Venue, Swaps: v.Swaps, Finished: v.Finished, Refunded: v.Refunded, Failed: v.Failed,
		Expired: v.Expired, Open: v.Open, Held: v.Held, Late: v.Late, Timed: v.Timed, OnChain: v.OnChain,
		ShortOnChain: v.ShortOnChain, Unverified: v.Unverified, VenueWord: v.VenueWord}
	if v.MedianSeconds != nil && v.P90Seconds != nil {
		vb.MedianTime, vb.P90Time = time.Duration(*v.MedianSeconds)*time.Second, time.Duration(*v.P90Seconds)*time.Second
	}
	vb.MedianDelivered, _ = swapscout.ParseAmount(v.MedianDelivered)
	vb.P10Delivered, _ = swapscout.ParseAmount(v.P10Delivered)
	return vb
}
