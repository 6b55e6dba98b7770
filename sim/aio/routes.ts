// The AIO-format gateway's stand-in on the sim's server, under /aio (the base URL the site is given as
// AIO_GATEWAY_URL):
//   POST /aio/Cashier/AioCheckOut/V5       the checkout form the player's browser posts; answers the gateway's page
//   POST /aio/pay/:merchantTradeNo         the page's pay button (card, WebATM)
//   POST /aio/Cashier/QueryTradeInfo/V5    the merchant's query, answered `k=v&…` with its CheckMacValue
// and unsigned test switches under /sim/aio:
//   POST /sim/aio/pay {merchantTradeNo, simulate?, wrongMac?, wrongAmount?, lose?}   a payment and its notice
//   POST /sim/aio/settings {resendMs?, barcodeReportMs?}                             the re-send and late-report schedule
//   GET  /sim/aio/orders/:merchantTradeNo                                            an order and its deliveries
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AioSim, CHOOSE, type AioOrder, type AioSimOptions, type Choose } from './gateway.ts';
import { macMatches, taipei } from './mac.ts';

const TRADE_NO_RE = /^[0-9A-Za-z]{1,20}$/;
const DATE_RE = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/;

function formOf(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of [...new URLSearchParams(typeof body === 'string' ? body : '')].slice(0, 100)) out[k] = v;
  return out;
}

/** What is wrong with a checkout form, as the gateway's error page says it; undefined when it is fit. */
function checkoutProblem(sim: AioSim, f: Record<string, string>): string | undefined {
  if (f.MerchantID !== sim.merchant.merchantId) return 'MerchantID Error';
  if (!macMatches(f, sim.merchant.hashKey, sim.merchant.hashIv)) return 'CheckMacValue Error';
  if (!TRADE_NO_RE.test(f.MerchantTradeNo ?? '')) return 'MerchantTradeNo Error';
  if (!DATE_RE.test(f.MerchantTradeDate ?? '')) return 'MerchantTradeDate Error';
  if (f.PaymentType !== 'aio' || f.EncryptType !== '1') return 'PaymentType Error';
  if (!/^[1-9]\d{0,8}$/.test(f.TotalAmount ?? '')) return 'TotalAmount Error';
  if (!CHOOSE.includes(f.ChoosePayment as Choose)) return 'ChoosePayment Error';
  if (!f.ReturnURL || !f.TradeDesc || !f.ItemName) return 'Parameter Error';
  if (['ATM', 'CVS', 'BARCODE'].includes(f.ChoosePayment) && !f.PaymentInfoURL) return 'PaymentInfoURL Error';
  return undefined;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WORDS = {
  zh: {
    brand: '全方位金流（測試）',
    order: '訂單編號',
    amount: '應付金額',
    expires: '繳費期限',
    bank: '銀行代碼',
    account: '虛擬帳號',
    code: '繳費代碼',
    barcode: '條碼',
    pay: '確認付款',
    paid: '付款成功',
    back: '返回商店',
    error: '錯誤',
  },
  en: {
    brand: 'All-in-one payment (test)',
    order: 'Order',
    amount: 'Amount due',
    expires: 'Pay before',
    bank: 'Bank code',
    account: 'Virtual account',
    code: 'Payment code',
    barcode: 'Barcode',
    pay: 'Pay',
    paid: 'Payment successful',
    back: 'Back to the shop',
    error: 'Error',
  },
};

function page(english: boolean, title: string, body: string): string {
  return `<!doctype html><html lang="${english ? 'en' : 'zh-TW'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1e293b}dt{color:#64748b;font-size:.8rem}dd{margin:0 0 .8rem;font:700 1.3rem monospace}a,button{display:inline-block;padding:.6rem 1rem;border-radius:.4rem;background:#0f766e;color:#fff;text-decoration:none;border:0;font-size:1rem}</style></head>
<body><p>${esc(english ? WORDS.en.brand : WORDS.zh.brand)}</p><h1>${esc(title)}</h1>${body}</body></html>`;
}

function orderPage(o: AioOrder): string {
  const w = o.english ? WORDS.en : WORDS.zh;
  const facts: Array<[string, string, string]> = [
    [w.order, o.merchantTradeNo, 'aio-order'],
    [w.amount, `NT$ ${o.amountTwd}`, 'aio-amount'],
  ];
  if (o.code?.bankCode) facts.push([w.bank, o.code.bankCode, 'aio-bank'], [w.account, o.code.vAccount!, 'aio-account']);
  if (o.code?.paymentNo) facts.push([w.code, o.code.paymentNo, 'aio-code']);
  o.code?.barcodes?.forEach((b, i) => facts.push([`${w.barcode} ${i + 1}`, b, `aio-barcode-${i + 1}`]));
  if (o.expiresAt) facts.push([w.expires, taipei(o.expiresAt), 'aio-expires']);
  const dl = `<dl>${facts.map(([k, v, id]) => `<dt>${esc(k)}</dt><dd data-testid="${id}">${esc(v)}</dd>`).join('')}</dl>`;
  const payButton =
    !o.code && o.status === 'unpaid'
      ? `<form method="post" action="/aio/pay/${esc(o.merchantTradeNo)}"><button data-testid="aio-pay">${esc(w.pay)}</button></form>`
      : '';
  const paid = o.status === 'paid' ? `<p data-testid="aio-paid">${esc(w.paid)}</p>` : '';
  const back = o.backUrl ? `<p><a href="${esc(o.backUrl)}" data-testid="aio-back">${esc(w.back)}</a></p>` : '';
  return page(o.english, o.itemName, `${dl}${paid}${payButton}${back}`);
}

const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);

export function registerAioSim(app: FastifyInstance, opts: AioSimOptions = {}): AioSim {
  const sim = new AioSim(opts);
  app.addHook('onReady', async () => sim.start());
  app.addHook('onClose', async () => sim.stop());

  app.post('/aio/Cashier/AioCheckOut/V5', async (req, reply) => {
    const f = formOf(req.body);
    const problem = checkoutProblem(sim, f);
    if (problem) return html(reply, 400, page(f.Language === 'ENG', WORDS.en.error, `<p data-testid="aio-error">${esc(problem)}</p>`));
    const order = sim.open(f);
    if (typeof order === 'string') return html(reply, 400, page(f.Language === 'ENG', WORDS.en.error, `<p data-testid="aio-error">${esc(order)}</p>`));
    return html(reply, 200, orderPage(order));
  });

  app.post<{ Params: { no: string } }>('/aio/pay/:no', async (req, reply) => {
    const o = sim.orders.get(req.params.no);
    if (!o) return html(reply, 404, page(false, WORDS.en.error, '<p>Order not found</p>'));
    sim.pay(o);
    return html(reply, 200, orderPage(o));
  });

  app.post('/aio/Cashier/QueryTradeInfo/V5', async (req, reply) => {
    const f = formOf(req.body);
    if (f.MerchantID !== sim.merchant.merchantId || !macMatches(f, sim.merchant.hashKey, sim.merchant.hashIv))
      return reply.code(200).type('text/plain').send('CheckMacValue Error');
    return reply
      .code(200)
      .type('text/plain')
      .send(sim.query(f.MerchantTradeNo ?? ''));
  });

  registerAioSwitches(app, sim);
  return sim;
}

function json(body: unknown): Record<string, unknown> {
  try {
    const x: unknown = JSON.parse(typeof body === 'string' && body ? body : '{}');
    return x && typeof x === 'object' ? (x as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function registerAioSwitches(app: FastifyInstance, sim: AioSim): void {
  app.post('/sim/aio/pay', async (req, reply) => {
    const b = json(req.body);
    const o = sim.orders.get(typeof b.merchantTradeNo === 'string' ? b.merchantTradeNo : '');
    if (!o) return reply.code(404).send({ status: 'error', code: 'NOT_FOUND' });
    sim.pay(o, { simulate: b.simulate === true, wrongMac: b.wrongMac === true, wrongAmount: b.wrongAmount === true, lose: b.lose === true });
    return { status: 'ok', order: o.merchantTradeNo, reportAt: o.reportAt?.toISOString() ?? null };
  });
  app.post('/sim/aio/settings', async (req) => {
    const b = json(req.body);
    if (Array.isArray(b.resendMs) && b.resendMs.every((n) => Number.isInteger(n) && Number(n) >= 0)) sim.resendMs = b.resendMs.map(Number);
    if (Number.isInteger(b.barcodeReportMs) && Number(b.barcodeReportMs) >= 0) sim.barcodeReportMs = Number(b.barcodeReportMs);
    return { status: 'ok', resendMs: sim.resendMs, barcodeReportMs: sim.barcodeReportMs };
  });
  app.get<{ Params: { no: string } }>('/sim/aio/orders/:no', async (req, reply) => {
    const o = sim.orders.get(req.params.no);
    return o ? { status: 'ok', order: o, pendingDeliveries: sim.pendingDeliveries() } : reply.code(404).send({ status: 'error', code: 'NOT_FOUND' });
  });
}
