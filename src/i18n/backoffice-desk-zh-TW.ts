// 營運工作台的繁體中文：儀表板待處理工作、雙人覆核的餘額調整、玩家列表篩選與批次操作、標籤與備註。
// deskErrorsZhTW 併入 zh-TW.ts（API 錯誤碼），deskBoZhTW 併入 backoffice-zh-TW.ts。
export const deskErrorsZhTW = {
  'error.adjustment_own': '不能核准或駁回自己申請的調整，須由另一位員工決定',
  'error.adjustment_decided': '此調整已有人處理',
};

export const deskBoZhTW = {
  'bo.setting.adjustment_approval_threshold_amount': '超過此金額的調整需第二人核准',
  'bo.setting.help.adjustment_approval_threshold_amount': '整數金額，增減皆同；超過者須另一位員工核准後才入帳。0：每筆調整都需核准。',
  'bo.desk.adj.sent': '已送出覆核：{account} 的 {amount}。須另一位員工核准後才會入帳。',
  'bo.desk.dash.adjustments': '待覆核的餘額調整',
  'bo.desk.dash.applications': '待審核的優惠申請',
  'bo.desk.dash.red_packets': '待審核的紅包領取',
  'bo.desk.dash.consultations': '處理中的諮詢',
  'bo.desk.dash.chats': '排隊中的線上客服',
  'bo.desk.dash.gift_orders': '待出貨的禮品訂單',
};
