/** The integrations domain's face (issue 47): webhooks and the applicant-tracking adapter. */
export {};
