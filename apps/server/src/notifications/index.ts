/** The notifications domain's face: the only file of notifications/ that other folders import. */
export { interviewReceived, registerNotifications } from './notifications';
