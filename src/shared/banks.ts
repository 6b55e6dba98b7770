// Banks a player can bind a card of (Taiwan's bank codes): the card form's bank list, the cashier's card checks and
// the settings form's receiving bank all read this one list.
export const BANKS = [
  { code: '004', name: '臺灣銀行', name_en: 'Bank of Taiwan' },
  { code: '005', name: '臺灣土地銀行', name_en: 'Land Bank of Taiwan' },
  { code: '006', name: '合作金庫商業銀行', name_en: 'Taiwan Cooperative Bank' },
  { code: '007', name: '第一商業銀行', name_en: 'First Commercial Bank' },
  { code: '008', name: '華南商業銀行', name_en: 'Hua Nan Commercial Bank' },
  { code: '009', name: '彰化商業銀行', name_en: 'Chang Hwa Commercial Bank' },
  { code: '012', name: '台北富邦商業銀行', name_en: 'Taipei Fubon Bank' },
  { code: '013', name: '國泰世華商業銀行', name_en: 'Cathay United Bank' },
  { code: '017', name: '兆豐國際商業銀行', name_en: 'Mega International Commercial Bank' },
  { code: '808', name: '玉山商業銀行', name_en: 'E.SUN Commercial Bank' },
  { code: '812', name: '台新國際商業銀行', name_en: 'Taishin International Bank' },
  { code: '822', name: '中國信託商業銀行', name_en: 'CTBC Bank' },
] as const;

export function isBank(code: string): boolean {
  return BANKS.some((b) => b.code === code);
}
