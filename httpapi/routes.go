package httpapi

import (
	"context"
	"log/slog"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// QuoteService fans a request out to venues (aggregate.Service satisfies it).
type QuoteService interface {
	Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error)
}

// Deps are the handlers' dependencies.
type Deps struct {
	Quotes QuoteService
	Store  swapscout.QuoteStore
	Venues func() []swapscout.VenueInfo
	// Health reports dependencies' state for /healthz (e.g. "store": "memory").
	Health func(ctx context.Context) map[string]string

	TTL             time.Duration // how long a quote id stays readable (default 2m)
	DefaultDeadline time.Duration // fan-out deadline when the request names none (default 3s)
	MaxDeadline     time.Duration // the longest deadline a request may ask for (default 30s)
	Now             func() time.Time
	Logger          *slog.Logger
}

// NewHandler returns the API with every route. This is the one list of routes;
// openapi.json documents exactly these (TestOpenAPIMatchesRoutes).
func NewHandler(d Deps) *Handler {
	if d.TTL <= 0 {
		d.TTL = 2 * time.Minute
	}
	if d.DefaultDeadline <= 0 {
		d.DefaultDeadline = 3 * time.Second
	}
	if d.MaxDeadline <= 0 {
		d.MaxDeadline = 30 * time.Second
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	h := &Handler{log: d.Logger}
	h.handle("GET", "/v1/quotes", handleQuoteCreate(&d))
	h.handle("GET", "/v1/quotes/{id}", handleQuoteGet(&d))
	h.handle("GET", "/v1/venues", handleVenues(&d))
	h.handle("GET", "/v1/openapi.json", handleOpenAPI())
	h.handle("GET", "/healthz", handleHealth(&d))
	return h
}
