package evmrpc

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
)

// Wire shapes of the Ethereum JSON-RPC API (ethereum/execution-apis), with
// only the fields read here. Quantities are hex strings.

type logJSON struct {
	Address         string   `json:"address"`
	Topics          []string `json:"topics"`
	Data            string   `json:"data"`
	BlockNumber     *string  `json:"blockNumber"` // null for a pending log
	TransactionHash string   `json:"transactionHash"`
	LogIndex        *string  `json:"logIndex"`
	Removed         bool     `json:"removed"`
}

type blockJSON struct {
	Number     string `json:"number"`
	Hash       string `json:"hash"`
	ParentHash string `json:"parentHash"`
	Timestamp  string `json:"timestamp"`
	// Transactions are objects when the block was asked with full
	// transactions, hashes otherwise.
	Transactions json.RawMessage `json:"transactions"`
}

type txJSON struct {
	Hash        string  `json:"hash"`
	From        string  `json:"from"`
	To          *string `json:"to"` // null for a contract creation
	Value       string  `json:"value"`
	Input       string  `json:"input"`
	BlockNumber *string `json:"blockNumber"` // null while pending
}

type receiptJSON struct {
	Status      string    `json:"status"` // "0x1" success, "0x0" reverted
	BlockNumber string    `json:"blockNumber"`
	Logs        []logJSON `json:"logs"`
}

// tokenTransfer is one ERC-20 Transfer event, before it is tied to a
// catalogue asset.
type tokenTransfer struct {
	Contract, From, To, TxHash string
	Value                      string // the 32-byte data word, hex
	Block                      uint64 // 0: pending
	LogIndex                   int
}

// decodeTransferLogs returns the ERC-20 Transfer events among logs: first
// topic TransferTopic, exactly three topics (ERC-721 Transfer events index
// the token id as a fourth), one 32-byte data word. Removed logs are left
// out. Malformed numbers are errors.
func decodeTransferLogs(logs []logJSON) ([]tokenTransfer, error) {
	var out []tokenTransfer
	for _, l := range logs {
		if l.Removed || len(l.Topics) != 3 || !strings.EqualFold(l.Topics[0], TransferTopic) {
			continue
		}
		data := strings.TrimPrefix(l.Data, "0x")
		if len(data) != 64 || !chain.IsHex(data) {
			continue // not an ERC-20 Transfer (a non-standard event sharing the signature)
		}
		from, ok1 := topicAddress(l.Topics[1])
		to, ok2 := topicAddress(l.Topics[2])
		if !ok1 || !ok2 || !isHexAddress(l.Address) || !isHash(l.TransactionHash) {
			return nil, fmt.Errorf("transfer log of %q: malformed address, topic or transaction hash", clip(l.Address))
		}
		t := tokenTransfer{Contract: strings.ToLower(l.Address), From: from, To: to, TxHash: strings.ToLower(l.TransactionHash), Value: data}
		if l.BlockNumber != nil {
			n, err := chain.HexUint(*l.BlockNumber)
			if err != nil || n == 0 || n > 1<<40 {
				return nil, fmt.Errorf("transfer log in %s: block number %q", t.TxHash, clip(*l.BlockNumber))
			}
			t.Block = n
		}
		if l.LogIndex != nil {
			n, err := chain.HexUint(*l.LogIndex)
			if err != nil || n > 1<<20 {
				return nil, fmt.Errorf("transfer log in %s: log index %q", t.TxHash, clip(*l.LogIndex))
			}
			t.LogIndex = int(n)
		}
		out = append(out, t)
	}
	return out, nil
}

// topicAddress reads an address from a 32-byte topic: 12 zero bytes, then
// 20 bytes.
func topicAddress(topic string) (string, bool) {
	h := strings.TrimPrefix(topic, "0x")
	if len(h) != 64 || !chain.IsHex(h) || strings.Trim(h[:24], "0") != "" {
		return "", false
	}
	return "0x" + strings.ToLower(h[24:]), true
}

// parseLogs turns eth_getLogs answers into transfers of catalogue tokens
// to the address to (every recipient when to is empty). Confirmations and
// times are set by the caller.
func parseLogs(network string, logs []logJSON, to string) ([]swapscout.Transfer, error) {
	events, err := decodeTransferLogs(logs)
	if err != nil {
		return nil, err
	}
	var out []swapscout.Transfer
	for _, e := range events {
		if to != "" && e.To != to {
			continue
		}
		info, ok := swapscout.ChainTokenByContract(network, e.Contract)
		if !ok {
			continue // a token outside the catalogue
		}
		amt, err := chain.HexAmount(e.Value, info.Decimals)
		if err != nil {
			return nil, fmt.Errorf("transfer in %s: %w", e.TxHash, err)
		}
		if amt.Sign() == 0 {
			continue // a zero-value transfer (address-poisoning spam) moves nothing
		}
		contract, _ := swapscout.ChainToken(info.Asset)
		out = append(out, swapscout.Transfer{
			Network: network, TxID: e.TxHash, Index: e.LogIndex, Asset: info.Asset, Contract: contract,
			From: e.From, To: e.To, Amount: amt, Height: int64(e.Block),
		})
	}
	return out, nil
}

// transferSelector is the first 4 bytes of keccak256("transfer(address,uint256)").
const transferSelector = "a9059cbb"

// parsePending reads a pending transaction: its native value, or a
// catalogue token's transfer(address,uint256) call it makes. Height stays
// 0: nothing is certain until it is mined.
func parsePending(network string, native swapscout.AssetInfo, tx txJSON) ([]swapscout.Transfer, error) {
	if !isHash(tx.Hash) || tx.To == nil || !isHexAddress(*tx.To) {
		return nil, nil // a contract creation, or an answer without a hash: nothing to anyone
	}
	hash, to := strings.ToLower(tx.Hash), strings.ToLower(*tx.To)
	var out []swapscout.Transfer
	if nt, ok, err := nativeValue(network, native, tx); err != nil {
		return nil, err
	} else if ok {
		out = append(out, nt)
	}
	in := strings.TrimPrefix(strings.ToLower(tx.Input), "0x")
	if len(in) == 8+128 && strings.HasPrefix(in, transferSelector) {
		info, ok := swapscout.ChainTokenByContract(network, to)
		recipient, okTo := topicAddress(in[8:72])
		if ok && okTo {
			amt, err := chain.HexAmount(in[72:], info.Decimals)
			if err != nil {
				return nil, fmt.Errorf("transaction %s: transfer amount: %w", hash, err)
			}
			contract, _ := swapscout.ChainToken(info.Asset)
			if amt.Sign() > 0 {
				out = append(out, swapscout.Transfer{Network: network, TxID: hash, Index: -1, Asset: info.Asset,
					Contract: contract, From: strings.ToLower(tx.From), To: recipient, Amount: amt})
			}
		}
	}
	return out, nil
}

// nativeValue is the native coin a transaction carries to its "to"
// address, if any.
func nativeValue(network string, native swapscout.AssetInfo, tx txJSON) (swapscout.Transfer, bool, error) {
	if tx.To == nil || native.Ticker == "" || tx.Value == "" {
		return swapscout.Transfer{}, false, nil
	}
	amt, err := chain.HexAmount(tx.Value, native.Decimals)
	if err != nil {
		return swapscout.Transfer{}, false, fmt.Errorf("transaction %s: value: %w", clip(tx.Hash), err)
	}
	if amt.Sign() == 0 || !isHexAddress(*tx.To) {
		return swapscout.Transfer{}, false, nil
	}
	return swapscout.Transfer{Network: network, TxID: strings.ToLower(tx.Hash), Index: -1, Asset: native.Asset,
		From: strings.ToLower(tx.From), To: strings.ToLower(*tx.To), Amount: amt}, true, nil
}

// parseMined reads a mined transaction and its receipt: the native value
// (only if the receipt succeeded) and the catalogue tokens' Transfer events.
func parseMined(network string, native swapscout.AssetInfo, tx txJSON, rc receiptJSON) ([]swapscout.Transfer, error) {
	if !isHash(tx.Hash) {
		return nil, fmt.Errorf("transaction hash %q", clip(tx.Hash))
	}
	n, err := chain.HexUint(rc.BlockNumber)
	if err != nil || n == 0 || n > 1<<40 {
		return nil, fmt.Errorf("receipt of %s: block number %q", tx.Hash, clip(rc.BlockNumber))
	}
	var out []swapscout.Transfer
	if rc.Status == "0x1" {
		nt, ok, err := nativeValue(network, native, tx)
		if err != nil {
			return nil, err
		}
		if ok {
			nt.Height = int64(n)
			out = append(out, nt)
		}
	}
	tokens, err := parseLogs(network, rc.Logs, "")
	if err != nil {
		return nil, err
	}
	for _, t := range tokens {
		t.Height = int64(n)
		out = append(out, t)
	}
	return out, nil
}

// parseBlock reads a block with full transactions: its number, hash,
// parent, time and the native transfers of its transactions.
func parseBlock(network string, native swapscout.AssetInfo, raw []byte) (scannedBlock, error) {
	var b blockJSON
	if err := json.Unmarshal(raw, &b); err != nil {
		return scannedBlock{}, err
	}
	n, err := chain.HexUint(b.Number)
	if err != nil || n > 1<<40 {
		return scannedBlock{}, fmt.Errorf("block number %q", clip(b.Number))
	}
	t, err := chain.HexUint(b.Timestamp)
	if err != nil || t > 1<<40 {
		return scannedBlock{}, fmt.Errorf("block %d: timestamp %q", n, clip(b.Timestamp))
	}
	var txs []txJSON
	if len(b.Transactions) > 0 {
		if err := json.Unmarshal(b.Transactions, &txs); err != nil {
			return scannedBlock{}, fmt.Errorf("block %d: transactions: %w", n, err)
		}
	}
	sb := scannedBlock{num: n, hash: strings.ToLower(b.Hash), parent: strings.ToLower(b.ParentHash), time: int64(t)}
	for _, tx := range txs {
		if !isHash(tx.Hash) {
			continue
		}
		nt, ok, err := nativeValue(network, native, tx)
		if err != nil {
			return scannedBlock{}, err
		}
		if ok {
			nt.Height = int64(n)
			sb.txs = append(sb.txs, nt)
		}
	}
	return sb, nil
}

func clip(s string) string {
	if len(s) > 70 {
		return s[:70] + "…"
	}
	return s
}
