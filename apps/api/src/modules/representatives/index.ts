// What other modules may use of representatives (docs/decisions/034-modules-by-domain.md).
export { applyRepresentativeList, listRepresentatives } from './service';
