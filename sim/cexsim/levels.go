package cexsim

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// AppendLevels appends levels as a JSON array of arrays, [["price","qty"],…]
// with quoted decimals (Binance, Kraken, OKX…) or bare numbers (HTX), each
// with at least minDecimals decimals (Binance pads to 8). extra, when set,
// appends more elements to level i (Kraken's timestamp: `,1688671659`).
func AppendLevels(dst []byte, ls []sim.Level, quoted bool, minDecimals int, extra func(dst []byte, i int) []byte) []byte {
	dst = append(dst, '[')
	for i, l := range ls {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '[')
		dst = appendNum(dst, l.Price, quoted, minDecimals)
		dst = append(dst, ',')
		dst = appendNum(dst, l.Qty, quoted, minDecimals)
		if extra != nil {
			dst = extra(dst, i)
		}
		dst = append(dst, ']')
	}
	return append(dst, ']')
}

func appendNum(dst []byte, a swapscout.Amount, quoted bool, minDecimals int) []byte {
	if quoted {
		dst = append(dst, '"')
	}
	dst = AppendDecimal(dst, a, minDecimals)
	if quoted {
		dst = append(dst, '"')
	}
	return dst
}

// AppendDecimal appends a with at least minDecimals decimals, padding with
// zeros as venues do ("32085.65000000").
func AppendDecimal(dst []byte, a swapscout.Amount, minDecimals int) []byte {
	start := len(dst)
	dst = a.Append(dst)
	decimals, dot := 0, false
	for _, c := range dst[start:] {
		if c == '.' {
			dot = true
		} else if dot {
			decimals++
		}
	}
	if decimals < minDecimals && !dot {
		dst = append(dst, '.')
	}
	for ; decimals < minDecimals; decimals++ {
		dst = append(dst, '0')
	}
	return dst
}
