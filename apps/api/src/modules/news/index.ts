// What other modules may use of news (docs/decisions/034-modules-by-domain.md).
export { galleriesOf } from './gallery';
export { newsReads } from './reads';
