// The PayBridge pages a player's browser sees: the hosted checkout (card, online banking), the
// convenience-store counter (cvs) and their end states. zh-TW by default, English with ?lang=en.
import { BANKS, MERCHANT_ID, type Order } from './gateway.ts';

export type Lang = 'zh-TW' | 'en';
export const langOf = (q: string | undefined): Lang => (q === 'en' ? 'en' : 'zh-TW');

/** The test card that is always declined. */
export const DECLINED_CARD = '4000000000000002';

const T = {
  'zh-TW': {
    brand: 'PayBridge 安全付款',
    test: '測試環境',
    checkout: '付款',
    merchant: '商店',
    order: '訂單編號',
    method: '付款方式',
    description: '商品說明',
    amount: '應付金額',
    remaining: '剩餘付款時間',
    expiresAt: '繳費期限',
    card: '信用卡 / 電子錢包',
    cvs: '超商代碼繳費',
    online_banking: '網路銀行',
    cardNumber: '卡號',
    cardExpiry: '有效期限 (MM/YY)',
    cardCvc: '安全碼',
    cardName: '持卡人姓名',
    cardHint: `測試卡：任何 12 至 19 位卡號皆可付款；${DECLINED_CARD.replace(/(\d{4})(?=\d)/g, '$1 ')} 會被拒絕。`,
    chooseBank: '選擇銀行',
    bankHint: '按下付款後，將模擬跳轉至銀行完成轉帳。',
    pay: '確認付款',
    fail: '模擬付款失敗',
    note: '這是測試用的付款頁面，不會真的扣款。',
    paid: '付款成功',
    failed: '付款失敗',
    expired: '訂單已逾期',
    expiredText: '這筆訂單已超過付款期限，無法再付款。請回到商店重新下單。',
    paidText: '款項已收到，商店將自動為您入帳。',
    failedText: '這筆付款未完成。請回到商店重新下單。',
    back: '返回商店',
    notFound: '找不到這筆訂單。',
    badCard: '請輸入 12 至 19 位數字的卡號。',
    counter: '超商門市櫃台（模擬）',
    paymentCode: '繳費代碼',
    counterHint: '請將繳費代碼出示給店員，或於多媒體機台輸入。',
    collect: '門市收款',
    enterCode: '輸入繳費代碼',
    find: '查詢',
    receipt: '繳費收據',
    paidAtLabel: '付款時間',
    reason: '原因',
  },
  en: {
    brand: 'PayBridge secure payment',
    test: 'Test environment',
    checkout: 'Checkout',
    merchant: 'Merchant',
    order: 'Order number',
    method: 'Payment method',
    description: 'Description',
    amount: 'Amount due',
    remaining: 'Time left to pay',
    expiresAt: 'Pay by',
    card: 'Card / e-wallet',
    cvs: 'Convenience-store payment',
    online_banking: 'Online banking',
    cardNumber: 'Card number',
    cardExpiry: 'Expiry (MM/YY)',
    cardCvc: 'CVC',
    cardName: 'Cardholder name',
    cardHint: `Test card: any 12 to 19 digit number pays; ${DECLINED_CARD.replace(/(\d{4})(?=\d)/g, '$1 ')} is declined.`,
    chooseBank: 'Choose your bank',
    bankHint: 'Paying simulates the redirect to your bank and back.',
    pay: 'Pay',
    fail: 'Fail payment',
    note: 'This is a test payment page. No real money moves.',
    paid: 'Payment successful',
    failed: 'Payment failed',
    expired: 'Order expired',
    expiredText: 'This order is past its payment deadline and can no longer be paid. Please go back and place a new order.',
    paidText: 'Payment received. The merchant will credit you automatically.',
    failedText: 'This payment did not go through. Please go back and place a new order.',
    back: 'Back to merchant',
    notFound: 'No such order.',
    badCard: 'Enter a card number of 12 to 19 digits.',
    counter: 'Convenience-store counter (simulated)',
    paymentCode: 'Payment code',
    counterHint: 'Show the payment code to the cashier or enter it at the kiosk.',
    collect: 'Collect payment',
    enterCode: 'Enter a payment code',
    find: 'Look up',
    receipt: 'Receipt',
    paidAtLabel: 'Paid at',
    reason: 'Reason',
  },
} as const;

type Dict = (typeof T)[Lang];

export function formatTwd(amountMinor: string): string {
  const s = amountMinor.padStart(3, '0');
  const whole = s.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `NT$ ${whole}.${s.slice(-2)}`;
}

function formatTime(isoTime: string, lang: Lang): string {
  return (
    new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-TW', {
      timeZone: 'Asia/Taipei',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    }).format(new Date(isoTime)) + ' (GMT+8)'
  );
}

function remaining(expiresAt: string): string {
  const sec = Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000));
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = sec % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** `returnUrl` with merchantOrderId and state added to its query. */
export function returnLink(order: Order): string {
  const u = new URL(order.returnUrl);
  u.searchParams.set('merchantOrderId', order.merchantOrderId);
  u.searchParams.set('state', order.state);
  return u.toString();
}

const CLOCK_SVG =
  '<svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"><circle cx="12" cy="12" r="9"/><path d="M12 7v5l3.5 2"/></svg>';

const q = (lang: Lang) => (lang === 'en' ? '?lang=en' : '');

function summary(order: Order, t: Dict, lang: Lang): string {
  return `<dl class="summary">
<div><dt>${t.merchant}</dt><dd data-testid="merchant">${esc(MERCHANT_ID)}</dd></div>
<div><dt>${t.order}</dt><dd class="mono" data-testid="merchant-order-id">${esc(order.merchantOrderId)}</dd></div>
<div><dt>${t.method}</dt><dd data-testid="method" data-method="${order.method}">${t[order.method]}</dd></div>
${order.description ? `<div><dt>${t.description}</dt><dd>${esc(order.description)}</dd></div>` : ''}
${order.state === 'created' ? `<div><dt>${t.expiresAt}</dt><dd>${formatTime(order.expiresAt, lang)}</dd></div>` : ''}
</dl>
<div class="amount"><span>${t.amount}</span><strong data-testid="amount" data-amount-minor="${order.amountMinor}">${formatTwd(order.amountMinor)}</strong></div>`;
}

function countdown(order: Order, t: Dict): string {
  return `<p class="countdown">${t.remaining} <b data-testid="countdown" data-expires-at="${order.expiresAt}">${remaining(order.expiresAt)}</b></p>`;
}

/** The end state of an order: paid, failed or expired, with the way back to the merchant. */
function finalBlock(order: Order, t: Dict, lang: Lang): string {
  const icon = order.state === 'paid' ? '✓' : order.state === 'failed' ? '✕' : CLOCK_SVG;
  const text = order.state === 'paid' ? t.paidText : order.state === 'failed' ? t.failedText : t.expiredText;
  const title = order.state === 'paid' ? t.paid : order.state === 'failed' ? t.failed : t.expired;
  const extra =
    order.state === 'paid' && order.paidAt
      ? `<p class="muted">${t.paidAtLabel}: ${formatTime(order.paidAt, lang)}</p>`
      : order.state === 'failed' && order.failedReason
        ? `<p class="muted">${t.reason}: <span class="mono">${esc(order.failedReason)}</span></p>`
        : '';
  return `<div class="result ${order.state}" data-testid="result" data-state="${order.state}">
<div class="icon" aria-hidden="true">${icon}</div>
<h2>${title}</h2>
<p>${text}</p>${extra}
</div>
<a class="button primary" data-testid="return" href="${esc(returnLink(order))}">${t.back}</a>`;
}

/** GET /gateway/pay/:orderId (card and online_banking). */
export function renderPayPage(order: Order, lang: Lang, opts: { error?: 'badCard'; cardNumber?: string } = {}): string {
  const t = T[lang];
  if (order.state !== 'created') return page(t.brand, lang, t, `${summary(order, t, lang)}${finalBlock(order, t, lang)}`, order.state);
  const action = (what: 'pay' | 'fail') => `/gateway/pay/${encodeURIComponent(order.orderId)}/${what}${q(lang)}`;
  const fields =
    order.method === 'card'
      ? `<fieldset class="card-form">
<label class="wide">${t.cardNumber}<input name="cardNumber" data-testid="card-number" inputmode="numeric" autocomplete="off" value="${esc(opts.cardNumber ?? '4242 4242 4242 4242')}" maxlength="23" required></label>
<label>${t.cardExpiry}<input name="cardExpiry" value="12/34" maxlength="5" autocomplete="off"></label>
<label>${t.cardCvc}<input name="cardCvc" value="123" maxlength="4" inputmode="numeric" autocomplete="off"></label>
<label class="wide">${t.cardName}<input name="cardName" value="TEST PLAYER" autocomplete="off"></label>
<p class="hint wide">${t.cardHint}</p>
</fieldset>`
      : `<fieldset class="banks"><legend>${t.chooseBank}</legend>
${BANKS.map((b, i) => `<label class="bank"><input type="radio" name="bank" value="${b.code}" data-testid="bank-${b.code}"${i === 0 ? ' checked' : ''}><span><b>${lang === 'en' ? b.en : b.zh}</b><small>${b.code}</small></span></label>`).join('\n')}
<p class="hint">${t.bankHint}</p>
</fieldset>`;
  const error = opts.error ? `<p class="error" role="alert" data-testid="error">${t[opts.error]}</p>` : '';
  return page(
    t.brand,
    lang,
    t,
    `${summary(order, t, lang)}
${countdown(order, t)}
${error}
<form method="post" action="${action('pay')}" class="pay">
${fields}
<button type="submit" class="button primary" data-testid="pay">${t.pay} ${formatTwd(order.amountMinor)}</button>
</form>
<form method="post" action="${action('fail')}">
<button type="submit" class="button secondary" data-testid="fail">${t.fail}</button>
</form>`,
    'created',
  );
}

/** GET /gateway/cvs/:paymentCode: the store counter where the code can be paid. */
export function renderCounterPage(order: Order, lang: Lang): string {
  const t = T[lang];
  const code = `<div class="code"><span>${t.paymentCode}</span><strong class="mono" data-testid="payment-code">${esc(order.paymentCode ?? '')}</strong></div>`;
  if (order.state !== 'created') {
    const heading = order.state === 'paid' ? `<h1 class="receipt">${t.receipt}</h1>` : '';
    return page(t.counter, lang, t, `${heading}${code}${summary(order, t, lang)}${finalBlock(order, t, lang)}`, order.state, 'counter');
  }
  return page(
    t.counter,
    lang,
    t,
    `${code}
${summary(order, t, lang)}
${countdown(order, t)}
<p class="hint">${t.counterHint}</p>
<form method="post" action="/gateway/cvs/${encodeURIComponent(order.paymentCode ?? '')}/pay${q(lang)}">
<button type="submit" class="button primary" data-testid="pay">${t.collect} ${formatTwd(order.amountMinor)}</button>
</form>`,
    'created',
    'counter',
  );
}

/** GET /gateway/cvs: a code entry form, as at a kiosk. */
export function renderCodeEntry(lang: Lang, notFound = false): string {
  const t = T[lang];
  return page(
    t.counter,
    lang,
    t,
    `<form method="get" action="/gateway/cvs" class="lookup">
<label>${t.enterCode}<input name="code" data-testid="code" class="mono" maxlength="14" autocomplete="off" required></label>
${lang === 'en' ? '<input type="hidden" name="lang" value="en">' : ''}
${notFound ? `<p class="error" role="alert">${t.notFound}</p>` : ''}
<button type="submit" class="button primary" data-testid="find">${t.find}</button>
</form>`,
    'lookup',
    'counter',
  );
}

export function renderNotFound(lang: Lang): string {
  const t = T[lang];
  return page(t.brand, lang, t, `<p class="error" data-testid="not-found">${t.notFound}</p>`, 'not-found');
}

function page(title: string, lang: Lang, t: Dict, body: string, state: string, kind: 'checkout' | 'counter' = 'checkout'): string {
  const other = lang === 'en' ? { href: '?lang=zh-TW', label: '中文' } : { href: '?lang=en', label: 'English' };
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head><body class="${kind}" data-state="${esc(state)}">
<header class="bar"><span class="logo">Pay<b>Bridge</b></span><span class="badge">${t.test}</span><a class="lang" href="${other.href}">${other.label}</a></header>
<main class="panel">
<h1 class="title">${kind === 'counter' ? t.counter : t.checkout}</h1>
${body}
<p class="note">${t.note}</p>
</main>
<script>
(function () {
  var el = document.querySelector('[data-expires-at]');
  if (!el) return;
  var end = Date.parse(el.getAttribute('data-expires-at'));
  function tick() {
    var s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    var mmss = (m < 10 ? '0' : '') + m + ':' + (r < 10 ? '0' : '') + r;
    el.textContent = h > 0 ? h + ':' + mmss : mmss;
    if (s === 0) { clearInterval(timer); setTimeout(function () { location.reload(); }, 1000); }
  }
  var timer = setInterval(tick, 1000);
  tick();
})();
</script>
</body></html>`;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans TC","PingFang TC","Microsoft JhengHei",sans-serif;background:#eef2f7;color:#1d2733}
.bar{display:flex;align-items:center;gap:.75rem;padding:.75rem 1.25rem;background:#0f4c81;color:#fff}
.counter .bar{background:#1b7a3e}
.logo{font-size:1.25rem;letter-spacing:.02em}.logo b{color:#ffd166}
.badge{font-size:.75rem;background:rgba(255,255,255,.18);border:1px solid rgba(255,255,255,.4);border-radius:999px;padding:.1rem .6rem}
.lang{margin-left:auto;color:#fff;font-size:.9rem}
.panel{max-width:480px;margin:1.5rem auto;background:#fff;border-radius:12px;box-shadow:0 2px 14px rgba(15,40,80,.12);padding:1.25rem 1.5rem 1rem}
.title{font-size:1.2rem;margin:0 0 .75rem}
.summary{margin:0 0 .75rem;display:grid;gap:.35rem}
.summary div{display:flex;justify-content:space-between;gap:1rem;border-bottom:1px dashed #dde3ea;padding-bottom:.35rem}
.summary dt{color:#5b6b7c;white-space:nowrap}.summary dd{margin:0;text-align:right;overflow-wrap:anywhere}
.mono{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace}
.amount{display:flex;justify-content:space-between;align-items:baseline;background:#f4f8fc;border-radius:8px;padding:.75rem 1rem;margin:.5rem 0}
.amount strong{font-size:1.6rem;color:#0f4c81}
.counter .amount strong{color:#1b7a3e}
.countdown{margin:.5rem 0;color:#5b6b7c}.countdown b{color:#c2410c;font-variant-numeric:tabular-nums;font-size:1.1rem}
fieldset{border:1px solid #dde3ea;border-radius:8px;margin:.75rem 0;padding:.75rem}
legend{padding:0 .25rem;color:#5b6b7c}
.card-form{display:grid;grid-template-columns:1fr 1fr;gap:.6rem}
.card-form .wide{grid-column:1/-1}
label{display:flex;flex-direction:column;gap:.25rem;font-size:.9rem;color:#3b4a5a}
input{font:inherit;padding:.55rem .65rem;border:1px solid #c5cfda;border-radius:6px;width:100%}
input:focus{outline:2px solid #3b82f6;outline-offset:0}
.banks{display:grid;grid-template-columns:1fr 1fr;gap:.5rem}
.banks .hint{grid-column:1/-1}
.bank{flex-direction:row;align-items:center;gap:.5rem;border:1px solid #dde3ea;border-radius:6px;padding:.5rem .6rem;cursor:pointer}
.bank input{width:auto;margin:0}.bank span{display:flex;flex-direction:column;line-height:1.25}.bank small{color:#8796a5}
.bank:has(input:checked){border-color:#0f4c81;background:#f4f8fc}
.hint{font-size:.85rem;color:#6b7b8c;margin:.25rem 0}
.button{display:block;width:100%;text-align:center;text-decoration:none;font:inherit;font-weight:600;border-radius:8px;padding:.8rem 1rem;margin:.6rem 0 0;cursor:pointer;border:1px solid transparent}
.primary{background:#0f4c81;color:#fff}.primary:hover{background:#0c3d68}
.counter .primary{background:#1b7a3e}.counter .primary:hover{background:#146231}
.secondary{background:#fff;color:#b42318;border-color:#f0b4ae}.secondary:hover{background:#fff5f4}
.error{color:#b42318;background:#fff5f4;border:1px solid #f0b4ae;border-radius:6px;padding:.5rem .75rem}
.result{text-align:center;padding:1rem 0 .25rem}
.result .icon{width:3.5rem;height:3.5rem;margin:0 auto .5rem;border-radius:50%;display:grid;place-items:center;font-size:1.8rem;color:#fff;background:#8796a5}
.result.paid .icon{background:#16a34a}.result.failed .icon{background:#dc2626}.result.expired .icon{background:#d97706}
.result h2{margin:.25rem 0;font-size:1.25rem}
.muted{color:#6b7b8c;font-size:.9rem}
.code{text-align:center;border:2px dashed #1b7a3e;border-radius:10px;padding:.75rem;margin:0 0 1rem}
.code span{display:block;color:#5b6b7c;font-size:.9rem}
.code strong{font-size:1.6rem;letter-spacing:.12em}
.receipt{font-size:1.1rem;text-align:center;margin:0 0 .5rem}
.lookup{display:grid;gap:.5rem}
.note{font-size:.8rem;color:#8796a5;text-align:center;margin:1rem 0 0}
@media (max-width:520px){.panel{margin:0;border-radius:0;box-shadow:none;min-height:calc(100vh - 52px);padding:1rem}.amount strong{font-size:1.4rem}.code strong{font-size:1.3rem}}
`;

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
