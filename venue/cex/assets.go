package cex

import (
	"fmt"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// ParseAssets reads a venue's table of the assets it takes and pays out,
// one line an asset on a network:
//
//	# asset     ticker  network           withdrawal fee
//	usdt@trx    USDT    Tether (TRC20)    1               # [MEM]
//
// the swapscout asset as ticker@network, the venue's ticker for it, the
// venue's name for the network (which may hold spaces) and the flat fee the
// venue deducts when it pays the asset out there, in the asset. Columns are
// separated by spaces or tabs; a # starts a comment, to the end of the
// line. It returns the table as Spec.Symbols and Spec.WithdrawFees: one row
// per asset keeps the two in step, which Validate checks.
func ParseAssets(table string) (venue.Symbols[Code], map[swapscout.Asset]swapscout.Amount, error) {
	symbols := venue.Symbols[Code]{}
	fees := map[swapscout.Asset]swapscout.Amount{}
	for i, line := range strings.Split(table, "\n") {
		if c := strings.IndexByte(line, '#'); c >= 0 {
			line = line[:c]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		ticker, network, ok := strings.Cut(f[0], "@")
		if !ok || len(f) < 4 || ticker == "" || network == "" {
			return nil, nil, fmt.Errorf("cex: asset table line %d: want asset@network, ticker, network, fee: %q", i+1, line)
		}
		a := swapscout.Asset{Ticker: ticker, Network: network}
		fee, err := swapscout.ParseAmount(f[len(f)-1])
		if err != nil {
			return nil, nil, fmt.Errorf("cex: asset table line %d: fee: %w", i+1, err)
		}
		if _, dup := symbols[a]; dup {
			return nil, nil, fmt.Errorf("cex: asset table line %d: %s listed twice", i+1, a)
		}
		symbols[a] = Code{Ticker: f[1], Network: strings.Join(f[2:len(f)-1], " ")}
		fees[a] = fee
	}
	return symbols, fees, nil
}

// MustAssets is ParseAssets for a table compiled into the binary: it
// panics on a malformed one, which every start (and each venue's
// TestSymbols) would meet at once.
func MustAssets(table string) (venue.Symbols[Code], map[swapscout.Asset]swapscout.Amount) {
	symbols, fees, err := ParseAssets(table)
	if err != nil {
		panic(err)
	}
	return symbols, fees
}
