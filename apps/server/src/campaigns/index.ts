/** The campaigns domain's face (issue 47): invitations with deadlines and reminders, the funnel, candidate satisfaction. */
export { default as campaignRoutes } from './routes';
export { default as adminCampaignRoutes } from './admin-routes';
export { default as campaignSweepTestHookRoutes } from './test-hook-routes';
export { registerCampaignJobs, scheduleCampaignSweep } from './jobs';
export { expireDue, sendDueReminders, type CampaignEmailJob } from './sweep';
export { default as adminFunnelRoutes } from './funnel-routes';
export { default as candidateFunnelRoutes } from './satisfaction-routes';
export { recordAbandonedInterview } from './technical-failures';
export { inviteOne } from './invite-one';
