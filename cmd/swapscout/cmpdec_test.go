package main

import "github.com/swapscout/swapscout"

func cmpDecimal(a, b string) int {
	return swapscout.MustAmount(a).Cmp(swapscout.MustAmount(b))
}
