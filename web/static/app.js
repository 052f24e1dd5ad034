// swapscout's page script: the form's network choices, results that arrive
// venue by venue over the API's event stream, re-ranked as they come, and
// the swap page's tracker, which follows the swap's event stream. The pages
// work without it: the server renders the same results and the swap page
// refreshes itself.
'use strict';
(function () {
  var SEP = '\u202f', NB = '\u00a0';
  var $ = function (id) { return document.getElementById(id); };
  swapForms();
  swapPage();
  var form = document.getElementById('quote-form');
  var section = document.getElementById('results');
  if (!form || !section) return;
  var names = {};
  try { names = JSON.parse(section.dataset.names || '{}'); } catch (e) { names = {}; }
  var orderBooks = [];
  try { orderBooks = JSON.parse(section.dataset.orderBooks || '[]'); } catch (e) { orderBooks = []; }
  var isBook = function (o) { return orderBooks.indexOf(o.venue) >= 0; };

  // group mirrors web.GroupDigits: digits in threes on a side longer than four.
  function group(s) {
    s = String(s || '');
    var m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
    if (!m) return s;
    var ip = m[2], fp = m[3], out = m[1];
    if (ip.length > 4) ip = ip.replace(/\B(?=(\d{3})+$)/g, SEP);
    out += ip;
    if (fp !== undefined) out += '.' + (fp.length > 4 ? fp.replace(/(\d{3})(?=\d)/g, '$1' + SEP) : fp);
    return out;
  }
  // Decimals shown per asset ("btc", "usdt@trx"), as the server rounds
  // (swapscout.ShownDecimals): the exact value goes in the cell's title.
  var decimals = {};
  try { decimals = JSON.parse(section.dataset.decimals || '{}'); } catch (e) { decimals = {}; }
  function dpOf(ticker, network) {
    ticker = String(ticker || '').toLowerCase();
    var d = decimals[ticker + '@' + String(network || '').toLowerCase()];
    if (d === undefined) d = decimals[ticker];
    return d === undefined ? 10 : d;
  }
  // shown mirrors swapscout.Amount.Shown on decimal strings (no floats):
  // at most dp fractional digits, rounded up or down, never shown as 0.
  function shown(s, dp, up) {
    s = String(s || '');
    var m = /^(\d+)(?:\.(\d+))?$/.exec(s);
    if (!m || !m[2] || m[2].length <= dp) return s;
    var ip = m[1], fp = m[2], keep = fp.slice(0, dp), rest = fp.slice(dp);
    if (!/[1-9]/.test(ip + keep)) { // would read 0: keep the first significant digit
      var z = fp.search(/[1-9]/);
      keep = fp.slice(0, z + 1); rest = fp.slice(z + 1);
    }
    var digits = ip + keep;
    if (up && /[1-9]/.test(rest)) { // add one unit in the last place
      var a = digits.split(''), i = a.length - 1;
      while (i >= 0 && a[i] === '9') { a[i] = '0'; i--; }
      if (i < 0) a.unshift('1'); else a[i] = String(Number(a[i]) + 1);
      digits = a.join('');
    }
    var n = digits.length - keep.length;
    var out = digits.slice(0, n).replace(/^0+(?=\d)/, '') + (keep.length ? '.' + digits.slice(n) : '');
    return out.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  }
  function show(s, dp, up) { return group(shown(s, dp, up)); }
  // sig rounds a positive number to n significant digits, for rates and
  // percentages shown (never for amounts, which stay decimal strings).
  function sig(x, n) {
    if (!(x > 0) || !isFinite(x)) return '';
    var s = x.toPrecision(n);
    if (/e/.test(s)) s = Number(s).toFixed(20);
    return s.indexOf('.') >= 0 ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  }
  function eta(o) {
    var lo = o.eta_min_s || 0, hi = o.eta_max_s || 0;
    if (!lo && !hi) return '';
    if (!hi || lo === hi) return 'about ' + dur(Math.max(lo, hi));
    if (!lo) return 'up to ' + dur(hi);
    return dur(lo) + '–' + dur(hi);
  }
  // dur mirrors web.Duration.
  function dur(s) {
    s = Math.round(s);
    var j = function (a, au, b, bu) { return a + au + (b ? ' ' + b + bu : ''); };
    if (s < 60) return s + ' s';
    if (s < 3600) return j(Math.floor(s / 60), ' min', s % 60, ' s');
    if (s < 86400) return j(Math.floor(s / 3600), ' h', Math.floor(s / 60) % 60, ' min');
    var d = Math.floor(s / 86400);
    return j(d, d === 1 ? ' day' : ' days', Math.floor(s / 3600) % 24, ' h');
  }
  function millis(ms) {
    ms = Math.max(0, ms | 0);
    if (ms < 1000) return ms + ' ms';
    var t = Math.floor((ms + 50) / 100);
    return Math.floor(t / 10) + (t % 10 ? '.' + (t % 10) : '') + ' s';
  }
  // reason mirrors web.Reason.
  function reason(f, from, to) {
    switch (f.code) {
      case 'amount_too_small':
        if (f.min) return 'needs at least ' + show(f.min, state.fromDp, true) + NB + from;
        if (f.min_out) return 'needs to pay out at least ' + show(f.min_out, state.toDp, true) + NB + to;
        return 'the amount is too small for it';
      case 'amount_too_large':
        if (f.max) return 'takes at most ' + show(f.max, state.fromDp, false) + NB + from;
        if (f.max_out) return 'pays out at most ' + show(f.max_out, state.toDp, false) + NB + to;
        return 'the amount is too large for it';
      case 'timeout': return 'timed out after ' + millis(f.took_ms);
      case 'unsupported_pair': return 'does not offer this pair';
      case 'rate_limited':
        return f.retry_after_s > 0 ? 'is limiting our requests; try again in ' + f.retry_after_s + ' s' : 'is limiting our requests; try again shortly';
      case 'unavailable': return 'is unavailable right now';
      case 'bad_response': return 'sent an answer we could not read';
      case 'not_configured': return 'is not configured on this server (it needs an API key)';
    }
    return 'gave no offer (' + f.code + ')';
  }
  function limits(o, from, to) {
    var parts = [];
    [['min', o.min, from, state.fromDp, true], ['max', o.max, from, state.fromDp, false],
      ['min', o.min_out, to, state.toDp, true], ['max', o.max_out, to, state.toDp, false]].forEach(function (l) {
      if (l[1]) parts.push(l[0] + ' ' + show(l[1], l[3], l[4]) + NB + l[2]);
    });
    return parts.join(' · ');
  }
  // cmpDec compares two non-negative decimal strings exactly (no floats).
  function cmpDec(a, b) {
    var ap = String(a).split('.'), bp = String(b).split('.');
    var ai = ap[0].replace(/^0+/, ''), bi = bp[0].replace(/^0+/, '');
    if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
    if (ai !== bi) return ai < bi ? -1 : 1;
    var af = ap[1] || '', bf = bp[1] || '', n = Math.max(af.length, bf.length);
    af = af.padEnd(n, '0'); bf = bf.padEnd(n, '0');
    return af === bf ? 0 : (af < bf ? -1 : 1);
  }
  // rank orders offers like swapscout.Better: more received (or less sent);
  // for people (web.Results.Arrange), those that can become a swap first.
  // With sort=speed, the venues' time estimates order each group first,
  // those without one last (web.Results.Arrange).
  function rank(receive, speed) {
    return function (a, b) {
      if (!a.can_swap !== !b.can_swap) return a.can_swap ? -1 : 1;
      if (speed) {
        var ea = Math.max(a.eta_min_s || 0, a.eta_max_s || 0), eb = Math.max(b.eta_min_s || 0, b.eta_max_s || 0);
        if (ea !== eb) return !ea ? 1 : !eb ? -1 : ea - eb;
      }
      var c = receive ? cmpDec(a.amount_in, b.amount_in) : cmpDec(b.amount_out, a.amount_out);
      if (c) return c;
      if (a.took_ms !== b.took_ms) return a.took_ms - b.took_ms;
      return a.venue < b.venue ? -1 : 1;
    };
  }

  // Network choices: only the chosen asset's networks, none when it has one.
  function networks(sel, net) {
    var t = sel.value, any = false, opt = sel.options[sel.selectedIndex];
    if (opt && opt.dataset.network) net.options[0].textContent = opt.dataset.network + ', the usual one';
    Array.prototype.forEach.call(net.options, function (o) {
      if (!o.value) return;
      var on = (o.dataset.tickers || '').split(' ').indexOf(t) >= 0;
      o.hidden = o.disabled = !on;
      if (on) any = true;
      else if (o.selected) net.value = '';
    });
    net.hidden = !any;
    net.previousElementSibling.hidden = !any;
  }
  [['from', 'from_network'], ['to', 'to_network']].forEach(function (p) {
    var sel = $(p[0]), net = $(p[1]);
    networks(sel, net);
    sel.addEventListener('change', function () { networks(sel, net); });
  });
  // Search as you type: the search box (shown only with JS) hides the
  // assets whose label does not hold every word typed, and picks the first
  // that does when the chosen one is hidden. Without JS the select is whole.
  function searchable(sel, net, box) {
    box.hidden = false;
    box.addEventListener('input', function () {
      var words = box.value.toLowerCase().split(/\s+/).filter(Boolean), first = null;
      Array.prototype.forEach.call(sel.options, function (o) {
        var text = (o.value + ' ' + o.textContent).toLowerCase();
        var on = words.every(function (w) { return text.indexOf(w) >= 0; });
        o.hidden = o.disabled = !on;
        if (on && !first) first = o;
      });
      var cur = sel.options[sel.selectedIndex];
      if (first && (!cur || cur.hidden)) { sel.value = first.value; networks(sel, net); }
    });
  }
  [['from', 'from_network'], ['to', 'to_network']].forEach(function (p) {
    var box = $(p[0] + '_search');
    if (box) searchable($(p[0]), $(p[1]), box);
  });
  var flip = $('flip');
  flip.hidden = false;
  flip.addEventListener('click', function () {
    var f = $('from').value, fn = $('from_network').value;
    $('from').value = $('to').value; $('to').value = f;
    networks($('from'), $('from_network')); networks($('to'), $('to_network'));
    var tn = $('to_network').value;
    $('from_network').value = tn; $('to_network').value = fn;
    networks($('from'), $('from_network')); networks($('to'), $('to_network'));
  });

  function queryOf() {
    var p = new URLSearchParams();
    new FormData(form).forEach(function (v, k) {
      v = String(v).trim();
      if (v === '' || (k === 'direction' && v === 'send') || (k === 'rate' && v === 'float') || (k === 'sort' && v === 'rank')) return;
      p.append(k, v);
    });
    return p.toString();
  }

  var state = null, es = null, ticker = null;
  var tpl = $('offer-template'), rows = $('offer-rows'), bookRows = $('book-rows'), fails = $('failures');

  function set(root, sel, text) { root.querySelector(sel).textContent = text; }
  // route parses a route's name ("changenow>usdt@trx>exolix") as
  // swapscout.RouteLegs does: its bridge asset ("?" when the name is not
  // a route's); null for an offer without two legs.
  function route(o) {
    if (!o.legs || o.legs.length !== 2) return null;
    var m = /^([^>]+)>([^>@]+)@([^>]+)>([^>]+)$/.exec(o.venue || '');
    return m ? { ticker: m[2], network: m[3] } : { ticker: '?', network: '' };
  }
  function nameOf(id) { return names[id] || id; }
  // composite mirrors web.compositeName: a route "Alpha → XMR → Bravo", a
  // split "Alpha + Bravo", any other offer its venue's name.
  function composite(o) {
    var x = route(o);
    if (x) return nameOf(o.legs[0].venue) + ' → ' + x.ticker.toUpperCase() + ' → ' + nameOf(o.legs[1].venue);
    if (o.parts && o.parts.length) return o.parts.map(function (p) { return nameOf(p.venue); }).join(' + ');
    return nameOf(o.venue);
  }
  // steps mirrors web.stepText: each leg or part in words, "100 FIRO →
  // 1.02 XMR at Alpha", each amount at its own asset's precision (what is
  // sent rounded up, what is received down).
  function steps(o) {
    var x = route(o), list = x ? o.legs : (o.parts || []);
    return list.map(function (p, i) {
      var f = [state.from, state.fromDp], t = [state.to, state.toDp];
      if (x && i === 0) t = [x.ticker.toUpperCase(), dpOf(x.ticker, x.network)];
      if (x && i === 1) f = [x.ticker.toUpperCase(), dpOf(x.ticker, x.network)];
      return show(p.amount_in, f[1], true) + NB + f[0] + ' → ' + show(p.amount_out, t[1], false) + NB + t[0] + ' at ' + nameOf(p.venue);
    });
  }
  function offerRow(o, i) {
    var tr = tpl.content.firstElementChild.cloneNode(true), name = composite(o);
    tr.dataset.venue = o.venue;
    tr.dataset.canSwap = String(!!o.can_swap);
    set(tr, '.rank', String(i + 1));
    set(tr, '.name', name);
    set(tr, '.via', [o.provider ? 'via ' + o.provider : '', o.route || ''].filter(Boolean).join(' '));
    // A route or a split: named by its venues, its legs or parts listed.
    var ol = tr.querySelector('.offer-steps'), st = steps(o);
    if (st.length) {
      ol.setAttribute('aria-label', o.parts && o.parts.length ? 'one deposit per part' : 'two legs, one after the other');
      ol.replaceChildren.apply(ol, st.map(function (t) { var li = document.createElement('li'); li.textContent = t; return li; }));
    } else ol.remove();
    var amt = tr.querySelector('.amount');
    amt.textContent = state.receive ? show(o.amount_in, state.fromDp, true) + NB + state.from : show(o.amount_out, state.toDp, false) + NB + state.to;
    amt.title = state.receive ? o.amount_in + ' ' + state.from : o.amount_out + ' ' + state.to;
    var w = tr.querySelector('.worse'), pct = worse(o);
    if (pct === 'best') { var b = document.createElement('span'); b.className = 'best'; b.textContent = 'best'; w.replaceChildren(b); }
    else w.textContent = pct ? '\u2212' + pct + NB + '%' : '';
    var r = Number(o.rate), rt = tr.querySelector('.rate');
    rt.title = 'exactly ' + (o.rate || '');
    set(tr, '.fwd', r > 0 ? '1' + NB + state.from + ' = ' + group(shown(sig(r, 6), state.toDp, false)) + NB + state.to : '');
    set(tr, '.inverse', r > 0 ? '1' + NB + state.to + ' = ' + group(shown(sig(1 / r, 6), state.fromDp, false)) + NB + state.from : '');
    var e = eta(o), et = tr.querySelector('.eta');
    if (e) et.textContent = e;
    else { var q = document.createElement('span'); q.className = 'quiet'; q.title = 'The venue gives no estimate'; q.textContent = '—'; et.replaceChildren(q); }
    var k = tr.querySelector('.kyc');
    k.querySelector('.k').textContent = o.kyc || '';
    if (/^[A-D]$/.test(o.kyc)) k.classList.add('kyc-' + o.kyc);
    var lp = k.querySelector('.logpolicy');
    if (/^[A-C]$/.test(o.log_policy)) { lp.textContent = 'logs\u00a0' + o.log_policy; lp.classList.add('log-' + o.log_policy); } else lp.remove();
    set(tr, '.rt', o.rate_type || '');
    set(tr, '.fees', (o.fees || []).length ? 'fees: ' + o.fees.map(function (f) {
      var fa = f.asset || {};
      return f.kind + ' ' + show(f.amount, dpOf(fa.ticker, fa.network), false) + NB + String(fa.ticker || '').toUpperCase();
    }).join(', ') : '');
    set(tr, '.limits', limits(o, state.from, state.to));
    set(tr, '.sr-venue', ' at ' + name);
    // The same marks as the server's row: custody, and a memo that must go
    // inside the deposit transaction, before the user picks the offer.
    if (o.custody !== 'non_custodial') tr.querySelector('.badge.custody').remove();
    var memo = tr.querySelector('.badge.memo-deposit');
    if (o.deposit === 'memo') {
      memo.id = 'memo-' + o.venue;
      tr.querySelector('.swap').setAttribute('aria-describedby', memo.id);
    } else memo.remove();
    var badges = tr.querySelector('.badges');
    if (!badges.querySelector('.badge')) badges.replaceChildren();
    // Mirrors the server's row: a Swap button only for an offer that can
    // become a swap here; an exchange's price, or why not.
    var act = tr.querySelector('.act'), keep = o.can_swap ? '.swap' : isBook(o) ? '.prices-only' : '.no-swap';
    Array.from(act.children).forEach(function (c) { if (!c.matches(keep)) c.remove(); });
    if (keep === '.no-swap') set(tr, '.why', o.no_swap_reason || '');
    if (o.can_swap && state.id) {
      var a = tr.querySelector('.swap');
      // As the server's link: the request and the amount shown, for a form
      // opened after the quote expired (it asks again and says how it moved).
      a.href = '/swap/new?' + new URLSearchParams({ quote: state.id, venue: o.venue, request: state.qs, shown: state.receive ? o.amount_in : o.amount_out }).toString();
      a.removeAttribute('aria-disabled');
    }
    if (o.venue === state.fresh) tr.classList.add('new');
    return tr;
  }
  function failureItem(f) {
    var li = document.createElement('li'), n = document.createElement('span'), r = document.createElement('span');
    li.dataset.venue = f.venue;
    n.className = 'name'; n.textContent = names[f.venue] || f.venue;
    r.className = 'reason'; r.textContent = reason(f, state.from, state.to);
    li.append(n, ' ', r);
    if ((f.code === 'unavailable' || f.code === 'bad_response') && f.message) {
      var d = document.createElement('small');
      d.className = 'detail'; d.textContent = '(' + f.message + ')';
      li.append(' ', d);
    }
    return li;
  }
  // worse mirrors web.Worse: how much less this offer gives (or more it
  // asks) than the best one, in percent to two significant digits.
  function worse(o) {
    var best = state.best;
    if (!best) return '';
    var a = Number(state.receive ? best.amount_in : best.amount_out), b = Number(state.receive ? o.amount_in : o.amount_out);
    if (!(a > 0)) return '';
    var d = state.receive ? b - a : a - b;
    if (state.receive ? cmpDec(o.amount_in, best.amount_in) <= 0 : cmpDec(o.amount_out, best.amount_out) >= 0) return 'best';
    var p = sig(d / a * 100, 2);
    if (p.indexOf('.') < 0 || p.split('.')[1].length <= 2) return p;
    // As the server's Amount.Shown: never rounded to zero, a figure under
    // the last digit keeps its first significant one.
    var r = Number(p).toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
    return Number(r) === 0 ? sig(d / a * 100, 1) : r;
  }
  function render() {
    state.best = null;
    state.offers.forEach(function (o) {
      if (!state.best || (state.receive ? cmpDec(o.amount_in, state.best.amount_in) < 0 : cmpDec(o.amount_out, state.best.amount_out) > 0)) state.best = o;
    });
    state.offers.sort(rank(state.receive, state.sort === 'speed'));
    var main = state.offers.filter(function (o) { return !isBook(o); }), books = state.offers.filter(isBook);
    rows.replaceChildren.apply(rows, main.map(offerRow));
    bookRows.replaceChildren.apply(bookRows, books.map(offerRow));
    $('books-section').hidden = books.length === 0;
    fails.replaceChildren.apply(fails, state.failures.map(failureItem));
    $('missing-title').hidden = state.failures.length === 0;
    Array.prototype.forEach.call(section.querySelectorAll('.amount-col'), function (th) {
      th.textContent = state.receive ? 'You send' : 'You receive';
    });
    var n = main.length;
    $('offers-wrap').hidden = n === 0 && !state.streaming;
    $('no-offers').hidden = n > 0 || state.streaming;
    $('results-title').textContent = n + ' offer' + (n === 1 ? '' : 's') + ' for ' + group(state.amount) + ' ' +
      (state.receive ? state.to + ' received, paid in ' + state.from : state.from + ' sent, paid out in ' + state.to);
  }
  function meta(text, busy) {
    var m = $('quote-meta');
    m.textContent = text;
    m.classList.toggle('busy', !!busy);
  }
  function problem(text) {
    var p = document.querySelector('.problem');
    if (!p) {
      p = document.createElement('section');
      p.className = 'problem'; p.setAttribute('role', 'alert');
      p.append(document.createElement('h2'), document.createElement('p'));
      p.firstChild.textContent = "That request can't be quoted";
      section.before(p);
    }
    p.lastChild.textContent = text;
  }

  function newState(qs) {
    var p = new URLSearchParams(qs);
    return {
      qs: qs, receive: p.get('direction') === 'receive', amount: p.get('amount') || '', sort: p.get('sort') || '',
      from: (p.get('from') || '').toUpperCase(), to: (p.get('to') || '').toUpperCase(),
      fromDp: dpOf(p.get('from'), p.get('from_network')), toDp: dpOf(p.get('to'), p.get('to_network')),
      offers: [], failures: [], id: '', got: 0, streaming: true
    };
  }
  function run(qs) {
    if (es) es.close();
    clearInterval(ticker);
    var old = document.querySelector('.problem');
    if (old) old.remove();
    state = newState(qs);
    section.hidden = false;
    section.setAttribute('aria-busy', 'true');
    section.dataset.query = qs;
    $('refresh').href = '/quote?' + qs;
    render();
    meta('Asking the venues', true);
    if (section.getBoundingClientRect().top > window.innerHeight * 0.6) section.scrollIntoView({ block: 'start' });
    var api = new URLSearchParams(qs);
    api.delete('sort'); // the page's own parameter, not the API's
    es = new EventSource('/v1/quotes/stream?' + api.toString());
    var answered = function () { state.got++; meta(state.got + ' venue' + (state.got === 1 ? '' : 's') + ' answered so far', true); };
    es.addEventListener('offer', function (e) {
      var o = JSON.parse(e.data);
      state.fresh = o.venue; state.offers.push(o); answered(); render();
    });
    es.addEventListener('failure', function (e) {
      state.fresh = ''; state.failures.push(JSON.parse(e.data)); answered(); render();
    });
    es.addEventListener('quote', function (e) {
      es.close(); es = null;
      var q = JSON.parse(e.data);
      state.id = q.id; state.fresh = ''; state.streaming = false; state.offers = q.offers || []; state.failures = q.failures || [];
      render();
      section.dataset.quote = q.id;
      countdown(q.age_ms || 0, Date.parse(q.expires_at) - Date.parse(q.created_at) - (q.age_ms || 0), q.took_ms);
    });
    es.addEventListener('error', function (e) {
      if (es) es.close();
      es = null;
      state.streaming = false;
      section.setAttribute('aria-busy', 'false');
      if (e.data) {
        var msg = 'the server could not finish the quote';
        try { msg = JSON.parse(e.data).error.message; } catch (x) { /* keep the generic message */ }
        problem(msg); meta('', false);
      } else if (!state.got) {
        location.assign('/quote?' + qs); // the server's page says what is wrong
      } else {
        meta('The connection was lost before every venue answered; refresh to ask again.', false);
      }
    });
  }

  // countdown shows the quote's age and how long its prices hold, each second.
  function countdown(ageMS, ms, tookMS) {
    clearInterval(ticker);
    var start = Date.now() - ageMS, end = Date.now() + ms;
    section.setAttribute('aria-busy', 'false');
    var tick = function () {
      var now = Date.now(), age = Math.max(0, Math.floor((now - start) / 1000)), left = Math.round((end - now) / 1000);
      var m = $('quote-meta');
      m.classList.remove('busy');
      m.textContent = 'Asked ' + (age < 1 ? 'just now' : age < 60 ? age + ' s ago' : Math.floor(age / 60) + ' min ' + (age % 60) + ' s ago') +
        '; venues answered within ' + tookMS + ' ms. ';
      var s = document.createElement('span');
      s.id = 'expiry';
      if (left > 0) {
        s.textContent = 'Prices hold for ' + Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0') + ' more.';
      } else {
        s.textContent = 'These prices have expired: refresh for new ones.';
        s.className = 'expired';
        clearInterval(ticker);
      }
      m.append(s);
    };
    tick();
    ticker = setInterval(tick, 1000);
  }

  form.addEventListener('submit', function (ev) {
    if (!window.EventSource || !form.checkValidity()) return;
    ev.preventDefault();
    var qs = queryOf();
    history.pushState(null, '', '/quote?' + qs);
    run(qs);
  });
  $('refresh').addEventListener('click', function (ev) {
    var qs = section.dataset.query;
    if (!window.EventSource || !qs) return;
    ev.preventDefault();
    run(qs);
  });
  window.addEventListener('popstate', function () { location.reload(); });

  if (section.dataset.quote) { // a page the server rendered: count its expiry down
    state = newState(section.dataset.query);
    state.streaming = false;
    countdown(Number(section.dataset.ageMs) || 0, Number(section.dataset.expiresInMs) || 0, Number(section.dataset.tookMs) || 0);
  }
  // validity counts the swap form's quote down each second ("for 3:59
  // more"); at zero it says what the button does then, as the server would.
  function validity() {
    var left = $('validity-left'), dd = $('validity');
    if (!left || !dd) return;
    var end = Date.now() + (Number(left.dataset.validS) || 0) * 1000, timer = null;
    function tick() {
      var s = Math.round((end - Date.now()) / 1000);
      if (s <= 0) {
        clearInterval(timer);
        dd.textContent = 'no longer: the venue is asked again when you press the button, and you confirm if the amount moved';
        dd.className = 'expired';
        return;
      }
      left.textContent = Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
    }
    tick();
    timer = setInterval(tick, 1000);
  }
  // swapForms keeps a swap form from being sent twice by an impatient click
  // (its idempotency key would make one swap anyway).
  function swapForms() {
    validity();
    ['swap-form', 'confirm-form'].forEach(function (id) {
      var f = $(id);
      if (!f) return;
      f.addEventListener('submit', function () {
        var b = f.querySelector('button[type=submit]');
        setTimeout(function () { b.disabled = true; b.textContent = 'Creating the swap…'; }, 0);
      });
    });
  }

  // swapPage follows the swap on its page: copy buttons, the deadline
  // counting down, and the tracker updated from the swap's event stream
  // (polling the swap's JSON if the stream is not served).
  function swapPage() {
    var root = $('swap');
    if (!root) return;
    var words = {};
    try { words = JSON.parse(root.dataset.words || '{}'); } catch (e) { words = {}; }
    Array.prototype.forEach.call(root.querySelectorAll('button.copy'), function (b) {
      b.hidden = false;
      b.addEventListener('click', function () {
        var text = b.dataset.copy, done = function () {
          b.classList.add('copied');
          setTimeout(function () { b.classList.remove('copied'); }, 2000);
        };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(text).then(done, function () { select(b); });
        } else {
          select(b);
        }
      });
    });
    function select(b) { // no clipboard here (plain http): select the text for the user to copy
      var code = b.previousElementSibling, r = document.createRange();
      if (!code) return;
      r.selectNodeContents(code);
      var sel = window.getSelection();
      sel.removeAllRanges(); sel.addRange(r);
    }

    var cd = $('countdown'), end = Date.now() + (Number(root.dataset.expiresInS) || 0) * 1000, timer = null;
    function tick() {
      if (!cd) return;
      if (root.dataset.terminal === 'true') { cd.textContent = ''; clearInterval(timer); return; }
      var left = Math.round((end - Date.now()) / 1000);
      if (left <= 0) { cd.textContent = '(the deadline has passed)'; clearInterval(timer); return; }
      var h = Math.floor(left / 3600), m = Math.floor(left / 60) % 60, s = left % 60;
      cd.textContent = '(' + (h ? h + ':' + String(m).padStart(2, '0') : m) + ':' + String(s).padStart(2, '0') + ' left)';
    }
    if (cd && Number(root.dataset.expiresInS) > 0) { tick(); timer = setInterval(tick, 1000); }

    var path = ['waiting', 'confirming', 'exchanging', 'sending', 'finished'];
    var terminal = { finished: 1, failed: 1, refunded: 1, expired: 1 };
    function text(id, value, empty) {
      var el = $(id);
      if (!el) return;
      if (value) {
        var c = document.createElement('code');
        c.className = 'addr'; c.textContent = value;
        el.replaceChildren(c);
      } else if (empty) {
        var q = document.createElement('span');
        q.className = 'quiet'; q.textContent = empty;
        el.replaceChildren(q);
      }
    }
    // show mirrors web.Steps and the page's fields. A status off the path
    // (failed, refunded, expired, held, action_required, refunding), the
    // end, or the swap running late reloads the page, which explains it.
    function show(sw) {
      var st = sw.status, i = path.indexOf(st);
      if ((st !== root.dataset.status && (i < 0 || st === 'finished')) || (sw.late && root.dataset.late !== 'true')) {
        if (es) es.close();
        location.reload();
        return;
      }
      root.dataset.status = st;
      Array.prototype.forEach.call($('steps').children, function (li, j) {
        var state = j < i || (j === i && st === 'finished') ? 'done' : j === i ? 'current' : 'todo';
        li.className = 'step ' + state;
        if (state === 'current') li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
        li.querySelector('.state').textContent = state === 'done' ? ' (done)' : state === 'current' ? ' (now)' : '';
      });
      var h = $('status-text');
      h.textContent = words[st] || st;
      h.className = 'status-' + st;
      $('venue-status').textContent = sw.venue_status || 'nothing yet';
      text('deposit-tx', sw.deposit_tx);
      // The deposit transaction form is done with once the deposit is known.
      var dform = $('deposit-tx-form');
      if (dform && (sw.deposit_tx || st !== 'waiting')) dform.hidden = true;
      text('payout-tx', sw.payout_tx);
      // A route's legs, each its own status (web.LegLine): a leg that
      // changed says so here; a leg paid out or refunded reloads the page,
      // which shows its transaction and where the refund went.
      (sw.legs || []).forEach(function (l) {
        var li = document.querySelector('#legs li[data-leg="' + Number(l.leg) + '"]');
        if (!li || li.dataset.status === l.status) return;
        if (l.payout_tx || l.refund_tx || terminal[l.status]) { if (es) es.close(); location.reload(); return; }
        li.dataset.status = l.status;
        li.querySelector('.leg-status').textContent = words[l.status] || l.status;
      });
      // A split's parts (web.PartLine), the same way: a part that leaves
      // "waiting" no longer shows its deposit on the page without
      // JavaScript, so it reloads here too rather than keep showing
      // where to send; other changes update its status in place.
      for (var k = 0, ps = sw.parts || []; k < ps.length; k++) {
        var p = ps[k], pli = document.querySelector('#parts li[data-part="' + Number(p.part) + '"]');
        if (!pli || pli.dataset.status === p.status) continue;
        if (pli.dataset.status === 'waiting' || p.payout_tx || p.refund_tx || terminal[p.status]) { if (es) es.close(); location.reload(); return; }
        pli.dataset.status = p.status;
        var pst = pli.querySelector('.part-status');
        if (pst) pst.textContent = words[p.status] || p.status;
      }
      if (sw.amount_received) {
        var rc = $('received'), n = document.createElement('span');
        n.className = 'num'; n.textContent = group(sw.amount_received);
        rc.replaceChildren(n, NB + String((sw.to || {}).ticker || '').toUpperCase());
      }
      document.title = document.title.replace(/: [a-z]+ · /, ': ' + st + ' · ');
    }

    if (root.dataset.terminal === 'true') return;
    var es = null, polling = null;
    function poll() {
      if (polling) return;
      polling = setInterval(function () {
        fetch(root.dataset.json, { headers: { Accept: 'application/json' } }).then(function (r) {
          if (!r.ok) throw new Error(String(r.status));
          return r.json();
        }).then(show, function () { clearInterval(polling); setTimeout(function () { location.reload(); }, 10000); });
      }, 5000);
    }
    if (!window.EventSource) { poll(); return; }
    es = new EventSource(root.dataset.events);
    var onSwap = function (e) {
      var sw;
      try { sw = JSON.parse(e.data); } catch (x) { return; }
      if (!sw || !sw.status) return;
      show(sw);
      if (terminal[sw.status]) es.close();
    };
    es.addEventListener('message', onSwap);
    es.addEventListener('swap', onSwap);
    es.addEventListener('error', function () {
      if (es.readyState === EventSource.CLOSED) poll(); // not served, or refused: follow by polling
    });
  }
})();
