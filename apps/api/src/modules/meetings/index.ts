// What other modules may use of meetings (docs/decisions/034-modules-by-domain.md).

export { meetingAfterRoutes } from './after-routes';
export { sendGisReminders } from './after-service';
export { meetingRoutes } from './routes';
export { sendMeetingReminders } from './service';
