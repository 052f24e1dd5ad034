package sideshift

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// An order is cancelled at CancelPath ([DOC]
// docs.sideshift.ai/endpoints/v2/cancelorder: POST /v2/cancel-order
// {"orderId"} with x-sideshift-secret; 204 when done, 400
// {"error":{"message","code"}} otherwise). SideShift cancels by expiring the
// order, and only once it is 5 minutes old.

// CancelAge is how old an order must be before SideShift cancels it.
const CancelAge = 5 * time.Minute

// CancelSwap cancels a shift nobody is to pay (the swap service refused its
// answer). An order already expired is done; one too young to cancel is
// refused with RetryAfter CancelAge, for the caller to ask again then.
func (c *Client) CancelSwap(ctx context.Context, ref swapscout.OrderRef) error {
	b, err := json.Marshal(struct {
		OrderID string `json:"orderId"`
	}{ref.ID})
	if err != nil {
		return err
	}
	r := venue.Request{Method: "POST", URL: c.cfg.BaseURL + CancelPath, Header: c.headers()}.JSON(b)
	return venue.Fetch(ctx, &c.cfg, r, func(status int, body []byte) error {
		var e struct {
			Error *apiError `json:"error"`
		}
		if status/100 == 2 && (len(bytes.TrimSpace(body)) == 0 || json.Unmarshal(body, &e) == nil && e.Error == nil) {
			return nil
		}
		if json.Unmarshal(body, &e) != nil || e.Error == nil {
			return venue.Refusal(Descriptor.Name, max(status, 400), ref.ID, "HTTP "+http.StatusText(status))
		}
		msg := e.Error.Message
		switch t := strings.ToLower(msg); {
		case strings.Contains(t, "already expired"):
			return nil // nothing left to pay
		case strings.Contains(t, "after 5 minutes"):
			return &swapscout.VenueError{Code: venue.CodeBadRequest, Msg: "SideShift: " + venue.Clip(msg), RetryAfter: CancelAge}
		}
		return venue.Refusal(Descriptor.Name, max(status, 400), ref.ID, msg)
	})
}

var _ swapscout.SwapCanceller = (*Client)(nil)
