import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Invitation,
  InvitationsCreate,
  InvitationsCreateReply,
  InvitationView,
  MyInvitation,
  ShortlistEntry,
} from '@app/shared';
import { apiRequest } from '../../lib/api-client';

export const campaignKeys = {
  list: (jobId: string) => ['admin', 'invitations', jobId] as const,
  view: (token: string) => ['invitation', token] as const,
  mine: ['invitations', 'mine'] as const,
};

/** GET /api/admin/jobs/{id}/invitations */
export const useInvitations = (jobId: string) =>
  useQuery({
    queryKey: campaignKeys.list(jobId),
    queryFn: () => apiRequest<Invitation[]>(`/admin/jobs/${jobId}/invitations`),
  });

/** The job's shortlist people not yet invited, as lines for the paste box ("Name, email"). */
export const useShortlistLines = (jobId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'talent', 'shortlist', jobId, 'lines'],
    queryFn: async () =>
      (await apiRequest<ShortlistEntry[]>(`/admin/jobs/${jobId}/shortlist`))
        .filter((e) => !e.invited_at)
        .map((e) => (e.name ? `${e.name.replace(/[,;\t]/g, ' ')}, ${e.email}` : e.email))
        .join('\n'),
    enabled,
  });

/** The CSV form's settings travel as query parameters beside the file. */
export type CsvSettings = {
  deadline?: string;
  name?: string;
  after_invite_hours?: string;
  before_deadline_hours?: string;
};

/** POST /api/admin/jobs/{id}/invitations, as JSON (a pasted list) or as the CSV file itself. */
export function useCreateInvitations(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { json: InvitationsCreate } | { csv: Blob; settings: CsvSettings }) => {
      const path = `/admin/jobs/${jobId}/invitations`;
      if ('json' in input) return apiRequest<InvitationsCreateReply>(path, { method: 'POST', body: input.json });
      const query = new URLSearchParams(
        Object.entries(input.settings).filter((e): e is [string, string] => Boolean(e[1])),
      ).toString();
      // Whatever type the browser gave the file (Windows says application/vnd.ms-excel), it is sent as CSV.
      const body = new Blob([input.csv], { type: 'text/csv' });
      return apiRequest<InvitationsCreateReply>(`${path}${query ? `?${query}` : ''}`, { method: 'POST', body });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.list(jobId) }),
  });
}

/** POST /api/admin/jobs/{id}/invitations/{invitationId}/extension */
export function useGrantExtension(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, deadline }: { invitationId: string; deadline: string }) =>
      apiRequest<Invitation>(`/admin/jobs/${jobId}/invitations/${invitationId}/extension`, {
        method: 'POST',
        body: { deadline },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.list(jobId) }),
  });
}

/** GET /api/invitations/{token}: no session needed; opening it is recorded. */
export const useInvitationView = (token: string) =>
  useQuery({
    queryKey: campaignKeys.view(token),
    queryFn: () => apiRequest<InvitationView>(`/invitations/${encodeURIComponent(token)}`, { auth: false }),
    enabled: Boolean(token),
  });

const tokenPost = <T>(token: string, action: string, auth = false) =>
  apiRequest<T>(`/invitations/${encodeURIComponent(token)}/${action}`, { method: 'POST', auth });

export function useInvitationActions(token: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: campaignKeys.view(token) });
  return {
    accept: useMutation({ mutationFn: () => tokenPost<InvitationView>(token, 'accept', true) }),
    moreTime: useMutation({ mutationFn: () => tokenPost<InvitationView>(token, 'more-time'), onSuccess: refresh }),
    unsubscribe: useMutation({ mutationFn: () => tokenPost<void>(token, 'unsubscribe') }),
  };
}

/** GET /api/invitations/mine and POST /api/invitations/mine/{id}/more-time (Your Jobs). */
export const useMyInvitations = () =>
  useQuery({ queryKey: campaignKeys.mine, queryFn: () => apiRequest<MyInvitation[]>('/invitations/mine') });
export function useAskMoreTime() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MyInvitation>(`/invitations/mine/${id}/more-time`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.mine }),
  });
}
