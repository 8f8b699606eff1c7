import type { CheckInList, CheckInRequest } from '@portal/shared';
import { createStore, del, get, set } from 'idb-keyval';

/**
 * What the check-in page keeps in the phone's IndexedDB (docs/decisions/053): the event's
 * attendee list as last downloaded, and the check-ins made while the server could not be reached,
 * each with its scan time, until they are sent. Kept per event, so one phone can serve two events.
 */

/** A check-in waiting to be sent: the request as it will be posted, with a local id. */
export type QueuedCheckIn = CheckInRequest & { id: string; scanned_at: string; name: string };

const store = () => createStore('portal-check-in', 'check-in');
const listKey = (eventId: string) => `list:${eventId}`;
const queueKey = (eventId: string) => `queue:${eventId}`;

export const loadList = (eventId: string) => get<CheckInList>(listKey(eventId), store());
export const saveList = (eventId: string, list: CheckInList) => set(listKey(eventId), list, store());

export async function loadQueue(eventId: string): Promise<QueuedCheckIn[]> {
  return (await get<QueuedCheckIn[]>(queueKey(eventId), store())) ?? [];
}

export async function saveQueue(eventId: string, queue: QueuedCheckIn[]) {
  if (queue.length === 0) await del(queueKey(eventId), store());
  else await set(queueKey(eventId), queue, store());
}
