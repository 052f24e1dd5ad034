package godex

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps Godex's transaction statuses, the list crypto-power's Go
// client decodes (research A8, [CODE]).
var StatusWords = venue.TxStatuses(venue.StatusTable{"sending_confirmation": swapscout.StatusSending})

// createRequest is POST /api/v1/transaction (by deposit) or
// /transaction-revert (by withdrawal), as Edge sends it ([CODE]).
type createRequest struct {
	venue.TxRequest
	WithdrawalExtraID string `json:"withdrawal_extra_id,omitempty"`
	AffiliateID       string `json:"affiliate_id,omitempty"`
	IsEstimate        bool   `json:"isEstimate"`
	CoinFromNetwork   string `json:"coin_from_network"`
	CoinToNetwork     string `json:"coin_to_network"`
}

// transaction is the create answer and GET /api/v1/transaction/{id}
// ([CODE]), the family's shape; numbers may be strings or numbers.
type transaction struct{ venue.TxAnswer }

// CreateSwap creates a transaction on the coins' networks. Godex quotes one
// rate and takes no rate id; affiliate_id credits the swap when configured,
// and the key, when configured, goes in the public-key header
// (crypto-power).
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	tr, revert := venue.NewTxRequest(from.Coin, to.Coin, req)
	body := createRequest{TxRequest: tr, CoinFromNetwork: from.Network, CoinToNetwork: to.Network,
		WithdrawalExtraID: req.PayoutMemo, AffiliateID: c.cfg.Affiliate}
	_, path := venue.TxPaths(revert)
	b, _ := json.Marshal(body)
	var tx transaction
	if err := c.txCall(ctx, "POST", path, b, "", &tx); err != nil {
		return swapscout.SwapOrder{}, err
	}
	return venue.Created(Descriptor.Name, tx.Order())
}

// SwapStatus reads GET /api/v1/transaction/{id}: real_withdrawal_amount is
// what was paid out once hash_out is known.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var tx transaction
	if err := c.txCall(ctx, "GET", venue.TxCreatePath+"/"+url.PathEscape(ref.ID), nil, ref.ID, &tx); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	return tx.Update(Descriptor.Name, StatusWords)
}

func (c *Client) txCall(ctx context.Context, method, path string, body []byte, orderID string, tx *transaction) error {
	r := venue.Request{Method: method, URL: c.cfg.BaseURL + path}.JSON(body)
	if c.cfg.APIKey != "" {
		r.Header = []venue.Field{{Key: "public-key", Value: c.cfg.APIKey}}
	}
	return venue.Fetch(ctx, &c.cfg, r, func(status int, b []byte) error {
		var er errorReply
		failed := json.Unmarshal(b, &er) == nil && (string(er.Success) == "false" || string(er.Success) == "0")
		switch {
		case !failed && status >= 200 && status < 300:
			if err := json.Unmarshal(b, tx); err != nil {
				return venue.BadResponse(err)
			}
			return nil
		case !failed:
			return venue.HTTPRefusal(Descriptor.Name, status, orderID)
		}
		return venue.SwapRefusal(Descriptor.Name, status, orderID, er.Error, textError(max(status, 400), er.Error), "address", "extra")
	})
}

var _ swapscout.Swapper = (*Client)(nil)
