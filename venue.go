package swapscout

// VenueKind separates instant-swap services from exchanges priced by their book.
type VenueKind string

const (
	InstantSwap VenueKind = "instant_swap"
	OrderBook   VenueKind = "order_book"
)

// Evidence says how sure we are of a venue's wire format (research tags).
type Evidence string

const (
	Recorded   Evidence = "recorded"   // fixtures rest on responses captured off the wire
	Documented Evidence = "documented" // on the venue's published examples
	FromCode   Evidence = "code"       // on what maintained client code accepts
)

// VenueInfo is what /v1/venues and `swapscout venues` show of a venue.
type VenueInfo struct {
	ID         string
	Name       string
	Kind       VenueKind
	KYC        KYCRating
	NeedsKey   bool
	FixedRate  bool
	Reverse    bool // can quote by the amount to receive
	Networks   []string
	Evidence   Evidence
	Configured bool // has what it needs to be asked (a key, when it needs one)
	Website    string
}
