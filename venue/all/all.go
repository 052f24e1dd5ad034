// Package all is the one explicit list of venue adapters. Adding a venue is
// one package under venue/ and one line here; TestEveryAdapterListed fails
// when a sibling adapter directory is missing from the list.
package all

import (
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/binance"
	"github.com/swapscout/swapscout/venue/bitfinex"
	"github.com/swapscout/swapscout/venue/bitget"
	"github.com/swapscout/swapscout/venue/bitstamp"
	"github.com/swapscout/swapscout/venue/bybit"
	"github.com/swapscout/swapscout/venue/chainflip"
	"github.com/swapscout/swapscout/venue/changehero"
	"github.com/swapscout/swapscout/venue/changenow"
	"github.com/swapscout/swapscout/venue/coinbase"
	"github.com/swapscout/swapscout/venue/easybit"
	"github.com/swapscout/swapscout/venue/exolix"
	"github.com/swapscout/swapscout/venue/fixedfloat"
	"github.com/swapscout/swapscout/venue/gate"
	"github.com/swapscout/swapscout/venue/gemini"
	"github.com/swapscout/swapscout/venue/godex"
	"github.com/swapscout/swapscout/venue/htx"
	"github.com/swapscout/swapscout/venue/kraken"
	"github.com/swapscout/swapscout/venue/kucoin"
	"github.com/swapscout/swapscout/venue/letsexchange"
	"github.com/swapscout/swapscout/venue/majesticbank"
	"github.com/swapscout/swapscout/venue/mexc"
	"github.com/swapscout/swapscout/venue/nearintents"
	"github.com/swapscout/swapscout/venue/okx"
	"github.com/swapscout/swapscout/venue/quickex"
	"github.com/swapscout/swapscout/venue/sideshift"
	"github.com/swapscout/swapscout/venue/simpleswap"
	"github.com/swapscout/swapscout/venue/stealthex"
	"github.com/swapscout/swapscout/venue/trocador"

	// Non-custodial liquidity networks (THORNode API).
	"github.com/swapscout/swapscout/venue/maya"
	"github.com/swapscout/swapscout/venue/thorchain"
	"github.com/swapscout/swapscout/venue/wizardswap"
	"github.com/swapscout/swapscout/venue/xgram"
)

// Descriptors lists every venue, in the order they are shown.
var Descriptors = []*venue.Descriptor{
	&changenow.Descriptor,
	&exolix.Descriptor,
	&letsexchange.Descriptor,
	&stealthex.Descriptor,
	&simpleswap.Descriptor,
	&fixedfloat.Descriptor,
	&godex.Descriptor,
	&easybit.Descriptor,
	&wizardswap.Descriptor,
	&changehero.Descriptor,
	&quickex.Descriptor,
	&majesticbank.Descriptor,
	&xgram.Descriptor,
	&trocador.Descriptor,
	&sideshift.Descriptor,
	&chainflip.Descriptor,
	// Non-custodial protocols.
	&nearintents.Descriptor,
	// Non-custodial liquidity networks.
	&thorchain.Descriptor,
	&maya.Descriptor,
	&binance.Descriptor,
	&kraken.Descriptor,
	&coinbase.Descriptor,
	&bitstamp.Descriptor,
	&bitfinex.Descriptor,
	&okx.Descriptor,
	&bybit.Descriptor,
	&kucoin.Descriptor,
	&gate.Descriptor,
	&htx.Descriptor,
	&gemini.Descriptor,
	&mexc.Descriptor,
	&bitget.Descriptor,
}
