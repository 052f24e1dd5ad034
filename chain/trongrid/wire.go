package trongrid

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
)

// Wire shapes of TronGrid's v1 API and java-tron's HTTP API, with only the
// fields read here.

type v1Envelope struct {
	Data    json.RawMessage `json:"data"`
	Success bool            `json:"success"`
	Error   string          `json:"error"`
	Meta    struct {
		Fingerprint string `json:"fingerprint"`
	} `json:"meta"`
}

// trc20Row is one entry of /v1/accounts/:address/transactions/trc20.
type trc20Row struct {
	TransactionID string `json:"transaction_id"`
	TokenInfo     struct {
		Address  string `json:"address"`
		Decimals int    `json:"decimals"`
	} `json:"token_info"`
	BlockTimestamp int64  `json:"block_timestamp"` // milliseconds
	From           string `json:"from"`
	To             string `json:"to"`
	Type           string `json:"type"`
	Value          string `json:"value"` // base units, decimal digits
}

// txJSON is a transaction as /v1/accounts/:address/transactions and
// /wallet/gettransactionbyid write it.
type txJSON struct {
	Ret []struct {
		ContractRet string `json:"contractRet"`
	} `json:"ret"`
	TxID           string `json:"txID"`
	BlockNumber    int64  `json:"blockNumber"`     // v1 only; 0 when unconfirmed
	BlockTimestamp int64  `json:"block_timestamp"` // v1 only, milliseconds
	RawData        struct {
		Contract []struct {
			Type      string `json:"type"`
			Parameter struct {
				Value struct {
					Amount          json.Number `json:"amount"`           // TransferContract, sun
					OwnerAddress    string      `json:"owner_address"`    // hex, 41…
					ToAddress       string      `json:"to_address"`       // TransferContract
					ContractAddress string      `json:"contract_address"` // TriggerSmartContract
					Data            string      `json:"data"`             // TriggerSmartContract call data
				} `json:"value"`
			} `json:"parameter"`
		} `json:"contract"`
	} `json:"raw_data"`
}

// txInfo is /wallet/gettransactioninfobyid's answer; {} until the
// transaction is in a block.
type txInfo struct {
	ID             string `json:"id"`
	BlockNumber    int64  `json:"blockNumber"`
	BlockTimeStamp int64  `json:"blockTimeStamp"` // milliseconds
	Receipt        struct {
		Result string `json:"result"` // "SUCCESS" for a contract call that succeeded; absent for plain transfers
	} `json:"receipt"`
	Log []struct {
		Address string   `json:"address"` // 20-byte hex, no 41
		Topics  []string `json:"topics"`  // 32-byte hex, no 0x
		Data    string   `json:"data"`
	} `json:"log"`
}

func (ti txInfo) mined() bool { return ti.BlockNumber > 0 }

func (ti txInfo) check(txid string) error {
	switch {
	case ti.ID == "" && ti.BlockNumber == 0:
		return nil // not in a block yet
	case !strings.EqualFold(ti.ID, txid):
		return fmt.Errorf("gettransactioninfobyid answered for %q, not %s", clip(ti.ID), txid)
	case ti.BlockNumber < 0 || ti.BlockNumber > 1<<40 || ti.BlockTimeStamp < 0 || ti.BlockTimeStamp > 1<<50:
		return fmt.Errorf("transaction %s: block %d at %d", txid, ti.BlockNumber, ti.BlockTimeStamp)
	}
	return nil
}

type blockJSON struct {
	Header struct {
		Raw struct {
			Number int64 `json:"number"`
		} `json:"raw_data"`
	} `json:"block_header"`
}

// transferTopic is the ERC-20/TRC-20 Transfer event's topic as TRON logs
// write it (no 0x).
const transferTopic = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"

// parseTRC20 reads the v1 TRC-20 history: Transfer rows of contract to the
// address to, with the catalogue's decimals (a row whose token says other
// decimals is a broken answer). Heights are left for the caller.
func parseTRC20(info swapscout.AssetInfo, contract string, rows []trc20Row, to string) ([]swapscout.Transfer, error) {
	var out []swapscout.Transfer
	for _, r := range rows {
		if r.Type != "Transfer" || !chain.SameAddress(Network, r.TokenInfo.Address, contract) || !chain.SameAddress(Network, r.To, to) {
			continue
		}
		if !validTxID(r.TransactionID) {
			return nil, fmt.Errorf("transaction id %q", clip(r.TransactionID))
		}
		if r.TokenInfo.Decimals != info.Decimals {
			return nil, fmt.Errorf("transaction %s: %s with %d decimals, the catalogue says %d", r.TransactionID, info.Asset, r.TokenInfo.Decimals, info.Decimals)
		}
		amt, err := swapscout.AmountFromUnits(r.Value, info.Decimals)
		if err != nil {
			return nil, fmt.Errorf("transaction %s: value: %w", r.TransactionID, err)
		}
		if amt.Sign() == 0 {
			continue
		}
		from, _ := chain.TronBase58(r.From)
		toB58, _ := chain.TronBase58(r.To)
		out = append(out, swapscout.Transfer{
			Network: Network, TxID: strings.ToLower(r.TransactionID), Index: 0, Asset: info.Asset, Contract: contract,
			From: from, To: toB58, Amount: amt, Time: msTime(r.BlockTimestamp),
		})
	}
	return out, nil
}

// parseNative reads TRX transfers (TransferContract) to the address to
// that succeeded.
func parseNative(trx swapscout.AssetInfo, rows []txJSON, to string) ([]swapscout.Transfer, error) {
	var out []swapscout.Transfer
	for _, tx := range rows {
		t, ok, err := nativeTransfer(trx, tx)
		if err != nil {
			return nil, err
		}
		if !ok || !chain.SameAddress(Network, t.To, to) {
			continue
		}
		if tx.BlockNumber < 0 || tx.BlockNumber > 1<<40 {
			return nil, fmt.Errorf("transaction %s: block %d", tx.TxID, tx.BlockNumber)
		}
		t.Height = tx.BlockNumber
		if t.Height > 0 {
			t.Time = msTime(tx.BlockTimestamp)
		}
		out = append(out, t)
	}
	return out, nil
}

// nativeTransfer is the TRX a TransferContract transaction moved, if it
// is one and did not fail.
func nativeTransfer(trx swapscout.AssetInfo, tx txJSON) (swapscout.Transfer, bool, error) {
	if len(tx.RawData.Contract) != 1 || tx.RawData.Contract[0].Type != "TransferContract" {
		return swapscout.Transfer{}, false, nil
	}
	if len(tx.Ret) > 0 && tx.Ret[0].ContractRet != "" && tx.Ret[0].ContractRet != "SUCCESS" {
		return swapscout.Transfer{}, false, nil
	}
	if !validTxID(tx.TxID) {
		return swapscout.Transfer{}, false, fmt.Errorf("transaction id %q", clip(tx.TxID))
	}
	v := tx.RawData.Contract[0].Parameter.Value
	to, ok1 := chain.TronBase58(v.ToAddress)
	from, ok2 := chain.TronBase58(v.OwnerAddress)
	if !ok1 || !ok2 {
		return swapscout.Transfer{}, false, fmt.Errorf("transaction %s: addresses %q → %q", tx.TxID, clip(v.OwnerAddress), clip(v.ToAddress))
	}
	amt, err := swapscout.AmountFromUnits(string(v.Amount), trx.Decimals)
	if err != nil {
		return swapscout.Transfer{}, false, fmt.Errorf("transaction %s: amount: %w", tx.TxID, err)
	}
	if amt.Sign() == 0 {
		return swapscout.Transfer{}, false, nil
	}
	return swapscout.Transfer{Network: Network, TxID: strings.ToLower(tx.TxID), Index: -1, Asset: trx.Asset,
		From: from, To: to, Amount: amt}, true, nil
}

// transferSelector is transfer(address,uint256)'s 4-byte selector.
const transferSelector = "a9059cbb"

// parseTransaction reads one transaction and its info: TRX moved by a
// TransferContract, the catalogue tokens' Transfer events of a mined
// contract call that succeeded, or, while it is not mined, the
// transfer(address,uint256) call it makes to a catalogue token.
func parseTransaction(trx swapscout.AssetInfo, tx txJSON, ti txInfo) ([]swapscout.Transfer, error) {
	var out []swapscout.Transfer
	at := time.Time{}
	if ti.mined() {
		at = msTime(ti.BlockTimeStamp)
	}
	if t, ok, err := nativeTransfer(trx, tx); err != nil {
		return nil, err
	} else if ok {
		t.Height, t.Time = ti.BlockNumber, at
		out = append(out, t)
	}
	if len(tx.RawData.Contract) != 1 || tx.RawData.Contract[0].Type != "TriggerSmartContract" {
		return out, nil
	}
	txid := strings.ToLower(tx.TxID)
	if !ti.mined() {
		v := tx.RawData.Contract[0].Parameter.Value
		data := strings.ToLower(v.Data)
		c, ok := chain.TronBase58(v.ContractAddress)
		info, known := swapscout.ChainTokenByContract(Network, c)
		if !ok || !known || len(data) != 8+128 || !strings.HasPrefix(data, transferSelector) {
			return out, nil
		}
		to, okTo := wordAddress(data[8:72])
		from, _ := chain.TronBase58(v.OwnerAddress)
		amt, err := chain.HexAmount(data[72:], info.Decimals)
		if !okTo || err != nil {
			return nil, fmt.Errorf("transaction %s: transfer call %q", txid, clip(data))
		}
		if amt.Sign() > 0 {
			out = append(out, swapscout.Transfer{Network: Network, TxID: txid, Index: -1, Asset: info.Asset, Contract: c, From: from, To: to, Amount: amt})
		}
		return out, nil
	}
	if ti.Receipt.Result != "SUCCESS" {
		return out, nil
	}
	for i, l := range ti.Log {
		if len(l.Topics) != 3 || !strings.EqualFold(l.Topics[0], transferTopic) {
			continue
		}
		c, ok := chain.TronBase58(l.Address)
		if !ok {
			return nil, fmt.Errorf("transaction %s log %d: contract %q", txid, i, clip(l.Address))
		}
		info, known := swapscout.ChainTokenByContract(Network, c)
		if !known {
			continue
		}
		from, ok1 := wordAddress(l.Topics[1])
		to, ok2 := wordAddress(l.Topics[2])
		if !ok1 || !ok2 || len(l.Data) != 64 {
			return nil, fmt.Errorf("transaction %s log %d: malformed Transfer event", txid, i)
		}
		amt, err := chain.HexAmount(l.Data, info.Decimals)
		if err != nil {
			return nil, fmt.Errorf("transaction %s log %d: %w", txid, i, err)
		}
		if amt.Sign() == 0 {
			continue
		}
		out = append(out, swapscout.Transfer{Network: Network, TxID: txid, Index: i, Asset: info.Asset, Contract: c,
			From: from, To: to, Amount: amt, Height: ti.BlockNumber, Time: at})
	}
	return out, nil
}

// wordAddress reads a TRON address from a 32-byte word: 12 zero bytes (or
// 11 and the 41 version byte, as some encoders write it), then 20 bytes.
func wordAddress(w string) (string, bool) {
	if len(w) != 64 {
		return "", false
	}
	if p := w[:24]; strings.Trim(p, "0") != "" && p != "000000000000000000000041" {
		return "", false
	}
	return chain.TronBase58(w[24:])
}

func msTime(ms int64) time.Time {
	if ms <= 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

func clip(s string) string {
	if len(s) > 70 {
		return s[:70] + "…"
	}
	return s
}
