import type { AuthReply, MessageReply } from '@app/shared';
import { apiRequest } from '../lib/api-client';
import { downloadWithToken } from '../lib/download';

export const requestPasswordReset = (email: string) =>
  apiRequest<MessageReply>('/auth/password-reset', { body: { email }, auth: false });

export const confirmPasswordReset = (token: string, password: string) =>
  apiRequest<AuthReply>('/auth/password-reset/confirm', { body: { token, password }, auth: false });

export const changePassword = (current_password: string, new_password: string) =>
  apiRequest<void>('/auth/change-password', { body: { current_password, new_password } });

export const deleteAccount = (password: string) =>
  apiRequest<void>('/account', { method: 'DELETE', body: { password } });

export const getPrivacyNotice = () => apiRequest<{ text: string }>('/privacy', { auth: false });

/** Fetches the export with the bearer token and hands it to the browser as a file download. */
export const downloadMyData = (): Promise<void> => downloadWithToken('/account/export', 'my-data.json');
