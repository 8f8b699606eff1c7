// What other modules may use of events (docs/decisions/034-modules-by-domain.md).

export { type EventsJobResult, runEventsJob } from './jobs';
export { eventReads } from './reads';
export { speakersOfEvent } from './service';
