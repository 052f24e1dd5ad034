package nearintents

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestSubmitDeposit: the deposit's hash goes to POST /v0/deposit/submit
// with the order's deposit address, and the answer reads as a status; a
// hash that is not plain text is refused without a call.
func TestSubmitDeposit(t *testing.T) {
	const hash = "5e2b8c1d9f3a7e6b4c0d2f8a1e3b5c7d9f0a2e4b6c8d0f1a3e5b7c9d1f3a5e7b"
	c, rp := recordedClient(t, []venuetest.Route{{Method: "POST", Path: SubmitPath, Fixture: "status.json"}})
	u, err := c.SubmitDeposit(context.Background(), recordedAddr, hash)
	if err != nil || u.Status != swapscout.StatusWaiting || u.VenueStatus != "PENDING_DEPOSIT" {
		t.Fatalf("SubmitDeposit = %+v, %v", u, err)
	}
	var body map[string]any
	reqs := rp.Requests()
	if len(reqs) != 1 || json.Unmarshal(reqs[0].Body, &body) != nil {
		t.Fatalf("requests %v", reqs)
	}
	if body["txHash"] != hash || body["depositAddress"] != recordedAddr || body["memo"] != nil {
		t.Errorf("body %v", body)
	}
	if got := reqs[0].Header.Get("Authorization"); got != "Bearer test-key" {
		t.Errorf("Authorization %q", got)
	}
	if _, err := c.SubmitDeposit(context.Background(), recordedAddr, "not a hash"); venuetest.Code(err) != venue.CodeBadRequest {
		t.Errorf("odd hash: %v, want bad_request", err)
	}
	if n := rp.Count(); n != 1 {
		t.Errorf("%d calls, want 1", n)
	}
	c, _ = recordedClient(t, []venuetest.Route{{Method: "POST", Path: SubmitPath, Fixture: "status_not_found.json", Status: 404}})
	if _, err := c.SubmitDeposit(context.Background(), recordedAddr, hash); venuetest.Code(err) != venue.CodeOrderNotFound {
		t.Errorf("unknown address: %v, want order_not_found", err)
	}
}
