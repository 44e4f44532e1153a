/**
 * The fraud rules' thresholds, in one place (documented; tests pin them). Re-exported by
 * domain/fraud/rules.ts.
 */
export const FRAUD_THRESHOLDS = {
  /** Activity younger than this is examined for new alerts on every scan. */
  scanWindowMs: 7 * 86_400_000,
  /** History the rules may look back over (medians, deposits before a withdrawal). */
  lookbackMs: 90 * 86_400_000,

  /**
   * Rapid repeated bets: at least this many bet slips by one customer ... A slip is the bets placed
   * together: each bet placed within rapidSlipMs of the first bet of the current slip belongs to it,
   * so five singles sent from one slip are one action, not five.
   */
  rapidMinBets: 5,
  rapidSlipMs: 1_500,
  /** ... within this many milliseconds of each other. */
  rapidWindowMs: 60_000,
  /** A burst of this many slips is high severity (otherwise medium). */
  rapidHighBets: 10,

  /** Stake far above history: a stake more than this multiple of the customer's median stake ... */
  spikeMultiple: 5,
  /** ... once they have at least this many earlier bets ... */
  spikeMinPriorBets: 5,
  /**
   * ... and the stake is at least this much (cents): an absolute floor, so five 1.00 stakes then a
   * 6.00 one (6x) is not a spike; five 10.00 stakes then 60.00 is.
   */
  spikeMinStake: 5_000,
  /** Ratios for high and critical severity. */
  spikeHighMultiple: 10,
  spikeCriticalMultiple: 20,

  /** Deposit then withdrawal with little play: a withdrawal of at least this share of ... */
  withdrawalShareOfDeposits: 0.8,
  /** ... the deposits made in the preceding window ... */
  depositWindowMs: 24 * 3_600_000,
  /** ... while the stakes placed since the first of those deposits are below this share of them. */
  littlePlayShareOfDeposits: 0.2,

  /**
   * Several accounts from one address: at least this many customers who signed in from one address ...
   * An address in a known shared range (carrier-grade NAT, mobile carriers: rules/address-ranges.ts)
   * is shared by strangers, so there the address alone raises nothing: only accounts with another
   * signal (an alert of another rule, or a finding of this scan) count, and at least
   * sharedRangeMinCorroborated of them must share it.
   */
  sharedAddressMinAccounts: 3,
  sharedRangeMinCorroborated: 2,
  /** ... within this window. Five or more accounts is high severity. */
  sharedAddressWindowMs: 7 * 86_400_000,
  sharedAddressHighAccounts: 5,

  /** Bonus claimed then withdrawn: a withdrawal within this long after a bonus ... */
  bonusWithdrawalWindowMs: 72 * 3_600_000,
  /** ... with stakes since the bonus below this multiple of the bonus (the wagering it should see). */
  bonusWageringMultiple: 5,

  /**
   * Large first bet after the first deposit (rules/large-first-bet.ts): the account's first bet,
   * placed within this long after its first deposit ...
   */
  largeFirstBetWindowMs: 24 * 3_600_000,
  /** ... of at least this much (cents): an absolute floor, 1,000.00 ... */
  largeFirstBetMinStake: 100_000,
  /** ... and at least this share of that deposit (a 1,000.00 bet after a 100,000.00 deposit is not it). */
  largeFirstBetShareOfDeposit: 0.25,
  /** A first bet of at least this much (cents), 10,000.00, is high severity (otherwise medium). */
  largeFirstBetHighStake: 1_000_000,

  /** Customer win rate that counts as a risk factor (the product spec's alert level, 65%) ... */
  winRateAlert: 0.65,
  /** ... over at least this many settled bets. */
  winRateMinSettled: 10,
  /** A stake at or above this (cents) adds to a bet's monitoring score. */
  largeStake: 100_000,
  /** A deposit at or above this (cents) adds to a deposit's monitoring score. */
  largeDeposit: 500_000,
  /** Accounts younger than this add to their payments' and bets' monitoring scores. */
  newAccountMs: 7 * 86_400_000,
} as const;
