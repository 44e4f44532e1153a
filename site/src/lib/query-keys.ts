/**
 * The key prefix of each customer-side resource, and the only place such a query key is spelled
 * (the back office's are `adminKeys` in queries-admin.ts). The factories in queries*.ts build their
 * keys on these; invalidate through them: `keys.events` refreshes every events query (any filter,
 * page or id), `queries.x().queryKey` exactly one. A source-scan test (queries.test.ts) fails if a
 * hand-written key array appears anywhere else in site/src.
 *
 * The factories are split by area (customer, betting, account, fantasy, admin) so that each island
 * loads only its own: one module for all of them put the back office's factories on every page.
 */
export const keys = {
  currentUser: ["/api/current-user"],
  balance: ["/api/customer/balance"],
  myDebt: ["/api/me/debt"],
  liveOdds: ["/api/live-odds"],
  events: ["/api/events"],
  myBets: ["/api/bets"],
  fantasySports: ["/api/fantasy/sports"],
  fantasyLeagues: ["/api/fantasy/leagues"],
  fantasyContests: ["/api/fantasy/contests"],
  fantasyPlayers: ["/api/fantasy/players"],
  myFantasyEntries: ["/api/fantasy/my/entries"],
  account: ["/api/account"],
  follows: ["/api/account/follows"],
  rewards: ["/api/account/rewards"],
  responsible: ["/api/responsible"],
  paymentMethods: ["/api/wallet/methods"],
  transactions: ["/api/wallet/transactions"],
  myPayments: ["/api/wallet/payments"],
  withdrawAccess: ["/api/wallet/withdraw-access"],
  nextToGo: ["/api/racing/next-to-go"],
  boosts: ["/api/betting/boosts"],
  activity: ["/api/betting/activity"],
  sameGameMultis: ["/api/betting/same-game-multis"],
  sgmQuote: ["/api/betting/same-game-multis/quote"],
} as const;

