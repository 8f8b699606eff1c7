// What other modules may use of events (docs/decisions/034-modules-by-domain.md).

export { eventReads } from './reads';
export { speakersOfEvent } from './service';
