package chain

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/btcsuite/btcd/btcutil/base58"

	"github.com/swapscout/swapscout"
	chainkit "github.com/swapscout/swapscout/chain"
)

// URL is the root a chain watcher of network is configured with when the
// chain is served at base (e.g. http://127.0.0.1:8090/chain): what
// chain/all.Endpoint.URL takes.
func URL(base, network string) string {
	switch {
	case network == "trx":
		return base + "/trongrid"
	case network == "sol":
		return base + "/solana"
	case evm[network]:
		return base + "/evm/" + network
	}
	return base + "/esplora/" + network
}

// Handler serves every simulated network in its format (paths in the
// package doc).
func (c *Chain) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /esplora/{net}/address/{addr}/txs", c.esploraHistory)
	mux.HandleFunc("GET /esplora/{net}/address/{addr}/txs/chain/{last}", c.esploraHistory)
	mux.HandleFunc("GET /esplora/{net}/tx/{txid}", c.esploraTx)
	mux.HandleFunc("GET /esplora/{net}/blocks/tip/height", c.esploraTip)
	mux.HandleFunc("POST /evm/{net}", c.evmRPC)
	mux.HandleFunc("GET /trongrid/v1/accounts/{addr}/transactions/trc20", c.tronTRC20)
	mux.HandleFunc("GET /trongrid/v1/accounts/{addr}/transactions", c.tronTRX)
	mux.HandleFunc("POST /trongrid/wallet/{method}", c.tronWallet)
	mux.HandleFunc("POST /solana", c.solanaRPC)
	return mux
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// network reads {net} and checks the chain serves it in format.
func (c *Chain) network(w http.ResponseWriter, r *http.Request, want func(string) bool) (string, bool) {
	n := r.PathValue("net")
	if _, ok := c.nets[n]; !ok || !want(n) {
		http.Error(w, "no such network", http.StatusNotFound)
		return "", false
	}
	return n, true
}

func isEsplora(n string) bool { return n == "btc" || n == "ltc" || n == "bch" || n == "doge" }

// ---- Esplora ---------------------------------------------------------------

type esploraOut struct {
	ScriptPubKey string `json:"scriptpubkey"`
	Type         string `json:"scriptpubkey_type"`
	Address      string `json:"scriptpubkey_address"`
	Value        int64  `json:"value"`
}

type esploraTxJSON struct {
	TxID     string `json:"txid"`
	Version  int    `json:"version"`
	Locktime int    `json:"locktime"`
	Vin      []struct {
		TxID     string     `json:"txid"`
		Vout     int        `json:"vout"`
		Prevout  esploraOut `json:"prevout"`
		Coinbase bool       `json:"is_coinbase"`
		Sequence uint32     `json:"sequence"`
	} `json:"vin"`
	Vout   []esploraOut `json:"vout"`
	Size   int          `json:"size"`
	Weight int          `json:"weight"`
	Fee    int64        `json:"fee"`
	Status struct {
		Confirmed   bool   `json:"confirmed"`
		BlockHeight int64  `json:"block_height,omitempty"`
		BlockHash   string `json:"block_hash,omitempty"`
		BlockTime   int64  `json:"block_time,omitempty"`
	} `json:"status"`
}

const esploraFee = 1410 // satoshis, a typical one-input two-output fee

func (c *Chain) esploraJSON(v view) esploraTxJSON {
	sats, _ := strconv.ParseInt(units(v.Amount, v.Asset), 10, 64)
	var tx esploraTxJSON
	tx.TxID, tx.Version, tx.Size, tx.Weight, tx.Fee = v.TxID, 2, 222, 561, esploraFee
	tx.Vin = make([]struct {
		TxID     string     `json:"txid"`
		Vout     int        `json:"vout"`
		Prevout  esploraOut `json:"prevout"`
		Coinbase bool       `json:"is_coinbase"`
		Sequence uint32     `json:"sequence"`
	}, 1)
	tx.Vin[0].TxID = c.makeID(v.Network, "funding", v.TxID)
	tx.Vin[0].Prevout = esploraOut{Address: v.From, Value: sats + esploraFee, Type: "p2sh"}
	tx.Vin[0].Sequence = 0xfffffffd
	tx.Vout = []esploraOut{{Address: v.To, Value: sats, Type: "p2pkh"}}
	if v.confirmed {
		tx.Status.Confirmed, tx.Status.BlockHeight, tx.Status.BlockTime = true, v.Height, v.Block.Unix()
		tx.Status.BlockHash = c.makeID(v.Network, "block", strconv.FormatInt(v.Height, 10))
	}
	return tx
}

// esploraHistory answers /address/:a/txs (up to 50 mempool and 25
// confirmed transactions, newest first) and /txs/chain/:last (the next 25
// confirmed after last).
func (c *Chain) esploraHistory(w http.ResponseWriter, r *http.Request) {
	n, ok := c.network(w, r, isEsplora)
	if !ok {
		return
	}
	addr, last := r.PathValue("addr"), r.PathValue("last")
	_, _, vs := c.visible(n, func(rec *Recorded) bool { return chainkit.SameAddress(n, rec.To, addr) })
	out := []esploraTxJSON{}
	mempool, confirmed, skipping := 0, 0, last != ""
	for _, v := range vs {
		switch {
		case !v.confirmed && last == "" && mempool < 50:
			mempool++
			out = append(out, c.esploraJSON(v))
		case v.confirmed && skipping:
			skipping = v.TxID != last
		case v.confirmed && confirmed < 25:
			confirmed++
			out = append(out, c.esploraJSON(v))
		}
	}
	writeJSON(w, out)
}

func (c *Chain) esploraTx(w http.ResponseWriter, r *http.Request) {
	n, ok := c.network(w, r, isEsplora)
	if !ok {
		return
	}
	_, tip, rec, found := c.lookup(n, r.PathValue("txid"))
	if !found {
		http.Error(w, "Transaction not found", http.StatusNotFound)
		return
	}
	writeJSON(w, c.esploraJSON(view{Recorded: rec, confirmed: rec.Height <= tip}))
}

func (c *Chain) esploraTip(w http.ResponseWriter, r *http.Request) {
	n, ok := c.network(w, r, isEsplora)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "text/plain")
	fmt.Fprint(w, c.Tip(n))
}

// ---- Ethereum JSON-RPC -----------------------------------------------------

type rpcReq struct {
	ID     json.RawMessage   `json:"id"`
	Method string            `json:"method"`
	Params []json.RawMessage `json:"params"`
}

func rpcAnswer(w http.ResponseWriter, id json.RawMessage, result any, errMsg string) {
	if len(id) == 0 {
		id = json.RawMessage("1")
	}
	if errMsg != "" {
		writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": -32602, "message": errMsg}})
		return
	}
	writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func readRPC(w http.ResponseWriter, r *http.Request) (rpcReq, bool) {
	var req rpcReq
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&req); err != nil {
		writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": -32700, "message": "parse error"}})
		return req, false
	}
	return req, true
}

// str is the request's i-th parameter as a string ("" when it is missing
// or not a string).
func (req *rpcReq) str(i int) string {
	var s string
	if i < len(req.Params) {
		_ = json.Unmarshal(req.Params[i], &s)
	}
	return s
}

func hexQ(n int64) string { return "0x" + strconv.FormatInt(n, 16) }

func word(hexDigits string) string { return strings.Repeat("0", 64-len(hexDigits)) + hexDigits }

func unitsHex(a swapscout.Amount, asset swapscout.Asset) string {
	n, _ := new(big.Int).SetString(units(a, asset), 10)
	return n.Text(16)
}

const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"

func (c *Chain) evmTx(v view) map[string]any {
	tx := map[string]any{"hash": v.TxID, "from": strings.ToLower(v.From), "gas": "0x5208", "gasPrice": "0x3b9aca00",
		"nonce": "0x1", "transactionIndex": "0x0", "type": "0x2", "blockNumber": nil, "blockHash": nil}
	if contract, token := swapscout.ChainToken(v.Asset); token {
		tx["to"], tx["value"] = strings.ToLower(contract), "0x0"
		tx["input"] = "0xa9059cbb" + word(strings.TrimPrefix(strings.ToLower(v.To), "0x")) + word(unitsHex(v.Amount, v.Asset))
	} else {
		tx["to"], tx["value"], tx["input"] = strings.ToLower(v.To), "0x"+unitsHex(v.Amount, v.Asset), "0x"
	}
	if v.confirmed {
		tx["blockNumber"], tx["blockHash"] = hexQ(v.Height), c.makeID(v.Network, "block", strconv.FormatInt(v.Height, 10))
	}
	return tx
}

func (c *Chain) evmLog(v view) map[string]any {
	contract, _ := swapscout.ChainToken(v.Asset)
	return map[string]any{
		"address": strings.ToLower(contract),
		"topics": []string{transferTopic,
			"0x" + word(strings.TrimPrefix(strings.ToLower(v.From), "0x")),
			"0x" + word(strings.TrimPrefix(strings.ToLower(v.To), "0x"))},
		"data": "0x" + word(unitsHex(v.Amount, v.Asset)), "blockNumber": hexQ(v.Height),
		"blockHash": c.makeID(v.Network, "block", strconv.FormatInt(v.Height, 10)), "transactionHash": v.TxID,
		"transactionIndex": "0x0", "logIndex": "0x0", "removed": false,
	}
}

func (c *Chain) evmRPC(w http.ResponseWriter, r *http.Request) {
	n, ok := c.network(w, r, func(n string) bool { return evm[n] })
	if !ok {
		return
	}
	req, ok := readRPC(w, r)
	if !ok {
		return
	}
	l := c.nets[n]
	switch req.Method {
	case "eth_blockNumber":
		rpcAnswer(w, req.ID, hexQ(c.Tip(n)), "")
	case "eth_chainId":
		rpcAnswer(w, req.ID, "0x1", "")
	case "eth_getBlockByNumber":
		tip := c.Tip(n)
		num := tip
		if s := req.str(0); s != "latest" {
			v, err := strconv.ParseInt(strings.TrimPrefix(s, "0x"), 16, 64)
			if err != nil {
				rpcAnswer(w, req.ID, nil, "invalid block number")
				return
			}
			num = v
		}
		var full bool
		if len(req.Params) > 1 {
			_ = json.Unmarshal(req.Params[1], &full)
		}
		if num > tip || num < 0 {
			rpcAnswer(w, req.ID, nil, "")
			return
		}
		_, _, vs := c.visible(n, func(rec *Recorded) bool { return rec.Height == num })
		txs := []any{}
		for i := len(vs) - 1; i >= 0; i-- {
			if full {
				txs = append(txs, c.evmTx(vs[i]))
			} else {
				txs = append(txs, vs[i].TxID)
			}
		}
		rpcAnswer(w, req.ID, map[string]any{
			"number": hexQ(num), "hash": c.makeID(n, "block", strconv.FormatInt(num, 10)),
			"parentHash": c.makeID(n, "block", strconv.FormatInt(num-1, 10)), "timestamp": hexQ(c.blockTime(l, num).Unix()),
			"transactions": txs,
		}, "")
	case "eth_getLogs":
		var f struct {
			FromBlock, ToBlock string
			Address            json.RawMessage
			Topics             []json.RawMessage
		}
		if len(req.Params) == 0 || json.Unmarshal(req.Params[0], &f) != nil {
			rpcAnswer(w, req.ID, nil, "invalid filter")
			return
		}
		tip := c.Tip(n)
		lo, hi := blockArg(f.FromBlock, tip), blockArg(f.ToBlock, tip)
		var addrs []string
		if json.Unmarshal(f.Address, &addrs) != nil {
			var one string
			if json.Unmarshal(f.Address, &one) == nil && one != "" {
				addrs = []string{one}
			}
		}
		topic2 := ""
		if len(f.Topics) > 2 {
			_ = json.Unmarshal(f.Topics[2], &topic2)
		}
		_, _, vs := c.visible(n, func(rec *Recorded) bool {
			contract, token := swapscout.ChainToken(rec.Asset)
			if !token || rec.Height < lo || rec.Height > hi || rec.Height > tip {
				return false
			}
			if len(addrs) > 0 && !containsFold(addrs, contract) {
				return false
			}
			return topic2 == "" || strings.EqualFold(topic2, "0x"+word(strings.TrimPrefix(strings.ToLower(rec.To), "0x")))
		})
		logs := []any{}
		for i := len(vs) - 1; i >= 0; i-- {
			logs = append(logs, c.evmLog(vs[i]))
		}
		rpcAnswer(w, req.ID, logs, "")
	case "eth_getTransactionByHash":
		_, tip, rec, found := c.lookup(n, req.str(0))
		if !found {
			rpcAnswer(w, req.ID, nil, "")
			return
		}
		rpcAnswer(w, req.ID, c.evmTx(view{Recorded: rec, confirmed: rec.Height <= tip}), "")
	case "eth_getTransactionReceipt":
		_, tip, rec, found := c.lookup(n, req.str(0))
		if !found || rec.Height > tip {
			rpcAnswer(w, req.ID, nil, "")
			return
		}
		v := view{Recorded: rec, confirmed: true}
		logs := []any{}
		if _, token := swapscout.ChainToken(rec.Asset); token {
			logs = append(logs, c.evmLog(v))
		}
		tx := c.evmTx(v)
		rpcAnswer(w, req.ID, map[string]any{"transactionHash": rec.TxID, "blockNumber": hexQ(rec.Height),
			"blockHash": tx["blockHash"], "from": tx["from"], "to": tx["to"], "status": "0x1", "logs": logs,
			"gasUsed": "0x5208", "cumulativeGasUsed": "0x5208", "effectiveGasPrice": "0x3b9aca00", "type": "0x2"}, "")
	default:
		rpcAnswer(w, req.ID, nil, "the simulated node does not serve "+req.Method)
	}
}

func blockArg(s string, tip int64) int64 {
	if s == "" || s == "latest" {
		return tip
	}
	v, err := strconv.ParseInt(strings.TrimPrefix(s, "0x"), 16, 64)
	if err != nil {
		return tip
	}
	return v
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// ---- TronGrid --------------------------------------------------------------

func tronHex(addr string) string {
	h, _ := chainkit.TronHex(addr)
	return "41" + h
}

func (c *Chain) tronSince(r *http.Request) time.Time {
	ms, err := strconv.ParseInt(r.URL.Query().Get("min_timestamp"), 10, 64)
	if err != nil || ms <= 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

func stamp(v view) int64 {
	if v.confirmed {
		return v.Block.UnixMilli()
	}
	return v.At.UnixMilli()
}

func (c *Chain) tronTRC20(w http.ResponseWriter, r *http.Request) {
	addr, since := r.PathValue("addr"), c.tronSince(r)
	contract := r.URL.Query().Get("contract_address")
	_, _, vs := c.visible("trx", func(rec *Recorded) bool {
		ct, token := swapscout.ChainToken(rec.Asset)
		return token && (contract == "" || chainkit.SameAddress("trx", ct, contract)) &&
			chainkit.SameAddress("trx", rec.To, addr) && !rec.At.Before(since)
	})
	rows := []any{}
	for _, v := range vs {
		info, _ := swapscout.LookupAsset(v.Asset)
		ct, _ := swapscout.ChainToken(v.Asset)
		rows = append(rows, map[string]any{
			"transaction_id": v.TxID, "block_timestamp": stamp(v), "from": v.From, "to": v.To, "type": "Transfer",
			"value":      units(v.Amount, v.Asset),
			"token_info": map[string]any{"symbol": strings.ToUpper(v.Asset.Ticker), "address": ct, "decimals": info.Decimals, "name": info.Name},
		})
	}
	writeJSON(w, map[string]any{"data": rows, "success": true, "meta": map[string]any{"at": c.cfg.Now().UnixMilli(), "page_size": len(rows)}})
}

func (c *Chain) tronTx(v view) map[string]any {
	contract := map[string]any{"type": "TransferContract", "parameter": map[string]any{
		"value":    map[string]any{"amount": json.Number(units(v.Amount, v.Asset)), "owner_address": tronHex(v.From), "to_address": tronHex(v.To)},
		"type_url": "type.googleapis.com/protocol.TransferContract"}}
	if ct, token := swapscout.ChainToken(v.Asset); token {
		to, _ := chainkit.TronHex(v.To)
		contract = map[string]any{"type": "TriggerSmartContract", "parameter": map[string]any{
			"value": map[string]any{"data": "a9059cbb" + word(to) + word(unitsHex(v.Amount, v.Asset)),
				"owner_address": tronHex(v.From), "contract_address": tronHex(ct)},
			"type_url": "type.googleapis.com/protocol.TriggerSmartContract"}}
	}
	tx := map[string]any{"ret": []any{map[string]any{"contractRet": "SUCCESS"}}, "txID": v.TxID,
		"raw_data": map[string]any{"contract": []any{contract}, "timestamp": v.At.UnixMilli()}}
	if v.confirmed {
		tx["blockNumber"], tx["block_timestamp"] = v.Height, v.Block.UnixMilli()
	}
	return tx
}

func (c *Chain) tronTRX(w http.ResponseWriter, r *http.Request) {
	addr, since := r.PathValue("addr"), c.tronSince(r)
	_, _, vs := c.visible("trx", func(rec *Recorded) bool {
		return swapscout.ChainNative(rec.Asset) && chainkit.SameAddress("trx", rec.To, addr) && !rec.At.Before(since)
	})
	rows := []any{}
	for _, v := range vs {
		rows = append(rows, c.tronTx(v))
	}
	writeJSON(w, map[string]any{"data": rows, "success": true, "meta": map[string]any{"at": c.cfg.Now().UnixMilli(), "page_size": len(rows)}})
}

func (c *Chain) tronWallet(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Value string `json:"value"`
	}
	_ = json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&body)
	l := c.nets["trx"]
	switch r.PathValue("method") {
	case "getblock", "getnowblock":
		tip := c.Tip("trx")
		writeJSON(w, map[string]any{"blockID": c.makeID("trx", "block", strconv.FormatInt(tip, 10)),
			"block_header": map[string]any{"raw_data": map[string]any{"number": tip, "timestamp": c.blockTime(l, tip).UnixMilli()}}})
	case "gettransactionbyid":
		_, tip, rec, found := c.lookup("trx", body.Value)
		if !found {
			writeJSON(w, map[string]any{})
			return
		}
		tx := c.tronTx(view{Recorded: rec, confirmed: rec.Height <= tip})
		delete(tx, "blockNumber") // the wallet API leaves the block to the info call
		delete(tx, "block_timestamp")
		writeJSON(w, tx)
	case "gettransactioninfobyid":
		_, tip, rec, found := c.lookup("trx", body.Value)
		if !found || rec.Height > tip {
			writeJSON(w, map[string]any{})
			return
		}
		info := map[string]any{"id": rec.TxID, "fee": 1100000, "blockNumber": rec.Height, "blockTimeStamp": rec.Block.UnixMilli(),
			"receipt": map[string]any{"net_usage": 268}}
		if ct, token := swapscout.ChainToken(rec.Asset); token {
			from, _ := chainkit.TronHex(rec.From)
			to, _ := chainkit.TronHex(rec.To)
			cth, _ := chainkit.TronHex(ct)
			info["contract_address"] = "41" + cth
			info["receipt"] = map[string]any{"energy_usage_total": 64285, "result": "SUCCESS"}
			info["log"] = []any{map[string]any{"address": cth,
				"topics": []string{strings.TrimPrefix(transferTopic, "0x"), word(from), word(to)},
				"data":   word(unitsHex(rec.Amount, rec.Asset))}}
		}
		writeJSON(w, info)
	default:
		http.Error(w, `{"Error":"the simulated node does not serve this method"}`, http.StatusNotFound)
	}
}

// ---- Solana JSON-RPC -------------------------------------------------------

const (
	systemProgram = "11111111111111111111111111111111"
	tokenProgram  = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"
	finality      = 32 // slots to "finalized"
)

// tokenAccount is the simulated associated token account of owner for
// mint: a deterministic address (not the real program-derived one).
func (c *Chain) tokenAccount(owner, mint string) string {
	return c.makeAddress("sol", "token-account", owner, mint)
}

// solAccount is the account a transfer credits: the wallet for SOL, its
// token account for a token.
func (c *Chain) solAccount(rec *Recorded) string {
	if mint, token := swapscout.ChainToken(rec.Asset); token {
		return c.tokenAccount(rec.To, mint)
	}
	return rec.To
}

func (c *Chain) solanaRPC(w http.ResponseWriter, r *http.Request) {
	req, ok := readRPC(w, r)
	if !ok {
		return
	}
	switch req.Method {
	case "getSlot":
		rpcAnswer(w, req.ID, c.Tip("sol"), "")
	case "getSignaturesForAddress":
		account := req.str(0)
		var opts struct {
			Limit  int    `json:"limit"`
			Before string `json:"before"`
		}
		if len(req.Params) > 1 {
			_ = json.Unmarshal(req.Params[1], &opts)
		}
		if opts.Limit <= 0 || opts.Limit > 1000 {
			opts.Limit = 1000
		}
		_, tip, vs := c.visible("sol", func(rec *Recorded) bool { return c.solAccount(rec) == account })
		out := []any{}
		skipping := opts.Before != ""
		for _, v := range vs {
			if !v.confirmed { // Solana lists confirmed transactions only
				continue
			}
			if skipping {
				skipping = v.TxID != opts.Before
				continue
			}
			if len(out) == opts.Limit {
				break
			}
			status := "confirmed"
			if tip-v.Height >= finality {
				status = "finalized"
			}
			out = append(out, map[string]any{"signature": v.TxID, "slot": v.Height, "err": nil, "memo": nil,
				"blockTime": v.Block.Unix(), "confirmationStatus": status})
		}
		rpcAnswer(w, req.ID, out, "")
	case "getTransaction":
		_, tip, rec, found := c.lookup("sol", req.str(0))
		if !found || rec.Height > tip {
			rpcAnswer(w, req.ID, nil, "")
			return
		}
		rpcAnswer(w, req.ID, c.solanaTx(rec), "")
	case "getTokenAccountsByOwner":
		owner := req.str(0)
		var filter struct {
			Mint string `json:"mint"`
		}
		if len(req.Params) > 1 {
			_ = json.Unmarshal(req.Params[1], &filter)
		}
		_, tip, vs := c.visible("sol", func(rec *Recorded) bool {
			mint, token := swapscout.ChainToken(rec.Asset)
			return token && rec.To == owner && (filter.Mint == "" || mint == filter.Mint)
		})
		value := []any{}
		seen := map[string]bool{}
		for _, v := range vs {
			mint, _ := swapscout.ChainToken(v.Asset)
			acc := c.tokenAccount(owner, mint)
			if seen[acc] || !v.confirmed {
				continue
			}
			seen[acc] = true
			value = append(value, map[string]any{"pubkey": acc, "account": map[string]any{
				"owner": tokenProgram, "lamports": 2039280, "executable": false,
				"data": map[string]any{"program": "spl-token", "space": 165, "parsed": map[string]any{"type": "account",
					"info": map[string]any{"mint": mint, "owner": owner, "state": "initialized", "isNative": false}}}}})
		}
		rpcAnswer(w, req.ID, map[string]any{"context": map[string]any{"slot": tip}, "value": value}, "")
	default:
		rpcAnswer(w, req.ID, nil, "the simulated node does not serve "+req.Method)
	}
}

// solanaTx is getTransaction's jsonParsed result for rec: the credited
// account's balance before is what earlier transfers credited it.
func (c *Chain) solanaTx(rec *Recorded) map[string]any {
	account := c.solAccount(rec)
	_, _, earlier := c.visible("sol", func(o *Recorded) bool {
		return o != rec && c.solAccount(o) == account && o.Asset == rec.Asset && (o.At.Before(rec.At) || o.At.Equal(rec.At) && o.seq < rec.seq)
	})
	before := swapscout.Amount{}
	for _, e := range earlier {
		before = before.Add(e.Amount)
	}
	after := before.Add(rec.Amount)
	key := func(p string, signer, writable bool) map[string]any {
		return map[string]any{"pubkey": p, "signer": signer, "writable": writable, "source": "transaction"}
	}
	meta := map[string]any{"err": nil, "fee": 5000, "status": map[string]any{"Ok": nil}, "innerInstructions": []any{}, "logMessages": []any{}}
	var keys []any
	if mint, token := swapscout.ChainToken(rec.Asset); token {
		info, _ := swapscout.LookupAsset(rec.Asset)
		bal := func(i int, owner string, a swapscout.Amount) map[string]any {
			return map[string]any{"accountIndex": i, "mint": mint, "owner": owner, "programId": tokenProgram,
				"uiTokenAmount": map[string]any{"amount": units(a, rec.Asset), "decimals": info.Decimals, "uiAmountString": a.String()}}
		}
		keys = []any{key(rec.From, true, true), key(c.tokenAccount(rec.From, mint), false, true), key(account, false, true),
			key(mint, false, false), key(tokenProgram, false, false)}
		meta["preBalances"] = []int64{1_000_000_000, 2039280, 2039280, 1, 1}
		meta["postBalances"] = []int64{999_995_000, 2039280, 2039280, 1, 1}
		pre := []any{bal(1, rec.From, swapscout.MustAmount("1000000"))}
		if before.Sign() > 0 {
			pre = append(pre, bal(2, rec.To, before))
		}
		meta["preTokenBalances"] = pre
		meta["postTokenBalances"] = []any{bal(1, rec.From, swapscout.MustAmount("1000000").Sub(rec.Amount)), bal(2, rec.To, after)}
	} else {
		lamports := func(a swapscout.Amount) int64 {
			n, _ := strconv.ParseInt(units(a, rec.Asset), 10, 64)
			return n
		}
		keys = []any{key(rec.From, true, true), key(account, false, true), key(systemProgram, false, false)}
		payer := int64(1_000_000_000_000)
		meta["preBalances"] = []int64{payer, lamports(before), 1}
		meta["postBalances"] = []int64{payer - lamports(rec.Amount) - 5000, lamports(after), 1}
		meta["preTokenBalances"], meta["postTokenBalances"] = []any{}, []any{}
	}
	bh := c.hash("sol", "blockhash", strconv.FormatInt(rec.Height, 10))
	return map[string]any{"slot": rec.Height, "blockTime": rec.Block.Unix(), "version": 0, "meta": meta,
		"transaction": map[string]any{"signatures": []string{rec.TxID}, "message": map[string]any{"accountKeys": keys,
			"recentBlockhash": base58.Encode(bh[:])}}}
}
