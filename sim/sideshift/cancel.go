package sideshift

import (
	"errors"
	"net/http"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/sideshift"
)

// cancelRoute adds POST /v2/cancel-order as the docs describe it: an order
// at least 5 minutes old, still waiting for its deposit, is expired (204);
// a younger one, or one no longer waiting, is refused with the venue's
// words.
func (s *simAPI) cancelRoute(mux *http.ServeMux) {
	mux.HandleFunc("POST "+sideshift.CancelPath, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("x-sideshift-secret") == "" {
			writeJSON(w, 404, errBody(`Incorrect or missing "x-sideshift-secret" header`, "FORBIDDEN"))
			return
		}
		var q struct {
			OrderID string `json:"orderId"`
		}
		if err := swapsim.Decode(w, r, &q); err != nil || q.OrderID == "" {
			writeJSON(w, 400, errBody("Bad request", "BAD_USER_INPUT"))
			return
		}
		o, err := s.x.Order(q.OrderID)
		switch {
		case err != nil:
			writeJSON(w, 404, errBody("Order not found", "NOT_FOUND"))
			return
		case s.x.Now().Sub(o.CreatedAt) < sideshift.CancelAge:
			writeJSON(w, 400, errBody("Orders can only be cancelled after 5 minutes.", "BAD_USER_INPUT"))
			return
		}
		if _, err := s.x.ExpireOrder(q.OrderID); errors.Is(err, sim.ErrNotPayable) {
			writeJSON(w, 400, errBody("Order already expired", "BAD_USER_INPUT"))
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}
