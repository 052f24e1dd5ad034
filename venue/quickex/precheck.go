package quickex

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// PrecheckPath is Quickex's simplified AML report of an address (docs
// quickex.io/docs/elliptic-risk-reports: GET
// /api/v2/compliance/elliptic/address-report?address=…, key-signed like the
// order calls), relative to Descriptor.BaseURL.
const PrecheckPath = "/v2/compliance/elliptic/address-report"

// addressReport is its answer: completed says the compliance system reached
// a verdict; passed is never true unless completed.
type addressReport struct {
	Completed *bool `json:"completed"`
	Passed    *bool `json:"passed"`
}

var _ swapscout.AddressChecker = (*Client)(nil)

// CheckAddressRisk implements swapscout.AddressChecker: the address report
// of address. The network is not sent: the report takes the address alone.
// The query is what a configured key signs, as the order calls sign their
// body (the docs give the headers, not the signed text: an assumption the
// simulator shares).
func (c *Client) CheckAddressRisk(ctx context.Context, network, address string) (swapscout.AddressRisk, error) {
	q := url.Values{"address": {address}}.Encode()
	var rep addressReport
	err := c.orderCall(ctx, venue.Request{URL: c.cfg.BaseURL + PrecheckPath + "?" + q}, q, "", swapscout.Amount{}, nil, func(body []byte) error {
		if err := json.Unmarshal(body, &rep); err != nil || rep.Completed == nil || rep.Passed == nil {
			return venue.BadResponse(err)
		}
		return nil
	})
	if err != nil {
		return swapscout.AddressRisk{}, err
	}
	return swapscout.AddressRisk{Venue: Descriptor.ID, Completed: *rep.Completed, Passed: *rep.Completed && *rep.Passed}, nil
}
