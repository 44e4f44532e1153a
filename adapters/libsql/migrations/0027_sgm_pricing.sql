-- Same game multis (issue 18 item 2): the price of every subset of the legs at placement (JSON,
-- keyed by the sorted leg ids joined by "|"), so a void leg's remaining legs are re-priced from the
-- model as it stood when the bet was placed (domain/pricing/sgm.ts subsetPrices).
ALTER TABLE `bets` ADD `sgm_prices` text;
