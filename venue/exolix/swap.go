package exolix

import (
	"context"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps Exolix's transaction statuses (research A3: "wait" is
// recorded in cake's create_transaction.json; Cake's provider also handles
// "deleted" and "error" [CODE]; confirmation, confirmed, exchanging,
// sending, success, overdue and refunded are from memory [MEM]). "deleted"
// is an order Exolix dropped unpaid, so expired; "confirmed" means the
// deposit is confirmed and the exchange under way.
var StatusWords = venue.TxStatuses(venue.StatusTable{"deleted": swapscout.StatusExpired})

// createRequest is POST /api/v2/transactions (cake create_transaction.json).
type createRequest struct {
	CoinFrom          string `json:"coinFrom"`
	CoinTo            string `json:"coinTo"`
	NetworkFrom       string `json:"networkFrom"`
	NetworkTo         string `json:"networkTo"`
	Amount            string `json:"amount,omitempty"`
	WithdrawalAmount  string `json:"withdrawalAmount,omitempty"`
	WithdrawalAddress string `json:"withdrawalAddress"`
	WithdrawalExtraID string `json:"withdrawalExtraId,omitempty"`
	RefundAddress     string `json:"refundAddress,omitempty"`
	RefundExtraID     string `json:"refundExtraId,omitempty"`
	RateType          string `json:"rateType"`
}

// transaction is the create answer and GET /api/v2/transactions/{id}.
type transaction struct {
	ID             string            `json:"id"`
	Amount         *swapscout.Amount `json:"amount"`
	AmountTo       *swapscout.Amount `json:"amountTo"`
	DepositAddress string            `json:"depositAddress"`
	DepositExtraID *string           `json:"depositExtraId"`
	HashIn         *struct {
		Hash *string `json:"hash"`
	} `json:"hashIn"`
	HashOut *struct {
		Hash *string `json:"hash"`
	} `json:"hashOut"`
	Status string `json:"status"`
	// Error bodies: {"errors":{field:message}}, {"error":…}, {"message":…}.
	Errors  map[string]json.RawMessage `json:"errors"`
	Error   *string                    `json:"error"`
	Message *string                    `json:"message"`
}

// CreateSwap creates a transaction at the offer's rate type; a receive-side
// order is asked by withdrawalAmount. Exolix takes no rate id: the fixed
// rate is the one current at creation. The partner is credited by the API
// key, sent as for quotes.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	body := createRequest{CoinFrom: from.Coin, NetworkFrom: from.Network, CoinTo: to.Coin, NetworkTo: to.Network,
		WithdrawalAddress: req.PayoutAddress, WithdrawalExtraID: req.PayoutMemo,
		RefundAddress: req.RefundAddress, RefundExtraID: req.RefundMemo, RateType: "float"}
	if req.Offer.RateType == swapscout.Fixed {
		body.RateType = "fixed"
	}
	if req.Request.Direction == swapscout.Receive {
		body.WithdrawalAmount = req.Offer.AmountOut.String()
	} else {
		body.Amount = req.Offer.AmountIn.String()
	}
	b, _ := json.Marshal(body)
	var tx transaction
	if err := c.txCall(ctx, "POST", c.cfg.BaseURL+TxPath, b, "", &tx); err != nil {
		return swapscout.SwapOrder{}, err
	}
	return venue.Created(Descriptor.Name, swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: tx.ID}, DepositAddress: tx.DepositAddress, DepositMemo: venue.Deref(tx.DepositExtraID),
		AmountIn: venue.Deref(tx.Amount), AmountOut: venue.Deref(tx.AmountTo), VenueStatus: tx.Status})
}

// SwapStatus reads GET /api/v2/transactions/{id}. Exolix has one amount
// for the payout, amountTo: the estimate while the transaction runs, what
// was sent once it succeeded (Cake Wallet reads it as the trade's received
// amount, exolix_api_schema.dart). So a successful transaction with its
// payout hash reports amountTo as the amount received; before that it is
// the promise, never taken for a payout.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var tx transaction
	if err := c.txCall(ctx, "GET", c.cfg.BaseURL+TxPath+"/"+url.PathEscape(ref.ID), nil, ref.ID, &tx); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	u, err := StatusWords.Update(Descriptor.Name, tx.Status)
	if err != nil {
		return u, err
	}
	if tx.HashIn != nil {
		u.DepositTx = venue.Deref(tx.HashIn.Hash)
	}
	if tx.HashOut != nil {
		u.PayoutTx = venue.Deref(tx.HashOut.Hash)
	}
	if u.Status == swapscout.StatusFinished && u.PayoutTx != "" {
		u.AmountReceived = venue.Positive(tx.AmountTo)
	}
	return u, nil
}

func (c *Client) txCall(ctx context.Context, method, u string, body []byte, orderID string, tx *transaction) error {
	var hdr []venue.Field
	if c.cfg.APIKey != "" {
		hdr = append(hdr, venue.Field{Key: "Authorization", Value: c.cfg.APIKey})
	}
	return venue.Fetch(ctx, &c.cfg, venue.Request{Method: method, URL: u, Header: hdr}.JSON(body), func(status int, b []byte) error {
		if err := venue.DecodeOrder(Descriptor.Name, status, b, orderID, tx); err != nil {
			return err
		}
		words := venue.Deref(tx.Error)
		if words == "" {
			words = venue.Deref(tx.Message)
		}
		if len(tx.Errors) > 0 {
			var parts []string
			for _, f := range slices.Sorted(maps.Keys(tx.Errors)) {
				parts = append(parts, f+": "+venue.FieldText(tx.Errors[f]))
			}
			words = strings.Join(parts, "; ")
		}
		switch {
		case status >= 200 && status < 300 && words == "":
			return nil
		case status >= 200 && status < 300:
			status = 400 // an error body sent with 200
		}
		if code := limitCode(words); code != "" {
			return swapscout.NewVenueError(code, "Exolix: %s", words)
		}
		return venue.Refusal(Descriptor.Name, status, orderID, words)
	})
}

var _ swapscout.Swapper = (*Client)(nil)
