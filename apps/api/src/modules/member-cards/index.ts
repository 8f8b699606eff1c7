// What other modules may use of the membership cards (docs/decisions/034-modules-by-domain.md).
export { cardReads, verifyRateLimit } from './routes';
export { verifyCard } from './service';
