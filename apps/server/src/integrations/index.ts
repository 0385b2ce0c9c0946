/** The integrations domain's face (issue 47): webhooks and the applicant-tracking adapter. */
export { default as adminWebhooksRoutes } from './routes';
export { registerWebhooks } from './webhooks';
export { isPrivateAddress } from './ssrf';
export { signatureHeader } from './send';
export { default as greenhouseRoutes } from './greenhouse';
