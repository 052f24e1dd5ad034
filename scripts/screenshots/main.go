// Command screenshots takes pictures of the web page of a running swapscout
// (demo or serve) in headless chromium: the quote form, the results, the
// venues table and, when the server makes swaps, the swap form, a form with
// an address error and a swap's page, at desktop and phone widths, in light
// and dark. Run it through scripts/screenshots.sh, which starts a demo for it.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "address of a running swapscout")
	out := flag.String("out", "screenshots", "directory to write the PNG files to")
	scale := flag.Float64("scale", 2, "device pixel ratio (1 for small files)")
	flag.Parse()
	if err := run(*base, *out, *scale); err != nil {
		fmt.Fprintln(os.Stderr, "screenshots:", err)
		os.Exit(1)
	}
}

func run(base, out string, scale float64) error {
	path, err := exec.LookPath("chromium")
	if err != nil {
		return fmt.Errorf("chromium is not on PATH (apt-get install -y chromium)")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "swapscout-shots")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	actx, acancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(dir), chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true))
	defer acancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, tcancel := context.WithTimeout(ctx, 4*time.Minute)
	defer tcancel()

	pages := []struct{ name, path string }{
		{"home", "/"},
		{"results", "/quote?from=btc&to=eth&amount=0.1"},
		{"failures", "/quote?from=xmr&to=usdt&to_network=trx&amount=0.001"},
		{"venues", "/venues"},
	}
	if form, swap, err := makeSwap(ctx, base); err != nil {
		fmt.Fprintln(os.Stderr, "screenshots: no swap pages:", err)
	} else {
		pages = append(pages, struct{ name, path string }{"swapform", form}, struct{ name, path string }{"swap", swap})
	}
	sizes := []struct {
		name          string
		width, height int64
	}{{"desktop", 1280, 1000}, {"phone", 320, 760}}
	for _, scheme := range []string{"light", "dark"} {
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
			return err
		}
		for _, sz := range sizes {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(sz.width, sz.height, chromedp.EmulateScale(scale))); err != nil {
				return err
			}
			for _, p := range pages {
				if err := chromedp.Do(ctx, chromedp.Navigate(base+p.path), chromedp.Sleep(300*time.Millisecond)); err != nil {
					return err
				}
				if sz.name == "phone" && (p.name == "results" || p.name == "failures") {
					// On a phone the results are below the form: look at them.
					if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('results').scrollIntoView()`), chromedp.Sleep(100*time.Millisecond)); err != nil {
						return err
					}
				}
				png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					return err
				}
				name := filepath.Join(out, fmt.Sprintf("%s-%s-%s.png", p.name, sz.name, scheme))
				if err := os.WriteFile(name, png, 0o644); err != nil {
					return err
				}
				fmt.Println(name)
			}
		}
	}
	return nil
}

// Addresses the demo accepts: BIP173's and EIP-55's published examples.
const (
	btcAddress = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
	ethAddress = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
)

// makeSwap goes through the page as a user would: the results, the best
// swappable offer's Swap button, the form filled in and sent. It returns the form's
// path and the new swap page's path.
func makeSwap(ctx context.Context, base string) (form, swap string, err error) {
	err = chromedp.Do(ctx, chromedp.Navigate(base+"/quote?from=btc&to=eth&amount=0.1"))
	if err != nil {
		return "", "", err
	}
	href, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS("#offer-rows tr a.swap"), "href"))
	if err != nil || href.Value == "" {
		return "", "", fmt.Errorf("no Swap button (%v)", err)
	}
	form = href.Value
	err = chromedp.Do(ctx, chromedp.Navigate(base+form),
		chromedp.SetValue(chromedp.ID("payout_address"), ethAddress),
		chromedp.SetValue(chromedp.ID("refund_address"), btcAddress),
		chromedp.Submit(chromedp.ID("swap-form")),
		chromedp.WaitVisible(chromedp.ID("swap")))
	if err != nil {
		return "", "", fmt.Errorf("the swap form: %w", err)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		return "", "", err
	}
	return form, strings.TrimPrefix(loc, base), nil
}
