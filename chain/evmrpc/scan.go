package evmrpc

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
)

// The scanner finds native transfers without a transaction id. The
// JSON-RPC API indexes logs, not the value of plain transfers, so the only
// standard way is to read blocks: every block of the window once, shared by
// all queries on the endpoint, whatever the number of swaps watched. It
// keeps the native transfers of the last ScanWindow blocks (not the
// blocks), checks each new block's parent against the block it keeps (a
// reorganization drops the stale block and reads again), and fills the
// window backwards when a query asks for older blocks than it holds.

// scanFetchers bounds the block fetches in flight for one scan step.
const scanFetchers = 4

type scannedBlock struct {
	num          uint64
	hash, parent string
	time         int64
	txs          []swapscout.Transfer // native transfers, Height set
}

type scanner struct {
	w       *Watcher
	mu      sync.Mutex // one scan step at a time
	started bool
	blocks  []scannedBlock // ascending and contiguous
	next    uint64         // the next block to read forwards
}

// find returns the native transfers to the address to in the window,
// reading new (and, up to the window, older) blocks first; only those
// whose receipt succeeded.
func (s *scanner) find(ctx context.Context, info swapscout.AssetInfo, to string, since time.Time, tip int64) ([]swapscout.Transfer, error) {
	if err := s.step(ctx, uint64(tip), since); err != nil {
		return nil, err
	}
	s.mu.Lock()
	var out []swapscout.Transfer
	for _, b := range s.blocks {
		for _, t := range b.txs {
			if t.To == to && t.Asset == info.Asset {
				t.Time = time.Unix(b.time, 0).UTC()
				out = append(out, t)
			}
		}
	}
	s.mu.Unlock()
	kept := out[:0]
	for _, t := range out {
		ok, err := s.w.succeeded(ctx, t.TxID)
		if err != nil {
			return nil, err
		}
		if ok {
			t.Confirmations = chain.Confirmations(tip, t.Height)
			kept = append(kept, t)
		}
	}
	return kept, nil
}

// step reads at most ScanBatch blocks forwards from the last one read
// towards tip (the first time, the newest ScanBatch blocks), then at most
// ScanBatch backwards when since asks for blocks older than the window
// holds.
func (s *scanner) step(ctx context.Context, tip uint64, since time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.w
	want := w.fromBlock(tip, since, w.opt.ScanWindow)
	batch := uint64(w.opt.ScanBatch)
	if !s.started {
		// Start at the newest blocks (a transfer just sent matters most);
		// older ones are filled in backwards, a batch per query.
		s.started, s.next = true, want
		if tip >= batch && tip-batch+1 > want {
			s.next = tip - batch + 1
		}
	}
	if s.next <= tip {
		end := min(tip, s.next+batch-1)
		blocks, err := s.fetch(ctx, s.next, end)
		if err != nil {
			return err
		}
		for _, b := range blocks {
			if n := len(s.blocks); n > 0 && s.blocks[n-1].num+1 == b.num && s.blocks[n-1].hash != b.parent {
				// Reorganized: the block we hold is no longer the parent.
				// Drop it and read from it again next time.
				s.next = s.blocks[n-1].num
				s.blocks = s.blocks[:n-1]
				return nil
			}
			s.blocks = append(s.blocks, b)
			s.next = b.num + 1
		}
	}
	if len(s.blocks) > 0 && want < s.blocks[0].num {
		first := s.blocks[0].num
		lo := want
		if first-lo > batch {
			lo = first - batch
		}
		older, err := s.fetch(ctx, lo, first-1)
		if err != nil {
			return err
		}
		// Keep the older blocks only if they join the window.
		if len(older) > 0 && older[len(older)-1].hash == s.blocks[0].parent {
			s.blocks = append(older, s.blocks...)
		}
	}
	if n := len(s.blocks); n > 0 && tip >= w.opt.ScanWindow {
		cut := 0
		for cut < n && s.blocks[cut].num+w.opt.ScanWindow <= tip {
			cut++
		}
		s.blocks = append(s.blocks[:0:0], s.blocks[cut:]...)
	}
	return nil
}

// fetch reads blocks lo..hi with their transactions, a few at a time, in
// order; any failure fails the step (the next query retries).
func (s *scanner) fetch(ctx context.Context, lo, hi uint64) ([]scannedBlock, error) {
	if hi < lo {
		return nil, nil
	}
	w := s.w
	n := int(hi - lo + 1)
	out := make([]scannedBlock, n)
	errs := make([]error, n)
	sem := make(chan struct{}, scanFetchers)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			num := lo + uint64(i)
			var raw json.RawMessage
			found, err := chain.Call(ctx, &w.cfg, w.Name(), "eth_getBlockByNumber", []any{hexQ(num), true}, &raw)
			switch {
			case err != nil:
				errs[i] = err
			case !found:
				errs[i] = chain.Error(w.Name(), swapscout.CodeBadResponse, "block %d is unknown below the tip it reported", num)
			default:
				b, perr := parseBlock(w.Network(), w.native, raw)
				if perr == nil && b.num != num {
					perr = errWrongBlock
				}
				if perr != nil {
					errs[i] = chain.BadAnswer(w.Name(), perr)
					return
				}
				out[i] = b
				w.times.Put(num, b.time)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

type blockError string

func (e blockError) Error() string { return string(e) }

const errWrongBlock = blockError("the endpoint answered another block than the one asked")
