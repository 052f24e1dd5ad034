package solanarpc_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain/chaintest"
	"github.com/swapscout/swapscout/chain/solanarpc"
)

const (
	wallet   = "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd"
	tokenAcc = "BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA"
	payer    = "9eDPHJUTou5C2xQGn5tHvXGTXVscUQB3RkkhtQzUE3Wz"
	usdcMint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
	sigSOL   = "5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv"
	sigUSDC  = "4fWaQXPstjYWVw5mofUFbwstLVKqPebQ4ANNmzxnuSDMQ77F5TNnq1jM8xpzQdeovDk2rGTt4X3BVjzkekjHMLS3"
	tipSlot  = 341197933
)

var (
	sigNone = strings.Repeat("1", 64) // 64 zero bytes
	usdc    = swapscout.Asset{Ticker: "usdc", Network: "sol"}
	sol     = swapscout.Asset{Ticker: "sol", Network: "sol"}
)

func newWatcher(t *testing.T, url string, timeout time.Duration) *solanarpc.Watcher {
	t.Helper()
	cfg := chaintest.Config(t, url, nil)
	cfg.Timeout = timeout
	w, err := solanarpc.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func routes() []chaintest.Route {
	return []chaintest.Route{
		{RPC: "getTokenAccountsByOwner", Param: wallet, Fixture: "token_accounts.json"},
		{RPC: "getSignaturesForAddress", Param: `"` + wallet + `"`, Fixture: "sigs_wallet.json"},
		{RPC: "getSignaturesForAddress", Param: `"` + tokenAcc + `"`, Fixture: "sigs_token_account.json"},
		{RPC: "getTransaction", Param: sigSOL, Fixture: "tx_sol.json"},
		{RPC: "getTransaction", Param: sigUSDC, Fixture: "tx_usdc.json"},
		{RPC: "getTransaction", Param: sigNone, Fixture: "null.json"},
		{RPC: "getSlot", Fixture: "slot.json"},
	}
}

var solTransfer = swapscout.Transfer{
	Network: "sol", TxID: sigSOL, Index: 1, Asset: sol, From: payer, To: wallet,
	Amount: swapscout.MustAmount("0.25"), Height: 341197900, Confirmations: tipSlot - 341197900 + 1,
	Time: time.Unix(1745400000, 0).UTC(),
}

func TestConformance(t *testing.T) {
	chaintest.Run(t, chaintest.Suite{
		New: func(t *testing.T, url string, timeout time.Duration) swapscout.ChainWatcher {
			return newWatcher(t, url, timeout)
		},
		Routes: routes(),
		Find:   swapscout.TransferQuery{Network: "sol", Address: wallet, Asset: usdc},
		Want: []swapscout.Transfer{{
			Network: "sol", TxID: sigUSDC, Index: 2, Asset: usdc, Contract: usdcMint, From: payer, To: wallet,
			Amount: swapscout.MustAmount("125.5"), Height: 341197920, Confirmations: tipSlot - 341197920 + 1,
			Time: time.Unix(1745400008, 0).UTC(),
		}},
		TxNetwork: "sol", TxID: sigSOL,
		WantTx:       []swapscout.Transfer{solTransfer},
		NotFoundTxID: sigNone,
		BadTxID:      "not-a-signature",
	})
}

// TestSOL: SOL to the wallet comes from its balance change; the failed
// transaction in its history is never fetched (the replay would refuse).
func TestSOL(t *testing.T) {
	rp := chaintest.NewReplay(t, "testdata", routes())
	w := newWatcher(t, rp.URL(), time.Second)
	got, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "sol", Address: wallet, Asset: sol})
	if err != nil {
		t.Fatal(err)
	}
	want := solTransfer
	want.Final = true // its signature entry says finalized
	if diff := cmp.Diff([]swapscout.Transfer{want}, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	// Finalized transactions are cached: a second query fetches none.
	before := len(rp.Requests())
	if _, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "sol", Address: wallet, Asset: sol}); err != nil {
		t.Fatal(err)
	}
	for _, r := range rp.Requests()[before:] {
		if strings.Contains(string(r.Body), "getTransaction") {
			t.Errorf("a finalized transaction was fetched again")
		}
	}
}

// TestTokenAccountAsked: a venue may give the token account itself as the
// deposit address; its transfers are found, addressed to it.
func TestTokenAccountAsked(t *testing.T) {
	rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{
		{RPC: "getTokenAccountsByOwner", Param: tokenAcc, Body: `{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":[]},"id":1}`},
		{RPC: "getSignaturesForAddress", Param: `"` + tokenAcc + `"`, Fixture: "sigs_token_account.json"},
		{RPC: "getTransaction", Param: sigUSDC, Fixture: "tx_usdc.json"},
		{RPC: "getSlot", Fixture: "slot.json"},
	})
	w := newWatcher(t, rp.URL(), time.Second)
	got, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "sol", Address: tokenAcc, Asset: usdc})
	if err != nil || len(got) != 1 || got[0].To != tokenAcc || got[0].Amount.String() != "125.5" {
		t.Errorf("FindTransfers(token account) = %+v, %v", got, err)
	}
}

// TestDocsExampleRefused: the getTransaction example of Solana's docs lists
// two account keys for five balances; such an answer cannot say who
// received what, and is refused rather than guessed.
func TestDocsExampleRefused(t *testing.T) {
	rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{{RPC: "getTransaction", Fixture: "tx_docs_example.json"}})
	w := newWatcher(t, rp.URL(), time.Second)
	_, err := w.Transaction(context.Background(), "sol", sigSOL)
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeBadResponse {
		t.Errorf("Transaction = %v, want bad_response", err)
	}
}
