package swaps

import (
	"context"
	"fmt"

	"github.com/swapscout/swapscout"
)

// preCheck asks the venue's AML pre-check about the refund address, which
// checkAddresses has checked locally already. A venue with no pre-check is
// a bad request (the user asked for one it does not offer); a flag, or a
// check that reached no verdict, refuses the swap before anything is
// reserved or ordered, naming the one venue that received the address.
func (s *Service) preCheck(ctx context.Context, sw swapscout.Swapper, venue, network, address string) (*swapscout.AddressRisk, error) {
	ac, ok := sw.(swapscout.AddressChecker)
	if !ok {
		return nil, swapscout.Errorf(swapscout.EINVALID, "precheck: %s offers no AML pre-check of an address; no address was sent anywhere", venue)
	}
	if address == "" {
		return nil, &AddressError{Field: "refund_address", Reason: "is required for a pre-check"}
	}
	ctx, cancel := context.WithTimeout(ctx, s.createTimeout(venue))
	defer cancel()
	risk, err := ac.CheckAddressRisk(ctx, network, address)
	if err != nil {
		return nil, swapscout.Errorf(swapscout.EUNAVAILABLE, "%s's AML pre-check did not answer (%v): no swap was made; the refund address went to %s only", venue, err, venue)
	}
	risk.Venue = venue
	switch {
	case !risk.Completed:
		return nil, &AddressError{Field: "refund_address", Reason: fmt.Sprintf("%s's AML pre-check reached no verdict on this address: no swap was made (the address went to %s only); try again, or swap without the pre-check", venue, venue)}
	case !risk.Passed:
		return nil, &AddressError{Field: "refund_address", Reason: fmt.Sprintf("%s's AML pre-check flagged this address: no swap was made there (the address went to %s only); a swap from funds linked to it would likely be held", venue, venue)}
	}
	return &risk, nil
}
