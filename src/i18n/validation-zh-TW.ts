// 驗證訊息：欄位的規則沒有自己的訊息時（JSON 型別錯誤、不在選項內、數值超出範圍）的說法，回應中不會出現驗證器的內部字樣。
import type { validationEn } from './validation-en.ts';

export const validationZhTW: Record<keyof typeof validationEn, string> = {
  'v.type.number': '必須是數字',
  'v.type.integer': '必須是整數',
  'v.type.array': '必須是清單',
  'v.invalid': '格式不正確',
  'v.choice': '不是可選的項目',
  'v.out_of_range': '超出允許的範圍',
  'v.required': '此欄位必填',
  'v.too_short': '內容過短',
  'v.digits': '只能輸入數字',
  'v.date.after_end': '開始日期不能晚於結束日期',
  'error.unsupported_file_type': '不支援此檔案類型',
};
