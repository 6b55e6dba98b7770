// English text of the info pages. This is the complete catalogue that other languages fall back to.
// Facts (ages, limits, fees, times) follow SPEC.md sections 1 and 9; keep them in step with it.
import type { InfoPage, InfoSlug, InfoUi } from './types.ts';

export const infoUiEn: InfoUi = { menu: 'Help and information', related: 'See also' };

export const infoEn: Record<InfoSlug, InfoPage> = {
  about: {
    title: 'About us',
    description: 'Who we are at Lucky Harbour: our games, how we look after your account and your money, and how to reach us.',
    intro:
      'Lucky Harbour is an online entertainment site that brings slots, fishing games, sports betting, live casino, lottery, card games and esports together in one account. We built it for players who want a wide choice of games, quick deposits and withdrawals, and friendly service in Traditional Chinese and English at any hour of the day.',
    sections: [
      {
        heading: 'Our games',
        paragraphs: [
          'We work with established game providers and group their games into seven categories, so you can move from one to another with the same account and the same wallet:',
        ],
        list: [
          'Slots: video slots and classic reels, many with a free demo you can try first.',
          'Fishing: arcade-style fishing games, including fishing battles against other players.',
          'Sports: pre-match and in-play betting on football, basketball, baseball and more.',
          'Live casino: baccarat, roulette, sic bo and other tables with real dealers, streamed live.',
          'Lottery: regular draws with a wide range of bet types.',
          'Cards: popular card games against other players or the house.',
          'Esports: betting on the major esports leagues and tournaments.',
        ],
      },
      {
        heading: 'One account, one central wallet',
        paragraphs: [
          'Your money is kept in a central wallet. When you open a game, points move from the central wallet to that game platform, either by your own transfer or automatically, and you can bring them back whenever you like. Bonuses from promotions are kept apart in activity wallets, so you always know which money is yours to withdraw.',
          'Every deposit, transfer, bet and withdrawal is recorded. In the member centre you can look up your records for the last 30 days at any time.',
        ],
      },
      {
        heading: 'Safe and fair',
        list: [
          'Every page is served over an encrypted connection, and your password is never stored in readable form.',
          'Before your first withdrawal we verify your bank card and your real name, so only you can take money out of your account.',
          'Game results come from the game providers’ own systems. We do not change them.',
          'Every movement of money in your account is recorded and can be traced, and our finance team checks the accounts.',
        ],
      },
      {
        heading: 'Service around the clock',
        paragraphs: ['Deposits are processed automatically and usually arrive within 5 minutes, at any hour of the day.'],
      },
      {
        heading: 'Playing responsibly',
        paragraphs: [
          'Lucky Harbour is for adults only: you must be 18 or older to register and play. Games should be entertainment, never a way to earn a living or to solve money problems. If you need a break, customer service can close your account for three months. Our responsible gaming page has more advice and tools.',
        ],
      },
    ],
    related: [
      { label: 'Beginner’s guide', href: '/beginner-s-guide' },
      { label: 'Contact us', href: '/contact-us' },
      { label: 'Responsible gaming', href: '/responsible-gaming' },
    ],
  },

  'beginner-s-guide': {
    title: 'Beginner’s guide',
    description: 'From opening an account to your first withdrawal at Lucky Harbour, step by step.',
    intro:
      'New to Lucky Harbour? This guide takes you from opening an account to your first withdrawal. Each step takes only a few minutes, and our customer service is online 24/7 if you get stuck.',
    sections: [
      {
        heading: 'Step 1: Register',
        list: [
          'Click “Free registration” at the top of the page, or “Sign up now” at the bottom.',
          'Choose an account name of 6 to 12 letters and digits, and a password of 6 to 12 letters and digits.',
          'Enter your mobile number (10 digits starting with 09) and the verification code we send you by text message.',
          'Confirm that you are 18 or older and accept the terms of service, then submit.',
        ],
        ordered: true,
        after: 'If a friend sent you an invitation link, the referral code is filled in for you.',
      },
      {
        heading: 'Step 2: Log in and complete your profile',
        paragraphs: [
          'Log in with your account name or mobile number and your password. In the member centre, check your personal information and bind a bank card in your own name. The name on the card must match the real name on your account. Both are required before your first withdrawal, so it pays to do it now.',
        ],
      },
      {
        heading: 'Step 3: Make a deposit',
        paragraphs: [
          'Click Deposit in the top bar and choose a method: bank transfer, third-party payment, convenience-store payment, online banking or USDT. Follow the instructions on screen. Deposits are processed automatically and usually arrive in your central wallet within 5 minutes.',
        ],
      },
      {
        heading: 'Step 4: Choose a game',
        paragraphs: [
          'Use the main menu to browse slots, fishing games, sports, live casino, lottery, cards and esports. Many slot and fishing games have a free demo, so you can learn them before you play with real money. When you choose Play now, points move from your central wallet to that game platform. Turn on automatic transfer in the member centre and this happens for you every time.',
        ],
      },
      {
        heading: 'Step 5: Join promotions',
        paragraphs: [
          'The promotions hall lists current offers such as the first-deposit bonus, the daily first-deposit bonus and the red-packet rain. Read the rules of each offer before you join: bonus money goes into an activity wallet and has a bet target that must be completed before it can be withdrawn.',
        ],
      },
      {
        heading: 'Step 6: Withdraw your winnings',
        paragraphs: [
          'When you are ready, bring your money back to the central wallet (Recover all does this in one click) and click Withdrawal. The minimum is 500 per withdrawal, and your valid bets must reach 1x your recent deposits. The withdrawal help page explains the rules and fees.',
        ],
      },
      {
        heading: 'Good habits from day one',
        list: [
          'Keep your password to yourself, and change it if you think someone else knows it.',
          'Set a budget before you play and stop when you reach it.',
          'Check your records in the member centre; they cover the last 30 days.',
          'Ask customer service whenever something is unclear. We are online 24/7.',
        ],
      },
    ],
    related: [
      { label: 'Register', href: '/register' },
      { label: 'Deposit help', href: '/deposit-help' },
      { label: 'Wallet help', href: '/walllet-help' },
    ],
  },

  'contact-us': {
    title: 'Contact us',
    description: 'How to get help with Lucky Harbour today: the help pages, the announcements and what to prepare when you contact us.',
    intro: 'Three ways to reach customer service: live chat, a written consultation in the member centre, and the help pages below.',
    sections: [
      {
        heading: 'Live chat',
        paragraphs: [
          'On a computer, use the chat button at the bottom right of every page; on a phone, open the customer service tab at the bottom of the screen and start a live chat there. An agent takes your conversation from the queue. When no agent is online you can leave a message, and it becomes a written consultation that we answer in the member centre.',
        ],
      },
      {
        heading: 'Written consultations',
        paragraphs: [
          'In the member centre, open My feedback to write to us with a title, your question and, if it helps, attach up to three pictures (png, jpg or jpeg, at most 500 KB each). Replies appear in the same thread and the message badge tells you when one arrives; you can reply until we end the consultation.',
        ],
      },
      {
        heading: 'Help pages',
        paragraphs: [
          "The beginner's guide and the deposit, withdrawal, wallet and VIP help pages answer most questions; on a phone they are under the customer service tab at the bottom of the screen. Every deposit and withdrawal also shows its status in your transaction records.",
        ],
      },
      {
        heading: 'Announcements',
        paragraphs: ['News from us, such as maintenance times, appears in the announcement bar at the top of every page.'],
      },
      {
        heading: 'Help us help you faster',
        paragraphs: ['Please include what applies to your question:'],
        list: [
          'Your account name. Never send your password: our staff will never ask for it.',
          'For deposits and withdrawals: the order number, the amount and the time.',
          'For games: the game platform, the game name and roughly when it happened.',
          'A screenshot of any error message you saw.',
        ],
      },
      {
        heading: 'Common questions',
        list: [
          'Forgot your password: choose "Forgot password" at the login box, enter your account name and the mobile number bound to it, and type the text-message code we send to that number; then choose a new password. If the site has switched this off, or your number has changed, contact customer service.',
          'Deposit not arrived after 5 minutes: send us the order number and your payment receipt.',
          'Withdrawals: the withdrawal help page explains the minimum, the fees and the daily limits.',
          'Taking a break: customer service can set up a three-month self-exclusion for you.',
        ],
      },
      {
        heading: 'Beware of impostors',
        paragraphs: [
          'Lucky Harbour staff will never ask for your password or a text-message verification code, and will never ask you to pay into a personal account. Always deposit through the deposit page of this site. If someone claiming to be us asks for any of these, do not reply, and let our customer service know.',
        ],
      },
    ],
    related: [
      { label: 'Message centre', href: '/member/message-center' },
      { label: 'Feedback', href: '/member/feedback' },
      { label: 'Responsible gaming', href: '/responsible-gaming' },
    ],
  },

  'cooperrative-alliance': {
    title: 'Affiliate partnership',
    description: 'Join the Lucky Harbour affiliate programme: introduce new players and earn commission.',
    intro:
      'Do you run a community, a website or a social media channel, or simply know many people who enjoy games? Join the Lucky Harbour affiliate programme, introduce new players, and earn commission on the activity they bring.',
    sections: [
      {
        heading: 'How it works',
        list: [
          'Apply with the form on the affiliate partnership page and tell us briefly how you plan to promote Lucky Harbour; once approved, you receive the sign-in details of the partner portal.',
          'You receive your own referral code, and in the partner portal you make tracking links with campaign tags and see their clicks, registrations and first deposits.',
          'Players who register through your link, or who enter your code when they sign up, are linked to you.',
          'Commission is calculated for each settlement period from the activity of your players and paid to you after it has been checked.',
        ],
        ordered: true,
      },
      {
        heading: 'Why partner with us',
        list: [
          'A full range of games (slots, fishing, sports, live casino, lottery, cards and esports) to suit every audience.',
          'Automatic deposits that usually arrive within 5 minutes, and clear withdrawal rules, so your players have a smooth experience.',
          'Service in Traditional Chinese and English, 24 hours a day.',
          'A statement for every settlement period, showing how your commission was calculated.',
        ],
      },
      {
        heading: 'Commission',
        paragraphs: [
          'Commission depends on the number of active players you bring and their activity during the period. Our partnership team explains the current plan and the settlement schedule before you start, and the terms agreed with you in writing apply.',
        ],
      },
      {
        heading: 'Partner rules',
        list: [
          'Partners must be 18 or older.',
          'Promote Lucky Harbour honestly: never promise guaranteed winnings, and never target anyone under 18.',
          'No spam, no misleading advertising, and no use of our brand name in paid search advertising without our permission.',
          'Do not register accounts for yourself through your own link, or open several accounts to earn commission or bonuses.',
          'Follow the laws that apply where you and your audience live.',
        ],
        after: 'If these rules are broken, we may withhold commission and end the partnership.',
      },
      {
        heading: 'Recommend a friend (for players)',
        paragraphs: [
          'Not looking for a business partnership? Every member can invite friends through the Recommend a friend promotion and receive a reward when they join and play. The promotions hall shows the current terms.',
        ],
      },
    ],
    related: [
      { label: 'Contact us', href: '/contact-us' },
      { label: 'Promotions hall', href: '/preferential-activity/all-preferential' },
    ],
  },

  'declaration-clause': {
    title: 'Disclaimer',
    description: 'The terms under which Lucky Harbour provides its games and services.',
    intro:
      'Please read this disclaimer carefully. By registering an account or using any part of Lucky Harbour, you confirm that you have read, understood and accepted it, together with our terms of service and the rules of each promotion.',
    sections: [
      {
        heading: 'Who may play',
        list: [
          'You must be at least 18 years old, or older if the law where you live sets a higher age. We may ask for proof of age and identity at any time and close accounts that do not meet this requirement.',
          'You are responsible for making sure that online gaming is legal where you are. Lucky Harbour does not give legal advice and is not responsible for use of the site in breach of local law.',
          'Each person may hold one account. The information you give us must be true and complete, and the real name on your account must match the bank card you withdraw to.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'You are responsible for keeping your account name, password and verification codes secret, and for all activity under your account. Tell customer service at once if you suspect someone else has access. We are not liable for losses caused by a player sharing their own login details.',
        ],
      },
      {
        heading: 'Games and results',
        paragraphs: [
          'Games are supplied by third-party game providers, whose systems determine the results. If a game malfunctions, all bets and payouts affected by the malfunction are void. If what a game displayed differs from the provider’s records, the provider’s records apply. Odds, rules and payouts are those shown in the game at the time of the bet.',
        ],
      },
      {
        heading: 'Errors and interruptions',
        paragraphs: [
          'We work hard to keep the site available but cannot guarantee uninterrupted service. Maintenance, network failures and events beyond our control may cause delays or interruptions. Where an obvious error occurs, such as a wrong balance, wrong odds or a wrong credit, we may correct it, and any amount received because of the error will be reclaimed.',
        ],
      },
      {
        heading: 'Promotions',
        paragraphs: [
          'Each promotion has its own rules, including the bet target for bonus money held in activity wallets. If we find bonus abuse, such as multiple accounts, collusion, arbitrage betting or automated software, we may cancel the bonus and the winnings from it, and restrict or close the accounts involved.',
        ],
      },
      {
        heading: 'Payments and security checks',
        paragraphs: [
          'Deposits and withdrawals may be checked to protect players and to prevent fraud and money laundering. We may ask for further verification, and we may delay or refuse a transaction that cannot be verified.',
        ],
      },
      {
        heading: 'Third parties',
        paragraphs: [
          'The site contains games and services from third parties, such as game providers and payment services. We are not responsible for their content or for their services beyond what we have undertaken to provide.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: [
          'We may update this disclaimer, our terms and our promotion rules from time to time. The version published on the site applies from the moment it is published. If the wording differs between languages, the Traditional Chinese version prevails.',
        ],
      },
    ],
    related: [
      { label: 'Responsible gaming', href: '/responsible-gaming' },
      { label: 'Contact us', href: '/contact-us' },
    ],
  },

  'deposit-help': {
    title: 'Deposit help',
    description: 'Deposit methods at Lucky Harbour, how to deposit, and what to do if a deposit has not arrived.',
    intro:
      'Lucky Harbour offers several ways to add money to your account. Deposits are processed automatically, and in most cases the money is in your central wallet within 5 minutes.',
    sections: [
      {
        heading: 'Deposit methods',
        list: [
          'Bank transfer: transfer from your bank account or an ATM to the receiving account shown on the deposit page.',
          'Third-party payment: pay through a payment service on its own secure page, then return to the site.',
          'Convenience-store payment: get a payment code and pay in cash at a convenience store.',
          'Online banking: pay directly from your online banking.',
          'USDT: send USDT to the address shown, on the network stated on the deposit page.',
        ],
        after: 'The methods available to you and the minimum and maximum amounts for each are shown on the deposit page, and may change from time to time.',
      },
      {
        heading: 'How to deposit',
        list: [
          'Log in and click Deposit in the top bar (on a phone: Wallet, then Deposit).',
          'Choose a method and enter the amount.',
          'Follow the instructions for that method: pay on the payment page, or transfer to the account or address shown.',
          'Keep your receipt or transaction reference until the money has arrived.',
          'The money is credited to your central wallet, and your balance updates when it arrives.',
        ],
        ordered: true,
      },
      {
        heading: 'Tips for a smooth deposit',
        list: [
          'Start every deposit on the deposit page. Receiving accounts and addresses can change, so never reuse details from an old order or from anyone else.',
          'Pay exactly the amount of the order so that it can be matched automatically.',
          'For USDT, check the network carefully: coins sent on the wrong network may be lost.',
          'Pay before the order expires; if it has expired, create a new one.',
          'Pay from an account in your own name.',
        ],
      },
      {
        heading: 'Deposit not arrived?',
        paragraphs: [
          'If the money has not appeared after 5 minutes, check the status of the order in your transaction record, which lists your deposits for the last 30 days. If it is still pending, contact our 24/7 online customer service with the order number, the amount, the time and a screenshot of your receipt. Please do not pay the same order twice.',
        ],
      },
      {
        heading: 'Deposits and promotions',
        paragraphs: [
          'Several promotions are linked to deposits: the first-deposit, daily first-deposit, single-deposit and accumulated-deposit bonuses. Read the rules in the promotions hall before you deposit, to see whether you need to apply first. Remember too that before you can withdraw, your valid bets must reach 1x your recent deposit total.',
        ],
      },
    ],
    related: [
      { label: 'Deposit now', href: '/member/deposit' },
      { label: 'Transaction record', href: '/member/trans-record' },
      { label: 'Withdrawal help', href: '/withdrawls-help' },
    ],
  },

  'withdrawls-help': {
    title: 'Withdrawal help',
    description: 'What you need before withdrawing, the withdrawal rules and fees, and how to follow a request.',
    intro:
      'Withdrawing your winnings is simple once your account is set up. This page explains what you need before your first withdrawal, the rules and fees, and how to follow a request.',
    sections: [
      {
        heading: 'Before your first withdrawal',
        list: [
          'Real-name verification: the real name on your account must be filled in and verified.',
          'Bank card: bind a bank card in your own name in the member centre. Withdrawals are paid only to cards in the account holder’s name.',
        ],
        after: 'For your safety, a bound bank card can only be changed through customer service.',
      },
      {
        heading: 'Withdrawal rules',
        list: [
          'Minimum amount: 500 per withdrawal.',
          'Your first withdrawal each day is free.',
          'The second and third withdrawals of the day cost a fee of 100 each.',
          'At most 3 withdrawals a day; how many are available to you depends on your member level.',
          'Bet requirement: your valid bets must reach 1x (one times) your recent deposit total.',
          'Only the central wallet can be withdrawn. Bring money back from game platforms with Recover all, and complete the bet target of any activity wallet first.',
        ],
      },
      {
        heading: 'An example',
        paragraphs: [
          'You deposit 3,000 and place 3,000 in valid bets. Your bets have now reached 1x your deposits, so you can withdraw. You win and your central wallet holds 5,200. Your first withdrawal of the day, 5,000, is free. If you withdraw again on the same day, that second withdrawal costs a fee of 100.',
        ],
      },
      {
        heading: 'How to withdraw',
        list: [
          'Click Withdrawal in the top bar (on a phone: Wallet, then Withdraw).',
          'Make sure your money is in the central wallet; use Recover all if needed.',
          'Choose your bank card and enter the amount.',
          'Submit the request and follow its status in the transaction record under Withdrawal.',
        ],
        ordered: true,
      },
      {
        heading: 'Processing',
        paragraphs: [
          'Our finance team checks each request and then pays it to your bank card. How long the money takes to reach your account also depends on your bank; a payment made outside banking hours may only appear on the next banking day.',
        ],
      },
      {
        heading: 'If a request is rejected',
        paragraphs: [
          'The most common reasons are that the bet requirement has not been met, the name on the bank card does not match your real name, a bonus bet target is incomplete, or a security check is needed. The amount returns to your central wallet, and the reason is shown in the record or sent to your message centre. Contact customer service if anything is unclear.',
        ],
      },
    ],
    related: [
      { label: 'Withdraw now', href: '/member/withdrawals' },
      { label: 'Withdrawal record', href: '/member/trans-record?category=withdraw' },
      { label: 'Wallet help', href: '/walllet-help' },
    ],
  },

  'walllet-help': {
    title: 'Wallet help',
    description: 'The central wallet, activity wallets and game platform wallets at Lucky Harbour, and how to move money between them.',
    intro:
      'Your Lucky Harbour account has more than one wallet. Knowing what each one is for makes it easy to put your money where you need it and to withdraw without surprises.',
    sections: [
      {
        heading: 'The central wallet',
        paragraphs: [
          'The central wallet is your main balance. Deposits arrive here, withdrawals are paid from here, and it is the balance you see in the top bar. Money in the central wallet can be moved to any game platform.',
        ],
      },
      {
        heading: 'Activity wallets',
        paragraphs: [
          'Bonus money from a promotion goes into an activity wallet for that promotion. Each activity wallet has a bet target. You can play with the money, but it cannot be moved to the central wallet or withdrawn until the target is complete. My wallet and My promotions show your progress.',
        ],
      },
      {
        heading: 'Game platform wallets',
        paragraphs: [
          'Each game platform, such as a slots provider or a live casino, keeps its own wallet. To play, your points must be in that platform’s wallet, and your winnings stay there until you move them back.',
        ],
      },
      {
        heading: 'Transferring money',
        list: [
          'Open Transfer in the top bar or in the member centre.',
          'Choose where to move money from and where to (the central wallet, an activity wallet or a game platform).',
          'Enter the amount, or use Fill all to move the whole balance.',
          'Confirm. Both balances update when the transfer is complete.',
        ],
        ordered: true,
      },
      {
        heading: 'Recover all',
        paragraphs: [
          'Recover all brings the balances of every game platform back to your central wallet in one click. Use it before you withdraw, or whenever you want to see all your money in one place.',
        ],
      },
      {
        heading: 'Automatic transfer',
        paragraphs: [
          'Turn on automatic transfer in the member centre and you no longer need to move money by hand: when you open a game, your central wallet balance is moved to that platform for you. You can still use Recover all at any time.',
        ],
      },
      {
        heading: 'If a transfer is slow',
        paragraphs: [
          'Now and then a game platform is slow to answer. A transfer that has not been confirmed yet shows as processing; please do not repeat it. We check with the platform automatically and either complete the transfer or return the money to your wallet. The transfer record lists your transfers for the last 30 days. If one stays in processing, contact customer service with its time and amount.',
        ],
      },
    ],
    related: [
      { label: 'My wallet', href: '/member/wallet' },
      { label: 'Transfer', href: '/member/transfer' },
      { label: 'Automatic transfer', href: '/member/automatic-gold-collection' },
    ],
  },

  'vip-help': {
    title: 'VIP help',
    description: 'The Lucky Harbour VIP programme: member levels 0 to 10, how to move up, and the privileges.',
    intro:
      'The Lucky Harbour VIP programme rewards loyal members. There are 11 member levels, from level 0 for new members up to level 10, and every step up brings better privileges.',
    sections: [
      {
        heading: 'How levels work',
        paragraphs: [
          'Every member starts at level 0. Your level rises when your accumulated deposits and valid bets meet the requirements of the next level, and upgrades happen automatically. The requirements of every level, and the privileges each one brings, are listed on the VIP privileges page in the member centre. Your current level and its badge are shown in the member centre.',
        ],
      },
      {
        heading: 'Privileges',
        paragraphs: ['Depending on the level, privileges can include:'],
        list: [
          'More withdrawals per day: up to 3 withdrawals a day at the higher levels.',
          'A level-up bonus each time you reach a new level.',
          'Exclusive promotions and higher rewards in some offers.',
          'Priority handling by customer service.',
        ],
      },
      {
        heading: 'Checking your progress',
        paragraphs: [
          'Open VIP privileges in the member centre to see your level and what you still need for the next one. Open any level to read its full conditions and privileges.',
        ],
      },
      {
        heading: 'Tips for moving up',
        list: [
          'Only valid bets count towards your level: cancelled and void bets, draws, and bets covering both sides of the same event do not.',
          'Deposits and valid bets in every game group count, from slots to esports, unless a level’s conditions say otherwise.',
          'Keep your personal information and bank card up to date, so that level-up bonuses and withdrawals reach you without delay.',
          'Your level name may be shown next to your account name in the top bar, so you can see it at a glance.',
        ],
      },
      {
        heading: 'Frequently asked questions',
        list: [
          'Do I need to apply for a higher level? No. Upgrades happen automatically once you meet the conditions.',
          'Can I withdraw a level-up bonus? Level-up bonuses are paid like other rewards and may carry a bet target, which is shown with the bonus.',
          'Can my level go down? Levels may be reviewed, for example after a long period of inactivity or if a level was reached through bonus abuse. The rules on the VIP privileges page apply.',
          'Why can I only withdraw once a day? The number of daily withdrawals depends on your level, up to a maximum of 3.',
        ],
      },
    ],
    related: [
      { label: 'VIP privileges', href: '/member/vip-privilege' },
      { label: 'Withdrawal help', href: '/withdrawls-help' },
    ],
  },

  'task-help': {
    title: 'Task help',
    description: 'The tasks and promotions at Lucky Harbour, how to take part, and how bonus money and bet targets work.',
    intro:
      'Tasks and promotions reward you for things you already do at Lucky Harbour: depositing, playing and inviting friends. This page explains the kinds of tasks, how to take part, and how bonus money works.',
    sections: [
      {
        heading: 'Where to find them',
        paragraphs: [
          'Open the promotions hall from the main menu to see every current offer, sorted by category. My promotions in the member centre shows the offers you have joined and your progress. An offer is shown only while it is running.',
        ],
      },
      {
        heading: 'Kinds of tasks',
        list: [
          'First deposit: a bonus on your very first deposit.',
          'Daily first deposit: a bonus on your first deposit of each day.',
          'Accumulated deposit: rewards when your total deposits during the offer reach set levels.',
          'Single deposit: a reward when one deposit reaches a set amount.',
          'Register bonus: a welcome reward for new members.',
          'Valid bet bonus: rewards for reaching valid bet targets.',
          'Red packet: during the activity, red packets rain down the screen; catch one to claim a random reward.',
          'Rescue money: some support back after a period of losses, as the offer describes.',
          'Recommend a friend: a reward when friends you invite register and play.',
          'Gift giving: gifts and points you can redeem in the points mall.',
        ],
      },
      {
        heading: 'How to take part',
        list: [
          'Read the offer: its period, who can join, the reward and its bet target.',
          'Apply or claim as the offer describes. Some offers are applied for on the offer page; others are credited automatically when you meet the conditions.',
          'Complete the conditions before the offer ends.',
          'Follow your progress in My promotions.',
        ],
        ordered: true,
      },
      {
        heading: 'Bonus money and bet targets',
        paragraphs: [
          'Rewards are usually paid into an activity wallet rather than the central wallet. Each activity wallet has a bet target: the amount of valid bets you need to place with that money. Until the target is complete you can play with the money but not withdraw it; once it is complete, the balance can be moved to your central wallet and withdrawn.',
        ],
      },
      {
        heading: 'What counts as a valid bet',
        paragraphs: [
          'Valid bets are settled bets that win or lose. Cancelled and void bets, draws, and bets that cover both sides of the same event do not count. Some offers also exclude certain games; the offer rules say which.',
        ],
      },
      {
        heading: 'Fair play',
        paragraphs: [
          'Unless an offer says otherwise, each offer is limited to one per person, household, device and payment account. If we find abuse, we may cancel the rewards and the winnings from them.',
        ],
      },
    ],
    related: [
      { label: 'Promotions hall', href: '/preferential-activity/all-preferential' },
      { label: 'My promotions', href: '/member/promotions' },
      { label: 'Wallet help', href: '/walllet-help' },
    ],
  },

  'responsible-gaming': {
    title: 'Responsible gaming',
    description: 'Lucky Harbour is for players 18 and over. Tips to stay in control, protecting minors, and three-month self-exclusion.',
    intro:
      'At Lucky Harbour we want gaming to stay what it should be: entertainment. Most players play within their means, but for some people gaming can become a problem. This page explains how we protect players and what you can do to stay in control.',
    sections: [
      {
        heading: 'Adults only: 18+',
        paragraphs: [
          'You must be 18 or older to open an account and play at Lucky Harbour. Every player confirms their age when registering, and we may ask for proof of age at any time. Accounts found to belong to anyone under 18 are closed.',
        ],
      },
      {
        heading: 'Protecting minors',
        paragraphs: ['If children or teenagers use your computer, phone or tablet, please help us keep them away from gaming sites:'],
        list: [
          'Do not stay logged in on a shared device, and do not let the browser save your password.',
          'Use the parental controls built into phones and tablets (screen time and content restriction settings) to block gambling content and limit app installs.',
          'Turn on the family safety or parental control settings of your computer’s operating system, and give children their own user accounts.',
          'Use a content filter on your home router or from your internet provider, or a parental-control app, to block gambling sites on every device.',
          'Turn on safe search and content filtering in browsers and search engines.',
        ],
      },
      {
        heading: 'Play within your limits',
        list: [
          'Decide beforehand how much money and time you will spend, and stop when you reach either limit.',
          'Only play with money you can afford to lose, never with money meant for rent, bills or food.',
          'See losses as the cost of your entertainment, and never try to win them back.',
          'Never borrow money to play.',
          'Take regular breaks, and do not play when you are upset, tired or have been drinking.',
          'Keep a balance between gaming and your work, family, friends and other interests.',
        ],
      },
      {
        heading: 'Warning signs',
        paragraphs: ['Ask yourself honestly:'],
        list: [
          'Do you spend more time or money on gaming than you meant to?',
          'Do you play to win back what you have lost?',
          'Have you borrowed money or sold things in order to play?',
          'Do you hide your gaming from family or friends?',
          'Is gaming affecting your work, studies, sleep or relationships?',
          'Do you feel restless or irritable when you try to cut down?',
        ],
        after: 'If you answered yes to any of these, it may be time to take a break.',
      },
      {
        heading: 'Your own limits, time-outs and self-exclusion',
        paragraphs: [
          'In the member centre under Responsible gaming (on a phone: Mine, then Responsible gaming) you can set daily, weekly and monthly deposit, loss and wager limits, a session limit and a reality check that reminds you how long you have played. A lower limit applies at once; a higher limit or a removal waits 24 hours and then needs your confirmation.',
          'You can also take a time-out of 24 hours, 7 days, 30 days or 6 weeks, or exclude yourself for three months, 6 months, 1 year, 5 years or permanently, online and without asking anyone, or through our 24/7 customer service. It starts at once and cannot be shortened: your game-platform wallets are returned to your central wallet, other devices are signed out and you cannot deposit or play. You can still sign in to see your balance, withdraw and read messages from customer service.',
        ],
      },
      {
        heading: 'Getting help',
        paragraphs: [
          'If gaming is causing problems for you or someone close to you, talk to people you trust and consider professional counselling for problem gambling. Your doctor or local health services can point you to help where you live. You do not have to deal with it alone.',
        ],
      },
    ],
    related: [
      { label: 'Contact customer service', href: '/contact-us' },
      { label: 'Disclaimer', href: '/declaration-clause' },
      { label: 'Set your limits', href: '/member/protection' },
    ],
  },
};
