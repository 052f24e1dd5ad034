package httpapi

import (
	"context"
	"encoding/json"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/swaps"
)

// The swap routes: POST /v1/swaps creates a swap from an offer of a stored
// quote (the swaps package does the checking, guarding and recording);
// GET /v1/swaps/{id} reads it back with its history. Both answer the one
// JSON shape of a swap (AppendSwap).

var (
	errNoSwaps = swapscout.Errorf(swapscout.EUNAVAILABLE, "swaps are not enabled on this server (it has no swap database)")
	errNoSwap  = swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")

	swapHeaders = []Field{MakeField("Cache-Control", "no-store")}
)

// swapCreateBody is POST /v1/swaps's JSON; any other field is refused.
type swapCreateBody struct {
	QuoteID       string          `json:"quote_id"`
	Venue         string          `json:"venue"`
	PayoutAddress string          `json:"payout_address"`
	PayoutMemo    string          `json:"payout_memo"`
	RefundAddress string          `json:"refund_address"`
	RefundMemo    string          `json:"refund_memo"`
	MaxSlippage   json.RawMessage `json:"max_slippage"`
	CallbackURL   string          `json:"callback_url"`
	PreCheck      bool            `json:"precheck"`
	// For a two-leg route: where its second venue refunds (the bridge
	// asset).
	BridgeRefundAddress string `json:"bridge_refund_address"`
	BridgeRefundMemo    string `json:"bridge_refund_memo"`
}

// ParseSwapCreate reads a POST /v1/swaps request into what the swap service
// is asked: the JSON body (strictly, see JSONBody) and the Idempotency-Key
// header. It checks the form only; the service checks the content.
func ParseSwapCreate(r *Request) (swaps.CreateRequest, error) {
	var b swapCreateBody
	if err := JSONBody(r, &b); err != nil {
		return swaps.CreateRequest{}, err
	}
	cr := swaps.CreateRequest{
		IdempotencyKey: string(r.header("Idempotency-Key")),
		QuoteID:        b.QuoteID, Venue: b.Venue,
		PayoutAddress: b.PayoutAddress, PayoutMemo: b.PayoutMemo,
		RefundAddress: b.RefundAddress, RefundMemo: b.RefundMemo,
		CallbackURL: b.CallbackURL, PreCheck: b.PreCheck,
		BridgeRefundAddress: b.BridgeRefundAddress, BridgeRefundMemo: b.BridgeRefundMemo,
	}
	if len(b.MaxSlippage) > 0 && string(b.MaxSlippage) != "null" {
		if err := cr.MaxSlippage.UnmarshalJSON(b.MaxSlippage); err != nil {
			return swaps.CreateRequest{}, invalid("max_slippage must be a decimal fraction such as \"0.005\" (0.5 %%)")
		}
	}
	if cr.IdempotencyKey == "" {
		return swaps.CreateRequest{}, invalid("the Idempotency-Key header is required: a unique string per swap, sent again unchanged when retrying")
	}
	for i := 0; i < len(cr.IdempotencyKey); i++ {
		if c := cr.IdempotencyKey[i]; c < 0x21 || c > 0x7e {
			return swaps.CreateRequest{}, invalid("the Idempotency-Key header must be printable ASCII without spaces")
		}
	}
	return cr, nil
}

func handleSwapCreate(d *deps) Action {
	return func(r *Request) (Response, error) {
		if d.Swaps == nil {
			return Response{}, errNoSwaps
		}
		if k, err := keyOf(d.APIKeys, r); err != nil {
			return Response{}, err
		} else if k == nil && d.RequireKeyForSwaps {
			return Response{}, errKeyMissing
		}
		cr, err := ParseSwapCreate(r)
		if err != nil {
			return Response{}, err
		}
		if len(r.ID) > 0 {
			r.Ctx = WithRequestID(r.Ctx, string(r.ID)) // venue calls log with it
		}
		sw, created, err := d.Swaps.Create(r.Ctx, cr)
		if err != nil {
			switch swapscout.ErrorCode(err) {
			case swapscout.EUNAVAILABLE, swapscout.EVENUE:
				// The client hears the code and message; the log gets the cause.
				d.Logger.Warn("swap not created", "venue", cr.Venue, "quote", cr.QuoteID, "request_id", string(r.ID), "err", err)
			}
			return Response{}, err
		}
		hist := d.history(r.Ctx, sw)
		status := 200
		hdr := swapHeaders
		if created {
			status = 201
			hdr = []Field{swapHeaders[0], {Key: "Location", Value: "/v1/swaps/" + sw.ID}}
		}
		return swapJSON(status, hdr, sw, hist), nil
	}
}

// swapJSON answers a swap with its history, as every swap route does.
func swapJSON(status int, hdr []Field, sw *swapscout.Swap, hist []swapscout.SwapEvent) Response {
	resp := JSON(status, append(api.AppendSwap(make([]byte, 0, 1536), sw, hist), '\n'))
	resp.Headers = hdr
	return resp
}

// swapParam is the route's swap id, once the server keeps swaps and the id
// is one of ours: anything else is not_found before a store is asked.
func (d *deps) swapParam(r *Request) (string, error) {
	if d.Swaps == nil {
		return "", errNoSwaps
	}
	id := string(r.Param("id"))
	if !swapscout.ValidSwapID(id) {
		return "", errNoSwap
	}
	return id, nil
}

// history reads a swap's history to answer it with its record; a swap the
// store just recorded has its first status even if the read fails.
func (d *deps) history(ctx context.Context, sw *swapscout.Swap) []swapscout.SwapEvent {
	if _, evs, err := d.Swaps.Get(context.WithoutCancel(ctx), sw.ID); err == nil {
		return evs
	}
	return []swapscout.SwapEvent{{At: sw.CreatedAt, Status: sw.Status, VenueStatus: sw.VenueStatus}}
}

func handleSwapGet(d *deps) Action {
	return func(r *Request) (Response, error) {
		id, err := d.swapParam(r)
		if err != nil {
			return Response{}, err
		}
		sw, hist, err := d.Swaps.Get(r.Ctx, id)
		if err != nil {
			return Response{}, err
		}
		return swapJSON(200, swapHeaders, sw, hist), nil
	}
}
