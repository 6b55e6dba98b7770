// Demo promotions so `npm start` shows a hall: three front categories and a promotion of most modes, in
// both languages; one limited-time, one first deposit with a bet-flow multiple of 1. Inserted once (its own marker).
import type { DbOrTx } from '../../db/client.ts';
import { promotionCategories, promotions, settings } from '../../db/schema.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import { DAY_MS } from '../../../shared/time.ts';

type Values = typeof promotions.$inferInsert;

function promo(v: Partial<Values> & Pick<Values, 'mode' | 'title' | 'titleEn' | 'rewardKind'>): Values {
  return {
    status: 'on',
    summary: '',
    summaryEn: '',
    limitCount: 1,
    limitPeriod: 'ever',
    flowMultiple: 1,
    claimMode: 'automatic',
    ...v,
    content: sanitizeOperatorHtml(v.content ?? ''),
    contentEn: sanitizeOperatorHtml(v.contentEn ?? ''),
  };
}

export async function seedDemoPromotions(db: DbOrTx): Promise<void> {
  const marker = await db.insert(settings).values({ key: 'demo_promotions_seeded', value: true }).onConflictDoNothing().returning();
  if (!marker.length) return;
  const [hot, fresh, deposit] = await db
    .insert(promotionCategories)
    .values([
      { title: '熱門活動', titleEn: 'Hot offers', sort: 1 },
      { title: '新會員專區', titleEn: 'New members', sort: 2 },
      { title: '存款優惠', titleEn: 'Deposit offers', sort: 3 },
    ])
    .returning({ id: promotionCategories.id });
  const now = Date.now();
  await db
    .insert(promotions)
    .values([...depositAndSignUpPromotions(deposit!.id, fresh!.id), ...rebatePromotions(hot!.id), ...limitedAndReferralPromotions(hot!.id, fresh!.id, now)]);
}

/** The two deposit offers and the sign-up gift, inserted first. */
function depositAndSignUpPromotions(depositId: number, freshId: number): Values[] {
  return [
    promo({
      mode: 2,
      frontId: depositId,
      sort: 1,
      title: '首存100%加碼',
      titleEn: '100% first deposit bonus',
      rewardKind: 'deposit_percent',
      percentBp: 10_000,
      maxGrantMinor: 100_000n,
      minAmountMinor: 10_000n,
      flowMultiple: 1,
      flowBase: 'bonus_deposit',
      claimMode: 'apply',
      autoApproveMaxMinor: 100_000n,
      summary: '首次存款享100%加碼，最高1,000元，1倍流水即可提領。',
      summaryEn: 'Double your first deposit, up to 1,000, with a 1x bet flow.',
      content:
        '<h3>活動內容</h3><p>申請本活動後完成首次存款（最低100元），即可獲得存款金額100%的紅利，最高1,000元。</p><p>流水要求：（紅利＋存款）× 1 倍。</p>',
      contentEn:
        '<h3>How it works</h3><p>Apply, then make your first deposit (at least 100): you receive 100% of it as a bonus, up to 1,000.</p><p>Bet flow: (bonus + deposit) x 1.</p>',
    }),
    promo({
      mode: 3,
      frontId: depositId,
      sort: 2,
      title: '每日首存送10%',
      titleEn: '10% on the first deposit of the day',
      rewardKind: 'deposit_percent',
      percentBp: 1_000,
      maxGrantMinor: 18_800n,
      limitPeriod: 'day',
      flowMultiple: 3,
      summary: '每天第一筆存款自動加贈10%，最高188元。',
      summaryEn: 'Your first deposit each day earns 10% more, up to 188.',
      content: '<p>每日（台北時間）第一筆存款自動贈送10%，最高188元，3倍流水。</p>',
      contentEn: '<p>The first deposit of each Taipei day earns 10% more, up to 188, with a 3x bet flow.</p>',
    }),
    promo({
      mode: 5,
      frontId: freshId,
      sort: 1,
      title: '註冊即送18元',
      titleEn: 'Sign up and get 18',
      rewardKind: 'fixed',
      fixedAmountMinor: 1_800n,
      flowMultiple: 5,
      uniqueBy: ['address', 'phone'],
      summary: '新會員註冊完成即送18元體驗金。',
      summaryEn: 'New members receive 18 to try the games.',
      content: '<p>每個地址與手機限領一次，5倍流水。</p>',
      contentEn: '<p>One per address and phone, 5x bet flow.</p>',
    }),
  ];
}

/** The daily rebate and the rescue money. */
function rebatePromotions(hotId: number): Values[] {
  return [
    promo({
      mode: 6,
      frontId: hotId,
      sort: 2,
      title: '有效投注天天返水',
      titleEn: 'Daily valid-bet rebate',
      rewardKind: 'valid_bet_percent',
      percentBp: 50,
      useVipRate: true,
      limitCount: 0,
      flowMultiple: 1,
      summary: '依VIP等級返還昨日有效投注，每日自動派發。',
      summaryEn: "Yesterday's valid bet rebated at your VIP rate, every day.",
      content: '<p>每日結算前一日（台北時間）各遊戲類別的有效投注，依VIP等級返水率自動派發。</p>',
      contentEn: "<p>Each day, yesterday's valid bet per game group is rebated at your VIP level's rate.</p>",
    }),
    promo({
      mode: 7,
      frontId: hotId,
      sort: 3,
      title: '救援金最高10%',
      titleEn: 'Rescue money up to 10%',
      rewardKind: 'net_loss_percent',
      limitCount: 0,
      tiers: [
        { thresholdMinor: '100000', amountMinor: '0', percentBp: 500 },
        { thresholdMinor: '1000000', amountMinor: '0', percentBp: 1_000 },
      ],
      maxGrantMinor: 500_000n,
      summary: '昨日淨輸1,000元以上即享救援金。',
      summaryEn: 'Lost 1,000 or more yesterday? Get rescue money.',
      content: '<p>淨輸1,000元返5%，10,000元以上返10%，最高5,000元。</p>',
      contentEn: '<p>5% of a net loss from 1,000, 10% from 10,000, up to 5,000.</p>',
    }),
  ];
}

/** The limited-time gift (open from a day ago for a week) and the referral offer. */
function limitedAndReferralPromotions(hotId: number, freshId: number, now: number): Values[] {
  return [
    promo({
      mode: 1,
      frontId: hotId,
      sort: 1,
      title: '限時週年慶好禮',
      titleEn: 'Limited-time anniversary gift',
      rewardKind: 'fixed',
      fixedAmountMinor: 8_800n,
      limitedTime: true,
      claimStart: new Date(now - DAY_MS),
      claimEnd: new Date(now + 7 * DAY_MS),
      showEnd: new Date(now + 7 * DAY_MS),
      claimMode: 'apply',
      minDepositCount: 1,
      summary: '活動期間申請即可獲得88元彩金（須有存款紀錄）。',
      summaryEn: 'Apply during the event for 88 (one deposit needed).',
      content: '<p>限時七天！客服審核後派發88元，1倍流水。</p>',
      contentEn: '<p>Seven days only! 88 after review, 1x bet flow.</p>',
    }),
    promo({
      mode: 9,
      frontId: freshId,
      sort: 2,
      title: '推薦好友雙方得獎',
      titleEn: 'Recommend a friend, both win',
      rewardKind: 'fixed',
      limitCount: 0,
      referrerAmountMinor: 20_000n,
      friendAmountMinor: 5_000n,
      friendMinDepositMinor: 100_000n,
      friendMinValidBetMinor: 100_000n,
      maxPerReferrer: 20,
      summary: '好友存款與有效投注各達1,000元，您得200元、好友得50元。',
      summaryEn: 'When your friend deposits and bets 1,000 each, you get 200 and they get 50.',
      content: '<p>同一地址註冊的帳號不予派發。</p>',
      contentEn: '<p>Nothing is paid when both accounts registered from one address.</p>',
    }),
  ];
}
