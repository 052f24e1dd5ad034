package swapscout

// VenueKind says what a venue is, as README's Venues table classes them.
type VenueKind string

const (
	// InstantSwap is a swap service: it quotes, takes the deposit and pays
	// out itself (ChangeNOW, SideShift, …).
	InstantSwap VenueKind = "instant_swap"
	// Protocol is a non-custodial protocol reached through its API: a plain
	// deposit to an address it opens, filled on chain (Chainflip's deposit
	// channels, NEAR Intents' solvers).
	Protocol VenueKind = "protocol"
	// LiquidityNetwork is a non-custodial network of pools: the deposit
	// itself carries the swap's memo (THORChain, Maya).
	LiquidityNetwork VenueKind = "liquidity_network"
	// OrderBook is an exchange priced by walking its public order book.
	OrderBook VenueKind = "order_book"
)

// VenueKinds lists every kind, in README's order.
var VenueKinds = []VenueKind{InstantSwap, Protocol, LiquidityNetwork, OrderBook}

// Valid reports whether k is one of VenueKinds.
func (k VenueKind) Valid() bool {
	for _, v := range VenueKinds {
		if k == v {
			return true
		}
	}
	return false
}

// Label is k in words: "instant swap", "protocol", "liquidity network",
// "order book".
func (k VenueKind) Label() string {
	switch k {
	case LiquidityNetwork:
		return "liquidity network"
	case InstantSwap:
		return "instant swap"
	case OrderBook:
		return "order book"
	}
	return string(k)
}

// Evidence says how sure we are of a venue's wire format (research tags).
type Evidence string

const (
	Recorded   Evidence = "recorded"   // fixtures rest on responses captured off the wire
	Documented Evidence = "documented" // on the venue's published examples
	FromCode   Evidence = "code"       // on what maintained client code accepts
)

// Custody says who holds the user's coins during a swap.
type Custody string

const (
	// Custodial venues receive the deposit and pay out themselves.
	Custodial Custody = "custodial"
	// NonCustodial venues are protocols (liquidity networks, intent
	// solvers, deposit channels) that settle on chain; no company holds the coins.
	NonCustodial Custody = "non_custodial"
)

// ParseCustody parses "custodial" or "non_custodial"; empty is no custody
// ("": either).
func ParseCustody(s string) (Custody, error) {
	// The constants, never s: a caller's string(bytes) stays on its stack.
	for _, c := range [...]Custody{"", Custodial, NonCustodial} {
		if s == string(c) {
			return c, nil
		}
	}
	return "", Errorf(EINVALID, "custody must be custodial or non_custodial")
}

// DepositKind says what the user's deposit must be for the swap to happen.
type DepositKind string

const (
	// DepositTransfer is a plain transfer to the deposit address (with the
	// deposit memo when the address's network uses one).
	DepositTransfer DepositKind = "transfer"
	// DepositMemo is a transfer that must carry the swap's memo in the
	// transaction itself (THORChain, Maya): from Bitcoin-like chains an
	// OP_RETURN output, which many wallets cannot add.
	DepositMemo DepositKind = "memo"
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
	Custody    Custody // Custodial unless the venue says otherwise
	CanSwap    bool    // can create swaps through its API (Swapper)
	// Support is where the venue's users reach its support, for swap
	// venues (zero for the others).
	Support SupportContact
	// Ratings are the venue's KYC and log-policy ratings with their
	// evidence, and its stance on Tor.
	Ratings Ratings
	// Hold is how long the venue documents that it holds a fixed rate once
	// a swap is made (zero For: it does not state it).
	Hold RateHold
}
