package cex

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
)

// Defaults of the Spec's tunables.
const (
	DefaultRefreshInterval = 10 * time.Minute
	DefaultBookTTL         = time.Second
	// DefaultListMaxBody caps a market or currency list's body, on the wire
	// and gunzipped: the lists of every venue here are under 1.5 MB
	// (Gate's ~2,600 pairs ~1.2 MB, Kraken's AssetPairs with fee tiers
	// ~1.5 MB, KuCoin's currencies with their chains ~1 MB), so 4 MiB leaves
	// room to grow while a hostile answer costs at most that.
	DefaultListMaxBody = 4 << 20
)

// Code is how a venue names a swapscout asset: the ticker its markets use,
// and the network it deposits and withdraws the asset on. Symbols map each
// supported asset+network to one Code, so Symbols.Check also proves that no
// two assets share one.
type Code struct {
	Ticker  string // as in the venue's market list: "BTC", Kraken's "XXBT"
	Network string // the venue's name for the network, e.g. Binance's "TRX" (informational)
}

// Network is what a venue's currency list says of one asset on one
// network.
type Network struct {
	Deposit, Withdraw bool             // open
	WithdrawFee       swapscout.Amount // in the asset; meaningful when HasFee
	HasFee            bool
	DepositMin        swapscout.Amount // the least deposit credited, in the asset; zero when none is known
}

// Bridge is an asset a two-leg route may pass through.
type Bridge struct {
	Ticker string // as in the venue's market list: "USDT", Kraken's "ZUSD"
	Asset  string // swapscout's lowercase ticker for it ("usdt", "usd"): fees are reported in it
}

// Market is one of the venue's markets, as its market list describes it.
type Market struct {
	book.Market // Base and Quote as the venue names them; Symbol to fetch the book by
	// TakerFee is the market's own taker fee (fraction) when the venue
	// publishes one (Kraken's AssetPairs `fees`); nil means Spec.TakerFee.
	TakerFee *swapscout.Amount
	// MinBase and MinQuote are the least order a market order may be, in the
	// base asset (Binance LOT_SIZE minQty, Kraken ordermin) and in quote value
	// (Binance NOTIONAL minNotional, Kraken costmin); zero when none.
	MinBase, MinQuote swapscout.Amount
}

// Spec is everything a CEX package tells the engine about its venue.
type Spec struct {
	Name string // display name, e.g. "Binance"
	// ID is the venue's id, which Descriptor sets: what its facts
	// (venue/<id>/venue.json) and its simulator's profile are filed under.
	ID string

	// Symbols maps each asset the venue takes and pays out, on each network it
	// deposits and withdraws on, to its Code.
	Symbols venue.Symbols[Code]
	// Bridges are tried in order when no market joins From and To directly.
	Bridges []Bridge

	// TakerFee is the default taker fee as a fraction (0.001 = 0.1%), for
	// markets that carry none; TakerFeeSource says where it comes from.
	TakerFee       swapscout.Amount
	TakerFeeSource string
	// WithdrawFees is the flat fee the venue deducts when it pays out an
	// asset on a network, in that asset; every mapped asset needs an entry
	// (zero when free). WithdrawFeeSource says where the table comes from.
	WithdrawFees      map[swapscout.Asset]swapscout.Amount
	WithdrawFeeSource string
	// FeeFromListOnly are mapped assets with no withdrawal fee on record:
	// the live currency list (NetworksPath) is their only source, and one
	// is paid out only where that list names its fee, never at a guessed
	// one. They need no WithdrawFees entry.
	FeeFromListOnly map[swapscout.Asset]bool

	// Depths are the book depths (levels per side) to ask, shallow first; a
	// deeper one is asked only when a walk runs off a truncated book. The
	// last is the most the venue serves (or the most worth its rate weight).
	// DepthsSource says where the venue's limits on them come from.
	Depths       []int
	DepthsSource string
	// BookMaxBody raises the response size cap for books, for venues that
	// always answer the whole book (Coinbase level 2, Bitstamp); 0 keeps the
	// client's cap (1 MiB: 5,000 levels a side are ~350 KB).
	BookMaxBody int
	// MarketsMaxBody and NetworksMaxBody cap the market and currency lists'
	// bodies (DefaultListMaxBody when 0): sized to what the endpoint really
	// sends with room to grow, never more, since every byte of a hostile
	// answer up to the cap is read and held.
	MarketsMaxBody, NetworksMaxBody int
	// BookTTL is how long a fetched book answers quotes (DefaultBookTTL when 0).
	BookTTL time.Duration
	// RefreshInterval is how often the market list is fetched (DefaultRefreshInterval when 0).
	RefreshInterval time.Duration
	// Header is sent with every call, after Accept: application/json.
	Header []venue.Field

	// MarketsPath is the path and query of the market list, after the base
	// URL; ParseMarkets reads the list from a 200 answer that is no error
	// envelope (ReadMarkets asks ErrorBody and Statuses first).
	MarketsPath  string
	ParseMarkets func(body []byte) ([]Market, error)
	// NetworksPath, when set, is the path of the venue's public list of
	// currencies and their networks, fetched with the market list;
	// ParseNetworks reads it (like ParseMarkets) into live terms by Code
	// (ticker and network as Symbols name them; the engine keeps those
	// Symbols uses). A live withdrawal fee replaces WithdrawFees' entry, and
	// a network whose deposits or withdrawals are closed is refused rather
	// than quoted. What the list does not cover keeps the static table.
	NetworksPath  string
	ParseNetworks func(body []byte) (map[Code]Network, error)

	// BookPath returns the path and query of m's book at depth.
	BookPath func(m Market, depth int) string
	// BookTemplate is venue.json's book_path template that BookPath was
	// made of ("/api/v3/depth?symbol={symbol}&limit={depth}"), when the
	// path is one; "" for a BookPath in code.
	BookTemplate string
	// Book is where a book answer holds the book, and how its levels are
	// laid out: book.Scanner.ReadBook reads it on the quote path, into
	// reused slices, without allocating.
	Book book.Shape
	// ParseBook, when set, reads a 200 book answer in Book's place, for a
	// venue whose answer says more than where its book is (Coinbase's
	// auction mode); it returns book.ErrNoBook for an answer without a
	// book, so that ErrorBody reads it.
	ParseBook func(s *book.Scanner, body []byte, b *book.Book) error

	// ErrorBody reads the venue's error envelope from an answer of any
	// status: a *swapscout.VenueError when body is one — an unknown symbol
	// unsupported_pair, a rejected key not_configured, a rate limit
	// rate_limited, with the venue's own words, clipped, in the message (see
	// Error) — and nil when it is not. It is the one reader of the venue's
	// errors: the engine asks it of every list answer before the list is
	// parsed, of every book answer whose status is not 200, and of a 200
	// book answer that holds no book, an empty one or a malformed one, so
	// that an error sent with HTTP 200 (OKX, Bybit, Kraken, HTX…) or a 4xx
	// with an error body is classified by its body, never reported as a
	// malformed or empty answer. It is not called on the hot path of a good
	// book. Nil leaves every answer to the parsers and Statuses.
	ErrorBody func(status int, body []byte) error
	// Statuses are what HTTP statuses mean at this venue when the body is
	// no error envelope (Binance's 451: a restricted location; Bybit's 403:
	// the IP banned for ten minutes; Coinbase's 404: an unknown product);
	// the engine answers a copy. Other statuses than 200 are
	// venue.StatusError's.
	Statuses map[int]swapscout.VenueError
}

// Validate checks the spec the way each CEX package's tests do: complete
// functions, a taker fee in [0, 1), Symbols that pass Check, a withdrawal fee
// for every mapped asset, one swapscout ticker per venue ticker, and
// increasing depths.
func (s *Spec) Validate() error {
	one := swapscout.AmountFromInt(1)
	switch {
	case s.Name == "":
		return errors.New("cex: spec has no name")
	case s.ParseMarkets == nil || s.BookPath == nil || s.MarketsPath == "":
		return fmt.Errorf("cex %s: market and book functions are required", s.Name)
	case (s.NetworksPath == "") != (s.ParseNetworks == nil):
		return fmt.Errorf("cex %s: NetworksPath and ParseNetworks go together", s.Name)
	case !s.TakerFee.Valid() || s.TakerFee.Sign() < 0 || s.TakerFee.Cmp(one) >= 0:
		return fmt.Errorf("cex %s: taker fee %s is not in [0, 1)", s.Name, s.TakerFee)
	case s.TakerFeeSource == "" || s.WithdrawFeeSource == "":
		return fmt.Errorf("cex %s: fee tables need their sources", s.Name)
	case len(s.Symbols) == 0:
		return fmt.Errorf("cex %s: no symbols", s.Name)
	case len(s.Depths) == 0:
		return fmt.Errorf("cex %s: no depths", s.Name)
	}
	if err := s.Symbols.Check(); err != nil {
		return fmt.Errorf("cex %s: %w", s.Name, err)
	}
	for i, d := range s.Depths {
		if d <= 0 || i > 0 && d <= s.Depths[i-1] {
			return fmt.Errorf("cex %s: depths %v must be positive and increasing", s.Name, s.Depths)
		}
	}
	for a := range s.FeeFromListOnly {
		if _, ok := s.Symbols[a]; !ok {
			return fmt.Errorf("cex %s: fee from list only for unmapped %s", s.Name, a)
		}
		if _, ok := s.WithdrawFees[a]; ok {
			return fmt.Errorf("cex %s: %s has a withdrawal fee on record and is marked fee from list only", s.Name, a)
		}
		if s.NetworksPath == "" {
			return fmt.Errorf("cex %s: fees from the list need a NetworksPath", s.Name)
		}
	}
	for a := range s.Symbols {
		if s.FeeFromListOnly[a] {
			continue
		}
		f, ok := s.WithdrawFees[a]
		if !ok {
			return fmt.Errorf("cex %s: no withdrawal fee for %s", s.Name, a)
		}
		if !f.Valid() || f.Sign() < 0 {
			return fmt.Errorf("cex %s: withdrawal fee %s for %s is negative", s.Name, f, a)
		}
	}
	for a := range s.WithdrawFees {
		if _, ok := s.Symbols[a]; !ok {
			return fmt.Errorf("cex %s: withdrawal fee for unmapped %s", s.Name, a)
		}
	}
	if _, err := s.assetTickers(); err != nil {
		return err
	}
	return nil
}

// assetTickers maps the venue's tickers (of Symbols and Bridges) to
// swapscout's lowercase tickers, checking that each has exactly one.
func (s *Spec) assetTickers() (map[string]string, error) {
	m := make(map[string]string, len(s.Symbols)+len(s.Bridges))
	add := func(venueTicker, asset string) error {
		if venueTicker == "" || asset == "" || asset != strings.ToLower(asset) {
			return fmt.Errorf("cex %s: bad ticker pair %q → %q", s.Name, venueTicker, asset)
		}
		if old, ok := m[venueTicker]; ok && old != asset {
			return fmt.Errorf("cex %s: venue ticker %s stands for both %s and %s", s.Name, venueTicker, old, asset)
		}
		m[venueTicker] = asset
		return nil
	}
	for a, c := range s.Symbols {
		if err := add(c.Ticker, a.Ticker); err != nil {
			return nil, err
		}
	}
	for _, b := range s.Bridges {
		if err := add(b.Ticker, b.Asset); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Ticker returns the venue's ticker for a swapscout ticker (any case), from
// Symbols or Bridges (simulators name their markets with it).
func (s *Spec) Ticker(asset string) (string, bool) {
	asset = strings.ToLower(asset)
	for a, c := range s.Symbols {
		if a.Ticker == asset {
			return c.Ticker, true
		}
	}
	for _, b := range s.Bridges {
		if b.Asset == asset {
			return b.Ticker, true
		}
	}
	return "", false
}

func (s *Spec) marketsMaxBody() int {
	if s.MarketsMaxBody > 0 {
		return s.MarketsMaxBody
	}
	return DefaultListMaxBody
}

func (s *Spec) networksMaxBody() int {
	if s.NetworksMaxBody > 0 {
		return s.NetworksMaxBody
	}
	return DefaultListMaxBody
}

func (s *Spec) bookTTL() time.Duration {
	if s.BookTTL > 0 {
		return s.BookTTL
	}
	return DefaultBookTTL
}
