package chain

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
)

var errHex = errors.New("not a hex quantity")

// HexUint parses a JSON-RPC quantity ("0x1b4", at most 64 bits) as EVM
// nodes write block numbers and timestamps.
func HexUint(s string) (uint64, error) {
	h, ok := strings.CutPrefix(s, "0x")
	if !ok || h == "" || len(h) > 16 {
		return 0, fmt.Errorf("%w: %q", errHex, clipText(s))
	}
	return strconv.ParseUint(h, 16, 64)
}

// HexAmount turns a hex count of base units (a quantity "0x…" or a 32-byte
// ABI word, with or without 0x) into the exact Amount of an asset with
// that many decimals. Values too large for an Amount are errors.
func HexAmount(s string, decimals int) (swapscout.Amount, error) {
	h := strings.TrimPrefix(s, "0x")
	if h == "" || len(h) > 64 {
		return swapscout.Amount{}, fmt.Errorf("%w: %q", errHex, clipText(s))
	}
	n, ok := new(big.Int).SetString(h, 16)
	if !ok || n.Sign() < 0 {
		return swapscout.Amount{}, fmt.Errorf("%w: %q", errHex, clipText(s))
	}
	return swapscout.AmountFromUnits(n.String(), decimals)
}

// Confirmations is the confirmation count of a transaction in block height
// when the tip is tip: the block itself counts. 0 for an unconfirmed
// transaction; 1 when the tip lags behind the block (a load balancer's
// backends disagree), since the transaction is in a block.
func Confirmations(tip, height int64) int64 {
	if height <= 0 {
		return 0
	}
	return max(tip-height+1, 1)
}

func clipText(s string) string {
	if len(s) > 70 {
		return s[:70] + "…"
	}
	return s
}

// IsHex reports whether s is made of hex digits only (either case).
func IsHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// IsHexID reports whether s is a 32-byte id written as 64 hex digits, as
// UTXO chains and TRON write transaction ids.
func IsHexID(s string) bool { return len(s) == 64 && IsHex(s) }
