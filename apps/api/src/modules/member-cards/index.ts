// What other modules may use of the membership cards (docs/decisions/034-modules-by-domain.md).

// The member's card as its PNG, for their data export (modules/privacy/export.ts).
export { renderCardPng } from './card-images';
export { cardReads, verifyRateLimit } from './routes';
export { readOwnCard, verifyCard } from './service';
export { cardKeyOf } from './tokens';
