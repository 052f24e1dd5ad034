package chainwatch

import "time"

// BlockTimes are the networks' typical block times (slot time on Solana),
// for Grace.
var BlockTimes = map[string]time.Duration{
	"btc": 10 * time.Minute, "bch": 10 * time.Minute, "ltc": 150 * time.Second, "doge": time.Minute,
	"eth": 12 * time.Second, "bsc": 750 * time.Millisecond, "matic": 2 * time.Second, "avaxc": 2 * time.Second,
	"arbitrum": 250 * time.Millisecond, "base": 2 * time.Second, "op": 2 * time.Second,
	"trx": 3 * time.Second, "sol": 400 * time.Millisecond,
}

// broadcastGrace is the time a venue's wallet may take to broadcast a
// transfer after its status says it was sent.
const broadcastGrace = 30 * time.Minute

// Grace is how long after a venue says a transfer was made the chain may
// take to show it settled: twice the time its network needs for the
// confirmations swapscout requires, plus 30 minutes to broadcast (70
// minutes on Bitcoin, 35 on Ethereum, 31 on Solana).
func Grace(network string) time.Duration {
	bt, ok := BlockTimes[network]
	if !ok {
		bt = time.Minute
	}
	return 2*time.Duration(required(network))*bt + broadcastGrace
}

// Overdue reports whether the chain contradicts a venue that said, at
// claimed, that the transfer was made: past Grace, the chain still shows it
// not seen or not settled. Facts that are not the chain's word (no
// endpoint, a network that hides transfers, an endpoint failing) never
// contradict anything.
func Overdue(f Fact, network string, claimed time.Time) bool {
	if f.State != NotSeen && f.State != Seen {
		return false
	}
	return f.CheckedAt.Sub(claimed) > Grace(network)
}
