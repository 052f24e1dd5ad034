package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/catalogue"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/all"
)

// assetListTimeout bounds one venue's currency-list call: lists are large
// (KuCoin's is about a megabyte) and read once an interval.
const assetListTimeout = 30 * time.Second

// startAssetRefresh reads the venues' currency lists again every `every`
// while the server runs (catalogue.Refresher.Run): assets a venue adds are
// listed and quotable at once, those it drops stop being offered, and a
// list that fails the checks is logged and the last good one kept. It
// starts from the embedded snapshot; wait returns once it has stopped
// after ctx ends. every ≤ 0: no refresh (the snapshot is served). getenv
// reads the venues' keys as the adapters do (SWAPSCOUT_<ID>_API_KEY and
// _API_SECRET): a list that only the key opens (StealthEX's, SimpleSwap's,
// FixedFloat's signed one) is read when the venue's keys are set, one that
// needs none (Exolix's) always.
func startAssetRefresh(ctx context.Context, every time.Duration, baseURL func(id string) string,
	client func(id string) *upstream.Client, getenv func(string) string, log *slog.Logger) (wait func()) {
	if every <= 0 {
		return func() {}
	}
	_, sources := swapscout.CatalogueInfo()
	r := catalogue.NewRefresher(catalogue.ListsFromCatalogue(swapscout.Catalogue(), sources),
		func() string { return time.Now().UTC().Format("2006-01-02") })
	fetch := func(ctx context.Context, id, path string) ([]byte, error) {
		cfg := venue.Config{BaseURL: baseURL(id), HTTP: client(id), Now: time.Now}
		cctx, cancel := context.WithTimeout(ctx, assetListTimeout)
		defer cancel()
		var body []byte
		err := venue.Fetch(cctx, &cfg, venue.Request{URL: cfg.BaseURL + path, MaxBody: 8 << 20}, func(status int, b []byte) error {
			if status != 200 {
				return venue.StatusError(status)
			}
			body = append([]byte(nil), b...)
			return nil
		})
		return body, err
	}
	config := func(id string) *venue.Config {
		d := descriptor(id)
		if d == nil || getenv == nil {
			return nil
		}
		key, secret := getenv(d.EnvPrefix()+"API_KEY"), getenv(d.EnvPrefix()+"API_SECRET")
		if d.NeedsKey && key == "" || d.NeedsSecret && secret == "" {
			return nil
		}
		return &venue.Config{BaseURL: baseURL(id), HTTP: client(id), APIKey: key, APISecret: secret, Now: time.Now}
	}
	report := func(id string, ch catalogue.Change, err error) {
		switch {
		case log == nil:
		case err != nil:
			log.Warn("currency list refused, the last good one is kept", "venue", id, "err", err)
		case len(ch.Added)+len(ch.Retired) > 0:
			log.Info("currency list changed", "venue", id, "listed", ch.Listed, "mapped", ch.Mapped,
				"added", len(ch.Added), "retired", len(ch.Retired), "unmapped", len(ch.Unmapped))
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.Run(ctx, catalogue.Live{Every: every, Fetch: fetch, Config: config, Report: report})
	}()
	return func() { <-done }
}

// descriptorURL is a venue's live API root.
func descriptorURL(id string) string {
	if d := descriptor(id); d != nil {
		return d.BaseURL
	}
	return ""
}

// descriptor is venue id's descriptor, nil for an unknown id.
func descriptor(id string) *venue.Descriptor {
	for _, d := range all.Descriptors {
		if d.ID == id {
			return d
		}
	}
	return nil
}
